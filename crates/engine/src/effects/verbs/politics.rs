//! Political effects: states, war and peace, the Shadow War, surrender,
//! votes and the ISA (Additional Rules; Votes; The Interstellar Alliance).

use crate::card::Op;
use crate::game::event::Events;
use crate::game::held::Ctx;
use crate::game::state::Game;

impl Game {
    /// Carries out an effect verb of this family (`Game::run_op`); returns
    /// whether it happened.
    pub(crate) fn run_politics_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match *op {
            Op::State {
                kind,
                who,
                with,
                end,
            } => {
                let a = self.who_players(who, ctx);
                let b = self.who_players(with, ctx);
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        any |= self.set_state(x, y, kind, !end);
                    }
                }
                any
            }
            Op::War { who, with } => {
                let a = self.who_players(who, ctx);
                let b = self.who_players(with, ctx);
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        if x != y && self.declare_war(x, y, false, ev) {
                            any = true;
                            // The Interstellar Alliance, Expulsion.
                            self.isa_war_started(ctx.controller, x, y, ev);
                        }
                    }
                }
                any
            }
            Op::Peace { who, with } => {
                let a = self.who_players(who, ctx);
                let b = self.who_players(with, ctx);
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        any |= self.end_war(x, y, ev);
                    }
                }
                any
            }
            Op::Surrender { who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    // "You must surrender to a player of a race with whom
                    // you are at war."
                    if self.check_surrender(p, ctx.controller).is_ok() {
                        self.do_surrender(p, ctx.controller, ev);
                        any = true;
                    }
                }
                any
            }
            Op::Vote { kind, .. } => self.call_vote(op, kind, ctx, ev),
            Op::FoundIsa => self.found_isa(ctx.controller, ev),
            Op::JoinIsa { who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    any |= self.join_isa(p, ev);
                }
                any
            }
            Op::VoteRule {
                rule,
                who,
                babylon5,
            } => self.add_vote_rule(rule, who, babylon5, ctx),
            Op::ShadowWar { start } => self.shadow_war_effect(start, ev),
            Op::Conquer { card } => self.conquer_effect(card, ctx, ev),
            _ => false,
        }
    }
}
