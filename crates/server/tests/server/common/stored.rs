//! Real tables for the store's tests: a B5 CCG set-up and the first
//! actions of its game, with their digests.

use b5_server::b5::B5Kind;
use b5_server::game::GameKind;
use b5_server::store::{LoggedAction, NewTable, StoredSeat};

use super::table_request;

/// Two human seats (no computer player moves the table during a test).
pub fn seats() -> Vec<StoredSeat> {
    vec![
        StoredSeat {
            player: "human".into(),
            label: "Narn".into(),
            invitation_hash: Some([1; 32]),
            token_hash: None,
            name: None,
            away: false,
        },
        StoredSeat {
            player: "human".into(),
            label: "Minbari".into(),
            invitation_hash: None,
            token_hash: None,
            name: None,
            away: false,
        },
    ]
}

pub fn new_table(id: &str, seed: u64) -> NewTable {
    let kind = B5Kind::open_set().unwrap();
    let req = table_request(&[("human", "narn"), ("greedy", "minbari")], seed, 5);
    let prepared = kind
        .prepare(req["seats"].as_array().unwrap(), &req["options"])
        .unwrap();
    NewTable {
        id: id.into(),
        game: "b5ccg".into(),
        setup: prepared.setup,
        seed,
        spectators: true,
        clock_ms: None,
        open_seats: false,
        bot_delay_ms: None,
        seats: seats(),
    }
}

/// The first `n` actions of a game (each seat's first legal action), with
/// their digests.
pub fn actions(t: &NewTable, n: usize) -> Vec<LoggedAction> {
    let kind = B5Kind::open_set().unwrap();
    let mut g = kind.new_game(&t.setup, t.seed).unwrap();
    let mut out = Vec::new();
    for seq in 0..n as u64 {
        let seat = g.to_act()[0];
        let a = g.legal_actions(seat)[0].clone();
        g.apply(seat, &a).unwrap();
        out.push(LoggedAction {
            seq,
            seat,
            action: a,
            undoes: None,
            digest: g.digest(),
        });
    }
    out
}

/// Where a test's store is: a fresh SQLite folder, or a fresh database on
/// the PostgreSQL server the tests were given (`B5_TEST_POSTGRES`, set by
/// `scripts/with-postgres.sh`, which `test.sh` runs them under).
#[derive(Clone, Debug)]
pub enum StoreAt {
    Sqlite(std::path::PathBuf),
    Postgres(String),
}

/// The PostgreSQL server the tests were given.
pub fn postgres_admin() -> String {
    std::env::var("B5_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "B5_TEST_POSTGRES is not set: the PostgreSQL tests need a server; \
             run them as test.sh does: bash scripts/with-postgres.sh cargo test -p b5-server \
             --test server -- --ignored postgres"
        )
    })
}

/// A fresh, empty database on the tests' PostgreSQL server; its address.
pub fn postgres_database(name: &str) -> String {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let db = format!("b5t_{}_{}_{n}", name.to_lowercase(), std::process::id());
    b5_server::pg::create_database(&postgres_admin(), &db).expect("a fresh test database")
}

impl StoreAt {
    pub fn sqlite(name: &str) -> StoreAt {
        StoreAt::Sqlite(super::temp_dir(name))
    }

    pub fn postgres(name: &str) -> StoreAt {
        StoreAt::Postgres(postgres_database(name))
    }

    pub fn open(&self) -> Result<Box<dyn b5_server::store::Store>, b5_server::store::StoreError> {
        Ok(match self {
            StoreAt::Sqlite(dir) => Box::new(b5_server::sqlite::SqliteStore::open(dir)?),
            StoreAt::Postgres(url) => {
                // As a server does at start: it takes the tables nobody
                // serves.
                let s = b5_server::pg::PgStore::open(url)?;
                if let Some(sh) = b5_server::store::Store::shared(&s) {
                    sh.claim_orphans(usize::MAX)?;
                }
                Box::new(s)
            }
        })
    }

    /// A server configuration whose store is this one.
    pub fn config(&self, name: &str) -> b5_server::Config {
        let mut cfg = super::test_config(name);
        match self {
            StoreAt::Sqlite(dir) => cfg.data = dir.clone(),
            StoreAt::Postgres(url) => {
                cfg.store = Some(b5_server::StoreLocator::Postgres(url.clone()))
            }
        }
        cfg
    }
}

/// Runs each named test function (taking a `&StoreAt`) on both stores:
/// `NAME::sqlite` always, `NAME::postgres` when asked for (ignored by a
/// plain `cargo test`; `test.sh` runs it beside a PostgreSQL server).
#[macro_export]
macro_rules! on_both_stores {
    ($($name:ident),* $(,)?) => { $(
        mod $name {
            #[test]
            fn sqlite() {
                super::$name(&$crate::common::stored::StoreAt::sqlite(stringify!($name)))
            }
            #[test]
            #[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
            fn postgres() {
                super::$name(&$crate::common::stored::StoreAt::postgres(stringify!($name)))
            }
        }
    )* };
}

/// [`on_both_stores!`] for `async` test functions (each run on a runtime
/// of two worker threads).
#[macro_export]
macro_rules! on_both_stores_async {
    ($($name:ident),* $(,)?) => { $(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::common::stored::StoreAt::sqlite(stringify!($name))).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            #[ignore = "needs PostgreSQL: test.sh runs it under scripts/with-postgres.sh"]
            async fn postgres() {
                super::$name($crate::common::stored::StoreAt::postgres(stringify!($name))).await
            }
        }
    )* };
}
