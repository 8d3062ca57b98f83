//! Cards that change or take over votes (Votes; rulings on cards that
//! "cast all votes controlled by the target in the next Babylon 5 vote"):
//! a `vote_rule` effect records a change for the **next vote called**
//! (usually by a `vote` effect later in the same list), which consumes it.
//! Changes apply to the council (or player, or ISA) stage in the order
//! they arose: a player casting another's votes, votes that count twice,
//! a player who cannot vote, extra Yes or No votes.

use serde::{Deserialize, Serialize};

use crate::card::effect::{VoteRule, Who};
use crate::effects::interpreter::Ctx;
use crate::game::ids::PlayerId;
use crate::game::state::{Game, MAX_PLAYERS};

/// One change waiting for the next vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingVoteRule {
    pub rule: VoteRule,
    /// The player the rule is about (whose votes are cast by another,
    /// count twice, or who cannot vote); for extra votes, unused.
    pub subject: PlayerId,
    /// The card's player (who casts the taken-over votes).
    pub by: PlayerId,
}

impl Game {
    /// Carries out a `vote_rule` effect: records it for the next vote.
    pub(crate) fn add_vote_rule(&mut self, rule: VoteRule, who: Who, ctx: &Ctx) -> bool {
        match rule {
            VoteRule::ExtraYes(_) | VoteRule::ExtraNo(_) => {
                self.vote_rules.push(PendingVoteRule {
                    rule,
                    subject: ctx.controller,
                    by: ctx.controller,
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
                    });
                }
                !ps.is_empty()
            }
        }
    }

    /// Applies (and consumes) the waiting vote rules to a vote being
    /// called: the council weights and the Yes and No counts it starts with.
    pub(crate) fn apply_vote_rules(
        &mut self,
        weight: &mut [u8; MAX_PLAYERS],
        yes: &mut u8,
        no: &mut u8,
    ) {
        if self.vote_rules.is_empty() {
            return;
        }
        let n = self.players.len();
        for r in std::mem::take(&mut self.vote_rules) {
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
