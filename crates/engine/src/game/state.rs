//! The whole game as one plain value: a flat arena of card instances, the
//! players' piles as small lists of ids, counters, and where the turn stands.
//! Cloning a `Game` copies a few kilobytes and makes at most a handful of
//! allocations; nothing here holds a `String` per card.

use std::sync::Arc;

use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::def::{Ability, AbilityBonus, Faction, MarkKind, Race};
use crate::card::CardDb;
use crate::game::ids::{CardId, ConflictId, DefId, PlayerId};

/// At most six players sit at a table.
pub const MAX_PLAYERS: usize = 6;
/// "No player" in a one-byte player field.
pub const NOBODY: PlayerId = u8::MAX;

/// Where a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    Deck,
    Hand,
    Discard,
    /// Removed from the game (replaced agendas, removed cards).
    Removed,
    InnerCircle,
    Supporting,
    /// Attached to a card: enhancements, lasting aftermaths, face-down
    /// contingencies (`CardInst::host`).
    Attached,
    /// Played on a whole faction (faction enhancements and aftermaths).
    OnFaction,
    /// A global or Babylon 5 enhancement, in no faction.
    Global,
    /// The faction's agenda (face up or hidden).
    Agenda,
    /// A conflict card declared or initiated this turn.
    Conflict,
    /// An aftermath being played, until the conflict's cards are discarded.
    Resolving,
    /// Taken off the table with an eliminated player.
    OutOfGame,
    /// The optional Crusade Pile (face down, not a deck).
    Crusade,
    /// The reserve (the ISA pile): outside the game, secret to its owner.
    Reserve,
}

impl Zone {
    pub fn name(self) -> &'static str {
        match self {
            Zone::Deck => "deck",
            Zone::Hand => "hand",
            Zone::Discard => "discard",
            Zone::Removed => "removed",
            Zone::InnerCircle => "inner circle",
            Zone::Supporting => "supporting",
            Zone::Attached => "attached",
            Zone::OnFaction => "attached",
            Zone::Global => "attached",
            Zone::Agenda => "agenda",
            Zone::Conflict => "conflict",
            Zone::Resolving => "attached",
            Zone::OutOfGame => "removed",
            Zone::Crusade => "crusade",
            Zone::Reserve => "reserve",
        }
    }

    /// In a faction's rows (Inner Circle or supporting).
    pub fn on_table(self) -> bool {
        matches!(self, Zone::InnerCircle | Zone::Supporting)
    }

    /// In play: on the table, attached, or an agenda (face up or not; callers
    /// check hidden agendas separately).
    pub fn in_play(self) -> bool {
        matches!(
            self,
            Zone::InnerCircle
                | Zone::Supporting
                | Zone::Attached
                | Zone::OnFaction
                | Zone::Global
                | Zone::Agenda
        )
    }
}

/// What a rotated card's rotation is doing, for sustaining it (The Ready
/// Round: Sustained Actions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Rotation {
    /// Not rotated, or rotated for an action that cannot be sustained.
    #[default]
    Plain,
    /// Leading the fleet in `CardInst::leading`.
    Lead,
    /// An ambassador's assistant giving +1 to an ambassador (`CardInst::leading`
    /// holds the ambassador).
    Assist,
    /// Its own action number N, whose effects last while it stays rotated.
    Action(u8),
}

pub mod flag {
    pub const ROTATED: u8 = 1;
    pub const NEUTRALIZED: u8 = 2;
    pub const FACE_DOWN: u8 = 4;
    pub const NEUTRALIZED_THIS_TURN: u8 = 8;
    /// Rotated to heal this turn (for ambassadorial healing).
    pub const HEALED: u8 = 16;
    /// Chosen to sustain in this Ready Round.
    pub const SUSTAIN: u8 = 32;
    /// Effect text blanked (a conquered location not loyal to its conqueror).
    pub const BLANK: u8 = 64;
    /// Two-player draw: a drawn card the player keeps.
    pub const KEPT: u8 = 128;
}

/// One physical card in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct CardInst {
    pub def: DefId,
    /// The player from whose deck it began the game (Glossary: Owner).
    pub owner: PlayerId,
    /// The faction it is in, for cards in play; `NOBODY` otherwise.
    pub faction: PlayerId,
    /// Who controls it (usually its faction; the player who played an
    /// enhancement, aftermath or contingency; a mercenary's bidder).
    pub controller: PlayerId,
    pub zone: Zone,
    pub flags: u8,
    pub damage: u8,
    pub severe: u8,
    /// Marks gained (or, negative, purged) on top of the printed ones.
    pub marks: [i8; 6],
    /// What it is attached to (enhancements, aftermaths, contingencies).
    pub host: CardId,
    /// The fleet a character leads, or the ambassador an assistant assists.
    pub leading: CardId,
    /// For a fleet: the character leading it.
    pub led_by: CardId,
    pub rotation: Rotation,
    /// Links of the pile it is in (see [`Pile`]).
    pub prev: CardId,
    pub next: CardId,
    /// Chaos Tokens on the card (Drakh Rule 7: all identical, public).
    pub chaos: u8,
    /// Credit tokens on the card (Corporate Rule 6: they mean only what
    /// the cards say; public).
    pub credits: u8,
}

impl CardInst {
    pub fn new(def: DefId, owner: PlayerId, zone: Zone) -> CardInst {
        CardInst {
            def,
            owner,
            faction: NOBODY,
            controller: NOBODY,
            zone,
            flags: 0,
            damage: 0,
            severe: 0,
            marks: [0; 6],
            host: CardId::NONE,
            leading: CardId::NONE,
            led_by: CardId::NONE,
            rotation: Rotation::Plain,
            prev: CardId::NONE,
            next: CardId::NONE,
            chaos: 0,
            credits: 0,
        }
    }

    #[inline]
    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }
    #[inline]
    pub fn set(&mut self, f: u8, on: bool) {
        if on {
            self.flags |= f;
        } else {
            self.flags &= !f;
        }
    }
    #[inline]
    pub fn rotated(&self) -> bool {
        self.has(flag::ROTATED)
    }
    #[inline]
    pub fn neutralized(&self) -> bool {
        self.has(flag::NEUTRALIZED)
    }
    #[inline]
    pub fn face_down(&self) -> bool {
        self.has(flag::FACE_DOWN)
    }
}

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

/// A pile (deck, hand, a row...) as a doubly linked list threaded through
/// the card arena: the pile itself is three small numbers, so a `Player`
/// is `Copy` and cloning a game copies the arena and a kilobyte or so.
/// Iterate with [`Game::iter_pile`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pile {
    pub(crate) head: CardId,
    pub(crate) tail: CardId,
    pub(crate) len: u16,
}

impl Default for Pile {
    fn default() -> Self {
        Pile {
            head: CardId::NONE,
            tail: CardId::NONE,
            len: 0,
        }
    }
}

impl Pile {
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The first card (the ambassador of an Inner Circle).
    pub fn first(&self) -> Option<CardId> {
        self.head.some()
    }
    /// The last card (the top of a deck).
    pub fn last(&self) -> Option<CardId> {
        self.tail.some()
    }
}

/// Which pile of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PileKind {
    Deck,
    Hand,
    Discard,
    Removed,
    Crusade,
    InnerCircle,
    Supporting,
    Reserve,
}

/// Iterates a pile from first to last.
pub struct PileIter<'a> {
    pub(crate) cards: &'a [CardInst],
    pub(crate) cur: CardId,
    pub(crate) left: u16,
}

impl Iterator for PileIter<'_> {
    type Item = CardId;
    #[inline]
    fn next(&mut self) -> Option<CardId> {
        let c = self.cur.some()?;
        self.cur = self.cards[c.idx()].next;
        self.left = self.left.saturating_sub(1);
        Some(c)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left as usize, Some(self.left as usize))
    }
}

impl ExactSizeIterator for PileIter<'_> {}

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

/// A target named by a card or an action (Legal Targets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Target {
    #[default]
    None,
    Player(PlayerId),
    Race(Race),
    Card(CardId),
    /// A conflict initiated this turn.
    Conflict(ConflictId),
}

impl Target {
    pub fn card(self) -> Option<CardId> {
        match self {
            Target::Card(c) => Some(c),
            _ => None,
        }
    }
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Target::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// How a card takes part in a conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// Supporting; in a conflict with several sides, the side (player) it supports.
    Support(PlayerId),
    Oppose,
    Attack,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Participant {
    pub card: CardId,
    pub role: Role,
    /// The ability it applies (Support or Oppose a Conflict: "must designate
    /// the ability he is using").
    pub ability: Ability,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    #[default]
    Pending,
    Won,
    Lost,
    Canceled,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Pending => "pending",
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::Canceled => "canceled",
        }
    }
}

/// A conflict declared or initiated this turn.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Conflict {
    /// The conflict card; `NONE` for a war conflict.
    pub card: CardId,
    pub kind: Ability,
    pub initiator: PlayerId,
    pub target: Target,
    pub unopposable: bool,
    pub war: bool,
    /// Revealed and initiated (face-down until the Reveal step).
    pub revealed: bool,
    pub participants: SmallVec<[Participant; 24]>,
    /// Support or opposition added by effects; per side for a conflict with
    /// several sides (index = player).
    pub extra_support: [i8; MAX_PLAYERS],
    pub extra_opposition: i8,
    pub outcome: Outcome,
    pub margin: i16,
    pub resolved: bool,
}

/// The fixed facts of a conflict, copied out cheaply (no participants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConflictHead {
    pub card: CardId,
    pub kind: Ability,
    pub initiator: PlayerId,
    pub target: Target,
    pub unopposable: bool,
    pub war: bool,
    pub outcome: Outcome,
}

impl Conflict {
    pub fn head(&self) -> ConflictHead {
        ConflictHead {
            card: self.card,
            kind: self.kind,
            initiator: self.initiator,
            target: self.target,
            unopposable: self.unopposable,
            war: self.war,
            outcome: self.outcome,
        }
    }

    pub fn new(card: CardId, kind: Ability, initiator: PlayerId, target: Target) -> Conflict {
        Conflict {
            card,
            kind,
            initiator,
            target,
            unopposable: false,
            war: false,
            revealed: false,
            participants: SmallVec::new(),
            extra_support: [0; MAX_PLAYERS],
            extra_opposition: 0,
            outcome: Outcome::Pending,
            margin: 0,
            resolved: false,
        }
    }

    pub fn role_of(&self, card: CardId) -> Option<Role> {
        self.participants
            .iter()
            .find(|p| p.card == card && p.role != Role::Attack)
            .map(|p| p.role)
    }

    pub fn is_participant(&self, card: CardId) -> bool {
        self.participants.iter().any(|p| p.card == card)
    }
}

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
    Cannot(crate::card::effect::Cannot),
    /// A lasting restriction on a player (`card` is none).
    PlayerCannot(PlayerId, crate::card::effect::Cannot),
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
    Attack(crate::card::attack_mod::AttackMod),
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
}

/// A lasting ability change on one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Modifier {
    pub card: CardId,
    pub kind: ModKind,
    pub until: Until,
}

/// The five rounds of a turn (Turn Sequence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Round {
    Ready,
    Conflict,
    Action,
    Resolution,
    Draw,
}

impl Round {
    pub fn name(self) -> &'static str {
        match self {
            Round::Ready => "ready",
            Round::Conflict => "conflict",
            Round::Action => "action",
            Round::Resolution => "resolution",
            Round::Draw => "draw",
        }
    }

    pub fn parse(s: &str) -> Option<Round> {
        [
            Round::Ready,
            Round::Conflict,
            Round::Action,
            Round::Resolution,
            Round::Draw,
        ]
        .into_iter()
        .find(|r| r.name() == s)
    }

    pub fn next(self) -> Round {
        match self {
            Round::Ready => Round::Conflict,
            Round::Conflict => Round::Action,
            Round::Action => Round::Resolution,
            Round::Resolution => Round::Draw,
            Round::Draw => Round::Ready,
        }
    }
}

/// Where the turn stands: a round's entry, a step waiting for choices, or
/// the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum Step {
    /// The two-player appendix set-up: players keep cards from 8 drawn.
    Keep {
        answered: u8,
    },
    /// Standing on entering a round, before any of its own steps.
    Entry(Round),
    /// Ready Round step 1: players with sustainable cards choose (simultaneous).
    Sustain {
        answered: u8,
    },
    /// Conflict Round step 1: the player at this initiative position declares.
    Declare {
        pos: u8,
    },
    /// Conflict Round step 2: revealing and initiating the declared conflicts,
    /// in declaration order; `next` is the next to reveal.
    Reveal {
        next: u8,
    },
    /// Action Round: the player at `pos` acts; `passes` consecutive passes so far.
    Act {
        pos: u8,
        passes: u8,
    },
    /// Resolution Round step 1: conflict `conflict` resolves next.
    Resolve {
        conflict: u8,
    },
    /// Resolution Round step 3 for conflict `conflict`: aftermaths.
    Aftermath {
        conflict: u8,
        pos: u8,
        passes: u8,
    },
    /// Draw Round step 2: discarding from hand (simultaneous).
    DrawDiscard {
        answered: u8,
    },
    /// Draw Round step 3: `player` must discard an Inner Circle character
    /// (empty deck); `pos` is where the drawing stands in initiative order.
    EmptyDeck {
        player: PlayerId,
        pos: u8,
    },
    /// Draw Round step 4: buying cards (simultaneous).
    Buy {
        answered: u8,
    },
    Over,
    /// Resolution Round: `player` initiated several conflicts still to
    /// resolve and designates which resolves first (The Resolution Round).
    ResolveOrder {
        player: PlayerId,
    },
}

/// A window in which contingencies may be revealed (Contingency Cards), or
/// that suspends an action until its triggers are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub struct Window {
    pub trigger: crate::card::effect::Trigger,
    /// The card whose trigger it is (the attacked or attacking card), or
    /// `NONE` for player triggers.
    pub card: CardId,
    /// The other card of an attack.
    pub other: CardId,
    /// The player concerned (the target of a conflict, the initiator).
    pub player: PlayerId,
    pub conflict: ConflictId,
    /// Position in initiative order of the player being asked.
    pub pos: u8,
    pub passes: u8,
    /// Bit set of players who may answer (they have face-down contingencies).
    pub askers: u8,
    /// What happens when the window closes.
    pub then: Continuation,
    /// The attack was canceled (or the event or card action negated) by a
    /// revealed contingency.
    pub canceled: bool,
}

/// The rest of an action suspended by a trigger window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum Continuation {
    /// Finish an attack: deal damage both ways.
    Attack {
        attacker: CardId,
        target: CardId,
        conflict: ConflictId,
    },
    /// Nothing more: the flow goes on from `Game::step`.
    Resume,
    /// Finish an attack made by an effect, outside any conflict, using
    /// `ability` (`attack_effect.rs`).
    EffectAttack {
        attacker: CardId,
        target: CardId,
        ability: Ability,
    },
    /// Resolve the event `player` just played (`negate.rs`): its effects
    /// happen unless a contingency negated it.
    Event {
        player: PlayerId,
        card: CardId,
        target: Target,
        /// Its second target (Legal Targets), `NONE` if it has none.
        second: CardId,
    },
    /// Carry out the effects of the action (number `index`) `player` just
    /// used with `card`, its costs paid (`negate.rs`): unless a
    /// contingency negated it.
    CardAction {
        player: PlayerId,
        card: CardId,
        index: u8,
        target: Target,
        /// Its second target (Legal Targets), `NONE` if it has none.
        second: CardId,
    },
}

/// Game options chosen at set-up.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Options {
    /// Appendix One: two-player games draw 8 and keep some (with mulligans)
    /// instead of choosing a starting hand.
    pub duel_draw: bool,
    /// End the game with no winner after this many turns (a table's time
    /// limit; the rules themselves have none).
    pub turn_limit: Option<u32>,
    /// Extended Loyalty Rule (optional; Dual Race Games): limited cards of a
    /// race with more than one faction in the game are limited per player.
    #[serde(default)]
    pub extended_loyalty: bool,
}

/// Facts fixed at set-up, shared by every clone.
#[derive(Debug, PartialEq, Eq)]
pub struct Meta {
    pub names: Vec<String>,
    pub options: Options,
}

/// The whole game.
#[derive(Debug)]
pub struct Game {
    pub(crate) db: Arc<CardDb>,
    pub(crate) meta: Arc<Meta>,
    pub(crate) rng: Pcg64Mcg,
    pub(crate) cards: Vec<CardInst>,
    pub(crate) players: SmallVec<[Player; MAX_PLAYERS]>,
    pub(crate) conflicts: SmallVec<[Conflict; 4]>,
    pub(crate) mods: SmallVec<[Modifier; 16]>,
    /// Cards in play attached to something or in no faction (enhancements,
    /// aftermaths, contingencies, globals), in the order they were played.
    pub(crate) attachments: SmallVec<[CardId; 24]>,
    /// Face-up cards in play whose definitions have lasting effects.
    pub(crate) passive_sources: SmallVec<[CardId; 32]>,
    /// Acting order this turn, first acts first; eliminated players left out.
    pub(crate) initiative: SmallVec<[PlayerId; MAX_PLAYERS]>,
    pub(crate) turn: u32,
    pub(crate) step: Step,
    pub(crate) window: Option<Window>,
    pub(crate) babylon5: i16,
    pub(crate) shadows: i16,
    pub(crate) vorlons: i16,
    pub(crate) shadow_war: bool,
    pub(crate) shadow_war_started: bool,
    /// Unique cards that have entered play (or been played) this game.
    pub(crate) unique_used: SmallVec<[DefId; 16]>,
    /// Limited cards removed from the game: no copy may enter play again.
    pub(crate) limited_removed: SmallVec<[DefId; 8]>,
    /// Limited events played and limited contingencies revealed this turn.
    pub(crate) limited_this_turn: SmallVec<[DefId; 4]>,
    /// Triggered effects of cards in play carried out this turn (a bound on
    /// loops of triggered effects: `crate::effects::triggers`).
    pub(crate) triggers_this_turn: u16,
    /// Card actions each player used and mercenaries each hired this turn
    /// (a bound on actions repeated without end: `crate::actions::card_action`).
    pub(crate) actions_this_turn: [u8; MAX_PLAYERS],
    /// Contingencies revealed in the open trigger window (one copy each).
    pub(crate) window_revealed: SmallVec<[DefId; 4]>,
    /// Trigger windows waiting for the open one to close, in order.
    pub(crate) window_queue: SmallVec<[Window; 2]>,
    /// Stop the forward run on entering each round (scenario stepping).
    pub(crate) pause_at_rounds: bool,
    /// Something that can lower an ability changed since the last
    /// neutralization sweep (a modifier, an attachment, a lasting effect, a
    /// leader or a card moved): the sweep has work to do.
    pub(crate) abilities_changed: bool,
    /// Some card on a table is controlled from outside its faction (a hired
    /// mercenary, a conquered location).
    pub(crate) foreign_control: bool,
    /// Face-up cards in play with lasting ability bonuses (a subset of
    /// `passive_sources`).
    pub(crate) bonus_sources: SmallVec<[CardId; 16]>,
    /// Face-up cards in play with lasting restrictions, on cards or players
    /// (a subset of `passive_sources`; The Cannot rule).
    pub(crate) restriction_sources: SmallVec<[CardId; 16]>,
    /// Face-up cards in play that provide marks while in play (a subset of
    /// `passive_sources`; Marks).
    pub(crate) mark_sources: SmallVec<[CardId; 16]>,
    /// Face-up cards in play with lasting discounts or surcharges on
    /// sponsoring (a subset of `passive_sources`).
    pub(crate) cost_sources: SmallVec<[CardId; 16]>,
    /// Face-up cards in play with lasting Influence Rating or initiative
    /// modifiers (a subset of `passive_sources`).
    pub(crate) rating_sources: SmallVec<[CardId; 16]>,
    /// Some face-up card in play has a lasting bonus with a condition: it
    /// can start or stop whenever the game changes.
    pub(crate) conditional_in_play: bool,
    /// Ambassador's assistants and mercenaries on the tables (the cards some
    /// other player may use or hire).
    pub(crate) keyword_cards: SmallVec<[CardId; 16]>,
    /// The definitions of every card on a table or attached in play, one
    /// entry per card, sorted (for the limited-copy check).
    pub(crate) in_play_defs: SmallVec<[DefId; 96]>,
    /// Some restriction ("cannot") has been imposed by an effect this game:
    /// until then no modifier can restrict, and the checks skip them.
    pub(crate) restrictions_imposed: bool,
    /// Marks that lasting sources provide, per source and card (Marks).
    pub(crate) mark_links: SmallVec<[crate::politics::mark_source::MarkLink; 8]>,
    /// The vote in progress (Votes), if any.
    pub(crate) vote: Option<crate::politics::vote::Vote>,
    /// The Interstellar Alliance (a state of the whole game).
    pub(crate) isa: crate::politics::isa::Isa,
    /// Drakh Rule 7: the Drakh player being asked whether to move Chaos
    /// Tokens after his action (`NOBODY` when nobody is).
    pub(crate) chaos_mover: PlayerId,
    /// Some faction has converted to Drakh (the Drakh checks have work to do).
    pub(crate) drakh_active: bool,
    /// Delayed effects waiting for their time, in the order they arose.
    pub(crate) delayed: SmallVec<[crate::effects::delayed::Delayed; 4]>,
    /// A choice in the middle of an effect (a search, a number of cards,
    /// a mode), if any.
    pub(crate) choice: Option<crate::effects::choice::Choice>,
    /// Changes waiting for the next vote (cards that change votes).
    pub(crate) vote_rules: SmallVec<[crate::politics::vote::PendingVoteRule; 2]>,
    /// Drakh Rule 7: the Drakh player whose action opened a trigger window,
    /// to be asked about Chaos Tokens once it closes (`NOBODY` otherwise).
    pub(crate) chaos_after_window: PlayerId,
    /// Some card has been blanked by an effect (Bonuses and Blanking): the
    /// blanks are kept in step with their modifiers (`crate::effects::blanking`).
    pub(crate) effect_blanks: bool,
    /// The changes the latest contingency revealed made, while they may be
    /// reversed (`reversal.rs`).
    pub(crate) reversal: Option<crate::effects::reversal::Record>,
    /// The events played since each player's last chance to act and the
    /// changes they made, while some player may reverse them
    /// (`reversal/since.rs`).
    pub(crate) reversal_events: crate::effects::reversal::since::EventRecords,
    /// The changes the effect text of the latest conflict resolved made,
    /// while they may be reversed (`reversal.rs`).
    pub(crate) reversal_conflict: Option<crate::effects::reversal::Record>,
    /// An attack's damage is being dealt (`attack_damage.rs`): a fleet it
    /// neutralizes answers in the attack's own window
    /// (`triggers.rs`). False between calls.
    pub(crate) in_attack_damage: bool,
}

/// Copies an inline list of plain values with one block copy (smallvec's own
/// `Clone` clones element by element, which dominated a `Game` clone).
fn copy_list<A: smallvec::Array>(v: &SmallVec<A>) -> SmallVec<A>
where
    A::Item: Copy,
{
    SmallVec::from_slice(v)
}

impl Clone for Conflict {
    fn clone(&self) -> Conflict {
        Conflict {
            card: self.card,
            kind: self.kind,
            initiator: self.initiator,
            target: self.target,
            unopposable: self.unopposable,
            war: self.war,
            revealed: self.revealed,
            participants: copy_list(&self.participants),
            extra_support: self.extra_support,
            extra_opposition: self.extra_opposition,
            outcome: self.outcome,
            margin: self.margin,
            resolved: self.resolved,
        }
    }
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            db: Arc::clone(&self.db),
            meta: Arc::clone(&self.meta),
            rng: self.rng.clone(),
            cards: self.cards.clone(),
            players: copy_list(&self.players),
            conflicts: self.conflicts.iter().cloned().collect(),
            mods: copy_list(&self.mods),
            attachments: copy_list(&self.attachments),
            passive_sources: copy_list(&self.passive_sources),
            initiative: copy_list(&self.initiative),
            turn: self.turn,
            step: self.step,
            window: self.window,
            babylon5: self.babylon5,
            shadows: self.shadows,
            vorlons: self.vorlons,
            shadow_war: self.shadow_war,
            shadow_war_started: self.shadow_war_started,
            unique_used: copy_list(&self.unique_used),
            limited_removed: copy_list(&self.limited_removed),
            limited_this_turn: copy_list(&self.limited_this_turn),
            triggers_this_turn: self.triggers_this_turn,
            actions_this_turn: self.actions_this_turn,
            window_revealed: copy_list(&self.window_revealed),
            window_queue: copy_list(&self.window_queue),
            pause_at_rounds: self.pause_at_rounds,
            abilities_changed: self.abilities_changed,
            foreign_control: self.foreign_control,
            bonus_sources: copy_list(&self.bonus_sources),
            restriction_sources: copy_list(&self.restriction_sources),
            mark_sources: copy_list(&self.mark_sources),
            cost_sources: copy_list(&self.cost_sources),
            rating_sources: copy_list(&self.rating_sources),
            conditional_in_play: self.conditional_in_play,
            keyword_cards: copy_list(&self.keyword_cards),
            in_play_defs: copy_list(&self.in_play_defs),
            restrictions_imposed: self.restrictions_imposed,
            mark_links: copy_list(&self.mark_links),
            vote: self.vote,
            isa: self.isa,
            chaos_mover: self.chaos_mover,
            drakh_active: self.drakh_active,
            delayed: self.delayed.clone(),
            choice: self.choice,
            vote_rules: copy_list(&self.vote_rules),
            chaos_after_window: self.chaos_after_window,
            effect_blanks: self.effect_blanks,
            reversal: self.reversal.clone(),
            reversal_events: self.reversal_events.clone(),
            reversal_conflict: self.reversal_conflict.clone(),
            in_attack_damage: self.in_attack_damage,
        }
    }
}

impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        Arc::ptr_eq(&self.db, &o.db)
            && self.meta == o.meta
            && self.rng == o.rng
            && self.cards == o.cards
            && self.players == o.players
            && self.conflicts == o.conflicts
            && self.mods == o.mods
            && self.attachments == o.attachments
            && self.passive_sources == o.passive_sources
            && self.initiative == o.initiative
            && self.turn == o.turn
            && self.step == o.step
            && self.window == o.window
            && self.babylon5 == o.babylon5
            && self.shadows == o.shadows
            && self.vorlons == o.vorlons
            && self.shadow_war == o.shadow_war
            && self.shadow_war_started == o.shadow_war_started
            && self.unique_used == o.unique_used
            && self.limited_removed == o.limited_removed
            && self.limited_this_turn == o.limited_this_turn
            && self.triggers_this_turn == o.triggers_this_turn
            && self.actions_this_turn == o.actions_this_turn
            && self.window_revealed == o.window_revealed
            && self.window_queue == o.window_queue
            && self.pause_at_rounds == o.pause_at_rounds
            && self.abilities_changed == o.abilities_changed
            && self.foreign_control == o.foreign_control
            && self.bonus_sources == o.bonus_sources
            && self.restriction_sources == o.restriction_sources
            && self.mark_sources == o.mark_sources
            && self.cost_sources == o.cost_sources
            && self.rating_sources == o.rating_sources
            && self.conditional_in_play == o.conditional_in_play
            && self.keyword_cards == o.keyword_cards
            && self.in_play_defs == o.in_play_defs
            && self.restrictions_imposed == o.restrictions_imposed
            && self.mark_links == o.mark_links
            && self.vote == o.vote
            && self.isa == o.isa
            && self.chaos_mover == o.chaos_mover
            && self.drakh_active == o.drakh_active
            && self.delayed == o.delayed
            && self.choice == o.choice
            && self.vote_rules == o.vote_rules
            && self.chaos_after_window == o.chaos_after_window
            && self.reversal == o.reversal
            && self.reversal_events == o.reversal_events
            && self.reversal_conflict == o.reversal_conflict
    }
}

/// Marks a card has in all: printed plus gained, never below zero.
pub fn total_marks(def_marks: &[u8; 6], gained: &[i8; 6], kind: MarkKind) -> u8 {
    let v = def_marks[kind.idx()] as i16 + gained[kind.idx()] as i16;
    v.clamp(0, u8::MAX as i16) as u8
}
