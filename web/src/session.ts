// Seat tokens kept in localStorage, so that a reload reconnects to the seat.

export interface SeatToken {
  table: string;
  seat: number;
  name: string;
  token: string;
}

export interface KV {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

const key = (table: string) => `b5.seat.${table}`;

export function saveSeat(kv: KV, s: SeatToken): void {
  kv.setItem(key(s.table), JSON.stringify(s));
}

export function loadSeat(kv: KV, table: string): SeatToken | null {
  const raw = kv.getItem(key(table));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SeatToken>;
    if (
      v.table === table &&
      typeof v.seat === "number" &&
      typeof v.token === "string" &&
      /^[0-9a-f]{64}$/.test(v.token)
    ) {
      return { table, seat: v.seat, name: String(v.name ?? ""), token: v.token };
    }
  } catch {
    /* a damaged entry is dropped below */
  }
  kv.removeItem(key(table));
  return null;
}

export function forgetSeat(kv: KV, table: string): void {
  kv.removeItem(key(table));
}
