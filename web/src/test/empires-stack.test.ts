// Moving a stack in one go (../empires/stackplan): the plan reads the
// server's legal actions and sends only what they list; the map's names fit
// their hexes; a choice's card for its text.

import { describe, expect, it } from "vitest";
import type { Action } from "../generated/empires";
import { cardsOfAction } from "../empires/cardtext";
import { hexLabel } from "../empires/layout";
import { initialEState, reduceE, type EState } from "../empires/store";
import {
  destinationAction,
  destinations,
  isPickAction,
  movableStacks,
  nextPick,
  stackTick,
  stepsLeft,
} from "../empires/stackplan";
import { GAME } from "./empires-fixtures";

const move = GAME.states.move;
/** The ten units of the Narn homesystem stack (space 30), top first. */
const HOME_UNITS = [13, 40, 44, 38, 15, 24, 34, 11, 22, 18];

/**
 * A stand-in for the engine's picking, as its legal actions list it: every
 * unit of the stack not picked may be picked, every picked one left behind;
 * moves once something is picked. Only to run a plan to its end.
 */
function legalFor(picked: number[]): Action[] {
  const out: Action[] = HOME_UNITS.filter((u) => !picked.includes(u)).map((unit) => ({ action: "pick", unit }));
  for (const unit of picked) out.push({ action: "unpick", unit });
  if (picked.length > 0) out.push({ action: "move_to", to: 31 }, { action: "move_to", to: 20 });
  out.push({ action: "end_order" });
  return out;
}

/** Runs a plan against `legalFor`, applying each action sent; the actions sent. */
function run(picked: number[], want: number[]): { sent: Action[]; picked: number[]; end: string } {
  const sent: Action[] = [];
  let now = [...picked];
  for (let i = 0; i < 50; i++) {
    const step = nextPick(legalFor(now), now, want);
    if (step.kind !== "send") return { sent, picked: now, end: step.kind };
    sent.push(step.action);
    const a = step.action;
    if (a.action === "pick") now = [...now, a.unit];
    else if (a.action === "unpick") now = now.filter((u) => u !== a.unit);
  }
  throw new Error("the plan does not end");
}

describe("the stacks that may move", () => {
  it("lists a real game's stack by space, top first, with the picked unit marked", () => {
    const stacks = movableStacks(move.legal_actions, move.view);
    expect(stacks).toHaveLength(1);
    expect(stacks[0]!.space).toBe(30);
    expect(stacks[0]!.units.map((u) => u.id)).toEqual(HOME_UNITS);
    expect(stacks[0]!.units.filter((u) => u.picked).map((u) => u.id)).toEqual([40]);
    expect(stacks[0]!.units[0]!.kind).toBe("capitol_ship");
  });

  it("lists nothing when the server offers no pick (another phase, a spectator)", () => {
    expect(movableStacks(GAME.states.draw.legal_actions, GAME.states.draw.view)).toEqual([]);
    // The spectator's view has no units under the tops: nothing to tick.
    expect(movableStacks(move.legal_actions, GAME.spectator.view)).toEqual([]);
  });

  it("leaves out the units the server does not offer", () => {
    const legal = move.legal_actions.filter((a) => !(a.action === "pick" && a.unit === 13));
    const units = movableStacks(legal, move.view)[0]!.units.map((u) => u.id);
    expect(units).not.toContain(13);
    expect(units).toHaveLength(9);
  });
});

describe("the plan of a stack move", () => {
  it("moves a whole ten-unit stack with ten picks, one at a time, in the stack's order", () => {
    const r = run([], HOME_UNITS);
    expect(r.end).toBe("done");
    expect(r.sent).toHaveLength(10);
    expect(r.sent.every((a) => a.action === "pick")).toBe(true);
    expect(r.sent.map((a) => (a as { unit: number }).unit)).toEqual(HOME_UNITS);
    expect(new Set(r.picked)).toEqual(new Set(HOME_UNITS));
    // Then the server lists where they may go: the lit spaces.
    expect([...destinations(legalFor(r.picked))]).toEqual([31, 20]);
  });

  it("starts from what is picked: the real game's state needs nine more picks, the first the top unit", () => {
    const first = nextPick(move.legal_actions, move.view.picked, HOME_UNITS);
    expect(first).toEqual({ kind: "send", action: { action: "pick", unit: 13 } });
    expect(stepsLeft(move.view.picked, HOME_UNITS)).toBe(9);
    expect(run([40], HOME_UNITS).sent).toHaveLength(9);
  });

  it("leaves behind the picked units not ticked before picking the ticked ones", () => {
    const r = run([40, 44], [13, 44]);
    expect(r.sent).toEqual([
      { action: "unpick", unit: 40 },
      { action: "pick", unit: 13 },
    ]);
    expect(r.picked.sort()).toEqual([13, 44]);
    expect(nextPick(legalFor([13, 44]), [13, 44], [44, 13])).toEqual({ kind: "done" });
  });

  it("stops on a step the server does not list, and sends nothing for it", () => {
    expect(nextPick(move.legal_actions, [40], [40, 999])).toEqual({ kind: "blocked", unit: 999, action: "pick" });
    const noUnpick = move.legal_actions.filter((a) => a.action !== "unpick");
    expect(nextPick(noUnpick, [40], [13])).toEqual({ kind: "blocked", unit: 40, action: "unpick" });
    // Nothing offered at all (not the seat's turn): blocked at once.
    expect(nextPick([], [], [13]).kind).toBe("blocked");
  });

  it("waits for each acknowledgement and stops on a refusal or when the seat has no choice", () => {
    const s: EState = reduceE(initialEState(move.table, 0), { type: "state", state: move });
    expect(s.seq).toBe(9);
    expect(stackTick(s, HOME_UNITS, null)).toEqual({ kind: "send", action: { action: "pick", unit: 13 } });
    // Sent at this seq: nothing more until the table moves past it.
    const sending = reduceE(s, { type: "sent", seq: 9, action: { action: "pick", unit: 13 } });
    expect(stackTick(sending, HOME_UNITS, 9)).toEqual({ kind: "wait" });
    expect(stackTick(s, HOME_UNITS, 9)).toEqual({ kind: "wait" });
    const refused = reduceE(sending, { type: "refused", error: "no", rule: null });
    expect(stackTick(refused, HOME_UNITS, 9)).toEqual({ kind: "stop" });
    const over = { ...s, legal: [] };
    expect(stackTick(over, HOME_UNITS, null)).toEqual({ kind: "stop" });
    // The next state (seq 10) with 13 picked: the next unit.
    const next: EState = { ...s, seq: 10, view: { ...s.view!, picked: [40, 13] } };
    expect(stackTick(next, HOME_UNITS, 9)).toEqual({ kind: "send", action: { action: "pick", unit: 44 } });
  });
});

describe("a click on the map", () => {
  it("moves to a space the server lists, and nowhere else", () => {
    expect(destinationAction(move.legal_actions, 31)).toEqual({ action: "move_to", to: 31 });
    expect(destinationAction(move.legal_actions, 30)).toBeNull();
    expect(destinationAction(move.legal_actions, 0)).toBeNull();
    expect([...destinations(move.legal_actions)].sort((a, b) => a - b)).toEqual([10, 19, 20, 21, 31, 32, 40, 41]);
    expect(destinationAction([{ action: "retreat", to: 5 }], 5)).toEqual({ action: "retreat", to: 5 });
    // Two different actions to one space: the list decides, not a click.
    expect(destinationAction([{ action: "retreat", to: 5 }, { action: "move_to", to: 5 }], 5)).toBeNull();
    // Recruiting at a space is not a destination.
    expect(destinations(GAME.states.recruit.legal_actions).size).toBe(0);
  });

  it("picks are the stack panel's, not buttons of the list", () => {
    expect(move.legal_actions.filter(isPickAction)).toHaveLength(10);
    expect(isPickAction({ action: "move_to", to: 31 })).toBe(false);
  });
});

describe("the names on the map", () => {
  it("draws a short name whole at the map's font", () => {
    expect(hexLabel("Galdo", 30)).toEqual({ text: "Galdo", font: 8, fit: null });
  });

  it("fits a long name to its hex instead of cutting it", () => {
    const l = hexLabel("Homesystem 1", 30);
    expect(l.text).toBe("Homesystem 1");
    expect(l.fit).toBe(42);
    expect(l.font).toBeGreaterThan(7.5);
    expect(l.font).toBeLessThanOrEqual(8);
    const long = hexLabel("Vessarine Prime 12,-4", 30);
    expect(long.text).toBe("Vessarine Prime 12,-4");
    expect(long.font).toBeLessThan(8);
    expect(long.font).toBeGreaterThanOrEqual(5);
    expect(long.fit).toBe(42);
  });
});

describe("a choice's card", () => {
  it("names the card played or thrown away, and what a Special Card is played as first", () => {
    expect(cardsOfAction({ action: "discard", card: "deception" })).toEqual(["deception"]);
    expect(cardsOfAction({ action: "play", card: "tactical_move_order", target: { to: "none" } })).toEqual([
      "tactical_move_order",
    ]);
    expect(
      cardsOfAction({ action: "play", card: "special_card", as_card: "intrigue", target: { to: "player", player: 1 } }),
    ).toEqual(["intrigue", "special_card"]);
    expect(cardsOfAction({ action: "move_to", to: 3 })).toEqual([]);
  });
});
