//! Appendix One: Two Player ("Duelling") games, as an option: draw 8, keep
//! three (no requirement of different types), put the rest back on top of
//! the deck; a mulligan shuffles the drawn cards back and draws one fewer.
//! (The order of the cards put back is the order they were drawn.)

use crate::error::Violation;
use crate::event::Events;
use crate::ids::{CardId, PlayerId};
use crate::setup::DUEL_KEEP;
use crate::state::{flag, Game, Zone};

impl Game {
    /// Drawn cards kept so far.
    fn kept(&self, p: PlayerId) -> usize {
        let pl = &self.players[p as usize];
        self.iter_pile(pl.hand)
            .filter(|&c| self.c(c).has(flag::KEPT))
            .count()
            - pl.chosen as usize
    }

    fn not_kept(&self, p: PlayerId) -> Vec<CardId> {
        self.iter_pile(self.players[p as usize].hand)
            .filter(|&c| !self.c(c).has(flag::KEPT))
            .collect()
    }

    pub(crate) fn check_keep(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if c.zone != Zone::Hand || c.owner != p {
            return Err(Violation::NotInHand(card));
        }
        if c.has(flag::KEPT) || self.kept(p) >= DUEL_KEEP {
            return Err(Violation::CannotKeep);
        }
        Ok(())
    }

    pub(crate) fn check_mulligan(&self, p: PlayerId) -> Result<(), Violation> {
        if self.kept(p) > 0 || self.not_kept(p).is_empty() {
            return Err(Violation::CannotKeep);
        }
        Ok(())
    }

    pub(crate) fn do_keep(&mut self, _p: PlayerId, card: CardId) {
        self.cm(card).flags |= flag::KEPT;
    }

    pub(crate) fn do_mulligan(&mut self, p: PlayerId, ev: &mut Events) {
        let drawn = self.not_kept(p);
        let n = drawn.len();
        for c in drawn {
            self.move_card(c, Zone::Deck, p, ev);
        }
        self.shuffle_deck(p);
        for _ in 0..n.saturating_sub(1) {
            self.draw_card(p, crate::event::Cause::SetUp, ev);
        }
    }

    /// Done keeping: the other drawn cards go back on top of the deck.
    pub(crate) fn finish_keep(&mut self, p: PlayerId, ev: &mut Events) {
        for c in self.not_kept(p).into_iter().rev() {
            self.move_card(c, Zone::Deck, p, ev);
        }
        let hand: Vec<CardId> = self.iter_pile(self.players[p as usize].hand).collect();
        for c in hand {
            self.cm(c).flags &= !flag::KEPT;
        }
        self.players[p as usize].chosen = 0;
    }
}
