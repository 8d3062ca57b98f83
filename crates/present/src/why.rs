//! "Why can't I ...?": the familiar actions of this moment that are not on
//! offer, each with the engine's own refusal and the rule it cites.

use b5_engine::{Action, CardId, CardType, Game, PlayerId, Target, Violation, Zone};

/// Familiar actions that are not legal now for one reason, and that reason.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WhyNot {
    /// The actions in words, "; " between them ("build influence (rotating
    /// X); build influence (rotating Y)").
    pub action: String,
    /// Each action refused for this reason, in words.
    pub actions: Vec<String>,
    /// The engine's message.
    pub reason: String,
    /// The rule it cites.
    pub rule: String,
}

/// The familiar actions `p` might look for that the rules refuse now:
/// building influence, sponsoring, promoting, playing events, healing and
/// using cards' actions, tried with each of the player's own ready Inner
/// Circle characters and cards in hand. Each distinct refusal is given
/// once, with every action it refuses (three agendas refused for one
/// reason are all named). Only the player's own cards are tried, so the
/// answers reveal nothing hidden.
pub fn why(game: &Game, p: PlayerId) -> Vec<WhyNot> {
    let legal = game.legal_actions(p);
    let mine = |z: Zone| -> Vec<CardId> {
        (0..game.card_count() as u16)
            .map(CardId)
            .filter(|&c| {
                let i = game.card(c);
                i.zone == z && (i.controller == p || (z == Zone::Hand && i.owner == p))
            })
            .collect()
    };
    let circle = mine(Zone::InnerCircle);
    let hand = mine(Zone::Hand);
    let supporting = mine(Zone::Supporting);
    let by = circle.first().copied();
    let mut tries: Vec<Action> = Vec::new();
    for &c in &circle {
        tries.push(Action::Build { by: c });
    }
    if let Some(by) = by {
        for &c in &hand {
            let t = game.db().get(game.card(c).def).card_type;
            match t {
                CardType::Event => tries.push(Action::Play {
                    card: c,
                    target: first_target(game, p, c, |target| Action::Play {
                        card: c,
                        target,
                        pay: CardId::NONE,
                    }),
                    pay: CardId::NONE,
                }),
                CardType::Agenda => tries.push(Action::SponsorAgenda {
                    card: c,
                    by,
                    pay: CardId::NONE,
                }),
                CardType::Character | CardType::Group | CardType::Fleet | CardType::Location => {
                    tries.push(Action::Sponsor {
                        card: c,
                        by,
                        target: Target::None,
                        pay: CardId::NONE,
                    })
                }
                _ => {}
            }
        }
        for &c in &supporting {
            if game.db().get(game.card(c).def).card_type == CardType::Character {
                tries.push(Action::Promote { card: c, by });
            }
        }
    }
    for &c in circle.iter().chain(&supporting) {
        if game.card(c).neutralized() {
            tries.push(Action::Heal {
                card: c,
                ambassadorial: false,
            });
        }
        if !game.db().get(game.card(c).def).actions.is_empty() {
            let use_on = |target| Action::UseCard {
                card: c,
                index: 0,
                target,
                pay: CardId::NONE,
            };
            tries.push(use_on(first_target(game, p, c, use_on)));
        }
    }
    let mut out: Vec<WhyNot> = Vec::new();
    for a in tries {
        // An action with a target may be legal with another target.
        if legal.iter().any(|l| same_kind(l, &a)) {
            continue;
        }
        if let Err(e) = game.check_action(p, &a) {
            let words = game.describe_action(&a);
            match out.iter_mut().find(|w| w.reason == e.message) {
                Some(w) if w.actions.contains(&words) => {}
                Some(w) => {
                    w.action = format!("{}; {words}", w.action);
                    w.actions.push(words);
                }
                None => out.push(WhyNot {
                    action: words.clone(),
                    actions: vec![words],
                    reason: e.message,
                    rule: e.rule.to_string(),
                }),
            }
        }
    }
    out
}

/// The first target to try a card with: none, or for a card with two
/// targets, a first target for which the engine's refusal is that no
/// second target exists (Legal Targets), so the answer names the real
/// reason. Only cards in play that `p` sees and players are tried.
fn first_target(game: &Game, p: PlayerId, card: CardId, act: impl Fn(Target) -> Action) -> Target {
    let def = game.db().get(game.card(card).def);
    let two = def.second.is_some() || def.actions.first().is_some_and(|a| a.second.is_some());
    if !two {
        return Target::None;
    }
    let cards = (0..game.card_count() as u16)
        .map(CardId)
        .filter(|&x| game.card(x).zone.in_play() && game.visible_to(x, p))
        .map(Target::Card);
    let players = (0..game.num_players() as PlayerId).map(Target::Player);
    cards
        .chain(players)
        .find(|&t| {
            matches!(
                game.check_action(p, &act(t)),
                Err(e) if e.violation == Violation::NoSecondTarget(card)
            )
        })
        .unwrap_or(Target::None)
}

/// The same verb on the same card (targets and the rotating character
/// aside).
fn same_kind(a: &Action, b: &Action) -> bool {
    a.verb() == b.verb()
        && match (a, b) {
            (Action::Build { .. }, Action::Build { .. }) => true,
            _ => a.card() == b.card(),
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word of an identifier: letters joined by `_` (`sponsor_agenda`).
    fn snake_case(s: &str) -> bool {
        let b = s.as_bytes();
        s.contains('`')
            || (1..b.len().saturating_sub(1)).any(|i| {
                b[i] == b'_' && b[i - 1].is_ascii_alphabetic() && b[i + 1].is_ascii_alphabetic()
            })
    }

    #[test]
    fn answers_are_in_words_and_name_every_action_refused() {
        let db = std::sync::Arc::new(b5_cards::open_set::database().expect("the open set"));
        let (mut answers, mut grouped) = (0, 0);
        for seed in 0..4u64 {
            let mut g = b5_cards::open_set::table_game(&db, seed as usize, 3, 8, seed)
                .expect("the open set builds a game");
            for step in 0..600usize {
                if g.is_over() {
                    break;
                }
                let Some(&p) = g.pending().first() else { break };
                if step % 3 == 0 {
                    for q in 0..g.num_players() as PlayerId {
                        let ws = why(&g, q);
                        for (i, w) in ws.iter().enumerate() {
                            answers += 1;
                            for text in [&w.action, &w.reason, &w.rule] {
                                assert!(!snake_case(text), "an identifier in {w:?}");
                            }
                            assert!(!w.actions.is_empty(), "{w:?}");
                            assert_eq!(w.action, w.actions.join("; "));
                            if w.actions.len() > 1 {
                                grouped += 1;
                            }
                            assert!(
                                ws[..i].iter().all(|x| x.reason != w.reason),
                                "one reason twice: {ws:?}"
                            );
                        }
                    }
                }
                let legal = g.legal_actions(p);
                let a = legal[(step * 5 + seed as usize) % legal.len()];
                g.apply(p, a).expect("a legal action");
            }
        }
        assert!(answers > 0, "no refusal explained");
        assert!(grouped > 0, "no reason refused two actions");
    }

    #[test]
    fn every_kind_of_action_has_words() {
        use b5_engine::ConflictId;
        let g = b5_cards::open_set::table_game(
            &std::sync::Arc::new(b5_cards::open_set::database().expect("the open set")),
            0,
            2,
            8,
            1,
        )
        .expect("a game");
        // An action naming a conflict that does not exist is worded by its
        // kind, not by its identifier.
        let a = Action::ResolveFirst {
            conflict: ConflictId(99),
        };
        let words = g.describe_action(&a);
        assert!(!snake_case(&words), "{words}");
        assert_eq!(
            words,
            "choosing the conflict that resolves first (no such conflict)"
        );
        for verb in [
            "sponsor_agenda",
            "hide_agenda",
            "replace_agenda",
            "reveal_agenda",
            "discard_agenda",
            "move_chaos",
            "keep_chaos",
            "join_war",
            "resolve_first",
        ] {
            let w = b5_engine::verb_words(verb);
            assert!(!snake_case(w) && w != verb, "{verb}: {w}");
        }
    }
}
