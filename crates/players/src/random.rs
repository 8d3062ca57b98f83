//! The random player: uniform over the legal actions, except that it never
//! surrenders (Unconditional Surrender ends its game; a random player that
//! surrendered whenever at war would measure nothing).

use b5_engine::{Action, Game, PlayerId};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::Bot;

/// Picks uniformly among the legal actions with its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Pcg64Mcg,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _game: &Game, _player: PlayerId, legal: &[Action]) -> Action {
        // Surrender choices come last in the engine's order.
        let n = legal
            .iter()
            .position(|a| matches!(a, Action::Surrender { .. }))
            .unwrap_or(legal.len());
        match n {
            0 => legal.first().copied().unwrap_or(Action::Pass),
            1 => legal[0],
            n => legal[self.rng.random_range(0..n)],
        }
    }
}
