//! The card vocabulary of issue 13 for choices made in the middle of an
//! effect (search, choose, choose one) and for converting marks: as the
//! loader reads them, as the rules text words them, and what the loader
//! refuses, naming the field.

use crate::support;
use support::{one, refused};

use b5_cards::text::rules_text;
use b5_engine::{MarkKind, Op, PickFrom, PickPut, Who};

#[test]
fn a_deck_search_loads_and_reads() {
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ search = "deck", filter = { type = "fleet", race = "narn" } }]"#);
    match &d.effects[0].op {
        Op::Pick {
            from, up_to, put, ..
        } => {
            assert_eq!((*from, *up_to, *put), (PickFrom::Deck, 1, PickPut::Hand));
        }
        op => panic!("{op:?}"),
    }
    assert_eq!(
        rules_text(&d),
        "Search your deck for a Narn fleet and put it into your hand; then shuffle your deck."
    );
}

/// Searching Your Deck, a card text that shows the card found: `show`.
#[test]
fn a_search_that_shows_loads_reads_and_refuses() {
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ search = "deck", filter = { type = "fleet" }, show = true }]"#);
    match &d.effects[0].op {
        Op::Pick { show, .. } => assert!(*show),
        op => panic!("{op:?}"),
    }
    assert_eq!(
        rules_text(&d),
        "Search your deck for a fleet and show it to every player, then put it into your hand; then shuffle your deck."
    );
    for (effects, want) in [
        (
            r#"effects = [{ choose = "hand", show = true }]"#,
            "`show` does not apply to `choose`",
        ),
        (
            r#"effects = [{ search = "deck", filter = { type = "fleet" }, show = false }]"#,
            "search.show",
        ),
        (
            r#"effects = [{ draw = 1, show = true }]"#,
            "`show` does not apply to `draw`",
        ),
    ] {
        let msg = refused(&format!("[cards.\"E\"]\ntype = \"event\"\n{effects}"));
        assert!(msg.contains(want), "{effects}: {msg}");
    }
}

#[test]
fn the_reserve_puts_into_play() {
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ search = "reserve", filter = { type = "character" }, put = "play" }]"#);
    assert_eq!(
        rules_text(&d),
        "Take a character from outside the game (your reserve) and put it into play."
    );
}

#[test]
fn choosing_a_number_of_cards_reads() {
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ choose = "hand", up_to = 2, each = [{ draw = 1 }] }]"#);
    assert_eq!(
        rules_text(&d),
        "Discard up to 2 cards from your hand; for each card so taken: you draw 1 card."
    );
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ choose = "play", filter = { type = "character", ready = true }, each = [{ rotate = true }, { gain_influence = 1, then = true }] }]"#);
    assert_eq!(
        rules_text(&d),
        "Choose any number of your ready characters; for each card chosen: rotate it, then you gain 1 influence."
    );
}

#[test]
fn choose_one_and_convert_read() {
    let d = one(r#"[cards."E"]
type = "event"
target = "player"
effects = [{ choose_one = [[{ gain_influence = 2 }], [{ lose_influence = 1, who = "target" }]] }]"#);
    assert_eq!(
        rules_text(&d),
        "Target a player: choose one: you gain 2 influence; or the target player loses 1 influence."
    );
    let d = one(r#"[cards."E"]
type = "event"
target = "card"
effects = [{ convert_mark = "doom", into = "destiny" }]"#);
    assert_eq!(
        d.effects[0].op,
        Op::ConvertMark {
            from: MarkKind::Doom,
            to: MarkKind::Destiny,
            card: b5_engine::CardSel::Target,
            count: 1
        }
    );
    assert_eq!(
        rules_text(&d),
        "Target one of the cards: replace a Doom mark on the target card with a Destiny mark."
    );
}

#[test]
fn the_loader_refuses_choices_that_can_never_work() {
    let cases: &[(&str, &str)] = &[
        (
            r#"effects = [{ search = "hand" }]"#,
            "effects.search: unknown pile \"hand\"",
        ),
        (
            r#"effects = [{ choose = "deck" }]"#,
            "effects.choose: unknown place \"deck\"",
        ),
        (
            r#"effects = [{ search = "deck", filter = { type = "fleet", rotated = true } }]"#,
            "effects.search.filter.rotated: never matches",
        ),
        (
            r#"effects = [{ search = "deck", filter = { type = "event" }, put = "play" }]"#,
            "effects.search.filter.type: never matches",
        ),
        (
            r#"effects = [{ search = "deck", put = "play" }]"#,
            "effects.search.filter.type:",
        ),
        (
            r#"effects = [{ choose = "play", put = "hand" }]"#,
            "effects.choose.put:",
        ),
        (
            r#"effects = [{ search = "deck", each = [{ rotate = true }] }]"#,
            "effects.search.each:",
        ),
        (
            r#"effects = [{ choose = "hand", each = [{ choose = "hand" }] }]"#,
            "effects.choose.each:",
        ),
        (
            r#"effects = [{ search = "deck" }, { draw = 1 }]"#,
            "must be the last effect",
        ),
        (
            r#"effects = [{ choose_one = [[{ draw = 1 }]] }]"#,
            "effects.choose_one: \"choose one\" needs at least two modes",
        ),
        (
            r#"effects = [{ choose_one = [[{ draw = 1 }], [{ search = "deck" }]] }]"#,
            "effects.choose_one.1:",
        ),
        (
            r#"effects = [{ convert_mark = "doom", card = "this" }]"#,
            "effects.convert_mark.into:",
        ),
        (
            r#"effects = [{ convert_mark = "doom", into = "doom", card = "this" }]"#,
            "effects.convert_mark.into:",
        ),
        (
            r#"effects = [{ draw = 1, put = "hand" }]"#,
            "`put` does not apply to `draw`",
        ),
    ];
    for (effects, want) in cases {
        let msg = refused(&format!("[cards.\"E\"]\ntype = \"event\"\n{effects}"));
        assert!(
            msg.contains(want),
            "{effects}\n  gave: {msg}\n  want: {want}"
        );
    }
}

#[test]
fn vote_rules_read_and_refuse() {
    let d = one(r#"[cards."E"]
type = "event"
target = "race"
effects = [{ vote_rule = "cast-votes-of", who = "target" }, { vote = "babylon5", pass = [{ gain_influence = 2 }] }]"#);
    assert_eq!(
        rules_text(&d),
        "Target a race: in the next vote, you cast the votes of the target player; call a Babylon 5 vote; if it passes, you gain 2 influence."
    );
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ vote_rule = "extra-yes", count = 2 }, { vote = "player" }]"#);
    assert_eq!(
        d.effects[0].op,
        Op::VoteRule {
            rule: b5_engine::VoteRule::ExtraYes(2),
            who: b5_engine::Who::Me,
            babylon5: false
        }
    );
    let d = one(r#"[cards."G"]
type = "group"
cost = 1
actions = [{ cost = { rotate = true }, effects = [{ vote_rule = "counts-twice", who = "self", next = "babylon5" }] }]"#);
    assert!(
        rules_text(&d).contains("in the next Babylon 5 vote, your votes count twice"),
        "{}",
        rules_text(&d)
    );
    let cases: &[(&str, &str)] = &[
        (
            r#"effects = [{ vote_rule = "cast-votes-of", who = "self" }]"#,
            "effects.vote_rule.who:",
        ),
        (
            r#"effects = [{ vote_rule = "counts-twice", count = 2 }]"#,
            "effects.vote_rule.count:",
        ),
        (
            r#"effects = [{ vote_rule = "extra-yes", who = "each" }]"#,
            "effects.vote_rule.who:",
        ),
        (
            r#"effects = [{ vote_rule = "extra-no", next = "player" }]"#,
            "effects.vote_rule.next: unknown vote `player`",
        ),
        (
            r#"effects = [{ draw = 1, next = "babylon5" }]"#,
            "`next` does not apply to `draw`",
        ),
        (
            r#"effects = [{ vote_rule = "veto" }]"#,
            "effects.vote_rule: unknown vote rule \"veto\"",
        ),
        (
            r#"effects = [{ vote_rule = "cannot-vote", who = "target" }]"#,
            "who = \"target\"",
        ),
    ];
    for (effects, want) in cases {
        let msg = refused(&format!("[cards.\"E\"]\ntype = \"event\"\n{effects}"));
        assert!(
            msg.contains(want),
            "{effects}\n  gave: {msg}\n  want: {want}"
        );
    }
}

#[test]
fn only_one_applies_to_enhancements() {
    let d = one(r#"[cards."E"]
type = "enhancement"
attach = "fleet"
keywords = ["armor", "only one armor"]"#);
    assert!(d.has_keyword("only one armor"));
    let msg = refused(
        r#"[cards."E"]
type = "event"
keywords = ["only one armor"]"#,
    );
    assert!(
        msg.contains("keywords") && msg.contains("applies only to enhancements"),
        "{msg}"
    );
    let msg = refused(
        r#"[cards."E"]
type = "enhancement"
attach = "fleet"
keywords = ["only one"]"#,
    );
    assert!(msg.contains("needs the keyword of the kind"), "{msg}");
}

#[test]
fn one_player_of_your_choice_loads_and_reads() {
    let d = one(r#"[cards."E"]
type = "event"
target = "player"
effects = [{ choose_player = "others", at_war_with = "target", each = [{ peace = true, who = "target", with = "chosen" }] }]
"#);
    match &d.effects[0].op {
        Op::ChoosePlayer {
            among,
            except,
            at_war_with,
            chooser,
            each,
        } => {
            assert_eq!(*among, Who::Others);
            assert_eq!(*except, None);
            assert_eq!(*at_war_with, Some(Who::Target));
            assert_eq!(*chooser, Who::Me);
            assert!(matches!(
                each[0].op,
                Op::Peace {
                    who: Who::Target,
                    with: Who::Chosen
                }
            ));
        }
        op => panic!("{op:?}"),
    }
    assert_eq!(
        rules_text(&d),
        "Target a player: choose another player at war with the target player; the war between the target player and the chosen player ends."
    );
    // "The target player chooses another player, not you: your tension
    // toward the chosen player drops by 1."
    let d = one(r#"[cards."E"]
type = "event"
target = "player"
effects = [{ choose_player = "each", except = "self", who = "target", each = [{ tension = -1, toward = "chosen" }, { draw = 1, who = "chosen" }] }]
"#);
    assert_eq!(
        rules_text(&d),
        "Target a player: the target player chooses a player other than you; your tension toward the chosen player falls by 1; the chosen player draws 1 card."
    );
    // The player chosen in a number, a condition and a transfer's `to`.
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ choose_player = "others", each = [
  { gain_influence = { power = "chosen", half = true, round = "down", at_most = 3 } },
  { transfer_power = 1, to = "chosen", if = { at_least = [{ influence = "chosen" }, { influence = "self" }] } },
] }]
"#);
    let Op::ChoosePlayer { each, .. } = &d.effects[0].op else {
        panic!("{:?}", d.effects[0].op)
    };
    assert!(each[0].amount.as_ref().unwrap().uses_who(Who::Chosen));
    assert!(matches!(
        each[1].op,
        Op::TransferPower {
            to: Who::Chosen,
            ..
        }
    ));
    assert!(each[1].condition.as_ref().unwrap().uses_who(Who::Chosen));
    let text = rules_text(&d);
    assert!(
        text.contains("half the chosen player's power")
            && text.contains("the chosen player's Influence Rating")
            && text.contains("to the chosen player"),
        "{text}"
    );
    // A condition alone may name him.
    one(r#"[cards."E"]
type = "event"
effects = [{ choose_player = "others", each = [{ draw = 1, if = { tension = { who = "chosen", toward = "self", at_least = 3 } } }] }]
"#);
}

#[test]
fn the_loader_refuses_a_player_choice_that_can_never_work() {
    let cases: &[(&str, &str)] = &[
        (
            r#"effects = [{ peace = true, with = "chosen" }]"#,
            "effects.peace.with: `chosen` names the player a `choose_player` chose",
        ),
        (
            r#"effects = [{ draw = 1, who = "chosen" }]"#,
            "effects.draw.who: `chosen`",
        ),
        (
            r#"effects = [{ choose_player = "self", each = [{ draw = 1, who = "chosen" }] }]"#,
            "effects.choose_player: `self` names one player",
        ),
        (
            r#"effects = [{ choose_player = "others", except = "others", each = [{ draw = 1, who = "chosen" }] }]"#,
            "effects.choose_player.except: never matches",
        ),
        (
            r#"effects = [{ choose_player = "others" }]"#,
            "effects.choose_player.each: name what happens",
        ),
        (
            r#"effects = [{ choose_player = "others", each = [{ draw = 1 }] }]"#,
            "effects.choose_player.each: no effect names the player chosen",
        ),
        (
            r#"effects = [{ choose_player = "others", each = [{ choose_player = "each", each = [{ draw = 1, who = "chosen" }] }] }]"#,
            "effects.choose_player.each: `each` cannot hold",
        ),
        (
            r#"effects = [{ choose_player = "others", each = [{ draw = 1, who = "chosen" }] }, { draw = 1 }]"#,
            "must be the last effect",
        ),
        (
            r#"effects = [{ choose_player = "others", who = "each", each = [{ draw = 1, who = "chosen" }] }]"#,
            "effects.choose_player.who: one player chooses",
        ),
        (
            r#"effects = [{ choose_player = "others", who = "target", each = [{ draw = 1, who = "chosen" }] }]"#,
            "refers to who = \"target\" but the card has no target",
        ),
        (
            r#"effects = [{ gain_influence = { power = "chosen" } }]"#,
            "effects.gain_influence: `chosen` names the player a `choose_player` chose",
        ),
        (
            r#"effects = [{ bonus = { military = 1 }, card = "target", amount = { hand = "chosen" } }]"#,
            "effects.bonus.amount: `chosen`",
        ),
        (
            r#"effects = [{ draw = 1, if = { tension = { who = "chosen", at_least = 2 } } }]"#,
            "effects.draw.if: `chosen`",
        ),
        (
            r#"requires = [{ at_least = [{ power = "chosen" }, 3] }]
effects = [{ draw = 1 }]"#,
            "requires[0]: `chosen`",
        ),
        (
            r#"effects = [{ transfer_power = 1, to = "chosen" }]"#,
            "effects.transfer_power.to: `chosen`",
        ),
        (
            r#"effects = [{ draw = 1, if = { tension = { who = "self", toward = "target", at_least = 2 } } }]"#,
            "refers to who = \"target\" but the card has no target",
        ),
        (
            r#"effects = [{ draw = 1, except = "self" }]"#,
            "`except` does not apply to `draw`",
        ),
    ];
    for (effects, want) in cases {
        let msg = refused(&format!("[cards.\"E\"]\ntype = \"event\"\n{effects}"));
        assert!(
            msg.contains(want),
            "{effects}\n  gave: {msg}\n  want: {want}"
        );
    }
}

/// What follows a choice (`after`), naming the cards chosen (`chosen`):
/// "discard any number of cards, then draw that many" (issue 25, part 1).
#[test]
fn what_follows_a_choice_loads_reads_and_refuses() {
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ choose = "hand", put = "discard", after = [{ draw = { cards = "chosen" } }] }]"#);
    match &d.effects[0].op {
        Op::Pick { after, each, .. } => assert_eq!((after.len(), each.len()), (1, 0)),
        op => panic!("{op:?}"),
    }
    assert_eq!(
        rules_text(&d),
        "Discard any number of cards from your hand. Then you draw X cards, where X is the number of cards chosen this way."
    );
    let d = one(r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "fleet", side = "other" }
effects = [{ choose = "play", filter = { type = "fleet", ready = true }, each = [{ rotate = true, card = "target" }], after = [{ bonus = { military = 1 }, card = "chosen", duration = "turn" }, { bonus = { military = -1 }, card = "target", amount = { cards = "chosen" }, duration = "turn" }] }]"#);
    let text = rules_text(&d);
    assert!(
        text.contains("Then each card chosen this way gets +1 Military until the end of the turn"),
        "{text}"
    );
    for (effects, want) in [
        (
            r#"effects = [{ draw = { cards = "chosen" } }]"#,
            "effects.draw: `chosen` names the cards a `choose` or `search` chose",
        ),
        (
            r#"effects = [{ choose = "hand", each = [{ draw = { cards = "chosen" } }] }]"#,
            "effects.choose.each.draw: `chosen` names the cards",
        ),
        (
            r#"effects = [{ choose = "hand", after = [] }]"#,
            "effects.choose.after: name what happens once the choosing ends",
        ),
        (
            r#"effects = [{ choose = "hand", after = [{ choose_one = [[{ draw = 1 }], [{ gain_influence = 1 }]] }] }]"#,
            "effects.choose.after: `after` cannot hold",
        ),
        (
            r#"effects = [{ choose = "hand", after = [{ draw = 1, who = "target" }] }]"#,
            "refers to who = \"target\" but the card has no target",
        ),
        (
            r#"effects = [{ choose_one = [[{ draw = 1 }], [{ gain_influence = 1 }]], after = [{ draw = 1 }] }]"#,
            "`after` does not apply to `choose_one`",
        ),
        (
            r#"effects = [{ draw = { cards = "this" } }]"#,
            "effects.draw.cards: `cards` counts the cards on a side of the conflict",
        ),
    ] {
        let msg = refused(&format!("[cards.\"E\"]\ntype = \"event\"\n{effects}"));
        assert!(
            msg.contains(want),
            "{effects}\n  gave: {msg}\n  want: {want}"
        );
    }
}
