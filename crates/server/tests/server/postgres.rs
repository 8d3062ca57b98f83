//! What only the PostgreSQL store has to show (the tests both stores pass
//! are in store.rs): a database that is not a store of this build is
//! refused with its reason, never with its password; a bad row leaves out
//! its table alone, naming it and the row; and a writer whose connection
//! is lost connects again. Each test needs the server `test.sh` starts
//! (`scripts/with-postgres.sh`): `cargo test -p b5-server --test server
//! -- --ignored postgres` beside one.

use crate::common;

use b5_server::pg::PgStore;
use std::time::Duration;

use b5_server::store::{Located, PendingUndo, Store, StoreError};
use common::stored::{actions, new_table, postgres_database};

fn sql(url: &str, statements: &str) {
    let mut c = postgres::Client::connect(url, postgres::NoTls).expect("the test database");
    c.batch_execute(statements).expect("the statements run");
}

fn refused(url: &str) -> String {
    match PgStore::open(url) {
        Ok(_) => panic!("{url}: opened"),
        Err(e) => e.to_string(),
    }
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_refuses_what_is_not_a_store_of_this_build() {
    // Another application's tables: refused, and left as they were.
    let url = postgres_database("other");
    sql(
        &url,
        "CREATE TABLE players (id INT); INSERT INTO players VALUES (1);",
    );
    let msg = refused(&url);
    assert!(msg.contains("holds other tables (players)"), "{msg}");
    assert!(msg.contains("postgres://"), "names the database: {msg}");
    sql(&url, "SELECT id FROM players WHERE id = 1");

    // A newer schema than this build knows.
    let url = postgres_database("newer");
    drop(PgStore::open(&url).unwrap());
    sql(&url, "UPDATE b5_store SET version = 99");
    let msg = refused(&url);
    assert!(
        msg.contains("schema version 99, newer than this build knows"),
        "{msg}"
    );

    // A table of the schema missing: an error, never recreated empty.
    let url = postgres_database("missing");
    drop(PgStore::open(&url).unwrap());
    sql(&url, "DROP TABLE chat");
    let msg = refused(&url);
    assert!(msg.contains("the store's table chat is missing"), "{msg}");
    let msg = refused(&url);
    assert!(msg.contains("chat is missing"), "still refused: {msg}");

    // Another application's marker.
    let url = postgres_database("marker");
    drop(PgStore::open(&url).unwrap());
    sql(&url, "UPDATE b5_store SET application = 'someone-else'");
    let msg = refused(&url);
    assert!(msg.contains("not a b5 store"), "{msg}");

    // A server that does not answer: the address named, not its password.
    let admin = common::stored::postgres_admin();
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let url = format!("postgres://b5:sekret@127.0.0.1:{port}/nothing?connect_timeout=2");
    let msg = refused(&url);
    assert!(msg.contains(&format!("127.0.0.1:{port}/nothing")), "{msg}");
    assert!(
        !msg.contains("sekret"),
        "the password is never shown: {msg}"
    );
    assert!(!admin.is_empty());
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_a_bad_row_leaves_out_its_table_alone() {
    let url = postgres_database("badrows");
    let s = PgStore::open(&url).unwrap();
    for (id, seed) in [("good", 1), ("notjson", 2), ("gap", 3), ("undo", 4)] {
        let t = new_table(id, seed);
        s.create_table(&t).unwrap();
        for a in actions(&t, 3) {
            s.append_action(id, &a, false).unwrap();
        }
    }
    let asked = PendingUndo {
        by: 0,
        target: 1,
        seq: 3,
        waiting: vec![1],
    };
    s.set_undo("undo", Some(&asked)).unwrap();
    drop(s);
    sql(
        &url,
        "UPDATE actions SET action = 'not json' WHERE table_id = 'notjson' AND seq = 1;
         DELETE FROM actions WHERE table_id = 'gap' AND seq = 1;
         UPDATE pending_undo SET waiting = '[7]' WHERE table_id = 'undo';",
    );
    let s = PgStore::open(&url).unwrap();
    let read = s.unfinished_tables().unwrap();
    let mut good = Vec::new();
    let mut bad = Vec::new();
    for r in read {
        match r {
            Ok(t) => good.push(t.table.id),
            Err((id, e)) => bad.push((id, e.to_string())),
        }
    }
    assert_eq!(good, vec!["good".to_string()]);
    let find = |id: &str| {
        bad.iter()
            .find(|(b, _)| b == id)
            .unwrap_or_else(|| panic!("{id} is not named: {bad:?}"))
            .1
            .clone()
    };
    let m = find("notjson");
    assert!(
        m.contains("table notjson") && m.contains("action 1: the action is not JSON"),
        "{m}"
    );
    let m = find("gap");
    assert!(m.contains("the log has a gap before action 2"), "{m}");
    let m = find("undo");
    assert!(m.contains("waiting names seat 7"), "{m}");
    // Asked for by id, the same.
    assert!(matches!(s.table("gap"), Err(StoreError::Unreadable { .. })));
    assert!(s.table("good").unwrap().is_some());
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_a_writer_whose_connection_is_lost_connects_again() {
    let url = postgres_database("reconnect");
    let s = PgStore::open(&url).unwrap();
    let t = new_table("t1", 8);
    let log = actions(&t, 3);
    s.create_table(&t).unwrap();
    s.append_action("t1", &log[0], false).unwrap();
    // The database server ends the writer's connection.
    sql(
        &url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'b5 serve writer' AND datname = current_database()",
    );
    // The write it fails (if any) is refused, nothing half-written; the
    // next goes through a new connection.
    let mut next = 1;
    for _ in 0..2 {
        if s.append_action("t1", &log[next], false).is_ok() {
            next += 1;
        }
    }
    assert!(
        next >= 2,
        "no write went through after the connection was lost"
    );
    let back = s.table("t1").unwrap().unwrap();
    assert_eq!(back.log, log[..next].to_vec());
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_copy_moves_every_table_row_for_row_and_back() {
    use b5_server::copy::copy;
    use b5_server::sqlite::SqliteStore;
    use b5_server::store::{ChatLine, Ended};

    // A club's store: a finished table, one with chat past what is kept
    // in memory and a pending undo, one that ended unjoined.
    let dir = common::temp_dir("copy-from");
    let club = SqliteStore::open(&dir).unwrap();
    let done = new_table("done", 1);
    club.create_table(&done).unwrap();
    let log = actions(&done, 4);
    for (i, a) in log.iter().enumerate() {
        club.append_action("done", a, i == 3).unwrap();
    }
    let busy = new_table("busy", 2);
    club.create_table(&busy).unwrap();
    club.join_seat("busy", 0, &[9; 32], "Alice").unwrap();
    for a in actions(&busy, 3) {
        club.append_action("busy", &a, false).unwrap();
    }
    for n in 0..250u64 {
        let line = ChatLine {
            n,
            seat: (n % 2) as usize,
            name: "Alice".into(),
            text: format!("line {n} ünïcödé"),
            at: 1_700_000_000 + n as i64,
        };
        club.append_chat("busy", &line).unwrap();
    }
    let asked = PendingUndo {
        by: 0,
        target: 2,
        seq: 3,
        waiting: vec![1],
    };
    club.set_undo("busy", Some(&asked)).unwrap();
    let idle = new_table("idle", 3);
    club.create_table(&idle).unwrap();
    club.write_wait(b5_server::store::Write::End {
        table: "idle".into(),
        ended: Ended::Expired,
    })
    .unwrap();

    let url = postgres_database("copy");
    let shared = PgStore::open(&url).unwrap();
    let mut seen = Vec::new();
    let copied = copy(&club, &shared, |done, all| seen.push((done, all))).unwrap();
    assert_eq!(copied.tables, 3);
    assert_eq!(copied.finished, 2);
    assert_eq!(copied.log_entries, 7);
    assert_eq!(copied.chat_lines, 250);
    assert_eq!(seen.last(), Some(&(3, 3)));
    for id in ["done", "busy", "idle"] {
        assert_eq!(shared.dump(id).unwrap(), club.dump(id).unwrap(), "{id}");
    }
    // What a server reads at start is the same from either store.
    assert_eq!(
        shared
            .unfinished_tables()
            .unwrap()
            .into_iter()
            .map(|t| t.unwrap())
            .collect::<Vec<_>>(),
        club.unfinished_tables()
            .unwrap()
            .into_iter()
            .map(|t| t.unwrap())
            .collect::<Vec<_>>()
    );
    // Never into a store that holds tables.
    let again = copy(&club, &shared, |_, _| {}).unwrap_err().to_string();
    assert!(again.contains("already holds 3 tables"), "{again}");

    // Not from a store a server process serves.
    let back = SqliteStore::open(&common::temp_dir("copy-back")).unwrap();
    // A server with leases of an hour, last seen a minute ago (it renews
    // every twenty minutes): alive, and the copy is refused.
    let server = PgStore::open_with(&url, Duration::from_secs(3600)).unwrap();
    server
        .shared()
        .unwrap()
        .announce("http://127.0.0.1:9")
        .unwrap();
    sql(
        &url,
        "UPDATE processes SET seen_at = now() - interval '1 minute' WHERE address IS NOT NULL",
    );
    let busy = copy(&shared, &back, |_, _| {}).unwrap_err().to_string();
    assert!(
        busy.contains("the source is served by 1 process(es) (http://127.0.0.1:9)"),
        "{busy}"
    );
    assert!(back.table_ids().unwrap().is_empty());
    // Once its lease ran out (as after kill -9), the copy goes ahead.
    sql(
        &url,
        "UPDATE processes SET until = now() - interval '1 second' WHERE address IS NOT NULL",
    );
    let crashed = SqliteStore::open(&common::temp_dir("copy-after-crash")).unwrap();
    copy(&shared, &crashed, |_, _| {}).unwrap();
    // Or once it stopped cleanly.
    sql(
        &url,
        "UPDATE processes SET until = now() + interval '1 hour'",
    );
    assert!(copy(&shared, &back, |_, _| {}).is_err());
    drop(server);
    // Once it stopped, back into a new SQLite folder, the same rows.
    copy(&shared, &back, |_, _| {}).unwrap();
    for id in ["done", "busy", "idle"] {
        assert_eq!(back.dump(id).unwrap(), club.dump(id).unwrap(), "{id}");
    }
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_a_process_that_lost_a_table_never_writes_it_again() {
    let url = postgres_database("fence");
    // Long leases: the keepers renew at start, then not for 20 s, so the
    // test's own SQL decides when A's lease runs out.
    let a = PgStore::open_with(&url, Duration::from_secs(60)).unwrap();
    let b = PgStore::open_with(&url, Duration::from_secs(60)).unwrap();
    let (sa, sb) = (a.shared().unwrap(), b.shared().unwrap());
    assert_ne!(sa.process(), sb.process());
    let t = new_table("t1", 5);
    let log = actions(&t, 3);
    a.create_table(&t).unwrap();
    a.append_action("t1", &log[0], false).unwrap();
    // A owns it and renews its lease: B cannot take it, and B's writes
    // are refused.
    sa.announce("http://a.example:1").unwrap();
    assert_eq!(
        sb.claim("t1").unwrap(),
        Located::Elsewhere("http://a.example:1".into())
    );
    assert!(matches!(
        b.append_action("t1", &log[1], false),
        Err(StoreError::Moved(id)) if id == "t1"
    ));
    assert_eq!(sb.claim("t9").unwrap(), Located::Missing);
    assert_eq!(sb.peers().unwrap(), vec!["http://a.example:1".to_string()]);
    // A stops renewing (as if it hung): once the lease ran out, B takes
    // the table, and from then on A never writes it.
    sql(
        &url,
        "UPDATE tables SET lease_until = now() - interval '1 second'",
    );
    assert_eq!(sb.claim("t1").unwrap(), Located::Here);
    for _ in 0..3 {
        let r = a.append_action("t1", &log[1], false);
        assert!(matches!(r, Err(StoreError::Moved(_))), "A wrote: {r:?}");
    }
    assert_eq!(
        sa.lost(&["t1".to_string()]).unwrap(),
        vec!["t1".to_string()]
    );
    assert!(sb.lost(&["t1".to_string()]).unwrap().is_empty());
    b.append_action("t1", &log[1], false).unwrap();
    assert_eq!(b.table("t1").unwrap().unwrap().log, log[..2].to_vec());
    // B stops cleanly: it lets go at once, and A may take the table back.
    drop(b);
    assert_eq!(sa.claim("t1").unwrap(), Located::Here);
    a.append_action("t1", &log[2], false).unwrap();
    assert_eq!(a.table("t1").unwrap().unwrap().log, log.to_vec());
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_a_keeper_renews_its_leases_even_when_its_connection_is_lost() {
    let url = postgres_database("keeper");
    // Leases of 2 s, renewed every two thirds of a second.
    let lease = Duration::from_secs(2);
    let a = PgStore::open_with(&url, lease).unwrap();
    let b = PgStore::open_with(&url, lease).unwrap();
    let t = new_table("t1", 5);
    a.create_table(&t).unwrap();
    let sb = b.shared().unwrap();
    let b_never_takes_it_for = |d: Duration| {
        let until = std::time::Instant::now() + d;
        while std::time::Instant::now() < until {
            assert_ne!(sb.claim("t1").unwrap(), Located::Here, "B took A's table");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    // Two leases go by: A's keeper renews, B never takes the table.
    b_never_takes_it_for(2 * lease);
    // The database server ends the keepers' connections: they connect
    // again at their next renewal, before A's lease runs out.
    sql(
        &url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'b5 serve keeper' AND datname = current_database()",
    );
    b_never_takes_it_for(2 * lease);
    a.append_action("t1", &actions(&t, 1)[0], false).unwrap();
    // A stops renewing (dropped uncleanly is not possible in-process:
    // its lease is ended by hand): B takes the table.
    sql(
        &url,
        "UPDATE tables SET lease_until = now() - interval '1 second'",
    );
    assert_eq!(sb.claim("t1").unwrap(), Located::Here);
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_writes_to_many_tables_never_deadlock_with_the_lease_renewals() {
    use b5_server::store::Write;
    use rand::{seq::IndexedRandom, seq::SliceRandom, SeedableRng};
    let url = postgres_database("deadlock");
    // Leases of a second: the keeper renews every third of one, while
    // the writer commits batches touching many tables in any order.
    let s = PgStore::open_with(&url, Duration::from_secs(1)).unwrap();
    // Another process, watching for a lease that lapsed.
    let other = PgStore::open_with(&url, Duration::from_secs(1)).unwrap();
    let sb = other.shared().unwrap();
    let ids: Vec<String> = (0..60).map(|i| format!("t{i}")).collect();
    for (i, id) in ids.iter().enumerate() {
        s.create_table(&new_table(id, i as u64)).unwrap();
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    let until = std::time::Instant::now() + Duration::from_secs(4);
    let (mut writes, mut failed) = (0, Vec::new());
    while std::time::Instant::now() < until {
        let mut order = ids.clone();
        order.shuffle(&mut rng);
        let (tx, rx) = std::sync::mpsc::channel();
        for id in &order {
            let tx = tx.clone();
            let w = Write::SetAway {
                table: id.clone(),
                seat: 0,
                away: writes % 2 == 0,
            };
            s.write(w, Box::new(move |r| drop(tx.send(r))));
        }
        drop(tx);
        let id = ids.choose(&mut rng).unwrap();
        assert_ne!(sb.claim(id).unwrap(), Located::Here, "a lease lapsed");
        for r in rx {
            writes += 1;
            if let Err(e) = r {
                failed.push(e.to_string());
            }
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {writes} writes failed: {:?}",
        failed.len(),
        &failed[..failed.len().min(3)]
    );
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_a_stopped_processs_unfinished_tables_are_taken_once() {
    let url = postgres_database("orphans");
    let a = PgStore::open_with(&url, Duration::from_secs(60)).unwrap();
    for (i, n) in [(1, 3), (2, 0), (3, 2)] {
        let t = new_table(&format!("t{i}"), 5);
        a.create_table(&t).unwrap();
        for e in actions(&t, n) {
            a.append_action(&t.id, &e, false).unwrap();
        }
    }
    a.append_action("t2", &actions(&new_table("t2", 5), 1)[0], true)
        .unwrap();
    let b = PgStore::open_with(&url, Duration::from_secs(60)).unwrap();
    let c = PgStore::open_with(&url, Duration::from_secs(60)).unwrap();
    let (sb, sc) = (b.shared().unwrap(), c.shared().unwrap());
    // A lives: nothing to take.
    assert!(sb.claim_orphans(10).unwrap().is_empty());
    // A dies: its rows still name it, with a lease that runs out on the
    // database's clock a second from now.
    drop(a);
    sql(
        &url,
        "UPDATE tables SET owner = 'deadbeefdeadbeef', lease_until = now() + interval '1 second'",
    );
    assert!(sb.claim_orphans(10).unwrap().is_empty());
    std::thread::sleep(Duration::from_millis(1100));
    // B takes one, then C the other unfinished one; nobody takes more.
    let first = sb.claim_orphans(1).unwrap();
    let second = sc.claim_orphans(10).unwrap();
    assert!(sb.claim_orphans(10).unwrap().is_empty());
    let ids = |r: &[b5_server::store::TableRead]| -> Vec<(String, usize)> {
        r.iter()
            .map(|t| {
                let t = t.as_ref().expect("read back");
                (t.table.id.clone(), t.log.len())
            })
            .collect()
    };
    assert_eq!(ids(&first), vec![("t1".to_string(), 3)]);
    assert_eq!(ids(&second), vec![("t3".to_string(), 2)]);
}

#[test]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
fn postgres_a_reader_whose_connection_is_lost_connects_again() {
    let url = postgres_database("reader");
    let s = PgStore::open(&url).unwrap();
    let t = new_table("t1", 6);
    s.create_table(&t).unwrap();
    sql(
        &url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'b5 serve reader' AND datname = current_database()",
    );
    assert_eq!(s.table("t1").unwrap().unwrap().table.id, "t1");
    assert_eq!(s.unfinished_tables().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
async fn postgres_a_table_behind_its_store_is_read_again() {
    use b5_server::b5::B5Kind;
    use b5_server::game::GameKind;
    use common::stored::StoreAt;
    use common::{start, table_request, Client};

    let at = StoreAt::postgres("behind");
    let StoreAt::Postgres(url) = &at else {
        unreachable!()
    };
    let url = url.clone();
    let mut cfg = at.config("behind");
    cfg.lease = Duration::from_secs(1);
    let server = start(cfg).await;
    let c = Client::new(server.addr);
    let players = [("human", "narn"), ("human", "minbari")];
    let (id, inv) = c.create(&table_request(&players, 3, 5)).await;
    let tokens = c.join_all(&id, &inv).await;

    // A commit whose answer was lost went through after all: the store
    // holds the table's next action, the server's memory does not.
    let store = server.state.store.clone();
    let key = id.clone();
    let stored = tokio::task::spawn_blocking(move || store.table(&key).unwrap().unwrap())
        .await
        .unwrap();
    assert!(stored.log.is_empty());
    let kind = B5Kind::open_set().unwrap();
    let mut g = kind
        .new_game(&stored.table.setup, stored.table.seed)
        .unwrap();
    let seat = g.to_act()[0];
    let a = g.legal_actions(seat)[0].clone();
    g.apply(seat, &a).unwrap();
    let (digest, action, key) = (g.digest() as i64, a.to_string(), id.clone());
    tokio::task::spawn_blocking(move || {
        let mut db = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        db.execute(
            "INSERT INTO actions (table_id, seq, seat, action, undoes, digest, at)
             VALUES ($1, 0, $2, $3, NULL, $4, 0)",
            &[&key, &(seat as i32), &action, &digest],
        )
        .unwrap();
    })
    .await
    .unwrap();

    // The same action, sent at the seq the server knows: the store
    // refuses it, and the client is told to fetch the state again.
    let token = &tokens.iter().find(|(s, _)| *s == seat).unwrap().1;
    let r = c.act(&id, token, 0, &a).await;
    assert_eq!(r.status, 503, "{}", r.raw);
    assert!(r.raw.contains("read again from the store"), "{}", r.raw);

    // Within a third of a lease the table is read again: the stored
    // action is in effect, and play goes on from it.
    let until = std::time::Instant::now() + Duration::from_secs(5);
    let st = loop {
        let st = c.state(&id, Some(token)).await;
        if st.status == 200 && st.body["seq"] == 1 {
            break st.body;
        }
        assert!(
            std::time::Instant::now() < until,
            "not read again: {}",
            st.raw
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let (next_seat, next_token) = tokens.iter().find(|(s, _)| *s == g.to_act()[0]).unwrap();
    let next = g.legal_actions(*next_seat)[0].clone();
    let r = c.act(&id, next_token, 1, &next).await;
    assert_eq!(r.status, 200, "{} (state {st})", r.raw);
    server.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
async fn postgres_a_flood_of_lobby_requests_is_not_passed_on_to_every_process() {
    use common::stored::StoreAt;
    use common::{start, Client};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    // Another process, as far as the server can tell: it lists one table
    // and counts how often it is asked.
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = asked.clone();
    let peer = axum::Router::new().route(
        "/api/tables",
        axum::routing::get(move || {
            let counter = counter.clone();
            async move {
                counter.fetch_add(1, Ordering::SeqCst);
                axum::Json(serde_json::json!({ "tables": [ { "table": "fffffffffffffff0" } ] }))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let peer_at = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, peer).await });

    let at = StoreAt::postgres("lobbyflood");
    let StoreAt::Postgres(url) = &at else {
        unreachable!()
    };
    let server = start(at.config("lobbyflood")).await;
    let (url, addr) = (url.clone(), peer_at.clone());
    tokio::task::spawn_blocking(move || {
        let mut db = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        db.execute(
            "INSERT INTO processes (id, address, until) VALUES ('peer', $1, now() + interval '1 hour')",
            &[&addr],
        )
        .unwrap();
    })
    .await
    .unwrap();

    // 200 lobby requests at once: each lists the other process's table,
    // which is asked once (twice if the requests straddle a second).
    let c = Client::new(server.addr);
    let answers =
        futures_util::future::join_all((0..200).map(|_| c.get("/api/tables", None))).await;
    for a in &answers {
        assert_eq!(a.status, 200, "{}", a.raw);
        assert!(a.raw.contains("fffffffffffffff0"), "{}", a.raw);
    }
    let n = asked.load(Ordering::SeqCst);
    assert!(
        (1..=2).contains(&n),
        "the other process was asked {n} times"
    );
    server.stop().await.unwrap();
}
