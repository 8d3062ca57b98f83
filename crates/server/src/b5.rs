//! The Babylon 5 CCG as a hosted game: [`B5Kind`] and [`B5Game`] implement
//! the server's game traits on top of `b5_engine` and `b5_cards`. Nothing
//! outside this module knows the game.
//!
//! Seats in a table request carry `"deck"`: a shipped deck (a race such as
//! `"narn"`, or a shipped deck's name), or `{"list": "<deck list text>"}`
//! in the `b5 deck` format, checked by the same construction rules.
//! Options: `{"turn_limit": T}` (1 to 1000; default 100);
//! `"extended_loyalty": true` plays with the optional Extended Loyalty Rule.

use std::collections::VecDeque;
use std::hash::Hash;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, OnceLock};

use xxhash_rust::xxh3::{xxh3_128, xxh3_64};

use b5_cards::{DeckList, LoadError};
use b5_engine::{
    Action, CardDb, Event, Game, Options, PlayerId, PlayerView, Race, Setup, MAX_PLAYERS,
};
use b5_players::{Bot, Budget, GreedyBot, RandomBot, SearchBot, SearchSettings};
use serde_json::Value;

use crate::game::{ActionError, GameEvents, GameKind, Prepared, SetupProblem, TableGame, Viewer};
use crate::patch::{Piece, View, ViewText};

/// The viewer id used for spectators: not a seat (seats are below
/// `MAX_PLAYERS`) and not the engine's `NOBODY`, so the engine's filters
/// treat it as a player who owns and controls nothing.
const SPECTATOR: PlayerId = MAX_PLAYERS as PlayerId;

/// The turn limit of a table whose request gives none.
pub const DEFAULT_TURN_LIMIT: u32 = 100;
/// The largest turn limit a table may ask for (bounds a table's log).
pub const MAX_TURN_LIMIT: u32 = 1000;

/// The Babylon 5 CCG: a card database and the shipped decks.
pub struct B5Kind {
    db: Arc<CardDb>,
    decks: Vec<DeckList>,
    /// Every card's name and text (`GET /api/cards`), written once.
    cards: std::sync::OnceLock<Vec<Value>>,
    /// The databases of the card packs tables were made with lately, by a
    /// digest of the pack's file (at most [`PACKS_KEPT`]).
    pack_dbs: Mutex<Vec<(u64, Arc<CardDb>)>>,
}

/// Card packs' databases kept built (a table of a pack rebuilds its game
/// on an undo or a restart).
const PACKS_KEPT: usize = 16;

impl B5Kind {
    pub fn new(db: Arc<CardDb>, decks: Vec<DeckList>) -> B5Kind {
        B5Kind {
            db,
            decks,
            cards: std::sync::OnceLock::new(),
            pack_dbs: Mutex::new(Vec::new()),
        }
    }

    /// The built-in Open Set and its shipped decks.
    pub fn open_set() -> Result<B5Kind, LoadError> {
        Ok(B5Kind::new(
            Arc::new(b5_cards::open_set::database()?),
            b5_cards::open_set::decks()?,
        ))
    }

    pub fn db(&self) -> &Arc<CardDb> {
        &self.db
    }

    /// Whether every seat of `setup` plays one of the shipped decks (whose
    /// lists are public), card for card.
    fn shipped_lists_only(&self, setup: &Setup, db: &CardDb) -> bool {
        let cards = |s: &b5_engine::Seat| {
            let mut v: Vec<b5_engine::DefId> = std::iter::once(s.ambassador)
                .chain(s.hand.iter().copied())
                .chain(s.deck.iter().copied())
                .chain(s.crusade.iter().copied())
                .chain(s.reserve.iter().copied())
                .collect();
            v.sort_unstable();
            v
        };
        let shipped: Vec<Vec<b5_engine::DefId>> = self
            .decks
            .iter()
            .filter_map(|d| d.to_seat(db, "").ok())
            .map(|s| cards(&s))
            .collect();
        setup.players.iter().all(|s| shipped.contains(&cards(s)))
    }

    /// A shipped deck by race or by name (its `name:` header or file name).
    pub fn shipped_deck(&self, spec: &str) -> Option<&DeckList> {
        let spec = spec.trim();
        if let Some(r) = Race::parse(spec) {
            return self.decks.iter().find(|d| d.race.map(|x| x.0) == Some(r));
        }
        let low = spec.to_lowercase();
        self.decks.iter().find(|d| {
            d.name.as_deref().map(str::to_lowercase) == Some(low.clone())
                || file_stem(&d.origin).to_lowercase() == low
        })
    }

    /// The server's cards with a player's own card file on top (a
    /// sandbox's); a name the server has already is refused.
    fn with_file(&self, file: &str) -> Result<CardDb, SetupProblem> {
        let defs = b5_cards::parse_card_file(file, "your card file").map_err(|e| SetupProblem {
            seat: None,
            ..deck_problem(0, &e)
        })?;
        let mut db = (*self.db).clone();
        for d in defs {
            db.insert(d).map_err(|e| {
                SetupProblem::general(match e {
                    b5_engine::DbError::DuplicateName(n) => format!(
                        "\"{n}\" is the name of one of this server's cards already: give yours a name of its own"
                    ),
                    other => other.to_string(),
                })
            })?;
        }
        Ok(db)
    }

    /// The server's cards with a card pack's file on top, built once for
    /// a while.
    fn pack_db(&self, file: &str) -> Result<Arc<CardDb>, SetupProblem> {
        let key = xxh3_64(file.as_bytes());
        let mut kept = self.pack_dbs.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, db)) = kept.iter().find(|(k, _)| *k == key) {
            return Ok(db.clone());
        }
        let db = Arc::new(self.with_file(file)?);
        if kept.len() >= PACKS_KEPT {
            kept.remove(0);
        }
        kept.push((key, db.clone()));
        Ok(db)
    }

    /// The cards a table's set-up or request plays with: the server's, or
    /// its card pack's on top (`"pack": {"name", "file"}`).
    fn db_of(&self, v: &Value) -> Result<Arc<CardDb>, SetupProblem> {
        match v.get("pack") {
            None | Some(Value::Null) => Ok(self.db.clone()),
            Some(p) => {
                let file = p
                    .get("file")
                    .and_then(Value::as_str)
                    .ok_or_else(|| SetupProblem::general("a card pack is {\"name\", \"file\"}"))?;
                self.pack_db(file).map_err(|e| SetupProblem {
                    field: Some("options.pack".into()),
                    message: format!("the card pack does not load: {}", e.message),
                    ..e
                })
            }
        }
    }

    /// The cards a stored set-up plays with (a save file's, a replay's).
    pub fn db_for_setup(&self, setup: &Value) -> Result<Arc<CardDb>, String> {
        self.db_of(setup).map_err(|p| p.message)
    }

    /// A sandbox's game: the card `card` of `file` tried at the table
    /// `b5_cards::sandbox` builds around it.
    fn sandbox_game(&self, file: &str, card: &str, seed: u64) -> Result<Game, SetupProblem> {
        let db = self.with_file(file)?;
        let id = db.find(card).ok_or_else(|| {
            SetupProblem::general(format!(
                "no card named \"{card}\" in your file or on this server"
            ))
        })?;
        let pos = b5_cards::sandbox::position(&db, id)
            .map_err(|e| SetupProblem::general(format!("no table can be built to try it: {e}")))?;
        Game::from_position(&pos, Arc::new(db), seed)
            .map_err(|e| SetupProblem::general(format!("the sandbox cannot be set up: {e}")))
    }

    fn shipped_names(&self) -> String {
        self.decks
            .iter()
            .map(|d| match (&d.name, d.race) {
                (Some(n), Some((r, _))) => format!("{n} ({})", r.name()),
                (Some(n), None) => n.clone(),
                (None, Some((r, _))) => r.name().to_string(),
                (None, None) => file_stem(&d.origin),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The set-up of a table of shipped or pasted decks, as
    /// [`GameKind::prepare`] builds it (tests use it to run the same game
    /// in-process).
    pub fn setup(&self, seats: &[Value], options: &Value) -> Result<Setup, Vec<SetupProblem>> {
        let n = seats.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(vec![SetupProblem::general(format!(
                "a table has 2 to {MAX_PLAYERS} seats, not {n}"
            ))]);
        }
        let turn_limit = match options.get("turn_limit") {
            None | Some(Value::Null) => DEFAULT_TURN_LIMIT,
            Some(v) => match v.as_u64() {
                Some(t) if (1..=MAX_TURN_LIMIT as u64).contains(&t) => t as u32,
                _ => {
                    return Err(vec![SetupProblem {
                        seat: None,
                        line: None,
                        field: Some("options.turn_limit".into()),
                        message: format!(
                            "turn_limit must be a whole number from 1 to {MAX_TURN_LIMIT}"
                        ),
                    }])
                }
            },
        };
        let extended_loyalty = match options.get("extended_loyalty") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => {
                return Err(vec![SetupProblem {
                    seat: None,
                    line: None,
                    field: Some("options.extended_loyalty".into()),
                    message: "extended_loyalty must be true or false".into(),
                }])
            }
        };
        let db = self.db_of(options).map_err(|p| vec![p])?;
        let mut problems = Vec::new();
        let mut lists = Vec::new();
        for (i, seat) in seats.iter().enumerate() {
            match self.deck_of(i, seat) {
                Ok(d) => lists.push(d),
                Err(mut p) => problems.append(&mut p),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let names = seat_names(&lists);
        let mut players = Vec::new();
        for (i, (deck, name)) in lists.iter().zip(&names).enumerate() {
            match deck.to_seat(&db, name) {
                Ok(s) => players.push(s),
                Err(errs) => problems.extend(errs.iter().map(|e| deck_problem(i, e))),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let setup = Setup {
            players,
            options: Options {
                duel_draw: false,
                turn_limit: Some(turn_limit),
                extended_loyalty,
            },
        };
        b5_engine::validate_setup(&setup, &db)
            .map_err(|e| vec![SetupProblem::general(e.to_string())])?;
        Ok(setup)
    }

    fn deck_of(&self, i: usize, seat: &Value) -> Result<DeckList, Vec<SetupProblem>> {
        match seat.get("deck") {
            Some(Value::String(spec)) => self.shipped_deck(spec).cloned().ok_or_else(|| {
                vec![SetupProblem::seat(
                    i,
                    format!(
                        "unknown deck \"{}\": give a race (centauri, human, minbari, narn, non-aligned), a shipped deck's name, or {{\"list\": <deck list>}} (shipped decks: {})",
                        truncate(spec, 60),
                        self.shipped_names()
                    ),
                )]
            }),
            Some(Value::Object(o)) => match o.get("list") {
                Some(Value::String(text)) => DeckList::parse(text, &format!("seat {i} deck list"))
                    .map_err(|e| vec![deck_problem(i, &e)]),
                _ => Err(vec![SetupProblem::seat(
                    i,
                    "a pasted deck is {\"list\": \"<deck list text>\"}",
                )]),
            },
            _ => Err(vec![SetupProblem::seat(
                i,
                "each seat needs a \"deck\": a race, a shipped deck's name, or {\"list\": <deck list>}",
            )]),
        }
    }
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn file_stem(origin: &str) -> String {
    std::path::Path::new(origin)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| origin.to_string())
}

/// A deck problem of no particular seat (the live deck check).
fn deck_problem_any(e: &LoadError) -> SetupProblem {
    SetupProblem {
        seat: None,
        ..deck_problem(0, e)
    }
}

fn deck_problem(seat: usize, e: &LoadError) -> SetupProblem {
    SetupProblem {
        seat: Some(seat),
        line: (e.line > 0).then_some(e.line),
        field: (!e.field.is_empty()).then(|| e.field.clone()),
        message: e.message.clone(),
    }
}

/// Seat names: each deck's race ("Narn"), numbered when a race sits twice
/// ("Narn", "Narn 2").
fn seat_names(decks: &[DeckList]) -> Vec<String> {
    let base: Vec<String> = decks
        .iter()
        .enumerate()
        .map(|(i, d)| match d.race {
            Some((r, _)) => r.display().to_string(),
            None => format!("Seat {}", i + 1),
        })
        .collect();
    base.iter()
        .enumerate()
        .map(|(i, b)| {
            let k = base[..i].iter().filter(|x| *x == b).count();
            if k == 0 {
                b.clone()
            } else {
                format!("{b} {}", k + 1)
            }
        })
        .collect()
}

impl GameKind for B5Kind {
    fn name(&self) -> &'static str {
        "b5ccg"
    }

    fn bots(&self) -> &'static [&'static str] {
        &[
            "greedy",
            "random",
            "search-easy",
            "search-medium",
            "search-hard",
        ]
    }

    fn decks(&self) -> Vec<Value> {
        self.decks
            .iter()
            .map(|d| {
                let name = d.name.clone().unwrap_or_else(|| file_stem(&d.origin));
                serde_json::json!({ "name": name, "race": d.race.map(|(r, _)| r.name()) })
            })
            .collect()
    }

    fn prepare(&self, seats: &[Value], options: &Value) -> Result<Prepared, Vec<SetupProblem>> {
        // The deck checks run on client text: a bug there must not take
        // the request down with a panic.
        let setup = catch_unwind(AssertUnwindSafe(|| self.setup(seats, options))).map_err(|_| {
            vec![SetupProblem::general(
                "the decks could not be checked (an internal error in the deck checks; please report it)",
            )]
        })??;
        let labels = setup
            .players
            .iter()
            .map(|s| s.race.display().to_string())
            .collect();
        let mut setup = serde_json::to_value(&setup)
            .map_err(|e| vec![SetupProblem::general(format!("set-up: {e}"))])?;
        // A card pack's table keeps the pack's file with it: it replays
        // the same even if the pack changes or goes.
        if let Some(p) = options.get("pack").filter(|p| !p.is_null()) {
            setup["pack"] = p.clone();
        }
        Ok(Prepared { setup, labels })
    }

    fn cards(&self) -> Vec<Value> {
        self.cards
            .get_or_init(|| {
                self.db
                    .iter()
                    .map(|(_, d)| {
                        serde_json::json!({ "name": d.name, "text": b5_present::card_text(d) })
                    })
                    .collect()
            })
            .clone()
    }

    fn check_deck(&self, list: &str, pack: Option<&str>) -> Option<Value> {
        let db = match pack {
            None => self.db.clone(),
            Some(file) => match self.pack_db(file) {
                Ok(db) => db,
                Err(p) => {
                    return Some(serde_json::json!({
                        "ok": false, "race": null, "cards": 0, "problems": [p],
                    }))
                }
            },
        };
        // The deck checks run on client text: a panic (a bug) becomes a
        // problem, never a failed request.
        let checked = catch_unwind(AssertUnwindSafe(|| {
            let deck = DeckList::parse(list, "deck list")?;
            Ok::<_, LoadError>((deck.check(&db), deck))
        }));
        let problem =
            |e: &LoadError| serde_json::to_value(deck_problem_any(e)).unwrap_or(Value::Null);
        Some(match checked {
            Ok(Ok((problems, deck))) => serde_json::json!({
                "ok": problems.is_empty(),
                "race": deck.race.map(|(r, _)| r.name()),
                "cards": deck.deck_size(),
                "problems": problems.iter().map(problem).collect::<Vec<_>>(),
            }),
            Ok(Err(e)) => serde_json::json!({
                "ok": false, "race": null, "cards": 0, "problems": [problem(&e)],
            }),
            Err(_) => serde_json::json!({
                "ok": false, "race": null, "cards": 0,
                "problems": [SetupProblem::general("the deck could not be checked (an internal error in the deck checks; please report it)")],
            }),
        })
    }

    fn check_pack(&self, file: &str) -> Option<Result<Vec<String>, Vec<SetupProblem>>> {
        // A client's text: a panic in the loader (a bug) is a refusal.
        let checked = catch_unwind(AssertUnwindSafe(|| {
            let defs =
                b5_cards::parse_card_file(file, "the card pack").map_err(|e| SetupProblem {
                    seat: None,
                    ..deck_problem(0, &e)
                })?;
            self.with_file(file)?;
            Ok(defs.into_iter().map(|d| d.name).collect())
        }));
        Some(
            checked
                .unwrap_or_else(|_| {
                    Err(SetupProblem::general(
                        "the card pack could not be checked (an internal error; please report it)",
                    ))
                })
                .map_err(|p| vec![p]),
        )
    }

    fn sandbox(&self, file: &str, card: &str) -> Option<Result<Prepared, Vec<SetupProblem>>> {
        // The file is a client's text: a bug in the loader or the engine
        // must not take the request down with a panic.
        let built = catch_unwind(AssertUnwindSafe(|| self.sandbox_game(file, card, 0)));
        Some(match built {
            Ok(Ok(game)) => Ok(Prepared {
                setup: serde_json::json!({ "sandbox": { "file": file, "card": card } }),
                labels: (0..game.num_players())
                    .map(|p| game.player(p as PlayerId).race.display().to_string())
                    .collect(),
            }),
            Ok(Err(p)) => Err(vec![p]),
            Err(_) => Err(vec![SetupProblem::general(
                "the sandbox could not be built (an internal error; please report it)",
            )]),
        })
    }

    fn new_game(&self, setup: &Value, seed: u64) -> Result<Box<dyn TableGame>, String> {
        if let Some(sb) = setup.get("sandbox") {
            let text = |k: &str| sb.get(k).and_then(Value::as_str).unwrap_or_default();
            let game = self
                .sandbox_game(text("file"), text("card"), seed)
                .map_err(|p| p.message)?;
            // A position may stand at a round's entry (the Conflict Round's
            // for a conflict): the game moves on to the first choice.
            let mut g = B5Game::new(game);
            g.settle(&mut Vec::new());
            return Ok(Box::new(g));
        }
        let db = self.db_for_setup(setup)?;
        let setup: Setup = serde_json::from_value(setup.clone()).map_err(|e| e.to_string())?;
        let lists_public = self.shipped_lists_only(&setup, &db);
        let game = Game::new(setup, db, seed).map_err(|e| e.to_string())?;
        let mut g = B5Game::new(game);
        g.lists_public = lists_public;
        Ok(Box::new(g))
    }
}

/// A Babylon 5 CCG game at a table.
pub struct B5Game {
    pub game: Game,
    /// What every connection asks of one game state, worked out once for
    /// it: reset whenever the game changes (`apply`) or is copied.
    once: Once,
    /// The public parts written lately, by a digest of what they were
    /// written from: a part an action did not change is not written again.
    /// Kept across actions, shared by copies (the table applies each
    /// action to a copy): found by what they hold, never by when; at most
    /// [`MEMO_PARTS`] a seat.
    memo: Arc<Mutex<Memo>>,
    /// Every seat plays a shipped deck, whose list anyone may read: a search
    /// player's advice, which counts on the decks' lists (see
    /// [`Game::determinize`]), tells a player nothing he could not know.
    lists_public: bool,
}

/// Parts written lately, by the digest of what they were written from,
/// the last used last.
type Memo = VecDeque<(u128, Arc<ViewText>)>;

/// Parts a game keeps written, per seat: its public part as anyone sees
/// it and as its own player does, its hand, one for the members every seat
/// shares (the conflicts) or its reserve, and one to spare.
const MEMO_PARTS: usize = 4;

/// What is worked out once per game state.
#[derive(Default)]
struct Once {
    /// Each player's public part as seen by every viewer who sees it as
    /// anyone does (`Game::public_part_is_common`), written by the first
    /// connection that needs it.
    common: OnceLock<Vec<Option<Arc<ViewText>>>>,
    /// Each seat's legal actions (for its menu and its message).
    legal: [OnceLock<Vec<Action>>; MAX_PLAYERS],
}

impl Clone for B5Game {
    fn clone(&self) -> B5Game {
        B5Game {
            game: self.game.clone(),
            once: Once::default(),
            memo: self.memo.clone(),
            lists_public: self.lists_public,
        }
    }
}

/// A seat's view with its menu when it has a choice to make.
#[derive(serde::Serialize)]
struct SeatView<'a> {
    #[serde(flatten)]
    view: &'a PlayerView,
    #[serde(skip_serializing_if = "Option::is_none")]
    menu: Option<b5_present::Menu>,
}

impl B5Game {
    pub fn new(game: Game) -> B5Game {
        B5Game {
            game,
            once: Once::default(),
            memo: Arc::default(),
            lists_public: true,
        }
    }

    /// Seat `p`'s legal actions in this game state.
    fn legal(&self, p: PlayerId) -> &[Action] {
        match self.once.legal.get(p as usize) {
            Some(l) => l.get_or_init(|| self.game.legal_actions(p)),
            None => &[],
        }
    }

    /// A seat's view with its menu when it has a choice to make (as
    /// `view` has it).
    fn seat_view<'a>(&self, view: &'a PlayerView, p: PlayerId) -> SeatView<'a> {
        let menu = self
            .game
            .is_pending(p)
            .then(|| b5_present::menu(&self.game, p, self.legal(p)));
        SeatView { view, menu }
    }

    /// Player `p`'s public part as `viewer` sees it, written as the element
    /// of the view's `players` it is; the same text as before when nothing
    /// in it changed.
    fn public_part(&self, p: PlayerId, viewer: PlayerId) -> Option<Arc<ViewText>> {
        let part = self.game.player_public(p, viewer);
        self.kept(digest128(&("players", &part)), || {
            ViewText::write(&part, 2, 4096)
        })
    }

    /// A top-level member of a seat's view (its hand, its reserve, the
    /// conflicts), written apart; the same text as before when nothing in
    /// it changed.
    fn member<T: serde::Serialize + Hash>(&self, key: &str, v: &T) -> Option<Piece> {
        let text = self.kept(digest128(&(key, v)), || ViewText::member(v, key, 1024))?;
        Some(Piece::One(text))
    }

    /// The text kept for `key` (a 128-bit digest of what it is written
    /// from: two different values taken for the same is a chance of one in
    /// 2^128), or `write`'s, kept.
    fn kept(&self, key: u128, write: impl FnOnce() -> Option<ViewText>) -> Option<Arc<ViewText>> {
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = memo.iter().position(|(k, _)| *k == key) {
            // Used now: the last to be dropped.
            let hit = memo.remove(i)?;
            let text = hit.1.clone();
            memo.push_back(hit);
            return Some(text);
        }
        drop(memo);
        let mut text = write()?;
        text.shrink_to_fit();
        let text = Arc::new(text);
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        memo.push_back((key, text.clone()));
        while memo.len() > MEMO_PARTS * self.game.num_players() {
            memo.pop_front();
        }
        Some(text)
    }
}

/// A 128-bit XXH3 digest of `v` as `Hash` feeds it: the bytes gathered
/// first and digested at once (feeding a streaming digest field by field
/// costs several times more).
fn digest128<T: Hash>(v: &T) -> u128 {
    struct Gather(Vec<u8>);
    impl std::hash::Hasher for Gather {
        fn write(&mut self, bytes: &[u8]) {
            self.0.extend_from_slice(bytes);
        }
        fn finish(&self) -> u64 {
            xxh3_64(&self.0)
        }
    }
    let mut g = Gather(Vec::with_capacity(2048));
    v.hash(&mut g);
    xxh3_128(&g.0)
}

/// `v` as JSON text, written into a buffer of `capacity` bytes to start
/// with (a view's parts are kilobytes: no growing from nothing).
fn json_text<T: serde::Serialize>(v: &T, capacity: usize) -> Option<String> {
    let mut out = Vec::with_capacity(capacity);
    serde_json::to_writer(&mut out, v).ok()?;
    // serde_json writes UTF-8 only.
    String::from_utf8(out).ok()
}

/// The events of one action as every viewer reads them, written when the
/// action is applied: for each seat and (last) for spectators, the events
/// as that viewer may see them and their sentences, as JSON text; equal
/// texts are one (shared). A table keeps its last changes for clients
/// that reconnect; every connection sends them as they are.
struct B5Logged {
    events: Vec<Arc<str>>,
    logs: Vec<Arc<str>>,
}

impl B5Logged {
    /// `events` (of one action, `context`: what the game waited for before
    /// it) written for every viewer of `after` (the game after them).
    fn write(after: &Game, events: &[Event], context: &str) -> B5Logged {
        let seats = after.num_players();
        let (mut texts, mut logs): (Vec<Arc<str>>, Vec<Arc<str>>) = (Vec::new(), Vec::new());
        for i in 0..=seats {
            let viewer = if i < seats { i as PlayerId } else { SPECTATOR };
            let seen: Vec<Event> = events.iter().map(|e| e.for_viewer(viewer)).collect();
            let text = serde_json::to_string(&seen).unwrap_or_else(|_| "[]".into());
            // The sentences are written from the events as this viewer
            // may see them.
            let log = b5_present::sentences(after, viewer, events, context);
            let log = serde_json::to_string(&log).unwrap_or_else(|_| "[]".into());
            texts.push(shared(&texts, text));
            logs.push(shared(&logs, log));
        }
        B5Logged {
            events: texts,
            logs,
        }
    }

    fn slot(&self, viewer: Viewer) -> usize {
        let spectators = self.events.len().saturating_sub(1);
        match viewer {
            Viewer::Seat(s) if s < spectators => s,
            _ => spectators,
        }
    }
}

/// `text`, as the same text already in `kept` when there is one.
fn shared(kept: &[Arc<str>], text: String) -> Arc<str> {
    match kept.iter().find(|k| ***k == *text) {
        Some(k) => k.clone(),
        None => text.into(),
    }
}

impl GameEvents for B5Logged {
    fn for_viewer(&self, viewer: Viewer) -> Value {
        serde_json::from_str(&self.events_text(viewer)).unwrap_or(Value::Array(Vec::new()))
    }

    fn log(&self, viewer: Viewer) -> Vec<String> {
        serde_json::from_str(&self.log_text(viewer)).unwrap_or_default()
    }

    fn events_text(&self, viewer: Viewer) -> Arc<str> {
        let i = self.slot(viewer);
        self.events.get(i).cloned().unwrap_or_else(|| "[]".into())
    }

    fn log_text(&self, viewer: Viewer) -> Arc<str> {
        let i = self.slot(viewer);
        self.logs.get(i).cloned().unwrap_or_else(|| "[]".into())
    }
}

fn player_id(viewer: Viewer) -> PlayerId {
    match viewer {
        Viewer::Seat(s) if s < MAX_PLAYERS => s as PlayerId,
        _ => SPECTATOR,
    }
}

/// Removes from a view everything a spectator may not see. The engine's
/// view for a non-seat already hides all of it; this makes sure of it by
/// construction: no hand, no face-down conflict's identity, no hidden
/// agenda's card, no contingency's card.
fn scrub_spectator(v: &mut Value) {
    if let Value::Object(o) = v {
        o.insert("hand".into(), Value::Array(Vec::new()));
        o.insert("viewer".into(), Value::Null);
        if let Some(Value::Array(conflicts)) = o.get_mut("conflicts") {
            for c in conflicts {
                if c.get("face_down") == Some(&Value::Bool(true)) {
                    if let Value::Object(c) = c {
                        for k in ["name", "card", "kind", "target"] {
                            c.insert(k.into(), Value::Null);
                        }
                        c.insert("participants".into(), Value::Array(Vec::new()));
                    }
                }
            }
        }
        if let Some(Value::Array(players)) = o.get_mut("players") {
            for p in players {
                if let Some(a) = p.get_mut("agenda") {
                    if a.get("Hidden").is_some() {
                        *a = serde_json::json!({ "Hidden": null });
                    }
                }
            }
        }
    }
    scrub_contingencies(v);
}

fn scrub_contingencies(v: &mut Value) {
    match v {
        Value::Object(o) => {
            let own = match o.get_mut("own_contingencies") {
                Some(Value::Array(a)) => std::mem::take(a).len(),
                _ => 0,
            };
            if own > 0 {
                if let Some(Value::Number(n)) = o.get("hidden_contingencies") {
                    let total = n.as_u64().unwrap_or(0) + own as u64;
                    o.insert("hidden_contingencies".into(), Value::from(total));
                }
            }
            for (_, x) in o.iter_mut() {
                scrub_contingencies(x);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(scrub_contingencies),
        _ => {}
    }
}

impl B5Game {
    /// Runs the game on past round entries where it stands with nobody to
    /// choose (only when the engine pauses there).
    fn settle(&mut self, events: &mut Vec<Event>) {
        while !self.game.is_over() && self.game.at_round_entry().is_some() {
            events.extend(self.game.proceed());
        }
    }
}

impl TableGame for B5Game {
    fn seats(&self) -> usize {
        self.game.num_players()
    }

    fn view(&self, viewer: Viewer) -> Value {
        let p = player_id(viewer);
        let view = self.game.view(p);
        if p == SPECTATOR || matches!(viewer, Viewer::Seat(s) if s >= self.seats()) {
            let mut v = serde_json::to_value(view).unwrap_or(Value::Null);
            scrub_spectator(&mut v);
            v
        } else {
            // The seat's choices grouped by card, labelled with their real
            // costs (b5-present: the same menu as `b5 play`); only for the
            // seat itself, and only when it has a choice to make.
            serde_json::to_value(self.seat_view(&view, p)).unwrap_or(Value::Null)
        }
    }

    fn view_text(&self, viewer: Viewer) -> String {
        // A seat's own view, written straight from the engine's type.
        match viewer {
            Viewer::Seat(s) if s < self.seats() => {
                let (p, view) = (s as PlayerId, self.game.view(s as PlayerId));
                json_text(&self.seat_view(&view, p), 8192)
            }
            _ => None,
        }
        .unwrap_or_else(|| self.view(viewer).to_string())
    }

    fn view_parts(&self, viewer: Viewer) -> View {
        let n = self.seats();
        let seat = match viewer {
            Viewer::Seat(s) if s < n => s as PlayerId,
            _ => return ViewText::read(self.view_text(viewer)).into(),
        };
        // Each card's abilities worked out once for all the parts below.
        let _held = self.game.hold_abilities();
        // The other players' public parts as anyone sees them, written
        // once for every viewer; the seat's own, and those it sees more of
        // (its contingencies), for it alone.
        let common = self.once.common.get_or_init(|| {
            (0..n as PlayerId)
                .map(|p| self.public_part(p, SPECTATOR))
                .collect()
        });
        let parts: Option<Vec<Arc<ViewText>>> = (0..n as PlayerId)
            .map(|p| match self.game.public_part_is_common(p, seat) {
                true => common.get(p as usize)?.clone(),
                false => self.public_part(p, seat),
            })
            .collect();
        let made = parts.and_then(|parts| {
            // The hand, the reserve and the conflicts written apart and
            // kept: most actions change none of them.
            let mut view = self.game.view_but_players(seat);
            let hand = self.member("hand", &std::mem::take(&mut view.hand))?;
            let reserve = self.member("reserve", &std::mem::take(&mut view.reserve))?;
            let conflicts = self.member("conflicts", &std::mem::take(&mut view.conflicts))?;
            ViewText::write(&self.seat_view(&view, seat), 0, 1024)?.with_pieces(vec![
                ("players", Piece::Items(parts)),
                ("hand", hand),
                ("reserve", reserve),
                ("conflicts", conflicts),
            ])
        });
        made.unwrap_or_else(|| ViewText::read(self.view_text(viewer)).into())
    }

    fn legal_actions(&self, seat: usize) -> Vec<Value> {
        if seat >= self.seats() {
            return Vec::new();
        }
        crate::game::actions_json(self.legal(seat as PlayerId))
    }

    fn to_act(&self) -> Vec<usize> {
        self.game.pending().iter().map(|&p| p as usize).collect()
    }

    fn apply(&mut self, seat: usize, action: &Value) -> Result<Box<dyn GameEvents>, ActionError> {
        self.once = Once::default();
        let a: Action = crate::game::parse_action(self.seats(), seat, action)?;
        let context = self.game.waiting_for();
        let applied = crate::game::guarded(|| self.game.apply(seat as PlayerId, a))?;
        let mut events: Vec<Event> = applied
            .map_err(|e| ActionError {
                message: e.message,
                rule: Some(e.rule.to_string()),
            })?
            .into_iter()
            .collect();
        self.settle(&mut events);
        Ok(Box::new(B5Logged::write(&self.game, &events, &context)))
    }

    fn finished(&self) -> bool {
        self.game.is_over()
    }

    fn winners(&self) -> Vec<usize> {
        self.game.winners().iter().map(|&p| p as usize).collect()
    }

    fn digest(&self) -> u64 {
        self.game.digest()
    }

    fn turn(&self) -> u32 {
        self.game.turn()
    }

    fn clone_game(&self) -> Box<dyn TableGame> {
        Box::new(self.clone())
    }

    fn why(&self, seat: usize) -> Vec<Value> {
        if seat >= self.seats() {
            return Vec::new();
        }
        b5_present::why(&self.game, seat as PlayerId)
            .into_iter()
            .map(|w| serde_json::json!({ "action": w.action, "actions": w.actions, "reason": w.reason, "rule": w.rule }))
            .collect()
    }

    fn label(&self, seat: usize, action: &Value) -> Option<String> {
        let a: Action = serde_json::from_value(action.clone()).ok()?;
        let p = seat as PlayerId;
        let legal = self.legal(p);
        let menu = b5_present::menu(&self.game, p, legal);
        menu.groups
            .iter()
            .flat_map(|g| g.choices.iter().map(move |c| (g, c)))
            .find(|(_, c)| c.action == a)
            .map(|(g, c)| format!("{}: {}", g.title, c.label))
            .or_else(|| Some(self.game.describe_action(&a)))
    }

    fn bot_action(&self, seat: usize, bot: &str, seed: u64) -> Option<Value> {
        if seat >= self.seats() {
            return None;
        }
        let p = seat as PlayerId;
        let legal = self.legal(p);
        if legal.is_empty() {
            return None;
        }
        let a = match bot {
            "greedy" => GreedyBot::new(seed).choose(&self.game, p, legal),
            "random" => RandomBot::new(seed).choose(&self.game, p, legal),
            strength => {
                let settings = search_settings(strength)?;
                SearchBot::with_settings(seed, settings).choose(&self.game, p, legal)
            }
        };
        serde_json::to_value(a).ok()
    }

    fn lists_public(&self) -> bool {
        self.lists_public
    }

    fn chances(&self, seed: u64) -> Option<Vec<f64>> {
        Some(b5_players::chances_at(&self.game, seed, CHART_ITERATIONS))
    }

    fn bot_estimates(&self, seat: usize, bot: &str, seed: u64) -> Option<Vec<(Value, f64)>> {
        let settings = search_settings(bot)?;
        let p = PlayerId::try_from(seat)
            .ok()
            .filter(|_| seat < self.seats())?;
        let legal = self.legal(p);
        if legal.len() < 2 {
            return None;
        }
        let estimates = SearchBot::with_settings(seed, settings).analyse(&self.game, p, legal);
        Some(
            estimates
                .iter()
                .filter_map(|e| Some((serde_json::to_value(e.action).ok()?, e.value)))
                .collect(),
        )
    }
}

/// Iterations of each turn's estimate in a finished game's chart (the easy
/// search player's: some milliseconds a turn).
const CHART_ITERATIONS: u32 = 300;

/// The search player's strengths at a table: iterations a decision (one
/// iteration is some tens of microseconds on one core: about 0.02, 0.06
/// and 0.2 s a decision with several choices between two players, about
/// twice that at three or more, where each iteration plays out 10
/// random decisions: `default_horizon`).
fn search_settings(strength: &str) -> Option<SearchSettings> {
    let iterations = match strength {
        "search-easy" => 300,
        "search-medium" => 1000,
        "search-hard" => 3000,
        _ => return None,
    };
    Some(SearchSettings {
        budget: Budget::Iterations(iterations),
        ..SearchSettings::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn public_parts_an_action_did_not_change_are_not_written_again() {
        let kind = B5Kind::open_set().unwrap();
        let seats: Vec<Value> = ["narn", "minbari", "centauri", "human", "non-aligned"]
            .iter()
            .map(|d| json!({ "player": "greedy", "deck": d }))
            .collect();
        let setup = kind.setup(&seats, &json!({})).unwrap();
        let mut g = B5Game::new(Game::new(setup, kind.db().clone(), 3).unwrap());
        let (mut kept, mut written) = (0, 0);
        for i in 0..120 {
            if g.finished() {
                break;
            }
            let before: Vec<Arc<ViewText>> = (0..5)
                .map(|p| g.public_part(p, SPECTATOR).unwrap())
                .collect();
            let s = g.to_act()[0];
            let a = g.bot_action(s, "greedy", i).unwrap();
            // As the table does: the action applied to a copy.
            let mut next = g.clone();
            next.apply(s, &a).unwrap();
            g = next;
            for (p, was) in before.iter().enumerate() {
                let p = p as PlayerId;
                let now = g.public_part(p, SPECTATOR).unwrap();
                let fresh = ViewText::write(&g.game.player_public(p, SPECTATOR), 2, 0).unwrap();
                assert_eq!(*now, fresh, "player {p} after action {i}");
                if Arc::ptr_eq(&now, was) {
                    kept += 1;
                } else {
                    written += 1;
                }
            }
        }
        assert!(kept > 3 * written, "kept {kept}, written again {written}");
        assert!(written > 0);
    }

    /// An action's events and sentences, written once for every viewer
    /// when it is applied, are each viewer's own (as the engine filters
    /// them for that viewer), and equal texts are one.
    #[test]
    fn events_are_written_once_per_viewer_as_each_may_see_them() {
        let kind = B5Kind::open_set().unwrap();
        let seats: Vec<Value> = ["narn", "minbari", "centauri"]
            .iter()
            .map(|d| json!({ "player": "greedy", "deck": d }))
            .collect();
        let setup = kind.setup(&seats, &json!({})).unwrap();
        let mut g = Game::new(setup, kind.db().clone(), 9).unwrap();
        let (mut hidden, mut shared_texts) = (0, 0);
        for i in 0..150u64 {
            if g.is_over() {
                break;
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            let a = GreedyBot::new(i).choose(&g, p, &legal);
            let context = g.waiting_for();
            let events = g.apply(p, a).unwrap();
            let logged = B5Logged::write(&g, &events, &context);
            for slot in 0..=3usize {
                let (viewer, id) = match slot {
                    3 => (Viewer::Spectator, SPECTATOR),
                    s => (Viewer::Seat(s), s as PlayerId),
                };
                let seen: Vec<Event> = events.iter().map(|e| e.for_viewer(id)).collect();
                assert_eq!(
                    logged.for_viewer(viewer),
                    serde_json::to_value(&seen).unwrap()
                );
                let log = b5_present::sentences(&g, id, &events, &context);
                assert_eq!(logged.log(viewer), log);
            }
            let texts: Vec<Arc<str>> = (0..3)
                .map(|s| logged.events_text(Viewer::Seat(s)))
                .collect();
            if texts.iter().any(|t| *t != texts[0]) {
                hidden += 1;
            }
            shared_texts += texts.iter().filter(|t| Arc::ptr_eq(t, &texts[0])).count() - 1;
        }
        // Some actions show a seat what the others do not see (a card
        // drawn); most texts are shared.
        assert!(hidden > 0, "no action showed the seats different events");
        assert!(shared_texts > 100, "{shared_texts} shared");
    }
}
