//! Deck lists: a simple text format, and the Engine Rules' deck
//! construction checks (Playing the Game: Deck construction rules; Preparing
//! to Play).
//!
//! ```text
//! # Comments start with '#'.
//! name: Narn Regime
//! race: narn
//! faction: babylon project
//!
//! [ambassador]
//! 1 Envoy of the Kha'Ri Hall
//!
//! [hand]
//! 1 Border Watch Captain
//! 1 Thunder Wing
//! 1 Old Grudges
//!
//! [deck]
//! 3 Border Raid
//! 2 Lesser Attache
//!
//! [crusade]
//! 1 Some Card
//!
//! [reserve]
//! 1 Some ISA Card
//! ```
//!
//! Header lines are `key: value` (`name`, `race`, `faction`); every other
//! line is `N Card Name` under a section: `[ambassador]` (exactly one card),
//! `[hand]` (the starting hand), `[deck]`, and optionally `[crusade]` and
//! `[reserve]` (the ISA pile: at most 20 cards, outside the game; copies
//! count toward the limits with the deck's: Engine Rules v1.2,
//! Reserve/sideboard/ISA Pile and the Engine).

use b5_engine::{
    ambassador_problem, faction_available, CardDb, CardType, DefId, Faction, Race, Seat,
};

use crate::error::LoadError;

/// The most copies of one card (same name, type and racial loyalty).
pub const MAX_COPIES: usize = 3;
/// The least cards in a deck, not counting the starting hand and cards that
/// start in play.
pub const MIN_DECK: usize = 60;
/// The least cards in a deck when playing with a Crusade Pile.
pub const MIN_DECK_WITH_CRUSADE: usize = 70;

/// The most cards a deck list may name in all (every section): a legal
/// deck holds about 60 to 100, so anything larger is a mistake.
pub const MAX_LIST_CARDS: usize = 300;

/// One `N Card Name` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub count: usize,
    pub name: String,
    pub line: usize,
}

/// A parsed deck list (names not yet checked against a card database).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckList {
    pub origin: String,
    pub name: Option<String>,
    pub race: Option<(Race, usize)>,
    pub faction: Option<(Faction, usize)>,
    pub ambassador: Vec<Entry>,
    pub hand: Vec<Entry>,
    pub deck: Vec<Entry>,
    pub crusade: Vec<Entry>,
    /// The reserve (ISA pile).
    pub reserve: Vec<Entry>,
}

#[derive(Clone, Copy, PartialEq)]
enum Section {
    None,
    Ambassador,
    Hand,
    Deck,
    Crusade,
    Reserve,
}

/// At most 60 characters of a piece of user text, for a message.
pub fn excerpt(s: &str) -> String {
    const MAX: usize = 60;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(MAX).collect();
        format!("{head}...")
    }
}

fn err(origin: &str, line: usize, field: &str, message: impl Into<String>) -> LoadError {
    LoadError {
        origin: origin.to_string(),
        line,
        column: 1,
        field: field.to_string(),
        message: message.into(),
    }
}

impl DeckList {
    /// Parses a deck list; the first syntax problem is an error naming its line.
    pub fn parse(text: &str, origin: &str) -> Result<DeckList, LoadError> {
        let mut d = DeckList {
            origin: origin.to_string(),
            ..DeckList::default()
        };
        let mut section = Section::None;
        let mut total = 0usize;
        // A byte-order mark (as some editors write) is not part of the header.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if let Some(s) = line.strip_prefix('[') {
                let name = s.strip_suffix(']').ok_or_else(|| {
                    err(
                        origin,
                        line_no,
                        "section",
                        format!("\"{}\": a section is written [name]", excerpt(line)),
                    )
                })?;
                section = match name.trim().to_lowercase().as_str() {
                    "ambassador" => Section::Ambassador,
                    "hand" | "starting hand" => Section::Hand,
                    "deck" => Section::Deck,
                    "crusade" | "crusade pile" => Section::Crusade,
                    "reserve" | "isa pile" | "sideboard" => Section::Reserve,
                    other => {
                        return Err(err(
                            origin,
                            line_no,
                            "section",
                            format!("unknown section [{}] (expected [ambassador], [hand], [deck], [crusade], [reserve])", excerpt(other)),
                        ))
                    }
                };
                continue;
            }
            if section == Section::None {
                let (k, v) = line.split_once(':').ok_or_else(|| {
                    err(
                        origin,
                        line_no,
                        "header",
                        format!("\"{}\": before the first section, lines are `name: ...`, `race: ...` or `faction: ...`", excerpt(line)),
                    )
                })?;
                let v = v.trim();
                match k.trim().to_lowercase().as_str() {
                    "name" => d.name = Some(v.to_string()),
                    "race" => {
                        let r = Race::parse(v).filter(|r| r.is_playable()).ok_or_else(|| {
                            err(
                                origin,
                                line_no,
                                "race",
                                format!("\"{}\" is not a race a player can choose (centauri, human, minbari, narn, non-aligned)", excerpt(v)),
                            )
                        })?;
                        d.race = Some((r, line_no));
                    }
                    "faction" => {
                        let f = Faction::parse(v).ok_or_else(|| {
                            err(
                                origin,
                                line_no,
                                "faction",
                                format!("\"{}\" is not a faction (babylon project, home, corporate, psi corps)", excerpt(v)),
                            )
                        })?;
                        d.faction = Some((f, line_no));
                    }
                    other => {
                        return Err(err(
                            origin,
                            line_no,
                            "header",
                            format!(
                                "unknown header `{}` (expected name, race, faction)",
                                excerpt(other)
                            ),
                        ))
                    }
                }
                continue;
            }
            let (count_text, name) = line.split_once(char::is_whitespace).ok_or_else(|| {
                err(
                    origin,
                    line_no,
                    "entry",
                    format!(
                        "\"{}\": expected `N Card Name`, e.g. `3 Border Raid`",
                        excerpt(line)
                    ),
                )
            })?;
            let count = count_text;
            let count: usize = match count.parse() {
                Ok(n) => n,
                // All digits, but too large to count.
                Err(_) if count.bytes().all(|b| b.is_ascii_digit()) => usize::MAX,
                Err(_) => {
                    return Err(err(
                        origin,
                        line_no,
                        "entry",
                        format!(
                            "\"{}\" is not a number of copies (expected `N Card Name`)",
                            excerpt(count)
                        ),
                    ))
                }
            };
            if count == 0 {
                return Err(err(
                    origin,
                    line_no,
                    "entry",
                    "a count of 0: leave the line out",
                ));
            }
            // At most 3 copies of a card is a construction check (`check`
            // lists every problem); here only the list's size is bounded.
            total = total.saturating_add(count);
            if total > MAX_LIST_CARDS {
                return Err(err(
                    origin,
                    line_no,
                    "deck",
                    format!("the list names more than {MAX_LIST_CARDS} cards by this line (a count of {}); a deck holds 60 to about 100, with at most {MAX_COPIES} copies of a card", excerpt(count_text)),
                ));
            }
            let name = name.trim();
            let chars = name.chars().count();
            if chars > crate::MAX_NAME_CHARS {
                return Err(err(
                    origin,
                    line_no,
                    "card",
                    format!(
                        "a card name of {chars} characters; names are at most {}",
                        crate::MAX_NAME_CHARS
                    ),
                ));
            }
            let e = Entry {
                count,
                name: name.to_string(),
                line: line_no,
            };
            match section {
                Section::Ambassador => d.ambassador.push(e),
                Section::Hand => d.hand.push(e),
                Section::Deck => d.deck.push(e),
                Section::Crusade => d.crusade.push(e),
                Section::Reserve => d.reserve.push(e),
                Section::None => unreachable!("handled above"),
            }
        }
        Ok(d)
    }

    pub fn deck_size(&self) -> usize {
        self.deck.iter().map(|e| e.count).sum()
    }

    /// Checks the list against the card database and the construction
    /// rules; returns every problem found (empty when legal).
    pub fn check(&self, db: &CardDb) -> Vec<LoadError> {
        let mut problems = Vec::new();
        let o = &self.origin;
        let race = match self.race {
            Some((r, _)) => Some(r),
            None => {
                problems.push(err(
                    o,
                    1,
                    "race",
                    "the list names no race (add a line `race: narn`, for example)",
                ));
                None
            }
        };
        let faction = self.faction.map(|f| f.0).unwrap_or(Faction::BabylonProject);
        if let (Some(r), Some((f, line))) = (race, self.faction) {
            if !faction_available(r, f) {
                problems.push(err(
                    o,
                    line,
                    "faction",
                    format!("the {} faction is not available to {r}", f.name()),
                ));
            }
        }
        // Every name must be a known card.
        let mut found: Vec<(&Entry, DefId)> = Vec::new();
        for e in self
            .ambassador
            .iter()
            .chain(self.hand.iter())
            .chain(self.deck.iter())
            .chain(self.crusade.iter())
            .chain(self.reserve.iter())
        {
            match db.find(&e.name) {
                Some(d) => found.push((e, d)),
                None => problems.push(err(
                    o,
                    e.line,
                    "card",
                    format!("unknown card \"{}\"", e.name),
                )),
            }
        }
        // At most 3 copies of a card, counting every section.
        let mut seen: Vec<DefId> = Vec::new();
        for (e, d) in &found {
            if seen.contains(d) {
                continue;
            }
            seen.push(*d);
            let total: usize = found
                .iter()
                .filter(|(_, x)| x == d)
                .map(|(e, _)| e.count)
                .sum();
            if total > MAX_COPIES {
                problems.push(err(
                    o,
                    e.line,
                    "copies",
                    format!(
                        "{} copies of \"{}\" in all; a deck may hold at most {MAX_COPIES} copies of a card",
                        total,
                        db.get(*d).name
                    ),
                ));
            }
        }
        // The ambassador.
        let amb_count: usize = self.ambassador.iter().map(|e| e.count).sum();
        if amb_count != 1 {
            let line = self.ambassador.first().map(|e| e.line).unwrap_or(1);
            problems.push(err(
                o,
                line,
                "ambassador",
                format!("the [ambassador] section must name exactly one card, not {amb_count}"),
            ));
        } else if let (Some(r), Some(e)) = (race, self.ambassador.first()) {
            if let Some(d) = db.find(&e.name) {
                if let Some(why) = ambassador_problem(db.get(d), r, faction) {
                    problems.push(err(
                        o,
                        e.line,
                        "ambassador",
                        format!("\"{}\" cannot be the ambassador: {why}", e.name),
                    ));
                }
            }
        }
        // The starting hand: up to three cards of different types, plus a
        // second species ambassador for the Non-Aligned.
        let mut hand: Vec<(usize, DefId)> = Vec::new();
        for e in &self.hand {
            if let Some(d) = db.find(&e.name) {
                for _ in 0..e.count {
                    hand.push((e.line, d));
                }
            }
        }
        if race == Some(Race::NonAligned) {
            if let Some(i) = hand.iter().position(|(_, d)| {
                let c = db.get(*d);
                c.card_type == CardType::Character
                    && c.race == Race::NonAligned
                    && c.kw.species_ambassador
            }) {
                hand.remove(i);
            }
        }
        if hand.len() > 3 {
            problems.push(err(
                o,
                self.hand.first().map(|e| e.line).unwrap_or(1),
                "hand",
                format!("the starting hand holds {} cards; it is at most three cards of different types", hand.len()),
            ));
        }
        for (i, (line, d)) in hand.iter().enumerate() {
            let t = db.get(*d).card_type;
            if hand[..i].iter().any(|(_, x)| db.get(*x).card_type == t) {
                problems.push(err(
                    o,
                    *line,
                    "hand",
                    format!(
                        "a second {} in the starting hand; its cards must be of different types",
                        t.name()
                    ),
                ));
            }
        }
        // The reserve: "it cannot exceed 20 cards and you cannot break the
        // deck construction limits with it" (copies are counted above).
        let reserve: usize = self.reserve.iter().map(|e| e.count).sum();
        if reserve > b5_engine::RESERVE_MAX {
            problems.push(err(
                o,
                self.reserve.first().map(|e| e.line).unwrap_or(1),
                "reserve",
                format!(
                    "the reserve holds {reserve} cards; it may hold at most {}",
                    b5_engine::RESERVE_MAX
                ),
            ));
        }
        // Deck size.
        let min = if self.crusade.is_empty() {
            MIN_DECK
        } else {
            MIN_DECK_WITH_CRUSADE
        };
        let size = self.deck_size();
        if size < min {
            let line = self.deck.first().map(|e| e.line).unwrap_or(1);
            problems.push(err(
                o,
                line,
                "deck",
                format!(
                    "the deck holds {size} cards; it needs at least {min}{}, not counting the starting hand and the ambassador",
                    if self.crusade.is_empty() { "" } else { " with a Crusade Pile" }
                ),
            ));
        }
        problems
    }

    /// The list as a seat at the table (after a successful check).
    pub fn to_seat(&self, db: &CardDb, name: &str) -> Result<Seat, Vec<LoadError>> {
        let problems = self.check(db);
        if !problems.is_empty() {
            return Err(problems);
        }
        let expand = |list: &[Entry]| -> Vec<DefId> {
            list.iter()
                .flat_map(|e| std::iter::repeat_n(db.find(&e.name).expect("checked"), e.count))
                .collect()
        };
        Ok(Seat {
            name: name.to_string(),
            race: self.race.expect("checked").0,
            faction: self.faction.map(|f| f.0).unwrap_or(Faction::BabylonProject),
            ambassador: db.find(&self.ambassador[0].name).expect("checked"),
            hand: expand(&self.hand),
            deck: expand(&self.deck),
            crusade: expand(&self.crusade),
            reserve: expand(&self.reserve),
        })
    }
}
