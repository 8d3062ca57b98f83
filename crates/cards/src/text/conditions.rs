//! Conditions in words (card format: Conditions): "you are at war with the
//! target", "you control at least 2 fleets".

use b5_engine::{CardFilter, Cmp, Condition, ThisCard, Who};

use crate::text::amount_text;
use crate::text::filters::{conflict_kinds_text, filter_text};
use crate::text::{force_name, mark};

fn cmp_text(c: Cmp) -> String {
    match c {
        Cmp::AtLeast(n) => format!("at least {n}"),
        Cmp::AtMost(n) => format!("at most {n}"),
    }
}

/// One player of those a word names, for "some player ... holds": "you",
/// "the target player", "another player", "a Narn player" (possessive: "your",
/// "the target player's" ...).
pub(super) fn some_player(w: Who, possessive: bool) -> String {
    let s = match w {
        Who::Me => {
            return if possessive {
                "your".into()
            } else {
                "you".into()
            }
        }
        Who::Target => "the target player".to_string(),
        Who::Each => "a player".to_string(),
        Who::Others => "another player".to_string(),
        Who::Leader => "the leading side".to_string(),
        Who::That => "that card's player".to_string(),
        Who::Chosen => "the chosen player".to_string(),
        Who::Race(r) => format!("a {} player", r.display()),
    };
    if possessive {
        format!("{s}'s")
    } else {
        s
    }
}

pub(super) fn condition_text(c: &Condition) -> String {
    match c {
        Condition::Marks { kind, cmp } => {
            format!("you have {} {} marks", cmp_text(*cmp), mark(*kind))
        }
        Condition::Influence(cmp) => format!("your Influence Rating is {}", cmp_text(*cmp)),
        Condition::Power(cmp) => format!("your power is {}", cmp_text(*cmp)),
        Condition::Unrest(cmp) => format!("your unrest is {}", cmp_text(*cmp)),
        Condition::TensionTowardTarget(cmp) => {
            format!("your tension toward the target is {}", cmp_text(*cmp))
        }
        Condition::Tension {
            who,
            toward,
            cmp,
            mutual,
        } => format!(
            "{} tension toward {} is {}{}",
            some_player(*who, true),
            if who == toward && !matches!(who, Who::Me | Who::Target | Who::That) {
                "a third player".into()
            } else {
                some_player(*toward, false)
            },
            cmp_text(*cmp),
            if *mutual { ", each way" } else { "" }
        ),
        Condition::AtWar => "you are at war".into(),
        Condition::AtWarWithTarget => "you are at war with the target".into(),
        Condition::InState(k) => format!(
            "you are in a state of {} with a player",
            k.name().replace('-', " ")
        ),
        Condition::InStateWithTarget(k) => {
            format!(
                "you are in a state of {} with the target",
                k.name().replace('-', " ")
            )
        }
        Condition::Controls { filter, cmp } => format!(
            "you control {} {}",
            cmp_text(*cmp),
            filter_text(filter, "cards")
        ),
        Condition::NonPlayer { force, cmp } => {
            format!("{} has {} influence", force_name(*force), cmp_text(*cmp))
        }
        Condition::ShadowWar(true) => "the Shadow War is in effect".into(),
        Condition::ShadowWar(false) => "the Shadow War is not in effect".into(),
        Condition::Race(r) => format!("you play the {}", r.display()),
        Condition::Margin(cmp) => format!("the margin is {}", cmp_text(*cmp)),
        Condition::Uncontested => "the conflict was won uncontested".into(),
        Condition::AttackMade => "one or more attacks were made in the conflict".into(),
        Condition::HoldsConquest => "you control a location you conquered using this card".into(),
        Condition::FirstAction => "it is your first action of the Action Round".into(),
        Condition::TargetedBy(kinds) => format!(
            "you are targeted by {} this turn",
            conflict_kinds_text(*kinds)
        ),
        Condition::Chaos(cmp) => {
            format!("the cards you control hold {} Chaos Tokens", cmp_text(*cmp))
        }
        Condition::Credits(cmp) => format!("it holds {} credit tokens", cmp_text(*cmp)),
        Condition::CardAbility {
            ability,
            cmp: Cmp::AtMost(0),
        } => format!("its {} is 0", ability.display()),
        Condition::CardAbility { ability, cmp } => {
            format!("its {} is {}", ability.display(), cmp_text(*cmp))
        }
        Condition::Card(f) => {
            let subject = if f.relation() == ThisCard::Host {
                "the card this is on"
            } else {
                "this card"
            };
            let rest = CardFilter {
                parts: None,
                ..f.clone()
            };
            format!("{subject} is one of the {}", filter_text(&rest, "cards"))
        }
        Condition::Not(c) => format!("it is not true that {}", condition_text(c)),
        Condition::All(cs) => join_conditions(cs, "and"),
        Condition::Any(cs) => format!("either {}", join_conditions(cs, "or")),
        Condition::AtLeast(ab) => format!(
            "{} is at least {}",
            amount_text(&ab[0]),
            amount_text(&ab[1])
        ),
    }
}

/// Conditions in a row: "A, B and C" ("or" for alternatives).
fn join_conditions(cs: &[Condition], word: &str) -> String {
    let parts: Vec<String> = cs.iter().map(condition_text).collect();
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => parts.concat(),
    }
}
