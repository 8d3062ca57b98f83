//! The log of counters and politics: influence, power, tension, unrest,
//! war and the Shadow War, marks, votes, the ISA, the Drakh, credits; and
//! the choices players make inside effects.

use crate::game::event::{Cause, Event};
use crate::game::state::Game;
use crate::words::describe::capital;

impl Game {
    /// What caused a change of influence, power, tension or unrest, as the
    /// log says it after the change (" (Trade Pact)"), or nothing when the
    /// event before it already says (or there is no cause to name).
    pub(crate) fn because(&self, cause: Cause) -> String {
        match cause {
            Cause::Effect { card } if card.some().is_some() => {
                format!(" ({})", self.log_card(card))
            }
            Cause::WarConflict => " (war conflict)".into(),
            Cause::Surrender => " (unconditional surrender)".into(),
            Cause::Reversed => " (reversed)".into(),
            _ => String::new(),
        }
    }

    /// A sentence for an event of this family (`Game::describe`).
    pub(crate) fn describe_politics_event(&self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::Influence {
                player,
                delta,
                cause,
            } => {
                let why = self.because(cause);
                if delta >= 0 {
                    format!(
                        "{} gains {} influence{why}.",
                        self.log_player(player),
                        delta
                    )
                } else {
                    format!(
                        "{} loses {} influence{why}.",
                        self.log_player(player),
                        -delta
                    )
                }
            }
            Event::Power {
                player,
                delta,
                cause,
            } => {
                let why = self.because(cause);
                if delta >= 0 {
                    format!("{} gains {} power{why}.", self.log_player(player), delta)
                } else {
                    format!("{} loses {} power{why}.", self.log_player(player), -delta)
                }
            }
            Event::Tension {
                player,
                toward,
                value,
                cause,
            } => {
                format!(
                    "{}'s tension toward {} is now {}{}.",
                    self.log_player(player),
                    self.log_player(toward),
                    value,
                    self.because(cause)
                )
            }
            Event::Unrest {
                player,
                value,
                cause,
            } => {
                format!(
                    "{}'s unrest is now {}{}.",
                    self.log_player(player),
                    value,
                    self.because(cause)
                )
            }
            Event::NonPlayer { force, value } => {
                format!("{} now has {} influence.", capital(force.display()), value)
            }
            Event::War { a, b, at_war } => {
                if at_war {
                    format!(
                        "{} and {} are at war.",
                        self.log_player(a),
                        self.log_player(b)
                    )
                } else {
                    format!(
                        "The war between {} and {} ends.",
                        self.log_player(a),
                        self.log_player(b)
                    )
                }
            }
            Event::ShadowWarBegan => "The Shadow War begins.".into(),
            Event::ShadowWarEnded => {
                "The Shadow War ends, and the wars it started end with it.".into()
            }
            Event::Mark { card, kind, delta } => {
                if delta > 0 {
                    format!(
                        "{} gains {} {} mark{}.",
                        self.log_card(card),
                        delta,
                        kind.name(),
                        if delta == 1 { "" } else { "s" }
                    )
                } else {
                    format!(
                        "{} purges {} {} mark{}.",
                        self.log_card(card),
                        -delta,
                        kind.name(),
                        if delta == -1 { "" } else { "s" }
                    )
                }
            }
            _ => return None,
        })
    }

    /// A sentence for votes and the Interstellar Alliance (`Game::describe`).
    pub(crate) fn describe_vote_event(&self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::VoteCalled { card, kind, head } => format!(
                "{} calls a {}; {} heads it and calls the order.",
                self.log_card(card),
                kind.display(),
                self.log_player(head)
            ),
            Event::VoteCast {
                player,
                choice,
                votes,
                league,
            } => {
                let what = match choice {
                    crate::card::VoteChoice::Yes => "Yes",
                    crate::card::VoteChoice::No => "No",
                    crate::card::VoteChoice::Abstain => "Abstain",
                };
                let count = if votes == 1 {
                    String::new()
                } else {
                    format!(" ({votes} votes)")
                };
                if league {
                    format!(
                        "{} votes {what} for the League{count}.",
                        self.log_player(player)
                    )
                } else {
                    format!("{} votes {what}{count}.", self.log_player(player))
                }
            }
            Event::LeagueVoteCalled => {
                "The council is tied: the League of Non-Aligned Worlds votes to break the tie."
                    .into()
            }
            Event::LeagueVoted { choice } => match choice {
                crate::card::VoteChoice::Abstain => {
                    "The League's votes are tied: the League abstains.".into()
                }
                c => format!("The League votes {}.", capital(c.name())),
            },
            Event::VoteEnded {
                kind,
                passed,
                yes,
                no,
            } => format!(
                "The {} {} ({} Yes, {} No).",
                kind.display(),
                if passed { "passes" } else { "fails" },
                yes,
                no
            ),
            Event::IsaFounded { founder } => format!(
                "The Interstellar Alliance is founded; {} is its founder.",
                self.log_player(founder)
            ),
            Event::IsaJoined { player } => {
                format!(
                    "{} joins the Interstellar Alliance.",
                    self.log_player(player)
                )
            }
            Event::IsaExpelled { player } => {
                format!(
                    "{} is expelled from the Interstellar Alliance.",
                    self.log_player(player)
                )
            }
            Event::ReserveTaken {
                player,
                card,
                discarded,
            } => {
                let what = if card.is_none() {
                    "an ISA card".to_string()
                } else {
                    self.log_card(card).to_string()
                };
                format!(
                    "{} discards {} from the top of the deck and takes {what} from the reserve (no draws this turn).",
                    self.log_player(player),
                    self.log_card(discarded)
                )
            }
            _ => return None,
        })
    }

    /// A sentence for the Drakh, credit tokens, the choices players make
    /// inside effects, and what effects do to cards' marks and texts
    /// (`Game::describe`).
    pub(crate) fn describe_choice_event(&self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::DrakhConverted { player, ambassador } => format!(
                "{} sponsors the Drakh Ambassador {}, who becomes the faction's ambassador: {} is now a Drakh faction.",
                self.log_player(player),
                self.log_card(ambassador),
                self.log_player(player)
            ),
            Event::Chaos { card, delta } if delta > 0 => format!(
                "{}{} gains {} Chaos Token{}.",
                self.log_controller(card),
                self.log_card(card),
                delta,
                if delta == 1 { "" } else { "s" }
            ),
            Event::Chaos { card, delta } => format!(
                "{}{} loses {} Chaos Token{}.",
                self.log_controller(card),
                self.log_card(card),
                -(delta as i16),
                if delta == -1 { "" } else { "s" }
            ),
            Event::Credits { card, delta } if delta > 0 => format!(
                "{}{} gains {} credit token{}.",
                self.log_controller(card),
                self.log_card(card),
                delta,
                if delta == 1 { "" } else { "s" }
            ),
            Event::Credits { card, delta } => format!(
                "{}{} loses {} credit token{}.",
                self.log_controller(card),
                self.log_card(card),
                -(delta as i16),
                if delta == -1 { "" } else { "s" }
            ),
            Event::ChaosMoved {
                player,
                from,
                to,
                count,
            } => format!(
                "{} moves {} Chaos Token{} from {} to {}.",
                self.log_player(player),
                count,
                if count == 1 { "" } else { "s" },
                self.log_card(from),
                self.log_card(to)
            ),
            Event::DrakhAmbassadorLost { player } => format!(
                "{}'s Drakh ambassador has left play: {} loses the game.",
                self.log_player(player),
                self.log_player(player)
            ),
            Event::Found {
                player,
                card,
                from,
                shown,
            } => {
                if shown {
                    format!(
                        "{} finds {} in the {} and shows it.",
                        self.log_player(player),
                        self.log_card(card),
                        from.name()
                    )
                } else if card.some().is_some() {
                    format!("{} finds {} in the {}.", self.log_player(player), self.log_card(card), from.name())
                } else {
                    format!("{} takes a card from the {}.", self.log_player(player), from.name())
                }
            }
            Event::StopOffered {
                player,
                card,
                influence,
            } => format!(
                "{} may apply {} influence to stop the effect of {}.",
                self.log_player(player),
                influence,
                self.log_card(card)
            ),
            Event::EffectStopped {
                player,
                card,
                influence,
            } => format!(
                "{} applies {} influence and stops the effect of {}.",
                self.log_player(player),
                influence,
                self.log_card(card)
            ),
            Event::ChoiceStarted { player, card } => {
                format!("{} chooses a mode of {}.", self.log_player(player), self.log_card(card))
            }
            Event::SecondTarget {
                player,
                card,
                second,
            } => format!(
                "{}: the second target of {} is {}.",
                self.log_player(player),
                self.log_card(card),
                self.log_card(second)
            ),
            Event::TransferChosen { player, card, to } => format!(
                "{} chooses to transfer {} to {}.",
                self.log_player(player),
                self.log_card(card),
                self.log_card(to)
            ),
            Event::ModeChosen { player, card, index } => format!(
                "{} chooses mode {} of {}.",
                self.log_player(player),
                index as u32 + 1,
                self.log_card(card)
            ),
            Event::PlayerChosen {
                player,
                card,
                chosen,
            } => format!(
                "{} chooses {} for {}.",
                self.log_player(player),
                self.log_player(chosen),
                self.log_card(card)
            ),
            Event::MarksConverted {
                card,
                from,
                to,
                count,
            } => format!(
                "{} of {}'s {} marks become {} marks.",
                count,
                self.log_card(card),
                from.name(),
                to.name()
            ),
            Event::Blanked { card } => format!("{}'s text is blanked.", self.log_card(card)),
            _ => return None,
        })
    }
}
