//! The search player: its choices are legal, deterministic for a seed and
//! an iteration budget, and blind to what its seat cannot see.

mod common;

use b5_engine::{Action, CardId, Game, PlayerId, Zone};
use b5_players::{play_game, Bot, Budget, GreedyBot, SearchBot, SearchSettings, Widening};
use rand::{Rng, SeedableRng};

fn searcher(seed: u64, iterations: u32) -> SearchBot {
    SearchBot::with_settings(
        seed,
        SearchSettings {
            budget: Budget::Iterations(iterations),
            ..SearchSettings::default()
        },
    )
}

/// Positions of a game between greedy players where seat `p` has a choice.
fn choices(seed: u64, every: usize) -> Vec<(Game, PlayerId)> {
    let mut g = common::game(seed);
    let mut bots = [GreedyBot::new(seed), GreedyBot::new(seed + 1)];
    let mut out = Vec::new();
    let mut steps = 0;
    while !g.is_over() && steps < 1500 {
        while g.at_round_entry().is_some() {
            g.proceed();
        }
        if g.is_over() {
            break;
        }
        let p = g.pending()[0];
        let legal = g.legal_actions(p);
        if legal.len() > 1 && steps % every == 0 {
            out.push((g.clone(), p));
        }
        let a = bots[p as usize].choose(&g, p, &legal);
        g.apply(p, a).expect("a legal action");
        steps += 1;
    }
    out
}

#[test]
fn the_same_seed_and_budget_give_the_same_choice() {
    for (g, p) in choices(3, 41).into_iter().take(12) {
        let legal = g.legal_actions(p);
        let a = searcher(9, 150).analyse(&g, p, &legal);
        let b = searcher(9, 150).analyse(&g, p, &legal);
        assert_eq!(a, b, "at {:?}", g.step());
        assert!(!a.is_empty());
        // Every iteration starts with one of the seat's own actions.
        assert_eq!(a.iter().map(|e| e.visits).sum::<u32>(), 150);
        for e in &a {
            assert!(legal.contains(&e.action), "{:?} is not legal", e.action);
            assert!((0.0..=1.0).contains(&e.value), "{e:?}");
        }
    }
}

/// Twins that differ only in where hidden cards of one owner lie (in
/// hands and decks) get the same decision for the same seed: the search
/// reads the game only through its seat's determinizations.
#[test]
fn hidden_cards_do_not_change_the_choice() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(17);
    let mut compared = 0;
    for seed in 0..3 {
        for (g, p) in choices(seed, 23).into_iter().take(10) {
            let hidden: Vec<CardId> = (0..g.card_count() as u16)
                .map(CardId)
                .filter(|&c| {
                    !g.visible_to(c, p) && matches!(g.card(c).zone, Zone::Hand | Zone::Deck)
                })
                .collect();
            let mut twin = g.clone();
            let mut swapped = 0;
            for _ in 0..30 {
                let a = hidden[rng.random_range(0..hidden.len())];
                let b = hidden[rng.random_range(0..hidden.len())];
                if g.card(a).owner == g.card(b).owner && twin.card(a).def != twin.card(b).def {
                    twin.swap_card_defs_for_test(a, b);
                    swapped += 1;
                }
            }
            assert!(swapped > 0);
            let legal = g.legal_actions(p);
            assert_eq!(twin.legal_actions(p), legal);
            let seed = rng.random::<u64>();
            assert_eq!(
                searcher(seed, 100).analyse(&g, p, &legal),
                searcher(seed, 100).analyse(&twin, p, &legal),
                "seed {seed} at {:?}",
                g.step()
            );
            compared += 1;
        }
    }
    assert!(compared >= 20, "only {compared} positions compared");
}

/// Whole games against the greedy player: every answer legal, the same
/// game twice for the same seeds, and the game ends.
#[test]
fn it_plays_whole_games_legally_and_repeatably() {
    struct Checked(SearchBot);
    impl Bot for Checked {
        fn name(&self) -> &str {
            self.0.name()
        }
        fn choose(&mut self, game: &Game, p: PlayerId, legal: &[Action]) -> Action {
            let a = self.0.choose(game, p, legal);
            assert!(legal.contains(&a), "{a:?} is not legal");
            a
        }
    }
    let play = |seed: u64| {
        let mut g = common::game(seed);
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(Checked(searcher(seed, 40))),
            Box::new(GreedyBot::new(seed + 5)),
        ];
        let rec = play_game(&mut g, &mut bots, 50_000);
        assert_eq!(rec.error, None);
        assert!(rec.finished, "seed {seed}: stopped at turn {}", rec.turns);
        g.check_invariants().expect("a consistent game");
        rec
    };
    for seed in 0..2 {
        assert_eq!(play(seed), play(seed), "seed {seed}");
    }
}

/// Root parallelization: several trees give the same answer whatever the
/// number of threads that grow them, and use the whole budget.
#[test]
fn trees_grown_in_parallel_give_the_same_answer_on_any_number_of_threads() {
    let settings = SearchSettings {
        budget: Budget::Iterations(301),
        trees: 4,
        ..SearchSettings::default()
    };
    for (g, p) in choices(5, 37).into_iter().take(6) {
        let legal = g.legal_actions(p);
        let on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            pool.install(|| {
                let mut bot = SearchBot::with_settings(21, settings.clone());
                let estimates = bot.analyse(&g, p, &legal);
                (estimates, bot.last_iterations())
            })
        };
        let (one, n) = on(1);
        assert_eq!(n, 301, "the budget shared out");
        assert_eq!(one.iter().map(|e| e.visits).sum::<u32>(), 301);
        assert_eq!(on(2), (one, n), "at {:?}", g.step());
    }
}

/// Left to the table, the horizon is none between two players and 10 at
/// three or four: the default settings decide as those horizons named
/// do, and unlike the other one.
#[test]
fn the_default_horizon_follows_the_tables_size() {
    let at = |settings: SearchSettings, g: &Game, p: PlayerId| {
        let legal = g.legal_actions(p);
        SearchBot::with_settings(17, settings).analyse(g, p, &legal)
    };
    let with = |horizon: Option<u32>| SearchSettings {
        budget: Budget::Iterations(120),
        horizon,
        ..SearchSettings::default()
    };
    let db = common::db();
    for (players, named, other) in [(2, 0, 10), (3, 10, 0), (4, 10, 0)] {
        let setup = common::setup_n(&db, players, false);
        let mut g = Game::new(setup, db.clone(), 8).expect("set-up");
        let mut greedy = GreedyBot::new(8);
        let mut compared = 0;
        let mut differed = false;
        for _ in 0..600 {
            if g.is_over() || compared == 4 {
                break;
            }
            while g.at_round_entry().is_some() {
                g.proceed();
            }
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            if legal.len() > 2 {
                let default = at(with(None), &g, p);
                assert_eq!(default, at(with(Some(named)), &g, p), "{players} players");
                differed |= default != at(with(Some(other)), &g, p);
                compared += 1;
            }
            let a = greedy.choose(&g, p, &legal);
            g.apply(p, a).expect("a legal action");
        }
        assert_eq!(compared, 4, "{players} players: too few choices");
        assert!(
            differed,
            "{players} players: horizon {other} decided the same"
        );
    }
    assert_eq!(b5_players::search::default_horizon(5), 10);
}

/// Progressive widening: at a root with many actions, a budget of `n`
/// iterations tries no more than the widening's limit at `n` visits (an
/// unwidened search tries one action an iteration until every one is
/// tried), and the first it tries, the one the greedy player scores best,
/// is among them.
#[test]
fn widening_tries_few_actions_and_the_greedy_players_best_first() {
    let widening = Widening {
        base: 1.0,
        power: 0.5,
    };
    let with = |widening: Option<Widening>| SearchSettings {
        budget: Budget::Iterations(100),
        widening,
        ..SearchSettings::default()
    };
    let mut compared = 0;
    for seed in 0..4 {
        for (g, p) in choices(seed, 7) {
            let legal = g.legal_actions(p);
            if legal.len() < 16 {
                continue;
            }
            let wide = SearchBot::with_settings(5, with(None)).analyse(&g, p, &legal);
            let narrow = SearchBot::with_settings(5, with(Some(widening))).analyse(&g, p, &legal);
            assert_eq!(wide.len(), legal.len().min(100), "at {:?}", g.step());
            assert!(
                (2..=widening.limit(100)).contains(&narrow.len()),
                "{} actions tried at {:?}",
                narrow.len(),
                g.step()
            );
            assert_eq!(narrow.iter().map(|e| e.visits).sum::<u32>(), 100);
            let scores = GreedyBot::new(1).scores(&g, p, &legal);
            let best = (0..legal.len())
                .max_by(|&i, &j| {
                    let s = |k: usize| scores[k].unwrap_or(f64::NEG_INFINITY);
                    s(i).total_cmp(&s(j)).then(j.cmp(&i))
                })
                .map(|i| legal[i])
                .expect("actions");
            assert!(
                narrow.iter().any(|e| e.action == best),
                "{best:?} not tried at {:?}",
                g.step()
            );
            compared += 1;
        }
    }
    assert!(
        compared >= 10,
        "only {compared} positions with many actions"
    );
}

#[test]
fn the_widening_limit_grows_with_the_visits_and_is_at_least_one() {
    let w = Widening {
        base: 2.0,
        power: 0.5,
    };
    assert_eq!(w.limit(0), 1);
    assert_eq!(w.limit(1), 2);
    assert_eq!(w.limit(100), 20);
    assert_eq!(w.limit(101), 21);
    let none = Widening {
        base: 0.01,
        power: 0.0,
    };
    assert_eq!(none.limit(1_000_000), 1);
}
