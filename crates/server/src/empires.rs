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
use b5_empires::{Action, Card, Event, Game, MapChoice, Options, PlayerId, Race, Setup};
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

    fn cards(&self) -> Vec<Value> {
        Card::ALL
            .iter()
            .map(|&c| serde_json::json!({ "name": c.name(), "text": card_text(c) }))
            .collect()
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

/// When a card is played, in words.
fn card_when(c: Card) -> &'static str {
    use b5_empires::deck::Timing;
    match c.timing() {
        Timing::Move => "Move Phase: play it in your own Move Phase.",
        Timing::Battle => "Battle: play it in a battle your stack fights.",
        Timing::Reaction => "Answer: play it in another player's turn, when its moment comes.",
        Timing::Build => "Recruit Phase: kept in hand until you build.",
        Timing::Special => "Special: played as one of three cards, by race.",
    }
}

/// What a card does, in the server's own words (as the engine plays it).
fn card_effect(c: Card) -> &'static str {
    use Card::*;
    match c {
        TacticalMoveOrder => "One move order: pick one of your stacks (all of it, or some of its units) and move it as far as its slowest unit goes.",
        StrategicMoveOrder => "Up to three move orders this phase: move up to three of your stacks, one after another.",
        LongRangeBarrage => "Each of your ships (Capitol Ships and Cruisers) in the battle adds 2 to your Force.",
        SurroundFoe => "Each of your ships and Fighter Complements in the battle adds 1 to your Force.",
        Ambush => "Roll two dice: your Force grows by their total.",
        Dogfighting => "Each of your Fighter Complements in the battle adds 2 to your Force.",
        Deception => "Your Force grows by 7.",
        HeavyWeapons => "Each of your Capitol Ships in the battle adds 4 to your Force.",
        ArmoredHull => "Either your Force grows by 6, or one unit you would lose is spared.",
        Intrigue => "On an opponent: one card of their hand, taken at random, goes to yours.",
        Sabotage => "On an opponent: they throw away two cards of their choice. Security can cancel it.",
        Raiding => "On an opponent: their next Revenue Phase brings them 5 less.",
        Espionage => "On an opponent: you see every card in their hand. Security can cancel it.",
        Assassination => "On a Commander or a Diplomat in an opponent's stack: if the stack has one, it is removed from the map.",
        Reconnaissance => "On an opponent's stack: you see every unit in it, not only the top one. Security can cancel it.",
        SpecialCard => "Centauri use it as Diplomacy, Intelligence or Intrigue; Earthforce as Peace Treaty, Heavy Trade or Research; Minbari as Strategic Move Order, Increase Production or Security; Narn as Steal, Espionage or Sabotage.",
        TheShadowsEmerge => "On an opponent's stack that is not on a homesystem or on Babylon 5: every unit in it is destroyed.",
        Intelligence => "You see the next seven cards of the deck, in the order they will be drawn.",
        Security => "When an opponent plays Espionage, Sabotage, Steal or Reconnaissance on you: their card does nothing.",
        PeaceTreaty => "On an opponent: they may not attack you until their next turn ends.",
        Diplomacy => "When another player announces a move: the move does not happen.",
        Steal => "On an opponent: 2 of their treasury go to yours (what they have, if less). Security can cancel it.",
        CriticalHit => "One enemy ship (a Capitol Ship or a Cruiser) in the battle is destroyed.",
        PointDefense => "One enemy Fighter Complement in the battle is destroyed.",
        IncreaseProduction => "This turn's Revenue Phase brings you 5 more.",
        HeavyTrade => "This turn's Revenue Phase brings you 1 more for each system you control.",
        Research => "You draw two cards at once.",
        Quantium40 => "Needed, with its cost, to build a Jumpgate; spent when you build one.",
        Revolt => "On a planetary system that is not a homesystem: it brings its controller nothing for 1 to 6 of their Revenue Phases (a die decides).",
        Intercept => "In another player's Move Phase (before one of their moves happens, or as the phase ends): move one of your stacks at once.",
        Retreat => "Nobody loses a unit in this battle.",
    }
}

/// A card's text for `GET /api/cards?game=empires`: its name and how many
/// the deck holds, when it is played, and what it does.
pub fn card_text(c: Card) -> String {
    format!(
        "{} ({} in the deck)\n{}\n{}",
        c.name(),
        c.count(),
        card_when(c),
        card_effect(c)
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_has_a_text_of_its_own() {
        let cards = EmpiresKind.cards();
        assert_eq!(cards.len(), Card::ALL.len());
        for (c, v) in Card::ALL.iter().zip(&cards) {
            let text = v["text"].as_str().expect("a text");
            assert_eq!(v["name"], c.name());
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 3, "{text}");
            assert!(lines[0].starts_with(c.name()), "{text}");
            // In the server's words, not the card list's line.
            assert!(!text.contains(c.text()), "{text}");
        }
        let battle = card_text(Card::Deception);
        assert!(
            battle.contains("Battle") && battle.contains('7'),
            "{battle}"
        );
    }
}
