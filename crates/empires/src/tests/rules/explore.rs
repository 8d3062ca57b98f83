//! The EXPLORATION PHASE: a system's Resources rolled, or revealed when
//! fixed.

use super::*;

#[test]
fn exploration_rolls_or_reveals_fixed_resources() {
    let mut g = narn_centauri(Phase::Explore);
    put(&mut g, Chit::FighterComplement, SA, 0);
    put(&mut g, Chit::SeasonedDiplomat, SB, 0);
    assert_eq!(
        g.view(1).spaces[SB as usize].resources,
        None,
        "fixed but unexplored"
    );
    let ev = run(&mut g);
    assert!(g.spaces[SA as usize].explored && (1..=3).contains(&g.spaces[SA as usize].resources));
    assert_eq!(g.spaces[SB as usize].resources, 3);
    assert_eq!(g.view(1).spaces[SB as usize].resources, Some(3));
    // Three dice rolled for Sa (median of three), none for Sb.
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Rolled { dice, .. } if dice.len() == 3)));
    assert!(!g.spaces[SC as usize].explored);
}
