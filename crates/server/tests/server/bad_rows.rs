//! A store that starts around a bad row (issue 22, items 3 and 7): a
//! table that cannot be read back is left out with an error naming it and
//! the row, and every other table is served; a file that is not a b5
//! database refuses to start, naming it; a file from before the schema
//! versions is stamped; the database file itself is locked, so deleting
//! the lock file lets no second store in.
//!
//! Each test builds a real store through the store API (real tables, real
//! actions of the B5 CCG engine), closes it, damages it with rusqlite
//! directly, and opens it again.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use b5_server::sqlite::{SqliteStore, APPLICATION_ID, DB_FILE, LOCK_FILE, MIGRATIONS};
use b5_server::store::{ChatLine, PendingUndo, Store, StoreError};
use b5_server::{default_kinds, open, ServerError};
use common::stored::{actions, new_table};
use common::temp_dir;
use rusqlite::Connection;

/// The tables every case keeps readable.
const GOOD: [&str; 2] = ["00000000000000a1", "00000000000000a2"];
/// The table each case damages.
const BAD: &str = "00000000000000b0";
/// A finished table (read on demand by id).
const DONE: &str = "00000000000000d0";

/// A closed store: three unfinished tables of four actions and two chat
/// lines each (the bad one also with a pending undo), and a finished
/// table. Built once; each test works on a copy.
fn fixture() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = temp_dir("fixture");
        let s = SqliteStore::open(&dir).unwrap();
        for (i, id) in [GOOD[0], BAD, GOOD[1]].into_iter().enumerate() {
            let t = new_table(id, 10 + i as u64);
            s.create_table(&t).unwrap();
            for a in actions(&t, 4) {
                s.append_action(id, &a, false).unwrap();
            }
            for n in 0..2 {
                let line = ChatLine {
                    n,
                    seat: n as usize,
                    name: "Alice".into(),
                    text: format!("line {n}"),
                    at: 5,
                };
                s.append_chat(id, &line).unwrap();
            }
        }
        let undo = PendingUndo {
            by: 0,
            target: 3,
            seq: 4,
            waiting: vec![1],
        };
        s.set_undo(BAD, Some(&undo)).unwrap();
        let t = new_table(DONE, 20);
        s.create_table(&t).unwrap();
        for (i, a) in actions(&t, 3).iter().enumerate() {
            s.append_action(DONE, a, i == 2).unwrap();
        }
        drop(s);
        dir
    })
}

/// A copy of the fixture's folder (its database files).
fn copy(name: &str) -> PathBuf {
    let from = fixture();
    let to = temp_dir(name);
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let n = e.file_name();
        if n.to_string_lossy().starts_with(DB_FILE) {
            std::fs::copy(e.path(), to.join(n)).unwrap();
        }
    }
    to
}

/// Runs `sql` on the closed store in `dir`, as anyone with `sqlite3` could
/// (whose foreign keys are off by default).
fn damage(dir: &Path, sql: &str) {
    let c = Connection::open(dir.join(DB_FILE)).unwrap();
    c.execute_batch(&format!("PRAGMA foreign_keys = OFF; {sql}"))
        .unwrap();
}

/// Makes `chat` typeless, so that any value fits in any of its columns.
const UNTYPED_CHAT: &str = "ALTER TABLE chat RENAME TO chat_old;
    CREATE TABLE chat (table_id, n, seat, name, text, at, PRIMARY KEY (table_id, n));
    INSERT INTO chat SELECT * FROM chat_old;
    DROP TABLE chat_old;";

/// (what is damaged, the SQL that damages it, the table named, what the
/// error says after "table ID: ").
fn cases() -> Vec<(&'static str, String, String, &'static str)> {
    let b = BAD.to_string();
    let w = |what: &str| format!("{what} WHERE table_id = '{BAD}'");
    vec![
        (
            "an action that is not JSON",
            w("UPDATE actions SET action = 'not json'") + " AND seq = 2",
            b.clone(),
            "action 2: the action is not JSON: ",
        ),
        (
            "a gap in the log",
            w("DELETE FROM actions") + " AND seq = 1",
            b.clone(),
            "the log has a gap before action 2",
        ),
        (
            "a negative seq",
            w("UPDATE actions SET seq = -5") + " AND seq = 0",
            b.clone(),
            "the log's entry 0: seq is -5, below 0",
        ),
        (
            "a negative seat",
            w("UPDATE actions SET seat = -1") + " AND seq = 1",
            b.clone(),
            "action 1: seat -1 is not a seat of the table (2 seats)",
        ),
        (
            "an action stored as a blob",
            w("UPDATE actions SET action = x'7b7d'") + " AND seq = 3",
            b.clone(),
            "action 3: the action is not text (a blob)",
        ),
        (
            "a digest that is not an integer",
            w("UPDATE actions SET digest = 'abc'") + " AND seq = 3",
            b.clone(),
            "action 3: digest is not an integer (text)",
        ),
        (
            "a set-up that is not JSON",
            format!("UPDATE tables SET setup = '{{' WHERE id = '{BAD}'"),
            b.clone(),
            "the set-up is not JSON: ",
        ),
        (
            "a seed that is not an integer",
            format!("UPDATE tables SET seed = 'x' WHERE id = '{BAD}'"),
            b.clone(),
            "seed is not an integer (text)",
        ),
        (
            "a negative move clock",
            format!("UPDATE tables SET clock_ms = -1 WHERE id = '{BAD}'"),
            b.clone(),
            "clock_ms is -1, below 0",
        ),
        (
            "a finished flag that is neither 0 nor 1",
            format!("UPDATE tables SET finished = 7 WHERE id = '{BAD}'"),
            b.clone(),
            "finished is 7, not 0 or 1",
        ),
        (
            "a garbled pending undo",
            w("UPDATE pending_undo SET waiting = '[1,'"),
            b.clone(),
            "the pending undo: waiting is not the expected JSON: ",
        ),
        (
            "a pending undo by a negative seat",
            w("UPDATE pending_undo SET by_seat = -1"),
            b.clone(),
            "the pending undo: by_seat -1 is not a seat of the table (2 seats)",
        ),
        (
            "a token hash of the wrong length",
            w("UPDATE seats SET token_hash = x'0102'") + " AND seat = 0",
            b.clone(),
            "seat 0: token_hash is 2 bytes, not 32",
        ),
        (
            "a missing seat",
            w("DELETE FROM seats") + " AND seat = 0",
            b.clone(),
            "seat 0: the seats skip to seat 1",
        ),
        (
            "a chat line stored as a blob",
            w("UPDATE chat SET text = x'00ff'") + " AND n = 1",
            b.clone(),
            "chat line 1: text is not text (a blob)",
        ),
        (
            "a chat line stored as an integer",
            format!(
                "{UNTYPED_CHAT} {}",
                w("UPDATE chat SET text = 42") + " AND n = 1"
            ),
            b.clone(),
            "chat line 1: text is not text (an integer)",
        ),
        (
            "a NULL chat line",
            format!(
                "{UNTYPED_CHAT} {}",
                w("UPDATE chat SET text = NULL") + " AND n = 0"
            ),
            b.clone(),
            "chat line 0: text is not text (NULL)",
        ),
        (
            "a chat line by a seat out of range",
            w("UPDATE chat SET seat = 1099511627776") + " AND n = 0",
            b.clone(),
            "chat line 0: seat 1099511627776 is not a seat of the table (2 seats)",
        ),
        (
            "a table id that is not text",
            format!("UPDATE tables SET id = x'01' WHERE id = '{BAD}'"),
            "in row 2".into(),
            "id is not text (a blob)",
        ),
    ]
}

/// Each kind of bad row: the store opens, reads every other table in
/// full, and names the bad table and its row; asked for by id, the bad
/// table is the same error.
#[test]
fn a_bad_row_leaves_out_its_table_alone() {
    let mut failures = Vec::new();
    for (i, (what, sql, id, says)) in cases().into_iter().enumerate() {
        let dir = copy(&format!("case{i}"));
        damage(&dir, &sql);
        let s = match SqliteStore::open(&dir) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{what}: the store does not open: {e}"));
                continue;
            }
        };
        let reads = match s.unfinished_tables() {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{what}: nothing read: {e}"));
                continue;
            }
        };
        let mut good = Vec::new();
        let mut bad = Vec::new();
        for r in reads {
            match r {
                Ok(t) => {
                    assert_eq!(t.log.len(), 4, "{what}: {} read in full", t.table.id);
                    assert_eq!(t.chat.len(), 2, "{what}: {} read in full", t.table.id);
                    good.push(t.table.id);
                }
                Err((id, e)) => bad.push((id, e.to_string())),
            }
        }
        good.sort();
        let expected = format!("table {id}: {says}");
        if good != GOOD {
            failures.push(format!("{what}: read {good:?}, not the good tables"));
        }
        match bad.as_slice() {
            [(bad_id, e)] if *bad_id == id && e.starts_with(&expected) => {}
            _ => failures.push(format!("{what}: left out {bad:?}, not {expected:?}")),
        }
        if id == BAD {
            match s.table(BAD) {
                Err(e @ StoreError::Unreadable { .. }) if e.to_string().starts_with(&expected) => {}
                other => failures.push(format!("{what}: by id: {other:?}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A finished table read on demand: a bad row is an error naming it.
#[test]
fn a_finished_table_with_a_bad_row_is_an_error_naming_it() {
    let dir = copy("finished");
    damage(
        &dir,
        &format!("UPDATE actions SET action = '[' WHERE table_id = '{DONE}' AND seq = 1"),
    );
    let s = SqliteStore::open(&dir).unwrap();
    let e = s.table(DONE).unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("table {DONE}: action 1: the action is not JSON: ")),
        "{e}"
    );
    assert!(s.table(GOOD[0]).unwrap().is_some());
}

/// Everything logged while a test runs on this thread.
#[derive(Clone, Default)]
struct Logs(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Logs {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Logs {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

/// The whole server: it starts, serves the good tables, leaves the bad one
/// out, and its log names the table and the row.
#[tokio::test]
async fn the_server_starts_around_a_bad_row() {
    let dir = copy("server");
    damage(
        &dir,
        &format!("UPDATE actions SET action = 'not json' WHERE table_id = '{BAD}' AND seq = 2"),
    );
    let logs = Logs::default();
    let sub = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_writer({
            let l = logs.clone();
            move || l.clone()
        })
        .finish();
    // This test's runtime runs on this thread: `open` logs here.
    let _guard = tracing::subscriber::set_default(sub);
    let (_tell, rx) = tokio::sync::watch::channel(false);
    let mut cfg = common::test_config("unused");
    cfg.data = dir;
    let state = open(cfg, default_kinds().unwrap(), rx)
        .await
        .expect("the server starts");
    for id in GOOD {
        let t = state.table(id).expect("a good table is served");
        assert_eq!(t.inner.lock().await.seq, 4);
    }
    assert!(state.table(BAD).is_none(), "the bad table is left out");
    let log = logs.text();
    assert!(
        log.lines().any(|l| l.contains("table not restored")
            && l.contains(&format!("table {BAD}: action 2: the action is not JSON"))),
        "{log}"
    );
}

/// Opens the store in `dir` and expects it refused as a bad database,
/// naming the file; returns the message. `b5_server::open` (what `b5
/// serve` calls) says the same.
fn refused(dir: &Path) -> String {
    let msg = match SqliteStore::open(dir) {
        Err(StoreError::BadDatabase(m)) => m,
        Err(e) => panic!("refused, but not as a bad database: {e}"),
        Ok(_) => panic!("{} opened", dir.display()),
    };
    assert!(
        msg.contains(&dir.join(DB_FILE).display().to_string()),
        "{msg}"
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (_tell, rx) = tokio::sync::watch::channel(false);
    let mut cfg = common::test_config("unused");
    cfg.data = dir.to_path_buf();
    match rt.block_on(open(cfg, default_kinds().unwrap(), rx)) {
        Err(ServerError::Store(StoreError::BadDatabase(m))) => assert_eq!(m, msg),
        Err(e) => panic!("the server refuses otherwise: {e}"),
        Ok(_) => panic!("the server starts"),
    }
    msg
}

/// A folder whose database file holds `bytes`.
fn with_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = temp_dir(name);
    std::fs::write(dir.join(DB_FILE), bytes).unwrap();
    dir
}

#[test]
fn a_file_that_is_not_a_b5_database_is_refused() {
    // Random bytes (a fixed xorshift), a text file, and the SQLite header
    // in front of garbage.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let random: Vec<u8> = (0..8192)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect();
    for (name, bytes) in [
        ("random", random.clone()),
        ("text", b"name,score\nalice,3\nbob,5\n".to_vec()),
    ] {
        let dir = with_file(name, &bytes);
        let msg = refused(&dir);
        assert!(
            msg.contains("is not a b5 database (not an SQLite file)"),
            "{msg}"
        );
        assert_eq!(
            std::fs::read(dir.join(DB_FILE)).unwrap(),
            bytes,
            "untouched"
        );
    }
    let mut fake = b"SQLite format 3\0".to_vec();
    fake.extend_from_slice(&random);
    let msg = refused(&with_file("fake", &fake));
    assert!(
        msg.contains("is not a b5 database, or a damaged one"),
        "{msg}"
    );
    // Another application's SQLite database, and one without b5's tables.
    let dir = temp_dir("other-app");
    damage(
        &dir,
        "PRAGMA application_id = 7; CREATE TABLE notes (text);",
    );
    let msg = refused(&dir);
    assert!(msg.contains("another application's"), "{msg}");
    let dir = temp_dir("no-tables");
    damage(&dir, "CREATE TABLE notes (text);");
    let msg = refused(&dir);
    assert!(msg.contains("without b5's tables"), "{msg}");
}

#[test]
fn an_empty_file_is_refused_not_made_a_new_store() {
    let dir = with_file("empty", b"");
    let msg = refused(&dir);
    assert!(msg.contains("is empty (0 bytes)"), "{msg}");
    assert!(msg.contains("delete it"), "{msg}");
    assert_eq!(std::fs::metadata(dir.join(DB_FILE)).unwrap().len(), 0);
    // Deleted, as the message says: a new store.
    std::fs::remove_file(dir.join(DB_FILE)).unwrap();
    let s = SqliteStore::open(&dir).unwrap();
    assert!(s.unfinished_tables().unwrap().is_empty());
}

#[test]
fn a_missing_table_is_named_not_recreated() {
    for stamped in [true, false] {
        let dir = copy("missing");
        let version = if stamped {
            MIGRATIONS.len()
        } else {
            // A file from before the versions.
            damage(&dir, LEGACY);
            1
        };
        damage(&dir, "DROP TABLE actions;");
        let msg = refused(&dir);
        assert!(
            msg.contains(&format!(
                "the table `actions` of b5's schema (version {version}) is missing"
            )),
            "{msg}"
        );
        let c = Connection::open(dir.join(DB_FILE)).unwrap();
        let n: i64 = c
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE name = 'actions'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(n, 0, "not recreated");
    }
    let dir = copy("missing-column");
    damage(&dir, "ALTER TABLE seats DROP COLUMN away;");
    let msg = refused(&dir);
    assert!(
        msg.contains("the table `seats` lacks its column `away`"),
        "{msg}"
    );
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = copy("newer");
    damage(&dir, "PRAGMA user_version = 99;");
    let msg = refused(&dir);
    assert!(
        msg.contains("schema version 99 is newer than this b5 knows"),
        "{msg}"
    );
}

#[test]
fn a_log_without_its_database_is_refused() {
    let dir = with_file("wal", b"");
    std::fs::rename(dir.join(DB_FILE), dir.join(format!("{DB_FILE}-wal"))).unwrap();
    std::fs::write(dir.join(format!("{DB_FILE}-wal")), b"a log").unwrap();
    let msg = match SqliteStore::open(&dir) {
        Err(StoreError::BadDatabase(m)) => m,
        other => panic!("{:?}", other.err()),
    };
    assert!(msg.contains(&format!("{DB_FILE}-wal is there")), "{msg}");
    assert!(!dir.join(DB_FILE).exists(), "no new store");
}

/// Makes a store what the server wrote before the schema had versions:
/// version 1's tables and columns, no application id, no version.
const LEGACY: &str =
    "ALTER TABLE tables DROP COLUMN ended; ALTER TABLE tables DROP COLUMN active_at;
     ALTER TABLE tables DROP COLUMN open_seats; ALTER TABLE tables DROP COLUMN bot_delay_ms;
     PRAGMA application_id = 0; PRAGMA user_version = 0;";

fn version(dir: &Path) -> (i32, i64) {
    let c = Connection::open(dir.join(DB_FILE)).unwrap();
    let app = c
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    let v = c
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    (app, v)
}

/// A new store is stamped; a store from before the versions is
/// recognised by its tables, stamped, and served.
#[test]
fn a_store_from_before_the_versions_is_stamped_and_served() {
    let last = MIGRATIONS.len() as i64;
    assert_eq!(version(&copy("stamped")), (APPLICATION_ID, last));
    let dir = copy("legacy");
    damage(&dir, LEGACY);
    assert_eq!(version(&dir), (0, 0));
    {
        let s = SqliteStore::open(&dir).unwrap();
        let reads = s.unfinished_tables().unwrap();
        assert_eq!(reads.len(), 3);
        assert!(reads.iter().all(|r| r.is_ok()));
        assert!(s.table(DONE).unwrap().unwrap().finished);
    }
    assert_eq!(version(&dir), (APPLICATION_ID, last));
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.ends_with(".new")), "{names:?}");
}

/// The database file itself is locked: with the lock file deleted, a
/// second store in the same process is refused (a `flock` belongs to the
/// open file, so two opens in one process conflict too).
#[test]
fn a_deleted_lock_file_lets_no_second_store_in() {
    let dir = copy("lock");
    let s = SqliteStore::open(&dir).unwrap();
    std::fs::remove_file(dir.join(LOCK_FILE)).unwrap();
    match SqliteStore::open(&dir) {
        Err(StoreError::Locked(m)) => assert!(m.contains(DB_FILE), "{m}"),
        Err(e) => panic!("refused otherwise: {e}"),
        Ok(_) => panic!("a second store opened the same database"),
    }
    // The first store still works.
    let line = ChatLine {
        n: 2,
        seat: 0,
        name: "Alice".into(),
        text: "still here".into(),
        at: 6,
    };
    s.append_chat(GOOD[0], &line).unwrap();
    drop(s);
    // Closed: the folder is free again.
    let s = SqliteStore::open(&dir).unwrap();
    assert_eq!(s.table(GOOD[0]).unwrap().unwrap().chat_count, 3);
}

/// The child of [`a_second_process_is_refused_without_the_lock_file`]:
/// opens the store named by `B5_LOCK_CHILD` and says what happened. A
/// no-op in a normal run.
#[test]
fn lock_child() {
    let Some(dir) = std::env::var_os("B5_LOCK_CHILD") else {
        return;
    };
    match SqliteStore::open(Path::new(&dir)) {
        Ok(_) => println!("CHILD: opened"),
        Err(StoreError::Locked(m)) => println!("CHILD: locked: {m}"),
        Err(e) => println!("CHILD: error: {e}"),
    }
}

/// Two processes: this test's holds the store, the lock file is deleted,
/// and a second process (this test binary, run again) cannot open it.
#[test]
fn a_second_process_is_refused_without_the_lock_file() {
    let dir = copy("lock2");
    let s = SqliteStore::open(&dir).unwrap();
    std::fs::remove_file(dir.join(LOCK_FILE)).unwrap();
    // The harness names a test by its path below the test program's root.
    let child = match module_path!().split_once("::") {
        Some((_, m)) => format!("{m}::lock_child"),
        None => "lock_child".to_string(),
    };
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", &child, "--nocapture", "--test-threads=1"])
        .env("B5_LOCK_CHILD", &dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "CHILD: locked: {} is in use by another b5 serve",
            dir.join(DB_FILE).display()
        )),
        "{stdout}"
    );
    drop(s);
}

/// Over the protocol: a finished table with a bad row, asked for by id, is
/// a 500 that names the table (the row is in the server's log only: a
/// replay's error may carry a running game's digest); the others answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_finished_table_is_an_error_over_the_protocol() {
    let dir = copy("http");
    damage(
        &dir,
        &format!("UPDATE actions SET action = '[' WHERE table_id = '{DONE}' AND seq = 1"),
    );
    let mut cfg = common::test_config("unused-http");
    cfg.data = dir;
    let server = common::start(cfg).await;
    let c = common::Client::new(server.addr);
    let a = c.state(DONE, None).await;
    assert_eq!(a.status, 500, "{}", a.raw);
    let msg = a.body["error"].as_str().unwrap();
    assert!(
        msg.contains(DONE) && msg.contains("cannot be read back"),
        "{msg}"
    );
    assert_eq!(c.state(GOOD[0], None).await.status, 200);
    server.stop().await.unwrap();
}
