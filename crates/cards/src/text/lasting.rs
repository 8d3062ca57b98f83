//! Lasting effects in words (card format: Lasting effects): what a card does
//! while it is in play, "Narn fleets get +1 Military".

use b5_engine::{Amount, AmountBase, MarkKind, Passive, ThisCard, Who};

use crate::text::amount_text;
use crate::text::conditions::condition_text;
use crate::text::effects::{attack_mod_text, cannot_text};
use crate::text::filters::{filter_one, filter_text};
use crate::text::{and_list, bonus_text, cap, capital_first, mark, plural, who_subject};

/// A lasting bonus's amount: " for each location you control", or
/// " times X, where X is ...".
fn per_text(a: &Amount) -> String {
    match &a.base {
        AmountBase::Count(f) if *a == Amount::of(a.base.clone()) => {
            let one = filter_one(f);
            let bare = one
                .strip_prefix("an ")
                .or_else(|| one.strip_prefix("a "))
                .unwrap_or(&one);
            format!(" for each {bare}")
        }
        _ => format!(" times X, where X is {}", amount_text(a)),
    }
}

pub(super) fn passive_text(p: &Passive, attached: bool) -> String {
    match p {
        Passive::AttackMod {
            filter: Some(filter),
            m,
        } => format!(
            "{} {}",
            cap(&filter_text(filter, "cards")),
            attack_mod_text(m, true)
        ),
        Passive::AttackMod { filter: None, m } => format!(
            "{} {}",
            if attached {
                "The card it is on"
            } else {
                "This card"
            },
            attack_mod_text(m, false)
        ),
        Passive::Bonus { filter, bonus, per } => {
            // "This card" and "the card this is on" are one card.
            let one = matches!(filter.relation(), ThisCard::Itself | ThisCard::Host);
            format!(
                "{} get{} {}{}",
                cap(&filter_text(filter, "cards")),
                if one { "s" } else { "" },
                bonus_text(bonus),
                per.as_deref().map(per_text).unwrap_or_default()
            )
        }
        Passive::Discount { filter, amount } => format!(
            "Sponsoring {} costs you {} less",
            filter_text(filter, "cards"),
            amount
        ),
        Passive::ExtraDraw(n) => format!(
            "You draw {} more in the Draw Round",
            plural(*n as i64, "card", "cards")
        ),
        Passive::DrawInstead(n) => {
            format!("You draw {n} cards instead of 1 in the Draw Round (not cumulative)")
        }
        Passive::ExtraInfluence(n) => format!("You may apply {n} additional influence each turn"),
        Passive::AttackDamage { filter, amount } => format!(
            "{} deal {} more damage in attacks",
            cap(&filter_text(filter, "cards")),
            amount
        ),
        Passive::DamageResistance { filter, amount } => format!(
            "{} have damage resistance {}",
            cap(&filter_text(filter, "cards")),
            amount
        ),
        Passive::ExtraConflict(n) => format!(
            "You may declare {} more each turn",
            plural(*n as i64, "conflict", "conflicts")
        ),
        Passive::Marks { filter, marks } => {
            let list = marks_list(marks);
            match filter {
                Some(f) => format!(
                    "{} have {list} while this card is in play",
                    cap(&filter_text(f, "cards"))
                ),
                None if attached => format!("The card it is on has {list} while this is attached"),
                None => format!("Your ambassador has {list} while this card is in play"),
            }
        }
        Passive::Cannot { filter, what } => format!(
            "{} cannot {}",
            match filter {
                Some(f) => cap(&filter_text(f, "cards")),
                None if attached => "The card it is on".to_string(),
                None => "This card".to_string(),
            },
            cannot_text(*what)
        ),
        Passive::PlayerCannot { who, what } => format!(
            "{} cannot {}",
            match who {
                Who::Me => "You".into(),
                Who::Each => "No player".into(),
                Who::Race(r) => format!("{} players", r.display()),
                _ => "Your opponents".into(),
            },
            cannot_text(*what)
        )
        .replace("No player cannot", "No player may"),
        Passive::Surcharge {
            who,
            filter,
            amount,
        } => {
            let (n, where_x) = surcharge_text(amount);
            format!(
                "{} cost {} {n} more to sponsor{where_x}",
                cap(&filter_text(filter, "cards")),
                match who {
                    Who::Me => "you".into(),
                    Who::Each => "every player".into(),
                    Who::Race(r) => format!("{} players", r.display()),
                    _ => "your opponents".into(),
                }
            )
        }
        Passive::InfluenceRating(n) => format!(
            "While this card is in play, your Influence Rating is {} by {} (not a gain or loss)",
            if *n >= 0 { "increased" } else { "decreased" },
            (*n as i16).abs()
        ),
        Passive::Initiative(n) => format!(
            "Your initiative score is {} when initiative is determined",
            if *n >= 0 {
                format!("{n} higher")
            } else {
                format!("{} lower", -(*n as i16))
            }
        ),
        Passive::Sponsors { filter, free } => format!(
            "This card may rotate as if it were an Inner Circle character to sponsor {}{}",
            filter_text(filter, "cards"),
            if *free { " for free" } else { "" }
        ),
        Passive::CannotWin { who } => {
            format!("{} cannot win", capital_first(&who_subject(*who)))
        }
        Passive::AlsoWins { condition, major } => format!(
            "You also win a {} Victory if {}",
            if *major { "Major" } else { "Standard" },
            condition_text(condition)
        ),
        Passive::PowerToWin { who, n } => format!(
            "{} {} {} {} power to win",
            capital_first(&who_subject(*who)),
            if matches!(who, Who::Me) {
                "need"
            } else {
                "needs"
            },
            n.unsigned_abs(),
            if *n < 0 { "less" } else { "more" }
        ),
        Passive::WarConflicts { who } => format!(
            "You may declare war conflicts against {}, and they against you, though no state of war exists",
            match who {
                Who::Race(r) => format!("{} factions", r.display()),
                _ => "other factions".into(),
            }
        ),
    }
}

/// "1 Doom mark and 2 Shadow marks".
fn marks_list(m: &[u8; 6]) -> String {
    let items: Vec<String> = MarkKind::ALL
        .into_iter()
        .filter(|k| m[k.idx()] > 0)
        .map(|k| {
            let n = m[k.idx()] as i64;
            plural(
                n,
                &format!("{} mark", mark(k)),
                &format!("{} marks", mark(k)),
            )
        })
        .collect();
    let refs: Vec<&str> = items.iter().map(String::as_str).collect();
    and_list(&refs)
}

/// A surcharge's amount and what follows "more to sponsor": ("2", ""), or
/// ("X", ", where X is your tension toward the player sponsoring") (the
/// player sponsoring is its `that`).
fn surcharge_text(a: &Amount) -> (String, String) {
    match (&a.base, a.times, a.half, a.plus) {
        (AmountBase::Const(n), 1, None, 0) => (n.to_string(), String::new()),
        _ => (
            "X".into(),
            format!(
                ", where X is {}",
                amount_text(a).replace("that card's player", "the player sponsoring")
            ),
        ),
    }
}
