//! What happened: `apply` returns the events of the action and of everything
//! the game did on its own afterwards. Events can carry hidden cards (a card
//! drawn, a hidden agenda); [`Event::for_viewer`] removes what a player may
//! not see, and [`crate::Game::describe`] turns an event into a sentence.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::{Ability, MarkKind};
use crate::card::{Force, VoteChoice, VoteKind};
use crate::game::state::{Outcome, Round, Target, VictoryKind};
use crate::ids::{CardId, ConflictId, PlayerId};

/// The events of one `apply` call. Inline storage: no allocation for the
/// common case.
pub type Events = SmallVec<[Event; 24]>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnBegan {
        turn: u32,
    },
    RoundBegan {
        round: Round,
    },
    InfluenceRestored,
    InitiativeDetermined,
    Sustained {
        card: CardId,
    },
    Passed {
        player: PlayerId,
    },
    /// A conflict declared face down (its card is hidden until revealed).
    Declared {
        player: PlayerId,
    },
    Initiated {
        conflict: ConflictId,
        player: PlayerId,
        card: CardId,
        target: Target,
    },
    /// The conflict being initiated is of this type, chosen by its effect
    /// (`conflict_type`).
    ConflictTypeChosen {
        conflict: ConflictId,
        kind: crate::card::Ability,
    },
    /// A declared conflict that could not be initiated (a limited or unique
    /// copy already initiated, or its requirements unmet).
    ConflictDiscarded {
        player: PlayerId,
        card: CardId,
    },
    Sponsored {
        player: PlayerId,
        card: CardId,
        by: CardId,
        cost: i16,
    },
    Promoted {
        player: PlayerId,
        card: CardId,
        by: CardId,
        cost: i16,
    },
    Built {
        player: PlayerId,
        by: CardId,
    },
    Replaced {
        player: PlayerId,
        old: CardId,
        card: CardId,
    },
    UsedCard {
        player: PlayerId,
        card: CardId,
        index: u8,
    },
    Led {
        card: CardId,
        fleet: CardId,
    },
    Assisted {
        card: CardId,
        ambassador: CardId,
        discount: bool,
    },
    Supported {
        card: CardId,
        conflict: ConflictId,
        side: PlayerId,
        ability: Ability,
        value: u8,
    },
    Opposed {
        card: CardId,
        conflict: ConflictId,
        ability: Ability,
        value: u8,
    },
    /// A participant removed from a conflict by an effect (`withdraw`).
    Withdrawn {
        card: CardId,
        conflict: ConflictId,
    },
    Attacked {
        attacker: CardId,
        target: CardId,
        ability: Ability,
    },
    AttackCanceled {
        attacker: CardId,
    },
    Damaged {
        card: CardId,
        amount: u8,
    },
    /// An attached card moved from one card to another by an effect.
    AttachmentMoved {
        card: CardId,
        from: CardId,
        to: CardId,
    },
    /// Normal damage moved from one card to another by an effect (Glossary,
    /// Transfer): not damage dealt, not an attack.
    DamageMoved {
        from: CardId,
        to: CardId,
        count: u8,
    },
    Neutralized {
        card: CardId,
        severe: u8,
    },
    Healed {
        card: CardId,
    },
    AmbassadorHealed {
        card: CardId,
    },
    Repaired {
        card: CardId,
        amount: u8,
    },
    EventPlayed {
        player: PlayerId,
        card: CardId,
        target: Target,
    },
    /// An event negated before it resolved (Glossary, Negate): its effects
    /// are ignored and it has not been played.
    EventNegated {
        player: PlayerId,
        card: CardId,
    },
    /// A card's action negated before its effects (Glossary, Negate): its
    /// effects are ignored; its costs stay paid.
    ActionNegated {
        player: PlayerId,
        card: CardId,
        index: u8,
    },
    ContingencyPlayed {
        player: PlayerId,
        host: CardId,
    },
    ContingencyRevealed {
        player: PlayerId,
        card: CardId,
    },
    AgendaSponsored {
        player: PlayerId,
        card: CardId,
    },
    /// A hidden agenda: its card is known only to its player.
    AgendaHidden {
        player: PlayerId,
        card: CardId,
    },
    AgendaRevealed {
        player: PlayerId,
        card: CardId,
    },
    AgendaReplaced {
        player: PlayerId,
        old: CardId,
        card: CardId,
    },
    AgendaDiscarded {
        player: PlayerId,
        card: CardId,
    },
    Hired {
        player: PlayerId,
        card: CardId,
    },
    ConflictResolved {
        conflict: ConflictId,
        outcome: Outcome,
        support: i16,
        opposition: i16,
    },
    AftermathPlayed {
        player: PlayerId,
        card: CardId,
        target: Target,
    },
    /// A gain (`delta` > 0) or loss of influence, and what caused it.
    Influence {
        player: PlayerId,
        delta: i16,
        #[serde(default)]
        cause: Cause,
    },
    Power {
        player: PlayerId,
        delta: i16,
        #[serde(default)]
        cause: Cause,
    },
    Tension {
        player: PlayerId,
        toward: PlayerId,
        value: u8,
        #[serde(default)]
        cause: Cause,
    },
    Unrest {
        player: PlayerId,
        value: u8,
        #[serde(default)]
        cause: Cause,
    },
    NonPlayer {
        force: Force,
        value: i16,
    },
    War {
        a: PlayerId,
        b: PlayerId,
        at_war: bool,
    },
    ShadowWarBegan,
    Mark {
        card: CardId,
        kind: MarkKind,
        delta: i8,
    },
    Rotated {
        card: CardId,
    },
    Readied {
        card: CardId,
    },
    /// A card drawn: hidden from everyone but its player.
    Drew {
        player: PlayerId,
        card: CardId,
        cause: Cause,
    },
    Bought {
        player: PlayerId,
        count: u8,
    },
    DiscardedFromHand {
        player: PlayerId,
        card: CardId,
        cause: Cause,
    },
    DiscardedFromPlay {
        card: CardId,
        cause: Cause,
    },
    /// A card in play removed from the game by an effect (Glossary: Removed
    /// from the Game).
    RemovedFromGame {
        card: CardId,
        cause: Cause,
    },
    ReturnedToHand {
        card: CardId,
    },
    Eliminated {
        player: PlayerId,
    },
    /// A war conflict won against a location: it joins `player`'s faction
    /// (from `from`'s); `blanked` when it is not loyal to the conqueror's
    /// race (its text is blanked and nobody controls it).
    Conquered {
        player: PlayerId,
        card: CardId,
        from: PlayerId,
        blanked: bool,
    },
    /// Unconditional Surrender (then the player is eliminated).
    Surrendered {
        player: PlayerId,
        to: PlayerId,
    },
    Victory {
        player: PlayerId,
        kind: VictoryKind,
    },
    GameOver,
    /// A card calls a vote; `head` calls the order (Votes).
    VoteCalled {
        card: CardId,
        kind: VoteKind,
        head: PlayerId,
    },
    /// A player votes, casting `votes` votes (on the council, or in the
    /// League tie-break).
    VoteCast {
        player: PlayerId,
        choice: VoteChoice,
        votes: u8,
        league: bool,
    },
    /// A tied Babylon 5 council calls the League of Non-Aligned Worlds.
    LeagueVoteCalled,
    /// The League's one vote (abstain on a tie among its votes).
    LeagueVoted {
        choice: VoteChoice,
    },
    VoteEnded {
        kind: VoteKind,
        passed: bool,
        yes: u8,
        no: u8,
    },
    IsaFounded {
        founder: PlayerId,
    },
    IsaJoined {
        player: PlayerId,
    },
    IsaExpelled {
        player: PlayerId,
    },
    /// The ISA reserve action: the top card of the deck is discarded and an
    /// ISA card taken from the reserve (hidden from the others).
    ReserveTaken {
        player: PlayerId,
        card: CardId,
        discarded: CardId,
    },
    /// Drakh Rules 2-3: `player` sponsored a first Drakh Ambassador, who is
    /// now the faction's ambassador: the faction is a Drakh faction.
    DrakhConverted {
        player: PlayerId,
        ambassador: CardId,
    },
    /// Chaos Tokens put on (`delta` > 0) or taken off a card.
    Chaos {
        card: CardId,
        delta: i8,
    },
    /// Credit tokens put on (`delta` > 0) or taken off a card (Corporate
    /// Rule 6).
    Credits {
        card: CardId,
        delta: i8,
    },
    /// Drakh Rule 7: Chaos Tokens moved between two cards of `player`.
    ChaosMoved {
        player: PlayerId,
        from: CardId,
        to: CardId,
        count: u8,
    },
    /// Drakh Rule 3: the Drakh ambassador left play; the player loses.
    DrakhAmbassadorLost {
        player: PlayerId,
    },
    /// A card found by a search of the deck or the reserve (Searching Your
    /// Deck). Only its player learns which, unless the card text shows it
    /// (`shown`): then every player does, once, as it goes to the hand.
    Found {
        player: PlayerId,
        card: CardId,
        from: crate::card::PickFrom,
        #[serde(default)]
        shown: bool,
    },
    /// A player's deck was shuffled (after a search).
    DeckShuffled {
        player: PlayerId,
    },
    /// A card entered play by an effect, without being sponsored.
    PutIntoPlay {
        player: PlayerId,
        card: CardId,
    },
    /// `player` is asked whether to apply `influence` to stop the effect of
    /// `card` (`unless.rs`).
    StopOffered {
        player: PlayerId,
        card: CardId,
        influence: u8,
    },
    /// `player` applied `influence` and stopped the effect of `card`.
    EffectStopped {
        player: PlayerId,
        card: CardId,
        influence: u8,
    },
    /// A card's effect asks its player to choose one of its modes.
    ChoiceStarted {
        player: PlayerId,
        card: CardId,
    },
    /// The second target of the card just played or used (Legal Targets).
    SecondTarget {
        player: PlayerId,
        card: CardId,
        second: CardId,
    },
    /// On a replacement, the replaced card's controller chose an attached
    /// card to transfer to the replacing card (Appendix Two, Example 6).
    TransferChosen {
        player: PlayerId,
        card: CardId,
        to: CardId,
    },
    /// The mode `index` (from 0) of a "choose one" was chosen.
    ModeChosen {
        player: PlayerId,
        card: CardId,
        index: u8,
    },
    /// A player chosen by an effect (`choose_player`).
    PlayerChosen {
        player: PlayerId,
        card: CardId,
        chosen: PlayerId,
    },
    /// Marks of one kind on a card replaced by marks of another.
    MarksConverted {
        card: CardId,
        from: crate::card::MarkKind,
        to: crate::card::MarkKind,
        count: u8,
    },
    /// A card's effect text is blanked by an effect (Bonuses and Blanking).
    Blanked {
        card: CardId,
    },
    /// An effect ended the Shadow War; the wars it started end with it.
    ShadowWarEnded,
}

/// Why a card was drawn or discarded, or a player's influence, power,
/// tension or unrest changed, for the log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Cause {
    /// A rule already told by the event before it (an agenda discarded), or
    /// a Drakh card under a faction that is not Drakh (Drakh Rule 5).
    #[default]
    Rules,
    /// The starting hand, or the two-player draw.
    SetUp,
    /// The Draw Round's free cards.
    DrawRound,
    /// Bought in the Draw Round.
    Bought,
    /// Its player chose to discard it (the Draw Round's discard step).
    Chosen,
    /// An effect of this card.
    Effect { card: CardId },
    /// It was attached to this card, which left play or was conquered.
    Host { card: CardId },
    /// Discarded to pay for its own action.
    Cost,
    /// Neutralized in a supporting row at the Draw Round.
    Neutralized,
    /// Its player's deck ran out (Draw Round step 3).
    EmptyDeck,
    /// Its faction was eliminated.
    Eliminated,
    /// A war conflict's own outcome (War Conflicts).
    WarConflict,
    /// Unconditional Surrender: the player surrendered to gains influence.
    Surrender,
    /// A reversal put a change back (or did it again).
    Reversed,
}

impl Event {
    /// The event as `viewer` may see it: hidden card identities are removed.
    pub fn for_viewer(&self, viewer: PlayerId) -> Event {
        match *self {
            Event::Drew { player, cause, .. } if player != viewer => Event::Drew {
                player,
                card: CardId::NONE,
                cause,
            },
            Event::AgendaHidden { player, .. } if player != viewer => Event::AgendaHidden {
                player,
                card: CardId::NONE,
            },
            Event::ReserveTaken {
                player, discarded, ..
            } if player != viewer => Event::ReserveTaken {
                player,
                card: CardId::NONE,
                discarded,
            },
            // A card found by a search reaches only its player (as a card
            // drawn does) unless the effect shows it; one put into play is
            // seen entering it.
            Event::Found {
                player,
                from,
                shown: false,
                ..
            } if player != viewer => Event::Found {
                player,
                card: CardId::NONE,
                from,
                shown: false,
            },
            e => e,
        }
    }
}
