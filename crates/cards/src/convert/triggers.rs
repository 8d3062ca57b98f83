//! Triggers (`docs/card-format.md`, Triggers): a card's triggered effects
//! and a contingency's trigger, refusing a trigger the card could never
//! see.

use b5_engine::{
    AttachKind, CardDef, CardFilter, CardSel, CardType, TargetKind, Trigger, TriggeredEffect,
};

use super::filters::{filter, never_matches, FilterUse};
use super::{effects, one_of, only, watch_refs, At, ANY_REFS};
use crate::error::LoadError;
use crate::raw::RawCard;

const TRIGGERS: &str = "attacked, attacks, neutralized-target, targeted, conflict-won, conflict-lost, gained-influence, leaves-play, survived-attack, attack-in-conflict, contested-war-won, fleet-neutralized, event-targeted, action-targeted, sponsored, discarded-from-play, neutralized, turn-begins, event-played, enters-play, card-attacked";

/// The triggers a contingency may answer (those that open a window).
const CONTINGENCY_TRIGGERS: &str = "attacked, attacks, neutralized-target, targeted, conflict-won, conflict-lost, gained-influence, survived-attack, attack-in-conflict, contested-war-won, fleet-neutralized, event-targeted, action-targeted, sponsored, enters-play, discarded-from-play, neutralized, event-played, card-attacked";

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
    // Rulings 7.5: a contingency on a conflict answers what happens in it.
    let (ok, who) = if ok && ty == CardType::Contingency && on == Some(CardType::Conflict) {
        (
            matches!(
                t,
                Trigger::ConflictWon
                    | Trigger::ConflictLost
                    | Trigger::GainedInfluenceFromConflict
                    | Trigger::AttackInConflict
                    | Trigger::WarWonContested
            ),
            "a contingency on a conflict answers only what happens in that conflict (conflict-won, conflict-lost, gained-influence, attack-in-conflict, contested-war-won)",
        )
    } else {
        (ok, who)
    };
    let (ok, who) = if ok && ty == CardType::Contingency && t == Trigger::LeavesPlay {
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

/// `triggers`, and a contingency's `trigger` (its effects are the
/// triggered ones).
pub(super) fn triggers(
    at: &At,
    raw: &RawCard,
    in_play_type: bool,
    becomes: bool,
    d: &mut CardDef,
) -> Result<(), LoadError> {
    let ty = d.card_type;
    for (i, t) in raw.triggers.iter().enumerate() {
        let tat = at.at(&format!("triggers[{i}]"), t);
        only(
            at,
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
        let of = pattern(&tat.sub("card"), tr, rt.card.as_ref())?;
        let attacker = attacker_pattern(&tat.sub("attacker"), tr, rt.attacker.as_ref())?;
        let refs = if tr.watches() {
            watch_refs(tr.watches_card())
        } else {
            ANY_REFS
        };
        let list = effects(&tat.sub("effects"), &rt.effects, refs)?;
        if tr == Trigger::Discarded && list.iter().any(|e| e.uses_sel(CardSel::That)) {
            return Err(tat.sub("effects").err(
                "in `discarded-from-play`, that card has already left play: nothing can happen to it (name its player with who = \"that\")",
            ));
        }
        if tr == Trigger::EventPlayed && list.iter().any(|e| e.uses_sel(CardSel::That)) {
            return Err(tat.sub("effects").err(
                "in `event-played`, that card is an event, never in play: nothing can happen to it (name its player with who = \"that\")",
            ));
        }
        d.triggers.push(TriggeredEffect {
            of,
            attacker,
            limit: super::limit(&tat.sub("once"), rt.once.as_deref())?,
            trigger: tr,
            rotate: rt.rotate.unwrap_or(false),
            effects: list,
        });
    }
    if let Some(t) = &raw.trigger {
        only(at, "trigger", ty == CardType::Contingency, "contingencies")?;
        let tr = one_of(
            &at.at("trigger", t),
            "trigger",
            t.get_ref(),
            Trigger::parse,
            TRIGGERS,
        )?;
        trigger_seen(&at.at("trigger", t), tr, ty, d.attach)?;
        if tr.watches() && !tr.opens_window() {
            return Err(at.at("trigger", t).err(format!(
                "`{}` is a trigger of cards in play (`triggers`): no window opens for contingencies then (the turn begins before anyone acts); a contingency answers one of {CONTINGENCY_TRIGGERS}",
                tr.name()
            )));
        }
        let of = match &raw.trigger_card {
            Some(f) => pattern(&at.at("trigger_card", f), tr, Some(f.get_ref()))?,
            None => None,
        };
        let attacker = match &raw.trigger_attacker {
            Some(f) => attacker_pattern(&at.at("trigger_attacker", f), tr, Some(f.get_ref()))?,
            None => None,
        };
        if tr == Trigger::Discarded && d.effects.iter().any(|e| e.uses_sel(CardSel::That)) {
            return Err(at.sub("effects").err(
                "in `discarded-from-play`, that card has already left play: nothing can happen to it (name its player with who = \"that\")",
            ));
        }
        d.triggers.push(TriggeredEffect {
            of,
            attacker,
            limit: None,
            trigger: tr,
            rotate: false,
            effects: std::mem::take(&mut d.effects),
        });
    } else if let Some(f) = raw.trigger_card.as_ref().or(raw.trigger_attacker.as_ref()) {
        let name = if raw.trigger_card.is_some() {
            "trigger_card"
        } else {
            "trigger_attacker"
        };
        return Err(at.at(name, f).err(
            "a contingency's pattern goes with its `trigger` (cards in play write `card` in `triggers`)",
        ));
    } else if ty == CardType::Contingency {
        return Err(at.sub("trigger").err(format!(
            "a contingency needs its trigger: trigger = one of {CONTINGENCY_TRIGGERS}"
        )));
    }
    Ok(())
}

/// The pattern of `event-played`: an event, by what is printed on it and
/// by who played it (`side`: the event is its player's).
fn event_pattern(at: &At, f: b5_engine::CardFilter) -> Result<b5_engine::CardFilter, LoadError> {
    if f.types != 0 && !f.allows_type(CardType::Event) {
        return Err(at.sub("type").err(
            "never matches: only events are played (the pattern of event-played names an event)",
        ));
    }
    let unsided = b5_engine::CardFilter {
        side: b5_engine::Side::Any,
        ..f.clone()
    };
    if let Some(name) = super::filters::in_play_test(&unsided) {
        return Err(at.sub(name).err(
            "never matches: an event is never in play (filter by race, keyword, or side = \"own\" / \"other\" for who played it)",
        ));
    }
    Ok(f)
}

/// A watching trigger's pattern (`card = { selector }`): which cards it
/// answers. Only a trigger about cards has one; without it, any card.
fn pattern(
    at: &At,
    t: Trigger,
    raw: Option<&crate::raw::RawFilter>,
) -> Result<Option<Box<CardFilter>>, LoadError> {
    let Some(raw) = raw else {
        return Ok(None);
    };
    if !t.watches_card() {
        return Err(at.err(format!(
            "`{}` is not about other cards: only the triggers sponsored, enters-play, discarded-from-play, neutralized, event-played and card-attacked take a `card` selector",
            t.name()
        )));
    }
    let f = filter(at, raw)?;
    if t == Trigger::EventPlayed {
        return event_pattern(at, f).map(|f| Some(Box::new(f)));
    }
    // The card is in play when the trigger matches it.
    never_matches(at, &f, FilterUse::Target)?;
    let can = match t {
        // Sponsoring puts characters, fleets, locations, groups,
        // enhancements and agendas into play (Sponsor a Card); those are the
        // cards that enter play any way.
        Trigger::Sponsored | Trigger::EntersPlay => |ty: CardType| {
            !matches!(
                ty,
                CardType::Event | CardType::Conflict | CardType::Aftermath | CardType::Contingency
            )
        },
        // Only characters, fleets and locations are neutralized, and
        // attacked (Attack a Conflict Participant).
        Trigger::Neutralized | Trigger::CardAttacked => |ty: CardType| {
            matches!(
                ty,
                CardType::Character | CardType::Fleet | CardType::Location
            )
        },
        _ => |_: CardType| true,
    };
    if f.types != 0 && !CardType::ALL.iter().any(|&ty| f.allows_type(ty) && can(ty)) {
        return Err(at.sub("type").err(match t {
            Trigger::Sponsored => {
                "never matches: only characters, fleets, locations, groups, enhancements and agendas are sponsored"
            }
            Trigger::EntersPlay => {
                "never matches: only characters, fleets, locations, groups, enhancements and agendas enter play (an event, a conflict, an aftermath or a contingency is played, never put into play)"
            }
            Trigger::CardAttacked => "never matches: only characters, fleets and locations are attacked",
            _ => "never matches: only characters, fleets and locations are neutralized",
        }));
    }
    Ok(Some(Box::new(f)))
}

/// A `card-attacked` trigger's `attacker`: which attackers it answers (a
/// card in play; only characters and fleets attack).
fn attacker_pattern(
    at: &At,
    t: Trigger,
    raw: Option<&crate::raw::RawFilter>,
) -> Result<Option<Box<CardFilter>>, LoadError> {
    let Some(raw) = raw else {
        return Ok(None);
    };
    if t != Trigger::CardAttacked {
        return Err(at.err(format!(
            "`attacker` is the pattern of a `card-attacked` trigger's attacker, not of `{}`",
            t.name()
        )));
    }
    let f = filter(at, raw)?;
    never_matches(at, &f, FilterUse::Target)?;
    if f.types != 0 && !f.allows_type(CardType::Character) && !f.allows_type(CardType::Fleet) {
        return Err(at
            .sub("type")
            .err("never matches: only characters and fleets attack"));
    }
    Ok(Some(Box::new(f)))
}
