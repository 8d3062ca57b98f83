//! "Why can't I ...?": the familiar actions of this moment that are not on
//! offer, each with the engine's own refusal and the rule it cites.

use b5_engine::{Action, CardId, CardType, Game, PlayerId, Target, Violation, Zone};

/// One familiar action that is not legal now, and why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WhyNot {
    /// The action in words ("build influence (rotating X)").
    pub action: String,
    /// The engine's message.
    pub reason: String,
    /// The rule it cites.
    pub rule: String,
}

/// The familiar actions `p` might look for that the rules refuse now:
/// building influence, sponsoring, promoting, playing events, healing and
/// using cards' actions, tried with each of the player's own ready Inner
/// Circle characters and cards in hand. Each distinct refusal is given
/// once. Only the player's own cards are tried, so the answers reveal
/// nothing hidden.
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
            if out.iter().any(|w| w.reason == e.message) {
                continue;
            }
            out.push(WhyNot {
                action: game.describe_action(&a),
                reason: e.message,
                rule: e.rule.to_string(),
            });
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
