//! How long an effect lasts (Lasting and Sustainable Effects), whether it
//! can be reversed (Reversal), and when a delayed effect comes due.

use serde::{Deserialize, Serialize};

/// How long an ability change lasts (Lasting and Sustainable Effects).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    /// Until the end of the turn (after the victory check): the default for
    /// events and contingencies.
    #[default]
    Turn,
    /// While the card that generated it remains rotated: a sustainable effect.
    WhileRotated,
    /// Until the conflict it was generated in finishes resolving.
    Conflict,
    /// For the rest of the game.
    Permanent,
    /// A permanent change to the printed value, applied before multipliers
    /// (Modifying abilities).
    Printed,
    /// While the card that generated it stays in play ("while this card is
    /// in play"): it ends when that card leaves play.
    WhileInPlay,
    /// For the attack being made ("for this attack"): it ends when the
    /// attack's damage is dealt or the attack is canceled (rulings, Entrap:
    /// a change to the damage of one attack). Only attack modifiers last so.
    Attack,
    /// A conflict's effect lasting while the initiator sustains with the
    /// conflict's initial supporter, that is while that card stays rotated
    /// (rulings, Psi Attack: "You may sustain with your initial Character.
    /// If you do so, the target cannot ready while you sustain").
    WhileSustained,
}

impl Duration {
    pub fn name(self) -> &'static str {
        match self {
            Duration::Turn => "turn",
            Duration::WhileRotated => "while-rotated",
            Duration::Conflict => "conflict",
            Duration::Permanent => "permanent",
            Duration::Printed => "printed",
            Duration::WhileInPlay => "while-in-play",
            Duration::Attack => "attack",
            Duration::WhileSustained => "while-sustained",
        }
    }

    pub fn parse(s: &str) -> Option<Duration> {
        [
            Duration::Turn,
            Duration::WhileRotated,
            Duration::Conflict,
            Duration::Permanent,
            Duration::Printed,
            Duration::WhileInPlay,
            Duration::Attack,
            Duration::WhileSustained,
        ]
        .into_iter()
        .find(|d| d.name() == s || d.name().replace('-', "_") == s)
    }
}

/// What a reversing effect reverses (Reversal; `reversal.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reversible {
    /// An event another player played since your last chance to act, the
    /// card's target (`TargetKind::Event`; `reversal/since.rs`).
    Event,
    /// The contingency just revealed.
    Contingency,
    /// The conflict just resolved (its printed effect text).
    Conflict,
}

impl Reversible {
    pub const ALL: [Reversible; 3] = [
        Reversible::Event,
        Reversible::Contingency,
        Reversible::Conflict,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reversible::Event => "event",
            Reversible::Contingency => "contingency",
            Reversible::Conflict => "conflict",
        }
    }

    pub fn from_name(s: &str) -> Option<Reversible> {
        Reversible::ALL.into_iter().find(|r| r.name() == s)
    }
}

/// When a delayed effect happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum When {
    /// At the end of this turn (after the victory check, before effects
    /// "until the end of the turn" expire).
    EndOfTurn,
    /// At the start of the next turn (before its Ready Round).
    StartOfNextTurn,
}

impl When {
    pub fn name(self) -> &'static str {
        match self {
            When::EndOfTurn => "end-of-turn",
            When::StartOfNextTurn => "start-of-next-turn",
        }
    }

    pub fn parse(s: &str) -> Option<When> {
        [When::EndOfTurn, When::StartOfNextTurn]
            .into_iter()
            .find(|w| w.name() == s || w.name().replace('-', "_") == s)
    }
}
