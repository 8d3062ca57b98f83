// What the last actions changed on the table, for the page to mark until
// the player acts: the cards and conflicts whose state differs between two
// views the server sent (a card new to the table, moved, rotated, damaged,
// marked, enhanced; a conflict declared, supported, revealed). Nothing
// here knows a rule: it compares what the server says.

import type { PlayerView } from "./types";

export interface Touched {
  cards: number[];
  conflicts: number[];
}

export const NOTHING_TOUCHED: Touched = { cards: [], conflicts: [] };

/** Every card object in a view (an object with a numeric id and a name), by id, as text; where it is matters too. */
function cardsIn(v: unknown, path: string, out: Map<number, string>): void {
  if (Array.isArray(v)) {
    v.forEach((x) => cardsIn(x, path, out));
    return;
  }
  if (v === null || typeof v !== "object") return;
  const o = v as Record<string, unknown>;
  if (typeof o.id === "number" && typeof o.name === "string" && "card_type" in o) {
    out.set(o.id, `${out.get(o.id) ?? ""}${path}:${JSON.stringify(o)};`);
  }
  for (const [k, x] of Object.entries(o)) {
    // A conflict's own id is not a card's; its cards are found inside it.
    if (typeof x === "object" && x !== null) cardsIn(x, `${path}/${k}`, out);
  }
}

/** The cards and conflicts that differ from `before` to `after` (all of them new when there was no before). */
export function touchedBetween(before: PlayerView | null, after: PlayerView): Touched {
  if (!before) return NOTHING_TOUCHED;
  const a = new Map<number, string>();
  const b = new Map<number, string>();
  cardsIn(before, "", b);
  cardsIn(after, "", a);
  const cards = [...a.entries()].filter(([id, text]) => b.get(id) !== text).map(([id]) => id);
  const was = new Map(before.conflicts.map((k) => [k.id, JSON.stringify(k)]));
  const conflicts = after.conflicts.filter((k) => was.get(k.id) !== JSON.stringify(k)).map((k) => k.id);
  return { cards, conflicts };
}

/** `t` with `more` added (each id once). */
export function addTouched(t: Touched, more: Touched): Touched {
  if (!more.cards.length && !more.conflicts.length) return t;
  return {
    cards: [...new Set([...t.cards, ...more.cards])],
    conflicts: [...new Set([...t.conflicts, ...more.conflicts])],
  };
}
