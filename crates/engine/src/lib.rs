//! # b5-engine
//!
//! The rules of the Babylon 5 Collectible Card Game by the *B5:CCG Engine
//! Rules v1.2* (with the 2006 summary and the rulings), as a pure,
//! deterministic library: no I/O, no threads, no global state.
//!
//! The whole game is one plain value, [`Game`]: cards live in a flat arena
//! indexed by [`CardId`]; piles are small lists of ids; the seeded random
//! generator is inside. The API follows the OpenSpiel shape:
//!
//! - [`Game::new`] sets a game up (or [`Game::from_position`] builds any
//!   position exactly);
//! - [`Game::pending`] tells which players have a choice to make;
//! - [`Game::legal_actions`] lists exactly the legal [`Action`]s;
//! - [`Game::apply`] rejects an illegal action with a [`RuleError`] naming
//!   the rule (state untouched) or carries it out and runs the game forward
//!   until someone has a choice;
//! - [`Game::view`] is what one player may see.
//!
//! The modules are grouped as the rulebook is (the map, with what each
//! folder may import, is in `docs/architecture.md`), from the foundations
//! up: `ids`, `card` (the card model), `game` (the state and what every
//! rule reads), `effects` (Advanced Details: the effect interpreter and its
//! parts), `politics` (tension, war, votes, the ISA, the faction rules),
//! `actions` (Action Details), `turn` (setup, the turn machine, the
//! rounds), `words` (the log as sentences) and `view`, the one door
//! through which state leaves the engine. No module names one in a folder
//! above its own. Each module is named after the rule it implements and
//! opens with it.

mod actions;
pub mod card;
mod effects;
mod game;
mod ids;
mod politics;
#[cfg(test)]
mod test_game;
mod turn;
mod view;
mod words;

pub use actions::sponsor::{BUILD_COST, BUILD_LIMIT};
pub use card::EnhancementOn;
pub use card::StateKind;
pub use card::{
    Ability, AbilityBonus, AftermathPlay, AttachKind, CardAction, CardDef, CardFilter, CardType,
    ConflictKind, Cost, Faction, Keywords, Limit, MarkKind, Passive, Race, Replaces, Row, Side,
    TargetKind, Transfers, TriggeredEffect, Uniqueness, VictoryCondition,
};
pub use card::{Amount, AmountBase, Rounding};
pub use card::{AttackMod, AttackUsing};
pub use card::{
    Cannot, CardSel, Cmp, Condition, Duration, Effect, Force, Op, OpFamily, Trigger, VoteChoice,
    VoteKind, When, Who,
};
pub use card::{CardDb, DbError};
pub use card::{FilterParts, Relation, SecondTarget, ThisCard};
pub use card::{PickFrom, PickPut, Reversible, VoteRule};
pub use card::{MAX_CARD_ACTIONS, MAX_CARD_EFFECTS, MAX_CARD_TRIGGERS};
pub use effects::ability::AbilityMemo;
pub use effects::choice::{Choice, ChoiceKind};
pub use effects::reversal::since::{ReverseRefusal, MAX_EVENT_RECORDS};
pub use game::action::{verb_words, Action};
pub use game::error::{RuleError, SetupError, Violation};
pub use game::event::{Cause, Event, Events};
pub use game::influence::INFLUENCE_FLOOR;
pub use game::state::{
    flag, CardInst, Conflict, Game, ModKind, Modifier, Options, Outcome, Participant, Player, Role,
    Rotation, Round, Step, Target, Until, VictoryKind, Zone, MAX_PLAYERS, NOBODY,
};
pub use ids::{CardId, ConflictId, DefId, PlayerId};
pub use politics::isa::{Isa, ISA_KEYWORD, RESERVE_MAX};
pub use politics::mark_source::MarkLink;
pub use politics::tension::{starting_tension, starting_unrest, STARTING_TENSION, STARTING_UNREST};
pub use politics::vote::{Vote, COUNCIL_RACES};
pub use turn::draw_round::BUY_PRICE;
pub use turn::flow::Pending;
pub use turn::position::{
    CardPosition, ConflictPosition, PlayerPosition, Position, TableRef, TargetPosition,
};
pub use turn::setup::{
    ambassador_problem, faction_available, validate_setup, Seat, Setup, DUEL_DRAW, DUEL_KEEP,
};
pub use turn::victory::{BABYLON5_VICTORY, MAJOR_MARGIN, VICTORY_POWER};
pub use view::{
    AgendaView, CardView, ChoiceView, ConflictView, IsaView, ParticipantView, PlayerPublic,
    PlayerView, VoteView,
};
