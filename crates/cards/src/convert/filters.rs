//! Filters (`docs/card-format.md`, Filters): which cards a target, a
//! search, a count or a lasting effect chooses among, and the refusal of a
//! filter that could never match anything playable.

use b5_engine::{Ability, CardFilter, CardType, FilterParts, Row, Side, ThisCard};

use super::{ability, one_of, race, At, TYPES};
use crate::error::LoadError;
use crate::raw::{OneOrMany, RawFilter, RawMarksLike};

fn types_bits(at: &At, t: &OneOrMany) -> Result<u16, LoadError> {
    let mut bits = 0u16;
    for s in t.items() {
        bits |= one_of(&at.sub("type"), "card type", s, CardType::parse, TYPES)?.bit();
    }
    Ok(bits)
}

fn row(at: &At, s: &str) -> Result<Row, LoadError> {
    match s {
        "any" => Ok(Row::Any),
        "inner-circle" | "inner circle" | "inner_circle" => Ok(Row::InnerCircle),
        "supporting" => Ok(Row::Supporting),
        _ => Err(at.sub("row").err(format!(
            "unknown row \"{s}\" (expected any, inner-circle, supporting)"
        ))),
    }
}

pub(super) fn filter(at: &At, f: &RawFilter) -> Result<CardFilter, LoadError> {
    let mut cf = flat(at, f)?;
    let mut parts = FilterParts {
        this: relation(at, f)?,
        targeted_by: match &f.targeted_by {
            Some(k) => ability_bits(&at.sub("targeted_by"), k)?,
            None => 0,
        },
        gives_bonus: match &f.gives_bonus {
            Some(k) => ability_bits(&at.sub("gives_bonus"), k)?,
            None => 0,
        },
        ready_at_turn_start: f.ready_at_turn_start,
        copy_targeted: f.targeted_by_copy,
        loyal: own_or_other(at, "loyal", f.loyal.as_deref())?,
        in_faction: own_or_other(at, "in_faction", f.in_faction.as_deref())?,
        controlled: f.controlled,
        ..FilterParts::default()
    };
    // The turn's start, and its targets, are remembered only in games with
    // a card that asks.
    if f.ready_at_turn_start.is_some() {
        at.src.reads_ready_at_start.set(true);
    }
    if f.targeted_by_copy.is_some() {
        at.src.reads_copy_targets.set(true);
    }
    // What the card attacked: a card in play, attacked in a conflict.
    if let Some(a) = &f.attacking {
        let aat = at.sub("attacking");
        let af = filter(&aat, a)?;
        never_matches(&aat, &af, FilterUse::Target)?;
        if af.types != 0
            && ![CardType::Character, CardType::Fleet, CardType::Location]
                .iter()
                .any(|&t| af.allows_type(t))
        {
            return Err(aat
                .sub("type")
                .err("never matches: only characters, fleets and locations are attacked"));
        }
        parts.attacking = Some(af);
    }
    if let Some(list) = &f.any_of {
        if list.len() < 2 {
            return Err(at
                .sub("any_of")
                .err("lists the alternatives: at least two filters"));
        }
        for (i, a) in list.iter().enumerate() {
            let aat = at.sub(&format!("any_of[{i}]"));
            let af = filter(&aat, a)?;
            never_matches(&aat, &af, FilterUse::Other)?;
            parts.any_of.push(af);
        }
    }
    if let Some(n) = &f.not {
        let nat = at.sub("not");
        let nf = filter(&nat, n)?;
        if nf == CardFilter::default() {
            return Err(nat.err("never matches: `not = {}` leaves out every card"));
        }
        never_matches(&nat, &nf, FilterUse::Other)?;
        parts.not = Some(nf);
    }
    if parts != FilterParts::default() {
        cf.parts = Some(Box::new(parts));
    }
    Ok(cf)
}

/// `loyal` and `in_faction`: `own` or `other` (`any` asks nothing, so it
/// is refused).
fn own_or_other(at: &At, field: &str, v: Option<&str>) -> Result<Option<Side>, LoadError> {
    match v {
        None => Ok(None),
        Some("own") => Ok(Some(Side::Own)),
        Some("other") => Ok(Some(Side::Other)),
        Some(s) => Err(at.sub(field).err(format!(
            "unknown value \"{s}\" (expected own or other; leave it out for any)"
        ))),
    }
}

/// Abilities (conflict types, bonuses) as bits of `1 << Ability::idx`: one,
/// a list, or `any` (every one).
pub(super) fn ability_bits(at: &At, k: &OneOrMany) -> Result<u8, LoadError> {
    let mut bits = 0u8;
    for s in k.items() {
        bits |= match s {
            "any" => Ability::ALL.iter().fold(0, |b, a| b | 1 << a.idx()),
            _ => 1 << ability(at, s)?.idx(),
        };
    }
    Ok(bits)
}

/// `itself`, `host` or `on_this`: the selector's relation to its card.
fn relation(at: &At, f: &RawFilter) -> Result<ThisCard, LoadError> {
    let named: Vec<(&str, ThisCard)> = [
        ("itself", f.itself, ThisCard::Itself),
        ("host", f.host, ThisCard::Host),
        ("on_this", f.on_this, ThisCard::Attached),
    ]
    .into_iter()
    .filter_map(|(n, v, r)| match v {
        Some(true) => Some((n, r)),
        _ => None,
    })
    .collect();
    for (n, v) in [
        ("itself", f.itself),
        ("host", f.host),
        ("on_this", f.on_this),
    ] {
        if v == Some(false) {
            return Err(at.sub(n).err(format!(
                "`{n} = false` means nothing: leave it out, or write `not = {{ {n} = true }}`"
            )));
        }
    }
    match named.as_slice() {
        [] => Ok(ThisCard::Any),
        [(_, r)] => Ok(*r),
        [(a, _), (b, _), ..] => Err(at.sub(b).err(format!(
            "never matches: a card cannot be both `{a}` and `{b}` of this card"
        ))),
    }
}

/// The first test of the filter (or of one of its alternatives or its
/// negation) that reads a card's state in play: where it is, who controls
/// it, its rotation, damage or part in a conflict. A card not in play (in
/// a pile, being sponsored) has none of these; its printed identity (type,
/// race, keyword, printed abilities) is all a filter can read.
pub(super) fn in_play_test(f: &CardFilter) -> Option<&'static str> {
    let tests = [
        ("side", f.side != Side::Any),
        ("row", f.row != Row::Any),
        ("not_ambassador", f.not_ambassador),
        ("ambassador", f.ambassador),
        ("participant", f.participant),
        ("damaged", f.damaged),
        ("rotated", f.rotated),
        ("ready", f.ready),
        ("neutralized", f.neutralized.is_some()),
        ("conflict", f.conflict.is_some()),
        ("attached_to", f.attached_to.is_some()),
        ("targeted_by", f.targeted_by() != 0),
        ("ready_at_turn_start", f.ready_at_turn_start().is_some()),
        ("targeted_by_copy", f.copy_targeted().is_some()),
        ("attacking", f.attacking().is_some()),
        ("in_faction", f.allegiance().1.is_some()),
        ("controlled", f.allegiance().2.is_some()),
    ];
    tests
        .iter()
        .find(|(_, on)| *on)
        .map(|(name, _)| *name)
        .or_else(|| f.any_of().iter().find_map(in_play_test))
        .or_else(|| f.not().and_then(in_play_test))
}

/// Refuses a filter on a card being sponsored that reads its state in play
/// (`in_play_test`) or names a relation to this card, naming the field.
/// `side` is left alone: a card being sponsored is the sponsoring player's,
/// whom the effect's `who` already names, so it says nothing more (and
/// card files have written it so).
pub(super) fn printed_only(at: &At, f: &CardFilter) -> Result<(), LoadError> {
    no_relation(at, f, "a card being sponsored is not yet in play")?;
    let unsided = CardFilter {
        side: Side::Any,
        ..f.clone()
    };
    if let Some(name) = in_play_test(&unsided) {
        return Err(at.sub(name).err(
            "never matches: a card being sponsored is not yet in play (filter by type, race, not_race, keyword or a printed ability)",
        ));
    }
    Ok(())
}

/// Refuses a relation to "this card" where the filter's card is not in play
/// when the filter is read (an event or a conflict being played, a card
/// being sponsored or searched for), naming the field.
pub(super) fn no_relation(at: &At, f: &CardFilter, why: &str) -> Result<(), LoadError> {
    if f.names_relation() {
        return Err(at.err(format!(
            "names a relation to this card (`itself`, `host`, `on_this`), but {why}"
        )));
    }
    Ok(())
}

/// The flat tests of a filter, all of which must hold.
fn flat(at: &At, f: &RawFilter) -> Result<CardFilter, LoadError> {
    Ok(CardFilter {
        types: match &f.types {
            Some(t) => types_bits(at, t)?,
            None => 0,
        },
        race: f
            .race
            .as_deref()
            .map(|r| race(&at.sub("race"), r))
            .transpose()?,
        side: match f.side.as_deref() {
            None | Some("any") => Side::Any,
            Some("own") => Side::Own,
            Some("other") => Side::Other,
            Some(s) => {
                return Err(at
                    .sub("side")
                    .err(format!("unknown side \"{s}\" (expected any, own, other)")))
            }
        },
        row: match f.row.as_deref() {
            None => Row::Any,
            Some(s) => row(at, s)?,
        },
        not_ambassador: f.not_ambassador.unwrap_or(false),
        ambassador: f.ambassador.unwrap_or(false),
        participant: f.participant.unwrap_or(false),
        damaged: f.damaged.unwrap_or(false),
        rotated: f.rotated.unwrap_or(false),
        ready: f.ready.unwrap_or(false),
        neutralized: f.neutralized,
        keyword: f.keyword.clone(),
        not_race: f
            .not_race
            .as_deref()
            .map(|r| race(&at.sub("not_race"), r))
            .transpose()?,
        conflict: f
            .conflict
            .as_deref()
            .map(|c| ability(&at.sub("conflict"), c))
            .transpose()?,
        at_least: f
            .at_least
            .as_ref()
            .map(|t| threshold(&at.sub("at_least"), t))
            .transpose()?,
        at_most: f
            .at_most
            .as_ref()
            .map(|t| threshold(&at.sub("at_most"), t))
            .transpose()?,
        attached_to: match f.attached_to.as_deref() {
            None => None,
            Some("any") => Some(Side::Any),
            Some("own") => Some(Side::Own),
            Some("other") => Some(Side::Other),
            Some(s) => {
                return Err(at
                    .sub("attached_to")
                    .err(format!("unknown side \"{s}\" (expected any, own, other)")))
            }
        },
        ..CardFilter::default()
    })
}

/// `{ psi = 2 }`: one ability and its value.
pub(super) fn threshold(at: &At, t: &RawMarksLike) -> Result<(Ability, u8), LoadError> {
    let v = [t.diplomacy, t.intrigue, t.psi, t.leadership, t.military];
    let named: Vec<(Ability, u8)> = Ability::ALL
        .iter()
        .zip(v)
        .filter_map(|(a, x)| x.map(|x| (*a, x)))
        .collect();
    match named.as_slice() {
        [one] => Ok(*one),
        _ => Err(at.err("name exactly one ability, e.g. { psi = 2 }")),
    }
}

/// What a filter chooses among.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum FilterUse {
    /// A card target: cards in play.
    Target,
    /// A conflict's participants: characters, fleets, locations.
    Participants,
    /// Anything else (lasting effects, conditions).
    Other,
}

/// Refuses a filter that can never match anything playable, naming the field.
pub(super) fn never_matches(at: &At, f: &CardFilter, usage: FilterUse) -> Result<(), LoadError> {
    let off = |t: CardType| {
        matches!(
            t,
            CardType::Agenda | CardType::Enhancement | CardType::Aftermath | CardType::Contingency
        )
    };
    let named: Vec<CardType> = CardType::ALL
        .into_iter()
        .filter(|t| f.types != 0 && f.allows_type(*t))
        .collect();
    let only = |p: &dyn Fn(CardType) -> bool| !named.is_empty() && named.iter().all(|t| p(*t));
    let none = |p: &dyn Fn(CardType) -> bool| !named.is_empty() && !named.iter().any(|t| p(*t));
    let never = |field: &str, why: String| Err(at.sub(field).err(format!("never matches: {why}")));
    if usage == FilterUse::Target {
        if let Some(t) = named
            .iter()
            .find(|t| matches!(t, CardType::Event | CardType::Conflict))
        {
            return never(
                "type",
                format!(
                    "{} is never in play as a card to target (target = \"conflict\" targets a conflict)",
                    if *t == CardType::Event { "an event" } else { "a conflict card" }
                ),
            );
        }
    }
    if usage == FilterUse::Participants
        && none(&|t| {
            matches!(
                t,
                CardType::Character | CardType::Fleet | CardType::Location
            )
        })
    {
        return never(
            "type",
            "only characters, fleets and locations take part in conflicts".into(),
        );
    }
    if f.race.is_some() && f.race == f.not_race {
        return never("not_race", "it names the same race as `race`".into());
    }
    if f.ready && f.rotated {
        return never("ready", "a ready card is never rotated".into());
    }
    if f.ready && f.neutralized == Some(true) {
        return never("ready", "a ready card is never neutralized".into());
    }
    if let (Some((a, lo)), Some((b, hi))) = (f.at_least, f.at_most) {
        if a == b && lo > hi {
            return never(
                "at_most",
                format!("{} at least {lo} and at most {hi}", a.display()),
            );
        }
    }
    if f.ambassador && f.not_ambassador {
        return never(
            "ambassador",
            "no card is both an ambassador and not one".into(),
        );
    }
    // Ambassadors: the leader of a faction, always in its Inner Circle.
    if f.ambassador && (f.row == Row::Supporting || none(&|t| t == CardType::Character)) {
        return never(
            "ambassador",
            "an ambassador is a character in the Inner Circle".into(),
        );
    }
    if f.row == Row::InnerCircle && none(&|t| t == CardType::Character) {
        return never("row", "only characters sit in the Inner Circle".into());
    }
    if f.row != Row::Any && only(&off) {
        return never("row", "agendas and attached cards are in no row".into());
    }
    if (f.damaged || f.neutralized == Some(true) || f.participant) && only(&off) {
        return never(
            "type",
            "agendas and attached cards are never damaged, neutralized or participants".into(),
        );
    }
    if f.attached_to.is_some()
        && none(&|t| {
            matches!(
                t,
                CardType::Enhancement | CardType::Aftermath | CardType::Contingency
            )
        })
    {
        return never(
            "attached_to",
            "only enhancements, aftermaths and contingencies are attached to cards".into(),
        );
    }
    // War Conflicts, Conquering Locations: only a location conquered by a
    // player of another race is controlled by no one.
    if f.allegiance().2 == Some(false) {
        if f.side == Side::Own {
            return never(
                "controlled",
                "a card you control is controlled by a player (`controlled = false`: by no one)"
                    .into(),
            );
        }
        if none(&|t| t == CardType::Location) {
            return never(
                "controlled",
                "only a conquered location is controlled by no player".into(),
            );
        }
    }
    if f.conflict.is_some()
        && usage != FilterUse::Other
        && none(&|t| {
            matches!(
                t,
                CardType::Character | CardType::Fleet | CardType::Location
            )
        })
    {
        return never(
            "conflict",
            "only characters, fleets and locations take part in conflicts".into(),
        );
    }
    Ok(())
}

/// Refuses a relation the card's type can never have: "the card this is on"
/// on a card never attached, "cards attached to this card" on a card nothing
/// is attached to (Enhancement Cards; Aftermath Cards; Contingency Cards).
pub(super) fn relation_fits(at: &At, f: &CardFilter, ty: CardType) -> Result<(), LoadError> {
    let a = if ty.name().starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    let attached = matches!(
        ty,
        CardType::Enhancement | CardType::Aftermath | CardType::Contingency
    );
    let holds = matches!(
        ty,
        CardType::Character | CardType::Fleet | CardType::Location | CardType::Group
    );
    match f.relation() {
        ThisCard::Host if !attached => {
            return Err(at.sub("host").err(format!(
                "never matches: {a} {} is never attached to a card (only enhancements, aftermaths and contingencies are)",
                ty.name()
            )))
        }
        ThisCard::Attached if !holds => {
            return Err(at.sub("on_this").err(format!(
                "never matches: nothing is attached to {a} {} (only to characters, fleets, locations and groups)",
                ty.name()
            )))
        }
        _ => {}
    }
    for (i, a) in f.any_of().iter().enumerate() {
        relation_fits(&at.sub(&format!("any_of[{i}]")), a, ty)?;
    }
    if let Some(n) = f.not() {
        relation_fits(&at.sub("not"), n, ty)?;
    }
    Ok(())
}
