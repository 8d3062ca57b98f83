//! What `b5 sim` and `b5 empires sim` share in running a series of games
//! and reporting it: the per-bot counts, the spread of a per-game count,
//! the progress bar, the text table of wins, and the `--json` output.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::median;
use crate::Fail;

/// Writes a `--json` report: on one line, or `pretty` (indented), with a
/// newline after it.
pub fn write_json(out: &mut impl Write, report: &impl Serialize, pretty: bool) -> Result<(), Fail> {
    let text = if pretty {
        serde_json::to_string_pretty(report)
    } else {
        serde_json::to_string(report)
    }
    .map_err(|e| Fail::new(format!("cannot write JSON: {e}")))?;
    writeln!(out, "{text}")?;
    Ok(())
}

/// Mean, median and maximum of a per-game count.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Spread {
    pub mean: f64,
    pub median: f64,
    pub max: u64,
}

impl Spread {
    pub fn of(values: &[u64]) -> Spread {
        let mut v = values.to_vec();
        v.sort_unstable();
        let mean = if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<u64>() as f64 / v.len() as f64
        };
        Spread {
            mean: (mean * 100.0).round() / 100.0,
            median: median(&v),
            max: v.last().copied().unwrap_or(0),
        }
    }

    /// The spread as a line of the text report, after `label`.
    pub fn line(&self, label: &str) -> String {
        format!(
            "{label:<18} mean {:.2}, median {}, max {}\n",
            self.mean, self.median, self.max
        )
    }
}

/// Seats and wins of one kind of computer player.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct BotStats {
    pub bot: String,
    pub seats: u32,
    pub wins: u32,
    /// The win rate's 95 % confidence interval, in percent (Wilson's).
    pub ci95: [f64; 2],
}

impl BotStats {
    /// One row per distinct name in `names`, in the order listed.
    pub fn per_bot<S: Into<String>>(names: impl IntoIterator<Item = S>) -> Vec<BotStats> {
        let mut v: Vec<BotStats> = Vec::new();
        for bot in names {
            let bot = bot.into();
            if !v.iter().any(|x| x.bot == bot) {
                v.push(BotStats {
                    bot,
                    seats: 0,
                    wins: 0,
                    ci95: wilson95(0, 0),
                });
            }
        }
        v
    }

    /// Counts a seat taken by `bot`, and whether it won.
    pub fn count(stats: &mut [BotStats], bot: &str, won: bool) {
        if let Some(b) = stats.iter_mut().find(|x| x.bot == bot) {
            b.seats += 1;
            b.wins += u32::from(won);
            b.ci95 = wilson95(b.wins, b.seats);
        }
    }
}

/// `wins` of `seats` as a percentage (0 for no seats).
pub fn percent(wins: u32, seats: u32) -> f64 {
    if seats == 0 {
        0.0
    } else {
        100.0 * f64::from(wins) / f64::from(seats)
    }
}

/// Wilson's 95 % score interval for `wins` of `seats`, in percent ([0, 100]
/// for no seats): unlike the normal approximation it stays within 0 to 100
/// and is fair for small counts and rates near 0 or 1.
pub fn wilson95(wins: u32, seats: u32) -> [f64; 2] {
    if seats == 0 {
        return [0.0, 100.0];
    }
    let (n, z) = (f64::from(seats), 1.959_964);
    let p = f64::from(wins) / n;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    // At no wins or all wins the bound is exactly 0 or 100; rounding
    // would leave it a hair inside.
    let low = if wins == 0 {
        0.0
    } else {
        100.0 * (centre - half) / d
    };
    let high = if wins >= seats {
        100.0
    } else {
        100.0 * (centre + half) / d
    };
    [low.max(0.0), high.min(100.0)]
}

/// A progress bar on a terminal, shown once a series of games has taken
/// more than a second.
pub struct Progress {
    games: u32,
    start: Instant,
    tty: bool,
    bar: Option<ProgressBar>,
}

impl Progress {
    pub fn new(games: u32) -> Progress {
        Progress {
            games,
            start: Instant::now(),
            tty: std::io::stderr().is_terminal(),
            bar: None,
        }
    }

    /// One never shown.
    pub fn hidden() -> Progress {
        Progress {
            tty: false,
            ..Progress::new(0)
        }
    }

    /// Game `g` (from 0) is over; with games played in parallel, `g + 1`
    /// is the number over so far.
    pub fn done(&mut self, g: u32) {
        if self.bar.is_none() && self.tty && self.start.elapsed() > Duration::from_secs(1) {
            let b = ProgressBar::new(u64::from(self.games));
            if let Ok(style) =
                ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})")
            {
                b.set_style(style);
            }
            self.bar = Some(b);
        }
        if let Some(b) = &self.bar {
            b.set_position(u64::from(g) + 1);
        }
    }

    pub fn finish(self) {
        if let Some(b) = self.bar {
            b.finish_and_clear();
        }
    }
}

/// A pool of `threads` threads (default: one per core).
pub fn thread_pool(threads: Option<u16>) -> Result<rayon::ThreadPool, Fail> {
    let threads = threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Fail::new(format!("cannot start {threads} threads: {e}")))
}

/// Plays games `0..games` on `threads` threads (default: one per core),
/// `play(g)` each, and returns their results in game order: what a game
/// gives depends on its number only, so the report is the same for any
/// number of threads. A progress bar is shown unless `quiet`.
pub fn play_games<T: Send>(
    games: u32,
    threads: Option<u16>,
    quiet: bool,
    play: impl Fn(u32) -> T + Sync,
) -> Result<Vec<T>, Fail> {
    use rayon::prelude::*;
    let pool = thread_pool(threads)?;
    let bar = if quiet {
        Progress::hidden()
    } else {
        Progress::new(games)
    };
    let progress = std::sync::Mutex::new((bar, 0u32));
    let played = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|g| {
                let r = play(g);
                if let Ok(mut p) = progress.lock() {
                    let (bar, over) = &mut *p;
                    bar.done(*over);
                    *over += 1;
                }
                r
            })
            .collect()
    });
    if let Ok((bar, _)) = progress.into_inner() {
        bar.finish();
    }
    Ok(played)
}

/// The table of wins in the text report: a row per deck or race (the name
/// column `width` wide at least), its seats, wins, two counts of kinds of
/// win, and the win rate; then a row per bot when several played.
pub struct WinTable {
    text: String,
    width: usize,
    third: usize,
    fourth: usize,
}

impl WinTable {
    /// A table whose first column is headed `name` and whose two counts
    /// are headed `third` and `fourth`, after the report's first line.
    pub fn new(title: String, name: &str, width: usize, third: &str, fourth: &str) -> WinTable {
        let mut t = WinTable {
            text: title,
            width,
            third: third.len().max(5),
            fourth: fourth.len().max(5),
        };
        t.line(name, "seats", "wins", third, fourth, "win %");
        t
    }

    fn line(&mut self, name: &str, seats: &str, wins: &str, c: &str, d: &str, rate: &str) {
        let (w, x, y) = (self.width, self.third, self.fourth);
        self.text.push_str(&format!(
            "{name:<w$}  {seats:>5}  {wins:>5}  {c:>x$}  {d:>y$}  {rate:>6}\n"
        ));
    }

    pub fn row(&mut self, name: &str, seats: u32, wins: u32, third: u32, fourth: u32) {
        self.line(
            name,
            &seats.to_string(),
            &wins.to_string(),
            &third.to_string(),
            &fourth.to_string(),
            &format!("{:.1}", percent(wins, seats)),
        );
    }

    /// A row per bot, when more than one kind played.
    pub fn bots(&mut self, bots: &[BotStats]) {
        if bots.len() > 1 {
            for b in bots {
                self.line(
                    &format!("bot {}", b.bot),
                    &b.seats.to_string(),
                    &b.wins.to_string(),
                    "",
                    "",
                    &format!("{:.1}", percent(b.wins, b.seats)),
                );
                self.text.push_str(&format!(
                    "{:w$}  95 % interval {:.1} to {:.1}\n",
                    "",
                    b.ci95[0],
                    b.ci95[1],
                    w = self.width
                ));
            }
        }
    }

    /// The lines after the table on games that did not finish and the
    /// engine's errors.
    pub fn unfinished(&mut self, unfinished: u32, errors: &[String]) {
        if unfinished > 0 {
            self.text.push_str(&format!(
                "unfinished (action cap or engine error): {unfinished}\n"
            ));
        }
        for e in errors {
            self.text.push_str(&format!("engine error: {e}\n"));
        }
    }

    pub fn push_str(&mut self, s: &str) {
        self.text.push_str(s);
    }

    pub fn finish(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lines_up() {
        let mut t = WinTable::new("title\n".into(), "deck", 6, "standard", "major");
        t.row("Narn", 4, 1, 1, 0);
        t.bots(&[BotStats {
            bot: "random".into(),
            seats: 4,
            wins: 1,
            ci95: wilson95(1, 4),
        }]);
        t.bots(&BotStats::per_bot(["random", "greedy", "random"]));
        t.unfinished(1, &["game 2: stuck".into()]);
        t.push_str(&Spread::of(&[3, 1, 2]).line("turns per game:"));
        assert_eq!(
            t.finish(),
            "title\n\
             deck    seats   wins  standard  major   win %\n\
             Narn        4      1         1      0    25.0\n\
             bot random      0      0                      0.0\n\
             \x20       95 % interval 0.0 to 100.0\n\
             bot greedy      0      0                      0.0\n\
             \x20       95 % interval 0.0 to 100.0\n\
             unfinished (action cap or engine error): 1\n\
             engine error: game 2: stuck\n\
             turns per game:    mean 2.00, median 2, max 3\n"
        );
    }

    /// Against published values of Wilson's interval (Newcombe, 1998:
    /// 81 of 263 gives 0.2553 to 0.3662; 15 of 148, 0.0624 to 0.1605).
    #[test]
    fn the_win_rate_interval_is_wilsons() {
        let close =
            |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).abs() < 0.01 && (a[1] - b[1]).abs() < 0.01;
        assert!(
            close(wilson95(81, 263), [25.53, 36.62]),
            "{:?}",
            wilson95(81, 263)
        );
        assert!(
            close(wilson95(15, 148), [6.24, 16.05]),
            "{:?}",
            wilson95(15, 148)
        );
        assert_eq!(wilson95(0, 10)[0], 0.0);
        assert_eq!(wilson95(10, 10)[1], 100.0);
    }
}
