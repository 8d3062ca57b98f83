//! Support or Oppose a Conflict; Attack a Conflict Participant; Resolving
//! Attacks (Action Details), with "Sides" in conflicts and Participating in
//! conflicts.

use crate::card::Trigger;
use crate::card::{Ability, CardType};
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{Continuation, Game, Participant, Role, Rotation, Target, Window};
use crate::ids::{CardId, ConflictId, PlayerId};

impl Game {
    /// A conflict that can still be participated in: revealed, not resolved.
    fn open_conflict(
        &self,
        conflict: ConflictId,
    ) -> Result<&crate::game::state::Conflict, Violation> {
        match self.conflicts.get(conflict.0 as usize) {
            Some(c) if c.revealed && !c.resolved => Ok(c),
            _ => Err(Violation::NoSuchConflict),
        }
    }

    /// Characters and fleets participate; a location only opposes a conflict
    /// that targets it (Location Cards).
    fn check_participant_type(
        &self,
        card: CardId,
        k: &crate::game::state::Conflict,
        opposing: bool,
    ) -> Result<(), Violation> {
        match self.db.get(self.c(card).def).card_type {
            CardType::Character | CardType::Fleet => Ok(()),
            CardType::Location if opposing && k.target == Target::Card(card) => Ok(()),
            _ => Err(Violation::WrongType {
                card,
                expected: "character or fleet",
            }),
        }
    }

    /// Participation restrictions printed on the conflict (side "own": the
    /// cards the initiator controls).
    fn check_participation(
        &self,
        card: CardId,
        k: &crate::game::state::Conflict,
        id: ConflictId,
    ) -> Result<(), Violation> {
        // The Cannot rule: a card that cannot take part in conflicts (or in
        // this one) cannot support, oppose or attack in it.
        if self.card_cannot(card, crate::card::Cannot::Participate, Some(id)) {
            return Err(Violation::Cannot {
                card,
                what: crate::card::Cannot::Participate,
            });
        }
        if let Some(c) = k.card.some() {
            if let Some(f) = &self.db.get(self.c(c).def).participants {
                if !self.filter_matches(f, card, k.initiator) {
                    return Err(Violation::Restricted(card));
                }
            }
        }
        Ok(())
    }

    /// Rulings, Psi Attack: "The first Character you rotate to support this
    /// Conflict must have a Psi rating of 5 or higher": until a card the
    /// initiator controls supports it, only such a card may, for him.
    fn check_first_supporter(
        &self,
        p: PlayerId,
        card: CardId,
        k: &crate::game::state::Conflict,
    ) -> Result<(), Violation> {
        let Some(c) = k.card.some() else {
            return Ok(());
        };
        let Some(f) = &self.db.get(self.c(c).def).first_supporter else {
            return Ok(());
        };
        if p != k.initiator {
            return Ok(());
        }
        if self.initial_supporter(k).is_some() || self.filter_matches(f, card, p) {
            return Ok(());
        }
        Err(Violation::FirstSupporter(card))
    }

    /// The first card the initiator rotated to support the conflict (his
    /// "initial Character": rulings, Psi Attack), if one has.
    fn initial_supporter(&self, k: &crate::game::state::Conflict) -> Option<CardId> {
        k.participants
            .iter()
            .find(|pt| {
                matches!(pt.role, Role::Support(_)) && self.c(pt.card).controller == k.initiator
            })
            .map(|pt| pt.card)
    }

    /// Rulings, Psi Attack: "You may sustain with your initial Character.
    /// If you do so, the target cannot ready while you sustain": the
    /// conflict's initial supporter while it stays rotated as such, for the
    /// conflict's `while-sustained` effects.
    pub(crate) fn sustaining_supporter(&self, conflict: ConflictId) -> Option<CardId> {
        let k = self.conflicts.get(conflict.0 as usize)?;
        let s = self.initial_supporter(k)?;
        let c = self.c(s);
        (c.zone.in_play() && c.rotated() && c.rotation == Rotation::Support).then_some(s)
    }

    /// Whether `card`, rotated now to support, is the initiator's initial
    /// supporter of a conflict that lets him sustain with it.
    fn sustains_as_supporter(&self, card: CardId, conflict: ConflictId) -> bool {
        let k = &self.conflicts[conflict.0 as usize];
        k.card
            .some()
            .is_some_and(|c| self.db.get(self.c(c).def).sustain_first_supporter)
            && self.initial_supporter(k) == Some(card)
    }

    pub(crate) fn check_support(
        &self,
        p: PlayerId,
        card: CardId,
        conflict: ConflictId,
        side: PlayerId,
    ) -> Result<(), Violation> {
        let k = self.open_conflict(conflict)?;
        self.check_ready_actor(p, card)?;
        self.check_participant_type(card, k, false)?;
        self.check_participation(card, k, conflict)?;
        self.check_first_supporter(p, card, k)?;
        if self.used_ability(card, k.kind) == 0 {
            return Err(Violation::NoAbility {
                card,
                ability: k.kind,
            });
        }
        if k.unopposable {
            if (side as usize) >= self.players.len() || self.players[side as usize].eliminated {
                return Err(Violation::BadSide);
            }
        } else if side != k.initiator {
            return Err(Violation::BadSide);
        }
        match k.role_of(card) {
            Some(Role::Support(s)) if s != side => Err(Violation::WrongRole(card)),
            Some(Role::Oppose) => Err(Violation::WrongRole(card)),
            _ => Ok(()),
        }
    }

    pub(crate) fn check_oppose(
        &self,
        p: PlayerId,
        card: CardId,
        conflict: ConflictId,
    ) -> Result<(), Violation> {
        let k = self.open_conflict(conflict)?;
        if k.unopposable {
            return Err(Violation::UnopposableCannotOppose);
        }
        self.check_ready_actor(p, card)?;
        self.check_participant_type(card, k, true)?;
        self.check_participation(card, k, conflict)?;
        if self.used_ability(card, k.kind) == 0 {
            return Err(Violation::NoAbility {
                card,
                ability: k.kind,
            });
        }
        match k.role_of(card) {
            Some(Role::Support(_)) => Err(Violation::WrongRole(card)),
            _ => Ok(()),
        }
    }

    /// Rotates a card to support; supporting the same conflict again applies
    /// nothing more (Participating in conflicts).
    pub(crate) fn do_support(
        &mut self,
        card: CardId,
        conflict: ConflictId,
        side: PlayerId,
        ev: &mut Events,
    ) {
        self.rotate(card);
        let k = &mut self.conflicts[conflict.0 as usize];
        let kind = k.kind;
        if k.role_of(card).is_none() {
            k.participants.push(Participant {
                card,
                role: Role::Support(side),
                ability: kind,
            });
        }
        if self.sustains_as_supporter(card, conflict) {
            self.cm(card).rotation = Rotation::Support;
        }
        let value = self.used_ability(card, kind);
        ev.push(Event::Supported {
            card,
            conflict,
            side,
            ability: kind,
            value,
        });
    }

    pub(crate) fn do_oppose(&mut self, card: CardId, conflict: ConflictId, ev: &mut Events) {
        self.rotate(card);
        let k = &mut self.conflicts[conflict.0 as usize];
        let kind = k.kind;
        if k.role_of(card).is_none() {
            k.participants.push(Participant {
                card,
                role: Role::Oppose,
                ability: kind,
            });
        }
        let value = self.used_ability(card, kind);
        ev.push(Event::Opposed {
            card,
            conflict,
            ability: kind,
            value,
        });
    }

    /// The ability a participant applied in a conflict (the one an attacker
    /// must use against it), if it may be attacked there: supporters,
    /// opposers and attackers, not leaders (rulings 4.10).
    fn applied_ability(&self, k: &crate::game::state::Conflict, target: CardId) -> Option<Ability> {
        k.participants
            .iter()
            .find(|pt| pt.card == target)
            .map(|pt| pt.ability)
    }

    pub(crate) fn check_attack(
        &self,
        p: PlayerId,
        card: CardId,
        target: CardId,
        conflict: ConflictId,
    ) -> Result<(), Violation> {
        let k = self.open_conflict(conflict)?;
        self.check_ready_actor(p, card)?;
        if !matches!(
            self.db.get(self.c(card).def).card_type,
            CardType::Character | CardType::Fleet
        ) {
            return Err(Violation::WrongType {
                card,
                expected: "character or fleet",
            });
        }
        let t = self
            .cards
            .get(target.idx())
            .ok_or(Violation::NoSuchCard(target))?;
        if !t.zone.on_table() {
            return Err(Violation::NotInPlay(target));
        }
        let Some(ability) = self.applied_ability(k, target) else {
            // A leader of a participant fleet participates but cannot be attacked.
            if self.leader_participates(k, target) {
                return Err(Violation::LeaderNotAttackable(target));
            }
            return Err(Violation::NotParticipant(target));
        };
        if t.neutralized() {
            return Err(Violation::NeutralizedTarget(target));
        }
        if t.faction == p {
            return Err(Violation::OwnFaction(target));
        }
        self.check_participation(card, k, conflict)?;
        // Attack with the same ability the target applied; not with zero.
        if self.used_ability(card, ability) == 0 {
            return Err(Violation::NoAbility { card, ability });
        }
        Ok(())
    }

    /// Whether a card participates only by leading a participant fleet.
    pub(crate) fn leader_participates(
        &self,
        k: &crate::game::state::Conflict,
        card: CardId,
    ) -> bool {
        let c = self.c(card);
        c.rotation == crate::game::state::Rotation::Lead
            && c.leading.some().is_some_and(|f| k.is_participant(f))
    }

    pub(crate) fn do_attack(
        &mut self,
        card: CardId,
        target: CardId,
        conflict: ConflictId,
        ev: &mut Events,
    ) {
        self.rotate(card);
        let k = &self.conflicts[conflict.0 as usize];
        let ability = self.applied_ability(k, target).unwrap_or(k.kind);
        let k = &mut self.conflicts[conflict.0 as usize];
        // Rulings, Gunboat Diplomacy: "the fleet that first attacked";
        // kept only in games with a card that asks.
        if self.db.reads_first_attack() && k.first_attack.0.some().is_none() {
            k.first_attack.0 = card;
        }
        k.participants.push(Participant {
            card,
            role: Role::Attack(target),
            ability,
        });
        ev.push(Event::Attacked {
            attacker: card,
            target,
            ability,
        });
        // An attack made in a conflict: its initiator's triggered effects
        // (cards in play; no contingency window).
        let ini = self.conflicts[conflict.0 as usize].initiator;
        self.run_player_triggers(Trigger::AttackInConflict, ini, conflict, ev);
        // Triggers before damage: the attacked card's and the attacker's.
        let then = Continuation::Attack {
            attacker: card,
            target,
            conflict,
        };
        self.run_card_triggers(Trigger::Attacked, target, card, conflict, ev);
        self.run_card_triggers(Trigger::Attacks, card, target, conflict, ev);
        // Triggers that watch attacks ("whenever a fleet attacks one of
        // your fleets").
        self.watch_attack(target, card, conflict, ev);
        let w = Window {
            trigger: Trigger::Attacked,
            card: target,
            other: card,
            player: self.c(target).faction,
            conflict,
            pos: 0,
            passes: 0,
            askers: 0,
            then,
            canceled: false,
        };
        if !self.open_window(w) {
            self.resolve_attack(card, target, conflict, ev);
        }
    }

    /// Resolving Attacks: both cards apply damage to each other at once,
    /// unless exactly one of them applies its damage first.
    pub(crate) fn resolve_attack(
        &mut self,
        attacker: CardId,
        target: CardId,
        conflict: ConflictId,
        ev: &mut Events,
    ) {
        // Withdrawn before the damage (rulings, Na'Kal: neither it nor its
        // attacker is a participant any more), the attack does nothing.
        let withdrawn = self
            .conflicts
            .get(conflict.0 as usize)
            .is_some_and(|k| !k.is_participant(target));
        if !self.c(attacker).zone.on_table() || !self.c(target).zone.on_table() || withdrawn {
            self.end_attack_mods();
            return;
        }
        let ability = self
            .conflicts
            .get(conflict.0 as usize)
            .and_then(|k| self.applied_ability(k, target))
            .unwrap_or(Ability::Military);
        // The damage itself, as for every attack (`attack_damage.rs`).
        self.exchange_damage(attacker, target, conflict, ability, ev);
    }
}
