import { describe, expect, it } from "vitest";
import { ApiError } from "../api";
import { fakeConnection } from "./fake-socket";

function connect(open = true) {
  // Reconnections wait: the tests look at the socket that dropped.
  const c = fakeConnection(false);
  if (open) c.sockets[0]!.open();
  return c;
}

const pass = { Pass: null };

describe("actions on the table's WebSocket", () => {
  it("are sent with an id and answered by their acknowledgement", async () => {
    const { conn, sockets, msgs } = connect();
    const p = conn.act(4, pass);
    expect(p).not.toBeNull();
    const sent = JSON.parse(sockets[0]!.sent.at(-1)!);
    expect(sent).toMatchObject({ type: "action", seq: 4, action: pass });
    expect(typeof sent.id).toBe("number");
    // Another action's answer, or one with no id, is not this one's.
    sockets[0]!.receive({ type: "ack", id: sent.id + 1, seq: 9 });
    sockets[0]!.receive({ type: "ack", id: sent.id, seq: 5 });
    await expect(p).resolves.toEqual({ seq: 5 });
    // The answer is the action's, not the page's; the stray one is handed on.
    expect(msgs).toEqual([{ type: "ack", id: sent.id + 1, seq: 9 }]);
  });

  it("are refused with the server's error, as over HTTP", async () => {
    const { conn, sockets } = connect();
    const p = conn.act(4, pass)!;
    const id = JSON.parse(sockets[0]!.sent.at(-1)!).id;
    sockets[0]!.receive({ type: "error", id, status: 409, error: "stale seq: the table is at seq 6", seq: 6 });
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(409);
    expect((e as ApiError).body.seq).toBe(6);
  });

  it("fail with status 0 when the connection closes before the answer, and go over HTTP while it is not open", async () => {
    const { conn, sockets } = connect();
    const p = conn.act(4, pass)!;
    sockets[0]!.drop();
    await expect(p).rejects.toMatchObject({ status: 0 });
    expect(conn.act(4, pass)).toBeNull();
    const { conn: later } = connect(false);
    expect(later.act(1, pass)).toBeNull();
    const stopped = connect();
    const q = stopped.conn.act(2, pass)!;
    stopped.conn.stop();
    await expect(q).rejects.toMatchObject({ status: 0 });
  });
});
