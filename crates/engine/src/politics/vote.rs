//! Votes (Engine Rules v1.2: Votes; Babylon 5 Votes as the 2006 summary
//! words them; the League of Non-Aligned Worlds' tie-break under Non-Aligned
//! Worlds; ISA votes under The Interstellar Alliance).
//!
//! A card's `vote` effect calls a vote. The vote is held through `pending`:
//! the head of the vote calls the next voter ([`Action::CallVoter`]; when a
//! single voter is left he is called at once), the called player answers
//! Yes, No or Abstain ([`Action::Vote`]). When everyone has voted the
//! measure passes with at least one more Yes than No, and the card's `pass`
//! or `fail` effects happen. A vote always ends: each voter votes once per
//! stage and there are at most two stages (the council and the League).
//!
//! Below, the cards that change or take over votes.

use crate::card::{CardDef, CardType, Faction, Race};
use crate::card::{Effect, Op, VoteChoice, VoteKind, VoteRule, Who};
use crate::effects::interpreter::Ctx;
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
pub use crate::game::held::{PendingVoteRule, Vote};
use crate::game::state::{Game, MAX_PLAYERS, NOBODY};
use crate::ids::PlayerId;

/// The races with a seat on the Babylon 5 Council that a player can play
/// (the Vorlons sit on it too but always abstain: rulings 8.5).
pub const COUNCIL_RACES: [Race; 4] = [Race::Human, Race::Minbari, Race::Centauri, Race::Narn];

impl Vote {
    /// The player who has a choice to make in the vote.
    pub fn asker(&self) -> Option<PlayerId> {
        if self.called != NOBODY {
            Some(self.called)
        } else if self.waiting != 0 {
            Some(self.head)
        } else {
            None
        }
    }
}

/// Visits every vote effect printed on a card, in a fixed order.
fn vote_ops(def: &CardDef) -> impl Iterator<Item = &Op> {
    def.effect_lists()
        .flat_map(|l| l.iter())
        .map(|e: &Effect| &e.op)
        .filter(|op| matches!(op, Op::Vote { .. }))
}

impl Game {
    /// Faction control of a race's vote on the Babylon 5 Council (Engine
    /// Rules Summary 2006, Babylon 5 Votes, steps 1-3): the only faction of
    /// the race in play; else its Babylon Project faction; else nobody.
    pub fn race_vote_controller(&self, race: Race) -> Option<PlayerId> {
        let mut of_race = (0..self.players.len() as PlayerId).filter(|&p| {
            let pl = &self.players[p as usize];
            !pl.eliminated && pl.race == race
        });
        let first = of_race.next()?;
        let rest: smallvec::SmallVec<[PlayerId; MAX_PLAYERS]> = of_race.collect();
        if rest.is_empty() {
            return Some(first);
        }
        let mut bp = std::iter::once(first)
            .chain(rest)
            .filter(|&p| self.players[p as usize].faction == Faction::BabylonProject);
        match (bp.next(), bp.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }

    /// Non-Aligned Worlds, Babylon 5 Votes: a player's League votes are the
    /// Non-Aligned species ambassadors in his faction (whatever their status).
    pub fn league_votes(&self, p: PlayerId) -> u8 {
        self.table_cards(p)
            .filter(|&c| {
                let d = self.db.get(self.c(c).def);
                d.card_type == CardType::Character
                    && d.race == Race::NonAligned
                    && d.kw.species_ambassador
            })
            .count()
            .min(u8::MAX as usize) as u8
    }

    /// The head of a Babylon 5 vote: the player with a Human Babylon Project
    /// ambassador, if any; else the player of the card.
    fn babylon5_head(&self, caller: PlayerId) -> PlayerId {
        (0..self.players.len() as PlayerId)
            .find(|&p| {
                let pl = &self.players[p as usize];
                !pl.eliminated && pl.race == Race::Human && pl.faction == Faction::BabylonProject
            })
            .unwrap_or(caller)
    }

    /// The vote in progress, if any.
    pub fn vote(&self) -> Option<&Vote> {
        self.vote.as_ref()
    }

    /// Carries out a `vote` effect: sets the vote up and, when nobody has a
    /// choice in it, ends it at once. Returns whether a vote was held.
    pub(crate) fn call_vote(
        &mut self,
        op: &Op,
        kind: VoteKind,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        let Some(src) = ctx.source.some() else {
            return false;
        };
        let def_id = self.c(src).def;
        let db = self.db.clone();
        let Some(index) = vote_ops(db.get(def_id)).position(|o| std::ptr::eq(o, op)) else {
            return false;
        };
        let caller = ctx.controller;
        let n = self.players.len();
        let live = |g: &Game, p: usize| !g.players[p].eliminated;
        // The Interstellar Alliance: while it exists, an ISA vote is held
        // instead of any Babylon 5 vote.
        let kind = if kind == VoteKind::Babylon5 && self.isa.exists {
            VoteKind::Isa
        } else {
            kind
        };
        let mut weight = [0u8; MAX_PLAYERS];
        let head = match kind {
            // Player Votes: every player one vote; the card's player heads.
            VoteKind::Player => {
                for (p, w) in weight.iter_mut().enumerate().take(n) {
                    *w = live(self, p) as u8;
                }
                caller
            }
            // Babylon 5 Votes: each council race's vote, cast by the faction
            // that controls it; races not played, and the Vorlons, abstain.
            VoteKind::Babylon5 => {
                for r in COUNCIL_RACES {
                    if let Some(p) = self.race_vote_controller(r) {
                        weight[p as usize] += 1;
                    }
                }
                self.babylon5_head(caller)
            }
            // ISA votes: each member one vote; the founder heads.
            VoteKind::Isa => {
                for (p, w) in weight.iter_mut().enumerate().take(n) {
                    *w = (self.isa.is_member(p as PlayerId) && live(self, p)) as u8;
                }
                let f = self.isa.founder;
                if (f as usize) < n && live(self, f as usize) {
                    f
                } else {
                    caller
                }
            }
        };
        // A vote's head calls the voters: when the card's player has left
        // the game (or the card has no player any more), the first player
        // left in initiative order calls them.
        let head = if (head as usize) < n && live(self, head as usize) {
            head
        } else {
            match self
                .initiative
                .iter()
                .copied()
                .find(|&p| live(self, p as usize))
            {
                Some(p) => p,
                None => return false,
            }
        };
        // Cards that change or take over votes (vote_rules.rs). Votes:
        // "Cards that affect or refer to Babylon 5 votes do not affect ISA
        // votes": the ISA vote held instead uses them up, unapplied.
        let (mut yes, mut no) = (0u8, 0u8);
        if kind == VoteKind::Isa {
            self.vote_rules.clear();
        } else {
            self.apply_vote_rules(kind, &mut weight, &mut yes, &mut no);
        }
        let waiting = weight
            .iter()
            .enumerate()
            .filter(|(_, &w)| w > 0)
            .fold(0u8, |b, (p, _)| b | (1 << p));
        self.vote = Some(Vote {
            kind,
            head,
            card: src,
            def: def_id,
            index: index as u8,
            controller: caller,
            target: ctx.target,
            second: ctx.second,
            conflict: ctx.conflict,
            attacker: ctx.attacker,
            margin: ctx.margin,
            from_conflict: ctx.from_conflict,
            league: false,
            weight,
            waiting,
            called: NOBODY,
            yes,
            no,
            league_yes: 0,
            league_no: 0,
            council: [None; MAX_PLAYERS],
            league_choices: [None; MAX_PLAYERS],
        });
        ev.push(Event::VoteCalled {
            card: src,
            kind,
            head,
        });
        self.advance_vote(ev);
        true
    }

    /// Moves the vote on: calls the last voter himself, starts the League
    /// stage on a tied council, or ends the vote.
    fn advance_vote(&mut self, ev: &mut Events) {
        loop {
            let Some(v) = self.vote.as_mut() else {
                return;
            };
            if v.waiting != 0 {
                if v.called == NOBODY && v.waiting.count_ones() == 1 {
                    v.called = v.waiting.trailing_zeros() as PlayerId;
                }
                return;
            }
            // Non-Aligned Worlds, Babylon 5 Votes: a tied council calls the
            // League vote, one vote per species ambassador.
            if v.kind == VoteKind::Babylon5 && !v.league && v.yes == v.no {
                let mut weight = [0u8; MAX_PLAYERS];
                for (p, w) in weight.iter_mut().enumerate().take(self.players.len()) {
                    if !self.players[p].eliminated {
                        *w = self.league_votes(p as PlayerId);
                    }
                }
                let v = self.vote.as_mut().expect("a vote in progress");
                v.league = true;
                v.weight = weight;
                v.waiting = weight
                    .iter()
                    .enumerate()
                    .filter(|(_, &w)| w > 0)
                    .fold(0u8, |b, (p, _)| b | (1 << p));
                ev.push(Event::LeagueVoteCalled);
                continue;
            }
            if v.league {
                // "If the vote is a tie, the League abstains. Otherwise, the
                // League vote is cast in accordance with the majority."
                let choice = match v.league_yes.cmp(&v.league_no) {
                    std::cmp::Ordering::Greater => VoteChoice::Yes,
                    std::cmp::Ordering::Less => VoteChoice::No,
                    std::cmp::Ordering::Equal => VoteChoice::Abstain,
                };
                match choice {
                    VoteChoice::Yes => v.yes += 1,
                    VoteChoice::No => v.no += 1,
                    VoteChoice::Abstain => {}
                }
                v.league = false;
                ev.push(Event::LeagueVoted { choice });
            }
            self.finish_vote(ev);
            return;
        }
    }

    /// Ends the vote: the pass rule, then the card's `pass` or `fail` effects.
    fn finish_vote(&mut self, ev: &mut Events) {
        let Some(v) = self.vote.take() else {
            return;
        };
        // Votes: "there must be at least one more Yes than No vote for a
        // measure to pass".
        let passed = v.yes as i16 > v.no as i16;
        ev.push(Event::VoteEnded {
            kind: v.kind,
            passed,
            yes: v.yes,
            no: v.no,
        });
        let db = self.db.clone();
        let Some(Op::Vote { pass, fail, .. }) = vote_ops(db.get(v.def)).nth(v.index as usize)
        else {
            return;
        };
        let ctx = Ctx {
            controller: v.controller,
            source: v.card,
            target: v.target,
            second: v.second,
            conflict: v.conflict,
            attacker: v.attacker,
            margin: v.margin,
            from_conflict: v.from_conflict,
            sustainable: false,
            // Not in a `choose_player`'s effects (the loader refuses a
            // vote there).
            chosen: crate::game::state::NOBODY,
        };
        let effects = if passed { pass } else { fail };
        self.run_effects(effects, false, &ctx, ev);
    }

    pub(crate) fn check_vote_action(&self, p: PlayerId, a: &Action) -> Result<(), Violation> {
        let Some(v) = &self.vote else {
            return Err(Violation::NotPending);
        };
        match *a {
            Action::CallVoter { player } if v.called == NOBODY && p == v.head => {
                if (player as usize) < MAX_PLAYERS && v.waiting & (1 << player) != 0 {
                    Ok(())
                } else {
                    Err(Violation::NotAVoter)
                }
            }
            Action::Vote { .. } if v.called == p => Ok(()),
            _ => Err(Violation::WrongTime {
                verb: a.verb(),
                when: if v.called == NOBODY {
                    "a vote (the head calls the next voter)"
                } else {
                    "a vote (the called voter votes yes, no or abstain)"
                },
            }),
        }
    }

    pub(crate) fn vote_candidates(&self, out: &mut Vec<Action>) {
        let Some(v) = &self.vote else {
            return;
        };
        if v.called == NOBODY {
            for q in 0..self.players.len() as PlayerId {
                if v.waiting & (1 << q) != 0 {
                    out.push(Action::CallVoter { player: q });
                }
            }
        } else {
            for choice in VoteChoice::ALL {
                out.push(Action::Vote { choice });
            }
        }
    }

    /// The default in a vote: call the first voter in seating order; abstain.
    pub(crate) fn vote_default(&self) -> Option<Action> {
        let v = self.vote.as_ref()?;
        if v.called == NOBODY {
            (v.waiting != 0).then(|| Action::CallVoter {
                player: v.waiting.trailing_zeros() as PlayerId,
            })
        } else {
            Some(Action::Vote {
                choice: VoteChoice::Abstain,
            })
        }
    }

    pub(crate) fn perform_vote(&mut self, p: PlayerId, a: Action, ev: &mut Events) {
        let Some(v) = self.vote.as_mut() else {
            return;
        };
        match a {
            Action::CallVoter { player } => v.called = player,
            Action::Vote { choice } => {
                let w = v.weight[p as usize];
                let (y, n) = if v.league {
                    v.league_choices[p as usize] = Some(choice);
                    (&mut v.league_yes, &mut v.league_no)
                } else {
                    v.council[p as usize] = Some(choice);
                    (&mut v.yes, &mut v.no)
                };
                match choice {
                    VoteChoice::Yes => *y = y.saturating_add(w),
                    VoteChoice::No => *n = n.saturating_add(w),
                    VoteChoice::Abstain => {}
                }
                v.waiting &= !(1 << p);
                v.called = NOBODY;
                let league = v.league;
                ev.push(Event::VoteCast {
                    player: p,
                    choice,
                    votes: w,
                    league,
                });
            }
            _ => {}
        }
        self.advance_vote(ev);
        // The measure's effects may have changed abilities or dealt damage.
        self.sweep_neutralization(ev);
    }
}

// Cards that change or take over votes (Votes; rulings on cards that
// "cast all votes controlled by the target in the next Babylon 5 vote"):
// a `vote_rule` effect records a change for the **next vote called**
// (usually by a `vote` effect later in the same list), which consumes it.
// Changes apply to the council (or player, or ISA) stage in the order
// they arose: a player casting another's votes, votes that count twice,
// a player who cannot vote, extra Yes or No votes.

impl Game {
    /// Carries out a `vote_rule` effect: records it for the next vote.
    pub(crate) fn add_vote_rule(
        &mut self,
        rule: VoteRule,
        who: Who,
        babylon5: bool,
        ctx: &Ctx,
    ) -> bool {
        match rule {
            VoteRule::ExtraYes(_) | VoteRule::ExtraNo(_) => {
                self.vote_rules.push(PendingVoteRule {
                    rule,
                    subject: ctx.controller,
                    by: ctx.controller,
                    babylon5,
                });
                true
            }
            _ => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.vote_rules.push(PendingVoteRule {
                        rule,
                        subject: p,
                        by: ctx.controller,
                        babylon5,
                    });
                }
                !ps.is_empty()
            }
        }
    }

    /// Applies (and consumes) the waiting vote rules to a vote being
    /// called: the council weights and the Yes and No counts it starts with.
    /// A rule kept for the next Babylon 5 vote waits past a player vote.
    pub(crate) fn apply_vote_rules(
        &mut self,
        kind: VoteKind,
        weight: &mut [u8; MAX_PLAYERS],
        yes: &mut u8,
        no: &mut u8,
    ) {
        if self.vote_rules.is_empty() {
            return;
        }
        let n = self.players.len();
        let mut rules = std::mem::take(&mut self.vote_rules);
        if kind == VoteKind::Player {
            self.vote_rules = rules.iter().copied().filter(|r| r.babylon5).collect();
            rules.retain(|r| !r.babylon5);
        }
        for r in rules {
            let s = r.subject as usize;
            let b = r.by as usize;
            match r.rule {
                VoteRule::CastVotesOf => {
                    if s < n && b < n && s != b && !self.players[b].eliminated {
                        weight[b] = weight[b].saturating_add(weight[s]);
                        weight[s] = 0;
                    }
                }
                VoteRule::CountsTwice => {
                    if s < n {
                        weight[s] = weight[s].saturating_mul(2);
                    }
                }
                VoteRule::CannotVote => {
                    if s < n {
                        weight[s] = 0;
                    }
                }
                VoteRule::ExtraYes(k) => *yes = yes.saturating_add(k),
                VoteRule::ExtraNo(k) => *no = no.saturating_add(k),
            }
        }
    }
}
