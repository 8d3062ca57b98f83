//! The Exploration Phase (Babylon 5 Empires: "Include an exploration phase
//! after movement phase. When entering an unexplored system for the first
//! time roll three six sided dice to determine the presence of
//! Resources"). Every unexplored system holding a unit of the active
//! player is explored.

use rand::Rng;

use crate::event::Event;
use crate::map::SpaceKind;
use crate::options::ExplorationRoll;
use crate::state::{Game, Loc, SpaceId};

/// The Resources table: 1-2 Poor (1), 3-4 Moderate (2), 5-6 Rich (3).
pub fn resources(die: u8) -> u8 {
    match die {
        0..=2 => 1,
        3..=4 => 2,
        _ => 3,
    }
}

impl Game {
    pub(crate) fn explore(&mut self, ev: &mut Vec<Event>) {
        let a = self.active;
        let mut todo: Vec<SpaceId> = self
            .units
            .iter()
            .filter_map(|u| match u.loc {
                Loc::Map { space, owner } if owner == a => Some(space),
                _ => None,
            })
            .filter(|&s| {
                self.map.spaces[s as usize].kind == SpaceKind::System
                    && !self.spaces[s as usize].explored
            })
            .collect();
        todo.sort_unstable();
        todo.dedup();
        for s in todo {
            let fixed = self.spaces[s as usize].resources;
            let value = if fixed > 0 {
                fixed
            } else {
                let die = match self.options.exploration_roll {
                    ExplorationRoll::OneDie => {
                        let d = self.rng.random_range(1..=6u8);
                        ev.push(Event::Rolled {
                            player: a,
                            dice: vec![d],
                        });
                        d
                    }
                    ExplorationRoll::MedianOfThree => {
                        let mut d = [0u8; 3];
                        for x in &mut d {
                            *x = self.rng.random_range(1..=6u8);
                        }
                        ev.push(Event::Rolled {
                            player: a,
                            dice: d.to_vec(),
                        });
                        d.sort_unstable();
                        d[1]
                    }
                };
                resources(die)
            };
            let st = &mut self.spaces[s as usize];
            st.explored = true;
            st.resources = value;
            ev.push(Event::Explored {
                space: s,
                resources: value,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn resources_table() {
        let r: Vec<u8> = (1..=6).map(super::resources).collect();
        assert_eq!(r, vec![1, 1, 2, 2, 3, 3]);
    }
}
