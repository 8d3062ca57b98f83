//! `b5 play` driven through standard input, and its saved games.

use crate::common;

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

#[test]
fn undo_takes_back_your_last_action_and_resume_goes_on() {
    let dir = scratch("play-undo-resume");
    let save = dir.join("game.json").display().to_string();
    // Pass, undo it, then leave: the save holds no action of seat 1.
    let r = play(&["--save", &save], "pass\nu\nq\n");
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("Undone: your last action"),
        "{}",
        r.show()
    );
    let text = std::fs::read_to_string(&save).expect("saved");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let mine = v["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .filter(|a| a[0] == 0)
        .count();
    assert_eq!(mine, 0, "the undone action is gone:\n{text}");
    // Undo with nothing to take back says so.
    let r = play(&[], "u\nq\n");
    assert!(
        r.stdout.contains("You have taken no action to undo yet."),
        "{}",
        r.show()
    );
    // Resume: the game goes on where it stood, and saves again.
    let cards = cards_dir();
    let before = v["actions"].as_array().expect("actions").len();
    let r = b5_with_input(
        &[
            "--cards", &cards, "play", "--resume", &save, "--save", &save,
        ],
        ".\n.\n.\nq\n",
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout
            .contains(&format!("resumed after {before} actions")),
        "{}",
        r.show()
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).expect("saved")).expect("JSON");
    assert!(v["actions"].as_array().expect("actions").len() > before);
    let rep = b5(&["replay", "-q", &save]);
    assert_eq!(rep.code, 0, "{}", rep.show());
    // --resume decides the decks: naming them too is refused.
    let r = b5(&["play", "--resume", &save, "--seed", "3"]);
    assert_eq!(r.code, 2, "{}", r.show());
}

#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_game() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let dir = scratch("play-ctrl-c");
    let save = dir.join("game.json");
    let cards = cards_dir();
    let (narn, centauri) = (deck("narn"), deck("centauri"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_b5"))
        .args(["--cards", &cards, "play", "--players", "2", "--deck", &narn])
        .args(["--opponents", &centauri, "--seed", "5", "--save"])
        .arg(&save)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("b5 starts");
    // Keep standard input open: its end would end the game by itself.
    let _stdin = child.stdin.take().expect("stdin");
    // Wait for the first question, then interrupt.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("Choose") {
        let n = stdout.read(&mut buf).expect("reads");
        assert!(n > 0, "b5 ended before asking");
        seen.extend_from_slice(&buf[..n]);
    }
    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-INT", &pid]).status();
    assert!(killed.is_ok_and(|s| s.success()));
    let mut stderr = child.stderr.take().expect("stderr");
    let status = child.wait().expect("b5 ends");
    assert_eq!(status.code(), Some(130));
    let mut err = String::new();
    stderr.read_to_string(&mut err).expect("reads");
    assert!(err.contains("Interrupted: saved the game"), "{err}");
    let rep = b5(&[
        "--cards",
        &cards,
        "replay",
        "-q",
        &save.display().to_string(),
    ]);
    assert_eq!(rep.code, 0, "{}", rep.show());
}

/// `hint` at the prompt: the search player's three best choices with their
/// chances, each written as what to type for it; typing the first takes
/// it. `--hint` shows them above every menu.
#[test]
fn a_hint_names_the_search_players_best_choices_as_typed() {
    let r = play(&[], "hint\nq\n");
    assert_eq!(r.code, 0, "{}", r.show());
    let after = r
        .stdout
        .split("for help, q to quit): ")
        .nth(1)
        .expect("a prompt");
    let lines: Vec<&str> = after.lines().take_while(|l| l.contains(" %  ")).collect();
    assert!(
        (1..=3).contains(&lines.len()),
        "one to three hints: {}",
        r.show()
    );
    for l in &lines {
        let pct: u32 = l
            .trim()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .expect("a percentage");
        assert!(pct <= 100, "{l}");
    }
    let best = lines[0].split(" %  ").nth(1).unwrap();
    let (typed, label) = best.split_once(' ').unwrap();
    let taken = play(&[], &format!("{typed}\nq\n"));
    assert!(
        taken.stdout.contains(&format!("You: {}", label.trim())),
        "typing {typed} takes \"{}\": {}",
        label.trim(),
        taken.show()
    );
    let always = play(&["--hint"], "q\n");
    assert!(
        always
            .stdout
            .contains("Hint (the search player's best for you):"),
        "{}",
        always.show()
    );
}
