//! The game state: one plain value, cheap to clone. The map is shared by
//! every copy; everything that changes is in small vectors of plain data;
//! the seeded generator is the only randomness.

use std::sync::Arc;

use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::chits::Chit;
use crate::deck::Card;
use crate::map::Map;
use crate::options::Options;
use crate::race::Race;
pub use crate::terms::{Outcome, Phase, PlayerId, SpaceId, UnitId, MAX_HAND};

/// Where a unit chit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "in", rename_all = "snake_case")]
pub enum Loc {
    /// The shared unit chit pile.
    Pile,
    /// In `owner`'s stack at `space`.
    Map { space: SpaceId, owner: PlayerId },
    /// Drawn by `player` in the Recruit Phase, not yet bought.
    Offer { player: PlayerId },
    /// A leader captured in battle, set aside by `by`.
    Captured { by: PlayerId },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Unit {
    pub chit: Chit,
    pub loc: Loc,
    /// Stacking order: the highest is the top unit of its stack.
    pub seq: u32,
    /// Moved this turn (Options::move_once_per_turn).
    pub moved: bool,
}

/// What one player looked at with a card, kept until the end of that
/// player's next turn and shown only in that player's view.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "peek", rename_all = "snake_case")]
pub enum Peek {
    /// Espionage: an opponent's hand when it was looked at.
    Hand { player: PlayerId, cards: Vec<Card> },
    /// Intelligence: the next cards of the deck, the next first.
    Deck { cards: Vec<Card> },
    /// Reconnaissance: a stack's units, top first, when it was looked at.
    Stack {
        space: SpaceId,
        owner: PlayerId,
        units: Vec<Chit>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PlayerState {
    pub race: Race,
    pub home: SpaceId,
    pub hand: SmallVec<[Card; 10]>,
    /// Revenue points saved ("Revenue may be saved from turn to turn").
    pub treasury: i32,
    /// Revenue of this player's last Revenue Phase (Upkeep counts it).
    pub revenue: i32,
    pub eliminated: bool,
    /// Increase Production and Heavy Trade played this turn.
    pub increase_production: u8,
    pub heavy_trade: u8,
    /// Raiding cards against this player's next Revenue Phase.
    pub raided: u8,
    /// Players whose Peace Treaty stops this player attacking them in
    /// this player's next turn (bit per player).
    pub peace_from: u8,
    pub peeks: Vec<Peek>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct SpaceState {
    pub explored: bool,
    /// Resources (1 to 3) once explored; a map's fixed value waits here,
    /// hidden, until then.
    pub resources: u8,
    pub colony: bool,
    pub shipyard: bool,
    pub jumpgate: bool,
    pub control: Option<PlayerId>,
    /// Revenue Phases of its controller this system still yields nothing
    /// (Revolt).
    pub revolt: u8,
}

impl SpaceState {
    pub fn has(&self, m: crate::chits::Marker) -> bool {
        match m {
            crate::chits::Marker::Colony => self.colony,
            crate::chits::Marker::Shipyard => self.shipyard,
            crate::chits::Marker::Jumpgate => self.jumpgate,
        }
    }
}

/// A move order being carried out (Tactical or Strategic Move Order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Order {
    /// The card played (a Special Card used as Strategic Move Order counts
    /// as one).
    pub card: Card,
    /// Stacks it may still move.
    pub left: u8,
}

/// Units picked to move together, by whoever is moving.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Picks {
    pub player: PlayerId,
    pub units: SmallVec<[UnitId; 12]>,
}

/// A move announced and waiting for the other players' reactions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingMove {
    pub player: PlayerId,
    pub units: Vec<UnitId>,
    pub from: SpaceId,
    pub to: SpaceId,
}

/// A card played and waiting for its target's Security.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingPlay {
    pub player: PlayerId,
    pub card: Card,
    /// What it is played as (itself, or a Special Card's use).
    pub as_card: Card,
    pub target: crate::action::Target,
    pub victim: PlayerId,
}

/// A chance for other players to answer (docs/empires-readings.md,
/// "Interrupts").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum WindowKind {
    /// Before a move resolves: Diplomacy negates it, Intercept moves first.
    BeforeMove(PendingMove),
    /// At the end of the Move Phase: a last Intercept.
    EndOfMove,
    /// Security against a card.
    Security(PendingPlay),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Window {
    pub kind: WindowKind,
    /// Players who have answered (bit per player).
    pub answered: u8,
    /// The player moving a stack by Intercept, while picking it.
    pub intercepting: Option<PlayerId>,
}

/// The whole game.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) map: Arc<Map>,
    pub(crate) options: Options,
    pub(crate) units: Vec<Unit>,
    pub(crate) seq: u32,
    pub(crate) players: Vec<PlayerState>,
    pub(crate) spaces: Vec<SpaceState>,
    /// The action deck; its top is the end.
    pub(crate) deck: Vec<Card>,
    pub(crate) discard: Vec<Card>,
    /// The unit chit pile (drawn at random).
    pub(crate) pile: Vec<UnitId>,
    /// Rounds begun (every player takes one turn a round).
    pub(crate) round: u32,
    pub(crate) first: PlayerId,
    pub(crate) active: PlayerId,
    pub(crate) phase: Phase,
    pub(crate) order: Option<Order>,
    pub(crate) picks: Option<Picks>,
    pub(crate) window: Option<Window>,
    /// A player discarding for Sabotage, and how many cards are left.
    pub(crate) forced: Option<(PlayerId, u8)>,
    pub(crate) battle: Option<Battle>,
    /// (space, opponent) battles already fought or declined this phase.
    pub(crate) battles_done: Vec<(SpaceId, PlayerId)>,
    /// The Recruit Phase's extra 1D6 draw has been made.
    pub(crate) extra_drawn: bool,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: Pcg64Mcg,
}

impl Game {
    /// The public map (fixed Resources removed).
    pub fn map(&self) -> &Map {
        &self.map
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn players(&self) -> usize {
        self.players.len()
    }

    pub fn race(&self, p: PlayerId) -> Race {
        self.players[p as usize].race
    }

    /// The round under way (1 from the first turn on).
    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn active(&self) -> PlayerId {
        self.active
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Systems controlled by `p`.
    pub fn systems_controlled(&self, p: PlayerId) -> usize {
        self.spaces.iter().filter(|s| s.control == Some(p)).count()
    }

    /// Every unit chit of the game (pile, map, offers, captured).
    pub fn unit_count(&self) -> usize {
        self.units.len()
    }

    /// The kind a unit fields: its chit as its owner's race treats it
    /// (Minbari Cruisers are Capitol Ships).
    pub(crate) fn kind(&self, u: UnitId) -> Chit {
        let unit = &self.units[u.0 as usize];
        match unit.loc {
            Loc::Map { owner, .. } => self.players[owner as usize].race.fields(unit.chit),
            Loc::Offer { player } => self.players[player as usize].race.fields(unit.chit),
            _ => unit.chit,
        }
    }

    /// A unit's Force: printed, with its race's bonus (Race Notes).
    pub(crate) fn unit_force(&self, u: UnitId) -> i32 {
        let unit = &self.units[u.0 as usize];
        let k = self.kind(u);
        match unit.loc {
            Loc::Map { owner, .. } => k.force() + self.players[owner as usize].race.force_bonus(k),
            _ => k.force(),
        }
    }

    /// `owner`'s units at `space`, top first.
    pub(crate) fn stack(&self, space: SpaceId, owner: PlayerId) -> SmallVec<[UnitId; 16]> {
        let mut v: SmallVec<[(u32, UnitId); 16]> = self
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.loc == Loc::Map { space, owner })
            .map(|(i, u)| (u.seq, UnitId(i as u16)))
            .collect();
        v.sort_unstable_by_key(|a| std::cmp::Reverse(a.0));
        v.into_iter().map(|(_, u)| u).collect()
    }

    /// Whether `owner` has units at `space`.
    pub(crate) fn has_units(&self, space: SpaceId, owner: PlayerId) -> bool {
        self.units
            .iter()
            .any(|u| u.loc == Loc::Map { space, owner })
    }

    /// Whether `owner` has units that fight at `space` (not Diplomats).
    pub(crate) fn has_fighting_units(&self, space: SpaceId, owner: PlayerId) -> bool {
        self.units
            .iter()
            .any(|u| u.loc == Loc::Map { space, owner } && u.chit.fights())
    }

    /// Whether `owner` has fortifications at `space`: markers belong to
    /// the system's controller.
    pub(crate) fn has_fortifications(&self, space: SpaceId, owner: PlayerId) -> bool {
        let s = &self.spaces[space as usize];
        s.control == Some(owner) && (s.colony || s.shipyard || s.jumpgate)
    }

    /// "Units can move into but not through opposing stacks": a space
    /// holding another player's fighting units or fortifications, outside
    /// Babylon 5's neutral zone. Diplomats alone oppose nothing.
    pub(crate) fn opposed(&self, space: SpaceId, mover: PlayerId) -> bool {
        if self.map.spaces[space as usize].kind == crate::map::SpaceKind::Babylon5 {
            return false;
        }
        (0..self.players.len() as PlayerId)
            .filter(|&o| o != mover)
            .any(|o| self.has_fighting_units(space, o) || self.has_fortifications(space, o))
    }

    /// The next `seq` values, for units put on top of a stack.
    pub(crate) fn next_seq(&mut self) -> u32 {
        self.seq += 1;
        self.seq
    }

    /// Places units on top of `owner`'s stack at `space`, the first of
    /// `units` on top.
    pub(crate) fn place(&mut self, units: &[UnitId], space: SpaceId, owner: PlayerId) {
        for &u in units.iter().rev() {
            let s = self.next_seq();
            let unit = &mut self.units[u.0 as usize];
            unit.loc = Loc::Map { space, owner };
            unit.seq = s;
        }
    }

    /// A unit leaves play: back to the chit pile ("Destroyed units are
    /// returned to their chit pile").
    pub(crate) fn return_to_pile(&mut self, u: UnitId) {
        let unit = &mut self.units[u.0 as usize];
        unit.loc = Loc::Pile;
        unit.moved = false;
        unit.seq = 0;
        self.pile.push(u);
    }

    /// Opponents of `p` still in the game, in seat order after `p`.
    pub(crate) fn opponents(&self, p: PlayerId) -> SmallVec<[PlayerId; 4]> {
        let n = self.players.len() as PlayerId;
        (1..n)
            .map(|i| (p + i) % n)
            .filter(|&o| !self.players[o as usize].eliminated)
            .collect()
    }
}

/// Where a battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// The attacker attacks or declares a Diplomatic mission.
    Declare,
    /// The defender answers a Diplomatic mission.
    Answer,
    /// Battle cards, attacker first, until both pass in turn.
    Cards { side: u8, passes: u8 },
    /// The winner picks the loser's first casualty.
    WinnerFirst,
    /// The loser picks the rest.
    LoserPicks,
    /// The winner picks its own losses.
    WinnerPicks,
    /// The loser picks where to retreat.
    Retreat,
}

/// One battle: side 0 is the attacker (the active player), side 1 the
/// defender.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Battle {
    pub space: SpaceId,
    pub sides: [PlayerId; 2],
    pub stage: Stage,
    /// Force from cards, per side: flat, and per ship, fighter and Capitol
    /// Ship.
    pub flat: [i32; 2],
    pub per_ship: [i32; 2],
    pub per_fighter: [i32; 2],
    pub per_capitol: [i32; 2],
    /// Armored Hulls played to negate a casualty.
    pub negate: [u8; 2],
    /// Retreat: "Neither side suffers casualties" (no unit is lost, even
    /// a losing stack with nowhere to retreat, which stays).
    pub no_casualties: bool,
    /// The winning side once resolved.
    pub winner: Option<u8>,
    pub force: [i32; 2],
    /// Units the loser still loses.
    pub to_lose: u8,
    /// Force the loser lost, and the winner so far.
    pub lost: [i32; 2],
    /// Winner's casualties negated by Armored Hull (they stay, but count).
    pub spared: SmallVec<[UnitId; 2]>,
}

impl Battle {
    pub(crate) fn decider(&self) -> Option<PlayerId> {
        let w = self.winner.unwrap_or(0) as usize;
        match self.stage {
            Stage::Declare => Some(self.sides[0]),
            Stage::Answer => Some(self.sides[1]),
            Stage::Cards { side, .. } => Some(self.sides[side as usize]),
            Stage::WinnerFirst | Stage::WinnerPicks => Some(self.sides[w]),
            Stage::LoserPicks | Stage::Retreat => Some(self.sides[1 - w]),
        }
    }
}
