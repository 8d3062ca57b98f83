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

pub mod convert;
pub mod deck;
pub mod error;
pub mod open_set;
pub mod raw;
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

/// Parses one card file's text.
pub fn parse_card_file(text: &str, origin: &str) -> Result<Vec<CardDef>, LoadError> {
    let src = Source::new(origin, text);
    let file: CardFile = toml::from_str(text).map_err(|e| src.toml_error(&e))?;
    convert_cards(&src, &file.cards)
}

/// Loads a card file, or every `*.toml` file under a folder (sorted by path).
pub fn load_path(path: &Path) -> Result<Vec<CardDef>, LoadError> {
    let io = |e: std::io::Error, p: &Path| LoadError {
        origin: p.display().to_string(),
        line: 0,
        column: 0,
        field: String::new(),
        message: format!("cannot read: {e}"),
    };
    if path.is_dir() {
        let files = toml_files(path).map_err(|e| io(e, path))?;
        let mut all = Vec::new();
        for f in files {
            all.extend(load_path(&f)?);
        }
        Ok(all)
    } else {
        let text = std::fs::read_to_string(path).map_err(|e| io(e, path))?;
        parse_card_file(&text, &path.display().to_string())
    }
}

/// Every `*.toml` file under a folder, sorted by path (the order cards load
/// in).
pub fn toml_files(dir: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut files = Vec::new();
    collect_toml(dir, &mut files)?;
    files.sort();
    Ok(files)
}

fn collect_toml(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let p = entry?.path();
        if p.is_dir() {
            collect_toml(&p, out)?;
        } else if p.extension().is_some_and(|e| e == "toml") {
            out.push(p);
        }
    }
    Ok(())
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
