//! `b5 bench`: the engine's speed with random players on one thread (or
//! `--threads N`): actions per second, games per second, actions per game,
//! and the time to clone a 4-player game in mid-play (what search-based
//! players pay per node), and the search player's iterations per second at
//! that game's next decision with a choice (one tree a thread). Build with
//! `--release` for meaningful figures.

use std::hint::black_box;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use b5_cards::DeckList;
use b5_engine::{Action, Game, Options, PlayerId, Seat, Setup};
use b5_players::{play_game, Bot, Budget, RandomBot, SearchBot, SearchSettings};
use clap::Args;
use serde::Serialize;

use super::median;
use super::report::write_json;
use crate::cardset::{seat_names, CardSet};
use crate::{derive_seed, Fail};

/// A game ends with no winner after this many turns (random games normally
/// end well before).
pub const TURN_LIMIT: u32 = 150;
/// Actions into a game where clones are timed.
pub const MID_GAME_ACTIONS: usize = 300;
const CLONES: u32 = 20_000;
/// Iterations of the timed search.
const SEARCH_ITERATIONS: u32 = 3_000;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Print one JSON object: actions_per_second, games_per_second,
    /// actions_per_game_median, actions_per_game_max, actions_total,
    /// clone_ns, search_iterations_per_second, players, threads
    #[arg(long)]
    pub json: bool,
    /// Number of games
    #[arg(long, default_value_t = 100, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Players per game (2 to 6)
    #[arg(long, default_value_t = 4, value_name = "N",
          value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// Base seed
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Decks, comma-separated (default: every shipped deck)
    #[arg(long, value_name = "DECKS", value_delimiter = ',')]
    pub decks: Vec<String>,
    /// Games played at once, and the search's trees (one a thread). The
    /// games and their actions are the same for any number; one by
    /// default, for figures per core
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
}

#[derive(Serialize, Debug)]
pub struct BenchReport {
    pub actions_per_second: f64,
    pub games_per_second: f64,
    pub actions_per_game_median: f64,
    pub actions_per_game_max: u64,
    /// Every action of every game: instruction counts (callgrind) of two
    /// builds whose games differ compare per action.
    pub actions_total: u64,
    pub clone_ns: f64,
    /// The search player's iterations a second at the mid-game position's
    /// next decision with a choice, growing one tree on each thread.
    pub search_iterations_per_second: f64,
    pub players: u8,
    /// The threads the games and the search ran on (the clone is timed on
    /// one).
    pub threads: u16,
}

/// The decks to play: those named, or every shipped deck.
pub fn bench_decks(specs: &[String], cards: &CardSet) -> Result<Vec<DeckList>, Fail> {
    if specs.is_empty() {
        if cards.decks.is_empty() {
            return Err(Fail::usage(
                "there are no shipped decks yet: name the decks with --decks (deck files)",
            ));
        }
        return Ok(cards.decks.clone());
    }
    specs.iter().map(|s| cards.resolve_deck(s)).collect()
}

/// A set-up for `n` players, the decks rotated by `shift`.
pub fn table(cards: &CardSet, decks: &[DeckList], n: usize, shift: usize) -> Result<Setup, Fail> {
    let chosen: Vec<DeckList> = (0..n)
        .map(|s| decks[(shift + s) % decks.len()].clone())
        .collect();
    let players = chosen
        .iter()
        .zip(seat_names(&chosen))
        .map(|(d, name)| cards.seat(d, &name))
        .collect::<Result<Vec<Seat>, _>>()?;
    Ok(Setup {
        players,
        options: Options {
            duel_draw: false,
            turn_limit: Some(TURN_LIMIT),
            ..Default::default()
        },
    })
}

fn random_bots(n: usize, seed: u64) -> Vec<Box<dyn Bot>> {
    (0..n)
        .map(|s| Box::new(RandomBot::new(derive_seed(seed, 1000 + s as u64))) as Box<dyn Bot>)
        .collect()
}

/// A game `actions` actions in (random players), for timing clones and
/// steps: the first seed from `seed` on whose game lasts that long.
pub fn mid_game(
    cards: &CardSet,
    decks: &[DeckList],
    n: usize,
    seed: u64,
    actions: usize,
) -> Result<Game, Fail> {
    let mut legal: Vec<Action> = Vec::new();
    for attempt in 0..100u64 {
        let s = derive_seed(seed, attempt);
        let setup = table(cards, decks, n, attempt as usize)?;
        let mut game = Game::new(setup, Arc::clone(&cards.db), s)
            .map_err(|e| Fail::new(format!("the benchmark game cannot be set up: {e}")))?;
        let mut bots = random_bots(n, s);
        let mut taken = 0;
        'game: while !game.is_over() && taken < actions {
            if game.at_round_entry().is_some() {
                game.proceed();
                continue;
            }
            let pending = game.pending();
            if pending.is_empty() {
                break;
            }
            for p in pending {
                if game.is_over() || taken >= actions {
                    break 'game;
                }
                game.legal_actions_into(p, &mut legal);
                if legal.is_empty() {
                    break 'game;
                }
                let a = bots[p as usize].choose(&game, p as PlayerId, &legal);
                if game.apply(p, a).is_err() {
                    break 'game;
                }
                taken += 1;
            }
        }
        if taken >= actions && !game.is_over() {
            return Ok(game);
        }
    }
    Err(Fail::new(format!(
        "no benchmark game lasted {actions} actions"
    )))
}

/// The search player's iterations per second at `game`'s next decision
/// with more than one legal action (random players play up to it), growing
/// `trees` trees at once (root parallelization, on the current pool).
pub fn search_rate(game: &Game, seed: u64, trees: u32) -> f64 {
    let mut g = game.clone();
    let mut random = RandomBot::new(seed);
    let mut legal = Vec::new();
    // Bounded: a game gets to a choice long before.
    for _ in 0..10_000 {
        if g.is_over() {
            return 0.0;
        }
        if g.at_round_entry().is_some() {
            g.proceed();
            continue;
        }
        let Some(&p) = g.pending().first() else {
            return 0.0;
        };
        g.legal_actions_into(p, &mut legal);
        if legal.len() > 1 {
            let mut bot = SearchBot::with_settings(
                seed,
                SearchSettings {
                    budget: Budget::Iterations(SEARCH_ITERATIONS * trees),
                    trees,
                    ..SearchSettings::default()
                },
            );
            let t = Instant::now();
            black_box(bot.analyse(&g, p, &legal));
            return f64::from(bot.last_iterations()) / t.elapsed().as_secs_f64().max(1e-9);
        }
        let a = random.choose(&g, p, &legal);
        if g.apply(p, a).is_err() {
            return 0.0;
        }
    }
    0.0
}

/// Nanoseconds per clone of `game`, each copy dropped right away (as a
/// search does; the allocator reuses the memory).
pub fn clone_ns(game: &Game, clones: u32) -> f64 {
    // Warm up, then time.
    for _ in 0..clones / 10 {
        black_box(black_box(game).clone());
    }
    let t = Instant::now();
    for _ in 0..clones {
        black_box(black_box(game).clone());
    }
    t.elapsed().as_nanos() as f64 / f64::from(clones.max(1))
}

pub fn run(args: &BenchArgs, cards: &CardSet) -> Result<ExitCode, Fail> {
    let decks = bench_decks(&args.decks, cards)?;
    let n = args.players as usize;
    if n > decks.len() {
        return Err(Fail::usage(format!(
            "{n} players need {n} different decks (a race's faction sits once at a table), and {} {} given",
            decks.len(),
            if decks.len() == 1 { "is" } else { "are" }
        )));
    }
    // Clones are timed on a 4-player game (fewer with fewer decks).
    let clone_players = decks.len().min(4);
    // Set every game up first: only play is timed.
    let mut games = Vec::with_capacity(args.games as usize);
    for g in 0..args.games {
        let s = derive_seed(args.seed, u64::from(g));
        let setup = table(cards, &decks, n, g as usize)?;
        let game = Game::new(setup, Arc::clone(&cards.db), s)
            .map_err(|e| Fail::new(format!("game {}: cannot be set up: {e}", g + 1)))?;
        games.push((game, s));
    }
    let pool = super::report::thread_pool(Some(args.threads))?;
    let start = Instant::now();
    let mut counts: Vec<u64> = pool.install(|| {
        use rayon::prelude::*;
        games
            .par_iter_mut()
            .map(|(game, s)| {
                let mut bots = random_bots(n, *s);
                play_game(game, &mut bots, super::sim::MAX_ACTIONS).num_actions as u64
            })
            .collect()
    });
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    counts.sort_unstable();
    let total: u64 = counts.iter().sum();

    let mid = mid_game(cards, &decks, clone_players, args.seed, MID_GAME_ACTIONS)?;
    let report = BenchReport {
        actions_per_second: (total as f64 / secs).round(),
        games_per_second: (f64::from(args.games) / secs * 100.0).round() / 100.0,
        actions_per_game_median: median(&counts),
        actions_per_game_max: counts.last().copied().unwrap_or(0),
        actions_total: total,
        clone_ns: (clone_ns(&mid, CLONES) * 10.0).round() / 10.0,
        search_iterations_per_second: pool
            .install(|| search_rate(&mid, args.seed, u32::from(args.threads)))
            .round(),
        players: args.players,
        threads: args.threads,
    };
    if cfg!(debug_assertions) {
        eprintln!("b5 bench: note: this is a debug build; run `cargo run --release -p b5 -- bench` for real figures");
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        write_json(&mut out, &report, false)?;
    } else {
        writeln!(
            out,
            "b5 bench: {} games, {} players, random against random, seed {}, {}",
            args.games,
            args.players,
            args.seed,
            match args.threads {
                1 => "one thread".to_string(),
                n => format!("{n} threads"),
            }
        )?;
        writeln!(out, "actions per second:  {:.0}", report.actions_per_second)?;
        writeln!(out, "games per second:    {:.2}", report.games_per_second)?;
        writeln!(
            out,
            "actions per game:    median {}, max {}, {} in all",
            report.actions_per_game_median, report.actions_per_game_max, report.actions_total
        )?;
        writeln!(
            out,
            "clone of a {clone_players}-player game after {MID_GAME_ACTIONS} actions: {:.1} ns",
            report.clone_ns
        )?;
        writeln!(
            out,
            "search iterations per second there: {:.0}{}",
            report.search_iterations_per_second,
            match args.threads {
                1 => String::new(),
                n => format!(" ({n} trees, one a thread)"),
            }
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
