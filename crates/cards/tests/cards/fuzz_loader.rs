//! Fuzzing the card-file loader: random bytes, structured random card
//! tables, and mutations (byte flips, truncations, line deletions, field
//! changes) of real card files — the Open Set and the card tables of the
//! conformance scenarios. Bad input must give a `LoadError` that names the
//! file and a line, never a panic; good input gives one definition per card.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use b5_cards::{parse_card_file, LoadError};
use proptest::prelude::*;
use toml::{Table, Value};

const ORIGIN: &str = "fuzz.toml";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Real card files: the Open Set's files, and the `[cards]` tables of the
/// conformance scenarios written out as card files.
fn corpus() -> &'static [String] {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut out = Vec::new();
        for f in toml_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data/open-set")) {
            out.push(std::fs::read_to_string(f).expect("readable"));
        }
        for dir in ["conformance/cases", "conformance/own"] {
            for f in toml_files(&root().join(dir)) {
                let text = std::fs::read_to_string(&f).expect("readable");
                let Ok(table) = text.parse::<Table>() else {
                    continue;
                };
                if let Some(cards) = table.get("cards") {
                    let mut t = Table::new();
                    t.insert("cards".into(), cards.clone());
                    out.push(toml::to_string(&t).expect("serializes"));
                }
            }
        }
        assert!(
            out.len() >= 10,
            "the fuzz corpus is too small ({} files)",
            out.len()
        );
        out
    })
}

/// Parses `text` and checks the error shape; returns the result.
fn parse_checked(text: &str) -> Result<Vec<b5_engine::CardDef>, LoadError> {
    let r = parse_card_file(text, ORIGIN);
    if let Err(e) = &r {
        check_error(text, e);
    }
    r
}

/// A load error names the file and, for anything found in the text, a
/// line and column inside it. TOML syntax errors always have a line.
fn check_error(text: &str, e: &LoadError) {
    assert_eq!(e.origin, ORIGIN, "the error does not name the file: {e}");
    assert!(!e.message.is_empty(), "an error without a message: {e:?}");
    let lines = text.split('\n').count();
    let syntax = text.parse::<Table>().is_err();
    if syntax {
        assert!(
            e.line > 0,
            "a TOML syntax error without a line: {e}\n--- text ---\n{}",
            excerpt(text)
        );
    }
    assert!(
        e.line > 0,
        "an error that names no line: {e}\n--- text ---\n{}",
        excerpt(text)
    );
    assert!(
        e.line <= lines,
        "line {} of a {lines}-line text: {e}",
        e.line
    );
    assert!(e.column > 0, "line without a column: {e}");
    // The message renders.
    let shown = e.to_string();
    assert!(shown.starts_with(ORIGIN), "{shown}");
}

fn excerpt(text: &str) -> String {
    text.chars().take(1500).collect()
}

/// A successful parse gives one definition per card table, by name.
fn check_defs(text: &str, defs: &[b5_engine::CardDef]) {
    let table: Table = text.parse().expect("a successful parse is valid TOML");
    let cards = table.get("cards").and_then(|c| c.as_table());
    let n = cards.map_or(0, |c| c.len());
    assert_eq!(
        defs.len(),
        n,
        "{n} card tables gave {} definitions",
        defs.len()
    );
    if let Some(cards) = cards {
        for d in defs {
            assert!(
                cards.contains_key(&d.name),
                "definition {} has no table",
                d.name
            );
        }
    }
}

fn parse_and_check(text: &str) {
    if let Ok(defs) = parse_checked(text) {
        check_defs(text, &defs);
    }
}

#[test]
fn the_corpus_loads() {
    for (i, text) in corpus().iter().enumerate() {
        match parse_card_file(text, ORIGIN) {
            Ok(defs) => check_defs(text, &defs),
            Err(e) => panic!("corpus file {i} does not load: {e}"),
        }
    }
}

/// Every truncation of every corpus file (at a char boundary, every few
/// bytes) loads or fails cleanly.
#[test]
fn truncated_files_fail_cleanly() {
    for text in corpus() {
        let step = (text.len() / 150).max(1);
        let mut i = 0;
        while i < text.len() {
            if text.is_char_boundary(i) {
                parse_and_check(&text[..i]);
            }
            i += step;
        }
    }
}

/// Deleting any one line of a corpus file loads or fails cleanly.
#[test]
fn line_deletions_fail_cleanly() {
    for text in corpus().iter().take(12) {
        let lines: Vec<&str> = text.lines().collect();
        for skip in 0..lines.len() {
            let t: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, l)| *l)
                .collect();
            parse_and_check(&t.join("\n"));
        }
    }
}

// ---------------------------------------------------------------------------
// Structured values.

/// Words of the card format, so that random tables often get far into the
/// conversion before something is wrong.
const WORDS: &[&str] = &[
    "character",
    "group",
    "fleet",
    "location",
    "enhancement",
    "agenda",
    "event",
    "conflict",
    "aftermath",
    "contingency",
    "centauri",
    "human",
    "minbari",
    "narn",
    "non-aligned",
    "shadow",
    "vorlon",
    "drakh",
    "neutral",
    "diplomacy",
    "intrigue",
    "psi",
    "leadership",
    "military",
    "player",
    "race",
    "card",
    "none",
    "faction",
    "global",
    "self",
    "target",
    "each",
    "others",
    "leader",
    "this",
    "attached",
    "attacker",
    "supporters",
    "opposers",
    "ambassador",
    "turn",
    "while-rotated",
    "permanent",
    "printed",
    "attacked",
    "attacks",
    "neutralized-target",
    "targeted",
    "conflict-won",
    "conflict-lost",
    "gained-influence",
    "won",
    "lost",
    "any",
    "multiple",
    "limited",
    "unique",
    "own",
    "other",
    "inner-circle",
    "supporting",
    "destiny",
    "doom",
    "strife",
    "conspiracy",
    "babylon5",
    "shadows",
    "vorlons",
    "mercenary",
    "ambassador's assistant",
    "homeworld",
    "damage resistance 2",
    "damage resistance x",
    "starting human ambassador",
    "starting narn home faction ambassador",
    "starting shadow ambassador",
    "starting",
    "corporate",
    "psi corps",
    "ranger",
    "",
    " ",
    "a.b",
    "\u{1F680}",
    "\u{0}",
    "é",
    "\n",
];

/// Every key a card table may hold (the loader's own list, so the two cannot
/// drift), with `won_by_N` / `lost_by_N` spelled out and some bad keys.
fn card_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = b5_cards::raw::CARD_FIELDS
        .iter()
        .copied()
        .filter(|k| !k.ends_with("_N"))
        .collect();
    keys.extend(["won_by_5", "lost_by_3", "lost_by_999", "won_by_x", "bogus"]);
    keys
}

const EFFECT_KEYS: &[&str] = &[
    "gain_influence",
    "lose_influence",
    "transfer_influence",
    "restore",
    "extra_influence",
    "gain_power",
    "lose_power",
    "tension",
    "unrest",
    "babylon5",
    "shadows",
    "vorlons",
    "draw",
    "discard_random",
    "damage",
    "mark",
    "war",
    "peace",
    "bonus",
    "double",
    "rotate",
    "ready",
    "heal",
    "full_heal",
    "remove_damage",
    "neutralize",
    "discard",
    "return_to_hand",
    "support",
    "opposition",
    "cancel_conflict",
    "cancel_attack",
    "crusade_draw",
    "attack",
    "by",
    "attack_mod",
    "reverse",
    "who",
    "to",
    "toward",
    "toward_race",
    "mutual",
    "with",
    "card",
    "count",
    "duration",
    "then",
    "if",
    "bogus",
];

const SUB_KEYS: &[&str] = &[
    "type",
    "race",
    "side",
    "row",
    "not_ambassador",
    "participant",
    "damaged",
    "rotated",
    "ready",
    "neutralized",
    "keyword",
    "diplomacy",
    "intrigue",
    "psi",
    "leadership",
    "military",
    "all",
    "destiny",
    "doom",
    "shadow",
    "vorlon",
    "influence_at_least",
    "influence_at_most",
    "power_at_least",
    "unrest_at_most",
    "tension_at_least",
    "at_war",
    "controls",
    "count",
    "babylon5_at_least",
    "shadow_war",
    "margin_at_least",
    "outcome",
    "conflict",
    "participant",
    "discard",
    "on",
    "rotate",
    "effects",
    "cost",
    "target",
    "target_filter",
    "influence",
    "purge",
    "bonus",
    "discount",
    "extra_draw",
    "extra_influence",
    "attack_damage",
    "damage_resistance",
    "name",
    "only",
    "deals",
    "suffers",
    "deals_double",
    "suffers_half",
    "no_return",
    "deals_printed",
    "marks",
    "cost",
    "cards",
    "bogus",
];

fn int() -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => -3i64..12,
        1 => proptest::sample::select(vec![
            -129, -128, -1, 127, 128, 255, 256, 65535, 65536, i32::MAX as i64, i64::MAX, i64::MIN,
        ]),
        1 => any::<i64>(),
    ]
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => proptest::sample::select(WORDS).prop_map(|s| Value::String(s.to_string())),
        3 => int().prop_map(Value::Integer),
        2 => any::<bool>().prop_map(Value::Boolean),
        1 => any::<f64>().prop_map(Value::Float),
        1 => "\\PC{0,12}".prop_map(Value::String),
    ]
}

/// A small table with keys from `keys`, values recursive.
fn table_of(keys: &'static [&'static str], inner: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    proptest::collection::vec((proptest::sample::select(keys), inner), 0..5)
        .prop_map(|kv| {
            let mut t = Table::new();
            for (k, v) in kv {
                t.insert(k.to_string(), v);
            }
            Value::Table(t)
        })
        .boxed()
}

fn value() -> BoxedStrategy<Value> {
    scalar()
        .boxed()
        .prop_recursive(3, 24, 5, |inner| {
            prop_oneof![
                3 => table_of(SUB_KEYS, inner.clone()),
                3 => proptest::collection::vec(table_of(EFFECT_KEYS, inner.clone()), 0..3)
                    .prop_map(Value::Array),
                1 => proptest::collection::vec(inner, 0..4).prop_map(Value::Array),
            ]
        })
        .boxed()
}

fn card_table() -> impl Strategy<Value = Table> {
    proptest::collection::vec((proptest::sample::select(card_keys()), value()), 0..9).prop_map(
        |kv| {
            let mut t = Table::new();
            for (k, v) in kv {
                t.insert(k.to_string(), v);
            }
            t
        },
    )
}

fn word() -> BoxedStrategy<Value> {
    proptest::sample::select(WORDS)
        .prop_map(|s| Value::String(s.to_string()))
        .boxed()
}

fn small_int() -> BoxedStrategy<Value> {
    prop_oneof![6 => -2i64..8, 1 => int()]
        .prop_map(Value::Integer)
        .boxed()
}

/// A value of the type the key takes in the format (content still random).
fn typed_for(key: &'static str) -> BoxedStrategy<Value> {
    match key {
        "gain_influence" | "lose_influence" | "transfer_influence" | "restore"
        | "extra_influence" | "gain_power" | "lose_power" | "tension" | "unrest" | "babylon5"
        | "shadows" | "vorlons" | "draw" | "discard_random" | "damage" | "remove_damage"
        | "support" | "opposition" | "crusade_draw" | "count" | "influence_at_least"
        | "influence_at_most" | "power_at_least" | "unrest_at_most" | "tension_at_least"
        | "babylon5_at_least" | "margin_at_least" | "influence" | "discount" | "extra_draw"
        | "extra_influence_" | "attack_damage" | "damage_resistance" | "diplomacy" | "intrigue"
        | "psi" | "leadership" | "military" | "all" | "destiny" | "doom" | "shadow" | "vorlon" => {
            small_int()
        }
        "war" | "peace" | "rotate" | "ready" | "heal" | "full_heal" | "neutralize" | "discard"
        | "return_to_hand" | "cancel_conflict" | "cancel_attack" | "mutual" | "then"
        | "not_ambassador" | "participant" | "damaged" | "rotated" | "neutralized" | "at_war"
        | "shadow_war" | "only" => any::<bool>().prop_map(Value::Boolean).boxed(),
        "bonus" | "purge" => table_of(SUB_KEYS, small_int()),
        "if" | "target_filter" | "cost" | "to" | "controls" | "attack_mod" => {
            table_of(SUB_KEYS, scalar().boxed())
        }
        "effects" => effect_list(),
        _ => word(),
    }
}

fn typed_table(keys: &'static [&'static str]) -> BoxedStrategy<Value> {
    proptest::collection::vec(proptest::sample::select(keys), 0..5)
        .prop_flat_map(|ks| {
            let vs: Vec<BoxedStrategy<Value>> = ks.iter().map(|k| typed_for(k)).collect();
            (Just(ks), vs)
        })
        .prop_map(|(ks, vs)| {
            let mut t = Table::new();
            for (k, v) in ks.into_iter().zip(vs) {
                t.insert(k.to_string(), v);
            }
            Value::Table(t)
        })
        .boxed()
}

/// A list of effects: one verb (usually) with typed modifiers.
fn effect_list() -> BoxedStrategy<Value> {
    proptest::collection::vec(typed_table(EFFECT_KEYS), 0..3)
        .prop_map(Value::Array)
        .boxed()
}

/// A card table whose values have the right types for their keys, so
/// that conversion (rather than deserialization) does the rejecting.
fn typed_card_table() -> impl Strategy<Value = Table> {
    let one = |k: &'static str| -> BoxedStrategy<(String, Value)> {
        let v: BoxedStrategy<Value> = match k {
            "type" => proptest::sample::select(&WORDS[..10])
                .prop_map(|s| Value::String(s.to_string()))
                .boxed(),
            "cost" | "diplomacy" | "intrigue" | "psi" | "leadership" | "military"
            | "power_bonus" | "initiate_cost" => small_int(),
            "major" | "unopposable" | "both" => any::<bool>().prop_map(Value::Boolean).boxed(),
            "keywords" => proptest::collection::vec(word(), 0..3)
                .prop_map(Value::Array)
                .boxed(),
            "marks" | "bonus" => table_of(SUB_KEYS, small_int()),
            "target_filter" | "aftermath" | "victory" | "participants" | "replaces" => {
                typed_table(SUB_KEYS)
            }
            "initiated" | "resolution" | "won" | "lost" | "won_by_5" | "won_by_x" | "lost_by_3"
            | "lost_by_999" | "effects" => effect_list(),
            "requires" | "actions" | "passive" | "triggers" => {
                proptest::collection::vec(typed_table(SUB_KEYS), 0..3)
                    .prop_map(Value::Array)
                    .boxed()
            }
            _ => word(),
        };
        v.prop_map(move |v| (k.to_string(), v)).boxed()
    };
    proptest::collection::vec(proptest::sample::select(card_keys()), 0..8)
        .prop_flat_map(move |ks| ks.into_iter().map(one).collect::<Vec<_>>())
        .prop_map(|kv| {
            let mut t = Table::new();
            t.insert("type".into(), Value::String("event".into()));
            for (k, v) in kv {
                t.insert(k, v);
            }
            t
        })
}

fn card_name() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8})?",
        1 => Just(String::new()),
        1 => Just("Dotted.Name".to_string()),
        1 => "\\PC{1,10}",
    ]
}

/// A card file of random card tables (loosely or strictly typed),
/// sometimes with junk at the top.
fn card_file() -> impl Strategy<Value = String> {
    let table = prop_oneof![card_table().boxed(), typed_card_table().boxed()];
    (
        proptest::collection::vec((card_name(), table), 0..5),
        proptest::option::of((
            proptest::sample::select(vec!["set", "description", "bogus"]),
            scalar(),
        )),
    )
        .prop_map(|(cards, top)| {
            let mut t = Table::new();
            if let Some((k, v)) = top {
                t.insert(k.to_string(), v);
            }
            let mut c = Table::new();
            for (name, card) in cards {
                c.insert(name, Value::Table(card));
            }
            t.insert("cards".into(), Value::Table(c));
            toml::to_string(&t).unwrap_or_default()
        })
}

/// A corpus file with one card table changed: a key removed, set to a
/// random value, renamed, or its value swapped with another card's.
fn mutated_corpus_file() -> impl Strategy<Value = String> {
    (
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        0u8..5,
        value(),
        proptest::sample::select(card_keys()),
    )
        .prop_map(|(fi, ci, ki, oi, op, v, newkey)| {
            let texts = corpus();
            let text = &texts[fi.index(texts.len())];
            let mut t: Table = text.parse().expect("corpus parses");
            let Some(Value::Table(cards)) = t.get_mut("cards") else {
                return text.clone();
            };
            if cards.is_empty() {
                return text.clone();
            }
            let names: Vec<String> = cards.keys().cloned().collect();
            let name = &names[ci.index(names.len())];
            let other_name = &names[oi.index(names.len())];
            let other: Option<(String, Value)> = cards[other_name]
                .as_table()
                .and_then(|o| o.iter().next().map(|(k, v)| (k.clone(), v.clone())));
            let card = cards.get_mut(name).and_then(|c| c.as_table_mut());
            let Some(card) = card else {
                return text.clone();
            };
            let keys: Vec<String> = card.keys().cloned().collect();
            let key = keys.get(ki.index(keys.len().max(1))).cloned();
            match (op, key) {
                (0, Some(k)) => {
                    card.remove(&k);
                }
                (1, Some(k)) => {
                    card.insert(k, v);
                }
                (2, Some(k)) => {
                    if let Some(x) = card.remove(&k) {
                        card.insert(newkey.to_string(), x);
                    }
                }
                (3, Some(k)) => {
                    if let Some((_, ov)) = other {
                        card.insert(k, ov);
                    }
                }
                _ => {
                    card.insert(newkey.to_string(), v);
                }
            }
            toml::to_string(&t).unwrap_or_default()
        })
}

/// A corpus file's raw text with a few bytes flipped, inserted or removed
/// (read back lossily as UTF-8, as a server reading an upload would).
fn byte_mutated_corpus_file() -> impl Strategy<Value = String> {
    (
        any::<prop::sample::Index>(),
        proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..4), 1..6),
    )
        .prop_map(|(fi, edits)| {
            let texts = corpus();
            let mut bytes = texts[fi.index(texts.len())].as_bytes().to_vec();
            for (at, b, op) in edits {
                if bytes.is_empty() {
                    break;
                }
                let i = at.index(bytes.len());
                match op {
                    0 => bytes[i] ^= b | 1,
                    1 => bytes.insert(i, b),
                    2 => {
                        bytes.remove(i);
                    }
                    _ => bytes[i] = b"=[]{}\"'#.,\n"[b as usize % 11],
                }
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn random_bytes_fail_cleanly(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let text = String::from_utf8_lossy(&bytes);
        parse_and_check(&text);
    }

    #[test]
    fn random_toml_like_text_fails_cleanly(
        text in "(\\[cards\\.\"[A-Za-z .]{0,8}\"\\]\n|[a-z_]{1,10} = |\"[a-z ]{0,6}\"|[0-9-]{1,4}|\\[|\\]|\\{|\\}|, |\n|true|#|\\PC){0,80}"
    ) {
        parse_and_check(&text);
    }

    #[test]
    fn structured_random_cards_load_or_fail_cleanly(text in card_file()) {
        parse_and_check(&text);
    }

    #[test]
    fn mutated_card_tables_load_or_fail_cleanly(text in mutated_corpus_file()) {
        parse_and_check(&text);
    }

    #[test]
    fn byte_mutated_card_files_load_or_fail_cleanly(text in byte_mutated_corpus_file()) {
        parse_and_check(&text);
    }
}
