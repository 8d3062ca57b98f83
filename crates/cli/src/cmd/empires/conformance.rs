//! `b5 empires conformance PATH...`: runs Babylon 5 Empires rules scenarios
//! (`crates/empires/scenarios/README.md`), printing `PASS <path>` or
//! `FAIL <path>: step <k>: <reason>` and `N passed, M failed`; exits 0 only
//! when nothing failed, 2 when no scenario was found.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use b5_empires::scenario::{run_text, MAX_SCENARIO_BYTES};
use clap::Args;

use crate::Fail;

#[derive(Args, Debug)]
pub struct ConformanceArgs {
    /// Scenario files, or folders searched recursively for *.toml
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

/// Files under `p` (depth-limited, links followed once by the walk's own
/// visited set, only regular files).
fn collect(p: &Path, depth: usize, seen: &mut Vec<PathBuf>, out: &mut Vec<PathBuf>) {
    let Ok(meta) = std::fs::metadata(p) else {
        out.push(p.to_path_buf());
        return;
    };
    if meta.is_file() {
        out.push(p.to_path_buf());
        return;
    }
    if !meta.is_dir() || depth > 16 || out.len() > 10_000 {
        return;
    }
    if let Ok(c) = std::fs::canonicalize(p) {
        if seen.contains(&c) {
            return;
        }
        seen.push(c);
    }
    let Ok(rd) = std::fs::read_dir(p) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for e in entries {
        let is_dir = std::fs::metadata(&e).map(|m| m.is_dir()).unwrap_or(false);
        if is_dir || e.extension().is_some_and(|x| x == "toml") {
            collect(&e, depth + 1, seen, out);
        }
    }
}

pub fn run(args: &ConformanceArgs) -> Result<ExitCode, Fail> {
    let mut files = Vec::new();
    let mut seen = Vec::new();
    for p in &args.paths {
        if !p.exists() {
            return Err(Fail::usage(format!(
                "{}: no such file or folder",
                p.display()
            )));
        }
        collect(p, 0, &mut seen, &mut files);
    }
    if files.is_empty() {
        return Err(Fail::usage(
            "no scenario files (*.toml) under the paths given",
        ));
    }
    let mut out = std::io::stdout().lock();
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        let result = b5_cards::files::read_text(f, MAX_SCENARIO_BYTES as u64)
            .map_err(|e| e.to_string())
            .and_then(|t| run_text(&t));
        match result {
            Ok(()) => {
                passed += 1;
                writeln!(out, "PASS {}", f.display())?;
            }
            Err(e) => {
                failed += 1;
                writeln!(out, "FAIL {}: {e}", f.display())?;
            }
        }
    }
    writeln!(out, "{passed} passed, {failed} failed")?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
