//! The commands with the built-in Open Set's shipped decks, as a user runs
//! them (skipped while the Open Set ships no decks).

use crate::common;

use common::{b5, b5_with_input, scratch};

fn shipped() -> bool {
    !b5_cards::open_set::DECK_FILES.is_empty()
}

#[test]
fn play_a_shipped_race_to_the_turn_limit_and_replay() {
    if !shipped() {
        return;
    }
    let dir = scratch("shipped-play");
    let save = dir.join("narn.json").display().to_string();
    let r = b5_with_input(
        &[
            "play",
            "--players",
            "2",
            "--race",
            "narn",
            "--seed",
            "3",
            "--turn-limit",
            "3",
            "--bot",
            "random",
            "--save",
            &save,
        ],
        &".\n".repeat(20_000),
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("Game over"), "{}", r.show());
    let rep = b5(&["replay", "--quiet", &save]);
    assert_eq!(rep.code, 0, "{}", rep.show());
}

#[test]
fn sim_and_deck_check_with_the_shipped_decks() {
    if !shipped() {
        return;
    }
    let r = b5(&["sim", "--games", "2", "--players", "3", "--seed", "4"]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("actions per game"), "{}", r.show());
    let r = b5(&[
        "sim",
        "--games",
        "1",
        "--decks",
        "narn,narn",
        "--players",
        "2",
    ]);
    assert_ne!(r.code, 0, "one Narn faction per table:\n{}", r.show());
    assert!(r.stderr.contains("Narn"), "{}", r.show());
}
