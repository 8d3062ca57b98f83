//! Drakh Rule 9: no card but a Drakh card names the Drakh; the Drakh
//! Ambassador keyword and victory conditions on Drakh agendas.

use b5_cards::parse_card_file;

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
