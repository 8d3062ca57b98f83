//! The card vocabulary of issue 13 for attacks made by effects and for
//! changes to attack damage: how the loader reads them, how the rules text
//! words them, and what the loader refuses, naming the field.

use crate::support;
use support::{one, refused_naming};

use b5_cards::text::rules_text;
use b5_engine::{
    Ability, AttackMod, AttackUsing, CardSel, Duration, Op, Passive, Reversible, TargetKind, Who,
};

#[test]
fn an_attack_made_by_an_effect_reads_and_is_worded() {
    let d = one(r#"[cards."F"]
type = "fleet"
cost = 3
military = 3
actions = [{ target = "card", target_filter = { type = "fleet", side = "other" }, effects = [{ attack = "military", card = "target" }] }]"#);
    assert_eq!(
        d.actions[0].effects[0].op,
        Op::Attack {
            ability: AttackUsing::Ability(Ability::Military),
            by: CardSel::This,
            card: CardSel::Target
        }
    );
    let t = rules_text(&d);
    assert!(
        t.contains("this card attacks the target card using Military (not in a conflict)"),
        "{t}"
    );
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
target = "card"
target_filter = { type = "character", side = "other" }
effects = [{ attack = "diplomacy", by = "ambassador", card = "target" }]"#);
    assert_eq!(
        d.effects[0].op,
        Op::Attack {
            ability: AttackUsing::Ability(Ability::Diplomacy),
            by: CardSel::Ambassador(Who::Me),
            card: CardSel::Target
        }
    );
    assert!(rules_text(&d).contains("your ambassador attacks the target card using Diplomacy"));
}

#[test]
fn attacks_that_can_never_be_made_are_refused() {
    // Only characters and fleets attack.
    refused_naming(
        r#"[cards."L"]
type = "location"
actions = [{ target = "card", target_filter = { type = "fleet" }, effects = [{ attack = "military", card = "target" }] }]"#,
        &["actions[0].effects.by", "only characters and fleets attack"],
    );
    // Never a card of your own faction.
    refused_naming(
        r#"[cards."F"]
type = "fleet"
military = 2
actions = [{ target = "card", target_filter = { type = "fleet", side = "own" }, effects = [{ attack = "military", card = "target" }] }]"#,
        &["actions[0].target_filter.side", "own faction"],
    );
    // Never a neutralized card.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "character", neutralized = true }
effects = [{ attack = "psi", by = "ambassador", card = "target" }]"#,
        &["target_filter.neutralized"],
    );
    // Only characters, fleets and locations are attacked.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
target_filter = { type = "group" }
effects = [{ attack = "psi", by = "ambassador", card = "target" }]"#,
        &["target_filter.type"],
    );
    // Not itself; one card on one card; a real ability; nothing after it.
    refused_naming(
        r#"[cards."F"]
type = "fleet"
military = 2
actions = [{ effects = [{ attack = "military", card = "this" }] }]"#,
        &[".attack.by", "itself"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "military"
won = [{ attack = "military", by = "supporters", card = "opposers" }]"#,
        &[".attack.by", "one card on one card"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ attack = "charm", by = "ambassador", card = "target" }]"#,
        &[".attack", "charm"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ attack = "military", by = "ambassador", card = "target" }, { draw = 1 }]"#,
        &["last effect"],
    );
    // An enhancement on a group never attacks.
    refused_naming(
        r#"[cards."En"]
type = "enhancement"
attach = "group"
actions = [{ target = "card", target_filter = { type = "fleet" }, effects = [{ attack = "military", by = "attached", card = "target" }] }]"#,
        &[".by", "group"],
    );
}

#[test]
fn attack_modifiers_read_as_effects_and_lasting_effects() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
target = "card"
target_filter = { type = "fleet", side = "own" }
effects = [{ attack_mod = { suffers_half = true, deals = 1 }, card = "target", duration = "turn" }]"#);
    assert_eq!(
        d.effects[0].op,
        Op::AttackMod {
            m: AttackMod {
                deals: 1,
                suffers_half: true,
                ..AttackMod::default()
            },
            card: CardSel::Target,
            duration: Duration::Turn
        }
    );
    let t = rules_text(&d);
    assert!(
        t.contains("the target card deals 1 more damage in attacks and suffers half damage from attacks (rounded up) until the end of the turn"),
        "{t}"
    );
    let d = one(r#"[cards."En"]
type = "enhancement"
cost = 1
attach = "fleet"
passive = [{ attack_mod = { deals = 2, no_return = true } }]"#);
    assert!(matches!(
        d.passives[0],
        Passive::AttackMod { filter: None, .. }
    ));
    let t = rules_text(&d);
    assert!(
        t.contains("The card it is on deals 2 more damage in attacks and suffers no damage in return when attacking"),
        "{t}"
    );
    let d = one(r#"[cards."L"]
type = "location"
cost = 2
passive = [{ attack_mod = { suffers = -1, deals_double = true }, to = { type = "fleet", side = "own" } }]"#);
    let t = rules_text(&d);
    assert!(
        t.contains("Fleets you control deal double damage in attacks and suffer 1 less damage from attacks"),
        "{t}"
    );
}

#[test]
fn attack_modifiers_that_change_nothing_are_refused() {
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ attack_mod = { deals = 0 }, card = "target" }]"#,
        &[".attack_mod", "changes nothing"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ attack_mod = { no_return = false }, card = "target" }]"#,
        &["no_return = true"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ attack_mod = { halved = true }, card = "target" }]"#,
        &["halved"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ attack_mod = { deals = 1 }, card = "target", duration = "printed" }]"#,
        &[".duration", "no printed value"],
    );
    refused_naming(
        r#"[cards."L"]
type = "location"
passive = [{ attack_mod = {} }]"#,
        &["passive[0].attack_mod", "changes nothing"],
    );
}

#[test]
fn an_attack_using_the_targets_highest_ability_reads_and_is_worded() {
    let d = one(r#"[cards."Duelist"]
type = "character"
cost = 3
diplomacy = 3
intrigue = 4
actions = [{ cost = { rotate = true, influence = 1 }, target = "card", target_filter = { type = "character", side = "other" }, effects = [{ attack = "highest", card = "target" }] }]"#);
    assert_eq!(
        d.actions[0].effects[0].op,
        Op::Attack {
            ability: AttackUsing::TargetsHighest,
            by: CardSel::This,
            card: CardSel::Target,
        }
    );
    let t = rules_text(&d);
    assert!(
        t.contains("this card attacks the target card using whichever of its abilities is highest (its controller's choice on a tie)"),
        "{t}"
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ attack = "strongest", by = "ambassador", card = "target" }]"#,
        &["strongest", "highest"],
    );
}

#[test]
fn damage_from_the_printed_ability_for_one_attack_reads_and_is_worded() {
    // Rulings, Entrap: "does damage equal to its printed Military minus any
    // damage it might have", for the attack it answers.
    let d = one(r#"[cards."Snare"]
type = "contingency"
cost = 0
attach = "fleet"
trigger = "attacked"
effects = [{ attack_mod = { deals_printed = true }, card = "attacker", duration = "attack" }]"#);
    let op = &d.triggers[0].effects[0].op;
    let Op::AttackMod { m, card, duration } = op else {
        panic!("{op:?}")
    };
    assert!(m.deals_printed && !m.deals_double && m.deals == 0);
    assert_eq!((*card, *duration), (CardSel::Attacker, Duration::Attack));
    let t = rules_text(&d);
    assert!(
        t.contains("deals damage in attacks equal to its printed ability minus its damage, with nothing raising it for this attack"),
        "{t}"
    );
    // Lowering changes still count beside it; raising ones never would.
    one(r#"[cards."L"]
type = "location"
passive = [{ attack_mod = { deals_printed = true, deals = -1 }, to = { type = "fleet", side = "other" } }]"#);
    for (raise, field) in [
        ("deals = 2", "`deals`"),
        ("deals_double = true", "`deals_double`"),
    ] {
        refused_naming(
            &format!(
                r#"[cards."E"]
type = "event"
target = "card"
effects = [{{ attack_mod = {{ deals_printed = true, {raise} }}, card = "target" }}]"#
            ),
            &[".attack_mod", field, "never works"],
        );
    }
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ attack_mod = { deals_printed = false }, card = "target" }]"#,
        &["deals_printed = true"],
    );
    // Only an attack modifier lasts for one attack.
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "card"
effects = [{ bonus = { military = 2 }, card = "target", duration = "attack" }]"#,
        &["effects.bonus.duration", "only a change to attack damage"],
    );
}

#[test]
fn a_conflict_that_becomes_an_enhancement_reads_and_is_worded() {
    let d = one(r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
won = [{ gain_influence = 1 }]
becomes_enhancement = "ambassador"
bonus = { diplomacy = 1 }"#);
    assert_eq!(
        d.becomes_enhancement,
        Some(b5_engine::EnhancementOn::Ambassador)
    );
    let t = rules_text(&d);
    assert!(
        t.contains("If won, this card is not discarded: it becomes an enhancement on your ambassador, with this text. The card it is on gets +1 Diplomacy"),
        "{t}"
    );
    // Its lasting text may hold what an enhancement's does.
    let d = one(r#"[cards."C"]
type = "conflict"
conflict = "intrigue"
target = "card"
target_filter = { type = "character", side = "other" }
becomes_enhancement = "target"
passive = [{ attack_mod = { suffers = 1 } }]
triggers = [{ on = "attacked", effects = [{ damage = 1, card = "attacker" }] }]"#);
    assert!(rules_text(&d).contains("The card it is on suffers 1 more damage from attacks"));
}

#[test]
fn a_conflict_that_cannot_become_an_enhancement_is_refused() {
    refused_naming(
        r#"[cards."E"]
type = "event"
becomes_enhancement = "target"
bonus = { diplomacy = 1 }"#,
        &["becomes_enhancement", "only a conflict"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
becomes_enhancement = "target"
bonus = { diplomacy = 1 }"#,
        &["becomes_enhancement", "targets a card"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
becomes_enhancement = "target-ambassador"
bonus = { diplomacy = 1 }"#,
        &["becomes_enhancement", "targets a player"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
becomes_enhancement = "ambassador""#,
        &["becomes_enhancement", "no text"],
    );
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
target = "player"
becomes_enhancement = "faction"
bonus = { diplomacy = 1 }"#,
        &["becomes_enhancement", "faction"],
    );
    // Without it, a conflict still has no lasting text.
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
bonus = { diplomacy = 1 }"#,
        &["bonus"],
    );
}

#[test]
fn reversal_reads_and_is_refused_where_it_never_applies() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 2
effects = [{ reverse = "event" }]"#);
    assert_eq!(d.effects[0].op, Op::Reverse(Reversible::Event));
    // It targets the event it reverses (rulings, Not Meant To Be).
    assert_eq!(d.target, TargetKind::Event);
    let t = rules_text(&d);
    assert!(
        t.contains(
            "Reverse the effects of target event another player played since your last action"
        ),
        "{t}"
    );
    assert!(!t.to_lowercase().contains("target an event"), "{t}");
    let d = one(r#"[cards."E"]
type = "event"
target = "event"
effects = [{ reverse = "event" }]"#);
    assert_eq!(d.target, TargetKind::Event);
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "player"
effects = [{ reverse = "event" }]"#,
        &[".target", "leave `target` out", "\"player\""],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target = "event"
effects = [{ gain_influence = 1 }]"#,
        &[".target", "only for a card", "reverse = \"event\""],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
target_filter = { type = "character" }
effects = [{ reverse = "event" }]"#,
        &[".target_filter", "takes no filter"],
    );
    refused_naming(
        r#"[cards."G"]
type = "group"
actions = [{ target = "card", effects = [{ reverse = "event" }] }]"#,
        &["actions[0].target", "leave `target` out"],
    );
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ reverse = "contingency" }]"#);
    assert_eq!(d.effects[0].op, Op::Reverse(Reversible::Contingency));
    assert!(rules_text(&d).contains("Reverse the effects of the contingency just revealed"));
    let d = one(r#"[cards."E"]
type = "event"
effects = [{ reverse = "conflict" }]"#);
    assert_eq!(d.effects[0].op, Op::Reverse(Reversible::Conflict));
    assert!(rules_text(&d).contains("Reverse the effect text of the conflict just resolved"));
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ reverse = "aftermath" }]"#,
        &[".reverse", "reverse = \"event\"", "\"conflict\""],
    );
    // A contingency and a card action may reverse (`vocabulary_negate.rs`
    // has the rest); a conflict's effect text never does.
    let d = one(r#"[cards."K"]
type = "contingency"
trigger = "attacked"
effects = [{ reverse = "contingency" }]"#);
    assert_eq!(
        d.triggers[0].effects[0].op,
        Op::Reverse(Reversible::Contingency)
    );
    let d = one(r#"[cards."G"]
type = "group"
actions = [{ effects = [{ reverse = "event" }] }]"#);
    assert_eq!(d.actions[0].effects[0].op, Op::Reverse(Reversible::Event));
    assert_eq!(d.actions[0].target, TargetKind::Event);
    refused_naming(
        r#"[cards."C"]
type = "conflict"
conflict = "diplomacy"
won = [{ reverse = "event" }]"#,
        &[".won", "never reverses"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ later = "end-of-turn", effects = [{ reverse = "event" }] }]"#,
        &[".effects", "not nested"],
    );
    refused_naming(
        r#"[cards."E"]
type = "event"
effects = [{ reverse = "event", who = "target" }]"#,
        &["`who` does not apply to `reverse`"],
    );
}
