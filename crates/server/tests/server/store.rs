//! The stores (SQLite, and PostgreSQL when test.sh gives the tests a
//! server): one owner per store, everything read back as
//! written, the log append-only and gap-free, writes committed together
//! yet refused one by one, a pending undo kept until answered, and a table
//! whose log does not replay to its digests left out at start rather than
//! half-served.

use crate::common;

use b5_server::b5::B5Kind;
use b5_server::game::GameKind;
use std::sync::mpsc;

use b5_server::store::{
    ChatLine, LoggedAction, PendingUndo, Store, StoreError, StoredTable, Write,
};
use b5_server::{default_kinds, open};
use common::stored::{actions, new_table, StoreAt};

crate::on_both_stores!(
    one_owner_and_everything_read_back,
    a_table_that_does_not_replay_is_left_out,
    writes_queued_together_are_refused_one_by_one,
    a_pending_undo_is_kept_until_its_entry_is_logged,
);

/// The unfinished tables, every one of them read.
fn unfinished(s: &dyn Store) -> Vec<StoredTable> {
    s.unfinished_tables()
        .unwrap()
        .into_iter()
        .map(|t| t.unwrap())
        .collect()
}

fn one_owner_and_everything_read_back(at: &StoreAt) {
    let s = at.open().unwrap();
    let t = new_table("t1", 9);
    s.create_table(&t).unwrap();
    match at {
        // One process per SQLite file.
        StoreAt::Sqlite(_) => assert!(matches!(at.open(), Err(StoreError::Locked(_)))),
        // PostgreSQL is shared, each table owned by one process: another
        // process's writes to t1 are refused.
        StoreAt::Postgres(_) => {
            let other = at.open().unwrap();
            assert!(matches!(
                other.join_seat("t1", 0, &[9; 32], "Mallory"),
                Err(StoreError::Moved(id)) if id == "t1"
            ));
        }
    }
    s.join_seat("t1", 0, &[7; 32], "Alice").unwrap();
    s.set_away("t1", 0, true).unwrap();
    let log = actions(&t, 5);
    for a in &log {
        s.append_action("t1", a, false).unwrap();
    }
    // Not the next seq: refused, nothing written.
    assert!(matches!(
        s.append_action("t1", &log[2], false),
        Err(StoreError::Conflict(2))
    ));
    let line = ChatLine {
        n: 0,
        seat: 0,
        name: "Alice".into(),
        text: "hello".into(),
        at: 5,
    };
    s.append_chat("t1", &line).unwrap();
    drop(s);

    let s = at.open().unwrap();
    let all = unfinished(&*s);
    assert_eq!(all.len(), 1);
    let back = &all[0];
    assert_eq!(back.log, log);
    assert_eq!(back.table.setup, t.setup);
    assert_eq!(back.table.seed, 9);
    assert_eq!(back.table.seats[0].token_hash, Some([7; 32]));
    assert_eq!(back.table.seats[0].name.as_deref(), Some("Alice"));
    assert!(back.table.seats[0].away);
    assert_eq!(back.table.seats[0].invitation_hash, Some([1; 32]));
    assert_eq!(back.chat, vec![line]);
    assert_eq!(back.chat_count, 1);
    // A finishing entry takes the table out of the unfinished ones.
    let more = actions(&t, 6);
    s.append_action("t1", &more[5], true).unwrap();
    assert!(unfinished(&*s).is_empty());
    assert!(s.table("t1").unwrap().unwrap().finished);
    assert!(s.table("nope").unwrap().is_none());
}

fn a_table_that_does_not_replay_is_left_out(at: &StoreAt) {
    {
        let s = at.open().unwrap();
        let good = new_table("good", 1);
        s.create_table(&good).unwrap();
        for a in actions(&good, 4) {
            s.append_action("good", &a, false).unwrap();
        }
        // A finished table is not held at start, but found when asked for.
        let done = new_table("00000000000000ff", 3);
        s.create_table(&done).unwrap();
        let log = actions(&done, 3);
        for (i, a) in log.iter().enumerate() {
            s.append_action("00000000000000ff", a, i == 2).unwrap();
        }
        let bad = new_table("bad", 2);
        s.create_table(&bad).unwrap();
        let mut log = actions(&bad, 4);
        log[3].digest ^= 1;
        for a in &log {
            s.append_action("bad", a, false).unwrap();
        }
    }
    let cfg = at.config("replay");
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            let (_tell, rx) = tokio::sync::watch::channel(false);
            let state = open(cfg, default_kinds().unwrap(), rx).await.unwrap();
            let good = state.table("good").expect("the good table is restored");
            assert_eq!(good.inner.lock().await.seq, 4);
            assert!(
                state.table("bad").is_none(),
                "a diverging log is not served"
            );
        });
}

/// Writes queued together (one group commit, as a rule) are each
/// committed or refused on their own: a refused one undoes only itself.
fn writes_queued_together_are_refused_one_by_one(at: &StoreAt) {
    let s = at.open().unwrap();
    let t1 = new_table("t1", 4);
    let t2 = new_table("t2", 5);
    let l1 = actions(&t1, 2);
    let l2 = actions(&t2, 1);
    let line = ChatLine {
        n: 0,
        seat: 0,
        name: "Alice".into(),
        text: "hi".into(),
        at: 1,
    };
    let append = |t: &str, a: &LoggedAction| Write::Append {
        table: t.into(),
        entry: a.clone(),
        finished: false,
        human: false,
    };
    let writes = vec![
        Write::CreateTable(t1.clone()),
        Write::CreateTable(t2.clone()),
        append("t1", &l1[0]),
        // Not the next seq: refused.
        append("t1", &l1[0]),
        append("t2", &l2[0]),
        // A table that already exists: refused, its seats untouched.
        Write::CreateTable(t1.clone()),
        append("t1", &l1[1]),
        // No such table: refused.
        Write::Chat {
            table: "nope".into(),
            line: line.clone(),
        },
        Write::Chat {
            table: "t2".into(),
            line: line.clone(),
        },
    ];
    let (tx, rx) = mpsc::channel();
    let n = writes.len();
    for (i, w) in writes.into_iter().enumerate() {
        let tx = tx.clone();
        s.write(
            w,
            Box::new(move |r| {
                tx.send((i, r.is_ok())).unwrap();
            }),
        );
    }
    let mut got: Vec<(usize, bool)> = (0..n).map(|_| rx.recv().unwrap()).collect();
    got.sort();
    let ok: Vec<bool> = got.into_iter().map(|(_, ok)| ok).collect();
    assert_eq!(
        ok,
        vec![true, true, true, false, true, false, true, false, true]
    );
    let back = s.table("t1").unwrap().unwrap();
    assert_eq!(back.log, l1);
    assert_eq!(back.table.seats, t1.seats);
    let back = s.table("t2").unwrap().unwrap();
    assert_eq!(back.log, l2);
    assert_eq!(back.chat, vec![line]);
}

fn a_pending_undo_is_kept_until_its_entry_is_logged(at: &StoreAt) {
    let t = new_table("t1", 6);
    let log = actions(&t, 3);
    let asked = PendingUndo {
        by: 0,
        target: 2,
        seq: 3,
        waiting: vec![1],
    };
    {
        let s = at.open().unwrap();
        s.create_table(&t).unwrap();
        for a in &log {
            s.append_action("t1", a, false).unwrap();
        }
        s.set_undo("t1", Some(&asked)).unwrap();
    }
    let s = at.open().unwrap();
    assert_eq!(unfinished(&*s)[0].undo, Some(asked.clone()));
    // Cleared (refused, withdrawn).
    s.set_undo("t1", None).unwrap();
    assert_eq!(s.table("t1").unwrap().unwrap().undo, None);
    // Asked again, then done: the undo entry clears it in its commit.
    s.set_undo("t1", Some(&asked)).unwrap();
    let kind = B5Kind::open_set().unwrap();
    let mut g = kind.new_game(&t.setup, t.seed).unwrap();
    for a in &log[..2] {
        g.apply(a.seat, &a.action).unwrap();
    }
    let entry = LoggedAction {
        seq: 3,
        seat: 0,
        action: serde_json::Value::Null,
        undoes: Some(2),
        digest: g.digest(),
    };
    s.append_action("t1", &entry, false).unwrap();
    let back = s.table("t1").unwrap().unwrap();
    assert_eq!(back.undo, None);
    assert_eq!(back.log.len(), 4);
    // A request that does not ask about the log's end is not read back.
    let stale = PendingUndo { seq: 2, ..asked };
    s.set_undo("t1", Some(&stale)).unwrap();
    assert_eq!(s.table("t1").unwrap().unwrap().undo, None);
}
