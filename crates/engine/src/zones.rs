//! Moving cards between zones. Every zone change goes through
//! [`Game::move_card`], which keeps each card's `zone` field and the pile
//! lists in step and applies what leaving play means (Enhancement Cards:
//! attached cards are discarded with their target; Participants: a card that
//! leaves play leaves its conflicts; Lead a Fleet).

use crate::event::{Event, Events};
use crate::ids::{CardId, PlayerId};
use crate::state::{flag, CardInst, Game, Pile, PileIter, PileKind, Rotation, Until, Zone, NOBODY};

impl Game {
    #[inline]
    pub(crate) fn c(&self, id: CardId) -> &CardInst {
        &self.cards[id.idx()]
    }

    #[inline]
    pub(crate) fn cm(&mut self, id: CardId) -> &mut CardInst {
        &mut self.cards[id.idx()]
    }

    /// Iterates a pile from first to last.
    #[inline]
    pub fn iter_pile(&self, pile: Pile) -> PileIter<'_> {
        PileIter {
            cards: &self.cards,
            cur: pile.head,
            left: pile.len,
        }
    }

    /// The pile of a player a zone keeps its cards in (`None` for zones kept
    /// elsewhere). Piles of owned cards belong to the owner, rows to the faction.
    fn pile_of(zone: Zone) -> Option<PileKind> {
        Some(match zone {
            Zone::Deck => PileKind::Deck,
            Zone::Hand => PileKind::Hand,
            Zone::Discard => PileKind::Discard,
            Zone::Removed => PileKind::Removed,
            Zone::Crusade => PileKind::Crusade,
            Zone::InnerCircle => PileKind::InnerCircle,
            Zone::Supporting => PileKind::Supporting,
            _ => return None,
        })
    }

    /// Appends a card (not in any pile) at the end of a player's pile.
    pub(crate) fn link_back(&mut self, p: usize, kind: PileKind, id: CardId) {
        let tail = self.players[p].pile(kind).tail;
        {
            let c = &mut self.cards[id.idx()];
            c.prev = tail;
            c.next = CardId::NONE;
        }
        match tail.some() {
            Some(t) => self.cards[t.idx()].next = id,
            None => self.players[p].pile_mut(kind).head = id,
        }
        let pile = self.players[p].pile_mut(kind);
        pile.tail = id;
        pile.len += 1;
    }

    /// Puts a card (not in any pile) first in a player's pile.
    pub(crate) fn link_front(&mut self, p: usize, kind: PileKind, id: CardId) {
        let head = self.players[p].pile(kind).head;
        {
            let c = &mut self.cards[id.idx()];
            c.prev = CardId::NONE;
            c.next = head;
        }
        match head.some() {
            Some(h) => self.cards[h.idx()].prev = id,
            None => self.players[p].pile_mut(kind).tail = id,
        }
        let pile = self.players[p].pile_mut(kind);
        pile.head = id;
        pile.len += 1;
    }

    /// Takes a card out of a player's pile.
    pub(crate) fn unlink(&mut self, p: usize, kind: PileKind, id: CardId) {
        let (prev, next) = {
            let c = &self.cards[id.idx()];
            (c.prev, c.next)
        };
        match prev.some() {
            Some(x) => self.cards[x.idx()].next = next,
            None => self.players[p].pile_mut(kind).head = next,
        }
        match next.some() {
            Some(x) => self.cards[x.idx()].prev = prev,
            None => self.players[p].pile_mut(kind).tail = prev,
        }
        let c = &mut self.cards[id.idx()];
        c.prev = CardId::NONE;
        c.next = CardId::NONE;
        let pile = self.players[p].pile_mut(kind);
        pile.len -= 1;
    }

    /// Removes a card from whatever list holds it (the zone field is left).
    fn unlist(&mut self, id: CardId) {
        let inst = self.cards[id.idx()];
        if let Some(kind) = Self::pile_of(inst.zone) {
            let p = if matches!(kind, PileKind::InnerCircle | PileKind::Supporting) {
                inst.faction
            } else {
                inst.owner
            };
            self.unlink(p as usize, kind, id);
            return;
        }
        match inst.zone {
            Zone::Agenda => {
                let fac = inst.faction as usize;
                if self.players[fac].agenda == id {
                    self.players[fac].agenda = CardId::NONE;
                }
            }
            Zone::Attached | Zone::OnFaction | Zone::Global | Zone::Resolving => {
                if let Some(i) = self.attachments.iter().position(|x| *x == id) {
                    self.attachments.remove(i);
                }
            }
            _ => {}
        }
    }

    /// Moves a card to `to`. For zones in a faction (`InnerCircle`,
    /// `Supporting`, `Agenda`, `OnFaction`) `faction` is the faction; piles
    /// (deck, hand, discard, removed) always belong to the card's owner.
    pub(crate) fn move_card(&mut self, id: CardId, to: Zone, faction: PlayerId, ev: &mut Events) {
        let from = self.cards[id.idx()].zone;
        let leaving_play = from.in_play() && !to.in_play() || from == Zone::Resolving;
        if leaving_play && to != Zone::Resolving {
            self.leave_play(id, ev);
        }
        self.unlist(id);
        let inst = &mut self.cards[id.idx()];
        inst.zone = to;
        let owner = inst.owner as usize;
        match Self::pile_of(to) {
            Some(kind @ (PileKind::InnerCircle | PileKind::Supporting)) => {
                self.link_back(faction as usize, kind, id)
            }
            Some(kind) => self.link_back(owner, kind, id),
            None => match to {
                Zone::Agenda => self.players[faction as usize].agenda = id,
                Zone::Attached | Zone::OnFaction | Zone::Global | Zone::Resolving => {
                    self.attachments.push(id)
                }
                _ => {}
            },
        }
        let inst = &mut self.cards[id.idx()];
        if to.in_play() || to == Zone::Resolving {
            if matches!(to, Zone::InnerCircle | Zone::Supporting | Zone::Agenda) {
                inst.faction = faction;
                if inst.controller == NOBODY || !from.in_play() {
                    inst.controller = faction;
                }
            }
        } else if to != Zone::Conflict {
            inst.faction = NOBODY;
            inst.controller = NOBODY;
        }
        if !to.in_play() && to != Zone::Conflict && to != Zone::Resolving {
            inst.flags = 0;
            inst.damage = 0;
            inst.severe = 0;
            inst.marks = [0; 6];
            inst.host = CardId::NONE;
            inst.rotation = Rotation::Plain;
        }
        let def = inst.def;
        self.passive_sources_changed(def);
    }

    /// What leaving play does to the game around a card.
    fn leave_play(&mut self, id: CardId, ev: &mut Events) {
        // Lead a Fleet: the link ends with either card.
        let inst = self.cards[id.idx()];
        if let Some(f) = inst.leading.some() {
            if inst.rotation == Rotation::Lead && self.cards[f.idx()].led_by == id {
                self.cards[f.idx()].led_by = CardId::NONE;
            }
        }
        if let Some(l) = inst.led_by.some() {
            let leader = &mut self.cards[l.idx()];
            if leader.leading == id {
                leader.leading = CardId::NONE;
                leader.rotation = Rotation::Plain;
            }
        }
        // Assistants assisting this card stop.
        for c in self.cards.iter_mut() {
            if c.rotation == Rotation::Assist && c.leading == id {
                c.leading = CardId::NONE;
                c.rotation = Rotation::Plain;
            }
        }
        let inst = &mut self.cards[id.idx()];
        inst.leading = CardId::NONE;
        inst.led_by = CardId::NONE;
        // Modifiers on it, and "while rotated" ones it was generating, end.
        self.mods
            .retain(|m| m.card != id && m.until != Until::WhileRotated(id));
        // Participants: a card removed from play leaves its conflicts
        // (rulings 5.2, Participants).
        for c in self.conflicts.iter_mut() {
            c.participants.retain(|p| p.card != id);
        }
        // Enhancement Cards: attached cards are discarded with their target.
        let attached: smallvec::SmallVec<[CardId; 4]> = self
            .attachments
            .iter()
            .copied()
            .filter(|a| self.cards[a.idx()].host == id)
            .collect();
        for a in attached {
            ev.push(Event::DiscardedFromPlay { card: a });
            self.move_card(a, Zone::Discard, NOBODY, ev);
        }
    }

    /// Discards a card from play to its owner's discard pile.
    pub(crate) fn discard_from_play(&mut self, id: CardId, ev: &mut Events) {
        ev.push(Event::DiscardedFromPlay { card: id });
        self.move_card(id, Zone::Discard, NOBODY, ev);
    }

    /// Removes a card from the game (Glossary: Removed from the Game): a
    /// limited card can never enter play again.
    pub(crate) fn remove_from_game(&mut self, id: CardId, ev: &mut Events) {
        let def = self.cards[id.idx()].def;
        if self.db.get(def).uniqueness == crate::card::def::Uniqueness::Limited
            && !self.limited_removed.contains(&def)
        {
            self.limited_removed.push(def);
        }
        self.move_card(id, Zone::Removed, NOBODY, ev);
    }

    /// Draws the top card of a player's deck into the hand; false when empty.
    pub(crate) fn draw_card(&mut self, p: PlayerId, ev: &mut Events) -> bool {
        match self.players[p as usize].deck.last() {
            Some(top) => {
                self.move_card(top, Zone::Hand, p, ev);
                ev.push(Event::Drew {
                    player: p,
                    card: top,
                });
                true
            }
            None => false,
        }
    }

    /// Rotates a card in play.
    pub(crate) fn rotate(&mut self, id: CardId) {
        let c = &mut self.cards[id.idx()];
        c.flags |= flag::ROTATED;
        c.rotation = Rotation::Plain;
    }

    /// Readies a card: it stops any sustained action and its "while
    /// rotated" effects end (Lasting and Sustainable Effects).
    pub(crate) fn ready_card(&mut self, id: CardId) {
        let inst = self.cards[id.idx()];
        if !inst.rotated() {
            return;
        }
        if inst.rotation == Rotation::Lead {
            if let Some(f) = inst.leading.some() {
                if self.cards[f.idx()].led_by == id {
                    self.cards[f.idx()].led_by = CardId::NONE;
                }
            }
        }
        let c = &mut self.cards[id.idx()];
        c.flags &= !flag::ROTATED;
        if matches!(c.rotation, Rotation::Lead | Rotation::Assist) {
            c.leading = CardId::NONE;
        }
        c.rotation = Rotation::Plain;
        self.mods.retain(|m| m.until != Until::WhileRotated(id));
    }

    /// Every card in a faction's rows, Inner Circle first.
    pub(crate) fn table_cards(&self, p: PlayerId) -> impl Iterator<Item = CardId> + '_ {
        let pl = &self.players[p as usize];
        self.iter_pile(pl.inner_circle)
            .chain(self.iter_pile(pl.supporting))
    }

    /// Every card in every faction's rows.
    pub(crate) fn all_table_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.players.iter().flat_map(move |pl| {
            self.iter_pile(pl.inner_circle)
                .chain(self.iter_pile(pl.supporting))
        })
    }

    /// Keeps the list of cards with lasting ("while in play") effects up to
    /// date when a card of this definition moves or turns face up.
    pub(crate) fn passive_sources_changed(&mut self, def: crate::ids::DefId) {
        if !self.db.get(def).passives.is_empty() {
            self.refresh_passive_sources();
        }
    }

    pub(crate) fn refresh_passive_sources(&mut self) {
        let mut v: smallvec::SmallVec<[CardId; 8]> = smallvec::SmallVec::new();
        let db = &self.db;
        for (i, c) in self.cards.iter().enumerate() {
            if c.zone.in_play()
                && !c.face_down()
                && !c.has(flag::BLANK)
                && !db.get(c.def).passives.is_empty()
            {
                v.push(CardId(i as u16));
            }
        }
        self.passive_sources = v;
    }
}
