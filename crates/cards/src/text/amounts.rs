//! Amounts in words (card format: Amounts): "half the target card's Psi,
//! rounded up", "the number of fleets you control".

use b5_engine::{Amount, AmountBase, CardSel, Rounding};

use crate::text::filters::filter_text;
use crate::text::{card_name, force_name, mark, possessive, who_object, who_subject};

/// An amount in words.
pub fn amount_text(a: &Amount) -> String {
    let mut s = match &a.base {
        AmountBase::Const(n) => n.to_string(),
        AmountBase::Ability {
            ability,
            card,
            printed,
        } => {
            let whose = match card {
                CardSel::Supporters => "the total".to_string(),
                CardSel::Opposers => "the total".to_string(),
                c => format!("{}'s", card_name(*c)),
            };
            let of = match card {
                CardSel::Supporters => " of the supporting cards",
                CardSel::Opposers => " of the opposing cards",
                _ => "",
            };
            format!(
                "{whose} {}{}{of}",
                if *printed { "printed " } else { "" },
                ability.display()
            )
        }
        AmountBase::Influence(w) => format!("{} Influence Rating", possessive(*w)),
        AmountBase::Power(w) => format!("{} power", possessive(*w)),
        AmountBase::Unrest(w) => format!("{} unrest", possessive(*w)),
        AmountBase::Tension(w, toward) => {
            format!("{} tension toward {}", possessive(*w), who_object(*toward))
        }
        AmountBase::Hand(w) => format!("the number of cards in {} hand", possessive(*w)),
        AmountBase::Spent(w) => format!("the influence {} applied this turn", who_subject(*w)),
        AmountBase::Credits(c) => format!("the credit tokens on {}", card_name(*c)),
        AmountBase::Marks(k, c) => {
            format!("the number of {} Marks on {}", mark(*k), card_name(*c))
        }
        AmountBase::Damage(c) => format!("the damage on {}", card_name(*c)),
        AmountBase::Cost(c) => format!("{}'s printed cost", card_name(*c)),
        AmountBase::Cards(CardSel::Supporters) => "the number of supporting cards".into(),
        AmountBase::Cards(CardSel::Opposers) => "the number of opposing cards".into(),
        AmountBase::Cards(CardSel::Chosen) => "the number of cards chosen this way".into(),
        AmountBase::Cards(c) => format!("the number of cards {} names", card_name(*c)),
        AmountBase::NonPlayer(f) => format!("{}'s influence", force_name(*f)),
        AmountBase::PerMargin(n) => {
            format!("1 for each {n} by which the conflict was won or lost")
        }
        AmountBase::Sum(v) if v.len() == 1 => amount_text(&v[0]),
        AmountBase::Sum(v) => {
            let parts: Vec<String> = v.iter().map(amount_text).collect();
            format!("the sum of {}", parts.join(" and "))
        }
        AmountBase::Min(v) => {
            let parts: Vec<String> = v.iter().map(amount_text).collect();
            format!("the least of {}", parts.join(" and "))
        }
        AmountBase::Max(v) => {
            let parts: Vec<String> = v.iter().map(amount_text).collect();
            format!("the greatest of {}", parts.join(" and "))
        }
        AmountBase::Count(f) => format!("the number of {}", filter_text(f, "cards in play")),
    };
    match a.times {
        1 => {}
        2 => s = format!("twice {s}"),
        t => s = format!("{t} times {s}"),
    }
    match a.half {
        Some(Rounding::Up) => s = format!("half {s}, rounded up"),
        Some(Rounding::Down) => s = format!("half {s}, rounded down"),
        None => {}
    }
    if a.plus > 0 {
        s = format!("{s} plus {}", a.plus);
    } else if a.plus < 0 {
        s = format!("{s} minus {}", -a.plus);
    }
    if let Some(lo) = a.at_least {
        s = format!("{s} (at least {lo})");
    }
    if let Some(hi) = a.at_most {
        s = format!("{s} (at most {hi})");
    }
    s
}
