mod common;

use std::time::Instant;

use b5_engine::PlayerId;
use b5_players::{play_game, Bot, GameRecord, GreedyBot, RandomBot};

const CAP: usize = 50_000;

fn play(seed: u64, bots: &mut [Box<dyn Bot>]) -> GameRecord {
    let mut g = common::game(seed);
    let rec = play_game(&mut g, bots, CAP);
    assert_eq!(rec.error, None, "seed {seed}");
    assert!(g.check_invariants().is_ok(), "seed {seed}");
    rec
}

#[test]
fn same_seeds_same_record() {
    for seed in 0..3u64 {
        let mk = || -> Vec<Box<dyn Bot>> {
            vec![
                Box::new(GreedyBot::new(seed * 7 + 1)),
                Box::new(RandomBot::new(seed * 7 + 2)),
            ]
        };
        let a = play(seed, &mut mk());
        let b = play(seed, &mut mk());
        assert_eq!(a, b, "seed {seed}");
        assert!(a.num_actions > 0);
        let mk2 = || -> Vec<Box<dyn Bot>> {
            vec![
                Box::new(GreedyBot::new(seed + 11)),
                Box::new(GreedyBot::new(seed + 12)),
            ]
        };
        assert_eq!(play(seed, &mut mk2()), play(seed, &mut mk2()));
    }
}

/// Wraps a bot and checks every answer is among the legal actions.
struct Checked<B>(B, usize);

impl<B: Bot> Bot for Checked<B> {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn choose(
        &mut self,
        game: &b5_engine::Game,
        player: PlayerId,
        legal: &[b5_engine::Action],
    ) -> b5_engine::Action {
        assert!(!legal.is_empty());
        assert_eq!(legal, game.legal_actions(player).as_slice());
        let a = self.0.choose(game, player, legal);
        assert!(legal.contains(&a), "{a:?} not legal");
        self.1 += 1;
        a
    }
}

#[test]
fn bots_only_return_legal_actions() {
    for seed in 0..10u64 {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(Checked(RandomBot::new(seed), 0)),
            Box::new(Checked(RandomBot::new(seed + 100), 0)),
        ];
        let rec = play(seed, &mut bots);
        assert!(rec.num_actions > 0);
        assert!(rec.finished, "seed {seed}: {} actions", rec.num_actions);
    }
    for seed in 0..3u64 {
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(Checked(GreedyBot::new(seed), 0)),
            Box::new(Checked(RandomBot::new(seed + 100), 0)),
        ];
        let rec = play(seed, &mut bots);
        assert!(rec.finished);
    }
}

#[test]
fn greedy_beats_random() {
    let games = 100u64;
    let start = Instant::now();
    let mut wins = 0;
    let mut losses = 0;
    let mut turns = 0u64;
    let mut actions = 0usize;
    for i in 0..games {
        let greedy_seat: PlayerId = (i % 2) as PlayerId;
        let mut bots: Vec<Box<dyn Bot>> = Vec::new();
        for s in 0..2u8 {
            if s == greedy_seat {
                bots.push(Box::new(GreedyBot::new(1000 + i)));
            } else {
                bots.push(Box::new(RandomBot::new(2000 + i)));
            }
        }
        let rec = play(i, &mut bots);
        assert!(rec.finished, "game {i} hit the action cap");
        turns += rec.turns as u64;
        actions += rec.num_actions;
        if rec.winners == vec![greedy_seat] {
            wins += 1;
        } else if !rec.winners.is_empty() {
            losses += 1;
        }
    }
    let rate = wins as f64 / games as f64;
    eprintln!(
        "greedy vs random: {wins} wins, {losses} losses, {} without a winner in {games} games \
         (seats alternating): win rate {:.0}%; {:.1} turns and {:.0} actions a game; {:.2?}",
        games as usize - wins - losses,
        rate * 100.0,
        turns as f64 / games as f64,
        actions as f64 / games as f64,
        start.elapsed()
    );
    assert!(rate >= 0.8, "greedy won only {wins} of {games}");
}

#[test]
fn multiplayer_and_duel_draw_games_finish() {
    let db = common::db();
    for n in [3usize, 4] {
        for seed in 0..4u64 {
            let setup = common::setup_n(&db, n, false);
            let mut g = b5_engine::Game::new(setup, db.clone(), seed).unwrap();
            let mut bots: Vec<Box<dyn Bot>> = (0..n as u64)
                .map(|i| -> Box<dyn Bot> {
                    if i % 2 == 0 {
                        Box::new(GreedyBot::new(seed * 10 + i))
                    } else {
                        Box::new(RandomBot::new(seed * 10 + i))
                    }
                })
                .collect();
            let rec = play_game(&mut g, &mut bots, CAP);
            assert_eq!(rec.error, None, "{n} players, seed {seed}");
            assert!(rec.finished, "{n} players, seed {seed}");
            assert!(g.check_invariants().is_ok());
        }
    }
    for seed in 0..6u64 {
        let setup = common::setup_n(&db, 2, true);
        let mut g = b5_engine::Game::new(setup, db.clone(), seed).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(GreedyBot::new(seed)),
            Box::new(RandomBot::new(seed + 1)),
        ];
        if seed % 2 == 1 {
            bots.reverse();
        }
        let rec = play_game(&mut g, &mut bots, CAP);
        assert_eq!(rec.error, None, "duel draw, seed {seed}");
        assert!(rec.finished);
        assert!(rec
            .actions
            .iter()
            .any(|(_, a)| matches!(a, b5_engine::Action::Keep { .. })));
    }
}

/// The greedy bot's scores do not change when cards hidden from it (hands
/// and decks it cannot see) exchange identities.
#[test]
fn greedy_ignores_hidden_cards() {
    use rand::{Rng, SeedableRng};
    let mut checked = 0;
    for seed in 0..4u64 {
        let mut g = common::game(seed);
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(GreedyBot::new(seed)),
            Box::new(RandomBot::new(seed + 9)),
        ];
        let probe = GreedyBot::new(0);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut steps = 0;
        while !g.is_over() && steps < 3000 {
            steps += 1;
            let p = g.pending()[0];
            let legal = g.legal_actions(p);
            if p == 0 && legal.len() > 1 && steps % 3 == 0 {
                let hidden: Vec<b5_engine::CardId> = (0..g.card_count())
                    .map(|i| b5_engine::CardId(i as u16))
                    .filter(|&c| {
                        !g.visible_to(c, p)
                            && matches!(
                                g.card(c).zone,
                                b5_engine::Zone::Hand | b5_engine::Zone::Deck
                            )
                    })
                    .collect();
                if hidden.len() >= 2 {
                    let mut h = g.clone();
                    for _ in 0..8 {
                        let a = hidden[rng.random_range(0..hidden.len())];
                        let b = hidden[rng.random_range(0..hidden.len())];
                        h.swap_card_defs_for_test(a, b);
                    }
                    assert_eq!(h.legal_actions(p), legal);
                    assert_eq!(
                        probe.scores(&g, p, &legal),
                        probe.scores(&h, p, &legal),
                        "seed {seed}, turn {}, step {:?}",
                        g.turn(),
                        g.step()
                    );
                    checked += 1;
                }
            }
            let a = bots[p as usize].choose(&g, p, &legal);
            g.apply(p, a).unwrap();
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}
