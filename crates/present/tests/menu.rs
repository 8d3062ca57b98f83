//! The grouped menu over real games with the Open Set decks: it holds
//! exactly the legal actions (less copies' duplicates), labels state the
//! influence the engine then applies, copies in hand show once, handles
//! are stable, and the first level stays short.
//!
//! `cargo test -p b5-present --test menu -- --nocapture` prints the menu
//! sizes per step, before (one line per action) and after (groups).

use std::collections::BTreeMap;
use std::sync::Arc;

use b5_engine::{Action, CardDb, ChoiceKind, Event, Game, PlayerId, Zone};
use b5_players::{Bot, GreedyBot};
use b5_present::{menu, GroupKind};

fn open_set() -> Arc<CardDb> {
    Arc::new(b5_cards::open_set::database().expect("the Open Set loads"))
}

fn new_game(db: &Arc<CardDb>, seed: u64, players: usize) -> Game {
    b5_cards::open_set::table_game(db, seed as usize, players, 40, seed).expect("set-up")
}

/// The step's name for the statistics ("Act", "Declare", ...).
fn step_name(g: &Game) -> String {
    format!("{:?}", g.step())
        .split([' ', '{', '('])
        .next()
        .unwrap_or("?")
        .to_string()
}

fn check_menu(g: &Game, p: PlayerId, legal: &[Action]) -> usize {
    let m = menu(g, p, legal);
    // Every choice is a legal action, listed once.
    let mut seen = Vec::new();
    for c in m.choices() {
        assert!(legal.contains(&c.action), "{:?} is not legal", c.action);
        assert!(!seen.contains(&c.action), "{:?} twice", c.action);
        seen.push(c.action);
        assert!(!c.label.is_empty());
    }
    // Every legal action is there, or a copy's identical action is.
    for a in legal {
        if seen.contains(a) {
            continue;
        }
        let card = a.card().expect("only copies' actions are merged");
        let inst = g.card(card);
        assert_eq!(inst.zone, Zone::Hand, "{a:?} is missing from the menu");
        assert!(
            m.choices().any(|c| {
                c.action.verb() == a.verb()
                    && c.action
                        .card()
                        .is_some_and(|x| x != card && g.card(x).def == inst.def)
            }),
            "{a:?} is missing and no copy stands for it"
        );
    }
    // Handles: a card's number, or a word; unique.
    for (i, grp) in m.groups.iter().enumerate() {
        if let GroupKind::Card(c) = grp.kind {
            assert_eq!(grp.handle, c.0.to_string());
        }
        assert!(m.groups[..i].iter().all(|o| o.handle != grp.handle));
        assert!(m.find(&grp.handle).is_some());
    }
    m.groups.len()
}

#[test]
fn menus_hold_the_legal_actions_grouped_by_card() {
    let db = open_set();
    let mut flat: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut grouped: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut menus = 0;
    for seed in 0..20u64 {
        let players = 2 + (seed as usize % 4);
        let mut g = new_game(&db, seed, players);
        let mut bots: Vec<GreedyBot> = (0..players as u64).map(GreedyBot::new).collect();
        let mut n = 0;
        while !g.is_over() && n < 5000 {
            if g.at_round_entry().is_some() {
                g.proceed();
                continue;
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            if legal.len() > 1 {
                let groups = check_menu(&g, p, &legal);
                flat.entry(step_name(&g)).or_default().push(legal.len());
                grouped.entry(step_name(&g)).or_default().push(groups);
                menus += 1;
            }
            let a = bots[p as usize].choose(&g, p, &legal);
            g.apply(p, a).expect("legal");
            n += 1;
        }
    }
    assert!(menus > 1000, "only {menus} menus");
    let mut worst = 0;
    for (step, sizes) in &grouped {
        let mut f = flat[step].clone();
        let mut s = sizes.clone();
        f.sort_unstable();
        s.sort_unstable();
        eprintln!(
            "{step:>10}: {:>6} menus; lines before median {:>3} max {:>3}; groups after median {:>3} max {:>3}",
            s.len(),
            f[f.len() / 2],
            f[f.len() - 1],
            s[s.len() / 2],
            s[s.len() - 1]
        );
        worst = worst.max(s[s.len() - 1]);
    }
    assert!(worst <= 30, "a menu of {worst} groups");
}

#[test]
fn a_label_states_what_the_engine_then_applies() {
    let db = open_set();
    let mut checked = 0;
    for seed in 0..10u64 {
        let mut g = new_game(&db, seed, 3);
        let mut bots: Vec<GreedyBot> = (0..3).map(GreedyBot::new).collect();
        let mut n = 0;
        while !g.is_over() && n < 3000 {
            if g.at_round_entry().is_some() {
                g.proceed();
                continue;
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            let m = menu(&g, p, &legal);
            for c in m.choices() {
                let mut h = g.clone();
                let ev = h.apply(p, c.action).expect("legal");
                // The sponsor or promote action's own card: an event that
                // promotes (for its own cost) states the event's cost.
                let own = match c.action {
                    Action::Sponsor { card, .. } | Action::Promote { card, .. } => Some(card),
                    _ => None,
                };
                for e in &ev {
                    if let Event::Sponsored { card, cost, .. }
                    | Event::Promoted { card, cost, .. } = e
                    {
                        if Some(*card) != own {
                            continue;
                        }
                        assert_eq!(*cost, c.cost, "{}: the log says {cost}", c.label);
                        if *cost > 0 {
                            assert!(
                                c.label.ends_with(&format!(": {cost} influence")),
                                "{}",
                                c.label
                            );
                        }
                        checked += 1;
                    }
                }
            }
            let a = bots[p as usize].choose(&g, p, &legal);
            g.apply(p, a).expect("legal");
            n += 1;
        }
    }
    assert!(
        checked > 100,
        "only {checked} sponsor and promote labels checked"
    );
}

fn check_copies(g: &Game, p: PlayerId) -> usize {
    let legal = g.legal_actions(p);
    let m = menu(g, p, &legal);
    let mut merged = 0;
    let in_hand = |c: b5_engine::CardId| g.card(c).zone == Zone::Hand;
    for grp in &m.groups {
        if let GroupKind::Card(c) = grp.kind {
            if in_hand(c) {
                let copies = (0..g.card_count() as u16)
                    .map(b5_engine::CardId)
                    .filter(|&x| {
                        in_hand(x) && g.card(x).owner == p && g.card(x).def == g.card(c).def
                    })
                    .count();
                assert_eq!(grp.copies as usize, copies);
                if copies > 1 {
                    assert!(
                        grp.title.contains(&format!("{copies} copies")),
                        "{}",
                        grp.title
                    );
                    merged += 1;
                }
            }
        }
    }
    // No two groups show the same card in hand.
    let hand_defs: Vec<_> = m
        .groups
        .iter()
        .filter_map(|grp| match grp.kind {
            GroupKind::Card(c) if in_hand(c) => Some(g.card(c).def),
            _ => None,
        })
        .collect();
    for (i, d) in hand_defs.iter().enumerate() {
        assert!(!hand_defs[..i].contains(d));
    }
    merged
}

#[test]
fn identical_copies_in_hand_are_one_group() {
    let db = open_set();
    let mut merged = 0;
    for seed in 0..8u64 {
        let mut g = new_game(&db, seed, 2);
        let mut bots: Vec<GreedyBot> = (0..2).map(GreedyBot::new).collect();
        let mut n = 0;
        while !g.is_over() && n < 3000 {
            if g.at_round_entry().is_some() {
                g.proceed();
                continue;
            }
            let p = g.pending()[0];
            merged += check_copies(&g, p);
            let legal = g.legal_actions(p);
            let a = bots[p as usize].choose(&g, p, &legal);
            g.apply(p, a).expect("legal");
            n += 1;
        }
    }
    assert!(merged > 0, "no hand held two copies");
}

#[test]
fn why_names_the_rule_that_blocks_a_familiar_action() {
    let db = open_set();
    let mut g = new_game(&db, 1, 2);
    while g.at_round_entry().is_some() {
        g.proceed();
    }
    // Play until someone in the Action Round cannot build.
    let mut bots: Vec<GreedyBot> = (0..2).map(GreedyBot::new).collect();
    for _ in 0..4000 {
        if g.is_over() {
            break;
        }
        if g.at_round_entry().is_some() {
            g.proceed();
            continue;
        }
        let p = g.pending()[0];
        let answers = b5_present::why(&g, p);
        let legal = g.legal_actions(p);
        for w in &answers {
            assert!(!w.reason.is_empty() && !w.rule.is_empty(), "{w:?}");
        }
        if answers.iter().any(|w| w.action.starts_with("build")) {
            let w = answers
                .iter()
                .find(|w| w.action.starts_with("build"))
                .expect("found");
            assert!(!legal.iter().any(|a| matches!(a, Action::Build { .. })));
            assert!(!w.rule.is_empty());
            return;
        }
        let a = bots[p as usize].choose(&g, p, &legal);
        g.apply(p, a).expect("legal");
    }
    panic!("no moment where building was refused");
}

/// Greedy games of the Open Set decks, seeds 0 to 11 (`players` seats for
/// a seed), up to 2,500 actions each: `visit` sees every position where
/// someone has a choice.
fn each_position(players: impl Fn(u64) -> usize, mut visit: impl FnMut(u64, &Game)) {
    let db = open_set();
    for seed in 0..12u64 {
        let n_players = players(seed);
        let mut g = new_game(&db, seed, n_players);
        let mut bots: Vec<GreedyBot> = (0..n_players as u64).map(GreedyBot::new).collect();
        let mut n = 0;
        while !g.is_over() && n < 2500 {
            if g.at_round_entry().is_some() {
                g.proceed();
                continue;
            }
            visit(seed, &g);
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            let a = bots[p as usize].choose(&g, p, &legal);
            g.apply(p, a).expect("legal");
            n += 1;
        }
    }
}

/// `Game::pays_no_influence` lets the menu price an action without
/// applying it: every action it says so of, applied, applies none of the
/// player's influence and leaves his pools as they were.
#[test]
fn an_answer_said_to_pay_nothing_pays_nothing() {
    let (mut said, mut passes) = (0, 0);
    each_position(
        |seed| 3 + seed as usize % 3,
        |seed, g| {
            for &p in g.pending().iter() {
                for a in g.legal_actions(p) {
                    if !g.pays_no_influence(p, &a) {
                        continue;
                    }
                    said += 1;
                    passes += usize::from(a == Action::Pass);
                    let mut h = g.clone();
                    h.apply(p, a).expect("legal");
                    let (before, after) = (g.player(p), h.player(p));
                    let what = format!("seed {seed}: {a:?} by {p} in {:?}", g.step());
                    assert_eq!(h.paid(p), 0, "{what}");
                    assert_eq!(
                        (before.spent, before.extra),
                        (after.spent, after.extra),
                        "{what}"
                    );
                }
            }
        },
    );
    assert!(
        said > 2000 && passes > 200,
        "{said} answers, {passes} passes"
    );
}

/// The price of an action is the influence the engine applies for it:
/// temporary influence that expires as the action ends the turn, or
/// influence restored by the Ready Round a pass starts, is no price.
#[test]
fn influence_that_expires_or_is_restored_is_no_price() {
    let (mut checked, mut moved) = (0, 0);
    each_position(
        |seed| 2 + seed as usize % 4,
        |seed, g| {
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            for c in menu(g, p, &legal).choices() {
                let mut h = g.clone();
                h.apply(p, c.action).expect("legal");
                let mut paid = h.paid(p);
                // Legal Targets: a card with a second target is paid once
                // it is chosen.
                if h.choice().is_some_and(|c| c.kind == ChoiceKind::Second) {
                    let d = h.default_action(p).expect("a second target");
                    h.apply(p, d).expect("legal");
                    paid += h.paid(p);
                }
                assert_eq!(c.cost, paid, "seed {seed}: {}", c.label);
                // Where the pools changed by more or less than the price
                // (spent influence restored, temporary influence gone).
                let (b, a) = (g.player(p), h.player(p));
                let delta = (a.spent - b.spent) + (b.extra - a.extra).max(0);
                if h.choice().is_none() && delta != c.cost {
                    moved += 1;
                    assert!(c.cost >= 0, "seed {seed}: {}", c.label);
                }
                checked += 1;
            }
        },
    );
    assert!(checked > 5000, "{checked} prices checked");
    assert!(moved > 10, "{moved} actions that moved the pools otherwise");
}
