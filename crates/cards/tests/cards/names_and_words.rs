//! Card names and the words of the generated rules text: a name may hold a
//! period, and an article agrees with the word after it.

use crate::support;
use support::{one, refused_naming};

use b5_cards::text::rules_text;

#[test]
fn a_name_with_a_period_loads() {
    let d = one("[cards.\"Mr. Example\"]\ntype = \"character\"\nrace = \"human\"\ncost = 2\ndiplomacy = 2\n");
    assert_eq!(d.name, "Mr. Example");
}

#[test]
fn a_name_with_a_tab_or_a_line_break_is_refused() {
    for name in ["Mr.\\tExample", "Mr.\\nExample", "Mr.\\u0007Example"] {
        refused_naming(
            &format!("[cards.\"{name}\"]\ntype = \"character\"\nrace = \"human\"\ncost = 2\ndiplomacy = 2\n"),
            &["control character"],
        );
    }
}

#[test]
fn a_generated_conflict_reads_an_before_a_vowel() {
    let card = |kind: &str| {
        one(&format!(
            "[cards.\"Listening Array\"]\ntype = \"location\"\ncost = 3\nconflict = \"{kind}\"\ntarget = \"player\"\nwon = [{{ gain_influence = 1 }}]\n"
        ))
    };
    let intrigue = rules_text(&card("intrigue"));
    assert!(
        intrigue.contains("may declare an Intrigue conflict"),
        "{intrigue}"
    );
    let psi = rules_text(&card("psi"));
    assert!(psi.contains("may declare a Psi conflict"), "{psi}");
}

#[test]
fn a_kept_text_loads_and_is_compared_but_is_refused_when_unprintable_or_too_long() {
    let file = "[cards.\"Quiet Ledger\"]\ntype = \"event\"\ncost = 1\neffects = [{ draw = 1 }]\ntext = \"\"\"Draw a card.\n\tThen draw 1 more.\"\"\"\n";
    // The engine never reads it: the card is the same without it.
    let d = one(file);
    assert_eq!(rules_text(&d), "You draw 1 card.");
    let checks = b5_cards::check::check_file(file, "ledger.toml").expect("loads");
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0].line, 1);
    assert_eq!(checks[0].same(), Some(false));
    assert_eq!(
        b5_cards::check::diff_line(&checks[0].diff),
        "[-you-] draw [-1-] {+a+} card {+then draw 1 more+}"
    );
    refused_naming(
        "[cards.\"Quiet Ledger\"]\ntype = \"event\"\ncost = 1\neffects = [{ draw = 1 }]\ntext = \"Draw.\\u001b[2J\"\n",
        &["text", "no other control character"],
    );
    let long = "word ".repeat(1_000);
    refused_naming(
        &format!("[cards.\"Quiet Ledger\"]\ntype = \"event\"\ncost = 1\neffects = [{{ draw = 1 }}]\ntext = \"{long}\"\n"),
        &["text", "longer than 4000 characters"],
    );
}
