//! Influence, power, tension, unrest, the non-player influence and the
//! Influence Rating as effects (Game Overview; Political Relations;
//! Changes for Version 1.2: transfers).

use crate::card::Op;
use crate::effects::interpreter::Players;
use crate::game::event::Events;
use crate::game::held::Ctx;
use crate::game::state::Game;
use crate::ids::{CardId, ConflictId, PlayerId};

impl Game {
    /// Carries out an effect verb of this family (`Game::run_op`); returns
    /// whether it happened.
    pub(crate) fn run_influence_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match *op {
            Op::GainInfluence { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.gain_influence(p, n as i16, ctx.cause(), ev);
                    if ctx.from_conflict {
                        let k = ctx.conflict.unwrap_or(ConflictId(0));
                        self.fire_trigger(
                            crate::card::Trigger::GainedInfluenceFromConflict,
                            CardId::NONE,
                            p,
                            k,
                            ev,
                        );
                    }
                }
                !ps.is_empty() && n > 0
            }
            Op::LoseInfluence { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    any |= self.lose_influence(p, n as i16, ctx.cause(), ev) > 0;
                }
                any
            }
            Op::TransferInfluence { n, who, to } => {
                let Some(&dst) = self.who_players(to, ctx).first() else {
                    return false;
                };
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    if p != dst {
                        any |= self.transfer_influence(p, dst, n as i16, ctx.cause(), ev) > 0;
                    }
                }
                any
            }
            // Glossary, Transfer: to an entity such as the Shadows.
            Op::TransferToForce { n, who, force } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    let moved = self.lose_influence(p, n as i16, ctx.cause(), ev);
                    if moved > 0 {
                        self.change_non_player(force, moved, ev);
                        any = true;
                    }
                }
                any
            }
            Op::Restore { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    any |= self.restore_influence(p, n as i16) > 0;
                }
                any
            }
            Op::Income { n, who, card } => self.income_effect(n, who, card, ctx),
            Op::ExtraInfluence { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.players[p as usize].extra += n as i16;
                }
                !ps.is_empty()
            }
            Op::GainPower { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.change_power(p, n as i16, ctx.cause(), ev);
                }
                !ps.is_empty()
            }
            Op::LosePower { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.change_power(p, -(n as i16), ctx.cause(), ev);
                }
                !ps.is_empty()
            }
            Op::Tension {
                n,
                who,
                toward,
                mutual,
                set,
            } => {
                let a = self.who_players(who, ctx);
                let b = self.who_players(toward, ctx);
                // "Tension becomes N": the change that brings it there.
                let by = |g: &Game, x: PlayerId, y: PlayerId| {
                    if set {
                        n as i16 - g.tension(x, y) as i16
                    } else {
                        n as i16
                    }
                };
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        if x != y {
                            any = true;
                            self.change_tension(x, y, by(self, x, y), ctx.cause(), ev);
                            if mutual {
                                self.change_tension(y, x, by(self, y, x), ctx.cause(), ev);
                            }
                        }
                    }
                }
                any
            }
            Op::TensionRace {
                n,
                who,
                race,
                mutual,
                race_of,
            } => {
                // Toward the race of a card: none when there is no card.
                let race = match race_of {
                    None => race,
                    Some(sel) => match self.sel_card_anywhere(sel, ctx) {
                        Some(c) => self.db.get(self.c(c).def).race,
                        None => return false,
                    },
                };
                let a = self.who_players(who, ctx);
                let b: Players = (0..self.players.len() as PlayerId)
                    .filter(|&q| {
                        self.players[q as usize].race == race
                            && !self.players[q as usize].eliminated
                    })
                    .collect();
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        if x != y {
                            any = true;
                            self.change_tension(x, y, n as i16, ctx.cause(), ev);
                            if mutual {
                                self.change_tension(y, x, n as i16, ctx.cause(), ev);
                            }
                        }
                    }
                }
                any
            }
            Op::Unrest { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.change_unrest(p, n as i16, ctx.cause(), ev);
                }
                !ps.is_empty()
            }
            Op::NonPlayer { force, n } => {
                self.change_non_player(force, n as i16, ev);
                true
            }
            Op::SponsorDiscount { n, who, ref to } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.give_discount(p, n, to.as_deref(), ctx.source);
                }
                n > 0 && !ps.is_empty()
            }
            Op::InfluenceRating { n, who, duration } => self.modify_rating(n, who, duration, ctx),
            Op::TransferPower { n, who, to } => self.transfer_power(n, who, to, ctx, ev),
            Op::PowerToWin { n, who, duration } => self.change_power_needed(n, who, duration, ctx),
            Op::InfluenceOnlyPower { who, duration } => {
                self.count_only_influence(who, duration, ctx)
            }
            _ => false,
        }
    }
}
