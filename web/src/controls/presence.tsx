// Who plays a faction's seat: the player's name or the computer player,
// and the seat's presence (web/src/presence.ts), on every faction of the
// table for players and spectators alike.

import { presenceWords, type Presence } from "../presence";
import type { LobbySeat } from "../types";

export function SeatWho({ seat }: { seat: LobbySeat | undefined }) {
  if (!seat) return null;
  const presence = seat.presence as Presence | undefined;
  const human = seat.player === "human";
  return (
    <p class={`who presence-${presence ?? "unknown"}`} data-presence={presence} data-testid={`who-${seat.seat}`}>
      <span class="dot" aria-hidden="true" />
      {human ? (seat.name ?? "free seat") : `computer player (${seat.player})`}
      {human && presence ? ` — ${presenceWords(presence)}` : ""}
    </p>
  );
}
