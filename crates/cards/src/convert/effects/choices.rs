//! Choices made in the middle of an effect, through `pending`: searching
//! and choosing cards, "choose one" and `unless_paid`
//! (`docs/card-format.md`, Choices; Engine Rules v1.2, Searching Your
//! Deck, Glossary: Negate).

use b5_engine::{CardFilter, CardType, Op, PickFrom, PickPut, Who};

use super::VerbCx;
use crate::convert::{effects, filter, never_matches, one_of, small, At, FilterUse, Refs};
use crate::error::LoadError;
use crate::raw::{RawEffect, RawNum};

/// Refuses, in a list that happens within a choice (a `choose_player`'s
/// `each`, a pick's `after`), an effect that would wait in its turn: a
/// vote, a choice, an offer to pay, a delayed effect or an attack.
fn refuse_waiting(at: &At, field: &str, list: &[b5_engine::Effect]) -> Result<(), LoadError> {
    let waits = |x: &b5_engine::Effect| {
        matches!(
            x.op,
            Op::Vote { .. }
                | Op::Pick { .. }
                | Op::Modes { .. }
                | Op::Delayed { .. }
                | Op::Unless { .. }
                | Op::ChoosePlayer { .. }
                | Op::Attack { .. }
        )
    };
    if list.iter().any(waits) {
        return Err(at.sub(field).err(format!(
            "`{field}` cannot hold a vote, a search, a choice, a \"choose one\", an `unless_paid`, a delayed effect or an attack"
        )));
    }
    Ok(())
}

/// The verb's operation.
pub(super) fn op(cx: &VerbCx) -> Result<Op, LoadError> {
    let (at, e) = (&cx.at, cx.e);
    Ok(match cx.verb {
        "search" | "choose" => pick(at, e, cx.verb, cx.refs)?,
        "choose_one" => {
            let raw = e.choose_one.as_ref().unwrap();
            if raw.len() < 2 {
                return Err(at.err("\"choose one\" needs at least two modes, e.g. choose_one = [[{ draw = 1 }], [{ gain_influence = 1 }]]"));
            }
            if raw.len() > 8 {
                return Err(at.err("at most 8 modes"));
            }
            let mut modes = Vec::new();
            for (i, m) in raw.iter().enumerate() {
                let mat = at.sub(&format!("{i}"));
                if m.is_empty() {
                    return Err(mat.err("a mode needs at least one effect"));
                }
                let list = effects(&mat, m, cx.refs)?;
                if list
                    .iter()
                    .any(|x| matches!(x.op, Op::Vote { .. } | Op::Pick { .. } | Op::Modes { .. }))
                {
                    return Err(mat.err(
                        "a mode cannot hold a vote, a search, a choice of cards or another \"choose one\"",
                    ));
                }
                modes.push(list);
            }
            // "Target player chooses one": `who` names the chooser.
            let chooser = cx.whom(e.who.as_ref(), "who", Who::Me)?;
            if !matches!(chooser, Who::Me | Who::Target | Who::That) {
                return Err(at
                    .sub("who")
                    .err("one player chooses the mode: self (the default), target or that"));
            }
            Op::Modes { modes, chooser }
        }
        // Glossary, Negate: a player may pay to stop the effects.
        "unless_paid" => {
            // A number from 1 to 50, or an amount worked out when it happens.
            let n = match e.unless_paid.as_ref() {
                Some(RawNum::Int(v)) if !(1..=50).contains(v) => {
                    return Err(at.err(format!(
                        "{v} influence: a player may be asked to apply 1 to 50 influence to stop an effect"
                    )))
                }
                _ => cx.num(&e.unless_paid, 1, 50)? as u8,
            };
            let who = cx.whom(e.who.as_ref(), "who", Who::Target)?;
            if matches!(who, Who::Me | Who::Leader) {
                return Err(at.sub("who").err(
                    "names who may stop the effects: target (the default), others or each, never the card's own player",
                ));
            }
            let list = match &e.effects {
                Some(l) if !l.is_empty() => effects(&at.sub("effects"), l, cx.refs)?,
                _ => {
                    return Err(at.sub("effects").err(
                        "name the effects a player may stop, e.g. effects = [{ lose_influence = 2, who = \"target\" }]",
                    ))
                }
            };
            Op::Unless {
                n,
                who,
                effects: list.into(),
                // rulings, Order Above All: "Any combination of players".
                pooled: e.pooled == Some(true),
            }
        }
        "choose_player" => choose_player(cx)?,
        _ => unreachable!("not a choice"),
    })
}

/// `choose_player = "<who>"`: "one player of your choice" among those it
/// names, then `each` with `chosen` naming him.
fn choose_player(cx: &VerbCx) -> Result<Op, LoadError> {
    let (at, e) = (&cx.at, cx.e);
    let among = cx.whom(e.choose_player.as_ref(), "choose_player", Who::Others)?;
    if matches!(among, Who::Me | Who::Leader | Who::That) {
        return Err(at.err(format!(
            "`{}` names one player, which leaves nothing to choose: name the players one is chosen among (others, each, target for a race, or a race)",
            among.name()
        )));
    }
    let except = e
        .except
        .as_ref()
        .map(|s| cx.whom(Some(s), "except", Who::Me))
        .transpose()?;
    if except == Some(among) || (among != Who::Each && except == Some(Who::Each)) {
        return Err(at
            .sub("except")
            .err("never matches: every player offered is excepted"));
    }
    let at_war_with = e
        .at_war_with
        .as_ref()
        .map(|s| cx.whom(Some(s), "at_war_with", Who::Me))
        .transpose()?;
    let chooser = cx.whom(e.who.as_ref(), "who", Who::Me)?;
    if !matches!(chooser, Who::Me | Who::Target | Who::That) {
        return Err(at
            .sub("who")
            .err("one player chooses: self (the default), target or that"));
    }
    let each_refs = Refs {
        chosen: true,
        ..cx.refs
    };
    let each = match &e.each {
        Some(l) if !l.is_empty() => effects(&at.sub("each"), l, each_refs)?,
        _ => {
            return Err(at.sub("each").err(
                "name what happens with the player chosen, e.g. each = [{ peace = true, who = \"target\", with = \"chosen\" }]",
            ))
        }
    };
    refuse_waiting(at, "each", &each)?;
    if !each.iter().any(|x| x.uses_who(Who::Chosen)) {
        return Err(at.sub("each").err(
            "no effect names the player chosen: write `chosen` in a `who`, `with`, `toward` or `to` (e.g. with = \"chosen\")",
        ));
    }
    Ok(Op::ChoosePlayer {
        among,
        except,
        at_war_with,
        chooser,
        each,
    })
}

/// `search = "deck"` / `"reserve"` and `choose = "hand"` / `"play"`: cards
/// chosen one at a time through `pending`.
fn pick(at: &At, e: &RawEffect, verb: &str, refs: Refs) -> Result<Op, LoadError> {
    let (from, default_put) = if verb == "search" {
        let from = one_of(
            at,
            "pile",
            e.search.as_ref().unwrap(),
            |s| PickFrom::parse(s).filter(|f| f.is_search()),
            "deck, reserve",
        )?;
        (from, PickPut::Hand)
    } else {
        let from = one_of(
            at,
            "place",
            e.choose.as_ref().unwrap(),
            |s| PickFrom::parse(s).filter(|f| !f.is_search()),
            "hand, play, discard (search the deck or the reserve with `search`)",
        )?;
        let put = if from == PickFrom::Hand {
            PickPut::Discard
        } else if from == PickFrom::Discard {
            PickPut::Hand
        } else {
            PickPut::Stay
        };
        (from, put)
    };
    let put = match &e.put {
        None => default_put,
        Some(s) => one_of(
            &at.sub("put"),
            "place",
            s,
            PickPut::parse,
            "stay, hand, play, discard, remove",
        )?,
    };
    let allowed: &[PickPut] = match from {
        PickFrom::Deck | PickFrom::Reserve => &[PickPut::Hand, PickPut::Play, PickPut::Discard],
        PickFrom::Hand => &[PickPut::Discard, PickPut::Play, PickPut::Remove],
        PickFrom::Play => &[PickPut::Stay, PickPut::Discard, PickPut::Remove],
        PickFrom::Discard => &[PickPut::Hand, PickPut::Play, PickPut::Remove],
    };
    if !allowed.contains(&put) {
        let names: Vec<&str> = allowed.iter().map(|p| p.name()).collect();
        return Err(at.sub("put").err(format!(
            "a card chosen from the {} can be put: {} (not {})",
            from.name(),
            names.join(", "),
            put.name()
        )));
    }
    let f = match &e.filter {
        None => CardFilter::default(),
        Some(r) => {
            let f = filter(&at.sub("filter"), r)?;
            // Cards in a pile have no relation to a card in play.
            if from != PickFrom::Play {
                super::super::no_relation(
                    &at.sub("filter"),
                    &f,
                    "cards in a pile have only their printed identity",
                )?;
            }
            f
        }
    };
    // Cards in a pile have only their printed identity: a filter on their
    // state in play never matches them.
    if from != PickFrom::Play {
        let state = super::super::filters::in_play_test(&f)
            .or(f.at_least.map(|_| "at_least"))
            .or(f.at_most.map(|_| "at_most"));
        if let Some(name) = state {
            return Err(at.sub("filter").sub(name).err(format!(
                "never matches: a card in the {} is not in play (filter by type, race, not_race or keyword)",
                from.name()
            )));
        }
    } else {
        never_matches(&at.sub("filter"), &f, FilterUse::Target)?;
    }
    if put == PickPut::Play {
        let can = |t: CardType| {
            matches!(
                t,
                CardType::Character | CardType::Fleet | CardType::Location | CardType::Group
            )
        };
        let named: Vec<CardType> = CardType::ALL
            .into_iter()
            .filter(|t| f.allows_type(*t))
            .collect();
        if f.types == 0 {
            return Err(at.sub("filter").sub("type").err(
                "a card put into play must be a character, fleet, location or group: name the type",
            ));
        }
        if let Some(t) = named.iter().find(|t| !can(**t)) {
            return Err(at.sub("filter").sub("type").err(format!(
                "never matches: a {} cannot be put into play on its own (only characters, fleets, locations and groups)",
                t.name()
            )));
        }
    }
    let up_to = match e.up_to {
        None if verb == "search" => 1,
        None => 0,
        Some(n) => small(&at.sub("up_to"), n, 1, 60)? as u8,
    };
    // The chosen card is the target of `each`.
    let each_refs = Refs {
        card_target: true,
        player_target: true,
        second: refs.second,
        that: refs.that,
        chosen: refs.chosen,
        picked: false,
    };
    let each = match &e.each {
        None => Vec::new(),
        Some(l) => effects(&at.sub("each"), l, each_refs)?,
    };
    if each.iter().any(|x| {
        matches!(
            x.op,
            Op::Vote { .. } | Op::Pick { .. } | Op::Modes { .. } | Op::Delayed { .. }
        )
    }) {
        return Err(at.sub("each").err(
            "`each` cannot hold a vote, a search, a choice, a \"choose one\" or a delayed effect",
        ));
    }
    if matches!(from, PickFrom::Hand | PickFrom::Discard) || from.is_search() {
        if let Some(x) = each
            .iter()
            .find(|x| x.card_sel().is_some() && put != PickPut::Play)
        {
            let _ = x;
            return Err(at.sub("each").err(format!(
                "a card in the {} is not in play: `each` cannot act on it (only a card put into play can be)",
                from.name()
            )));
        }
    }
    if from == PickFrom::Play
        && matches!(put, PickPut::Discard | PickPut::Remove)
        && each.iter().any(|x| x.card_sel().is_some())
    {
        return Err(at.sub("each").err(format!(
            "the chosen card is {} first: `each` cannot act on it",
            if put == PickPut::Remove {
                "removed from the game"
            } else {
                "discarded"
            }
        )));
    }
    // What follows the choosing: the card's own refs, and `chosen`.
    let after = match &e.after {
        None => Vec::new(),
        Some(l) if l.is_empty() => {
            return Err(at
                .sub("after")
                .err("name what happens once the choosing ends, or leave `after` out"))
        }
        Some(l) => effects(
            &at.sub("after"),
            l,
            Refs {
                picked: true,
                ..refs
            },
        )?,
    };
    refuse_waiting(at, "after", &after)?;
    // Searching Your Deck: a card text that shows the card found
    // (`show = true`); `show = false` is what leaving it out says.
    let show = match e.show {
        Some(false) => {
            return Err(at
                .sub("show")
                .err("write `show = true` (the card found is shown to everyone) or leave it out"))
        }
        Some(true) => true,
        None => false,
    };
    Ok(Op::Pick {
        from,
        filter: f,
        up_to,
        put,
        each,
        show,
        after,
    })
}
