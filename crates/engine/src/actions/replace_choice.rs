//! Appendix Two, Example 6: a replacement that transfers the attached
//! cards of a kind "that her controller chooses" ("Delenn Transformed is
//! replaced by Entil'zha Delenn, transferring all enhancements,
//! contingencies, marks, and any aftermaths that her controller chooses.
//! The controller chooses to transfer Glory but not to transfer
//! Nightmares.").
//!
//! When such a replacement happens and the old card has attached cards of
//! that kind, nothing moves yet: the old card's controller is asked
//! (`ChoiceKind::Transfer`), one card at a time with `Action::Choose` and
//! "done" with `Action::Pass`; choosing the last one offered ends the choice
//! too. Only then does the replacement happen, as any other (`replace.rs`,
//! `mark_source.rs`): the chosen cards move to the new card with their
//! marks, the others are discarded with the old card and their marks
//! purged ("If a card attached to a character does not transfer, and that
//! card was providing a mark, then the card is discarded and the mark is
//! purged"). Nothing else happens in between, so the cards offered at the
//! start are still there at the end.
//!
//! Who chooses: "her controller", the replaced card's controller, who also
//! controls the new card (Replace a Card: "You can replace another
//! player's card ... control of that card passes to the player who
//! controlled the card was replaced"). While the choice lasts the replacing
//! card, still in its player's hand, is shown to everyone: it is being
//! played. Only face-up cards are ever offered (contingencies are never a
//! chosen kind: `Transfers::chosen`).

use crate::card::Transfers;
use crate::effects::choice::{Choice, ChoiceKind};
use crate::effects::second_target::SmallCards;
use crate::game::action::Action;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Target, Zone};
use crate::ids::{CardId, PlayerId};

/// At most this many attached cards are offered (one bit each in
/// `Choice::chosen`); any beyond are not transferred.
const MAX_OFFERED: usize = 64;

impl Game {
    /// What a replacing card transfers (nothing unless it says so).
    pub(crate) fn replacement_transfers(&self, card: CardId) -> Transfers {
        self.db
            .get(self.c(card).def)
            .replaces
            .as_ref()
            .map(|r| r.transfers)
            .unwrap_or_default()
    }

    /// Whether `a` is attached to `old` and of a kind that transfers only if
    /// chosen.
    pub(crate) fn transfer_offered(&self, a: CardId, old: CardId, t: Transfers) -> bool {
        let ai = self.c(a);
        ai.host == old && ai.zone == Zone::Attached && t.chosen(self.db.get(ai.def).card_type)
    }

    /// The attached cards of `old` offered, in the order of the attachments
    /// (the order `replacement_carry` counts them in).
    fn transfer_offer(&self, old: CardId, t: Transfers) -> SmallCards {
        self.attachments
            .iter()
            .copied()
            .filter(|&a| self.transfer_offered(a, old, t))
            .take(MAX_OFFERED)
            .collect()
    }

    /// Starts the choice when `old` has attached cards of a chosen kind.
    /// Returns whether it did (if not, the replacement happens at once).
    pub(crate) fn ask_transfers(
        &mut self,
        p: PlayerId,
        card: CardId,
        old: CardId,
        t: Transfers,
    ) -> bool {
        if !self
            .attachments
            .iter()
            .any(|&a| self.transfer_offered(a, old, t))
        {
            return false;
        }
        // Appendix Two, Example 6: "any aftermaths that her controller
        // chooses" (the replaced card's controller).
        let chooser = match self.c(old).controller {
            q if (q as usize) < self.players.len() => q,
            _ => p,
        };
        self.choice = Some(Choice {
            kind: ChoiceKind::Transfer,
            player: chooser,
            card,
            def: self.c(card).def,
            index: 0,
            controller: p,
            target: Target::Card(old),
            second: CardId::NONE,
            conflict: None,
            attacker: CardId::NONE,
            margin: 0,
            from_conflict: false,
            taken: 0,
            searching_deck: false,
            pay: CardId::NONE,
            chosen: 0,
            price: 0,
            chosen_player: crate::game::state::NOBODY,
        });
        true
    }

    /// The card a transfer choice replaces.
    fn transfer_old(c: &Choice) -> Option<CardId> {
        match c.target {
            Target::Card(old) => Some(old),
            _ => None,
        }
    }

    /// The attached cards the transfer choice in progress still offers.
    pub(crate) fn transfer_cards(&self, c: &Choice) -> SmallCards {
        let Some(old) = Self::transfer_old(c).filter(|o| o.idx() < self.cards.len()) else {
            return SmallCards::new();
        };
        let t = self.replacement_transfers(c.card);
        self.transfer_offer(old, t)
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| c.chosen & (1u64 << i) == 0)
            .map(|(_, a)| a)
            .collect()
    }

    /// Whether a transfer is being chosen.
    #[inline]
    pub(crate) fn transfer_pending(&self) -> bool {
        self.choice.is_some_and(|c| c.kind == ChoiceKind::Transfer)
    }

    /// The chooser's answer: one more card transfers, or "done".
    pub(crate) fn answer_transfer(&mut self, c: Choice, a: Action, ev: &mut Events) {
        let Action::Choose { card } = a else {
            self.finish_transfers(c, ev);
            return;
        };
        let Some(old) = Self::transfer_old(&c) else {
            self.choice = None;
            return;
        };
        let offer = self.transfer_offer(old, self.replacement_transfers(c.card));
        let mut next = c;
        if let Some(i) = offer.iter().position(|&x| x == card) {
            next.chosen |= 1u64 << i;
            next.taken = next.taken.saturating_add(1);
            ev.push(Event::TransferChosen {
                player: c.player,
                card,
                to: c.card,
            });
        }
        // Choosing the last card offered ends the choice.
        if self.transfer_cards(&next).is_empty() {
            self.finish_transfers(next, ev);
        } else {
            self.choice = Some(next);
        }
    }

    /// The choice is done: the replacement happens with the cards chosen.
    pub(crate) fn finish_transfers(&mut self, c: Choice, ev: &mut Events) {
        self.choice = None;
        if let Some(old) = Self::transfer_old(&c) {
            self.replace_now(c.controller, c.card, old, c.chosen, ev);
        }
    }

    /// The transfer choice in words, for menus and the waiting line:
    /// ("Entil'zha Delenn", "Delenn Transformed", "aftermaths").
    pub fn transfer_choice_words(&self) -> Option<(String, String, &'static str)> {
        let c = self.choice.filter(|c| c.kind == ChoiceKind::Transfer)?;
        let old = Self::transfer_old(&c)?;
        let t = self.replacement_transfers(c.card);
        let kinds = match (t.chosen_enhancements, t.chosen_aftermaths) {
            (true, true) => "enhancements and aftermaths",
            (true, false) => "enhancements",
            _ => "aftermaths",
        };
        Some((
            self.card_name(c.card).to_string(),
            self.card_name(old).to_string(),
            kinds,
        ))
    }

    /// The attached cards a "done" now would leave behind (discarded with
    /// the replaced card), for the label of the pass.
    pub fn transfer_left_behind(&self) -> SmallCards {
        match self.choice.filter(|c| c.kind == ChoiceKind::Transfer) {
            Some(c) => self.transfer_cards(&c),
            None => SmallCards::new(),
        }
    }
}
