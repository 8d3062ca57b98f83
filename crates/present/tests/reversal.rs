//! Reversing an event in the menus (rulings, Not Meant To Be: "an Event
//! played since your last chance to act"): the reversing card offers one
//! choice per event another player played since the player's last turn,
//! each naming whose event it is; with none, "why" says so.

use std::sync::Arc;

use b5_engine::{
    Action, CardDb, CardId, CardPosition, Faction, Game, PlayerPosition, Position, Race, Target,
};
use b5_present::{menu, why, GroupKind};

fn db() -> Arc<CardDb> {
    Arc::new(b5_cards::open_set::database().expect("the Open Set loads"))
}

fn game(db: &Arc<CardDb>) -> Game {
    let def = |n: &str| db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"));
    let player = |name: &str, race, amb: &str, hand: &[&str]| {
        let mut p = PlayerPosition::new(name, race, Faction::BabylonProject, def(amb));
        p.influence = 6;
        p.hand = hand.iter().map(|n| def(n)).collect();
        p.supporting = vec![CardPosition::of(def("Aide Tobias Wren"))];
        p.deck = vec![def("Aide Tobias Wren"); 5];
        p
    };
    let pos = Position {
        players: vec![
            player(
                "A",
                Race::Human,
                "Ambassador Miriam Okafor-Hale",
                &["Pointed Inquiry"],
            ),
            player(
                "B",
                Race::Narn,
                "Ambassador Je'Tarrin",
                &["Corridor Diplomacy"],
            ),
            player(
                "C",
                Race::Minbari,
                "Ambassador Irisen Valaqua",
                &["Second Thoughts"],
            ),
        ],
        initiative: Some(vec![0, 1, 2]),
        ..Position::default()
    };
    let mut g = Game::from_position(&pos, db.clone(), 5).expect("loads");
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

#[test]
fn a_reversal_offers_each_event_played_since_your_last_turn() {
    let db = db();
    let mut g = game(&db);
    let (inquiry, corridor, second) = (
        card(&g, "Pointed Inquiry"),
        card(&g, "Corridor Diplomacy"),
        card(&g, "Second Thoughts"),
    );
    let aide_b = (0..g.card_count() as u16)
        .map(CardId)
        .find(|&c| g.card_name(c) == "Aide Tobias Wren" && g.card(c).controller == 1)
        .expect("B's aide");
    g.apply(
        0,
        Action::Play {
            card: inquiry,
            target: Target::Player(2),
            pay: b5_engine::CardId::NONE,
        },
    )
    .expect("A plays Pointed Inquiry on C");
    g.apply(
        1,
        Action::Play {
            card: corridor,
            target: Target::Card(aide_b),
            pay: b5_engine::CardId::NONE,
        },
    )
    .expect("B plays Corridor Diplomacy");
    let legal = g.legal_actions(2);
    let m = menu(&g, 2, &legal);
    let group = m
        .groups
        .iter()
        .find(|gr| gr.kind == GroupKind::Card(second))
        .expect("Second Thoughts has a group");
    let labels: Vec<&str> = group.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(group.choices.len(), 2, "{labels:?}");
    assert!(
        labels
            .iter()
            .any(|l| l.contains("Second Thoughts on A's Pointed Inquiry")),
        "{labels:?}"
    );
    assert!(
        labels
            .iter()
            .any(|l| l.contains("Second Thoughts on B's Corridor Diplomacy")),
        "{labels:?}"
    );
    assert!(group.choices.iter().all(|c| c.cost == 2), "{labels:?}");
}

#[test]
fn with_no_event_to_reverse_why_says_so() {
    let db = db();
    let g = game(&db);
    // A's first turn: nothing has been played.
    let g = {
        let mut g = g;
        g.apply(0, Action::Pass).expect("A passes");
        g.apply(1, Action::Pass).expect("B passes");
        g
    };
    let answers = why(&g, 2);
    assert!(
        answers.iter().any(|w| w
            .reason
            .contains("Second Thoughts names no event played since your last chance to act")
            && w.rule.contains("Not Meant To Be")),
        "{answers:?}"
    );
}
