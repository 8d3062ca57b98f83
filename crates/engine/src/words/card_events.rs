//! The log of what players do with cards: sponsoring, promoting, building,
//! replacing, card actions, leading and assisting, support, opposition and
//! attacks, damage and healing, events, contingencies, agendas, mercenaries.

use crate::game::event::Event;
use crate::game::state::Game;

impl Game {
    /// A sentence for an event of this family (`Game::describe`).
    pub(crate) fn describe_card_event(&self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::Sponsored {
                player,
                card,
                by,
                cost,
            } => {
                format!(
                    "{}: {} sponsors {} for {} influence.",
                    self.log_player(player),
                    self.log_card(by),
                    self.log_card(card),
                    cost
                )
            }
            Event::Promoted {
                player, card, cost, ..
            } => {
                format!(
                    "{}: {} is promoted to the Inner Circle for {} influence.",
                    self.log_player(player),
                    self.log_card(card),
                    cost
                )
            }
            Event::Built { player, by } => format!(
                "{}: {} builds influence.",
                self.log_player(player),
                self.log_card(by)
            ),
            Event::Replaced { player, old, card } => {
                format!(
                    "{}: {} replaces {}.",
                    self.log_player(player),
                    self.log_card(card),
                    self.log_card(old)
                )
            }
            Event::UsedCard { player, card, .. } => {
                format!("{}: uses {}.", self.log_player(player), self.log_card(card))
            }
            Event::Led { card, fleet } => format!(
                "{}{} leads {}.",
                self.log_controller(card),
                self.log_card(card),
                self.log_card(fleet)
            ),
            Event::Assisted {
                card, ambassador, ..
            } => format!(
                "{}{} assists {}.",
                self.log_controller(card),
                self.log_card(card),
                self.log_card(ambassador)
            ),
            Event::Supported {
                card,
                conflict,
                side,
                ability,
                value,
            } => {
                // A conflict where each faction is a side: say which.
                let side = match self.conflicts.get(conflict.0 as usize) {
                    Some(k) if k.unopposable => format!(" for {}", self.log_player(side)),
                    _ => String::new(),
                };
                format!(
                    "{}{} supports {}{side} with {} {}.",
                    self.log_controller(card),
                    self.log_card(card),
                    self.conflict_name(conflict),
                    ability.display(),
                    value
                )
            }
            Event::Withdrawn { card, conflict } => format!(
                "{}{} is withdrawn from {}.",
                self.log_controller(card),
                self.log_card(card),
                self.conflict_name(conflict)
            ),
            Event::Opposed {
                card,
                conflict,
                ability,
                value,
            } => format!(
                "{}{} opposes {} with {} {}.",
                self.log_controller(card),
                self.log_card(card),
                self.conflict_name(conflict),
                ability.display(),
                value
            ),
            _ => return None,
        })
    }

    /// A sentence for attacks, damage and healing (`Game::describe`).
    pub(crate) fn describe_damage_event(&self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::Attacked {
                attacker,
                target,
                ability,
            } => {
                format!(
                    "{}{} attacks {} with {}.",
                    self.log_controller(attacker),
                    self.log_card(attacker),
                    self.log_card(target),
                    ability.display()
                )
            }
            Event::AttackCanceled { attacker } => {
                format!("The attack by {} is canceled.", self.log_card(attacker))
            }
            Event::Damaged { card, amount } => {
                format!("{} takes {} damage.", self.log_card(card), amount)
            }
            Event::AttachmentMoved { card, from, to } => {
                format!(
                    "{} moves from {} to {}.",
                    self.log_card(card),
                    self.log_card(from),
                    self.log_card(to)
                )
            }
            Event::DamageMoved { from, to, count } => {
                format!(
                    "{} damage moves from {} to {}.",
                    count,
                    self.log_card(from),
                    self.log_card(to)
                )
            }
            Event::Neutralized { card, severe } => {
                if severe > 0 {
                    format!(
                        "{} is neutralized ({} severe damage).",
                        self.log_card(card),
                        severe
                    )
                } else {
                    format!("{} is neutralized.", self.log_card(card))
                }
            }
            Event::Healed { card } => format!(
                "{}{} is healed.",
                self.log_controller(card),
                self.log_card(card)
            ),
            Event::AmbassadorHealed { card } => {
                format!(
                    "{} is fully healed (ambassadorial healing).",
                    self.log_card(card)
                )
            }
            Event::Repaired { card, amount } => {
                format!("{} repairs {} damage.", self.log_card(card), amount)
            }
            _ => return None,
        })
    }

    /// A sentence for events, contingencies, agendas, mercenaries, and cards
    /// rotated, readied or put into play (`Game::describe`).
    pub(crate) fn describe_play_event(&self, e: &Event) -> Option<String> {
        Some(match *e {
            Event::EventPlayed {
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
            Event::EventNegated { player, card } => format!(
                "{}'s {} is negated: its effects are ignored and it has not been played.",
                self.log_player(player),
                self.log_card(card)
            ),
            Event::ActionNegated { player, card, .. } => format!(
                "{}'s action of {} is negated: its effects are ignored (its costs stay paid).",
                self.log_player(player),
                self.log_card(card)
            ),
            Event::ContingencyPlayed { player, host } => {
                format!(
                    "{}: plays a contingency face down under {}.",
                    self.log_player(player),
                    self.log_card(host)
                )
            }
            Event::ContingencyRevealed { player, card } => {
                format!(
                    "{}: reveals {}.",
                    self.log_player(player),
                    self.log_card(card)
                )
            }
            Event::AgendaSponsored { player, card } => {
                format!(
                    "{}: sponsors the agenda {}.",
                    self.log_player(player),
                    self.log_card(card)
                )
            }
            Event::AgendaHidden { player, .. } => {
                format!("{}: hides an agenda.", self.log_player(player))
            }
            Event::AgendaRevealed { player, card } => {
                format!(
                    "{}: reveals the agenda {}.",
                    self.log_player(player),
                    self.log_card(card)
                )
            }
            Event::AgendaReplaced { player, old, card } => {
                format!(
                    "{}: replaces {} with the agenda {}.",
                    self.log_player(player),
                    self.log_card(old),
                    self.log_card(card)
                )
            }
            Event::AgendaDiscarded { player, card } => {
                format!(
                    "{}: discards the agenda {}.",
                    self.log_player(player),
                    self.log_card(card)
                )
            }
            Event::Hired { player, card } => format!(
                "{}: hires {}.",
                self.log_player(player),
                self.log_card(card)
            ),
            Event::Rotated { card } => format!("{} is rotated.", self.log_card(card)),
            Event::Readied { card } => format!("{} is readied.", self.log_card(card)),
            Event::PutIntoPlay { player, card } => {
                format!(
                    "{} puts {} into play.",
                    self.log_player(player),
                    self.log_card(card)
                )
            }
            _ => return None,
        })
    }
}
