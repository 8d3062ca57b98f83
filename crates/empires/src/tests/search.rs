//! The search player: it decides only from what its seat may know (the
//! same choice on a game scrambled in everything hidden from it), and it
//! always chooses a legal action.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::bots::{Bot, GreedyBot, SearchBot};
use crate::check::perturb;
use crate::race::Race;
use crate::setup::Setup;
use crate::state::Game;

#[test]
fn search_choice_ignores_what_its_seat_cannot_know() {
    let mut compared = 0;
    for seed in 0..3u64 {
        let mut s = Setup::new(vec![Race::Narn, Race::Minbari]);
        s.options.turn_limit = 30;
        let mut g = Game::new(&s, seed).unwrap();
        let mut greedy = [GreedyBot::new(seed), GreedyBot::new(seed + 1)];
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for step in 0..400 {
            if g.is_over() {
                break;
            }
            let p = g.pending()[0];
            if step % 37 == 0 && g.legal_actions(p).len() > 1 {
                let scrambled = perturb(&g, p, &mut rng);
                assert_eq!(g.view(p), scrambled.view(p));
                let a = SearchBot::with_budget(seed, 2, 40, 3).choose(&g, p);
                let b = SearchBot::with_budget(seed, 2, 40, 3).choose(&scrambled, p);
                assert_eq!(a, b, "seed {seed}, step {step}");
                assert!(g.legal_actions(p).contains(a.as_ref().unwrap()));
                compared += 1;
            }
            let a = greedy[p as usize].choose(&g, p).unwrap();
            g.apply(p, a).unwrap();
        }
    }
    assert!(compared >= 10, "{compared} choices compared");
}

#[test]
fn search_player_finishes_a_short_game() {
    let mut s = Setup::new(vec![Race::Centauri, Race::Earthforce]);
    s.options.turn_limit = 3;
    let mut g = Game::new(&s, 7).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = vec![
        Box::new(SearchBot::with_budget(1, 2, 30, 2)),
        Box::new(GreedyBot::new(2)),
    ];
    crate::bots::play_out(&mut g, &mut bots, 100_000).unwrap();
    assert!(g.is_over());
}
