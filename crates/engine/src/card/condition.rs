//! Conditions an effect or a passive checks ("if you have 3 or more
//! influence"), and the comparison they use.

use serde::{Deserialize, Serialize};

use super::*;

/// A comparison: at least / at most a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cmp {
    AtLeast(i32),
    AtMost(i32),
}

impl Cmp {
    pub fn holds(self, v: i32) -> bool {
        match self {
            Cmp::AtLeast(n) => v >= n,
            Cmp::AtMost(n) => v <= n,
        }
    }
}

/// A passive requirement or a condition on an effect (Requirements).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    /// The faction has this many marks of a kind.
    Marks {
        kind: MarkKind,
        cmp: Cmp,
    },
    Influence(Cmp),
    Power(Cmp),
    Unrest(Cmp),
    /// The acting player's tension toward the target player.
    TensionTowardTarget(Cmp),
    /// Some player `who` names has a tension toward some other player
    /// `toward` names that compares so; with `mutual`, the second's toward
    /// the first does too ("tension between two other players is 5").
    Tension {
        who: Who,
        toward: Who,
        cmp: Cmp,
        mutual: bool,
    },
    /// The acting player is at war (with anyone).
    AtWar,
    /// The acting player is at war with the target player.
    AtWarWithTarget,
    /// The acting player controls this many cards matching a filter.
    Controls {
        filter: CardFilter,
        cmp: Cmp,
    },
    NonPlayer {
        force: Force,
        cmp: Cmp,
    },
    ShadowWar(bool),
    /// The acting player's race is this race.
    Race(Race),
    /// In a conflict's own effects: the margin it was won or lost by.
    Margin(Cmp),
    /// In a conflict's effects (or a trigger or aftermath about one): it
    /// was won uncontested (Glossary, Uncontested: "the initiator wins the
    /// conflict and no participant in the conflict (as of resolution)
    /// attacked during the conflict or opposed the conflict").
    Uncontested,
    /// The Chaos Tokens on all the cards the acting player controls (Drakh
    /// Rule 7).
    Chaos(Cmp),
    /// The credit tokens on the card itself, or, for an attached card, on
    /// the card it is on (Corporate Rule 6).
    Credits(Cmp),
    /// The acting player is in this state (States) with any player.
    InState(StateKind),
    /// The acting player is in this state with the target player.
    InStateWithTarget(StateKind),
    /// The card's own current ability ("while its Psi is 0"): the card the
    /// effect belongs to, or, for an attached card, the card it is on.
    CardAbility {
        ability: super::Ability,
        cmp: Cmp,
    },
    /// The card a selector names by its relation (the card itself, or the
    /// card it is on) matches the selector ("while this card is ready").
    Card(CardFilter),
    /// A revealed conflict of one of these types (bits of `1 <<
    /// Ability::idx`), not canceled, targets the acting player this turn:
    /// him, his race or a card in his faction.
    TargetedBy(u8),
    /// The condition does not hold.
    Not(Box<Condition>),
    /// Every one of these holds (two or more: "if you control a Homeworld
    /// of another race and no other player controls a location").
    All(Box<[Condition]>),
    /// At least one of these holds (two or more).
    Any(Box<[Condition]>),
    /// The action the acting player takes is his first of this Action
    /// Round (rulings: "As your first action"; a pass is an action).
    FirstAction,
    /// The first amount is at least the second ("if your influence is at
    /// least the target player's"), both worked out when it is checked.
    AtLeast(Box<[Amount; 2]>),
    /// In a conflict's effects (or a trigger or aftermath about one): an
    /// attack was made in it (rulings, Gunboat Diplomacy: "if one or more
    /// fleet attacks occur").
    AttackMade,
    /// A location this card conquered (`Op::Conquer`) is in the acting
    /// player's faction (rulings, Search for a Home: "if you control no
    /// locations you conquered using Search for a Home" is its negation).
    HoldsConquest,
}

impl Condition {
    #[inline]
    pub fn requires_mark(&self, kind: MarkKind) -> bool {
        match self {
            Condition::Marks {
                kind: k,
                cmp: Cmp::AtLeast(n),
            } => *k == kind && *n > 0,
            Condition::All(cs) => Condition::all_require_mark(cs, kind),
            _ => false,
        }
    }

    /// Every part must hold, so a mark one part requires is required.
    fn all_require_mark(cs: &[Condition], kind: MarkKind) -> bool {
        cs.iter().any(|c| c.requires_mark(kind))
    }

    /// Whether it (or any condition inside it) names the player `who`
    /// names, in a tension or in an amount it compares.
    pub fn uses_who(&self, who: Who) -> bool {
        self.any_part(&|c| match c {
            Condition::Tension {
                who: a, toward: b, ..
            } => *a == who || *b == who,
            Condition::AtLeast(v) => v.iter().any(|a| a.uses_who(who)),
            _ => false,
        })
    }

    /// Whether this condition or any condition inside it (negated, or a
    /// part of `all_of` / `any_of`) passes the test.
    pub fn any_part(&self, test: &impl Fn(&Condition) -> bool) -> bool {
        test(self)
            || match self {
                Condition::Not(c) => c.any_part(test),
                Condition::All(cs) | Condition::Any(cs) => cs.iter().any(|c| c.any_part(test)),
                _ => false,
            }
    }
}
