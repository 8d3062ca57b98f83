//! The Effects of Damage and Neutralization (Action Details).

use crate::card::CardType;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, Rotation, Until};
use crate::ids::CardId;

impl Game {
    /// Puts damage on a card in play. Damage on an already neutralized card
    /// has no effect (Neutralization).
    pub(crate) fn deal_damage(&mut self, id: CardId, n: u8, ev: &mut Events) {
        let inst = self.c(id);
        if n == 0 || !inst.zone.on_table() || inst.neutralized() {
            return;
        }
        let c = self.cm(id);
        c.damage = c.damage.saturating_add(n);
        // Damage lowers this card's abilities, and with them what it lends
        // others (a leader's fleet, a bonus it gives): they may fall to 0.
        self.abilities_changed = true;
        ev.push(Event::Damaged {
            card: id,
            amount: n,
        });
        self.check_neutralized(id, ev);
    }

    /// A card whose highest ability is 0 with at least one damage token is
    /// neutralized at once (Neutralization).
    pub(crate) fn check_neutralized(&mut self, id: CardId, ev: &mut Events) -> bool {
        let inst = self.c(id);
        if inst.neutralized() || inst.damage == 0 || !inst.zone.on_table() {
            return false;
        }
        if self.highest_ability(id) > 0 {
            return false;
        }
        // Remove as many damage tokens as the highest undamaged ability; the
        // rest become severe damage.
        let h = self.highest_undamaged(id);
        let inst = self.c(id);
        let severe = inst.damage.saturating_sub(h);
        self.set_neutralized(id, severe, ev);
        true
    }

    /// Neutralizes a card by an effect: normal damage is discarded, no severe
    /// damage is added (rulings 4.9).
    pub(crate) fn neutralize_by_effect(&mut self, id: CardId, ev: &mut Events) {
        let inst = self.c(id);
        if inst.neutralized() || !inst.zone.on_table() {
            return;
        }
        self.set_neutralized(id, 0, ev);
    }

    pub(crate) fn set_neutralized(&mut self, id: CardId, add_severe: u8, ev: &mut Events) {
        let c = self.cm(id);
        c.damage = 0;
        c.severe = c.severe.saturating_add(add_severe);
        c.flags |= flag::NEUTRALIZED | flag::NEUTRALIZED_THIS_TURN;
        let severe = c.severe;
        // "While rotated" effects end when their card is neutralized.
        self.mods.retain(|m| m.until != Until::WhileRotated(id));
        self.abilities_changed = true;
        ev.push(Event::Neutralized { card: id, severe });
        self.watch(crate::card::Trigger::Neutralized, id, ev);
        // A fleet's leader is neutralized with it, without severe damage.
        let inst = self.c(id);
        if self.db.get(inst.def).card_type == CardType::Fleet {
            // No conflict in particular (an id beyond the conflicts in play).
            let (p, k) = (inst.controller, crate::ids::ConflictId(u8::MAX));
            let t = crate::card::Trigger::FleetNeutralized;
            if self.in_attack_damage {
                // Triggered effects now; its contingencies answer in the
                // window after the attack (`triggers.rs`).
                self.run_player_triggers(t, p, k, ev);
            } else {
                // Contingency Cards: "Whenever the trigger condition is met,
                // the player of the contingency may reveal it": triggered
                // effects, then a window of its own.
                self.fire_trigger(t, id, p, k, ev);
            }
            let inst = self.c(id);
            if let Some(l) = inst.led_by.some() {
                let li = self.c(l);
                if li.rotation == Rotation::Lead && li.leading == id {
                    self.neutralize_by_effect(l, ev);
                }
            }
        }
    }

    /// After modifiers expire or leaders stop leading, any damaged card
    /// whose abilities have fallen to 0 is neutralized.
    pub(crate) fn sweep_neutralization(&mut self, ev: &mut Events) {
        if !self.abilities_changed {
            // Whatever lowers a card's abilities marks them changed; a debug
            // build checks that no such change went unmarked.
            #[cfg(debug_assertions)]
            self.check_nothing_left_to_neutralize();
            return;
        }
        self.abilities_changed = false;
        // Neutralizing never moves a card between rows, so the links stay valid.
        loop {
            let mut changed = false;
            for p in 0..self.players.len() {
                for pile in [self.players[p].inner_circle, self.players[p].supporting] {
                    let mut cur = pile.head;
                    while let Some(c) = cur.some() {
                        cur = self.cards[c.idx()].next;
                        let ci = self.c(c);
                        if ci.damage > 0 && !ci.neutralized() {
                            changed |= self.check_neutralized(c, ev);
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Panics if a damaged card on a table has no ability left while
    /// nothing marked abilities as changed: a change that lowered them
    /// (a rotation, a move, a bonus's filter or condition) forgot to.
    #[cfg(debug_assertions)]
    fn check_nothing_left_to_neutralize(&self) {
        for c in self.all_table_cards() {
            let ci = self.c(c);
            if ci.damage > 0 && !ci.neutralized() && self.highest_ability(c) == 0 {
                panic!(
                    "card {c:?} has damage and no ability left, but nothing marked \
                     abilities as changed (Neutralization)"
                );
            }
        }
    }
}
