//! What a player does not know, dealt again: [`Game::determinize`] gives a
//! game that one seat cannot tell from this one, for a computer player that
//! searches ahead without reading what its seat may not see (information-set
//! search: Cowling, Powley and Whitehouse, 2012).

use rand::{Rng, RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

use std::sync::Arc;

use crate::card::{Ability, CardType};
use crate::effects::targets::{By, Targets};
use crate::game::conflict::SetCard;
use crate::game::state::{Game, Target, Zone};
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
    /// A conflict another player declared face down (the Conflict Round's
    /// step 1) is declared again as a whole: its card is any of its declarer's
    /// hidden conflict cards that could be declared now (loyalty, the
    /// Interstellar Alliance, marks, a legal target meeting the card's
    /// requirements), each such card as likely as any other, and its
    /// target any of that card's legal ones; its kind and unopposability
    /// follow the card, and the card that pays its play cost is left for
    /// the engine to pick at the Reveal step. Only when none of those cards
    /// could be declared is the declaration kept as it is.
    ///
    /// One thing a seat knows is not kept: cards it was shown once and that
    /// went back into hiding (a hand revealed by an effect, a card put back
    /// on a deck). The engine keeps no memory of them, so they are dealt
    /// again like any other. A war conflict's declaration (no card) and a
    /// conflict declared by showing the card in play that generates it are
    /// kept as they are.
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
                ci.owner == owner && !self.visible_to(c, viewer)
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
            // Conflict Round, step 1: a conflict declared face down.
            if self.c(slot).zone == Zone::Conflict {
                let pick = self.declare_again(slot, &defs, rng);
                let own = self.c(slot).def;
                let i = pick.unwrap_or_else(|| defs.iter().position(|&d| d == own).unwrap_or(0));
                defs.remove(i);
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

    /// Declares the face-down conflict whose card is `card` again with one
    /// of `defs` (its declarer's hidden cards, its own among them) and a
    /// target, each at random among those that could be declared now: the
    /// index in `defs` of the card it now is, or `None` (nothing changed)
    /// when none could be.
    fn declare_again(
        &mut self,
        card: CardId,
        defs: &[DefId],
        rng: &mut impl RngCore,
    ) -> Option<usize> {
        let k = self
            .conflicts
            .iter()
            .position(|c| c.card == card && !c.revealed && !c.war)?;
        let (own, kept) = (self.c(card).def, self.conflicts[k].target);
        // Its present target must not count as taken by "another copy".
        self.conflicts[k].target = Target::None;
        // `defs` is sorted: each definition's targets worked out once.
        let mut distinct: Vec<(DefId, Targets)> = Vec::new();
        let mut options: Vec<(usize, usize)> = Vec::new();
        for (i, &d) in defs.iter().enumerate() {
            if distinct.last().is_none_or(|(seen, _)| *seen != d) {
                let targets = self.declarable_targets(card, d);
                distinct.push((d, targets));
            }
            if !distinct[distinct.len() - 1].1.is_empty() {
                options.push((i, distinct.len() - 1));
            }
        }
        if options.is_empty() {
            self.cm(card).def = own;
            self.conflicts[k].target = kept;
            return None;
        }
        let (i, j) = options[rng.random_range(0..options.len())];
        let (i, targets) = (&i, &distinct[j].1);
        let def = self.db.get(defs[*i]);
        let (kind, unopposable) = (def.conflict.unwrap_or(Ability::Diplomacy), def.unopposable);
        self.cm(card).def = defs[*i];
        let c = &mut self.conflicts[k];
        c.kind = kind;
        c.unopposable = unopposable;
        c.target = targets[rng.random_range(0..targets.len())];
        c.pay = SetCard(CardId::NONE);
        Some(*i)
    }

    /// The targets `card`'s declarer could declare it against now if it
    /// were `def` (none if `def` could not be declared at all): the checks
    /// of a declaration that do not depend on when it was made.
    fn declarable_targets(&mut self, card: CardId, def_id: DefId) -> Targets {
        let mut ts = Targets::new();
        let db = Arc::clone(&self.db);
        let def = db.get(def_id);
        let p = self.c(card).owner;
        if def.card_type != CardType::Conflict
            || Self::def_generates_conflict(def)
            || !self.loyalty_ok(p, def)
            || self.check_isa_card(card, def).is_err()
            || self.allergic_to_def(p, def_id)
        {
            return ts;
        }
        self.cm(card).def = def_id;
        self.target_candidates(def.target, &def.filter, By::card(p, card), true, &mut ts);
        ts.retain(|t| self.requirements_met_on(p, card, def, *t));
        ts
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
