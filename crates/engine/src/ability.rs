//! Character ability ratings, computed on demand from the printed value and
//! every active modifier in the order the rules give (Character ability
//! ratings: Modifying abilities; Glossary: Double):
//! 1. changes to the printed value; 2. multipliers; 3. additions and
//! subtractions (bonuses, leaders, assistants) and damage; never below 0.
//! Psi is not raised from a base of 0 unless the effect names Psi.

use crate::card::def::{Ability, AbilityBonus, CardDef, CardType};
use crate::card::effect::Who;
use crate::ids::CardId;
use crate::state::{flag, Game, ModKind, Rotation, Zone};

/// Whether an "all abilities" change reaches ability `a` of a card whose
/// printed value (after printed changes) is `printed`. Characters always
/// have Diplomacy, Intrigue and Leadership; fleets and locations Military
/// (Character and Fleet Abilities); Psi never rises from 0.
fn all_reaches(def: &CardDef, a: Ability, printed: i32) -> bool {
    if printed > 0 {
        return true;
    }
    match a {
        Ability::Psi => false,
        Ability::Diplomacy | Ability::Intrigue | Ability::Leadership => {
            def.card_type == CardType::Character
        }
        Ability::Military => matches!(def.card_type, CardType::Fleet | CardType::Location),
    }
}

/// The part of a bonus that applies to ability `a`.
fn bonus_for(b: &AbilityBonus, def: &CardDef, a: Ability, printed: i32) -> i32 {
    let mut v = b.values[a.idx()] as i32;
    if b.all != 0 && all_reaches(def, a, printed) {
        v += b.all as i32;
    }
    v
}

impl Game {
    /// A card's current ability (0 when neutralized).
    pub fn ability(&self, id: CardId, a: Ability) -> u8 {
        if self.c(id).neutralized() {
            return 0;
        }
        self.compute_ability(id, a, true)
    }

    /// What the ability would be undamaged, with every current modifier
    /// (Neutralization: "what the character's highest ability would be if the
    /// character were undamaged").
    pub(crate) fn ability_undamaged(&self, id: CardId, a: Ability) -> u8 {
        self.compute_ability(id, a, false)
    }

    /// The card's highest current ability.
    pub fn highest_ability(&self, id: CardId) -> u8 {
        Ability::ALL
            .iter()
            .map(|&a| self.ability(id, a))
            .max()
            .unwrap_or(0)
    }

    pub(crate) fn highest_undamaged(&self, id: CardId) -> u8 {
        Ability::ALL
            .iter()
            .map(|&a| self.ability_undamaged(id, a))
            .max()
            .unwrap_or(0)
    }

    fn compute_ability(&self, id: CardId, a: Ability, with_damage: bool) -> u8 {
        let inst = self.c(id);
        let def = self.db.get(inst.def);
        // 1. Changes to the printed value.
        let mut printed = def.abilities[a.idx()] as i32;
        for m in self.mods.iter().filter(|m| m.card == id) {
            if let ModKind::Printed(b) = m.kind {
                printed += bonus_for(&b, def, a, printed);
            }
        }
        let printed = printed.max(0);
        // 2. Multipliers.
        let mut v = printed;
        for m in self.mods.iter().filter(|m| m.card == id) {
            if m.kind == ModKind::Double(a) {
                v *= 2;
            }
        }
        // 3. Additions: lasting modifiers, attached cards, lasting effects of
        // cards in play, a leader, assistants; then damage.
        let mut add = 0i32;
        for m in self.mods.iter().filter(|m| m.card == id) {
            if let ModKind::Add(b) = m.kind {
                add += bonus_for(&b, def, a, printed);
            }
        }
        for &att in self.attachments.iter() {
            let ai = self.c(att);
            if ai.host == id && !ai.face_down() && ai.zone == Zone::Attached {
                let ad = self.db.get(ai.def);
                if !ad.bonus.is_zero() {
                    add += bonus_for(&ad.bonus, def, a, printed);
                }
            }
        }
        for &src in self.passive_sources.iter() {
            let si = self.c(src);
            for p in self.db.get(si.def).passives.iter() {
                if let crate::card::def::Passive::Bonus { filter, bonus } = p {
                    if self.filter_matches(filter, id, si.controller) {
                        add += bonus_for(bonus, def, a, printed);
                    }
                }
            }
        }
        if a == Ability::Military {
            if let Some(l) = inst.led_by.some() {
                let li = self.c(l);
                if li.rotation == Rotation::Lead && li.leading == id {
                    add += self.ability(l, Ability::Leadership) as i32;
                }
            }
        }
        if matches!(
            a,
            Ability::Diplomacy | Ability::Intrigue | Ability::Leadership
        ) && self.is_ambassador(id)
        {
            for c in self.all_table_cards() {
                let ci = self.c(c);
                if ci.rotation == Rotation::Assist && ci.leading == id && !ci.neutralized() {
                    add += 1;
                }
            }
        }
        if with_damage {
            add -= inst.damage as i32;
        }
        (v + add).clamp(0, 255) as u8
    }

    /// Whether the card is some faction's ambassador.
    pub fn is_ambassador(&self, id: CardId) -> bool {
        let inst = self.c(id);
        inst.zone == Zone::InnerCircle
            && (inst.faction as usize) < self.players.len()
            && self.players[inst.faction as usize].ambassador == id
    }

    /// A telepath: a character who would have Psi above zero if fully healed.
    pub fn is_telepath(&self, id: CardId) -> bool {
        self.ability_undamaged(id, Ability::Psi) > 0
    }

    #[allow(dead_code)]
    pub(crate) fn blanked(&self, id: CardId) -> bool {
        self.c(id).has(flag::BLANK)
    }

    #[allow(dead_code)]
    pub(crate) fn who_unused(_w: Who) {}
}
