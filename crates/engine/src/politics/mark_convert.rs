//! Converting one kind of mark into another ("replace a doom mark on target
//! character with a destiny mark"). Engine Rules v1.2, Changes for Version
//! 1.2, 2 and Glossary, Convert: "If an object is converted it does not
//! count as a gain or a loss ... the character does not purge a destiny
//! mark nor does it gain a doom mark" (rulings, Sheridan: "the Marks are
//! replaced, not gained"). The marks change kind in place: no gain or purge
//! is recorded (no `Event::Mark`), only `Event::MarksConverted`.
//!
//! Allergy: a conversion is not a gain, but it still attaches a mark of the
//! new kind, and Marks says "any effect attaching an allergic mark to any
//! card in the same faction is ignored" ("It is impossible for any game
//! entity to be both Vorlon Tainted and Shadow Tainted"). So a conversion
//! into a mark the card's faction is allergic to (checked as the faction
//! stands before it) is ignored as a whole: the old marks stay.

use crate::card::def::MarkKind;
use crate::game::event::{Event, Events};
use crate::game::ids::CardId;
use crate::game::state::{Game, NOBODY};

impl Game {
    /// Replaces up to `count` marks of `from` on `card` with marks of `to`;
    /// false when the card has no mark of `from` to replace, or when its
    /// faction is allergic to `to` (the conversion is ignored).
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
        let fac = self.c(card).faction;
        // Marks: an effect attaching an allergic mark is ignored.
        if fac != NOBODY && self.allergic_to_mark(fac, to) {
            return false;
        }
        let n = have as i8;
        let m = &mut self.cm(card).marks;
        m[from.idx()] = m[from.idx()].saturating_sub(n);
        m[to.idx()] = m[to.idx()].saturating_add(n);
        ev.push(Event::MarksConverted {
            card,
            from,
            to,
            count: have,
        });
        if fac != NOBODY && to.allergic_to().is_some() {
            // A Shadow or Vorlon mark taints the faction (The Shadow War).
            self.shadow_war_taint_changed(fac, ev);
        }
        true
    }
}
