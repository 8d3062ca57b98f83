//! Conquest by a card's effect, and the influence it leaves behind (rulings,
//! Search for a Home: "you conquer the location, and while you control it,
//! even if this agenda leaves play, each turn you may apply (X - 10)
//! additional influence"; Engine Rules v1.2, War Conflicts: Conquering
//! Locations). The game keeps both: which card conquered which location
//! (`Condition::HoldsConquest`), and the grants of influence each turn, which
//! belong to the game rather than to the card that made them.

use crate::card::CardSel;
use crate::effects::interpreter::Ctx;
use crate::game::event::Events;
use crate::game::state::Game;
use crate::ids::{CardId, PlayerId};

impl Game {
    /// Whether the card's player may conquer the location now: a location
    /// on the table, in another faction (War Conflicts: the initiator
    /// conquers a location of the target's).
    pub(crate) fn may_conquer(&self, p: PlayerId, loc: CardId) -> bool {
        let c = self.c(loc);
        self.db.get(c.def).card_type == crate::card::CardType::Location
            && c.zone.on_table()
            && c.faction != p
    }

    /// `Op::Conquer`: the card's player conquers each location named, and
    /// the game notes which card conquered it.
    pub(crate) fn conquer_effect(&mut self, sel: CardSel, ctx: &Ctx, ev: &mut Events) -> bool {
        let p = ctx.controller;
        let mut any = false;
        for loc in self.sel_cards(sel, ctx) {
            if !self.may_conquer(p, loc) {
                continue;
            }
            self.conquer(p, loc, ev);
            self.conquests.push((ctx.source, loc));
            any = true;
        }
        any
    }

    /// `Op::Income`: from now on, each turn the card is in the player's
    /// faction, he has `n` additional influence; this turn too, at once.
    pub(crate) fn income_effect(
        &mut self,
        n: u8,
        who: crate::card::Who,
        sel: CardSel,
        ctx: &Ctx,
    ) -> bool {
        let Some(card) = self.sel_cards(sel, ctx).first().copied() else {
            return false;
        };
        if n == 0 {
            return false;
        }
        let mut any = false;
        for p in self.who_players(who, ctx) {
            self.incomes.push((p, card, n));
            if self.holds(p, card) {
                self.players[p as usize].extra += n as i16;
            }
            any = true;
        }
        any
    }

    /// The grants of influence each turn, added when influence is restored
    /// (The Ready Round): only while the card is in the player's faction.
    pub(crate) fn add_incomes(&mut self) {
        for i in 0..self.incomes.len() {
            let (p, card, n) = self.incomes[i];
            if self.holds(p, card) && !self.players[p as usize].eliminated {
                self.players[p as usize].extra += n as i16;
            }
        }
    }

    /// A card on the table in the player's faction: a location he conquered
    /// counts, though no player controls one not loyal to his race (rulings,
    /// Search for a Home: "while you control it").
    fn holds(&self, p: PlayerId, card: CardId) -> bool {
        let c = self.c(card);
        c.faction == p && c.zone.on_table()
    }

    /// Whether a location the card conquered is still in the player's
    /// faction ("if you control no locations you conquered using this
    /// card").
    pub(crate) fn holds_conquest(&self, source: CardId, p: PlayerId) -> bool {
        self.conquests
            .iter()
            .any(|&(s, loc)| s == source && self.holds(p, loc))
    }
}
