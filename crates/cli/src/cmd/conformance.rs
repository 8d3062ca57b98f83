//! `b5 conformance PATH...`: runs rules scenarios (conformance/SPEC.md),
//! printing `PASS <path>` / `FAIL <path>: step <k>: <reason>` and the
//! summary line `N passed, M failed`; exits 0 only when nothing failed.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

#[derive(Args, Debug)]
pub struct ConformanceArgs {
    /// Scenario files, or folders searched recursively for *.toml
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,
}

pub fn run(args: &ConformanceArgs) -> ExitCode {
    let files = match b5_conformance::collect(&args.paths) {
        Ok((files, skipped)) => {
            for line in skipped {
                eprintln!("warning: {line}");
            }
            files
        }
        Err(e) => {
            eprintln!("b5 conformance: {e}");
            return ExitCode::from(2);
        }
    };
    if files.is_empty() {
        eprintln!("b5 conformance: no scenario files (*.toml) under the paths given");
        return ExitCode::from(2);
    }
    let db = match b5_cards::open_set::database() {
        Ok(db) => db,
        Err(e) => {
            eprintln!("b5 conformance: the built-in card set does not load: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    match b5_conformance::run_files(&files, &db, &mut out) {
        Ok((_, 0)) => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}
