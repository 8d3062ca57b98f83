//! The whole game as one plain value: a flat arena of card instances, the
//! players' piles as small lists of ids, counters, and where the turn stands.
//! Cloning a `Game` copies a few kilobytes and makes at most a handful of
//! allocations; nothing here holds a `String` per card.

use std::sync::Arc;

use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::Ability;
use crate::card::CardDb;
use crate::ids::{CardId, ConflictId, DefId, PlayerId};

pub use crate::game::conflict::*;
pub use crate::game::modifier::*;
pub use crate::game::player::*;
pub use crate::game::table::*;

/// The five rounds of a turn (Turn Sequence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Round {
    Ready,
    Conflict,
    Action,
    Resolution,
    Draw,
}

impl Round {
    pub fn name(self) -> &'static str {
        match self {
            Round::Ready => "ready",
            Round::Conflict => "conflict",
            Round::Action => "action",
            Round::Resolution => "resolution",
            Round::Draw => "draw",
        }
    }

    pub fn parse(s: &str) -> Option<Round> {
        [
            Round::Ready,
            Round::Conflict,
            Round::Action,
            Round::Resolution,
            Round::Draw,
        ]
        .into_iter()
        .find(|r| r.name() == s)
    }

    pub fn next(self) -> Round {
        match self {
            Round::Ready => Round::Conflict,
            Round::Conflict => Round::Action,
            Round::Action => Round::Resolution,
            Round::Resolution => Round::Draw,
            Round::Draw => Round::Ready,
        }
    }
}

/// Where the turn stands: a round's entry, a step waiting for choices, or
/// the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum Step {
    /// The two-player appendix set-up: players keep cards from 8 drawn.
    Keep {
        answered: u8,
    },
    /// Standing on entering a round, before any of its own steps.
    Entry(Round),
    /// Ready Round step 1: players with sustainable cards choose (simultaneous).
    Sustain {
        answered: u8,
    },
    /// Conflict Round step 1: the player at this initiative position declares.
    Declare {
        pos: u8,
    },
    /// Conflict Round step 2: revealing and initiating the declared conflicts,
    /// in declaration order; `next` is the next to reveal.
    Reveal {
        next: u8,
    },
    /// Action Round: the player at `pos` acts; `passes` consecutive passes so far.
    Act {
        pos: u8,
        passes: u8,
    },
    /// Resolution Round step 1: conflict `conflict` resolves next.
    Resolve {
        conflict: u8,
    },
    /// Resolution Round step 3 for conflict `conflict`: aftermaths.
    Aftermath {
        conflict: u8,
        pos: u8,
        passes: u8,
    },
    /// Draw Round step 2: discarding from hand (simultaneous).
    DrawDiscard {
        answered: u8,
    },
    /// Draw Round step 3: `player` must discard an Inner Circle character
    /// (empty deck); `pos` is where the drawing stands in initiative order.
    EmptyDeck {
        player: PlayerId,
        pos: u8,
    },
    /// Draw Round step 4: buying cards (simultaneous).
    Buy {
        answered: u8,
    },
    Over,
    /// Resolution Round: `player` initiated several conflicts still to
    /// resolve and designates which resolves first (The Resolution Round).
    ResolveOrder {
        player: PlayerId,
    },
}

/// A window in which contingencies may be revealed (Contingency Cards), or
/// that suspends an action until its triggers are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Window {
    pub trigger: crate::card::Trigger,
    /// The card whose trigger it is (the attacked or attacking card), or
    /// `NONE` for player triggers.
    pub card: CardId,
    /// The other card of an attack.
    pub other: CardId,
    /// The player concerned (the target of a conflict, the initiator).
    pub player: PlayerId,
    pub conflict: ConflictId,
    /// Position in initiative order of the player being asked.
    pub pos: u8,
    pub passes: u8,
    /// Bit set of players who may answer (they have face-down contingencies).
    pub askers: u8,
    /// What happens when the window closes.
    pub then: Continuation,
    /// The attack was canceled (or the event or card action negated) by a
    /// revealed contingency.
    pub canceled: bool,
}

/// The rest of an action suspended by a trigger window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum Continuation {
    /// Finish an attack: deal damage both ways.
    Attack {
        attacker: CardId,
        target: CardId,
        conflict: ConflictId,
    },
    /// Nothing more: the flow goes on from `Game::step`.
    Resume,
    /// Finish an attack made by an effect, outside any conflict, using
    /// `ability` (`attack_effect.rs`).
    EffectAttack {
        attacker: CardId,
        target: CardId,
        ability: Ability,
    },
    /// Resolve the event `player` just played (`negate.rs`): its effects
    /// happen unless a contingency negated it.
    Event {
        player: PlayerId,
        card: CardId,
        target: Target,
        /// Its second target (Legal Targets), `NONE` if it has none.
        second: CardId,
    },
    /// Carry out the effects of the action (number `index`) `player` just
    /// used with `card`, its costs paid (`negate.rs`): unless a
    /// contingency negated it.
    CardAction {
        player: PlayerId,
        card: CardId,
        index: u8,
        target: Target,
        /// Its second target (Legal Targets), `NONE` if it has none.
        second: CardId,
    },
}

/// Game options chosen at set-up.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Options {
    /// Appendix One: two-player games draw 8 and keep some (with mulligans)
    /// instead of choosing a starting hand.
    pub duel_draw: bool,
    /// End the game with no winner after this many turns (a table's time
    /// limit; the rules themselves have none).
    pub turn_limit: Option<u32>,
    /// Extended Loyalty Rule (optional; Dual Race Games): limited cards of a
    /// race with more than one faction in the game are limited per player.
    #[serde(default)]
    pub extended_loyalty: bool,
}

/// Facts fixed at set-up, shared by every clone.
#[derive(Debug, PartialEq, Eq)]
pub struct Meta {
    pub names: Vec<String>,
    pub options: Options,
}

/// The whole game.
#[derive(Debug)]
pub struct Game {
    pub(crate) db: Arc<CardDb>,
    pub(crate) meta: Arc<Meta>,
    pub(crate) rng: Pcg64Mcg,
    pub(crate) cards: Vec<CardInst>,
    pub(crate) players: SmallVec<[Player; MAX_PLAYERS]>,
    pub(crate) conflicts: SmallVec<[Conflict; 4]>,
    pub(crate) mods: SmallVec<[Modifier; 16]>,
    /// Cards in play attached to something or in no faction (enhancements,
    /// aftermaths, contingencies, globals), in the order they were played.
    pub(crate) attachments: SmallVec<[CardId; 24]>,
    /// Face-up cards in play whose definitions have lasting effects.
    pub(crate) passive_sources: SmallVec<[CardId; 32]>,
    /// Acting order this turn, first acts first; eliminated players left out.
    pub(crate) initiative: SmallVec<[PlayerId; MAX_PLAYERS]>,
    pub(crate) turn: u32,
    pub(crate) step: Step,
    pub(crate) window: Option<Window>,
    pub(crate) babylon5: i16,
    pub(crate) shadows: i16,
    pub(crate) vorlons: i16,
    pub(crate) shadow_war: bool,
    pub(crate) shadow_war_started: bool,
    /// Unique cards that have entered play (or been played) this game.
    pub(crate) unique_used: SmallVec<[DefId; 16]>,
    /// Limited cards removed from the game: no copy may enter play again.
    pub(crate) limited_removed: SmallVec<[DefId; 8]>,
    /// Limited events played and limited contingencies revealed this turn.
    pub(crate) limited_this_turn: SmallVec<[DefId; 4]>,
    /// Card actions and triggered effects limited to once a turn or a game
    /// that have been used (`crate::actions::once`).
    pub(crate) used_once: SmallVec<[UsedOnce; 2]>,
    /// Discounts on the next card of a kind each player sponsors this turn
    /// (`crate::actions::costs`).
    pub(crate) next_discounts: crate::game::held::NextDiscounts,
    /// Triggered effects of cards in play carried out this turn (a bound on
    /// loops of triggered effects: `crate::effects::triggers`).
    pub(crate) triggers_this_turn: u16,
    /// Card actions each player used and mercenaries each hired this turn
    /// (a bound on actions repeated without end: `crate::actions::card_action`).
    pub(crate) actions_this_turn: [u8; MAX_PLAYERS],
    /// Contingencies revealed in the open trigger window (one copy each).
    pub(crate) window_revealed: SmallVec<[DefId; 4]>,
    /// Trigger windows waiting for the open one to close, in order.
    pub(crate) window_queue: SmallVec<[Window; 2]>,
    /// Stop the forward run on entering each round (scenario stepping).
    pub(crate) pause_at_rounds: bool,
    /// Something that can lower an ability changed since the last
    /// neutralization sweep (a modifier, an attachment, a lasting effect, a
    /// leader or a card moved): the sweep has work to do.
    pub(crate) abilities_changed: bool,
    /// Some card on a table is controlled from outside its faction (a hired
    /// mercenary, a conquered location).
    pub(crate) foreign_control: bool,
    /// Face-up cards in play with lasting ability bonuses (a subset of
    /// `passive_sources`).
    pub(crate) bonus_sources: SmallVec<[CardId; 16]>,
    /// Face-up cards in play with lasting restrictions, on cards or players
    /// (a subset of `passive_sources`; The Cannot rule).
    pub(crate) restriction_sources: SmallVec<[CardId; 16]>,
    /// Face-up cards in play that provide marks while in play (a subset of
    /// `passive_sources`; Marks).
    pub(crate) mark_sources: SmallVec<[CardId; 16]>,
    /// Face-up cards in play with lasting discounts or surcharges on
    /// sponsoring (a subset of `passive_sources`).
    pub(crate) cost_sources: SmallVec<[CardId; 16]>,
    /// Face-up cards in play with lasting Influence Rating or initiative
    /// modifiers (a subset of `passive_sources`).
    pub(crate) rating_sources: SmallVec<[CardId; 16]>,
    /// Some face-up card in play has a lasting bonus with a condition: it
    /// can start or stop whenever the game changes.
    pub(crate) conditional_in_play: bool,
    /// Ambassador's assistants and mercenaries on the tables (the cards some
    /// other player may use or hire).
    pub(crate) keyword_cards: SmallVec<[CardId; 16]>,
    /// The definitions of every card on a table or attached in play, one
    /// entry per card, sorted (for the limited-copy check).
    pub(crate) in_play_defs: SmallVec<[DefId; 96]>,
    /// Some restriction ("cannot") has been imposed by an effect this game:
    /// until then no modifier can restrict, and the checks skip them.
    pub(crate) restrictions_imposed: bool,
    /// Marks that lasting sources provide, per source and card (Marks).
    pub(crate) mark_links: SmallVec<[crate::game::held::MarkLink; 8]>,
    /// The vote in progress (Votes), if any.
    pub(crate) vote: Option<crate::game::held::Vote>,
    /// The cards in play that were ready at the start of the turn, sorted;
    /// kept only in games with a card that asks (`turn/ready.rs`).
    pub(crate) ready_at_start: Vec<CardId>,
    /// The cards played or used this turn with a card as their target, as
    /// (target, card), sorted; kept only in games with a card that asks
    /// (`effects/copy_targets.rs`).
    pub(crate) copy_targets: Vec<(CardId, CardId)>,
    /// The cards the pick in progress chose: "any number of your
    /// characters" chooses each once, and what follows the choosing names
    /// them (`effects/choice.rs`).
    pub(crate) picked: SmallVec<[CardId; 4]>,
    /// The locations conquered by a card's effect, as (card, location), in
    /// order (`effects/conquest.rs`).
    pub(crate) conquests: Vec<(CardId, CardId)>,
    /// Additional influence each turn while a card is in a player's
    /// faction, granted by an effect and outliving the card that granted
    /// it, as (player, card, influence) (`effects/conquest.rs`).
    pub(crate) incomes: Vec<(PlayerId, CardId, u8)>,
    /// The face-down contingencies whose `discarded-from-play` pattern
    /// matched a card as it was discarded, as (contingency, card), kept
    /// until that card's window closes (`effects/watchers.rs`).
    pub(crate) discard_answers: Vec<(CardId, CardId)>,
    /// The Interstellar Alliance (a state of the whole game).
    pub(crate) isa: crate::game::held::Isa,
    /// Drakh Rule 7: the Drakh player being asked whether to move Chaos
    /// Tokens after his action (`NOBODY` when nobody is).
    pub(crate) chaos_mover: PlayerId,
    /// Some faction has converted to Drakh (the Drakh checks have work to do).
    pub(crate) drakh_active: bool,
    /// Delayed effects waiting for their time, in the order they arose.
    pub(crate) delayed: SmallVec<[crate::game::held::Delayed; 1]>,
    /// A choice in the middle of an effect (a search, a number of cards,
    /// a mode), if any.
    pub(crate) choice: Option<crate::game::held::Choice>,
    /// Changes waiting for the next vote (cards that change votes).
    pub(crate) vote_rules: SmallVec<[crate::game::held::PendingVoteRule; 2]>,
    /// Drakh Rule 7: the Drakh player whose action opened a trigger window,
    /// to be asked about Chaos Tokens once it closes (`NOBODY` otherwise).
    pub(crate) chaos_after_window: PlayerId,
    /// Some card has been blanked by an effect (Bonuses and Blanking): the
    /// blanks are kept in step with their modifiers (`crate::effects::blanking`).
    pub(crate) effect_blanks: bool,
    /// The changes the latest contingency revealed made, while they may be
    /// reversed (`reversal.rs`).
    pub(crate) reversal: Option<crate::game::held::Record>,
    /// The events played since each player's last chance to act and the
    /// changes they made, while some player may reverse them
    /// (`reversal/since.rs`).
    pub(crate) reversal_events: crate::game::held::EventRecords,
    /// The changes the effect text of the latest conflict resolved made,
    /// while they may be reversed (`reversal.rs`).
    pub(crate) reversal_conflict: Option<crate::game::held::Record>,
    /// An attack's damage is being dealt (`attack_damage.rs`): a fleet it
    /// neutralizes answers in the attack's own window
    /// (`triggers.rs`). False between calls.
    pub(crate) in_attack_damage: bool,
    /// The influence applied for each player (`apply_influence`) by the
    /// action being applied, cleared as `apply` begins: the price an
    /// action paid (`Game::paid`), told to no one else. A tally, not part
    /// of the position: neither digested nor compared.
    pub(crate) paid: [i16; MAX_PLAYERS],
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            db: Arc::clone(&self.db),
            meta: Arc::clone(&self.meta),
            rng: self.rng.clone(),
            cards: self.cards.clone(),
            players: copy_list(&self.players),
            conflicts: self.conflicts.iter().cloned().collect(),
            mods: copy_list(&self.mods),
            attachments: copy_list(&self.attachments),
            passive_sources: copy_list(&self.passive_sources),
            initiative: copy_list(&self.initiative),
            turn: self.turn,
            step: self.step,
            window: self.window,
            babylon5: self.babylon5,
            shadows: self.shadows,
            vorlons: self.vorlons,
            shadow_war: self.shadow_war,
            shadow_war_started: self.shadow_war_started,
            unique_used: copy_list(&self.unique_used),
            limited_removed: copy_list(&self.limited_removed),
            limited_this_turn: copy_list(&self.limited_this_turn),
            used_once: copy_list(&self.used_once),
            next_discounts: self.next_discounts.clone(),
            triggers_this_turn: self.triggers_this_turn,
            actions_this_turn: self.actions_this_turn,
            window_revealed: copy_list(&self.window_revealed),
            window_queue: copy_list(&self.window_queue),
            pause_at_rounds: self.pause_at_rounds,
            abilities_changed: self.abilities_changed,
            foreign_control: self.foreign_control,
            bonus_sources: copy_list(&self.bonus_sources),
            restriction_sources: copy_list(&self.restriction_sources),
            mark_sources: copy_list(&self.mark_sources),
            cost_sources: copy_list(&self.cost_sources),
            rating_sources: copy_list(&self.rating_sources),
            conditional_in_play: self.conditional_in_play,
            keyword_cards: copy_list(&self.keyword_cards),
            in_play_defs: copy_list(&self.in_play_defs),
            restrictions_imposed: self.restrictions_imposed,
            mark_links: copy_list(&self.mark_links),
            vote: self.vote,
            ready_at_start: self.ready_at_start.clone(),
            copy_targets: self.copy_targets.clone(),
            picked: copy_list(&self.picked),
            conquests: self.conquests.clone(),
            incomes: self.incomes.clone(),
            discard_answers: self.discard_answers.clone(),
            isa: self.isa,
            chaos_mover: self.chaos_mover,
            drakh_active: self.drakh_active,
            delayed: self.delayed.clone(),
            choice: self.choice,
            vote_rules: copy_list(&self.vote_rules),
            chaos_after_window: self.chaos_after_window,
            effect_blanks: self.effect_blanks,
            reversal: self.reversal.clone(),
            reversal_events: self.reversal_events.clone(),
            reversal_conflict: self.reversal_conflict.clone(),
            in_attack_damage: self.in_attack_damage,
            paid: self.paid,
        }
    }
}

impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        Arc::ptr_eq(&self.db, &o.db)
            && self.meta == o.meta
            && self.rng == o.rng
            && self.cards == o.cards
            && self.players == o.players
            && self.conflicts == o.conflicts
            && self.mods == o.mods
            && self.attachments == o.attachments
            && self.passive_sources == o.passive_sources
            && self.initiative == o.initiative
            && self.turn == o.turn
            && self.step == o.step
            && self.window == o.window
            && self.babylon5 == o.babylon5
            && self.shadows == o.shadows
            && self.vorlons == o.vorlons
            && self.shadow_war == o.shadow_war
            && self.shadow_war_started == o.shadow_war_started
            && self.unique_used == o.unique_used
            && self.limited_removed == o.limited_removed
            && self.limited_this_turn == o.limited_this_turn
            && self.used_once == o.used_once
            && self.next_discounts == o.next_discounts
            && self.triggers_this_turn == o.triggers_this_turn
            && self.actions_this_turn == o.actions_this_turn
            && self.window_revealed == o.window_revealed
            && self.window_queue == o.window_queue
            && self.pause_at_rounds == o.pause_at_rounds
            && self.abilities_changed == o.abilities_changed
            && self.foreign_control == o.foreign_control
            && self.bonus_sources == o.bonus_sources
            && self.restriction_sources == o.restriction_sources
            && self.mark_sources == o.mark_sources
            && self.cost_sources == o.cost_sources
            && self.rating_sources == o.rating_sources
            && self.conditional_in_play == o.conditional_in_play
            && self.keyword_cards == o.keyword_cards
            && self.in_play_defs == o.in_play_defs
            && self.restrictions_imposed == o.restrictions_imposed
            && self.mark_links == o.mark_links
            && self.vote == o.vote
            && self.ready_at_start == o.ready_at_start
            && self.copy_targets == o.copy_targets
            && self.picked == o.picked
            && self.conquests == o.conquests
            && self.incomes == o.incomes
            && self.discard_answers == o.discard_answers
            && self.isa == o.isa
            && self.chaos_mover == o.chaos_mover
            && self.drakh_active == o.drakh_active
            && self.delayed == o.delayed
            && self.choice == o.choice
            && self.vote_rules == o.vote_rules
            && self.chaos_after_window == o.chaos_after_window
            && self.reversal == o.reversal
            && self.reversal_events == o.reversal_events
            && self.reversal_conflict == o.reversal_conflict
    }
}

/// A card's action or triggered effect limited to once a turn or a game,
/// used (`crate::actions::once`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct UsedOnce {
    pub card: CardId,
    /// The action's index, or a triggered effect's plus `once::TRIGGERS`.
    pub index: u8,
    /// Once a game (kept while the card stays in play), not once a turn.
    pub game: bool,
}
