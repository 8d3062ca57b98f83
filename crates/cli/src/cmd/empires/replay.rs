//! `b5 empires replay FILE`: sets a saved game up again, re-applies every
//! action, prints the log as sentences, and fails (exit 1) naming the
//! action the game refuses, or what differs at the end (round, outcome,
//! digest).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::EmpiresSave;
use crate::Fail;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A saved game (b5 empires play --save, b5 empires sim --save)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print only the verdict, not the log
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: &ReplayArgs) -> Result<ExitCode, Fail> {
    let save = EmpiresSave::read(&args.file)?;
    let origin = args.file.display().to_string();
    let mut out = std::io::stdout().lock();
    if !args.quiet {
        let races: Vec<&str> = save.setup.races.iter().map(|r| r.short()).collect();
        writeln!(
            out,
            "Replaying {origin}: seed {}, {} players ({}), {} actions",
            save.seed,
            races.len(),
            races.join(", "),
            save.actions.len()
        )?;
    }
    let mut write_err: Option<std::io::Error> = None;
    let game = save.replay(&origin, |game, _, _, _, ev| {
        if args.quiet || write_err.is_some() {
            return;
        }
        for e in ev {
            if let Err(err) = writeln!(out, "  * {}", game.describe(e)) {
                write_err = Some(err);
                return;
            }
        }
    })?;
    if let Some(e) = write_err {
        return Err(e.into());
    }
    writeln!(
        out,
        "{origin}: replayed {} actions; round {}, digest {} as saved{}",
        save.actions.len(),
        game.round(),
        save.digest,
        match game.outcome() {
            Some(o) => format!(". {}", game.describe_outcome(&o)),
            None => " (the game was stopped before its end)".into(),
        }
    )?;
    Ok(ExitCode::SUCCESS)
}
