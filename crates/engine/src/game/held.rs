//! What the state holds for the rules built on it: plain data, kept here
//! so that the state (`game::state`) imports nothing above `game/`. The
//! rules that make and read each of them are where the rule is: the effect
//! context (`effects::interpreter`), a choice in an effect
//! (`effects::choice`), a delayed effect (`effects::delayed`), a vote and
//! the changes waiting for the next one (`politics::vote`), the ISA
//! (`politics::isa`), marks tied to their source (`politics::mark_source`),
//! and reversal's records of what cards changed (`effects::reversal`).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::MarkKind;
use crate::card::{Effect, Force, Reversible, StateKind, VoteChoice, VoteKind, VoteRule, When};
use crate::game::conflict::Target;
use crate::game::modifier::Modifier;
use crate::game::table::{Zone, MAX_PLAYERS};
use crate::ids::{CardId, ConflictId, DefId, PlayerId};

/// Where an effect comes from and what it refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ctx {
    /// The card's controller; for a conflict, its initiator.
    pub controller: PlayerId,
    /// The card generating the effect.
    pub source: CardId,
    pub target: Target,
    /// The second target (Legal Targets), `NONE` for a card with one.
    pub second: CardId,
    pub conflict: Option<ConflictId>,
    /// In an attack trigger: the other card of the attack.
    pub attacker: CardId,
    /// The margin a conflict was won or lost by.
    pub margin: i16,
    /// The effect is a conflict's own outcome (for "gains influence from a
    /// conflict" triggers).
    pub from_conflict: bool,
    /// The effect comes from a card action whose only cost is rotating the
    /// card (Sustained Actions: its ability bonuses can be sustained).
    pub sustainable: bool,
    /// In the effects of a `choose_player`: the player chosen
    /// ([`crate::card::Who::Chosen`]), `NOBODY` elsewhere.
    pub chosen: PlayerId,
}

/// What a choice in progress asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ChoiceKind {
    /// Cards, one at a time (`pick`).
    Pick,
    /// One mode of a "choose one" (`modes`).
    Modes,
    /// The second target of the card being played (Legal Targets;
    /// `second_target.rs`).
    Second,
    /// The attached cards that transfer to a replacing card, one at a time
    /// with a "done" (Appendix Two, Example 6; `replace_choice.rs`).
    Transfer,
    /// Whether to apply influence to stop an effect (`unless.rs`): `mode`
    /// 0 pays, `pass` lets it happen.
    Unless,
    /// The ability an attack made by an effect uses, named by the target's
    /// controller when its highest abilities tie (`attack_effect.rs`):
    /// `mode` i names [`crate::card::Ability`] i, one of `chosen`'s bits.
    #[serde(rename = "attack-ability")]
    AttackAbility,
    /// One player among those offered (`choose_player`): `mode` i names
    /// player i.
    Player,
}

/// A choice in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    pub kind: ChoiceKind,
    /// The player who chooses.
    pub player: PlayerId,
    /// The card whose effect asks, and the effect in it.
    pub card: CardId,
    pub def: DefId,
    pub index: u8,
    /// The rest of the effect's context.
    pub controller: PlayerId,
    pub target: Target,
    /// The second target (Legal Targets), `NONE` if none.
    #[serde(default = "crate::ids::no_card")]
    pub second: CardId,
    pub conflict: Option<ConflictId>,
    pub attacker: CardId,
    pub margin: i16,
    pub from_conflict: bool,
    /// Cards chosen so far.
    pub taken: u8,
    /// A search of the chooser's deck: he looks through it while it lasts.
    pub searching_deck: bool,
    /// A second target being chosen for a card action: the card that pays
    /// its cost (`Action::UseCard::pay`).
    #[serde(default = "crate::ids::no_card")]
    pub pay: CardId,
    /// A transfer being chosen: which of the offered attached cards are
    /// chosen so far, one bit each in the order they are offered; an offer
    /// to stop an effect: the players asked so far.
    #[serde(default)]
    pub chosen: u64,
    /// An offer to stop an effect: the influence asked (`unless.rs`).
    #[serde(default)]
    pub price: u8,
    /// In the effects of a `choose_player`: the player chosen, `NOBODY`
    /// elsewhere.
    #[serde(default = "nobody", skip_serializing_if = "is_nobody")]
    pub chosen_player: PlayerId,
}

fn nobody() -> PlayerId {
    crate::game::table::NOBODY
}

fn is_nobody(p: &PlayerId) -> bool {
    *p == crate::game::table::NOBODY
}

/// Field by field as a derived `Hash` would, the player chosen only when
/// set, so that the digests of games (and saves) from before it stay as
/// they were.
impl std::hash::Hash for Choice {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.kind.hash(h);
        self.player.hash(h);
        self.card.hash(h);
        self.def.hash(h);
        self.index.hash(h);
        self.controller.hash(h);
        self.target.hash(h);
        self.second.hash(h);
        self.conflict.hash(h);
        self.attacker.hash(h);
        self.margin.hash(h);
        self.from_conflict.hash(h);
        self.taken.hash(h);
        self.searching_deck.hash(h);
        self.pay.hash(h);
        self.chosen.hash(h);
        self.price.hash(h);
        if self.chosen_player != crate::game::table::NOBODY {
            self.chosen_player.hash(h);
        }
    }
}

/// A delayed effect waiting for its time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Delayed {
    pub when: When,
    pub ctx: Ctx,
    pub effects: Arc<[Effect]>,
}

/// A one-shot discount on the next card of a kind a player sponsors this
/// turn ("the next fleet you sponsor this turn costs 2 less"): used up by
/// that sponsoring, gone at the end of the turn. The kind is shared with
/// the card's definition; a discount on any card is the player's
/// `sponsor_discount`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct NextDiscount {
    pub player: PlayerId,
    pub n: u8,
    /// The card whose effect gave it (for reversal).
    pub source: CardId,
    pub to: Arc<crate::card::CardFilter>,
}

/// The discounts on the next card of a kind (`NextDiscount`), in the order
/// given: none in nearly every game, so kept boxed, and nothing to copy or
/// drop while there are none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct NextDiscounts(Option<Box<[NextDiscount]>>);

impl NextDiscounts {
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |v| v.len())
    }

    pub fn iter(&self) -> impl Iterator<Item = &NextDiscount> + '_ {
        self.0.iter().flat_map(|v| v.iter())
    }

    pub fn push(&mut self, d: NextDiscount) {
        let mut v = self.0.take().map(Vec::from).unwrap_or_default();
        v.push(d);
        self.0 = Some(v.into_boxed_slice());
    }

    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// Keeps those `keep` says to keep; none kept is none at all.
    pub fn retain(&mut self, keep: impl FnMut(&NextDiscount) -> bool) {
        if let Some(b) = self.0.take() {
            let mut v = Vec::from(b);
            v.retain(keep);
            self.0 = (!v.is_empty()).then(|| v.into_boxed_slice());
        }
    }

    /// Takes away the latest that `which` names, if any.
    pub fn remove_latest(&mut self, which: impl Fn(&NextDiscount) -> bool) {
        if let Some(b) = self.0.take() {
            let mut v = Vec::from(b);
            if let Some(i) = v.iter().rposition(which) {
                v.remove(i);
            }
            self.0 = (!v.is_empty()).then(|| v.into_boxed_slice());
        }
    }
}

/// A vote in progress. Plain data (`Copy`): the effects to run afterwards
/// are found again in the card's definition (`def`, `index`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Vote {
    pub kind: VoteKind,
    /// Who heads the vote and calls the order.
    pub head: PlayerId,
    /// The card that called the vote and the vote effect in it.
    pub card: CardId,
    pub def: DefId,
    pub index: u8,
    /// The rest of the calling effect's context.
    pub controller: PlayerId,
    pub target: Target,
    /// The second target (Legal Targets), `NONE` if none.
    #[serde(default = "crate::ids::no_card")]
    pub second: CardId,
    pub conflict: Option<ConflictId>,
    pub attacker: CardId,
    pub margin: i16,
    pub from_conflict: bool,
    /// The League tie-break stage of a Babylon 5 vote.
    pub league: bool,
    /// Votes each player casts in the current stage.
    pub weight: [u8; MAX_PLAYERS],
    /// Players still to vote in the current stage (bit set).
    pub waiting: u8,
    /// The voter the head has called, or `NOBODY`.
    pub called: PlayerId,
    pub yes: u8,
    pub no: u8,
    pub league_yes: u8,
    pub league_no: u8,
    /// What each player answered on the council (player, ISA) and in the
    /// League stage.
    pub council: [Option<VoteChoice>; MAX_PLAYERS],
    pub league_choices: [Option<VoteChoice>; MAX_PLAYERS],
}

/// One change waiting for the next vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingVoteRule {
    pub rule: VoteRule,
    /// The player the rule is about (whose votes are cast by another,
    /// count twice, or who cannot vote); for extra votes, unused.
    pub subject: PlayerId,
    /// The card's player (who casts the taken-over votes).
    pub by: PlayerId,
    /// Kept for the next Babylon 5 vote: a player vote leaves it waiting.
    #[serde(default)]
    pub babylon5: bool,
}

/// The most cards a reserve (ISA pile) holds (Precedence Tournament rules:
/// "your ISA card reserve has a maximum of 20 cards").
pub const RESERVE_MAX: usize = 20;

/// The Interstellar Alliance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Isa {
    pub exists: bool,
    pub founder: PlayerId,
    /// Members (bit set of seats).
    pub members: u8,
}

/// Marks one card in play provides to another while both stay in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MarkLink {
    pub source: CardId,
    pub card: CardId,
    pub marks: [u8; 6],
}

/// At most this many changes are kept; an event making more cannot be
/// reversed.
pub(crate) const MAX_CHANGES: usize = 16;

/// The changes the latest contingency revealed (conflict resolved) made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Record {
    /// The event, contingency or conflict card.
    pub card: CardId,
    pub what: Reversible,
    /// Its effects are still happening.
    pub recording: bool,
    /// Some change cannot be undone.
    pub irreversible: bool,
    pub changes: SmallVec<[Change; MAX_CHANGES]>,
    /// The attacker and target of an attack it made whose damage waits
    /// for the attack's window (`NONE` otherwise).
    pub attack: [CardId; 2],
}

/// Where a card was: its zone, faction, controller, host (attached cards)
/// and whether it was rotated or face down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Place {
    pub zone: Zone,
    pub faction: PlayerId,
    pub controller: PlayerId,
    pub host: CardId,
    /// `flag::ROTATED` and `flag::FACE_DOWN` as they were.
    pub flags: u8,
}

/// One change a recorded card made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Change {
    /// The Influence Rating changed by this much (a gain or a loss).
    Influence(PlayerId, i16),
    Power(PlayerId, i16),
    Tension(PlayerId, PlayerId, i16),
    Unrest(PlayerId, i16),
    Force(Force, i16),
    /// This much normal damage was put on the card.
    Damage(CardId, u8),
    /// This much normal damage was taken off the card (a heal, a repair).
    Healed(CardId, u8),
    Mark(CardId, MarkKind, i8),
    Rotated(CardId),
    Readied(CardId),
    /// A lasting change (bonus, restriction, set ability...) began (true)
    /// or was taken away (false).
    Mod(Modifier, bool),
    /// Influence transferred from the first player to the second.
    TransferInfluence(PlayerId, PlayerId, i16),
    /// Influence transferred from the player to the faction (negative:
    /// from the faction to the player).
    ForceTransfer(PlayerId, Force, i16),
    /// Power transferred from the first player to the second.
    TransferPower(PlayerId, PlayerId, i16),
    /// Marks moved from the first card to the second.
    MoveMark(CardId, CardId, MarkKind, u8),
    /// Chaos Tokens moved from the first card to the second.
    MoveChaos(CardId, CardId, u8),
    /// Normal damage moved from the first card to the second.
    MoveDamage(CardId, CardId, u8),
    /// The two players entered (true) or left (false) a state of war.
    War(PlayerId, PlayerId, bool),
    /// The two players entered (true) or left (false) another state.
    State(PlayerId, PlayerId, StateKind, bool),
    /// The spent pool changed by this much (a restore is negative).
    Spent(PlayerId, i16),
    /// Additional influence for the turn changed by this much.
    Extra(PlayerId, i16),
    /// The discount on the next card sponsored changed by this much.
    Discount(PlayerId, i16),
    /// A discount on the next card of a kind the player sponsors, from the
    /// card, began (true) or was taken away (false).
    NextDiscount(PlayerId, CardId, bool),
    Severe(CardId, i8),
    /// The card was neutralized (true) or unneutralized (false).
    Neutral(CardId, bool),
    Chaos(CardId, i8),
    Credits(CardId, i8),
    /// The card moved from the first place to the second.
    Moved(CardId, Place, Place),
    /// Support added to a conflict (its card, the side; `NOBODY`: the
    /// opposition).
    Support(ConflictId, CardId, PlayerId, i8),
    /// The conflict was canceled (true) or its cancelling undone (false).
    Canceled(ConflictId, CardId, bool),
    /// A delayed effect of the card began to wait (true) or was taken away
    /// (false).
    Delayed(CardId, When, bool),
    /// A change for the next vote began to wait (true) or was taken away.
    VoteRule(PendingVoteRule, bool),
    /// The Shadow War started (true) or ended (false).
    ShadowWar(bool),
}

/// At most this many event records are kept (one per player: see the
/// module documentation).
pub const MAX_EVENT_RECORDS: usize = MAX_PLAYERS;

/// The changes of all the records, kept inline up to this many.
pub(crate) const CHANGE_POOL: usize = 8;

/// Why an event cannot be reversed by the player naming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReverseRefusal {
    /// The target is not an event card in a discard pile (nor one played
    /// since the player's last turn).
    NoEvent,
    /// It was not played since the player's last Action Round turn (it was
    /// played before it, in an earlier round, or negated: not played).
    NotSince,
    /// The player played it (rulings, Not Meant To Be).
    OwnEvent,
    /// It has already been reversed (or a reversal of it failed).
    AlreadyReversed,
    /// Glossary, Irrevocable.
    Irrevocable,
    /// One of the effects that occurred cannot be reversed (Reversal).
    NotWhole,
    /// None of its effects changed anything: nothing occurred to reverse.
    NoEffect,
    /// It reversed another card together with other effects, so its
    /// reversal cannot be undone as a whole.
    Reverser,
}

/// One event played this Action Round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct EventRecord {
    pub card: CardId,
    pub player: PlayerId,
    /// The Action Round turn it was played on.
    pub turn: u32,
    /// Its changes: `changes[start..start + len]`.
    pub(crate) start: u16,
    pub(crate) len: u8,
    /// Its effects are still happening.
    pub(crate) recording: bool,
    /// Some change cannot be undone.
    pub(crate) irreversible: bool,
    pub(crate) reversed: bool,
    pub(crate) reverser: bool,
    /// A reverser's effects are happening.
    pub(crate) reversing: bool,
    /// Its changes are ones it undid: reversing it does them again.
    pub(crate) backward: bool,
    /// The attacker and target of an attack it made whose damage waits for
    /// the attack's window (`NONE` otherwise).
    pub(crate) attack: [CardId; 2],
}

/// The events played since each player's last chance to act.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct EventRecords {
    /// The number of the Action Round turn being taken (counted over the
    /// game; 0 before the first).
    pub(crate) turn: u32,
    /// Each player's last Action Round turn.
    pub(crate) last_turn: [u32; MAX_PLAYERS],
    /// How many Action Round turns each player has begun in this Action
    /// Round (a pass included), for "as your first action" (`first_action`).
    pub(crate) round_turns: [u8; MAX_PLAYERS],
    /// The player whose Action Round turn is being taken (none between
    /// Action Rounds).
    pub(crate) acting: Option<PlayerId>,
    pub(crate) recs: SmallVec<[EventRecord; MAX_EVENT_RECORDS]>,
    pub(crate) changes: SmallVec<[Change; CHANGE_POOL]>,
}
