//! Digests and replays: same set-up, seed and actions give the same game,
//! bit for bit.

use std::hash::{Hash, Hasher};

use rand::RngCore;

use crate::action::Action;
use crate::error::{RuleError, SetupError};
use crate::setup::Setup;
use crate::state::{Game, PlayerId};

/// FNV-1a, stable across runs and platforms (unlike the std hasher's
/// random keys).
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl Game {
    /// A fingerprint of the whole state, the generator's included.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        self.map.name.hash(&mut h);
        self.options.hash(&mut h);
        self.units.hash(&mut h);
        self.seq.hash(&mut h);
        self.players.hash(&mut h);
        self.spaces.hash(&mut h);
        self.deck.hash(&mut h);
        self.discard.hash(&mut h);
        self.pile.hash(&mut h);
        (self.round, self.first, self.active, self.phase).hash(&mut h);
        self.order.hash(&mut h);
        self.picks.hash(&mut h);
        self.window.hash(&mut h);
        self.forced.hash(&mut h);
        self.battle.hash(&mut h);
        self.battles_done.hash(&mut h);
        self.extra_drawn.hash(&mut h);
        self.outcome.hash(&mut h);
        let mut r = self.rng.clone();
        (r.next_u64(), r.next_u64()).hash(&mut h);
        h.finish()
    }
}

/// A replay that could not be carried out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("set-up: {0}")]
    Setup(#[from] SetupError),
    #[error("action {index} (player {player}): {error}")]
    Action {
        index: usize,
        player: PlayerId,
        error: RuleError,
    },
}

/// Plays a game again from its set-up, seed and actions.
pub fn replay(setup: &Setup, seed: u64, log: &[(PlayerId, Action)]) -> Result<Game, ReplayError> {
    let mut g = Game::new(setup, seed)?;
    for (index, (player, action)) in log.iter().enumerate() {
        g.apply(*player, action.clone())
            .map_err(|error| ReplayError::Action {
                index,
                player: *player,
                error,
            })?;
    }
    Ok(g)
}
