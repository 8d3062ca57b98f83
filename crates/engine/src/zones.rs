//! Moving cards between zones. Every zone change goes through
//! [`Game::move_card`], which keeps each card's `zone` field and the pile
//! lists in step and applies what leaving play means (Enhancement Cards:
//! attached cards are discarded with their target; Participants: a card that
//! leaves play leaves its conflicts; Lead a Fleet).

use crate::event::{Event, Events};
use crate::ids::{CardId, PlayerId};
use crate::state::{flag, CardInst, Game, Rotation, Until, Zone, NOBODY};

impl Game {
    #[inline]
    pub(crate) fn c(&self, id: CardId) -> &CardInst {
        &self.cards[id.idx()]
    }

    #[inline]
    pub(crate) fn cm(&mut self, id: CardId) -> &mut CardInst {
        &mut self.cards[id.idx()]
    }

    /// Removes a card from whatever list holds it (the zone field is left).
    fn unlist(&mut self, id: CardId) {
        let inst = self.cards[id.idx()];
        let owner = inst.owner as usize;
        let fac = inst.faction as usize;
        let remove = |v: &mut smallvec::SmallVec<[CardId; 12]>| {
            if let Some(i) = v.iter().position(|x| *x == id) {
                v.remove(i);
            }
        };
        match inst.zone {
            Zone::Deck => {
                let d = &mut self.players[owner].deck;
                if let Some(i) = d.iter().position(|x| *x == id) {
                    d.remove(i);
                }
            }
            Zone::Discard => {
                let d = &mut self.players[owner].discard;
                if let Some(i) = d.iter().position(|x| *x == id) {
                    d.remove(i);
                }
            }
            Zone::Hand => remove(&mut self.players[owner].hand),
            Zone::Removed => remove(&mut self.players[owner].removed),
            Zone::Crusade => remove(&mut self.players[owner].crusade),
            Zone::InnerCircle => remove(&mut self.players[fac].inner_circle),
            Zone::Supporting => remove(&mut self.players[fac].supporting),
            Zone::Agenda => {
                if self.players[fac].agenda == id {
                    self.players[fac].agenda = CardId::NONE;
                }
            }
            Zone::Attached | Zone::OnFaction | Zone::Global | Zone::Resolving => {
                if let Some(i) = self.attachments.iter().position(|x| *x == id) {
                    self.attachments.remove(i);
                }
            }
            Zone::Conflict | Zone::OutOfGame => {}
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
        match to {
            Zone::Deck => self.players[owner].deck.push(id),
            Zone::Hand => self.players[owner].hand.push(id),
            Zone::Discard => self.players[owner].discard.push(id),
            Zone::Removed => self.players[owner].removed.push(id),
            Zone::Crusade => self.players[owner].crusade.push(id),
            Zone::InnerCircle => self.players[faction as usize].inner_circle.push(id),
            Zone::Supporting => self.players[faction as usize].supporting.push(id),
            Zone::Agenda => self.players[faction as usize].agenda = id,
            Zone::Attached | Zone::OnFaction | Zone::Global | Zone::Resolving => {
                self.attachments.push(id)
            }
            Zone::Conflict | Zone::OutOfGame => {}
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
        match self.players[p as usize].deck.last().copied() {
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
        pl.inner_circle.iter().chain(pl.supporting.iter()).copied()
    }

    /// Every card in every faction's rows.
    pub(crate) fn all_table_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.players
            .iter()
            .flat_map(|pl| pl.inner_circle.iter().chain(pl.supporting.iter()))
            .copied()
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
