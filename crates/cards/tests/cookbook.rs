//! The cookbook (`docs/cookbook.md`): every entry's card file loads, has
//! rules text, and is the same card as in `docs/cookbook.toml`, so the page
//! and the file cannot drift apart.

use b5_cards::parse_card_file;
use b5_cards::text::rules_text;
use b5_engine::CardDef;

const TOML_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cookbook.toml");
const MD_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cookbook.md");

/// The fewest entries the cookbook may hold.
const MIN_ENTRIES: usize = 45;

fn cookbook_cards() -> Vec<CardDef> {
    let text = std::fs::read_to_string(TOML_PATH).unwrap_or_else(|e| panic!("{TOML_PATH}: {e}"));
    parse_card_file(&text, "docs/cookbook.toml").unwrap_or_else(|e| panic!("{e}"))
}

/// The ```toml blocks of the page, with the line each starts on.
fn md_blocks() -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(MD_PATH).unwrap_or_else(|e| panic!("{MD_PATH}: {e}"));
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        match open.as_mut() {
            None if fence.starts_with("```toml") => open = Some((i + 1, String::new())),
            None => {}
            Some(_) if fence.starts_with("```") => blocks.push(open.take().unwrap()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    assert!(
        open.is_none(),
        "docs/cookbook.md: a ```toml block is never closed"
    );
    blocks
}

#[test]
fn every_cookbook_card_loads_with_rules_text() {
    let cards = cookbook_cards();
    assert!(
        cards.len() >= MIN_ENTRIES,
        "docs/cookbook.toml holds {} cards, fewer than {MIN_ENTRIES}",
        cards.len()
    );
    for d in &cards {
        let t = rules_text(d);
        assert!(!t.trim().is_empty(), "{}: no rules text", d.name);
        assert!(
            d.number.as_deref().is_some_and(|n| n.starts_with("CB-")),
            "{}: no CB- number",
            d.name
        );
    }
    let mut numbers: Vec<&str> = cards.iter().filter_map(|d| d.number.as_deref()).collect();
    numbers.sort_unstable();
    let n = numbers.len();
    numbers.dedup();
    assert_eq!(
        numbers.len(),
        n,
        "docs/cookbook.toml: a number is used twice"
    );
}

#[test]
fn every_page_entry_is_the_same_card_as_in_the_file() {
    let cards = cookbook_cards();
    let blocks = md_blocks();
    assert_eq!(
        blocks.len(),
        cards.len(),
        "docs/cookbook.md has {} toml blocks, docs/cookbook.toml {} cards",
        blocks.len(),
        cards.len()
    );
    for (i, (line, body)) in blocks.iter().enumerate() {
        let origin = format!("docs/cookbook.md (block at line {line})");
        let mut defs = parse_card_file(body, &origin).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(defs.len(), 1, "{origin}: a block holds exactly one card");
        let d = defs.pop().unwrap();
        let Some(f) = cards.iter().find(|c| c.name == d.name) else {
            panic!("{origin}: {:?} is not in docs/cookbook.toml", d.name)
        };
        assert!(
            d == *f,
            "{origin}: {:?} differs from docs/cookbook.toml\npage: {d:?}\nfile: {f:?}",
            d.name
        );
        assert_eq!(
            cards[i].name, d.name,
            "{origin}: the page and the file list the cards in another order"
        );
    }
}

/// `cargo test --release -p b5-cards --test cookbook -- --ignored --nocapture`
/// prints every card's generated rules text, to compare with the page.
#[test]
#[ignore]
fn print_rules_texts() {
    for d in cookbook_cards() {
        println!("{}: {}", d.name, rules_text(&d));
    }
}
