//! Hostile card files at run time: complete random games played with card
//! files written by a generator (`card_gen`) from the documented vocabulary
//! (docs/card-format.md), biased toward text that answers itself or the
//! other cards of its set. The cards the loader accepts are shuffled, three
//! copies each, into the Open Set's decks; the games must never panic,
//! overflow the stack, hang, or grow memory without bound, must end within
//! the turn limit and a bound of actions, and keep the state properties of
//! every game (`common::check_state`). Cards the loader refuses are counted
//! (that is the loader doing its work), not failures.
//!
//! A stack overflow aborts the whole process, so the games are played by a
//! child process (this same test binary, run again with
//! `B5_FUZZ_CARD_GAMES_CHILD` set), each game on a thread with a 2 MiB
//! stack, the stack the online table's worker threads have; before each
//! game the child writes the case (its cards, as a card file, and the game)
//! to `<target tmp>/fuzz_card_games/last-case.toml`, and the parent reports
//! it when the child dies. A game that runs longer than
//! [`GAME_TIMEOUT`] is a hang: the child stops with a message.
//!
//! Budget: 40 card sets of 1 to 12 cards, two games each, a few seconds.
//! More: `B5_FUZZ_CARD_SETS=5000 cargo test --release -p b5-engine --test
//! fuzz_card_games -- --nocapture` (prints what was generated, refused and
//! played). Replay a saved case: `B5_FUZZ_CARD_CASE=FILE` with the same
//! command.

mod card_gen;
mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use b5_engine::{CardDb, CardDef, DefId, Game, Options, PlayerId, Race, Setup};
use card_gen::{card_set, GenCard};
use common::{check_state, Rng};
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestCaseError, TestRunner};

// ---------------------------------------------------------------------------
// Memory: a counting allocator (this test binary's own) keeps the bytes
// live, so that a game whose state grows without bound is caught.

struct Counting;

static LIVE: AtomicI64 = AtomicI64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as i64, Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as i64, Relaxed);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        LIVE.fetch_add(n as i64 - l.size() as i64, Relaxed);
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

// ---------------------------------------------------------------------------
// Bounds.

/// The turn limit given to the engine (`Options::turn_limit`).
const TURN_CAP: u32 = 80;
/// More actions than any game under the turn cap needs.
const ACTION_GUARD: usize = 200_000;
/// More events than one action should ever make.
const EVENTS_PER_ACTION: usize = 50_000;
/// More memory than one game should ever hold on to (a real game holds
/// well under a megabyte).
const LIVE_BYTES: i64 = 256 << 20;
/// Wall-clock time after which a game counts as hung.
const GAME_TIMEOUT: Duration = Duration::from_secs(120);
/// The stack a game is played on (tokio's worker threads, which run the
/// online table's games, have 2 MiB).
const GAME_STACK: usize = 2 << 20;
/// Default number of card sets.
const DEFAULT_SETS: u32 = 40;

const CHILD_ENV: &str = "B5_FUZZ_CARD_GAMES_CHILD";
const SETS_ENV: &str = "B5_FUZZ_CARD_SETS";
const CASE_ENV: &str = "B5_FUZZ_CARD_CASE";
const INPUT_ENV: &str = "B5_FUZZ_CARD_INPUT";
const TEST_NAME: &str = "generated_card_files_play_without_crash_hang_or_growth";

// ---------------------------------------------------------------------------
// What was generated and played (for the report).

#[derive(Default)]
struct Stats {
    sets: u64,
    generated: u64,
    accepted: u64,
    refused: BTreeMap<String, u64>,
    games: u64,
    actions: u64,
    capped: u64,
    with_winner: u64,
    most_actions: u64,
    most_events: usize,
    most_live: i64,
    slowest_game: Duration,
    slowest_apply: Duration,
    generated_in_play: u64,
}

fn stats() -> &'static Mutex<Stats> {
    static S: OnceLock<Mutex<Stats>> = OnceLock::new();
    S.get_or_init(|| Mutex::new(Stats::default()))
}

fn open_set() -> &'static [CardDef] {
    static CARDS: OnceLock<Vec<CardDef>> = OnceLock::new();
    CARDS.get_or_init(|| b5_cards::open_set::cards().expect("the Open Set loads"))
}

/// A refusal's field, without the card's name and list indexes
/// (`effects.discard`), to count refusals by kind.
fn refusal_kind(field: &str) -> String {
    let rest = match field.find("\".") {
        Some(i) => &field[i + 2..],
        None => field,
    };
    let mut out = String::new();
    let mut depth = 0;
    for c in rest.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

// ---------------------------------------------------------------------------
// A case: the cards that loaded, and the games to play with them.

struct Case {
    /// The accepted cards' text, one card file.
    text: String,
    defs: Vec<CardDef>,
    /// Race per accepted card ("neutral" or a player race).
    races: Vec<Race>,
}

/// Loads each generated card on its own (a refused card does not sink the
/// set) and keeps those that load.
fn load(cards: &[GenCard]) -> Case {
    let mut case = Case {
        text: String::new(),
        defs: Vec::new(),
        races: Vec::new(),
    };
    let mut st = stats().lock().unwrap();
    for c in cards {
        st.generated += 1;
        match b5_cards::parse_card_file(&c.text, "fuzz.toml") {
            Ok(mut defs) => {
                assert_eq!(defs.len(), 1, "one card table gave {} cards", defs.len());
                st.accepted += 1;
                case.text.push_str(&c.text);
                case.text.push('\n');
                case.races
                    .push(Race::parse(c.race).unwrap_or(Race::Neutral));
                case.defs.push(defs.pop().unwrap());
            }
            Err(e) => {
                if std::env::var_os("B5_FUZZ_CARD_SHOW_REFUSALS").is_some() {
                    eprintln!("refused {}: {e}", c.name);
                }
                *st.refused.entry(refusal_kind(&e.field)).or_default() += 1;
            }
        }
    }
    case
}

/// One game of a case: how many players, the set-up seed.
#[derive(Clone, Copy, Debug)]
struct GameSpec {
    players: usize,
    seed: u64,
    duel: bool,
}

fn case_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz_card_games")
}

fn last_case_path() -> PathBuf {
    case_dir().join("last-case.toml")
}

/// The latest case that failed (after shrinking, the smallest).
fn failed_case_path() -> PathBuf {
    case_dir().join("failed-case.toml")
}

/// The case as a card file with the game in its first lines.
fn case_file(case: &Case, g: GameSpec) -> String {
    format!(
        "# fuzz_card_games case: players = {}, seed = {}, duel = {}\n\
         # Replay: B5_FUZZ_CARD_CASE=<this file> cargo test -p b5-engine --test fuzz_card_games -- --nocapture\n\n{}",
        g.players, g.seed, g.duel, case.text
    )
}

/// Reads a saved case back.
fn parse_case_file(text: &str) -> (Case, GameSpec) {
    let first = text.lines().next().unwrap_or("");
    let num = |key: &str| -> Option<u64> {
        let i = first.find(&format!("{key} = "))? + key.len() + 3;
        first[i..]
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    let spec = GameSpec {
        players: num("players").unwrap_or(2) as usize,
        seed: num("seed").unwrap_or(0),
        duel: first.contains("duel = true"),
    };
    let defs = b5_cards::parse_card_file(text, "case").expect("the case's cards load");
    let races = defs.iter().map(|d| d.race).collect();
    let cards = text.find("[cards.").map_or("", |i| &text[i..]);
    (
        Case {
            text: cards.to_string(),
            defs,
            races,
        },
        spec,
    )
}

// ---------------------------------------------------------------------------
// Tables: the Open Set's decks with the generated cards shuffled in.

fn database(case: &Case) -> Arc<CardDb> {
    let all = open_set().iter().cloned().chain(case.defs.iter().cloned());
    Arc::new(b5_cards::database(all).expect("generated names are new"))
}

/// The Open Set's seats with up to three copies of every generated card a
/// seat may play (neutral or of its race) in place of deck cards, and one
/// copy in the reserve (searches "from outside the game").
fn setup(db: &CardDb, case: &Case, g: GameSpec) -> Setup {
    let mut rng = Rng::new(g.seed);
    let first = rng.below(6);
    let seats = b5_cards::open_set::table_seats(db, first, g.players).expect("the Open Set decks");
    let ids: Vec<(DefId, Race)> = case
        .defs
        .iter()
        .zip(&case.races)
        .map(|(d, &r)| (db.find(&d.name).expect("just added"), r))
        .collect();
    let players = seats
        .into_iter()
        .map(|mut s| {
            let mine: Vec<DefId> = ids
                .iter()
                .filter(|(_, r)| *r == Race::Neutral || *r == s.race)
                .map(|(d, _)| *d)
                .collect();
            let mut slots: Vec<usize> = (0..s.deck.len()).collect();
            rng.shuffle(&mut slots);
            let mut slot = slots.into_iter();
            for &d in &mine {
                for _ in 0..1 + rng.below(3) {
                    if let Some(i) = slot.next() {
                        s.deck[i] = d;
                    }
                }
                if s.reserve.len() < 20 && rng.chance(1, 3) {
                    s.reserve.push(d);
                }
            }
            if g.duel {
                s.for_duel(db)
            } else {
                s
            }
        })
        .collect();
    Setup {
        players,
        options: Options {
            duel_draw: g.duel,
            turn_limit: Some(TURN_CAP),
            ..Options::default()
        },
    }
}

// ---------------------------------------------------------------------------
// Playing.

struct Played {
    actions: u64,
    capped: bool,
    winner: bool,
    most_events: usize,
    most_live: i64,
    slowest_apply: Duration,
    generated_in_play: bool,
}

/// Plays one complete random game, checking the state after every action.
fn play(db: Arc<CardDb>, case_defs: usize, setup: Setup, g: GameSpec) -> Played {
    let ctx0 = format!("game seed {} ({} players)", g.seed, g.players);
    let base = LIVE.load(Relaxed);
    let mut game = match Game::new(setup, db.clone(), g.seed) {
        Ok(x) => x,
        Err(e) => panic!("{ctx0}: the set-up was refused: {e}"),
    };
    let first_generated = DefId((db.len() - case_defs) as u16);
    let cards = game.card_count();
    let mut rng = Rng::new(g.seed.wrapping_mul(31).wrapping_add(7));
    let mut buf = Vec::new();
    let mut out = Played {
        actions: 0,
        capped: false,
        winner: false,
        most_events: 0,
        most_live: 0,
        slowest_apply: Duration::ZERO,
        generated_in_play: false,
    };
    check_state(&game, cards, &format_args!("{ctx0}, set-up"));
    while !game.is_over() {
        let n = out.actions as usize;
        assert!(
            n < ACTION_GUARD,
            "{ctx0}: no end after {ACTION_GUARD} actions (turn {}, {:?})",
            game.turn(),
            game.step()
        );
        let pending = game.pending();
        assert!(
            !pending.is_empty(),
            "{ctx0}, action {n}: nobody pending at {:?}",
            game.step()
        );
        let p: PlayerId = pending[rng.below(pending.len())];
        game.legal_actions_into(p, &mut buf);
        assert!(
            !buf.is_empty(),
            "{ctx0}, action {n}: pending player {p} has no legal action at {:?} (choice {:?}, vote {})",
            game.step(),
            game.choice(),
            game.vote().is_some()
        );
        let a = *rng.pick(&buf);
        let t = Instant::now();
        let ev = match game.apply(p, a) {
            Ok(ev) => ev,
            Err(e) => {
                panic!("{ctx0}, action {n}: legal action {a:?} of player {p} was rejected: {e}")
            }
        };
        out.slowest_apply = out.slowest_apply.max(t.elapsed());
        out.most_events = out.most_events.max(ev.len());
        assert!(
            ev.len() <= EVENTS_PER_ACTION,
            "{ctx0}, action {n}: {a:?} by {p} made {} events",
            ev.len()
        );
        drop(ev);
        out.actions += 1;
        check_state(
            &game,
            cards,
            &format_args!("{ctx0}, action {n}, after {a:?} by {p}"),
        );
        let live = LIVE.load(Relaxed) - base;
        out.most_live = out.most_live.max(live);
        assert!(
            live <= LIVE_BYTES,
            "{ctx0}, action {n}: the game holds {} MiB (turn {})",
            live >> 20,
            game.turn()
        );
        if !out.generated_in_play && n.is_multiple_of(64) {
            out.generated_in_play = (0..cards).any(|i| {
                let c = game.card(b5_engine::CardId(i as u16));
                c.def >= first_generated && c.zone.on_table()
            });
        }
    }
    assert!(game.turn() <= TURN_CAP, "{ctx0}: played past the turn cap");
    out.capped = game.turn() >= TURN_CAP && game.winners().is_empty();
    out.winner = !game.winners().is_empty();
    for p in 0..g.players as PlayerId {
        assert!(
            game.legal_actions(p).is_empty(),
            "{ctx0}: actions after the end"
        );
    }
    out
}

/// Plays a game of a case on a thread of its own with [`GAME_STACK`] of
/// stack, after saving the case; a game past [`GAME_TIMEOUT`] stops the
/// process (a hang cannot be interrupted).
fn play_saved(case: &Case, g: GameSpec) -> Result<Played, String> {
    let text = case_file(case, g);
    let _ = std::fs::create_dir_all(case_dir());
    let _ = std::fs::write(last_case_path(), &text);
    let db = database(case);
    let setup = setup(&db, case, g);
    let n = case.defs.len();
    let (tx, rx) = std::sync::mpsc::channel();
    let started = Instant::now();
    let h = std::thread::Builder::new()
        .name("fuzz-game".into())
        .stack_size(GAME_STACK)
        .spawn(move || {
            let r = play(db, n, setup, g);
            let _ = tx.send(());
            r
        })
        .expect("a game thread");
    // A panic drops the sender (Disconnected): only a timeout is a hang.
    if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(GAME_TIMEOUT) {
        eprintln!(
            "fuzz_card_games: a game ran for {GAME_TIMEOUT:?} without ending (a hang): {}\n{text}",
            last_case_path().display()
        );
        std::process::exit(3);
    }
    let r = h.join().map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        let _ = std::fs::write(failed_case_path(), &text);
        format!(
            "{msg}\n--- the case ({}) ---\n{text}",
            failed_case_path().display()
        )
    })?;
    let mut st = stats().lock().unwrap();
    st.slowest_game = st.slowest_game.max(started.elapsed());
    Ok(r)
}

fn record(p: &Played) {
    let mut st = stats().lock().unwrap();
    st.games += 1;
    st.actions += p.actions;
    st.capped += u64::from(p.capped);
    st.with_winner += u64::from(p.winner);
    st.most_actions = st.most_actions.max(p.actions);
    st.most_events = st.most_events.max(p.most_events);
    st.most_live = st.most_live.max(p.most_live);
    st.slowest_apply = st.slowest_apply.max(p.slowest_apply);
    st.generated_in_play += u64::from(p.generated_in_play);
}

/// Generates a card set, loads it and plays its games.
fn run_set(set_seed: u64, seeds: &[u64], game_seed: u64) -> Result<(), TestCaseError> {
    let cards = card_set(set_seed, seeds);
    let case = load(&cards);
    stats().lock().unwrap().sets += 1;
    let mut rng = Rng::new(game_seed);
    for k in 0..2 {
        let players = if k == 0 { 2 } else { 3 + rng.below(3) };
        let g = GameSpec {
            players,
            seed: rng.next_u64(),
            duel: players == 2 && rng.chance(1, 4),
        };
        let p = play_saved(&case, g).map_err(TestCaseError::fail)?;
        record(&p);
    }
    Ok(())
}

fn report() -> String {
    let st = stats().lock().unwrap();
    let mut s = String::new();
    let refused = st.generated - st.accepted;
    let _ = writeln!(
        s,
        "fuzz_card_games: {} card sets, {} cards generated, {} loaded, {} refused by the loader",
        st.sets, st.generated, st.accepted, refused
    );
    let _ = writeln!(
        s,
        "  {} games, {} actions ({} at most in a game), {} with a winner, {} at the turn cap of {TURN_CAP}; \
         {} games had a generated card on the table",
        st.games, st.actions, st.most_actions, st.with_winner, st.capped, st.generated_in_play
    );
    let _ = writeln!(
        s,
        "  at most {} events from one action, {} KiB held by one game; slowest game {:?}, slowest action {:?}",
        st.most_events,
        st.most_live >> 10,
        st.slowest_game,
        st.slowest_apply
    );
    let mut kinds: Vec<(&String, &u64)> = st.refused.iter().collect();
    kinds.sort_by(|a, b| b.1.cmp(a.1));
    let top: Vec<String> = kinds
        .iter()
        .take(12)
        .map(|(k, n)| format!("{k} ({n})"))
        .collect();
    let _ = writeln!(s, "  refused most often at: {}", top.join(", "));
    s
}

/// The child's work: every card set (or one saved case).
fn child() {
    if let Some(path) = std::env::var_os(CASE_ENV) {
        let text = std::fs::read_to_string(&path).expect("the case file");
        let (case, g) = parse_case_file(&text);
        match play_saved(&case, g) {
            Ok(p) => {
                record(&p);
                println!();
                print!("{}", report());
            }
            Err(e) => panic!("{e}"),
        }
        return;
    }
    // One input of the property, as proptest prints it when it fails:
    // "SET_SEED:SEED,SEED,...:GAME_SEED".
    if let Ok(v) = std::env::var(INPUT_ENV) {
        let parts: Vec<&str> = v.split(':').collect();
        let num = |x: &str| x.trim().parse::<u64>().expect("a number");
        assert_eq!(
            parts.len(),
            3,
            "{INPUT_ENV}=SET_SEED:SEED,SEED,...:GAME_SEED"
        );
        let seeds: Vec<u64> = parts[1].split(',').map(num).collect();
        let r = run_set(num(parts[0]), &seeds, num(parts[2]));
        print!("{}", report());
        if let Err(e) = r {
            panic!("{e}");
        }
        return;
    }
    let sets = std::env::var(SETS_ENV)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_SETS);
    let mut runner = TestRunner::new(ProptestConfig {
        cases: sets,
        max_shrink_iters: 200,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let strategy = (
        any::<u64>(),
        proptest::collection::vec(any::<u64>(), 1..=12),
        any::<u64>(),
    );
    let r = runner.run(&strategy, |(set_seed, seeds, game_seed)| {
        run_set(set_seed, &seeds, game_seed)
    });
    println!();
    print!("{}", report());
    if let Err(e) = r {
        panic!("{e}");
    }
}

/// Runs the games in a child process (this binary, this test) and fails
/// with the case when the child fails in any way, an abort included.
#[test]
fn generated_card_files_play_without_crash_hang_or_growth() {
    if std::env::var_os(CHILD_ENV).is_some() {
        child();
        return;
    }
    let _ = std::fs::remove_file(last_case_path());
    let out = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args([TEST_NAME, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, "1")
        .output()
        .expect("the child runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    for line in stdout
        .lines()
        .filter(|l| l.starts_with("fuzz_card_games") || l.starts_with("  "))
    {
        println!("{line}");
    }
    if !out.status.success() {
        let tail: String = {
            let chars: Vec<char> = stderr.chars().collect();
            chars[chars.len().saturating_sub(6000)..].iter().collect()
        };
        let case = std::fs::read_to_string(last_case_path()).unwrap_or_default();
        panic!(
            "the games' process failed ({}):\n{tail}\n--- the last case played ({}) ---\n{case}",
            out.status,
            last_case_path().display()
        );
    }
}

/// Every case the fuzzing found and that was fixed, kept in
/// `tests/fuzz_cases`, plays through now (with every state check).
#[test]
fn kept_fuzz_cases_play_through() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/fuzz_cases")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("the case file");
        let (case, g) = parse_case_file(&text);
        if let Err(e) = play_saved(&case, g) {
            panic!("{}: {e}", path.display());
        }
    }
}
