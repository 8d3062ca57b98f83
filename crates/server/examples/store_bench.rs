//! TEMPORARY: store latency micro-benchmark (to be removed).
use std::sync::Arc;
use std::time::{Duration, Instant};

use b5_server::sqlite::SqliteStore;
use b5_server::store::{self, LoggedAction, NewTable, Store, StoredSeat, Write};
use serde_json::json;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = std::path::PathBuf::from(&args[1]);
    let rate: f64 = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(500.0);
    let secs: u64 = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(20);
    let _ = std::fs::remove_dir_all(&dir);
    let s: Arc<dyn Store> = Arc::new(SqliteStore::open(&dir).unwrap());
    let tables = 1000;
    let t0 = Instant::now();
    let mut hs = Vec::new();
    for i in 0..tables {
        let s = s.clone();
        hs.push(tokio::spawn(async move {
            let t = NewTable {
                id: format!("{i:016x}"),
                game: "b5ccg".into(),
                setup: json!({"x": "y".repeat(2000)}),
                seed: 1,
                spectators: true,
                clock_ms: None,
                seats: (0..5)
                    .map(|_| StoredSeat {
                        player: "human".into(),
                        label: "Narn".into(),
                        invitation_hash: Some([1; 32]),
                        token_hash: None,
                        name: None,
                        away: false,
                    })
                    .collect(),
            };
            store::commit(&*s, Write::CreateTable(t)).await.unwrap();
        }));
    }
    for h in hs {
        h.await.unwrap();
    }
    println!("created {tables} tables in {:?}", t0.elapsed());
    let lat = Arc::new(std::sync::Mutex::new(Vec::new()));
    let per_table = rate / tables as f64;
    let mut hs = Vec::new();
    let end = Instant::now() + Duration::from_secs(secs);
    for i in 0..tables {
        let s = s.clone();
        let lat = lat.clone();
        hs.push(tokio::spawn(async move {
            let mut seq = 0u64;
            let mut x: u64 = i as u64 * 7919 + 1;
            tokio::time::sleep(Duration::from_secs_f64(
                (i as f64 / tables as f64) / per_table,
            ))
            .await;
            while Instant::now() < end {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let u = (x % 10000) as f64 / 10000.0 + 0.5;
                tokio::time::sleep(Duration::from_secs_f64(u / per_table)).await;
                let e = LoggedAction {
                    seq,
                    seat: 0,
                    action: json!({"do": "declare", "card": 12, "target": {"Player": 1}}),
                    undoes: None,
                    digest: x,
                };
                let t = Instant::now();
                store::commit(
                    &*s,
                    Write::Append {
                        table: format!("{i:016x}"),
                        entry: e,
                        finished: false,
                    },
                )
                .await
                .unwrap();
                lat.lock().unwrap().push(t.elapsed().as_secs_f64() * 1000.0);
                seq += 1;
            }
        }));
    }
    for h in hs {
        h.await.unwrap();
    }
    let mut v = lat.lock().unwrap().clone();
    v.sort_by(|a, b| a.total_cmp(b));
    let p = |q: f64| v[((v.len() - 1) as f64 * q) as usize];
    println!(
        "{} appends ({:.0}/s): p50 {:.2} p90 {:.2} p99 {:.2} p99.9 {:.2} max {:.2} ms",
        v.len(),
        v.len() as f64 / secs as f64,
        p(0.5),
        p(0.9),
        p(0.99),
        p(0.999),
        p(1.0)
    );
    let wal = std::fs::metadata(dir.join("b5-server.sqlite3-wal"))
        .map(|m| m.len())
        .unwrap_or(0);
    println!("wal bytes {wal}");
}
