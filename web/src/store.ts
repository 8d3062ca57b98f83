// The table page's state: one pure reducer over what the server sends and
// what the player does. The UI (table.tsx) holds it with Preact's useReducer;
// the tests drive it directly.

import { addTouched, NOTHING_TOUCHED, touchedBetween, type Touched } from "./touched";
import type { ConnStatus } from "./api";
import { cardNames, eventSentence, namesOf } from "./describe";
import type { Ref } from "./menu";
import { refKey } from "./menu";
import type {
  Action,
  Advice,
  ChangeMsg,
  ClockInfo,
  ChatLine,
  Ended,
  Menu,
  PlayerView,
  Seat,
  StateResponse,
  SyncMsg,
  UndoRequest,
} from "./types";

export interface LogLine {
  seq: number;
  turn: number;
  /** The round the line belongs to ("conflict", "action", ...), when known. */
  round?: string;
  text: string;
}

/** A move clock as last heard: `left_ms` was what was left at `at` (the page's clock, ms). */
export interface Clock {
  ms: number;
  leftMs: number | null;
  at: number;
}

export interface Refusal {
  error: string;
  rule: string | null;
}

export interface TableState {
  table: string;
  /** Our seat; null for a spectator. */
  seat: Seat | null;
  /** The seq of the view we show (null before the first one). */
  seq: number | null;
  view: PlayerView | null;
  legal: Action[];
  menu: Menu | null;
  toAct: Seat[];
  finished: boolean;
  winners: Seat[];
  /** Why the table ended before its game did (null: it did not). */
  ended: Ended | null;
  undo: UndoRequest | null;
  log: LogLine[];
  chat: ChatLine[];
  conn: ConnStatus;
  /** An action sent and not answered yet (the choices are locked). */
  sending: { seq: number; action: Action } | null;
  refused: Refusal | null;
  /** The group opened (its handle) and the targets picked so far. */
  selected: string | null;
  picked: Ref[];
  /** The last seq whose events are in the log. */
  logSeq: number;
  /** Every card name seen, by id (for the log). */
  names: Record<number, string>;
  /** Power per seat at the end of each turn seen (for the summary chart). */
  powerByTurn: { turn: number; power: number[] }[];
  /** The table's move clock (null: the table has none). */
  clock: Clock | null;
  /** The computer player's suggestion, for the state it was asked at. */
  hint: Advice | null;
  /**
   * What changed since the seat last acted (a spectator: since the round
   * began), marked on the table (`touched.ts`).
   */
  touched: Touched;
}

/** `at`: when the message arrived (the page's clock, ms), for the move clock. */
export type Msg =
  | { type: "state"; state: StateResponse; at?: number }
  | { type: "change"; msg: ChangeMsg; at?: number }
  | { type: "sync"; msg: SyncMsg; at?: number }
  | { type: "conn"; status: ConnStatus }
  | { type: "chat"; lines: ChatLine[] }
  | { type: "undo"; request: UndoRequest | null }
  | { type: "ended"; ended: Ended }
  | { type: "select"; handle: string | null }
  | { type: "pick"; ref: Ref }
  | { type: "unpick" }
  | { type: "sent"; seq: number; action: Action }
  | { type: "acked"; seq: number }
  | { type: "refused"; error: string; rule: string | null; stale?: boolean }
  | { type: "dismiss" }
  /** A line of the table's own (a seat taken, a player come or gone) for the log. */
  | { type: "note"; text: string }
  /** A hint arrived: it opens `handle`, the group holding the suggested choice. */
  | { type: "hint"; hint: Advice; handle: string | null };

export const LOG_LIMIT = 2000;

export function initialState(table: string, seat: Seat | null): TableState {
  return {
    table,
    seat,
    seq: null,
    view: null,
    legal: [],
    menu: null,
    toAct: [],
    finished: false,
    winners: [],
    ended: null,
    undo: null,
    log: [],
    logSeq: 0,
    chat: [],
    conn: "connecting",
    sending: null,
    refused: null,
    selected: null,
    picked: [],
    names: {},
    powerByTurn: [],
    clock: null,
    hint: null,
    touched: NOTHING_TOUCHED,
  };
}

/** The clock a message carries (absent: unchanged; null: none); `s` holds the clock so far. */
export function clockFrom(s: { clock: Clock | null }, c: ClockInfo | null | undefined, at: number | undefined): Clock | null {
  if (c === undefined) return s.clock;
  if (c === null || typeof c.ms !== "number") return null;
  return { ms: c.ms, leftMs: typeof c.left_ms === "number" ? c.left_ms : null, at: at ?? 0 };
}

/** Milliseconds left on the move clock at `now` (null: no clock runs). */
export function clockLeft(c: Clock | null, now: number): number | null {
  if (!c || c.leftMs === null) return null;
  return Math.max(0, c.leftMs - Math.max(0, now - c.at));
}

/** 0:42, 12:05, 1:02:09. */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const ss = String(sec).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

function withView(
  s: TableState,
  seq: number,
  view: PlayerView,
  legal: Action[],
  menu: Menu | null | undefined,
  toAct: Seat[],
  finished: boolean,
  winners: Seat[],
): TableState {
  const seqChanged = s.seq !== seq;
  return {
    ...s,
    seq,
    view,
    legal,
    // The server may send the menu beside the view, or inside it.
    menu: menu ?? (view as PlayerView & { menu?: Menu | null }).menu ?? null,
    toAct,
    finished,
    winners,
    names: cardNames(view, s.names),
    powerByTurn: recordPower(s.powerByTurn, view),
    // A new state: whatever was open belongs to the old choices.
    selected: seqChanged ? null : s.selected,
    picked: seqChanged ? [] : s.picked,
    hint: s.hint && s.hint.seq === seq ? s.hint : null,
    sending: s.sending && s.sending.seq >= seq ? s.sending : null,
  };
}

/**
 * What is marked after a change to `view`: the seat's own action's change
 * marks nothing (the player knows what they did); others' changes add to
 * what was marked since the seat last acted; a spectator's marks start
 * again with each round.
 */
function touchedBy(s: TableState, view: PlayerView): Touched {
  if (s.sending) return NOTHING_TOUCHED;
  const fresh = touchedBetween(s.view, view);
  const newRound = !s.view || s.view.round !== view.round || s.view.turn !== view.turn;
  return addTouched(s.seat === null && newRound ? NOTHING_TOUCHED : s.touched, fresh);
}

function recordPower(h: TableState["powerByTurn"], v: PlayerView): TableState["powerByTurn"] {
  const power = v.players.map((p) => p.power);
  const last = h[h.length - 1];
  if (last && last.turn === v.turn) {
    if (last.power.every((x, i) => x === power[i])) return h;
    return [...h.slice(0, -1), { turn: v.turn, power }];
  }
  return [...h, { turn: v.turn, power }];
}

export function reduce(s: TableState, m: Msg): TableState {
  switch (m.type) {
    case "state": {
      const r = m.state;
      if (s.seq !== null && r.seq < s.seq) return s; // older than what we show
      const next = withView(
        { ...s, seat: r.seat, undo: r.undo ?? null, clock: clockFrom(s, r.clock, m.at), ended: r.ended ?? s.ended },
        r.seq,
        r.view,
        r.legal_actions,
        r.menu,
        r.pending,
        r.finished || !!r.ended,
        r.winners,
      );
      return next;
    }
    case "change": {
      const c = m.msg;
      const newLog = c.seq > s.logSeq;
      const newState = s.seq === null || c.seq > s.seq;
      if (!newLog && !newState) return s; // already seen (a resend)
      if (!newState) {
        // Older than the view we show (asked for after a reload): its
        // events still belong in the log.
        const n = namesOf(s.view, s.names);
        const lines = sentences(c, n, s.view, lastTurn(s) ?? s.view?.turn ?? 0, lastRound(s) ?? s.view?.round);
        return { ...s, log: appendLog(s.log, lines), logSeq: c.seq };
      }
      const view = c.view ?? s.view;
      const n = namesOf(view, cardNames(view, s.names));
      // Lines before a "Turn N begins." belong to the turn shown until now.
      const lines = newLog ? sentences(c, n, view, lastTurn(s) ?? s.view?.turn ?? view?.turn ?? 0, lastRound(s) ?? s.view?.round ?? view?.round) : [];
      const log = appendLog(s.log, lines);
      const logSeq = Math.max(s.logSeq, c.seq);
      const undone = c.events.some((e) => e.event === "undo");
      if (!c.view) {
        // A missed change while catching up: only the last one has the view.
        return {
          ...s,
          seq: c.seq,
          log,
          logSeq,
          legal: [],
          menu: null,
          selected: null,
          picked: [],
          hint: null,
          undo: undone ? null : s.undo,
          clock: clockFrom(s, c.clock, m.at),
        };
      }
      return withView(
        { ...s, log, logSeq, undo: undone ? null : s.undo, clock: clockFrom(s, c.clock, m.at), touched: touchedBy(s, c.view) },
        c.seq,
        c.view,
        c.legal_actions ?? [],
        c.menu,
        c.to_act ?? [],
        c.finished ?? false,
        c.winners ?? [],
      );
    }
    case "sync": {
      const c = m.msg;
      if (s.seq !== null && c.seq < s.seq) return s;
      return withView({ ...s, clock: clockFrom(s, c.clock, m.at) }, c.seq, c.view, c.legal_actions, c.menu, c.to_act, c.finished, c.winners);
    }
    case "conn":
      return { ...s, conn: m.status };
    case "chat": {
      const byN = new Map(s.chat.map((l) => [l.n, l]));
      for (const l of m.lines) byN.set(l.n, l);
      const chat = [...byN.values()].sort((a, b) => a.n - b.n).slice(-200);
      return { ...s, chat };
    }
    case "ended":
      return { ...s, ended: m.ended, finished: true, undo: null };
    case "undo":
      return { ...s, undo: m.request };
    case "select":
      return { ...s, selected: m.handle, picked: [], refused: null };
    case "pick": {
      const k = refKey(m.ref);
      if (s.picked.some((r) => refKey(r) === k)) return s;
      return { ...s, picked: [...s.picked, m.ref] };
    }
    case "unpick":
      return { ...s, picked: s.picked.slice(0, -1) };
    case "sent":
      // Acting: what the others did has been seen.
      return { ...s, sending: { seq: m.seq, action: m.action }, refused: null, touched: NOTHING_TOUCHED };
    case "acked":
      // The change itself arrives on the WebSocket; until then stay locked
      // unless it has already come.
      return { ...s, sending: s.seq !== null && s.seq >= m.seq ? null : s.sending };
    case "refused":
      return {
        ...s,
        sending: null,
        refused: m.stale ? null : { error: m.error, rule: m.rule },
      };
    case "dismiss":
      return { ...s, refused: null };
    case "note":
      return { ...s, log: appendLog(s.log, [{ seq: s.seq ?? 0, turn: lastTurn(s) ?? s.view?.turn ?? 0, round: lastRound(s) ?? s.view?.round, text: m.text }]) };
    case "hint":
      // Only for the state it was asked at (the table may have moved on).
      if (m.hint.seq !== s.seq || !canAct(s)) return s;
      return { ...s, hint: m.hint, selected: m.handle ?? s.selected, picked: m.handle ? [] : s.picked };
  }
}

function sentences(
  c: ChangeMsg,
  n: ReturnType<typeof namesOf>,
  view: PlayerView | null,
  turn: number,
  round: string | undefined,
): LogLine[] {
  const lines: LogLine[] = [];
  let t = turn;
  let r = round;
  // The server's own sentences (the engine's, as `b5 play` prints them) when it sends them.
  if (Array.isArray(c.log)) {
    for (const text of c.log) {
      const m = /^Turn (\d+) begins\.$/.exec(text);
      if (m) t = Number(m[1]);
      const begins = /^The (\w+) Round begins\.$/.exec(text);
      if (begins) r = begins[1]!.toLowerCase();
      lines.push({ seq: c.seq, turn: t, round: r, text });
    }
    // An agreed undo is the table's event, not the engine's: the engine's
    // sentences have no line for it, so the page writes it.
    if (c.log.length === 0) {
      for (const e of c.events) {
        if (e.event !== "undo") continue;
        const text = eventSentence(e, n, view);
        if (text) lines.push({ seq: c.seq, turn: t, round: r, text });
      }
    }
    return lines;
  }
  for (const e of c.events) {
    if (e.event === "turn_began" && typeof e.turn === "number") t = e.turn;
    if (e.event === "round_began" && typeof e.round === "string") r = e.round;
    const text = eventSentence(e, n, view);
    if (text) lines.push({ seq: c.seq, turn: t, round: r, text });
  }
  return lines;
}

/** The round of the last line in the log, if known. */
function lastRound(s: TableState): string | undefined {
  return s.log[s.log.length - 1]?.round;
}

/** The turn of the last line in the log, if any. */
function lastTurn(s: TableState): number | undefined {
  return s.log[s.log.length - 1]?.turn;
}

function appendLog(log: LogLine[], lines: LogLine[]): LogLine[] {
  if (lines.length === 0) return log;
  const all = log.slice();
  for (const l of lines) {
    // A run of passes (one change each) reads as one line, as in `b5 play`.
    const last = all[all.length - 1];
    const merged = last && last.turn === l.turn ? mergePasses(last.text, l.text) : null;
    if (merged !== null) all[all.length - 1] = { ...last!, text: merged };
    else all.push(l);
  }
  return all.length > LOG_LIMIT ? all.slice(all.length - LOG_LIMIT) : all;
}

/** Who passed in a pass line ("Narn: passes (why)." or "Narn, Human and Minbari pass (why)."), and why. */
export function passersOf(text: string): { names: string[]; why: string } | null {
  let m = /^(.+): passes( \(.+\))?\.$/.exec(text);
  if (m) return { names: [m[1]!], why: m[2] ?? "" };
  m = /^(.+) and (.+) pass( \(.+\))?\.$/.exec(text);
  if (m) return { names: [...m[1]!.split(", "), m[2]!], why: m[3] ?? "" };
  return null;
}

/**
 * Two pass lines of the same step as one (null: they are not both passes of
 * one step). A player passing again (an Action Round goes round) starts a
 * new line: "Narn, Narn and Narn pass" would read as three players.
 */
export function mergePasses(a: string, b: string): string | null {
  const x = passersOf(a);
  const y = passersOf(b);
  if (!x || !y || x.why !== y.why) return null;
  if (y.names.some((n) => x.names.includes(n))) return null;
  const names = [...x.names, ...y.names];
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} pass${x.why}.`;
}

/** Whether it is our choice now (and nothing is on its way). */
export function canAct(s: TableState): boolean {
  return s.seat !== null && s.legal.length > 0 && !s.sending && !s.finished;
}

/** Lines of one turn's round, in the log panel. */
export interface LogGroup {
  key: string;
  turn: number;
  round?: string;
  lines: LogLine[];
}

/** The log's lines grouped by turn and round, in order (a group per run). */
export function logGroups(lines: LogLine[]): LogGroup[] {
  const groups: LogGroup[] = [];
  for (const l of lines) {
    const last = groups[groups.length - 1];
    if (last && last.turn === l.turn && last.round === l.round) last.lines.push(l);
    else groups.push({ key: `${l.seq}-${groups.length}`, turn: l.turn, round: l.round, lines: [l] });
  }
  return groups;
}
