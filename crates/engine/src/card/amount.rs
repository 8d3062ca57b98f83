//! Amounts worked out from the game state ("X, where X is half the target's
//! Psi"; "for each 5 by which the conflict was won"). An effect that takes a
//! number may take an [`Amount`] instead; the engine works it out when the
//! effect happens (`crate::effects::amount`), without allocating.

use serde::{Deserialize, Serialize};

use super::Ability;
use super::{CardSel, Force, Who};

/// What an amount starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AmountBase {
    /// A fixed number.
    Const(i16),
    /// An ability of the cards selected (summed over them; 0 for none):
    /// the current rating, or the printed value with `printed`.
    Ability {
        ability: Ability,
        card: CardSel,
        printed: bool,
    },
    /// The Influence Rating of the players named (summed).
    Influence(Who),
    /// The power of the players named (summed).
    Power(Who),
    /// The unrest of the players named (summed).
    Unrest(Who),
    /// The influence the players named have applied this turn (their spent
    /// pools, summed: Influence and Influence Rating).
    Spent(Who),
    /// The cards in the hands of the players named (summed).
    Hand(Who),
    /// The credit tokens on the cards selected (summed; Corporate Rule 6).
    Credits(CardSel),
    /// The marks of a kind on the cards selected, printed and gained
    /// (summed; Card Anatomy: Marks).
    Marks(super::MarkKind, CardSel),
    /// The damage tokens (normal damage) on the cards selected (summed).
    Damage(CardSel),
    /// The printed cost of the cards selected (summed; a card with no cost
    /// counts 0).
    Cost(CardSel),
    /// How many cards the selector names ("the number of cards supporting
    /// this conflict": `Supporters`).
    Cards(CardSel),
    /// The influence of a non-player force (Babylon 5, the Shadows, the Vorlons).
    NonPlayer(Force),
    /// One per N points of the margin a conflict was won or lost by
    /// ("for each 5 by which the conflict was won"); 0 outside a conflict.
    /// Never rounded (rulings 8.13: "if you have two X you get one Y").
    PerMargin(u8),
    /// The sum of several amounts.
    Sum(Vec<Amount>),
    /// The least of several amounts.
    Min(Vec<Amount>),
    /// The greatest of several amounts.
    Max(Vec<Amount>),
    /// The number of cards in play on the table matching the filter
    /// (relative to the card's controller: `side = "own"` = "you control").
    Count(super::CardFilter),
    /// The tension of the players the first names toward those the second
    /// names (summed; a player has none toward himself).
    Tension(Who, Who),
}

/// How a halved amount is rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rounding {
    Up,
    Down,
}

/// An amount: a base, then `times`, then halving (rounded up unless the card says down), then
/// `plus`, then kept within `at_least`..`at_most`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amount {
    pub base: AmountBase,
    pub times: i16,
    /// Halved, rounded as given.
    pub half: Option<Rounding>,
    pub plus: i16,
    pub at_least: Option<i16>,
    pub at_most: Option<i16>,
}

impl Amount {
    pub fn of(base: AmountBase) -> Amount {
        Amount {
            base,
            times: 1,
            half: None,
            plus: 0,
            at_least: None,
            at_most: None,
        }
    }

    /// Applies the arithmetic to a worked-out base value.
    pub fn finish(&self, base: i32) -> i32 {
        let mut v = base.saturating_mul(self.times as i32);
        match self.half {
            // Rulings 8.13, Cumulative Effects: whatever is rounded is
            // rounded up unless the card says otherwise.
            Some(Rounding::Up) => v = (v + 1).div_euclid(2),
            Some(Rounding::Down) => v = v.div_euclid(2),
            None => {}
        }
        v = v.saturating_add(self.plus as i32);
        if let Some(lo) = self.at_least {
            v = v.max(lo as i32);
        }
        if let Some(hi) = self.at_most {
            v = v.min(hi as i32);
        }
        v
    }

    /// Whether it needs a card target (`of = "target"`).
    pub fn uses_card_target(&self) -> bool {
        self.uses_sel(CardSel::Target)
    }

    /// Whether it names the card `sel` selects (`of = "target"`, `"second"`).
    pub fn uses_sel(&self, sel: CardSel) -> bool {
        match &self.base {
            AmountBase::Ability { card, .. }
            | AmountBase::Credits(card)
            | AmountBase::Marks(_, card)
            | AmountBase::Damage(card)
            | AmountBase::Cost(card)
            | AmountBase::Cards(card) => *card == sel,
            AmountBase::Sum(v) | AmountBase::Min(v) | AmountBase::Max(v) => {
                v.iter().any(|a| a.uses_sel(sel))
            }
            _ => false,
        }
    }

    /// Whether working it out reads a card's current abilities (a current
    /// rating, or a count whose filter has a threshold).
    pub fn reads_abilities(&self) -> bool {
        match &self.base {
            AmountBase::Ability { printed, .. } => !printed,
            AmountBase::Count(f) => f.reads_abilities(),
            AmountBase::Sum(v) | AmountBase::Min(v) | AmountBase::Max(v) => {
                v.iter().any(Amount::reads_abilities)
            }
            _ => false,
        }
    }

    /// Whether it names the target player.
    pub fn uses_player_target(&self) -> bool {
        self.uses_who(Who::Target)
    }

    /// Whether it names the player `who` names.
    pub fn uses_who(&self, who: Who) -> bool {
        match &self.base {
            AmountBase::Influence(w)
            | AmountBase::Power(w)
            | AmountBase::Unrest(w)
            | AmountBase::Hand(w)
            | AmountBase::Spent(w) => *w == who,
            AmountBase::Tension(a, b) => *a == who || *b == who,
            AmountBase::Ability {
                card: CardSel::Ambassador(w),
                ..
            }
            | AmountBase::Credits(CardSel::Ambassador(w))
            | AmountBase::Marks(_, CardSel::Ambassador(w))
            | AmountBase::Damage(CardSel::Ambassador(w))
            | AmountBase::Cost(CardSel::Ambassador(w))
            | AmountBase::Cards(CardSel::Ambassador(w)) => *w == who,
            AmountBase::Sum(v) | AmountBase::Min(v) | AmountBase::Max(v) => {
                v.iter().any(|a| a.uses_who(who))
            }
            _ => false,
        }
    }
}
