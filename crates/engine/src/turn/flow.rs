//! The turn as a state machine (Game Sequence; Turn Sequence). The public
//! API is here: [`Game::pending`], [`Game::legal_actions`], [`Game::apply`].
//! After every action the game runs forward on its own — readying,
//! restoring, revealing, resolving, drawing — until some player has a
//! choice to make (the GEMP loop: nothing ever blocks on a player).

use smallvec::SmallVec;

use crate::game::action::Action;
use crate::game::error::{RuleError, Violation};
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Round, Step};
use crate::ids::PlayerId;

/// The players who have a choice to make now.
pub type Pending = SmallVec<[PlayerId; 6]>;

impl Game {
    /// Which players have a choice to make. Several at once where the rules
    /// make a step simultaneous (sustaining, discarding, buying, keeping);
    /// empty when the game is over or stands on entering a round.
    pub fn pending(&self) -> Pending {
        self.pending_among(None)
    }

    /// Whether `p` has a choice to make now.
    pub fn is_pending(&self, p: PlayerId) -> bool {
        if let Some(actor) = self.plain_round_actor() {
            return actor == p && actor != crate::game::state::NOBODY;
        }
        !self.pending_among(Some(p)).is_empty()
    }

    /// The common case, answered at once: an Action Round turn with no
    /// vote, choice, Chaos Token move or contingency window in between
    /// gives its choice to the player whose turn it is (`pending_among`
    /// gives the same answer the long way).
    #[inline]
    fn plain_round_actor(&self) -> Option<PlayerId> {
        let Step::Act { pos, passes } = self.step else {
            return None;
        };
        if self.vote.is_some()
            || self.choice.is_some()
            || self.chaos_mover != crate::game::state::NOBODY
            || self.window.is_some()
        {
            return None;
        }
        if (passes as usize) < self.initiative.len() {
            self.initiative.get(pos as usize).copied()
        } else {
            Some(crate::game::state::NOBODY)
        }
    }

    /// [`Game::pending`], asking only about `only` when given (so a
    /// simultaneous step does not look at every other player's table).
    fn pending_among(&self, only: Option<PlayerId>) -> Pending {
        let mut out = Pending::new();
        let asked = |p: PlayerId| only.is_none_or(|q| q == p);
        // A vote in progress is answered before anything else (Votes).
        if let Some(v) = &self.vote {
            if let Some(p) = v.asker().filter(|&p| asked(p)) {
                out.push(p);
            }
            return out;
        }
        // A choice in the middle of an effect (a search, cards, a mode).
        if let Some(c) = &self.choice {
            if asked(c.player) {
                out.push(c.player);
            }
            return out;
        }
        // Drakh Rule 7: the Drakh player who just acted may move Chaos Tokens.
        if self.chaos_mover != crate::game::state::NOBODY {
            if asked(self.chaos_mover) {
                out.push(self.chaos_mover);
            }
            return out;
        }
        if let Some(w) = &self.window {
            if let Some(p) = self.window_asker(w).filter(|&p| asked(p)) {
                out.push(p);
            }
            return out;
        }
        let n = self.players.len();
        match self.step {
            Step::Over | Step::Entry(_) | Step::Reveal { .. } | Step::Resolve { .. } => {}
            Step::Keep { answered } => {
                for p in 0..n as PlayerId {
                    if asked(p) && answered & (1 << p) == 0 && !self.players[p as usize].eliminated
                    {
                        out.push(p);
                    }
                }
            }
            Step::Sustain { answered } => {
                for p in 0..n as PlayerId {
                    if asked(p) && answered & (1 << p) == 0 && self.has_sustainable(p) {
                        out.push(p);
                    }
                }
            }
            Step::Declare { pos } => {
                if let Some(&p) = self.initiative.get(pos as usize) {
                    if asked(p) {
                        out.push(p);
                    }
                }
            }
            Step::Act { pos, passes } => {
                if (passes as usize) < self.initiative.len() {
                    if let Some(&p) = self.initiative.get(pos as usize) {
                        if asked(p) {
                            out.push(p);
                        }
                    }
                }
            }
            Step::Aftermath { pos, passes, .. } => {
                if (passes as usize) < self.initiative.len() {
                    if let Some(&p) = self.initiative.get(pos as usize) {
                        if asked(p) && !self.players[p as usize].hand.is_empty() {
                            out.push(p);
                        }
                    }
                }
            }
            Step::DrawDiscard { answered } => {
                for &p in self.initiative.iter() {
                    if asked(p) && answered & (1 << p) == 0 {
                        out.push(p);
                    }
                }
            }
            Step::EmptyDeck { player, .. } => {
                if asked(player) {
                    out.push(player);
                }
            }
            Step::Buy { answered } => {
                for &p in self.initiative.iter() {
                    if asked(p) && answered & (1 << p) == 0 && self.max_buy(p) > 0 {
                        out.push(p);
                    }
                }
            }
            Step::ResolveOrder { player } => {
                if asked(player) {
                    out.push(player);
                }
            }
        }
        out
    }

    /// Exactly the legal actions of `p` now (empty when `p` has no choice).
    pub fn legal_actions(&self, p: PlayerId) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(p, &mut v);
        v
    }

    /// [`Game::legal_actions`] into a reused buffer.
    pub fn legal_actions_into(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.clear();
        if (p as usize) >= self.players.len() || !self.is_pending(p) {
            return;
        }
        let _memo = crate::effects::ability::AbilityMemo::freeze(self);
        self.candidates(p, out);
        if self.plain_round_actor().is_some() {
            // What `check_pending` would do for each, without asking again.
            out.retain(|a| self.check_round_action(p, a).is_ok());
        } else {
            out.retain(|a| self.check_pending(p, a).is_ok());
        }
    }

    /// Applies `p`'s action. An illegal action is rejected with an error
    /// naming the rule, and the game is left exactly as it was. A legal one
    /// is carried out and the game runs forward until some player has a
    /// choice (or, with [`Game::set_pause_at_rounds`], until it stands on
    /// entering the next round).
    pub fn apply(&mut self, p: PlayerId, action: Action) -> Result<Events, RuleError> {
        if let Err(v) = self.check(p, &action) {
            return Err(self.rule_error(v, p, &action));
        }
        let mut ev = Events::new();
        self.paid = [0; crate::game::state::MAX_PLAYERS];
        // Drakh Rule 7: "After each of his actions, including a pass action,
        // a Drakh player may move any number of Chaos Tokens" (Action Round
        // actions; asked only when a move is possible).
        let round_action = self.chaos_mover == crate::game::state::NOBODY
            && self.window.is_none()
            && self.choice.is_none()
            && matches!(self.step, Step::Act { .. });
        // Reversal: a new Action Round turn is each player's last chance
        // to act (`reversal/since.rs`); the next action alone may reverse
        // the contingency just revealed.
        self.reversal_before_action(p, &action);
        self.perform(p, action, &mut ev);
        self.drakh_checks(&mut ev);
        if round_action && self.step != Step::Over {
            self.chaos_after_action(p);
        }
        self.run(&mut ev);
        Ok(ev)
    }

    /// Whether `p` may take `action` now, without changing anything.
    pub fn check_action(&self, p: PlayerId, action: &Action) -> Result<(), RuleError> {
        self.check(p, action)
            .map_err(|v| self.rule_error(v, p, action))
    }

    pub(crate) fn check(&self, p: PlayerId, action: &Action) -> Result<(), Violation> {
        if self.step == Step::Over {
            return Err(Violation::GameOver);
        }
        if (p as usize) >= self.players.len() {
            return Err(Violation::NoSuchPlayer);
        }
        if !self.is_pending(p) {
            return Err(Violation::NotPending);
        }
        self.check_pending(p, action)
    }

    /// Legality for a player known to be pending.
    fn check_pending(&self, p: PlayerId, a: &Action) -> Result<(), Violation> {
        if self.vote.is_some() {
            return self.check_vote_action(p, a);
        }
        if self.choice.is_some() {
            return self.check_choice_action(p, a);
        }
        if self.chaos_mover != crate::game::state::NOBODY {
            return self.check_chaos_answer(p, a);
        }
        if let Some(w) = &self.window {
            return match *a {
                Action::Pass => Ok(()),
                Action::Reveal { card } => self.check_reveal(p, w, card),
                _ => Err(Violation::WrongTime {
                    verb: a.verb(),
                    when: "a contingency trigger (reveal or pass)",
                }),
            };
        }
        let wrong = |when| {
            Err(Violation::WrongTime {
                verb: a.verb(),
                when,
            })
        };
        match self.step {
            // Appendix One: the cards put back, in whatever order he likes.
            Step::Keep { .. } if self.is_stacking(p) => self.check_stack(p, a),
            Step::Keep { .. } => match *a {
                Action::Keep { card } => self.check_keep(p, card),
                Action::Mulligan => self.check_mulligan(p),
                Action::Pass => Ok(()),
                _ => wrong("the two-player draw (keep, mulligan or pass)"),
            },
            Step::Sustain { .. } => match *a {
                Action::Sustain { card } => self.check_sustain(p, card),
                Action::Pass => Ok(()),
                _ => wrong("the Ready Round (sustain or pass)"),
            },
            Step::Declare { .. } => match *a {
                Action::Declare { card, target, pay } => self.check_declare(p, card, target, pay),
                Action::DeclareWar { target } => self.check_declare_war(p, target),
                Action::Pass => Ok(()),
                _ => wrong("the Conflict Round (declare or pass)"),
            },
            Step::Act { .. } => self.check_round_action(p, a),
            Step::Aftermath { conflict, .. } => match *a {
                Action::PlayAftermath { card, target, pay } => {
                    self.check_aftermath(p, conflict, card, target, pay)
                }
                Action::Pass => Ok(()),
                _ => wrong("the Resolution Round (play an aftermath or pass)"),
            },
            Step::DrawDiscard { .. } => match *a {
                Action::Discard { card } => self.check_discard(p, card),
                Action::Surrender { to } => self.check_surrender(p, to),
                Action::Pass => Ok(()),
                _ => wrong("Draw Round step 2 (discard, surrender or pass)"),
            },
            Step::EmptyDeck { .. } => match *a {
                Action::Choose { card } => self.check_empty_deck_choice(p, card),
                _ => wrong("Draw Round step 3 (choose the Inner Circle character to discard)"),
            },
            Step::Buy { .. } => match *a {
                Action::Buy { count } => self.check_buy(p, count),
                _ => wrong("Draw Round step 4 (buy cards)"),
            },
            Step::Over => Err(Violation::GameOver),
            Step::Entry(_) | Step::Reveal { .. } | Step::Resolve { .. } => {
                Err(Violation::NotPending)
            }
            Step::ResolveOrder { .. } => match *a {
                Action::ResolveFirst { conflict } => self.check_resolve_first(p, conflict),
                _ => wrong("the Resolution Round (choose which of your conflicts resolves first)"),
            },
        }
    }

    /// Every action worth checking for `p` now.
    fn candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        if self.vote.is_some() {
            self.vote_candidates(out);
            return;
        }
        if self.choice.is_some() {
            self.choice_candidates(out);
            return;
        }
        if self.chaos_mover != crate::game::state::NOBODY {
            self.chaos_candidates(p, out);
            return;
        }
        if let Some(w) = &self.window {
            out.push(Action::Pass);
            self.reveal_candidates(p, w, out);
            return;
        }
        match self.step {
            Step::Keep { .. } if self.is_stacking(p) => self.stack_candidates(p, out),
            Step::Keep { .. } => {
                out.push(Action::Pass);
                out.push(Action::Mulligan);
                for c in self.iter_pile(self.players[p as usize].hand) {
                    out.push(Action::Keep { card: c });
                }
            }
            Step::Sustain { .. } => {
                out.push(Action::Pass);
                for c in self.table_cards_controlled(p) {
                    out.push(Action::Sustain { card: c });
                }
            }
            Step::Declare { .. } => {
                out.push(Action::Pass);
                self.declare_candidates(p, out);
            }
            Step::Act { .. } => self.round_action_candidates(p, out),
            Step::Aftermath { conflict, .. } => {
                out.push(Action::Pass);
                self.aftermath_candidates(p, conflict, out);
            }
            Step::DrawDiscard { .. } => {
                out.push(Action::Pass);
                for c in self.iter_pile(self.players[p as usize].hand) {
                    out.push(Action::Discard { card: c });
                }
                // Unconditional Surrender: during the discard round.
                for q in self.surrender_candidates(p) {
                    out.push(Action::Surrender { to: q });
                }
            }
            Step::EmptyDeck { .. } => {
                out.extend(
                    self.empty_deck_choices(p)
                        .map(|card| Action::Choose { card }),
                );
            }
            Step::Buy { .. } => {
                for n in 0..=self.max_buy(p) {
                    out.push(Action::Buy { count: n });
                }
            }
            Step::ResolveOrder { .. } => self.resolve_order_candidates(p, out),
            _ => {}
        }
    }

    /// Whether `a`, legal for `p`, is known to apply no influence of `p`
    /// without applying it (false: apply it to a copy to know). True for the
    /// answers of the steps where every player answers at once, the Ready
    /// Round's sustained actions and Draw Round step 2's discards: they
    /// only mark a card or move it from hand, and a pass only records the
    /// answer while another player still has his to give (the step then
    /// goes on, and nothing is paid until it ends).
    pub fn pays_no_influence(&self, p: PlayerId, a: &Action) -> bool {
        let answering = self.vote.is_none()
            && self.choice.is_none()
            && self.chaos_mover == crate::game::state::NOBODY
            && self.window.is_none();
        let others_to_answer = || self.pending().iter().any(|&q| q != p);
        answering
            && match (self.step, a) {
                (Step::Sustain { .. }, Action::Sustain { .. })
                | (Step::DrawDiscard { .. }, Action::Discard { .. }) => true,
                (Step::Sustain { .. } | Step::DrawDiscard { .. }, Action::Pass) => {
                    others_to_answer()
                }
                _ => false,
            }
    }

    /// Carries out a checked action.
    fn perform(&mut self, p: PlayerId, a: Action, ev: &mut Events) {
        if self.vote.is_some() {
            self.perform_vote(p, a, ev);
            return;
        }
        if self.choice.is_some() {
            self.perform_choice(p, a, ev);
            return;
        }
        if self.chaos_mover != crate::game::state::NOBODY {
            self.do_chaos_answer(p, a, ev);
            return;
        }
        if self.window.is_some() {
            self.window_answer(p, a, ev);
            return;
        }
        match self.step {
            Step::Keep { .. } if self.is_stacking(p) => self.perform_stack(p, a),
            Step::Keep { answered } => match a {
                Action::Keep { card } => self.do_keep(p, card),
                Action::Mulligan => self.do_mulligan(p, ev),
                _ => {
                    self.finish_keep(p, ev);
                    if !self.is_stacking(p) {
                        self.step = Step::Keep {
                            answered: answered | (1 << p),
                        };
                    }
                }
            },
            Step::Sustain { answered } => match a {
                Action::Sustain { card } => self.do_sustain(card, ev),
                _ => {
                    self.step = Step::Sustain {
                        answered: answered | (1 << p),
                    }
                }
            },
            Step::Declare { pos } => {
                match a {
                    Action::Declare { card, target, pay } => {
                        self.do_declare(p, card, (target, pay), ev)
                    }
                    Action::DeclareWar { target } => self.do_declare_war(p, target, ev),
                    _ => ev.push(Event::Passed { player: p }),
                }
                // One chance each: the turn passes on unless the player may
                // still declare another conflict from a card.
                if a == Action::Pass || !self.may_declare_more(p) {
                    self.step = Step::Declare { pos: pos + 1 };
                }
            }
            Step::Act { pos, passes } => {
                let passes = if a == Action::Pass {
                    ev.push(Event::Passed { player: p });
                    passes + 1
                } else {
                    0
                };
                let n = self.initiative.len() as u8;
                self.step = Step::Act {
                    pos: (pos + 1) % n.max(1),
                    passes,
                };
                if a != Action::Pass {
                    self.do_round_action(p, a, ev);
                }
                self.sweep_neutralization(ev);
            }
            Step::Aftermath {
                conflict,
                pos,
                passes,
            } => {
                let passes = if a == Action::Pass {
                    ev.push(Event::Passed { player: p });
                    passes + 1
                } else {
                    0
                };
                let n = self.initiative.len() as u8;
                self.step = Step::Aftermath {
                    conflict,
                    pos: (pos + 1) % n.max(1),
                    passes,
                };
                if let Action::PlayAftermath { card, target, pay } = a {
                    self.do_aftermath(p, conflict, card, target, pay, ev);
                }
                self.sweep_neutralization(ev);
            }
            Step::DrawDiscard { answered } => match a {
                Action::Discard { card } => self.do_discard(p, card, ev),
                Action::Surrender { to } => self.do_surrender(p, to, ev),
                _ => {
                    self.step = Step::DrawDiscard {
                        answered: answered | (1 << p),
                    }
                }
            },
            Step::EmptyDeck { player, pos } => {
                if let Action::Choose { card } = a {
                    self.discard_from_play(card, crate::game::event::Cause::EmptyDeck, ev);
                }
                let _ = player;
                self.draw_free_cards_from(pos + 1, ev);
            }
            Step::Buy { answered } => {
                if let Action::Buy { count } = a {
                    self.do_buy(p, count, ev);
                }
                self.step = Step::Buy {
                    answered: answered | (1 << p),
                };
            }
            Step::ResolveOrder { .. } => {
                if let Action::ResolveFirst { conflict } = a {
                    self.step = Step::Resolve {
                        conflict: conflict.0,
                    };
                }
            }
            _ => {}
        }
    }

    /// Runs forward until a choice is pending, the game is over, or (when
    /// pausing) it stands on entering a round.
    ///
    /// Influence and Influence Rating: the pools hold the rating whenever a
    /// player may act, so each pass puts the rating's modifiers in the
    /// pools (`crate::game::rating`) after every sweep that may start or
    /// stop one (marks given or purged, a card neutralized), once.
    pub(crate) fn run(&mut self, ev: &mut Events) {
        loop {
            // Bonuses and Blanking: blanks imposed by effects start and end
            // with their modifiers.
            self.sync_blanks();
            // Marks: a card given marks by a lasting source, or cut off
            // from one, gains or purges them as soon as it happens.
            self.refresh_mark_links(ev);
            // A lasting bonus with a condition may have started or stopped.
            if self.conditional_in_play {
                self.abilities_changed = true;
            }
            self.isa_taint_sweep(ev);
            // Neutralization: a damaged card whose abilities fall to 0 is
            // neutralized at once, whatever lowered them, in every step.
            self.sweep_neutralization(ev);
            if let Some(v) = &self.vote {
                if v.asker().is_some() {
                    self.sync_rating_pools();
                    return;
                }
                // Never reached: a vote with nobody to ask ends at once.
                self.vote = None;
                continue;
            }
            if let Some(c) = self.choice {
                if !self.players[c.player as usize].eliminated {
                    self.sync_rating_pools();
                    return;
                }
                // A replacement whose chooser has gone still happens, with
                // what was chosen (Appendix Two, Example 6).
                if c.kind == crate::game::held::ChoiceKind::Transfer {
                    self.finish_transfers(c, ev);
                } else {
                    self.choice = None;
                }
                continue;
            }
            self.drakh_checks(ev);
            self.sweep_neutralization(ev);
            self.sync_rating_pools();
            if let Some(w) = self.window {
                if self.window_asker(&w).is_some() {
                    return;
                }
                self.close_window(ev);
                continue;
            }
            self.chaos_after_triggers();
            match self.step {
                Step::Over => return,
                Step::Entry(r) => {
                    if self.pause_at_rounds {
                        return;
                    }
                    self.begin_round(r, ev);
                }
                _ => {
                    if !self.pending().is_empty() {
                        return;
                    }
                    self.advance_step(ev);
                }
            }
        }
    }

    /// When the game stands on entering a round: begins the round and runs
    /// forward. Otherwise does nothing.
    pub fn proceed(&mut self) -> Events {
        let mut ev = Events::new();
        if let Step::Entry(r) = self.step {
            self.begin_round(r, &mut ev);
            self.run(&mut ev);
        }
        ev
    }

    /// With `true`, the forward run stops on entering each round (for
    /// stepping through a scenario); [`Game::proceed`] goes on.
    pub fn set_pause_at_rounds(&mut self, on: bool) {
        self.pause_at_rounds = on;
    }

    /// The round the game stands on entering, if it does.
    pub fn at_round_entry(&self) -> Option<Round> {
        match self.step {
            Step::Entry(r) => Some(r),
            _ => None,
        }
    }

    /// Begins a round: its automatic first steps.
    fn begin_round(&mut self, r: Round, ev: &mut Events) {
        ev.push(Event::RoundBegan { round: r });
        match r {
            Round::Ready => {
                // "At the start of each turn", before anything readies.
                self.note_ready_at_turn_start();
                self.forget_copy_targets();
                self.watch(
                    crate::card::Trigger::TurnBegins,
                    crate::ids::CardId::NONE,
                    ev,
                );
                self.begin_ready_round(ev)
            }
            Round::Conflict => self.step = Step::Declare { pos: 0 },
            Round::Action => self.step = Step::Act { pos: 0, passes: 0 },
            Round::Resolution => self.step = self.next_resolution_step(),
            Round::Draw => self.begin_draw_round(ev),
        }
    }

    /// Moves a step on when nobody has a choice in it.
    fn advance_step(&mut self, ev: &mut Events) {
        match self.step {
            Step::Keep { .. } => self.step = Step::Entry(Round::Conflict),
            Step::Sustain { .. } => {
                self.ready_step(ev);
                self.step = Step::Entry(Round::Conflict);
            }
            Step::Declare { .. } => self.step = Step::Reveal { next: 0 },
            Step::Reveal { next } => self.reveal_next(next, ev),
            Step::Act { .. } => {
                self.end_action_round(ev);
                self.step = Step::Entry(Round::Resolution);
            }
            Step::Resolve { conflict } => self.resolve_conflict(conflict, ev),
            Step::Aftermath {
                conflict,
                pos,
                passes,
            } => {
                if (passes as usize) >= self.initiative.len() {
                    self.finish_conflict(conflict, ev);
                    self.step = self.next_resolution_step();
                } else {
                    // A player with no cards in hand has no aftermath to play.
                    let n = self.initiative.len() as u8;
                    self.step = Step::Aftermath {
                        conflict,
                        pos: (pos + 1) % n.max(1),
                        passes: passes + 1,
                    };
                }
            }
            Step::DrawDiscard { .. } => self.draw_free_cards_from(0, ev),
            Step::EmptyDeck { .. } => {}
            Step::Buy { .. } => self.end_of_turn(ev),
            Step::Entry(_) | Step::Over | Step::ResolveOrder { .. } => {}
        }
    }

    /// The step after the current conflict: the next to resolve, or the
    /// Draw Round.
    fn next_resolution_step(&self) -> Step {
        match self.next_conflict_to_resolve() {
            Some(c) => self.resolve_or_ask(c),
            None => Step::Entry(Round::Draw),
        }
    }

    /// Draw Round step 5 and the end of the turn.
    fn end_of_turn(&mut self, ev: &mut Events) {
        if self.check_victory(ev) {
            self.step = Step::Over;
            ev.push(Event::GameOver);
            return;
        }
        self.run_delayed(crate::card::When::EndOfTurn, ev);
        self.cleanup_turn(ev);
        if let Some(limit) = self.meta.options.turn_limit {
            if self.turn >= limit {
                self.step = Step::Over;
                ev.push(Event::GameOver);
                return;
            }
        }
        self.turn += 1;
        ev.push(Event::TurnBegan { turn: self.turn });
        self.run_delayed(crate::card::When::StartOfNextTurn, ev);
        self.step = Step::Entry(Round::Ready);
    }

    /// The default choice for a pending player: sustain nothing, declare no
    /// conflict, pass, play no aftermath, discard nothing, buy nothing; a
    /// forced choice between cards takes the first card (in creation order).
    pub fn default_action(&self, p: PlayerId) -> Option<Action> {
        if !self.is_pending(p) {
            return None;
        }
        if self.vote.is_some() {
            return self.vote_default();
        }
        if self.choice.is_some() {
            return self.choice_default();
        }
        if self.chaos_mover != crate::game::state::NOBODY {
            return Some(Action::KeepChaos);
        }
        if self.window.is_some() {
            return Some(Action::Pass);
        }
        match self.step {
            Step::EmptyDeck { .. } => self
                .empty_deck_choices(p)
                .min()
                .map(|card| Action::Choose { card }),
            Step::Buy { .. } => Some(Action::Buy { count: 0 }),
            // The Resolution Round: by default, the declaration order.
            Step::ResolveOrder { .. } => self
                .first_own_to_resolve(p)
                .map(|conflict| Action::ResolveFirst { conflict }),
            _ => Some(Action::Pass),
        }
    }

    fn rule_error(&self, v: Violation, p: PlayerId, a: &Action) -> RuleError {
        RuleError {
            violation: v,
            message: self.violation_message(v, p, a),
            rule: v.rule(),
        }
    }
}
