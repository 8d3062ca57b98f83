//! From the raw TOML tables to the engine's card definitions, checking every
//! value and reporting problems with file, line and field.

use std::ops::Range;

use b5_engine::{
    Ability, AbilityBonus, AftermathPlay, Amount, AmountBase, AttachKind, Cannot, CardAction,
    CardDef, CardFilter, CardSel, CardType, Cmp, Condition, Cost, Duration, Effect, Faction, Force,
    Keywords, MarkKind, Op, Passive, PickFrom, PickPut, Race, Rounding, Row, Side, TargetKind,
    Trigger, TriggeredEffect, Uniqueness, VictoryCondition, VoteKind, VoteRule, When, Who,
};
use toml::Spanned;

use crate::error::{LoadError, Source};
use crate::raw::*;
use b5_engine::StateKind;

/// The states other than war (States).
const STATES: &str = "alliance, free-trade, non-aggression, mutual-defense, embargo, truce";

mod rules;
mod second;

/// Where a value sits, for messages.
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
const WHOS: &str = "self, target, each, others, leader";
const CARDS: &str = "target, ambassador, this, attached, attacker, supporters, opposers, second";
const TARGETS: &str = "none, player, race, card, conflict, event";
const ATTACH: &str = "character, fleet, location, group, agenda, faction, global";
const DURATIONS: &str = "turn, while-rotated, conflict, permanent, printed, while-in-play";
/// The most credit tokens one cost takes off (Corporate Rule 6).
const MAX_TOKENS: u8 = 100;
const CANNOTS: &str = "be-promoted, participate, participate-in-this-conflict, be-blanked, be-discarded, be-targeted, be-targeted-by-conflicts, declare-conflicts, be-targeted-by-others, gain-influence, sponsor";
const TRIGGERS: &str = "attacked, attacks, neutralized-target, targeted, conflict-won, conflict-lost, gained-influence, leaves-play, survived-attack, attack-in-conflict, contested-war-won, fleet-neutralized, event-targeted, action-targeted";

/// Refuses a trigger the card could never see: only characters and fleets
/// attack, only characters, fleets and locations (opposing a conflict that
/// targets them) are attacked; a card attached elsewhere sees neither.
fn trigger_seen(at: &At, t: Trigger, ty: CardType, attach: AttachKind) -> Result<(), LoadError> {
    let on = match ty {
        CardType::Enhancement | CardType::Contingency | CardType::Aftermath => attach.card_type(),
        _ => Some(ty),
    };
    let (ok, who) = match t {
        Trigger::Attacks | Trigger::NeutralizedTarget => (
            matches!(on, Some(CardType::Character | CardType::Fleet)),
            "only characters and fleets attack",
        ),
        Trigger::Attacked | Trigger::SurvivedAttack => (
            matches!(
                on,
                Some(CardType::Character | CardType::Fleet | CardType::Location)
            ),
            "only characters, fleets and locations take part in attacks",
        ),
        _ => (true, ""),
    };
    let (ok, who) = if ok && ty == CardType::Contingency && !t.opens_window() {
        (
            false,
            "a contingency leaves play with the card it is on, so it never sees that card leave; `leaves-play` is for cards in play",
        )
    } else {
        (ok, who)
    };
    if ok {
        return Ok(());
    }
    let a = |w: &str| if w.starts_with(['a', 'e']) { "an" } else { "a" };
    let what = match ty {
        CardType::Enhancement | CardType::Contingency | CardType::Aftermath => {
            format!(
                "{} {} on {} {}",
                a(ty.name()),
                ty.name(),
                a(attach.name()),
                attach.name()
            )
        }
        _ => format!("{} {}", a(ty.name()), ty.name()),
    };
    Err(at.err(format!("`{}` can never happen to {what}: {who}", t.name())))
}

fn cannot(at: &At, s: &str) -> Result<Cannot, LoadError> {
    one_of(at, "restriction", s, Cannot::parse, CANNOTS)
}

/// A restriction with its `cards` (only `sponsor` takes them: one card type
/// or one race).
fn restriction(at: &At, s: &str, cards: Option<&RawFilter>) -> Result<Cannot, LoadError> {
    if s != "sponsor" {
        let what = cannot(at, s)?;
        if cards.is_some() {
            return Err(at.sub("cards").err(format!(
                "`cards` goes with `cannot = \"sponsor\"`, not `{}`",
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
    if format!("{plain:?}") != format!("{f:?}") {
        return Err(at.err("`cards` of `cannot = \"sponsor\"` names only `type` or `race`"));
    }
    match (&f.types, &f.race) {
        (Some(t), None) => {
            let items = t.items();
            if items.len() != 1 {
                return Err(at.sub("type").err("name one card type"));
            }
            let ty = one_of(
                &at.sub("type"),
                "card type",
                items[0],
                CardType::parse,
                "character, group, fleet, location, enhancement",
            )?;
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

fn race(at: &At, s: &str) -> Result<Race, LoadError> {
    one_of(at, "race", s, Race::parse, RACES)
}

fn ability(at: &At, s: &str) -> Result<Ability, LoadError> {
    one_of(at, "ability", s, Ability::parse, ABILITIES)
}

fn who(at: &At, s: Option<&String>) -> Result<Who, LoadError> {
    match s {
        None => Ok(Who::Me),
        Some(s) => one_of(&at.sub("who"), "player", s, Who::parse, WHOS),
    }
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

fn filter(at: &At, f: &RawFilter) -> Result<CardFilter, LoadError> {
    if f.itself.is_some() {
        return Err(at
            .sub("itself")
            .err("names the card with the lasting effect: only in the `to` of a `passive` bonus"));
    }
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
        itself: false,
    })
}

/// `to = { itself = true }` ("this card gets ..."): only a bonus, on a card
/// on the table whose type the filter allows.
fn itself_checks(
    at: &At,
    rp: &crate::raw::RawPassive,
    f: &CardFilter,
    ty: CardType,
) -> Result<(), LoadError> {
    let at = at.sub("itself");
    if rp.bonus.is_none() {
        return Err(at.err(
            "names the card itself only for a `bonus` (the other lasting effects say \"this card\" by leaving `to` out, or name no card)",
        ));
    }
    if !matches!(
        ty,
        CardType::Character | CardType::Fleet | CardType::Group | CardType::Location
    ) {
        return Err(at.err(
            "never matches: only a character, fleet, group or location has abilities of its own on the table (an enhancement or aftermath gives the card it is on its `bonus`)",
        ));
    }
    if f.types != 0 && !f.allows_type(ty) {
        return Err(at.err(format!(
            "never matches: this card is a {}, which the filter's `type` leaves out",
            ty.name()
        )));
    }
    Ok(())
}

/// `{ psi = 2 }`: one ability and its value.
fn threshold(at: &At, t: &RawMarksLike) -> Result<(Ability, u8), LoadError> {
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
enum FilterUse {
    /// A card target: cards in play.
    Target,
    /// A conflict's participants: characters, fleets, locations.
    Participants,
    /// Anything else (lasting effects, conditions).
    Other,
}

/// Refuses a filter that can never match anything playable, naming the field.
fn never_matches(at: &At, f: &CardFilter, usage: FilterUse) -> Result<(), LoadError> {
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

fn condition(at: &At, c: &RawCondition) -> Result<Condition, LoadError> {
    let mut found: Vec<Condition> = Vec::new();
    if let Some(m) = &c.marks {
        let ms = marks(m);
        let kinds: Vec<(MarkKind, u8)> = MarkKind::ALL
            .iter()
            .map(|&k| (k, ms[k.idx()]))
            .filter(|x| x.1 > 0)
            .collect();
        if kinds.len() != 1 {
            return Err(at
                .sub("marks")
                .err("name exactly one kind of mark, e.g. { marks = { shadow = 2 } }"));
        }
        found.push(Condition::Marks {
            kind: kinds[0].0,
            cmp: Cmp::AtLeast(kinds[0].1 as i32),
        });
    }
    let num = [
        (
            c.influence_at_least,
            Condition::Influence as fn(Cmp) -> Condition,
            true,
        ),
        (c.influence_at_most, Condition::Influence, false),
        (c.power_at_least, Condition::Power, true),
        (c.unrest_at_least, Condition::Unrest, true),
        (c.unrest_at_most, Condition::Unrest, false),
        (c.tension_at_least, Condition::TensionTowardTarget, true),
        (c.tension_at_most, Condition::TensionTowardTarget, false),
        (c.margin_at_least, Condition::Margin, true),
        (c.chaos_at_least, Condition::Chaos, true),
        (c.credits_at_least, Condition::Credits, true),
    ];
    for (v, mk, least) in num {
        if let Some(v) = v {
            found.push(mk(if least {
                Cmp::AtLeast(v)
            } else {
                Cmp::AtMost(v)
            }));
        }
    }
    if c.at_war == Some(true) {
        found.push(Condition::AtWar);
    }
    if c.at_war_with_target == Some(true) {
        found.push(Condition::AtWarWithTarget);
    }
    if let Some(k) = &c.state {
        found.push(Condition::InState(one_of(
            &at.sub("state"),
            "state",
            k,
            StateKind::parse,
            STATES,
        )?));
    }
    if let Some(k) = &c.state_with_target {
        found.push(Condition::InStateWithTarget(one_of(
            &at.sub("state_with_target"),
            "state",
            k,
            StateKind::parse,
            STATES,
        )?));
    }
    if let Some(ctl) = &c.controls {
        let f = RawFilter {
            types: ctl.types.clone(),
            race: ctl.race.clone(),
            row: ctl.row.clone(),
            keyword: ctl.keyword.clone(),
            ..RawFilter::default()
        };
        found.push(Condition::Controls {
            filter: filter(&at.sub("controls"), &f)?,
            cmp: Cmp::AtLeast(ctl.count),
        });
    }
    for (v, force) in [
        (c.babylon5_at_least, Force::Babylon5),
        (c.shadows_at_least, Force::Shadows),
        (c.vorlons_at_least, Force::Vorlons),
    ] {
        if let Some(v) = v {
            found.push(Condition::NonPlayer {
                force,
                cmp: Cmp::AtLeast(v),
            });
        }
    }
    if let Some(b) = c.shadow_war {
        found.push(Condition::ShadowWar(b));
    }
    if let Some(r) = &c.race {
        found.push(Condition::Race(race(&at.sub("race"), r)?));
    }
    for (t, name, least) in [
        (&c.ability_at_least, "ability_at_least", true),
        (&c.ability_at_most, "ability_at_most", false),
    ] {
        if let Some(t) = t {
            let (ability, n) = threshold(&at.sub(name), t)?;
            found.push(Condition::CardAbility {
                ability,
                cmp: if least {
                    Cmp::AtLeast(n as i32)
                } else {
                    Cmp::AtMost(n as i32)
                },
            });
        }
    }
    match found.len() {
        1 => Ok(found.pop().unwrap()),
        0 => Err(at.err(
            "a condition needs exactly one key (e.g. marks, influence_at_least, at_war, controls)",
        )),
        _ => Err(at.err("a condition has exactly one key; write several conditions as a list")),
    }
}

/// What an effect list may refer to.
#[derive(Clone, Copy)]
struct Refs {
    card_target: bool,
    player_target: bool,
    /// The card has a second target (Legal Targets).
    second: bool,
}

const ANY_REFS: Refs = Refs {
    card_target: true,
    player_target: true,
    second: false,
};

fn refs_for(t: TargetKind) -> Refs {
    Refs {
        card_target: t == TargetKind::Card,
        player_target: !matches!(t, TargetKind::None | TargetKind::Event),
        second: false,
    }
}

/// The refs of a card's own effect list, with its second target if any.
fn refs_with(t: TargetKind, second: &Option<b5_engine::SecondTarget>) -> Refs {
    Refs {
        second: second.is_some(),
        ..refs_for(t)
    }
}

/// An amount table into the engine's [`Amount`].
fn amount_expr(at: &At, a: &RawAmount) -> Result<Amount, LoadError> {
    let w = |field: &str, s: &str| one_of(&at.sub(field), "player", s, Who::parse, WHOS);
    let mut bases: Vec<AmountBase> = Vec::new();
    if let Some(v) = a.value {
        bases.push(AmountBase::Const(
            small(&at.sub("value"), v, -999, 999)? as i16
        ));
    }
    if let Some(ab) = &a.ability {
        let whom = match &a.who {
            None => Who::Me,
            Some(s) => w("who", s)?,
        };
        let card = match &a.of {
            None => CardSel::This,
            Some(s) => one_of(&at.sub("of"), "card", s, |x| CardSel::parse(x, whom), CARDS)?,
        };
        bases.push(AmountBase::Ability {
            ability: ability(&at.sub("ability"), ab)?,
            card,
            printed: a.printed.unwrap_or(false),
        });
    } else if a.of.is_some() || a.printed.is_some() || a.who.is_some() {
        return Err(at.err("`of`, `printed` and `who` go with `ability`"));
    }
    if let Some(s) = &a.influence {
        bases.push(match s.as_str() {
            "babylon5" => AmountBase::NonPlayer(Force::Babylon5),
            "shadows" => AmountBase::NonPlayer(Force::Shadows),
            "vorlons" => AmountBase::NonPlayer(Force::Vorlons),
            _ => AmountBase::Influence(one_of(
                &at.sub("influence"),
                "player or force",
                s,
                Who::parse,
                "self, target, each, others, leader, babylon5, shadows, vorlons",
            )?),
        });
    }
    if let Some(s) = &a.power {
        bases.push(AmountBase::Power(w("power", s)?));
    }
    if let Some(s) = &a.unrest {
        bases.push(AmountBase::Unrest(w("unrest", s)?));
    }
    if let Some(s) = &a.spent {
        bases.push(AmountBase::Spent(w("spent", s)?));
    }
    if let Some(s) = &a.credits {
        bases.push(AmountBase::Credits(one_of(
            &at.sub("credits"),
            "card",
            s,
            |x| CardSel::parse(x, Who::Me),
            CARDS,
        )?));
    }
    if let Some(n) = a.per_margin {
        bases.push(AmountBase::PerMargin(
            small(&at.sub("per_margin"), n, 1, 255)? as u8,
        ));
    }
    let list = |field: &str, v: &[RawNum]| -> Result<Vec<Amount>, LoadError> {
        if v.is_empty() {
            return Err(at.sub(field).err("name at least one amount"));
        }
        v.iter()
            .enumerate()
            .map(|(i, x)| amount_of(&at.sub(&format!("{field}[{i}]")), x))
            .collect()
    };
    let mut half = a.half.unwrap_or(false);
    if let Some(x) = &a.half_of {
        bases.push(AmountBase::Sum(vec![amount_of(&at.sub("half_of"), x)?]));
        half = true;
    }
    if let Some(v) = &a.sum {
        bases.push(AmountBase::Sum(list("sum", v)?));
    }
    if let Some(v) = &a.min_of {
        bases.push(AmountBase::Min(list("min_of", v)?));
    }
    if let Some(v) = &a.max_of {
        bases.push(AmountBase::Max(list("max_of", v)?));
    }
    if let Some(f) = &a.count {
        let fat = at.sub("count");
        let f = filter(&fat, f)?;
        never_matches(&fat, &f, FilterUse::Other)?;
        bases.push(AmountBase::Count(f));
    }
    if bases.len() != 1 {
        return Err(at.err(if bases.is_empty() {
            "an amount needs exactly one of value, ability, influence, power, unrest, spent, per_margin, half_of, sum, min_of, max_of, count"
        } else {
            "an amount has exactly one of value, ability, influence, power, unrest, spent, per_margin, half_of, sum, min_of, max_of, count; combine them with sum"
        }));
    }
    let rounding = match a.round.as_deref() {
        None | Some("up") => Rounding::Up,
        Some("down") => Rounding::Down,
        Some(s) => {
            return Err(at
                .sub("round")
                .err(format!("unknown rounding \"{s}\" (expected up, down)")))
        }
    };
    if a.round.is_some() && !half {
        return Err(at.sub("round").err("`round` goes with `half` or `half_of`"));
    }
    let mut out = Amount::of(bases.pop().unwrap());
    if let Some(t) = a.times {
        out.times = small(&at.sub("times"), t, -99, 99)? as i16;
    }
    out.half = half.then_some(rounding);
    if let Some(p) = a.plus {
        out.plus = small(&at.sub("plus"), p, -999, 999)? as i16;
    }
    if let Some(v) = a.at_least {
        out.at_least = Some(small(&at.sub("at_least"), v, -999, 999)? as i16);
    }
    if let Some(v) = a.at_most {
        out.at_most = Some(small(&at.sub("at_most"), v, -999, 999)? as i16);
    }
    if let (Some(lo), Some(hi)) = (out.at_least, out.at_most) {
        if lo > hi {
            return Err(at.sub("at_most").err(format!(
                "at_most {hi} is below at_least {lo}: the amount could never be worked out"
            )));
        }
    }
    Ok(out)
}

/// A number or an amount into an [`Amount`].
fn amount_of(at: &At, n: &RawNum) -> Result<Amount, LoadError> {
    match n {
        RawNum::Int(v) => Ok(Amount::of(AmountBase::Const(
            small(at, *v, -999, 999)? as i16
        ))),
        RawNum::Expr(a) => amount_expr(at, a),
    }
}

/// A verb's number: a plain integer within the verb's range (kept as
/// written), or an amount worked out when the effect happens.
fn verb_num(at: &At, n: &RawNum, lo: i64, hi: i64) -> Result<(i64, Option<Amount>), LoadError> {
    match n {
        RawNum::Int(v) => Ok((small(at, *v, lo, hi)?, None)),
        RawNum::Expr(a) => Ok((0, Some(amount_expr(at, a)?))),
    }
}

fn effect(at: &At, se: &Spanned<RawEffect>, refs: Refs) -> Result<Effect, LoadError> {
    let at = At {
        src: at.src,
        field: at.field.clone(),
        span: se.span(),
    };
    let e = se.get_ref();
    let mut verbs: Vec<&'static str> = Vec::new();
    macro_rules! has {
        ($($f:ident),*) => { $( if e.$f.is_some() { verbs.push(stringify!($f)); } )* };
    }
    has!(
        gain_influence,
        lose_influence,
        transfer_influence,
        restore,
        extra_influence,
        gain_power,
        lose_power,
        tension,
        unrest,
        babylon5,
        shadows,
        vorlons,
        draw,
        crusade_draw,
        discard_random,
        damage,
        mark,
        war,
        peace,
        bonus,
        double,
        rotate,
        ready,
        heal,
        full_heal,
        remove_damage,
        neutralize,
        discard,
        return_to_hand,
        support,
        opposition,
        cancel_conflict,
        cancel_attack,
        surrender,
        vote,
        found_isa,
        join_isa,
        chaos,
        credits,
        cannot,
        later,
        unless_paid,
        search,
        choose,
        choose_one,
        convert_mark,
        vote_rule,
        discard_ambassador,
        severe_damage,
        set,
        sponsor_discount,
        influence_rating,
        blank,
        transfer_power,
        move_mark,
        transfer_chaos,
        transfer_damage,
        move_attached,
        use_ability,
        power_to_win,
        promote,
        shadow_war,
        count_only_influence,
        attack,
        attack_mod,
        reverse,
        negate,
        start_state,
        end_state
    );
    if verbs.len() != 1 {
        return Err(at.err(if verbs.is_empty() {
            "an effect needs exactly one verb (e.g. gain_influence, damage, bonus)".to_string()
        } else {
            format!(
                "an effect has exactly one verb, this one has {}",
                verbs.join(", ")
            )
        }));
    }
    let verb = verbs[0];
    let at = at.sub(verb);
    // Modifiers each verb accepts.
    let allowed: &[&str] = match verb {
        "gain_influence" | "lose_influence" | "restore" | "extra_influence" | "gain_power"
        | "lose_power" | "unrest" | "draw" | "crusade_draw" | "discard_random" => &["who"],
        "transfer_influence" => &["who", "to"],
        "tension" => &["who", "toward", "toward_race", "mutual"],
        "war" | "peace" | "start_state" | "end_state" => &["who", "with"],
        "mark" => &["card", "count", "who"],
        "bonus" => &["card", "duration", "who", "amount"],
        "double" => &["card", "duration", "who"],
        "cannot" => &["card", "duration", "who", "cards"],
        "severe_damage" => &["card", "who"],
        "set" => &["card", "duration", "who"],
        "sponsor_discount" => &["who"],
        "influence_rating" => &["who", "duration"],
        "attack" => &["by", "card", "who"],
        "attack_mod" => &["card", "duration", "who"],
        "later" => &["effects"],
        "unless_paid" => &["who", "effects"],
        "search" => &["filter", "put", "up_to", "each", "show"],
        "choose" => &["filter", "put", "up_to", "each"],
        "convert_mark" => &["into", "card", "count", "who"],
        "vote_rule" => &["who", "count"],
        "damage" | "rotate" | "ready" | "heal" | "full_heal" | "remove_damage" | "neutralize"
        | "discard" | "return_to_hand" | "chaos" | "credits" | "discard_ambassador" => {
            &["card", "who"]
        }
        "surrender" => &["who"],
        "join_isa" => &["who"],
        "blank" => &["card", "duration", "who"],
        "transfer_power" => &["who", "to"],
        "move_mark" => &["card", "onto", "count", "who"],
        "transfer_chaos" => &["card", "onto", "who"],
        "transfer_damage" => &["card", "onto", "who"],
        "move_attached" => &["card", "onto", "who"],
        "use_ability" => &["as", "card", "who"],
        "power_to_win" => &["who", "duration"],
        "promote" => &["card", "free", "who"],
        "count_only_influence" => &["who", "duration"],
        _ => &[],
    };
    if verb != "unless_paid" && e.pooled.is_some() {
        return Err(at.err("`pooled` applies only to `unless_paid`"));
    }
    if verb != "vote" {
        for (m, p) in [("pass", e.pass.is_some()), ("fail", e.fail.is_some())] {
            if p {
                return Err(at.err(format!("`{m}` applies only to `vote`")));
            }
        }
    }
    let present: [(&str, bool); 22] = [
        ("onto", e.onto.is_some()),
        ("as", e.as_ability.is_some()),
        ("free", e.free.is_some()),
        ("by", e.by.is_some()),
        ("filter", e.filter.is_some()),
        ("put", e.put.is_some()),
        ("up_to", e.up_to.is_some()),
        ("each", e.each.is_some()),
        ("show", e.show.is_some()),
        ("into", e.into.is_some()),
        ("cards", e.cards.is_some()),
        ("who", e.who.is_some()),
        ("to", e.to.is_some()),
        ("toward", e.toward.is_some()),
        ("toward_race", e.toward_race.is_some()),
        ("mutual", e.mutual.is_some()),
        ("with", e.with.is_some()),
        ("card", e.card.is_some()),
        ("count", e.count.is_some()),
        ("duration", e.duration.is_some()),
        ("amount", e.amount.is_some()),
        ("effects", e.effects.is_some()),
    ];
    for (m, p) in present {
        if p && !allowed.contains(&m) {
            return Err(at.err(format!("`{m}` does not apply to `{verb}`")));
        }
    }
    let w = who(&at, e.who.as_ref())?;
    let whom = |s: Option<&String>, name: &str, default: Who| -> Result<Who, LoadError> {
        match s {
            None => Ok(default),
            Some(s) => one_of(&at.sub(name), "player", s, Who::parse, WHOS),
        }
    };
    let sel = || -> Result<CardSel, LoadError> {
        match &e.card {
            None => Ok(CardSel::Target),
            Some(s) => one_of(&at.sub("card"), "card", s, |x| CardSel::parse(x, w), CARDS),
        }
    };
    let dur = || -> Result<Duration, LoadError> {
        match &e.duration {
            None => Ok(Duration::Turn),
            Some(s) => one_of(
                &at.sub("duration"),
                "duration",
                s,
                Duration::parse,
                DURATIONS,
            ),
        }
    };
    let mut amt: Option<Amount> = None;
    let mut num = |v: &Option<RawNum>, lo: i64, hi: i64| -> Result<i64, LoadError> {
        let (n, a) = verb_num(&at, v.as_ref().unwrap(), lo, hi)?;
        amt = a;
        Ok(n)
    };
    let flag = |v: Option<bool>| -> Result<(), LoadError> {
        if v == Some(false) {
            Err(at.err(format!("write `{verb} = true` (or leave the effect out)")))
        } else {
            Ok(())
        }
    };
    let op = match verb {
        "gain_influence" => Op::GainInfluence {
            n: num(&e.gain_influence, 0, 255)? as u8,
            who: w,
        },
        "lose_influence" => Op::LoseInfluence {
            n: num(&e.lose_influence, 0, 255)? as u8,
            who: w,
        },
        // Glossary, Transfer: to another player, or to an entity such as
        // the Shadows.
        "transfer_influence" => match e.to.as_deref().and_then(|t| match t {
            "babylon5" => Some(Force::Babylon5),
            "shadows" => Some(Force::Shadows),
            "vorlons" => Some(Force::Vorlons),
            _ => None,
        }) {
            Some(force) => Op::TransferToForce {
                n: num(&e.transfer_influence, 0, 255)? as u8,
                who: w,
                force,
            },
            None => Op::TransferInfluence {
                n: num(&e.transfer_influence, 0, 255)? as u8,
                who: w,
                to: whom(e.to.as_ref(), "to", Who::Me)?,
            },
        },
        "restore" => Op::Restore {
            n: num(&e.restore, 0, 255)? as u8,
            who: w,
        },
        "extra_influence" => Op::ExtraInfluence {
            n: num(&e.extra_influence, 0, 255)? as u8,
            who: w,
        },
        "gain_power" => Op::GainPower {
            n: num(&e.gain_power, 0, 255)? as u8,
            who: w,
        },
        "lose_power" => Op::LosePower {
            n: num(&e.lose_power, 0, 255)? as u8,
            who: w,
        },
        "tension" => {
            let mutual = e.mutual.unwrap_or(false);
            if let Some(r) = &e.toward_race {
                if e.toward.is_some() {
                    return Err(at.err("give `toward` or `toward_race`, not both"));
                }
                Op::TensionRace {
                    n: num(&e.tension, -128, 127)? as i8,
                    who: w,
                    race: race(&at.sub("toward_race"), r)?,
                    mutual,
                }
            } else {
                Op::Tension {
                    n: num(&e.tension, -128, 127)? as i8,
                    who: w,
                    toward: whom(e.toward.as_ref(), "toward", Who::Target)?,
                    mutual,
                }
            }
        }
        "unrest" => Op::Unrest {
            n: num(&e.unrest, -128, 127)? as i8,
            who: w,
        },
        "babylon5" => Op::NonPlayer {
            force: Force::Babylon5,
            n: num(&e.babylon5, -128, 127)? as i8,
        },
        "shadows" => Op::NonPlayer {
            force: Force::Shadows,
            n: num(&e.shadows, -128, 127)? as i8,
        },
        "vorlons" => Op::NonPlayer {
            force: Force::Vorlons,
            n: num(&e.vorlons, -128, 127)? as i8,
        },
        "draw" => Op::Draw {
            n: num(&e.draw, 0, 255)? as u8,
            who: w,
        },
        "crusade_draw" => Op::CrusadeDraw {
            n: num(&e.crusade_draw, 0, 255)? as u8,
            who: w,
        },
        "discard_random" => Op::DiscardRandom {
            n: num(&e.discard_random, 0, 255)? as u8,
            who: w,
        },
        "damage" => Op::Damage {
            n: num(&e.damage, 0, 255)? as u8,
            card: sel()?,
        },
        "mark" => Op::Mark {
            kind: one_of(
                &at,
                "mark",
                e.mark.as_ref().unwrap(),
                MarkKind::parse,
                MARKS,
            )?,
            card: sel()?,
            count: e.count.unwrap_or(1),
        },
        "war" => {
            flag(e.war)?;
            Op::War {
                who: w,
                with: whom(e.with.as_ref(), "with", Who::Target)?,
            }
        }
        "start_state" | "end_state" => {
            let name = e.start_state.as_ref().or(e.end_state.as_ref()).unwrap();
            Op::State {
                kind: one_of(&at, "state", name, StateKind::parse, STATES)?,
                who: w,
                with: whom(e.with.as_ref(), "with", Who::Target)?,
                end: verb == "end_state",
            }
        }
        "peace" => {
            flag(e.peace)?;
            Op::Peace {
                who: w,
                with: whom(e.with.as_ref(), "with", Who::Target)?,
            }
        }
        "bonus" => Op::Bonus {
            bonus: bonus(e.bonus.as_ref().unwrap()),
            card: sel()?,
            duration: dur()?,
        },
        "double" => Op::Double {
            ability: ability(&at, e.double.as_ref().unwrap())?,
            card: sel()?,
            duration: dur()?,
        },
        "rotate" => {
            flag(e.rotate)?;
            Op::Rotate { card: sel()? }
        }
        "ready" => {
            flag(e.ready)?;
            Op::Ready { card: sel()? }
        }
        "heal" => {
            flag(e.heal)?;
            Op::Heal { card: sel()? }
        }
        "full_heal" => {
            flag(e.full_heal)?;
            Op::FullHeal { card: sel()? }
        }
        "remove_damage" => Op::RemoveDamage {
            n: num(&e.remove_damage, 0, 255)? as u8,
            card: sel()?,
        },
        "neutralize" => {
            flag(e.neutralize)?;
            Op::Neutralize { card: sel()? }
        }
        "discard" => {
            flag(e.discard)?;
            Op::Discard { card: sel()? }
        }
        "return_to_hand" => {
            flag(e.return_to_hand)?;
            Op::ReturnToHand { card: sel()? }
        }
        "discard_ambassador" => {
            flag(e.discard_ambassador)?;
            Op::DiscardAmbassador { card: sel()? }
        }
        "support" => Op::Support {
            n: num(&e.support, 0, 255)? as u8,
        },
        "opposition" => Op::Opposition {
            n: num(&e.opposition, 0, 255)? as u8,
        },
        "cancel_conflict" => {
            flag(e.cancel_conflict)?;
            Op::CancelConflict
        }
        "cancel_attack" => {
            flag(e.cancel_attack)?;
            Op::CancelAttack
        }
        "surrender" => {
            flag(e.surrender)?;
            Op::Surrender {
                who: whom(e.who.as_ref(), "who", Who::Target)?,
            }
        }
        "vote" => {
            let kind = one_of(
                &at,
                "vote",
                e.vote.as_ref().unwrap(),
                VoteKind::parse,
                "player, babylon5",
            )?;
            let empty = RawEffects::new();
            let pass = effects(&at.sub("pass"), e.pass.as_ref().unwrap_or(&empty), refs)?;
            let fail = effects(&at.sub("fail"), e.fail.as_ref().unwrap_or(&empty), refs)?;
            if pass
                .iter()
                .chain(fail.iter())
                .any(|x| matches!(x.op, Op::Vote { .. }))
            {
                return Err(at.err("a vote's `pass` and `fail` effects cannot call another vote"));
            }
            Op::Vote { kind, pass, fail }
        }
        "found_isa" => {
            flag(e.found_isa)?;
            Op::FoundIsa
        }
        "join_isa" => {
            flag(e.join_isa)?;
            Op::JoinIsa { who: w }
        }
        "chaos" => Op::Chaos {
            n: e.chaos.unwrap(),
            card: sel()?,
        },
        // Corporate Rule 6: credit tokens mean only what the card says.
        "credits" => match e.credits.unwrap() {
            0 => return Err(at.err("0 credit tokens changes nothing")),
            n => Op::Credits { n, card: sel()? },
        },
        "later" => {
            let when = one_of(
                &at,
                "time",
                e.later.as_ref().unwrap(),
                When::parse,
                "end-of-turn, start-of-next-turn",
            )?;
            let list = match &e.effects {
                Some(l) if !l.is_empty() => effects(&at.sub("effects"), l, refs)?,
                _ => {
                    return Err(at
                        .sub("effects")
                        .err("a delayed effect needs its effects, e.g. effects = [{ draw = 1 }]"))
                }
            };
            Op::Delayed {
                when,
                effects: list.into(),
            }
        }
        // Glossary, Negate: a player may pay to stop the effects.
        "unless_paid" => {
            // A number from 1 to 50, or an amount worked out when it happens.
            let n = match e.unless_paid.as_ref() {
                Some(RawNum::Int(v)) if !(1..=50).contains(v) => {
                    return Err(at.err(format!(
                        "{v} influence: a player may be asked to apply 1 to 50 influence to stop an effect"
                    )))
                }
                _ => num(&e.unless_paid, 1, 50)? as u8,
            };
            let who = whom(e.who.as_ref(), "who", Who::Target)?;
            if matches!(who, Who::Me | Who::Leader) {
                return Err(at.sub("who").err(
                    "names who may stop the effects: target (the default), others or each, never the card's own player",
                ));
            }
            let list = match &e.effects {
                Some(l) if !l.is_empty() => effects(&at.sub("effects"), l, refs)?,
                _ => {
                    return Err(at.sub("effects").err(
                        "name the effects a player may stop, e.g. effects = [{ lose_influence = 2, who = \"target\" }]",
                    ))
                }
            };
            Op::Unless {
                n,
                who,
                effects: list.into(),
                // rulings, Order Above All: "Any combination of players".
                pooled: e.pooled == Some(true),
            }
        }
        "cannot" => {
            let what = restriction(&at, e.cannot.as_ref().unwrap(), e.cards.as_ref())?;
            let duration = dur()?;
            if duration == Duration::Printed {
                return Err(at
                    .sub("duration")
                    .err("a restriction has no printed value; use turn, while-rotated, while-in-play, conflict or permanent"));
            }
            if what.on_player() && e.card.is_some() {
                return Err(at.sub("card").err(format!(
                    "`{}` restricts players: name them with `who`, not `card`",
                    what.name()
                )));
            }
            if what == Cannot::ParticipateHere && e.duration.is_some() {
                return Err(at.sub("duration").err(
                    "participate-in-this-conflict lasts until the conflict resolves; it takes no duration",
                ));
            }
            Op::Restrict {
                what,
                card: sel()?,
                who: w,
                duration,
            }
        }
        "search" | "choose" => pick(&at, e, verb, refs)?,
        "choose_one" => {
            let raw = e.choose_one.as_ref().unwrap();
            if raw.len() < 2 {
                return Err(at.err("\"choose one\" needs at least two modes, e.g. choose_one = [[{ draw = 1 }], [{ gain_influence = 1 }]]"));
            }
            if raw.len() > 8 {
                return Err(at.err("at most 8 modes"));
            }
            let mut modes = Vec::new();
            for (i, m) in raw.iter().enumerate() {
                let mat = at.sub(&format!("{i}"));
                if m.is_empty() {
                    return Err(mat.err("a mode needs at least one effect"));
                }
                let list = effects(&mat, m, refs)?;
                if list
                    .iter()
                    .any(|x| matches!(x.op, Op::Vote { .. } | Op::Pick { .. } | Op::Modes { .. }))
                {
                    return Err(mat.err(
                        "a mode cannot hold a vote, a search, a choice of cards or another \"choose one\"",
                    ));
                }
                modes.push(list);
            }
            Op::Modes { modes }
        }
        "convert_mark" => {
            let from = one_of(
                &at,
                "mark",
                e.convert_mark.as_ref().unwrap(),
                MarkKind::parse,
                MARKS,
            )?;
            let Some(into) = e.into.as_ref() else {
                return Err(at
                    .sub("into")
                    .err("name the kind of mark it becomes, e.g. into = \"destiny\""));
            };
            let to = one_of(&at.sub("into"), "mark", into, MarkKind::parse, MARKS)?;
            if to == from {
                return Err(at
                    .sub("into")
                    .err("a mark converted into the same kind changes nothing"));
            }
            let count = e.count.unwrap_or(1);
            if count < 1 {
                return Err(at.sub("count").err("convert at least 1 mark"));
            }
            Op::ConvertMark {
                from,
                to,
                card: sel()?,
                count: count as u8,
            }
        }
        "vote_rule" => {
            let name = e.vote_rule.as_ref().unwrap();
            let extra = matches!(
                name.as_str(),
                "extra-yes" | "extra_yes" | "extra-no" | "extra_no"
            );
            let n = match e.count {
                Some(c) if !extra => {
                    let _ = c;
                    return Err(at
                        .sub("count")
                        .err("`count` applies only to extra-yes and extra-no"));
                }
                Some(c) if c < 1 => {
                    return Err(at.sub("count").err("count at least 1 extra vote"));
                }
                Some(c) => c as u8,
                None => 1,
            };
            if extra && e.who.is_some() {
                return Err(at
                    .sub("who")
                    .err("extra votes belong to no player: leave `who` out"));
            }
            let rule = one_of(
                &at,
                "vote rule",
                name,
                |s| VoteRule::parse(s, n),
                "cast-votes-of, counts-twice, cannot-vote, extra-yes, extra-no",
            )?;
            let who = match (rule, e.who.as_ref()) {
                (VoteRule::CastVotesOf, None) => Who::Target,
                (VoteRule::CastVotesOf, Some(_)) if w == Who::Me => {
                    return Err(at
                        .sub("who")
                        .err("you already cast your own votes: name another player"))
                }
                _ => w,
            };
            Op::VoteRule { rule, who }
        }
        "severe_damage" => Op::SevereDamage {
            n: num(&e.severe_damage, 0, 255)? as u8,
            card: sel()?,
        },
        "set" => {
            let (ability, value) = threshold(&at, e.set.as_ref().unwrap())?;
            let duration = dur()?;
            if duration == Duration::Printed {
                return Err(at.sub("duration").err(
                    "a value set stands for the printed value already; use turn, while-rotated, conflict, permanent or while-in-play",
                ));
            }
            Op::SetAbility {
                ability,
                value,
                card: sel()?,
                duration,
            }
        }
        "sponsor_discount" => Op::SponsorDiscount {
            n: num(&e.sponsor_discount, 0, 255)? as u8,
            who: w,
        },
        "influence_rating" => {
            let duration = dur()?;
            if matches!(
                duration,
                Duration::Printed | Duration::Conflict | Duration::WhileRotated
            ) {
                return Err(at
                    .sub("duration")
                    .err("an Influence Rating modifier lasts turn, while-in-play or permanent"));
            }
            let n = num(&e.influence_rating, -128, 127)? as i8;
            if n == 0 && amt.is_none() {
                return Err(at.err("an Influence Rating modifier of 0 changes nothing"));
            }
            Op::InfluenceRating {
                n,
                who: w,
                duration,
            }
        }
        "blank"
        | "transfer_power"
        | "move_mark"
        | "transfer_chaos"
        | "transfer_damage"
        | "move_attached"
        | "use_ability"
        | "power_to_win"
        | "promote"
        | "shadow_war"
        | "count_only_influence" => rules::rules_verb(
            &at,
            e,
            verb,
            w,
            rules::Parts {
                sel: sel()?,
                duration: dur()?,
                amount: &mut amt,
            },
        )?,
        "attack" => {
            let ability = one_of(
                &at,
                "ability",
                e.attack.as_ref().unwrap(),
                Ability::parse,
                "diplomacy, intrigue, psi, leadership, military",
            )?;
            let by = match &e.by {
                None => CardSel::This,
                Some(s) => one_of(&at.sub("by"), "card", s, |x| CardSel::parse(x, w), CARDS)?,
            };
            let card = sel()?;
            crate::attack_checks::attack_sels(by, card).map_err(|(f, m)| at.sub(&f).err(m))?;
            Op::Attack { ability, by, card }
        }
        "attack_mod" => {
            let m = crate::attack_checks::attack_mod(e.attack_mod.as_ref().unwrap())
                .map_err(|m| at.err(m))?;
            let duration = dur()?;
            if duration == Duration::Printed {
                return Err(at.sub("duration").err(
                    "attack damage has no printed value: use turn, while-rotated, conflict, permanent or while-in-play",
                ));
            }
            Op::AttackMod {
                m,
                card: sel()?,
                duration,
            }
        }
        "reverse" => {
            let what = e
                .reverse
                .as_deref()
                .and_then(b5_engine::Reversible::from_name)
                .ok_or_else(|| {
                    at.err(
                        "write `reverse = \"event\"`, `\"contingency\"` or `\"conflict\"`: the effects of the targeted event played since your last action, the contingency just revealed or the conflict just resolved are reversed",
                    )
                })?;
            Op::Reverse(what)
        }
        // Glossary, Negate: "A conflict which is negated is cancelled ... An
        // event ... which is negated is prevented from occurring".
        "negate" => match e.negate.as_deref() {
            Some("event") => Op::NegateEvent,
            Some("action") => Op::NegateAction,
            Some("conflict") => Op::CancelConflict,
            _ => {
                return Err(at.err(
                    "write `negate = \"event\"` (the event being played), `negate = \"action\"` (the card action being used) or `negate = \"conflict\"` (cancel the conflict)",
                ))
            }
        },
        _ => unreachable!("every verb is listed above"),
    };
    if let Some(a) = &e.amount {
        // `bonus = { military = 1 }, amount = ...`: the bonus times the amount.
        amt = Some(amount_of(&at.sub("amount"), a)?);
    }
    let out = Effect {
        op,
        amount: amt,
        then: e.then.unwrap_or(false),
        condition: e
            .condition
            .as_ref()
            .map(|c| condition(&at.sub("if"), c))
            .transpose()?,
    };
    if out.uses_card_target() && !refs.card_target {
        return Err(at.err(
            "refers to card = \"target\" but the card has no card target (set target = \"card\")",
        ));
    }
    if out.uses_player_target() && !refs.player_target {
        return Err(at.err("refers to who = \"target\" but the card has no target (set target)"));
    }
    if out.uses_second() && !refs.second {
        return Err(at.err(
            "refers to card = \"second\" but the card has no second target (set second_target, on an event, an aftermath or a card action)",
        ));
    }
    Ok(out)
}

/// `search = "deck"` / `"reserve"` and `choose = "hand"` / `"play"`: cards
/// chosen one at a time through `pending`.
fn pick(at: &At, e: &RawEffect, verb: &str, refs: Refs) -> Result<Op, LoadError> {
    let (from, default_put) = if verb == "search" {
        let from = one_of(
            at,
            "pile",
            e.search.as_ref().unwrap(),
            |s| PickFrom::parse(s).filter(|f| f.is_search()),
            "deck, reserve",
        )?;
        (from, PickPut::Hand)
    } else {
        let from = one_of(
            at,
            "place",
            e.choose.as_ref().unwrap(),
            |s| PickFrom::parse(s).filter(|f| !f.is_search()),
            "hand, play (search the deck or the reserve with `search`)",
        )?;
        let put = if from == PickFrom::Hand {
            PickPut::Discard
        } else {
            PickPut::Stay
        };
        (from, put)
    };
    let put = match &e.put {
        None => default_put,
        Some(s) => one_of(
            &at.sub("put"),
            "place",
            s,
            PickPut::parse,
            "stay, hand, play, discard",
        )?,
    };
    let allowed: &[PickPut] = match from {
        PickFrom::Deck | PickFrom::Reserve => &[PickPut::Hand, PickPut::Play, PickPut::Discard],
        PickFrom::Hand => &[PickPut::Discard, PickPut::Play],
        PickFrom::Play => &[PickPut::Stay, PickPut::Discard],
    };
    if !allowed.contains(&put) {
        let names: Vec<&str> = allowed.iter().map(|p| p.name()).collect();
        return Err(at.sub("put").err(format!(
            "a card chosen from the {} can be put: {} (not {})",
            from.name(),
            names.join(", "),
            put.name()
        )));
    }
    let f = match &e.filter {
        None => CardFilter::default(),
        Some(r) => filter(&at.sub("filter"), r)?,
    };
    // Cards in a pile have only their printed identity: a filter on their
    // state in play never matches them.
    if from != PickFrom::Play {
        let state = [
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
            ("at_least", f.at_least.is_some()),
            ("at_most", f.at_most.is_some()),
            ("attached_to", f.attached_to.is_some()),
        ];
        if let Some((name, _)) = state.iter().find(|(_, on)| *on) {
            return Err(at.sub("filter").sub(name).err(format!(
                "never matches: a card in the {} is not in play (filter by type, race, not_race or keyword)",
                from.name()
            )));
        }
    } else {
        never_matches(&at.sub("filter"), &f, FilterUse::Target)?;
    }
    if put == PickPut::Play {
        let can = |t: CardType| {
            matches!(
                t,
                CardType::Character | CardType::Fleet | CardType::Location | CardType::Group
            )
        };
        let named: Vec<CardType> = CardType::ALL
            .into_iter()
            .filter(|t| f.allows_type(*t))
            .collect();
        if f.types == 0 {
            return Err(at.sub("filter").sub("type").err(
                "a card put into play must be a character, fleet, location or group: name the type",
            ));
        }
        if let Some(t) = named.iter().find(|t| !can(**t)) {
            return Err(at.sub("filter").sub("type").err(format!(
                "never matches: a {} cannot be put into play on its own (only characters, fleets, locations and groups)",
                t.name()
            )));
        }
    }
    let up_to = match e.up_to {
        None if verb == "search" => 1,
        None => 0,
        Some(n) => small(&at.sub("up_to"), n, 1, 60)? as u8,
    };
    // The chosen card is the target of `each`.
    let each_refs = Refs {
        card_target: true,
        player_target: true,
        second: refs.second,
    };
    let _ = refs;
    let each = match &e.each {
        None => Vec::new(),
        Some(l) => effects(&at.sub("each"), l, each_refs)?,
    };
    if each.iter().any(|x| {
        matches!(
            x.op,
            Op::Vote { .. } | Op::Pick { .. } | Op::Modes { .. } | Op::Delayed { .. }
        )
    }) {
        return Err(at.sub("each").err(
            "`each` cannot hold a vote, a search, a choice, a \"choose one\" or a delayed effect",
        ));
    }
    if from == PickFrom::Hand || from.is_search() {
        if let Some(x) = each
            .iter()
            .find(|x| x.card_sel().is_some() && put != PickPut::Play)
        {
            let _ = x;
            return Err(at.sub("each").err(format!(
                "a card in the {} is not in play: `each` cannot act on it (only a card put into play can be)",
                from.name()
            )));
        }
    }
    if from == PickFrom::Play
        && put == PickPut::Discard
        && each.iter().any(|x| x.card_sel().is_some())
    {
        return Err(at
            .sub("each")
            .err("the chosen card is discarded first: `each` cannot act on it"));
    }
    // Searching Your Deck: a card text that shows the card found
    // (`show = true`); `show = false` is what leaving it out says.
    let show = match e.show {
        Some(false) => {
            return Err(at
                .sub("show")
                .err("write `show = true` (the card found is shown to everyone) or leave it out"))
        }
        Some(true) => true,
        None => false,
    };
    Ok(Op::Pick {
        from,
        filter: f,
        up_to,
        put,
        each,
        show,
    })
}

fn effects(at: &At, list: &RawEffects, refs: Refs) -> Result<Vec<Effect>, LoadError> {
    let v: Vec<Effect> = list
        .iter()
        .map(|e| effect(at, e, refs))
        .collect::<Result<_, _>>()?;
    // Votes: a vote ends later, through `pending`; what follows it is its
    // `pass` or `fail` list.
    if let Some(i) = v.iter().position(|e| matches!(e.op, Op::Vote { .. })) {
        if i + 1 != v.len() {
            return Err(at.err(
                "a vote must be the last effect of its list (put what follows in its `pass` or `fail`)",
            ));
        }
    }
    // An attack made by an effect may wait for a contingency window before
    // its damage: nothing may follow it.
    if let Some(i) = v.iter().position(|e| matches!(e.op, Op::Attack { .. })) {
        if i + 1 != v.len() {
            return Err(at.err(
                "an attack must be the last effect of its list (its damage may wait for contingencies)",
            ));
        }
    }
    // Choices (search, choose, choose_one, unless_paid) also end later,
    // through `pending`.
    if let Some(i) = v
        .iter()
        .position(|e| matches!(e.op, Op::Pick { .. } | Op::Modes { .. } | Op::Unless { .. }))
    {
        if i + 1 != v.len() {
            return Err(at.err(
                "a search, a choice of cards, a \"choose one\" or an `unless_paid` must be the last effect of its list (put what follows in its `each`, its modes or its `effects`)",
            ));
        }
    }
    Ok(v)
}

/// Parses one keyword with rules meaning into `kw`; other keywords are kept
/// with no built-in effect.
fn keyword(at: &At, k: &str, kw: &mut Keywords) -> Result<(), LoadError> {
    let k = k.trim().to_lowercase();
    match k.as_str() {
        "ambassador" => kw.species_ambassador = true,
        "ambassador's assistant" | "ambassadors assistant" => kw.assistant = true,
        "mercenary" => kw.mercenary = true,
        "homeworld" => kw.homeworld = true,
        "applies damage first" => kw.damage_first = true,
        "corporate" => kw.corporate = true,
        "corporate only" => kw.corporate_only = true,
        "psi corps" => kw.psi_corps = true,
        "ranger" => kw.ranger = true,
        "ranger one" => kw.ranger_one = true,
        "drakh ambassador" => kw.drakh_ambassador = true,
        s => {
            if let Some(n) = s.strip_prefix("damage resistance ") {
                kw.damage_resistance = n.trim().parse().map_err(|_| {
                    at.err(format!(
                        "\"{k}\": damage resistance needs a number, e.g. \"damage resistance 2\""
                    ))
                })?;
            } else if let Some(rest) = s.strip_prefix("starting ") {
                let rest = rest
                    .strip_suffix(" ambassador")
                    .ok_or_else(|| at.err(format!("\"{k}\": expected \"starting <race> [babylon project|home faction|psi corps] ambassador\"")))?;
                let (r, f) = if let Some(r) = rest.strip_suffix(" babylon project") {
                    (r, Some(Faction::BabylonProject))
                } else if let Some(r) = rest.strip_suffix(" home faction") {
                    (r, Some(Faction::Home))
                } else if let Some(r) = rest.strip_suffix(" psi corps") {
                    (r, Some(Faction::PsiCorps))
                } else {
                    (rest, None)
                };
                let r = race(at, r)?;
                if !r.is_playable() {
                    return Err(at.err(format!("\"{k}\": {r} is not a race a player can choose")));
                }
                kw.starting = Some((r, f));
            }
        }
    }
    Ok(())
}

fn ability_value(at: &At, name: &str, v: &Option<Spanned<i64>>) -> Result<u8, LoadError> {
    match v {
        None => Ok(0),
        Some(s) => Ok(small(&at.at(name, s), *s.get_ref(), 0, 255)? as u8),
    }
}

/// Converts one card table.
pub fn card(
    src: &Source,
    name: &str,
    name_span: Range<usize>,
    raw: &RawCard,
) -> Result<CardDef, LoadError> {
    let chars = name.chars().count();
    if chars > crate::MAX_NAME_CHARS {
        let start: String = name.chars().take(30).collect();
        return Err(src.error(
            name_span,
            format!("cards.\"{start}...\""),
            format!(
                "a card name of {chars} characters; names are at most {} characters",
                crate::MAX_NAME_CHARS
            ),
        ));
    }
    let at = At {
        src,
        field: format!("cards.\"{name}\""),
        span: name_span,
    };
    if name.trim().is_empty() {
        return Err(at.err("a card needs a name"));
    }
    if name.contains('.') {
        return Err(at.err("card names may not contain dots (scenario paths use dots)"));
    }
    if let Some(u) = raw.unknown.first() {
        return Err(at.at(u.get_ref(), u).err(format!(
            "unknown field `{}` (expected one of: {})",
            u.get_ref(),
            CARD_FIELDS.join(", ")
        )));
    }
    let ty = match &raw.card_type {
        None => {
            return Err(at
                .sub("type")
                .err(format!("every card needs a type ({TYPES})")))
        }
        Some(t) => one_of(
            &at.at("type", t),
            "card type",
            t.get_ref(),
            CardType::parse,
            TYPES,
        )?,
    };
    let mut d = CardDef::new(name, ty);
    d.number = raw.number.clone();
    d.caption = raw.caption.clone();
    if let Some(r) = &raw.race {
        d.race = race(&at.at("race", r), r.get_ref())?;
    }
    if let Some(c) = &raw.cost {
        d.cost = Some(small(&at.at("cost", c), *c.get_ref(), 0, 255)? as u8);
    }
    if let Some(rc) = &raw.race_cost {
        let rat = at.at("race_cost", rc);
        let r = rc.get_ref();
        if d.cost.is_none() {
            return Err(rat.err(
                "an undefined cost cannot be modified (Costs): give the card a `cost` first",
            ));
        }
        let rr = race(&rat.sub("race"), &r.race)?;
        if !rr.is_playable() && rr != Race::Drakh {
            return Err(rat.sub("race").err(format!(
                "never matches: no faction is of race {}",
                rr.name()
            )));
        }
        d.race_cost = Some((rr, small(&rat.sub("cost"), r.cost, 0, 255)? as u8));
    }
    d.abilities = [
        ability_value(&at, "diplomacy", &raw.diplomacy)?,
        ability_value(&at, "intrigue", &raw.intrigue)?,
        ability_value(&at, "psi", &raw.psi)?,
        ability_value(&at, "leadership", &raw.leadership)?,
        ability_value(&at, "military", &raw.military)?,
    ];
    if let Some(m) = &raw.marks {
        d.marks = marks(m);
    }
    for k in &raw.keywords {
        keyword(&at.at("keywords", k), k.get_ref(), &mut d.kw)?;
        d.keywords.push(k.get_ref().trim().to_string());
        // Exclusivity ("only one X may be on a card"): enhancements on cards.
        let low = k.get_ref().trim().to_lowercase();
        if let Some(kind) = low.strip_prefix("only one") {
            let kat = at.at("keywords", k);
            if kind.trim().is_empty() {
                return Err(
                    kat.err("\"only one\" needs the keyword of the kind, e.g. \"only one armor\"")
                );
            }
            if d.card_type != CardType::Enhancement {
                return Err(kat.err(format!(
                    "\"{low}\" applies only to enhancements (only one such card may be on a card)"
                )));
            }
        }
    }
    if let Some(u) = &raw.uniqueness {
        let a = at.at("uniqueness", u);
        d.uniqueness = match u.get_ref().as_str() {
            "multiple" => Uniqueness::Multiple,
            "limited" => Uniqueness::Limited,
            "unique" => Uniqueness::Unique,
            s => {
                return Err(a.err(format!(
                    "unknown uniqueness \"{s}\" (expected multiple, limited, unique)"
                )))
            }
        };
    }
    if let Some(p) = &raw.power_bonus {
        d.power_bonus = small(&at.at("power_bonus", p), *p.get_ref(), -100, 100)? as i8;
    }
    let only = |field: &str, ok: bool, what: &str| -> Result<(), LoadError> {
        if ok {
            Ok(())
        } else {
            Err(at.sub(field).err(format!("only {what} have `{field}`")))
        }
    };
    if let Some(m) = raw.major {
        only("major", ty == CardType::Agenda, "agendas")?;
        d.major = m;
    }
    // The Conflict Round, Step 1: agendas, locations and groups may
    // generate a conflict ("declare conflicts by other means"); such a card
    // carries the conflict fields as a conflict card does.
    let generates = matches!(ty, CardType::Agenda | CardType::Location | CardType::Group)
        && raw.conflict.is_some();
    // Targets.
    if let Some(t) = &raw.target {
        only(
            "target",
            generates
                || matches!(
                    ty,
                    CardType::Conflict | CardType::Event | CardType::Aftermath
                ),
            "conflicts, events, aftermaths and cards that generate a conflict (with `conflict`)",
        )?;
        d.target = one_of(
            &at.at("target", t),
            "target",
            t.get_ref(),
            TargetKind::parse,
            TARGETS,
        )?;
        if ty == CardType::Conflict && d.target == TargetKind::Conflict {
            return Err(at
                .at("target", t)
                .err("a conflict cannot target a conflict"));
        }
    }
    if let Some(f) = &raw.target_filter {
        let fat = at.at("target_filter", f);
        d.filter = filter(&fat, f.get_ref())?;
        let usage = if d.target == TargetKind::Card {
            FilterUse::Target
        } else {
            FilterUse::Other
        };
        never_matches(&fat, &d.filter, usage)?;
    }
    // Legal Targets: a second target (events and aftermaths).
    let rel_at = match &raw.second_relation {
        Some(r) => at.at("second_relation", r),
        None => at.sub("second_relation"),
    };
    match (&raw.second_target, &raw.second_relation) {
        (Some(f), rel) => {
            only(
                "second_target",
                matches!(ty, CardType::Event | CardType::Aftermath),
                "events, aftermaths and card actions",
            )?;
            let fat = at.at("second_target", f);
            d.second = Some(second::second_target(
                second::Fields {
                    second: &fat,
                    relation: &rel_at,
                },
                f.get_ref(),
                rel.as_ref().map(|r| r.get_ref().as_str()),
                d.target,
                &d.filter,
            )?);
        }
        (None, Some(_)) => return Err(second::lone_relation(&rel_at)),
        (None, None) => {}
    }
    // Conflicts.
    let is_conflict = ty == CardType::Conflict || generates;
    if let Some(c) = &raw.conflict {
        only(
            "conflict",
            is_conflict,
            "conflicts, and agendas, locations and groups that generate a conflict",
        )?;
        d.conflict = Some(ability(&at.at("conflict", c), c.get_ref())?);
    } else if is_conflict {
        return Err(at.sub("conflict").err(format!(
            "a conflict needs its type: conflict = one of {ABILITIES}"
        )));
    }
    if let Some(u) = raw.unopposable {
        only(
            "unopposable",
            is_conflict,
            "conflicts and cards that generate a conflict (with `conflict`)",
        )?;
        d.unopposable = u;
    }
    let crefs = refs_for(d.target);
    for (field, list, dest) in [
        ("initiated", &raw.initiated, &mut d.initiated),
        ("resolution", &raw.resolution, &mut d.resolution),
        ("won", &raw.won, &mut d.won),
        ("lost", &raw.lost, &mut d.lost),
    ] {
        if !list.is_empty() {
            only(
                field,
                is_conflict,
                "conflicts and cards that generate a conflict (with `conflict`)",
            )?;
            *dest = effects(&at.sub(field), list, crefs)?;
        }
    }
    for (prefix, list, dest) in [
        ("won_by_", &raw.won_by, &mut d.won_by),
        ("lost_by_", &raw.lost_by, &mut d.lost_by),
    ] {
        for (k, effs) in list {
            let a = at.at(k.get_ref(), k);
            if !is_conflict {
                return Err(a.err("only conflicts and cards that generate a conflict (with `conflict`) have won_by_N and lost_by_N"));
            }
            let n: u8 = k.get_ref()[prefix.len()..].parse().map_err(|_| {
                a.err(format!(
                    "`{}`: N must be a whole number from 0 to 255, as in {prefix}5",
                    k.get_ref()
                ))
            })?;
            dest.push((n, effects(&a, effs, crefs)?));
        }
        dest.sort_by_key(|x| x.0);
    }
    if let Some(c) = &raw.initiate_cost {
        only(
            "initiate_cost",
            is_conflict,
            "conflicts and cards that generate a conflict (with `conflict`)",
        )?;
        d.initiate_cost = small(&at.at("initiate_cost", c), *c.get_ref(), 0, 255)? as u8;
    }
    // What it attaches to.
    if let Some(a) = &raw.attach {
        only(
            "attach",
            matches!(
                ty,
                CardType::Enhancement | CardType::Contingency | CardType::Aftermath
            ),
            "enhancements, contingencies and aftermaths",
        )?;
        d.attach = one_of(
            &at.at("attach", a),
            "attachment",
            a.get_ref(),
            AttachKind::parse,
            ATTACH,
        )?;
    }
    // A conflict that becomes an enhancement when won has an enhancement's
    // lasting text (`attack_checks.rs` reads the field).
    let becomes = becomes_enhancement(&at, raw, ty, &mut d)?;
    if let Some(b) = &raw.bonus {
        only(
            "bonus",
            matches!(ty, CardType::Enhancement | CardType::Aftermath) || becomes,
            "enhancements and aftermaths",
        )?;
        d.bonus = bonus(b);
    }
    // Play effects.
    let in_play_type = matches!(
        ty,
        CardType::Character
            | CardType::Group
            | CardType::Fleet
            | CardType::Location
            | CardType::Enhancement
            | CardType::Agenda
    ) || becomes;
    if !raw.effects.is_empty() {
        only(
            "effects",
            ty != CardType::Conflict,
            "events, aftermaths, contingencies and cards with effects when they enter play (not conflicts, which use won/lost)",
        )?;
        let refs = match ty {
            CardType::Event | CardType::Aftermath => refs_with(d.target, &d.second),
            CardType::Contingency => ANY_REFS,
            CardType::Enhancement => Refs {
                card_target: d.attach.card_type().is_some(),
                player_target: d.attach != AttachKind::Global,
                second: false,
            },
            _ => Refs {
                card_target: false,
                player_target: false,
                second: false,
            },
        };
        d.effects = effects(&at.sub("effects"), &raw.effects, refs)?;
    }
    // Playing Cards and Card Details: "when played" effects, for the cards
    // that enter play by being sponsored or through replacement.
    if !raw.when_played.is_empty() {
        only(
            "when_played",
            in_play_type,
            "characters, groups, fleets, locations, enhancements and agendas (an event's or aftermath's `effects` already happen when it is played)",
        )?;
        let refs = match ty {
            CardType::Enhancement => Refs {
                card_target: d.attach.card_type().is_some(),
                player_target: d.attach != AttachKind::Global,
                second: false,
            },
            _ => Refs {
                card_target: false,
                player_target: false,
                second: false,
            },
        };
        d.when_played = effects(&at.sub("when_played"), &raw.when_played, refs)?;
    }
    if let Some(b) = raw.both {
        d.both = b;
    }
    for r in &raw.requires {
        d.requires
            .push(condition(&at.at("requires", r), r.get_ref())?);
    }
    for (i, a) in raw.actions.iter().enumerate() {
        let aat = at.at(&format!("actions[{i}]"), a);
        only(
            "actions",
            in_play_type,
            "characters, groups, fleets, locations, enhancements and agendas",
        )?;
        let ra = a.get_ref();
        let target = match &ra.target {
            None => TargetKind::None,
            Some(t) => one_of(&aat.sub("target"), "target", t, TargetKind::parse, TARGETS)?,
        };
        let cost = ra.cost.clone().unwrap_or_default();
        let purge = match &cost.purge {
            None => None,
            Some(m) => {
                let ms = marks(m);
                let kinds: Vec<(MarkKind, u8)> = MarkKind::ALL
                    .iter()
                    .map(|&k| (k, ms[k.idx()]))
                    .filter(|x| x.1 > 0)
                    .collect();
                if kinds.len() != 1 {
                    return Err(aat
                        .sub("cost.purge")
                        .err("purge names exactly one kind of mark, e.g. { doom = 1 }"));
                }
                Some(kinds[0])
            }
        };
        let other = |name: &str, f: &Option<RawFilter>| -> Result<Option<CardFilter>, LoadError> {
            match f {
                None => Ok(None),
                Some(f) => {
                    let fat = aat.sub(&format!("cost.{name}"));
                    let f = filter(&fat, f)?;
                    never_matches(&fat, &f, FilterUse::Other)?;
                    // Engine Rules v1.2, Costs: only cards the player controls pay.
                    if f.side == Side::Other {
                        return Err(fat.sub("side").err(
                            "never matches: costs are paid only with cards the player controls",
                        ));
                    }
                    if f.names_off_table() && !f.allows_type(CardType::Character) {
                        return Err(fat.sub("type").err(
                            "never matches: only cards on the table (characters, groups, fleets, locations) rotate or are neutralized",
                        ));
                    }
                    Ok(Some(f))
                }
            }
        };
        let rotate_other = other("rotate_other", &cost.rotate_other)?;
        let neutralize_other = other("neutralize_other", &cost.neutralize_other)?;
        let credits = match cost.credits {
            Some(0) => {
                return Err(aat
                    .sub("cost.credits")
                    .err("takes no credit tokens off: leave it out or take 1 or more"))
            }
            Some(n) if n > MAX_TOKENS => {
                return Err(aat.sub("cost.credits").err(format!(
                    "at most {MAX_TOKENS} credit tokens may be taken off at once"
                )))
            }
            n => n.unwrap_or(0),
        };
        let first_filter = match &ra.target_filter {
            Some(f) => {
                let f = filter(&aat.sub("target_filter"), f)?;
                let usage = if target == TargetKind::Card {
                    FilterUse::Target
                } else {
                    FilterUse::Other
                };
                never_matches(&aat.sub("target_filter"), &f, usage)?;
                f
            }
            None => CardFilter::default(),
        };
        // Legal Targets: a second target.
        let second_at = aat.sub("second_target");
        let rel_at = aat.sub("second_relation");
        let second = match (&ra.second_target, &ra.second_relation) {
            (Some(f), rel) => Some(second::second_target(
                second::Fields {
                    second: &second_at,
                    relation: &rel_at,
                },
                f,
                rel.as_deref(),
                target,
                &first_filter,
            )?),
            (None, Some(_)) => return Err(second::lone_relation(&rel_at)),
            (None, None) => None,
        };
        let action_refs = refs_with(target, &second);
        d.actions.push(CardAction {
            cost: Cost {
                rotate: cost.rotate.unwrap_or(true),
                influence: cost.influence.unwrap_or(0),
                purge,
                discard: cost.discard.unwrap_or(false),
                rotate_other,
                neutralize_other,
                credits,
            },
            target,
            filter: first_filter,
            second,
            effects: effects(&aat.sub("effects"), &ra.effects, action_refs)?,
            condition: ra
                .condition
                .as_ref()
                .map(|c| condition(&aat.sub("if"), c))
                .transpose()?,
        });
        if d.actions.last().unwrap().effects.is_empty() {
            return Err(aat
                .sub("effects")
                .err("an action needs at least one effect"));
        }
    }
    for (i, p) in raw.passive.iter().enumerate() {
        let pat = at.at(&format!("passive[{i}]"), p);
        // Aftermath Cards: "Many aftermath cards act like enhancements and
        // modify the card they are played on" (Appendix Two: Nightmares,
        // Glory provide marks while in play).
        only(
            "passive",
            in_play_type || ty == CardType::Aftermath,
            "characters, groups, fleets, locations, enhancements, agendas and aftermaths",
        )?;
        let rp = p.get_ref();
        let f = match &rp.to {
            Some(f) => {
                let plain = RawFilter {
                    itself: None,
                    ..f.clone()
                };
                let mut cf = filter(&pat.sub("to"), &plain)?;
                never_matches(&pat.sub("to"), &cf, FilterUse::Other)?;
                cf.itself = f.itself == Some(true);
                if cf.itself {
                    itself_checks(&pat.sub("to"), rp, &cf, ty)?;
                }
                cf
            }
            None => CardFilter::default(),
        };
        let mut kinds: Vec<Passive> = Vec::new();
        if let Some(b) = &rp.bonus {
            kinds.push(Passive::Bonus {
                filter: f.clone(),
                bonus: bonus(b),
            });
        }
        if let Some(n) = rp.discount {
            kinds.push(Passive::Discount {
                filter: f.clone(),
                amount: n,
            });
        }
        if let Some(n) = rp.extra_draw {
            kinds.push(Passive::ExtraDraw(n));
        }
        if let Some(n) = rp.draw_instead {
            if n < 2 {
                return Err(pat
                    .sub("draw_instead")
                    .err("`draw_instead` is the number drawn instead of one: at least 2"));
            }
            kinds.push(Passive::DrawInstead(n));
        }
        if let Some(n) = rp.extra_influence {
            kinds.push(Passive::ExtraInfluence(n));
        }
        if let Some(n) = rp.attack_damage {
            kinds.push(Passive::AttackDamage {
                filter: f.clone(),
                amount: n,
            });
        }
        if let Some(n) = rp.damage_resistance {
            kinds.push(Passive::DamageResistance {
                filter: f.clone(),
                amount: n,
            });
        }
        if let Some(n) = rp.extra_conflict {
            kinds.push(Passive::ExtraConflict(n));
        }
        if rp.sponsor == Some(true) {
            kinds.push(Passive::Sponsors {
                filter: f.clone(),
                free: rp.free.unwrap_or(false),
            });
        } else if rp.free.is_some() || rp.sponsor == Some(false) {
            return Err(pat
                .sub("free")
                .err("`free` goes with `sponsor = true` (and `sponsor` is only ever true)"));
        }
        if let Some(m) = &rp.marks {
            let m = marks(m);
            if m.iter().all(|n| *n == 0) {
                return Err(pat.sub("marks").err("name at least one mark to provide"));
            }
            kinds.push(Passive::Marks {
                filter: rp.to.as_ref().map(|_| f.clone()),
                marks: m,
            });
        }
        if let Some(n) = rp.surcharge {
            let who = match rp.who.as_deref() {
                None => Who::Others,
                Some(s) => one_of(
                    &pat.sub("who"),
                    "player",
                    s,
                    Who::parse,
                    "self, others, each",
                )?,
            };
            if matches!(who, Who::Target | Who::Leader) {
                return Err(pat
                    .sub("who")
                    .err("a lasting effect names self, others or each (it has no target)"));
            }
            kinds.push(Passive::Surcharge {
                who,
                filter: f.clone(),
                amount: n,
            });
        }
        if let Some(n) = rp.influence_rating {
            if n == 0 {
                return Err(pat
                    .sub("influence_rating")
                    .err("an Influence Rating modifier of 0 changes nothing"));
            }
            kinds.push(Passive::InfluenceRating(n));
        }
        if let Some(m) = &rp.attack_mod {
            let m =
                crate::attack_checks::attack_mod(m).map_err(|m| pat.sub("attack_mod").err(m))?;
            kinds.push(Passive::AttackMod {
                filter: rp.to.as_ref().map(|_| f.clone()),
                m,
            });
        }
        if let Some(n) = rp.initiative {
            if n == 0 {
                return Err(pat
                    .sub("initiative")
                    .err("an initiative modifier of 0 changes nothing"));
            }
            kinds.push(Passive::Initiative(n));
        }
        if rp.cards.is_some() && rp.cannot.is_none() {
            return Err(pat
                .sub("cards")
                .err("`cards` goes with `cannot = \"sponsor\"`"));
        }
        if let Some(c) = &rp.cannot {
            let what = restriction(&pat.sub("cannot"), c, rp.cards.as_ref())?;
            if what == Cannot::ParticipateHere {
                return Err(pat.sub("cannot").err(
                    "participate-in-this-conflict is an effect of a conflict; a lasting effect says participate",
                ));
            }
            if what.on_player() {
                if rp.to.is_some() {
                    return Err(pat.sub("to").err(format!(
                        "`{}` restricts players: name them with `who` (self, others, each), not `to`",
                        what.name()
                    )));
                }
                let who = match rp.who.as_deref() {
                    None => Who::Others,
                    Some(s) => one_of(
                        &pat.sub("who"),
                        "player",
                        s,
                        Who::parse,
                        "self, others, each",
                    )?,
                };
                if matches!(who, Who::Target | Who::Leader) {
                    return Err(pat
                        .sub("who")
                        .err("a lasting effect names self, others or each (it has no target)"));
                }
                kinds.push(Passive::PlayerCannot { who, what });
            } else {
                // Without `to`: this card, or the card it is on (as the
                // message of `itself_checks` says).
                kinds.push(Passive::Cannot {
                    filter: rp.to.as_ref().map(|_| f.clone()),
                    what,
                });
            }
        }
        // Victory, Other Victory Conditions: cards that change one
        // player's victory conditions (its controller's unless it says so).
        if rp.cannot_win == Some(true) {
            let who = match rp.who.as_deref() {
                None => Who::Me,
                Some(s) => one_of(
                    &pat.sub("who"),
                    "player",
                    s,
                    Who::parse,
                    "self, others, each",
                )?,
            };
            if matches!(who, Who::Target | Who::Leader) {
                return Err(pat
                    .sub("who")
                    .err("a lasting effect names self, others or each (it has no target)"));
            }
            kinds.push(Passive::CannotWin { who });
        } else if rp.cannot_win == Some(false) {
            return Err(pat.sub("cannot_win").err("`cannot_win` is only ever true"));
        }
        if let Some(c) = &rp.also_win_if {
            kinds.push(Passive::AlsoWins {
                condition: condition(&pat.sub("also_win_if"), c)?,
                major: rp.major.unwrap_or(false),
            });
        } else if rp.major.is_some() {
            return Err(pat.sub("major").err("`major` goes with `also_win_if`"));
        }
        // Victory: a card in play that lowers (raises) the power needed.
        if let Some(n) = rp.power_to_win {
            if n == 0 {
                return Err(pat
                    .sub("power_to_win")
                    .err("a change of 0 to the power needed to win changes nothing"));
            }
            if !(-19..=100).contains(&n) {
                return Err(pat
                    .sub("power_to_win")
                    .err("the power needed to win changes by -19 to 100"));
            }
            let who = match rp.who.as_deref() {
                None => Who::Me,
                Some(s) => one_of(
                    &pat.sub("who"),
                    "player",
                    s,
                    Who::parse,
                    "self, others, each",
                )?,
            };
            if matches!(who, Who::Target | Who::Leader) {
                return Err(pat
                    .sub("who")
                    .err("a lasting effect names self, others or each (it has no target)"));
            }
            kinds.push(Passive::PowerToWin { who, n });
        }
        if rp.who.is_some()
            && rp.cannot.is_none()
            && rp.surcharge.is_none()
            && rp.cannot_win.is_none()
            && rp.power_to_win.is_none()
        {
            return Err(pat
                .sub("who")
                .err("`who` goes with `cannot`, `cannot_win`, `power_to_win` or `surcharge`"));
        }
        if kinds.len() != 1 {
            return Err(pat.err(
                "a lasting effect has exactly one of bonus, discount, extra_draw, draw_instead, extra_influence, attack_damage, damage_resistance, extra_conflict, sponsor, marks, cannot, surcharge, influence_rating, initiative, attack_mod, cannot_win, also_win_if, power_to_win",
            ));
        }
        d.passives.push(kinds.pop().unwrap());
        let cond = match &rp.condition {
            Some(c) => Some(condition(&pat.sub("if"), c)?),
            None => None,
        };
        if cond.is_some() || !d.passive_if.is_empty() {
            d.passive_if.resize(d.passives.len() - 1, None);
            d.passive_if.push(cond);
        }
    }
    for (i, t) in raw.triggers.iter().enumerate() {
        let tat = at.at(&format!("triggers[{i}]"), t);
        only(
            "triggers",
            in_play_type,
            "characters, groups, fleets, locations, enhancements and agendas",
        )?;
        let rt = t.get_ref();
        let tr = one_of(&tat.sub("on"), "trigger", &rt.on, Trigger::parse, TRIGGERS)?;
        let attach = match &raw.attach {
            Some(a) => AttachKind::parse(a.get_ref()).unwrap_or(d.attach),
            None if ty == CardType::Aftermath => match d.target {
                TargetKind::Player => AttachKind::Faction,
                TargetKind::None => AttachKind::Global,
                _ => AttachKind::Character,
            },
            None => AttachKind::Character,
        };
        // A conflict that becomes an enhancement sees what an enhancement does.
        let seen_as = if becomes { CardType::Enhancement } else { ty };
        trigger_seen(&tat.sub("on"), tr, seen_as, attach)?;
        if tr == Trigger::EventTargeted || tr == Trigger::ActionTargeted {
            return Err(tat.sub("on").err(format!(
                "`{}` is a contingency trigger: only a contingency answers an {} before its effects",
                tr.name(),
                if tr == Trigger::EventTargeted { "event" } else { "action" }
            )));
        }
        if tr == Trigger::LeavesPlay && rt.rotate == Some(true) {
            return Err(tat
                .sub("rotate")
                .err("a card leaving play cannot rotate for its triggered effect"));
        }
        d.triggers.push(TriggeredEffect {
            trigger: tr,
            rotate: rt.rotate.unwrap_or(false),
            effects: effects(&tat.sub("effects"), &rt.effects, ANY_REFS)?,
        });
    }
    if let Some(t) = &raw.trigger {
        only("trigger", ty == CardType::Contingency, "contingencies")?;
        let tr = one_of(
            &at.at("trigger", t),
            "trigger",
            t.get_ref(),
            Trigger::parse,
            TRIGGERS,
        )?;
        trigger_seen(&at.at("trigger", t), tr, ty, d.attach)?;
        d.triggers.push(TriggeredEffect {
            trigger: tr,
            rotate: false,
            effects: std::mem::take(&mut d.effects),
        });
    } else if ty == CardType::Contingency {
        return Err(at.sub("trigger").err(format!(
            "a contingency needs its trigger: trigger = one of {TRIGGERS}"
        )));
    }
    if ty == CardType::Aftermath {
        let ra = raw
            .aftermath
            .as_ref()
            .map(|a| a.get_ref().clone())
            .unwrap_or_default();
        let aat = match &raw.aftermath {
            Some(a) => at.at("aftermath", a),
            None => at.sub("aftermath"),
        };
        let won = match ra.outcome.as_deref() {
            None | Some("any") => None,
            Some("won") => Some(true),
            Some("lost") => Some(false),
            Some(s) => {
                return Err(aat
                    .sub("outcome")
                    .err(format!("unknown outcome \"{s}\" (expected won, lost, any)")))
            }
        };
        let mut conflict = Vec::new();
        if let Some(c) = &ra.conflict {
            for s in c.items() {
                conflict.push(ability(&aat.sub("conflict"), s)?);
            }
        }
        let lasting = !d.bonus.is_zero()
            || !d.passives.is_empty()
            || !d.actions.is_empty()
            || !d.triggers.is_empty();
        d.aftermath = Some(AftermathPlay {
            won,
            conflict,
            participant: ra.participant.unwrap_or(false),
            discard_after: ra.discard.unwrap_or(!lasting),
        });
    } else if raw.aftermath.is_some() {
        only("aftermath", false, "aftermaths")?;
    }
    if let Some(v) = &raw.victory {
        only(
            "victory",
            ty == CardType::Agenda && (d.major || d.race == Race::Drakh),
            "Major Agendas and Drakh Agendas",
        )?;
        d.victory = Some(VictoryCondition {
            condition: condition(&at.at("victory", v), v.get_ref())?,
        });
    }
    if let Some(f) = &raw.participants {
        only(
            "participants",
            is_conflict,
            "conflicts and cards that generate a conflict (with `conflict`)",
        )?;
        let pat = at.at("participants", f);
        let pf = filter(&pat, f.get_ref())?;
        never_matches(&pat, &pf, FilterUse::Participants)?;
        d.participants = Some(pf);
    }
    if let Some(r) = &raw.replaces {
        only(
            "replaces",
            matches!(
                ty,
                CardType::Character | CardType::Group | CardType::Fleet | CardType::Location
            ),
            "characters, groups, fleets and locations",
        )?;
        if r.get_ref().trim().is_empty() {
            return Err(at.at("replaces", r).err("name the card it replaces"));
        }
        let transfers = match &raw.transfers {
            Some(t) => replacement_transfers(&at, t)?,
            None => b5_engine::Transfers::default(),
        };
        d.replaces = Some(b5_engine::Replaces {
            name: r.get_ref().trim().to_string(),
            only: raw.replace_only.unwrap_or(false),
            transfers,
        });
    } else if raw.replace_only.is_some() {
        return Err(at
            .sub("replace_only")
            .err("`replace_only` goes with `replaces`"));
    } else if let Some(t) = &raw.transfers {
        return Err(at
            .at("transfers", t)
            .err("`transfers` goes with `replaces`"));
    }
    if ty == CardType::Enhancement && raw.attach.is_none() {
        d.attach = AttachKind::Character;
    }
    if ty == CardType::Aftermath && raw.attach.is_none() {
        d.attach = match d.target {
            TargetKind::Player => AttachKind::Faction,
            TargetKind::None => AttachKind::Global,
            _ => AttachKind::Character,
        };
    }
    // Personalities: versions of one personality are characters, and the
    // rule keeps a (limited) personality to one card in play.
    if let Some(pn) = &raw.personality {
        let pat = at.at("personality", pn);
        only(
            "personality",
            ty == CardType::Character,
            "characters (Personalities: characters depicted by more than one card)",
        )?;
        let name = pn.get_ref().trim();
        if name.is_empty() {
            return Err(pat.err("name the personality the card depicts"));
        }
        if name.chars().count() > crate::MAX_NAME_CHARS {
            return Err(pat.err(format!(
                "a personality name is at most {} characters",
                crate::MAX_NAME_CHARS
            )));
        }
        if d.uniqueness == Uniqueness::Multiple {
            return Err(pat.err(
                "a personality is limited (Personalities): a card of which several copies may be in play cannot depict one",
            ));
        }
        d.personality = Some(name.to_string());
    }
    // Glossary, Ranger One: "Only one character at a time may have the
    // keyword Ranger One".
    if d.kw.ranger_one && ty != CardType::Character {
        return Err(at.sub("keywords").err(
            "\"ranger one\" is a keyword of characters (only one character at a time may have it)",
        ));
    }
    if d.kw.drakh_ambassador && (d.race != Race::Drakh || ty != CardType::Character) {
        return Err(at
            .sub("keywords")
            .err("\"drakh ambassador\" is a keyword of Drakh characters (race = \"drakh\")"));
    }
    if d.becomes_enhancement.is_some()
        && d.bonus.is_zero()
        && d.passives.is_empty()
        && d.triggers.is_empty()
    {
        return Err(at.sub("becomes_enhancement").err(
            "it would be an enhancement with no text: give it a bonus, passive or triggers (its lasting text)",
        ));
    }
    // Negate: only a contingency revealed as an event is played negates it.
    crate::negate_checks::negation(&d).map_err(|(f, m)| at.sub(&f).err(m))?;
    // Reversal: an event or card action reverses an event played since
    // your last chance to act (its target), or what was just revealed or
    // resolved.
    crate::negate_checks::reversal_targets(&mut d).map_err(|(f, m)| at.sub(&f).err(m))?;
    crate::negate_checks::reversal(&d).map_err(|(f, m)| at.sub(&f).err(m))?;
    // Attacks made by effects: an attacker that can attack, a target it may.
    crate::attack_checks::card(&d).map_err(|(f, m)| at.sub(&f).err(m))?;
    // Effects naming their own card where it can never be: "while this
    // card is in play" off play, a conflict returning itself to the hand.
    crate::own_card_checks::while_in_play_durations(&d).map_err(|(f, m)| at.sub(&f).err(m))?;
    crate::own_card_checks::conflict_returns_itself(&d).map_err(|(f, m)| at.sub(&f).err(m))?;
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
            .any(|e| e.condition.as_ref().is_some_and(own));
        if d.requires.iter().any(own) || in_effects {
            return Err(at.err(
                "ability_at_least, ability_at_most and credits_at_least read the card's own ability or credit tokens (or the card it is on): an event or conflict card has none on the table",
            ));
        }
    }
    // Drakh Rule 9: only Drakh cards may name the Drakh race.
    if d.race != Race::Drakh && crate::drakh_names::names_drakh(&d) {
        return Err(at.err(
            "names the Drakh race, which no other card may target, name or refer to (Drakh Rule 9)",
        ));
    }
    Ok(d)
}

/// `becomes_enhancement = "target"`: a conflict that, won, is attached as
/// an enhancement instead of being discarded (Resolution Round, Step 4;
/// `crates/engine/src/actions/conflict_enhancement.rs`). True when the card has it.
fn becomes_enhancement(
    at: &At,
    raw: &RawCard,
    ty: CardType,
    d: &mut CardDef,
) -> Result<bool, LoadError> {
    let Some(b) = &raw.becomes_enhancement else {
        return Ok(false);
    };
    let bat = at.at("becomes_enhancement", b);
    if ty != CardType::Conflict {
        return Err(bat.err("only a conflict becomes an enhancement when it is won"));
    }
    let on = one_of(
        &bat,
        "card",
        b.get_ref(),
        b5_engine::EnhancementOn::parse,
        "target, ambassador, target-ambassador",
    )?;
    match on {
        b5_engine::EnhancementOn::Target if d.target != TargetKind::Card => {
            return Err(bat.err("`target` needs a conflict that targets a card (target = \"card\")"))
        }
        b5_engine::EnhancementOn::TargetAmbassador if d.target != TargetKind::Player => {
            return Err(bat.err(
                "`target-ambassador` needs a conflict that targets a player (target = \"player\")",
            ))
        }
        _ => {}
    }
    d.becomes_enhancement = Some(on);
    Ok(true)
}

/// `transfers`: what a replacement carries over (Replace a Card; Appendix
/// Two). `chosen <kind>` transfers the attached cards of that kind the
/// replaced card's controller chooses (Appendix Two, Example 6).
fn replacement_transfers(
    at: &At,
    t: &Spanned<Vec<String>>,
) -> Result<b5_engine::Transfers, LoadError> {
    let mut out = b5_engine::Transfers::default();
    for (i, what) in t.get_ref().iter().enumerate() {
        let field = format!("transfers[{i}]");
        let err = |m: String| Err(at.at(&field, t).err(m));
        let (all, chosen) = match what.as_str() {
            "marks" => (&mut out.marks, None),
            "enhancements" => (&mut out.enhancements, Some(out.chosen_enhancements)),
            "aftermaths" => (&mut out.aftermaths, Some(out.chosen_aftermaths)),
            "contingencies" => (&mut out.contingencies, None),
            "chosen enhancements" => (&mut out.chosen_enhancements, Some(out.enhancements)),
            "chosen aftermaths" => (&mut out.chosen_aftermaths, Some(out.aftermaths)),
            "chosen marks" => {
                return err(
                    "`chosen marks`: marks are not cards and cannot be chosen one by one (Appendix Two: the source of a mark is looked at, never the mark); write `marks`".into(),
                )
            }
            "chosen contingencies" => {
                return err(
                    "`chosen contingencies`: a contingency is face down and only the player who played it may examine it (Contingency Cards), so it cannot be offered to choose; write `contingencies`".into(),
                )
            }
            other => {
                return err(format!(
                    "unknown `{other}`: a replacement transfers marks, enhancements, aftermaths or contingencies, or `chosen enhancements`, `chosen aftermaths`"
                ))
            }
        };
        // All the cards of a kind, or those chosen: never both.
        if chosen == Some(true) {
            let kind = what.trim_start_matches("chosen ");
            return err(format!(
                "`{kind}` and `chosen {kind}` both: a replacement transfers all of them or those chosen"
            ));
        }
        if *all {
            return err(format!("`{what}` listed twice"));
        }
        *all = true;
    }
    Ok(out)
}
