//! Rules text for players, generated from a card's data so that what a
//! player reads and what the engine enforces cannot drift apart.

use b5_engine::{
    Ability, AbilityBonus, Amount, AmountBase, AttachKind, Cannot, CardAction, CardDef, CardFilter,
    CardSel, CardType, Cmp, Condition, Duration, Effect, Force, MarkKind, Op, Passive, PickFrom,
    PickPut, Race, Relation, Rounding, Row, SecondTarget, Side, TargetKind, Trigger, Uniqueness,
    VoteRule, When, Who,
};

fn plural(n: i64, one: &str, many: &str) -> String {
    if n.abs() == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn who_subject(w: Who) -> &'static str {
    match w {
        Who::Me => "you",
        Who::Target => "the target player",
        Who::Each => "each player",
        Who::Others => "each other player",
        Who::Leader => "the side with the most support",
    }
}

fn who_object(w: Who) -> &'static str {
    match w {
        Who::Me => "you",
        Who::Target => "the target player",
        Who::Each => "every player",
        Who::Others => "every other player",
        Who::Leader => "the side with the most support",
    }
}

/// Third-person verb agreement: "you gain", "each player gains".
/// "you gain 2 influence", "the target player loses 1 power".
fn who_does(w: Who, base: &str, what: impl std::fmt::Display) -> String {
    format!("{} {} {what}", who_subject(w), verb(w, base))
}

fn verb(w: Who, base: &str) -> String {
    match w {
        Who::Me => base.to_string(),
        _ => {
            if base.ends_with('s') || base.ends_with("sh") {
                format!("{base}es")
            } else {
                format!("{base}s")
            }
        }
    }
}

fn possessive(w: Who) -> &'static str {
    match w {
        Who::Me => "your",
        Who::Target => "the target player's",
        Who::Each => "each player's",
        Who::Others => "each other player's",
        Who::Leader => "the leading side's",
    }
}

fn card_name(c: CardSel) -> String {
    match c {
        CardSel::Target => "the target card".into(),
        CardSel::Ambassador(w) => format!("{} ambassador", possessive(w)),
        CardSel::This => "this card".into(),
        CardSel::Attached => "the card it is on".into(),
        CardSel::Attacker => "the other card in the attack".into(),
        CardSel::Supporters => "every supporting card".into(),
        CardSel::Opposers => "every opposing card".into(),
        CardSel::Second => "the second target".into(),
    }
}

fn bonus_text(b: &AbilityBonus) -> String {
    let mut parts = Vec::new();
    if b.all != 0 {
        parts.push(format!("{:+} to all abilities", b.all));
    }
    for a in Ability::ALL {
        let v = b.values[a.idx()];
        if v != 0 {
            parts.push(format!("{:+} {}", v, a.display()));
        }
    }
    parts.join(", ")
}

fn duration_text(d: Duration) -> &'static str {
    match d {
        Duration::Turn => " until the end of the turn",
        Duration::WhileRotated => " while this card remains rotated",
        Duration::Conflict => " until the conflict resolves",
        Duration::Permanent => " for the rest of the game",
        Duration::Printed => " to its printed value",
        Duration::WhileInPlay => " while this card is in play",
    }
}

fn force_name(f: Force) -> &'static str {
    match f {
        Force::Babylon5 => "Babylon 5",
        Force::Shadows => "the Shadows",
        Force::Vorlons => "the Vorlons",
    }
}

fn op_text(op: &Op) -> String {
    match *op {
        Op::GainInfluence { n, who } => {
            who_does(who, "gain", plural(n as i64, "influence", "influence"))
        }
        Op::LoseInfluence { n, who } => {
            who_does(who, "lose", plural(n as i64, "influence", "influence"))
        }
        Op::TransferInfluence { n, who, to } => format!(
            "{} {} {} to {}",
            who_subject(who),
            verb(who, "transfer"),
            plural(n as i64, "influence", "influence"),
            who_object(to)
        ),
        Op::TransferToForce { n, who, force } => format!(
            "{} {} {} to {}",
            who_subject(who),
            verb(who, "transfer"),
            plural(n as i64, "influence", "influence"),
            force_name(force)
        ),
        Op::Restore { n, who } => format!(
            "{} {} up to {} applied influence",
            who_subject(who),
            verb(who, "restore"),
            n
        ),
        Op::ExtraInfluence { n, who } => format!(
            "{} may apply {} additional influence this turn",
            who_subject(who),
            n
        ),
        Op::GainPower { n, who } => who_does(who, "gain", plural(n as i64, "power", "power")),
        Op::LosePower { n, who } => who_does(who, "lose", plural(n as i64, "power", "power")),
        Op::Tension {
            n,
            who,
            toward,
            mutual,
        } => {
            let dir = if n >= 0 { "rises" } else { "falls" };
            if mutual {
                format!(
                    "tension between {} and {} {} by {}",
                    who_object(who),
                    who_object(toward),
                    if n >= 0 { "rises" } else { "falls" },
                    n.abs()
                )
            } else {
                format!(
                    "{} tension toward {} {} by {}",
                    possessive(who),
                    who_object(toward),
                    dir,
                    n.abs()
                )
            }
        }
        Op::TensionRace {
            n,
            who,
            race,
            mutual,
        } => {
            let dir = if n >= 0 { "rises" } else { "falls" };
            if mutual {
                format!(
                    "tension between {} and the {} {} by {}",
                    who_object(who),
                    race.display(),
                    dir,
                    n.abs()
                )
            } else {
                format!(
                    "{} tension toward the {} {} by {}",
                    possessive(who),
                    race.display(),
                    dir,
                    n.abs()
                )
            }
        }
        Op::Unrest { n, who } => format!(
            "{} unrest {} by {}",
            possessive(who),
            if n >= 0 { "rises" } else { "falls" },
            n.abs()
        ),
        Op::NonPlayer { force, n } => {
            if n >= 0 {
                format!(
                    "{} {} {}",
                    force_name(force),
                    if force == Force::Babylon5 {
                        "gains"
                    } else {
                        "gain"
                    },
                    plural(n as i64, "influence", "influence")
                )
            } else {
                format!(
                    "{} {} {}",
                    force_name(force),
                    if force == Force::Babylon5 {
                        "loses"
                    } else {
                        "lose"
                    },
                    plural(-(n as i64), "influence", "influence")
                )
            }
        }
        Op::Draw { n, who } => who_does(who, "draw", plural(n as i64, "card", "cards")),
        Op::CrusadeDraw { n, who } => format!(
            "{} {} the top {} of {} Crusade Pile in hand",
            who_subject(who),
            verb(who, "put"),
            plural(n as i64, "card", "cards"),
            possessive(who)
        ),
        Op::DiscardRandom { n, who } => format!(
            "{} {} {} at random",
            who_subject(who),
            verb(who, "discard"),
            plural(n as i64, "card", "cards")
        ),
        Op::Damage { n, card } => format!("{} takes {} damage", card_name(card), n),
        Op::Mark { kind, card, count } => {
            if count >= 0 {
                format!(
                    "{} gains {}",
                    card_name(card),
                    plural(
                        count as i64,
                        &format!("{} mark", mark(kind)),
                        &format!("{} marks", mark(kind))
                    )
                )
            } else {
                format!(
                    "{} purges {}",
                    card_name(card),
                    plural(
                        -(count as i64),
                        &format!("{} mark", mark(kind)),
                        &format!("{} marks", mark(kind))
                    )
                )
            }
        }
        Op::War { who, with } => format!(
            "{} and {} enter a state of war",
            who_object(who),
            who_object(with)
        ),
        Op::State {
            kind,
            who,
            with,
            end,
        } => format!(
            "{} between {} and {} {}",
            capital_first(kind.display()),
            who_object(who),
            who_object(with),
            if end { "ends" } else { "begins" }
        ),
        Op::Peace { who, with } => format!(
            "the war between {} and {} ends",
            who_object(who),
            who_object(with)
        ),
        Op::Bonus {
            bonus,
            card,
            duration,
        } => format!(
            "{} gets {}{}",
            card_name(card),
            bonus_text(&bonus),
            duration_text(duration)
        ),
        Op::Double {
            ability,
            card,
            duration,
        } => format!(
            "{}'s {} is doubled{}",
            card_name(card),
            ability.display(),
            duration_text(duration)
        ),
        Op::Rotate { card } => format!("rotate {}", card_name(card)),
        Op::Ready { card } => format!("ready {}", card_name(card)),
        Op::Heal { card } => format!("heal {}", card_name(card)),
        Op::FullHeal { card } => format!("fully heal {}", card_name(card)),
        Op::RemoveDamage { n, card } => {
            format!("remove up to {} damage from {}", n, card_name(card))
        }
        Op::Neutralize { card } => format!("neutralize {}", card_name(card)),
        Op::Discard { card } => format!("discard {}", card_name(card)),
        Op::ReturnToHand { card } => format!("return {} to its owner's hand", card_name(card)),
        Op::Support { n } => format!("the conflict gets +{n} support"),
        Op::Opposition { n } => format!("the conflict gets +{n} opposition"),
        Op::CancelConflict => "cancel the conflict".into(),
        Op::CancelAttack => "cancel the attack".into(),
        Op::Surrender { who } => format!(
            "{} unconditionally {} to you, if at war with you",
            who_subject(who),
            verb(who, "surrender")
        ),
        Op::Vote {
            kind,
            ref pass,
            ref fail,
        } => {
            let mut s = format!("call a {}", kind.display());
            if !pass.is_empty() {
                s.push_str(&format!("; if it passes, {}", effects_text(pass, false)));
            }
            if !fail.is_empty() {
                s.push_str(&format!("; if it fails, {}", effects_text(fail, false)));
            }
            s
        }
        Op::FoundIsa => "the Interstellar Alliance comes into existence; you found it".into(),
        Op::JoinIsa { who } => who_does(who, "join", "the Interstellar Alliance".to_string()),
        Op::Chaos { n, card } if n >= 0 => format!(
            "put {} on {}",
            plural(n as i64, "Chaos Token", "Chaos Tokens"),
            card_name(card)
        ),
        Op::Chaos { n, card } => format!(
            "take {} off {}",
            plural(-(n as i64), "Chaos Token", "Chaos Tokens"),
            card_name(card)
        ),
        Op::Credits { n, card } if n >= 0 => format!(
            "put {} on {}",
            plural(n as i64, "credit token", "credit tokens"),
            card_name(card)
        ),
        Op::Credits { n, card } => format!(
            "take {} off {}",
            plural(-(n as i64), "credit token", "credit tokens"),
            card_name(card)
        ),
        Op::DiscardAmbassador { card } => {
            format!("discard {}, even an ambassador", card_name(card))
        }
        Op::SevereDamage { n, card } => format!("{} suffers {n} severe damage", card_name(card)),
        Op::SetAbility {
            ability,
            value,
            card,
            duration,
        } => format!(
            // Modifying abilities: a change to the printed ability, applied
            // first; every doubling and bonus, earlier or later, still counts.
            "{}'s printed {} becomes {value}{}",
            card_name(card),
            ability.display(),
            duration_text(duration)
        ),
        Op::SponsorDiscount { n, who } => format!(
            "the next card {} {} this turn costs {n} less",
            who_subject(who),
            verb(who, "sponsor")
        ),
        Op::InfluenceRating { n, who, duration } => format!(
            "{} Influence Rating is {} by {}{} (not a gain or loss)",
            cap(possessive(who)),
            if n >= 0 { "increased" } else { "decreased" },
            (n as i16).abs(),
            duration_text(duration)
        ),
        Op::Attack { ability, by, card } => format!(
            "{} attacks {} using {} (not in a conflict)",
            card_name(by),
            card_name(card),
            ability.display()
        ),
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
        Op::NegateAction => "negate that action (its effects are ignored; its costs stay paid)".into(),
        Op::AttackMod { m, card, duration } => format!(
            "{} {}{}",
            card_name(card),
            attack_mod_text(&m, false),
            duration_text(duration)
        ),
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
        } => pick_text(from, filter, (up_to, put, show), each),
        Op::Modes { ref modes } => {
            let parts: Vec<String> = modes.iter().map(|m| effects_text(m, false)).collect();
            format!("choose one: {}", parts.join("; or "))
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
                Who::Others => "the other players",
                Who::Target => "the target players",
                _ => "players",
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
                Who::Target => "the target player",
                Who::Others => "another player",
                Who::Each => "any player",
                Who::Me => "you",
                Who::Leader => "the side with the most support",
            },
            if who == Who::Me { "apply" } else { "applies" }
        ),
        Op::ConvertMark {
            from,
            to,
            card,
            count,
        } => format!(
            "replace {} on {} with {} {}",
            if count == 1 {
                format!("{} {} mark", an(mark(from)), mark(from))
            } else {
                format!("up to {count} {} marks", mark(from))
            },
            card_name(card),
            if count == 1 {
                an(mark(to)).to_string()
            } else {
                "as many".to_string()
            },
            if count == 1 {
                format!("{} mark", mark(to))
            } else {
                format!("{} marks", mark(to))
            }
        ),
        Op::VoteRule { rule, who } => match rule {
            VoteRule::CastVotesOf => format!(
                "in the next vote, you cast the votes of {}",
                who_object(who)
            ),
            VoteRule::CountsTwice => format!(
                "in the next vote, the votes of {} count twice",
                who_object(who)
            ),
            VoteRule::CannotVote => format!("{} cannot vote in the next vote", who_subject(who)),
            VoteRule::ExtraYes(n) => format!(
                "the next vote counts {} more",
                plural(n as i64, "Yes vote", "Yes votes")
            ),
            VoteRule::ExtraNo(n) => format!(
                "the next vote counts {} more",
                plural(n as i64, "No vote", "No votes")
            ),
        },
        Op::Blank { card, duration } => format!(
            "{} has its text blanked{} (its keywords stay)",
            card_name(card),
            duration_text(duration)
        ),
        Op::TransferPower { n, who, to } => format!(
            "transfer {n} power from {} to {} (not a gain or loss; never below 0 power)",
            who_object(who),
            who_object(to)
        ),
        Op::MoveMark {
            kind,
            card,
            onto,
            count,
        } => format!(
            "move {} from {} to {} (not a gain or purge)",
            if count == 1 {
                format!("{} {} mark", an(mark(kind)), mark(kind))
            } else {
                format!("up to {count} {} marks", mark(kind))
            },
            card_name(card),
            card_name(onto)
        ),
        Op::TransferChaos { card, onto, count } => format!(
            "move {} from {} to {} (only those it has)",
            if count == 1 {
                "a Chaos Token".to_string()
            } else {
                format!("up to {count} Chaos Tokens")
            },
            card_name(card),
            card_name(onto)
        ),
        Op::MoveAttached { card, onto } => format!(
            "move {} onto {} (as if played there; its controller keeps it)",
            card_name(card),
            card_name(onto)
        ),
        Op::TransferDamage { card, onto, count } => format!(
            "move {} from {} to {} (only what it has; not an attack)",
            if count == 1 {
                "1 damage".to_string()
            } else {
                format!("up to {count} damage")
            },
            card_name(card),
            card_name(onto)
        ),
        Op::UseAs { from, to, card } => format!(
            "{} may use its {} as {} until the end of the turn ({})",
            card_name(card),
            from.display(),
            to.display(),
            // 6.j: only to take part in conflicts, attack, or lead a fleet.
            if to == Ability::Leadership {
                "in conflicts, attacks and to lead a fleet"
            } else {
                "in conflicts and attacks"
            }
        ),
        Op::PowerToWin { n, who, duration } => format!(
            "{} {} {} {} power to win{}",
            who_subject(who),
            verb(who, "need"),
            (n as i16).abs(),
            if n >= 0 { "more" } else { "less" },
            duration_text(duration)
        ),
        Op::Promote { card, free } => format!(
            "promote {} to the Inner Circle{}",
            card_name(card),
            if free {
                " for free"
            } else {
                ", applying its promotion cost"
            }
        ),
        Op::ShadowWar { start: true } => "the Shadow War begins, if it never has".into(),
        Op::InfluenceOnlyPower { who, duration } => format!(
            "{} {} only {} Influence Rating as power{} (a player whose power is below his Influence Rating is unaffected)",
            who_subject(who),
            verb(who, "count"),
            if who == Who::Me { "your" } else { "their" },
            duration_text(duration)
        ),
        Op::ShadowWar { start: false } => {
            "the Shadow War ends, if it is in effect, and the wars it started end with it".into()
        }
    }
}

/// One card of a filter, with its article: "a Narn fleet", "an agenda".
fn filter_one(f: &CardFilter) -> String {
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
    let s = filter_text(&plain, &noun);
    format!("{} {s}", an(&s))
}

/// "search your deck for a fleet, show it and put it into your hand, then
/// shuffle your deck"; "discard up to 2 cards from your hand"; "choose any
/// number of your ready characters; for each: rotate it, then gain 1
/// influence".
fn pick_text(
    from: PickFrom,
    f: &CardFilter,
    (up_to, put, show): (u8, PickPut, bool),
    each: &[Effect],
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
        1 if !from.is_search() => format!("up to one of {many}"),
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
            _ => format!("put {how_many} from your hand into play"),
        },
        PickFrom::Play => match put {
            PickPut::Discard => format!("discard {how_many}"),
            _ => format!("choose {how_many}"),
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
    s
}

/// "1 Doom mark and 2 Shadow marks".
fn marks_list(m: &[u8; 6]) -> String {
    let items: Vec<String> = MarkKind::ALL
        .into_iter()
        .filter(|k| m[k.idx()] > 0)
        .map(|k| {
            let n = m[k.idx()] as i64;
            plural(
                n,
                &format!("{} mark", mark(k)),
                &format!("{} marks", mark(k)),
            )
        })
        .collect();
    let refs: Vec<&str> = items.iter().map(String::as_str).collect();
    and_list(&refs)
}

/// The text with its first letter in lower case.
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The article before a word: "an Intrigue conflict", "a Psi conflict".
fn an(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

fn cannot_text(c: Cannot) -> std::borrow::Cow<'static, str> {
    let s = match c {
        Cannot::BePromoted => "be promoted to the Inner Circle",
        Cannot::Participate => "support, oppose or attack in conflicts",
        Cannot::ParticipateHere => "take part in this conflict",
        Cannot::BeBlanked => "be blanked",
        Cannot::BeDiscarded => "be discarded by card effects",
        Cannot::BeTargeted => "be targeted",
        Cannot::BeTargetedByConflicts => "be targeted by conflicts",
        Cannot::DeclareConflicts => "declare conflicts",
        Cannot::BeTargetedByOthers => "be targeted by other players' cards",
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
    };
    s.into()
}

/// "another fleet you control": a cost's card, in words.
fn own_other(f: &CardFilter) -> String {
    let t = filter_text(f, "cards");
    let t = t.replace(" in your faction", "");
    format!("one of your other {t}")
}

/// A number no card prints, standing for X while the verb is worded.
const X_MARK: i32 = 111;

/// "you gain X influence, where X is half the target card's Psi, rounded up".
fn amount_op_text(op: &Op, a: &Amount) -> String {
    let Some(x) = op.with_n(X_MARK) else {
        return op_text(op);
    };
    let t = op_text(&x).replace(&X_MARK.to_string(), "X");
    format!("{t}, where X is {}", amount_text(a))
}

/// An amount in words.
pub fn amount_text(a: &Amount) -> String {
    let mut s = match &a.base {
        AmountBase::Const(n) => n.to_string(),
        AmountBase::Ability {
            ability,
            card,
            printed,
        } => {
            let whose = match card {
                CardSel::Supporters => "the total".to_string(),
                CardSel::Opposers => "the total".to_string(),
                c => format!("{}'s", card_name(*c)),
            };
            let of = match card {
                CardSel::Supporters => " of the supporting cards",
                CardSel::Opposers => " of the opposing cards",
                _ => "",
            };
            format!(
                "{whose} {}{}{of}",
                if *printed { "printed " } else { "" },
                ability.display()
            )
        }
        AmountBase::Influence(w) => format!("{} Influence Rating", possessive(*w)),
        AmountBase::Power(w) => format!("{} power", possessive(*w)),
        AmountBase::Unrest(w) => format!("{} unrest", possessive(*w)),
        AmountBase::Spent(w) => format!("the influence {} applied this turn", who_subject(*w)),
        AmountBase::Credits(c) => format!("the credit tokens on {}", card_name(*c)),
        AmountBase::NonPlayer(f) => format!("{}'s influence", force_name(*f)),
        AmountBase::PerMargin(n) => {
            format!("1 for each {n} by which the conflict was won or lost")
        }
        AmountBase::Sum(v) if v.len() == 1 => amount_text(&v[0]),
        AmountBase::Sum(v) => {
            let parts: Vec<String> = v.iter().map(amount_text).collect();
            format!("the sum of {}", parts.join(" and "))
        }
        AmountBase::Min(v) => {
            let parts: Vec<String> = v.iter().map(amount_text).collect();
            format!("the least of {}", parts.join(" and "))
        }
        AmountBase::Max(v) => {
            let parts: Vec<String> = v.iter().map(amount_text).collect();
            format!("the greatest of {}", parts.join(" and "))
        }
        AmountBase::Count(f) => format!("the number of {}", filter_text(f, "cards in play")),
    };
    match a.times {
        1 => {}
        2 => s = format!("twice {s}"),
        t => s = format!("{t} times {s}"),
    }
    match a.half {
        Some(Rounding::Up) => s = format!("half {s}, rounded up"),
        Some(Rounding::Down) => s = format!("half {s}, rounded down"),
        None => {}
    }
    if a.plus > 0 {
        s = format!("{s} plus {}", a.plus);
    } else if a.plus < 0 {
        s = format!("{s} minus {}", -a.plus);
    }
    if let Some(lo) = a.at_least {
        s = format!("{s} (at least {lo})");
    }
    if let Some(hi) = a.at_most {
        s = format!("{s} (at most {hi})");
    }
    s
}

fn mark(k: MarkKind) -> &'static str {
    match k {
        MarkKind::Destiny => "Destiny",
        MarkKind::Doom => "Doom",
        MarkKind::Strife => "Strife",
        MarkKind::Conspiracy => "Conspiracy",
        MarkKind::Shadow => "Shadow",
        MarkKind::Vorlon => "Vorlon",
    }
}

fn cmp_text(c: Cmp) -> String {
    match c {
        Cmp::AtLeast(n) => format!("at least {n}"),
        Cmp::AtMost(n) => format!("at most {n}"),
    }
}

fn condition_text(c: &Condition) -> String {
    match c {
        Condition::Marks { kind, cmp } => {
            format!("you have {} {} marks", cmp_text(*cmp), mark(*kind))
        }
        Condition::Influence(cmp) => format!("your Influence Rating is {}", cmp_text(*cmp)),
        Condition::Power(cmp) => format!("your power is {}", cmp_text(*cmp)),
        Condition::Unrest(cmp) => format!("your unrest is {}", cmp_text(*cmp)),
        Condition::TensionTowardTarget(cmp) => {
            format!("your tension toward the target is {}", cmp_text(*cmp))
        }
        Condition::AtWar => "you are at war".into(),
        Condition::AtWarWithTarget => "you are at war with the target".into(),
        Condition::InState(k) => format!(
            "you are in a state of {} with a player",
            k.name().replace('-', " ")
        ),
        Condition::InStateWithTarget(k) => {
            format!(
                "you are in a state of {} with the target",
                k.name().replace('-', " ")
            )
        }
        Condition::Controls { filter, cmp } => format!(
            "you control {} {}",
            cmp_text(*cmp),
            filter_text(filter, "cards")
        ),
        Condition::NonPlayer { force, cmp } => {
            format!("{} has {} influence", force_name(*force), cmp_text(*cmp))
        }
        Condition::ShadowWar(true) => "the Shadow War is in effect".into(),
        Condition::ShadowWar(false) => "the Shadow War is not in effect".into(),
        Condition::Race(r) => format!("you play the {}", r.display()),
        Condition::Margin(cmp) => format!("the margin is {}", cmp_text(*cmp)),
        Condition::Chaos(cmp) => {
            format!("the cards you control hold {} Chaos Tokens", cmp_text(*cmp))
        }
        Condition::Credits(cmp) => format!("it holds {} credit tokens", cmp_text(*cmp)),
        Condition::CardAbility {
            ability,
            cmp: Cmp::AtMost(0),
        } => format!("its {} is 0", ability.display()),
        Condition::CardAbility { ability, cmp } => {
            format!("its {} is {}", ability.display(), cmp_text(*cmp))
        }
    }
}

/// "ready Narn characters in your faction".
fn filter_text(f: &CardFilter, default_noun: &str) -> String {
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
    // A card's side is its controller's (Glossary, You or Your).
    match f.side {
        Side::Own => s.push_str(" you control"),
        Side::Other => s.push_str(" you do not control"),
        Side::Any => {}
    }
    s
}

fn target_text(kind: TargetKind, f: &CardFilter) -> String {
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
fn targets_text(kind: TargetKind, f: &CardFilter, second: &Option<SecondTarget>) -> String {
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

/// An effect list as a sentence fragment.
pub fn effects_text(effects: &[Effect], both: bool) -> String {
    let mut out = String::new();
    for (i, e) in effects.iter().enumerate() {
        if i > 0 {
            out.push_str(if e.then { ", then " } else { "; " });
        }
        if let Some(c) = &e.condition {
            out.push_str(&format!("if {}, ", condition_text(c)));
        }
        match &e.amount {
            None => out.push_str(&op_text(&e.op)),
            Some(a) => out.push_str(&amount_op_text(&e.op, a)),
        }
    }
    if both && effects.len() > 1 {
        out = format!("both: {out} (all or nothing)");
    }
    out
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn action_text(a: &CardAction) -> String {
    let mut cost = Vec::new();
    if a.cost.rotate {
        cost.push("rotate".to_string());
    }
    if a.cost.influence > 0 {
        cost.push(format!("apply {} influence", a.cost.influence));
    }
    if let Some((k, n)) = a.cost.purge {
        cost.push(format!(
            "purge {}",
            plural(
                n as i64,
                &format!("{} mark", mark(k)),
                &format!("{} marks", mark(k))
            )
        ));
    }
    if let Some(f) = &a.cost.rotate_other {
        cost.push(format!("rotate {}", own_other(f)));
    }
    if let Some(f) = &a.cost.neutralize_other {
        cost.push(format!("neutralize {}", own_other(f)));
    }
    if a.cost.credits > 0 {
        cost.push(format!(
            "take {} off this card",
            plural(a.cost.credits as i64, "credit token", "credit tokens")
        ));
    }
    if a.cost.discard {
        cost.push("discard this card".into());
    }
    let mut s = format!("Action: {}", cost.join(", "));
    if let Some(c) = &a.condition {
        s.push_str(&format!(" (only if {})", condition_text(c)));
    }
    let t = targets_text(a.target, &a.filter, &a.second);
    if !t.is_empty() {
        s.push_str(&format!(", {t}"));
    }
    s.push_str(&format!(": {}", effects_text(&a.effects, false)));
    s
}

/// "deals 1 more damage in attacks and suffers half damage from attacks
/// (rounded up)"; `plural` for "cards ... deal".
fn attack_mod_text(m: &b5_engine::AttackMod, plural: bool) -> String {
    let v = |one: &str, many: &str| {
        if plural {
            many.to_string()
        } else {
            one.to_string()
        }
    };
    let (deal, suffer) = (v("deals", "deal"), v("suffers", "suffer"));
    let mut parts = Vec::new();
    if m.deals_double {
        parts.push(format!("{deal} double damage in attacks"));
    }
    if m.deals != 0 {
        let more = if m.deals > 0 { "more" } else { "less" };
        parts.push(format!(
            "{deal} {} {more} damage in attacks",
            (m.deals as i16).abs()
        ));
    }
    if m.suffers_half {
        parts.push(format!("{suffer} half damage from attacks (rounded up)"));
    }
    if m.suffers != 0 {
        let more = if m.suffers > 0 { "more" } else { "less" };
        parts.push(format!(
            "{suffer} {} {more} damage from attacks",
            (m.suffers as i16).abs()
        ));
    }
    if m.no_return {
        parts.push(format!("{suffer} no damage in return when attacking"));
    }
    match parts.len() {
        0 => String::new(),
        1 => parts.pop().unwrap(),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

fn passive_text(p: &Passive, attached: bool) -> String {
    match p {
        Passive::AttackMod {
            filter: Some(filter),
            m,
        } => format!(
            "{} {}",
            cap(&filter_text(filter, "cards")),
            attack_mod_text(m, true)
        ),
        Passive::AttackMod { filter: None, m } => format!(
            "{} {}",
            if attached {
                "The card it is on"
            } else {
                "This card"
            },
            attack_mod_text(m, false)
        ),
        Passive::Bonus { filter, bonus } if filter.itself => {
            format!("This card gets {}", bonus_text(bonus))
        }
        Passive::Bonus { filter, bonus } => format!(
            "{} get {}",
            cap(&filter_text(filter, "cards")),
            bonus_text(bonus)
        ),
        Passive::Discount { filter, amount } => format!(
            "Sponsoring {} costs you {} less",
            filter_text(filter, "cards"),
            amount
        ),
        Passive::ExtraDraw(n) => format!(
            "You draw {} more in the Draw Round",
            plural(*n as i64, "card", "cards")
        ),
        Passive::DrawInstead(n) => {
            format!("You draw {n} cards instead of 1 in the Draw Round (not cumulative)")
        }
        Passive::ExtraInfluence(n) => format!("You may apply {n} additional influence each turn"),
        Passive::AttackDamage { filter, amount } => format!(
            "{} deal {} more damage in attacks",
            cap(&filter_text(filter, "cards")),
            amount
        ),
        Passive::DamageResistance { filter, amount } => format!(
            "{} have damage resistance {}",
            cap(&filter_text(filter, "cards")),
            amount
        ),
        Passive::ExtraConflict(n) => format!(
            "You may declare {} more each turn",
            plural(*n as i64, "conflict", "conflicts")
        ),
        Passive::Marks { filter, marks } => {
            let list = marks_list(marks);
            match filter {
                Some(f) => format!(
                    "{} have {list} while this card is in play",
                    cap(&filter_text(f, "cards"))
                ),
                None if attached => format!("The card it is on has {list} while this is attached"),
                None => format!("Your ambassador has {list} while this card is in play"),
            }
        }
        Passive::Cannot { filter, what } => format!(
            "{} cannot {}",
            match filter {
                Some(f) => cap(&filter_text(f, "cards")),
                None if attached => "The card it is on".to_string(),
                None => "This card".to_string(),
            },
            cannot_text(*what)
        ),
        Passive::PlayerCannot { who, what } => format!(
            "{} cannot {}",
            match who {
                Who::Me => "You",
                Who::Each => "No player",
                _ => "Your opponents",
            },
            cannot_text(*what)
        )
        .replace("No player cannot", "No player may"),
        Passive::Surcharge {
            who,
            filter,
            amount,
        } => format!(
            "{} cost {} {amount} more to sponsor",
            cap(&filter_text(filter, "cards")),
            match who {
                Who::Me => "you",
                Who::Each => "every player",
                _ => "your opponents",
            }
        ),
        Passive::InfluenceRating(n) => format!(
            "While this card is in play, your Influence Rating is {} by {} (not a gain or loss)",
            if *n >= 0 { "increased" } else { "decreased" },
            (*n as i16).abs()
        ),
        Passive::Initiative(n) => format!(
            "Your initiative score is {} when initiative is determined",
            if *n >= 0 {
                format!("{n} higher")
            } else {
                format!("{} lower", -(*n as i16))
            }
        ),
        Passive::Sponsors { filter, free } => format!(
            "This card may rotate as if it were an Inner Circle character to sponsor {}{}",
            filter_text(filter, "cards"),
            if *free { " for free" } else { "" }
        ),
        Passive::CannotWin { who } => {
            format!("{} cannot win", capital_first(who_subject(*who)))
        }
        Passive::AlsoWins { condition, major } => format!(
            "You also win a {} Victory if {}",
            if *major { "Major" } else { "Standard" },
            condition_text(condition)
        ),
        Passive::PowerToWin { who, n } => format!(
            "{} {} {} {} power to win",
            capital_first(who_subject(*who)),
            if matches!(who, Who::Me) {
                "need"
            } else {
                "needs"
            },
            n.unsigned_abs(),
            if *n < 0 { "less" } else { "more" }
        ),
    }
}

fn trigger_text(t: Trigger) -> &'static str {
    match t {
        Trigger::Attacked => "When it is attacked",
        Trigger::Attacks => "When it attacks",
        Trigger::NeutralizedTarget => "When it neutralizes the card it attacked",
        Trigger::Targeted => "When a conflict targeting you is initiated",
        Trigger::ConflictWon => "When you win a conflict you initiated",
        Trigger::ConflictLost => "When you lose a conflict you initiated",
        Trigger::GainedInfluenceFromConflict => "When you gain influence from a conflict",
        Trigger::LeavesPlay => "When it leaves play",
        Trigger::SurvivedAttack => "When it survives an attack (not neutralized)",
        Trigger::AttackInConflict => "When an attack is made in a conflict you initiated",
        Trigger::WarWonContested => "When you win a contested war conflict",
        Trigger::FleetNeutralized => "When one of your fleets is neutralized",
        Trigger::EventTargeted => "When an event targeting you or a card you control is played",
        Trigger::ActionTargeted => "When a card uses an action targeting you or a card you control",
    }
}

fn attach_text(k: AttachKind) -> &'static str {
    match k {
        AttachKind::Character => "a character",
        AttachKind::Fleet => "a fleet",
        AttachKind::Location => "a location",
        AttachKind::Group => "a group",
        AttachKind::Agenda => "an agenda",
        AttachKind::Faction => "a faction",
        AttachKind::Global => "the whole game",
    }
}

/// The card's rules text, one line; empty for a card with no text.
pub fn rules_text(d: &CardDef) -> String {
    let mut parts: Vec<String> = Vec::new();
    if !d.keywords.is_empty() {
        parts.push(
            d.keywords
                .iter()
                .map(|k| cap(k))
                .collect::<Vec<_>>()
                .join(". "),
        );
    }
    match d.uniqueness {
        Uniqueness::Unique => parts.push("Unique".into()),
        Uniqueness::Multiple if Uniqueness::default_for(d.card_type) != Uniqueness::Multiple => {
            parts.push("Multiple".into())
        }
        Uniqueness::Limited if Uniqueness::default_for(d.card_type) != Uniqueness::Limited => {
            parts.push("Limited".into())
        }
        _ => {}
    }
    if let (Some((r, n)), Some(c)) = (d.race_cost, d.cost) {
        parts.push(format!(
            "Costs {n} instead of {c} for {} {} faction",
            an(r.display()),
            r.display()
        ));
    }
    if let Some(r) = &d.replaces {
        let t = r.transfers;
        let carried: Vec<&str> = [
            (t.marks, "marks"),
            (t.enhancements, "enhancements"),
            (t.aftermaths, "aftermaths"),
            (t.contingencies, "contingencies"),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, what)| what)
        .collect();
        // Appendix Two, Example 6: "and any aftermaths that her controller
        // chooses".
        let chosen: Vec<&str> = [
            (t.chosen_enhancements, "enhancements"),
            (t.chosen_aftermaths, "aftermaths"),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, what)| what)
        .collect();
        let chosen = if chosen.is_empty() {
            String::new()
        } else {
            format!("any {} its controller chooses", chosen.join(" and "))
        };
        let carried = match (carried.is_empty(), chosen.is_empty()) {
            (true, true) => String::new(),
            (true, false) => format!(", transferring {chosen}"),
            (false, true) => format!(", transferring its {}", and_list(&carried)),
            (false, false) => format!(", transferring its {}, and {chosen}", carried.join(", ")),
        };
        parts.push(format!(
            "{} replace {}{}",
            if r.only { "Must" } else { "May" },
            r.name,
            carried
        ));
    }
    for r in &d.requires {
        parts.push(format!("Requires: {}", condition_text(r)));
    }
    if let (Some(kind), false) = (d.conflict, d.card_type == CardType::Conflict) {
        conflict_parts(
            d,
            format!(
                "Conflict Round: may declare a {} conflict generated by this card",
                kind.display()
            ),
            &mut parts,
        );
    }
    match d.card_type {
        CardType::Conflict => {
            let kind = d.conflict.map(|a| a.display()).unwrap_or("Diplomacy");
            conflict_parts(d, format!("{kind} conflict"), &mut parts);
            if let Some(on) = d.becomes_enhancement {
                let host = match on {
                    b5_engine::EnhancementOn::Target => "the target card",
                    b5_engine::EnhancementOn::Ambassador => "your ambassador",
                    b5_engine::EnhancementOn::TargetAmbassador => "the target player's ambassador",
                };
                parts.push(format!(
                    "If won, this card is not discarded: it becomes an enhancement on {host}, with this text"
                ));
                if !d.bonus.is_zero() {
                    parts.push(format!("The card it is on gets {}", bonus_text(&d.bonus)));
                }
            }
        }
        CardType::Event => {
            let t = targets_text(d.target, &d.filter, &d.second);
            let e = effects_text(&d.effects, d.both);
            parts.push(if t.is_empty() {
                cap(&e)
            } else {
                format!("{}: {e}", cap(&t))
            });
        }
        CardType::Aftermath => {
            let play = d.aftermath.clone().unwrap_or_default();
            let mut cond = Vec::new();
            match play.won {
                Some(true) => cond.push("Won".to_string()),
                Some(false) => cond.push("Lost".to_string()),
                None => {}
            }
            if !play.conflict.is_empty() {
                cond.push(
                    play.conflict
                        .iter()
                        .map(|a| a.display())
                        .collect::<Vec<_>>()
                        .join(" or "),
                );
            }
            if play.participant {
                cond.push("Participant".into());
            }
            let cond = if cond.is_empty() {
                "Any".to_string()
            } else {
                cond.join(" ")
            };
            let mut s = format!("{cond} aftermath");
            let t = targets_text(d.target, &d.filter, &d.second);
            if !t.is_empty() {
                s.push_str(&format!(", {t}"));
            }
            parts.push(s);
            if !d.bonus.is_zero() {
                parts.push(format!("The card it is on gets {}", bonus_text(&d.bonus)));
            }
            if !d.effects.is_empty() {
                parts.push(cap(&effects_text(&d.effects, d.both)));
            }
            if play.discard_after {
                parts.push("Discard after play".into());
            }
        }
        CardType::Contingency => {
            let mut s = format!("Play face down under {} you control", attach_text(d.attach));
            if d.race != Race::Neutral {
                s = format!(
                    "Play face down under {} {} you control",
                    d.race.display(),
                    attach_text(d.attach)
                        .trim_start_matches("a ")
                        .trim_start_matches("an ")
                );
            }
            parts.push(s);
        }
        CardType::Enhancement => {
            if d.attach != AttachKind::Character || d.filter != CardFilter::default() {
                let on = if d.filter.types != 0 || d.filter.race.is_some() {
                    filter_text(&d.filter, attach_text(d.attach))
                } else {
                    attach_text(d.attach).to_string()
                };
                parts.push(format!("Play on {on}"));
            }
            if !d.bonus.is_zero() {
                parts.push(format!("The card it is on gets {}", bonus_text(&d.bonus)));
            }
        }
        CardType::Agenda => {
            if d.major {
                parts.push("Major Agenda".into());
            }
            if d.race == b5_engine::Race::Drakh {
                parts.push("Drakh Agenda: only a Drakh faction plays and controls it".into());
            }
            if let Some(v) = &d.victory {
                parts.push(format!(
                    "Major Victory at the victory check if {}",
                    condition_text(&v.condition)
                ));
            }
        }
        _ => {}
    }
    if d.power_bonus != 0 {
        parts.push(format!("Count {:+} power", d.power_bonus));
    }
    if !d.effects.is_empty() && !matches!(d.card_type, CardType::Event | CardType::Aftermath) {
        // Playing Cards and Card Details: these happen only when the card
        // is sponsored (a contingency's, when it is revealed).
        let lead = if d.card_type == CardType::Contingency {
            "When it enters play"
        } else {
            "When sponsored"
        };
        parts.push(format!("{lead}: {}", effects_text(&d.effects, d.both)));
    }
    if !d.when_played.is_empty() {
        parts.push(format!(
            "When played (sponsored or replacing): {}",
            effects_text(&d.when_played, d.both)
        ));
    }
    if let Some(pn) = &d.personality {
        parts.push(format!("Personality: {pn}"));
    }
    for (i, p) in d.passives.iter().enumerate() {
        let text = passive_text(
            p,
            matches!(d.card_type, CardType::Enhancement | CardType::Aftermath)
                || d.becomes_enhancement.is_some(),
        );
        parts.push(match d.passive_if.get(i) {
            Some(Some(c)) => format!("While {}: {}", condition_text(c), lower_first(&text)),
            _ => text,
        });
    }
    for t in &d.triggers {
        let lead = if d.card_type == CardType::Contingency {
            format!("Reveal {}", trigger_text(t.trigger).to_lowercase())
        } else {
            trigger_text(t.trigger).to_string()
        };
        let rot = if t.rotate {
            ", if this card is ready, rotate it:"
        } else {
            ":"
        };
        parts.push(format!("{lead}{rot} {}", effects_text(&t.effects, d.both)));
    }
    for a in &d.actions {
        parts.push(action_text(a));
    }
    parts.retain(|p| !p.is_empty());
    let mut s = parts.join(". ");
    if !s.is_empty() && !s.ends_with('.') {
        s.push('.');
    }
    s
}

/// The conflict fields of a conflict card, or of a card in play that
/// generates a conflict (The Conflict Round, Step 1).
fn conflict_parts(d: &CardDef, lead: String, parts: &mut Vec<String>) {
    let mut s = lead;
    match d.target {
        TargetKind::None => {}
        k => s.push_str(&format!(", {}", target_text(k, &d.filter))),
    }
    parts.push(s);
    if d.unopposable {
        parts.push("Unopposable: any player may be supported, each faction is a side".into());
    }
    if let Some(f) = &d.participants {
        parts.push(format!("Only {} may participate", filter_text(f, "cards")));
    }
    if d.initiate_cost > 0 {
        parts.push(format!("Apply {} influence to initiate", d.initiate_cost));
    }
    for (label, list) in [
        ("Initiated", &d.initiated),
        ("Resolution", &d.resolution),
        ("Won", &d.won),
        ("Lost", &d.lost),
    ] {
        if !list.is_empty() {
            parts.push(format!("{label}: {}", effects_text(list, false)));
        }
    }
    for (n, list) in &d.won_by {
        parts.push(format!("Won by {n}: {}", effects_text(list, false)));
    }
    for (n, list) in &d.lost_by {
        parts.push(format!("Lost by {n}: {}", effects_text(list, false)));
    }
}

fn capital_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
