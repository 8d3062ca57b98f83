//! Hostile input, through the real binary: the inputs that once broke the
//! program (kept as regression cases), inputs far past the documented
//! limits (docs/limits.md), and folders that loop or hold pipes. Each must
//! end with a clear message naming what was wrong, never a panic or a hang.

use crate::common;

use std::path::Path;

use common::{b5, cards_dir, deck, scratch};

fn fixture(name: &str) -> String {
    common::fixtures()
        .join("hostile")
        .join(name)
        .display()
        .to_string()
}

/// A 2-player game saved by `b5 sim` (the base that save mutations start from).
fn saved_game(dir: &Path, extra: &[&str]) -> String {
    let saves = dir.join("saves");
    let mut args = vec!["sim", "--games", "1", "--seed", "5"];
    if !extra.contains(&"--players") {
        args.extend_from_slice(&["--players", "2"]);
    }
    args.extend_from_slice(extra);
    let saves_s = saves.display().to_string();
    args.extend_from_slice(&["--save", &saves_s]);
    let r = b5(&args);
    assert_eq!(r.code, 0, "{}", r.show());
    saves.join("game-0001.json").display().to_string()
}

#[test]
fn huge_counts_are_refused_with_their_line() {
    // The count once wrapped the sums: a 61-card "legal" deck, then a
    // capacity-overflow panic in sim.
    let r = b5(&["deck", "check", &fixture("huge-count.deck")]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stdout.contains("huge-count.deck:11: deck:"),
        "{}",
        r.show()
    );
    assert!(r.stdout.contains("18446744073709551615"), "{}", r.show());
    let r = b5(&[
        "sim",
        "--games",
        "1",
        "--decks",
        &format!("{},narn", fixture("huge-count.deck")),
    ]);
    assert_eq!(r.code, 1, "{}", r.show());
    // A huge count in the starting hand once allocated until the process died.
    let r = b5(&["deck", "check", &fixture("huge-hand.deck")]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stdout.contains("huge-hand.deck:7: deck:"), "{}", r.show());
    // Copies above three are a construction problem listed with the others.
    let r = b5(&["deck", "check", &fixture("four-copies.deck")]);
    assert!(
        r.stdout.contains("four-copies.deck:12: copies: 4 copies"),
        "{}",
        r.show()
    );
}

#[test]
fn long_names_are_refused_not_formatted() {
    // `b5 cards` once panicked formatting a table column 65,536 wide.
    let dir = scratch("hostile-long-name");
    let name = "x".repeat(70_000);
    std::fs::write(
        dir.join("long.toml"),
        format!("[cards.\"{name}\"]\ntype = \"event\"\ncost = 1\n"),
    )
    .expect("write");
    let d = dir.display().to_string();
    let r = b5(&["--cards", &d, "cards"]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("long.toml:1:"), "{}", r.show());
    assert!(
        r.stderr
            .contains("a card name of 70000 characters; names are at most 200"),
        "{}",
        r.show()
    );
    assert!(
        r.stderr.len() < 2_000,
        "the message quotes the whole name: {}",
        r.stderr.len()
    );
    // Asking for such a name: no card, a short message.
    let r = b5(&["cards", &name]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("no card is named \"xxxx"), "{}", r.show());
    assert!(r.stderr.len() < 500, "{}", r.stderr.len());
}

#[cfg(unix)]
#[test]
fn folder_walks_visit_real_files_once() {
    use std::os::unix::fs::symlink;
    let dir = scratch("hostile-walk");
    let cards = dir.join("cards");
    std::fs::create_dir_all(cards.join("sub")).expect("mkdir");
    std::fs::copy(
        common::fixtures().join("cards/practice.toml"),
        cards.join("sub/practice.toml"),
    )
    .expect("copy");
    // Two links to the folder itself (once an endless walk), a link to a
    // file already read (once "defined twice"), and a pipe named *.toml
    // (once a blocked read).
    symlink("..", cards.join("sub/up")).expect("link");
    symlink(".", cards.join("self")).expect("link");
    symlink("sub/practice.toml", cards.join("again.toml")).expect("link");
    let fifo = cards.join("pipe.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let c = cards.display().to_string();
    let r = b5(&["--cards", &c, "cards", "--type", "event"]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("Practice Gossip"), "{}", r.show());
    assert!(
        r.stderr
            .contains("self: skipped: a link to a folder already read"),
        "{}",
        r.show()
    );
    assert!(
        r.stderr
            .contains("up: skipped: a link to a folder already read"),
        "{}",
        r.show()
    );
    assert!(
        r.stderr
            .contains("practice.toml: skipped: the same file as another one already read"),
        "{}",
        r.show()
    );
    if made {
        assert!(
            r.stderr.contains("pipe.toml: skipped: not a regular file"),
            "{}",
            r.show()
        );
        // Named directly, a pipe is refused before it is opened.
        let p = fifo.display().to_string();
        let r = b5(&["deck", "check", &p]);
        assert!(r.stdout.contains("not a regular file"), "{}", r.show());
        let r = b5(&["conformance", &c]);
        assert!(r.stderr.contains("pipe.toml: skipped"), "{}", r.show());
    }
}

#[test]
fn a_save_never_makes_the_program_read_a_path() {
    let dir = scratch("hostile-save-paths");
    // Version 1 saves named their card folders; "/dev/zero" read until
    // memory ran out, "/" walked the disk. Such paths are never read now.
    for f in ["save-dev-zero.json", "save-root.json"] {
        let r = b5(&["replay", &fixture(f)]);
        assert_eq!(r.code, 2, "{}", r.show());
        assert!(
            r.stderr
                .contains("a save's paths are never read: give them with --cards"),
            "{}",
            r.show()
        );
    }
    // A game played with --cards carries the card files' texts: it replays
    // with no path at all, even once the folder is gone.
    let copy = dir.join("mine");
    std::fs::create_dir_all(&copy).expect("mkdir");
    std::fs::copy(
        common::fixtures().join("cards/practice.toml"),
        copy.join("practice.toml"),
    )
    .expect("copy");
    let c = copy.display().to_string();
    let save = saved_game(
        &dir,
        &[
            "--cards",
            &c,
            "--decks",
            &format!("{},{}", deck("narn"), deck("human")),
        ],
    );
    std::fs::remove_dir_all(&copy).expect("rm");
    let text = std::fs::read_to_string(&save).expect("the save");
    assert!(
        text.contains("\"card_files\": [{\"file\":"),
        "{}",
        &text[..300]
    );
    let r = b5(&["replay", "--quiet", &save]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("as saved"), "{}", r.show());
    // Card files a save carries are checked like any card file.
    let bad = dir.join("bad-cards.json");
    std::fs::write(
        &bad,
        text.replace("type = \\\"character\\\"", "type = \\\"starship\\\""),
    )
    .expect("write");
    let r = b5(&["replay", "--quiet", &bad.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("card_files:"), "{}", r.show());
    assert!(r.stderr.contains("starship"), "{}", r.show());
}

#[test]
fn did_you_mean_stays_linear() {
    // 100,000 unknown card lines once took 79 s (now past the 1 MiB and 300-card limits); a 100,000-character name 7 s.
    let dir = scratch("hostile-suggest");
    let mut text = String::from("name: many\nrace: narn\n\n[deck]\n");
    for i in 0..30_000 {
        text.push_str(&format!("1 Practice Senatr {i}\n"));
    }
    let f = dir.join("many.deck");
    std::fs::write(&f, &text).expect("write");
    let r = b5(&[
        "--cards",
        &cards_dir(),
        "deck",
        "check",
        &f.display().to_string(),
    ]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stdout
            .contains("many.deck:305: deck: the list names more than 300 cards"),
        "{}",
        r.show()
    );
    let mut text = String::from("name: long\nrace: narn\n\n[deck]\n");
    text.push_str(&format!("1 {}\n", "Practice Senator".repeat(6_250)));
    let f = dir.join("long.deck");
    std::fs::write(&f, &text).expect("write");
    let r = b5(&[
        "--cards",
        &cards_dir(),
        "deck",
        "check",
        &f.display().to_string(),
    ]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stdout
            .contains("long.deck:5: card: a card name of 100000 characters"),
        "{}",
        r.show()
    );
    // Many unknown names within the limits: every one listed, the first
    // twenty with suggestions.
    let mut text = String::from("name: typos\nrace: narn\n\n[deck]\n");
    for i in 0..100 {
        text.push_str(&format!("2 Practice Senatr{}\n", "x".repeat(i % 3)));
    }
    let f = dir.join("typos.deck");
    std::fs::write(&f, &text).expect("write");
    let r = b5(&[
        "--cards",
        &cards_dir(),
        "deck",
        "check",
        &f.display().to_string(),
    ]);
    assert_eq!(
        r.stdout.matches("unknown card").count(),
        100,
        "{}",
        r.show()
    );
    assert_eq!(r.stdout.matches("did you mean").count(), 20, "{}", r.show());
}

#[test]
fn messages_name_the_file_the_line_and_what_to_do() {
    // Invalid UTF-8: the line, and the byte offset.
    let r = b5(&["deck", "check", &fixture("latin1.deck")]);
    assert!(
        r.stdout.contains(
            "latin1.deck:2: the text is not valid UTF-8 (byte offset 18): save the file as UTF-8"
        ),
        "{}",
        r.show()
    );
    // A byte-order mark is not part of the header.
    let r = b5(&["deck", "check", &fixture("bom.deck")]);
    assert!(!r.stdout.contains("\\u{feff}"), "{}", r.show());
    assert!(!r.stdout.contains("header"), "{}", r.show());
    // A long dotted key: the parser's bare "recursion limit" is explained.
    let dir = scratch("hostile-dotted");
    let key = vec!["a"; 200].join(".");
    std::fs::write(dir.join("deep.toml"), format!("{key} = 1\n")).expect("write");
    let r = b5(&["--cards", &dir.display().to_string(), "cards"]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("deep.toml:1:"), "{}", r.show());
    assert!(r.stderr.contains("nested too deeply"), "{}", r.show());
}

#[test]
fn inputs_past_the_size_limits_are_refused_before_they_are_read() {
    // 50 MB of each kind of input: refused by size, without reading it all.
    let dir = scratch("hostile-large");
    let big = |name: &str| {
        let p = dir.join(name);
        let f = std::fs::File::create(&p).expect("create");
        f.set_len(50 << 20).expect("a sparse 50 MB file");
        p.display().to_string()
    };
    let r = b5(&["deck", "check", &big("big.deck")]);
    assert!(
        r.stdout.contains("big.deck: the file is larger than 1 MiB"),
        "{}",
        r.show()
    );
    let cards = big("big.toml");
    let r = b5(&["--cards", &cards, "cards"]);
    assert!(
        r.stderr.contains("big.toml: the file is larger than 8 MiB"),
        "{}",
        r.show()
    );
    let r = b5(&["replay", &big("big.json")]);
    assert!(
        r.stderr
            .contains("big.json: the file is larger than 32 MiB"),
        "{}",
        r.show()
    );
    let r = b5(&["conformance", &big("big-case.toml")]);
    assert!(
        r.stdout
            .contains("big-case.toml: the file is larger than 8 MiB"),
        "{}",
        r.show()
    );
}

#[test]
fn replay_names_a_changed_action_or_the_turn_where_it_diverges() {
    let dir = scratch("hostile-changed-action");
    let save = saved_game(&dir, &["--players", "4"]);
    let text = std::fs::read_to_string(&save).expect("the save");
    assert!(text.contains("\"checkpoints\": [["), "{}", &text[..200]);
    // Retarget the first conflict declared against a player.
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let actions = v["actions"].as_array_mut().expect("actions");
    let mut changed = None;
    for (i, a) in actions.iter_mut().enumerate() {
        let seat = a[0].as_u64().expect("seat");
        if a[1]["do"] == "declare" && a[1]["target"]["Player"].is_u64() {
            let old = a[1]["target"]["Player"].as_u64().expect("a seat");
            let new = (0..4)
                .find(|&q| q != seat && q != old)
                .expect("another seat");
            a[1]["target"]["Player"] = serde_json::Value::from(new);
            changed = Some(i + 1);
            break;
        }
    }
    let n = changed.expect("no conflict declared against a player");
    let bad = dir.join("changed.json");
    std::fs::write(&bad, v.to_string()).expect("write");
    let r = b5(&["replay", "--quiet", &bad.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    // The action chain (version 3) names the action itself.
    assert!(
        r.stderr.contains(&format!("action {n} (turn ")),
        "{}",
        r.show()
    );
    assert!(
        r.stderr
            .contains("is not the action the save was made with"),
        "{}",
        r.show()
    );
    // A version 2 save (no chain): its state checkpoints name the turn.
    v["version"] = serde_json::Value::from(2);
    v.as_object_mut().expect("an object").remove("chain");
    std::fs::write(&bad, v.to_string()).expect("write");
    let r = b5(&["replay", "--quiet", &bad.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stderr
            .contains("differs from the saved game by the end of turn"),
        "{}",
        r.show()
    );
}
