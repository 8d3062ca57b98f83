//! The effect interpreter (Advanced Details about playing cards: effects are
//! independent unless THEN or BOTH makes them dependent; Lasting and
//! Sustainable Effects: durations).

use rand::Rng;
use smallvec::SmallVec;

use crate::card::def::{CardDef, CardType};
use crate::card::effect::{CardSel, Condition, Duration, Effect, Op, Who};
use crate::game::event::{Event, Events};
pub(crate) use crate::game::held::Ctx;
use crate::game::state::{
    flag, Game, ModKind, Modifier, Outcome, Role, Target, Until, Zone, NOBODY,
};
use crate::ids::{CardId, ConflictId, PlayerId};

impl Ctx {
    pub fn new(controller: PlayerId, source: CardId, target: Target) -> Ctx {
        Ctx {
            controller,
            source,
            target,
            second: CardId::NONE,
            conflict: None,
            attacker: CardId::NONE,
            margin: 0,
            from_conflict: false,
            sustainable: false,
        }
    }

    pub fn in_conflict(mut self, id: ConflictId) -> Ctx {
        self.conflict = Some(id);
        self
    }

    /// With the card's second target (Legal Targets).
    pub fn with_second(mut self, second: CardId) -> Ctx {
        self.second = second;
        self
    }
}

type Players = SmallVec<[PlayerId; 6]>;
type Cards = SmallVec<[CardId; 8]>;

impl Game {
    /// Runs an effect list. With `both`, nothing happens unless every effect
    /// can happen (the BOTH rule); an effect marked THEN happens only if the
    /// one before it did (the THEN rule); otherwise effects are independent.
    pub(crate) fn run_effects(
        &mut self,
        effects: &[Effect],
        both: bool,
        ctx: &Ctx,
        ev: &mut Events,
    ) {
        if both && !effects.iter().all(|e| self.effect_possible(e, ctx)) {
            return;
        }
        let mut prev = true;
        for e in effects {
            if e.then && !prev {
                prev = false;
                continue;
            }
            if let Some(c) = &e.condition {
                if !self.condition_holds(c, ctx) {
                    prev = false;
                    continue;
                }
            }
            prev = match &e.amount {
                None => self.run_op_noted(&e.op, ctx, ev),
                Some(a) => {
                    let v = self.amount(a, ctx);
                    match e.op.with_n(v) {
                        Some(op) => self.run_op_noted(&op, ctx, ev),
                        None => self.run_op_noted(&e.op, ctx, ev),
                    }
                }
            };
        }
    }

    pub(crate) fn who_players(&self, w: Who, ctx: &Ctx) -> Players {
        let mut v = Players::new();
        let live = |p: usize| !self.players[p].eliminated;
        match w {
            Who::Me => {
                if (ctx.controller as usize) < self.players.len() {
                    v.push(ctx.controller)
                }
            }
            Who::Target => v = self.target_players(ctx.target),
            Who::Each => v.extend(
                (0..self.players.len())
                    .filter(|&p| live(p))
                    .map(|p| p as PlayerId),
            ),
            Who::Others => v.extend(
                (0..self.players.len())
                    .filter(|&p| live(p) && p != ctx.controller as usize)
                    .map(|p| p as PlayerId),
            ),
            Who::Leader => {
                if let Some(c) = ctx
                    .conflict
                    .filter(|k| (k.0 as usize) < self.conflicts.len())
                {
                    if let Some(l) = self.side_leader(c) {
                        v.push(l);
                    }
                }
            }
        }
        v
    }

    pub(crate) fn sel_cards(&self, sel: CardSel, ctx: &Ctx) -> Cards {
        let mut v = Cards::new();
        let on_table = |c: CardId| c.some().is_some_and(|c| self.c(c).zone.on_table());
        match sel {
            CardSel::Target => {
                // A targeted agenda or attached card is in play off the table.
                if let Target::Card(c) = ctx.target {
                    if c.some().is_some_and(|c| self.c(c).zone.in_play()) {
                        v.push(c);
                    }
                }
            }
            CardSel::Second => {
                // Like the first target, it may be in play off the table.
                if ctx.second.some().is_some_and(|c| self.c(c).zone.in_play()) {
                    v.push(ctx.second);
                }
            }
            CardSel::Ambassador(w) => {
                for p in self.who_players(w, ctx) {
                    v.push(self.players[p as usize].ambassador);
                }
            }
            CardSel::This => {
                if ctx.source.some().is_some_and(|s| self.c(s).zone.in_play()) {
                    v.push(ctx.source);
                }
            }
            CardSel::Attached => {
                if let Some(s) = ctx.source.some() {
                    let h = self.c(s).host;
                    if on_table(h) {
                        v.push(h);
                    }
                }
            }
            CardSel::Attacker => {
                if on_table(ctx.attacker) {
                    v.push(ctx.attacker);
                }
            }
            CardSel::Supporters | CardSel::Opposers => {
                if let Some(k) = ctx.conflict.and_then(|c| self.conflicts.get(c.0 as usize)) {
                    for p in k.participants.iter() {
                        let want = match p.role {
                            Role::Support(_) => sel == CardSel::Supporters,
                            Role::Oppose => sel == CardSel::Opposers,
                            Role::Attack => false,
                        };
                        if want && on_table(p.card) && !v.contains(&p.card) {
                            v.push(p.card);
                        }
                    }
                }
            }
        }
        v
    }

    /// Whether an effect could happen now (for the BOTH rule).
    pub(crate) fn effect_possible(&self, e: &Effect, ctx: &Ctx) -> bool {
        if let Some(c) = &e.condition {
            if !self.condition_holds(c, ctx) {
                return false;
            }
        }
        if let Some(sel) = e.card_sel() {
            let cards = self.sel_cards(sel, ctx);
            if cards.is_empty() {
                return false;
            }
            return cards.iter().all(|&c| {
                let ci = self.c(c);
                match e.op {
                    Op::Rotate { .. } => !ci.rotated() && !ci.neutralized(),
                    Op::Ready { .. } => ci.rotated(),
                    Op::Heal { .. } | Op::FullHeal { .. } => {
                        ci.damage > 0 || ci.severe > 0 || ci.neutralized()
                    }
                    Op::RemoveDamage { .. } => ci.damage > 0,
                    Op::Neutralize { .. } => !ci.neutralized(),
                    // Glossary, Irrevocable: never the target of a card
                    // that makes it leave play.
                    Op::Discard { card } | Op::ReturnToHand { card }
                        if card.is_target() && self.irrevocable(c) =>
                    {
                        false
                    }
                    Op::Discard { .. } => {
                        !self.is_ambassador(c)
                            && !self.card_cannot(c, crate::card::effect::Cannot::BeDiscarded, None)
                            && !self.is_major_agenda_in_play(c)
                    }
                    Op::ReturnToHand { .. } => !self.is_ambassador(c),
                    Op::DiscardAmbassador { .. } => self.may_discard_even_ambassador(c),
                    Op::Damage { .. } => !ci.neutralized(),
                    // Taking tokens off happens only if the card holds them all.
                    Op::Chaos { n, .. } if n < 0 => ci.chaos as i16 >= -(n as i16),
                    Op::Credits { n, .. } if n < 0 => ci.credits as i16 >= -(n as i16),
                    Op::ConvertMark { from, .. } => self.card_marks(c, from) > 0,
                    Op::Blank { .. } => self.may_blank(c),
                    Op::Promote { free, .. } => self.effect_promotion_cost(c, free).is_some(),
                    Op::MoveMark {
                        kind, card, onto, ..
                    } => self.may_move_mark(kind, card, onto, ctx),
                    Op::TransferChaos { card, onto, .. } => {
                        self.may_transfer_chaos(card, onto, ctx)
                    }
                    Op::TransferDamage { card, onto, .. } => {
                        self.may_transfer_damage(card, onto, ctx)
                    }
                    Op::MoveAttached { card, onto } => self.may_move_attached(card, onto, ctx),
                    Op::Attack { ability, by, .. } => self
                        .sel_cards(by, ctx)
                        .first()
                        .is_some_and(|&a| self.effect_attack_legal(a, c, ability)),
                    _ => true,
                }
            });
        }
        match e.op {
            Op::LoseInfluence { who, .. }
            | Op::TransferInfluence { who, .. }
            | Op::TransferToForce { who, .. } => self.who_players(who, ctx).iter().any(|&p| {
                self.players[p as usize].influence > crate::game::influence::INFLUENCE_FLOOR
            }),
            Op::Support { .. } | Op::Opposition { .. } => ctx.conflict.is_some(),
            Op::CancelConflict => ctx.conflict.is_some_and(|k| {
                self.conflicts
                    .get(k.0 as usize)
                    .is_some_and(|c| !self.irrevocable(c.card))
            }),
            Op::DiscardRandom { n, who } => self
                .who_players(who, ctx)
                .iter()
                .any(|&p| self.players[p as usize].hand.len() >= n as usize),
            Op::Draw { who, .. } => self
                .who_players(who, ctx)
                .iter()
                .any(|&p| !self.players[p as usize].deck.is_empty()),
            Op::CrusadeDraw { who, .. } => self
                .who_players(who, ctx)
                .iter()
                .any(|&p| !self.players[p as usize].crusade.is_empty()),
            Op::CancelAttack => self.window.is_some_and(|w| {
                !matches!(
                    w.then,
                    crate::game::state::Continuation::Event { .. }
                        | crate::game::state::Continuation::CardAction { .. }
                )
            }),
            Op::NegateEvent => self.may_negate_event(),
            Op::NegateAction => self.may_negate_action(),
            Op::Surrender { who } => self
                .who_players(who, ctx)
                .iter()
                .any(|&p| self.check_surrender(p, ctx.controller).is_ok()),
            Op::FoundIsa => !self.isa.exists,
            Op::JoinIsa { .. } => self.isa.exists,
            Op::Vote { .. } => self.vote.is_none(),
            Op::Pick { .. } | Op::Modes { .. } | Op::Unless { .. } => self.choice.is_none(),
            Op::TransferPower { who, to, .. } => {
                let takers = self.who_players(to, ctx);
                self.who_players(who, ctx)
                    .iter()
                    .any(|&g| self.power(g) > 0 && takers.iter().any(|&t| t != g))
            }
            Op::ShadowWar { start } => self.may_change_shadow_war(start),
            _ => true,
        }
    }

    pub(crate) fn condition_holds(&self, c: &Condition, ctx: &Ctx) -> bool {
        let p = ctx.controller;
        if (p as usize) >= self.players.len() {
            return false;
        }
        let pl = &self.players[p as usize];
        match c {
            Condition::Marks { kind, cmp } => cmp.holds(self.faction_marks(p, *kind) as i32),
            Condition::Influence(cmp) => cmp.holds(self.influence_rating(p) as i32),
            Condition::Power(cmp) => cmp.holds(self.power(p)),
            Condition::Unrest(cmp) => cmp.holds(pl.unrest as i32),
            Condition::TensionTowardTarget(cmp) => self
                .target_players(ctx.target)
                .first()
                .is_some_and(|&q| cmp.holds(self.tension(p, q) as i32)),
            Condition::AtWar => pl.at_war != 0,
            Condition::InState(kind) => self.in_state_with_anyone(p, *kind),
            Condition::InStateWithTarget(kind) => self
                .target_players(ctx.target)
                .first()
                .is_some_and(|&q| self.in_state(p, q, *kind)),
            Condition::AtWarWithTarget => self
                .target_players(ctx.target)
                .first()
                .is_some_and(|&q| pl.at_war_with(q)),
            // "Controls": the cards `p` controls, in any faction (Factions
            // and Control: a hired mercenary is its bidder's).
            Condition::Controls { filter, cmp } => {
                let n = self
                    .table_cards_controlled(p)
                    .filter(|&c| self.filter_matches(filter, c, p))
                    .count();
                cmp.holds(n as i32)
            }
            Condition::NonPlayer { force, cmp } => cmp.holds(match force {
                crate::card::effect::Force::Babylon5 => self.babylon5,
                crate::card::effect::Force::Shadows => self.shadows,
                crate::card::effect::Force::Vorlons => self.vorlons,
            } as i32),
            Condition::ShadowWar(b) => self.shadow_war == *b,
            Condition::Race(r) => pl.race == *r,
            Condition::Margin(cmp) => cmp.holds(ctx.margin as i32),
            Condition::Chaos(cmp) => cmp.holds(self.chaos_controlled(p) as i32),
            // "Its" ability: an attached card's is its host's.
            Condition::CardAbility { ability, cmp } => self
                .own_card(ctx)
                .is_some_and(|c| cmp.holds(self.ability(c, *ability) as i32)),
            // Corporate Rule 6: credit tokens mean what the card says.
            Condition::Credits(cmp) => self
                .own_card(ctx)
                .is_some_and(|c| cmp.holds(self.credits(c) as i32)),
        }
    }

    /// A card's passive requirements (Requirements), for `p` playing it.
    pub(crate) fn requirements_met(&self, p: PlayerId, card: CardId, def: &CardDef) -> bool {
        self.requirements_met_on(p, card, def, Target::None)
    }

    /// Requirements that may name the card's target ("tension toward the
    /// target", "at war with the target").
    pub(crate) fn requirements_met_on(
        &self,
        p: PlayerId,
        card: CardId,
        def: &CardDef,
        target: Target,
    ) -> bool {
        let ctx = Ctx::new(p, card, target);
        def.requires.iter().all(|c| match c {
            // Advanced Details, Requirements: "You cannot use cards that
            // other players control to meet requirements"; a card you
            // control in another faction may (Factions and Control: "you
            // can use it for actions or to meet requirements").
            Condition::Marks { kind, cmp } if self.foreign_control => {
                cmp.holds(self.controlled_marks(p, *kind) as i32)
            }
            Condition::Controls { filter, cmp } if self.foreign_control => {
                let n = self
                    .table_cards_controlled(p)
                    .filter(|&c| self.filter_matches(filter, c, p))
                    .count();
                cmp.holds(n as i32)
            }
            _ => self.condition_holds(c, &ctx),
        })
    }

    pub(crate) fn push_mod(&mut self, card: CardId, kind: ModKind, duration: Duration, ctx: &Ctx) {
        let until = match duration {
            // Sustained Actions: "If a card which provides a bonus until the
            // end of the turn sustains its action, there is no gap".
            Duration::Turn
                if ctx.sustainable
                    && matches!(kind, ModKind::Add(_) | ModKind::Double(_))
                    && ctx.source.some().is_some_and(|s| self.c(s).rotated()) =>
            {
                Until::TurnOrSustained(ctx.source)
            }
            Duration::Turn => Until::EndOfTurn,
            Duration::WhileRotated => {
                if ctx.source.some().is_some_and(|s| self.c(s).rotated()) {
                    Until::WhileRotated(ctx.source)
                } else {
                    Until::EndOfTurn
                }
            }
            Duration::Conflict => match ctx.conflict {
                Some(c) => Until::Conflict(c),
                None => Until::EndOfTurn,
            },
            Duration::Permanent | Duration::Printed => Until::Permanent,
            Duration::WhileInPlay => match ctx.source.some() {
                Some(s) if self.c(s).zone.in_play() => Until::WhileInPlay(s),
                _ => Until::EndOfTurn,
            },
        };
        let kind = match (kind, duration) {
            (ModKind::Add(b), Duration::Printed) => ModKind::Printed(b),
            (k, _) => k,
        };
        self.mods.push(Modifier { card, kind, until });
        self.abilities_changed = true;
    }

    /// Carries out one effect verb; returns whether it happened.
    pub(crate) fn run_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match *op {
            Op::GainInfluence { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.gain_influence(p, n as i16, ev);
                    if ctx.from_conflict {
                        let k = ctx.conflict.unwrap_or(ConflictId(0));
                        self.fire_trigger(
                            crate::card::effect::Trigger::GainedInfluenceFromConflict,
                            CardId::NONE,
                            p,
                            k,
                            ev,
                        );
                    }
                }
                !ps.is_empty() && n > 0
            }
            Op::LoseInfluence { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    any |= self.lose_influence(p, n as i16, ev) > 0;
                }
                any
            }
            Op::TransferInfluence { n, who, to } => {
                let Some(&dst) = self.who_players(to, ctx).first() else {
                    return false;
                };
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    if p != dst {
                        any |= self.transfer_influence(p, dst, n as i16, ev) > 0;
                    }
                }
                any
            }
            // Glossary, Transfer: to an entity such as the Shadows.
            Op::TransferToForce { n, who, force } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    let moved = self.lose_influence(p, n as i16, ev);
                    if moved > 0 {
                        self.change_non_player(force, moved, ev);
                        any = true;
                    }
                }
                any
            }
            Op::Restore { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    any |= self.restore_influence(p, n as i16) > 0;
                }
                any
            }
            Op::ExtraInfluence { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.players[p as usize].extra += n as i16;
                }
                !ps.is_empty()
            }
            Op::GainPower { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.change_power(p, n as i16, ev);
                }
                !ps.is_empty()
            }
            Op::LosePower { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.change_power(p, -(n as i16), ev);
                }
                !ps.is_empty()
            }
            Op::Tension {
                n,
                who,
                toward,
                mutual,
            } => {
                let a = self.who_players(who, ctx);
                let b = self.who_players(toward, ctx);
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        if x != y {
                            any = true;
                            self.change_tension(x, y, n as i16, ev);
                            if mutual {
                                self.change_tension(y, x, n as i16, ev);
                            }
                        }
                    }
                }
                any
            }
            Op::TensionRace {
                n,
                who,
                race,
                mutual,
            } => {
                let a = self.who_players(who, ctx);
                let b: Players = (0..self.players.len() as PlayerId)
                    .filter(|&q| {
                        self.players[q as usize].race == race
                            && !self.players[q as usize].eliminated
                    })
                    .collect();
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        if x != y {
                            any = true;
                            self.change_tension(x, y, n as i16, ev);
                            if mutual {
                                self.change_tension(y, x, n as i16, ev);
                            }
                        }
                    }
                }
                any
            }
            Op::Unrest { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    self.change_unrest(p, n as i16, ev);
                }
                !ps.is_empty()
            }
            Op::NonPlayer { force, n } => {
                self.change_non_player(force, n as i16, ev);
                true
            }
            Op::Draw { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    for _ in 0..n {
                        any |= self.draw_card(
                            p,
                            crate::game::event::Cause::Effect { card: ctx.source },
                            ev,
                        );
                    }
                }
                any
            }
            Op::CrusadeDraw { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    for _ in 0..n {
                        if let Some(top) = self.players[p as usize].crusade.last() {
                            self.move_card(top, Zone::Hand, p, ev);
                            ev.push(Event::Drew {
                                player: p,
                                card: top,
                                cause: crate::game::event::Cause::Effect { card: ctx.source },
                            });
                            any = true;
                        }
                    }
                }
                any
            }
            Op::DiscardRandom { n, who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    for _ in 0..n {
                        let len = self.players[p as usize].hand.len();
                        if len == 0 {
                            break;
                        }
                        let i = self.rng.random_range(0..len);
                        let c = self
                            .iter_pile(self.players[p as usize].hand)
                            .nth(i)
                            .expect("i < the hand's length");
                        self.move_card(c, Zone::Discard, p, ev);
                        ev.push(Event::DiscardedFromHand {
                            player: p,
                            card: c,
                            cause: crate::game::event::Cause::Effect { card: ctx.source },
                        });
                        any = true;
                    }
                }
                any
            }
            Op::Damage { n, card } => {
                let cs = self.sel_cards(card, ctx);
                for &c in &cs {
                    self.deal_damage(c, n, ev);
                }
                !cs.is_empty()
            }
            Op::Mark { kind, card, count } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.change_marks(c, kind, count, ev);
                }
                any
            }
            Op::State {
                kind,
                who,
                with,
                end,
            } => {
                let a = self.who_players(who, ctx);
                let b = self.who_players(with, ctx);
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        any |= self.set_state(x, y, kind, !end);
                    }
                }
                any
            }
            Op::War { who, with } => {
                let a = self.who_players(who, ctx);
                let b = self.who_players(with, ctx);
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        if x != y && self.declare_war(x, y, false, ev) {
                            any = true;
                            // The Interstellar Alliance, Expulsion.
                            self.isa_war_started(ctx.controller, x, y, ev);
                        }
                    }
                }
                any
            }
            Op::Peace { who, with } => {
                let a = self.who_players(who, ctx);
                let b = self.who_players(with, ctx);
                let mut any = false;
                for &x in &a {
                    for &y in &b {
                        any |= self.end_war(x, y, ev);
                    }
                }
                any
            }
            Op::Bonus {
                bonus,
                card,
                duration,
            } => {
                let cs = self.sel_cards(card, ctx);
                for &c in &cs {
                    self.push_mod(c, ModKind::Add(bonus), duration, ctx);
                }
                !cs.is_empty()
            }
            Op::Double {
                ability,
                card,
                duration,
            } => {
                let cs = self.sel_cards(card, ctx);
                for &c in &cs {
                    self.push_mod(c, ModKind::Double(ability), duration, ctx);
                }
                !cs.is_empty()
            }
            Op::Rotate { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    let ci = self.c(c);
                    if !ci.rotated() && !ci.neutralized() {
                        self.rotate(c);
                        ev.push(Event::Rotated { card: c });
                        any = true;
                    }
                }
                any
            }
            Op::Ready { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    if self.c(c).rotated() {
                        self.ready_card(c);
                        ev.push(Event::Readied { card: c });
                        any = true;
                    }
                }
                any
            }
            Op::Heal { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.heal_effect(c, ev);
                }
                any
            }
            Op::FullHeal { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.full_heal(c, ev);
                }
                any
            }
            Op::RemoveDamage { n, card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    let ci = self.cm(c);
                    let r = n.min(ci.damage);
                    if r > 0 && !ci.neutralized() {
                        ci.damage -= r;
                        // Damage removed: its abilities rise (Neutralization).
                        self.abilities_changed = true;
                        ev.push(Event::Repaired { card: c, amount: r });
                        any = true;
                    }
                }
                any
            }
            Op::Neutralize { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    if !self.c(c).neutralized() {
                        self.neutralize_by_effect(c, ev);
                        any = true;
                    }
                }
                any
            }
            Op::Discard { card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    // An ambassador never leaves play (Ambassadorial Immunity);
                    // nor does a card that cannot be discarded (The Cannot rule).
                    // A Major Agenda cannot be discarded (Major Agendas).
                    // Glossary, Irrevocable: never targeted to leave play.
                    let shielded = card.is_target() && self.irrevocable(c);
                    if !self.is_ambassador(c)
                        && !self.card_cannot(c, crate::card::effect::Cannot::BeDiscarded, None)
                        && !self.is_major_agenda_in_play(c)
                        && !shielded
                    {
                        self.discard_from_play(
                            c,
                            crate::game::event::Cause::Effect { card: ctx.source },
                            ev,
                        );
                        any = true;
                    }
                }
                any
            }
            Op::ReturnToHand { card } => {
                // Rulings 7.4: a conflict that says it returns to your hand
                // "must always be returned" (`conflict_enhancement.rs`).
                if let Some(c) = self.returning_conflict_card(card, ctx) {
                    let owner = self.c(c).owner;
                    self.move_card(c, Zone::Hand, owner, ev);
                    ev.push(Event::ReturnedToHand { card: c });
                    return true;
                }
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    let shielded = card.is_target() && self.irrevocable(c);
                    if !self.is_ambassador(c) && !shielded {
                        let owner = self.c(c).owner;
                        self.move_card(c, Zone::Hand, owner, ev);
                        ev.push(Event::ReturnedToHand { card: c });
                        any = true;
                    }
                }
                any
            }
            Op::Support { n } => match ctx.conflict {
                Some(k) if (k.0 as usize) < self.conflicts.len() => {
                    let kc = &mut self.conflicts[k.0 as usize];
                    let side = if kc.unopposable {
                        ctx.controller
                    } else {
                        kc.initiator
                    };
                    if (side as usize) < crate::game::state::MAX_PLAYERS {
                        // Added support is never negative (a count above
                        // 127 is kept at 127: `docs/limits.md`).
                        kc.extra_support[side as usize] = kc.extra_support[side as usize]
                            .saturating_add(n.min(i8::MAX as u8) as i8);
                    }
                    true
                }
                _ => false,
            },
            Op::Opposition { n } => match ctx.conflict {
                Some(k)
                    if (k.0 as usize) < self.conflicts.len()
                        && !self.conflicts[k.0 as usize].unopposable =>
                {
                    let kc = &mut self.conflicts[k.0 as usize];
                    kc.extra_opposition = kc
                        .extra_opposition
                        .saturating_add(n.min(i8::MAX as u8) as i8);
                    true
                }
                _ => false,
            },
            Op::CancelConflict => match ctx.conflict {
                // Glossary, Irrevocable: it "cannot be negated, cancelled".
                Some(k)
                    if (k.0 as usize) < self.conflicts.len()
                        && !self.irrevocable(self.conflicts[k.0 as usize].card) =>
                {
                    self.cancel_conflict(k, ev);
                    true
                }
                _ => false,
            },
            Op::CancelAttack => match &mut self.window {
                // An event's (card action's) window is not an attack's.
                Some(w)
                    if !matches!(
                        w.then,
                        crate::game::state::Continuation::Event { .. }
                            | crate::game::state::Continuation::CardAction { .. }
                    ) =>
                {
                    w.canceled = true;
                    true
                }
                _ => false,
            },
            Op::Surrender { who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    // "You must surrender to a player of a race with whom
                    // you are at war."
                    if self.check_surrender(p, ctx.controller).is_ok() {
                        self.do_surrender(p, ctx.controller, ev);
                        any = true;
                    }
                }
                any
            }
            Op::Vote { kind, .. } => self.call_vote(op, kind, ctx, ev),
            Op::FoundIsa => self.found_isa(ctx.controller, ev),
            Op::JoinIsa { who } => {
                let mut any = false;
                for p in self.who_players(who, ctx) {
                    any |= self.join_isa(p, ev);
                }
                any
            }
            Op::Chaos { n, card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.change_chaos(c, n, ev);
                }
                any
            }
            Op::Credits { n, card } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.change_credits(c, n, ev);
                }
                any
            }
            Op::Restrict {
                what,
                card,
                who,
                duration,
            } => self.impose(what, card, who, duration, ctx),
            Op::Delayed { when, ref effects } => {
                self.delay(when, effects, ctx);
                true
            }
            Op::Pick { .. } | Op::Modes { .. } => self.start_choice(op, ctx, ev),
            Op::Unless { .. } => self.start_unless(op, ctx, ev),
            Op::VoteRule { rule, who } => self.add_vote_rule(rule, who, ctx),
            Op::ConvertMark {
                from,
                to,
                card,
                count,
            } => {
                let mut any = false;
                for c in self.sel_cards(card, ctx) {
                    any |= self.convert_marks(c, from, to, count, ev);
                }
                any
            }
            Op::DiscardAmbassador { card } => self.discard_even_ambassador(card, ctx, ev),
            Op::SevereDamage { n, card } => self.severe_damage_effect(n, card, ctx, ev),
            Op::SetAbility {
                ability,
                value,
                card,
                duration,
            } => self.set_ability_effect(ability, value, card, duration, ctx),
            Op::SponsorDiscount { n, who } => {
                let ps = self.who_players(who, ctx);
                for &p in &ps {
                    let d = &mut self.players[p as usize].sponsor_discount;
                    *d = d.saturating_add(n);
                }
                n > 0 && !ps.is_empty()
            }
            Op::InfluenceRating { n, who, duration } => self.modify_rating(n, who, duration, ctx),
            Op::Blank { card, duration } => self.blank_effect(card, duration, ctx, ev),
            Op::TransferPower { n, who, to } => self.transfer_power(n, who, to, ctx, ev),
            Op::MoveMark {
                kind,
                card,
                onto,
                count,
            } => self.move_marks(kind, card, onto, count, ctx, ev),
            Op::TransferChaos { card, onto, count } => {
                self.transfer_chaos(card, onto, count, ctx, ev)
            }
            Op::TransferDamage { card, onto, count } => {
                self.transfer_damage(card, onto, count, ctx, ev)
            }
            Op::MoveAttached { card, onto } => self.move_attached(card, onto, ctx, ev),
            Op::UseAs { from, to, card } => self.use_as_effect(from, to, card, ctx),
            Op::PowerToWin { n, who, duration } => self.change_power_needed(n, who, duration, ctx),
            Op::Promote { card, free } => self.promote_effect(card, free, ctx, ev),
            Op::ShadowWar { start } => self.shadow_war_effect(start, ev),
            Op::InfluenceOnlyPower { who, duration } => {
                self.count_only_influence(who, duration, ctx)
            }
            Op::Attack { ability, by, card } => self.effect_attack(ability, by, card, ctx, ev),
            Op::AttackMod { m, card, duration } => self.attack_mod_effect(m, card, duration, ctx),
            Op::Reverse(what) => self.reverse_effects(what, ctx.target, ctx.controller, ev),
            Op::NegateEvent => self.negate_event(),
            Op::NegateAction => self.negate_action(),
        }
    }

    /// Cancels a conflict: it does not resolve, and its card is discarded
    /// (Glossary: Canceled).
    pub(crate) fn cancel_conflict(&mut self, k: ConflictId, ev: &mut Events) {
        let kc = &mut self.conflicts[k.0 as usize];
        if kc.outcome == Outcome::Canceled {
            return;
        }
        kc.outcome = Outcome::Canceled;
        kc.resolved = true;
        let card = kc.card;
        let ini = kc.initiator;
        if let Some(c) = card.some() {
            if self.c(c).zone == Zone::Conflict {
                self.cm(c).flags &= !flag::FACE_DOWN;
                self.move_card(c, Zone::Discard, ini, ev);
            }
        }
        ev.push(Event::ConflictResolved {
            conflict: k,
            outcome: Outcome::Canceled,
            support: 0,
            opposition: 0,
        });
    }

    /// The effect of healing by a card effect: works whether the character
    /// is ready, rotated or neutralized, even neutralized this turn, but not
    /// on an undamaged character (Heal a Character).
    pub(crate) fn heal_effect(&mut self, c: CardId, ev: &mut Events) -> bool {
        let ci = self.c(c);
        if self.db.get(ci.def).card_type != CardType::Character {
            return false;
        }
        let ci = self.cm(c);
        if !ci.neutralized() {
            if ci.damage == 0 {
                return false;
            }
            ci.damage = 0;
        } else if ci.severe > 0 {
            ci.severe -= 1;
        } else {
            ci.flags &= !flag::NEUTRALIZED;
            ci.damage = 0;
        }
        // Healed: its abilities and the bonuses it matches change.
        self.abilities_changed = true;
        ev.push(Event::Healed { card: c });
        true
    }

    /// Fully heal: no damage, no severe damage, face up.
    pub(crate) fn full_heal(&mut self, c: CardId, ev: &mut Events) -> bool {
        let ci = self.cm(c);
        if ci.damage == 0 && ci.severe == 0 && !ci.neutralized() {
            return false;
        }
        ci.damage = 0;
        ci.severe = 0;
        ci.flags &= !flag::NEUTRALIZED;
        // Healed: its abilities and the bonuses it matches change.
        self.abilities_changed = true;
        ev.push(Event::Healed { card: c });
        true
    }

    #[allow(dead_code)]
    pub(crate) fn nobody() -> PlayerId {
        NOBODY
    }
}
