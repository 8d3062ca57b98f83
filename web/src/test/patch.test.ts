import { describe, expect, it } from "vitest";
import { applyPatch, pointerKeys } from "../patch";
import { fakeConnection } from "./fake-socket";

describe("view patches", () => {
  it("reads JSON Pointers with their escapes", () => {
    expect(pointerKeys("")).toEqual([]);
    expect(pointerKeys("/players/2/a~1b~0c")).toEqual(["players", "2", "a/b~c"]);
    expect(() => pointerKeys("players")).toThrow();
  });

  it("replaces, adds and removes without touching the view it starts from", () => {
    const before = { turn: 1, players: [{ x: 1, pile: [1] }, { x: 2, pile: [] }], menu: { a: 1 }, hand: [1] };
    const frozen = JSON.stringify(before);
    const after = applyPatch(before, [
      { op: "replace", path: "/players/1/x", value: 5 },
      { op: "remove", path: "/menu" },
      { op: "add", path: "/vote", value: null },
      { op: "replace", path: "/hand", value: [1, 2] },
    ]);
    expect(after).toEqual({ turn: 1, players: [{ x: 1, pile: [1] }, { x: 5, pile: [] }], vote: null, hand: [1, 2] });
    expect(JSON.stringify(before)).toBe(frozen);
    // What did not change is shared.
    expect(after.players[0]).toBe(before.players[0]);
    expect(after.players[1]).not.toBe(before.players[1]);
  });

  it("refuses operations that do not fit", () => {
    const v = { a: [1, 2], b: 3 };
    expect(() => applyPatch(v, [{ op: "replace", path: "/c", value: 1 }])).toThrow();
    expect(() => applyPatch(v, [{ op: "replace", path: "/a/2", value: 1 }])).toThrow();
    expect(() => applyPatch(v, [{ op: "replace", path: "/b/x", value: 1 }])).toThrow();
    expect(() => applyPatch(v, [{ op: "remove", path: "" }])).toThrow();
    expect(() => applyPatch(v, [{ op: "move" as "add", path: "/b" }])).toThrow();
  });
});

describe("a table connection with view patches", () => {
  function connect() {
    const c = fakeConnection(true);
    c.sockets[0]!.open();
    return c;
  }

  it("asks for them and hands on whole views", () => {
    const { sockets, msgs } = connect();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toMatchObject({ type: "hello", view_patches: true });
    sockets[0]!.receive({ type: "change", seq: 2, events: [], view: { turn: 1, hand: [] } });
    sockets[0]!.receive({ type: "change", seq: 3, events: [], view: null });
    sockets[0]!.receive({ type: "change", seq: 4, events: [], view_patch: [{ op: "replace", path: "/turn", value: 2 }] });
    sockets[0]!.receive({ type: "sync", seq: 5, view_patch: [{ op: "add", path: "/hand/0", value: 7 }] });
    const views = msgs.map((m) => (m as { view?: unknown }).view);
    expect(views).toEqual([{ turn: 1, hand: [] }, null, { turn: 2, hand: [] }, { turn: 2, hand: [7] }]);
    expect(msgs.every((m) => !("view_patch" in m))).toBe(true);
  });

  it("drops the connection (to start again whole) on a patch that does not fit", () => {
    const { sockets, msgs } = connect();
    sockets[0]!.receive({ type: "change", seq: 2, events: [], view_patch: [{ op: "replace", path: "/turn", value: 2 }] });
    expect(msgs).toHaveLength(0);
    expect(sockets[0]!.closed).toBe(true);
  });
});
