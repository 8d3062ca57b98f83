//! The reserve (ISA pile) in deck lists: the `[reserve]` section, at most
//! 20 cards, and copies counted with the deck's (Engine Rules v1.2:
//! Reserve/sideboard/ISA Pile and the Engine; The Interstellar Alliance).

use b5_cards::deck::{DeckList, Entry};
use b5_cards::open_set;
use b5_engine::{Game, Setup};

fn human_deck() -> DeckList {
    let (path, text) = open_set::DECK_FILES
        .iter()
        .find(|(p, _)| p.ends_with("human.deck"))
        .expect("the human deck ships");
    DeckList::parse(text, path).expect("parses")
}

fn entry(name: &str, count: usize) -> Entry {
    Entry {
        count,
        name: name.to_string(),
        line: 999,
    }
}

#[test]
fn the_reserve_section_is_read_and_taken_to_the_seat() {
    let db = open_set::database().expect("loads");
    let d = human_deck();
    let n: usize = d.reserve.iter().map(|e| e.count).sum();
    assert!(n > 0, "the human deck ships with a reserve");
    let seat = d.to_seat(&db, "Human").expect("legal");
    assert_eq!(seat.reserve.len(), n);
    assert!(seat.reserve.iter().all(|&r| db.get(r).has_keyword("isa")));
}

#[test]
fn a_reserve_of_more_than_20_cards_is_refused() {
    let db = open_set::database().expect("loads");
    let mut d = human_deck();
    let in_list: Vec<String> = d
        .deck
        .iter()
        .chain(&d.hand)
        .chain(&d.reserve)
        .chain(&d.ambassador)
        .map(|e| e.name.clone())
        .collect();
    // Cards no other section holds, one copy each, up to 21.
    let mut have: usize = d.reserve.iter().map(|e| e.count).sum();
    for (_, def) in db.iter() {
        if have > 20 {
            break;
        }
        if !in_list.contains(&def.name) {
            d.reserve.push(entry(&def.name, 1));
            have += 1;
        }
    }
    assert_eq!(have, 21);
    let problems = d.check(&db);
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("at most 20")),
        "{problems:?}"
    );
    // One card fewer is legal.
    d.reserve.pop();
    assert!(d.check(&db).is_empty(), "{:?}", d.check(&db));
}

#[test]
fn copies_in_the_reserve_count_with_the_deck() {
    let db = open_set::database().expect("loads");
    let mut d = human_deck();
    // The deck holds two copies of its carrier: one more in the reserve is
    // the third (legal); a fourth is one too many.
    let name = "Heavy Carrier Sentinel";
    let in_deck: usize = d
        .deck
        .iter()
        .filter(|e| e.name == name)
        .map(|e| e.count)
        .sum();
    assert_eq!(in_deck, 2);
    d.reserve.push(entry(name, 1));
    let copies = |d: &b5_cards::deck::DeckList| {
        d.check(&db)
            .iter()
            .any(|p| p.to_string().contains(&format!("copies of \"{name}\"")))
    };
    assert!(!copies(&d), "{:?}", d.check(&db));
    d.reserve.push(entry(name, 1));
    let problems = d.check(&db);
    assert!(copies(&d), "{problems:?}");
}

#[test]
fn an_unknown_section_names_the_reserve_among_the_expected() {
    let e = DeckList::parse("race: narn\n[sideboards]\n", "x.deck").unwrap_err();
    assert!(e.to_string().contains("[reserve]"), "{e}");
}

#[test]
fn the_engine_refuses_a_seat_with_a_reserve_over_20() {
    let db = std::sync::Arc::new(open_set::database().expect("loads"));
    let human = human_deck().to_seat(&db, "Human").expect("legal");
    let narn_text = open_set::DECK_FILES
        .iter()
        .find(|(p, _)| p.ends_with("narn.deck"))
        .expect("ships");
    let narn = DeckList::parse(narn_text.1, narn_text.0)
        .expect("parses")
        .to_seat(&db, "Narn")
        .expect("legal");
    let mut big = human.clone();
    while big.reserve.len() <= 20 {
        big.reserve.push(big.reserve[0]);
    }
    let setup = |h| Setup {
        players: vec![h, narn.clone()],
        ..Setup::default()
    };
    let e = Game::new(setup(big), db.clone(), 1).unwrap_err();
    assert!(e.to_string().contains("at most 20"), "{e}");
    let g = Game::new(setup(human), db, 1).expect("a legal table");
    assert_eq!(g.player(0).reserve.len(), 5);
    assert!(g.check_invariants().is_ok());
}
