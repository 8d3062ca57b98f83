//! The Upkeep Phase (Warp Empires: "Number of Units that automatically
//! receive upkeep = 5 x total Revenue. Discard excess units."). Total
//! revenue is what the player's Revenue Phase produced this turn.

use crate::action::Action;
use crate::error::Violation;
use crate::event::Event;
use crate::state::{Game, Loc, PlayerId, UnitId};

/// Units supported per revenue point.
pub const UNITS_PER_REVENUE: i32 = 5;

impl Game {
    fn units_on_map(&self, p: PlayerId) -> Vec<UnitId> {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, u)| matches!(u.loc, Loc::Map { owner, .. } if owner == p))
            .map(|(i, _)| UnitId(i as u16))
            .collect()
    }

    /// How many of `p`'s units are beyond upkeep.
    pub fn over_upkeep(&self, p: PlayerId) -> usize {
        let limit = (UNITS_PER_REVENUE * self.players[p as usize].revenue).max(0) as usize;
        self.units_on_map(p).len().saturating_sub(limit)
    }

    pub(crate) fn upkeep_candidates(&self, p: PlayerId) -> Vec<Action> {
        self.units_on_map(p)
            .into_iter()
            .map(|unit| Action::Disband { unit })
            .collect()
    }

    pub(crate) fn check_upkeep(&self, p: PlayerId, action: &Action) -> Result<(), Violation> {
        match action {
            Action::Disband { unit } => {
                if self.over_upkeep(p) == 0 {
                    return Err(Violation::WithinUpkeep);
                }
                match self.units.get(unit.0 as usize).map(|u| u.loc) {
                    Some(Loc::Map { owner, .. }) if owner == p => Ok(()),
                    Some(_) => Err(Violation::NotYourUnit(*unit)),
                    None => Err(Violation::NoSuchUnit(*unit)),
                }
            }
            _ => Err(Violation::WrongTime {
                verb: "do that",
                when: "Upkeep Phase: discard units beyond upkeep",
            }),
        }
    }

    pub(crate) fn do_upkeep(&mut self, p: PlayerId, action: Action, ev: &mut Vec<Event>) {
        if let Action::Disband { unit } = action {
            self.return_to_pile(unit);
            ev.push(Event::Disbanded {
                player: p,
                count: 1,
            });
        }
    }
}
