//! Appendix Two, Example 6: a replacement that transfers "any aftermaths
//! that her controller chooses". The replaced card's controller is asked,
//! one card at a time with a "done", before the old card leaves play; the
//! others see which card is replacing but not what is offered; every
//! refusal names its rule; nothing is asked when nothing can be chosen; an
//! action log holding the choice replays to the same state.

mod saved_log;

use std::sync::Arc;

use b5_engine::{
    Action, CardDb, CardId, CardPosition, ChoiceKind, Event, Faction, Game, PlayerPosition,
    Position, Race, Violation, Zone,
};

fn db() -> Arc<CardDb> {
    Arc::new(b5_cards::open_set::database().expect("the Open Set loads"))
}

fn def(db: &CardDb, n: &str) -> b5_engine::DefId {
    db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"))
}

/// A (Human) has Commander Pike Delacroix with `attached`, and Captain
/// Pike Delacroix (OS-374: marks, enhancements and chosen aftermaths
/// transfer) in hand.
fn game(db: &Arc<CardDb>, attached: &[&str]) -> Game {
    let mut a = PlayerPosition::new(
        "A",
        Race::Human,
        Faction::BabylonProject,
        def(db, "Ambassador Miriam Okafor-Hale"),
    );
    a.influence = 8;
    a.hand = vec![def(db, "Captain Pike Delacroix")];
    let mut pike = CardPosition::of(def(db, "Commander Pike Delacroix"));
    pike.attached = attached.iter().map(|n| def(db, n)).collect();
    a.supporting = vec![pike];
    a.deck = vec![def(db, "Aide Tobias Wren"); 5];
    let mut b = PlayerPosition::new(
        "B",
        Race::Narn,
        Faction::BabylonProject,
        def(db, "Ambassador Je'Tarrin"),
    );
    b.deck = vec![def(db, "Aide Da'Mirra"); 5];
    let pos = Position {
        players: vec![a, b],
        initiative: Some(vec![0, 1]),
        ..Position::default()
    };
    let mut g = Game::from_position(&pos, db.clone(), 7).expect("loads");
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

const ALL: [&str; 3] = [
    "Citation of Merit",
    "Decorated for Valor",
    "Hard Lessons Learned",
];

#[test]
fn the_transfers_are_asked_before_the_old_card_leaves_play() {
    let db = db();
    let mut g = game(&db, &ALL);
    let (captain, commander) = (
        card(&g, "Captain Pike Delacroix"),
        card(&g, "Commander Pike Delacroix"),
    );
    let (citation, valor, lessons) = (
        card(&g, "Citation of Merit"),
        card(&g, "Decorated for Valor"),
        card(&g, "Hard Lessons Learned"),
    );
    let replace = Action::Replace {
        card: captain,
        old: commander,
    };
    assert!(g.legal_actions(0).contains(&replace));
    let ev = g.apply(0, replace).expect("legal");
    // Nothing has moved yet.
    assert!(!ev.iter().any(|e| matches!(e, Event::Replaced { .. })));
    assert_eq!(g.card(commander).zone, Zone::Supporting);
    assert_eq!(g.card(captain).zone, Zone::Hand);
    assert_eq!(g.card(lessons).host, commander);
    let c = *g.choice().expect("a choice");
    assert_eq!(
        (c.kind, c.player, c.card),
        (ChoiceKind::Transfer, 0, captain)
    );
    assert_eq!(g.pending().as_slice(), &[0]);
    // The aftermaths are offered, not the enhancement (all of those go);
    // "done" first, as the engine orders a pick.
    assert_eq!(
        g.legal_actions(0),
        vec![
            Action::Pass,
            Action::Choose { card: valor },
            Action::Choose { card: lessons }
        ]
    );
    assert!(g.legal_actions(1).is_empty());
    assert_eq!(g.default_action(0), Some(Action::Pass));
    // Everyone sees the card replacing; only its chooser the offers.
    let (va, vb) = (g.view(0), g.view(1));
    let (ca, cb) = (va.choice.expect("A sees it"), vb.choice.expect("B sees it"));
    assert_eq!(
        (ca.kind, cb.kind),
        (ChoiceKind::Transfer, ChoiceKind::Transfer)
    );
    assert_eq!(cb.name, "Captain Pike Delacroix");
    assert_eq!(ca.cards.len(), 2);
    assert!(cb.cards.is_empty());
    assert!(g.visible_to(captain, 1));
    assert!(
        vb.waiting_for
            .contains("chooses the aftermaths that transfer from Commander Pike Delacroix to Captain Pike Delacroix"),
        "{}",
        vb.waiting_for
    );
    assert!(g
        .describe_action(&Action::Pass)
        .contains("discard Decorated for Valor, Hard Lessons Learned"));
    // One chosen: it is not offered again.
    let ev = g.apply(0, Action::Choose { card: valor }).expect("legal");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TransferChosen { player: 0, card, to } if *card == valor && *to == captain
    )));
    assert_eq!(
        g.legal_actions(0),
        vec![Action::Pass, Action::Choose { card: lessons }]
    );
    assert_eq!(g.card(commander).zone, Zone::Supporting);
    // Done: the replacement happens with what was chosen.
    let ev = g.apply(0, Action::Pass).expect("legal");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Replaced { player: 0, old, card } if *old == commander && *card == captain
    )));
    assert!(g.choice().is_none());
    assert_eq!(g.card(commander).zone, Zone::Removed);
    assert_eq!(g.card(captain).zone, Zone::Supporting);
    assert_eq!(g.card(citation).host, captain);
    assert_eq!(g.card(valor).host, captain);
    assert_eq!(g.card(lessons).zone, Zone::Discard);
    // The replacement was A's action: B acts now.
    assert_eq!(g.pending().as_slice(), &[1]);
}

#[test]
fn every_refusal_names_its_rule() {
    let db = db();
    let mut g = game(&db, &ALL);
    let (captain, commander, citation) = (
        card(&g, "Captain Pike Delacroix"),
        card(&g, "Commander Pike Delacroix"),
        card(&g, "Citation of Merit"),
    );
    g.apply(
        0,
        Action::Replace {
            card: captain,
            old: commander,
        },
    )
    .expect("legal");
    let before = g.clone();
    // The enhancement transfers anyway: it is not offered.
    let e = g
        .check_action(0, &Action::Choose { card: citation })
        .unwrap_err();
    assert_eq!(e.violation, Violation::NotOffered(citation));
    // Bad input never panics.
    assert_eq!(
        g.check_action(0, &Action::Choose { card: CardId(9999) })
            .unwrap_err()
            .violation,
        Violation::NotOffered(CardId(9999))
    );
    // Only choose and pass answer, and only the chooser.
    let e = g
        .check_action(0, &Action::Build { by: commander })
        .unwrap_err();
    assert!(matches!(e.violation, Violation::WrongTime { .. }));
    assert!(e.message.contains("transfers"), "{}", e.message);
    assert_eq!(
        g.check_action(1, &Action::Pass).unwrap_err().violation,
        Violation::NotPending
    );
    assert!(g.apply(1, Action::Pass).is_err());
    assert_eq!(g, before);
}

#[test]
fn nothing_is_asked_without_an_attached_card_of_a_chosen_kind() {
    let db = db();
    // Only the enhancement: it transfers, and no choice is asked.
    let mut g = game(&db, &["Citation of Merit"]);
    let (captain, commander, citation) = (
        card(&g, "Captain Pike Delacroix"),
        card(&g, "Commander Pike Delacroix"),
        card(&g, "Citation of Merit"),
    );
    let ev = g
        .apply(
            0,
            Action::Replace {
                card: captain,
                old: commander,
            },
        )
        .expect("legal");
    assert!(ev.iter().any(|e| matches!(e, Event::Replaced { .. })));
    assert!(g.choice().is_none());
    assert_eq!(g.card(citation).host, captain);
    assert_eq!(g.pending().as_slice(), &[1]);
}

#[test]
fn choosing_the_last_card_offered_ends_the_choice() {
    let db = db();
    let mut g = game(&db, &["Hard Lessons Learned"]);
    let (captain, commander, lessons) = (
        card(&g, "Captain Pike Delacroix"),
        card(&g, "Commander Pike Delacroix"),
        card(&g, "Hard Lessons Learned"),
    );
    g.apply(
        0,
        Action::Replace {
            card: captain,
            old: commander,
        },
    )
    .expect("legal");
    let ev = g.apply(0, Action::Choose { card: lessons }).expect("legal");
    assert!(ev.iter().any(|e| matches!(e, Event::Replaced { .. })));
    assert!(g.choice().is_none());
    assert_eq!(g.card(lessons).host, captain);
    // Its Doom Mark followed it.
    assert_eq!(g.card_marks(captain, b5_engine::MarkKind::Doom), 1);
}

#[test]
fn an_action_log_with_a_transfer_choice_replays_to_the_same_state() {
    let db = db();
    let mut g = game(&db, &ALL);
    let start = g.clone();
    let (captain, commander, lessons) = (
        card(&g, "Captain Pike Delacroix"),
        card(&g, "Commander Pike Delacroix"),
        card(&g, "Hard Lessons Learned"),
    );
    let log = vec![
        (
            0u8,
            Action::Replace {
                card: captain,
                old: commander,
            },
        ),
        (0u8, Action::Choose { card: lessons }),
        (0u8, Action::Pass),
    ];
    saved_log::play_save_and_replay(start, &mut g, &log);
    assert_eq!(g.card(lessons).host, captain);
    assert_eq!(g.card(card(&g, "Decorated for Valor")).zone, Zone::Discard);
}
