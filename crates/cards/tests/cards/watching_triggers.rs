//! Triggers that watch the game (issue 25, part 3; card format: Triggers):
//! `sponsored`, `discarded-from-play` and `neutralized` with a `card`
//! selector, `turn-begins`, and `that` naming the card matched and its
//! player; `once` on an action or a trigger. How the loader reads them,
//! how the rules text words them, and what it refuses, naming the field.

use crate::support;
use support::{one, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{CardSel, CardType, Limit, Op, Side, Trigger, Who};

#[test]
fn a_pattern_and_that_read_and_are_worded() {
    let d = one(r#"[cards."Bell"]
type = "location"
cost = 2
triggers = [{ on = "neutralized", card = { type = "character", side = "other" }, effects = [{ lose_power = 1, who = "that" }, { damage = 1, card = "that" }] }]"#);
    let te = &d.triggers[0];
    assert_eq!(te.trigger, Trigger::Neutralized);
    assert_eq!(te.of.as_ref().unwrap().side, Side::Other);
    assert!(matches!(
        te.effects[0].op,
        Op::LosePower { who: Who::That, .. }
    ));
    assert_eq!(te.effects[1].card_sel(), Some(CardSel::That));
    let t = rules_text(&d);
    assert!(
        t.contains("When a character you do not control is neutralized: that card's player loses 1 power; that card takes 1 damage"),
        "{t}"
    );
}

#[test]
fn each_watching_trigger_is_worded() {
    for (on, card, words) in [
        (
            "sponsored",
            r#"card = { type = "fleet" }, "#,
            "When a fleet is sponsored: ",
        ),
        (
            "discarded-from-play",
            r#"card = { type = "character", side = "own" }, "#,
            "When a character you control is discarded from play: ",
        ),
        ("neutralized", "", "When a card is neutralized: "),
        ("turn-begins", "", "At the start of each turn: "),
        (
            "event-played",
            r#"card = { type = "event", side = "other" }, "#,
            "When an event you do not control is played: ",
        ),
        (
            "enters-play",
            r#"card = { type = "character", side = "own" }, "#,
            "When a character you control enters play: ",
        ),
        ("enters-play", "", "When a card enters play: "),
        (
            "card-attacked",
            r#"card = { type = "fleet", side = "own" }, attacker = { type = "fleet" }, "#,
            "When a fleet you control is attacked by a fleet: ",
        ),
        ("card-attacked", "", "When a card is attacked: "),
    ] {
        let d = one(&format!(
            r#"[cards."W"]
type = "group"
cost = 1
triggers = [{{ on = "{on}", {card}effects = [{{ draw = 1 }}] }}]"#
        ));
        let t = rules_text(&d);
        assert!(t.contains(words), "{on}: {t}");
        assert!(d.watches(), "{on}");
    }
}

#[test]
fn what_cannot_mean_anything_is_refused_naming_the_field() {
    let trig = |t: &str| format!("[cards.\"W\"]\ntype = \"location\"\ncost = 2\ntriggers = [{t}]");
    for (t, words) in [
        // A pattern on a trigger about this card or its player.
        (
            r#"{ on = "attacked", card = { type = "fleet" }, effects = [{ draw = 1 }] }"#,
            &["triggers[0].card", "`attacked` is not about other cards"][..],
        ),
        (
            r#"{ on = "turn-begins", card = { type = "fleet" }, effects = [{ draw = 1 }] }"#,
            &["triggers[0].card", "`turn-begins`"],
        ),
        // `that` where nothing was matched.
        (
            r#"{ on = "turn-begins", effects = [{ draw = 1, who = "that" }] }"#,
            &[
                "triggers[0].effects",
                "`that` names the card a watching trigger matched",
            ],
        ),
        (
            r#"{ on = "conflict-won", effects = [{ damage = 1, card = "that" }] }"#,
            &["triggers[0].effects", "`that`"],
        ),
        // A watching trigger has no target of its own.
        (
            r#"{ on = "sponsored", effects = [{ damage = 1, card = "target" }] }"#,
            &["triggers[0].effects", "card = \"target\""],
        ),
        // A discarded card has gone: nothing can happen to it.
        (
            r#"{ on = "discarded-from-play", effects = [{ damage = 1, card = "that" }] }"#,
            &["triggers[0].effects", "already left play"],
        ),
        // Patterns that can never match.
        (
            r#"{ on = "sponsored", card = { type = "event" }, effects = [{ draw = 1 }] }"#,
            &["triggers[0].card"],
        ),
        (
            r#"{ on = "neutralized", card = { type = "enhancement" }, effects = [{ draw = 1 }] }"#,
            &[
                "triggers[0].card.type",
                "only characters, fleets and locations are neutralized",
            ],
        ),
        (
            r#"{ on = "sponsored", card = { type = "aftermath" }, effects = [{ draw = 1 }] }"#,
            &["triggers[0].card.type", "are sponsored"],
        ),
        (
            r#"{ on = "enters-play", card = { type = "contingency" }, effects = [{ draw = 1 }] }"#,
            &["triggers[0].card.type", "enter play", "never put into play"],
        ),
        (
            r#"{ on = "enters-play", effects = [{ damage = 1, card = "target" }] }"#,
            &["triggers[0].effects", "card = \"target\""],
        ),
        // Only events are played; an event is never in play.
        (
            r#"{ on = "event-played", card = { type = "fleet" }, effects = [{ draw = 1 }] }"#,
            &["triggers[0].card.type", "only events are played"],
        ),
        (
            r#"{ on = "event-played", card = { type = "event", rotated = true }, effects = [{ draw = 1 }] }"#,
            &["triggers[0].card.rotated", "an event is never in play"],
        ),
        (
            r#"{ on = "event-played", effects = [{ damage = 1, card = "that" }] }"#,
            &["triggers[0].effects", "never in play"],
        ),
        // Only characters and fleets attack; characters, fleets and
        // locations are attacked; `attacker` is only `card-attacked`'s.
        (
            r#"{ on = "card-attacked", attacker = { type = "location" }, effects = [{ draw = 1 }] }"#,
            &[
                "triggers[0].attacker.type",
                "only characters and fleets attack",
            ],
        ),
        (
            r#"{ on = "card-attacked", card = { type = "group" }, effects = [{ draw = 1 }] }"#,
            &[
                "triggers[0].card.type",
                "only characters, fleets and locations are attacked",
            ],
        ),
        (
            r#"{ on = "enters-play", attacker = { type = "fleet" }, effects = [{ draw = 1 }] }"#,
            &["triggers[0].attacker", "not of `enters-play`"],
        ),
    ] {
        refused_naming(&trig(t), words);
    }
    // `that` outside any trigger.
    refused_naming(
        "[cards.\"E\"]\ntype = \"event\"\ncost = 0\neffects = [{ gain_influence = 1, who = \"that\" }]",
        &["effects", "`that`"],
    );
    // A contingency does not answer the turn beginning; nothing can happen
    // to a card discarded from play.
    refused_naming(
        "[cards.\"C\"]\ntype = \"contingency\"\ncost = 1\nattach = \"character\"\ntrigger = \"turn-begins\"\neffects = [{ draw = 1 }]",
        &["trigger", "no window opens for contingencies", "turn begins"],
    );
    refused_naming(
        "[cards.\"C\"]\ntype = \"contingency\"\ncost = 1\nattach = \"character\"\ntrigger = \"discarded-from-play\"\neffects = [{ rotate = true, card = \"that\" }]",
        &["effects", "already left play"],
    );
    // A contingency's pattern goes with a trigger about cards; the
    // attacker's only with `card-attacked`; `card` in `triggers` is for
    // cards in play.
    let contingency = |rest: &str| {
        format!("[cards.\"C\"]\ntype = \"contingency\"\ncost = 1\nattach = \"character\"\n{rest}\neffects = [{{ draw = 1 }}]")
    };
    refused_naming(
        &contingency("trigger = \"attacked\"\ntrigger_card = { type = \"fleet\" }"),
        &["trigger_card", "not about other cards"],
    );
    refused_naming(
        &contingency("trigger = \"sponsored\"\ntrigger_attacker = { type = \"fleet\" }"),
        &["trigger_attacker", "card-attacked"],
    );
    refused_naming(
        &contingency("trigger = \"sponsored\"\ntrigger_card = { type = \"event\" }"),
        &["trigger_card", "never matches"],
    );
    refused_naming(
        "[cards.\"G\"]\ntype = \"group\"\ncost = 1\ntrigger_card = { type = \"fleet\" }",
        &["trigger_card", "goes with its `trigger`"],
    );
}

#[test]
fn a_contingency_answering_a_trigger_about_a_card_reads_and_is_worded() {
    let d = one(r#"[cards."Quiet Reprisal"]
type = "contingency"
cost = 0
attach = "character"
trigger = "sponsored"
trigger_card = { type = "fleet", side = "other" }
effects = [{ bonus = { military = -2 }, card = "that", duration = "turn" }, { gain_influence = 1, who = "that" }]
"#);
    let te = &d.triggers[0];
    assert_eq!(te.trigger, Trigger::Sponsored);
    assert!(te.of.as_deref().is_some_and(|f| f.side == Side::Other));
    let t = rules_text(&d);
    assert!(
        t.contains("Reveal when a fleet you do not control is sponsored:"),
        "{t}"
    );
    // An attack on one of your fleets by a fleet: both patterns.
    let d = one(r#"[cards."Brace Line"]
type = "contingency"
cost = 0
attach = "fleet"
trigger = "card-attacked"
trigger_card = { type = "fleet", side = "own" }
trigger_attacker = { type = "fleet" }
effects = [{ bonus = { military = -2 }, card = "attacker", duration = "turn" }]
"#);
    assert!(d.triggers[0].attacker.is_some());
    // Its effects have no target: `that` names the card matched.
    refused_naming(
        "[cards.\"C\"]\ntype = \"contingency\"\ncost = 1\nattach = \"character\"\ntrigger = \"enters-play\"\neffects = [{ rotate = true, card = \"target\" }]",
        &["effects", "target"],
    );
}

#[test]
fn once_per_turn_and_per_game_read_are_worded_and_are_checked() {
    let d = one(r#"[cards."Q"]
type = "character"
cost = 2
diplomacy = 1
actions = [{ cost = { rotate = false, influence = 1 }, once = "turn", effects = [{ bonus = { diplomacy = 1 }, card = "this" }] }]
triggers = [{ on = "neutralized", card = { type = "character", side = "own" }, once = "game", effects = [{ draw = 2 }] }]"#);
    assert_eq!(d.actions[0].limit, Some(Limit::Turn));
    assert_eq!(d.triggers[0].limit, Some(Limit::Game));
    let t = rules_text(&d);
    assert!(
        t.contains("Action (only once per turn): apply 1 influence: "),
        "{t}"
    );
    assert!(
        t.contains("When a character you control is neutralized (only once per game): "),
        "{t}"
    );
    refused_naming(
        "[cards.\"Q\"]\ntype = \"group\"\ncost = 1\nactions = [{ once = \"round\", effects = [{ draw = 1 }] }]",
        &["actions[0].once", "unknown limit \"round\"", "turn, game"],
    );
}

#[test]
fn a_trigger_watching_attacks_reads_both_patterns() {
    let d = one(r#"[cards."Watchtower"]
type = "location"
cost = 2
triggers = [{ on = "card-attacked", card = { type = "fleet", side = "own" }, attacker = { type = "fleet" }, effects = [{ gain_influence = 1 }, { bonus = { military = -1 }, card = "attacker", duration = "turn" }] }]
"#);
    let te = &d.triggers[0];
    assert_eq!(te.trigger, Trigger::CardAttacked);
    assert!(te.of.as_deref().is_some_and(|f| f.side == Side::Own));
    assert!(te
        .attacker
        .as_deref()
        .is_some_and(|f| f.allows_type(CardType::Fleet) && !f.allows_type(CardType::Character)));
    assert!(d.watches());
}
