//! Changes to how attack damage is worked out (Resolving Attacks; Glossary
//! "Double, etc.": multipliers apply before additive changes, "a character
//! who is affected by both ... who is then attacked halves the damage
//! before subtracting 1"; rulings: "Whenever anything in the game is
//! rounded you always round up", "Effects that halve something (i.e.
//! damage) are not cumulative"). One piece for every such change: a card
//! effect with a duration or a lasting effect with a filter gives the cards
//! it reaches an [`AttackMod`]; the ones a card has add up.

use serde::{Deserialize, Serialize};

use super::Ability;

/// The ability an attack made by an effect uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackUsing {
    /// The ability named.
    Ability(Ability),
    /// Whichever of the target's abilities is highest, the target's
    /// controller choosing on a tie (rulings, Tu'Pari: "using whichever of
    /// the target's abilities is highest (target's choice if there is a
    /// tie)").
    TargetsHighest,
}

impl AttackUsing {
    /// Its name in card files.
    pub fn name(self) -> &'static str {
        match self {
            AttackUsing::Ability(a) => a.name(),
            AttackUsing::TargetsHighest => "highest",
        }
    }
}

/// How attacks treat one card: what it deals, what it suffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct AttackMod {
    /// The damage it deals in attacks is this much higher (negative: lower).
    pub deals: i8,
    /// The damage it deals in attacks is doubled (a multiplier).
    pub deals_double: bool,
    /// The damage dealt to it in attacks is this much higher (negative:
    /// lower, like damage resistance).
    pub suffers: i8,
    /// The damage dealt to it in attacks is halved, rounded up (a
    /// multiplier; not cumulative).
    pub suffers_half: bool,
    /// When it attacks, it suffers no damage in return.
    pub no_return: bool,
    /// The damage it deals in attacks is its printed ability minus its
    /// damage, and nothing raises it (rulings, Entrap: "does damage equal to
    /// its printed Military minus any damage it might have ... (no other
    /// sources of Military or damage increases are taken into account)").
    #[serde(default)]
    pub deals_printed: bool,
}

impl AttackMod {
    /// Whether it changes nothing.
    pub fn is_none(&self) -> bool {
        *self == AttackMod::default()
    }

    /// Two changes on one card: the numbers add up, a multiplier or "no
    /// damage in return" counts once.
    pub fn and(self, o: AttackMod) -> AttackMod {
        AttackMod {
            deals: self.deals.saturating_add(o.deals),
            deals_double: self.deals_double || o.deals_double,
            suffers: self.suffers.saturating_add(o.suffers),
            suffers_half: self.suffers_half || o.suffers_half,
            no_return: self.no_return || o.no_return,
            deals_printed: self.deals_printed || o.deals_printed,
        }
    }

    /// The damage `base` (the attacker's ability) becomes, with `from` the
    /// attacker's changes and `to` the target's: multipliers first (halving
    /// rounds up), then every addition (`plus`: Strife Marks and other
    /// lasting bonuses; this change's own numbers), then damage resistance;
    /// never below 0. With `from.deals_printed`, `base` is the printed
    /// ability minus the damage and only the changes that lower it count.
    pub fn damage(base: u8, plus: i32, from: AttackMod, to: AttackMod, resistance: u8) -> u8 {
        // Entrap: "no other sources of Military or damage increases".
        let raise = |n: i32| if from.deals_printed { n.min(0) } else { n };
        let mut d = base as i32;
        if from.deals_double && !from.deals_printed {
            d *= 2;
        }
        if to.suffers_half {
            d = (d + 1) / 2;
        }
        d += raise(plus) + raise(from.deals as i32) + raise(to.suffers as i32) - resistance as i32;
        d.clamp(0, 255) as u8
    }
}
