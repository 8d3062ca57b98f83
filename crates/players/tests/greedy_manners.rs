//! The greedy player's manners: it does not bid back a mercenary another
//! player has hired, nor heal a card another player controls.

use std::sync::Arc;

use b5_engine::Action;
use b5_players::{Bot, GreedyBot};

/// Over whole greedy games with the Open Set decks: no hire of a mercenary
/// another player controls, no heal of a card another player controls.
#[test]
fn in_whole_games_greedy_keeps_its_manners() {
    let db = Arc::new(b5_cards::open_set::database().expect("the Open Set loads"));
    let mut hires = 0;
    for seed in 0..12u64 {
        let mut g =
            b5_cards::open_set::table_game(&db, seed as usize, 4, 30, seed).expect("set-up");
        let mut bots: Vec<GreedyBot> = (0..4).map(|i| GreedyBot::new(seed * 10 + i)).collect();
        let mut n = 0;
        while !g.is_over() && n < 6000 {
            if g.at_round_entry().is_some() {
                g.proceed();
                continue;
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            let a = bots[p as usize].choose(&g, p, &legal);
            match a {
                Action::Hire { card } => {
                    hires += 1;
                    let c = g.card(card);
                    assert_eq!(
                        c.controller, c.faction,
                        "seed {seed}: hires a hired mercenary"
                    );
                }
                Action::Heal { card, .. } => {
                    assert_eq!(
                        g.card(card).controller,
                        p,
                        "seed {seed}: heals another's card"
                    );
                }
                _ => {}
            }
            g.apply(p, a).expect("legal");
            n += 1;
        }
    }
    assert!(hires > 0, "no mercenary was hired at all");
}
