//! Filters: which cards a target, a count or a restriction accepts
//! ("target Narn character in another faction").

use serde::{Deserialize, Serialize};

use super::*;

/// Restrictions on a card target ("target Narn character in another faction").
/// The default accepts any card in play.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
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
    /// Its relation to the card whose text it is, its alternatives and its
    /// negation, boxed: most filters have none (one test says so), and a
    /// filter sits in many card parts that are moved about.
    #[serde(default)]
    pub parts: Option<Box<FilterParts>>,
}

/// The parts of a selector that combine selectors (card format, Selectors).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct FilterParts {
    /// Its relation to the card whose text this is ("this card", "the card
    /// this is on", "cards attached to this card").
    pub this: ThisCard,
    /// It must also match one of these ("a fleet or a damaged character").
    pub any_of: Vec<CardFilter>,
    /// It must not match this ("other characters": not this card).
    pub not: Option<CardFilter>,
    /// It must be the target of a revealed conflict this turn, not
    /// canceled, of one of these types (bits of `1 << Ability::idx`; 0: not
    /// asked).
    #[serde(default)]
    pub targeted_by: u8,
    /// Its text must give a bonus to one of these abilities (bits of `1 <<
    /// Ability::idx`; 0: not asked): "an event that gives a Military bonus"
    /// (`CardDef::gives_bonus`).
    #[serde(default)]
    pub gives_bonus: u8,
    /// It must have been ready (`Some(true)`), or not (`Some(false)`:
    /// rotated then, or not yet in play), at the start of the turn
    /// (`Game::ready_at_turn_start`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready_at_turn_start: Option<bool>,
    /// Another copy of the card whose text this is (a card of its name, not
    /// it) must have targeted it this turn or be attached to it
    /// (`Some(true)`), or not (`Some(false)`: "not already targeted by
    /// another copy of this card").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy_targeted: Option<bool>,
    /// It must have attacked, in a conflict not yet resolved, a card this
    /// matches ("a fleet attacking one of your fleets").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacking: Option<CardFilter>,
    /// Loyal to the race of the player it is read for (`Own`), or to
    /// another race (`Other`: neither that race, nor neutral, nor
    /// non-aligned): "a Homeworld loyal to another race".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyal: Option<Side>,
    /// In that player's faction (`Own`), or in another player's
    /// (`Other`), whoever controls it: a location conquered and not loyal
    /// to its conqueror is in his faction though no player controls it
    /// (War Conflicts, Conquering Locations).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_faction: Option<Side>,
    /// Some player controls it (`Some(true)`), or none does (`Some(false)`:
    /// such a conquered location).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controlled: Option<bool>,
}

/// A selector's relation to the card whose text it is (card format:
/// Selectors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ThisCard {
    /// Any card: no relation asked.
    #[default]
    Any,
    /// The card itself.
    Itself,
    /// The card it is attached to.
    Host,
    /// A card attached to it.
    Attached,
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

    /// Whether matching it reads a card's current abilities (a threshold),
    /// in any of its parts.
    #[inline]
    pub fn reads_abilities(&self) -> bool {
        self.at_least.is_some() || self.at_most.is_some() || self.parts_read_abilities()
    }

    /// Whether a part reads a card's current abilities (most filters have
    /// no parts: checked first, inline).
    #[inline]
    fn parts_read_abilities(&self) -> bool {
        self.parts.as_deref().is_some_and(|p| {
            p.any_of.iter().any(CardFilter::reads_abilities)
                || p.not.as_ref().is_some_and(CardFilter::reads_abilities)
        })
    }

    /// Whether it has parts beyond the flat tests: a relation to the card
    /// whose text it is, alternatives or a negation.
    #[inline]
    pub fn has_parts(&self) -> bool {
        self.parts.is_some()
    }

    /// Its relation to the card whose text it is (`Any`: none asked).
    #[inline]
    pub fn relation(&self) -> ThisCard {
        self.parts.as_deref().map_or(ThisCard::Any, |p| p.this)
    }

    /// The filter that names the card itself, or the card it is on, and
    /// nothing else.
    pub fn related(this: ThisCard) -> CardFilter {
        CardFilter {
            parts: Some(Box::new(FilterParts {
                this,
                ..FilterParts::default()
            })),
            ..CardFilter::default()
        }
    }

    /// The alternatives, one of which it must also match (none: no test).
    pub fn any_of(&self) -> &[CardFilter] {
        self.parts.as_deref().map_or(&[], |p| &p.any_of)
    }

    /// What it must not match.
    pub fn not(&self) -> Option<&CardFilter> {
        self.parts.as_deref().and_then(|p| p.not.as_ref())
    }

    /// The conflict types of which it must be the target (0: not asked).
    pub fn targeted_by(&self) -> u8 {
        self.parts.as_deref().map_or(0, |p| p.targeted_by)
    }

    /// Whether it asks that the card was ready at the start of the turn
    /// (or was not), in this selector itself.
    pub fn ready_at_turn_start(&self) -> Option<bool> {
        self.parts.as_deref().and_then(|p| p.ready_at_turn_start)
    }

    /// What the card must have attacked, if it asks.
    pub fn attacking(&self) -> Option<&CardFilter> {
        self.parts.as_deref().and_then(|p| p.attacking.as_ref())
    }

    /// The tests of whose race, faction and control a card is, if it asks
    /// (`loyal`, `in_faction`, `controlled`).
    pub fn allegiance(&self) -> (Option<Side>, Option<Side>, Option<bool>) {
        self.parts.as_deref().map_or((None, None, None), |p| {
            (p.loyal, p.in_faction, p.controlled)
        })
    }

    /// Whether it asks that another copy of its card targeted the card
    /// (`Some(true)`) or did not (`Some(false)`).
    pub fn copy_targeted(&self) -> Option<bool> {
        self.parts.as_deref().and_then(|p| p.copy_targeted)
    }

    /// Whether it (or one of its parts) names a relation to the card whose
    /// text it is, which only a card in play has.
    pub fn names_relation(&self) -> bool {
        self.relation() != ThisCard::Any
            || self.any_of().iter().any(CardFilter::names_relation)
            || self.not().is_some_and(CardFilter::names_relation)
    }

    /// Whether it names a type that is in play off the table (agendas,
    /// enhancements, aftermaths, contingencies): only then do such cards
    /// match it, so that "any card" keeps meaning a card on the table.
    /// With no type of its own, it names one when one of its alternatives
    /// does ("an enhancement on your card, or a damaged character").
    #[inline]
    pub fn names_off_table(&self) -> bool {
        const OFF: u16 = (1 << CardType::Agenda as u16)
            | (1 << CardType::Enhancement as u16)
            | (1 << CardType::Aftermath as u16)
            | (1 << CardType::Contingency as u16);
        self.types & OFF != 0
            || (self.types == 0 && self.parts.is_some() && self.alternative_off_table())
    }

    /// Whether one of its alternatives names a type in play off the table
    /// (out of line: a filter with parts is the rare one, and it is asked
    /// of every card off the table a filter is tried on).
    #[inline(never)]
    fn alternative_off_table(&self) -> bool {
        self.any_of().iter().any(CardFilter::names_off_table)
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
            && self.parts.as_deref().is_none_or(|p| {
                p.this == ThisCard::Any
                    && p.targeted_by == 0
                    && (p.gives_bonus == 0 || d.gives_bonus(p.gives_bonus))
                    && (p.any_of.is_empty() || p.any_of.iter().any(|f| f.matches_def(d)))
                    && p.not.as_ref().is_none_or(|n| !n.matches_def(d))
            })
    }
}
