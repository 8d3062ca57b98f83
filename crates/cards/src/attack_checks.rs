//! What the loader refuses in the attack vocabulary: attacks made by
//! effects that could never be made (Engine Rules v1.2, Attack a Conflict
//! Participant: characters and fleets attack; "Neutralized cards ... cannot
//! be attacked. You cannot attack a card in your own faction.") and attack
//! modifiers that change nothing.

use b5_engine::{
    AttachKind, AttackMod, CardDef, CardFilter, CardSel, CardType, Effect, Op, Relation,
    SecondTarget, Side, TargetKind, Who,
};

use crate::raw::RawAttackMod;

/// An error: the field (below the card) and the message.
type Refusal = (String, String);

/// `by` and `card` of an `attack` effect.
pub(crate) fn attack_sels(by: CardSel, card: CardSel) -> Result<(), Refusal> {
    for (f, s) in [("by", by), ("card", card)] {
        if matches!(s, CardSel::Supporters | CardSel::Opposers) {
            return Err((
                f.into(),
                "an attack is made by one card on one card: name this, attached, ambassador, target, second or attacker".into(),
            ));
        }
    }
    if by == card {
        return Err((
            "by".into(),
            format!(
                "a card cannot attack itself: `by` and `card` both name `{}`",
                by.name()
            ),
        ));
    }
    Ok(())
}

/// `attack_mod = { ... }` into an [`AttackMod`].
pub(crate) fn attack_mod(r: &RawAttackMod) -> Result<AttackMod, String> {
    for (name, v) in [
        ("deals_double", r.deals_double),
        ("suffers_half", r.suffers_half),
        ("no_return", r.no_return),
        ("deals_printed", r.deals_printed),
    ] {
        if v == Some(false) {
            return Err(format!("write `{name} = true` (or leave it out)"));
        }
    }
    let m = AttackMod {
        deals: r.deals.unwrap_or(0),
        deals_double: r.deals_double.unwrap_or(false),
        suffers: r.suffers.unwrap_or(0),
        suffers_half: r.suffers_half.unwrap_or(false),
        no_return: r.no_return.unwrap_or(false),
        deals_printed: r.deals_printed.unwrap_or(false),
    };
    if m.is_none() {
        return Err(
            "an attack modifier changes nothing: give deals, deals_double, suffers, suffers_half, no_return or deals_printed"
                .into(),
        );
    }
    // Rulings, Entrap: with `deals_printed` nothing raises the damage dealt.
    if m.deals_printed && (m.deals > 0 || m.deals_double) {
        let f = if m.deals_double {
            "deals_double"
        } else {
            "deals"
        };
        return Err(format!(
            "`{f}` never works beside `deals_printed = true`: nothing raises the damage of a card dealing its printed ability minus its damage"
        ));
    }
    Ok(m)
}

fn attacker_types() -> u16 {
    CardType::Character.bit() | CardType::Fleet.bit()
}
fn attackable_types() -> u16 {
    attacker_types() | CardType::Location.bit()
}

/// Whether a card of this definition is (or sits on) a card that attacks /
/// can be attacked, for `this` and `attached`.
fn sel_types(d: &CardDef, s: CardSel) -> Option<(u16, &'static str)> {
    match s {
        CardSel::This => Some((d.card_type.bit(), d.card_type.name())),
        CardSel::Attached => {
            let attached = matches!(
                d.card_type,
                CardType::Enhancement | CardType::Aftermath | CardType::Contingency
            );
            let host = match (attached, d.attach) {
                (true, AttachKind::Character) => CardType::Character,
                (true, AttachKind::Fleet) => CardType::Fleet,
                (true, AttachKind::Location) => CardType::Location,
                (true, AttachKind::Group) => CardType::Group,
                _ => return Some((0, "nothing: this card is attached to no card that attacks")),
            };
            Some((host.bit(), host.name()))
        }
        _ => None,
    }
}

/// A second target's field name and definition.
type Second<'a> = Option<(&'a str, &'a SecondTarget)>;

/// The attack of `by` on `card` when either is the second target (Legal
/// Targets): the same limits as for the first target.
fn check_second_attack(
    by: CardSel,
    card: CardSel,
    first: &CardFilter,
    second: Second,
) -> Result<(), Refusal> {
    let Some((sname, s)) = second else {
        return Ok(());
    };
    let f = &s.filter;
    if card == CardSel::Second {
        if f.types != 0 && f.types & attackable_types() == 0 {
            return Err((
                format!("{sname}.type"),
                "never works: the second target is attacked, and only characters, fleets and locations are".into(),
            ));
        }
        if f.neutralized == Some(true) {
            return Err((
                format!("{sname}.neutralized"),
                "never works: neutralized cards cannot be attacked".into(),
            ));
        }
        let own_attacker = matches!(
            by,
            CardSel::This | CardSel::Attached | CardSel::Ambassador(Who::Me)
        ) || (by == CardSel::Target && first.side == Side::Own);
        if f.side == Side::Own && own_attacker {
            return Err((
                format!("{sname}.side"),
                "never works: you cannot attack a card in your own faction".into(),
            ));
        }
    }
    if by == CardSel::Second && f.types != 0 && f.types & attacker_types() == 0 {
        return Err((
            format!("{sname}.type"),
            "never works: the second target attacks, and only characters and fleets do".into(),
        ));
    }
    // "You cannot attack a card in your own faction": not the first target's.
    let pair = matches!(
        (by, card),
        (CardSel::Target, CardSel::Second) | (CardSel::Second, CardSel::Target)
    );
    if pair && s.relation == Relation::SameFaction {
        return Err((
            sname.replace("second_target", "second_relation"),
            "never works: the two targets are in one faction, and a card cannot attack a card in its own faction".into(),
        ));
    }
    Ok(())
}

fn check_attack(
    d: &CardDef,
    at: &str,
    (by, card): (CardSel, CardSel),
    target: TargetKind,
    filter: (&str, &CardFilter),
    second: Second,
) -> Result<(), Refusal> {
    check_second_attack(by, card, filter.1, second)?;
    if let Some((bits, name)) = sel_types(d, by) {
        if bits & attacker_types() == 0 {
            return Err((
                format!("{at}.by"),
                format!(
                    "never works: only characters and fleets attack, and `{}` is a {name}",
                    by.name()
                ),
            ));
        }
    }
    if let Some((bits, name)) = sel_types(d, card) {
        if bits & attackable_types() == 0 {
            return Err((
                format!("{at}.card"),
                format!("never works: only characters, fleets and locations are attacked, and `{}` is a {name}", card.name()),
            ));
        }
    }
    let (fname, f) = filter;
    if target == TargetKind::Card {
        if card == CardSel::Target {
            if f.types != 0 && f.types & attackable_types() == 0 {
                return Err((
                    format!("{fname}.type"),
                    "never works: the target is attacked, and only characters, fleets and locations are".into(),
                ));
            }
            if f.neutralized == Some(true) {
                return Err((
                    format!("{fname}.neutralized"),
                    "never works: neutralized cards cannot be attacked".into(),
                ));
            }
            let own_attacker = matches!(
                by,
                CardSel::This | CardSel::Attached | CardSel::Ambassador(Who::Me)
            );
            if f.side == Side::Own && own_attacker {
                return Err((
                    format!("{fname}.side"),
                    "never works: you cannot attack a card in your own faction".into(),
                ));
            }
        }
        if by == CardSel::Target && f.types != 0 && f.types & attacker_types() == 0 {
            return Err((
                format!("{fname}.type"),
                "never works: the target attacks, and only characters and fleets do".into(),
            ));
        }
    }
    Ok(())
}

/// A conquest of the target (`conquer`): only a location in another
/// faction is conquered (War Conflicts, Conquering Locations), so a target
/// filter that allows none never lets it happen.
fn check_conquest(target: TargetKind, (fname, f): (&str, &CardFilter)) -> Result<(), Refusal> {
    if target != TargetKind::Card {
        return Ok(());
    }
    if !f.allows_type(CardType::Location) {
        return Err((
            fname.into(),
            "never matches: `conquer` takes a location, and this target can never be one (add type = \"location\")".into(),
        ));
    }
    if f.side == Side::Own {
        return Err((
            fname.into(),
            "never matches: `conquer` takes a location in another faction, and this target is one of yours (side = \"other\")".into(),
        ));
    }
    Ok(())
}

fn walk(
    d: &CardDef,
    at: &str,
    list: &[Effect],
    (target, filter): (TargetKind, (&str, &CardFilter)),
    second: Second,
) -> Result<(), Refusal> {
    let t = (target, filter);
    for e in list {
        match &e.op {
            Op::Attack { by, card, .. } => {
                check_attack(d, at, (*by, *card), target, filter, second)?
            }
            Op::Conquer {
                card: CardSel::Target,
            } => check_conquest(target, filter)?,
            Op::Delayed { effects, .. } | Op::Unless { effects, .. } => {
                walk(d, at, effects, t, second)?
            }
            Op::Vote { pass, fail, .. } => {
                walk(d, at, pass, t, second)?;
                walk(d, at, fail, t, second)?;
            }
            Op::Modes { modes, .. } => {
                for m in modes {
                    walk(d, at, m, t, second)?;
                }
            }
            // The chosen card is the target of `each`: no filter to check;
            // `after` acts on the card's own target.
            Op::Pick { each, after, .. } => {
                walk(d, at, each, (TargetKind::None, filter), second)?;
                walk(d, at, after, t, second)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Every attack the card's effects make.
pub(crate) fn card(d: &CardDef) -> Result<(), Refusal> {
    let f = ("target_filter", &d.filter);
    let second = d.second.as_ref().map(|s| ("second_target", s));
    walk(d, "effects", &d.effects, (d.target, f), second)?;
    for (name, list) in [
        ("initiated", &d.initiated),
        ("resolution", &d.resolution),
        ("won", &d.won),
        ("lost", &d.lost),
        ("when_played", &d.when_played),
    ] {
        walk(d, name, list, (d.target, f), None)?;
    }
    for (n, list) in d.won_by.iter() {
        walk(d, &format!("won_by_{n}"), list, (d.target, f), None)?;
    }
    for (n, list) in d.lost_by.iter() {
        walk(d, &format!("lost_by_{n}"), list, (d.target, f), None)?;
    }
    for (i, a) in d.actions.iter().enumerate() {
        let fname = format!("actions[{i}].target_filter");
        let sname = format!("actions[{i}].second_target");
        walk(
            d,
            &format!("actions[{i}].effects"),
            &a.effects,
            (a.target, (&fname, &a.filter)),
            a.second.as_ref().map(|s| (sname.as_str(), s)),
        )?;
    }
    for (i, t) in d.triggers.iter().enumerate() {
        // A contingency targets the card it is on; a triggered effect none.
        walk(
            d,
            &format!("triggers[{i}].effects"),
            &t.effects,
            (TargetKind::None, f),
            None,
        )?;
    }
    Ok(())
}
