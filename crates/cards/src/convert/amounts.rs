//! Amounts (`docs/card-format.md`, Amounts): a number worked out when the
//! effect happens (an ability, an influence, a count, a sum, half of ...).

use b5_engine::{Amount, AmountBase, CardSel, Force, MarkKind, Rounding, Who};

use super::{
    ability, filter, never_matches, one_of, player_or_chosen, refuse_chosen, small, At, FilterUse,
    CARDS, WHOS,
};
use crate::error::LoadError;
use crate::raw::{RawAmount, RawNum};

/// An amount table into the engine's [`Amount`].
fn amount_expr(at: &At, a: &RawAmount) -> Result<Amount, LoadError> {
    let w = |field: &str, s: &str| one_of(&at.sub(field), "player", s, player_or_chosen, WHOS);
    let mut bases: Vec<AmountBase> = Vec::new();
    if let Some(v) = a.value {
        bases.push(AmountBase::Const(
            small(&at.sub("value"), v, -999, 999)? as i16
        ));
    }
    // `of` (with `who` for an ambassador): the card an ability or marks are read on.
    let of = || -> Result<CardSel, LoadError> {
        let whom = match &a.who {
            None => Who::Me,
            Some(s) => w("who", s)?,
        };
        match &a.of {
            None => Ok(CardSel::This),
            Some(s) => one_of(&at.sub("of"), "card", s, |x| CardSel::parse(x, whom), CARDS),
        }
    };
    if let Some(ab) = &a.ability {
        bases.push(AmountBase::Ability {
            ability: ability(&at.sub("ability"), ab)?,
            card: of()?,
            printed: a.printed.unwrap_or(false),
        });
    } else if a.printed.is_some() {
        return Err(at.sub("printed").err("`printed` goes with `ability`"));
    }
    if let Some(m) = &a.marks {
        let kind = one_of(
            &at.sub("marks"),
            "mark",
            m,
            MarkKind::parse,
            "destiny, doom, strife, conspiracy, shadow, vorlon",
        )?;
        bases.push(AmountBase::Marks(kind, of()?));
    }
    if a.ability.is_none() && a.marks.is_none() && (a.of.is_some() || a.who.is_some()) {
        return Err(at.err("`of` and `who` go with `ability` or `marks`"));
    }
    let card_of = |field: &str, s: &str| {
        one_of(
            &at.sub(field),
            "card",
            s,
            |x| CardSel::parse(x, Who::Me),
            CARDS,
        )
    };
    if let Some(s) = &a.damage {
        bases.push(AmountBase::Damage(card_of("damage", s)?));
    }
    if let Some(s) = &a.cost {
        bases.push(AmountBase::Cost(card_of("cost", s)?));
    }
    if let Some(s) = &a.cards {
        let sel = card_of("cards", s)?;
        if !matches!(
            sel,
            CardSel::Supporters | CardSel::Opposers | CardSel::Chosen
        ) {
            return Err(at.sub("cards").err(format!(
                "`cards` counts the cards on a side of the conflict (supporters or opposers) or the cards a choice chose (chosen): `{s}` names one card"
            )));
        }
        bases.push(AmountBase::Cards(sel));
    }
    if let Some(s) = &a.influence {
        bases.push(match s.as_str() {
            "babylon5" => AmountBase::NonPlayer(Force::Babylon5),
            "shadows" => AmountBase::NonPlayer(Force::Shadows),
            "vorlons" => AmountBase::NonPlayer(Force::Vorlons),
            _ => AmountBase::Influence(one_of(
                &at.sub("influence"),
                "player or force",
                s,
                player_or_chosen,
                "self, target, each, others, leader, chosen, babylon5, shadows, vorlons",
            )?),
        });
    }
    if let Some(s) = &a.power {
        bases.push(AmountBase::Power(w("power", s)?));
    }
    if let Some(s) = &a.unrest {
        bases.push(AmountBase::Unrest(w("unrest", s)?));
    }
    if let Some(s) = &a.spent {
        bases.push(AmountBase::Spent(w("spent", s)?));
    }
    if let Some(s) = &a.hand {
        bases.push(AmountBase::Hand(w("hand", s)?));
    }
    match (&a.tension, &a.toward) {
        (Some(s), t) => {
            let from = w("tension", s)?;
            let to = match t {
                None => Who::Target,
                Some(t) => w("toward", t)?,
            };
            // A player has no tension toward himself.
            if from == to && matches!(from, Who::Me | Who::Target | Who::That) {
                return Err(at.sub("toward").err(format!(
                    "`tension` and `toward` both name {s}: a player has no tension toward himself"
                )));
            }
            bases.push(AmountBase::Tension(from, to));
        }
        (None, Some(_)) => return Err(at.sub("toward").err("`toward` goes with `tension`")),
        (None, None) => {}
    }
    if let Some(s) = &a.credits {
        bases.push(AmountBase::Credits(one_of(
            &at.sub("credits"),
            "card",
            s,
            |x| CardSel::parse(x, Who::Me),
            CARDS,
        )?));
    }
    if let Some(n) = a.per_margin {
        bases.push(AmountBase::PerMargin(
            small(&at.sub("per_margin"), n, 1, 255)? as u8,
        ));
    }
    let list = |field: &str, v: &[RawNum]| -> Result<Vec<Amount>, LoadError> {
        if v.is_empty() {
            return Err(at.sub(field).err("name at least one amount"));
        }
        v.iter()
            .enumerate()
            .map(|(i, x)| amount_any(&at.sub(&format!("{field}[{i}]")), x))
            .collect()
    };
    let mut half = a.half.unwrap_or(false);
    if let Some(x) = &a.half_of {
        bases.push(AmountBase::Sum(vec![amount_any(&at.sub("half_of"), x)?]));
        half = true;
    }
    if let Some(v) = &a.sum {
        bases.push(AmountBase::Sum(list("sum", v)?));
    }
    if let Some(v) = &a.min_of {
        bases.push(AmountBase::Min(list("min_of", v)?));
    }
    if let Some(v) = &a.max_of {
        bases.push(AmountBase::Max(list("max_of", v)?));
    }
    if let Some(f) = &a.count {
        let fat = at.sub("count");
        let f = filter(&fat, f)?;
        never_matches(&fat, &f, FilterUse::Other)?;
        bases.push(AmountBase::Count(f));
    }
    if bases.len() != 1 {
        return Err(at.err(if bases.is_empty() {
            "an amount needs exactly one of value, ability, marks, damage, cost, cards, influence, power, unrest, spent, hand, tension, credits, per_margin, half_of, sum, min_of, max_of, count"
        } else {
            "an amount has exactly one of value, ability, marks, damage, cost, cards, influence, power, unrest, spent, hand, tension, credits, per_margin, half_of, sum, min_of, max_of, count; combine them with sum"
        }));
    }
    let rounding = match a.round.as_deref() {
        None | Some("up") => Rounding::Up,
        Some("down") => Rounding::Down,
        Some(s) => {
            return Err(at
                .sub("round")
                .err(format!("unknown rounding \"{s}\" (expected up, down)")))
        }
    };
    if a.round.is_some() && !half {
        return Err(at.sub("round").err("`round` goes with `half` or `half_of`"));
    }
    let mut out = Amount::of(bases.pop().unwrap());
    if let Some(t) = a.times {
        out.times = small(&at.sub("times"), t, -99, 99)? as i16;
    }
    out.half = half.then_some(rounding);
    if let Some(p) = a.plus {
        out.plus = small(&at.sub("plus"), p, -999, 999)? as i16;
    }
    if let Some(v) = a.at_least {
        out.at_least = Some(small(&at.sub("at_least"), v, -999, 999)? as i16);
    }
    if let Some(v) = a.at_most {
        out.at_most = Some(small(&at.sub("at_most"), v, -999, 999)? as i16);
    }
    if let (Some(lo), Some(hi)) = (out.at_least, out.at_most) {
        if lo > hi {
            return Err(at.sub("at_most").err(format!(
                "at_most {hi} is below at_least {lo}: the amount could never be worked out"
            )));
        }
    }
    Ok(out)
}

/// A number or an amount into an [`Amount`], outside a `choose_player`'s
/// `each` (so naming no player chosen).
pub(super) fn amount_of(at: &At, n: &RawNum) -> Result<Amount, LoadError> {
    let a = amount_any(at, n)?;
    refuse_chosen(at, a.uses_who(Who::Chosen))?;
    Ok(a)
}

/// A number or an amount, which may name the player a `choose_player`
/// chose: the effect it belongs to checks where it is.
pub(super) fn amount_any(at: &At, n: &RawNum) -> Result<Amount, LoadError> {
    match n {
        RawNum::Int(v) => Ok(Amount::of(AmountBase::Const(
            small(at, *v, -999, 999)? as i16
        ))),
        RawNum::Expr(a) => amount_expr(at, a),
    }
}

/// A verb's number: a plain integer within the verb's range (kept as
/// written), or an amount worked out when the effect happens.
pub(super) fn verb_num(
    at: &At,
    n: &RawNum,
    lo: i64,
    hi: i64,
) -> Result<(i64, Option<Amount>), LoadError> {
    match n {
        RawNum::Int(v) => Ok((small(at, *v, lo, hi)?, None)),
        RawNum::Expr(a) => Ok((0, Some(amount_expr(at, a)?))),
    }
}
