import { describe, expect, it } from "vitest";
import { placeProblems } from "../deckcheck";
import { actionLabel, eventSentence, namesOf } from "../describe";
import { joinLink, parseRoute } from "../route";
import { loadSeat, saveSeat, type KV } from "../session";
import { view } from "./fixtures";

describe("deck-check problems beside their lines", () => {
  const text = "name: Mine\nrace: narn\n\n[ambassador]\n1 Nobody\n[deck]\n4 Aide Da'Mirra";
  it("places each problem on its line and keeps the others apart", () => {
    const c = placeProblems(
      text,
      [
        { seat: 0, line: 5, field: "card", message: 'unknown card "Nobody"' },
        { seat: 0, line: 7, field: "count", message: "at most 3 copies" },
        { seat: 0, line: null, field: "deck", message: "the deck holds 0 cards" },
        { seat: 1, line: 5, field: "card", message: "another seat's" },
        { seat: 0, line: 99, message: "past the end" },
      ],
      0,
    );
    expect(c.lines).toHaveLength(7);
    expect(c.lines[4]!.problems).toEqual(['card: unknown card "Nobody"']);
    expect(c.lines[6]!.problems).toEqual(["count: at most 3 copies"]);
    expect(c.lines.filter((l) => l.problems.length)).toHaveLength(2);
    expect(c.general).toEqual(["deck: the deck holds 0 cards", "line 99: past the end"]);
  });
});

describe("routes and links", () => {
  it("parses the page's routes", () => {
    expect(parseRoute("/", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/cards", "")).toEqual({ page: "cards" });
    expect(parseRoute("/cards/", "")).toEqual({ page: "cards" });
    expect(parseRoute("/table/abc123", "")).toEqual({ page: "table", table: "abc123", watch: false });
    expect(parseRoute("/watch/abc123/", "")).toEqual({ page: "table", table: "abc123", watch: true });
    expect(parseRoute("/join/abc/2", "#ff")).toEqual({ page: "join", table: "abc", seat: 2, invitation: "ff" });
    expect(parseRoute("/nope/x", "")).toEqual({ page: "missing", path: "/nope/x" });
  });
  it("keeps the invitation in the fragment of a join link", () => {
    expect(joinLink("http://h:1", "abc", 2, "ff")).toBe("http://h:1/join/abc/2#ff");
  });
});

describe("the seat kept for a reload", () => {
  function mem(): KV & { m: Map<string, string> } {
    const m = new Map<string, string>();
    return { m, getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k) };
  }
  it("saves and loads a seat's token per table", () => {
    const kv = mem();
    const token = "a".repeat(64);
    saveSeat(kv, { table: "t1", seat: 2, name: "Al", token });
    expect(loadSeat(kv, "t1")).toEqual({ table: "t1", seat: 2, name: "Al", token });
    expect(loadSeat(kv, "t2")).toBeNull();
  });
  it("drops a damaged entry", () => {
    const kv = mem();
    kv.setItem("b5.seat.t1", "{not json");
    expect(loadSeat(kv, "t1")).toBeNull();
    expect(kv.m.size).toBe(0);
    kv.setItem("b5.seat.t1", JSON.stringify({ table: "t1", seat: 0, token: "short" }));
    expect(loadSeat(kv, "t1")).toBeNull();
  });
});

describe("words", () => {
  const v = view();
  const n = namesOf(v);
  it("names hidden cards without guessing", () => {
    expect(eventSentence({ event: "drew", player: 1, card: 65535, cause: { why: "draw_round" } }, n, v)).toBe("Centauri draws a card.");
    expect(eventSentence({ event: "drew", player: 0, card: 2, cause: { why: "draw_round" } }, n, v)).toBe("Narn draws Aide Da'Mirra.");
    expect(eventSentence({ event: "rotated", card: 2 }, n, v)).toBeNull();
    expect(eventSentence({ event: "power", player: 0, delta: -2, cause: { why: "rules" } }, n, v)).toBe("Narn loses 2 power.");
  });
  it("labels actions", () => {
    expect(actionLabel({ do: "attack", card: 1, target: 40, conflict: 0 }, n, v)).toBe(
      "Attack with Ambassador Ka'Dhar against Ambassador Vessari in conflict 1",
    );
    expect(actionLabel({ do: "pass" }, n, v)).toBe("Pass");
    // The card that pays a play cost or a card action's cost.
    expect(actionLabel({ do: "play", card: 2, target: "None", pay: 1 }, n, v)).toBe(
      "Play Aide Da'Mirra paying with Ambassador Ka'Dhar",
    );
    expect(actionLabel({ do: "surrender", to: 1 }, n, v)).toBe("Surrender unconditionally to Centauri");
    expect(eventSentence({ event: "surrendered", player: 0, to: 1 }, n, v)).toBe("Narn surrenders unconditionally to Centauri.");
  });
});
