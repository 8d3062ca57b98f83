//! `b5 play` driven through standard input, and its saved games.

mod common;

use common::{b5, b5_with_input, cards_dir, deck, scratch};

fn play(extra: &[&str], input: &str) -> common::Run {
    let cards = cards_dir();
    let (narn, centauri) = (deck("narn"), deck("centauri"));
    let mut args = vec![
        "--cards",
        &cards,
        "play",
        "--players",
        "2",
        "--deck",
        &narn,
        "--opponents",
        &centauri,
        "--seed",
        "5",
    ];
    args.extend_from_slice(extra);
    b5_with_input(&args, input)
}

#[test]
fn a_game_played_through_a_pipe_ends_and_replays() {
    let dir = scratch("play-end");
    let save = dir.join("game.json").display().to_string();
    let ones = ".\n".repeat(20_000);
    let r = play(
        &["--turn-limit", "3", "--bot", "random", "--save", &save],
        &ones,
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("Game over"), "{}", r.show());
    assert!(
        r.stdout.contains("wins") || r.stdout.contains("No winner"),
        "{}",
        r.show()
    );
    // The table and the choices were shown, and the log as sentences.
    assert!(r.stdout.contains("Your hand"), "{}", r.show());
    assert!(r.stdout.contains("Inner Circle"), "{}", r.show());
    assert!(r.stdout.contains("Your choices"), "{}", r.show());
    assert!(r.stdout.contains("  * Narn: "), "{}", r.show());
    // A window closing with nobody acting is one line saying what was passed.
    assert!(
        r.stdout.contains(": passes (actions in initiative order)."),
        "{}",
        r.show()
    );
    assert!(!r.stdout.contains("(0 severe damage)"), "{}", r.show());
    assert!(r.stdout.contains("Saved the game"), "{}", r.show());

    let rep = b5(&["replay", &save]);
    assert_eq!(rep.code, 0, "{}", rep.show());
    assert!(rep.stdout.contains("Game over"), "{}", rep.show());
}

#[test]
fn quitting_saves_a_game_that_replays() {
    let dir = scratch("play-quit");
    let save = dir.join("quit.json").display().to_string();
    let r = play(
        &["--save", &save],
        ".\nnonsense\n9999\nh\nt\nwhy\n?0\n?9999\nc Practice Clerk\nq\n",
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("\"nonsense\" is not a choice"),
        "{}",
        r.show()
    );
    assert!(
        r.stdout.contains("\"9999\" is not a choice"),
        "{}",
        r.show()
    );
    assert!(r.stdout.contains("q, quit"), "help is shown:\n{}", r.show());
    assert!(
        r.stdout.contains("Symbols on the table"),
        "the legend is shown:\n{}",
        r.show()
    );
    // Card text by number (the ambassador, #0) and by name.
    assert!(r.stdout.contains("Practice Narn Envoy"), "{}", r.show());
    assert!(
        r.stdout
            .contains("#9999: no card of that number is in your sight"),
        "{}",
        r.show()
    );
    assert!(
        r.stdout.contains("Practice Clerk (") || r.stdout.contains("Practice Clerk\n"),
        "{}",
        r.show()
    );
    assert!(r.stdout.contains("You left the game"), "{}", r.show());
    let rep = b5(&["replay", "-q", &save]);
    assert_eq!(rep.code, 0, "{}", rep.show());
    assert!(
        rep.stdout.contains("stopped before its end"),
        "{}",
        rep.show()
    );
}

#[test]
fn the_end_of_the_input_stops_the_game() {
    let r = play(&[], "");
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("end of input"), "{}", r.show());
}
