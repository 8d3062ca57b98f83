//! A position to try one card in (`b5 cards try NAME`): the card in its
//! player's hand (a starting ambassador: as his ambassador), at a table
//! built from the shipped decks. Its player has
//! the ambassador and the deck of a shipped deck of the card's race (a
//! neutral card: the Human deck), a supporting row of that deck's
//! characters, fleet, location and group (so a cost of rotating another
//! card can be paid and an enhancement has a host), and influence to spare;
//! the opponent, a computer player, has another race's deck and the same
//! kind of table, so the card's targets exist. A conflict, or an aftermath
//! (which needs a conflict to follow), is tried from the Conflict Round,
//! with a conflict of the deck in hand; anything else from the Action
//! Round.

use b5_engine::{
    CardDb, CardPosition, CardType, DefId, PlayerPosition, Position, Race, Round, Seat,
};

/// The influence each player starts with: enough for any card's cost.
pub const INFLUENCE: i16 = 20;
/// The most supporting cards each row starts with, by type.
const ROW: [(CardType, usize); 4] = [
    (CardType::Character, 2),
    (CardType::Fleet, 1),
    (CardType::Location, 1),
    (CardType::Group, 1),
];

/// The position; `card` must be in `db` (the Open Set with the player's
/// own files). The error says why no table could be built.
pub fn position(db: &CardDb, card: DefId) -> Result<Position, String> {
    let def = db.get(card);
    let race = if def.race.is_playable() {
        def.race
    } else {
        Race::Human
    };
    let decks = crate::open_set::decks().map_err(|e| e.to_string())?;
    let seat = |r: Race, name: &str, other: bool| -> Option<Seat> {
        decks
            .iter()
            .filter(|d| d.race.is_some_and(|(x, _)| (x == r) != other))
            .find_map(|d| d.to_seat(db, name).ok())
    };
    let mut yours = seat(race, "You", false)
        .or_else(|| seat(Race::Human, "You", false))
        .ok_or("no shipped deck loads with these cards")?;
    // A starting ambassador is tried as the faction's ambassador (it is
    // never sponsored).
    let ambassador = def.kw.starting.is_some() || yours.ambassador == card;
    if ambassador {
        yours.ambassador = card;
    }
    // One copy only: a unique card's copy elsewhere would keep it off the
    // table.
    yours.deck.retain(|&d| d != card);
    let theirs = decks
        .iter()
        .filter(|d| d.race.is_some_and(|(x, _)| x != yours.race))
        .find_map(|d| d.to_seat(db, "Computer").ok())
        .ok_or("no shipped deck of another race loads with these cards")?;
    let first_round = match def.card_type {
        CardType::Conflict | CardType::Aftermath => Round::Conflict,
        _ => Round::Action,
    };
    Ok(Position {
        round: first_round,
        initiative: Some(vec![0, 1]),
        players: vec![
            seat_position(db, &yours, (!ambassador).then_some(card)),
            seat_position(db, &theirs, None),
        ],
        ..Position::default()
    })
}

/// One seat's table: the ambassador, a supporting row from the deck, the
/// tried card (if any) first in hand with a few of the deck's cards played
/// from the hand, and the rest of the deck.
fn seat_position(db: &CardDb, seat: &Seat, tried: Option<DefId>) -> PlayerPosition {
    let mut p = PlayerPosition::new(seat.name.clone(), seat.race, seat.faction, seat.ambassador);
    p.influence = INFLUENCE;
    let mut rest: Vec<DefId> = seat.deck.clone();
    for (ty, n) in ROW {
        for _ in 0..n {
            if let Some(i) = rest.iter().position(|&d| db.get(d).card_type == ty) {
                p.supporting.push(CardPosition::of(rest.remove(i)));
            }
        }
    }
    p.hand.extend(tried);
    // A conflict to declare (an aftermath follows one), and events.
    for (ty, n) in [(CardType::Conflict, 1), (CardType::Event, 2)] {
        for _ in 0..n {
            if let Some(i) = rest.iter().position(|&d| db.get(d).card_type == ty) {
                p.hand.push(rest.remove(i));
            }
        }
    }
    p.deck = rest;
    p
}
