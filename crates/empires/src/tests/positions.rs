//! Building exact positions for rules tests.

use crate::chits::Chit;
use crate::deck::Card;
use crate::map::Map;
use crate::options::Options;
use crate::race::Race;
use crate::scenario::{clear_position, place_from_pile};
use crate::setup::{MapChoice, Setup};
use crate::state::{Game, Phase, PlayerId, SpaceId, UnitId};

/// The small map of the rules tests: the scenarios' `line` map
/// ([`crate::scenario::LINE_MAP`], drawn there).
pub use crate::scenario::LINE_MAP as LINE;

pub const H1: SpaceId = 0;
pub const SA: SpaceId = 1;
pub const EA: SpaceId = 2;
pub const B5: SpaceId = 3;
pub const EB: SpaceId = 4;
pub const SB: SpaceId = 5;
pub const H2: SpaceId = 6;
pub const NEB: SpaceId = 7;
pub const NOVA: SpaceId = 8;
pub const SC: SpaceId = 9;
pub const EC: SpaceId = 10;
pub const ED: SpaceId = 11;
pub const SD: SpaceId = 12;

/// A two-player game on [`LINE`]: player 0 (`r0`) at H1, player 1 (`r1`)
/// at H2, every unit back in the pile, empty hands, player 0 to act in
/// `phase`.
pub fn position(r0: Race, r1: Race, options: Options, phase: Phase) -> Game {
    let setup = Setup {
        races: vec![r0, r1],
        map: MapChoice::Custom {
            map: Map::from_toml(LINE).expect("test map"),
        },
        options,
    };
    let mut g = Game::new(&setup, 7).expect("set-up");
    clear_position(&mut g, 0, phase);
    g
}

pub fn narn_centauri(phase: Phase) -> Game {
    position(Race::Narn, Race::Centauri, Options::default(), phase)
}

/// Takes a `chit` from the pile and puts it on top of `owner`'s stack at
/// `space`.
pub fn put(g: &mut Game, chit: Chit, space: SpaceId, owner: PlayerId) -> UnitId {
    place_from_pile(g, chit, space, owner).expect("chit in pile")
}

/// Gives `p` these cards (taken from the deck).
pub fn give(g: &mut Game, p: PlayerId, cards: &[Card]) {
    for &c in cards {
        let i = g.deck.iter().position(|&d| d == c).expect("card in deck");
        g.deck.remove(i);
        g.players[p as usize].hand.push(c);
    }
    g.players[p as usize].hand.sort_unstable();
}

pub use crate::check::conserved;
