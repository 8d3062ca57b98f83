//! Drakh Rule 9: "The Drakh, as a race, cannot be targeted, named, or
//! referred to in any way by another card." A card that is not itself a
//! Drakh card may not name the Drakh race anywhere in its text: a filter,
//! a condition, a player word, a tension effect, a race cost.

use b5_engine::{CardDef, Race};
use serde_json::Value;

/// The fields that hold the card's own words (its name, number, caption,
/// personality, keywords, the name it replaces) or its own race: none of
/// them refers to another race.
const OWN_WORDS: [&str; 8] = [
    "name",
    "number",
    "caption",
    "personality",
    "keywords",
    "kw",
    "replaces",
    "race",
];

/// Whether the definition names the Drakh race anywhere: in a selector, a
/// condition, a player word (`who = "drakh"`), a tension, a race cost or
/// any other part. The compiled definition is read as data, so a part
/// added to the card model later is covered without being listed here.
pub fn names_drakh(d: &CardDef) -> bool {
    let drakh = serde_json::to_value(Race::Drakh).unwrap_or(Value::Null);
    let Ok(Value::Object(mut fields)) = serde_json::to_value(d) else {
        return false;
    };
    for k in OWN_WORDS {
        fields.remove(k);
    }
    fields.values().any(|v| mentions(v, &drakh))
}

/// Whether `v` holds the value `x` anywhere.
fn mentions(v: &Value, x: &Value) -> bool {
    match v {
        Value::Array(a) => a.iter().any(|v| mentions(v, x)),
        Value::Object(o) => o.values().any(|v| mentions(v, x)),
        v => v == x,
    }
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
        // The players of a race, in an effect, a lasting effect or a
        // condition; a race cost.
        for text in [
            "[cards.\"Grudge\"]\ntype = \"event\"\ncost = 1\neffects = [{ draw = 1, who = \"drakh\" }]\n",
            "[cards.\"Grudge\"]\ntype = \"event\"\ncost = 1\neffects = [{ draw = 1, if = { tension = { toward = \"drakh\", at_least = 2 } } }]\n",
            "[cards.\"Grudge\"]\ntype = \"location\"\ncost = 1\npassive = [{ power_to_win = 2, who = \"drakh\" }]\n",
            "[cards.\"Grudge\"]\ntype = \"fleet\"\ncost = 3\nmilitary = 2\nrace_cost = { race = \"drakh\", cost = 1 }\n",
        ] {
            let e = parse_card_file(text, "t.toml").unwrap_err().to_string();
            assert!(e.contains("Drakh Rule 9"), "{e}");
        }
        // Spelled with an escape, it is still the Drakh.
        let escaped = "[cards.\"Grudge\"]\ntype = \"event\"\ncost = 1\neffects = [{ draw = 1, who = \"\\u0064rakh\" }]\n";
        let e = parse_card_file(escaped, "t.toml").unwrap_err().to_string();
        assert!(e.contains("Drakh Rule 9"), "{e}");
        // The card's own words are not a reference to the race.
        let named = "[cards.\"Drakh\"]\ntype = \"event\"\ncost = 1\ncaption = \"drakh\"\neffects = [{ draw = 1 }]\n";
        parse_card_file(named, "t.toml").unwrap();
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
