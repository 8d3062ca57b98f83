// Who plays each seat, and the log lines the table's notices about seats
// make (a seat taken, a player's page or terminal opened or closed, a seat
// handed to the computer player and taken back). What a seat's presence is
// comes from the server (the lobby's entry and its notices).

import type { LobbySeat } from "./types";

/** A seat's presence as the server says it (`presence` in the lobby). */
export type Presence = "computer" | "free" | "away" | "connected" | "disconnected";

/** "Ben (Minbari)", "the computer (greedy) (Centauri)", "Seat 3"; `name` when the notice says it. */
export function seatWho(seat: LobbySeat | undefined, n: number, race?: string, name?: string): string {
  const who = name ?? (!seat ? `Seat ${n + 1}` : seat.player !== "human" ? `the computer (${seat.player})` : (seat.name ?? `Seat ${n + 1}`));
  return race ? `${who} (${race})` : who;
}

/** What a seat's presence says on the table. */
export function presenceWords(p: Presence | undefined): string {
  switch (p) {
    case "connected":
      return "at the table";
    case "disconnected":
      return "disconnected";
    case "away":
      return "away: the computer plays the seat";
    case "free":
      return "waiting for its player";
    default:
      return "";
  }
}

/** A seat's notice as a log line, or null for a notice that is not about a seat. */
export function noticeLine(
  m: { type: string; seat?: number; name?: string | null; presence?: string; away?: boolean; reason?: string },
  whoIs: (seat: number, name?: string) => string,
): string | null {
  if (typeof m.seat !== "number") return null;
  // The notice's own name first: the lobby may not have it yet.
  const who = (seat: number) => whoIs(seat, m.name ?? undefined);
  switch (m.type) {
    case "joined":
      return `${m.name ?? who(m.seat)} takes seat ${m.seat + 1}.`;
    case "presence":
      return m.presence === "connected" ? `${who(m.seat)} is at the table.` : m.presence === "disconnected" ? `${who(m.seat)} left the table (disconnected).` : null;
    case "away":
      if (m.away) {
        return m.reason === "clock"
          ? `${who(m.seat)}'s move clock ran out: the computer player plays the seat.`
          : `${who(m.seat)} hands the seat to the computer player.`;
      }
      return `${who(m.seat)} is back and plays the seat again.`;
    default:
      return null;
  }
}
