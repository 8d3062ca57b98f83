//! Moving an attached card to another card (`move_attached`): "move target
//! enhancement to another fleet". The rules know attached cards moving only
//! through card text (Appendix Two: a replacement "transferring all attached
//! cards"; Replace a Card: "you do not transfer any ... attached cards ...
//! unless the card states otherwise"), so a move obeys what putting the card
//! there would have to obey (Enhancement Cards): a card of the type it is
//! played on, matching its own "play on" text, not already holding a copy
//! ("No two copies of the same enhancement card can target the same card"),
//! no exclusivity broken (`only one <k>`), a faction it is not allergic to
//! (Allergic Cards and Marks). It keeps its controller; the marks it
//! provides follow it (Marks: provided while attached), and a Shadow War
//! taint it brings counts for the faction it joins (Shadow War Rule 3).

use crate::card::CardSel;
use crate::card::CardType;
use crate::effects::interpreter::Ctx;
use crate::game::event::{Event, Events};
use crate::game::state::{Game, Zone};
use crate::ids::CardId;

impl Game {
    /// The attached card and its new host, when the move may happen now.
    fn attachment_move(&self, card: CardSel, onto: CardSel, ctx: &Ctx) -> Option<(CardId, CardId)> {
        let (&a, &h) = (
            self.sel_cards(card, ctx).first()?,
            self.sel_cards(onto, ctx).first()?,
        );
        let (ai, hi) = (self.c(a), self.c(h));
        let def = self.db.get(ai.def);
        let moves = matches!(def.card_type, CardType::Enhancement | CardType::Aftermath)
            && ai.zone == Zone::Attached
            && !ai.face_down()
            && a != h
            && ai.host != h
            && hi.zone.on_table()
            && def.attach.card_type() == Some(self.db.get(hi.def).card_type)
            && self.filter_matches(&def.filter, h, ai.controller)
            && !self
                .attachments
                .iter()
                .any(|&x| x != a && self.c(x).def == ai.def && self.c(x).host == h)
            && !self.exclusive_taken(def, h)
            && !self.allergic_to_def(hi.faction, ai.def);
        moves.then_some((a, h))
    }

    /// Whether `move_attached` could happen now.
    pub(crate) fn may_move_attached(&self, card: CardSel, onto: CardSel, ctx: &Ctx) -> bool {
        self.attachment_move(card, onto, ctx).is_some()
    }

    /// `move_attached`: the attached card `card` selects goes onto the card
    /// `onto` selects. False (for THEN) when it cannot.
    pub(crate) fn move_attached(
        &mut self,
        card: CardSel,
        onto: CardSel,
        ctx: &Ctx,
        ev: &mut Events,
    ) -> bool {
        let Some((a, h)) = self.attachment_move(card, onto, ctx) else {
            return false;
        };
        let from = self.c(a).host;
        let (left, joined) = (self.c(a).faction, self.c(h).faction);
        let c = self.cm(a);
        c.host = h;
        c.faction = joined;
        ev.push(Event::AttachmentMoved {
            card: a,
            from,
            to: h,
        });
        // Its bonus, lasting effects and marks now reach the new host.
        self.abilities_changed = true;
        self.passive_sources_changed(self.c(a).def);
        if left != joined {
            self.shadow_war_taint_changed(joined, ev);
        }
        true
    }

    /// Rulings 7.3 (Ambassadors and Ambassadorial Immunity): "If a card
    /// already in play becomes your ambassador, and your previous ambassador
    /// remains in play, you must transfer to the new ambassador all cards
    /// which must target an ambassador."
    pub(crate) fn ambassador_changed(&mut self, old: CardId, new: CardId, ev: &mut Events) {
        if old == new || old.idx() >= self.cards.len() || !self.c(old).zone.on_table() {
            return;
        }
        let moving: smallvec::SmallVec<[CardId; 4]> = self
            .attachments
            .iter()
            .copied()
            .filter(|&a| self.c(a).host == old && self.db.get(self.c(a).def).filter.ambassador)
            .collect();
        for a in moving {
            self.cm(a).host = new;
            ev.push(Event::AttachmentMoved {
                card: a,
                from: old,
                to: new,
            });
            self.passive_sources_changed(self.c(a).def);
        }
        self.abilities_changed = true;
    }
}
