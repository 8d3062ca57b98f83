//! Exclusivity of enhancements ("only one X may be on a card"). Copies of
//! one enhancement never share a target (Engine Rules v1.2, Enhancement
//! Cards: "No two copies of the same enhancement card can target the same
//! card"; enforced in `enhancement_target_ok`). A card may also say that
//! only one card of a kind may be on a card: with the keyword
//! `only one <k>` it cannot join a card that already holds a face-up
//! enhancement with the keyword `<k>`, and while it is on a card no other
//! enhancement with that keyword can join it (Cumulative Effects: "read the
//! text closely").

use crate::card::def::CardDef;
use crate::game::ids::CardId;
use crate::game::state::{Game, Zone};

/// The keyword prefix that makes an enhancement exclusive.
pub const ONLY_ONE: &str = "only one ";

/// The kinds a card is exclusive about (`only one <k>`), without allocating.
fn only_one(def: &CardDef) -> impl Iterator<Item = &str> {
    def.keywords.iter().filter_map(|k| {
        k.get(..ONLY_ONE.len())
            .filter(|p| p.eq_ignore_ascii_case(ONLY_ONE))
            .map(|_| k[ONLY_ONE.len()..].trim())
    })
}

impl Game {
    /// Whether an enhancement joining `host` breaks an exclusivity: its own
    /// (`only one <k>` with a `<k>` already there) or one already on `host`.
    pub(crate) fn exclusive_taken(&self, def: &CardDef, host: CardId) -> bool {
        self.attachments.iter().any(|&a| {
            let ai = self.c(a);
            if ai.host != host || ai.zone != Zone::Attached || ai.face_down() {
                return false;
            }
            let held = self.db.get(ai.def);
            only_one(def).any(|k| held.has_keyword(k)) || only_one(held).any(|k| def.has_keyword(k))
        })
    }
}
