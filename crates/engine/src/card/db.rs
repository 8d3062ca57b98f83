//! The card database: every definition a game may use, indexed by
//! [`DefId`]. Names are looked up case-insensitively.

use std::collections::HashMap;

use super::CardDef;
use crate::ids::DefId;

/// Errors building a database.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DbError {
    #[error("two cards are named \"{0}\"; card names must be unique")]
    DuplicateName(String),
    #[error("too many cards: at most {max} definitions")]
    TooMany { max: usize },
}

/// An immutable set of card definitions.
#[derive(Debug, Clone, Default)]
pub struct CardDb {
    defs: Vec<CardDef>,
    by_name: HashMap<String, DefId>,
    /// Which watching triggers some definition has, one bit each (`1 <<
    /// trigger as u32`): a happening no card watches is not looked for.
    watched: u32,
    /// Which watching triggers some contingency answers, one bit each: a
    /// window opens for them only then.
    contingency_watched: u32,
    /// Whether any definition has an action any player may use: only then
    /// are other players' cards looked through for actions.
    open_actions: bool,
    /// Whether any definition can forbid playing cards (`cannot = "play"`).
    play_restrictions: bool,
    /// Whether any definition lets players declare war conflicts without a
    /// state of war (`Passive::WarConflicts`).
    war_licenses: bool,
    /// Whether any definition asks whether a card was ready at the start
    /// of the turn: only then is it recorded.
    ready_at_start: bool,
    /// Whether any definition asks whether another copy of a card targeted
    /// a card this turn: only then is it recorded.
    copy_targets: bool,
    /// Whether any definition asks which card first attacked in a conflict
    /// (`CardSel::FirstAttacker`, `Condition::AttackMade`): only then is it
    /// recorded.
    first_attack: bool,
    /// Each definition's printed taint, worked out once (Tainted Cards and
    /// Marks): bit 0 Shadow-tainted, bit 1 Vorlon-tainted.
    taint: Vec<u8>,
}

/// The printed taint of a definition, as `CardDb::taint` keeps it.
fn taint_bits(def: &CardDef) -> u8 {
    u8::from(def.shadow_tainted()) | (u8::from(def.vorlon_tainted()) << 1)
}

impl CardDb {
    pub fn new() -> CardDb {
        CardDb::default()
    }

    /// Builds a database; names must be unique.
    pub fn from_defs(defs: impl IntoIterator<Item = CardDef>) -> Result<CardDb, DbError> {
        let mut db = CardDb::new();
        for d in defs {
            db.insert(d)?;
        }
        Ok(db)
    }

    /// Adds a definition; fails on a duplicate name.
    pub fn insert(&mut self, def: CardDef) -> Result<DefId, DbError> {
        let key = def.name.to_lowercase();
        if self.by_name.contains_key(&key) {
            return Err(DbError::DuplicateName(def.name));
        }
        if self.defs.len() >= u16::MAX as usize - 1 {
            return Err(DbError::TooMany {
                max: u16::MAX as usize - 1,
            });
        }
        let id = DefId(self.defs.len() as u16);
        self.taint.push(taint_bits(&def));
        self.watched |= def.watched_triggers();
        if def.card_type == super::CardType::Contingency {
            self.contingency_watched |= def.watched_triggers();
        }
        self.open_actions |= def.open_actions();
        self.play_restrictions |= def.restricts_play();
        self.war_licenses |= def.licenses_war();
        self.ready_at_start |= def.reads_ready_at_start;
        self.copy_targets |= def.reads_copy_targets;
        self.first_attack |= def.reads_first_attack();
        self.defs.push(def);
        self.by_name.insert(key, id);
        Ok(id)
    }

    /// Adds or replaces a definition of that name (a scenario's own
    /// definition wins over the database's).
    pub fn upsert(&mut self, def: CardDef) -> DefId {
        let key = def.name.to_lowercase();
        self.watched |= def.watched_triggers();
        if def.card_type == super::CardType::Contingency {
            self.contingency_watched |= def.watched_triggers();
        }
        self.open_actions |= def.open_actions();
        self.play_restrictions |= def.restricts_play();
        self.war_licenses |= def.licenses_war();
        self.ready_at_start |= def.reads_ready_at_start;
        self.copy_targets |= def.reads_copy_targets;
        self.first_attack |= def.reads_first_attack();
        if let Some(&id) = self.by_name.get(&key) {
            self.taint[id.0 as usize] = taint_bits(&def);
            self.defs[id.0 as usize] = def;
            id
        } else {
            let id = DefId(self.defs.len() as u16);
            self.taint.push(taint_bits(&def));
            self.defs.push(def);
            self.by_name.insert(key, id);
            id
        }
    }

    /// Whether any card has an action any player may use.
    #[inline]
    pub fn has_open_actions(&self) -> bool {
        self.open_actions
    }

    /// Whether any card can forbid playing cards.
    #[inline]
    pub fn has_play_restrictions(&self) -> bool {
        self.play_restrictions
    }

    /// Whether any card lets players declare war conflicts without a state
    /// of war.
    #[inline]
    pub fn has_war_licenses(&self) -> bool {
        self.war_licenses
    }

    /// Whether any card asks whether a card was ready at the start of the
    /// turn.
    #[inline]
    pub fn reads_ready_at_start(&self) -> bool {
        self.ready_at_start
    }

    /// Whether any card asks whether another copy of a card targeted a
    /// card this turn.
    #[inline]
    pub fn reads_copy_targets(&self) -> bool {
        self.copy_targets
    }

    /// Whether any card asks which card first attacked in a conflict.
    #[inline]
    pub fn reads_first_attack(&self) -> bool {
        self.first_attack
    }

    /// Whether any card has a trigger that watches the whole game.
    #[inline]
    pub fn has_watchers(&self) -> bool {
        self.watched != 0
    }

    /// Whether any card has this watching trigger.
    #[inline]
    pub fn watched(&self, t: super::Trigger) -> bool {
        self.watched & 1 << t as u32 != 0
    }

    /// Whether a contingency answers this watching trigger (a window opens
    /// when it happens).
    #[inline]
    pub fn contingency_watches(&self, t: super::Trigger) -> bool {
        self.contingency_watched & 1 << t as u32 != 0
    }

    /// Whether the definition is tainted by what it prints (loyalty, marks
    /// printed, provided or required: `CardDef::shadow_tainted`,
    /// `vorlon_tainted`), without reading its effects again.
    #[inline]
    pub fn printed_taint(&self, id: DefId, kind: super::MarkKind) -> bool {
        let bit = match kind {
            super::MarkKind::Shadow => 1,
            _ => 2,
        };
        self.taint[id.0 as usize] & bit != 0
    }

    pub fn get(&self, id: DefId) -> &CardDef {
        &self.defs[id.0 as usize]
    }

    pub fn try_get(&self, id: DefId) -> Option<&CardDef> {
        self.defs.get(id.0 as usize)
    }

    pub fn find(&self, name: &str) -> Option<DefId> {
        self.by_name.get(&name.to_lowercase()).copied()
    }

    pub fn len(&self) -> usize {
        self.defs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (DefId, &CardDef)> {
        self.defs
            .iter()
            .enumerate()
            .map(|(i, d)| (DefId(i as u16), d))
    }
}
