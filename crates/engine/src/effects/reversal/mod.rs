//! Reversal (Engine Rules v1.2, Advanced Details about playing cards:
//! "Cards which reverse effects ... cannot be played unless you can reverse
//! all of the effects that actually occurred ... If you cannot reverse one
//! effect of a card then you cannot reverse any"; Reversing Effects: "An
//! effect cannot be reversed if: it ends a round or turn of play; it causes
//! a player to shuffle a deck, discard or Crusade Pile; it causes a player
//! to look at one or more cards in a deck, Crusade Pile or other player's
//! hand"; Glossary, Irrevocable: such a card cannot "have its effects
//! reversed"; rulings: "When you reverse a change, you apply the opposite
//! value to the *current* total", a reversed gain of influence is a loss,
//! and neutralization "is a side effect of the damage and not a printed
//! effect", so a neutralized card stays neutralized).
//!
//! While an event's own effects happen, the engine records the changes they
//! actually made (a small inline list per event); a later event or card
//! action that reverses (`reverse = "event"`) names one of the events
//! played since its player's last chance to act and undoes its changes, on
//! the current totals, in reverse order (`reversal/since.rs`: which events,
//! for how long, and the bound on the records). A contingency just revealed
//! is recorded in a slot of its own (`reverse = "contingency"`: the latest
//! one only); any Action Round action but one that reverses a contingency
//! (a pass included) ends that chance.
//!
//! What reverses: an event, a card's action (rulings, ISN: a card used "as
//! the player's first action in the next Action Round" reverses a change)
//! or a contingency revealed in a window (the one just revealed before it
//! in the same window; a lost or won conflict's effect text in that
//! conflict's window). Each is checked before it is played, used or
//! revealed ("cannot be played unless you can reverse all of the effects
//! that actually occurred"), cannot itself be reversed (a reversing event
//! is recorded as irreversible), and what it reversed (or failed to)
//! cannot be reversed again. A contingency revealed in the window of an
//! event or action that reverses is not recorded, so the contingency record
//! that event or action was played against stays the one it reverses. The
//! loader keeps what could never be on time off a card: a conflict's
//! effect text and a card's triggered effects never reverse (they happen
//! when the rules say, with no check before), and a contingency never
//! reverses an event (it would need a target:
//! `crates/cards/src/negate_checks.rs`).
//! A conflict's effect text (resolution, won/lost effects) is recorded in a
//! record of its own as it resolves (`reverse = "conflict"`; rulings, A
//! Better Place: "The effect text of the Conflict is reversed ... as per
//! Not Meant to Be"); its chance is the first action of the next Action
//! Round (rulings, ISN), so records outlive the other rounds. War conflicts
//! have no effect text: one resolving ends the chance for the conflict
//! before it.
//!
//! What is recorded (`reversal/record.rs`) and how each change is undone
//! (`reversal/change.rs`). Every verb is recorded but those Reversing
//! Effects names and a few the rules leave no way back from:
//!
//! - never, as the rules name them: a draw (it looks at the deck, or the
//!   Crusade Pile), a search of the deck (it looks at it and shuffles it);
//!   no verb ends a round or a turn;
//! - never, not named but with no way back: an unconditional surrender (the
//!   player is eliminated), cancelling an attack and negating an event or
//!   action (they are over once their window closed: "there is no way to go
//!   back in time"), founding or joining the ISA (the rules give it no end,
//!   and leaving it only by expulsion), a Drakh ambassador discarded (its
//!   faction has lost: Drakh Rule 3);
//! - every other verb, undone on the current totals by its opposite:
//!   gains and losses, power, tension, unrest, the non-player factions,
//!   damage put on or healed, severe damage, neutralization by an effect,
//!   marks, tokens, rotation, lasting changes (bonuses, restrictions,
//!   "Used As": rulings, Not Meant To Be, Cut Supply Lines reversed: "from
//!   this point on you may now not participate"), the pools (additional
//!   influence and discounts as far as unused), war and peace, states, a
//!   card moved (discarded from play or from a hand, returned to a hand,
//!   promoted, an attachment moved: back where it was if still where it
//!   went), support and opposition, a conflict canceled, delayed effects
//!   and vote rules still waiting, the Shadow War started or ended; the
//!   transfers (influence, power, marks, Chaos Tokens, damage: Glossary,
//!   Transfer) are undone by transfers back, as far as the receiver now
//!   holds. Choices, votes, offers to pay and attacks are recorded when
//!   their effects happen, after their players answered.
//!
//! What the rules make follow from a change is not the card's effect and
//! stays (rulings, Not Meant To Be: neutralization "is a side effect of the
//! damage"): a card neutralized by damage, the states a war cancelled, an
//! expulsion from the ISA, the Shadow War a faction's influence started,
//! what left play with a card. What the rules forbid makes the whole card
//! irreversible at that moment: ending a war during the Shadow War (The
//! Shadow War, rule 2), a unique card returning to play (rulings, Unique),
//! a delayed effect that has already happened. An event making more than
//! [`MAX_CHANGES`] changes cannot be reversed. A reversed event was still
//! played: limited and unique copies stay counted (Event Cards: "If the
//! event becomes reversed it has still been played").

mod change;
mod record;
pub(crate) mod since;

use smallvec::SmallVec;

use crate::card::{Op, Reversible};
use crate::game::action::Action;
use crate::game::event::Events;
use crate::game::state::{Continuation, Game, Step};
use crate::ids::{CardId, PlayerId};

pub(crate) use crate::game::held::{Record, MAX_CHANGES};
pub(crate) use change::Change;

impl Game {
    /// What an effect list reverses, if it reverses anything.
    pub(crate) fn reverses(effects: &[crate::card::Effect]) -> Option<Reversible> {
        effects.iter().find_map(|e| match e.op {
            Op::Reverse(what) => Some(what),
            _ => None,
        })
    }

    fn slot(&self, what: Reversible) -> &Option<Record> {
        match what {
            Reversible::Conflict => &self.reversal_conflict,
            _ => &self.reversal,
        }
    }

    fn slot_mut(&mut self, what: Reversible) -> &mut Option<Record> {
        match what {
            Reversible::Conflict => &mut self.reversal_conflict,
            _ => &mut self.reversal,
        }
    }

    /// A contingency's effects, or a conflict's effect text, are about to
    /// happen: record what they change. The latest of each slot replaces the
    /// one before (events are recorded apart: `reversal/since.rs`).
    pub(crate) fn start_record(&mut self, card: CardId, what: Reversible) {
        *self.slot_mut(what) = Some(Record {
            card,
            what,
            recording: true,
            irreversible: false,
            changes: SmallVec::new(),
            attack: [CardId::NONE; 2],
        });
    }

    /// The effects have happened, but for those still waiting for players
    /// (`finish_records`).
    pub(crate) fn stop_record(&mut self, what: Reversible) {
        let waiting = match self.slot(what) {
            Some(r) => self.waiting_on(r.card, r.attack),
            None => return,
        };
        if let Some(r) = self.slot_mut(what) {
            r.recording &= waiting;
        }
    }

    /// `p` is about to take an action. On an Action Round turn (not an
    /// answer in a window, choice, vote or Chaos Token move) `p`'s last
    /// chance to act moves to now (`reversal/since.rs`); only an event or
    /// a card action that reverses may still use the contingency or
    /// conflict record it reverses: any other Action Round action (a pass
    /// included) ends those chances. Actions of the other rounds (a
    /// conflict resolves in the Resolution Round) leave the records: their
    /// chance is the first action of the next Action Round (rulings, ISN:
    /// "the player's first action in the next Action Round").
    pub(crate) fn reversal_before_action(&mut self, p: PlayerId, a: &Action) {
        self.finish_records();
        if !matches!(self.step, Step::Act { .. })
            || self.window.is_some()
            || self.choice.is_some()
            || self.vote.is_some()
            || self.chaos_mover != crate::game::state::NOBODY
        {
            return;
        }
        self.event_turn_begins(p);
        if self.reversal.is_none() && self.reversal_conflict.is_none() {
            return;
        }
        let keep = match *a {
            Action::Play { card, .. } => Game::reverses(&self.db.get(self.c(card).def).effects),
            // A card action may reverse as well (rulings, ISN: used "as the
            // player's first action in the next Action Round").
            Action::UseCard { card, index, .. } => self
                .db
                .get(self.c(card).def)
                .actions
                .get(index as usize)
                .and_then(|act| Game::reverses(&act.effects)),
            _ => None,
        };
        if keep != Some(Reversible::Conflict) {
            self.reversal_conflict = None;
        }
        if keep != Some(Reversible::Contingency) {
            self.reversal = None;
        }
    }

    /// Whether the open window holds back an event or card action that
    /// reverses a contingency: a contingency revealed in it is not
    /// recorded, so the record it was played against stays the one it
    /// reverses.
    pub(crate) fn window_holds_reverser(&self, w: &crate::game::state::Window) -> bool {
        let effects = match w.then {
            Continuation::Event { card, .. } => &self.db.get(self.c(card).def).effects,
            Continuation::CardAction { card, index, .. } => {
                match self.db.get(self.c(card).def).actions.get(index as usize) {
                    Some(act) => &act.effects,
                    None => return false,
                }
            }
            _ => return false,
        };
        Game::reverses(effects) == Some(Reversible::Contingency)
    }

    /// Whether the contingency just revealed (the conflict just resolved)
    /// can be reversed now: every change it made can be undone, it made
    /// some, and it is not irrevocable. (Events: `event_reversible_by`.)
    pub(crate) fn can_reverse(&self, what: Reversible) -> bool {
        match self.slot(what) {
            Some(r) => {
                r.what == what
                    && !self.still_recording(r.recording, r.card, r.attack)
                    && !r.irreversible
                    && !r.changes.is_empty()
                    // Glossary, Irrevocable: its effects cannot be reversed.
                    && !self.db.get(self.c(r.card).def).has_keyword("irrevocable")
                    && self.changes_may_reverse(&r.changes, false)
            }
            None => false,
        }
    }

    /// The effect: every change the event named (`target`: an event played
    /// since the player's last chance to act, `reversal/since.rs`), the
    /// contingency just revealed or the conflict just resolved made is
    /// undone, on the current totals, latest first. `by` is the player
    /// reversing.
    pub(crate) fn reverse_effects(
        &mut self,
        what: Reversible,
        target: crate::game::state::Target,
        by: PlayerId,
        ev: &mut Events,
    ) -> bool {
        if what == Reversible::Event {
            return self.reverse_event(target, by, ev);
        }
        if !self.can_reverse(what) {
            return false;
        }
        let Some(r) = self.slot_mut(what).take() else {
            return false;
        };
        self.undo_changes(&r.changes, by, ev);
        self.note_reversed(&r.changes, false);
        true
    }

    /// Does recorded changes again, on the current totals, in their order
    /// (a reversal reversed: rulings, Not Meant To Be, "as if the original
    /// event occurred with no alteration"). `by` is the reversing player.
    pub(crate) fn redo_changes(&mut self, changes: &[Change], by: PlayerId, ev: &mut Events) {
        for &ch in changes.iter() {
            self.apply_change(ch, by, ev);
        }
        self.refresh_passive_sources();
    }

    /// Undoes recorded changes on the current totals, latest first: each
    /// one's opposite is applied (rulings: "When you reverse a change, you
    /// apply the opposite value to the *current* total"; a reversed gain
    /// is a loss, and a loss a gain).
    pub(crate) fn undo_changes(&mut self, changes: &[Change], by: PlayerId, ev: &mut Events) {
        for &ch in changes.iter().rev() {
            self.apply_change(ch.inverse(), by, ev);
        }
        self.refresh_passive_sources();
    }

    /// Whether every change may be undone now (`backward`: done again),
    /// where there is still something to undo (Reversal: "cannot be played
    /// unless you can reverse all of the effects that actually occurred").
    pub(crate) fn changes_may_reverse(&self, changes: &[Change], backward: bool) -> bool {
        changes.iter().all(|&ch| {
            let ch = if backward { ch } else { ch.inverse() };
            self.may_apply(&ch)
        })
    }

    /// A record still takes changes: its card's effects wait for players.
    pub(crate) fn still_recording(
        &self,
        recording: bool,
        card: CardId,
        attack: [CardId; 2],
    ) -> bool {
        recording && self.waiting_on(card, attack)
    }

    /// Ends the recording of records whose effects no longer wait for
    /// players (a choice, a vote, an attack's window).
    pub(crate) fn finish_records(&mut self) {
        self.stop_event_record();
        self.stop_record(Reversible::Contingency);
        self.stop_record(Reversible::Conflict);
    }
}
