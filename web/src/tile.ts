// What a card's tile on the table shows, from the card as the server sends
// it (a CardView): its title line, its type line, its abilities (only those
// it has), its tokens and marks, what is attached to it. No rule is worked
// out here: the numbers are the server's.

import { ABILITIES, ABILITY_NAMES, MARKS } from "./describe";
import type { CardView } from "./types";

/** An ability box: "D" and its value, named in full for the legend and screen readers. */
export interface TileAbility {
  key: string;
  name: string;
  value: number;
}

/** A token or a mark on the card: what it is, how many, and whether it is bad news. */
export interface TileToken {
  kind: "damage" | "severe" | "chaos" | "credits" | "mark";
  /** The mark's name (Doom, Strife...) for a mark; the token's for the others. */
  name: string;
  n: number;
  /** The words shown on the tile. */
  text: string;
  warn: boolean;
}

export interface Tile {
  name: string;
  cost: number | null;
  /** "Narn Character", "Neutral Location". */
  typeLine: string;
  abilities: TileAbility[];
  /** A character with every ability at 0 (shown as [-], as `b5 play` does). */
  noAbility: boolean;
  tokens: TileToken[];
  rotated: boolean;
  neutralized: boolean;
  /** The fleet it leads or the ambassador it assists. */
  leading: number | null;
  /** Enhancements and aftermaths on it, by name. */
  attached: string[];
  /** Face-down contingencies under it the viewer may see, by name. */
  ownContingencies: string[];
  hiddenContingencies: number;
}

/** "non-aligned" → "Non-Aligned". */
export function raceWord(race: string): string {
  return race
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("-");
}

function typeWord(t: string): string {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function tileOf(c: CardView): Tile {
  const abilities = c.abilities
    .map((value, i) => ({ key: ABILITIES[i]!, name: ABILITY_NAMES[i]!, value }))
    .filter((a) => a.value > 0);
  const tokens: TileToken[] = [];
  if (c.damage > 0) tokens.push({ kind: "damage", name: "damage", n: c.damage, text: `${c.damage} damage`, warn: false });
  if (c.severe > 0) tokens.push({ kind: "severe", name: "severe damage", n: c.severe, text: `${c.severe} severe`, warn: true });
  if (c.chaos > 0) tokens.push({ kind: "chaos", name: "Chaos Tokens", n: c.chaos, text: `${c.chaos} chaos`, warn: false });
  if (c.credits > 0) tokens.push({ kind: "credits", name: "credit tokens", n: c.credits, text: `${c.credits} credits`, warn: false });
  c.marks.forEach((n, i) => {
    if (n > 0) tokens.push({ kind: "mark", name: MARKS[i]!, n, text: `${MARKS[i]} ${n}`, warn: false });
  });
  return {
    name: c.name,
    cost: c.cost,
    typeLine: `${raceWord(c.race)} ${typeWord(c.card_type)}`,
    abilities,
    noAbility: abilities.length === 0 && c.card_type === "character",
    tokens,
    rotated: c.rotated,
    neutralized: c.neutralized,
    leading: c.leading,
    attached: c.attached.map((a) => a.name),
    ownContingencies: c.own_contingencies.map((a) => a.name),
    hiddenContingencies: c.hidden_contingencies,
  };
}

/** What the page adds about a card at this moment (for the label read aloud and the tip's "Now:"). */
export interface TileFlags {
  touched: boolean;
  can: boolean;
  target: boolean;
}

/**
 * The card in words, ";"-separated, its name first: the button's label, and
 * (after the name) the tip's "Now:" line.
 */
export function cardWords(c: CardView, f: TileFlags): string {
  const state: string[] = [];
  if (c.rotated) state.push("rotated");
  if (c.neutralized) state.push("neutralized");
  if (c.damage) state.push(`${c.damage} damage`);
  if (c.severe) state.push(`${c.severe} severe`);
  if (c.chaos) state.push(`${c.chaos} Chaos Tokens`);
  if (c.credits) state.push(`${c.credits} credit tokens`);
  const marks = c.marks.map((x, i) => (x > 0 ? `${MARKS[i]} ${x}` : "")).filter(Boolean);
  return [
    c.name,
    `${c.race} ${c.card_type}${c.cost !== null ? `, cost ${c.cost}` : ""}`,
    // Abilities where the card has any (a conflict or an agenda has none to list).
    c.abilities.some((x) => x > 0) || c.card_type === "character" ? c.abilities.map((x, i) => `${ABILITY_NAMES[i]} ${x}`).join(", ") : "",
    ...state,
    ...marks.map((m) => `marks: ${m}`),
    ...c.attached.map((a) => `+${a.name}`),
    c.hidden_contingencies ? `${c.hidden_contingencies} face-down contingency` : "",
    f.touched ? "changed since your last action" : "",
    f.can ? "has choices: select to see them" : "",
    f.target ? "a target of the selected card: select to choose it" : "",
  ]
    .filter(Boolean)
    .join("; ");
}
