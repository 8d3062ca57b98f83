//! Victory (Babylon 5 Empires: "You win if you control over 60% of the
//! systems on the map"), elimination, and the turn limit.

use crate::event::Event;
use crate::state::{Game, Loc, Outcome, PlayerId};

/// Over this share of the systems wins (percent).
pub const VICTORY_PERCENT: usize = 60;

impl Game {
    /// Whether `p` controls over 60% of the systems.
    pub fn has_conquered(&self, p: PlayerId) -> bool {
        self.systems_controlled(p) * 100 > VICTORY_PERCENT * self.map.system_count()
    }

    pub(crate) fn check_conquest(&mut self, ev: &mut Vec<Event>) {
        let a = self.active;
        if self.has_conquered(a) {
            let outcome = Outcome::Conquest { winner: a };
            self.outcome = Some(outcome);
            ev.push(Event::GameOver { outcome });
        }
    }

    /// A player with no units on the map and no systems is out; the last
    /// one left wins.
    pub(crate) fn check_eliminations(&mut self, ev: &mut Vec<Event>) {
        for p in 0..self.players.len() as PlayerId {
            if self.players[p as usize].eliminated {
                continue;
            }
            let units = self
                .units
                .iter()
                .any(|u| matches!(u.loc, Loc::Map { owner, .. } if owner == p));
            if !units && self.systems_controlled(p) == 0 {
                let ps = &mut self.players[p as usize];
                ps.eliminated = true;
                let hand: Vec<_> = ps.hand.drain(..).collect();
                self.discard.extend(hand);
                ev.push(Event::Eliminated { player: p });
            }
        }
        let left: Vec<PlayerId> = (0..self.players.len() as PlayerId)
            .filter(|&p| !self.players[p as usize].eliminated)
            .collect();
        if left.len() == 1 {
            let outcome = Outcome::LastStanding { winner: left[0] };
            self.outcome = Some(outcome);
            ev.push(Event::GameOver { outcome });
        }
    }

    /// The player controlling the most systems (none on a tie).
    pub fn leader(&self) -> Option<PlayerId> {
        let n = self.players.len() as PlayerId;
        let best = (0..n).map(|p| self.systems_controlled(p)).max()?;
        let top: Vec<PlayerId> = (0..n)
            .filter(|&p| self.systems_controlled(p) == best)
            .collect();
        (top.len() == 1).then(|| top[0])
    }
}
