//! A card's actions in words (card format: Actions): "Action: rotate, apply
//! 1 influence, target a player: ...".

use b5_engine::{CardAction, CardFilter, Cost};

use crate::text::conditions::condition_text;
use crate::text::filters::{filter_text, targets_text};
use crate::text::{effects_text, mark, plural};

pub(super) fn action_text(a: &CardAction) -> String {
    let mut cost = Vec::new();
    if a.cost.rotate {
        cost.push("rotate".to_string());
    }
    if a.cost.influence > 0 {
        cost.push(format!("apply {} influence", a.cost.influence));
    }
    if let Some((k, n)) = a.cost.purge {
        cost.push(format!(
            "purge {}",
            plural(
                n as i64,
                &format!("{} mark", mark(k)),
                &format!("{} marks", mark(k))
            )
        ));
    }
    if let Some(f) = &a.cost.rotate_other {
        cost.push(format!("rotate {}", own_other(f)));
    }
    if let Some(f) = &a.cost.neutralize_other {
        cost.push(format!("neutralize {}", own_other(f)));
    }
    if a.cost.credits > 0 {
        cost.push(format!(
            "take {} off this card",
            plural(a.cost.credits as i64, "credit token", "credit tokens")
        ));
    }
    if let Some(n) = &a.cost.chaos {
        let plain = n.times == 1
            && n.half.is_none()
            && n.plus == 0
            && n.at_least.is_none()
            && n.at_most.is_none();
        cost.push(match n.base {
            b5_engine::AmountBase::Const(v) if plain => format!(
                "discard {} from the cards you control",
                plural(v as i64, "Chaos Token", "Chaos Tokens")
            ),
            _ => format!(
                "discard X Chaos Tokens from the cards you control, where X is {}",
                crate::text::amounts::amount_text(n)
            ),
        });
    }
    if a.cost.discard {
        cost.push("discard this card".into());
    }
    let once = match (a.anyone, a.limit) {
        (false, Some(l)) => format!(" (only once per {})", l.name()),
        (true, Some(l)) => format!(" (any player may use it, only once per {})", l.name()),
        (true, None) => " (any player may use it)".to_string(),
        (false, None) => String::new(),
    };
    let mut s = format!("Action{once}: {}", cost.join(", "));
    if let Some(c) = &a.condition {
        s.push_str(&format!(" (only if {})", condition_text(c)));
    }
    let t = targets_text(a.target, &a.filter, &a.second);
    if !t.is_empty() {
        s.push_str(&format!(", {t}"));
    }
    s.push_str(&format!(": {}", effects_text(&a.effects, false)));
    s
}

/// "another fleet you control": a cost's card, in words.
fn own_other(f: &CardFilter) -> String {
    let t = filter_text(f, "cards");
    let t = t.replace(" in your faction", "");
    format!("one of your other {t}")
}

/// A play cost: "To play it, rotate one of your characters" (`verb`:
/// "play" for an event, an aftermath or a contingency, "sponsor" for a
/// card that is sponsored, "initiate" for a conflict).
pub(super) fn play_cost_text(c: &Cost, verb: &str) -> String {
    let yours = |f: &CardFilter| {
        let t = filter_text(f, "cards").replace(" in your faction", "");
        format!("one of your {t}")
    };
    let mut parts = Vec::new();
    if let Some(f) = &c.rotate_other {
        parts.push(format!("rotate {}", yours(f)));
    }
    if let Some(f) = &c.neutralize_other {
        parts.push(format!("neutralize {}", yours(f)));
    }
    format!("To {verb} it, {}", parts.join(" and "))
}
