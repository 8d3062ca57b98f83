//! The MOVE PHASE: speeds, stacks moving together, nebulas and
//! supernovas, opposing stacks, jumpgates, Diplomats.

use super::*;

#[test]
fn speeds_slow_medium_fast() {
    let mut g = narn_centauri(Phase::Move);
    let cap = put(&mut g, Chit::CapitolShip, H1, 0);
    let cru = put(&mut g, Chit::Cruiser, H1, 0);
    let ftr = put(&mut g, Chit::FighterComplement, H1, 0);
    order(&mut g, Card::StrategicMoveOrder);
    ok(&mut g, 0, Action::Pick { unit: cap });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: SC }),
        Violation::TooFar(SC)
    );
    ok(&mut g, 0, Action::MoveTo { to: SA });
    assert_at(&g, cap, SA, 0);
    ok(&mut g, 0, Action::Pick { unit: cru });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: EC }),
        Violation::TooFar(EC)
    );
    ok(&mut g, 0, Action::MoveTo { to: SC });
    ok(&mut g, 0, Action::Pick { unit: ftr });
    // Fast: 3 spaces, H1 - Sa - Sc - Ec, but not 4.
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: ED }),
        Violation::TooFar(ED)
    );
    ok(&mut g, 0, Action::MoveTo { to: EC });
    assert!(g.order.is_none(), "three stacks moved: the order is spent");
    // Move once a turn (Options::move_once_per_turn).
    order(&mut g, Card::TacticalMoveOrder);
    assert_eq!(
        refused(&mut g, 0, Action::Pick { unit: ftr }),
        Violation::AlreadyMoved(ftr)
    );
}

#[test]
fn stack_moves_at_slowest_and_leaders_travel_with_others() {
    let mut g = narn_centauri(Phase::Move);
    let cmd = put(&mut g, Chit::CapableCommander, H1, 0);
    let ftr = put(&mut g, Chit::FighterComplement, H1, 0);
    let cap = put(&mut g, Chit::CapitolShip, H1, 0);
    order(&mut g, Card::TacticalMoveOrder);
    ok(&mut g, 0, Action::Pick { unit: cmd });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: SA }),
        Violation::LeaderAlone
    );
    ok(&mut g, 0, Action::Pick { unit: ftr });
    ok(&mut g, 0, Action::Pick { unit: cap });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: SC }),
        Violation::TooFar(SC)
    );
    ok(&mut g, 0, Action::Unpick { unit: cap });
    ok(&mut g, 0, Action::MoveTo { to: SC });
    assert_eq!(
        g.stack(SC, 0).to_vec(),
        vec![cmd, ftr],
        "first picked on top"
    );
    assert_eq!(g.stack(H1, 0).to_vec(), vec![cap]);
}

#[test]
fn nebula_stops_and_supernova_no_entry() {
    let mut g = narn_centauri(Phase::Move);
    let ftr = put(&mut g, Chit::FighterComplement, H1, 0);
    order(&mut g, Card::TacticalMoveOrder);
    ok(&mut g, 0, Action::Pick { unit: ftr });
    // H1 - Sa - Ea(nebula) - B5: ships must stop upon entering the nebula.
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: B5 }),
        Violation::TooFar(B5)
    );
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: NOVA }),
        Violation::NoEntry(NOVA)
    );
    assert!(g.legal_actions(0).contains(&Action::MoveTo { to: EA }));
    ok(&mut g, 0, Action::MoveTo { to: NEB });
}

#[test]
fn into_but_not_through_opposing_stacks() {
    let mut g = narn_centauri(Phase::Move);
    let ftr = put(&mut g, Chit::FighterComplement, H1, 0);
    put(&mut g, Chit::FighterComplement, SC, 1);
    order(&mut g, Card::TacticalMoveOrder);
    ok(&mut g, 0, Action::Pick { unit: ftr });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: EC }),
        Violation::TooFar(EC)
    );
    ok(&mut g, 0, Action::MoveTo { to: SC });
    // A lone Diplomat opposes nothing.
    let mut g = narn_centauri(Phase::Move);
    let ftr = put(&mut g, Chit::FighterComplement, H1, 0);
    put(&mut g, Chit::SeasonedDiplomat, SC, 1);
    order(&mut g, Card::TacticalMoveOrder);
    ok(&mut g, 0, Action::Pick { unit: ftr });
    ok(&mut g, 0, Action::MoveTo { to: EC });
}

#[test]
fn own_jumpgates_are_one_space_apart() {
    let mut g = narn_centauri(Phase::Move);
    let cap = put(&mut g, Chit::CapitolShip, H1, 0);
    g.spaces[SD as usize].jumpgate = true;
    order(&mut g, Card::TacticalMoveOrder);
    ok(&mut g, 0, Action::Pick { unit: cap });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: SD }),
        Violation::TooFar(SD)
    );
    g.spaces[SD as usize].control = Some(0);
    ok(&mut g, 0, Action::MoveTo { to: SD });
    assert_at(&g, cap, SD, 0);
}

#[test]
fn one_diplomat_per_system() {
    // "You cannot have more than one Diplomat on a system": planetary
    // systems and homesystems, for moves, jumps and recruits alike.
    let mut g = narn_centauri(Phase::Move);
    put(&mut g, Chit::SeasonedDiplomat, SC, 0);
    let d = put(&mut g, Chit::SeasonedDiplomat, EC, 0);
    let d2 = put(&mut g, Chit::SeasonedDiplomat, EC, 0);
    let d3 = put(&mut g, Chit::SeasonedDiplomat, H1, 0);
    // Sb is Narn's, with a Jumpgate and a Diplomat: one jump from H1.
    g.spaces[SB as usize].control = Some(0);
    g.spaces[SB as usize].jumpgate = true;
    put(&mut g, Chit::SeasonedDiplomat, SB, 0);
    order(&mut g, Card::StrategicMoveOrder);
    ok(&mut g, 0, Action::Pick { unit: d });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: SC }),
        Violation::TwoDiplomats(SC)
    );
    ok(&mut g, 0, Action::Pick { unit: d2 });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: SA }),
        Violation::TwoDiplomats(SA),
        "two arriving together"
    );
    ok(&mut g, 0, Action::EndOrder);
    // The jump H1 -> Sb lands on a system with a Diplomat.
    order(&mut g, Card::TacticalMoveOrder);
    ok(&mut g, 0, Action::Pick { unit: d3 });
    assert_eq!(
        refused(&mut g, 0, Action::MoveTo { to: SB }),
        Violation::TwoDiplomats(SB)
    );
    // A new Diplomat cannot start at a home that holds one.
    let mut g = narn_centauri(Phase::Recruit);
    g.players[0].treasury = 50;
    put(&mut g, Chit::SeasonedDiplomat, H1, 0);
    let offered = put(&mut g, Chit::SeasonedDiplomat, H1, 0);
    g.units[offered.0 as usize].loc = Loc::Offer { player: 0 };
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Buy {
                unit: offered,
                at: H1
            }
        ),
        Violation::TwoDiplomats(H1)
    );
}

#[test]
fn diplomats_share_empty_space_and_babylon5() {
    // Empty space and Babylon 5 are no systems: Diplomats travel together,
    // share them, and each on Babylon 5 draws its extra card.
    let mut g = narn_centauri(Phase::Move);
    put(&mut g, Chit::SeasonedDiplomat, B5, 0);
    let d = put(&mut g, Chit::SeasonedDiplomat, SA, 0);
    let d2 = put(&mut g, Chit::SeasonedDiplomat, SC, 0);
    order(&mut g, Card::StrategicMoveOrder);
    // Sa -> Sc -> Ec: through a system with a Diplomat, into empty space.
    move_stack(&mut g, 0, &[d], EC);
    assert_at(&g, d, EC, 0);
    move_stack(&mut g, 0, &[d2], EC);
    assert_at(&g, d2, EC, 0);
    ok(&mut g, 0, Action::EndOrder);
    // A new turn's move: both together onto Babylon 5, where one stands.
    for u in g.units.iter_mut() {
        u.moved = false;
    }
    order(&mut g, Card::TacticalMoveOrder);
    move_stack(&mut g, 0, &[d, d2], B5);
    assert_eq!(g.stack(B5, 0).len(), 3);
    assert_eq!(g.diplomat_draws(0), 3, "each Diplomat on Babylon 5");
    assert_eq!(crate::check::one_diplomat_per_system(&g), Ok(()));
}

#[test]
fn fortifications_are_not_picked() {
    // Colonies, Shipyards and Jumpgates cannot move: they are markers, not
    // units, so no action names them.
    let mut g = narn_centauri(Phase::Move);
    order(&mut g, Card::TacticalMoveOrder);
    assert_eq!(g.legal_actions(0), vec![Action::EndOrder]);
}
