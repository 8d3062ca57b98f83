//! One player's faction, piles and counters, and the victory he won.

use serde::{Deserialize, Serialize};

use crate::card::{Faction, Race};
use crate::game::table::{Pile, PileKind, MAX_PLAYERS};
use crate::ids::{CardId, PlayerId};

/// Standard or Major Victory (Victory).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum VictoryKind {
    #[default]
    None,
    Standard,
    Major,
}

impl VictoryKind {
    pub fn name(self) -> &'static str {
        match self {
            VictoryKind::None => "none",
            VictoryKind::Standard => "standard",
            VictoryKind::Major => "major",
        }
    }
}

/// One player's faction and piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    pub race: Race,
    pub faction: Faction,
    pub ambassador: CardId,
    /// The influence tokens the player has gained (gains, losses and
    /// transfers change it). The Influence Rating is this plus
    /// `rating_mod`: spent plus unspent tokens.
    pub influence: i16,
    /// Influence applied this turn.
    pub spent: i16,
    /// Additional or temporary influence still available this turn (not
    /// counted as power, never restored).
    pub extra: i16,
    pub raw_power: i16,
    pub unrest: u8,
    /// Tension toward each seat (the own seat is unused).
    pub tension: [u8; MAX_PLAYERS],
    /// Bit set of seats this faction is at war with.
    pub at_war: u8,
    /// Bit set of those wars that the Shadow War started.
    pub shadow_wars: u8,
    pub eliminated: bool,
    pub victory: VictoryKind,
    /// Top of the deck is the last card.
    pub deck: Pile,
    pub hand: Pile,
    pub discard: Pile,
    pub removed: Pile,
    /// The Crusade Pile, top last.
    pub crusade: Pile,
    /// The ambassador first, then other Inner Circle cards in promotion order.
    pub inner_circle: Pile,
    pub supporting: Pile,
    pub agenda: CardId,
    /// An ambassador's assistant's cost reduction for the ambassador's next
    /// sponsoring this turn.
    pub assist_discount: u8,
    /// Conflicts the player has declared this turn.
    pub conflicts_declared: u8,
    /// Two-player draw: cards chosen for the hand before drawing (the
    /// Non-Aligned second ambassador), kept without counting.
    pub chosen: u8,
    /// The reserve (ISA pile), outside the game.
    pub reserve: Pile,
    /// The ISA reserve action was taken this turn (once per turn).
    pub reserve_used: bool,
    /// Forfeited drawing in this turn's Draw Round (the ISA reserve action).
    pub forfeit_draw: bool,
    /// A Drakh faction (Drakh Rules 2-3): set only by sponsoring a first
    /// Drakh Ambassador, never cleared.
    pub drakh: bool,
    /// A one-shot discount on the next card the player sponsors this turn
    /// (an effect's "the next card you sponsor this turn costs N less").
    #[serde(default)]
    pub sponsor_discount: u8,
    /// What Influence Rating modifiers add to (take from) the rating as
    /// the pools hold it (`crate::game::rating`): tokens a modifier put in the
    /// unspent pool, or took from the spent pool first.
    #[serde(default)]
    pub rating_mod: i16,
    /// States other than war with each seat: bit sets of
    /// [`StateKind::bit`](crate::StateKind::bit) (States).
    #[serde(default)]
    pub states: [u8; MAX_PLAYERS],
    /// Where the player stands in the two-player draw and in a price
    /// several players pay together.
    #[serde(default)]
    pub progress: Progress,
}

/// A player's progress through the two-player draw (`crate::turn::duel`) and a
/// price several players may pay together (`crate::effects::pool`). Hashed only
/// when something is set, so that the digest of a game without them (and
/// the saves holding such digests) is what it was before they existed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Appendix One: the mulligans taken so far (the first draws 7, the
    /// next 6, and so on).
    pub mulligans: u8,
    /// Appendix One: the cards put back on top of the deck whose order is
    /// chosen so far (the top ones), and below them those still to be
    /// placed (`stacking`; 0 when the player is not ordering them).
    pub stacked: u8,
    pub stacking: u8,
    /// The influence this player offered toward the pooled price asked now.
    pub pledged: u8,
}

impl std::hash::Hash for Progress {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if *self != Progress::default() {
            (self.mulligans, self.stacked, self.stacking, self.pledged).hash(h);
        }
    }
}

impl Player {
    pub fn pile(&self, kind: PileKind) -> Pile {
        match kind {
            PileKind::Deck => self.deck,
            PileKind::Hand => self.hand,
            PileKind::Discard => self.discard,
            PileKind::Removed => self.removed,
            PileKind::Crusade => self.crusade,
            PileKind::InnerCircle => self.inner_circle,
            PileKind::Supporting => self.supporting,
            PileKind::Reserve => self.reserve,
        }
    }

    pub(crate) fn pile_mut(&mut self, kind: PileKind) -> &mut Pile {
        match kind {
            PileKind::Deck => &mut self.deck,
            PileKind::Hand => &mut self.hand,
            PileKind::Discard => &mut self.discard,
            PileKind::Removed => &mut self.removed,
            PileKind::Crusade => &mut self.crusade,
            PileKind::InnerCircle => &mut self.inner_circle,
            PileKind::Supporting => &mut self.supporting,
            PileKind::Reserve => &mut self.reserve,
        }
    }

    /// Unspent influence: the Influence Rating (tokens and modifiers) less
    /// the spent pool.
    pub fn unspent(&self) -> i16 {
        self.influence + self.rating_mod - self.spent
    }
    /// Influence that may still be applied this turn.
    pub fn available(&self) -> i16 {
        self.unspent() + self.extra
    }
    pub fn at_war_with(&self, q: PlayerId) -> bool {
        self.at_war & (1 << q) != 0
    }
}
