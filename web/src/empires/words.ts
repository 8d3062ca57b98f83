// Babylon 5 Empires in words: the names of cards, units, markers, races and
// phases as the rules engine writes them (crates/empires/src/describe.rs),
// and every legal action as a label, built from the action's JSON and the
// view (the server labels one action, the advice's; the page labels them
// all). Spaces are named "Name [N]" as the engine's log names them.

import type { Action, Card, Chit, Marker, Map, Outcome, Phase, Race, Target, View } from "../generated/empires";

export const CARD_NAMES: Record<Card, string> = {
  tactical_move_order: "Tactical Move Order",
  strategic_move_order: "Strategic Move Order",
  long_range_barrage: "Long Range Barrage",
  surround_foe: "Surround Foe",
  ambush: "Ambush",
  dogfighting: "Dogfighting",
  deception: "Deception",
  heavy_weapons: "Heavy Weapons",
  armored_hull: "Armored Hull",
  intrigue: "Intrigue",
  sabotage: "Sabotage",
  raiding: "Raiding",
  espionage: "Espionage",
  assassination: "Assassination",
  reconnaissance: "Reconnaissance",
  special_card: "Special Card",
  the_shadows_emerge: "The Shadows Emerge",
  intelligence: "Intelligence",
  security: "Security",
  peace_treaty: "Peace Treaty",
  diplomacy: "Diplomacy",
  steal: "Steal",
  critical_hit: "Critical Hit",
  point_defense: "Point Defense",
  increase_production: "Increase Production",
  heavy_trade: "Heavy Trade",
  research: "Research",
  quantium40: "Quantium 40",
  revolt: "Revolt",
  intercept: "Intercept",
  retreat: "Retreat",
};

export const CHIT_NAMES: Record<Chit, string> = {
  capitol_ship: "Capitol Ship",
  cruiser: "Cruiser",
  fighter_complement: "Fighter Complement",
  capable_commander: "Capable Commander",
  seasoned_diplomat: "Seasoned Diplomat",
};

/** Short forms for a stack's top unit on the map. */
export const CHIT_SHORT: Record<Chit, string> = {
  capitol_ship: "CS",
  cruiser: "Cr",
  fighter_complement: "Ftr",
  capable_commander: "Cdr",
  seasoned_diplomat: "Dip",
};

export const MARKER_NAMES: Record<Marker, string> = { colony: "Colony", shipyard: "Shipyard", jumpgate: "Jumpgate" };
/** Other Markers: what each costs to build. */
export const MARKER_COST: Record<Marker, number> = { colony: 5, shipyard: 5, jumpgate: 10 };

export const RACE_NAMES: Record<Race, string> = {
  centauri: "Centauri",
  earthforce: "Earthforce",
  minbari: "Minbari",
  narn: "Narn",
};

export const PHASE_NAMES: Record<Phase, string> = {
  draw: "Draw Phase",
  draw_excess: "Draw Phase (discarding to 7)",
  move: "Move Phase",
  explore: "Exploration Phase",
  battle: "Battle Phase",
  revenue: "Revenue Phase",
  recruit: "Recruit Phase",
  upkeep: "Upkeep Phase",
  control: "Control Phase",
};

const KIND_NAMES: Record<string, string> = {
  empty: "empty space",
  system: "planetary system",
  home: "homesystem",
  babylon5: "Babylon 5",
  nebula: "nebula",
  supernova: "supernova",
  black_hole: "black hole",
};

/** What the labels need: the view and, when known, the map. */
export interface Names {
  space: (s: number) => string;
  player: (p: number) => string;
  /** A unit the view shows (own stacks, the recruit draw, a battle), else its number. */
  unit: (u: number) => string;
  kind: (s: number) => string | null;
}

export function names(view: View, map: Map | null): Names {
  const units = new globalThis.Map<number, { kind: Chit; at: number | null; owner: number | null }>();
  for (const st of view.stacks)
    for (const u of st.units ?? []) units.set(u.id, { kind: u.kind, at: st.space, owner: st.owner });
  for (const u of view.offer) units.set(u.id, { kind: u.kind, at: null, owner: null });
  for (const [id, kind, owner] of view.battle?.units ?? []) {
    const had = units.get(id);
    units.set(id, { kind, at: had?.at ?? view.battle!.space, owner });
  }
  const space = (s: number): string => {
    const sp = map?.spaces[s];
    return sp ? `${sp.name} [${s}]` : `space [${s}]`;
  };
  const player = (p: number): string => {
    const r = view.players[p]?.race;
    return r ? RACE_NAMES[r] : `player ${p + 1}`;
  };
  const unit = (u: number): string => {
    const x = units.get(u);
    if (!x) return `unit #${u}`;
    const own = x.owner === view.viewer;
    const who = x.owner !== null && !own ? `${player(x.owner)}'s ` : "";
    const at = x.at !== null ? ` at ${space(x.at)}` : "";
    return `${who}${CHIT_NAMES[x.kind]} #${u}${at}`;
  };
  const kind = (s: number): string | null => {
    const k = map?.spaces[s]?.kind;
    return k ? (KIND_NAMES[k] ?? k) : null;
  };
  return { space, player, unit, kind };
}

function targetWords(t: Target, n: Names): string {
  switch (t.to) {
    case "none":
      return "";
    case "player":
      return ` on ${n.player(t.player)}`;
    case "stack":
      return ` on ${n.player(t.owner)}'s stack at ${n.space(t.space)}`;
    case "leader":
      return ` on a ${CHIT_NAMES[t.kind]} in ${n.player(t.owner)}'s stack at ${n.space(t.space)}`;
    case "system":
      return ` on ${n.space(t.space)}`;
    case "unit":
      return ` on ${n.unit(t.unit)}`;
    case "negate":
      return " to negate a casualty";
  }
}

/** What a Recruit or Build action costs the seat (null: not known). */
export function costOf(a: Action, view: View & { costs?: { units: Record<string, number> } | null }): number | null {
  if (a.action === "build") return MARKER_COST[a.marker];
  if (a.action !== "buy") return null;
  const c = view.costs?.units[String(a.unit)];
  return typeof c === "number" ? c : null;
}

/** One legal action in words, as its player reads it. */
export function labelAction(a: Action, n: Names, view: View & { costs?: { units: Record<string, number> } | null }): string {
  switch (a.action) {
    case "discard":
      return `Discard ${CARD_NAMES[a.card]}`;
    case "draw":
      return "Draw your cards";
    case "play": {
      const what =
        a.as_card && a.as_card !== a.card ? `${CARD_NAMES[a.card]} as ${CARD_NAMES[a.as_card]}` : CARD_NAMES[a.card];
      return `Play ${what}${targetWords(a.target, n)}`;
    }
    case "pick":
      return `Pick ${n.unit(a.unit)} to move`;
    case "unpick":
      return `Leave ${n.unit(a.unit)} behind`;
    case "move_to": {
      const k = n.kind(a.to);
      return `Move the picked units to ${n.space(a.to)}${k ? ` (${k})` : ""}`;
    }
    case "end_order":
      return "End this move order";
    case "pass":
      return "Pass";
    case "end_phase":
      return `End your ${PHASE_NAMES[view.phase]}`;
    case "declare":
      return a.stance === "attack" ? "Attack" : "Declare a diplomatic mission";
    case "casualty":
      return `Lose ${n.unit(a.unit)}`;
    case "retreat":
      return `Retreat to ${n.space(a.to)}`;
    case "buy": {
      const cost = costOf(a, view);
      return `Recruit ${n.unit(a.unit).replace(/ at .*$/, "")}${cost !== null ? ` (cost ${cost})` : ""} at ${n.space(a.at)}`;
    }
    case "build":
      return `Build a ${MARKER_NAMES[a.marker]} (cost ${MARKER_COST[a.marker]}) at ${n.space(a.at)}`;
    case "disband":
      return `Disband ${n.unit(a.unit)}`;
  }
}

/** The space an action is about, if any (to mark it on the map). */
export function spaceOf(a: Action): number | null {
  switch (a.action) {
    case "move_to":
    case "retreat":
      return a.to;
    case "buy":
    case "build":
      return a.at;
    case "play":
      return "space" in a.target ? a.target.space : null;
    default:
      return null;
  }
}

/** How the game ended, in a sentence (the view's outcome). */
export function outcomeWords(o: Outcome, n: Names): string {
  switch (o.outcome) {
    case "conquest":
      return `${n.player(o.winner)} wins by conquest.`;
    case "last_standing":
      return `${n.player(o.winner)} wins: every other empire is gone.`;
    case "turn_limit":
      return o.leader === null
        ? "The turn limit is reached with no single leader."
        : `The turn limit is reached; ${n.player(o.leader)} leads.`;
  }
}

/** A stable key for an action (its JSON with sorted keys). */
export function actionKey(a: unknown): string {
  return JSON.stringify(a, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}
