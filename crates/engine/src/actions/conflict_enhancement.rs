//! A conflict that becomes an enhancement. Engine Rules v1.2, The
//! Resolution Round, Step 4: "If the conflict was initiated through the use
//! of a conflict card, the card is now placed on the discard pile"; rulings
//! (Conflict cards): "Conflict cards are discarded once they have been
//! used. The exception is where the Conflict text states" otherwise. A
//! conflict card whose text says that, won, it is attached to a card as an
//! enhancement (`becomes_enhancement`) goes there at Step 4 instead, under
//! its initiator's control, and its `bonus`, lasting effects and triggered
//! effects apply while it is attached, as an enhancement's do (Enhancement
//! Cards); a card that "becomes an enhancement" is one (rulings: an aide
//! that becomes an enhancement "is no longer a Character"), so filters see
//! it as an enhancement. A lost or canceled conflict is discarded as usual
//! (Glossary, Canceled: "A canceled conflict card is placed on the discard
//! pile instead of resolving"), and so is a won one whose card is no longer
//! on the table, or whose card already holds a copy of it (Enhancement
//! Cards: "No two copies of the same enhancement card can target the same
//! card"; rulings, Reverse Engineering: a copy that would break that "may
//! not enter play").
//!
//! Below, a conflict card that returns to its player's hand (rulings 7.4).

use crate::card::CardSel;
use crate::card::EnhancementOn;
use crate::card::{AttachKind, CardType};
use crate::effects::interpreter::Ctx;
use crate::game::event::Events;
use crate::game::state::{flag, Game, Outcome, Zone};
use crate::ids::CardId;

impl Game {
    /// Step 4 for conflict `i`: attaches its card as an enhancement if it
    /// was won and its text says so; false when it is to be discarded.
    pub(crate) fn conflict_becomes_enhancement(&mut self, i: u8, ev: &mut Events) -> bool {
        let k = &self.conflicts[i as usize];
        if k.outcome != Outcome::Won {
            return false;
        }
        let (card, ini, target) = (k.card, k.initiator, k.target);
        let Some(c) = card.some() else { return false };
        let Some(on) = self.db.get(self.c(c).def).becomes_enhancement else {
            return false;
        };
        let amb = |g: &Game, p: u8| {
            g.players
                .get(p as usize)
                .and_then(|pl| pl.ambassador.some())
        };
        let host = match on {
            EnhancementOn::Target => target.card(),
            EnhancementOn::Ambassador => amb(self, ini),
            EnhancementOn::TargetAmbassador => target.player().and_then(|q| amb(self, q)),
        };
        let Some(h) = host else { return false };
        if !self.c(h).zone.on_table() {
            return false;
        }
        // Enhancement Cards: "No two copies of the same enhancement card can
        // target the same card ... at the same time" (rulings, Reverse
        // Engineering: such a copy "may not enter play"); nor may it break
        // an `only one <k>`. It is discarded as a conflict card is.
        let def_id = self.c(c).def;
        if self
            .attachments
            .iter()
            .any(|&a| a != c && self.c(a).def == def_id && self.c(a).host == h)
            || self.exclusive_taken(self.db.get(def_id), h)
        {
            return false;
        }
        self.cm(c).flags &= !flag::FACE_DOWN;
        self.attach(
            c,
            ini,
            AttachKind::Character,
            crate::game::state::Target::Card(h),
            ev,
        );
        true
    }

    /// The type a card has now: a conflict card attached as an enhancement
    /// is an enhancement.
    pub(crate) fn card_type_now(&self, id: CardId) -> CardType {
        let c = self.c(id);
        let t = self.db.get(c.def).card_type;
        if t == CardType::Conflict && c.zone == Zone::Attached {
            CardType::Enhancement
        } else {
            t
        }
    }
}

// A conflict that returns to its player's hand. Rulings 7.4 (Conflict
// Cards): "Conflicts that are specified to return to your hand if
// successful must always be returned. There is not any sort of choice
// involved." A conflict card is never in play: it lies in the conflict
// zone until Step 4 of The Resolution Round places it on the discard pile.
// So "this card" in the conflict's own effects (`return_to_hand` with
// `card = "this"` in its `resolution`, `won`, `lost`, `won_by_N` or
// `lost_by_N` list) names it there: it goes to its owner's hand at once,
// and Step 4 has nothing left to discard. The card loader refuses the form
// that can never work (in `initiated`, while the conflict still needs its
// card) and one that also `becomes_enhancement`, naming the field.

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
