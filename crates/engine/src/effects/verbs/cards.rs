//! Effects on cards: drawing, discarding, damage and healing, marks and
//! tokens, ability bonuses, rotating and readying, moving and blanking
//! (Action Details; Bonuses and Blanking; Marks).

use crate::card::Op;
use crate::game::event::{Event, Events};
use crate::game::held::Ctx;
use crate::game::state::{Game, ModKind, Zone};
use rand::Rng;

impl Game {
    /// Carries out an effect verb of this family (`Game::run_op`); returns
    /// whether it happened.
    pub(crate) fn run_cards_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match *op {
            Op::Draw { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    for _ in 0..n {
                        any |= self.draw_card(
                            p,
                            crate::game::event::Cause::Effect { card: ctx.source },
                            ev,
                        );
                    }
                }
                any
            }
            Op::CrusadeDraw { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    for _ in 0..n {
                        if let Some(top) = self.players[p as usize].crusade.last() {
                            self.move_card(top, Zone::Hand, p, ev);
                            ev.push(Event::Drew {
                                player: p,
                                card: top,
                                cause: crate::game::event::Cause::Effect { card: ctx.source },
                            });
                            any = true;
                        }
                    }
                }
                any
            }
            Op::DiscardRandom { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    for _ in 0..n {
                        let len = self.players[p as usize].hand.len();
                        if len == 0 {
                            break;
                        }
                        let i = self.rng.random_range(0..len);
                        let c = self
                            .iter_pile(self.players[p as usize].hand)
                            .nth(i)
                            .expect("i < the hand's length");
                        self.move_card(c, Zone::Discard, p, ev);
                        ev.push(Event::DiscardedFromHand {
                            player: p,
                            card: c,
                            cause: crate::game::event::Cause::Effect { card: ctx.source },
                        });
                        any = true;
                    }
                }
                any
            }
            Op::Damage { n, card } => {
                let cs = self.sel_cards(card, ctx);
                for &c in &cs {
                    self.deal_damage(c, n, ev);
                }
                !cs.is_empty()
            }
            Op::Mark { kind, card, count } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.change_marks(c, kind, count, ev);
                }
                any
            }
            Op::Bonus {
                bonus,
                card,
                duration,
            } => {
                let cs = self.sel_cards(card, ctx);
                for &c in &cs {
                    self.push_mod(c, ModKind::Add(bonus), duration, ctx);
                }
                !cs.is_empty()
            }
            Op::Double {
                ability,
                card,
                duration,
            } => {
                let cs = self.sel_cards(card, ctx);
                for &c in &cs {
                    self.push_mod(c, ModKind::Double(ability), duration, ctx);
                }
                !cs.is_empty()
            }
            Op::Rotate { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    let ci = self.c(c);
                    if !ci.rotated() && !ci.neutralized() && self.rotatable_by(c, ctx.controller) {
                        self.rotate(c);
                        ev.push(Event::Rotated { card: c });
                        any = true;
                    }
                }
                any
            }
            Op::Ready { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    if self.c(c).rotated() && self.may_ready(c) {
                        self.ready_card(c);
                        ev.push(Event::Readied { card: c });
                        any = true;
                    }
                }
                any
            }
            Op::Heal { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.heal_effect(c, ev);
                }
                any
            }
            Op::FullHeal { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.full_heal(c, ev);
                }
                any
            }
            Op::RemoveDamage { n, card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    let ci = self.cm(c);
                    let r = n.min(ci.damage);
                    if r > 0 && !ci.neutralized() {
                        ci.damage -= r;
                        // Damage removed: its abilities rise (Neutralization).
                        self.abilities_changed = true;
                        ev.push(Event::Repaired { card: c, amount: r });
                        any = true;
                    }
                }
                any
            }
            _ => false,
        }
    }

    /// Carries out an effect that takes a card out of play (`Game::run_op`):
    /// neutralizing, discarding, returning to the hand.
    pub(crate) fn run_leave_play_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match *op {
            Op::Neutralize { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    if !self.c(c).neutralized() {
                        self.neutralize_by_effect(c, ev);
                        any = true;
                    }
                }
                any
            }
            Op::Discard { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    // An ambassador never leaves play (Ambassadorial Immunity);
                    // nor does a card that cannot be discarded (The Cannot rule).
                    // A Major Agenda cannot be discarded (Major Agendas).
                    // Glossary, Irrevocable: never targeted to leave play.
                    let shielded = card.is_target() && self.irrevocable(c);
                    if !self.is_ambassador(c)
                        && !self.card_cannot(c, crate::card::Cannot::BeDiscarded, None)
                        && !self.is_major_agenda_in_play(c)
                        && !shielded
                    {
                        self.discard_from_play(
                            c,
                            crate::game::event::Cause::Effect { card: ctx.source },
                            ev,
                        );
                        any = true;
                    }
                }
                any
            }
            Op::ReturnToHand { card } => {
                // Rulings 7.4: a conflict that says it returns to your hand
                // "must always be returned" (`conflict_enhancement.rs`).
                if let Some(c) = self.returning_conflict_card(card, ctx) {
                    let owner = self.c(c).owner;
                    self.move_card(c, Zone::Hand, owner, ev);
                    ev.push(Event::ReturnedToHand { card: c });
                    return true;
                }
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    let shielded = card.is_target() && self.irrevocable(c);
                    if !self.is_ambassador(c) && !shielded {
                        let owner = self.c(c).owner;
                        self.move_card(c, Zone::Hand, owner, ev);
                        ev.push(Event::ReturnedToHand { card: c });
                        any = true;
                    }
                }
                any
            }
            _ => false,
        }
    }

    /// Carries out a change to a card (`Game::run_op`): chaos and credit
    /// tokens, marks converted or moved, damage and attachments transferred,
    /// abilities set, text blanked, abilities used as others, promotion.
    pub(crate) fn run_card_change_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match *op {
            Op::Chaos { n, card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.change_chaos(c, n, ev);
                }
                any
            }
            Op::Credits { n, card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.change_credits(c, n, ev);
                }
                any
            }
            Op::ConvertMark {
                from,
                to,
                card,
                count,
            } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.convert_marks(c, from, to, count, ev);
                }
                any
            }
            Op::DiscardAmbassador { card } => self.discard_even_ambassador(card, ctx, ev),
            Op::SevereDamage { n, card } => self.severe_damage_effect(n, card, ctx, ev),
            Op::SetAbility {
                ability,
                value,
                card,
                duration,
                last,
            } => {
                let kind = if last {
                    ModKind::Final(ability, value)
                } else {
                    ModKind::Set(ability, value)
                };
                self.set_ability_effect(kind, card, duration, ctx)
            }
            Op::Blank { card, duration } => self.blank_effect(card, duration, ctx, ev),
            Op::MoveMark {
                kind,
                card,
                onto,
                count,
            } => self.move_marks(kind, card, onto, count, ctx, ev),
            Op::TransferChaos { card, onto, count } => {
                self.transfer_chaos(card, onto, count, ctx, ev)
            }
            Op::TransferDamage { card, onto, count } => {
                self.transfer_damage(card, onto, count, ctx, ev)
            }
            Op::MoveAttached { card, onto } => self.move_attached(card, onto, ctx, ev),
            Op::UseAs { from, to, card } => self.use_as_effect(from, to, card, ctx),
            Op::Promote { card, free } => self.promote_effect(card, free, ctx, ev),
            _ => false,
        }
    }
}
