//! Keywords with rules meaning (`docs/card-format.md`, Keywords with rules
//! meaning): the keywords the engine reads, "only one" exclusivity, and
//! the card types a keyword belongs to.

use b5_engine::{CardDef, CardType, Faction, Keywords, Race};

use super::{race, At};
use crate::error::LoadError;
use crate::raw::RawCard;

/// Parses one keyword with rules meaning into `kw`; other keywords are kept
/// with no built-in effect.
fn keyword(at: &At, k: &str, kw: &mut Keywords) -> Result<(), LoadError> {
    let k = k.trim().to_lowercase();
    match k.as_str() {
        "ambassador" => kw.species_ambassador = true,
        "ambassador's assistant" | "ambassadors assistant" => kw.assistant = true,
        "mercenary" => kw.mercenary = true,
        "homeworld" => kw.homeworld = true,
        "applies damage first" => kw.damage_first = true,
        "corporate" => kw.corporate = true,
        "corporate only" => kw.corporate_only = true,
        "psi corps" => kw.psi_corps = true,
        "ranger" => kw.ranger = true,
        "ranger one" => kw.ranger_one = true,
        "drakh ambassador" => kw.drakh_ambassador = true,
        s => {
            if let Some(n) = s.strip_prefix("damage resistance ") {
                kw.damage_resistance = n.trim().parse().map_err(|_| {
                    at.err(format!(
                        "\"{k}\": damage resistance needs a number, e.g. \"damage resistance 2\""
                    ))
                })?;
            } else if let Some(rest) = s.strip_prefix("starting ") {
                let rest = rest
                    .strip_suffix(" ambassador")
                    .ok_or_else(|| at.err(format!("\"{k}\": expected \"starting <race> [babylon project|home faction|psi corps] ambassador\"")))?;
                let (r, f) = if let Some(r) = rest.strip_suffix(" babylon project") {
                    (r, Some(Faction::BabylonProject))
                } else if let Some(r) = rest.strip_suffix(" home faction") {
                    (r, Some(Faction::Home))
                } else if let Some(r) = rest.strip_suffix(" psi corps") {
                    (r, Some(Faction::PsiCorps))
                } else {
                    (rest, None)
                };
                let r = race(at, r)?;
                if !r.is_playable() {
                    return Err(at.err(format!("\"{k}\": {r} is not a race a player can choose")));
                }
                kw.starting = Some((r, f));
            }
        }
    }
    Ok(())
}

/// The card's `keywords`, in order.
pub(super) fn keywords(at: &At, raw: &RawCard, d: &mut CardDef) -> Result<(), LoadError> {
    for k in &raw.keywords {
        keyword(&at.at("keywords", k), k.get_ref(), &mut d.kw)?;
        d.keywords.push(k.get_ref().trim().to_string());
        // Exclusivity ("only one X may be on a card"): enhancements on cards.
        let low = k.get_ref().trim().to_lowercase();
        if let Some(kind) = low.strip_prefix("only one") {
            let kat = at.at("keywords", k);
            if kind.trim().is_empty() {
                return Err(
                    kat.err("\"only one\" needs the keyword of the kind, e.g. \"only one armor\"")
                );
            }
            if d.card_type != CardType::Enhancement {
                return Err(kat.err(format!(
                    "\"{low}\" applies only to enhancements (only one such card may be on a card)"
                )));
            }
        }
    }
    Ok(())
}

/// Keywords that belong to one kind of card (checked once the card is
/// read).
pub(super) fn keyword_cards(at: &At, d: &CardDef) -> Result<(), LoadError> {
    let ty = d.card_type;
    // Glossary, Ranger One: "Only one character at a time may have the
    // keyword Ranger One".
    if d.kw.ranger_one && ty != CardType::Character {
        return Err(at.sub("keywords").err(
            "\"ranger one\" is a keyword of characters (only one character at a time may have it)",
        ));
    }
    if d.kw.drakh_ambassador && (d.race != Race::Drakh || ty != CardType::Character) {
        return Err(at
            .sub("keywords")
            .err("\"drakh ambassador\" is a keyword of Drakh characters (race = \"drakh\")"));
    }
    Ok(())
}
