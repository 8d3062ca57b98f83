import { describe, expect, it } from "vitest";
import { autoPassNow, loadAutoPass, NO_AUTO_PASS, saveAutoPass } from "../autopass";
import type { Group } from "../types";
import { MemKV as Mem, view } from "./fixtures";

const pass: Group = { kind: { kind: "pass" }, handle: "pass", title: "Pass", copies: 1, choices: [{ action: { do: "pass" }, label: "Pass", cost: 0 }] };
/** A card in hand (2 is in the fixture's hand). */
const fromHand: Group = {
  kind: { kind: "card", card: 2 },
  handle: "2",
  title: "Aide (in hand)",
  copies: 1,
  choices: [{ action: { do: "sponsor", card: 2, by: 1, target: "None" }, label: "sponsor", cost: 2 }],
};
/** A card on the table (1 is the fixture's ambassador). */
const inPlay: Group = {
  kind: { kind: "card", card: 1 },
  handle: "1",
  title: "Ambassador (in play)",
  copies: 1,
  choices: [{ action: { do: "build", by: 1 }, label: "build", cost: 0 }],
};

describe("auto-pass", () => {
  it("passes when passing is the only choice, if asked", () => {
    expect(autoPassNow({ only: true, rounds: [] }, view(), [pass])).toEqual({ action: { do: "pass" }, why: "only" });
    expect(autoPassNow(NO_AUTO_PASS, view(), [pass])).toBeNull();
    expect(autoPassNow({ only: true, rounds: [] }, view(), [pass, inPlay])).toBeNull();
  });

  it("passes in a chosen round unless a card in hand has a choice", () => {
    const res = view({ round: "resolution" });
    const a = { only: false, rounds: ["resolution"] };
    expect(autoPassNow(a, res, [pass, inPlay])).toEqual({ action: { do: "pass" }, why: "round" });
    expect(autoPassNow(a, res, [pass, fromHand])).toBeNull();
    // Another round: not asked.
    expect(autoPassNow(a, view({ round: "action" }), [pass, inPlay])).toBeNull();
  });

  it("never passes without a single pass, or in an effect's choice or a vote", () => {
    const a = { only: true, rounds: ["resolution"] };
    expect(autoPassNow(a, view({ round: "resolution" }), [inPlay])).toBeNull();
    const twoPasses: Group = { ...pass, choices: [...pass.choices, { action: { do: "pass" }, label: "Pass again", cost: 0 }] };
    expect(autoPassNow(a, view({ round: "resolution" }), [twoPasses])).toBeNull();
    const choosing = view({ round: "resolution", choice: { card: 1, player: 0, kind: "Cards" } as never });
    expect(autoPassNow(a, choosing, [pass, inPlay])).toBeNull();
  });

  it("is remembered per seat, and a new seat starts with the last settings", () => {
    const kv = new Mem();
    expect(loadAutoPass(kv, "t1", 0)).toEqual(NO_AUTO_PASS);
    saveAutoPass(kv, "t1", 0, { only: true, rounds: ["conflict"] });
    expect(loadAutoPass(kv, "t1", 0)).toEqual({ only: true, rounds: ["conflict"] });
    expect(loadAutoPass(kv, "t2", 3)).toEqual({ only: true, rounds: ["conflict"] });
    saveAutoPass(kv, "t2", 3, NO_AUTO_PASS);
    expect(loadAutoPass(kv, "t1", 0)).toEqual({ only: true, rounds: ["conflict"] });
    // A damaged entry, or an unknown round, is not trusted.
    kv.setItem("b5.autopass.t3.0", "{not json");
    expect(loadAutoPass(kv, "t3", 0)).toEqual(NO_AUTO_PASS);
    kv.setItem("b5.autopass.t4.0", JSON.stringify({ only: "yes", rounds: ["draw", "resolution", 7] }));
    expect(loadAutoPass(kv, "t4", 0)).toEqual({ only: false, rounds: ["resolution"] });
  });
});
