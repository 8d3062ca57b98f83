//! `b5 cards try`'s table (`b5_cards::sandbox`): for every card of the Open
//! Set and of the cookbook, the position builds, the card is in its
//! player's hand, and nearly every one can be played (sponsored, declared,
//! played face down...) at once; an aftermath follows a conflict, so it is
//! tried from the Conflict Round with one in hand.

use std::sync::Arc;

use b5_engine::{CardId, CardType, Game, Round, Zone};

#[test]
fn every_open_set_and_cookbook_card_is_in_hand_at_a_table_where_it_can_be_played() {
    let mut defs = b5_cards::open_set::cards().expect("the Open Set");
    let cookbook = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/cookbook.toml"
    ))
    .expect("the cookbook");
    // The cookbook's cards the Open Set does not also print.
    let cook = b5_cards::parse_card_file(&cookbook, "cookbook.toml").expect("loads");
    let cook: Vec<_> = cook
        .into_iter()
        .filter(|c| !defs.iter().any(|d| d.name == c.name))
        .collect();
    defs.extend(cook);
    let db = Arc::new(b5_cards::database(defs).expect("one database"));
    let (mut tried, mut stuck) = (0, Vec::new());
    for (id, def) in db.iter() {
        let pos = b5_cards::sandbox::position(&db, id).expect("a table");
        assert_eq!(pos.players.len(), 2);
        assert_ne!(pos.players[0].race, pos.players[1].race, "{}", def.name);
        let want = match def.card_type {
            CardType::Conflict | CardType::Aftermath => Round::Conflict,
            _ => Round::Action,
        };
        assert_eq!(pos.round, want, "{}", def.name);
        let mut g = Game::from_position(&pos, Arc::clone(&db), 7).expect("builds");
        while g.at_round_entry().is_some() {
            g.proceed();
        }
        // A starting ambassador is the faction's ambassador; any other card
        // is in the hand, and only there.
        let place = if def.kw.starting.is_some() || pos.players[0].ambassador.def == id {
            Zone::InnerCircle
        } else {
            Zone::Hand
        };
        let mine: Vec<CardId> = (0..g.card_count() as u16)
            .map(CardId)
            .filter(|&c| g.card(c).def == id && g.card(c).owner == 0)
            .collect();
        let zones: Vec<_> = mine
            .iter()
            .map(|&c| (g.card(c).zone, g.card(c).owner))
            .collect();
        assert_eq!(mine.len(), 1, "{}: one copy: {zones:?}", def.name);
        let card = mine[0];
        assert_eq!(g.card(card).zone, place, "{}", def.name);
        // An aftermath waits for a conflict to resolve: one is in hand.
        if def.card_type == CardType::Aftermath {
            let declares = g.legal_actions(0).iter().any(|a| a.verb() == "declare");
            assert!(declares, "{}: no conflict to declare", def.name);
            continue;
        }
        tried += 1;
        if !g.legal_actions(0).iter().any(|a| a.card() == Some(card)) {
            stuck.push(def.name.clone());
        }
    }
    // Some cards need more than a fresh table (a target of a kind neither
    // table holds, a requirement met only later in a game).
    assert!(
        stuck.len() * 10 <= tried,
        "{} of {tried} cards cannot be played at once: {stuck:?}",
        stuck.len()
    );
    println!(
        "{} of {tried} cards playable at once; not: {stuck:?}",
        tried - stuck.len()
    );
}
