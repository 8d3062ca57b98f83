//! A small synthetic card pool and two mirrored 60-card decks, for bot tests
//! (the project's own card set replaces it for the headline figures).

#![allow(dead_code)]

use std::sync::Arc;

use b5_engine::{
    Ability, AttachKind, CardDb, CardDef, CardFilter, CardSel, CardType, Effect, Faction, Game, Op,
    Options, Race, Seat, Setup, Side, TargetKind, Uniqueness, Who,
};

fn character(name: &str, race: Race, cost: u8, d: u8, i: u8, p: u8, l: u8) -> CardDef {
    let mut c = CardDef::new(name, CardType::Character);
    c.race = race;
    c.cost = Some(cost);
    c.abilities = [d, i, p, l, 0];
    c
}

fn multiple(mut c: CardDef) -> CardDef {
    c.uniqueness = Uniqueness::Multiple;
    c
}

fn fleet(name: &str, cost: u8, m: u8) -> CardDef {
    let mut c = CardDef::new(name, CardType::Fleet);
    c.cost = Some(cost);
    c.abilities = [0, 0, 0, 0, m];
    c.uniqueness = Uniqueness::Multiple;
    c
}

fn eff(op: Op) -> Effect {
    Effect::new(op)
}

fn conflict(name: &str, kind: Ability) -> CardDef {
    let mut c = CardDef::new(name, CardType::Conflict);
    c.conflict = Some(kind);
    c.target = TargetKind::Player;
    c
}

fn ambassador(name: &str, race: Race) -> CardDef {
    let mut c = CardDef::new(name, CardType::Character);
    c.race = race;
    c.abilities = [4, 3, 0, 4, 0];
    c.keywords = vec![format!("starting {} ambassador", race.name())];
    c.kw.starting = Some((race, None));
    c.uniqueness = Uniqueness::Unique;
    c
}

/// Every card of the pool.
pub fn pool() -> Vec<CardDef> {
    let mut v = vec![
        ambassador("Narn Envoy Prime", Race::Narn),
        ambassador("Centauri Envoy Prime", Race::Centauri),
        ambassador("Human Envoy Prime", Race::Human),
        ambassador("Minbari Envoy Prime", Race::Minbari),
        multiple(character("Clerk", Race::Neutral, 1, 1, 1, 0, 1)),
        multiple(character("Courier", Race::Neutral, 0, 1, 0, 0, 0)),
        multiple(character("Aide", Race::Neutral, 2, 2, 1, 0, 2)),
        multiple(character("Envoy", Race::Neutral, 2, 3, 1, 0, 1)),
        multiple(character("Informant", Race::Neutral, 2, 1, 3, 0, 1)),
        multiple(character("Officer", Race::Neutral, 3, 1, 1, 0, 4)),
        character("Senator", Race::Neutral, 4, 5, 2, 0, 2),
        character("Spymaster", Race::Neutral, 5, 2, 5, 0, 3),
        multiple(character("Narn Warrior", Race::Narn, 2, 1, 1, 0, 3)),
        multiple(character("Centauri Noble", Race::Centauri, 2, 3, 2, 0, 1)),
        fleet("Patrol Wing", 2, 2),
        fleet("Battle Group", 4, 5),
    ];
    // Conflicts: a player target each.
    let mut c = conflict("Trade Dispute", Ability::Diplomacy);
    c.won = vec![eff(Op::GainInfluence { n: 1, who: Who::Me })];
    c.won_by = vec![(3, vec![eff(Op::GainPower { n: 1, who: Who::Me })])];
    v.push(c);
    let mut c = conflict("Smear Campaign", Ability::Intrigue);
    c.won = vec![
        eff(Op::GainPower { n: 1, who: Who::Me }),
        eff(Op::LoseInfluence {
            n: 1,
            who: Who::Target,
        }),
    ];
    v.push(c);
    let mut c = conflict("Border Skirmish", Ability::Military);
    c.won = vec![eff(Op::GainPower { n: 2, who: Who::Me })];
    c.lost = vec![eff(Op::LosePower { n: 1, who: Who::Me })];
    v.push(c);
    let mut c = conflict("Rallying Cry", Ability::Leadership);
    c.won = vec![eff(Op::GainPower { n: 1, who: Who::Me })];
    c.won_by = vec![(4, vec![eff(Op::GainInfluence { n: 1, who: Who::Me })])];
    v.push(c);
    // Events.
    let mut e = CardDef::new("Propaganda", CardType::Event);
    e.cost = Some(3);
    e.effects = vec![eff(Op::GainPower { n: 1, who: Who::Me })];
    v.push(e);
    let mut e = CardDef::new("Sabotage", CardType::Event);
    e.cost = Some(1);
    e.target = TargetKind::Card;
    e.filter = CardFilter {
        types: CardType::Character.bit() | CardType::Fleet.bit(),
        side: Side::Other,
        ..CardFilter::default()
    };
    e.effects = vec![eff(Op::Damage {
        n: 2,
        card: CardSel::Target,
    })];
    v.push(e);
    let mut e = CardDef::new("Windfall", CardType::Event);
    e.cost = Some(0);
    e.effects = vec![eff(Op::Draw { n: 2, who: Who::Me })];
    v.push(e);
    // An enhancement for one's own characters.
    let mut e = CardDef::new("Training", CardType::Enhancement);
    e.cost = Some(2);
    e.attach = AttachKind::Character;
    e.filter = CardFilter {
        side: Side::Own,
        ..CardFilter::default()
    };
    e.bonus.all = 1;
    v.push(e);
    // An agenda with a power bonus.
    let mut a = CardDef::new("Rising Star", CardType::Agenda);
    a.cost = Some(3);
    a.power_bonus = 2;
    v.push(a);
    v
}

/// The card database of the pool.
pub fn db() -> Arc<CardDb> {
    Arc::new(CardDb::from_defs(pool()).expect("unique names"))
}

/// A 60-card deck for `race` (the same neutral cards for both races, plus
/// three racial characters).
pub fn deck(db: &CardDb, race: Race) -> Vec<b5_engine::DefId> {
    let racial = match race {
        Race::Narn => "Narn Warrior",
        Race::Centauri => "Centauri Noble",
        _ => "Courier",
    };
    let list: &[(&str, usize)] = &[
        ("Clerk", 4),
        ("Courier", 3),
        ("Aide", 4),
        ("Envoy", 3),
        ("Informant", 3),
        ("Officer", 3),
        ("Senator", 2),
        ("Spymaster", 2),
        (racial, 3),
        ("Patrol Wing", 4),
        ("Battle Group", 2),
        ("Trade Dispute", 4),
        ("Smear Campaign", 4),
        ("Border Skirmish", 4),
        ("Rallying Cry", 3),
        ("Propaganda", 3),
        ("Sabotage", 3),
        ("Windfall", 2),
        ("Training", 2),
        ("Rising Star", 2),
    ];
    let mut v = Vec::new();
    for (name, n) in list {
        let id = db.find(name).unwrap_or_else(|| panic!("no card {name}"));
        for _ in 0..*n {
            v.push(id);
        }
    }
    assert_eq!(v.len(), 60, "a deck of 60");
    v
}

fn seat(db: &CardDb, name: &str, race: Race, duel: bool) -> Seat {
    let amb = format!("{} Envoy Prime", race.display());
    Seat {
        name: name.into(),
        race,
        faction: Faction::BabylonProject,
        ambassador: db.find(&amb).unwrap(),
        hand: if duel {
            Vec::new()
        } else {
            ["Envoy", "Trade Dispute", "Patrol Wing"]
                .iter()
                .map(|n| db.find(n).unwrap())
                .collect()
        },
        deck: deck(db, race),
        crusade: Vec::new(),
        reserve: Vec::new(),
    }
}

/// A set-up for 2 to 4 players (Narn, Centauri, Human, Minbari in seat
/// order) with a 100-turn limit; `duel` uses the two-player draw.
#[allow(clippy::field_reassign_with_default)]
pub fn setup_n(db: &CardDb, n: usize, duel: bool) -> Setup {
    let races = [Race::Narn, Race::Centauri, Race::Human, Race::Minbari];
    let mut options = Options::default();
    options.turn_limit = Some(100);
    options.duel_draw = duel;
    Setup {
        players: races[..n]
            .iter()
            .map(|&r| seat(db, r.display(), r, duel))
            .collect(),
        options,
    }
}

/// The two-player set-up: seat 0 Narn, seat 1 Centauri, 100-turn limit.
pub fn setup(db: &CardDb) -> Setup {
    setup_n(db, 2, false)
}

/// A new two-player game of the pool.
pub fn game(seed: u64) -> Game {
    let db = db();
    let s = setup(&db);
    Game::new(s, db, seed).expect("valid set-up")
}
