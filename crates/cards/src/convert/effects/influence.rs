//! Influence, power, tension, unrest, the non-player influence and the
//! Influence Rating as effects (`docs/card-format.md`, Effects; Influence
//! Rating and initiative; Engine Rules v1.2, Game Overview, Political
//! Relations, Glossary: Transfer).

use b5_engine::{CardFilter, CardSel, CardType, Duration, Force, Op, Race, Who};

use super::VerbCx;
use crate::convert::{filter, printed_only, race, At};
use crate::error::LoadError;
use crate::raw::RawEffect;

/// The kind of card a one-shot discount is for (`filter`): only what is
/// printed, and a kind that can be sponsored (Playing Cards: characters,
/// groups, fleets, locations and enhancements are sponsored).
fn discount_kind(at: &At, e: &RawEffect) -> Result<Option<CardFilter>, LoadError> {
    let Some(r) = &e.filter else {
        return Ok(None);
    };
    let at = at.sub("filter");
    let f = filter(&at, r)?;
    printed_only(&at, &f)?;
    const SPONSORED: [CardType; 5] = [
        CardType::Character,
        CardType::Group,
        CardType::Fleet,
        CardType::Location,
        CardType::Enhancement,
    ];
    if !SPONSORED.iter().any(|&t| f.allows_type(t)) {
        return Err(at.sub("type").err(
            "never matches: only characters, groups, fleets, locations and enhancements are sponsored",
        ));
    }
    Ok(Some(f))
}

/// The verb's operation.
pub(super) fn op(cx: &VerbCx) -> Result<Op, LoadError> {
    let (at, e, w) = (&cx.at, cx.e, cx.who);
    Ok(match cx.verb {
        "gain_influence" => Op::GainInfluence {
            n: cx.num(&e.gain_influence, 0, 255)? as u8,
            who: w,
        },
        "lose_influence" => Op::LoseInfluence {
            n: cx.num(&e.lose_influence, 0, 255)? as u8,
            who: w,
        },
        // Glossary, Transfer: to another player, or to an entity such as
        // the Shadows.
        "transfer_influence" => match e.to.as_deref().and_then(|t| match t {
            "babylon5" => Some(Force::Babylon5),
            "shadows" => Some(Force::Shadows),
            "vorlons" => Some(Force::Vorlons),
            _ => None,
        }) {
            Some(force) => Op::TransferToForce {
                n: cx.num(&e.transfer_influence, 0, 255)? as u8,
                who: w,
                force,
            },
            None => Op::TransferInfluence {
                n: cx.num(&e.transfer_influence, 0, 255)? as u8,
                who: w,
                to: cx.whom(e.to.as_ref(), "to", Who::Me)?,
            },
        },
        "restore" => Op::Restore {
            n: cx.num(&e.restore, 0, 255)? as u8,
            who: w,
        },
        "extra_influence" => Op::ExtraInfluence {
            n: cx.num(&e.extra_influence, 0, 255)? as u8,
            who: w,
        },
        // Rulings, Search for a Home: "while you control it, even if this
        // agenda leaves play, each turn you may apply X additional influence".
        "extra_influence_each_turn" => {
            let card = cx.sel()?;
            if matches!(
                card,
                CardSel::Supporters | CardSel::Opposers | CardSel::Chosen
            ) {
                return Err(at
                    .sub("card")
                    .err("the influence lasts while one card is in the faction: name one card (target, this, ...)"));
            }
            Op::Income {
                n: cx.num(&e.extra_influence_each_turn, 0, 255)? as u8,
                who: w,
                card,
            }
        }
        "gain_power" => Op::GainPower {
            n: cx.num(&e.gain_power, 0, 255)? as u8,
            who: w,
        },
        "lose_power" => Op::LosePower {
            n: cx.num(&e.lose_power, 0, 255)? as u8,
            who: w,
        },
        "tension" => {
            let mutual = e.mutual.unwrap_or(false);
            let towards = [
                e.toward.is_some(),
                e.toward_race.is_some(),
                e.toward_race_of.is_some(),
            ];
            if towards.iter().filter(|x| **x).count() > 1 {
                return Err(at.err("give one of `toward`, `toward_race` and `toward_race_of`"));
            }
            if let Some(r) = &e.toward_race {
                Op::TensionRace {
                    n: cx.num(&e.tension, -128, 127)? as i8,
                    who: w,
                    race: race(&at.sub("toward_race"), r)?,
                    mutual,
                    race_of: None,
                }
            } else if let Some(c) = &e.toward_race_of {
                // The race of a card, read when the effect happens.
                let sel = crate::convert::one_of(
                    &at.sub("toward_race_of"),
                    "card",
                    c,
                    |x| CardSel::parse(x, w),
                    crate::convert::CARDS,
                )?;
                if matches!(
                    sel,
                    CardSel::Supporters | CardSel::Opposers | CardSel::Chosen
                ) {
                    return Err(at.sub("toward_race_of").err(
                        "a tension goes toward the race of one card: not several (supporters, opposers, chosen)",
                    ));
                }
                Op::TensionRace {
                    n: cx.num(&e.tension, -128, 127)? as i8,
                    who: w,
                    race: Race::NonAligned,
                    mutual,
                    race_of: Some(sel),
                }
            } else {
                Op::Tension {
                    n: cx.num(&e.tension, -128, 127)? as i8,
                    who: w,
                    toward: cx.whom(e.toward.as_ref(), "toward", Who::Target)?,
                    mutual,
                    set: false,
                }
            }
        }
        // Tension is kept within 1 to 5 (Tension): a level outside never is.
        "tension_to" => {
            let n = e.tension_to.unwrap_or(0);
            if !(1..=5).contains(&n) {
                return Err(at.err(format!(
                    "tension is a level from 1 to 5; {n} is never reached"
                )));
            }
            Op::Tension {
                n: n as i8,
                who: w,
                toward: cx.whom(e.toward.as_ref(), "toward", Who::Target)?,
                mutual: e.mutual.unwrap_or(false),
                set: true,
            }
        }
        "unrest" => Op::Unrest {
            n: cx.num(&e.unrest, -128, 127)? as i8,
            who: w,
        },
        "babylon5" => Op::NonPlayer {
            force: Force::Babylon5,
            n: cx.num(&e.babylon5, -128, 127)? as i8,
        },
        "shadows" => Op::NonPlayer {
            force: Force::Shadows,
            n: cx.num(&e.shadows, -128, 127)? as i8,
        },
        "vorlons" => Op::NonPlayer {
            force: Force::Vorlons,
            n: cx.num(&e.vorlons, -128, 127)? as i8,
        },
        "sponsor_discount" => Op::SponsorDiscount {
            n: cx.num(&e.sponsor_discount, 0, 255)? as u8,
            who: w,
            to: discount_kind(at, e)?.map(Box::new),
        },
        "influence_rating" => {
            let duration = cx.dur()?;
            if matches!(
                duration,
                Duration::Printed | Duration::Conflict | Duration::WhileRotated
            ) {
                return Err(at
                    .sub("duration")
                    .err("an Influence Rating modifier lasts turn, while-in-play or permanent"));
            }
            let n = cx.num(&e.influence_rating, -128, 127)? as i8;
            if n == 0 && !cx.has_amount() {
                return Err(at.err("an Influence Rating modifier of 0 changes nothing"));
            }
            Op::InfluenceRating {
                n,
                who: w,
                duration,
            }
        }
        _ => unreachable!("not an influence verb"),
    })
}
