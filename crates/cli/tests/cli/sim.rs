//! `b5 sim` and `b5 bench` through the real binary.

use crate::common;

use common::{b5, cards_dir, deck, scratch};

fn sim(seed: &str, extra: &[&str]) -> common::Run {
    let cards = cards_dir();
    let decks = format!("{},{},{}", deck("narn"), deck("centauri"), deck("human"));
    let mut args = vec![
        "--cards", &cards, "sim", "--decks", &decks, "--games", "3", "--seed", seed,
    ];
    args.extend_from_slice(extra);
    b5(&args)
}

#[test]
fn same_seed_same_output_different_seed_different_output() {
    let a = sim("7", &[]);
    assert_eq!(a.code, 0, "{}", a.show());
    let b = sim("7", &[]);
    assert_eq!(a.stdout, b.stdout, "same seed, same bytes");
    let c = sim("8", &[]);
    assert_eq!(c.code, 0, "{}", c.show());
    assert_ne!(a.stdout, c.stdout, "another seed plays other games");
    // Three decks at three seats for three games: every deck sits 3 times.
    for name in ["Practice Narn", "Practice Centauri", "Practice Human"] {
        let line = a
            .stdout
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("a line for {name}:\n{}", a.stdout));
        assert_eq!(line.split_whitespace().nth(2), Some("3"), "{line}");
    }
    assert!(a.stdout.contains("turns per game:"), "{}", a.stdout);
    assert!(a.stdout.contains("actions per game:"), "{}", a.stdout);
}

#[test]
fn json_is_one_object_with_the_same_figures() {
    let r = sim("3", &["--json", "--players", "2"]);
    assert_eq!(r.code, 0, "{}", r.show());
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON object");
    assert_eq!(v["games"], 3);
    assert_eq!(v["players"], 2);
    assert_eq!(v["decks"].as_array().map(|d| d.len()), Some(3));
    for key in ["draws", "turns", "actions", "unfinished"] {
        assert!(v.get(key).is_some(), "key {key} in {}", r.stdout);
    }
    assert!(v["actions"]["median"].as_f64().unwrap() > 0.0);
    assert_eq!(r.stdout, sim("3", &["--json", "--players", "2"]).stdout);
}

#[test]
fn several_bots_rotate_through_the_seats_and_are_counted_apart() {
    let r = sim("5", &["--json", "--players", "2", "--bot", "greedy,random"]);
    assert_eq!(r.code, 0, "{}", r.show());
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON object");
    assert_eq!(v["bot"], "greedy,random");
    let bots = v["bots"].as_array().expect("a bots array");
    assert_eq!(bots.len(), 2, "{}", r.stdout);
    // 3 games of 2 seats: the bots alternate, 3 seats each.
    for (b, name) in bots.iter().zip(["greedy", "random"]) {
        assert_eq!(b["bot"], name);
        assert_eq!(b["seats"], 3);
    }
    let wins: u64 = bots.iter().map(|b| b["wins"].as_u64().unwrap()).sum();
    let deck_wins: u64 = v["decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(wins, deck_wins, "every win is one bot's and one deck's");
    let text = sim("5", &["--players", "2", "--bot", "greedy,random"]);
    assert!(text.stdout.contains("bot greedy"), "{}", text.stdout);
    assert!(text.stdout.contains("bot random"), "{}", text.stdout);
}

#[test]
fn sim_saves_replay_and_tampering_is_caught() {
    let dir = scratch("sim-save");
    let d = dir.display().to_string();
    let r = sim("11", &["--players", "2", "--save", &d]);
    assert_eq!(r.code, 0, "{}", r.show());
    let first = dir.join("game-0001.json");
    assert!(first.exists() && dir.join("game-0003.json").exists());
    let f = first.display().to_string();

    // The save names its --cards folder: replay needs no --cards.
    let ok = b5(&["replay", &f]);
    assert_eq!(ok.code, 0, "{}", ok.show());
    assert!(ok.stdout.contains("as saved"), "{}", ok.stdout);
    assert!(
        ok.stdout.contains("* "),
        "the log is printed:\n{}",
        ok.stdout
    );

    // A changed digest.
    let text = std::fs::read_to_string(&first).unwrap();
    let at = text.find("\"digest\": \"").expect("digest") + 11;
    let mut bad = text.clone();
    let c = if &text[at..at + 1] == "0" { "1" } else { "0" };
    bad.replace_range(at..at + 1, c);
    let path = dir.join("bad-digest.json");
    std::fs::write(&path, bad).unwrap();
    let r = b5(&["replay", "--quiet", &path.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("digest"), "{}", r.show());

    // An action the rules reject: the second action given to the other seat
    // as a purchase in the Conflict Round. The action chain names it as
    // changed; without the chain (version 2), the rules reject it.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let p = v["actions"][1][0].as_u64().unwrap();
    v["actions"][1] = serde_json::json!([p, {"do": "buy", "count": 3}]);
    let path = dir.join("bad-action.json");
    std::fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
    let r = b5(&["replay", &path.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stderr.contains("action 2 (turn 1) is not"),
        "{}",
        r.show()
    );
    v["version"] = serde_json::Value::from(2);
    v.as_object_mut().unwrap().remove("chain");
    std::fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
    let r = b5(&["replay", &path.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("action 2 of"), "{}", r.show());
    assert!(r.stderr.contains("rejected"), "{}", r.show());

    // Not a save file at all: the file, line and column.
    let path = dir.join("garbage.json");
    std::fs::write(&path, "{\n  \"format\": \"b5-save\",\n  nope\n}\n").unwrap();
    let r = b5(&["replay", &path.display().to_string()]);
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("garbage.json:3:"), "{}", r.show());
}

#[test]
fn bench_json_has_exactly_the_documented_keys() {
    let cards = cards_dir();
    let decks = ["narn", "centauri", "human", "minbari"].map(deck).join(",");
    let bench = |threads: &str| {
        let r = b5(&[
            "--cards",
            &cards,
            "bench",
            "--json",
            "--games",
            "3",
            "--players",
            "2",
            "--decks",
            &decks,
            "--threads",
            threads,
        ]);
        assert_eq!(r.code, 0, "{}", r.show());
        let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON object");
        v
    };
    let v = bench("1");
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "actions_per_game_max",
            "actions_per_game_median",
            "actions_per_second",
            "actions_total",
            "clone_ns",
            "games_per_second",
            "players",
            "search_iterations_per_second",
            "threads"
        ]
    );
    assert!(v["search_iterations_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(v["players"], 2);
    assert_eq!(v["threads"], 1);
    assert!(v["actions_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["clone_ns"].as_f64().unwrap() > 0.0);
    // Every game's actions, so at least the longest game's.
    assert!(v["actions_total"].as_u64().unwrap() >= v["actions_per_game_max"].as_u64().unwrap());
    // On two threads: the same games, action for action.
    let two = bench("2");
    assert_eq!(two["threads"], 2);
    for key in [
        "actions_total",
        "actions_per_game_max",
        "actions_per_game_median",
    ] {
        assert_eq!(two[key], v[key], "{key}");
    }
    assert!(two["search_iterations_per_second"].as_f64().unwrap() > 0.0);
    let zero = b5(&["bench", "--threads", "0"]);
    assert_eq!(zero.code, 2, "{}", zero.show());
    assert!(zero.stderr.contains("--threads"), "{}", zero.show());
}

#[test]
fn duel_games_draw_their_starting_hands_and_replay() {
    let dir = scratch("sim-duel");
    let saves = dir.display().to_string();
    let r = b5(&[
        "sim",
        "--players",
        "2",
        "--games",
        "3",
        "--seed",
        "8",
        "--duel",
        "--save",
        &saves,
    ]);
    assert_eq!(r.code, 0, "{}", r.show());
    let save = dir.join("game-0001.json").display().to_string();
    let text = std::fs::read_to_string(&save).expect("saved");
    // Appendix One: the options say so, and the seats kept cards they drew.
    assert!(text.contains("\"duel_draw\":true"), "{}", &text[..400]);
    assert!(text.contains("\"do\":\"keep\""), "no card was kept");
    let rep = b5(&["replay", "-q", &save]);
    assert_eq!(rep.code, 0, "{}", rep.show());
}

/// The search player at a sim: the games (and so the report) are the same
/// on one thread or several, each bot's win rate has its interval, and a
/// saved game replays.
#[test]
fn the_search_player_plays_the_same_games_on_any_number_of_threads() {
    let dir = scratch("sim-search");
    let save = dir.join("saves");
    let save_arg = save.to_string_lossy().to_string();
    let run = |threads: &str, extra: &[&str]| {
        let mut args = vec![
            "--json",
            "--players",
            "2",
            "--bot",
            "search,greedy",
            "--search-iterations",
            "30",
            "--threads",
            threads,
        ];
        args.extend_from_slice(extra);
        sim("4", &args)
    };
    let one = run("1", &[]);
    assert_eq!(one.code, 0, "{}", one.show());
    let two = run("2", &["--save", &save_arg]);
    assert_eq!(two.code, 0, "{}", two.show());
    assert_eq!(one.stdout, two.stdout, "one thread or two, the same games");
    let v: serde_json::Value = serde_json::from_str(&one.stdout).expect("one JSON object");
    let search = &v["bots"][0];
    assert_eq!(search["bot"], "search");
    let (wins, seats) = (
        search["wins"].as_f64().unwrap(),
        search["seats"].as_f64().unwrap(),
    );
    let ci = search["ci95"].as_array().expect("an interval");
    let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    let rate = 100.0 * wins / seats;
    assert!(
        lo <= rate && rate <= hi && lo >= 0.0 && hi <= 100.0,
        "{}",
        one.stdout
    );
    // The games saved by the run with two threads replay as saved.
    let first = save.join("game-0001.json");
    let r = b5(&["--cards", &cards_dir(), "replay", &first.to_string_lossy()]);
    assert_eq!(r.code, 0, "{}", r.show());
    // A budget is a number of iterations or of milliseconds, not both.
    let both = run("1", &["--search-ms", "5"]);
    assert_eq!(both.code, 2, "{}", both.show());
}

/// The search player's exploration, temperature, horizon and widening reach its
/// games (other settings, other games; the same ones, the same games), and
/// values out of their bounds are refused naming the bounds.
#[test]
fn the_search_players_settings_change_its_games_and_are_checked() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--json",
            "--players",
            "2",
            "--bot",
            "search,greedy",
            "--search-iterations",
            "40",
        ];
        args.extend_from_slice(extra);
        sim("3", &args)
    };
    let plain = run(&[]);
    assert_eq!(plain.code, 0, "{}", plain.show());
    let same = run(&[
        "--search-exploration",
        "0.7",
        "--search-scale",
        "40",
        "--search-horizon",
        "0",
        "--search-widening",
        "2,0.5",
    ]);
    assert_eq!(
        plain.stdout, same.stdout,
        "the defaults named are the defaults"
    );
    for other in [
        &["--search-exploration", "3"][..],
        &["--search-scale", "2"][..],
        &["--search-horizon", "30"][..],
        &["--search-widening", "1,0.3"][..],
        &["--search-widening", "off"][..],
    ] {
        let r = run(other);
        assert_eq!(r.code, 0, "{}", r.show());
        assert_ne!(r.stdout, plain.stdout, "{other:?} changed nothing");
    }
    for (flag, bad, bounds) in [
        ("--search-exploration", "11", "from 0 to 10"),
        ("--search-exploration", "NaN", "from 0 to 10"),
        ("--search-scale", "0", "from 1 to 1000"),
        ("--search-scale", "inf", "from 1 to 1000"),
        ("--search-horizon", "1001", "1001"),
        ("--search-widening", "2", "BASE,POWER"),
        (
            "--search-widening",
            "0,0.5",
            "the base: expected a number from 0.01",
        ),
        (
            "--search-widening",
            "2,1.5",
            "the power: expected a number from 0 to 1",
        ),
    ] {
        let r = run(&[flag, bad]);
        assert_eq!(r.code, 2, "{flag} {bad}: {}", r.show());
        assert!(
            r.stderr.contains(flag) && r.stderr.contains(bounds),
            "{flag} {bad}: {}",
            r.stderr
        );
    }
}

/// `b5 analyze --saves`: a folder of saved games read back into the same
/// counts the sim printed; a folder with none is an error naming it.
#[test]
fn analyze_reads_saved_games_into_the_sims_counts() {
    let dir = scratch("analyze-saves");
    let saves = dir.join("saves");
    let out = dir.join("out");
    let s = saves.to_string_lossy().to_string();
    let r = sim(
        "6",
        &["--json", "--players", "2", "--bot", "greedy", "--save", &s],
    );
    assert_eq!(r.code, 0, "{}", r.show());
    let sim: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let cards = cards_dir();
    let o = out.to_string_lossy().to_string();
    let a = b5(&["--cards", &cards, "analyze", "--saves", &s, "--out", &o]);
    assert_eq!(a.code, 0, "{}", a.show());
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["games"], 3);
    let wins = |v: &serde_json::Value| -> u64 {
        v["decks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["wins"].as_u64().unwrap())
            .sum()
    };
    assert_eq!(wins(&report), wins(&sim), "the same wins");
    let ends: u64 = report["endings"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(ends, 3, "every game ends one way");
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    // Five charts and the search player's view of the first game.
    assert_eq!(html.matches("<svg").count(), 6, "six charts");
    let by_turn = report["estimates"][0]["by_turn"].as_array().unwrap();
    assert!(by_turn.len() > 1, "{}", report["estimates"]);
    for turn in by_turn {
        let sum: f64 = turn
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .sum();
        assert!(
            (0.0..=1.0001).contains(&sum),
            "chances add up to at most 1: {turn}"
        );
    }
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let e = b5(&[
        "--cards",
        &cards,
        "analyze",
        "--saves",
        &empty.to_string_lossy(),
        "--out",
        &o,
    ]);
    assert_eq!(e.code, 1, "{}", e.show());
    assert!(e.stderr.contains("no saved games"), "{}", e.show());
}
