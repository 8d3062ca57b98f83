//! `b5 replay FILE`: sets a saved game up again, re-applies every action
//! and prints the log; fails (exit 1) naming the action when one is
//! rejected or is not the one the save was made with (its action chain,
//! version 3), naming the set-up when that was changed, or naming what
//! differs when the game does not end where the file says (turn, winners,
//! digest). Older saves, without a chain, replay with a note saying so.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::cardset::CardSet;
use crate::save::SaveFile;
use crate::Fail;

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A saved game (b5 play --save, b5 sim --save)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print only the verdict, not the log
    #[arg(long, short)]
    pub quiet: bool,
}

/// `cards`: the global `--cards` paths; when empty, the card files the
/// save carries are loaded. A path named in a save is never read.
pub fn run(args: &ReplayArgs, cards: &[PathBuf]) -> Result<ExitCode, Fail> {
    let save = SaveFile::read(&args.file)?;
    let set = if !cards.is_empty() {
        CardSet::load(cards)?
    } else if !save.cards.is_empty() {
        return Err(Fail::usage(format!(
            "{}: this version 1 save was played with the card files {}; a save's paths are never read: give them with --cards",
            args.file.display(),
            save.cards
                .iter()
                .map(|c| format!("\"{}\"", b5_cards::deck::excerpt(c)))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    } else {
        CardSet::from_texts(save.card_files.clone())
            .map_err(|e| Fail::new(format!("{}: card_files: {e}", args.file.display())))?
    };
    let origin = args.file.display().to_string();
    let mut out = std::io::stdout().lock();
    if !args.quiet {
        let names: Vec<&str> = save.seats.iter().map(|s| s.name.as_str()).collect();
        writeln!(
            out,
            "Replaying {}: seed {}, {} players ({}), {} actions",
            origin,
            save.seed,
            save.seats.len(),
            names.join(", "),
            save.actions.len()
        )?;
    }
    let mut write_err: Option<std::io::Error> = None;
    let game = save.replay(set.db.clone(), &origin, |game, _, _, _, ev| {
        if args.quiet || write_err.is_some() {
            return;
        }
        for e in ev {
            if let Some(s) = game.describe(e) {
                if let Err(err) = writeln!(out, "  * {s}") {
                    write_err = Some(err);
                    return;
                }
            }
        }
    })?;
    if let Some(e) = write_err {
        return Err(e.into());
    }
    if !args.quiet {
        writeln!(out)?;
        if game.is_over() {
            write!(out, "{}", super::play::game_over(&game))?;
        }
    }
    // Without a chain only the state is checked: say so, every time.
    let proof = if save.has_chain() {
        "; every action matches the action chain".to_string()
    } else {
        format!(
            "; note: this version {} save carries no action chain (state checkpoints only), so an action changed for another with the same effect would go unnoticed",
            save.version
        )
    };
    writeln!(
        out,
        "{}: replayed {} actions; turn {}, digest {} as saved{}{proof}",
        file_name(&args.file),
        save.actions.len(),
        game.turn(),
        save.digest,
        if game.is_over() {
            ""
        } else {
            " (the game was stopped before its end)"
        }
    )?;
    Ok(ExitCode::SUCCESS)
}

fn file_name(p: &Path) -> String {
    p.display().to_string()
}
