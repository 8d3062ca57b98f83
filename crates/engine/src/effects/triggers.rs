//! Triggered Effects and contingency windows. When a trigger happens,
//! the triggered effects of cards in play resolve at once (in initiative
//! order of their controllers); then every player controlling a face-down
//! contingency — a public fact — is asked in initiative order whether to
//! reveal one whose trigger matches, until all pass in a row. Asking every
//! such player, match or not, keeps hidden contingencies hidden.
//!
//! Below, the contingency windows of the newer triggers (a fleet
//! neutralized in an attack, a conflict won).

use crate::card::{CardType, Uniqueness};
use crate::card::{Reversible, Trigger, TriggeredEffect};
use crate::effects::interpreter::Ctx;
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Continuation, Game, Role, Target, Window, Zone};
use crate::ids::{CardId, ConflictId, PlayerId};

/// At most this many triggered effects of cards in play are carried out in
/// a turn (docs/limits.md); a real game makes a few dozen.
pub(crate) const MAX_TRIGGERS_PER_TURN: u16 = 1000;

thread_local! {
    /// The triggered effects being carried out on this thread (card and
    /// trigger), innermost last.
    static FIRING: std::cell::RefCell<smallvec::SmallVec<[(CardId, Trigger); 8]>> =
        const { std::cell::RefCell::new(smallvec::SmallVec::new_const()) };
}

/// Where a triggered effect was set off: the card whose effect it is, its
/// controller as it was then, and what the effect's context names.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fired {
    pub src: CardId,
    pub controller: PlayerId,
    pub target: Target,
    /// The other card of an attack (`card = "attacker"`).
    pub other: CardId,
    pub conflict: ConflictId,
    /// The effect's place among the card's triggers.
    pub index: u8,
}

/// Whether the triggered effect of `card` on `t` is being carried out.
fn firing(card: CardId, t: Trigger) -> bool {
    FIRING.with(|f| f.borrow().contains(&(card, t)))
}

impl Game {
    /// Triggered effects of a card itself and of the cards attached to it.
    pub(crate) fn run_card_triggers(
        &mut self,
        t: Trigger,
        card: CardId,
        other: CardId,
        conflict: ConflictId,
        ev: &mut Events,
    ) {
        let mut sources: smallvec::SmallVec<[CardId; 8]> = smallvec::SmallVec::new();
        if self.c(card).zone.on_table() {
            sources.push(card);
        }
        for &a in self.attachments.iter() {
            let ai = self.c(a);
            if ai.host == card && ai.zone == Zone::Attached && !ai.face_down() {
                sources.push(a);
            }
        }
        for s in sources {
            self.run_triggers_of(s, t, Target::Card(card), other, conflict, ev);
        }
    }

    /// Triggered effects of the cards a player controls (table, agenda,
    /// attached cards).
    pub(crate) fn run_player_triggers(
        &mut self,
        t: Trigger,
        p: PlayerId,
        conflict: ConflictId,
        ev: &mut Events,
    ) {
        if (p as usize) >= self.players.len() {
            return;
        }
        // The cards `p` controls: a mercenary he hired, not one hired away
        // (Glossary, You or Your: "'You' refers to the controller of a card").
        let mut sources: smallvec::SmallVec<[CardId; 32]> = self
            .table_cards_controlled(p)
            .chain(self.players[p as usize].agenda.some())
            .collect();
        sources.extend(self.attachments.iter().copied().filter(|&a| {
            let ai = self.c(a);
            ai.controller == p && !ai.face_down() && ai.zone != Zone::Resolving
        }));
        // A trigger about a conflict: its target is the conflict's ("the
        // target loses one influence", War Conflicts), for `who = "target"`.
        let target = match t {
            Trigger::Targeted
            | Trigger::ConflictWon
            | Trigger::ConflictLost
            | Trigger::GainedInfluenceFromConflict
            | Trigger::AttackInConflict
            | Trigger::WarWonContested => self
                .conflicts
                .get(conflict.0 as usize)
                .map_or(Target::None, |k| k.target),
            _ => Target::None,
        };
        for s in sources {
            self.run_triggers_of(s, t, target, CardId::NONE, conflict, ev);
        }
    }

    fn run_triggers_of(
        &mut self,
        src: CardId,
        t: Trigger,
        target: Target,
        other: CardId,
        conflict: ConflictId,
        ev: &mut Events,
    ) {
        let si = self.c(src);
        if si.face_down() || si.has(flag::BLANK) || !si.zone.in_play() {
            return;
        }
        // The card's effects that this happening triggered are its
        // controller's as the card was then, even after an earlier one of
        // them took the card out of play.
        let controller = si.controller;
        let db = self.db.clone();
        let def = db.get(si.def);
        for (i, te) in def.triggers.iter().enumerate() {
            if te.trigger != t {
                continue;
            }
            let at = Fired {
                src,
                controller,
                target,
                other,
                conflict,
                index: i as u8,
            };
            self.carry_out(te, at, ev);
        }
    }

    /// Carries out one triggered effect of a card in play (Triggered
    /// Effects), if the card can.
    pub(crate) fn carry_out(&mut self, te: &TriggeredEffect, at: Fired, ev: &mut Events) {
        let Fired {
            src,
            controller,
            target,
            other,
            conflict,
            index,
        } = at;
        let t = te.trigger;
        // A triggered effect does not trigger itself while it is being
        // carried out, and a turn carries out a bounded number of them
        // (two cards whose effects answer each other would never stop:
        // the rules give such card text no end).
        if firing(src, t) || self.triggers_this_turn >= MAX_TRIGGERS_PER_TURN {
            return;
        }
        // Its text: "only once per turn" / "once per game".
        let once = crate::actions::once::TRIGGERS.saturating_add(index);
        if self.used_up(src, once, te.limit) {
            return;
        }
        self.triggers_this_turn += 1;
        let si = self.c(src);
        if te.rotate {
            // Only a ready card in play can rotate for its triggered
            // effect.
            if si.rotated() || si.neutralized() || !si.zone.in_play() {
                return;
            }
            self.rotate(src);
        }
        self.note_use(src, once, te.limit);
        let mut ctx = Ctx::new(controller, src, target);
        ctx.attacker = other;
        if (conflict.0 as usize) < self.conflicts.len() {
            ctx = ctx.in_conflict(conflict);
        }
        FIRING.with(|f| f.borrow_mut().push((src, t)));
        self.run_effects(&te.effects, false, &ctx, ev);
        FIRING.with(|f| {
            f.borrow_mut().pop();
        });
    }

    /// Whether a card in play, face up and not blanked, has a "when this
    /// card leaves play" triggered effect.
    pub(crate) fn leaves_play_trigger(&self, card: CardId) -> bool {
        let ci = self.c(card);
        !ci.face_down()
            && !ci.has(flag::BLANK)
            && self
                .db
                .get(ci.def)
                .triggers
                .iter()
                .any(|te| te.trigger == Trigger::LeavesPlay)
    }

    /// Runs a card's "when it leaves play" effects after it has left, for
    /// the player who controlled it.
    pub(crate) fn run_leaves_play(&mut self, card: CardId, controller: PlayerId, ev: &mut Events) {
        if (controller as usize) >= self.players.len() {
            return;
        }
        let db = self.db.clone();
        let def = db.get(self.c(card).def);
        for te in def
            .triggers
            .iter()
            .filter(|te| te.trigger == Trigger::LeavesPlay)
        {
            let ctx = Ctx::new(controller, card, Target::None);
            self.run_effects(&te.effects, false, &ctx, ev);
        }
    }

    /// A trigger happens: triggered effects of cards in play, then a window
    /// for contingencies.
    pub(crate) fn fire_trigger(
        &mut self,
        t: Trigger,
        card: CardId,
        player: PlayerId,
        conflict: ConflictId,
        ev: &mut Events,
    ) {
        self.fire_trigger_with(t, card, CardId::NONE, player, conflict, ev)
    }

    /// [`Game::fire_trigger`] for a trigger about two cards (the other
    /// card of an attack: `card = "attacker"` in its effects).
    pub(crate) fn fire_trigger_with(
        &mut self,
        t: Trigger,
        card: CardId,
        other: CardId,
        player: PlayerId,
        conflict: ConflictId,
        ev: &mut Events,
    ) {
        if t.on_card() {
            self.run_card_triggers(t, card, other, conflict, ev)
        } else {
            self.run_player_triggers(t, player, conflict, ev)
        }
        let w = Window {
            trigger: t,
            card,
            other,
            player,
            conflict,
            pos: 0,
            passes: 0,
            askers: 0,
            then: Continuation::Resume,
            canceled: false,
        };
        self.open_window(w);
    }

    /// Players who control a face-down contingency (and so are asked).
    fn contingency_askers(&self) -> u8 {
        let mut askers = 0u8;
        for &a in self.attachments.iter() {
            let ai = self.c(a);
            if ai.face_down()
                && ai.zone == Zone::Attached
                && (ai.controller as usize) < self.players.len()
                && !self.players[ai.controller as usize].eliminated
            {
                askers |= 1 << ai.controller;
            }
        }
        askers
    }

    /// Opens a contingency window if anyone could answer, or queues it
    /// behind the one already open (Resolution Round step 2: each trigger
    /// resolves completely before the next). False when nobody could answer.
    pub(crate) fn open_window(&mut self, mut w: Window) -> bool {
        let askers = self.contingency_askers();
        if askers == 0 {
            return false;
        }
        if self.window.is_some() {
            self.window_queue.push(w);
            return true;
        }
        w.askers = askers;
        w.pos = 0;
        w.passes = 0;
        self.normalize_window(&mut w);
        self.window_revealed.clear();
        self.window = Some(w);
        true
    }

    /// Skips players who cannot answer (they count as passing).
    fn normalize_window(&self, w: &mut Window) {
        let n = self.initiative.len();
        while (w.passes as usize) < n && w.askers & (1 << self.initiative[w.pos as usize]) == 0 {
            w.pos = ((w.pos as usize + 1) % n) as u8;
            w.passes += 1;
        }
    }

    pub(crate) fn window_asker(&self, w: &Window) -> Option<PlayerId> {
        if (w.passes as usize) < self.initiative.len() {
            self.initiative.get(w.pos as usize).copied()
        } else {
            None
        }
    }

    /// The contingency's triggered effect that answers the open trigger, if
    /// any: same trigger, on the card concerned (or, for player triggers,
    /// on a card of that player). The newer triggers answer in the window
    /// of the moment they share, so its trigger need not be the window's.
    fn answering_trigger(&self, w: &Window, card: CardId) -> Option<usize> {
        let ci = self.c(card);
        let def = self.db.get(ci.def);
        // A contingency on a conflict card answers only what happens in
        // that conflict (rulings 7.5).
        if ci
            .host
            .some()
            .is_some_and(|h| self.c(h).zone == Zone::Conflict)
            && self
                .conflicts
                .get(w.conflict.0 as usize)
                .is_none_or(|k| k.card != ci.host)
        {
            return None;
        }
        def.triggers
            .iter()
            .position(|te| match (w.trigger, te.trigger) {
                (Trigger::Attacked, Trigger::Attacked) => ci.host == w.card,
                (Trigger::Attacked, Trigger::Attacks) => ci.host == w.other,
                (Trigger::NeutralizedTarget, Trigger::NeutralizedTarget) => ci.host == w.card,
                (Trigger::EventTargeted, Trigger::EventTargeted)
                | (Trigger::ActionTargeted, Trigger::ActionTargeted) => {
                    self.window_targets_host(w, ci.host, &te.effects)
                }
                // Triggers that watch the game (`watchers.rs`).
                (_, c_t) if c_t.watches() => self.contingency_watches(w, te, card, ci.controller),
                // The newer triggers answer in the window of the moment they
                // share (`triggers.rs`).
                (w_t, c_t) if self.shares_window(w, (w_t, c_t), ci.host, ci.controller) => true,
                // "Its controller": the contingency's, not its host's faction
                // (a mercenary he hired may carry it).
                (a, b) if a == b && !a.on_card() => {
                    ci.host.some().is_some() && ci.controller == w.player
                }
                _ => false,
            })
    }

    pub(crate) fn check_reveal(
        &self,
        p: PlayerId,
        w: &Window,
        card: CardId,
    ) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if c.zone != Zone::Attached || !c.face_down() || c.controller != p {
            return Err(Violation::NotYours(card));
        }
        let Some(i) = self.answering_trigger(w, card) else {
            return Err(Violation::NoTrigger(card));
        };
        let def = self.db.get(c.def);
        // Reversal: "cannot be played unless you can reverse all of the
        // effects that actually occurred" (a contingency that reverses is
        // revealed only then).
        if Game::reverses(&def.triggers[i].effects).is_some_and(|r| !self.can_reverse(r)) {
            return Err(Violation::CannotReverse(card));
        }
        // One copy per trigger; a limited one once a turn; a unique one once a game.
        if self.window_revealed.contains(&c.def) {
            return Err(Violation::NoTrigger(card));
        }
        match def.uniqueness {
            Uniqueness::Limited if self.limited_this_turn.contains(&c.def) => {
                Err(Violation::LimitedThisTurn(card))
            }
            Uniqueness::Unique if self.unique_used.contains(&c.def) => {
                Err(Violation::UniqueUsed(card))
            }
            _ => Ok(()),
        }
    }

    pub(crate) fn reveal_candidates(&self, p: PlayerId, _w: &Window, out: &mut Vec<Action>) {
        for &a in self.attachments.iter() {
            let ai = self.c(a);
            if ai.face_down() && ai.controller == p {
                out.push(Action::Reveal { card: a });
            }
        }
    }

    /// A player answers the window: reveal (and the asking goes round again)
    /// or pass.
    pub(crate) fn window_answer(&mut self, p: PlayerId, a: Action, ev: &mut Events) {
        let Some(mut w) = self.window else { return };
        let n = self.initiative.len().max(1);
        match a {
            Action::Reveal { card } => {
                w.passes = 0;
                self.window = Some(w);
                self.reveal_contingency(p, &w, card, ev);
                if let Some(cur) = self.window {
                    w.canceled = cur.canceled;
                }
            }
            _ => {
                ev.push(Event::Passed { player: p });
                w.passes += 1;
            }
        }
        w.pos = ((w.pos as usize + 1) % n) as u8;
        // Players whose contingencies are all revealed no longer answer.
        let mut askers = 0u8;
        for &c in self.attachments.iter() {
            let ci = self.c(c);
            if ci.face_down()
                && ci.zone == Zone::Attached
                && (ci.controller as usize) < self.players.len()
            {
                askers |= 1 << ci.controller;
            }
        }
        w.askers = askers;
        self.normalize_window(&mut w);
        self.window = Some(w);
    }

    fn reveal_contingency(&mut self, p: PlayerId, w: &Window, card: CardId, ev: &mut Events) {
        let db = self.db.clone();
        let def_id = self.c(card).def;
        let def = db.get(def_id);
        let host = self.c(card).host;
        self.cm(card).flags &= !flag::FACE_DOWN;
        self.window_revealed.push(def_id);
        match def.uniqueness {
            Uniqueness::Limited => self.limited_this_turn.push(def_id),
            Uniqueness::Unique => self.unique_used.push(def_id),
            Uniqueness::Multiple => {}
        }
        ev.push(Event::ContingencyRevealed { player: p, card });
        let te = self.answering_trigger(w, card).map(|i| &def.triggers[i]);
        // A trigger that watches the game names the card it matched
        // (`card = "that"`); the others, the card the contingency is on.
        let about = match te {
            Some(te) if te.trigger.watches() => Target::Card(self.watched_card(w, te)),
            _ => Target::Card(host),
        };
        let mut ctx = Ctx::new(p, card, about);
        ctx.attacker = match te {
            // `card-attacked`: the attacker is the window's other card.
            Some(te) if te.trigger.watches() => w.other,
            _ if host == w.card => w.other,
            _ => w.card,
        };
        if (w.conflict.0 as usize) < self.conflicts.len() {
            ctx = ctx.in_conflict(w.conflict);
        }
        let reverser = te.is_some_and(|te| Game::reverses(&te.effects).is_some());
        // Reversal: record what the contingency's effects change (one that
        // reverses is not recorded: it cannot be reversed itself), unless
        // the window holds back a card that reverses the contingency
        // revealed before it.
        let recording = !reverser && !self.window_holds_reverser(w);
        if recording {
            self.start_record(card, Reversible::Contingency);
        }
        if let Some(te) = te {
            self.run_effects(&te.effects, def.both, &ctx, ev);
        }
        if recording {
            self.stop_record(Reversible::Contingency);
        } else if reverser {
            // What it reversed (or failed to) cannot be reversed again.
            self.reversal = None;
        }
        // Once carried out, a contingency goes to the discard pile.
        if self.c(card).zone == Zone::Attached {
            self.move_card(card, Zone::Discard, p, ev);
        }
    }

    /// Everyone has passed: the suspended action goes on.
    pub(crate) fn close_window(&mut self, ev: &mut Events) {
        let Some(w) = self.window.take() else { return };
        self.window_revealed.clear();
        self.forget_discard_answers(&w);
        self.continue_after(w, ev);
        // The next queued window, if anyone can still answer it.
        while self.window.is_none() && !self.window_queue.is_empty() {
            let next = self.window_queue.remove(0);
            if !self.open_window(next) {
                self.continue_after(next, ev);
            }
        }
        self.sweep_neutralization(ev);
    }

    /// What a closed window suspended.
    fn continue_after(&mut self, w: Window, ev: &mut Events) {
        if let Continuation::Event {
            player,
            card,
            target,
            second,
        } = w.then
        {
            self.finish_event(player, card, (target, second), w.canceled, ev);
        }
        if let Continuation::CardAction {
            player,
            card,
            index,
            target,
            second,
        } = w.then
        {
            self.finish_card_action(player, card, index, (target, second), w.canceled, ev);
        }
        if let Continuation::EffectAttack {
            attacker,
            target,
            ability,
        } = w.then
        {
            if w.canceled {
                ev.push(Event::AttackCanceled { attacker });
                self.end_attack_mods();
            } else {
                // Noted if a recorded card made the attack (`reversal/record.rs`).
                self.exchange_damage_noted(attacker, target, ability, ev);
            }
        }
        if let Continuation::Attack {
            attacker,
            target,
            conflict,
        } = w.then
        {
            if w.canceled {
                ev.push(Event::AttackCanceled { attacker });
                self.end_attack_mods();
            } else {
                self.resolve_attack(attacker, target, conflict, ev);
            }
        }
    }
}

// Contingencies on the newer triggers (Contingency Cards: "Whenever the
// trigger condition is met, the player of the contingency may reveal it").
// Each newer trigger happens at the same moment as an older one, and its
// contingencies answer in that moment's window, so no player is asked
// twice for one event (every player with a face-down contingency is asked,
// match or not, so hidden cards stay hidden):
//
// - `attack-in-conflict`: in the window of the attack (before damage), for
// a contingency on a card of the conflict's initiator;
// - `survived-attack`: in the window after the attack's damage (the
// `neutralized-target` window, or one opened for the survivors), for a
// contingency on a card of the attack that is still in play and not
// neutralized;
// - `fleet-neutralized`: in that same window, for a contingency on a card
// of a player whose fleet the attack neutralized; a fleet neutralized
// outside an attack (by an effect, damage or a transfer of damage, a
// bonus ending) opens a window of its own, after its triggered effects,
// for a contingency on a card of the fleet's controller;
// - `contested-war-won`: in the conflict-won window of a war conflict won
// although contested;
// - the triggers that watch the game (`watchers.rs`): `card-attacked` in
// the window of the attack, `neutralized` in the window after an attack
// that neutralized the card, otherwise a window of their own.
//
// `leaves-play` opens none: a contingency leaves play with its card.

impl Game {
    /// Whether a contingency with trigger `c_t` on `host`, controlled by
    /// `you`, answers the open window `w` of trigger `w_t`. "Its
    /// controller" is the contingency's (Glossary, You or Your: "'You'
    /// refers to the controller of a card"), who may differ from the
    /// host's faction when the host is a mercenary he hired.
    pub(crate) fn shares_window(
        &self,
        w: &Window,
        (w_t, c_t): (Trigger, Trigger),
        host: CardId,
        you: PlayerId,
    ) -> bool {
        let Some(h) = host.some() else { return false };
        let hi = self.c(h);
        let survived = |c: CardId| c == h && hi.zone.on_table() && !hi.neutralized();
        let fleet_down = |c: CardId| {
            c.some().is_some_and(|c| {
                let ci = self.c(c);
                ci.neutralized()
                    && self.db.get(ci.def).card_type == CardType::Fleet
                    && ci.controller == you
            })
        };
        match (w_t, c_t) {
            (Trigger::Attacked, Trigger::AttackInConflict) => self
                .conflicts
                .get(w.conflict.0 as usize)
                .is_some_and(|k| k.initiator == you),
            // The window after the damage: `neutralized-target` (card = the
            // attacker, other = the target) or `survived-attack` (card =
            // the target, other = the attacker).
            (Trigger::NeutralizedTarget | Trigger::SurvivedAttack, Trigger::SurvivedAttack) => {
                survived(w.card) || survived(w.other)
            }
            (Trigger::NeutralizedTarget | Trigger::SurvivedAttack, Trigger::FleetNeutralized) => {
                fleet_down(w.card) || fleet_down(w.other)
            }
            (Trigger::ConflictWon, Trigger::WarWonContested) => {
                you == w.player
                    && self.conflicts.get(w.conflict.0 as usize).is_some_and(|k| {
                        k.war
                            && k.participants.iter().any(|p| {
                                matches!(p.role, Role::Oppose | Role::Attack(_))
                                    && self.c(p.card).zone.on_table()
                            })
                    })
            }
            _ => false,
        }
    }

    /// After an attack's damage when the target was not neutralized by it:
    /// a window for contingencies on a survivor of the attack or of a
    /// player whose fleet it neutralized, if any card of the attack is a
    /// survivor or a neutralized fleet.
    pub(crate) fn after_attack_window(
        &mut self,
        attacker: CardId,
        target: CardId,
        conflict: ConflictId,
    ) {
        let live = |g: &Game, c: CardId| g.c(c).zone.on_table() && !g.c(c).neutralized();
        let fleet_down = |g: &Game, c: CardId| {
            g.c(c).neutralized() && g.db.get(g.c(c).def).card_type == CardType::Fleet
        };
        if !(live(self, attacker) || live(self, target) || fleet_down(self, attacker)) {
            return;
        }
        self.open_window(Window {
            trigger: Trigger::SurvivedAttack,
            card: target,
            other: attacker,
            player: self.c(target).faction,
            conflict,
            pos: 0,
            passes: 0,
            askers: 0,
            then: Continuation::Resume,
            canceled: false,
        });
    }
}
