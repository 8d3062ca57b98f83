// An Empires table page's state: one pure reducer over what the server
// sends (the state, changes, a sync) and the page's own doings (an action
// on its way, a refusal).

import type { Action } from "../generated/empires";
import type { ConnStatus } from "../api";
import { clockFrom, type Clock } from "../store";
import type { ChatLine, UndoRequest } from "../types";
import type { EmpiresChange, EmpiresState, EmpiresSync, EmpiresView } from "./types";

export interface LogLine {
  seq: number;
  round: number;
  text: string;
}

export interface EState {
  table: string;
  seat: number | null;
  seq: number | null;
  view: EmpiresView | null;
  legal: Action[];
  toAct: number[];
  finished: boolean;
  winners: number[];
  log: LogLine[];
  /** The last seq whose sentences are in the log. */
  logSeq: number;
  conn: ConnStatus;
  sending: { seq: number; action: Action } | null;
  refused: { error: string; rule: string | null } | null;
  /** The table's chat, by line number (the last 200). */
  chat: ChatLine[];
  /** An undo asked for and not answered yet. */
  undo: UndoRequest | null;
  /** The table's move clock (null: the table has none). */
  clock: Clock | null;
}

/** `at`: when the message arrived (the page's clock, ms), for the move clock. */
export type EMsg =
  | { type: "state"; state: EmpiresState; at?: number }
  | { type: "change"; msg: EmpiresChange; at?: number }
  | { type: "sync"; msg: EmpiresSync; at?: number }
  | { type: "chat"; lines: ChatLine[] }
  | { type: "undo"; request: UndoRequest | null }
  | { type: "conn"; status: ConnStatus }
  | { type: "sent"; seq: number; action: Action }
  | { type: "acked"; seq: number }
  | { type: "refused"; error: string; rule: string | null; stale?: boolean }
  | { type: "dismiss" }
  /** A line of the table's own (a seat taken, a player come or gone) for the log. */
  | { type: "note"; text: string };

/** The most log lines kept. */
export const LOG_MAX = 400;

export function initialEState(table: string, seat: number | null): EState {
  return {
    table,
    seat,
    seq: null,
    view: null,
    legal: [],
    toAct: [],
    finished: false,
    winners: [],
    log: [],
    logSeq: 0,
    conn: "connecting",
    sending: null,
    refused: null,
    chat: [],
    undo: null,
    clock: null,
  };
}

/** The most chat lines kept. */
export const CHAT_MAX = 200;

/** Whether a change is an agreed undo (a table event, not the engine's). */
function isUndo(c: EmpiresChange): boolean {
  return Array.isArray(c.events) && c.events.some((e) => (e as { event?: string }).event === "undo");
}

export function reduceE(s: EState, m: EMsg): EState {
  switch (m.type) {
    case "state": {
      const r = m.state;
      if (s.seq !== null && r.seq < s.seq) return s;
      return {
        ...s,
        seq: r.seq,
        view: r.view,
        legal: r.legal_actions,
        toAct: r.pending,
        finished: r.finished,
        winners: r.winners,
        sending: s.sending && s.sending.seq < r.seq ? null : s.sending,
        undo: r.undo ?? null,
        clock: clockFrom(s, r.clock, m.at),
      };
    }
    case "change": {
      const c = m.msg;
      let next: EState = { ...s, undo: isUndo(c) ? null : s.undo, clock: clockFrom(s, c.clock, m.at) };
      if (c.seq > s.logSeq && Array.isArray(c.log)) {
        const round = c.view?.round ?? s.view?.round ?? 0;
        const lines = c.log.map((text) => ({ seq: c.seq, round, text }));
        const log = [...s.log, ...lines];
        next = { ...next, log: log.length > LOG_MAX ? log.slice(log.length - LOG_MAX) : log, logSeq: c.seq };
      }
      // Missed changes come without a view; only the last one carries it.
      if (c.view && (s.seq === null || c.seq >= s.seq)) {
        next = {
          ...next,
          seq: c.seq,
          view: c.view,
          legal: c.legal_actions ?? [],
          toAct: c.to_act ?? [],
          finished: c.finished ?? false,
          winners: c.winners ?? [],
          sending: null,
        };
      }
      return next;
    }
    case "sync": {
      const c = m.msg;
      return {
        ...s,
        seq: c.seq,
        view: c.view,
        legal: c.legal_actions,
        toAct: c.to_act,
        finished: c.finished,
        winners: c.winners,
        logSeq: Math.max(s.logSeq, c.seq),
        sending: null,
        clock: clockFrom(s, c.clock, m.at),
      };
    }
    case "chat": {
      const byN = new Map(s.chat.map((l) => [l.n, l]));
      for (const l of m.lines) byN.set(l.n, l);
      const chat = [...byN.values()].sort((a, b) => a.n - b.n).slice(-CHAT_MAX);
      return { ...s, chat };
    }
    case "undo":
      return { ...s, undo: m.request };
    case "conn":
      return { ...s, conn: m.status };
    case "sent":
      return { ...s, sending: { seq: m.seq, action: m.action }, refused: null };
    case "acked":
      return s;
    case "refused":
      return { ...s, sending: null, refused: m.stale ? null : { error: m.error, rule: m.rule } };
    case "dismiss":
      return { ...s, refused: null };
    case "note": {
      const log = [...s.log, { seq: s.seq ?? 0, round: s.view?.round ?? 0, text: m.text }];
      return { ...s, log: log.length > LOG_MAX ? log.slice(log.length - LOG_MAX) : log };
    }
  }
}

/** Whether this page's seat has a choice now (and nothing on its way). */
export function canActE(s: EState): boolean {
  return s.seat !== null && !s.finished && s.legal.length > 0 && s.sending === null;
}
