//! The cards a command plays with: the built-in Open Set plus the user's
//! own card files (`--cards DIR`, repeatable), the shipped decks, and the
//! resolution of a deck named on the command line (a race, a shipped deck's
//! name, or a deck file).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use b5_cards::{open_set, DeckList, LoadError};
use b5_engine::{CardDb, CardDef, Race, Seat};

use crate::Fail;

/// Where the built-in cards come from, in messages.
pub const BUILT_IN: &str = "the built-in Open Set";

/// A user's card file as loaded: where it came from (for messages only;
/// never opened again) and its text. Saved games carry these, so a replay
/// needs no paths.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFileText {
    pub file: String,
    pub text: String,
}

/// A loaded card database with where each card was defined.
pub struct CardSet {
    pub db: Arc<CardDb>,
    /// The user's card files (`--cards`), in load order, with their texts.
    pub files: Vec<CardFileText>,
    /// For each definition (by `DefId` index), the file it came from.
    pub origins: Vec<String>,
    /// The shipped decks of the Open Set.
    pub decks: Vec<DeckList>,
}

/// A deck problem as `file:line: field: message`.
pub fn problem_line(e: &LoadError) -> String {
    let mut s = e.origin.clone();
    if e.line > 0 {
        s.push_str(&format!(":{}", e.line));
    }
    s.push_str(": ");
    if !e.field.is_empty() {
        s.push_str(&e.field);
        s.push_str(": ");
    }
    s.push_str(&e.message);
    s
}

impl CardSet {
    /// The Open Set plus every card file under `dirs` (files or folders
    /// searched recursively for `*.toml`; what a walk skips is reported on
    /// standard error). A name defined twice is an error naming the card
    /// and both files.
    pub fn load(dirs: &[PathBuf]) -> Result<CardSet, Fail> {
        let mut files = Vec::new();
        for dir in dirs {
            if !dir.exists() {
                return Err(Fail::new(format!(
                    "{}: no such card file or folder (given with --cards)",
                    dir.display()
                )));
            }
            let walk = b5_cards::card_files(dir).map_err(|e| Fail::new(e.to_string()))?;
            for line in walk.skipped_lines() {
                eprintln!("warning: {line}");
            }
            for f in walk.files {
                let text = b5_cards::files::read_text(&f, b5_cards::files::MAX_CARD_FILE_BYTES)
                    .map_err(|e| Fail::new(e.to_string()))?;
                files.push(CardFileText {
                    file: f.display().to_string(),
                    text,
                });
            }
        }
        Self::from_texts(files)
    }

    /// The Open Set plus the given card files' texts (as a saved game
    /// carries them).
    pub fn from_texts(files: Vec<CardFileText>) -> Result<CardSet, Fail> {
        let mut defs: Vec<(CardDef, String)> = Vec::new();
        for (path, text) in open_set::CARD_FILES {
            let cards = b5_cards::parse_card_file(text, path)
                .map_err(|e| Fail::new(format!("{BUILT_IN} does not load: {e}")))?;
            defs.extend(
                cards
                    .into_iter()
                    .map(|d| (d, format!("{BUILT_IN} ({path})"))),
            );
        }
        for f in &files {
            let cards = b5_cards::parse_card_file(&f.text, &f.file)
                .map_err(|e| Fail::new(e.to_string()))?;
            defs.extend(cards.into_iter().map(|d| (d, f.file.clone())));
        }
        let mut db = CardDb::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut origins = Vec::with_capacity(defs.len());
        for (i, (d, origin)) in defs.into_iter().enumerate() {
            let key = d.name.to_lowercase();
            if let Some(&j) = seen.get(&key) {
                return Err(Fail::new(format!(
                    "the card \"{}\" is defined twice: in {} and in {origin}; card names must be unique",
                    d.name, origins[j]
                )));
            }
            seen.insert(key, i);
            db.insert(d).map_err(|e| {
                Fail::new(format!(
                    "{origin}: {e}: this file takes the database past it"
                ))
            })?;
            origins.push(origin);
        }
        let decks = open_set::decks()
            .map_err(|e| Fail::new(format!("a shipped deck of {BUILT_IN} does not load: {e}")))?;
        Ok(CardSet {
            db: Arc::new(db),
            files,
            origins,
            decks,
        })
    }

    /// A deck's name for tables and logs: its `name:` header, else its race,
    /// else its file name.
    pub fn deck_name(deck: &DeckList) -> String {
        if let Some(n) = &deck.name {
            return n.clone();
        }
        if let Some((r, _)) = deck.race {
            return r.display().to_string();
        }
        file_stem(&deck.origin)
    }

    /// The shipped decks, named, for messages.
    pub fn shipped_names(&self) -> String {
        if self.decks.is_empty() {
            return "none yet".into();
        }
        self.decks
            .iter()
            .map(|d| match d.race {
                Some((r, _)) => format!("{} ({})", Self::deck_name(d), r.name()),
                None => Self::deck_name(d),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The shipped deck of a race, if there is one.
    pub fn deck_for_race(&self, race: Race) -> Result<DeckList, Fail> {
        self.decks
            .iter()
            .find(|d| d.race.map(|r| r.0) == Some(race))
            .cloned()
            .ok_or_else(|| {
                Fail::usage(format!(
                    "there is no shipped deck for the {} (shipped decks: {}); give a deck file instead",
                    race.display(),
                    self.shipped_names()
                ))
            })
    }

    /// A deck named on the command line: a deck file path, a race (its
    /// shipped deck), or a shipped deck's name or file name.
    pub fn resolve_deck(&self, spec: &str) -> Result<DeckList, Fail> {
        let spec = spec.trim();
        let path = Path::new(spec);
        if path.is_file() {
            return read_deck(path);
        }
        if spec.contains(['/', '\\']) || spec.ends_with(".deck") {
            return Err(Fail::new(format!("{spec}: no such deck file")));
        }
        if let Some(r) = Race::parse(spec) {
            return self.deck_for_race(r);
        }
        let low = spec.to_lowercase();
        if let Some(d) = self.decks.iter().find(|d| {
            Self::deck_name(d).to_lowercase() == low || file_stem(&d.origin).to_lowercase() == low
        }) {
            return Ok(d.clone());
        }
        Err(Fail::usage(format!(
            "unknown deck \"{spec}\": give a race (centauri, human, minbari, narn, non-aligned), a shipped deck's name, or a deck file (shipped decks: {})",
            self.shipped_names()
        )))
    }

    /// A deck as a seat at the table, after the construction checks.
    pub fn seat(&self, deck: &DeckList, name: &str) -> Result<Seat, Fail> {
        deck.to_seat(&self.db, name).map_err(|problems| {
            let lines: Vec<String> = problems.iter().map(problem_line).collect();
            Fail::new(format!(
                "the deck {} is not legal:\n{}",
                deck.origin,
                lines.join("\n")
            ))
        })
    }

    /// Names of cards close to `name` (containing it, or a few edits away),
    /// best first. Linear in the number of cards: a name longer than any
    /// card name gets no suggestion, and the edit distance is only worked
    /// out for names of about the same length.
    pub fn suggest(&self, name: &str) -> Vec<String> {
        let low = name.to_lowercase();
        let q = low.chars().count();
        if q == 0 || q > b5_cards::MAX_NAME_CHARS {
            return Vec::new();
        }
        let limit = (q / 5).max(2);
        let mut scored: Vec<(usize, String)> = self
            .db
            .iter()
            .filter_map(|(_, d)| {
                let n = d.name.to_lowercase();
                if n.contains(&low) || low.contains(&n) {
                    return Some((0, d.name.clone()));
                }
                let len = n.chars().count();
                // A name may be typed in part: compare with its beginning too.
                let prefix = if len + limit >= q {
                    (q.saturating_sub(1)..=q + 2)
                        .map(|k| edit_distance(&low, &n.chars().take(k).collect::<String>()))
                        .min()
                        .unwrap_or(usize::MAX)
                        .saturating_add(1)
                } else {
                    usize::MAX
                };
                let whole = if len.abs_diff(q) <= limit {
                    edit_distance(&low, &n)
                } else {
                    usize::MAX
                };
                let dist = whole.min(prefix);
                (dist <= limit).then(|| (dist, d.name.clone()))
            })
            .collect();
        scored.sort();
        // Only the closest (and those one edit further).
        let best = scored.first().map(|x| x.0).unwrap_or(0);
        scored
            .into_iter()
            .filter(|x| x.0 <= best + 1)
            .take(5)
            .map(|x| x.1)
            .collect()
    }
}

/// Reads and parses a deck file (syntax errors name the file and line).
pub fn read_deck(path: &Path) -> Result<DeckList, Fail> {
    let text = b5_cards::files::read_text(path, b5_cards::files::MAX_DECK_FILE_BYTES)
        .map_err(|e| Fail::new(problem_line(&e)))?;
    DeckList::parse(&text, &path.display().to_string()).map_err(|e| Fail::new(problem_line(&e)))
}

fn file_stem(origin: &str) -> String {
    Path::new(origin)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| origin.to_string())
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Seat names for a table: each deck's race ("Narn"), numbered when a race
/// sits twice ("Narn", "Narn 2").
pub fn seat_names(decks: &[DeckList]) -> Vec<String> {
    let base: Vec<String> = decks
        .iter()
        .map(|d| match (d.race, d.faction.map(|f| f.0)) {
            (Some((r, _)), None | Some(b5_engine::Faction::BabylonProject)) => {
                r.display().to_string()
            }
            // "Narn Home", "Human Psi Corps": the faction tells two of a race apart.
            (Some((r, _)), Some(f)) => {
                let words: Vec<String> = f
                    .name()
                    .split(' ')
                    .map(|w| {
                        let mut c = w.chars();
                        c.next()
                            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                            .unwrap_or_default()
                    })
                    .collect();
                format!("{} {}", r.display(), words.join(" "))
            }
            (None, _) => CardSet::deck_name(d),
        })
        .collect();
    let mut out = Vec::with_capacity(base.len());
    for (i, b) in base.iter().enumerate() {
        let before = base[..i].iter().filter(|x| *x == b).count();
        if before == 0 {
            out.push(b.clone());
        } else {
            out.push(format!("{b} {}", before + 1));
        }
    }
    out
}
