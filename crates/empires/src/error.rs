//! Errors: an illegal action is a [`RuleError`] citing the section of the
//! document it breaks; a bad set-up is a [`SetupError`].

use crate::chits::Marker;
use crate::deck::Card;
use crate::terms::{SpaceId, UnitId};

/// Why an action is illegal: cheap to build, no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    GameOver,
    NoSuchPlayer,
    /// The player has no choice to make now.
    NotPending,
    /// That kind of action is not a choice at this point.
    WrongTime {
        verb: &'static str,
        when: &'static str,
    },
    NotInHand(Card),
    /// The card cannot be played at this point.
    CardNotNow(Card),
    /// A Special Card used as something its race cannot use it as, or
    /// `as_card` on another card.
    BadSpecialUse(Card),
    BadTarget(&'static str),
    NoSuchSpace(SpaceId),
    NoSuchUnit(UnitId),
    NotYourUnit(UnitId),
    AlreadyPicked(UnitId),
    NotPicked(UnitId),
    /// Units moving together start in one space.
    NotSameSpace(UnitId),
    AlreadyMoved(UnitId),
    NothingPicked,
    LeaderAlone,
    TooFar(SpaceId),
    NoEntry(SpaceId),
    /// A second Diplomat of one player on a planetary system.
    TwoDiplomats(SpaceId),
    /// Not a casualty that can be chosen now.
    NotACasualty(UnitId),
    NoRetreatThere(SpaceId),
    NotOffered(UnitId),
    Unaffordable {
        need: i32,
        have: i32,
    },
    NotARecruitSpace(SpaceId),
    NotControlled(SpaceId),
    NotASystem(SpaceId),
    NotExplored(SpaceId),
    AlreadyBuilt(SpaceId, Marker),
    NeedsColony(SpaceId),
    NeedsQuantium,
    /// Discarding more than the step asks.
    NoDiscardNeeded,
    /// The hand is over its limit: discard first.
    MustDiscard,
    /// Upkeep: the player's units are within what revenue supports.
    WithinUpkeep,
    /// Peace Treaty: this player cannot attack that one this turn.
    PeaceTreaty,
}

impl Violation {
    /// The rule broken, citing the document's sections.
    pub fn rule(&self) -> &'static str {
        use Violation::*;
        match self {
            GameOver => "Babylon 5 Empires: Victory",
            NoSuchPlayer | NotPending | WrongTime { .. } => {
                "Warp Empires: Turn Sequence (players take turns; each turn has its phases)"
            }
            NotInHand(_) | BadTarget(_) | CardNotNow(_) => {
                "Babylon 5 Empires: Action Deck Card List"
            }
            BadSpecialUse(_) => "Babylon 5 Empires: Race Notes (Special Card)",
            NoSuchSpace(_) | NoEntry(_) => {
                "Babylon 5 Empires: Map (Supernovas & Blackholes: No entry possible)"
            }
            NoSuchUnit(_) | NotYourUnit(_) | AlreadyPicked(_) | NotPicked(_) | NotSameSpace(_)
            | AlreadyMoved(_) | NothingPicked | TooFar(_) => {
                "Babylon 5 Empires: Move Phase (use Action cards to move stacks or units in stacks)"
            }
            LeaderAlone => "Babylon 5 Empires: Move Phase (Leaders must travel with other units)",
            TwoDiplomats(_) => {
                "Babylon 5 Empires: Draw Phase (You cannot have more than one Diplomat on a system)"
            }
            NotACasualty(_) => "Warp Empires: Battle Phase (the losing stack loses half of its units; the winner loses at least half the force lost)",
            NoRetreatThere(_) => "Warp Empires: Battle Phase (the losing stack must retreat one space)",
            NotOffered(_) | Unaffordable { .. } => {
                "Warp Empires: Recruit Phase (a unit's cost is equal to its Force value)"
            }
            NotARecruitSpace(_) => "Babylon 5 Empires: Recruit Phase (Units must start at your Homeworld or a planet with a Shipyard)",
            NotControlled(_) | NotASystem(_) | NotExplored(_) => {
                "Babylon 5 Empires: Recruit Phase (You may build a colony on a system you control)"
            }
            AlreadyBuilt(..) => "Babylon 5 Empires: Recruit Phase (a maximum of 1 colony and 1 shipyard)",
            NeedsColony(_) => "Babylon 5 Empires: Recruit Phase (A system must first have a colony)",
            NeedsQuantium => "Babylon 5 Empires: Other Markers (You can only build a Jumpgate if you play a Quantium 40 card)",
            NoDiscardNeeded | MustDiscard => "Babylon 5 Empires: Draw Phase (Max hand size = 7)",
            WithinUpkeep => "Warp Empires: Upkeep Phase",
            PeaceTreaty => "Babylon 5 Empires: Action Deck (Peace Treaty: Opponent cannot attack you this turn)",
        }
    }

    /// What was wrong, in a sentence.
    pub fn message(&self) -> String {
        use Violation::*;
        match self {
            GameOver => "the game is over".into(),
            NoSuchPlayer => "no such player".into(),
            NotPending => "it is not this player's choice now".into(),
            WrongTime { verb, when } => format!("cannot {verb} now: {when}"),
            NotInHand(c) => format!("{} is not in hand", c.name()),
            CardNotNow(c) => format!("{} cannot be played now", c.name()),
            BadSpecialUse(c) => format!("this Special Card cannot be used as {}", c.name()),
            BadTarget(why) => format!("bad target: {why}"),
            NoSuchSpace(s) => format!("no space {s}"),
            NoSuchUnit(u) => format!("no unit {}", u.0),
            NotYourUnit(u) => format!("unit {} is not one of your units on the map", u.0),
            AlreadyPicked(u) => format!("unit {} is already picked", u.0),
            NotPicked(u) => format!("unit {} is not picked", u.0),
            NotSameSpace(u) => format!("unit {} is not in the space of the stack being moved", u.0),
            AlreadyMoved(u) => format!("unit {} has already moved this turn", u.0),
            NothingPicked => "no units are picked to move".into(),
            LeaderAlone => "leaders must travel with other units".into(),
            TooFar(s) => format!("space {s} cannot be reached by this stack on this move"),
            NoEntry(s) => format!("space {s} cannot be entered"),
            TwoDiplomats(s) => format!("you would have two Diplomats on the system at space {s}"),
            NotACasualty(u) => format!("unit {} cannot be chosen as a casualty now", u.0),
            NoRetreatThere(s) => format!("the stack cannot retreat to space {s}"),
            NotOffered(u) => format!("unit {} is not among the units you drew", u.0),
            Unaffordable { need, have } => format!("costs {need} revenue points, you have {have}"),
            NotARecruitSpace(s) => {
                format!("space {s} is neither your homeworld nor a system with your shipyard")
            }
            NotControlled(s) => format!("you do not control space {s}"),
            NotASystem(s) => format!("space {s} is not a planetary system that takes markers"),
            NotExplored(s) => format!("space {s} is not explored"),
            AlreadyBuilt(s, m) => format!("space {s} already has a {}", m.name()),
            NeedsColony(s) => format!("space {s} needs a colony first"),
            NeedsQuantium => "a Jumpgate needs a Quantium 40 card from your hand".into(),
            NoDiscardNeeded => "your hand is within its limit".into(),
            MustDiscard => "your hand is over 7 cards: discard first".into(),
            WithinUpkeep => "your units are all within upkeep".into(),
            PeaceTreaty => "a Peace Treaty stops you attacking that player this turn".into(),
        }
    }
}

/// An illegal action: the state is untouched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} ({rule})")]
pub struct RuleError {
    pub violation: Violation,
    pub message: String,
    pub rule: &'static str,
}

impl From<Violation> for RuleError {
    fn from(v: Violation) -> Self {
        RuleError {
            violation: v,
            message: v.message(),
            rule: v.rule(),
        }
    }
}

/// A set-up that cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("a game needs 2 to 4 players, not {0} (Babylon 5 Empires: Races)")]
    PlayerCount(usize),
    #[error("two players chose {0} (Babylon 5 Empires: Races: each player picks a race)")]
    RaceTaken(&'static str),
    #[error("the map has homesystems for {homes} players, not {players}")]
    MapSeats { homes: usize, players: usize },
    #[error("map: {0}")]
    Map(String),
    #[error("options: {0}")]
    Options(&'static str),
}
