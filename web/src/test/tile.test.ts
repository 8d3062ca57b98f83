import { describe, expect, it } from "vitest";
import { cardWords, raceWord, tileOf } from "../tile";
import { card } from "./fixtures";

describe("a card's tile", () => {
  it("shows the title line, the type line and only the abilities the card has, in card order", () => {
    const t = tileOf(card(1, "Ambassador", { abilities: [3, 0, 0, 4, 0], cost: 5 }));
    expect(t.name).toBe("Ambassador");
    expect(t.cost).toBe(5);
    expect(t.typeLine).toBe("Narn Character");
    expect(t.abilities.map((a) => `${a.key}${a.value}`)).toEqual(["D3", "L4"]);
    expect(t.abilities[1]!.name).toBe("Leadership");
    expect(t.noAbility).toBe(false);
    const fleet = tileOf(card(2, "Squadron", { card_type: "fleet", race: "non-aligned", abilities: [0, 0, 0, 0, 6], cost: null }));
    expect(fleet.typeLine).toBe("Non-Aligned Fleet");
    expect(fleet.abilities.map((a) => `${a.key}${a.value}`)).toEqual(["M6"]);
    expect(fleet.cost).toBeNull();
  });

  it("marks a character with every ability at 0, and not a conflict or an event", () => {
    expect(tileOf(card(1, "Nobody", { abilities: [0, 0, 0, 0, 0] })).noAbility).toBe(true);
    const k = tileOf(card(2, "Raid", { card_type: "conflict", abilities: [0, 0, 0, 0, 0] }));
    expect(k.noAbility).toBe(false);
    expect(k.abilities).toEqual([]);
  });

  it("lists damage, tokens and marks with their counts, severe damage as bad news", () => {
    const t = tileOf(card(1, "Hurt", { damage: 2, severe: 1, chaos: 3, credits: 4, marks: [0, 1, 2, 0, 0, 1] }));
    expect(t.tokens.map((x) => x.text)).toEqual(["2 damage", "1 severe", "3 chaos", "4 credits", "Doom 1", "Strife 2", "Vorlon 1"]);
    expect(t.tokens.filter((x) => x.warn).map((x) => x.kind)).toEqual(["severe"]);
    expect(tileOf(card(2, "Whole")).tokens).toEqual([]);
  });

  it("carries the card's position, its attachments and its contingencies", () => {
    const t = tileOf(
      card(1, "Leader", {
        rotated: true,
        neutralized: true,
        leading: 9,
        attached: [card(5, "Enhancement", { card_type: "enhancement" })],
        own_contingencies: [card(6, "Trap", { card_type: "contingency" })],
        hidden_contingencies: 2,
      }),
    );
    expect([t.rotated, t.neutralized, t.leading]).toEqual([true, true, 9]);
    expect(t.attached).toEqual(["Enhancement"]);
    expect(t.ownContingencies).toEqual(["Trap"]);
    expect(t.hiddenContingencies).toBe(2);
  });

  it("names races as the rules do", () => {
    expect(raceWord("non-aligned")).toBe("Non-Aligned");
    expect(raceWord("minbari")).toBe("Minbari");
  });
});

describe("a card in words", () => {
  it("is its name, type, abilities, state and marks, then what the page adds", () => {
    const c = card(1, "Ambassador", { abilities: [3, 0, 0, 4, 0], rotated: true, damage: 1, marks: [0, 1, 0, 0, 0, 0] });
    expect(cardWords(c, { touched: false, can: false, target: false })).toBe(
      "Ambassador; narn character, cost 2; Diplomacy 3, Intrigue 0, Psi 0, Leadership 4, Military 0; rotated; 1 damage; marks: Doom 1",
    );
    const w = cardWords(card(2, "Raid", { card_type: "conflict", abilities: [0, 0, 0, 0, 0] }), { touched: true, can: true, target: true });
    expect(w).toBe(
      "Raid; narn conflict, cost 2; changed since your last action; has choices: select to see them; a target of the selected card: select to choose it",
    );
  });
});
