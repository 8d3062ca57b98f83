// The seat's auto-pass settings (web/src/autopass.ts decides when), kept
// per seat in the browser, and what the page passed for the player.

import { AUTO_ROUNDS, type AutoPass } from "../autopass";

export function AutoPassPanel({
  value,
  onChange,
  passed,
}: {
  value: AutoPass;
  onChange: (a: AutoPass) => void;
  /** Passes the page made for the seat so far, and the last one's change number. */
  passed: { count: number; lastSeq: number | null };
}) {
  const toggleRound = (round: string, on: boolean) =>
    onChange({ ...value, rounds: on ? [...value.rounds.filter((r) => r !== round), round] : value.rounds.filter((r) => r !== round) });
  return (
    <details class="panel autopass" data-testid="autopass" data-autopassed={passed.count}>
      <summary>
        Auto-pass{value.only || value.rounds.length ? " (on)" : ""}
        {passed.count > 0 && <span class="muted"> · passed for you {passed.count}×</span>}
      </summary>
      <label>
        <input type="checkbox" checked={value.only} onChange={(e) => onChange({ ...value, only: e.currentTarget.checked })} /> Pass for me
        when passing is my only choice
      </label>
      {AUTO_ROUNDS.map((r) => (
        <label key={r.round}>
          <input
            type="checkbox"
            data-round={r.round}
            checked={value.rounds.includes(r.round)}
            onChange={(e) => toggleRound(r.round, e.currentTarget.checked)}
          />{" "}
          {r.label}
        </label>
      ))}
      <p class="muted small-print">
        Kept in this browser for this seat. Never in the middle of a card's choice or a vote.
        {passed.lastSeq !== null && ` Last passed for you at change ${passed.lastSeq}.`}
      </p>
    </details>
  );
}
