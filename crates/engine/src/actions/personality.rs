//! Personalities (Engine Rules v1.2, 6.g): some characters are depicted by
//! more than one card. No more than one card of the same (limited)
//! personality is in play at a time, in any faction; a version may still
//! be played if it immediately removes the version in play from the game,
//! which is what a replacement does (Replace a Card). What the later
//! version keeps from the earlier one is Appendix Two (`mark_source`,
//! `replace`).

use crate::game::error::Violation;
use crate::game::state::Game;
use crate::ids::CardId;

impl Game {
    /// The card in play, other than `except`, that depicts the same
    /// personality as `card` (of a different name: two copies of one card
    /// are the limited rule's business).
    pub(crate) fn personality_in_play(&self, card: CardId, except: CardId) -> Option<CardId> {
        let def = self.db.get(self.c(card).def);
        let who = def.personality.as_deref()?;
        self.all_table_cards().find(|&c| {
            c != except
                && c != card
                && self
                    .db
                    .get(self.c(c).def)
                    .personality
                    .as_deref()
                    .is_some_and(|o| o.eq_ignore_ascii_case(who))
        })
    }

    /// Personalities: "No more than one card representing the same (Limited)
    /// personality can be in play at the same time, although you may play a
    /// version of a personality if it immediately removes the in-play
    /// version of that personality from the game" (`replacing` is that
    /// version, or `CardId::NONE`).
    pub(crate) fn check_personality(
        &self,
        card: CardId,
        replacing: CardId,
    ) -> Result<(), Violation> {
        match self.personality_in_play(card, replacing) {
            Some(other) => Err(Violation::PersonalityInPlay(card, other)),
            None => Ok(()),
        }
    }
}
