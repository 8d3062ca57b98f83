//! Blanking as an effect (Engine Rules v1.2, Bonuses and Blanking; Card
//! Details; Glossary: Boldface, Keyword, Irrevocable).
//!
//! "Target card's text is blanked this turn" uses the same mechanism as a
//! conquered location: the card's `BLANK` flag, which every reader of effect
//! text already honours (its actions, triggers, lasting effects, power
//! bonus, bonus and the marks it provides stop; `crate::politics::mark_source` purges
//! the marks it was providing). The effect also records a `ModKind::Blank`
//! modifier with its duration; [`Game::sync_blanks`] keeps the flag in step
//! with those modifiers as they arise and expire. Keywords and Multiple,
//! Limited or Unique are irrevocable and are never blanked (Card Details):
//! the engine reads them from the definition, not through the flag.

use crate::card::{Cannot, CardSel, Duration};
use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, ModKind, Until, NOBODY};
use crate::ids::CardId;

impl Game {
    /// Whether an effect could blank the card now: in play, face up, not
    /// under a "cannot be blanked" restriction (The Cannot rule), and not
    /// irrevocable (Glossary, Irrevocable: it "cannot be ... blanked").
    pub(crate) fn may_blank(&self, c: CardId) -> bool {
        let ci = self.c(c);
        ci.zone.in_play()
            && !ci.face_down()
            && !self.db.get(ci.def).has_keyword("irrevocable")
            && !self.card_cannot(c, Cannot::BeBlanked, None)
    }

    /// The `blank` effect: blanks the cards selected for the duration.
    /// False if nothing was blanked.
    pub(crate) fn blank_effect(
        &mut self,
        card: CardSel,
        duration: Duration,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        let mut any = false;
        for c in self.sel_cards(card, ctx) {
            if !self.may_blank(c) {
                continue;
            }
            self.push_mod(c, ModKind::Blank, duration, ctx);
            // Bonuses and Blanking: bonuses that occur "while" the card's
            // effect is maintained expire when it is blanked.
            self.mods
                .retain(|m| m.until != Until::WhileInPlay(c) && m.until != Until::WhileRotated(c));
            self.effect_blanks = true;
            ev.push(Event::Blanked { card: c });
            any = true;
        }
        if any {
            self.sync_blanks();
        }
        any
    }

    /// Keeps the `BLANK` flag in step with the blanking modifiers: a card
    /// with one is blanked; a card blanked by an effect whose modifiers have
    /// all ended gets its text back (a conquered location nobody controls
    /// stays blanked: Conquering Locations). Cheap when nothing was ever
    /// blanked by an effect.
    pub(crate) fn sync_blanks(&mut self) {
        if !self.effect_blanks {
            return;
        }
        let mut changed = false;
        let mut still = false;
        for i in 0..self.mods.len() {
            let m = self.mods[i];
            if m.kind != ModKind::Blank {
                continue;
            }
            still = true;
            let ci = &mut self.cards[m.card.idx()];
            if ci.zone.in_play() && !ci.has(flag::BLANK) {
                ci.flags |= flag::BLANK;
                changed = true;
            }
        }
        for i in 0..self.cards.len() {
            let ci = self.cards[i];
            if !ci.has(flag::BLANK) || !ci.zone.in_play() {
                continue;
            }
            let conquered = ci.controller == NOBODY && ci.zone.on_table();
            if conquered {
                continue;
            }
            let id = CardId(i as u16);
            if !self
                .mods
                .iter()
                .any(|m| m.card == id && m.kind == ModKind::Blank)
            {
                self.cards[i].flags &= !flag::BLANK;
                changed = true;
            }
        }
        self.effect_blanks = still;
        if changed {
            self.refresh_passive_sources();
        }
    }
}
