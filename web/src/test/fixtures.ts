import type { CardView, PlayerPublic, PlayerView, Race, StateResponse } from "../types";

export function card(id: number, name: string, extra: Partial<CardView> = {}): CardView {
  return {
    id,
    def: id,
    name,
    card_type: "character",
    race: "narn",
    cost: 2,
    rotated: false,
    neutralized: false,
    damage: 0,
    severe: 0,
    abilities: [1, 0, 0, 2, 3],
    marks: [0, 0, 0, 0, 0, 0],
    controller: 0,
    attached: [],
    own_contingencies: [],
    hidden_contingencies: 0,
    leading: null,
    chaos: 0,
    credits: 0,
    ...extra,
  };
}

export function player(seat: number, name: string, extra: Partial<PlayerPublic> = {}): PlayerPublic {
  return {
    seat,
    name,
    race: name.toLowerCase() as Race,
    faction: "babylon-project",
    influence: 4,
    spent: 0,
    unspent: 4,
    extra: 0,
    power: 5,
    raw_power: 5,
    unrest: 0,
    tension: [0, 0],
    at_war: [],
    eliminated: false,
    victory: "none",
    hand_size: 3,
    deck_size: 50,
    crusade_size: 0,
    discard: [],
    reserve_size: 0,
    removed: [],
    inner_circle: [],
    supporting: [],
    agenda: "None",
    faction_cards: [],
    marks: [0, 0, 0, 0, 0, 0],
    drakh: false,
    ...extra,
  };
}

export function view(extra: Partial<PlayerView> = {}): PlayerView {
  return {
    viewer: 0,
    turn: 1,
    round: "action",
    waiting_for: "actions in initiative order",
    pending: [0],
    babylon5: 0,
    shadows: 0,
    vorlons: 0,
    shadow_war: false,
    choice: null,
    initiative: [0, 1],
    players: [
      player(0, "Narn", { inner_circle: [card(1, "Ambassador Ka'Dhar")] }),
      player(1, "Centauri", { inner_circle: [card(40, "Ambassador Vessari", { race: "centauri", controller: 1 })] }),
    ],
    hand: [card(2, "Aide Da'Mirra"), card(3, "Answer the Oppressor", { card_type: "conflict" })],
    conflicts: [],
    globals: [],
    winners: [],
    vote: null,
    isa: { exists: false, founder: null, members: [] },
    reserve: [],
    ...extra,
  };
}

export function state(seq: number, extra: Partial<StateResponse> = {}): StateResponse {
  const v = view();
  return {
    table: "t1",
    seq,
    seat: 0,
    view: v,
    legal_actions: [{ do: "pass" }],
    to_act: true,
    pending: [0],
    finished: false,
    winners: [],
    undo: null,
    ...extra,
  };
}

/** localStorage as a map (what session.ts, autopass.ts and creator.ts keep). */
export class MemKV {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}
