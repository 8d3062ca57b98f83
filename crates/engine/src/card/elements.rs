//! The game elements a card is made of (Engine Rules v1.2: Game Elements,
//! Cards): its type, race, abilities, marks, uniqueness, faction, what it
//! attaches to, what it targets, and the sides and rows of a conflict.

use serde::{Deserialize, Serialize};

/// The ten card types (Engine Rules v1.2: Game Elements, Cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    Character,
    Group,
    Fleet,
    Location,
    Enhancement,
    Agenda,
    Event,
    Conflict,
    Aftermath,
    Contingency,
}

impl CardType {
    pub const ALL: [CardType; 10] = [
        CardType::Character,
        CardType::Group,
        CardType::Fleet,
        CardType::Location,
        CardType::Enhancement,
        CardType::Agenda,
        CardType::Event,
        CardType::Conflict,
        CardType::Aftermath,
        CardType::Contingency,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CardType::Character => "character",
            CardType::Group => "group",
            CardType::Fleet => "fleet",
            CardType::Location => "location",
            CardType::Enhancement => "enhancement",
            CardType::Agenda => "agenda",
            CardType::Event => "event",
            CardType::Conflict => "conflict",
            CardType::Aftermath => "aftermath",
            CardType::Contingency => "contingency",
        }
    }

    pub fn parse(s: &str) -> Option<CardType> {
        CardType::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Supporting cards enter play by being sponsored into the supporting row
    /// (Action Details: Sponsor a Supporting Card).
    pub fn is_supporting(self) -> bool {
        matches!(
            self,
            CardType::Character | CardType::Group | CardType::Fleet | CardType::Location
        )
    }

    pub fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// Races and racial loyalties (Races and Factions). `Neutral` is not a race:
/// a neutral card is loyal to no race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Race {
    Centauri,
    Human,
    Minbari,
    Narn,
    NonAligned,
    Shadow,
    Vorlon,
    Drakh,
    Neutral,
}

impl std::fmt::Display for Race {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.display())
    }
}

impl Race {
    pub const ALL: [Race; 9] = [
        Race::Centauri,
        Race::Human,
        Race::Minbari,
        Race::Narn,
        Race::NonAligned,
        Race::Shadow,
        Race::Vorlon,
        Race::Drakh,
        Race::Neutral,
    ];
    /// The five races a player may choose.
    pub const PLAYABLE: [Race; 5] = [
        Race::Centauri,
        Race::Human,
        Race::Minbari,
        Race::Narn,
        Race::NonAligned,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Race::Centauri => "centauri",
            Race::Human => "human",
            Race::Minbari => "minbari",
            Race::Narn => "narn",
            Race::NonAligned => "non-aligned",
            Race::Shadow => "shadow",
            Race::Vorlon => "vorlon",
            Race::Drakh => "drakh",
            Race::Neutral => "neutral",
        }
    }

    pub fn display(self) -> &'static str {
        match self {
            Race::Centauri => "Centauri",
            Race::Human => "Human",
            Race::Minbari => "Minbari",
            Race::Narn => "Narn",
            Race::NonAligned => "Non-Aligned",
            Race::Shadow => "Shadow",
            Race::Vorlon => "Vorlon",
            Race::Drakh => "Drakh",
            Race::Neutral => "Neutral",
        }
    }

    pub fn parse(s: &str) -> Option<Race> {
        let s = s.to_ascii_lowercase();
        Race::ALL
            .into_iter()
            .find(|r| r.name() == s || (s == "nonaligned" && *r == Race::NonAligned))
    }

    pub fn is_playable(self) -> bool {
        Race::PLAYABLE.contains(&self)
    }

    /// Index into the starting-tension table (playable races only).
    pub fn table_index(self) -> Option<usize> {
        Race::PLAYABLE.iter().position(|r| *r == self)
    }
}

/// The five abilities; index order is the printed order, which is also the
/// initiative tie-break order after Diplomacy (Initiative: Diplomacy, then
/// Intrigue, Psi and Leadership).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Ability {
    Diplomacy = 0,
    Intrigue = 1,
    Psi = 2,
    Leadership = 3,
    Military = 4,
}

impl Ability {
    pub const ALL: [Ability; 5] = [
        Ability::Diplomacy,
        Ability::Intrigue,
        Ability::Psi,
        Ability::Leadership,
        Ability::Military,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Ability::Diplomacy => "diplomacy",
            Ability::Intrigue => "intrigue",
            Ability::Psi => "psi",
            Ability::Leadership => "leadership",
            Ability::Military => "military",
        }
    }

    pub fn display(self) -> &'static str {
        match self {
            Ability::Diplomacy => "Diplomacy",
            Ability::Intrigue => "Intrigue",
            Ability::Psi => "Psi",
            Ability::Leadership => "Leadership",
            Ability::Military => "Military",
        }
    }

    pub fn parse(s: &str) -> Option<Ability> {
        Ability::ALL.into_iter().find(|a| a.name() == s)
    }

    pub fn idx(self) -> usize {
        self as usize
    }
}

/// The six kinds of marks (Card Anatomy: Marks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum MarkKind {
    Destiny = 0,
    Doom = 1,
    Strife = 2,
    Conspiracy = 3,
    Shadow = 4,
    Vorlon = 5,
}

impl MarkKind {
    pub const ALL: [MarkKind; 6] = [
        MarkKind::Destiny,
        MarkKind::Doom,
        MarkKind::Strife,
        MarkKind::Conspiracy,
        MarkKind::Shadow,
        MarkKind::Vorlon,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Destiny => "destiny",
            MarkKind::Doom => "doom",
            MarkKind::Strife => "strife",
            MarkKind::Conspiracy => "conspiracy",
            MarkKind::Shadow => "shadow",
            MarkKind::Vorlon => "vorlon",
        }
    }

    pub fn parse(s: &str) -> Option<MarkKind> {
        MarkKind::ALL.into_iter().find(|m| m.name() == s)
    }

    pub fn idx(self) -> usize {
        self as usize
    }

    /// Shadow and Vorlon marks are mutually allergic (Allergic Cards and Marks).
    pub fn allergic_to(self) -> Option<MarkKind> {
        match self {
            MarkKind::Shadow => Some(MarkKind::Vorlon),
            MarkKind::Vorlon => Some(MarkKind::Shadow),
            _ => None,
        }
    }
}

/// Multiple, limited or unique (Playing Cards and Card Details).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Uniqueness {
    Multiple,
    Limited,
    Unique,
}

impl Uniqueness {
    /// Characters, groups and locations are limited unless specified
    /// otherwise; fleets are limited within a race; all other cards are
    /// multiple (Playing Cards and Card Details).
    pub fn default_for(t: CardType) -> Uniqueness {
        match t {
            CardType::Character | CardType::Group | CardType::Location | CardType::Fleet => {
                Uniqueness::Limited
            }
            _ => Uniqueness::Multiple,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Uniqueness::Multiple => "multiple",
            Uniqueness::Limited => "limited",
            Uniqueness::Unique => "unique",
        }
    }
}

/// Faction designations a player may start as (Races and Factions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Faction {
    BabylonProject,
    Home,
    Corporate,
    PsiCorps,
}

impl Faction {
    pub const ALL: [Faction; 4] = [
        Faction::BabylonProject,
        Faction::Home,
        Faction::Corporate,
        Faction::PsiCorps,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Faction::BabylonProject => "babylon project",
            Faction::Home => "home",
            Faction::Corporate => "corporate",
            Faction::PsiCorps => "psi corps",
        }
    }

    pub fn parse(s: &str) -> Option<Faction> {
        let s = s.to_ascii_lowercase().replace(['-', '_'], " ");
        match s.as_str() {
            "babylon project" => Some(Faction::BabylonProject),
            "home" | "home faction" => Some(Faction::Home),
            "corporate" => Some(Faction::Corporate),
            "psi corps" => Some(Faction::PsiCorps),
            _ => None,
        }
    }
}

/// The five conflict types (Conflict Cards): each is resolved with one ability.
pub type ConflictKind = Ability;

/// What an enhancement (or a contingency or aftermath) is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttachKind {
    Character,
    Fleet,
    Location,
    Group,
    Agenda,
    Faction,
    Global,
    /// A contingency on one of its player's conflicts this turn (rulings
    /// 7.5: "Contingencies played on a Military Conflict are discarded
    /// when revealed"; they leave with the conflict card).
    Conflict,
}

impl AttachKind {
    pub fn name(self) -> &'static str {
        match self {
            AttachKind::Character => "character",
            AttachKind::Fleet => "fleet",
            AttachKind::Location => "location",
            AttachKind::Group => "group",
            AttachKind::Agenda => "agenda",
            AttachKind::Faction => "faction",
            AttachKind::Global => "global",
            AttachKind::Conflict => "conflict",
        }
    }

    pub fn parse(s: &str) -> Option<AttachKind> {
        [
            AttachKind::Character,
            AttachKind::Fleet,
            AttachKind::Location,
            AttachKind::Group,
            AttachKind::Agenda,
            AttachKind::Faction,
            AttachKind::Global,
            AttachKind::Conflict,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }

    /// The card type this kind attaches to, if it attaches to a card.
    pub fn card_type(self) -> Option<CardType> {
        match self {
            AttachKind::Character => Some(CardType::Character),
            AttachKind::Fleet => Some(CardType::Fleet),
            AttachKind::Location => Some(CardType::Location),
            AttachKind::Group => Some(CardType::Group),
            AttachKind::Agenda => Some(CardType::Agenda),
            AttachKind::Conflict => Some(CardType::Conflict),
            AttachKind::Faction | AttachKind::Global => None,
        }
    }
}

/// What a conflict, event or aftermath targets (Legal Targets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TargetKind {
    None,
    Player,
    Race,
    Card,
    /// A conflict initiated this turn (card actions and events).
    Conflict,
    /// An event another player played since the acting player's last
    /// Action Round turn, named by its card (`Target::Card`): what a
    /// `reverse = "event"` effect reverses (rulings, Not Meant To Be;
    /// `reversal/since.rs`).
    Event,
}

impl TargetKind {
    pub fn name(self) -> &'static str {
        match self {
            TargetKind::None => "none",
            TargetKind::Player => "player",
            TargetKind::Race => "race",
            TargetKind::Card => "card",
            TargetKind::Conflict => "conflict",
            TargetKind::Event => "event",
        }
    }

    pub fn parse(s: &str) -> Option<TargetKind> {
        [
            TargetKind::None,
            TargetKind::Player,
            TargetKind::Race,
            TargetKind::Card,
            TargetKind::Conflict,
            TargetKind::Event,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }
}

/// Which side of the table a card target may be on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    #[default]
    Any,
    /// In the acting player's own faction.
    Own,
    /// In another player's faction.
    Other,
}

/// Which row a card target must be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Row {
    #[default]
    Any,
    InnerCircle,
    Supporting,
}
