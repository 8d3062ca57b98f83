//! Who an effect acts on and which card: the player words of card texts
//! ("you", "target player", "each opponent") and the card words ("this
//! card", "target card", the second target), and the non-player forces
//! (Babylon 5, the Shadows, the Vorlons) that hold influence.

use serde::{Deserialize, Serialize};

/// Which player an effect acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    /// The card's controller; for a conflict, its initiator.
    #[default]
    #[serde(rename = "self")]
    Me,
    /// The player the card targets, or the controller of the targeted card.
    Target,
    /// Every player in the game.
    Each,
    /// Every player other than the card's controller.
    Others,
    /// In a conflict with several sides: the side with strictly the most
    /// support (nobody when tied).
    Leader,
    /// In a trigger that watches cards: the player of the card it matched
    /// (its controller's faction while in play, its owner once discarded).
    That,
    /// Every player of this race ("each Narn player"): whose faction is of
    /// the race, or, for the Drakh, has converted to Drakh (Drakh Rules 2-3).
    Race(super::Race),
    /// In the effects of a `choose_player`: the player chosen.
    Chosen,
}

impl Who {
    pub fn name(self) -> &'static str {
        match self {
            Who::Me => "self",
            Who::Target => "target",
            Who::Each => "each",
            Who::Others => "others",
            Who::Leader => "leader",
            Who::That => "that",
            Who::Race(r) => r.name(),
            Who::Chosen => "chosen",
        }
    }

    /// A player word, or a race naming every player of it (not `neutral`:
    /// no faction is). Not `chosen`, which only the effects of a
    /// `choose_player` may name (the loader reads it there).
    pub fn parse(s: &str) -> Option<Who> {
        [
            Who::Me,
            Who::Target,
            Who::Each,
            Who::Others,
            Who::Leader,
            Who::That,
        ]
        .into_iter()
        .find(|w| w.name() == s)
        .or_else(|| {
            super::Race::parse(s)
                .filter(|&r| r != super::Race::Neutral)
                .map(Who::Race)
        })
    }
}

/// Which card an effect acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardSel {
    /// The card the playing card targets.
    #[default]
    Target,
    /// The ambassador of the player named (by `who` in card files).
    Ambassador(Who),
    /// The card itself (a card in play using its own action or trigger).
    This,
    /// The card this enhancement, aftermath or contingency is attached to.
    Attached,
    /// In an attack trigger: the other card of the attack (the attacker of
    /// an attacked card, the target of an attacking one).
    Attacker,
    /// Every card supporting the conflict (for a conflict's own effects).
    Supporters,
    /// Every card opposing the conflict.
    Opposers,
    /// The card's second target (Legal Targets: a card with two targets).
    Second,
    /// In a trigger that watches cards: the card it matched, while it is
    /// in play.
    That,
    /// In a pick's `after`: the cards the pick chose, those still in play
    /// (`cards = "chosen"` counts them all, wherever they went).
    Chosen,
    /// In a conflict's own effects: the card that made its first attack
    /// (rulings, Gunboat Diplomacy), while it is in play.
    FirstAttacker,
}

impl CardSel {
    pub fn name(self) -> &'static str {
        match self {
            CardSel::Target => "target",
            CardSel::Ambassador(_) => "ambassador",
            CardSel::This => "this",
            CardSel::Attached => "attached",
            CardSel::Attacker => "attacker",
            CardSel::Supporters => "supporters",
            CardSel::Opposers => "opposers",
            CardSel::Second => "second",
            CardSel::That => "that",
            CardSel::Chosen => "chosen",
            CardSel::FirstAttacker => "first_attacker",
        }
    }

    /// Whether it names a card the playing card targets: its target or its
    /// second target (Glossary, Irrevocable: "It cannot be targeted by a
    /// card that would directly cause it to leave play").
    pub fn is_target(self) -> bool {
        matches!(self, CardSel::Target | CardSel::Second)
    }

    /// Parses a selector; `ambassador` means the ambassador of `who`.
    pub fn parse(s: &str, who: Who) -> Option<CardSel> {
        [
            CardSel::Target,
            CardSel::Ambassador(who),
            CardSel::This,
            CardSel::Attached,
            CardSel::Attacker,
            CardSel::Supporters,
            CardSel::Opposers,
            CardSel::Second,
            CardSel::That,
            CardSel::Chosen,
            CardSel::FirstAttacker,
        ]
        .into_iter()
        .find(|c| c.name() == s)
    }
}

/// The non-player forces (Non-Player Influence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Force {
    Babylon5,
    Shadows,
    Vorlons,
}

impl Force {
    pub fn name(self) -> &'static str {
        match self {
            Force::Babylon5 => "babylon5",
            Force::Shadows => "shadows",
            Force::Vorlons => "vorlons",
        }
    }

    pub fn display(self) -> &'static str {
        match self {
            Force::Babylon5 => "Babylon 5",
            Force::Shadows => "the Shadows",
            Force::Vorlons => "the Vorlons",
        }
    }
}
