//! `b5 empires bench`: the engine's speed on one thread: decisions per
//! second and games per second with random players (and the greedy
//! player's decisions per second, which pays for its own scoring), and the
//! time to clone a game in mid-play. Build with `--release`.

use std::hint::black_box;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use b5_empires::bots::{play_out, Bot};
use b5_empires::{Game, Options, Setup};
use clap::Args;
use serde::Serialize;

use super::{races_for, EmpiresBot};
use crate::cmd::report::write_json;
use crate::{derive_seed, Fail};

/// Rounds before a benchmark game stops.
pub const TURN_LIMIT: u32 = 100;
/// Actions into a game where clones are timed.
pub const MID_GAME_ACTIONS: usize = 2_000;
const CLONES: u32 = 20_000;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    /// Number of games per kind of player
    #[arg(long, default_value_t = 20, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Players per game (2 to 4)
    #[arg(long, default_value_t = 4, value_name = "N",
          value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,
    /// Base seed
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
}

#[derive(Serialize, Debug)]
pub struct EmpiresBenchReport {
    pub players: u8,
    pub games: u32,
    pub decisions_per_second: f64,
    pub games_per_second: f64,
    pub actions_per_game: f64,
    pub greedy_decisions_per_second: f64,
    pub greedy_games_per_second: f64,
    pub clone_ns: f64,
    pub legal_actions_ns: f64,
}

fn setup(n: usize) -> Setup {
    Setup {
        races: races_for(n, None),
        map: Default::default(),
        options: Options {
            turn_limit: TURN_LIMIT,
            ..Options::default()
        },
    }
}

/// (actions, seconds) for `games` games of `kind`.
fn play(kind: EmpiresBot, n: usize, games: u32, seed: u64) -> Result<(u64, f64), Fail> {
    let mut tables = Vec::new();
    for g in 0..games {
        let s = derive_seed(seed, u64::from(g));
        let game = Game::new(&setup(n), s).map_err(|e| Fail::new(e.to_string()))?;
        let bots: Vec<Box<dyn Bot>> = (0..n)
            .map(|i| kind.make(derive_seed(s, 1000 + i as u64)))
            .collect();
        tables.push((game, bots));
    }
    let t = Instant::now();
    let mut total = 0u64;
    for (game, bots) in &mut tables {
        total += play_out(game, bots, super::MAX_ACTIONS).map_err(Fail::new)? as u64;
    }
    Ok((total, t.elapsed().as_secs_f64().max(1e-9)))
}

pub fn run(args: &BenchArgs) -> Result<ExitCode, Fail> {
    let n = args.players as usize;
    let (actions, secs) = play(EmpiresBot::Random, n, args.games, args.seed)?;
    let greedy_games = args.games.div_ceil(4).max(1);
    let (g_actions, g_secs) = play(EmpiresBot::Greedy, n, greedy_games, args.seed)?;
    // A game in mid-play, for clones and legal-action lists.
    let mut mid = Game::new(&setup(n), args.seed).map_err(|e| Fail::new(e.to_string()))?;
    let mut bots: Vec<Box<dyn Bot>> = (0..n)
        .map(|i| EmpiresBot::Random.make(derive_seed(args.seed, 1000 + i as u64)))
        .collect();
    play_out(&mut mid, &mut bots, MID_GAME_ACTIONS).map_err(Fail::new)?;
    for _ in 0..CLONES / 10 {
        black_box(black_box(&mid).clone());
    }
    let t = Instant::now();
    for _ in 0..CLONES {
        black_box(black_box(&mid).clone());
    }
    let clone_ns = t.elapsed().as_nanos() as f64 / f64::from(CLONES);
    let p = mid.pending().first().copied().unwrap_or(0);
    let t = Instant::now();
    for _ in 0..CLONES / 10 {
        black_box(black_box(&mid).legal_actions(p));
    }
    let legal_ns = t.elapsed().as_nanos() as f64 / f64::from(CLONES / 10);
    let round = |x: f64, k: f64| (x * k).round() / k;
    let report = EmpiresBenchReport {
        players: args.players,
        games: args.games,
        decisions_per_second: round(actions as f64 / secs, 1.0),
        games_per_second: round(f64::from(args.games) / secs, 100.0),
        actions_per_game: round(actions as f64 / f64::from(args.games), 10.0),
        greedy_decisions_per_second: round(g_actions as f64 / g_secs, 1.0),
        greedy_games_per_second: round(f64::from(greedy_games) / g_secs, 100.0),
        clone_ns: round(clone_ns, 10.0),
        legal_actions_ns: round(legal_ns, 10.0),
    };
    if cfg!(debug_assertions) {
        eprintln!("b5 empires bench: note: this is a debug build; run `cargo run --release -- empires bench` for real figures");
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        write_json(&mut out, &report, false)?;
    } else {
        writeln!(
            out,
            "b5 empires bench: {} players, generated maps, turn limit {TURN_LIMIT}, seed {}, one thread",
            args.players, args.seed
        )?;
        writeln!(
            out,
            "random players: {} games, {:.0} decisions per second, {:.2} games per second, {:.1} actions per game",
            args.games, report.decisions_per_second, report.games_per_second, report.actions_per_game
        )?;
        writeln!(
            out,
            "greedy players: {greedy_games} games, {:.0} decisions per second, {:.2} games per second",
            report.greedy_decisions_per_second, report.greedy_games_per_second
        )?;
        writeln!(
            out,
            "clone of a game after {MID_GAME_ACTIONS} actions: {:.1} ns; legal actions there: {:.1} ns",
            report.clone_ns, report.legal_actions_ns
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
