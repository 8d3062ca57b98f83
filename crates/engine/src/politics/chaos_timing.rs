//! When Chaos Tokens may be moved (Engine Rules v1.2, Drakh Faction Rules,
//! Drakh Rule 7: "After each of his actions, including a pass action, a Drakh
//! player may move any number of Chaos Tokens from any one card he controls
//! to any one Drakh card he controls").
//!
//! "Actions" are the Action Round's: The Action Round defines them ("A
//! player may pass as his action at any time ... Performing an action
//! consists of doing anything that requires you to play or rotate a card, or
//! to apply influence. Actions that may be taken include: ...") and the pass
//! action exists only there. Declaring a conflict (The Conflict Round, a step
//! each player answers once), the Resolution Round's aftermaths and the Draw
//! Round's discards are steps of their rounds, not actions, so no offer
//! follows them.
//!
//! An action is over once what it set off is over: when it opens a trigger
//! window (contingencies revealed in answer), the offer comes after the
//! window closes.

use crate::game::ids::PlayerId;
use crate::game::state::{Game, Step, NOBODY};

impl Game {
    /// After `p`'s Action Round action has been carried out.
    pub(crate) fn chaos_after_action(&mut self, p: PlayerId) {
        // A card played with its first target waits for its second
        // (Legal Targets), a replacement for the attached cards that
        // transfer (Appendix Two, Example 6): the action ends once they are
        // chosen.
        if self.window.is_some() || self.second_pending() || self.transfer_pending() {
            self.chaos_after_window = p;
        } else if self.may_move_chaos(p) {
            self.chaos_mover = p;
        }
    }

    /// On the forward run, once no trigger window is open: the offer an
    /// action's window held back.
    pub(crate) fn chaos_after_triggers(&mut self) {
        let p = self.chaos_after_window;
        if p == NOBODY {
            return;
        }
        self.chaos_after_window = NOBODY;
        if matches!(self.step, Step::Act { .. }) && self.may_move_chaos(p) {
            self.chaos_mover = p;
        }
    }
}
