//! Lasting effects (`docs/card-format.md`, Lasting effects; Replacement):
//! a card's `passive` effects, and what a replacement carries over.

use b5_engine::{
    Amount, AmountBase, Cannot, CardDef, CardFilter, CardSel, CardType, Passive, ThisCard, Who,
};
use toml::Spanned;

use super::{
    amount_of, bonus, condition, filter, marks, never_matches, one_of, only, printed_only,
    relation_fits, restriction, small, At, FilterUse,
};
use crate::error::LoadError;
use crate::raw::{RawCard, RawNum, RawPassive};

/// `passive`: each lasting effect and its `if`.
pub(super) fn passives(
    at: &At,
    raw: &RawCard,
    in_play_type: bool,
    d: &mut CardDef,
) -> Result<(), LoadError> {
    let ty = d.card_type;
    for (i, p) in raw.passive.iter().enumerate() {
        let pat = at.at(&format!("passive[{i}]"), p);
        // Aftermath Cards: "Many aftermath cards act like enhancements and
        // modify the card they are played on" (Appendix Two: Nightmares,
        // Glory provide marks while in play).
        only(
            at,
            "passive",
            in_play_type || ty == CardType::Aftermath,
            "characters, groups, fleets, locations, enhancements, agendas and aftermaths",
        )?;
        let rp = p.get_ref();
        let f = match &rp.to {
            Some(f) => {
                let cf = filter(&pat.sub("to"), f)?;
                never_matches(&pat.sub("to"), &cf, FilterUse::Other)?;
                relation_fits(&pat.sub("to"), &cf, ty)?;
                if cf.relation() == ThisCard::Itself {
                    itself_checks(&pat.sub("to"), rp, &cf, ty)?;
                }
                cf
            }
            None => CardFilter::default(),
        };
        let mut kinds: Vec<Passive> = Vec::new();
        values(&pat, rp, &f, &mut kinds)?;
        restrictions(&pat, rp, &f, &mut kinds)?;
        victory(&pat, rp, &mut kinds)?;
        if rp.who.is_some()
            && rp.cannot.is_none()
            && rp.surcharge.is_none()
            && rp.cannot_win.is_none()
            && rp.power_to_win.is_none()
            && rp.war_conflicts.is_none()
        {
            return Err(pat.sub("who").err(
                "`who` goes with `cannot`, `cannot_win`, `power_to_win`, `war_conflicts` or `surcharge`",
            ));
        }
        if kinds.len() != 1 {
            return Err(pat.err(
                "a lasting effect has exactly one of bonus, discount, extra_draw, draw_instead, extra_influence, attack_damage, damage_resistance, extra_conflict, sponsor, marks, cannot, surcharge, influence_rating, initiative, attack_mod, cannot_win, also_win_if, power_to_win, war_conflicts",
            ));
        }
        if matches!(
            kinds[0],
            Passive::Discount { .. } | Passive::Surcharge { .. } | Passive::Sponsors { .. }
        ) {
            printed_only(&pat.sub("to"), &f)?;
        }
        d.passives.push(kinds.pop().unwrap());
        let cond = match &rp.condition {
            Some(c) => Some(condition(&pat.sub("if"), c)?),
            None => None,
        };
        if cond.is_some() || !d.passive_if.is_empty() {
            d.passive_if.resize(d.passives.len() - 1, None);
            d.passive_if.push(cond);
        }
    }
    Ok(())
}

/// The lasting effects that change values (bonuses, discounts, draws,
/// marks, costs, ratings, attack damage).
fn values(
    pat: &At,
    rp: &RawPassive,
    f: &CardFilter,
    kinds: &mut Vec<Passive>,
) -> Result<(), LoadError> {
    if let Some(b) = &rp.bonus {
        kinds.push(Passive::Bonus {
            filter: f.clone(),
            bonus: bonus(b),
            per: rp
                .amount
                .as_ref()
                .map(|a| bonus_amount(&pat.sub("amount"), a))
                .transpose()?
                .map(Box::new),
        });
    } else if rp.amount.is_some() {
        return Err(pat.sub("amount").err("`amount` goes with `bonus`"));
    }
    if let Some(n) = rp.discount {
        kinds.push(Passive::Discount {
            filter: f.clone(),
            amount: n,
        });
    }
    if let Some(n) = rp.extra_draw {
        kinds.push(Passive::ExtraDraw(n));
    }
    if let Some(n) = rp.draw_instead {
        if n < 2 {
            return Err(pat
                .sub("draw_instead")
                .err("`draw_instead` is the number drawn instead of one: at least 2"));
        }
        kinds.push(Passive::DrawInstead(n));
    }
    if let Some(n) = rp.extra_influence {
        kinds.push(Passive::ExtraInfluence(n));
    }
    if let Some(n) = rp.attack_damage {
        kinds.push(Passive::AttackDamage {
            filter: f.clone(),
            amount: n,
        });
    }
    if let Some(n) = rp.damage_resistance {
        kinds.push(Passive::DamageResistance {
            filter: f.clone(),
            amount: n,
        });
    }
    if let Some(n) = rp.extra_conflict {
        kinds.push(Passive::ExtraConflict(n));
    }
    if rp.sponsor == Some(true) {
        kinds.push(Passive::Sponsors {
            filter: f.clone(),
            free: rp.free.unwrap_or(false),
        });
    } else if rp.free.is_some() || rp.sponsor == Some(false) {
        return Err(pat
            .sub("free")
            .err("`free` goes with `sponsor = true` (and `sponsor` is only ever true)"));
    }
    if let Some(m) = &rp.marks {
        let m = marks(m);
        if m.iter().all(|n| *n == 0) {
            return Err(pat.sub("marks").err("name at least one mark to provide"));
        }
        kinds.push(Passive::Marks {
            filter: rp.to.as_ref().map(|_| f.clone()),
            marks: m,
        });
    }
    if let Some(n) = &rp.surcharge {
        let who = lasting_who(pat, rp, Who::Others, "self, others, each")?;
        let amount = surcharge_amount(&pat.sub("surcharge"), n)?;
        if matches!(who, Who::Target | Who::Leader | Who::That) {
            return Err(pat
                .sub("who")
                .err("a lasting effect names self, others or each (it has no target)"));
        }
        kinds.push(Passive::Surcharge {
            who,
            filter: f.clone(),
            amount: Box::new(amount),
        });
    }
    if let Some(n) = rp.influence_rating {
        if n == 0 {
            return Err(pat
                .sub("influence_rating")
                .err("an Influence Rating modifier of 0 changes nothing"));
        }
        kinds.push(Passive::InfluenceRating(n));
    }
    if let Some(m) = &rp.attack_mod {
        let m = crate::attack_checks::attack_mod(m).map_err(|m| pat.sub("attack_mod").err(m))?;
        kinds.push(Passive::AttackMod {
            filter: rp.to.as_ref().map(|_| f.clone()),
            m,
        });
    }
    if let Some(n) = rp.initiative {
        if n == 0 {
            return Err(pat
                .sub("initiative")
                .err("an initiative modifier of 0 changes nothing"));
        }
        kinds.push(Passive::Initiative(n));
    }
    Ok(())
}

/// `cannot` as a lasting effect, on cards or on players.
fn restrictions(
    pat: &At,
    rp: &RawPassive,
    f: &CardFilter,
    kinds: &mut Vec<Passive>,
) -> Result<(), LoadError> {
    if rp.cards.is_some() && rp.cannot.is_none() {
        return Err(pat
            .sub("cards")
            .err("`cards` goes with `cannot = \"sponsor\"`"));
    }
    if let Some(c) = &rp.cannot {
        let what = restriction(&pat.sub("cannot"), c, rp.cards.as_ref())?;
        if what == Cannot::ParticipateHere {
            return Err(pat.sub("cannot").err(
                    "participate-in-this-conflict is an effect of a conflict; a lasting effect says participate",
                ));
        }
        if what.on_player() {
            if rp.to.is_some() {
                return Err(pat.sub("to").err(format!(
                    "`{}` restricts players: name them with `who` (self, others, each), not `to`",
                    what.name()
                )));
            }
            let who = lasting_who(pat, rp, Who::Others, "self, others, each")?;
            if matches!(who, Who::Target | Who::Leader | Who::That) {
                return Err(pat
                    .sub("who")
                    .err("a lasting effect names self, others or each (it has no target)"));
            }
            kinds.push(Passive::PlayerCannot { who, what });
        } else {
            // Without `to`: this card, or the card it is on (as the
            // message of `itself_checks` says).
            kinds.push(Passive::Cannot {
                filter: rp.to.as_ref().map(|_| f.clone()),
                what,
            });
        }
    }
    Ok(())
}

/// The lasting effects on victory.
fn victory(pat: &At, rp: &RawPassive, kinds: &mut Vec<Passive>) -> Result<(), LoadError> {
    // Victory, Other Victory Conditions: cards that change one
    // player's victory conditions (its controller's unless it says so).
    if rp.cannot_win == Some(true) {
        let who = lasting_who(pat, rp, Who::Me, "self, others, each")?;
        if matches!(who, Who::Target | Who::Leader | Who::That) {
            return Err(pat
                .sub("who")
                .err("a lasting effect names self, others or each (it has no target)"));
        }
        kinds.push(Passive::CannotWin { who });
    } else if rp.cannot_win == Some(false) {
        return Err(pat.sub("cannot_win").err("`cannot_win` is only ever true"));
    }
    if let Some(c) = &rp.also_win_if {
        kinds.push(Passive::AlsoWins {
            condition: condition(&pat.sub("also_win_if"), c)?,
            major: rp.major.unwrap_or(false),
        });
    } else if rp.major.is_some() {
        return Err(pat.sub("major").err("`major` goes with `also_win_if`"));
    }
    // Victory: a card in play that lowers (raises) the power needed.
    if let Some(n) = rp.power_to_win {
        if n == 0 {
            return Err(pat
                .sub("power_to_win")
                .err("a change of 0 to the power needed to win changes nothing"));
        }
        if !(-19..=100).contains(&n) {
            return Err(pat
                .sub("power_to_win")
                .err("the power needed to win changes by -19 to 100"));
        }
        let who = lasting_who(pat, rp, Who::Me, "self, others, each")?;
        if matches!(who, Who::Target | Who::Leader | Who::That) {
            return Err(pat
                .sub("who")
                .err("a lasting effect names self, others or each (it has no target)"));
        }
        kinds.push(Passive::PowerToWin { who, n });
    }
    war_conflicts(pat, rp, kinds)
}

/// `war_conflicts = true`: war conflicts between its controller and the
/// players `who` names (others by default, or the players of a race), with
/// no state of war (rulings, Finish the War).
fn war_conflicts(pat: &At, rp: &RawPassive, kinds: &mut Vec<Passive>) -> Result<(), LoadError> {
    match rp.war_conflicts {
        None => return Ok(()),
        Some(false) => {
            return Err(pat
                .sub("war_conflicts")
                .err("`war_conflicts` is only ever true"))
        }
        Some(true) => {}
    }
    let who = lasting_who(pat, rp, Who::Others, "others, or a race (narn, human, ...)")?;
    if !matches!(who, Who::Others | Who::Race(_)) {
        return Err(pat.sub("who").err(
            "war conflicts are declared against other players: others, or the players of a race",
        ));
    }
    kinds.push(Passive::WarConflicts { who });
    Ok(())
}

/// A lasting bonus's `amount`: worked out from the game as it stands, with
/// no target, conflict or current ability to read (a bonus by an amount that
/// read abilities could feed itself: write a threshold, or `printed = true`).
fn bonus_amount(at: &At, n: &crate::raw::RawNum) -> Result<Amount, LoadError> {
    let a = amount_of(at, n)?;
    if a.reads_abilities() {
        return Err(at.err(
            "a lasting bonus cannot be by an amount that reads current abilities (it could feed itself): use `printed = true`, or a count without a threshold",
        ));
    }
    if [
        CardSel::Target,
        CardSel::Second,
        CardSel::Attacker,
        CardSel::Supporters,
        CardSel::Opposers,
        CardSel::That,
        CardSel::Chosen,
    ]
    .into_iter()
    .any(|s| a.uses_sel(s))
        || a.uses_player_target()
        || a.uses_who(Who::That)
    {
        return Err(
            at.err("a lasting effect has no target, attack or conflict for its amount to name")
        );
    }
    if matches!(a.base, AmountBase::PerMargin(_) | AmountBase::Spent(_)) {
        return Err(at.err(
            "a lasting bonus is worked out at any time: `per_margin` and `spent` belong to an effect that happens",
        ));
    }
    Ok(a)
}

/// `to = { itself = true }` ("this card gets ..."): only a bonus, on a card
/// on the table whose type the filter allows.
fn itself_checks(
    at: &At,
    rp: &crate::raw::RawPassive,
    f: &CardFilter,
    ty: CardType,
) -> Result<(), LoadError> {
    let at = at.sub("itself");
    if rp.bonus.is_none() {
        return Err(at.err(
            "names the card itself only for a `bonus` (the other lasting effects say \"this card\" by leaving `to` out, or name no card)",
        ));
    }
    if !matches!(
        ty,
        CardType::Character | CardType::Fleet | CardType::Group | CardType::Location
    ) {
        return Err(at.err(
            "never matches: only a character, fleet, group or location has abilities of its own on the table (an enhancement or aftermath gives the card it is on its `bonus`)",
        ));
    }
    if f.types != 0 && !f.allows_type(ty) {
        return Err(at.err(format!(
            "never matches: this card is a {}, which the filter's `type` leaves out",
            ty.name()
        )));
    }
    Ok(())
}

/// `replaces`, `replace_only` and `transfers` (Appendix Two).
pub(super) fn replacement(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    let ty = d.card_type;
    if let Some(r) = &raw.replaces {
        only(
            at,
            "replaces",
            matches!(
                ty,
                CardType::Character | CardType::Group | CardType::Fleet | CardType::Location
            ),
            "characters, groups, fleets and locations",
        )?;
        if r.get_ref().trim().is_empty() {
            return Err(at.at("replaces", r).err("name the card it replaces"));
        }
        let transfers = match &raw.transfers {
            Some(t) => replacement_transfers(at, t)?,
            None => b5_engine::Transfers::default(),
        };
        d.replaces = Some(b5_engine::Replaces {
            name: r.get_ref().trim().to_string(),
            only: raw.replace_only.unwrap_or(false),
            transfers,
        });
    } else if raw.replace_only.is_some() {
        return Err(at
            .sub("replace_only")
            .err("`replace_only` goes with `replaces`"));
    } else if let Some(t) = &raw.transfers {
        return Err(at
            .at("transfers", t)
            .err("`transfers` goes with `replaces`"));
    }
    Ok(())
}

/// `transfers`: what a replacement carries over (Replace a Card; Appendix
/// Two). `chosen <kind>` transfers the attached cards of that kind the
/// replaced card's controller chooses (Appendix Two, Example 6).
fn replacement_transfers(
    at: &At,
    t: &Spanned<Vec<String>>,
) -> Result<b5_engine::Transfers, LoadError> {
    let mut out = b5_engine::Transfers::default();
    for (i, what) in t.get_ref().iter().enumerate() {
        let field = format!("transfers[{i}]");
        let err = |m: String| Err(at.at(&field, t).err(m));
        let (all, chosen) = match what.as_str() {
            "marks" => (&mut out.marks, None),
            "enhancements" => (&mut out.enhancements, Some(out.chosen_enhancements)),
            "aftermaths" => (&mut out.aftermaths, Some(out.chosen_aftermaths)),
            "contingencies" => (&mut out.contingencies, None),
            "chosen enhancements" => (&mut out.chosen_enhancements, Some(out.enhancements)),
            "chosen aftermaths" => (&mut out.chosen_aftermaths, Some(out.aftermaths)),
            "chosen marks" => {
                return err(
                    "`chosen marks`: marks are not cards and cannot be chosen one by one (Appendix Two: the source of a mark is looked at, never the mark); write `marks`".into(),
                )
            }
            "chosen contingencies" => {
                return err(
                    "`chosen contingencies`: a contingency is face down and only the player who played it may examine it (Contingency Cards), so it cannot be offered to choose; write `contingencies`".into(),
                )
            }
            other => {
                return err(format!(
                    "unknown `{other}`: a replacement transfers marks, enhancements, aftermaths or contingencies, or `chosen enhancements`, `chosen aftermaths`"
                ))
            }
        };
        // All the cards of a kind, or those chosen: never both.
        if chosen == Some(true) {
            let kind = what.trim_start_matches("chosen ");
            return err(format!(
                "`{kind}` and `chosen {kind}` both: a replacement transfers all of them or those chosen"
            ));
        }
        if *all {
            return err(format!("`{what}` listed twice"));
        }
        *all = true;
    }
    Ok(out)
}

/// The players a lasting effect's `who` names, relative to its controller
/// (`default` when left out); `expected` lists the words it takes.
fn lasting_who(pat: &At, rp: &RawPassive, default: Who, expected: &str) -> Result<Who, LoadError> {
    match rp.who.as_deref() {
        None => Ok(default),
        Some(s) => one_of(&pat.sub("who"), "player", s, Who::parse, expected),
    }
}

/// A lasting surcharge: a number (0-255), or an amount worked out for each
/// player sponsoring, whom it names `that` ("your tension toward their
/// race": `{ tension = "self", toward = "that" }`). A lasting effect has
/// no target to name.
fn surcharge_amount(at: &At, n: &RawNum) -> Result<Amount, LoadError> {
    if let RawNum::Int(v) = n {
        small(at, *v, 0, 255)?;
    }
    let a = amount_of(at, n)?;
    if a.uses_player_target() || a.uses_card_target() {
        return Err(at.err(
            "a lasting surcharge has no target: name the player sponsoring `that` (e.g. `{ tension = \"self\", toward = \"that\" }`)",
        ));
    }
    Ok(a)
}
