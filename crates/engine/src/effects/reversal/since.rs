//! Reversing an event played since your last chance to act (rulings, Not
//! Meant To Be: "Reverse the printed effect text of an Event played since
//! your last chance to act"; Engine Rules v1.2, Advanced Details about
//! playing cards, Reversal and Reversing Effects, for what can be reversed
//! at all: `reversal.rs`).
//!
//! "Your last chance to act" is the start of your last Action Round turn
//! (The Action Round: "A player may only perform one action at a time ...
//! the player with the next lowest initiative becomes eligible to perform
//! one action"; rulings, Not Meant To Be: "your current action is
//! considered to be your last chance to act, because you have that chance
//! at the beginning of your action"). Events are played only as Action
//! Round actions (Event Cards: "Playing an event is an action"), so the
//! events a player may reverse on a turn are those the other players played
//! on their turns since the player's previous turn; never one of the
//! player's own (rulings: "You can not target Not Meant To Be at an Event
//! that you, yourself, played"). Trigger windows, choices, votes and Chaos
//! Token moves inside an action are part of that action, not turns.
//!
//! The engine numbers the Action Round turns and keeps, for each player,
//! the number of their last turn, and for each event played a record: its
//! card, its player, the turn it was played on and the changes its effects
//! actually made (the recorder of `reversal/record.rs`). A reverser
//! (`reverse = "event"`, on an event or a card action: `TargetKind::Event`)
//! names one of those events by its card (`Target::Card`, the event in its owner's
//! discard pile); the legal actions list one play per event it may
//! reverse. It is refused, with the reason ([`ReverseRefusal`]), when the
//! card names no recorded event, one not played since the player's last
//! turn or played by the player, one already reversed ("Not Meant To Be
//! cannot be used to target the same Event twice"; "Only effects which ...
//! are still extant (e.g., they have not already been reversed) are
//! reversed"), an irrevocable one (Glossary, Irrevocable), or one whose
//! effects cannot be reversed as a whole ("Cards that have an effect that
//! cannot, as a whole, be reversed ... cannot be targeted by Not Meant To
//! Be"). A reversed event has still been played (rulings: "A unique Event
//! targeted by Not Meant To Be cannot be played again").
//!
//! The bound: a record is dropped once every other player has had a turn
//! since it was played (none may target it any more), and all are dropped
//! when the Action Round ends (every player has passed since the last
//! event; rulings, Not Meant To Be: an event that ends the turn does "not
//! allow the player to get his action in order to Not Meant To Be it").
//! The players act one at a time in a cycle, so the live records are the
//! events of the last turns of the other players plus the one being
//! played: at most one per player ([`MAX_EVENT_RECORDS`]), kept inline;
//! should more ever be live, the oldest is dropped. Their changes share one
//! inline pool ([`CHANGE_POOL`]); an event making more than 16 changes
//! cannot be reversed (`reversal.rs`).
//!
//! A reversing event is recorded too: its record holds the changes it
//! undid, backward. Reversing it does them again (rulings, Not Meant To Be:
//! "If an event has Not Meant To Be played on it and the Not Meant To Be
//! played has another Not Meant To Be played on it, it is as if the
//! original event occurred with no alteration"); the first event stays
//! reversed once ("cannot be used to target the same Event twice"). Only a
//! reversing event whose sole effect is the reversal can be reversed so
//! (otherwise its other effects would stand: Reversal, "all of the effects
//! that actually occurred"). The influence a reversing card asks in its
//! text is not given back: the vocabulary has no such cost.

use smallvec::SmallVec;

use crate::card::Effect;
use crate::card::TargetKind;
use crate::effects::reversal::{Change, MAX_CHANGES};
use crate::effects::targets::Targets;
use crate::game::error::Violation;
pub(crate) use crate::game::held::{EventRecord, EventRecords};
pub use crate::game::held::{ReverseRefusal, MAX_EVENT_RECORDS};
use crate::game::state::{Game, Target};
use crate::ids::{CardId, PlayerId};

impl Clone for EventRecords {
    fn clone(&self) -> EventRecords {
        EventRecords {
            turn: self.turn,
            last_turn: self.last_turn,
            round_turns: self.round_turns,
            acting: self.acting,
            recs: SmallVec::from_slice(&self.recs),
            changes: SmallVec::from_slice(&self.changes),
        }
    }
}

impl EventRecords {
    /// The record of the event whose effects are happening, if it is this
    /// card's.
    pub(crate) fn recording(&self, card: CardId) -> bool {
        self.recs
            .last()
            .is_some_and(|r| r.recording && r.card == card)
    }

    /// Adds the changes one verb of the recording event made (or marks it
    /// irreversible).
    pub(crate) fn note(&mut self, out: &[Change], ok: bool) {
        let Some(r) = self.recs.last_mut() else {
            return;
        };
        if !ok || r.len as usize + out.len() > MAX_CHANGES {
            r.irreversible = true;
            return;
        }
        r.len += out.len() as u8;
        self.changes.extend_from_slice(out);
    }

    /// The recording event made an attack whose damage waits for its window.
    pub(crate) fn await_attack(&mut self, attack: [CardId; 2]) {
        if let Some(r) = self.recs.last_mut() {
            r.attack = attack;
        }
    }

    /// Whether the recording event's attack is this one.
    pub(crate) fn awaits(&self, attack: [CardId; 2]) -> bool {
        self.recs
            .last()
            .is_some_and(|r| r.recording && r.attack == attack)
    }

    fn changes_of(&self, r: &EventRecord) -> &[Change] {
        &self.changes[r.start as usize..r.start as usize + r.len as usize]
    }

    /// Drops a record and its changes.
    fn remove(&mut self, i: usize) {
        let r = self.recs.remove(i);
        let (a, n) = (r.start as usize, r.len as usize);
        self.changes.drain(a..a + n);
        for x in self.recs[i..].iter_mut() {
            x.start -= n as u16;
        }
    }

    fn clear(&mut self) {
        self.recs.clear();
        self.changes.clear();
        if self.changes.spilled() {
            self.changes.shrink_to_fit();
        }
    }
}

impl Game {
    /// An Action Round turn begins for `p` (an action taken in turn, not an
    /// answer in a window, choice, vote or Chaos Token move): the records
    /// no player may still target go, and `p`'s last chance to act is now.
    /// The records are pruned first: what `p` reverses on this turn is
    /// checked against `p`'s previous turn.
    pub(crate) fn event_turn_begins(&mut self, p: PlayerId) {
        let r = &mut self.reversal_events;
        r.turn += 1;
        if !r.recs.is_empty() {
            // A record is live while some other player still in the game
            // has had no turn since it was played (the dead ones are the
            // oldest: each player acts once in a cycle).
            while let Some(first) = r.recs.first() {
                let live = self.players.iter().enumerate().any(|(q, pl)| {
                    q as PlayerId != first.player && !pl.eliminated && r.last_turn[q] < first.turn
                });
                if live {
                    break;
                }
                r.remove(0);
            }
        }
        if let Some(t) = r.last_turn.get_mut(p as usize) {
            *t = r.turn;
        }
        if let Some(n) = r.round_turns.get_mut(p as usize) {
            *n = n.saturating_add(1);
        }
        r.acting = Some(p);
    }

    /// Whether the action `p` takes, or is about to take, is `p`'s first of
    /// this Action Round (rulings: "As your first action"; Engine Rules
    /// v1.2, The Action Round: "A player may pass as his action", so a pass
    /// is one). During `p`'s first turn it holds; before it, it holds when
    /// nothing is open that `p` would be answering instead.
    pub(crate) fn first_action(&self, p: PlayerId) -> bool {
        let r = &self.reversal_events;
        if !matches!(self.step, crate::game::state::Step::Act { .. }) {
            return false;
        }
        let begun = r.round_turns.get(p as usize).copied().unwrap_or(u8::MAX);
        if r.acting == Some(p) {
            return begun == 1;
        }
        begun == 0
            && self.window.is_none()
            && self.choice.is_none()
            && self.vote.is_none()
            && self.chaos_mover == crate::game::state::NOBODY
    }

    /// The Action Round ends: every player has passed since the last event,
    /// so none may be reversed any more.
    pub(crate) fn event_records_end(&mut self) {
        if !self.reversal_events.recs.is_empty() {
            self.reversal_events.clear();
        }
        // The next Action Round's turns are counted afresh.
        self.reversal_events.round_turns = [0; crate::game::table::MAX_PLAYERS];
        self.reversal_events.acting = None;
    }

    /// An event's own effects are about to happen: record their changes
    /// (a reversing event is recorded as one that cannot be reversed).
    pub(crate) fn start_event_record(&mut self, p: PlayerId, card: CardId, reverser: bool) {
        let r = &mut self.reversal_events;
        // The same card played again (returned to hand): its older play
        // can no longer be named apart.
        if let Some(i) = r.recs.iter().position(|x| x.card == card) {
            r.remove(i);
        }
        if r.recs.len() == MAX_EVENT_RECORDS {
            r.remove(0);
        }
        let start = r.changes.len() as u16;
        r.recs.push(EventRecord {
            card,
            player: p,
            turn: r.turn,
            start,
            len: 0,
            recording: !reverser,
            irreversible: reverser,
            reversed: false,
            reverser,
            reversing: reverser,
            backward: false,
            attack: [CardId::NONE; 2],
        });
    }

    /// The event's effects have happened, but for those still waiting for
    /// players (a choice, a vote, an attack's window: `reversal/record.rs`),
    /// which are recorded when they happen.
    pub(crate) fn stop_event_record(&mut self) {
        let waiting = match self.reversal_events.recs.last() {
            Some(r) => self.waiting_on(r.card, r.attack),
            None => return,
        };
        if let Some(r) = self.reversal_events.recs.last_mut() {
            r.recording &= waiting;
            r.reversing = false;
        }
    }

    /// A reversing event has undone `changes` (forward ones unless
    /// `backward`): its record keeps them, in the other direction, so that
    /// it can be reversed in turn (rulings, Not Meant To Be on a Not Meant
    /// To Be). Nothing for a card action that reverses (not an event).
    pub(crate) fn note_reversed(&mut self, changes: &[Change], backward: bool) {
        let sole = match self.reversal_events.recs.last() {
            Some(r) if r.reversing && r.len == 0 => {
                self.db.get(self.c(r.card).def).effects.len() == 1
            }
            _ => return,
        };
        let r = &mut self.reversal_events;
        let Some(last) = r.recs.last_mut() else {
            return;
        };
        if changes.is_empty() || changes.len() > MAX_CHANGES {
            return;
        }
        last.len = changes.len() as u8;
        last.backward = !backward;
        // Reversal: only if all of its effects can be undone.
        last.irreversible = !sole;
        r.changes.extend_from_slice(changes);
    }

    /// Whether `p` may reverse the event whose card is `event` now (a
    /// `TargetKind::Event` target), and if not, why.
    pub(crate) fn event_reversible_by(
        &self,
        p: PlayerId,
        target: Target,
    ) -> Result<(), ReverseRefusal> {
        let Target::Card(event) = target else {
            return Err(ReverseRefusal::NoEvent);
        };
        let r = &self.reversal_events;
        let Some(rec) = r.recs.iter().find(|x| x.card == event) else {
            // An event card in a discard pile (open information) whose
            // record is gone: every player has had a turn since it was
            // played, or it was not played at all (negated).
            let public_event = event.idx() < self.cards.len()
                && self.c(event).zone == crate::game::state::Zone::Discard
                && self.db.get(self.c(event).def).card_type == crate::card::CardType::Event;
            return Err(if public_event {
                ReverseRefusal::NotSince
            } else {
                ReverseRefusal::NoEvent
            });
        };
        // Rulings, Not Meant To Be: never an event you played yourself.
        if rec.player == p {
            return Err(ReverseRefusal::OwnEvent);
        }
        // Played since your last chance to act (your last turn).
        if r.last_turn.get(p as usize).is_none_or(|&t| rec.turn <= t) {
            return Err(ReverseRefusal::NotSince);
        }
        self.record_reversible(rec)
    }

    /// A card that reverses (an event's or card action's `effects`, with
    /// the target kind it has and the target named) may be played or used
    /// now: an event named (`TargetKind::Event`) that `p` may reverse, or
    /// the contingency or conflict record it reverses (Reversal: "cannot be
    /// played unless you can reverse all of the effects that actually
    /// occurred").
    pub(crate) fn check_reverser(
        &self,
        p: PlayerId,
        card: CardId,
        kind: TargetKind,
        effects: &[Effect],
        target: Target,
    ) -> Result<(), Violation> {
        if kind == TargetKind::Event {
            return self
                .event_reversible_by(p, target)
                .map_err(|why| Violation::NotReversible {
                    card,
                    event: target.card().unwrap_or(CardId::NONE),
                    why,
                });
        }
        match Game::reverses(effects) {
            Some(w) if !self.can_reverse(w) => Err(Violation::CannotReverse(card)),
            _ => Ok(()),
        }
    }

    /// What may stop a recorded event from being reversed, whoever asks.
    fn record_reversible(&self, rec: &EventRecord) -> Result<(), ReverseRefusal> {
        if rec.reverser && rec.irreversible && rec.len > 0 {
            return Err(ReverseRefusal::Reverser);
        }
        if rec.reversed {
            return Err(ReverseRefusal::AlreadyReversed);
        }
        // Glossary, Irrevocable: its effects cannot be reversed.
        if self.db.get(self.c(rec.card).def).has_keyword("irrevocable") {
            return Err(ReverseRefusal::Irrevocable);
        }
        if self.still_recording(rec.recording, rec.card, rec.attack) || rec.irreversible {
            return Err(ReverseRefusal::NotWhole);
        }
        if rec.len == 0 {
            return Err(ReverseRefusal::NoEffect);
        }
        // What the rules forbid undoing now (`reversal/change.rs`).
        if !self.changes_may_reverse(self.reversal_events.changes_of(rec), rec.backward) {
            return Err(ReverseRefusal::NotWhole);
        }
        Ok(())
    }

    /// The events `p` may reverse now, as targets.
    pub(crate) fn event_candidates(&self, p: PlayerId, out: &mut Targets) {
        for rec in self.reversal_events.recs.iter() {
            let t = Target::Card(rec.card);
            if self.event_reversible_by(p, t).is_ok() {
                out.push(t);
            }
        }
    }

    /// The records' own invariants (for [`Game::check_invariants`]): at
    /// most one per player (the bound of the module documentation), in
    /// the order played, their changes in the pool back to back, none left
    /// once the Action Round is over.
    pub(crate) fn check_event_records(&self) -> Result<(), String> {
        let r = &self.reversal_events;
        if r.recs.len() > self.players.len() {
            return Err(format!(
                "{} event records are kept for {} players",
                r.recs.len(),
                self.players.len()
            ));
        }
        let mut at = 0usize;
        let mut turn = 0u32;
        for rec in r.recs.iter() {
            if rec.start as usize != at || rec.turn < turn || rec.turn > r.turn {
                return Err(format!(
                    "the event record of card {} is out of order",
                    rec.card.0
                ));
            }
            at += rec.len as usize;
            turn = rec.turn;
        }
        if at != r.changes.len() {
            return Err("the event records' changes do not fill the pool".into());
        }
        if !r.recs.is_empty()
            && !matches!(
                self.step,
                crate::game::state::Step::Act { .. } | crate::game::state::Step::Over
            )
        {
            return Err("event records are kept outside the Action Round".into());
        }
        Ok(())
    }

    /// The events `p` may reverse now (an event with `reverse = "event"`
    /// names one of them), latest last.
    pub fn reversible_events(&self, p: PlayerId) -> SmallVec<[CardId; MAX_EVENT_RECORDS]> {
        let mut ts = Targets::new();
        self.event_candidates(p, &mut ts);
        ts.iter().filter_map(|t| t.card()).collect()
    }

    /// The effect: every change the named event made is undone, on the
    /// current totals, latest first; the event cannot be reversed again
    /// (whether this succeeds or not). Played only once checked, so only
    /// what changed since (a window's contingencies) can make it fail.
    pub(crate) fn reverse_event(
        &mut self,
        target: Target,
        by: PlayerId,
        ev: &mut crate::game::event::Events,
    ) -> bool {
        let Target::Card(event) = target else {
            return false;
        };
        let Some(i) = self
            .reversal_events
            .recs
            .iter()
            .position(|x| x.card == event)
        else {
            return false;
        };
        let rec = self.reversal_events.recs[i];
        let ok = self.record_reversible(&rec).is_ok();
        self.reversal_events.recs[i].reversed = true;
        if !ok {
            return false;
        }
        let changes: SmallVec<[Change; MAX_CHANGES]> =
            SmallVec::from_slice(self.reversal_events.changes_of(&rec));
        if rec.backward {
            // A reversal reversed: what it undid happens again.
            self.redo_changes(&changes, by, ev);
        } else {
            self.undo_changes(&changes, by, ev);
        }
        self.note_reversed(&changes, rec.backward);
        true
    }
}
