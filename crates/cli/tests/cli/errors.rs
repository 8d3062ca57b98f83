//! Bad arguments and bad files: clear messages naming the file and line,
//! a non-zero exit, never a panic.

use crate::common;

use common::{b5, cards_dir, deck, scratch};

fn fails(args: &[&str]) -> common::Run {
    let r = b5(args);
    assert_ne!(r.code, 0, "expected a failure:\n{}", r.show());
    r
}

#[test]
fn bad_arguments() {
    let r = fails(&["frobnicate"]);
    assert!(r.stderr.contains("frobnicate"), "{}", r.show());
    let r = fails(&["play", "--players", "9"]);
    assert!(r.stderr.contains("2..=6"), "{}", r.show());
    let r = fails(&["sim", "--players", "1"]);
    assert!(r.stderr.contains("--players"), "{}", r.show());
    let r = fails(&["play", "--race", "klingon"]);
    assert!(
        r.stderr.contains("unknown race \"klingon\""),
        "{}",
        r.show()
    );
    let r = fails(&["sim", "--bot", "clever"]);
    assert!(r.stderr.contains("clever"), "{}", r.show());
    let r = fails(&["cards", "--type", "spaceship"]);
    assert!(r.stderr.contains("unknown card type"), "{}", r.show());
    let r = fails(&["sim", "--decks", "no/such/file.deck"]);
    assert!(r.stderr.contains("no/such/file.deck"), "{}", r.show());
    let r = fails(&["sim", "--decks", "somebody"]);
    assert!(
        r.stderr.contains("unknown deck \"somebody\""),
        "{}",
        r.show()
    );
    let r = fails(&["replay", "/no/such/save.json"]);
    assert!(r.stderr.contains("/no/such/save.json"), "{}", r.show());
    // More opponents' decks than computer players: said, not ignored.
    let r = fails(&["play", "--players", "2", "--opponents", "narn,human"]);
    assert_eq!(r.code, 2, "{}", r.show());
    assert!(
        r.stderr
            .contains("--opponents names 2 decks for 1 computer players"),
        "{}",
        r.show()
    );
    // The two-player draw is for two players.
    let r = fails(&["sim", "--players", "3", "--duel"]);
    assert!(
        r.stderr.contains("--duel is the two-player draw"),
        "{}",
        r.show()
    );
    let r = fails(&["play", "--players", "4", "--duel"]);
    assert!(
        r.stderr.contains("needs --players 2, not 4"),
        "{}",
        r.show()
    );
    // No scenario path: a usage error, not "0 passed".
    let r = fails(&["conformance"]);
    assert_eq!(r.code, 2, "{}", r.show());
}

#[test]
fn every_command_has_help() {
    for cmd in [
        &["--help"][..],
        &["play", "--help"],
        &["sim", "--help"],
        &["deck", "--help"],
        &["deck", "check", "--help"],
        &["cards", "--help"],
        &["replay", "--help"],
        &["conformance", "--help"],
        &["bench", "--help"],
    ] {
        let r = b5(cmd);
        assert_eq!(r.code, 0, "{cmd:?}: {}", r.show());
        assert!(r.stdout.contains("Usage"), "{cmd:?}: {}", r.show());
    }
}

/// Writes a variant of the Narn practice deck.
fn bad_deck(dir: &std::path::Path, name: &str, edit: impl Fn(String) -> String) -> String {
    let text = std::fs::read_to_string(deck("narn")).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, edit(text)).unwrap();
    path.display().to_string()
}

#[test]
fn deck_check_names_file_line_and_field() {
    let cards = cards_dir();
    let ok = b5(&[
        "--cards",
        &cards,
        "deck",
        "check",
        &deck("narn"),
        &deck("human"),
    ]);
    assert_eq!(ok.code, 0, "{}", ok.show());
    assert!(ok.stdout.contains("legal"), "{}", ok.show());

    let dir = scratch("decks");
    // A count that is not a number (line 15 of the practice deck).
    let f = bad_deck(&dir, "count.deck", |t| {
        t.replacen("3 Practice Clerk", "x Practice Clerk", 1)
    });
    let r = fails(&["--cards", &cards, "deck", "check", &f]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.contains("count.deck:15: entry:"), "{}", r.show());

    // An unknown card, with a suggestion.
    let f = bad_deck(&dir, "unknown.deck", |t| {
        t.replacen("3 Practice Senator", "3 Practice Senatr", 1)
    });
    let r = fails(&["--cards", &cards, "deck", "check", &f]);
    assert!(
        r.stdout
            .contains("unknown.deck:20: card: unknown card \"Practice Senatr\""),
        "{}",
        r.show()
    );
    assert!(r.stdout.contains("Practice Senator?"), "{}", r.show());

    // Too few cards, and too many copies: every problem is listed.
    let f = bad_deck(&dir, "short.deck", |t| {
        let mut lines: Vec<&str> = t.lines().take(22).collect();
        lines.push("4 Practice Gossip");
        lines.join("\n")
    });
    let r = fails(&["--cards", &cards, "deck", "check", &f]);
    assert!(
        r.stdout.contains("short.deck:15: deck: the deck holds"),
        "{}",
        r.show()
    );
    assert!(r.stdout.contains("short.deck:23: copies:"), "{}", r.show());
    assert!(r.stdout.contains("2 problems"), "{}", r.show());

    // A bad deck given to play or sim is refused with the same lines.
    let r = fails(&["--cards", &cards, "sim", "--decks", &format!("{f},narn")]);
    assert!(r.stderr.contains("short.deck:15: deck:"), "{}", r.show());
}

#[test]
fn malformed_card_files() {
    let dir = scratch("cards");
    std::fs::write(
        dir.join("mine.toml"),
        "[cards.\"My Card\"]\ntype = \"character\"\ncots = 3\n",
    )
    .unwrap();
    let d = dir.display().to_string();
    let r = fails(&["--cards", &d, "cards"]);
    assert!(r.stderr.contains("mine.toml:3:"), "{}", r.show());
    assert!(r.stderr.contains("cots"), "{}", r.show());

    // The same card in two places.
    let dup = scratch("cards-dup");
    std::fs::write(
        dup.join("a.toml"),
        "[cards.\"Twice\"]\ntype = \"event\"\ncost = 1\n",
    )
    .unwrap();
    std::fs::write(
        dup.join("b.toml"),
        "[cards.\"Twice\"]\ntype = \"event\"\ncost = 2\n",
    )
    .unwrap();
    let r = fails(&["--cards", &dup.display().to_string(), "cards"]);
    assert!(
        r.stderr.contains("\"Twice\" is defined twice"),
        "{}",
        r.show()
    );
    assert!(
        r.stderr.contains("a.toml") && r.stderr.contains("b.toml"),
        "{}",
        r.show()
    );

    let r = fails(&["--cards", "/no/such/folder", "cards"]);
    assert!(r.stderr.contains("/no/such/folder"), "{}", r.show());
}

#[test]
fn cards_lists_shows_and_suggests() {
    let cards = cards_dir();
    let r = b5(&[
        "--cards", &cards, "cards", "--type", "fleet", "--race", "neutral",
    ]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(r.stdout.contains("Practice Battle Group"), "{}", r.show());
    assert!(!r.stdout.contains("Practice Clerk"), "{}", r.show());

    let r = b5(&["--cards", &cards, "cards", "practice rising star"]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert!(
        r.stdout.contains("Count +2 power"),
        "rules text:\n{}",
        r.show()
    );
    assert!(
        r.stdout.contains("Everyone starts somewhere"),
        "caption:\n{}",
        r.show()
    );

    let r = fails(&["--cards", &cards, "cards", "Practice Risng"]);
    assert!(
        r.stderr.contains("did you mean: Practice Rising Star"),
        "{}",
        r.show()
    );
}

#[test]
fn conformance_keeps_its_output() {
    let case = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../conformance/cases/01-setup-starting-values.toml");
    let c = case.display().to_string();
    let r = b5(&["conformance", &c]);
    assert_eq!(r.code, 0, "{}", r.show());
    assert_eq!(r.stdout, format!("PASS {c}\n1 passed, 0 failed\n"));
    let r = fails(&["conformance", "/no/such/case.toml"]);
    assert_eq!(r.code, 2);
}
