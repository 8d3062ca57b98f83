//! One or more tests per rule of the document, each naming its section.
//! The tests are grouped by the rules' chapters, one file each; the
//! helpers they share are here.

use super::positions::*;
use crate::action::{Action, Stance, Target};
use crate::battle::Stage;
use crate::chits::{Chit, Marker};
use crate::deck::Card;
use crate::error::Violation;
use crate::event::Event;
use crate::options::{Options, Rounding, TieRule};
use crate::race::Race;
use crate::setup::{MapChoice, Setup};
use crate::state::{Game, Loc, Outcome, Peek, Phase, PlayerId, SpaceId, UnitId, MAX_HAND};

fn run(g: &mut Game) -> Vec<Event> {
    let mut ev = Vec::new();
    g.advance(&mut ev);
    ev
}

fn ok(g: &mut Game, p: PlayerId, a: Action) -> Vec<Event> {
    match g.apply(p, a.clone()) {
        Ok(ev) => ev,
        Err(e) => panic!("{a:?} by {p} refused: {e}"),
    }
}

fn refused(g: &mut Game, p: PlayerId, a: Action) -> Violation {
    let before = g.digest();
    let e = g.apply(p, a.clone()).expect_err("should be refused");
    assert_eq!(g.digest(), before, "a refused action changed the game");
    assert!(!e.rule.is_empty());
    e.violation
}

fn play(card: Card, target: Target) -> Action {
    Action::Play {
        card,
        as_card: None,
        target,
    }
}

fn build(at: SpaceId, marker: Marker) -> Action {
    Action::Build { at, marker }
}

fn declare(stance: Stance) -> Action {
    Action::Declare { stance }
}

/// Asserts that unit `u` stands on the map at `space` in `owner`'s stack.
#[track_caller]
fn assert_at(g: &Game, u: UnitId, space: SpaceId, owner: PlayerId) {
    assert_eq!(g.units[u.0 as usize].loc, Loc::Map { space, owner });
}

/// Puts player 0 in its Move Phase with a move order of `card`.
fn order(g: &mut Game, card: Card) {
    give(g, 0, &[card]);
    ok(g, 0, play(card, Target::None));
}

fn move_stack(g: &mut Game, p: PlayerId, units: &[UnitId], to: u16) -> Vec<Event> {
    for &u in units {
        ok(g, p, Action::Pick { unit: u });
    }
    ok(g, p, Action::MoveTo { to })
}

mod api;
mod battle;
mod cards;
mod draw;
mod explore;
mod movement;
mod revenue;
mod setup;
mod victory;
