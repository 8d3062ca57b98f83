import { describe, expect, it } from "vitest";
import { namesOf } from "../describe";
import { actionKey, cardOfChoice, fallbackMenu, findChoice, groupOfCard, menuFor, narrow, refsOf, targetKeys } from "../menu";
import type { Action, Menu } from "../types";
import { card, view } from "./fixtures";

const v = view();
const n = namesOf(v);
const legal: Action[] = [
  { do: "sponsor", card: 2, by: 1, target: "None" },
  { do: "pass" },
  { do: "declare", card: 3, target: { Player: 1 } },
  { do: "declare", card: 3, target: { Card: 40 } },
  { do: "build", by: 1 },
  { do: "reveal_agenda" },
];

describe("grouping without the server's menu", () => {
  it("groups every legal action by the card it is about, pass first", () => {
    const m = fallbackMenu(legal, v, n);
    expect(m.groups.map((g) => g.handle)).toEqual(["pass", "2", "3", "build", "agenda"]);
    expect(m.groups.flatMap((g) => g.choices.map((c) => c.action))).toHaveLength(legal.length);
    const g3 = groupOfCard(m, 3)!;
    expect(g3.title).toBe("Answer the Oppressor (in hand)");
    expect(g3.choices.map((c) => c.label)).toEqual([
      "Declare Answer the Oppressor → Centauri",
      "Declare Answer the Oppressor → Ambassador Vessari",
    ]);
    expect(groupOfCard(m, 2)!.choices[0]!.label).toBe("Sponsor Aide Da'Mirra rotating Ambassador Ka'Dhar");
  });

  it("keeps each action exactly as given", () => {
    const m = fallbackMenu(legal, v, n);
    for (const g of m.groups) for (const c of g.choices) expect(legal).toContain(c.action);
  });

  it("uses the server's menu when it holds only legal actions", () => {
    const server: Menu = {
      groups: [
        { kind: { kind: "pass" }, handle: "pass", title: "Pass", copies: 1, choices: [{ action: { do: "pass" }, label: "pass", cost: 0 }] },
        {
          kind: { kind: "card", card: 2 },
          handle: "2",
          title: "Aide Da'Mirra (in hand)",
          copies: 2,
          choices: [{ action: { target: "None", by: 1, card: 2, do: "sponsor" }, label: "sponsor Aide Da'Mirra, rotating Ka'Dhar: 2 influence", cost: 2 }],
        },
      ],
    };
    expect(menuFor(server, legal, v, n)).toBe(server);
  });

  it("falls back when the server's menu does not fit the legal actions (or is empty)", () => {
    const bad: Menu = {
      groups: [{ kind: { kind: "pass" }, handle: "pass", title: "Pass", copies: 1, choices: [{ action: { do: "promote", card: 9, by: 1 }, label: "x", cost: 0 }] }],
    };
    expect(menuFor(bad, legal, v, n).groups).toHaveLength(5);
    expect(menuFor({ groups: [] }, legal, v, n).groups).toHaveLength(5);
    expect(menuFor(null, legal, v, n).groups).toHaveLength(5);
  });
});

describe("a card opens its group", () => {
  it("any copy in hand opens the group of identical copies", () => {
    const v2 = view();
    v2.hand = [card(2, "Aide Da'Mirra", { def: 79 }), card(5, "Aide Da'Mirra", { def: 79 }), card(3, "Other", { def: 80 })];
    const m: Menu = {
      groups: [{ kind: { kind: "card", card: 2 }, handle: "2", title: "Aide Da'Mirra (in hand, 2 copies)", copies: 2, choices: [] }],
    };
    expect(groupOfCard(m, 5, v2)?.handle).toBe("2");
    expect(groupOfCard(m, 2, v2)?.handle).toBe("2");
    expect(groupOfCard(m, 3, v2)).toBeUndefined();
    expect(groupOfCard(m, 5)).toBeUndefined();
  });
});

describe("targets", () => {
  it("finds what an action points at", () => {
    expect(refsOf({ do: "declare", card: 3, target: { Player: 1 } })).toEqual([{ kind: "player", seat: 1 }]);
    expect(refsOf({ do: "attack", card: 5, target: 40, conflict: 0 })).toEqual([
      { kind: "card", id: 40 },
      { kind: "conflict", id: 0 },
    ]);
    expect(refsOf({ do: "sponsor", card: 2, by: 1, target: "None" })).toEqual([{ kind: "card", id: 1 }]);
  });

  it("narrows a group's choices to those pointing at what was picked", () => {
    const g = groupOfCard(fallbackMenu(legal, v, n), 3)!;
    expect(targetKeys(g.choices)).toEqual(new Set(["p1", "c40"]));
    expect(narrow(g, [{ kind: "card", id: 40 }]).map((c) => c.action)).toEqual([{ do: "declare", card: 3, target: { Card: 40 } }]);
    expect(narrow(g, [])).toHaveLength(2);
    expect(narrow(g, [{ kind: "card", id: 999 }])).toHaveLength(0);
  });

  it("compares actions whatever the order of their keys", () => {
    expect(actionKey({ do: "pass", a: { y: 1, x: 2 } })).toBe(actionKey({ a: { x: 2, y: 1 }, do: "pass" }));
  });
});

describe("finding a choice (a hint's) and the card a choice is about", () => {
  const m = fallbackMenu(legal, v, n);
  it("finds the group and place of an action, whatever its key order", () => {
    const f = findChoice(m, { target: { Card: 40 }, card: 3, do: "declare" });
    expect(f?.group.handle).toBe("3");
    expect(f?.index).toBe(1);
    expect(findChoice(m, { do: "pass" })?.group.handle).toBe("pass");
    expect(findChoice(m, { do: "mulligan" })).toBeNull();
  });
  it("names the card acting, else the group's, else who pays", () => {
    expect(cardOfChoice({ do: "declare", card: 3, target: { Card: 40 } })).toBe(3);
    expect(cardOfChoice({ do: "build", by: 1 })).toBe(1);
    expect(cardOfChoice({ do: "pass" })).toBeNull();
    const g = groupOfCard(m, 2)!;
    expect(cardOfChoice({ do: "reveal_agenda" }, g)).toBe(2);
  });
});

describe("a hint about another copy in hand", () => {
  it("finds the choice the menu shows for the copy it lists", () => {
    const v2 = view({ hand: [card(2, "Aide Da'Mirra", { def: 7 }), card(5, "Aide Da'Mirra", { def: 7 }), card(3, "Answer the Oppressor", { def: 9 })] });
    const m: Menu = {
      groups: [
        {
          kind: { kind: "card", card: 2 },
          handle: "2",
          title: "Aide Da'Mirra (in hand, 2 copies)",
          copies: 2,
          choices: [{ action: { do: "sponsor", card: 2, by: 1, target: "None" }, label: "sponsor", cost: 2 }],
        },
      ],
    };
    const other: Action = { do: "sponsor", card: 5, by: 1, target: "None" };
    expect(findChoice(m, other)).toBeNull();
    expect(findChoice(m, other, v2)?.group.handle).toBe("2");
    expect(findChoice(m, { do: "sponsor", card: 3, by: 1, target: "None" }, v2)).toBeNull();
  });
});
