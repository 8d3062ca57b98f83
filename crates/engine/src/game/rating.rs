//! Influence Rating and initiative modifiers (Engine Rules v1.2, Influence
//! and Influence Rating: "Some card effects directly alter your Influence
//! Rating without causing you to gain or lose influence ... while they
//! remain in play"; Initiative: "an initiative score that is calculated at
//! the beginning of each turn that is equal to their Influence Rating").
//!
//! A modifier is not a gain or a loss. It counts wherever the rating
//! counts: power (each point of Influence Rating counts towards Power),
//! initiative, and conditions and amounts that read the rating. The rating
//! never counts below 3.
//!
//! It also counts in the pools: "Influence rating is tracked through two
//! pools: spent influence and unspent influence. Your Influence Rating thus
//! equals the total of influence tokens in your spent and unspent pools
//! combined", and "each player can apply influence up to the total of their
//! Influence Rating". So a modifier that arrives puts its tokens in the
//! unspent pool at once (they may be applied that turn), and one that ends
//! takes its tokens away, from the spent pool first (rulings 8.2: "Whenever
//! you lose influence for any reason, you should take it from your already
//! spent influence. This includes transferring influence"; a direct change
//! to the rating is neither a gain nor a loss, but the tokens leave the same
//! way). The Ready Round restores the spent pool as always ("Influence
//! applied during a player's turn is restored from the spent pool to the
//! unspent pool at the beginning of the following turn"). `Player::rating_mod`
//! is what the pools hold of the modifiers; [`Game::sync_rating_pools`]
//! keeps it in step whenever the game moves.

use crate::card::Passive;
use crate::card::{Duration, Who};
use crate::game::held::Ctx;
use crate::game::influence::INFLUENCE_FLOOR;
use crate::game::state::{Game, ModKind};
use crate::ids::{CardId, PlayerId};

impl Game {
    /// What modifiers add to (or take from) the player's Influence Rating.
    pub(crate) fn rating_modifier(&self, p: PlayerId) -> i16 {
        let mut n = 0i16;
        if self.restrictions_imposed {
            for m in self.mods.iter() {
                if let ModKind::Rating(q, d) = m.kind {
                    if q == p {
                        n = n.saturating_add(d as i16);
                    }
                }
            }
        }
        for &src in self.rating_sources.iter() {
            if self.you_of(src) != p {
                continue;
            }
            for pa in self.lasting(src) {
                if let Passive::InfluenceRating(d) = pa {
                    n = n.saturating_add(*d as i16);
                }
            }
        }
        n
    }

    /// The Influence Rating with its modifiers (never below 3 once
    /// modified: "No player's Influence Rating can ever be reduced to less
    /// than 3").
    pub fn influence_rating(&self, p: PlayerId) -> i16 {
        let base = self.players[p as usize].influence;
        let d = self.rating_modifier(p);
        if d == 0 {
            base
        } else {
            // A rating at its bound stays there (docs/limits.md): a
            // wrapped sum would read as the floor.
            base.saturating_add(d).max(INFLUENCE_FLOOR.min(base))
        }
    }

    /// Puts the Influence Rating modifiers into the pools (module
    /// documentation): one that arrived adds unspent tokens, one that ended
    /// takes tokens from the spent pool first. Cheap when no modifier is or
    /// was in play.
    pub(crate) fn sync_rating_pools(&mut self) {
        if self.rating_sources.is_empty()
            && !self.restrictions_imposed
            && self.players.iter().all(|p| p.rating_mod == 0)
        {
            return;
        }
        for p in 0..self.players.len() {
            let r = self.influence_rating(p as PlayerId) - self.players[p].influence;
            let pl = &mut self.players[p];
            if r < pl.rating_mod {
                // Rulings 8.2: tokens leave the spent pool first.
                let gone = pl.rating_mod - r;
                pl.spent -= gone.min(pl.spent);
            }
            pl.rating_mod = r;
        }
    }

    /// What lasting initiative modifiers add to the player's initiative score.
    pub(crate) fn initiative_modifier(&self, p: PlayerId) -> i16 {
        let mut n = 0i16;
        for &src in self.rating_sources.iter() {
            if self.you_of(src) != p {
                continue;
            }
            for pa in self.lasting(src) {
                if let Passive::Initiative(d) = pa {
                    n = n.saturating_add(*d as i16);
                }
            }
        }
        n
    }

    /// The `influence_rating` effect: a modifier on each player named, for
    /// its duration.
    pub(crate) fn modify_rating(&mut self, n: i8, who: Who, duration: Duration, ctx: &Ctx) -> bool {
        if n == 0 {
            return false;
        }
        // Rating modifiers are kept among the modifiers, looked at only
        // once one has been made (as restrictions are).
        self.restrictions_imposed = true;
        let ps = self.who_players(who, ctx);
        for &p in &ps {
            self.push_mod(CardId::NONE, ModKind::Rating(p, n), duration, ctx);
        }
        !ps.is_empty()
    }
}
