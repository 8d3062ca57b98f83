// On the table page of the table's creator: the join links of the human
// seats still free, to send to the other players (kept in this browser
// when the table was made; web/src/creator.ts).

import { loadInvites } from "../creator";
import { joinLink } from "../route";
import type { LobbyTable } from "../types";

export function InvitesPanel({ table, lobby }: { table: string; lobby: LobbyTable | null }) {
  const free = loadInvites(localStorage, table).filter((i) => !lobby?.seats.find((s) => s.seat === i.seat)?.taken);
  if (!free.length || lobby?.finished) return null;
  return (
    <section class="panel invites" aria-label="Invite players" data-testid="invites">
      <h2>Invite players</h2>
      <p class="muted">Send each player their seat's link (it works once):</p>
      <ul>
        {free.map((i) => {
          const href = joinLink(location.origin, table, i.seat, i.invitation);
          return (
            <li key={i.seat}>
              Seat {i.seat + 1}:{" "}
              <a class="join-link" href={href} data-seat={i.seat}>
                join link
              </a>{" "}
              <button type="button" class="small" onClick={() => void navigator.clipboard?.writeText(href)}>
                Copy<span class="sr-only"> the link of seat {i.seat + 1}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
