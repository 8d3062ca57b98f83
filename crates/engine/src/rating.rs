//! Influence Rating and initiative modifiers (Engine Rules v1.2, Influence
//! and Influence Rating: "Some card effects directly alter your Influence
//! Rating without causing you to gain or lose influence ... while they
//! remain in play"; Initiative: "an initiative score that is calculated at
//! the beginning of each turn that is equal to their Influence Rating").
//!
//! A modifier is not a gain or a loss: it moves no tokens. It counts
//! wherever the rating counts: power (each point of Influence Rating counts
//! towards Power), initiative, and conditions and amounts that read the
//! rating. The rating never counts below 3.

use crate::card::def::Passive;
use crate::card::effect::{Duration, Who};
use crate::effects::Ctx;
use crate::ids::{CardId, PlayerId};
use crate::influence::INFLUENCE_FLOOR;
use crate::state::{Game, ModKind};

impl Game {
    /// What modifiers add to (or take from) the player's Influence Rating.
    pub(crate) fn rating_modifier(&self, p: PlayerId) -> i16 {
        let mut n = 0i16;
        if self.restrictions_imposed {
            for m in self.mods.iter() {
                if let ModKind::Rating(q, d) = m.kind {
                    if q == p {
                        n += d as i16;
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
                    n += *d as i16;
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
            (base + d).max(INFLUENCE_FLOOR.min(base))
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
                    n += *d as i16;
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
