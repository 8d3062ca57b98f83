//! The Draw Phase (Babylon 5 Empires: Draw Phase): discard any cards you
//! don't want, draw 3 (the module's number, `Options::draw_per_turn`) and
//! one more for each Diplomat on an enemy system or Babylon 5, then discard
//! down to 7.

use rand::seq::SliceRandom;

use crate::action::Action;
use crate::deck::Card;
use crate::error::Violation;
use crate::event::Event;
use crate::map::SpaceKind;
use crate::state::{Game, Loc, Phase, PlayerId, MAX_HAND};

impl Game {
    pub(crate) fn check_in_hand(&self, p: PlayerId, card: Card) -> Result<(), Violation> {
        if self.players[p as usize].hand.contains(&card) {
            Ok(())
        } else {
            Err(Violation::NotInHand(card))
        }
    }

    /// One Discard per distinct card in hand.
    pub(crate) fn discard_candidates(&self, p: PlayerId) -> Vec<Action> {
        let mut v: Vec<Action> = self.players[p as usize]
            .hand
            .iter()
            .map(|&card| Action::Discard { card })
            .collect();
        v.dedup();
        v
    }

    /// "Draw an extra card for each Diplomat you have that is located on
    /// an enemy system or Babylon 5." Each Diplomat counts: an enemy system
    /// holds at most one of yours, Babylon 5 any number.
    pub fn diplomat_draws(&self, p: PlayerId) -> usize {
        self.units
            .iter()
            .filter(|u| u.chit.is_diplomat())
            .filter_map(|u| match u.loc {
                Loc::Map { space, owner } if owner == p => Some(space),
                _ => None,
            })
            .filter(|&s| {
                let kind = self.map.spaces[s as usize].kind;
                kind == SpaceKind::Babylon5
                    || (kind.is_system() && self.spaces[s as usize].control.is_some_and(|c| c != p))
            })
            .count()
    }

    pub(crate) fn do_draw_phase(&mut self, p: PlayerId, action: Action, ev: &mut Vec<Event>) {
        match action {
            Action::Discard { card } => {
                self.discard_from_hand(p, card);
                ev.push(Event::Discarded { player: p, card });
            }
            Action::Draw => {
                let n = self.options.draw_per_turn as usize + self.diplomat_draws(p);
                self.draw_cards(p, n, ev);
                // "Max hand size = 7. Discard excess cards."
                if self.players[p as usize].hand.len() > MAX_HAND {
                    self.begin_phase(Phase::DrawExcess, ev);
                } else {
                    self.begin_phase(Phase::Move, ev);
                }
            }
            _ => {}
        }
    }
}

// The shared action deck: drawing, and shuffling the discard when the deck
// runs out (Draw Phase: "If the deck runs out, shuffle the discard and
// draw from it").

impl Game {
    /// Draws up to `n` cards for `p` (Draw Phase: "If the deck runs out,
    /// shuffle the discard and draw from it"). Returns how many were drawn:
    /// fewer when deck and discard pile are both empty.
    pub(crate) fn draw_cards(&mut self, p: PlayerId, n: usize, ev: &mut Vec<Event>) -> usize {
        let mut drawn = 0;
        for _ in 0..n {
            if self.deck.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                self.deck.append(&mut self.discard);
                self.deck.shuffle(&mut self.rng);
                ev.push(Event::DeckReshuffled {
                    cards: self.deck.len() as u16,
                });
            }
            // The top of the deck is its end.
            if let Some(c) = self.deck.pop() {
                self.players[p as usize].hand.push(c);
                drawn += 1;
            }
        }
        if drawn > 0 {
            ev.push(Event::Drew {
                player: p,
                count: drawn as u8,
            });
        }
        self.players[p as usize].hand.sort_unstable();
        drawn
    }

    /// Moves one copy of `card` from `p`'s hand to the discard pile.
    pub(crate) fn discard_from_hand(&mut self, p: PlayerId, card: Card) -> bool {
        let hand = &mut self.players[p as usize].hand;
        match hand.iter().position(|&c| c == card) {
            Some(i) => {
                hand.remove(i);
                self.discard.push(card);
                true
            }
            None => false,
        }
    }

    /// "After a battle both sides replenish their hands to 7 cards."
    pub(crate) fn refill(&mut self, p: PlayerId, ev: &mut Vec<Event>) {
        let have = self.players[p as usize].hand.len();
        if have < crate::terms::MAX_HAND {
            self.draw_cards(p, crate::terms::MAX_HAND - have, ev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_list_counts() {
        let deck = Card::full_deck();
        assert_eq!(deck.len(), 78);
        let n = |c: Card| deck.iter().filter(|&&d| d == c).count();
        assert_eq!(n(Card::TacticalMoveOrder), 15);
        assert_eq!(n(Card::StrategicMoveOrder), 6);
        assert_eq!(n(Card::SpecialCard), 6);
        assert_eq!(n(Card::TheShadowsEmerge), 1);
        assert_eq!(n(Card::Steal), 1);
        assert_eq!(n(Card::CriticalHit), 1);
        assert_eq!(n(Card::PointDefense), 1);
        assert_eq!(n(Card::Revolt), 1);
        assert_eq!(n(Card::Quantium40), 2);
        assert_eq!(n(Card::Retreat), 2);
        let mut names: Vec<&str> = Card::ALL.iter().map(|c| c.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 31);
    }
}
