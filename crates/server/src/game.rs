//! The games a table can host, behind two small traits, so that the server,
//! the store and the protocol know nothing of any one game:
//!
//! - [`GameKind`]: one per game (the Babylon 5 CCG, later Babylon 5
//!   Empires): checks a table request's seats into a stored set-up, builds a
//!   game from a set-up and a seed, and replays a game from its action log;
//! - [`TableGame`]: one game in progress: seats, views, legal actions,
//!   apply, events as a viewer may see them, digest, computer players.
//!
//! Everything crosses these traits as JSON ([`serde_json::Value`]): the
//! set-up and the actions are stored as JSON, views and events are sent as
//! JSON. A game is its set-up, its seed and its action log; everything else
//! (restarts, reconnects, replays) follows from the deterministic engine.

use serde::Serialize;
use serde_json::Value;

/// Who is looking: a seat (0-based) or a spectator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    Seat(usize),
    Spectator,
}

/// An action the game refuses, with the state unchanged: the engine's
/// message and, when it cites one, the rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct ActionError {
    pub message: String,
    pub rule: Option<String>,
}

impl ActionError {
    pub fn new(message: impl Into<String>) -> ActionError {
        ActionError {
            message: message.into(),
            rule: None,
        }
    }
}

/// A problem in a table request's seats or options (a deck list that does
/// not parse or is not legal, an unknown deck, ...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetupProblem {
    /// The seat concerned (0-based), if any.
    pub seat: Option<usize>,
    /// The line of a pasted deck list, when known (1-based).
    pub line: Option<usize>,
    /// The field concerned, when known.
    pub field: Option<String>,
    pub message: String,
}

impl SetupProblem {
    pub fn general(message: impl Into<String>) -> SetupProblem {
        SetupProblem {
            seat: None,
            line: None,
            field: None,
            message: message.into(),
        }
    }

    /// The problem in one line: "seat 1: line 3: ..." (as much of it as
    /// is known).
    pub fn one_line(&self) -> String {
        let mut s = String::new();
        if let Some(seat) = self.seat {
            s.push_str(&format!("seat {seat}: "));
        }
        if let Some(l) = self.line {
            s.push_str(&format!("line {l}: "));
        }
        s.push_str(&self.message);
        s
    }

    pub fn seat(seat: usize, message: impl Into<String>) -> SetupProblem {
        SetupProblem {
            seat: Some(seat),
            line: None,
            field: None,
            message: message.into(),
        }
    }
}

/// A checked table request: what to store and what the lobby may show.
#[derive(Clone, Debug, PartialEq)]
pub struct Prepared {
    /// The set-up (decks, options), stored with the table. It may hold
    /// secrets (deck lists): it is never sent to a client.
    pub setup: Value,
    /// One public label per seat for the lobby (for the B5 CCG: the race).
    pub labels: Vec<String>,
}

/// A game's replay from its log went wrong: the log does not fit the
/// set-up, or a stored digest differs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the set-up does not build a game: {0}")]
    Setup(String),
    #[error("action {seq} (seat {seat}) is refused on replay: {message}")]
    Refused {
        seq: u64,
        seat: usize,
        message: String,
    },
    #[error("the digest after action {seq} is {found:016x}, the log says {stored:016x}")]
    Digest { seq: u64, found: u64, stored: u64 },
    #[error("log entry {seq} undoes action {target}, which is not in effect")]
    Undo { seq: u64, target: u64 },
}

/// A game's actions as the protocol's JSON (`legal_actions`).
pub fn actions_json<A: Serialize>(actions: &[A]) -> Vec<Value> {
    actions
        .iter()
        .filter_map(|a| serde_json::to_value(a).ok())
        .collect()
}

/// The action a client sent for `seat` (of `seats`), read as the game's own
/// action type, or the refusal that says what is wrong with it.
pub fn parse_action<A: serde::de::DeserializeOwned>(
    seats: usize,
    seat: usize,
    action: &Value,
) -> Result<A, ActionError> {
    if seat >= seats {
        return Err(ActionError::new(format!("there is no seat {seat}")));
    }
    serde_json::from_value(action.clone())
        .map_err(|e| ActionError::new(format!("not an action of this game: {e}")))
}

/// Runs a rules engine's `apply`. The server applies actions to a copy of
/// the game and drops it on an error, so even a panic in the engine (a
/// bug) leaves the table as it was: it becomes a refusal here.
pub fn guarded<T>(apply: impl FnOnce() -> T) -> Result<T, ActionError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(apply)).map_err(|_| {
        ActionError::new(
            "the rules engine failed on this action (an internal error; please report it)",
        )
    })
}

/// The events of one applied action (and of everything the game did on its
/// own after it), as each viewer may see them.
pub trait GameEvents: Send + Sync {
    /// The events as `viewer` may see them: a JSON array.
    fn for_viewer(&self, viewer: Viewer) -> Value;
    /// The same events as sentences for `viewer` (the game's own log; empty
    /// for a game that writes none).
    fn log(&self, viewer: Viewer) -> Vec<String> {
        let _ = viewer;
        Vec::new()
    }
    /// The same events kept small, for a table's recent changes: what
    /// `for_viewer` and `log` need and nothing more (None: these events
    /// are small already). A game's events may hold the game after them to
    /// write their sentences; a table keeps its last changes' events, and
    /// must not keep that many games.
    fn compact(&self) -> Option<std::sync::Arc<dyn GameEvents>> {
        None
    }
    /// `for_viewer` as JSON text. A game may keep it written (every
    /// connection of a table writes each change for its viewer).
    fn events_text(&self, viewer: Viewer) -> std::sync::Arc<str> {
        self.for_viewer(viewer).to_string().into()
    }
    /// `log` as JSON text (an array of strings); kept written as
    /// `events_text` may be.
    fn log_text(&self, viewer: Viewer) -> std::sync::Arc<str> {
        serde_json::to_string(&self.log(viewer))
            .unwrap_or_else(|_| "[]".into())
            .into()
    }
}

/// One game in progress.
pub trait TableGame: Send + Sync {
    /// Number of seats.
    fn seats(&self) -> usize;
    /// What `viewer` may see: for a seat, only that seat's view; for a
    /// spectator, only what is public (no hands, no face-down cards, no
    /// hidden agendas or contingencies).
    fn view(&self, viewer: Viewer) -> Value;
    /// The same view as JSON text. A game may write it straight from its
    /// own types (no `Value` between: building one cost most of the
    /// server's time under load); by default, `view` as text.
    fn view_text(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }
    /// The same view with its parts read, for view patches
    /// (`patch.rs`). A game may build the parts every viewer shares once
    /// per game; by default, `view_text` read.
    fn view_parts(&self, viewer: Viewer) -> crate::patch::View {
        crate::patch::ViewText::read(self.view_text(viewer)).into()
    }
    /// The legal actions of `seat` now (empty when it has no choice).
    fn legal_actions(&self, seat: usize) -> Vec<Value>;
    /// The seats with a choice to make now.
    fn to_act(&self) -> Vec<usize>;
    /// Carries out `action` for `seat`, or refuses it. The server always
    /// applies to a copy ([`TableGame::clone_game`]) and keeps the copy
    /// only on success.
    fn apply(&mut self, seat: usize, action: &Value) -> Result<Box<dyn GameEvents>, ActionError>;
    fn finished(&self) -> bool;
    /// The winning seats (empty while playing, or for a game with no winner).
    fn winners(&self) -> Vec<usize>;
    /// A fingerprint of the whole state: replays compare it.
    fn digest(&self) -> u64;
    /// The current turn, for the lobby.
    fn turn(&self) -> u32;
    fn clone_game(&self) -> Box<dyn TableGame>;
    /// The computer player `bot`'s choice for `seat` (None when `seat` has
    /// no choice or `bot` is unknown). May take a while: the server calls
    /// it on the blocking pool, never on the async runtime.
    fn bot_action(&self, seat: usize, bot: &str, seed: u64) -> Option<Value>;
    /// Whether every deck's list is public (shipped decks): a searching
    /// player deals hidden cards again from the decks' lists, so its advice
    /// to a player is given only then (the greedy player's otherwise).
    fn lists_public(&self) -> bool {
        true
    }
    /// A searching computer player's best choices for `seat`, best first,
    /// each with its estimated chance to win (0 to 1); None for a player
    /// that does not estimate, or no choice. Slow like `bot_action`.
    fn bot_estimates(&self, seat: usize, bot: &str, seed: u64) -> Option<Vec<(Value, f64)>> {
        let _ = (seat, bot, seed);
        None
    }
    /// Every seat's estimated chance to win now (0 to 1), as the game's
    /// searching player sees it from the seat that decides next: a point of
    /// a finished game's chart (`GET /api/tables/{id}/estimates`). None for
    /// a game whose players do not estimate. Slow like `bot_action`.
    fn chances(&self, seed: u64) -> Option<Vec<f64>> {
        let _ = seed;
        None
    }
    /// Why familiar actions are not on offer to `seat` now:
    /// `[{"action", "reason", "rule"}]` (empty for a game that cannot say).
    fn why(&self, seat: usize) -> Vec<Value> {
        let _ = seat;
        Vec::new()
    }
    /// One of `seat`'s legal actions in words, as the game labels it (None
    /// when the game has no words for it).
    fn label(&self, seat: usize, action: &Value) -> Option<String> {
        let _ = (seat, action);
        None
    }
}

/// A game the server can host.
pub trait GameKind: Send + Sync {
    /// Its name in requests and in the store ("b5ccg").
    fn name(&self) -> &'static str;
    /// The computer players it offers ("greedy", "random").
    fn bots(&self) -> &'static [&'static str];
    /// The decks it ships, for a table request's seats (`GET /api`):
    /// `[{"name", "race"}]`, a seat's `deck` naming one by its name. None
    /// for a game without decks.
    fn decks(&self) -> Vec<Value> {
        Vec::new()
    }
    /// Checks a table request: `seats` are the request's seat objects (the
    /// game reads its own fields, such as `deck`), `options` the request's
    /// `options` object (or null).
    fn prepare(&self, seats: &[Value], options: &Value) -> Result<Prepared, Vec<SetupProblem>>;
    /// A new game from a stored set-up and a seed.
    fn new_game(&self, setup: &Value, seed: u64) -> Result<Box<dyn TableGame>, String>;

    /// The game's cards, public: `[{"name": ..., "text": ...}]` (empty for
    /// a game without cards).
    fn cards(&self) -> Vec<Value> {
        Vec::new()
    }

    /// Checks one deck list as a seat's deck would be checked (with the
    /// card pack's file `pack` on top of the game's cards, if given):
    /// `{"ok", "race", "cards", "problems"}`; None for a game without decks.
    fn check_deck(&self, list: &str, pack: Option<&str>) -> Option<Value> {
        let _ = (list, pack);
        None
    }

    /// Checks a card pack, a card file a player offers to the server's
    /// tables (`b5 serve --card-packs DIR`): the names of its cards, or what
    /// is wrong with it (its line when known). None: the game has no card
    /// files.
    fn check_pack(&self, file: &str) -> Option<Result<Vec<String>, Vec<SetupProblem>>> {
        let _ = file;
        None
    }

    /// A sandbox to try the card named `card` of a player's own card file
    /// `file` in (`POST /api/cards/try`): a set-up that
    /// [`GameKind::new_game`] builds (it holds the file: a sandbox is never
    /// stored) and the seats' labels, or what is wrong (the file's line
    /// when known). None: the game has no card files.
    fn sandbox(&self, file: &str, card: &str) -> Option<Result<Prepared, Vec<SetupProblem>>> {
        let _ = (file, card);
        None
    }

    /// A finished game as a file for the game's own tools (for the B5 CCG:
    /// a save file that `b5 replay` reads), from its set-up, seed and the
    /// actions in effect. None: the server offers its generic record.
    fn save_file(&self, setup: &Value, seed: u64, actions: &[(usize, Value)]) -> Option<String> {
        let _ = (setup, seed, actions);
        None
    }

    /// A game rebuilt from its set-up, seed and log of `(seat, action,
    /// digest after it)`, checking every digest.
    fn replay(
        &self,
        setup: &Value,
        seed: u64,
        log: &[(usize, Value, u64)],
    ) -> Result<Box<dyn TableGame>, ReplayError> {
        let mut g = self.new_game(setup, seed).map_err(ReplayError::Setup)?;
        for (i, (seat, action, digest)) in log.iter().enumerate() {
            let seq = i as u64;
            g.apply(*seat, action).map_err(|e| ReplayError::Refused {
                seq,
                seat: *seat,
                message: e.message,
            })?;
            let found = g.digest();
            if found != *digest {
                return Err(ReplayError::Digest {
                    seq,
                    found,
                    stored: *digest,
                });
            }
        }
        Ok(g)
    }
}
