// The protocol's envelope for a Babylon 5 Empires table (docs/protocol.md,
// "Babylon 5 Empires"): the same answers and WebSocket messages as the
// CCG's, around b5_empires' own View, Action and Event (./generated/empires,
// generated from the Rust types with ts-rs).

import type { Action, Event, Map, View } from "../generated/empires";
import type { ClockInfo, Seat, UndoRequest } from "../types";

export type * from "../generated/empires";

/**
 * A view as the server sends it. A spectator's has `viewer` 255 and an
 * empty hand. `map` is read when a server sends the map with the view; the
 * page otherwise knows the shipped maps (./maps).
 */
export type EmpiresView = View & { map?: Map | null; costs?: EmpiresCosts | null };

/**
 * What a seat's recruit draw (by unit id) and the markers cost it; the
 * server adds it to a seat's view (not a spectator's).
 */
export interface EmpiresCosts {
  units: Record<string, number>;
  markers: Record<string, number>;
}

/** GET /api/tables/{id}/state for an Empires table. */
export interface EmpiresState {
  table: string;
  seq: number;
  seat: Seat | null;
  view: EmpiresView;
  legal_actions: Action[];
  to_act: boolean;
  pending: Seat[];
  finished: boolean;
  winners: Seat[];
  clock?: ClockInfo | null;
  undo?: UndoRequest | null;
  digest?: string;
}

export interface EmpiresChange {
  type: "change";
  seq: number;
  events: Event[];
  view: EmpiresView | null;
  to_act: Seat[] | null;
  legal_actions: Action[] | null;
  finished: boolean | null;
  winners: Seat[] | null;
  log?: string[];
  clock?: ClockInfo | null;
}

export interface EmpiresSync {
  type: "sync";
  seq: number;
  view: EmpiresView;
  to_act: Seat[];
  legal_actions: Action[];
  finished: boolean;
  winners: Seat[];
  clock?: ClockInfo | null;
}

/** The spectators' viewer number. */
export const SPECTATOR = 255;
