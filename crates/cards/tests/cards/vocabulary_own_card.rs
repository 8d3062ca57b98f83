//! Issue 23: card text that names its own card, and the text of lasting
//! restrictions and set abilities. What the loader reads, how the rules
//! text words it, and what it refuses, naming the field: a card's "while
//! this card is in play" only where the card is in play when the effect
//! happens; a conflict returning itself to the hand (rulings 7.4) only
//! where it can; a lasting `cannot` without `to` is "this card"; a set
//! ability changes the printed ability (Modifying abilities).

use crate::support;
use support::{one, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{CardSel, Op, Passive};

#[test]
fn while_in_play_is_refused_where_the_card_is_not_in_play() {
    // A conflict card is never in play: the blank would last the turn.
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "intrigue"
target = "card"
won = [{ gain_influence = 1 }, { blank = true, duration = "while-in-play" }]"#,
        &["won[1].duration", "while-in-play", "never in play"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "intrigue"
target = "card"
won_by_3 = [{ later = "end-of-turn", effects = [{ bonus = { intrigue = 1 }, duration = "while-in-play" }] }]"#,
        &["won_by_3[0].duration", "never in play"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ bonus = { diplomacy = 1 }, duration = "while-in-play" }]"#,
        &[
            "effects[0].duration",
            "discard pile as soon as it is played",
        ],
    );
    refused_naming(
        r#"[cards."T"]
type = "contingency"
attach = "character"
trigger = "attacked"
effects = [{ bonus = { military = 1 }, card = "attached", duration = "while-in-play" }]"#,
        &["effects[0].duration", "once it is revealed"],
    );
    refused_naming(
        r#"[cards."L"]
type = "location"
cost = 1
triggers = [{ on = "leaves-play", effects = [{ influence_rating = 1, duration = "while-in-play" }] }]"#,
        &["triggers[0].effects[0].duration", "left play"],
    );
    refused_naming(
        r#"[cards."G"]
type = "group"
cost = 1
actions = [{ cost = { discard = true }, effects = [{ influence_rating = 1, duration = "while-in-play" }] }]"#,
        &["actions[0].effects[0].duration", "discards this card"],
    );
    // A card in play may: its action, or a conflict it generates.
    one(r#"[cards."G"]
type = "group"
cost = 1
actions = [{ effects = [{ influence_rating = 1, duration = "while-in-play" }] }]"#);
    one(r#"[cards."A"]
type = "agenda"
conflict = "diplomacy"
target = "card"
won = [{ blank = true, duration = "while-in-play" }]"#);
}

#[test]
fn a_conflict_returns_itself_to_the_hand_only_where_it_can() {
    let d = one(r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
won = [{ gain_influence = 1 }, { return_to_hand = true, card = "this" }]"#);
    assert_eq!(
        d.won[1].op,
        Op::ReturnToHand {
            card: CardSel::This
        }
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
initiated = [{ return_to_hand = true, card = "this" }]"#,
        &["initiated[0].return_to_hand", "won, lost or resolution"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
won = [{ later = "end-of-turn", effects = [{ return_to_hand = true, card = "this" }] }]"#,
        &["won[0].later", "discarded"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
becomes_enhancement = "target-ambassador"
bonus = { diplomacy = -1 }
won = [{ return_to_hand = true, card = "this" }]"#,
        &["won[0].return_to_hand", "becomes_enhancement"],
    );
    // Lost, it is not attached: it may return then.
    one(r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
becomes_enhancement = "target-ambassador"
bonus = { diplomacy = -1 }
lost = [{ return_to_hand = true, card = "this" }]"#);
}

#[test]
fn a_lasting_restriction_without_to_is_this_card() {
    let c = one(r#"[cards."C"]
type = "character"
cost = 2
intrigue = 2
passive = [{ cannot = "be-targeted" }]"#);
    assert!(matches!(
        &c.passives[0],
        Passive::Cannot { filter: None, .. }
    ));
    assert!(
        rules_text(&c).contains("This card cannot be targeted"),
        "{}",
        rules_text(&c)
    );
    let e = one(r#"[cards."E"]
type = "enhancement"
cost = 1
passive = [{ cannot = "be-targeted" }]"#);
    assert!(
        rules_text(&e).contains("The card it is on cannot be targeted"),
        "{}",
        rules_text(&e)
    );
    let g = one(r#"[cards."G"]
type = "group"
cost = 1
passive = [{ cannot = "be-targeted", to = { type = "character", side = "own" } }]"#);
    assert!(matches!(
        &g.passives[0],
        Passive::Cannot {
            filter: Some(_),
            ..
        }
    ));
}

#[test]
fn a_set_ability_reads_as_a_change_to_the_printed_ability() {
    let d = one(r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "character" }
effects = [{ set = { diplomacy = 1 } }]"#);
    assert!(
        rules_text(&d)
            .contains("the target card's printed Diplomacy becomes 1 until the end of the turn"),
        "{}",
        rules_text(&d)
    );
}

#[test]
fn a_conflict_card_names_itself_only_to_return_to_the_hand() {
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
won = [{ gain_influence = 1 }, { mark = "destiny", card = "this" }]"#,
        &["won[1].card", "only `return_to_hand`"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
lost = [{ choose_one = [[{ draw = 1 }], [{ discard = true, card = "this" }]] }]"#,
        &["lost[0].card", "never in play"],
    );
    // A conflict an agenda generates names the agenda, which is in play.
    one(r#"[cards."A"]
type = "agenda"
conflict = "diplomacy"
target = "player"
won = [{ mark = "destiny", card = "this" }]"#);
}
