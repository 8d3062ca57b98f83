// The creator of a table sits at once: the page takes the first human
// seat with its invitation right after the table is made, and keeps the
// other seats' invitations (the creator's to send) in this browser, where
// the table page shows them until those seats are taken.

import { Api } from "./api";
import { saveSeat, type KV } from "./session";
import type { CreateResponse } from "./types";

/** An invitation the creator still has to send. */
export interface Invite {
  seat: number;
  invitation: string;
}

const invitesKey = (table: string) => `b5.invites.${table}`;
const NAME = "b5.name";

export function saveInvites(kv: KV, table: string, invites: Invite[]): void {
  if (invites.length) kv.setItem(invitesKey(table), JSON.stringify(invites));
  else kv.removeItem(invitesKey(table));
}

export function loadInvites(kv: KV, table: string): Invite[] {
  try {
    const v = JSON.parse(kv.getItem(invitesKey(table)) ?? "[]") as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter(
      (x): x is Invite =>
        typeof x === "object" && x !== null && Number.isInteger((x as Invite).seat) && /^[0-9a-f]{64}$/.test(String((x as Invite).invitation)),
    );
  } catch {
    return [];
  }
}

/** The name this browser last sat under. */
export function lastName(kv: KV): string {
  return kv.getItem(NAME) ?? "";
}

/**
 * Takes the first human seat of a table just made, as `name`: the seat's
 * token is kept as a join would keep it, the other invitations for the
 * table page. Returns the seat taken, or null when the table has no human
 * seat.
 */
export async function sitAtCreated(api: Api, kv: KV, created: CreateResponse, name: string): Promise<number | null> {
  const [mine, ...others] = created.seats;
  if (!mine) return null;
  const r = await api.join(created.table, mine.seat, mine.invitation, name);
  saveSeat(kv, { table: r.table, seat: r.seat, name: r.name, token: r.token });
  saveInvites(kv, created.table, others);
  kv.setItem(NAME, r.name);
  return r.seat;
}
