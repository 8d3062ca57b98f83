//! Conditions (`docs/card-format.md`, Conditions): the `if` of an effect,
//! a card's `requires`, a lasting effect's `if`, `also_win_if` and an
//! agenda's `victory`.

use b5_engine::{Cmp, Condition, Force, MarkKind, StateKind, ThisCard, Who};

use super::{
    amount_any, filter, marks, never_matches, one_of, player_or_chosen, race, refuse_chosen,
    threshold, At, FilterUse, STATES, WHOS,
};
use crate::error::LoadError;
use crate::raw::{RawCondition, RawFilter, RawTension};

/// A condition outside a `choose_player`'s `each` (so naming no player
/// chosen).
pub(super) fn condition(at: &At, c: &RawCondition) -> Result<Condition, LoadError> {
    let out = condition_any(at, c)?;
    refuse_chosen(at, out.uses_who(Who::Chosen))?;
    Ok(out)
}

/// A condition table into the engine's [`Condition`]: exactly one key. It
/// may name the player a `choose_player` chose: the effect it belongs to
/// checks where it is.
pub(super) fn condition_any(at: &At, c: &RawCondition) -> Result<Condition, LoadError> {
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
    if let Some(t) = &c.tension {
        found.push(tension(&at.sub("tension"), t)?);
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
    match c.attack_made {
        Some(true) => found.push(Condition::AttackMade),
        Some(false) => {
            return Err(at.sub("attack_made").err(
                "write `not = { attack_made = true }` for a conflict in which no attack was made",
            ))
        }
        None => {}
    }
    match c.holds_conquest {
        Some(true) => found.push(Condition::HoldsConquest),
        Some(false) => {
            return Err(at.sub("holds_conquest").err(
                "write `not = { holds_conquest = true }` for \"if you control no location you conquered with this card\"",
            ))
        }
        None => {}
    }
    match c.first_action {
        Some(true) => found.push(Condition::FirstAction),
        Some(false) => {
            return Err(at
                .sub("first_action")
                .err("write `not = { first_action = true }` for any action but the first"))
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
        let a = amount_any(&aat.item(0), a)?;
        let b = amount_any(&aat.item(1), b)?;
        if a == b {
            return Err(aat.err("compares an amount with itself: it always holds"));
        }
        found.push(Condition::AtLeast(Box::new([a, b])));
    }
    if let Some(n) = &c.not {
        found.push(Condition::Not(Box::new(condition_any(&at.sub("not"), n)?)));
    }
    for (key, list, all) in [("all_of", &c.all_of, true), ("any_of", &c.any_of, false)] {
        let Some(list) = list else { continue };
        let lat = at.sub(key);
        if list.len() < 2 {
            return Err(lat.err(format!(
                "`{key}` combines two or more conditions: write the one condition by itself"
            )));
        }
        let parts = list
            .iter()
            .enumerate()
            .map(|(i, c)| condition_any(&lat.item(i), c))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(i) = (1..parts.len()).find(|&i| parts[..i].contains(&parts[i])) {
            return Err(lat.item(i).err("the same condition twice: write it once"));
        }
        found.push(if all {
            Condition::All(parts.into())
        } else {
            Condition::Any(parts.into())
        });
    }
    match found.len() {
        1 => Ok(found.pop().unwrap()),
        0 => Err(at.err(
            "a condition needs exactly one key (e.g. marks, influence_at_least, at_war, controls)",
        )),
        _ => Err(at.err("a condition has exactly one key; write several conditions as a list")),
    }
}

/// A tension between the players two words name (`tension = { who, toward,
/// at_least | at_most, mutual }`).
fn tension(at: &At, t: &RawTension) -> Result<Condition, LoadError> {
    let word = |field: &str, s: &Option<String>, default: Who| match s {
        None => Ok(default),
        Some(s) => one_of(&at.sub(field), "player", s, player_or_chosen, WHOS),
    };
    let who = word("who", &t.who, Who::Me)?;
    let toward = word("toward", &t.toward, Who::Target)?;
    for (field, w) in [("who", who), ("toward", toward)] {
        if matches!(w, Who::Leader) {
            return Err(at
                .sub(field)
                .err("a tension is between players: `leader` names a side of a conflict"));
        }
    }
    // A player has no tension toward himself.
    if who == toward && matches!(who, Who::Me | Who::Target | Who::That) {
        return Err(at.sub("toward").err(format!(
            "never holds: `who` and `toward` both name {}, and a player has no tension toward himself",
            who.name()
        )));
    }
    let cmp = match (t.at_least, t.at_most) {
        (Some(n), None) => Cmp::AtLeast(n),
        (None, Some(n)) => Cmp::AtMost(n),
        _ => return Err(at.err("a tension condition takes exactly one of at_least and at_most")),
    };
    // Tension runs from 1 to 5 (Tension).
    match cmp {
        Cmp::AtLeast(n) | Cmp::AtMost(n) if !(1..=5).contains(&n) => {
            return Err(at
                .sub(if t.at_least.is_some() {
                    "at_least"
                } else {
                    "at_most"
                })
                .err(format!("tension runs from 1 to 5, not {n}")))
        }
        _ => {}
    }
    Ok(Condition::Tension {
        who,
        toward,
        cmp,
        mutual: t.mutual.unwrap_or(false),
    })
}
