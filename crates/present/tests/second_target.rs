//! A card with two targets in the menus (Legal Targets): playing it shows
//! the influence it will apply, the second target is then asked in one
//! group titled with the card being played and its first target, and "why"
//! names the missing second target when no first target has one.

use std::sync::Arc;

use b5_engine::{
    Action, CardDb, CardId, CardPosition, Faction, Game, PlayerPosition, Position, Race, Target,
};
use b5_present::{menu, GroupKind};

fn db() -> Arc<CardDb> {
    Arc::new(b5_cards::open_set::database().expect("the Open Set loads"))
}

fn game(db: &Arc<CardDb>, b_supporting: &[&str]) -> Game {
    let def = |n: &str| db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"));
    let mut a = PlayerPosition::new(
        "A",
        Race::Human,
        Faction::BabylonProject,
        def("Ambassador Miriam Okafor-Hale"),
    );
    a.influence = 8;
    a.hand = vec![def("Exchange of Envoys")];
    a.supporting = vec![CardPosition::of(def("Aide Tobias Wren"))];
    a.deck = vec![def("Aide Tobias Wren"); 5];
    let mut b = PlayerPosition::new(
        "B",
        Race::Narn,
        Faction::BabylonProject,
        def("Ambassador Je'Tarrin"),
    );
    b.supporting = b_supporting
        .iter()
        .map(|n| CardPosition::of(def(n)))
        .collect();
    b.deck = vec![def("Aide Da'Mirra"); 5];
    let pos = Position {
        players: vec![a, b],
        initiative: Some(vec![0, 1]),
        ..Position::default()
    };
    let mut g = Game::from_position(&pos, db.clone(), 3).expect("loads");
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
fn the_second_target_is_a_group_of_the_card_being_played() {
    let db = db();
    let mut g = game(&db, &["Aide Da'Mirra"]);
    let (xch, wren, mirra) = (
        card(&g, "Exchange of Envoys"),
        card(&g, "Aide Tobias Wren"),
        card(&g, "Aide Da'Mirra"),
    );
    let play = Action::Play {
        card: xch,
        target: Target::Card(wren),
        pay: b5_engine::CardId::NONE,
    };
    let legal = g.legal_actions(0);
    let m = menu(&g, 0, &legal);
    let choice = m
        .groups
        .iter()
        .flat_map(|g| g.choices.iter())
        .find(|c| c.action == play)
        .expect("the play is offered");
    // The cost is applied once the second target is chosen: still shown.
    assert_eq!(choice.cost, 2, "{}", choice.label);
    g.apply(0, play).expect("legal");
    let legal = g.legal_actions(0);
    assert_eq!(legal, vec![Action::Choose { card: mirra }]);
    let m = menu(&g, 0, &legal);
    assert_eq!(m.groups.len(), 1);
    let grp = &m.groups[0];
    assert_eq!(grp.kind, GroupKind::EffectChoice);
    assert_eq!(
        grp.title,
        "Exchange of Envoys on Aide Tobias Wren: choose its second target"
    );
    assert!(
        grp.choices[0]
            .label
            .starts_with("choose Aide Da'Mirra as the second target"),
        "{}",
        grp.choices[0].label
    );
    assert_eq!(
        g.waiting_for(),
        "A chooses the second target of Exchange of Envoys"
    );
}

#[test]
fn why_names_the_missing_second_target() {
    let db = db();
    let g = game(&db, &[]);
    let answers = b5_present::why(&g, 0);
    let w = answers
        .iter()
        .find(|w| w.action.contains("Exchange of Envoys"))
        .expect("the event is explained");
    assert!(w.reason.contains("second target"), "{w:?}");
    assert!(w.rule.contains("Legal Targets"), "{w:?}");
}
