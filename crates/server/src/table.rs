//! One table in memory: its game, its log, its seats, its recent changes,
//! the channel that tells connected clients of each change, and the task
//! that plays its computer seats.
//!
//! Every change goes through [`Table::submit`], under the table's lock:
//! check `seq`, apply the action to a copy of the game, commit it to the
//! store, and only then make the copy current, acknowledge and broadcast.
//! So a refused action or a failed commit leaves the table untouched, and
//! two requests can never both take the same `seq`.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex as StdMutex, Weak};
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{json, Value};
use tokio::sync::{broadcast, Mutex, Notify};

use crate::game::{ActionError, GameEvents, GameKind, TableGame, Viewer};
use crate::secret;
use crate::store::{
    self, ChatLine, Ended, LoggedAction, PendingUndo, Store, StoreError, Write, CHAT_BYTES_MAX,
    CHAT_KEPT, CHAT_LINES_MAX,
};

/// How many recent changes (their events) a table keeps for clients that
/// reconnect (older gaps are filled with a fresh view instead).
pub const HISTORY: usize = 64;
/// The broadcast channel's capacity: a client further behind catches up
/// from the history.
pub const CHANNEL: usize = 32;

/// One change of a table: the table now stands at `seq`, with the events
/// of the change and the game after it. The game is held weakly: only the
/// table's current game stays in memory (recent changes keep their events
/// only), so a table costs one game however many clients lag behind.
pub struct Change {
    pub seq: u64,
    pub events: Arc<dyn GameEvents>,
    pub game: Option<Weak<dyn TableGame>>,
}

/// A seat in memory.
pub struct Seat {
    /// "human" or a computer player's name.
    pub player: String,
    pub label: String,
    pub invitation_hash: Option<[u8; 32]>,
    pub token_hash: Option<[u8; 32]>,
    pub name: Option<String>,
    /// Away: the greedy computer player plays the seat meanwhile.
    pub away: bool,
    pub bucket: Bucket,
    /// The seat's open WebSockets (its player's pages and terminals), for
    /// its presence; not stored.
    pub connections: usize,
}

impl Seat {
    pub fn is_human(&self) -> bool {
        self.player == "human"
    }

    /// The computer player acting for this seat now, if any.
    pub fn bot(&self) -> Option<&str> {
        if !self.is_human() {
            Some(&self.player)
        } else if self.away {
            Some("greedy")
        } else {
            None
        }
    }
}

/// A token bucket: `rate` actions per second, bursts of up to `rate` (at
/// least 1).
pub struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    pub fn new(rate: u32) -> Bucket {
        Bucket {
            tokens: rate.max(1) as f64,
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, rate: u32) -> bool {
        let cap = rate.max(1) as f64;
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * rate as f64).min(cap);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

pub struct TableInner {
    pub game: Arc<dyn TableGame>,
    /// Log entries so far (the next one is number `seq`).
    pub seq: u64,
    /// Every log entry: `(seat, action)` (the action as compact JSON text:
    /// a tenth of a `Value`'s memory), or None for an undo; to answer a
    /// resent action and to rebuild the game after an undo.
    pub log: Vec<Option<LogEntry>>,
    /// The seqs of the actions in effect (not undone), in order.
    pub effective: Vec<u64>,
    /// The most recent changes, oldest first.
    pub history: VecDeque<Arc<Change>>,
    pub seats: Vec<Seat>,
    /// An undo asked for and not yet answered: the table waits meanwhile.
    pub undo: Option<UndoRequest>,
    /// The last chat lines, and how many lines in all.
    pub chat: VecDeque<ChatLine>,
    pub chat_count: u64,
    /// The bytes of text of all its chat lines (bounded: `CHAT_BYTES_MAX`).
    pub chat_bytes: u64,
    /// Why the table ended before its game did (`expiry.rs`), if it did.
    pub ended: Option<Ended>,
    /// When a human last joined, acted or wrote here (the table's creation
    /// until then), in milliseconds since the Unix epoch; kept in the
    /// store too, so that it survives a restart.
    pub active_at: i64,
    /// The time of `active_at` the store holds: an action writes it at most
    /// once every [`ACTIVE_STORED_EVERY_MS`].
    pub active_stored: i64,
    /// Open seats: anyone may take a free human seat without an invitation.
    pub open_seats: bool,
    /// The computer players' pace at this table: the pause before each of
    /// their actions (None: the server's `--bot-delay-ms`).
    pub bot_pace: Option<Duration>,
}

/// How often an action writes the time of the last human action to the
/// store: once a minute, not once an action (a write to the table's row
/// beside each action's). A table is abandoned after hours without one
/// (`--abandoned-hours`), so after a restart it may run on for up to a
/// minute more.
pub const ACTIVE_STORED_EVERY_MS: i64 = 60_000;

/// One action of a table's log: its seat and the action as JSON text.
pub type LogEntry = (usize, Box<str>);

/// An action as a log entry keeps it.
pub fn log_entry(seat: usize, action: &Value) -> LogEntry {
    (seat, action.to_string().into_boxed_str())
}

/// The actions in effect, as the game takes them, from the log.
pub fn actions_in_effect(log: &[Option<LogEntry>], effective: &[u64]) -> Vec<(usize, Value)> {
    effective
        .iter()
        .filter_map(|&q| log.get(q as usize).cloned().flatten())
        .map(|(seat, text)| (seat, serde_json::from_str(&text).unwrap_or(Value::Null)))
        .collect()
}

/// A game's chances after each turn (`Table::chart`):
/// `{"turns": [{"turn": 1, "chances": [0.5, 0.5]}, ...]}`, chances to three
/// decimals, each turn's search seeded from the table's seed and the turn.
fn chart_of(
    kind: &dyn GameKind,
    setup: &Value,
    seed: u64,
    actions: &[(usize, Value)],
) -> Result<Value, ChartError> {
    let mut game = kind.new_game(setup, seed).map_err(ChartError::Replay)?;
    let point = |g: &dyn TableGame, turn: u32| -> Result<Value, ChartError> {
        let chances = g
            .chances(seed ^ u64::from(turn))
            .ok_or(ChartError::NoEstimates)?;
        let chances: Vec<f64> = chances
            .iter()
            .map(|c| (c * 1000.0).round() / 1000.0)
            .collect();
        Ok(json!({ "turn": turn, "chances": chances }))
    };
    let mut turn = game.turn();
    let mut turns = vec![point(game.as_ref(), turn)?];
    for (i, (seat, action)) in actions.iter().enumerate() {
        game.apply(*seat, action)
            .map_err(|e| ChartError::Replay(format!("action {i} of seat {seat}: {}", e.message)))?;
        if game.turn() != turn && !game.finished() {
            turn = game.turn();
            turns.push(point(game.as_ref(), turn)?);
        }
    }
    Ok(json!({ "turns": turns }))
}

/// A player's request to take back their last action.
#[derive(Clone, Debug, Serialize)]
pub struct UndoRequest {
    pub by: usize,
    /// The seq of the action to take back (it, and every action in effect
    /// after it).
    pub target: u64,
    /// The table's seq when asked.
    pub seq: u64,
    /// The human seats that have not accepted yet.
    pub waiting: Vec<usize>,
}

impl UndoRequest {
    /// As the store keeps it.
    pub fn stored(&self) -> PendingUndo {
        PendingUndo {
            by: self.by,
            target: self.target,
            seq: self.seq,
            waiting: self.waiting.clone(),
        }
    }
}

impl From<PendingUndo> for UndoRequest {
    fn from(u: PendingUndo) -> UndoRequest {
        UndoRequest {
            by: u.by,
            target: u.target,
            seq: u.seq,
            waiting: u.waiting,
        }
    }
}

/// Events made by the server itself (an undo), with their sentences: the
/// same for every viewer.
pub struct PublicEvents {
    pub events: Value,
    pub log: Vec<String>,
}

impl GameEvents for PublicEvents {
    fn for_viewer(&self, _: crate::game::Viewer) -> Value {
        self.events.clone()
    }

    fn log(&self, _: crate::game::Viewer) -> Vec<String> {
        self.log.clone()
    }
}

/// The events of an undo by seat `by` of action `target` and those after
/// it, on `game` as the undo left it; the sentence names the player as the
/// game does (a catching-up client reads the undone actions' sentences
/// first, then this one).
pub fn undo_change(game: &dyn TableGame, by: usize, target: u64) -> PublicEvents {
    let name = game.view(Viewer::Spectator)["players"][by]["name"]
        .as_str()
        .map(String::from)
        .unwrap_or_else(|| format!("Seat {}", by + 1));
    PublicEvents {
        events: undo_events(by, target),
        log: vec![format!(
            "{name}'s undo takes back the actions from number {target} on: the table is as it was before them."
        )],
    }
}

/// A game rebuilt from its set-up, seed and the actions in effect.
pub fn rebuild_game(
    kind: &dyn GameKind,
    setup: &Value,
    seed: u64,
    actions: &[(usize, Value)],
) -> Result<Box<dyn TableGame>, String> {
    let mut g = kind.new_game(setup, seed)?;
    for (i, (seat, a)) in actions.iter().enumerate() {
        g.apply(*seat, a)
            .map_err(|e| format!("action {i} in effect is refused: {}", e.message))?;
    }
    Ok(g)
}

impl TableInner {
    /// A new table's: nothing played, said or asked yet, active now.
    pub fn new(game: Arc<dyn TableGame>, seats: Vec<Seat>) -> TableInner {
        let now = crate::sqlite::now_ms();
        TableInner {
            game,
            seq: 0,
            log: Vec::new(),
            effective: Vec::new(),
            history: Default::default(),
            seats,
            undo: None,
            chat: Default::default(),
            chat_count: 0,
            chat_bytes: 0,
            ended: None,
            active_at: now,
            active_stored: now,
            open_seats: false,
            bot_pace: None,
        }
    }

    /// The seat whose token this is, comparing every seat's hash in
    /// constant time.
    pub fn seat_of_token(&self, token: &str) -> Option<usize> {
        let mut found = None;
        for (i, s) in self.seats.iter().enumerate() {
            if let Some(h) = &s.token_hash {
                if secret::matches(token, h) {
                    found = Some(i);
                }
            }
        }
        found
    }
}

/// Why an action was not applied.
#[derive(Debug)]
pub enum SubmitError {
    /// `given` is not the table's current `seq` (and not a resend of the
    /// action logged under it).
    Stale {
        given: u64,
        current: u64,
    },
    Illegal(ActionError),
    Finished,
    /// The table ended before its game did.
    Ended(Ended),
    /// An undo is asked for: the table waits for the answers.
    UndoPending,
    Store(StoreError),
}

/// Why a chat line was not kept.
#[derive(Debug)]
pub enum ChatError {
    Ended(Ended),
    /// The table's chat is full (the message says which bound).
    Full(String),
    Store(StoreError),
}

/// Why a finished game's chart is not given.
#[derive(Debug, PartialEq, Eq)]
pub enum ChartError {
    /// The game is not over: the chart would tell what the search sees of
    /// hidden cards.
    NotOver,
    /// The game's computer players make no estimates.
    NoEstimates,
    /// Every core is thinking for a search player now.
    Busy,
    /// The game could not be replayed from its log (named).
    Replay(String),
}

/// What became of an undo request.
#[derive(Debug, PartialEq, Eq)]
pub enum UndoOutcome {
    /// Asked; these seats must still accept.
    Asked(Vec<usize>),
    /// Everyone accepted: the table stands at this seq, as before the
    /// action.
    Done(u64),
    Refused,
    Withdrawn,
}

#[derive(Debug)]
pub enum UndoError {
    Stale { given: u64, current: u64 },
    NothingToUndo,
    Finished,
    AlreadyAsked,
    NoRequest,
    NotAsked,
    Failed(String),
    Store(StoreError),
}

/// What the lobby shows of a seat: never a secret.
#[derive(Clone, Debug, Serialize)]
pub struct LobbySeat {
    pub seat: usize,
    pub player: String,
    pub label: String,
    pub name: Option<String>,
    pub taken: bool,
    pub away: bool,
    /// Who plays the seat now: "computer" (a computer seat), "free" (a
    /// human seat nobody took), "away" (handed to the computer player),
    /// "connected" (its player has the table open) or "disconnected".
    pub presence: &'static str,
}

/// What the lobby shows of a table.
#[derive(Clone, Debug, Serialize)]
pub struct LobbyEntry {
    pub table: String,
    pub game: String,
    pub seats: Vec<LobbySeat>,
    pub free_seats: usize,
    pub turn: u32,
    pub seq: u64,
    /// The game is over, or the table ended before it was.
    pub finished: bool,
    /// Why the table ended before its game did: null, or `{"reason":
    /// "expired" | "abandoned", "message"}`.
    pub ended: Option<EndedJson>,
    pub spectators: bool,
    /// Anyone may take a free human seat (without an invitation).
    pub open_seats: bool,
    /// The computer players' pause before each action at this table, in
    /// milliseconds (null: the server's).
    pub bot_delay_ms: Option<u64>,
    /// The card pack the table plays with (`packs.rs`), if any.
    pub pack: Option<String>,
}

/// Why a table ended, as the lobby and the protocol say it.
#[derive(Clone, Debug, Serialize)]
pub struct EndedJson {
    pub reason: Ended,
    pub message: String,
}

pub struct Table {
    pub id: String,
    pub game_name: String,
    pub spectators: bool,
    /// Whether the table is kept in the store (false: a sandbox, in
    /// memory only; `AppState::store_for`).
    pub stored: bool,
    kind: Arc<dyn GameKind>,
    setup: Value,
    seed: u64,
    /// The move clock, if the table has one.
    pub clock: Option<Duration>,
    pub inner: Mutex<TableInner>,
    /// Every change, to the table's WebSockets.
    pub tx: broadcast::Sender<Arc<Change>>,
    /// Public notices (chat lines, undo requests and answers), to every
    /// WebSocket as they are.
    pub notices: broadcast::Sender<Arc<Value>>,
    pub bot_wake: Notify,
    lobby: StdMutex<LobbyEntry>,
    /// Since when this table is over (its game finished, or it ended)
    /// in memory: finished tables leave memory a while later (`expiry.rs`).
    finished_at: StdMutex<Option<Instant>>,
    /// The finished game's chart, once worked out (`Table::chart`).
    chart: StdMutex<Option<Arc<Value>>>,
    /// The server's lobby news, told when this table's entry changes
    /// (set when the server takes the table in).
    pub news: std::sync::OnceLock<crate::lobby_news::LobbyNews>,
    /// When the move clock started to run for the seats to act, and at
    /// which seq (None: it does not run now).
    clock_from: StdMutex<Option<(u64, std::time::Instant)>>,
    /// True once another process serves the table (several processes on
    /// one store): its WebSockets close, its computer players stop.
    pub gone: tokio::sync::watch::Sender<bool>,
}

fn mix(mut z: u64) -> u64 {
    // splitmix64
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Runs a store call on the blocking pool.
pub async fn blocking<T: Send + 'static>(
    store: &Arc<dyn Store>,
    f: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || f(&*store))
        .await
        .map_err(|e| StoreError::Other(format!("store task: {e}")))?
}

impl Table {
    pub fn new(
        id: String,
        kind: Arc<dyn GameKind>,
        spectators: bool,
        setup: Value,
        seed: u64,
        clock: Option<Duration>,
        inner: TableInner,
    ) -> Table {
        let (tx, _) = broadcast::channel(CHANNEL);
        let (notices, _) = broadcast::channel(CHANNEL);
        let game_name = kind.name().to_string();
        let lobby = lobby_of(&id, &game_name, spectators, &inner, pack_name(&setup));
        Table {
            id,
            game_name,
            spectators,
            stored: true,
            kind,
            setup,
            seed,
            clock,
            inner: Mutex::new(inner),
            tx,
            notices,
            bot_wake: Notify::new(),
            clock_from: StdMutex::new(None),
            gone: tokio::sync::watch::Sender::new(false),
            finished_at: StdMutex::new(None),
            chart: StdMutex::new(None),
            news: std::sync::OnceLock::new(),
            lobby: StdMutex::new(lobby),
        }
    }

    /// Starts the move clock for the table standing at `seq`.
    fn start_clock(&self, seq: u64) {
        if self.clock.is_some() {
            if let Ok(mut c) = self.clock_from.lock() {
                *c = Some((seq, Instant::now()));
            }
        }
    }

    /// What is left of the move clock `c` for the table standing at `seq`
    /// (all of it when it has not started at that seq).
    fn clock_left(&self, c: Duration, seq: u64) -> Duration {
        match self.clock_from.lock().ok().and_then(|f| *f) {
            Some((s, at)) if s == seq => c.saturating_sub(at.elapsed()),
            _ => {
                self.start_clock(seq);
                c
            }
        }
    }

    /// The move clock as clients see it at `seq`: `{"ms", "left_ms"}`
    /// (`left_ms` null when not known at that seq), or null for a table
    /// without one.
    pub fn clock_json(&self, seq: u64) -> Value {
        let Some(c) = self.clock else {
            return Value::Null;
        };
        let left = match self.clock_from.lock().ok().and_then(|f| *f) {
            Some((s, at)) if s == seq => Some(c.saturating_sub(at.elapsed()).as_millis() as u64),
            _ => None,
        };
        json!({ "ms": c.as_millis() as u64, "left_ms": left })
    }

    pub fn lobby(&self) -> LobbyEntry {
        self.lobby.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub fn refresh_lobby(&self, inner: &TableInner) {
        let l = lobby_of(
            &self.id,
            &self.game_name,
            self.spectators,
            inner,
            pack_name(&self.setup),
        );
        if l.finished {
            self.mark_finished();
        }
        *self.lobby.lock().unwrap_or_else(|p| p.into_inner()) = l;
        self.lobby_changed();
    }

    /// The lobby's entry after a change of the game: its turn, seq and
    /// whether it is over (the seats are as they were; `refresh_lobby`
    /// rebuilds it whole when they change).
    fn refresh_progress(&self, inner: &TableInner) {
        let finished = inner.game.finished() || inner.ended.is_some();
        if finished {
            self.mark_finished();
        }
        let mut l = self.lobby.lock().unwrap_or_else(|p| p.into_inner());
        // News for the lobby's waiting pages: a new turn, a game over (not
        // every action).
        let news = l.turn != inner.game.turn() || l.finished != finished;
        l.turn = inner.game.turn();
        l.seq = inner.seq;
        l.finished = finished;
        l.ended = inner.ended.map(crate::expiry::ended_json);
        drop(l);
        if news {
            self.lobby_changed();
        }
    }

    /// Tells the lobby's waiting pages (once the server holds the table).
    fn lobby_changed(&self) {
        if let Some(news) = self.news.get() {
            news.changed();
        }
    }

    /// When the table was first seen over.
    fn mark_finished(&self) {
        let mut at = self.finished_at.lock().unwrap_or_else(|p| p.into_inner());
        at.get_or_insert_with(Instant::now);
    }

    /// How long this table has been over in memory (None: it is not over).
    pub fn finished_for(&self) -> Option<Duration> {
        if !self.is_finished() {
            return None;
        }
        let mut at = self.finished_at.lock().unwrap_or_else(|p| p.into_inner());
        Some(at.get_or_insert_with(Instant::now).elapsed())
    }

    pub fn is_finished(&self) -> bool {
        self.lobby
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .finished
    }

    /// Applies `action` for `seat` as action number `seq`: see the module
    /// documentation. Returns the table's new `seq`.
    pub async fn submit(
        &self,
        store: &Arc<dyn Store>,
        seat: usize,
        seq: u64,
        action: Value,
        human: bool,
    ) -> Result<u64, SubmitError> {
        let t0 = Instant::now();
        let mut inner = self.inner.lock().await;
        let t_lock = t0.elapsed();
        if seq < inner.seq {
            // A resend of an action already applied gets the same answer.
            let same = match inner.log.get(seq as usize) {
                Some(Some((s, text))) => {
                    *s == seat && serde_json::from_str::<Value>(text).ok().as_ref() == Some(&action)
                }
                _ => false,
            };
            if same {
                return Ok(seq + 1);
            }
            return Err(SubmitError::Stale {
                given: seq,
                current: inner.seq,
            });
        }
        if seq > inner.seq {
            return Err(SubmitError::Stale {
                given: seq,
                current: inner.seq,
            });
        }
        if let Some(e) = inner.ended {
            return Err(SubmitError::Ended(e));
        }
        if inner.game.finished() {
            return Err(SubmitError::Finished);
        }
        if inner.undo.is_some() {
            return Err(SubmitError::UndoPending);
        }
        let mut next = inner.game.clone_game();
        let events = next.apply(seat, &action).map_err(SubmitError::Illegal)?;
        let logged = LoggedAction {
            seq,
            seat,
            action: action.clone(),
            undoes: None,
            digest: next.digest(),
        };
        let finished = next.finished();
        let id = self.id.clone();
        let t_apply = t0.elapsed();
        let now = crate::sqlite::now_ms();
        let store_active =
            human && now.saturating_sub(inner.active_stored) >= ACTIVE_STORED_EVERY_MS;
        let write = Write::Append {
            table: id,
            entry: logged,
            finished,
            human: store_active,
        };
        self.commit(store, write)
            .await
            .map_err(SubmitError::Store)?;
        if human {
            inner.active_at = now;
        }
        if store_active {
            inner.active_stored = now;
        }
        let t_commit = t0.elapsed();
        tracing::trace!(
            table = %self.id,
            lock_us = t_lock.as_micros() as u64,
            apply_us = (t_apply - t_lock).as_micros() as u64,
            commit_us = (t_commit - t_apply).as_micros() as u64,
            "submit timing"
        );
        inner.log.push(Some(log_entry(seat, &action)));
        inner.effective.push(seq);
        self.commit_change(&mut inner, next, Arc::from(events));
        // Every action at debug (thousands a second under load); the end of
        // a game at info.
        tracing::debug!(table = %self.id, seq = seq + 1, seat, finished, "action");
        if finished {
            tracing::info!(table = %self.id, seq = seq + 1, "game finished");
        }
        drop(inner);
        self.bot_wake.notify_one();
        Ok(seq + 1)
    }

    /// Commits `write`. A table that another process serves now
    /// ([`StoreError::Moved`]) is gone from here; so is one whose store
    /// holds an action it does not ([`StoreError::Conflict`]: a commit
    /// whose answer was lost went through after all), to be read back
    /// from the store (`processes.rs`).
    async fn commit(&self, store: &Arc<dyn Store>, write: Write) -> Result<(), StoreError> {
        let r = store::commit(&**store, write).await;
        match &r {
            Err(StoreError::Moved(_)) => {
                self.gone.send_replace(true);
            }
            Err(StoreError::Conflict(_)) if store.shared().is_some() => {
                tracing::warn!(table = %self.id, "the table is behind its store: read again");
                self.gone.send_replace(true);
            }
            _ => {}
        }
        r
    }

    /// Ends the table before its game is over (`expiry.rs`): stored as
    /// finished with its reason, told to its clients, its computer players
    /// stopped. False when it was over already.
    pub async fn end(&self, store: &Arc<dyn Store>, ended: Ended) -> Result<bool, StoreError> {
        let mut inner = self.inner.lock().await;
        if inner.ended.is_some() || inner.game.finished() {
            return Ok(false);
        }
        let write = Write::End {
            table: self.id.clone(),
            ended,
        };
        self.commit(store, write).await?;
        inner.ended = Some(ended);
        inner.undo = None;
        self.refresh_lobby(&inner);
        tracing::info!(table = %self.id, reason = ended.as_str(), "table ended");
        let e = crate::expiry::ended_json(ended);
        self.notice(json!({ "type": "ended", "reason": e.reason, "message": e.message }));
        drop(inner);
        self.bot_wake.notify_one();
        Ok(true)
    }

    /// Makes `next` current after a committed log entry, and tells the
    /// table's clients.
    fn commit_change(
        &self,
        inner: &mut TableInner,
        next: Box<dyn TableGame>,
        events: Arc<dyn GameEvents>,
    ) {
        let game: Arc<dyn TableGame> = Arc::from(next);
        let events = events.compact().unwrap_or(events);
        inner.seq += 1;
        inner.game = game.clone();
        // The kept change holds no game, not even weakly: a weak reference
        // keeps the game's block (some 4 KB inline) allocated, 128 a table.
        push_history(
            &mut inner.history,
            Arc::new(Change {
                seq: inner.seq,
                events: events.clone(),
                game: None,
            }),
        );
        let change = Arc::new(Change {
            seq: inner.seq,
            events,
            game: Some(Arc::downgrade(&game)),
        });
        self.refresh_progress(inner);
        // The move clock starts again with every change.
        self.start_clock(inner.seq);
        // No receiver is not an error.
        let _ = self.tx.send(change);
    }

    /// A finished game's record: the game's save file if it offers one,
    /// else `{"game", "setup", "seed", "actions": [[seat, action], ...]}`
    /// (the actions in effect). None while the game is being played: the
    /// set-up and seed reveal every hidden card.
    pub async fn save(&self) -> Option<String> {
        let actions: Vec<(usize, Value)> = {
            let inner = self.inner.lock().await;
            if !inner.game.finished() {
                return None;
            }
            actions_in_effect(&inner.log, &inner.effective)
        };
        let (kind, setup, seed) = (self.kind.clone(), self.setup.clone(), self.seed);
        let id = self.id.clone();
        let text = tokio::task::spawn_blocking(move || {
            kind.save_file(&setup, seed, &actions).unwrap_or_else(|| {
                json!({
                    "table": id,
                    "game": kind.name(),
                    "setup": setup,
                    "seed": seed,
                    "actions": actions,
                })
                .to_string()
            })
        })
        .await
        .ok()?;
        Some(text)
    }

    /// A finished game's chart: every seat's estimated chance to win at the
    /// start and after each turn, as the game's search player sees it from
    /// the seat that decides next, replayed from the actions in effect. The
    /// game's record is open to its players then, so this tells nothing
    /// new. Worked out once, holding a thinking core (`Busy` when none is
    /// free), and kept while the table is in memory.
    pub async fn chart(&self) -> Result<Arc<Value>, ChartError> {
        if let Some(chart) = self.chart.lock().ok().and_then(|c| c.clone()) {
            return Ok(chart);
        }
        let actions = {
            let inner = self.inner.lock().await;
            if !inner.game.finished() {
                return Err(ChartError::NotOver);
            }
            actions_in_effect(&inner.log, &inner.effective)
        };
        let permit = crate::thinking::try_now().ok_or(ChartError::Busy)?;
        let (kind, setup, seed) = (self.kind.clone(), self.setup.clone(), self.seed);
        let chart = tokio::task::spawn_blocking(move || {
            // Held until the thinking ends, even if the client goes away.
            let _permit = permit;
            chart_of(kind.as_ref(), &setup, seed, &actions)
        })
        .await
        .map_err(|_| ChartError::Replay("the replay failed".into()))??;
        let chart = Arc::new(chart);
        if let Ok(mut kept) = self.chart.lock() {
            *kept = Some(chart.clone());
        }
        Ok(chart)
    }

    /// The position after the first `at` actions in effect (all when
    /// None), as `viewer` saw it, with every action's log when `steps`
    /// (`replay::position`), worked out on the blocking pool in one of the
    /// server's few replay slots.
    pub async fn replay(
        &self,
        viewer: Viewer,
        at: Option<u64>,
        steps: bool,
    ) -> Result<Value, crate::replay::ReplayError> {
        let actions = {
            let inner = self.inner.lock().await;
            actions_in_effect(&inner.log, &inner.effective)
        };
        let permit = crate::replay::slot().await?;
        let (kind, setup, seed) = (self.kind.clone(), self.setup.clone(), self.seed);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            crate::replay::position(kind.as_ref(), &setup, seed, &actions, viewer, at, steps)
        })
        .await
        .map_err(|_| crate::replay::ReplayError::Replay("the replay failed".into()))?
    }

    /// Hands `seat` to the computer player (`away`) or back to its player,
    /// stored, told to everyone.
    pub async fn set_away(
        &self,
        store: &Arc<dyn Store>,
        seat: usize,
        away: bool,
        reason: &str,
    ) -> Result<(), StoreError> {
        let mut inner = self.inner.lock().await;
        self.set_away_locked(&mut inner, store, seat, away, reason)
            .await?;
        drop(inner);
        self.bot_wake.notify_one();
        Ok(())
    }

    async fn set_away_locked(
        &self,
        inner: &mut TableInner,
        store: &Arc<dyn Store>,
        seat: usize,
        away: bool,
        reason: &str,
    ) -> Result<(), StoreError> {
        if inner.seats.get(seat).is_none_or(|s| s.away == away) {
            return Ok(());
        }
        let write = Write::SetAway {
            table: self.id.clone(),
            seat,
            away,
        };
        self.commit(store, write).await?;
        inner.seats[seat].away = away;
        if !away {
            // A player back at the table has the whole move clock again.
            self.start_clock(inner.seq);
        }
        self.refresh_lobby(inner);
        tracing::info!(table = %self.id, seat, away, reason, "seat handed over");
        self.notice(json!({ "type": "away", "seat": seat, "away": away, "reason": reason }));
        Ok(())
    }

    /// The move clock ran out at `seq`: every human seat still to act
    /// there is handed to the computer player.
    async fn clock_out(&self, store: &Arc<dyn Store>, seq: u64) {
        let mut inner = self.inner.lock().await;
        if inner.seq != seq || inner.undo.is_some() || inner.game.finished() {
            return;
        }
        for s in inner.game.to_act() {
            let late = inner.seats.get(s).is_some_and(|x| x.is_human() && !x.away);
            if late {
                if let Err(e) = self
                    .set_away_locked(&mut inner, store, s, true, "clock")
                    .await
                {
                    tracing::error!(table = %self.id, error = %e, "store failed");
                }
            }
        }
    }

    /// A WebSocket of `seat` opened (`open`) or closed: when the seat's
    /// player comes or goes (its first opens, its last closes), the lobby
    /// and every viewer are told (`presence`).
    pub async fn connection(&self, seat: usize, open: bool) {
        let mut inner = self.inner.lock().await;
        let Some(s) = inner.seats.get_mut(seat) else {
            return;
        };
        let before = s.connections > 0;
        s.connections = if open {
            s.connections + 1
        } else {
            s.connections.saturating_sub(1)
        };
        if before == (s.connections > 0) {
            return;
        }
        let (presence, name) = (presence_of(s), s.name.clone());
        self.refresh_lobby(&inner);
        drop(inner);
        self.notice(
            json!({ "type": "presence", "seat": seat, "presence": presence, "name": name }),
        );
    }

    pub(crate) fn notice(&self, v: Value) {
        let _ = self.notices.send(Arc::new(v));
    }

    /// `seat` asks to take back its last action in effect, the table
    /// standing at `seq`. The other human players who hold their seat (and
    /// are not away) must accept; with none, it is done at once.
    pub async fn ask_undo(
        &self,
        store: &Arc<dyn Store>,
        seat: usize,
        seq: u64,
    ) -> Result<UndoOutcome, UndoError> {
        let mut inner = self.inner.lock().await;
        if seq != inner.seq {
            return Err(UndoError::Stale {
                given: seq,
                current: inner.seq,
            });
        }
        if inner.game.finished() {
            return Err(UndoError::Finished);
        }
        if inner.undo.is_some() {
            return Err(UndoError::AlreadyAsked);
        }
        let target = inner
            .effective
            .iter()
            .rev()
            .copied()
            .find(|&q| matches!(inner.log.get(q as usize), Some(Some((s, _))) if *s == seat))
            .ok_or(UndoError::NothingToUndo)?;
        let waiting: Vec<usize> = inner
            .seats
            .iter()
            .enumerate()
            .filter(|(i, s)| *i != seat && s.is_human() && s.token_hash.is_some() && !s.away)
            .map(|(i, _)| i)
            .collect();
        tracing::info!(table = %self.id, seat, target, "undo asked");
        if waiting.is_empty() {
            let seq = self.undo_now(&mut inner, store, seat, target).await?;
            drop(inner);
            self.bot_wake.notify_one();
            return Ok(UndoOutcome::Done(seq));
        }
        let req = UndoRequest {
            by: seat,
            target,
            seq,
            waiting: waiting.clone(),
        };
        // Kept in the store until answered: a restart asks it again.
        self.store_undo(store, Some(&req)).await?;
        self.notice(json!({ "type": "undo", "state": "asked", "request": req }));
        inner.undo = Some(req);
        Ok(UndoOutcome::Asked(waiting))
    }

    /// `seat` answers the undo request asked at `seq`: accepts or refuses
    /// (the seat that asked may withdraw it by refusing).
    pub async fn answer_undo(
        &self,
        store: &Arc<dyn Store>,
        seat: usize,
        seq: u64,
        accept: bool,
    ) -> Result<UndoOutcome, UndoError> {
        let mut inner = self.inner.lock().await;
        let Some(req) = inner.undo.clone() else {
            return Err(UndoError::NoRequest);
        };
        if req.seq != seq {
            return Err(UndoError::Stale {
                given: seq,
                current: req.seq,
            });
        }
        if seat == req.by && !accept {
            self.store_undo(store, None).await?;
            inner.undo = None;
            self.notice(json!({ "type": "undo", "state": "withdrawn", "by": seat }));
            drop(inner);
            self.bot_wake.notify_one();
            return Ok(UndoOutcome::Withdrawn);
        }
        if !req.waiting.contains(&seat) {
            return Err(UndoError::NotAsked);
        }
        if !accept {
            self.store_undo(store, None).await?;
            inner.undo = None;
            tracing::info!(table = %self.id, seat, "undo refused");
            self.notice(
                json!({ "type": "undo", "state": "refused", "by": req.by, "refused_by": seat }),
            );
            drop(inner);
            self.bot_wake.notify_one();
            return Ok(UndoOutcome::Refused);
        }
        let waiting: Vec<usize> = req.waiting.iter().copied().filter(|&s| s != seat).collect();
        if !waiting.is_empty() {
            let mut r = req.clone();
            r.waiting = waiting.clone();
            self.store_undo(store, Some(&r)).await?;
            inner.undo = Some(r);
            self.notice(
                json!({ "type": "undo", "state": "accepted_by", "seat": seat, "waiting": waiting }),
            );
            return Ok(UndoOutcome::Asked(waiting));
        }
        let seq = self.undo_now(&mut inner, store, req.by, req.target).await?;
        drop(inner);
        self.bot_wake.notify_one();
        Ok(UndoOutcome::Done(seq))
    }

    /// Stores the table's undo request (None: there is none any more),
    /// durably, before anyone is told.
    async fn store_undo(
        &self,
        store: &Arc<dyn Store>,
        undo: Option<&UndoRequest>,
    ) -> Result<(), UndoError> {
        let write = Write::Undo {
            table: self.id.clone(),
            undo: undo.map(UndoRequest::stored),
        };
        self.commit(store, write).await.map_err(UndoError::Store)
    }

    /// Takes back action `target` and every action in effect after it:
    /// rebuilds the game from the actions before it, logs an undo entry
    /// that marks them, and broadcasts the change.
    async fn undo_now(
        &self,
        inner: &mut TableInner,
        store: &Arc<dyn Store>,
        by: usize,
        target: u64,
    ) -> Result<u64, UndoError> {
        let before: Vec<u64> = inner
            .effective
            .iter()
            .copied()
            .filter(|&q| q < target)
            .collect();
        let keep = actions_in_effect(&inner.log, &before);
        let (kind, setup, seed) = (self.kind.clone(), self.setup.clone(), self.seed);
        let game = tokio::task::spawn_blocking(move || rebuild_game(&*kind, &setup, seed, &keep))
            .await
            .map_err(|e| UndoError::Failed(e.to_string()))?
            .map_err(UndoError::Failed)?;
        let seq = inner.seq;
        let logged = LoggedAction {
            seq,
            seat: by,
            action: Value::Null,
            undoes: Some(target),
            digest: game.digest(),
        };
        let finished = game.finished();
        // The undo entry also clears the stored request (one transaction).
        let write = Write::Append {
            table: self.id.clone(),
            entry: logged,
            finished,
            human: true,
        };
        self.commit(store, write).await.map_err(UndoError::Store)?;
        inner.active_at = crate::sqlite::now_ms();
        inner.log.push(None);
        inner.effective.retain(|&q| q < target);
        inner.undo = None;
        let events = Arc::new(undo_change(&*game, by, target));
        self.commit_change(inner, game, events);
        tracing::info!(table = %self.id, seq = seq + 1, by, target, "undo");
        self.notice(json!({ "type": "undo", "state": "done", "by": by, "undone_from": target, "seq": seq + 1 }));
        Ok(seq + 1)
    }

    /// A chat line from `seat`; returns its number. Refused at a table
    /// that ended, or whose chat is full (`CHAT_LINES_MAX` lines or
    /// `CHAT_BYTES_MAX` bytes).
    pub async fn chat(
        &self,
        store: &Arc<dyn Store>,
        seat: usize,
        text: String,
    ) -> Result<u64, ChatError> {
        let mut inner = self.inner.lock().await;
        if let Some(e) = inner.ended {
            return Err(ChatError::Ended(e));
        }
        if inner.chat_count >= CHAT_LINES_MAX {
            return Err(ChatError::Full(format!(
                "this table's chat holds its maximum of {CHAT_LINES_MAX} lines"
            )));
        }
        if inner.chat_bytes + text.len() as u64 > CHAT_BYTES_MAX {
            return Err(ChatError::Full(format!(
                "this table's chat holds its maximum of {} KiB",
                CHAT_BYTES_MAX / 1024
            )));
        }
        let name = inner
            .seats
            .get(seat)
            .and_then(|s| s.name.clone())
            .unwrap_or_else(|| format!("seat {seat}"));
        let line = ChatLine {
            n: inner.chat_count,
            seat,
            name,
            text,
            at: crate::sqlite::now(),
        };
        let write = Write::Chat {
            table: self.id.clone(),
            line: line.clone(),
        };
        self.commit(store, write).await.map_err(ChatError::Store)?;
        inner.active_at = crate::sqlite::now_ms();
        inner.chat_count += 1;
        inner.chat_bytes += line.text.len() as u64;
        if inner.chat.len() >= CHAT_KEPT {
            inner.chat.pop_front();
        }
        inner.chat.push_back(line.clone());
        tracing::info!(table = %self.id, seat, n = line.n, "chat");
        let mut v = serde_json::to_value(&line).unwrap_or(Value::Null);
        v["type"] = json!("chat");
        self.notice(v);
        Ok(line.n)
    }

    /// Plays the table's computer seats (and the seats of players who are
    /// away) until the game is over: each choice is made on the blocking
    /// pool, after `delay`, and submitted like any other action.
    pub async fn run_bots(
        self: Arc<Self>,
        store: Arc<dyn Store>,
        delay: Duration,
        mut shutdown: tokio::sync::watch::Receiver<bool>,
    ) {
        let mut gone = self.gone.subscribe();
        tokio::select! {
            _ = self.clone().bot_loop(store, delay) => {}
            _ = shutdown.wait_for(|&stop| stop) => {}
            _ = gone.wait_for(|&g| g) => {}
        }
    }

    async fn bot_loop(self: Arc<Self>, store: Arc<dyn Store>, delay: Duration) {
        loop {
            let job = {
                let inner = self.inner.lock().await;
                if inner.game.finished() || inner.ended.is_some() {
                    return;
                }
                if inner.undo.is_some() {
                    None
                } else {
                    inner
                        .game
                        .to_act()
                        .into_iter()
                        .find_map(|s| {
                            inner
                                .seats
                                .get(s)
                                .and_then(|x| x.bot())
                                .map(|b| (s, b.to_string()))
                        })
                        .map(|(s, b)| (s, b, inner.seq, inner.game.clone(), inner.bot_pace))
                }
            };
            let Some((seat, bot, seq, game, pace)) = job else {
                // Nothing for the computer: wait for a change, or for the
                // move clock of a human seat to run out.
                let clocked = match self.clock {
                    Some(c) => {
                        let inner = self.inner.lock().await;
                        let waiting_on_human = inner.undo.is_none()
                            && inner.game.to_act().iter().any(|&s| {
                                inner.seats.get(s).is_some_and(|x| x.is_human() && !x.away)
                            });
                        waiting_on_human.then_some((c, inner.seq))
                    }
                    None => None,
                };
                match clocked {
                    Some((c, seq)) => {
                        // The clock runs from the change that made it the
                        // human's turn.
                        let left = self.clock_left(c, seq);
                        if tokio::time::timeout(left, self.bot_wake.notified())
                            .await
                            .is_err()
                        {
                            self.clock_out(&store, seq).await;
                        }
                    }
                    None => self.bot_wake.notified().await,
                }
                continue;
            };
            // The table's pace, else the server's.
            let delay = pace.unwrap_or(delay);
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let seed = mix(self.seed ^ mix(seq));
            let permit = if crate::thinking::searches(&bot) {
                crate::thinking::wait().await
            } else {
                None
            };
            // The permit goes with the thinking, even if this task is dropped.
            let choice = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                game.bot_action(seat, &bot, seed)
            })
            .await;
            match choice {
                Ok(Some(action)) => match self.submit(&store, seat, seq, action, false).await {
                    Ok(_) | Err(SubmitError::Stale { .. }) => {}
                    Err(SubmitError::Ended(_)) => return,
                    // The table waits for an undo's answers.
                    Err(SubmitError::UndoPending) => self.bot_wake.notified().await,
                    Err(SubmitError::Finished) => return,
                    Err(SubmitError::Illegal(e)) => {
                        tracing::error!(table = %self.id, seat, seq, error = %e, "a computer player's action was refused");
                        return;
                    }
                    Err(SubmitError::Store(e)) => {
                        tracing::error!(table = %self.id, error = %e, "store failed; computer players pause");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                },
                Ok(None) => {
                    // The seat has no choice after all: wait for a change.
                    self.bot_wake.notified().await;
                }
                Err(e) => {
                    tracing::error!(table = %self.id, seat, error = %e, "a computer player failed");
                    return;
                }
            }
        }
    }
}

/// The events of an undo, for every viewer.
pub fn undo_events(by: usize, target: u64) -> Value {
    json!([{ "event": "undo", "by": by, "undone_from": target }])
}

pub fn push_history(h: &mut VecDeque<Arc<Change>>, c: Arc<Change>) {
    if h.len() >= HISTORY {
        h.pop_front();
    }
    h.push_back(c);
}

/// The name of the card pack a set-up keeps (`"pack": {"name", "file"}`).
fn pack_name(setup: &Value) -> Option<&str> {
    setup.get("pack")?.get("name")?.as_str()
}

/// A seat's presence, as the lobby says it.
fn presence_of(s: &Seat) -> &'static str {
    if !s.is_human() {
        "computer"
    } else if s.token_hash.is_none() {
        "free"
    } else if s.away {
        "away"
    } else if s.connections > 0 {
        "connected"
    } else {
        "disconnected"
    }
}

fn lobby_of(
    id: &str,
    game: &str,
    spectators: bool,
    inner: &TableInner,
    pack: Option<&str>,
) -> LobbyEntry {
    let seats: Vec<LobbySeat> = inner
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| LobbySeat {
            seat: i,
            player: s.player.clone(),
            label: s.label.clone(),
            name: s.name.clone(),
            taken: !s.is_human() || s.token_hash.is_some(),
            away: s.away,
            presence: presence_of(s),
        })
        .collect();
    LobbyEntry {
        table: id.to_string(),
        game: game.to_string(),
        free_seats: seats.iter().filter(|s| !s.taken).count(),
        seats,
        turn: inner.game.turn(),
        seq: inner.seq,
        finished: inner.game.finished() || inner.ended.is_some(),
        ended: inner.ended.map(crate::expiry::ended_json),
        spectators,
        open_seats: inner.open_seats,
        bot_delay_ms: inner.bot_pace.map(|d| d.as_millis() as u64),
        pack: pack.map(str::to_string),
    }
}
