//! The transfer choice of a replacement in the menus (Appendix Two,
//! Example 6): one group titled with the card replacing, the card replaced
//! and the kind chosen; each choice names the card and where it goes; the
//! pass says what is left behind.

use std::sync::Arc;

use b5_engine::{
    Action, CardDb, CardId, CardPosition, Faction, Game, PlayerPosition, Position, Race,
};
use b5_present::{menu, GroupKind};

fn game(db: &Arc<CardDb>) -> Game {
    let def = |n: &str| db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"));
    let mut a = PlayerPosition::new(
        "A",
        Race::Human,
        Faction::BabylonProject,
        def("Ambassador Miriam Okafor-Hale"),
    );
    a.influence = 8;
    a.hand = vec![def("Captain Pike Delacroix")];
    let mut pike = CardPosition::of(def("Commander Pike Delacroix"));
    pike.attached = vec![def("Decorated for Valor"), def("Hard Lessons Learned")];
    a.supporting = vec![pike];
    a.deck = vec![def("Aide Tobias Wren"); 5];
    let mut b = PlayerPosition::new(
        "B",
        Race::Narn,
        Faction::BabylonProject,
        def("Ambassador Je'Tarrin"),
    );
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
fn the_transfer_choice_is_a_group_of_the_replacement() {
    let db = Arc::new(b5_cards::open_set::database().expect("the Open Set loads"));
    let mut g = game(&db);
    let (captain, commander, valor) = (
        card(&g, "Captain Pike Delacroix"),
        card(&g, "Commander Pike Delacroix"),
        card(&g, "Decorated for Valor"),
    );
    g.apply(
        0,
        Action::Replace {
            card: captain,
            old: commander,
        },
    )
    .expect("legal");
    let legal = g.legal_actions(0);
    let m = menu(&g, 0, &legal);
    let grp = m
        .groups
        .iter()
        .find(|g| g.kind == GroupKind::EffectChoice)
        .expect("the choice is a group");
    assert_eq!(
        grp.title,
        "Captain Pike Delacroix replacing Commander Pike Delacroix: choose the aftermaths that transfer"
    );
    assert_eq!(grp.choices.len(), 2);
    let first = grp
        .choices
        .iter()
        .find(|c| c.action == Action::Choose { card: valor })
        .expect("the aftermath is offered");
    assert_eq!(
        first.label,
        "transfer Decorated for Valor to Captain Pike Delacroix"
    );
    let pass = m
        .groups
        .iter()
        .flat_map(|g| g.choices.iter())
        .find(|c| c.action == Action::Pass)
        .expect("done is offered");
    assert_eq!(
        pass.label,
        "transfer no more (discard Decorated for Valor, Hard Lessons Learned)"
    );
    assert_eq!(
        g.waiting_for(),
        "A chooses the aftermaths that transfer from Commander Pike Delacroix to Captain Pike Delacroix (Appendix Two)"
    );
}
