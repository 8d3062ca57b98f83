import { describe, expect, it } from "vitest";
import { atOfHash, clampAt, nextTurn, previousTurn, replayLink, replayRows, turnAt, turnStarts, type Timeline } from "../replay";
import { parseRoute } from "../route";

/** Turn 1: actions 1–3; turn 2: actions 4–5 (action 4 began it); turn 3: action 6. */
const game: Timeline = {
  firstTurn: 1,
  steps: [
    { seat: 0, turn: 1, log: ["Narn: passes."] },
    { seat: 1, turn: 1, log: ["The Action Round begins.", "Minbari: plays a card."] },
    { seat: 0, turn: 1, log: [] },
    { seat: 1, turn: 2, log: ["Turn 2 begins.", "The Conflict Round begins.", "Minbari: passes."] },
    { seat: 0, turn: 2, log: ["Narn: passes."] },
    { seat: 1, turn: 3, log: ["Turn 3 begins."] },
  ],
};

describe("a replay's turns", () => {
  it("finds where each turn begins", () => {
    expect(turnStarts(game)).toEqual([0, 4, 6]);
    expect([0, 1, 3, 4, 5, 6].map((a) => turnAt(game, a))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it("steps back to this turn's start, or the previous one's from a start", () => {
    expect(previousTurn(game, 5)).toBe(4);
    expect(previousTurn(game, 4)).toBe(0);
    expect(previousTurn(game, 0)).toBe(0);
    expect(nextTurn(game, 0)).toBe(4);
    expect(nextTurn(game, 4)).toBe(6);
    expect(nextTurn(game, 6)).toBe(6);
  });

  it("counts a turn begun by the set-up's first action", () => {
    const t: Timeline = { firstTurn: 0, steps: [{ seat: 0, turn: 1 }, { seat: 1, turn: 1 }] };
    expect(turnStarts(t)).toEqual([0, 1]);
  });
});

describe("a replay's log", () => {
  it("gives each line its action's position, turn and round", () => {
    const rows = replayRows(game);
    expect(rows.map((r) => r.at)).toEqual([1, 2, 2, 4, 4, 4, 5, 6]);
    expect(rows.find((r) => r.text === "Minbari: plays a card.")).toMatchObject({ turn: 1, round: "action", seat: 1 });
    expect(rows.find((r) => r.text === "Minbari: passes.")).toMatchObject({ turn: 2, round: "conflict" });
    expect(rows[rows.length - 1]).toMatchObject({ at: 6, turn: 3 });
  });

  it("words events with the game's own words when there are no sentences", () => {
    const t: Timeline = { firstTurn: 1, steps: [{ seat: 0, turn: 1, events: [{ event: "moved" }] }, { seat: 1, turn: 2, events: [] }] };
    const rows = replayRows(t, (s) => (s.events ?? []).map((e) => `seat ${s.seat + 1}: ${(e as { event: string }).event}`));
    expect(rows).toEqual([{ at: 1, seat: 0, turn: 1, round: undefined, text: "seat 1: moved" }]);
  });
});

describe("a replay's link", () => {
  it("names the table and the position, and the route reads them back", () => {
    const link = replayLink("https://b5.example", "t-1", 42);
    expect(link).toBe("https://b5.example/replay/t-1#at=42");
    const u = new URL(link);
    expect(parseRoute(u.pathname, u.hash)).toEqual({ page: "replay", table: "t-1", at: 42 });
    expect(parseRoute("/replay/t-1", "")).toEqual({ page: "replay", table: "t-1", at: null });
    expect(parseRoute("/replay/t-1", "#at=x")).toEqual({ page: "replay", table: "t-1", at: null });
  });

  it("keeps a position within the game", () => {
    expect(atOfHash("#at=12")).toBe(12);
    expect(atOfHash("#12")).toBeNull();
    expect(clampAt(99, 10)).toBe(10);
    expect(clampAt(-3, 10)).toBe(0);
    expect(clampAt(Number.NaN, 10)).toBe(10);
  });
});
