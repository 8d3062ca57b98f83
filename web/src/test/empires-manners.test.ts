// The Empires page's table manners (chat, undo requests, the move clock)
// in its reducer, and the costs on its Recruit buttons, on a real game's
// JSON (./empires-fixtures).

import { describe, expect, it } from "vitest";
import { SHIPPED_MAPS } from "../generated/empires/maps";
import { CHAT_MAX, initialEState, reduceE } from "../empires/store";
import { costOf, labelAction, names } from "../empires/words";
import { clockLeft } from "../store";
import type { EmpiresChange } from "../empires/types";
import { GAME } from "./empires-fixtures";

const divide = SHIPPED_MAPS["the-divide"]!;

describe("the Empires table's chat", () => {
  it("keeps chat lines once each, in order, the last 200", () => {
    let s = initialEState("t", 0);
    const line = (n: number) => ({ n, seat: 0, name: "Ann", text: `line ${n}`, at: n });
    s = reduceE(s, { type: "chat", lines: [line(2), line(1)] });
    s = reduceE(s, { type: "chat", lines: [line(2), line(3)] });
    expect(s.chat.map((l) => l.n)).toEqual([1, 2, 3]);
    s = reduceE(s, { type: "chat", lines: Array.from({ length: 250 }, (_, i) => line(i + 10)) });
    expect(s.chat).toHaveLength(CHAT_MAX);
    expect(s.chat.at(-1)!.n).toBe(259);
  });
});

describe("undo requests at an Empires table", () => {
  const request = { by: 1, target: 17, seq: 18, waiting: [0] };

  it("shows a request until an undo change or an answer clears it", () => {
    let s = reduceE(initialEState("t", 0), { type: "state", state: GAME.states.move });
    s = reduceE(s, { type: "undo", request });
    expect(s.undo).toEqual(request);
    // An ordinary change keeps the request.
    const plain: EmpiresChange = { ...GAME.last_change, seq: s.seq! + 1, events: [] };
    expect(reduceE(s, { type: "change", msg: plain }).undo).toEqual(request);
    // The agreed undo arrives as a change with the table's undo event.
    const undone = {
      ...GAME.last_change,
      seq: s.seq! + 1,
      events: [{ event: "undo", by: 1, undone_from: 17 }],
    } as unknown as EmpiresChange;
    expect(reduceE(s, { type: "change", msg: undone }).undo).toBeNull();
    // A refusal or withdrawal clears it too.
    expect(reduceE(s, { type: "undo", request: null }).undo).toBeNull();
  });

  it("takes the request a state carries", () => {
    const s = reduceE(initialEState("t", 0), { type: "state", state: { ...GAME.states.move, undo: request } });
    expect(s.undo).toEqual(request);
    const t = reduceE(s, { type: "state", state: { ...GAME.states.move, seq: GAME.states.move.seq + 1, undo: null } });
    expect(t.undo).toBeNull();
  });
});

describe("the Empires table's move clock", () => {
  it("counts down from what the server said, and a change restarts it", () => {
    let s = reduceE(initialEState("t", 0), {
      type: "state",
      state: { ...GAME.states.move, clock: { ms: 60000, left_ms: 30000 } },
      at: 1000,
    });
    expect(s.clock).toEqual({ ms: 60000, leftMs: 30000, at: 1000 });
    expect(clockLeft(s.clock, 11000)).toBe(20000);
    expect(clockLeft(s.clock, 99000)).toBe(0);
    // A change without a clock leaves it; one with a clock restarts it.
    const c: EmpiresChange = { ...GAME.last_change, seq: s.seq! + 1, clock: undefined };
    s = reduceE(s, { type: "change", msg: c, at: 5000 });
    expect(s.clock!.at).toBe(1000);
    s = reduceE(s, { type: "change", msg: { ...c, seq: c.seq + 1, clock: { ms: 60000, left_ms: 60000 } }, at: 7000 });
    expect(clockLeft(s.clock, 8000)).toBe(59000);
    // Nobody's clock runs, then the table has none.
    s = reduceE(s, { type: "change", msg: { ...c, seq: c.seq + 2, clock: { ms: 60000, left_ms: null } }, at: 9000 });
    expect(clockLeft(s.clock, 9500)).toBeNull();
    s = reduceE(s, { type: "change", msg: { ...c, seq: c.seq + 3, clock: null }, at: 9000 });
    expect(s.clock).toBeNull();
  });
});

describe("costs on the Recruit buttons", () => {
  it("labels each recruit with what the server says it costs the seat", () => {
    const r = GAME.states.recruit;
    const buys = r.legal_actions.filter((a) => a.action === "buy");
    expect(buys.length).toBeGreaterThan(0);
    const units: Record<string, number> = {};
    for (const [i, u] of r.view.offer.entries()) units[String(u.id)] = 3 + i;
    const v = { ...r.view, costs: { units, markers: { colony: 5, shipyard: 5, jumpgate: 10 } } };
    const n = names(v, divide);
    for (const a of buys) {
      if (a.action !== "buy") continue;
      const cost = units[String(a.unit)]!;
      expect(costOf(a, v)).toBe(cost);
      expect(labelAction(a, n, v)).toMatch(new RegExp(`^Recruit .* #${a.unit} \\(cost ${cost}\\) at `));
    }
    // Without the costs (an older server) the label says none.
    const plain = labelAction(buys[0]!, n, r.view);
    expect(plain).not.toMatch(/cost/);
    expect(costOf(buys[0]!, r.view)).toBeNull();
    // Markers cost what the rules say.
    const build = r.legal_actions.find((a) => a.action === "build");
    expect(build && costOf(build, v)).toBe(5);
  });
});
