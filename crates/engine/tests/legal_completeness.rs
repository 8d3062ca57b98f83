//! `legal_actions(p)` is exactly the set of actions `apply` accepts: at many
//! states of random games with the Open Set decks, every action of a broad
//! universe (every verb, every relevant card, every target) is checked, and
//! the engine must accept it if and only if `legal_actions` lists it.

use std::collections::HashSet;
use std::sync::Arc;

use b5_engine::{Action, CardId, ConflictId, Game, Options, PlayerId, Race, Setup, Target, Zone};
use rand::{Rng, SeedableRng};

fn relevant_cards(g: &Game) -> Vec<CardId> {
    (0..g.card_count() as u16)
        .map(CardId)
        .filter(|&c| {
            let z = g.card(c).zone;
            z.in_play() || z == Zone::Hand || z == Zone::Conflict
        })
        .collect()
}

fn targets(g: &Game, cards: &[CardId]) -> Vec<Target> {
    let mut t = vec![Target::None];
    for p in 0..g.num_players() as PlayerId {
        t.push(Target::Player(p));
    }
    for r in Race::PLAYABLE {
        t.push(Target::Race(r));
    }
    for &c in cards {
        t.push(Target::Card(c));
    }
    for k in 0..g.conflicts().len() as u8 + 1 {
        t.push(Target::Conflict(ConflictId(k)));
    }
    t
}

/// A broad universe of actions for one state.
fn universe(g: &Game) -> Vec<Action> {
    let cards = relevant_cards(g);
    let ts = targets(g, &cards);
    let n = g.num_players() as PlayerId;
    let conflicts: Vec<ConflictId> = (0..g.conflicts().len() as u8 + 1).map(ConflictId).collect();
    let mut u = vec![
        Action::Pass,
        Action::RevealAgenda,
        Action::DiscardAgenda,
        Action::Mulligan,
    ];
    for count in 0..6 {
        u.push(Action::Buy { count });
    }
    for &c in &cards {
        u.push(Action::Sustain { card: c });
        u.push(Action::Build { by: c });
        u.push(Action::Hire { card: c });
        u.push(Action::Reveal { card: c });
        u.push(Action::Discard { card: c });
        u.push(Action::Choose { card: c });
        u.push(Action::Keep { card: c });
        for ambassadorial in [false, true] {
            u.push(Action::Heal {
                card: c,
                ambassadorial,
            });
        }
        for amount in 1..4 {
            u.push(Action::Repair { card: c, amount });
        }
        for &t in &ts {
            u.push(Action::Declare {
                card: c,
                target: t,
                pay: CardId::NONE,
            });
            u.push(Action::Play {
                card: c,
                target: t,
                pay: b5_engine::CardId::NONE,
            });
            u.push(Action::PlayAftermath {
                card: c,
                target: t,
                pay: b5_engine::CardId::NONE,
            });
            for index in 0..3 {
                u.push(Action::UseCard {
                    card: c,
                    index,
                    target: t,
                    pay: CardId::NONE,
                });
            }
        }
        for &d in &cards {
            // The card named to pay a cost of another card.
            for index in 0..3 {
                u.push(Action::UseCard {
                    card: c,
                    index,
                    target: Target::None,
                    pay: d,
                });
            }
            u.push(Action::Promote { card: c, by: d });
            u.push(Action::Replace { card: c, old: d });
            u.push(Action::Lead { card: c, fleet: d });
            u.push(Action::PlayContingency {
                card: c,
                host: d,
                pay: b5_engine::CardId::NONE,
            });
            u.push(Action::PlayContingency {
                card: c,
                host: d,
                pay: d,
            });
            for pay in [CardId::NONE, d] {
                u.push(Action::SponsorAgenda {
                    card: c,
                    by: d,
                    pay,
                });
                u.push(Action::HideAgenda {
                    card: c,
                    by: d,
                    pay,
                });
                u.push(Action::ReplaceAgenda {
                    card: c,
                    by: d,
                    pay,
                });
            }
            // The card named to pay a conflict's play cost, against each
            // player.
            for q in 0..n {
                u.push(Action::Declare {
                    card: c,
                    target: Target::Player(q),
                    pay: d,
                });
            }
            for discount in [false, true] {
                u.push(Action::Assist {
                    card: c,
                    ambassador: d,
                    discount,
                });
            }
            for &k in &conflicts {
                u.push(Action::Attack {
                    card: c,
                    target: d,
                    conflict: k,
                });
            }
        }
        for &k in &conflicts {
            u.push(Action::Oppose {
                card: c,
                conflict: k,
            });
            for side in 0..n {
                u.push(Action::Support {
                    card: c,
                    conflict: k,
                    side,
                });
            }
        }
    }
    // Sponsoring: hand cards, rotated by any relevant card, on any target.
    for &c in cards.iter().filter(|&&c| g.card(c).zone == Zone::Hand) {
        for &by in &cards {
            for &t in &ts {
                u.push(Action::Sponsor {
                    card: c,
                    by,
                    target: t,
                    pay: b5_engine::CardId::NONE,
                });
            }
        }
    }
    for t in &ts {
        u.push(Action::DeclareWar { target: *t });
    }
    for c in g.choice_cards() {
        u.push(Action::Choose { card: c });
    }
    for index in 0..10 {
        u.push(Action::Mode { index });
    }
    // The Resolution Round: which of a player's conflicts resolves first.
    for k in 0..=g.conflicts().len() as u8 {
        u.push(Action::ResolveFirst {
            conflict: b5_engine::ConflictId(k),
        });
    }
    u
}

/// No action is listed twice (a card that supported a conflict and then
/// attacked in it was once offered as an attack target twice).
fn assert_no_duplicates(g: &Game, p: PlayerId, listed: &[Action]) {
    let mut seen = HashSet::new();
    for a in listed {
        assert!(
            seen.insert(*a),
            "player {p} at {:?}: legal_actions lists {a:?} twice",
            g.step()
        );
    }
}

fn check_state(g: &Game) {
    let u = universe(g);
    for p in 0..g.num_players() as PlayerId {
        let listed = g.legal_actions(p);
        assert_no_duplicates(g, p, &listed);
        let legal: HashSet<Action> = listed.into_iter().collect();
        for a in &legal {
            assert!(g.check_action(p, a).is_ok(), "listed action refused: {a:?}");
        }
        for a in &u {
            let ok = g.check_action(p, a).is_ok();
            assert_eq!(
                ok,
                legal.contains(a),
                "player {p} at {:?}: {a:?} is {} by apply but {} by legal_actions",
                g.step(),
                if ok { "accepted" } else { "refused" },
                if legal.contains(a) {
                    "listed"
                } else {
                    "not listed"
                }
            );
        }
    }
}

#[test]
fn legal_actions_are_exactly_the_accepted_actions() {
    let db = Arc::new(b5_cards::open_set::database().expect("the Open Set loads"));
    let mut states = 0;
    for seed in 0..6u64 {
        let players = 2 + (seed as usize % 3);
        let duel = seed == 3;
        let seats = b5_cards::open_set::table_seats(&db, seed as usize, players)
            .expect("legal decks")
            .into_iter()
            // Appendix One: the hand is drawn; only a Non-Aligned second
            // ambassador is chosen in advance.
            .map(|s| if duel { s.for_duel(&db) } else { s })
            .collect();
        let setup = Setup {
            players: seats,
            options: Options {
                turn_limit: Some(40),
                duel_draw: duel,
                ..Options::default()
            },
        };
        let mut g = Game::new(setup, db.clone(), seed).expect("set-up");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut n = 0u32;
        while !g.is_over() && n < 3000 {
            // Check a sample of states (the check is exhaustive, so costly).
            if n.is_multiple_of(37) {
                check_state(&g);
                states += 1;
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            assert_no_duplicates(&g, p, &legal);
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(p, a).expect("a listed action is accepted");
            n += 1;
        }
    }
    assert!(states > 100, "only {states} states checked");
}

/// Over many random Open Set games, at every state, no player's legal
/// actions list one action twice.
#[test]
fn no_action_is_listed_twice() {
    let db = Arc::new(b5_cards::open_set::database().expect("the Open Set loads"));
    let mut checked = 0u64;
    for seed in 0..150u64 {
        let players = 2 + (seed as usize % 5);
        let seats =
            b5_cards::open_set::table_seats(&db, seed as usize, players).expect("legal decks");
        let setup = Setup {
            players: seats,
            options: Options {
                turn_limit: Some(30),
                duel_draw: false,
                ..Options::default()
            },
        };
        let Ok(mut g) = Game::new(setup, db.clone(), seed) else {
            continue;
        };
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed ^ 0x5eed);
        let mut n = 0u32;
        while !g.is_over() && n < 4000 {
            let pending = g.pending();
            for &q in pending.iter() {
                assert_no_duplicates(&g, q, &g.legal_actions(q));
                checked += 1;
            }
            let p = pending[0];
            let legal = g.legal_actions(p);
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(p, a).expect("a listed action is accepted");
            n += 1;
        }
    }
    assert!(checked > 10_000, "only {checked} states checked");
}

/// A fleet that supported a conflict, was readied and then attacked in it
/// is a participant twice; another player's fleet is still offered one
/// attack on it, not two (Participating in conflicts; Attacking).
#[test]
fn a_card_that_supported_and_attacked_is_one_attack_target() {
    use b5_engine::Faction;
    use b5_engine::{
        CardPosition, ConflictPosition, PlayerPosition, Position, TableRef, TargetPosition,
    };
    let db = Arc::new(b5_cards::open_set::database().expect("the Open Set loads"));
    let id = |n: &str| db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"));
    let (destroyers, cruisers, armada) = (
        id("Heavy Carrier Sentinel"),
        id("Frontier Raider Wing"),
        id("Regime Assault Armada"),
    );
    let mut a = PlayerPosition::new(
        "A",
        Race::Human,
        Faction::BabylonProject,
        id("Ambassador Miriam Okafor-Hale"),
    );
    a.supporting = vec![CardPosition::of(destroyers)];
    a.hand = vec![id("All Hands to Stations")];
    a.influence = 8;
    let mut b = PlayerPosition::new(
        "B",
        Race::Narn,
        Faction::BabylonProject,
        id("Ambassador Je'Tarrin"),
    );
    b.supporting = vec![CardPosition::of(cruisers), CardPosition::of(armada)];
    let pos = Position {
        players: vec![a, b],
        initiative: Some(vec![0, 1]),
        conflicts: vec![ConflictPosition {
            card: Some(id("Parade of Destroyers")),
            kind: None,
            initiator: 0,
            target: TargetPosition::Player(1),
            supporters: vec![TableRef {
                player: 0,
                def: destroyers,
            }],
            opposers: vec![TableRef {
                player: 1,
                def: cruisers,
            }],
        }],
        ..Position::default()
    };
    let mut g = Game::from_position(&pos, db.clone(), 7).expect("the position loads");
    while g.at_round_entry().is_some() {
        g.proceed();
    }
    let card_of = |g: &Game, def| {
        (0..g.card_count() as u16)
            .map(CardId)
            .find(|&c| g.card(c).def == def && g.card(c).zone.in_play())
            .expect("on the table")
    };
    let (fleet, opposer, other) = (
        card_of(&g, destroyers),
        card_of(&g, cruisers),
        card_of(&g, armada),
    );
    let ready = (0..g.card_count() as u16)
        .map(CardId)
        .find(|&c| g.card(c).zone == Zone::Hand)
        .expect("the event in hand");
    g.apply(
        0,
        Action::Play {
            card: ready,
            target: Target::Card(fleet),
            pay: b5_engine::CardId::NONE,
        },
    )
    .expect("the fleet is readied");
    g.apply(1, Action::Pass).expect("B passes");
    g.apply(
        0,
        Action::Attack {
            card: fleet,
            target: opposer,
            conflict: ConflictId(0),
        },
    )
    .expect("the readied fleet attacks in the conflict it supports");
    let legal = g.legal_actions(1);
    assert_no_duplicates(&g, 1, &legal);
    let on_fleet = legal
        .iter()
        .filter(|a| matches!(a, Action::Attack { card, target, .. } if *card == other && *target == fleet))
        .count();
    assert_eq!(
        on_fleet,
        1,
        "one attack on the fleet is offered: {legal:?}; fleet {:?}; participants {:?}",
        g.card(fleet),
        g.conflicts()[0].participants
    );
}
