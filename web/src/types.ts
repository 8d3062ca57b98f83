// The protocol's types (docs/protocol.md, version 1). The game's own JSON
// (the engine's PlayerView, Action and Event, b5-present's Menu) is typed by
// ./generated, generated from the Rust types with ts-rs and checked against
// them by crates/web/tests/generated_types.rs; the envelope around it (the
// server's answers and WebSocket messages) is written here.

import type {
  Action,
  Event,
  Menu,
  PlayerView as EngineView,
} from "./generated";

export type * from "./generated";

export type Seat = number;

/**
 * A view as the server sends it: the engine's PlayerView, with `viewer`
 * null for a spectator, and for a seat with a choice its `menu` (the
 * choices grouped by card, b5-present's Menu).
 */
export type PlayerView = Omit<EngineView, "viewer"> & {
  viewer: Seat | null;
  menu?: Menu | null;
};

/** An undo the players agreed to: a change's only event (the server's, not the engine's). */
export interface UndoEvent {
  event: "undo";
  by: Seat;
  undone_from: number;
}

/** What a change's `events` holds: the engine's events as this viewer may see them. */
export type GameEvent = Event | UndoEvent;

/** A move clock's state (tables created with `clock_ms`). */
export interface ClockInfo {
  /** The clock per move. */
  ms: number;
  /** What is left for the seats to act now (null: nobody's clock runs). */
  left_ms: number | null;
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
  clock?: ClockInfo | null;
  /** Why the table ended before its game did (an unjoined table expired, an abandoned one ended). */
  ended?: Ended | null;
  /** A sandbox (`POST /api/cards/try`): a card tried against a computer player, never stored. */
  sandbox?: boolean;
}

/** Why a table ended before its game did. */
export interface Ended {
  reason: "expired" | "abandoned";
  message: string;
}

export interface LobbySeat {
  seat: Seat;
  player: string;
  label: string;
  name: string | null;
  taken: boolean;
  away: boolean;
  /** "computer", "free", "away", "connected" or "disconnected" (newer servers). */
  presence?: string;
}

export interface LobbyTable {
  table: string;
  game: string;
  seats: LobbySeat[];
  free_seats: number;
  turn: number;
  seq: number;
  finished: boolean;
  ended?: Ended | null;
  spectators: boolean;
  /** Anyone may take a free human seat, without an invitation (newer servers). */
  open_seats?: boolean;
  /** The card pack the table plays with (`GET /api/packs`), if any. */
  pack?: string | null;
}

export type DeckChoice = string | { list: string };

export interface SeatRequest {
  player: string;
  deck: DeckChoice;
}

/** A seat of an Empires table: a race instead of a deck. */
export interface EmpiresSeatRequest {
  player: string;
  race: string;
}

export interface CreateRequest {
  /** The game (`GET /api` lists them); the server's first, the CCG, by default. */
  game?: string;
  seats: SeatRequest[] | EmpiresSeatRequest[];
  /** `map`: Empires' map ("generated", "the-divide", "four-crowns"); `pack`: a card pack's name (`GET /api/packs`). */
  options?: { turn_limit?: number; map?: string; pack?: string };
  spectators?: boolean;
  /** A move clock, in milliseconds (100 to 86,400,000). */
  clock_ms?: number;
  /** Anyone may take a free human seat from the lobby (else invitation links only). */
  open_seats?: boolean;
  /** The computer players' pause before each action, in ms (0 to 10,000; absent: the server's). */
  bot_delay_ms?: number;
}

export interface CreateResponse {
  table: string;
  seats: { seat: Seat; invitation: string }[];
}

export interface Problem {
  /** The seat concerned (null: the request as a whole, or a checked list). */
  seat: Seat | null;
  line?: number | null;
  field?: string | null;
  message: string;
}

/** POST /api/decks/check */
export interface DeckCheckResult {
  ok: boolean;
  race: string | null;
  cards: number;
  problems: Problem[];
}

/** GET /api/cards: every card's full text, as `b5 cards NAME` prints it. */
export interface CardsResponse {
  cards: { name: string; text: string }[];
}

/** GET /api/tables/{id}/advice: the computer player's suggestion for the seat. */
/**
 * A finished game's chart (`GET /api/tables/{id}/chart`): every seat's
 * estimated chance to win (0 to 1) at the start and after each turn, as the
 * search player saw it from the seat deciding next.
 */
export interface GameChart {
  turns: { turn: number; chances: number[] }[];
}

export interface Advice<A = Action> {
  seq: number;
  /** One of the seat's legal_actions at `seq`. */
  action: A;
  /** The choice's label in the menu. */
  label: string;
  /**
   * A searching player's best choices (at most three, best first), each
   * with its estimated chance to win, 0 to 1.
   */
  top?: { action: A; label: string | null; chance: number }[];
}

/** GET /api/tables/{id}/why: why familiar actions are not on offer now. */
export interface WhyResponse {
  seq: number;
  why: { action: string; actions: string[]; reason: string; rule: string | null }[];
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
  /** The events as sentences for this viewer, written by the engine (as `b5 play` prints them). */
  log?: string[];
  clock?: ClockInfo | null;
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
  clock?: ClockInfo | null;
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
export interface EndedMsg extends Ended {
  type: "ended";
}
export interface AwayMsg {
  type: "away";
  seat: Seat;
  away: boolean;
  reason: string;
}
/** A human seat was taken (its player's name). */
export interface JoinedMsg {
  type: "joined";
  seat: Seat;
  name: string;
}
/** A seat's player opened the table (their first page or terminal) or closed it (their last). */
export interface PresenceMsg {
  type: "presence";
  seat: Seat;
  presence: "connected" | "disconnected" | "away";
  name: string | null;
}
export type ServerMsg =
  | PresenceMsg
  | JoinedMsg
  | WelcomeMsg
  | ChangeMsg
  | SyncMsg
  | AckMsg
  | ErrorMsg
  | ChatMsg
  | UndoMsg
  | AwayMsg
  | EndedMsg
  | PongMsg;

/** A refused request: the protocol's JSON error. */
export interface ApiErrorBody {
  status: number;
  error: string;
  rule?: string | null;
  seq?: number;
  problems?: Problem[];
}

/** One action of a replayed game, as its asker may read it. */
export interface ReplayStep {
  seat: number;
  /** The turn after the action. */
  turn: number;
  /** The game's sentences (Babylon 5 CCG). */
  log?: string[];
  /** The events, for a game that writes no sentences (Babylon 5 Empires). */
  events?: unknown[];
}

/** `GET /api/tables/{id}/replay`: a position of the game as the asker saw it then. */
export interface ReplayResponse {
  table: string;
  game: string;
  seat: number | null;
  /** Actions in effect replayed (0: the set-up). */
  at: number;
  total: number;
  turn: number;
  finished: boolean;
  winners: number[];
  view: unknown;
  /** With `steps`: the turn at the set-up. */
  first_turn?: number;
  steps?: ReplayStep[];
}
