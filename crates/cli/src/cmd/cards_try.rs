//! `b5 cards try NAME`: plays one card in a sandbox against a computer
//! player, with `b5 play`'s screen: the card in your hand at a table built
//! around it (`b5_cards::sandbox`), your own card files given with
//! `--cards`. Nothing is saved; undo works as in `b5 play`.

use std::process::ExitCode;
use std::sync::Arc;

use b5_engine::{Game, Position};
use clap::Args;

use super::play::{drive, game_over};
use super::BotKind;
use crate::cardset::CardSet;
use crate::{derive_seed, Fail};

#[derive(Args, Debug)]
pub struct TryArgs {
    /// The card to try (names are case-insensitive); your own card files
    /// come with --cards FILE
    #[arg(value_name = "NAME")]
    pub name: String,
    /// The computer opponent
    #[arg(long, value_enum, default_value = "greedy")]
    pub bot: BotKind,
    /// The seed (the deck order); a new one each time without it
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

/// The game at `pos`, with `actions` played again (undo rebuilds it).
fn replayed(
    pos: &Position,
    db: &Arc<b5_engine::CardDb>,
    seed: u64,
    actions: &[(b5_engine::PlayerId, b5_engine::Action)],
) -> Result<Game, Fail> {
    let mut g = Game::from_position(pos, Arc::clone(db), seed)
        .map_err(|e| Fail::new(format!("the sandbox cannot be set up: {e}")))?;
    super::play::replay_onto(&mut g, actions)?;
    Ok(g)
}

pub fn run(args: &TryArgs, cards: &CardSet) -> Result<ExitCode, Fail> {
    let id = super::cards::find_card(cards, &args.name)?;
    let pos = b5_cards::sandbox::position(&cards.db, id)
        .map_err(|e| Fail::new(format!("no table can be built to try it: {e}")))?;
    let seed = args.seed.unwrap_or_else(super::clock_seed);
    let db = Arc::clone(&cards.db);
    let mut game = replayed(&pos, &db, seed, &[])?;
    let mut bots: Vec<Box<dyn b5_players::Bot>> = (0..pos.players.len())
        .map(|s| args.bot.make(derive_seed(seed, 1000 + s as u64)))
        .collect();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    use std::io::Write;
    let def = cards.db.get(id);
    writeln!(
        out,
        "b5 cards try: {} in your hand (seed {seed}); nothing is saved",
        def.name
    )?;
    for (i, p) in pos.players.iter().enumerate() {
        let who = super::play::seat_who(i, args.bot);
        writeln!(
            out,
            "  seat {}: {} ({who}), {}, {} influence",
            i + 1,
            p.name,
            p.race.display(),
            p.influence
        )?;
    }
    writeln!(out)?;
    let rebuild =
        |actions: &[(b5_engine::PlayerId, b5_engine::Action)]| replayed(&pos, &db, seed, actions);
    let session = drive(
        &mut game,
        super::play::You {
            seat: 0,
            hints: false,
        },
        &mut bots,
        &mut input,
        &mut out,
        Vec::new(),
        &rebuild,
    )?;
    writeln!(out)?;
    if session.quit {
        writeln!(out, "You left the sandbox on turn {}.", game.turn())?;
    } else {
        write!(out, "{}", game_over(&game))?;
    }
    Ok(ExitCode::SUCCESS)
}
