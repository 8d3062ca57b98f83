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

use b5_engine::{Amount, Effect, Op, OpFamily};

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
    match op.family() {
        OpFamily::Influence => influence::op_text(op),
        OpFamily::Cards | OpFamily::LeavePlay | OpFamily::CardChange => cards::op_text(op),
        OpFamily::Conflicts => conflicts::op_text(op),
        OpFamily::Politics => politics::op_text(op),
        OpFamily::Rules => rules::op_text(op),
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
