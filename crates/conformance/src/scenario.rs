//! The scenario file format (conformance SPEC.md, format v1), as written.
//! Unknown keys anywhere are errors.

use std::collections::BTreeMap;
use std::fmt;

use b5_cards::RawCard;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub title: String,
    pub rules: Option<String>,
    pub start: Spanned<String>,
    pub turn: Option<u32>,
    pub seed: Option<u64>,
    pub babylon5: Option<i16>,
    pub shadows: Option<i16>,
    pub vorlons: Option<i16>,
    pub shadow_war: Option<bool>,
    /// The optional Extended Loyalty Rule (Dual Race Games).
    pub extended_loyalty: Option<bool>,
    /// Extension: the two-player draw (Appendix One), with `start = "setup"`.
    pub duel: Option<Spanned<bool>>,
    pub initiative: Option<Vec<Spanned<String>>>,
    /// Extension (Votes and the ISA): the Interstellar Alliance exists.
    pub isa: Option<Spanned<IsaTable>>,
    #[serde(default)]
    pub cards: BTreeMap<Spanned<String>, Spanned<RawCard>>,
    #[serde(default)]
    pub player: Vec<Spanned<PlayerTable>>,
    #[serde(default)]
    pub conflict: Vec<Spanned<ConflictTable>>,
    #[serde(default)]
    pub step: Vec<Spanned<StepTable>>,
}

/// A card in a zone: its name, or an instance table.
#[derive(Debug, Clone)]
pub enum CardEntryRaw {
    Name(String),
    Instance(Instance),
}

pub type CardEntry = Spanned<CardEntryRaw>;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Instance {
    pub card: Spanned<String>,
    #[serde(default)]
    pub rotated: bool,
    #[serde(default)]
    pub damage: u8,
    #[serde(default)]
    pub severe: u8,
    #[serde(default)]
    pub neutralized: bool,
    pub marks: Option<InstanceMarks>,
    #[serde(default)]
    pub attached: Vec<Spanned<String>>,
    #[serde(default)]
    pub neutralized_this_turn: bool,
    pub leading: Option<Spanned<String>>,
    /// Chaos Tokens on the card (Drakh Rule 7).
    #[serde(default)]
    pub chaos: u8,
    /// Credit tokens on the card (Corporate Rule 6).
    #[serde(default)]
    pub credits: u8,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstanceMarks {
    pub destiny: Option<i8>,
    pub doom: Option<i8>,
    pub strife: Option<i8>,
    pub conspiracy: Option<i8>,
    pub shadow: Option<i8>,
    pub vorlon: Option<i8>,
}

/// The card's name, with where it is written.
pub fn entry_name(e: &CardEntry) -> Spanned<String> {
    match e.get_ref() {
        CardEntryRaw::Name(n) => Spanned::new(e.span(), n.clone()),
        CardEntryRaw::Instance(i) => i.card.clone(),
    }
}

impl<'de> Deserialize<'de> for CardEntryRaw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CardEntryRaw;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a card name or a card instance table { card = \"...\", ... }")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<CardEntryRaw, E> {
                Ok(CardEntryRaw::Name(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<CardEntryRaw, A::Error> {
                Instance::deserialize(de::value::MapAccessDeserializer::new(m))
                    .map(CardEntryRaw::Instance)
            }
        }
        d.deserialize_any(V)
    }
}

/// A pile: a list of names, or a number of Blank Cards.
#[derive(Debug, Clone)]
pub enum Pile {
    Count(u16),
    Cards(Vec<Spanned<String>>),
}

impl Default for Pile {
    fn default() -> Self {
        Pile::Cards(Vec::new())
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Pile;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of card names or a number of Blank Cards")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Pile, E> {
                u16::try_from(v)
                    .map(Pile::Count)
                    .map_err(|_| E::custom(format!("{v} is not a card count (0 to 65535)")))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Pile, E> {
                self.visit_i64(v as i64)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, s: A) -> Result<Pile, A::Error> {
                Vec::<Spanned<String>>::deserialize(de::value::SeqAccessDeserializer::new(s))
                    .map(Pile::Cards)
            }
        }
        d.deserialize_any(V)
    }
}

/// An agenda: its name, or { card, hidden }.
#[derive(Debug, Clone)]
pub enum AgendaEntry {
    Name(String),
    Table(AgendaTable),
}

impl<'de> Deserialize<'de> for AgendaEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = AgendaEntry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an agenda name or { card = \"...\", hidden = true }")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<AgendaEntry, E> {
                Ok(AgendaEntry::Name(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<AgendaEntry, A::Error> {
                AgendaTable::deserialize(de::value::MapAccessDeserializer::new(m))
                    .map(AgendaEntry::Table)
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgendaTable {
    pub card: Spanned<String>,
    #[serde(default)]
    pub hidden: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerTable {
    pub name: Spanned<String>,
    pub race: Spanned<String>,
    pub faction: Spanned<String>,
    pub ambassador: CardEntry,
    pub influence: Option<i16>,
    pub spent: Option<i16>,
    pub power: Option<i16>,
    pub unrest: Option<u8>,
    pub tension: Option<BTreeMap<Spanned<String>, u8>>,
    #[serde(default)]
    pub inner_circle: Vec<CardEntry>,
    #[serde(default)]
    pub supporting: Vec<CardEntry>,
    #[serde(default)]
    pub hand: Vec<Spanned<String>>,
    #[serde(default)]
    pub deck: Pile,
    #[serde(default)]
    pub discard: Pile,
    /// Extension: the Crusade Pile, top card first.
    #[serde(default)]
    pub crusade: Vec<Spanned<String>>,
    pub agenda: Option<Spanned<AgendaEntry>>,
    #[serde(default)]
    pub at_war: Vec<Spanned<String>>,
    /// Extension (Votes and the ISA): the reserve (ISA pile).
    #[serde(default)]
    pub reserve: Vec<Spanned<String>>,
    /// Already a Drakh faction (Drakh Rules 2-3).
    #[serde(default)]
    pub drakh: bool,
}

/// Extension: the Interstellar Alliance at the start.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IsaTable {
    pub founder: Spanned<String>,
    #[serde(default)]
    pub members: Vec<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConflictTable {
    pub card: Option<Spanned<String>>,
    pub war: Option<bool>,
    pub conflict: Option<Spanned<String>>,
    pub initiator: Spanned<String>,
    pub target: Option<Spanned<String>>,
    #[serde(default)]
    pub supporters: Vec<Spanned<String>>,
    #[serde(default)]
    pub opposers: Vec<Spanned<String>>,
}

/// One step: an action, a check, an advance, or `setup_error`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepTable {
    pub player: Option<Spanned<String>>,
    #[serde(rename = "do")]
    pub verb: Option<Spanned<String>>,
    pub card: Option<Spanned<String>>,
    pub target: Option<Spanned<String>>,
    pub by: Option<Spanned<String>>,
    /// `sponsor`: the card that pays the sponsored card's play cost.
    pub pay: Option<Spanned<String>>,
    pub fleet: Option<Spanned<String>>,
    pub conflict: Option<Spanned<String>>,
    pub side: Option<Spanned<String>>,
    pub ambassadorial: Option<bool>,
    pub amount: Option<u8>,
    pub cards: Option<Vec<Spanned<String>>>,
    pub count: Option<u8>,
    /// `do = "mode"`: the mode chosen, from 1 as the card lists them.
    pub mode: Option<u8>,
    pub war: Option<bool>,
    pub error: Option<bool>,
    /// Extension: with `error = true`, words the engine's refusal must hold
    /// (its message or the rule it cites), so the step fails when the
    /// action is refused for another reason.
    pub error_says: Option<Spanned<String>>,
    pub expect: Option<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    pub advance: Option<Spanned<String>>,
    pub setup_error: Option<bool>,
    /// Extension: `do = "vote"`: yes, no or abstain.
    pub choice: Option<Spanned<String>>,
    /// Extension: `do = "play"` / `"use"` of a card with two targets: its
    /// second target, chosen right after the play (Legal Targets).
    pub second: Option<Spanned<String>>,
}
