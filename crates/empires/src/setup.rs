//! Setting up a game (Setup: "Each player starts with a Homesystem with 10
//! random units and a hand of 5 cards. Each Homesytem has a Jumpgate.").

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::chits::Chit;
use crate::deck::Card;
use crate::error::SetupError;
use crate::map::{self, Map, SpaceKind};
use crate::mapgen;
use crate::options::Options;
use crate::race::Race;
use crate::state::{Game, Loc, Phase, PlayerId, PlayerState, SpaceState, Unit, UnitId};

/// Units each player starts with at home.
pub const START_UNITS: usize = 10;
/// Cards each player starts with.
pub const START_HAND: usize = 5;

/// Which map a game is played on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MapChoice {
    /// Generated from the game's seed for its number of players.
    #[default]
    Generated,
    /// One of the shipped hand-made maps, by name (`map::SHIPPED`).
    Shipped { name: String },
    /// A map given in full (a map file that was read).
    Custom { map: Map },
}

/// Everything a game starts from besides its seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Each seat's race, seat 1 first.
    pub races: Vec<Race>,
    #[serde(default)]
    pub map: MapChoice,
    #[serde(default)]
    pub options: Options,
}

impl Setup {
    /// A set-up with a generated map and default options.
    pub fn new(races: Vec<Race>) -> Setup {
        Setup {
            races,
            map: MapChoice::Generated,
            options: Options::default(),
        }
    }
}

impl Game {
    /// Sets a game up. The same set-up and seed give the same game.
    pub fn new(setup: &Setup, seed: u64) -> Result<Game, SetupError> {
        let n = setup.races.len();
        if !(2..=4).contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        for (i, r) in setup.races.iter().enumerate() {
            if setup.races[..i].contains(r) {
                return Err(SetupError::RaceTaken(r.short()));
            }
        }
        if setup.options.draw_per_turn > 7 {
            return Err(SetupError::Options("draw_per_turn is at most 7"));
        }
        if setup.options.turn_limit == 0 {
            return Err(SetupError::Options("turn_limit must be at least 1"));
        }
        let map = match &setup.map {
            MapChoice::Generated => mapgen::generate(n as u8, seed),
            MapChoice::Shipped { name } => map::shipped(name)
                .ok_or_else(|| SetupError::Map(format!("no shipped map is named \"{name}\"")))?,
            MapChoice::Custom { map } => {
                map.validate().map_err(|e| SetupError::Map(e.to_string()))?;
                map.clone()
            }
        };
        let homes = map.homes();
        if homes.len() != n {
            return Err(SetupError::MapSeats {
                homes: homes.len(),
                players: n,
            });
        }
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // The chit pile, dealt into ids in a shuffled order.
        let sets = setup.options.chit_sets_for(n);
        let mut chits: Vec<Chit> = Vec::new();
        for _ in 0..sets {
            for c in Chit::ALL {
                chits.extend(std::iter::repeat_n(c, c.count() as usize));
            }
        }
        chits.shuffle(&mut rng);
        let units: Vec<Unit> = chits
            .into_iter()
            .map(|chit| Unit {
                chit,
                loc: Loc::Pile,
                seq: 0,
                moved: false,
            })
            .collect();
        let pile: Vec<UnitId> = (0..units.len() as u16).map(UnitId).collect();
        let mut deck = Card::full_deck();
        deck.shuffle(&mut rng);
        let spaces: Vec<SpaceState> = map
            .spaces
            .iter()
            .map(|s| SpaceState {
                explored: s.kind == SpaceKind::Home,
                resources: s.revenue.unwrap_or(0),
                jumpgate: s.jumpgate,
                control: s.home,
                ..SpaceState::default()
            })
            .collect();
        let players: Vec<PlayerState> = setup
            .races
            .iter()
            .enumerate()
            .map(|(i, &race)| PlayerState {
                race,
                home: homes[i],
                hand: SmallVec::new(),
                treasury: 0,
                revenue: 0,
                eliminated: false,
                increase_production: 0,
                heavy_trade: 0,
                raided: 0,
                peace_from: 0,
                peeks: Vec::new(),
            })
            .collect();
        let first = rng.random_range(0..n) as PlayerId;
        let mut g = Game {
            map: Arc::new(map.public()),
            options: setup.options.clone(),
            units,
            seq: 0,
            players,
            spaces,
            deck,
            discard: Vec::new(),
            pile,
            round: 1,
            first,
            active: first,
            phase: Phase::Draw,
            order: None,
            picks: None,
            window: None,
            forced: None,
            battle: None,
            battles_done: Vec::new(),
            extra_drawn: false,
            outcome: None,
            rng,
        };
        let mut ev = Vec::new();
        for p in 0..n as PlayerId {
            g.draw_cards(p, START_HAND, &mut ev);
            let mut start: Vec<UnitId> = Vec::with_capacity(START_UNITS);
            for _ in 0..START_UNITS {
                if let Some(u) = g.draw_chit() {
                    start.push(u);
                }
            }
            // A homesystem is a system: "You cannot have more than one Diplomat on a system".
            // Others drawn go back and are replaced.
            g.keep_one_diplomat(&mut start);
            let home = g.players[p as usize].home;
            g.place(&start, home, p);
        }
        Ok(g)
    }

    /// Draws a random chit from the pile.
    pub(crate) fn draw_chit(&mut self) -> Option<UnitId> {
        if self.pile.is_empty() {
            return None;
        }
        let i = self.rng.random_range(0..self.pile.len());
        Some(self.pile.swap_remove(i))
    }

    fn keep_one_diplomat(&mut self, start: &mut Vec<UnitId>) {
        let mut tries = 0;
        loop {
            let dips: Vec<usize> = start
                .iter()
                .enumerate()
                .filter(|(_, &u)| self.units[u.0 as usize].chit.is_diplomat())
                .map(|(i, _)| i)
                .collect();
            if dips.len() <= 1 || tries > 40 {
                break;
            }
            tries += 1;
            let i = dips[1];
            let back = start[i];
            match self.draw_chit() {
                Some(u) => {
                    start[i] = u;
                    self.pile.push(back);
                }
                None => break,
            }
        }
        // Still too many (a pile of nothing but Diplomats): return extras.
        let mut seen = false;
        let mut keep = Vec::with_capacity(start.len());
        for &u in start.iter() {
            if self.units[u.0 as usize].chit.is_diplomat() {
                if seen {
                    self.pile.push(u);
                    continue;
                }
                seen = true;
            }
            keep.push(u);
        }
        *start = keep;
    }
}
