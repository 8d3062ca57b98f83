//! Effects in words (card format: Effects; Amounts): an effect list as a
//! sentence fragment, each verb worded by its family as the engine runs it
//! (`b5_engine` `effects::verbs`: influence, cards, conflicts, politics,
//! rules).

mod cards;
mod conflicts;
mod influence;
mod politics;
mod rules;

pub(super) use conflicts::attack_mod_text;
pub(super) use rules::cannot_text;

use b5_engine::{Amount, Effect, Op};

use crate::text::amount_text;
use crate::text::conditions::condition_text;

/// An effect list as a sentence fragment.
pub fn effects_text(effects: &[Effect], both: bool) -> String {
    let mut out = String::new();
    for (i, e) in effects.iter().enumerate() {
        if i > 0 {
            out.push_str(if e.then { ", then " } else { "; " });
        }
        if let Some(c) = &e.condition {
            out.push_str(&format!("if {}, ", condition_text(c)));
        }
        match &e.amount {
            None => out.push_str(&op_text(&e.op)),
            Some(a) => out.push_str(&amount_op_text(&e.op, a)),
        }
    }
    if both && effects.len() > 1 {
        out = format!("both: {out} (all or nothing)");
    }
    out
}

/// An effect verb in words, by its family (as `Game::run_op` dispatches it).
fn op_text(op: &Op) -> String {
    match *op {
        Op::GainInfluence { .. }
        | Op::LoseInfluence { .. }
        | Op::TransferInfluence { .. }
        | Op::TransferToForce { .. }
        | Op::Restore { .. }
        | Op::ExtraInfluence { .. }
        | Op::GainPower { .. }
        | Op::LosePower { .. }
        | Op::Tension { .. }
        | Op::TensionRace { .. }
        | Op::Unrest { .. }
        | Op::NonPlayer { .. }
        | Op::SponsorDiscount { .. }
        | Op::InfluenceRating { .. }
        | Op::TransferPower { .. }
        | Op::PowerToWin { .. }
        | Op::InfluenceOnlyPower { .. } => influence::op_text(op),
        Op::Draw { .. }
        | Op::CrusadeDraw { .. }
        | Op::DiscardRandom { .. }
        | Op::Damage { .. }
        | Op::Mark { .. }
        | Op::Bonus { .. }
        | Op::Double { .. }
        | Op::Rotate { .. }
        | Op::Ready { .. }
        | Op::Heal { .. }
        | Op::FullHeal { .. }
        | Op::RemoveDamage { .. }
        | Op::Neutralize { .. }
        | Op::Discard { .. }
        | Op::ReturnToHand { .. }
        | Op::ConvertMark { .. }
        | Op::DiscardAmbassador { .. }
        | Op::SevereDamage { .. }
        | Op::SetAbility { .. }
        | Op::Blank { .. }
        | Op::MoveMark { .. }
        | Op::TransferChaos { .. }
        | Op::TransferDamage { .. }
        | Op::MoveAttached { .. }
        | Op::UseAs { .. }
        | Op::Promote { .. }
        | Op::Chaos { .. }
        | Op::Credits { .. } => cards::op_text(op),
        Op::Support { .. }
        | Op::Opposition { .. }
        | Op::CancelConflict
        | Op::CancelAttack
        | Op::Attack { .. }
        | Op::AttackMod { .. } => conflicts::op_text(op),
        Op::State { .. }
        | Op::War { .. }
        | Op::Peace { .. }
        | Op::Surrender { .. }
        | Op::Vote { .. }
        | Op::FoundIsa
        | Op::JoinIsa { .. }
        | Op::VoteRule { .. }
        | Op::ShadowWar { .. } => politics::op_text(op),
        Op::Restrict { .. }
        | Op::Delayed { .. }
        | Op::Pick { .. }
        | Op::Modes { .. }
        | Op::Unless { .. }
        | Op::Reverse(..)
        | Op::NegateEvent
        | Op::NegateAction => rules::op_text(op),
    }
}

/// A number no card prints, standing for X while the verb is worded.
const X_MARK: i32 = 111;

/// "you gain X influence, where X is half the target card's Psi, rounded up".
fn amount_op_text(op: &Op, a: &Amount) -> String {
    let Some(x) = op.with_n(X_MARK) else {
        return op_text(op);
    };
    let t = op_text(&x).replace(&X_MARK.to_string(), "X");
    format!("{t}, where X is {}", amount_text(a))
}
