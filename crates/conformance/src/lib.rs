//! # b5-conformance
//!
//! Runs rules scenarios in the format of `conformance/SPEC.md`: each file
//! sets up a game in any position, plays steps through the engine's public
//! API, and checks what the rules say must happen.
//!
//! ```text
//! PASS <path>
//! FAIL <path>: step <k>: <reason>
//! N passed, M failed
//! ```

mod build;
pub mod paths;
pub mod scenario;
pub mod steps;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use b5_cards::{LoadError, Source};
use b5_engine::{CardDb, CardDef, CardType, Game, Round};
use toml::Spanned;

use build::Names;
pub use build::BLANK_CARD;
use scenario::{Scenario, StepTable};
use steps::StepError;

/// How a scenario ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// The reason, as printed after `FAIL <path>: `.
    Fail(String),
}

/// The most forward steps an `advance` may take before it is called stuck.
const ADVANCE_LIMIT: usize = 100_000;

/// The runner's built-in card: a neutral event, cost 0, no text.
pub fn blank_card() -> CardDef {
    let mut d = CardDef::new(BLANK_CARD, CardType::Event);
    d.cost = Some(0);
    d
}

/// Finds scenario files: files as given, folders searched recursively for
/// `*.toml`, in sorted order (see [`b5_cards::files::walk`]: links are
/// followed once, pipes and devices skipped). Returns the files and the
/// entries the walks skipped, as warning lines.
pub fn collect(paths: &[PathBuf]) -> Result<(Vec<PathBuf>, Vec<String>), String> {
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for p in paths {
        if p.is_dir() {
            let walk = b5_cards::files::walk(p, "toml").map_err(|e| e.to_string())?;
            skipped.extend(walk.skipped_lines());
            out.extend(walk.files);
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    Ok((out, skipped))
}

/// Runs scenario files, printing a line per scenario and the summary line.
/// Returns (passed, failed).
pub fn run_files(
    files: &[PathBuf],
    base: &CardDb,
    out: &mut impl Write,
) -> std::io::Result<(usize, usize)> {
    let (mut pass, mut fail) = (0, 0);
    for f in files {
        let shown = f.display().to_string();
        match run_file(f, base) {
            Verdict::Pass => {
                pass += 1;
                writeln!(out, "PASS {shown}")?;
            }
            Verdict::Fail(why) => {
                fail += 1;
                writeln!(out, "FAIL {shown}: {why}")?;
            }
        }
    }
    writeln!(out, "{pass} passed, {fail} failed")?;
    Ok((pass, fail))
}

/// Runs one scenario file.
pub fn run_file(path: &Path, base: &CardDb) -> Verdict {
    match b5_cards::files::read_text(path, b5_cards::files::MAX_CARD_FILE_BYTES) {
        Ok(text) => run_text(&text, &path.display().to_string(), base),
        Err(e) => Verdict::Fail(e.to_string()),
    }
}

/// Runs a scenario given as text; `origin` names it in messages.
pub fn run_text(text: &str, origin: &str, base: &CardDb) -> Verdict {
    let src = Source::new(origin, text);
    match run(&src, base) {
        Ok(v) => v,
        Err(e) => Verdict::Fail(e.to_string()),
    }
}

fn run(src: &Source, base: &CardDb) -> Result<Verdict, LoadError> {
    let sc: Scenario = toml::from_str(src.text).map_err(|e| src.toml_error(&e))?;
    // The database: the project's cards, the Blank Card, then the file's
    // own definitions, which win.
    let mut db = base.clone();
    db.upsert(blank_card());
    for def in b5_cards::convert_cards(src, &sc.cards)? {
        db.upsert(def);
    }
    let db = Arc::new(db);
    let names = Names {
        src,
        db: &db,
        players: sc
            .player
            .iter()
            .map(|p| p.get_ref().name.get_ref().clone())
            .collect(),
    };
    for (i, p) in sc.player.iter().enumerate() {
        if names.players[..i].contains(p.get_ref().name.get_ref()) {
            return Err(src.error(
                p.get_ref().name.span(),
                "player.name",
                "two players have this name",
            ));
        }
    }
    let setup_error_steps = sc
        .step
        .iter()
        .filter(|s| s.get_ref().setup_error.is_some())
        .count();
    if setup_error_steps > 0 {
        let s = sc
            .step
            .iter()
            .find(|s| s.get_ref().setup_error.is_some())
            .unwrap();
        if sc.start.get_ref() != "setup" || sc.step.len() != 1 {
            return Err(src.error(
                s.span(),
                "step.setup_error",
                "`setup_error = true` is only allowed as the only step of a start = \"setup\" scenario",
            ));
        }
    }
    let built = build::build(&sc, &names, db.clone())?;
    let mut game = match built {
        Err(e) => {
            return Ok(
                if setup_error_steps == 1 && sc.step[0].get_ref().setup_error == Some(true) {
                    Verdict::Pass
                } else {
                    Verdict::Fail(format!("set-up: the engine refused the set-up: {e}"))
                },
            );
        }
        Ok(g) => {
            if setup_error_steps == 1 {
                return Ok(Verdict::Fail(
                    "step 1: the engine accepted an illegal set-up".into(),
                ));
            }
            g
        }
    };
    game.set_pause_at_rounds(true);
    // Check every step's shape before running any (a malformed step is a
    // load error wherever it is).
    for s in &sc.step {
        check_step_shape(src, s)?;
        check_step_names(src, &db, &names.players, s.get_ref())?;
    }
    for (k, s) in sc.step.iter().enumerate() {
        if let Some(reason) = run_step(src, &mut game, s.get_ref(), s.span())? {
            return Ok(Verdict::Fail(format!("step {}: {reason}", k + 1)));
        }
    }
    Ok(Verdict::Pass)
}

/// A step is exactly one of: an action, a check, an advance.
fn check_step_shape(src: &Source, s: &Spanned<StepTable>) -> Result<(), LoadError> {
    let st = s.get_ref();
    let kinds = [
        st.verb.is_some(),
        st.expect.is_some(),
        st.advance.is_some(),
        st.setup_error.is_some(),
    ];
    let n = kinds.iter().filter(|x| **x).count();
    if n != 1 {
        return Err(src.error(
            s.span(),
            "step",
            "a step is exactly one of: an action (`player` and `do`), a check (`expect`), an advance (`advance`)",
        ));
    }
    if st.verb.is_some() && st.player.is_none() {
        return Err(src.error(s.span(), "step.player", "an action step needs `player`"));
    }
    if let Some(says) = &st.error_says {
        if st.error != Some(true) {
            return Err(src.error(
                says.span(),
                "step.error_says",
                "`error_says` names words of a refusal: it goes with `error = true`",
            ));
        }
    }
    if st.verb.is_none() && (st.player.is_some() || st.error.is_some()) {
        return Err(src.error(
            s.span(),
            "step",
            "`player` and `error` belong to action steps",
        ));
    }
    if let Some(a) = &st.advance {
        if Round::parse(a.get_ref()).is_none() {
            return Err(src.error(
                a.span(),
                "step.advance",
                format!(
                    "unknown round \"{}\" (expected ready, conflict, action, resolution, draw)",
                    a.get_ref()
                ),
            ));
        }
    }
    if let Some(v) = &st.verb {
        if !steps::VERBS.contains(&v.get_ref().as_str()) {
            return Err(src.error(
                v.span(),
                "step.do",
                format!(
                    "unknown verb \"{}\" (expected one of: {})",
                    v.get_ref(),
                    steps::VERBS.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// Every name a step uses must be a player, a race, a war conflict
/// (`war:P`) or a card defined in the file or the project's database.
fn check_step_names(
    src: &Source,
    db: &CardDb,
    players: &[String],
    st: &StepTable,
) -> Result<(), LoadError> {
    let known = |s: &str| {
        let (name, owner) = steps::split_qualified(s);
        owner.is_none_or(|o| players.iter().any(|p| p == o))
            && (players.iter().any(|p| p == name)
                || b5_engine::Race::parse(name).is_some()
                || name
                    .strip_prefix("war:")
                    .is_some_and(|p| players.iter().any(|q| q == p))
                || db.find(name).is_some())
    };
    let fields = [
        ("card", &st.card),
        ("target", &st.target),
        ("by", &st.by),
        ("pay", &st.pay),
        ("fleet", &st.fleet),
        ("second", &st.second),
        // In a war declaration `conflict` is the conflict type.
        (
            "conflict",
            if st.war == Some(true) {
                &None
            } else {
                &st.conflict
            },
        ),
    ];
    let mut all: Vec<(&str, &Spanned<String>)> = fields
        .iter()
        .filter_map(|(f, v)| v.as_ref().map(|v| (*f, v)))
        .collect();
    if let Some(list) = &st.cards {
        all.extend(list.iter().map(|v| ("cards", v)));
    }
    if let Some(side) = &st.side {
        if !players.contains(side.get_ref()) {
            return Err(src.error(
                side.span(),
                "step.side",
                format!("unknown player \"{}\"", side.get_ref()),
            ));
        }
    }
    for (f, v) in all {
        if !known(v.get_ref()) {
            return Err(src.error(
                v.span(),
                format!("step.{f}"),
                format!(
                    "unknown card or player \"{}\": define the card under [cards.\"...\"] or use a card of the project's database",
                    v.get_ref()
                ),
            ));
        }
    }
    Ok(())
}

/// Runs one step; `Ok(Some(reason))` is a failure of the step.
fn run_step(
    src: &Source,
    g: &mut Game,
    st: &StepTable,
    span: std::ops::Range<usize>,
) -> Result<Option<String>, LoadError> {
    if let Some(exp) = &st.expect {
        for (path, want) in exp {
            let want_v = paths::expected(want.get_ref()).ok_or_else(|| {
                src.error(
                    want.span(),
                    format!("expect.\"{}\"", path.get_ref()),
                    "expected values are integers, booleans, strings or lists of strings",
                )
            })?;
            match paths::read(g, path.get_ref()) {
                Ok(got) => {
                    if got != want_v {
                        return Ok(Some(format!(
                            "{}: expected {}, got {}",
                            path.get_ref(),
                            want_v,
                            got
                        )));
                    }
                }
                Err(paths::PathError::Unknown(m)) => {
                    return Err(src.error(
                        path.span(),
                        format!("expect.\"{}\"", path.get_ref()),
                        m,
                    ));
                }
                Err(paths::PathError::Missing(m)) => {
                    return Ok(Some(format!("{}: {m}", path.get_ref())))
                }
            }
        }
        return Ok(None);
    }
    if let Some(round) = &st.advance {
        let target = Round::parse(round.get_ref()).expect("checked");
        return Ok(advance(g, target));
    }
    let verb_s = st.verb.as_ref().expect("checked");
    let verb = verb_s.get_ref().as_str();
    let pname = st.player.as_ref().expect("checked");
    let p = g.player_by_name(pname.get_ref()).ok_or_else(|| {
        src.error(
            pname.span(),
            "step.player",
            format!("unknown player \"{}\"", pname.get_ref()),
        )
    })?;
    // Standing on entering a round: the round begins first.
    if g.at_round_entry().is_some() {
        g.proceed();
    }
    let actions = match steps::actions(g, p, st, verb) {
        Ok(a) => a,
        Err(StepError::Field { field, message }) => {
            return Err(src.error(span, format!("step.{field}"), message))
        }
        Err(StepError::Name(m)) => return Ok(Some(format!("{} {verb}: {m}", pname.get_ref()))),
    };
    let before = g.clone();
    let expect_error = st.error == Some(true);
    let mut rejected = None;
    for a in &actions {
        let snapshot = g.clone();
        match g.apply(p, *a) {
            Ok(_) => {}
            Err(e) => {
                if *g != snapshot {
                    return Ok(Some(format!(
                        "{} {verb} was rejected ({e}) but the game state changed",
                        pname.get_ref()
                    )));
                }
                rejected = Some(e);
                break;
            }
        }
    }
    match (expect_error, rejected) {
        (false, None) => Ok(None),
        (false, Some(e)) => Ok(Some(format!(
            "{} {verb} was rejected: {e}",
            pname.get_ref()
        ))),
        (true, None) => Ok(Some(format!(
            "{} {verb} was accepted, but the rules forbid it",
            pname.get_ref()
        ))),
        (true, Some(e)) => {
            // Refused, for the reason the scenario names (if it names one).
            if let Some(says) = &st.error_says {
                let text = e.to_string();
                if !text.to_lowercase().contains(&says.get_ref().to_lowercase()) {
                    return Ok(Some(format!(
                        "{} {verb} was rejected, but not saying \"{}\": {text}",
                        pname.get_ref(),
                        says.get_ref()
                    )));
                }
            }
            // The whole step is refused; nothing of it stands.
            *g = before;
            Ok(None)
        }
    }
}

/// Runs forward with every choice at its default until the game next enters
/// `target` (strictly after where it stands) or is over.
fn advance(g: &mut Game, target: Round) -> Option<String> {
    let mut moved = false;
    for _ in 0..ADVANCE_LIMIT {
        if g.is_over() {
            return None;
        }
        if let Some(r) = g.at_round_entry() {
            if r == target && moved {
                return None;
            }
            g.proceed();
            moved = true;
            continue;
        }
        let pending = g.pending();
        if pending.is_empty() {
            return Some("advance: the game stopped with nobody to act".into());
        }
        for p in pending {
            if let Some(a) = g.default_action(p) {
                if let Err(e) = g.apply(p, a) {
                    return Some(format!(
                        "advance: the default choice of {} was refused: {e}",
                        g.player_name(p)
                    ));
                }
                moved = true;
            }
        }
    }
    Some(format!(
        "advance: did not reach the {} round",
        target.name()
    ))
}
