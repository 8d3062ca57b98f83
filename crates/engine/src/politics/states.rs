//! States other than war (Engine Rules v1.2, States; Glossary: States).
//! "Races may enter into additional relationships with each other. Such
//! relationships are called states. The most common states are various
//! forms of alliances, trade pacts (a state of free trade), and war. Most
//! states provide some game-altering abilities while in effect [...] Some
//! cards require a certain state be in effect before they can be played."
//! The rules give the other states no effect of their own: a card starts
//! or ends one (`Op::State`) and tests it (`Condition::InState...`); what
//! it does is that card's text. The rules that do decide something:
//! a state is between two parties (kept between two players, as war is);
//! War: "when races enter a state of War, all other states between the
//! races are cancelled [...] If the War later ends, the states that were
//! cancelled do not automatically restart"; and so two players at war
//! cannot enter another state until the war ends (a card that starts one
//! "unless otherwise specified" cannot overrule the war).

use crate::card::effect::StateKind;
use crate::game::ids::PlayerId;
use crate::game::state::Game;

impl Game {
    /// Whether `a` and `b` are in the state.
    pub fn in_state(&self, a: PlayerId, b: PlayerId, kind: StateKind) -> bool {
        self.players
            .get(a as usize)
            .is_some_and(|p| p.states[b as usize] & kind.bit() != 0)
    }

    /// Whether `a` is in the state with any player.
    pub(crate) fn in_state_with_anyone(&self, a: PlayerId, kind: StateKind) -> bool {
        self.players
            .get(a as usize)
            .is_some_and(|p| p.states.iter().any(|s| s & kind.bit() != 0))
    }

    /// Starts or ends the state between two players (mutual). Returns
    /// whether anything changed. Two players at war enter no other state.
    pub(crate) fn set_state(
        &mut self,
        a: PlayerId,
        b: PlayerId,
        kind: StateKind,
        on: bool,
    ) -> bool {
        let n = self.players.len();
        if a == b || a as usize >= n || b as usize >= n {
            return false;
        }
        if on && self.players[a as usize].at_war_with(b) {
            return false;
        }
        if self.in_state(a, b, kind) == on {
            return false;
        }
        for (x, y) in [(a, b), (b, a)] {
            let s = &mut self.players[x as usize].states[y as usize];
            if on {
                *s |= kind.bit();
            } else {
                *s &= !kind.bit();
            }
        }
        true
    }

    /// War cancels every other state between the two (States: War).
    pub(crate) fn end_all_states(&mut self, a: PlayerId, b: PlayerId) {
        let n = self.players.len();
        if a as usize >= n || b as usize >= n {
            return;
        }
        self.players[a as usize].states[b as usize] = 0;
        self.players[b as usize].states[a as usize] = 0;
    }
}
