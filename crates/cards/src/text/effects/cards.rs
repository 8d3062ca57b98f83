//! Effects on cards in words: drawing and discarding, damage, marks,
//! bonuses, rotation, tokens, moves and promotion (card format: Effects;
//! Severe damage and set abilities).

use b5_engine::{Ability, Op};

use crate::text::{
    an, bonus_text, card_name, duration_text, mark, plural, possessive, verb, who_does, who_subject,
};

/// A verb on cards in words (`effects::op_text`): "the target card takes 2 damage".
pub(super) fn op_text(op: &Op) -> String {
    match *op {
        Op::Draw { n, who } => who_does(who, "draw", plural(n as i64, "card", "cards")),
        Op::CrusadeDraw { n, who } => format!(
            "{} {} the top {} of {} Crusade Pile in hand",
            who_subject(who),
            verb(who, "put"),
            plural(n as i64, "card", "cards"),
            possessive(who)
        ),
        Op::DiscardRandom { n, who } => format!(
            "{} {} {} at random",
            who_subject(who),
            verb(who, "discard"),
            plural(n as i64, "card", "cards")
        ),
        Op::Damage { n, card } => format!("{} takes {} damage", card_name(card), n),
        Op::Bonus {
            bonus,
            card,
            duration,
        } => format!(
            "{} gets {}{}",
            card_name(card),
            bonus_text(&bonus),
            duration_text(duration)
        ),
        Op::Double {
            ability,
            card,
            duration,
        } => format!(
            "{}'s {} is doubled{}",
            card_name(card),
            ability.display(),
            duration_text(duration)
        ),
        Op::Rotate { card } => format!("rotate {}", card_name(card)),
        Op::Ready { card } => format!("ready {}", card_name(card)),
        Op::Heal { card } => format!("heal {}", card_name(card)),
        Op::FullHeal { card } => format!("fully heal {}", card_name(card)),
        Op::RemoveDamage { n, card } => {
            format!("remove up to {} damage from {}", n, card_name(card))
        }
        Op::Neutralize { card } => format!("neutralize {}", card_name(card)),
        Op::Discard { card } => format!("discard {}", card_name(card)),
        Op::ReturnToHand { card } => format!("return {} to its owner's hand", card_name(card)),
        Op::DiscardAmbassador { card } => {
            format!("discard {}, even an ambassador", card_name(card))
        }
        Op::SevereDamage { n, card } => format!("{} suffers {n} severe damage", card_name(card)),
        Op::SetAbility {
            ability,
            value,
            card,
            duration,
            last: true,
        } => format!(
            // After every modifier: bonuses and damage no longer change it.
            "{}'s {} becomes {value}{}, whatever modifies it",
            card_name(card),
            ability.display(),
            duration_text(duration)
        ),
        Op::SetAbility {
            ability,
            value,
            card,
            duration,
            last: false,
        } => format!(
            // Modifying abilities: a change to the printed ability, applied
            // first; every doubling and bonus, earlier or later, still counts.
            "{}'s printed {} becomes {value}{}",
            card_name(card),
            ability.display(),
            duration_text(duration)
        ),
        Op::Blank { card, duration } => format!(
            "{} has its text blanked{} (its keywords stay)",
            card_name(card),
            duration_text(duration)
        ),
        Op::MoveAttached { card, onto } => format!(
            "move {} onto {} (as if played there; its controller keeps it)",
            card_name(card),
            card_name(onto)
        ),
        Op::TransferDamage { card, onto, count } => format!(
            "move {} from {} to {} (only what it has; not an attack)",
            if count == 1 {
                "1 damage".to_string()
            } else {
                format!("up to {count} damage")
            },
            card_name(card),
            card_name(onto)
        ),
        Op::UseAs { from, to, card } => format!(
            "{} may use its {} as {} until the end of the turn ({})",
            card_name(card),
            from.display(),
            to.display(),
            // 6.j: only to take part in conflicts, attack, or lead a fleet.
            if to == Ability::Leadership {
                "in conflicts, attacks and to lead a fleet"
            } else {
                "in conflicts and attacks"
            }
        ),
        Op::Promote { card, free } => format!(
            "promote {} to the Inner Circle{}",
            card_name(card),
            if free {
                " for free"
            } else {
                ", applying its promotion cost"
            }
        ),
        Op::Mark { .. }
        | Op::ConvertMark { .. }
        | Op::MoveMark { .. }
        | Op::Chaos { .. }
        | Op::Credits { .. }
        | Op::TransferChaos { .. } => tokens_text(op),
        _ => unreachable!("not a card verb: {op:?}"),
    }
}

/// Marks and tokens on cards in words: "the target card gains 1 Doom mark",
/// "put 2 Chaos Tokens on this card".
fn tokens_text(op: &Op) -> String {
    match *op {
        Op::Mark { kind, card, count } => {
            if count >= 0 {
                format!(
                    "{} gains {}",
                    card_name(card),
                    plural(
                        count as i64,
                        &format!("{} mark", mark(kind)),
                        &format!("{} marks", mark(kind))
                    )
                )
            } else {
                format!(
                    "{} purges {}",
                    card_name(card),
                    plural(
                        -(count as i64),
                        &format!("{} mark", mark(kind)),
                        &format!("{} marks", mark(kind))
                    )
                )
            }
        }
        Op::Chaos { n, card } if n >= 0 => format!(
            "put {} on {}",
            plural(n as i64, "Chaos Token", "Chaos Tokens"),
            card_name(card)
        ),
        Op::Chaos { n, card } => format!(
            "take {} off {}",
            plural(-(n as i64), "Chaos Token", "Chaos Tokens"),
            card_name(card)
        ),
        Op::Credits { n, card } if n >= 0 => format!(
            "put {} on {}",
            plural(n as i64, "credit token", "credit tokens"),
            card_name(card)
        ),
        Op::Credits { n, card } => format!(
            "take {} off {}",
            plural(-(n as i64), "credit token", "credit tokens"),
            card_name(card)
        ),
        Op::ConvertMark {
            from,
            to,
            card,
            count,
        } => format!(
            "replace {} on {} with {} {}",
            if count == 1 {
                format!("{} {} mark", an(mark(from)), mark(from))
            } else {
                format!("up to {count} {} marks", mark(from))
            },
            card_name(card),
            if count == 1 {
                an(mark(to)).to_string()
            } else {
                "as many".to_string()
            },
            if count == 1 {
                format!("{} mark", mark(to))
            } else {
                format!("{} marks", mark(to))
            }
        ),
        Op::MoveMark {
            kind,
            card,
            onto,
            count,
        } => format!(
            "move {} from {} to {} (not a gain or purge)",
            if count == 1 {
                format!("{} {} mark", an(mark(kind)), mark(kind))
            } else {
                format!("up to {count} {} marks", mark(kind))
            },
            card_name(card),
            card_name(onto)
        ),
        Op::TransferChaos { card, onto, count } => format!(
            "move {} from {} to {} (only those it has)",
            if count == 1 {
                "a Chaos Token".to_string()
            } else {
                format!("up to {count} Chaos Tokens")
            },
            card_name(card),
            card_name(onto)
        ),
        _ => unreachable!("not a mark or token verb: {op:?}"),
    }
}
