//! `b5 empires ...`: the second game, *Babylon 5 Empires* (crate
//! `b5-empires`), from the command line: `play` against computer players,
//! `sim`, `replay`, `map` (text or SVG), `bench` and `conformance`.
//!
//! Saved games (`play --save`, `sim --save`) are one JSON object:
//!
//! ```json
//! { "format": "b5-empires-save", "version": 1, "program": "b5 0.1.0",
//!   "setup": { "races": ["narn", "centauri"], "map": { "kind": "generated" }, "options": { ... } },
//!   "seed": 42,
//!   "actions": [[0, { "action": "draw" }], [0, { "action": "end_phase" }]],
//!   "finished": true, "round": 17, "outcome": { "outcome": "conquest", "winner": 0 },
//!   "digest": "8f3a0c2d9b1e4f70" }
//! ```
//!
//! The game is its set-up, seed and actions (the engine is deterministic);
//! `finished`, `round`, `outcome` and `digest` say where it stood, and
//! `b5 empires replay` fails when the replay stands elsewhere.

pub mod bench;
pub mod conformance;
pub mod draw;
pub mod play;
pub mod replay;
pub mod sim;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use b5_empires::bots::{Bot, GreedyBot, RandomBot, SearchBot};
use b5_empires::{Action, Game, Map, MapChoice, Outcome, PlayerId, Race, Setup};
use clap::{Subcommand, ValueEnum};
use serde::{Deserialize, Serialize};

use crate::Fail;

/// Largest map file read.
pub const MAX_MAP_FILE_BYTES: u64 = 1 << 20;
/// Largest save file read.
pub const MAX_SAVE_FILE_BYTES: u64 = 64 << 20;
/// The most actions a save may hold (and a game may take).
pub const MAX_ACTIONS: usize = 2_000_000;

#[derive(Subcommand, Debug)]
pub enum EmpiresCommand {
    /// Play Babylon 5 Empires at the terminal against computer players
    Play(play::PlayArgs),
    /// Play games between computer players and print wins per race
    Sim(sim::SimArgs),
    /// Replay a saved game, print its log and check it ends as saved
    Replay(replay::ReplayArgs),
    /// Draw a map (or a saved game's final position) as text or SVG
    Map(draw::MapArgs),
    /// Measure the engine's speed (build with --release)
    Bench(bench::BenchArgs),
    /// Run rules scenarios (files, or folders searched for *.toml)
    Conformance(conformance::ConformanceArgs),
}

pub fn run(cmd: &EmpiresCommand) -> Result<ExitCode, Fail> {
    match cmd {
        EmpiresCommand::Play(a) => play::run(a),
        EmpiresCommand::Sim(a) => sim::run(a),
        EmpiresCommand::Replay(a) => replay::run(a),
        EmpiresCommand::Map(a) => draw::run(a),
        EmpiresCommand::Bench(a) => bench::run(a),
        EmpiresCommand::Conformance(a) => conformance::run(a),
    }
}

/// The computer players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EmpiresBot {
    /// A random kind of action, then a random action of that kind.
    Random,
    /// Scores each legal action with rules of thumb from its own view.
    Greedy,
    /// Determinized Monte-Carlo search: the greedy player's best actions
    /// played forward on games drawn from its own view (6 drawn games by
    /// 3 candidates a decision).
    Search,
}

impl EmpiresBot {
    pub fn name(self) -> &'static str {
        match self {
            EmpiresBot::Random => "random",
            EmpiresBot::Greedy => "greedy",
            EmpiresBot::Search => "search",
        }
    }

    pub fn make(self, seed: u64) -> Box<dyn Bot> {
        match self {
            EmpiresBot::Random => Box::new(RandomBot::new(seed)),
            EmpiresBot::Greedy => Box::new(GreedyBot::new(seed)),
            EmpiresBot::Search => Box::new(SearchBot::new(seed)),
        }
    }
}

/// `--race`.
pub fn parse_race(s: &str) -> Result<Race, String> {
    Race::parse(s).ok_or_else(|| {
        format!("unknown race \"{s}\" (expected centauri, earthforce, minbari or narn)")
    })
}

/// Reads a map file: a shipped map's name (the-divide, four-crowns) when
/// no such file exists, else a TOML map file (size-limited; errors name
/// the file and line).
pub fn read_map(arg: &Path) -> Result<MapChoice, Fail> {
    let name = arg.to_string_lossy();
    if !arg.exists() && b5_empires::map::SHIPPED.contains(&name.as_ref()) {
        return Ok(MapChoice::Shipped {
            name: name.into_owned(),
        });
    }
    let text = b5_cards::files::read_text(arg, MAX_MAP_FILE_BYTES)
        .map_err(|e| Fail::new(e.to_string()))?;
    let map = Map::from_toml(&text).map_err(|e| Fail::new(format!("{}: {e}", arg.display())))?;
    Ok(MapChoice::Custom { map })
}

/// Seats a map of `choice` has homes for, when it is known before a game.
pub fn map_seats(choice: &MapChoice) -> Option<usize> {
    match choice {
        MapChoice::Generated => None,
        MapChoice::Shipped { name } => b5_empires::map::shipped(name).map(|m| m.homes().len()),
        MapChoice::Custom { map } => Some(map.homes().len()),
    }
}

/// The map `--map` names (a generated one without it) and the number of
/// players: the map's homesystems, which `--players` must match, or
/// `--players` (2 by default) on a generated map; 2 to 4.
pub fn map_and_players(
    map: Option<&Path>,
    players: Option<u8>,
) -> Result<(MapChoice, usize), Fail> {
    let choice = match map {
        Some(f) => read_map(f)?,
        None => MapChoice::Generated,
    };
    let n = match (map_seats(&choice), players) {
        (Some(h), Some(p)) if h != p as usize => {
            return Err(Fail::usage(format!(
                "the map has homesystems for {h} players, and --players asks for {p}"
            )))
        }
        (Some(h), _) => h,
        (None, p) => p.unwrap_or(2) as usize,
    };
    if !(2..=4).contains(&n) {
        return Err(Fail::new(format!(
            "the map has homesystems for {n} players; a game needs 2 to 4"
        )));
    }
    Ok((choice, n))
}

/// The races at a table of `n`: `first` (if given) at seat 1, then the
/// others in the rules' order.
pub fn races_for(n: usize, first: Option<Race>) -> Vec<Race> {
    let mut races: Vec<Race> = first.into_iter().collect();
    for r in Race::ALL {
        if races.len() == n {
            break;
        }
        if !races.contains(&r) {
            races.push(r);
        }
    }
    races
}

/// The winner of a finished game, if it has one (a turn limit's leader is
/// no winner).
pub fn winner(o: Option<Outcome>) -> Option<PlayerId> {
    match o {
        Some(Outcome::Conquest { winner }) | Some(Outcome::LastStanding { winner }) => Some(winner),
        _ => None,
    }
}

/// A saved game.
#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct EmpiresSave {
    pub format: String,
    pub version: u32,
    #[serde(default)]
    pub program: String,
    pub setup: Setup,
    pub seed: u64,
    pub actions: Vec<(PlayerId, Action)>,
    pub finished: bool,
    pub round: u32,
    pub outcome: Option<Outcome>,
    pub digest: String,
}

pub const SAVE_FORMAT: &str = "b5-empires-save";

impl EmpiresSave {
    pub fn record(game: &Game, setup: &Setup, seed: u64, actions: &[(PlayerId, Action)]) -> Self {
        EmpiresSave {
            format: SAVE_FORMAT.into(),
            version: 1,
            program: format!("b5 {}", env!("CARGO_PKG_VERSION")),
            setup: setup.clone(),
            seed,
            actions: actions.to_vec(),
            finished: game.is_over(),
            round: game.round(),
            outcome: game.outcome(),
            digest: format!("{:016x}", game.digest()),
        }
    }

    pub fn write(&self, path: &Path) -> Result<(), Fail> {
        let text = serde_json::to_string(self)
            .map_err(|e| Fail::new(format!("cannot write the save: {e}")))?;
        std::fs::write(path, text + "\n")
            .map_err(|e| Fail::new(format!("{}: cannot write: {e}", path.display())))
    }

    /// Reads a save (at most [`MAX_SAVE_FILE_BYTES`]); every problem is an
    /// error naming the file.
    pub fn read(path: &Path) -> Result<EmpiresSave, Fail> {
        let text = b5_cards::files::read_text(path, MAX_SAVE_FILE_BYTES)
            .map_err(|e| Fail::new(e.to_string()))?;
        EmpiresSave::parse(&text, &path.display().to_string())
    }

    /// Reads a save from its text; `shown` names it in errors.
    pub fn parse(text: &str, shown: &str) -> Result<EmpiresSave, Fail> {
        if text.len() as u64 > MAX_SAVE_FILE_BYTES {
            return Err(Fail::new(format!(
                "{shown}: larger than {MAX_SAVE_FILE_BYTES} bytes"
            )));
        }
        let save: EmpiresSave = serde_json::from_str(text).map_err(|e| {
            Fail::new(format!(
                "{shown}: line {}, column {}: not a Babylon 5 Empires save: {e}",
                e.line(),
                e.column()
            ))
        })?;
        if save.format != SAVE_FORMAT {
            return Err(Fail::new(format!(
                "{shown}: format: \"{}\" is not \"{SAVE_FORMAT}\"",
                save.format
            )));
        }
        if save.version != 1 {
            return Err(Fail::new(format!(
                "{shown}: version: {} is not a version this program reads (1)",
                save.version
            )));
        }
        if save.actions.len() > MAX_ACTIONS {
            return Err(Fail::new(format!(
                "{shown}: actions: {} actions; a save holds at most {MAX_ACTIONS}",
                save.actions.len()
            )));
        }
        if save.setup.options.turn_limit > 100_000 {
            return Err(Fail::new(format!(
                "{shown}: setup.options.turn_limit: at most 100000"
            )));
        }
        Ok(save)
    }

    /// Replays the save, calling `each` after every action with the events
    /// it produced; fails naming the action the game refused, or what
    /// differs at the end.
    pub fn replay(
        &self,
        origin: &str,
        mut each: impl FnMut(&Game, usize, PlayerId, &Action, &[b5_empires::Event]),
    ) -> Result<Game, Fail> {
        let mut game = Game::new(&self.setup, self.seed)
            .map_err(|e| Fail::new(format!("{origin}: setup: {e}")))?;
        for (i, (p, a)) in self.actions.iter().enumerate() {
            let ev = game.apply(*p, a.clone()).map_err(|e| {
                let json = serde_json::to_string(a).unwrap_or_default();
                Fail::new(format!(
                    "{origin}: action {} of {} (player {}, {json}) diverges: the game refuses it: {e}",
                    i + 1,
                    self.actions.len(),
                    u32::from(*p) + 1
                ))
            })?;
            each(&game, i, *p, a, &ev);
        }
        let digest = format!("{:016x}", game.digest());
        let mut diffs = Vec::new();
        if game.round() != self.round {
            diffs.push(format!("round {} (saved {})", game.round(), self.round));
        }
        if game.outcome() != self.outcome {
            diffs.push(format!(
                "outcome {:?} (saved {:?})",
                game.outcome(),
                self.outcome
            ));
        }
        if game.is_over() != self.finished {
            diffs.push(format!(
                "finished {} (saved {})",
                game.is_over(),
                self.finished
            ));
        }
        if digest != self.digest {
            diffs.push(format!("digest {digest} (saved {})", self.digest));
        }
        if !diffs.is_empty() {
            return Err(Fail::new(format!(
                "{origin}: the replay diverges from the save at its end: {}",
                diffs.join(", ")
            )));
        }
        Ok(game)
    }
}

#[cfg(test)]
mod fuzz;

/// Creates the folder for `--save DIR`.
pub fn save_dir(dir: &Option<PathBuf>) -> Result<(), Fail> {
    if let Some(d) = dir {
        std::fs::create_dir_all(d)
            .map_err(|e| Fail::new(format!("{}: cannot create the folder: {e}", d.display())))?;
    }
    Ok(())
}
