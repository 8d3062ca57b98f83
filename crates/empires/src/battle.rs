//! The Battle Phase (Warp Empires: Battle Phase; Babylon 5 Empires: Battle
//! Rules). Each space where the active player and an opponent both have
//! stacks is a battle, in space order, opponents in seat order. Exactly as
//! written: force totals (units with race bonuses, fortifications, +5 for
//! the only side with a Leader, +20 for a defended homesystem, cards), the
//! highest wins, the loser loses half its units (the winner picks the first,
//! the loser the rest), its fortifications are destroyed, the winner loses
//! units worth at least half the force the loser lost (the winner picks),
//! leaders lost are captured, the loser retreats one space, and both sides
//! replenish their hands to 7.

use rand::Rng;
use smallvec::SmallVec;

use crate::action::{Action, Stance, Target};
use crate::chits::{Chit, Marker};
use crate::deck::{Card, Timing};
use crate::error::Violation;
use crate::event::Event;
use crate::map::SpaceKind;
use crate::options::{Rounding, TieRule};
pub use crate::state::{Battle, Stage};
use crate::state::{Game, Loc};
use crate::terms::{PlayerId, SpaceId, UnitId};

/// "If one stack has a Leader and the other does not, the stack with the
/// leader gets an additional 5 Force."
pub const LEADER_BONUS: i32 = 5;
/// "When attacking a Homesystem controlled by an enemy the defender will
/// get +20 Force."
pub const HOMESYSTEM_BONUS: i32 = 20;

impl Game {
    /// A player's units that take part in a battle at `space`: everything
    /// but Diplomats ("Diplomats cannot attack or be attacked").
    pub(crate) fn battle_units(&self, space: SpaceId, p: PlayerId) -> SmallVec<[UnitId; 16]> {
        self.stack(space, p)
            .into_iter()
            .filter(|&u| self.units[u.0 as usize].chit.fights())
            .collect()
    }

    /// Whether `p` has a stack at `space` that can fight: units or
    /// fortifications.
    fn in_force(&self, space: SpaceId, p: PlayerId) -> bool {
        self.has_fighting_units(space, p) || self.has_fortifications(space, p)
    }

    /// The next battle of the phase, if any: the active player against an
    /// opponent in the same space, outside Babylon 5's neutral zone.
    fn next_battle(&self) -> Option<(SpaceId, PlayerId)> {
        let a = self.active;
        for space in 0..self.map.spaces.len() as SpaceId {
            if self.map.spaces[space as usize].kind == SpaceKind::Babylon5
                || !self.in_force(space, a)
            {
                continue;
            }
            for o in self.opponents(a) {
                // Peace Treaty: "Opponent cannot attack you this turn".
                let peace = self.players[a as usize].peace_from & (1 << o) != 0;
                if !peace && self.in_force(space, o) && !self.battles_done.contains(&(space, o)) {
                    return Some((space, o));
                }
            }
        }
        None
    }

    /// Starts the next battle; false when there is none.
    pub(crate) fn start_next_battle(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some((space, defender)) = self.next_battle() else {
            return false;
        };
        let attacker = self.active;
        let mut units = Vec::new();
        for p in [attacker, defender] {
            for u in self.battle_units(space, p) {
                units.push((u, self.kind(u), p));
            }
        }
        ev.push(Event::BattleBegan {
            space,
            attacker,
            defender,
            units,
        });
        self.battle = Some(Battle {
            space,
            sides: [attacker, defender],
            stage: Stage::Declare,
            flat: [0; 2],
            per_ship: [0; 2],
            per_fighter: [0; 2],
            per_capitol: [0; 2],
            negate: [0; 2],
            no_casualties: false,
            winner: None,
            force: [0; 2],
            to_lose: 0,
            lost: [0; 2],
            spared: SmallVec::new(),
        });
        true
    }

    /// A side's force total: units with race bonuses and the cards' per-unit
    /// bonuses, fortifications, the leader bonus, the homesystem bonus and
    /// the cards' flat bonuses.
    pub fn battle_force(&self, b: &Battle, side: usize) -> i32 {
        let p = b.sides[side];
        let units = self.battle_units(b.space, p);
        let mut f = b.flat[side];
        for &u in &units {
            let k = self.kind(u);
            f += self.unit_force(u);
            if k.is_ship() {
                f += b.per_ship[side];
            }
            if k.is_fighter() {
                f += b.per_fighter[side];
            }
            if k == Chit::CapitolShip {
                f += b.per_capitol[side];
            }
        }
        if self.has_fortifications(b.space, p) {
            let s = &self.spaces[b.space as usize];
            f += Marker::ALL
                .iter()
                .filter(|&&m| s.has(m))
                .map(|m| m.force())
                .sum::<i32>();
        }
        let leader = |q: PlayerId| {
            self.battle_units(b.space, q)
                .iter()
                .any(|&u| self.units[u.0 as usize].chit.is_leader())
        };
        if leader(p) && !leader(b.sides[1 - side]) {
            f += LEADER_BONUS;
        }
        if side == 1
            && self.map.spaces[b.space as usize].kind == SpaceKind::Home
            && self.spaces[b.space as usize].control == Some(p)
        {
            f += HOMESYSTEM_BONUS;
        }
        f
    }

    pub(crate) fn battle_candidates(&self, p: PlayerId) -> Vec<Action> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        let mut v = Vec::new();
        match b.stage {
            Stage::Declare | Stage::Answer => {
                v.push(Action::Declare {
                    stance: Stance::Attack,
                });
                v.push(Action::Declare {
                    stance: Stance::Mission,
                });
            }
            Stage::Cards { side, .. } => {
                v.push(Action::Pass);
                let enemy = b.sides[1 - side as usize];
                for (card, as_card, c) in self.card_uses(p) {
                    if c.timing() != Timing::Battle {
                        continue;
                    }
                    match c {
                        Card::CriticalHit | Card::PointDefense => {
                            for unit in self.battle_units(b.space, enemy) {
                                v.push(Action::Play {
                                    card,
                                    as_card,
                                    target: Target::Unit { unit },
                                });
                            }
                        }
                        Card::ArmoredHull => {
                            for target in [Target::None, Target::Negate] {
                                v.push(Action::Play {
                                    card,
                                    as_card,
                                    target,
                                });
                            }
                        }
                        _ => v.push(Action::Play {
                            card,
                            as_card,
                            target: Target::None,
                        }),
                    }
                }
            }
            Stage::WinnerFirst | Stage::LoserPicks => {
                let w = b.winner.unwrap_or(0) as usize;
                for unit in self.battle_units(b.space, b.sides[1 - w]) {
                    v.push(Action::Casualty { unit });
                }
            }
            Stage::WinnerPicks => {
                let w = b.winner.unwrap_or(0) as usize;
                for unit in self.battle_units(b.space, b.sides[w]) {
                    v.push(Action::Casualty { unit });
                }
            }
            Stage::Retreat => {
                for &to in &self.map.spaces[b.space as usize].neighbours {
                    v.push(Action::Retreat { to });
                }
            }
        }
        v
    }

    /// Where the loser may retreat: an adjacent space it can enter with no
    /// opposing stack (Babylon 5 is neutral).
    fn retreat_ok(&self, b: &Battle, to: SpaceId) -> bool {
        let loser = b.sides[1 - b.winner.unwrap_or(0) as usize];
        self.map.spaces[b.space as usize].neighbours.contains(&to)
            && self.map.spaces[to as usize].kind.enterable()
            && !self.opposed(to, loser)
    }

    pub(crate) fn check_battle(&self, p: PlayerId, action: &Action) -> Result<(), Violation> {
        let Some(b) = &self.battle else {
            return Err(Violation::NotPending);
        };
        let wrong = |when| Violation::WrongTime {
            verb: "do that",
            when,
        };
        match (b.stage, action) {
            (Stage::Declare | Stage::Answer, Action::Declare { .. }) => Ok(()),
            (Stage::Declare | Stage::Answer, _) => {
                Err(wrong("declare an attack or a Diplomatic mission"))
            }
            (Stage::Cards { .. }, Action::Pass) => Ok(()),
            (
                Stage::Cards { side, .. },
                Action::Play {
                    card,
                    as_card,
                    target,
                },
            ) => {
                self.check_in_hand(p, *card)?;
                let c = self.played_as(p, *card, *as_card)?;
                if c.timing() != Timing::Battle {
                    return Err(Violation::CardNotNow(c));
                }
                let enemy = b.sides[1 - side as usize];
                match (c, *target) {
                    (Card::CriticalHit | Card::PointDefense, Target::Unit { unit }) => {
                        if !self.battle_units(b.space, enemy).contains(&unit) {
                            return Err(Violation::BadTarget("an enemy unit in this battle"));
                        }
                        let k = self.kind(unit);
                        let fits = if c == Card::CriticalHit {
                            k.is_ship()
                        } else {
                            k.is_fighter()
                        };
                        if fits {
                            Ok(())
                        } else {
                            Err(Violation::BadTarget(if c == Card::CriticalHit {
                                "Critical Hit destroys a ship"
                            } else {
                                "Point Defense destroys a fighter"
                            }))
                        }
                    }
                    (Card::ArmoredHull, Target::None | Target::Negate) => Ok(()),
                    (Card::CriticalHit | Card::PointDefense | Card::ArmoredHull, _) => {
                        Err(Violation::BadTarget("not a target this card takes"))
                    }
                    (_, Target::None) => Ok(()),
                    _ => Err(Violation::BadTarget("this card names no target")),
                }
            }
            (Stage::Cards { .. }, _) => Err(wrong("play a battle card or pass")),
            (Stage::WinnerFirst | Stage::LoserPicks, Action::Casualty { unit }) => {
                let w = b.winner.unwrap_or(0) as usize;
                if self.battle_units(b.space, b.sides[1 - w]).contains(unit) {
                    Ok(())
                } else {
                    Err(Violation::NotACasualty(*unit))
                }
            }
            (Stage::WinnerPicks, Action::Casualty { unit }) => {
                let w = b.winner.unwrap_or(0) as usize;
                if self.battle_units(b.space, b.sides[w]).contains(unit) && !b.spared.contains(unit)
                {
                    Ok(())
                } else {
                    Err(Violation::NotACasualty(*unit))
                }
            }
            (Stage::WinnerFirst | Stage::LoserPicks | Stage::WinnerPicks, _) => {
                Err(wrong("choose a casualty"))
            }
            (Stage::Retreat, Action::Retreat { to }) => {
                if (*to as usize) < self.map.spaces.len() && self.retreat_ok(b, *to) {
                    Ok(())
                } else {
                    Err(Violation::NoRetreatThere(*to))
                }
            }
            (Stage::Retreat, _) => Err(wrong("retreat one space")),
        }
    }

    pub(crate) fn do_battle(&mut self, p: PlayerId, action: Action, ev: &mut Vec<Event>) {
        let Some(mut b) = self.battle.take() else {
            return;
        };
        match (b.stage, action) {
            (Stage::Declare, Action::Declare { stance }) => {
                b.stage = match stance {
                    Stance::Attack => Stage::Cards { side: 0, passes: 0 },
                    Stance::Mission => Stage::Answer,
                };
            }
            (Stage::Answer, Action::Declare { stance }) => match stance {
                Stance::Attack => b.stage = Stage::Cards { side: 0, passes: 0 },
                Stance::Mission => {
                    // "Opposing stacks ... do not have to attack each other
                    // if they both declare that they are on Diplomatic
                    // missions."
                    ev.push(Event::DiplomaticMission {
                        space: b.space,
                        attacker: b.sides[0],
                        defender: b.sides[1],
                    });
                    self.battles_done.push((b.space, b.sides[1]));
                    return;
                }
            },
            (Stage::Cards { side, passes }, Action::Pass) => {
                ev.push(Event::Passed { player: p });
                b.stage = Stage::Cards {
                    side: 1 - side,
                    passes: passes + 1,
                };
            }
            (
                Stage::Cards { side, .. },
                Action::Play {
                    card,
                    as_card,
                    target,
                },
            ) => {
                let c = self.played_as(p, card, as_card).unwrap_or(card);
                self.discard_played(p, card, c, target, ev);
                self.battle_card(&mut b, side as usize, c, target, ev);
                b.stage = Stage::Cards {
                    side: 1 - side,
                    passes: 0,
                };
            }
            (Stage::WinnerFirst | Stage::LoserPicks, Action::Casualty { unit }) => {
                let w = b.winner.unwrap_or(0) as usize;
                b.lost[1 - w] += self.unit_force(unit);
                self.lose_unit(unit, b.sides[w], ev);
                b.to_lose = b.to_lose.saturating_sub(1);
                b.stage = if b.to_lose > 0 {
                    Stage::LoserPicks
                } else {
                    Stage::WinnerPicks
                };
            }
            (Stage::WinnerPicks, Action::Casualty { unit }) => {
                let w = b.winner.unwrap_or(0) as usize;
                b.lost[w] += self.unit_force(unit);
                if b.negate[w] > 0 {
                    // Armored Hull: "negate one casualty".
                    b.negate[w] -= 1;
                    b.spared.push(unit);
                    ev.push(Event::CasualtyNegated { unit, owner: p });
                } else {
                    self.lose_unit(unit, b.sides[1 - w], ev);
                }
            }
            (Stage::Retreat, Action::Retreat { to }) => {
                let loser = b.sides[1 - b.winner.unwrap_or(0) as usize];
                let units = self.battle_units(b.space, loser);
                self.place(&units, to, loser);
                for &u in &units {
                    self.units[u.0 as usize].moved = true;
                }
                ev.push(Event::Retreated {
                    player: loser,
                    from: b.space,
                    to,
                    count: units.len() as u8,
                });
                self.end_battle(&b, ev);
                return;
            }
            _ => {}
        }
        self.battle = Some(b);
    }

    fn battle_card(
        &mut self,
        b: &mut Battle,
        side: usize,
        c: Card,
        target: Target,
        ev: &mut Vec<Event>,
    ) {
        match c {
            Card::LongRangeBarrage => b.per_ship[side] += 2,
            Card::SurroundFoe => {
                b.per_ship[side] += 1;
                b.per_fighter[side] += 1;
            }
            Card::Ambush => {
                let d = [
                    self.rng.random_range(1..=6u8),
                    self.rng.random_range(1..=6u8),
                ];
                ev.push(Event::Rolled {
                    player: b.sides[side],
                    dice: d.to_vec(),
                });
                b.flat[side] += (d[0] + d[1]) as i32;
            }
            Card::Dogfighting => b.per_fighter[side] += 2,
            Card::Deception => b.flat[side] += 7,
            Card::HeavyWeapons => b.per_capitol[side] += 4,
            Card::ArmoredHull => match target {
                Target::Negate => b.negate[side] += 1,
                _ => b.flat[side] += 6,
            },
            Card::CriticalHit | Card::PointDefense => {
                if let Target::Unit { unit } = target {
                    let owner = b.sides[1 - side];
                    ev.push(Event::UnitDestroyed {
                        unit,
                        kind: self.kind(unit),
                        owner,
                    });
                    self.return_to_pile(unit);
                }
            }
            Card::Retreat => b.no_casualties = true,
            _ => {}
        }
    }

    /// A unit lost in battle: a leader is captured by the other side, any
    /// other unit goes back to the chit pile.
    fn lose_unit(&mut self, u: UnitId, other: PlayerId, ev: &mut Vec<Event>) {
        let owner = match self.units[u.0 as usize].loc {
            Loc::Map { owner, .. } => owner,
            _ => return,
        };
        if self.units[u.0 as usize].chit.is_leader() {
            // "Captured leaders are set aside and not returned to the chit
            // pile."
            let unit = &mut self.units[u.0 as usize];
            unit.loc = Loc::Captured { by: other };
            unit.seq = 0;
            unit.moved = false;
            ev.push(Event::LeaderCaptured {
                unit: u,
                owner,
                by: other,
            });
        } else {
            ev.push(Event::UnitDestroyed {
                unit: u,
                kind: self.kind(u),
                owner,
            });
            self.return_to_pile(u);
        }
    }

    /// Moves a battle on without a choice: passes for a player with no
    /// cards, resolves the totals, takes casualties that leave no choice,
    /// finds the retreat. False when someone must choose.
    pub(crate) fn step_battle(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(mut b) = self.battle.take() else {
            return false;
        };
        let progressed = match b.stage {
            Stage::Declare | Stage::Answer => false,
            Stage::Cards { passes, .. } if passes >= 2 => {
                if !self.resolve_battle(&mut b, ev) {
                    // A standoff: the battle is over.
                    return true;
                }
                true
            }
            Stage::Cards { side, passes } => {
                if self.players[b.sides[side as usize] as usize]
                    .hand
                    .is_empty()
                {
                    b.stage = Stage::Cards {
                        side: 1 - side,
                        passes: passes + 1,
                    };
                    true
                } else {
                    false
                }
            }
            Stage::WinnerFirst | Stage::LoserPicks => {
                let w = b.winner.unwrap_or(0) as usize;
                let left = self.battle_units(b.space, b.sides[1 - w]);
                if left.is_empty() || b.to_lose == 0 {
                    b.to_lose = 0;
                    b.stage = Stage::WinnerPicks;
                    true
                } else if left.len() <= b.to_lose as usize {
                    // Every remaining unit is lost: no choice.
                    for u in left {
                        b.lost[1 - w] += self.unit_force(u);
                        self.lose_unit(u, b.sides[w], ev);
                    }
                    b.to_lose = 0;
                    b.stage = Stage::WinnerPicks;
                    true
                } else {
                    false
                }
            }
            Stage::WinnerPicks => {
                let w = b.winner.unwrap_or(0) as usize;
                // "The winning stack loses units with a force equal to at
                // least half the force total lost by the losing stack."
                let enough = b.no_casualties || b.lost[w] * 2 >= b.lost[1 - w];
                let left: SmallVec<[UnitId; 16]> = self
                    .battle_units(b.space, b.sides[w])
                    .into_iter()
                    .filter(|u| !b.spared.contains(u))
                    .collect();
                if enough || left.is_empty() {
                    b.stage = Stage::Retreat;
                    true
                } else {
                    false
                }
            }
            Stage::Retreat => {
                let loser = b.sides[1 - b.winner.unwrap_or(0) as usize];
                let units = self.battle_units(b.space, loser);
                let escort = units
                    .iter()
                    .any(|&u| !self.units[u.0 as usize].chit.is_leader());
                let places = self.map.spaces[b.space as usize]
                    .neighbours
                    .iter()
                    .any(|&to| self.retreat_ok(&b, to));
                if units.is_empty() {
                    self.end_battle(&b, ev);
                    return true;
                }
                if !escort || !places {
                    if b.no_casualties {
                        // Retreat card: "Neither side suffers casualties", so a stack that cannot retreat stays.
                        ev.push(Event::Retreated {
                            player: loser,
                            from: b.space,
                            to: b.space,
                            count: units.len() as u8,
                        });
                        self.end_battle(&b, ev);
                        return true;
                    }
                    // Leaders must travel with other units; a stack with
                    // nowhere to go is lost.
                    ev.push(Event::StackLost {
                        player: loser,
                        space: b.space,
                        count: units.len() as u8,
                    });
                    let winner = b.sides[b.winner.unwrap_or(0) as usize];
                    for u in units {
                        self.lose_unit(u, winner, ev);
                    }
                    self.end_battle(&b, ev);
                    return true;
                }
                false
            }
        };
        self.battle = Some(b);
        progressed
    }

    /// Totals the forces and sets the casualties; false when the battle
    /// ended there (a standoff).
    fn resolve_battle(&mut self, b: &mut Battle, ev: &mut Vec<Event>) -> bool {
        let fa = self.battle_force(b, 0);
        let fd = self.battle_force(b, 1);
        b.force = [fa, fd];
        // "The side with the highest force value wins."
        let winner = match fa.cmp(&fd) {
            std::cmp::Ordering::Greater => Some(0u8),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => match self.options.ties {
                TieRule::Defender => Some(1),
                TieRule::Standoff => None,
            },
        };
        ev.push(Event::BattleResolved {
            space: b.space,
            attacker_force: fa,
            defender_force: fd,
            winner: winner.map(|w| b.sides[w as usize]),
        });
        let Some(w) = winner else {
            self.end_battle(b, ev);
            return false;
        };
        b.winner = Some(w);
        let l = 1 - w as usize;
        let loser = b.sides[l];
        if b.no_casualties {
            b.stage = Stage::Retreat;
            return true;
        }
        // "Fortification units in the losing stack are destroyed
        // automatically."
        if self.has_fortifications(b.space, loser) {
            for m in Marker::ALL {
                if self.spaces[b.space as usize].has(m) {
                    b.lost[l] += m.force();
                    let s = &mut self.spaces[b.space as usize];
                    match m {
                        Marker::Colony => s.colony = false,
                        Marker::Shipyard => s.shipyard = false,
                        Marker::Jumpgate => s.jumpgate = false,
                    }
                    ev.push(Event::FortificationDestroyed {
                        space: b.space,
                        marker: m,
                    });
                }
            }
        }
        // "The losing stack loses half of its units."
        let n = self.battle_units(b.space, loser).len() as u8;
        let half = match self.options.casualties {
            Rounding::Up => n.div_ceil(2),
            Rounding::Down => n / 2,
        };
        b.to_lose = half.saturating_sub(b.negate[l]);
        b.stage = if b.to_lose > 0 {
            Stage::WinnerFirst
        } else {
            Stage::WinnerPicks
        };
        true
    }

    fn end_battle(&mut self, b: &Battle, ev: &mut Vec<Event>) {
        self.battles_done.push((b.space, b.sides[1]));
        if self.options.refill_after_battle {
            for p in b.sides {
                self.refill(p, ev);
            }
        }
    }
}
