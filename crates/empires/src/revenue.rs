//! The Revenue Phase (Babylon 5 Empires: "Each system with a colony
//! generates revenue equal to its Resource level. Homesystems generate 10
//! Revenue points per turn."; Warp Empires: for every revenue generating
//! territory you control), with the cards that change it.

use crate::event::Event;
use crate::map::SpaceKind;
use crate::state::{Game, PlayerId};

/// Homesystems generate 10 Revenue points per turn.
pub const HOMESYSTEM_REVENUE: i32 = 10;
/// Raiding: 5 less; Increase Production: 5 extra.
pub const RAIDING: i32 = 5;
pub const INCREASE_PRODUCTION: i32 = 5;

impl Game {
    /// What `p`'s systems yield now, before cards (Revolt included).
    pub fn base_revenue(&self, p: PlayerId) -> i32 {
        self.spaces
            .iter()
            .zip(&self.map.spaces)
            .filter(|(s, _)| s.control == Some(p) && s.revolt == 0)
            .map(|(s, m)| match m.kind {
                SpaceKind::Home => HOMESYSTEM_REVENUE,
                SpaceKind::System if s.colony && s.explored => s.resources as i32,
                _ => 0,
            })
            .sum()
    }

    pub(crate) fn collect_revenue(&mut self, ev: &mut Vec<Event>) {
        let p = self.active;
        let ps = &self.players[p as usize];
        let systems = self.systems_controlled(p) as i32;
        let amount = (self.base_revenue(p)
            + INCREASE_PRODUCTION * ps.increase_production as i32
            // Heavy Trade: 1 extra per system you control.
            + systems * ps.heavy_trade as i32
            - RAIDING * ps.raided as i32)
            .max(0);
        // Revolt counts down the Revenue Phases of the system's controller.
        for s in &mut self.spaces {
            if s.control == Some(p) && s.revolt > 0 {
                s.revolt -= 1;
            }
        }
        let ps = &mut self.players[p as usize];
        ps.raided = 0;
        ps.revenue = amount;
        ps.treasury += amount;
        ev.push(Event::Revenue {
            player: p,
            amount,
            treasury: ps.treasury,
        });
    }
}
