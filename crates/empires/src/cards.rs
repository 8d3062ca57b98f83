//! Playing action cards in your Move Phase, and what each card does
//! (Babylon 5 Empires: Action Deck Card List). Battle cards are in
//! `battle`, answers to other players in `reactions`, Quantium 40 in
//! `recruit`.

use rand::seq::IndexedRandom;
use rand::Rng;

use crate::action::{Action, Target};
use crate::chits::Chit;
use crate::deck::{Card, TargetKind, Timing};
use crate::error::Violation;
use crate::event::Event;
use crate::map::SpaceKind;
use crate::state::{Game, Order, Peek, PendingPlay, PlayerId, SpaceId, UnitId, Window, WindowKind};

/// Intelligence: "Look at next 7 cards in deck".
const INTELLIGENCE_CARDS: usize = 7;

impl Game {
    /// Every target of a card of this kind that could make sense for `p`.
    fn target_candidates(&self, p: PlayerId, kind: TargetKind) -> Vec<Target> {
        let n = self.map.spaces.len() as SpaceId;
        let stacks = || {
            let mut v = Vec::new();
            for space in 0..n {
                for owner in self.opponents(p) {
                    if self.has_units(space, owner) {
                        v.push((space, owner));
                    }
                }
            }
            v
        };
        match kind {
            TargetKind::None => vec![Target::None],
            TargetKind::Player => self
                .opponents(p)
                .into_iter()
                .map(|player| Target::Player { player })
                .collect(),
            TargetKind::Stack => stacks()
                .into_iter()
                .map(|(space, owner)| Target::Stack { space, owner })
                .collect(),
            TargetKind::Leader => {
                stacks()
                    .into_iter()
                    .flat_map(|(space, owner)| {
                        [Chit::CapableCommander, Chit::SeasonedDiplomat]
                            .map(|kind| Target::Leader { space, owner, kind })
                    })
                    .collect()
            }
            TargetKind::System => (0..n)
                .filter(|&s| self.map.spaces[s as usize].kind == SpaceKind::System)
                .map(|space| Target::System { space })
                .collect(),
            TargetKind::BattleUnit | TargetKind::ArmoredHull => Vec::new(),
        }
    }

    pub(crate) fn move_phase_candidates(&self, p: PlayerId) -> Vec<Action> {
        let mut v = Vec::new();
        for (card, as_card, c) in self.card_uses(p) {
            if c.timing() != Timing::Move {
                continue;
            }
            for target in self.target_candidates(p, c.target_kind()) {
                v.push(Action::Play {
                    card,
                    as_card,
                    target,
                });
            }
        }
        v.push(Action::EndPhase);
        v
    }

    fn check_opponent(&self, p: PlayerId, o: PlayerId) -> Result<(), Violation> {
        if o == p || o as usize >= self.players.len() || self.players[o as usize].eliminated {
            return Err(Violation::BadTarget("an opponent still in the game"));
        }
        Ok(())
    }

    fn check_stack(&self, p: PlayerId, space: SpaceId, owner: PlayerId) -> Result<(), Violation> {
        self.check_opponent(p, owner)?;
        if space as usize >= self.map.spaces.len() {
            return Err(Violation::NoSuchSpace(space));
        }
        if !self.has_units(space, owner) {
            return Err(Violation::BadTarget("that player has no stack there"));
        }
        Ok(())
    }

    pub(crate) fn check_move_phase_play(
        &self,
        p: PlayerId,
        card: Card,
        as_card: Option<Card>,
        target: &Target,
    ) -> Result<(), Violation> {
        self.check_in_hand(p, card)?;
        let c = self.played_as(p, card, as_card)?;
        if c.timing() != Timing::Move {
            return Err(Violation::CardNotNow(c));
        }
        match (c.target_kind(), *target) {
            (TargetKind::None, Target::None) => Ok(()),
            (TargetKind::Player, Target::Player { player }) => self.check_opponent(p, player),
            (TargetKind::Stack, Target::Stack { space, owner }) => {
                self.check_stack(p, space, owner)?;
                let kind = self.map.spaces[space as usize].kind;
                // The Shadows Emerge: "not on Homeworld or B5".
                if c == Card::TheShadowsEmerge
                    && matches!(kind, SpaceKind::Home | SpaceKind::Babylon5)
                {
                    return Err(Violation::BadTarget(
                        "not a stack on a homeworld or Babylon 5",
                    ));
                }
                Ok(())
            }
            (TargetKind::Leader, Target::Leader { space, owner, kind }) => {
                self.check_stack(p, space, owner)?;
                if !matches!(kind, Chit::CapableCommander | Chit::SeasonedDiplomat) {
                    return Err(Violation::BadTarget("a Commander or a Diplomat"));
                }
                Ok(())
            }
            (TargetKind::System, Target::System { space }) => {
                match self.map.spaces.get(space as usize).map(|s| s.kind) {
                    Some(SpaceKind::System) => Ok(()),
                    _ => Err(Violation::BadTarget("a non-homeworld system")),
                }
            }
            _ => Err(Violation::BadTarget(
                "not the kind of target this card takes",
            )),
        }
    }

    pub(crate) fn do_move_phase_play(
        &mut self,
        p: PlayerId,
        card: Card,
        as_card: Option<Card>,
        target: Target,
        ev: &mut Vec<Event>,
    ) {
        let Ok(c) = self.played_as(p, card, as_card) else {
            return;
        };
        self.discard_played(p, card, c, target, ev);
        match c {
            Card::TacticalMoveOrder => self.order = Some(Order { card: c, left: 1 }),
            // "Move 2 or 3 Stacks": up to three.
            Card::StrategicMoveOrder => self.order = Some(Order { card: c, left: 3 }),
            _ => {
                let victim = match target {
                    Target::Player { player } => player,
                    Target::Stack { owner, .. } | Target::Leader { owner, .. } => owner,
                    _ => p,
                };
                let play = PendingPlay {
                    player: p,
                    card,
                    as_card: c,
                    target,
                    victim,
                };
                if c.securable() && victim != p {
                    // The victim may answer with Security first.
                    self.window = Some(Window {
                        kind: WindowKind::Security(play),
                        answered: 0,
                        intercepting: None,
                    });
                } else {
                    self.resolve_play(play, ev);
                }
            }
        }
    }

    /// What a card played in the Move Phase does, once nobody negated it.
    pub(crate) fn resolve_play(&mut self, play: PendingPlay, ev: &mut Vec<Event>) {
        let p = play.player;
        let v = play.victim;
        match play.as_card {
            Card::Intrigue => {
                // "Take 1 random card from opponent."
                let hand = &mut self.players[v as usize].hand;
                if !hand.is_empty() {
                    let i = self.rng.random_range(0..hand.len());
                    let c = hand.remove(i);
                    self.players[p as usize].hand.push(c);
                    self.players[p as usize].hand.sort_unstable();
                    ev.push(Event::CardTaken { from: v, to: p });
                }
            }
            Card::Sabotage => {
                // "Opponent must discard 2 Cards": the opponent chooses.
                let n = self.players[v as usize].hand.len().min(2) as u8;
                if n > 0 {
                    self.forced = Some((v, n));
                }
            }
            Card::Raiding => self.players[v as usize].raided += 1,
            Card::Espionage => {
                let cards = self.players[v as usize].hand.to_vec();
                self.players[p as usize]
                    .peeks
                    .push(Peek::Hand { player: v, cards });
                ev.push(Event::Looked {
                    player: p,
                    target: play.target,
                });
            }
            Card::Reconnaissance => {
                if let Target::Stack { space, owner } = play.target {
                    let units = self
                        .stack(space, owner)
                        .iter()
                        .map(|&u| self.kind(u))
                        .collect();
                    self.players[p as usize].peeks.push(Peek::Stack {
                        space,
                        owner,
                        units,
                    });
                    ev.push(Event::Looked {
                        player: p,
                        target: play.target,
                    });
                }
            }
            Card::Intelligence => {
                let cards = self
                    .deck
                    .iter()
                    .rev()
                    .take(INTELLIGENCE_CARDS)
                    .copied()
                    .collect();
                self.players[p as usize].peeks.push(Peek::Deck { cards });
                ev.push(Event::Looked {
                    player: p,
                    target: play.target,
                });
            }
            Card::Assassination => {
                if let Target::Leader { space, owner, kind } = play.target {
                    let found: Vec<UnitId> = self
                        .stack(space, owner)
                        .into_iter()
                        .filter(|&u| self.kind(u) == kind)
                        .collect();
                    let hit = found.choose(&mut self.rng).copied();
                    ev.push(Event::Assassinated {
                        space,
                        owner,
                        kind,
                        found: hit.is_some(),
                    });
                    if let Some(u) = hit {
                        self.return_to_pile(u);
                    }
                }
            }
            Card::TheShadowsEmerge => {
                if let Target::Stack { space, owner } = play.target {
                    let units = self.stack(space, owner);
                    ev.push(Event::StackDestroyed {
                        space,
                        owner,
                        count: units.len() as u8,
                    });
                    for u in units {
                        self.return_to_pile(u);
                    }
                }
            }
            Card::PeaceTreaty => self.players[v as usize].peace_from |= 1 << p,
            Card::Steal => {
                let amount = self.players[v as usize].treasury.clamp(0, 2);
                self.players[v as usize].treasury -= amount;
                self.players[p as usize].treasury += amount;
                ev.push(Event::RevenueStolen {
                    from: v,
                    to: p,
                    amount,
                });
            }
            Card::IncreaseProduction => self.players[p as usize].increase_production += 1,
            Card::HeavyTrade => self.players[p as usize].heavy_trade += 1,
            Card::Research => {
                self.draw_cards(p, 2, ev);
            }
            Card::Revolt => {
                if let Target::System { space } = play.target {
                    let turns = self.rng.random_range(1..=6u8);
                    ev.push(Event::Rolled {
                        player: p,
                        dice: vec![turns],
                    });
                    let s = &mut self.spaces[space as usize];
                    s.revolt = s.revolt.max(turns);
                    ev.push(Event::RevoltBegan { space, turns });
                }
            }
            _ => {}
        }
    }
}
