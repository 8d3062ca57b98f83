mod common;

use b5_engine::*;
use common::*;

#[test]
fn speed_probe() {
    let pool = pool();
    let t0 = std::time::Instant::now();
    let mut over = 0;
    let mut capped = 0;
    let mut actions = 0usize;
    let mut buf = Vec::new();
    for seed in 0..200u64 {
        let mut rng = Rng::new(seed);
        let n = 2 + rng.below(5);
        let setup = random_setup(&pool, n, options(150, false), &mut rng);
        let mut g = Game::new(setup, pool.db.clone(), seed).expect("setup");
        while !g.is_over() {
            let pend = g.pending();
            assert!(!pend.is_empty(), "nobody pending at {:?}", g.step());
            let p = pend[rng.below(pend.len())];
            let a = random_action(&g, p, &mut rng, &mut buf);
            g.apply(p, a)
                .unwrap_or_else(|e| panic!("legal action {a:?} rejected: {e:?}"));
            actions += 1;
        }
        if g.winners().is_empty() {
            capped += 1;
        } else {
            over += 1;
        }
    }
    eprintln!(
        "won {over} capped {capped} actions {actions} in {:?}",
        t0.elapsed()
    );
}
