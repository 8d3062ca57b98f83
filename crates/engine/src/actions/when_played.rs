//! "When played" and "when sponsored" (Engine Rules v1.2, Playing Cards and
//! Card Details): "A card is played whenever it enters play by being
//! sponsored, through replacement or by being played. Any effects which
//! trigger on being played will trigger in all of those methods of
//! playing. Conversely if an effect triggers when a card is sponsored it
//! only triggers if the card entered play through being sponsored." A
//! supporting card's or agenda's `effects` are its "when sponsored"
//! effects; its `when_played` effects happen on every way in.

use crate::effects::interpreter::Ctx;
use crate::game::event::Events;
use crate::game::ids::{CardId, PlayerId};
use crate::game::state::{Game, Target};

impl Game {
    /// Runs the card's "when played" effects, if it has any (no allocation
    /// when it has none).
    pub(crate) fn run_when_played(
        &mut self,
        p: PlayerId,
        card: CardId,
        target: Target,
        ev: &mut Events,
    ) {
        let db = self.db.clone();
        let def = db.get(self.c(card).def);
        if def.when_played.is_empty() {
            return;
        }
        let ctx = Ctx::new(p, card, target);
        self.run_effects(&def.when_played, def.both, &ctx, ev);
    }
}
