import { describe, expect, it, vi } from "vitest";
import { CardTexts, cardIndex, layout } from "../cards";

// As `b5 cards NAME` prints a card (b5_present::card_text).
const AIDE = "Aide Da'Mirra (OS-012)\n  narn character, cost 2\n  Diplomacy 1, Intrigue 1\n  Loyal.\n  \"She keeps the ambassador's secrets.\"\n";
const ANSWER =
  "Answer the Oppressor (OS-087)\n  narn conflict\n  Military conflict. Target: a player. Won: gain 1 influence; +1 tension toward the target.\n  \"For every world they took, we will take a moon.\"\n";

describe("card texts", () => {
  it("lays a card's text out as its title and its lines", () => {
    const t = layout("Aide Da'Mirra", AIDE);
    expect(t.title).toBe("Aide Da'Mirra (OS-012)");
    expect(t.lines).toEqual([
      "narn character, cost 2",
      "Diplomacy 1, Intrigue 1",
      "Loyal.",
      "\"She keeps the ambassador's secrets.\"",
    ]);
  });

  it("keeps a text that does not start with the name whole", () => {
    expect(layout("X", "some text\nmore")).toEqual({ name: "X", title: "X", lines: ["some text", "more"] });
  });

  it("indexes the server's answer by name, skipping malformed entries", () => {
    const idx = cardIndex({
      cards: [
        { name: "Aide Da'Mirra", text: AIDE },
        { name: "Answer the Oppressor", text: ANSWER },
        { name: 3, text: "x" } as unknown as { name: string; text: string },
      ],
    });
    expect([...idx.keys()]).toEqual(["Aide Da'Mirra", "Answer the Oppressor"]);
    expect(idx.get("Answer the Oppressor")?.lines[1]).toMatch(/^Military conflict/);
    expect(cardIndex(null).size).toBe(0);
  });

  it("fetches the database once per page, however many ask", async () => {
    const fetchCards = vi.fn(async () => ({ cards: [{ name: "Aide Da'Mirra", text: AIDE }] }));
    const texts = new CardTexts(fetchCards);
    expect(texts.get("Aide Da'Mirra")).toBeUndefined();
    const [a, b] = await Promise.all([texts.load(), texts.load()]);
    expect(a).toBe(b);
    await texts.load();
    expect(fetchCards).toHaveBeenCalledTimes(1);
    expect(texts.get("Aide Da'Mirra")?.title).toBe("Aide Da'Mirra (OS-012)");
  });

  it("gives an empty index when the server has no card texts, and tries again later", async () => {
    let fail = true;
    const fetchCards = vi.fn(async () => {
      if (fail) throw new Error("HTTP 404");
      return { cards: [{ name: "Aide Da'Mirra", text: AIDE }] };
    });
    const texts = new CardTexts(fetchCards);
    expect((await texts.load()).size).toBe(0);
    fail = false;
    expect((await texts.load()).size).toBe(1);
    expect(fetchCards).toHaveBeenCalledTimes(2);
  });
});
