import { describe, expect, it } from "vitest";
import { initialState, reduce, type TableState } from "../store";
import { touchedBetween } from "../touched";
import type { ChangeMsg, ConflictView, PlayerView } from "../types";
import { card, player, state, view } from "./fixtures";

/** A view where seat 1's ambassador is rotated (and optionally more). */
function rotated(extra: Partial<PlayerView> = {}): PlayerView {
  return view({
    players: [
      player(0, "Narn", { inner_circle: [card(1, "Ambassador Ka'Dhar")] }),
      player(1, "Centauri", { inner_circle: [card(40, "Ambassador Vessari", { race: "centauri", controller: 1, rotated: true })] }),
    ],
    ...extra,
  });
}

function change(seq: number, v: PlayerView): ChangeMsg {
  return { type: "change", seq, events: [], view: v, to_act: [0], legal_actions: [{ do: "pass" }], finished: false, winners: [] };
}

describe("what the last actions changed", () => {
  it("is the cards and conflicts whose state differs, and nothing else", () => {
    expect(touchedBetween(null, view())).toEqual({ cards: [], conflicts: [] });
    expect(touchedBetween(view(), view())).toEqual({ cards: [], conflicts: [] });
    expect(touchedBetween(view(), rotated())).toEqual({ cards: [40], conflicts: [] });
    // A card new to the table, and one that moved from the hand to the table.
    const played = view({
      hand: [card(3, "Answer the Oppressor", { card_type: "conflict" })],
      players: [
        player(0, "Narn", { inner_circle: [card(1, "Ambassador Ka'Dhar"), card(2, "Aide Da'Mirra")] }),
        player(1, "Centauri", { inner_circle: [card(40, "Ambassador Vessari", { race: "centauri", controller: 1 }), card(41, "New Face")] }),
      ],
    });
    expect(touchedBetween(view(), played).cards.sort((a, b) => a - b)).toEqual([2, 41]);
    const k = { id: 7, initiator: 1 } as unknown as ConflictView;
    expect(touchedBetween(view(), view({ conflicts: [k] })).conflicts).toEqual([7]);
    expect(touchedBetween(view({ conflicts: [k] }), view({ conflicts: [k] })).conflicts).toEqual([]);
  });

  it("stays marked for a seat until it acts; its own action marks nothing", () => {
    let s: TableState = reduce(initialState("t1", 0), { type: "state", state: state(5) });
    expect(s.touched.cards).toEqual([]);
    s = reduce(s, { type: "change", msg: change(6, rotated()) });
    expect(s.touched.cards).toEqual([40]);
    // Another change that touches nothing new keeps the marks.
    s = reduce(s, { type: "change", msg: change(7, rotated()) });
    expect(s.touched.cards).toEqual([40]);
    // Acting clears them, and the change that answers it marks nothing.
    s = reduce(s, { type: "sent", seq: 7, action: { do: "pass" } });
    expect(s.touched.cards).toEqual([]);
    s = reduce(s, { type: "change", msg: change(8, view()) });
    expect(s.touched.cards).toEqual([]);
  });

  it("for a spectator, starts again with each round", () => {
    let s: TableState = reduce(initialState("t1", null), { type: "state", state: state(5, { seat: null }) });
    s = reduce(s, { type: "change", msg: change(6, rotated()) });
    expect(s.touched.cards).toEqual([40]);
    s = reduce(s, { type: "change", msg: change(7, rotated({ round: "resolution" })) });
    expect(s.touched.cards).toEqual([]);
  });
});

describe("the log's groups", () => {
  it("groups runs of lines by turn and round, in order", async () => {
    const { logGroups } = await import("../store");
    const g = logGroups([
      { seq: 1, turn: 1, round: "conflict", text: "a" },
      { seq: 2, turn: 1, round: "conflict", text: "b" },
      { seq: 2, turn: 1, round: "action", text: "The Action Round begins." },
      { seq: 3, turn: 2, round: "ready", text: "c" },
    ]);
    expect(g.map((x) => [x.turn, x.round, x.lines.map((l) => l.text)])).toEqual([
      [1, "conflict", ["a", "b"]],
      [1, "action", ["The Action Round begins."]],
      [2, "ready", ["c"]],
    ]);
  });

  it("gives each line the round its sentences say it is in", () => {
    let s: TableState = reduce(initialState("t1", 0), { type: "state", state: state(5) });
    s = reduce(s, { type: "change", msg: { ...change(6, view()), log: ["Narn: passes.", "The Resolution Round begins.", "Centauri: passes."] } });
    expect(s.log.map((l) => l.round)).toEqual(["action", "resolution", "resolution"]);
  });
});
