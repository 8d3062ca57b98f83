//! `b5 cards new [--out FILE]`: asks a few questions (name, type, race,
//! cost, the abilities and fields of that type, the printed text) and
//! writes a card table with the fields of that type, ready to be filled in
//! with what the card does. Each answer is checked as it is given, and the
//! card is loaded before it is written, so the skeleton always loads.
//! Given `--out`, the card is added to the end of that file (which must
//! still load, and must not define the name already); otherwise it is
//! printed.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use b5_engine::{Ability, CardType, Race};
use clap::Args;

use crate::Fail;

#[derive(Args, Debug)]
pub struct NewArgs {
    /// Add the card to the end of this card file (created if missing);
    /// without it, the card is printed
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// How many times a question is asked again after a bad answer.
const TRIES: usize = 5;
/// The longest answer read (a printed card's text is a few hundred
/// characters).
const MAX_ANSWER: usize = 4_000;

/// The questions and answers, over any input and output.
struct Asker<'a, R: BufRead, W: Write> {
    input: &'a mut R,
    out: &'a mut W,
}

impl<R: BufRead, W: Write> Asker<'_, R, W> {
    /// One line of answer; `None` when the input has ended.
    fn line(&mut self) -> Result<Option<String>, Fail> {
        let mut buf = Vec::new();
        let n = <&mut R as std::io::Read>::take(&mut *self.input, MAX_ANSWER as u64 + 1)
            .read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(None);
        }
        if buf.len() > MAX_ANSWER && !buf.ends_with(b"\n") {
            return Err(Fail::new(format!(
                "an answer is longer than {MAX_ANSWER} characters"
            )));
        }
        let s = String::from_utf8(buf).map_err(|_| Fail::new("an answer is not UTF-8 text"))?;
        Ok(Some(s.trim().to_string()))
    }

    /// Asks until `parse` takes the answer (the default for an empty one).
    fn ask<T>(
        &mut self,
        question: &str,
        default: Option<&str>,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<T, Fail> {
        for _ in 0..TRIES {
            match default {
                Some(d) => write!(self.out, "{question} [{d}]: ")?,
                None => write!(self.out, "{question}: ")?,
            }
            self.out.flush()?;
            let Some(answer) = self.line()? else {
                return Err(Fail::new(format!(
                    "no answer to \"{question}\" (the input ended)"
                )));
            };
            let answer = match (answer.is_empty(), default) {
                (true, Some(d)) => d.to_string(),
                _ => answer,
            };
            match parse(&answer) {
                Ok(v) => return Ok(v),
                Err(e) => writeln!(self.out, "  {e}")?,
            }
        }
        Err(Fail::new(format!(
            "no usable answer to \"{question}\" after {TRIES} tries"
        )))
    }

    fn number(&mut self, question: &str, default: &str, max: u8) -> Result<u8, Fail> {
        self.ask(question, Some(default), |s| {
            s.parse::<u8>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| format!("a whole number from 0 to {max}, please"))
        })
    }

    fn one_of(&mut self, question: &str, default: &str, words: &[&str]) -> Result<String, Fail> {
        let q = format!("{question} ({})", words.join(", "));
        self.ask(&q, Some(default), |s| {
            let s = s.to_ascii_lowercase();
            if words.contains(&s.as_str()) {
                Ok(s)
            } else {
                Err(format!("one of: {}", words.join(", ")))
            }
        })
    }
}

/// A TOML string (quoted and escaped).
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The card's name: what the loader takes as a name.
fn parse_name(s: &str) -> Result<String, String> {
    if s.is_empty() {
        return Err("the card needs a name".into());
    }
    let probe = format!("[cards.{}]\ntype = \"event\"\n", quoted(s));
    b5_cards::parse_card_file(&probe, "name")
        .map(|_| s.to_string())
        .map_err(|e| e.message)
}

pub fn run(args: &NewArgs) -> Result<ExitCode, Fail> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let existing = match &args.out {
        Some(p) if p.exists() => {
            let text = b5_cards::files::read_text(p, b5_cards::files::MAX_CARD_FILE_BYTES)
                .map_err(|e| Fail::new(e.to_string()))?;
            // The file must load before a card is added to it.
            let defs = b5_cards::parse_card_file(&text, &p.display().to_string())
                .map_err(|e| Fail::new(e.to_string()))?;
            Some((text, defs.into_iter().map(|d| d.name).collect()))
        }
        _ => None,
    };
    let (existing, taken): (Option<String>, Vec<String>) = match existing {
        Some((t, names)) => (Some(t), names),
        None => (None, Vec::new()),
    };
    let mut asker = Asker {
        input: &mut input,
        out: &mut out,
    };
    let card = ask_card(&mut asker, &taken)?;
    let name = card.name.clone();
    let table = card.toml();
    // The skeleton loads, alone and with the file it joins.
    let whole = match &existing {
        Some(t) => format!("{}\n{table}", t.trim_end()),
        None => table.clone(),
    };
    let origin = args
        .out
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "the new card".into());
    b5_cards::parse_card_file(&whole, &origin).map_err(|e| Fail::new(e.to_string()))?;
    match &args.out {
        Some(p) => {
            std::fs::write(p, format!("{}\n", whole.trim_end()))
                .map_err(|e| Fail::new(format!("{}: cannot write: {e}", p.display())))?;
            writeln!(
                out,
                "\n{name} added to {}. Fill in what it does (docs/card-format.md), then: b5 cards check {}",
                p.display(),
                p.display()
            )?;
        }
        None => write!(out, "\n{table}")?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The answers, as the fields of the card's table.
struct NewCard {
    name: String,
    fields: Vec<(&'static str, String)>,
    /// Commented lines for what the card does, by type.
    hints: &'static [&'static str],
}

impl NewCard {
    fn toml(&self) -> String {
        let mut s = format!("[cards.{}]\n", quoted(&self.name));
        for (k, v) in &self.fields {
            s.push_str(&format!("{k} = {v}\n"));
        }
        for h in self.hints {
            s.push_str(&format!("# {h}\n"));
        }
        s
    }
}

const ATTACH: [&str; 7] = [
    "character",
    "fleet",
    "location",
    "group",
    "agenda",
    "faction",
    "global",
];

/// The questions, in order; `taken`: the names the file already defines.
fn ask_card<R: BufRead, W: Write>(a: &mut Asker<R, W>, taken: &[String]) -> Result<NewCard, Fail> {
    let name = a.ask("Card name", None, |s| {
        if taken.iter().any(|t| t.eq_ignore_ascii_case(s)) {
            return Err(format!("the file already has a card named \"{s}\""));
        }
        parse_name(s)
    })?;
    let types = CardType::ALL.map(|t| t.name());
    let ty = a.one_of("Type", "character", &types)?;
    let card_type = CardType::parse(&ty).ok_or_else(|| Fail::new("unknown type"))?;
    let races: Vec<&str> = Race::ALL.iter().map(|r| r.name()).collect();
    let race = a.one_of("Race", "neutral", &races)?;
    let mut fields: Vec<(&'static str, String)> = vec![("type", quoted(&ty))];
    if race != "neutral" {
        fields.push(("race", quoted(&race)));
    }
    let q = |s: &str| quoted(s);
    match card_type {
        CardType::Conflict => {
            let k = a.one_of(
                "Conflict type",
                "diplomacy",
                &Ability::ALL.map(|k| k.name()),
            )?;
            fields.push(("conflict", q(&k)));
            let t = a.one_of("Target", "player", &["player", "card", "none"])?;
            if t != "none" {
                fields.push(("target", q(&t)));
            }
        }
        CardType::Agenda => {
            let p = a.number("Power bonus", "1", 20)?;
            fields.push(("power_bonus", p.to_string()));
        }
        _ => {
            let c = a.number("Cost", "1", 99)?;
            fields.push(("cost", c.to_string()));
        }
    }
    let abilities: &[&'static str] = match card_type {
        CardType::Character => &["diplomacy", "intrigue", "psi", "leadership"],
        CardType::Fleet | CardType::Location => &["military"],
        _ => &[],
    };
    for &ab in abilities {
        let n = a.number(&capitalized(ab), "0", 20)?;
        if n > 0 {
            fields.push((ab, n.to_string()));
        }
    }
    match card_type {
        CardType::Enhancement | CardType::Contingency => {
            let at = a.one_of("Played on", "character", &ATTACH)?;
            fields.push(("attach", q(&at)));
        }
        CardType::Aftermath => {
            let o = a.one_of("Played after a conflict", "won", &["won", "lost", "any"])?;
            fields.push(("aftermath", format!("{{ outcome = {} }}", q(&o))));
        }
        _ => {}
    }
    if card_type == CardType::Contingency {
        let t = a.ask(
            "Revealed when (a trigger: attacked, targeted, sponsored, event-played, ...)",
            Some("attacked"),
            |s| {
                let probe = format!(
                    "[cards.\"Probe\"]\ntype = \"contingency\"\ncost = 0\nattach = \"faction\"\ntrigger = {}\neffects = [{{ draw = 1 }}]\n",
                    quoted(s)
                );
                b5_cards::parse_card_file(&probe, "trigger")
                    .map(|_| s.to_string())
                    .map_err(|e| e.message)
            },
        )?;
        fields.push(("trigger", q(&t)));
    }
    let text = a.ask(
        "The printed card's text (your transcription; empty to fill in later)",
        Some(""),
        |s| Ok::<_, String>(s.to_string()),
    )?;
    fields.push(("text", q(&text)));
    Ok(NewCard {
        name,
        fields,
        hints: hints(card_type),
    })
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// What a card of the type usually says next, as commented examples
/// (docs/card-format.md has every field).
fn hints(t: CardType) -> &'static [&'static str] {
    match t {
        CardType::Character | CardType::Group | CardType::Fleet | CardType::Location => &[
            "keywords = [\"...\"]",
            "actions = [{ cost = { rotate = true }, effects = [{ gain_influence = 1 }] }]",
            "passive = [{ bonus = { diplomacy = 1 }, to = { host = true } }]",
            "triggers = [{ on = \"sponsored\", effects = [{ draw = 1 }] }]",
        ],
        CardType::Enhancement => &["bonus = { military = 1 }", "passive = [...]"],
        CardType::Agenda => &["passive = [{ extra_influence = 1 }]", "victory = { ... }"],
        CardType::Event => &["target = \"card\"", "effects = [{ draw = 1 }]"],
        CardType::Conflict => &[
            "won = [{ gain_influence = 1 }]",
            "lost = [{ tension = 1, toward = \"target\" }]",
        ],
        CardType::Aftermath | CardType::Contingency => &["effects = [{ gain_influence = 1 }]"],
    }
}
