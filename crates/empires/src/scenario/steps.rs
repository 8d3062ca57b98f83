//! Running a scenario's steps: an action (read from the step's fields),
//! an `advance` through the plainest legal answers, or only checks; then
//! the events, log sentences and values the step expects.

use crate::action::{Action, Stance, Target};
use crate::chits::Marker;
use crate::event::Event;
use crate::state::{Game, Phase};

use super::expect::same;
use super::position::Bench;
use super::{named, Failure, RawStep, Scenario, MAX_ADVANCE};

impl Bench {
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

impl Scenario {
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
