//! Every Open Set card that has an effect is shown happening in at least
//! one scenario of `conformance/open-set/`, and every one of those
//! scenarios passes with the Open Set as the base card database.
//!
//! A card "has an effect" when anything beyond its printed statistics and
//! rules-free keywords matters: effects of any kind (when played, won,
//! lost, won or lost by N, initiated, at resolution), actions, lasting
//! effects, triggers (a contingency's trigger included), an aftermath, a
//! bonus, a power bonus, a Major Agenda's victory condition, requirements,
//! replacement, participation restrictions, an initiation cost, or a
//! keyword with rules meaning (ambassador's assistant, mercenary,
//! homeworld, applies damage first, damage resistance N, isa).

use std::path::{Path, PathBuf};

use b5_engine::{CardDef, CardType};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn scenario_dir() -> PathBuf {
    root().join("conformance/open-set")
}

/// Whether the card does anything beyond its printed statistics.
fn has_effect(d: &CardDef) -> bool {
    let kw = &d.kw;
    !d.effects.is_empty()
        || !d.won.is_empty()
        || !d.lost.is_empty()
        || !d.won_by.is_empty()
        || !d.lost_by.is_empty()
        || !d.initiated.is_empty()
        || !d.resolution.is_empty()
        || !d.actions.is_empty()
        || !d.passives.is_empty()
        || !d.triggers.is_empty()
        || d.card_type == CardType::Contingency
        || d.aftermath.is_some()
        || !d.bonus.is_zero()
        || d.power_bonus != 0
        || d.victory.is_some()
        || !d.requires.is_empty()
        || d.replaces.is_some()
        || d.participants.is_some()
        || d.initiate_cost > 0
        || kw.assistant
        || kw.mercenary
        || kw.homeworld
        || kw.damage_first
        || kw.damage_resistance > 0
        || d.has_keyword("isa")
}

/// The scenario files and their text.
fn scenarios() -> Vec<(PathBuf, String)> {
    let files = b5_conformance::collect(&[scenario_dir()])
        .expect("conformance/open-set exists")
        .0;
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f)
                .unwrap_or_else(|e| panic!("{}: cannot read: {e}", f.display()));
            (f, text)
        })
        .collect()
}

#[test]
fn every_open_set_card_with_an_effect_has_a_scenario() {
    let db = b5_cards::open_set::database().expect("the Open Set loads");
    let texts = scenarios();
    assert!(!texts.is_empty(), "no scenarios in conformance/open-set");

    let mut with_effect = 0;
    let mut missing = Vec::new();
    let mut redefined = Vec::new();
    for (_, d) in db.iter() {
        // A scenario uses the Open Set card itself, never its own copy.
        let header = format!("[cards.\"{}\"]", d.name);
        for (f, t) in &texts {
            if t.contains(&header) {
                redefined.push(format!("{} in {}", d.name, f.display()));
            }
        }
        if !has_effect(d) {
            continue;
        }
        with_effect += 1;
        let quoted = format!("\"{}\"", d.name);
        if !texts.iter().any(|(_, t)| t.contains(&quoted)) {
            missing.push(format!(
                "{} {}",
                d.number.as_deref().unwrap_or("(no number)"),
                d.name
            ));
        }
    }
    assert!(
        redefined.is_empty(),
        "scenarios redefine Open Set cards:\n  {}",
        redefined.join("\n  ")
    );
    assert!(
        missing.is_empty(),
        "{} of {with_effect} Open Set cards with an effect appear in no scenario of conformance/open-set:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
    // The rule above must not quietly stop recognising effects.
    assert!(
        with_effect > db.iter().count() / 2,
        "only {with_effect} cards recognised as having an effect"
    );
}

#[test]
fn every_open_set_scenario_passes() {
    let db = b5_cards::open_set::database().expect("the Open Set loads");
    let files = b5_conformance::collect(&[scenario_dir()])
        .expect("conformance/open-set exists")
        .0;
    assert!(!files.is_empty(), "no scenarios in conformance/open-set");
    let mut out = Vec::new();
    let (pass, fail) = b5_conformance::run_files(&files, &db, &mut out).expect("writes to memory");
    let out = String::from_utf8(out).expect("utf-8");
    assert_eq!(fail, 0, "{out}");
    assert_eq!(pass, files.len(), "{out}");
}
