//! Delayed effects ("at the end of this turn", "at the start of the next
//! turn"; Lasting and Sustainable Effects): kept with the context they arose
//! in and carried out when their time comes, whether or not their card is
//! still in play (an effect once generated does not depend on its card).

use std::sync::Arc;

use crate::card::{Effect, When};
use crate::effects::interpreter::Ctx;
use crate::game::event::Events;
pub(crate) use crate::game::held::Delayed;
use crate::game::state::Game;

impl Game {
    /// Keeps effects for later. A conflict's context ends with the turn, so
    /// one carried into the next turn no longer names it.
    pub(crate) fn delay(&mut self, when: When, effects: &Arc<[Effect]>, ctx: &Ctx) {
        let mut ctx = *ctx;
        if when == When::StartOfNextTurn {
            ctx.conflict = None;
        }
        self.delayed.push(Delayed {
            when,
            ctx,
            effects: Arc::clone(effects),
        });
    }

    /// Carries out, in the order they arose, the delayed effects due now;
    /// those they create wait for the next such time.
    pub(crate) fn run_delayed(&mut self, when: When, ev: &mut Events) {
        if self.delayed.is_empty() {
            return;
        }
        // Taken out one at a time, in order, without a new list (the end of
        // a turn allocates nothing); only those there when it began.
        let mut left = self.delayed.len();
        let mut i = 0;
        while left > 0 && i < self.delayed.len() {
            left -= 1;
            if self.delayed[i].when != when {
                i += 1;
                continue;
            }
            let d = self.delayed.remove(i);
            // A conflict of the turn that is over is no longer in play.
            let mut ctx = d.ctx;
            if ctx
                .conflict
                .is_some_and(|k| (k.0 as usize) >= self.conflicts.len())
            {
                ctx.conflict = None;
            }
            self.run_effects(&d.effects, false, &ctx, ev);
        }
        self.sweep_neutralization(ev);
    }
}
