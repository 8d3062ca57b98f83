import { describe, expect, it, vi } from "vitest";
import { Api } from "../api";
import { lastName, loadInvites, saveInvites, sitAtCreated } from "../creator";
import { loadSeat } from "../session";
import { MemKV as Mem } from "./fixtures";

const hex = (c: string) => c.repeat(64);

describe("the creator's seat", () => {
  it("takes the first human seat with its invitation and keeps the others' for the table page", async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const f = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ table: "t1", seat: 1, name: "Ana", token: hex("e") }), { status: 200 });
    });
    const kv = new Mem();
    const created = {
      table: "t1",
      seats: [
        { seat: 1, invitation: hex("a") },
        { seat: 3, invitation: hex("b") },
      ],
    };
    await expect(sitAtCreated(new Api(f), kv, created, "Ana")).resolves.toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/tables/t1/seats/1/join");
    expect((calls[0]!.init!.headers as Record<string, string>)["Authorization"]).toBe(`Bearer ${hex("a")}`);
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({ name: "Ana" });
    expect(loadSeat(kv, "t1")).toEqual({ table: "t1", seat: 1, name: "Ana", token: hex("e") });
    expect(loadInvites(kv, "t1")).toEqual([{ seat: 3, invitation: hex("b") }]);
    expect(lastName(kv)).toBe("Ana");
  });

  it("takes no seat at a table without a human seat", async () => {
    const f = vi.fn();
    await expect(sitAtCreated(new Api(f), new Mem(), { table: "t2", seats: [] }, "Ana")).resolves.toBeNull();
    expect(f).not.toHaveBeenCalled();
  });

  it("keeps a refused join as an error, and nothing of the seat", async () => {
    const f = vi.fn(async () => new Response(JSON.stringify({ status: 409, error: "this seat is already taken" }), { status: 409 }));
    const kv = new Mem();
    await expect(sitAtCreated(new Api(f), kv, { table: "t3", seats: [{ seat: 0, invitation: hex("c") }] }, "Ana")).rejects.toThrow(
      "this seat is already taken",
    );
    expect(loadSeat(kv, "t3")).toBeNull();
  });

  it("trusts only well-formed kept invitations", () => {
    const kv = new Mem();
    saveInvites(kv, "t4", [{ seat: 2, invitation: hex("d") }]);
    expect(loadInvites(kv, "t4")).toEqual([{ seat: 2, invitation: hex("d") }]);
    kv.setItem("b5.invites.t5", JSON.stringify([{ seat: 1, invitation: "short" }, { seat: "x", invitation: hex("d") }, null]));
    expect(loadInvites(kv, "t5")).toEqual([]);
    kv.setItem("b5.invites.t6", "{not json");
    expect(loadInvites(kv, "t6")).toEqual([]);
    saveInvites(kv, "t4", []);
    expect(kv.getItem("b5.invites.t4")).toBeNull();
  });
});
