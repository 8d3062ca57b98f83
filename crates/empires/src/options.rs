//! The named rule options: every open point of the document where two
//! readings are both reasonable (docs/empires-readings.md gives each
//! reading and why the default is the default).

use serde::{Deserialize, Serialize};

/// How "roll three six sided dice" meets the 1D6 Resources table
/// (Exploration Phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExplorationRoll {
    /// Roll three dice and read the middle one on the table: every die the
    /// text asks for is rolled, the table's three results and their average
    /// stay, and a single lucky roll decides less (Moderate 13/27).
    MedianOfThree,
    /// Roll one die and read the table (the table's own "1D6").
    OneDie,
}

/// How "the losing stack loses half of its units" rounds an odd count
/// (Battle Phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    /// Half rounded up: a lone unit that loses is lost.
    Up,
    /// Half rounded down: a lone unit that loses only retreats.
    Down,
}

/// Equal force totals (Battle Phase: "The side with the highest force
/// value wins" says nothing of a tie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// The defender holds: the attacker loses.
    Defender,
    /// Nobody wins: no losses, both stacks stay, the battle is over.
    Standoff,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Draw Phase: the module's 3 cards a turn (the generic rules say 5).
    pub draw_per_turn: u8,
    /// Battle Phase: "After a battle both sides replenish their hands to 7
    /// cards" (the generic rule, which the module does not repeat).
    pub refill_after_battle: bool,
    pub exploration_roll: ExplorationRoll,
    pub casualties: Rounding,
    pub ties: TieRule,
    /// Recruit Phase: whether a unit's price includes its race's force
    /// bonus ("A units cost is equal to its Force value").
    pub cost_includes_race_bonus: bool,
    /// Move Phase: a unit moves at most once in its player's turn (and
    /// once per opposing turn by Intercept).
    pub move_once_per_turn: bool,
    /// Sets of the unit chit pile (52 chits each, 1 to 4): one by default,
    /// as the Unit Deck counts it; 2 gives 3 or 4 players more to recruit.
    /// 0 is the earlier automatic choice (one set for two players, two for
    /// three or four), kept so set-ups saved with it replay the same.
    pub chit_sets: u8,
    /// Rounds (every player one turn) after which the game stops; the
    /// player controlling the most systems leads.
    pub turn_limit: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            draw_per_turn: 3,
            refill_after_battle: true,
            exploration_roll: ExplorationRoll::MedianOfThree,
            casualties: Rounding::Up,
            ties: TieRule::Defender,
            cost_includes_race_bonus: false,
            move_once_per_turn: true,
            // Unit Deck: "# = Number of that unit in the chit pile": one set, for any player count.
            chit_sets: 1,
            turn_limit: 200,
        }
    }
}

impl Options {
    /// The chit sets used with `players` players.
    pub fn chit_sets_for(&self, players: usize) -> u8 {
        match self.chit_sets {
            0 if players <= 2 => 1,
            0 => 2,
            n => n.min(4),
        }
    }
}
