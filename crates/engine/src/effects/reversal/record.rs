//! The recorder: while a recorded card's effects happen (an event's, the
//! contingency just revealed, a conflict's effect text), each verb's
//! changes are noted ([`Change`]), read off the game before and after the
//! verb. What each verb records, and the few that can never be reversed,
//! are decided in [`recordable`] and [`Game::diff`].
//!
//! Only what the verb itself does is recorded; what the rules make follow
//! from it is not, and stays when it is reversed (rulings, Not Meant To
//! Be: neutralization "is a side effect of the damage and not a printed
//! effect"): a card neutralized by damage, the severe damage of the excess,
//! the states a war cancels (States: "the states that were cancelled do not
//! automatically restart"), an expulsion from the ISA a war causes, the
//! Shadow War a faction's influence starts, the cards that leave play with
//! a card (Enhancement Cards) and what a card loses by leaving play.
//!
//! Effects that wait for players (a choice, a vote, an offer to pay to
//! stop them, the trigger window before an attack's damage) are recorded
//! when they happen: the record stays open while they wait
//! ([`Game::waiting_on`]).

use smallvec::SmallVec;

use super::change::{Change, Place};
use super::MAX_CHANGES;
use crate::card::{CardSel, Force, Op, PickFrom, PickPut, Reversible};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Cause, Event, Events};
use crate::game::state::{
    CardInst, Continuation, Game, Modifier, Outcome, Player, Zone, MAX_PLAYERS, NOBODY,
};
use crate::ids::{CardId, ConflictId, PlayerId};

pub(super) type Changes = SmallVec<[Change; MAX_CHANGES]>;

/// Whether the verb's changes can be recorded (and so reversed). The rules
/// name what never can (Engine Rules v1.2, Advanced Details about playing
/// cards, Reversing Effects); the others that cannot are said below.
fn recordable(op: &Op) -> bool {
    match op {
        // Reversing Effects: "it causes a player to look at one or more
        // cards in a deck, Crusade Pile" (a draw looks at its top card).
        Op::Draw { .. } | Op::CrusadeDraw { .. } => false,
        // Reversing Effects: a search looks at the deck and "causes a
        // player to shuffle a deck" (Searching Your Deck: "always
        // reshuffle afterward").
        Op::Pick {
            from: PickFrom::Deck,
            ..
        } => false,
        // Glossary, Removed from the Game: a card removed from the game is
        // out of it for good; nothing brings it back.
        Op::Pick {
            put: PickPut::Remove,
            ..
        } => false,
        // Not named by the rules: an eliminated player is out of the game
        // for good (Elimination from the Game), there is no faction to undo
        // it on.
        Op::Surrender { .. } => false,
        // Not named by the rules: they stop an attack, event or action
        // while it is being made; once its window has closed it is over,
        // and "there is no way to go back in time" (Reversal's example).
        Op::CancelAttack | Op::NegateEvent | Op::NegateAction => false,
        // Not named by the rules: a card withdrawn from a conflict (rulings
        // 5.2, Participants) does not rejoin it; it rotated to take part,
        // and taking part again is an action of its own.
        Op::Withdraw { .. } => false,
        // Not named by the rules: the ISA, once in existence, has no end in
        // the rules, and its members leave it only by expulsion (The
        // Interstellar Alliance); what only its existence allowed (ISA
        // cards played, reserve actions taken) could not be undone.
        Op::FoundIsa | Op::JoinIsa { .. } => false,
        // Not named by the rules: a conquest moves a location and discards
        // what was attached to it, and the grant of influence that follows
        // it belongs to the game; neither has a way back.
        Op::Conquer { .. } | Op::Income { .. } => false,
        // A reversal is kept by the reversing card's own record
        // (`note_reversed`).
        Op::Reverse(_) => false,
        Op::GainInfluence { .. }
        | Op::LoseInfluence { .. }
        | Op::TransferInfluence { .. }
        | Op::TransferToForce { .. }
        | Op::Restore { .. }
        | Op::ExtraInfluence { .. }
        | Op::GainPower { .. }
        | Op::LosePower { .. }
        | Op::Tension { .. }
        | Op::TensionRace { .. }
        | Op::Unrest { .. }
        | Op::NonPlayer { .. }
        | Op::DiscardRandom { .. }
        | Op::Damage { .. }
        | Op::Mark { .. }
        | Op::War { .. }
        | Op::Peace { .. }
        | Op::Bonus { .. }
        | Op::Double { .. }
        | Op::Rotate { .. }
        | Op::Ready { .. }
        | Op::Heal { .. }
        | Op::FullHeal { .. }
        | Op::RemoveDamage { .. }
        | Op::Neutralize { .. }
        | Op::Discard { .. }
        | Op::ReturnToHand { .. }
        | Op::Support { .. }
        | Op::Opposition { .. }
        | Op::CancelConflict
        | Op::Vote { .. }
        | Op::Chaos { .. }
        | Op::Unless { .. }
        | Op::Credits { .. }
        | Op::Restrict { .. }
        | Op::Delayed { .. }
        | Op::Pick { .. }
        | Op::Modes { .. }
        | Op::ChoosePlayer { .. }
        | Op::ConvertMark { .. }
        | Op::VoteRule { .. }
        | Op::DiscardAmbassador { .. }
        | Op::SevereDamage { .. }
        | Op::SetAbility { .. }
        | Op::SponsorDiscount { .. }
        | Op::InfluenceRating { .. }
        | Op::Blank { .. }
        | Op::TransferPower { .. }
        | Op::MoveMark { .. }
        | Op::TransferChaos { .. }
        | Op::MoveAttached { .. }
        | Op::TransferDamage { .. }
        | Op::UseAs { .. }
        | Op::PowerToWin { .. }
        | Op::Promote { .. }
        | Op::ShadowWar { .. }
        | Op::InfluenceOnlyPower { .. }
        | Op::Attack { .. }
        | Op::AttackMod { .. }
        | Op::State { .. } => true,
        // The type a conflict was initiated as: once it has resolved,
        // nothing reads it; a reversal leaves it.
        Op::ConflictType { .. } => true,
    }
}

/// The cards a verb acts on, in its order (for a transfer or an attack:
/// the giver or attacker first).
fn op_cards(op: &Op) -> [Option<CardSel>; 2] {
    match *op {
        Op::Damage { card, .. }
        | Op::Mark { card, .. }
        | Op::Rotate { card }
        | Op::Ready { card }
        | Op::Heal { card }
        | Op::FullHeal { card }
        | Op::RemoveDamage { card, .. }
        | Op::Neutralize { card }
        | Op::Discard { card }
        | Op::ReturnToHand { card }
        | Op::DiscardAmbassador { card }
        | Op::SevereDamage { card, .. }
        | Op::Promote { card, .. }
        | Op::Chaos { card, .. }
        | Op::Credits { card, .. }
        | Op::ConvertMark { card, .. } => [Some(card), None],
        Op::MoveMark { card, onto, .. }
        | Op::TransferChaos { card, onto, .. }
        | Op::TransferDamage { card, onto, .. }
        | Op::MoveAttached { card, onto } => [Some(card), Some(onto)],
        Op::Attack { by, card, .. } => [Some(by), Some(card)],
        _ => [None, None],
    }
}

/// The game as a verb found it.
struct Before {
    players: SmallVec<[Player; MAX_PLAYERS]>,
    forces: [i16; 3],
    /// The verb's cards, and whether each was an ambassador.
    cards: SmallVec<[(CardId, CardInst, bool); 8]>,
    mods: SmallVec<[Modifier; 16]>,
    delayed: usize,
    next_discounts: usize,
    vote_rules: usize,
    shadow_war: bool,
    conflict: Option<(ConflictId, CardId, [i8; MAX_PLAYERS], i8, Outcome)>,
    events: usize,
}

/// Pairs what some players gave with what others took, in order, as
/// transfers from a giver to a taker.
fn pair(
    gave: &[(PlayerId, i16)],
    took: &[(PlayerId, i16)],
    out: &mut Changes,
    f: fn(PlayerId, PlayerId, i16) -> Change,
) {
    let mut took: SmallVec<[(PlayerId, i16); MAX_PLAYERS]> = SmallVec::from_slice(took);
    for &(g, mut n) in gave {
        for t in took.iter_mut() {
            let m = n.min(t.1);
            if m > 0 {
                out.push(f(g, t.0, m));
                n -= m;
                t.1 -= m;
            }
        }
    }
}

impl Game {
    /// The record, if any, whose effects `source`'s verbs are now.
    fn noting(&self, source: CardId) -> Option<Reversible> {
        let open =
            |r: &Option<super::Record>| matches!(r, Some(r) if r.recording && r.card == source);
        if self.reversal_events.recording(source) {
            Some(Reversible::Event)
        } else if open(&self.reversal) {
            Some(Reversible::Contingency)
        } else if open(&self.reversal_conflict) {
            Some(Reversible::Conflict)
        } else {
            None
        }
    }

    /// Adds one verb's changes to a record, or makes it irreversible (a
    /// verb that cannot be undone, or more than [`MAX_CHANGES`] changes).
    fn note(&mut self, slot: Reversible, out: &[Change], ok: bool) {
        if slot == Reversible::Event {
            self.reversal_events.note(out, ok);
        } else if let Some(r) = self.slot_mut(slot) {
            if ok && r.changes.len() + out.len() <= MAX_CHANGES {
                r.changes.extend_from_slice(out);
            } else {
                r.irreversible = true;
            }
        }
    }

    /// Whether the card's effects still wait for players: a choice or a
    /// vote of the card, or the window before the damage of the attack it
    /// made (`attack`: attacker and target).
    pub(crate) fn waiting_on(&self, card: CardId, attack: [CardId; 2]) -> bool {
        self.choice.is_some_and(|c| c.card == card)
            || self.vote.is_some_and(|v| v.card == card)
            || self.attack_waits(attack)
    }

    /// Whether the window before the attack's damage is open or waiting.
    fn attack_waits(&self, attack: [CardId; 2]) -> bool {
        // Its ability still to be named (`attack_effect.rs`), or its window.
        let naming = self.choice.is_some_and(|c| {
            c.kind == crate::effects::choice::ChoiceKind::AttackAbility
                && [Some(c.attacker), c.target.card()] == attack.map(Some)
        });
        attack[0].some().is_some()
            && (naming
                || self.window.iter().chain(self.window_queue.iter()).any(|w| {
                    matches!(w.then, Continuation::EffectAttack { attacker, target, .. }
                        if [attacker, target] == attack)
                }))
    }

    /// Runs one verb, noting its changes while a recorded card's own
    /// effects happen.
    pub(crate) fn run_op_noted(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        let Some(slot) = self.noting(ctx.source) else {
            return self.run_op(op, ctx, ev);
        };
        let before = self.before(op, ctx, ev.len());
        let happened = self.run_op(op, ctx, ev);
        if !recordable(op) {
            // A search that found nothing has still shuffled the deck.
            if happened || ev.len() > before.events {
                self.note(slot, &[], false);
            }
            return happened;
        }
        // A vote, a choice or an offer to pay runs its own effects (at once
        // or once answered), each verb of them noted by itself.
        if !happened
            || matches!(
                op,
                Op::Vote { .. }
                    | Op::Modes { .. }
                    | Op::Pick { .. }
                    | Op::Unless { .. }
                    | Op::ChoosePlayer { .. }
            )
        {
            return happened;
        }
        let mut out = Changes::new();
        let ok = self.diff(op, ctx, &before, ev, &mut out);
        if let (Op::Attack { .. }, [(a, ..), (t, ..)]) = (op, &before.cards[..]) {
            // Its damage comes after its window: noted then
            // (`exchange_damage_noted`).
            let attack = [*a, *t];
            if self.attack_waits(attack) {
                self.await_attack(slot, attack);
            }
        }
        self.note(slot, &out, ok);
        true
    }

    fn await_attack(&mut self, slot: Reversible, attack: [CardId; 2]) {
        if slot == Reversible::Event {
            self.reversal_events.await_attack(attack);
        } else if let Some(r) = self.slot_mut(slot) {
            r.attack = attack;
        }
    }

    fn before(&self, op: &Op, ctx: &Ctx, events: usize) -> Before {
        let mut cards = SmallVec::new();
        for sel in op_cards(op).into_iter().flatten() {
            for c in self.sel_cards(sel, ctx) {
                cards.push((c, *self.c(c), self.is_ambassador(c)));
            }
        }
        Before {
            players: SmallVec::from_slice(&self.players),
            forces: [self.babylon5, self.shadows, self.vorlons],
            cards,
            mods: SmallVec::from_slice(&self.mods),
            delayed: self.delayed.len(),
            next_discounts: self.next_discounts.len(),
            vote_rules: self.vote_rules.len(),
            shadow_war: self.shadow_war,
            conflict: ctx.conflict.and_then(|k| {
                let kc = self.conflicts.get(k.0 as usize)?;
                Some((
                    k,
                    kc.card,
                    kc.extra_support,
                    kc.extra_opposition,
                    kc.outcome,
                ))
            }),
            events,
        }
    }

    /// The changes the verb made: what it did itself, for the verbs that
    /// do it (transfers as transfers, not as gains and losses: Changes
    /// for Version 1.2). False if something it did cannot be undone.
    fn diff(&self, op: &Op, ctx: &Ctx, b: &Before, ev: &Events, out: &mut Changes) -> bool {
        let mut ok = true;
        self.diff_players(op, b, out);
        self.diff_game(op, ctx, b, out);
        ok &= self.diff_cards(op, b, out);
        // A random discard from the hand: the cards are back in the hand
        // if still in the discard pile.
        if matches!(op, Op::DiscardRandom { .. }) {
            for e in ev[b.events..].iter() {
                if let Event::DiscardedFromHand {
                    card,
                    cause: Cause::Effect { card: src },
                    ..
                } = *e
                {
                    if src == ctx.source {
                        let hand = Place {
                            zone: Zone::Hand,
                            faction: NOBODY,
                            controller: NOBODY,
                            host: CardId::NONE,
                            flags: 0,
                        };
                        out.push(Change::Moved(card, hand, self.place_of(card)));
                    }
                }
            }
        }
        ok
    }

    /// Influence, power, unrest, tension, the pools, war and states.
    fn diff_players(&self, op: &Op, b: &Before, out: &mut Changes) {
        let mut gave: SmallVec<[(PlayerId, i16); MAX_PLAYERS]> = SmallVec::new();
        let mut took: SmallVec<[(PlayerId, i16); MAX_PLAYERS]> = SmallVec::new();
        let mut power_gave = gave.clone();
        let mut power_took = gave.clone();
        for (i, (a, now)) in b.players.iter().zip(self.players.iter()).enumerate() {
            let p = i as PlayerId;
            let d = now.influence - a.influence;
            match *op {
                Op::TransferInfluence { .. } if d < 0 => gave.push((p, -d)),
                Op::TransferInfluence { .. } if d > 0 => took.push((p, d)),
                Op::TransferToForce { force, .. } if d < 0 => {
                    out.push(Change::ForceTransfer(p, force, -d))
                }
                _ if d != 0 => out.push(Change::Influence(p, d)),
                _ => {}
            }
            let d = now.raw_power - a.raw_power;
            match *op {
                Op::TransferPower { .. } if d < 0 => power_gave.push((p, -d)),
                Op::TransferPower { .. } if d > 0 => power_took.push((p, d)),
                _ if d != 0 => out.push(Change::Power(p, d)),
                _ => {}
            }
            if now.unrest != a.unrest {
                out.push(Change::Unrest(p, now.unrest as i16 - a.unrest as i16));
            }
            for q in 0..MAX_PLAYERS {
                if now.tension[q] != a.tension[q] {
                    let d = now.tension[q] as i16 - a.tension[q] as i16;
                    out.push(Change::Tension(p, q as PlayerId, d));
                }
            }
            let pools = match *op {
                Op::Restore { .. } => Some(Change::Spent(p, now.spent - a.spent)),
                Op::ExtraInfluence { .. } => Some(Change::Extra(p, now.extra - a.extra)),
                Op::SponsorDiscount { .. } => Some(Change::Discount(
                    p,
                    now.sponsor_discount as i16 - a.sponsor_discount as i16,
                )),
                _ => None,
            };
            if let Some(ch) = pools.filter(|&ch| ch != ch.inverse()) {
                out.push(ch);
            }
            for q in (i + 1)..self.players.len() {
                let qp = q as PlayerId;
                if matches!(op, Op::War { .. } | Op::Peace { .. })
                    && now.at_war_with(qp) != a.at_war_with(qp)
                {
                    out.push(Change::War(p, qp, now.at_war_with(qp)));
                }
                if matches!(op, Op::State { .. }) {
                    for k in crate::card::StateKind::ALL {
                        let on = now.states[q] & k.bit() != 0;
                        if on != (a.states[q] & k.bit() != 0) {
                            out.push(Change::State(p, qp, k, on));
                        }
                    }
                }
            }
        }
        pair(&gave, &took, out, Change::TransferInfluence);
        pair(&power_gave, &power_took, out, Change::TransferPower);
    }

    /// The non-player factions, the Shadow War, lasting changes,
    /// delayed effects, vote rules and the conflict's support.
    fn diff_game(&self, op: &Op, ctx: &Ctx, b: &Before, out: &mut Changes) {
        let now = [self.babylon5, self.shadows, self.vorlons];
        if !matches!(op, Op::TransferToForce { .. }) {
            let forces = [Force::Babylon5, Force::Shadows, Force::Vorlons];
            for (i, f) in forces.into_iter().enumerate() {
                if now[i] != b.forces[i] {
                    out.push(Change::Force(f, now[i] - b.forces[i]));
                }
            }
        }
        match *op {
            Op::ShadowWar { .. } if self.shadow_war != b.shadow_war => {
                out.push(Change::ShadowWar(self.shadow_war))
            }
            Op::Delayed { when, .. } if self.delayed.len() > b.delayed => {
                out.push(Change::Delayed(ctx.source, when, true))
            }
            Op::SponsorDiscount { to: Some(_), .. } => {
                for d in self.next_discounts.iter().skip(b.next_discounts) {
                    out.push(Change::NextDiscount(d.player, d.source, true));
                }
            }
            Op::VoteRule { .. } => {
                for r in self.vote_rules.iter().skip(b.vote_rules) {
                    out.push(Change::VoteRule(*r, true));
                }
            }
            _ => {}
        }
        if let Some((k, card, sup, opp, outcome)) = b.conflict {
            if let Some(kc) = self.conflicts.get(k.0 as usize) {
                if matches!(op, Op::Support { .. } | Op::Opposition { .. }) {
                    for (side, (x, y)) in sup.iter().zip(kc.extra_support.iter()).enumerate() {
                        if x != y {
                            out.push(Change::Support(k, card, side as PlayerId, y - x));
                        }
                    }
                    if opp != kc.extra_opposition {
                        out.push(Change::Support(k, card, NOBODY, kc.extra_opposition - opp));
                    }
                }
                if matches!(op, Op::CancelConflict) && kc.outcome != outcome {
                    out.push(Change::Canceled(k, card, true));
                }
            }
        }
        // The lasting changes that began (those that ended are what the
        // rules make follow: a blanked card's "while" bonuses).
        let mut old = b.mods.clone();
        for m in self.mods.iter() {
            match old.iter().position(|x| x == m) {
                Some(i) => {
                    old.remove(i);
                }
                None => out.push(Change::Mod(*m, true)),
            }
        }
    }

    /// The verb's cards: where they went, damage, severe damage,
    /// neutralization, marks, rotation and tokens. False if an ambassador
    /// left play (Drakh Rule 3: "you immediately lose the game").
    fn diff_cards(&self, op: &Op, b: &Before, out: &mut Changes) -> bool {
        let moves = matches!(
            op,
            Op::Discard { .. }
                | Op::ReturnToHand { .. }
                | Op::DiscardAmbassador { .. }
                | Op::Promote { .. }
                | Op::MoveAttached { .. }
        );
        let heals = matches!(
            op,
            Op::Heal { .. } | Op::FullHeal { .. } | Op::RemoveDamage { .. }
        );
        let mut ok = true;
        // Transfers between the verb's two cards.
        if let [(from, f, _), (to, ..)] = &b.cards[..] {
            let now = self.c(*from);
            match *op {
                Op::TransferDamage { .. } if now.damage < f.damage => {
                    out.push(Change::MoveDamage(*from, *to, f.damage - now.damage));
                }
                Op::TransferChaos { .. } if now.chaos < f.chaos => {
                    out.push(Change::MoveChaos(*from, *to, f.chaos - now.chaos));
                }
                Op::MoveMark { kind, .. } => {
                    let n = f.marks[kind.idx()] as i16 - now.marks[kind.idx()] as i16;
                    if n > 0 {
                        out.push(Change::MoveMark(*from, *to, kind, n as u8));
                    }
                }
                _ => {}
            }
        }
        if matches!(
            op,
            Op::TransferDamage { .. } | Op::TransferChaos { .. } | Op::MoveMark { .. }
        ) {
            return ok;
        }
        for &(c, a, ambassador) in b.cards.iter() {
            let now = self.c(c);
            if now.zone != a.zone || now.host != a.host {
                if moves {
                    // Ambassadors: a Drakh ambassador leaving play loses
                    // the game at once, which cannot be undone.
                    ok &= !ambassador;
                    let was = Place {
                        zone: a.zone,
                        faction: a.faction,
                        controller: a.controller,
                        host: a.host,
                        flags: a.flags
                            & (crate::game::state::flag::ROTATED
                                | crate::game::state::flag::FACE_DOWN),
                    };
                    out.push(Change::Moved(c, was, self.place_of(c)));
                }
                continue;
            }
            let d = now.damage as i16 - a.damage as i16;
            if d > 0 && !now.neutralized() {
                out.push(Change::Damage(c, d as u8));
            } else if d < 0 && heals && !now.neutralized() {
                out.push(Change::Healed(c, (-d) as u8));
            }
            if matches!(
                op,
                Op::SevereDamage { .. } | Op::Heal { .. } | Op::FullHeal { .. }
            ) && now.severe != a.severe
            {
                let d = (now.severe as i16 - a.severe as i16).clamp(i8::MIN as i16, i8::MAX as i16);
                out.push(Change::Severe(c, d as i8));
            }
            match (op, a.neutralized(), now.neutralized()) {
                (Op::Neutralize { .. }, false, true) => out.push(Change::Neutral(c, true)),
                (Op::Heal { .. } | Op::FullHeal { .. }, true, false) => {
                    out.push(Change::Neutral(c, false))
                }
                _ => {}
            }
            if matches!(op, Op::Mark { .. } | Op::ConvertMark { .. }) {
                for k in crate::card::MarkKind::ALL {
                    let d = now.marks[k.idx()] as i16 - a.marks[k.idx()] as i16;
                    if d != 0 {
                        out.push(Change::Mark(c, k, d as i8));
                    }
                }
            }
            match (a.rotated(), now.rotated()) {
                (false, true) => out.push(Change::Rotated(c)),
                (true, false) => out.push(Change::Readied(c)),
                _ => {}
            }
            let d = now.chaos as i16 - a.chaos as i16;
            if matches!(op, Op::Chaos { .. }) && d != 0 {
                out.push(Change::Chaos(c, d as i8));
            }
            let d = now.credits as i16 - a.credits as i16;
            if matches!(op, Op::Credits { .. }) && d != 0 {
                out.push(Change::Credits(c, d as i8));
            }
        }
        ok
    }

    /// Where a card chosen by a pick of `source` is before it is put where
    /// the pick puts it, while `source`'s effects are recorded.
    pub(crate) fn picked_from(&self, source: CardId, card: CardId) -> Option<Place> {
        self.noting(source).map(|_| self.place_of(card))
    }

    /// Notes where a card chosen by a pick went (`picked_from`).
    pub(crate) fn note_picked(&mut self, source: CardId, card: CardId, from: Option<Place>) {
        let (Some(from), Some(slot)) = (from, self.noting(source)) else {
            return;
        };
        let to = self.place_of(card);
        if to.zone != from.zone || to.host != from.host {
            self.note(slot, &[Change::Moved(card, from, to)], true);
        }
    }

    /// The damage of an attack made by a recorded card's effect, after its
    /// window (rulings, Not Meant To Be on Lashing Out: reversed, "Normal
    /// damage (but not neutralization or severe damage) is removed from
    /// both Characters").
    pub(crate) fn exchange_damage_noted(
        &mut self,
        attacker: CardId,
        target: CardId,
        ability: crate::card::Ability,
        ev: &mut Events,
    ) {
        let attack = [attacker, target];
        let slot = if self.reversal_events.awaits(attack) {
            Some(Reversible::Event)
        } else {
            [Reversible::Contingency, Reversible::Conflict]
                .into_iter()
                .find(|&w| matches!(self.slot(w), Some(r) if r.recording && r.attack == attack))
        };
        let before = [self.c(attacker).damage, self.c(target).damage];
        self.exchange_damage(
            attacker,
            target,
            crate::effects::attack_effect::NO_CONFLICT,
            ability,
            ev,
        );
        let Some(slot) = slot else {
            return;
        };
        let mut out = Changes::new();
        for (c, d) in attack.into_iter().zip(before) {
            let ci = self.c(c);
            if ci.damage > d && !ci.neutralized() {
                out.push(Change::Damage(c, ci.damage - d));
            }
        }
        self.note(slot, &out, true);
    }
}
