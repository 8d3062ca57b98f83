//! The log of the turn: rounds, initiative, passes, conflicts declared and
//! resolved, draws and discards, elimination and victory.

use crate::game::event::{Cause, Event};
use crate::game::state::{Game, Outcome, Target};
use crate::words::describe::capital;

impl Game {
    /// A sentence for an event of this family (`Game::describe`).
    pub(crate) fn describe_turn_event(&self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::TurnBegan { turn } => format!("Turn {turn} begins."),
            Event::RoundBegan { round } => format!("The {} Round begins.", capital(round.name())),
            Event::InfluenceRestored => "Influence is restored.".into(),
            Event::InitiativeDetermined => {
                let order: Vec<&str> = self
                    .initiative
                    .iter()
                    .map(|&p| self.player_name(p))
                    .collect();
                format!("Initiative order: {}.", order.join(", "))
            }
            Event::Sustained { card } => format!(
                "{}{} sustains its action.",
                self.log_controller(card),
                self.log_card(card)
            ),
            Event::Passed { player } => format!("{}: passes.", self.log_player(player)),
            Event::Declared { player } => format!(
                "{}: declares a conflict face down.",
                self.log_player(player)
            ),
            Event::Initiated {
                conflict,
                player,
                target,
                ..
            } => {
                let t = match target {
                    Target::None => String::new(),
                    t => format!(" targeting {}", self.target_name(t)),
                };
                format!(
                    "{}: initiates {}{}.",
                    self.log_player(player),
                    self.conflict_name(conflict),
                    t
                )
            }
            Event::ConflictTypeChosen { conflict, kind } => {
                format!(
                    "{} is a{} {} conflict.",
                    self.conflict_name(conflict),
                    if kind.display().starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "n"
                    } else {
                        ""
                    },
                    kind.display()
                )
            }
            Event::ConflictDiscarded { player, card } => {
                format!(
                    "{}: {} is discarded when revealed.",
                    self.log_player(player),
                    self.log_card(card)
                )
            }
            Event::ConflictResolved {
                conflict,
                outcome,
                support,
                opposition,
            } => match outcome {
                Outcome::Canceled => format!("{} is canceled.", self.conflict_name(conflict)),
                o => format!(
                    "{} is {} ({} to {}).",
                    self.conflict_name(conflict),
                    o.name(),
                    support,
                    opposition
                ),
            },
            Event::AftermathPlayed {
                player,
                card,
                target,
            } => {
                format!(
                    "{}: plays {}{}.",
                    self.log_player(player),
                    self.log_card(card),
                    self.on(target)
                )
            }
            _ => return None,
        })
    }

    /// A sentence for draws, discards, elimination and victory
    /// (`Game::describe`).
    pub(crate) fn describe_draw_event(&self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::Drew {
                player,
                card,
                cause,
            } => {
                let what = if card.is_none() {
                    "a card".to_string()
                } else {
                    self.log_card(card)
                };
                let why = match cause {
                    Cause::DrawRound => " (Draw Round)".to_string(),
                    Cause::Bought => " (bought)".to_string(),
                    Cause::SetUp => " (starting hand)".to_string(),
                    Cause::Effect { card: src } if src.some().is_some() => {
                        format!(" ({})", self.log_card(src))
                    }
                    _ => String::new(),
                };
                format!("{} draws {what}{why}.", self.log_player(player))
            }
            Event::Bought { player, count } => format!(
                "{} buys {} card{}.",
                self.log_player(player),
                count,
                if count == 1 { "" } else { "s" }
            ),
            Event::DiscardedFromHand {
                player,
                card,
                cause,
            } => match cause {
                Cause::Effect { card: src } if src.some().is_some() => {
                    format!(
                        "{} discards {} at random ({}).",
                        self.log_player(player),
                        self.log_card(card),
                        self.log_card(src)
                    )
                }
                Cause::Chosen => format!(
                    "{} chooses to discard {}.",
                    self.log_player(player),
                    self.log_card(card)
                ),
                _ => format!(
                    "{} discards {}.",
                    self.log_player(player),
                    self.log_card(card)
                ),
            },
            Event::RemovedFromGame { card, cause } => match cause {
                Cause::Effect { card: src } if src.some().is_some() && src != card => format!(
                    "{} is removed from the game by {}.",
                    self.log_card(card),
                    self.log_card(src)
                ),
                _ => format!("{} is removed from the game.", self.log_card(card)),
            },
            Event::DiscardedFromPlay { card, cause } => match cause {
                Cause::Effect { card: src } if src.some().is_some() && src != card => {
                    format!(
                        "{} is discarded by {}.",
                        self.log_card(card),
                        self.log_card(src)
                    )
                }
                Cause::Host { card: host } => {
                    format!(
                        "{} is discarded with {}, the card it was on.",
                        self.log_card(card),
                        self.log_card(host)
                    )
                }
                Cause::Cost => format!(
                    "{} is discarded to pay for its action.",
                    self.log_card(card)
                ),
                Cause::Neutralized => format!(
                    "{} is discarded: neutralized in a supporting row at the Draw Round.",
                    self.log_card(card)
                ),
                Cause::EmptyDeck => format!(
                    "{} is discarded from the Inner Circle: its player's deck is empty.",
                    self.log_card(card)
                ),
                Cause::Eliminated => {
                    format!(
                        "{} is discarded: its faction was eliminated.",
                        self.log_card(card)
                    )
                }
                _ => format!("{} is discarded.", self.log_card(card)),
            },
            Event::ReturnedToHand { card } => {
                format!("{} returns to its owner's hand.", self.log_card(card))
            }
            Event::Eliminated { player } => {
                format!("{} is eliminated from the game.", self.log_player(player))
            }
            Event::Conquered {
                player,
                card,
                from,
                blanked,
            } => {
                let from = if (from as usize) < self.players.len() {
                    format!(" from {}", self.log_player(from))
                } else {
                    String::new()
                };
                if blanked {
                    format!(
                        "{} conquers {}{from}; not loyal to its new faction, its text is blanked and nobody controls it.",
                        self.log_player(player),
                        self.log_card(card)
                    )
                } else {
                    format!(
                        "{} conquers {}{from}.",
                        self.log_player(player),
                        self.log_card(card)
                    )
                }
            }
            Event::Surrendered { player, to } => {
                format!(
                    "{} surrenders unconditionally to {}.",
                    self.log_player(player),
                    self.log_player(to)
                )
            }
            Event::Victory { player, kind } => {
                format!(
                    "{} scores a {} Victory!",
                    self.log_player(player),
                    capital(kind.name())
                )
            }
            Event::GameOver => "The game is over.".into(),
            Event::DeckShuffled { player } => {
                format!("{} shuffles the deck.", self.log_player(player))
            }
            _ => return None,
        })
    }
}
