//! The DRAW PHASE: three cards plus one per Diplomat, the hand limit of
//! seven, the reshuffled discard pile.

use super::*;

#[test]
fn draw_three_plus_diplomats_after_discarding() {
    let mut g = narn_centauri(Phase::Draw);
    give(&mut g, 0, &[Card::Espionage, Card::Research]);
    put(&mut g, Chit::SeasonedDiplomat, B5, 0);
    ok(
        &mut g,
        0,
        Action::Discard {
            card: Card::Espionage,
        },
    );
    assert_eq!(g.discard, vec![Card::Espionage]);
    ok(&mut g, 0, Action::Draw);
    // 1 kept + 3 drawn + 1 for the Diplomat on Babylon 5.
    assert_eq!(g.players[0].hand.len(), 5);
    assert_eq!(g.phase, Phase::Move);
}

#[test]
fn diplomat_on_enemy_system_draws_one_each() {
    let mut g = narn_centauri(Phase::Draw);
    put(&mut g, Chit::SeasonedDiplomat, H2, 0);
    put(&mut g, Chit::SeasonedDiplomat, SA, 0);
    assert_eq!(g.diplomat_draws(0), 1, "H2 is an enemy system, Sa nobody's");
    g.spaces[SA as usize].control = Some(1);
    assert_eq!(g.diplomat_draws(0), 2);
}

#[test]
fn hand_limit_seven() {
    let mut g = narn_centauri(Phase::Draw);
    give(
        &mut g,
        0,
        &[
            Card::Research,
            Card::Research,
            Card::Espionage,
            Card::Espionage,
            Card::Raiding,
            Card::Raiding,
        ],
    );
    ok(&mut g, 0, Action::Draw);
    assert_eq!(g.phase, Phase::DrawExcess);
    assert_eq!(refused(&mut g, 0, Action::EndPhase), Violation::MustDiscard);
    ok(
        &mut g,
        0,
        Action::Discard {
            card: Card::Raiding,
        },
    );
    assert_eq!(g.phase, Phase::DrawExcess);
    ok(
        &mut g,
        0,
        Action::Discard {
            card: Card::Raiding,
        },
    );
    assert_eq!(g.players[0].hand.len(), MAX_HAND);
    assert_eq!(g.phase, Phase::Move);
}

#[test]
fn empty_deck_reshuffles_discard() {
    let mut g = narn_centauri(Phase::Draw);
    let all: Vec<Card> = g.deck.drain(..).collect();
    g.discard = all;
    let ev = ok(&mut g, 0, Action::Draw);
    assert!(ev.iter().any(|e| matches!(e, Event::DeckReshuffled { .. })));
    assert_eq!(g.players[0].hand.len(), 3);
    conserved(&g).unwrap();
}
