//! The BATTLE PHASE (and BATTLE RULES): totals, casualties, leaders,
//! fortifications, diplomatic missions, ties, battle cards, retreats.

use super::*;

/// Player 0 in its Battle Phase (after exploring).
fn battle_at(g: &mut Game) {
    g.phase = Phase::Explore;
    run(g);
    assert!(g.battle.is_some(), "a battle");
}

#[test]
fn battle_totals_casualties_and_winner_losses() {
    let mut g = narn_centauri(Phase::Explore);
    let c1 = put(&mut g, Chit::Cruiser, SD, 0);
    let c2 = put(&mut g, Chit::Cruiser, SD, 0);
    let f = put(&mut g, Chit::FighterComplement, SD, 0);
    let enemy = put(&mut g, Chit::Cruiser, SD, 1);
    battle_at(&mut g);
    assert_eq!(g.pending(), vec![0]);
    ok(&mut g, 0, declare(Stance::Attack));
    // No cards: both pass; Narn 8+8+4 = 20 against Centauri 6+3 = 9.
    let b = g.battle.clone().unwrap();
    assert_eq!(b.stage, Stage::WinnerPicks);
    assert_eq!(b.force, [20, 9]);
    // The loser's single unit was lost (half of 1, rounded up).
    assert_eq!(g.units[enemy.0 as usize].loc, Loc::Pile);
    // The winner loses at least half of 9: the fighter (4) is not enough.
    assert!(matches!(
        refused(&mut g, 1, Action::Casualty { unit: f }),
        Violation::NotPending
    ));
    ok(&mut g, 0, Action::Casualty { unit: f });
    assert!(g.battle.is_some());
    ok(&mut g, 0, Action::Casualty { unit: c1 });
    assert!(g.battle.is_none());
    assert_at(&g, c2, SD, 0);
    // Both sides replenish their hands to 7.
    assert_eq!(g.players[0].hand.len() + g.players[1].hand.len(), 14);
    conserved(&g).unwrap();
}

#[test]
fn winner_picks_first_loser_the_rest_then_retreat() {
    let mut g = narn_centauri(Phase::Explore);
    put(&mut g, Chit::CapitolShip, SD, 0);
    put(&mut g, Chit::CapitolShip, SD, 0);
    let a = put(&mut g, Chit::FighterComplement, SD, 1);
    let b = put(&mut g, Chit::FighterComplement, SD, 1);
    let c = put(&mut g, Chit::Cruiser, SD, 1);
    let d = put(&mut g, Chit::FighterComplement, SD, 1);
    put(&mut g, Chit::FighterComplement, SB, 0);
    battle_at(&mut g);
    ok(&mut g, 0, declare(Stance::Attack));
    // 24 against 2+2+9+2 = 15: the loser loses 2 of 4.
    assert_eq!(g.battle.as_ref().unwrap().stage, Stage::WinnerFirst);
    assert_eq!(g.pending(), vec![0]);
    ok(&mut g, 0, Action::Casualty { unit: c });
    assert_eq!(g.pending(), vec![1]);
    ok(&mut g, 1, Action::Casualty { unit: a });
    // Lost 9 + 2 = 11: the winner must lose 6 or more: one Capitol Ship.
    let cap = g.battle_units(SD, 0)[0];
    ok(&mut g, 0, Action::Casualty { unit: cap });
    assert_eq!(g.battle.as_ref().unwrap().stage, Stage::Retreat);
    assert_eq!(g.pending(), vec![1]);
    // Sb holds player 0's fighter: no retreat there.
    assert_eq!(
        refused(&mut g, 1, Action::Retreat { to: SB }),
        Violation::NoRetreatThere(SB)
    );
    assert_eq!(
        refused(&mut g, 1, Action::Retreat { to: SC }),
        Violation::NoRetreatThere(SC)
    );
    ok(&mut g, 1, Action::Retreat { to: EB });
    assert_eq!(g.stack(EB, 1).len(), 2);
    assert!(g.stack(EB, 1).contains(&b) && g.stack(EB, 1).contains(&d));
}

#[test]
fn leader_bonus_homesystem_bonus_fortifications_and_capture() {
    let mut g = narn_centauri(Phase::Explore);
    let cmd = put(&mut g, Chit::CapableCommander, H2, 0);
    put(&mut g, Chit::CapitolShip, H2, 0);
    let f = put(&mut g, Chit::FighterComplement, H2, 1);
    battle_at(&mut g);
    ok(&mut g, 0, declare(Stance::Attack));
    // 10 + 12 + 5 (only side with a leader) against 2 + 1 (Jumpgate) + 20.
    assert_eq!(g.battle.as_ref().unwrap().force, [27, 23]);
    assert!(!g.spaces[H2 as usize].jumpgate, "fortifications destroyed");
    assert_eq!(g.units[f.0 as usize].loc, Loc::Pile);
    // Lost 2 + 1 = 3: the winner loses a unit; a leader lost is captured.
    ok(&mut g, 0, Action::Casualty { unit: cmd });
    assert_eq!(g.units[cmd.0 as usize].loc, Loc::Captured { by: 1 });
    assert_eq!(g.view(0).players[1].captured, vec![Chit::CapableCommander]);
    conserved(&g).unwrap();
    // Revenue, recruit (nothing), upkeep, control: H2 becomes player 0's.
    ok(&mut g, 0, Action::EndPhase);
    assert_eq!(g.spaces[H2 as usize].control, Some(0));
}

#[test]
fn fortifications_fight_and_fall() {
    let mut g = narn_centauri(Phase::Explore);
    g.spaces[SD as usize] = crate::state::SpaceState {
        explored: true,
        resources: 2,
        colony: true,
        shipyard: true,
        control: Some(1),
        ..Default::default()
    };
    put(&mut g, Chit::CapitolShip, SD, 0);
    put(&mut g, Chit::FighterComplement, SD, 0);
    battle_at(&mut g);
    ok(&mut g, 0, declare(Stance::Attack));
    let b = g.battle.clone().unwrap();
    assert_eq!(b.force, [16, 10]);
    assert!(!g.spaces[SD as usize].colony && !g.spaces[SD as usize].shipyard);
    assert_eq!(b.lost[1], 10);
}

#[test]
fn diplomatic_missions_both_declared() {
    // Player 0 offers a mission at SD, where the two meet.
    let offered = || {
        let mut g = narn_centauri(Phase::Explore);
        put(&mut g, Chit::CapitolShip, SD, 0);
        put(&mut g, Chit::FighterComplement, SD, 1);
        battle_at(&mut g);
        ok(&mut g, 0, declare(Stance::Mission));
        g
    };
    let mut g = offered();
    assert_eq!(g.pending(), vec![1]);
    let ev = ok(&mut g, 1, declare(Stance::Mission));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DiplomaticMission { .. })));
    assert_eq!(g.stack(SD, 1).len(), 1);
    // Neither takes the system: control needs it uncontested.
    assert_eq!(g.spaces[SD as usize].control, None);
    // A refused mission is a battle.
    let mut g = offered();
    ok(&mut g, 1, declare(Stance::Attack));
    assert!(g.battle.is_none() || g.battle.as_ref().unwrap().winner.is_some());
}

#[test]
fn diplomats_do_not_fight_and_babylon5_is_neutral() {
    let mut g = narn_centauri(Phase::Explore);
    put(&mut g, Chit::SeasonedDiplomat, SD, 0);
    put(&mut g, Chit::FighterComplement, SD, 1);
    put(&mut g, Chit::CapitolShip, B5, 0);
    put(&mut g, Chit::CapitolShip, B5, 1);
    run(&mut g);
    assert!(g.battle.is_none());
    assert_eq!(g.phase, Phase::Recruit);
}

#[test]
fn ties_defender_or_standoff() {
    for (ties, lost) in [(TieRule::Defender, true), (TieRule::Standoff, false)] {
        let options = Options {
            ties,
            ..Options::default()
        };
        let mut g = position(
            Race::Narn,
            Race::Narn.min(Race::Minbari),
            options,
            Phase::Explore,
        );
        put(&mut g, Chit::FighterComplement, SD, 0); // Narn 4
        put(&mut g, Chit::FighterComplement, SD, 1); // Minbari 2
        put(&mut g, Chit::FighterComplement, SD, 1); // Minbari 2
        battle_at(&mut g);
        ok(&mut g, 0, declare(Stance::Attack));
        assert_eq!(g.stack(SD, 0).is_empty(), lost, "{ties:?}");
    }
}

#[test]
fn casualties_round_up_or_down() {
    for (casualties, left) in [(Rounding::Up, 1), (Rounding::Down, 2)] {
        let options = Options {
            casualties,
            ..Options::default()
        };
        let mut g = position(Race::Narn, Race::Centauri, options, Phase::Explore);
        put(&mut g, Chit::CapitolShip, SD, 0);
        put(&mut g, Chit::CapitolShip, SD, 0);
        for _ in 0..3 {
            put(&mut g, Chit::FighterComplement, SD, 1);
        }
        battle_at(&mut g);
        ok(&mut g, 0, declare(Stance::Attack));
        // 3 units: 2 lost rounded up, 1 rounded down.
        while g
            .battle
            .as_ref()
            .is_some_and(|b| matches!(b.stage, Stage::WinnerFirst | Stage::LoserPicks))
        {
            let p = g.pending()[0];
            let a = g.legal_actions(p)[0].clone();
            ok(&mut g, p, a);
        }
        assert_eq!(g.battle_units(SD, 1).len(), left, "{casualties:?}");
    }
}

#[test]
fn battle_cards() {
    let mut g = narn_centauri(Phase::Explore);
    put(&mut g, Chit::CapitolShip, SD, 0);
    put(&mut g, Chit::FighterComplement, SD, 0);
    let cru = put(&mut g, Chit::Cruiser, SD, 1);
    let f = put(&mut g, Chit::FighterComplement, SD, 1);
    give(
        &mut g,
        0,
        &[
            Card::LongRangeBarrage,
            Card::Dogfighting,
            Card::Deception,
            Card::CriticalHit,
        ],
    );
    give(
        &mut g,
        1,
        &[Card::HeavyWeapons, Card::Retreat, Card::PointDefense],
    );
    battle_at(&mut g);
    ok(&mut g, 0, declare(Stance::Attack));
    let force = |g: &Game| {
        let b = g.battle.as_ref().unwrap();
        [g.battle_force(b, 0), g.battle_force(b, 1)]
    };
    assert_eq!(force(&g), [16, 11]);
    // Battle cards only in battle; Critical Hit only on a ship.
    assert!(matches!(
        refused(&mut g, 0, play(Card::CriticalHit, Target::Unit { unit: f })),
        Violation::BadTarget(_)
    ));
    ok(&mut g, 0, play(Card::LongRangeBarrage, Target::None));
    assert_eq!(force(&g), [18, 11]);
    ok(&mut g, 1, play(Card::HeavyWeapons, Target::None));
    assert_eq!(force(&g), [18, 11], "no Capitol Ship: no bonus");
    ok(&mut g, 0, play(Card::Dogfighting, Target::None));
    assert_eq!(force(&g), [20, 11]);
    let ours = g.battle_units(SD, 0)[0];
    ok(
        &mut g,
        1,
        play(Card::PointDefense, Target::Unit { unit: ours }),
    );
    assert_eq!(
        force(&g),
        [14, 11],
        "the fighter with its bonuses (4 + 2) is gone"
    );
    ok(
        &mut g,
        0,
        play(Card::CriticalHit, Target::Unit { unit: cru }),
    );
    ok(&mut g, 1, play(Card::Retreat, Target::None));
    // The last cards: both hands are empty, so both pass unasked.
    ok(&mut g, 0, play(Card::Deception, Target::None));
    // Retreat: no casualties; the loser still retreats.
    assert_eq!(g.battle.as_ref().unwrap().stage, Stage::Retreat);
    ok(&mut g, 1, Action::Retreat { to: ED });
    assert_at(&g, f, ED, 1);
}

#[test]
fn armored_hull_negates_a_casualty() {
    let mut g = narn_centauri(Phase::Explore);
    put(&mut g, Chit::CapitolShip, SD, 0);
    put(&mut g, Chit::FighterComplement, SD, 1);
    put(&mut g, Chit::FighterComplement, SD, 1);
    give(&mut g, 1, &[Card::ArmoredHull]);
    battle_at(&mut g);
    ok(&mut g, 0, declare(Stance::Attack));
    // Player 0 has no cards: it passes without being asked.
    assert_eq!(g.pending(), vec![1]);
    // Then neither has a card: both pass without being asked.
    ok(&mut g, 1, play(Card::ArmoredHull, Target::Negate));
    // 12 against 4: lose 1 of 2, negated.
    assert_eq!(g.battle.as_ref().unwrap().stage, Stage::Retreat);
    assert_eq!(g.battle_units(SD, 1).len(), 2);
}

#[test]
fn lone_leaders_cannot_retreat_and_are_captured() {
    let mut g = narn_centauri(Phase::Explore);
    for _ in 0..3 {
        put(&mut g, Chit::CapitolShip, SD, 0);
    }
    let c1 = put(&mut g, Chit::CapableCommander, SD, 1);
    let c2 = put(&mut g, Chit::CapableCommander, SD, 1);
    let f = put(&mut g, Chit::FighterComplement, SD, 1);
    battle_at(&mut g);
    ok(&mut g, 0, declare(Stance::Attack));
    ok(&mut g, 0, Action::Casualty { unit: f });
    ok(&mut g, 1, Action::Casualty { unit: c1 });
    // Lost 2 + 10: the winner loses a Capitol Ship.
    let cap = g.battle_units(SD, 0)[0];
    ok(&mut g, 0, Action::Casualty { unit: cap });
    // The last commander has no escort: captured.
    assert!(g.battle.is_none());
    assert_eq!(g.units[c2.0 as usize].loc, Loc::Captured { by: 0 });
    assert_eq!(g.units[c1.0 as usize].loc, Loc::Captured { by: 0 });
    conserved(&g).unwrap();
}

/// Player 0's two Capitol Ships against player 1's `theirs` at Neb, which
/// touches only H1 (player 0's fortified home) and the supernova: the loser
/// has nowhere to retreat.
fn cornered(theirs: &[Chit], cards: &[Card]) -> (Game, Vec<UnitId>) {
    let mut g = narn_centauri(Phase::Explore);
    put(&mut g, Chit::CapitolShip, NEB, 0);
    put(&mut g, Chit::CapitolShip, NEB, 0);
    let ids = theirs.iter().map(|&k| put(&mut g, k, NEB, 1)).collect();
    give(&mut g, 1, cards);
    battle_at(&mut g);
    ok(&mut g, 0, declare(Stance::Attack));
    (g, ids)
}

#[test]
fn a_stack_with_nowhere_to_retreat_is_lost() {
    // The ordinary reading, unchanged: no space to retreat to, the stack
    // is lost.
    let (mut g, ids) = cornered(&[Chit::Cruiser, Chit::FighterComplement], &[]);
    ok(&mut g, 0, Action::Casualty { unit: ids[1] });
    let cap = g.battle_units(NEB, 0)[0];
    let ev = ok(&mut g, 0, Action::Casualty { unit: cap });
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::StackLost { count: 1, .. })));
    assert!(g.battle.is_none());
    assert_eq!(g.units[ids[0].0 as usize].loc, Loc::Pile);
    conserved(&g).unwrap();
}

#[test]
fn retreat_card_with_nowhere_to_go_loses_nothing() {
    // Retreat: "Neither side suffers casualties": the cornered stack stays.
    let (mut g, ids) = cornered(&[Chit::Cruiser, Chit::FighterComplement], &[Card::Retreat]);
    let ev = ok(&mut g, 1, play(Card::Retreat, Target::None));
    assert!(g.battle.is_none());
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Retreated {
            from: NEB,
            to: NEB,
            count: 2,
            ..
        }
    )));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::StackLost { .. } | Event::UnitDestroyed { .. } | Event::LeaderCaptured { .. }
    )));
    for u in ids {
        assert_at(&g, u, NEB, 1);
    }
    assert_eq!(g.stack(NEB, 0).len(), 2);
    // Lone leaders with no escort stay too, rather than being captured.
    let (mut g, ids) = cornered(&[Chit::CapableCommander], &[Card::Retreat]);
    ok(&mut g, 1, play(Card::Retreat, Target::None));
    assert!(g.battle.is_none());
    assert_at(&g, ids[0], NEB, 1);
    conserved(&g).unwrap();
}

#[test]
fn peace_treaty_stops_the_attack() {
    let mut g = narn_centauri(Phase::Move);
    give(&mut g, 0, &[Card::PeaceTreaty]);
    ok(
        &mut g,
        0,
        play(Card::PeaceTreaty, Target::Player { player: 1 }),
    );
    assert_eq!(g.players[1].peace_from, 1);
    // Player 1's turn: its stack beside player 0's does not fight.
    g.active = 1;
    put(&mut g, Chit::CapitolShip, SD, 1);
    put(&mut g, Chit::FighterComplement, SD, 0);
    g.phase = Phase::Explore;
    run(&mut g);
    assert!(g.battle.is_none());
}
