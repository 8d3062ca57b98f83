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
