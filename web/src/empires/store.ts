// An Empires table page's state: one pure reducer over what the server
// sends (the state, changes, a sync) and the page's own doings (an action
// on its way, a refusal).

import type { Action } from "../generated/empires";
import type { ConnStatus } from "../api";
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
}

export type EMsg =
  | { type: "state"; state: EmpiresState }
  | { type: "change"; msg: EmpiresChange }
  | { type: "sync"; msg: EmpiresSync }
  | { type: "conn"; status: ConnStatus }
  | { type: "sent"; seq: number; action: Action }
  | { type: "acked"; seq: number }
  | { type: "refused"; error: string; rule: string | null; stale?: boolean }
  | { type: "dismiss" };

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
  };
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
      };
    }
    case "change": {
      const c = m.msg;
      let next = s;
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
      };
    }
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
  }
}

/** Whether this page's seat has a choice now (and nothing on its way). */
export function canActE(s: EState): boolean {
  return s.seat !== null && !s.finished && s.legal.length > 0 && s.sending === null;
}
