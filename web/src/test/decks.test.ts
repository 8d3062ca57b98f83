import { describe, expect, it } from "vitest";
import { deckChoices, deckForRace, SHIPPED_DECKS } from "../decks";

const SERVER = [
  { name: "The Unbroken Regime", race: "narn" },
  { name: "League of Many Voices", race: "non-aligned" },
  { name: "The Kindred Council", race: "narn" },
  { name: "A Deck With No Race", race: null },
];

describe("the lobby's decks", () => {
  it("offers every deck the server ships, two of one race among them, by name", () => {
    const choices = deckChoices(SERVER);
    expect(choices.map((c) => c.value)).toEqual(SERVER.map((d) => d.name));
    expect(choices[1]!.label).toBe("League of Many Voices (Non-Aligned)");
    expect(choices[2]!.label).toBe("The Kindred Council (Narn)");
    expect(choices[3]!.label).toBe("A Deck With No Race");
  });

  it("falls back to one deck per race for a server that lists none", () => {
    expect(deckChoices(undefined)).toBe(SHIPPED_DECKS);
    expect(deckChoices([])).toBe(SHIPPED_DECKS);
  });

  it("turns a race chosen before the list came into the deck the server takes for it", () => {
    expect(deckForRace("narn", SERVER)).toBe("The Unbroken Regime");
    expect(deckForRace("non-aligned", SERVER)).toBe("League of Many Voices");
    expect(deckForRace("The Kindred Council", SERVER)).toBe("The Kindred Council");
    expect(deckForRace("vorlon", SERVER)).toBe("vorlon");
  });
});
