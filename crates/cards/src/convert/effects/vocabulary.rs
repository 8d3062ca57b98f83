//! The verbs of the rules' own effect vocabulary (Engine Rules v1.2):
//! blanking (Bonuses and Blanking), transfers of power, marks, Chaos
//! Tokens and damage (Changes for Version 1.2; Glossary, Transfer), "Used As" (Glossary), the
//! power needed to win (Victory), promote effects (Promote Effects) and the
//! Shadow War started or ended by an effect (The Shadow War). The loader
//! refuses what can never work, naming the field.

use b5_engine::{Amount, CardSel, Duration, MarkKind, Op, Who};

use super::VerbCx;
use crate::convert::{ability, one_of, verb_num, At, CARDS, MARKS};
use crate::error::LoadError;
use crate::raw::RawEffect;

/// The verb's operation, from what the effect loader has worked out.
pub(super) fn op(cx: &VerbCx) -> Result<Op, LoadError> {
    let mut amount = None;
    let op = rules_verb(
        &cx.at,
        cx.e,
        cx.verb,
        cx.who,
        Parts {
            sel: cx.sel()?,
            duration: cx.dur()?,
            amount: &mut amount,
            // Power goes `to` a player (`chosen` in a `choose_player`'s `each`).
            to: match cx.verb {
                "transfer_power" => cx.whom(cx.e.to.as_ref(), "to", Who::Me)?,
                _ => Who::Me,
            },
        },
    )?;
    cx.amount.set(amount);
    Ok(op)
}

/// What the main effect loader has worked out already.
pub(super) struct Parts<'a> {
    pub sel: CardSel,
    pub duration: Duration,
    pub amount: &'a mut Option<Amount>,
    pub to: Who,
}

fn flag(at: &At, verb: &str, v: Option<bool>) -> Result<(), LoadError> {
    if v == Some(false) {
        Err(at.err(format!("write `{verb} = true` (or leave the effect out)")))
    } else {
        Ok(())
    }
}

/// How a refusal names what moves from card to card (marks, Chaos Tokens,
/// damage): the example of `onto`, "... go to" and "... come from" with
/// their verbs, and what moves "from one card to one card".
struct Moving {
    go_to: &'static str,
    example: &'static str,
    come_from: &'static str,
    moves: &'static str,
}

const MARKS_MOVE: Moving = Moving {
    go_to: "the marks go to",
    example: "this",
    come_from: "marks moved onto the card they come from change nothing",
    moves: "a mark moves",
};
const TOKENS_MOVE: Moving = Moving {
    go_to: "the tokens go to",
    example: "this",
    come_from: "tokens moved onto the card they come from change nothing",
    moves: "tokens move",
};
const ATTACHED_MOVE: Moving = Moving {
    go_to: "the attached card goes to",
    example: "second",
    come_from: "an attached card moved onto itself changes nothing",
    moves: "an attached card moves",
};
const DAMAGE_MOVE: Moving = Moving {
    go_to: "the damage goes to",
    example: "ambassador",
    come_from: "damage moved onto the card it comes from changes nothing",
    moves: "damage moves",
};

/// The card something moves onto (Glossary, Transfer): named, another card
/// than the one it comes from, and one card at each end.
fn transfer_onto(
    at: &At,
    e: &RawEffect,
    sel: CardSel,
    w: Who,
    m: Moving,
) -> Result<CardSel, LoadError> {
    let Some(onto) = e.onto.as_ref() else {
        return Err(at.sub("onto").err(format!(
            "name the card {}, e.g. onto = \"{}\"",
            m.go_to, m.example
        )));
    };
    let onto = one_of(
        &at.sub("onto"),
        "card",
        onto,
        |x| CardSel::parse(x, w),
        CARDS,
    )?;
    if onto == sel {
        return Err(at.sub("onto").err(m.come_from));
    }
    for (name, s) in [("card", sel), ("onto", onto)] {
        if matches!(s, CardSel::Supporters | CardSel::Opposers) {
            return Err(at.sub(name).err(format!(
                "{} from one card to one card: not every supporting or opposing card",
                m.moves
            )));
        }
    }
    Ok(onto)
}

pub(super) fn rules_verb(
    at: &At,
    e: &RawEffect,
    verb: &str,
    w: Who,
    parts: Parts,
) -> Result<Op, LoadError> {
    let Parts {
        sel,
        duration,
        amount,
        to,
    } = parts;
    Ok(match verb {
        "blank" => {
            flag(at, verb, e.blank)?;
            if duration == Duration::Printed {
                return Err(at.sub("duration").err(
                    "a card's text is blanked for a time: turn, while-rotated, conflict, permanent or while-in-play",
                ));
            }
            Op::Blank {
                card: sel,
                duration,
            }
        }
        "transfer_power" => {
            let (n, a) = verb_num(at, e.transfer_power.as_ref().unwrap(), 0, 255)?;
            *amount = a;
            if to == w && matches!(w, Who::Me | Who::Target | Who::Leader | Who::Chosen) {
                return Err(at
                    .sub("to")
                    .err("power transferred from a player to the same player changes nothing: name another player in `who` or `to`"));
            }
            if n == 0 && amount.is_none() {
                return Err(at.err("a transfer of 0 power changes nothing"));
            }
            Op::TransferPower {
                n: n as u8,
                who: w,
                to,
            }
        }
        "move_mark" => {
            let kind = one_of(
                at,
                "mark",
                e.move_mark.as_ref().unwrap(),
                MarkKind::parse,
                MARKS,
            )?;
            let onto = transfer_onto(at, e, sel, w, MARKS_MOVE)?;
            let count = e.count.unwrap_or(1);
            if count < 1 {
                return Err(at.sub("count").err("move at least 1 mark"));
            }
            Op::MoveMark {
                kind,
                card: sel,
                onto,
                count: count as u8,
            }
        }
        "transfer_chaos" => {
            let count = e.transfer_chaos.unwrap();
            if count == 0 {
                return Err(at.err("a transfer of 0 Chaos Tokens changes nothing"));
            }
            let onto = transfer_onto(at, e, sel, w, TOKENS_MOVE)?;
            Op::TransferChaos {
                card: sel,
                onto,
                count,
            }
        }
        "transfer_damage" => {
            // Glossary, Transfer: damage can be transferred, only what the
            // card has (normal damage: Glossary, Damage).
            let count = e.transfer_damage.unwrap();
            if count == 0 {
                return Err(at.err("a transfer of 0 damage changes nothing"));
            }
            let onto = transfer_onto(at, e, sel, w, DAMAGE_MOVE)?;
            Op::TransferDamage {
                card: sel,
                onto,
                count,
            }
        }
        "move_attached" => {
            flag(at, verb, e.move_attached)?;
            let onto = transfer_onto(at, e, sel, w, ATTACHED_MOVE)?;
            Op::MoveAttached { card: sel, onto }
        }
        "use_ability" => {
            let from = ability(at, e.use_ability.as_ref().unwrap())?;
            let Some(to) = e.as_ability.as_ref() else {
                return Err(at
                    .sub("as")
                    .err("name the ability it is used as, e.g. as = \"intrigue\""));
            };
            let to = ability(&at.sub("as"), to)?;
            if to == from {
                return Err(at
                    .sub("as")
                    .err("an ability used as itself changes nothing"));
            }
            Op::UseAs {
                from,
                to,
                card: sel,
            }
        }
        "power_to_win" => {
            if matches!(
                duration,
                Duration::Printed | Duration::Conflict | Duration::WhileRotated
            ) {
                return Err(at.sub("duration").err(
                    "the power needed to win changes for turn, while-in-play or permanent (it is checked in the Draw Round)",
                ));
            }
            let (n, a) = verb_num(at, e.power_to_win.as_ref().unwrap(), -19, 100)?;
            *amount = a;
            if n == 0 && amount.is_none() {
                return Err(at.err("a change of 0 to the power needed to win changes nothing"));
            }
            Op::PowerToWin {
                n: n as i8,
                who: w,
                duration,
            }
        }
        "promote" => {
            flag(at, verb, e.promote)?;
            if matches!(sel, CardSel::Ambassador(_)) {
                return Err(at
                    .sub("card")
                    .err("an ambassador is always in the Inner Circle: it is never promoted"));
            }
            if matches!(
                sel,
                CardSel::Supporters | CardSel::Opposers | CardSel::Attacker
            ) {
                return Err(at
                    .sub("card")
                    .err("promote names one card: target, this or attached"));
            }
            Op::Promote {
                card: sel,
                free: e.free.unwrap_or(false),
            }
        }
        // War Conflicts, Conquering Locations; rulings, Search for a Home.
        "conquer" => {
            flag(at, verb, e.conquer)?;
            if matches!(
                sel,
                CardSel::This | CardSel::Ambassador(_) | CardSel::Attached
            ) {
                return Err(at.sub("card").err(
                    "a player conquers a location of another faction: name the target (or another location the effect names)",
                ));
            }
            Op::Conquer { card: sel }
        }
        "shadow_war" => {
            let start = match e.shadow_war.as_deref().unwrap() {
                "start" | "begin" => true,
                "end" => false,
                other => {
                    return Err(at.err(format!(
                        "unknown Shadow War change \"{other}\" (expected one of: start, end)"
                    )))
                }
            };
            Op::ShadowWar { start }
        }
        "count_only_influence" => {
            flag(at, verb, e.count_only_influence)?;
            if matches!(
                duration,
                Duration::Printed | Duration::Conflict | Duration::WhileRotated
            ) {
                return Err(at.sub("duration").err(
                    "counting only influence as power lasts turn, while-in-play or permanent",
                ));
            }
            Op::InfluenceOnlyPower { who: w, duration }
        }
        _ => unreachable!("rules_verb is called for its own verbs only"),
    })
}
