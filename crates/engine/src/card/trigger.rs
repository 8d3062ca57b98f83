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
    /// A card its `card` pattern matches is sponsored (not merely put
    /// into play: Playing Cards, "if an effect triggers when a card is
    /// sponsored it only triggers if the card entered play through being
    /// sponsored"); after its own when-played effects.
    Sponsored,
    /// A card its pattern matches is discarded from play (not returned to
    /// the hand, removed from the game or replaced); once it has gone.
    #[serde(rename = "discarded-from-play")]
    Discarded,
    /// A card its pattern matches is neutralized (by damage or an effect).
    Neutralized,
    /// The start of each turn, before the Ready Round readies anything.
    TurnBegins,
    /// An event its pattern matches is played: once its effects have
    /// happened (a negated event was not played: Glossary, Negate).
    EventPlayed,
    /// A card its pattern matches enters play, any way: sponsored, put
    /// into play by an effect, replacing a card, an agenda face up (Playing
    /// Cards and Card Details: sponsoring is one way of playing a card;
    /// `sponsored` answers only that one).
    EntersPlay,
    /// A card its pattern matches is attacked by a card its `attacker`
    /// pattern matches ("Whenever a fleet attacks one of your fleets"):
    /// before damage, after the attacked card's and the attacker's own
    /// triggers; `that` names the card attacked, `attacker` the attacker.
    CardAttacked,
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
        // that card leave; nor does it see the turn begin (no window then).
        !matches!(self, Trigger::LeavesPlay | Trigger::TurnBegins)
    }

    /// Triggers that watch the whole game rather than the card (card
    /// format: Triggers, "When a character you control is discarded from
    /// play"): the cards in play with one are found when it happens
    /// (`effects/watchers.rs`); contingencies answer those about a card in
    /// play (`opens_window`).
    pub fn watches(self) -> bool {
        matches!(
            self,
            Trigger::Sponsored
                | Trigger::Discarded
                | Trigger::Neutralized
                | Trigger::TurnBegins
                | Trigger::EventPlayed
                | Trigger::EntersPlay
                | Trigger::CardAttacked
        )
    }

    /// A watching trigger about a card (its pattern `card` names which,
    /// and its effects may name that card: `card = "that"`).
    pub fn watches_card(self) -> bool {
        self.watches() && self != Trigger::TurnBegins
    }

    pub const ALL: [Trigger; 21] = [
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
        Trigger::Sponsored,
        Trigger::Discarded,
        Trigger::Neutralized,
        Trigger::TurnBegins,
        Trigger::EventPlayed,
        Trigger::EntersPlay,
        Trigger::CardAttacked,
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
            Trigger::Sponsored => "sponsored",
            Trigger::Discarded => "discarded-from-play",
            Trigger::Neutralized => "neutralized",
            Trigger::TurnBegins => "turn-begins",
            Trigger::EventPlayed => "event-played",
            Trigger::EntersPlay => "enters-play",
            Trigger::CardAttacked => "card-attacked",
        }
    }

    pub fn parse(s: &str) -> Option<Trigger> {
        Trigger::ALL
            .into_iter()
            .find(|t| t.name() == s || t.name().replace('-', "_") == s)
    }
}
