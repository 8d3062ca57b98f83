//! The effect vocabulary of the rules themselves (issue 8): blanking,
//! transfers of power and of marks, "Used As", the power needed to win,
//! promote effects and the Shadow War by effect: how the loader reads them,
//! how the rules text words them, and what it refuses, naming the field.

use crate::support;
use support::{one, refused};

use b5_cards::text::rules_text;
use b5_engine::{Ability, CardSel, Duration, MarkKind, Op, Who};

fn event(effects: &str, target: &str) -> String {
    format!("[cards.\"E\"]\ntype = \"event\"\ncost = 1\n{target}\neffects = [{effects}]")
}

#[test]
fn blanking_reads_and_words_its_duration() {
    let d = one(&event(r#"{ blank = true }"#, r#"target = "card""#));
    assert_eq!(
        d.effects[0].op,
        Op::Blank {
            card: CardSel::Target,
            duration: Duration::Turn
        }
    );
    let t = rules_text(&d);
    assert!(
        t.contains(
            "the target card has its text blanked until the end of the turn (its keywords stay)"
        ),
        "{t}"
    );
    let d = one(r#"[cards."L"]
type = "enhancement"
attach = "location"
effects = [{ blank = true, card = "attached", duration = "while-in-play" }]"#);
    assert!(
        rules_text(&d)
            .contains("the card it is on has its text blanked while this card is in play"),
        "{}",
        rules_text(&d)
    );
}

#[test]
fn blanking_refuses_what_can_never_work() {
    let e = refused(&event(r#"{ blank = false }"#, r#"target = "card""#));
    assert!(e.contains("blank") && e.contains("blank = true"), "{e}");
    let e = refused(&event(
        r#"{ blank = true, duration = "printed" }"#,
        r#"target = "card""#,
    ));
    assert!(e.contains("blank.duration"), "{e}");
    let e = refused(&event(r#"{ blank = true }"#, ""));
    assert!(e.contains("no card target"), "{e}");
    let e = refused(&event(
        r#"{ blank = true, to = "self" }"#,
        r#"target = "card""#,
    ));
    assert!(e.contains("`to` does not apply to `blank`"), "{e}");
}

#[test]
fn power_transfers_read_and_refuse_a_player_to_himself() {
    let d = one(&event(
        r#"{ transfer_power = 2, who = "target" }"#,
        r#"target = "player""#,
    ));
    assert_eq!(
        d.effects[0].op,
        Op::TransferPower {
            n: 2,
            who: Who::Target,
            to: Who::Me
        }
    );
    assert!(rules_text(&d).contains("transfer 2 power from the target player to you"));
    let e = refused(&event(r#"{ transfer_power = 1 }"#, ""));
    assert!(
        e.contains("transfer_power.to") && e.contains("same player"),
        "{e}"
    );
    let e = refused(&event(
        r#"{ transfer_power = 0, who = "target" }"#,
        r#"target = "player""#,
    ));
    assert!(e.contains("transfer_power") && e.contains("0 power"), "{e}");
}

#[test]
fn mark_moves_read_and_refuse_what_cannot_move() {
    let d = one(&event(
        r#"{ move_mark = "doom", card = "target", onto = "ambassador", count = 2 }"#,
        r#"target = "card""#,
    ));
    assert_eq!(
        d.effects[0].op,
        Op::MoveMark {
            kind: MarkKind::Doom,
            card: CardSel::Target,
            onto: CardSel::Ambassador(Who::Me),
            count: 2
        }
    );
    assert!(
        rules_text(&d).contains("move up to 2 Doom marks from the target card to your ambassador"),
        "{}",
        rules_text(&d)
    );
    let e = refused(&event(r#"{ move_mark = "doom" }"#, r#"target = "card""#));
    assert!(e.contains("move_mark.onto"), "{e}");
    let e = refused(&event(
        r#"{ move_mark = "doom", onto = "target" }"#,
        r#"target = "card""#,
    ));
    assert!(
        e.contains("move_mark.onto") && e.contains("come from"),
        "{e}"
    );
    let e = refused(&event(
        r#"{ move_mark = "doom", onto = "this", count = 0 }"#,
        r#"target = "card""#,
    ));
    assert!(e.contains("move_mark.count"), "{e}");
    let e = refused(&event(
        r#"{ move_mark = "luck", onto = "this" }"#,
        r#"target = "card""#,
    ));
    assert!(e.contains("move_mark") && e.contains("unknown mark"), "{e}");
}

#[test]
fn used_as_reads_and_needs_another_ability() {
    let d = one(&event(
        r#"{ use_ability = "diplomacy", as = "intrigue" }"#,
        r#"target = "card""#,
    ));
    assert_eq!(
        d.effects[0].op,
        Op::UseAs {
            from: Ability::Diplomacy,
            to: Ability::Intrigue,
            card: CardSel::Target
        }
    );
    assert!(
        rules_text(&d).contains("may use its Diplomacy as Intrigue until the end of the turn (in conflicts and attacks)"),
        "{}",
        rules_text(&d)
    );
    let e = refused(&event(
        r#"{ use_ability = "diplomacy" }"#,
        r#"target = "card""#,
    ));
    assert!(e.contains("use_ability.as"), "{e}");
    let e = refused(&event(
        r#"{ use_ability = "psi", as = "psi" }"#,
        r#"target = "card""#,
    ));
    assert!(e.contains("use_ability.as") && e.contains("itself"), "{e}");
}

#[test]
fn power_to_win_reads_and_refuses_durations_the_check_never_sees() {
    let d = one(&event(r#"{ power_to_win = 3, who = "others" }"#, ""));
    assert_eq!(
        d.effects[0].op,
        Op::PowerToWin {
            n: 3,
            who: Who::Others,
            duration: Duration::Turn
        }
    );
    assert!(
        rules_text(&d)
            .contains("Each other player needs 3 more power to win until the end of the turn"),
        "{}",
        rules_text(&d)
    );
    let e = refused(&event(
        r#"{ power_to_win = -2, duration = "conflict" }"#,
        "",
    ));
    assert!(e.contains("power_to_win.duration"), "{e}");
    let e = refused(&event(r#"{ power_to_win = 0 }"#, ""));
    assert!(e.contains("power_to_win"), "{e}");
}

#[test]
fn promote_reads_free_or_not_and_refuses_an_ambassador() {
    let d = one(&event(
        r#"{ promote = true, free = true }"#,
        r#"target = "card""#,
    ));
    assert_eq!(
        d.effects[0].op,
        Op::Promote {
            card: CardSel::Target,
            free: true
        }
    );
    assert!(rules_text(&d).contains("promote the target card to the Inner Circle for free"));
    let d = one(&event(r#"{ promote = true }"#, r#"target = "card""#));
    assert!(rules_text(&d).contains("applying its promotion cost"));
    let e = refused(&event(r#"{ promote = true, card = "ambassador" }"#, ""));
    assert!(
        e.contains("promote.card") && e.contains("ambassador"),
        "{e}"
    );
    let e = refused(&event(r#"{ draw = 1, free = true }"#, ""));
    assert!(e.contains("`free` does not apply to `draw`"), "{e}");
}

#[test]
fn shadow_war_effects_read_start_and_end() {
    let d = one(&event(r#"{ shadow_war = "start" }"#, ""));
    assert_eq!(d.effects[0].op, Op::ShadowWar { start: true });
    assert!(rules_text(&d).contains("The Shadow War begins"));
    let d = one(&event(r#"{ shadow_war = "end" }"#, ""));
    assert_eq!(d.effects[0].op, Op::ShadowWar { start: false });
    assert!(rules_text(&d).contains("the wars it started end with it"));
    let e = refused(&event(r#"{ shadow_war = "pause" }"#, ""));
    assert!(e.contains("shadow_war") && e.contains("start, end"), "{e}");
}

#[test]
fn counting_only_influence_reads_and_refuses_a_conflict_duration() {
    let d = one(&event(
        r#"{ count_only_influence = true, who = "others" }"#,
        "",
    ));
    assert_eq!(
        d.effects[0].op,
        Op::InfluenceOnlyPower {
            who: Who::Others,
            duration: Duration::Turn
        }
    );
    assert!(
        rules_text(&d).contains("Each other player counts only their Influence Rating as power until the end of the turn"),
        "{}",
        rules_text(&d)
    );
    let e = refused(&event(
        r#"{ count_only_influence = true, duration = "conflict" }"#,
        "",
    ));
    assert!(e.contains("count_only_influence.duration"), "{e}");
    let e = refused(&event(r#"{ count_only_influence = false }"#, ""));
    assert!(e.contains("count_only_influence = true"), "{e}");
}

#[test]
fn ranger_one_is_a_keyword_of_characters() {
    let d = one(r#"[cards."C"]
type = "character"
cost = 3
diplomacy = 2
keywords = ["ranger", "Ranger One"]"#);
    assert!(d.kw.ranger_one && d.kw.ranger);
    let d = one(r#"[cards."C"]
type = "character"
cost = 3
diplomacy = 2
keywords = ["ranger"]"#);
    assert!(!d.kw.ranger_one);
    let msg = refused(
        r#"[cards."F"]
type = "fleet"
cost = 3
military = 2
keywords = ["ranger one"]"#,
    );
    assert!(
        msg.contains("keywords") && msg.contains("\"ranger one\" is a keyword of characters"),
        "{msg}"
    );
}

#[test]
fn lasting_power_to_win_reads_words_and_refuses() {
    use b5_engine::Passive;
    let d = one(r#"[cards."L"]
type = "location"
cost = 2
passive = [{ power_to_win = -3 }]"#);
    assert_eq!(
        d.passives[0],
        Passive::PowerToWin {
            who: Who::Me,
            n: -3
        }
    );
    let t = rules_text(&d);
    assert!(t.contains("You need 3 less power to win"), "{t}");
    let d = one(r#"[cards."L"]
type = "location"
cost = 2
passive = [{ power_to_win = 2, who = "others" }]"#);
    assert_eq!(
        d.passives[0],
        Passive::PowerToWin {
            who: Who::Others,
            n: 2
        }
    );
    assert!(rules_text(&d).contains("Each other player needs 2 more power to win"));
    for (p, want) in [
        ("power_to_win = 0", "passive[0].power_to_win"),
        ("power_to_win = -20", "-19 to 100"),
        ("power_to_win = -2, who = \"target\"", "has no target"),
    ] {
        let msg = refused(&format!(
            "[cards.\"L\"]\ntype = \"location\"\ncost = 2\npassive = [{{ {p} }}]"
        ));
        assert!(msg.contains(want), "{p}: {msg}");
    }
}

#[test]
fn transfer_chaos_reads_words_and_refuses() {
    let d = one(&event(
        r#"{ transfer_chaos = 2, card = "target", onto = "ambassador" }"#,
        r#"target = "card""#,
    ));
    assert_eq!(
        d.effects[0].op,
        Op::TransferChaos {
            card: CardSel::Target,
            onto: CardSel::Ambassador(Who::Me),
            count: 2
        }
    );
    let t = rules_text(&d);
    assert!(t.contains("move up to 2 Chaos Tokens from"), "{t}");
    for (e, want) in [
        (r#"{ transfer_chaos = 0, onto = "this" }"#, "0 Chaos Tokens"),
        (
            r#"{ transfer_chaos = 1, card = "target" }"#,
            "transfer_chaos.onto",
        ),
        (
            r#"{ transfer_chaos = 1, card = "target", onto = "target" }"#,
            "come from",
        ),
        (
            r#"{ transfer_chaos = 1, card = "target", onto = "this", count = 2 }"#,
            "`count` does not apply",
        ),
    ] {
        let msg = refused(&event(e, r#"target = "card""#));
        assert!(msg.contains(want), "{e}: {msg}");
    }
}

#[test]
fn transfer_damage_reads_words_and_refuses() {
    let d = one(&event(
        r#"{ transfer_damage = 2, card = "ambassador", onto = "target" }"#,
        r#"target = "card""#,
    ));
    assert_eq!(
        d.effects[0].op,
        Op::TransferDamage {
            card: CardSel::Ambassador(Who::Me),
            onto: CardSel::Target,
            count: 2
        }
    );
    let t = rules_text(&d);
    assert!(t.contains("move up to 2 damage from"), "{t}");
    assert!(t.contains("not an attack"), "{t}");
    for (e, want) in [
        (r#"{ transfer_damage = 0, onto = "this" }"#, "0 damage"),
        (
            r#"{ transfer_damage = 1, card = "target" }"#,
            "transfer_damage.onto",
        ),
        (
            r#"{ transfer_damage = 1, card = "target", onto = "target" }"#,
            "comes from",
        ),
        (
            r#"{ transfer_damage = 1, card = "supporters", onto = "ambassador" }"#,
            "transfer_damage.card",
        ),
        (
            r#"{ transfer_damage = 1, card = "target", onto = "this", count = 2 }"#,
            "`count` does not apply",
        ),
        (
            r#"{ transfer_damage = 1, card = "target", onto = "nowhere" }"#,
            "transfer_damage.onto",
        ),
    ] {
        let msg = refused(&event(e, r#"target = "card""#));
        assert!(msg.contains(want), "{e}: {msg}");
    }
}

#[test]
fn move_attached_reads_words_and_refuses() {
    let d = one(&event(
        r#"{ move_attached = true, card = "target", onto = "ambassador" }"#,
        r#"target = "card"
target_filter = { type = "enhancement" }"#,
    ));
    assert_eq!(
        d.effects[0].op,
        Op::MoveAttached {
            card: CardSel::Target,
            onto: CardSel::Ambassador(Who::Me),
        }
    );
    let t = rules_text(&d);
    assert!(
        t.contains("move the target card onto your ambassador (as if played there"),
        "{t}"
    );
    for (e, want) in [
        (
            r#"{ move_attached = false, card = "target", onto = "this" }"#,
            "move_attached = true",
        ),
        (
            r#"{ move_attached = true, card = "target" }"#,
            "move_attached.onto",
        ),
        (
            r#"{ move_attached = true, card = "target", onto = "target" }"#,
            "onto itself",
        ),
        (
            r#"{ move_attached = true, card = "supporters", onto = "this" }"#,
            "one card to one card",
        ),
        (
            r#"{ move_attached = true, card = "target", onto = "this", count = 2 }"#,
            "`count` does not apply",
        ),
    ] {
        let msg = refused(&event(e, r#"target = "card""#));
        assert!(msg.contains(want), "{e}: {msg}");
    }
}

/// Glossary, Transfer: influence to an entity such as the Shadows.
#[test]
fn a_transfer_of_influence_to_a_non_player_faction_reads_and_is_worded() {
    let d = one(r#"[cards."E"]
type = "event"
cost = 1
effects = [{ transfer_influence = 2, to = "shadows" }]"#);
    assert!(matches!(
        d.effects[0].op,
        b5_engine::Op::TransferToForce {
            n: 2,
            force: b5_engine::Force::Shadows,
            ..
        }
    ));
    let t = rules_text(&d);
    assert!(t.contains("You transfer 2 influence to the Shadows"), "{t}");
}

#[test]
fn tension_set_to_a_level_reads_is_worded_and_is_checked() {
    let d = one(&event(
        r#"{ tension_to = 1 }, { tension_to = 5, mutual = true }"#,
        "target = \"player\"",
    ));
    assert!(matches!(
        d.effects[0].op,
        Op::Tension {
            n: 1,
            who: Who::Me,
            toward: Who::Target,
            mutual: false,
            set: true
        }
    ));
    let t = rules_text(&d);
    assert!(
        t.contains("your tension toward the target player becomes 1"),
        "{t}"
    );
    assert!(
        t.contains("tension between you and the target player becomes 5"),
        "{t}"
    );
    for n in [0, 6] {
        let e = refused(&event(
            &format!("{{ tension_to = {n} }}"),
            "target = \"player\"",
        ));
        assert!(e.contains("tension_to") && e.contains("1 to 5"), "{e}");
    }
    let e = refused(&event(
        r#"{ tension_to = 2, toward_race = "narn" }"#,
        "target = \"player\"",
    ));
    assert!(e.contains("toward_race"), "{e}");
}

#[test]
fn war_conflicts_without_a_state_of_war_read_are_worded_and_refuse_what_cannot_be() {
    let d = one(r#"[cards."A"]
type = "agenda"
race = "narn"
cost = 1
passive = [{ war_conflicts = true, who = "human", if = { tension = { toward = "human", at_least = 5 } } }]"#);
    assert_eq!(
        d.passives,
        vec![b5_engine::Passive::WarConflicts {
            who: b5_engine::Who::Race(b5_engine::Race::Human)
        }]
    );
    let t = b5_cards::text::rules_text(&d);
    assert!(
        t.contains("may declare war conflicts against Human factions, and they against you, though no state of war exists"),
        "{t}"
    );
    // Others by default.
    let o =
        one("[cards.\"L\"]\ntype = \"location\"\ncost = 1\npassive = [{ war_conflicts = true }]");
    assert_eq!(
        o.passives,
        vec![b5_engine::Passive::WarConflicts {
            who: b5_engine::Who::Others
        }]
    );
    support::refused_naming(
        "[cards.\"L\"]\ntype = \"location\"\ncost = 1\npassive = [{ war_conflicts = true, who = \"self\" }]",
        &["passive[0].who", "other players"],
    );
    support::refused_naming(
        "[cards.\"L\"]\ntype = \"location\"\ncost = 1\npassive = [{ war_conflicts = false }]",
        &["passive[0].war_conflicts", "only ever true"],
    );
    // Drakh Rule 9: no other card names the Drakh, in a lasting effect's
    // players as anywhere else.
    support::refused_naming(
        "[cards.\"L\"]\ntype = \"location\"\ncost = 1\npassive = [{ war_conflicts = true, who = \"drakh\" }]",
        &["Drakh Rule 9"],
    );
    support::refused_naming(
        "[cards.\"L\"]\ntype = \"location\"\ncost = 1\npassive = [{ cannot_win = true, who = \"drakh\" }]",
        &["Drakh Rule 9"],
    );
}
