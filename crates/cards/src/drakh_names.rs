//! Drakh Rule 9: "The Drakh, as a race, cannot be targeted, named, or
//! referred to in any way by another card." A card that is not itself a
//! Drakh card may not name the Drakh race in a filter, a condition or a
//! tension effect.

use b5_engine::{CardDef, CardFilter, Condition, Effect, Op, Passive, Race};

fn filter(f: &CardFilter) -> bool {
    f.race == Some(Race::Drakh)
}

fn condition(c: &Condition) -> bool {
    c.any_part(&|c| match c {
        Condition::Race(r) => *r == Race::Drakh,
        Condition::Controls { filter: f, .. } => filter(f),
        _ => false,
    })
}

fn effects(list: &[Effect]) -> bool {
    list.iter().any(|e| {
        matches!(
            e.op,
            Op::TensionRace {
                race: Race::Drakh,
                ..
            }
        ) || e.condition.as_ref().is_some_and(condition)
    })
}

/// Whether the definition names the Drakh race anywhere.
pub fn names_drakh(d: &CardDef) -> bool {
    filter(&d.filter)
        || d.participants.as_ref().is_some_and(filter)
        || d.requires.iter().any(condition)
        || d.victory.as_ref().is_some_and(|v| condition(&v.condition))
        || d.passive_if.iter().flatten().any(condition)
        || d.effect_lists().any(effects)
        || d.actions
            .iter()
            .any(|a| filter(&a.filter) || a.condition.as_ref().is_some_and(condition))
        || d.passives.iter().any(|p| match p {
            Passive::Bonus { filter: f, .. }
            | Passive::Discount { filter: f, .. }
            | Passive::AttackDamage { filter: f, .. }
            | Passive::DamageResistance { filter: f, .. }
            | Passive::Sponsors { filter: f, .. } => filter(f),
            Passive::AttackMod {
                filter: Some(f), ..
            } => filter(f),
            Passive::AlsoWins { condition: c, .. } => condition(c),
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use crate::parse_card_file;

    #[test]
    fn a_card_that_is_not_drakh_cannot_name_the_drakh() {
        let bad = "[cards.\"Spy Hunt\"]\ntype = \"event\"\ncost = 1\ntarget = \"card\"\ntarget_filter = { race = \"drakh\" }\neffects = [{ damage = 1 }]\n";
        let e = parse_card_file(bad, "t.toml").unwrap_err().to_string();
        assert!(e.contains("Drakh Rule 9"), "{e}");
        let tension = "[cards.\"Grudge\"]\ntype = \"event\"\ncost = 1\neffects = [{ tension = 1, toward_race = \"drakh\" }]\n";
        assert!(parse_card_file(tension, "t.toml").is_err());
        // A Drakh card may name its own race.
        let ok = "[cards.\"Keeper Rally\"]\ntype = \"event\"\nrace = \"drakh\"\ncost = 1\ntarget = \"card\"\ntarget_filter = { race = \"drakh\" }\neffects = [{ chaos = 1 }]\n";
        parse_card_file(ok, "t.toml").unwrap();
    }

    #[test]
    fn drakh_ambassador_is_a_keyword_of_drakh_characters() {
        let bad = "[cards.\"Envoy\"]\ntype = \"character\"\nrace = \"human\"\ncost = 3\ndiplomacy = 2\nkeywords = [\"drakh ambassador\"]\n";
        let e = parse_card_file(bad, "t.toml").unwrap_err().to_string();
        assert!(e.contains("keywords"), "{e}");
        let ok = "[cards.\"Envoy\"]\ntype = \"character\"\nrace = \"drakh\"\ncost = 3\ndiplomacy = 2\nkeywords = [\"drakh ambassador\"]\n";
        let defs = parse_card_file(ok, "t.toml").unwrap();
        assert!(defs[0].kw.drakh_ambassador);
    }

    #[test]
    fn victory_on_drakh_agendas_only_among_minor_agendas() {
        let ok = "[cards.\"Design\"]\ntype = \"agenda\"\nrace = \"drakh\"\npower_bonus = 9\nvictory = { chaos_at_least = 6 }\n";
        parse_card_file(ok, "t.toml").unwrap();
        let bad = "[cards.\"Design\"]\ntype = \"agenda\"\nrace = \"narn\"\nvictory = { chaos_at_least = 6 }\n";
        assert!(parse_card_file(bad, "t.toml").is_err());
    }
}
