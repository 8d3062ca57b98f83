//! Severe damage and set abilities as effects.
//!
//! Severe damage (Engine Rules v1.2, The Effects of Damage and
//! Neutralization: severe damage tokens lie on the back of a neutralized
//! card; Glossary: "damage" means normal damage unless severe is said):
//! "target character suffers N severe damage" neutralizes the card if it is
//! not (its normal damage is discarded, as when an effect neutralizes:
//! rulings 4.9) and puts N severe damage tokens on it; a card already
//! neutralized still takes them (rulings, Extermination: "the Character
//! still takes severe damage because it specifically says it adds severe
//! damage").
//!
//! Setting an ability ("its Psi becomes 0 this turn"): Modifying abilities
//! says changes to the printed ability come first, then multipliers, then
//! additions; a value that an ability "becomes" is treated as the printed
//! value for the duration (rulings, Fast Learning: "the Character's printed
//! Psi ability goes to one ... the Character's Psi becomes 1"), so doubling
//! and bonuses still apply to it, damage still counts, and an "all
//! abilities" bonus does not raise a Psi set to 0.

use crate::card::{CardSel, Duration};
use crate::effects::interpreter::Ctx;
use crate::game::event::Events;
use crate::game::state::{Game, ModKind};

impl Game {
    /// The `severe_damage` effect. False if no card was there.
    pub(crate) fn severe_damage_effect(
        &mut self,
        n: u8,
        card: CardSel,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        let mut any = false;
        for c in self.sel_cards(card, ctx) {
            if n == 0 || !self.c(c).zone.on_table() {
                continue;
            }
            if self.c(c).neutralized() {
                let ci = self.cm(c);
                ci.severe = ci.severe.saturating_add(n);
            } else {
                self.set_neutralized(c, n, ev);
            }
            any = true;
        }
        any
    }

    /// The `set` and `becomes` effects: the printed ability, or the ability
    /// after every modifier, becomes a value for the duration (`kind`).
    pub(crate) fn set_ability_effect(
        &mut self,
        kind: ModKind,
        card: CardSel,
        duration: Duration,
        ctx: &Ctx,
    ) -> bool {
        let cs = self.sel_cards(card, ctx);
        for &c in &cs {
            self.push_mod(c, kind, duration, ctx);
        }
        !cs.is_empty()
    }
}
