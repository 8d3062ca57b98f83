// Choices grouped by card. The grouping lives in Rust (b5_present::menu);
// when the server sends its `menu`, the page shows it as given. Without it
// (an older server), `fallbackMenu` groups the legal actions by the card they
// are about, with labels from describe.ts. Either way every group's choices
// are elements of legal_actions, as given.

import { actionLabel, fieldsOf, type Names } from "./describe";
import type { Action, Group, GroupKind, Menu, PlayerView } from "./types";

/** Something an action points at besides the card it is about. */
export type Ref =
  | { kind: "card"; id: number }
  | { kind: "player"; seat: number }
  | { kind: "conflict"; id: number };

export function refKey(r: Ref): string {
  return r.kind === "player" ? `p${r.seat}` : r.kind === "card" ? `c${r.id}` : `k${r.id}`;
}

const CARD_FIELDS = ["by", "old", "fleet", "ambassador", "host", "pay"];

/** What an action points at (its targets, who pays, where it goes). */
export function refsOf(action: Action): Ref[] {
  const a = fieldsOf(action);
  const out: Ref[] = [];
  for (const f of CARD_FIELDS) {
    const v = a[f];
    if (typeof v === "number") out.push({ kind: "card", id: v });
  }
  const t = a.target;
  if (typeof t === "number") out.push({ kind: "card", id: t });
  else if (t && typeof t === "object") {
    const o = t as Record<string, unknown>;
    if (typeof o.Card === "number") out.push({ kind: "card", id: o.Card });
    if (typeof o.Player === "number") out.push({ kind: "player", seat: o.Player });
    if (typeof o.Conflict === "number") out.push({ kind: "conflict", id: o.Conflict });
  }
  if (typeof a.conflict === "number") out.push({ kind: "conflict", id: a.conflict });
  return out;
}

function kindOf(a: Action): GroupKind {
  switch (a.do) {
    case "pass":
      return { kind: "pass" };
    case "build":
      return { kind: "build" };
    case "buy":
      return { kind: "buy" };
    case "reveal_agenda":
    case "discard_agenda":
      return { kind: "agenda" };
    case "declare_war":
      return { kind: "war" };
    case "surrender":
      return { kind: "surrender" };
    case "mulligan":
      return { kind: "mulligan" };
    case "keep_chaos":
      return { kind: "pass" };
    case "move_chaos":
      return { kind: "chaos" };
    case "join_war":
      return { kind: "join_war" };
    case "call_voter":
    case "vote":
      return { kind: "vote" };
    case "take_from_reserve":
      return { kind: "reserve" };
    case "mode":
    case "resolve_first":
      return { kind: "effect_choice" };
    default:
      // Every other action is about a card (the generated Action type says so).
      return { kind: "card", card: a.card };
  }
}

export function groupKey(k: GroupKind): string {
  return k.kind === "card" ? String(k.card) : k.kind;
}

const ORDER: GroupKind["kind"][] = [
  "pass",
  "vote",
  "effect_choice",
  "card",
  "build",
  "buy",
  "agenda",
  "war",
  "surrender",
  "mulligan",
  "chaos",
  "join_war",
  "reserve",
];

/** The legal actions grouped by card (or by kind), in a stable order. */
export function fallbackMenu(legal: Action[], view: PlayerView | null, n: Names): Menu {
  const groups = new Map<string, Group>();
  for (const a of legal) {
    const kind = kindOf(a);
    const key = groupKey(kind);
    let g = groups.get(key);
    if (!g) {
      const title =
        kind.kind === "card"
          ? `${n.card(kind.card)}${inHand(view, kind.card) ? " (in hand)" : ""}`
          : kind.kind[0]!.toUpperCase() + kind.kind.slice(1);
      g = { kind, handle: key, title, copies: 1, choices: [] };
      groups.set(key, g);
    }
    g.choices.push({ action: a, label: actionLabel(a, n, view), cost: 0 });
  }
  const list = [...groups.values()];
  list.sort((x, y) => {
    const ox = ORDER.indexOf(x.kind.kind);
    const oy = ORDER.indexOf(y.kind.kind);
    if (ox !== oy) return ox - oy;
    if (x.kind.kind === "card" && y.kind.kind === "card") return x.kind.card - y.kind.card;
    return 0;
  });
  return { groups: list };
}

function inHand(view: PlayerView | null, id: number): boolean {
  return !!view?.hand.some((c) => c.id === id);
}

/** The server's menu when it sent one that fits the legal actions, else the fallback. */
export function menuFor(
  menu: Menu | null | undefined,
  legal: Action[],
  view: PlayerView | null,
  n: Names,
): Menu {
  if (menu && Array.isArray(menu.groups) && menu.groups.length > 0) {
    const legalKeys = new Set(legal.map(actionKey));
    const ok = menu.groups.every((g) => g.choices.every((c) => legalKeys.has(actionKey(c.action))));
    if (ok) return menu;
  }
  return fallbackMenu(legal, view, n);
}

/** A canonical string of an action (keys sorted), to compare actions. */
export function actionKey(a: unknown): string {
  return JSON.stringify(sortKeys(a));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, sortKeys(o[k])]),
    );
  }
  return v;
}

/**
 * The group a card on the table or in the hand opens, if any. The server's
 * menu shows identical copies in hand as one group (named by the lowest
 * copy): any copy opens it.
 */
export function groupOfCard(menu: Menu, card: number, view?: PlayerView | null): Group | undefined {
  const exact = menu.groups.find((g) => g.kind.kind === "card" && g.kind.card === card);
  if (exact || !view) return exact;
  const inHand = view.hand.find((c) => c.id === card);
  if (!inHand) return undefined;
  return menu.groups.find(
    (g) => g.kind.kind === "card" && view.hand.some((c) => c.id === (g.kind as { card: number }).card && c.def === inHand.def),
  );
}

/**
 * The group and the place in it of a choice (a hint's), if the menu has it.
 * The menu shows identical copies in hand once: an action of another copy
 * finds the same choice made with the copy the menu shows.
 */
export function findChoice(
  menu: Menu,
  action: Action,
  view?: PlayerView | null,
): { group: Group; index: number } | null {
  const find = (a: Action) => {
    const k = actionKey(a);
    for (const group of menu.groups) {
      const index = group.choices.findIndex((c) => actionKey(c.action) === k);
      if (index >= 0) return { group, index };
    }
    return null;
  };
  const exact = find(action);
  if (exact || !view) return exact;
  const card = fieldsOf(action).card;
  const held = view.hand.find((c) => c.id === card);
  if (!held) return null;
  for (const copy of view.hand) {
    if (copy.id === held.id || copy.def !== held.def) continue;
    const found = find({ ...action, card: copy.id } as Action);
    if (found) return found;
  }
  return null;
}

/** The card a choice is about (to show its text): the card acting or played, else the group's. */
export function cardOfChoice(action: Action, group?: Group): number | null {
  const a = fieldsOf(action);
  if (typeof a.card === "number") return a.card;
  if (group && group.kind.kind === "card") return group.kind.card;
  if (typeof a.by === "number") return a.by;
  return null;
}

/** The choices of a group that point at every one of `picked`. */
export function narrow(group: Group, picked: Ref[]): Group["choices"] {
  if (picked.length === 0) return group.choices;
  const want = picked.map(refKey);
  return group.choices.filter((c) => {
    const have = new Set(refsOf(c.action).map(refKey));
    return want.every((k) => have.has(k));
  });
}

/** Every thing the choices (still) point at: what can be clicked as a target. */
export function targetKeys(choices: Group["choices"]): Set<string> {
  const s = new Set<string>();
  for (const c of choices) for (const r of refsOf(c.action)) s.add(refKey(r));
  return s;
}
