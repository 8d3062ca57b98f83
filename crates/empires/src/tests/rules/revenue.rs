//! The REVENUE PHASE and RECRUIT PHASE: revenue, units drawn and bought,
//! unit costs, colonies, shipyards and jumpgates built.

use super::*;

#[test]
fn revenue_home_colonies_and_cards() {
    let mut g = narn_centauri(Phase::Revenue);
    g.spaces[SA as usize] = crate::state::SpaceState {
        explored: true,
        resources: 2,
        colony: true,
        control: Some(0),
        ..Default::default()
    };
    g.spaces[SC as usize] = crate::state::SpaceState {
        explored: true,
        resources: 3,
        control: Some(0),
        ..Default::default()
    };
    assert_eq!(g.base_revenue(0), 12, "home 10 + colony 2; no colony on Sc");
    g.players[0].increase_production = 1;
    g.players[0].heavy_trade = 1;
    g.players[0].raided = 1;
    run(&mut g);
    // 12 + 5 + 3 systems - 5.
    assert_eq!(g.players[0].treasury, 15);
    assert_eq!(g.players[0].revenue, 15);
    assert_eq!(g.players[0].raided, 0);
}

#[test]
fn recruit_draws_buys_and_draws_more() {
    let mut g = narn_centauri(Phase::Recruit);
    g.players[0].treasury = 200;
    g.start_recruit(&mut Vec::new());
    let offer: Vec<UnitId> = g.view(0).offer.iter().map(|u| u.id).collect();
    assert_eq!(offer.len(), 5);
    assert!(g.view(1).offer.is_empty());
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Buy {
                unit: offer[0],
                at: SA
            }
        ),
        Violation::NotARecruitSpace(SA)
    );
    let mut spent = 0;
    let mut ev = Vec::new();
    for &u in &offer {
        let cost = g.unit_cost(0, u);
        if g.units[u.0 as usize].chit.is_diplomat() && g.diplomat_at(H1, 0) {
            g.spaces[SA as usize].control = Some(0);
            g.spaces[SA as usize].shipyard = true;
            ev.extend(ok(&mut g, 0, Action::Buy { unit: u, at: SA }));
        } else {
            ev.extend(ok(&mut g, 0, Action::Buy { unit: u, at: H1 }));
        }
        spent += cost;
    }
    assert_eq!(g.players[0].treasury, 200 - spent);
    // Bought them all: another 1D6 drawn.
    let rolled = ev.iter().find_map(|e| match e {
        Event::Rolled { dice, .. } => Some(dice[0] as usize),
        _ => None,
    });
    assert_eq!(g.view(0).offer.len(), rolled.unwrap());
    ok(&mut g, 0, Action::EndPhase);
    assert!(g.view(0).offer.is_empty());
    conserved(&g).unwrap();
}

#[test]
fn four_players_recruit_from_a_small_then_an_empty_pile() {
    // One set for 4 players: 12 chits left after set-up. Leave 2, buy
    // both: the 1D6 more finds an empty pile and draws nothing.
    let mut g = Game::new(&Setup::new(Race::ALL.to_vec()), 5).unwrap();
    assert_eq!(g.pile.len(), 12);
    let b5 = g
        .map
        .spaces
        .iter()
        .position(|s| s.kind == crate::map::SpaceKind::Babylon5)
        .unwrap() as SpaceId;
    let p = g.active;
    let (keep, away): (Vec<UnitId>, Vec<UnitId>) = {
        let mut fighting: Vec<UnitId> = g.pile.clone();
        fighting.sort_by_key(|&u| g.kind(u).is_diplomat());
        let away = fighting.split_off(2);
        (fighting, away)
    };
    assert!(keep.iter().all(|&u| !g.kind(u).is_diplomat()));
    g.pile.retain(|u| keep.contains(u));
    g.place(&away, b5, p);
    conserved(&g).unwrap();
    g.players[p as usize].treasury = 100;
    g.phase = Phase::Revenue;
    run(&mut g);
    let offer: Vec<UnitId> = g.view(p).offer.iter().map(|u| u.id).collect();
    assert_eq!(offer.len(), 2, "a draw of 5 from a pile of 2");
    assert!(g.pile.is_empty());
    let home = g.players[p as usize].home;
    ok(
        &mut g,
        p,
        Action::Buy {
            unit: offer[0],
            at: home,
        },
    );
    let ev = ok(
        &mut g,
        p,
        Action::Buy {
            unit: offer[1],
            at: home,
        },
    );
    let drawn = ev.iter().find_map(|e| match e {
        Event::UnitsDrawn { count, .. } => Some(*count),
        _ => None,
    });
    assert_eq!(drawn, Some(0), "the 1D6 more from an empty pile");
    assert!(ev
        .iter()
        .any(|e| g.describe(e).contains("the chit pile is empty")));
    assert!(g.view(p).offer.is_empty());
    ok(&mut g, p, Action::EndPhase);
    conserved(&g).unwrap();
}

#[test]
fn unit_costs_by_force() {
    let mut g = position(
        Race::Earthforce,
        Race::Minbari,
        Options::default(),
        Phase::Move,
    );
    let f = put(&mut g, Chit::FighterComplement, H1, 0);
    let c = put(&mut g, Chit::Cruiser, H2, 1);
    assert_eq!(g.unit_force(f), 8, "Earth Force Fighters have +6 Force");
    assert_eq!(
        g.kind(c),
        Chit::CapitolShip,
        "Minbari treat Cruisers as Capitol Ships"
    );
    assert_eq!(g.unit_force(c), 14);
    assert_eq!(g.group_speed(&[c]), Some(1));
    assert_eq!(g.unit_cost(0, f), 2);
    g.options.cost_includes_race_bonus = true;
    assert_eq!(g.unit_cost(0, f), 8);
    assert_eq!(g.unit_cost(1, c), 14);
}

#[test]
fn building_colony_shipyard_jumpgate() {
    let mut g = narn_centauri(Phase::Recruit);
    g.players[0].treasury = 100;
    use Marker::*;
    assert_eq!(
        refused(&mut g, 0, build(SA, Colony)),
        Violation::NotControlled(SA)
    );
    g.spaces[SA as usize].control = Some(0);
    assert_eq!(
        refused(&mut g, 0, build(SA, Colony)),
        Violation::NotExplored(SA)
    );
    g.spaces[SA as usize].explored = true;
    g.spaces[SA as usize].resources = 2;
    assert_eq!(
        refused(&mut g, 0, build(SA, Shipyard)),
        Violation::NeedsColony(SA)
    );
    assert_eq!(
        refused(&mut g, 0, build(SA, Jumpgate)),
        Violation::NeedsColony(SA)
    );
    ok(&mut g, 0, build(SA, Colony));
    assert_eq!(
        refused(&mut g, 0, build(SA, Colony)),
        Violation::AlreadyBuilt(SA, Colony)
    );
    ok(&mut g, 0, build(SA, Shipyard));
    assert_eq!(
        refused(&mut g, 0, build(SA, Jumpgate)),
        Violation::NeedsQuantium
    );
    give(&mut g, 0, &[Card::Quantium40]);
    ok(&mut g, 0, build(SA, Jumpgate));
    assert!(g.players[0].hand.is_empty());
    assert_eq!(g.players[0].treasury, 80);
    assert!(g.recruit_space(0, SA));
    assert_eq!(
        refused(&mut g, 0, build(EB, Colony)),
        Violation::NotASystem(EB)
    );
    g.players[0].treasury = 1;
    g.spaces[SC as usize] = crate::state::SpaceState {
        explored: true,
        resources: 1,
        control: Some(0),
        ..Default::default()
    };
    assert_eq!(
        refused(&mut g, 0, build(SC, Colony)),
        Violation::Unaffordable { need: 5, have: 1 }
    );
}
