//! Load errors that name the file, the line and the field.

use std::ops::Range;

/// A problem in a card file, deck list or scenario: where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}:{column}: {}{message}", field_prefix(.field))]
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

fn field_prefix(f: &str) -> String {
    if f.is_empty() {
        String::new()
    } else {
        format!("{f}: ")
    }
}

/// Source text, to turn byte spans into line and column.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    pub origin: &'a str,
    pub text: &'a str,
}

impl<'a> Source<'a> {
    pub fn new(origin: &'a str, text: &'a str) -> Self {
        Source { origin, text }
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
        let (line, column) = e.span().map(|s| self.line_col(s.start)).unwrap_or((0, 0));
        let field = e
            .span()
            .and_then(|s| self.text.get(s))
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty() && t.len() < 60 && !t.contains('\n'))
            .unwrap_or_default();
        LoadError {
            origin: self.origin.to_string(),
            line,
            column,
            field,
            message: e.message().trim().to_string(),
        }
    }
}
