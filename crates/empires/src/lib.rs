//! # b5-empires
//!
//! *Babylon 5 Empires*, the module for the *Warp Empires* board-game rules
//! (`shared/rules/babylon5-empires-warp-empires.txt`), as a pure,
//! deterministic library: no I/O (map files are read from text), no
//! threads, no global state. Where the document leaves a point open, the
//! reading chosen is in `docs/empires-readings.md`, and where two readings
//! are both reasonable it is an [`Options`] field.
//!
//! The whole game is one plain value, [`Game`], cheap to clone, with its
//! seeded generator (dice, shuffles, the chit pile, exploration rolls)
//! inside. The API has the CCG engine's shape:
//!
//! - [`Game::new`] sets a game up from a [`Setup`] and a seed;
//! - [`Game::pending`] tells who has a choice to make;
//! - [`Game::legal_actions`] lists exactly the legal [`Action`]s;
//! - [`Game::apply`] refuses an illegal action with a [`RuleError`] citing
//!   the rule (state untouched) or carries it out and runs the game forward
//!   until someone has a choice, returning public [`Event`]s;
//! - [`Game::view`] is what one player may see, the only place secrets
//!   leave; [`Game::digest`] fingerprints a state; [`replay`] replays.
//!
//! Modules are named after the rules: `map`, `mapgen`, `deck`, `chits`,
//! `race`, `draw`, `movement`, `reactions` (interrupts), `cards`,
//! `explore`, `battle`, `revenue`, `recruit`, `upkeep`, `control`,
//! `victory`; `bots` holds a random and a greedy computer player.

mod action;
pub mod battle;
pub mod bots;
mod cards;
pub mod check;
pub mod chits;
mod control;
pub mod deck;
pub mod describe;
mod draw;
mod error;
mod event;
pub mod explore;
mod flow;
pub mod map;
pub mod mapgen;
mod movement;
#[doc(hidden)]
pub mod mutate;
mod options;
pub mod race;
mod reactions;
pub mod recruit;
mod replay;
pub mod revenue;
pub mod scenario;
mod setup;
mod state;
mod terms;
pub mod upkeep;
pub mod victory;
mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, Stance, Target};
pub use chits::{Chit, Marker, Speed};
pub use deck::Card;
pub use error::{RuleError, SetupError, Violation};
pub use event::Event;
pub use map::{Map, MapError, Space, SpaceKind};
pub use options::{ExplorationRoll, Options, Rounding, TieRule};
pub use race::Race;
pub use replay::{replay, ReplayError};
pub use setup::{MapChoice, Setup, START_HAND, START_UNITS};
pub use state::{
    Game, Loc, Order, Outcome, Peek, PendingMove, PendingPlay, Phase, PlayerId, SpaceId, UnitId,
    MAX_HAND,
};
pub use view::{BattleView, PlayerView, SpaceView, StackView, UnitView, View, WindowView};
