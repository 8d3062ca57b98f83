//! A conflict that returns to its player's hand. Rulings 7.4 (Conflict
//! Cards): "Conflicts that are specified to return to your hand if
//! successful must always be returned. There is not any sort of choice
//! involved." A conflict card is never in play: it lies in the conflict
//! zone until Step 4 of The Resolution Round places it on the discard pile.
//! So "this card" in the conflict's own effects (`return_to_hand` with
//! `card = "this"` in its `resolution`, `won`, `lost`, `won_by_N` or
//! `lost_by_N` list) names it there: it goes to its owner's hand at once,
//! and Step 4 has nothing left to discard. The card loader refuses the form
//! that can never work (in `initiated`, while the conflict still needs its
//! card) and one that also `becomes_enhancement`, naming the field.

use crate::card::effect::CardSel;
use crate::effects::interpreter::Ctx;
use crate::game::ids::CardId;
use crate::game::state::{Game, Zone};

impl Game {
    /// The conflict card a `return_to_hand` names, when it is the
    /// resolving conflict's own card ("this card") in the conflict zone.
    pub(crate) fn returning_conflict_card(&self, card: CardSel, ctx: &Ctx) -> Option<CardId> {
        if card != CardSel::This || !ctx.from_conflict {
            return None;
        }
        ctx.source
            .some()
            .filter(|&s| self.c(s).zone == Zone::Conflict)
    }
}
