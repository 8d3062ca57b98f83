//! Political effects: war and peace, states, surrender, votes and vote
//! rules, the ISA (`docs/card-format.md`, Effects: States, Votes).

use b5_engine::{Op, StateKind, VoteKind, VoteRule, Who};

use super::VerbCx;
use crate::convert::{effects, one_of, STATES};
use crate::error::LoadError;
use crate::raw::RawEffects;

/// The verb's operation.
pub(super) fn op(cx: &VerbCx) -> Result<Op, LoadError> {
    let (at, e, w) = (&cx.at, cx.e, cx.who);
    Ok(match cx.verb {
        "war" => {
            cx.flag(e.war)?;
            Op::War {
                who: w,
                with: cx.whom(e.with.as_ref(), "with", Who::Target)?,
            }
        }
        "start_state" | "end_state" => {
            let name = e.start_state.as_ref().or(e.end_state.as_ref()).unwrap();
            Op::State {
                kind: one_of(at, "state", name, StateKind::parse, STATES)?,
                who: w,
                with: cx.whom(e.with.as_ref(), "with", Who::Target)?,
                end: cx.verb == "end_state",
            }
        }
        "peace" => {
            cx.flag(e.peace)?;
            Op::Peace {
                who: w,
                with: cx.whom(e.with.as_ref(), "with", Who::Target)?,
            }
        }
        "surrender" => {
            cx.flag(e.surrender)?;
            Op::Surrender {
                who: cx.whom(e.who.as_ref(), "who", Who::Target)?,
            }
        }
        "vote" => {
            let kind = one_of(
                at,
                "vote",
                e.vote.as_ref().unwrap(),
                VoteKind::parse,
                "player, babylon5",
            )?;
            let empty = RawEffects::new();
            let pass = effects(&at.sub("pass"), e.pass.as_ref().unwrap_or(&empty), cx.refs)?;
            let fail = effects(&at.sub("fail"), e.fail.as_ref().unwrap_or(&empty), cx.refs)?;
            if pass
                .iter()
                .chain(fail.iter())
                .any(|x| matches!(x.op, Op::Vote { .. }))
            {
                return Err(at.err("a vote's `pass` and `fail` effects cannot call another vote"));
            }
            Op::Vote { kind, pass, fail }
        }
        "found_isa" => {
            cx.flag(e.found_isa)?;
            Op::FoundIsa
        }
        "join_isa" => {
            cx.flag(e.join_isa)?;
            Op::JoinIsa { who: w }
        }
        "vote_rule" => {
            let name = e.vote_rule.as_ref().unwrap();
            let extra = matches!(
                name.as_str(),
                "extra-yes" | "extra_yes" | "extra-no" | "extra_no"
            );
            let n = match e.count {
                Some(c) if !extra => {
                    let _ = c;
                    return Err(at
                        .sub("count")
                        .err("`count` applies only to extra-yes and extra-no"));
                }
                Some(c) if c < 1 => {
                    return Err(at.sub("count").err("count at least 1 extra vote"));
                }
                Some(c) => c as u8,
                None => 1,
            };
            if extra && e.who.is_some() {
                return Err(at
                    .sub("who")
                    .err("extra votes belong to no player: leave `who` out"));
            }
            let rule = one_of(
                at,
                "vote rule",
                name,
                |s| VoteRule::parse(s, n),
                "cast-votes-of, counts-twice, cannot-vote, extra-yes, extra-no",
            )?;
            let who = match (rule, e.who.as_ref()) {
                (VoteRule::CastVotesOf, None) => Who::Target,
                (VoteRule::CastVotesOf, Some(_)) if w == Who::Me => {
                    return Err(at
                        .sub("who")
                        .err("you already cast your own votes: name another player"))
                }
                _ => w,
            };
            let babylon5 = match e.next.as_deref() {
                None | Some("any") => false,
                Some("babylon5") => true,
                Some(other) => {
                    return Err(at.sub("next").err(format!(
                        "unknown vote `{other}`: write next = \"babylon5\" (the next Babylon 5 vote) or leave it out (the next vote called)"
                    )))
                }
            };
            Op::VoteRule {
                rule,
                who,
                babylon5,
            }
        }
        _ => unreachable!("not a political verb"),
    })
}
