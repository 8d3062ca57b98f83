// A game stepped through: where each turn begins, the log's lines by
// position, and the replay's link. What a position holds comes from the
// server (`GET /api/tables/{id}/replay`); this only moves between them.

import type { ReplayStep } from "./types";

/** One line of a replayed game's log, with the position it leads to. */
export interface ReplayRow {
  /** The position after this line's action (1 for the first action). */
  at: number;
  seat: number;
  turn: number;
  /** The round ("conflict", "action", ...), when the log has said. */
  round?: string;
  text: string;
}

/** The log's lines, each with its action's position, turn and round. */
export function replayRows(t: Timeline, words: (s: ReplayStep) => string[] = (s) => s.log ?? []): ReplayRow[] {
  const rows: ReplayRow[] = [];
  let turn = t.firstTurn;
  let round: string | undefined;
  t.steps.forEach((s, i) => {
    const lines = words(s);
    for (const text of lines) {
      const t = /^Turn (\d+) begins\.$/.exec(text);
      if (t) turn = Number(t[1]);
      const r = /^The (\w+) Round begins\.$/.exec(text);
      if (r) round = r[1]!.toLowerCase();
      rows.push({ at: i + 1, seat: s.seat, turn, round, text });
    }
    // A step with no line still keeps its turn (a game that writes none).
    if (lines.length === 0) turn = s.turn;
  });
  return rows;
}

/** A replayed game's actions and the turn at its set-up. */
export interface Timeline {
  steps: ReplayStep[];
  firstTurn: number;
}

/** The positions at which each turn begins (0 first), in order. */
export function turnStarts(t: Timeline): number[] {
  const starts = [0];
  let turn = t.firstTurn;
  t.steps.forEach((s, i) => {
    if (s.turn !== turn) {
      starts.push(i + 1);
      turn = s.turn;
    }
  });
  return starts;
}

/** The turn the position `at` stands in. */
export function turnAt(t: Timeline, at: number): number {
  if (at <= 0) return t.firstTurn;
  return t.steps[Math.min(at, t.steps.length) - 1]?.turn ?? t.firstTurn;
}

/** The start of the turn `at` stands in, or of the one before when `at` is at a turn's start. */
export function previousTurn(t: Timeline, at: number): number {
  let best = 0;
  for (const s of turnStarts(t)) if (s < at) best = s;
  return best;
}

/** The start of the next turn after `at` (the end when there is none). */
export function nextTurn(t: Timeline, at: number): number {
  for (const s of turnStarts(t)) if (s > at) return s;
  return t.steps.length;
}

/** `at` kept within the game. */
export function clampAt(at: number, total: number): number {
  if (!Number.isFinite(at)) return total;
  return Math.max(0, Math.min(total, Math.trunc(at)));
}

/** The position a replay's link names (`#at=N`), if any. */
export function atOfHash(hash: string): number | null {
  const m = /^#?at=(\d{1,7})$/.exec(hash);
  return m ? Number(m[1]) : null;
}

/** The link to a table's replay, at a position when given. */
export function replayLink(origin: string, table: string, at: number | null): string {
  return `${origin}/replay/${encodeURIComponent(table)}${at === null ? "" : `#at=${at}`}`;
}
