import { describe, expect, it } from "vitest";
import {
  DRAFT_MAX,
  downloadName,
  loadDraft,
  placeError,
  runs,
  saveDraft,
  tryCommand,
  verdict,
  type CheckedCard,
} from "../cardfile";

describe("the Cards page's model", () => {
  it("marks each run of words by the side it is on", () => {
    expect(
      runs([{ same: "won the target player loses" }, { only_generated: "1" }, { only_text: "2" }, { same: "influence" }]),
    ).toEqual([
      { kind: "same", words: "won the target player loses" },
      { kind: "generated", words: "1" },
      { kind: "text", words: "2" },
      { kind: "same", words: "influence" },
    ]);
  });

  it("says whether a card reads as its text", () => {
    const c: CheckedCard = { name: "A", line: 1, generated: "x", text: null, same: null, diff: [] };
    expect(verdict(c)).toBe("keeps no printed text to compare");
    expect(verdict({ ...c, text: "x", same: true })).toBe("reads as its printed text");
    expect(verdict({ ...c, text: "y", same: false })).toBe("differs from its printed text");
  });

  it("places an error at its line, quoting it", () => {
    const file = '[cards."A"]\ntype = "event"\ncots = 1\n';
    expect(placeError(file, { line: 3, column: 1, field: 'cards."A".cots', message: "unknown field `cots`" })).toEqual({
      where: "line 3, column 1",
      message: 'cards."A".cots: unknown field `cots`',
      source: "cots = 1",
    });
    // No line: the whole file; a line past the end: no quote.
    expect(placeError(file, { line: 0, column: 0, field: "", message: "too many cards" }).where).toBe("the file");
    expect(placeError(file, { line: 40, column: 0, field: "", message: "m" }).source).toBeNull();
  });

  it("names the download safely, as a .toml file", () => {
    expect(downloadName("my deck")).toBe("my deck.toml");
    expect(downloadName("cards.TOML")).toBe("cards.TOML");
    expect(downloadName("../../etc/x")).toBe(".._.._etc_x.toml");
    expect(downloadName("  ")).toBe("cards.toml");
  });

  it("gives the command that tries a card, quoted for the shell", () => {
    expect(tryCommand("my cards.toml", "Harbor Blockade")).toBe("b5 --cards 'my cards.toml' cards try 'Harbor Blockade'");
    expect(tryCommand("a.toml", "Kha'Dor")).toBe("b5 --cards 'a.toml' cards try 'Kha'\\''Dor'");
  });

  it("keeps the file being written in the browser, and drops a damaged one", () => {
    const m = new Map<string, string>();
    const kv = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
    expect(loadDraft(kv)).toEqual({ text: "", name: "cards.toml" });
    saveDraft(kv, { text: '[cards."A"]', name: "mine.toml" });
    expect(loadDraft(kv)).toEqual({ text: '[cards."A"]', name: "mine.toml" });
    // Emptied: forgotten.
    saveDraft(kv, { text: "", name: "mine.toml" });
    expect(m.size).toBe(0);
    // Too large to keep: the last one kept stays.
    saveDraft(kv, { text: "x", name: "a.toml" });
    saveDraft(kv, { text: "y".repeat(DRAFT_MAX), name: "a.toml" });
    expect(loadDraft(kv).text).toBe("x");
    m.set("b5.cards.draft", "{not json");
    expect(loadDraft(kv)).toEqual({ text: "", name: "cards.toml" });
    expect(m.size).toBe(0);
    m.set("b5.cards.draft", JSON.stringify({ text: 3 }));
    expect(loadDraft(kv).text).toBe("");
  });
});
