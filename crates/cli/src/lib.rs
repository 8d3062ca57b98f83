//! # b5 (the command-line program)
//!
//! The front door of the project: `b5 serve` (the online table), `b5 play`,
//! `b5 sim`, `b5 deck check`, `b5 cards`, `b5 replay`, `b5 bench`,
//! `b5 connect`, `b5 loadtest` and `b5 conformance`. The binary
//! (`src/main.rs`) only parses arguments and dispatches; every command
//! lives in [`cmd`], on top of:
//!
//! - [`cardset`]: the built-in Open Set plus the user's `--cards`
//!   directories, the shipped decks, and deck resolution;
//! - [`save`]: the saved-game format (JSON) and its replay;
//! - [`render`]: the table as one player may see it.

pub mod cardset;
pub mod cmd;
pub mod render;
pub mod save;

use std::fmt;

/// A command's failure: a message for standard error and an exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fail {
    pub message: String,
    /// 1 for a failed check or a bad file, 2 for a bad argument.
    pub code: u8,
}

impl Fail {
    /// A failure with exit code 1.
    pub fn new(message: impl Into<String>) -> Fail {
        Fail {
            message: message.into(),
            code: 1,
        }
    }

    /// A bad argument (exit code 2, like clap's own errors).
    pub fn usage(message: impl Into<String>) -> Fail {
        Fail {
            message: message.into(),
            code: 2,
        }
    }
}

impl fmt::Display for Fail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<std::io::Error> for Fail {
    fn from(e: std::io::Error) -> Fail {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            // The reader went away (`b5 cards | head`): stop quietly.
            return Fail {
                message: String::new(),
                code: 0,
            };
        }
        Fail::new(format!("cannot write the output: {e}"))
    }
}

/// Mixes a base seed with an index (splitmix64), so that game `i` of a run
/// and seat `s` of a game get independent, reproducible seeds.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
