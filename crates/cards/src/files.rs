//! Reading files the program did not write: card files, deck lists,
//! scenarios and saved games may come from anyone, so every read is
//! bounded, and folder walks visit real files only, once each.
//!
//! The limits are documented for users in `docs/limits.md`.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::error::LoadError;

/// The largest card file (or scenario) read: 8 MiB. The Open Set's six
/// files hold 60 KiB in all.
pub const MAX_CARD_FILE_BYTES: u64 = 8 << 20;
/// The largest deck list read: 1 MiB (a legal deck list is a few KiB).
pub const MAX_DECK_FILE_BYTES: u64 = 1 << 20;
/// The largest saved game read: 32 MiB (a long game saves in about 200 KiB).
pub const MAX_SAVE_FILE_BYTES: u64 = 32 << 20;
/// How deep a folder walk goes below the folder given.
pub const MAX_WALK_DEPTH: usize = 16;
/// The most files a folder walk returns.
pub const MAX_WALK_FILES: usize = 10_000;
/// The most folder entries a folder walk looks at in all.
pub const MAX_WALK_ENTRIES: usize = 200_000;

fn problem(path: &Path, message: impl Into<String>) -> LoadError {
    LoadError {
        origin: path.display().to_string(),
        line: 0,
        column: 0,
        field: String::new(),
        message: message.into(),
    }
}

/// Reads a text file of at most `limit` bytes: refuses what is not a
/// regular file (a folder, a FIFO, a device) before opening it, stops
/// reading past the limit, and reports invalid UTF-8 with its line, column
/// and byte offset. A leading byte-order mark is dropped.
pub fn read_text(path: &Path, limit: u64) -> Result<String, LoadError> {
    let meta = std::fs::metadata(path).map_err(|e| problem(path, format!("cannot read: {e}")))?;
    if !meta.is_file() {
        let kind = if meta.is_dir() {
            "a folder"
        } else {
            "not a regular file (a pipe, socket or device)"
        };
        return Err(problem(path, format!("cannot read: it is {kind}")));
    }
    if meta.len() > limit {
        return Err(too_big(path, limit));
    }
    let file = std::fs::File::open(path).map_err(|e| problem(path, format!("cannot read: {e}")))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may grow while it is read: never read past the limit.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| problem(path, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(too_big(path, limit));
    }
    decode(bytes, &path.display().to_string())
}

fn too_big(path: &Path, limit: u64) -> LoadError {
    problem(
        path,
        format!(
            "the file is larger than {} (the most this program reads for such a file)",
            size_text(limit)
        ),
    )
}

/// A byte count as people read it ("8 MiB", "512 KiB").
pub fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// Bytes as UTF-8 text: invalid UTF-8 is an error naming the line, the
/// column and the byte offset of the first bad byte; a leading byte-order
/// mark is dropped.
pub fn decode(bytes: Vec<u8>, origin: &str) -> Result<String, LoadError> {
    match String::from_utf8(bytes) {
        Ok(mut s) => {
            if s.starts_with('\u{feff}') {
                s.drain(..'\u{feff}'.len_utf8());
            }
            Ok(s)
        }
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let good = &e.as_bytes()[..at];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            // Valid up to `at`, so this slice is text.
            let column =
                std::str::from_utf8(&good[line_start..]).map_or(1, |s| s.chars().count() + 1);
            Err(LoadError {
                origin: origin.to_string(),
                line,
                column,
                field: String::new(),
                message: format!(
                    "the text is not valid UTF-8 (byte offset {at}): save the file as UTF-8"
                ),
            })
        }
    }
}

/// What a folder walk found: the files, sorted by path, and the entries it
/// passed over with the reason.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Walk {
    pub files: Vec<PathBuf>,
    pub skipped: Vec<(PathBuf, String)>,
}

impl Walk {
    /// The skipped entries as lines for a warning (`path: reason`).
    pub fn skipped_lines(&self) -> Vec<String> {
        self.skipped
            .iter()
            .map(|(p, why)| format!("{}: skipped: {why}", p.display()))
            .collect()
    }
}

/// Every file with the extension `ext` under `dir`, sorted by path.
///
/// Symbolic links are followed, but every folder and file is visited once
/// (by its canonical path), so a link loop ends and a file reached twice
/// loads once. Entries that are not regular files (pipes, sockets,
/// devices) are skipped and reported, and so are folders deeper than
/// [`MAX_WALK_DEPTH`]; more than [`MAX_WALK_FILES`] files, or
/// [`MAX_WALK_ENTRIES`] entries, is an error.
pub fn walk(dir: &Path, ext: &str) -> Result<Walk, LoadError> {
    let mut w = Walker {
        ext,
        out: Walk::default(),
        seen_dirs: HashSet::new(),
        seen_files: HashSet::new(),
        entries: 0,
    };
    w.dir(dir, 0)?;
    w.out.files.sort();
    Ok(w.out)
}

struct Walker<'a> {
    ext: &'a str,
    out: Walk,
    seen_dirs: HashSet<PathBuf>,
    seen_files: HashSet<PathBuf>,
    entries: usize,
}

impl Walker<'_> {
    fn dir(&mut self, dir: &Path, depth: usize) -> Result<(), LoadError> {
        let canon = std::fs::canonicalize(dir)
            .map_err(|e| problem(dir, format!("cannot read folder: {e}")))?;
        if !self.seen_dirs.insert(canon) {
            self.out
                .skipped
                .push((dir.to_path_buf(), "a link to a folder already read".into()));
            return Ok(());
        }
        let rd =
            std::fs::read_dir(dir).map_err(|e| problem(dir, format!("cannot read folder: {e}")))?;
        let mut entries = Vec::new();
        for e in rd {
            self.entries += 1;
            if self.entries > MAX_WALK_ENTRIES {
                return Err(problem(
                    dir,
                    format!("more than {MAX_WALK_ENTRIES} folder entries: give a smaller folder"),
                ));
            }
            let e = e.map_err(|e| problem(dir, format!("cannot read folder: {e}")))?;
            entries.push(e.path());
        }
        entries.sort();
        for p in entries {
            // Follows links: a broken link is reported, not fatal.
            let meta = match std::fs::metadata(&p) {
                Ok(m) => m,
                Err(e) => {
                    self.out.skipped.push((p, format!("cannot read: {e}")));
                    continue;
                }
            };
            if meta.is_dir() {
                if depth + 1 > MAX_WALK_DEPTH {
                    self.out
                        .skipped
                        .push((p, format!("more than {MAX_WALK_DEPTH} folders deep")));
                } else {
                    self.dir(&p, depth + 1)?;
                }
                continue;
            }
            if p.extension().is_none_or(|e| e != self.ext) {
                continue;
            }
            if !meta.is_file() {
                self.out
                    .skipped
                    .push((p, "not a regular file (a pipe, socket or device)".into()));
                continue;
            }
            let canon = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
            if !self.seen_files.insert(canon) {
                self.out
                    .skipped
                    .push((p, "the same file as another one already read".into()));
                continue;
            }
            if self.out.files.len() >= MAX_WALK_FILES {
                return Err(problem(
                    dir,
                    format!(
                        "more than {MAX_WALK_FILES} .{} files: give a smaller folder",
                        self.ext
                    ),
                ));
            }
            self.out.files.push(p);
        }
        Ok(())
    }
}
