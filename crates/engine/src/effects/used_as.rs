//! "Used As" (Engine Rules v1.2, Glossary): "Normally, no ability may be
//! used to attack another ability. However, if a card states that one
//! ability may be used as another, the character acts as if he had the new
//! ability at the same level as his old ability for the rest of the turn.
//! Note, however, that this is NOT the same as using a non-standard ability
//! within a given conflict."
//!
//!
//! Where it counts: Engine Rules v1.2, 6.j (Using one ability as another):
//! "When a card allows you to use one ability as another, this may only be
//! done for purposes of participating in conflicts, attacking, or (when
//! using an ability as Leadership) for leading a fleet." So it lasts the
//! rest of the turn and reaches every conflict and attack of it (not a
//! permission limited to one conflict), but only there:
//! [`Game::used_ability`] is read for supporting and opposing (and the
//! totals), attacking (the ability attacked with, the damage dealt and
//! dealt in return: 6.j's example) and leading a fleet (the leader's
//! Leadership and what it adds to the fleet); [`Game::ability`], read by
//! filters, requirements, conditions, amounts, initiative and the views'
//! abilities, is the card's own. The card keeps its old ability; the new
//! one is at least the old one's level ("may use": a higher rating of its
//! own still counts).

use crate::card::Ability;
use crate::card::{CardSel, Duration};
use crate::effects::interpreter::Ctx;
use crate::game::state::{Game, ModKind};

/// Raises each ability to the level of the abilities used as it
/// (`use_as[to]` holds a bit per ability `from`), read from the values
/// before any "used as" applies.
pub(crate) fn apply(out: &mut [u8; 5], use_as: &[u8; 5]) {
    let before = *out;
    for to in Ability::ALL {
        let mask = use_as[to.idx()];
        for from in Ability::ALL {
            if mask & (1 << from.idx()) != 0 {
                out[to.idx()] = out[to.idx()].max(before[from.idx()]);
            }
        }
    }
}

impl Game {
    /// The `use_as` effect: the cards selected use `from` as `to` for the
    /// rest of the turn. False if no card was selected.
    pub(crate) fn use_as_effect(
        &mut self,
        from: Ability,
        to: Ability,
        card: CardSel,
        ctx: &Ctx,
    ) -> bool {
        let cs = self.sel_cards(card, ctx);
        for &c in &cs {
            self.push_mod(c, ModKind::UseAs(from, to), Duration::Turn, ctx);
        }
        !cs.is_empty()
    }
}
