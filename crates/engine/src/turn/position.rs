//! A game position given exactly: every pile, every counter, the conflicts
//! in play. The conformance scenarios, tests and puzzles start games from
//! one; [`Game::from_position`] builds the state without running any rule.
//!
//! Cards are created in this order, which is the "file order" for forced
//! choices: for each player in seating order, the ambassador, the Inner
//! Circle, the supporting row (each card followed by its attached cards),
//! the agenda, the hand, the deck (top first) and the discard pile; then the
//! conflict cards.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::card::CardDb;
use crate::card::{Ability, CardType, Faction, Race};
use crate::game::error::SetupError;
use crate::game::state::{
    flag, Conflict, Game, Options, Participant, Role, Rotation, Round, Step, Target, Zone,
};
use crate::ids::{CardId, DefId, PlayerId};
use crate::politics::tension::{starting_tension, starting_unrest};
use crate::turn::setup::new_player;

/// A card on the table, with its state.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CardPosition {
    pub def: DefId,
    pub rotated: bool,
    pub damage: u8,
    pub severe: u8,
    pub neutralized: bool,
    pub neutralized_this_turn: bool,
    /// Marks gained on top of the printed ones.
    pub marks: [i8; 6],
    /// Enhancements attached to it (controlled by the same player).
    pub attached: Vec<DefId>,
    /// For a character: the fleet (in the same player's supporting row) it
    /// is rotated and leading.
    pub leading: Option<DefId>,
    /// Chaos Tokens on it (Drakh Rule 7).
    #[serde(default)]
    pub chaos: u8,
    /// Credit tokens on it (Corporate Rule 6).
    #[serde(default)]
    pub credits: u8,
}

impl CardPosition {
    pub fn of(def: DefId) -> CardPosition {
        CardPosition {
            def,
            ..CardPosition::default()
        }
    }
}

/// One player's faction and piles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPosition {
    pub name: String,
    pub race: Race,
    pub faction: Faction,
    pub ambassador: CardPosition,
    pub influence: i16,
    pub spent: i16,
    pub power: i16,
    /// Default: from the race table.
    pub unrest: Option<u8>,
    /// Tension toward other players, by seat; others from the race table.
    pub tension: Vec<(PlayerId, u8)>,
    pub inner_circle: Vec<CardPosition>,
    pub supporting: Vec<CardPosition>,
    pub hand: Vec<DefId>,
    /// Top card first.
    pub deck: Vec<DefId>,
    pub discard: Vec<DefId>,
    /// The Crusade Pile, top first.
    #[serde(default)]
    pub crusade: Vec<DefId>,
    /// The agenda and whether it is hidden.
    pub agenda: Option<(DefId, bool)>,
    pub at_war: Vec<PlayerId>,
    /// The reserve (ISA pile), outside the game.
    #[serde(default)]
    pub reserve: Vec<DefId>,
    /// Already a Drakh faction (Drakh Rules 2-3).
    #[serde(default)]
    pub drakh: bool,
}

impl PlayerPosition {
    pub fn new(name: impl Into<String>, race: Race, faction: Faction, ambassador: DefId) -> Self {
        PlayerPosition {
            name: name.into(),
            race,
            faction,
            ambassador: CardPosition::of(ambassador),
            influence: 4,
            spent: 0,
            power: 0,
            unrest: None,
            tension: Vec::new(),
            inner_circle: Vec::new(),
            supporting: Vec::new(),
            hand: Vec::new(),
            deck: Vec::new(),
            discard: Vec::new(),
            crusade: Vec::new(),
            agenda: None,
            at_war: Vec::new(),
            reserve: Vec::new(),
            drakh: false,
        }
    }
}

/// A card on some player's table, found by definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRef {
    pub player: PlayerId,
    pub def: DefId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetPosition {
    None,
    Player(PlayerId),
    Race(Race),
    Card(TableRef),
}

/// A conflict already initiated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConflictPosition {
    /// The conflict card; `None` for a war conflict.
    pub card: Option<DefId>,
    /// The conflict type of a war conflict (military).
    pub kind: Option<Ability>,
    pub initiator: PlayerId,
    pub target: TargetPosition,
    /// Cards already supporting (rotated); in a conflict with several sides
    /// each supports its own faction's side.
    pub supporters: Vec<TableRef>,
    pub opposers: Vec<TableRef>,
}

/// A whole position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub turn: u32,
    /// The game stands on entering this round, before its own steps.
    pub round: Round,
    pub babylon5: i16,
    pub shadows: i16,
    pub vorlons: i16,
    pub shadow_war: bool,
    /// The acting order this turn, first acts first; `None`: by the rules.
    pub initiative: Option<Vec<PlayerId>>,
    pub players: Vec<PlayerPosition>,
    pub conflicts: Vec<ConflictPosition>,
    pub options: Options,
    /// The Interstellar Alliance, if it exists: its founder and members.
    #[serde(default)]
    pub isa: Option<(PlayerId, Vec<PlayerId>)>,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            turn: 1,
            round: Round::Action,
            babylon5: 4,
            shadows: 4,
            vorlons: 4,
            shadow_war: false,
            initiative: None,
            players: Vec::new(),
            conflicts: Vec::new(),
            options: Options::default(),
            isa: None,
        }
    }
}

fn perr(msg: String) -> SetupError {
    SetupError::Position(msg)
}

impl Game {
    /// Builds a game standing exactly at `pos`, on entering its round. No
    /// rule runs until [`Game::proceed`] or an action; only the shape is
    /// checked (2 to 6 players, known cards, references that exist).
    pub fn from_position(pos: &Position, db: Arc<CardDb>, seed: u64) -> Result<Game, SetupError> {
        let n = pos.players.len();
        if !(2..=crate::game::state::MAX_PLAYERS).contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        let names = pos.players.iter().map(|p| p.name.clone()).collect();
        let mut g = Game::empty(db, names, pos.options.clone(), seed);
        g.turn = pos.turn.max(1);
        g.babylon5 = pos.babylon5.max(0);
        g.shadows = pos.shadows.max(0);
        g.vorlons = pos.vorlons.max(0);
        g.shadow_war = pos.shadow_war;
        g.shadow_war_started = pos.shadow_war;
        if let Some((founder, members)) = &pos.isa {
            if *founder as usize >= n || members.iter().any(|&m| m as usize >= n) {
                return Err(perr("the ISA names an unknown player".into()));
            }
            g.isa = crate::game::held::Isa {
                exists: true,
                founder: *founder,
                members: members.iter().fold(0, |b, &m| b | (1 << m)),
            };
        }
        for pp in &pos.players {
            g.players.push(new_player(pp.race, pp.faction));
        }
        g.place_players(pos)?;
        g.set_relations(pos)?;
        g.place_leaders(pos)?;
        g.place_conflicts(pos)?;
        g.refresh_passive_sources();
        // Influence Rating modifiers in play: their tokens are unspent.
        g.sync_rating_pools();
        g.refresh_foreign_control();
        g.refresh_keyword_cards();
        // Lasting sources in the position give their marks at once, on top
        // of the marks the position lists (Marks).
        g.refresh_mark_links(&mut crate::game::event::Events::new());
        g.set_initiative(pos)?;
        // A position's cards stand as they stood at the start of its turn:
        // those ready now were ready then.
        g.note_ready_at_turn_start();
        g.step = Step::Entry(pos.round);
        Ok(g)
    }

    /// Each player's cards, zone by zone, and counters.
    fn place_players(&mut self, pos: &Position) -> Result<(), SetupError> {
        for (i, pp) in pos.players.iter().enumerate() {
            let p = i as PlayerId;
            let amb = self.put_table_card(&pp.ambassador, p, Zone::InnerCircle)?;
            self.players[i].ambassador = amb;
            for c in &pp.inner_circle {
                self.put_table_card(c, p, Zone::InnerCircle)?;
            }
            for c in &pp.supporting {
                self.put_table_card(c, p, Zone::Supporting)?;
            }
            if let Some((d, hidden)) = pp.agenda {
                let a = self.new_card(d, p)?;
                self.place(a, Zone::Agenda, p);
                self.cm(a).set(flag::FACE_DOWN, hidden);
                if self.db.get(d).card_type != CardType::Agenda {
                    return Err(perr(format!(
                        "player {}: {} is not an agenda",
                        pp.name,
                        self.db.get(d).name
                    )));
                }
            }
            for &d in &pp.hand {
                let c = self.new_card(d, p)?;
                self.place(c, Zone::Hand, p);
            }
            // Top card first in the position; the pile keeps the top last.
            for &d in pp.deck.iter().rev() {
                let c = self.new_card(d, p)?;
                self.place(c, Zone::Deck, p);
            }
            for &d in &pp.discard {
                let c = self.new_card(d, p)?;
                self.place(c, Zone::Discard, p);
            }
            for &d in pp.crusade.iter().rev() {
                let c = self.new_card(d, p)?;
                self.place(c, Zone::Crusade, p);
            }
            for &d in &pp.reserve {
                let c = self.new_card(d, p)?;
                self.place(c, Zone::Reserve, p);
            }
            let pl = &mut self.players[i];
            pl.influence = pp.influence.max(0);
            pl.spent = pp.spent.clamp(0, pl.influence);
            pl.raw_power = pp.power;
            pl.unrest = pp.unrest.unwrap_or(starting_unrest(pp.race)).clamp(1, 5);
            pl.drakh = pp.drakh;
            self.drakh_active |= pp.drakh;
        }
        Ok(())
    }

    /// Tension and wars between the players.
    fn set_relations(&mut self, pos: &Position) -> Result<(), SetupError> {
        let n = pos.players.len();
        for i in 0..n {
            for j in 0..n {
                self.players[i].tension[j] =
                    starting_tension(pos.players[i].race, pos.players[j].race);
            }
            for &(q, t) in &pos.players[i].tension {
                if q as usize >= n {
                    return Err(perr(format!(
                        "player {}: tension toward an unknown player",
                        pos.players[i].name
                    )));
                }
                self.players[i].tension[q as usize] = t.clamp(1, 5);
            }
            for &q in &pos.players[i].at_war {
                if q as usize >= n || q as usize == i {
                    return Err(perr(format!(
                        "player {}: at war with an unknown player",
                        pos.players[i].name
                    )));
                }
                self.players[i].at_war |= 1 << q;
                self.players[q as usize].at_war |= 1 << i;
            }
        }
        Ok(())
    }

    /// Characters leading fleets (Lead a Fleet).
    fn place_leaders(&mut self, pos: &Position) -> Result<(), SetupError> {
        for (i, pp) in pos.players.iter().enumerate() {
            let rows: Vec<(usize, &CardPosition)> = std::iter::once((0usize, &pp.ambassador))
                .chain(pp.inner_circle.iter().map(|c| (0, c)))
                .chain(pp.supporting.iter().map(|c| (1, c)))
                .collect();
            for (_, cp) in rows {
                if let Some(fleet_def) = cp.leading {
                    let leader = self
                        .find_table_card(i as PlayerId, cp.def)
                        .ok_or_else(|| perr("leader not found".into()))?;
                    let fleet =
                        self.find_table_card(i as PlayerId, fleet_def)
                            .ok_or_else(|| {
                                perr(format!(
                                    "player {}: {} leads {}, which is not in that player's rows",
                                    pp.name,
                                    self.db.get(cp.def).name,
                                    self.db.get(fleet_def).name
                                ))
                            })?;
                    // Lead a Fleet: a character leads a fleet (never itself,
                    // and a fleet one leader at a time).
                    let (ld, fd) = (
                        self.db.get(self.c(leader).def),
                        self.db.get(self.c(fleet).def),
                    );
                    if ld.card_type != CardType::Character
                        || fd.card_type != CardType::Fleet
                        || leader == fleet
                        || self.c(fleet).led_by.some().is_some()
                    {
                        return Err(perr(format!(
                            "player {}: {} cannot lead {}: a character leads a fleet, one leader to a fleet",
                            pp.name, ld.name, fd.name
                        )));
                    }
                    let l = self.cm(leader);
                    l.flags |= flag::ROTATED;
                    l.rotation = Rotation::Lead;
                    l.leading = fleet;
                    self.cm(fleet).led_by = leader;
                }
            }
        }
        Ok(())
    }

    /// Conflicts already initiated, with their participants.
    fn place_conflicts(&mut self, pos: &Position) -> Result<(), SetupError> {
        let n = pos.players.len();
        for cp in &pos.conflicts {
            let ini = cp.initiator;
            if ini as usize >= n {
                return Err(perr("a conflict's initiator is not a player".into()));
            }
            let target = match cp.target {
                TargetPosition::None => Target::None,
                TargetPosition::Player(p) if (p as usize) < n => Target::Player(p),
                TargetPosition::Player(_) => {
                    return Err(perr("a conflict targets an unknown player".into()))
                }
                TargetPosition::Race(r) => Target::Race(r),
                TargetPosition::Card(r) => {
                    Target::Card(self.find_table_card(r.player, r.def).ok_or_else(|| {
                        perr(format!(
                            "the conflict's target {} is not on the table",
                            self.db.get(r.def).name
                        ))
                    })?)
                }
            };
            let mut c = match cp.card {
                Some(d) => {
                    let def = self.db.get(d).clone();
                    if def.card_type != CardType::Conflict {
                        return Err(perr(format!("{} is not a conflict card", def.name)));
                    }
                    let id = self.new_card(d, ini)?;
                    self.place(id, Zone::Conflict, ini);
                    self.cm(id).faction = ini;
                    self.cm(id).controller = ini;
                    self.note_entered_play(id);
                    let mut c =
                        Conflict::new(id, def.conflict.unwrap_or(Ability::Diplomacy), ini, target);
                    c.unopposable = def.unopposable;
                    c
                }
                None => {
                    let mut c = Conflict::new(
                        CardId::NONE,
                        cp.kind.unwrap_or(Ability::Military),
                        ini,
                        target,
                    );
                    c.war = true;
                    c
                }
            };
            c.revealed = true;
            for (list, role) in [(&cp.supporters, true), (&cp.opposers, false)] {
                for r in list.iter() {
                    let card = self.find_table_card(r.player, r.def).ok_or_else(|| {
                        perr(format!(
                            "participant {} is not on the table",
                            self.db.get(r.def).name
                        ))
                    })?;
                    self.cm(card).flags |= flag::ROTATED;
                    let role = if role {
                        Role::Support(if c.unopposable { r.player } else { ini })
                    } else {
                        Role::Oppose
                    };
                    c.participants.push(Participant {
                        card,
                        role,
                        ability: c.kind,
                    });
                }
            }
            self.conflicts.push(c);
        }
        Ok(())
    }

    /// The initiative order, as the position gives it or determined.
    fn set_initiative(&mut self, pos: &Position) -> Result<(), SetupError> {
        let n = pos.players.len();
        match &pos.initiative {
            Some(order) => {
                let mut seen = 0u8;
                for &p in order {
                    if p as usize >= n || seen & (1 << p) != 0 {
                        return Err(perr(
                            "the initiative order must name each player once".into(),
                        ));
                    }
                    seen |= 1 << p;
                }
                if order.len() != n {
                    return Err(perr("the initiative order must name every player".into()));
                }
                self.initiative = order.iter().copied().collect();
            }
            None => {
                let mut ev = crate::game::event::Events::new();
                self.determine_initiative(&mut ev);
            }
        }
        Ok(())
    }

    fn put_table_card(
        &mut self,
        cp: &CardPosition,
        p: PlayerId,
        zone: Zone,
    ) -> Result<CardId, SetupError> {
        let id = self.new_card(cp.def, p)?;
        self.place(id, zone, p);
        let c = self.cm(id);
        c.set(flag::ROTATED, cp.rotated || cp.leading.is_some());
        c.set(flag::NEUTRALIZED, cp.neutralized);
        c.set(
            flag::NEUTRALIZED_THIS_TURN,
            cp.neutralized && cp.neutralized_this_turn,
        );
        c.damage = cp.damage;
        c.severe = cp.severe;
        c.marks = cp.marks;
        c.chaos = cp.chaos;
        c.credits = cp.credits;
        self.note_entered_play(id);
        if let Some(other) = self.ranger_one_in_play(id, CardId::NONE) {
            return Err(perr(format!(
                "{} and {} both have Ranger One: only one character at a time may (Glossary, Ranger One)",
                self.db.get(cp.def).name,
                self.db.get(self.c(other).def).name
            )));
        }
        for &d in &cp.attached {
            let a = self.new_card(d, p)?;
            let ty = self.db.get(d).card_type;
            if !matches!(ty, CardType::Enhancement | CardType::Aftermath) {
                return Err(perr(format!(
                    "{} is attached to {} but is not an enhancement or aftermath",
                    self.db.get(d).name,
                    self.db.get(cp.def).name
                )));
            }
            self.place(a, Zone::Attached, p);
            let ai = self.cm(a);
            ai.host = id;
            ai.faction = p;
            ai.controller = p;
            self.note_entered_play(a);
        }
        Ok(id)
    }

    /// The first card of this definition in a player's rows.
    pub(crate) fn find_table_card(&self, p: PlayerId, def: DefId) -> Option<CardId> {
        self.table_cards(p).find(|&c| self.c(c).def == def)
    }
}
