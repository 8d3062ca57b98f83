//! One or more tests per rule of the document, each naming its section.

use super::positions::*;
use crate::action::{Action, Stance, Target};
use crate::battle::Stage;
use crate::chits::{Chit, Marker};
use crate::deck::Card;
use crate::error::Violation;
use crate::event::Event;
use crate::options::{Options, Rounding, TieRule};
use crate::race::Race;
use crate::setup::{MapChoice, Setup};
use crate::state::{Game, Loc, Outcome, Peek, Phase, PlayerId, SpaceId, UnitId, MAX_HAND};

fn run(g: &mut Game) -> Vec<Event> {
    let mut ev = Vec::new();
    g.advance(&mut ev);
    ev
}

fn ok(g: &mut Game, p: PlayerId, a: Action) -> Vec<Event> {
    match g.apply(p, a.clone()) {
        Ok(ev) => ev,
        Err(e) => panic!("{a:?} by {p} refused: {e}"),
    }
}

fn refused(g: &mut Game, p: PlayerId, a: Action) -> Violation {
    let before = g.digest();
    let e = g.apply(p, a.clone()).expect_err("should be refused");
    assert_eq!(g.digest(), before, "a refused action changed the game");
    assert!(!e.rule.is_empty());
    e.violation
}

fn play(card: Card, target: Target) -> Action {
    Action::Play {
        card,
        as_card: None,
        target,
    }
}

fn build(at: SpaceId, marker: Marker) -> Action {
    Action::Build { at, marker }
}

fn declare(stance: Stance) -> Action {
    Action::Declare { stance }
}

/// Asserts that unit `u` stands on the map at `space` in `owner`'s stack.
#[track_caller]
fn assert_at(g: &Game, u: UnitId, space: SpaceId, owner: PlayerId) {
    assert_eq!(g.units[u.0 as usize].loc, Loc::Map { space, owner });
}

/// Puts player 0 in its Move Phase with a move order of `card`.
fn order(g: &mut Game, card: Card) {
    give(g, 0, &[card]);
    ok(g, 0, play(card, Target::None));
}

fn move_stack(g: &mut Game, p: PlayerId, units: &[UnitId], to: u16) -> Vec<Event> {
    for &u in units {
        ok(g, p, Action::Pick { unit: u });
    }
    ok(g, p, Action::MoveTo { to })
}

// --- Setup -----------------------------------------------------------------

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

// --- Draw Phase --------------------------------------------------------------

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

// --- Move Phase --------------------------------------------------------------

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

// --- Exploration -------------------------------------------------------------

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

// --- Battle ------------------------------------------------------------------

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

// --- Revenue, Recruit, Upkeep, Control, Victory -------------------------------

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

// --- The API -----------------------------------------------------------------

#[test]
fn illegal_actions_leave_the_game_untouched() {
    let mut g = Game::new(
        &Setup::new(vec![Race::Narn, Race::Minbari, Race::Earthforce]),
        5,
    )
    .unwrap();
    let p = g.pending()[0];
    let other = (p + 1) % 3;
    assert_eq!(refused(&mut g, other, Action::Draw), Violation::NotPending);
    assert_eq!(refused(&mut g, 9, Action::Draw), Violation::NoSuchPlayer);
    assert!(matches!(
        refused(&mut g, p, Action::EndPhase),
        Violation::WrongTime { .. }
    ));
    assert!(
        matches!(
            refused(&mut g, p, Action::Discard { card: Card::Revolt }),
            Violation::NotInHand(_) | Violation::WrongTime { .. }
        ) || g.players[p as usize].hand.contains(&Card::Revolt)
    );
    let e = g.apply(p, Action::Pick { unit: UnitId(9999) }).unwrap_err();
    assert!(e.rule.starts_with("Warp Empires") || e.rule.starts_with("Babylon 5 Empires"));
    assert!(e.to_string().contains(e.rule));
}

#[test]
fn actions_and_views_serialise() {
    let mut g = Game::new(&Setup::new(vec![Race::Narn, Race::Minbari]), 3).unwrap();
    let p = g.pending()[0];
    for a in g.legal_actions(p) {
        let s = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&s).unwrap(), a);
    }
    let ev = g.apply(p, Action::Draw).unwrap();
    let s = serde_json::to_string(&ev).unwrap();
    assert_eq!(serde_json::from_str::<Vec<Event>>(&s).unwrap(), ev);
    let v = g.view(p);
    let s = serde_json::to_string(&v).unwrap();
    assert_eq!(serde_json::from_str::<crate::view::View>(&s).unwrap(), v);
    let setup = Setup::new(vec![Race::Narn, Race::Minbari]);
    let s = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&s).unwrap(), setup);
}

#[test]
fn views_hide_stacks_hands_and_draws() {
    let mut g = narn_centauri(Phase::Move);
    put(&mut g, Chit::CapitolShip, SD, 1);
    put(&mut g, Chit::SeasonedDiplomat, SD, 1);
    give(&mut g, 1, &[Card::Deception]);
    let v = g.view(0);
    assert!(v.hand.is_empty());
    assert_eq!(v.players[1].hand, 1);
    let st = v.stacks.iter().find(|s| s.owner == 1).unwrap();
    assert_eq!((st.count, st.top), (2, Chit::SeasonedDiplomat));
    assert!(st.units.is_none());
    let json = serde_json::to_string(&v).unwrap();
    assert!(
        !json.contains("capitol_ship"),
        "the unit under the top is hidden"
    );
    assert!(!json.contains("deception"));
    let own = g.view(1);
    assert_eq!(
        own.stacks
            .iter()
            .find(|s| s.owner == 1)
            .unwrap()
            .units
            .as_ref()
            .unwrap()
            .len(),
        2
    );
}
