//! Babylon 5 Empires as a hosted game: [`EmpiresKind`] and [`EmpiresGame`]
//! implement the server's game traits on top of `b5_empires`, so the same
//! server, store and protocol host it (`"game": "empires"` in a table
//! request). Nothing outside this module knows the game.
//!
//! Seats in a table request carry `"race"`: `centauri`, `earthforce`,
//! `minbari` or `narn` (each race once; 2 to 4 seats). Options: `{"map":
//! "generated" | "the-divide" | "four-crowns", "turn_limit": T}` (T from 1
//! to 500; default the game's own).

use std::panic::{catch_unwind, AssertUnwindSafe};

use b5_empires::bots::{Bot, GreedyBot, RandomBot, SearchBot};
use b5_empires::{Action, Event, Game, MapChoice, Options, PlayerId, Race, Setup};
use serde_json::Value;

use crate::game::{ActionError, GameEvents, GameKind, Prepared, SetupProblem, TableGame, Viewer};

/// The largest turn limit a table may ask for.
pub const MAX_TURN_LIMIT: u32 = 500;

/// Babylon 5 Empires.
pub struct EmpiresKind;

impl EmpiresKind {
    /// The set-up of a table request, checked.
    pub fn setup(&self, seats: &[Value], options: &Value) -> Result<Setup, Vec<SetupProblem>> {
        let n = seats.len();
        if !(2..=4).contains(&n) {
            return Err(vec![SetupProblem::general(format!(
                "a table of Babylon 5 Empires has 2 to 4 seats, not {n}"
            ))]);
        }
        let mut problems = Vec::new();
        let mut races = Vec::new();
        for (i, seat) in seats.iter().enumerate() {
            match seat
                .get("race")
                .and_then(Value::as_str)
                .and_then(Race::parse)
            {
                Some(r) if races.contains(&r) => problems.push(SetupProblem::seat(
                    i,
                    format!("{} sits at the table already: each race once", r.name()),
                )),
                Some(r) => races.push(r),
                None => problems.push(SetupProblem::seat(
                    i,
                    "each seat needs a \"race\": centauri, earthforce, minbari or narn",
                )),
            }
        }
        let mut opts = Options::default();
        let map = match options.get("map") {
            None | Some(Value::Null) => MapChoice::Generated,
            Some(Value::String(m)) if m == "generated" => MapChoice::Generated,
            Some(Value::String(m)) if b5_empires::map::SHIPPED.contains(&m.as_str()) => {
                MapChoice::Shipped { name: m.clone() }
            }
            Some(_) => {
                problems.push(SetupProblem {
                    seat: None,
                    line: None,
                    field: Some("options.map".into()),
                    message: format!(
                        "map must be \"generated\" or a shipped map ({})",
                        b5_empires::map::SHIPPED.join(", ")
                    ),
                });
                MapChoice::Generated
            }
        };
        match options.get("turn_limit") {
            None | Some(Value::Null) => {}
            Some(v) => match v.as_u64() {
                Some(t) if (1..=MAX_TURN_LIMIT as u64).contains(&t) => opts.turn_limit = t as u32,
                _ => problems.push(SetupProblem {
                    seat: None,
                    line: None,
                    field: Some("options.turn_limit".into()),
                    message: format!(
                        "turn_limit must be a whole number from 1 to {MAX_TURN_LIMIT}"
                    ),
                }),
            },
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let setup = Setup {
            races,
            map,
            options: opts,
        };
        // The set-up rules (the map's seats, ...) are the game's own.
        Game::new(&setup, 0).map_err(|e| vec![SetupProblem::general(e.to_string())])?;
        Ok(setup)
    }
}

impl GameKind for EmpiresKind {
    fn name(&self) -> &'static str {
        "empires"
    }

    fn bots(&self) -> &'static [&'static str] {
        &[
            "greedy",
            "random",
            "search-easy",
            "search-medium",
            "search-hard",
        ]
    }

    fn prepare(&self, seats: &[Value], options: &Value) -> Result<Prepared, Vec<SetupProblem>> {
        let setup =
            catch_unwind(AssertUnwindSafe(|| self.setup(seats, options))).map_err(|_| {
                vec![SetupProblem::general(
                    "the set-up could not be checked (an internal error; please report it)",
                )]
            })??;
        let labels = setup.races.iter().map(|r| r.name().to_string()).collect();
        let setup = serde_json::to_value(&setup)
            .map_err(|e| vec![SetupProblem::general(format!("set-up: {e}"))])?;
        Ok(Prepared { setup, labels })
    }

    fn new_game(&self, setup: &Value, seed: u64) -> Result<Box<dyn TableGame>, String> {
        let setup: Setup = serde_json::from_value(setup.clone()).map_err(|e| e.to_string())?;
        let game = Game::new(&setup, seed).map_err(|e| e.to_string())?;
        Ok(Box::new(EmpiresGame { game }))
    }
}

/// A game of Babylon 5 Empires at a table.
#[derive(Clone)]
pub struct EmpiresGame {
    pub game: Game,
}

/// Empires' events are public (they name no hidden unit or card): the same
/// for every viewer. The sentences are written once, with the game after
/// the action.
struct EmpiresEvents {
    events: Vec<Event>,
    log: Vec<String>,
}

impl GameEvents for EmpiresEvents {
    fn for_viewer(&self, _: Viewer) -> Value {
        serde_json::to_value(&self.events).unwrap_or(Value::Array(Vec::new()))
    }

    fn log(&self, _: Viewer) -> Vec<String> {
        self.log.clone()
    }
}

fn seat_of(viewer: Viewer, seats: usize) -> Option<PlayerId> {
    match viewer {
        Viewer::Seat(s) if s < seats => Some(s as PlayerId),
        _ => None,
    }
}

impl TableGame for EmpiresGame {
    fn seats(&self) -> usize {
        self.game.players()
    }

    fn view(&self, viewer: Viewer) -> Value {
        let v = match seat_of(viewer, self.seats()) {
            Some(p) => self.game.view(p),
            None => self.game.spectator_view(),
        };
        let mut v = serde_json::to_value(v).unwrap_or(Value::Null);
        // The board as players see it (names, places, lanes; no fixed
        // resources of unexplored systems), for a client to draw.
        if let (Value::Object(o), Ok(map)) =
            (&mut v, serde_json::to_value(self.game.map().public()))
        {
            o.insert("map".into(), map);
        }
        // What the seat's recruit draw and the markers cost it, for the
        // Recruit buttons (Recruit Phase: a unit costs its Force; Other
        // Markers' costs).
        if let (Value::Object(o), Some(p)) = (&mut v, seat_of(viewer, self.seats())) {
            let units: serde_json::Map<String, Value> = self
                .game
                .view(p)
                .offer
                .iter()
                .map(|u| {
                    (
                        u.id.0.to_string(),
                        Value::from(self.game.unit_cost(p, u.id)),
                    )
                })
                .collect();
            let markers: serde_json::Map<String, Value> = b5_empires::Marker::ALL
                .iter()
                .map(|m| {
                    let name = serde_json::to_value(m)
                        .ok()
                        .and_then(|x| x.as_str().map(str::to_string))
                        .unwrap_or_default();
                    (name, Value::from(m.cost()))
                })
                .collect();
            o.insert(
                "costs".into(),
                serde_json::json!({ "units": units, "markers": markers }),
            );
        }
        v
    }

    fn legal_actions(&self, seat: usize) -> Vec<Value> {
        if seat >= self.seats() {
            return Vec::new();
        }
        crate::game::actions_json(&self.game.legal_actions(seat as PlayerId))
    }

    fn to_act(&self) -> Vec<usize> {
        self.game.pending().iter().map(|&p| p as usize).collect()
    }

    fn apply(&mut self, seat: usize, action: &Value) -> Result<Box<dyn GameEvents>, ActionError> {
        let a: Action = crate::game::parse_action(self.seats(), seat, action)?;
        let applied = crate::game::guarded(|| self.game.apply(seat as PlayerId, a))?;
        let events = applied.map_err(|e| ActionError {
            message: e.message,
            rule: Some(e.rule.to_string()),
        })?;
        let log = events.iter().map(|e| self.game.describe(e)).collect();
        Ok(Box::new(EmpiresEvents { events, log }))
    }

    fn finished(&self) -> bool {
        self.game.is_over()
    }

    fn winners(&self) -> Vec<usize> {
        match self.game.outcome() {
            Some(b5_empires::Outcome::Conquest { winner })
            | Some(b5_empires::Outcome::LastStanding { winner }) => vec![winner as usize],
            _ => Vec::new(),
        }
    }

    fn digest(&self) -> u64 {
        self.game.digest()
    }

    fn turn(&self) -> u32 {
        self.game.round()
    }

    fn clone_game(&self) -> Box<dyn TableGame> {
        Box::new(self.clone())
    }

    fn bot_action(&self, seat: usize, bot: &str, seed: u64) -> Option<Value> {
        if seat >= self.seats() {
            return None;
        }
        let p = seat as PlayerId;
        let a = match bot {
            "greedy" => GreedyBot::new(seed).choose(&self.game, p),
            "random" => RandomBot::new(seed).choose(&self.game, p),
            // Drawn games a decision, each on the greedy player's best 3.
            "search-easy" => SearchBot::with_budget(seed, 3, 200, 3).choose(&self.game, p),
            "search-medium" => SearchBot::new(seed).choose(&self.game, p),
            "search-hard" => SearchBot::with_budget(seed, 16, 200, 4).choose(&self.game, p),
            _ => None,
        }?;
        serde_json::to_value(a).ok()
    }

    fn label(&self, seat: usize, action: &Value) -> Option<String> {
        let a: Action = serde_json::from_value(action.clone()).ok()?;
        Some(self.game.describe_action(seat as PlayerId, &a))
    }
}
