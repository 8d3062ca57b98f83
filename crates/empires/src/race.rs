//! The four races (Babylon 5 Empires: Races, Race Notes): force bonuses and
//! what each race's Special Card may be used as.

use serde::{Deserialize, Serialize};

use crate::chits::Chit;
use crate::deck::Card;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Race {
    Centauri,
    Earthforce,
    Minbari,
    Narn,
}

impl Race {
    pub const ALL: [Race; 4] = [Race::Centauri, Race::Earthforce, Race::Minbari, Race::Narn];

    pub fn name(self) -> &'static str {
        match self {
            Race::Centauri => "The Centauri Empire",
            Race::Earthforce => "The Earthforce Alliance",
            Race::Minbari => "The Minbari Federation",
            Race::Narn => "The Narn Regime",
        }
    }

    pub fn short(self) -> &'static str {
        match self {
            Race::Centauri => "Centauri",
            Race::Earthforce => "Earthforce",
            Race::Minbari => "Minbari",
            Race::Narn => "Narn",
        }
    }

    /// Parses a race's short name, case-insensitively.
    pub fn parse(s: &str) -> Option<Race> {
        Race::ALL
            .into_iter()
            .find(|r| r.short().eq_ignore_ascii_case(s.trim()))
    }

    /// Race Notes: "Special Card: Use as a ..., ..., or ... card".
    pub fn special_uses(self) -> [Card; 3] {
        match self {
            Race::Earthforce => [Card::PeaceTreaty, Card::HeavyTrade, Card::Research],
            Race::Narn => [Card::Steal, Card::Espionage, Card::Sabotage],
            Race::Minbari => [
                Card::StrategicMoveOrder,
                Card::IncreaseProduction,
                Card::Security,
            ],
            Race::Centauri => [Card::Diplomacy, Card::Intelligence, Card::Intrigue],
        }
    }

    /// The chit as this race fields it: "Minbari do not have Cruisers, they
    /// treat Cruiser Counters as Capitol Ship counters".
    pub fn fields(self, chit: Chit) -> Chit {
        match (self, chit) {
            (Race::Minbari, Chit::Cruiser) => Chit::CapitolShip,
            (_, c) => c,
        }
    }

    /// Race Notes force bonus for a unit of this race (of the kind it
    /// fields).
    pub fn force_bonus(self, kind: Chit) -> i32 {
        match self {
            // Earth Force Fighters have +6 Force.
            Race::Earthforce if kind.is_fighter() => 6,
            // All Narn Ships & Fighters have +2 Force.
            Race::Narn if kind.is_ship() || kind.is_fighter() => 2,
            // Minbari Capitol Ships have +4 Force.
            Race::Minbari if kind == Chit::CapitolShip => 4,
            // Centauri Capitol & Cruiser Ships have +3 Force.
            Race::Centauri if kind.is_ship() => 3,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn race_notes() {
        assert_eq!(Race::Earthforce.force_bonus(Chit::FighterComplement), 6);
        assert_eq!(Race::Earthforce.force_bonus(Chit::CapitolShip), 0);
        assert_eq!(Race::Narn.force_bonus(Chit::Cruiser), 2);
        assert_eq!(Race::Narn.force_bonus(Chit::FighterComplement), 2);
        assert_eq!(Race::Narn.force_bonus(Chit::CapableCommander), 0);
        assert_eq!(Race::Minbari.force_bonus(Chit::CapitolShip), 4);
        assert_eq!(Race::Minbari.fields(Chit::Cruiser), Chit::CapitolShip);
        assert_eq!(Race::Centauri.fields(Chit::Cruiser), Chit::Cruiser);
        assert_eq!(Race::Centauri.force_bonus(Chit::Cruiser), 3);
        assert_eq!(Race::Centauri.force_bonus(Chit::FighterComplement), 0);
        assert_eq!(Race::parse(" narn"), Some(Race::Narn));
        for r in Race::ALL {
            assert!(!r.special_uses().contains(&Card::SpecialCard));
        }
    }
}
