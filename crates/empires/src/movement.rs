//! The Move Phase (Babylon 5 Empires: Move Phase): move orders pick a
//! stack (or some units of one) and move it as far as its slowest unit
//! goes; nothing enters a supernova or black hole, a nebula stops movement,
//! units move into but not through opposing stacks, and your own
//! Jumpgates are one space apart.

use smallvec::SmallVec;

use crate::action::Action;
use crate::error::Violation;
use crate::event::Event;
use crate::flow::Ctx;
use crate::map::SpaceKind;
use crate::state::{Game, Loc, PendingMove, Picks, PlayerId, SpaceId, UnitId, Window, WindowKind};

/// Unreachable in [`Game::reach`].
const FAR: u8 = u8::MAX;

impl Game {
    /// The space of one of `p`'s units that may move now.
    pub(crate) fn movable(&self, p: PlayerId, u: UnitId) -> Result<SpaceId, Violation> {
        let unit = self
            .units
            .get(u.0 as usize)
            .ok_or(Violation::NoSuchUnit(u))?;
        match unit.loc {
            Loc::Map { space, owner } if owner == p => {
                if unit.moved && self.options.move_once_per_turn {
                    return Err(Violation::AlreadyMoved(u));
                }
                Ok(space)
            }
            _ => Err(Violation::NotYourUnit(u)),
        }
    }

    /// How far units move together: as far as the slowest; leaders travel
    /// with other units (`None` for leaders alone).
    pub(crate) fn group_speed(&self, units: &[UnitId]) -> Option<u8> {
        units
            .iter()
            .filter_map(|&u| self.kind(u).speed().spaces())
            .min()
    }

    /// Steps from `from` to every space for `p`'s units moving at most
    /// `speed` spaces (`FAR`: out of reach).
    pub(crate) fn reach(&self, p: PlayerId, from: SpaceId, speed: u8) -> Vec<u8> {
        let n = self.map.spaces.len();
        let mut dist = vec![FAR; n];
        dist[from as usize] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        let gates: SmallVec<[SpaceId; 8]> =
            (0..n as SpaceId).filter(|&s| self.own_gate(s, p)).collect();
        while let Some(x) = queue.pop_front() {
            let dx = dist[x as usize];
            if dx >= speed {
                continue;
            }
            if x != from
                && (self.opposed(x, p) || self.map.spaces[x as usize].kind == SpaceKind::Nebula)
            {
                // Nebulas: ships must stop upon entering; opposing stacks:
                // into but not through.
                continue;
            }
            let jump: &[SpaceId] = if self.own_gate(x, p) { &gates } else { &[] };
            for &y in self.map.spaces[x as usize].neighbours.iter().chain(jump) {
                if dist[y as usize] == FAR && self.map.spaces[y as usize].kind.enterable() {
                    dist[y as usize] = dx + 1;
                    queue.push_back(y);
                }
            }
        }
        dist
    }

    /// "A Jumpgate you control."
    fn own_gate(&self, s: SpaceId, p: PlayerId) -> bool {
        let st = &self.spaces[s as usize];
        st.jumpgate && st.control == Some(p)
    }

    /// Whether `units` of `p` at `from` can move to `to` now.
    pub(crate) fn check_reach(
        &self,
        p: PlayerId,
        units: &[UnitId],
        from: SpaceId,
        to: SpaceId,
    ) -> Result<(), Violation> {
        if units.is_empty() {
            return Err(Violation::NothingPicked);
        }
        if to as usize >= self.map.spaces.len() {
            return Err(Violation::NoSuchSpace(to));
        }
        if !self.map.spaces[to as usize].kind.enterable() {
            return Err(Violation::NoEntry(to));
        }
        let speed = self.group_speed(units).ok_or(Violation::LeaderAlone)?;
        let d = self.reach(p, from, speed)[to as usize];
        if to == from || d == FAR {
            return Err(Violation::TooFar(to));
        }
        self.check_diplomats(p, units, to)
    }

    /// Whether `units` of `p` may come to `to` with the one-Diplomat limit:
    /// it holds on planetary systems (homesystems included), never on empty
    /// space, nebulas or Babylon 5. Moves, Intercepts, jumps and recruits all
    /// check here; only the destination counts, so Diplomats may pass
    /// through a system together.
    pub(crate) fn check_diplomats(
        &self,
        p: PlayerId,
        units: &[UnitId],
        to: SpaceId,
    ) -> Result<(), Violation> {
        // "You cannot have more than one Diplomat on a system": not on empty space or Babylon 5.
        if !self.map.spaces[to as usize].kind.is_system() {
            return Ok(());
        }
        let dips = units
            .iter()
            .filter(|&&u| self.units[u.0 as usize].chit.is_diplomat())
            .count();
        if dips > 1 || (dips == 1 && self.diplomat_at(to, p)) {
            return Err(Violation::TwoDiplomats(to));
        }
        Ok(())
    }

    /// Whether `p` has a Diplomat at `space`.
    pub(crate) fn diplomat_at(&self, space: SpaceId, p: PlayerId) -> bool {
        self.units
            .iter()
            .any(|u| u.chit.is_diplomat() && u.loc == Loc::Map { space, owner: p })
    }

    fn picked(&self, p: PlayerId) -> &[UnitId] {
        match &self.picks {
            Some(pk) if pk.player == p => &pk.units,
            _ => &[],
        }
    }

    pub(crate) fn move_candidates(&self, p: PlayerId) -> Vec<Action> {
        let picked = self.picked(p);
        let mut v = Vec::new();
        let from = picked
            .first()
            .and_then(|&u| match self.units[u.0 as usize].loc {
                Loc::Map { space, .. } => Some(space),
                _ => None,
            });
        for (i, u) in self.units.iter().enumerate() {
            if let Loc::Map { space, owner } = u.loc {
                if owner == p && from.is_none_or(|f| f == space) {
                    let id = UnitId(i as u16);
                    if !picked.contains(&id) {
                        v.push(Action::Pick { unit: id });
                    }
                }
            }
        }
        for &u in picked {
            v.push(Action::Unpick { unit: u });
        }
        if let (Some(from), Some(speed)) = (from, self.group_speed(picked)) {
            for (s, d) in self.reach(p, from, speed).into_iter().enumerate() {
                if d != FAR && d > 0 {
                    v.push(Action::MoveTo { to: s as SpaceId });
                }
            }
        }
        v.push(Action::EndOrder);
        v
    }

    pub(crate) fn check_move_action(&self, p: PlayerId, action: &Action) -> Result<(), Violation> {
        let picked = self.picked(p);
        match action {
            Action::Pick { unit } => {
                let space = self.movable(p, *unit)?;
                if picked.contains(unit) {
                    return Err(Violation::AlreadyPicked(*unit));
                }
                if let Some(&first) = picked.first() {
                    if self.units[first.0 as usize].loc != (Loc::Map { space, owner: p }) {
                        return Err(Violation::NotSameSpace(*unit));
                    }
                }
                Ok(())
            }
            Action::Unpick { unit } => {
                if picked.contains(unit) {
                    Ok(())
                } else {
                    Err(Violation::NotPicked(*unit))
                }
            }
            Action::MoveTo { to } => {
                let Some(&first) = picked.first() else {
                    return Err(Violation::NothingPicked);
                };
                let Loc::Map { space: from, .. } = self.units[first.0 as usize].loc else {
                    return Err(Violation::NothingPicked);
                };
                self.check_reach(p, picked, from, *to)
            }
            Action::EndOrder => Ok(()),
            _ => Err(Violation::WrongTime {
                verb: "do that",
                when: "pick units and move them, or end the move order",
            }),
        }
    }

    pub(crate) fn do_move_action(
        &mut self,
        p: PlayerId,
        ctx: Ctx,
        action: Action,
        ev: &mut Vec<Event>,
    ) {
        match action {
            Action::Pick { unit } => match &mut self.picks {
                Some(pk) if pk.player == p => pk.units.push(unit),
                _ => {
                    self.picks = Some(Picks {
                        player: p,
                        units: SmallVec::from_slice(&[unit]),
                    })
                }
            },
            Action::Unpick { unit } => {
                if let Some(pk) = &mut self.picks {
                    pk.units.retain(|u| *u != unit);
                }
            }
            Action::MoveTo { to } => {
                let units: Vec<UnitId> = self.picked(p).to_vec();
                self.picks = None;
                let Loc::Map { space: from, .. } = self.units[units[0].0 as usize].loc else {
                    return;
                };
                if ctx == Ctx::Intercepting {
                    // An Intercept's move resolves at once.
                    self.execute_move(p, &units, from, to, ev);
                    self.finish_intercept(p);
                } else {
                    if let Some(o) = &mut self.order {
                        o.left = o.left.saturating_sub(1);
                    }
                    ev.push(Event::MoveAnnounced {
                        player: p,
                        from,
                        to,
                        count: units.len() as u8,
                    });
                    // Before the move resolves the others may answer it.
                    self.window = Some(Window {
                        kind: WindowKind::BeforeMove(PendingMove {
                            player: p,
                            units,
                            from,
                            to,
                        }),
                        answered: 0,
                        intercepting: None,
                    });
                }
            }
            Action::EndOrder => {
                self.picks = None;
                if ctx == Ctx::Intercepting {
                    self.finish_intercept(p);
                } else {
                    self.order = None;
                }
            }
            _ => {}
        }
    }

    fn finish_intercept(&mut self, p: PlayerId) {
        if let Some(w) = &mut self.window {
            w.intercepting = None;
            w.answered |= 1 << p;
        }
    }

    pub(crate) fn execute_move(
        &mut self,
        p: PlayerId,
        units: &[UnitId],
        from: SpaceId,
        to: SpaceId,
        ev: &mut Vec<Event>,
    ) {
        self.place(units, to, p);
        for &u in units {
            self.units[u.0 as usize].moved = true;
        }
        ev.push(Event::Moved {
            player: p,
            from,
            to,
            count: units.len() as u8,
        });
    }

    /// Resolves a move once every other player has answered it: it goes
    /// ahead unless an Intercept closed its way.
    pub(crate) fn resolve_pending_move(&mut self, m: PendingMove, ev: &mut Vec<Event>) {
        let still_there = m.units.iter().all(|&u| {
            self.units[u.0 as usize].loc
                == (Loc::Map {
                    space: m.from,
                    owner: m.player,
                })
        });
        if still_there && self.check_reach(m.player, &m.units, m.from, m.to).is_ok() {
            self.execute_move(m.player, &m.units, m.from, m.to, ev);
        } else {
            ev.push(Event::MoveBlocked {
                player: m.player,
                from: m.from,
                to: m.to,
            });
        }
    }

    /// The active player ends the Move Phase: the others have a last
    /// chance to Intercept, then the Exploration Phase.
    pub(crate) fn end_move_phase(&mut self, _ev: &mut [Event]) {
        self.order = None;
        self.picks = None;
        self.window = Some(Window {
            kind: WindowKind::EndOfMove,
            answered: 0,
            intercepting: None,
        });
    }
}
