//! Conditions (`docs/card-format.md`, Conditions): the `if` of an effect,
//! a card's `requires`, a lasting effect's `if`, `also_win_if` and an
//! agenda's `victory`.

use b5_engine::{Cmp, Condition, Force, MarkKind, StateKind, ThisCard};

use super::{
    amount_of, filter, marks, never_matches, one_of, race, threshold, At, FilterUse, STATES,
};
use crate::error::LoadError;
use crate::raw::{RawCondition, RawFilter};

/// A condition table into the engine's [`Condition`]: exactly one key.
pub(super) fn condition(at: &At, c: &RawCondition) -> Result<Condition, LoadError> {
    let mut found: Vec<Condition> = Vec::new();
    if let Some(m) = &c.marks {
        let ms = marks(m);
        let kinds: Vec<(MarkKind, u8)> = MarkKind::ALL
            .iter()
            .map(|&k| (k, ms[k.idx()]))
            .filter(|x| x.1 > 0)
            .collect();
        if kinds.len() != 1 {
            return Err(at
                .sub("marks")
                .err("name exactly one kind of mark, e.g. { marks = { shadow = 2 } }"));
        }
        found.push(Condition::Marks {
            kind: kinds[0].0,
            cmp: Cmp::AtLeast(kinds[0].1 as i32),
        });
    }
    let num = [
        (
            c.influence_at_least,
            Condition::Influence as fn(Cmp) -> Condition,
            true,
        ),
        (c.influence_at_most, Condition::Influence, false),
        (c.power_at_least, Condition::Power, true),
        (c.unrest_at_least, Condition::Unrest, true),
        (c.unrest_at_most, Condition::Unrest, false),
        (c.tension_at_least, Condition::TensionTowardTarget, true),
        (c.tension_at_most, Condition::TensionTowardTarget, false),
        (c.margin_at_least, Condition::Margin, true),
        (c.chaos_at_least, Condition::Chaos, true),
        (c.credits_at_least, Condition::Credits, true),
    ];
    for (v, mk, least) in num {
        if let Some(v) = v {
            found.push(mk(if least {
                Cmp::AtLeast(v)
            } else {
                Cmp::AtMost(v)
            }));
        }
    }
    if c.at_war == Some(true) {
        found.push(Condition::AtWar);
    }
    if c.at_war_with_target == Some(true) {
        found.push(Condition::AtWarWithTarget);
    }
    match c.uncontested {
        Some(true) => found.push(Condition::Uncontested),
        Some(false) => {
            return Err(at
                .sub("uncontested")
                .err("write `not = { uncontested = true }` for a contested conflict"))
        }
        None => {}
    }
    if let Some(k) = &c.targeted_by {
        found.push(Condition::TargetedBy(super::filters::ability_bits(
            &at.sub("targeted_by"),
            k,
        )?));
    }
    if let Some(k) = &c.state {
        found.push(Condition::InState(one_of(
            &at.sub("state"),
            "state",
            k,
            StateKind::parse,
            STATES,
        )?));
    }
    if let Some(k) = &c.state_with_target {
        found.push(Condition::InStateWithTarget(one_of(
            &at.sub("state_with_target"),
            "state",
            k,
            StateKind::parse,
            STATES,
        )?));
    }
    if let Some(ctl) = &c.controls {
        let f = RawFilter {
            types: ctl.types.clone(),
            race: ctl.race.clone(),
            row: ctl.row.clone(),
            keyword: ctl.keyword.clone(),
            ..RawFilter::default()
        };
        found.push(Condition::Controls {
            filter: filter(&at.sub("controls"), &f)?,
            cmp: Cmp::AtLeast(ctl.count),
        });
    }
    for (v, force) in [
        (c.babylon5_at_least, Force::Babylon5),
        (c.shadows_at_least, Force::Shadows),
        (c.vorlons_at_least, Force::Vorlons),
    ] {
        if let Some(v) = v {
            found.push(Condition::NonPlayer {
                force,
                cmp: Cmp::AtLeast(v),
            });
        }
    }
    if let Some(b) = c.shadow_war {
        found.push(Condition::ShadowWar(b));
    }
    if let Some(r) = &c.race {
        found.push(Condition::Race(race(&at.sub("race"), r)?));
    }
    for (t, name, least) in [
        (&c.ability_at_least, "ability_at_least", true),
        (&c.ability_at_most, "ability_at_most", false),
    ] {
        if let Some(t) = t {
            let (ability, n) = threshold(&at.sub(name), t)?;
            found.push(Condition::CardAbility {
                ability,
                cmp: if least {
                    Cmp::AtLeast(n as i32)
                } else {
                    Cmp::AtMost(n as i32)
                },
            });
        }
    }
    if let Some(f) = &c.card {
        let fat = at.sub("card");
        let f = filter(&fat, f)?;
        never_matches(&fat, &f, FilterUse::Other)?;
        if !matches!(f.relation(), ThisCard::Itself | ThisCard::Host) {
            return Err(fat.err(
                "names one card by its relation: `itself = true` (this card) or `host = true` (the card this is on)",
            ));
        }
        found.push(Condition::Card(f));
    }
    if let Some(v) = &c.at_least {
        let aat = at.sub("at_least");
        let [a, b] = v.as_slice() else {
            return Err(aat.err(
                "compares two amounts: `at_least = [<amount>, <amount>]` (the first is at least the second)",
            ));
        };
        let a = amount_of(&aat.sub("[0]"), a)?;
        let b = amount_of(&aat.sub("[1]"), b)?;
        if a == b {
            return Err(aat.err("compares an amount with itself: it always holds"));
        }
        found.push(Condition::AtLeast(Box::new([a, b])));
    }
    if let Some(n) = &c.not {
        found.push(Condition::Not(Box::new(condition(&at.sub("not"), n)?)));
    }
    match found.len() {
        1 => Ok(found.pop().unwrap()),
        0 => Err(at.err(
            "a condition needs exactly one key (e.g. marks, influence_at_least, at_war, controls)",
        )),
        _ => Err(at.err("a condition has exactly one key; write several conditions as a list")),
    }
}
