//! Unconditional Surrender (Engine Rules v1.2, "Elimination from the
//! Game"): during the discard round (the Draw Round's discard step) a
//! player at war may surrender to a player they are at war with; that
//! player gains 3 influence and the one who surrenders is eliminated. There
//! is no asylum any more (v1.2 changes: "It is no longer possible for an
//! ambassador to seek asylum").

use crate::game::error::Violation;
use crate::game::event::{Cause, Event, Events};
use crate::game::state::Game;
use crate::ids::PlayerId;

/// Influence the player surrendered to gains.
pub const SURRENDER_INFLUENCE: i16 = 3;

impl Game {
    /// Unconditional Surrender: "You must surrender to a player of a race
    /// with whom you are at war."
    pub(crate) fn check_surrender(&self, p: PlayerId, to: PlayerId) -> Result<(), Violation> {
        let Some(q) = self.players.get(to as usize) else {
            return Err(Violation::SurrenderNotAtWar);
        };
        if to == p || q.eliminated || !self.at_war(p, to) {
            return Err(Violation::SurrenderNotAtWar);
        }
        Ok(())
    }

    /// Whom `p` may surrender to now (the players it is at war with).
    pub(crate) fn surrender_candidates(&self, p: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.players.len() as PlayerId).filter(move |&q| self.check_surrender(p, q).is_ok())
    }

    /// "The player to whom you surrender gains +3 influence and you are
    /// eliminated from the game."
    pub(crate) fn do_surrender(&mut self, p: PlayerId, to: PlayerId, ev: &mut Events) {
        ev.push(Event::Surrendered { player: p, to });
        self.gain_influence(to, SURRENDER_INFLUENCE, Cause::Surrender, ev);
        self.eliminate(p, ev);
    }
}
