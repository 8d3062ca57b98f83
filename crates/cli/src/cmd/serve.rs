//! `b5 serve`: the online table (`b5-server`). Players at different
//! machines share tables over HTTP and WebSocket (the protocol is in
//! `docs/protocol.md`); the tables live in an SQLite file in `--data`, or
//! in a PostgreSQL database (`--store postgres://...`), and survive a crash.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use b5_engine::{Action, Game, PlayerId, Setup};
use b5_server::b5::B5Kind;
use b5_server::game::{GameKind, Prepared, SetupProblem, TableGame};
use b5_server::{Config, GameKindArc};
use clap::Args;
use serde_json::Value;

use crate::cardset::{CardFileText, CardSet};
use crate::save::SaveFile;
use crate::Fail;

/// The B5 CCG as `b5 serve` hosts it: a finished game downloads as a save
/// file that `b5 replay` reads (with the `--cards` files it was played
/// with).
struct Served {
    kind: B5Kind,
    files: Vec<CardFileText>,
}

impl GameKind for Served {
    fn name(&self) -> &'static str {
        self.kind.name()
    }

    fn bots(&self) -> &'static [&'static str] {
        self.kind.bots()
    }

    fn decks(&self) -> Vec<Value> {
        self.kind.decks()
    }

    fn prepare(&self, seats: &[Value], options: &Value) -> Result<Prepared, Vec<SetupProblem>> {
        self.kind.prepare(seats, options)
    }

    fn new_game(&self, setup: &Value, seed: u64) -> Result<Box<dyn TableGame>, String> {
        self.kind.new_game(setup, seed)
    }

    fn cards(&self) -> Vec<Value> {
        self.kind.cards()
    }

    fn check_deck(&self, list: &str, pack: Option<&str>) -> Option<Value> {
        self.kind.check_deck(list, pack)
    }

    fn check_pack(&self, file: &str) -> Option<Result<Vec<String>, Vec<SetupProblem>>> {
        self.kind.check_pack(file)
    }

    fn sandbox(&self, file: &str, card: &str) -> Option<Result<Prepared, Vec<SetupProblem>>> {
        self.kind.sandbox(file, card)
    }

    fn save_file(&self, setup: &Value, seed: u64, actions: &[(usize, Value)]) -> Option<String> {
        let db = self.kind.db_for_setup(setup).ok()?;
        // A card pack's table: the save carries the pack's file too, so
        // that `b5 replay` loads its cards.
        let mut files = self.files.clone();
        if let Some(p) = setup.get("pack") {
            files.push(CardFileText {
                file: format!("{}.toml", p["name"].as_str().unwrap_or("pack")),
                text: p["file"].as_str()?.to_string(),
            });
        }
        let setup: Setup = serde_json::from_value(setup.clone()).ok()?;
        let mut game = Game::new(setup.clone(), db, seed).ok()?;
        let mut typed = Vec::with_capacity(actions.len());
        for (seat, a) in actions {
            let a: Action = serde_json::from_value(a.clone()).ok()?;
            let p = PlayerId::try_from(*seat).ok()?;
            game.apply(p, a).ok()?;
            typed.push((p, a));
        }
        Some(SaveFile::record(&game, &setup, seed, &typed, &files).to_json())
    }
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (`0.0.0.0:PORT` opens it to the network)
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
    pub addr: String,
    /// The folder of the store (created if need be)
    #[arg(long, default_value = "./b5-data", value_name = "DIR")]
    pub data: PathBuf,
    /// Keep the tables in a PostgreSQL database instead of the SQLite file
    /// in --data: postgres://USER[:PASSWORD]@HOST[:PORT]/DB (or sqlite:DIR,
    /// the same as --data DIR)
    #[arg(long, env = "B5_STORE", hide_env_values = true, value_name = "URL",
          value_parser = parse_store)]
    pub store: Option<b5_server::StoreLocator>,
    /// Several processes on one PostgreSQL store: seconds a table stays
    /// with its process after the process stops renewing its lease (how
    /// soon another process takes the tables of one that died)
    #[arg(long, default_value_t = 10, value_name = "SECS",
          value_parser = clap::value_parser!(u64).range(1..=3_600))]
    pub lease_seconds: u64,
    /// Several processes on one PostgreSQL store: where the other processes
    /// reach this one (http://HOST:PORT); default: http:// and --addr
    #[arg(long, value_name = "URL", value_parser = parse_advertise)]
    pub advertise: Option<String>,
    /// The largest request body, in bytes
    #[arg(long, default_value_t = 64 * 1024, value_name = "BYTES",
          value_parser = clap::value_parser!(u64).range(1024..))]
    pub max_body: u64,
    /// The largest WebSocket message from a client, in bytes
    #[arg(long, default_value_t = 16 * 1024, value_name = "BYTES",
          value_parser = clap::value_parser!(u64).range(1024..))]
    pub max_ws_message: u64,
    /// Actions per second per seat (HTTP) and per WebSocket connection
    #[arg(long, default_value_t = 20, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub actions_per_second: u32,
    /// Tables held at most (finished tables make room first)
    #[arg(long, default_value_t = 4000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_tables: u64,
    /// Connections open at once at most, HTTP and WebSocket alike (one
    /// more is answered 503 and closed); lowered to fit the open-files
    /// limit, which the server raises to its hard limit at start
    #[arg(long, default_value_t = b5_server::DEFAULT_MAX_CONNECTIONS as u64, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections: u64,
    /// Connections open at once from one address (IPv6: one /64 network)
    /// at most (one more is answered 429 and closed)
    #[arg(long, default_value_t = b5_server::DEFAULT_MAX_PER_ADDRESS as u64, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections_per_address: u64,
    /// WebSocket connections open at once at most (one more is answered
    /// 503)
    #[arg(long, default_value_t = b5_server::DEFAULT_MAX_WEBSOCKETS as u64, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_websockets: u64,
    /// Seconds a client has to send a request's head; a keep-alive
    /// connection idle this long is closed
    #[arg(long, default_value_t = 10, value_name = "SECS",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,
    /// Seconds a request's body may pause between two pieces
    #[arg(long, default_value_t = 10, value_name = "SECS",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_timeout: u64,
    /// Seconds a whole request may take, body and answer (then 408)
    #[arg(long, default_value_t = 30, value_name = "SECS",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub request_timeout: u64,
    /// Tables one address may create an hour, at most 10 at once (0: no
    /// limit)
    #[arg(long, default_value_t = b5_server::expiry::DEFAULT_TABLES_PER_HOUR, value_name = "N")]
    pub tables_per_hour: u32,
    /// Minutes a table waits for its first player: a table none of whose
    /// human seats was taken by then expires
    #[arg(long, default_value_t = 30, value_name = "MIN",
          value_parser = clap::value_parser!(u64).range(1..=525_600))]
    pub unjoined_minutes: u64,
    /// Hours a table waits for a human to join, act or chat: then it ends,
    /// abandoned
    #[arg(long, default_value_t = 24, value_name = "HOURS",
          value_parser = clap::value_parser!(u64).range(1..=8_760))]
    pub abandoned_hours: u64,
    /// Minutes a finished table stays in memory (it stays in the store,
    /// and is read back when asked for)
    #[arg(long, default_value_t = 10, value_name = "MIN",
          value_parser = clap::value_parser!(u64).range(1..=10_080))]
    pub finished_minutes: u64,
    /// Sandboxes held at once at most (the Cards page's "Try it": a table
    /// to try a card of a player's own file against a computer player,
    /// never stored); 0: none offered
    #[arg(long, default_value_t = b5_server::sandbox::DEFAULT_MAX_SANDBOXES as u64, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub max_sandboxes: u64,
    /// Minutes a sandbox waits for its player to act: then it ends and
    /// leaves memory
    #[arg(long, default_value_t = 30, value_name = "MIN",
          value_parser = clap::value_parser!(u64).range(1..=1_440))]
    pub sandbox_minutes: u64,
    /// Lets players offer card files as card packs that tables on this
    /// server may use, kept in this folder (created if need be; files put
    /// there are read at start). Without it the server stores nothing a
    /// player writes
    #[arg(long, value_name = "DIR")]
    pub card_packs: Option<std::path::PathBuf>,
    /// Computer players wait this long before each action, so that humans
    /// can follow
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pub bot_delay_ms: u64,
    /// Lets table requests choose their seed: for tests only (a known seed
    /// reveals every deck's order)
    #[arg(long)]
    pub test_mode: bool,
}

fn parse_store(s: &str) -> Result<b5_server::StoreLocator, String> {
    b5_server::StoreLocator::parse(s)
}

fn parse_advertise(s: &str) -> Result<String, String> {
    let rest = s
        .strip_prefix("http://")
        .ok_or("the address other processes reach this one at is http://HOST:PORT")?;
    let host_port = rest.trim_end_matches('/');
    if host_port.is_empty() || host_port.contains('/') || !host_port.contains(':') {
        return Err(format!("{s:?} is not http://HOST:PORT"));
    }
    Ok(format!("http://{host_port}"))
}

pub fn run(args: &ServeArgs, cards: &CardSet) -> Result<ExitCode, Fail> {
    b5_server::init_logging();
    let mut cfg = Config::new(&args.data);
    cfg.store = args.store.clone();
    cfg.lease = Duration::from_secs(args.lease_seconds);
    cfg.advertise = args.advertise.clone();
    cfg.max_body = usize::try_from(args.max_body).unwrap_or(usize::MAX);
    cfg.max_ws_message = usize::try_from(args.max_ws_message).unwrap_or(usize::MAX);
    cfg.actions_per_second = args.actions_per_second;
    cfg.max_tables = usize::try_from(args.max_tables).unwrap_or(usize::MAX);
    cfg.bot_delay = Duration::from_millis(args.bot_delay_ms);
    cfg.test_mode = args.test_mode;
    cfg.max_connections = usize::try_from(args.max_connections).unwrap_or(usize::MAX);
    cfg.max_per_address = usize::try_from(args.max_connections_per_address).unwrap_or(usize::MAX);
    cfg.max_websockets = usize::try_from(args.max_websockets).unwrap_or(usize::MAX);
    cfg.tables_per_hour = args.tables_per_hour;
    cfg.unjoined_lifetime = Duration::from_secs(args.unjoined_minutes * 60);
    cfg.abandoned_after = Duration::from_secs(args.abandoned_hours * 3600);
    cfg.finished_kept = Duration::from_secs(args.finished_minutes * 60);
    cfg.max_sandboxes = usize::try_from(args.max_sandboxes).unwrap_or(usize::MAX);
    cfg.sandbox_idle = Duration::from_secs(args.sandbox_minutes * 60);
    cfg.card_packs = args.card_packs.clone();
    cfg.timeouts = b5_server::connections::Timeouts {
        header: Duration::from_secs(args.header_timeout),
        body: Duration::from_secs(args.body_timeout),
        request: Duration::from_secs(args.request_timeout),
    };
    // The first game is the default of a table request; Babylon 5 Empires
    // is `"game": "empires"`.
    let kinds: Vec<GameKindArc> = vec![
        Arc::new(Served {
            kind: B5Kind::new(cards.db.clone(), cards.decks.clone()),
            files: cards.files.clone(),
        }),
        Arc::new(b5_server::empires::EmpiresKind),
    ];
    let test_mode = args.test_mode;
    // The browser client (crates/web, built from web/) is served beside /api.
    b5_server::run(cfg, kinds, &args.addr, Some(b5_web::router()), |addr| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "b5 serve: listening on http://{addr}");
        if test_mode {
            let _ = writeln!(
                out,
                "b5 serve: TEST MODE: table requests may choose their seed"
            );
        }
        let _ = out.flush();
    })
    .map_err(|e| Fail::new(e.to_string()))?;
    Ok(ExitCode::SUCCESS)
}
