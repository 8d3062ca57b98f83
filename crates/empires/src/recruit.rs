//! The Recruit Phase (Warp Empires: draw 5 random units, buy them at their
//! Force, draw 1D6 more if you bought them all, the rest go back;
//! Babylon 5 Empires: units start at your Homeworld or a planet with a
//! Shipyard; colonies, shipyards and Jumpgates are built here).

use rand::Rng;

use crate::action::Action;
use crate::chits::Marker;
use crate::deck::Card;
use crate::error::Violation;
use crate::event::Event;
use crate::map::SpaceKind;
use crate::state::{Game, Loc, Phase, PlayerId, SpaceId, UnitId};

/// "Draw 5 random units from the unit chit pile."
pub const RECRUIT_DRAW: usize = 5;

impl Game {
    fn offer(&self, p: PlayerId) -> Vec<UnitId> {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.loc == Loc::Offer { player: p })
            .map(|(i, _)| UnitId(i as u16))
            .collect()
    }

    fn draw_offer(&mut self, p: PlayerId, n: usize, ev: &mut Vec<Event>) {
        let mut count = 0;
        for _ in 0..n {
            match self.draw_chit() {
                Some(u) => {
                    self.units[u.0 as usize].loc = Loc::Offer { player: p };
                    count += 1;
                }
                None => break,
            }
        }
        ev.push(Event::UnitsDrawn {
            player: p,
            count: count as u8,
        });
    }

    pub(crate) fn start_recruit(&mut self, ev: &mut Vec<Event>) {
        self.extra_drawn = false;
        self.draw_offer(self.active, RECRUIT_DRAW, ev);
    }

    /// A unit's price (Recruit Phase: "A units cost is equal to its Force
    /// value"; the Diplomat costs 10).
    pub fn unit_cost(&self, p: PlayerId, u: UnitId) -> i32 {
        let race = self.players[p as usize].race;
        let k = race.fields(self.units[u.0 as usize].chit);
        let bonus = if self.options.cost_includes_race_bonus {
            race.force_bonus(k)
        } else {
            0
        };
        k.cost() + bonus
    }

    /// Where `p`'s new units may start: "your Homeworld or a planet with a
    /// Shipyard" (a homesystem is one for whoever controls it).
    pub fn recruit_space(&self, p: PlayerId, s: SpaceId) -> bool {
        let Some(st) = self.spaces.get(s as usize) else {
            return false;
        };
        st.control == Some(p)
            && (st.shipyard || self.map.spaces[s as usize].kind == SpaceKind::Home)
    }

    pub(crate) fn recruit_candidates(&self, p: PlayerId) -> Vec<Action> {
        let mut v = Vec::new();
        let places: Vec<SpaceId> = (0..self.map.spaces.len() as SpaceId)
            .filter(|&s| self.recruit_space(p, s))
            .collect();
        for unit in self.offer(p) {
            for &at in &places {
                v.push(Action::Buy { unit, at });
            }
        }
        for at in 0..self.map.spaces.len() as SpaceId {
            if self.spaces[at as usize].control == Some(p) {
                for marker in Marker::ALL {
                    v.push(Action::Build { at, marker });
                }
            }
        }
        v.push(Action::EndPhase);
        v
    }

    fn check_build(&self, p: PlayerId, at: SpaceId, marker: Marker) -> Result<(), Violation> {
        let st = self
            .spaces
            .get(at as usize)
            .ok_or(Violation::NoSuchSpace(at))?;
        let kind = self.map.spaces[at as usize].kind;
        if !kind.is_system() {
            return Err(Violation::NotASystem(at));
        }
        // "You may build a colony on a system you control."
        if st.control != Some(p) {
            return Err(Violation::NotControlled(at));
        }
        let home = kind == SpaceKind::Home;
        // A homesystem is colonised, and has a shipyard, already.
        if st.has(marker) || (home && marker != Marker::Jumpgate) {
            return Err(Violation::AlreadyBuilt(at, marker));
        }
        match marker {
            Marker::Colony if !st.explored => return Err(Violation::NotExplored(at)),
            // "A system must first have a colony before a shipyard (or a
            // Jumpgate) can be built."
            Marker::Shipyard | Marker::Jumpgate if !st.colony && !home => {
                return Err(Violation::NeedsColony(at))
            }
            _ => {}
        }
        // "You can only build a Jumpgate if you play a Quantium 40 card."
        if marker == Marker::Jumpgate && !self.players[p as usize].hand.contains(&Card::Quantium40)
        {
            return Err(Violation::NeedsQuantium);
        }
        let have = self.players[p as usize].treasury;
        if have < marker.cost() {
            return Err(Violation::Unaffordable {
                need: marker.cost(),
                have,
            });
        }
        Ok(())
    }

    pub(crate) fn check_recruit(&self, p: PlayerId, action: &Action) -> Result<(), Violation> {
        match action {
            Action::Buy { unit, at } => {
                match self.units.get(unit.0 as usize).map(|u| u.loc) {
                    Some(Loc::Offer { player }) if player == p => {}
                    _ => return Err(Violation::NotOffered(*unit)),
                }
                if !self.recruit_space(p, *at) {
                    return Err(Violation::NotARecruitSpace(*at));
                }
                // New units start on systems, where one Diplomat is the limit.
                self.check_diplomats(p, &[*unit], *at)?;
                let need = self.unit_cost(p, *unit);
                let have = self.players[p as usize].treasury;
                if have < need {
                    return Err(Violation::Unaffordable { need, have });
                }
                Ok(())
            }
            Action::Build { at, marker } => self.check_build(p, *at, *marker),
            Action::EndPhase => Ok(()),
            _ => Err(Violation::WrongTime {
                verb: "do that",
                when: "Recruit Phase: buy units, build, or end the phase",
            }),
        }
    }

    pub(crate) fn do_recruit(&mut self, p: PlayerId, action: Action, ev: &mut Vec<Event>) {
        match action {
            Action::Buy { unit, at } => {
                let cost = self.unit_cost(p, unit);
                self.players[p as usize].treasury -= cost;
                self.place(&[unit], at, p);
                self.units[unit.0 as usize].moved = true;
                ev.push(Event::Recruited {
                    player: p,
                    at,
                    cost,
                });
                // "If you purchased all the drawn units, draw another 1D6
                // random units."
                if self.offer(p).is_empty() && !self.extra_drawn {
                    self.extra_drawn = true;
                    let d = self.rng.random_range(1..=6u8);
                    ev.push(Event::Rolled {
                        player: p,
                        dice: vec![d],
                    });
                    self.draw_offer(p, d as usize, ev);
                }
            }
            Action::Build { at, marker } => {
                if marker == Marker::Jumpgate {
                    let q = Card::Quantium40;
                    let target = crate::action::Target::System { space: at };
                    self.discard_played(p, q, q, target, ev);
                }
                self.players[p as usize].treasury -= marker.cost();
                let st = &mut self.spaces[at as usize];
                match marker {
                    Marker::Colony => st.colony = true,
                    Marker::Shipyard => st.shipyard = true,
                    Marker::Jumpgate => st.jumpgate = true,
                }
                ev.push(Event::Built {
                    player: p,
                    at,
                    marker,
                    cost: marker.cost(),
                });
            }
            Action::EndPhase => {
                // "Discard unpurchased units back to your unit chit pile."
                let back = self.offer(p);
                if !back.is_empty() {
                    ev.push(Event::UnitsReturned {
                        player: p,
                        count: back.len() as u8,
                    });
                }
                for u in back {
                    self.return_to_pile(u);
                }
                self.begin_phase(Phase::Upkeep, ev);
            }
            _ => {}
        }
    }
}
