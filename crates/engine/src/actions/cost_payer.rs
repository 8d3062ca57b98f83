//! Choosing the card that pays a cost of rotating or neutralizing another
//! card (Engine Rules v1.2, Costs: costs are paid by the player using them,
//! with cards that player controls). The player names it in the action
//! (`Action::UseCard::pay`): the rotated card when the action has both
//! costs (the engine then neutralizes the first other matching card), else
//! the neutralized one; an action naming none is paid with the first
//! matching card in table order, as before.

use smallvec::SmallVec;

use crate::card::{CardFilter, Cost};
use crate::effects::targets::By;
use crate::game::action::Action;
use crate::game::conflict::Target;
use crate::game::error::Violation;
use crate::game::state::Game;
use crate::ids::{CardId, PlayerId};

impl Game {
    /// The first card other than `source` and `not` that can be
    /// neutralized for the cost.
    pub(crate) fn other_cost_payer_but(
        &self,
        p: PlayerId,
        source: CardId,
        filter: &CardFilter,
        not: CardId,
    ) -> Option<CardId> {
        self.table_cards_controlled(p).find(|&c| {
            let ci = self.c(c);
            c != source
                && c != not
                && ci.controller == p
                && !ci.neutralized()
                && self.filter_matches(filter, c, By::card(p, source))
        })
    }

    /// The cost part the player's choice pays: the rotation if there is
    /// one, else the neutralization (`true` = a rotation).
    fn chosen_part(cost: &Cost) -> Option<(&CardFilter, bool)> {
        match (&cost.rotate_other, &cost.neutralize_other) {
            (Some(f), _) => Some((f, true)),
            (None, Some(f)) => Some((f, false)),
            (None, None) => None,
        }
    }

    /// Whether `pay` may pay action `index` of `card` (`NONE` always may:
    /// the engine picks).
    pub(crate) fn check_cost_payer(
        &self,
        p: PlayerId,
        card: CardId,
        index: u8,
        pay: CardId,
    ) -> Result<(), Violation> {
        if pay.is_none() {
            return Ok(());
        }
        let def = self.db.get(self.c(card).def);
        let Some(act) = def.actions.get(index as usize) else {
            return Err(Violation::BadTarget);
        };
        self.check_payer(p, card, &act.cost, pay)
    }

    /// Whether `pay` may pay the "other card" part of `cost` that the
    /// player chooses, for `source` (a card action's card, or an event
    /// being played); `NONE` always may.
    pub(crate) fn check_payer(
        &self,
        p: PlayerId,
        source: CardId,
        cost: &Cost,
        pay: CardId,
    ) -> Result<(), Violation> {
        if pay.is_none() {
            return Ok(());
        }
        let Some((f, rotate)) = Game::chosen_part(cost) else {
            return Err(Violation::NotOffered(pay));
        };
        if pay.idx() >= self.cards.len() || pay == source {
            return Err(Violation::NotOffered(pay));
        }
        let ci = self.c(pay);
        // Engine Rules v1.2, Costs: only a card the player controls pays.
        let ok = ci.zone.on_table()
            && ci.controller == p
            && !ci.neutralized()
            && !(rotate && ci.rotated())
            && self.filter_matches(f, pay, By::card(p, source));
        if !ok {
            return Err(Violation::NotOffered(pay));
        }
        // With both costs, another card must be left to neutralize.
        if let (true, Some(nf)) = (rotate, &cost.neutralize_other) {
            if self.other_cost_payer_but(p, source, nf, pay).is_none() {
                return Err(Violation::RequirementUnmet(source));
            }
        }
        Ok(())
    }

    /// The cards the player may name to pay action `index` of `card`.
    pub(crate) fn cost_payers(
        &self,
        p: PlayerId,
        card: CardId,
        index: u8,
    ) -> SmallVec<[CardId; 8]> {
        let def = self.db.get(self.c(card).def);
        match def.actions.get(index as usize) {
            Some(act) => self.payers(p, card, &act.cost),
            None => SmallVec::new(),
        }
    }

    /// The cards the player may name to pay `cost` for `source`.
    pub(crate) fn payers(&self, p: PlayerId, source: CardId, cost: &Cost) -> SmallVec<[CardId; 8]> {
        let mut out = SmallVec::new();
        if Game::chosen_part(cost).is_none() {
            return out;
        }
        for c in self.table_cards_controlled(p) {
            if self.check_payer(p, source, cost, c).is_ok() {
                out.push(c);
            }
        }
        out
    }

    /// The actions playing `card` (an event or an aftermath) on each of
    /// `targets`: one the engine pays, and one per card that may pay its
    /// `play_cost` (`make` builds the action from card, target and payer).
    pub(crate) fn push_paid(
        &self,
        p: PlayerId,
        card: CardId,
        targets: &[Target],
        out: &mut Vec<Action>,
        make: fn(CardId, Target, CardId) -> Action,
    ) {
        let payers = match &self.db.get(self.c(card).def).play_cost {
            Some(c) => self.payers(p, card, c),
            None => SmallVec::new(),
        };
        for &t in targets {
            out.push(make(card, t, CardId::NONE));
            for &pay in payers.iter() {
                out.push(make(card, t, pay));
            }
        }
    }
}
