//! From the raw TOML tables to the engine's card definitions, checking every
//! value and reporting problems with file, line and field.
//!
//! One module per section of `docs/card-format.md`: `fields` (Card fields),
//! `keywords` (Keywords with rules meaning), `effects` (Effects, with a
//! module per family of verbs), `second` (Two targets), `restrictions`
//! (Restrictions), `amounts` (Amounts), `conditions` (Conditions),
//! `filters` (Filters), `actions` (Actions), `conflicts` (conflicts,
//! generated or becoming an enhancement), `lasting` (Lasting effects and
//! Replacement) and `triggers` (Triggers). [`card`] calls them in the order
//! a card's fields are checked: the first problem found is the one
//! reported.

use std::ops::Range;

use b5_engine::{Ability, AbilityBonus, CardDef, CardType, Condition, Race};
use toml::Spanned;

use crate::error::{LoadError, Source};
use crate::raw::{RawBonus, RawCard, RawMarks};

mod actions;
mod amounts;
mod conditions;
mod conflicts;
mod effects;
mod fields;
mod filters;
mod keywords;
mod lasting;
mod restrictions;
mod second;
mod triggers;

use amounts::{amount_any, amount_of, verb_num};
use conditions::{condition, condition_any};
use effects::{effects, refs_for, refs_with, watch_refs, Refs, ANY_REFS};
use filters::{
    filter, never_matches, no_relation, printed_only, relation_fits, threshold, FilterUse,
};
use restrictions::restriction;

/// The states other than war (States).
const STATES: &str = "alliance, free-trade, non-aggression, mutual-defense, embargo, truce";

/// Where a value sits, for messages.
#[derive(Clone)]
struct At<'a> {
    src: &'a Source<'a>,
    field: String,
    span: Range<usize>,
}

impl<'a> At<'a> {
    fn err(&self, msg: impl Into<String>) -> LoadError {
        self.src.error(self.span.clone(), self.field.clone(), msg)
    }
    fn sub(&self, name: &str) -> At<'a> {
        At {
            src: self.src,
            field: format!("{}.{}", self.field, name),
            span: self.span.clone(),
        }
    }
    /// Item `i` of a list at this place (`field[i]`).
    fn item(&self, i: usize) -> At<'a> {
        At {
            src: self.src,
            field: format!("{}[{i}]", self.field),
            span: self.span.clone(),
        }
    }
    fn at<T>(&self, name: &str, s: &Spanned<T>) -> At<'a> {
        At {
            src: self.src,
            field: format!("{}.{}", self.field, name),
            span: s.span(),
        }
    }
}

fn one_of<T: Copy>(
    at: &At,
    what: &str,
    v: &str,
    parse: impl Fn(&str) -> Option<T>,
    allowed: &str,
) -> Result<T, LoadError> {
    parse(v).ok_or_else(|| {
        at.err(format!(
            "unknown {what} \"{v}\" (expected one of: {allowed})"
        ))
    })
}

const TYPES: &str = "character, group, fleet, location, enhancement, agenda, event, conflict, aftermath, contingency";
const RACES: &str = "centauri, human, minbari, narn, non-aligned, shadow, vorlon, drakh, neutral";
const ABILITIES: &str = "diplomacy, intrigue, psi, leadership, military";
const MARKS: &str = "destiny, doom, strife, conspiracy, shadow, vorlon";
const WHOS: &str =
    "self, target, each, others, leader, that, chosen, or a race for each player of it (e.g. narn)";

/// A player word, or `chosen`: the player a `choose_player` chose, which
/// only the effects in its `each` may name ([`refuse_chosen`]).
fn player_or_chosen(s: &str) -> Option<b5_engine::Who> {
    match s {
        "chosen" => Some(b5_engine::Who::Chosen),
        _ => b5_engine::Who::parse(s),
    }
}

/// Refuses a part naming the player chosen (`uses`) outside a
/// `choose_player`'s `each`.
fn refuse_chosen(at: &At, uses: bool) -> Result<(), LoadError> {
    if uses {
        return Err(at.err(
            "`chosen` names the player a `choose_player` chose: only the effects in its `each` may name him",
        ));
    }
    Ok(())
}
const CARDS: &str =
    "target, ambassador, this, attached, attacker, supporters, opposers, second, that, chosen, first_attacker";
const TARGETS: &str = "none, player, race, card, conflict, event";
const ATTACH: &str = "character, fleet, location, group, agenda, faction, global, conflict";
const DURATIONS: &str =
    "turn, while-rotated, conflict, permanent, printed, while-in-play, attack, while-sustained";

fn race(at: &At, s: &str) -> Result<Race, LoadError> {
    one_of(at, "race", s, Race::parse, RACES)
}

fn ability(at: &At, s: &str) -> Result<Ability, LoadError> {
    one_of(at, "ability", s, Ability::parse, ABILITIES)
}

fn small(at: &At, v: i64, lo: i64, hi: i64) -> Result<i64, LoadError> {
    if v < lo || v > hi {
        Err(at.err(format!("{v} is out of range ({lo} to {hi})")))
    } else {
        Ok(v)
    }
}

fn bonus(b: &RawBonus) -> AbilityBonus {
    AbilityBonus {
        values: [
            b.diplomacy.unwrap_or(0),
            b.intrigue.unwrap_or(0),
            b.psi.unwrap_or(0),
            b.leadership.unwrap_or(0),
            b.military.unwrap_or(0),
        ],
        all: b.all.unwrap_or(0),
    }
}

fn marks(m: &RawMarks) -> [u8; 6] {
    [
        m.destiny.unwrap_or(0),
        m.doom.unwrap_or(0),
        m.strife.unwrap_or(0),
        m.conspiracy.unwrap_or(0),
        m.shadow.unwrap_or(0),
        m.vorlon.unwrap_or(0),
    ]
}

/// Refuses `field` on a card that is not one of `what` (`ok` false).
fn only(at: &At, field: &str, ok: bool, what: &str) -> Result<(), LoadError> {
    if ok {
        Ok(())
    } else {
        Err(at.sub(field).err(format!("only {what} have `{field}`")))
    }
}

/// Converts one card table, section by section of the card format.
pub fn card(
    src: &Source,
    name: &str,
    name_span: Range<usize>,
    raw: &RawCard,
) -> Result<CardDef, LoadError> {
    let at = fields::name(src, name, name_span, raw)?;
    src.reads_ready_at_start.set(false);
    src.reads_copy_targets.set(false);
    size_bounds(&at, raw)?;
    let ty = fields::card_type(&at, raw)?;
    let mut d = CardDef::new(name, ty);
    fields::printed(&at, raw, &mut d)?;
    keywords::keywords(&at, raw, &mut d)?;
    fields::uniqueness(&at, raw, &mut d)?;
    // The Conflict Round, Step 1: agendas, locations and groups may
    // generate a conflict ("declare conflicts by other means"); such a card
    // carries the conflict fields as a conflict card does.
    let generates = matches!(ty, CardType::Agenda | CardType::Location | CardType::Group)
        && raw.conflict.is_some();
    fields::targets(&at, raw, generates, &mut d)?;
    let is_conflict = ty == CardType::Conflict || generates;
    conflicts::conflict(&at, raw, is_conflict, &mut d)?;
    fields::attach(&at, raw, &mut d)?;
    // A conflict that becomes an enhancement when won has an enhancement's
    // lasting text (`attack_checks.rs` reads the field).
    let becomes = conflicts::becomes_enhancement(&at, raw, ty, &mut d)?;
    let in_play_type = fields::play_effects(&at, raw, becomes, &mut d)?;
    actions::actions(&at, raw, in_play_type, &mut d)?;
    actions::play_cost(&at, raw, &mut d)?;
    actions::own_price(&at, raw, &mut d)?;
    lasting::passives(&at, raw, in_play_type, &mut d)?;
    triggers::triggers(&at, raw, in_play_type, becomes, &mut d)?;
    fields::aftermath(&at, raw, &mut d)?;
    fields::victory(&at, raw, &mut d)?;
    conflicts::participants(&at, raw, is_conflict, &mut d)?;
    lasting::replacement(&at, raw, &mut d)?;
    fields::default_attach(raw, &mut d);
    fields::personality(&at, raw, &mut d)?;
    fields::any_race_sponsors(&at, raw, &mut d)?;
    fields::copies_share_target(&at, raw, &mut d)?;
    keywords::keyword_cards(&at, &d)?;
    conflicts::enhancement_text(&at, &d)?;
    whole_card(&at, &mut d)?;
    d.reads_ready_at_start = src.reads_ready_at_start.get();
    d.reads_copy_targets = src.reads_copy_targets.get();
    Ok(d)
}

/// A card's actions and triggered effects are named by their place in a
/// byte (docs/limits.md): a card with more is refused before it is read.
fn size_bounds(at: &At, raw: &RawCard) -> Result<(), LoadError> {
    for (field, n, max) in [
        ("actions", raw.actions.len(), b5_engine::MAX_CARD_ACTIONS),
        ("triggers", raw.triggers.len(), b5_engine::MAX_CARD_TRIGGERS),
    ] {
        if n > max {
            return Err(at
                .sub(field)
                .err(format!("{n} {field}; a card has at most {max}")));
        }
    }
    Ok(())
}

/// The checks that read the whole card: negation, reversal, attacks made
/// by effects, effects naming their own card, "its" ability and the Drakh
/// race.
fn whole_card(at: &At, d: &mut CardDef) -> Result<(), LoadError> {
    // A choice or vote waiting in an effect is found again by its place
    // among the card's effects, held in a byte (docs/limits.md).
    let n = d.effect_count();
    if n > b5_engine::MAX_CARD_EFFECTS {
        return Err(at.err(format!(
            "the card prints {n} effects, nested ones included; a card has at most {}",
            b5_engine::MAX_CARD_EFFECTS
        )));
    }
    // Negate: only a contingency revealed as an event is played negates it.
    crate::negate_checks::negation(d).map_err(|(f, m)| at.sub(&f).err(m))?;
    // Reversal: an event or card action reverses an event played since
    // your last chance to act (its target), or what was just revealed or
    // resolved.
    crate::negate_checks::reversal_targets(d).map_err(|(f, m)| at.sub(&f).err(m))?;
    crate::negate_checks::reversal(d).map_err(|(f, m)| at.sub(&f).err(m))?;
    // Attacks made by effects: an attacker that can attack, a target it may.
    crate::attack_checks::card(d).map_err(|(f, m)| at.sub(&f).err(m))?;
    // Effects naming their own card where it can never be: "while this
    // card is in play" off play, a conflict returning itself to the hand.
    crate::own_card_checks::while_in_play_durations(d).map_err(|(f, m)| at.sub(&f).err(m))?;
    crate::own_card_checks::while_sustained_durations(d).map_err(|(f, m)| at.sub(&f).err(m))?;
    crate::own_card_checks::conflict_type_when_initiated(d).map_err(|(f, m)| at.sub(&f).err(m))?;
    crate::own_card_checks::conflict_returns_itself(d).map_err(|(f, m)| at.sub(&f).err(m))?;
    // "Its" ability names a card on the table: never an event's or a
    // conflict card's own.
    if matches!(d.card_type, CardType::Event | CardType::Conflict) {
        let own =
            |c: &Condition| matches!(c, Condition::CardAbility { .. } | Condition::Credits(_));
        let in_effects = d
            .effects
            .iter()
            .chain(&d.initiated)
            .chain(&d.resolution)
            .chain(&d.won)
            .chain(&d.lost)
            .any(|e| e.condition.as_ref().is_some_and(|c| c.any_part(&own)));
        if d.requires.iter().any(own) || in_effects {
            return Err(at.err(
                "ability_at_least, ability_at_most and credits_at_least read the card's own ability or credit tokens (or the card it is on): an event or conflict card has none on the table",
            ));
        }
    }
    // Drakh Rule 9: only Drakh cards may name the Drakh race.
    if d.race != Race::Drakh && at.src.may_name_drakh && crate::drakh_names::names_drakh(d) {
        return Err(at.err(
            "names the Drakh race, which no other card may target, name or refer to (Drakh Rule 9)",
        ));
    }
    Ok(())
}

/// `once = "turn"` or `"game"`: how often an action may be used or a
/// triggered effect carried out (card format: Actions).
fn limit(at: &At, s: Option<&str>) -> Result<Option<b5_engine::Limit>, LoadError> {
    s.map(|s| one_of(at, "limit", s, b5_engine::Limit::parse, "turn, game"))
        .transpose()
}
