//! The log as sentences, as one viewer may see it: the engine's own
//! [`describe`](b5_engine::Game::describe) of each event, with a run of
//! passes in one window (nobody acting) merged into one line that says what
//! was passed. The terminal (`b5 play`, `b5 connect`) and the online table
//! (each change's `log`) print the same lines.

use b5_engine::{Event, Game, PlayerId};

/// Lines of the log, built event by event.
#[derive(Clone, Debug, Default)]
pub struct Log {
    passes: Vec<String>,
    /// What the game waited for when those passes were made.
    context: String,
    lines: Vec<String>,
}

impl Log {
    /// Adds the events of one applied action, as `viewer` may see them.
    /// `context` is what the game waited for before the action
    /// ([`Game::waiting_for`]); `game` is the game after it (for names).
    pub fn events(&mut self, game: &Game, viewer: PlayerId, events: &[Event], context: &str) {
        for e in events {
            if let Event::Passed { player } = e {
                let name = game.player_name(*player);
                // A player passing again (the round went round) starts a
                // new line: "Narn, Narn and Narn pass" reads as three.
                if self.context != context || self.passes.iter().any(|n| n == name) {
                    self.flush();
                    self.context = context.to_string();
                }
                self.passes.push(name.to_string());
                continue;
            }
            self.flush();
            if let Some(s) = game.describe(&e.for_viewer(viewer)) {
                self.lines.push(s);
            }
        }
    }

    /// Ends the current run of passes (its line is written).
    pub fn flush(&mut self) {
        let why = if self.context.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.context)
        };
        match self.passes.len() {
            0 => {}
            1 => self.lines.push(format!("{}: passes{why}.", self.passes[0])),
            n => self.lines.push(format!(
                "{} and {} pass{why}.",
                self.passes[..n - 1].join(", "),
                self.passes[n - 1]
            )),
        }
        self.passes.clear();
    }

    /// The finished lines so far (a run of passes still open stays, to be
    /// merged with the next passes).
    pub fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }

    /// Every line, the open run of passes included.
    pub fn finish(mut self) -> Vec<String> {
        self.flush();
        self.lines
    }
}

/// The events of one action as sentences for `viewer`.
pub fn sentences(game: &Game, viewer: PlayerId, events: &[Event], context: &str) -> Vec<String> {
    let mut log = Log::default();
    log.events(game, viewer, events, context);
    log.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use b5_engine::{Action, Cause};

    fn game() -> Game {
        let db = std::sync::Arc::new(b5_cards::open_set::database().expect("the open set loads"));
        b5_cards::open_set::table_game(&db, 0, 2, 30, 7).expect("the open set builds a game")
    }

    #[test]
    fn passes_in_one_window_are_one_line_with_what_was_passed() {
        let mut g = game();
        let mut log = Log::default();
        // Everyone passes until the log has a merged line.
        for _ in 0..200 {
            let Some(&p) = g.pending().first() else { break };
            if !g.legal_actions(p).contains(&Action::Pass) {
                break;
            }
            let context = g.waiting_for();
            let ev = g.apply(p, Action::Pass).expect("pass is legal");
            log.events(&g, 0, &ev, &context);
        }
        let lines = log.finish();
        assert!(!lines.is_empty());
        let merged = lines.iter().find(|l| l.contains(" pass (")).cloned();
        assert!(
            merged.is_some() || lines.iter().any(|l| l.contains(": passes (")),
            "no pass line in {lines:?}"
        );
        // A pass line names the window it was in.
        for l in lines.iter().filter(|l| l.contains("pass")) {
            assert!(l.contains('('), "a pass line without its window: {l}");
        }
    }

    #[test]
    fn a_players_second_pass_starts_a_new_line() {
        let g = game();
        let mut log = Log::default();
        let why = "actions in initiative order";
        for p in [0, 0, 1, 0] {
            log.events(&g, 0, &[Event::Passed { player: p }], why);
        }
        let (a, b) = (g.player_name(0), g.player_name(1));
        assert_eq!(
            log.finish(),
            vec![
                format!("{a}: passes ({why})."),
                format!("{a} and {b} pass ({why})."),
                format!("{a}: passes ({why})."),
            ]
        );
    }

    #[test]
    fn another_players_draw_is_not_named() {
        let mut g = game();
        let mut checked = 0;
        for _ in 0..400 {
            if g.is_over() {
                break;
            }
            let Some(&p) = g.pending().first() else { break };
            let a = g.legal_actions(p)[0];
            let context = g.waiting_for();
            let ev = g.apply(p, a).expect("a legal action");
            for e in &ev {
                if let Event::Drew { player, card, .. } = *e {
                    let name = g.card_name(card).to_string();
                    let own = sentences(&g, player, std::slice::from_ref(e), &context);
                    let other = sentences(&g, 1 - player, std::slice::from_ref(e), &context);
                    assert!(
                        own.iter().any(|l| l.contains(&name)),
                        "{own:?} lacks {name}"
                    );
                    assert!(
                        !other.iter().any(|l| l.contains(&name)),
                        "{other:?} names {name}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 0, "no draw seen");
    }

    #[test]
    fn draws_and_discards_say_why() {
        let g = game();
        let (card, src) = (b5_engine::CardId(3), b5_engine::CardId(4));
        let (name, src_name) = (g.card_name(card).to_string(), g.card_name(src).to_string());
        let say = |e: Event| sentences(&g, 0, &[e], "").join(" ");
        let drew = |cause| Event::Drew {
            player: 0,
            card,
            cause,
        };
        assert!(say(drew(Cause::DrawRound)).ends_with("(Draw Round)."));
        assert!(say(drew(Cause::Bought)).ends_with("(bought)."));
        let by_effect = say(drew(Cause::Effect { card: src }));
        assert!(by_effect.contains(&format!("({src_name})")), "{by_effect}");
        let random = say(Event::DiscardedFromHand {
            player: 0,
            card,
            cause: Cause::Effect { card: src },
        });
        assert!(
            random.contains("at random") && random.contains(&src_name),
            "{random}"
        );
        let with_host = say(Event::DiscardedFromPlay {
            card,
            cause: Cause::Host { card: src },
        });
        assert!(
            with_host.contains(&format!("with {src_name}")),
            "{with_host}"
        );
        let fallen = say(Event::DiscardedFromPlay {
            card,
            cause: Cause::Neutralized,
        });
        assert!(
            fallen.starts_with(&name) && fallen.contains("neutralized"),
            "{fallen}"
        );
        // Another player's draw keeps its reason but not the card.
        let hidden = sentences(&g, 1, &[drew(Cause::DrawRound)], "").join(" ");
        assert!(
            hidden.contains("a card (Draw Round)") && !hidden.contains(&name),
            "{hidden}"
        );
    }

    #[test]
    fn a_conquest_says_who_took_what_from_whom() {
        let g = game();
        let loc = b5_engine::CardId(3);
        let name = g.card_name(loc).to_string();
        let ev = [Event::Conquered {
            player: 0,
            card: loc,
            from: 1,
            blanked: true,
        }];
        let lines = sentences(&g, 1, &ev, "");
        assert_eq!(lines.len(), 1, "{lines:?}");
        let l = &lines[0];
        assert!(
            l.starts_with(&format!(
                "{} conquers {name} from {}",
                g.player_name(0),
                g.player_name(1)
            )),
            "{l}"
        );
        assert!(l.contains("blanked"), "{l}");
    }

    #[test]
    fn a_gain_or_loss_says_what_caused_it() {
        let g = game();
        let src = b5_engine::CardId(4);
        let src_name = g.card_name(src).to_string();
        let who = g.player_name(0).to_string();
        let say = |e: Event| sentences(&g, 0, &[e], "").join(" ");
        let gain = say(Event::Influence {
            player: 0,
            delta: 1,
            cause: Cause::Effect { card: src },
        });
        assert_eq!(gain, format!("{who} gains 1 influence ({src_name})."));
        let loss = say(Event::Power {
            player: 0,
            delta: -2,
            cause: Cause::Effect { card: src },
        });
        assert_eq!(loss, format!("{who} loses 2 power ({src_name})."));
        let war = say(Event::Influence {
            player: 0,
            delta: 1,
            cause: Cause::WarConflict,
        });
        assert_eq!(war, format!("{who} gains 1 influence (war conflict)."));
        let surrender = say(Event::Influence {
            player: 0,
            delta: 3,
            cause: Cause::Surrender,
        });
        assert!(
            surrender.ends_with("(unconditional surrender)."),
            "{surrender}"
        );
    }

    #[test]
    fn gains_and_losses_in_play_name_their_cause() {
        // Whole games of first choices: every change of influence or power
        // the engine makes names what made it.
        let mut seen = 0;
        for seed in 0..6 {
            let db = std::sync::Arc::new(b5_cards::open_set::database().expect("the open set"));
            let mut g = b5_cards::open_set::table_game(&db, seed as usize % 4, 3, 12, seed)
                .expect("the open set builds a game");
            for step in 0..3000usize {
                if g.is_over() {
                    break;
                }
                let Some(&p) = g.pending().first() else { break };
                let legal = g.legal_actions(p);
                // Not always the first choice, to reach conflicts and cards.
                let a = legal[(step * 7 + seed as usize) % legal.len()];
                let context = g.waiting_for();
                let ev = g.apply(p, a).expect("a legal action");
                for e in &ev {
                    if let Event::Influence { cause, .. } | Event::Power { cause, .. } = *e {
                        seen += 1;
                        let line = sentences(&g, 0, std::slice::from_ref(e), &context).join(" ");
                        assert!(
                            cause != Cause::Rules && line.contains(" ("),
                            "{line} ({e:?})"
                        );
                    }
                }
            }
        }
        assert!(seen > 0, "no gain or loss of influence or power seen");
    }

    #[test]
    fn a_purchase_is_told_before_the_cards_it_draws() {
        let mut g = game();
        for step in 0..5000usize {
            if g.is_over() {
                break;
            }
            let Some(&p) = g.pending().first() else { break };
            let legal = g.legal_actions(p);
            let buy = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Buy { count } if *count > 0));
            let a = buy.unwrap_or(legal[step % legal.len()]);
            let context = g.waiting_for();
            let ev = g.apply(p, a).expect("a legal action");
            if buy.is_some() {
                let lines = sentences(&g, p, &ev, &context);
                let bought = lines.iter().position(|l| l.contains(" buys "));
                let drawn = lines.iter().position(|l| l.ends_with("(bought)."));
                assert!(
                    matches!((bought, drawn), (Some(b), Some(d)) if b < d),
                    "{lines:?}"
                );
                return;
            }
        }
        panic!("no purchase in the game");
    }
}
