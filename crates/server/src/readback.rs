//! Reading a stored table back, the same for both stores: the rows of a
//! table ([`Query`]) are asked of the store's connection ([`Rows`], in its
//! own SQL), each column read as what it must be ([`Cells`], each store
//! checking its own types), and checked here against the store's rules: the
//! seats numbered from 0, the log without a gap, every seat named one the
//! table has, JSON where JSON is kept. A table that breaks them is
//! [`StoreError::Unreadable`], naming it and the row.

use serde_json::Value;

use crate::store::{
    ChatLine, LoggedAction, NewTable, PendingUndo, StoreError, StoredSeat, StoredTable, TableDump,
    CHAT_KEPT,
};

/// The rows of a table a store is asked for, in the order the reading
/// expects their columns.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Query {
    /// game, setup, seed, spectators, clock_ms, finished, ended, active_at
    /// (ms), open_seats, bot_delay_ms.
    Head,
    /// seat, player, label, invitation_hash, token_hash, name, away; by seat.
    Seats,
    /// seq, seat, action, digest, undoes; by seq.
    Log,
    /// The number of chat lines and the bytes of their text.
    ChatSize,
    /// n, seat, name, text, at: the last `kept` lines (all, None), the
    /// newest first.
    Chat { kept: Option<usize> },
    /// by_seat, target, seq, waiting.
    Undo,
    /// created_at (s).
    CreatedAt,
    /// at (s) of each log entry, by seq.
    LoggedAt,
}

/// A store's reading connection.
pub(crate) trait Rows {
    /// The rows `q` of table `id`, each read with `row` (which gets the
    /// row's index), stopping at the first error; `what` names the rows,
    /// for an error of the database.
    fn rows<T>(
        &mut self,
        q: Query,
        id: &str,
        what: &str,
        row: impl FnMut(usize, &dyn Cells) -> Result<T, String>,
    ) -> Result<Vec<T>, String>;
}

/// One row's columns, each read as what it must be, or an error naming
/// the column (the caller names the row). A store reads its own types;
/// the rest is the same for both.
pub(crate) trait Cells {
    fn opt_text(&self, i: usize, name: &str) -> Result<Option<String>, String>;
    fn opt_int(&self, i: usize, name: &str) -> Result<Option<i64>, String>;
    fn flag(&self, i: usize, name: &str) -> Result<bool, String>;
    fn opt_bytes(&self, i: usize, name: &str) -> Result<Option<Vec<u8>>, String>;

    fn text(&self, i: usize, name: &str) -> Result<String, String> {
        self.opt_text(i, name)?
            .ok_or_else(|| format!("{name} is not text (NULL)"))
    }

    /// A JSON list of seat numbers.
    fn json_seats(&self, i: usize, name: &str) -> Result<Vec<usize>, String> {
        serde_json::from_str(&self.text(i, name)?)
            .map_err(|e| format!("{name} is not the expected JSON: {e}"))
    }

    fn int(&self, i: usize, name: &str) -> Result<i64, String> {
        self.opt_int(i, name)?
            .ok_or_else(|| format!("{name} is not an integer (NULL)"))
    }

    /// A count or a number in a sequence: 0 or more (a negative one must
    /// not wrap into a huge one).
    fn opt_count(&self, i: usize, name: &str) -> Result<Option<u64>, String> {
        self.opt_int(i, name)?
            .map(|n| u64::try_from(n).map_err(|_| format!("{name} is {n}, below 0")))
            .transpose()
    }

    fn count(&self, i: usize, name: &str) -> Result<u64, String> {
        self.opt_count(i, name)?
            .ok_or_else(|| format!("{name} is not an integer (NULL)"))
    }

    /// A seat of a table of `seats` seats.
    fn seat(&self, i: usize, name: &str, seats: usize) -> Result<usize, String> {
        let n = self.int(i, name)?;
        usize::try_from(n)
            .ok()
            .filter(|&s| s < seats)
            .ok_or_else(|| format!("{name} {n} is not a seat of the table ({seats} seats)"))
    }

    /// A SHA-256 hash, or NULL.
    fn hash(&self, i: usize, name: &str) -> Result<Option<[u8; 32]>, String> {
        self.opt_bytes(i, name)?
            .map(|b| {
                <[u8; 32]>::try_from(b.as_slice())
                    .map_err(|_| format!("{name} is {} bytes, not 32", b.len()))
            })
            .transpose()
    }
}

/// A table's own row.
struct Head {
    game: String,
    setup: Value,
    seed: u64,
    spectators: bool,
    clock_ms: Option<u64>,
    finished: bool,
    ended: Option<crate::store::Ended>,
    active_at: i64,
    open_seats: bool,
    bot_delay_ms: Option<u64>,
}

fn read_head(src: &mut impl Rows, id: &str) -> Result<Option<Head>, String> {
    let heads = src.rows(Query::Head, id, "the table", |_, c| {
        Ok(Head {
            game: c.text(0, "game")?,
            setup: serde_json::from_str(&c.text(1, "the set-up")?)
                .map_err(|e| format!("the set-up is not JSON: {e}"))?,
            // The u64's bits, as written.
            seed: c.int(2, "seed")? as u64,
            spectators: c.flag(3, "spectators")?,
            clock_ms: c.opt_count(4, "clock_ms")?,
            finished: c.flag(5, "finished")?,
            ended: match c.opt_text(6, "ended")? {
                None => None,
                Some(e) => Some(
                    crate::store::Ended::parse(&e)
                        .ok_or_else(|| format!("ended: unknown reason {e:?}"))?,
                ),
            },
            active_at: c.int(7, "active_at")?,
            open_seats: c.flag(8, "open_seats")?,
            bot_delay_ms: c.opt_count(9, "bot_delay_ms")?,
        })
    })?;
    Ok(heads.into_iter().next())
}

fn read_seats(src: &mut impl Rows, id: &str) -> Result<Vec<StoredSeat>, String> {
    src.rows(Query::Seats, id, "the seats", |k, c| {
        let row = || -> Result<StoredSeat, String> {
            let n = c.count(0, "seat")?;
            if n != k as u64 {
                return Err(format!("the seats skip to seat {n}"));
            }
            Ok(StoredSeat {
                player: c.text(1, "player")?,
                label: c.text(2, "label")?,
                invitation_hash: c.hash(3, "invitation_hash")?,
                token_hash: c.hash(4, "token_hash")?,
                name: c.opt_text(5, "name")?,
                away: c.flag(6, "away")?,
            })
        };
        row().map_err(|e| format!("seat {k}: {e}"))
    })
}

fn read_log(src: &mut impl Rows, id: &str, seats: usize) -> Result<Vec<LoggedAction>, String> {
    src.rows(Query::Log, id, "the log", |i, c| {
        let seq = c
            .count(0, "seq")
            .map_err(|e| format!("the log's entry {i}: {e}"))?;
        if seq != i as u64 {
            return Err(format!("the log has a gap before action {seq}"));
        }
        let row = || -> Result<LoggedAction, String> {
            Ok(LoggedAction {
                seq,
                seat: c.seat(1, "seat", seats)?,
                action: serde_json::from_str(&c.text(2, "the action")?)
                    .map_err(|e| format!("the action is not JSON: {e}"))?,
                // The u64's bits, as written.
                digest: c.int(3, "digest")? as u64,
                undoes: c.opt_count(4, "undoes")?,
            })
        };
        row().map_err(|e| format!("action {seq}: {e}"))
    })
}

/// The last `kept` lines ([`CHAT_KEPT`] at start; all of them, None, for a
/// copy), oldest first, how many there are and their bytes of text.
fn read_chat(
    src: &mut impl Rows,
    id: &str,
    seats: usize,
    kept: Option<usize>,
) -> Result<(Vec<ChatLine>, u64, u64), String> {
    let count = src.rows(Query::ChatSize, id, "the chat", |_, c| {
        Ok((
            c.count(0, "the number of chat lines")?,
            c.count(1, "the bytes of the chat")?,
        ))
    })?;
    let mut lines = src.rows(Query::Chat { kept }, id, "the chat", |_, c| {
        let n = c.count(0, "n").map_err(|e| format!("a chat line: {e}"))?;
        let row = || -> Result<ChatLine, String> {
            Ok(ChatLine {
                n,
                seat: c.seat(1, "seat", seats)?,
                name: c.text(2, "name")?,
                text: c.text(3, "text")?,
                at: c.int(4, "at")?,
            })
        };
        row().map_err(|e| format!("chat line {n}: {e}"))
    })?;
    lines.reverse();
    let (count, bytes) = count.into_iter().next().unwrap_or((0, 0));
    Ok((lines, count, bytes))
}

/// The pending undo, if it asks about the table as its log leaves it.
fn read_undo(
    src: &mut impl Rows,
    id: &str,
    seats: usize,
    log_len: usize,
) -> Result<Option<PendingUndo>, String> {
    let undo = src.rows(Query::Undo, id, "the pending undo", |_, c| {
        let row = || -> Result<PendingUndo, String> {
            let waiting: Vec<usize> = c.json_seats(3, "waiting")?;
            if let Some(w) = waiting.iter().find(|&&w| w >= seats) {
                return Err(format!(
                    "waiting names seat {w}, not a seat of the table ({seats} seats)"
                ));
            }
            Ok(PendingUndo {
                by: c.seat(0, "by_seat", seats)?,
                target: c.count(1, "target")?,
                seq: c.count(2, "seq")?,
                waiting,
            })
        };
        row().map_err(|e| format!("the pending undo: {e}"))
    })?;
    // Anything else is stale (it cannot happen, as an undo entry clears it
    // in the same transaction; but it is never served).
    Ok(undo.into_iter().next().filter(|u| u.seq == log_len as u64))
}

/// One table with its whole log, or None if there is no such table; a
/// table that cannot be read is [`StoreError::Unreadable`], naming it and
/// the row.
pub(crate) fn read_table(src: &mut impl Rows, id: &str) -> Result<Option<StoredTable>, StoreError> {
    read_table_with(src, id, Some(CHAT_KEPT))
}

/// An unfinished table listed a moment ago, read back: one that vanished
/// meanwhile is unreadable, named.
pub(crate) fn read_listed(src: &mut impl Rows, id: String) -> crate::store::TableRead {
    match read_table(src, &id) {
        Ok(Some(t)) => Ok(t),
        Ok(None) => Err((
            id.clone(),
            StoreError::Unreadable {
                table: id,
                what: "its row vanished while read".into(),
            },
        )),
        Err(e) => Err((id, e)),
    }
}

fn read_table_with(
    src: &mut impl Rows,
    id: &str,
    chat_kept: Option<usize>,
) -> Result<Option<StoredTable>, StoreError> {
    let mut read = || -> Result<Option<StoredTable>, String> {
        let Some(head) = read_head(src, id)? else {
            return Ok(None);
        };
        let seats = read_seats(src, id)?;
        let log = read_log(src, id, seats.len())?;
        let (chat, chat_count, chat_bytes) = read_chat(src, id, seats.len(), chat_kept)?;
        let undo = read_undo(src, id, seats.len(), log.len())?;
        Ok(Some(StoredTable {
            table: NewTable {
                id: id.to_string(),
                game: head.game,
                setup: head.setup,
                seed: head.seed,
                spectators: head.spectators,
                clock_ms: head.clock_ms,
                open_seats: head.open_seats,
                bot_delay_ms: head.bot_delay_ms,
                seats,
            },
            finished: head.finished,
            ended: head.ended,
            active_at: head.active_at,
            log,
            undo,
            chat,
            chat_count,
            chat_bytes,
        }))
    };
    read().map_err(|what| StoreError::Unreadable {
        table: id.to_string(),
        what,
    })
}

/// One table, every row of it: [`read_table`] with all its chat, and the
/// times kept beside the rows.
pub(crate) fn dump_table(src: &mut impl Rows, id: &str) -> Result<Option<TableDump>, StoreError> {
    let Some(stored) = read_table_with(src, id, None)? else {
        return Ok(None);
    };
    let unreadable = |what: String| StoreError::Unreadable {
        table: id.to_string(),
        what,
    };
    let created_at = src
        .rows(Query::CreatedAt, id, "the table", |_, c| {
            c.int(0, "created_at")
        })
        .map_err(unreadable)?
        .into_iter()
        .next()
        .unwrap_or(0);
    let logged_at = src
        .rows(Query::LoggedAt, id, "the log", |i, c| {
            c.int(0, "at").map_err(|e| format!("action {i}: {e}"))
        })
        .map_err(unreadable)?;
    Ok(Some(TableDump {
        stored,
        created_at,
        logged_at,
    }))
}
