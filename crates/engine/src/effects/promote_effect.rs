//! Promote effects (Engine Rules v1.2, Promote a Character to the Inner
//! Circle, "Promote Effects": "If a card says 'promote for free' then you do
//! not need to apply influence or rotate an Inner Circle character. If a
//! card merely says promote then you must still apply the appropriate
//! amount of influence.")
//!
//! Every other rule of promotion holds: only a supporting character of the
//! card's own faction, not neutralized (rulings 4.5), not under "cannot be
//! promoted" (The Cannot rule); the influence is the promotion cost (its
//! cost, doubled if disloyal, plus one per Inner Circle character). The
//! effect takes the place of the rotating Inner Circle character, so none
//! rotates; a promotion its player cannot pay for does not happen.

use crate::card::CardType;
use crate::card::{Cannot, CardSel};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Zone, NOBODY};
use crate::ids::CardId;

impl Game {
    /// The influence promoting the card by an effect takes (0 when free),
    /// or `None` if the card cannot be promoted now.
    pub(crate) fn effect_promotion_cost(&self, c: CardId, free: bool) -> Option<i16> {
        let ci = self.c(c);
        let p = ci.faction;
        if ci.zone != Zone::Supporting || p == NOBODY || ci.controller != p {
            return None;
        }
        if self.db.get(ci.def).card_type != CardType::Character
            || ci.neutralized()
            || self.card_cannot(c, Cannot::BePromoted, None)
        {
            return None;
        }
        if free {
            return Some(0);
        }
        let need = self.promote_cost(p, c).ok()?;
        (need <= self.players[p as usize].available()).then_some(need)
    }

    /// The `promote` effect: each card selected that can be promoted moves to
    /// its faction's Inner Circle. False if none did.
    pub(crate) fn promote_effect(
        &mut self,
        card: CardSel,
        free: bool,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        let mut any = false;
        for c in self.sel_cards(card, ctx) {
            let Some(need) = self.effect_promotion_cost(c, free) else {
                continue;
            };
            let p = self.c(c).faction;
            self.apply_influence(p, need);
            self.move_card(c, Zone::InnerCircle, p, ev);
            ev.push(Event::Promoted {
                player: p,
                card: c,
                by: CardId::NONE,
                cost: need,
            });
            any = true;
        }
        any
    }
}
