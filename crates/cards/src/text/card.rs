//! A whole card's rules text (card format: Card fields; Keywords with rules
//! meaning; then each part in its place): the parts in the order a card
//! prints them, joined into one line.

use b5_engine::{
    AttachKind, CardDef, CardFilter, CardType, Race, TargetKind, Trigger, TriggeredEffect,
    Uniqueness,
};

use crate::text::actions::action_text;
use crate::text::conditions::condition_text;
use crate::text::filters::{filter_one, filter_text, target_text, targets_text};
use crate::text::lasting::passive_text;
use crate::text::{an, and_list, bonus_text, cap, effects_text, lower_first};

/// The card's rules text, one line; empty for a card with no text.
pub fn rules_text(d: &CardDef) -> String {
    let mut parts: Vec<String> = Vec::new();
    keyword_parts(d, &mut parts);
    replaces_parts(d, &mut parts);
    play_parts(d, &mut parts);
    type_parts(d, &mut parts);
    sponsored_parts(d, &mut parts);
    lasting_parts(d, &mut parts);
    trigger_parts(d, &mut parts);
    for a in &d.actions {
        parts.push(action_text(a));
    }
    parts.retain(|p| !p.is_empty());
    let mut s = parts.join(". ");
    if !s.is_empty() && !s.ends_with('.') {
        s.push('.');
    }
    s
}

/// The keywords, the uniqueness when not the type's own, and a race's cost.
fn keyword_parts(d: &CardDef, parts: &mut Vec<String>) {
    if !d.keywords.is_empty() {
        parts.push(
            d.keywords
                .iter()
                .map(|k| cap(k))
                .collect::<Vec<_>>()
                .join(". "),
        );
    }
    match d.uniqueness {
        Uniqueness::Unique => parts.push("Unique".into()),
        Uniqueness::Multiple if Uniqueness::default_for(d.card_type) != Uniqueness::Multiple => {
            parts.push("Multiple".into())
        }
        Uniqueness::Limited if Uniqueness::default_for(d.card_type) != Uniqueness::Limited => {
            parts.push("Limited".into())
        }
        _ => {}
    }
    if let (false, Some(c)) = (d.race_cost.is_empty(), d.cost) {
        // "Costs 1 instead of 3 for a Narn faction, 2 for a Drazi faction".
        let each: Vec<String> = d
            .race_cost
            .iter()
            .map(|&(r, n)| format!("{n} for {} {} faction", an(r.display()), r.display()))
            .collect();
        let (first, rest) = each.split_first().expect("not empty");
        let first = first.replacen(" for ", &format!(" instead of {c} for "), 1);
        let mut s = format!("Costs {first}");
        for r in rest {
            s.push_str(", ");
            s.push_str(r);
        }
        parts.push(s);
    }
}

/// The card this one may or must replace, and what the replacing carries.
fn replaces_parts(d: &CardDef, parts: &mut Vec<String>) {
    if let Some(r) = &d.replaces {
        let t = r.transfers;
        let carried: Vec<&str> = [
            (t.marks, "marks"),
            (t.enhancements, "enhancements"),
            (t.aftermaths, "aftermaths"),
            (t.contingencies, "contingencies"),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, what)| what)
        .collect();
        // Appendix Two, Example 6: "and any aftermaths that her controller
        // chooses".
        let chosen: Vec<&str> = [
            (t.chosen_enhancements, "enhancements"),
            (t.chosen_aftermaths, "aftermaths"),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, what)| what)
        .collect();
        let chosen = if chosen.is_empty() {
            String::new()
        } else {
            format!("any {} its controller chooses", chosen.join(" and "))
        };
        let carried = match (carried.is_empty(), chosen.is_empty()) {
            (true, true) => String::new(),
            (true, false) => format!(", transferring {chosen}"),
            (false, true) => format!(", transferring its {}", and_list(&carried)),
            (false, false) => format!(", transferring its {}, and {chosen}", carried.join(", ")),
        };
        parts.push(format!(
            "{} replace {}{}",
            if r.only { "Must" } else { "May" },
            r.name,
            carried
        ));
    }
}

/// What playing the card requires, and the conflict a card in play generates.
fn play_parts(d: &CardDef, parts: &mut Vec<String>) {
    for r in &d.requires {
        parts.push(format!("Requires: {}", condition_text(r)));
    }
    // Events, aftermaths and contingencies are played, conflicts
    // initiated; the others are sponsored.
    let verb = match d.card_type {
        CardType::Event | CardType::Aftermath | CardType::Contingency => "play",
        CardType::Conflict => "initiate",
        _ => "sponsor",
    };
    if let Some(c) = &d.play_cost {
        parts.push(super::actions::play_cost_text(c, verb));
    }
    // Its own price worked out from the game.
    for (a, how) in [(&d.costs_more, "more"), (&d.costs_less, "less")] {
        if let Some(a) = a {
            parts.push(format!(
                "This card costs X {how} to {verb}, where X is {}",
                super::amounts::amount_text(a)
            ));
        }
    }
    if d.copies_share_target {
        parts.push("Any number of copies of this card may be on the same card".into());
    }
    if d.any_race_sponsors {
        parts.push(
            "Any faction that meets its requirement may sponsor it, whatever race it is loyal to"
                .into(),
        );
    }
    if let (Some(kind), false) = (d.conflict, d.card_type == CardType::Conflict) {
        conflict_parts(
            d,
            format!(
                "Conflict Round: may declare {} {} conflict generated by this card",
                an(kind.display()),
                kind.display()
            ),
            parts,
        );
    }
}

/// The parts a card of its type has.
fn type_parts(d: &CardDef, parts: &mut Vec<String>) {
    match d.card_type {
        CardType::Conflict => conflict_card_parts(d, parts),
        CardType::Event => event_parts(d, parts),
        CardType::Aftermath => aftermath_parts(d, parts),
        CardType::Contingency => contingency_parts(d, parts),
        CardType::Enhancement => enhancement_parts(d, parts),
        CardType::Agenda => agenda_parts(d, parts),
        _ => {}
    }
}

/// A conflict card: the conflict, and the enhancement it may become.
fn conflict_card_parts(d: &CardDef, parts: &mut Vec<String>) {
    let kind = d.conflict.map(|a| a.display()).unwrap_or("Diplomacy");
    conflict_parts(d, format!("{kind} conflict"), parts);
    if let Some(on) = d.becomes_enhancement {
        let host = match on {
            b5_engine::EnhancementOn::Target => "the target card",
            b5_engine::EnhancementOn::Ambassador => "your ambassador",
            b5_engine::EnhancementOn::TargetAmbassador => "the target player's ambassador",
        };
        parts.push(format!(
            "If won, this card is not discarded: it becomes an enhancement on {host}, with this text"
        ));
        if !d.bonus.is_zero() {
            parts.push(format!("The card it is on gets {}", bonus_text(&d.bonus)));
        }
    }
}

/// An event: its targets and effects.
fn event_parts(d: &CardDef, parts: &mut Vec<String>) {
    let t = targets_text(d.target, &d.filter, &d.second);
    let e = effects_text(&d.effects, d.both);
    parts.push(if t.is_empty() {
        cap(&e)
    } else {
        format!("{}: {e}", cap(&t))
    });
}

/// An aftermath: when it may be played, its targets, bonus and effects.
fn aftermath_parts(d: &CardDef, parts: &mut Vec<String>) {
    let play = d.aftermath.clone().unwrap_or_default();
    let mut cond = Vec::new();
    match play.won {
        Some(true) => cond.push("Won".to_string()),
        Some(false) => cond.push("Lost".to_string()),
        None => {}
    }
    if !play.conflict.is_empty() {
        cond.push(
            play.conflict
                .iter()
                .map(|a| a.display())
                .collect::<Vec<_>>()
                .join(" or "),
        );
    }
    if play.participant {
        cond.push("Participant".into());
    }
    let cond = if cond.is_empty() {
        "Any".to_string()
    } else {
        cond.join(" ")
    };
    let mut s = format!("{cond} aftermath");
    let t = targets_text(d.target, &d.filter, &d.second);
    if !t.is_empty() {
        s.push_str(&format!(", {t}"));
    }
    parts.push(s);
    if !d.bonus.is_zero() {
        parts.push(format!("The card it is on gets {}", bonus_text(&d.bonus)));
    }
    if !d.effects.is_empty() {
        parts.push(cap(&effects_text(&d.effects, d.both)));
    }
    if play.discard_after {
        parts.push("Discard after play".into());
    }
}

/// A contingency: what it is played under.
fn contingency_parts(d: &CardDef, parts: &mut Vec<String>) {
    let mut s = format!("Play face down under {} you control", attach_text(d.attach));
    if d.race != Race::Neutral {
        s = format!(
            "Play face down under {} {} you control",
            d.race.display(),
            attach_text(d.attach)
                .trim_start_matches("a ")
                .trim_start_matches("an ")
        );
    }
    parts.push(s);
}

/// An enhancement: what it is played on, and its bonus.
fn enhancement_parts(d: &CardDef, parts: &mut Vec<String>) {
    if d.attach != AttachKind::Character || d.filter != CardFilter::default() {
        // The card played on is of the kind `attach` names, with whatever
        // else the filter asks ("a character you do not control").
        let kind = d.attach.card_type();
        let mut f = d.filter.clone();
        if let (0, Some(t)) = (f.types, kind) {
            f.types = t.bit();
        }
        let on = if d.filter.types != 0 && kind.is_none() {
            filter_text(&d.filter, attach_text(d.attach))
        } else if kind.is_some_and(|t| f != CardFilter::of_type(t)) {
            filter_one(&f)
        } else {
            attach_text(d.attach).to_string()
        };
        parts.push(format!("Play on {on}"));
    }
    if !d.bonus.is_zero() {
        parts.push(format!("The card it is on gets {}", bonus_text(&d.bonus)));
    }
}

/// An agenda: major, Drakh, and its victory.
fn agenda_parts(d: &CardDef, parts: &mut Vec<String>) {
    if d.major {
        parts.push("Major Agenda".into());
    }
    if d.race == b5_engine::Race::Drakh {
        parts.push("Drakh Agenda: only a Drakh faction plays and controls it".into());
    }
    if let Some(v) = &d.victory {
        parts.push(format!(
            "Major Victory at the victory check if {}",
            condition_text(&v.condition)
        ));
    }
}

/// The power bonus, what happens when the card is sponsored or played, and
/// the personality.
fn sponsored_parts(d: &CardDef, parts: &mut Vec<String>) {
    if d.power_bonus != 0 {
        parts.push(format!("Count {:+} power", d.power_bonus));
    }
    if !d.effects.is_empty() && !matches!(d.card_type, CardType::Event | CardType::Aftermath) {
        // Playing Cards and Card Details: these happen only when the card
        // is sponsored (a contingency's, when it is revealed).
        let lead = if d.card_type == CardType::Contingency {
            "When it enters play"
        } else {
            "When sponsored"
        };
        parts.push(format!("{lead}: {}", effects_text(&d.effects, d.both)));
    }
    if !d.when_played.is_empty() {
        parts.push(format!(
            "When played (sponsored or replacing): {}",
            effects_text(&d.when_played, d.both)
        ));
    }
    if let Some(pn) = &d.personality {
        parts.push(format!("Personality: {pn}"));
    }
}

/// The lasting effects, each with its condition.
fn lasting_parts(d: &CardDef, parts: &mut Vec<String>) {
    for (i, p) in d.passives.iter().enumerate() {
        let text = passive_text(
            p,
            matches!(d.card_type, CardType::Enhancement | CardType::Aftermath)
                || d.becomes_enhancement.is_some(),
        );
        parts.push(match d.passive_if.get(i) {
            Some(Some(c)) => format!("While {}: {}", condition_text(c), lower_first(&text)),
            _ => text,
        });
    }
}

/// The triggers.
fn trigger_parts(d: &CardDef, parts: &mut Vec<String>) {
    for t in &d.triggers {
        let lead = if d.card_type == CardType::Contingency && t.trigger.watches_card() {
            format!("Reveal {}", lower_first(&watch_text(t)))
        } else if d.card_type == CardType::Contingency {
            format!("Reveal {}", trigger_text(t.trigger).to_lowercase())
        } else if t.trigger.watches_card() {
            watch_text(t)
        } else {
            trigger_text(t.trigger).to_string()
        };
        let rot = if t.rotate {
            ", if this card is ready, rotate it:"
        } else {
            ":"
        };
        let once = match t.limit {
            Some(l) => format!(" (only once per {})", l.name()),
            None => String::new(),
        };
        parts.push(format!(
            "{lead}{once}{rot} {}",
            effects_text(&t.effects, d.both)
        ));
    }
}

/// The conflict fields of a conflict card, or of a card in play that
/// generates a conflict (The Conflict Round, Step 1).
fn conflict_parts(d: &CardDef, lead: String, parts: &mut Vec<String>) {
    let mut s = lead;
    match d.target {
        TargetKind::None => {}
        k => s.push_str(&format!(", {}", target_text(k, &d.filter))),
    }
    parts.push(s);
    if d.unopposable {
        parts.push("Unopposable: any player may be supported, each faction is a side".into());
    }
    if let Some(f) = &d.participants {
        parts.push(format!("Only {} may participate", filter_text(f, "cards")));
    }
    if let Some(f) = &d.first_supporter {
        parts.push(format!(
            "The first card you rotate to support it must be one of the {}",
            filter_text(f, "cards")
        ));
    }
    if d.sustain_first_supporter {
        parts.push("You may sustain with your initial supporter".into());
    }
    if d.initiate_cost > 0 {
        parts.push(format!("Apply {} influence to initiate", d.initiate_cost));
    }
    for (label, list) in [
        ("Initiated", &d.initiated),
        ("Resolution", &d.resolution),
        ("Won", &d.won),
        ("Lost", &d.lost),
    ] {
        if !list.is_empty() {
            parts.push(format!("{label}: {}", effects_text(list, false)));
        }
    }
    for (n, list) in &d.won_by {
        parts.push(format!("Won by {n}: {}", effects_text(list, false)));
    }
    for (n, list) in &d.lost_by {
        parts.push(format!("Lost by {n}: {}", effects_text(list, false)));
    }
}

fn trigger_text(t: Trigger) -> &'static str {
    match t {
        Trigger::Attacked => "When it is attacked",
        Trigger::Attacks => "When it attacks",
        Trigger::NeutralizedTarget => "When it neutralizes the card it attacked",
        Trigger::Targeted => "When a conflict targeting you is initiated",
        Trigger::ConflictWon => "When you win a conflict you initiated",
        Trigger::ConflictLost => "When you lose a conflict you initiated",
        Trigger::GainedInfluenceFromConflict => "When you gain influence from a conflict",
        Trigger::LeavesPlay => "When it leaves play",
        Trigger::SurvivedAttack => "When it survives an attack (not neutralized)",
        Trigger::AttackInConflict => "When an attack is made in a conflict you initiated",
        Trigger::WarWonContested => "When you win a contested war conflict",
        Trigger::FleetNeutralized => "When one of your fleets is neutralized",
        Trigger::EventTargeted => "When an event targeting you or a card you control is played",
        Trigger::ActionTargeted => "When a card uses an action targeting you or a card you control",
        Trigger::Sponsored => "When a card is sponsored",
        Trigger::Discarded => "When a card is discarded from play",
        Trigger::Neutralized => "When a card is neutralized",
        Trigger::TurnBegins => "At the start of each turn",
        Trigger::EventPlayed => "When an event is played",
        Trigger::EntersPlay => "When a card enters play",
        Trigger::CardAttacked => "When a card is attacked",
    }
}

/// A watching trigger with its pattern: "When a character you control is
/// discarded from play".
fn watch_text(t: &TriggeredEffect) -> String {
    let what = match &t.of {
        Some(f) => filter_one(f),
        None => "a card".to_string(),
    };
    let happens = match t.trigger {
        Trigger::Sponsored => "is sponsored",
        Trigger::Discarded => "is discarded from play",
        Trigger::EventPlayed => "is played",
        Trigger::EntersPlay => "enters play",
        Trigger::CardAttacked => match &t.attacker {
            Some(f) => return format!("When {what} is attacked by {}", filter_one(f)),
            None => "is attacked",
        },
        _ => "is neutralized",
    };
    format!("When {what} {happens}")
}

fn attach_text(k: AttachKind) -> &'static str {
    match k {
        AttachKind::Character => "a character",
        AttachKind::Fleet => "a fleet",
        AttachKind::Location => "a location",
        AttachKind::Group => "a group",
        AttachKind::Agenda => "an agenda",
        AttachKind::Faction => "a faction",
        AttachKind::Global => "the whole game",
        AttachKind::Conflict => "one of your conflicts",
    }
}
