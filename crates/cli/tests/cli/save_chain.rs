//! The action chain of saved games (version 3), through the real binary: a
//! save made by `b5 sim`, changed in every way a save can be changed (an
//! action swapped for another legal one that leaves the same state, actions
//! moved, removed, added or given to another seat, the set-up changed, the
//! chain itself malformed), must fail `b5 replay` naming what changed: the
//! action (its number and turn) or the set-up. An old save, without a
//! chain, still replays, with a note.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use b5_cli::cardset::CardSet;
use b5_cli::save::{digest_hex, SaveFile};
use b5_engine::{Action, CardDb, Game, PlayerId};
use common::{b5, scratch};
use serde_json::Value;

/// A finished 2-player game saved by `b5 sim` (short: 8 turns at most).
fn sim_save(dir: &Path, seed: u64) -> PathBuf {
    let saves = dir.join(format!("saves-{seed}"));
    let (seed_s, saves_s) = (seed.to_string(), saves.display().to_string());
    let r = b5(&[
        "sim",
        "--games",
        "1",
        "--players",
        "2",
        "--turn-limit",
        "8",
        "--seed",
        &seed_s,
        "--save",
        &saves_s,
    ]);
    assert_eq!(r.code, 0, "{}", r.show());
    saves.join("game-0001.json")
}

fn open_set() -> Arc<CardDb> {
    CardSet::from_texts(Vec::new())
        .expect("the Open Set loads")
        .db
}

fn settle(g: &mut Game) {
    while g.at_round_entry().is_some() {
        g.proceed();
    }
}

/// The turn each action was played in (index 0: action 1).
fn turns(save: &SaveFile, db: &Arc<CardDb>) -> Vec<u32> {
    let setup = save.setup(db, "t").expect("set-up");
    let mut g = Game::new(setup, db.clone(), save.seed).expect("a legal set-up");
    let mut out = Vec::new();
    for (p, a) in &save.actions {
        settle(&mut g);
        out.push(g.turn());
        g.apply(*p, *a).expect("the saved actions apply");
    }
    out
}

/// Action `i` (from 0) of the save swapped for another legal one after
/// which the saved actions still apply and the game stands, at the next
/// checkpoint, exactly as saved: (index, the other action, its turn).
/// `budget` bounds the actions tried (a safety net, not a timer).
fn same_state_swap(save: &SaveFile, db: &Arc<CardDb>) -> Option<(usize, Action, u32)> {
    let setup = save.setup(db, "t").expect("set-up");
    let mut g = Game::new(setup, db.clone(), save.seed).expect("a legal set-up");
    let mut budget = 200_000usize;
    for (i, (p, a)) in save.actions.iter().enumerate() {
        settle(&mut g);
        let (end, digest) = save.checkpoints.iter().find(|c| c.0 > i)?.clone();
        for b in g.legal_actions(*p) {
            if b == *a {
                continue;
            }
            let mut t = g.clone();
            if t.apply(*p, b).is_err() {
                continue;
            }
            let rest: &[(PlayerId, Action)] = &save.actions[i + 1..end];
            let applied = rest.iter().all(|(q, x)| {
                budget = budget.saturating_sub(1);
                settle(&mut t);
                t.apply(*q, *x).is_ok()
            });
            if applied && digest_hex(&t) == digest {
                return Some((i, b, g.turn()));
            }
            if budget == 0 {
                return None;
            }
        }
        g.apply(*p, *a).expect("the saved actions apply");
    }
    None
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the save")).expect("JSON")
}

/// Writes `v` as `name` in `dir` and replays it.
fn replay(dir: &Path, name: &str, v: &Value) -> common::Run {
    let path = dir.join(name);
    std::fs::write(&path, v.to_string()).expect("write");
    b5(&["replay", "--quiet", &path.display().to_string()])
}

/// The same file as an old (version 2) save: no chain.
fn without_chain(v: &Value) -> Value {
    let mut old = v.clone();
    old["version"] = Value::from(2);
    old.as_object_mut().expect("an object").remove("chain");
    old
}

fn refused_at(r: &common::Run, n: usize, turn: u32) {
    assert_eq!(r.code, 1, "{}", r.show());
    let want = format!("action {n} (turn {turn}) is not the action the save was made with");
    assert!(r.stderr.contains(&want), "wanted \"{want}\":\n{}", r.show());
}

#[test]
fn an_action_swapped_for_one_with_the_same_effect_is_named() {
    let dir = scratch("chain-same-state");
    let db = open_set();
    // A few seeds until some action has a twin with the same effect.
    let found = (1..=6).find_map(|seed| {
        let path = sim_save(&dir, seed);
        let save = SaveFile::read(&path).expect("the save reads");
        same_state_swap(&save, &db).map(|swap| (path, swap))
    });
    let (path, (i, other, turn)) = found.expect("an action with a same-state twin in 6 games");
    eprintln!(
        "{}: action {} (turn {turn}) {} swapped for {} leaves the same state",
        path.display(),
        i + 1,
        read_json(&path)["actions"][i],
        serde_json::to_string(&other).expect("JSON")
    );
    let mut v = read_json(&path);
    let was = v["actions"][i][1].clone();
    v["actions"][i][1] = serde_json::to_value(other).expect("an action");
    assert_ne!(v["actions"][i][1], was);

    // The state checkpoints alone cannot tell: as a version 2 save, the
    // changed game replays "as saved" (what the audit found).
    let r = replay(&dir, "swapped-v2.json", &without_chain(&v));
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("as saved"), "{}", r.show());
    assert!(r.stdout.contains("carries no action chain"), "{}", r.show());

    // The chain names the action, its turn and what the save says there.
    let r = replay(&dir, "swapped.json", &v);
    refused_at(&r, i + 1, turn);
    let said = serde_json::to_string(&other).expect("JSON");
    assert!(r.stderr.contains(&said), "{}", r.show());
    assert!(r.stderr.contains("chain.actions["), "{}", r.show());
}

#[test]
fn actions_moved_removed_added_or_given_to_another_seat_are_named() {
    let dir = scratch("chain-edits");
    let db = open_set();
    let path = sim_save(&dir, 3);
    let save = SaveFile::read(&path).expect("the save reads");
    let turn = turns(&save, &db);
    let v = read_json(&path);
    let n = save.actions.len();
    assert!(n > 40, "a game of {n} actions");
    let ok = b5(&["replay", "--quiet", &path.display().to_string()]);
    assert_eq!(ok.code, 0, "{}", ok.show());
    assert!(
        ok.stdout.contains("every action matches the action chain"),
        "{}",
        ok.show()
    );

    // Two neighbouring actions that differ, in the middle of the game.
    let k = (n / 2..n - 1)
        .find(|&k| save.actions[k] != save.actions[k + 1])
        .expect("two different neighbours");
    let edit = |f: &dyn Fn(&mut Vec<Value>)| {
        let mut w = v.clone();
        f(w["actions"].as_array_mut().expect("actions"));
        w
    };
    // Moved: k and k + 1 swap places.
    let r = replay(&dir, "moved.json", &edit(&|a| a.swap(k, k + 1)));
    refused_at(&r, k + 1, turn[k]);
    // Removed from the middle.
    let r = replay(&dir, "removed.json", &edit(&|a| drop(a.remove(k))));
    refused_at(&r, k + 1, turn[k]);
    // Added: the next action played early as well.
    let r = replay(
        &dir,
        "added.json",
        &edit(&|a| a.insert(k, a[k + 1].clone())),
    );
    refused_at(&r, k + 1, turn[k]);
    // Given to another seat.
    let r = replay(
        &dir,
        "seat.json",
        &edit(&|a| {
            let p = a[k][0].as_u64().expect("a seat");
            a[k][0] = Value::from(1 - p);
        }),
    );
    refused_at(&r, k + 1, turn[k]);
    // Added at the end: the chain ends before it.
    let r = replay(
        &dir,
        "appended.json",
        &edit(&|a| a.push(serde_json::json!([0, {"do": "pass"}]))),
    );
    refused_at(&r, n + 1, turn[n - 1]);
    assert!(r.stderr.contains("actions were added"), "{}", r.show());
    // The last action removed: the chain goes on after it.
    let r = replay(&dir, "cut.json", &edit(&|a| drop(a.pop())));
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(
        r.stderr
            .contains(&format!("chain.actions: {n} entries for {} actions", n - 1)),
        "{}",
        r.show()
    );
    // The same action written another way (spaces, field order) is the
    // same action: the chain covers the parsed action, not its text.
    let mut w = v.clone();
    let a0 = w["actions"][0][1].clone();
    let text = w.to_string().replacen(
        &serde_json::to_string(&a0).expect("JSON"),
        &serde_json::to_string_pretty(&a0).expect("JSON"),
        1,
    );
    w = serde_json::from_str(&text).expect("JSON");
    let r = replay(&dir, "respaced.json", &w);
    assert_eq!(r.code, 0, "{}", r.show());
}

#[test]
fn a_changed_set_up_is_named() {
    let dir = scratch("chain-setup");
    let path = sim_save(&dir, 4);
    let v = read_json(&path);
    let setup_changed = |r: &common::Run| {
        assert_eq!(r.code, 1, "{}", r.show());
        assert!(
            r.stderr
                .contains("the set-up is not the one the save was made with"),
            "{}",
            r.show()
        );
    };
    // Two cards of a deck trade places (a different shuffle).
    let mut w = v.clone();
    let deck = w["seats"][0]["deck"].as_array_mut().expect("a deck");
    let j = (1..deck.len())
        .find(|&j| deck[j] != deck[0])
        .expect("two different cards");
    deck.swap(0, j);
    setup_changed(&replay(&dir, "deck.json", &w));
    // A card of the deck changed for another.
    let mut w = v.clone();
    let other = w["seats"][1]["deck"][0].clone();
    w["seats"][0]["deck"][0] = other;
    setup_changed(&replay(&dir, "card.json", &w));
    // The seed.
    let mut w = v.clone();
    let seed = w["seed"].as_u64().expect("a seed");
    w["seed"] = Value::from(seed ^ 1);
    setup_changed(&replay(&dir, "seed.json", &w));
    // An option the game never used (the Extended Loyalty Rule in a game of
    // two races): the state is the same, so only the chain sees it.
    let mut w = v.clone();
    w["options"]["extended_loyalty"] = Value::Bool(true);
    let r = replay(&dir, "option-v2.json", &without_chain(&w));
    assert_eq!(r.code, 0, "{}", r.show());
    setup_changed(&replay(&dir, "option.json", &w));
    // A card file added to what the save carries.
    let mut w = v.clone();
    w["card_files"] = serde_json::json!([{"file": "extra.toml", "text": ""}]);
    setup_changed(&replay(&dir, "cards.json", &w));
}

#[test]
fn a_malformed_chain_is_refused_naming_the_field() {
    let dir = scratch("chain-malformed");
    let path = sim_save(&dir, 5);
    let v = read_json(&path);
    let refused = |name: &str, w: &Value, wanted: &str| {
        let r = replay(&dir, name, w);
        assert_eq!(r.code, 1, "{}", r.show());
        assert!(
            r.stderr.contains(&format!("{name}: {wanted}")),
            "wanted \"{wanted}\":\n{}",
            r.show()
        );
        assert!(r.stderr.len() < 1_000, "a long message:\n{}", r.show());
    };
    let with = |field: &str, new: Value| {
        let mut w = v.clone();
        w["chain"][field] = new;
        w
    };
    let mut entries = v["chain"]["actions"].clone();
    entries[3] = Value::from("not-hex!");
    refused(
        "not-hex.json",
        &with("actions", entries.clone()),
        "chain.actions[3]: \"not-hex!\" is not 8 hexadecimal digits",
    );
    entries[3] = Value::from("ABCDEF12");
    refused(
        "upper.json",
        &with("actions", entries.clone()),
        "chain.actions[3]: \"ABCDEF12\" is not 8 hexadecimal digits",
    );
    entries[3] = Value::from("a".repeat(100_000));
    refused(
        "too-long.json",
        &with("actions", entries),
        "chain.actions[3]: \"aaaa",
    );
    refused(
        "short-setup.json",
        &with("setup", Value::from("abc")),
        "chain.setup: \"abc\" is not 16 hexadecimal digits",
    );
    refused(
        "short-end.json",
        &with("end", Value::from("00")),
        "chain.end: \"00\" is not 64 hexadecimal digits",
    );
    refused(
        "other-end.json",
        &with("end", Value::from("0".repeat(64))),
        "chain.end: 0000",
    );
    // One entry too many, or one too few (the last action's).
    let mut longer = v["chain"]["actions"].clone();
    longer
        .as_array_mut()
        .expect("entries")
        .push(Value::from("00000000"));
    refused("longer.json", &with("actions", longer), "chain.actions: ");
    let mut shorter = v["chain"]["actions"].clone();
    shorter.as_array_mut().expect("entries").pop();
    refused("shorter.json", &with("actions", shorter), "action ");
    // More entries than a save may hold actions.
    let many = Value::Array(vec![Value::from("00000000"); 1_000_001]);
    refused(
        "many.json",
        &with("actions", many),
        "chain.actions: 1000001 entries; a saved game holds at most 1000000 actions",
    );
    // A version 3 save without its chain; a version 2 save with one.
    let mut w = v.clone();
    w.as_object_mut().expect("an object").remove("chain");
    refused("no-chain.json", &w, "chain: missing");
    let mut w = v.clone();
    w["version"] = Value::from(2);
    refused(
        "v2-chain.json",
        &w,
        "chain: a version 2 save has no action chain",
    );
    let r = replay(&dir, "unknown-field.json", &with("extra", Value::from(1)));
    assert_eq!(r.code, 1, "{}", r.show());
    assert!(r.stderr.contains("unknown field `extra`"), "{}", r.show());
}

#[test]
fn an_old_save_without_a_chain_still_replays_with_a_note() {
    // Written by b5 before the chain (version 2).
    let old = common::fixtures().join("saves/version-2.json");
    let text = std::fs::read_to_string(&old).expect("the fixture");
    assert!(text.contains("\"version\": 2,") && !text.contains("\"chain\""));
    let r = b5(&["replay", "--quiet", &old.display().to_string()]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("as saved"), "{}", r.show());
    assert!(
        r.stdout
            .contains("this version 2 save carries no action chain (state checkpoints only)"),
        "{}",
        r.show()
    );
    // Resumed and saved again, it gains a chain.
    let dir = scratch("chain-old");
    let again = dir.join("again.json");
    let (old_s, again_s) = (old.display().to_string(), again.display().to_string());
    let save = SaveFile::read(&old).expect("reads");
    let set = CardSet::from_texts(Vec::new()).expect("the Open Set");
    let game = save
        .replay(set.db.clone(), &old_s, |_, _, _, _, _| {})
        .expect("replays");
    let setup = save.setup(&set.db, &old_s).expect("set-up");
    SaveFile::record(&game, &setup, save.seed, &save.actions, &[])
        .write(&again)
        .expect("written");
    let r = b5(&["replay", "--quiet", &again_s]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("every action matches the action chain"),
        "{}",
        r.show()
    );
}
