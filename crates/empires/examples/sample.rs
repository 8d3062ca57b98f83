//! Plays a few computer games and prints how they went:
//! `cargo run -p b5-empires --example sample [greedy|random] [games]`.

use b5_empires::bots::{play_out, Bot, GreedyBot, RandomBot};
use b5_empires::{Game, Race, Setup};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map(String::as_str).unwrap_or("greedy");
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    for players in [2usize, 4] {
        for seed in 0..games {
            let mut setup = Setup::new(Race::ALL[..players].to_vec());
            setup.options.turn_limit = 100;
            let mut g = Game::new(&setup, seed).expect("set-up");
            let mut bots: Vec<Box<dyn Bot>> = (0..players)
                .map(|i| -> Box<dyn Bot> {
                    if kind == "random" {
                        Box::new(RandomBot::new(seed * 10 + i as u64))
                    } else {
                        Box::new(GreedyBot::new(seed * 10 + i as u64))
                    }
                })
                .collect();
            let n = play_out(&mut g, &mut bots, 2_000_000).expect("game");
            let systems: Vec<usize> = (0..players as u8)
                .map(|p| g.systems_controlled(p))
                .collect();
            println!(
                "{players}p seed {seed}: {n} actions, round {}, {:?}, systems {:?} of {}",
                g.round(),
                g.outcome(),
                systems,
                g.map().system_count()
            );
        }
    }
}
