//! Converting one kind of mark into another ("replace a doom mark on target
//! character with a destiny mark"): the marks taken off are purged and as
//! many of the other kind are gained (Marks: purging and gaining), so an
//! allergic faction purges without gaining (it ignores the new marks).

use crate::card::def::MarkKind;
use crate::event::{Event, Events};
use crate::ids::CardId;
use crate::state::Game;

impl Game {
    /// Replaces up to `count` marks of `from` on `card` with marks of `to`;
    /// false when the card has no mark of `from` to replace.
    pub(crate) fn convert_marks(
        &mut self,
        card: CardId,
        from: MarkKind,
        to: MarkKind,
        count: u8,
        ev: &mut Events,
    ) -> bool {
        let have = self.card_marks(card, from).min(count).min(i8::MAX as u8);
        if have == 0 || from == to {
            return false;
        }
        let before = self.card_marks(card, from);
        self.change_marks(card, from, -(have as i8), ev);
        let purged = before.saturating_sub(self.card_marks(card, from));
        if purged == 0 {
            return false;
        }
        self.change_marks(card, to, purged as i8, ev);
        ev.push(Event::MarksConverted {
            card,
            from,
            to,
            count: purged,
        });
        true
    }
}
