//! The commands, one module each; [`crate`]'s binary dispatches to their
//! `run` functions.

pub mod analyze;
pub mod bench;
pub mod cards;
pub mod cards_check;
pub mod cards_new;
pub mod cards_try;
pub mod conformance;
pub mod connect;
pub mod deck;
pub mod empires;
pub mod loadtest;
pub mod play;
pub mod replay;
pub mod report;
pub mod serve;
pub mod sim;
pub mod store;
pub mod tune;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use b5_engine::{CardType, Race};
use b5_players::{Bot, Budget, GreedyBot, RandomBot, SearchBot, SearchSettings, Weights, Widening};
use clap::{Args, ValueEnum};

use crate::Fail;

/// The computer players on offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotKind {
    /// Uniform over the legal actions.
    Random,
    /// One step of lookahead with a heuristic evaluation.
    Greedy,
    /// Information-set Monte Carlo tree search (see --search-iterations).
    Search,
}

impl BotKind {
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Search => "search",
        }
    }

    /// The name the online table knows the player by (the search player
    /// at its medium strength, the default budget).
    pub fn server_name(self) -> &'static str {
        match self {
            BotKind::Search => "search-medium",
            b => b.name(),
        }
    }

    /// The player, a search player with the default budget.
    pub fn make(self, seed: u64) -> Box<dyn Bot> {
        self.make_with(seed, &SearchSettings::default())
    }

    /// The player, a search player with `search`'s settings (a greedy
    /// player with their evaluation's weights).
    pub fn make_with(self, seed: u64, search: &SearchSettings) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot::with_weights(seed, search.weights.clone())),
            BotKind::Search => Box::new(SearchBot::with_settings(seed, search.clone())),
        }
    }
}

/// A computer player of `b5 sim` and `b5 analyze`: a kind, and for the
/// search player its own number of iterations (`search:N`), so players of
/// several strengths can meet; and, for `b5 tune`'s matches, its own
/// evaluation weights under a label.
#[derive(Clone, Debug, PartialEq)]
pub struct BotSpec {
    pub kind: BotKind,
    pub iterations: Option<u32>,
    pub weights: Option<(String, Arc<Weights>)>,
}

impl BotSpec {
    pub fn of(kind: BotKind) -> BotSpec {
        BotSpec {
            kind,
            iterations: None,
            weights: None,
        }
    }

    /// As given: `greedy`, `search`, `search:5000`; `greedy@label` with
    /// its own weights.
    pub fn name(&self) -> String {
        let base = match self.iterations {
            Some(n) => format!("{}:{n}", self.kind.name()),
            None => self.kind.name().to_string(),
        };
        match &self.weights {
            Some((label, _)) => format!("{base}@{label}"),
            None => base,
        }
    }

    /// The player; a search player with its own iterations, or `search`'s,
    /// and its own weights, or `search`'s.
    pub fn make(&self, seed: u64, search: &SearchSettings) -> Box<dyn Bot> {
        let settings = SearchSettings {
            budget: self.iterations.map_or(search.budget, Budget::Iterations),
            weights: self
                .weights
                .as_ref()
                .map_or_else(|| search.weights.clone(), |(_, w)| Weights::clone(w)),
            ..search.clone()
        };
        self.kind.make_with(seed, &settings)
    }
}

/// `--bot` of `b5 sim`: `random`, `greedy`, `search` or `search:N`, and
/// `greedy@FILE` or `search:N@FILE` with the evaluation's weights read from
/// a file (`b5 tune`'s), for this player only.
pub fn parse_bot(s: &str) -> Result<BotSpec, String> {
    let s = s.trim();
    let (s, file) = match s.split_once('@') {
        Some((b, f)) => (b, Some(f)),
        None => (s, None),
    };
    let mut spec = parse_bot_budget(s)?;
    if let Some(f) = file {
        if spec.kind == BotKind::Random {
            return Err(format!(
                "only the greedy and search players take weights, not \"{}\"",
                b5_cards::deck::excerpt(s)
            ));
        }
        let w = read_weights(Path::new(f)).map_err(|e| e.message)?;
        spec.weights = Some((f.to_string(), Arc::new(w)));
    }
    Ok(spec)
}

fn parse_bot_budget(s: &str) -> Result<BotSpec, String> {
    let (name, budget) = match s.split_once(':') {
        Some((n, b)) => (n, Some(b)),
        None => (s, None),
    };
    let kind = BotKind::from_str(name, true).map_err(|_| {
        format!(
            "unknown computer player \"{}\" (expected random, greedy, search or search:N, \
             with @FILE for weights)",
            b5_cards::deck::excerpt(s)
        )
    })?;
    let iterations = match budget {
        None => None,
        Some(_) if kind != BotKind::Search => {
            return Err(format!(
                "only the search player takes a budget (search:N), not \"{}\"",
                b5_cards::deck::excerpt(s)
            ))
        }
        Some(b) => Some(
            b.parse::<u32>()
                .ok()
                .filter(|n| (1..=10_000_000).contains(n))
                .ok_or_else(|| {
                    format!(
                        "\"{}\": the iterations are a number from 1 to 10000000",
                        b5_cards::deck::excerpt(s)
                    )
                })?,
        ),
    };
    Ok(BotSpec {
        kind,
        iterations,
        weights: None,
    })
}

/// The search player's budget, for the commands that seat computer players.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// The search player's iterations per decision (default 1000; the
    /// same seed and budget always give the same game)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub search_iterations: Option<u32>,
    /// The search player thinks this many milliseconds per decision
    /// instead (games then depend on the machine's speed)
    #[arg(long, value_name = "MS", conflicts_with = "search_iterations",
          value_parser = clap::value_parser!(u32).range(1..=600_000))]
    pub search_ms: Option<u32>,
    /// The search player grows this many trees at once, one per thread,
    /// sharing the budget (root parallelization; the games depend on this
    /// number, not on the cores)
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub search_trees: u32,
    /// The search player's exploration constant `c` (its upper confidence
    /// bound: mean + c·√(ln available / visits); default 0.7)
    #[arg(long, value_name = "C", value_parser = parse_exploration)]
    pub search_exploration: Option<f64>,
    /// The search player's temperature, in evaluation points (10 a point
    /// of power), turning the seats' evaluations into shares of one win
    /// (default 40)
    #[arg(long, value_name = "POINTS", value_parser = parse_scale)]
    pub search_scale: Option<f64>,
    /// Random decisions the search player plays after its tree before it
    /// scores the position (default: 0 at two players, scored at once; 10
    /// at three or more)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub search_horizon: Option<u32>,
    /// The search player's progressive widening, `BASE,POWER`: at a
    /// decision whose tried actions have n visits, it tries a new action
    /// only while fewer than BASE·n^POWER are tried (at the root the greedy
    /// player's best first; default 2,0.5); `off`: every action once
    /// before any twice
    #[arg(long, value_name = "BASE,POWER", value_parser = parse_widening)]
    pub search_widening: Option<WideningArg>,
    /// The greedy and search players' evaluation weights: a TOML file as
    /// `b5 tune` writes it (fields left out keep the shipped values)
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,
}

impl SearchArgs {
    /// The settings, with the weights read from `--weights`.
    pub fn settings(&self) -> Result<SearchSettings, Fail> {
        let budget = match (self.search_iterations, self.search_ms) {
            (_, Some(ms)) => Budget::Millis(ms),
            (Some(n), None) => Budget::Iterations(n),
            (None, None) => SearchSettings::default().budget,
        };
        let weights = match &self.weights {
            Some(path) => read_weights(path)?,
            None => Weights::default(),
        };
        let d = SearchSettings::default();
        Ok(SearchSettings {
            budget,
            trees: self.search_trees,
            weights,
            exploration: self.search_exploration.unwrap_or(d.exploration),
            scale: self.search_scale.unwrap_or(d.scale),
            horizon: self.search_horizon.or(d.horizon),
            widening: match self.search_widening {
                Some(WideningArg(w)) => w,
                None => d.widening,
            },
        })
    }
}

/// A number in `low..=high` (finite), or a message naming the bounds.
fn parse_bounded(text: &str, low: f64, high: f64) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (low..=high).contains(&x) => Ok(x),
        _ => Err(format!(
            "expected a number from {low} to {high}, got {text:?}"
        )),
    }
}

/// `--search-widening`: `off`, or the widening's base and power.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WideningArg(pub Option<Widening>);

fn parse_widening(text: &str) -> Result<WideningArg, String> {
    if text.trim().eq_ignore_ascii_case("off") {
        return Ok(WideningArg(None));
    }
    let Some((base, power)) = text.split_once(',') else {
        return Err(format!(
            "expected `off` or BASE,POWER (e.g. 2,0.5), got {text:?}"
        ));
    };
    let base = parse_bounded(base, 0.01, 1000.0).map_err(|e| format!("the base: {e}"))?;
    let power = parse_bounded(power, 0.0, 1.0).map_err(|e| format!("the power: {e}"))?;
    Ok(WideningArg(Some(Widening { base, power })))
}

fn parse_exploration(text: &str) -> Result<f64, String> {
    parse_bounded(text, 0.0, 10.0)
}

fn parse_scale(text: &str) -> Result<f64, String> {
    parse_bounded(text, 1.0, 1000.0)
}

/// Largest weights file read (a few hundred bytes are enough).
const MAX_WEIGHTS_FILE: u64 = 64 * 1024;

/// Reads an evaluation weights file (`b5 tune`'s output).
pub fn read_weights(path: &Path) -> Result<Weights, Fail> {
    let shown = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| Fail::new(format!("cannot read the weights file {shown}: {e}")))?
        .len();
    if size > MAX_WEIGHTS_FILE {
        return Err(Fail::new(format!(
            "the weights file {shown} is {size} bytes; a weights file is at most {MAX_WEIGHTS_FILE}"
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| Fail::new(format!("cannot read the weights file {shown}: {e}")))?;
    let w: Weights = toml::from_str(&text)
        .map_err(|e| Fail::new(format!("the weights file {shown}: {}", e.message())))?;
    check_weights(&w).map_err(|e| Fail::new(format!("the weights file {shown}: {e}")))?;
    Ok(w)
}

/// Every weight a finite number (a NaN would make every choice a tie).
pub fn check_weights(w: &Weights) -> Result<(), String> {
    let table = toml::Table::try_from(w).map_err(|e| e.to_string())?;
    for (name, v) in &table {
        if let toml::Value::Float(x) = v {
            if !x.is_finite() {
                return Err(format!("{name} is {x}; every weight is a finite number"));
            }
        }
    }
    Ok(())
}

/// `--race`: a race a player may choose.
pub fn parse_race(s: &str) -> Result<Race, String> {
    Race::parse(s.trim())
        .filter(|r| r.is_playable())
        .ok_or_else(|| {
            format!("unknown race \"{s}\" (expected centauri, human, minbari, narn or non-aligned)")
        })
}

/// `--race` for card listings: any racial loyalty, or neutral.
pub fn parse_loyalty(s: &str) -> Result<Race, String> {
    Race::parse(s.trim()).ok_or_else(|| {
        let all: Vec<&str> = Race::ALL.iter().map(|r| r.name()).collect();
        format!("unknown race \"{s}\" (expected one of: {})", all.join(", "))
    })
}

/// `--type`: a card type.
pub fn parse_type(s: &str) -> Result<CardType, String> {
    CardType::parse(&s.trim().to_lowercase()).ok_or_else(|| {
        let all: Vec<&str> = CardType::ALL.iter().map(|t| t.name()).collect();
        format!(
            "unknown card type \"{s}\" (expected one of: {})",
            all.join(", ")
        )
    })
}

/// Median of sorted values (the mean of the middle two for an even count).
pub fn median(sorted: &[u64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2] as f64,
        n => (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0,
    }
}

/// A seed from the clock, for commands run without `--seed`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
