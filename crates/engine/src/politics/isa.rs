//! The Interstellar Alliance (Engine Rules v1.2: The Interstellar Alliance;
//! Reserve/sideboard/ISA Pile and the Engine): a state of the whole game
//! with a founder and members, brought into existence by a card's
//! `found_isa` effect; ISA cards (keyword `isa`) are playable only while it
//! exists; the once-per-turn reserve action; expulsion.

use crate::card::CardDef;
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
pub use crate::game::held::{Isa, RESERVE_MAX};
use crate::game::state::{Game, Zone, NOBODY};
use crate::ids::{CardId, PlayerId};

/// The ISA keyword: "ISA cards (cards that have ISA in boldface)".
pub const ISA_KEYWORD: &str = "isa";

impl Default for Isa {
    fn default() -> Self {
        Isa {
            exists: false,
            founder: NOBODY,
            members: 0,
        }
    }
}

impl Isa {
    pub fn is_member(&self, p: PlayerId) -> bool {
        self.exists && (p as usize) < 8 && self.members & (1 << p) != 0
    }
}

impl Game {
    /// The Interstellar Alliance's state.
    pub fn isa(&self) -> Isa {
        self.isa
    }

    /// "ISA cards cannot be played unless the ISA is in existence."
    pub(crate) fn check_isa_card(&self, card: CardId, def: &CardDef) -> Result<(), Violation> {
        if !self.isa.exists && def.has_keyword(ISA_KEYWORD) {
            return Err(Violation::NoIsa(card));
        }
        Ok(())
    }

    /// The `found_isa` effect: the ISA comes into existence, the card's
    /// player its founder and first member. Once only.
    pub(crate) fn found_isa(&mut self, p: PlayerId, ev: &mut Events) -> bool {
        if self.isa.exists || (p as usize) >= self.players.len() {
            return false;
        }
        self.isa = Isa {
            exists: true,
            founder: p,
            members: 1 << p,
        };
        ev.push(Event::IsaFounded { founder: p });
        true
    }

    /// The `join_isa` effect.
    pub(crate) fn join_isa(&mut self, p: PlayerId, ev: &mut Events) -> bool {
        if !self.isa.exists || self.isa.is_member(p) || self.players[p as usize].eliminated {
            return false;
        }
        self.isa.members |= 1 << p;
        ev.push(Event::IsaJoined { player: p });
        true
    }

    /// Expulsion from the ISA: the member "along with all other ISA members
    /// of that race" is expelled.
    pub(crate) fn expel_from_isa(&mut self, p: PlayerId, ev: &mut Events) {
        if !self.isa.is_member(p) {
            return;
        }
        let race = self.players[p as usize].race;
        for q in 0..self.players.len() as PlayerId {
            if self.isa.is_member(q) && self.players[q as usize].race == race {
                self.isa.members &= !(1 << q);
                ev.push(Event::IsaExpelled { player: q });
            }
        }
    }

    /// A war began between `a` and `b` through a card of `by`: an ISA member
    /// who declares war on, or enters war with, another member because of an
    /// event, conflict or agenda of his (any card he controls) is expelled.
    pub(crate) fn isa_war_started(
        &mut self,
        by: PlayerId,
        a: PlayerId,
        b: PlayerId,
        ev: &mut Events,
    ) {
        if !self.isa.exists || (by != a && by != b) {
            return;
        }
        let other = if by == a { b } else { a };
        if self.isa.is_member(by) && self.isa.is_member(other) {
            self.expel_from_isa(by, ev);
        }
    }

    /// Expulsion: "the faction is (or becomes) Shadow Tainted while the
    /// Shadow War is in effect". Checked as the game runs.
    pub(crate) fn isa_taint_sweep(&mut self, ev: &mut Events) {
        if !self.shadow_war || self.isa.members == 0 || !self.isa.exists {
            return;
        }
        for p in 0..self.players.len() as PlayerId {
            if self.isa.is_member(p) && self.shadow_tainted(p) {
                self.expel_from_isa(p, ev);
            }
        }
    }

    /// The reserve action (The Interstellar Alliance): once per turn, while
    /// the ISA exists, any player may discard the top card of his deck and
    /// forfeit his draws this turn to take an ISA card from his reserve.
    pub(crate) fn check_take_from_reserve(
        &self,
        p: PlayerId,
        card: CardId,
    ) -> Result<(), Violation> {
        if !self.isa.exists {
            return Err(Violation::NoIsa(card));
        }
        let pl = &self.players[p as usize];
        if pl.reserve_used {
            return Err(Violation::ReserveUsed);
        }
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if c.zone != Zone::Reserve || c.owner != p {
            return Err(Violation::NotInReserve(card));
        }
        if !self.db.get(c.def).has_keyword(ISA_KEYWORD) {
            return Err(Violation::WrongType {
                card,
                expected: "ISA card",
            });
        }
        if pl.deck.is_empty() {
            return Err(Violation::ReserveNoDeck);
        }
        Ok(())
    }

    pub(crate) fn do_take_from_reserve(&mut self, p: PlayerId, card: CardId, ev: &mut Events) {
        let Some(top) = self.players[p as usize].deck.last() else {
            return;
        };
        self.move_card(top, Zone::Discard, p, ev);
        self.move_card(card, Zone::Hand, p, ev);
        let pl = &mut self.players[p as usize];
        pl.reserve_used = true;
        pl.forfeit_draw = true;
        ev.push(Event::ReserveTaken {
            player: p,
            card,
            discarded: top,
        });
    }

    pub(crate) fn reserve_candidates(
        &self,
        p: PlayerId,
        out: &mut Vec<crate::game::action::Action>,
    ) {
        let pl = &self.players[p as usize];
        if !self.isa.exists || pl.reserve_used || pl.deck.is_empty() {
            return;
        }
        for c in self.iter_pile(pl.reserve) {
            if self.db.get(self.c(c).def).has_keyword(ISA_KEYWORD) {
                out.push(crate::game::action::Action::TakeFromReserve { card: c });
            }
        }
    }
}
