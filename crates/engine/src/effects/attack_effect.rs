//! Attacks made by effects (Engine Rules v1.2, Attack a Conflict
//! Participant: "Some card effects also allow characters (and fleets) to
//! attack independent of conflicts"; Glossary, Attack during a conflict: an
//! attack made through a card's ability does not make the attacker a
//! participant, "even if a conflict is ongoing and your target is involved
//! in a conflict"). Such an attack follows the rules of every attack:
//! "Cards cannot attack if the ability that will be used to make the
//! attack is zero", "Neutralized cards ... cannot be attacked", "You cannot
//! attack a card in your own faction"; the damage is Resolving Attacks'
//! (`attack_damage.rs`: simultaneous, Strife Marks, damage resistance,
//! attack modifiers), and its triggers (attacked, attacks, the window
//! before damage, neutralized-target, survived-attack) happen as for an
//! attack in a conflict. It is not an attack in a conflict, so
//! `attack-in-conflict` does not happen and nobody becomes a participant.

use crate::card::{Ability, CardType};
use crate::card::{AttackMod, AttackUsing};
use crate::card::{CardSel, Duration, Trigger};
use crate::effects::choice::{Choice, ChoiceKind};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::{Continuation, Game, ModKind, Target, Window};
use crate::ids::{CardId, ConflictId};

/// "No conflict": the conflict id of an attack made by an effect.
pub(crate) const NO_CONFLICT: ConflictId = ConflictId(u8::MAX);

impl Game {
    /// An action or event that attacks its target is taken only when the
    /// attack can be made (rulings, Tu'Pari: "Since you cannot apply
    /// influence for an action you cannot legally take, you have to take a
    /// different action"): its unconditional attacks on the target, with
    /// the attacker they name now.
    #[inline(always)]
    pub(crate) fn check_attack_target(
        &self,
        p: crate::ids::PlayerId,
        card: CardId,
        effects: &[crate::card::Effect],
        target: Target,
    ) -> Result<(), crate::game::error::Violation> {
        // Most cards make no attack: asked for every candidate, answered here.
        let attacks = |e: &crate::card::Effect| matches!(e.op, crate::card::Op::Attack { .. });
        match target {
            Target::Card(t) if effects.iter().any(attacks) => {
                self.check_attack_on(p, card, effects, t)
            }
            _ => Ok(()),
        }
    }

    /// [`Game::check_attack_target`] for a card target and a card that
    /// attacks.
    fn check_attack_on(
        &self,
        p: crate::ids::PlayerId,
        card: CardId,
        effects: &[crate::card::Effect],
        t: CardId,
    ) -> Result<(), crate::game::error::Violation> {
        let target = Target::Card(t);
        let ctx = Ctx::new(p, card, target);
        for e in effects.iter().filter(|e| e.condition.is_none()) {
            if let crate::card::Op::Attack {
                ability,
                by,
                card: CardSel::Target,
            } = e.op
            {
                if let Some(&a) = self.sel_cards(by, &ctx).first() {
                    if !self.effect_attack_legal(a, t, ability) {
                        return Err(crate::game::error::Violation::AttackImpossible {
                            attacker: a,
                            target: t,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The abilities an attack `using` may use against `target`, one bit
    /// each ([`Ability::idx`]): the one named, or the target's highest ones
    /// (rulings, Tu'Pari: "counting Enhancements, damage, etc"; a tie gives
    /// several, of which the target's controller names one). 0 when the
    /// target's highest is 0.
    pub(crate) fn attack_abilities(&self, target: CardId, using: AttackUsing) -> u8 {
        match using {
            AttackUsing::Ability(a) => 1 << a.idx(),
            AttackUsing::TargetsHighest => {
                let v = self.abilities(target);
                let hi = v.iter().copied().max().unwrap_or(0);
                if hi == 0 {
                    return 0;
                }
                (0..5).filter(|&i| v[i] == hi).fold(0, |m, i| m | 1 << i)
            }
        }
    }

    /// Whether `attacker` may attack `target` `using` an ability outside a
    /// conflict, by the rules of every attack.
    pub(crate) fn effect_attack_legal(
        &self,
        attacker: CardId,
        target: CardId,
        using: AttackUsing,
    ) -> bool {
        if attacker == target || attacker.some().is_none() || target.some().is_none() {
            return false;
        }
        let (a, t) = (self.c(attacker), self.c(target));
        if !a.zone.on_table() || !t.zone.on_table() || a.neutralized() || t.neutralized() {
            return false;
        }
        let ty = |c: CardId| self.db.get(self.c(c).def).card_type;
        // Characters and fleets attack; a location may be attacked.
        if !matches!(ty(attacker), CardType::Character | CardType::Fleet)
            || !matches!(
                ty(target),
                CardType::Character | CardType::Fleet | CardType::Location
            )
        {
            return false;
        }
        // "You cannot attack a card in your own faction": "you" is the
        // attacker's controller (Glossary, You or Your), as for an attack in
        // a conflict (`check_attack`): a mercenary its bidder hired may
        // attack a card of the faction it is in.
        if t.faction == a.controller {
            return false;
        }
        // "Cards cannot attack if the ability ... is zero." On a tie the
        // target names the ability, so the attacker needs every one of them
        // (rulings, Tu'Pari: "If Tu'Pari does not have the ability, Tu'Pari
        // cannot attack that Character").
        let mask = self.attack_abilities(target, using);
        mask != 0
            && Ability::ALL
                .iter()
                .all(|&a| mask & 1 << a.idx() == 0 || self.used_ability(attacker, a) > 0)
    }

    /// The effect: the first card `by` selects attacks the first card
    /// `card` selects; false (for THEN) when the attack cannot be made. On a
    /// tie of the target's highest abilities, its controller first names
    /// the one used (a choice of kind [`ChoiceKind::AttackAbility`]).
    pub(crate) fn effect_attack(
        &mut self,
        using: AttackUsing,
        by: CardSel,
        card: CardSel,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        let (Some(&attacker), Some(&target)) = (
            self.sel_cards(by, ctx).first(),
            self.sel_cards(card, ctx).first(),
        ) else {
            return false;
        };
        if !self.effect_attack_legal(attacker, target, using) {
            return false;
        }
        let mask = self.attack_abilities(target, using);
        if mask.count_ones() == 1 {
            let ability = Ability::ALL[mask.trailing_zeros() as usize];
            self.make_effect_attack(attacker, target, ability, false, ev);
            return true;
        }
        // Tu'Pari: "target's choice if there is a tie".
        let Some(src) = ctx.source.some().filter(|_| self.choice.is_none()) else {
            return false;
        };
        let player = self.c(target).controller;
        let mut c = Choice::for_ctx(ChoiceKind::AttackAbility, player, ctx, self.c(src).def, 0);
        c.attacker = attacker;
        c.target = Target::Card(target);
        c.chosen = mask as u64;
        self.choice = Some(c);
        ev.push(Event::ChoiceStarted { player, card: src });
        true
    }

    /// Whether the choice in progress names the ability of an attack.
    pub fn naming_attack_ability(&self) -> bool {
        self.choice
            .is_some_and(|c| c.kind == ChoiceKind::AttackAbility)
    }

    /// The abilities the target's controller may name for the attack
    /// waiting on him, by index.
    pub(crate) fn attack_ability_offer(&self, c: &Choice) -> smallvec::SmallVec<[u8; 4]> {
        (0..5u8).filter(|&i| c.chosen & 1 << i != 0).collect()
    }

    /// The answer to [`ChoiceKind::AttackAbility`]: the attack goes on
    /// using the ability named (`Action::Mode` with its index).
    pub(crate) fn answer_attack_ability(&mut self, c: Choice, index: u8, ev: &mut Events) {
        self.choice = None;
        ev.push(Event::ModeChosen {
            player: c.player,
            card: c.card,
            index,
        });
        let (Target::Card(target), Some(&ability)) = (c.target, Ability::ALL.get(index as usize))
        else {
            return;
        };
        self.make_effect_attack(c.attacker, target, ability, true, ev);
    }

    /// The attack itself, its ability known: the triggers before damage,
    /// the contingency window, then the damage (`noted` when it comes after
    /// the effect that made it: a reversal records it then).
    fn make_effect_attack(
        &mut self,
        attacker: CardId,
        target: CardId,
        ability: Ability,
        noted: bool,
        ev: &mut Events,
    ) {
        ev.push(Event::Attacked {
            attacker,
            target,
            ability,
        });
        // Triggers before damage: the attacked card's and the attacker's.
        self.run_card_triggers(Trigger::Attacked, target, attacker, NO_CONFLICT, ev);
        self.run_card_triggers(Trigger::Attacks, attacker, target, NO_CONFLICT, ev);
        let w = Window {
            trigger: Trigger::Attacked,
            card: target,
            other: attacker,
            player: self.c(target).faction,
            conflict: NO_CONFLICT,
            pos: 0,
            passes: 0,
            askers: 0,
            then: Continuation::EffectAttack {
                attacker,
                target,
                ability,
            },
            canceled: false,
        };
        if self.open_window(w) {
            return;
        }
        if noted {
            self.exchange_damage_noted(attacker, target, ability, ev);
        } else {
            self.exchange_damage(attacker, target, NO_CONFLICT, ability, ev);
        }
    }

    /// The effect: the cards selected are treated so in attacks for the
    /// duration.
    pub(crate) fn attack_mod_effect(
        &mut self,
        m: AttackMod,
        card: CardSel,
        duration: Duration,
        ctx: &Ctx,
    ) -> bool {
        let cards = self.sel_cards(card, ctx);
        for &c in cards.iter() {
            self.push_mod(c, ModKind::Attack(m), duration, ctx);
        }
        !cards.is_empty() && !m.is_none()
    }
}
