//! Conflicts and attacks in words: support, opposition, cancelling,
//! attacks made by effects and attack damage (card format: Attacks made by
//! effects; Attack damage).

use b5_engine::Op;

use crate::text::{card_name, duration_text};

/// A conflict or attack verb in words (`effects::op_text`): "the conflict gets
/// +2 support".
pub(super) fn op_text(op: &Op) -> String {
    match *op {
        Op::Support { n } => format!("the conflict gets +{n} support"),
        Op::Opposition { n } => format!("the conflict gets +{n} opposition"),
        Op::CancelConflict => "cancel the conflict".into(),
        Op::ConflictType { kind } => format!(
            "this conflict is {} {} conflict",
            crate::text::an(kind.display()),
            kind.display()
        ),
        Op::Withdraw { card } => format!(
            "withdraw {} from the conflicts it takes part in (it stays rotated)",
            card_name(card)
        ),
        Op::CancelAttack => "cancel the attack".into(),
        Op::Attack { ability, by, card } => format!(
            "{} attacks {} using {} (not in a conflict)",
            card_name(by),
            card_name(card),
            match ability {
                b5_engine::AttackUsing::Ability(a) => a.display().to_string(),
                b5_engine::AttackUsing::TargetsHighest => {
                    "whichever of its abilities is highest (its controller's choice on a tie)"
                        .to_string()
                }
            }
        ),
        Op::AttackMod { m, card, duration } => format!(
            "{} {}{}",
            card_name(card),
            attack_mod_text(&m, false),
            duration_text(duration)
        ),
        _ => unreachable!("not a conflict verb: {op:?}"),
    }
}

/// "deals 1 more damage in attacks and suffers half damage from attacks
/// (rounded up)"; `plural` for "cards ... deal".
pub(in crate::text) fn attack_mod_text(m: &b5_engine::AttackMod, plural: bool) -> String {
    let v = |one: &str, many: &str| {
        if plural {
            many.to_string()
        } else {
            one.to_string()
        }
    };
    let (deal, suffer) = (v("deals", "deal"), v("suffers", "suffer"));
    let mut parts = Vec::new();
    if m.deals_printed {
        parts.push(format!(
            "{deal} damage in attacks equal to {} printed ability minus {} damage, with nothing raising it",
            v("its", "their"),
            v("its", "their")
        ));
    }
    if m.deals_double {
        parts.push(format!("{deal} double damage in attacks"));
    }
    if m.deals != 0 {
        let more = if m.deals > 0 { "more" } else { "less" };
        parts.push(format!(
            "{deal} {} {more} damage in attacks",
            (m.deals as i16).abs()
        ));
    }
    if m.suffers_half {
        parts.push(format!("{suffer} half damage from attacks (rounded up)"));
    }
    if m.suffers != 0 {
        let more = if m.suffers > 0 { "more" } else { "less" };
        parts.push(format!(
            "{suffer} {} {more} damage from attacks",
            (m.suffers as i16).abs()
        ));
    }
    if m.no_return {
        parts.push(format!("{suffer} no damage in return when attacking"));
    }
    match parts.len() {
        0 => String::new(),
        1 => parts.pop().unwrap(),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}
