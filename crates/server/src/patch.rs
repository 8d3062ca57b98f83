//! View patches (`docs/protocol.md`, "View patches"): a client that says
//! `"view_patches": true` in its hello gets, after the first full view of
//! its connection, only what changed in it: a JSON Patch (RFC 6902) of
//! `replace`, `add` and `remove` operations against the last view sent on
//! that connection.
//!
//! The server keeps no copy of the view it sent, only a tree of digests of
//! its parts (three levels deep under `players`: `/players/2/discard`; two
//! elsewhere: `/hand/3`; 64-bit XXH3, so two
//! different parts taken for the same is a chance of one in 2^64),
//! recorded as serde_json writes the view ([`ViewText::write`]): a part
//! whose digest differs is sent whole. A connection holds a few kilobytes
//! of digests. The parts every viewer shares are written once and stand in
//! each viewer's view where they are ([`ViewText::with_pieces`], [`View`],
//! `TableGame::view_parts`): a view's whole text is put together only when
//! it is sent whole.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::Arc;

use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// How deep a view is split into parts: the top-level keys, their
/// members, and those members' members.
const DEPTH: usize = 3;

/// The top-level members split to [`DEPTH`] (each player's piles are parts
/// of his public part, a conflict's support of the conflict); every other
/// member is split only into its own members (a card in hand is sent whole
/// when it changes): fewer parts to record and digest.
const DEEP_KEYS: [&[u8]; 2] = [b"players", b"conflicts"];

/// How deep the parts of a top-level member go, by its key.
fn limit_of(key: &[u8]) -> usize {
    if DEEP_KEYS.contains(&key) {
        DEPTH
    } else {
        DEPTH - 1
    }
}

/// The digests of a view's parts, as last sent on one connection.
#[derive(Clone, Debug, PartialEq)]
pub struct Sent {
    /// The view's top-level keys (to name one that is gone).
    names: Arc<[Box<str>]>,
    /// Its parts, each before its members (the view itself first).
    nodes: Vec<Node>,
}

/// One part: a digest of its text, of its key (0 in an array), and how many
/// parts it spans with its members. 16 bytes: a connection holds a few
/// hundred.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Node {
    digest: u64,
    key: u32,
    size: u16,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// A scalar, or a part at the deepest level: sent whole.
    Leaf,
    Object,
    Array,
}

/// Where a part of a view is written: its value and its key.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Span {
    start: u32,
    end: u32,
    key_start: u32,
    key_end: u32,
}

/// A view written as text, with its parts read (when it is a JSON object
/// as serde_json writes it).
#[derive(Clone, Debug, PartialEq)]
pub struct ViewText {
    text: String,
    parts: Option<Parts>,
}

#[derive(Clone, Debug, PartialEq)]
struct Parts {
    nodes: Vec<Node>,
    spans: Vec<Span>,
}

impl ViewText {
    /// A whole view; its parts are read if it is an object.
    pub fn read(text: String) -> ViewText {
        let parts = text
            .starts_with('{')
            .then(|| Parts::read(&text, 0))
            .flatten();
        ViewText { text, parts }
    }

    /// A value that will stand at `depth` in a view (2: an element of a
    /// top-level array), read as it would be there; None if it cannot be.
    pub fn piece(text: String, depth: usize) -> Option<ViewText> {
        let parts = Parts::read(&text, depth)?;
        Some(ViewText {
            text,
            parts: Some(parts),
        })
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// Gives back the memory written past its end (for a view kept).
    pub fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        if let Some(p) = &mut self.parts {
            p.nodes.shrink_to_fit();
            p.spans.shrink_to_fit();
        }
    }

    /// This view with some of its top-level members made of pieces
    /// written apart ([`Piece`]), kept where they are: the parts are those
    /// of the whole view, its text is put together only when it is sent
    /// whole. Each such member stands in this text as a placeholder (an
    /// empty array for [`Piece::Items`]). None if a member is missing or a
    /// part is unread.
    pub fn with_pieces(self, pieces: Vec<(&str, Piece)>) -> Option<View> {
        let parts = self.parts.as_ref()?;
        let extra: usize = pieces.iter().map(|(_, p)| p.nodes_len()).sum();
        let mut nodes = Vec::with_capacity(parts.nodes.len() + extra);
        nodes.push(parts.nodes[0]);
        let mut pieces: Vec<(&str, Option<Piece>)> =
            pieces.into_iter().map(|(k, p)| (k, Some(p))).collect();
        let mut splices = Vec::with_capacity(pieces.len());
        let mut scratch = Vec::with_capacity(128);
        for m in members(&parts.nodes, 0) {
            let node = parts.nodes[m];
            let key = parts.key(&self.text, m);
            let Some(piece) = pieces
                .iter_mut()
                .find(|(k, p)| *k == key && p.is_some())
                .and_then(|(_, p)| p.take())
            else {
                nodes.extend_from_slice(&parts.nodes[m..m + node.size as usize]);
                continue;
            };
            let at = nodes.len();
            let mut starts = Vec::new();
            match &piece {
                Piece::One(one) => {
                    nodes.extend_from_slice(one.nodes());
                    let first = nodes.get_mut(at)?;
                    first.key = node.key;
                }
                Piece::Items(items) => {
                    if node.kind != Kind::Array {
                        return None;
                    }
                    nodes.push(node);
                    scratch.clear();
                    scratch.push(b']');
                    for item in items {
                        let first = item.nodes().first()?;
                        scratch.extend_from_slice(&first.digest.to_le_bytes());
                        starts.push(nodes.len());
                        nodes.extend_from_slice(item.nodes());
                    }
                    nodes[at].digest = xxh3_64(&scratch);
                }
            }
            let size = nodes.len() - at;
            nodes[at].size = u16::try_from(size).ok()?;
            splices.push(Splice {
                at,
                size,
                top_at: m,
                was: node.size as usize,
                starts,
                piece,
            });
        }
        if pieces.iter().any(|(_, p)| p.is_some()) {
            return None;
        }
        nodes[0].size = u16::try_from(nodes.len()).ok()?;
        let mut view = View {
            top: self,
            splices,
            nodes,
        };
        // The view's digest over its members, as reading the whole makes
        // it (their keys are the top text's).
        scratch.clear();
        scratch.push(b'}');
        for i in members(&view.nodes, 0) {
            let (text, span) = view.key_span(i);
            scratch.extend_from_slice(
                &text.as_bytes()[span.key_start as usize - 1..span.key_end as usize + 2],
            );
            scratch.extend_from_slice(&view.nodes[i].digest.to_le_bytes());
        }
        view.nodes[0].digest = xxh3_64(&scratch);
        Some(view)
    }

    fn nodes(&self) -> &[Node] {
        self.parts.as_ref().map_or(&[], |p| &p.nodes)
    }
}

/// A top-level member of a view written apart from it.
#[derive(Clone, Debug)]
pub enum Piece {
    /// Its value, written as it stands at depth 1 ([`ViewText::member`]).
    One(Arc<ViewText>),
    /// An array of values, each written as it stands at depth 2 (each
    /// player's public part).
    Items(Vec<Arc<ViewText>>),
}

impl Piece {
    fn nodes_len(&self) -> usize {
        match self {
            Piece::One(t) => t.nodes().len(),
            Piece::Items(items) => 1 + items.iter().map(|t| t.nodes().len()).sum::<usize>(),
        }
    }

    /// The value's text (put together for an array of pieces).
    fn value(&self) -> Cow<'_, str> {
        match self {
            Piece::One(t) => Cow::Borrowed(&t.text),
            Piece::Items(items) => {
                let mut text = String::with_capacity(items.iter().map(|t| t.text.len() + 1).sum());
                push_joined(items, &mut text);
                Cow::Owned(text)
            }
        }
    }

    fn push_value(&self, text: &mut String) {
        match self {
            Piece::One(t) => text.push_str(&t.text),
            Piece::Items(items) => push_joined(items, text),
        }
    }
}

/// `[item,item,...]`
fn push_joined(items: &[Arc<ViewText>], text: &mut String) {
    text.push('[');
    for (n, item) in items.iter().enumerate() {
        if n > 0 {
            text.push(',');
        }
        text.push_str(&item.text);
    }
    text.push(']');
}

/// A view as it is sent: one text with its parts, some of whose top-level
/// members may be pieces written apart (each player's public part, written
/// once for every viewer; a seat's hand, written when it changes).
#[derive(Clone, Debug)]
pub struct View {
    top: ViewText,
    /// The members written apart, in the order they stand in `top`.
    splices: Vec<Splice>,
    /// The parts of the whole view (the pieces' in their place).
    nodes: Vec<Node>,
}

#[derive(Clone, Debug)]
struct Splice {
    /// The member's part in `nodes` and its size there; its part in `top`
    /// and its size there.
    at: usize,
    size: usize,
    top_at: usize,
    was: usize,
    /// Where each item's parts start in `nodes` (for [`Piece::Items`]).
    starts: Vec<usize>,
    piece: Piece,
}

impl From<ViewText> for View {
    fn from(top: ViewText) -> View {
        let nodes = top.nodes().to_vec();
        View {
            top,
            splices: Vec::new(),
            nodes,
        }
    }
}

impl View {
    /// The whole view's text (put together when it has pieces).
    pub fn text(&self) -> Cow<'_, str> {
        let Some(parts) = self.top.parts.as_ref().filter(|_| !self.splices.is_empty()) else {
            return Cow::Borrowed(&self.top.text);
        };
        let extra: usize = self
            .splices
            .iter()
            .map(|s| match &s.piece {
                Piece::One(t) => t.text.len(),
                Piece::Items(items) => items.iter().map(|t| t.text.len() + 1).sum(),
            })
            .sum();
        let mut text = String::with_capacity(self.top.text.len() + extra + 1);
        let mut from = 0;
        for s in &self.splices {
            let span = parts.spans[s.top_at];
            text.push_str(&self.top.text[from..span.start as usize]);
            s.piece.push_value(&mut text);
            from = span.end as usize;
        }
        text.push_str(&self.top.text[from..]);
        Cow::Owned(text)
    }

    /// Where part `i` of the whole view is written: in which text, and
    /// its span there (for a spliced member itself: the piece's root,
    /// whose key is in `top`; see [`View::key_span`]).
    fn span(&self, i: usize) -> (&str, Span) {
        let mut shift = 0isize;
        for s in &self.splices {
            if i < s.at {
                break;
            }
            if i < s.at + s.size {
                let inner = |t: &'_ ViewText, j: usize| -> Span {
                    t.parts.as_ref().map(|p| p.spans[j]).unwrap_or_default()
                };
                return match &s.piece {
                    Piece::One(t) => (t.text.as_str(), inner(t, i - s.at)),
                    Piece::Items(items) if i > s.at => {
                        let k = s.starts.partition_point(|&x| x <= i) - 1;
                        let item = &items[k];
                        (item.text.as_str(), inner(item, i - s.starts[k]))
                    }
                    Piece::Items(_) => self.top_span(s.top_at),
                };
            }
            shift += s.size as isize - s.was as isize;
        }
        self.top_span((i as isize - shift) as usize)
    }

    fn top_span(&self, j: usize) -> (&str, Span) {
        let p = self.top.parts.as_ref().map(|p| p.spans[j]);
        (self.top.text.as_str(), p.unwrap_or_default())
    }

    /// Where part `i`'s key is written (a spliced member's is in `top`).
    fn key_span(&self, i: usize) -> (&str, Span) {
        match self.splices.iter().find(|s| s.at == i) {
            Some(s) => self.top_span(s.top_at),
            None => self.span(i),
        }
    }

    /// Part `i`'s value as text (put together for the view itself and
    /// for an array of pieces).
    fn value(&self, i: usize) -> Cow<'_, str> {
        if i == 0 && !self.splices.is_empty() {
            return self.text();
        }
        if let Some(s) = self.splices.iter().find(|s| s.at == i) {
            return s.piece.value();
        }
        let (text, s) = self.span(i);
        Cow::Borrowed(&text[s.start as usize..s.end as usize])
    }

    fn key(&self, i: usize) -> &str {
        let (text, s) = self.key_span(i);
        &text[s.key_start as usize..s.key_end as usize]
    }

    /// Its parts could be read (else it is always sent whole).
    fn has_parts(&self) -> bool {
        self.top.parts.is_some()
    }
}

impl ViewText {
    /// `value` written as JSON text standing at `depth` in a view (0: a
    /// whole view; 2: an element of a top-level array), its parts recorded
    /// as serde_json writes them: the same parts and digests [`read`] finds
    /// in the text, without reading it again. None if it cannot be written
    /// or split (a key with an escape, a part too large).
    ///
    /// [`read`]: ViewText::read
    pub fn write<T: serde::Serialize + ?Sized>(
        value: &T,
        depth: usize,
        capacity: usize,
    ) -> Option<ViewText> {
        // Set by each top-level key; a value written below the top is an
        // element of `players` (a player's public part).
        let limit = if depth >= 2 { DEPTH } else { DEPTH - 1 };
        ViewText::write_at(value, depth, limit, capacity)
    }

    /// `value` written as the top-level member `key` of a view, to stand
    /// in it as a [`Piece::One`].
    pub fn member<T: serde::Serialize + ?Sized>(
        value: &T,
        key: &str,
        capacity: usize,
    ) -> Option<ViewText> {
        ViewText::write_at(value, 1, limit_of(key.as_bytes()), capacity)
    }

    fn write_at<T: serde::Serialize + ?Sized>(
        value: &T,
        depth: usize,
        limit: usize,
        capacity: usize,
    ) -> Option<ViewText> {
        let at = Cell::new(0u32);
        let mut rec = Recorder {
            // Below DEPTH every value is one part.
            base: depth.min(DEPTH),
            limit,
            in_top_key: false,
            top_key: Vec::with_capacity(16),
            open: 0,
            nodes: Vec::with_capacity(64),
            spans: Vec::with_capacity(64),
            frames: Vec::with_capacity(4),
            leaf: None,
            key: (0, 0),
            bad: false,
        };
        rec.value_start(0);
        let out = Out {
            buf: Vec::with_capacity(capacity),
            at: &at,
        };
        let marks = Marks {
            at: &at,
            rec: &mut rec,
        };
        let mut ser = serde_json::Serializer::with_formatter(out, marks);
        value.serialize(&mut ser).ok()?;
        let buf = ser.into_inner().buf;
        if rec.bad || buf.len() > u32::MAX as usize {
            return None;
        }
        if let Some(i) = rec.leaf.take() {
            rec.spans[i].end = buf.len() as u32;
        }
        // serde_json writes UTF-8 only.
        let text = String::from_utf8(buf).ok()?;
        let parts = Parts::digested(rec.nodes, rec.spans, text.as_bytes())?;
        Some(ViewText {
            text,
            parts: Some(parts),
        })
    }
}

/// The text being written, and how long it is (for [`Marks`]).
struct Out<'a> {
    buf: Vec<u8>,
    at: &'a Cell<u32>,
}

impl std::io::Write for Out<'_> {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(b);
        self.at.set(self.buf.len() as u32);
        Ok(b.len())
    }

    fn write_all(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.write(b).map(|_| ())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Where a view's parts start and end, as serde_json writes it: spans and
/// shapes only; the digests are taken from the finished text.
struct Recorder {
    /// The depth of the value written (its parts are split down to
    /// `limit`).
    base: usize,
    /// How deep the parts of the member being written go ([`limit_of`]).
    limit: usize,
    /// A top-level key is being written (into `top_key`).
    in_top_key: bool,
    top_key: Vec<u8>,
    /// Objects and arrays open now.
    open: usize,
    nodes: Vec<Node>,
    spans: Vec<Span>,
    /// The open objects and arrays that are split into parts.
    frames: Vec<usize>,
    /// The part being written that is not split.
    leaf: Option<usize>,
    /// The key of the member whose value comes next (its content).
    key: (u32, u32),
    bad: bool,
}

impl Recorder {
    /// A value starts at `at`, at depth `base + open`.
    fn value_start(&mut self, at: u32) {
        if self.base + self.open > self.limit {
            return;
        }
        let (key_start, key_end) = std::mem::take(&mut self.key);
        self.leaf = Some(self.nodes.len());
        self.nodes.push(Node {
            digest: 0,
            key: 0,
            size: 1,
            kind: Kind::Leaf,
        });
        self.spans.push(Span {
            start: at,
            end: at,
            key_start,
            key_end,
        });
    }

    fn value_end(&mut self, at: u32) {
        if self.base + self.open > self.limit {
            return;
        }
        if let Some(i) = self.leaf.take() {
            self.spans[i].end = at;
        }
    }

    fn container_start(&mut self, kind: Kind) {
        if self.base + self.open < self.limit {
            if let Some(i) = self.leaf.take() {
                self.nodes[i].kind = kind;
                self.frames.push(i);
            } else {
                self.bad = true;
            }
        }
        self.open += 1;
    }

    /// An object or array ended at `at` (after its closing bracket).
    fn container_end(&mut self, at: u32) {
        self.open = self.open.saturating_sub(1);
        if self.base + self.open < self.limit {
            match self.frames.pop() {
                Some(i) => {
                    match u16::try_from(self.nodes.len() - i) {
                        Ok(size) => self.nodes[i].size = size,
                        Err(_) => self.bad = true,
                    }
                    self.spans[i].end = at;
                }
                None => self.bad = true,
            }
        }
    }
}

/// serde_json's compact format, telling the [`Recorder`] where each part
/// starts and ends.
struct Marks<'a> {
    at: &'a Cell<u32>,
    rec: &'a mut Recorder,
}

impl serde_json::ser::Formatter for Marks<'_> {
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.rec.container_start(Kind::Object);
        w.write_all(b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b"}")?;
        self.rec.container_end(self.at.get());
        Ok(())
    }

    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.rec.container_start(Kind::Array);
        w.write_all(b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b"]")?;
        self.rec.container_end(self.at.get());
        Ok(())
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        self.rec.value_start(self.at.get());
        Ok(())
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.rec.value_end(self.at.get());
        Ok(())
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        // The key's content starts after its opening quote.
        if self.rec.base + self.rec.open <= self.rec.limit {
            self.rec.key.0 = self.at.get() + 1;
        }
        // A top-level key: read to know how deep its member goes.
        if self.rec.base + self.rec.open == 1 {
            self.rec.in_top_key = true;
            self.rec.top_key.clear();
        }
        Ok(())
    }

    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        if self.rec.in_top_key {
            self.rec.top_key.extend_from_slice(fragment.as_bytes());
        }
        w.write_all(fragment.as_bytes())
    }

    fn end_object_key<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        // And ends at its closing quote.
        if self.rec.base + self.rec.open <= self.rec.limit {
            self.rec.key.1 = self.at.get().saturating_sub(1);
        }
        if self.rec.in_top_key {
            self.rec.in_top_key = false;
            self.rec.limit = limit_of(&self.rec.top_key);
        }
        Ok(())
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b":")?;
        self.rec.value_start(self.at.get());
        Ok(())
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.rec.value_end(self.at.get());
        Ok(())
    }
}

impl Sent {
    /// How many parts it holds digests of (16 bytes each).
    pub fn parts(&self) -> usize {
        self.nodes.len()
    }

    /// The digests of a view to keep once it is sent; None if its parts
    /// could not be read (then it is always sent whole).
    pub fn of(view: View) -> Option<Sent> {
        Sent::after(None, view)
    }

    /// [`Sent::of`], keeping the names of the view's keys from the digests
    /// sent before when they are the same keys (they nearly always are).
    pub fn after(before: Option<Sent>, view: View) -> Option<Sent> {
        if !view.has_parts() {
            return None;
        }
        let same_keys = before.as_ref().is_some_and(|b| {
            members(&b.nodes, 0)
                .map(|i| b.nodes[i].key)
                .eq(members(&view.nodes, 0).map(|i| view.nodes[i].key))
        });
        let names = match before {
            Some(b) if same_keys => b.names,
            _ => members(&view.nodes, 0)
                .map(|k| Box::from(view.key(k)))
                .collect(),
        };
        let mut nodes = view.nodes;
        // Kept per connection: no more than an eighth to spare.
        if nodes.capacity() > nodes.len() + nodes.len() / 8 {
            nodes.shrink_to_fit();
        }
        Some(Sent { names, nodes })
    }
}

impl Parts {
    fn key<'t>(&self, text: &'t str, i: usize) -> &'t str {
        let s = self.spans[i];
        &text[s.key_start as usize..s.key_end as usize]
    }
}

/// The members of part `i` of `nodes`, by index.
struct Members<'a> {
    nodes: &'a [Node],
    next: usize,
    end: usize,
}

impl Iterator for Members<'_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        (self.next < self.end).then(|| {
            let i = self.next;
            self.next += self.nodes[i].size as usize;
            i
        })
    }
}

fn members(nodes: &[Node], i: usize) -> Members<'_> {
    Members {
        nodes,
        next: i + 1,
        end: i + nodes[i].size as usize,
    }
}

/// The patch that turns the view last sent (`sent`) into `view`, as the
/// text of a JSON array; None when the view's parts could not be read
/// (send it whole then).
pub fn diff(sent: &Sent, view: &View) -> Option<String> {
    if !view.has_parts() {
        return None;
    }
    let mut ops = String::from("[");
    let mut path = String::new();
    let mut d = Diff {
        old: sent,
        new: view,
        path: &mut path,
        ops: &mut ops,
    };
    d.part(0, 0, true);
    ops.push(']');
    Some(ops)
}

struct Diff<'a> {
    old: &'a Sent,
    new: &'a View,
    path: &'a mut String,
    ops: &'a mut String,
}

impl Diff<'_> {
    /// The operations that turn old part `o` into new part `n`.
    fn part(&mut self, o: usize, n: usize, root: bool) {
        let (old, new) = (self.old.nodes[o], self.new.nodes[n]);
        if old.digest == new.digest && old.kind == new.kind {
            return;
        }
        let olds: Vec<usize> = members(&self.old.nodes, o).collect();
        let news: Vec<usize> = members(&self.new.nodes, n).collect();
        let same_keys = olds.len() == news.len()
            && olds
                .iter()
                .zip(&news)
                .all(|(&a, &b)| self.old.nodes[a].key == self.new.nodes[b].key);
        match (old.kind, new.kind) {
            (Kind::Object, Kind::Object) if same_keys => {
                for (&a, &b) in olds.iter().zip(&news) {
                    self.member(a, b, None);
                }
            }
            // Keys came or went: named at the top level (the names of the
            // view's keys are kept), the whole part below it.
            (Kind::Object, Kind::Object) if root => {
                for &b in &news {
                    let key = self.new.nodes[b].key;
                    match olds.iter().find(|&&a| self.old.nodes[a].key == key) {
                        Some(&a) => self.member(a, b, None),
                        None => self.member(usize::MAX, b, None),
                    }
                }
                for (j, &a) in olds.iter().enumerate() {
                    let key = self.old.nodes[a].key;
                    if !news.iter().any(|&b| self.new.nodes[b].key == key) {
                        let len = self.path.len();
                        push_pointer_key(self.path, &self.old.names[j]);
                        op(self.ops, "remove", self.path, None);
                        self.path.truncate(len);
                    }
                }
            }
            (Kind::Array, Kind::Array) if olds.len() == news.len() => {
                for (i, (&a, &b)) in olds.iter().zip(&news).enumerate() {
                    self.member(a, b, Some(i));
                }
            }
            _ => op(self.ops, "replace", self.path, Some(&self.new.value(n))),
        }
    }

    /// Member `b` of the new view against member `a` of the old one
    /// (`usize::MAX`: none, it is added), under its key or (in an array)
    /// its index.
    fn member(&mut self, a: usize, b: usize, index: Option<usize>) {
        // Unchanged: no path to write.
        if let (Some(old), Some(new)) = (self.old.nodes.get(a), self.new.nodes.get(b)) {
            if old.digest == new.digest && old.kind == new.kind {
                return;
            }
        }
        let len = self.path.len();
        match index {
            Some(i) => {
                self.path.push('/');
                self.path.push_str(&i.to_string());
            }
            None => push_pointer_key(self.path, self.new.key(b)),
        }
        if a == usize::MAX {
            op(self.ops, "add", self.path, Some(&self.new.value(b)));
        } else {
            self.part(a, b, false);
        }
        self.path.truncate(len);
    }
}

/// Appends one operation; `path` is a JSON Pointer whose keys were written
/// by serde_json without escapes (see [`parse`]), so it is a JSON string's
/// content as it is.
fn op(ops: &mut String, kind: &str, path: &str, value: Option<&str>) {
    if ops.len() > 1 {
        ops.push(',');
    }
    ops.push_str("{\"op\":\"");
    ops.push_str(kind);
    ops.push_str("\",\"path\":\"");
    ops.push_str(path);
    ops.push('"');
    if let Some(v) = value {
        ops.push_str(",\"value\":");
        ops.push_str(v);
    }
    ops.push('}');
}

/// `/key` with `~` and `/` escaped as RFC 6901 says.
fn push_pointer_key(path: &mut String, key: &str) {
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

impl Parts {
    /// Parts recorded while `text` was written, their digests taken from
    /// it as [`Parts::read`] takes them; None if a key holds an escape.
    fn digested(mut nodes: Vec<Node>, spans: Vec<Span>, text: &[u8]) -> Option<Parts> {
        let mut scratch: Vec<u8> = Vec::with_capacity(256);
        // Members come after their part: from the last, each part's
        // members are digested before it.
        for i in (0..nodes.len()).rev() {
            let s = spans[i];
            if s.key_end > s.key_start {
                // A key with an escape is not split on (as `read` has it).
                let key = text.get(s.key_start as usize..s.key_end as usize)?;
                if key.contains(&b'\\') {
                    return None;
                }
                nodes[i].key = xxh3_64(key) as u32;
            }
            let close = match nodes[i].kind {
                Kind::Leaf => {
                    nodes[i].digest = xxh3_64(text.get(s.start as usize..s.end as usize)?);
                    continue;
                }
                Kind::Object => b'}',
                Kind::Array => b']',
            };
            // What a streaming digest would read, read at once (the same
            // digest: XXH3's streaming and one-shot forms agree).
            scratch.clear();
            scratch.push(close);
            for m in members(&nodes, i) {
                if nodes[i].kind == Kind::Object {
                    let k = spans[m];
                    scratch.extend_from_slice(
                        text.get(k.key_start as usize - 1..k.key_end as usize + 2)?,
                    );
                }
                scratch.extend_from_slice(&nodes[m].digest.to_le_bytes());
            }
            nodes[i].digest = xxh3_64(&scratch);
        }
        Some(Parts { nodes, spans })
    }

    /// A JSON value as serde_json writes it (no whitespace), standing at
    /// `depth`, read into parts down to [`DEPTH`]; None if it is anything
    /// else, or longer than the parts' sizes can say.
    fn read(text: &str, depth: usize) -> Option<Parts> {
        if text.len() > u32::MAX as usize {
            return None;
        }
        let mut p = Parts {
            nodes: Vec::with_capacity(64),
            spans: Vec::with_capacity(64),
        };
        let limit = if depth >= 2 { DEPTH } else { DEPTH - 1 };
        let end = p.read_value(text, 0, depth, (0, 0), limit)?;
        (end == text.len()).then_some(p)
    }

    /// Reads the value at byte `i` (with its key at `key`), split into
    /// members while `depth < DEPTH`; where it ends.
    fn read_value(
        &mut self,
        text: &str,
        i: usize,
        depth: usize,
        key: (usize, usize),
        limit: usize,
    ) -> Option<usize> {
        let b = text.as_bytes();
        // A top-level member goes as deep as its key says.
        let limit = match depth {
            1 => limit_of(&b[key.0..key.1]),
            _ => limit,
        };
        let at = self.nodes.len();
        let key_digest = if key.1 > key.0 {
            xxh3_64(&b[key.0..key.1]) as u32
        } else {
            0
        };
        self.nodes.push(Node {
            digest: 0,
            key: key_digest,
            size: 1,
            kind: Kind::Leaf,
        });
        self.spans.push(Span {
            start: i as u32,
            end: i as u32,
            key_start: key.0 as u32,
            key_end: key.1 as u32,
        });
        let (kind, close) = match b.get(i)? {
            b'{' if depth < limit => (Kind::Object, b'}'),
            b'[' if depth < limit => (Kind::Array, b']'),
            _ => {
                let end = skip(b, i)?;
                self.nodes[at].digest = xxh3_64(&b[i..end]);
                self.spans[at].end = end as u32;
                return Some(end);
            }
        };
        let mut h = Xxh3::new();
        h.update(&[close]);
        let mut j = i + 1;
        if b.get(j) == Some(&close) {
            j += 1;
        } else {
            loop {
                let mut k = (0, 0);
                if kind == Kind::Object {
                    if b.get(j) != Some(&b'"') {
                        return None;
                    }
                    let end = skip(b, j)?;
                    // A key with an escape is not split on (never in a view).
                    if b[j + 1..end - 1].contains(&b'\\') || b.get(end) != Some(&b':') {
                        return None;
                    }
                    k = (j + 1, end - 1);
                    h.update(&b[j..=end]);
                    j = end + 1;
                }
                let kid = self.nodes.len();
                j = self.read_value(text, j, depth + 1, k, limit)?;
                h.update(&self.nodes[kid].digest.to_le_bytes());
                match b.get(j)? {
                    b',' => j += 1,
                    c if *c == close => {
                        j += 1;
                        break;
                    }
                    _ => return None,
                }
            }
        }
        let size = u16::try_from(self.nodes.len() - at).ok()?;
        self.nodes[at] = Node {
            digest: h.digest(),
            key: key_digest,
            size,
            kind,
        };
        self.spans[at].end = j as u32;
        Some(j)
    }
}

/// Where the value starting at `i` ends (a string, a number, a literal, or
/// a whole object or array).
fn skip(b: &[u8], i: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = i;
    loop {
        match *b.get(j)? {
            b'"' => {
                // To the closing quote, past escaped characters.
                j += 1;
                loop {
                    j += memchr::memchr2(b'"', b'\\', b.get(j..)?)?;
                    if b[j] == b'"' {
                        break;
                    }
                    j += 2;
                }
                j += 1;
            }
            b'{' | b'[' => {
                depth += 1;
                j += 1;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                j += 1;
            }
            b',' | b':' if depth == 0 => return Some(j),
            _ => j += 1,
        }
        if depth == 0 && (j >= b.len() || matches!(b[j], b',' | b'}' | b']' | b':')) {
            return Some(j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn read(v: &Value) -> ViewText {
        ViewText::read(v.to_string())
    }

    fn patched(before: &Value, after: &Value) -> (Value, Value) {
        let sent = Sent::of(read(before).into()).unwrap();
        let ops = diff(&sent, &read(after).into()).unwrap();
        let ops: Value = serde_json::from_str(&ops).unwrap();
        let mut v = before.clone();
        let p: json_patch::Patch = serde_json::from_value(ops.clone()).unwrap();
        json_patch::patch(&mut v, &p).unwrap();
        (v, ops)
    }

    #[test]
    fn an_unchanged_view_is_an_empty_patch() {
        let v = json!({"a": 1, "players": [{"x": 1}, {"x": 2}], "s": "q\"}"});
        assert_eq!(patched(&v, &v).1, json!([]));
    }

    #[test]
    fn only_the_changed_part_is_sent() {
        let a = json!({"turn": 3, "players": [{"x": 1, "pile": [1, 2]}, {"x": 2, "pile": []}], "hand": []});
        let b = json!({"turn": 3, "players": [{"x": 1, "pile": [1, 2]}, {"x": 5, "pile": []}], "hand": []});
        let (v, ops) = patched(&a, &b);
        assert_eq!(v, b);
        assert_eq!(
            ops,
            json!([{"op": "replace", "path": "/players/1/x", "value": 5}])
        );
    }

    #[test]
    fn keys_come_and_go_and_arrays_change_length() {
        let a =
            json!({"menu": {"a": [1]}, "hand": [1, 2], "k/~": {"deep": {"deeper": [1, {"z": 1}]}}});
        let b =
            json!({"hand": [1, 2, 3], "vote": null, "k/~": {"deep": {"deeper": [1, {"z": 2}]}}});
        let (v, ops) = patched(&a, &b);
        assert_eq!(v, b);
        let paths: Vec<&str> = ops
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["path"].as_str().unwrap())
            .collect();
        // The deepest level is sent whole.
        // Split two levels deep (only `players` and `conflicts` go three).
        assert!(paths.contains(&"/k~1~0/deep"), "{paths:?}");
        assert!(paths.contains(&"/hand") && paths.contains(&"/menu"));
    }

    #[test]
    fn text_that_is_not_one_object_is_not_patched() {
        let of = |t: &str| Sent::of(ViewText::read(t.to_string()).into());
        assert!(of("[1,2]").is_none());
        assert!(of("{\"a\":1").is_none());
        assert!(of("{\"a\":1}x").is_none());
        assert!(of("").is_none());
        let s = of("{\"a\":1}").unwrap();
        for t in ["{\"a\":[1,}", "{\"a\\n\":1}", "null", r#"{"a":"\"}"#] {
            assert!(
                diff(&s, &ViewText::read(t.to_string()).into()).is_none(),
                "{t}"
            );
            assert_eq!(ViewText::read(t.to_string()).text(), t);
        }
    }

    #[test]
    fn a_view_made_of_pieces_is_read_as_the_whole() {
        let players = [
            json!({"seat": 0, "pile": [{"id": 1, "a": [1]}], "agenda": {"hidden": null}}),
            json!({"seat": 1, "pile": [], "agenda": "x\"]"}),
            json!([]),
        ];
        let lite =
            json!({"turn": 2, "players": [], "hand": [{"id": 3}], "z": {"q": [1, {"r": 2}]}});
        let pieces: Vec<Arc<ViewText>> = players
            .iter()
            .map(|p| Arc::new(ViewText::piece(p.to_string(), 2).unwrap()))
            .collect();
        let made = read(&lite)
            .with_pieces(vec![("players", Piece::Items(pieces.clone()))])
            .unwrap();
        let mut whole = lite.clone();
        whole["players"] = json!(players);
        let whole = read(&whole);
        assert_eq!(made.text(), whole.text());
        assert_eq!(made.nodes, whole.nodes());
        // Every part's key and value, wherever it is written.
        let w = View::from(whole.clone());
        for i in 0..made.nodes.len() {
            assert_eq!(made.value(i), w.value(i), "part {i}");
            assert_eq!(made.key(i), w.key(i), "part {i}");
        }
        // Patches against a view made of pieces are those against the whole.
        let mut after =
            json!({"turn": 3, "players": players, "hand": [], "z": {"q": [1, {"r": 2}]}});
        after["players"][1]["pile"] = json!([5]);
        let sent = Sent::of(made).unwrap();
        assert_eq!(sent, Sent::of(w).unwrap());
        let mut pieces2 = pieces.clone();
        pieces2[1] = Arc::new(ViewText::piece(after["players"][1].to_string(), 2).unwrap());
        let mut lite2 = after.clone();
        lite2["players"] = json!([]);
        let made2 = read(&lite2)
            .with_pieces(vec![("players", Piece::Items(pieces2))])
            .unwrap();
        assert_eq!(diff(&sent, &made2), diff(&sent, &read(&after).into()));
        assert_eq!(
            read(&json!({"players": []}))
                .with_pieces(vec![("players", Piece::Items(vec![]))])
                .unwrap()
                .text(),
            "{\"players\":[]}"
        );
        assert!(read(&json!({"players": 1}))
            .with_pieces(vec![("players", Piece::Items(pieces.clone()))])
            .is_none());
        assert!(read(&json!({"x": []}))
            .with_pieces(vec![("players", Piece::Items(pieces.clone()))])
            .is_none());

        // Members written apart as values of their own, beside the array.
        let hand = json!([{"id": 3, "a": {"b": [1]}}, {"id": 4}]);
        let z = json!({"q": [1, {"r": 2}]});
        let lite3 = json!({"turn": 2, "players": [], "hand": [], "z": null});
        let member = |v: &Value, k: &str| Arc::new(ViewText::member(v, k, 0).unwrap());
        let made3 = read(&lite3)
            .with_pieces(vec![
                ("hand", Piece::One(member(&hand, "hand"))),
                ("players", Piece::Items(pieces.clone())),
                ("z", Piece::One(member(&z, "z"))),
            ])
            .unwrap();
        let mut whole3 = json!({"turn": 2, "players": players, "hand": hand, "z": z});
        let w3 = View::from(read(&whole3));
        assert_eq!(made3.text(), w3.text());
        assert_eq!(made3.nodes, w3.nodes);
        for i in 0..made3.nodes.len() {
            assert_eq!(made3.value(i), w3.value(i), "part {i}");
            assert_eq!(made3.key(i), w3.key(i), "part {i}");
        }
        let sent3 = Sent::of(made3).unwrap();
        assert_eq!(sent3, Sent::of(w3).unwrap());
        whole3["hand"][1]["id"] = json!(5);
        whole3["z"]["q"] = json!([]);
        let made4 = read(&lite3)
            .with_pieces(vec![
                ("hand", Piece::One(member(&whole3["hand"], "hand"))),
                ("players", Piece::Items(pieces)),
                ("z", Piece::One(member(&whole3["z"], "z"))),
            ])
            .unwrap();
        let ops = diff(&sent3, &made4).unwrap();
        assert_eq!(Some(ops.clone()), diff(&sent3, &read(&whole3).into()));
        assert!(ops.contains("/hand/1") && ops.contains("/z/q"), "{ops}");
        // A piece for a member the view does not have: no view.
        assert!(read(&lite3)
            .with_pieces(vec![("nope", Piece::One(member(&z, "nope")))])
            .is_none());
    }

    #[test]
    fn parts_written_are_the_parts_read() {
        let values = [
            json!({"a": 1, "players": [{"x": 1}, {"x": 2}], "s": "q\"}"}),
            json!({"": {"": [[], {}]}, "e": {}, "f": [], "g": null, "h": -1.5e300}),
            json!({"turn": 3, "players": [{"x": {"deep": {"k": [1, {"z": "é\u{1}"}]}}, "pile": [1, 2]}], "hand": [{"id": 1, "a": {"b": 2}}, 3]}),
            json!({"k/~": {"deep": {"deeper": [1, {"z": 1}]}, "after": [{"q": {}}]}, "last": true}),
            json!([1, {"a": 2}]),
            json!("text"),
        ];
        for v in &values {
            for depth in 0..=DEPTH + 1 {
                let text = v.to_string();
                let written = ViewText::write(v, depth, 0).unwrap();
                assert_eq!(written.text(), text);
                let read = Parts::read(&text, depth);
                assert_eq!(written.parts, read, "{text} at depth {depth}");
            }
        }
        assert_eq!(
            ViewText::write(&json!({"a": 1}), 0, 0).unwrap(),
            ViewText::read("{\"a\":1}".into())
        );
        // A key with an escape is not split on, as reading has it.
        assert!(ViewText::write(&json!({"a\n": 1}), 0, 0).is_none());
        assert!(ViewText::write(&json!({"x": {"a\"": 1}}), 0, 0).is_none());
        assert!(ViewText::write(&json!({"players": {"y": {"a\"": 1}}}), 0, 0).is_none());
        assert!(ViewText::write(&json!({"players": {"y": {"z": {"a\"": 1}}}}), 0, 0).is_some());
        // Below a member's parts (two levels but under `players` and
        // `conflicts`), keys are text like any other.
        assert!(ViewText::write(&json!({"x": {"y": {"a\"": 1}}}), 0, 0).is_some());
    }

    #[test]
    fn escaped_quotes_and_brackets_in_strings_do_not_split() {
        let a = json!({"a": "x\"]},{", "b": ["[", "]"], "c": {"d": "\\"}});
        let b = json!({"a": "x\"]},{!", "b": ["[", "]]"], "c": {"d": "\\\\"}});
        assert_eq!(patched(&a, &b).0, b);
    }
}
