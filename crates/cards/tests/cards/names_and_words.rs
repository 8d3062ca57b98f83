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
