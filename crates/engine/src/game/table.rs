//! Cards and where they are: the zones, a card instance (24 bytes: its
//! definition, owner, faction, controller, zone, flags, damage, marks,
//! links), and the piles (small lists of ids linked through the cards).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::MarkKind;
use crate::ids::{CardId, DefId, PlayerId};

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
    /// The initial supporter of a conflict that lets the initiator sustain
    /// with it (rulings, Psi Attack: "You may sustain with your initial
    /// Character"); the conflict's `while-sustained` effects last while it
    /// stays rotated.
    Support,
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

/// Copies an inline list of plain values with one block copy (smallvec's own
/// `Clone` clones element by element, which dominated a `Game` clone).
pub(crate) fn copy_list<A: smallvec::Array>(v: &SmallVec<A>) -> SmallVec<A>
where
    A::Item: Copy,
{
    SmallVec::from_slice(v)
}

/// Marks a card has in all: printed plus gained, never below zero.
pub fn total_marks(def_marks: &[u8; 6], gained: &[i8; 6], kind: MarkKind) -> u8 {
    let v = def_marks[kind.idx()] as i16 + gained[kind.idx()] as i16;
    v.clamp(0, u8::MAX as i16) as u8
}
