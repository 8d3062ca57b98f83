//! Fuzzing of the two text formats the engine reads: map files
//! (`Map::from_toml`) and scenario files (`Scenario::from_toml` and
//! running them). Valid files are mutated (byte flips, truncation, lines
//! deleted or repeated, numbers made huge, deep nesting) and arbitrary
//! strings are fed in: nothing panics, nothing hangs, and every refusal
//! names what was wrong. A map that is accepted must also set a game up
//! (or be refused by the set-up with a reason) and play a few turns.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::bots::{play_out, Bot, RandomBot};
use crate::map::Map;
use crate::mutate as m;
use crate::options::Options;
use crate::race::Race;
use crate::scenario::{run_text, Scenario};
use crate::setup::{MapChoice, Setup};
use crate::state::Game;

const MAPS: [&str; 3] = [
    include_str!("../../maps/the-divide.toml"),
    include_str!("../../maps/four-crowns.toml"),
    super::positions::LINE,
];

const SCENARIOS: [&str; 6] = [
    include_str!("../../scenarios/01-move-speeds.toml"),
    include_str!("../../scenarios/02-nebula-supernova.toml"),
    include_str!("../../scenarios/03-into-not-through.toml"),
    include_str!("../../scenarios/06-battle-casualties-and-retreat.toml"),
    include_str!("../../scenarios/15-victory-over-sixty-percent.toml"),
    include_str!("../../scenarios/22-building-markers.toml"),
];

/// Numbers that break careless code.
const HUGE: [&str; 8] = [
    "99999999999999999999",
    "-9223372036854775808",
    "9223372036854775807",
    "4294967296",
    "65536",
    "-1",
    "1e309",
    "nan",
];

/// Applies `n` random mutations to `text`.
pub fn mutate(text: &str, seed: u64, n: usize) -> String {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..n {
        if bytes.is_empty() {
            bytes.extend_from_slice(b"x");
        }
        let len = bytes.len();
        match rng.random_range(0..9) {
            0 => m::flip_bit(&mut bytes, &mut rng),
            1 => m::any_byte(&mut bytes, &mut rng),
            2 => m::truncate(&mut bytes, &mut rng),
            3 | 4 => m::delete_or_repeat_line(&mut bytes, &mut rng, 50),
            // A number made huge (or negative, or not a number).
            5 => m::huge_number(&mut bytes, &mut rng, &HUGE),
            // Deep nesting of arrays or tables at a line start.
            6 => {
                let depth = rng.random_range(10..3000);
                let nest = if rng.random_bool(0.5) {
                    format!("deep = {}1{}\n", "[".repeat(depth), "]".repeat(depth))
                } else {
                    format!("deep = {}1{}\n", "{a = ".repeat(depth), "}".repeat(depth))
                };
                let at = m::line_start(&bytes, rng.random_range(0..len));
                bytes.splice(at..at, nest.bytes());
            }
            7 => m::swap_lines(&mut bytes, &mut rng),
            // A long string.
            _ => {
                let at = m::line_start(&bytes, rng.random_range(0..len));
                let s = format!("name = \"{}\"\n", "W".repeat(rng.random_range(30..5000)));
                bytes.splice(at..at, s.bytes());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Loads a map from `text`; a refusal must name a field and say why; an
/// accepted map must set a game up (or be refused with a reason) and play.
fn check_map(text: &str, seed: u64) -> Result<(), String> {
    match Map::from_toml(text) {
        Err(e) => {
            if e.field.trim().is_empty() || e.message.trim().is_empty() {
                return Err(format!("an error naming nothing: {e:?}"));
            }
            Ok(())
        }
        Ok(map) => {
            // What it writes, it reads back the same.
            let again = Map::from_toml(&map.to_toml())
                .map_err(|e| format!("an accepted map does not read back: {e}"))?;
            if again != map {
                return Err("an accepted map reads back differently".into());
            }
            let n = map.homes().len();
            let setup = Setup {
                races: Race::ALL[..n].to_vec(),
                map: MapChoice::Custom { map },
                options: Options {
                    turn_limit: 3,
                    ..Options::default()
                },
            };
            let mut g = match Game::new(&setup, seed) {
                Ok(g) => g,
                Err(e) if e.to_string().trim().is_empty() => {
                    return Err("a set-up error naming nothing".into())
                }
                Err(_) => return Ok(()),
            };
            let mut bots: Vec<Box<dyn Bot>> = (0..n)
                .map(|i| Box::new(RandomBot::new(seed ^ i as u64)) as Box<dyn Bot>)
                .collect();
            play_out(&mut g, &mut bots, 3_000)?;
            for p in 0..n as u8 {
                let _ = g.view(p);
            }
            Ok(())
        }
    }
}

/// Reads and runs a scenario; a refusal must say something.
fn check_scenario(text: &str) -> Result<(), String> {
    match Scenario::from_toml(text) {
        Err(e) if e.trim().is_empty() => Err("a scenario error naming nothing".into()),
        Err(_) => Ok(()),
        Ok(s) => match s.run() {
            Ok(_) => Ok(()),
            Err(f) if f.to_string().trim().is_empty() => {
                Err("a scenario failure naming nothing".into())
            }
            Err(_) => Ok(()),
        },
    }
}

fn shown(text: &str) -> String {
    text.chars().take(600).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_map_files_never_panic(which in 0usize..MAPS.len(), seed in any::<u64>(), n in 1usize..6) {
        let text = mutate(MAPS[which], seed, n);
        if let Err(e) = check_map(&text, seed) {
            return Err(TestCaseError::fail(format!("{e}\n--- map (seed {seed}, {n} mutations) ---\n{}", shown(&text))));
        }
    }

    #[test]
    fn mutated_scenario_files_never_panic(which in 0usize..SCENARIOS.len(), seed in any::<u64>(), n in 1usize..6) {
        let text = mutate(SCENARIOS[which], seed, n);
        if let Err(e) = check_scenario(&text) {
            return Err(TestCaseError::fail(format!("{e}\n--- scenario (seed {seed}, {n} mutations) ---\n{}", shown(&text))));
        }
    }

    #[test]
    fn arbitrary_text_is_refused_cleanly(text in any::<String>(), toml_like in "[a-z_\\[\\]=\"\n 0-9.{},#-]{0,300}") {
        check_map(&text, 1).map_err(TestCaseError::fail)?;
        check_map(&toml_like, 1).map_err(TestCaseError::fail)?;
        check_scenario(&text).map_err(TestCaseError::fail)?;
        check_scenario(&toml_like).map_err(TestCaseError::fail)?;
        let _ = run_text(&toml_like);
    }
}

#[test]
fn deep_nesting_is_refused_with_a_line() {
    for open in ["[", "{a = "] {
        let close = if open == "[" { "]" } else { "}" };
        let text = format!(
            "deep = {}1{}\n{}",
            open.repeat(5000),
            close.repeat(5000),
            MAPS[0]
        );
        let e = Map::from_toml(&text).unwrap_err();
        assert!(e.line.is_some() || !e.message.is_empty(), "{e:?}");
        assert!(Scenario::from_toml(&text).is_err());
    }
}

#[test]
fn huge_numbers_name_their_field() {
    let text = MAPS[2].replacen("at = [1, 0]", "at = [99999999999999999999, 0]", 1);
    let e = Map::from_toml(&text).unwrap_err();
    assert!(e.line.is_some(), "{e:?}");
    let text = MAPS[2].replacen("at = [1, 0]", "at = [9223372036854775807, 0]", 1);
    let e = Map::from_toml(&text).unwrap_err();
    assert_eq!(e.field, "at", "{e:?}");
    let text = MAPS[2].replacen("home = 1", "home = -9223372036854775808", 1);
    let e = Map::from_toml(&text).unwrap_err();
    assert_eq!(e.field, "home", "{e:?}");
}

#[test]
fn the_mutations_reach_the_game_not_only_the_parser() {
    // Enough mutated files are still accepted that the set-up, play and
    // scenario runner are fuzzed too, not only the TOML reader.
    let maps = (0..300u64)
        .filter(|&s| Map::from_toml(&mutate(MAPS[s as usize % 3], s, 1)).is_ok())
        .count();
    let scenarios = (0..300u64)
        .filter(|&s| Scenario::from_toml(&mutate(SCENARIOS[s as usize % 6], s, 1)).is_ok())
        .count();
    assert!(maps >= 20, "{maps} of 300 mutated maps accepted");
    assert!(
        scenarios >= 20,
        "{scenarios} of 300 mutated scenarios accepted"
    );
    for s in 0..300u64 {
        check_map(&mutate(MAPS[s as usize % 3], s, 1), s).unwrap();
        check_scenario(&mutate(SCENARIOS[s as usize % 6], s, 1)).unwrap();
    }
}
