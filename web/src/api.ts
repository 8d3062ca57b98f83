// The protocol client: HTTP commands (fetch) and the table's WebSocket.
// Both take their transport as a parameter so the tests can fake them.

import type {
  AckMsg,
  Action,
  Advice,
  GameChart,
  ReplayResponse,
  ApiErrorBody,
  CardsResponse,
  ChangeMsg,
  ChatLine,
  CreateRequest,
  CreateResponse,
  DeckCheckResult,
  ErrorMsg,
  JoinResponse,
  LobbyTable,
  PlayerView,
  ServerMsg,
  StateResponse,
  SyncMsg,
  WhyResponse,
} from "./types";
import type { ServerDeck } from "./decks";
import type { CardCheckResult } from "./cardfile";
import type { Action as EmpiresAction } from "./generated/empires";
import { applyPatch, type PatchOp } from "./patch";

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

/** A refused request, with the protocol's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  constructor(body: ApiErrorBody) {
    super(body.error);
    this.status = body.status;
    this.body = body;
  }
}

export class Api {
  private readonly fetchFn: FetchFn;
  private readonly base: string;
  constructor(fetchFn: FetchFn = (i, o) => fetch(i, o), base = "") {
    this.fetchFn = fetchFn;
    this.base = base;
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    token?: string | null,
  ): Promise<T> {
    const text = await this.raw(method, path, body, token);
    if (!text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null as T;
    }
  }

  /** The answer's text (an error answer becomes an ApiError). */
  private async raw(method: string, path: string, body?: unknown, token?: string | null): Promise<string> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers["Authorization"] = `Bearer ${token}`;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    let res: Response;
    try {
      res = await this.fetchFn(this.base + path, init);
    } catch (e) {
      throw new ApiError({ status: 0, error: `the server cannot be reached (${String(e)})` });
    }
    const text = await res.text();
    if (!res.ok) {
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      const b = (json ?? {}) as Partial<ApiErrorBody>;
      throw new ApiError({
        ...b,
        status: res.status,
        error: typeof b.error === "string" ? b.error : `HTTP ${res.status}`,
      });
    }
    return text;
  }

  /** The lobby; with `after` (its last `news`), answered when the lobby changes from it (or after 20 s). */
  lobby(after: number | null = null): Promise<{ tables: LobbyTable[]; news?: number }> {
    return this.call("GET", `/api/tables${after === null ? "" : `?after=${after}`}`);
  }
  /** One table's lobby entry (its game, its seats). */
  tableInfo(table: string): Promise<LobbyTable> {
    return this.call("GET", `/api/tables/${enc(table)}`);
  }
  /** Why familiar actions are not among the seat's legal actions now. */
  why(table: string, token: string): Promise<WhyResponse> {
    return this.call("GET", `/api/tables/${enc(table)}/why`, undefined, token);
  }
  info(): Promise<{
    protocol: number;
    games: string[];
    bots: string[];
    card_packs?: boolean;
    sandboxes?: { max: number; idle_minutes: number };
    /** The shipped decks of the Babylon 5 CCG (servers before this field: absent). */
    decks?: ServerDeck[];
  }> {
    return this.call("GET", "/api");
  }
  create(req: CreateRequest): Promise<CreateResponse> {
    return this.call("POST", "/api/tables", req);
  }
  /** Takes a seat with its invitation, or an open seat with none (null). */
  join(table: string, seat: number, invitation: string | null, name: string): Promise<JoinResponse> {
    return this.call("POST", `/api/tables/${enc(table)}/seats/${seat}/join`, { name }, invitation);
  }
  state(table: string, token: string | null): Promise<StateResponse> {
    return this.call("GET", `/api/tables/${enc(table)}/state`, undefined, token);
  }
  act(table: string, token: string, seq: number, action: Action | EmpiresAction): Promise<{ seq: number }> {
    return this.call("POST", `/api/tables/${enc(table)}/actions`, { seq, action }, token);
  }
  away(table: string, seat: number, token: string, away: boolean): Promise<unknown> {
    return this.call("POST", `/api/tables/${enc(table)}/seats/${seat}/away`, { away }, token);
  }
  chat(table: string, token: string | null): Promise<{ count: number; chat: ChatLine[] }> {
    return this.call("GET", `/api/tables/${enc(table)}/chat`, undefined, token);
  }
  say(table: string, token: string, text: string): Promise<{ n: number }> {
    return this.call("POST", `/api/tables/${enc(table)}/chat`, { text }, token);
  }
  askUndo(table: string, token: string, seq: number): Promise<unknown> {
    return this.call("POST", `/api/tables/${enc(table)}/undo`, { seq }, token);
  }
  answerUndo(table: string, token: string, seq: number, accept: boolean): Promise<unknown> {
    return this.call("POST", `/api/tables/${enc(table)}/undo/answer`, { seq, accept }, token);
  }
  /** Every card's full text (the card database is public). */
  cards(game?: string): Promise<CardsResponse> {
    return this.call("GET", game ? `/api/cards?game=${enc(game)}` : "/api/cards");
  }
  /** Checks a pasted deck list against the construction rules, without creating anything. */
  checkDeck(list: string, pack?: string): Promise<DeckCheckResult> {
    return this.call("POST", "/api/decks/check", pack ? { list, pack } : { list });
  }
  /** The server's card packs (`b5 serve --card-packs DIR`; `enabled` false without it). */
  packs(): Promise<PacksResponse> {
    return this.call("GET", "/api/packs");
  }
  /** Offers a card file as a card pack that tables on this server may use; kept on the server. */
  offerPack(name: string, file: string): Promise<CardPack> {
    return this.call("POST", "/api/packs", { name, file });
  }
  /** Checks a card file as it is written (the Cards page); the server keeps nothing of it. */
  checkCards(text: string): Promise<CardCheckResult> {
    return this.call("POST", "/api/cards/check", { text });
  }
  /**
   * A sandbox to try one card of the card file `file` against a computer
   * player: the player is seated at once (the answer holds his token). The
   * server keeps nothing of it on disk.
   */
  tryCard(file: string, card: string): Promise<TryResponse> {
    return this.call("POST", "/api/cards/try", { file, card });
  }
  /** A finished game's save file (`b5 replay` reads it), as the server's text. */
  save(table: string, token: string | null): Promise<string> {
    return this.raw("GET", `/api/tables/${enc(table)}/save`, undefined, token);
  }
  /** The position after `at` actions (now when null), as the token's seat (or a spectator) saw it; with every action's log when `steps`. */
  replay(table: string, token: string | null, at: number | null, steps: boolean): Promise<ReplayResponse> {
    const q = [at === null ? "" : `at=${at}`, steps ? "steps=true" : ""].filter(Boolean).join("&");
    return this.call("GET", `/api/tables/${enc(table)}/replay${q ? `?${q}` : ""}`, undefined, token);
  }
  /** A finished game's chart: each player's estimated chance to win after each turn. */
  chart(table: string, token: string | null): Promise<GameChart> {
    return this.call("GET", `/api/tables/${enc(table)}/chart`, undefined, token);
  }
  /** The computer player's suggestion for the seat whose token this is. */
  advice<A = Action>(table: string, token: string, bot = "greedy"): Promise<Advice<A>> {
    return this.call("GET", `/api/tables/${enc(table)}/advice?bot=${enc(bot)}`, undefined, token);
  }
}

function enc(s: string): string {
  return encodeURIComponent(s);
}

/** A card pack: its name, game and cards' names. */
export interface CardPack {
  name: string;
  game: string;
  cards: string[];
}

export interface PacksResponse {
  enabled: boolean;
  max: number;
  packs: CardPack[];
}

/** The answer to `tryCard`: the sandbox's table and the player's seat. */
export interface TryResponse {
  table: string;
  seat: number;
  name: string;
  token: string;
  bot: string;
}

/** The WebSocket URL of a table, from the page's own location. */
export function wsUrl(loc: { protocol: string; host: string }, table: string): string {
  const proto = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${loc.host}/api/tables/${enc(table)}/ws`;
}

/** What a table connection needs of a WebSocket (the browser's, or a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

export type ConnStatus = "connecting" | "open" | "closed";

export interface ConnectionOptions {
  url: string;
  token: string | null;
  /** The last seq the client has (null: none yet). Read at every (re)connect. */
  lastSeq: () => number | null;
  onMessage: (m: ServerMsg) => void;
  onStatus: (s: ConnStatus) => void;
  socket?: SocketFactory;
  /** Delays between reconnection attempts, in ms (the last one repeats). */
  backoff?: number[];
  setTimer?: (f: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

/**
 * A `lastSeq` for a table's connection that answers `from` when first read
 * (so that the server sends the changes since, whose sentences fill the log)
 * and `current()` at every later (re)connection.
 */
export function resumingFrom(from: number, current: () => number | null): () => number | null {
  let first = true;
  return () => {
    if (first) {
      first = false;
      return from;
    }
    return current();
  };
}

/**
 * A table's WebSocket that says hello with the token and the last seq seen,
 * and reconnects by itself (with backoff) after the connection drops.
 */
/** An action sent on the socket, waiting for its answer. */
interface Waiting {
  resolve: (r: { seq: number }) => void;
  reject: (e: ApiError) => void;
}

export class TableConnection {
  private sock: SocketLike | null = null;
  private stopped = false;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private attempt = 0;
  private timer: unknown = null;
  private readonly o: Required<Omit<ConnectionOptions, "token">> & { token: string | null };

  constructor(o: ConnectionOptions) {
    this.o = {
      socket: (url) => new WebSocket(url) as unknown as SocketLike,
      backoff: [250, 500, 1000, 2000, 4000],
      setTimer: (f, ms) => setTimeout(f, ms),
      clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
      ...o,
    };
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  private open(): void {
    this.o.onStatus("connecting");
    const s = this.o.socket(this.o.url);
    this.sock = s;
    // The last view this connection was sent: what its patches apply to.
    let view: unknown = null;
    s.onopen = () => {
      // A new connection's first view is whole; patches follow (patch.ts).
      view = null;
      const hello: Record<string, unknown> = { type: "hello" };
      if (this.o.token) hello.token = this.o.token;
      const seq = this.o.lastSeq();
      if (seq !== null) hello.seq = seq;
      hello.view_patches = true;
      s.send(JSON.stringify(hello));
    };
    s.onmessage = (ev) => {
      if (typeof ev.data !== "string") return;
      let m: ServerMsg;
      try {
        m = JSON.parse(ev.data) as ServerMsg;
      } catch {
        return;
      }
      if (m.type === "change" || m.type === "sync") {
        const c = m as (ChangeMsg | SyncMsg) & { view_patch?: PatchOp[] };
        if (c.view_patch) {
          try {
            view = applyPatch(view, c.view_patch);
          } catch {
            // A patch that does not fit the view held: start again whole.
            view = null;
            s.close();
            return;
          }
          delete c.view_patch;
          c.view = view as PlayerView;
        } else if (c.view) {
          view = c.view;
        }
      }
      if (m.type === "welcome") {
        this.attempt = 0;
        this.o.onStatus("open");
      }
      if ((m.type === "ack" || m.type === "error") && typeof m.id === "number" && this.answer(m)) return;
      this.o.onMessage(m);
    };
    s.onerror = () => {
      /* onclose follows */
    };
    s.onclose = () => {
      if (this.sock !== s) return;
      this.sock = null;
      this.dropWaiting();
      this.o.onStatus("closed");
      if (this.stopped) return;
      const b = this.o.backoff;
      const delay = b[Math.min(this.attempt, b.length - 1)] ?? 1000;
      this.attempt++;
      this.timer = this.o.setTimer(() => {
        this.timer = null;
        if (!this.stopped) this.open();
      }, delay);
    };
  }

  /**
   * Sends an action on the open socket (as `POST .../actions` would, without
   * a request of its own): resolves with its acknowledgement, rejects with
   * the server's refusal as an ApiError (status 0 if the connection closed
   * before the answer: resending the same seq and action is safe). Null
   * when the socket is not open: send it over HTTP then.
   */
  act(seq: number, action: unknown): Promise<{ seq: number }> | null {
    const s = this.sock;
    if (!s || s.readyState !== 1) return null;
    const id = this.nextId++;
    s.send(JSON.stringify({ type: "action", seq, action, id }));
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  /** Answers the action a message answers; false if it answers none. */
  private answer(m: AckMsg | ErrorMsg): boolean {
    const id = m.id as number;
    const w = this.waiting.get(id);
    if (!w) return false;
    this.waiting.delete(id);
    if (m.type === "ack") w.resolve({ seq: m.seq });
    else w.reject(new ApiError(m));
    return true;
  }

  private dropWaiting(): void {
    const lost = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of lost) w.reject(new ApiError({ status: 0, error: "the connection closed before the action was answered" }));
  }

  /** Sends a message if the socket is open; false otherwise. */
  send(msg: unknown): boolean {
    const s = this.sock;
    if (!s || s.readyState !== 1) return false;
    s.send(JSON.stringify(msg));
    return true;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
    const s = this.sock;
    this.sock = null;
    this.dropWaiting();
    if (s) s.close();
  }
}
