//! The shared action deck (Babylon 5 Empires: Action Deck Card List; Draw
//! Phase: "If the deck runs out, shuffle the discard and draw from it").

use serde::{Deserialize, Serialize};

/// An action card. Copies are interchangeable, so a card is its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Card {
    TacticalMoveOrder,
    StrategicMoveOrder,
    LongRangeBarrage,
    SurroundFoe,
    Ambush,
    Dogfighting,
    Deception,
    HeavyWeapons,
    ArmoredHull,
    Intrigue,
    Sabotage,
    Raiding,
    Espionage,
    Assassination,
    Reconnaissance,
    SpecialCard,
    TheShadowsEmerge,
    Intelligence,
    Security,
    PeaceTreaty,
    Diplomacy,
    Steal,
    CriticalHit,
    PointDefense,
    IncreaseProduction,
    HeavyTrade,
    Research,
    Quantium40,
    Revolt,
    Intercept,
    Retreat,
}

/// When a card may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// In your own Move Phase.
    Move,
    /// In a battle you fight ("Battle:" cards).
    Battle,
    /// In answer to another player (Diplomacy, Intercept, Security).
    Reaction,
    /// Spent to build a Jumpgate in the Recruit Phase (Quantium 40).
    Build,
    /// The Special Card: played as one of its race's three cards.
    Special,
}

/// What a card is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    None,
    /// An opponent.
    Player,
    /// An opponent's stack.
    Stack,
    /// A Commander or Diplomat in an opponent's stack.
    Leader,
    /// A planetary system that is not a homesystem.
    System,
    /// An enemy unit in the battle.
    BattleUnit,
    /// Armored Hull: +6 Force, or negate one casualty.
    ArmoredHull,
}

impl Card {
    pub const ALL: [Card; 31] = [
        Card::TacticalMoveOrder,
        Card::StrategicMoveOrder,
        Card::LongRangeBarrage,
        Card::SurroundFoe,
        Card::Ambush,
        Card::Dogfighting,
        Card::Deception,
        Card::HeavyWeapons,
        Card::ArmoredHull,
        Card::Intrigue,
        Card::Sabotage,
        Card::Raiding,
        Card::Espionage,
        Card::Assassination,
        Card::Reconnaissance,
        Card::SpecialCard,
        Card::TheShadowsEmerge,
        Card::Intelligence,
        Card::Security,
        Card::PeaceTreaty,
        Card::Diplomacy,
        Card::Steal,
        Card::CriticalHit,
        Card::PointDefense,
        Card::IncreaseProduction,
        Card::HeavyTrade,
        Card::Research,
        Card::Quantium40,
        Card::Revolt,
        Card::Intercept,
        Card::Retreat,
    ];

    /// Copies in the deck (Action Deck Card List "#").
    pub fn count(self) -> u8 {
        match self {
            Card::TacticalMoveOrder => 15,
            Card::StrategicMoveOrder => 6,
            Card::SpecialCard => 6,
            Card::TheShadowsEmerge
            | Card::Steal
            | Card::CriticalHit
            | Card::PointDefense
            | Card::Revolt => 1,
            _ => 2,
        }
    }

    pub fn timing(self) -> Timing {
        use Card::*;
        match self {
            LongRangeBarrage | SurroundFoe | Ambush | Dogfighting | Deception | HeavyWeapons
            | ArmoredHull | CriticalHit | PointDefense | Retreat => Timing::Battle,
            Security | Diplomacy | Intercept => Timing::Reaction,
            Quantium40 => Timing::Build,
            SpecialCard => Timing::Special,
            _ => Timing::Move,
        }
    }

    pub fn target_kind(self) -> TargetKind {
        use Card::*;
        match self {
            Intrigue | Sabotage | Raiding | Espionage | PeaceTreaty | Steal => TargetKind::Player,
            Reconnaissance | TheShadowsEmerge => TargetKind::Stack,
            Assassination => TargetKind::Leader,
            Revolt => TargetKind::System,
            CriticalHit | PointDefense => TargetKind::BattleUnit,
            ArmoredHull => TargetKind::ArmoredHull,
            _ => TargetKind::None,
        }
    }

    /// Security: "Negate an Espionage, Sabotage, Steal, or Recon card".
    pub fn securable(self) -> bool {
        matches!(
            self,
            Card::Espionage | Card::Sabotage | Card::Steal | Card::Reconnaissance
        )
    }

    pub fn name(self) -> &'static str {
        use Card::*;
        match self {
            TacticalMoveOrder => "Tactical Move Order",
            StrategicMoveOrder => "Strategic Move Order",
            LongRangeBarrage => "Long Range Barrage",
            SurroundFoe => "Surround Foe",
            Ambush => "Ambush",
            Dogfighting => "Dogfighting",
            Deception => "Deception",
            HeavyWeapons => "Heavy Weapons",
            ArmoredHull => "Armored Hull",
            Intrigue => "Intrigue",
            Sabotage => "Sabotage",
            Raiding => "Raiding",
            Espionage => "Espionage",
            Assassination => "Assassination",
            Reconnaissance => "Reconnaissance",
            SpecialCard => "Special Card",
            TheShadowsEmerge => "The Shadows Emerge",
            Intelligence => "Intelligence",
            Security => "Security",
            PeaceTreaty => "Peace Treaty",
            Diplomacy => "Diplomacy",
            Steal => "Steal",
            CriticalHit => "Critical Hit",
            PointDefense => "Point Defense",
            IncreaseProduction => "Increase Production",
            HeavyTrade => "Heavy Trade",
            Research => "Research",
            Quantium40 => "Quantium 40",
            Revolt => "Revolt",
            Intercept => "Intercept",
            Retreat => "Retreat",
        }
    }

    /// The card's line of the list, as the document words it.
    pub fn text(self) -> &'static str {
        use Card::*;
        match self {
            TacticalMoveOrder => "Move 1 Stack",
            StrategicMoveOrder => "Move 2 or 3 Stacks",
            LongRangeBarrage => "Battle: Each ship Gains Force +2",
            SurroundFoe => "Battle: Each Ftr & ship Gains Force +1",
            Ambush => "Battle: Gain Force +2D6",
            Dogfighting => "Battle: Each Fighter Gains Force +2",
            Deception => "Battle: Gain Force +7",
            HeavyWeapons => "Battle: Each Capitol ship gets Force +4",
            ArmoredHull => "Battle: Gain Force +6 or negate one casualty",
            Intrigue => "Take 1 random card from opponent",
            Sabotage => "Opponent must discard 2 Cards",
            Raiding => "Opponent generates 5 less Revenue points this turn",
            Espionage => "Look at opponents hand",
            Assassination => "Kill Target Commander or Diplomat",
            Reconnaissance => "Look at target stack",
            SpecialCard => "Specific to Race",
            TheShadowsEmerge => "Destroy target stack not on Homeworld or B5",
            Intelligence => "Look at next 7 cards in deck",
            Security => "Negate an Espionage, Sabotage, Steal, or Recon card",
            PeaceTreaty => "Opponent cannot attack you this turn",
            Diplomacy => "Negate Target Move",
            Steal => "Take 2 revenue points from target player",
            CriticalHit => "Battle: Destroy 1 Ship",
            PointDefense => "Battle: Destroy 1 Fighter",
            IncreaseProduction => "Gain 5 extra Revenue points this turn",
            HeavyTrade => "Gain 1 extra Revenue this turn per system you control",
            Research => "Draw 2 cards",
            Quantium40 => "Needed to build a Stargate",
            Revolt => "Target Non-Homeworld System no revenue 1D6 turns",
            Intercept => "Move 1 Stack any time during opponents Move Phase",
            Retreat => "Battle: Neither side suffers casualties",
        }
    }

    /// Every card of the deck, in list order (shuffled at set-up).
    pub fn full_deck() -> Vec<Card> {
        Card::ALL
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, c.count() as usize))
            .collect()
    }
}
