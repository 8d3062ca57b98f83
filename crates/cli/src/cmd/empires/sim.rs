//! `b5 empires sim`: games between computer players, and wins per race.
//! In game `g` (from 0), seat `s` plays race `(g + s) mod 4`, so over four
//! games every race plays every seat (with 2 players, every race plays).
//! The same arguments print the same bytes.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use b5_empires::bots::Bot;
use b5_empires::check::Checker;
use b5_empires::{Game, MapChoice, Options, Outcome, PlayerId, Race, Setup};
use clap::Args;
use serde::Serialize;

use super::{map_and_players, save_dir, EmpiresBot, EmpiresSave, MAX_ACTIONS};
use crate::cmd::report::{play_games, write_json, BotStats, Spread, WinTable};
use crate::{derive_seed, Fail};

#[derive(Args, Debug)]
pub struct SimArgs {
    /// Players per game (2 to 4; default: the map's homesystems, or 2)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: Option<u8>,
    /// Number of games
    #[arg(long, default_value_t = 10, value_name = "G",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Base seed: game g uses a seed derived from it (and a map generated
    /// from that seed, without --map)
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// The computer players, comma-separated; several rotate through the
    /// seats
    #[arg(long, value_enum, value_delimiter = ',', default_value = "greedy")]
    pub bot: Vec<EmpiresBot>,
    /// Play every game on this map (a TOML file or a shipped map name)
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// Stop a game after this many rounds (the most systems leads)
    #[arg(long, default_value_t = 100, value_name = "T",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub turn_limit: u32,
    /// Write each game's save into this folder (game-0001.json, ...)
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Print the statistics as one JSON object
    #[arg(long)]
    pub json: bool,
    /// Check the engine's invariants along every game (the property
    /// test's checks: units and cards conserved, views hide what they
    /// must, illegal actions refused with the game untouched, replay
    /// identical); a broken one counts as an error (exit 1). Slow: build
    /// with --release for thousands of games
    #[arg(long)]
    pub check: bool,
    /// Games played at once (default: one per core); the report is the
    /// same for any number
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct RaceStats {
    pub race: &'static str,
    pub seats: u32,
    /// Conquest or last standing.
    pub wins: u32,
    pub conquests: u32,
    /// Games stopped by the turn limit with this race alone in the lead.
    pub leads: u32,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct EmpiresSimReport {
    pub games: u32,
    pub players: u8,
    pub bot: String,
    pub bots: Vec<BotStats>,
    pub seed: u64,
    pub turn_limit: u32,
    pub map: String,
    pub races: Vec<RaceStats>,
    /// Games stopped by the turn limit.
    pub turn_limit_reached: u32,
    /// Games stopped by the action cap or an engine error.
    pub unfinished: u32,
    pub errors: Vec<String>,
    /// Games whose invariants were checked and held (`--check`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checked: Option<u32>,
    pub rounds: Spread,
    pub actions: Spread,
}

pub fn run(args: &SimArgs) -> Result<ExitCode, Fail> {
    let (choice, n) = map_and_players(args.map.as_deref(), args.players)?;
    save_dir(&args.save)?;
    let bot_list: Vec<EmpiresBot> = if args.bot.is_empty() {
        vec![EmpiresBot::Greedy]
    } else {
        args.bot.clone()
    };
    let mut bot_stats = BotStats::per_bot(bot_list.iter().map(|b| b.name()));
    let mut races: Vec<RaceStats> = Race::ALL
        .iter()
        .map(|r| RaceStats {
            race: r.short(),
            seats: 0,
            wins: 0,
            conquests: 0,
            leads: 0,
        })
        .collect();
    let (mut capped, mut unfinished) = (0, 0);
    let mut checked = 0u32;
    let mut errors = Vec::new();
    let mut rounds = Vec::new();
    let mut counts = Vec::new();
    let played = play_games(args.games, args.threads, false, |g| {
        play_one(args, &choice, n, &bot_list, g)
    })?;
    let mut map_name = String::new();
    for (g, played) in played.into_iter().enumerate() {
        let One {
            at,
            kinds,
            outcome,
            over,
            round,
            actions,
            error,
            checked: held,
            map,
        } = played?;
        if map_name.is_empty() {
            map_name = match &choice {
                MapChoice::Generated => "generated from each game's seed".into(),
                _ => map,
            };
        }
        let w = super::winner(outcome);
        for (s, &i) in at.iter().enumerate() {
            let p = s as PlayerId;
            races[i].seats += 1;
            BotStats::count(&mut bot_stats, kinds[s].name(), w == Some(p));
            if w == Some(p) {
                races[i].wins += 1;
                if matches!(outcome, Some(Outcome::Conquest { .. })) {
                    races[i].conquests += 1;
                }
            }
            if outcome == Some(Outcome::TurnLimit { leader: Some(p) }) {
                races[i].leads += 1;
            }
        }
        if matches!(outcome, Some(Outcome::TurnLimit { .. })) {
            capped += 1;
        }
        if !over {
            unfinished += 1;
        }
        if held {
            checked += 1;
        }
        if let Some(e) = error {
            errors.push(format!("game {}: {e}", g + 1));
        }
        rounds.push(round);
        counts.push(actions);
    }
    races.retain(|r| r.seats > 0);
    let report = EmpiresSimReport {
        games: args.games,
        players: n as u8,
        bot: bot_list
            .iter()
            .map(|b| b.name())
            .collect::<Vec<_>>()
            .join(","),
        bots: bot_stats,
        seed: args.seed,
        turn_limit: args.turn_limit,
        map: map_name,
        races,
        turn_limit_reached: capped,
        unfinished,
        checked: args.check.then_some(checked),
        errors,
        rounds: Spread::of(&rounds),
        actions: Spread::of(&counts),
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        write_json(&mut out, &report, true)?;
    } else {
        write!(out, "{}", text(&report))?;
    }
    if args.check && !report.errors.is_empty() {
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// What one game gave the report.
struct One {
    /// The race (index in `Race::ALL`) at each seat.
    at: Vec<usize>,
    kinds: Vec<EmpiresBot>,
    outcome: Option<Outcome>,
    over: bool,
    round: u64,
    actions: u64,
    error: Option<String>,
    /// Checked (`--check`) and every check held.
    checked: bool,
    map: String,
}

/// Plays game `g` (from 0): its seed, races and bots depend on `g` only.
fn play_one(
    args: &SimArgs,
    choice: &MapChoice,
    n: usize,
    bot_list: &[EmpiresBot],
    g: u32,
) -> Result<One, Fail> {
    let at: Vec<usize> = (0..n).map(|s| (g as usize + s) % 4).collect();
    let setup = Setup {
        races: at.iter().map(|&i| Race::ALL[i]).collect(),
        map: choice.clone(),
        options: Options {
            turn_limit: args.turn_limit,
            ..Options::default()
        },
    };
    let seed = derive_seed(args.seed, u64::from(g));
    let mut game = Game::new(&setup, seed)
        .map_err(|e| Fail::new(format!("game {}: cannot be set up: {e}", g + 1)))?;
    let kinds: Vec<EmpiresBot> = (0..n)
        .map(|s| bot_list[(g as usize + s) % bot_list.len()])
        .collect();
    let mut bots: Vec<Box<dyn Bot>> = kinds
        .iter()
        .enumerate()
        .map(|(s, b)| b.make(derive_seed(seed, 1000 + s as u64)))
        .collect();
    let mut log: Vec<(PlayerId, b5_empires::Action)> = Vec::new();
    let mut error = None;
    let mut checker = args.check.then(|| Checker::new(seed));
    while !game.is_over() && log.len() < MAX_ACTIONS {
        let Some(&p) = game.pending().first() else {
            break;
        };
        if let Some(c) = checker.as_mut() {
            if let Err(e) = c.before(&game) {
                error = Some(format!(
                    "invariant broken before action {}: {e}",
                    log.len() + 1
                ));
                break;
            }
        }
        let Some(a) = bots[p as usize].choose(&game, p) else {
            error = Some(format!("player {} is pending with no legal action", p + 1));
            break;
        };
        if let Err(e) = game.apply(p, a.clone()) {
            error = Some(format!("action {} refused: {e}", log.len() + 1));
            break;
        }
        log.push((p, a));
        if let Some(c) = checker.as_mut() {
            if let Err(e) = c.after(&game) {
                error = Some(format!("invariant broken after action {}: {e}", log.len()));
                break;
            }
        }
    }
    let mut checked = false;
    if let (Some(c), None) = (checker.as_mut(), &error) {
        if let Err(e) = c.finish(&game, &setup, seed, &log) {
            error = Some(format!("invariant broken at the end: {e}"));
        } else {
            checked = true;
        }
    }
    if let Some(dir) = &args.save {
        let path = dir.join(format!("game-{:04}.json", g + 1));
        EmpiresSave::record(&game, &setup, seed, &log).write(&path)?;
    }
    Ok(One {
        at,
        kinds,
        outcome: game.outcome(),
        over: game.is_over(),
        round: u64::from(game.round()),
        actions: log.len() as u64,
        error,
        checked,
        map: game.map().name.clone(),
    })
}

/// The report as a table.
pub fn text(r: &EmpiresSimReport) -> String {
    let mut t = WinTable::new(
        format!(
            "b5 empires sim: {} games, {} players, {} bots, seed {}, turn limit {}, map {}\n",
            r.games, r.players, r.bot, r.seed, r.turn_limit, r.map
        ),
        "race",
        12,
        "conquests",
        "leads",
    );
    for x in &r.races {
        t.row(x.race, x.seats, x.wins, x.conquests, x.leads);
    }
    t.bots(&r.bots);
    t.push_str(&format!(
        "stopped by the turn limit: {} of {} games\n",
        r.turn_limit_reached, r.games
    ));
    t.unfinished(r.unfinished, &r.errors);
    if let Some(c) = r.checked {
        t.push_str(&format!(
            "invariants checked: {c} of {} games held every check\n",
            r.games
        ));
    }
    t.push_str(&r.rounds.line("rounds per game:"));
    t.push_str(&r.actions.line("actions per game:"));
    t.finish()
}
