//! Card fields (`docs/card-format.md`, Card fields): the name, type,
//! printed values, targets, attachment, effects when played, aftermath,
//! victory and personality of a card.

use std::ops::Range;

use b5_engine::{
    AftermathPlay, AttachKind, CardDef, CardType, Race, TargetKind, Trigger, Uniqueness,
    VictoryCondition,
};
use toml::Spanned;

use super::{
    ability, bonus, condition, effects, filter, marks, never_matches, no_relation, one_of, only,
    race, refs_with, second, small, watch_refs, At, FilterUse, Refs, ANY_REFS, ATTACH, TARGETS,
    TYPES,
};
use crate::error::{LoadError, Source};
use crate::raw::{RawCard, CARD_FIELDS};

/// Where the card sits, once its name and fields are known good.
pub(super) fn name<'a>(
    src: &'a Source<'a>,
    name: &str,
    name_span: Range<usize>,
    raw: &RawCard,
) -> Result<At<'a>, LoadError> {
    let chars = name.chars().count();
    if chars > crate::MAX_NAME_CHARS {
        let start: String = name.chars().take(30).collect();
        return Err(src.error(
            name_span,
            format!("cards.\"{start}...\""),
            format!(
                "a card name of {chars} characters; names are at most {} characters",
                crate::MAX_NAME_CHARS
            ),
        ));
    }
    let at = At {
        src,
        field: format!("cards.\"{name}\""),
        span: name_span,
    };
    if name.trim().is_empty() {
        return Err(at.err("a card needs a name"));
    }
    // A name is shown on the table and in deck lists, one line each.
    if name.chars().any(char::is_control) {
        return Err(
            at.err("a card name may not hold a tab, a line break or another control character")
        );
    }
    if let Some(u) = raw.unknown.first() {
        return Err(at.at(u.get_ref(), u).err(format!(
            "unknown field `{}` (expected one of: {})",
            u.get_ref(),
            CARD_FIELDS.join(", ")
        )));
    }
    Ok(at)
}

/// `type`.
pub(super) fn card_type(at: &At, raw: &RawCard) -> Result<CardType, LoadError> {
    let ty = match &raw.card_type {
        None => {
            return Err(at
                .sub("type")
                .err(format!("every card needs a type ({TYPES})")))
        }
        Some(t) => one_of(
            &at.at("type", t),
            "card type",
            t.get_ref(),
            CardType::parse,
            TYPES,
        )?,
    };
    Ok(ty)
}

fn ability_value(at: &At, name: &str, v: &Option<Spanned<i64>>) -> Result<u8, LoadError> {
    match v {
        None => Ok(0),
        Some(s) => Ok(small(&at.at(name, s), *s.get_ref(), 0, 255)? as u8),
    }
}

/// The longest `text` a card may keep, in characters (a printed card's
/// text is a few hundred).
pub const MAX_TEXT_CHARS: usize = 4_000;

/// A card's transcribed `text`: bounded, and printable (line breaks and
/// tabs kept; no other control character, which would reach the terminal
/// of whoever checks the file).
fn transcribed_text(at: &At, t: &str) -> Result<(), LoadError> {
    if t.chars().count() > MAX_TEXT_CHARS {
        return Err(at.err(format!(
            "the text is longer than {MAX_TEXT_CHARS} characters: keep the printed card's text only"
        )));
    }
    if t.chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t' && c != '\r')
    {
        return Err(
            at.err("the text may hold line breaks and tabs, but no other control character")
        );
    }
    Ok(())
}

/// The printed values: number, caption, race, costs, abilities, marks.
pub(super) fn printed(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    d.number = raw.number.clone();
    d.caption = raw.caption.clone();
    if let Some(t) = &raw.text {
        transcribed_text(&at.at("text", t), t.get_ref())?;
    }
    if let Some(r) = &raw.race {
        d.race = race(&at.at("race", r), r.get_ref())?;
    }
    if let Some(c) = &raw.cost {
        d.cost = Some(small(&at.at("cost", c), *c.get_ref(), 0, 255)? as u8);
    }
    if let Some(rc) = &raw.race_cost {
        let rat = at.at("race_cost", rc);
        let r = rc.get_ref();
        if d.cost.is_none() {
            return Err(rat.err(
                "an undefined cost cannot be modified (Costs): give the card a `cost` first",
            ));
        }
        if r.0.is_empty() {
            return Err(rat.err("name at least one race and its cost, or leave race_cost out"));
        }
        let many = r.0.len() > 1;
        for (i, one) in r.0.iter().enumerate() {
            let oat = if many { rat.item(i) } else { rat.clone() };
            let rr = race(&oat.sub("race"), &one.race)?;
            if !rr.is_playable() && rr != Race::Drakh {
                return Err(oat.sub("race").err(format!(
                    "never matches: no faction is of race {}",
                    rr.name()
                )));
            }
            if d.race_cost.iter().any(|&(x, _)| x == rr) {
                return Err(oat.sub("race").err(format!(
                    "{} is given a cost twice: one cost per race",
                    rr.name()
                )));
            }
            d.race_cost
                .push((rr, small(&oat.sub("cost"), one.cost, 0, 255)? as u8));
        }
    }
    d.abilities = [
        ability_value(at, "diplomacy", &raw.diplomacy)?,
        ability_value(at, "intrigue", &raw.intrigue)?,
        ability_value(at, "psi", &raw.psi)?,
        ability_value(at, "leadership", &raw.leadership)?,
        ability_value(at, "military", &raw.military)?,
    ];
    if let Some(m) = &raw.marks {
        d.marks = marks(m);
    }
    Ok(())
}

/// `uniqueness`, `power_bonus` and `major`.
pub(super) fn uniqueness(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    let ty = d.card_type;
    if let Some(u) = &raw.uniqueness {
        let a = at.at("uniqueness", u);
        d.uniqueness = match u.get_ref().as_str() {
            "multiple" => Uniqueness::Multiple,
            "limited" => Uniqueness::Limited,
            "unique" => Uniqueness::Unique,
            s => {
                return Err(a.err(format!(
                    "unknown uniqueness \"{s}\" (expected multiple, limited, unique)"
                )))
            }
        };
    }
    if let Some(p) = &raw.power_bonus {
        d.power_bonus = small(&at.at("power_bonus", p), *p.get_ref(), -100, 100)? as i8;
    }
    if let Some(m) = raw.major {
        only(at, "major", ty == CardType::Agenda, "agendas")?;
        d.major = m;
    }
    Ok(())
}

/// Targets: `target`, `target_filter` and a second target.
pub(super) fn targets(
    at: &At,
    raw: &RawCard,
    generates: bool,
    d: &mut CardDef,
) -> Result<(), LoadError> {
    let ty = d.card_type;
    // Targets.
    if let Some(t) = &raw.target {
        only(
            at,
            "target",
            generates
                || matches!(
                    ty,
                    CardType::Conflict | CardType::Event | CardType::Aftermath
                ),
            "conflicts, events, aftermaths and cards that generate a conflict (with `conflict`)",
        )?;
        d.target = one_of(
            &at.at("target", t),
            "target",
            t.get_ref(),
            TargetKind::parse,
            TARGETS,
        )?;
        if ty == CardType::Conflict && d.target == TargetKind::Conflict {
            return Err(at
                .at("target", t)
                .err("a conflict cannot target a conflict"));
        }
    }
    if let Some(f) = &raw.target_filter {
        let fat = at.at("target_filter", f);
        d.filter = filter(&fat, f.get_ref())?;
        // A card played from the hand is not yet in play: nothing is "this
        // card" or attached to it.
        no_relation(
            &fat,
            &d.filter,
            "the card is not in play when its target is chosen (a relation goes in `actions`, `passive` or an `if`)",
        )?;
        let usage = if d.target == TargetKind::Card {
            FilterUse::Target
        } else {
            FilterUse::Other
        };
        never_matches(&fat, &d.filter, usage)?;
    }
    // Legal Targets: a second target (events and aftermaths).
    let rel_at = match &raw.second_relation {
        Some(r) => at.at("second_relation", r),
        None => at.sub("second_relation"),
    };
    match (&raw.second_target, &raw.second_relation) {
        (Some(f), rel) => {
            only(
                at,
                "second_target",
                matches!(ty, CardType::Event | CardType::Aftermath),
                "events, aftermaths and card actions",
            )?;
            let fat = at.at("second_target", f);
            d.second = Some(second::second_target(
                second::Fields {
                    second: &fat,
                    relation: &rel_at,
                },
                f.get_ref(),
                rel.as_ref().map(|r| r.get_ref().as_str()),
                d.target,
                &d.filter,
            )?);
        }
        (None, Some(_)) => return Err(second::lone_relation(&rel_at)),
        (None, None) => {}
    }
    Ok(())
}

/// `attach`: what the card attaches to.
pub(super) fn attach(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    let ty = d.card_type;
    // What it attaches to.
    if let Some(a) = &raw.attach {
        only(
            at,
            "attach",
            matches!(
                ty,
                CardType::Enhancement | CardType::Contingency | CardType::Aftermath
            ),
            "enhancements, contingencies and aftermaths",
        )?;
        d.attach = one_of(
            &at.at("attach", a),
            "attachment",
            a.get_ref(),
            AttachKind::parse,
            ATTACH,
        )?;
        // Rulings 7.5: contingencies only are played on a conflict.
        if d.attach == AttachKind::Conflict && ty != CardType::Contingency {
            return Err(at.at("attach", a).err(
                "only a contingency is played on a conflict (an aftermath plays after it resolves: see `aftermath`)",
            ));
        }
    }
    Ok(())
}

/// `bonus`, and the effects when played (`effects`, `when_played`,
/// `both`, `requires`); true for a card type that enters play.
pub(super) fn play_effects(
    at: &At,
    raw: &RawCard,
    becomes: bool,
    d: &mut CardDef,
) -> Result<bool, LoadError> {
    let ty = d.card_type;
    if let Some(b) = &raw.bonus {
        only(
            at,
            "bonus",
            matches!(ty, CardType::Enhancement | CardType::Aftermath) || becomes,
            "enhancements and aftermaths",
        )?;
        d.bonus = bonus(b);
    }
    // Play effects.
    let in_play_type = matches!(
        ty,
        CardType::Character
            | CardType::Group
            | CardType::Fleet
            | CardType::Location
            | CardType::Enhancement
            | CardType::Agenda
    ) || becomes;
    if !raw.effects.is_empty() {
        only(at,
            "effects",
            ty != CardType::Conflict,
            "events, aftermaths, contingencies and cards with effects when they enter play (not conflicts, which use won/lost)",
        )?;
        let refs = match ty {
            CardType::Event | CardType::Aftermath => refs_with(d.target, &d.second),
            // A contingency answering a trigger about a card names that
            // card (`that`), and has no target.
            CardType::Contingency => match raw
                .trigger
                .as_ref()
                .and_then(|t| Trigger::parse(t.get_ref()))
            {
                Some(t) if t.watches_card() => watch_refs(true),
                _ => ANY_REFS,
            },
            CardType::Enhancement => Refs {
                card_target: d.attach.card_type().is_some(),
                player_target: d.attach != AttachKind::Global,
                second: false,
                that: false,
                chosen: false,
                picked: false,
            },
            _ => Refs {
                card_target: false,
                player_target: false,
                second: false,
                that: false,
                chosen: false,
                picked: false,
            },
        };
        d.effects = effects(&at.sub("effects"), &raw.effects, refs)?;
    }
    // Playing Cards and Card Details: "when played" effects, for the cards
    // that enter play by being sponsored or through replacement.
    if !raw.when_played.is_empty() {
        only(at,
            "when_played",
            in_play_type,
            "characters, groups, fleets, locations, enhancements and agendas (an event's or aftermath's `effects` already happen when it is played)",
        )?;
        let refs = match ty {
            CardType::Enhancement => Refs {
                card_target: d.attach.card_type().is_some(),
                player_target: d.attach != AttachKind::Global,
                second: false,
                that: false,
                chosen: false,
                picked: false,
            },
            _ => Refs {
                card_target: false,
                player_target: false,
                second: false,
                that: false,
                chosen: false,
                picked: false,
            },
        };
        d.when_played = effects(&at.sub("when_played"), &raw.when_played, refs)?;
    }
    if let Some(b) = raw.both {
        d.both = b;
    }
    for (i, r) in raw.requires.iter().enumerate() {
        d.requires
            .push(condition(&at.at("requires", r).item(i), r.get_ref())?);
    }
    Ok(in_play_type)
}

/// An aftermath's `aftermath`: when it may be played.
pub(super) fn aftermath(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    let ty = d.card_type;
    if ty == CardType::Aftermath {
        let ra = raw
            .aftermath
            .as_ref()
            .map(|a| a.get_ref().clone())
            .unwrap_or_default();
        let aat = match &raw.aftermath {
            Some(a) => at.at("aftermath", a),
            None => at.sub("aftermath"),
        };
        let won = match ra.outcome.as_deref() {
            None | Some("any") => None,
            Some("won") => Some(true),
            Some("lost") => Some(false),
            Some(s) => {
                return Err(aat
                    .sub("outcome")
                    .err(format!("unknown outcome \"{s}\" (expected won, lost, any)")))
            }
        };
        let mut conflict = Vec::new();
        if let Some(c) = &ra.conflict {
            for s in c.items() {
                conflict.push(ability(&aat.sub("conflict"), s)?);
            }
        }
        let lasting = !d.bonus.is_zero()
            || !d.passives.is_empty()
            || !d.actions.is_empty()
            || !d.triggers.is_empty();
        d.aftermath = Some(AftermathPlay {
            won,
            conflict,
            participant: ra.participant.unwrap_or(false),
            discard_after: ra.discard.unwrap_or(!lasting),
        });
    } else if raw.aftermath.is_some() {
        only(at, "aftermath", false, "aftermaths")?;
    }
    Ok(())
}

/// An agenda's `victory`.
pub(super) fn victory(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    let ty = d.card_type;
    if let Some(v) = &raw.victory {
        only(
            at,
            "victory",
            ty == CardType::Agenda && (d.major || d.race == Race::Drakh),
            "Major Agendas and Drakh Agendas",
        )?;
        d.victory = Some(VictoryCondition {
            condition: condition(&at.at("victory", v), v.get_ref())?,
        });
    }
    Ok(())
}

/// What an enhancement or aftermath is on when `attach` is left out.
pub(super) fn default_attach(raw: &RawCard, d: &mut CardDef) {
    let ty = d.card_type;
    if ty == CardType::Enhancement && raw.attach.is_none() {
        d.attach = AttachKind::Character;
    }
    if ty == CardType::Aftermath && raw.attach.is_none() {
        d.attach = match d.target {
            TargetKind::Player => AttachKind::Faction,
            TargetKind::None => AttachKind::Global,
            _ => AttachKind::Character,
        };
    }
}

/// `any_race_sponsors`: the card's own requirement says who may sponsor it
/// (rulings 7.8: a fleet loyal to another race cannot be sponsored "unless
/// some card effect specifically states otherwise"; "no one can sponsor
/// Shadow or Vorlon fleets unless they meet the specific requirements on
/// the card"), so it needs that requirement, and it lifts only the loyalty
/// of the types that have one.
pub(super) fn any_race_sponsors(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    let Some(v) = &raw.any_race_sponsors else {
        return Ok(());
    };
    if !*v.get_ref() {
        return Ok(());
    }
    only(
        at,
        "any_race_sponsors",
        matches!(
            d.card_type,
            CardType::Fleet | CardType::Group | CardType::Location
        ),
        "fleets, groups and locations (a character loyal to another race is sponsored at double cost: Sponsor a Supporting Card)",
    )?;
    if d.requires.is_empty() {
        return Err(at.at("any_race_sponsors", v).err(
            "any_race_sponsors lets a faction that meets the card's requirement sponsor it (rulings 7.8): write that requirement in `requires`",
        ));
    }
    if d.race == Race::Neutral {
        return Err(at
            .at("any_race_sponsors", v)
            .err("a neutral card is loyal to no race: any faction may sponsor it already"));
    }
    d.any_race_sponsors = true;
    Ok(())
}

/// `copies_share_target`: an enhancement exempt from "No two copies of the
/// same enhancement card can target the same card" (Enhancement Cards).
pub(super) fn copies_share_target(
    at: &At,
    raw: &RawCard,
    d: &mut CardDef,
) -> Result<(), LoadError> {
    let Some(v) = &raw.copies_share_target else {
        return Ok(());
    };
    if !*v.get_ref() {
        return Ok(());
    }
    only(
        at,
        "copies_share_target",
        d.card_type == CardType::Enhancement,
        "enhancements",
    )?;
    if d.uniqueness == Uniqueness::Unique {
        return Err(at
            .at("copies_share_target", v)
            .err("never applies: only one copy of a unique card is ever played"));
    }
    d.copies_share_target = true;
    Ok(())
}

/// `personality`.
pub(super) fn personality(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    let ty = d.card_type;
    // Personalities: versions of one personality are characters, and the
    // rule keeps a (limited) personality to one card in play.
    if let Some(pn) = &raw.personality {
        let pat = at.at("personality", pn);
        only(
            at,
            "personality",
            ty == CardType::Character,
            "characters (Personalities: characters depicted by more than one card)",
        )?;
        let name = pn.get_ref().trim();
        if name.is_empty() {
            return Err(pat.err("name the personality the card depicts"));
        }
        if name.chars().count() > crate::MAX_NAME_CHARS {
            return Err(pat.err(format!(
                "a personality name is at most {} characters",
                crate::MAX_NAME_CHARS
            )));
        }
        if d.uniqueness == Uniqueness::Multiple {
            return Err(pat.err(
                "a personality is limited (Personalities): a card of which several copies may be in play cannot depict one",
            ));
        }
        d.personality = Some(name.to_string());
    }
    Ok(())
}
