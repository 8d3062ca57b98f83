//! The Conflict Round: Step 1, declare conflicts face down in initiative
//! order (one chance each); Step 2, reveal and initiate them in order. Of
//! several copies of a limited or unique conflict only the first declared is
//! initiated (Conflict Cards). War conflicts need no card (War Conflicts).

use crate::action::Action;
use crate::card::def::{Ability, CardDef, CardType, Race, Uniqueness};
use crate::card::effect::Trigger;
use crate::effects::Ctx;
use crate::error::Violation;
use crate::event::{Event, Events};
use crate::ids::{CardId, ConflictId, PlayerId};
use crate::state::{flag, Conflict, Game, Outcome, Round, Step, Target, Zone};
use crate::targets::Targets;

impl Game {
    /// How many conflicts `p` may declare this turn: one, plus any a card
    /// in play generates (Conflict Cards: additional conflicts).
    pub(crate) fn conflicts_allowed(&self, p: PlayerId) -> u8 {
        let mut n = 1u8;
        for &src in self.passive_sources.iter() {
            if self.c(src).controller != p {
                continue;
            }
            for pa in self.lasting(src) {
                if let crate::card::def::Passive::ExtraConflict(k) = pa {
                    n = n.saturating_add(*k);
                }
            }
        }
        n
    }

    pub(crate) fn may_declare_more(&self, p: PlayerId) -> bool {
        self.players[p as usize].conflicts_declared < self.conflicts_allowed(p)
    }

    /// A conflict loyal to a race can only be initiated by players of that
    /// race (disloyalty penalty); Shadow, Vorlon and Drakh conflicts by no
    /// player faction.
    pub(crate) fn loyalty_ok(&self, p: PlayerId, def: &CardDef) -> bool {
        // Drakh Rule 3: a Drakh faction plays Drakh cards as its own.
        def.race == Race::Neutral || self.plays_as_race(p, def.race)
    }

    /// The Cannot rule: a player who cannot declare conflicts declares none.
    fn check_may_declare(&self, p: PlayerId) -> Result<(), Violation> {
        if self.player_cannot(p, crate::card::effect::Cannot::DeclareConflicts) {
            return Err(Violation::Cannot {
                card: CardId::NONE,
                what: crate::card::effect::Cannot::DeclareConflicts,
            });
        }
        Ok(())
    }

    pub(crate) fn check_declare(
        &self,
        p: PlayerId,
        card: CardId,
        target: Target,
    ) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if c.zone != Zone::Hand || c.owner != p {
            return Err(Violation::NotInHand(card));
        }
        let def = self.db.get(c.def);
        if def.card_type != CardType::Conflict {
            return Err(Violation::WrongType {
                card,
                expected: "conflict",
            });
        }
        if !self.may_declare_more(p) {
            return Err(Violation::NoMoreConflicts);
        }
        self.check_may_declare(p)?;
        if !self.loyalty_ok(p, def) {
            return Err(Violation::Disloyal {
                card,
                race: def.race,
            });
        }
        if def.uniqueness == Uniqueness::Unique && self.unique_used.contains(&c.def) {
            return Err(Violation::UniqueUsed(card));
        }
        // The Interstellar Alliance: ISA cards need the ISA.
        self.check_isa_card(card, def)?;
        if self.allergic_to_def(p, def) {
            return Err(Violation::Allergic(card));
        }
        if !self.valid_target(def.target, &def.filter, p, target, true) {
            return Err(if target == Target::Player(p) {
                Violation::TargetSelf
            } else {
                Violation::BadTarget
            });
        }
        if !self.requirements_met_on(p, card, def, target) {
            return Err(Violation::RequirementUnmet(card));
        }
        let have = self.players[p as usize].available();
        let need = def.initiate_cost as i16 + self.corporate_surcharge(p, def);
        if need > have {
            return Err(Violation::Unaffordable { need, have });
        }
        if !self.valid_target(def.target, &def.filter, p, target, true) {
            return Err(if target == Target::Player(p) {
                Violation::TargetSelf
            } else {
                Violation::BadTarget
            });
        }
        Ok(())
    }

    pub(crate) fn check_declare_war(&self, p: PlayerId, target: Target) -> Result<(), Violation> {
        if !self.may_declare_more(p) {
            return Err(Violation::NoMoreConflicts);
        }
        self.check_may_declare(p)?;
        let pl = &self.players[p as usize];
        match target {
            Target::Player(q) if (q as usize) < self.players.len() => {
                if !pl.at_war_with(q) || self.players[q as usize].eliminated {
                    return Err(Violation::NotAtWar);
                }
            }
            Target::Card(c) if c.idx() < self.cards.len() => {
                let ci = self.c(c);
                let q = ci.faction;
                if !ci.zone.on_table()
                    || self.db.get(ci.def).card_type != CardType::Location
                    || (q as usize) >= self.players.len()
                {
                    return Err(Violation::BadTarget);
                }
                if !pl.at_war_with(q) {
                    return Err(Violation::NotAtWar);
                }
            }
            _ => return Err(Violation::BadTarget),
        }
        Ok(())
    }

    pub(crate) fn declare_candidates(&self, p: PlayerId, out: &mut Vec<Action>) {
        let pl = &self.players[p as usize];
        if pl.at_war != 0 {
            for q in 0..self.players.len() as PlayerId {
                if pl.at_war_with(q) {
                    out.push(Action::DeclareWar {
                        target: Target::Player(q),
                    });
                    for c in self.table_cards(q) {
                        if self.db.get(self.c(c).def).card_type == CardType::Location {
                            out.push(Action::DeclareWar {
                                target: Target::Card(c),
                            });
                        }
                    }
                }
            }
        }
        let mut ts = Targets::new();
        for card in self.iter_pile(pl.hand) {
            let def = self.db.get(self.c(card).def);
            if def.card_type != CardType::Conflict {
                continue;
            }
            ts.clear();
            self.target_candidates(def.target, &def.filter, p, true, &mut ts);
            for &t in ts.iter() {
                out.push(Action::Declare { card, target: t });
            }
        }
    }

    /// Declares a conflict face down.
    pub(crate) fn do_declare(
        &mut self,
        p: PlayerId,
        card: CardId,
        target: Target,
        ev: &mut Events,
    ) {
        let def = self.db.get(self.c(card).def);
        let mut c = Conflict::new(card, def.conflict.unwrap_or(Ability::Diplomacy), p, target);
        c.unopposable = def.unopposable;
        self.move_card(card, Zone::Conflict, p, ev);
        let ci = self.cm(card);
        ci.flags |= flag::FACE_DOWN;
        ci.faction = p;
        ci.controller = p;
        self.conflicts.push(c);
        self.players[p as usize].conflicts_declared += 1;
        ev.push(Event::Declared { player: p });
    }

    pub(crate) fn do_declare_war(&mut self, p: PlayerId, target: Target, ev: &mut Events) {
        let mut c = Conflict::new(CardId::NONE, Ability::Military, p, target);
        c.war = true;
        self.conflicts.push(c);
        self.players[p as usize].conflicts_declared += 1;
        ev.push(Event::Declared { player: p });
    }

    /// Step 2: reveals and initiates conflict `next` (in declaration order,
    /// which is initiative order), then moves on.
    pub(crate) fn reveal_next(&mut self, next: u8, ev: &mut Events) {
        let i = next as usize;
        if i >= self.conflicts.len() {
            self.step = Step::Entry(Round::Action);
            return;
        }
        self.step = Step::Reveal { next: next + 1 };
        if self.conflicts[i].revealed || self.conflicts[i].outcome != Outcome::Pending {
            return;
        }
        let k = self.conflicts[i].head();
        let p = k.initiator;
        if k.war {
            let still = match k.target {
                Target::Player(q) => self.players[p as usize].at_war_with(q),
                Target::Card(c) => {
                    let f = self.c(c).faction;
                    self.c(c).zone.on_table()
                        && (f as usize) < self.players.len()
                        && self.players[p as usize].at_war_with(f)
                }
                _ => false,
            };
            if !still {
                self.conflicts[i].outcome = Outcome::Canceled;
                self.conflicts[i].resolved = true;
                return;
            }
            self.conflicts[i].revealed = true;
            ev.push(Event::Initiated {
                conflict: ConflictId(next),
                player: p,
                card: CardId::NONE,
                target: k.target,
            });
            self.fire_targeted(ConflictId(next), ev);
            return;
        }
        let def_id = self.c(k.card).def;
        let db = self.db.clone();
        let def = db.get(def_id);
        // A limited or unique conflict already initiated this turn: this
        // copy is discarded when revealed.
        let clash = def.uniqueness != Uniqueness::Multiple
            && (self.conflicts.iter().enumerate().any(|(j, o)| {
                j != i
                    && o.revealed
                    && !o.war
                    && o.outcome != Outcome::Canceled
                    && self.c(o.card).def == def_id
            }) || (def.uniqueness == Uniqueness::Unique && self.unique_used.contains(&def_id)));
        let need = def.initiate_cost as i16 + self.corporate_surcharge(p, def);
        let payable = need <= self.players[p as usize].available();
        let target_ok = self.valid_target(def.target, &def.filter, p, k.target, true);
        if clash || !payable || !target_ok || !self.requirements_met_on(p, k.card, def, k.target) {
            self.conflicts[i].outcome = Outcome::Canceled;
            self.conflicts[i].resolved = true;
            self.cm(k.card).flags &= !flag::FACE_DOWN;
            ev.push(Event::ConflictDiscarded {
                player: p,
                card: k.card,
            });
            self.move_card(k.card, Zone::Discard, p, ev);
            return;
        }
        self.apply_influence(p, need);
        self.conflicts[i].revealed = true;
        self.cm(k.card).flags &= !flag::FACE_DOWN;
        self.note_entered_play(k.card);
        ev.push(Event::Initiated {
            conflict: ConflictId(next),
            player: p,
            card: k.card,
            target: k.target,
        });
        if !def.initiated.is_empty() {
            let ctx = Ctx::new(p, k.card, k.target).in_conflict(ConflictId(next));
            self.run_effects(&def.initiated, false, &ctx, ev);
        }
        self.fire_targeted(ConflictId(next), ev);
    }

    /// Triggers for "a conflict targeting you is initiated".
    fn fire_targeted(&mut self, id: ConflictId, ev: &mut Events) {
        let t = self.conflicts[id.0 as usize].target;
        for q in self.target_players(t) {
            self.fire_trigger(Trigger::Targeted, CardId::NONE, q, id, ev);
        }
    }

    /// The conflict a card-or-war name refers to, by its card.
    pub fn conflict_of_card(&self, card: CardId) -> Option<ConflictId> {
        self.conflicts
            .iter()
            .position(|c| c.card == card)
            .map(|i| ConflictId(i as u8))
    }
}
