//! Where a search or a choice takes its cards and where it puts them
//! (Searching: "search your deck for a card and put it into your hand").

use serde::{Deserialize, Serialize};

// For the documentation's links only.
#[cfg(doc)]
use super::Op;

/// Where a [`Op::Pick`] chooses its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum PickFrom {
    /// The chooser's deck (a search: shown, then the deck is shuffled).
    Deck,
    /// The chooser's reserve ("outside the game": Reserve/sideboard/ISA
    /// Pile and the Engine).
    Reserve,
    /// The chooser's hand.
    Hand,
    /// The chooser's cards on the table.
    Play,
    /// The chooser's discard pile (face up: nothing is hidden).
    Discard,
}

impl PickFrom {
    pub fn name(self) -> &'static str {
        match self {
            PickFrom::Deck => "deck",
            PickFrom::Reserve => "reserve",
            PickFrom::Hand => "hand",
            PickFrom::Play => "play",
            PickFrom::Discard => "discard",
        }
    }

    pub fn parse(s: &str) -> Option<PickFrom> {
        [
            PickFrom::Deck,
            PickFrom::Reserve,
            PickFrom::Hand,
            PickFrom::Play,
            PickFrom::Discard,
        ]
        .into_iter()
        .find(|f| f.name() == s)
    }

    /// A search: the cards come from a hidden pile, the chooser must take
    /// one while one matches.
    pub fn is_search(self) -> bool {
        matches!(self, PickFrom::Deck | PickFrom::Reserve)
    }
}

/// Where a picked card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PickPut {
    /// It stays where it is (the `each` effects act on it).
    Stay,
    /// Into its owner's hand.
    Hand,
    /// Into play, in its owner's supporting row (characters, fleets,
    /// locations, groups), without being sponsored.
    Play,
    /// To its owner's discard pile (from the hand or from play).
    Discard,
    /// Removed from the game (Glossary: Removed from the Game).
    Remove,
}

impl PickPut {
    pub fn name(self) -> &'static str {
        match self {
            PickPut::Stay => "stay",
            PickPut::Hand => "hand",
            PickPut::Play => "play",
            PickPut::Discard => "discard",
            PickPut::Remove => "remove",
        }
    }

    pub fn parse(s: &str) -> Option<PickPut> {
        [
            PickPut::Stay,
            PickPut::Hand,
            PickPut::Play,
            PickPut::Discard,
            PickPut::Remove,
        ]
        .into_iter()
        .find(|f| f.name() == s)
    }
}
