//! The unit chit pile (Babylon 5 Empires: Unit Deck; Warp Empires: Units,
//! Recruit Phase): every unit with its count, speed, Force and cost.

use serde::{Deserialize, Serialize};

/// A unit's kind, as printed on its chit (Unit Deck).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Chit {
    CapitolShip,
    Cruiser,
    FighterComplement,
    CapableCommander,
    SeasonedDiplomat,
}

/// How far a unit moves on one move (Move Phase: Fast 1-3, Medium 1-2,
/// Slow 1; a Leader has no speed and must travel with other units).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    Medium,
    Fast,
    /// Leaders: "-", they travel with other units.
    WithOthers,
}

impl Speed {
    /// Spaces per move, `None` for a unit that cannot move alone.
    pub fn spaces(self) -> Option<u8> {
        match self {
            Speed::Slow => Some(1),
            Speed::Medium => Some(2),
            Speed::Fast => Some(3),
            Speed::WithOthers => None,
        }
    }
}

impl Chit {
    pub const ALL: [Chit; 5] = [
        Chit::CapitolShip,
        Chit::Cruiser,
        Chit::FighterComplement,
        Chit::CapableCommander,
        Chit::SeasonedDiplomat,
    ];

    /// Number of chits of this kind in one set of the pile (Unit Deck "#").
    pub fn count(self) -> u8 {
        match self {
            Chit::CapitolShip => 8,
            Chit::Cruiser => 12,
            Chit::FighterComplement => 16,
            Chit::CapableCommander => 8,
            Chit::SeasonedDiplomat => 8,
        }
    }

    /// Printed Force (Unit Deck "F"); a Diplomat has none.
    pub fn force(self) -> i32 {
        match self {
            Chit::CapitolShip => 10,
            Chit::Cruiser => 6,
            Chit::FighterComplement => 2,
            Chit::CapableCommander => 10,
            Chit::SeasonedDiplomat => 0,
        }
    }

    /// Unit Deck "Move".
    pub fn speed(self) -> Speed {
        match self {
            Chit::CapitolShip => Speed::Slow,
            Chit::Cruiser => Speed::Medium,
            Chit::FighterComplement | Chit::SeasonedDiplomat => Speed::Fast,
            Chit::CapableCommander => Speed::WithOthers,
        }
    }

    /// Recruit Phase: "A unit's cost is equal to its Force value"; the
    /// Seasoned Diplomat "Costs 10".
    pub fn cost(self) -> i32 {
        match self {
            Chit::SeasonedDiplomat => 10,
            c => c.force(),
        }
    }

    pub fn is_ship(self) -> bool {
        matches!(self, Chit::CapitolShip | Chit::Cruiser)
    }

    pub fn is_fighter(self) -> bool {
        self == Chit::FighterComplement
    }

    /// Unit Deck notes: the Capable Commander is a Leader.
    pub fn is_leader(self) -> bool {
        self == Chit::CapableCommander
    }

    pub fn is_diplomat(self) -> bool {
        self == Chit::SeasonedDiplomat
    }

    /// Takes part in battles: "Diplomats cannot attack or be attacked".
    pub fn fights(self) -> bool {
        !self.is_diplomat()
    }

    pub fn name(self) -> &'static str {
        match self {
            Chit::CapitolShip => "Capitol Ship",
            Chit::Cruiser => "Cruiser",
            Chit::FighterComplement => "Fighter Complement",
            Chit::CapableCommander => "Capable Commander",
            Chit::SeasonedDiplomat => "Seasoned Diplomat",
        }
    }
}

/// The markers built in the Recruit Phase (Other Markers). They are
/// fortifications: Move 0, and destroyed when their stack loses a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Marker {
    Colony,
    Shipyard,
    Jumpgate,
}

impl Marker {
    pub const ALL: [Marker; 3] = [Marker::Colony, Marker::Shipyard, Marker::Jumpgate];

    /// Other Markers "F".
    pub fn force(self) -> i32 {
        match self {
            Marker::Colony | Marker::Shipyard => 5,
            Marker::Jumpgate => 1,
        }
    }

    /// Other Markers "Costs".
    pub fn cost(self) -> i32 {
        match self {
            Marker::Colony | Marker::Shipyard => 5,
            Marker::Jumpgate => 10,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Marker::Colony => "Colony",
            Marker::Shipyard => "Shipyard",
            Marker::Jumpgate => "Jumpgate",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_deck_counts_and_values() {
        let total: u32 = Chit::ALL.iter().map(|c| c.count() as u32).sum();
        assert_eq!(total, 8 + 12 + 16 + 8 + 8);
        assert_eq!(Chit::CapitolShip.speed().spaces(), Some(1));
        assert_eq!(Chit::Cruiser.speed().spaces(), Some(2));
        assert_eq!(Chit::FighterComplement.speed().spaces(), Some(3));
        assert_eq!(Chit::SeasonedDiplomat.speed().spaces(), Some(3));
        assert_eq!(Chit::CapableCommander.speed().spaces(), None);
        assert_eq!(Chit::SeasonedDiplomat.cost(), 10);
        assert_eq!(Chit::FighterComplement.cost(), 2);
        assert_eq!(Marker::Jumpgate.cost(), 10);
        assert_eq!(Marker::Colony.force() + Marker::Shipyard.force(), 10);
    }
}
