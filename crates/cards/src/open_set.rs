//! The Open Set: the project's own original cards and its ready-to-play
//! decks, built into the program. Every name, number and text here was
//! written for this project; none comes from the printed cards.

use b5_engine::CardDb;

use crate::deck::DeckList;
use crate::error::LoadError;

/// The card files of the Open Set, as (path, text).
pub const CARD_FILES: &[(&str, &str)] = &[
    (
        "crates/cards/data/open-set/centauri.toml",
        include_str!("../data/open-set/centauri.toml"),
    ),
    (
        "crates/cards/data/open-set/human.toml",
        include_str!("../data/open-set/human.toml"),
    ),
    (
        "crates/cards/data/open-set/minbari.toml",
        include_str!("../data/open-set/minbari.toml"),
    ),
    (
        "crates/cards/data/open-set/narn.toml",
        include_str!("../data/open-set/narn.toml"),
    ),
    (
        "crates/cards/data/open-set/non-aligned.toml",
        include_str!("../data/open-set/non-aligned.toml"),
    ),
    (
        "crates/cards/data/open-set/neutral.toml",
        include_str!("../data/open-set/neutral.toml"),
    ),
    (
        "crates/cards/data/open-set/personalities.toml",
        include_str!("../data/open-set/personalities.toml"),
    ),
    (
        "crates/cards/data/open-set/council.toml",
        include_str!("../data/open-set/council.toml"),
    ),
    (
        "crates/cards/data/open-set/drakh.toml",
        include_str!("../data/open-set/drakh.toml"),
    ),
    (
        "crates/cards/data/open-set/vocabulary.toml",
        include_str!("../data/open-set/vocabulary.toml"),
    ),
    (
        "crates/cards/data/open-set/vocabulary-effects.toml",
        include_str!("../data/open-set/vocabulary-effects.toml"),
    ),
    (
        "crates/cards/data/open-set/vocabulary-costs.toml",
        include_str!("../data/open-set/vocabulary-costs.toml"),
    ),
    (
        "crates/cards/data/open-set/vocabulary-rules.toml",
        include_str!("../data/open-set/vocabulary-rules.toml"),
    ),
    (
        "crates/cards/data/open-set/vocabulary-attacks.toml",
        include_str!("../data/open-set/vocabulary-attacks.toml"),
    ),
    (
        "crates/cards/data/open-set/vocabulary-negate.toml",
        include_str!("../data/open-set/vocabulary-negate.toml"),
    ),
    (
        "crates/cards/data/open-set/vocabulary-targets.toml",
        include_str!("../data/open-set/vocabulary-targets.toml"),
    ),
    (
        "crates/cards/data/open-set/rulebook.toml",
        include_str!("../data/open-set/rulebook.toml"),
    ),
];

/// The shipped decks, as (path, text).
pub const DECK_FILES: &[(&str, &str)] = &[
    (
        "crates/cards/data/decks/centauri.deck",
        include_str!("../data/decks/centauri.deck"),
    ),
    (
        "crates/cards/data/decks/human.deck",
        include_str!("../data/decks/human.deck"),
    ),
    (
        "crates/cards/data/decks/minbari.deck",
        include_str!("../data/decks/minbari.deck"),
    ),
    (
        "crates/cards/data/decks/narn.deck",
        include_str!("../data/decks/narn.deck"),
    ),
    (
        "crates/cards/data/decks/non-aligned.deck",
        include_str!("../data/decks/non-aligned.deck"),
    ),
    (
        "crates/cards/data/decks/narn-home.deck",
        include_str!("../data/decks/narn-home.deck"),
    ),
];

/// Loads every card of the Open Set.
pub fn cards() -> Result<Vec<b5_engine::CardDef>, LoadError> {
    let mut all = Vec::new();
    for (path, text) in CARD_FILES {
        all.extend(crate::parse_card_file(text, path)?);
    }
    Ok(all)
}

/// The Open Set as a database.
pub fn database() -> Result<CardDb, LoadError> {
    crate::database(cards()?)
}

/// The shipped decks, parsed.
pub fn decks() -> Result<Vec<DeckList>, LoadError> {
    DECK_FILES
        .iter()
        .map(|(path, text)| DeckList::parse(text, path))
        .collect()
}

/// A table of `players` seats from the shipped decks in turn, starting at
/// deck `first` (wrapping round), seats named "P0", "P1", ...: the test
/// suites' and benchmarks' standard table. Decks whose construction is
/// broken are an error.
pub fn table_seats(
    db: &CardDb,
    first: usize,
    players: usize,
) -> Result<Vec<b5_engine::Seat>, Vec<LoadError>> {
    let decks = decks().map_err(|e| vec![e])?;
    decks
        .iter()
        .cycle()
        .skip(first)
        .take(players)
        .enumerate()
        .map(|(i, d)| d.to_seat(db, &format!("P{i}")))
        .collect()
}

/// A new game at the standard table of [`table_seats`] (seat `first`
/// onwards, `players` seats), ending with no winner after `turn_limit`
/// turns: the test suites' usual game.
pub fn table_game(
    db: &std::sync::Arc<CardDb>,
    first: usize,
    players: usize,
    turn_limit: u32,
    seed: u64,
) -> Result<b5_engine::Game, String> {
    let seats = table_seats(db, first, players).map_err(|e| format!("{e:?}"))?;
    let setup = b5_engine::Setup {
        players: seats,
        options: b5_engine::Options {
            turn_limit: Some(turn_limit),
            duel_draw: false,
            ..Default::default()
        },
    };
    b5_engine::Game::new(setup, db.clone(), seed).map_err(|e| e.to_string())
}
