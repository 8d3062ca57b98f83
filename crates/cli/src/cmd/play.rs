//! `b5 play`: one human seat against computer players, at the terminal or
//! through a pipe. Each time the human has a real choice the table is shown
//! as that player may see it, then the numbered legal actions; a choice
//! with a single legal action is answered automatically.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use b5_cards::DeckList;
use b5_engine::{Action, Events, Game, Options, PlayerId, Race, Setup};
use b5_players::Bot;
use clap::Args;

use super::BotKind;
use crate::cardset::{seat_names, CardSet};
use crate::save::SaveFile;
use crate::{derive_seed, render, Fail};

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Players at the table, you included (2 to 6)
    #[arg(long, default_value_t = 4, value_name = "N",
          value_parser = clap::value_parser!(u8).range(2..=6))]
    pub players: u8,
    /// Play this race's shipped deck
    #[arg(long, value_name = "R", value_parser = super::parse_race, conflicts_with = "deck")]
    pub race: Option<Race>,
    /// Play this deck list instead of a shipped deck
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
    /// The computer players' decks, comma-separated: races, shipped deck
    /// names or deck files (default: the other shipped decks)
    #[arg(long, value_name = "DECKS", value_delimiter = ',')]
    pub opponents: Vec<String>,
    /// The game's seed (default: from the clock; printed at the start)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Write the saved game to FILE at the end (and when you quit)
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// The computer players
    #[arg(long, value_enum, default_value_t = BotKind::Greedy)]
    pub bot: BotKind,
    #[command(flatten)]
    pub search: super::SearchArgs,
    /// Show the search player's three best choices for you, with their
    /// estimated chances, above every menu (`hint` at the prompt shows
    /// them once)
    #[arg(long)]
    pub hint: bool,
    /// End the game with no winner after this many turns
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..))]
    pub turn_limit: Option<u32>,
    /// A two-player game with Appendix One's draw: starting hands are
    /// drawn (8 cards, keep 3, mulligans), not picked
    #[arg(long)]
    pub duel: bool,
    /// The optional Extended Loyalty Rule (Dual Race Games): limited cards
    /// of a race with several factions are limited per player
    #[arg(long)]
    pub extended_loyalty: bool,
    /// Go on with a saved game (b5 play --save, b5 sim --save): you take
    /// seat 1; the save decides the decks, the seed and the turn limit
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["deck", "race", "opponents", "seed", "turn_limit"])]
    pub resume: Option<PathBuf>,
}

/// Chooses the decks: the human's first, then the opponents'.
fn table_decks(args: &PlayArgs, cards: &CardSet) -> Result<Vec<DeckList>, Fail> {
    let n = args.players as usize;
    let human = match (&args.deck, args.race) {
        (Some(path), _) => crate::cardset::read_deck(path)?,
        (None, Some(r)) => cards.deck_for_race(r)?,
        (None, None) => cards.decks.first().cloned().ok_or_else(|| {
            Fail::usage(
                "there are no shipped decks yet: give your deck with --deck FILE and the others with --opponents",
            )
        })?,
    };
    if args.opponents.len() > n - 1 {
        return Err(Fail::usage(format!(
            "--opponents names {} decks for {} computer players: name at most {}, or raise --players",
            args.opponents.len(),
            n - 1,
            n - 1
        )));
    }
    let pool: Vec<DeckList> = if !args.opponents.is_empty() {
        args.opponents
            .iter()
            .map(|s| cards.resolve_deck(s))
            .collect::<Result<_, _>>()?
    } else {
        let human_race = human.race.map(|r| r.0);
        let others: Vec<DeckList> = cards
            .decks
            .iter()
            .filter(|d| d.race.map(|r| r.0) != human_race)
            .cloned()
            .collect();
        if others.is_empty() {
            cards.decks.clone()
        } else {
            others
        }
    };
    if pool.is_empty() {
        return Err(Fail::usage(
            "there are no shipped decks for the computer players: name their decks with --opponents",
        ));
    }
    // A race's faction sits once at a table (Races and Factions): take the
    // pool in order, skipping decks whose race and faction are seated.
    let mut decks = vec![human];
    for d in &pool {
        if decks.len() == n {
            break;
        }
        if !decks.iter().any(|x| same_faction(x, d)) {
            decks.push(d.clone());
        }
    }
    if decks.len() < n {
        return Err(Fail::usage(format!(
            "{n} players need {n} decks of different races (or factions), and only {} can sit together here; name more with --opponents",
            decks.len()
        )));
    }
    Ok(decks)
}

/// Two decks play the same race and faction.
fn same_faction(a: &DeckList, b: &DeckList) -> bool {
    let faction = |d: &DeckList| {
        d.faction
            .map(|f| f.0)
            .unwrap_or(b5_engine::Faction::BabylonProject)
    };
    a.race.map(|r| r.0) == b.race.map(|r| r.0) && faction(a) == faction(b)
}

/// A game about to be played: from a fresh set-up, or resumed from a save.
struct Table {
    setup: Setup,
    seed: u64,
    game: Game,
    actions: Vec<(PlayerId, Action)>,
    /// The decks' names, by seat.
    decks: Vec<String>,
}

fn new_table(args: &PlayArgs, cards: &CardSet) -> Result<Table, Fail> {
    // Appendix One is for two-player ("duelling") games.
    if args.duel && args.players != 2 {
        return Err(Fail::usage(format!(
            "--duel is the two-player draw (Appendix One): it needs --players 2, not {}",
            args.players
        )));
    }
    let decks = table_decks(args, cards)?;
    let names = seat_names(&decks);
    let mut seats = decks
        .iter()
        .zip(&names)
        .map(|(d, n)| cards.seat(d, n))
        .collect::<Result<Vec<_>, _>>()?;
    if args.duel {
        seats = seats.into_iter().map(|s| s.for_duel(&cards.db)).collect();
    }
    let setup = Setup {
        players: seats,
        options: Options {
            duel_draw: args.duel,
            turn_limit: args.turn_limit,
            extended_loyalty: args.extended_loyalty,
        },
    };
    let seed = args.seed.unwrap_or_else(super::clock_seed);
    let game = Game::new(setup.clone(), Arc::clone(&cards.db), seed)
        .map_err(|e| Fail::new(format!("the game cannot be set up: {e}")))?;
    Ok(Table {
        setup,
        seed,
        game,
        actions: Vec::new(),
        decks: decks.iter().map(CardSet::deck_name).collect(),
    })
}

fn resumed_table(save: &SaveFile, path: &std::path::Path, cards: &CardSet) -> Result<Table, Fail> {
    let origin = path.display().to_string();
    let setup = save.setup(&cards.db, &origin)?;
    let game = save.replay(Arc::clone(&cards.db), &origin, |_, _, _, _, _| {})?;
    if game.is_over() {
        return Err(Fail::new(format!(
            "{origin}: that game is over (b5 replay {origin} shows it)"
        )));
    }
    Ok(Table {
        decks: setup.players.iter().map(|s| s.name.clone()).collect(),
        setup,
        seed: save.seed,
        game,
        actions: save.actions.clone(),
    })
}

pub fn run(args: &PlayArgs, cards: &CardSet) -> Result<ExitCode, Fail> {
    // A save carries its own card files (used unless --cards was given).
    let saved = args
        .resume
        .as_ref()
        .map(|p| SaveFile::read(p))
        .transpose()?;
    let own_cards;
    let cards = match &saved {
        Some(s) if !s.card_files.is_empty() && cards.files.is_empty() => {
            own_cards = CardSet::from_texts(s.card_files.clone())?;
            &own_cards
        }
        _ => cards,
    };
    let mut table = match (&saved, &args.resume) {
        (Some(s), Some(p)) => resumed_table(s, p, cards)?,
        _ => new_table(args, cards)?,
    };
    let seats = table.setup.players.len();
    let human: PlayerId = 0;
    let settings = args.search.settings()?;
    let mut bots: Vec<Box<dyn Bot>> = (0..seats)
        .map(|s| {
            args.bot
                .make_with(derive_seed(table.seed, 1000 + s as u64), &settings)
        })
        .collect();
    if let Some(path) = &args.save {
        save_on_ctrl_c(path, &table, cards)?;
    }

    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let limit = table.setup.options.turn_limit;
    writeln!(
        out,
        "b5 play: seed {}, {} players{}{}",
        table.seed,
        seats,
        limit
            .map(|t| format!(", turn limit {t}"))
            .unwrap_or_default(),
        if table.actions.is_empty() {
            String::new()
        } else {
            format!(
                ", resumed after {} actions on turn {}",
                table.actions.len(),
                table.game.turn()
            )
        }
    )?;
    for (i, d) in table.decks.iter().enumerate() {
        let who = seat_who(i, args.bot);
        writeln!(
            out,
            "  seat {}: {} ({who}), deck {d}",
            i + 1,
            table.game.player_name(i as PlayerId)
        )?;
    }
    writeln!(out)?;
    let (setup, seed, db) = (table.setup.clone(), table.seed, Arc::clone(&cards.db));
    let rebuild = |actions: &[(PlayerId, Action)]| -> Result<Game, Fail> {
        let mut g = Game::new(setup.clone(), Arc::clone(&db), seed)
            .map_err(|e| Fail::new(format!("the game cannot be set up: {e}")))?;
        replay_onto(&mut g, actions)?;
        Ok(g)
    };
    let session = drive(
        &mut table.game,
        You {
            seat: human,
            hints: args.hint,
        },
        &mut bots,
        &mut input,
        &mut out,
        std::mem::take(&mut table.actions),
        &rebuild,
    )?;
    let game = &table.game;
    writeln!(out)?;
    if session.quit {
        writeln!(out, "You left the game on turn {}.", game.turn())?;
    } else {
        write!(out, "{}", game_over(game))?;
    }
    if let Some(path) = &args.save {
        SaveFile::record(
            game,
            &table.setup,
            table.seed,
            &session.actions,
            &cards.files,
        )
        .write(path)?;
        let again = if game.is_over() {
            String::new()
        } else {
            format!(" (go on with: b5 play --resume {})", path.display())
        };
        writeln!(out, "Saved the game to {}{again}.", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Who plays a seat, as the opening lines say: the human at seat 1, the
/// computer player at the others.
pub fn seat_who(seat: usize, bot: BotKind) -> String {
    if seat == 0 {
        "you".to_string()
    } else {
        format!("{} bot", bot.name())
    }
}

/// Plays `actions` again on a game from its start (undo rebuilds the game
/// this way).
pub fn replay_onto(g: &mut Game, actions: &[(PlayerId, Action)]) -> Result<(), Fail> {
    for (p, a) in actions {
        while g.at_round_entry().is_some() {
            g.proceed();
        }
        g.apply(*p, *a)
            .map_err(|e| Fail::new(format!("an earlier action no longer applies: {e}")))?;
    }
    Ok(())
}

/// The actions so far, shared with the Ctrl-C handler.
static ACTIONS: std::sync::Mutex<Vec<(PlayerId, Action)>> = std::sync::Mutex::new(Vec::new());

/// Ctrl-C (or SIGTERM) writes the save before the program stops, so an
/// interrupted game can be resumed.
fn save_on_ctrl_c(path: &std::path::Path, table: &Table, cards: &CardSet) -> Result<(), Fail> {
    let path = path.to_path_buf();
    let (setup, seed) = (table.setup.clone(), table.seed);
    let (db, files) = (Arc::clone(&cards.db), cards.files.clone());
    if let Ok(mut a) = ACTIONS.lock() {
        *a = table.actions.clone();
    }
    ctrlc::set_handler(move || {
        let actions = ACTIONS.lock().map(|a| a.clone()).unwrap_or_default();
        let written = Game::new(setup.clone(), Arc::clone(&db), seed)
            .ok()
            .map(|mut g| {
                for (p, a) in &actions {
                    while g.at_round_entry().is_some() {
                        g.proceed();
                    }
                    let _ = g.apply(*p, *a);
                }
                SaveFile::record(&g, &setup, seed, &actions, &files).write(&path)
            });
        match written {
            Some(Ok(())) => eprintln!(
                "\nInterrupted: saved the game to {} (go on with: b5 play --resume {}).",
                path.display(),
                path.display()
            ),
            _ => eprintln!(
                "\nInterrupted: the game could not be saved to {}.",
                path.display()
            ),
        }
        std::process::exit(130);
    })
    .map_err(|e| Fail::new(format!("cannot catch Ctrl-C to save the game: {e}")))
}

/// What a session at the table produced.
pub struct Session {
    pub actions: Vec<(PlayerId, Action)>,
    /// The human stopped (q, or the end of the input) before the end.
    pub quit: bool,
}

/// One line typed by the human.
pub enum Answer {
    Choice(Action),
    /// Take back your last action (and the computer players' after it).
    Undo,
    /// `say TEXT`: a chat line (at an online table).
    Say(String),
    Quit,
    /// News interrupted the question (at an online table: a change, an
    /// undo asked, a chat line): ask again once it is shown.
    News,
}

/// What the prompt heard.
pub enum Heard {
    /// A line, in the buffer given.
    Line,
    /// The end of the input.
    End,
    /// News that interrupts the question (an online table's message).
    News,
}

/// Where the prompt's lines come from: any `BufRead` (`b5 play`), or an
/// online table's inbox, which also hears the table's news.
pub trait Lines {
    /// Reads the next line into `line` (cleared first).
    fn next_line(&mut self, line: &mut String) -> Result<Heard, Fail>;
}

impl<R: BufRead> Lines for R {
    fn next_line(&mut self, line: &mut String) -> Result<Heard, Fail> {
        line.clear();
        let read = self
            .read_line(line)
            .map_err(|e| Fail::new(format!("cannot read the input: {e}")))?;
        Ok(if read == 0 { Heard::End } else { Heard::Line })
    }
}

/// Where the prompt looks up what is not on the screen: a card's text
/// (`?N`, `c NAME`) and why a familiar action is refused (`why`). `b5 play`
/// asks its own game; `b5 connect` asks the server.
pub trait Desk {
    fn card(&self, what: &str) -> String;
    /// "action: reason (rule)" lines.
    fn why(&self) -> Vec<String>;
    /// Whether `say TEXT` reaches anyone (an online table).
    fn chat(&self) -> bool {
        false
    }
    /// The search player's best choices for the seat, one line each
    /// (`hint`; none where the desk cannot search).
    fn hint(&self) -> Vec<String> {
        Vec::new()
    }
    /// Who plays each seat and whether they are at the table, one line
    /// each (`who`; an online table only).
    fn who(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The local game as a desk.
struct LocalDesk<'a> {
    game: &'a Game,
    human: PlayerId,
}

impl Desk for LocalDesk<'_> {
    fn card(&self, what: &str) -> String {
        card_lookup(self.game, self.human, what)
    }

    fn why(&self) -> Vec<String> {
        b5_present::why(self.game, self.human)
            .into_iter()
            .map(|w| format!("{}: {} ({})", w.action, w.reason, w.rule))
            .collect()
    }

    fn hint(&self) -> Vec<String> {
        hint_lines(self.game, self.human)
    }
}

/// The search player's three best choices for `seat` now, in the menu's
/// words, with their estimated chances (the search's mean reward: a won
/// game counts 1, a position not yet decided by its evaluation). The
/// search is seeded by the position, so the same position gets the same
/// hint.
pub fn hint_lines(game: &Game, seat: PlayerId) -> Vec<String> {
    let legal = game.legal_actions(seat);
    if legal.len() < 2 {
        return Vec::new();
    }
    let m = b5_present::menu(game, seat, &legal);
    let label = |a: &Action| {
        m.groups
            .iter()
            .find_map(|g| {
                let i = g.choices.iter().position(|c| c.action == *a)?;
                // What to type for it: the group, and its letter if several.
                let typed = match g.choices.len() {
                    1 => g.handle.clone(),
                    _ => format!("{}{}", g.handle, b5_present::menu::choice_letter(i)),
                };
                Some(format!("{typed:<6} {}", g.choices[i].label))
            })
            .unwrap_or_else(|| game.describe_action(a))
    };
    b5_players::SearchBot::new(game.digest())
        .analyse(game, seat, &legal)
        .iter()
        .take(3)
        .map(|e| format!("{:>3.0} %  {}", e.value * 100.0, label(&e.action)))
        .collect()
}

/// The seat the human plays, and whether hints show with every menu.
#[derive(Clone, Copy, Debug)]
pub struct You {
    pub seat: PlayerId,
    pub hints: bool,
}

const HELP: &str = "Choices are grouped by card: type a card's number (71 or #71) to see
what it can do, then a letter (or both at once: 71b); words open the
other groups (pass or p, build, buy, agenda, war). Numbers stay the same
all game.
  .          the first choice listed
  ?N, c NAME a card in full (by its number at the table, or its name)
  why        why a familiar action is not on offer, and the rule
  hint       the search player's three best choices for you, with chances
  u, undo    take back your last action (computer players always agree)
  t, table   show the table again
  h, help    this help and the table's symbols
  q, quit    leave the game (a --save file is still written)";

/// `h` at an online table (`b5 connect`), after [`HELP`].
const ONLINE_HELP: &str = "At an online table:
  say TEXT   a line to the table's chat
  who        who plays each seat, and whether they are at the table
  u, undo    asks the other players to agree to take back your last
             action; the table waits for their answers
  y or n     when another player asks to take back an action, the
             question appears at once: answer y (agree) or n (refuse)
  Changes, chat and undo requests are shown as they come, even while you
  are choosing; the question is then asked again. While others choose,
  q, say, u, t, who and h work too.";

/// `h`: the keys, what an online table adds (`online`), and the table's
/// symbols.
pub fn help_text(online: bool) -> String {
    let mut s = format!("{HELP}\n");
    if online {
        s.push_str(ONLINE_HELP);
        s.push('\n');
    }
    s.push_str(b5_present::LEGEND);
    s
}

/// Sets a game up again from its actions (for an undo).
pub type Rebuild<'a> = &'a dyn Fn(&[(PlayerId, Action)]) -> Result<Game, Fail>;

/// Plays the game to its end: the human answers at `input`, the bots for
/// every other seat; the table, the choices and the log go to `out`.
///
/// `actions` are those already taken (a resumed game); `rebuild` sets the
/// game up again from a list of actions, for an undo.
pub fn drive(
    game: &mut Game,
    you: You,
    bots: &mut [Box<dyn Bot>],
    input: &mut impl BufRead,
    out: &mut impl Write,
    mut actions: Vec<(PlayerId, Action)>,
    rebuild: Rebuild<'_>,
) -> Result<Session, Fail> {
    let human = you.seat;
    let mut legal = Vec::new();
    let mut log = Log::default();
    while !game.is_over() {
        if game.at_round_entry().is_some() {
            let ev = game.proceed();
            log.events(game, human, &ev, "", out)?;
            continue;
        }
        let pending = game.pending();
        if pending.is_empty() {
            return Err(Fail::new(format!(
                "turn {}: the game stands still with nobody to act (an engine bug)",
                game.turn()
            )));
        }
        for p in pending {
            if game.is_over() {
                break;
            }
            if !game.is_pending(p) {
                continue;
            }
            game.legal_actions_into(p, &mut legal);
            if legal.is_empty() {
                return Err(Fail::new(format!(
                    "turn {}: {} must choose but has no legal action (an engine bug)",
                    game.turn(),
                    game.player_name(p)
                )));
            }
            let a = if p != human {
                bots[p as usize].choose(game, p, &legal)
            } else if legal.len() == 1 {
                legal[0]
            } else {
                log.flush(out)?;
                let view = game.view(human);
                let m = b5_present::menu(game, human, &legal);
                let desk = LocalDesk { game, human };
                let mut table = screen(&view, human);
                if you.hints {
                    table.push_str("Hint (the search player's best for you):\n");
                    for l in desk.hint() {
                        table.push_str(&format!("  {l}\n"));
                    }
                }
                match ask(&table, true, &m, &desk, input, out)? {
                    Answer::Choice(a) => a,
                    Answer::Say(_) | Answer::News => continue,
                    Answer::Undo => {
                        match actions.iter().rposition(|(q, _)| *q == human) {
                            Some(i) => {
                                actions.truncate(i);
                                *game = rebuild(&actions)?;
                                share(&actions);
                                writeln!(
                                    out,
                                    "Undone: your last action, and the computer players' actions after it."
                                )?;
                            }
                            None => writeln!(out, "You have taken no action to undo yet.")?,
                        }
                        break;
                    }
                    Answer::Quit => {
                        return Ok(Session {
                            actions,
                            quit: true,
                        })
                    }
                }
            };
            let context = game.waiting_for();
            let ev = game.apply(p, a).map_err(|e| {
                Fail::new(format!(
                    "turn {}: {}'s action \"{}\" was rejected: {e}",
                    game.turn(),
                    game.player_name(p),
                    game.describe_action(&a)
                ))
            })?;
            actions.push((p, a));
            share(&actions);
            log.events(game, human, &ev, &context, out)?;
        }
    }
    log.flush(out)?;
    Ok(Session {
        actions,
        quit: false,
    })
}

/// Keeps the Ctrl-C handler's copy of the actions current.
fn share(actions: &[(PlayerId, Action)]) {
    if let Ok(mut a) = ACTIONS.lock() {
        a.clear();
        a.extend_from_slice(actions);
    }
}

/// The log as sentences, as the human may see them (b5-present's log:
/// a run of passes in one window is one line saying what was passed).
#[derive(Default)]
struct Log(b5_present::Log);

impl Log {
    fn events(
        &mut self,
        game: &Game,
        human: PlayerId,
        ev: &Events,
        context: &str,
        out: &mut impl Write,
    ) -> Result<(), Fail> {
        self.0.events(game, human, ev, context);
        write_lines(out, self.0.take())
    }

    fn flush(&mut self, out: &mut impl Write) -> Result<(), Fail> {
        self.0.flush();
        write_lines(out, self.0.take())
    }
}

/// Log lines as the terminal prints them.
pub fn write_lines(out: &mut impl Write, lines: Vec<String>) -> Result<(), Fail> {
    for l in lines {
        writeln!(out, "  * {l}")?;
    }
    Ok(())
}

/// The first-level menu as lines: a group's handle, its title, and its
/// choice when it has one (else how many it holds and their verbs).
pub fn menu_lines(m: &b5_present::Menu) -> Vec<String> {
    m.groups
        .iter()
        .map(|g| {
            let handle = match g.kind {
                b5_present::GroupKind::Card(_) => format!("#{}", g.handle),
                _ => g.handle.clone(),
            };
            if g.choices.len() == 1 {
                format!("{handle:>7}  {}: {}", g.title, g.choices[0].label)
            } else {
                let mut verbs: Vec<&str> = g.choices.iter().map(|c| c.action.verb()).collect();
                verbs.dedup();
                format!(
                    "{handle:>7}  {}: {} choices ({})",
                    g.title,
                    g.choices.len(),
                    verbs.join(", ").replace('_', " ")
                )
            }
        })
        .collect()
}

/// What the human typed, read against the menu.
enum Typed {
    /// A choice: (group, choice) indexes.
    Pick(usize, usize),
    /// A group with several choices, to show.
    Open(usize),
    Unknown,
}

fn read_pick(m: &b5_present::Menu, t: &str) -> Typed {
    let t = t.trim().trim_start_matches('#').to_lowercase();
    if t == "." {
        return if m.groups.is_empty() {
            Typed::Unknown
        } else {
            Typed::Pick(0, 0)
        };
    }
    // "71", "71b", "pass", "build", "buildb".
    let split = t
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_lowercase())
        .last()
        .map(|(i, _)| i)
        .unwrap_or(t.len());
    let candidates = [(t.as_str(), ""), (&t[..split], &t[split..])];
    for (handle, letter) in candidates {
        if handle.is_empty() {
            continue;
        }
        let Some(gi) = m.groups.iter().position(|g| Some(g) == m.find(handle)) else {
            continue;
        };
        let g = &m.groups[gi];
        if letter.is_empty() {
            return if g.choices.len() == 1 {
                Typed::Pick(gi, 0)
            } else {
                Typed::Open(gi)
            };
        }
        if let Some(ci) = b5_present::menu::letter_index(letter).filter(|&i| i < g.choices.len()) {
            return Typed::Pick(gi, ci);
        }
    }
    Typed::Unknown
}

/// The table as `human` sees it, with a warning when their deck runs low.
pub fn screen(view: &b5_engine::PlayerView, human: PlayerId) -> String {
    let mut table = render::table(view);
    // The Draw Round: an empty draw pile when a card must be drawn costs an
    // Inner Circle character.
    if let Some(me) = view.players.get(human as usize) {
        if me.deck_size < 3 {
            table.push_str(&format!(
                "Warning: your deck holds {} card{}. A player who must draw from an empty deck discards an Inner Circle character instead (The Draw Round).\n",
                me.deck_size,
                if me.deck_size == 1 { "" } else { "s" }
            ));
        }
    }
    let name = view
        .players
        .get(human as usize)
        .map(|p| p.name.as_str())
        .unwrap_or("you");
    table.push_str(&format!("Your choices, {name}:\n"));
    table
}

/// Shows the table and the menu (unless `fresh` is false: asked again
/// after news that left the table as it was) and reads the human's answer.
pub fn ask(
    table: &str,
    fresh: bool,
    m: &b5_present::Menu,
    desk: &dyn Desk,
    input: &mut impl Lines,
    out: &mut impl Write,
) -> Result<Answer, Fail> {
    let lines = menu_lines(m);
    let show = |out: &mut dyn Write| -> std::io::Result<()> {
        writeln!(out)?;
        write!(out, "{table}")?;
        for l in &lines {
            writeln!(out, "{l}")?;
        }
        Ok(())
    };
    if fresh {
        show(out)?;
    }
    let mut open: Option<usize> = None;
    let mut line = String::new();
    loop {
        match open {
            Some(gi) => write!(
                out,
                "Choose a letter for {} (Enter: back): ",
                m.groups[gi].handle
            )?,
            None => write!(
                out,
                "Choose (a #number, pass, ... ; h for help, q to quit): "
            )?,
        }
        out.flush()?;
        match input.next_line(&mut line)? {
            Heard::Line => {}
            Heard::End => {
                writeln!(out)?;
                writeln!(out, "(end of input)")?;
                return Ok(Answer::Quit);
            }
            Heard::News => {
                // The news starts on a line of its own.
                writeln!(out)?;
                return Ok(Answer::News);
            }
        }
        let t = line.trim();
        let low = t.to_lowercase();
        if let Some(gi) = open {
            if t.is_empty() || low == "back" {
                open = None;
                continue;
            }
            let g = &m.groups[gi];
            if let Some(ci) = b5_present::menu::letter_index(&low).filter(|&i| i < g.choices.len())
            {
                return Ok(chosen(m, gi, ci, out)?);
            }
        }
        match low.as_str() {
            "" => continue,
            "q" | "quit" | "exit" => return Ok(Answer::Quit),
            "u" | "undo" => return Ok(Answer::Undo),
            "h" | "help" => {
                writeln!(out, "{}", help_text(desk.chat()))?;
                continue;
            }
            "t" | "table" => {
                open = None;
                show(out)?;
                continue;
            }
            "hint" => {
                let lines = desk.hint();
                if lines.is_empty() {
                    writeln!(out, "No hint here.")?;
                }
                for l in lines {
                    writeln!(out, "  {l}")?;
                }
                continue;
            }
            "who" if desk.chat() => {
                for l in desk.who() {
                    writeln!(out, "  {l}")?;
                }
                continue;
            }
            "why" => {
                let answers = desk.why();
                if answers.is_empty() {
                    writeln!(out, "Nothing familiar is refused right now.")?;
                }
                for w in answers {
                    writeln!(out, "  {w}")?;
                }
                continue;
            }
            _ => {}
        }
        if let Some(rest) = low.strip_prefix('?').or_else(|| low.strip_prefix("c ")) {
            writeln!(out, "{}", desk.card(rest.trim()))?;
            continue;
        }
        if desk.chat() {
            if let Some(text) = t.strip_prefix("say ").or_else(|| t.strip_prefix("say\t")) {
                return Ok(Answer::Say(text.trim().to_string()));
            }
        }
        match read_pick(m, &low) {
            Typed::Pick(gi, ci) => return Ok(chosen(m, gi, ci, out)?),
            Typed::Open(gi) => {
                let g = &m.groups[gi];
                writeln!(out, "{}:", g.title)?;
                for (i, c) in g.choices.iter().enumerate() {
                    writeln!(out, "  {}) {}", b5_present::menu::choice_letter(i), c.label)?;
                }
                open = Some(gi);
            }
            Typed::Unknown => writeln!(
                out,
                "\"{}\" is not a choice: type a #number or a word from the list (h for help, why for what is refused, q to quit).",
                b5_cards::deck::excerpt(t)
            )?,
        }
    }
}

/// Echoes the choice.
fn chosen(
    m: &b5_present::Menu,
    gi: usize,
    ci: usize,
    out: &mut impl Write,
) -> std::io::Result<Answer> {
    let c = &m.groups[gi].choices[ci];
    writeln!(out, "You: {}", c.label)?;
    Ok(Answer::Choice(c.action))
}

/// `?N` or `c NAME`: a card visible to the player, in full.
fn card_lookup(game: &Game, human: PlayerId, what: &str) -> String {
    let what = what.trim_start_matches('#');
    if let Ok(n) = what.parse::<u16>() {
        return b5_present::card_text_of(game, human, n)
            .unwrap_or_else(|| format!("#{n}: no card of that number is in your sight"));
    }
    match game.db().find(what) {
        Some(d) => b5_present::card_text(game.db().get(d)),
        None => format!("no card is named \"{}\"", b5_cards::deck::excerpt(what)),
    }
}

/// The end of a game: winners and victory kinds, and the standings.
pub fn game_over(game: &Game) -> String {
    let mut s = format!("=== Game over after turn {} ===\n", game.turn());
    let winners = game.winners();
    if winners.is_empty() {
        match game.options().turn_limit {
            Some(t) if game.turn() >= t => {
                s.push_str(&format!("No winner: the turn limit ({t}) was reached.\n"))
            }
            _ => s.push_str("No winner.\n"),
        }
    }
    for &w in &winners {
        s.push_str(&format!(
            "{} wins: {} victory.\n",
            game.player_name(w),
            game.victory(w).name()
        ));
    }
    let v = game.view(0);
    let standings: Vec<String> = v
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.power))
        .collect();
    s.push_str(&format!("Power: {}\n", standings.join(", ")));
    s
}
