//! The API around the rules: illegal actions leave the game untouched,
//! actions and views serialise, views hide what the rules keep secret.

use super::*;

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
