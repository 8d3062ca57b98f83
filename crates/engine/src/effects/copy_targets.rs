//! "A card not already targeted by another copy of this card": what the
//! turn remembers of the targets its cards were played or used with (an
//! event, a card action, a conflict initiated, an aftermath), and the
//! copies attached to a card. Legal Targets: a card's target is chosen as
//! it is played; the record lets a selector ask whether another copy (a
//! card of the same name, not this one) chose the card this turn
//! (`FilterParts::copy_targeted`). Kept only in games with a card that
//! asks (`CardDb::reads_copy_targets`), so the others' state and digests
//! stay as they were; forgotten at the start of each turn, and for a card
//! that leaves play (a card that comes back is a new card).

use crate::game::state::{Game, Target, Zone};
use crate::ids::CardId;

impl Game {
    /// Notes that `src` was played or used with `target` as its target.
    pub(crate) fn note_copy_target(&mut self, src: CardId, target: Target) {
        if !self.db.reads_copy_targets() {
            return;
        }
        let Target::Card(t) = target else {
            return;
        };
        let entry = (t, src);
        if let Err(i) = self.copy_targets.binary_search(&entry) {
            self.copy_targets.insert(i, entry);
            // Lasting effects selecting by it change.
            self.abilities_changed = true;
        }
    }

    /// Whether another copy of `src` (a card of its name, not `src`)
    /// targeted `card` this turn, or is attached to it.
    pub(crate) fn targeted_by_copy(&self, card: CardId, src: CardId) -> bool {
        let Some(src) = src.some() else {
            return false;
        };
        let def = self.c(src).def;
        let copy = |c: CardId| c != src && self.c(c).def == def;
        let from = self.copy_targets.partition_point(|&(t, _)| t < card);
        self.copy_targets[from..]
            .iter()
            .take_while(|&&(t, _)| t == card)
            .any(|&(_, s)| copy(s))
            || self.attachments.iter().any(|&a| {
                let ci = self.c(a);
                ci.zone == Zone::Attached && ci.host == card && copy(a)
            })
    }

    /// A new turn: the targets of the last are forgotten.
    pub(crate) fn forget_copy_targets(&mut self) {
        if !self.copy_targets.is_empty() {
            self.copy_targets.clear();
            self.abilities_changed = true;
        }
    }

    /// A card leaving play is forgotten as a target.
    pub(crate) fn forget_copy_target(&mut self, card: CardId) {
        let before = self.copy_targets.len();
        self.copy_targets.retain(|&(t, _)| t != card);
        if self.copy_targets.len() != before {
            self.abilities_changed = true;
        }
    }
}
