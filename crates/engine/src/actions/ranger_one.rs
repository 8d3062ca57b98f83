//! Ranger One (Engine Rules v1.2, Glossary): "Only one character at a time
//! may have the keyword Ranger One. Until that character leaves play, or
//! loses the text Ranger One, no other character may become Ranger One,
//! and no character with Ranger One in his game text can enter play. I.e.
//! the keyword is limited." Exceptions: "The title Ranger One is still
//! limited as per normal." Keywords are never blanked (Glossary, Keyword),
//! and no effect grants a keyword, so only entering play is checked:
//! sponsoring, putting into play, replacing (a card replacing the one
//! Ranger One in play enters as that one leaves, as a personality version
//! does) and the starting position.

use crate::game::error::Violation;
use crate::game::state::Game;
use crate::ids::CardId;

impl Game {
    /// The character in play, other than `except` and `card`, with the
    /// keyword Ranger One, when `card` has it too.
    pub(crate) fn ranger_one_in_play(&self, card: CardId, except: CardId) -> Option<CardId> {
        if !self.db.get(self.c(card).def).kw.ranger_one {
            return None;
        }
        self.all_table_cards()
            .find(|&c| c != except && c != card && self.db.get(self.c(c).def).kw.ranger_one)
    }

    /// Glossary, Ranger One: no character with it enters play while another
    /// is in play (`replacing`: the card it replaces, or `CardId::NONE`).
    pub(crate) fn check_ranger_one(
        &self,
        card: CardId,
        replacing: CardId,
    ) -> Result<(), Violation> {
        match self.ranger_one_in_play(card, replacing) {
            Some(other) => Err(Violation::RangerOneInPlay(card, other)),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::card::CardDb;
    use crate::card::{CardDef, CardType, Faction, Race};
    use crate::game::state::Game;
    use crate::turn::position::{CardPosition, PlayerPosition, Position};

    fn position(both: bool) -> Result<Game, crate::game::error::SetupError> {
        let mut envoy = CardDef::new("Earth Envoy", CardType::Character);
        envoy.race = Race::Human;
        let mut narn = CardDef::new("Narn Envoy", CardType::Character);
        narn.race = Race::Narn;
        let mut r1 = CardDef::new("Ranger Ilse", CardType::Character);
        r1.kw.ranger_one = true;
        let mut r2 = CardDef::new("Ranger Taren", CardType::Character);
        r2.kw.ranger_one = both;
        let db = CardDb::from_defs([envoy, narn, r1, r2]).unwrap();
        let id = |n: &str| db.find(n).unwrap();
        let mut a =
            PlayerPosition::new("A", Race::Human, Faction::BabylonProject, id("Earth Envoy"));
        a.supporting = vec![CardPosition::of(id("Ranger Ilse"))];
        let mut b = PlayerPosition::new("B", Race::Narn, Faction::BabylonProject, id("Narn Envoy"));
        b.supporting = vec![CardPosition::of(id("Ranger Taren"))];
        let pos = Position {
            players: vec![a, b],
            ..Position::default()
        };
        Game::from_position(&pos, Arc::new(db), 1)
    }

    /// A position with two characters with Ranger One is refused.
    #[test]
    fn two_ranger_ones_in_a_position_are_refused() {
        assert!(position(false).is_ok());
        let Err(e) = position(true) else {
            panic!("two Ranger Ones accepted")
        };
        let e = e.to_string();
        assert!(e.contains("Ranger One"), "{e}");
    }
}
