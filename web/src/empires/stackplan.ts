// Moving a stack in one go: the page's plan over the server's legal
// actions. The engine moves a stack with one `pick` per unit, then
// `move_to`; a player ticks the units (or "Move all") and the page sends
// the picks one at a time, each only if the server lists it as legal now,
// then lights the destinations the server lists. Nothing here decides what
// is legal: a step the server does not offer stops the plan.

import type { Action, Chit, View } from "../generated/empires";
import { canActE, type EState } from "./store";
import { actionKey } from "./words";

/** A unit of the seat's that the server lets it pick (or leave behind) now. */
export interface MovableUnit {
  id: number;
  kind: Chit;
  /** Picked to move already. */
  picked: boolean;
}

/** The units of one space that may move now (top first, as the view lists them). */
export interface MovableStack {
  space: number;
  units: MovableUnit[];
}

/**
 * The seat's stacks with units the legal actions let it pick or unpick,
 * grouped by space. A unit the view does not place (it should not happen)
 * is left out; the legal actions' order of spaces is kept.
 */
export function movableStacks(legal: Action[], view: Pick<View, "stacks" | "viewer">): MovableStack[] {
  const pickable = new Set<number>();
  const unpickable = new Set<number>();
  for (const a of legal) {
    if (a.action === "pick") pickable.add(a.unit);
    else if (a.action === "unpick") unpickable.add(a.unit);
  }
  if (pickable.size + unpickable.size === 0) return [];
  const out: MovableStack[] = [];
  for (const st of view.stacks) {
    if (st.owner !== view.viewer || !st.units) continue;
    const units = st.units
      .filter((u) => pickable.has(u.id) || unpickable.has(u.id))
      .map((u) => ({ id: u.id, kind: u.kind, picked: unpickable.has(u.id) }));
    if (units.length > 0) out.push({ space: st.space, units });
  }
  return out;
}

/** The next step toward having exactly `want` picked. */
export type PickStep =
  | { kind: "send"; action: Action }
  | { kind: "done" }
  | { kind: "blocked"; unit: number; action: "pick" | "unpick" };

/**
 * What to send next so that the picked units become `want`: first leave
 * behind the picked units not wanted, then pick the wanted ones in order.
 * Each step must be among the legal actions; otherwise the plan is blocked
 * on that unit (the page says so and sends nothing more).
 */
export function nextPick(legal: Action[], picked: readonly number[], want: readonly number[]): PickStep {
  const keys = new Set(legal.map(actionKey));
  const wanted = new Set(want);
  for (const u of picked) {
    if (wanted.has(u)) continue;
    const a: Action = { action: "unpick", unit: u };
    return keys.has(actionKey(a)) ? { kind: "send", action: a } : { kind: "blocked", unit: u, action: "unpick" };
  }
  const have = new Set(picked);
  for (const u of want) {
    if (have.has(u)) continue;
    const a: Action = { action: "pick", unit: u };
    return keys.has(actionKey(a)) ? { kind: "send", action: a } : { kind: "blocked", unit: u, action: "pick" };
  }
  return { kind: "done" };
}

/** How many actions reaching `want` takes from `picked` (the page's progress line). */
export function stepsLeft(picked: readonly number[], want: readonly number[]): number {
  const wanted = new Set(want);
  const have = new Set(picked);
  return picked.filter((u) => !wanted.has(u)).length + want.filter((u) => !have.has(u)).length;
}

/**
 * The action a click on a space sends: the one legal move (or retreat) to
 * it, if there is exactly one. Other actions about a space (a recruit, a
 * card's target) stay in the list of choices.
 */
export function destinationAction(legal: Action[], space: number): Action | null {
  const found = legal.filter((a) => (a.action === "move_to" || a.action === "retreat") && a.to === space);
  return found.length === 1 ? found[0]! : null;
}

/** The spaces the legal actions let the picked units (or a losing stack) go to. */
export function destinations(legal: Action[]): Set<number> {
  const out = new Set<number>();
  for (const a of legal) if (a.action === "move_to" || a.action === "retreat") out.add(a.to);
  return out;
}

/** Whether an action is one the stack panel takes (not a button of its own in the list of choices). */
export function isPickAction(a: Action): boolean {
  return a.action === "pick" || a.action === "unpick";
}

/**
 * What a stack move on its way does at a state of the table: wait (an
 * action is on its way, or the one sent at `sentAt` is not answered yet),
 * stop (a refusal, or the seat has no choice any more), or the next step.
 */
export function stackTick(
  s: Pick<EState, "seat" | "finished" | "legal" | "sending" | "refused" | "seq" | "view">,
  want: readonly number[],
  sentAt: number | null,
): PickStep | { kind: "wait" } | { kind: "stop" } {
  if (s.refused) return { kind: "stop" };
  if (s.sending) return { kind: "wait" };
  if (!canActE(s as EState) || !s.view || s.seq === null) return { kind: "stop" };
  if (sentAt === s.seq) return { kind: "wait" };
  return nextPick(s.legal, s.view.picked, want);
}
