//! `b5 empires play`: you at seat 1 (player A) against computer players, at
//! the terminal or through a pipe. The map is drawn from your own view
//! whenever a new phase or turn reaches you; the computer players' moves
//! are told as sentences; your legal actions are numbered. A choice with a
//! single legal action is taken for you. `u` takes back your last choice
//! (and the computer players' actions after it). `q` (or the end of the
//! input) quits, saving with `--save`; so does Ctrl-C. `--resume FILE`
//! goes on with a saved game.

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use b5_empires::bots::Bot;
use b5_empires::describe::phase_name;
use b5_empires::{Action, Game, Options, PlayerId, Race, Setup};
use clap::Args;

use super::draw::{letter, map_text, status_text};
use super::{map_and_players, parse_race, races_for, EmpiresBot, EmpiresSave};
use crate::{derive_seed, Fail};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Players at the table, you included (2 to 4; default: the map's
    /// homesystems, or 2)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: Option<u8>,
    /// Your race: centauri, earthforce, minbari or narn
    #[arg(long, value_name = "R", value_parser = parse_race)]
    pub race: Option<Race>,
    /// A map file (TOML), or a shipped map: the-divide, four-crowns
    /// (default: a map generated from the seed)
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// The game's seed (default: from the clock; printed at the start)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Write the saved game to FILE at the end (and when you quit)
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// The computer players
    #[arg(long, value_enum, default_value_t = EmpiresBot::Greedy)]
    pub bot: EmpiresBot,
    /// End the game after this many rounds (the player with the most
    /// systems leads)
    #[arg(long, value_name = "T", default_value_t = 200,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub turn_limit: u32,
    /// Go on with a saved game (b5 empires play --save, b5 empires sim
    /// --save): you take seat 1; the save decides the map, races, seed
    /// and turn limit
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["players", "race", "map", "seed", "turn_limit"])]
    pub resume: Option<PathBuf>,
}

const HELP: &str = "Type the number of an action; a: let the greedy computer player choose this one for you; u: undo your last choice; m: the map again; l: the full list; h: this help; q: quit (saving with --save; Ctrl-C saves too).";

/// Actions listed one a line up to this many; more are grouped.
const LIST_PLAIN: usize = 16;

fn verb(a: &Action) -> &'static str {
    match a {
        Action::Discard { .. } => "Discard",
        Action::Draw => "Draw",
        Action::Play { .. } => "Play a card",
        Action::Pick { .. } => "Pick units",
        Action::Unpick { .. } => "Leave units",
        Action::MoveTo { .. } => "Move to",
        Action::EndOrder | Action::Pass | Action::EndPhase => "End or pass",
        Action::Declare { .. } => "Declare",
        Action::Casualty { .. } => "Casualty",
        Action::Retreat { .. } => "Retreat",
        Action::Buy { .. } => "Recruit",
        Action::Build { .. } => "Build",
        Action::Disband { .. } => "Disband",
    }
}

/// The legal actions, numbered from 1; grouped under their verb when there
/// are many (`full` lists every one a line).
pub fn list_actions(game: &Game, p: PlayerId, legal: &[Action], full: bool) -> String {
    let mut out = String::new();
    if legal.len() <= LIST_PLAIN || full {
        for (i, a) in legal.iter().enumerate() {
            out.push_str(&format!("  {:>3}. {}\n", i + 1, game.describe_action(p, a)));
        }
        return out;
    }
    let mut groups: Vec<(&'static str, Vec<usize>)> = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        let v = verb(a);
        match groups.iter_mut().find(|g| g.0 == v) {
            Some(g) => g.1.push(i),
            None => groups.push((v, vec![i])),
        }
    }
    for (v, idx) in groups {
        out.push_str(&format!("  {v}:\n"));
        for i in idx {
            let words = game.describe_action(p, &legal[i]);
            // Drop the verb the header already says.
            let short = words
                .strip_prefix("Move the picked units to ")
                .or_else(|| words.strip_prefix("Pick "))
                .or_else(|| words.strip_prefix("Recruit "))
                .unwrap_or(&words);
            out.push_str(&format!("    {:>3}. {short}\n", i + 1));
        }
    }
    out
}

fn setup_of(args: &PlayArgs) -> Result<(Setup, u64), Fail> {
    let (choice, n) = map_and_players(args.map.as_deref(), args.players)?;
    let seed = args.seed.unwrap_or_else(super::super::clock_seed);
    let setup = Setup {
        races: races_for(n, args.race),
        map: choice,
        options: Options {
            turn_limit: args.turn_limit,
            ..Options::default()
        },
    };
    Ok((setup, seed))
}

/// Sets the game up again from `actions`, and finds which of them were
/// your choices (seat 1 with more than one legal action): what `u` takes
/// back.
fn rebuild(
    setup: &Setup,
    seed: u64,
    actions: &[(PlayerId, Action)],
) -> Result<(Game, Vec<usize>), Fail> {
    let mut game =
        Game::new(setup, seed).map_err(|e| Fail::new(format!("the game cannot be set up: {e}")))?;
    let mut choices = Vec::new();
    for (i, (p, a)) in actions.iter().enumerate() {
        if *p == 0 && game.legal_actions(0).len() > 1 {
            choices.push(i);
        }
        game.apply(*p, a.clone())
            .map_err(|e| Fail::new(format!("action {} no longer applies: {e}", i + 1)))?;
    }
    Ok((game, choices))
}

/// The actions so far, shared with the Ctrl-C handler.
static ACTIONS: std::sync::Mutex<Vec<(PlayerId, Action)>> = std::sync::Mutex::new(Vec::new());

/// Keeps the Ctrl-C handler's copy of the actions current.
fn share(actions: &[(PlayerId, Action)]) {
    if let Ok(mut a) = ACTIONS.lock() {
        a.clear();
        a.extend_from_slice(actions);
    }
}

/// Ctrl-C (or SIGTERM) writes the save before the program stops, so an
/// interrupted game can be resumed.
fn save_on_ctrl_c(path: &std::path::Path, setup: &Setup, seed: u64) -> Result<(), Fail> {
    let path = path.to_path_buf();
    let setup = setup.clone();
    ctrlc::set_handler(move || {
        let actions = ACTIONS.lock().map(|a| a.clone()).unwrap_or_default();
        let written = rebuild(&setup, seed, &actions)
            .and_then(|(g, _)| EmpiresSave::record(&g, &setup, seed, &actions).write(&path));
        match written {
            Ok(()) => eprintln!(
                "\nInterrupted: saved the game to {} (go on with: b5 empires play --resume {}).",
                path.display(),
                path.display()
            ),
            Err(_) => eprintln!(
                "\nInterrupted: the game could not be saved to {}.",
                path.display()
            ),
        }
        std::process::exit(130);
    })
    .map_err(|e| Fail::new(format!("cannot catch Ctrl-C to save the game: {e}")))
}

pub fn run(args: &PlayArgs) -> Result<ExitCode, Fail> {
    let (setup, seed, mut actions, mut choices, mut game) = match &args.resume {
        Some(path) => {
            let save = EmpiresSave::read(path)?;
            let origin = path.display().to_string();
            save.replay(&origin, |_, _, _, _, _| {})?;
            let (game, choices) = rebuild(&save.setup, save.seed, &save.actions)
                .map_err(|e| Fail::new(format!("{origin}: {e}")))?;
            if game.is_over() {
                return Err(Fail::new(format!(
                    "{origin}: the game is over ({}); nothing to resume",
                    game.outcome()
                        .map(|o| game.describe_outcome(&o))
                        .unwrap_or_default()
                )));
            }
            (save.setup, save.seed, save.actions, choices, game)
        }
        None => {
            let (setup, seed) = setup_of(args)?;
            let game = Game::new(&setup, seed)
                .map_err(|e| Fail::new(format!("the game cannot be set up: {e}")))?;
            (setup, seed, Vec::new(), Vec::new(), game)
        }
    };
    share(&actions);
    if let Some(path) = &args.save {
        save_on_ctrl_c(path, &setup, seed)?;
    }
    let n = game.players();
    let mut bots: Vec<Option<Box<dyn Bot>>> = (0..n)
        .map(|s| (s > 0).then(|| args.bot.make(derive_seed(seed, 1000 + s as u64))))
        .collect();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let me: PlayerId = 0;
    writeln!(
        out,
        "Babylon 5 Empires on {} ({} systems), seed {seed}. You are {} (player A) against {}.",
        game.map().name,
        game.map().system_count(),
        game.race(me).name(),
        (1..n as PlayerId)
            .map(|p| format!("{} ({})", game.race(p).short(), letter(p)))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    if !actions.is_empty() {
        writeln!(
            out,
            "Resumed after {} actions, in round {}.",
            actions.len(),
            game.round()
        )?;
    }
    writeln!(out, "{HELP}")?;
    let mut shown: Option<(u32, PlayerId, b5_empires::Phase)> = None;
    let mut quit = false;
    let mut seen_peeks = 0;
    let mut helper = b5_empires::bots::GreedyBot::new(derive_seed(seed, 999));
    let save =
        |game: &Game, actions: &[(PlayerId, Action)], out: &mut dyn Write| -> Result<(), Fail> {
            if let Some(path) = &args.save {
                EmpiresSave::record(game, &setup, seed, actions).write(path)?;
                writeln!(out, "Saved to {}.", path.display())?;
            }
            Ok(())
        };
    while !game.is_over() && actions.len() < super::MAX_ACTIONS {
        let Some(&p) = game.pending().first() else {
            break;
        };
        let legal = game.legal_actions(p);
        let action = if let Some(bot) = bots[p as usize].as_mut() {
            bot.choose(&game, p)
                .ok_or_else(|| Fail::new(format!("player {} has no legal action", p + 1)))?
        } else if legal.len() == 1 {
            legal[0].clone()
        } else {
            let here = (game.round(), game.active(), game.phase());
            if shown != Some(here) {
                shown = Some(here);
                let view = game.view(me);
                writeln!(out)?;
                write!(out, "{}", map_text(game.map(), &view))?;
                write!(out, "{}", status_text(&game, &view))?;
            }
            let view = game.view(me);
            if view.peeks.len() != seen_peeks {
                seen_peeks = view.peeks.len();
                for line in status_text(&game, &view).lines() {
                    if line.starts_with("You saw") || line.starts_with("Battle at") {
                        writeln!(out, "{line}")?;
                    }
                }
            } else if view.battle.is_some() {
                for line in status_text(&game, &view).lines() {
                    if line.starts_with("Battle at") {
                        writeln!(out, "{line}")?;
                    }
                }
            }
            let hand: Vec<&str> = view.hand.iter().map(|c| c.name()).collect();
            writeln!(
                out,
                "\nRound {}, {}'s turn, {}. Your hand: {}.",
                game.round(),
                game.race(game.active()).short(),
                phase_name(game.phase()),
                if hand.is_empty() {
                    "empty".to_string()
                } else {
                    hand.join(", ")
                }
            )?;
            if !view.picked.is_empty() {
                let picked: Vec<String> = view.picked.iter().map(|u| format!("#{}", u.0)).collect();
                writeln!(out, "Picked to move: {}", picked.join(", "))?;
            }
            write!(out, "{}", list_actions(&game, p, &legal, false))?;
            let mut chosen = None;
            let mut undone = false;
            while chosen.is_none() {
                write!(out, "> ")?;
                out.flush()?;
                let mut line = String::new();
                let read = input
                    .by_ref()
                    .take(4096)
                    .read_line(&mut line)
                    .map_err(|e| Fail::new(format!("cannot read the input: {e}")))?;
                let t = line.trim();
                if read == 0 || t == "q" || t == "quit" {
                    quit = true;
                    break;
                }
                match t {
                    "" => {}
                    "h" | "?" | "help" => writeln!(out, "{HELP}")?,
                    "m" | "map" => {
                        let view = game.view(me);
                        write!(out, "{}", map_text(game.map(), &view))?;
                        write!(out, "{}", status_text(&game, &view))?;
                    }
                    "l" | "list" => write!(out, "{}", list_actions(&game, p, &legal, true))?,
                    "u" | "undo" => match choices.pop() {
                        Some(i) => {
                            actions.truncate(i);
                            let (g, c) = rebuild(&setup, seed, &actions)?;
                            game = g;
                            choices = c;
                            share(&actions);
                            shown = None;
                            writeln!(
                                out,
                                "Undone: your last choice, and the computer players' actions after it (round {}).",
                                game.round()
                            )?;
                            undone = true;
                            break;
                        }
                        None => writeln!(out, "You have made no choice to undo yet.")?,
                    },
                    "a" | "auto" => {
                        let a = helper.choose(&game, p).unwrap_or(Action::Pass);
                        writeln!(
                            out,
                            "(the computer chooses: {})",
                            game.describe_action(p, &a)
                        )?;
                        chosen = Some(a);
                    }
                    _ => match t.parse::<usize>() {
                        Ok(k) if (1..=legal.len()).contains(&k) => {
                            chosen = Some(legal[k - 1].clone())
                        }
                        _ => writeln!(
                            out,
                            "\"{}\" is not a choice: type 1 to {} (h for help).",
                            t.chars().take(40).collect::<String>(),
                            legal.len()
                        )?,
                    },
                }
            }
            if quit {
                break;
            }
            if undone {
                continue;
            }
            choices.push(actions.len());
            chosen.unwrap_or(Action::Pass)
        };
        let events = game.apply(p, action.clone()).map_err(|e| {
            Fail::new(format!(
                "the engine refused a listed action ({}): {e}",
                game.describe_action(p, &action)
            ))
        })?;
        actions.push((p, action));
        share(&actions);
        for e in &events {
            // Phase starts of the computer players' turns say little.
            if matches!(e, b5_empires::Event::PhaseBegan { .. }) && game.active() != me {
                continue;
            }
            writeln!(out, "  * {}", game.describe(e))?;
        }
    }
    if quit {
        writeln!(out, "You leave the table after round {}.", game.round())?;
    } else if let Some(o) = game.outcome() {
        writeln!(out, "\n{}", game.describe_outcome(&o))?;
        let view = game.view(me);
        write!(out, "{}", map_text(game.map(), &view))?;
    }
    save(&game, &actions, &mut out)?;
    if let (Some(path), false) = (&args.save, game.is_over()) {
        writeln!(
            out,
            "Go on with: b5 empires play --resume {}",
            path.display()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
