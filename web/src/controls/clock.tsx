// The move clock of a table, on the CCG's page and an Empires table's
// alike: counting down for the seats to act.

import { useEffect, useState } from "preact/hooks";
import { clockLeft, formatClock, type Clock } from "../store";

/** What the clock reads of a table page's state. */
export interface ClockState {
  clock: Clock | null;
  finished: boolean;
  seat: number | null;
  toAct: number[];
}

/**
 * The move clock counting down for the seats to act (a tick every quarter
 * second); nothing for a table without one. While no clock runs it shows
 * the time per move after `idle`.
 */
export function MoveClock({ s, player, idle }: { s: ClockState; player: (seat: number) => string; idle: string }) {
  const [now, setNow] = useState(() => Date.now());
  const running = s.clock !== null && s.clock.leftMs !== null && !s.finished;
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [running]);
  if (!s.clock) return null;
  const left = s.finished ? null : clockLeft(s.clock, now);
  const per = formatClock(s.clock.ms);
  if (left === null) {
    return (
      <span class="clock" data-testid="clock" title={`${per} per move`}>
        {idle}
        {per} per move
      </span>
    );
  }
  const mine = s.seat !== null && s.toAct.includes(s.seat);
  const who = s.toAct.map((p) => (p === s.seat ? "you" : player(p))).join(", ");
  const low = left <= Math.min(10000, s.clock.ms / 4);
  return (
    <span
      class={`clock running ${mine ? "mine" : ""} ${low ? "low" : ""}`}
      role="timer"
      data-testid="clock"
      data-left-ms={Math.round(left)}
      aria-label={`Move clock: ${formatClock(left)} left for ${who || "nobody"} (${per} per move)`}
    >
      <span class="clock-time">{formatClock(left)}</span> {who ? `· ${who}` : ""}
    </span>
  );
}
