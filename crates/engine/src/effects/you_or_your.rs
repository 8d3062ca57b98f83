//! Glossary, You or Your: "'You' refers to the controller of a card. [...]
//! There is one exception: if an enhancement targets a card in another
//! faction, or is a faction enhancement that is played on another faction,
//! then 'you' no longer refers to the controller of the card. Instead,
//! 'you' then refers to the target's faction" (rulings 7.6: it is still
//! controlled by the person who played it). The lasting text of such an
//! enhancement (its power bonus, its `passive` entries and their `if`) is
//! read for that faction.

use crate::card::def::CardType;
use crate::game::ids::{CardId, PlayerId};
use crate::game::state::{Game, NOBODY};

impl Game {
    /// Who "you" is for the lasting text of a card in play: the faction an
    /// enhancement is in (the faction of the card it is on, or the faction
    /// it was played on), else the card's controller.
    #[inline]
    pub(crate) fn you_of(&self, card: CardId) -> PlayerId {
        let inst = self.c(card);
        if inst.faction != NOBODY
            && inst.faction != inst.controller
            && self.db.get(inst.def).card_type == CardType::Enhancement
        {
            inst.faction
        } else {
            inst.controller
        }
    }
}
