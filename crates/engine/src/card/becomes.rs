//! A conflict card that becomes an enhancement when it is won (Engine Rules
//! v1.2, The Resolution Round, Step 4: "If the conflict was initiated
//! through the use of a conflict card, the card is now placed on the
//! discard pile"; rulings: "Conflict cards are discarded once they have
//! been used. The exception is where the Conflict text states" otherwise).

use serde::{Deserialize, Serialize};

/// The card a won conflict is attached to as an enhancement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnhancementOn {
    /// The card the conflict targeted.
    Target,
    /// The initiator's ambassador.
    Ambassador,
    /// The ambassador of the player the conflict targeted.
    TargetAmbassador,
}

impl EnhancementOn {
    pub const ALL: [EnhancementOn; 3] = [
        EnhancementOn::Target,
        EnhancementOn::Ambassador,
        EnhancementOn::TargetAmbassador,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EnhancementOn::Target => "target",
            EnhancementOn::Ambassador => "ambassador",
            EnhancementOn::TargetAmbassador => "target-ambassador",
        }
    }

    pub fn parse(s: &str) -> Option<EnhancementOn> {
        EnhancementOn::ALL
            .into_iter()
            .find(|w| w.name() == s || w.name().replace('-', "_") == s)
    }
}
