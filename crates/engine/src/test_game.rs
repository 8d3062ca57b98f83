//! A two-player game in the Action Round for the engine's unit tests: A
//! (Human, with the ambassador the test gives) acts first, B (Narn, the
//! "Dock Envoy") second; a test adds its cards and places them.

use std::sync::Arc;

use crate::card::CardDb;
use crate::card::{CardDef, CardType, Faction, Race};
use crate::game::state::Game;
use crate::ids::DefId;
use crate::turn::position::{PlayerPosition, Position};

/// A character of the race, with no abilities unless the test sets them.
pub(crate) fn character(name: &str, race: Race) -> CardDef {
    let mut d = CardDef::new(name, CardType::Character);
    d.race = race;
    d
}

/// The game, past the Action Round's entry: `place` gets the position (A
/// is `players[0]`, B `players[1]`) and the card ids by name.
pub(crate) fn two_player_game(
    a_ambassador: CardDef,
    extra: Vec<CardDef>,
    place: impl FnOnce(&mut Position, &dyn Fn(&str) -> DefId),
) -> Game {
    let a_name = a_ambassador.name.clone();
    let defs = [a_ambassador, character("Dock Envoy", Race::Narn)]
        .into_iter()
        .chain(extra);
    let db = CardDb::from_defs(defs).unwrap();
    let id = |n: &str| db.find(n).unwrap();
    let mut pos = Position {
        players: vec![
            PlayerPosition::new("A", Race::Human, Faction::BabylonProject, id(&a_name)),
            PlayerPosition::new("B", Race::Narn, Faction::BabylonProject, id("Dock Envoy")),
        ],
        initiative: Some(vec![0, 1]),
        ..Position::default()
    };
    place(&mut pos, &id);
    let mut g = Game::from_position(&pos, Arc::new(db), 1).unwrap();
    while g.at_round_entry().is_some() {
        g.proceed();
    }
    g
}
