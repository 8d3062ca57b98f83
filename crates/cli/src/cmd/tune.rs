//! `b5 tune`: the evaluation's weights tuned by self-play.
//!
//! The greedy player's evaluation (`b5_players::Weights`) scores positions
//! for the greedy player and for the search player's cut playouts. `b5 tune`
//! improves its weights by simultaneous perturbation stochastic
//! approximation (SPSA; Spall, *IEEE Transactions on Automatic Control*
//! 37(3), 1992), the method chess engines tune their evaluations with: each
//! step moves every weight at once by a random factor up or down, plays a
//! match between the weights moved up and the weights moved down (greedy
//! players, seats and decks rotating, the step's own seed), and moves every
//! weight toward the side that won, by the margin. Weights are tuned on a
//! logarithmic scale, so each keeps its sign and moves by factors; `power`
//! (the unit of the scale), `victory` (only finished games use it), the
//! whole-number fields and weights that are zero are left as they are.
//! After the last step a check match of the tuned weights against the
//! starting ones gives the gain with Wilson's 95 % interval, and the file
//! written records the command, the steps and the check as comments.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use b5_players::Weights;
use clap::Args;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::report::wilson95;
use super::sim::{simulate, SimArgs};
use super::{check_weights, read_weights, BotKind, BotSpec, SearchArgs};
use crate::cardset::CardSet;
use crate::{derive_seed, Fail};

#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Steps of the tuning: each is one match between two moved copies of
    /// the weights
    #[arg(long, default_value_t = 200, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub steps: u32,
    /// Games per step (a multiple of the players, so each side takes each
    /// seat equally often)
    #[arg(long, default_value_t = 48, value_name = "G",
          value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub games: u32,
    /// Games of the check match, tuned weights against the starting ones
    #[arg(long, default_value_t = 1000, value_name = "G",
          value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    pub check: u32,
    /// Players per game
    #[arg(long, default_value_t = 2, value_name = "N",
          value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// Base seed: step k plays with a seed derived from it and k
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Decks, comma-separated (default: every shipped deck)
    #[arg(long, value_name = "DECKS", value_delimiter = ',')]
    pub decks: Vec<String>,
    /// How far a step moves the weights to compare them, on the logarithmic
    /// scale (0.2: by a factor of 1.22 up and down)
    #[arg(long, default_value_t = 0.2, value_name = "C", value_parser = positive)]
    pub perturb: f64,
    /// The step size: how far a step's result moves the weights
    #[arg(long, default_value_t = 0.5, value_name = "A", value_parser = positive)]
    pub rate: f64,
    /// Start from these weights (default: the shipped ones)
    #[arg(long, value_name = "FILE")]
    pub start: Option<PathBuf>,
    /// Write the tuned weights here (TOML, for `--weights`)
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// End a game with no winner after this many turns
    #[arg(long, default_value_t = 100, value_name = "T",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub turn_limit: u32,
    /// Games played at once (default: one per core); the result is the
    /// same for any number
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

fn positive(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x > 0.0 && *x <= 10.0)
        .ok_or_else(|| format!("\"{s}\" is not a number above 0 and at most 10"))
}

/// Weights a step may not leave: within a factor of 10 of the start (this
/// is its logarithm), so a run of noisy steps cannot send one off.
const MAX_DRIFT: f64 = std::f64::consts::LN_10;

/// The tuned weights, as logarithms of their sizes with their signs.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    pub names: Vec<String>,
    pub theta: Vec<f64>,
    start: Vec<f64>,
    sign: Vec<f64>,
    perturb: f64,
    rate: f64,
    /// Steps planned (for the step size's schedule).
    steps: u32,
}

/// One step's comparison: the weights moved up, moved down, and `delta`,
/// each weight's direction (+1 or −1).
pub struct Probe {
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    pub delta: Vec<f64>,
    gain: f64,
    spread: f64,
}

impl Spsa {
    /// Tunes the named weights from their values `start` (none zero).
    pub fn new(names: Vec<String>, start: &[f64], perturb: f64, rate: f64, steps: u32) -> Spsa {
        let theta: Vec<f64> = start.iter().map(|x| x.abs().ln()).collect();
        Spsa {
            names,
            start: theta.clone(),
            theta,
            sign: start.iter().map(|x| x.signum()).collect(),
            perturb,
            rate,
            steps,
        }
    }

    /// The weights' values now.
    pub fn values(&self) -> Vec<f64> {
        self.at(&self.theta)
    }

    fn at(&self, theta: &[f64]) -> Vec<f64> {
        theta
            .iter()
            .zip(&self.sign)
            .map(|(t, s)| s * t.exp())
            .collect()
    }

    /// Step `k`'s two points (Spall's gains: a/(k+1+A)^0.602 with A a
    /// tenth of the steps, c/(k+1)^0.101).
    pub fn probe(&self, k: u32, rng: &mut impl Rng) -> Probe {
        let k = f64::from(k) + 1.0;
        let big_a = f64::from(self.steps) / 10.0;
        let gain = self.rate / (k + big_a).powf(0.602);
        let spread = self.perturb / k.powf(0.101);
        let delta: Vec<f64> = self
            .theta
            .iter()
            .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
            .collect();
        let moved = |s: f64| -> Vec<f64> {
            let t: Vec<f64> = self
                .theta
                .iter()
                .zip(&delta)
                .map(|(t, d)| t + s * spread * d)
                .collect();
            self.at(&t)
        };
        Probe {
            plus: moved(1.0),
            minus: moved(-1.0),
            delta,
            gain,
            spread,
        }
    }

    /// Moves the weights by a probe's result `y`: how much better the
    /// weights moved up did than those moved down (−1 to 1).
    pub fn update(&mut self, probe: &Probe, y: f64) {
        for ((t, d), s) in self.theta.iter_mut().zip(&probe.delta).zip(&self.start) {
            let step = (probe.gain * y / (2.0 * probe.spread * d)).clamp(-0.25, 0.25);
            *t = (*t + step).clamp(s - MAX_DRIFT, s + MAX_DRIFT);
        }
    }
}

/// The tunable weights of `w`: every non-zero float but the unit and the
/// victory, by name.
fn tunable(w: &Weights) -> Result<(Vec<String>, Vec<f64>), Fail> {
    let table = toml::Table::try_from(w).map_err(|e| Fail::new(format!("weights: {e}")))?;
    let mut names = Vec::new();
    let mut values = Vec::new();
    for (name, v) in &table {
        if let toml::Value::Float(x) = v {
            if *x != 0.0 && name != "power" && name != "victory" {
                names.push(name.clone());
                values.push(*x);
            }
        }
    }
    Ok((names, values))
}

/// `base` with the named weights set to `values`.
fn with_values(base: &Weights, names: &[String], values: &[f64]) -> Result<Weights, Fail> {
    let mut table = toml::Table::try_from(base).map_err(|e| Fail::new(format!("weights: {e}")))?;
    for (n, v) in names.iter().zip(values) {
        table.insert(n.clone(), toml::Value::Float(*v));
    }
    let w: Weights = table
        .try_into()
        .map_err(|e: toml::de::Error| Fail::new(format!("weights: {}", e.message())))?;
    check_weights(&w).map_err(Fail::new)?;
    Ok(w)
}

/// A match between two sets of weights played as greedy players: the
/// wins and seats of each.
fn play_match(
    args: &TuneArgs,
    cards: &CardSet,
    games: u32,
    seed: u64,
    a: (&str, &Weights),
    b: (&str, &Weights),
) -> Result<[(u32, u32); 2], Fail> {
    let spec = |(label, w): (&str, &Weights)| BotSpec {
        weights: Some((label.to_string(), Arc::new(w.clone()))),
        ..BotSpec::of(BotKind::Greedy)
    };
    let (first, second) = (spec(a), spec(b));
    let sim = SimArgs {
        players: Some(args.players),
        games,
        seed,
        decks: args.decks.clone(),
        bot: vec![first.clone(), second.clone()],
        save: None,
        json: false,
        turn_limit: args.turn_limit,
        duel: false,
        extended_loyalty: false,
        search: SearchArgs {
            search_iterations: None,
            search_ms: None,
            search_trees: 1,
            search_exploration: None,
            search_scale: None,
            search_horizon: None,
            search_widening: None,
            weights: None,
        },
        threads: args.threads,
        quiet: true,
    };
    let report = simulate(&sim, cards)?;
    let count = |name: String| {
        report
            .bots
            .iter()
            .find(|s| s.bot == name)
            .map_or((0, 0), |s| (s.wins, s.seats))
    };
    Ok([count(first.name()), count(second.name())])
}

pub fn run(args: &TuneArgs, cards: &CardSet) -> Result<ExitCode, Fail> {
    // A tuning takes minutes: a file that cannot be written fails first.
    let folder = match args.out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    if !folder.is_dir() {
        return Err(Fail::new(format!(
            "cannot write {}: the folder {} does not exist",
            args.out.display(),
            folder.display()
        )));
    }
    let base = match &args.start {
        Some(p) => read_weights(p)?,
        None => Weights::default(),
    };
    let (names, start) = tunable(&base)?;
    let mut spsa = Spsa::new(names.clone(), &start, args.perturb, args.rate, args.steps);
    let mut rng = Pcg64Mcg::seed_from_u64(derive_seed(args.seed, u64::MAX));
    let mut err = std::io::stderr().lock();
    let mut trace = Vec::new();
    for k in 0..args.steps {
        let probe = spsa.probe(k, &mut rng);
        let plus = with_values(&base, &names, &probe.plus)?;
        let minus = with_values(&base, &names, &probe.minus)?;
        let seed = derive_seed(args.seed, u64::from(k));
        let [(up, _), (down, _)] = play_match(
            args,
            cards,
            args.games,
            seed,
            ("up", &plus),
            ("down", &minus),
        )?;
        let y = (f64::from(up) - f64::from(down)) / f64::from(args.games);
        spsa.update(&probe, y);
        trace.push((up, down));
        if (k + 1) % 10 == 0 || k + 1 == args.steps {
            let (u, d) = trace[trace.len().saturating_sub(10)..]
                .iter()
                .fold((0, 0), |(u, d), (a, b)| (u + a, d + b));
            writeln!(
                err,
                "step {}/{}: the last ten matches' wins, moved up {u}, moved down {d}",
                k + 1,
                args.steps
            )?;
        }
    }
    let tuned = with_values(&base, &names, &spsa.values())?;
    let check_seed = derive_seed(args.seed, u64::MAX - 1);
    let [(won, seats), (lost, _)] = play_match(
        args,
        cards,
        args.check,
        check_seed,
        ("tuned", &tuned),
        ("start", &base),
    )?;
    let ci = wilson95(won, seats);
    let rate = 100.0 * f64::from(won) / f64::from(seats.max(1));
    let summary = format!(
        "check: {} games of {} players, tuned against start (seed {check_seed}): \
         tuned won {won} of its {seats} seats ({rate:.1} %, 95 % interval {:.1} to {:.1}), \
         start won {lost}",
        args.check, args.players, ci[0], ci[1]
    );
    let file = weights_file(args, &tuned, &summary)?;
    std::fs::write(&args.out, file)
        .map_err(|e| Fail::new(format!("cannot write {}: {e}", args.out.display())))?;

    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "b5 tune: {} steps of {} games, {} players, seed {}",
        args.steps, args.games, args.players, args.seed
    )?;
    writeln!(out, "{:<16} {:>10} {:>10}", "weight", "start", "tuned")?;
    for ((n, s), t) in names.iter().zip(&start).zip(spsa.values()) {
        writeln!(out, "{n:<16} {s:>10.3} {t:>10.3}")?;
    }
    writeln!(out, "{summary}")?;
    writeln!(out, "written: {}", args.out.display())?;
    Ok(ExitCode::SUCCESS)
}

/// The weights as TOML, after comments saying how they were tuned.
fn weights_file(args: &TuneArgs, tuned: &Weights, summary: &str) -> Result<String, Fail> {
    let body = toml::to_string(tuned).map_err(|e| Fail::new(format!("weights: {e}")))?;
    let decks = if args.decks.is_empty() {
        "every shipped deck".to_string()
    } else {
        args.decks.join(",")
    };
    Ok(format!(
        "# The evaluation's weights, tuned by self-play (b5 tune, SPSA):\n\
         # b5 tune --steps {} --games {} --players {} --seed {} --perturb {} --rate {} --turn-limit {}{}\n\
         # decks: {decks}\n\
         # {summary}\n\
         # Use with --weights FILE (b5 sim, b5 play, b5 analyze).\n\n{body}",
        args.steps,
        args.games,
        args.players,
        args.seed,
        args.perturb,
        args.rate,
        args.turn_limit,
        args.start
            .as_ref()
            .map(|p| format!(" --start {}", p.display()))
            .unwrap_or_default(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a noise-free objective (the closer to a target the better, each
    /// step told which of its two points was closer), the method walks the
    /// weights to the target from a start a factor of about 2 away.
    #[test]
    fn spsa_walks_to_the_better_weights() {
        let target: [f64; 4] = [4.0, -0.3, 12.0, 1.5];
        let start = [2.0, -0.6, 6.0, 3.0];
        let names = (0..4).map(|i| format!("w{i}")).collect();
        let mut s = Spsa::new(names, &start, 0.2, 0.5, 400);
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let far = |v: &[f64]| -> f64 {
            v.iter()
                .zip(&target)
                .map(|(x, t)| (x.abs().ln() - t.abs().ln()).powi(2))
                .sum()
        };
        let before = far(&s.values());
        for k in 0..400 {
            let p = s.probe(k, &mut rng);
            let y = (far(&p.minus) - far(&p.plus)).clamp(-1.0, 1.0);
            s.update(&p, y);
        }
        let after = far(&s.values());
        assert!(
            after < before / 20.0,
            "{before} -> {after}: {:?}",
            s.values()
        );
        // Signs are kept.
        assert!(s.values()[1] < 0.0);
    }

    /// The tuned weights are the shipped ones' floats but the unit and the
    /// victory, and setting them back gives the same weights.
    #[test]
    fn the_tunable_weights_round_trip() {
        let w = Weights::default();
        let (names, values) = tunable(&w).expect("tunable");
        assert!(!names.iter().any(|n| n == "power" || n == "victory"));
        assert!(names.iter().any(|n| n == "influence"));
        assert_eq!(with_values(&w, &names, &values).expect("set"), w);
        let doubled: Vec<f64> = values.iter().map(|v| v * 2.0).collect();
        let w2 = with_values(&w, &names, &doubled).expect("set");
        assert_eq!(w2.influence, 2.0 * w.influence);
        assert_eq!(w2.power, w.power);
    }
}
