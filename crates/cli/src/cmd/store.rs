//! `b5 store copy --from LOCATOR --to LOCATOR`: moves every table of a
//! store (tables, seats, logs with their digests, pending undos, chat) into
//! another, empty one, each table read back and compared
//! (`b5_server::copy`). Both stores are opened as their owner: a store a
//! running `b5 serve` holds is refused, so stop it first.

use std::io::Write;
use std::process::ExitCode;

use b5_server::copy::{copy, open_store};
use b5_server::StoreLocator;
use clap::{Args, Subcommand};

use crate::Fail;

#[derive(Subcommand, Debug)]
pub enum StoreCommand {
    /// Copy every table of one store into another, empty one (a club's
    /// SQLite folder into a shared PostgreSQL database), checked after
    Copy(CopyArgs),
}

#[derive(Args, Debug)]
pub struct CopyArgs {
    /// The store to copy: sqlite:DIR (a `b5 serve --data` folder) or
    /// postgres://USER@HOST[:PORT]/DB
    #[arg(long, value_name = "STORE", value_parser = StoreLocator::parse)]
    pub from: StoreLocator,
    /// The store to copy into (empty; a PostgreSQL database without tables
    /// is given the store's schema)
    #[arg(long, value_name = "STORE", value_parser = StoreLocator::parse)]
    pub to: StoreLocator,
}

pub fn run(cmd: &StoreCommand) -> Result<ExitCode, Fail> {
    let StoreCommand::Copy(args) = cmd;
    if args.from == args.to {
        return Err(Fail::usage("--from and --to name the same store"));
    }
    let from = open_store(&args.from).map_err(|e| Fail::new(format!("{:?}: {e}", args.from)))?;
    let to = open_store(&args.to).map_err(|e| Fail::new(format!("{:?}: {e}", args.to)))?;
    let mut err = std::io::stderr();
    let copied = copy(&*from, &*to, |done, all| {
        if done % 100 == 0 || done == all {
            let _ = writeln!(err, "{done} of {all} tables copied");
        }
    })
    .map_err(|e| Fail::new(e.to_string()))?;
    println!(
        "copied {} tables ({} finished), {} log entries and {} chat lines from {:?} to {:?}; each table read back and compared",
        copied.tables, copied.finished, copied.log_entries, copied.chat_lines, args.from, args.to
    );
    Ok(ExitCode::SUCCESS)
}
