//! The SETUP chapter: homesystems, starting units and hands, and the
//! set-ups refused.

use super::*;

#[test]
fn setup_homes_units_hands() {
    // Setup: a Homesystem with 10 random units and a hand of 5 cards; each
    // Homesystem has a Jumpgate.
    // Unit Deck: one set of 52 chits for any number of players by default;
    // `chit_sets` 2 is the option, 0 the earlier automatic choice.
    for (n, chit_sets, sets) in [
        (2usize, 1u8, 1usize),
        (3, 1, 1),
        (4, 1, 1),
        (3, 2, 2),
        (4, 2, 2),
        (2, 0, 1),
        (4, 0, 2),
    ] {
        let mut setup = Setup::new(Race::ALL[..n].to_vec());
        setup.options.chit_sets = chit_sets;
        if chit_sets == 1 {
            assert_eq!(setup.options, Options::default(), "one set is the default");
        }
        let g = Game::new(&setup, 11).unwrap();
        assert_eq!(g.units.len(), 52 * sets);
        assert_eq!(g.deck.len(), 78 - 5 * n);
        assert_eq!(g.pile.len(), 52 * sets - 10 * n);
        for p in 0..n as PlayerId {
            let home = g.players[p as usize].home;
            assert_eq!(g.stack(home, p).len(), 10);
            assert_eq!(g.players[p as usize].hand.len(), 5);
            assert!(g.spaces[home as usize].jumpgate);
            assert_eq!(g.spaces[home as usize].control, Some(p));
            let dips = g
                .stack(home, p)
                .iter()
                .filter(|&&u| g.kind(u).is_diplomat())
                .count();
            assert!(dips <= 1, "one Diplomat on a system");
        }
        conserved(&g).unwrap();
        assert_eq!(g.pending(), vec![g.active]);
    }
}

#[test]
fn setup_errors() {
    use crate::error::SetupError;
    assert_eq!(
        Game::new(&Setup::new(vec![Race::Narn]), 1).unwrap_err(),
        SetupError::PlayerCount(1)
    );
    assert!(matches!(
        Game::new(&Setup::new(vec![Race::Narn, Race::Narn]), 1),
        Err(SetupError::RaceTaken(_))
    ));
    let mut s = Setup::new(vec![Race::Narn, Race::Minbari]);
    s.map = MapChoice::Shipped {
        name: "four-crowns".into(),
    };
    assert!(matches!(Game::new(&s, 1), Err(SetupError::MapSeats { .. })));
    s.map = MapChoice::Shipped {
        name: "nowhere".into(),
    };
    assert!(matches!(Game::new(&s, 1), Err(SetupError::Map(_))));
    s.races = Race::ALL.to_vec();
    s.map = MapChoice::Shipped {
        name: "four-crowns".into(),
    };
    Game::new(&s, 1).unwrap();
}
