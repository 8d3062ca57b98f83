//! Lead a Fleet, and Ambassador's Assistant and Assistance (Action Details;
//! Game Elements).

use crate::card::{Ability, CardType, Faction, Race};
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Rotation};
use crate::ids::{CardId, PlayerId};

impl Game {
    pub(crate) fn check_lead(
        &self,
        p: PlayerId,
        card: CardId,
        fleet: CardId,
    ) -> Result<(), Violation> {
        self.check_ready_actor(p, card)?;
        if self.db.get(self.c(card).def).card_type != CardType::Character {
            return Err(Violation::WrongType {
                card,
                expected: "character",
            });
        }
        // A character with Leadership greater than zero may lead.
        if self.used_ability(card, Ability::Leadership) == 0 {
            return Err(Violation::NoAbility {
                card,
                ability: Ability::Leadership,
            });
        }
        let f = self
            .cards
            .get(fleet.idx())
            .ok_or(Violation::NoSuchCard(fleet))?;
        if !f.zone.on_table() || self.db.get(f.def).card_type != CardType::Fleet {
            return Err(Violation::WrongType {
                card: fleet,
                expected: "fleet in play",
            });
        }
        // One of your faction's fleets.
        if f.faction != p {
            return Err(Violation::NotYours(fleet));
        }
        // Each fleet can only be led by one character at a time.
        if let Some(l) = f.led_by.some() {
            let li = self.c(l);
            if li.rotation == Rotation::Lead && li.leading == fleet {
                return Err(Violation::AlreadyLed(fleet));
            }
        }
        Ok(())
    }

    pub(crate) fn do_lead(&mut self, card: CardId, fleet: CardId, ev: &mut Events) {
        self.rotate(card);
        let c = self.cm(card);
        c.rotation = Rotation::Lead;
        c.leading = fleet;
        self.cm(fleet).led_by = card;
        ev.push(Event::Led { card, fleet });
    }

    /// Who may use an assistant, and on which ambassadors: a Babylon Project
    /// faction uses its race's assistant wherever it is; a Non-Aligned
    /// assistant helps any species ambassador of its own faction; a neutral
    /// assistant (or one whose race has no Babylon Project faction in the
    /// game) helps its own faction's ambassador.
    pub(crate) fn assist_options(
        &self,
        card: CardId,
    ) -> smallvec::SmallVec<[(PlayerId, CardId); 4]> {
        let mut v = smallvec::SmallVec::new();
        let ci = self.c(card);
        let def = self.db.get(ci.def);
        if !def.kw.assistant || !ci.zone.on_table() {
            return v;
        }
        let own = ci.faction;
        if def.race == Race::NonAligned {
            for c in self.table_cards(own) {
                let d = self.db.get(self.c(c).def);
                if c == card {
                    continue;
                }
                if self.players[own as usize].ambassador == c
                    || (d.kw.species_ambassador
                        && d.race == Race::NonAligned
                        && d.card_type == CardType::Character)
                {
                    v.push((own, c));
                }
            }
            return v;
        }
        if def.race != Race::Neutral {
            // A faction of the assistant's race: a Drakh faction for a Drakh
            // assistant (Drakh Rule 3).
            if let Some(q) = (0..self.players.len()).find(|&q| {
                let pl = &self.players[q];
                !pl.eliminated
                    && self.plays_as_race(q as PlayerId, def.race)
                    && pl.faction == Faction::BabylonProject
            }) {
                v.push((q as PlayerId, self.players[q].ambassador));
                return v;
            }
            if !self.plays_as_race(own, def.race) {
                return v;
            }
        }
        v.push((own, self.players[own as usize].ambassador));
        v
    }

    pub(crate) fn check_assist(
        &self,
        p: PlayerId,
        card: CardId,
        ambassador: CardId,
        discount: bool,
    ) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if !self.db.get(c.def).kw.assistant {
            return Err(Violation::NotAssistant(card));
        }
        if !self.assist_options(card).contains(&(p, ambassador)) {
            return Err(Violation::NotAssistant(card));
        }
        // The assistant rotates as this player's action even when another
        // player controls it (Babylon Project Ambassador's Assistant).
        if !c.zone.on_table() {
            return Err(Violation::NotInPlay(card));
        }
        if c.has(crate::game::state::flag::NEUTRALIZED_THIS_TURN) {
            return Err(Violation::NeutralizedThisTurn(card));
        }
        if c.rotated() || c.neutralized() {
            return Err(Violation::NotReady(card));
        }
        if discount && ambassador != self.players[p as usize].ambassador {
            return Err(Violation::BadTarget);
        }
        Ok(())
    }

    pub(crate) fn do_assist(
        &mut self,
        p: PlayerId,
        card: CardId,
        ambassador: CardId,
        discount: bool,
        ev: &mut Events,
    ) {
        self.rotate(card);
        if discount {
            self.players[p as usize].assist_discount += 1;
        } else {
            let c = self.cm(card);
            c.rotation = Rotation::Assist;
            c.leading = ambassador;
        }
        ev.push(Event::Assisted {
            card,
            ambassador,
            discount,
        });
    }
}
