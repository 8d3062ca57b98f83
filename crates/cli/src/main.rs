//! The `b5` program: argument parsing and dispatch only; the commands live
//! in the `b5_cli` library (`src/cmd/`).

use std::path::PathBuf;
use std::process::ExitCode;

use b5_cli::cardset::CardSet;
use b5_cli::cmd::{
    analyze, bench, cards, conformance, connect, deck, empires, loadtest, play, replay, serve, sim,
    store, tune,
};
use b5_cli::Fail;
use clap::{Parser, Subcommand};

// mimalloc: the server's many small allocations of short-lived messages
// (views written as text, events, frames) spend about a fifth of its CPU
// in glibc's malloc and free under load (docs/server.md, Load); mimalloc's
// per-thread free lists cost less (measured there, interleaved).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "b5",
    version,
    about = "Babylon 5 CCG rules engine: play, simulate, check decks, replay"
)]
struct Cli {
    /// Load your own card files (a file, or a folder searched for *.toml)
    /// on top of the built-in Open Set; repeatable
    #[arg(long = "cards", value_name = "DIR", global = true)]
    cards: Vec<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game against computer players
    Play(play::PlayArgs),
    /// Play complete games between computer players and print statistics
    Sim(sim::SimArgs),
    /// Self-play analysis: games played (or saved ones) as an HTML report
    /// with charts and a JSON file
    Analyze(analyze::AnalyzeArgs),
    /// Tune the computer players' evaluation weights by self-play (SPSA)
    Tune(tune::TuneArgs),
    /// Deck lists
    #[command(subcommand)]
    Deck(deck::DeckCommand),
    /// List the cards, or show one card in full
    Cards(cards::CardsArgs),
    /// Re-run a saved game, print its log and check that it ends the same
    Replay(replay::ReplayArgs),
    /// Run rules scenarios (files, or folders searched for *.toml)
    Conformance(conformance::ConformanceArgs),
    /// Measure the engine's speed (build with --release)
    Bench(bench::BenchArgs),
    /// Host the online table: players at different machines share games
    Serve(serve::ServeArgs),
    /// The online table's store: copy every table into another store
    #[command(subcommand)]
    Store(store::StoreCommand),
    /// Play a seat of an online table from the terminal (or let a computer
    /// player on this machine play it), or watch a game
    Connect(connect::ConnectArgs),
    /// Load a running `b5 serve` with client-side players and measure it
    Loadtest(loadtest::LoadtestArgs),
    /// Babylon 5 Empires, the board game: play, sim, replay, map, bench,
    /// conformance
    #[command(subcommand)]
    Empires(empires::EmpiresCommand),
}

impl Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Play(_) => "play",
            Command::Sim(_) => "sim",
            Command::Analyze(_) => "analyze",
            Command::Tune(_) => "tune",
            Command::Deck(_) => "deck",
            Command::Cards(_) => "cards",
            Command::Replay(_) => "replay",
            Command::Conformance(_) => "conformance",
            Command::Bench(_) => "bench",
            Command::Serve(_) => "serve",
            Command::Store(_) => "store",
            Command::Connect(_) => "connect",
            Command::Loadtest(_) => "loadtest",
            Command::Empires(_) => "empires",
        }
    }
}

fn dispatch(cli: &Cli) -> Result<ExitCode, Fail> {
    let load = || CardSet::load(&cli.cards);
    match &cli.command {
        Command::Conformance(a) => Ok(conformance::run(a)),
        Command::Replay(a) => replay::run(a, &cli.cards),
        Command::Play(a) => play::run(a, &load()?),
        Command::Sim(a) => sim::run(a, &load()?),
        Command::Analyze(a) => analyze::run(a, &load()?),
        Command::Tune(a) => tune::run(a, &load()?),
        Command::Deck(a) => deck::run(a, &load()?),
        Command::Cards(a) => cards::run(a, &load()?),
        Command::Bench(a) => bench::run(a, &load()?),
        Command::Serve(a) => serve::run(a, &load()?),
        Command::Store(a) => store::run(a),
        Command::Connect(a) => connect::run(a),
        Command::Loadtest(a) => loadtest::run(a),
        Command::Empires(a) => empires::run(a),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(&cli) {
        Ok(code) => code,
        Err(e) => {
            if !e.message.is_empty() {
                eprintln!("b5 {}: {e}", cli.command.name());
            }
            ExitCode::from(e.code)
        }
    }
}
