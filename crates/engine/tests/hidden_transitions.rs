//! What a player learns across a transition, not just in one state: two
//! games that differ only in the identities of cards hidden from a viewer
//! must look the same to that viewer after the same action (views and the
//! events as the viewer receives them), unless the action itself puts one
//! of those cards in the viewer's sight.
//!
//! Also pinned here: a face-down contingency's cost is public, its identity
//! is not (Contingency Cards: "Only the player who played the contingency can
//! examine it"; influence is applied openly, as at a real table).

use std::sync::Arc;

use b5_engine::{
    Action, CardDb, CardId, CardType, Event, Faction, Game, PlayerId, PlayerPosition, Position,
    Race, Zone,
};
use rand::{Rng, SeedableRng};

fn open_set() -> Arc<CardDb> {
    Arc::new(b5_cards::open_set::database().expect("the Open Set loads"))
}

fn new_game(db: &Arc<CardDb>, seed: u64, players: usize) -> Game {
    b5_cards::open_set::table_game(db, seed as usize, players, 25, seed).expect("set-up")
}

/// The events as `viewer` receives them, serialized.
fn seen(events: &[Event], viewer: PlayerId) -> Vec<String> {
    events
        .iter()
        .map(|e| serde_json::to_string(&e.for_viewer(viewer)).expect("an event serializes"))
        .collect()
}

fn hidden_from(g: &Game, viewer: PlayerId) -> Vec<CardId> {
    (0..g.card_count() as u16)
        .map(CardId)
        .filter(|&c| !g.visible_to(c, viewer))
        .collect()
}

/// Two hidden cards the viewer cannot tell apart by public facts: of one
/// type and one cost (a contingency's cost is public on purpose, see the
/// module documentation), with different definitions.
fn swappable(g: &Game, a: CardId, b: CardId) -> bool {
    let (da, db) = (g.card(a).def, g.card(b).def);
    let (ca, cb) = (g.db().get(da), g.db().get(db));
    da != db && ca.card_type == cb.card_type && ca.cost == cb.cost
}

#[test]
fn what_a_viewer_sees_after_an_action_does_not_depend_on_hidden_cards() {
    let db = open_set();
    let mut compared = 0u32;
    for seed in 0..24u64 {
        let players = 2 + (seed as usize % 4);
        let mut g = new_game(&db, seed, players);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed ^ 0xfeed);
        let mut steps = 0;
        while !g.is_over() && steps < 1500 {
            while g.at_round_entry().is_some() {
                g.proceed();
            }
            if g.is_over() {
                break;
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            let action = legal[rng.random_range(0..legal.len())];
            if steps % 7 == 0 {
                compared += compare_twins(&g, p, action, &mut rng);
            }
            g.apply(p, action).expect("a listed action is accepted");
            if let Err(e) = g.check_invariants() {
                panic!(
                    "seed {seed} step {steps}: after {action:?} by {p} at {:?}: {e}",
                    g.step()
                );
            }
            steps += 1;
        }
    }
    assert!(compared > 500, "only {compared} twin transitions compared");
}

/// For each other viewer: swaps two cards hidden from them in a twin, applies
/// the same action to both, and compares what the viewer sees. Returns how
/// many pairs were compared.
fn compare_twins(g: &Game, p: PlayerId, action: Action, rng: &mut impl Rng) -> u32 {
    let mut compared = 0;
    for viewer in 0..g.num_players() as PlayerId {
        let hidden = hidden_from(g, viewer);
        if hidden.len() < 2 {
            continue;
        }
        // Prefer cards hidden outside decks (hands, face-down cards).
        let rare: Vec<CardId> = hidden
            .iter()
            .copied()
            .filter(|&c| g.card(c).zone != Zone::Deck)
            .collect();
        for _ in 0..3 {
            let a = if rare.is_empty() {
                hidden[rng.random_range(0..hidden.len())]
            } else {
                rare[rng.random_range(0..rare.len())]
            };
            let b = hidden[rng.random_range(0..hidden.len())];
            if !swappable(g, a, b) {
                continue;
            }
            let mut before = g.clone();
            let mut twin = g.clone();
            twin.swap_card_defs_for_test(a, b);
            // The acting player may know the swapped cards: in the twin the
            // same action may be illegal, which tells the viewer nothing.
            let (Ok(ev1), Ok(ev2)) = (before.apply(p, action), twin.apply(p, action)) else {
                assert!(
                    p != viewer,
                    "the viewer's own action {action:?} was accepted in one game only"
                );
                continue;
            };
            // The action itself may show the viewer a swapped card (a draw,
            // a card played face up): then the two games may differ.
            if [a, b]
                .iter()
                .any(|&c| before.visible_to(c, viewer) || twin.visible_to(c, viewer))
            {
                continue;
            }
            let (v1, v2) = (before.view(viewer), twin.view(viewer));
            assert!(
                v1 == v2,
                "after {action:?} by {p}, the view of {viewer} differs when hidden cards {a} and {b} \
                 ({:?} and {:?}) swap identities",
                g.card(a).zone,
                g.card(b).zone
            );
            assert_eq!(
                seen(&ev1, viewer),
                seen(&ev2, viewer),
                "after {action:?} by {p}, the events {viewer} receives differ when hidden cards {a} \
                 and {b} swap identities"
            );
            compared += 1;
        }
    }
    compared
}

/// A face-down contingency: its controller's spent influence shows what was
/// paid (public, as at a real table); the card is counted under its host,
/// never named, in the other player's view and events.
#[test]
fn a_contingency_shows_its_cost_but_not_its_identity() {
    let db = open_set();
    let id = |n: &str| db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"));
    let grid = id("Perimeter Sensor Grid");
    let cost = db
        .get(grid)
        .cost
        .expect("the Open Set's contingencies have a cost") as i16;
    assert_eq!(db.get(grid).card_type, CardType::Contingency);
    let mut a = PlayerPosition::new(
        "A",
        Race::Human,
        Faction::BabylonProject,
        id("Ambassador Miriam Okafor-Hale"),
    );
    a.hand = vec![grid];
    a.influence = 6;
    let b = PlayerPosition::new(
        "B",
        Race::Narn,
        Faction::BabylonProject,
        id("Ambassador Je'Tarrin"),
    );
    let pos = Position {
        players: vec![a, b],
        initiative: Some(vec![0, 1]),
        ..Position::default()
    };
    let mut g = Game::from_position(&pos, db.clone(), 3).expect("the position loads");
    while g.at_round_entry().is_some() {
        g.proceed();
    }
    let card = (0..g.card_count() as u16)
        .map(CardId)
        .find(|&c| g.card(c).def == grid)
        .expect("in hand");
    let amb_def = id("Ambassador Miriam Okafor-Hale");
    let host = (0..g.card_count() as u16)
        .map(CardId)
        .find(|&c| g.card(c).def == amb_def)
        .expect("in play");
    let host_view = |v: &b5_engine::PlayerView| {
        v.players[0]
            .inner_circle
            .iter()
            .find(|c| c.id == host)
            .cloned()
            .expect("the ambassador is in the Inner Circle")
    };
    let spent_before = g.view(1).players[0].spent;
    let events = g
        .apply(
            0,
            Action::PlayContingency {
                card,
                host,
                pay: b5_engine::CardId::NONE,
            },
        )
        .expect("played under the ambassador");
    let seen_by_b = g.view(1);
    assert_eq!(seen_by_b.players[0].spent, spent_before + cost);
    let amb = host_view(&seen_by_b);
    assert_eq!(
        (amb.hidden_contingencies, amb.own_contingencies.len()),
        (1, 0)
    );
    let json = serde_json::to_string(&seen_by_b).expect("serializes");
    assert!(!json.contains("Perimeter Sensor Grid"), "{json}");
    for e in seen(&events, 1) {
        assert!(!e.contains("Perimeter"), "{e}");
        assert!(
            !e.contains(&format!("\"card\":{}", card.0)),
            "B is told which card: {e}"
        );
    }
    // Its own player sees it.
    assert_eq!(host_view(&g.view(0)).own_contingencies.len(), 1);
}

/// Searching Your Deck: a search whose card text shows the card found
/// (`show = true`, Open Manifest) names it to every player, once; the card
/// then sits in the hand hidden as any other. Without `show` (Quartermaster's
/// Requisition) the other players learn only that a card was taken.
#[test]
fn a_search_shows_the_card_found_only_when_its_text_says_so() {
    let db = open_set();
    let id = |n: &str| db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"));
    let (shows, hides) = (id("Open Manifest"), id("Quartermaster's Requisition"));
    let fleets = [id("Republic Line Squadron"), id("Noble Escort Wing")];
    for (card_def, shown) in [(shows, true), (hides, false)] {
        let mut a = PlayerPosition::new(
            "A",
            Race::Human,
            Faction::BabylonProject,
            id("Ambassador Miriam Okafor-Hale"),
        );
        a.hand = vec![card_def];
        a.deck = fleets.to_vec();
        a.influence = 6;
        let b = PlayerPosition::new(
            "B",
            Race::Narn,
            Faction::BabylonProject,
            id("Ambassador Je'Tarrin"),
        );
        let pos = Position {
            players: vec![a, b],
            initiative: Some(vec![0, 1]),
            ..Position::default()
        };
        let mut g = Game::from_position(&pos, db.clone(), 5).expect("the position loads");
        while g.at_round_entry().is_some() {
            g.proceed();
        }
        let card = (0..g.card_count() as u16)
            .map(CardId)
            .find(|&c| g.card(c).def == card_def)
            .expect("in hand");
        let mut events = g
            .apply(
                0,
                Action::Play {
                    card,
                    target: b5_engine::Target::None,
                    pay: b5_engine::CardId::NONE,
                },
            )
            .expect("played");
        let found = (0..g.card_count() as u16)
            .map(CardId)
            .find(|&c| g.card(c).def == fleets[0])
            .expect("the fleet");
        events.extend(
            g.apply(0, Action::Choose { card: found })
                .expect("the fleet is chosen"),
        );
        assert_eq!(g.card(found).zone, Zone::Hand);
        // Hidden again in the hand: B's view does not hold it.
        assert!(!g.visible_to(found, 1));
        let b_found: Vec<Event> = events
            .iter()
            .map(|e| e.for_viewer(1))
            .filter(|e| matches!(e, Event::Found { .. }))
            .collect();
        assert_eq!(b_found.len(), 1, "{events:?}");
        let Event::Found { card: named, .. } = b_found[0] else {
            unreachable!()
        };
        if shown {
            assert_eq!(named, found, "B is shown the card found");
            assert!(g
                .describe(&b_found[0])
                .is_some_and(|s| s.contains("Republic Line Squadron") && s.contains("shows")));
        } else {
            assert_eq!(named, CardId::NONE, "B learns nothing of the card found");
        }
        // Its own player always learns it.
        let a_found = events
            .iter()
            .map(|e| e.for_viewer(0))
            .find(|e| matches!(e, Event::Found { .. }));
        assert!(matches!(a_found, Some(Event::Found { card, .. }) if card == found));
    }
}

/// A server builds each player's public part once for every viewer who
/// sees it as someone holding no card does (`public_part_is_common`):
/// pinned here that such a viewer's part is exactly that one, that another
/// part said not common does differ (the viewer's agenda or contingency is
/// in it), and that a view is its parts (`view_but_players` with each
/// `player_public`).
#[test]
fn a_public_part_said_common_is_the_same_for_its_viewers() {
    let db = open_set();
    let nobody = b5_engine::MAX_PLAYERS as PlayerId;
    let (mut common, mut not_common, mut own) = (0u32, 0u32, 0u32);
    for seed in 0..16u64 {
        let players = 2 + (seed as usize % 4);
        let mut g = new_game(&db, seed, players);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed ^ 0xc0);
        for step in 0..1200 {
            while g.at_round_entry().is_some() {
                g.proceed();
            }
            if g.is_over() {
                break;
            }
            if step % 5 == 0 {
                for v in (0..players as PlayerId).chain([nobody]) {
                    let mut whole = g.view_but_players(v);
                    whole.players = (0..players as PlayerId)
                        .map(|p| g.player_public(p, v))
                        .collect();
                    assert_eq!(whole, g.view(v), "seed {seed} step {step}");
                    for p in 0..players as PlayerId {
                        if g.public_part_is_common(p, v) {
                            common += 1;
                            own += u32::from(p == v);
                            assert_eq!(
                                g.player_public(p, v),
                                g.player_public(p, nobody),
                                "seed {seed} step {step}: player {p} seen by {v}"
                            );
                        } else {
                            not_common += 1;
                            assert_ne!(
                                g.player_public(p, v),
                                g.player_public(p, nobody),
                                "seed {seed} step {step}: player {p} seen by {v}, said not common"
                            );
                        }
                    }
                }
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            let action = legal[rng.random_range(0..legal.len())];
            g.apply(p, action).expect("a listed action is accepted");
        }
    }
    assert!(common > 10_000, "{common} common parts compared");
    assert!(own > 100, "{own} own parts found common");
    assert!(not_common > 100, "{not_common} parts not common");
}

/// Positions along random games, every few steps, for tests of
/// [`Game::determinize`]: (the game, a generator for the test).
fn positions_along_random_games(seeds: std::ops::Range<u64>, every: u32) -> Vec<Game> {
    let db = open_set();
    let mut out = Vec::new();
    for seed in seeds {
        let players = 2 + (seed as usize % 4);
        let mut g = new_game(&db, seed, players);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed ^ 0xd1ce);
        let mut steps = 0;
        while !g.is_over() && steps < 1200 {
            while g.at_round_entry().is_some() {
                g.proceed();
            }
            if g.is_over() {
                break;
            }
            if steps % every == 0 {
                out.push(g.clone());
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            g.apply(p, legal[rng.random_range(0..legal.len())])
                .expect("a listed action is accepted");
            steps += 1;
        }
    }
    out
}

/// A determinization keeps everything the viewer sees (its view and its
/// legal actions), is a consistent game, and plays on.
#[test]
fn a_determinization_keeps_what_its_viewer_sees_and_plays_on() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    let mut checked = 0;
    for g in positions_along_random_games(0..10, 37) {
        for viewer in 0..g.num_players() as PlayerId {
            let mut d = g.determinize(viewer, &mut rng);
            assert_eq!(d.view(viewer), g.view(viewer), "at {:?}", g.step());
            assert_eq!(
                d.legal_actions(viewer),
                g.legal_actions(viewer),
                "the viewer's own choices at {:?}",
                g.step()
            );
            d.check_invariants()
                .unwrap_or_else(|e| panic!("a determinization at {:?}: {e}", g.step()));
            for _ in 0..60 {
                while d.at_round_entry().is_some() {
                    d.proceed();
                }
                if d.is_over() {
                    break;
                }
                let p = d.pending()[0];
                let legal = d.legal_actions(p);
                let a = legal[rng.random_range(0..legal.len())];
                d.apply(p, a)
                    .unwrap_or_else(|e| panic!("{a:?} listed in a determinization: {e}"));
                d.check_invariants()
                    .unwrap_or_else(|e| panic!("playing on a determinization: {e}"));
            }
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} determinizations checked");
}

/// A determinization deals hidden cards again (each owner's hidden cards
/// keep their number and kinds) and gives the game a new generator.
#[test]
fn a_determinization_deals_the_hidden_cards_again() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    let (mut moved, mut kept) = (0u32, 0u32);
    for g in positions_along_random_games(0..6, 53) {
        let viewer = 0;
        let d = g.determinize(viewer, &mut rng);
        for owner in 0..g.num_players() as PlayerId {
            let hidden = |x: &Game| {
                let mut v: Vec<_> = hidden_from(x, viewer)
                    .into_iter()
                    .filter(|&c| x.card(c).owner == owner)
                    .map(|c| x.card(c).def)
                    .collect();
                v.sort_unstable();
                v
            };
            assert_eq!(hidden(&d), hidden(&g), "owner {owner}'s hidden cards");
        }
        for c in hidden_from(&g, viewer) {
            if g.card(c).def == d.card(c).def {
                kept += 1;
            } else {
                moved += 1;
            }
        }
        assert_ne!(d.digest(), g.digest(), "the generator is replaced");
    }
    assert!(
        moved > kept,
        "{moved} hidden cards dealt elsewhere, {kept} left where they were"
    );
}

/// The determinization of a game depends only on what its viewer sees:
/// twins that differ in where two hidden cards of one owner lie give the
/// same game for the same generator.
#[test]
fn a_determinization_does_not_depend_on_where_hidden_cards_lie() {
    let mut pick = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    let mut compared = 0;
    for g in positions_along_random_games(10..18, 29) {
        for viewer in 0..g.num_players() as PlayerId {
            let hidden: Vec<CardId> = hidden_from(&g, viewer)
                .into_iter()
                .filter(|&c| g.card(c).zone != Zone::Conflict)
                .collect();
            if hidden.len() < 2 {
                continue;
            }
            let a = hidden[pick.random_range(0..hidden.len())];
            let b = hidden[pick.random_range(0..hidden.len())];
            let piles = [Zone::Hand, Zone::Deck, Zone::Crusade, Zone::Reserve];
            let in_piles = piles.contains(&g.card(a).zone) && piles.contains(&g.card(b).zone);
            if g.card(a).owner != g.card(b).owner
                || g.card(a).def == g.card(b).def
                || !(in_piles || swappable(&g, a, b))
            {
                continue;
            }
            let mut twin = g.clone();
            twin.swap_card_defs_for_test(a, b);
            let seed = pick.random::<u64>();
            let d1 = g.determinize(viewer, &mut rand_pcg::Pcg64Mcg::seed_from_u64(seed));
            let d2 = twin.determinize(viewer, &mut rand_pcg::Pcg64Mcg::seed_from_u64(seed));
            assert!(
                d1 == d2 && d1.digest() == d2.digest(),
                "cards {a} and {b} ({:?}, {:?}) hidden from {viewer} show through",
                g.card(a).zone,
                g.card(b).zone
            );
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} twins compared");
}

/// A conflict declared face down is its declarer's secret until the Reveal
/// step (Conflict Round, step 1): twins in which another player declared
/// different conflict cards of their hand (against the targets each card
/// allows) give the same determinization for the same generator, and a
/// determinization does declare other cards than the one declared.
#[test]
fn a_determinization_does_not_read_a_face_down_declaration() {
    let db = open_set();
    let mut pick = rand_pcg::Pcg64Mcg::seed_from_u64(21);
    let (mut compared, mut other_card) = (0u32, 0u32);
    for seed in 30..60u64 {
        let players = 2 + (seed as usize % 4);
        let mut g = new_game(&db, seed, players);
        let mut steps = 0;
        while !g.is_over() && steps < 800 && compared < 120 {
            while g.at_round_entry().is_some() {
                g.proceed();
            }
            if g.is_over() {
                break;
            }
            let q = g.pending()[0];
            let legal = g.legal_actions(q);
            let declares: Vec<(CardId, Action)> = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Declare { card, .. } if g.card(card).zone == Zone::Hand => {
                        Some((card, a))
                    }
                    _ => None,
                })
                .collect();
            // Two declarations of different cards: `a` declared in one twin,
            // `b`'s card (under `a`'s id) in the other.
            let first = declares.first().copied();
            let other = declares
                .iter()
                .copied()
                .find(|(c, _)| first.is_some_and(|(f, _)| g.card(*c).def != g.card(f).def));
            if let (Some((a, act_a)), Some((b, Action::Declare { target, pay, .. }))) =
                (first, other)
            {
                let mut g1 = g.clone();
                g1.apply(q, act_a).expect("a listed declaration");
                let mut g2 = g.clone();
                g2.swap_card_defs_for_test(a, b);
                let act_b = Action::Declare {
                    card: a,
                    target,
                    pay,
                };
                if g2.legal_actions(q).contains(&act_b) {
                    g2.apply(q, act_b).expect("a listed declaration");
                    for viewer in (0..players as PlayerId).filter(|&v| v != q) {
                        // Revealed at once (the last declaration of the step): no secret.
                        if g1.card(a).zone != Zone::Conflict || g1.visible_to(a, viewer) {
                            continue;
                        }
                        assert_eq!(g1.view(viewer), g2.view(viewer), "the twins look alike");
                        let seed = pick.random::<u64>();
                        let d1 =
                            g1.determinize(viewer, &mut rand_pcg::Pcg64Mcg::seed_from_u64(seed));
                        let d2 =
                            g2.determinize(viewer, &mut rand_pcg::Pcg64Mcg::seed_from_u64(seed));
                        assert!(
                            d1 == d2 && d1.digest() == d2.digest(),
                            "{q}'s face-down declaration shows through to {viewer}"
                        );
                        d1.check_invariants()
                            .unwrap_or_else(|e| panic!("a declaration dealt again: {e}"));
                        if d1.card(a).def != g1.card(a).def {
                            other_card += 1;
                        }
                        compared += 1;
                    }
                }
            }
            let a = legal[pick.random_range(0..legal.len())];
            g.apply(q, a).expect("a listed action is accepted");
            steps += 1;
        }
    }
    assert!(compared >= 60, "only {compared} twins compared");
    assert!(
        other_card * 4 >= compared,
        "a face-down declaration dealt again as another card in only {other_card} of {compared}"
    );
}
