//! `b5 cards [--type T] [--race R] [NAME]`: lists the cards (built-in and
//! `--cards`), or shows one card in full with its generated rules text;
//! `b5 cards check FILE...` compares card files with their owners' texts
//! (`cards_check.rs`); `b5 cards new` writes a new card (`cards_new.rs`).

use std::io::Write;
use std::process::ExitCode;

use b5_engine::{CardDef, CardType, MarkKind, Race};
use clap::{Args, Subcommand};

use crate::cardset::CardSet;
use crate::render::abilities;
use crate::Fail;

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct CardsArgs {
    #[command(subcommand)]
    pub command: Option<CardsCommand>,
    /// Only cards of this type (character, group, fleet, location,
    /// enhancement, agenda, event, conflict, aftermath, contingency)
    #[arg(long = "type", value_name = "T", value_parser = super::parse_type)]
    pub card_type: Option<CardType>,
    /// Only cards loyal to this race (or "neutral")
    #[arg(long, value_name = "R", value_parser = super::parse_loyalty)]
    pub race: Option<Race>,
    /// Show this card in full (names are case-insensitive)
    #[arg(value_name = "NAME")]
    pub name: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum CardsCommand {
    /// Check card files: each card's generated rules text beside the
    /// `text = "..."` its file keeps (your transcription of the printed
    /// card), with the words where they differ
    Check(super::cards_check::CheckArgs),
    /// Write a new card: asks its name, type, race, cost, abilities and
    /// printed text, and writes a card table with the fields of its type
    New(super::cards_new::NewArgs),
    /// Try a card (yours with --cards FILE): play it in a sandbox against
    /// a computer player, with b5 play's screen; nothing is saved
    Try(super::cards_try::TryArgs),
}

/// The card of that name (case-insensitive), or an error suggesting close
/// names.
pub fn find_card(cards: &CardSet, name: &str) -> Result<b5_engine::DefId, Fail> {
    if let Some(id) = cards.db.find(name.trim()) {
        return Ok(id);
    }
    let close = cards.suggest(name.trim());
    let hint = if close.is_empty() {
        " (b5 cards lists every card)".to_string()
    } else {
        format!("; did you mean: {}?", close.join(", "))
    };
    Err(Fail::new(format!(
        "no card is named \"{}\"{hint}",
        b5_cards::deck::excerpt(name)
    )))
}

pub fn run(args: &CardsArgs, cards: &CardSet) -> Result<ExitCode, Fail> {
    match &args.command {
        Some(CardsCommand::Check(a)) => return super::cards_check::run(a),
        Some(CardsCommand::New(a)) => return super::cards_new::run(a),
        Some(CardsCommand::Try(a)) => return super::cards_try::run(a, cards),
        None => {}
    }
    let mut out = std::io::stdout().lock();
    if let Some(name) = &args.name {
        let id = find_card(cards, name)?;
        let origin = cards
            .origins
            .get(id.0 as usize)
            .map(|s| s.as_str())
            .unwrap_or("?");
        write!(out, "{}", full(cards.db.get(id), origin))?;
        return Ok(ExitCode::SUCCESS);
    }
    let list: Vec<&CardDef> = cards
        .db
        .iter()
        .map(|(_, d)| d)
        .filter(|d| args.card_type.is_none_or(|t| d.card_type == t))
        .filter(|d| args.race.is_none_or(|r| d.race == r))
        .collect();
    if list.is_empty() {
        writeln!(
            out,
            "no cards{}",
            if cards.db.is_empty() {
                " are loaded (the built-in Open Set is empty; add --cards DIR)"
            } else {
                " match"
            }
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let width = list
        .iter()
        .map(|d| d.name.chars().count())
        .max()
        .unwrap_or(4)
        .min(b5_cards::MAX_NAME_CHARS);
    writeln!(
        out,
        "{:<8} {:<width$} {:<12} {:<12} {:>4}  abilities",
        "number", "name", "type", "race", "cost"
    )?;
    for d in &list {
        writeln!(
            out,
            "{:<8} {:<width$} {:<12} {:<12} {:>4}  {}",
            d.number.as_deref().unwrap_or("-"),
            d.name,
            d.card_type.name(),
            d.race.name(),
            d.cost.map(|c| c.to_string()).unwrap_or_else(|| "-".into()),
            abilities(&d.abilities)
        )?;
    }
    writeln!(
        out,
        "{} card{}",
        list.len(),
        if list.len() == 1 { "" } else { "s" }
    )?;
    Ok(ExitCode::SUCCESS)
}

/// One card in full.
fn full(d: &CardDef, origin: &str) -> String {
    let mut s = String::new();
    let mut line = |k: &str, v: String| s.push_str(&format!("{k:<12} {v}\n"));
    line("name", d.name.clone());
    if let Some(n) = &d.number {
        line("number", n.clone());
    }
    line("type", d.card_type.name().into());
    line("race", d.race.display().into());
    line(
        "cost",
        d.cost
            .map(|c| c.to_string())
            .unwrap_or_else(|| "undefined".into()),
    );
    line("uniqueness", d.uniqueness.name().into());
    if d.abilities.iter().any(|&a| a > 0) || d.card_type.is_supporting() {
        let names = ["Diplomacy", "Intrigue", "Psi", "Leadership", "Military"];
        let a: Vec<String> = names
            .iter()
            .zip(d.abilities)
            .filter(|(_, v)| *v > 0)
            .map(|(n, v)| format!("{n} {v}"))
            .collect();
        line(
            "abilities",
            if a.is_empty() {
                "none".into()
            } else {
                a.join(", ")
            },
        );
    }
    let marks: Vec<String> = MarkKind::ALL
        .iter()
        .zip(d.marks)
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| format!("{n} {}", k.name()))
        .collect();
    if !marks.is_empty() {
        line("marks", marks.join(", "));
    }
    if !d.keywords.is_empty() {
        line("keywords", d.keywords.join(", "));
    }
    if d.power_bonus != 0 {
        line("power bonus", format!("{:+}", d.power_bonus));
    }
    if let Some(k) = d.conflict {
        line("conflict", k.display().into());
    }
    let text = b5_cards::text::rules_text(d);
    line(
        "text",
        if text.is_empty() {
            "(no rules text)".into()
        } else {
            text
        },
    );
    if let Some(c) = &d.caption {
        line("caption", format!("\"{c}\""));
    }
    line("from", origin.into());
    s
}
