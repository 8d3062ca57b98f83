//! The Negate vocabulary (issues 8 and 13): the `event-targeted` trigger
//! and `negate`, how the loader reads them, how the rules text words them,
//! and what the loader refuses, naming the field.

use crate::support;
use support::{one, refused, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{Op, Reversible, Trigger};

#[test]
fn a_contingency_negating_an_event_reads_and_is_worded() {
    let d = one(r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "event-targeted"
effects = [{ negate = "event" }]"#);
    assert_eq!(d.triggers[0].trigger, Trigger::EventTargeted);
    assert_eq!(d.triggers[0].effects[0].op, Op::NegateEvent);
    let t = rules_text(&d);
    assert!(
        t.contains("Reveal when an event targeting you or a card you control is played")
            && t.contains("negate that event"),
        "{t}"
    );
    // A negated conflict is cancelled (Glossary, Negate).
    let d = one(r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "targeted"
effects = [{ negate = "conflict" }]"#);
    assert_eq!(d.triggers[0].effects[0].op, Op::CancelConflict);
}

#[test]
fn negate_where_it_can_never_apply_is_refused() {
    // An unknown value names the field.
    refused_naming(
        r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "event-targeted"
effects = [{ negate = "attack" }]"#,
        &["negate", "negate = \"event\""],
    );
    // Negating an event only in an event-targeted contingency.
    refused_naming(
        r#"[cards."E"]
type = "event"
cost = 1
effects = [{ negate = "event" }]"#,
        &["effects", "event-targeted"],
    );
    refused_naming(
        r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "attacked"
effects = [{ negate = "event" }]"#,
        &["trigger", "event-targeted"],
    );
    // `event-targeted` is a contingency trigger, not a card in play's.
    refused_naming(
        r#"[cards."L"]
type = "location"
triggers = [{ on = "event-targeted", effects = [{ gain_influence = 1 }] }]"#,
        &["triggers[0].on", "contingency trigger"],
    );
}

#[test]
fn a_contingency_negating_a_card_action_reads_and_is_worded() {
    let d = one(r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "action-targeted"
effects = [{ negate = "action" }]"#);
    assert_eq!(d.triggers[0].trigger, Trigger::ActionTargeted);
    assert_eq!(d.triggers[0].effects[0].op, Op::NegateAction);
    let t = rules_text(&d);
    assert!(
        t.contains("Reveal when a card uses an action targeting you or a card you control")
            && t.contains("negate that action")
            && t.contains("its costs stay paid"),
        "{t}"
    );
}

#[test]
fn negating_an_action_where_it_can_never_apply_is_refused() {
    refused_naming(
        r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "event-targeted"
effects = [{ negate = "action" }]"#,
        &["trigger", "action-targeted"],
    );
    refused_naming(
        r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "action-targeted"
effects = [{ negate = "event" }]"#,
        &["trigger", "event-targeted"],
    );
    refused_naming(
        r#"[cards."G"]
type = "group"
actions = [{ target = "player", effects = [{ negate = "action" }] }]"#,
        &[".actions", "action-targeted"],
    );
    refused_naming(
        r#"[cards."L"]
type = "location"
triggers = [{ on = "action-targeted", effects = [{ gain_influence = 1 }] }]"#,
        &["triggers[0].on", "contingency trigger"],
    );
}

#[test]
fn reversal_by_a_contingency_or_a_card_action_reads_and_is_worded() {
    let d = one(r#"[cards."K"]
type = "contingency"
cost = 1
trigger = "conflict-lost"
effects = [{ reverse = "conflict" }]"#);
    assert_eq!(
        d.triggers[0].effects[0].op,
        Op::Reverse(Reversible::Conflict)
    );
    let t = rules_text(&d);
    assert!(
        t.contains("you initiated: reverse the effect text of the conflict just resolved"),
        "{t}"
    );
    let d = one(r#"[cards."G"]
type = "group"
cost = 1
actions = [{ cost = { influence = 1 }, effects = [{ reverse = "event" }] }]"#);
    assert_eq!(d.actions[0].effects[0].op, Op::Reverse(Reversible::Event));
    let t = rules_text(&d);
    assert!(
        t.contains("Action: rotate, apply 1 influence: reverse the effects of target event another player played since your last action (not one already reversed"),
        "{t}"
    );
    // A contingency may reverse one revealed before it in the same window,
    // an event's included.
    let d = one(r#"[cards."K"]
type = "contingency"
trigger = "event-targeted"
effects = [{ reverse = "contingency" }]"#);
    assert_eq!(
        d.triggers[0].effects[0].op,
        Op::Reverse(Reversible::Contingency)
    );
}

#[test]
fn reversal_whose_timing_can_never_come_is_refused() {
    // A card in play's triggered effect is not played: nothing checks it.
    refused_naming(
        r#"[cards."L"]
type = "location"
triggers = [{ on = "conflict-won", effects = [{ reverse = "conflict" }] }]"#,
        &[".triggers", "triggered effect"],
    );
    // An event's (action's) window opens after it is played (used): that
    // ended the chance to reverse the conflict resolved before.
    for (t, what) in [
        ("event-targeted", "conflict"),
        ("action-targeted", "conflict"),
    ] {
        let e = refused(&format!(
            r#"[cards."K"]
type = "contingency"
trigger = "{t}"
effects = [{{ reverse = "{what}" }}]"#
        ));
        assert!(
            e.contains(".trigger") && e.contains("only `reverse = \"contingency\"`"),
            "{e}"
        );
    }
    // Reversing an event targets it; a contingency names no target.
    for t in ["attacked", "event-targeted"] {
        refused_naming(
            &format!(
                r#"[cards."K"]
type = "contingency"
trigger = "{t}"
effects = [{{ reverse = "event" }}]"#
            ),
            &[".effects", "never reverses an event", "no target to name"],
        );
    }
    // Never nested in a card action.
    refused_naming(
        r#"[cards."G"]
type = "group"
actions = [{ effects = [{ later = "end-of-turn", effects = [{ reverse = "event" }] }] }]"#,
        &["actions[0].effects", "not nested"],
    );
}

/// Glossary, Negate; rulings, Dissent: "unless the target player applies N
/// influence to stop it".
#[test]
fn an_effect_a_player_may_pay_to_stop_reads_and_is_worded() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
target = "player"
effects = [{ unless_paid = 2, effects = [{ lose_influence = 2, who = "target" }] }]"#);
    let Op::Unless {
        n,
        who,
        effects,
        pooled: false,
    } = &d.effects[0].op
    else {
        panic!("{:?}", d.effects[0].op);
    };
    assert_eq!(
        (*n, *who),
        (2, b5_engine::Who::Target),
        "who defaults to the target"
    );
    assert_eq!(effects.len(), 1);
    let t = rules_text(&d);
    assert!(
        t.contains("the target player loses 2 influence, unless the target player applies 2 influence to stop it"),
        "{t}"
    );
    // The price as an amount, worked out when the effect happens.
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
target = "card"
target_filter = { type = "character" }
effects = [{ unless_paid = { ability = "diplomacy", of = "target" }, effects = [{ rotate = true, card = "target" }] }]"#);
    assert!(matches!(d.effects[0].op, Op::Unless { n: 0, .. }));
    assert!(d.effects[0].amount.is_some());
}

#[test]
fn an_effect_to_pay_for_that_cannot_work_is_refused() {
    for (toml, words) in [
        (
            r#"[cards."E"]
type = "event"
cost = 1
effects = [{ unless_paid = 0, who = "others", effects = [{ draw = 1 }] }]"#,
            vec!["unless_paid", "1 to 50"],
        ),
        (
            r#"[cards."E"]
type = "event"
cost = 1
effects = [{ unless_paid = 2, who = "self", effects = [{ draw = 1 }] }]"#,
            vec!["who", "never the card's own player"],
        ),
        (
            r#"[cards."E"]
type = "event"
cost = 1
effects = [{ unless_paid = 2, who = "others" }]"#,
            vec!["effects", "name the effects"],
        ),
        (
            r#"[cards."E"]
type = "event"
cost = 1
effects = [{ unless_paid = 2, who = "others", effects = [{ draw = 1 }] }, { gain_influence = 1 }]"#,
            vec!["last effect of its list"],
        ),
    ] {
        refused_naming(toml, &words);
    }
    // "the target player" needs a player target.
    let e = refused(
        r#"[cards."E"]
type = "event"
cost = 1
effects = [{ unless_paid = 2, effects = [{ draw = 1 }] }]"#,
    );
    assert!(e.contains("target"), "{e}");
}

/// rulings, Order Above All: "Any combination of players may apply
/// influence equal to Vorlon Influence to negate this effect".
#[test]
fn a_price_players_may_pay_together_reads_and_is_worded() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
target = "conflict"
effects = [{ unless_paid = { influence = "vorlons" }, pooled = true, who = "each", effects = [{ cancel_conflict = true }] }]"#);
    assert!(matches!(
        d.effects[0].op,
        Op::Unless {
            pooled: true,
            who: b5_engine::Who::Each,
            ..
        }
    ));
    let t = rules_text(&d);
    assert!(t.contains("unless any combination of players apply"), "{t}");
    // Without `pooled`, one player pays it all, as before.
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
effects = [{ unless_paid = 2, who = "others", effects = [{ draw = 1 }] }]"#);
    assert!(matches!(d.effects[0].op, Op::Unless { pooled: false, .. }));
    // `pooled` belongs to `unless_paid` only.
    refused_naming(
        r#"[cards."E"]
type = "event"
cost = 1
effects = [{ draw = 1, pooled = true }]"#,
        &["pooled", "only to `unless_paid`"],
    );
}
