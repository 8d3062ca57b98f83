//! `apply` makes no heap allocation in its common paths: a counting global
//! allocator (this test binary's own) watches every `apply` of random games
//! with the Open Set decks.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::Arc;

use b5_engine::{Action, Game, Options, Setup};
use rand::{Rng, SeedableRng};

struct Counting;

thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.with(|a| a.set(a.get() + 1));
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.with(|a| a.set(a.get() + 1));
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocs() -> u64 {
    ALLOCS.with(|a| a.get())
}

#[test]
fn apply_does_not_allocate_in_common_paths() {
    let db = Arc::new(b5_cards::open_set::database().expect("the Open Set loads"));
    // Per action verb: (applies, applies that allocated).
    let mut by_verb: BTreeMap<&'static str, (u64, u64)> = BTreeMap::new();
    let mut buf: Vec<Action> = Vec::with_capacity(512);
    for seed in 0..12u64 {
        let players = 2 + (seed as usize % 4);
        let seats =
            b5_cards::open_set::table_seats(&db, seed as usize, players).expect("legal decks");
        let setup = Setup {
            players: seats,
            options: Options {
                turn_limit: Some(60),
                ..Options::default()
            },
        };
        let mut g = Game::new(setup, db.clone(), seed).expect("set-up");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        while !g.is_over() {
            let p = g.pending()[0];
            g.legal_actions_into(p, &mut buf);
            let a = buf[rng.random_range(0..buf.len())];
            let before = allocs();
            let ev = g.apply(p, a).expect("a listed action is accepted");
            let after = allocs();
            drop(ev);
            let e = by_verb.entry(a.verb()).or_default();
            e.0 += 1;
            e.1 += u64::from(after > before);
        }
    }
    let total: u64 = by_verb.values().map(|v| v.0).sum();
    let allocating: u64 = by_verb.values().map(|v| v.1).sum();
    for (verb, (n, k)) in &by_verb {
        eprintln!("{verb:16} {n:7} applies, {k:5} allocated");
    }
    assert!(total > 10_000, "only {total} actions played");
    // The common paths allocate nothing; a rare very large conflict (more
    // participants than the inline list holds) may: at most 1 in 1,000.
    for verb in [
        "pass", "support", "oppose", "attack", "lead", "sponsor", "build", "promote", "discard",
        "buy", "sustain", "heal", "use", "play", "declare", "hire", "assist",
    ] {
        if let Some((n, k)) = by_verb.get(verb) {
            assert!(k * 1000 <= *n, "{k} of {n} `{verb}` actions allocated");
        }
    }
    assert!(
        allocating * 1000 <= total,
        "{allocating} of {total} actions allocated"
    );
}
