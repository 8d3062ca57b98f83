use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "b5", version, about = "Babylon 5 CCG rules engine")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run rules scenarios (files, or folders searched for *.toml)
    Conformance { paths: Vec<PathBuf> },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Conformance { paths } => {
            let files = match b5_conformance::collect(&paths) {
                Ok(f) => f,
                Err(e) => {
                    eprintln!("b5 conformance: {e}");
                    return ExitCode::from(2);
                }
            };
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
    }
}
