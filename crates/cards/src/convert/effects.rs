//! Effects (`docs/card-format.md`, Effects): one effect table is one verb
//! with the modifiers that verb takes. This module finds the verb, checks
//! its modifiers, hands it to its family (`effects/`: influence, cards,
//! conflicts, politics, choices, rules and the rules' own vocabulary, as
//! the engine's `effects/verbs/` groups them) and checks what the whole
//! effect refers to; [`effects`] checks an effect list (Votes, Choices,
//! Attacks made by effects: what must come last).

use std::cell::Cell;

use b5_engine::{Amount, CardSel, Duration, Effect, Op, TargetKind, Who};
use toml::Spanned;

use super::{
    amount_any, condition_any, one_of, refuse_chosen, verb_num, At, CARDS, DURATIONS, WHOS,
};
use crate::error::LoadError;
use crate::raw::{RawEffect, RawEffects, RawNum};

mod cards;
mod choices;
mod conflicts;
mod influence;
mod politics;
mod rules;
mod vocabulary;

/// What an effect list may refer to.
#[derive(Clone, Copy)]
pub(super) struct Refs {
    pub(super) card_target: bool,
    pub(super) player_target: bool,
    /// The card has a second target (Legal Targets).
    pub(super) second: bool,
    /// The list is a watching trigger's: `that` names the card it matched
    /// and its player.
    pub(super) that: bool,
    /// The list is a `choose_player`'s `each`: `chosen` names the player
    /// chosen.
    pub(super) chosen: bool,
    /// The list is a pick's `after`: `chosen` names the cards it chose.
    pub(super) picked: bool,
}

pub(super) const ANY_REFS: Refs = Refs {
    card_target: true,
    player_target: true,
    second: false,
    that: false,
    chosen: false,
    picked: false,
};

/// The refs of a watching trigger's effects (`Trigger::watches`): no
/// target; `that` in one about a card.
pub(super) const fn watch_refs(about_card: bool) -> Refs {
    Refs {
        card_target: false,
        player_target: false,
        second: false,
        that: about_card,
        chosen: false,
        picked: false,
    }
}

pub(super) fn refs_for(t: TargetKind) -> Refs {
    Refs {
        card_target: t == TargetKind::Card,
        player_target: !matches!(t, TargetKind::None | TargetKind::Event),
        second: false,
        that: false,
        chosen: false,
        picked: false,
    }
}

/// The refs of a card's own effect list, with its second target if any.
pub(super) fn refs_with(t: TargetKind, second: &Option<b5_engine::SecondTarget>) -> Refs {
    Refs {
        second: second.is_some(),
        ..refs_for(t)
    }
}

/// A player word (`default` when left out); `chosen` only in the effects
/// of a `choose_player` (`at` names the field).
fn player_word(at: &At, s: Option<&String>, default: Who, refs: Refs) -> Result<Who, LoadError> {
    match s.map(String::as_str) {
        None => Ok(default),
        Some("chosen") if refs.chosen => Ok(Who::Chosen),
        Some("chosen") => Err(at.err(
            "`chosen` names the player a `choose_player` chose: only the effects in its `each` may name him",
        )),
        Some(s) => one_of(at, "player", s, Who::parse, WHOS),
    }
}

/// What every verb's conversion reads: where the verb sits (`at` names
/// it), the raw effect, its verb, its player (`who`), what it may refer to,
/// and the amount its number gave when written as one (set by
/// [`VerbCx::num`]).
struct VerbCx<'a, 'b> {
    at: At<'a>,
    e: &'b RawEffect,
    verb: &'static str,
    who: Who,
    refs: Refs,
    amount: Cell<Option<Amount>>,
}

impl VerbCx<'_, '_> {
    /// A player named by the modifier `name` (`default` when left out).
    fn whom(&self, s: Option<&String>, name: &str, default: Who) -> Result<Who, LoadError> {
        player_word(&self.at.sub(name), s, default, self.refs)
    }

    /// The card the verb acts on (`card`; the target when left out).
    fn sel(&self) -> Result<CardSel, LoadError> {
        match &self.e.card {
            None => Ok(CardSel::Target),
            Some(s) => one_of(
                &self.at.sub("card"),
                "card",
                s,
                |x| CardSel::parse(x, self.who),
                CARDS,
            ),
        }
    }

    /// How long the effect lasts (`duration`; the turn when left out).
    fn dur(&self) -> Result<Duration, LoadError> {
        let d = match &self.e.duration {
            None => Duration::Turn,
            Some(s) => one_of(
                &self.at.sub("duration"),
                "duration",
                s,
                Duration::parse,
                DURATIONS,
            )?,
        };
        if d == Duration::Attack && self.verb != "attack_mod" {
            return Err(self.at.sub("duration").err(format!(
                "only a change to attack damage (attack_mod) lasts for one attack; `{}` lasts turn, while-rotated, conflict, permanent or while-in-play",
                self.verb
            )));
        }
        Ok(d)
    }

    /// The verb's number within `lo..=hi`, or 0 with the amount kept.
    fn num(&self, v: &Option<RawNum>, lo: i64, hi: i64) -> Result<i64, LoadError> {
        let (n, a) = verb_num(&self.at, v.as_ref().unwrap(), lo, hi)?;
        self.amount.set(a);
        Ok(n)
    }

    /// A verb written `verb = true`.
    fn flag(&self, v: Option<bool>) -> Result<(), LoadError> {
        if v == Some(false) {
            Err(self.at.err(format!(
                "write `{} = true` (or leave the effect out)",
                self.verb
            )))
        } else {
            Ok(())
        }
    }

    /// Whether the verb's number was an amount.
    fn has_amount(&self) -> bool {
        let a = self.amount.take();
        let has = a.is_some();
        self.amount.set(a);
        has
    }
}

/// The one verb of an effect table.
fn verb_of(at: &At, e: &RawEffect) -> Result<&'static str, LoadError> {
    let mut verbs: Vec<&'static str> = Vec::new();
    macro_rules! has {
        ($($f:ident),*) => { $( if e.$f.is_some() { verbs.push(stringify!($f)); } )* };
    }
    has!(
        gain_influence,
        lose_influence,
        transfer_influence,
        restore,
        extra_influence,
        gain_power,
        lose_power,
        tension,
        tension_to,
        unrest,
        babylon5,
        shadows,
        vorlons,
        draw,
        crusade_draw,
        discard_random,
        damage,
        mark,
        war,
        peace,
        bonus,
        double,
        rotate,
        ready,
        heal,
        full_heal,
        remove_damage,
        neutralize,
        discard,
        return_to_hand,
        support,
        opposition,
        cancel_conflict,
        conflict_type,
        withdraw,
        cancel_attack,
        surrender,
        vote,
        found_isa,
        join_isa,
        chaos,
        credits,
        cannot,
        later,
        unless_paid,
        search,
        choose,
        choose_one,
        choose_player,
        convert_mark,
        vote_rule,
        discard_ambassador,
        severe_damage,
        set,
        becomes,
        sponsor_discount,
        influence_rating,
        blank,
        transfer_power,
        move_mark,
        transfer_chaos,
        transfer_damage,
        move_attached,
        use_ability,
        power_to_win,
        promote,
        conquer,
        extra_influence_each_turn,
        shadow_war,
        count_only_influence,
        attack,
        attack_mod,
        reverse,
        negate,
        start_state,
        end_state
    );
    if verbs.len() != 1 {
        return Err(at.err(if verbs.is_empty() {
            "an effect needs exactly one verb (e.g. gain_influence, damage, bonus)".to_string()
        } else {
            format!(
                "an effect has exactly one verb, this one has {}",
                verbs.join(", ")
            )
        }));
    }
    Ok(verbs[0])
}

/// Refuses a modifier the verb does not take (`at` names the verb).
fn modifiers(at: &At, e: &RawEffect, verb: &str) -> Result<(), LoadError> {
    // Modifiers each verb accepts.
    let allowed: &[&str] = match verb {
        "gain_influence" | "lose_influence" | "restore" | "extra_influence" | "gain_power"
        | "lose_power" | "unrest" | "draw" | "crusade_draw" | "discard_random" => &["who"],
        "transfer_influence" => &["who", "to"],
        "tension" => &["who", "toward", "toward_race", "toward_race_of", "mutual"],
        "tension_to" => &["who", "toward", "mutual"],
        "war" | "peace" | "start_state" | "end_state" => &["who", "with"],
        "mark" => &["card", "count", "who"],
        "bonus" => &["card", "duration", "who", "amount"],
        "double" => &["card", "duration", "who"],
        "cannot" => &["card", "duration", "who", "cards"],
        "severe_damage" => &["card", "who"],
        "set" | "becomes" => &["card", "duration", "who"],
        "sponsor_discount" => &["who", "filter"],
        "influence_rating" => &["who", "duration"],
        "attack" => &["by", "card", "who"],
        "attack_mod" => &["card", "duration", "who"],
        "later" => &["effects"],
        "unless_paid" => &["who", "effects"],
        "choose_one" => &["who"],
        "choose_player" => &["who", "except", "at_war_with", "each"],
        "search" => &["filter", "put", "up_to", "each", "show", "after"],
        "choose" => &["filter", "put", "up_to", "each", "after"],
        "convert_mark" => &["into", "card", "count", "who"],
        "vote_rule" => &["who", "count", "next"],
        "damage" | "rotate" | "ready" | "heal" | "full_heal" | "remove_damage" | "neutralize"
        | "discard" | "return_to_hand" | "chaos" | "credits" | "discard_ambassador"
        | "withdraw" => &["card", "who"],
        "surrender" => &["who"],
        "join_isa" => &["who"],
        "blank" => &["card", "duration", "who"],
        "transfer_power" => &["who", "to"],
        "move_mark" => &["card", "onto", "count", "who"],
        "transfer_chaos" => &["card", "onto", "who"],
        "transfer_damage" => &["card", "onto", "who"],
        "move_attached" => &["card", "onto", "who"],
        "use_ability" => &["as", "card", "who"],
        "power_to_win" => &["who", "duration"],
        "promote" => &["card", "free", "who"],
        "conquer" => &["card"],
        "extra_influence_each_turn" => &["card", "who"],
        "count_only_influence" => &["who", "duration"],
        _ => &[],
    };
    if verb != "unless_paid" && e.pooled.is_some() {
        return Err(at.err("`pooled` applies only to `unless_paid`"));
    }
    if verb != "vote" {
        for (m, p) in [("pass", e.pass.is_some()), ("fail", e.fail.is_some())] {
            if p {
                return Err(at.err(format!("`{m}` applies only to `vote`")));
            }
        }
    }
    let present: [(&str, bool); 27] = [
        ("onto", e.onto.is_some()),
        ("as", e.as_ability.is_some()),
        ("free", e.free.is_some()),
        ("by", e.by.is_some()),
        ("filter", e.filter.is_some()),
        ("put", e.put.is_some()),
        ("up_to", e.up_to.is_some()),
        ("each", e.each.is_some()),
        ("after", e.after.is_some()),
        ("show", e.show.is_some()),
        ("into", e.into.is_some()),
        ("cards", e.cards.is_some()),
        ("who", e.who.is_some()),
        ("to", e.to.is_some()),
        ("toward", e.toward.is_some()),
        ("toward_race", e.toward_race.is_some()),
        ("toward_race_of", e.toward_race_of.is_some()),
        ("mutual", e.mutual.is_some()),
        ("with", e.with.is_some()),
        ("card", e.card.is_some()),
        ("count", e.count.is_some()),
        ("next", e.next.is_some()),
        ("duration", e.duration.is_some()),
        ("amount", e.amount.is_some()),
        ("effects", e.effects.is_some()),
        ("except", e.except.is_some()),
        ("at_war_with", e.at_war_with.is_some()),
    ];
    for (m, p) in present {
        if p && !allowed.contains(&m) {
            return Err(at.err(format!("`{m}` does not apply to `{verb}`")));
        }
    }
    Ok(())
}

/// One effect table into an [`Effect`]: its verb, the modifiers it
/// takes, the verb's family, then what the effect refers to.
fn effect(at: &At, se: &Spanned<RawEffect>, refs: Refs) -> Result<Effect, LoadError> {
    let at = At {
        src: at.src,
        field: at.field.clone(),
        span: se.span(),
    };
    let e = se.get_ref();
    let verb = verb_of(&at, e)?;
    let at = at.sub(verb);
    modifiers(&at, e, verb)?;
    let w = player_word(&at.sub("who"), e.who.as_ref(), Who::Me, refs)?;
    let cx = VerbCx {
        at,
        e,
        verb,
        who: w,
        refs,
        amount: Cell::new(None),
    };
    let op = match verb {
        "gain_influence"
        | "lose_influence"
        | "transfer_influence"
        | "restore"
        | "extra_influence"
        | "extra_influence_each_turn"
        | "gain_power"
        | "lose_power"
        | "tension"
        | "tension_to"
        | "unrest"
        | "babylon5"
        | "shadows"
        | "vorlons"
        | "sponsor_discount"
        | "influence_rating" => influence::op(&cx)?,
        "draw" | "crusade_draw" | "discard_random" | "damage" | "mark" | "bonus" | "double"
        | "rotate" | "ready" | "heal" | "full_heal" | "remove_damage" | "neutralize"
        | "discard" | "return_to_hand" | "discard_ambassador" | "chaos" | "credits"
        | "convert_mark" | "severe_damage" | "set" | "becomes" => cards::op(&cx)?,
        "support" | "opposition" | "cancel_conflict" | "conflict_type" | "withdraw"
        | "cancel_attack" | "attack" | "attack_mod" => conflicts::op(&cx)?,
        "war" | "start_state" | "end_state" | "peace" | "surrender" | "vote" | "found_isa"
        | "join_isa" | "vote_rule" => politics::op(&cx)?,
        "search" | "choose" | "choose_one" | "choose_player" | "unless_paid" => choices::op(&cx)?,
        "later" | "cannot" | "reverse" | "negate" => rules::op(&cx)?,
        "blank"
        | "transfer_power"
        | "move_mark"
        | "transfer_chaos"
        | "transfer_damage"
        | "move_attached"
        | "use_ability"
        | "power_to_win"
        | "promote"
        | "conquer"
        | "shadow_war"
        | "count_only_influence" => vocabulary::op(&cx)?,
        _ => unreachable!("every verb is listed above"),
    };
    let mut amt = cx.amount.into_inner();
    let at = cx.at;
    if let Some(a) = &e.amount {
        // `bonus = { military = 1 }, amount = ...`: the bonus times the amount.
        amt = Some(amount_any(&at.sub("amount"), a)?);
    }
    let out = Effect {
        op,
        amount: amt,
        then: e.then.unwrap_or(false),
        condition: e
            .condition
            .as_ref()
            .map(|c| condition_any(&at.sub("if"), c))
            .transpose()?,
    };
    // The effects in a `choose_player`'s `each` name the player chosen in
    // their numbers and conditions too; the verbs' own words are checked
    // by `player_word`.
    if !refs.chosen {
        // The number is the verb's own value, or its `amount`.
        let amount_at = match e.amount {
            Some(_) => at.sub("amount"),
            None => at.clone(),
        };
        refuse_chosen(
            &amount_at,
            out.amount.as_ref().is_some_and(|a| a.uses_who(Who::Chosen)),
        )?;
        refuse_chosen(
            &at.sub("if"),
            out.condition
                .as_ref()
                .is_some_and(|c| c.uses_who(Who::Chosen)),
        )?;
    }
    if out.uses_card_target() && !refs.card_target {
        return Err(at.err(
            "refers to card = \"target\" but the card has no card target (set target = \"card\")",
        ));
    }
    if out.uses_player_target() && !refs.player_target {
        return Err(at.err("refers to who = \"target\" but the card has no target (set target)"));
    }
    if (out.uses_sel(CardSel::That) || out.uses_who(Who::That)) && !refs.that {
        return Err(at.err(
            "`that` names the card a watching trigger matched and its player (a trigger `sponsored`, `discarded-from-play` or `neutralized` of a card in play); this effect is not in one",
        ));
    }
    // A pick's own `after` was read with `chosen` allowed.
    if out.uses_sel(CardSel::Chosen) && !refs.picked && !matches!(out.op, Op::Pick { .. }) {
        return Err(at.err(
            "`chosen` names the cards a `choose` or `search` chose, in its `after` (e.g. after = [{ draw = { cards = \"chosen\" } }]); this effect is not in one",
        ));
    }
    if out.uses_second() && !refs.second {
        return Err(at.err(
            "refers to card = \"second\" but the card has no second target (set second_target, on an event, an aftermath or a card action)",
        ));
    }
    Ok(out)
}

/// An effect list, with what must come last in it.
pub(super) fn effects(at: &At, list: &RawEffects, refs: Refs) -> Result<Vec<Effect>, LoadError> {
    let v: Vec<Effect> = list
        .iter()
        .map(|e| effect(at, e, refs))
        .collect::<Result<_, _>>()?;
    // Votes: a vote ends later, through `pending`; what follows it is its
    // `pass` or `fail` list.
    if let Some(i) = v.iter().position(|e| matches!(e.op, Op::Vote { .. })) {
        if i + 1 != v.len() {
            return Err(at.err(
                "a vote must be the last effect of its list (put what follows in its `pass` or `fail`)",
            ));
        }
    }
    // An attack made by an effect may wait for a contingency window before
    // its damage: nothing may follow it.
    if let Some(i) = v.iter().position(|e| matches!(e.op, Op::Attack { .. })) {
        if i + 1 != v.len() {
            return Err(at.err(
                "an attack must be the last effect of its list (its damage may wait for contingencies)",
            ));
        }
    }
    // Choices (search, choose, choose_one, unless_paid) also end later,
    // through `pending`.
    if let Some(i) = v.iter().position(|e| {
        matches!(
            e.op,
            Op::Pick { .. } | Op::Modes { .. } | Op::Unless { .. } | Op::ChoosePlayer { .. }
        )
    }) {
        if i + 1 != v.len() {
            return Err(at.err(
                "a search, a choice of cards or of a player, a \"choose one\" or an `unless_paid` must be the last effect of its list (put what follows in its `each`, its modes or its `effects`)",
            ));
        }
    }
    Ok(v)
}
