//! Effects on the rules and on other effects: restrictions, delayed
//! effects, choices, "unless" prices, reversal and negation (Advanced
//! Details about playing cards).

use crate::card::Op;
use crate::game::event::Events;
use crate::game::held::Ctx;
use crate::game::state::Game;

impl Game {
    /// Carries out an effect verb of this family (`Game::run_op`); returns
    /// whether it happened.
    pub(crate) fn run_rules_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match *op {
            Op::Restrict {
                what,
                card,
                who,
                duration,
            } => self.impose(what, card, who, duration, ctx),
            Op::Delayed { when, ref effects } => {
                self.delay(when, effects, ctx);
                true
            }
            Op::Pick { .. } | Op::Modes { .. } => self.start_choice(op, ctx, ev),
            Op::ChoosePlayer { .. } => self.start_player_choice(op, ctx, ev),
            Op::Unless { .. } => self.start_unless(op, ctx, ev),
            Op::Reverse(what) => self.reverse_effects(what, ctx.target, ctx.controller, ev),
            Op::NegateEvent => self.negate_event(),
            Op::NegateAction => self.negate_action(),
            _ => false,
        }
    }
}
