//! Fuzzing saved games, which `b5 replay` (and the online table) read from
//! anyone: byte flips and truncations of a real save, and structured
//! changes (every field given odd values: huge numbers, unknown cards, a
//! thousand seats, actions for other players, other card files). Parsing
//! and replaying must end in a game or an error naming the file, never a
//! panic; a save never makes the program read a path.
//!
//! Run with `--nocapture` to see how many inputs were tried and the slowest.

use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use b5_cli::cardset::CardSet;
use b5_cli::save::SaveFile;
use b5_engine::{Game, Options, Setup};
use b5_players::{play_game, Bot, RandomBot};
use proptest::prelude::*;
use serde_json::Value;

const ORIGIN: &str = "fuzz.json";

fn cards() -> &'static CardSet {
    static SET: OnceLock<CardSet> = OnceLock::new();
    SET.get_or_init(|| CardSet::from_texts(Vec::new()).expect("the Open Set loads"))
}

/// A real save: a 3-player game played to its end by random players.
fn base() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let set = cards();
        let seats = set
            .decks
            .iter()
            .take(3)
            .enumerate()
            .map(|(i, d)| d.to_seat(&set.db, &format!("P{i}")).expect("a legal deck"))
            .collect();
        let setup = Setup {
            players: seats,
            options: Options {
                turn_limit: Some(12),
                duel_draw: false,
                ..Options::default()
            },
        };
        let mut game = Game::new(setup.clone(), set.db.clone(), 11).expect("set-up");
        let mut bots: Vec<Box<dyn Bot>> = (0..3)
            .map(|i| Box::new(RandomBot::new(i)) as Box<dyn Bot>)
            .collect();
        let rec = play_game(&mut game, &mut bots, 20_000);
        SaveFile::record(&game, &setup, 11, &rec.actions, &set.files).to_json()
    })
}

static STATS: Mutex<(u64, Duration)> = Mutex::new((0, Duration::ZERO));

/// Parses and replays; checks the shape of a failure.
fn load_checked(text: &str) {
    let start = Instant::now();
    match SaveFile::parse(text, ORIGIN) {
        Err(e) => {
            assert!(e.message.starts_with(ORIGIN), "{}", e.message);
            assert!(
                e.message.len() < 2_000,
                "a long message: {}",
                e.message.len()
            );
        }
        Ok(save) => {
            let set = if save.card_files.is_empty() {
                Ok(cards())
            } else {
                Err(CardSet::from_texts(save.card_files.clone()))
            };
            let owned;
            let set = match set {
                Ok(s) => s,
                Err(Ok(s)) => {
                    owned = s;
                    &owned
                }
                Err(Err(e)) => {
                    assert!(!e.message.is_empty());
                    return record(start);
                }
            };
            if let Err(e) = save.replay(set.db.clone(), ORIGIN, |_, _, _, _, _| {}) {
                assert!(e.message.starts_with(ORIGIN), "{}", e.message);
            }
        }
    }
    record(start);
}

fn record(start: Instant) {
    let took = start.elapsed();
    let mut s = STATS.lock().unwrap_or_else(|e| e.into_inner());
    s.0 += 1;
    s.1 = s.1.max(took);
}

/// Odd values for any field.
fn odd_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        Just(Value::from(u64::MAX)),
        "[a-zA-Z' ]{0,40}".prop_map(Value::from),
        Just(Value::from("x".repeat(5_000))),
        Just(Value::Array(vec![Value::from("Aide Da'Mirra"); 5_000])),
        Just(Value::Array(vec![])),
        Just(serde_json::json!({"do": "pass"})),
        Just(
            serde_json::json!([{"file": "/dev/zero", "text": "[cards.\"Z\"]\ntype = \"event\"\n"}])
        ),
    ]
}

/// Every path to a value in a JSON document (object keys and array indices).
fn paths(v: &Value, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(prefix.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                prefix.push(k.clone());
                paths(x, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(a) => {
            // A few elements of long arrays.
            for (i, x) in a.iter().enumerate().take(3) {
                prefix.push(i.to_string());
                paths(x, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn set_path(v: &mut Value, path: &[String], new: Value) {
    let mut cur = v;
    for k in path {
        cur = match cur {
            Value::Object(m) => match m.get_mut(k) {
                Some(x) => x,
                None => return,
            },
            Value::Array(a) => match k.parse::<usize>().ok().and_then(|i| a.get_mut(i)) {
                Some(x) => x,
                None => return,
            },
            _ => return,
        };
    }
    *cur = new;
}

fn base_paths() -> &'static [Vec<String>] {
    static PATHS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    PATHS.get_or_init(|| {
        let v: Value = serde_json::from_str(base()).expect("the base save is JSON");
        let mut out = Vec::new();
        paths(&v, &mut Vec::new(), &mut out);
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// One to three fields of the save given odd values.
    #[test]
    fn odd_fields(changes in prop::collection::vec((any::<prop::sample::Index>(), odd_value()), 1..4)) {
        let mut v: Value = serde_json::from_str(base()).expect("JSON");
        for (at, new) in changes {
            let p = &base_paths()[at.index(base_paths().len())];
            set_path(&mut v, p, new);
        }
        load_checked(&v.to_string());
    }

    /// Bytes flipped and the text cut short.
    #[test]
    fn bytes(flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8), cut in any::<prop::sample::Index>()) {
        let mut b = base().as_bytes().to_vec();
        for (at, x) in flips {
            let i = at.index(b.len());
            b[i] = x;
        }
        let keep = cut.index(b.len() + 1);
        b.truncate(keep.max(b.len() / 2));
        let text = String::from_utf8_lossy(&b);
        load_checked(&text);
    }

    /// An action swapped for another, or given to another player: the
    /// action chain names exactly that action.
    #[test]
    fn actions(i in any::<prop::sample::Index>(), player in 0u64..9, j in any::<prop::sample::Index>()) {
        let mut v: Value = serde_json::from_str(base()).expect("JSON");
        let n = v["actions"].as_array().map_or(0, |a| a.len());
        prop_assume!(n > 0);
        let (a, b) = (i.index(n), j.index(n));
        let other = v["actions"][b][1].clone();
        let was = v["actions"][a].clone();
        v["actions"][a][0] = Value::from(player);
        v["actions"][a][1] = other;
        let text = v.to_string();
        load_checked(&text);
        if v["actions"][a] != was {
            let save = SaveFile::parse(&text, ORIGIN).expect("still a save");
            let e = save
                .replay(cards().db.clone(), ORIGIN, |_, _, _, _, _| {})
                .expect_err("a changed action is caught");
            let want = format!("{ORIGIN}: action {} (turn ", a + 1);
            prop_assert!(e.message.starts_with(&want), "{}", e.message);
        }
    }
}

#[test]
fn the_base_save_replays() {
    let save = SaveFile::parse(base(), ORIGIN).expect("the base save parses");
    assert!(save.actions.len() > 100);
    save.replay(cards().db.clone(), ORIGIN, |_, _, _, _, _| {})
        .expect("replays as saved");
    let s = STATS.lock().unwrap_or_else(|e| e.into_inner());
    eprintln!("fuzz_saves: {} inputs so far, slowest {:?}", s.0, s.1);
}
