//! Mercenaries (Engine Rules Summary 2006: any player may pay a mercenary's
//! bid price, its printed cost, to control it until the end of the turn;
//! control does not move it from its faction).

use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::Game;
use crate::ids::{CardId, PlayerId};

impl Game {
    pub(crate) fn check_hire(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if !c.zone.on_table() {
            return Err(Violation::NotInPlay(card));
        }
        let def = self.db.get(c.def);
        if !def.kw.mercenary {
            return Err(Violation::NotMercenary(card));
        }
        if c.controller == p {
            return Err(Violation::AlreadyControl(card));
        }
        // A mercenary of bid price 0 could change hands without end.
        self.check_actions_this_turn(p, card)?;
        // The bid price is the printed cost; it is not changed by race.
        let need = def.cost.ok_or(Violation::UndefinedCost(card))? as i16;
        let have = self.players[p as usize].available();
        if need > have {
            return Err(Violation::Unaffordable { need, have });
        }
        Ok(())
    }

    pub(crate) fn do_hire(&mut self, p: PlayerId, card: CardId, ev: &mut Events) {
        let need = self.db.get(self.c(card).def).cost.unwrap_or(0) as i16;
        self.apply_influence(p, need);
        self.count_action_this_turn(p);
        self.cm(card).controller = p;
        self.refresh_foreign_control();
        ev.push(Event::Hired { player: p, card });
        // "Your" lasting text now reaches it for its bidder, not for its
        // faction (Glossary, You or Your): its abilities may change.
        self.abilities_changed = true;
        self.sweep_neutralization(ev);
    }

    /// At the end of the turn, each mercenary reverts to its faction's
    /// control, and so does a card that replaced a hired one (Replace a
    /// Card: control passes to who controlled the replaced card, whose
    /// control lasted "until the end of the turn"). On the table, only a hire
    /// gives a player control of a card of another faction (a conquered
    /// location is nobody's).
    pub(crate) fn revert_mercenaries(&mut self) {
        for i in 0..self.cards.len() {
            let c = &self.cards[i];
            if c.zone.on_table()
                && c.controller != c.faction
                && (c.controller as usize) < self.players.len()
            {
                self.cards[i].controller = self.cards[i].faction;
            }
        }
        self.refresh_foreign_control();
    }
}
