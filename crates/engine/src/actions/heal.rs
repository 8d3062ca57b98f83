//! Heal a Character (with Ambassadorial Healing) and Repair a Fleet or
//! Location (Action Details; rulings 4.9, 4.11).

use crate::card::CardType;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, Zone};
use crate::ids::{CardId, PlayerId};

impl Game {
    /// Whether the ambassador could use Ambassadorial Healing.
    fn ambassador_needs_healing(&self, p: PlayerId) -> bool {
        let a = self.c(self.players[p as usize].ambassador);
        a.damage > 0 || a.severe > 0 || a.neutralized()
    }

    pub(crate) fn check_heal(
        &self,
        p: PlayerId,
        card: CardId,
        ambassadorial: bool,
    ) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if !c.zone.on_table() {
            return Err(Violation::NotInPlay(card));
        }
        if c.controller != p {
            return Err(Violation::NotYours(card));
        }
        if self.db.get(c.def).card_type != CardType::Character {
            return Err(Violation::WrongType {
                card,
                expected: "character",
            });
        }
        // Never on the turn it was neutralized; never while rotated (the only
        // time a neutralized card's ready or rotated state matters).
        if c.has(flag::NEUTRALIZED_THIS_TURN) {
            return Err(Violation::NeutralizedThisTurn(card));
        }
        if c.rotated() {
            return Err(Violation::NotReady(card));
        }
        if ambassadorial {
            if c.zone != Zone::InnerCircle || c.faction != p {
                return Err(Violation::NotInnerCircle(card));
            }
            if !self.ambassador_needs_healing(p) {
                return Err(Violation::NoAmbassadorToHeal);
            }
            return Ok(());
        }
        // An undamaged character cannot heal (save for ambassadorial healing).
        if !c.neutralized() && c.damage == 0 {
            return Err(Violation::NotDamaged(card));
        }
        Ok(())
    }

    /// Rotates the character to heal: all damage if unneutralized; one
    /// severe damage if neutralized with some; face up if neutralized with none.
    pub(crate) fn do_heal(&mut self, card: CardId, _ambassadorial: bool, ev: &mut Events) {
        self.rotate(card);
        let c = self.cm(card);
        c.flags |= flag::HEALED;
        let healed = if !c.neutralized() {
            let had = c.damage > 0;
            c.damage = 0;
            had
        } else if c.severe > 0 {
            c.severe -= 1;
            true
        } else {
            c.flags &= !flag::NEUTRALIZED;
            c.damage = 0;
            true
        };
        if healed {
            ev.push(Event::Healed { card });
        }
    }

    pub(crate) fn check_repair(
        &self,
        p: PlayerId,
        card: CardId,
        amount: u8,
    ) -> Result<(), Violation> {
        self.check_ready_actor(p, card)?;
        let c = self.c(card);
        if !matches!(
            self.db.get(c.def).card_type,
            CardType::Fleet | CardType::Location
        ) {
            return Err(Violation::WrongType {
                card,
                expected: "fleet or location",
            });
        }
        if c.damage == 0 {
            return Err(Violation::NotDamaged(card));
        }
        if amount == 0 || amount > c.damage {
            return Err(Violation::RepairAmount);
        }
        let have = self.players[p as usize].available();
        if amount as i16 > have {
            return Err(Violation::Unaffordable {
                need: amount as i16,
                have,
            });
        }
        Ok(())
    }

    /// Rotates and applies one influence per damage token removed.
    pub(crate) fn do_repair(&mut self, p: PlayerId, card: CardId, amount: u8, ev: &mut Events) {
        self.apply_influence(p, amount as i16);
        self.rotate(card);
        self.cm(card).damage -= amount;
        ev.push(Event::Repaired { card, amount });
    }
}
