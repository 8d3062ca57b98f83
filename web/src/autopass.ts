// Auto-pass: the page passes for its seat when the player asked it to.
// Nothing here decides what is legal: the server's menu does (its "pass"
// group, its groups by card); this only reads it, with the seat's view
// (the round, the hand, a choice or a vote under way).

import type { KV } from "./session";
import type { Action, Group, PlayerView } from "./types";

/** The rounds in which a player may ask to pass unless a card in hand can be played. */
export const AUTO_ROUNDS = [
  { round: "conflict", label: "Conflict Round: pass unless I can play a card from my hand (declare a conflict)" },
  { round: "resolution", label: "Resolution Round: pass unless I can play a card from my hand (an aftermath)" },
] as const;

export interface AutoPass {
  /** Pass when passing is the only choice. */
  only: boolean;
  /** Rounds ("conflict", "resolution") in which to pass unless a card in hand can be played. */
  rounds: string[];
}

export const NO_AUTO_PASS: AutoPass = { only: false, rounds: [] };

const seatKey = (table: string, seat: number) => `b5.autopass.${table}.${seat}`;
/** The last settings chosen anywhere: a new seat starts with them. */
const LAST = "b5.autopass.last";

function parse(raw: string | null): AutoPass | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<AutoPass>;
    const known = new Set<string>(AUTO_ROUNDS.map((r) => r.round));
    return {
      only: v.only === true,
      rounds: Array.isArray(v.rounds) ? v.rounds.filter((r): r is string => typeof r === "string" && known.has(r)) : [],
    };
  } catch {
    return null;
  }
}

/** The seat's settings: its own, else the last chosen, else none. */
export function loadAutoPass(kv: KV, table: string, seat: number): AutoPass {
  return parse(kv.getItem(seatKey(table, seat))) ?? parse(kv.getItem(LAST)) ?? NO_AUTO_PASS;
}

export function saveAutoPass(kv: KV, table: string, seat: number, a: AutoPass): void {
  const text = JSON.stringify(a);
  kv.setItem(seatKey(table, seat), text);
  kv.setItem(LAST, text);
}

/** Why the page passed for the seat, or null when it must not. */
export type AutoPassed = { action: Action; why: "only" | "round" };

/**
 * The pass to make for the seat now, if its settings ask for one: never
 * in the middle of an effect's choice or a vote, never when the menu has
 * no single pass; "only" when passing is the one choice; a round's setting
 * when no choice is about a card in the hand.
 */
export function autoPassNow(a: AutoPass, view: PlayerView, groups: Group[]): AutoPassed | null {
  const pass = groups.find((g) => g.kind.kind === "pass");
  if (!pass || pass.choices.length !== 1) return null;
  const action = pass.choices[0]!.action;
  const total = groups.reduce((n, g) => n + g.choices.length, 0);
  if (a.only && total === 1) return { action, why: "only" };
  if (view.choice !== null || view.vote !== null) return null;
  if (!a.rounds.includes(view.round)) return null;
  const hand = new Set(view.hand.map((c) => c.id));
  const fromHand = groups.some((g) => g.kind.kind === "card" && hand.has(g.kind.card));
  return fromHand ? null : { action, why: "round" };
}
