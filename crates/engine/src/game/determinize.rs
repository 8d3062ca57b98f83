//! What a player does not know, dealt again: [`Game::determinize`] gives a
//! game that one seat cannot tell from this one, for a computer player that
//! searches ahead without reading what its seat may not see (information-set
//! search: Cowling, Powley and Whitehouse, 2012).

use rand::{Rng, RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::card::CardType;
use crate::game::state::{Game, Zone};
use crate::ids::{CardId, DefId, PlayerId};

impl Game {
    /// A copy of the game in which every card `viewer` cannot see (by
    /// [`Game::visible_to`]) is dealt again at random, and the game's own
    /// generator (which fixes every later shuffle and random discard) is
    /// replaced by one drawn from `rng`.
    ///
    /// Each owner's hidden cards are dealt among that owner's hidden places:
    /// the cards in hands, decks, Crusade Piles and reserves take any of
    /// them, in any order; a face-down card in play (a contingency, a hidden
    /// agenda) takes only a card of its type and cost, which are public (a
    /// contingency's cost is paid in the open). Everything `viewer` sees is
    /// kept, so `determinize(v, _).view(v) == view(v)`, and the result
    /// depends only on what `v` sees and on `rng`: two games that differ
    /// only in where hidden cards of one owner lie give equal results for
    /// equal generators.
    ///
    /// Each owner's own hidden cards are what is dealt: the seat is taken
    /// to know every deck's list (as with the shipped decks, named at every
    /// table), not where each card lies. A server that seats players with
    /// lists of their own must not let a search advise the others (the
    /// online table gives the greedy player's advice then).
    ///
    /// Two things a seat knows are not kept. First, cards it was shown once
    /// and that went back into hiding (a hand revealed by an effect, a card
    /// put back on a deck): the engine keeps no memory of them, so they are
    /// dealt again like any other. Second, a conflict declared face down
    /// by another player keeps its card, kind and target until it is
    /// revealed at the Reveal step of the same round (they are dealt again
    /// only as a whole declaration, which this does not attempt).
    pub fn determinize(&self, viewer: PlayerId, rng: &mut impl RngCore) -> Game {
        let mut g = self.clone();
        g.rng = Pcg64Mcg::seed_from_u64(rng.next_u64());
        for owner in 0..self.players.len() as PlayerId {
            g.deal_hidden_again(owner, viewer, rng);
        }
        g.refresh_passive_sources();
        g.refresh_keyword_cards();
        g.in_play_defs = g.counted_in_play_defs();
        g
    }

    /// Deals `owner`'s cards hidden from `viewer` again among their places.
    fn deal_hidden_again(&mut self, owner: PlayerId, viewer: PlayerId, rng: &mut impl RngCore) {
        let slots: Vec<CardId> = (0..self.cards.len() as u16)
            .map(CardId)
            .filter(|&c| {
                let ci = self.c(c);
                // Conflict Round step 1: a face-down declaration is kept whole.
                ci.owner == owner && ci.zone != Zone::Conflict && !self.visible_to(c, viewer)
            })
            .collect();
        if slots.is_empty() {
            return;
        }
        // Sorted, so that where the cards lay does not show through.
        let mut defs: Vec<DefId> = slots.iter().map(|&c| self.c(c).def).collect();
        defs.sort_unstable();
        let mut free = Vec::with_capacity(slots.len());
        for &slot in &slots {
            if Self::any_card_fits(self.c(slot).zone) {
                free.push(slot);
                continue;
            }
            let want = self.public_kind(self.c(slot).def);
            let fits: Vec<usize> = (0..defs.len())
                .filter(|&i| self.public_kind(defs[i]) == want)
                .collect();
            // Its own definition is among the hidden ones: never empty.
            let pick = fits[rng.random_range(0..fits.len())];
            self.cm(slot).def = defs.remove(pick);
        }
        for (i, &slot) in free.iter().enumerate() {
            let j = rng.random_range(i..defs.len());
            defs.swap(i, j);
            self.cm(slot).def = defs[i];
        }
    }

    /// A pile whose cards nobody but their owner tells apart by place.
    fn any_card_fits(zone: Zone) -> bool {
        matches!(
            zone,
            Zone::Hand | Zone::Deck | Zone::Crusade | Zone::Reserve
        )
    }

    /// What everyone knows of a face-down card in play: its type and cost.
    fn public_kind(&self, def: DefId) -> (CardType, Option<u8>) {
        let d = self.db.get(def);
        (d.card_type, d.cost)
    }
}
