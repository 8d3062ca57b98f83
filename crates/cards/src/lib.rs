//! # b5-cards
//!
//! Card files in the project's TOML format (the vocabulary of the
//! conformance SPEC, and more), loaded into the engine's
//! [`CardDb`](b5_engine::CardDb) with errors that name the file, the line
//! and the field.
//!
//! A card file is a set of tables, one per card, keyed by the card's name:
//!
//! ```toml
//! [cards."Border Dispute"]
//! type = "conflict"
//! conflict = "military"
//! target = "player"
//! won = [{ gain_influence = 1 }]
//! won_by_5 = [{ tension = 1, toward = "target", mutual = true }]
//! ```
//!
//! See `docs/card-format.md` for every field and effect.

mod attack_checks;
pub mod check;
pub mod convert;
pub mod deck;
pub mod drakh_names;
pub mod error;
pub mod files;
mod negate_checks;
pub mod open_set;
mod own_card_checks;
pub mod raw;
pub mod sandbox;
pub mod text;

use std::collections::BTreeMap;
use std::path::Path;

use b5_engine::{CardDb, CardDef};
use serde::Deserialize;
use toml::Spanned;

pub use deck::DeckList;
pub use error::{LoadError, Source};
pub use raw::RawCard;

/// A card file: card tables keyed by name, with optional set metadata.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    /// The set's name, for display.
    #[allow(dead_code)]
    set: Option<String>,
    #[allow(dead_code)]
    description: Option<String>,
    #[serde(default)]
    cards: BTreeMap<Spanned<String>, Spanned<RawCard>>,
}

/// Converts the `[cards."Name"]` tables of a file (card files and
/// scenarios share them).
pub fn convert_cards(
    src: &Source,
    cards: &BTreeMap<Spanned<String>, Spanned<RawCard>>,
) -> Result<Vec<CardDef>, LoadError> {
    let mut out: Vec<(usize, CardDef)> = Vec::new();
    for (name, raw) in cards {
        let def = convert::card(src, name.get_ref(), name.span(), raw.get_ref())?;
        out.push((name.span().start, def));
    }
    // File order.
    out.sort_by_key(|x| x.0);
    Ok(out.into_iter().map(|x| x.1).collect())
}

/// The longest card name, in characters (the printed cards' longest is
/// under 40).
pub const MAX_NAME_CHARS: usize = 200;
/// The most cards one file may define.
pub const MAX_CARDS_PER_FILE: usize = 5_000;

/// Parses one card file's text.
pub fn parse_card_file(text: &str, origin: &str) -> Result<Vec<CardDef>, LoadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let src = Source::new(origin, text);
    let file = read_tables(&src, text)?;
    convert_cards(&src, &file.cards)
}

/// A card file's tables, read but not yet converted (`text` without its
/// byte-order mark).
fn read_tables(src: &Source, text: &str) -> Result<CardFile, LoadError> {
    let file: CardFile = toml::from_str(text).map_err(|e| src.toml_error(&e))?;
    if file.cards.len() > MAX_CARDS_PER_FILE {
        return Err(src.error(
            0..0,
            "cards",
            format!(
                "the file defines {} cards; a card file may define at most {MAX_CARDS_PER_FILE}: split it",
                file.cards.len()
            ),
        ));
    }
    Ok(file)
}

/// Loads a card file, or every `*.toml` file under a folder (sorted by
/// path; see [`files::walk`] for what a walk skips). Files are read within
/// [`files::MAX_CARD_FILE_BYTES`].
pub fn load_path(path: &Path) -> Result<Vec<CardDef>, LoadError> {
    let mut all = Vec::new();
    for f in card_files(path)?.files {
        let text = files::read_text(&f, files::MAX_CARD_FILE_BYTES)?;
        all.extend(parse_card_file(&text, &f.display().to_string())?);
    }
    Ok(all)
}

/// The card files a `--cards` path names: the file itself, or every
/// `*.toml` file under a folder, with the entries the walk skipped.
pub fn card_files(path: &Path) -> Result<files::Walk, LoadError> {
    let meta = std::fs::metadata(path).map_err(|e| LoadError {
        origin: path.display().to_string(),
        line: 0,
        column: 0,
        field: String::new(),
        message: format!("cannot read: {e}"),
    })?;
    if meta.is_dir() {
        files::walk(path, "toml")
    } else {
        Ok(files::Walk {
            files: vec![path.to_path_buf()],
            skipped: Vec::new(),
        })
    }
}

/// Builds a database from definitions; a name defined twice is an error
/// naming both places where possible.
pub fn database(defs: impl IntoIterator<Item = CardDef>) -> Result<CardDb, LoadError> {
    CardDb::from_defs(defs).map_err(|e| LoadError {
        origin: "card database".into(),
        line: 0,
        column: 0,
        field: String::new(),
        message: e.to_string(),
    })
}
