//! What the loader refuses in the Negate and Reversal vocabulary (Engine
//! Rules v1.2, Glossary, Negate: "An event or other effect which is negated
//! is prevented from occurring"; Advanced Details about playing cards,
//! Reversal: "Cards which reverse effects ... cannot be played unless you
//! can reverse all of the effects that actually occurred").
//!
//! A negating verb only works in the window that holds back what it
//! negates, so it lives only on a contingency with that trigger. A
//! reversing verb works on an event played since its player's last chance
//! to act (which it targets) or on what was revealed or resolved just
//! before it, so it lives on a card played or used at a chosen moment,
//! where the engine checks first that everything can be reversed: an
//! event, a card action or a contingency (revealed in a window; never one
//! reversing an event, which would need a target), never the effect text
//! of a conflict or a card's triggered effect, which happen when the rules
//! say with no such check.

use b5_engine::{CardDef, CardFilter, CardType, Effect, Op, Reversible, TargetKind, Trigger};

/// An error: the field (below the card) and the message.
type Refusal = (String, String);

/// Whether `pick` holds for a verb of the list, nested lists included.
pub(crate) fn has(list: &[Effect], pick: &dyn Fn(&Op) -> bool) -> bool {
    list.iter().any(|e| {
        pick(&e.op)
            || match &e.op {
                Op::Delayed { effects, .. } | Op::Unless { effects, .. } => has(effects, pick),
                Op::Vote { pass, fail, .. } => has(pass, pick) || has(fail, pick),
                Op::Modes { modes, .. } => modes.iter().any(|m| has(m, pick)),
                Op::Pick { each, after, .. } => has(each, pick) || has(after, pick),
                _ => false,
            }
    })
}

/// The effect lists a card never carries a negating or reversing verb in
/// (a conflict's effect text; what happens when a card is played).
fn never_lists(d: &CardDef) -> impl Iterator<Item = (String, &[Effect])> {
    [
        ("initiated", &d.initiated),
        ("resolution", &d.resolution),
        ("won", &d.won),
        ("lost", &d.lost),
        ("when_played", &d.when_played),
    ]
    .into_iter()
    .map(|(n, l)| (n.to_string(), l.as_slice()))
    .chain(
        d.won_by
            .iter()
            .map(|(_, l)| ("won_by".to_string(), l.as_slice())),
    )
    .chain(
        d.lost_by
            .iter()
            .map(|(_, l)| ("lost_by".to_string(), l.as_slice())),
    )
}

/// The field a contingency's trigger effects came from (`effects`) or a
/// card's triggered effects (`triggers`).
fn trigger_field(d: &CardDef) -> &'static str {
    if d.card_type == CardType::Contingency {
        "effects"
    } else {
        "triggers"
    }
}

/// `negate = "event"` only in a contingency revealed on `event-targeted`,
/// `negate = "action"` only in one revealed on `action-targeted` (Glossary,
/// Negate: it is prevented from occurring, so only a card answering it
/// between its costs and its effects can negate it).
pub(crate) fn negation(d: &CardDef) -> Result<(), Refusal> {
    for (what, trigger, is) in [
        (
            "event",
            Trigger::EventTargeted,
            (|op: &Op| matches!(op, Op::NegateEvent)) as fn(&Op) -> bool,
        ),
        ("action", Trigger::ActionTargeted, |op: &Op| {
            matches!(op, Op::NegateAction)
        }),
    ] {
        let msg = format!(
            "`negate = \"{what}\"` is only for a contingency with trigger = \"{}\" (it negates the {what} {}, before its effects)",
            trigger.name(),
            if what == "event" { "being played" } else { "being used" }
        );
        for (name, list) in never_lists(d) {
            if has(list, &is) {
                return Err((name, msg));
            }
        }
        if has(&d.effects, &is) {
            return Err(("effects".into(), msg));
        }
        if d.actions.iter().any(|a| has(&a.effects, &is)) {
            return Err(("actions".into(), msg));
        }
        for t in &d.triggers {
            let ok = d.card_type == CardType::Contingency && t.trigger == trigger;
            if has(&t.effects, &is) && !ok {
                let f = if d.card_type == CardType::Contingency {
                    "trigger"
                } else {
                    "triggers"
                };
                return Err((f.into(), msg));
            }
        }
    }
    Ok(())
}

/// `reverse = "event"` targets the event it reverses (rulings, Not Meant To
/// Be: "an Event played since your last chance to act"): the card's (the
/// card action's) target is `event`, implied when `target` is left out;
/// `target = "event"` is only for `reverse = "event"`, with no filter and
/// no second target.
pub(crate) fn reversal_targets(d: &mut CardDef) -> Result<(), Refusal> {
    let own = reverses_in(&d.effects) == Some(Reversible::Event);
    one_target(("", own), (&mut d.target, &d.filter, d.second.is_some()))?;
    for (i, a) in d.actions.iter_mut().enumerate() {
        let reverses = reverses_in(&a.effects) == Some(Reversible::Event);
        one_target(
            (&format!("actions[{i}]."), reverses),
            (&mut a.target, &a.filter, a.second.is_some()),
        )?;
    }
    Ok(())
}

/// One effect list's target (`at`: the field prefix).
fn one_target(
    (at, reverses): (&str, bool),
    (target, filter, second): (&mut TargetKind, &CardFilter, bool),
) -> Result<(), Refusal> {
    if reverses && *target == TargetKind::None {
        *target = TargetKind::Event;
    }
    if reverses && *target != TargetKind::Event {
        return Err((
            format!("{at}target"),
            format!(
                "`reverse = \"event\"` targets the event it reverses (one another player played since your last action): leave `target` out or write `target = \"event\"`, not \"{}\"",
                target.name()
            ),
        ));
    }
    if *target != TargetKind::Event {
        return Ok(());
    }
    if !reverses {
        return Err((
            format!("{at}target"),
            "`target = \"event\"` names an event to reverse: it is only for a card (a card action) with `reverse = \"event\"` among its own effects".into(),
        ));
    }
    if *filter != CardFilter::default() {
        return Err((
            format!("{at}target_filter"),
            "an event target (`reverse = \"event\"`) is any event another player played since your last action: it takes no filter".into(),
        ));
    }
    if second {
        return Err((
            format!("{at}second_target"),
            "an event target (`reverse = \"event\"`) has no second target".into(),
        ));
    }
    Ok(())
}

/// `reverse = "event" | "contingency" | "conflict"`: among an event's own
/// effects, a card action's effects or a contingency's effects, never
/// nested (it reverses as the card resolves, checked before it is played,
/// used or revealed).
pub(crate) fn reversal(d: &CardDef) -> Result<(), Refusal> {
    let is = |op: &Op| matches!(op, Op::Reverse(_));
    let nested = |list: &[Effect]| {
        list.iter()
            .any(|e| !is(&e.op) && has(std::slice::from_ref(e), &is))
    };
    let msg = "only an event, a card action or a contingency reverses, among its own effects (not nested in a vote, choice or delayed effect): it is checked before it is played, used or revealed that everything can be reversed (Reversal)";
    for (name, list) in never_lists(d) {
        if has(list, &is) {
            return Err((
                name,
                "a conflict's effect text (or what happens as a card is played) never reverses: only an event, a card action or a contingency does, checked before it is played, used or revealed (Reversal: \"cannot be played unless you can reverse all of the effects that actually occurred\")".into(),
            ));
        }
    }
    if has(&d.effects, &is) && (d.card_type != CardType::Event || nested(&d.effects)) {
        return Err(("effects".into(), msg.into()));
    }
    for (i, a) in d.actions.iter().enumerate() {
        if nested(&a.effects) {
            return Err((format!("actions[{i}].effects"), msg.into()));
        }
    }
    for t in &d.triggers {
        if !has(&t.effects, &is) {
            continue;
        }
        if d.card_type != CardType::Contingency {
            return Err((
                "triggers".into(),
                "a triggered effect of a card in play never reverses: it is not played, it happens when its trigger does, so Reversal's condition (\"cannot be played unless you can reverse all of the effects that actually occurred\") has no moment to be checked; a contingency or a card action may reverse".into(),
            ));
        }
        if nested(&t.effects) {
            return Err((trigger_field(d).into(), msg.into()));
        }
        let what = reverses_in(&t.effects);
        // What the window's own action ended: an event's (card action's)
        // window opens once it is played (used), and playing (using) it
        // ended the chance to reverse the conflict resolved before.
        if matches!(t.trigger, Trigger::EventTargeted | Trigger::ActionTargeted)
            && what == Some(Reversible::Conflict)
        {
            return Err((
                "trigger".into(),
                format!(
                    "`{}` opens its window after the {} is played or used and before its effects: that ended the chance to reverse the conflict resolved before (rulings, ISN: the first action of the next Action Round), and the {} itself has no effects yet (negate it instead); only `reverse = \"contingency\"` (one revealed before in the same window) can answer it",
                    t.trigger.name(),
                    if t.trigger == Trigger::EventTargeted { "event" } else { "card action" },
                    if t.trigger == Trigger::EventTargeted { "event" } else { "action" },
                ),
            ));
        }
        // Reversing an event names it (rulings, Not Meant To Be: "an Event
        // played since your last chance to act"); a contingency is revealed
        // on its trigger and names nothing.
        if what == Some(Reversible::Event) {
            return Err((
                "effects".into(),
                "a contingency never reverses an event: reversing an event targets it (an event another player played since your last action), and a contingency is revealed on its trigger with no target to name; reverse it with an event or a card action, or negate it with an `event-targeted` contingency".into(),
            ));
        }
    }
    Ok(())
}

/// What an effect list reverses, if it reverses anything.
fn reverses_in(effects: &[Effect]) -> Option<Reversible> {
    effects.iter().find_map(|e| match e.op {
        Op::Reverse(what) => Some(what),
        _ => None,
    })
}
