//! The Draw Phase (Babylon 5 Empires: Draw Phase): discard any cards you
//! don't want, draw 3 (the module's number, `Options::draw_per_turn`) and
//! one more for each Diplomat on an enemy system or Babylon 5, then discard
//! down to 7.

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
