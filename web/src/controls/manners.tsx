// The table manners of a seat, on the CCG's page and an Empires table's
// alike, with the same protocol (docs/protocol.md): handing the seat to the
// computer and taking it back ("away"), and asking for an undo and
// answering one.

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { Api } from "../api";
import type { LobbyTable, UndoRequest } from "../types";

/** What the manners read of a table page's state. */
export interface MannersState {
  table: string;
  seat: number | null;
  seq: number | null;
  finished: boolean;
  undo: UndoRequest | null;
}

/**
 * The seat's controls: away, undo (ask, withdraw, accept, refuse); none
 * for a spectator. `testId`, when given, prefixes the test ids of the
 * panel ("manners"), its buttons ("away", "ask-undo") and the undo request
 * ("undo"); `children` are more controls in the row of buttons.
 */
export function SeatManners(props: {
  s: MannersState;
  api: Api;
  token: string | null;
  lobby: LobbyTable | null;
  reloadLobby: () => void;
  awayNotice: string | null;
  player: (seat: number) => string | number;
  testId?: string;
  children?: ComponentChildren;
}) {
  const { s, api, token, lobby, player, testId } = props;
  const [msg, setMsg] = useState<string | null>(null);
  if (s.seat === null || !token) return null;
  const seat = s.seat;
  const away = lobby?.seats.find((x) => x.seat === seat)?.away ?? false;
  const u = s.undo;
  const tid = (name: string) => (testId === undefined ? undefined : `${testId}${name}`);
  const wait = (p: Promise<unknown>) =>
    p.then(
      () => {
        setMsg(null);
        props.reloadLobby();
      },
      (e: unknown) => setMsg(e instanceof Error ? e.message : String(e)),
    );
  return (
    <section class="panel manners" aria-label="Table manners" data-testid={tid("manners")}>
      <div class="row-buttons">
        <button
          type="button"
          class="small"
          data-testid={tid("away")}
          disabled={s.finished}
          onClick={() => void wait(api.away(s.table, seat, token, !away))}
        >
          {away ? "Take my seat back" : "Hand my seat to the computer"}
        </button>
        <button
          type="button"
          class="small"
          data-testid={tid("ask-undo")}
          disabled={s.finished || s.seq === null || !!u}
          onClick={() => void wait(api.askUndo(s.table, token, s.seq ?? 0))}
        >
          Ask to undo my last action
        </button>
        {props.children}
      </div>
      {away && <p class="muted">{props.awayNotice ?? "The computer plays your seat while you are away."}</p>}
      {u && (
        <div class="undo" role="status" data-testid={tid("undo")}>
          {u.by === seat ? (
            <p>
              You asked to undo; waiting for {u.waiting.map((w) => player(w)).join(", ")}.{" "}
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
