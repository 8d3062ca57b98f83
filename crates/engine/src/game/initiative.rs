//! Initiative (Game Overview: Initiative; The Ready Round, Step 3).

use rand::Rng;
use smallvec::SmallVec;

use crate::card::Ability;
use crate::game::event::{Event, Events};
use crate::game::state::Game;
use crate::ids::PlayerId;

impl Game {
    /// Ranks the players still in the game: the lowest Influence Rating acts
    /// first. A tie is won — acting later — by the ambassador with the higher
    /// current Diplomacy, then Intrigue, Psi and Leadership; a full tie is
    /// settled at random (rulings 2.3: damage counts, neutralized is all 0).
    pub(crate) fn determine_initiative(&mut self, ev: &mut Events) {
        // (Influence Rating, ambassador abilities, random draw, seat).
        type Key = (i16, [u8; 4], u32, PlayerId);
        let mut keys: SmallVec<[Key; 6]> = SmallVec::new();
        for p in 0..self.players.len() as PlayerId {
            let pl = &self.players[p as usize];
            if pl.eliminated {
                continue;
            }
            let amb = pl.ambassador;
            let abil = [
                self.ability(amb, Ability::Diplomacy),
                self.ability(amb, Ability::Intrigue),
                self.ability(amb, Ability::Psi),
                self.ability(amb, Ability::Leadership),
            ];
            // Initiative: the score is the Influence Rating (with its
            // modifiers), plus any initiative modifier.
            let score = self.influence_rating(p) + self.initiative_modifier(p);
            keys.push((score, abil, 0, p));
        }
        for k in keys.iter_mut() {
            k.2 = self.rng.random::<u32>();
        }
        keys.sort();
        self.initiative = keys.iter().map(|k| k.3).collect();
        ev.push(Event::InitiativeDetermined);
    }

    /// The acting order this turn, first acts first.
    pub fn initiative(&self) -> &[PlayerId] {
        &self.initiative
    }

    /// Position of a player in the acting order.
    pub(crate) fn initiative_pos(&self, p: PlayerId) -> usize {
        self.initiative
            .iter()
            .position(|&x| x == p)
            .unwrap_or(usize::MAX)
    }
}
