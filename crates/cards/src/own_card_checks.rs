//! What the loader refuses of effects that name their own card where that
//! card can never be: "while this card is in play" on a card that is not in
//! play when its effects happen, and "return this card to your hand" on a
//! conflict where the conflict card cannot be returned.
//!
//! A `duration = "while-in-play"` lasts while the card that generated it
//! stays in play (`Duration::WhileInPlay`). A conflict card is never in
//! play (it lies in the conflict zone until The Resolution Round, Step 4),
//! an event goes to the discard pile as soon as it is played, a contingency
//! once revealed, an aftermath "discarded after play" at Step 4, and a
//! `leaves-play` triggered effect happens once its card has gone, and an
//! action that discards its card as its cost has no card left: such an
//! effect would end at once or last only the turn, never as written.
//!
//! Rulings 7.4 (Conflict Cards): "Conflicts that are specified to return to
//! your hand if successful must always be returned." A conflict's
//! `return_to_hand` with `card = "this"` returns the card while it resolves
//! (`crates/engine/src/actions/conflict_enhancement.rs`); in `initiated` the conflict
//! still needs its card, in a `later` effect the card has long been
//! discarded, and a conflict that also `becomes_enhancement` cannot be both
//! attached and in the hand when won. Any other verb naming the conflict
//! card ("this card") finds nothing: the card is not in play.

use b5_engine::{CardDef, CardSel, CardType, Duration, Effect, Op, Trigger};

use crate::negate_checks::has;

/// An error: the field (below the card) and the message.
type Refusal = (String, String);

/// The duration an effect verb lasts for, if it has one.
fn duration(op: &Op) -> Option<Duration> {
    match op {
        Op::Bonus { duration, .. }
        | Op::Double { duration, .. }
        | Op::Restrict { duration, .. }
        | Op::SetAbility { duration, .. }
        | Op::InfluenceRating { duration, .. }
        | Op::Blank { duration, .. }
        | Op::PowerToWin { duration, .. }
        | Op::InfluenceOnlyPower { duration, .. }
        | Op::AttackMod { duration, .. } => Some(*duration),
        _ => None,
    }
}

fn while_in_play(op: &Op) -> bool {
    duration(op) == Some(Duration::WhileInPlay)
}

fn while_sustained(op: &Op) -> bool {
    duration(op) == Some(Duration::WhileSustained)
}

fn returns_itself(op: &Op) -> bool {
    matches!(
        op,
        Op::ReturnToHand {
            card: CardSel::This
        }
    )
}

/// The first entry of `list` holding a verb `pick` accepts, nested lists
/// included, as `field[i]`.
fn first(field: &str, list: &[Effect], pick: &dyn Fn(&Op) -> bool) -> Option<String> {
    list.iter()
        .position(|e| has(std::slice::from_ref(e), pick))
        .map(|i| format!("{field}[{i}]"))
}

/// A conflict card's own effect lists, by field.
fn conflict_lists(d: &CardDef) -> Vec<(String, &[Effect])> {
    let mut v: Vec<(String, &[Effect])> = vec![
        ("initiated".into(), &d.initiated),
        ("resolution".into(), &d.resolution),
        ("won".into(), &d.won),
        ("lost".into(), &d.lost),
    ];
    v.extend(
        d.won_by
            .iter()
            .map(|(n, l)| (format!("won_by_{n}"), l.as_slice())),
    );
    v.extend(
        d.lost_by
            .iter()
            .map(|(n, l)| (format!("lost_by_{n}"), l.as_slice())),
    );
    v
}

/// `duration = "while-in-play"` only where the card is in play when the
/// effect happens.
pub(crate) fn while_in_play_durations(d: &CardDef) -> Result<(), Refusal> {
    let fix = "write duration = \"turn\", \"conflict\" or \"permanent\"";
    let mut lists: Vec<(String, &[Effect], &str)> = Vec::new();
    match d.card_type {
        CardType::Conflict => {
            for (f, l) in conflict_lists(d) {
                lists.push((f, l, "a conflict card is never in play (it lies in the conflict zone until it resolves, then leaves)"));
            }
        }
        CardType::Event => lists.push((
            "effects".into(),
            &d.effects,
            "an event goes to the discard pile as soon as it is played",
        )),
        CardType::Aftermath if d.aftermath_play().discard_after => lists.push((
            "effects".into(),
            &d.effects,
            "this aftermath is discarded after play, at Step 4 of the Resolution Round",
        )),
        _ => {}
    }
    for (i, a) in d.actions.iter().enumerate() {
        if a.cost.discard {
            lists.push((
                format!("actions[{i}].effects"),
                &a.effects,
                "this action discards this card as its cost",
            ));
        }
    }
    for (i, t) in d.triggers.iter().enumerate() {
        let (field, why) = if d.card_type == CardType::Contingency {
            (
                "effects".to_string(),
                "a contingency goes to the discard pile once it is revealed",
            )
        } else if t.trigger == Trigger::LeavesPlay {
            (
                format!("triggers[{i}].effects"),
                "a leaves-play effect happens once this card has left play",
            )
        } else {
            continue;
        };
        lists.push((field, &t.effects, why));
    }
    for (field, list, why) in lists {
        if let Some(at) = first(&field, list, &while_in_play) {
            return Err((
                format!("{at}.duration"),
                format!("\"while-in-play\" lasts while this card is in play, and {why}: {fix}"),
            ));
        }
    }
    Ok(())
}

/// Every effect list of a card, by field: its `effects` and `when_played`,
/// each action's and trigger's, and a conflict's lists (`initiated` first).
fn named_lists(d: &CardDef) -> Vec<(String, &[Effect])> {
    let mut lists: Vec<(String, &[Effect])> = vec![
        ("effects".into(), &d.effects),
        ("when_played".into(), &d.when_played),
    ];
    lists.extend(
        d.actions
            .iter()
            .enumerate()
            .map(|(i, a)| (format!("actions[{i}].effects"), a.effects.as_slice())),
    );
    lists.extend(
        d.triggers
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("triggers[{i}].effects"), t.effects.as_slice())),
    );
    lists.extend(conflict_lists(d));
    lists
}

/// The first effect `pick` accepts in a list `keep` accepts, as
/// `field[i].suffix`.
fn first_in(
    d: &CardDef,
    keep: &dyn Fn(&str) -> bool,
    pick: &dyn Fn(&Op) -> bool,
) -> Option<String> {
    named_lists(d)
        .into_iter()
        .filter(|(f, _)| keep(f))
        .find_map(|(f, l)| first(&f, l, pick))
}

/// `duration = "while-sustained"` only in what a conflict that lets the
/// initiator sustain with its initial supporter does once it resolves
/// (rulings, Psi Attack: "You may sustain with your initial Character. If
/// you do so, the target cannot ready while you sustain").
pub(crate) fn while_sustained_durations(d: &CardDef) -> Result<(), Refusal> {
    let outcome = |f: &str| {
        ["resolution", "won", "lost", "won_by_", "lost_by_"]
            .iter()
            .any(|o| f == *o || (o.ends_with('_') && f.starts_with(o)))
    };
    let why = if d.sustain_first_supporter {
        "it lasts while the initiator sustains with the conflict's initial supporter, who supports it only once it is initiated: use it in resolution, won or lost"
    } else {
        "it lasts while the initiator sustains with the conflict's initial supporter: the conflict must say `sustain_first_supporter = true`"
    };
    let allowed = |f: &str| d.sustain_first_supporter && outcome(f);
    match first_in(d, &|f| !allowed(f), &while_sustained) {
        Some(at) => Err((
            format!("{at}.duration"),
            format!("\"while-sustained\": {why}"),
        )),
        None => Ok(()),
    }
}

/// `conflict_type` only where a conflict is being initiated, before
/// anything takes part in it: its `initiated` effects.
pub(crate) fn conflict_type_when_initiated(d: &CardDef) -> Result<(), Refusal> {
    let sets_type = |op: &Op| matches!(op, Op::ConflictType { .. });
    match first_in(d, &|f| f != "initiated", &sets_type) {
        Some(at) => Err((
            format!("{at}.conflict_type"),
            "a conflict's type is chosen as it is initiated, before any card takes part: `conflict_type` goes in the conflict's `initiated` effects".into(),
        )),
        None => Ok(()),
    }
}

/// Whether an effect of the list names "this card" otherwise than to
/// return it to the hand, nested lists included.
fn names_itself_otherwise(list: &[Effect]) -> bool {
    list.iter().any(|e| match &e.op {
        Op::ReturnToHand {
            card: CardSel::This,
        } => false,
        Op::Delayed { effects, .. } | Op::Unless { effects, .. } => names_itself_otherwise(effects),
        Op::Vote { pass, fail, .. } => names_itself_otherwise(pass) || names_itself_otherwise(fail),
        Op::Modes { modes, .. } => modes.iter().any(|m| names_itself_otherwise(m)),
        Op::Pick { each, after, .. } => {
            names_itself_otherwise(each) || names_itself_otherwise(after)
        }
        _ => e.uses_sel(CardSel::This),
    })
}

/// A conflict card names itself ("this card") only to return itself to the
/// hand (rulings 7.4), and only where it can.
pub(crate) fn conflict_returns_itself(d: &CardDef) -> Result<(), Refusal> {
    if d.card_type != CardType::Conflict {
        return Ok(());
    }
    for (field, list) in conflict_lists(d) {
        if let Some(i) = list
            .iter()
            .position(|e| names_itself_otherwise(std::slice::from_ref(e)))
        {
            return Err((
                format!("{field}[{i}].card"),
                "`card = \"this\"` names the conflict card, which is never in play (it lies in the conflict zone until it resolves): only `return_to_hand` can name it".into(),
            ));
        }
    }
    if let Some(at) = first("initiated", &d.initiated, &returns_itself) {
        return Err((
            format!("{at}.return_to_hand"),
            "a conflict returns itself to the hand when it resolves (put it in won, lost or resolution): once initiated it still needs its card".into(),
        ));
    }
    let later =
        |op: &Op| matches!(op, Op::Delayed { effects, .. } if has(effects, &returns_itself));
    for (field, list) in conflict_lists(d) {
        if let Some(at) = first(&field, list, &later) {
            return Err((
                format!("{at}.later"),
                "a `later` effect happens after the conflict card has been discarded: return it in the list itself".into(),
            ));
        }
    }
    if d.becomes_enhancement.is_some() {
        let won = std::iter::once(("resolution".to_string(), d.resolution.as_slice()))
            .chain(std::iter::once(("won".to_string(), d.won.as_slice())))
            .chain(
                d.won_by
                    .iter()
                    .map(|(n, l)| (format!("won_by_{n}"), l.as_slice())),
            );
        for (field, list) in won {
            if let Some(at) = first(&field, list, &returns_itself) {
                return Err((
                    format!("{at}.return_to_hand"),
                    "a won conflict with becomes_enhancement is attached as an enhancement: it cannot also return to the hand".into(),
                ));
            }
        }
    }
    Ok(())
}
