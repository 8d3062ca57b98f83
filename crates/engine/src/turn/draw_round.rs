//! The Draw Round: Step 1 discard neutralized supporting cards; Step 2
//! discard from hand (simultaneous); Step 3 draw the free card (an empty
//! deck costs an Inner Circle character, or the game); Step 4 buy cards at 3
//! influence each (simultaneous); Step 5 the victory check (`victory`).
//! Also Elimination from the game, and the end of the turn.

use crate::card::{CardType, Passive};
use crate::game::error::Violation;
use crate::game::event::{Event, Events};
use crate::game::state::{flag, Game, Outcome, Step, Until, Zone, NOBODY};
use crate::ids::{CardId, PlayerId};

/// Influence per card bought.
pub const BUY_PRICE: i16 = 3;

/// What drawing the free card did.
enum FreeDraw {
    Drew,
    /// The deck was empty and the player must choose which Inner Circle
    /// character to discard.
    MustChoose,
    Eliminated,
}

impl Game {
    /// Step 1, in initiative order; Inner Circle cards stay.
    pub(crate) fn begin_draw_round(&mut self, ev: &mut Events) {
        let order = self.initiative.clone();
        for p in order {
            let fallen: smallvec::SmallVec<[CardId; 8]> = self
                .iter_pile(self.players[p as usize].supporting)
                .filter(|&c| self.c(c).neutralized())
                .collect();
            for c in fallen {
                self.discard_from_play(c, crate::game::event::Cause::Neutralized, ev);
            }
        }
        self.step = Step::DrawDiscard { answered: 0 };
    }

    pub(crate) fn check_discard(&self, p: PlayerId, card: CardId) -> Result<(), Violation> {
        self.check_in_hand(p, card)
    }

    pub(crate) fn do_discard(&mut self, p: PlayerId, card: CardId, ev: &mut Events) {
        self.move_card(card, Zone::Discard, p, ev);
        ev.push(Event::DiscardedFromHand {
            player: p,
            card,
            cause: crate::game::event::Cause::Chosen,
        });
    }

    /// Free cards a player draws: one, or the most any "N instead of one"
    /// effect gives, plus every lasting extra draw (Cumulative Effects:
    /// "instead" effects do not add up, "additional" ones do).
    fn free_cards(&self, p: PlayerId) -> u8 {
        // The Interstellar Alliance: the reserve action forfeits the draws.
        if self.players[p as usize].forfeit_draw {
            return 0;
        }
        let (mut base, mut extra) = (1u8, 0u8);
        for &src in self.passive_sources.iter() {
            if self.you_of(src) != p {
                continue;
            }
            for pa in self.lasting(src) {
                match pa {
                    Passive::ExtraDraw(k) => extra = extra.saturating_add(*k),
                    Passive::DrawInstead(k) => base = base.max(*k),
                    _ => {}
                }
            }
        }
        base.saturating_add(extra)
    }

    fn draw_free(&mut self, p: PlayerId, ev: &mut Events) -> FreeDraw {
        for _ in 0..self.free_cards(p) {
            if !self.draw_card(p, crate::game::event::Cause::DrawRound, ev) {
                // Out of new options: no reshuffle; discard an Inner Circle
                // character instead (never the ambassador), or be eliminated.
                let ic: smallvec::SmallVec<[CardId; 16]> = self.empty_deck_choices(p).collect();
                return match ic.len() {
                    0 => {
                        self.eliminate(p, ev);
                        FreeDraw::Eliminated
                    }
                    1 => {
                        self.discard_from_play(ic[0], crate::game::event::Cause::EmptyDeck, ev);
                        FreeDraw::Drew
                    }
                    _ => FreeDraw::MustChoose,
                };
            }
        }
        FreeDraw::Drew
    }

    /// Step 3 from initiative position `pos` on, then Step 4.
    pub(crate) fn draw_free_cards_from(&mut self, pos: u8, ev: &mut Events) {
        let mut i = pos as usize;
        while i < self.initiative.len() {
            let p = self.initiative[i];
            match self.draw_free(p, ev) {
                FreeDraw::Drew => i += 1,
                FreeDraw::MustChoose => {
                    self.step = Step::EmptyDeck {
                        player: p,
                        pos: i as u8,
                    };
                    return;
                }
                // The player left the initiative order: same index, next player.
                FreeDraw::Eliminated => {}
            }
        }
        self.step = Step::Buy { answered: 0 };
    }

    pub(crate) fn check_empty_deck_choice(
        &self,
        p: PlayerId,
        card: CardId,
    ) -> Result<(), Violation> {
        let c = self
            .cards
            .get(card.idx())
            .ok_or(Violation::NoSuchCard(card))?;
        if c.zone != Zone::InnerCircle || c.faction != p {
            return Err(Violation::NotInnerCircle(card));
        }
        if self.players[p as usize].ambassador == card {
            return Err(Violation::Ambassador(card));
        }
        if self.db.get(c.def).card_type != CardType::Character {
            return Err(Violation::WrongType {
                card,
                expected: "character (only an Inner Circle character is discarded)",
            });
        }
        Ok(())
    }

    /// The cards `p` may discard for a free card his empty deck cannot
    /// give: "he must instead discard 1 Inner Circle character ... your
    /// faction's ambassador cannot be discarded" (Draw Round, Step 3), in
    /// Inner Circle order.
    pub(crate) fn empty_deck_choices(&self, p: PlayerId) -> impl Iterator<Item = CardId> + '_ {
        let ambassador = self.players[p as usize].ambassador;
        self.iter_pile(self.players[p as usize].inner_circle)
            .filter(move |&c| {
                c != ambassador && self.db.get(self.c(c).def).card_type == CardType::Character
            })
    }

    /// The most cards `p` can buy: 3 influence each, no more than the deck holds.
    pub(crate) fn max_buy(&self, p: PlayerId) -> u8 {
        let pl = &self.players[p as usize];
        // The Interstellar Alliance: no draws at all after the reserve action.
        if pl.eliminated || pl.forfeit_draw {
            return 0;
        }
        let by_influence = (pl.available().max(0) / BUY_PRICE) as usize;
        by_influence.min(pl.deck.len()).min(u8::MAX as usize) as u8
    }

    pub(crate) fn check_buy(&self, p: PlayerId, count: u8) -> Result<(), Violation> {
        let max = self.max_buy(p);
        if count > max {
            return Err(Violation::BuyTooMany { max });
        }
        Ok(())
    }

    pub(crate) fn do_buy(&mut self, p: PlayerId, count: u8, ev: &mut Events) {
        if count == 0 {
            return;
        }
        self.apply_influence(p, BUY_PRICE * count as i16);
        // The purchase first, then the draws it pays for (so the log says
        // "buys 2 cards" before "draws a card (bought)").
        ev.push(Event::Bought { player: p, count });
        for _ in 0..count {
            self.draw_card(p, crate::game::event::Cause::Bought, ev);
        }
    }

    /// Elimination from the game: the player's cards leave the table (cards
    /// of others in the faction go to their owners' discard piles), the
    /// conflicts the player initiated are canceled.
    pub(crate) fn eliminate(&mut self, p: PlayerId, ev: &mut Events) {
        if self.players[p as usize].eliminated {
            return;
        }
        self.players[p as usize].eliminated = true;
        ev.push(Event::Eliminated { player: p });
        for i in 0..self.cards.len() {
            let id = CardId(i as u16);
            let c = self.c(id);
            let mine = c.owner == p;
            let in_faction = c.faction == p;
            if c.zone.in_play() && (mine || in_faction) {
                if mine {
                    self.move_card(id, Zone::OutOfGame, NOBODY, ev);
                } else {
                    self.discard_from_play(id, crate::game::event::Cause::Eliminated, ev);
                }
            }
        }
        for k in 0..self.conflicts.len() {
            if self.conflicts[k].initiator == p && self.conflicts[k].outcome == Outcome::Pending {
                self.cancel_conflict(crate::ids::ConflictId(k as u8), ev);
            }
        }
        if let Some(i) = self.initiative.iter().position(|&x| x == p) {
            self.initiative.remove(i);
            // Keep the current step pointing at the same next player.
            let fix = |pos: &mut u8| {
                if (*pos as usize) > i {
                    *pos -= 1;
                }
            };
            match &mut self.step {
                Step::Act { pos, .. } | Step::Aftermath { pos, .. } | Step::Declare { pos } => {
                    fix(pos)
                }
                _ => {}
            }
        }
        for q in 0..self.players.len() {
            self.players[q].at_war &= !(1 << p);
        }
        // Cards the eliminated player controlled (hired mercenaries) go back.
        for c in self.cards.iter_mut() {
            if c.controller == p && c.zone.on_table() {
                c.controller = c.faction;
            }
        }
        self.refresh_foreign_control();
    }

    /// The end of the turn, after the victory check: effects "until the end
    /// of the turn" expire, mercenaries revert, unresolved conflicts are
    /// canceled.
    pub(crate) fn cleanup_turn(&mut self, ev: &mut Events) {
        for k in 0..self.conflicts.len() {
            if self.conflicts[k].outcome == Outcome::Pending {
                self.cancel_conflict(crate::ids::ConflictId(k as u8), ev);
            }
        }
        for k in 0..self.conflicts.len() {
            if let Some(c) = self.conflicts[k].card.some() {
                if self.c(c).zone == Zone::Conflict {
                    let ini = self.conflicts[k].initiator;
                    self.cm(c).flags &= !flag::FACE_DOWN;
                    self.move_card(c, Zone::Discard, ini, ev);
                }
            }
        }
        self.conflicts.clear();
        // A choice or vote still open (one a delayed effect began at the end
        // of the turn) goes on into the next turn: a conflict's context ends
        // with the turn, so it no longer names one (as `delayed.rs` does).
        if let Some(c) = &mut self.choice {
            c.conflict = None;
        }
        if let Some(v) = &mut self.vote {
            v.conflict = None;
        }
        self.mods.retain(|m| {
            !matches!(
                m.until,
                Until::EndOfTurn | Until::Conflict(_) | Until::Attack
            )
        });
        // Sustained Actions: a bonus until the end of the turn from an
        // action that may be sustained goes on while its card stays
        // rotated (it ends when the card is readied in the Ready Round).
        if self
            .mods
            .iter()
            .any(|m| matches!(m.until, Until::TurnOrSustained(_)))
        {
            let cards = &self.cards;
            self.mods.retain_mut(|m| match m.until {
                Until::TurnOrSustained(c) => {
                    let ci = &cards[c.idx()];
                    let on = ci.zone.in_play() && ci.rotated() && !ci.neutralized();
                    m.until = Until::WhileRotated(c);
                    on
                }
                _ => true,
            });
        }
        self.abilities_changed = true;
        self.revert_mercenaries();
        self.limited_this_turn.clear();
        self.used_once.retain(|u| u.game);
        self.next_discounts.clear();
        self.triggers_this_turn = 0;
        self.actions_this_turn = [0; crate::game::state::MAX_PLAYERS];
        // Records of reversible effects outlive the turn: their chance is
        // the next Action Round action (`reversal.rs`).
        for pl in self.players.iter_mut() {
            pl.extra = 0;
            pl.assist_discount = 0;
            pl.conflicts_declared = 0;
            pl.reserve_used = false;
            pl.forfeit_draw = false;
            pl.sponsor_discount = 0;
        }
        for c in self.cards.iter_mut() {
            c.flags &= !(flag::NEUTRALIZED_THIS_TURN | flag::HEALED);
        }
        self.sweep_neutralization(ev);
    }
}

#[cfg(test)]
mod tests {
    use crate::card::Race;
    use crate::game::action::Action;
    use crate::game::event::Events;
    use crate::game::state::{Round, Step, Zone, NOBODY};
    use crate::test_game::{character, two_player_game};
    use crate::turn::position::CardPosition;

    /// Step 3 with an empty deck when the ambassador has left play (its
    /// owner, another player, was eliminated and took his cards off the
    /// table): every Inner Circle character may be discarded, the first one
    /// too, and what is offered is exactly what is allowed.
    #[test]
    fn empty_deck_offers_every_inner_circle_character_when_the_ambassador_is_gone() {
        let mut g = two_player_game(
            character("Harbor Envoy", Race::Human),
            vec![
                character("First Aide", Race::Human),
                character("Second Aide", Race::Human),
            ],
            |pos, id| {
                pos.round = Round::Draw;
                let ic = &mut pos.players[0].inner_circle;
                ic.push(CardPosition::of(id("First Aide")));
                ic.push(CardPosition::of(id("Second Aide")));
                pos.players[1].deck = vec![id("First Aide"); 3];
            },
        );
        let amb = g.players[0].ambassador;
        g.move_card(amb, Zone::OutOfGame, NOBODY, &mut Events::new());
        let first = g.iter_pile(g.players[0].inner_circle).next().unwrap();
        assert_ne!(first, amb);
        // Step 2: nobody discards; Step 3: A's deck is empty.
        while !matches!(g.step, Step::EmptyDeck { .. }) {
            let p = g.pending()[0];
            g.apply(p, Action::Pass).unwrap();
        }
        let listed = g.legal_actions(0);
        let inner: Vec<_> = g.iter_pile(g.players[0].inner_circle).collect();
        assert_eq!(inner.len(), 2);
        for c in inner {
            let a = Action::Choose { card: c };
            assert!(listed.contains(&a), "{a:?} is not offered");
            assert!(g.check_action(0, &a).is_ok());
        }
        assert_eq!(listed.len(), 2);
        g.apply(0, Action::Choose { card: first }).unwrap();
        assert_eq!(g.c(first).zone, Zone::Discard);
    }
}
