//! `b5 cards check`: a card file whose data and kept text disagree, one
//! whose agree, one without text, and files that do not load.

use crate::common::{b5, scratch};

const FILE: &str = r#"
[cards."Practice Blockade"]
type = "conflict"
conflict = "military"
target = "player"
won = [{ lose_influence = 1, who = "target" }]
text = """Military conflict. Target a player.
Won: the target player loses 2 influence."""

[cards."Practice Clerk"]
type = "character"
race = "human"
cost = 1
intrigue = 1

[cards."Practice Windfall"]
type = "event"
cost = 1
effects = [{ draw = 2 }]
text = "You draw 2 cards."
"#;

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.display().to_string()
}

#[test]
fn data_and_text_that_disagree_are_marked_word_by_word() {
    let dir = scratch("cards-check");
    let f = write(&dir, "mine.toml", FILE);
    let r = b5(&["cards", "check", &f]);
    assert_eq!(r.code, 0, "{}", r.show());
    let out = &r.stdout;
    // Each card at its line, with its verdict.
    assert!(
        out.contains(&format!("{f}:2: Practice Blockade: differs from its text")),
        "{}",
        r.show()
    );
    assert!(
        out.contains(&format!("{f}:10: Practice Clerk: has no text")),
        "{}",
        r.show()
    );
    assert!(
        out.contains(&format!("{f}:16: Practice Windfall: reads as its text")),
        "{}",
        r.show()
    );
    // The number the data says and the one the text says.
    assert!(out.contains("loses [-1-] {+2+} influence"), "{}", r.show());
    assert!(out.contains("generated:  Military conflict, target a player. Won: the target player loses 1 influence."), "{}", r.show());
    // The kept text on one line.
    assert!(out.contains("text:       Military conflict. Target a player. Won: the target player loses 2 influence."), "{}", r.show());
    assert!(
        out.contains("3 cards: 1 reads as its text, 1 differs, 1 has no text"),
        "{}",
        r.show()
    );
}

#[test]
fn json_gives_each_card_its_pieces() {
    let dir = scratch("cards-check-json");
    let f = write(&dir, "mine.toml", FILE);
    let r = b5(&["cards", "check", "--json", &f]);
    assert_eq!(r.code, 0, "{}", r.show());
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("one JSON object");
    let cards = v["files"][0]["cards"].as_array().expect("cards");
    assert_eq!(cards.len(), 3);
    assert_eq!(cards[0]["name"], "Practice Blockade");
    assert_eq!(cards[0]["line"], 2);
    assert_eq!(cards[0]["same"], false);
    assert_eq!(
        cards[0]["diff"],
        serde_json::json!([
            { "same": "military conflict target a player won the target player loses" },
            { "only_generated": "1" },
            { "only_text": "2" },
            { "same": "influence" }
        ])
    );
    assert_eq!(cards[1]["same"], serde_json::Value::Null);
    assert_eq!(cards[2]["same"], true);
    assert_eq!(v["counts"]["differ"], 1);
    assert_eq!(v["counts"]["files_not_loaded"], 0);
}

#[test]
fn a_file_that_does_not_load_is_named_and_the_others_still_checked() {
    let dir = scratch("cards-check-bad");
    let good = write(&dir, "a-good.toml", FILE);
    let bad = write(
        &dir,
        "b-bad.toml",
        "[cards.\"Practice Oddity\"]\ntype = \"event\"\ncost = 1\ntext = \"Gain 1.\\u001b[2J\"\neffects = [{ gain_influence = 1 }]\n",
    );
    let r = b5(&["cards", "check", dir.to_str().expect("path")]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stdout.contains(&format!("{good}:2: Practice Blockade")),
        "{}",
        r.show()
    );
    assert!(
        r.stdout.contains(&format!("{bad}:4:")) && r.stdout.contains("no other control character"),
        "{}",
        r.show()
    );
    // The escape never reaches the terminal.
    assert!(!r.stdout.contains('\u{1b}'), "{}", r.show());
    assert!(r.stdout.contains("1 file did not load"), "{}", r.show());
    // No file at all: named.
    let r = b5(&[
        "cards",
        "check",
        &dir.join("missing.toml").display().to_string(),
    ]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stdout.contains("missing.toml") && r.stdout.contains("cannot read"),
        "{}",
        r.show()
    );
}
