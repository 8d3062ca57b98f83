//! Restrictions (`docs/card-format.md`, Restrictions ("cannot")): what a
//! card or a player cannot do, for the `cannot` effect and lasting effect.

use b5_engine::{Cannot, CardType};

use super::{one_of, race, At};
use crate::error::LoadError;
use crate::raw::{OneOrMany, RawFilter};

const CANNOTS: &str = "be-promoted, ready, participate, participate-in-this-conflict, be-blanked, be-discarded, be-targeted, be-targeted-by-conflicts, declare-conflicts, be-targeted-by-others, be-rotated-by-others, be-rotated-by-other-isa-members, gain-influence, sponsor, play";

fn cannot(at: &At, s: &str) -> Result<Cannot, LoadError> {
    one_of(at, "restriction", s, Cannot::parse, CANNOTS)
}

/// Whether the filter holds nothing but what `kept` copies of it.
fn has_only(f: &RawFilter, kept: RawFilter) -> bool {
    format!("{kept:?}") == format!("{f:?}")
}

/// `cannot = "declare-conflicts", cards = { conflict = "military" }`: the
/// conflicts of one type.
fn declare_type(at: &At, f: &RawFilter) -> Result<Cannot, LoadError> {
    let plain = RawFilter {
        conflict: f.conflict.clone(),
        ..RawFilter::default()
    };
    let Some(c) = f.conflict.as_ref().filter(|_| has_only(f, plain)) else {
        return Err(at.err(
            "`cards` of `cannot = \"declare-conflicts\"` names only the conflict type: cards = { conflict = \"military\" }",
        ));
    };
    let kind = one_of(
        &at.sub("conflict"),
        "conflict type",
        c,
        b5_engine::Ability::parse,
        "diplomacy, intrigue, psi, leadership, military",
    )?;
    Ok(Cannot::DeclareType(kind))
}

/// The one card type `cards = { type = "..." }` names.
fn one_type(at: &At, t: &OneOrMany, expected: &str) -> Result<CardType, LoadError> {
    let items = t.items();
    if items.len() != 1 {
        return Err(at.sub("type").err("name one card type"));
    }
    one_of(
        &at.sub("type"),
        "card type",
        items[0],
        CardType::parse,
        expected,
    )
}

/// `cannot = "play"`: a card of this card's name (`cards = { itself =
/// true }`: "this card cannot be played next turn") or cards of a type
/// played from hand (`cards = { type = "event" }`).
fn play(at: &At, cards: Option<&RawFilter>) -> Result<Cannot, LoadError> {
    const NAMES: &str = "`cannot = \"play\"` names the cards: cards = { itself = true } (a card of this card's name) or cards = { type = \"event\" }";
    let Some(f) = cards else {
        return Err(at.sub("cards").err(NAMES));
    };
    let at = at.sub("cards");
    let this = RawFilter {
        itself: Some(true),
        ..RawFilter::default()
    };
    if has_only(f, this) {
        return Ok(Cannot::PlayThis);
    }
    let plain = RawFilter {
        types: f.types.clone(),
        ..RawFilter::default()
    };
    let Some(t) = f.types.as_ref().filter(|_| has_only(f, plain)) else {
        return Err(at.err(NAMES));
    };
    let ty = one_type(&at, t, "event, contingency, aftermath, conflict")?;
    if !matches!(
        ty,
        CardType::Event | CardType::Contingency | CardType::Aftermath | CardType::Conflict
    ) {
        return Err(at.sub("type").err(format!(
            "{} cards are sponsored, not played: write cannot = \"sponsor\", cards = {{ type = \"{}\" }}",
            ty.name(),
            ty.name()
        )));
    }
    Ok(Cannot::PlayType(ty))
}

/// A restriction with its `cards` (`sponsor`: one card type or one race;
/// `declare-conflicts`: one conflict type; `play`: this card or one type).
pub(super) fn restriction(
    at: &At,
    s: &str,
    cards: Option<&RawFilter>,
) -> Result<Cannot, LoadError> {
    if let ("declare-conflicts" | "declare_conflicts", Some(f)) = (s, cards) {
        return declare_type(&at.sub("cards"), f);
    }
    if s == "play" {
        return play(at, cards);
    }
    if s != "sponsor" {
        let what = cannot(at, s)?;
        if cards.is_some() {
            return Err(at.sub("cards").err(format!(
                "`cards` goes with `cannot = \"sponsor\"`, `\"play\"` or `\"declare-conflicts\"`, not `{}`",
                what.name()
            )));
        }
        return Ok(what);
    }
    let Some(f) = cards else {
        return Err(at.sub("cards").err(
            "`cannot = \"sponsor\"` names the cards: cards = { type = \"fleet\" } or cards = { race = \"narn\" }",
        ));
    };
    let at = at.sub("cards");
    let plain = RawFilter {
        types: f.types.clone(),
        race: f.race.clone(),
        ..RawFilter::default()
    };
    if !has_only(f, plain) {
        return Err(at.err("`cards` of `cannot = \"sponsor\"` names only `type` or `race`"));
    }
    match (&f.types, &f.race) {
        (Some(t), None) => {
            let ty = one_type(&at, t, "character, group, fleet, location, enhancement")?;
            if !ty.is_supporting() && ty != CardType::Enhancement {
                return Err(at.sub("type").err(format!(
                    "never matches: {} cards are not sponsored (only characters, groups, fleets, locations and enhancements are)",
                    ty.name()
                )));
            }
            Ok(Cannot::SponsorType(ty))
        }
        (None, Some(r)) => Ok(Cannot::SponsorRace(race(&at.sub("race"), r)?)),
        _ => Err(at.err("name exactly one of `type` or `race`")),
    }
}
