//! Drakh Rule 9: "The Drakh, as a race, cannot be targeted, named, or
//! referred to in any way by another card." A card that is not itself a
//! Drakh card may not name the Drakh race in a filter, a condition or a
//! tension effect.

use b5_engine::{CardDef, CardFilter, Condition, Effect, Op, Passive, Race};

fn filter(f: &CardFilter) -> bool {
    f.race == Some(Race::Drakh)
}

fn condition(c: &Condition) -> bool {
    match c {
        Condition::Race(r) => *r == Race::Drakh,
        Condition::Controls { filter: f, .. } => filter(f),
        _ => false,
    }
}

fn effects(list: &[Effect]) -> bool {
    list.iter().any(|e| {
        matches!(e.op, Op::TensionRace { race: Race::Drakh, .. })
            || e.condition.as_ref().is_some_and(condition)
    })
}

/// Whether the definition names the Drakh race anywhere.
pub fn names_drakh(d: &CardDef) -> bool {
    filter(&d.filter)
        || d.participants.as_ref().is_some_and(filter)
        || d.requires.iter().any(condition)
        || d.victory.as_ref().is_some_and(|v| condition(&v.condition))
        || [&d.initiated, &d.resolution, &d.won, &d.lost, &d.effects]
            .iter()
            .any(|l| effects(l))
        || d.won_by.iter().chain(d.lost_by.iter()).any(|(_, l)| effects(l))
        || d.actions.iter().any(|a| {
            filter(&a.filter) || a.condition.as_ref().is_some_and(condition) || effects(&a.effects)
        })
        || d.triggers.iter().any(|t| effects(&t.effects))
        || d.passives.iter().any(|p| match p {
            Passive::Bonus { filter: f, .. }
            | Passive::Discount { filter: f, .. }
            | Passive::AttackDamage { filter: f, .. }
            | Passive::DamageResistance { filter: f, .. }
            | Passive::Sponsors { filter: f, .. } => filter(f),
            _ => false,
        })
}
