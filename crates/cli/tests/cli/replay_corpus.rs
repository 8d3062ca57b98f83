//! The replay corpus (issue 24): 345 saved games of both games, made by
//! `b5 sim` and `b5 empires sim` before the engine's files were moved
//! (`tests/corpus/make.sh`; 2 to 6 players for the card game, 2 to 4 for
//! Empires, short and whole games), replay to the digests they were saved
//! with: the card game's per-turn checkpoints and action chain, Empires'
//! final digest and round. Any change to how the games play shows here, at
//! the game and action where it first differs. Remade on purpose when a
//! rule changes how games play: the last time, for issue 25's refusal of
//! an event or action whose attack cannot be made (rulings, Tu'Pari), which
//! changed 4 of the 240 card games.

use std::io::Read;
use std::path::{Path, PathBuf};

use b5_cli::cardset::CardSet;
use b5_cli::cmd::empires::EmpiresSave;
use b5_cli::save::SaveFile;

fn corpus(game: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(game);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a corpus entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "gz"))
        .collect();
    files.sort();
    files
}

fn gunzip(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}

#[test]
fn every_saved_card_game_replays_to_its_digests() {
    let db = CardSet::from_texts(Vec::new())
        .expect("the Open Set loads")
        .db;
    let files = corpus("b5");
    assert_eq!(files.len(), 240, "the corpus holds 240 card games");
    let mut actions = 0;
    let mut sizes = std::collections::BTreeSet::new();
    for f in &files {
        let shown = f.display().to_string();
        let save = SaveFile::parse(&gunzip(f), &shown).unwrap_or_else(|e| panic!("{e}"));
        // Saves made with the action chain and per-turn digests.
        assert!(save.chain.is_some(), "{shown}: no action chain");
        assert!(!save.checkpoints.is_empty(), "{shown}: no checkpoints");
        sizes.insert(save.seats.len());
        save.replay(db.clone(), &shown, |_, _, _, _, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        actions += save.actions.len();
    }
    assert_eq!(sizes.into_iter().collect::<Vec<_>>(), vec![2, 3, 4, 5, 6]);
    assert!(actions > 80_000, "{actions} actions replayed");
}

#[test]
fn every_saved_empires_game_replays_to_its_digest() {
    let files = corpus("empires");
    assert_eq!(files.len(), 105, "the corpus holds 105 Empires games");
    let mut actions = 0;
    for f in &files {
        let shown = f.display().to_string();
        let save = EmpiresSave::parse(&gunzip(f), &shown).unwrap_or_else(|e| panic!("{e}"));
        save.replay(&shown, |_, _, _, _, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        actions += save.actions.len();
    }
    assert!(actions > 10_000, "{actions} actions replayed");
}
