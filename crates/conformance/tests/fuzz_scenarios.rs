//! Fuzzing the scenario runner with mutations of the shared conformance
//! cases (`conformance/cases/*.toml`, read at test time): byte flips, line
//! deletions and duplications, values swapped between keys, numbers
//! replaced by edge values, names swapped. A scenario file is untrusted
//! input: whatever it says, `run_text` returns a verdict (a pass, a failure
//! or a load error), never panics, and gives the same verdict twice.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use b5_conformance::{run_text, Verdict};
use b5_engine::CardDb;
use proptest::prelude::*;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/cases")
}

/// The shared cases, as (file name, text).
fn cases() -> &'static [(String, String)] {
    static CASES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    CASES.get_or_init(|| {
        let mut files: Vec<PathBuf> = std::fs::read_dir(cases_dir())
            .expect("conformance/cases exists")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        let out: Vec<(String, String)> = files
            .iter()
            .map(|p| {
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read_to_string(p).expect("readable"),
                )
            })
            .collect();
        assert!(out.len() >= 30, "only {} shared cases found", out.len());
        out
    })
}

fn empty_db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(CardDb::new)
}

/// Runs a (mutated) scenario: no panic, and the same verdict twice
/// (the runner and the engine are deterministic).
fn run_checked(text: &str, origin: &str) -> Verdict {
    let v = run_text(text, origin, empty_db());
    if let Verdict::Fail(why) = &v {
        assert!(!why.is_empty(), "{origin}: a failure without a reason");
    }
    let again = run_text(text, origin, empty_db());
    assert_eq!(v, again, "{origin}: two runs of one scenario disagree");
    v
}

/// The unmutated cases pass with no card database but their own (they
/// define every card they use): the mutations below start from passing
/// scenarios, so they reach deep into the runner and the engine.
#[test]
fn the_unmutated_cases_pass_on_their_own() {
    for (name, text) in cases() {
        assert_eq!(run_checked(text, name), Verdict::Pass, "{name}");
    }
}

/// Deleting any one line of any case gives a verdict, never a panic.
#[test]
fn every_single_line_deletion_gives_a_verdict() {
    for (name, text) in cases() {
        let lines: Vec<&str> = text.lines().collect();
        for skip in 0..lines.len() {
            let t = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, l)| *l)
                .collect::<Vec<_>>()
                .join("\n");
            run_checked(&t, &format!("{name} without line {}", skip + 1));
        }
    }
}

/// Every truncation (every few bytes) of every case gives a verdict.
#[test]
fn truncations_give_a_verdict() {
    for (name, text) in cases() {
        let step = (text.len() / 40).max(1);
        let mut i = 0;
        while i < text.len() {
            if text.is_char_boundary(i) {
                run_checked(&text[..i], &format!("{name} cut at byte {i}"));
            }
            i += step;
        }
    }
}

// ---------------------------------------------------------------------------
// Random mutations.

/// Edge values for numbers in a scenario.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "3",
    "5",
    "9",
    "10",
    "20",
    "99",
    "127",
    "128",
    "255",
    "256",
    "1000",
    "65535",
    "65536",
    "2147483648",
    "-9223372036854775808",
    "9223372036854775807",
    "1.5",
    "\"7\"",
    "true",
    "[]",
    "{}",
];

/// Words a scenario uses, to put in the wrong places.
const WORDS: &[&str] = &[
    "A",
    "B",
    "C",
    "ready",
    "conflict",
    "action",
    "resolution",
    "draw",
    "setup",
    "pass",
    "sponsor",
    "support",
    "oppose",
    "attack",
    "declare",
    "play",
    "heal",
    "buy",
    "discard",
    "human",
    "narn",
    "non-aligned",
    "babylon project",
    "home",
    "psi corps",
    "corporate",
    "character",
    "fleet",
    "conflict",
    "event",
    "agenda",
    "war:A",
    "Blank Card",
    "",
    "A.B",
    "\u{1F680}",
];

#[derive(Clone, Debug)]
enum Mutation {
    /// Flip, insert or delete bytes (the text is read back lossily).
    Bytes(Vec<(prop::sample::Index, u8, u8)>),
    /// Delete a line.
    DeleteLine(prop::sample::Index),
    /// Duplicate a line in place.
    DuplicateLine(prop::sample::Index),
    /// Move a line elsewhere.
    MoveLine(prop::sample::Index, prop::sample::Index),
    /// Swap the values of two `key = value` lines.
    SwapValues(prop::sample::Index, prop::sample::Index),
    /// Replace a `key = value` line's value with an edge number or a word.
    SetValue(prop::sample::Index, String),
    /// Replace an integer value with another integer.
    SetNumber(prop::sample::Index, i64),
    /// Replace one quoted string with another quoted string of the file.
    SwapStrings(prop::sample::Index, prop::sample::Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let idx = any::<prop::sample::Index>;
    prop_oneof![
        2 => proptest::collection::vec((idx(), any::<u8>(), 0u8..4), 1..5).prop_map(Mutation::Bytes),
        2 => idx().prop_map(Mutation::DeleteLine),
        1 => idx().prop_map(Mutation::DuplicateLine),
        1 => (idx(), idx()).prop_map(|(a, b)| Mutation::MoveLine(a, b)),
        3 => (idx(), idx()).prop_map(|(a, b)| Mutation::SwapValues(a, b)),
        3 => (
            idx(),
            prop_oneof![
                proptest::sample::select(NUMBERS).prop_map(str::to_string),
                proptest::sample::select(WORDS).prop_map(|w| format!("{w:?}")),
            ]
        )
            .prop_map(|(a, v)| Mutation::SetValue(a, v)),
        4 => (idx(), idx()).prop_map(|(a, b)| Mutation::SwapStrings(a, b)),
        5 => (
            idx(),
            prop_oneof![
                4 => -2i64..25,
                1 => proptest::sample::select(vec![-1000, 100, 255, 256, 65535, 100_000, i64::MAX, i64::MIN]),
            ]
        )
            .prop_map(|(a, n)| Mutation::SetNumber(a, n)),
    ]
}

/// Positions of `key = value` lines, with the byte where the value starts.
fn value_lines(lines: &[String]) -> Vec<(usize, usize)> {
    lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let t = l.trim_start();
            if t.starts_with('#') || t.starts_with('[') {
                return None;
            }
            l.find(" = ").map(|at| (i, at + 3))
        })
        .collect()
}

/// Byte ranges of the quoted strings of a text (no escapes in the cases).
fn quoted(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c == '\n' {
            start = None;
        } else if c == '"' {
            match start {
                None => start = Some(i),
                Some(s) => {
                    out.push((s, i + 1));
                    start = None;
                }
            }
        }
    }
    out
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if lines.is_empty() {
        return text.to_string();
    }
    match m {
        Mutation::Bytes(edits) => {
            let mut bytes = text.as_bytes().to_vec();
            for (at, b, op) in edits {
                if bytes.is_empty() {
                    break;
                }
                let i = at.index(bytes.len());
                match op {
                    0 => bytes[i] ^= b | 1,
                    1 => bytes.insert(i, *b),
                    2 => {
                        bytes.remove(i);
                    }
                    _ => bytes[i] = b"=[]{}\"'#.,\n"[*b as usize % 11],
                }
            }
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        Mutation::DeleteLine(a) => {
            lines.remove(a.index(lines.len()));
        }
        Mutation::DuplicateLine(a) => {
            let i = a.index(lines.len());
            let l = lines[i].clone();
            lines.insert(i, l);
        }
        Mutation::MoveLine(a, b) => {
            let l = lines.remove(a.index(lines.len()));
            let j = b.index(lines.len() + 1);
            lines.insert(j, l);
        }
        Mutation::SwapValues(a, b) => {
            let vl = value_lines(&lines);
            if vl.len() >= 2 {
                let (i, si) = vl[a.index(vl.len())];
                let (j, sj) = vl[b.index(vl.len())];
                let vi = lines[i][si..].to_string();
                let vj = lines[j][sj..].to_string();
                lines[i].replace_range(si.., &vj);
                lines[j].replace_range(sj.., &vi);
            }
        }
        Mutation::SetValue(a, v) => {
            let vl = value_lines(&lines);
            if !vl.is_empty() {
                let (i, si) = vl[a.index(vl.len())];
                lines[i].replace_range(si.., v);
            }
        }
        Mutation::SetNumber(a, v) => {
            // A number where there was one: the file stays well-typed.
            let vl: Vec<(usize, usize)> = value_lines(&lines)
                .into_iter()
                .filter(|&(i, si)| lines[i][si..].trim().parse::<i64>().is_ok())
                .collect();
            if !vl.is_empty() {
                let (i, si) = vl[a.index(vl.len())];
                lines[i].replace_range(si.., &v.to_string());
            }
        }
        Mutation::SwapStrings(a, b) => {
            let q = quoted(text);
            if q.len() >= 2 {
                let (s1, e1) = q[a.index(q.len())];
                let (s2, e2) = q[b.index(q.len())];
                let (first, second) = if s1 <= s2 {
                    ((s1, e1), (s2, e2))
                } else {
                    ((s2, e2), (s1, e1))
                };
                if first.1 <= second.0 {
                    let mut out = String::with_capacity(text.len());
                    out.push_str(&text[..first.0]);
                    out.push_str(&text[second.0..second.1]);
                    out.push_str(&text[first.1..second.0]);
                    out.push_str(&text[first.0..first.1]);
                    out.push_str(&text[second.1..]);
                    return out;
                }
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Mutations that keep the file well-typed TOML (numbers for numbers,
/// strings of the file for strings), so that most runs reach the engine.
fn typed_mutation() -> impl Strategy<Value = Mutation> {
    let idx = any::<prop::sample::Index>;
    prop_oneof![
        (idx(), idx()).prop_map(|(a, b)| Mutation::SwapStrings(a, b)),
        (
            idx(),
            prop_oneof![
                4 => -2i64..25,
                1 => proptest::sample::select(vec![-1000, 100, 255, 256, 65535, 100_000, i64::MAX, i64::MIN]),
            ]
        )
            .prop_map(|(a, n)| Mutation::SetNumber(a, n)),
    ]
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

    /// One to four random mutations of a random case give a verdict,
    /// deterministically, and never a panic.
    #[test]
    fn mutated_cases_give_a_verdict(
        case in any::<prop::sample::Index>(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        let (name, text) = &cases()[case.index(cases().len())];
        let mut t = text.clone();
        for m in &mutations {
            t = apply(&t, m);
        }
        run_checked(&t, name);
    }

    /// Well-typed mutations (numbers and names changed) mostly load and
    /// run into the engine: a verdict, never a panic.
    #[test]
    fn well_typed_mutations_give_a_verdict(
        case in any::<prop::sample::Index>(),
        mutations in proptest::collection::vec(typed_mutation(), 1..3),
    ) {
        let (name, text) = &cases()[case.index(cases().len())];
        let mut t = text.clone();
        for m in &mutations {
            t = apply(&t, m);
        }
        run_checked(&t, name);
    }

    /// Random bytes are no scenario, but no panic either.
    #[test]
    fn random_bytes_give_a_verdict(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        run_checked(&text, "random.toml");
    }
}
