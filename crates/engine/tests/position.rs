//! Positions given exactly are checked for shape: a card that could only
//! exist by breaking a rule is refused with a message, never built (a fleet
//! "leading" itself once sent the ability computation into endless
//! recursion, found by the scenario fuzzer).

use std::sync::Arc;

use b5_engine::{CardPosition, Faction, Game, PlayerPosition, Position, Race};

fn with_leader(leader: &str, fleet: &str) -> Result<Game, String> {
    let db = Arc::new(b5_cards::open_set::database().expect("the Open Set loads"));
    let id = |n: &str| db.find(n).unwrap_or_else(|| panic!("the Open Set has {n}"));
    let mut a = PlayerPosition::new(
        "A",
        Race::Narn,
        Faction::BabylonProject,
        id("Ambassador Je'Tarrin"),
    );
    let mut lead = CardPosition::of(id(leader));
    lead.leading = Some(id(fleet));
    a.supporting = vec![lead];
    if leader != fleet {
        a.supporting.push(CardPosition::of(id(fleet)));
    }
    let b = PlayerPosition::new(
        "B",
        Race::Human,
        Faction::BabylonProject,
        id("Ambassador Miriam Okafor-Hale"),
    );
    let pos = Position {
        players: vec![a, b],
        ..Position::default()
    };
    Game::from_position(&pos, db, 1).map_err(|e| e.to_string())
}

#[test]
fn a_fleet_cannot_lead_itself_and_a_character_leads_a_fleet() {
    let e = with_leader("Vengeance Cruiser Line", "Vengeance Cruiser Line")
        .expect_err("a fleet leading itself is refused");
    assert!(e.contains("cannot lead"), "{e}");
    let e = with_leader("Vengeance Cruiser Line", "Frontier Raider Wing")
        .expect_err("a fleet leading a fleet is refused");
    assert!(e.contains("a character leads a fleet"), "{e}");
    let g = with_leader("Raider Captain Vo'Kesh", "Vengeance Cruiser Line").expect("a leader");
    assert!(g.check_invariants().is_ok());
}
