import { describe, expect, it } from "vitest";
import { checkSummary, DeckChecker, placeProblems, type CheckState, type Timers } from "../deckcheck";
import type { DeckCheckResult } from "../types";

/** Timers run by hand. */
function manualTimers(): Timers & { fire(): void; pending(): number } {
  let next = 1;
  const live = new Map<number, () => void>();
  return {
    set: (f) => {
      const id = next++;
      live.set(id, f);
      return id;
    },
    clear: (t) => void live.delete(t as number),
    fire: () => {
      const fs = [...live.values()];
      live.clear();
      for (const f of fs) f();
    },
    pending: () => live.size,
  };
}

/** A check whose answers are released by hand, in any order. */
function manualCheck() {
  const calls: { list: string; resolve: (r: DeckCheckResult) => void; reject: (e: unknown) => void }[] = [];
  const check = (list: string) =>
    new Promise<DeckCheckResult>((resolve, reject) => {
      calls.push({ list, resolve, reject });
    });
  return { calls, check };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

const BAD: DeckCheckResult = {
  ok: false,
  race: "narn",
  cards: 45,
  problems: [
    { seat: null, line: 5, field: "card", message: 'unknown card "Nobody"' },
    { seat: null, line: 1, field: "deck", message: "the deck holds 45 cards; it needs at least 60" },
  ],
};

describe("the live deck check", () => {
  it("checks once the typing stops, only the last text", async () => {
    const t = manualTimers();
    const { calls, check } = manualCheck();
    const states: CheckState[] = [];
    const c = new DeckChecker(check, (s) => states.push(s), 400, t);
    c.update("race: na");
    c.update("race: nar");
    c.update("race: narn");
    expect(t.pending()).toBe(1);
    expect(calls).toHaveLength(0);
    expect(states.at(-1)).toEqual({ state: "waiting", text: "race: narn" });
    t.fire();
    expect(calls.map((x) => x.list)).toEqual(["race: narn"]);
    expect(states.at(-1)).toEqual({ state: "checking", text: "race: narn" });
    calls[0]!.resolve(BAD);
    await flush();
    expect(states.at(-1)).toEqual({ state: "done", text: "race: narn", result: BAD });
  });

  it("drops an answer for a text that has changed since", async () => {
    const t = manualTimers();
    const { calls, check } = manualCheck();
    const states: CheckState[] = [];
    const c = new DeckChecker(check, (s) => states.push(s), 400, t);
    c.update("one");
    t.fire();
    c.update("two");
    t.fire();
    expect(calls.map((x) => x.list)).toEqual(["one", "two"]);
    // The second answer first, then the first (late): only "two" is reported done.
    calls[1]!.resolve({ ok: true, race: "narn", cards: 60, problems: [] });
    await flush();
    calls[0]!.resolve(BAD);
    await flush();
    const done = states.filter((s) => s.state === "done");
    expect(done).toEqual([{ state: "done", text: "two", result: { ok: true, race: "narn", cards: 60, problems: [] } }]);
  });

  it("goes quiet for an empty list and after stop", async () => {
    const t = manualTimers();
    const { calls, check } = manualCheck();
    const states: CheckState[] = [];
    const c = new DeckChecker(check, (s) => states.push(s), 400, t);
    c.update("x");
    c.update("   ");
    expect(t.pending()).toBe(0);
    expect(states.at(-1)).toEqual({ state: "idle" });
    c.update("y");
    c.stop();
    expect(t.pending()).toBe(0);
    c.update("z");
    expect(calls).toHaveLength(0);
  });

  it("says so once when the server has no deck check (404), and stops asking", async () => {
    const t = manualTimers();
    const { calls, check } = manualCheck();
    const states: CheckState[] = [];
    const c = new DeckChecker(check, (s) => states.push(s), 400, t);
    c.update("a");
    t.fire();
    calls[0]!.reject(Object.assign(new Error("HTTP 404"), { status: 404 }));
    await flush();
    expect(states.at(-1)).toEqual({ state: "unavailable" });
    c.update("b");
    expect(t.pending()).toBe(0);
    expect(checkSummary({ state: "unavailable" })).toBe("The list is checked when the table is created.");
  });

  it("reports a failed check (the server unreachable) for the text it was about", async () => {
    const t = manualTimers();
    const { calls, check } = manualCheck();
    const states: CheckState[] = [];
    const c = new DeckChecker(check, (s) => states.push(s), 400, t);
    c.update("a");
    t.fire();
    calls[0]!.reject(Object.assign(new Error("the server cannot be reached"), { status: 0 }));
    await flush();
    expect(states.at(-1)).toEqual({ state: "failed", text: "a", error: "the server cannot be reached" });
  });

  it("sums a result up in one line", () => {
    expect(checkSummary({ state: "done", text: "x", result: BAD })).toBe("✗ 2 problems (Narn deck, 45 cards).");
    expect(checkSummary({ state: "done", text: "x", result: { ok: true, race: "non-aligned", cards: 62, problems: [] } })).toBe(
      "✓ A legal deck (Non-Aligned deck, 62 cards).",
    );
    expect(checkSummary({ state: "done", text: "x", result: { ok: false, race: null, cards: 1, problems: [BAD.problems[0]!] } })).toBe(
      "✗ 1 problem (1 card).",
    );
    expect(checkSummary({ state: "checking", text: "x" })).toBe("Checking the list…");
  });

  it("places a checked list's problems (no seat) beside their lines", () => {
    const text = "name: Mine\nrace: narn\n\n[ambassador]\n1 Nobody";
    const c = placeProblems(text, BAD.problems);
    expect(c.lines[4]!.problems).toEqual(['card: unknown card "Nobody"']);
    expect(c.lines[0]!.problems).toEqual(["deck: the deck holds 45 cards; it needs at least 60"]);
    expect(c.general).toEqual([]);
  });
});
