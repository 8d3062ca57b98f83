//! The Open Set: the whole set loads, covers the card vocabulary the engine
//! enforces, copies nothing from the printed cards, and its five shipped
//! decks are legal and really play (complete random games, 2 to 5 players).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use b5_cards::{open_set, text::rules_text, DeckList};
use b5_engine::{
    ambassador_problem, AttachKind, CardDb, CardDef, CardType, Faction, Game, MarkKind, Options,
    Race, Setup, TargetKind, Trigger,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn db() -> CardDb {
    open_set::database().unwrap_or_else(|e| panic!("the Open Set does not load: {e}"))
}

fn defs(db: &CardDb) -> Vec<&CardDef> {
    db.iter().map(|(_, d)| d).collect()
}

fn decks() -> Vec<DeckList> {
    open_set::decks().unwrap_or_else(|e| panic!("a shipped deck does not parse: {e}"))
}

/// Names that must never appear in a card name (case-insensitive
/// substrings): characters, places, ships and cards of the television
/// series and of the printed game, which belong to their owners.
const DENY: &[&str] = &[
    // Characters.
    "G'Kar",
    "Londo",
    "Mollari",
    "Delenn",
    "Sheridan",
    "Sinclair",
    "Ivanova",
    "Garibaldi",
    "Vir",
    "Cotto",
    "Lennier",
    "Na'Toth",
    "Kosh",
    "Ulkesh",
    "Morden",
    "Bester",
    "Talia",
    "Lyta",
    "Franklin",
    "Refa",
    "Neroon",
    "Marcus",
    "Zathras",
    "Draal",
    "Ta'Lon",
    "Na'Far",
    "Cartagia",
    "Dukhat",
    "Valen",
    "Lorien",
    "Kha'Ri",
    // Species of the series (the set invents its own Non-Aligned species).
    "Drazi",
    "Brakiri",
    "Pak'ma'ra",
    "Markab",
    "Vree",
    "Hyach",
    "Llort",
    "Abbai",
    "Gaim",
    "Yolu",
    // Places, ships and fleets.
    "Centauri Prime",
    "Minbar",
    "Narn Homeworld",
    "Earth",
    "Zhabar",
    "Z'ha'dum",
    "Babylon 4",
    "Epsilon",
    "Grey Council",
    "Homeworld Fleet",
    "1st Battle Fleet",
    "White Star",
    "Excalibur",
    // Printed card names.
    "Border Raid",
    "Trade Pact",
    "Test Their Mettle",
    "Euphrates Treaty",
    "Kidnapping",
    "Limited Strike",
    "Psi Attack",
    "Decisive Tactics",
    "Mass Drivers",
    "War Hero",
    "Lost Opportunities",
    "Vicious Blow",
    "Underworld Connections",
    "Build Infrastructure",
    "Full Mobilization",
    "Eyes and Ears",
    "Knowledge is Power",
    "Master of All",
    "Hour of the Wolf",
    "Prey on the Weak",
    "Immortality Serum",
    "Wealth of Planets",
    "New Priorities",
    "Soul Hunters",
    "Telepath Recruiters",
    "Cult of Personality",
    "Approval of the Grey",
    "Claim Their Place",
    "Psi Corps Intelligence",
    "Conscription",
    "Beyond the Rim",
    "Strike at the Heart",
    "Early Warning",
    "Black Market",
    "Damage Control Team",
    "Never Again",
    "Strength in Adversity",
    "Carrier Group",
    "Cut Supply Lines",
    "Rally the People",
];

#[test]
fn the_whole_set_loads_with_at_least_150_distinct_cards() {
    let db = db();
    let cards = open_set::cards().expect("loads");
    assert_eq!(db.len(), cards.len(), "every card name is distinct");
    assert!(db.len() >= 150, "only {} cards", db.len());
}

#[test]
fn every_card_type_is_present() {
    let db = db();
    for t in CardType::ALL {
        let n = defs(&db).iter().filter(|d| d.card_type == t).count();
        assert!(n > 0, "no {} in the Open Set", t.name());
    }
}

#[test]
fn every_card_has_a_unique_number() {
    let db = db();
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for d in defs(&db) {
        let n = d
            .number
            .clone()
            .unwrap_or_else(|| panic!("\"{}\" has no number", d.name));
        assert!(
            n.len() == 6 && n.starts_with("OS-") && n[3..].chars().all(|c| c.is_ascii_digit()),
            "\"{}\": number {n} is not of the form OS-NNN",
            d.name
        );
        if let Some(other) = seen.insert(n.clone(), d.name.clone()) {
            panic!("number {n} is used by \"{other}\" and \"{}\"", d.name);
        }
    }
}

#[test]
fn no_card_name_comes_from_the_printed_cards_or_the_series() {
    let db = db();
    let mut hits = Vec::new();
    for d in defs(&db) {
        let name = d.name.to_lowercase();
        for bad in DENY {
            if name.contains(&bad.to_lowercase()) {
                hits.push(format!("\"{}\" contains \"{bad}\"", d.name));
            }
        }
    }
    assert!(DENY.len() >= 40);
    assert!(hits.is_empty(), "{hits:#?}");
}

fn has_effect(d: &CardDef) -> bool {
    !d.keywords.is_empty()
        || !d.initiated.is_empty()
        || !d.resolution.is_empty()
        || !d.won.is_empty()
        || !d.lost.is_empty()
        || !d.won_by.is_empty()
        || !d.lost_by.is_empty()
        || !d.effects.is_empty()
        || !d.actions.is_empty()
        || !d.passives.is_empty()
        || !d.triggers.is_empty()
        || !d.requires.is_empty()
        || !d.bonus.is_zero()
        || d.power_bonus != 0
        || d.major
        || d.card_type == CardType::Conflict
        || d.card_type == CardType::Aftermath
        || d.card_type == CardType::Contingency
}

#[test]
fn every_card_with_an_effect_has_rules_text() {
    let db = db();
    for d in defs(&db) {
        let t = rules_text(d);
        if has_effect(d) {
            assert!(
                !t.is_empty(),
                "\"{}\" has effects but no rules text",
                d.name
            );
        }
    }
}

/// Prints every card's generated text (`cargo test -p b5-cards --test
/// open_set -- --ignored --nocapture print_the_set`).
#[test]
#[ignore]
fn print_the_set() {
    let db = db();
    let mut all = defs(&db);
    all.sort_by(|a, b| a.number.cmp(&b.number));
    for d in all {
        println!(
            "{} {} [{} {}{}] {}",
            d.number.as_deref().unwrap_or("-"),
            d.name,
            d.race.name(),
            d.card_type.name(),
            d.cost.map(|c| format!(" cost {c}")).unwrap_or_default(),
            rules_text(d)
        );
    }
}

#[test]
fn statistics_stay_in_the_range_of_a_typical_game() {
    let db = db();
    for d in defs(&db) {
        match d.card_type {
            CardType::Character => {
                let c = d
                    .cost
                    .unwrap_or_else(|| panic!("\"{}\" has no cost", d.name));
                assert!((1..=6).contains(&c), "\"{}\" costs {c}", d.name);
                assert!(
                    d.abilities.iter().all(|&a| a <= 6),
                    "\"{}\": {:?}",
                    d.name,
                    d.abilities
                );
                assert!(
                    d.abilities.iter().any(|&a| a > 0),
                    "\"{}\" has no ability",
                    d.name
                );
            }
            CardType::Fleet => {
                let c = d
                    .cost
                    .unwrap_or_else(|| panic!("\"{}\" has no cost", d.name));
                assert!((2..=6).contains(&c), "\"{}\" costs {c}", d.name);
                let m = d.abilities[4];
                assert!((2..=7).contains(&m), "\"{}\" has military {m}", d.name);
            }
            CardType::Event | CardType::Aftermath | CardType::Contingency => {
                let c = d
                    .cost
                    .unwrap_or_else(|| panic!("\"{}\" has no cost", d.name));
                assert!(c <= 4, "\"{}\" costs {c}", d.name);
            }
            CardType::Group | CardType::Location | CardType::Enhancement => {
                let c = d
                    .cost
                    .unwrap_or_else(|| panic!("\"{}\" has no cost", d.name));
                assert!((1..=6).contains(&c), "\"{}\" costs {c}", d.name);
            }
            CardType::Agenda | CardType::Conflict => {}
        }
        // Power: Major Agendas and Drakh Agendas count up to +10.
        assert!(
            d.power_bonus <= 5
                || d.major
                || (d.card_type == CardType::Agenda && d.race == b5_engine::Race::Drakh),
            "\"{}\"",
            d.name
        );
    }
}

fn names_where(db: &CardDb, f: impl Fn(&CardDef) -> bool) -> Vec<String> {
    defs(db)
        .into_iter()
        .filter(|d| f(d))
        .map(|d| d.name.clone())
        .collect()
}

fn require(db: &CardDb, what: &str, f: impl Fn(&CardDef) -> bool) {
    let found = names_where(db, f);
    assert!(!found.is_empty(), "the Open Set has no card with {what}");
}

#[test]
fn the_set_covers_the_vocabulary() {
    let db = db();
    let conflict = |d: &CardDef| d.card_type == CardType::Conflict;
    for a in b5_engine::Ability::ALL {
        require(&db, &format!("a {} conflict", a.name()), |d| {
            conflict(d) && d.conflict == Some(a)
        });
    }
    require(&db, "an unopposable conflict", |d| {
        conflict(d) && d.unopposable
    });
    require(&db, "won_by_N effects", |d| {
        conflict(d) && !d.won_by.is_empty()
    });
    require(&db, "lost_by_N effects", |d| {
        conflict(d) && !d.lost_by.is_empty()
    });
    require(&db, "a conflict targeting a player", |d| {
        conflict(d) && d.target == TargetKind::Player
    });
    require(&db, "a conflict targeting a card", |d| {
        conflict(d) && d.target == TargetKind::Card
    });
    require(&db, "a conflict with requirements", |d| {
        conflict(d) && !d.requires.is_empty()
    });
    require(&db, "a conflict with an initiation cost and effects", |d| {
        conflict(d) && d.initiate_cost > 0 && !d.initiated.is_empty()
    });
    // Agendas, including a Major Agenda with a victory condition.
    require(&db, "a standard agenda", |d| {
        d.card_type == CardType::Agenda && !d.major
    });
    require(&db, "a Major Agenda with a victory condition", |d| {
        d.card_type == CardType::Agenda && d.major && d.victory.is_some()
    });
    // Events of several kinds of target.
    for t in [
        TargetKind::None,
        TargetKind::Player,
        TargetKind::Card,
        TargetKind::Conflict,
    ] {
        require(&db, &format!("an event with target {t:?}"), |d| {
            d.card_type == CardType::Event && d.target == t
        });
    }
    // Enhancements on characters, fleets, locations, agendas, factions and
    // the whole game.
    for k in [
        AttachKind::Character,
        AttachKind::Fleet,
        AttachKind::Location,
        AttachKind::Agenda,
        AttachKind::Faction,
        AttachKind::Global,
    ] {
        require(&db, &format!("an enhancement on {k:?}"), |d| {
            d.card_type == CardType::Enhancement && d.attach == k
        });
    }
    // Aftermaths with every kind of play condition.
    let aftermath = |d: &CardDef, f: &dyn Fn(&b5_engine::AftermathPlay) -> bool| {
        d.card_type == CardType::Aftermath && d.aftermath.as_ref().is_some_and(f)
    };
    require(&db, "a Won aftermath", |d| {
        aftermath(d, &|a| a.won == Some(true))
    });
    require(&db, "a Lost aftermath", |d| {
        aftermath(d, &|a| a.won == Some(false))
    });
    require(&db, "an aftermath for any outcome", |d| {
        aftermath(d, &|a| a.won.is_none())
    });
    require(&db, "an aftermath of a conflict type", |d| {
        aftermath(d, &|a| !a.conflict.is_empty())
    });
    require(&db, "a Participant aftermath", |d| {
        aftermath(d, &|a| a.participant)
    });
    require(&db, "a lasting aftermath", |d| {
        aftermath(d, &|a| !a.discard_after)
    });
    require(&db, "an aftermath discarded after play", |d| {
        aftermath(d, &|a| a.discard_after)
    });
    // Contingencies with every trigger.
    for t in [
        Trigger::Attacked,
        Trigger::Attacks,
        Trigger::NeutralizedTarget,
        Trigger::Targeted,
        Trigger::ConflictWon,
        Trigger::ConflictLost,
        Trigger::GainedInfluenceFromConflict,
        Trigger::EventTargeted,
        Trigger::ActionTargeted,
    ] {
        require(&db, &format!("a contingency revealed on {t:?}"), |d| {
            d.card_type == CardType::Contingency && d.triggers.iter().any(|x| x.trigger == t)
        });
    }
    // Cards in play with actions, lasting effects, triggers, effects on
    // entering play, sustainable actions.
    require(&db, "a card with an action", |d| !d.actions.is_empty());
    // Reversal carried by a contingency and by a card action.
    let reverses =
        |l: &[b5_engine::Effect]| l.iter().any(|e| matches!(e.op, b5_engine::Op::Reverse(_)));
    require(&db, "a contingency that reverses", |d| {
        d.card_type == CardType::Contingency && d.triggers.iter().any(|t| reverses(&t.effects))
    });
    require(&db, "a card action that reverses", |d| {
        d.actions.iter().any(|a| reverses(&a.effects))
    });
    require(&db, "a sustainable action", |d| {
        d.actions.iter().any(|a| {
            a.effects.iter().any(|e| {
                matches!(
                    e.op,
                    b5_engine::Op::Bonus {
                        duration: b5_engine::Duration::WhileRotated,
                        ..
                    }
                )
            })
        })
    });
    require(&db, "a card with lasting effects", |d| {
        d.card_type != CardType::Contingency && !d.passives.is_empty()
    });
    require(&db, "a card in play with triggered effects", |d| {
        d.card_type != CardType::Contingency && !d.triggers.is_empty()
    });
    require(&db, "a card with effects when it enters play", |d| {
        d.card_type == CardType::Character && !d.effects.is_empty()
    });
    require(&db, "a group", |d| d.card_type == CardType::Group);
    require(&db, "a mercenary character", |d| {
        d.kw.mercenary && d.card_type == CardType::Character
    });
    require(&db, "a mercenary fleet", |d| {
        d.kw.mercenary && d.card_type == CardType::Fleet
    });
    require(&db, "a neutral ambassador's assistant", |d| {
        d.kw.assistant && d.race == Race::Neutral
    });
    // Marks and telepaths.
    for m in [MarkKind::Destiny, MarkKind::Doom, MarkKind::Strife] {
        require(&db, &format!("a printed {} mark", m.name()), |d| {
            d.marks[m.idx()] > 0
        });
    }
    require(&db, "an action that purges a mark", |d| {
        d.actions.iter().any(|a| a.cost.purge.is_some())
    });
    require(&db, "a telepath with Psi", |d| {
        d.has_keyword("telepath") && d.abilities[2] > 0
    });
    // Every playable race has a homeworld, an assistant, a loyal conflict,
    // fleet, event, enhancement, aftermath and contingency.
    for r in Race::PLAYABLE {
        require(&db, &format!("a {} homeworld", r.name()), |d| {
            d.card_type == CardType::Location && d.kw.homeworld && d.race == r
        });
        require(
            &db,
            &format!("a {} ambassador's assistant", r.name()),
            |d| d.kw.assistant && d.race == r,
        );
        for t in [
            CardType::Character,
            CardType::Fleet,
            CardType::Group,
            CardType::Agenda,
            CardType::Conflict,
            CardType::Event,
            CardType::Enhancement,
            CardType::Aftermath,
            CardType::Contingency,
        ] {
            require(&db, &format!("a {} {}", r.name(), t.name()), |d| {
                d.card_type == t && d.race == r
            });
        }
    }
    // The forces: Babylon 5, the Shadows and the Vorlons.
    let moves = |d: &CardDef, f: b5_engine::Force| {
        d.effects
            .iter()
            .chain(d.won.iter())
            .chain(d.won_by.iter().flat_map(|x| x.1.iter()))
            .chain(d.actions.iter().flat_map(|a| a.effects.iter()))
            .any(|e| matches!(e.op, b5_engine::Op::NonPlayer { force, .. } if force == f))
    };
    for f in [
        b5_engine::Force::Babylon5,
        b5_engine::Force::Shadows,
        b5_engine::Force::Vorlons,
    ] {
        require(&db, &format!("a card moving {f:?}"), |d| moves(d, f));
    }
}

#[test]
fn every_race_has_a_starting_ambassador() {
    let db = db();
    for r in [Race::Centauri, Race::Human, Race::Minbari, Race::Narn] {
        let found = names_where(&db, |d| {
            d.kw.starting.is_some() && ambassador_problem(d, r, Faction::BabylonProject).is_none()
        });
        assert!(!found.is_empty(), "no starting {} ambassador", r.name());
    }
    let na = names_where(&db, |d| {
        ambassador_problem(d, Race::NonAligned, Faction::BabylonProject).is_none()
    });
    assert!(
        na.len() >= 2,
        "the Non-Aligned need a starting ambassador and a second species ambassador: {na:?}"
    );
    // Species ambassadors can be sponsored later: they have a cost.
    for n in &na {
        let d = db.get(db.find(n).unwrap());
        assert!(d.cost.is_some(), "\"{n}\" has no cost");
    }
}

#[test]
fn every_shipped_deck_is_legal_and_takes_a_seat() {
    let db = db();
    let decks = decks();
    // One Babylon Project deck per playable race, and the Narn Home faction
    // deck that fills a sixth seat.
    assert_eq!(decks.len(), 6);
    let mut races = BTreeSet::new();
    for d in &decks {
        let problems = d.check(&db);
        assert!(
            problems.is_empty(),
            "{}: {:#?}",
            d.origin,
            problems.iter().map(|p| p.to_string()).collect::<Vec<_>>()
        );
        let (race, _) = d.race.expect("a race");
        races.insert(race);
        let faction = d.faction.map(|f| f.0);
        assert!(
            faction == Some(Faction::BabylonProject)
                || (faction == Some(Faction::Home) && race == Race::Narn),
            "{}: {faction:?}",
            d.origin
        );
        assert!(d.name.is_some(), "{} has no name", d.origin);
        assert!(d.deck_size() >= 60, "{}: {} cards", d.origin, d.deck_size());
        let seat = d
            .to_seat(&db, "test")
            .unwrap_or_else(|e| panic!("{}: {e:?}", d.origin));
        assert_eq!(seat.race, race);
        // The deck mostly holds its race's cards, with neutral ones; never
        // another race's cards.
        let mut own = 0;
        let mut all = 0;
        for &id in seat.deck.iter().chain(seat.hand.iter()) {
            let c = db.get(id);
            assert!(
                c.race == race || c.race == Race::Neutral,
                "{}: \"{}\" is {}",
                d.origin,
                c.name,
                c.race.name()
            );
            all += 1;
            if c.race == race {
                own += 1;
            }
        }
        assert!(
            own * 2 > all,
            "{}: only {own} of {all} cards are {}",
            d.origin,
            race.name()
        );
        // Enough to play: characters to sponsor, fleets, conflicts, events.
        let count = |t: CardType| {
            seat.deck
                .iter()
                .filter(|&&id| db.get(id).card_type == t)
                .count()
        };
        assert!(count(CardType::Character) >= 12, "{}", d.origin);
        assert!(count(CardType::Fleet) >= 5, "{}", d.origin);
        assert!(count(CardType::Conflict) >= 8, "{}", d.origin);
        assert!(count(CardType::Event) >= 6, "{}", d.origin);
        // Every conflict is of a type the deck's characters or fleets can
        // support.
        for &id in &seat.deck {
            let c = db.get(id);
            if let Some(k) = c.conflict {
                let able = seat
                    .deck
                    .iter()
                    .chain(std::iter::once(&seat.ambassador))
                    .filter(|&&x| {
                        let x = db.get(x);
                        matches!(x.card_type, CardType::Character | CardType::Fleet)
                            && x.ability(k) > 0
                    })
                    .count();
                assert!(
                    able >= 4,
                    "{}: only {able} cards can support \"{}\"",
                    d.origin,
                    c.name
                );
            }
        }
    }
    assert_eq!(races.len(), 5, "one deck for each playable race");
}

#[test]
fn the_decks_cover_the_set() {
    let db = db();
    let mut used: BTreeSet<String> = BTreeSet::new();
    for d in decks() {
        for e in d
            .ambassador
            .iter()
            .chain(&d.hand)
            .chain(&d.deck)
            .chain(&d.crusade)
            .chain(&d.reserve)
        {
            used.insert(e.name.clone());
        }
    }
    // No shipped deck holds a Drakh card: the computer players convert
    // whenever they can and then cannot win by the Drakh Rules (README,
    // "Balance"); the Drakh cards are played in their scenarios.
    // Nor a Psi Corps card: the shipped decks are Babylon Project and Home
    // factions (`every_shipped_deck_is_legal_and_takes_a_seat`), which may
    // sponsor a Psi Corps card only with more Conspiracy Marks than Psi
    // Corps cards (Psi Corps Faction); they are played in their scenarios.
    let all: Vec<String> = names_where(&db, |d| d.race != Race::Drakh && !d.kw.psi_corps);
    let missing: Vec<&String> = all.iter().filter(|n| !used.contains(*n)).collect();
    if !missing.is_empty() {
        println!("cards in no shipped deck: {missing:?}");
    }
    let covered = all.len() - missing.len();
    assert!(
        covered * 100 >= all.len() * 80,
        "the decks hold {covered} of {} cards; missing {missing:?}",
        all.len()
    );
}

#[test]
fn the_decks_are_of_similar_strength() {
    let db = db();
    let mut totals = Vec::new();
    for d in decks() {
        let seat = d.to_seat(&db, "x").expect("legal");
        let cost: u32 = seat
            .deck
            .iter()
            .chain(seat.hand.iter())
            .map(|&id| db.get(id).cost.unwrap_or(0) as u32)
            .sum();
        totals.push((d.origin.clone(), cost));
    }
    let mean = totals.iter().map(|x| x.1).sum::<u32>() as f64 / totals.len() as f64;
    for (o, c) in &totals {
        let off = (*c as f64 - mean).abs() / mean;
        assert!(
            off <= 0.15,
            "{o}: total cost {c} is far from the mean {mean:.1}"
        );
    }
}

/// Plays one complete game with uniformly random legal actions.
fn play_random(db: &Arc<CardDb>, seats: Vec<b5_engine::Seat>, seed: u64) -> Game {
    let setup = Setup {
        players: seats,
        options: Options {
            turn_limit: Some(120),
            ..Options::default()
        },
    };
    let mut g = Game::new(setup, db.clone(), seed)
        .unwrap_or_else(|e| panic!("seed {seed}: the set-up was refused: {e}"));
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x0B5_0B5);
    let mut buf = Vec::new();
    let mut actions = 0usize;
    while !g.is_over() {
        actions += 1;
        assert!(
            actions < 400_000,
            "seed {seed}: no end after {actions} actions (turn {})",
            g.turn()
        );
        let pending = g.pending();
        assert!(
            !pending.is_empty(),
            "seed {seed}: nobody is pending at turn {}",
            g.turn()
        );
        let p = pending[rng.random_range(0..pending.len())];
        g.legal_actions_into(p, &mut buf);
        assert!(
            !buf.is_empty(),
            "seed {seed}: player {p} has no legal action"
        );
        let a = buf[rng.random_range(0..buf.len())];
        if let Err(e) = g.apply(p, a) {
            panic!("seed {seed}: legal action {a:?} of player {p} was rejected: {e}");
        }
        if let Err(e) = g.check_invariants() {
            panic!("seed {seed}: invariant broken after {a:?}: {e}");
        }
    }
    g
}

#[test]
fn the_decks_play_complete_random_games() {
    let db = Arc::new(db());
    let decks = decks();
    let mut ended_by_victory = 0;
    let mut games = 0;
    for n in 2..=5usize {
        for seed in 1..=3u64 {
            let seats: Vec<_> = (0..n)
                .map(|i| {
                    let d = &decks[(i + seed as usize + n) % decks.len()];
                    d.to_seat(&db, &format!("P{i}")).expect("legal")
                })
                .collect();
            let races: Vec<&str> = seats.iter().map(|s| s.race.name()).collect();
            let g = play_random(&db, seats, seed * 1000 + n as u64);
            println!(
                "{n} players {races:?}, seed {seed}: over on turn {}, winners {:?} {:?}, \
                 power {:?}, eliminated {:?}, Babylon 5 at {}",
                g.turn(),
                g.winners(),
                g.winners()
                    .iter()
                    .map(|&p| g.victory(p))
                    .collect::<Vec<_>>(),
                (0..n as b5_engine::PlayerId)
                    .map(|p| g.power(p))
                    .collect::<Vec<_>>(),
                (0..n as b5_engine::PlayerId)
                    .filter(|&p| g.player(p).eliminated)
                    .collect::<Vec<_>>(),
                g.babylon5()
            );
            assert!(g.is_over());
            assert!(g.turn() <= 120, "played past the turn limit");
            games += 1;
            if !g.winners().is_empty() {
                ended_by_victory += 1;
            }
        }
    }
    println!("{ended_by_victory} of {games} random games ended in a victory");
}

/// The shipped decks' section comments (`# conflicts (13)`) tell the truth:
/// every card under one is of that type, and the count is the sum of its
/// lines (players copy these files).
#[test]
fn shipped_deck_comments_count_their_cards() {
    let db = b5_cards::open_set::database().expect("the Open Set loads");
    for (path, text) in b5_cards::open_set::DECK_FILES {
        let mut section: Option<(String, usize, usize, usize)> = None;
        let finish = |s: Option<(String, usize, usize, usize)>| {
            if let Some((word, said, counted, line)) = s {
                assert_eq!(
                    said, counted,
                    "{path}:{line}: \"# {word} ({said})\" over {counted} cards"
                );
            }
        };
        for (i, l) in text.lines().enumerate() {
            if let Some(rest) = l.strip_prefix("# ") {
                if let Some((word, n)) = rest.split_once(" (") {
                    if let Some(n) = n.strip_suffix(')').and_then(|n| n.parse::<usize>().ok()) {
                        finish(section.take());
                        section = Some((word.to_string(), n, 0, i + 1));
                        continue;
                    }
                }
            }
            if l.starts_with('[') {
                finish(section.take());
                continue;
            }
            let Some((count, name)) = l.split_once(' ') else {
                continue;
            };
            let Ok(count) = count.parse::<usize>() else {
                continue;
            };
            if let Some((word, _, counted, _)) = section.as_mut() {
                let d = db
                    .find(name.trim())
                    .unwrap_or_else(|| panic!("{path}: unknown {name}"));
                let ty = db.get(d).card_type.name();
                let plural = match ty.strip_suffix('y') {
                    Some(stem) => format!("{stem}ies"),
                    None => format!("{ty}s"),
                };
                assert_eq!(
                    &plural,
                    word,
                    "{path}:{}: {name} is a {ty}, under \"# {word}\"",
                    i + 1
                );
                *counted += count;
            }
        }
        finish(section);
    }
}

/// The project ships its own cards only: none keeps a transcribed printed
/// text (`text`, for players' own files), and each reads as its generated
/// rules text alone.
#[test]
fn no_shipped_card_keeps_a_printed_text() {
    for (name, text) in b5_cards::open_set::CARD_FILES {
        let checks = b5_cards::check::check_file(text, name).expect("loads");
        assert!(!checks.is_empty(), "{name}");
        for c in &checks {
            assert!(c.text.is_none(), "{name}: {} keeps a text", c.name);
        }
    }
}
