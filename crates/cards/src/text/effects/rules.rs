//! Effects on the rules themselves in words: restrictions ("cannot"),
//! delayed effects, choices (picks, modes, "unless"), reversal and negate
//! (card format: Restrictions; Delayed effects; Choices; Reversal; Negate).

use b5_engine::{Cannot, CardFilter, Effect, Op, PickFrom, PickPut, Side, When, Who};

use crate::text::conditions::some_player;
use crate::text::filters::{filter_kind, filter_one, filter_text};
use crate::text::{card_name, duration_text, effects_text, who_object, who_subject};

/// A verb on the rules in words (`effects::op_text`): "the target card cannot
/// be targeted until the end of the turn".
pub(super) fn op_text(op: &Op) -> String {
    match *op {
        Op::Reverse(what) => {
            use b5_engine::Reversible;
            match what {
                Reversible::Event => "reverse the effects of target event another player played since your last action (not one already reversed; every effect that occurred must be reversible)".into(),
                Reversible::Contingency => "reverse the effects of the contingency just revealed (only before any other action; every effect that occurred must be reversible)".into(),
                Reversible::Conflict => "reverse the effect text of the conflict just resolved (only before any other action of the next Action Round; every effect that occurred must be reversible)".into(),
            }
        }
        Op::NegateEvent => {
            "negate that event (its effects are ignored; it has not been played)".into()
        }
        Op::NegateAction => {
            "negate that action (its effects are ignored; its costs stay paid)".into()
        }
        Op::Delayed { when, ref effects } => format!(
            "{}: {}",
            match when {
                When::EndOfTurn => "at the end of the turn",
                When::StartOfNextTurn => "at the start of the next turn",
            },
            effects_text(effects, false)
        ),
        Op::Restrict {
            what,
            card,
            who,
            duration,
        } => {
            if what == Cannot::ParticipateHere {
                format!("{} cannot take part in this conflict", card_name(card))
            } else if what.on_player() {
                format!(
                    "{} cannot {}{}",
                    who_subject(who),
                    cannot_text(what),
                    duration_text(duration)
                )
            } else {
                format!(
                    "{} cannot {}{}",
                    card_name(card),
                    cannot_text(what),
                    duration_text(duration)
                )
            }
        }
        Op::Pick {
            from,
            ref filter,
            up_to,
            put,
            ref each,
            show,
            ref after,
        } => pick_text(from, filter, (up_to, put, show), (each, after)),
        Op::Modes { ref modes, chooser } => {
            let parts: Vec<String> = modes.iter().map(|m| effects_text(m, false)).collect();
            let who = match chooser {
                Who::Me => "choose one".to_string(),
                w => format!("{} chooses one", who_subject(w)),
            };
            format!("{who}: {}", parts.join("; or "))
        }
        // rulings, Order Above All: a price players may pay together.
        Op::Unless {
            n,
            who,
            ref effects,
            pooled: true,
        } => format!(
            "{}, unless any combination of {} apply {n} influence between them to stop it",
            effects_text(effects, false),
            match who {
                Who::Others => "the other players".into(),
                Who::Target => "the target players".into(),
                Who::Race(r) => format!("{} players", r.display()),
                _ => "players".into(),
            }
        ),
        Op::Unless {
            n,
            who,
            ref effects,
            ..
        } => format!(
            "{}, unless {} {} {n} influence to stop it",
            effects_text(effects, false),
            match who {
                Who::Target => "the target player".into(),
                Who::Others => "another player".into(),
                Who::Each => "any player".into(),
                Who::Me => "you".into(),
                Who::Leader => "the side with the most support".into(),
                Who::That => "that card's player".into(),
                Who::Chosen => "the chosen player".into(),
                Who::Race(r) => format!("any {} player", r.display()),
            },
            if who == Who::Me { "apply" } else { "applies" }
        ),
        Op::ChoosePlayer {
            among,
            except,
            at_war_with,
            chooser,
            ref each,
        } => choose_player_text((among, except, at_war_with), chooser, each),
        _ => unreachable!("not a rules verb: {op:?}"),
    }
}

/// "choose another player at war with the target player: the war between
/// the target player and the chosen player ends".
fn choose_player_text(
    (among, except, at_war_with): (Who, Option<Who>, Option<Who>),
    chooser: Who,
    each: &[Effect],
) -> String {
    let one = match (among, except) {
        // "a player other than you and the target player"
        (Who::Others, Some(w)) if w != Who::Me => {
            format!("a player other than you and {}", who_object(w))
        }
        (w, Some(x)) => format!("{} other than {}", one_player(w), who_object(x)),
        (w, None) => one_player(w),
    };
    let mut s = match chooser {
        Who::Me => format!("choose {one}"),
        w => format!("{} chooses {one}", who_subject(w)),
    };
    if let Some(w) = at_war_with {
        s += &format!(" at war with {}", some_player(w, false));
    }
    format!("{s}; {}", effects_text(each, false))
}

/// One of the players a word names: "another player", "a Narn player".
fn one_player(among: Who) -> String {
    match among {
        Who::Others => "another player".to_string(),
        Who::Each => "a player".to_string(),
        Who::Target => "one of the target players".to_string(),
        Who::Race(r) => format!("a {} player", r.display()),
        w => who_object(w).into_owned(),
    }
}

/// "search your deck for a fleet, show it and put it into your hand, then
/// shuffle your deck"; "discard up to 2 cards from your hand"; "choose any
/// number of your ready characters; for each: rotate it, then gain 1
/// influence".
fn pick_text(
    from: PickFrom,
    f: &CardFilter,
    (up_to, put, show): (u8, PickPut, bool),
    (each, after): (&[Effect], &[Effect]),
) -> String {
    // Cards in play are always the chooser's own.
    let many = if from == PickFrom::Play {
        let plain = CardFilter {
            side: Side::Any,
            ..f.clone()
        };
        format!("your {}", filter_text(&plain, "cards in play"))
    } else {
        filter_text(f, "cards")
    };
    let how_many = match up_to {
        0 => format!("any number of {many}"),
        1 if from == PickFrom::Play => format!("up to one of {many}"),
        1 if !from.is_search() => format!("up to one {}", filter_kind(f)),
        1 => filter_one(f),
        n if from.is_search() => format!("{n} {many}"),
        n => format!("up to {n} {many}"),
    };
    let one = up_to == 1;
    let it = if one { "it" } else { "them" };
    // Searching Your Deck: a search that shows the card found.
    let shown = if show {
        format!("show {it} to every player, then ")
    } else {
        String::new()
    };
    let put_text = |where_from: &str| match put {
        PickPut::Hand => format!("{shown}put {it} into your hand"),
        PickPut::Play => format!("{shown}put {it} into play{where_from}"),
        PickPut::Discard => format!("{shown}discard {it}"),
        PickPut::Remove => format!("{shown}remove {it} from the game"),
        PickPut::Stay => String::new(),
    };
    let mut s = match from {
        PickFrom::Deck => format!("search your deck for {how_many} and {}", put_text("")),
        PickFrom::Reserve => format!(
            "take {how_many} from outside the game (your reserve) and {}",
            put_text("")
        ),
        PickFrom::Hand => match put {
            PickPut::Discard => format!("discard {how_many} from your hand"),
            PickPut::Remove => format!("remove {how_many} in your hand from the game"),
            _ => format!("put {how_many} from your hand into play"),
        },
        PickFrom::Play => match put {
            PickPut::Discard => format!("discard {how_many}"),
            PickPut::Remove => format!("remove {how_many} from the game"),
            _ => format!("choose {how_many}"),
        },
        PickFrom::Discard => match put {
            PickPut::Remove => format!("remove {how_many} in your discard pile from the game"),
            PickPut::Play => format!("put {how_many} from your discard pile into play"),
            _ => format!("put {how_many} from your discard pile into your hand"),
        },
    };
    if !each.is_empty() {
        let t = effects_text(each, false).replace("the target card", "it");
        s.push_str(&format!(
            "; for each card {}: {t}",
            if from == PickFrom::Play && put == PickPut::Stay {
                "chosen"
            } else {
                "so taken"
            }
        ));
    }
    if from == PickFrom::Deck {
        s.push_str("; then shuffle your deck");
    }
    // What follows the choosing, naming the cards chosen.
    if !after.is_empty() {
        s.push_str(&format!(". Then {}", effects_text(after, false)));
    }
    s
}

pub(in crate::text) fn cannot_text(c: Cannot) -> std::borrow::Cow<'static, str> {
    let s = match c {
        Cannot::BePromoted => "be promoted to the Inner Circle",
        Cannot::Ready => "ready",
        Cannot::Participate => "support, oppose or attack in conflicts",
        Cannot::ParticipateHere => "take part in this conflict",
        Cannot::BeBlanked => "be blanked",
        Cannot::BeDiscarded => "be discarded by card effects",
        Cannot::BeTargeted => "be targeted",
        Cannot::BeTargetedByConflicts => "be targeted by conflicts",
        Cannot::DeclareConflicts => "declare conflicts",
        Cannot::BeTargetedByOthers => "be targeted by other players' cards",
        Cannot::BeRotatedByOthers => "be rotated by other players' cards",
        Cannot::BeRotatedByOtherIsaMembers => "be rotated by the cards of other ISA members",
        Cannot::GainInfluence => "gain influence",
        Cannot::SponsorType(t) => {
            let t = t.name();
            return match t.strip_suffix('y') {
                Some(stem) => format!("sponsor {stem}ies"),
                None => format!("sponsor {t}s"),
            }
            .into();
        }
        Cannot::SponsorRace(r) => return format!("sponsor {} cards", r.display()).into(),
        Cannot::DeclareType(k) => return format!("declare {} conflicts", k.display()).into(),
        Cannot::PlayThis | Cannot::PlayDef(_) => "play a card of this card's name",
        Cannot::PlayType(t) => return format!("play {}s", t.name()).into(),
    };
    s.into()
}
