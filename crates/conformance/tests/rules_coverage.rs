//! `docs/rules-coverage.md` stays true: every section of the Engine Rules
//! v1.2 table of contents and every heading of the 2006 summary has a row,
//! every row has a known status, and every file, folder and scenario the
//! document names exists. The rules are read from `../shared/rules` beside
//! the clone; without it the two section checks are skipped with a message.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const DOC: &str = "docs/rules-coverage.md";

/// The statuses a row may have (the status cell starts with one of them).
const STATUSES: [&str; 4] = [
    "done",
    "partial",
    "not implemented",
    "in progress (lead fills in)",
];

fn doc() -> String {
    std::fs::read_to_string(root().join(DOC)).unwrap_or_else(|e| panic!("{DOC}: {e}"))
}

/// A table row of the document: the heading of the part it is in (the last
/// `## ` line above it) and its cells, trimmed.
struct Row {
    part: String,
    line: usize,
    cells: Vec<String>,
}

fn rows(text: &str) -> Vec<Row> {
    let mut part = String::new();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(h) = line.strip_prefix("## ") {
            part = h.trim().to_string();
            continue;
        }
        let Some(inner) = line.trim().strip_prefix('|') else {
            continue;
        };
        let inner = inner.strip_suffix('|').unwrap_or(inner);
        let cells: Vec<String> = inner.split('|').map(|c| c.trim().to_string()).collect();
        // Skip the header and the separator line.
        if cells[0] == "Section" || cells.iter().all(|c| c.chars().all(|ch| ch == '-')) {
            continue;
        }
        out.push(Row {
            part: part.clone(),
            line: i + 1,
            cells,
        });
    }
    out
}

/// The rules document, or `None` (with a message) when `../shared` is not
/// beside this clone.
fn rules_file(name: &str) -> Option<String> {
    let path = root().join("../shared/rules").join(name);
    if !path.is_file() {
        eprintln!(
            "{} is absent (../shared is not beside this clone): rules sections not checked",
            path.display()
        );
        return None;
    }
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The titles of the table of contents: lines that are only a numbered or
/// lettered entry `N. [Title](#)` (with an optional leading `-`).
fn toc_titles(rules: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in rules.lines() {
        let l = line.trim().trim_start_matches('-').trim_start();
        let Some((label, rest)) = l.split_once('.') else {
            continue;
        };
        let label_ok = label.chars().all(|c| c.is_ascii_digit())
            || (label.len() == 1 && label.chars().all(|c| c.is_ascii_lowercase()));
        if label.is_empty() || !label_ok {
            continue;
        }
        let Some(title) = rest
            .trim()
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix("](#)"))
        else {
            continue;
        };
        out.push(title.replace("\\(", "(").replace("\\)", ")"));
    }
    out
}

/// A row's section without its label: "5.d Rotate to Build Influence."
/// gives "Rotate to Build Influence."; a sub-row ("3 › Keywords") gives
/// nothing, since only whole sections are in the table of contents.
fn section_title(cell: &str) -> Option<&str> {
    let (label, rest) = cell.split_once(' ')?;
    let mut chars = label.chars();
    let starts = chars.next().is_some_and(|c| c.is_ascii_digit());
    let label_ok =
        starts && chars.all(|c| c.is_ascii_digit() || c == '.' || c.is_ascii_lowercase());
    (label_ok && !rest.starts_with('›')).then_some(rest)
}

#[test]
fn every_section_of_the_table_of_contents_has_a_row() {
    let Some(rules) = rules_file("engine-rules-v1.2.txt") else {
        return;
    };
    let titles = toc_titles(&rules);
    assert!(
        titles.len() >= 50,
        "only {} entries read from the table of contents of engine-rules-v1.2.txt: {titles:?}",
        titles.len()
    );
    let text = doc();
    let rows = rows(&text);
    let missing: Vec<&String> = titles
        .iter()
        .filter(|t| {
            !rows
                .iter()
                .any(|r| section_title(&r.cells[0]) == Some(t.as_str()))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{DOC}: no row for these sections of the Engine Rules v1.2 (a row's first cell is the \
         section's number and title, e.g. \"5.d Rotate to Build Influence.\"): {missing:?}"
    );
}

#[test]
fn every_heading_of_the_2006_summary_has_a_row() {
    let Some(summary) = rules_file("engine-rules-summary-2006.txt") else {
        return;
    };
    let headings: Vec<String> = summary
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| {
            l.trim_start_matches('#')
                .trim()
                .trim_matches('*')
                .trim()
                .to_string()
        })
        .filter(|h| !h.is_empty())
        .collect();
    assert!(
        headings.len() >= 10,
        "only {} headings read from engine-rules-summary-2006.txt",
        headings.len()
    );
    let text = doc();
    let rows = rows(&text);
    let missing: Vec<&String> = headings
        .iter()
        .filter(|h| {
            !rows
                .iter()
                .any(|r| r.part.contains("2006") && r.cells[0].contains(h.as_str()))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{DOC}: no row in the 2006 summary table for these headings: {missing:?}"
    );
}

#[test]
fn every_row_has_four_cells_and_a_known_status() {
    let text = doc();
    let rows = rows(&text);
    assert!(rows.len() >= 100, "{DOC}: only {} rows", rows.len());
    for r in &rows {
        assert_eq!(
            r.cells.len(),
            4,
            "{DOC}:{}: a row has four cells (section, where, scenarios, status)",
            r.line
        );
        let status = &r.cells[3];
        let Some(known) = STATUSES.iter().find(|s| status.starts_with(*s)) else {
            panic!(
                "{DOC}:{}: the status \"{status}\" starts with none of {STATUSES:?}",
                r.line
            );
        };
        // What is missing, or why not, is said after the status.
        if *known == "partial" || *known == "not implemented" {
            assert!(
                status.len() > known.len() + 10,
                "{DOC}:{}: a {known} row says what is missing or why",
                r.line
            );
        }
    }
}

/// The text between each pair of backticks.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

#[test]
fn every_file_and_scenario_named_exists() {
    let text = doc();
    let mut checked = 0;
    let mut missing = Vec::new();
    for span in code_spans(&text) {
        if span.contains(' ') || !span.contains('/') || span.starts_with("../") {
            continue; // not a path of this repository (code, a command, ../shared)
        }
        let path = if span.ends_with(".toml")
            && ["cases/", "own/", "open-set/"]
                .iter()
                .any(|d| span.starts_with(d))
        {
            root().join("conformance").join(span)
        } else {
            root().join(span)
        };
        checked += 1;
        if !path.exists() {
            missing.push(span);
        }
    }
    assert!(checked >= 200, "{DOC}: only {checked} paths found");
    missing.sort_unstable();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "{DOC} names files that do not exist (scenarios are relative to conformance/, other \
         paths to the repository root): {missing:?}"
    );
}
