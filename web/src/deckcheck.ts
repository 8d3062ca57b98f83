// The server's deck-check problems placed beside the lines of a pasted list.

import type { Problem } from "./types";

export interface DeckLine {
  n: number;
  text: string;
  problems: string[];
}

export interface CheckedDeck {
  /** Problems about the whole list (no line, or a line past its end). */
  general: string[];
  lines: DeckLine[];
}

export function placeProblems(text: string, problems: Problem[], seat: number): CheckedDeck {
  const mine = problems.filter((p) => p.seat === seat);
  const lines: DeckLine[] = text
    .split(/\r?\n/)
    .map((t, i) => ({ n: i + 1, text: t, problems: [] as string[] }));
  const general: string[] = [];
  for (const p of mine) {
    const msg = p.field ? `${p.field}: ${p.message}` : p.message;
    const l = typeof p.line === "number" && p.line >= 1 ? lines[p.line - 1] : undefined;
    if (l) l.problems.push(msg);
    else general.push(typeof p.line === "number" && p.line > 0 ? `line ${p.line}: ${msg}` : msg);
  }
  return { general, lines };
}

/** Problems of a request that belong to no pasted list (a seat's named deck, the options). */
export function otherProblems(problems: Problem[], pastedSeats: Set<number>): Problem[] {
  return problems.filter((p) => !pastedSeats.has(p.seat));
}
