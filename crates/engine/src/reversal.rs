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
//! the current totals, in reverse order (`reversal_since.rs`: which events,
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
//! before it. Only the
//! verbs whose changes the engine can undo are recorded: influence gains
//! and losses, power, tension, unrest, the non-player forces, damage,
//! marks, rotating and readying, and lasting changes (bonuses, doubling,
//! set abilities, restrictions, attack modifiers); any other verb that
//! happened (a draw looks at the deck; a search shuffles it; choices,
//! votes, delayed effects, attacks...) makes the event irreversible. So do
//! the transfers (of influence, power, marks, Chaos Tokens and damage:
//! Glossary, Transfer): undoing one would be a transfer back, which the
//! current totals may not allow (the receiver of damage may have been
//! neutralized by it, and neutralization is not undone). A
//! reversed event was still played: limited and unique copies stay
//! counted (Event Cards: "If the event becomes reversed it has still been
//! played").

use smallvec::SmallVec;

use crate::action::Action;
use crate::card::def::MarkKind;
use crate::card::effect::{Force, Op, Reversible};
use crate::effects::Ctx;
use crate::event::Events;
use crate::ids::{CardId, PlayerId};
use crate::state::{Continuation, Game, Modifier, Player, Step, MAX_PLAYERS};

/// At most this many changes are kept; an event making more cannot be
/// reversed.
pub(crate) const MAX_CHANGES: usize = 16;

/// One change an event made, to be undone on the current totals.
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
    Mark(CardId, MarkKind, i8),
    Rotated(CardId),
    Readied(CardId),
    /// A lasting change (bonus, restriction, set ability...).
    Mod(Modifier),
}

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
}

/// What a card looks like to the recorder.
type CardSnap = (CardId, u8, [i8; 6], bool, bool);

/// Transfers (`transfer_influence`, `transfer_power`, `move_mark`,
/// `transfer_chaos`, `transfer_damage`) are left out on purpose: see the
/// module documentation.
fn reversible(op: &Op) -> bool {
    matches!(
        op,
        Op::GainInfluence { .. }
            | Op::LoseInfluence { .. }
            | Op::GainPower { .. }
            | Op::LosePower { .. }
            | Op::Tension { .. }
            | Op::TensionRace { .. }
            | Op::Unrest { .. }
            | Op::NonPlayer { .. }
            | Op::Damage { .. }
            | Op::Mark { .. }
            | Op::Rotate { .. }
            | Op::Ready { .. }
            | Op::Bonus { .. }
            | Op::Double { .. }
            | Op::SetAbility { .. }
            | Op::AttackMod { .. }
            | Op::Restrict { .. }
    )
}

impl Game {
    /// What an effect list reverses, if it reverses anything.
    pub(crate) fn reverses(effects: &[crate::card::effect::Effect]) -> Option<Reversible> {
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
    /// one before (events are recorded apart: `reversal_since.rs`).
    pub(crate) fn start_record(&mut self, card: CardId, what: Reversible) {
        *self.slot_mut(what) = Some(Record {
            card,
            what,
            recording: true,
            irreversible: false,
            changes: SmallVec::new(),
        });
    }

    pub(crate) fn stop_record(&mut self, what: Reversible) {
        if let Some(r) = self.slot_mut(what) {
            r.recording = false;
        }
    }

    /// `p` is about to take an action. On an Action Round turn (not an
    /// answer in a window, choice, vote or Chaos Token move) `p`'s last
    /// chance to act moves to now (`reversal_since.rs`); only an event or
    /// a card action that reverses may still use the contingency or
    /// conflict record it reverses: any other Action Round action (a pass
    /// included) ends those chances. Actions of the other rounds (a
    /// conflict resolves in the Resolution Round) leave the records: their
    /// chance is the first action of the next Action Round (rulings, ISN:
    /// "the player's first action in the next Action Round").
    pub(crate) fn reversal_before_action(&mut self, p: PlayerId, a: &Action) {
        if !matches!(self.step, Step::Act { .. })
            || self.window.is_some()
            || self.choice.is_some()
            || self.vote.is_some()
            || self.chaos_mover != crate::state::NOBODY
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
    pub(crate) fn window_holds_reverser(&self, w: &crate::state::Window) -> bool {
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
                    && !r.recording
                    && !r.irreversible
                    && !r.changes.is_empty()
                    // Glossary, Irrevocable: its effects cannot be reversed.
                    && !self.db.get(self.c(r.card).def).has_keyword("irrevocable")
            }
            None => false,
        }
    }

    fn card_snap(&self, c: CardId) -> CardSnap {
        let ci = self.c(c);
        (c, ci.damage, ci.marks, ci.rotated(), ci.neutralized())
    }

    /// Runs one verb, noting its changes while an event's own effects
    /// happen.
    pub(crate) fn run_op_noted(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        let noting =
            |r: &Option<Record>| matches!(r, Some(r) if r.recording && r.card == ctx.source);
        let slot = if self.reversal_events.recording(ctx.source) {
            Reversible::Event
        } else if noting(&self.reversal) {
            Reversible::Contingency
        } else if noting(&self.reversal_conflict) {
            Reversible::Conflict
        } else {
            return self.run_op(op, ctx, ev);
        };
        let players: SmallVec<[Player; MAX_PLAYERS]> = SmallVec::from_slice(&self.players);
        let forces = [self.babylon5, self.shadows, self.vorlons];
        let cards: SmallVec<[CardSnap; 8]> = match op_cards(op) {
            Some(sel) => self
                .sel_cards(sel, ctx)
                .iter()
                .map(|&c| self.card_snap(c))
                .collect(),
            None => SmallVec::new(),
        };
        let mods = self.mods.len();
        let happened = self.run_op(op, ctx, ev);
        if !happened {
            return false;
        }
        let mut out: SmallVec<[Change; MAX_CHANGES]> = SmallVec::new();
        let mut ok = reversible(op);
        for (p, (a, b)) in players.iter().zip(self.players.iter()).enumerate() {
            let p = p as PlayerId;
            if b.influence != a.influence {
                out.push(Change::Influence(p, b.influence - a.influence));
            }
            if b.raw_power != a.raw_power {
                out.push(Change::Power(p, b.raw_power - a.raw_power));
            }
            if b.unrest != a.unrest {
                out.push(Change::Unrest(p, b.unrest as i16 - a.unrest as i16));
            }
            for q in 0..MAX_PLAYERS {
                if b.tension[q] != a.tension[q] {
                    out.push(Change::Tension(
                        p,
                        q as PlayerId,
                        b.tension[q] as i16 - a.tension[q] as i16,
                    ));
                }
            }
        }
        let now = [self.babylon5, self.shadows, self.vorlons];
        for (i, f) in [Force::Babylon5, Force::Shadows, Force::Vorlons]
            .into_iter()
            .enumerate()
        {
            if now[i] != forces[i] {
                out.push(Change::Force(f, now[i] - forces[i]));
            }
        }
        for &(c, dmg, marks, rotated, _) in cards.iter() {
            let (_, dmg2, marks2, rotated2, neutralized2) = self.card_snap(c);
            // Neutralization is a side effect: the card stays neutralized
            // and its damage is gone (nothing to heal).
            if dmg2 > dmg && !neutralized2 {
                out.push(Change::Damage(c, dmg2 - dmg));
            }
            for k in MarkKind::ALL {
                let d = marks2[k.idx()] as i16 - marks[k.idx()] as i16;
                if d != 0 {
                    out.push(Change::Mark(c, k, d as i8));
                }
            }
            match (rotated, rotated2) {
                (false, true) => out.push(Change::Rotated(c)),
                (true, false) => out.push(Change::Readied(c)),
                _ => {}
            }
        }
        for m in self.mods.iter().skip(mods) {
            out.push(Change::Mod(*m));
        }
        if slot == Reversible::Event {
            self.reversal_events.note(&out, ok);
        } else if let Some(r) = self.slot_mut(slot) {
            if r.changes.len() + out.len() > MAX_CHANGES {
                ok = false;
            }
            if ok {
                r.changes.extend(out);
            } else {
                r.irreversible = true;
            }
        }
        true
    }

    /// The effect: every change the event named (`target`: an event played
    /// since the player's last chance to act, `reversal_since.rs`), the
    /// contingency just revealed or the conflict just resolved made is
    /// undone, on the current totals, latest first.
    pub(crate) fn reverse_effects(
        &mut self,
        what: Reversible,
        target: crate::state::Target,
        ev: &mut Events,
    ) -> bool {
        if what == Reversible::Event {
            return self.reverse_event(target, ev);
        }
        if !self.can_reverse(what) {
            return false;
        }
        let Some(r) = self.slot_mut(what).take() else {
            return false;
        };
        self.undo_changes(&r.changes, ev);
        self.note_reversed(&r.changes, false);
        true
    }

    /// Does recorded changes again, on the current totals, in their order
    /// (a reversal reversed: rulings, Not Meant To Be, "as if the original
    /// event occurred with no alteration").
    pub(crate) fn redo_changes(&mut self, changes: &[Change], ev: &mut Events) {
        for ch in changes.iter() {
            match *ch {
                Change::Influence(p, n) if n > 0 => self.gain_influence(p, n, ev),
                Change::Influence(p, n) => {
                    self.lose_influence(p, -n, ev);
                }
                Change::Power(p, n) => self.change_power(p, n, ev),
                Change::Tension(p, q, n) => self.change_tension(p, q, n, ev),
                Change::Unrest(p, n) => self.change_unrest(p, n, ev),
                Change::Force(f, n) => self.change_non_player(f, n, ev),
                Change::Damage(c, n) => self.deal_damage(c, n, ev),
                Change::Mark(c, k, n) => {
                    if self.c(c).zone.in_play() {
                        self.change_marks(c, k, n, ev);
                    }
                }
                Change::Rotated(c) => {
                    let ci = self.c(c);
                    if ci.zone.on_table() && !ci.rotated() {
                        self.rotate(c);
                    }
                }
                Change::Readied(c) => {
                    if self.c(c).zone.on_table() {
                        self.ready_card(c);
                    }
                }
                Change::Mod(m) => {
                    if self.mod_may_return(&m) && !self.mods.contains(&m) {
                        self.mods.push(m);
                        self.abilities_changed = true;
                    }
                }
            }
        }
        self.refresh_passive_sources();
    }

    /// A lasting change done again applies only where it still could: its
    /// card (if any) in play, and what it lasts while still so.
    fn mod_may_return(&self, m: &Modifier) -> bool {
        use crate::state::Until;
        let in_play = |c: CardId| self.cards.get(c.idx()).is_some_and(|ci| ci.zone.in_play());
        (m.card.is_none() || in_play(m.card))
            && match m.until {
                Until::WhileRotated(c) => in_play(c) && self.c(c).rotated(),
                Until::WhileInPlay(c) => in_play(c),
                _ => true,
            }
    }

    /// Undoes recorded changes on the current totals, latest first.
    pub(crate) fn undo_changes(&mut self, changes: &[Change], ev: &mut Events) {
        for ch in changes.iter().rev() {
            match *ch {
                // Reversing a gain is a loss, and a loss a gain (rulings).
                Change::Influence(p, n) if n > 0 => {
                    self.lose_influence(p, n, ev);
                }
                Change::Influence(p, n) => self.gain_influence(p, -n, ev),
                Change::Power(p, n) => self.change_power(p, -n, ev),
                Change::Tension(p, q, n) => self.change_tension(p, q, -n, ev),
                Change::Unrest(p, n) => self.change_unrest(p, -n, ev),
                Change::Force(f, n) => self.change_non_player(f, -n, ev),
                Change::Damage(c, n) => {
                    let ci = self.c(c);
                    if ci.zone.on_table() && !ci.neutralized() {
                        let d = &mut self.cm(c).damage;
                        *d = d.saturating_sub(n);
                        self.abilities_changed = true;
                    }
                }
                Change::Mark(c, k, n) => {
                    if self.c(c).zone.in_play() {
                        self.change_marks(c, k, -n, ev);
                    }
                }
                Change::Rotated(c) => {
                    if self.c(c).zone.on_table() {
                        self.ready_card(c);
                    }
                }
                Change::Readied(c) => {
                    let ci = self.c(c);
                    if ci.zone.on_table() && !ci.rotated() {
                        self.rotate(c);
                    }
                }
                Change::Mod(m) => {
                    if let Some(i) = self.mods.iter().position(|x| *x == m) {
                        self.mods.remove(i);
                        self.abilities_changed = true;
                    }
                }
            }
        }
        self.refresh_passive_sources();
    }
}

/// The cards a reversible verb acts on, for the recorder.
fn op_cards(op: &Op) -> Option<crate::card::effect::CardSel> {
    match *op {
        Op::Damage { card, .. }
        | Op::Mark { card, .. }
        | Op::Rotate { card }
        | Op::Ready { card }
        | Op::Bonus { card, .. }
        | Op::Double { card, .. }
        | Op::SetAbility { card, .. }
        | Op::AttackMod { card, .. } => Some(card),
        _ => None,
    }
}
