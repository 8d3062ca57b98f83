//! Setting a scenario's position up: a seeded set-up cleared to a bare
//! position (or kept, with `start = "setup"`), then the file's players,
//! deck, units and spaces put in place; the names of spaces, units and
//! seats as the file writes them.

use std::collections::HashMap;

use crate::chits::Chit;
use crate::deck::Card;
use crate::map::{self, Map};
use crate::race::Race;
use crate::setup::{MapChoice, Setup};
use crate::state::{Game, Loc, Phase, PlayerId, SpaceId, UnitId};

use super::{named, Scenario, LINE_MAP};

/// Clears a set-up game down to a bare position: every unit back in the
/// chit pile, every hand back in the deck, `active` first and to act in
/// `phase`. Scenarios with `start = "position"` and the rules tests'
/// positions start from this.
pub(crate) fn clear_position(g: &mut Game, active: PlayerId, phase: Phase) {
    for i in 0..g.units.len() {
        if g.units[i].loc != Loc::Pile {
            g.return_to_pile(UnitId(i as u16));
        }
    }
    for p in 0..g.players.len() {
        let hand: Vec<Card> = g.players[p].hand.drain(..).collect();
        g.deck.extend(hand);
    }
    g.active = active;
    g.first = active;
    g.phase = phase;
}

/// Takes a `chit` from the pile and puts it on top of `owner`'s stack at
/// `space`; `None` when no such chit is left in the pile.
pub(crate) fn place_from_pile(
    g: &mut Game,
    chit: Chit,
    space: SpaceId,
    owner: PlayerId,
) -> Option<UnitId> {
    let i = g
        .pile
        .iter()
        .position(|&x| g.units[x.0 as usize].chit == chit)?;
    let id = g.pile.swap_remove(i);
    g.place(&[id], space, owner);
    Some(id)
}

/// Sets a game up as a scenario says, with its named units.
pub(super) struct Bench {
    pub(super) game: Game,
    units: HashMap<String, UnitId>,
}

impl Bench {
    pub(super) fn space(&self, s: &str) -> Result<SpaceId, String> {
        let s = s.trim();
        if let Some(n) = s.strip_prefix('#') {
            let i: usize = n.parse().map_err(|_| format!("bad space number \"{s}\""))?;
            if i < self.game.map.spaces.len() {
                return Ok(i as SpaceId);
            }
            return Err(format!("no space {s}"));
        }
        self.game
            .map
            .spaces
            .iter()
            .position(|sp| sp.name == s)
            .map(|i| i as SpaceId)
            .ok_or_else(|| format!("no space is named \"{s}\""))
    }

    pub(super) fn unit(&self, s: &str) -> Result<UnitId, String> {
        let s = s.trim();
        if let Some(n) = s.strip_prefix('#') {
            let i: u16 = n.parse().map_err(|_| format!("bad unit number \"{s}\""))?;
            if (i as usize) < self.game.units.len() {
                return Ok(UnitId(i));
            }
            return Err(format!("no unit {s}"));
        }
        self.units
            .get(s)
            .copied()
            .ok_or_else(|| format!("no unit is named \"{s}\""))
    }

    pub(super) fn seat(&self, n: u8, field: &str) -> Result<PlayerId, String> {
        if n == 0 || n as usize > self.game.players.len() {
            return Err(format!(
                "{field}: seat {n} (seats are 1 to {})",
                self.game.players.len()
            ));
        }
        Ok(n - 1)
    }

    pub(super) fn seat_str(&self, s: &str, field: &str) -> Result<PlayerId, String> {
        let n: u8 = s
            .trim()
            .trim_start_matches(['P', 'p'])
            .parse()
            .map_err(|_| format!("{field}: \"{s}\" is not a seat number"))?;
        self.seat(n, field)
    }
}

impl Scenario {
    pub(super) fn build(&self) -> Result<Bench, String> {
        let r = &self.raw;
        let races = r
            .races
            .iter()
            .map(|s| Race::parse(s).ok_or_else(|| format!("races: \"{s}\" is not a race")))
            .collect::<Result<Vec<_>, _>>()?;
        let map = match (&r.map_toml, r.map.as_deref()) {
            (Some(_), Some(_)) => return Err("give map or map_toml, not both".into()),
            (Some(t), None) => MapChoice::Custom {
                map: Map::from_toml(t).map_err(|e| format!("map_toml: {e}"))?,
            },
            (None, None | Some("line")) => MapChoice::Custom {
                map: Map::from_toml(LINE_MAP).map_err(|e| format!("line map: {e}"))?,
            },
            (None, Some("generated")) => MapChoice::Generated,
            (None, Some(name)) if map::SHIPPED.contains(&name) => MapChoice::Shipped {
                name: name.to_string(),
            },
            (None, Some(name)) => {
                return Err(format!(
                    "map = \"{name}\": expected line, generated, or a shipped map ({})",
                    map::SHIPPED.join(", ")
                ))
            }
        };
        let setup = Setup {
            races,
            map,
            options: r.options.clone(),
        };
        let mut g = Game::new(&setup, r.seed).map_err(|e| e.to_string())?;
        let position = match r.start.as_deref() {
            None | Some("position") => true,
            Some("setup") => false,
            Some(s) => return Err(format!("start = \"{s}\": expected position or setup")),
        };
        let mut b = Bench {
            game: g.clone(),
            units: HashMap::new(),
        };
        if position {
            let active = match r.active {
                Some(a) => b.seat(a, "active")?,
                None => 0,
            };
            let phase = match &r.phase {
                Some(p) => named::<Phase>("phase", p)?,
                None => Phase::Move,
            };
            clear_position(&mut g, active, phase);
            if let Some(round) = r.round {
                g.round = round.max(1);
            }
        } else if r.phase.is_some() || r.active.is_some() || r.round.is_some() {
            return Err(
                "phase, active and round set a position: they need start = \"position\"".into(),
            );
        }
        b.game = g;
        if r.player.len() > b.game.players.len() {
            return Err(format!(
                "{} [[player]] tables for {} players",
                r.player.len(),
                b.game.players.len()
            ));
        }
        for (p, pl) in r.player.iter().enumerate() {
            let g = &mut b.game;
            if let Some(hand) = &pl.hand {
                let old: Vec<Card> = g.players[p].hand.drain(..).collect();
                g.deck.extend(old);
                for c in hand {
                    let card: Card = named("card", c)?;
                    let i = g.deck.iter().rposition(|&d| d == card).ok_or_else(|| {
                        format!(
                            "player {}: no copy of {} is left in the deck",
                            p + 1,
                            card.name()
                        )
                    })?;
                    g.deck.remove(i);
                    g.players[p].hand.push(card);
                }
                g.players[p].hand.sort_unstable();
            }
            if let Some(t) = pl.treasury {
                g.players[p].treasury = t;
            }
            if let Some(t) = pl.revenue {
                g.players[p].revenue = t;
            }
        }
        // The deck's top is its end: the first listed is drawn first.
        for c in r.deck_top.iter().rev() {
            let card: Card = named("card", c)?;
            let g = &mut b.game;
            let i = g.deck.iter().position(|&d| d == card).ok_or_else(|| {
                format!("deck_top: no copy of {} is left in the deck", card.name())
            })?;
            g.deck.remove(i);
            g.deck.push(card);
        }
        for u in &r.unit {
            let chit: Chit = named("unit kind", &u.kind)?;
            let space = b.space(&u.at)?;
            let owner = b.seat(u.owner, "unit owner")?;
            let g = &mut b.game;
            let id = place_from_pile(g, chit, space, owner)
                .ok_or_else(|| format!("unit: no {} is left in the chit pile", chit.name()))?;
            g.units[id.0 as usize].moved = u.moved;
            if let Some(n) = &u.name {
                if b.units.insert(n.clone(), id).is_some() {
                    return Err(format!("two units are named \"{n}\""));
                }
            }
        }
        for s in &r.space {
            let id = b.space(&s.name)? as usize;
            let control = match s.control {
                Some(0) => Some(None),
                Some(c) => Some(Some(b.seat(c, "control")?)),
                None => None,
            };
            if let Some(res) = s.resources {
                if !(1..=3).contains(&res) {
                    return Err(format!("space {}: resources are 1 to 3", s.name));
                }
            }
            let st = &mut b.game.spaces[id];
            if let Some(x) = s.explored {
                st.explored = x;
            }
            if let Some(x) = s.resources {
                st.resources = x;
            }
            if let Some(x) = s.colony {
                st.colony = x;
            }
            if let Some(x) = s.shipyard {
                st.shipyard = x;
            }
            if let Some(x) = s.jumpgate {
                st.jumpgate = x;
            }
            if let Some(x) = control {
                st.control = x;
            }
            if let Some(x) = s.revolt {
                st.revolt = x;
            }
        }
        let mut ev = Vec::new();
        b.game.advance(&mut ev);
        Ok(b)
    }
}
