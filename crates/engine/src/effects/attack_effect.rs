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

use crate::card::AttackMod;
use crate::card::{Ability, CardType};
use crate::card::{CardSel, Duration, Trigger};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::{Continuation, Game, ModKind, Window};
use crate::ids::{CardId, ConflictId};

/// "No conflict": the conflict id of an attack made by an effect.
pub(crate) const NO_CONFLICT: ConflictId = ConflictId(u8::MAX);

impl Game {
    /// Whether `attacker` may attack `target` using `ability` outside a
    /// conflict, by the rules of every attack.
    pub(crate) fn effect_attack_legal(
        &self,
        attacker: CardId,
        target: CardId,
        ability: Ability,
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
        // "Cards cannot attack if the ability ... is zero."
        self.used_ability(attacker, ability) > 0
    }

    /// The effect: the first card `by` selects attacks the first card
    /// `card` selects; false (for THEN) when the attack cannot be made.
    pub(crate) fn effect_attack(
        &mut self,
        ability: Ability,
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
        if !self.effect_attack_legal(attacker, target, ability) {
            return false;
        }
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
        if !self.open_window(w) {
            self.exchange_damage(attacker, target, NO_CONFLICT, ability, ev);
        }
        true
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
