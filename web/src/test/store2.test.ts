import { describe, expect, it } from "vitest";
import { canAct, clockLeft, formatClock, initialState, mergePasses, passersOf, reduce, type TableState } from "../store";
import type { Advice, ChangeMsg } from "../types";
import { state, view } from "./fixtures";

function change(seq: number, extra: Partial<ChangeMsg> = {}): ChangeMsg {
  return {
    type: "change",
    seq,
    events: [],
    view: view(),
    to_act: [0],
    legal_actions: [{ do: "pass" }],
    finished: false,
    winners: [],
    ...extra,
  };
}

function start(): TableState {
  return reduce(initialState("t1", 0), { type: "state", state: state(5), at: 1000 });
}

describe("the log from the engine", () => {
  it("shows the server's sentences (merged passes included), not the page's own words", () => {
    const s = reduce(start(), {
      type: "change",
      msg: change(6, {
        events: [
          { event: "passed", player: 1 },
          { event: "passed", player: 0 },
          { event: "drew", player: 1, card: 65535, cause: { why: "draw_round" } },
        ],
        log: ["Centauri and Narn pass (conflicts are declared in initiative order).", "Centauri draws a card."],
      }),
    });
    expect(s.log.map((l) => l.text)).toEqual([
      "Centauri and Narn pass (conflicts are declared in initiative order).",
      "Centauri draws a card.",
    ]);
  });

  it("takes an empty log as no lines (a run of passes still open)", () => {
    const s = reduce(start(), { type: "change", msg: change(6, { events: [{ event: "passed", player: 1 }], log: [] }) });
    expect(s.log).toEqual([]);
    expect(s.logSeq).toBe(6);
  });

  it("puts each line in its turn: before a new turn's line, the turn shown until then", () => {
    let s = start();
    s = reduce(s, {
      type: "change",
      msg: change(6, { view: view({ turn: 2 }), log: ["Narn: passes.", "Turn 2 begins.", "The Ready Round begins."] }),
    });
    s = reduce(s, { type: "change", msg: change(7, { view: view({ turn: 2 }), log: ["Centauri: passes."] }) });
    expect(s.log.map((l) => [l.turn, l.text])).toEqual([
      [1, "Narn: passes."],
      [2, "Turn 2 begins."],
      [2, "The Ready Round begins."],
      [2, "Centauri: passes."],
    ]);
  });

  it("falls back on its own sentences for a server without `log`", () => {
    const s = reduce(start(), { type: "change", msg: change(6, { events: [{ event: "passed", player: 1 }] }) });
    expect(s.log.map((l) => l.text)).toEqual(["Centauri: passes."]);
  });

  it("logs the lines of missed changes (no view) in order", () => {
    let s = start();
    s = reduce(s, { type: "change", msg: change(6, { view: null, legal_actions: null, log: ["A."] }) });
    s = reduce(s, { type: "change", msg: change(7, { log: ["B."] }) });
    expect(s.log.map((l) => [l.seq, l.text])).toEqual([
      [6, "A."],
      [7, "B."],
    ]);
  });
});

describe("the move clock", () => {
  it("has none on a table without one", () => {
    const s = start();
    expect(s.clock).toBeNull();
    expect(clockLeft(s.clock, 5000)).toBeNull();
  });

  it("counts down from what the last message said was left", () => {
    let s = reduce(initialState("t1", 0), {
      type: "state",
      state: state(5, { clock: { ms: 30000, left_ms: 12000 } }),
      at: 1000,
    });
    expect(s.clock).toEqual({ ms: 30000, leftMs: 12000, at: 1000 });
    expect(clockLeft(s.clock, 1000)).toBe(12000);
    expect(clockLeft(s.clock, 4500)).toBe(8500);
    expect(clockLeft(s.clock, 60000)).toBe(0);
    // A change restarts it for the seats to act next.
    s = reduce(s, { type: "change", msg: change(6, { clock: { ms: 30000, left_ms: 30000 } }), at: 5000 });
    expect(clockLeft(s.clock, 6000)).toBe(29000);
    // A change without the field leaves it; null left_ms: nobody's clock runs.
    s = reduce(s, { type: "change", msg: change(7), at: 7000 });
    expect(s.clock?.at).toBe(5000);
    s = reduce(s, { type: "change", msg: change(8, { clock: { ms: 30000, left_ms: null } }), at: 8000 });
    expect(s.clock).toEqual({ ms: 30000, leftMs: null, at: 8000 });
    expect(clockLeft(s.clock, 9000)).toBeNull();
  });

  it("takes the clock of a sync", () => {
    const s = reduce(start(), {
      type: "sync",
      msg: { type: "sync", seq: 9, view: view(), to_act: [0], legal_actions: [{ do: "pass" }], finished: false, winners: [], clock: { ms: 60000, left_ms: 45000 } },
      at: 2000,
    });
    expect(clockLeft(s.clock, 3000)).toBe(44000);
  });

  it("writes minutes and seconds, rounding up", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(1)).toBe("0:01");
    expect(formatClock(42000)).toBe("0:42");
    expect(formatClock(65_500)).toBe("1:06");
    expect(formatClock(3_725_000)).toBe("1:02:05");
  });
});

describe("the hint", () => {
  const advice: Advice = { seq: 5, action: { do: "pass" }, label: "pass (end your turn)" };

  it("opens the suggested choice's group, for the state it was asked at", () => {
    const s = reduce(start(), { type: "hint", hint: advice, handle: "pass" });
    expect(s.hint).toEqual(advice);
    expect(s.selected).toBe("pass");
    expect(s.picked).toEqual([]);
  });

  it("drops an answer for an older state, and the hint with the next state", () => {
    const late = reduce(start(), { type: "hint", hint: { ...advice, seq: 4 }, handle: "pass" });
    expect(late.hint).toBeNull();
    expect(late.selected).toBeNull();
    let s = reduce(start(), { type: "hint", hint: advice, handle: "pass" });
    s = reduce(s, { type: "change", msg: change(6) });
    expect(s.hint).toBeNull();
  });

  it("gives no hint when the seat has no choice", () => {
    const s0 = reduce(start(), { type: "change", msg: change(6, { legal_actions: [], to_act: [1] }) });
    expect(canAct(s0)).toBe(false);
    const s = reduce(s0, { type: "hint", hint: { ...advice, seq: 6 }, handle: "pass" });
    expect(s.hint).toBeNull();
  });
});

describe("the undo in the log", () => {
  it("writes the table's undo, which the engine's sentences do not cover", () => {
    const s = reduce(start(), { type: "change", msg: change(6, { events: [{ event: "undo", by: 0, undone_from: 4 }], log: [] }) });
    expect(s.log.map((l) => l.text)).toEqual(["Narn's undo takes back the actions from number 4 on."]);
  });
});

describe("runs of passes", () => {
  it("reads one change's pass after another's as one line, as `b5 play` prints them", () => {
    let s = start();
    s = reduce(s, { type: "change", msg: change(6, { log: ["Human: passes (aftermaths may be played)."] }) });
    s = reduce(s, { type: "change", msg: change(7, { log: ["Minbari: passes (aftermaths may be played)."] }) });
    s = reduce(s, { type: "change", msg: change(8, { log: ["Narn and Centauri pass (aftermaths may be played)."] }) });
    expect(s.log.map((l) => l.text)).toEqual(["Human, Minbari, Narn and Centauri pass (aftermaths may be played)."]);
    s = reduce(s, { type: "change", msg: change(9, { log: ["Human: passes (actions in initiative order)."] }) });
    s = reduce(s, { type: "change", msg: change(10, { log: ["The Draw Round begins.", "Narn: passes (players discard from hand)."] }) });
    expect(s.log.map((l) => l.text)).toEqual([
      "Human, Minbari, Narn and Centauri pass (aftermaths may be played).",
      "Human: passes (actions in initiative order).",
      "The Draw Round begins.",
      "Narn: passes (players discard from hand).",
    ]);
  });

  it("tells pass lines from other sentences", () => {
    expect(passersOf("Narn: passes.")).toEqual({ names: ["Narn"], why: "" });
    expect(passersOf("Narn 2, Human and Minbari pass (conflicts are declared in initiative order).")).toEqual({
      names: ["Narn 2", "Human", "Minbari"],
      why: " (conflicts are declared in initiative order)",
    });
    expect(passersOf("Narn: Ambassador Ka'Dhar supports Whispers in the Gallery with Intrigue 3.")).toBeNull();
    expect(mergePasses("Narn: passes (a).", "Human: passes (b).")).toBeNull();
    expect(mergePasses("Narn: passes.", "Human: passes.")).toBe("Narn and Human pass.");
  });

  it("keeps a player's second pass on a line of its own", () => {
    const why = " (actions in initiative order)";
    expect(mergePasses(`Narn: passes${why}.`, `Narn: passes${why}.`)).toBeNull();
    expect(mergePasses(`Narn and Human pass${why}.`, `Narn: passes${why}.`)).toBeNull();
    expect(mergePasses(`Narn and Human pass${why}.`, `Minbari: passes${why}.`)).toBe(`Narn, Human and Minbari pass${why}.`);
    let s = initialState("t", 0);
    for (const [seq, who] of [[1, "Narn"], [2, "Narn"], [3, "Human"], [4, "Narn"]] as const) {
      s = reduce(s, { type: "change", msg: { type: "change", seq, events: [], log: [`${who}: passes${why}.`], view: null } } as never);
    }
    expect(s.log.map((l) => l.text)).toEqual([`Narn: passes${why}.`, `Narn and Human pass${why}.`, `Narn: passes${why}.`]);
  });
});
