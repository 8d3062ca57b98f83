//! The Negate vocabulary (issues 8 and 13): the `event-targeted` trigger
//! and `negate`, how the loader reads them, how the rules text words them,
//! and what the loader refuses, naming the field.

mod support;
use support::{one, refused};

use b5_cards::text::rules_text;
use b5_engine::{Op, Trigger};

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
    let e = refused(
        r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "event-targeted"
effects = [{ negate = "attack" }]"#,
    );
    assert!(
        e.contains("negate") && e.contains("negate = \"event\""),
        "{e}"
    );
    // Negating an event only in an event-targeted contingency.
    let e = refused(
        r#"[cards."E"]
type = "event"
cost = 1
effects = [{ negate = "event" }]"#,
    );
    assert!(e.contains("effects") && e.contains("event-targeted"), "{e}");
    let e = refused(
        r#"[cards."C"]
type = "contingency"
cost = 1
trigger = "attacked"
effects = [{ negate = "event" }]"#,
    );
    assert!(e.contains("trigger") && e.contains("event-targeted"), "{e}");
    // `event-targeted` is a contingency trigger, not a card in play's.
    let e = refused(
        r#"[cards."L"]
type = "location"
triggers = [{ on = "event-targeted", effects = [{ gain_influence = 1 }] }]"#,
    );
    assert!(
        e.contains("triggers[0].on") && e.contains("contingency trigger"),
        "{e}"
    );
}
