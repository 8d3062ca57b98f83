//! The Resolution Round: conflicts resolve in initiative order of their
//! initiators. Step 1, resolution effects, totals from current abilities,
//! won/lost and by-N effects; Step 2, triggered effects; Step 3, aftermaths
//! in initiative order until all pass; Step 4, discard the conflict and
//! discard-after-play aftermaths.

use crate::card::{CardType, Race};
use crate::card::{Reversible, Trigger};
use crate::effects::interpreter::Ctx;
use crate::effects::second_target::{Play, OWN_EFFECTS};
use crate::effects::targets::Targets;
use crate::game::action::Action;
use crate::game::error::Violation;
use crate::game::event::{Cause, Event, Events};
use crate::game::state::{
    flag, Game, Outcome, Role, Step, Target, Until, Zone, MAX_PLAYERS, NOBODY,
};
use crate::ids::{CardId, ConflictId, PlayerId};

impl Game {
    /// Current support and opposition of an opposable conflict, from the
    /// participants' current abilities (each counted once; neutralized
    /// cards apply nothing) plus effects.
    pub fn conflict_totals(&self, k: ConflictId) -> (i32, i32) {
        let c = &self.conflicts[k.0 as usize];
        let mut seen: smallvec::SmallVec<[CardId; 24]> = smallvec::SmallVec::new();
        let (mut s, mut o) = (0i32, 0i32);
        for p in c.participants.iter() {
            if matches!(p.role, Role::Attack(_)) || seen.contains(&p.card) {
                continue;
            }
            seen.push(p.card);
            let v = self.used_ability(p.card, p.ability) as i32;
            match p.role {
                Role::Support(_) => s += v,
                Role::Oppose => o += v,
                Role::Attack(_) => {}
            }
        }
        s += c.extra_support.iter().map(|&x| x as i32).sum::<i32>();
        o += c.extra_opposition as i32;
        (s, o)
    }

    /// Each side's total in a conflict with several sides (index = player).
    pub fn side_totals(&self, k: ConflictId) -> [i32; MAX_PLAYERS] {
        let c = &self.conflicts[k.0 as usize];
        let mut t = [0i32; MAX_PLAYERS];
        let mut seen: smallvec::SmallVec<[CardId; 24]> = smallvec::SmallVec::new();
        for p in c.participants.iter() {
            if let Role::Support(side) = p.role {
                if seen.contains(&p.card) || (side as usize) >= MAX_PLAYERS {
                    continue;
                }
                seen.push(p.card);
                t[side as usize] += self.used_ability(p.card, p.ability) as i32;
            }
        }
        for (i, x) in c.extra_support.iter().enumerate() {
            t[i] += *x as i32;
        }
        t
    }

    /// The side with strictly the most support, if any.
    pub(crate) fn side_leader(&self, k: ConflictId) -> Option<PlayerId> {
        let t = self.side_totals(k);
        let n = self.players.len();
        let best = (0..n).max_by_key(|&i| t[i])?;
        if (0..n).any(|i| i != best && t[i] >= t[best]) {
            None
        } else {
            Some(best as PlayerId)
        }
    }

    /// The outcome and margin the conflict would have now (Glossary: Won).
    pub(crate) fn current_outcome(&self, k: ConflictId) -> (Outcome, i16) {
        let c = &self.conflicts[k.0 as usize];
        if c.unopposable {
            let t = self.side_totals(k);
            let ini = c.initiator as usize;
            let best_other = (0..self.players.len())
                .filter(|&i| i != ini)
                .map(|i| t[i])
                .max()
                .unwrap_or(0);
            if t[ini] > best_other {
                (Outcome::Won, (t[ini] - best_other) as i16)
            } else {
                (Outcome::Lost, (best_other - t[ini]) as i16)
            }
        } else {
            let (s, o) = self.conflict_totals(k);
            if s > o {
                (Outcome::Won, (s - o) as i16)
            } else {
                (Outcome::Lost, (o - s) as i16)
            }
        }
    }

    /// The next conflict to resolve: the lowest initiative first, then in
    /// declaration order.
    pub(crate) fn next_conflict_to_resolve(&self) -> Option<u8> {
        self.conflicts
            .iter()
            .enumerate()
            .filter(|(_, c)| c.revealed && !c.resolved && c.outcome == Outcome::Pending)
            .min_by_key(|(i, c)| (self.initiative_pos(c.initiator), *i))
            .map(|(i, _)| i as u8)
    }

    /// Step 1 (and 2) for one conflict, then the aftermath step.
    pub(crate) fn resolve_conflict(&mut self, i: u8, ev: &mut Events) {
        let id = ConflictId(i);
        let k = self.conflicts[i as usize].head();
        self.step = Step::Aftermath {
            conflict: i,
            pos: 0,
            passes: 0,
        };
        if k.outcome != Outcome::Pending || self.players[k.initiator as usize].eliminated {
            if k.outcome == Outcome::Pending {
                self.cancel_conflict(id, ev);
            }
            return;
        }
        let db = self.db.clone();
        let def = k.card.some().map(|c| db.get(self.c(c).def));
        let mut ctx = Ctx::new(k.initiator, k.card, k.target).in_conflict(id);
        ctx.from_conflict = true;
        // Reversal: record what the conflict's effect text changes (rulings,
        // A Better Place: "any effects that occurred because of the
        // Conflict"); a war conflict has none, and ends the chance to
        // reverse the conflict resolved before it.
        match def {
            Some(_) if !k.war => self.start_record(k.card, Reversible::Conflict),
            _ => self.reversal_conflict = None,
        }
        // Effects that occur whether or not it succeeds, in printed order.
        if let Some(d) = def {
            if !d.resolution.is_empty() {
                self.run_effects(&d.resolution, false, &ctx, ev);
            }
        }
        let (outcome, margin) = self.current_outcome(id);
        let (s, o) = if k.unopposable {
            let t = self.side_totals(id);
            let ini = k.initiator as usize;
            let best = (0..self.players.len())
                .filter(|&x| x != ini)
                .map(|x| t[x])
                .max()
                .unwrap_or(0);
            (t[ini], best)
        } else {
            self.conflict_totals(id)
        };
        {
            let kc = &mut self.conflicts[i as usize];
            kc.outcome = outcome;
            kc.margin = margin;
            kc.resolved = true;
        }
        // A lasting effect on "a card attacking ..." (an attack in a
        // conflict not yet resolved) may end here: abilities may fall.
        self.abilities_changed = true;
        ev.push(Event::ConflictResolved {
            conflict: id,
            outcome,
            support: s as i16,
            opposition: o as i16,
        });
        ctx.margin = margin;
        if k.war {
            self.resolve_war_conflict(id, outcome, ev);
        } else if let Some(d) = def {
            // Each effect of success or failure is independent; every "by N"
            // the margin reaches applies too.
            let (base, by) = if outcome == Outcome::Won {
                (&d.won, &d.won_by)
            } else {
                (&d.lost, &d.lost_by)
            };
            self.run_effects(base, false, &ctx, ev);
            for (n, effects) in by.iter() {
                if margin >= *n as i16 {
                    self.run_effects(effects, false, &ctx, ev);
                }
            }
        }
        self.stop_record(Reversible::Conflict);
        // Step 2: triggered effects.
        let t = if outcome == Outcome::Won {
            Trigger::ConflictWon
        } else {
            Trigger::ConflictLost
        };
        self.fire_trigger(t, CardId::NONE, k.initiator, id, ev);
        self.sweep_neutralization(ev);
    }

    /// Contested: some participant (as of resolution) opposed the conflict
    /// or attacked in it (Glossary, Uncontested).
    pub(crate) fn contested(&self, id: ConflictId) -> bool {
        self.conflicts.get(id.0 as usize).is_some_and(|k| {
            k.participants.iter().any(|p| {
                matches!(p.role, Role::Oppose | Role::Attack(_)) && self.c(p.card).zone.on_table()
            })
        })
    }

    /// Glossary, Uncontested: "the initiator wins the conflict and no
    /// participant in the conflict (as of resolution) attacked during the
    /// conflict or opposed the conflict".
    pub(crate) fn uncontested(&self, id: ConflictId) -> bool {
        self.conflicts
            .get(id.0 as usize)
            .is_some_and(|k| k.outcome == Outcome::Won)
            && !self.contested(id)
    }

    /// War Conflicts: won uncontested against a player, the target loses 1
    /// influence and the initiator gains 1; won against a location, the
    /// initiator conquers it; either way the target's tension toward the
    /// initiator rises by 1 (rulings 8.7: only the target's).
    fn resolve_war_conflict(&mut self, id: ConflictId, outcome: Outcome, ev: &mut Events) {
        let k = self.conflicts[id.0 as usize].head();
        let contested = self.contested(id);
        let target_player = match k.target {
            Target::Player(q) => Some(q),
            Target::Card(c) => {
                Some(self.c(c).faction).filter(|&f| (f as usize) < self.players.len())
            }
            _ => None,
        };
        match k.target {
            Target::Player(q) if outcome == Outcome::Won && !contested => {
                self.lose_influence(q, 1, Cause::WarConflict, ev);
                self.gain_influence(k.initiator, 1, Cause::WarConflict, ev);
                self.fire_trigger(
                    Trigger::GainedInfluenceFromConflict,
                    CardId::NONE,
                    k.initiator,
                    id,
                    ev,
                );
            }
            Target::Card(c) if outcome == Outcome::Won && self.c(c).zone.on_table() => {
                self.conquer(k.initiator, c, ev);
            }
            _ => {}
        }
        if let Some(q) = target_player {
            self.change_tension(q, k.initiator, 1, Cause::WarConflict, ev);
        }
        if outcome == Outcome::Won && contested {
            // Triggered effects of cards in play; contingencies answer in
            // the conflict-won window (`triggers.rs`).
            self.run_player_triggers(Trigger::WarWonContested, k.initiator, id, ev);
        }
    }

    /// Conquering a location: attached cards are discarded; it joins the
    /// conqueror's faction; if not loyal to the conqueror's race its text is
    /// blanked and no player controls it.
    pub(crate) fn conquer(&mut self, p: PlayerId, loc: CardId, ev: &mut Events) {
        let attached: smallvec::SmallVec<[CardId; 4]> = self
            .attachments
            .iter()
            .copied()
            .filter(|&a| self.c(a).host == loc)
            .collect();
        for a in attached {
            self.discard_from_play(a, crate::game::event::Cause::Host { card: loc }, ev);
        }
        let race = self.db.get(self.c(loc).def).race;
        let loyal = race == self.players[p as usize].race;
        let zone = self.c(loc).zone;
        let old = self.c(loc).faction;
        let row = if zone == Zone::InnerCircle {
            crate::game::state::PileKind::InnerCircle
        } else {
            crate::game::state::PileKind::Supporting
        };
        if (old as usize) < self.players.len() {
            self.unlink(old as usize, row, loc);
        }
        self.link_back(p as usize, crate::game::state::PileKind::Supporting, loc);
        let c = self.cm(loc);
        c.zone = if zone == Zone::InnerCircle {
            Zone::Supporting
        } else {
            zone
        };
        c.faction = p;
        // The Cannot rule: a location that cannot be blanked is not; nor an
        // irrevocable one (Glossary, Irrevocable: it cannot be "blanked").
        let blank = !loyal && self.may_blank(loc);
        let c = self.cm(loc);
        if loyal {
            c.controller = p;
            c.flags &= !flag::BLANK;
        } else {
            c.controller = NOBODY;
            if blank {
                c.flags |= flag::BLANK;
            }
            self.abilities_changed = true;
        }
        ev.push(Event::Conquered {
            player: p,
            card: loc,
            from: old,
            blanked: blank,
        });
        self.refresh_passive_sources();
        self.refresh_foreign_control();
    }

    /// Step 4: discard the conflict card and discard-after-play aftermaths;
    /// effects lasting until the conflict resolves end.
    pub(crate) fn finish_conflict(&mut self, i: u8, ev: &mut Events) {
        let k = &self.conflicts[i as usize];
        let card = k.card;
        let ini = k.initiator;
        if let Some(c) = card.some() {
            // A won conflict whose text says so becomes an enhancement
            // (`conflict_enhancement.rs`); the others are discarded.
            if self.c(c).zone == Zone::Conflict && !self.conflict_becomes_enhancement(i, ev) {
                self.move_card(c, Zone::Discard, ini, ev);
            }
        }
        let done: smallvec::SmallVec<[CardId; 4]> = self
            .attachments
            .iter()
            .copied()
            .filter(|&a| self.c(a).zone == Zone::Resolving)
            .collect();
        for a in done {
            self.move_card(a, Zone::Discard, NOBODY, ev);
        }
        self.mods
            .retain(|m| m.until != Until::Conflict(ConflictId(i)));
        self.abilities_changed = true;
        self.sweep_neutralization(ev);
    }

    /// Whether a card took part in a conflict: supported, opposed or
    /// attacked, or (a character) led a participant fleet.
    pub(crate) fn participated(&self, k: &crate::game::state::Conflict, card: CardId) -> bool {
        k.is_participant(card) || self.leader_participates(k, card)
    }

    pub(crate) fn check_aftermath(
        &self,
        p: PlayerId,
        conflict: u8,
        card: CardId,
        target: Target,
        pay: CardId,
    ) -> Result<(), Violation> {
        self.check_in_hand(p, card)?;
        let def_id = self.c(card).def;
        let def = self.db.get(def_id);
        if def.card_type != CardType::Aftermath {
            return Err(Violation::WrongType {
                card,
                expected: "aftermath",
            });
        }
        let k = self
            .conflicts
            .get(conflict as usize)
            .ok_or(Violation::NoSuchConflict)?;
        let play = def.aftermath_play();
        // Play conditions: Won / Lost (by the initiator) and conflict type.
        match play.won {
            Some(true) if k.outcome != Outcome::Won => {
                return Err(Violation::AftermathCondition(card))
            }
            Some(false) if k.outcome != Outcome::Lost => {
                return Err(Violation::AftermathCondition(card))
            }
            _ => {}
        }
        if k.outcome == Outcome::Canceled {
            return Err(Violation::AftermathCondition(card));
        }
        if !play.conflict.is_empty() && !play.conflict.contains(&k.kind) {
            return Err(Violation::AftermathCondition(card));
        }
        if def.uniqueness == crate::card::Uniqueness::Unique && self.unique_used.contains(&def_id) {
            return Err(Violation::UniqueUsed(card));
        }
        // The Interstellar Alliance: ISA cards need the ISA.
        self.check_isa_card(card, def)?;
        if self.allergic_to_def(p, def_id) {
            return Err(Violation::Allergic(card));
        }
        if !self.requirements_met_on(p, card, def, target) {
            return Err(Violation::RequirementUnmet(card));
        }
        // Targets: a participant's cards if "Participant", otherwise only the
        // initiating faction's; a loyal aftermath only in a faction of its race.
        let target_faction = match (def.target, target) {
            (crate::card::TargetKind::Card, Target::Card(c)) => {
                if c.idx() >= self.cards.len()
                    || !self.filter_matches(
                        &def.filter,
                        c,
                        crate::effects::targets::By::card(p, card),
                    )
                    || !self.targetable(c, false)
                    || !self.targetable_by(c, p)
                {
                    return Err(Violation::BadTarget);
                }
                if play.participant {
                    if !self.participated(k, c) {
                        return Err(Violation::BadTarget);
                    }
                } else if self.c(c).faction != k.initiator {
                    return Err(Violation::BadTarget);
                }
                self.check_irrevocable_target(def, None, target)?;
                // One copy of an aftermath per target.
                if self
                    .attachments
                    .iter()
                    .any(|&a| self.c(a).def == def_id && self.c(a).host == c)
                {
                    return Err(Violation::AlreadyAffected(c));
                }
                self.c(c).faction
            }
            (crate::card::TargetKind::Player, Target::Player(q)) => {
                if (q as usize) >= self.players.len() || self.players[q as usize].eliminated {
                    return Err(Violation::BadTarget);
                }
                let ok = if play.participant {
                    k.participants.iter().any(|pt| self.c(pt.card).faction == q)
                } else {
                    q == k.initiator
                };
                if !ok {
                    return Err(Violation::BadTarget);
                }
                q
            }
            (crate::card::TargetKind::None, Target::None) => {
                // A global aftermath: one in play at a time.
                if !play.discard_after && self.attachments.iter().any(|&a| self.c(a).def == def_id)
                {
                    return Err(Violation::AlreadyAffected(card));
                }
                k.initiator
            }
            _ => return Err(Violation::BadTarget),
        };
        // Aftermath Cards: a loyal aftermath goes on targets in a faction of
        // its race (a Drakh faction's for a Drakh one: Drakh Rule 3).
        if def.race != Race::Neutral && !self.faction_is_race(target_faction, def.race) {
            return Err(Violation::DisloyalTarget {
                card,
                race: def.race,
            });
        }
        let need = self.played_cost(p, card)?;
        let have = self.players[p as usize].available();
        if need > have {
            return Err(Violation::Unaffordable { need, have });
        }
        // Legal Targets: a second target must exist too.
        if def.second.is_some() {
            self.check_second_exists(&Play {
                player: p,
                card,
                index: OWN_EFFECTS,
                first: target,
                conflict: Some(ConflictId(conflict)),
            })?;
        }
        // Requirements: its `play_cost`, paid with another card (as an
        // event's).
        self.check_play_cost(p, (card, card), def, pay)
    }

    pub(crate) fn aftermath_candidates(&self, p: PlayerId, _conflict: u8, out: &mut Vec<Action>) {
        let mut ts = Targets::new();
        for card in self.iter_pile(self.players[p as usize].hand) {
            let def = self.db.get(self.c(card).def);
            if def.card_type != CardType::Aftermath {
                continue;
            }
            ts.clear();
            match def.target {
                crate::card::TargetKind::Card => {
                    for c in self.all_table_cards() {
                        ts.push(Target::Card(c));
                    }
                }
                crate::card::TargetKind::Player => {
                    for q in 0..self.players.len() as PlayerId {
                        ts.push(Target::Player(q));
                    }
                }
                _ => ts.push(Target::None),
            }
            self.push_paid(p, card, &ts, out, |card, target, pay| {
                Action::PlayAftermath { card, target, pay }
            });
        }
    }

    pub(crate) fn do_aftermath(
        &mut self,
        p: PlayerId,
        conflict: u8,
        card: CardId,
        target: Target,
        pay: CardId,
        ev: &mut Events,
    ) {
        // Legal Targets: an aftermath with two targets asks for the second
        // before it is played.
        if self.has_second_target(card, OWN_EFFECTS) {
            self.ask_second(
                Play {
                    player: p,
                    card,
                    index: OWN_EFFECTS,
                    first: target,
                    conflict: Some(ConflictId(conflict)),
                },
                pay,
            );
            return;
        }
        self.aftermath_now(p, conflict, card, (target, CardId::NONE), pay, ev);
    }

    /// Plays an aftermath with its targets (`second`: `NONE` for one).
    pub(crate) fn aftermath_now(
        &mut self,
        p: PlayerId,
        conflict: u8,
        card: CardId,
        (target, second): (Target, CardId),
        pay: CardId,
        ev: &mut Events,
    ) {
        let db = self.db.clone();
        let def_id = self.c(card).def;
        let def = db.get(def_id);
        let cost = self.played_cost(p, card).unwrap_or(0);
        self.apply_influence(p, cost);
        // Requirements: an active requirement is met as the card is played.
        if let Some(c) = &def.play_cost {
            self.pay_other_costs(p, card, c, pay, ev);
        }
        let play = def.aftermath_play();
        if def.uniqueness == crate::card::Uniqueness::Unique {
            self.unique_used.push(def_id);
        }
        // A lasting aftermath acts like an enhancement on its target; the
        // others are discarded at Step 4.
        if play.discard_after {
            self.move_card(card, Zone::Resolving, p, ev);
            let c = self.cm(card);
            c.controller = p;
            if let Target::Card(h) = target {
                c.host = h;
            }
        } else {
            self.attach(card, p, def.attach, target, ev);
        }
        ev.push(Event::AftermathPlayed {
            player: p,
            card,
            target,
        });
        self.note_copy_target(card, target);
        if second.some().is_some() {
            ev.push(Event::SecondTarget {
                player: p,
                card,
                second,
            });
        }
        let ctx = Ctx::new(p, card, target)
            .in_conflict(ConflictId(conflict))
            .with_second(second);
        self.run_effects(&def.effects, def.both, &ctx, ev);
    }
}
