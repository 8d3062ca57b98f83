//! Saved games: a game is its set-up plus its actions (the engine is
//! deterministic), so a save file is enough to replay it bit for bit.
//!
//! The format is JSON, one object:
//!
//! ```json
//! {
//!   "format": "b5-save",
//!   "version": 3,
//!   "program": "b5 0.1.0",
//!   "card_files": [{ "file": "my-cards/ships.toml", "text": "[cards.\"...\"]\n..." }],
//!   "seed": 42,
//!   "options": { "duel_draw": false, "turn_limit": 100 },
//!   "seats": [
//!     { "name": "Narn", "race": "narn", "faction": "babylon-project",
//!       "ambassador": "...", "hand": ["..."], "deck": ["...", "..."], "crusade": [] }
//!   ],
//!   "actions": [
//!     [0, { "do": "pass" }],
//!     [1, { "do": "sponsor", "card": 71, "by": 64, "target": "None" }]
//!   ],
//!   "checkpoints": [[57, "03c1d2e4f5a6b7c8"], [118, "9f8e7d6c5b4a3921"]],
//!   "chain": {
//!     "setup": "5d41402abc4b2a76",
//!     "actions": [
//!       "1f3a09c2", "77e0b5d1"
//!     ],
//!     "end": "<64 hex digits>"
//!   },
//!   "finished": true,
//!   "turn": 12,
//!   "winners": [0],
//!   "victory": ["standard", "none"],
//!   "digest": "8f3a0c2d9b1e4f70"
//! }
//! ```
//!
//! - `format` and `version` identify the file (this is version 3; versions
//!   1 and 2 are read too); `program` is informational.
//! - `card_files`: the text of every `--cards` file the game was played
//!   with, so that a save carries what it needs: `b5 replay` loads them on
//!   top of the built-in Open Set (a `--cards` given to `b5 replay` replaces
//!   them). `file` names the file in messages only; it is never opened.
//!   Version 1 named the files by path instead (`cards`); such a path is
//!   never read: a version 1 save that names card files is replayed with
//!   `--cards` given by the user.
//! - `seed`: the game's seed (`Game::new`); `options`: the engine's
//!   `Options`.
//! - `seats`: one per player in seating order: the player's name, race,
//!   faction, and deck as card *names* (ambassador, starting hand, deck in
//!   list order before the shuffle, Crusade Pile), so a save does not depend
//!   on the order cards were loaded in.
//! - `actions`: every action in order as `[player, action]`, the action in
//!   the engine's own serde form (`b5_engine::Action`).
//! - `checkpoints`: `[n, digest]` after the last action of every turn
//!   (version 2 on), so that `b5 replay` names the turn where the replay
//!   first differs from the game that was saved.
//! - `chain` (version 3): a SHA-256 chain over the set-up and the actions,
//!   so that any change to them is caught at the action that changed (see
//!   below). Versions 1 and 2 have none: they replay with a note that only
//!   their state is checked.
//! - At the end, the state the game stood in: `finished` (over, or stopped
//!   early: a player quit), `turn`, `winners` (seats), each seat's
//!   `victory` kind, and `digest`, `Game::digest()` in 16 hex digits.
//!   `b5 replay` fails when any of these differ.
//!
//! # The action chain
//!
//! The state digests alone do not prove the actions: an action changed for
//! another legal one with the same effect (a conflict's target, when the
//! conflict is then lost) leaves every digest as it was. So version 3
//! chains a hash over the actions themselves:
//!
//! - `h0 = SHA-256("b5-save chain 1\n" || S)`, where `S` is the compact
//!   JSON of `[seed, options, seats, card_files]`: the whole set-up,
//!   including what the state digest does not see (options that have not
//!   acted yet, card texts, a deck's cards that were never drawn).
//! - `hn = SHA-256(h(n-1) || seat || A)` for action `n`, with `seat` one
//!   byte and `A` the compact JSON of the action.
//!
//! The JSON is serde_json's compact form of the *parsed* values (fields in
//! declaration order, no spaces, integers in decimal, no floats or maps in
//! these types): the same set-up and actions give the same bytes on every
//! platform, however the file's own text is spaced or escaped.
//!
//! The file keeps `setup`, the first 16 hex digits of `h0`; `actions`, the
//! first 8 hex digits of every `hn` (one per action, 10 to a line); and
//! `end`, the last `hn` (or `h0`) in full. Eight digits an action (about 11
//! bytes, against 40 to 60 for the action itself) are enough to name the
//! first action that differs: each `hn` carries the full 256-bit chain
//! forward, so a changed, removed, added or moved action, or one given to
//! another seat, changes its own entry and every later one (a short entry
//! that matches by chance, one in 2^32, is caught at the next). Chain
//! values at the checkpoints alone would name a turn, not the action.
//! `end` binds the whole file in full.
//!
//! The chain is a checksum, not a signature: it catches any change made by
//! someone who did not compute the chain again, and it tells a changed file
//! (the chain breaks) from a program that plays the same actions
//! differently (the chain holds, a digest differs). To prove a file is the
//! game a server played, compare its `end` with the server's own record
//! (`GET /api/tables/{id}/save`).

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use b5_engine::{Action, CardDb, DefId, Faction, Game, Options, PlayerId, Race, Seat, Setup};
use b5_engine::{Events, VictoryKind};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::cardset::CardFileText;
use crate::Fail;

pub const FORMAT: &str = "b5-save";
pub const VERSION: u32 = 3;
/// The first version with an action chain.
pub const CHAIN_VERSION: u32 = 3;
/// The most actions a save file may hold (a long game has a few thousand).
pub const MAX_ACTIONS: usize = 1_000_000;

/// What the chain's first hash starts with (the chain's own version).
const CHAIN_TAG: &[u8] = b"b5-save chain 1\n";
/// Hex digits kept of the set-up's hash, of each action's and of the end.
const SETUP_HEX: usize = 16;
const ACTION_HEX: usize = 8;
const END_HEX: usize = 64;

/// The action chain (version 3; see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    /// `h0`, the set-up's hash: its first 16 hex digits.
    pub setup: String,
    /// `hn` for every action `n`: its first 8 hex digits.
    pub actions: Vec<String>,
    /// The last `hn` (or `h0` with no actions) in full, 64 hex digits.
    pub end: String,
}

/// One seat's deck, by card names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSeat {
    pub name: String,
    pub race: Race,
    pub faction: Faction,
    pub ambassador: String,
    pub hand: Vec<String>,
    pub deck: Vec<String>,
    #[serde(default)]
    pub crusade: Vec<String>,
    /// The reserve (ISA pile).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserve: Vec<String>,
}

/// A saved game (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    #[serde(default)]
    pub program: String,
    /// Version 1 only: the `--cards` paths (never read; see above).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
    #[serde(default)]
    pub card_files: Vec<CardFileText>,
    pub seed: u64,
    pub options: Options,
    pub seats: Vec<SavedSeat>,
    pub actions: Vec<(PlayerId, Action)>,
    /// `[n, digest]`: the game's digest after action `n`, at the last action
    /// of every turn (version 2; `b5 replay` names the first turn that
    /// differs).
    #[serde(default)]
    pub checkpoints: Vec<(usize, String)>,
    /// The hash chain over the set-up and the actions (version 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<Chain>,
    pub finished: bool,
    pub turn: u32,
    pub winners: Vec<PlayerId>,
    pub victory: Vec<VictoryKind>,
    pub digest: String,
}

fn names(db: &CardDb, ids: &[DefId]) -> Vec<String> {
    ids.iter().map(|&d| db.get(d).name.clone()).collect()
}

/// `Game::digest()` as written in save files.
pub fn digest_hex(game: &Game) -> String {
    format!("{:016x}", game.digest())
}

impl SaveFile {
    /// Records a game: its set-up, seed and actions, and the state it
    /// stands in now.
    pub fn record(
        game: &Game,
        setup: &Setup,
        seed: u64,
        actions: &[(PlayerId, Action)],
        card_files: &[CardFileText],
    ) -> SaveFile {
        let db = game.db();
        let mut save = SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            program: format!("b5 {}", env!("CARGO_PKG_VERSION")),
            cards: Vec::new(),
            card_files: card_files.to_vec(),
            seed,
            options: setup.options.clone(),
            seats: setup
                .players
                .iter()
                .map(|s| SavedSeat {
                    name: s.name.clone(),
                    race: s.race,
                    faction: s.faction,
                    ambassador: db.get(s.ambassador).name.clone(),
                    hand: names(db, &s.hand),
                    deck: names(db, &s.deck),
                    crusade: names(db, &s.crusade),
                    reserve: names(db, &s.reserve),
                })
                .collect(),
            actions: actions.to_vec(),
            checkpoints: checkpoints(game.db(), setup, seed, actions),
            chain: None,
            finished: game.is_over(),
            turn: game.turn(),
            winners: game.winners(),
            victory: (0..game.num_players() as PlayerId)
                .map(|p| game.victory(p))
                .collect(),
            digest: digest_hex(game),
        };
        save.chain = Some(save.make_chain());
        save
    }

    /// `h0`: the hash of the set-up as this file states it.
    fn setup_hash(&self) -> [u8; 32] {
        let setup = (self.seed, &self.options, &self.seats, &self.card_files);
        Sha256::new()
            .chain_update(CHAIN_TAG)
            .chain_update(j(&setup).as_bytes())
            .finalize()
            .into()
    }

    /// The chain of this file's set-up and actions, computed afresh.
    fn make_chain(&self) -> Chain {
        let mut h = self.setup_hash();
        let setup = hex(&h, SETUP_HEX);
        let mut actions = Vec::with_capacity(self.actions.len());
        for (p, a) in &self.actions {
            h = chain_step(&h, *p, a);
            actions.push(hex(&h, ACTION_HEX));
        }
        Chain {
            setup,
            actions,
            end: hex(&h, END_HEX),
        }
    }

    /// Whether the save proves its actions (version 3 on).
    pub fn has_chain(&self) -> bool {
        self.chain.is_some()
    }

    /// The file's text: readable JSON with one action per line.
    pub fn to_json(&self) -> String {
        let mut s = String::from("{\n");
        let _ = writeln!(s, "  \"format\": {},", j(&self.format));
        let _ = writeln!(s, "  \"version\": {},", self.version);
        let _ = writeln!(s, "  \"program\": {},", j(&self.program));
        if !self.cards.is_empty() {
            let _ = writeln!(s, "  \"cards\": {},", j(&self.cards));
        }
        let _ = writeln!(s, "  \"card_files\": {},", j(&self.card_files));
        let _ = writeln!(s, "  \"seed\": {},", self.seed);
        let _ = writeln!(s, "  \"options\": {},", j(&self.options));
        s.push_str("  \"seats\": [\n");
        for (i, seat) in self.seats.iter().enumerate() {
            let comma = if i + 1 < self.seats.len() { "," } else { "" };
            let _ = writeln!(s, "    {}{comma}", j(seat));
        }
        s.push_str("  ],\n  \"actions\": [\n");
        for (i, a) in self.actions.iter().enumerate() {
            let comma = if i + 1 < self.actions.len() { "," } else { "" };
            let _ = writeln!(s, "    {}{comma}", j(a));
        }
        s.push_str("  ],\n");
        let _ = writeln!(s, "  \"checkpoints\": {},", j(&self.checkpoints));
        if let Some(c) = &self.chain {
            s.push_str("  \"chain\": {\n");
            let _ = writeln!(s, "    \"setup\": {},", j(&c.setup));
            s.push_str("    \"actions\": [");
            for (i, row) in c.actions.chunks(10).enumerate() {
                let comma = if i == 0 { "" } else { "," };
                let row: Vec<String> = row.iter().map(j).collect();
                let _ = write!(s, "{comma}\n      {}", row.join(", "));
            }
            s.push_str(if c.actions.is_empty() {
                "],\n"
            } else {
                "\n    ],\n"
            });
            let _ = writeln!(s, "    \"end\": {}", j(&c.end));
            s.push_str("  },\n");
        }
        let _ = writeln!(s, "  \"finished\": {},", self.finished);
        let _ = writeln!(s, "  \"turn\": {},", self.turn);
        let _ = writeln!(s, "  \"winners\": {},", j(&self.winners));
        let _ = writeln!(s, "  \"victory\": {},", j(&self.victory));
        let _ = writeln!(s, "  \"digest\": {}", j(&self.digest));
        s.push_str("}\n");
        s
    }

    /// Writes the file.
    pub fn write(&self, path: &Path) -> Result<(), Fail> {
        std::fs::write(path, self.to_json()).map_err(|e| {
            Fail::new(format!(
                "{}: cannot write the saved game: {e}",
                path.display()
            ))
        })
    }

    /// Reads a save file (at most [`b5_cards::files::MAX_SAVE_FILE_BYTES`]);
    /// errors name the file, the line and the column.
    pub fn read(path: &Path) -> Result<SaveFile, Fail> {
        let text = b5_cards::files::read_text(path, b5_cards::files::MAX_SAVE_FILE_BYTES)
            .map_err(|e| Fail::new(crate::cardset::problem_line(&e)))?;
        SaveFile::parse(&text, &path.display().to_string())
    }

    /// Parses a save file's text; `shown` names it in messages.
    pub fn parse(text: &str, shown: &str) -> Result<SaveFile, Fail> {
        let save: SaveFile = serde_json::from_str(text).map_err(|e| {
            let text = e.to_string();
            let what = match text.rfind(" at line ") {
                Some(i) => &text[..i],
                None => &text,
            };
            Fail::new(format!(
                "{shown}:{}:{}: not a b5 saved game: {}",
                e.line(),
                e.column(),
                clip(what, 300)
            ))
        })?;
        if save.format != FORMAT {
            return Err(Fail::new(format!(
                "{shown}: format: \"{}\" is not a b5 saved game (expected \"{FORMAT}\")",
                b5_cards::deck::excerpt(&save.format)
            )));
        }
        if !(1..=VERSION).contains(&save.version) {
            return Err(Fail::new(format!(
                "{shown}: version: version {} is not supported (this program reads versions 1 to {VERSION})",
                save.version
            )));
        }
        if save.version >= 2 && !save.cards.is_empty() {
            return Err(Fail::new(format!(
                "{shown}: cards: a version {} save carries its card files in `card_files`, not as paths",
                save.version
            )));
        }
        if let Some(f) = save
            .card_files
            .iter()
            .find(|f| f.text.len() as u64 > b5_cards::files::MAX_CARD_FILE_BYTES)
        {
            return Err(Fail::new(format!(
                "{shown}: card_files: \"{}\" is larger than {}, the most a card file may hold",
                b5_cards::deck::excerpt(&f.file),
                b5_cards::files::size_text(b5_cards::files::MAX_CARD_FILE_BYTES)
            )));
        }
        if save.actions.len() > MAX_ACTIONS {
            return Err(Fail::new(format!(
                "{shown}: actions: {} actions; a saved game holds at most {MAX_ACTIONS}",
                save.actions.len()
            )));
        }
        check_chain(&save, shown)?;
        Ok(save)
    }

    /// The game's set-up, with card names looked up in `db`.
    pub fn setup(&self, db: &CardDb, origin: &str) -> Result<Setup, Fail> {
        let find = |name: &str, field: String| {
            db.find(name).ok_or_else(|| {
                Fail::new(format!(
                    "{origin}: {field}: unknown card \"{name}\" (were its --cards files moved?)"
                ))
            })
        };
        let list = |v: &[String], field: String| -> Result<Vec<DefId>, Fail> {
            v.iter()
                .enumerate()
                .map(|(i, n)| find(n, format!("{field}[{i}]")))
                .collect()
        };
        let mut players = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            players.push(Seat {
                name: s.name.clone(),
                race: s.race,
                faction: s.faction,
                ambassador: find(&s.ambassador, format!("seats[{i}].ambassador"))?,
                hand: list(&s.hand, format!("seats[{i}].hand"))?,
                deck: list(&s.deck, format!("seats[{i}].deck"))?,
                crusade: list(&s.crusade, format!("seats[{i}].crusade"))?,
                reserve: list(&s.reserve, format!("seats[{i}].reserve"))?,
            });
        }
        Ok(Setup {
            players,
            options: self.options.clone(),
        })
    }

    /// Replays the game: sets it up again, applies every action (calling
    /// `log` with each action's number, player, action and events), and
    /// checks that it ends where the file says. Fails naming the action
    /// number when an action is rejected, or naming what differs.
    pub fn replay(
        &self,
        db: Arc<CardDb>,
        origin: &str,
        mut log: impl FnMut(&Game, usize, PlayerId, &Action, &Events),
    ) -> Result<Game, Fail> {
        // The chain first: a changed set-up is named as such, not by what
        // it breaks later.
        let mut h = self.setup_hash();
        if let Some(c) = &self.chain {
            let now = hex(&h, SETUP_HEX);
            if now != c.setup {
                return Err(Fail::new(format!(
                    "{origin}: the set-up is not the one the save was made with: its seed, options, seats (names, races, factions, decks) or card files were changed (they hash to {now}, chain.setup says {})",
                    b5_cards::deck::excerpt(&c.setup)
                )));
            }
        }
        let setup = self.setup(&db, origin)?;
        let mut game = Game::new(setup, db, self.seed)
            .map_err(|e| Fail::new(format!("{origin}: the set-up is not legal: {e}")))?;
        // With an intact chain, a difference is the program's, not the file's.
        let why = if self.chain.is_some() {
            format!(
                "the actions are the ones saved (the action chain holds), so this program plays them differently from the one that saved the game ({})",
                b5_cards::deck::excerpt(&self.program)
            )
        } else {
            "an action of that turn or earlier was changed".to_string()
        };
        for (i, (p, a)) in self.actions.iter().enumerate() {
            let n = i + 1;
            while game.at_round_entry().is_some() {
                game.proceed();
            }
            let turn = game.turn();
            if let Some(c) = &self.chain {
                h = chain_step(&h, *p, a);
                self.check_link(c, &h, &game, n, turn, origin)?;
            }
            match game.apply(*p, *a) {
                Ok(ev) => {
                    log(&game, n, *p, a, &ev);
                    if let Some((_, saved)) = self.checkpoints.iter().find(|c| c.0 == n) {
                        let now = digest_hex(&game);
                        if &now != saved {
                            return Err(Fail::new(format!(
                                "{origin}: the replay differs from the saved game by the end of turn {turn} (after action {n} of {}): digest {now}, saved {}; {why}",
                                self.actions.len(),
                                b5_cards::deck::excerpt(saved)
                            )));
                        }
                    }
                }
                Err(e) => {
                    let also = if self.chain.is_some() {
                        format!("; {why}")
                    } else {
                        String::new()
                    };
                    return Err(Fail::new(format!(
                        "{origin}: action {n} of {} ({} by seat {p}, {}) was rejected: {e}{also}",
                        self.actions.len(),
                        serde_json::to_string(a).unwrap_or_default(),
                        game.player_name(*p),
                    )));
                }
            }
        }
        if let Some(c) = &self.chain {
            let total = self.actions.len();
            if c.actions.len() > total {
                return Err(Fail::new(format!(
                    "{origin}: chain.actions: {} entries for {total} actions: the action chain goes on after action {total} (turn {}), so the save's last actions were removed",
                    c.actions.len(),
                    game.turn()
                )));
            }
            let end = hex(&h, END_HEX);
            if end != c.end {
                return Err(Fail::new(format!(
                    "{origin}: chain.end: {} is not the end of the save's action chain ({end}): it was changed",
                    b5_cards::deck::excerpt(&c.end)
                )));
            }
        }
        let mut diffs = Vec::new();
        if game.turn() != self.turn {
            diffs.push(format!("turn {} (saved: {})", game.turn(), self.turn));
        }
        if game.is_over() != self.finished {
            diffs.push(format!(
                "finished {} (saved: {})",
                game.is_over(),
                self.finished
            ));
        }
        if game.winners() != self.winners {
            diffs.push(format!(
                "winners {:?} (saved: {:?})",
                game.winners(),
                self.winners
            ));
        }
        let victory: Vec<VictoryKind> = (0..game.num_players() as PlayerId)
            .map(|p| game.victory(p))
            .collect();
        if victory != self.victory {
            diffs.push(format!("victory {victory:?} (saved: {:?})", self.victory));
        }
        let digest = digest_hex(&game);
        if digest != self.digest {
            diffs.push(format!("digest {digest} (saved: {})", self.digest));
        }
        if !diffs.is_empty() {
            return Err(Fail::new(format!(
                "{origin}: the replay of {} actions does not end where the game did: the final {}",
                self.actions.len(),
                diffs.join(", ")
            )));
        }
        Ok(game)
    }

    /// Checks action `n`'s link of the chain (`h`, computed from the file)
    /// against the saved one; fails naming the action, its turn and what the
    /// save says there.
    fn check_link(
        &self,
        c: &Chain,
        h: &[u8; 32],
        game: &Game,
        n: usize,
        turn: u32,
        origin: &str,
    ) -> Result<(), Fail> {
        let i = n - 1;
        let saved = c.actions.get(i);
        if saved.is_some_and(|s| *s == hex(h, ACTION_HEX)) {
            return Ok(());
        }
        let (p, a) = &self.actions[i];
        // Only a legal action is put in words (describing any other could
        // name cards that do not exist).
        let words = if game.legal_actions(*p).contains(a) {
            format!(" ({})", game.describe_action(a))
        } else {
            String::new()
        };
        let said = format!("{}{words} by seat {p} ({})", j(a), game.player_name(*p));
        let why = match saved {
            Some(_) => format!(
                "the action chain (chain.actions[{i}]) was made with another: an action was changed, removed, added or moved here, or given to another seat"
            ),
            None => format!(
                "the action chain (chain.actions) ends after action {}: actions were added",
                c.actions.len()
            ),
        };
        Err(Fail::new(format!(
            "{origin}: action {n} (turn {turn}) is not the action the save was made with: the save says {said} there; {why}"
        )))
    }
}

/// The next link of the chain: `SHA-256(prev || seat || action JSON)`.
fn chain_step(prev: &[u8; 32], p: PlayerId, a: &Action) -> [u8; 32] {
    Sha256::new()
        .chain_update(prev)
        .chain_update([p])
        .chain_update(j(a).as_bytes())
        .finalize()
        .into()
}

/// The first `digits` hex digits of a hash.
fn hex(h: &[u8; 32], digits: usize) -> String {
    let mut s = String::with_capacity(64);
    for b in h {
        let _ = write!(s, "{b:02x}");
    }
    s.truncate(digits);
    s
}

/// Exactly `n` lowercase hex digits (the form the chain is written in).
fn is_hex(s: &str, n: usize) -> bool {
    s.len() == n && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The chain's shape: present exactly from version 3 on, each value the
/// right number of hex digits, no more entries than a save may hold
/// actions. (Whether it matches the actions is for `replay`, which names
/// the action.)
fn check_chain(save: &SaveFile, shown: &str) -> Result<(), Fail> {
    let c = match (&save.chain, save.version >= CHAIN_VERSION) {
        (None, false) => return Ok(()),
        (Some(_), false) => {
            return Err(Fail::new(format!(
                "{shown}: chain: a version {} save has no action chain (version {CHAIN_VERSION} added it)",
                save.version
            )))
        }
        (None, true) => {
            return Err(Fail::new(format!(
                "{shown}: chain: missing; a version {} save proves its actions with an action chain",
                save.version
            )))
        }
        (Some(c), true) => c,
    };
    let bad = |field: String, v: &str, digits: usize| {
        Fail::new(format!(
            "{shown}: {field}: \"{}\" is not {digits} hexadecimal digits (0-9, a-f)",
            b5_cards::deck::excerpt(v)
        ))
    };
    if !is_hex(&c.setup, SETUP_HEX) {
        return Err(bad("chain.setup".into(), &c.setup, SETUP_HEX));
    }
    if c.actions.len() > MAX_ACTIONS {
        return Err(Fail::new(format!(
            "{shown}: chain.actions: {} entries; a saved game holds at most {MAX_ACTIONS} actions",
            c.actions.len()
        )));
    }
    if let Some((i, v)) = c
        .actions
        .iter()
        .enumerate()
        .find(|(_, v)| !is_hex(v, ACTION_HEX))
    {
        return Err(bad(format!("chain.actions[{i}]"), v, ACTION_HEX));
    }
    if !is_hex(&c.end, END_HEX) {
        return Err(bad("chain.end".into(), &c.end, END_HEX));
    }
    Ok(())
}

/// The digest after the last action of every turn (and after the last
/// action), found by playing the actions again from the set-up.
fn checkpoints(
    db: &Arc<CardDb>,
    setup: &Setup,
    seed: u64,
    actions: &[(PlayerId, Action)],
) -> Vec<(usize, String)> {
    let Ok(mut g) = Game::new(setup.clone(), db.clone(), seed) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, (p, a)) in actions.iter().enumerate() {
        while g.at_round_entry().is_some() {
            g.proceed();
        }
        let turn = g.turn();
        if g.apply(*p, *a).is_err() {
            break;
        }
        let last = i + 1 == actions.len();
        // The turn ends when the next action stands in a later turn.
        let mut next = g.clone();
        while next.at_round_entry().is_some() && next.turn() == turn && !next.is_over() {
            next.proceed();
        }
        if last || next.turn() != turn {
            out.push((i + 1, digest_hex(&g)));
        }
    }
    out
}

/// At most `max` characters of a message that may quote the file.
fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// Compact JSON for one value.
fn j<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use b5_engine::{CardId, Target};

    fn sample() -> SaveFile {
        SaveFile {
            format: FORMAT.into(),
            version: VERSION,
            program: "b5 test".into(),
            cards: vec![],
            card_files: vec![CardFileText {
                file: "mine.toml".into(),
                text: "[cards.\"X\"]\ntype = \"event\"\n".into(),
            }],
            seed: u64::MAX,
            options: Options {
                duel_draw: false,
                turn_limit: Some(7),
                ..Default::default()
            },
            seats: vec![SavedSeat {
                name: "Narn".into(),
                race: Race::Narn,
                faction: Faction::BabylonProject,
                ambassador: "Envoy".into(),
                hand: vec!["A \"quoted\" card".into()],
                deck: vec!["B".into(), "C".into()],
                crusade: vec![],
                reserve: vec![],
            }],
            actions: vec![
                (0, Action::Pass),
                (
                    1,
                    Action::Declare {
                        card: CardId(3),
                        target: Target::Player(0),
                        pay: CardId::NONE,
                    },
                ),
            ],
            checkpoints: vec![(2, "00000000000000aa".into())],
            chain: None,
            finished: false,
            turn: 2,
            winners: vec![],
            victory: vec![VictoryKind::None],
            digest: "0123456789abcdef".into(),
        }
    }

    #[test]
    fn the_written_text_reads_back_the_same() {
        let mut save = sample();
        save.chain = Some(save.make_chain());
        let text = save.to_json();
        let back: SaveFile = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(back, save);
        assert!(text.contains("\n    [0,{\"do\":\"pass\"}],\n"), "{text}");
        let c = save.chain.as_ref().expect("a chain");
        let row = format!(
            "\"actions\": [\n      \"{}\", \"{}\"\n    ],",
            c.actions[0], c.actions[1]
        );
        assert!(text.contains(&row), "{text}");
    }

    /// The chain is the documented one, byte for byte: these values were
    /// computed apart from this code (Python's hashlib and json, compact
    /// separators) from the module documentation's recipe:
    /// `S = [42,{"duel_draw":false,"turn_limit":7,"extended_loyalty":false},[{"name":"Narn",...,"crusade":[]}],[{"file":"mine.toml",...}]]`.
    #[test]
    fn the_chain_is_the_documented_one() {
        let mut s = sample();
        s.seed = 42;
        assert_eq!(
            s.make_chain(),
            Chain {
                setup: "54d729eddbf59203".into(),
                actions: vec!["6c44c352".into(), "fc155ffd".into()],
                end: "fc155ffd25ef108a1ee4f0ba7924ad0ec1cc28ef04e78d0112e223f6471939d5".into(),
            }
        );
    }
}
