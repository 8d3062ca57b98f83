//! Influence, power, tension, unrest, the non-player influence and the
//! Influence Rating in words (card format: Effects; Influence Rating and
//! initiative).

use b5_engine::{Force, Op, Who};

use crate::text::filters::filter_kind;
use crate::text::{
    cap, duration_text, force_name, plural, possessive, verb, who_does, who_object, who_subject,
};

/// An influence verb in words (`effects::op_text`): "you gain 2 influence".
pub(super) fn op_text(op: &Op) -> String {
    match *op {
        Op::GainInfluence { n, who } => {
            who_does(who, "gain", plural(n as i64, "influence", "influence"))
        }
        Op::LoseInfluence { n, who } => {
            who_does(who, "lose", plural(n as i64, "influence", "influence"))
        }
        Op::TransferInfluence { n, who, to } => format!(
            "{} {} {} to {}",
            who_subject(who),
            verb(who, "transfer"),
            plural(n as i64, "influence", "influence"),
            who_object(to)
        ),
        Op::TransferToForce { n, who, force } => format!(
            "{} {} {} to {}",
            who_subject(who),
            verb(who, "transfer"),
            plural(n as i64, "influence", "influence"),
            force_name(force)
        ),
        Op::Restore { n, who } => format!(
            "{} {} up to {} applied influence",
            who_subject(who),
            verb(who, "restore"),
            n
        ),
        Op::ExtraInfluence { n, who } => format!(
            "{} may apply {} additional influence this turn",
            who_subject(who),
            n
        ),
        Op::Income { n, who, card } => format!(
            "each turn, while {} is in {} faction, even after this card leaves play, {} may apply {} additional influence",
            crate::text::card_name(card),
            crate::text::possessive(who),
            who_subject(who),
            n
        ),
        Op::GainPower { n, who } => who_does(who, "gain", plural(n as i64, "power", "power")),
        Op::LosePower { n, who } => who_does(who, "lose", plural(n as i64, "power", "power")),
        Op::Tension {
            n,
            who,
            toward,
            mutual,
            set: true,
        } => {
            if mutual {
                format!(
                    "tension between {} and {} becomes {n}",
                    who_object(who),
                    who_object(toward)
                )
            } else {
                format!(
                    "{} tension toward {} becomes {n}",
                    possessive(who),
                    who_object(toward)
                )
            }
        }
        Op::Tension {
            n,
            who,
            toward,
            mutual,
            set: false,
        } => {
            let dir = if n >= 0 { "rises" } else { "falls" };
            if mutual {
                format!(
                    "tension between {} and {} {} by {}",
                    who_object(who),
                    who_object(toward),
                    if n >= 0 { "rises" } else { "falls" },
                    n.abs()
                )
            } else {
                format!(
                    "{} tension toward {} {} by {}",
                    possessive(who),
                    who_object(toward),
                    dir,
                    n.abs()
                )
            }
        }
        Op::TensionRace {
            n,
            who,
            race,
            mutual,
            race_of,
        } => {
            let dir = if n >= 0 { "rises" } else { "falls" };
            let race = match race_of {
                Some(c) => format!("race of {}", super::super::card_name(c)),
                None => race.display().to_string(),
            };
            if mutual {
                format!(
                    "tension between {} and the {} {} by {}",
                    who_object(who),
                    race,
                    dir,
                    n.abs()
                )
            } else {
                format!(
                    "{} tension toward the {} {} by {}",
                    possessive(who),
                    race,
                    dir,
                    n.abs()
                )
            }
        }
        Op::Unrest { n, who } => format!(
            "{} unrest {} by {}",
            possessive(who),
            if n >= 0 { "rises" } else { "falls" },
            n.abs()
        ),
        Op::NonPlayer { force, n } => {
            if n >= 0 {
                format!(
                    "{} {} {}",
                    force_name(force),
                    if force == Force::Babylon5 {
                        "gains"
                    } else {
                        "gain"
                    },
                    plural(n as i64, "influence", "influence")
                )
            } else {
                format!(
                    "{} {} {}",
                    force_name(force),
                    if force == Force::Babylon5 {
                        "loses"
                    } else {
                        "lose"
                    },
                    plural(-(n as i64), "influence", "influence")
                )
            }
        }
        Op::SponsorDiscount { n, who, ref to } => format!(
            "the next {} {} {} this turn costs {n} less",
            to.as_deref().map_or("card".to_string(), filter_kind),
            who_subject(who),
            verb(who, "sponsor")
        ),
        Op::InfluenceRating { n, who, duration } => format!(
            "{} Influence Rating is {} by {}{} (not a gain or loss)",
            cap(&possessive(who)),
            if n >= 0 { "increased" } else { "decreased" },
            (n as i16).abs(),
            duration_text(duration)
        ),
        Op::TransferPower { n, who, to } => format!(
            "transfer {n} power from {} to {} (not a gain or loss; never below 0 power)",
            who_object(who),
            who_object(to)
        ),
        Op::PowerToWin { n, who, duration } => format!(
            "{} {} {} {} power to win{}",
            who_subject(who),
            verb(who, "need"),
            (n as i16).abs(),
            if n >= 0 { "more" } else { "less" },
            duration_text(duration)
        ),
        Op::InfluenceOnlyPower { who, duration } => format!(
            "{} {} only {} Influence Rating as power{} (a player whose power is below his Influence Rating is unaffected)",
            who_subject(who),
            verb(who, "count"),
            if who == Who::Me { "your" } else { "their" },
            duration_text(duration)
        ),
        _ => unreachable!("not an influence verb: {op:?}"),
    }
}
