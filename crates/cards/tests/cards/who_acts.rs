//! Who acts (issue 25, part 8): an action any player may use
//! (`anyone = true`) and "the target player chooses one" (`choose_one` with
//! `who`); and an amount counted from a hand (`hand = "<who>"`; part 6):
//! how the loader reads them, how the rules text words them, and what it
//! refuses, naming the field.

use crate::support;
use support::{one, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{AmountBase, Op, Who};

#[test]
fn an_action_any_player_may_use_reads_and_is_worded() {
    let d = one(r#"[cards."Open Archive"]
type = "location"
cost = 2
actions = [{ anyone = true, cost = { influence = 1 }, effects = [{ draw = 1 }] }]"#);
    assert!(d.actions[0].anyone);
    assert!(d.open_actions());
    let t = rules_text(&d);
    assert!(
        t.contains("Action (any player may use it): rotate, apply 1 influence: you draw 1 card"),
        "{t}"
    );
    let d = one(r#"[cards."Open Archive"]
type = "location"
cost = 2
actions = [{ anyone = true, once = "turn", cost = { rotate = false }, effects = [{ draw = 1 }] }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("Action (any player may use it, only once per turn): "),
        "{t}"
    );
}

#[test]
fn anyone_is_refused_where_it_cannot_mean_anything() {
    refused_naming(
        "[cards.\"E\"]\ntype = \"enhancement\"\ncost = 1\nattach = \"character\"\nactions = [{ anyone = true, effects = [{ draw = 1 }] }]",
        &["actions[0].anyone", "only a card on the table"],
    );
    refused_naming(
        "[cards.\"G\"]\ntype = \"group\"\ncost = 1\nactions = [{ anyone = false, effects = [{ draw = 1 }] }]",
        &["actions[0].anyone", "anyone = true"],
    );
}

#[test]
fn a_count_of_a_hand_reads_and_is_worded() {
    let d = one(r#"[cards."Ledger"]
type = "event"
cost = 1
target = "player"
effects = [{ gain_influence = { hand = "target", at_most = 3 } }]"#);
    let a = d.effects[0].amount.as_ref().expect("an amount");
    assert_eq!(a.base, AmountBase::Hand(Who::Target));
    let t = rules_text(&d);
    assert!(
        t.contains("the number of cards in the target player's hand"),
        "{t}"
    );
    refused_naming(
        "[cards.\"L\"]\ntype = \"event\"\ncost = 1\neffects = [{ gain_influence = { hand = \"nobody\" } }]",
        &["hand", "unknown player \"nobody\""],
    );
}

#[test]
fn the_target_player_chooses_one_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."Hard Bargain"]
type = "event"
cost = 1
target = "player"
effects = [{ choose_one = [[{ lose_influence = 2, who = "target" }], [{ draw = 2 }]], who = "target" }]"#);
    assert!(matches!(
        d.effects[0].op,
        Op::Modes {
            chooser: Who::Target,
            ..
        }
    ));
    let t = rules_text(&d);
    assert!(
        t.contains("the target player chooses one: the target player loses 2 influence; or you draw 2 cards"),
        "{t}"
    );
    for (who, words) in [
        ("each", &["who", "one player chooses the mode"][..]),
        ("others", &["who", "one player chooses the mode"]),
    ] {
        refused_naming(
            &format!("[cards.\"H\"]\ntype = \"event\"\ncost = 1\ntarget = \"player\"\neffects = [{{ choose_one = [[{{ draw = 1 }}], [{{ gain_influence = 1 }}]], who = \"{who}\" }}]"),
            words,
        );
    }
    // Without a target, nobody is "the target player".
    refused_naming(
        "[cards.\"H\"]\ntype = \"event\"\ncost = 1\neffects = [{ choose_one = [[{ draw = 1 }], [{ gain_influence = 1 }]], who = \"target\" }]",
        &["who = \"target\""],
    );
}

#[test]
fn each_player_of_a_race_reads_and_is_worded() {
    let d = one(r#"[cards."Border Tithe"]
type = "event"
cost = 0
effects = [{ gain_influence = 2, who = "narn" }, { draw = 1, who = "non-aligned" }]"#);
    assert_eq!(
        d.effects[0].op,
        Op::GainInfluence {
            n: 2,
            who: Who::Race(b5_engine::Race::Narn)
        }
    );
    assert_eq!(
        rules_text(&d),
        "Each Narn player gains 2 influence; each Non-Aligned player draws 1 card."
    );
    let d = one(r#"[cards."Toll Beacon"]
type = "location"
passive = [{ surcharge = 1, to = { type = "fleet" }, who = "narn" }, { cannot_win = true, who = "minbari" }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("Fleets cost Narn players 1 more to sponsor."),
        "{t}"
    );
    assert!(t.contains("Each Minbari player cannot win"), "{t}");
}

#[test]
fn a_race_is_refused_where_one_player_is_meant() {
    // No faction is of the neutral race.
    refused_naming(
        "[cards.\"E\"]\ntype = \"event\"\ncost = 0\neffects = [{ gain_influence = 1, who = \"neutral\" }]",
        &["gain_influence.who", "unknown player \"neutral\"", "a race"],
    );
    // One player chooses.
    refused_naming(
        "[cards.\"E\"]\ntype = \"event\"\ncost = 0\neffects = [{ choose_one = [[{ draw = 1 }], [{ gain_influence = 1 }]], who = \"narn\" }]",
        &["choose_one.who"],
    );
}
