//! A card with two targets (Engine Rules v1.2, Legal Targets; Advanced
//! Details about playing cards, Targets): it is played with its first
//! target, its player is then asked for the second before anything
//! happens, every refusal names its rule, what others see while he chooses
//! hides nothing and leaks nothing, and an action log holding it replays
//! to the same state.

mod saved_log;

use std::sync::Arc;

use b5_engine::{
    Action, CardDb, CardId, CardPosition, ChoiceKind, Event, Faction, Game, PlayerPosition,
    Position, Race, Target, Violation, Zone,
};

fn db() -> Arc<CardDb> {
    Arc::new(b5_cards::open_set::database().expect("the Open Set loads"))
}

fn def(db: &CardDb, n: &str) -> b5_engine::DefId {
    db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"))
}

/// A (Human) holds the two-target events; B (Narn) has `b_supporting`.
fn position(db: &CardDb, b_supporting: &[&str]) -> Position {
    let mut a = PlayerPosition::new(
        "A",
        Race::Human,
        Faction::BabylonProject,
        def(db, "Ambassador Miriam Okafor-Hale"),
    );
    a.influence = 8;
    a.hand = vec![def(db, "Called to Account"), def(db, "Exchange of Envoys")];
    a.supporting = vec![
        CardPosition::of(def(db, "Aide Tobias Wren")),
        CardPosition::of(def(db, "Colonel Renata Ashby")),
    ];
    a.deck = vec![def(db, "Aide Tobias Wren"); 5];
    let mut b = PlayerPosition::new(
        "B",
        Race::Narn,
        Faction::BabylonProject,
        def(db, "Ambassador Je'Tarrin"),
    );
    b.supporting = b_supporting
        .iter()
        .map(|n| CardPosition::of(def(db, n)))
        .collect();
    b.deck = vec![def(db, "Aide Da'Mirra"); 5];
    Position {
        players: vec![a, b],
        initiative: Some(vec![0, 1]),
        ..Position::default()
    }
}

fn game(db: &Arc<CardDb>, b_supporting: &[&str]) -> Game {
    let mut g = Game::from_position(&position(db, b_supporting), db.clone(), 7).expect("loads");
    while g.at_round_entry().is_some() {
        g.proceed();
    }
    g
}

fn card(g: &Game, name: &str) -> CardId {
    (0..g.card_count() as u16)
        .map(CardId)
        .find(|&c| g.card_name(c) == name)
        .unwrap_or_else(|| panic!("{name} is in the game"))
}

fn violation(g: &Game, a: Action) -> Violation {
    g.check_action(0, &a).expect_err("refused").violation
}

#[test]
fn the_second_target_is_asked_before_anything_happens() {
    let db = db();
    let mut g = game(&db, &["Aide Da'Mirra"]);
    let (call, wren) = (card(&g, "Called to Account"), card(&g, "Aide Tobias Wren"));
    let play = Action::Play {
        card: call,
        target: Target::Card(wren),
        pay: b5_engine::CardId::NONE,
    };
    assert!(g.legal_actions(0).contains(&play));
    let spent = g.player(0).spent;
    let ev = g.apply(0, play).expect("legal");
    // Nothing is played yet: no cost, still in hand, no event played.
    assert!(!ev.iter().any(|e| matches!(e, Event::EventPlayed { .. })));
    assert_eq!(g.player(0).spent, spent);
    assert_eq!(g.card(call).zone, Zone::Hand);
    let c = *g.choice().expect("a choice");
    assert_eq!((c.kind, c.player, c.card), (ChoiceKind::Second, 0, call));
    assert_eq!(g.pending().as_slice(), &[0]);
    // The second targets: characters in another faction than the first.
    let (amb_b, mirra) = (card(&g, "Ambassador Je'Tarrin"), card(&g, "Aide Da'Mirra"));
    let mut legal = g.legal_actions(0);
    legal.sort_by_key(|a| a.card());
    assert_eq!(
        legal,
        vec![
            Action::Choose { card: amb_b },
            Action::Choose { card: mirra }
        ]
    );
    assert!(g.legal_actions(1).is_empty());
    // Everyone sees the card being played; only its player the offers.
    let (va, vb) = (g.view(0), g.view(1));
    let (ca, cb) = (va.choice.expect("A sees it"), vb.choice.expect("B sees it"));
    assert_eq!((ca.kind, cb.kind), (ChoiceKind::Second, ChoiceKind::Second));
    assert_eq!(cb.name, "Called to Account");
    assert_eq!(ca.cards.len(), 2);
    assert!(cb.cards.is_empty());
    assert!(g.visible_to(call, 1));
    let ev = g.apply(0, Action::Choose { card: mirra }).expect("legal");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::EventPlayed { card, .. } if *card == call)));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::SecondTarget { second, .. } if *second == mirra)));
    assert!(g.choice().is_none());
    assert_eq!(g.player(0).spent, spent + 1);
    assert_eq!(g.card(call).zone, Zone::Discard);
    // The first target attacked the second (2 Diplomacy each way).
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Attacked { attacker, target, .. } if *attacker == wren && *target == mirra
    )));
    assert!(g.card(mirra).neutralized());
}

#[test]
fn every_refusal_names_its_rule() {
    let db = db();
    // B has no supporting character: Exchange of Envoys has no second target.
    let g = game(&db, &[]);
    let (xch, wren) = (card(&g, "Exchange of Envoys"), card(&g, "Aide Tobias Wren"));
    let play = Action::Play {
        card: xch,
        target: Target::Card(wren),
        pay: b5_engine::CardId::NONE,
    };
    assert_eq!(violation(&g, play), Violation::NoSecondTarget(xch));
    let e = g.check_action(0, &play).unwrap_err();
    assert!(e.rule.contains("Legal Targets"), "{}", e.rule);
    assert!(!g.legal_actions(0).iter().any(|a| a.card() == Some(xch)));
    // With one, the play is legal; the second must be another card, in the
    // relation the card names, matching its filter.
    let mut g = game(&db, &["Aide Da'Mirra"]);
    let (xch, wren, ashby) = (
        card(&g, "Exchange of Envoys"),
        card(&g, "Aide Tobias Wren"),
        card(&g, "Colonel Renata Ashby"),
    );
    g.apply(
        0,
        Action::Play {
            card: xch,
            target: Target::Card(wren),
            pay: b5_engine::CardId::NONE,
        },
    )
    .expect("legal");
    assert_eq!(
        violation(&g, Action::Choose { card: wren }),
        Violation::SameTarget(wren)
    );
    let e = g
        .check_action(0, &Action::Choose { card: ashby })
        .unwrap_err();
    assert_eq!(e.violation, Violation::SecondRelation(ashby));
    assert!(
        e.message.contains("in another faction than"),
        "{}",
        e.message
    );
    let amb = card(&g, "Ambassador Je'Tarrin");
    assert_eq!(
        violation(&g, Action::Choose { card: amb }),
        Violation::BadTarget
    );
    // Only `choose` answers now.
    assert!(matches!(
        violation(&g, Action::Pass),
        Violation::WrongTime { .. }
    ));
    // Bad input never panics.
    assert!(matches!(
        violation(&g, Action::Choose { card: CardId(9999) }),
        Violation::NoSuchCard(_)
    ));
}

#[test]
fn an_action_log_with_a_second_target_replays_to_the_same_state() {
    let db = db();
    let mut g = game(&db, &["Aide Da'Mirra"]);
    let start = g.clone();
    let (call, wren, mirra) = (
        card(&g, "Called to Account"),
        card(&g, "Aide Tobias Wren"),
        card(&g, "Aide Da'Mirra"),
    );
    let log = vec![
        (
            0u8,
            Action::Play {
                card: call,
                target: Target::Card(wren),
                pay: b5_engine::CardId::NONE,
            },
        ),
        (0u8, Action::Choose { card: mirra }),
    ];
    saved_log::play_save_and_replay(start, &mut g, &log);
}
