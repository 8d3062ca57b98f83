//! `b5 cards check FILE...`: each card's generated rules text beside the
//! `text` its owner keeps in his card file (his transcription of the
//! printed card), with the words where they differ (`b5_cards::check`).
//! A file that does not load is reported with its error and the others are
//! still checked; the exit code is 1 if any did not load. Differences are
//! shown, not failed: the generated wording is the engine's own.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use b5_cards::check::{check_file, diff_line, CardCheck};
use clap::Args;
use serde::Serialize;

use super::report::write_json;
use crate::Fail;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Card files, or folders searched for *.toml
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object: each file with its cards (name, line,
    /// generated, text, same, diff) or its error, and the counts
    #[arg(long)]
    pub json: bool,
}

/// One file checked: its cards, or why it did not load.
#[derive(Serialize, Debug)]
struct FileReport {
    file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    cards: Vec<CardReport>,
}

#[derive(Serialize, Debug)]
struct CardReport {
    #[serde(flatten)]
    check: CardCheck,
    /// Whether the data reads as the text (`null`: no text).
    same: Option<bool>,
}

#[derive(Serialize, Debug, Default)]
struct Counts {
    cards: usize,
    same: usize,
    differ: usize,
    no_text: usize,
    files_not_loaded: usize,
}

#[derive(Serialize, Debug)]
struct Report {
    files: Vec<FileReport>,
    counts: Counts,
}

pub fn run(args: &CheckArgs) -> Result<ExitCode, Fail> {
    let mut files = Vec::new();
    for path in &args.files {
        files.extend(check_path(path));
    }
    let mut counts = Counts::default();
    for f in &files {
        if f.error.is_some() {
            counts.files_not_loaded += 1;
        }
        for c in &f.cards {
            counts.cards += 1;
            match c.same {
                Some(true) => counts.same += 1,
                Some(false) => counts.differ += 1,
                None => counts.no_text += 1,
            }
        }
    }
    let failed = counts.files_not_loaded > 0;
    let report = Report { files, counts };
    let mut out = std::io::stdout().lock();
    if args.json {
        write_json(&mut out, &report, false)?;
    } else {
        write_text(&mut out, &report)?;
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The files a path names (a folder's *.toml files), each checked.
fn check_path(path: &std::path::Path) -> Vec<FileReport> {
    let walk = match b5_cards::card_files(path) {
        Ok(w) => w,
        Err(e) => {
            return vec![FileReport {
                file: path.display().to_string(),
                error: Some(e.to_string()),
                cards: Vec::new(),
            }]
        }
    };
    walk.files.iter().map(|f| check_one(f)).collect()
}

fn check_one(path: &std::path::Path) -> FileReport {
    let file = path.display().to_string();
    let checked = b5_cards::files::read_text(path, b5_cards::files::MAX_CARD_FILE_BYTES)
        .and_then(|text| check_file(&text, &file));
    match checked {
        Ok(cards) => FileReport {
            file,
            error: None,
            cards: cards
                .into_iter()
                .map(|check| CardReport {
                    same: check.same(),
                    check,
                })
                .collect(),
        },
        Err(e) => FileReport {
            file,
            error: Some(e.to_string()),
            cards: Vec::new(),
        },
    }
}

/// A text on one line: its line breaks and tabs as spaces.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn write_text(out: &mut impl Write, r: &Report) -> Result<(), Fail> {
    for f in &r.files {
        if let Some(e) = &f.error {
            writeln!(out, "{e}")?;
            continue;
        }
        for c in &f.cards {
            let k = &c.check;
            let verdict = match c.same {
                Some(true) => "reads as its text",
                Some(false) => "differs from its text",
                None => "has no text",
            };
            writeln!(out, "{}:{}: {}: {verdict}", f.file, k.line, k.name)?;
            let generated = match one_line(&k.generated) {
                g if g.is_empty() => "(no rules text)".to_string(),
                g => g,
            };
            writeln!(out, "  generated:  {generated}")?;
            match &k.text {
                Some(t) => {
                    writeln!(out, "  text:       {}", one_line(t))?;
                    if c.same == Some(false) {
                        writeln!(out, "  difference: {}", diff_line(&k.diff))?;
                    }
                }
                None => writeln!(
                    out,
                    "  (add text = \"...\" with the printed card's text to compare)"
                )?,
            }
        }
    }
    let n = &r.counts;
    let plural =
        |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
    let mut line = format!(
        "{}: {}, {}, {}",
        plural(n.cards, "card", "cards"),
        plural(n.same, "reads as its text", "read as their text"),
        plural(n.differ, "differs", "differ"),
        plural(n.no_text, "has no text", "have no text"),
    );
    if n.files_not_loaded > 0 {
        line.push_str(&format!(
            "; {} did not load",
            plural(n.files_not_loaded, "file", "files")
        ));
    }
    writeln!(out, "{line}")?;
    if n.differ > 0 {
        writeln!(
            out,
            "[-words-] only in the generated text, {{+words+}} only in yours; case and punctuation are ignored"
        )?;
    }
    Ok(())
}
