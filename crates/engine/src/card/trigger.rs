//! What triggers a triggered effect or a contingency (Triggered Effects;
//! Contingency Cards).

use serde::{Deserialize, Serialize};

/// What triggers a triggered effect or a contingency (Triggered Effects;
/// Contingency Cards: "each contingency has a trigger").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// The card (the contingency's card, or this card) is attacked; the
    /// effect happens before damage is dealt.
    Attacked,
    /// The card attacks; before damage.
    Attacks,
    /// The card neutralized the card it attacked.
    NeutralizedTarget,
    /// A conflict targeting its controller (or any card of theirs) is initiated.
    Targeted,
    /// A conflict its controller initiated was won.
    ConflictWon,
    /// A conflict its controller initiated was lost.
    ConflictLost,
    /// Its controller gained influence from a conflict.
    GainedInfluenceFromConflict,
    /// This card leaves play (its own triggered effects, as it goes).
    LeavesPlay,
    /// The card took part in an attack (attacking or attacked) and is not
    /// neutralized after the damage.
    SurvivedAttack,
    /// An attack is made in a conflict its controller initiated.
    AttackInConflict,
    /// A war conflict its controller initiated was won against opposition
    /// (contested).
    WarWonContested,
    /// One of its controller's fleets is neutralized.
    FleetNeutralized,
    /// An event targeting its controller (or a card they control) is
    /// played: after it is played, before its effects happen (`negate.rs`).
    EventTargeted,
    /// A card in play uses an action targeting its controller (or a card
    /// they control): after its costs are paid, before its effects happen
    /// (`negate.rs`).
    ActionTargeted,
}

impl Trigger {
    /// Triggers about one card (the card itself, or the card a contingency
    /// or enhancement is on); the others are about a player.
    pub fn on_card(self) -> bool {
        matches!(
            self,
            Trigger::Attacked
                | Trigger::Attacks
                | Trigger::NeutralizedTarget
                | Trigger::LeavesPlay
                | Trigger::SurvivedAttack
        )
    }

    /// Whether a contingency may answer it (the newer triggers answer in
    /// the window of the moment they share, or one of their own:
    /// `triggers.rs`).
    pub fn opens_window(self) -> bool {
        // A contingency leaves play with the card it is on: it never sees
        // that card leave.
        self != Trigger::LeavesPlay
    }

    pub const ALL: [Trigger; 14] = [
        Trigger::Attacked,
        Trigger::Attacks,
        Trigger::NeutralizedTarget,
        Trigger::Targeted,
        Trigger::ConflictWon,
        Trigger::ConflictLost,
        Trigger::GainedInfluenceFromConflict,
        Trigger::LeavesPlay,
        Trigger::SurvivedAttack,
        Trigger::AttackInConflict,
        Trigger::WarWonContested,
        Trigger::FleetNeutralized,
        Trigger::EventTargeted,
        Trigger::ActionTargeted,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Trigger::Attacked => "attacked",
            Trigger::Attacks => "attacks",
            Trigger::NeutralizedTarget => "neutralized-target",
            Trigger::Targeted => "targeted",
            Trigger::ConflictWon => "conflict-won",
            Trigger::ConflictLost => "conflict-lost",
            Trigger::GainedInfluenceFromConflict => "gained-influence",
            Trigger::LeavesPlay => "leaves-play",
            Trigger::SurvivedAttack => "survived-attack",
            Trigger::AttackInConflict => "attack-in-conflict",
            Trigger::WarWonContested => "contested-war-won",
            Trigger::FleetNeutralized => "fleet-neutralized",
            Trigger::EventTargeted => "event-targeted",
            Trigger::ActionTargeted => "action-targeted",
        }
    }

    pub fn parse(s: &str) -> Option<Trigger> {
        Trigger::ALL
            .into_iter()
            .find(|t| t.name() == s || t.name().replace('-', "_") == s)
    }
}
