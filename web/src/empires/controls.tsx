// The table manners of an Empires table, as the CCG's page has them and
// with the same protocol (docs/protocol.md): handing the seat to the
// computer and taking it back ("away"), asking for an undo and answering
// one, the chat, and the move clock.

import { useEffect, useState } from "preact/hooks";
import type { Api } from "../api";
import { clockLeft, formatClock } from "../store";
import type { LobbyTable } from "../types";
import type { EState } from "./store";

/** The seat's controls: away, undo (ask, withdraw, accept, refuse). */
export function SeatControls(props: {
  s: EState;
  api: Api;
  token: string | null;
  lobby: LobbyTable | null;
  reloadLobby: () => void;
  awayNotice: string | null;
  player: (seat: number) => string;
}) {
  const { s, api, token, lobby, player } = props;
  const [msg, setMsg] = useState<string | null>(null);
  if (s.seat === null || !token) return null;
  const seat = s.seat;
  const away = lobby?.seats.find((x) => x.seat === seat)?.away ?? false;
  const u = s.undo;
  const wait = (p: Promise<unknown>) =>
    p.then(
      () => {
        setMsg(null);
        props.reloadLobby();
      },
      (e: unknown) => setMsg(e instanceof Error ? e.message : String(e)),
    );
  return (
    <section class="panel manners" aria-label="Table manners" data-testid="e-manners">
      <div class="row-buttons">
        <button
          type="button"
          class="small"
          data-testid="e-away"
          disabled={s.finished}
          onClick={() => void wait(api.away(s.table, seat, token, !away))}
        >
          {away ? "Take my seat back" : "Hand my seat to the computer"}
        </button>
        <button
          type="button"
          class="small"
          data-testid="e-ask-undo"
          disabled={s.finished || s.seq === null || !!u}
          onClick={() => void wait(api.askUndo(s.table, token, s.seq ?? 0))}
        >
          Ask to undo my last action
        </button>
      </div>
      {away && <p class="muted">{props.awayNotice ?? "The computer plays your seat while you are away."}</p>}
      {u && (
        <div class="undo" role="status" data-testid="e-undo">
          {u.by === seat ? (
            <p>
              You asked to undo; waiting for {u.waiting.map(player).join(", ")}.{" "}
              <button type="button" class="small" onClick={() => void wait(api.answerUndo(s.table, token, u.seq, false))}>
                Withdraw
              </button>
            </p>
          ) : u.waiting.includes(seat) ? (
            <p>
              {player(u.by)} asks to undo their last action.{" "}
              <button type="button" class="small" onClick={() => void wait(api.answerUndo(s.table, token, u.seq, true))}>
                Accept
              </button>{" "}
              <button type="button" class="small" onClick={() => void wait(api.answerUndo(s.table, token, u.seq, false))}>
                Refuse
              </button>
            </p>
          ) : (
            <p>An undo is asked; the table waits for the answers.</p>
          )}
        </div>
      )}
      {msg && <p class="error">⚠ {msg}</p>}
    </section>
  );
}

/** The table's chat: every line, and a box to say something (seats only). */
export function ChatPanel({ s, api, token }: { s: EState; api: Api; token: string | null }) {
  const [text, setText] = useState("");
  const [err, setErr] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    if (!token || !text.trim()) return;
    api.say(s.table, token, text.trim()).then(
      () => {
        setText("");
        setErr(null);
      },
      (x: unknown) => setErr(x instanceof Error ? x.message : String(x)),
    );
  };
  return (
    <section class="panel chat" aria-labelledby="e-chat-h">
      <h2 id="e-chat-h">Chat</h2>
      <ol class="chatlines" data-testid="e-chat">
        {s.chat.map((l) => (
          <li key={l.n}>
            <strong>{l.name}:</strong> {l.text}
          </li>
        ))}
      </ol>
      {token && (
        <form onSubmit={submit} class="chatform">
          <label>
            <span class="sr-only">Message</span>
            <input
              value={text}
              maxLength={500}
              onInput={(e) => setText((e.target as HTMLInputElement).value)}
              placeholder="Say something"
            />
          </label>
          <button type="submit" class="small">
            Send
          </button>
        </form>
      )}
      {err && <p class="error">⚠ {err}</p>}
    </section>
  );
}

/** The move clock counting down for the seats to act (a tick every quarter second). */
export function ClockLine({ s, player }: { s: EState; player: (seat: number) => string }) {
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
        Move clock: {per} per move
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
