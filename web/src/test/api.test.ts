import { describe, expect, it, vi } from "vitest";
import { Api, ApiError, TableConnection, wsUrl } from "../api";
import { FakeSocket } from "./fake-socket";
import type { Action, ServerMsg } from "../types";

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? "" : JSON.stringify(body), { status });
  });
  return { f, calls };
}

describe("the HTTP client", () => {
  it("sends an action with the token and the seq, as given", async () => {
    const { f, calls } = fakeFetch(200, { seq: 8 });
    const api = new Api(f);
    const action: Action = { do: "declare", card: 2, target: { Player: 1 } };
    await expect(api.act("t 1", "tok", 7, action)).resolves.toEqual({ seq: 8 });
    expect(calls[0]!.url).toBe("/api/tables/t%201/actions");
    expect(calls[0]!.init!.method).toBe("POST");
    expect((calls[0]!.init!.headers as Record<string, string>)["Authorization"]).toBe("Bearer tok");
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({ seq: 7, action });
  });

  it("asks for the spectators' view without a token", async () => {
    const { f, calls } = fakeFetch(200, { seq: 0 });
    await new Api(f).state("t1", null);
    expect((calls[0]!.init!.headers as Record<string, string>)["Authorization"]).toBeUndefined();
    expect(calls[0]!.init!.method).toBe("GET");
  });

  it("turns a refusal into an ApiError with the message and the rule", async () => {
    const body = { status: 409, error: "Narn cannot act now: waiting for Minbari", rule: "Engine Rules v1.2: Game Sequence" };
    const { f } = fakeFetch(409, body);
    const e = await new Api(f).act("t1", "tok", 1, { do: "pass" }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(409);
    expect((e as ApiError).message).toBe(body.error);
    expect((e as ApiError).body.rule).toBe(body.rule);
  });

  it("keeps a deck check's problems", async () => {
    const problems = [{ seat: 0, line: 3, field: "card", message: 'unknown card "Nobody"' }];
    const { f } = fakeFetch(400, { status: 400, error: "seat 0: line 3", problems });
    const e = (await new Api(f).create({ seats: [] }).catch((x: unknown) => x)) as ApiError;
    expect(e.body.problems).toEqual(problems);
  });

  it("reports a server that cannot be reached as status 0", async () => {
    const api = new Api(async () => {
      throw new TypeError("Failed to fetch");
    });
    const e = (await api.lobby().catch((x: unknown) => x)) as ApiError;
    expect(e.status).toBe(0);
  });

  it("builds the WebSocket address from the page's", () => {
    expect(wsUrl({ protocol: "https:", host: "x:1" }, "t1")).toBe("wss://x:1/api/tables/t1/ws");
    expect(wsUrl({ protocol: "http:", host: "x" }, "t1")).toBe("ws://x/api/tables/t1/ws");
  });
});

function harness(token: string | null, seq: () => number | null) {
  const sockets: FakeSocket[] = [];
  const timers: { f: () => void; ms: number }[] = [];
  const msgs: ServerMsg[] = [];
  const statuses: string[] = [];
  const conn = new TableConnection({
    url: "ws://h/api/tables/t1/ws",
    token,
    lastSeq: seq,
    onMessage: (m) => msgs.push(m),
    onStatus: (s) => statuses.push(s),
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    backoff: [10, 20],
    setTimer: (f, ms) => {
      timers.push({ f, ms });
      return timers.length;
    },
    clearTimer: () => undefined,
  });
  return { conn, sockets, timers, msgs, statuses };
}

describe("the table's WebSocket", () => {
  it("says hello with the token and the last seq, then passes messages on", () => {
    const h = harness("tok", () => 5);
    h.conn.start();
    h.sockets[0]!.open();
    expect(JSON.parse(h.sockets[0]!.sent[0]!)).toEqual({ type: "hello", token: "tok", seq: 5, view_patches: true });
    h.sockets[0]!.receive({ type: "welcome", table: "t1", seat: 0, seq: 6 });
    h.sockets[0]!.receive({ type: "change", seq: 6, events: [], view: null });
    h.sockets[0]!.onmessage?.({ data: "not json" });
    expect(h.msgs.map((m) => m.type)).toEqual(["welcome", "change"]);
    expect(h.statuses).toEqual(["connecting", "open"]);
  });

  it("says hello as a spectator without token or seq", () => {
    const h = harness(null, () => null);
    h.conn.start();
    h.sockets[0]!.open();
    expect(JSON.parse(h.sockets[0]!.sent[0]!)).toEqual({ type: "hello", view_patches: true });
  });

  it("reconnects after a drop with backoff, resending the last seq seen", () => {
    let seq = 5;
    const h = harness("tok", () => seq);
    h.conn.start();
    h.sockets[0]!.open();
    seq = 9;
    h.sockets[0]!.drop();
    expect(h.statuses.at(-1)).toBe("closed");
    expect(h.timers.map((t) => t.ms)).toEqual([10]);
    h.timers[0]!.f();
    expect(h.sockets).toHaveLength(2);
    h.sockets[1]!.drop(); // fails again: a longer wait
    expect(h.timers.map((t) => t.ms)).toEqual([10, 20]);
    h.timers[1]!.f();
    h.sockets[2]!.open();
    expect(JSON.parse(h.sockets[2]!.sent[0]!)).toEqual({ type: "hello", token: "tok", seq: 9, view_patches: true });
    h.sockets[2]!.receive({ type: "welcome", table: "t1", seat: 0, seq: 9 });
    h.sockets[2]!.drop(); // after a welcome, the first delay again
    expect(h.timers.at(-1)!.ms).toBe(10);
  });

  it("stops for good when asked", () => {
    const h = harness("tok", () => 1);
    h.conn.start();
    h.sockets[0]!.open();
    h.conn.stop();
    expect(h.sockets[0]!.closed).toBe(true);
    h.sockets[0]!.drop();
    expect(h.timers).toHaveLength(0);
    expect(h.conn.send({ type: "ping" })).toBe(false);
  });
});
