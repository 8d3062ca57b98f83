//! Checking what a step must leave: the value at a path (`phase`,
//! `P1.treasury`, `space.Sa.control`, `view.2.stack.H1.1.count`...) where
//! the game stands, compared with the expected one.

use crate::state::{Loc, Outcome, Phase, PlayerId};

use super::position::Bench;

impl Bench {
    /// The value at `path` where the game stands.
    pub(super) fn value(&self, path: &str) -> Result<toml::Value, String> {
        use toml::Value as V;
        let g = &self.game;
        let seat_of = |p: Option<PlayerId>| V::Integer(p.map(|x| i64::from(x) + 1).unwrap_or(0));
        let parts: Vec<&str> = path.split('.').collect();
        let bad = || format!("unknown path \"{path}\"");
        Ok(match parts.as_slice() {
            ["phase"] => V::String(phase_snake(g.phase).into()),
            ["active"] => seat_of(Some(g.active)),
            ["round"] => V::Integer(i64::from(g.round)),
            ["pending"] => seat_of(g.pending().first().copied()),
            ["over"] => V::Boolean(g.is_over()),
            ["outcome"] => V::String(match g.outcome {
                None => "none".into(),
                Some(Outcome::Conquest { winner }) => format!("conquest {}", winner + 1),
                Some(Outcome::LastStanding { winner }) => {
                    format!("last_standing {}", winner + 1)
                }
                Some(Outcome::TurnLimit { leader }) => match leader {
                    Some(l) => format!("turn_limit {}", l + 1),
                    None => "turn_limit none".into(),
                },
            }),
            ["deck"] => V::Integer(g.deck.len() as i64),
            ["discard"] => V::Integer(g.discard.len() as i64),
            ["pile"] => V::Integer(g.pile.len() as i64),
            ["battle"] => V::String(
                if g.battle.is_some() {
                    "under_way"
                } else {
                    "none"
                }
                .into(),
            ),
            ["battle", field] => {
                let Some(b) = &g.battle else {
                    return Ok(V::String("none".into()));
                };
                match *field {
                    "attacker_force" => V::Integer(i64::from(g.battle_force(b, 0))),
                    "defender_force" => V::Integer(i64::from(g.battle_force(b, 1))),
                    "winner" => seat_of(b.winner.map(|w| b.sides[w as usize])),
                    "to_lose" => V::Integer(i64::from(b.to_lose)),
                    "stage" => V::String(
                        toml::Value::try_from(b.stage)
                            .ok()
                            .and_then(|v| v.get("stage").and_then(|s| s.as_str().map(String::from)))
                            .unwrap_or_default(),
                    ),
                    "space" => V::String(g.map.spaces[b.space as usize].name.clone()),
                    _ => return Err(bad()),
                }
            }
            ["legal", p] => {
                let p = self.seat_str(p, "legal")?;
                V::Integer(g.legal_actions(p).len() as i64)
            }
            [p, field] if p.starts_with('P') => {
                let p = self.seat_str(p, "path")? as usize;
                let ps = &g.players[p];
                match *field {
                    "treasury" => V::Integer(i64::from(ps.treasury)),
                    "revenue" => V::Integer(i64::from(ps.revenue)),
                    "hand" => V::Integer(ps.hand.len() as i64),
                    "cards" => {
                        V::Array(ps.hand.iter().map(|c| V::String(snake(c.name()))).collect())
                    }
                    "systems" => V::Integer(g.systems_controlled(p as PlayerId) as i64),
                    "units" => V::Integer(
                        g.units
                            .iter()
                            .filter(
                                |u| matches!(u.loc, Loc::Map { owner, .. } if owner as usize == p),
                            )
                            .count() as i64,
                    ),
                    "offer" => V::Integer(
                        g.units
                            .iter()
                            .filter(|u| {
                                u.loc
                                    == Loc::Offer {
                                        player: p as PlayerId,
                                    }
                            })
                            .count() as i64,
                    ),
                    "captured" => V::Integer(
                        g.units
                            .iter()
                            .filter(|u| u.loc == Loc::Captured { by: p as PlayerId })
                            .count() as i64,
                    ),
                    "eliminated" => V::Boolean(ps.eliminated),
                    "peeks" => V::Integer(ps.peeks.len() as i64),
                    _ => return Err(bad()),
                }
            }
            ["space", name, field] => {
                let s = self.space(name)?;
                let st = &g.spaces[s as usize];
                match *field {
                    "control" => seat_of(st.control),
                    "explored" => V::Boolean(st.explored),
                    "resources" => V::Integer(i64::from(st.resources)),
                    "colony" => V::Boolean(st.colony),
                    "shipyard" => V::Boolean(st.shipyard),
                    "jumpgate" => V::Boolean(st.jumpgate),
                    "revolt" => V::Integer(i64::from(st.revolt)),
                    p if p.starts_with('P') => {
                        let p = self.seat_str(p, "path")?;
                        V::Integer(g.stack(s, p).len() as i64)
                    }
                    _ => return Err(bad()),
                }
            }
            ["unit", name, field] => {
                let u = self.unit(name)?;
                let unit = &g.units[u.0 as usize];
                match *field {
                    "at" => V::String(match unit.loc {
                        Loc::Pile => "pile".into(),
                        Loc::Map { space, .. } => g.map.spaces[space as usize].name.clone(),
                        Loc::Offer { .. } => "offer".into(),
                        Loc::Captured { .. } => "captured".into(),
                    }),
                    "owner" => seat_of(match unit.loc {
                        Loc::Map { owner, .. } => Some(owner),
                        Loc::Offer { player } => Some(player),
                        Loc::Captured { by } => Some(by),
                        Loc::Pile => None,
                    }),
                    "moved" => V::Boolean(unit.moved),
                    "top" => V::Boolean(match unit.loc {
                        Loc::Map { space, owner } => g.stack(space, owner).first() == Some(&u),
                        _ => false,
                    }),
                    _ => return Err(bad()),
                }
            }
            // What a seat's view shows of another's stack: the units listed
            // (0 when hidden), its height, its top.
            ["view", viewer, "stack", name, owner, field] => {
                let v = g.view(self.seat_str(viewer, "view")?);
                let s = self.space(name)?;
                let o = self.seat_str(owner, "view")?;
                let Some(st) = v.stacks.iter().find(|x| x.space == s && x.owner == o) else {
                    return Ok(V::String("none".into()));
                };
                match *field {
                    "count" => V::Integer(st.count as i64),
                    "listed" => V::Integer(st.units.as_ref().map(|u| u.len()).unwrap_or(0) as i64),
                    "top" => V::String(snake(st.top.name())),
                    _ => return Err(bad()),
                }
            }
            ["view", viewer, "resources", name] => {
                let v = g.view(self.seat_str(viewer, "view")?);
                let s = self.space(name)?;
                match v.spaces[s as usize].resources {
                    Some(r) => V::Integer(i64::from(r)),
                    None => V::String("hidden".into()),
                }
            }
            ["view", viewer, "hand", owner] => {
                let v = g.view(self.seat_str(viewer, "view")?);
                let o = self.seat_str(owner, "view")?;
                V::Integer(if o == v.viewer {
                    v.hand.len()
                } else {
                    v.players[o as usize].hand
                } as i64)
            }
            ["view", viewer, "offer"] => {
                let v = g.view(self.seat_str(viewer, "view")?);
                V::Integer(v.offer.len() as i64)
            }
            _ => return Err(bad()),
        })
    }
}

fn phase_snake(p: Phase) -> &'static str {
    match p {
        Phase::Draw => "draw",
        Phase::DrawExcess => "draw_excess",
        Phase::Move => "move",
        Phase::Explore => "explore",
        Phase::Battle => "battle",
        Phase::Revenue => "revenue",
        Phase::Recruit => "recruit",
        Phase::Upkeep => "upkeep",
        Phase::Control => "control",
    }
}

fn snake(s: &str) -> String {
    s.to_ascii_lowercase().replace([' ', '-'], "_")
}

pub(super) fn same(a: &toml::Value, b: &toml::Value) -> bool {
    use toml::Value as V;
    match (a, b) {
        (V::Integer(x), V::Float(y)) | (V::Float(y), V::Integer(x)) => (*x as f64) == *y,
        (V::String(x), V::String(y)) => snake(x) == snake(y) || x == y,
        (V::Array(x), V::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        _ => a == b,
    }
}
