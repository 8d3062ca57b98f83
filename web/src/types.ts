// The protocol's types (docs/protocol.md, version 1) and the parts of the
// engine's PlayerView the page reads. Written by hand from the Rust types
// (crates/engine/src/view.rs, crates/present/src/menu.rs,
// crates/server/src/http.rs); not generated yet (see web/README.md).

export type Seat = number;
export type CardId = number;

/** An element of legal_actions: the engine's Action, sent back as given. */
export interface Action {
  do: string;
  [field: string]: unknown;
}

export type Target =
  | "None"
  | { Player: Seat }
  | { Race: string }
  | { Card: CardId }
  | { Conflict: number };

export interface CardView {
  id: CardId;
  def: number;
  name: string;
  card_type: string;
  race: string;
  cost: number | null;
  rotated: boolean;
  neutralized: boolean;
  damage: number;
  severe: number;
  /** Diplomacy, Intrigue, Psi, Leadership, Military. */
  abilities: number[];
  marks: number[];
  controller: Seat | null;
  attached: CardView[];
  own_contingencies: CardView[];
  hidden_contingencies: number;
  leading: CardId | null;
}

export type AgendaView =
  | "None"
  | { Hidden: CardView | null }
  | { Revealed: CardView };

export interface PlayerPublic {
  seat: Seat;
  name: string;
  race: string;
  faction: string;
  influence: number;
  spent: number;
  unspent: number;
  extra: number;
  power: number;
  raw_power: number;
  unrest: number;
  tension: number[];
  at_war: Seat[];
  eliminated: boolean;
  victory: string;
  hand_size: number;
  deck_size: number;
  crusade_size: number;
  discard: CardView[];
  removed: CardView[];
  inner_circle: CardView[];
  supporting: CardView[];
  agenda: AgendaView;
  faction_cards: CardView[];
  marks: number[];
}

export interface ParticipantView {
  card: CardId;
  name: string;
  role: string;
  side: Seat | null;
  ability: string;
  value: number;
}

export interface ConflictView {
  id: number;
  initiator: Seat;
  face_down: boolean;
  war: boolean;
  name: string | null;
  card: CardView | null;
  kind: string | null;
  target: string | null;
  unopposable: boolean;
  support: number;
  opposition: number;
  sides: number[];
  participants: ParticipantView[];
  outcome: string;
}

export interface PlayerView {
  viewer: Seat | null;
  turn: number;
  round: string;
  waiting_for: string;
  pending: Seat[];
  babylon5: number;
  shadows: number;
  vorlons: number;
  shadow_war: boolean;
  initiative: Seat[];
  players: PlayerPublic[];
  hand: CardView[];
  conflicts: ConflictView[];
  globals: CardView[];
  winners: Seat[];
}

// b5_present::Menu, as serde writes it.
export type GroupKind =
  | { kind: "card"; card: CardId }
  | { kind: "pass" }
  | { kind: "build" }
  | { kind: "buy" }
  | { kind: "agenda" }
  | { kind: "war" }
  | { kind: "mulligan" }
  | { kind: "other" };

export interface Choice {
  action: Action;
  label: string;
  cost: number;
}

export interface Group {
  kind: GroupKind;
  handle: string;
  title: string;
  copies: number;
  choices: Choice[];
}

export interface Menu {
  groups: Group[];
}

export interface UndoRequest {
  by: Seat;
  target: number;
  seq: number;
  waiting: Seat[];
}

/** GET /api/tables/{id}/state */
export interface StateResponse {
  table: string;
  seq: number;
  seat: Seat | null;
  view: PlayerView;
  legal_actions: Action[];
  to_act: boolean;
  pending: Seat[];
  finished: boolean;
  winners: Seat[];
  undo?: UndoRequest | null;
  digest?: string;
  menu?: Menu | null;
}

export interface LobbySeat {
  seat: Seat;
  player: string;
  label: string;
  name: string | null;
  taken: boolean;
  away: boolean;
}

export interface LobbyTable {
  table: string;
  game: string;
  seats: LobbySeat[];
  free_seats: number;
  turn: number;
  seq: number;
  finished: boolean;
  spectators: boolean;
}

export type DeckChoice = string | { list: string };

export interface SeatRequest {
  player: string;
  deck: DeckChoice;
}

export interface CreateRequest {
  seats: SeatRequest[];
  options?: { turn_limit?: number };
  spectators?: boolean;
}

export interface CreateResponse {
  table: string;
  seats: { seat: Seat; invitation: string }[];
}

export interface Problem {
  seat: Seat;
  line?: number | null;
  field?: string;
  message: string;
}

export interface JoinResponse {
  table: string;
  seat: Seat;
  name: string;
  token: string;
}

export interface ChatLine {
  n: number;
  seat: Seat;
  name: string;
  text: string;
  at: number;
}

export interface GameEvent {
  event: string;
  [field: string]: unknown;
}

// WebSocket messages from the server.
export interface WelcomeMsg {
  type: "welcome";
  table: string;
  seat: Seat | null;
  seq: number;
}
export interface ChangeMsg {
  type: "change";
  seq: number;
  events: GameEvent[];
  view: PlayerView | null;
  to_act: Seat[] | null;
  legal_actions: Action[] | null;
  finished: boolean | null;
  winners: Seat[] | null;
  menu?: Menu | null;
  /** The events as sentences, when the server sends them (not in protocol 1 yet). */
  log?: string[];
}
export interface SyncMsg {
  type: "sync";
  seq: number;
  view: PlayerView;
  to_act: Seat[];
  legal_actions: Action[];
  finished: boolean;
  winners: Seat[];
  menu?: Menu | null;
}
export interface AckMsg {
  type: "ack";
  id: unknown;
  seq: number;
}
export interface ErrorMsg {
  type: "error";
  id?: unknown;
  status: number;
  error: string;
  rule?: string | null;
  seq?: number;
}
export interface ChatMsg extends ChatLine {
  type: "chat";
}
export interface UndoMsg {
  type: "undo";
  state: string;
  request?: UndoRequest;
  [field: string]: unknown;
}
export interface PongMsg {
  type: "pong";
}
export type ServerMsg =
  | WelcomeMsg
  | ChangeMsg
  | SyncMsg
  | AckMsg
  | ErrorMsg
  | ChatMsg
  | UndoMsg
  | PongMsg;

/** A refused request: the protocol's JSON error. */
export interface ApiErrorBody {
  status: number;
  error: string;
  rule?: string | null;
  seq?: number;
  problems?: Problem[];
}
