//! Effects on conflicts and attacks: support and opposition, canceling,
//! attacks made by effects and attack damage (`docs/card-format.md`,
//! Effects; Attacks made by effects; Attack damage).

use b5_engine::{Ability, AttackUsing, CardSel, Duration, Op};

use super::VerbCx;
use crate::convert::{one_of, CARDS};
use crate::error::LoadError;

/// The verb's operation.
pub(super) fn op(cx: &VerbCx) -> Result<Op, LoadError> {
    let (at, e, w) = (&cx.at, cx.e, cx.who);
    Ok(match cx.verb {
        "support" => Op::Support {
            n: cx.num(&e.support, 0, 255)? as u8,
        },
        "opposition" => Op::Opposition {
            n: cx.num(&e.opposition, 0, 255)? as u8,
        },
        "cancel_conflict" => {
            cx.flag(e.cancel_conflict)?;
            Op::CancelConflict
        }
        "conflict_type" => Op::ConflictType {
            kind: one_of(
                at,
                "conflict type",
                e.conflict_type.as_ref().unwrap(),
                Ability::parse,
                "diplomacy, intrigue, psi, leadership, military",
            )?,
        },
        "withdraw" => {
            cx.flag(e.withdraw)?;
            Op::Withdraw { card: cx.sel()? }
        }
        "cancel_attack" => {
            cx.flag(e.cancel_attack)?;
            Op::CancelAttack
        }
        "attack" => {
            // Rulings, Tu'Pari: "whichever of the target's abilities is highest".
            let ability = one_of(
                at,
                "ability",
                e.attack.as_ref().unwrap(),
                |x| match x {
                    "highest" => Some(AttackUsing::TargetsHighest),
                    _ => Ability::parse(x).map(AttackUsing::Ability),
                },
                "diplomacy, intrigue, psi, leadership, military, highest",
            )?;
            let by = match &e.by {
                None => CardSel::This,
                Some(s) => one_of(&at.sub("by"), "card", s, |x| CardSel::parse(x, w), CARDS)?,
            };
            let card = cx.sel()?;
            crate::attack_checks::attack_sels(by, card).map_err(|(f, m)| at.sub(&f).err(m))?;
            Op::Attack { ability, by, card }
        }
        "attack_mod" => {
            let m = crate::attack_checks::attack_mod(e.attack_mod.as_ref().unwrap())
                .map_err(|m| at.err(m))?;
            let duration = cx.dur()?;
            if duration == Duration::Printed {
                return Err(at.sub("duration").err(
                    "attack damage has no printed value: use turn, while-rotated, conflict, permanent or while-in-play",
                ));
            }
            Op::AttackMod {
                m,
                card: cx.sel()?,
                duration,
            }
        }
        _ => unreachable!("not a conflict verb"),
    })
}
