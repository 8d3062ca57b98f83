//! Rules text for players, generated from a card's data so that what a
//! player reads and what the engine enforces cannot drift apart.
//!
//! The parts follow the sections of `docs/card-format.md`: the whole card
//! (`card.rs`), its effects worded by family (`effects/`), amounts, conditions,
//! filters and targets, actions and lasting effects. This file holds the
//! entry points and the words every part shares.

mod actions;
mod amounts;
mod card;
mod conditions;
mod effects;
mod filters;
mod lasting;

pub use amounts::amount_text;
pub use card::rules_text;
pub use effects::effects_text;

use std::borrow::Cow;

use b5_engine::{Ability, AbilityBonus, CardSel, Duration, Force, MarkKind, Who};

fn plural(n: i64, one: &str, many: &str) -> String {
    if n.abs() == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn who_subject(w: Who) -> Cow<'static, str> {
    Cow::Borrowed(match w {
        Who::Me => "you",
        Who::Target => "the target player",
        Who::Each => "each player",
        Who::Others => "each other player",
        Who::Leader => "the side with the most support",
        Who::That => "that card's player",
        Who::Chosen => "the chosen player",
        Who::Race(r) => return format!("each {} player", r.display()).into(),
    })
}

fn who_object(w: Who) -> Cow<'static, str> {
    Cow::Borrowed(match w {
        Who::Me => "you",
        Who::Target => "the target player",
        Who::Each => "every player",
        Who::Others => "every other player",
        Who::Leader => "the side with the most support",
        Who::That => "that card's player",
        Who::Chosen => "the chosen player",
        Who::Race(r) => return format!("every {} player", r.display()).into(),
    })
}

/// Third-person verb agreement: "you gain", "each player gains".
/// "you gain 2 influence", "the target player loses 1 power".
fn who_does(w: Who, base: &str, what: impl std::fmt::Display) -> String {
    format!("{} {} {what}", who_subject(w), verb(w, base))
}

fn verb(w: Who, base: &str) -> String {
    match w {
        Who::Me => base.to_string(),
        _ => {
            if base.ends_with('s') || base.ends_with("sh") {
                format!("{base}es")
            } else {
                format!("{base}s")
            }
        }
    }
}

fn possessive(w: Who) -> Cow<'static, str> {
    Cow::Borrowed(match w {
        Who::Me => "your",
        Who::Target => "the target player's",
        Who::Each => "each player's",
        Who::Others => "each other player's",
        Who::Leader => "the leading side's",
        Who::That => "that card's player's",
        Who::Chosen => "the chosen player's",
        Who::Race(r) => return format!("each {} player's", r.display()).into(),
    })
}

fn card_name(c: CardSel) -> String {
    match c {
        CardSel::Target => "the target card".into(),
        CardSel::Ambassador(w) => format!("{} ambassador", possessive(w)),
        CardSel::This => "this card".into(),
        CardSel::Attached => "the card it is on".into(),
        CardSel::Attacker => "the other card in the attack".into(),
        CardSel::Supporters => "every supporting card".into(),
        CardSel::Opposers => "every opposing card".into(),
        CardSel::Second => "the second target".into(),
        CardSel::That => "that card".into(),
        CardSel::Chosen => "each card chosen this way".into(),
        CardSel::FirstAttacker => "the card that first attacked in the conflict".into(),
    }
}

fn bonus_text(b: &AbilityBonus) -> String {
    let mut parts = Vec::new();
    if b.all != 0 {
        parts.push(format!("{:+} to all abilities", b.all));
    }
    for a in Ability::ALL {
        let v = b.values[a.idx()];
        if v != 0 {
            parts.push(format!("{:+} {}", v, a.display()));
        }
    }
    parts.join(", ")
}

fn duration_text(d: Duration) -> &'static str {
    match d {
        Duration::Turn => " until the end of the turn",
        Duration::WhileRotated => " while this card remains rotated",
        Duration::Conflict => " until the conflict resolves",
        Duration::Permanent => " for the rest of the game",
        Duration::Printed => " to its printed value",
        Duration::WhileInPlay => " while this card is in play",
        Duration::Attack => " for this attack",
        Duration::WhileSustained => " while you sustain with your initial supporter",
    }
}

fn force_name(f: Force) -> &'static str {
    match f {
        Force::Babylon5 => "Babylon 5",
        Force::Shadows => "the Shadows",
        Force::Vorlons => "the Vorlons",
    }
}

fn mark(k: MarkKind) -> &'static str {
    match k {
        MarkKind::Destiny => "Destiny",
        MarkKind::Doom => "Doom",
        MarkKind::Strife => "Strife",
        MarkKind::Conspiracy => "Conspiracy",
        MarkKind::Shadow => "Shadow",
        MarkKind::Vorlon => "Vorlon",
    }
}

/// The text with its first letter in lower case.
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The article before a word: "an Intrigue conflict", "a Psi conflict".
pub(crate) fn an(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn capital_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
