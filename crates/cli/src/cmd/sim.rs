//! `b5 sim`: complete games between computer players with the shipped decks
//! (or deck files), and the statistics: wins per deck (standard and major),
//! games with no winner, turns and actions per game. The same arguments and
//! seed always print the same bytes.
//!
//! Decks rotate across seats: in game `g` (from 0), seat `s` plays deck
//! `(g + s) mod k` of the `k` decks listed, so over `k` games every deck
//! plays every seat. Several computer players (`--bot greedy,random`) rotate
//! too: seat `s` gets bot `(s + g mod k + g div k) mod m` of the `m` listed.
//! The `g div k` shifts the bots by one seat every `k` games, so no bot is tied
//! to the decks a seat's rotation gives it (with `(g + s) mod m` alone, two
//! bots among six decks would each play only every other deck): over `k·m`
//! games every bot plays every deck from every seat, and the report's
//! per-bot rows compare them seat for seat and deck for deck, each with its
//! win rate's 95 % confidence interval.
//!
//! Games are played on every core (`--threads`): each game's seed and its
//! players' seeds come from the run's seed and the game's number, and the
//! results are counted in the games' order, so the report is the same on
//! any number of threads.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use b5_cards::DeckList;
use b5_engine::{Game, Options, PlayerId, Seat, Setup, VictoryKind};
use b5_players::{play_game, Bot, GameRecord, SearchSettings};
use clap::Args;
use serde::Serialize;

use super::empires::save_dir;
use super::report::{play_games, write_json, WinTable};
pub use super::report::{BotStats, Spread};
use super::{BotSpec, SearchArgs};
use crate::cardset::{seat_names, CardSet};
use crate::save::SaveFile;
use crate::{derive_seed, Fail};

/// The most actions one game may take before it is stopped (and counted as
/// unfinished): far more than any game under the turn limit needs.
pub const MAX_ACTIONS: usize = 1_000_000;

#[derive(Args, Debug)]
pub struct SimArgs {
    /// Players per game (2 to 6; default: the number of decks, at most 4)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: Option<u8>,
    /// Number of games
    #[arg(long, default_value_t = 10, value_name = "G",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Base seed: game g uses a seed derived from it
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Decks, comma-separated: races, shipped deck names or deck files
    /// (default: every shipped deck)
    #[arg(long, value_name = "DECKS", value_delimiter = ',')]
    pub decks: Vec<String>,
    /// The computer players, comma-separated; several rotate through the
    /// seats (e.g. `greedy,random` in a 2-player game pits one against the
    /// other, seats alternating, and every bot plays every deck); `search:N`
    /// is a search player with N iterations a decision
    /// (`search:10000,search:1000`); `greedy@FILE` or `search:N@FILE` plays
    /// with the weights of a `b5 tune` file (`greedy,greedy@old.toml`)
    #[arg(long, value_delimiter = ',', default_value = "random", value_parser = super::parse_bot)]
    pub bot: Vec<BotSpec>,
    /// Write each game's saved game into this folder (game-0001.json, ...)
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Print the statistics as one JSON object
    #[arg(long)]
    pub json: bool,
    /// End a game with no winner after this many turns
    #[arg(long, default_value_t = 100, value_name = "T",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub turn_limit: u32,
    /// Two-player games with Appendix One's draw: starting hands are drawn
    /// (8 cards, keep 3, mulligans), not picked
    #[arg(long)]
    pub duel: bool,
    /// The optional Extended Loyalty Rule (Dual Race Games): limited cards
    /// of a race with several factions are limited per player
    #[arg(long)]
    pub extended_loyalty: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Games played at once (default: one per core); the report is the
    /// same for any number
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// No progress bar (for runs made by other commands).
    #[arg(skip)]
    pub quiet: bool,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct DeckStats {
    pub deck: String,
    /// Seats this deck took (a deck may sit twice in one game).
    pub seats: u32,
    pub wins: u32,
    pub standard: u32,
    pub major: u32,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct SimReport {
    pub games: u32,
    pub players: u8,
    /// The bots, comma-separated as given.
    pub bot: String,
    /// Per kind of bot (one row per distinct bot listed).
    pub bots: Vec<BotStats>,
    pub seed: u64,
    pub turn_limit: u32,
    pub decks: Vec<DeckStats>,
    /// Games that ended with no winner.
    pub draws: u32,
    /// Games stopped by the action cap or an engine error.
    pub unfinished: u32,
    pub errors: Vec<String>,
    pub turns: Spread,
    pub actions: Spread,
}

pub fn run(args: &SimArgs, cards: &CardSet) -> Result<ExitCode, Fail> {
    let report = simulate(args, cards)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        write_json(&mut out, &report, true)?;
    } else {
        write!(out, "{}", text(&report))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays the run's games (saving them if asked) and counts the results.
pub fn simulate(args: &SimArgs, cards: &CardSet) -> Result<SimReport, Fail> {
    let decks: Vec<DeckList> = if args.decks.is_empty() {
        if cards.decks.is_empty() {
            return Err(Fail::usage(
                "there are no shipped decks yet: name the decks with --decks (deck files)",
            ));
        }
        cards.decks.clone()
    } else {
        args.decks
            .iter()
            .map(|s| cards.resolve_deck(s))
            .collect::<Result<_, _>>()?
    };
    // Check every deck once.
    let seats: Vec<Seat> = decks
        .iter()
        .map(|d| cards.seat(d, ""))
        .collect::<Result<_, _>>()?;
    let n = args
        .players
        .map(usize::from)
        .unwrap_or_else(|| decks.len().clamp(2, 4));
    if args.duel && n != 2 {
        return Err(Fail::usage(format!(
            "--duel is the two-player draw (Appendix One): it needs --players 2, not {n}"
        )));
    }
    if n > decks.len() {
        return Err(Fail::usage(format!(
            "{n} players need {n} different decks (a race's faction sits once at a table), and {} {} given",
            decks.len(),
            if decks.len() == 1 { "is" } else { "are" }
        )));
    }
    save_dir(&args.save)?;

    // `--bot` with clap's default is never empty; one row per distinct bot.
    let random = [BotSpec::of(super::BotKind::Random)];
    let bot_list: &[BotSpec] = if args.bot.is_empty() {
        &random
    } else {
        &args.bot
    };
    let mut bot_stats = BotStats::per_bot(bot_list.iter().map(|b| b.name()));
    let mut stats: Vec<DeckStats> = decks
        .iter()
        .map(|d| DeckStats {
            deck: CardSet::deck_name(d),
            seats: 0,
            wins: 0,
            standard: 0,
            major: 0,
        })
        .collect();
    let (mut draws, mut unfinished) = (0, 0);
    let mut errors = Vec::new();
    let mut turns = Vec::new();
    let mut actions = Vec::new();
    let table = Table {
        args,
        cards,
        decks: &decks,
        seats: &seats,
        bots: bot_list,
        players: n,
        search: args.search.settings()?,
    };
    let played = play_games(args.games, args.threads, args.quiet, |g| table.play(g))?;

    for (g, played) in played.into_iter().enumerate() {
        let Played {
            at,
            kinds,
            rec,
            victories,
        } = played?;
        for (s, &i) in at.iter().enumerate() {
            stats[i].seats += 1;
            let p = s as PlayerId;
            let won = rec.winners.contains(&p);
            BotStats::count(&mut bot_stats, &kinds[s].name(), won);
            if won {
                stats[i].wins += 1;
                match victories[s] {
                    VictoryKind::Major => stats[i].major += 1,
                    _ => stats[i].standard += 1,
                }
            }
        }
        if rec.winners.is_empty() {
            draws += 1;
        }
        if !rec.finished {
            unfinished += 1;
        }
        if let Some(e) = &rec.error {
            errors.push(format!("game {}: {e}", g + 1));
        }
        turns.push(u64::from(rec.turns));
        actions.push(rec.num_actions as u64);
    }

    let report = SimReport {
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
        decks: stats,
        draws,
        unfinished,
        errors,
        turns: Spread::of(&turns),
        actions: Spread::of(&actions),
    };
    Ok(report)
}

/// What every game of a run shares.
struct Table<'a> {
    args: &'a SimArgs,
    cards: &'a CardSet,
    decks: &'a [DeckList],
    seats: &'a [Seat],
    bots: &'a [BotSpec],
    players: usize,
    search: SearchSettings,
}

/// One game played: its decks (indices into the run's), its seats' bots,
/// its record and each seat's victory.
struct Played {
    at: Vec<usize>,
    kinds: Vec<BotSpec>,
    rec: GameRecord,
    victories: Vec<VictoryKind>,
}

/// The bot (of `m`) at seat `s` in game `g` (from 0) with `k` decks: the
/// seats' rotation, shifted by one every `k` games so that every bot plays
/// every deck.
fn bot_at(g: usize, s: usize, k: usize, m: usize) -> usize {
    (s + g % k + g / k) % m
}

impl Table<'_> {
    /// Plays game `g` (from 0), saving it if asked.
    fn play(&self, g: u32) -> Result<Played, Fail> {
        let (args, n) = (self.args, self.players);
        let (k, m) = (self.decks.len(), self.bots.len());
        let at: Vec<usize> = (0..n).map(|s| (g as usize + s) % k).collect();
        let table: Vec<DeckList> = at.iter().map(|&i| self.decks[i].clone()).collect();
        let names = seat_names(&table);
        let setup = Setup {
            players: at
                .iter()
                .zip(names)
                .map(|(&i, name)| {
                    let seat = Seat {
                        name,
                        ..self.seats[i].clone()
                    };
                    if args.duel {
                        seat.for_duel(&self.cards.db)
                    } else {
                        seat
                    }
                })
                .collect(),
            options: Options {
                duel_draw: args.duel,
                turn_limit: Some(args.turn_limit),
                extended_loyalty: args.extended_loyalty,
            },
        };
        let game_seed = derive_seed(args.seed, u64::from(g));
        let mut game = Game::new(setup.clone(), Arc::clone(&self.cards.db), game_seed)
            .map_err(|e| Fail::new(format!("game {}: cannot be set up: {e}", g + 1)))?;
        let kinds: Vec<BotSpec> = (0..n)
            .map(|s| self.bots[bot_at(g as usize, s, k, m)].clone())
            .collect();
        let mut bots: Vec<Box<dyn Bot>> = kinds
            .iter()
            .enumerate()
            .map(|(s, b)| b.make(derive_seed(game_seed, 1000 + s as u64), &self.search))
            .collect();
        let rec = play_game(&mut game, &mut bots, MAX_ACTIONS);
        if let Some(dir) = &args.save {
            let path = dir.join(format!("game-{:04}.json", g + 1));
            SaveFile::record(&game, &setup, game_seed, &rec.actions, &self.cards.files)
                .write(&path)?;
        }
        let victories = (0..n).map(|s| game.victory(s as PlayerId)).collect();
        Ok(Played {
            at,
            kinds,
            rec,
            victories,
        })
    }
}

/// The report as a table.
pub fn text(r: &SimReport) -> String {
    let w = r
        .decks
        .iter()
        .map(|d| d.deck.chars().count())
        .max()
        .unwrap_or(4)
        .max(4)
        .max(r.bots.iter().map(|b| b.bot.len() + 4).max().unwrap_or(0));
    let mut t = WinTable::new(
        format!(
            "b5 sim: {} games, {} players, {} bots, seed {}, turn limit {}\n",
            r.games, r.players, r.bot, r.seed, r.turn_limit
        ),
        "deck",
        w,
        "standard",
        "major",
    );
    for d in &r.decks {
        t.row(&d.deck, d.seats, d.wins, d.standard, d.major);
    }
    t.bots(&r.bots);
    t.push_str(&format!(
        "no winner (draws): {} of {} games\n",
        r.draws, r.games
    ));
    t.unfinished(r.unfinished, &r.errors);
    t.push_str(&r.turns.line("turns per game:"));
    t.push_str(&r.actions.line("actions per game:"));
    t.finish()
}

#[cfg(test)]
mod tests {
    use super::bot_at;

    /// Over `k·m` games every bot plays every deck from every seat equally
    /// often, for tables of 2 to 6 with 1 to 6 decks and 1 to 4 bots (the
    /// seats' rotation alone would give two bots among six decks only
    /// every other deck each).
    #[test]
    fn every_bot_plays_every_deck_from_every_seat() {
        for n in 2..=6 {
            for k in 1..=6 {
                for m in 1..=4 {
                    let mut count = vec![0u32; m * k * n];
                    for g in 0..k * m * n {
                        for s in 0..n {
                            let deck = (g + s) % k;
                            count[(bot_at(g, s, k, m) * k + deck) * n + s] += 1;
                        }
                    }
                    let plays_with = |b: usize, d: usize| -> u32 {
                        (0..n).map(|s| count[(b * k + d) * n + s]).sum()
                    };
                    let first = plays_with(0, 0);
                    for b in 0..m {
                        for d in 0..k {
                            assert_eq!(
                                plays_with(b, d),
                                first,
                                "n {n} k {k} m {m} bot {b} deck {d}"
                            );
                        }
                    }
                    let at_seat = |b: usize, s: usize| -> u32 {
                        (0..k).map(|d| count[(b * k + d) * n + s]).sum()
                    };
                    for b in 0..m {
                        for s in 0..n {
                            assert_eq!(
                                at_seat(b, s),
                                at_seat(0, 0),
                                "n {n} k {k} m {m} bot {b} seat {s}"
                            );
                        }
                    }
                }
            }
        }
    }
}
