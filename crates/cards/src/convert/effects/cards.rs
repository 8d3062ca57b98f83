//! Effects on cards: drawing, discarding, damage and healing, marks and
//! tokens, ability bonuses, rotating and readying, severe damage and set
//! abilities (`docs/card-format.md`, Effects; Severe damage and set
//! abilities; Engine Rules v1.2, Action Details, Marks, Corporate Rule 6).

use b5_engine::{Duration, MarkKind, Op};

use super::VerbCx;
use crate::convert::{ability, bonus, one_of, threshold, MARKS};
use crate::error::LoadError;

/// The verb's operation.
pub(super) fn op(cx: &VerbCx) -> Result<Op, LoadError> {
    let (at, e, w) = (&cx.at, cx.e, cx.who);
    Ok(match cx.verb {
        "draw" => Op::Draw {
            n: cx.num(&e.draw, 0, 255)? as u8,
            who: w,
        },
        "crusade_draw" => Op::CrusadeDraw {
            n: cx.num(&e.crusade_draw, 0, 255)? as u8,
            who: w,
        },
        "discard_random" => Op::DiscardRandom {
            n: cx.num(&e.discard_random, 0, 255)? as u8,
            who: w,
        },
        "damage" => Op::Damage {
            n: cx.num(&e.damage, 0, 255)? as u8,
            card: cx.sel()?,
        },
        "mark" => Op::Mark {
            kind: one_of(at, "mark", e.mark.as_ref().unwrap(), MarkKind::parse, MARKS)?,
            card: cx.sel()?,
            count: e.count.unwrap_or(1),
        },
        "bonus" => Op::Bonus {
            bonus: bonus(e.bonus.as_ref().unwrap()),
            card: cx.sel()?,
            duration: cx.dur()?,
        },
        "double" => Op::Double {
            ability: ability(at, e.double.as_ref().unwrap())?,
            card: cx.sel()?,
            duration: cx.dur()?,
        },
        "rotate" => {
            cx.flag(e.rotate)?;
            Op::Rotate { card: cx.sel()? }
        }
        "ready" => {
            cx.flag(e.ready)?;
            Op::Ready { card: cx.sel()? }
        }
        "heal" => {
            cx.flag(e.heal)?;
            Op::Heal { card: cx.sel()? }
        }
        "full_heal" => {
            cx.flag(e.full_heal)?;
            Op::FullHeal { card: cx.sel()? }
        }
        "remove_damage" => Op::RemoveDamage {
            n: cx.num(&e.remove_damage, 0, 255)? as u8,
            card: cx.sel()?,
        },
        "neutralize" => {
            cx.flag(e.neutralize)?;
            Op::Neutralize { card: cx.sel()? }
        }
        "discard" => {
            cx.flag(e.discard)?;
            Op::Discard { card: cx.sel()? }
        }
        "return_to_hand" => {
            cx.flag(e.return_to_hand)?;
            Op::ReturnToHand { card: cx.sel()? }
        }
        "discard_ambassador" => {
            cx.flag(e.discard_ambassador)?;
            Op::DiscardAmbassador { card: cx.sel()? }
        }
        "chaos" => Op::Chaos {
            n: e.chaos.unwrap(),
            card: cx.sel()?,
        },
        // Corporate Rule 6: credit tokens mean only what the card says.
        "credits" => match e.credits.unwrap() {
            0 => return Err(at.err("0 credit tokens changes nothing")),
            n => Op::Credits { n, card: cx.sel()? },
        },
        "convert_mark" => {
            let from = one_of(
                at,
                "mark",
                e.convert_mark.as_ref().unwrap(),
                MarkKind::parse,
                MARKS,
            )?;
            let Some(into) = e.into.as_ref() else {
                return Err(at
                    .sub("into")
                    .err("name the kind of mark it becomes, e.g. into = \"destiny\""));
            };
            let to = one_of(&at.sub("into"), "mark", into, MarkKind::parse, MARKS)?;
            if to == from {
                return Err(at
                    .sub("into")
                    .err("a mark converted into the same kind changes nothing"));
            }
            let count = e.count.unwrap_or(1);
            if count < 1 {
                return Err(at.sub("count").err("convert at least 1 mark"));
            }
            Op::ConvertMark {
                from,
                to,
                card: cx.sel()?,
                count: count as u8,
            }
        }
        "severe_damage" => Op::SevereDamage {
            n: cx.num(&e.severe_damage, 0, 255)? as u8,
            card: cx.sel()?,
        },
        "set" | "becomes" => {
            let last = cx.verb == "becomes";
            let raw = if last { &e.becomes } else { &e.set };
            let (ability, value) = threshold(at, raw.as_ref().unwrap())?;
            let duration = cx.dur()?;
            if duration == Duration::Printed {
                return Err(at.sub("duration").err(if last {
                    "a value after every modifier is not a printed value; use turn, while-rotated, conflict, permanent or while-in-play"
                } else {
                    "a value set stands for the printed value already; use turn, while-rotated, conflict, permanent or while-in-play"
                }));
            }
            Op::SetAbility {
                ability,
                value,
                card: cx.sel()?,
                duration,
                last,
            }
        }
        _ => unreachable!("not a card verb"),
    })
}
