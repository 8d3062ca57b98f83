//! More restrictions in the style of `cannot.rs` (Engine Rules v1.2, Rules
//! of Precedence, The Cannot rule): a card that cannot be targeted by
//! other players' cards, a player who cannot sponsor cards of a type or a
//! race, a player who cannot gain influence. They are checked where
//! legality is decided: the target checks, the sponsoring checks shared by
//! the legal action generator and the validation of `apply`, and the gain
//! itself.

use crate::card::def::CardDef;
use crate::card::effect::Cannot;
use crate::game::error::Violation;
use crate::game::ids::{CardId, PlayerId};
use crate::game::state::Game;

impl Game {
    /// Whether `actor`'s cards may target the card ("cannot be targeted by
    /// other players' cards": only its controller's may).
    pub(crate) fn targetable_by(&self, card: CardId, actor: PlayerId) -> bool {
        self.c(card).controller == actor
            || !self.card_cannot(card, Cannot::BeTargetedByOthers, None)
    }

    /// The Cannot rule on sponsoring: a player who cannot sponsor cards of
    /// the card's type or race does not sponsor it.
    pub(crate) fn check_may_sponsor(&self, p: PlayerId, def: &CardDef) -> Result<(), Violation> {
        if !self.restrictions_imposed && self.restriction_sources.is_empty() {
            return Ok(());
        }
        for what in [
            Cannot::SponsorType(def.card_type),
            Cannot::SponsorRace(def.race),
        ] {
            if self.player_cannot(p, what) {
                return Err(Violation::Cannot {
                    card: CardId::NONE,
                    what,
                });
            }
        }
        Ok(())
    }

    /// Whether the player may gain influence now.
    pub(crate) fn may_gain_influence(&self, p: PlayerId) -> bool {
        !((self.restrictions_imposed || !self.restriction_sources.is_empty())
            && self.player_cannot(p, Cannot::GainInfluence))
    }
}
