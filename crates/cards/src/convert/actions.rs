//! Actions (`docs/card-format.md`, Actions; Credit tokens): a card's
//! actions, their costs, targets and effects.

use b5_engine::{
    CardAction, CardDef, CardFilter, CardType, Cost, MarkKind, Side, TargetKind, ThisCard,
};

use super::{
    condition, effects, filter, marks, never_matches, no_relation, one_of, only, refs_with,
    relation_fits, second, At, FilterUse, TARGETS,
};
use crate::error::LoadError;
use crate::raw::{RawCard, RawFilter, RawNum};

/// The most credit tokens one cost takes off (Corporate Rule 6).
const MAX_TOKENS: u8 = 100;
/// At most this many Chaos Tokens discarded as a cost, written as a number.
const MAX_CHAOS_COST: i64 = 100;

/// `actions`.
pub(super) fn actions(
    at: &At,
    raw: &RawCard,
    in_play_type: bool,
    d: &mut CardDef,
) -> Result<(), LoadError> {
    let ty = d.card_type;
    for (i, a) in raw.actions.iter().enumerate() {
        let aat = at.at(&format!("actions[{i}]"), a);
        only(
            at,
            "actions",
            in_play_type,
            "characters, groups, fleets, locations, enhancements and agendas",
        )?;
        let ra = a.get_ref();
        let target = match &ra.target {
            None => TargetKind::None,
            Some(t) => one_of(&aat.sub("target"), "target", t, TargetKind::parse, TARGETS)?,
        };
        let cost = ra.cost.clone().unwrap_or_default();
        let purge = match &cost.purge {
            None => None,
            Some(m) => {
                let ms = marks(m);
                let kinds: Vec<(MarkKind, u8)> = MarkKind::ALL
                    .iter()
                    .map(|&k| (k, ms[k.idx()]))
                    .filter(|x| x.1 > 0)
                    .collect();
                if kinds.len() != 1 {
                    return Err(aat
                        .sub("cost.purge")
                        .err("purge names exactly one kind of mark, e.g. { doom = 1 }"));
                }
                Some(kinds[0])
            }
        };
        let rotate_other = other_card(&aat.sub("cost.rotate_other"), &cost.rotate_other, ty)?;
        let neutralize_other = other_card(
            &aat.sub("cost.neutralize_other"),
            &cost.neutralize_other,
            ty,
        )?;
        let credits = match cost.credits {
            Some(0) => {
                return Err(aat
                    .sub("cost.credits")
                    .err("takes no credit tokens off: leave it out or take 1 or more"))
            }
            Some(n) if n > MAX_TOKENS => {
                return Err(aat.sub("cost.credits").err(format!(
                    "at most {MAX_TOKENS} credit tokens may be taken off at once"
                )))
            }
            n => n.unwrap_or(0),
        };
        // Drakh Rule 7: Chaos Tokens off the cards the player controls.
        let chaos = match &cost.chaos {
            None => None,
            Some(crate::raw::RawNum::Int(n)) if !(1..=MAX_CHAOS_COST).contains(n) => {
                return Err(aat.sub("cost.chaos").err(format!(
                    "{n} Chaos Tokens: an action discards 1 to {MAX_CHAOS_COST} (or an amount worked out when it is used)"
                )))
            }
            Some(n) => {
                let a = super::amounts::amount_of(&aat.sub("cost.chaos"), n)?;
                let names_target = a.uses_sel(b5_engine::CardSel::Target) || a.uses_player_target();
                if names_target && target == TargetKind::None {
                    return Err(aat.sub("cost.chaos").err(
                        "the amount names the target, and the action has none (set target)",
                    ));
                }
                Some(a)
            }
        };
        let first_filter = match &ra.target_filter {
            Some(f) => {
                let f = filter(&aat.sub("target_filter"), f)?;
                let usage = if target == TargetKind::Card {
                    FilterUse::Target
                } else {
                    FilterUse::Other
                };
                never_matches(&aat.sub("target_filter"), &f, usage)?;
                relation_fits(&aat.sub("target_filter"), &f, ty)?;
                f
            }
            None => CardFilter::default(),
        };
        // Legal Targets: a second target.
        let second_at = aat.sub("second_target");
        let rel_at = aat.sub("second_relation");
        let second = match (&ra.second_target, &ra.second_relation) {
            (Some(f), rel) => Some(second::second_target(
                second::Fields {
                    second: &second_at,
                    relation: &rel_at,
                },
                f,
                rel.as_deref(),
                target,
                &first_filter,
            )?),
            (None, Some(_)) => return Err(second::lone_relation(&rel_at)),
            (None, None) => None,
        };
        let action_refs = refs_with(target, &second);
        let anyone = ra.anyone.unwrap_or(false);
        if ra.anyone == Some(false) {
            return Err(aat
                .sub("anyone")
                .err("write `anyone = true` (or leave it out)"));
        }
        if anyone
            && !matches!(
                ty,
                CardType::Character | CardType::Fleet | CardType::Location | CardType::Group
            )
        {
            return Err(aat.sub("anyone").err(
                "only a card on the table offers its action to any player (characters, fleets, locations, groups)",
            ));
        }
        d.actions.push(CardAction {
            limit: super::limit(&aat.sub("once"), ra.once.as_deref())?,
            anyone,
            cost: Cost {
                rotate: cost.rotate.unwrap_or(true),
                influence: cost.influence.unwrap_or(0),
                purge,
                discard: cost.discard.unwrap_or(false),
                rotate_other,
                neutralize_other,
                credits,
                chaos,
            },
            target,
            filter: first_filter,
            second,
            effects: effects(&aat.sub("effects"), &ra.effects, action_refs)?,
            condition: ra
                .condition
                .as_ref()
                .map(|c| condition(&aat.sub("if"), c))
                .transpose()?,
        });
        if d.actions.last().unwrap().effects.is_empty() {
            return Err(aat
                .sub("effects")
                .err("an action needs at least one effect"));
        }
    }
    Ok(())
}

/// A cost paid with another card the player controls (`rotate_other`,
/// `neutralize_other`): a filter that can match such a card.
pub(super) fn other_card(
    fat: &At,
    f: &Option<RawFilter>,
    ty: CardType,
) -> Result<Option<CardFilter>, LoadError> {
    let Some(f) = f else {
        return Ok(None);
    };
    let f = filter(fat, f)?;
    never_matches(fat, &f, FilterUse::Other)?;
    relation_fits(fat, &f, ty)?;
    if f.relation() == ThisCard::Itself {
        return Err(fat.sub("itself").err(
            "never matches: the other card paying a cost is never this card (write `rotate = true`)",
        ));
    }
    // Engine Rules v1.2, Costs: only cards the player controls pay.
    if f.side == Side::Other {
        return Err(fat
            .sub("side")
            .err("never matches: costs are paid only with cards the player controls"));
    }
    if f.names_off_table() && !f.allows_type(CardType::Character) {
        return Err(fat.sub("type").err(
            "never matches: only cards on the table (characters, groups, fleets, locations) rotate or are neutralized",
        ));
    }
    Ok(Some(f))
}

/// A `play_cost`: rotating or neutralizing another card the player
/// controls as an event is played, a card is sponsored or a conflict is
/// initiated (Engine Rules v1.2, Requirements: "be active and require you
/// to do something ... you may have to rotate another card in order to
/// sponsor the card"; The Conflict Round, Step 2: "any requirements to
/// initiate the conflict (such as rotating a character ...) are met").
/// Its influence is `cost` (a conflict's, `initiate_cost`).
pub(super) fn play_cost(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    let Some(c) = &raw.play_cost else {
        return Ok(());
    };
    let pat = at.at("play_cost", c);
    let c = c.get_ref();
    for (field, set) in [
        ("rotate", c.rotate.is_some()),
        ("influence", c.influence.is_some()),
        ("purge", c.purge.is_some()),
        ("discard", c.discard.is_some()),
        ("credits", c.credits.is_some()),
        ("chaos", c.chaos.is_some()),
    ] {
        if set {
            return Err(pat.sub(field).err(
                "a play cost is rotate_other or neutralize_other (its influence is `cost`; a conflict's, `initiate_cost`)",
            ));
        }
    }
    let rotate_other = other_card(&pat.sub("rotate_other"), &c.rotate_other, d.card_type)?;
    let neutralize_other = other_card(
        &pat.sub("neutralize_other"),
        &c.neutralize_other,
        d.card_type,
    )?;
    // The card is in the hand as its cost is paid: it has no relation to
    // a card on the table yet.
    for (f, field) in [
        (&rotate_other, "rotate_other"),
        (&neutralize_other, "neutralize_other"),
    ] {
        if let Some(f) = f {
            no_relation(
                &pat.sub(field),
                f,
                "the card is in the hand as its cost is paid",
            )?;
        }
    }
    if rotate_other.is_none() && neutralize_other.is_none() {
        return Err(pat.err("name rotate_other or neutralize_other (or leave `play_cost` out)"));
    }
    d.play_cost = Some(Box::new(Cost {
        rotate: false,
        rotate_other,
        neutralize_other,
        ..Cost::default()
    }));
    Ok(())
}

/// `costs_more` / `costs_less`: the card's own price worked out from the
/// game, for the player playing or sponsoring it (an amount read with him
/// as "you"; it has no target yet).
pub(super) fn own_price(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    for (field, raw_n) in [
        ("costs_more", &raw.costs_more),
        ("costs_less", &raw.costs_less),
    ] {
        let Some(n) = raw_n else {
            continue;
        };
        let fat = at.at(field, n);
        // A conflict's price is its `initiate_cost` (0 when left out).
        if d.card_type == CardType::Conflict {
            if field == "costs_less" && d.initiate_cost == 0 {
                return Err(fat.err(
                    "`costs_less` lowers a conflict's `initiate_cost`: give the conflict one",
                ));
            }
        } else if d.cost.is_none() {
            return Err(fat.err(format!(
                "`{field}` changes the printed cost: give the card a `cost`"
            )));
        }
        let a = match n.get_ref() {
            RawNum::Int(_) => {
                return Err(fat.err(format!(
                    "a fixed number is the printed `cost`: `{field}` is an amount worked out from the game (e.g. {{ count = {{ type = \"fleet\", side = \"own\" }} }})"
                )))
            }
            r => super::amount_of(&fat, r)?,
        };
        if a.uses_player_target() || a.uses_card_target() {
            return Err(fat.err(format!(
                "`{field}` is worked out before the card has a target: it cannot name the target"
            )));
        }
        if field == "costs_more" {
            d.costs_more = Some(Box::new(a));
        } else {
            d.costs_less = Some(Box::new(a));
        }
    }
    Ok(())
}
