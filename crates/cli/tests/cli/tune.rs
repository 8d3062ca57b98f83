//! `b5 tune` and `--weights` through the real binary.

use crate::common;

use common::{b5, cards_dir, deck, scratch};

fn tune(out: &str, seed: &str) -> common::Run {
    let cards = cards_dir();
    let decks = format!("{},{}", deck("narn"), deck("centauri"));
    b5(&[
        "--cards", &cards, "tune", "--decks", &decks, "--steps", "2", "--games", "4", "--check",
        "4", "--seed", seed, "--out", out,
    ])
}

/// A short tuning writes a weights file that says how it was made, that
/// the same seed writes again byte for byte, and that `b5 sim --weights`
/// plays with.
#[test]
fn tune_writes_weights_that_sim_reads() {
    let dir = scratch("tune");
    let out = dir.join("w.toml").to_string_lossy().to_string();
    let r = tune(&out, "4");
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("influence"), "{}", r.stdout);
    assert!(r.stdout.contains("check: 4 games"), "{}", r.stdout);
    let file = std::fs::read_to_string(&out).unwrap();
    assert!(file.contains("# b5 tune --steps 2 --games 4"), "{file}");
    assert!(file.contains("# check: 4 games"), "{file}");
    let table: toml::Table = file.parse().expect("TOML");
    // The unit of the scale is never tuned; the other weights moved.
    assert_eq!(table["power"].as_float(), Some(10.0));
    assert_ne!(table["influence"].as_float(), Some(3.188), "{file}");
    let again = dir.join("again.toml").to_string_lossy().to_string();
    assert_eq!(tune(&again, "4").code, 0);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), file);

    let cards = cards_dir();
    let decks = format!("{},{}", deck("narn"), deck("centauri"));
    let sim = |extra: &[&str]| {
        let mut args = vec![
            "--cards", &cards, "sim", "--decks", &decks, "--games", "2", "--bot", "greedy",
        ];
        args.extend_from_slice(extra);
        b5(&args)
    };
    let plain = sim(&[]);
    let tuned = sim(&["--weights", &out]);
    assert_eq!(plain.code, 0, "{}", plain.show());
    assert_eq!(tuned.code, 0, "{}", tuned.show());
    // Tuning starts from the shipped weights: a file of them plays the same
    // games as no file.
    let shipped = dir.join("shipped.toml");
    std::fs::write(&shipped, "power = 10.0\n").unwrap();
    let same = sim(&["--weights", &shipped.to_string_lossy()]);
    assert_eq!(same.stdout, plain.stdout);

    // One player with the file's weights against one with the shipped ones,
    // counted apart; only the players with an evaluation take weights.
    let apart = format!("greedy@{out},greedy");
    let both = b5(&[
        "--cards", &cards, "sim", "--decks", &decks, "--games", "4", "--bot", &apart, "--json",
    ]);
    assert_eq!(both.code, 0, "{}", both.show());
    let v: serde_json::Value = serde_json::from_str(&both.stdout).unwrap();
    let names: Vec<&str> = v["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["bot"].as_str().unwrap())
        .collect();
    assert_eq!(names, [format!("greedy@{out}").as_str(), "greedy"]);
    let random = format!("random@{out}");
    let r = b5(&["--cards", &cards, "sim", "--bot", &random]);
    assert_eq!(r.code, 2, "{}", r.show());
    assert!(
        r.stderr.contains("only the greedy and search"),
        "{}",
        r.show()
    );
}

/// A weights file that is not one is refused before any game, naming the
/// file and what is wrong with it.
#[test]
fn bad_weights_files_are_refused_by_name() {
    let dir = scratch("tune-bad");
    let cards = cards_dir();
    let cases: [(&str, &[u8], &str); 5] = [
        (
            "unknown.toml",
            b"influence = 4.0\nfirepower = 2.0\n",
            "firepower",
        ),
        ("nan.toml", b"influence = nan\n", "influence is NaN"),
        ("inf.toml", b"cost = inf\n", "cost is inf"),
        ("text.toml", b"influence = \"a lot\"\n", "the weights file"),
        ("binary.toml", &[0xff, 0xfe, 0x00, 0x41], "the weights file"),
    ];
    for (name, body, says) in cases {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        let r = b5(&[
            "--cards",
            &cards,
            "sim",
            "--games",
            "1",
            "--bot",
            "greedy",
            "--weights",
            &p.to_string_lossy(),
        ]);
        assert_eq!(r.code, 1, "{name}: {}", r.show());
        assert!(r.stderr.contains(name), "{name}: {}", r.show());
        assert!(r.stderr.contains(says), "{name}: {}", r.show());
    }
    let big = dir.join("big.toml");
    std::fs::write(&big, "# \n".repeat(40_000)).unwrap();
    let r = b5(&[
        "--cards",
        &cards,
        "sim",
        "--weights",
        &big.to_string_lossy(),
    ]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("at most"), "{}", r.show());
    let missing = dir.join("missing.toml");
    let r = b5(&[
        "--cards",
        &cards,
        "sim",
        "--weights",
        &missing.to_string_lossy(),
    ]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("missing.toml"), "{}", r.show());
    // Tuning into a folder that does not exist fails at once.
    let nowhere = dir.join("no/such/folder/w.toml");
    let r = tune(&nowhere.to_string_lossy(), "1");
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("no/such/folder"), "{}", r.show());
    assert!(
        !r.stderr.contains("step 1"),
        "fails before tuning: {}",
        r.show()
    );
}
