//! A second target (issue 13, "target X attacks target Y"; Engine Rules
//! v1.2, Legal Targets and Advanced Details about playing cards, Targets):
//! how the loader reads `second_target`, `second_relation` and the `second`
//! card selector, how the rules text words them, and what the loader
//! refuses, naming the field.

use crate::support;
use support::{one, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{CardSel, CardType, Op, Relation, Side};

#[test]
fn an_event_with_two_targets_reads_and_is_worded() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
target = "card"
target_filter = { type = "character", side = "own" }
second_target = { type = "character" }
second_relation = "other-faction"
effects = [{ attack = "diplomacy", by = "target", card = "second" }]"#);
    let s = d.second.as_ref().expect("a second target");
    assert_eq!(s.relation, Relation::OtherFaction);
    assert_eq!(s.filter.types, CardType::Character.bit());
    assert!(matches!(
        d.effects[0].op,
        Op::Attack {
            by: CardSel::Target,
            card: CardSel::Second,
            ..
        }
    ));
    assert_eq!(
        rules_text(&d),
        "Target one of the characters you control and a second target, one of the characters in another faction than the first: the target card attacks the second target using Diplomacy (not in a conflict)."
    );
}

#[test]
fn an_aftermath_and_a_card_action_take_a_second_target() {
    let d = one(r#"[cards."A"]
type = "aftermath"
cost = 1
aftermath = { outcome = "lost", discard = true }
target = "card"
target_filter = { type = "character", row = "inner-circle", not_ambassador = true }
second_target = { type = "character", row = "inner-circle", not_ambassador = true }
second_relation = "same-controller"
effects = [{ damage = 1, card = "target" }, { damage = 1, card = "second" }]"#);
    assert_eq!(
        d.second.as_ref().map(|s| s.relation),
        Some(Relation::SameController)
    );
    let t = rules_text(&d);
    assert!(
        t.contains("and a second target, one of the Inner Circle characters (not an ambassador) controlled by the same player as the first")
            && t.contains("the second target takes 1 damage"),
        "{t}"
    );
    let d = one(r#"[cards."L"]
type = "location"
cost = 2
actions = [{ target = "card", target_filter = { type = "character", side = "own" }, second_target = { type = "character", side = "own" }, second_relation = "same-faction", effects = [{ move_mark = "destiny", card = "target", onto = "second" }] }]"#);
    let s = d.actions[0]
        .second
        .as_ref()
        .expect("the action's second target");
    assert_eq!(s.relation, Relation::SameFaction);
    assert_eq!(s.filter.side, Side::Own);
    assert!(
        rules_text(&d).contains("a second target, one of the characters you control in the same faction as the first: move a Destiny mark from the target card to the second target"),
        "{}",
        rules_text(&d)
    );
    // A relation is optional: any card but the first.
    let d = one(r#"[cards."E"]
type = "event"
target = "player"
second_target = { type = "fleet" }
effects = [{ rotate = true, card = "second" }]"#);
    assert_eq!(d.second.as_ref().map(|s| s.relation), Some(Relation::Any));
}

#[test]
fn a_second_target_that_can_never_work_is_refused() {
    // `second` with no second target.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ discard = true, card = "second" }]"#,
        &["effects.discard", "card = \"second\"", "second_target"],
    );
    // Not on a conflict (nor other cards): events, aftermaths, card actions.
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "card"
second_target = { type = "character" }"#,
        &["second_target", "events, aftermaths"],
    );
    // A second target needs a first.
    refused_naming(
        r#"[cards."E"]
type = "event"
second_target = { type = "character" }
effects = [{ rotate = true, card = "second" }]"#,
        &["second_target", "set `target`"],
    );
    // A relation needs a second target, and a first that is a card or a player.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
second_relation = "same-faction"
effects = [{ rotate = true }]"#,
        &["second_relation", "second_target"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "race"
second_target = { type = "character" }
second_relation = "same-faction"
effects = [{ rotate = true, card = "second" }]"#,
        &["second_relation", "card or a player"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
second_target = { type = "character" }
second_relation = "cousins"
effects = [{ rotate = true, card = "second" }]"#,
        &["second_relation", "same-controller"],
    );
    // A filter that never matches: an event, a face-down contingency, sides
    // that contradict the relation.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
second_target = { type = "event" }
effects = [{ rotate = true, card = "second" }]"#,
        &["second_target.type", "never matches"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
second_target = { type = "contingency" }
effects = [{ discard = true, card = "second" }]"#,
        &["second_target.type", "face down"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
target_filter = { side = "own" }
second_target = { type = "character", side = "own" }
second_relation = "other-faction"
effects = [{ rotate = true, card = "second" }]"#,
        &["second_target.side", "never matches"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
target_filter = { side = "own" }
second_target = { type = "character", side = "other" }
second_relation = "same-faction"
effects = [{ rotate = true, card = "second" }]"#,
        &["second_target.side"],
    );
    // In a card action, the field is named under the action.
    refused_naming(
        r#"[cards."L"]
type = "location"
actions = [{ target = "card", second_target = { type = "event" }, effects = [{ rotate = true, card = "second" }] }]"#,
        &["actions[0].second_target.type"],
    );
    refused_naming(
        r#"[cards."L"]
type = "location"
actions = [{ target = "card", effects = [{ rotate = true, card = "second" }] }]"#,
        &["actions[0].effects", "second_target"],
    );
}

#[test]
fn attacks_between_the_two_targets_that_can_never_be_made_are_refused() {
    // Two cards of one faction never attack each other.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "character" }
second_target = { type = "character" }
second_relation = "same-faction"
effects = [{ attack = "diplomacy", by = "target", card = "second" }]"#,
        &["second_relation", "own faction"],
    );
    // The second target attacked must be attackable.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "character" }
second_target = { type = "group" }
effects = [{ attack = "diplomacy", by = "target", card = "second" }]"#,
        &["second_target.type", "attacked"],
    );
    // Your own card attacking a second target of your own faction.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "character", side = "own" }
second_target = { type = "character", side = "own" }
effects = [{ attack = "diplomacy", by = "target", card = "second" }]"#,
        &["second_target.side", "own faction"],
    );
    // A second target that attacks must be a character or fleet.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "character" }
second_target = { type = "location" }
effects = [{ attack = "military", by = "second", card = "target" }]"#,
        &["second_target.type", "attacks"],
    );
}
