//! Selectors (issue 25, card format: Selectors): a filter's relation to its
//! card (`itself`, `host`, `on_this`), its alternatives (`any_of`) and its
//! negation (`not`); a lasting bonus by an amount; the `card` and `not`
//! conditions. How the loader reads them, how the rules text words them, and
//! what it refuses, naming the field.

use crate::support;
use support::{one, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{AmountBase, CardType, Condition, Passive, Side, ThisCard};

#[test]
fn other_cards_than_this_one_read_and_are_worded() {
    let d = one(r#"[cards."W"]
type = "character"
cost = 3
diplomacy = 2
passive = [{ bonus = { diplomacy = 1 }, to = { type = "character", side = "own", not = { itself = true } } }]"#);
    let Passive::Bonus { filter, .. } = &d.passives[0] else {
        panic!("not a bonus: {:?}", d.passives[0])
    };
    assert_eq!(filter.relation(), ThisCard::Any);
    assert_eq!(filter.not().unwrap().relation(), ThisCard::Itself);
    let t = rules_text(&d);
    assert!(
        t.contains("Other characters you control get +1 Diplomacy"),
        "{t}"
    );
}

#[test]
fn the_card_this_is_on_reads_and_is_worded() {
    let d = one(r#"[cards."C"]
type = "enhancement"
cost = 1
passive = [{ bonus = { psi = 2 }, to = { host = true, race = "minbari" } }]"#);
    let Passive::Bonus { filter, .. } = &d.passives[0] else {
        panic!()
    };
    assert_eq!(filter.relation(), ThisCard::Host);
    let t = rules_text(&d);
    assert!(
        t.contains("The card this is on, if it is one of the Minbari cards, gets +2 Psi"),
        "{t}"
    );
}

#[test]
fn alternatives_read_and_are_worded() {
    let d = one(r#"[cards."D"]
type = "character"
cost = 2
actions = [{ cost = { rotate = true }, target = "card", target_filter = { side = "own", not = { itself = true }, any_of = [{ type = "fleet" }, { type = "character", damaged = true }] }, effects = [{ bonus = { leadership = 1 }, card = "target" }] }]"#);
    assert_eq!(d.actions[0].filter.any_of().len(), 2);
    let t = rules_text(&d);
    assert!(
        t.contains("other fleets or damaged characters you control"),
        "{t}"
    );
}

#[test]
fn a_bonus_for_each_card_counted_reads_and_is_worded() {
    let d = one(r#"[cards."B"]
type = "enhancement"
attach = "fleet"
cost = 1
passive = [{ bonus = { military = 1 }, amount = { count = { type = "location", side = "own" } }, to = { host = true } }]"#);
    let Passive::Bonus { per: Some(a), .. } = &d.passives[0] else {
        panic!("no amount: {:?}", d.passives[0])
    };
    assert!(matches!(a.base, AmountBase::Count(_)));
    let t = rules_text(&d);
    assert!(
        t.contains("The card this is on gets +1 Military for each location you control"),
        "{t}"
    );
}

#[test]
fn the_card_and_not_conditions_read_and_are_worded() {
    let d = one(r#"[cards."Q"]
type = "character"
cost = 2
intrigue = 1
passive = [
  { bonus = { intrigue = 1 }, to = { ambassador = true, side = "own" }, if = { card = { itself = true, ready = true } } },
  { bonus = { diplomacy = 1 }, to = { itself = true }, if = { not = { at_war = true } } },
]"#);
    assert!(matches!(&d.passive_if[0], Some(Condition::Card(f)) if f.ready));
    assert!(matches!(&d.passive_if[1], Some(Condition::Not(c)) if **c == Condition::AtWar));
    let t = rules_text(&d);
    assert!(t.contains("this card is one of the ready cards"), "{t}");
    assert!(t.contains("it is not true that you are at war"), "{t}");
}

#[test]
fn selectors_that_can_never_mean_anything_are_refused() {
    for (toml, words) in [
        (
            r#"[cards."C"]
type = "character"
passive = [{ bonus = { psi = 1 }, to = { host = true } }]"#,
            &["passive[0].to.host", "never attached"][..],
        ),
        (
            r#"[cards."E"]
type = "enhancement"
passive = [{ bonus = { psi = 1 }, to = { on_this = true } }]"#,
            &[
                "passive[0].to.on_this",
                "nothing is attached to an enhancement",
            ][..],
        ),
        (
            r#"[cards."C"]
type = "character"
passive = [{ bonus = { psi = 1 }, to = { itself = true, on_this = true } }]"#,
            &["to.on_this", "both `itself` and `on_this`"][..],
        ),
        (
            r#"[cards."C"]
type = "character"
passive = [{ bonus = { psi = 1 }, to = { type = "character", not = {} } }]"#,
            &["to.not", "leaves out every card"][..],
        ),
        (
            r#"[cards."C"]
type = "character"
passive = [{ bonus = { psi = 1 }, to = { any_of = [{ type = "fleet" }] } }]"#,
            &["to.any_of", "at least two"][..],
        ),
        (
            r#"[cards."C"]
type = "character"
passive = [{ bonus = { psi = 1 }, to = { itself = false } }]"#,
            &["to.itself", "means nothing"][..],
        ),
        (
            r#"[cards."C"]
type = "character"
passive = [{ bonus = { psi = 1 }, to = { any_of = [{ type = "fleet" }, { type = "character", ready = true, rotated = true }] } }]"#,
            &["to.any_of[1].ready", "never matches"][..],
        ),
        (
            r#"[cards."L"]
type = "location"
passive = [{ discount = 1, to = { type = "fleet", not = { on_this = true } } }]"#,
            &["passive[0].to", "a card being sponsored is not yet in play"][..],
        ),
        (
            r#"[cards."E"]
type = "event"
cost = 1
effects = [{ search = "deck", put = "hand", filter = { type = "fleet", not = { itself = true } } }]"#,
            &["filter", "printed identity"][..],
        ),
        (
            r#"[cards."F"]
type = "fleet"
military = 1
passive = [{ bonus = { military = 1 }, to = { itself = true }, amount = { count = { type = "character", at_least = { psi = 1 } } } }]"#,
            &["passive[0].amount", "reads current abilities"][..],
        ),
        (
            r#"[cards."F"]
type = "fleet"
military = 1
passive = [{ extra_draw = 1, amount = 2 }]"#,
            &["passive[0].amount", "goes with `bonus`"][..],
        ),
        (
            r#"[cards."F"]
type = "fleet"
military = 1
passive = [{ bonus = { military = 1 }, to = { itself = true }, if = { card = { type = "fleet" } } }]"#,
            &["if.card", "`itself = true`"][..],
        ),
        (
            r#"[cards."G"]
type = "character"
actions = [{ cost = { rotate_other = { type = "character", itself = true } }, effects = [{ draw = 1 }] }]"#,
            &["cost.rotate_other.itself", "never this card"][..],
        ),
    ] {
        refused_naming(toml, words);
    }
}

#[test]
fn a_comparison_of_two_amounts_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."M"]
type = "event"
cost = 0
target = "player"
effects = [{ gain_influence = 2, if = { at_least = [{ influence = "self" }, { influence = "target" }] } }]"#);
    assert!(matches!(
        &d.effects[0].condition,
        Some(Condition::AtLeast(ab)) if matches!(ab[0].base, AmountBase::Influence(_))
    ));
    let t = rules_text(&d);
    assert!(
        t.contains("your Influence Rating is at least the target player's Influence Rating"),
        "{t}"
    );
    for (cond, words) in [
        (
            r#"at_least = [{ influence = "self" }]"#,
            &["if.at_least", "compares two amounts"][..],
        ),
        (
            r#"at_least = [{ power = "self" }, { power = "self" }]"#,
            &["if.at_least", "always holds"][..],
        ),
    ] {
        refused_naming(
            &format!(
                r#"[cards."M"]
type = "event"
cost = 0
effects = [{{ gain_influence = 2, if = {{ {cond} }} }}]"#
            ),
            words,
        );
    }
}

#[test]
fn a_conflict_won_uncontested_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."U"]
type = "conflict"
conflict = "diplomacy"
target = "player"
won = [{ gain_influence = 2, if = { uncontested = true } }]"#);
    assert_eq!(d.won[0].condition, Some(Condition::Uncontested));
    let t = rules_text(&d);
    assert!(t.contains("if the conflict was won uncontested"), "{t}");
    refused_naming(
        "[cards.\"U\"]\ntype = \"conflict\"\nconflict = \"diplomacy\"\ntarget = \"player\"\nwon = [{ gain_influence = 2, if = { uncontested = false } }]",
        &["uncontested", "not = { uncontested = true }"],
    );
}

#[test]
fn targeted_by_a_conflict_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."W"]
type = "character"
race = "narn"
cost = 2
military = 1
passive = [{ bonus = { military = 2 }, to = { itself = true, targeted_by = "military" } }]"#);
    assert_eq!(d.passives.len(), 1);
    let t = rules_text(&d);
    assert!(
        t.contains("This card, if it is one of the cards targeted by a Military conflict, gets +2 Military"),
        "{t}"
    );
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
effects = [{ gain_influence = 2, if = { targeted_by = ["military", "intrigue"] } }]"#);
    assert_eq!(
        d.effects[0].condition,
        Some(b5_engine::Condition::TargetedBy(
            (1 << b5_engine::Ability::Military.idx()) | (1 << b5_engine::Ability::Intrigue.idx())
        ))
    );
    let t = rules_text(&d);
    assert!(
        t.contains("If you are targeted by an Intrigue or Military conflict this turn, you gain 2 influence"),
        "{t}"
    );
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "character", targeted_by = "any" }
effects = [{ rotate = true }]"#);
    assert!(
        rules_text(&d).contains("characters targeted by a conflict"),
        "{}",
        rules_text(&d)
    );
    refused_naming(
        "[cards.\"E\"]\ntype = \"event\"\ncost = 0\neffects = [{ gain_influence = 2, if = { targeted_by = \"economy\" } }]",
        &["targeted_by", "economy"],
    );
    // A card being sponsored is not yet in play: no conflict targets it.
    refused_naming(
        "[cards.\"E\"]\ntype = \"event\"\ncost = 0\neffects = [{ sponsor_discount = 1, filter = { type = \"fleet\", targeted_by = \"military\" } }]",
        &["filter.targeted_by", "not yet in play"],
    );
}

#[test]
fn a_card_whose_text_gives_a_bonus_reads_and_is_worded() {
    let d = one(r#"[cards."R"]
type = "event"
cost = 0
effects = [{ choose = "discard", put = "hand", up_to = 1, filter = { type = "event", gives_bonus = ["military", "leadership"] } }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("Put up to one event giving a Leadership or Military bonus from your discard pile into your hand"),
        "{t}"
    );
    let d = one(r#"[cards."C"]
type = "character"
race = "narn"
cost = 2
diplomacy = 2
passive = [{ bonus = { intrigue = 1 }, to = { type = "enhancement", gives_bonus = "any", side = "own" } }]"#);
    assert!(
        rules_text(&d).contains("Enhancements you control giving a bonus"),
        "{}",
        rules_text(&d)
    );
    refused_naming(
        "[cards.\"R\"]\ntype = \"event\"\ncost = 0\neffects = [{ choose = \"discard\", put = \"hand\", filter = { type = \"event\", gives_bonus = \"luck\" } }]",
        &["filter.gives_bonus", "luck"],
    );
}

#[test]
fn a_tension_between_players_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
effects = [{ gain_influence = 2, if = { tension = { who = "others", toward = "others", at_least = 5, mutual = true } } }]"#);
    assert_eq!(
        d.effects[0].condition,
        Some(Condition::Tension {
            who: b5_engine::Who::Others,
            toward: b5_engine::Who::Others,
            cmp: b5_engine::Cmp::AtLeast(5),
            mutual: true,
        })
    );
    let t = rules_text(&d);
    assert!(
        t.contains("If another player's tension toward a third player is at least 5, each way, you gain 2 influence"),
        "{t}"
    );
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
target = "player"
effects = [{ draw = 1, if = { tension = { who = "target", toward = "self", at_most = 2 } } }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("if the target player's tension toward you is at most 2, you draw 1 card"),
        "{t}"
    );
    for (cond, field) in [
        (
            "{ who = \"self\", toward = \"self\", at_least = 3 }",
            "tension.toward",
        ),
        ("{ who = \"others\", toward = \"each\" }", "tension"),
        ("{ who = \"others\", at_least = 3, at_most = 4 }", "tension"),
        ("{ who = \"others\", at_least = 6 }", "tension.at_least"),
        ("{ who = \"leader\", at_least = 3 }", "tension.who"),
        ("{ who = \"others\", at_least = 3, since = 1 }", "since"),
    ] {
        refused_naming(
            &format!("[cards.\"E\"]\ntype = \"event\"\ncost = 0\neffects = [{{ draw = 1, if = {{ tension = {cond} }} }}]"),
            &[field],
        );
    }
}

#[test]
fn conditions_that_combine_read_are_worded_and_are_checked() {
    let d = one(r#"[cards."A"]
type = "agenda"
major = true
victory = { all_of = [{ controls = { count = 2, type = "fleet" } }, { not = { at_war = true } }] }"#);
    let Some(Condition::All(parts)) = d.victory.as_ref().map(|v| &v.condition) else {
        panic!("{:?}", d.victory)
    };
    assert_eq!(parts.len(), 2);
    assert!(matches!(parts[1], Condition::Not(_)));
    let t = rules_text(&d);
    assert!(
        t.contains("if you control at least 2 fleets and it is not true that you are at war"),
        "{t}"
    );
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
effects = [{ draw = 2, if = { any_of = [{ marks = { destiny = 3 } }, { marks = { shadow = 2 } }, { at_war = true }] } }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("either ") && t.contains(", ") && t.contains(" or "),
        "{t}"
    );
    // A Drakh race named inside a combination is still named (Drakh Rule 9).
    refused_naming(
        r#"[cards."L"]
type = "location"
cost = 1
passive = [{ bonus = { diplomacy = 1 }, if = { any_of = [{ race = "drakh" }, { at_war = true }] } }]"#,
        &["Drakh"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ draw = 1, if = { all_of = [{ at_war = true }] } }]"#,
        &["if.all_of", "two or more"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ draw = 1, if = { any_of = [{ at_war = true }, { at_war = true }] } }]"#,
        &["if.any_of[1]", "the same condition twice"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ draw = 1, if = { all_of = [{ at_war = true }, { unrest_at_least = 2, at_war = true }] } }]"#,
        &["if.all_of[1]", "exactly one key"],
    );
    // "Its" ability inside a combination on an event is refused as it is alone.
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ draw = 1, if = { any_of = [{ at_war = true }, { ability_at_least = { psi = 1 } }] } }]"#,
        &["ability"],
    );
}

#[test]
fn the_first_action_of_the_round_reads_is_worded_and_refuses_false() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
requires = [{ first_action = true }]
effects = [{ draw = 2 }]"#);
    assert_eq!(d.requires, vec![Condition::FirstAction]);
    let t = rules_text(&d);
    assert!(
        t.contains("Requires: it is your first action of the Action Round"),
        "{t}"
    );
    let c = one(r#"[cards."C"]
type = "character"
cost = 1
actions = [{ if = { not = { first_action = true } }, effects = [{ draw = 1 }] }]"#);
    assert_eq!(
        c.actions[0].condition,
        Some(Condition::Not(Box::new(Condition::FirstAction)))
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
requires = [{ first_action = false }]"#,
        &["requires[0].first_action", "not = { first_action = true }"],
    );
}

#[test]
fn a_card_with_too_many_actions_triggers_or_effects_is_refused_naming_the_bound() {
    let many = |field: &str, one: &str, n: usize| {
        format!(
            "[cards.\"C\"]\ntype = \"character\"\ncost = 1\n{field} = [{}]",
            vec![one; n].join(", ")
        )
    };
    let action = "{ effects = [{ draw = 1 }] }";
    let trigger = r#"{ on = "sponsored", effects = [{ draw = 1 }] }"#;
    // At the bound they load; one more is refused, naming the field.
    one(&many("actions", action, b5_engine::MAX_CARD_ACTIONS));
    refused_naming(
        &many("actions", action, b5_engine::MAX_CARD_ACTIONS + 1),
        &["actions", "33 actions", "at most 32"],
    );
    one(&many("triggers", trigger, b5_engine::MAX_CARD_TRIGGERS));
    refused_naming(
        &many("triggers", trigger, b5_engine::MAX_CARD_TRIGGERS + 1),
        &["triggers", "at most 32"],
    );
    // Effects are counted nested: 2 modes of 100 effects and the mode itself.
    let hundred = vec!["{ draw = 1 }"; 100].join(", ");
    let modes = format!(
        "[cards.\"E\"]\ntype = \"event\"\ncost = 0\neffects = [{{ choose_one = [[{hundred}], [{hundred}]] }}]"
    );
    refused_naming(&modes, &["201 effects", "at most 200"]);
    let d = one(&modes.replace(&format!("[{hundred}]]"), "[{ draw = 1 }]]"));
    assert_eq!(d.effect_count(), 102);
}

#[test]
fn a_requirement_on_the_first_supporter_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."K"]
type = "conflict"
conflict = "psi"
target = "player"
first_supporter = { type = "character", at_least = { psi = 5 } }"#);
    assert!(d.first_supporter.is_some());
    let t = rules_text(&d);
    assert!(
        t.contains("The first card you rotate to support it must be one of the characters"),
        "{t}"
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
first_supporter = { type = "character" }"#,
        &["first_supporter", "only conflicts"],
    );
    refused_naming(
        r#"[cards."K"]
type = "conflict"
conflict = "psi"
target = "player"
first_supporter = { type = "character", side = "other" }"#,
        &["first_supporter.side", "one he controls"],
    );
    refused_naming(
        r#"[cards."K"]
type = "conflict"
conflict = "psi"
target = "player"
first_supporter = { type = "agenda" }"#,
        &["first_supporter", "never"],
    );
}

#[test]
fn sustaining_with_the_initial_supporter_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."K"]
type = "conflict"
conflict = "psi"
target = "card"
target_filter = { type = "character", side = "other" }
sustain_first_supporter = true
won = [{ rotate = true, card = "target" }, { cannot = "ready", card = "target", duration = "while-sustained" }]"#);
    assert!(d.sustain_first_supporter);
    let t = rules_text(&d);
    assert!(
        t.contains("You may sustain with your initial supporter"),
        "{t}"
    );
    assert!(
        t.contains("cannot ready while you sustain with your initial supporter"),
        "{t}"
    );
    // Only a conflict lets its initial supporter sustain.
    refused_naming(
        r#"[cards."E"]
type = "event"
sustain_first_supporter = true"#,
        &["sustain_first_supporter", "only conflicts"],
    );
    // `while-sustained` without the field, in `initiated` (nobody supports
    // yet), and on a card in play.
    refused_naming(
        r#"[cards."K"]
type = "conflict"
conflict = "psi"
target = "card"
target_filter = { type = "character", side = "other" }
won = [{ cannot = "ready", card = "target", duration = "while-sustained" }]"#,
        &["won[0].duration", "sustain_first_supporter = true"],
    );
    refused_naming(
        r#"[cards."K"]
type = "conflict"
conflict = "psi"
target = "card"
target_filter = { type = "character", side = "other" }
sustain_first_supporter = true
initiated = [{ cannot = "ready", card = "target", duration = "while-sustained" }]"#,
        &["initiated[0].duration", "use it in resolution, won or lost"],
    );
    refused_naming(
        r#"[cards."C"]
type = "character"
race = "human"
cost = 1
actions = [{ target = "card", effects = [{ cannot = "ready", card = "target", duration = "while-sustained" }] }]"#,
        &["actions[0].effects[0].duration", "while-sustained"],
    );
}

#[test]
fn a_conflict_type_chosen_when_initiated_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."K"]
type = "conflict"
conflict = "diplomacy"
target = "player"
initiated = [{ choose_one = [[{ conflict_type = "diplomacy" }], [{ conflict_type = "intrigue" }]] }]"#);
    assert_eq!(d.initiated.len(), 1);
    let t = rules_text(&d);
    assert!(t.contains("this conflict is an Intrigue conflict"), "{t}");
    assert!(t.contains("this conflict is a Diplomacy conflict"), "{t}");
    // Only where the conflict is being initiated.
    refused_naming(
        r#"[cards."K"]
type = "conflict"
conflict = "diplomacy"
target = "player"
won = [{ conflict_type = "intrigue" }]"#,
        &["won[0].conflict_type", "initiated"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ choose_one = [[{ draw = 1 }], [{ conflict_type = "psi" }]] }]"#,
        &["effects[0].conflict_type", "initiated"],
    );
    refused_naming(
        r#"[cards."K"]
type = "conflict"
conflict = "diplomacy"
target = "player"
initiated = [{ conflict_type = "charm" }]"#,
        &["conflict_type", "charm", "diplomacy, intrigue"],
    );
}

#[test]
fn withdrawing_a_participant_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "character", participant = true }
effects = [{ withdraw = true }]"#);
    assert!(matches!(
        d.effects[0].op,
        b5_engine::Op::Withdraw {
            card: b5_engine::CardSel::Target
        }
    ));
    let t = rules_text(&d);
    assert!(
        t.contains("withdraw the target card from the conflicts it takes part in"),
        "{t}"
    );
    // A flag, on a card.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ withdraw = false }]"#,
        &["withdraw"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ withdraw = true }]"#,
        &["target"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ withdraw = true, duration = "turn" }]"#,
        &["duration"],
    );
}

#[test]
fn a_surcharge_worked_out_from_the_game_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."L"]
type = "location"
race = "narn"
cost = 3
passive = [{ surcharge = { tension = "self", toward = "that" }, to = { type = "fleet" } }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("Fleets cost your opponents X more to sponsor, where X is your tension toward the player sponsoring"),
        "{t}"
    );
    // A plain number reads as before.
    let d = one(r#"[cards."L"]
type = "location"
cost = 3
passive = [{ surcharge = 2, to = { type = "fleet" } }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("Fleets cost your opponents 2 more to sponsor"),
        "{t}"
    );
    // The tension amount in an effect.
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
target = "player"
effects = [{ gain_influence = { tension = "self" } }]"#);
    let t = rules_text(&d);
    assert!(t.contains("your tension toward the target player"), "{t}");
    // A lasting effect has no target; nobody has tension toward himself.
    refused_naming(
        r#"[cards."L"]
type = "location"
cost = 3
passive = [{ surcharge = { tension = "self", toward = "target" }, to = { type = "fleet" } }]"#,
        &["surcharge", "that"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ gain_influence = { tension = "self", toward = "self" } }]"#,
        &["toward", "himself"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ gain_influence = { hand = "self", toward = "others" } }]"#,
        &["toward", "tension"],
    );
    refused_naming(
        r#"[cards."L"]
type = "location"
cost = 3
passive = [{ surcharge = 256, to = { type = "fleet" } }]"#,
        &["surcharge"],
    );
}

#[test]
fn ready_at_the_start_of_the_turn_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "character", side = "own", ready_at_turn_start = true }
effects = [{ bonus = { diplomacy = 2 }, card = "target", duration = "turn" }]
"#);
    assert_eq!(d.filter.ready_at_turn_start(), Some(true));
    // Games with such a card remember the turn's start.
    assert!(d.reads_ready_at_start);
    assert!(
        rules_text(&d).contains("characters you control ready at the start of the turn"),
        "{}",
        rules_text(&d)
    );
    // Deep in a lasting effect's selector too; "not ready" reads as well.
    let d = one(r#"[cards."L"]
type = "location"
cost = 2
passive = [{ bonus = { military = 1 }, to = { type = "fleet", any_of = [{ ready_at_turn_start = false }, { damaged = true }] } }]
"#);
    assert!(d.reads_ready_at_start);
    assert!(
        rules_text(&d).contains("not ready at the start of the turn"),
        "{}",
        rules_text(&d)
    );
    // A card that does not ask leaves games as they were.
    let plain = one(r#"[cards."P"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "character", ready = true }
effects = [{ rotate = true }]
"#);
    assert!(!plain.reads_ready_at_start);
    // A card in a pile was never in play.
    refused_naming(
        r#"[cards."S"]
type = "event"
cost = 0
effects = [{ search = "deck", filter = { type = "fleet", ready_at_turn_start = true } }]
"#,
        &["filter.ready_at_turn_start", "never matches"],
    );
}

#[test]
fn not_already_targeted_by_another_copy_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."Quiet Word"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "character", targeted_by_copy = false }
effects = [{ bonus = { diplomacy = 2 }, card = "target", duration = "turn" }]
"#);
    assert_eq!(d.filter.copy_targeted(), Some(false));
    // Games with such a card remember the turn's targets.
    assert!(d.reads_copy_targets);
    assert!(!d.reads_ready_at_start);
    assert!(
        rules_text(&d)
            .contains("characters not already targeted by another copy of this card this turn"),
        "{}",
        rules_text(&d)
    );
    // A card that does not ask leaves games as they were.
    let plain = one(r#"[cards."P"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "character" }
effects = [{ rotate = true }]
"#);
    assert!(!plain.reads_copy_targets);
    // A card in a pile was never targeted.
    refused_naming(
        r#"[cards."S"]
type = "event"
cost = 0
effects = [{ search = "deck", filter = { type = "fleet", targeted_by_copy = false } }]
"#,
        &["filter.targeted_by_copy", "never matches"],
    );
}

#[test]
fn a_card_attacking_another_reads_is_worded_and_is_checked() {
    let d = one(r#"[cards."Turn the Guns"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "fleet", attacking = { type = "fleet", side = "own" } }
effects = [{ bonus = { military = -2 }, card = "target", duration = "turn" }]
"#);
    let a = d
        .filter
        .attacking()
        .expect("the pattern of the card attacked");
    assert!(a.allows_type(CardType::Fleet) && a.side == Side::Own);
    assert!(
        rules_text(&d).contains("fleets attacking a fleet you control"),
        "{}",
        rules_text(&d)
    );
    // Only characters, fleets and locations are attacked; a card in a pile
    // attacks nothing.
    refused_naming(
        r#"[cards."E"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "fleet", attacking = { type = "enhancement" } }
effects = [{ rotate = true }]
"#,
        &[
            "target_filter.attacking.type",
            "only characters, fleets and locations are attacked",
        ],
    );
    refused_naming(
        r#"[cards."S"]
type = "event"
cost = 0
effects = [{ search = "deck", filter = { type = "fleet", attacking = { type = "fleet" } } }]
"#,
        &["filter.attacking", "never matches"],
    );
}

#[test]
fn loyalty_faction_and_control_read_are_worded_and_are_checked() {
    let d = one(r#"[cards."Hearth Count"]
type = "agenda"
major = true
victory = { all_of = [
  { at_least = [{ count = { type = "location", keyword = "homeworld", loyal = "other", in_faction = "own" } }, { value = 1 }] },
  { not = { at_least = [{ count = { type = "location", side = "other", controlled = true } }, { value = 1 }] } },
] }
"#);
    let t = rules_text(&d);
    assert!(
        t.contains("locations with the keyword homeworld loyal to another race in your faction"),
        "{t}"
    );
    assert!(t.contains("locations that another player controls"), "{t}");
    let d = one(r#"[cards."Still Banners"]
type = "character"
cost = 2
diplomacy = 1
passive = [{ bonus = { diplomacy = 1 }, to = { type = "location", loyal = "own", in_faction = "other", controlled = false } }]
"#);
    let Passive::Bonus { filter, .. } = &d.passives[0] else {
        panic!("not a bonus: {:?}", d.passives[0])
    };
    assert_eq!(
        filter.allegiance(),
        (Some(Side::Own), Some(Side::Other), Some(false))
    );
    let t = rules_text(&d);
    assert!(
        t.contains("Locations loyal to your race in another faction that no player controls"),
        "{t}"
    );
    // `any` asks nothing; only a conquered location is controlled by no
    // one, and never by you; a card in a pile is in no faction.
    let card = |filter: &str| {
        format!("[cards.\"X\"]\ntype = \"event\"\ncost = 0\ntarget = \"card\"\ntarget_filter = {{ {filter} }}\neffects = [{{ rotate = true }}]\n")
    };
    refused_naming(
        &card("loyal = \"any\""),
        &["target_filter.loyal", "expected own or other"],
    );
    refused_naming(
        &card("in_faction = \"mine\""),
        &["target_filter.in_faction", "expected own or other"],
    );
    refused_naming(
        &card("type = \"fleet\", controlled = false"),
        &["target_filter.controlled", "only a conquered location"],
    );
    refused_naming(
        &card("type = \"location\", side = \"own\", controlled = false"),
        &["target_filter.controlled", "never matches"],
    );
    refused_naming(
        "[cards.\"S\"]\ntype = \"event\"\ncost = 0\neffects = [{ search = \"deck\", filter = { type = \"location\", in_faction = \"own\" } }]\n",
        &["filter.in_faction", "never matches"],
    );
}
