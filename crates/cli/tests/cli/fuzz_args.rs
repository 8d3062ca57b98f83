//! Fuzzing the command line: random arguments drawn from every command's
//! words, odd values and odd paths (a folder, /dev/null, a missing file, a
//! pipe-like device, the fixtures), run through the real binary. Every run
//! ends (a watchdog kills a run that would not) with exit 0, 1 or 2, never a
//! panic. `play`, `serve` and `bench` are left out: they run until a person
//! or a signal stops them, and their argument errors are tested elsewhere.

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;

const COMMANDS: &[&[&str]] = &[
    &["deck", "check"],
    &["cards"],
    &["replay"],
    &["conformance"],
    &["sim", "--games", "1", "--turn-limit", "3"],
    &["deck"],
    &[],
];

fn words() -> Vec<String> {
    let fx = common::fixtures();
    let mut w: Vec<String> = [
        "--cards",
        "--type",
        "--race",
        "--players",
        "--seed",
        "--decks",
        "--bot",
        "--json",
        "--quiet",
        "-q",
        "--help",
        "--version",
        "--turn-limit",
        "--save",
        "--games",
        "narn",
        "human",
        "centauri",
        "vorlon",
        "event",
        "character",
        "greedy",
        "random",
        "greedy,random",
        "0",
        "1",
        "2",
        "7",
        "-1",
        "18446744073709551616",
        "abc",
        "",
        " ",
        "\u{feff}",
        "--",
        "-",
        "/",
        "/dev/null",
        "/nonexistent/path",
        ".",
        "Unbowed",
        "x,y,,",
        "--=",
        "-x",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for f in [
        "decks/narn.deck",
        "cards",
        "cards/practice.toml",
        "hostile/huge-count.deck",
        "hostile/save-root.json",
        "hostile/latin1.deck",
    ] {
        w.push(fx.join(f).display().to_string());
    }
    w.push("x".repeat(5_000));
    w
}

/// Runs `b5 args` with a watchdog; returns the exit code and stderr.
fn run(args: &[String]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_b5"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("b5 starts");
    let start = Instant::now();
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("b5 {args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let out = child.wait_with_output().expect("b5 ran");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_arguments_end_cleanly(
        cmd in 0usize..COMMANDS.len(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let w = words();
        let mut args: Vec<String> = COMMANDS[cmd].iter().map(|s| s.to_string()).collect();
        args.extend(picks.iter().map(|i| w[i.index(w.len())].clone()));
        // Games are kept short whatever the random words say.
        if args.first().is_some_and(|a| a == "sim") {
            args.retain(|a| a != "--save");
        }
        let (code, stderr) = run(&args);
        prop_assert!(!stderr.contains("panicked"), "b5 {:?} panicked:\n{}", args, stderr);
        prop_assert!(matches!(code, Some(0..=2)), "b5 {:?} exited {:?}:\n{}", args, code, stderr);
        prop_assert!(stderr.len() < 20_000, "b5 {:?}: {} bytes of errors", args, stderr.len());
    }
}
