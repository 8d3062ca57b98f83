//! Marks, taint and the Elder Races allergy (Additional Rules: Tainted Cards
//! and Marks; Allergic Cards and Marks; Marks).
//!
//! Below, converting one kind of mark into another.

use crate::card::{CardType, MarkKind, Race, Transfers};
use crate::game::event::{Event, Events};
use crate::game::state::{total_marks, Game, NOBODY};
use crate::ids::{CardId, PlayerId};

impl Game {
    /// The marks a card has: printed plus gained, less purged.
    pub fn card_marks(&self, id: CardId, kind: MarkKind) -> u8 {
        let inst = self.c(id);
        total_marks(&self.db.get(inst.def).marks, &inst.marks, kind)
    }

    /// A faction's marks: all marks on all cards in the faction, neutralized
    /// ones included (Marks).
    pub fn faction_marks(&self, p: PlayerId, kind: MarkKind) -> u32 {
        let mut n = 0u32;
        for id in self.table_cards(p) {
            n += self.card_marks(id, kind) as u32;
        }
        n
    }

    /// The marks on the cards `p` controls, in any faction: what a
    /// requirement or a cost that purges marks may use (Advanced Details
    /// about playing cards, Requirements: you cannot use cards that other
    /// players control; Factions and Control: a card you control in another
    /// faction you can use to meet requirements).
    pub fn controlled_marks(&self, p: PlayerId, kind: MarkKind) -> u32 {
        self.table_cards_controlled(p)
            .map(|id| self.card_marks(id, kind) as u32)
            .sum()
    }

    /// Shadow Tainted: a Shadow-tainted card or a Shadow mark in the faction.
    pub fn shadow_tainted(&self, p: PlayerId) -> bool {
        self.faction_tainted(p, MarkKind::Shadow)
    }

    pub fn vorlon_tainted(&self, p: PlayerId) -> bool {
        self.faction_tainted(p, MarkKind::Vorlon)
    }

    fn faction_tainted(&self, p: PlayerId, kind: MarkKind) -> bool {
        self.faction_tainted_without(p, kind, CardId::NONE, Transfers::default())
    }

    /// Whether `id` leaves play with `except` (the card being replaced): the
    /// card itself and what is attached to it and does not transfer
    /// (Appendix Two; `transfers` of the replacing card).
    fn leaves_with(&self, id: CardId, except: CardId, transfers: Transfers) -> bool {
        if except.some().is_none() {
            return false;
        }
        let c = self.c(id);
        id == except
            || (c.zone == crate::game::state::Zone::Attached
                && c.host == except
                && !transfers.attachment(self.db.get(c.def).card_type)
                && !transfers.chosen(self.db.get(c.def).card_type))
    }

    /// As `faction_tainted`, leaving out the card being replaced and what
    /// leaves play with it (rulings 4.12, "the general rule": "there is no
    /// lull, there is no overlap either"), for a card of any type.
    fn faction_tainted_without(
        &self,
        p: PlayerId,
        kind: MarkKind,
        except: CardId,
        transfers: Transfers,
    ) -> bool {
        let pl = &self.players[p as usize];
        let gone = |g: &Game, id: CardId| g.leaves_with(id, except, transfers);
        let tainted = |g: &Game, id: CardId| {
            let inst = g.c(id);
            if inst.face_down() {
                return false;
            }
            let def = g.db.get(inst.def);
            // A character is tainted by the marks it has now (printed marks can
            // be purged) and by its loyalty or the ranger keyword; other cards
            // also by the marks they print, provide or require.
            let by_race = match kind {
                MarkKind::Shadow => matches!(def.race, Race::Shadow | Race::Drakh),
                _ => def.race == Race::Vorlon || def.kw.ranger,
            };
            let printed_taint = g.db.printed_taint(inst.def, kind);
            // The card being replaced is cut off at once (rulings 4.12: no
            // lull, no overlap): the marks it (or what leaves with it)
            // provides do not count.
            let cut_off: u8 = if except.some().is_some() {
                g.mark_links
                    .iter()
                    .filter(|l| l.card == id && gone(g, l.source))
                    .map(|l| l.marks[kind.idx()])
                    .fold(0u8, u8::saturating_add)
            } else {
                0
            };
            g.card_marks(id, kind) > cut_off
                || by_race
                || (def.card_type != CardType::Character && printed_taint)
        };
        self.iter_pile(pl.inner_circle)
            .chain(self.iter_pile(pl.supporting))
            .chain(pl.agenda.some())
            .any(|id| !gone(self, id) && tainted(self, id))
            || self
                .attachments
                .iter()
                .any(|&id| !gone(self, id) && self.c(id).faction == p && tainted(self, id))
    }

    /// Allergy: a faction with one Elder Race's taint cannot gain the other's
    /// marks or cards.
    pub(crate) fn allergic_to_mark(&self, p: PlayerId, kind: MarkKind) -> bool {
        match kind {
            MarkKind::Shadow => self.vorlon_tainted(p),
            MarkKind::Vorlon => self.shadow_tainted(p),
            _ => false,
        }
    }

    /// Whether a card of this definition may join or be played by `p`'s faction.
    pub(crate) fn allergic_to_def(&self, p: PlayerId, def: crate::ids::DefId) -> bool {
        self.allergic_to_def_without(p, def, CardId::NONE, Transfers::default())
    }

    /// As `allergic_to_def`, leaving out the card being replaced and what
    /// leaves play with it (rulings 4.12: no overlap), whatever its type.
    pub(crate) fn allergic_to_def_without(
        &self,
        p: PlayerId,
        def: crate::ids::DefId,
        except: CardId,
        transfers: Transfers,
    ) -> bool {
        (self.db.printed_taint(def, MarkKind::Shadow)
            && self.faction_tainted_without(p, MarkKind::Vorlon, except, transfers))
            || (self.db.printed_taint(def, MarkKind::Vorlon)
                && self.faction_tainted_without(p, MarkKind::Shadow, except, transfers))
    }

    /// Gains (positive) or purges (negative) marks on a card. A gain allergic
    /// to the card's faction is ignored (Marks). Returns whether anything changed.
    pub(crate) fn change_marks(
        &mut self,
        id: CardId,
        kind: MarkKind,
        count: i8,
        ev: &mut Events,
    ) -> bool {
        if count == 0 {
            return false;
        }
        let fac = self.c(id).faction;
        if count > 0 && fac != crate::game::state::NOBODY && self.allergic_to_mark(fac, kind) {
            return false;
        }
        let have = self.card_marks(id, kind) as i16;
        let gained = self.c(id).marks[kind.idx()] as i16;
        let want = if count < 0 {
            (count as i16).max(-have)
        } else {
            count as i16
        };
        // The marks effects add to (or purge from) a card's printed ones are
        // kept within -128..=127: past that a gain or purge stops (the rules
        // set no maximum; card files can repeat gains without end:
        // docs/limits.md).
        let now = (gained + want).clamp(i8::MIN as i16, i8::MAX as i16);
        let delta = (now - gained) as i8;
        if delta == 0 {
            return false;
        }
        self.cm(id).marks[kind.idx()] = now as i8;
        ev.push(Event::Mark {
            card: id,
            kind,
            delta,
        });
        if count > 0 && fac != crate::game::state::NOBODY {
            self.shadow_war_taint_changed(fac, ev);
        }
        true
    }
}

// Converting one kind of mark into another ("replace a doom mark on target
// character with a destiny mark"). Engine Rules v1.2, Changes for Version
// 1.2, 2 and Glossary, Convert: "If an object is converted it does not
// count as a gain or a loss ... the character does not purge a destiny
// mark nor does it gain a doom mark" (rulings, Sheridan: "the Marks are
// replaced, not gained"). The marks change kind in place: no gain or purge
// is recorded (no `Event::Mark`), only `Event::MarksConverted`.
//
// Allergy: a conversion is not a gain, but it still attaches a mark of the
// new kind, and Marks says "any effect attaching an allergic mark to any
// card in the same faction is ignored" ("It is impossible for any game
// entity to be both Vorlon Tainted and Shadow Tainted"). So a conversion
// into a mark the card's faction is allergic to (checked as the faction
// stands before it) is ignored as a whole: the old marks stay.

impl Game {
    /// Replaces up to `count` marks of `from` on `card` with marks of `to`;
    /// false when the card has no mark of `from` to replace, or when its
    /// faction is allergic to `to` (the conversion is ignored).
    pub(crate) fn convert_marks(
        &mut self,
        card: CardId,
        from: MarkKind,
        to: MarkKind,
        count: u8,
        ev: &mut Events,
    ) -> bool {
        let have = self.card_marks(card, from).min(count).min(i8::MAX as u8);
        if have == 0 || from == to {
            return false;
        }
        let fac = self.c(card).faction;
        // Marks: an effect attaching an allergic mark is ignored.
        if fac != NOBODY && self.allergic_to_mark(fac, to) {
            return false;
        }
        let n = have as i8;
        let m = &mut self.cm(card).marks;
        m[from.idx()] = m[from.idx()].saturating_sub(n);
        m[to.idx()] = m[to.idx()].saturating_add(n);
        ev.push(Event::MarksConverted {
            card,
            from,
            to,
            count: have,
        });
        if fac != NOBODY && to.allergic_to().is_some() {
            // A Shadow or Vorlon mark taints the faction (The Shadow War).
            self.shadow_war_taint_changed(fac, ev);
        }
        true
    }
}
