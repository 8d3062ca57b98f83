//! Runs the real `b5` binary on the practice cards and decks under
//! `tests/fixtures` (card names all start with "Practice", so they never
//! clash with the built-in Open Set).

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Exit code, stdout and stderr, for assertion messages.
    pub fn show(&self) -> String {
        format!(
            "exit {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.code,
            tail(&self.stdout, 3000),
            self.stderr
        )
    }

    /// Never a panic, whatever the outcome.
    pub fn no_panic(&self) -> &Run {
        assert!(
            !self.stderr.contains("panicked"),
            "the program panicked:\n{}",
            self.show()
        );
        self
    }
}

fn tail(s: &str, n: usize) -> &str {
    let mut i = s.len().saturating_sub(n);
    while !s.is_char_boundary(i) {
        i += 1;
    }
    &s[i..]
}

pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

pub fn cards_dir() -> String {
    fixtures().join("cards").display().to_string()
}

pub fn deck(race: &str) -> String {
    fixtures()
        .join(format!("decks/{race}.deck"))
        .display()
        .to_string()
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("b5-cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs `b5 args...` with `stdin` piped in.
pub fn b5_with_input(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_b5"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("b5 starts");
    let input = stdin.as_bytes().to_vec();
    let mut pipe = child.stdin.take().expect("stdin");
    // The program may stop reading early (the game ends): ignore a broken pipe.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("b5 runs");
    let _ = writer.join();
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    run.no_panic();
    run
}

pub fn b5(args: &[&str]) -> Run {
    b5_with_input(args, "")
}
