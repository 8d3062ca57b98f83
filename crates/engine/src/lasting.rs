//! Lasting effects with a condition (Bonuses and Blanking: bonuses that
//! occur "while" some effect is maintained expire when it is not; Lasting
//! and Sustainable Effects). A card's lasting effect applies while the card
//! is in play, face up and not blanked, and, if it has a condition ("while
//! you are at war"), while that condition holds for its controller.

use crate::card::def::Passive;
use crate::effects::Ctx;
use crate::ids::CardId;
use crate::state::{Game, Target};

impl Game {
    /// The lasting effects of a card in play that apply now.
    pub(crate) fn lasting(&self, src: CardId) -> impl Iterator<Item = &Passive> + '_ {
        let d = self.db.get(self.c(src).def);
        d.passives
            .iter()
            .enumerate()
            .filter(move |(i, _)| self.lasting_condition_holds(src, *i))
            .map(|(_, p)| p)
    }

    /// Whether lasting effect `i` of `src` has no condition, or its
    /// condition holds for the card's controller.
    /// Whether the condition of lasting effect `i` of `src` reads abilities.
    pub(crate) fn lasting_condition_reads_abilities(&self, src: CardId, i: usize) -> bool {
        let d = self.db.get(self.c(src).def);
        matches!(d.passive_if.get(i), Some(Some(c)) if c.reads_abilities())
    }

    pub(crate) fn lasting_condition_holds(&self, src: CardId, i: usize) -> bool {
        let d = self.db.get(self.c(src).def);
        match d.passive_if.get(i) {
            Some(Some(c)) => {
                self.condition_holds(c, &Ctx::new(self.you_of(src), src, Target::None))
            }
            _ => true,
        }
    }
}
