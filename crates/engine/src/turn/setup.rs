//! Preparing to Play: choose a race and faction, reveal the ambassador,
//! select the starting hand, shuffle, set tensions and influence (Engine
//! Rules v1.2: Preparing to Play; Races and Factions).

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::card::CardDb;
use crate::card::{CardType, Faction, Race, Uniqueness};
use crate::game::error::SetupError;
use crate::game::event::Events;
use crate::game::state::{
    CardInst, Game, Meta, Options, Pile, Player, Round, Step, VictoryKind, Zone, MAX_PLAYERS,
};
use crate::ids::{CardId, DefId, PlayerId};
use crate::politics::tension::{starting_tension, starting_unrest};

/// One seat's choices before the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub race: Race,
    pub faction: Faction,
    pub ambassador: DefId,
    /// The starting hand (for the Non-Aligned, with the second species
    /// ambassador); empty with the two-player draw option.
    pub hand: Vec<DefId>,
    /// The deck, in list order; it is shuffled at set-up.
    pub deck: Vec<DefId>,
    /// The optional Crusade Pile, shuffled at set-up.
    #[serde(default)]
    pub crusade: Vec<DefId>,
    /// The optional reserve (ISA pile), outside the game.
    #[serde(default)]
    pub reserve: Vec<DefId>,
}

impl Seat {
    /// The seat for a two-player game with Appendix One's draw: the starting
    /// hand is not picked but drawn, so its cards go back into the deck;
    /// only a Non-Aligned second species ambassador starts in hand
    /// (Appendix One: "Non-aligned. Start with an ambassador in play and one
    /// in hand").
    pub fn for_duel(mut self, db: &CardDb) -> Seat {
        let (keep, rest): (Vec<DefId>, Vec<DefId>) = self.hand.iter().partition(|&&h| {
            let d = db.get(h);
            self.race == Race::NonAligned
                && d.card_type == CardType::Character
                && d.kw.species_ambassador
        });
        self.hand = keep;
        self.deck.extend(rest);
        self
    }
}

/// A whole table's set-up.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Setup {
    pub players: Vec<Seat>,
    #[serde(default)]
    pub options: Options,
}

/// Cards a player keeps in the two-player draw (Appendix One).
pub const DUEL_DRAW: usize = 8;
pub const DUEL_KEEP: usize = 3;

/// Whether `faction` is open to `race` (Races and Factions: Factions Available).
pub fn faction_available(race: Race, faction: Faction) -> bool {
    match faction {
        Faction::BabylonProject | Faction::Corporate => race.is_playable(),
        Faction::Home => race.is_playable() && race != Race::NonAligned,
        Faction::PsiCorps => race == Race::Human,
    }
}

/// Why a card cannot be a starting ambassador for this race and faction,
/// if it cannot (Reveal your ambassador; Corporate Rules 1-2; Non-Aligned).
pub fn ambassador_problem(
    def: &crate::card::CardDef,
    race: Race,
    faction: Faction,
) -> Option<&'static str> {
    if def.card_type != CardType::Character {
        return Some("it is not a character");
    }
    match faction {
        Faction::BabylonProject if race == Race::NonAligned => {
            if def.race != Race::NonAligned || !def.kw.species_ambassador {
                return Some("a Non-Aligned ambassador must be a Non-Aligned character with the keyword \"ambassador\"");
            }
        }
        Faction::BabylonProject | Faction::Home | Faction::PsiCorps => {
            let want = match faction {
                Faction::BabylonProject => "babylon project",
                Faction::Home => "home faction",
                _ => "psi corps",
            };
            match def.kw.starting {
                Some((r, f)) if r == race => {
                    let ok = match f {
                        None => faction == Faction::BabylonProject,
                        Some(f) => f == faction,
                    };
                    if !ok {
                        return Some(match want {
                            "babylon project" => "it lacks the keyword \"starting <race> ambassador\" or \"starting <race> babylon project ambassador\"",
                            "home faction" => "it lacks the keyword \"starting <race> home faction ambassador\"",
                            _ => "it lacks the keyword \"starting human psi corps ambassador\"",
                        });
                    }
                }
                Some(_) => return Some("it is the starting ambassador of another race"),
                None => {
                    return Some(match want {
                        "babylon project" => "it lacks the keyword \"starting <race> ambassador\" or \"starting <race> babylon project ambassador\"",
                        "home faction" => "it lacks the keyword \"starting <race> home faction ambassador\"",
                        _ => "it lacks the keyword \"starting human psi corps ambassador\"",
                    })
                }
            }
        }
        Faction::Corporate => {
            if !def.is_corporate() {
                return Some("a corporate ambassador must be a corporate character");
            }
            if def.race != Race::Neutral && def.race != race {
                return Some(
                    "a corporate ambassador must be neutral or loyal to the faction's race",
                );
            }
            match def.cost {
                None => return Some("a corporate ambassador needs a printed cost"),
                Some(c) if c > 10 => {
                    return Some("a corporate ambassador's printed cost must be 10 or less")
                }
                _ => {}
            }
            if def.kw.assistant {
                return Some("an ambassador's assistant cannot be a corporate ambassador");
            }
            // Corporate Rule 2: one you could sponsor; a "must replace" card
            // can only enter play through replacement.
            if def.replaces.as_ref().is_some_and(|r| r.only) {
                return Some(
                    "it can only enter play through replacement, so it cannot be a corporate ambassador",
                );
            }
        }
    }
    None
}

impl Game {
    /// Sets up a game: checks races, factions, ambassadors and starting
    /// hands, creates every card, shuffles the decks with `seed`, sets
    /// Influence Rating 4, tensions and unrest from the race table and 4
    /// non-player influence each, determines initiative, and stands at the
    /// first choice of the first Conflict Round.
    pub fn new(setup: Setup, db: Arc<CardDb>, seed: u64) -> Result<Game, SetupError> {
        validate_setup(&setup, &db)?;
        let n = setup.players.len();
        let mut g = Game::empty(
            db,
            setup.players.iter().map(|s| s.name.clone()).collect(),
            setup.options.clone(),
            seed,
        );
        for (i, seat) in setup.players.iter().enumerate() {
            let p = i as PlayerId;
            g.players.push(new_player(seat.race, seat.faction));
            let amb = g.new_card(seat.ambassador, p)?;
            g.place(amb, Zone::InnerCircle, p);
            g.players[i].ambassador = amb;
            // The starting hand (with the two-player draw: only the
            // Non-Aligned second ambassador; the rest is drawn).
            for &d in &seat.hand {
                let c = g.new_card(d, p)?;
                g.place(c, Zone::Hand, p);
                if setup.options.duel_draw {
                    g.cm(c).flags |= crate::game::state::flag::KEPT;
                    g.players[i].chosen += 1;
                }
            }
            // Deck in list order, then shuffled.
            for &d in &seat.deck {
                let c = g.new_card(d, p)?;
                g.place(c, Zone::Deck, p);
            }
            for &d in &seat.crusade {
                let c = g.new_card(d, p)?;
                g.place(c, Zone::Crusade, p);
            }
            for &d in &seat.reserve {
                let c = g.new_card(d, p)?;
                g.place(c, Zone::Reserve, p);
            }
        }
        for i in 0..n {
            g.shuffle_deck(i as PlayerId);
        }
        // Set Tension Ratings and unrest from the race table.
        for i in 0..n {
            for j in 0..n {
                g.players[i].tension[j] = starting_tension(g.players[i].race, g.players[j].race);
            }
            g.players[i].unrest = starting_unrest(g.players[i].race);
        }
        // Unique ambassadors have entered play.
        for i in 0..n {
            let amb = g.players[i].ambassador;
            g.note_entered_play(amb);
        }
        g.refresh_passive_sources();
        g.refresh_keyword_cards();
        g.turn = 1;
        // The first turn starts here, in the Conflict Round.
        g.note_ready_at_turn_start();
        let mut ev = Events::new();
        g.determine_initiative(&mut ev);
        if setup.options.duel_draw {
            for i in 0..n {
                for _ in 0..DUEL_DRAW {
                    g.draw_card(i as PlayerId, crate::game::event::Cause::SetUp, &mut ev);
                }
            }
            g.step = Step::Keep { answered: 0 };
        } else {
            g.step = Step::Entry(Round::Conflict);
        }
        g.run(&mut ev);
        Ok(g)
    }

    /// A game with no players yet (for set-up and positions).
    pub(crate) fn empty(db: Arc<CardDb>, names: Vec<String>, options: Options, seed: u64) -> Game {
        Game {
            db,
            meta: Arc::new(Meta { names, options }),
            rng: Pcg64Mcg::seed_from_u64(seed),
            cards: Vec::with_capacity(64 * 4),
            players: SmallVec::new(),
            conflicts: SmallVec::new(),
            mods: SmallVec::new(),
            attachments: SmallVec::new(),
            passive_sources: SmallVec::new(),
            initiative: SmallVec::new(),
            turn: 1,
            step: Step::Entry(Round::Conflict),
            window: None,
            babylon5: 4,
            shadows: 4,
            vorlons: 4,
            shadow_war: false,
            shadow_war_started: false,
            unique_used: SmallVec::new(),
            limited_removed: SmallVec::new(),
            limited_this_turn: SmallVec::new(),
            used_once: SmallVec::new(),
            next_discounts: Default::default(),
            triggers_this_turn: 0,
            actions_this_turn: [0; MAX_PLAYERS],
            window_revealed: SmallVec::new(),
            window_queue: SmallVec::new(),
            pause_at_rounds: false,
            abilities_changed: true,
            foreign_control: false,
            bonus_sources: SmallVec::new(),
            restriction_sources: SmallVec::new(),
            mark_sources: SmallVec::new(),
            cost_sources: SmallVec::new(),
            rating_sources: SmallVec::new(),
            conditional_in_play: false,
            keyword_cards: SmallVec::new(),
            in_play_defs: SmallVec::new(),
            restrictions_imposed: false,
            mark_links: SmallVec::new(),
            vote: None,
            ready_at_start: Vec::new(),
            copy_targets: Vec::new(),
            picked: SmallVec::new(),
            conquests: Vec::new(),
            discard_answers: Vec::new(),
            incomes: Vec::new(),
            isa: crate::game::held::Isa::default(),
            chaos_mover: crate::game::state::NOBODY,
            drakh_active: false,
            delayed: SmallVec::new(),
            choice: None,
            vote_rules: SmallVec::new(),
            chaos_after_window: crate::game::state::NOBODY,
            effect_blanks: false,
            reversal: None,
            reversal_events: Default::default(),
            reversal_conflict: None,
            in_attack_damage: false,
            paid: [0; MAX_PLAYERS],
        }
    }

    /// Creates a card owned by `owner`, not yet in any list.
    pub(crate) fn new_card(&mut self, def: DefId, owner: PlayerId) -> Result<CardId, SetupError> {
        if self.db.try_get(def).is_none() {
            return Err(SetupError::UnknownDef(def.0));
        }
        if self.cards.len() >= u16::MAX as usize - 1 {
            return Err(SetupError::TooManyCards);
        }
        let id = CardId(self.cards.len() as u16);
        self.cards.push(CardInst::new(def, owner, Zone::OutOfGame));
        Ok(id)
    }

    /// Puts a freshly created card in a zone (no leave-play handling).
    pub(crate) fn place(&mut self, id: CardId, zone: Zone, faction: PlayerId) {
        let mut ev = Events::new();
        self.move_card(id, zone, faction, &mut ev);
    }

    /// Shuffles a player's deck with the game's generator.
    pub(crate) fn shuffle_deck(&mut self, p: PlayerId) {
        use crate::game::state::PileKind;
        use rand::seq::SliceRandom;
        for kind in [PileKind::Deck, PileKind::Crusade] {
            let pile = self.players[p as usize].pile(kind);
            let mut ids: Vec<CardId> = self.iter_pile(pile).collect();
            for &c in &ids {
                self.unlink(p as usize, kind, c);
            }
            ids.shuffle(&mut self.rng);
            for c in ids {
                self.link_back(p as usize, kind, c);
            }
        }
    }

    /// Records that a unique card has entered play (it can never again).
    pub(crate) fn note_entered_play(&mut self, id: CardId) {
        let def = self.c(id).def;
        if self.db.get(def).uniqueness == Uniqueness::Unique && !self.unique_used.contains(&def) {
            self.unique_used.push(def);
        }
    }
}

pub(crate) fn new_player(race: Race, faction: Faction) -> Player {
    Player {
        race,
        faction,
        ambassador: CardId::NONE,
        influence: 4,
        spent: 0,
        extra: 0,
        raw_power: 0,
        unrest: starting_unrest(race),
        tension: [2; MAX_PLAYERS],
        at_war: 0,
        shadow_wars: 0,
        eliminated: false,
        victory: VictoryKind::None,
        deck: Pile::default(),
        hand: Pile::default(),
        discard: Pile::default(),
        removed: Pile::default(),
        crusade: Pile::default(),
        inner_circle: Pile::default(),
        supporting: Pile::default(),
        agenda: CardId::NONE,
        assist_discount: 0,
        conflicts_declared: 0,
        chosen: 0,
        reserve: Pile::default(),
        reserve_used: false,
        forfeit_draw: false,
        drakh: false,
        sponsor_discount: 0,
        rating_mod: 0,
        states: [0; MAX_PLAYERS],
        progress: crate::game::state::Progress::default(),
    }
}

/// Checks the set-up rules: 2 to 6 players, playable races, available
/// factions and their limits, legal ambassadors without clashes, and legal
/// starting hands. Deck construction (size, copies) is checked by deck
/// checking, not here.
pub fn validate_setup(setup: &Setup, db: &CardDb) -> Result<(), SetupError> {
    let n = setup.players.len();
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err(SetupError::PlayerCount(n));
    }
    for (i, s) in setup.players.iter().enumerate() {
        for d in s
            .hand
            .iter()
            .chain(s.deck.iter())
            .chain(s.reserve.iter())
            .chain(std::iter::once(&s.ambassador))
        {
            if db.try_get(*d).is_none() {
                return Err(SetupError::UnknownDef(d.0));
            }
        }
        // Reserve/sideboard/ISA Pile: "it cannot exceed 20 cards".
        if s.reserve.len() > crate::game::held::RESERVE_MAX {
            return Err(SetupError::ReserveTooLarge {
                player: s.name.clone(),
                count: s.reserve.len(),
            });
        }
        if setup.players[..i].iter().any(|o| o.name == s.name) {
            return Err(SetupError::DuplicateName(s.name.clone()));
        }
        if !s.race.is_playable() {
            return Err(SetupError::NotPlayable {
                player: s.name.clone(),
                race: s.race,
            });
        }
        if !faction_available(s.race, s.faction) {
            return Err(SetupError::FactionUnavailable {
                player: s.name.clone(),
                race: s.race,
                faction: s.faction.name(),
            });
        }
        // Faction limits: one Babylon Project and one Home faction per race
        // (the Non-Aligned may have several Babylon Project factions), one
        // Psi Corps per game.
        for o in &setup.players[..i] {
            let clash = match s.faction {
                Faction::BabylonProject => {
                    o.faction == s.faction && o.race == s.race && s.race != Race::NonAligned
                }
                Faction::Home => o.faction == s.faction && o.race == s.race,
                Faction::PsiCorps => o.faction == Faction::PsiCorps,
                Faction::Corporate => false,
            };
            if clash {
                return Err(SetupError::FactionTaken {
                    first: o.name.clone(),
                    second: s.name.clone(),
                    race: s.race,
                    faction: s.faction.name(),
                    scope: if s.faction == Faction::PsiCorps {
                        "game"
                    } else {
                        "race"
                    },
                });
            }
        }
        let amb = db.get(s.ambassador);
        if let Some(why) = ambassador_problem(amb, s.race, s.faction) {
            return Err(SetupError::BadAmbassador {
                player: s.name.clone(),
                card: amb.name.clone(),
                race: s.race,
                faction: s.faction.name(),
                why,
            });
        }
        if let Some(o) = setup.players[..i]
            .iter()
            .find(|o| o.ambassador == s.ambassador && amb.uniqueness != Uniqueness::Multiple)
        {
            return Err(SetupError::AmbassadorClash {
                first: o.name.clone(),
                second: s.name.clone(),
                card: amb.name.clone(),
            });
        }
        validate_hand(s, db, setup.options.duel_draw)?;
    }
    Ok(())
}

/// Select Your Starting Hand: up to three cards of different types; the
/// Non-Aligned also start with a second species ambassador in hand. With the
/// two-player draw, only that second ambassador is chosen in advance.
fn validate_hand(s: &Seat, db: &CardDb, duel: bool) -> Result<(), SetupError> {
    let mut rest: Vec<DefId> = s.hand.clone();
    if s.race == Race::NonAligned {
        if let Some(i) = rest.iter().position(|d| {
            let def = db.get(*d);
            def.card_type == CardType::Character
                && def.race == Race::NonAligned
                && def.kw.species_ambassador
        }) {
            rest.remove(i);
        }
    }
    if duel {
        if let Some(d) = rest.first() {
            return Err(SetupError::HandCard {
                player: s.name.clone(),
                card: db.get(*d).name.clone(),
                why: "with the two-player draw the starting hand is drawn, not chosen",
            });
        }
        return Ok(());
    }
    if rest.len() > 3 {
        return Err(SetupError::HandSize {
            player: s.name.clone(),
            count: s.hand.len(),
        });
    }
    for (i, d) in rest.iter().enumerate() {
        let t = db.get(*d).card_type;
        if let Some(o) = rest[..i].iter().find(|o| db.get(**o).card_type == t) {
            return Err(SetupError::HandTypes {
                player: s.name.clone(),
                card_type: t.name(),
                first: db.get(*o).name.clone(),
                second: db.get(*d).name.clone(),
            });
        }
    }
    Ok(())
}
