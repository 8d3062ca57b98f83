//! An ambassador leaving play (Engine Rules v1.2, Ambassadors: "Your
//! ambassador card can never leave play, either voluntarily or otherwise
//! except through a specific card effect"; Golden Rule: the standard rules on
//! how and when an ambassador may leave play are the one thing card text does
//! not override unless it says so).
//!
//! The one consequence the rules give is Drakh Rule 3: "If your new (Drakh)
//! ambassador leaves play, you immediately lose the game" (carried out by
//! `drakh_checks`). The rules say nothing of a regular faction left without
//! its ambassador, so the specific effect (`discard_ambassador`) reaches only
//! the ambassador of a Drakh faction; on any other card it is a plain discard.
//!
//! Drakh Rule 4 ("A Drakh faction's ambassador cannot be targeted or affected
//! by any effect that would change his position as ambassador") forbids
//! replacing him: replacement is what changes an ambassador's position.
//! Leaving play is not a change of position but its end, which Rule 3
//! provides for.

use crate::card::{Cannot, CardSel};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Cause, Events};
use crate::game::state::Game;
use crate::ids::CardId;

impl Game {
    /// Whether a Drakh faction's ambassador (Drakh Rules 3-4).
    pub(crate) fn is_drakh_ambassador(&self, c: CardId) -> bool {
        self.is_ambassador(c) && self.players[self.c(c).faction as usize].drakh
    }

    /// Whether `discard_ambassador` can discard the card: any card a discard
    /// can reach, and a Drakh faction's ambassador (Ambassadors: a specific
    /// card effect), but no other ambassador.
    pub(crate) fn may_discard_even_ambassador(&self, c: CardId) -> bool {
        if self.is_ambassador(c) && !self.is_drakh_ambassador(c) {
            return false;
        }
        // The Cannot rule; Major Agendas cannot be discarded.
        !self.card_cannot(c, Cannot::BeDiscarded, None) && !self.is_major_agenda_in_play(c)
    }

    /// Carries out `discard_ambassador`: the selected cards leave play.
    pub(crate) fn discard_even_ambassador(
        &mut self,
        card: CardSel,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        let mut any = false;
        for c in self.sel_cards(card, ctx) {
            if self.may_discard_even_ambassador(c) {
                self.discard_from_play(c, Cause::Effect { card: ctx.source }, ev);
                any = true;
            }
        }
        // Drakh Rule 3: the loss is immediate (checked on the forward run).
        any
    }
}
