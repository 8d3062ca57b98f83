//! The UPKEEP PHASE, CONTROL PHASE and VICTORY: units beyond upkeep,
//! control markers, conquest, elimination and the turn limit.

use super::*;

#[test]
fn upkeep_five_units_per_revenue() {
    let mut g = narn_centauri(Phase::Upkeep);
    g.players[0].revenue = 1;
    let units: Vec<UnitId> = (0..7)
        .map(|_| put(&mut g, Chit::FighterComplement, H1, 0))
        .collect();
    assert_eq!(g.over_upkeep(0), 2);
    assert_eq!(g.pending(), vec![0]);
    ok(&mut g, 0, Action::Disband { unit: units[0] });
    assert_eq!(g.phase, Phase::Upkeep);
    ok(&mut g, 0, Action::Disband { unit: units[1] });
    assert_ne!(g.phase, Phase::Upkeep);
    assert_eq!(g.stack(H1, 0).len(), 5);
}

#[test]
fn control_markers_where_uncontested() {
    let mut g = narn_centauri(Phase::Control);
    put(&mut g, Chit::FighterComplement, SA, 0);
    put(&mut g, Chit::SeasonedDiplomat, SC, 0);
    put(&mut g, Chit::FighterComplement, SD, 0);
    put(&mut g, Chit::FighterComplement, SD, 1);
    put(&mut g, Chit::FighterComplement, EB, 0);
    run(&mut g);
    assert_eq!(g.spaces[SA as usize].control, Some(0));
    assert_eq!(
        g.spaces[SC as usize].control, None,
        "a Diplomat takes nothing"
    );
    assert_eq!(g.spaces[SD as usize].control, None, "contested");
    assert_eq!(g.spaces[EB as usize].control, None, "empty space");
    assert_eq!(g.active, 1, "the turn passed");
    assert_eq!(g.phase, Phase::Draw);
}

#[test]
fn victory_over_sixty_percent() {
    // Six systems: Sa, Sb, Sc, Sd, H1, H2; over 60% is 4.
    let mut g = narn_centauri(Phase::Control);
    for s in [SA, SB] {
        put(&mut g, Chit::FighterComplement, s, 0);
    }
    run(&mut g);
    assert!(g.outcome.is_none());
    g.active = 0;
    g.phase = Phase::Control;
    put(&mut g, Chit::FighterComplement, SC, 0);
    let ev = run(&mut g);
    assert_eq!(g.outcome, Some(Outcome::Conquest { winner: 0 }));
    assert!(ev.iter().any(|e| matches!(e, Event::GameOver { .. })));
    assert_eq!(g.pending(), Vec::<PlayerId>::new());
    assert_eq!(refused(&mut g, 0, Action::EndPhase), Violation::GameOver);
}

#[test]
fn elimination_and_turn_limit() {
    let mut g = narn_centauri(Phase::Control);
    g.spaces[H2 as usize].control = Some(0);
    put(&mut g, Chit::FighterComplement, H2, 0);
    g.options.turn_limit = 50;
    run(&mut g);
    assert!(g.players[1].eliminated);
    assert_eq!(
        g.outcome,
        Some(Outcome::LastStanding { winner: 0 }).or(g.outcome)
    );
    let mut g = narn_centauri(Phase::Control);
    g.options.turn_limit = 1;
    g.active = 1;
    put(&mut g, Chit::FighterComplement, SA, 1);
    run(&mut g);
    assert_eq!(g.outcome, Some(Outcome::TurnLimit { leader: Some(1) }));
}
