//! Moving cards between zones. Every zone change goes through
//! [`Game::move_card`], which keeps each card's `zone` field and the pile
//! lists in step and applies what leaving play means (Enhancement Cards:
//! attached cards are discarded with their target; Participants: a card that
//! leaves play leaves its conflicts; Lead a Fleet).

use crate::card::Passive;
use crate::game::event::{Event, Events};
use crate::game::state::{
    flag, CardInst, Game, Pile, PileIter, PileKind, Rotation, Until, Zone, NOBODY,
};
use crate::ids::{CardId, PlayerId};

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
            Zone::Reserve => PileKind::Reserve,
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
    pub(crate) fn unlist(&mut self, id: CardId) {
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
        // Rulings 7.5: the contingencies on a conflict card go to the
        // discard pile before it does (resolved, canceled or returned).
        if from == Zone::Conflict && to != Zone::Conflict {
            self.discard_conflict_contingencies(id, ev);
        }
        let foreign = self.cards[id.idx()].controller != self.cards[id.idx()].faction;
        // "When ... is discarded from play": matched with the card as it
        // is, carried out once it has gone (`effects/watchers.rs`).
        let watchers = (from.in_play()
            && to == Zone::Discard
            && self.db.watched(crate::card::Trigger::Discarded))
        .then(|| self.watchers_of(crate::card::Trigger::Discarded, id));
        // The contingencies that answer it: matched now too, asked once it
        // has gone.
        let asked = from.in_play()
            && to == Zone::Discard
            && self.db.contingency_watches(crate::card::Trigger::Discarded);
        if asked {
            self.note_discard_answers(id);
        }
        // Only a card entering or leaving play can change abilities (a draw
        // or a discard from hand cannot).
        if from.in_play() || to.in_play() || from == Zone::Resolving {
            self.abilities_changed = true;
        }
        let leaving_play = from.in_play() && !to.in_play() || from == Zone::Resolving;
        if leaving_play && to != Zone::Resolving {
            self.leave_play(id, ev);
        }
        // "When this card leaves play": a face-up, unblanked card's own
        // triggered effects, once it has gone (who controlled it acts).
        let goes = from.in_play() && !to.in_play() && self.leaves_play_trigger(id);
        let was_controller = self.cards[id.idx()].controller;
        self.unlist(id);
        // The definitions in play: table cards and attached cards.
        let counted = |z: Zone| {
            matches!(
                z,
                Zone::InnerCircle
                    | Zone::Supporting
                    | Zone::Attached
                    | Zone::OnFaction
                    | Zone::Global
            )
        };
        if counted(from) != counted(to) {
            let def = self.cards[id.idx()].def;
            // Kept sorted, for `limited_copy_in_play`'s binary search.
            if counted(to) {
                let i = self.in_play_defs.partition_point(|&d| d < def);
                self.in_play_defs.insert(i, def);
            } else if let Ok(i) = self.in_play_defs.binary_search(&def) {
                self.in_play_defs.remove(i);
            }
        }
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
            inst.chaos = 0;
            inst.credits = 0;
            inst.host = CardId::NONE;
            inst.rotation = Rotation::Plain;
        }
        let def = inst.def;
        self.passive_sources_changed(def);
        if foreign {
            self.refresh_foreign_control();
        }
        if goes {
            self.run_leaves_play(id, was_controller, ev);
        }
        if let Some(found) = watchers.filter(|w| !w.is_empty()) {
            self.run_watchers(id, found, ev);
        }
        if asked {
            self.open_discard_window(id);
        }
    }

    /// Discards the contingencies played on a conflict card.
    fn discard_conflict_contingencies(&mut self, conflict_card: CardId, ev: &mut Events) {
        let on: smallvec::SmallVec<[CardId; 2]> = self
            .attachments
            .iter()
            .copied()
            .filter(|&a| {
                let ai = &self.cards[a.idx()];
                ai.host == conflict_card && ai.zone == Zone::Attached
            })
            .collect();
        for a in on {
            let owner = self.cards[a.idx()].owner;
            self.cards[a.idx()].flags &= !flag::FACE_DOWN;
            self.move_card(a, Zone::Discard, owner, ev);
        }
    }

    /// Recomputes whether any table card is controlled from outside its faction.
    pub(crate) fn refresh_foreign_control(&mut self) {
        // Another controller: bonuses to "your" cards start or stop.
        self.abilities_changed = true;
        self.foreign_control = self.all_table_cards().any(|c| {
            let ci = &self.cards[c.idx()];
            ci.controller != ci.faction
        });
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
        // A card that comes back is a new card: it was not ready at the
        // start of the turn, and its uses start again.
        if !self.ready_at_start.is_empty() {
            self.forget_ready_at_turn_start(id);
        }
        if !self.copy_targets.is_empty() {
            self.forget_copy_target(id);
        }
        if !self.used_once.is_empty() {
            self.used_once.retain(|u| u.card != id);
        }
        // Modifiers on it, and "while rotated" ones it was generating, end.
        self.mods.retain(|m| {
            m.card != id && m.until != Until::WhileRotated(id) && m.until != Until::WhileInPlay(id)
        });
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
            ev.push(Event::DiscardedFromPlay {
                card: a,
                cause: crate::game::event::Cause::Host { card: id },
            });
            self.move_card(a, Zone::Discard, NOBODY, ev);
        }
    }

    /// Discards a card from play to its owner's discard pile.
    pub(crate) fn discard_from_play(
        &mut self,
        id: CardId,
        cause: crate::game::event::Cause,
        ev: &mut Events,
    ) {
        ev.push(Event::DiscardedFromPlay { card: id, cause });
        self.move_card(id, Zone::Discard, NOBODY, ev);
    }

    /// Removes a card from the game (Glossary: Removed from the Game): a
    /// limited card can never enter play again.
    pub(crate) fn remove_from_game(&mut self, id: CardId, ev: &mut Events) {
        let def = self.cards[id.idx()].def;
        if self.db.get(def).uniqueness == crate::card::Uniqueness::Limited
            && !self.limited_removed.contains(&def)
        {
            self.limited_removed.push(def);
        }
        self.move_card(id, Zone::Removed, NOBODY, ev);
    }

    /// Draws the top card of a player's deck into the hand; false when empty.
    pub(crate) fn draw_card(
        &mut self,
        p: PlayerId,
        cause: crate::game::event::Cause,
        ev: &mut Events,
    ) -> bool {
        match self.players[p as usize].deck.last() {
            Some(top) => {
                self.move_card(top, Zone::Hand, p, ev);
                ev.push(Event::Drew {
                    player: p,
                    card: top,
                    cause,
                });
                true
            }
            None => false,
        }
    }

    /// Rotates a card in play.
    pub(crate) fn rotate(&mut self, id: CardId) {
        // A rotated card may start or stop matching a bonus's filter
        // ("ready characters get ..."), and lose what it gave.
        self.abilities_changed |= !self.bonus_sources.is_empty();
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
        self.abilities_changed = true;
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
    pub(crate) fn table_cards(&self, p: PlayerId) -> TableIter<'_> {
        TableIter::new(self, p as usize, p as usize + 1)
    }

    /// Every card in every faction's rows.
    pub(crate) fn all_table_cards(&self) -> TableIter<'_> {
        TableIter::new(self, 0, self.players.len())
    }

    /// Keeps the list of cards with lasting ("while in play") effects up to
    /// date when a card of this definition moves or turns face up.
    pub(crate) fn passive_sources_changed(&mut self, def: crate::ids::DefId) {
        let d = self.db.get(def);
        let (passives, keywords) = (!d.passives.is_empty(), d.kw.assistant || d.kw.mercenary);
        if passives {
            self.refresh_passive_sources();
        }
        if keywords {
            self.refresh_keyword_cards();
        }
    }

    /// Keeps the list of assistants and mercenaries on the tables.
    pub(crate) fn refresh_keyword_cards(&mut self) {
        let mut v = std::mem::take(&mut self.keyword_cards);
        v.clear();
        let db = &self.db;
        v.extend(self.all_table_cards().filter(|&c| {
            let k = &db.get(self.cards[c.idx()].def).kw;
            k.assistant || k.mercenary
        }));
        self.keyword_cards = v;
    }

    pub(crate) fn refresh_passive_sources(&mut self) {
        self.abilities_changed = true;
        // Refilled in place: their capacity is reused, nothing allocates.
        self.passive_sources.clear();
        self.bonus_sources.clear();
        self.restriction_sources.clear();
        self.mark_sources.clear();
        self.cost_sources.clear();
        self.rating_sources.clear();
        self.conditional_in_play = false;
        let db = &self.db;
        for (i, c) in self.cards.iter().enumerate() {
            if c.zone.in_play() && !c.face_down() && !c.has(flag::BLANK) {
                let passives = &db.get(c.def).passives;
                if !passives.is_empty() {
                    let id = CardId(i as u16);
                    self.passive_sources.push(id);
                    if passives.iter().any(|p| matches!(p, Passive::Bonus { .. })) {
                        self.bonus_sources.push(id);
                    }
                    if passives
                        .iter()
                        .any(|p| matches!(p, Passive::Cannot { .. } | Passive::PlayerCannot { .. }))
                    {
                        self.restriction_sources.push(id);
                    }
                    if db.get(c.def).provides_marks() {
                        self.mark_sources.push(id);
                    }
                    if passives
                        .iter()
                        .any(|p| matches!(p, Passive::Discount { .. } | Passive::Surcharge { .. }))
                    {
                        self.cost_sources.push(id);
                    }
                    if passives
                        .iter()
                        .any(|p| matches!(p, Passive::InfluenceRating(_) | Passive::Initiative(_)))
                    {
                        self.rating_sources.push(id);
                    }
                    // Only a conditional bonus (or one by an amount, worked
                    // out again as the game changes) changes abilities when
                    // its condition starts or stops holding; a card starting or
                    // stopping to match a bonus's filter (rotated, readied,
                    // damaged, healed, moved, another controller) marks
                    // `abilities_changed` where that happens.
                    let d = db.get(c.def);
                    self.conditional_in_play |= d
                        .passive_if
                        .iter()
                        .zip(passives)
                        .any(|(c, p)| c.is_some() && matches!(p, Passive::Bonus { .. }))
                        || passives
                            .iter()
                            .any(|p| matches!(p, Passive::Bonus { per: Some(_), .. }));
                }
            }
        }
    }
}

/// The cards in the rows (Inner Circle, then supporting) of the players
/// `p..end`, walking the pile links directly.
pub(crate) struct TableIter<'a> {
    game: &'a Game,
    p: usize,
    end: usize,
    supporting: bool,
    cur: CardId,
    /// Only cards this player controls (`NOBODY`: all).
    only: PlayerId,
}

impl<'a> TableIter<'a> {
    fn new(game: &'a Game, p: usize, end: usize) -> TableIter<'a> {
        let cur = if p < end {
            game.players[p].inner_circle.head
        } else {
            CardId::NONE
        };
        TableIter {
            game,
            p,
            end,
            supporting: false,
            cur,
            only: NOBODY,
        }
    }

    /// Only the cards `p` controls.
    pub(crate) fn controlled_by(mut self, p: PlayerId) -> TableIter<'a> {
        self.only = p;
        self
    }
}

impl Iterator for TableIter<'_> {
    type Item = CardId;
    // Inlined into its loops: the call itself cost more than a step.
    #[inline(always)]
    fn next(&mut self) -> Option<CardId> {
        loop {
            if let Some(c) = self.cur.some() {
                let ci = &self.game.cards[c.idx()];
                self.cur = ci.next;
                if self.only == NOBODY || ci.controller == self.only {
                    return Some(c);
                }
                continue;
            }
            if self.p >= self.end {
                return None;
            }
            if !self.supporting {
                self.supporting = true;
                self.cur = self.game.players[self.p].supporting.head;
            } else {
                self.p += 1;
                self.supporting = false;
                if self.p >= self.end {
                    return None;
                }
                self.cur = self.game.players[self.p].inner_circle.head;
            }
        }
    }
}
