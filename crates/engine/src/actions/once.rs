//! "Use this action only once per turn", "once per game" (card format:
//! Actions and Triggers, `once`): a card's action or triggered effect that
//! its text limits. A use is kept for the card while it stays in play (a
//! card that leaves play and comes back is a new card, Glossary: Leaves
//! Play), a turn's uses until the turn ends.

use crate::card::Limit;
use crate::game::state::{Game, UsedOnce};
use crate::ids::CardId;

/// Triggered effects are kept apart from actions by this offset on their
/// index: a card has at most `MAX_CARD_ACTIONS` actions and
/// `MAX_CARD_TRIGGERS` triggered effects (the loader refuses more), both
/// under it.
pub(crate) const TRIGGERS: u8 = 128;

impl Game {
    /// Whether the card's action (or triggered effect, `TRIGGERS + i`)
    /// limited by `limit` has been used up.
    pub(crate) fn used_up(&self, card: CardId, index: u8, limit: Option<Limit>) -> bool {
        limit.is_some()
            && self
                .used_once
                .iter()
                .any(|u| u.card == card && u.index == index)
    }

    /// Notes a use of a limited action or triggered effect.
    pub(crate) fn note_use(&mut self, card: CardId, index: u8, limit: Option<Limit>) {
        if let Some(l) = limit {
            self.used_once.push(UsedOnce {
                card,
                index,
                game: l == Limit::Game,
            });
        }
    }
}
