//! The political words of card texts: the votes a card calls or changes
//! (Votes) and the states between players (States: alliance, war, ...).

use serde::{Deserialize, Serialize};

// For the documentation's links only.
#[cfg(doc)]
use super::Op;

/// What a [`Op::VoteRule`] changes in the next vote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VoteRule {
    /// The card's player casts the votes the players named control.
    CastVotesOf,
    /// The votes of the players named count twice.
    CountsTwice,
    /// The players named cannot vote.
    CannotVote,
    /// N Yes votes are counted on top of the voters'.
    ExtraYes(u8),
    /// N No votes are counted on top of the voters'.
    ExtraNo(u8),
}

impl VoteRule {
    pub fn name(self) -> &'static str {
        match self {
            VoteRule::CastVotesOf => "cast-votes-of",
            VoteRule::CountsTwice => "counts-twice",
            VoteRule::CannotVote => "cannot-vote",
            VoteRule::ExtraYes(_) => "extra-yes",
            VoteRule::ExtraNo(_) => "extra-no",
        }
    }

    /// Parses a rule name; `n` is the number of extra votes.
    pub fn parse(s: &str, n: u8) -> Option<VoteRule> {
        [
            VoteRule::CastVotesOf,
            VoteRule::CountsTwice,
            VoteRule::CannotVote,
            VoteRule::ExtraYes(n),
            VoteRule::ExtraNo(n),
        ]
        .into_iter()
        .find(|r| r.name() == s || r.name().replace('-', "_") == s)
    }
}

/// The kinds of vote a card may call (Votes: "Player" and "Babylon 5"
/// votes; an ISA vote is held instead of a Babylon 5 vote while the ISA
/// exists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum VoteKind {
    Player,
    Babylon5,
    Isa,
}

impl VoteKind {
    pub fn name(self) -> &'static str {
        match self {
            VoteKind::Player => "player",
            VoteKind::Babylon5 => "babylon5",
            VoteKind::Isa => "isa",
        }
    }

    pub fn display(self) -> &'static str {
        match self {
            VoteKind::Player => "player vote",
            VoteKind::Babylon5 => "Babylon 5 vote",
            VoteKind::Isa => "ISA vote",
        }
    }

    /// The kinds a card may call (an ISA vote only replaces a Babylon 5 one).
    pub fn parse(s: &str) -> Option<VoteKind> {
        match s {
            "player" => Some(VoteKind::Player),
            "babylon5" | "babylon 5" | "b5" => Some(VoteKind::Babylon5),
            _ => None,
        }
    }
}

/// What a voter says (Votes: "Yes", "No", or "Abstain").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum VoteChoice {
    Yes,
    No,
    Abstain,
}

impl VoteChoice {
    pub const ALL: [VoteChoice; 3] = [VoteChoice::Yes, VoteChoice::No, VoteChoice::Abstain];

    pub fn name(self) -> &'static str {
        match self {
            VoteChoice::Yes => "yes",
            VoteChoice::No => "no",
            VoteChoice::Abstain => "abstain",
        }
    }

    pub fn parse(s: &str) -> Option<VoteChoice> {
        VoteChoice::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// A state other than war between two players (Engine Rules v1.2, States:
/// "various forms of alliances, trade pacts (a state of free trade), and
/// war"). The rules give these states no meaning of their own beyond
/// three: they are between two parties, some cards need one to be played,
/// and entering a state of war cancels every other state between the two,
/// which does not restart when the war ends. What a state does is the
/// text of the cards that start or test it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StateKind {
    Alliance,
    FreeTrade,
    NonAggression,
    MutualDefense,
    Embargo,
    Truce,
}

impl StateKind {
    pub const ALL: [StateKind; 6] = [
        StateKind::Alliance,
        StateKind::FreeTrade,
        StateKind::NonAggression,
        StateKind::MutualDefense,
        StateKind::Embargo,
        StateKind::Truce,
    ];

    pub fn name(self) -> &'static str {
        match self {
            StateKind::Alliance => "alliance",
            StateKind::FreeTrade => "free-trade",
            StateKind::NonAggression => "non-aggression",
            StateKind::MutualDefense => "mutual-defense",
            StateKind::Embargo => "embargo",
            StateKind::Truce => "truce",
        }
    }

    pub fn display(self) -> &'static str {
        match self {
            StateKind::Alliance => "an alliance",
            StateKind::FreeTrade => "free trade",
            StateKind::NonAggression => "non-aggression",
            StateKind::MutualDefense => "mutual defense",
            StateKind::Embargo => "an embargo",
            StateKind::Truce => "a truce",
        }
    }

    pub fn parse(s: &str) -> Option<StateKind> {
        StateKind::ALL.into_iter().find(|k| k.name() == s)
    }

    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
}
