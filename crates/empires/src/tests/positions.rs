//! Building exact positions for rules tests.

use crate::chits::Chit;
use crate::deck::Card;
use crate::map::Map;
use crate::options::Options;
use crate::race::Race;
use crate::setup::{MapChoice, Setup};
use crate::state::{Game, Loc, Phase, PlayerId, SpaceId, UnitId};

/// A small map:
///
/// ```text
///  r=0:  H1(0,0)  Sa(1,0)  Ea(2,0)  B5(3,0)  Eb(4,0)  Sb(5,0)  H2(6,0)
///  r=1:      Neb(-1,1) Nova(0,1) Sc(1,1)  Ec(2,1)  Ed(3,1)  Sd(4,1)
///
/// Ea is a nebula (so is Neb), Nova a supernova; Sb's Resources are
/// fixed at 3 by the map (secret until explored). Hex (q,1) touches
/// (q,0) and (q+1,0).
/// ```
pub const LINE: &str = r#"
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
    for i in 0..g.units.len() {
        if g.units[i].loc != Loc::Pile {
            g.return_to_pile(UnitId(i as u16));
        }
    }
    for p in 0..2 {
        let hand: Vec<Card> = g.players[p].hand.drain(..).collect();
        g.deck.extend(hand);
    }
    g.active = 0;
    g.first = 0;
    g.phase = phase;
    g
}

pub fn narn_centauri(phase: Phase) -> Game {
    position(Race::Narn, Race::Centauri, Options::default(), phase)
}

/// Takes a `chit` from the pile and puts it on top of `owner`'s stack at
/// `space`.
pub fn put(g: &mut Game, chit: Chit, space: SpaceId, owner: PlayerId) -> UnitId {
    let i = g
        .pile
        .iter()
        .position(|&u| g.units[u.0 as usize].chit == chit)
        .expect("chit in pile");
    let u = g.pile.swap_remove(i);
    g.place(&[u], space, owner);
    u
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
