//! Filters and targets in words (card format: Filters; Two targets):
//! "ready Narn characters you control", "target one of the fleets and a
//! second target, ...".

use b5_engine::{
    Ability, CardFilter, CardType, Relation, Row, SecondTarget, Side, TargetKind, ThisCard,
};

use crate::text::an;

/// Conflict types (bits of `1 << Ability::idx`) as one conflict: "a
/// Military conflict", "a Military or Intrigue conflict", "a conflict".
pub(super) fn conflict_kinds_text(bits: u8) -> String {
    abilities_text(bits, "conflict")
}

/// Abilities (bits of `1 << Ability::idx`) before a noun: "a Military or
/// Leadership bonus"; every ability: "a bonus".
fn abilities_text(bits: u8, noun: &str) -> String {
    let named: Vec<&str> = Ability::ALL
        .iter()
        .filter(|a| bits & (1 << a.idx()) != 0)
        .map(|a| a.display())
        .collect();
    if named.len() == Ability::ALL.len() {
        format!("{} {noun}", an(noun))
    } else {
        let s = named.join(" or ");
        format!("{} {s} {noun}", an(&s))
    }
}

/// One card of a filter, with its article: "a Narn fleet", "an agenda".
pub(super) fn filter_one(f: &CardFilter) -> String {
    let s = filter_kind(f);
    match s.strip_prefix("other ") {
        Some(rest) => format!("another {rest}"),
        None => format!("{} {s}", an(&s)),
    }
}

/// One card of a filter, without its article: "Narn fleet", "character or
/// group".
pub(super) fn filter_kind(f: &CardFilter) -> String {
    let types: Vec<&str> = CardType::ALL
        .iter()
        .filter(|t| f.types != 0 && f.allows_type(**t))
        .map(|t| t.name())
        .collect();
    let noun = if types.is_empty() {
        "card".to_string()
    } else {
        types.join(" or ")
    };
    let plain = CardFilter {
        types: 0,
        ..f.clone()
    };
    filter_text(&plain, &noun)
}

/// "ready Narn characters in your faction"; with its parts (card format,
/// Selectors): "other characters you control", "the card this is on, if it
/// is one of the Minbari characters", "fleets or damaged characters".
pub(super) fn filter_text(f: &CardFilter, default_noun: &str) -> String {
    let base = CardFilter {
        parts: None,
        ..f.clone()
    };
    let plain = base == CardFilter::default();
    let mut s = if f.any_of().is_empty() {
        flat_text(&base, default_noun)
    } else {
        let alts: Vec<String> = f
            .any_of()
            .iter()
            .map(|a| filter_text(a, default_noun))
            .collect();
        let alts = alts.join(" or ");
        let side_only = CardFilter {
            side: Side::Any,
            ..base.clone()
        } == CardFilter::default();
        if plain {
            alts
        } else if side_only {
            format!("{alts}{}", side_words(base.side))
        } else {
            format!("{} that are {alts}", flat_text(&base, default_noun))
        }
    };
    let (loyal, in_faction, controlled) = f.allegiance();
    // "That another player controls" (below) says the side too.
    if f.side == Side::Other && controlled == Some(true) {
        if let Some(t) = s.strip_suffix(side_words(Side::Other)) {
            s = t.to_string();
        }
    }
    match f.not() {
        Some(n) if *n == itself_only() => s = format!("other {s}"),
        Some(n) => s.push_str(&format!(" other than {}", filter_text(n, default_noun))),
        None => {}
    }
    if let Some(bits) = f
        .parts
        .as_deref()
        .map(|p| p.gives_bonus)
        .filter(|&b| b != 0)
    {
        s.push_str(&format!(" giving {}", abilities_text(bits, "bonus")));
    }
    if f.targeted_by() != 0 {
        s.push_str(&format!(
            " targeted by {}",
            conflict_kinds_text(f.targeted_by())
        ));
    }
    match f.ready_at_turn_start() {
        Some(true) => s.push_str(" ready at the start of the turn"),
        Some(false) => s.push_str(" not ready at the start of the turn"),
        None => {}
    }
    if let Some(a) = f.attacking() {
        s.push_str(&format!(" attacking {}", filter_one(a)));
    }
    match f.copy_targeted() {
        Some(true) => s.push_str(" already targeted by another copy of this card this turn"),
        Some(false) => s.push_str(" not already targeted by another copy of this card this turn"),
        None => {}
    }
    match loyal {
        Some(Side::Own) => s.push_str(" loyal to your race"),
        Some(Side::Other) => s.push_str(" loyal to another race"),
        _ => {}
    }
    match in_faction {
        Some(Side::Own) => s.push_str(" in your faction"),
        Some(Side::Other) => s.push_str(" in another faction"),
        _ => {}
    }
    match controlled {
        Some(true) if f.side == Side::Other => s.push_str(" that another player controls"),
        Some(true) => s.push_str(" that a player controls"),
        Some(false) => s.push_str(" that no player controls"),
        None => {}
    }
    let whole = !f.any_of().is_empty() || f.not().is_some() || !plain || has_tests(f);
    match f.relation() {
        ThisCard::Any => s,
        ThisCard::Itself if !whole || (base == types_only(&base) && !has_tests(f)) => {
            "this card".into()
        }
        ThisCard::Itself => format!("this card, if it is one of the {s},"),
        ThisCard::Host if !whole => "the card this is on".into(),
        ThisCard::Host => format!("the card this is on, if it is one of the {s},"),
        ThisCard::Attached => format!("{s} attached to this card"),
    }
}

/// Whether its parts hold tests beyond relations and combinations.
fn has_tests(f: &CardFilter) -> bool {
    f.parts.as_deref().is_some_and(|p| {
        p.targeted_by != 0
            || p.gives_bonus != 0
            || p.ready_at_turn_start.is_some()
            || p.copy_targeted.is_some()
            || p.attacking.is_some()
            || p.loyal.is_some()
            || p.in_faction.is_some()
            || p.controlled.is_some()
    })
}

/// The selector that names only the card itself.
fn itself_only() -> CardFilter {
    CardFilter::related(ThisCard::Itself)
}

/// The filter's types alone (the rest left out).
fn types_only(f: &CardFilter) -> CardFilter {
    CardFilter {
        types: f.types,
        ..CardFilter::default()
    }
}

fn side_words(side: Side) -> &'static str {
    // A card's side is its controller's (Glossary, You or Your).
    match side {
        Side::Own => " you control",
        Side::Other => " you do not control",
        Side::Any => "",
    }
}

/// The flat tests of a filter in words.
fn flat_text(f: &CardFilter, default_noun: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    if f.ready {
        words.push("ready".into());
    }
    if f.rotated {
        words.push("rotated".into());
    }
    if f.damaged {
        words.push("damaged".into());
    }
    match f.neutralized {
        Some(true) => words.push("neutralized".into()),
        Some(false) => words.push("unneutralized".into()),
        None => {}
    }
    if f.participant {
        words.push("participating".into());
    }
    if let Some(r) = f.race {
        words.push(r.display().into());
    }
    if let Some(r) = f.not_race {
        words.push(format!("non-{}", r.display()));
    }
    let types: Vec<&str> = CardType::ALL
        .iter()
        .filter(|t| f.types != 0 && f.allows_type(**t))
        .map(|t| t.name())
        .collect();
    // An ambassador is a character (Ambassadors): the noun says it all.
    let noun = if f.ambassador {
        "ambassadors".to_string()
    } else if types.is_empty() {
        default_noun.to_string()
    } else {
        let plural: Vec<String> = types
            .iter()
            .map(|t| match t.strip_suffix('y') {
                Some(stem) => format!("{stem}ies"),
                None => format!("{t}s"),
            })
            .collect();
        plural.join(" or ")
    };
    let mut s = words.join(" ");
    if !s.is_empty() {
        s.push(' ');
    }
    s.push_str(match f.row {
        Row::InnerCircle => "Inner Circle ",
        Row::Supporting => "supporting ",
        Row::Any => "",
    });
    s.push_str(&noun);
    if let Some(k) = &f.keyword {
        s.push_str(&format!(" with the keyword {k}"));
    }
    if let Some((a, n)) = f.at_least {
        s.push_str(&format!(" with {} {n} or more", a.display()));
    }
    if let Some((a, n)) = f.at_most {
        s.push_str(&format!(" with {} {n} or less", a.display()));
    }
    if let Some(k) = f.conflict {
        s.push_str(&format!(
            " taking part in {} {} conflict",
            an(k.display()),
            k.display()
        ));
    }
    if let Some(side) = f.attached_to {
        s.push_str(match side {
            Side::Own => " attached to a card you control",
            Side::Other => " attached to a card you do not control",
            Side::Any => " attached to a card",
        });
    }
    if f.not_ambassador {
        s.push_str(" (not an ambassador)");
    }
    s.push_str(side_words(f.side));
    s
}

pub(super) fn target_text(kind: TargetKind, f: &CardFilter) -> String {
    match kind {
        TargetKind::None => String::new(),
        TargetKind::Player => "target a player".into(),
        TargetKind::Race => "target a race".into(),
        // Said by the reversal itself ("reverse the effects of target
        // event ...").
        TargetKind::Event => String::new(),
        TargetKind::Conflict => match f.conflict {
            Some(k) => format!("target {} {} conflict", an(k.display()), k.display()),
            None => "target a conflict".into(),
        },
        TargetKind::Card => {
            let t = filter_text(f, "cards");
            format!("target one of the {t}")
        }
    }
}

/// The first target and, when the card has one, its second target (Legal
/// Targets): "target one of the characters and a second target, one of the
/// characters in another faction than the first".
pub(super) fn targets_text(
    kind: TargetKind,
    f: &CardFilter,
    second: &Option<SecondTarget>,
) -> String {
    let t = target_text(kind, f);
    match second {
        Some(s) if !t.is_empty() => {
            let rel = match s.relation {
                Relation::Any => "",
                Relation::SameController => " controlled by the same player as the first",
                Relation::SameFaction => " in the same faction as the first",
                Relation::OtherFaction => " in another faction than the first",
            };
            format!(
                "{t} and a second target, one of the {}{rel}",
                filter_text(&s.filter, "cards")
            )
        }
        _ => t,
    }
}
