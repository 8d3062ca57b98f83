//! Negate and Irrevocable (Engine Rules v1.2, Glossary: "Negate - A
//! conflict which is negated is cancelled ... An event or other effect
//! which is negated is prevented from occurring, and any stated effects are
//! ignored"; "Irrevocable - A card that is irrevocable cannot be negated,
//! cancelled, blanked nor can it have its effects reversed. It cannot be
//! targeted by a card that would directly cause it to leave play"; Event
//! Cards: "If the event is cancelled before it resolves ... then it has not
//! been played so another copy can be played").
//!
//! An event that targets a player, a race or a card is played (its cost
//! applied, the card in its discard pile), then an `event-targeted` window
//! opens before its effects happen: every player with a face-down
//! contingency is asked, match or not, so hidden cards stay hidden; a
//! contingency answers when the event targets its controller or a card they
//! control. `negate = "event"` in it negates the event: none of its effects
//! happen and, limited or unique, it does not count as played. With no
//! face-down contingency in play no window opens and the event resolves at
//! once, as does an event targeting a face-down card (a contingency, whose
//! identity the window would keep hidden while the event names it). An
//! irrevocable event is never negated, and a contingency whose
//! effects are all `negate` is not offered against it (it would do nothing).
//!
//! A card's action ("or other effect") is negated the same way: once its
//! costs are paid (rotation, influence, marks, another card, its own
//! discard), an action targeting a player, a race or a face-up card waits
//! in an `action-targeted` window, opened only when someone holds a
//! face-down contingency; `negate = "action"` there ignores its effects.
//! Its costs stay paid: Requirements, "do X to do Y ... Everything included
//! in X is a requirement and everything in Y is an effect", and only the
//! effect is "prevented from occurring". An irrevocable card's action is
//! never negated.

use smallvec::SmallVec;

use crate::card::{CardDef, Uniqueness};
use crate::card::{CardSel, Effect, Op, Trigger};
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{Continuation, Game, Target, Window};
use crate::ids::{CardId, PlayerId};

/// Whether an effect list directly makes the card it targets leave play
/// (discard it, return it to its owner's hand), nested lists included.
pub(crate) fn removes_target(effects: &[Effect]) -> bool {
    removes(effects, CardSel::Target)
}

/// Whether an effect list directly makes the card `sel` selects leave play
/// (`CardSel::Second`: the second target).
pub(crate) fn removes(effects: &[Effect], sel: CardSel) -> bool {
    effects.iter().any(|e| match &e.op {
        Op::Discard { card } | Op::ReturnToHand { card } | Op::DiscardAmbassador { card } => {
            *card == sel
        }
        Op::Delayed { effects, .. } | Op::Unless { effects, .. } => removes(effects, sel),
        Op::Vote { pass, fail, .. } => removes(pass, sel) || removes(fail, sel),
        Op::Modes { modes, .. } => modes.iter().any(|m| removes(m, sel)),
        // The chosen cards are the target of `each`; the second target
        // stays the second target there.
        Op::Pick { each, after, .. } => removes(each, sel) || removes(after, sel),
        _ => false,
    })
}

/// Whether any of a card's own effect lists (an event's or aftermath's
/// effects, a conflict's) makes its target leave play.
fn def_removes_target(def: &CardDef) -> bool {
    removes_target(&def.effects)
        || removes_target(&def.initiated)
        || removes_target(&def.resolution)
        || removes_target(&def.won)
        || removes_target(&def.lost)
        || def.won_by.iter().any(|(_, l)| removes_target(l))
        || def.lost_by.iter().any(|(_, l)| removes_target(l))
}

impl Game {
    /// Whether a card is irrevocable (its keyword; Glossary, Irrevocable).
    pub(crate) fn irrevocable(&self, card: CardId) -> bool {
        card.some()
            .is_some_and(|c| self.db.get(self.c(c).def).has_keyword("irrevocable"))
    }

    /// Glossary, Irrevocable: "It cannot be targeted by a card that would
    /// directly cause it to leave play". `effects` are the card action's,
    /// or `None` for the card's own effects.
    pub(crate) fn check_irrevocable_target(
        &self,
        def: &CardDef,
        effects: Option<&[Effect]>,
        target: Target,
    ) -> Result<(), Violation> {
        let Target::Card(c) = target else {
            return Ok(());
        };
        if c.idx() >= self.cards.len() || !self.irrevocable(c) {
            return Ok(());
        }
        let removes = match effects {
            Some(list) => removes_target(list),
            None => def_removes_target(def),
        };
        if removes {
            return Err(Violation::Irrevocable(c));
        }
        Ok(())
    }

    /// An event was just played: opens its `event-targeted` window when it
    /// targets a player, a race or a card and someone holds a face-down
    /// contingency. True when its effects wait for the window.
    /// `second` is the event's second target (Legal Targets), if it has one.
    pub(crate) fn event_window(
        &mut self,
        p: PlayerId,
        card: CardId,
        target: Target,
        second: CardId,
    ) -> bool {
        if !self.window_worth_opening(target, second) {
            return false;
        }
        self.open_window(Window {
            trigger: Trigger::EventTargeted,
            card,
            other: CardId::NONE,
            player: p,
            conflict: crate::effects::attack_effect::NO_CONFLICT,
            pos: 0,
            passes: 0,
            askers: 0,
            then: Continuation::Event {
                player: p,
                card,
                target,
                second,
            },
            canceled: false,
        })
    }

    /// A card action's costs were just paid: opens its `action-targeted`
    /// window when it targets a player, a race or a card and someone holds
    /// a face-down contingency (Glossary, Negate: "An event or other effect
    /// which is negated is prevented from occurring"). True when its
    /// effects wait for the window. `second` is its second target, if any.
    pub(crate) fn action_window(
        &mut self,
        p: PlayerId,
        card: CardId,
        index: u8,
        (target, second): (Target, CardId),
    ) -> bool {
        if !self.window_worth_opening(target, second) {
            return false;
        }
        self.open_window(Window {
            trigger: Trigger::ActionTargeted,
            card,
            other: CardId::NONE,
            player: p,
            conflict: crate::effects::attack_effect::NO_CONFLICT,
            pos: 0,
            passes: 0,
            askers: 0,
            then: Continuation::CardAction {
                player: p,
                card,
                index,
                target,
                second,
            },
            canceled: false,
        })
    }

    /// The cheap checks before an `event-targeted` or `action-targeted`
    /// window: some card is attached (a face-down contingency may be among
    /// them) and the target is a player, a race or a face-up card, or
    /// there is a second target (Legal Targets).
    fn window_worth_opening(&self, target: Target, second: CardId) -> bool {
        if self.attachments.is_empty()
            || !(matches!(
                target,
                Target::Player(_) | Target::Race(_) | Target::Card(_)
            ) || second.some().is_some())
        {
            return false;
        }
        // An event or action on a face-down card (a contingency) resolves
        // at once: its target would stay hidden in the window while the
        // card names it.
        if let Target::Card(c) = target {
            if c.idx() >= self.cards.len() || self.c(c).face_down() {
                return false;
            }
        }
        true
    }

    /// Whether the event (card action) of the open window targets the
    /// controller of `host` (or a card they control), for an
    /// `event-targeted` (`action-targeted`) contingency with `effects` on it.
    pub(crate) fn window_targets_host(&self, w: &Window, host: CardId, effects: &[Effect]) -> bool {
        let (card, target, second) = match w.then {
            Continuation::Event {
                card,
                target,
                second,
                ..
            } if w.trigger == Trigger::EventTargeted => (card, target, second),
            Continuation::CardAction {
                card,
                target,
                second,
                ..
            } if w.trigger == Trigger::ActionTargeted => (card, target, second),
            _ => return false,
        };
        let Some(h) = host.some() else { return false };
        let me = self.c(h).controller;
        let mut named: SmallVec<[PlayerId; 6]> = match target {
            Target::Card(c) if c.idx() < self.cards.len() => {
                let mut v = self.target_players(target);
                v.push(self.c(c).controller);
                v
            }
            Target::Player(_) | Target::Race(_) => self.target_players(target),
            _ => SmallVec::new(),
        };
        // Legal Targets: the second target is targeted as much as the first.
        if let Some(s) = second.some().filter(|s| s.idx() < self.cards.len()) {
            named.extend(self.target_players(Target::Card(s)));
            named.push(self.c(s).controller);
        }
        if !named.contains(&me) {
            return false;
        }
        // An irrevocable event (card) cannot be negated: a contingency that
        // could only negate it is not offered.
        !(self.irrevocable(card)
            && !effects.is_empty()
            && effects
                .iter()
                .all(|e| matches!(e.op, Op::NegateEvent | Op::NegateAction)))
    }

    /// `negate = "event"`: the event of the open window is negated, unless
    /// it is irrevocable. False when there is nothing to negate.
    pub(crate) fn negate_event(&mut self) -> bool {
        if !self.may_negate_event() {
            return false;
        }
        if let Some(w) = &mut self.window {
            w.canceled = true;
        }
        true
    }

    /// Whether `negate = "event"` could happen now.
    pub(crate) fn may_negate_event(&self) -> bool {
        self.window.is_some_and(|w| {
            matches!(w.then, Continuation::Event { card, .. } if !w.canceled && !self.irrevocable(card))
        })
    }

    /// `negate = "action"`: the card action of the open window is negated
    /// (its effects are ignored, its costs stay paid), unless its card is
    /// irrevocable (Glossary, Irrevocable: it "cannot be negated"). False
    /// when there is nothing to negate.
    pub(crate) fn negate_action(&mut self) -> bool {
        if !self.may_negate_action() {
            return false;
        }
        if let Some(w) = &mut self.window {
            w.canceled = true;
        }
        true
    }

    /// Whether `negate = "action"` could happen now.
    pub(crate) fn may_negate_action(&self) -> bool {
        self.window.is_some_and(|w| {
            matches!(w.then, Continuation::CardAction { card, .. } if !w.canceled && !self.irrevocable(card))
        })
    }

    /// The window of a card action closed: its effects happen, or, negated,
    /// they are ignored. Glossary, Negate: the effect "is prevented from
    /// occurring"; Requirements: in "do X to do Y" only Y is the effect, so
    /// the costs paid (rotation, influence, marks, discard) stay paid.
    pub(crate) fn finish_card_action(
        &mut self,
        p: PlayerId,
        card: CardId,
        index: u8,
        targets: (Target, CardId),
        negated: bool,
        ev: &mut Events,
    ) {
        if negated {
            ev.push(Event::ActionNegated {
                player: p,
                card,
                index,
            });
        } else if !self.players[p as usize].eliminated {
            self.resolve_card_action(p, card, index, targets, ev);
        }
    }

    /// The window of an event closed: it resolves, or, negated, its effects
    /// are ignored and it has not been played (Event Cards: another copy of
    /// a limited or unique event may be played).
    pub(crate) fn finish_event(
        &mut self,
        p: PlayerId,
        card: CardId,
        (target, second): (Target, CardId),
        negated: bool,
        ev: &mut Events,
    ) {
        if !negated {
            if !self.players[p as usize].eliminated {
                self.resolve_event(p, card, target, second, ev);
            }
            return;
        }
        let def_id = self.c(card).def;
        // Not played: the copy it counted is taken back.
        let pos = |l: &[crate::ids::DefId]| l.iter().rposition(|&d| d == def_id);
        match self.db.get(def_id).uniqueness {
            Uniqueness::Limited => {
                if let Some(i) = pos(&self.limited_this_turn) {
                    self.limited_this_turn.remove(i);
                }
            }
            Uniqueness::Unique => {
                if let Some(i) = pos(&self.unique_used) {
                    self.unique_used.remove(i);
                }
            }
            Uniqueness::Multiple => {}
        }
        ev.push(Event::EventNegated { player: p, card });
    }
}
