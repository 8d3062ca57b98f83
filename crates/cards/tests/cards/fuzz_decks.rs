//! Fuzzing deck lists: random bytes, random lines in the format's words,
//! and mutations of the shipped decks (counts from 0 to `u64::MAX`, byte
//! flips, duplicated or dropped lines, a byte-order mark). Bad input gives a
//! `LoadError` naming the file and a line; good input parses into a list
//! within the documented limits, and checking it never panics.
//!
//! Run with `--nocapture` to see how many inputs were tried and the slowest.

use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use b5_cards::deck::MAX_LIST_CARDS;
use b5_cards::{files, open_set, DeckList, MAX_NAME_CHARS};
use b5_engine::CardDb;
use proptest::prelude::*;

const ORIGIN: &str = "fuzz.deck";

fn db() -> &'static Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(open_set::database().expect("the Open Set loads")))
}

fn shipped() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        open_set::DECK_FILES
            .iter()
            .map(|(_, t)| t.to_string())
            .collect()
    })
}

/// Inputs tried and the slowest one, over the whole run.
static STATS: Mutex<(u64, Duration)> = Mutex::new((0, Duration::ZERO));

/// Decodes and parses `bytes` as a deck list file would be, checks the
/// outcome's shape, and checks a parsed list against the Open Set.
fn parse_checked(bytes: &[u8]) {
    let start = Instant::now();
    let lines = bytes.split(|&b| b == b'\n').count();
    match files::decode(bytes.to_vec(), ORIGIN) {
        Err(e) => {
            assert_eq!(e.origin, ORIGIN);
            assert!(e.line >= 1 && e.line <= lines, "{e}");
        }
        Ok(text) => match DeckList::parse(&text, ORIGIN) {
            Err(e) => {
                assert_eq!(e.origin, ORIGIN, "{e}");
                assert!(
                    e.line >= 1 && e.line <= lines,
                    "line {} of {lines}: {e}",
                    e.line
                );
                assert!(!e.message.is_empty());
                assert!(e.to_string().len() < 1_000, "a long message: {e}");
            }
            Ok(list) => {
                let all = list
                    .ambassador
                    .iter()
                    .chain(&list.hand)
                    .chain(&list.deck)
                    .chain(&list.crusade);
                let mut total = 0usize;
                for e in all {
                    assert!(e.count >= 1);
                    assert!(e.name.chars().count() <= MAX_NAME_CHARS);
                    total += e.count;
                }
                assert!(total <= MAX_LIST_CARDS, "{total} cards parsed");
                let problems = list.check(db());
                for p in &problems {
                    assert!(p.line >= 1, "{p}");
                }
                match list.to_seat(db(), "P") {
                    Ok(seat) => {
                        assert!(problems.is_empty());
                        assert!(seat.deck.len() <= MAX_LIST_CARDS);
                    }
                    Err(p) => assert_eq!(p, problems),
                }
            }
        },
    }
    let took = start.elapsed();
    let mut s = STATS.lock().unwrap_or_else(|e| e.into_inner());
    s.0 += 1;
    s.1 = s.1.max(took);
}

fn report(name: &str) {
    let s = STATS.lock().unwrap_or_else(|e| e.into_inner());
    eprintln!(
        "fuzz_decks {name}: {} inputs so far, slowest {:?}",
        s.0, s.1
    );
}

const WORDS: &[&str] = &[
    "name:",
    "race:",
    "faction:",
    "narn",
    "human",
    "non-aligned",
    "babylon project",
    "home",
    "[ambassador]",
    "[hand]",
    "[deck]",
    "[crusade]",
    "[starting hand]",
    "[x]",
    "#",
    "0",
    "1",
    "3",
    "4",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "Ambassador Je'Tarrin",
    "Aide Da'Mirra",
    "Unbowed",
    "\u{feff}",
    "\t",
    ":",
    "[",
    "]",
];

fn word_line() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..5).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        parse_checked(&bytes);
    }

    #[test]
    fn random_lines(lines in prop::collection::vec(word_line(), 0..60)) {
        parse_checked(lines.join("\n").as_bytes());
    }

    /// A shipped deck with one line's count replaced.
    #[test]
    fn counts(deck in 0usize..6, line in 0usize..60, count in prop_oneof![0u64..8, any::<u64>()]) {
        let text = &shipped()[deck % shipped().len()];
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let i = line % lines.len();
        if let Some((_, name)) = lines[i].split_once(' ') {
            if lines[i].starts_with(|c: char| c.is_ascii_digit()) {
                lines[i] = format!("{count} {name}");
            }
        }
        parse_checked(lines.join("\n").as_bytes());
    }

    /// A shipped deck with bytes flipped, lines repeated or dropped.
    #[test]
    fn mutations(
        deck in 0usize..6,
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
        repeat in prop::option::of((any::<prop::sample::Index>(), 1usize..200)),
        drop in prop::option::of(any::<prop::sample::Index>()),
        bom in any::<bool>(),
    ) {
        let text = &shipped()[deck % shipped().len()];
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        if let Some((at, n)) = repeat {
            let i = at.index(lines.len());
            let l = lines[i].clone();
            for _ in 0..n {
                lines.insert(i, l.clone());
            }
        }
        if let Some(at) = drop {
            let i = at.index(lines.len());
            lines.remove(i);
        }
        let mut bytes = lines.join("\n").into_bytes();
        for (at, b) in flips {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
        }
        if bom {
            let mut b = "\u{feff}".as_bytes().to_vec();
            b.extend(bytes);
            bytes = b;
        }
        parse_checked(&bytes);
    }
}

/// The shipped decks parse and are legal, with or without a byte-order mark.
#[test]
fn shipped_decks_are_legal_with_a_byte_order_mark() {
    for text in shipped() {
        for t in [text.clone(), format!("\u{feff}{text}")] {
            let list = DeckList::parse(&t, ORIGIN).expect("parses");
            assert!(list.check(db()).is_empty());
        }
    }
    report("after the shipped decks");
}
