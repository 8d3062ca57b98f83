//! Saved games: a game is its set-up plus its actions (the engine is
//! deterministic), so a save file is enough to replay it bit for bit.
//!
//! The format is JSON, one object:
//!
//! ```json
//! {
//!   "format": "b5-save",
//!   "version": 2,
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
//!   "finished": true,
//!   "turn": 12,
//!   "winners": [0],
//!   "victory": ["standard", "none"],
//!   "digest": "8f3a0c2d9b1e4f70"
//! }
//! ```
//!
//! - `format` and `version` identify the file (this is version 2; version 1
//!   files are read too); `program` is informational.
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
//!   (version 2), so that `b5 replay` catches a changed action by the end of
//!   its turn and names that turn.
//! - At the end, the state the game stood in: `finished` (over, or stopped
//!   early: a player quit), `turn`, `winners` (seats), each seat's
//!   `victory` kind, and `digest`, `Game::digest()` in 16 hex digits.
//!   `b5 replay` fails when any of these differ.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use b5_engine::{Action, CardDb, DefId, Faction, Game, Options, PlayerId, Race, Seat, Setup};
use b5_engine::{Events, VictoryKind};
use serde::{Deserialize, Serialize};

use crate::cardset::CardFileText;
use crate::Fail;

pub const FORMAT: &str = "b5-save";
pub const VERSION: u32 = 2;
/// The most actions a save file may hold (a long game has a few thousand).
pub const MAX_ACTIONS: usize = 1_000_000;

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
        SaveFile {
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
            finished: game.is_over(),
            turn: game.turn(),
            winners: game.winners(),
            victory: (0..game.num_players() as PlayerId)
                .map(|p| game.victory(p))
                .collect(),
            digest: digest_hex(game),
        }
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
        let setup = self.setup(&db, origin)?;
        let mut game = Game::new(setup, db, self.seed)
            .map_err(|e| Fail::new(format!("{origin}: the set-up is not legal: {e}")))?;
        for (i, (p, a)) in self.actions.iter().enumerate() {
            let n = i + 1;
            while game.at_round_entry().is_some() {
                game.proceed();
            }
            let turn = game.turn();
            match game.apply(*p, *a) {
                Ok(ev) => {
                    log(&game, n, *p, a, &ev);
                    if let Some((_, saved)) = self.checkpoints.iter().find(|c| c.0 == n) {
                        let now = digest_hex(&game);
                        if &now != saved {
                            return Err(Fail::new(format!(
                                "{origin}: the replay differs from the saved game by the end of turn {turn} (after action {n} of {}): digest {now}, saved {saved}; an action of that turn or earlier was changed",
                                self.actions.len()
                            )));
                        }
                    }
                }
                Err(e) => {
                    return Err(Fail::new(format!(
                        "{origin}: action {n} of {} ({} by seat {p}, {}) was rejected: {e}",
                        self.actions.len(),
                        serde_json::to_string(a).unwrap_or_default(),
                        game.player_name(*p),
                    )))
                }
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

    #[test]
    fn the_written_text_reads_back_the_same() {
        let save = SaveFile {
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
                    },
                ),
            ],
            checkpoints: vec![(2, "00000000000000aa".into())],
            finished: false,
            turn: 2,
            winners: vec![],
            victory: vec![VictoryKind::None],
            digest: "0123456789abcdef".into(),
        };
        let text = save.to_json();
        let back: SaveFile = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(back, save);
        assert!(text.contains("\n    [0,{\"do\":\"pass\"}],\n"), "{text}");
    }
}
