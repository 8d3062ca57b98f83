// The Empires page's words and map on a real game's JSON (./empires-fixtures,
// as `b5 serve` sent it) and the shipped maps (generated from the Rust maps).

import { describe, expect, it } from "vitest";
import { SHIPPED_MAPS } from "../generated/empires/maps";
import { hexDistance, hexPoints, layoutMap, mapOfView, placeholderMap } from "../empires/layout";
import { initialEState, reduceE, canActE } from "../empires/store";
import { actionKey, labelAction, names, outcomeWords, spaceOf } from "../empires/words";
import { GAME } from "./empires-fixtures";

const divide = SHIPPED_MAPS["the-divide"]!;

describe("the map a view is played on", () => {
  it("finds the shipped map of a real game by its spaces and homes", () => {
    const v = GAME.states.move.view;
    expect(v.spaces.length).toBe(49);
    expect(mapOfView(v)).toBe(divide);
    // The spectator's view of the same game too.
    expect(mapOfView(GAME.spectator.view)).toBe(divide);
  });

  it("prefers a map the view carries, and finds none for a map it cannot know", () => {
    const v = GAME.states.move.view;
    const own = { ...divide, name: "Sent along" };
    expect(mapOfView({ ...v, map: own })).toBe(own);
    // Homes elsewhere: not the shipped map (a generated map of as many spaces).
    const moved = { ...v, players: v.players.map((p) => ({ ...p, home: p.home === 30 ? 29 : p.home })) };
    expect(mapOfView(moved)).toBeNull();
    const fewer = { ...v, spaces: v.spaces.slice(0, 40) };
    expect(mapOfView(fewer)).toBeNull();
  });

  it("a stand-in map names every space by number and marks the homes", () => {
    const v = GAME.states.move.view;
    const m = placeholderMap(v);
    expect(m.spaces).toHaveLength(v.spaces.length);
    expect(m.spaces[30]!.kind).toBe("home");
    expect(m.spaces[30]!.home).toBe(0);
    expect(m.spaces[18]!.home).toBe(1);
    expect(m.spaces[5]!.name).toBe("Space 5");
    expect(m.spaces.every((s) => s.neighbours.length === 0)).toBe(true);
    // Distinct places on the grid.
    const at = new Set(m.spaces.map((s) => s.at.join(",")));
    expect(at.size).toBe(v.spaces.length);
  });
});

describe("the map's layout", () => {
  const l = layoutMap(divide, 30);

  it("places every space inside the drawing, hex neighbours one hex apart", () => {
    expect(l.spaces).toHaveLength(49);
    for (const s of l.spaces) {
      expect(s.x).toBeGreaterThanOrEqual(30 - 0.1);
      expect(s.y).toBeGreaterThanOrEqual(30 - 0.1);
      expect(s.x).toBeLessThanOrEqual(l.width - 30 + 0.1);
      expect(s.y).toBeLessThanOrEqual(l.height - 30 + 0.1);
    }
    // Neighbouring hex centres are sqrt(3) * size apart.
    for (const lane of l.lanes.filter((x) => !x.link)) {
      const a = l.spaces[lane.a]!;
      const b = l.spaces[lane.b]!;
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(Math.sqrt(3) * 30, 0);
    }
    // No two spaces in one place.
    expect(new Set(l.spaces.map((s) => `${s.x},${s.y}`)).size).toBe(49);
  });

  it("draws each lane of the map once", () => {
    const pairs = new Set<string>();
    divide.spaces.forEach((s, a) => s.neighbours.forEach((b) => pairs.add(a < b ? `${a}-${b}` : `${b}-${a}`)));
    expect(l.lanes).toHaveLength(pairs.size);
    expect(new Set(l.lanes.map((x) => `${x.a}-${x.b}`))).toEqual(pairs);
    // The Divide's lanes all join hex neighbours.
    expect(l.lanes.every((x) => !x.link)).toBe(true);
    // The kinds the page must tell apart are all there.
    const kinds = new Set(l.spaces.map((s) => s.kind));
    for (const k of ["babylon5", "home", "system", "empty", "nebula", "supernova", "black_hole"] as const)
      expect(kinds.has(k)).toBe(true);
  });

  it("marks a lane between spaces that are not hex neighbours as a link", () => {
    const m = {
      name: "Tiny",
      spaces: [
        { name: "A", kind: "home" as const, at: [0, 0] as [number, number], neighbours: [1, 2], home: 0, jumpgate: true, revenue: null },
        { name: "B", kind: "empty" as const, at: [1, 0] as [number, number], neighbours: [0], home: null, jumpgate: false, revenue: null },
        { name: "C", kind: "system" as const, at: [4, 2] as [number, number], neighbours: [0], home: null, jumpgate: false, revenue: null },
      ],
    };
    const t = layoutMap(m, 10);
    expect(t.lanes).toEqual([
      { a: 0, b: 1, link: false },
      { a: 0, b: 2, link: true },
    ]);
    expect(hexDistance([0, 0], [4, 2])).toBe(6);
    expect(hexPoints(0, 0, 10).split(" ")).toHaveLength(6);
  });
});

describe("labels of the legal actions", () => {
  it("labels a real Move Phase's choices with the map's names and the seat's units", () => {
    const s = GAME.states.move;
    const v = s.view;
    const n = names(v, divide);
    const labels = s.legal_actions.map((a) => labelAction(a, n, v));
    expect(labels).toContain("Pick Capitol Ship #13 at Homesystem 1 [30] to move");
    expect(labels).toContain("Leave Cruiser #40 at Homesystem 1 [30] behind");
    expect(labels).toContain("Move the picked units to Tessaly [10] (planetary system)");
    expect(labels).toContain("Move the picked units to Deep space -5,0 [19] (empty space)");
    expect(labels).toContain("End this move order");
    // One label per action, none empty, none naming an unknown unit or space.
    expect(new Set(labels).size).toBe(labels.length);
    for (const l of labels) expect(l).not.toMatch(/unit #|space \[|undefined/);
  });

  it("labels draws, recruits, builds, ending a phase and cards", () => {
    const d = GAME.states.draw;
    const dn = names(d.view, divide);
    expect(d.legal_actions.map((a) => labelAction(a, dn, d.view))).toContain("Draw your cards");
    expect(
      d.legal_actions.filter((a) => a.action === "discard").every((a) => /^Discard [A-Z]/.test(labelAction(a, dn, d.view))),
    ).toBe(true);

    const r = GAME.states.recruit;
    const rn = names(r.view, divide);
    const rl = r.legal_actions.map((a) => labelAction(a, rn, r.view));
    expect(rl).toContain("Build a Colony (cost 5) at Tessaly [10]");
    expect(rl).toContain("End your Recruit Phase");
    const buys = rl.filter((l) => l.startsWith("Recruit "));
    expect(buys.length).toBe(r.legal_actions.filter((a) => a.action === "buy").length);
    for (const b of buys) expect(b).toMatch(/^Recruit (Capitol Ship|Cruiser|Fighter Complement|Capable Commander|Seasoned Diplomat) #\d+ at Homesystem 1 \[30\]$/);

    const w = GAME.states.window;
    const wn = names(w.view, divide);
    expect(w.legal_actions.map((a) => labelAction(a, wn, w.view))).toEqual(["Pass", "Play Intercept"]);
  });

  it("labels card targets and names spaces by number without a map", () => {
    const v = GAME.states.move.view;
    const n = names(v, divide);
    expect(labelAction({ action: "play", card: "steal", target: { to: "player", player: 1 } }, n, v)).toBe(
      "Play Steal on Earthforce",
    );
    expect(
      labelAction({ action: "play", card: "special_card", as_card: "ambush", target: { to: "none" } }, n, v),
    ).toBe("Play Special Card as Ambush");
    expect(labelAction({ action: "play", card: "revolt", target: { to: "system", space: 10 } }, n, v)).toBe(
      "Play Revolt on Tessaly [10]",
    );
    expect(
      labelAction({ action: "play", card: "reconnaissance", target: { to: "stack", space: 18, owner: 1 } }, n, v),
    ).toBe("Play Reconnaissance on Earthforce's stack at Homesystem 2 [18]");
    const bare = names(v, null);
    expect(labelAction({ action: "move_to", to: 10 }, bare, v)).toBe("Move the picked units to space [10]");
    // Another player's hidden units are never named.
    expect(bare.unit(9999)).toBe("unit #9999");
  });

  it("knows which space an action is about", () => {
    expect(spaceOf({ action: "move_to", to: 4 })).toBe(4);
    expect(spaceOf({ action: "build", at: 7, marker: "colony" })).toBe(7);
    expect(spaceOf({ action: "play", card: "revolt", target: { to: "system", space: 3 } })).toBe(3);
    expect(spaceOf({ action: "pass" })).toBeNull();
    expect(actionKey({ b: 1, a: { d: 2, c: 3 } })).toBe(actionKey({ a: { c: 3, d: 2 }, b: 1 }));
  });

  it("words the end of a real game", () => {
    const v = GAME.spectator.view;
    expect(GAME.spectator.finished).toBe(true);
    expect(outcomeWords(v.outcome!, names(v, divide))).toBe("Earthforce wins by conquest.");
  });
});

describe("the Empires table's state", () => {
  it("takes a state, then a change's log and view; a spectator has no hand and no choice", () => {
    let s = initialEState("t", 0);
    s = reduceE(s, { type: "state", state: GAME.states.move });
    expect(s.seq).toBe(GAME.states.move.seq);
    expect(canActE(s)).toBe(true);
    s = reduceE(s, { type: "sent", seq: s.seq!, action: s.legal[0]! });
    expect(canActE(s)).toBe(false);
    const c = GAME.last_change;
    s = reduceE(s, { type: "change", msg: c });
    expect(s.log.map((l) => l.text)).toEqual(c.log);
    expect(s.log.at(-1)!.text).toMatch(/^Game over\. Earthforce wins by conquest/);
    expect(s.finished).toBe(true);
    expect(s.sending).toBeNull();
    // The same change again (a reconnection) adds nothing.
    expect(reduceE(s, { type: "change", msg: c }).log).toHaveLength(c.log!.length);
    // A line of the table's own (a player come or gone) follows the game's.
    const noted = reduceE(s, { type: "note", text: "Gkar (Narn) is at the table." });
    expect(noted.log.at(-1)!.text).toBe("Gkar (Narn) is at the table.");
    expect(noted.log).toHaveLength(c.log!.length + 1);
    // An older state does not replace a newer view.
    expect(reduceE(s, { type: "state", state: GAME.states.move }).seq).toBe(c.seq);

    let w = initialEState("t", null);
    w = reduceE(w, { type: "state", state: GAME.spectator });
    expect(w.view!.viewer).toBe(255);
    expect(w.view!.hand).toEqual([]);
    expect(w.view!.stacks.every((st) => st.units === undefined)).toBe(true);
    expect(canActE(w)).toBe(false);
  });
});
