//! The turn as a state machine (Warp Empires: Turn Sequence, with the
//! module's Exploration Phase). The public API is here: [`Game::pending`],
//! [`Game::legal_actions`], [`Game::apply`]. After every action the game
//! runs forward on its own (exploring, finding battles, collecting revenue,
//! placing control markers, passing the turn) until a player has a choice.

use crate::action::Action;
use crate::error::{RuleError, Violation};
use crate::event::Event;
use crate::state::{Game, Outcome, Phase, PlayerId};

/// What the deciding player is choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ctx {
    /// Discarding for Sabotage.
    Forced,
    /// Picking and moving a stack by Intercept.
    Intercepting,
    /// Answering a window (Diplomacy, Intercept, Security, or pass).
    Window,
    Battle,
    Draw,
    DrawExcess,
    Move,
    /// Picking and moving stacks of a move order.
    Order,
    Recruit,
    Upkeep,
}

impl Game {
    /// The players with a choice to make now: one at a time (players take
    /// turns; reactions are asked in seat order). Empty once the game is
    /// over. Never depends on a hidden card or unit.
    pub fn pending(&self) -> Vec<PlayerId> {
        self.decider().map(|(p, _)| vec![p]).unwrap_or_default()
    }

    pub(crate) fn decider(&self) -> Option<(PlayerId, Ctx)> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some((p, _)) = self.forced {
            return Some((p, Ctx::Forced));
        }
        if let Some(w) = &self.window {
            if let Some(p) = w.intercepting {
                return Some((p, Ctx::Intercepting));
            }
            return self.window_asker(w).map(|p| (p, Ctx::Window));
        }
        if let Some(b) = &self.battle {
            return b.decider().map(|p| (p, Ctx::Battle));
        }
        let a = self.active;
        match self.phase {
            Phase::Draw => Some((a, Ctx::Draw)),
            Phase::DrawExcess => Some((a, Ctx::DrawExcess)),
            Phase::Move if self.order.is_some() => Some((a, Ctx::Order)),
            Phase::Move => Some((a, Ctx::Move)),
            Phase::Recruit => Some((a, Ctx::Recruit)),
            Phase::Upkeep => Some((a, Ctx::Upkeep)),
            _ => None,
        }
    }

    /// Exactly the legal actions of `p` now (empty when `p` has no choice).
    pub fn legal_actions(&self, p: PlayerId) -> Vec<Action> {
        let mut out = Vec::new();
        let Some((d, ctx)) = self.decider() else {
            return out;
        };
        if d != p {
            return out;
        }
        let candidates = match ctx {
            Ctx::Forced | Ctx::DrawExcess => self.discard_candidates(p),
            Ctx::Draw => {
                let mut v = self.discard_candidates(p);
                v.push(Action::Draw);
                v
            }
            Ctx::Intercepting | Ctx::Order => self.move_candidates(p),
            Ctx::Window => self.window_candidates(p),
            Ctx::Battle => self.battle_candidates(p),
            Ctx::Move => self.move_phase_candidates(p),
            Ctx::Recruit => self.recruit_candidates(p),
            Ctx::Upkeep => self.upkeep_candidates(p),
        };
        for a in candidates {
            if self.check(p, &a).is_ok() && !out.contains(&a) {
                out.push(a);
            }
        }
        out
    }

    /// Carries out `action` for `p`, then runs the game forward until a
    /// player has a choice. An illegal action is refused with the rule it
    /// breaks, and the game is untouched.
    pub fn apply(&mut self, p: PlayerId, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check(p, &action)?;
        let mut ev = Vec::new();
        let ctx = self.decider().map(|(_, c)| c).unwrap_or(Ctx::Move);
        self.perform(p, ctx, action, &mut ev);
        self.advance(&mut ev);
        Ok(ev)
    }

    /// Whether `action` is legal for `p` now. Never writes.
    pub fn check(&self, p: PlayerId, action: &Action) -> Result<(), Violation> {
        if self.outcome.is_some() {
            return Err(Violation::GameOver);
        }
        if p as usize >= self.players.len() {
            return Err(Violation::NoSuchPlayer);
        }
        let Some((d, ctx)) = self.decider() else {
            return Err(Violation::NotPending);
        };
        if d != p {
            return Err(Violation::NotPending);
        }
        let wrong = |when: &'static str| Violation::WrongTime {
            verb: verb(action),
            when,
        };
        match ctx {
            Ctx::Forced => match action {
                Action::Discard { card } => self.check_in_hand(p, *card),
                _ => Err(wrong("discard the cards Sabotage demands")),
            },
            Ctx::Draw => match action {
                Action::Discard { card } => self.check_in_hand(p, *card),
                Action::Draw => Ok(()),
                _ => Err(wrong(
                    "Draw Phase: discard any cards you don't want, then draw",
                )),
            },
            Ctx::DrawExcess => match action {
                Action::Discard { card } => self.check_in_hand(p, *card),
                _ => Err(Violation::MustDiscard),
            },
            Ctx::Intercepting | Ctx::Order => self.check_move_action(p, action),
            Ctx::Window => self.check_window(p, action),
            Ctx::Battle => self.check_battle(p, action),
            Ctx::Move => match action {
                Action::Play {
                    card,
                    as_card,
                    target,
                } => self.check_move_phase_play(p, *card, *as_card, target),
                Action::EndPhase => Ok(()),
                _ => Err(wrong("Move Phase: play a card or end the phase")),
            },
            Ctx::Recruit => self.check_recruit(p, action),
            Ctx::Upkeep => self.check_upkeep(p, action),
        }
    }

    fn perform(&mut self, p: PlayerId, ctx: Ctx, action: Action, ev: &mut Vec<Event>) {
        match ctx {
            Ctx::Forced => {
                if let Action::Discard { card } = action {
                    self.discard_from_hand(p, card);
                    ev.push(Event::Discarded { player: p, card });
                    if let Some((_, left)) = &mut self.forced {
                        *left -= 1;
                    }
                }
            }
            Ctx::Draw | Ctx::DrawExcess => self.do_draw_phase(p, action, ev),
            Ctx::Intercepting | Ctx::Order => self.do_move_action(p, ctx, action, ev),
            Ctx::Window => self.do_window(p, action, ev),
            Ctx::Battle => self.do_battle(p, action, ev),
            Ctx::Move => match action {
                Action::Play {
                    card,
                    as_card,
                    target,
                } => self.do_move_phase_play(p, card, as_card, target, ev),
                _ => self.end_move_phase(ev),
            },
            Ctx::Recruit => self.do_recruit(p, action, ev),
            Ctx::Upkeep => self.do_upkeep(p, action, ev),
        }
    }

    /// Runs the game forward while nobody has a choice to make.
    pub(crate) fn advance(&mut self, ev: &mut Vec<Event>) {
        // Every step below either stops for a player or moves the game on;
        // the guard only stops a rules bug from hanging a caller.
        for _ in 0..100_000 {
            if self.outcome.is_some() {
                return;
            }
            if let Some((p, left)) = self.forced {
                if left == 0 || self.players[p as usize].hand.is_empty() {
                    self.forced = None;
                    continue;
                }
                return;
            }
            if self.window.is_some() {
                if self.step_window(ev) {
                    continue;
                }
                return;
            }
            if self.battle.is_some() {
                if self.step_battle(ev) {
                    continue;
                }
                return;
            }
            match self.phase {
                Phase::Draw | Phase::Recruit => return,
                Phase::DrawExcess => {
                    if self.players[self.active as usize].hand.len() <= crate::state::MAX_HAND {
                        self.begin_phase(Phase::Move, ev);
                        continue;
                    }
                    return;
                }
                Phase::Move => {
                    if self.order.is_some_and(|o| o.left == 0) {
                        self.order = None;
                        self.picks = None;
                    }
                    return;
                }
                Phase::Explore => {
                    self.explore(ev);
                    self.battles_done.clear();
                    self.begin_phase(Phase::Battle, ev);
                }
                Phase::Battle => {
                    if !self.start_next_battle(ev) {
                        self.begin_phase(Phase::Revenue, ev);
                    }
                }
                Phase::Revenue => {
                    self.collect_revenue(ev);
                    self.begin_phase(Phase::Recruit, ev);
                    self.start_recruit(ev);
                }
                Phase::Upkeep => {
                    if self.over_upkeep(self.active) > 0 {
                        return;
                    }
                    self.begin_phase(Phase::Control, ev);
                }
                Phase::Control => {
                    self.place_control(ev);
                    self.check_conquest(ev);
                    if self.outcome.is_none() {
                        self.end_turn(ev);
                    }
                }
            }
        }
    }

    pub(crate) fn begin_phase(&mut self, phase: Phase, ev: &mut Vec<Event>) {
        self.phase = phase;
        ev.push(Event::PhaseBegan { phase });
    }

    /// The end of the active player's turn: the next player still in the
    /// game begins theirs (a new round after the last seat).
    fn end_turn(&mut self, ev: &mut Vec<Event>) {
        let a = self.active as usize;
        for u in &mut self.units {
            u.moved = false;
        }
        let ps = &mut self.players[a];
        ps.increase_production = 0;
        ps.heavy_trade = 0;
        ps.peace_from = 0;
        ps.peeks.clear();
        self.check_eliminations(ev);
        if self.outcome.is_some() {
            return;
        }
        let n = self.players.len();
        let pos = |p: usize| (p + n - self.first as usize) % n;
        let mut next = a;
        for i in 1..=n {
            let q = (a + i) % n;
            if !self.players[q].eliminated {
                next = q;
                break;
            }
        }
        if pos(next) <= pos(a) {
            if self.round >= self.options.turn_limit {
                let outcome = Outcome::TurnLimit {
                    leader: self.leader(),
                };
                self.outcome = Some(outcome);
                ev.push(Event::GameOver { outcome });
                return;
            }
            self.round += 1;
        }
        self.active = next as PlayerId;
        self.start_turn(ev);
    }

    /// The start of the active player's turn: the Draw Phase.
    pub(crate) fn start_turn(&mut self, ev: &mut Vec<Event>) {
        ev.push(Event::TurnBegan {
            round: self.round,
            player: self.active,
        });
        self.begin_phase(Phase::Draw, ev);
    }
}

/// A verb for an action, for messages.
fn verb(a: &Action) -> &'static str {
    match a {
        Action::Discard { .. } => "discard",
        Action::Draw => "draw",
        Action::Play { .. } => "play a card",
        Action::Pick { .. } => "pick a unit",
        Action::Unpick { .. } => "unpick a unit",
        Action::MoveTo { .. } => "move",
        Action::EndOrder => "end a move order",
        Action::Pass => "pass",
        Action::EndPhase => "end the phase",
        Action::Declare { .. } => "declare",
        Action::Casualty { .. } => "choose a casualty",
        Action::Retreat { .. } => "retreat",
        Action::Buy { .. } => "buy a unit",
        Action::Build { .. } => "build",
        Action::Disband { .. } => "disband a unit",
    }
}
