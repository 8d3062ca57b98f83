//! Contingency windows for the newer triggers (Contingency Cards: "Whenever
//! the trigger condition is met, the player of the contingency may reveal
//! it"): an attack survived, an attack made in a conflict, a contested war
//! conflict won, a fleet neutralized. Their triggered effects of cards in
//! play resolve first, as for every trigger; then the window opens as for
//! the older triggers (every player with a face-down contingency is asked,
//! match or not, so hidden cards stay hidden). "Leaves play" opens none: a
//! contingency leaves play with the card it is on.

use crate::card::effect::Trigger;
use crate::ids::{CardId, ConflictId, PlayerId};
use crate::state::{Continuation, Game, Window};

impl Game {
    /// Opens (or queues) the contingency window of a newer trigger.
    pub(crate) fn open_trigger_window(
        &mut self,
        trigger: Trigger,
        card: CardId,
        other: CardId,
        player: PlayerId,
        conflict: ConflictId,
    ) {
        if !trigger.opens_window() {
            return;
        }
        self.open_window(Window {
            trigger,
            card,
            other,
            player,
            conflict,
            pos: 0,
            passes: 0,
            askers: 0,
            then: Continuation::Resume,
            canceled: false,
        });
    }
}
