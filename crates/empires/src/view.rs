//! What one player may see: the only place the game's secrets are
//! filtered. Hidden: other players' hands (a count), the order of the deck
//! and the chit pile (counts), every unit under the top unit of another
//! player's stack (a count and the top unit), other players' recruit draws,
//! the units of a move being announced, and the Resources of unexplored
//! systems. A player sees what their own cards looked at (`peeks`).

use serde::{Deserialize, Serialize};

use crate::chits::Chit;
use crate::deck::Card;
use crate::race::Race;
use crate::state::Stage;
use crate::state::{Game, Loc, Order, Outcome, Peek, Phase, PlayerId, SpaceId, UnitId, WindowKind};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView {
    pub race: Race,
    pub home: SpaceId,
    pub treasury: i32,
    /// Revenue of the last Revenue Phase.
    pub revenue: i32,
    pub hand: usize,
    pub systems: usize,
    /// Leaders this player has captured.
    pub captured: Vec<Chit>,
    pub eliminated: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SpaceView {
    pub explored: bool,
    /// Resources, once explored.
    pub resources: Option<u8>,
    pub colony: bool,
    pub shipyard: bool,
    pub jumpgate: bool,
    pub control: Option<PlayerId>,
    pub revolt: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UnitView {
    pub id: UnitId,
    pub kind: Chit,
    pub moved: bool,
}

/// A stack on the map: its owner sees every unit, the others its top unit
/// and its height ("Your opponent can only look at the top unit of your
/// stacks").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackView {
    pub space: SpaceId,
    pub owner: PlayerId,
    pub count: usize,
    pub top: Chit,
    /// Top first; only in the owner's view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<Vec<UnitView>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "window", rename_all = "snake_case")]
pub enum WindowView {
    BeforeMove {
        player: PlayerId,
        from: SpaceId,
        to: SpaceId,
        count: usize,
    },
    EndOfMove,
    Security {
        player: PlayerId,
        card: Card,
        victim: PlayerId,
    },
}

/// A battle: both stacks are revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BattleView {
    pub space: SpaceId,
    pub attacker: PlayerId,
    pub defender: PlayerId,
    pub stage: Stage,
    pub units: Vec<(UnitId, Chit, PlayerId)>,
    /// Force totals as they stand.
    pub force: [i32; 2],
    pub winner: Option<PlayerId>,
    pub to_lose: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    pub viewer: PlayerId,
    pub round: u32,
    pub active: PlayerId,
    pub phase: Phase,
    pub pending: Vec<PlayerId>,
    pub outcome: Option<Outcome>,
    pub players: Vec<PlayerView>,
    pub hand: Vec<Card>,
    pub deck: usize,
    pub discard: Vec<Card>,
    pub pile: usize,
    pub spaces: Vec<SpaceView>,
    pub stacks: Vec<StackView>,
    /// The viewer's recruit draw.
    pub offer: Vec<UnitView>,
    /// Units the viewer has picked to move.
    pub picked: Vec<UnitId>,
    pub order: Option<Order>,
    pub window: Option<WindowView>,
    pub battle: Option<BattleView>,
    pub forced_discard: Option<(PlayerId, u8)>,
    pub peeks: Vec<Peek>,
}

impl Game {
    /// Everything `viewer` may see (a spectator's view is any seat's view
    /// with `hand`, `offer`, `picked`, `peeks` and own stacks' `units`
    /// left out; see [`Game::spectator_view`]).
    pub fn view(&self, viewer: PlayerId) -> View {
        let n = self.players.len();
        let players = (0..n)
            .map(|p| {
                let ps = &self.players[p];
                PlayerView {
                    race: ps.race,
                    home: ps.home,
                    treasury: ps.treasury,
                    revenue: ps.revenue,
                    hand: ps.hand.len(),
                    systems: self.systems_controlled(p as PlayerId),
                    captured: self
                        .units
                        .iter()
                        .filter(|u| u.loc == Loc::Captured { by: p as PlayerId })
                        .map(|u| u.chit)
                        .collect(),
                    eliminated: ps.eliminated,
                }
            })
            .collect();
        let spaces = self
            .spaces
            .iter()
            .map(|s| SpaceView {
                explored: s.explored,
                resources: (s.explored && s.resources > 0).then_some(s.resources),
                colony: s.colony,
                shipyard: s.shipyard,
                jumpgate: s.jumpgate,
                control: s.control,
                revolt: s.revolt,
            })
            .collect();
        let mut stacks = Vec::new();
        for space in 0..self.map.spaces.len() as SpaceId {
            for owner in 0..n as PlayerId {
                let units = self.stack(space, owner);
                let Some(&top) = units.first() else { continue };
                let own = owner == viewer;
                stacks.push(StackView {
                    space,
                    owner,
                    count: units.len(),
                    top: self.kind(top),
                    units: own.then(|| units.iter().map(|&u| self.unit_view(u)).collect()),
                });
            }
        }
        let offer = self
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.loc == Loc::Offer { player: viewer })
            .map(|(i, _)| self.unit_view(UnitId(i as u16)))
            .collect();
        let picked = match &self.picks {
            Some(pk) if pk.player == viewer => pk.units.to_vec(),
            _ => Vec::new(),
        };
        let window = self.window.as_ref().map(|w| match &w.kind {
            WindowKind::BeforeMove(m) => WindowView::BeforeMove {
                player: m.player,
                from: m.from,
                to: m.to,
                count: m.units.len(),
            },
            WindowKind::EndOfMove => WindowView::EndOfMove,
            WindowKind::Security(p) => WindowView::Security {
                player: p.player,
                card: p.as_card,
                victim: p.victim,
            },
        });
        let battle = self.battle.as_ref().map(|b| {
            let mut units = Vec::new();
            for p in b.sides {
                for u in self.battle_units(b.space, p) {
                    units.push((u, self.kind(u), p));
                }
            }
            BattleView {
                space: b.space,
                attacker: b.sides[0],
                defender: b.sides[1],
                stage: b.stage,
                units,
                force: [self.battle_force(b, 0), self.battle_force(b, 1)],
                winner: b.winner.map(|w| b.sides[w as usize]),
                to_lose: b.to_lose,
            }
        });
        let me = self.players.get(viewer as usize);
        View {
            viewer,
            round: self.round,
            active: self.active,
            phase: self.phase,
            pending: self.pending(),
            outcome: self.outcome,
            players,
            hand: me.map(|m| m.hand.to_vec()).unwrap_or_default(),
            deck: self.deck.len(),
            discard: self.discard.clone(),
            pile: self.pile.len(),
            spaces,
            stacks,
            offer,
            picked,
            order: self.order,
            window,
            battle,
            forced_discard: self.forced,
            peeks: me.map(|m| m.peeks.clone()).unwrap_or_default(),
        }
    }

    /// What someone who sits at no seat may see.
    pub fn spectator_view(&self) -> View {
        let mut v = self.view(u8::MAX);
        v.viewer = u8::MAX;
        v
    }

    fn unit_view(&self, u: UnitId) -> UnitView {
        UnitView {
            id: u,
            kind: self.kind(u),
            moved: self.units[u.0 as usize].moved,
        }
    }
}
