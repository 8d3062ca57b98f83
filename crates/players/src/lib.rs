//! # b5-players
//!
//! Computer opponents for the rules engine (layer 4 of the architecture),
//! built only on the engine's public API: [`Game::pending`],
//! [`Game::legal_actions`], [`Game::apply`] and `clone`.
//!
//! - [`Bot`]: the interface every computer player implements;
//! - [`RandomBot`]: uniform over the legal actions;
//! - [`GreedyBot`]: one-step lookahead with a heuristic evaluation of the
//!   resulting position (see the [`greedy`] module for how it scores);
//! - [`SearchBot`]: information-set Monte Carlo tree search over
//!   determinizations of what its seat cannot see, scored by the greedy
//!   player's evaluation (see the [`search`] module);
//! - [`play_game`]: plays a game to its end (or a cap) with one bot per
//!   seat and returns a [`GameRecord`].
//!
//! Bots are deterministic: each owns a seeded generator (`rand_pcg`), so the
//! same set-up, game seed and bot seeds always give the same game.

pub mod greedy;
mod play;
mod random;
pub mod search;

use b5_engine::{Action, Game, PlayerId};

pub use greedy::{GreedyBot, Weights};
pub use play::{play_game, GameRecord};
pub use random::RandomBot;
pub use search::{chances_at, Budget, Estimate, SearchBot, SearchSettings, Widening};

/// A computer player.
pub trait Bot {
    /// A short name for logs and tables ("random", "greedy").
    fn name(&self) -> &str;

    /// Chooses one of `legal` (never empty: exactly the engine's
    /// [`Game::legal_actions`] for `player` now). Implementations must
    /// return an element of `legal`, must be deterministic given their seed
    /// and the calls made so far, and must use only what `player` may know.
    fn choose(&mut self, game: &Game, player: PlayerId, legal: &[Action]) -> Action;
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, game: &Game, player: PlayerId, legal: &[Action]) -> Action {
        (**self).choose(game, player, legal)
    }
}
