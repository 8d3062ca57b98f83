//! The Control Phase (Warp Empires: "Place a control marker on every
//! revenue generating territory occupied by one of your units. Only one
//! control marker per space."). Read: a system where the active player has
//! units that fight and no other player has a stack; a Diplomat alone
//! takes nothing.

use crate::event::Event;
use crate::state::{Game, SpaceId};

impl Game {
    pub(crate) fn place_control(&mut self, ev: &mut Vec<Event>) {
        let a = self.active;
        for s in 0..self.map.spaces.len() as SpaceId {
            if !self.map.spaces[s as usize].kind.is_system()
                || self.spaces[s as usize].control == Some(a)
                || !self.has_fighting_units(s, a)
            {
                continue;
            }
            let contested = self
                .opponents(a)
                .into_iter()
                .any(|o| self.has_fighting_units(s, o) || self.has_fortifications(s, o));
            if !contested {
                self.spaces[s as usize].control = Some(a);
                ev.push(Event::ControlPlaced {
                    player: a,
                    space: s,
                });
            }
        }
    }
}
