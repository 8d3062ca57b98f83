//! Resolving Attacks (Action Details): "Both cards (the attacker and the
//! target) simultaneously apply Damage to each other equal to their current
//! ability rating. Any card with a Strife Mark adds two points to the amount
//! of damage it inflicts during an attack for each such mark possessed ...
//! Some cards state that they apply their damage first." The same damage
//! for attacks in conflicts and attacks made by effects
//! (`attack_effect.rs`), with every change to it: damage resistance
//! (Glossary), lasting extra damage, and the attack modifiers of
//! `card/attack_mod.rs` (multipliers before additions: Glossary, "Double,
//! etc.").

use crate::card::AttackMod;
use crate::card::Trigger;
use crate::card::{Ability, MarkKind, Passive};
use crate::game::event::Events;
use crate::game::state::{Game, ModKind};
use crate::ids::{CardId, ConflictId};

impl Game {
    /// The changes that lasted for one attack end with it (its damage
    /// dealt, or the attack canceled).
    pub(crate) fn end_attack_mods(&mut self) {
        use crate::game::modifier::Until;
        if self.mods.iter().any(|m| m.until == Until::Attack) {
            self.mods.retain(|m| m.until != Until::Attack);
            self.abilities_changed = true;
        }
    }

    /// The attack modifiers a card has now: from effects with a duration
    /// and from the lasting effects of cards in play that reach it.
    pub(crate) fn attack_mod_of(&self, card: CardId) -> AttackMod {
        let mut m = AttackMod::default();
        for md in self.mods.iter() {
            if let (true, ModKind::Attack(a)) = (md.card == card, md.kind) {
                m = m.and(a);
            }
        }
        for &src in self.passive_sources.iter() {
            let si = self.c(src);
            for pa in self.lasting(src) {
                if let Passive::AttackMod { filter, m: a } = pa {
                    let reaches = match filter {
                        Some(f) => self.filter_matches(f, card, self.by_card(src)),
                        // No filter: the card itself, or the card it is on.
                        None => src == card || si.host == card,
                    };
                    if reaches {
                        m = m.and(*a);
                    }
                }
            }
        }
        m
    }

    /// What a card adds to the damage it deals: 2 per Strife Mark, plus
    /// lasting "deals N more damage in attacks".
    fn damage_plus(&self, card: CardId) -> i32 {
        let mut d = 2 * self.card_marks(card, MarkKind::Strife) as i32;
        for &src in self.passive_sources.iter() {
            for pa in self.lasting(src) {
                if let Passive::AttackDamage { filter, amount } = pa {
                    if self.filter_matches(filter, card, self.by_card(src)) {
                        d += *amount as i32;
                    }
                }
            }
        }
        d
    }

    /// Damage resistance deducts from the damage suffered in each attack.
    fn damage_resistance(&self, card: CardId) -> u8 {
        let mut r = self.db.get(self.c(card).def).kw.damage_resistance as u16;
        for &src in self.passive_sources.iter() {
            for pa in self.lasting(src) {
                if let Passive::DamageResistance { filter, amount } = pa {
                    if self.filter_matches(filter, card, self.by_card(src)) {
                        r += *amount as u16;
                    }
                }
            }
        }
        r.min(255) as u8
    }

    /// The damage `from` deals `to` in an attack using `ability`; a
    /// neutralized card deals none, and "no damage in return" spares an
    /// attacker (`attacker` is the card that made the attack).
    fn attack_damage_dealt(
        &self,
        from: CardId,
        to: CardId,
        attacker: CardId,
        ability: Ability,
    ) -> u8 {
        if self.c(from).neutralized() {
            return 0;
        }
        let (fm, tm) = (self.attack_mod_of(from), self.attack_mod_of(to));
        if to == attacker && tm.no_return {
            return 0;
        }
        let base = if fm.deals_printed {
            // Entrap: the printed ability "minus any damage it might have".
            let printed = self.db.get(self.c(from).def).ability(ability);
            printed.saturating_sub(self.c(from).damage)
        } else {
            self.used_ability(from, ability)
        };
        AttackMod::damage(
            base,
            self.damage_plus(from),
            fm,
            tm,
            self.damage_resistance(to),
        )
    }

    /// Both cards apply damage to each other at once, unless exactly one of
    /// them applies its damage first; then the triggers after an attack.
    pub(crate) fn exchange_damage(
        &mut self,
        attacker: CardId,
        target: CardId,
        conflict: ConflictId,
        ability: Ability,
        ev: &mut Events,
    ) {
        if !self.c(attacker).zone.on_table() || !self.c(target).zone.on_table() {
            self.end_attack_mods();
            return;
        }
        let first = |g: &Game, c: CardId| g.db.get(g.c(c).def).kw.damage_first;
        let (af, tf) = (first(self, attacker), first(self, target));
        let hit = |g: &mut Game, from: CardId, to: CardId, ev: &mut Events| {
            let d = g.attack_damage_dealt(from, to, attacker, ability);
            g.deal_damage(to, d, ev);
        };
        let was_neutralized = self.c(target).neutralized();
        // A fleet this damage neutralizes answers in the window after the
        // attack (`triggers.rs`), not in a window of its own.
        self.in_attack_damage = true;
        if af && !tf {
            hit(self, attacker, target, ev);
            hit(self, target, attacker, ev);
        } else if tf && !af {
            hit(self, target, attacker, ev);
            hit(self, attacker, target, ev);
        } else {
            let a = self.attack_damage_dealt(attacker, target, attacker, ability);
            let t = self.attack_damage_dealt(target, attacker, attacker, ability);
            self.deal_damage(target, a, ev);
            self.deal_damage(attacker, t, ev);
        }
        self.in_attack_damage = false;
        self.end_attack_mods();
        let neutralized_target = !was_neutralized && self.c(target).neutralized();
        if !neutralized_target {
            // The moment after the damage: contingencies on a survivor or
            // of a player whose fleet was neutralized (`triggers.rs`).
            self.after_attack_window(attacker, target, conflict);
        }
        if neutralized_target {
            // The window names the target too: a contingency of the player
            // whose fleet it was answers there (`triggers.rs`).
            self.fire_trigger_with(
                Trigger::NeutralizedTarget,
                attacker,
                target,
                self.c(attacker).controller,
                conflict,
                ev,
            );
        }
        // Surviving an attack: still in play and not neutralized after it
        // (triggered effects of cards in play; no contingency window).
        for (c, other) in [(target, attacker), (attacker, target)] {
            let ci = self.c(c);
            if ci.zone.on_table() && !ci.neutralized() {
                self.run_card_triggers(Trigger::SurvivedAttack, c, other, conflict, ev);
            }
        }
    }
}
