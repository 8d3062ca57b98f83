//! The card vocabulary of issue 13: amounts, restrictions, triggers,
//! filters and delayed effects, as the loader reads them and as the rules
//! text words them; and what the loader refuses, naming the field.

use crate::support;
use support::{one, refused, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{Amount, AmountBase, CardSel, Op, Rounding, Who};

/// Every card file in `cases` is refused with an error containing its text.
#[track_caller]
fn assert_all_refused(cases: &[(&str, &str)]) {
    for &(toml, want) in cases {
        let e = refused(toml);
        assert!(e.contains(want), "expected «{want}» in «{e}»");
    }
}

/// A card file of one event, "E", with these further lines.
macro_rules! event {
    ($rest:expr) => {
        concat!("[cards.\"E\"]\ntype = \"event\"\n", $rest)
    };
}

/// An event that discards a card matching the target filter `$filter`.
macro_rules! discard_filtered {
    ($filter:expr) => {
        concat!(
            "[cards.\"E\"]\ntype = \"event\"\ntarget = \"card\"\ntarget_filter = ",
            $filter,
            "\neffects = [{ discard = true }]"
        )
    };
}

// ---- Amounts ---------------------------------------------------------------

#[test]
fn a_plain_integer_stays_exactly_as_before() {
    let d = one(event!(
        r#"effects = [{ gain_influence = 2 }, { tension = -1, toward = "each" }]"#
    ));
    assert_eq!(d.effects[0].op, Op::GainInfluence { n: 2, who: Who::Me });
    assert!(d.effects.iter().all(|e| e.amount.is_none()));
    assert_eq!(
        rules_text(&d),
        "You gain 2 influence; your tension toward every player falls by 1."
    );
}

#[test]
fn half_a_cards_psi_reads_and_loads() {
    let d = one(event!(
        r#"target = "card"
effects = [{ damage = { half_of = { ability = "psi", of = "target" }, round = "down" } }]"#
    ));
    let a = d.effects[0].amount.as_ref().expect("an amount");
    assert_eq!(a.half, Some(Rounding::Down));
    assert!(matches!(&a.base, AmountBase::Sum(v) if matches!(v[0].base,
        AmountBase::Ability { card: CardSel::Target, printed: false, .. })));
    assert_eq!(
        rules_text(&d),
        "Target one of the cards: the target card takes X damage, where X is half the target card's Psi, rounded down."
    );
}

#[test]
fn arithmetic_applies_times_half_plus_then_bounds() {
    let mut a = Amount::of(AmountBase::Const(0));
    a.times = 3;
    a.half = Some(Rounding::Up);
    a.plus = 1;
    a.at_most = Some(5);
    // 3 * 3 = 9, half rounded up 5, plus 1 = 6, at most 5.
    assert_eq!(a.finish(3), 5);
    a.at_most = None;
    assert_eq!(a.finish(3), 6);
    a.half = Some(Rounding::Down);
    assert_eq!(a.finish(3), 5);
    a.at_least = Some(9);
    assert_eq!(a.finish(3), 9);
}

#[test]
fn amounts_name_their_sources_in_the_rules_text() {
    let d = one(event!(
        r#"target = "player"
effects = [
  { gain_influence = { sum = [{ power = "target" }, 1] } },
  { draw = { influence = "self", at_least = 1, at_most = 3 } },
  { bonus = { military = 1 }, card = "ambassador", amount = { ability = "military", of = "ambassador", who = "target", printed = true, times = 2 } },
  { lose_influence = { spent = "target", half = true }, who = "target" },
]"#
    ));
    let t = rules_text(&d);
    assert!(
        t.contains("where X is half the influence the target player applied this turn"),
        "{t}"
    );
    assert!(
        t.contains("you gain X influence, where X is the sum of the target player's power and 1"),
        "{t}"
    );
    assert!(
        t.contains("you draw X cards, where X is your Influence Rating (at least 1) (at most 3)"),
        "{t}"
    );
    assert!(
        t.contains("gets +X Military until the end of the turn, where X is twice the target player's ambassador's printed Military"),
        "{t}"
    );
}

#[test]
fn amounts_read_a_cards_marks_damage_cost_and_sides() {
    let d = one(event!(
        r#"target = "card"
target_filter = { type = "character" }
effects = [
  { gain_influence = { marks = "doom", of = "target" } },
  { draw = { damage = "target", at_most = 2 } },
  { lose_influence = { cost = "target", half = true, round = "down" }, who = "self" },
]"#
    ));
    let bases: Vec<&AmountBase> = d
        .effects
        .iter()
        .map(|e| &e.amount.as_ref().expect("an amount").base)
        .collect();
    assert_eq!(
        bases,
        [
            &AmountBase::Marks(b5_engine::MarkKind::Doom, CardSel::Target),
            &AmountBase::Damage(CardSel::Target),
            &AmountBase::Cost(CardSel::Target),
        ]
    );
    let t = rules_text(&d);
    for words in [
        "where X is the number of Doom Marks on the target card",
        "where X is the damage on the target card (at most 2)",
        "where X is half the target card's printed cost, rounded down",
    ] {
        assert!(t.contains(words), "{words}: {t}");
    }
    let d = one(r#"[cards."C"]
type = "conflict"
conflict = "military"
target = "player"
won = [{ gain_influence = { cards = "opposers" } }]"#);
    assert_eq!(
        d.won[0].amount.as_ref().map(|a| &a.base),
        Some(&AmountBase::Cards(CardSel::Opposers))
    );
    assert!(rules_text(&d).contains("the number of opposing cards"));
    // Each names the card it reads; a card target must exist.
    refused_naming(
        event!(r#"effects = [{ draw = { marks = "doom", of = "target" } }]"#),
        &["the card has no card target"],
    );
    refused_naming(
        event!(r#"effects = [{ draw = { marks = "glory" } }]"#),
        &["effects.draw.marks", "glory"],
    );
    refused_naming(
        event!(r#"effects = [{ draw = { damage = "this", printed = true } }]"#),
        &["effects.draw.printed", "goes with `ability`"],
    );
    refused_naming(
        event!(r#"effects = [{ draw = { cost = "this", of = "target" } }]"#),
        &["`of` and `who` go with `ability` or `marks`"],
    );
    refused_naming(
        event!(r#"effects = [{ draw = { cards = "this" } }]"#),
        &["effects.draw.cards", "supporters or opposers"],
    );
}

#[test]
fn the_loader_refuses_bad_amounts_naming_the_field() {
    let cases = [
        (
            event!(r#"effects = [{ draw = { ability = "psi", influence = "self" } }]"#),
            "cards.\"E\".effects.draw: an amount has exactly one of",
        ),
        (
            event!(r#"effects = [{ draw = {} }]"#),
            "an amount needs exactly one of",
        ),
        (
            event!(r#"effects = [{ draw = { ability = "charm" } }]"#),
            "effects.draw.ability: unknown ability \"charm\"",
        ),
        (
            event!(r#"effects = [{ draw = { influence = "me" } }]"#),
            "effects.draw.influence: unknown player or force \"me\"",
        ),
        (
            event!(r#"effects = [{ draw = { spent = "someone" } }]"#),
            "effects.draw.spent: unknown",
        ),
        (
            event!(r#"effects = [{ draw = { per_margin = 0 } }]"#),
            "effects.draw.per_margin: 0 is out of range (1 to 255)",
        ),
        (
            event!(r#"effects = [{ draw = { power = "self", round = "down" } }]"#),
            "effects.draw.round: `round` goes with `half` or `half_of`",
        ),
        (
            event!(r#"effects = [{ draw = { power = "self", at_least = 3, at_most = 2 } }]"#),
            "effects.draw.at_most: at_most 2 is below at_least 3",
        ),
        (
            event!(r#"effects = [{ draw = { power = "self", bogus = 1 } }]"#),
            "unknown field `bogus`",
        ),
        (
            event!(r#"effects = [{ draw = 300 }]"#),
            "effects.draw: 300 is out of range (0 to 255)",
        ),
        (
            event!(r#"effects = [{ draw = { ability = "psi", of = "target" } }]"#),
            "the card has no card target",
        ),
        (
            event!(r#"effects = [{ draw = 1, amount = 2 }]"#),
            "`amount` does not apply to `draw`",
        ),
        (
            event!(r#"effects = [{ draw = { influence = "target" } }]"#),
            "refers to who = \"target\" but the card has no target",
        ),
    ];
    assert_all_refused(&cases);
}

// ---- Restrictions ----------------------------------------------------------

#[test]
fn restrictions_load_and_read_as_players_write_them() {
    let d = one(event!(
        r#"target = "player"
effects = [{ cannot = "declare-conflicts", who = "target", duration = "permanent" }]"#
    ));
    assert!(matches!(
        d.effects[0].op,
        Op::Restrict {
            what: b5_engine::Cannot::DeclareConflicts,
            who: Who::Target,
            duration: b5_engine::Duration::Permanent,
            ..
        }
    ));
    assert_eq!(
        rules_text(&d),
        "Target a player: the target player cannot declare conflicts for the rest of the game."
    );
    let g = one(r#"[cards."G"]
type = "group"
cost = 2
passive = [{ cannot = "be-promoted", to = { type = "character", side = "own" } }, { cannot = "declare-conflicts" }]"#);
    assert_eq!(
        rules_text(&g),
        "Characters you control cannot be promoted to the Inner Circle. Your opponents cannot declare conflicts."
    );
}

#[test]
fn the_loader_refuses_bad_restrictions_naming_the_field() {
    let cases = [
        (
            event!(r#"effects = [{ cannot = "be-sad", card = "this" }]"#),
            "effects.cannot: unknown restriction \"be-sad\" (expected one of: be-promoted",
        ),
        (
            event!(
                r#"target = "card"
effects = [{ cannot = "participate", duration = "printed" }]"#
            ),
            "effects.cannot.duration: a restriction has no printed value",
        ),
        (
            event!(
                r#"target = "card"
effects = [{ cannot = "declare-conflicts", card = "target" }]"#
            ),
            "effects.cannot.card: `declare-conflicts` restricts players",
        ),
        (
            r#"[cards."C"]
type = "conflict"
conflict = "military"
target = "player"
won = [{ cannot = "participate-in-this-conflict", card = "ambassador", who = "target", duration = "turn" }]"#,
            "won.cannot.duration: participate-in-this-conflict lasts until the conflict resolves",
        ),
        (
            r#"[cards."G"]
type = "group"
passive = [{ cannot = "declare-conflicts", to = { type = "character" } }]"#,
            "passive[0].to: `declare-conflicts` restricts players",
        ),
        (
            r#"[cards."G"]
type = "group"
passive = [{ cannot = "declare-conflicts", who = "target" }]"#,
            "passive[0].who: a lasting effect names self, others or each",
        ),
        (
            r#"[cards."G"]
type = "group"
passive = [{ extra_draw = 1, who = "self" }]"#,
            "passive[0].who: `who` goes with `cannot`",
        ),
        (
            r#"[cards."G"]
type = "group"
passive = [{ cannot = "participate-in-this-conflict" }]"#,
            "passive[0].cannot: participate-in-this-conflict is an effect of a conflict",
        ),
    ];
    assert_all_refused(&cases);
}

// ---- Triggers --------------------------------------------------------------

#[test]
fn the_new_triggers_load_and_read() {
    let d = one(r#"[cards."F"]
type = "fleet"
cost = 2
military = 2
triggers = [{ on = "survived-attack", effects = [{ gain_power = 1 }] }, { on = "leaves-play", effects = [{ draw = 1 }] }]"#);
    assert_eq!(
        rules_text(&d),
        "When it survives an attack (not neutralized): you gain 1 power. When it leaves play: you draw 1 card."
    );
    for on in [
        "attack-in-conflict",
        "contested-war-won",
        "fleet-neutralized",
    ] {
        one(&format!(
            "[cards.\"G\"]\ntype = \"group\"\ncost = 1\ntriggers = [{{ on = \"{on}\", effects = [{{ draw = 1 }}] }}]"
        ));
    }
}

#[test]
fn the_loader_refuses_triggers_a_card_never_sees() {
    let cases = [
        (
            r#"[cards."L"]
type = "location"
triggers = [{ on = "attacks", effects = [{ draw = 1 }] }]"#,
            "triggers[0].on: `attacks` can never happen to a location: only characters and fleets attack",
        ),
        (
            r#"[cards."A"]
type = "agenda"
triggers = [{ on = "attacked", effects = [{ draw = 1 }] }]"#,
            "triggers[0].on: `attacked` can never happen to an agenda",
        ),
        (
            r#"[cards."G"]
type = "group"
triggers = [{ on = "survived-attack", effects = [{ draw = 1 }] }]"#,
            "`survived-attack` can never happen to a group",
        ),
        (
            r#"[cards."E"]
type = "enhancement"
attach = "location"
triggers = [{ on = "neutralized-target", effects = [{ draw = 1 }] }]"#,
            "`neutralized-target` can never happen to an enhancement on a location",
        ),
        (
            r#"[cards."C"]
type = "contingency"
attach = "faction"
trigger = "attacked"
effects = [{ draw = 1 }]"#,
            "cards.\"C\".trigger: `attacked` can never happen to a contingency on a faction",
        ),
        (
            r#"[cards."C"]
type = "contingency"
trigger = "leaves-play"
effects = [{ draw = 1 }]"#,
            "a contingency leaves play with the card it is on",
        ),
        (
            r#"[cards."X"]
type = "character"
triggers = [{ on = "leaves-play", rotate = true, effects = [{ draw = 1 }] }]"#,
            "triggers[0].rotate: a card leaving play cannot rotate",
        ),
    ];
    assert_all_refused(&cases);
}

// ---- Filters ---------------------------------------------------------------

#[test]
fn the_new_filters_load_and_read() {
    let d = one(event!(
        r#"target = "card"
target_filter = { type = "character", not_race = "narn", at_least = { psi = 2 }, at_most = { military = 3 }, conflict = "intrigue" }
effects = [{ damage = 1 }]"#
    ));
    let f = &d.filter;
    assert_eq!(f.not_race, Some(b5_engine::Race::Narn));
    assert_eq!(f.at_least, Some((b5_engine::Ability::Psi, 2)));
    assert_eq!(f.conflict, Some(b5_engine::Ability::Intrigue));
    assert_eq!(
        rules_text(&d),
        "Target one of the non-Narn characters with Psi 2 or more with Military 3 or less taking part in an Intrigue conflict: the target card takes 1 damage."
    );
    let a = one(r#"[cards."A"]
type = "event"
target = "card"
target_filter = { type = ["aftermath", "contingency"], attached_to = "own" }
effects = [{ discard = true }]"#);
    assert!(
        rules_text(&a).starts_with(
            "Target one of the aftermaths or contingencies attached to a card you control"
        ),
        "{}",
        rules_text(&a)
    );
}

#[test]
fn the_loader_refuses_filters_that_never_match() {
    let cases = [
        (
            discard_filtered!(r#"{ type = "event" }"#),
            "target_filter.type: never matches: an event is never in play as a card to target",
        ),
        (
            discard_filtered!(r#"{ race = "narn", not_race = "narn" }"#),
            "target_filter.not_race: never matches: it names the same race as `race`",
        ),
        (
            discard_filtered!(r#"{ ready = true, rotated = true }"#),
            "target_filter.ready: never matches: a ready card is never rotated",
        ),
        (
            discard_filtered!(r#"{ at_least = { psi = 4 }, at_most = { psi = 2 } }"#),
            "target_filter.at_most: never matches: Psi at least 4 and at most 2",
        ),
        (
            discard_filtered!(r#"{ type = "fleet", row = "inner-circle" }"#),
            "target_filter.row: never matches: only characters sit in the Inner Circle",
        ),
        (
            discard_filtered!(r#"{ type = "agenda", damaged = true }"#),
            "target_filter.type: never matches: agendas and attached cards are never damaged",
        ),
        (
            discard_filtered!(r#"{ type = "character", attached_to = "own" }"#),
            "target_filter.attached_to: never matches: only enhancements, aftermaths and contingencies",
        ),
        (
            discard_filtered!(r#"{ type = "enhancement", conflict = "military" }"#),
            "target_filter.conflict: never matches: only characters, fleets and locations take part",
        ),
        (
            r#"[cards."C"]
type = "conflict"
conflict = "psi"
participants = { type = "enhancement" }"#,
            "participants.type: never matches: only characters, fleets and locations take part in conflicts",
        ),
        (
            r#"[cards."G"]
type = "group"
passive = [{ bonus = { psi = 1 }, to = { ready = true, neutralized = true } }]"#,
            "passive[0].to.ready: never matches: a ready card is never neutralized",
        ),
        (
            discard_filtered!(r#"{ at_least = { psi = 1, military = 1 } }"#),
            "target_filter.at_least: name exactly one ability",
        ),
        (
            discard_filtered!(r#"{ attached_to = "mine" }"#),
            "target_filter.attached_to: unknown side \"mine\"",
        ),
    ];
    assert_all_refused(&cases);
}

// ---- Delayed effects -------------------------------------------------------

#[test]
fn delayed_effects_load_read_and_are_checked() {
    let d = one(event!(
        r#"target = "player"
effects = [{ later = "start-of-next-turn", effects = [{ lose_influence = 1, who = "target" }] }]"#
    ));
    assert!(matches!(
        &d.effects[0].op,
        Op::Delayed { when: b5_engine::When::StartOfNextTurn, effects } if effects.len() == 1
    ));
    assert_eq!(
        rules_text(&d),
        "Target a player: at the start of the next turn: the target player loses 1 influence."
    );
    let cases = [
        (
            event!(r#"effects = [{ later = "tomorrow", effects = [{ draw = 1 }] }]"#),
            "effects.later: unknown time \"tomorrow\" (expected one of: end-of-turn, start-of-next-turn)",
        ),
        (
            event!(r#"effects = [{ later = "end-of-turn" }]"#),
            "effects.later.effects: a delayed effect needs its effects",
        ),
        (
            event!(r#"effects = [{ later = "end-of-turn", effects = [{ damage = 1 }] }]"#),
            "refers to card = \"target\" but the card has no card target",
        ),
        (
            event!(r#"effects = [{ draw = 1, effects = [{ draw = 1 }] }]"#),
            "`effects` does not apply to `draw`",
        ),
    ];
    assert_all_refused(&cases);
}

#[test]
fn ambassadors_and_a_cards_own_ability_read_as_written_and_never_match_is_refused() {
    let d = one(r#"[cards."L"]
type = "location"
cost = 1
passive = [{ bonus = { diplomacy = 1 }, to = { ambassador = true, side = "own" }, if = { ability_at_most = { psi = 0 } } }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("While its Psi is 0: ambassadors you control get +1 Diplomacy"),
        "{t}"
    );
    for (toml, words) in [
        (
            r#"[cards."L"]
type = "location"
passive = [{ bonus = { diplomacy = 1 }, to = { ambassador = true, not_ambassador = true } }]"#,
            ["to.ambassador", "never matches"],
        ),
        (
            r#"[cards."L"]
type = "location"
passive = [{ bonus = { diplomacy = 1 }, to = { ambassador = true, row = "supporting" } }]"#,
            ["to.ambassador", "Inner Circle"],
        ),
        (
            r#"[cards."L"]
type = "location"
passive = [{ bonus = { diplomacy = 1 }, to = { ambassador = true, type = "fleet" } }]"#,
            ["to.ambassador", "character"],
        ),
        (
            r#"[cards."E"]
type = "event"
cost = 1
requires = [{ ability_at_least = { psi = 1 } }]
effects = [{ draw = 1 }]"#,
            ["ability_at_least", "event or conflict"],
        ),
        (
            r#"[cards."L"]
type = "location"
passive = [{ extra_draw = 1, if = { ability_at_least = { psi = 1, diplomacy = 2 } } }]"#,
            ["ability_at_least", "exactly one ability"],
        ),
    ] {
        refused_naming(toml, &words);
    }
}

/// Rulings, Gunboat Diplomacy: "if one or more fleet attacks occur ...
/// tensions grow by 1 toward the race of the fleet that first attacked"
/// (`attack_made`, `toward_race_of = "first_attacker"`; issue 25, part 3).
#[test]
fn the_race_of_the_first_attacker_loads_reads_and_refuses() {
    let d = one(r#"[cards."C"]
type = "conflict"
conflict = "military"
target = "player"
resolution = [{ babylon5 = -1, if = { attack_made = true } }, { tension = 1, who = "each", toward_race_of = "first_attacker" }]"#);
    match &d.resolution[1].op {
        Op::TensionRace { race_of, .. } => assert_eq!(*race_of, Some(CardSel::FirstAttacker)),
        op => panic!("{op:?}"),
    }
    let text = rules_text(&d);
    assert!(
        text.contains("if one or more attacks were made in the conflict, Babylon 5")
            && text.contains(
                "each player's tension toward the race of the card that first attacked in the conflict rises by 1"
            ),
        "{text}"
    );
    let head = "[cards.\"C\"]\ntype = \"conflict\"\nconflict = \"military\"\ntarget = \"player\"\n";
    assert_all_refused(&[
        (
            &format!("{head}resolution = [{{ tension = 1, toward_race_of = \"opposers\" }}]"),
            "resolution.tension.toward_race_of: a tension goes toward the race of one card",
        ),
        (
            &format!("{head}resolution = [{{ tension = 1, toward_race_of = \"fleet\" }}]"),
            "resolution.tension.toward_race_of",
        ),
        (
            &format!(
                "{head}resolution = [{{ tension = 1, toward_race = \"narn\", toward_race_of = \"this\" }}]"
            ),
            "give one of `toward`, `toward_race` and `toward_race_of`",
        ),
        (
            &format!("{head}resolution = [{{ draw = 1, if = {{ attack_made = false }} }}]"),
            "resolution.draw.if.attack_made: write `not = { attack_made = true }`",
        ),
        (
            &format!("{head}resolution = [{{ draw = 1, toward_race_of = \"this\" }}]"),
            "`toward_race_of` does not apply to `draw`",
        ),
    ]);
}

/// Rulings, Search for a Home: a card's effect conquers a location, grants
/// influence each turn that outlives the card, and asks whether a location
/// it conquered is held (`conquer`, `extra_influence_each_turn`,
/// `holds_conquest`; issue 25, part 11).
#[test]
fn conquest_by_a_card_loads_reads_and_refuses() {
    let d = one(r#"[cards."A"]
type = "agenda"
actions = [{ cost = { rotate = true }, if = { not = { holds_conquest = true } }, target = "card", target_filter = { type = "location", side = "other" }, effects = [{ conquer = true }, { extra_influence_each_turn = 2, card = "target", then = true }] }]"#);
    let a = &d.actions[0];
    assert!(matches!(
        a.effects[0].op,
        Op::Conquer {
            card: CardSel::Target
        }
    ));
    assert!(matches!(
        a.effects[1].op,
        Op::Income {
            n: 2,
            who: Who::Me,
            card: CardSel::Target
        }
    ));
    let text = rules_text(&d);
    assert!(
        text.contains("you conquer the target card")
            && text.contains("each turn, while the target card is in your faction, even after this card leaves play, you may apply 2 additional influence")
            && text.contains("you control a location you conquered using this card"),
        "{text}"
    );
    let head = "[cards.\"E\"]\ntype = \"event\"\ntarget = \"card\"\ntarget_filter = { type = \"location\", side = \"other\" }\n";
    assert_all_refused(&[
        (
            &format!("{head}effects = [{{ conquer = true, card = \"this\" }}]"),
            "effects.conquer.card: a player conquers a location of another faction",
        ),
        (
            &format!("{head}effects = [{{ conquer = false }}]"),
            "effects.conquer",
        ),
        (
            &format!("{head}effects = [{{ extra_influence_each_turn = 1, card = \"supporters\" }}]"),
            "effects.extra_influence_each_turn.card: the influence lasts while one card is in the faction",
        ),
        (
            &format!("{head}effects = [{{ conquer = true, who = \"target\" }}]"),
            "`who` does not apply to `conquer`",
        ),
        (
            &format!("{head}effects = [{{ draw = 1, if = {{ holds_conquest = false }} }}]"),
            "effects.draw.if.holds_conquest: write `not = { holds_conquest = true }`",
        ),
        (
            "[cards.\"E\"]\ntype = \"event\"\ntarget = \"card\"\ntarget_filter = { type = \"fleet\" }\neffects = [{ conquer = true }]",
            "target_filter: never matches: `conquer` takes a location",
        ),
        (
            "[cards.\"A\"]\ntype = \"agenda\"\nactions = [{ target = \"card\", target_filter = { type = \"location\", side = \"own\" }, effects = [{ conquer = true }] }]",
            "actions[0].target_filter: never matches: `conquer` takes a location in another faction",
        ),
    ]);
}

/// Rulings, Search for a Home: "discard Chaos Tokens equal to the
/// Homeworld's printed Military" as an action's cost (`cost.chaos`).
#[test]
fn a_cost_in_chaos_tokens_loads_reads_and_refuses() {
    let d = one(r#"[cards."A"]
type = "agenda"
actions = [{ cost = { chaos = { ability = "military", of = "target", printed = true } }, target = "card", target_filter = { type = "location", side = "other" }, effects = [{ conquer = true }] }]"#);
    assert!(d.actions[0].cost.chaos.is_some());
    assert!(!d.actions[0].cost.only_rotation());
    let text = rules_text(&d);
    assert!(
        text.contains("discard X Chaos Tokens from the cards you control, where X is the target card's printed Military"),
        "{text}"
    );
    let d = one(r#"[cards."A"]
type = "agenda"
actions = [{ cost = { chaos = 2 }, effects = [{ draw = 1 }] }]"#);
    assert!(
        rules_text(&d).contains("discard 2 Chaos Tokens from the cards you control"),
        "{}",
        rules_text(&d)
    );
    let head = "[cards.\"A\"]\ntype = \"agenda\"\n";
    assert_all_refused(&[
        (
            &format!("{head}actions = [{{ cost = {{ chaos = 0 }}, effects = [{{ draw = 1 }}] }}]"),
            "actions[0].cost.chaos: 0 Chaos Tokens: an action discards 1 to 100",
        ),
        (
            &format!("{head}actions = [{{ cost = {{ chaos = {{ cost = \"target\" }} }}, effects = [{{ draw = 1 }}] }}]"),
            "actions[0].cost.chaos: the amount names the target, and the action has none",
        ),
        (
            "[cards.\"E\"]\ntype = \"event\"\nplay_cost = { chaos = 1 }\neffects = [{ draw = 1 }]",
            "play_cost.chaos: a play cost is rotate_other or neutralize_other",
        ),
    ]);
}

/// Rulings 7.5: a contingency played on one of your conflicts
/// (`attach = "conflict"`) answers what happens in that conflict.
#[test]
fn a_contingency_on_a_conflict_loads_reads_and_refuses() {
    let d = one(r#"[cards."K"]
type = "contingency"
attach = "conflict"
trigger = "conflict-won"
effects = [{ gain_influence = 2 }]"#);
    assert_eq!(d.attach, b5_engine::AttachKind::Conflict);
    let text = rules_text(&d);
    assert!(text.contains("one of your conflicts"), "{text}");
    assert_all_refused(&[
        (
            "[cards.\"K\"]\ntype = \"contingency\"\nattach = \"conflict\"\ntrigger = \"attacked\"\neffects = [{ draw = 1 }]",
            "`attacked` can never happen to a contingency on a conflict",
        ),
        (
            "[cards.\"K\"]\ntype = \"contingency\"\nattach = \"conflict\"\ntrigger = \"targeted\"\neffects = [{ draw = 1 }]",
            "a contingency on a conflict answers only what happens in that conflict",
        ),
        (
            "[cards.\"E\"]\ntype = \"enhancement\"\ncost = 1\nattach = \"conflict\"\nbonus = { diplomacy = 1 }",
            "attach: only a contingency is played on a conflict",
        ),
    ]);
}
