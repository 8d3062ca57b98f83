//! `b5 empires ...` through the real binary: play to the end or to `q`,
//! sim determinism, replay of a sim save, the map as text and SVG, and bad
//! arguments and files.

use crate::common;

use common::{b5, b5_with_input, scratch};

fn scenarios() -> String {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../empires/scenarios")
        .display()
        .to_string()
}

#[test]
fn play_to_the_end_with_the_computer_choosing_and_replay_the_save() {
    let dir = scratch("empires-play-end");
    let save = dir.join("game.json");
    let save_s = save.display().to_string();
    let input = "h\nm\nbogus\n".to_string() + &"a\n".repeat(20_000);
    let r = b5_with_input(
        &[
            "empires",
            "play",
            "--seed",
            "5",
            "--turn-limit",
            "3",
            "--save",
            &save_s,
        ],
        &input,
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("You are The Centauri Empire (player A)"),
        "{}",
        r.show()
    );
    assert!(
        r.stdout.contains("\"bogus\" is not a choice"),
        "{}",
        r.show()
    );
    assert!(r.stdout.contains("Key: H home"), "the map is drawn");
    assert!(
        r.stdout.contains("Round 1: Centauri's turn begins.")
            || r.stdout.contains("Round 1: Earthforce's turn begins.")
    );
    assert!(
        r.stdout.contains("The turn limit is reached") || r.stdout.contains("wins"),
        "{}",
        r.show()
    );
    // The map fits a terminal 80 columns wide.
    let map_lines = r.stdout.lines().filter(|l| {
        let t = l.trim_start();
        (l.starts_with(' ') || l.starts_with("Key"))
            && !t.starts_with('*')
            && !t.starts_with(|c: char| c.is_ascii_digit())
            && !l.contains(" at ")
            && !t.ends_with(':')
    });
    for line in map_lines {
        assert!(line.len() <= 80, "{line}");
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).expect("JSON save");
    assert_eq!(v["format"], "b5-empires-save");
    assert_eq!(v["finished"], true);
    let rep = b5(&["empires", "replay", &save_s]);
    assert_eq!(rep.code, 0, "{}", rep.show());
    assert!(rep.stdout.contains("as saved"), "{}", rep.show());
    assert!(rep.stdout.contains("draws 3 cards"), "the log is sentences");
}

#[test]
fn play_quit_saves_where_the_game_stood() {
    let dir = scratch("empires-play-quit");
    let save = dir.join("q.json");
    let save_s = save.display().to_string();
    let r = b5_with_input(
        &[
            "empires",
            "play",
            "--players",
            "3",
            "--race",
            "narn",
            "--seed",
            "9",
            "--save",
            &save_s,
        ],
        "1\nq\n",
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("You are The Narn Regime"), "{}", r.show());
    assert!(r.stdout.contains("You leave the table"), "{}", r.show());
    assert!(r.stdout.contains("Draw your cards") || r.stdout.contains("Discard"));
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(v["finished"], false);
    assert_eq!(v["setup"]["races"][0], "narn");
    let rep = b5(&["empires", "replay", "--quiet", &save_s]);
    assert_eq!(rep.code, 0, "{}", rep.show());
    assert!(
        rep.stdout.contains("stopped before its end"),
        "{}",
        rep.show()
    );
}

#[test]
fn the_human_sees_no_hidden_units_of_the_others() {
    let r = b5_with_input(&["empires", "play", "--seed", "11"], "q\n");
    assert_eq!(r.code, 0, "{}", r.show());
    // Own stack listed unit by unit, the other's only by height and top.
    let theirs = r
        .stdout
        .lines()
        .find(|l| l.starts_with("  B at "))
        .expect("the opponent's stack");
    assert!(
        theirs.contains("10 units,") && theirs.contains("on top"),
        "{theirs}"
    );
    assert!(!theirs.contains('#'), "{theirs}");
    let mine = r.stdout.lines().find(|l| l.starts_with("  A at ")).unwrap();
    assert_eq!(mine.matches('#').count(), 10, "{mine}");
}

fn sim(extra: &[&str]) -> common::Run {
    let mut args = vec!["empires", "sim", "--games", "3", "--turn-limit", "8"];
    args.extend_from_slice(extra);
    b5(&args)
}

#[test]
fn sim_is_deterministic_and_counts_every_seat() {
    let a = sim(&["--seed", "4"]);
    assert_eq!(a.code, 0, "{}", a.show());
    assert_eq!(
        a.stdout,
        sim(&["--seed", "4"]).stdout,
        "same seed, same bytes"
    );
    assert_ne!(a.stdout, sim(&["--seed", "5"]).stdout);
    // Played on every core by default: one thread or two, the same bytes.
    for threads in ["1", "2"] {
        assert_eq!(
            a.stdout,
            sim(&["--seed", "4", "--threads", threads]).stdout,
            "--threads {threads}"
        );
    }
    assert!(a.stdout.contains("rounds per game:"), "{}", a.stdout);
    let j = sim(&[
        "--seed",
        "4",
        "--json",
        "--players",
        "4",
        "--bot",
        "random,greedy",
    ]);
    assert_eq!(j.code, 0, "{}", j.show());
    let v: serde_json::Value = serde_json::from_str(&j.stdout).expect("one JSON object");
    let seats: u64 = v["races"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["seats"].as_u64().unwrap())
        .sum();
    assert_eq!(seats, 12, "3 games of 4 seats");
    assert_eq!(v["bots"].as_array().unwrap().len(), 2);
}

#[test]
fn a_sim_save_replays_and_a_changed_action_is_named() {
    let dir = scratch("empires-sim-save");
    let d = dir.display().to_string();
    let r = b5(&[
        "empires",
        "sim",
        "--seed",
        "2",
        "--games",
        "1",
        "--turn-limit",
        "6",
        "--save",
        &d,
    ]);
    assert_eq!(r.code, 0, "{}", r.show());
    let file = dir.join("game-0001.json");
    let f = file.display().to_string();
    let rep = b5(&["empires", "replay", &f]);
    assert_eq!(rep.code, 0, "{}", rep.show());
    assert!(rep.stdout.contains("Replaying"), "{}", rep.show());
    // Break the first action (a Draw becomes an End Phase).
    let text = std::fs::read_to_string(&file).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["actions"][0][1] = serde_json::json!({"action": "casualty", "unit": 0});
    let bad = dir.join("bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let rep = b5(&["empires", "replay", &bad.display().to_string()]);
    assert_eq!(rep.code, 1, "{}", rep.show());
    assert!(rep.stderr.contains("action 1 of"), "{}", rep.show());
    // Draw the save's final position.
    let svg = dir.join("end.svg");
    let m = b5(&[
        "empires",
        "map",
        "--save",
        &f,
        "--svg",
        &svg.display().to_string(),
    ]);
    assert_eq!(m.code, 0, "{}", m.show());
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn map_text_and_well_formed_svg() {
    let t = b5(&["empires", "map", "--seed", "3", "--players", "4"]);
    assert_eq!(t.code, 0, "{}", t.show());
    assert!(
        t.stdout.contains("B45"),
        "Babylon 5 at the centre:\n{}",
        t.stdout
    );
    assert_eq!(
        t.stdout.matches(" at Homesystem").count(),
        4,
        "{}",
        t.stdout
    );
    assert!(t.stdout.lines().all(|l| l.len() <= 100));
    let dir = scratch("empires-svg");
    let out = dir.join("m.svg");
    let r = b5(&[
        "empires",
        "map",
        "--map",
        "four-crowns",
        "--svg",
        &out.display().to_string(),
    ]);
    assert_eq!(r.code, 0, "{}", r.show());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<?xml"));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polygon").count(), 91, "a hex per space");
    assert_eq!(
        svg.matches("<polygon").count(),
        svg.matches("</polygon>").count()
    );
    assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
    assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
    // Nothing unescaped: every '&' starts an entity.
    for (i, _) in svg.match_indices('&') {
        let rest = &svg[i..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| rest.starts_with(e)),
            "{}",
            &rest[..rest.len().min(20)]
        );
    }
}

#[test]
fn conformance_runs_the_shipped_scenarios() {
    let r = b5(&["empires", "conformance", &scenarios()]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("22 passed, 0 failed") || r.stdout.contains(" passed, 0 failed"),
        "{}",
        r.show()
    );
    let dir = scratch("empires-conf");
    let f = dir.join("bad.toml");
    std::fs::write(&f, "title = \"x\"\nraces = [\"narn\", \"minbari\"]\n[[step]]\nexpect = { \"phase\" = \"battle\" }\n").unwrap();
    let r = b5(&["empires", "conformance", &f.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stdout.contains("FAIL") && r.stdout.contains("phase: expected"),
        "{}",
        r.show()
    );
}

#[test]
fn bad_arguments_and_files_are_errors_not_panics() {
    let dir = scratch("empires-bad");
    let bad_map = dir.join("bad.toml");
    std::fs::write(
        &bad_map,
        "name = \"x\"\n[[space]]\nname = \"A\"\nkind = \"wormhole\"\nat = [0, 0]\n",
    )
    .unwrap();
    let bad_save = dir.join("bad.json");
    std::fs::write(
        &bad_save,
        "{\"format\": \"b5-empires-save\", \"version\": 1}",
    )
    .unwrap();
    let other = dir.join("other.json");
    std::fs::write(&other, "[1, 2, 3]").unwrap();
    let m = bad_map.display().to_string();
    let s = bad_save.display().to_string();
    let o = other.display().to_string();
    let folder = dir.display().to_string();
    for (args, code, needle) in [
        (vec!["empires", "play", "--players", "7"], 2, "players"),
        (vec!["empires", "play", "--race", "vorlon"], 2, "vorlon"),
        (vec!["empires", "sim", "--games", "0"], 2, "games"),
        (vec!["empires", "sim", "--bot", "clever"], 2, "clever"),
        (
            vec!["empires", "map", "--map", "the-divide", "--players", "4"],
            2,
            "homesystems",
        ),
        (vec!["empires", "map", "--map", &m], 1, "line 4"),
        (vec!["empires", "play", "--map", &m], 1, "wormhole"),
        (
            vec!["empires", "map", "--map", "no/such/file.toml"],
            1,
            "no/such/file.toml",
        ),
        (vec!["empires", "replay", &s], 1, "bad.json"),
        (
            vec!["empires", "replay", &o],
            1,
            "not a Babylon 5 Empires save",
        ),
        (vec!["empires", "replay", &folder], 1, "folder"),
        (
            vec!["empires", "conformance", "no/such/dir"],
            2,
            "no such file",
        ),
        (vec!["empires", "frobnicate"], 2, "frobnicate"),
    ] {
        let r = b5(&args);
        assert_eq!(r.code, code, "{args:?}: {}", r.show());
        assert!(
            r.stderr.contains(needle),
            "{args:?} should name {needle}: {}",
            r.show()
        );
    }
}

fn save_json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).expect("a JSON save")
}

#[test]
fn resume_goes_on_from_a_save_to_the_end() {
    let dir = scratch("empires-resume");
    let first = dir.join("first.json");
    let again = dir.join("again.json");
    let done = dir.join("done.json");
    let (first_s, again_s, done_s) = (
        first.display().to_string(),
        again.display().to_string(),
        done.display().to_string(),
    );
    let r = b5_with_input(
        &[
            "empires",
            "play",
            "--seed",
            "9",
            "--turn-limit",
            "2",
            "--save",
            &first_s,
        ],
        &("a\n".repeat(10) + "q\n"),
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("Go on with: b5 empires play --resume"),
        "{}",
        r.show()
    );
    let saved = save_json(&first);
    let n = saved["actions"].as_array().unwrap().len();
    assert!(n >= 10, "{n} actions");
    // Resumed and left at once: the same game, action for action.
    let r = b5_with_input(
        &["empires", "play", "--resume", &first_s, "--save", &again_s],
        "q\n",
    );
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains(&format!("Resumed after {n} actions")),
        "{}",
        r.show()
    );
    let resumed = save_json(&again);
    assert_eq!(resumed["actions"], saved["actions"]);
    assert_eq!(resumed["digest"], saved["digest"]);
    assert_eq!(resumed["setup"], saved["setup"]);
    // Resumed and played to the end: the save replays as saved.
    let r = b5_with_input(
        &["empires", "play", "--resume", &first_s, "--save", &done_s],
        &"a\n".repeat(20_000),
    );
    assert_eq!(r.code, 0, "{}", r.show());
    let finished = save_json(&done);
    assert_eq!(finished["finished"], true, "{}", r.show());
    assert_eq!(
        finished["actions"].as_array().unwrap()[..n],
        saved["actions"].as_array().unwrap()[..]
    );
    let rep = b5(&["empires", "replay", "--quiet", &done_s]);
    assert_eq!(rep.code, 0, "{}", rep.show());
    // A finished game is not resumed; --resume decides the set-up.
    let r = b5_with_input(&["empires", "play", "--resume", &done_s], "q\n");
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("the game is over"), "{}", r.show());
    let r = b5(&["empires", "play", "--resume", &first_s, "--seed", "3"]);
    assert_eq!(r.code, 2, "{}", r.show());
    // A broken save is named.
    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\"format\": \"b5-empires-save\", \"version\": 1").unwrap();
    let r = b5(&["empires", "play", "--resume", &broken.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("broken.json"), "{}", r.show());
}

#[test]
fn undo_takes_back_the_last_choice() {
    let dir = scratch("empires-undo");
    let plain = dir.join("plain.json");
    let undone = dir.join("undone.json");
    let twice = dir.join("twice.json");
    let args = |save: &std::path::Path| -> Vec<String> {
        ["empires", "play", "--seed", "5", "--save"]
            .iter()
            .map(|s| s.to_string())
            .chain([save.display().to_string()])
            .collect()
    };
    let run = |save: &std::path::Path, input: &str| {
        let a = args(save);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        b5_with_input(&a, input)
    };
    // Nothing to undo at first.
    let r = run(&plain, "u\nq\n");
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("You have made no choice to undo yet."),
        "{}",
        r.show()
    );
    // A choice taken back leaves the game where it stood before it.
    let r = run(&undone, "1\nu\nq\n");
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("Undone: your last choice"),
        "{}",
        r.show()
    );
    let (p, u) = (save_json(&plain), save_json(&undone));
    assert_eq!(p["actions"], u["actions"]);
    assert_eq!(p["digest"], u["digest"]);
    // Several choices, then two undos: two choices fewer than before them.
    let r = run(&twice, "a\na\na\nu\nu\nq\n");
    assert_eq!(r.code, 0, "{}", r.show());
    assert_eq!(r.stdout.matches("Undone: your last choice").count(), 2);
    let t = save_json(&twice);
    let after_one = {
        let once = dir.join("once.json");
        run(&once, "a\nq\n");
        save_json(&once)
    };
    assert_eq!(t["actions"], after_one["actions"], "{}", r.show());
    let rep = b5(&["empires", "replay", "--quiet", &twice.display().to_string()]);
    assert_eq!(rep.code, 0, "{}", rep.show());
}

#[test]
fn ctrl_c_saves_the_game() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let dir = scratch("empires-ctrl-c");
    let save = dir.join("interrupted.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_b5"))
        .args(["empires", "play", "--seed", "4", "--save"])
        .arg(&save)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("b5 runs");
    // Wait for the first prompt (stdin stays open, so the game waits).
    let stdin = child.stdin.take();
    let mut stderr = child.stderr.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("\n> ") {
        let n = stdout.read(&mut buf).expect("reads");
        assert!(n > 0, "{}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = child.wait().expect("b5 ends");
    drop(stdin);
    let mut err = String::new();
    stderr.read_to_string(&mut err).expect("stderr");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("Interrupted: saved the game"), "{err}");
    let v = save_json(&save);
    assert_eq!(v["finished"], false);
    let rep = b5(&["empires", "replay", "--quiet", &save.display().to_string()]);
    assert_eq!(rep.code, 0, "{}", rep.show());
}
