//! `b5 analyze`: games between computer players (played here, as `b5 sim`
//! plays them, or read from a folder of saved games) turned into one HTML
//! report with charts (SVG drawn by `plotters`, readable offline with
//! nothing else) and a JSON file with the same numbers:
//!
//! - win rates per deck and per seat, with 95 % intervals (Wilson's), and
//!   the deck-against-deck matrix;
//! - how games end (standard, major, Babylon 5, Drakh, the last player
//!   left, no winner at the turn limit) and how long they last;
//! - power over the turns, per deck (median and quartiles);
//! - per card: how often it is played, and the win rate of its player in
//!   games where he played it against games where he drew it and did not,
//!   with the counts (small samples show as such);
//! - the search player's view of the first games (`--estimates N`): every
//!   player's estimated chance to win at the start of each turn, as a line
//!   chart (a search of 300 iterations from the seat to act then).
//!
//! A deck is named as its seat is at the table (the shipped decks' races).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use b5_engine::{Action, CardId, Game, PlayerId, VictoryKind};
use b5_players::chances_at;
use clap::Args;
use plotters::prelude::*;
use serde::Serialize;

use super::report::{percent, wilson95};
use super::sim::{simulate, SimArgs};
use super::{BotSpec, SearchArgs};
use crate::cardset::CardSet;
use crate::save::SaveFile;
use crate::Fail;

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// Write report.html and report.json (and, for games played here, the
    /// saved games under games/) into this folder
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Read the saved games (*.json) of this folder instead of playing
    #[arg(long, value_name = "DIR", conflicts_with_all = ["games", "bot", "decks", "players"])]
    pub saves: Option<PathBuf>,
    /// Number of games to play
    #[arg(long, default_value_t = 100, value_name = "G",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Players per game (2 to 6; default: the number of decks, at most 4)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: Option<u8>,
    /// The computer players, comma-separated, rotating through the seats
    /// (`search:N` a search player with N iterations a decision;
    /// `greedy@FILE` a greedy player with a `b5 tune` file's weights)
    #[arg(long, value_delimiter = ',', default_value = "greedy", value_parser = super::parse_bot)]
    pub bot: Vec<BotSpec>,
    /// Decks, comma-separated: races, shipped deck names or deck files
    #[arg(long, value_name = "DECKS", value_delimiter = ',')]
    pub decks: Vec<String>,
    /// Base seed of the games played
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// End a game with no winner after this many turns
    #[arg(long, default_value_t = 100, value_name = "T",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub turn_limit: u32,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Games played at once (default: one per core)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Chart the search player's estimates of the first N games, turn by
    /// turn
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub estimates: u32,
}

/// Iterations of each turn's estimate.
const ESTIMATE_ITERATIONS: u32 = 300;

/// What one game showed.
struct Facts {
    decks: Vec<String>,
    winners: Vec<usize>,
    end: &'static str,
    turns: u32,
    /// Per seat, its power at the end of each turn (the first is turn 1).
    power: Vec<Vec<i32>>,
    /// Per seat, the cards (by name) it drew and those it played.
    drawn: Vec<Vec<String>>,
    played: Vec<Vec<String>>,
    /// The search's estimates by turn, if asked for this game.
    estimates: Option<GameEstimates>,
}

#[derive(Serialize, Debug, Clone)]
pub struct GameEstimates {
    /// The saved game's file name.
    pub game: String,
    pub seats: Vec<String>,
    /// Per turn from 1: each seat's estimated chance to win (0 to 1) at
    /// the turn's first choice.
    pub by_turn: Vec<Vec<f64>>,
}

#[derive(Serialize, Debug, Default, Clone)]
pub struct Rate {
    pub name: String,
    pub seats: u32,
    pub wins: u32,
    pub win_percent: f64,
    pub ci95: [f64; 2],
}

impl Rate {
    fn new(name: &str) -> Rate {
        Rate {
            name: name.to_string(),
            ..Rate::default()
        }
    }
    fn add(&mut self, won: bool) {
        self.seats += 1;
        self.wins += u32::from(won);
        self.win_percent = percent(self.wins, self.seats);
        self.ci95 = wilson95(self.wins, self.seats);
    }
}

#[derive(Serialize, Debug, Default, Clone)]
pub struct CardRow {
    pub card: String,
    /// Games (a seat's) in which its player played it.
    pub played: u32,
    pub won_when_played: u32,
    /// Games in which its player drew it and never played it.
    pub drawn_not_played: u32,
    pub won_when_not_played: u32,
}

#[derive(Serialize, Debug, Clone)]
pub struct PowerCurve {
    pub deck: String,
    /// Per turn from 1: [25th percentile, median, 75th percentile] of the
    /// deck's power at the end of the turn, over the games that reached it.
    pub by_turn: Vec<[f64; 3]>,
}

#[derive(Serialize, Debug)]
pub struct Analysis {
    pub games: u32,
    pub source: String,
    pub decks: Vec<Rate>,
    pub seats: Vec<Rate>,
    /// `matrix[i][j]`: deck i's wins and seats in games where deck j also
    /// sat (i ≠ j).
    pub matrix: Vec<Vec<[u32; 2]>>,
    pub endings: BTreeMap<String, u32>,
    /// Games by number of turns.
    pub turns: BTreeMap<u32, u32>,
    pub power: Vec<PowerCurve>,
    pub cards: Vec<CardRow>,
    /// The search player's view of the first games.
    pub estimates: Vec<GameEstimates>,
    /// Per computer player, when the games were played here.
    pub bots: Vec<super::report::BotStats>,
}

pub fn run(args: &AnalyzeArgs, cards: &CardSet) -> Result<ExitCode, Fail> {
    std::fs::create_dir_all(&args.out)
        .map_err(|e| Fail::new(format!("{}: cannot create it: {e}", args.out.display())))?;
    let (dir, source, bots) = match &args.saves {
        Some(d) => (
            d.clone(),
            format!("the saved games in {}", d.display()),
            Vec::new(),
        ),
        None => {
            let games = args.out.join("games");
            let sim = SimArgs {
                players: args.players,
                games: args.games,
                seed: args.seed,
                decks: args.decks.clone(),
                bot: args.bot.clone(),
                save: Some(games.clone()),
                json: false,
                turn_limit: args.turn_limit,
                duel: false,
                extended_loyalty: false,
                search: args.search.clone(),
                threads: args.threads,
                quiet: false,
            };
            let report = simulate(&sim, cards)?;
            let bots: Vec<String> = args.bot.iter().map(|b| b.name()).collect();
            (
                games,
                format!(
                    "{} games played here by {}, seed {}",
                    args.games,
                    bots.join(", "),
                    args.seed
                ),
                report.bots,
            )
        }
    };
    let facts = read_games(&dir, cards, args.estimates as usize)?;
    if facts.is_empty() {
        return Err(Fail::new(format!(
            "{}: no saved games (*.json) to analyze",
            dir.display()
        )));
    }
    let analysis = analyze(&facts, source, bots);
    let json = serde_json::to_string_pretty(&analysis)
        .map_err(|e| Fail::new(format!("the report does not serialize: {e}")))?;
    write(&args.out.join("report.json"), &json)?;
    write(&args.out.join("report.html"), &html(&analysis)?)?;
    println!(
        "b5 analyze: {} games; wrote {} and {}",
        analysis.games,
        args.out.join("report.html").display(),
        args.out.join("report.json").display()
    );
    Ok(ExitCode::SUCCESS)
}

fn write(path: &Path, text: &str) -> Result<(), Fail> {
    std::fs::write(path, text)
        .map_err(|e| Fail::new(format!("{}: cannot write it: {e}", path.display())))
}

/// Every saved game of `dir` (sorted by name), replayed and observed.
fn read_games(dir: &Path, cards: &CardSet, estimates: usize) -> Result<Vec<Facts>, Fail> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Fail::new(format!("{}: cannot read it: {e}", dir.display())))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .enumerate()
        .map(|(i, p)| observe(p, cards, i < estimates))
        .collect()
}

/// Replays one saved game and notes what the analysis counts.
fn observe(path: &Path, cards: &CardSet, estimate: bool) -> Result<Facts, Fail> {
    let save = SaveFile::read(path)?;
    let origin = path.display().to_string();
    let db = if save.card_files.is_empty() {
        cards.db.clone()
    } else {
        CardSet::from_texts(save.card_files.clone())
            .map_err(|e| Fail::new(format!("{origin}: card_files: {e}")))?
            .db
    };
    let n = save.seats.len();
    let start = Game::new(save.setup(&db, &origin)?, db.clone(), save.seed)
        .map_err(|e| Fail::new(format!("{origin}: the set-up is not legal: {e}")))?;
    let name = |g: &Game, c: CardId| g.db().get(g.card(c).def).name.clone();
    let hands = |g: &Game| -> Vec<Vec<CardId>> {
        (0..n as PlayerId)
            .map(|p| g.iter_pile(g.player(p).hand).collect())
            .collect()
    };
    let mut hand = hands(&start);
    let mut drawn: Vec<Vec<String>> = hand
        .iter()
        .map(|h| h.iter().map(|&c| name(&start, c)).collect())
        .collect();
    let mut played: Vec<Vec<String>> = vec![Vec::new(); n];
    let mut power: Vec<Vec<i32>> = vec![Vec::new(); n];
    let mut turn = start.turn();
    let mut by_turn: Vec<Vec<f64>> = Vec::new();
    if estimate {
        by_turn.push(chances_at(&start, save.seed, ESTIMATE_ITERATIONS));
    }
    let game = save.replay(db, &origin, |g, _, p, a, _| {
        if g.turn() != turn {
            for (q, pw) in power.iter_mut().enumerate() {
                pw.push(g.power(q as PlayerId));
            }
            turn = g.turn();
            if estimate && !g.is_over() {
                by_turn.push(chances_at(
                    g,
                    save.seed ^ u64::from(turn),
                    ESTIMATE_ITERATIONS,
                ));
            }
        }
        let now = hands(g);
        let p = p as usize;
        if !matches!(a, Action::Discard { .. }) {
            // Cards that left the actor's hand by his own action: played.
            for &c in hand[p].iter().filter(|c| !now[p].contains(c)) {
                played[p].push(name(g, c));
            }
        }
        for (q, h) in now.iter().enumerate() {
            for &c in h.iter().filter(|c| !hand[q].contains(c)) {
                drawn[q].push(name(g, c));
            }
        }
        hand = now;
    })?;
    for (q, pw) in power.iter_mut().enumerate() {
        pw.push(game.power(q as PlayerId));
    }
    let winners: Vec<usize> = game.winners().iter().map(|&w| w as usize).collect();
    let decks: Vec<String> = (0..n as PlayerId)
        .map(|p| game.player_name(p).to_string())
        .collect();
    let estimates = estimate.then(|| GameEstimates {
        game: path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default(),
        seats: decks.clone(),
        by_turn,
    });
    Ok(Facts {
        decks,
        estimates,
        end: ending(&game),
        turns: game.turn(),
        winners,
        power,
        drawn,
        played,
    })
}

/// How the game ended (Victory; Drakh Rule 6; the Babylon 5 victory).
fn ending(g: &Game) -> &'static str {
    let winners = g.winners();
    let n = g.num_players() as PlayerId;
    let Some(&w) = winners.first() else {
        return "no winner (turn limit)";
    };
    if (0..n).all(|p| winners.contains(&p) || g.player(p).eliminated) && n > 1 {
        return "the last player left";
    }
    if g.player(w).drakh {
        return "Drakh";
    }
    match g.victory(w) {
        VictoryKind::Major => "major",
        _ if g.power(w) < b5_engine::VICTORY_POWER
            && g.babylon5() >= b5_engine::BABYLON5_VICTORY =>
        {
            "Babylon 5"
        }
        _ => "standard",
    }
}

fn analyze(facts: &[Facts], source: String, bots: Vec<super::report::BotStats>) -> Analysis {
    let mut deck_names: Vec<String> = Vec::new();
    for f in facts {
        for d in &f.decks {
            if !deck_names.contains(d) {
                deck_names.push(d.clone());
            }
        }
    }
    deck_names.sort();
    let idx = |d: &str| deck_names.iter().position(|x| x == d).unwrap_or(0);
    let k = deck_names.len();
    let mut decks: Vec<Rate> = deck_names.iter().map(|d| Rate::new(d)).collect();
    let seat_count = facts.iter().map(|f| f.decks.len()).max().unwrap_or(0);
    let mut seats: Vec<Rate> = (1..=seat_count)
        .map(|s| Rate::new(&format!("seat {s}")))
        .collect();
    let mut matrix = vec![vec![[0u32; 2]; k]; k];
    let mut endings: BTreeMap<String, u32> = BTreeMap::new();
    let mut turns: BTreeMap<u32, u32> = BTreeMap::new();
    let mut power: Vec<Vec<Vec<i32>>> = vec![Vec::new(); k];
    let mut cards: BTreeMap<String, CardRow> = BTreeMap::new();
    for f in facts {
        *endings.entry(f.end.to_string()).or_default() += 1;
        *turns.entry(f.turns).or_default() += 1;
        for (s, d) in f.decks.iter().enumerate() {
            let won = f.winners.contains(&s);
            decks[idx(d)].add(won);
            seats[s].add(won);
            for (t, other) in f.decks.iter().enumerate() {
                if t != s {
                    let cell = &mut matrix[idx(d)][idx(other)];
                    cell[0] += u32::from(won);
                    cell[1] += 1;
                }
            }
            let curve = &mut power[idx(d)];
            for (turn, &pw) in f.power[s].iter().enumerate() {
                if curve.len() <= turn {
                    curve.push(Vec::new());
                }
                curve[turn].push(pw);
            }
            let mut seen: Vec<&String> = f.drawn[s].iter().chain(&f.played[s]).collect();
            seen.sort();
            seen.dedup();
            for c in seen {
                let row = cards.entry(c.clone()).or_insert_with(|| CardRow {
                    card: c.clone(),
                    ..CardRow::default()
                });
                if f.played[s].contains(c) {
                    row.played += 1;
                    row.won_when_played += u32::from(won);
                } else {
                    row.drawn_not_played += 1;
                    row.won_when_not_played += u32::from(won);
                }
            }
        }
    }
    let power = deck_names
        .iter()
        .zip(power)
        .map(|(d, by_turn)| PowerCurve {
            deck: d.clone(),
            by_turn: by_turn.into_iter().map(quartiles).collect(),
        })
        .collect();
    let mut cards: Vec<CardRow> = cards.into_values().collect();
    cards.sort_by(|a, b| b.played.cmp(&a.played).then(a.card.cmp(&b.card)));
    Analysis {
        games: facts.len() as u32,
        source,
        decks,
        seats,
        matrix,
        endings,
        turns,
        power,
        cards,
        estimates: facts.iter().filter_map(|f| f.estimates.clone()).collect(),
        bots,
    }
}

/// The 25th percentile, the median and the 75th percentile.
fn quartiles(mut v: Vec<i32>) -> [f64; 3] {
    v.sort_unstable();
    let at = |q: f64| {
        if v.is_empty() {
            return 0.0;
        }
        let x = q * (v.len() - 1) as f64;
        let (lo, hi) = (x.floor() as usize, x.ceil() as usize);
        f64::from(v[lo]) + (f64::from(v[hi]) - f64::from(v[lo])) * (x - x.floor())
    };
    [at(0.25), at(0.5), at(0.75)]
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn chart_error(e: impl std::fmt::Display) -> Fail {
    Fail::new(format!("a chart could not be drawn: {e}"))
}

/// Bars (0 to `top`) with optional intervals, one per label.
fn bars(
    title: &str,
    labels: &[String],
    values: &[f64],
    ci: Option<&[[f64; 2]]>,
    top: f64,
    y: &str,
) -> Result<String, Fail> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, 340)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let n = labels.len().max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..top)
            .map_err(chart_error)?;
        let label_of = |x: &f64| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n * 2 + 1)
            .x_label_formatter(&label_of)
            .y_desc(y)
            .draw()
            .map_err(chart_error)?;
        chart
            .draw_series(values.iter().enumerate().map(|(i, &v)| {
                let x = i as f64;
                Rectangle::new([(x - 0.35, 0.0), (x + 0.35, v)], BLUE.mix(0.55).filled())
            }))
            .map_err(chart_error)?;
        if let Some(ci) = ci {
            chart
                .draw_series(ci.iter().enumerate().map(|(i, c)| {
                    let x = i as f64;
                    PathElement::new(vec![(x, c[0]), (x, c[1])], BLACK.stroke_width(2))
                }))
                .map_err(chart_error)?;
        }
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// The median of each deck's power by turn, one line each.
fn power_lines(curves: &[PowerCurve]) -> Result<String, Fail> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, 380)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let turns = curves
            .iter()
            .map(|c| c.by_turn.len())
            .max()
            .unwrap_or(1)
            .max(2);
        let top = curves
            .iter()
            .flat_map(|c| c.by_turn.iter().map(|q| q[2]))
            .fold(20.0f64, f64::max);
        let mut chart = ChartBuilder::on(&root)
            .caption("Power at the end of each turn (median)", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(1f64..turns as f64, 0f64..top + 2.0)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .x_desc("turn")
            .y_desc("power")
            .draw()
            .map_err(chart_error)?;
        for (i, c) in curves.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    c.by_turn
                        .iter()
                        .enumerate()
                        .map(|(t, q)| ((t + 1) as f64, q[1])),
                    color.stroke_width(2),
                ))
                .map_err(chart_error)?
                .label(c.deck.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// One game's estimates: each seat's chance to win by turn.
fn estimate_lines(e: &GameEstimates) -> Result<String, Fail> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, 340)).into_drawing_area();
        root.fill(&WHITE).map_err(chart_error)?;
        let turns = e.by_turn.len().max(2);
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("The search player's view of {}", e.game),
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(1f64..turns as f64, 0f64..100f64)
            .map_err(chart_error)?;
        chart
            .configure_mesh()
            .x_desc("turn")
            .y_desc("chance to win %")
            .draw()
            .map_err(chart_error)?;
        for (s, name) in e.seats.iter().enumerate() {
            let color = Palette99::pick(s).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    e.by_turn
                        .iter()
                        .enumerate()
                        .map(|(t, c)| ((t + 1) as f64, 100.0 * c.get(s).copied().unwrap_or(0.0))),
                    color.stroke_width(2),
                ))
                .map_err(chart_error)?
                .label(name.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(chart_error)?;
        root.present().map_err(chart_error)?;
    }
    Ok(svg)
}

/// A win rate with its interval, for the tables.
fn rate_cells(r: &Rate) -> String {
    format!(
        "<td>{}</td><td>{}</td><td>{:.1} %</td><td>{:.1} to {:.1} %</td>",
        r.seats, r.wins, r.win_percent, r.ci95[0], r.ci95[1]
    )
}

fn rate_table(head: &str, rows: &[Rate]) -> String {
    let mut t = format!(
        "<table><tr><th>{head}</th><th>seats</th><th>wins</th><th>win rate</th><th>95 % interval</th></tr>"
    );
    for r in rows {
        t.push_str(&format!(
            "<tr><td>{}</td>{}</tr>",
            esc(&r.name),
            rate_cells(r)
        ));
    }
    t.push_str("</table>");
    t
}

fn rates_chart(title: &str, rows: &[Rate]) -> Result<String, Fail> {
    let labels: Vec<String> = rows.iter().map(|r| r.name.clone()).collect();
    let values: Vec<f64> = rows.iter().map(|r| r.win_percent).collect();
    let ci: Vec<[f64; 2]> = rows.iter().map(|r| r.ci95).collect();
    bars(title, &labels, &values, Some(&ci), 100.0, "win %")
}

fn html(a: &Analysis) -> Result<String, Fail> {
    let mut h = String::from(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>b5 analyze</title>\
         <style>body{font-family:sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}\
         table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}\
         td:first-child,th:first-child{text-align:left}figure{margin:1rem 0}.small{color:#666}</style></head><body>\n",
    );
    h.push_str(&format!(
        "<h1>Self-play analysis</h1><p>{} games: {}.</p>\n",
        a.games,
        esc(&a.source)
    ));
    h.push_str("<h2>Win rates per deck</h2>\n<figure class=\"chart\">");
    h.push_str(&rates_chart(
        "Win rate per deck (95 % intervals)",
        &a.decks,
    )?);
    h.push_str("</figure>");
    h.push_str(&rate_table("deck", &a.decks));
    if !a.bots.is_empty() {
        h.push_str("<h2>Computer players</h2><table><tr><th>player</th><th>seats</th><th>wins</th><th>win rate</th><th>95 % interval</th></tr>");
        for b in &a.bots {
            h.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1} %</td><td>{:.1} to {:.1} %</td></tr>",
                esc(&b.bot),
                b.seats,
                b.wins,
                percent(b.wins, b.seats),
                b.ci95[0],
                b.ci95[1]
            ));
        }
        h.push_str("</table>");
    }
    h.push_str("<h2>Win rates per seat</h2>\n<figure class=\"chart\">");
    h.push_str(&rates_chart(
        "Win rate per seat (95 % intervals)",
        &a.seats,
    )?);
    h.push_str("</figure>");
    h.push_str(&rate_table("seat", &a.seats));
    h.push_str("<h2>Deck against deck</h2><p class=\"small\">The row's deck's win rate in the games where the column's deck also sat (wins / games).</p><table><tr><th></th>");
    for d in &a.decks {
        h.push_str(&format!("<th>{}</th>", esc(&d.name)));
    }
    h.push_str("</tr>");
    for (i, row) in a.matrix.iter().enumerate() {
        h.push_str(&format!("<tr><td>{}</td>", esc(&a.decks[i].name)));
        for (j, c) in row.iter().enumerate() {
            if i == j || c[1] == 0 {
                h.push_str("<td>–</td>");
            } else {
                h.push_str(&format!(
                    "<td>{:.0} % ({}/{})</td>",
                    percent(c[0], c[1]),
                    c[0],
                    c[1]
                ));
            }
        }
        h.push_str("</tr>");
    }
    h.push_str("</table>");
    let labels: Vec<String> = a.endings.keys().cloned().collect();
    let values: Vec<f64> = a.endings.values().map(|&v| f64::from(v)).collect();
    let top = values.iter().copied().fold(1.0, f64::max) * 1.1;
    h.push_str("<h2>How games end</h2><figure class=\"chart\">");
    h.push_str(&bars(
        "How games end",
        &labels,
        &values,
        None,
        top,
        "games",
    )?);
    h.push_str("</figure>");
    let (lo, hi) = (
        a.turns.keys().next().copied().unwrap_or(0),
        a.turns.keys().last().copied().unwrap_or(0),
    );
    let labels: Vec<String> = (lo..=hi).map(|t| t.to_string()).collect();
    let values: Vec<f64> = (lo..=hi)
        .map(|t| f64::from(a.turns.get(&t).copied().unwrap_or(0)))
        .collect();
    let top = values.iter().copied().fold(1.0, f64::max) * 1.1;
    h.push_str("<h2>Game length</h2><figure class=\"chart\">");
    h.push_str(&bars(
        "Games by number of turns",
        &labels,
        &values,
        None,
        top,
        "games",
    )?);
    h.push_str("</figure>");
    h.push_str("<h2>Power over the turns</h2><figure class=\"chart\">");
    h.push_str(&power_lines(&a.power)?);
    h.push_str("</figure>");
    if !a.estimates.is_empty() {
        h.push_str("<h2>The search player's view of a game</h2><p class=\"small\">Each player's chance to win at the start of each turn, as a search of 300 iterations from the seat to act sees it.</p>");
        for e in &a.estimates {
            h.push_str("<figure class=\"chart estimate\">");
            h.push_str(&estimate_lines(e)?);
            h.push_str("</figure>");
        }
    }
    h.push_str("<h2>Cards</h2><p class=\"small\">Per seat and game: played at least once, or drawn and never played; the win rate of its player in each case, with the counts.</p>");
    h.push_str("<table><tr><th>card</th><th>played</th><th>win rate when played</th><th>drawn, not played</th><th>win rate then</th></tr>");
    for c in &a.cards {
        h.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{:.0} % ({}/{})</td><td>{}</td><td>{:.0} % ({}/{})</td></tr>",
            esc(&c.card),
            c.played,
            percent(c.won_when_played, c.played),
            c.won_when_played,
            c.played,
            c.drawn_not_played,
            percent(c.won_when_not_played, c.drawn_not_played),
            c.won_when_not_played,
            c.drawn_not_played
        ));
    }
    h.push_str("</table></body></html>\n");
    Ok(h)
}
