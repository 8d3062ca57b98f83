//! The card vocabulary of issue 13 for costs (other cards, race costs,
//! discounts, surcharges), severe damage, set abilities, Influence Rating
//! and initiative modifiers, counts, the newer restrictions and the newer
//! contingency triggers: how the loader reads them, how the rules text
//! words them, and what the loader refuses, naming the field.

use crate::support;
use support::{one, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{Ability, AmountBase, Cannot, CardType, Op, Passive, Race, Who};

#[test]
fn costs_paid_with_other_cards_read_and_are_not_sustainable() {
    let d = one(r#"[cards."G"]
type = "group"
cost = 1
actions = [{ cost = { rotate_other = { type = "character", row = "supporting" } }, effects = [{ draw = 1 }] }]"#);
    let c = &d.actions[0].cost;
    assert!(c.rotate_other.is_some() && !c.only_rotation());
    let t = rules_text(&d);
    assert!(
        t.contains(
            "Action: rotate, rotate one of your other supporting characters: you draw 1 card"
        ),
        "{t}"
    );
    let d = one(r#"[cards."L"]
type = "location"
actions = [{ cost = { rotate = false, neutralize_other = { type = "fleet" } }, effects = [{ gain_influence = 2 }] }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("Action: neutralize one of your other fleets: you gain 2 influence"),
        "{t}"
    );
}

#[test]
fn a_cost_paid_with_another_players_card_is_refused() {
    refused_naming(
        r#"[cards."G"]
type = "group"
actions = [{ cost = { rotate_other = { type = "character", side = "other" } }, effects = [{ draw = 1 }] }]"#,
        &["cost.rotate_other.side", "cards the player controls"],
    );
    refused_naming(
        r#"[cards."G"]
type = "group"
actions = [{ cost = { neutralize_other = { type = "agenda" } }, effects = [{ draw = 1 }] }]"#,
        &["cost.neutralize_other.type"],
    );
}

#[test]
fn a_limit_on_the_conflicts_of_one_type_reads_and_is_refused_where_it_cannot_mean() {
    let d = one(r#"[cards."L"]
type = "location"
cost = 2
passive = [{ cannot = "declare-conflicts", cards = { conflict = "military" }, who = "self" }]"#);
    assert!(matches!(
        d.passives[0],
        Passive::PlayerCannot {
            what: Cannot::DeclareType(Ability::Military),
            ..
        }
    ));
    let t = rules_text(&d);
    assert!(t.contains("cannot declare Military conflicts"), "{t}");
    refused_naming(
        r#"[cards."L"]
type = "location"
passive = [{ cannot = "declare-conflicts", cards = { conflict = "military", race = "narn" }, who = "self" }]"#,
        &["passive[0].cannot.cards", "names only the conflict type"],
    );
    refused_naming(
        r#"[cards."L"]
type = "location"
passive = [{ cannot = "declare-conflicts", cards = { conflict = "war" }, who = "self" }]"#,
        &["cards.conflict", "war"],
    );
    refused_naming(
        r#"[cards."L"]
type = "location"
passive = [{ cannot = "gain-influence", cards = { conflict = "military" }, who = "self" }]"#,
        &["cards", "goes with"],
    );
}

#[test]
fn a_restriction_on_playing_cards_reads_and_is_refused_where_it_cannot_mean() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
effects = [{ later = "start-of-next-turn", effects = [{ cannot = "play", cards = { itself = true }, who = "each" }] }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("each player cannot play a card of this card's name"),
        "{t}"
    );
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
target = "player"
effects = [{ cannot = "play", cards = { type = "event" }, who = "target" }]"#);
    assert!(
        rules_text(&d).contains("cannot play events"),
        "{}",
        rules_text(&d)
    );
    let d = one(r#"[cards."L"]
type = "location"
cost = 2
passive = [{ cannot = "play", cards = { type = "aftermath" }, who = "others" }]"#);
    assert!(matches!(
        d.passives[0],
        Passive::PlayerCannot {
            what: Cannot::PlayType(CardType::Aftermath),
            ..
        }
    ));
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ cannot = "play", who = "target" }]"#,
        &["cannot.cards", "names the cards"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ cannot = "play", cards = { type = "fleet" }, who = "target" }]"#,
        &[
            "cards.type",
            "sponsored, not played",
            "cannot = \"sponsor\"",
        ],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ cannot = "play", cards = { itself = true, race = "narn" }, who = "target" }]"#,
        &["cannot.cards", "names the cards"],
    );
}

#[test]
fn enhancement_copies_that_share_a_target_read_and_are_refused_elsewhere() {
    let d = one(r#"[cards."P"]
type = "enhancement"
attach = "fleet"
cost = 1
bonus = { military = 1 }
copies_share_target = true"#);
    assert!(d.copies_share_target);
    let t = rules_text(&d);
    assert!(
        t.contains("Any number of copies of this card may be on the same card"),
        "{t}"
    );
    refused_naming(
        r#"[cards."F"]
type = "fleet"
cost = 1
military = 1
copies_share_target = true"#,
        &["copies_share_target", "only enhancements"],
    );
    refused_naming(
        r#"[cards."P"]
type = "enhancement"
attach = "fleet"
cost = 1
uniqueness = "unique"
copies_share_target = true"#,
        &["copies_share_target", "unique"],
    );
}

#[test]
fn race_costs_read_and_need_a_cost() {
    let d = one(r#"[cards."F"]
type = "fleet"
cost = 2
race_cost = { race = "narn", cost = 1 }
military = 2"#);
    assert_eq!(d.race_cost, [(Race::Narn, 1)]);
    assert!(rules_text(&d).contains("Costs 1 instead of 2 for a Narn faction"));
    refused_naming(
        r#"[cards."F"]
type = "fleet"
race_cost = { race = "narn", cost = 1 }"#,
        &["race_cost", "undefined cost"],
    );
    refused_naming(
        r#"[cards."F"]
type = "fleet"
cost = 2
race_cost = { race = "vorlon", cost = 1 }"#,
        &["race_cost.race"],
    );
    // Several races, each its own cost.
    let d = one(r#"[cards."F"]
type = "fleet"
cost = 4
race_cost = [{ race = "narn", cost = 2 }, { race = "centauri", cost = 3 }]
military = 4"#);
    assert_eq!(d.race_cost, [(Race::Narn, 2), (Race::Centauri, 3)]);
    assert!(
        rules_text(&d)
            .contains("Costs 2 instead of 4 for a Narn faction, 3 for a Centauri faction"),
        "{}",
        rules_text(&d)
    );
    refused_naming(
        r#"[cards."F"]
type = "fleet"
cost = 4
race_cost = [{ race = "narn", cost = 2 }, { race = "narn", cost = 3 }]"#,
        &["race_cost[1].race", "narn is given a cost twice"],
    );
    refused_naming(
        r#"[cards."F"]
type = "fleet"
cost = 4
race_cost = [{ race = "narn", cost = 2 }, { race = "vorlon", cost = 3 }]"#,
        &["race_cost[1].race", "never matches"],
    );
    refused_naming(
        r#"[cards."F"]
type = "fleet"
cost = 4
race_cost = []"#,
        &["race_cost", "at least one race"],
    );
    refused_naming(
        r#"[cards."F"]
type = "fleet"
cost = 4
race_cost = [{ race = "narn", price = 2 }]"#,
        &[
            "t.toml:4:",
            "unknown field `price`",
            "expected `race` or `cost`",
        ],
    );
}

#[test]
fn discounts_and_surcharges_read() {
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ sponsor_discount = 2 }]"#);
    assert_eq!(
        d.effects[0].op,
        Op::SponsorDiscount {
            n: 2,
            who: Who::Me,
            to: None
        }
    );
    assert_eq!(
        rules_text(&d),
        "The next card you sponsor this turn costs 2 less."
    );
    let d = one(r#"[cards."L"]
type = "location"
passive = [{ surcharge = 1, to = { type = "fleet" } }]"#);
    assert!(matches!(
        &d.passives[0],
        Passive::Surcharge {
            who: Who::Others,
            amount,
            ..
        } if amount.base == b5_engine::AmountBase::Const(1)
    ));
    assert_eq!(
        rules_text(&d),
        "Fleets cost your opponents 1 more to sponsor."
    );
    refused_naming(
        r#"[cards."L"]
type = "location"
passive = [{ extra_draw = 1, who = "self" }]"#,
        &["passive[0].who"],
    );
}

#[test]
fn a_discount_on_the_next_card_of_a_kind_reads_and_names_the_kind() {
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ sponsor_discount = 2, filter = { type = "fleet", race = "narn" } }]"#);
    match &d.effects[0].op {
        Op::SponsorDiscount {
            n: 2,
            who: Who::Me,
            to: Some(f),
        } => assert!(f.allows_type(CardType::Fleet) && f.race == Some(Race::Narn)),
        op => panic!("{op:?}"),
    }
    assert_eq!(
        rules_text(&d),
        "The next Narn fleet you sponsor this turn costs 2 less."
    );
    // Only what can be sponsored, and only what is printed.
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ sponsor_discount = 2, filter = { type = "event" } }]"#,
        &[
            "sponsor_discount.filter.type",
            "only characters, groups, fleets",
        ],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ sponsor_discount = 2, filter = { type = "fleet", rotated = true } }]"#,
        &["sponsor_discount.filter.rotated", "not yet in play"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ sponsor_discount = 2, filter = { any_of = [{ type = "fleet" }, { type = "character", damaged = true }] } }]"#,
        &["sponsor_discount.filter.damaged", "not yet in play"],
    );
    // `side` names whose sponsoring, as `who` does: it stays readable.
    one(r#"[cards."L"]
type = "location"
passive = [{ discount = 1, to = { type = "fleet", side = "own" } }]"#);
    // The same holds for a lasting discount: a state in play was ignored.
    refused_naming(
        r#"[cards."L"]
type = "location"
passive = [{ discount = 1, to = { type = "fleet", rotated = true } }]"#,
        &["passive[0].to.rotated", "not yet in play"],
    );
}

#[test]
fn severe_damage_and_set_abilities_read() {
    let d = one(r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "character" }
effects = [{ severe_damage = 1 }]"#);
    assert!(
        rules_text(&d).contains("suffers 1 severe damage"),
        "{}",
        rules_text(&d)
    );
    let d = one(r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "character" }
effects = [{ set = { psi = 0 } }]"#);
    assert!(
        rules_text(&d).contains("Psi becomes 0 until the end of the turn"),
        "{}",
        rules_text(&d)
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ set = { psi = 0, intrigue = 1 } }]"#,
        &["effects.set", "exactly one ability"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ set = { psi = 0 }, duration = "printed" }]"#,
        &["set.duration"],
    );
}

#[test]
fn rating_and_initiative_modifiers_read() {
    let d = one(r#"[cards."L"]
type = "location"
passive = [{ influence_rating = 1 }, { initiative = -2 }]"#);
    assert_eq!(d.passives[0], Passive::InfluenceRating(1));
    assert_eq!(d.passives[1], Passive::Initiative(-2));
    let t = rules_text(&d);
    assert!(t.contains("your Influence Rating is increased by 1"), "{t}");
    assert!(t.contains("initiative score is 2 lower"), "{t}");
    refused_naming(
        r#"[cards."L"]
type = "location"
passive = [{ initiative = 0 }]"#,
        &["passive[0].initiative"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ influence_rating = 1, duration = "while-rotated" }]"#,
        &["influence_rating.duration"],
    );
}

#[test]
fn counts_read_as_amounts() {
    let d = one(r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "fleet", side = "own" }
effects = [{ bonus = { military = 1 }, amount = { count = { type = "fleet", side = "own" } } }]"#);
    let a = d.effects[0].amount.as_ref().expect("an amount");
    assert!(matches!(a.base, AmountBase::Count(_)));
    assert!(
        rules_text(&d).contains("where X is the number of fleets"),
        "{}",
        rules_text(&d)
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ draw = { count = { type = "fleet", row = "inner-circle" } } }]"#,
        &["count"],
    );
}

#[test]
fn the_newer_restrictions_read() {
    let d = one(r#"[cards."E"]
type = "event"
target = "player"
effects = [{ cannot = "sponsor", cards = { type = "fleet" }, who = "target" }]"#);
    assert!(matches!(
        d.effects[0].op,
        Op::Restrict {
            what: Cannot::SponsorType(CardType::Fleet),
            who: Who::Target,
            ..
        }
    ));
    assert!(
        rules_text(&d).contains("cannot sponsor fleets"),
        "{}",
        rules_text(&d)
    );
    let d = one(r#"[cards."L"]
type = "location"
passive = [{ cannot = "sponsor", cards = { race = "narn" }, who = "each" }, { cannot = "gain-influence" }]"#);
    assert!(matches!(
        d.passives[0],
        Passive::PlayerCannot {
            what: Cannot::SponsorRace(Race::Narn),
            who: Who::Each
        }
    ));
    assert!(matches!(
        d.passives[1],
        Passive::PlayerCannot {
            what: Cannot::GainInfluence,
            who: Who::Others
        }
    ));
    let d = one(r#"[cards."En"]
type = "enhancement"
effects = [{ cannot = "be-targeted-by-others", card = "attached", duration = "while-in-play" }]"#);
    assert!(rules_text(&d).contains("cannot be targeted by other players' cards"));
    // "No other ISA member can rotate your fleets."
    let d = one(r#"[cards."Ag"]
type = "agenda"
passive = [{ cannot = "be-rotated-by-other-isa-members", to = { type = "fleet", side = "own" } }]"#);
    assert!(matches!(
        d.passives[0],
        Passive::Cannot {
            what: Cannot::BeRotatedByOtherIsaMembers,
            ..
        }
    ));
    assert!(
        rules_text(&d).contains("cannot be rotated by the cards of other ISA members"),
        "{}",
        rules_text(&d)
    );
    let d = one(r#"[cards."En"]
type = "enhancement"
effects = [{ cannot = "be-rotated-by-others", card = "attached", duration = "while-in-play" }]"#);
    assert!(rules_text(&d).contains("cannot be rotated by other players' cards"));
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ cannot = "sponsor" }]"#,
        &["cannot.cards"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ cannot = "sponsor", cards = { type = "event" } }]"#,
        &["cards.type", "never matches"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ cannot = "be-targeted", cards = { type = "fleet" } }]"#,
        &["cards"],
    );
}

#[test]
fn contingencies_answer_the_newer_triggers_but_not_leaving_play() {
    let d = one(r#"[cards."C"]
type = "contingency"
attach = "fleet"
trigger = "survived-attack"
effects = [{ remove_damage = 2, card = "attached" }]"#);
    assert_eq!(d.card_type, CardType::Contingency);
    one(r#"[cards."C"]
type = "contingency"
trigger = "fleet-neutralized"
effects = [{ draw = 1 }]"#);
    refused_naming(
        r#"[cards."C"]
type = "contingency"
trigger = "leaves-play"
effects = [{ draw = 1 }]"#,
        &["trigger", "leaves play with the card"],
    );
}

/// Corporate Rule 6: credit tokens put on, taken off as a cost, read by a
/// condition and an amount; the rules text says so.
#[test]
fn credit_tokens_read_and_are_worded() {
    let d = one(r#"[cards."G"]
type = "group"
cost = 2
effects = [{ credits = 3, card = "this" }]
actions = [{ cost = { rotate = false, credits = 1 }, effects = [{ gain_influence = { credits = "this" } }] }]
passive = [{ bonus = { diplomacy = 1 }, to = { ambassador = true, side = "own" }, if = { credits_at_least = 2 } }]"#);
    assert_eq!(d.actions[0].cost.credits, 1);
    assert!(!d.actions[0].cost.only_rotation());
    assert!(matches!(d.effects[0].op, Op::Credits { n: 3, .. }));
    assert!(matches!(
        d.actions[0].effects[0].amount.as_ref().map(|a| &a.base),
        Some(AmountBase::Credits(_))
    ));
    let t = rules_text(&d);
    for words in [
        "put 3 credit tokens on this card",
        "Action: take 1 credit token off this card",
        "the credit tokens on this card",
        "it holds at least 2 credit tokens",
    ] {
        assert!(t.contains(words), "{words:?} not in {t}");
    }
}

#[test]
fn credit_tokens_that_change_nothing_or_have_no_card_are_refused() {
    for (toml, words) in [
        (
            r#"[cards."G"]
type = "group"
actions = [{ cost = { credits = 0 }, effects = [{ draw = 1 }] }]"#,
            ["cost.credits", "no credit tokens"],
        ),
        (
            r#"[cards."G"]
type = "group"
actions = [{ cost = { credits = 101 }, effects = [{ draw = 1 }] }]"#,
            ["cost.credits", "at most 100"],
        ),
        (
            r#"[cards."E"]
type = "event"
cost = 1
effects = [{ credits = 0, card = "this" }]"#,
            ["credits", "changes nothing"],
        ),
        (
            r#"[cards."E"]
type = "event"
cost = 1
requires = [{ credits_at_least = 1 }]
effects = [{ draw = 1 }]"#,
            ["credits_at_least", "event or conflict"],
        ),
    ] {
        refused_naming(toml, &words);
    }
}

/// "This card gets ..." as a lasting effect: `to = { itself = true }`.
#[test]
fn a_bonus_a_card_gives_itself_reads_and_is_worded() {
    let d = one(r#"[cards."F"]
type = "fleet"
cost = 3
military = 2
passive = [{ bonus = { military = 2 }, to = { itself = true }, if = { at_war = true } }]"#);
    assert!(
        matches!(&d.passives[0], Passive::Bonus { filter, .. } if filter.relation() == b5_engine::ThisCard::Itself)
    );
    let t = rules_text(&d);
    assert!(
        t.contains("While you are at war: this card gets +2 Military"),
        "{t}"
    );
}

#[test]
fn itself_outside_a_bonus_of_a_card_on_the_table_is_refused() {
    for (toml, words) in [
        (
            r#"[cards."E"]
type = "event"
cost = 1
target = "card"
target_filter = { type = "character", itself = true }
effects = [{ damage = 1 }]"#,
            [
                "target_filter",
                "the card is not in play when its target is chosen",
            ],
        ),
        (
            r#"[cards."L"]
type = "location"
passive = [{ damage_resistance = 1, to = { itself = true } }]"#,
            ["to.itself", "only for a `bonus`"],
        ),
        (
            r#"[cards."N"]
type = "enhancement"
attach = "character"
passive = [{ bonus = { diplomacy = 1 }, to = { itself = true } }]"#,
            ["to.itself", "never matches"],
        ),
        (
            r#"[cards."F"]
type = "fleet"
military = 1
passive = [{ bonus = { military = 1 }, to = { itself = true, type = "character" } }]"#,
            ["to.itself", "leaves out"],
        ),
    ] {
        refused_naming(toml, &words);
    }
}

// ---- Sponsoring a card of another race (rulings 7.8) ----------------------

#[test]
fn any_race_sponsors_reads_and_needs_a_requirement() {
    let fleet = |extra: &str| {
        format!("[cards.\"Lumen Vanguard\"]\ntype = \"fleet\"\nrace = \"vorlon\"\ncost = 3\nmilitary = 5\n{extra}")
    };
    let d = one(&fleet(
        "requires = [{ marks = { vorlon = 2 } }]\nany_race_sponsors = true\n",
    ));
    assert!(d.any_race_sponsors);
    assert!(
        rules_text(&d).contains("Any faction that meets its requirement may sponsor it"),
        "{}",
        rules_text(&d)
    );
    // Without the requirement it would let anyone sponsor it.
    refused_naming(
        &fleet("any_race_sponsors = true\n"),
        &["any_race_sponsors", "requires"],
    );
    // A character of another race is sponsored at double cost already.
    refused_naming(
        "[cards.\"C\"]\ntype = \"character\"\nrace = \"vorlon\"\ncost = 3\nrequires = [{ marks = { vorlon = 2 } }]\nany_race_sponsors = true\n",
        &["any_race_sponsors", "fleets, groups and locations"],
    );
    // A neutral card is loyal to no race.
    refused_naming(
        "[cards.\"N\"]\ntype = \"fleet\"\ncost = 3\nrequires = [{ marks = { vorlon = 2 } }]\nany_race_sponsors = true\n",
        &["any_race_sponsors", "neutral"],
    );
    // Left out or false: loyalty as the rules have it.
    assert!(!one(&fleet("requires = [{ marks = { vorlon = 2 } }]\n")).any_race_sponsors);
}

#[test]
fn an_ability_that_becomes_a_value_after_every_modifier_is_kept_apart_from_set() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 0
target = "card"
target_filter = { type = "character" }
effects = [{ becomes = { diplomacy = 1 } }, { set = { intrigue = 1 } }]"#);
    assert!(matches!(
        d.effects[0].op,
        Op::SetAbility {
            value: 1,
            last: true,
            ..
        }
    ));
    assert!(matches!(
        d.effects[1].op,
        Op::SetAbility {
            value: 1,
            last: false,
            ..
        }
    ));
    let t = rules_text(&d);
    assert!(
        t.contains(
            "the target card's Diplomacy becomes 1 until the end of the turn, whatever modifies it"
        ),
        "{t}"
    );
    assert!(
        t.contains("the target card's printed Intrigue becomes 1"),
        "{t}"
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
cost = 0
target = "card"
effects = [{ becomes = { diplomacy = 1 }, duration = "printed" }]"#,
        &["becomes.duration", "not a printed value"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
cost = 0
target = "card"
effects = [{ becomes = { diplomacy = 1, psi = 0 } }]"#,
        &["becomes"],
    );
}

#[test]
fn an_events_play_cost_reads_is_worded_and_refuses_what_cannot_be_paid() {
    let d = support::one(
        r#"[cards."E"]
type = "event"
cost = 0
play_cost = { rotate_other = { type = "character", row = "supporting" }, neutralize_other = { type = "fleet" } }
effects = [{ draw = 2 }]"#,
    );
    let c = d.play_cost.as_ref().expect("a play cost");
    assert!(!c.rotate && c.influence == 0);
    assert!(c.rotate_other.is_some() && c.neutralize_other.is_some());
    let t = b5_cards::text::rules_text(&d);
    assert!(
        t.contains("To play it, rotate one of your supporting characters and neutralize one of your fleets"),
        "{t}"
    );
    // A card that is sponsored: "To sponsor it, ...".
    let s = support::one(
        "[cards.\"C\"]\ntype = \"character\"\ncost = 1\nplay_cost = { neutralize_other = { type = \"fleet\" } }",
    );
    let t = b5_cards::text::rules_text(&s);
    assert!(
        t.contains("To sponsor it, neutralize one of your fleets"),
        "{t}"
    );
    // An aftermath: "To play it, ...".
    let a = support::one(
        "[cards.\"M\"]\ntype = \"aftermath\"\ncost = 0\naftermath = { outcome = \"won\" }\nplay_cost = { rotate_other = { type = \"character\", row = \"supporting\" } }\neffects = [{ gain_power = 1 }]",
    );
    assert!(a
        .play_cost
        .as_ref()
        .is_some_and(|c| c.rotate_other.is_some()));
    let t = b5_cards::text::rules_text(&a);
    assert!(
        t.contains("To play it, rotate one of your supporting characters"),
        "{t}"
    );
    // A contingency pays it as it is played face down.
    let q = one("[cards.\"Q\"]\ntype = \"contingency\"\ncost = 0\ntrigger = \"attacked\"\nplay_cost = { rotate_other = { type = \"character\" } }\neffects = [{ draw = 1 }]");
    let t = b5_cards::text::rules_text(&q);
    assert!(
        t.contains("To play it, rotate one of your characters"),
        "{t}"
    );
    // An agenda pays it as it is sponsored (face up or down, or replacing
    // an agenda); a conflict as it is initiated.
    let a = one("[cards.\"A\"]\ntype = \"agenda\"\ncost = 1\nplay_cost = { rotate_other = { type = \"character\" } }");
    let t = b5_cards::text::rules_text(&a);
    assert!(
        t.contains("To sponsor it, rotate one of your characters"),
        "{t}"
    );
    let k = one("[cards.\"K\"]\ntype = \"conflict\"\nconflict = \"military\"\ntarget = \"player\"\nplay_cost = { neutralize_other = { type = \"fleet\" } }");
    assert!(k
        .play_cost
        .as_ref()
        .is_some_and(|c| c.neutralize_other.is_some() && c.rotate_other.is_none()));
    let t = b5_cards::text::rules_text(&k);
    assert!(
        t.contains("To initiate it, neutralize one of your fleets"),
        "{t}"
    );
    for (text, words) in [
        (
            "[cards.\"K\"]\ntype = \"conflict\"\nconflict = \"military\"\ntarget = \"player\"\nplay_cost = { rotate = true }",
            &["play_cost.rotate", "rotate_other or neutralize_other"][..],
        ),
        (
            "[cards.\"E\"]\ntype = \"enhancement\"\ncost = 1\nplay_cost = { rotate_other = { host = true } }",
            &["play_cost.rotate_other", "in the hand"][..],
        ),
        (
            "[cards.\"E\"]\ntype = \"event\"\ncost = 0\nplay_cost = { influence = 1 }",
            &["play_cost.influence", "its influence is `cost`"][..],
        ),
        (
            "[cards.\"E\"]\ntype = \"event\"\ncost = 0\nplay_cost = {}",
            &["play_cost", "name rotate_other or neutralize_other"][..],
        ),
        (
            "[cards.\"E\"]\ntype = \"event\"\ncost = 0\nplay_cost = { rotate_other = { type = \"character\", side = \"other\" } }",
            &["play_cost.rotate_other.side", "only with cards the player controls"][..],
        ),
        (
            "[cards.\"E\"]\ntype = \"event\"\ncost = 0\nplay_cost = { neutralize_other = { type = \"enhancement\" } }",
            &["play_cost.neutralize_other", "never matches"][..],
        ),
    ] {
        support::refused_naming(text, words);
    }
}

#[test]
fn a_price_worked_out_for_the_card_itself_reads_is_worded_and_is_refused() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 3
costs_less = { count = { type = "fleet", side = "own" } }
effects = [{ draw = 2 }]
"#);
    assert!(d.costs_less.is_some() && d.costs_more.is_none());
    let t = rules_text(&d);
    assert!(
        t.contains("This card costs X less to play, where X is the number of fleets you control"),
        "{t}"
    );
    let d = one(r#"[cards."C"]
type = "character"
cost = 2
diplomacy = 2
costs_more = { count = { type = "character", side = "other" } }
"#);
    let t = rules_text(&d);
    assert!(
        t.contains("This card costs X more to sponsor, where X is"),
        "{t}"
    );
    // An agenda's sponsoring and a conflict's initiating.
    let d = one(r#"[cards."A"]
type = "agenda"
cost = 4
costs_less = { count = { type = "fleet", side = "own" } }
"#);
    assert!(
        rules_text(&d).contains("This card costs X less to sponsor"),
        "{}",
        rules_text(&d)
    );
    let d = one(r#"[cards."K"]
type = "conflict"
conflict = "diplomacy"
target = "player"
costs_more = { hand = "self" }
"#);
    assert_eq!(d.initiate_cost, 0);
    assert!(
        rules_text(&d).contains(
            "This card costs X more to initiate, where X is the number of cards in your hand"
        ),
        "{}",
        rules_text(&d)
    );
    let card = |extra: &str| format!("[cards.\"X\"]\n{extra}");
    for (toml, words) in [
        (
            card("type = \"agenda\"\ncosts_more = { hand = \"self\" }"),
            &["costs_more", "give the card a `cost`"][..],
        ),
        (
            card("type = \"conflict\"\nconflict = \"diplomacy\"\ntarget = \"player\"\ncosts_less = { hand = \"self\" }"),
            &["costs_less", "lowers a conflict's `initiate_cost`: give the conflict one"],
        ),
        (
            card("type = \"event\"\ncosts_more = { hand = \"self\" }"),
            &["costs_more", "give the card a `cost`"],
        ),
        (
            card("type = \"event\"\ncost = 1\ncosts_less = 2"),
            &["costs_less", "a fixed number is the printed `cost`"],
        ),
        (
            card("type = \"event\"\ncost = 1\ntarget = \"card\"\ncosts_more = { cost = \"target\" }\neffects = [{ rotate = true }]"),
            &["costs_more", "before the card has a target"],
        ),
    ] {
        refused_naming(&toml, words);
    }
}
