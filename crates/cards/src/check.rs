//! `b5 cards check`: each card of a file, its generated rules text beside
//! the text its owner transcribed from the printed card (`text = "..."`),
//! and the words where the two differ, so a player sees at once where his
//! file says something else than his card.
//!
//! The comparison is of words: case, punctuation and spacing are ignored,
//! and the difference is the shortest one (a longest common subsequence of
//! the two lists of words).

use serde::Serialize;

use crate::error::{LoadError, Source};
use crate::text::rules_text;

/// One card of a checked file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardCheck {
    pub name: String,
    /// The line of its `[cards."Name"]` table.
    pub line: usize,
    /// The rules text the engine generates from the card's data.
    pub generated: String,
    /// The card's `text`, if the file keeps one.
    pub text: Option<String>,
    /// The generated text and the transcription, word by word (empty
    /// without a `text`).
    pub diff: Vec<Piece>,
}

impl CardCheck {
    /// Whether the file's data reads as the transcribed text (`None`: no
    /// text to compare).
    pub fn same(&self) -> Option<bool> {
        self.text
            .as_ref()
            .map(|_| self.diff.iter().all(|p| matches!(p, Piece::Same(_))))
    }
}

/// A run of words: in both texts, only in the generated one, or only in the
/// transcription.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    Same(String),
    OnlyGenerated(String),
    OnlyText(String),
}

/// The most words of one text the comparison reads (a printed card's text
/// is well under a hundred): beyond it, the rest is compared as one piece.
pub const MAX_WORDS: usize = 800;

/// Checks one card file's text: every card converted (the first error
/// stops, as when loading), then each compared with its `text`.
pub fn check_file(text: &str, origin: &str) -> Result<Vec<CardCheck>, LoadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let src = Source::new(origin, text);
    let file = crate::read_tables(&src, text)?;
    let defs = crate::convert_cards(&src, &file.cards)?;
    let mut raws: Vec<_> = file.cards.iter().collect();
    // File order, as the definitions are.
    raws.sort_by_key(|(name, _)| name.span().start);
    Ok(raws
        .into_iter()
        .zip(defs)
        .map(|((name, raw), def)| {
            let generated = rules_text(&def);
            // An empty text is one still to be written.
            let text = raw
                .get_ref()
                .text
                .as_ref()
                .map(|t| t.get_ref().clone())
                .filter(|t| !t.trim().is_empty());
            let diff = match &text {
                Some(t) => word_diff(&generated, t),
                None => Vec::new(),
            };
            CardCheck {
                name: name.get_ref().clone(),
                line: src.line_col(name.span().start).0,
                generated,
                text,
                diff,
            }
        })
        .collect())
}

/// A text's words as compared: lower case, without the punctuation around
/// them ("Won:" and "won" are one word; "+1" and "-2" keep their signs).
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '+' && c != '-')
                .to_lowercase()
        })
        .filter(|w| !w.is_empty() && w != "-" && w != "+")
        .collect()
}

/// The two texts word by word: the words both share in order, and those
/// only one has.
pub fn word_diff(generated: &str, text: &str) -> Vec<Piece> {
    let a = words(generated);
    let b = words(text);
    let (a_cut, b_cut) = (a.len().min(MAX_WORDS), b.len().min(MAX_WORDS));
    let mut out = Vec::new();
    for (which, w) in lcs_walk(&a[..a_cut], &b[..b_cut]) {
        push(&mut out, which, w);
    }
    if a_cut < a.len() {
        push(&mut out, Side::Generated, a[a_cut..].join(" "));
    }
    if b_cut < b.len() {
        push(&mut out, Side::Text, b[b_cut..].join(" "));
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Both,
    Generated,
    Text,
}

/// Appends words to the last piece when it is of the same side.
fn push(out: &mut Vec<Piece>, side: Side, w: String) {
    let last = match (out.last_mut(), side) {
        (Some(Piece::Same(s)), Side::Both)
        | (Some(Piece::OnlyGenerated(s)), Side::Generated)
        | (Some(Piece::OnlyText(s)), Side::Text) => Some(s),
        _ => None,
    };
    match last {
        Some(s) => {
            s.push(' ');
            s.push_str(&w);
        }
        None => out.push(match side {
            Side::Both => Piece::Same(w),
            Side::Generated => Piece::OnlyGenerated(w),
            Side::Text => Piece::OnlyText(w),
        }),
    }
}

/// The two lists of words in order, each word marked as shared or one
/// side's, from a longest common subsequence (a table of suffix lengths;
/// both lists are at most `MAX_WORDS` long).
fn lcs_walk(a: &[String], b: &[String]) -> Vec<(Side, String)> {
    let (n, m) = (a.len(), b.len());
    let mut len = vec![0u16; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            len[at(i, j)] = if a[i] == b[j] {
                len[at(i + 1, j + 1)] + 1
            } else {
                len[at(i + 1, j)].max(len[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(n + m);
    while i < n && j < m {
        if a[i] == b[j] {
            out.push((Side::Both, a[i].clone()));
            i += 1;
            j += 1;
        } else if len[at(i + 1, j)] >= len[at(i, j + 1)] {
            out.push((Side::Generated, a[i].clone()));
            i += 1;
        } else {
            out.push((Side::Text, b[j].clone()));
            j += 1;
        }
    }
    out.extend(a[i..].iter().map(|w| (Side::Generated, w.clone())));
    out.extend(b[j..].iter().map(|w| (Side::Text, w.clone())));
    out
}

/// The difference as one line: shared words plain, the generated text's
/// own words as `[-...-]` and the transcription's as `{+...+}` (the
/// marks of `wdiff`).
pub fn diff_line(diff: &[Piece]) -> String {
    diff.iter()
        .map(|p| match p {
            Piece::Same(s) => s.clone(),
            Piece::OnlyGenerated(s) => format!("[-{s}-]"),
            Piece::OnlyText(s) => format!("{{+{s}+}}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punctuation_and_case_do_not_count() {
        let d = word_diff("Won: gain 1 influence.", "won - Gain 1 Influence");
        assert_eq!(d, vec![Piece::Same("won gain 1 influence".into())]);
    }

    #[test]
    fn the_words_each_side_alone_has_are_marked() {
        let d = word_diff(
            "Won: the target player loses 1 influence.",
            "If won, target player loses 2 influence.",
        );
        assert_eq!(
            diff_line(&d),
            "{+if+} won [-the-] target player loses [-1-] {+2+} influence"
        );
        assert!(d
            .iter()
            .any(|p| matches!(p, Piece::OnlyText(s) if s == "2")));
        assert!(d
            .iter()
            .any(|p| matches!(p, Piece::OnlyGenerated(s) if s == "1")));
    }

    #[test]
    fn signs_stay_with_their_numbers() {
        let d = word_diff("+1 Diplomacy", "-1 Diplomacy");
        assert_eq!(diff_line(&d), "[-+1-] {+-1+} diplomacy");
    }

    #[test]
    fn very_long_texts_are_compared_in_bounded_time() {
        let long = "word ".repeat(MAX_WORDS * 3);
        let d = word_diff(&long, "word");
        // The first word is shared; the rest of the generated text is its own.
        assert!(matches!(&d[0], Piece::Same(s) if s == "word"));
        let own: usize = d
            .iter()
            .map(|p| match p {
                Piece::OnlyGenerated(s) => s.split(' ').count(),
                _ => 0,
            })
            .sum();
        assert_eq!(own, MAX_WORDS * 3 - 1);
    }
}
