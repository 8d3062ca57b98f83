//! Rules scenarios: TOML files that set a position (or start from a seeded
//! set-up), act through the public API, and check what the rules say must
//! happen, in the spirit of the CCG's conformance scenarios. The format is
//! described in `crates/empires/scenarios/README.md`; `b5 empires
//! conformance PATH...` runs them, and so does the test suite.
//!
//! A scenario is read with [`Scenario::from_toml`] (every unknown key is an
//! error) and run with [`Scenario::run`], which reports the first failing
//! step.

use std::collections::HashMap;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::action::{Action, Stance, Target};
use crate::chits::{Chit, Marker};
use crate::deck::Card;
use crate::event::Event;
use crate::map::{self, Map};
use crate::options::Options;
use crate::race::Race;
use crate::setup::{MapChoice, Setup};
use crate::state::{Game, Loc, Outcome, Phase, PlayerId, SpaceId, UnitId};

/// Largest scenario file read (bytes).
pub const MAX_SCENARIO_BYTES: usize = 1 << 20;
/// Most actions one `advance` step may take.
pub const MAX_ADVANCE: usize = 50_000;

/// The small map scenarios use by default (`map = "line"`):
///
/// ```text
///  r=0:  H1(0,0)  Sa(1,0)  Ea(2,0)  B5(3,0)  Eb(4,0)  Sb(5,0)  H2(6,0)
///  r=1:      Neb(-1,1) Nova(0,1) Sc(1,1)  Ec(2,1)  Ed(3,1)  Sd(4,1)
/// ```
///
/// Ea and Neb are nebulas, Nova a supernova, Sb's Resources are fixed at 3
/// (secret until explored). Hex (q,1) touches (q,0) and (q+1,0).
pub const LINE_MAP: &str = r#"
name = "Line"
[[space]]
name = "H1"
kind = "home"
home = 1
at = [0, 0]
[[space]]
name = "Sa"
kind = "system"
at = [1, 0]
[[space]]
name = "Ea"
kind = "nebula"
at = [2, 0]
[[space]]
name = "B5"
kind = "babylon5"
at = [3, 0]
[[space]]
name = "Eb"
kind = "empty"
at = [4, 0]
[[space]]
name = "Sb"
kind = "system"
at = [5, 0]
revenue = 3
[[space]]
name = "H2"
kind = "home"
home = 2
at = [6, 0]
[[space]]
name = "Neb"
kind = "nebula"
at = [-1, 1]
[[space]]
name = "Nova"
kind = "supernova"
at = [0, 1]
[[space]]
name = "Sc"
kind = "system"
at = [1, 1]
[[space]]
name = "Ec"
kind = "empty"
at = [2, 1]
[[space]]
name = "Ed"
kind = "empty"
at = [3, 1]
[[space]]
name = "Sd"
kind = "system"
at = [4, 1]
"#;

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    title: String,
    #[serde(default)]
    rules: String,
    races: Vec<String>,
    #[serde(default)]
    map: Option<String>,
    #[serde(default)]
    map_toml: Option<String>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    phase: Option<String>,
    #[serde(default)]
    active: Option<u8>,
    #[serde(default)]
    round: Option<u32>,
    #[serde(default)]
    options: Options,
    #[serde(default)]
    player: Vec<RawPlayer>,
    #[serde(default)]
    unit: Vec<RawUnit>,
    #[serde(default)]
    space: Vec<RawSpace>,
    #[serde(default)]
    deck_top: Vec<String>,
    #[serde(default)]
    step: Vec<RawStep>,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    #[serde(default)]
    hand: Option<Vec<String>>,
    #[serde(default)]
    treasury: Option<i32>,
    #[serde(default)]
    revenue: Option<i32>,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    #[serde(default)]
    name: Option<String>,
    kind: String,
    at: String,
    owner: u8,
    #[serde(default)]
    moved: bool,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct RawSpace {
    name: String,
    #[serde(default)]
    explored: Option<bool>,
    #[serde(default)]
    resources: Option<u8>,
    #[serde(default)]
    colony: Option<bool>,
    #[serde(default)]
    shipyard: Option<bool>,
    #[serde(default)]
    jumpgate: Option<bool>,
    #[serde(default)]
    control: Option<u8>,
    #[serde(default)]
    revolt: Option<u8>,
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
struct RawStep {
    #[serde(default)]
    player: Option<u8>,
    #[serde(default, rename = "do")]
    verb: Option<String>,
    #[serde(default)]
    card: Option<String>,
    #[serde(default, rename = "as")]
    as_card: Option<String>,
    #[serde(default)]
    target: Option<String>,
    #[serde(default)]
    unit: Option<String>,
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    at: Option<String>,
    #[serde(default)]
    marker: Option<String>,
    #[serde(default)]
    stance: Option<String>,
    /// The action must be refused, the game untouched.
    #[serde(default)]
    error: bool,
    /// Only check whether the action is among the legal ones.
    #[serde(default)]
    legal: Option<bool>,
    #[serde(default)]
    advance: Option<String>,
    #[serde(default)]
    expect: Option<toml::Table>,
    /// Event kinds the step must produce.
    #[serde(default)]
    events: Vec<String>,
    /// Text the step's log sentences must contain.
    #[serde(default)]
    log: Vec<String>,
}

/// A scenario that was read and can be run.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub title: String,
    pub rules: String,
    raw: RawScenario,
}

/// Why a scenario failed: the step (1-based; 0 is setting the position up)
/// and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub step: usize,
    pub reason: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.step == 0 {
            write!(f, "set-up: {}", self.reason)
        } else {
            write!(f, "step {}: {}", self.step, self.reason)
        }
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Reads a snake_case name ("tactical_move_order", "Tactical Move Order").
fn named<T: DeserializeOwned>(what: &str, s: &str) -> Result<T, String> {
    let norm: String = s
        .trim()
        .chars()
        .map(|c| {
            if c == ' ' || c == '-' {
                '_'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    toml::Value::String(norm)
        .try_into::<T>()
        .map_err(|_| format!("\"{s}\" is not a {what}"))
}

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
struct Bench {
    game: Game,
    units: HashMap<String, UnitId>,
}

impl Bench {
    fn space(&self, s: &str) -> Result<SpaceId, String> {
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

    fn unit(&self, s: &str) -> Result<UnitId, String> {
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

    fn seat(&self, n: u8, field: &str) -> Result<PlayerId, String> {
        if n == 0 || n as usize > self.game.players.len() {
            return Err(format!(
                "{field}: seat {n} (seats are 1 to {})",
                self.game.players.len()
            ));
        }
        Ok(n - 1)
    }

    fn seat_str(&self, s: &str, field: &str) -> Result<PlayerId, String> {
        let n: u8 = s
            .trim()
            .trim_start_matches(['P', 'p'])
            .parse()
            .map_err(|_| format!("{field}: \"{s}\" is not a seat number"))?;
        self.seat(n, field)
    }

    fn target(&self, t: &str) -> Result<Target, String> {
        let parts: Vec<&str> = t.split(':').map(str::trim).collect();
        Ok(match parts.as_slice() {
            ["none"] => Target::None,
            ["negate"] => Target::Negate,
            ["player", p] => Target::Player {
                player: self.seat_str(p, "target")?,
            },
            ["stack", s, o] => Target::Stack {
                space: self.space(s)?,
                owner: self.seat_str(o, "target")?,
            },
            ["leader", s, o, k] => Target::Leader {
                space: self.space(s)?,
                owner: self.seat_str(o, "target")?,
                kind: named("unit kind", k)?,
            },
            ["system", s] => Target::System {
                space: self.space(s)?,
            },
            ["unit", u] => Target::Unit {
                unit: self.unit(u)?,
            },
            _ => {
                return Err(format!(
                    "target \"{t}\": expected none, negate, player:N, stack:SPACE:N, leader:SPACE:N:KIND, system:SPACE or unit:NAME"
                ))
            }
        })
    }

    fn action(&self, st: &RawStep) -> Result<Action, String> {
        let verb = st.verb.as_deref().unwrap_or("");
        let need = |f: &Option<String>, name: &str| -> Result<String, String> {
            f.clone()
                .ok_or_else(|| format!("do = \"{verb}\" needs the field {name}"))
        };
        Ok(match verb {
            "discard" => Action::Discard {
                card: named("card", &need(&st.card, "card")?)?,
            },
            "draw" => Action::Draw,
            "play" => Action::Play {
                card: named("card", &need(&st.card, "card")?)?,
                as_card: match &st.as_card {
                    Some(c) => Some(named("card", c)?),
                    None => None,
                },
                target: match &st.target {
                    Some(t) => self.target(t)?,
                    None => Target::None,
                },
            },
            "pick" => Action::Pick {
                unit: self.unit(&need(&st.unit, "unit")?)?,
            },
            "unpick" => Action::Unpick {
                unit: self.unit(&need(&st.unit, "unit")?)?,
            },
            "move" => Action::MoveTo {
                to: self.space(&need(&st.to, "to")?)?,
            },
            "end_order" => Action::EndOrder,
            "pass" => Action::Pass,
            "end_phase" => Action::EndPhase,
            "declare" => Action::Declare {
                stance: match need(&st.stance, "stance")?.as_str() {
                    "attack" => Stance::Attack,
                    "mission" => Stance::Mission,
                    s => return Err(format!("stance \"{s}\": expected attack or mission")),
                },
            },
            "casualty" => Action::Casualty {
                unit: self.unit(&need(&st.unit, "unit")?)?,
            },
            "retreat" => Action::Retreat {
                to: self.space(&need(&st.to, "to")?)?,
            },
            "buy" => Action::Buy {
                unit: self.unit(&need(&st.unit, "unit")?)?,
                at: self.space(&need(&st.at, "at")?)?,
            },
            "build" => Action::Build {
                at: self.space(&need(&st.at, "at")?)?,
                marker: named::<Marker>("marker", &need(&st.marker, "marker")?)?,
            },
            "disband" => Action::Disband {
                unit: self.unit(&need(&st.unit, "unit")?)?,
            },
            v => {
                return Err(format!(
                    "do = \"{v}\": expected discard, draw, play, pick, unpick, move, end_order, pass, end_phase, declare, casualty, retreat, buy, build or disband"
                ))
            }
        })
    }

    /// The value at `path` where the game stands.
    fn value(&self, path: &str) -> Result<toml::Value, String> {
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

fn event_tag(e: &Event) -> String {
    toml::Value::try_from(e)
        .ok()
        .and_then(|v| v.get("event").and_then(|t| t.as_str().map(String::from)))
        .unwrap_or_default()
}

/// What an `advance` step does at each choice: the plainest legal answer.
fn default_action(legal: &[Action]) -> Option<Action> {
    let prefer = [
        Action::Draw,
        Action::Pass,
        Action::EndOrder,
        Action::EndPhase,
        Action::Declare {
            stance: Stance::Attack,
        },
    ];
    for a in &prefer {
        if legal.contains(a) {
            return Some(a.clone());
        }
    }
    legal.first().cloned()
}

fn same(a: &toml::Value, b: &toml::Value) -> bool {
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

impl Scenario {
    /// Reads a scenario; an error names the line and field where it can.
    pub fn from_toml(text: &str) -> Result<Scenario, String> {
        if text.len() > MAX_SCENARIO_BYTES {
            return Err(format!("larger than {MAX_SCENARIO_BYTES} bytes"));
        }
        let raw: RawScenario = toml::from_str(text).map_err(|e| match e.span() {
            Some(s) => format!("line {}: {}", line_of(text, s.start), e.message()),
            None => e.message().to_string(),
        })?;
        if raw.step.is_empty() {
            return Err("a scenario needs at least one [[step]]".into());
        }
        Ok(Scenario {
            title: raw.title.clone(),
            rules: raw.rules.clone(),
            raw,
        })
    }

    fn build(&self) -> Result<Bench, String> {
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

    /// Runs the scenario: `Ok` with the final game, or the first failure.
    pub fn run(&self) -> Result<Game, Failure> {
        let mut b = self.build().map_err(|reason| Failure { step: 0, reason })?;
        for (i, st) in self.raw.step.iter().enumerate() {
            let fail = |reason: String| Failure {
                step: i + 1,
                reason,
            };
            let mut events: Vec<Event> = Vec::new();
            let mut acted = false;
            if let Some(target) = &st.advance {
                if st.verb.is_some() {
                    return Err(fail("a step is an action or an advance, not both".into()));
                }
                let want: Option<Phase> = match target.as_str() {
                    "turn" | "end" => None,
                    p => Some(named::<Phase>("phase (or turn, end)", p).map_err(fail)?),
                };
                let mut n = 0;
                loop {
                    if b.game.is_over() {
                        break;
                    }
                    if n >= MAX_ADVANCE {
                        return Err(fail(format!(
                            "advance = \"{target}\" did not get there in {MAX_ADVANCE} actions"
                        )));
                    }
                    let Some(&p) = b.game.pending().first() else {
                        break;
                    };
                    let legal = b.game.legal_actions(p);
                    let Some(a) = default_action(&legal) else {
                        return Err(fail(format!(
                            "player {} is pending with no legal action",
                            p + 1
                        )));
                    };
                    let ev = b.game.apply(p, a.clone()).map_err(|e| {
                        fail(format!("advance: the legal action {a:?} was refused: {e}"))
                    })?;
                    n += 1;
                    let turned = ev.iter().any(|e| matches!(e, Event::TurnBegan { .. }));
                    events.extend(ev);
                    let there = match (want, target.as_str()) {
                        (Some(ph), _) => b.game.phase == ph,
                        (None, "turn") => turned,
                        _ => false,
                    };
                    if there {
                        break;
                    }
                }
                acted = true;
            } else if st.verb.is_some() {
                let p = b.seat(st.player.unwrap_or(0), "player").map_err(fail)?;
                let a = b.action(st).map_err(fail)?;
                let legal = b.game.legal_actions(p).contains(&a);
                if let Some(want) = st.legal {
                    if legal != want {
                        return Err(fail(format!(
                            "{a:?} by player {} is {}legal, expected {}legal",
                            p + 1,
                            if legal { "" } else { "not " },
                            if want { "" } else { "not " }
                        )));
                    }
                } else if st.error {
                    let before = b.game.digest();
                    match b.game.apply(p, a.clone()) {
                        Ok(_) => {
                            return Err(fail(format!(
                                "{a:?} by player {} was accepted; the rules forbid it",
                                p + 1
                            )))
                        }
                        Err(_) if b.game.digest() != before => {
                            return Err(fail("a refused action changed the game".into()))
                        }
                        Err(_) if legal => {
                            return Err(fail(format!(
                                "{a:?} was refused but is listed among the legal actions"
                            )))
                        }
                        Err(_) => {}
                    }
                } else {
                    events = b
                        .game
                        .apply(p, a.clone())
                        .map_err(|e| fail(format!("{a:?} by player {} was refused: {e}", p + 1)))?;
                    if !legal {
                        return Err(fail(format!(
                            "{a:?} was accepted but is not listed among the legal actions"
                        )));
                    }
                    acted = true;
                }
            } else if st.expect.is_none() {
                return Err(fail(
                    "a step needs do = ..., advance = ... or expect = {...}".into(),
                ));
            }
            if !acted && (!st.events.is_empty() || !st.log.is_empty()) {
                return Err(fail(
                    "events and log check what an action or advance did".into(),
                ));
            }
            let tags: Vec<String> = events.iter().map(event_tag).collect();
            for want in &st.events {
                if !tags.iter().any(|t| t == want) {
                    return Err(fail(format!(
                        "no {want} event; the step's events were: {}",
                        tags.join(", ")
                    )));
                }
            }
            let text: Vec<String> = events.iter().map(|e| b.game.describe(e)).collect();
            for want in &st.log {
                if !text.iter().any(|t| t.contains(want.as_str())) {
                    return Err(fail(format!(
                        "no log sentence contains \"{want}\"; the log was: {}",
                        text.join(" ")
                    )));
                }
            }
            if let Some(expect) = &st.expect {
                for (path, want) in expect {
                    let got = b.value(path).map_err(fail)?;
                    if !same(&got, want) {
                        return Err(fail(format!("{path}: expected {want}, got {got}")));
                    }
                }
            }
        }
        Ok(b.game)
    }
}

/// Runs one scenario file's text: `Ok` or the failure, as one line.
pub fn run_text(text: &str) -> Result<(), String> {
    let s = Scenario::from_toml(text)?;
    s.run().map(|_| ()).map_err(|f| f.to_string())
}
