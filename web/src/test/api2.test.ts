import { describe, expect, it, vi } from "vitest";
import { Api, ApiError, resumingFrom } from "../api";

function fakeFetch(status: number, text: string) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(text, { status });
  });
  return { f, calls };
}

const headers = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

describe("the HTTP client's newer endpoints", () => {
  it("fetches the card texts", async () => {
    const body = { cards: [{ name: "Aide Da'Mirra", text: "Aide Da'Mirra (OS-012)\n  narn character" }] };
    const { f, calls } = fakeFetch(200, JSON.stringify(body));
    await expect(new Api(f).cards()).resolves.toEqual(body);
    expect(calls[0]!.url).toBe("/api/cards");
    expect(calls[0]!.init!.method).toBe("GET");
  });

  it("checks a deck list, sending it as given", async () => {
    const answer = { ok: false, race: null, cards: 0, problems: [{ seat: null, line: 2, field: "race", message: "unknown race" }] };
    const { f, calls } = fakeFetch(200, JSON.stringify(answer));
    const list = "name: X\nrace: klingon\n";
    await expect(new Api(f).checkDeck(list)).resolves.toEqual(answer);
    expect(calls[0]!.url).toBe("/api/decks/check");
    expect(calls[0]!.init!.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({ list });
  });

  it("reads a save file as the server's own text, with the seat's token or none", async () => {
    const file = '{\n  "version": 1,\n  "seed": 7\n}\n';
    const { f, calls } = fakeFetch(200, file);
    const api = new Api(f);
    await expect(api.save("t1", "tok")).resolves.toBe(file);
    expect(calls[0]!.url).toBe("/api/tables/t1/save");
    expect(headers(calls[0]!.init)["Authorization"]).toBe("Bearer tok");
    await api.save("t1", null);
    expect(headers(calls[1]!.init)["Authorization"]).toBeUndefined();
  });

  it("refuses a save while the game is played (409)", async () => {
    const { f } = fakeFetch(409, JSON.stringify({ status: 409, error: "the game is not over" }));
    const e = await new Api(f).save("t1", null).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe("the game is not over");
  });

  it("asks the greedy player's advice with the seat's token", async () => {
    const advice = { seq: 12, action: { do: "pass" }, label: "pass" };
    const { f, calls } = fakeFetch(200, JSON.stringify(advice));
    await expect(new Api(f).advice("t1", "tok")).resolves.toEqual(advice);
    expect(calls[0]!.url).toBe("/api/tables/t1/advice?bot=greedy");
    expect(headers(calls[0]!.init)["Authorization"]).toBe("Bearer tok");
  });

  it("sends the move clock with a new table", async () => {
    const { f, calls } = fakeFetch(201, JSON.stringify({ table: "t9", seats: [] }));
    await new Api(f).create({ seats: [], clock_ms: 30000 });
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({ seats: [], clock_ms: 30000 });
  });
});

describe("why not, a table's game, an Empires table", () => {
  it("asks why with the seat's token and gives the engine's answers", async () => {
    const body = { seq: 14, why: [{ action: "build influence (rotating Na'Far)", actions: ["build influence (rotating Na'Far)"], reason: "your Influence Rating is 9, the most it may be", rule: "Influence Rating" }] };
    const { f, calls } = fakeFetch(200, JSON.stringify(body));
    await expect(new Api(f).why("t1", "tok")).resolves.toEqual(body);
    expect(calls[0]!.url).toBe("/api/tables/t1/why");
    expect(calls[0]!.init!.method).toBe("GET");
    expect(headers(calls[0]!.init)["Authorization"]).toBe("Bearer tok");
  });

  it("reads one table's lobby entry and Empires' cards", async () => {
    const { f, calls } = fakeFetch(200, JSON.stringify({ table: "t1", game: "empires", seats: [] }));
    const api = new Api(f);
    await expect(api.tableInfo("t1")).resolves.toMatchObject({ game: "empires" });
    expect(calls[0]!.url).toBe("/api/tables/t1");
    await api.cards("empires");
    expect(calls[1]!.url).toBe("/api/cards?game=empires");
  });

  it("creates an Empires table with races, a map and a turn limit", async () => {
    const { f, calls } = fakeFetch(201, JSON.stringify({ table: "t9", seats: [{ seat: 0, invitation: "ab" }] }));
    const req = {
      game: "empires",
      seats: [
        { player: "human", race: "narn" },
        { player: "greedy", race: "earthforce" },
      ],
      options: { map: "the-divide", turn_limit: 60 },
    };
    await expect(new Api(f).create(req)).resolves.toMatchObject({ table: "t9" });
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual(req);
  });
});

describe("a table connection's last seq", () => {
  it("is the given start once, then the page's seq", () => {
    let seq: number | null = 7;
    const lastSeq = resumingFrom(3, () => seq);
    expect(lastSeq()).toBe(3);
    expect(lastSeq()).toBe(7);
    seq = 9;
    expect(lastSeq()).toBe(9);
  });
});
