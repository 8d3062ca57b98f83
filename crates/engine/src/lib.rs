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
//! Modules are named after the rules they implement: `ready`,
//! `conflict_round`, `action_round`, `resolution`, `draw_round`, `victory`,
//! `sponsor`, `lead`, `participate` (support, oppose, attack), `damage`,
//! `heal`, `agenda`, `play` (events, contingencies), `mercenary`,
//! `influence`, `tension`, `marks`, `war`, `initiative`, `setup`.

mod ability;
mod action;
mod action_round;
mod agenda;
mod ambassador_loss;
mod amount;
mod attachment_move;
mod attack_damage;
mod attack_effect;
mod blanking;
mod cannot;
mod cannot_more;
pub mod card;
mod card_action;
mod chaos_timing;
mod choice;
mod conflict_enhancement;
mod conflict_return;
mod conflict_round;
mod cost_payer;
mod costs;
mod credits;
mod damage;
mod delayed;
mod describe;
mod drakh;
mod draw_round;
mod dual_race;
mod duel;
mod effects;
mod error;
mod event;
mod exclusive;
mod filters;
mod flow;
mod generated_conflict;
mod heal;
mod ids;
mod influence;
mod initiative;
mod isa;
mod lasting;
mod lead;
mod mark_convert;
mod mark_source;
mod marks;
mod mercenary;
mod negate;
mod participate;
mod personality;
mod play;
mod pool;
mod position;
mod power_to_win;
mod promote_effect;
mod query;
mod ranger_one;
mod rating;
mod ready;
mod replace;
mod replace_choice;
mod resolution;
mod resolve_order;
mod reversal;
mod reversal_since;
mod second_target;
mod setup;
mod severe;
mod shadow_war_effect;
mod sponsor;
mod state;
mod states;
mod surrender;
mod table_actions;
mod targets;
mod tension;
#[cfg(test)]
mod test_game;
mod transfer;
mod trigger_windows;
mod triggers;
mod unless;
mod used_as;
mod victory;
mod victory_cards;
mod view;
mod vote;
mod vote_rules;
mod war;
mod when_played;
mod you_or_your;
mod zones;

pub use ability::AbilityMemo;
pub use action::Action;
pub use card::amount::{Amount, AmountBase, Rounding};
pub use card::attack_mod::AttackMod;
pub use card::becomes::EnhancementOn;
pub use card::def::{
    Ability, AbilityBonus, AftermathPlay, AttachKind, CardAction, CardDef, CardFilter, CardType,
    ConflictKind, Cost, Faction, Keywords, MarkKind, Passive, Race, Replaces, Row, Side,
    TargetKind, Transfers, TriggeredEffect, Uniqueness, VictoryCondition,
};
pub use card::effect::StateKind;
pub use card::effect::{
    Cannot, CardSel, Cmp, Condition, Duration, Effect, Force, Op, Trigger, VoteChoice, VoteKind,
    When, Who,
};
pub use card::effect::{PickFrom, PickPut, Reversible, VoteRule};
pub use card::second::{Relation, SecondTarget};
pub use card::{CardDb, DbError};
pub use choice::{Choice, ChoiceKind};
pub use draw_round::BUY_PRICE;
pub use error::{RuleError, SetupError, Violation};
pub use event::{Cause, Event, Events};
pub use flow::Pending;
pub use ids::{CardId, ConflictId, DefId, PlayerId};
pub use influence::INFLUENCE_FLOOR;
pub use isa::{Isa, ISA_KEYWORD, RESERVE_MAX};
pub use mark_source::MarkLink;
pub use position::{
    CardPosition, ConflictPosition, PlayerPosition, Position, TableRef, TargetPosition,
};
pub use reversal_since::{ReverseRefusal, MAX_EVENT_RECORDS};
pub use setup::{
    ambassador_problem, faction_available, validate_setup, Seat, Setup, DUEL_DRAW, DUEL_KEEP,
};
pub use sponsor::{BUILD_COST, BUILD_LIMIT};
pub use state::{
    flag, CardInst, Conflict, Game, ModKind, Modifier, Options, Outcome, Participant, Player, Role,
    Rotation, Round, Step, Target, Until, VictoryKind, Zone, MAX_PLAYERS, NOBODY,
};
pub use tension::{starting_tension, starting_unrest, STARTING_TENSION, STARTING_UNREST};
pub use victory::{BABYLON5_VICTORY, MAJOR_MARGIN, VICTORY_POWER};
pub use view::{
    AgendaView, CardView, ChoiceView, ConflictView, IsaView, ParticipantView, PlayerPublic,
    PlayerView, VoteView,
};
pub use vote::{Vote, COUNCIL_RACES};
