//! Fuzzing of `b5 empires` save files: a valid save (generated and custom
//! maps) is mutated (byte flips, truncation, lines or actions deleted and
//! repeated, numbers made huge, deep nesting) and arbitrary text is fed to
//! the reader, the replay and the map drawing: nothing panics, nothing
//! hangs, and a refusal names the file and what was wrong.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use b5_empires::bots::{Bot, RandomBot};
use b5_empires::mutate as m;
use b5_empires::{Game, Map, MapChoice, Options, Race, Setup};

use super::draw::{map_svg, map_text, status_text};
use super::EmpiresSave;

const NAME: &str = "fuzzed.json";

/// A short finished game's save, on a generated map or on a map given in
/// full (so the save holds the map itself).
fn valid_save(custom: bool, seed: u64) -> String {
    let map = if custom {
        MapChoice::Custom {
            map: b5_empires::map::shipped("the-divide").expect("shipped map"),
        }
    } else {
        MapChoice::Generated
    };
    let setup = Setup {
        races: vec![Race::Narn, Race::Minbari],
        map,
        options: Options {
            turn_limit: 2,
            ..Options::default()
        },
    };
    let mut g = Game::new(&setup, seed).expect("set-up");
    let mut bots: Vec<Box<dyn Bot>> = vec![
        Box::new(RandomBot::new(seed)),
        Box::new(RandomBot::new(seed + 1)),
    ];
    // Record the actions as they are played.
    let mut log = Vec::new();
    while let Some(&p) = g.pending().first() {
        let a = bots[p as usize].choose(&g, p).expect("a choice");
        g.apply(p, a.clone()).expect("legal");
        log.push((p, a));
        if log.len() > 20_000 {
            break;
        }
    }
    serde_json::to_string_pretty(&EmpiresSave::record(&g, &setup, seed, &log)).expect("json")
}

const HUGE: [&str; 8] = [
    "99999999999999999999",
    "-9223372036854775808",
    "18446744073709551615",
    "4294967295",
    "65535",
    "32767",
    "-32768",
    "1e999",
];

/// Applies `n` random mutations to a save's text.
fn mutate(text: &str, seed: u64, n: usize) -> String {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..n {
        if bytes.is_empty() {
            bytes.push(b'{');
        }
        let len = bytes.len();
        match rng.random_range(0..8) {
            0 => m::flip_bit(&mut bytes, &mut rng),
            1 => m::any_byte(&mut bytes, &mut rng),
            2 => m::truncate(&mut bytes, &mut rng),
            3 | 4 => m::delete_or_repeat_line(&mut bytes, &mut rng, 20),
            5 | 6 => m::huge_number(&mut bytes, &mut rng, &HUGE),
            // Deep nesting of arrays anywhere.
            _ => {
                let depth = rng.random_range(10..5000);
                let nest = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
                let i = rng.random_range(0..len);
                bytes.splice(i..i, nest.bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Reads, replays and draws a save's text: Ok, or an error that names
/// the file and says something.
fn check(text: &str) -> Result<(), String> {
    let named = |m: String| {
        if m.starts_with(NAME) && m.len() > NAME.len() + 4 {
            Ok(())
        } else {
            Err(format!(
                "an error that does not name the file and the fault: {m}"
            ))
        }
    };
    let save = match EmpiresSave::parse(text, NAME) {
        Ok(s) => s,
        Err(e) => return named(e.message),
    };
    match save.replay(NAME, |_, _, _, _, _| {}) {
        Err(e) => named(e.message),
        Ok(game) => {
            for p in 0..game.players() as u8 {
                let view = game.view(p);
                let _ = map_text(game.map(), &view);
                let _ = status_text(&game, &view);
                let _ = map_svg(&game, &view, "fuzz");
            }
            Ok(())
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_saves_never_panic(custom in any::<bool>(), seed in any::<u64>(), n in 1usize..5) {
        let text = mutate(&valid_save(custom, seed % 4), seed, n);
        if let Err(e) = check(&text) {
            let shown: String = text.chars().take(800).collect();
            return Err(TestCaseError::fail(format!("{e}\n--- save (seed {seed}) ---\n{shown}")));
        }
    }

    #[test]
    fn arbitrary_text_is_no_save(text in any::<String>(), json_like in "[\\[\\]{}\":,0-9a-z_ -]{0,300}") {
        check(&text).map_err(TestCaseError::fail)?;
        check(&json_like).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn a_valid_save_replays() {
    for custom in [false, true] {
        check(&valid_save(custom, 3)).unwrap();
        let save = EmpiresSave::parse(&valid_save(custom, 3), NAME).unwrap();
        save.replay(NAME, |_, _, _, _, _| {}).unwrap();
    }
}

#[test]
fn a_custom_map_with_far_coordinates_is_refused_or_drawn() {
    let mut map: Map = b5_empires::map::shipped("the-divide").unwrap();
    map.spaces[0].at = (i16::MAX, i16::MIN);
    let setup = Setup {
        races: vec![Race::Narn, Race::Minbari],
        map: MapChoice::Custom { map },
        options: Options::default(),
    };
    let text = format!(
        "{{\"format\":\"b5-empires-save\",\"version\":1,\"setup\":{},\"seed\":1,\"actions\":[],\"finished\":false,\"round\":1,\"outcome\":null,\"digest\":\"0\"}}",
        serde_json::to_string(&setup).unwrap()
    );
    check(&text).unwrap();
}
