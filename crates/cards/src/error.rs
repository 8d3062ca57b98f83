//! Load errors that name the file, the line and the field.

use std::ops::Range;

/// A problem in a card file, deck list or scenario: where, and what.
/// Shown as `origin:line:column: field: message`; the line and column are
/// left out when unknown (0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file (or other origin) the text came from.
    pub origin: String,
    /// 1-based line and column (0 when unknown).
    pub line: usize,
    pub column: usize,
    /// The field concerned, as a path (`cards."Trade Summit".won_by_x`), if known.
    pub field: String,
    pub message: String,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.origin)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
            if self.column > 0 {
                write!(f, ":{}", self.column)?;
            }
        }
        f.write_str(": ")?;
        if !self.field.is_empty() {
            write!(f, "{}: ", self.field)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for LoadError {}

/// Source text, to turn byte spans into line and column.
#[derive(Debug, Clone)]
pub struct Source<'a> {
    pub origin: &'a str,
    pub text: &'a str,
    /// The text could name the Drakh race: it holds the word, in any case,
    /// or an escape that could spell it (`\u`). Worked out once per file,
    /// so that Drakh Rule 9's check reads only the cards that could fail it.
    pub may_name_drakh: bool,
    /// The card being converted asks, in some selector, whether a card was
    /// ready at the start of the turn (`CardDef::reads_ready_at_start`):
    /// set by the selector's conversion, read once the card is converted.
    pub reads_ready_at_start: std::cell::Cell<bool>,
    /// The card being converted asks, in some selector, whether another
    /// copy of it targeted a card (`CardDef::reads_copy_targets`), as above.
    pub reads_copy_targets: std::cell::Cell<bool>,
}

impl<'a> Source<'a> {
    pub fn new(origin: &'a str, text: &'a str) -> Self {
        let bytes = text.as_bytes();
        // A 'd' of either case first: most bytes are rejected by one test.
        let word = (0..bytes.len().saturating_sub(4))
            .any(|i| bytes[i] | 0x20 == b'd' && bytes[i..i + 5].eq_ignore_ascii_case(b"drakh"));
        let may_name_drakh = word || text.contains("\\u") || text.contains("\\U");
        Source {
            origin,
            text,
            may_name_drakh,
            reads_ready_at_start: std::cell::Cell::new(false),
            reads_copy_targets: std::cell::Cell::new(false),
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.rfind('\n').map(|i| offset - i).unwrap_or(offset + 1);
        (line, col)
    }

    pub fn error(
        &self,
        span: Range<usize>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> LoadError {
        let (line, column) = self.line_col(span.start);
        LoadError {
            origin: self.origin.to_string(),
            line,
            column,
            field: field.into(),
            message: message.into(),
        }
    }

    /// A TOML syntax or type error.
    pub fn toml_error(&self, e: &toml::de::Error) -> LoadError {
        let (mut line, mut column) = e.span().map(|s| self.line_col(s.start)).unwrap_or((0, 0));
        let field = e
            .span()
            .and_then(|s| self.text.get(s))
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty() && t.len() < 60 && !t.contains('\n'))
            .unwrap_or_default();
        let mut message = e.message().trim().to_string();
        // The parser's own words for nesting too deep are bare.
        if message.contains("recursion") {
            // The parser gives no place: the line that nests most is it.
            if line == 0 {
                let depth = |l: &str| {
                    l.bytes()
                        .filter(|b| matches!(b, b'.' | b'[' | b'{'))
                        .count()
                };
                if let Some((i, _)) = self
                    .text
                    .lines()
                    .enumerate()
                    .max_by_key(|(i, l)| (depth(l), std::cmp::Reverse(*i)))
                {
                    (line, column) = (i + 1, 1);
                }
            }
            message = format!(
                "{message}: keys, tables or arrays are nested too deeply here \
                 (a card file needs at most a few levels; look for a long dotted key or many nested brackets)"
            );
        }
        LoadError {
            origin: self.origin.to_string(),
            line,
            column,
            field,
            message,
        }
    }
}
