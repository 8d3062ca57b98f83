//! The state properties that hold after every action of every game, shared
//! by the tests that play whole games (random_games.rs, fuzz_card_games.rs).

use std::fmt::Display;

use b5_engine::{Ability, CardId, ConflictId, Game, PlayerId, INFLUENCE_FLOOR};

/// The state properties that hold after every action.
pub fn check_state(g: &Game, cards: usize, ctx: &dyn Display) {
    if let Err(e) = g.check_invariants() {
        panic!("{ctx}: invariant broken: {e}");
    }
    assert_eq!(g.card_count(), cards, "{ctx}: the number of cards changed");
    let n = g.num_players();
    for p in 0..n as PlayerId {
        let pl = g.player(p);
        assert!(
            pl.influence >= INFLUENCE_FLOOR,
            "{ctx}: player {p}'s Influence Rating is {} (below {INFLUENCE_FLOOR})",
            pl.influence
        );
        // The pools hold the Influence Rating, modifiers included.
        let rating = g.influence_rating(p);
        assert!(
            rating >= INFLUENCE_FLOOR.min(pl.influence),
            "{ctx}: player {p}'s modified Influence Rating is {rating}"
        );
        assert!(
            (0..=rating).contains(&pl.spent) && pl.influence + pl.rating_mod == rating,
            "{ctx}: player {p} has {} spent of {rating} influence ({} tokens, {} by modifiers)",
            pl.spent,
            pl.influence,
            pl.rating_mod
        );
        assert!(
            (1..=5).contains(&pl.unrest),
            "{ctx}: player {p}'s unrest is {}",
            pl.unrest
        );
        for q in 0..n as PlayerId {
            if q != p {
                let t = g.tension(p, q);
                assert!((1..=5).contains(&t), "{ctx}: tension {p}->{q} is {t}");
            }
        }
    }
    // A neutralized card applies nothing: every ability reads 0. (Cards
    // are found by their zone, whatever the piles' representation.)
    for i in 0..cards {
        let id = CardId(i as u16);
        let c = g.card(id);
        if !c.zone.on_table() || !c.neutralized() {
            continue;
        }
        for a in Ability::ALL {
            assert_eq!(
                g.ability(id, a),
                0,
                "{ctx}: neutralized card {id} has {a:?} {}",
                g.ability(id, a)
            );
        }
    }
    for k in 0..g.conflicts().len() {
        let k = ConflictId(k as u8);
        let (s, o) = g.conflict_totals(k);
        assert!(s >= 0 && o >= 0, "{ctx}: conflict {k:?} totals {s}/{o}");
        assert!(
            g.side_totals(k).iter().all(|&t| t >= 0),
            "{ctx}: conflict {k:?} side totals {:?}",
            g.side_totals(k)
        );
    }
    if g.is_over() {
        assert!(
            g.pending().is_empty(),
            "{ctx}: players pending after the end"
        );
    } else if g.at_round_entry().is_none() {
        assert!(
            !g.pending().is_empty(),
            "{ctx}: nobody is pending at {:?}",
            g.step()
        );
    }
}
