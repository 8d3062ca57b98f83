//! Lasting changes to abilities and how long they last (Modifying
//! abilities; Bonuses and Blanking; Lasting and Sustainable Effects).

use serde::{Deserialize, Serialize};

use crate::card::{Ability, AbilityBonus};
use crate::ids::{CardId, ConflictId, PlayerId};

/// How an ability modifier changes a value (Modifying abilities).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum ModKind {
    /// Added after multipliers.
    Add(AbilityBonus),
    /// Doubles one ability, before additions.
    Double(Ability),
    /// Changes the printed value, before everything else.
    Printed(AbilityBonus),
    /// A lasting restriction on the card (The Cannot rule).
    Cannot(crate::card::Cannot),
    /// A lasting restriction on a player (`card` is none).
    PlayerCannot(PlayerId, crate::card::Cannot),
    /// The ability becomes this value, in place of the printed one.
    Set(Ability, u8),
    /// The player's Influence Rating is this much higher (`card` is none).
    Rating(PlayerId, i8),
    /// The card's effect text is blanked (Bonuses and Blanking).
    Blank,
    /// "Used As": the card acts as if it had the second ability at the level
    /// of the first (Glossary).
    UseAs(Ability, Ability),
    /// The player needs this much more power to win (`card` is none).
    PowerToWin(PlayerId, i8),
    /// The player counts only his Influence Rating as power (`card` is none).
    InfluenceOnlyPower(PlayerId),
    /// How attacks treat the card (Resolving Attacks).
    Attack(crate::card::AttackMod),
    /// The ability is this value after every modifier and damage ("its
    /// Diplomacy becomes 1"), where `Set` stands for the printed value.
    Final(Ability, u8),
}

/// How long a modifier lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum Until {
    EndOfTurn,
    /// While this card stays rotated.
    WhileRotated(CardId),
    /// Until this conflict finishes resolving.
    Conflict(ConflictId),
    Permanent,
    /// While this card stays in play.
    WhileInPlay(CardId),
    /// Until the end of the turn, from a sustainable action of this card:
    /// at the end of the turn it goes on while the card stays rotated, so
    /// that sustaining the action leaves no gap (The Ready Round, Step 1,
    /// Sustained Actions; rulings 2.1).
    TurnOrSustained(CardId),
    /// Until the attack being made ends (its damage dealt, or canceled); at
    /// the latest at the end of the turn.
    Attack,
}

/// A lasting ability change on one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Modifier {
    pub card: CardId,
    pub kind: ModKind,
    pub until: Until,
}
