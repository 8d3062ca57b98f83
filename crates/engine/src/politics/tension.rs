//! Political Relations: tensions between players and each player's unrest,
//! all kept within 1 to 5.

use crate::card::Race;
use crate::game::event::{Cause, Event, Events};
use crate::game::state::Game;
use crate::ids::PlayerId;

pub const TENSION_MIN: u8 = 1;
pub const TENSION_MAX: u8 = 5;

/// Starting Racial Tension Settings: row = the race, column = toward whom,
/// in the order Centauri, Human, Minbari, Narn, Non-Aligned; read as printed
/// (Human toward Narn 2, Narn toward Human 1). Two factions of one race begin
/// at 2 (Dual Race Games), which is the table's diagonal.
pub const STARTING_TENSION: [[u8; 5]; 5] = [
    [2, 1, 2, 4, 2],
    [1, 2, 3, 2, 2],
    [2, 3, 2, 2, 2],
    [4, 1, 2, 2, 2],
    [2, 2, 2, 2, 2],
];

/// Starting unrest by race (the table's last column).
pub const STARTING_UNREST: [u8; 5] = [1, 1, 1, 1, 2];

pub fn starting_tension(from: Race, toward: Race) -> u8 {
    match (from.table_index(), toward.table_index()) {
        (Some(a), Some(b)) => STARTING_TENSION[a][b],
        _ => 2,
    }
}

pub fn starting_unrest(race: Race) -> u8 {
    race.table_index().map(|i| STARTING_UNREST[i]).unwrap_or(1)
}

fn clamp(v: i16) -> u8 {
    v.clamp(TENSION_MIN as i16, TENSION_MAX as i16) as u8
}

impl Game {
    /// Changes `p`'s tension toward `q` (not the reverse: rulings 8.1).
    pub(crate) fn change_tension(
        &mut self,
        p: PlayerId,
        q: PlayerId,
        delta: i16,
        cause: Cause,
        ev: &mut Events,
    ) {
        if p == q {
            return;
        }
        let t = &mut self.players[p as usize].tension[q as usize];
        let new = clamp(*t as i16 + delta);
        if new != *t {
            *t = new;
            ev.push(Event::Tension {
                player: p,
                toward: q,
                value: new,
                cause,
            });
        }
    }

    pub(crate) fn change_unrest(&mut self, p: PlayerId, delta: i16, cause: Cause, ev: &mut Events) {
        let u = &mut self.players[p as usize].unrest;
        let new = clamp(*u as i16 + delta);
        if new != *u {
            *u = new;
            ev.push(Event::Unrest {
                player: p,
                value: new,
                cause,
            });
        }
    }

    pub fn tension(&self, p: PlayerId, toward: PlayerId) -> u8 {
        self.players[p as usize].tension[toward as usize]
    }
}
