// The Empires map as SVG geometry: hexes at their axial coordinates
// (pointy-top), the lanes between neighbours (a lane between spaces that are
// not hex neighbours is a "link", drawn curved), and which map a view is
// played on.

import type { Map, SpaceKind, View } from "../generated/empires";
import { SHIPPED_MAPS } from "../generated/empires/maps";

export interface HexSpace {
  id: number;
  name: string;
  kind: SpaceKind;
  /** Centre, in SVG units. */
  x: number;
  y: number;
  /** The seat whose homesystem it is. */
  home: number | null;
}

export interface Lane {
  a: number;
  b: number;
  /** Not hex neighbours: an extra lane of the map. */
  link: boolean;
}

export interface Layout {
  width: number;
  height: number;
  /** Hex radius (centre to corner). */
  size: number;
  spaces: HexSpace[];
  lanes: Lane[];
}

const SQRT3 = Math.sqrt(3);

export function hexDistance(a: [number, number], b: [number, number]): number {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Where each space goes, with a margin of one hex around them all. */
export function layoutMap(map: Map, size = 30): Layout {
  const raw = map.spaces.map((s) => ({
    x: size * SQRT3 * (s.at[0] + s.at[1] / 2),
    y: size * 1.5 * s.at[1],
  }));
  const xs = raw.map((p) => p.x);
  const ys = raw.map((p) => p.y);
  const minX = Math.min(...xs, 0) - size;
  const minY = Math.min(...ys, 0) - size;
  const maxX = Math.max(...xs, 0) + size;
  const maxY = Math.max(...ys, 0) + size;
  const spaces = map.spaces.map((s, id) => ({
    id,
    name: s.name,
    kind: s.kind,
    x: round(raw[id]!.x - minX),
    y: round(raw[id]!.y - minY),
    home: s.home,
  }));
  const lanes: Lane[] = [];
  map.spaces.forEach((s, a) => {
    for (const b of s.neighbours) {
      if (b > a && map.spaces[b]) lanes.push({ a, b, link: hexDistance(s.at, map.spaces[b].at) > 1 });
    }
  });
  return { width: round(maxX - minX), height: round(maxY - minY), size, spaces, lanes };
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

/** The six corners of a pointy-top hex, as an SVG `points` attribute. */
export function hexPoints(x: number, y: number, size: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${round(x + size * Math.cos(a))},${round(y + size * Math.sin(a))}`);
  }
  return pts.join(" ");
}

/**
 * The map a view is played on: the one it carries, else the shipped map
 * with as many spaces whose homesystems are the players' homes, else null
 * (a generated map the view does not describe).
 */
export function mapOfView(view: View & { map?: Map | null }, shipped: Record<string, Map> = SHIPPED_MAPS): Map | null {
  if (view.map) return view.map;
  for (const m of Object.values(shipped)) {
    if (m.spaces.length !== view.spaces.length) continue;
    const fits = view.players.every((p, seat) => m.spaces[p.home]?.home === seat);
    if (fits) return m;
  }
  return null;
}

/**
 * A stand-in map for a view without one: the spaces in rows on a hex grid,
 * named by number, with no lanes (their kinds are unknown but for what the
 * view shows: homes and revenue).
 */
export function placeholderMap(view: View): Map {
  const n = view.spaces.length;
  const cols = Math.max(1, Math.ceil(Math.sqrt(n * 1.5)));
  const homes = new globalThis.Map(view.players.map((p, seat) => [p.home, seat] as const));
  return {
    name: "(map not sent by the server)",
    spaces: view.spaces.map((s, i) => {
      const row = Math.floor(i / cols);
      const home = homes.get(i) ?? null;
      return {
        name: `Space ${i}`,
        kind: home !== null ? "home" : s.resources !== null || s.colony ? "system" : "empty",
        at: [(i % cols) - Math.floor(row / 2), row] as [number, number],
        neighbours: [],
        home,
        jumpgate: s.jumpgate,
        revenue: null,
      };
    }),
  };
}

/** A space's name as drawn in its hex: the whole name, never cut. */
export interface HexLabel {
  text: string;
  /** Font size, in SVG units. */
  font: number;
  /** When the name is wider than the hex allows: the width it is fitted to (SVG textLength). */
  fit: number | null;
}

/** An average glyph's width for the map's font, as a share of the font size. */
const GLYPH = 0.56;

/**
 * How a space's name fits a hex of radius `size`: at the map's font when it
 * fits the hex's width; else squeezed to that width, and for a very long
 * name at a smaller font too (down to 5 units), so no letter is cut off and
 * none overflows into the next hex.
 */
export function hexLabel(name: string, size: number, font = 8): HexLabel {
  const width = size * 1.4;
  const wide = (f: number) => name.length * GLYPH * f;
  if (wide(font) <= width) return { text: name, font, fit: null };
  // Squeezed at most to 80% of its natural width; smaller beyond that.
  const f = Math.max(5, Math.min(font, width / (0.8 * GLYPH * name.length)));
  return { text: name, font: Math.round(f * 10) / 10, fit: round(width) };
}
