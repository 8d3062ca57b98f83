import { TableConnection, type SocketLike } from "../api";
import type { ServerMsg } from "../types";

/** A WebSocket the tests drive by hand: what the client sent, and messages and drops on demand. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

/**
 * A table connection over fake sockets (seat token "tok", last seq 1): the
 * sockets it opened and the messages it handed on. Reconnections happen at
 * once when `reconnect` is true, else never.
 */
export function fakeConnection(reconnect: boolean) {
  const sockets: FakeSocket[] = [];
  const msgs: ServerMsg[] = [];
  const conn = new TableConnection({
    url: "ws://h/api/tables/t/ws",
    token: "tok",
    lastSeq: () => 1,
    onMessage: (m) => msgs.push(m),
    onStatus: () => undefined,
    socket: () => {
      const s = new FakeSocket("ws://h/api/tables/t/ws");
      sockets.push(s);
      return s;
    },
    setTimer: (f) => {
      if (reconnect) f();
      return 0;
    },
    clearTimer: () => undefined,
  });
  conn.start();
  return { conn, sockets, msgs };
}
