import { describe, expect, it } from "vitest";
import { canAct, initialState, reduce, type TableState } from "../store";
import type { ChangeMsg } from "../types";
import { card, state, view } from "./fixtures";

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
  return reduce(initialState("t1", 0), { type: "state", state: state(5) });
}

describe("the table reducer", () => {
  it("takes a state answer", () => {
    const s = start();
    expect(s.seq).toBe(5);
    expect(s.view?.players[1]?.name).toBe("Centauri");
    expect(s.legal).toEqual([{ do: "pass" }]);
    expect(canAct(s)).toBe(true);
    expect(s.names[2]).toBe("Aide Da'Mirra");
  });

  it("applies a newer change and writes its events as sentences", () => {
    const s = reduce(start(), {
      type: "change",
      msg: change(6, {
        events: [
          { event: "passed", player: 1 },
          { event: "drew", player: 1, card: 65535, cause: { why: "draw_round" } },
          { event: "supported", card: 1, conflict: 0, side: 0, ability: "diplomacy", value: 3 },
        ],
        legal_actions: [],
        to_act: [1],
      }),
    });
    expect(s.seq).toBe(6);
    expect(s.log.map((l) => l.text)).toEqual([
      "Centauri: passes.",
      "Centauri draws a card.",
      "Ambassador Ka'Dhar supports conflict 1 with Diplomacy 3.",
    ]);
    expect(canAct(s)).toBe(false);
    expect(s.toAct).toEqual([1]);
  });

  it("prefers the server's own sentences when a change carries them", () => {
    const s = reduce(start(), {
      type: "change",
      msg: change(6, { events: [{ event: "passed", player: 1 }], log: ["Centauri: passes.", "Turn 2 begins.", "The Ready Round begins."] }),
    });
    expect(s.log.map((l) => [l.turn, l.text])).toEqual([
      [1, "Centauri: passes."],
      [2, "Turn 2 begins."],
      [2, "The Ready Round begins."],
    ]);
  });

  it("ignores a change it already has", () => {
    const a = reduce(start(), { type: "change", msg: change(6, { events: [{ event: "passed", player: 0 }] }) });
    const b = reduce(a, { type: "change", msg: change(6, { events: [{ event: "passed", player: 0 }] }) });
    expect(b).toBe(a);
  });

  it("catches up through changes without a view, locking the choices until the last", () => {
    let s = start();
    s = reduce(s, { type: "change", msg: change(6, { view: null, legal_actions: null, to_act: null, events: [{ event: "passed", player: 1 }] }) });
    expect(s.seq).toBe(6);
    expect(s.legal).toEqual([]);
    expect(canAct(s)).toBe(false);
    s = reduce(s, { type: "change", msg: change(7, { legal_actions: [{ do: "pass" }, { do: "build", by: 1 }] }) });
    expect(s.seq).toBe(7);
    expect(s.legal).toHaveLength(2);
    expect(s.log.map((l) => l.text)).toEqual(["Centauri: passes."]);
  });

  it("logs the events of changes older than its view (asked for after a reload) without going back", () => {
    let s = start();
    s = reduce(s, { type: "change", msg: change(4, { view: null, events: [{ event: "turn_began", turn: 1 }] }) });
    expect(s.seq).toBe(5);
    expect(s.view).not.toBeNull();
    expect(s.log.map((l) => l.text)).toEqual(["Turn 1 begins."]);
    const again = reduce(s, { type: "change", msg: change(4, { view: null, events: [{ event: "turn_began", turn: 1 }] }) });
    expect(again).toBe(s);
  });

  it("never goes back to an older state answer", () => {
    const s = reduce(start(), { type: "change", msg: change(9) });
    const t = reduce(s, { type: "state", state: state(7) });
    expect(t.seq).toBe(9);
  });

  it("keeps a selection within one state and drops it with the next", () => {
    let s = reduce(start(), { type: "select", handle: "2" });
    s = reduce(s, { type: "pick", ref: { kind: "card", id: 1 } });
    s = reduce(s, { type: "pick", ref: { kind: "card", id: 1 } });
    expect(s.picked).toEqual([{ kind: "card", id: 1 }]);
    s = reduce(s, { type: "unpick" });
    expect(s.picked).toEqual([]);
    s = reduce(s, { type: "pick", ref: { kind: "player", seat: 1 } });
    s = reduce(s, { type: "change", msg: change(6) });
    expect(s.selected).toBeNull();
    expect(s.picked).toEqual([]);
  });

  it("locks while an action is on its way and unlocks with the change it caused", () => {
    let s = reduce(start(), { type: "sent", seq: 5, action: { do: "pass" } });
    expect(canAct(s)).toBe(false);
    s = reduce(s, { type: "acked", seq: 6 });
    expect(s.sending).not.toBeNull(); // the change has not come yet
    s = reduce(s, { type: "change", msg: change(6) });
    expect(s.sending).toBeNull();
    expect(canAct(s)).toBe(true);
  });

  it("shows a refusal with its rule, but not a stale one", () => {
    let s = reduce(start(), { type: "sent", seq: 5, action: { do: "pass" } });
    s = reduce(s, { type: "refused", error: "Narn cannot act now", rule: "Engine Rules v1.2: Game Sequence" });
    expect(s.refused).toEqual({ error: "Narn cannot act now", rule: "Engine Rules v1.2: Game Sequence" });
    expect(s.sending).toBeNull();
    s = reduce(s, { type: "dismiss" });
    expect(s.refused).toBeNull();
    s = reduce(s, { type: "sent", seq: 5, action: { do: "pass" } });
    s = reduce(s, { type: "refused", error: "stale seq", rule: null, stale: true });
    expect(s.refused).toBeNull();
  });

  it("merges chat lines by number, in order", () => {
    let s = start();
    s = reduce(s, { type: "chat", lines: [{ n: 1, seat: 0, name: "A", text: "b", at: 1 }] });
    s = reduce(s, {
      type: "chat",
      lines: [
        { n: 0, seat: 1, name: "B", text: "a", at: 0 },
        { n: 1, seat: 0, name: "A", text: "b", at: 1 },
      ],
    });
    expect(s.chat.map((l) => l.text)).toEqual(["a", "b"]);
  });

  it("records power per turn for the end-of-game chart", () => {
    let s = start();
    const v2 = view({ turn: 2 });
    v2.players[0]!.power = 9;
    s = reduce(s, { type: "change", msg: change(6, { view: v2 }) });
    s = reduce(s, { type: "change", msg: change(7, { view: v2 }) });
    expect(s.powerByTurn).toEqual([
      { turn: 1, power: [5, 5] },
      { turn: 2, power: [9, 5] },
    ]);
  });

  it("finishes the game", () => {
    const s = reduce(start(), { type: "change", msg: change(6, { finished: true, winners: [1], legal_actions: [], to_act: [] }) });
    expect(s.finished).toBe(true);
    expect(s.winners).toEqual([1]);
    expect(canAct(s)).toBe(false);
  });

  it("remembers names of cards that left the view", () => {
    let s = start();
    const v2 = view();
    v2.hand = [card(3, "Answer the Oppressor")];
    s = reduce(s, { type: "change", msg: change(6, { view: v2, events: [] }) });
    s = reduce(s, { type: "change", msg: change(7, { view: v2, events: [{ event: "discarded_from_play", card: 2, cause: { why: "rules" } }] }) });
    expect(s.log.at(-1)?.text).toBe("Aide Da'Mirra is discarded.");
  });

  it("a table that ended (expired, abandoned) takes no more actions and says why", () => {
    let s = start();
    expect(canAct(s)).toBe(true);
    s = reduce(s, { type: "ended", ended: { reason: "abandoned", message: "nobody played at this table for too long: it was abandoned" } });
    expect(s.ended?.reason).toBe("abandoned");
    expect(canAct(s)).toBe(false);
    // A state answer read later says the same.
    const later = reduce(initialState("t1", 0), {
      type: "state",
      state: { ...state(5), ended: { reason: "expired", message: "nobody took a seat at this table in time: it expired" } },
    });
    expect(later.ended?.reason).toBe("expired");
    expect(canAct(later)).toBe(false);
  });
});
