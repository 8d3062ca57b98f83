//! Effects on the rules and on other effects: delayed effects,
//! restrictions, reversal and negation (`docs/card-format.md`, Delayed
//! effects; Restrictions; Reversal; Negate).

use b5_engine::{Cannot, Duration, Op, When};

use super::VerbCx;
use crate::convert::{effects, one_of, restriction};
use crate::error::LoadError;

/// The verb's operation.
pub(super) fn op(cx: &VerbCx) -> Result<Op, LoadError> {
    let (at, e, w) = (&cx.at, cx.e, cx.who);
    Ok(match cx.verb {
        "later" => {
            let when = one_of(
                at,
                "time",
                e.later.as_ref().unwrap(),
                When::parse,
                "end-of-turn, start-of-next-turn",
            )?;
            let list = match &e.effects {
                Some(l) if !l.is_empty() => effects(&at.sub("effects"), l, cx.refs)?,
                _ => {
                    return Err(at
                        .sub("effects")
                        .err("a delayed effect needs its effects, e.g. effects = [{ draw = 1 }]"))
                }
            };
            Op::Delayed {
                when,
                effects: list.into(),
            }
        }
        "cannot" => {
            let what = restriction(at, e.cannot.as_ref().unwrap(), e.cards.as_ref())?;
            let duration = cx.dur()?;
            if duration == Duration::Printed {
                return Err(at
                    .sub("duration")
                    .err("a restriction has no printed value; use turn, while-rotated, while-in-play, conflict or permanent"));
            }
            if what.on_player() && e.card.is_some() {
                return Err(at.sub("card").err(format!(
                    "`{}` restricts players: name them with `who`, not `card`",
                    what.name()
                )));
            }
            if what == Cannot::ParticipateHere && e.duration.is_some() {
                return Err(at.sub("duration").err(
                    "participate-in-this-conflict lasts until the conflict resolves; it takes no duration",
                ));
            }
            Op::Restrict {
                what,
                card: cx.sel()?,
                who: w,
                duration,
            }
        }
        "reverse" => {
            let what = e
                .reverse
                .as_deref()
                .and_then(b5_engine::Reversible::from_name)
                .ok_or_else(|| {
                    at.err(
                        "write `reverse = \"event\"`, `\"contingency\"` or `\"conflict\"`: the effects of the targeted event played since your last action, the contingency just revealed or the conflict just resolved are reversed",
                    )
                })?;
            Op::Reverse(what)
        }
        // Glossary, Negate: "A conflict which is negated is cancelled ... An
        // event ... which is negated is prevented from occurring".
        "negate" => match e.negate.as_deref() {
            Some("event") => Op::NegateEvent,
            Some("action") => Op::NegateAction,
            Some("conflict") => Op::CancelConflict,
            _ => {
                return Err(at.err(
                    "write `negate = \"event\"` (the event being played), `negate = \"action\"` (the card action being used) or `negate = \"conflict\"` (cancel the conflict)",
                ))
            }
        },
        _ => unreachable!("not a rules verb"),
    })
}
