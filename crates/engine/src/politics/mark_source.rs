//! Marks tied to their source (Additional Rules: Marks; Appendix Two:
//! Replacing characters).
//!
//! "The source of any individual mark is not recorded. If a character is
//! cut off from a source of a mark (for example, if a faction switches
//! agendas or if an aftermath or enhancement is discarded or blanked) then
//! that character must purge a mark of that type." A card that provides
//! marks while it is in play ([`Passive::Marks`]) therefore keeps a
//! [`MarkLink`] per card it gives marks to: the link is how many marks of
//! each kind to purge when the two are cut off, never which marks, since
//! marks themselves are all alike.
//!
//! Appendix Two is the one time a source is looked at: on a replacement the
//! marks of sources that stay in play follow to the new card, whether or not
//! the old card still had them; the card's other marks follow only when the
//! replacement says so.

use smallvec::SmallVec;

use crate::card::{MarkKind, Passive, Transfers};
use crate::game::event::Events;
pub use crate::game::held::MarkLink;
use crate::game::state::{Game, Zone, NOBODY};
use crate::ids::CardId;

type Links = SmallVec<[MarkLink; 8]>;

impl Game {
    /// The links the rules call for now: every face-up, unblanked source in
    /// play to every card it provides marks to.
    fn wanted_mark_links(&self) -> Links {
        let mut want = Links::new();
        for &src in self.mark_sources.iter() {
            let si = self.c(src);
            for pa in self.lasting(src) {
                let Passive::Marks { filter, marks } = pa else {
                    continue;
                };
                let mut add = |card: CardId| {
                    if card.some().is_some() && self.c(card).zone.in_play() {
                        want.push(MarkLink {
                            source: src,
                            card,
                            marks: *marks,
                        });
                    }
                };
                match filter {
                    Some(f) => {
                        for id in self.all_table_cards() {
                            if self.filter_matches(f, id, self.by_card(src)) {
                                add(id);
                            }
                        }
                    }
                    // Marks: "Marks provided to a faction without specifying a
                    // target are attached to the faction's ambassador."
                    None if si.zone == Zone::Attached => add(si.host),
                    None if si.faction != NOBODY => {
                        add(self.players[si.faction as usize].ambassador)
                    }
                    None => {}
                }
            }
        }
        want
    }

    /// Brings the marks provided by lasting sources up to date: a card newly
    /// given marks gains them; a card cut off from a source purges as many
    /// marks of each kind as it was given, if it has them (Marks).
    pub(crate) fn refresh_mark_links(&mut self, ev: &mut Events) {
        // Nothing linked and no source of marks in play: nothing to do.
        if self.mark_links.is_empty() && self.mark_sources.is_empty() {
            return;
        }
        let want = self.wanted_mark_links();
        if want == self.mark_links {
            return;
        }
        let old = std::mem::take(&mut self.mark_links);
        for l in old.iter() {
            let kept = want
                .iter()
                .any(|w| w.source == l.source && w.card == l.card);
            if !kept && self.c(l.card).zone.in_play() {
                self.give_marks(l.card, &l.marks, -1, ev);
            }
        }
        for w in want.iter() {
            if !old.iter().any(|l| l.source == w.source && l.card == w.card) {
                self.give_marks(w.card, &w.marks, 1, ev);
            }
        }
        self.mark_links = want;
    }

    /// Gains (`sign` 1) or purges (`sign` -1) a set of marks on a card.
    fn give_marks(&mut self, card: CardId, marks: &[u8; 6], sign: i8, ev: &mut Events) {
        for kind in MarkKind::ALL {
            let n = marks[kind.idx()].min(i8::MAX as u8) as i8;
            if n > 0 {
                self.change_marks(card, kind, sign * n, ev);
            }
        }
    }

    /// Appendix Two, before the old card leaves: moves the attached cards the
    /// replacement transfers to `new` (of the kinds its controller chooses,
    /// those `chosen`: one bit each in the order they were offered), and
    /// works out what follows it. Returns the links to carry over and the
    /// old card's other marks when they transfer.
    pub(crate) fn replacement_carry(
        &mut self,
        old: CardId,
        new: CardId,
        transfers: Transfers,
        chosen: u64,
    ) -> (Links, [u8; 6]) {
        // Attached cards that transfer change host; the rest are discarded
        // with the old card.
        let mut offered = 0u32;
        for i in 0..self.attachments.len() {
            let a = self.attachments[i];
            let ai = self.c(a);
            if ai.host != old {
                continue;
            }
            let moves = if transfers.attachment(self.db.get(ai.def).card_type) {
                true
            } else if self.transfer_offered(a, old, transfers) {
                // Appendix Two, Example 6: a card of a chosen kind moves
                // only if its controller chose it.
                offered += 1;
                offered <= 64 && chosen & (1u64 << (offered - 1)) != 0
            } else {
                false
            };
            if moves {
                self.cm(a).host = new;
            }
        }
        let mut carried = Links::new();
        let mut linked = [0u8; 6];
        for l in self.mark_links.iter() {
            if l.card != old {
                continue;
            }
            // Every source's marks come off the old card: those of a source
            // that stays in play go to the new one; a source attached to the
            // old card stays only if it transferred, else it is discarded and
            // its marks purged.
            for (sum, n) in linked.iter_mut().zip(l.marks) {
                *sum = sum.saturating_add(n);
            }
            let si = self.c(l.source);
            if l.source != old && (si.zone != Zone::Attached || si.host != old) {
                carried.push(MarkLink { card: new, ..*l });
            }
        }
        // "Having transferred the marks acquired from other cards, look at
        // what is left": those transfer only if the replacement says so.
        let mut rest = [0u8; 6];
        if transfers.marks {
            for kind in MarkKind::ALL {
                rest[kind.idx()] = self
                    .card_marks(old, kind)
                    .saturating_sub(linked[kind.idx()]);
            }
        }
        self.mark_links.retain(|l| l.card != old);
        (carried, rest)
    }

    /// Appendix Two, once the new card is in play: it gains the carried
    /// sources' marks (even those the old card had purged) and the rest.
    pub(crate) fn replacement_receive(
        &mut self,
        new: CardId,
        carried: Links,
        rest: [u8; 6],
        ev: &mut Events,
    ) {
        for l in carried {
            self.give_marks(new, &l.marks, 1, ev);
            self.mark_links.push(l);
        }
        self.give_marks(new, &rest, 1, ev);
    }
}
