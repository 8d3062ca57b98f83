//! The card vocabulary of the rulebook's own mechanics (issue 8):
//! personalities (Personalities) and "when played" effects (Playing Cards
//! and Card Details): how the loader reads them, how the rules text words
//! them, and what the loader refuses, naming the field.

use crate::support;
use support::{one, refused};

use b5_cards::text::rules_text;

#[test]
fn a_personality_reads_and_is_shown() {
    let d = one(r#"[cards."Captain A"]
type = "character"
cost = 2
diplomacy = 2
personality = "  Ada Quill "
"#);
    assert_eq!(d.personality.as_deref(), Some("Ada Quill"));
    assert!(rules_text(&d).contains("Personality: Ada Quill"));
}

#[test]
fn a_personality_is_refused_off_a_limited_character() {
    let e = refused(
        r#"[cards."E"]
type = "event"
cost = 1
personality = "Ada Quill"
"#,
    );
    assert!(e.contains("personality") && e.contains("characters"), "{e}");
    let e = refused(
        r#"[cards."M"]
type = "character"
cost = 1
diplomacy = 1
uniqueness = "multiple"
personality = "Ada Quill"
"#,
    );
    assert!(e.contains("personality") && e.contains("limited"), "{e}");
    let e = refused(
        r#"[cards."B"]
type = "character"
cost = 1
diplomacy = 1
personality = " "
"#,
    );
    assert!(e.contains("personality") && e.contains("name"), "{e}");
    let e = refused(
        r#"[cards."N"]
type = "character"
cost = 1
diplomacy = 1
personality = 3
"#,
    );
    // A wrong type is reported at its line (serde names the value).
    assert!(e.contains("t.toml:5"), "{e}");
}

#[test]
fn when_played_and_when_sponsored_are_told_apart() {
    let d = one(r#"[cards."C"]
type = "character"
cost = 2
diplomacy = 2
effects = [{ gain_influence = 1 }]
when_played = [{ draw = 1 }]
"#);
    assert_eq!(d.effects.len(), 1);
    assert_eq!(d.when_played.len(), 1);
    let t = rules_text(&d);
    assert!(t.contains("When sponsored: you gain 1 influence"), "{t}");
    assert!(
        t.contains("When played (sponsored or replacing): you draw 1 card"),
        "{t}"
    );
}

#[test]
fn when_played_is_refused_where_effects_already_mean_played() {
    for extra in [
        "type = \"event\"",
        "type = \"conflict\"\nconflict = \"diplomacy\"",
        "type = \"aftermath\"",
        "type = \"contingency\"\ntrigger = \"conflict-targets-you\"",
    ] {
        let e = refused(&format!(
            "[cards.\"X\"]\n{extra}\ncost = 1\nwhen_played = [{{ draw = 1 }}]\n"
        ));
        assert!(e.contains("when_played"), "{extra}: {e}");
    }
    let e = refused(
        r#"[cards."C"]
type = "character"
cost = 1
diplomacy = 1
when_played = [{ draw = 1, card = "target" }]
"#,
    );
    assert!(e.contains("when_played"), "{e}");
}

/// Appendix Two, Example 6: "transferring all enhancements, contingencies,
/// marks, and any aftermaths that her controller chooses".
#[test]
fn chosen_transfers_read_and_are_worded_as_the_example() {
    let d = one(r#"[cards."Captain A"]
type = "character"
cost = 7
diplomacy = 4
replaces = "Commander A"
transfers = ["enhancements", "contingencies", "marks", "chosen aftermaths"]
"#);
    let t = d.replaces.as_ref().expect("replaces").transfers;
    assert!(t.enhancements && t.contingencies && t.marks && t.chosen_aftermaths);
    assert!(!t.aftermaths && !t.chosen_enhancements);
    let text = rules_text(&d);
    assert!(
        text.contains(
            "May replace Commander A, transferring its marks, enhancements, contingencies, and any aftermaths its controller chooses"
        ),
        "{text}"
    );
    let d = one(r#"[cards."Captain B"]
type = "character"
cost = 7
diplomacy = 4
replaces = "Commander B"
transfers = ["chosen enhancements", "chosen aftermaths"]
"#);
    let text = rules_text(&d);
    assert!(
        text.contains(
            "May replace Commander B, transferring any enhancements and aftermaths its controller chooses"
        ),
        "{text}"
    );
}

#[test]
fn chosen_transfers_refuse_what_cannot_be_chosen() {
    let card = |t: &str| {
        format!(
            "[cards.\"C\"]\ntype = \"character\"\ncost = 2\ndiplomacy = 2\nreplaces = \"B\"\ntransfers = {t}\n"
        )
    };
    // Marks are not cards: nothing to choose one by one.
    let e = refused(&card(r#"["chosen marks"]"#));
    assert!(
        e.contains("transfers[0]") && e.contains("marks are not cards"),
        "{e}"
    );
    // A face-down contingency cannot be offered to choose.
    let e = refused(&card(r#"["marks", "chosen contingencies"]"#));
    assert!(e.contains("transfers[1]") && e.contains("face down"), "{e}");
    // All of a kind, or those chosen: not both, in either order.
    let e = refused(&card(r#"["aftermaths", "chosen aftermaths"]"#));
    assert!(e.contains("transfers[1]") && e.contains("both"), "{e}");
    let e = refused(&card(r#"["chosen enhancements", "enhancements"]"#));
    assert!(e.contains("transfers[1]") && e.contains("both"), "{e}");
    let e = refused(&card(r#"["marks", "marks"]"#));
    assert!(e.contains("transfers[1]") && e.contains("twice"), "{e}");
    let e = refused(&card(r#"["chosen fleets"]"#));
    assert!(e.contains("transfers[0]") && e.contains("unknown"), "{e}");
    // Still only with `replaces`.
    let e = refused(
        "[cards.\"C\"]\ntype = \"character\"\ncost = 2\ndiplomacy = 2\ntransfers = [\"chosen aftermaths\"]\n",
    );
    assert!(e.contains("goes with `replaces`"), "{e}");
}
