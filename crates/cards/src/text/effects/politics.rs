//! Politics in words: war and the other states, surrender, votes and their
//! rules, the Interstellar Alliance and the Shadow War (card format:
//! Effects; The rules' own vocabulary).

use b5_engine::{Op, VoteRule};

use crate::text::{capital_first, effects_text, plural, verb, who_does, who_object, who_subject};

/// A politics verb in words (`effects::op_text`): "you and the target player
/// enter a state of war".
pub(super) fn op_text(op: &Op) -> String {
    match *op {
        Op::War { who, with } => format!(
            "{} and {} enter a state of war",
            who_object(who),
            who_object(with)
        ),
        Op::State {
            kind,
            who,
            with,
            end,
        } => format!(
            "{} between {} and {} {}",
            capital_first(kind.display()),
            who_object(who),
            who_object(with),
            if end { "ends" } else { "begins" }
        ),
        Op::Peace { who, with } => format!(
            "the war between {} and {} ends",
            who_object(who),
            who_object(with)
        ),
        Op::Surrender { who } => format!(
            "{} unconditionally {} to you, if at war with you",
            who_subject(who),
            verb(who, "surrender")
        ),
        Op::Vote {
            kind,
            ref pass,
            ref fail,
        } => {
            let mut s = format!("call a {}", kind.display());
            if !pass.is_empty() {
                s.push_str(&format!("; if it passes, {}", effects_text(pass, false)));
            }
            if !fail.is_empty() {
                s.push_str(&format!("; if it fails, {}", effects_text(fail, false)));
            }
            s
        }
        Op::FoundIsa => "the Interstellar Alliance comes into existence; you found it".into(),
        Op::JoinIsa { who } => who_does(who, "join", "the Interstellar Alliance".to_string()),
        Op::VoteRule {
            rule,
            who,
            babylon5,
        } => {
            let next = if babylon5 {
                "the next Babylon 5 vote"
            } else {
                "the next vote"
            };
            match rule {
                VoteRule::CastVotesOf => {
                    format!("in {next}, you cast the votes of {}", who_object(who))
                }
                VoteRule::CountsTwice if who == b5_engine::Who::Me => {
                    format!("in {next}, your votes count twice")
                }
                VoteRule::CountsTwice => {
                    format!("in {next}, the votes of {} count twice", who_object(who))
                }
                VoteRule::CannotVote => format!("{} cannot vote in {next}", who_subject(who)),
                VoteRule::ExtraYes(n) => format!(
                    "{next} counts {} more",
                    plural(n as i64, "Yes vote", "Yes votes")
                ),
                VoteRule::ExtraNo(n) => format!(
                    "{next} counts {} more",
                    plural(n as i64, "No vote", "No votes")
                ),
            }
        }
        Op::Conquer { card } => format!(
            "you conquer {}, as if you had won a war conflict against it",
            crate::text::card_name(card)
        ),
        Op::ShadowWar { start: true } => "the Shadow War begins, if it never has".into(),
        Op::ShadowWar { start: false } => {
            "the Shadow War ends, if it is in effect, and the wars it started end with it".into()
        }
        _ => unreachable!("not a politics verb: {op:?}"),
    }
}
