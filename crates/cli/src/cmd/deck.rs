//! `b5 deck check FILE...`: parses deck lists and checks them against the
//! card database and the construction rules. Every problem is printed as
//! `file:line: field: message`; the exit code is 1 when any deck has one.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use b5_cards::DeckList;
use b5_engine::Faction;
use clap::{Args, Subcommand};

use crate::cardset::{problem_line, read_deck, CardSet};
use crate::Fail;

#[derive(Subcommand, Debug)]
pub enum DeckCommand {
    /// Check deck lists against the cards and the deck construction rules
    Check(CheckArgs),
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Deck list files (see docs: `N Card Name` lines under [ambassador],
    /// [hand], [deck] and [crusade])
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

pub fn run(cmd: &DeckCommand, cards: &CardSet) -> Result<ExitCode, Fail> {
    let DeckCommand::Check(args) = cmd;
    let mut out = std::io::stdout().lock();
    let mut bad = 0;
    for f in &args.files {
        let deck = match read_deck(f) {
            Ok(d) => d,
            Err(e) => {
                writeln!(out, "{e}")?;
                bad += 1;
                continue;
            }
        };
        let problems = deck.check(&cards.db);
        if problems.is_empty() {
            writeln!(out, "{}", summary(&deck, cards))?;
        } else {
            bad += 1;
            // Suggestions cost a pass over the card database each: the
            // first few unknown names get them.
            let mut budget = MAX_SUGGESTED;
            for p in &problems {
                writeln!(out, "{}{}", problem_line(p), hint(p, cards, &mut budget))?;
            }
            writeln!(
                out,
                "{}: {} problem{}",
                deck.origin,
                problems.len(),
                if problems.len() == 1 { "" } else { "s" }
            )?;
        }
    }
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// How many unknown card names of one deck get "did you mean".
const MAX_SUGGESTED: usize = 20;

/// For an unknown card, the names it may have meant.
fn hint(p: &b5_cards::LoadError, cards: &CardSet, budget: &mut usize) -> String {
    let Some(name) = p
        .message
        .strip_prefix("unknown card \"")
        .and_then(|m| m.strip_suffix('"'))
    else {
        return String::new();
    };
    if *budget == 0 {
        return String::new();
    }
    *budget -= 1;
    let close = cards.suggest(name);
    if close.is_empty() {
        String::new()
    } else {
        format!(" (did you mean: {}?)", close.join(", "))
    }
}

/// "deck.deck: legal: Narn Regime (Narn, babylon project) ..."
fn summary(deck: &DeckList, cards: &CardSet) -> String {
    let count = |list: &[b5_cards::deck::Entry]| list.iter().map(|e| e.count).sum::<usize>();
    let mut types: BTreeMap<b5_engine::CardType, usize> = BTreeMap::new();
    for e in &deck.deck {
        if let Some(d) = cards.db.find(&e.name) {
            *types.entry(cards.db.get(d).card_type).or_default() += e.count;
        }
    }
    let by_type: Vec<String> = types
        .iter()
        .map(|(t, n)| format!("{n} {}", t.name()))
        .collect();
    let race = deck
        .race
        .map(|r| r.0.display().to_string())
        .unwrap_or_default();
    let faction = deck.faction.map(|f| f.0).unwrap_or(Faction::BabylonProject);
    let mut s = format!(
        "{}: legal: {} ({race}, {}); ambassador {}; starting hand {} cards; deck {} cards ({})",
        deck.origin,
        CardSet::deck_name(deck),
        faction.name(),
        deck.ambassador
            .first()
            .map(|e| e.name.as_str())
            .unwrap_or("?"),
        count(&deck.hand),
        count(&deck.deck),
        by_type.join(", ")
    );
    if !deck.crusade.is_empty() {
        s.push_str(&format!("; crusade pile {} cards", count(&deck.crusade)));
    }
    s
}
