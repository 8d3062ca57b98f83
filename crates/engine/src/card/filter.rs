//! Filters: which cards a target, a count or a restriction accepts
//! ("target Narn character in another faction").

use serde::{Deserialize, Serialize};

use super::*;

/// Restrictions on a card target ("target Narn character in another faction").
/// The default accepts any card in play.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CardFilter {
    /// Bit set of [`CardType::bit`]; 0 means any type.
    pub types: u16,
    pub race: Option<Race>,
    pub side: Side,
    pub row: Row,
    /// Must not be a faction's ambassador.
    pub not_ambassador: bool,
    /// Must be a faction's ambassador ("your ambassador gets ...").
    #[serde(default)]
    pub ambassador: bool,
    /// Must be a participant in a conflict this turn.
    pub participant: bool,
    /// Must be damaged (normal or severe damage).
    pub damaged: bool,
    /// Must be rotated.
    pub rotated: bool,
    /// Must be ready (unrotated and unneutralized).
    pub ready: bool,
    /// Must be (or must not be) neutralized.
    pub neutralized: Option<bool>,
    /// Must carry this keyword.
    pub keyword: Option<String>,
    /// Must not be loyal to this race ("non-Narn").
    #[serde(default)]
    pub not_race: Option<Race>,
    /// Cards: must take part in a conflict of this type; conflict targets:
    /// must be a conflict of this type.
    #[serde(default)]
    pub conflict: Option<Ability>,
    /// Its current rating in the ability must be at least this.
    #[serde(default)]
    pub at_least: Option<(Ability, u8)>,
    /// Its current rating in the ability must be at most this.
    #[serde(default)]
    pub at_most: Option<(Ability, u8)>,
    /// Must be attached to a card on the table on this side (own: a card
    /// of the acting player's faction).
    #[serde(default)]
    pub attached_to: Option<Side>,
    /// Only the card whose lasting effect this is ("while you are at war,
    /// this fleet gets +2 Military"; a passive bonus's `to` only).
    #[serde(default)]
    pub itself: bool,
}

impl CardFilter {
    pub fn of_type(t: CardType) -> CardFilter {
        CardFilter {
            types: t.bit(),
            ..CardFilter::default()
        }
    }

    pub fn allows_type(&self, t: CardType) -> bool {
        self.types == 0 || self.types & t.bit() != 0
    }

    /// Whether matching it reads a card's current abilities (a threshold).
    pub fn reads_abilities(&self) -> bool {
        self.at_least.is_some() || self.at_most.is_some()
    }

    /// Whether it names a type that is in play off the table (agendas,
    /// enhancements, aftermaths, contingencies): only then do such cards
    /// match it, so that "any card" keeps meaning a card on the table.
    pub fn names_off_table(&self) -> bool {
        const OFF: u16 = (1 << CardType::Agenda as u16)
            | (1 << CardType::Enhancement as u16)
            | (1 << CardType::Aftermath as u16)
            | (1 << CardType::Contingency as u16);
        self.types & OFF != 0
    }

    /// Whether a card's printed identity matches: type, race, keyword and
    /// ability thresholds (for cards not on the table, such as a card being
    /// sponsored or searched for: a card off the table has its printed
    /// ratings, nothing modifies them there).
    pub fn matches_def(&self, d: &CardDef) -> bool {
        let printed = |a: Ability| d.abilities[a.idx()];
        self.allows_type(d.card_type)
            && self.race.is_none_or(|r| r == d.race)
            && self.not_race.is_none_or(|r| r != d.race)
            && self.keyword.as_ref().is_none_or(|k| d.has_keyword(k))
            && self.at_least.is_none_or(|(a, n)| printed(a) >= n)
            && self.at_most.is_none_or(|(a, n)| printed(a) <= n)
    }
}
