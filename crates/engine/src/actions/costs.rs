//! Costs beyond influence, rotating the card itself and purging marks
//! (Engine Rules v1.2, Costs; Advanced Details about playing cards:
//! "requirements and costs cannot use other players' cards"): rotating or
//! neutralizing another card the player controls, a cost that depends on
//! the sponsoring faction's race, a one-shot discount on the next card
//! sponsored this turn, and lasting surcharges on other players' sponsoring.

use crate::card::{Amount, AmountBase, CardDef, CardFilter, Cost, Passive};
use crate::effects::interpreter::Ctx;
use crate::effects::targets::By;
use crate::game::conflict::Target;
use crate::game::event::Events;
use crate::game::held::NextDiscount;
use crate::game::state::Game;
use crate::ids::{CardId, PlayerId};

impl Game {
    /// The card that pays an "other card" cost: a card `p` controls on the
    /// table, other than `source`, matching `filter`; ready and not
    /// neutralized to rotate, not neutralized to neutralize. The engine
    /// picks the first in table order (the ambassador first).
    pub(crate) fn other_cost_payer(
        &self,
        p: PlayerId,
        source: CardId,
        filter: &CardFilter,
        rotate: bool,
    ) -> Option<CardId> {
        // Engine Rules v1.2, Costs: costs use only cards the payer controls.
        self.table_cards_controlled(p).find(|&c| {
            let ci = self.c(c);
            c != source
                && ci.controller == p
                && !ci.neutralized()
                && !(rotate && ci.rotated())
                && self.filter_matches(filter, c, By::card(p, source))
        })
    }

    /// Whether the "other card" parts of a cost can be paid (with two
    /// parts, by two different cards).
    pub(crate) fn other_costs_payable(&self, p: PlayerId, source: CardId, cost: &Cost) -> bool {
        let r = match &cost.rotate_other {
            Some(f) => match self.other_cost_payer(p, source, f, true) {
                Some(c) => Some(c),
                None => return false,
            },
            None => None,
        };
        match &cost.neutralize_other {
            Some(f) => self.table_cards_controlled(p).any(|c| {
                let ci = self.c(c);
                c != source
                    && Some(c) != r
                    && ci.controller == p
                    && !ci.neutralized()
                    && self.filter_matches(f, c, By::card(p, source))
            }),
            None => true,
        }
    }

    /// Pays the "other card" parts of a cost: the first with `pay` if the
    /// player named it (`cost_payer.rs`), the second with another card.
    pub(crate) fn pay_other_costs(
        &mut self,
        p: PlayerId,
        source: CardId,
        cost: &Cost,
        pay: CardId,
        ev: &mut Events,
    ) {
        let mut rotated = CardId::NONE;
        if let Some(f) = &cost.rotate_other {
            let c = pay
                .some()
                .or_else(|| self.other_cost_payer(p, source, f, true));
            if let Some(c) = c {
                self.rotate(c);
                rotated = c;
            }
        }
        if let Some(f) = &cost.neutralize_other {
            let c = match pay.some() {
                Some(c) if rotated.is_none() => Some(c),
                _ => self.other_cost_payer_but(p, source, f, rotated),
            };
            if let Some(c) = c {
                // Neutralization by an effect: normal damage is discarded,
                // no severe damage.
                self.neutralize_by_effect(c, ev);
            }
        }
    }

    /// The cost a card is sponsored at before any modifier: the race cost
    /// for a faction of that race, else the printed cost.
    pub(crate) fn base_cost(&self, p: PlayerId, def: &CardDef) -> Option<u8> {
        let race = self.players[p as usize].race;
        match def.race_cost.iter().find(|&&(r, _)| r == race) {
            Some(&(_, n)) if def.cost.is_some() => Some(n),
            _ => def.cost,
        }
    }

    /// What lasting surcharges add to `p`'s sponsoring of the card: each
    /// card in play whose `surcharge` names `p` (relative to its controller).
    pub(crate) fn sponsor_surcharge(&self, p: PlayerId, def: &CardDef) -> i16 {
        let mut n = 0i16;
        for &src in self.cost_sources.iter() {
            let owner = self.you_of(src);
            for pa in self.lasting(src) {
                if let Passive::Surcharge {
                    who,
                    filter,
                    amount,
                } = pa
                {
                    if self.lasting_names(*who, p, owner) && filter.matches_def(def) {
                        n += self.surcharge_amount(amount, src, owner, p);
                    }
                }
            }
        }
        n
    }
}

impl Game {
    /// A lasting surcharge's amount for `p` sponsoring, on `src` that `owner`
    /// controls: `p` is its `that` ("your tension toward their race"); never
    /// below 0.
    fn surcharge_amount(&self, a: &Amount, src: CardId, owner: PlayerId, p: PlayerId) -> i16 {
        if let AmountBase::Const(n) = a.base {
            return a.finish(n as i32).clamp(0, i16::MAX as i32) as i16;
        }
        let ctx = Ctx::new(owner, src, Target::Player(p));
        self.amount(a, &ctx).clamp(0, i16::MAX as i32) as i16
    }

    /// An effect's one-shot discount on `p`'s next card sponsored this turn:
    /// on any card (`to` none), or on the next card of a kind.
    pub(crate) fn give_discount(
        &mut self,
        p: PlayerId,
        n: u8,
        to: Option<&CardFilter>,
        source: CardId,
    ) {
        match to {
            None => {
                let d = &mut self.players[p as usize].sponsor_discount;
                *d = d.saturating_add(n);
            }
            Some(f) => self.next_discounts.push(NextDiscount {
                player: p,
                n,
                source,
                to: std::sync::Arc::new(f.clone()),
            }),
        }
    }

    /// What one-shot discounts take off `p`'s sponsoring of the card: the
    /// discount on any next card, and each discount on the next card of a
    /// kind it is (several add up).
    #[inline]
    pub(crate) fn next_discount(&self, p: PlayerId, def: &CardDef) -> i16 {
        let mut n = self.players[p as usize].sponsor_discount as i16;
        if !self.next_discounts.is_empty() {
            n += self.kind_discount(p, def);
        }
        n
    }

    #[inline(never)]
    pub(crate) fn kind_discount(&self, p: PlayerId, def: &CardDef) -> i16 {
        self.next_discounts
            .iter()
            .filter(|d| d.player == p && d.to.matches_def(def))
            .map(|d| d.n as i16)
            .sum()
    }

    /// Sponsoring the card uses up the one-shot discounts on it: the one on
    /// any next card, and those on the next card of a kind it is.
    pub(crate) fn use_discounts(&mut self, p: PlayerId, def: &CardDef) {
        self.players[p as usize].sponsor_discount = 0;
        self.next_discounts
            .retain(|d| d.player != p || !d.to.matches_def(def));
    }
}
