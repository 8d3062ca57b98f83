//! The ACTION DECK CARD LIST: the interrupts (Diplomacy, Intercept,
//! Security) and the action cards, with the races' special cards.

use super::*;

// --- Interrupts --------------------------------------------------------------

#[test]
fn diplomacy_negates_a_move() {
    let mut g = narn_centauri(Phase::Move);
    let ftr = put(&mut g, Chit::FighterComplement, H1, 0);
    give(&mut g, 1, &[Card::Diplomacy]);
    order(&mut g, Card::TacticalMoveOrder);
    move_stack(&mut g, 0, &[ftr], SA);
    assert_eq!(g.pending(), vec![1], "the other player answers the move");
    let ev = ok(&mut g, 1, play(Card::Diplomacy, Target::None));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Negated {
            player: 1,
            card: Card::Diplomacy
        }
    )));
    assert_at(&g, ftr, H1, 0);
    assert_eq!(g.pending(), vec![0]);
}

#[test]
fn centauri_special_is_diplomacy() {
    let mut g = narn_centauri(Phase::Move);
    let ftr = put(&mut g, Chit::FighterComplement, H1, 0);
    give(&mut g, 1, &[Card::SpecialCard]);
    order(&mut g, Card::TacticalMoveOrder);
    move_stack(&mut g, 0, &[ftr], SA);
    assert_eq!(
        refused(
            &mut g,
            1,
            Action::Play {
                card: Card::SpecialCard,
                as_card: Some(Card::Steal),
                target: Target::None
            }
        ),
        Violation::BadSpecialUse(Card::Steal)
    );
    ok(
        &mut g,
        1,
        Action::Play {
            card: Card::SpecialCard,
            as_card: Some(Card::Diplomacy),
            target: Target::None,
        },
    );
    assert_at(&g, ftr, H1, 0);
}

#[test]
fn intercept_moves_first_and_can_close_the_way() {
    let mut g = narn_centauri(Phase::Move);
    let ftr = put(&mut g, Chit::FighterComplement, H1, 0);
    let theirs = put(&mut g, Chit::FighterComplement, ED, 1);
    give(&mut g, 1, &[Card::Intercept]);
    order(&mut g, Card::TacticalMoveOrder);
    move_stack(&mut g, 0, &[ftr], EC);
    ok(&mut g, 1, play(Card::Intercept, Target::None));
    assert_eq!(g.pending(), vec![1]);
    let ev = move_stack(&mut g, 1, &[theirs], SC);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::MoveBlocked { player: 0, .. })));
    assert_at(&g, ftr, H1, 0);
    assert_at(&g, theirs, SC, 1);
}

#[test]
fn intercept_after_the_last_move() {
    let mut g = narn_centauri(Phase::Move);
    put(&mut g, Chit::FighterComplement, H1, 0);
    let theirs = put(&mut g, Chit::FighterComplement, ED, 1);
    give(&mut g, 1, &[Card::Intercept]);
    ok(&mut g, 0, Action::EndPhase);
    assert_eq!(g.pending(), vec![1]);
    ok(&mut g, 1, play(Card::Intercept, Target::None));
    move_stack(&mut g, 1, &[theirs], EB);
    assert_ne!(g.phase, Phase::Move);
}

#[test]
fn security_negates_espionage() {
    let mut g = narn_centauri(Phase::Move);
    give(&mut g, 0, &[Card::Espionage]);
    give(&mut g, 1, &[Card::Security, Card::Research]);
    ok(
        &mut g,
        0,
        play(Card::Espionage, Target::Player { player: 1 }),
    );
    assert_eq!(g.pending(), vec![1]);
    // Diplomacy does not answer a card.
    ok(&mut g, 1, play(Card::Security, Target::None));
    assert!(g.players[0].peeks.is_empty());
    // Without Security the look happens.
    give(&mut g, 0, &[Card::Espionage]);
    ok(
        &mut g,
        0,
        play(Card::Espionage, Target::Player { player: 1 }),
    );
    ok(&mut g, 1, Action::Pass);
    assert_eq!(
        g.players[0].peeks,
        vec![Peek::Hand {
            player: 1,
            cards: vec![Card::Research]
        }]
    );
    assert_eq!(g.view(0).peeks.len(), 1);
    assert!(g.view(1).peeks.is_empty());
}

// --- Action cards ------------------------------------------------------------

#[test]
fn sabotage_opponent_chooses_two_discards() {
    let mut g = narn_centauri(Phase::Move);
    give(&mut g, 0, &[Card::Sabotage]);
    give(&mut g, 1, &[Card::Research, Card::Deception, Card::Ambush]);
    ok(
        &mut g,
        0,
        play(Card::Sabotage, Target::Player { player: 1 }),
    );
    ok(&mut g, 1, Action::Pass);
    assert_eq!(g.pending(), vec![1]);
    assert!(matches!(
        refused(&mut g, 1, Action::Pass),
        Violation::WrongTime { .. }
    ));
    ok(
        &mut g,
        1,
        Action::Discard {
            card: Card::Research,
        },
    );
    ok(&mut g, 1, Action::Discard { card: Card::Ambush });
    assert_eq!(g.players[1].hand.to_vec(), vec![Card::Deception]);
    assert_eq!(g.pending(), vec![0]);
}

#[test]
fn narn_special_is_steal() {
    let mut g = narn_centauri(Phase::Move);
    g.players[1].treasury = 5;
    give(&mut g, 0, &[Card::SpecialCard]);
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Play {
                card: Card::SpecialCard,
                as_card: Some(Card::Research),
                target: Target::None
            }
        ),
        Violation::BadSpecialUse(Card::Research)
    );
    ok(
        &mut g,
        0,
        Action::Play {
            card: Card::SpecialCard,
            as_card: Some(Card::Steal),
            target: Target::Player { player: 1 },
        },
    );
    // No cards: no Security asked.
    assert_eq!((g.players[0].treasury, g.players[1].treasury), (2, 3));
}

#[test]
fn intrigue_research_intelligence() {
    let mut g = narn_centauri(Phase::Move);
    give(
        &mut g,
        0,
        &[Card::Intrigue, Card::Research, Card::Intelligence],
    );
    give(&mut g, 1, &[Card::Deception]);
    ok(
        &mut g,
        0,
        play(Card::Intrigue, Target::Player { player: 1 }),
    );
    assert!(g.players[0].hand.contains(&Card::Deception));
    assert!(g.players[1].hand.is_empty());
    ok(&mut g, 0, play(Card::Research, Target::None));
    assert_eq!(g.players[0].hand.len(), 4);
    ok(&mut g, 0, play(Card::Intelligence, Target::None));
    let next: Vec<Card> = g.deck.iter().rev().take(7).copied().collect();
    assert_eq!(g.view(0).peeks, vec![Peek::Deck { cards: next }]);
}

#[test]
fn assassination_and_shadows() {
    let mut g = narn_centauri(Phase::Move);
    put(&mut g, Chit::FighterComplement, SD, 1);
    let cmd = put(&mut g, Chit::CapableCommander, SD, 1);
    put(&mut g, Chit::FighterComplement, H2, 1);
    give(&mut g, 0, &[Card::Assassination, Card::TheShadowsEmerge]);
    ok(
        &mut g,
        0,
        play(
            Card::Assassination,
            Target::Leader {
                space: SD,
                owner: 1,
                kind: Chit::CapableCommander,
            },
        ),
    );
    assert_eq!(g.units[cmd.0 as usize].loc, Loc::Pile);
    assert!(matches!(
        refused(
            &mut g,
            0,
            play(
                Card::TheShadowsEmerge,
                Target::Stack {
                    space: H2,
                    owner: 1
                }
            )
        ),
        Violation::BadTarget(_)
    ));
    ok(
        &mut g,
        0,
        play(
            Card::TheShadowsEmerge,
            Target::Stack {
                space: SD,
                owner: 1,
            },
        ),
    );
    assert!(g.stack(SD, 1).is_empty());
    conserved(&g).unwrap();
}

#[test]
fn reconnaissance_shows_the_stack() {
    let mut g = narn_centauri(Phase::Move);
    put(&mut g, Chit::CapitolShip, SD, 1);
    put(&mut g, Chit::FighterComplement, SD, 1);
    give(&mut g, 0, &[Card::Reconnaissance]);
    let v = g.view(0);
    let st = v.stacks.iter().find(|s| s.space == SD).unwrap();
    assert_eq!(
        (st.count, st.top, st.units.is_none()),
        (2, Chit::FighterComplement, true)
    );
    ok(
        &mut g,
        0,
        play(
            Card::Reconnaissance,
            Target::Stack {
                space: SD,
                owner: 1,
            },
        ),
    );
    assert_eq!(
        g.view(0).peeks,
        vec![Peek::Stack {
            space: SD,
            owner: 1,
            units: vec![Chit::FighterComplement, Chit::CapitolShip]
        }]
    );
}

#[test]
fn revolt_stops_revenue() {
    let mut g = narn_centauri(Phase::Move);
    g.spaces[SA as usize] = crate::state::SpaceState {
        explored: true,
        resources: 3,
        colony: true,
        control: Some(1),
        ..Default::default()
    };
    give(&mut g, 0, &[Card::Revolt]);
    assert!(matches!(
        refused(&mut g, 0, play(Card::Revolt, Target::System { space: H2 })),
        Violation::BadTarget(_)
    ));
    ok(&mut g, 0, play(Card::Revolt, Target::System { space: SA }));
    assert!(g.spaces[SA as usize].revolt >= 1);
    assert_eq!(g.base_revenue(1), 10);
}
