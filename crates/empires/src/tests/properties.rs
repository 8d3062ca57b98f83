//! Property tests over many random games (2 to 4 players, random and
//! greedy players, generated and shipped maps, random seeds): every game
//! ends by the turn cap; units and cards are conserved after every action;
//! `legal_actions` is never empty for a pending player and every action it
//! lists is accepted; illegal actions are refused with the game untouched;
//! a player's view never depends on anything hidden from that player and
//! names no hidden unit; a game replays to the same digest.

use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::action::Action;
use crate::bots::{Bot, GreedyBot, RandomBot};
use crate::check::Checker;
use crate::options::Options;
use crate::race::Race;
use crate::setup::{MapChoice, Setup};
use crate::state::{Game, PlayerId};

/// Rounds after which the engine ends a test game (`Options::turn_limit`).
const TURN_CAP: u32 = 12;
/// More actions than any game under the cap takes.
const ACTION_GUARD: usize = 50_000;

fn setup(seed: u64, players: usize, map: u8) -> Setup {
    let mut races = Race::ALL.to_vec();
    races.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
    races.truncate(players);
    let map = match (map, players) {
        (1, 2) => MapChoice::Shipped {
            name: "the-divide".into(),
        },
        (1, 4) => MapChoice::Shipped {
            name: "four-crowns".into(),
        },
        _ => MapChoice::Generated,
    };
    Setup {
        races,
        map,
        options: Options {
            turn_limit: TURN_CAP,
            ..Options::default()
        },
    }
}

fn run_game(seed: u64, players: usize, greedy: u8, map: u8) -> Result<(), String> {
    let setup = setup(seed, players, map);
    let mut g = Game::new(&setup, seed).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|i| -> Box<dyn Bot> {
            if greedy & (1 << i) != 0 {
                Box::new(GreedyBot::new(seed ^ i as u64))
            } else {
                Box::new(RandomBot::new(seed ^ i as u64))
            }
        })
        .collect();
    let mut check = Checker::new(seed);
    let mut log: Vec<(PlayerId, Action)> = Vec::new();
    while !g.is_over() {
        if log.len() > ACTION_GUARD {
            return Err("the game did not end by its turn cap".into());
        }
        check.before(&g)?;
        let p = g.pending()[0];
        let a = bots[p as usize].choose(&g, p).ok_or("no choice")?;
        g.apply(p, a.clone())
            .map_err(|e| format!("{a:?} by {p} refused: {e}"))?;
        log.push((p, a));
        check.after(&g)?;
    }
    if g.round() > TURN_CAP {
        return Err(format!("round {} past the cap", g.round()));
    }
    check.finish(&g, &setup, seed, &log)?;
    Ok(())
}

/// Games per run: `B5_EMPIRES_GAMES` (default 24, fast enough for every
/// test run); `B5_EMPIRES_GAMES=2000 cargo test -p b5-empires --release
/// random_games` runs thousands, and so does `b5 empires sim --check`.
fn games() -> u32 {
    std::env::var("B5_EMPIRES_GAMES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(24)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: games(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_property(
        seed in any::<u64>(),
        players in 2usize..=4,
        greedy in 0u8..16,
        map in 0u8..2,
    ) {
        if let Err(e) = run_game(seed, players, greedy, map) {
            return Err(TestCaseError::fail(format!("seed {seed}, {players} players, greedy {greedy:04b}, map {map}: {e}")));
        }
    }
}

#[test]
fn greedy_games_end_in_victory() {
    // Greedy players reach Victory well inside 60 rounds on two-player
    // maps; the cap only stops a stuck game.
    let mut won = 0;
    for seed in 0..4u64 {
        let mut s = Setup::new(vec![
            Race::ALL[seed as usize % 4],
            Race::ALL[(seed as usize + 1) % 4],
        ]);
        s.options.turn_limit = 60;
        let mut g = Game::new(&s, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(GreedyBot::new(seed)),
            Box::new(GreedyBot::new(seed + 9)),
        ];
        crate::bots::play_out(&mut g, &mut bots, 200_000).unwrap();
        if matches!(g.outcome(), Some(crate::state::Outcome::Conquest { .. })) {
            won += 1;
        }
    }
    assert!(won >= 3, "{won} of 4 greedy games ended in Victory");
}
