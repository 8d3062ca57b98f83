//! `second_target` and `second_relation`: a card's second target (Engine
//! Rules v1.2, Legal Targets: "The Rivalry aftermath requires you to target
//! two Inner Circle characters ... controlled by the same player";
//! Advanced Details about playing cards, Targets). The loader refuses a
//! second target that could never be chosen, naming the field.

use b5_engine::{CardFilter, CardType, Relation, SecondTarget, Side, TargetKind};

use super::{filter, never_matches, no_relation, one_of, At, FilterUse};
use crate::error::LoadError;
use crate::raw::RawFilter;

pub(super) const RELATIONS: &str = "any, same-controller, same-faction, other-faction";

/// Where the two fields sit.
pub(super) struct Fields<'a, 'b> {
    pub second: &'b At<'a>,
    pub relation: &'b At<'a>,
}

/// A second target from its filter and relation, for a card (or card
/// action) whose first target is `first` with `first_filter`.
pub(super) fn second_target(
    at: Fields,
    raw: &RawFilter,
    relation: Option<&str>,
    first: TargetKind,
    first_filter: &CardFilter,
) -> Result<SecondTarget, LoadError> {
    if first == TargetKind::None {
        return Err(at
            .second
            .err("a second target needs a first one: set `target`"));
    }
    let f = filter(at.second, raw)?;
    no_relation(
        at.second,
        &f,
        "a second target is chosen among cards in play by what they are (write the relation in the first target)",
    )?;
    never_matches(at.second, &f, FilterUse::Target)?;
    // Hidden information: a face-down card is never a second target, and a
    // contingency in play is always face down.
    if f.types == CardType::Contingency.bit() {
        return Err(at.second.sub("type").err(
            "never matches: a contingency in play is face down, and a face-down card is never a second target",
        ));
    }
    let relation = match relation {
        None => Relation::Any,
        Some(r) => one_of(at.relation, "relation", r, Relation::parse, RELATIONS)?,
    };
    if relation != Relation::Any && !matches!(first, TargetKind::Card | TargetKind::Player) {
        return Err(at.relation.err(format!(
            "relates the second target to the first, which must be a card or a player (here target = \"{}\")",
            first.name()
        )));
    }
    if first == TargetKind::Card {
        let never = |why: &str| Err(at.second.sub("side").err(format!("never matches: {why}")));
        match (first_filter.side, relation, f.side) {
            (Side::Own, Relation::SameFaction, Side::Other)
            | (Side::Other, Relation::SameFaction, Side::Own) => {
                return never("the first target's faction is not the second's side")
            }
            (Side::Own, Relation::OtherFaction, Side::Own) => {
                return never("the first target is in your faction, and the second in another")
            }
            _ => {}
        }
    }
    Ok(SecondTarget {
        filter: f,
        relation,
    })
}

/// `second_relation` without `second_target`.
pub(super) fn lone_relation(at: &At) -> LoadError {
    at.err("`second_relation` relates a second target to the first: set `second_target`")
}
