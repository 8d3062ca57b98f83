//! The effect interpreter (Advanced Details about playing cards: effects are
//! independent unless THEN or BOTH makes them dependent; Lasting and
//! Sustainable Effects: durations).

use smallvec::SmallVec;

use crate::card::{CardDef, CardType};
use crate::card::{CardSel, Condition, Duration, Effect, Op, OpFamily, Who};
use crate::effects::targets::By;
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
            chosen: NOBODY,
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

    /// What the log names as the cause of what this effect changes: the
    /// card generating it (none for an effect without a card).
    pub fn cause(&self) -> crate::game::event::Cause {
        match self.source.some() {
            Some(card) => crate::game::event::Cause::Effect { card },
            None => crate::game::event::Cause::Rules,
        }
    }
}

pub(crate) type Players = SmallVec<[PlayerId; 6]>;
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

    /// The player is of the race: his faction's race, or Drakh once his
    /// faction has converted (Drakh Rules 2-3).
    pub(crate) fn of_race(&self, p: PlayerId, r: crate::card::Race) -> bool {
        let pl = &self.players[p as usize];
        pl.race == r || (r == crate::card::Race::Drakh && pl.drakh)
    }

    /// Whether a lasting effect's `who`, on a card `ctl` controls, names
    /// `p` (a lasting effect names no target, leader or matched card).
    pub(crate) fn lasting_names(&self, w: Who, p: PlayerId, ctl: PlayerId) -> bool {
        match w {
            Who::Me => p == ctl,
            Who::Others => p != ctl,
            Who::Each => true,
            Who::Race(r) => self.of_race(p, r),
            Who::Target | Who::Leader | Who::That | Who::Chosen => false,
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
            // A watching trigger's match is its context's target
            // (`effects/watchers.rs`).
            Who::Target | Who::That => v = self.target_players(ctx.target),
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
            Who::Race(r) => v.extend(
                (0..self.players.len())
                    .filter(|&p| live(p) && self.of_race(p as PlayerId, r))
                    .map(|p| p as PlayerId),
            ),
            // The player a `choose_player` chose, while he is in the game.
            Who::Chosen => {
                if (ctx.chosen as usize) < self.players.len() && live(ctx.chosen as usize) {
                    v.push(ctx.chosen)
                }
            }
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
            CardSel::Target | CardSel::That => {
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
                            Role::Attack(_) => false,
                        };
                        if want && on_table(p.card) && !v.contains(&p.card) {
                            v.push(p.card);
                        }
                    }
                }
            }
            CardSel::FirstAttacker => {
                if let Some(c) = self.first_attacker(ctx) {
                    if on_table(c) {
                        v.push(c);
                    }
                }
            }
            // The cards a pick chose that are still in play (its `after`).
            CardSel::Chosen => {
                for &c in self.picked.iter() {
                    if self.c(c).zone.in_play() && !v.contains(&c) {
                        v.push(c);
                    }
                }
            }
        }
        v
    }

    /// The card that made the first attack in the conflict of the effect
    /// (rulings, Gunboat Diplomacy), in play or not.
    pub(crate) fn first_attacker(&self, ctx: &Ctx) -> Option<CardId> {
        let k = self.conflicts.get(ctx.conflict?.0 as usize)?;
        k.first_attack.0.some()
    }

    /// The one card a selector names, the card in play or not where the
    /// selector keeps it (the first attacker); else as `sel_cards` finds it.
    pub(crate) fn sel_card_anywhere(&self, sel: CardSel, ctx: &Ctx) -> Option<CardId> {
        match sel {
            CardSel::FirstAttacker => self.first_attacker(ctx),
            _ => self.sel_cards(sel, ctx).first().copied(),
        }
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
                    Op::Rotate { .. } => {
                        !ci.rotated() && !ci.neutralized() && self.rotatable_by(c, ctx.controller)
                    }
                    Op::Ready { .. } => ci.rotated() && self.may_ready(c),
                    Op::Heal { .. } | Op::FullHeal { .. } => {
                        ci.damage > 0 || ci.severe > 0 || ci.neutralized()
                    }
                    Op::RemoveDamage { .. } => ci.damage > 0,
                    Op::Neutralize { .. } => !ci.neutralized(),
                    Op::Withdraw { .. } => self.takes_part(c),
                    // Glossary, Irrevocable: never the target of a card
                    // that makes it leave play.
                    Op::Discard { card } | Op::ReturnToHand { card }
                        if card.is_target() && self.irrevocable(c) =>
                    {
                        false
                    }
                    Op::Discard { .. } => {
                        !self.is_ambassador(c)
                            && !self.card_cannot(c, crate::card::Cannot::BeDiscarded, None)
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
                    Op::Conquer { .. } => self.may_conquer(ctx.controller, c),
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
                    Op::Attack {
                        ability: using, by, ..
                    } => self
                        .sel_cards(by, ctx)
                        .first()
                        .is_some_and(|&a| self.effect_attack_legal(a, c, using)),
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
            Op::Support { .. } => ctx.conflict.is_some(),
            Op::ConflictType { .. } => ctx
                .conflict
                .is_some_and(|k| self.conflicts.get(k.0 as usize).is_some_and(|c| !c.war)),
            // An unopposable conflict has no opposition to add to
            // (`unopposable`: any player may support it, nobody opposes).
            Op::Opposition { .. } => ctx.conflict.is_some_and(|k| {
                self.conflicts
                    .get(k.0 as usize)
                    .is_some_and(|c| !c.unopposable)
            }),
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
            Op::ChoosePlayer { .. } => self.player_choice_possible(&e.op, ctx),
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
            Condition::Tension {
                who,
                toward,
                cmp,
                mutual,
            } => {
                let from = self.who_players(*who, ctx);
                let to = self.who_players(*toward, ctx);
                from.iter().any(|&a| {
                    to.iter().any(|&b| {
                        a != b
                            && cmp.holds(self.tension(a, b) as i32)
                            && (!mutual || cmp.holds(self.tension(b, a) as i32))
                    })
                })
            }
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
                    .filter(|&c| self.filter_matches(filter, c, By::card(p, ctx.source)))
                    .count();
                cmp.holds(n as i32)
            }
            Condition::NonPlayer { force, cmp } => cmp.holds(match force {
                crate::card::Force::Babylon5 => self.babylon5,
                crate::card::Force::Shadows => self.shadows,
                crate::card::Force::Vorlons => self.vorlons,
            } as i32),
            Condition::ShadowWar(b) => self.shadow_war == *b,
            Condition::Race(r) => pl.race == *r,
            Condition::Margin(cmp) => cmp.holds(ctx.margin as i32),
            Condition::Uncontested => ctx.conflict.is_some_and(|k| self.uncontested(k)),
            // Rulings, Gunboat Diplomacy: "if one or more fleet attacks occur".
            Condition::AttackMade => self.first_attacker(ctx).is_some(),
            Condition::HoldsConquest => self.holds_conquest(ctx.source, p),
            Condition::TargetedBy(kinds) => self.player_targeted_by(p, *kinds),
            // Rulings: "As your first action" (The Action Round).
            Condition::FirstAction => self.first_action(p),
            Condition::Chaos(cmp) => cmp.holds(self.chaos_controlled(p) as i32),
            // "Its" ability: an attached card's is its host's.
            Condition::CardAbility { ability, cmp } => self
                .own_card(ctx)
                .is_some_and(|c| cmp.holds(self.ability(c, *ability) as i32)),
            // Corporate Rule 6: credit tokens mean what the card says.
            Condition::Credits(cmp) => self
                .own_card(ctx)
                .is_some_and(|c| cmp.holds(self.credits(c) as i32)),
            Condition::Card(f) => self
                .related_card(f, ctx.source)
                .is_some_and(|c| self.filter_matches(f, c, By::card(p, ctx.source))),
            Condition::Not(c) => !self.condition_holds(c, ctx),
            Condition::All(cs) => cs.iter().all(|c| self.condition_holds(c, ctx)),
            Condition::Any(cs) => cs.iter().any(|c| self.condition_holds(c, ctx)),
            Condition::AtLeast(ab) => self.amount(&ab[0], ctx) >= self.amount(&ab[1], ctx),
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
                    .filter(|&c| self.filter_matches(filter, c, By::card(p, ctx.source)))
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
            Duration::Attack => Until::Attack,
            Duration::WhileSustained => {
                match ctx.conflict.and_then(|k| self.sustaining_supporter(k)) {
                    Some(s) => Until::WhileRotated(s),
                    None => Until::EndOfTurn,
                }
            }
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

    /// Carries out one effect verb; returns whether it happened. Each
    /// family of verbs is carried out in its own file under `verbs/`.
    pub(crate) fn run_op(&mut self, op: &Op, ctx: &Ctx, ev: &mut Events) -> bool {
        match op.family() {
            OpFamily::Influence => self.run_influence_op(op, ctx, ev),
            OpFamily::Cards => self.run_cards_op(op, ctx, ev),
            OpFamily::LeavePlay => self.run_leave_play_op(op, ctx, ev),
            OpFamily::CardChange => self.run_card_change_op(op, ctx, ev),
            OpFamily::Conflicts => self.run_conflicts_op(op, ctx, ev),
            OpFamily::Politics => self.run_politics_op(op, ctx, ev),
            OpFamily::Rules => self.run_rules_op(op, ctx, ev),
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
        // Its participants and attacks no longer count for a lasting
        // effect's selector (`participant`, `conflict`, `attacking`).
        self.abilities_changed = true;
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
