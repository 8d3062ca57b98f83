//! What the card-file tests share: loading one card and expecting a refusal.

use b5_cards::parse_card_file;
use b5_engine::CardDef;

/// The one card a card file holds (the test fails with the loader's message
/// if it does not load).
pub fn one(toml: &str) -> CardDef {
    let mut v = parse_card_file(toml, "t.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.len(), 1);
    v.pop().unwrap()
}

/// The loader's message for a card file it must refuse.
pub fn refused(toml: &str) -> String {
    match parse_card_file(toml, "t.toml") {
        Ok(_) => panic!("loaded but should be refused:\n{toml}"),
        Err(e) => e.to_string(),
    }
}

/// A card file the loader must refuse, with a message naming every one of
/// `words` (the field, and what is wrong with it).
#[allow(dead_code)]
pub fn refused_naming(toml: &str, words: &[&str]) {
    let e = refused(toml);
    for w in words {
        assert!(e.contains(w), "the refusal does not name {w:?}: {e}");
    }
}
