//! Every choice a player can make (The Action Round's list of actions, plus
//! the choices of the other rounds).

use serde::{Deserialize, Serialize};

use crate::card::VoteChoice;
use crate::game::state::Target;
use crate::ids::{CardId, ConflictId, PlayerId};

/// One player choice. Small and `Copy`: bots clone thousands of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// Pass: end your Action Round turn, decline to declare a conflict, to
    /// sustain more cards, to play an aftermath or to reveal a contingency,
    /// or finish discarding in the Draw Round.
    Pass,
    /// Ready Round: leave this rotated card rotated to sustain its action.
    Sustain {
        card: CardId,
    },
    /// Conflict Round: declare a conflict card face down, with its target.
    Declare {
        card: CardId,
        target: Target,
        /// The card that pays the conflict's `play_cost` as it is
        /// initiated (the rotated one when it has both parts); `NONE`: the
        /// engine picks.
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    /// Conflict Round: declare a military war conflict against a player (or a
    /// location of a player) you are at war with.
    DeclareWar {
        target: Target,
    },
    /// Sponsor a supporting card or enhancement, rotating `by` (an Inner
    /// Circle character); `target` is an enhancement's target.
    Sponsor {
        card: CardId,
        by: CardId,
        target: Target,
        /// The card that pays the card's `play_cost` (never `by`); `NONE`:
        /// the engine picks.
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    Promote {
        card: CardId,
        by: CardId,
    },
    /// Replace a card in play with a card from the hand that names it.
    Replace {
        card: CardId,
        old: CardId,
    },
    Build {
        by: CardId,
    },
    /// Use a card's own action number `index`. `pay` names the card that
    /// pays a cost of rotating or neutralizing another card (the rotated
    /// one when the action has both); `NONE`: the engine picks.
    UseCard {
        card: CardId,
        index: u8,
        target: Target,
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    Lead {
        card: CardId,
        fleet: CardId,
    },
    /// Rotate an ambassador's assistant to give `ambassador` +1 Diplomacy,
    /// Intrigue and Leadership while rotated, or (`discount`) to let the
    /// ambassador apply 1 influence less when sponsoring later this turn.
    Assist {
        card: CardId,
        ambassador: CardId,
        discount: bool,
    },
    Support {
        card: CardId,
        conflict: ConflictId,
        /// The side supported, in a conflict with several sides.
        side: PlayerId,
    },
    Oppose {
        card: CardId,
        conflict: ConflictId,
    },
    Attack {
        card: CardId,
        target: CardId,
        conflict: ConflictId,
    },
    /// Play an event.
    Play {
        card: CardId,
        target: Target,
        /// The card that pays the event's `play_cost` (the rotated one
        /// when it has both parts); `NONE`: the engine picks.
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    /// Play a contingency face down under a card you control.
    PlayContingency {
        card: CardId,
        host: CardId,
        /// The card that pays the contingency's `play_cost` (the rotated
        /// one when it has both parts); `NONE`: the engine picks.
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    SponsorAgenda {
        card: CardId,
        by: CardId,
        /// The card that pays the agenda's `play_cost` (never `by`);
        /// `NONE`: the engine picks.
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    HideAgenda {
        card: CardId,
        by: CardId,
        /// The card that pays the agenda's `play_cost` (never `by`);
        /// `NONE`: the engine picks.
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    ReplaceAgenda {
        card: CardId,
        by: CardId,
        /// The card that pays the agenda's `play_cost` (never `by`);
        /// `NONE`: the engine picks.
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    RevealAgenda,
    DiscardAgenda,
    /// Heal a character; `ambassadorial` rotates an Inner Circle character
    /// toward healing the ambassador.
    Heal {
        card: CardId,
        ambassadorial: bool,
    },
    Repair {
        card: CardId,
        amount: u8,
    },
    /// Pay a mercenary's bid price to control it until the end of the turn.
    Hire {
        card: CardId,
    },
    /// Resolution Round: play an aftermath.
    PlayAftermath {
        card: CardId,
        target: Target,
        /// The card that pays the aftermath's `play_cost` (the rotated one
        /// when it has both parts); `NONE`: the engine picks.
        #[serde(
            default = "crate::ids::no_card",
            skip_serializing_if = "crate::ids::is_no_card"
        )]
        pay: CardId,
    },
    /// Reveal a contingency whose trigger has just happened.
    Reveal {
        card: CardId,
    },
    /// Draw Round step 2: discard this card from your hand (then more, or pass).
    Discard {
        card: CardId,
    },
    /// A forced choice between cards (the Inner Circle character discarded
    /// for an empty deck).
    Choose {
        card: CardId,
    },
    /// Draw Round step 4: buy this many cards at 3 influence each.
    Buy {
        count: u8,
    },
    /// Draw Round (the discard step): surrender unconditionally to `to`, a
    /// player you are at war with; they gain 3 influence and you are
    /// eliminated.
    Surrender {
        to: PlayerId,
    },
    /// Two-player set-up: keep this card of the eight drawn (then more, or pass).
    Keep {
        card: CardId,
    },
    /// Two-player set-up: shuffle the drawn cards back and draw one fewer.
    Mulligan,
    /// Votes: the head of the vote calls this player to vote next.
    CallVoter {
        player: PlayerId,
    },
    /// Votes: the called player votes Yes, No or Abstain.
    Vote {
        choice: VoteChoice,
    },
    /// The Interstellar Alliance: discard the top card of your deck and
    /// forfeit this turn's draws to take this ISA card from your reserve.
    TakeFromReserve {
        card: CardId,
    },
    /// Drakh Rule 7: after his action, a Drakh player moves `count` Chaos
    /// Tokens from `from` (a card he controls) to `to` (a Drakh card he
    /// controls).
    MoveChaos {
        from: CardId,
        to: CardId,
        count: u8,
    },
    /// Drakh Rule 7: decline to move Chaos Tokens after this action.
    KeepChaos,
    /// War in Dual Race Games: rotate your ambassador to declare war on
    /// `against`, a player another faction of your race is at war with.
    JoinWar {
        against: PlayerId,
    },
    /// "Choose one": choose the mode `index` (from 0) of the effect asking.
    Mode {
        index: u8,
    },
    /// The Resolution Round: of your conflicts still to resolve, this one
    /// resolves first.
    ResolveFirst {
        conflict: ConflictId,
    },
}

impl Action {
    /// The verb as the conformance format and the save files name it.
    pub fn verb(&self) -> &'static str {
        match self {
            Action::Pass => "pass",
            Action::Sustain { .. } => "sustain",
            Action::Declare { .. } | Action::DeclareWar { .. } => "declare",
            Action::Sponsor { .. } => "sponsor",
            Action::Promote { .. } => "promote",
            Action::Replace { .. } => "replace",
            Action::Build { .. } => "build",
            Action::UseCard { .. } => "use",
            Action::Lead { .. } => "lead",
            Action::Assist { .. } => "assist",
            Action::Support { .. } => "support",
            Action::Oppose { .. } => "oppose",
            Action::Attack { .. } => "attack",
            Action::Play { .. } => "play",
            Action::PlayContingency { .. } => "play",
            Action::SponsorAgenda { .. } => "sponsor_agenda",
            Action::HideAgenda { .. } => "hide_agenda",
            Action::ReplaceAgenda { .. } => "replace_agenda",
            Action::RevealAgenda => "reveal_agenda",
            Action::DiscardAgenda => "discard_agenda",
            Action::Heal { .. } => "heal",
            Action::Repair { .. } => "repair",
            Action::Hire { .. } => "hire",
            Action::PlayAftermath { .. } => "play",
            Action::Reveal { .. } => "reveal",
            Action::Discard { .. } => "discard",
            Action::Choose { .. } => "choose",
            Action::Buy { .. } => "buy",
            Action::Surrender { .. } => "surrender",
            Action::Keep { .. } => "keep",
            Action::Mulligan => "mulligan",
            Action::CallVoter { .. } => "call",
            Action::Vote { .. } => "vote",
            Action::TakeFromReserve { .. } => "reserve",
            Action::MoveChaos { .. } => "move_chaos",
            Action::KeepChaos => "keep_chaos",
            Action::JoinWar { .. } => "join_war",
            Action::Mode { .. } => "mode",
            Action::ResolveFirst { .. } => "resolve_first",
        }
    }

    /// The kind of action in words, for a person ("sponsoring an agenda"):
    /// what [`Action::verb`] names for the conformance format and the save
    /// files.
    pub fn kind_words(&self) -> &'static str {
        verb_words(self.verb())
    }

    /// The card that acts or is played, if any.
    pub fn card(&self) -> Option<CardId> {
        match *self {
            Action::Sustain { card }
            | Action::Declare { card, .. }
            | Action::Sponsor { card, .. }
            | Action::Promote { card, .. }
            | Action::Replace { card, .. }
            | Action::UseCard { card, .. }
            | Action::Lead { card, .. }
            | Action::Assist { card, .. }
            | Action::Support { card, .. }
            | Action::Oppose { card, .. }
            | Action::Attack { card, .. }
            | Action::Play { card, .. }
            | Action::PlayContingency { card, .. }
            | Action::SponsorAgenda { card, .. }
            | Action::HideAgenda { card, .. }
            | Action::ReplaceAgenda { card, .. }
            | Action::Heal { card, .. }
            | Action::Repair { card, .. }
            | Action::Hire { card }
            | Action::PlayAftermath { card, .. }
            | Action::Reveal { card }
            | Action::Discard { card }
            | Action::Choose { card }
            | Action::Keep { card }
            | Action::TakeFromReserve { card } => Some(card),
            Action::Build { by } => Some(by),
            Action::MoveChaos { from, .. } => Some(from),
            _ => None,
        }
    }
}

/// A verb of [`Action::verb`] in words for a person, as a gerund phrase
/// ("sponsor_agenda": "sponsoring an agenda"); an unknown verb as it is.
pub fn verb_words(verb: &str) -> &str {
    match verb {
        "pass" => "passing",
        "sustain" => "sustaining an action",
        "declare" => "declaring a conflict",
        "sponsor" => "sponsoring a card",
        "promote" => "promoting a character",
        "replace" => "replacing a card",
        "build" => "building influence",
        "use" => "using a card's action",
        "lead" => "leading a fleet",
        "assist" => "assisting an ambassador",
        "support" => "supporting a conflict",
        "oppose" => "opposing a conflict",
        "attack" => "attacking in a conflict",
        "play" => "playing a card",
        "sponsor_agenda" => "sponsoring an agenda",
        "hide_agenda" => "hiding an agenda",
        "replace_agenda" => "replacing the agenda",
        "reveal_agenda" => "revealing the hidden agenda",
        "discard_agenda" => "discarding the agenda",
        "heal" => "healing",
        "repair" => "repairing damage",
        "hire" => "hiring a mercenary",
        "reveal" => "revealing a contingency",
        "discard" => "discarding a card",
        "choose" => "choosing a card",
        "buy" => "buying cards",
        "surrender" => "surrendering",
        "keep" => "keeping a card",
        "mulligan" => "taking a mulligan",
        "call" => "calling on a player to vote",
        "vote" => "voting",
        "reserve" => "taking a card from the reserve",
        "move_chaos" => "moving Chaos Tokens",
        "keep_chaos" => "leaving the Chaos Tokens",
        "join_war" => "joining a war",
        "mode" => "choosing a mode",
        "resolve_first" => "choosing the conflict that resolves first",
        other => other,
    }
}
