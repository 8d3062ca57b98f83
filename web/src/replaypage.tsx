// A game stepped through in the page (`/replay/{id}#at=N`): a finished
// game, or a running one up to now, turn by turn and action by action,
// with its log beside it; the link names the position shown. Each
// position comes from the server as the viewer saw it then (a seat's own
// view with the seat's token, a spectator's otherwise).

import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { ApiError, type Api } from "./api";
import type { CardTexts } from "./cards";
import { clampAt, nextTurn, previousTurn, replayLink, replayRows, turnAt, type ReplayRow, type Timeline } from "./replay";
import { navigate } from "./route";
import { loadSeat } from "./session";
import type { ReplayResponse, ReplayStep } from "./types";
import { ReplayBoard } from "./replayboard";
import { EmpiresReplayBoard } from "./empires/replayboard";

/** Positions kept in the page (each a view of the table): a game's worth of clicks back and forth. */
const KEPT = 64;

export function ReplayPage(props: {
  api: Api;
  cards: CardTexts;
  table: string;
  at: number | null;
  /** A game's own words for a step without sentences (Babylon 5 Empires' events). */
  words?: (s: ReplayStep) => string[];
}) {
  const { api, table } = props;
  const token = useMemo(() => loadSeat(localStorage, table)?.token ?? null, [table]);
  const [timeline, setTimeline] = useState<(Timeline & { total: number; game: string }) | null>(null);
  const [at, setAt] = useState<number | null>(props.at);
  const [pos, setPos] = useState<ReplayResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const kept = useRef(new Map<number, ReplayResponse>());

  // The whole game's steps once, with the position asked for (now when none).
  useEffect(() => {
    let alive = true;
    api.replay(table, token, props.at, true).then(
      (r) => {
        if (!alive) return;
        setTimeline({ steps: r.steps ?? [], firstTurn: r.first_turn ?? r.turn, total: r.total, game: r.game });
        kept.current.set(r.at, r);
        setPos(r);
        setAt(r.at);
      },
      (e: unknown) => alive && setError(describe(e)),
    );
    return () => {
      alive = false;
    };
  }, [api, table, token, props.at]);

  // Each other position when it is asked for (kept for going back).
  useEffect(() => {
    if (at === null || !timeline) return;
    history.replaceState(null, "", replayLink("", table, at));
    const have = kept.current.get(at);
    if (have) return setPos(have);
    let alive = true;
    api.replay(table, token, at, false).then(
      (r) => {
        if (kept.current.size >= KEPT) kept.current.delete(kept.current.keys().next().value!);
        kept.current.set(r.at, r);
        if (alive) setPos(r);
      },
      (e: unknown) => alive && setError(describe(e)),
    );
    return () => {
      alive = false;
    };
  }, [api, table, token, at, timeline]);

  const go = useCallback(
    (to: number) => {
      if (!timeline) return;
      setError(null);
      setAt(clampAt(to, timeline.total));
    },
    [timeline],
  );

  // The keyboard: ← → an action, Shift+← → (or PageUp / PageDown) a turn, Home / End.
  // The listener reads the position shown now (a key pressed between a render and
  // its effects must not act on the position before).
  const shown = useRef({ timeline, at });
  shown.current = { timeline, at };
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const { timeline, at } = shown.current;
      if (!timeline || at === null) return;
      const t = e.target as Element | null;
      if (t?.closest?.("input, select, textarea")) return;
      const by: Record<string, () => number> = {
        ArrowLeft: () => (e.shiftKey ? previousTurn(timeline, at) : at - 1),
        ArrowRight: () => (e.shiftKey ? nextTurn(timeline, at) : at + 1),
        PageUp: () => previousTurn(timeline, at),
        PageDown: () => nextTurn(timeline, at),
        Home: () => 0,
        End: () => timeline.total,
      };
      const f = by[e.key];
      if (!f) return;
      e.preventDefault();
      go(f());
    };
    addEventListener("keydown", key);
    return () => removeEventListener("keydown", key);
  }, [go]);

  const rows = useMemo(() => (timeline ? replayRows(timeline, props.words) : []), [timeline, props.words]);

  if (error && !timeline) {
    return (
      <main class="page">
        <h1>Replay of table {table}</h1>
        <p role="alert" class="error">
          {error}
        </p>
        <p>
          <a href="/" onClick={(e) => (e.preventDefault(), navigate("/"))}>
            Back to the lobby
          </a>
        </p>
      </main>
    );
  }
  if (!timeline || at === null) {
    return (
      <main class="page">
        <p aria-live="polite">Loading the replay of table {table}…</p>
      </main>
    );
  }
  const turn = turnAt(timeline, at);
  const share = () => {
    const link = replayLink(location.origin, table, at);
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    // data-shown: the position drawn, which lags data-at while it is fetched.
    <div class="replay-page" data-at={at} data-shown={pos?.at} data-total={timeline.total}>
      <header class="bar status" role="banner">
        <a href="/" class="home" onClick={(e) => (e.preventDefault(), navigate("/"))}>
          Lobby
        </a>
        <h1 class="title">
          Replay · table {table}
          {pos?.seat !== null && pos?.seat !== undefined ? ` · as seat ${pos.seat + 1}` : " · as a spectator"}
        </h1>
        <a class="back" href={`/${token ? "table" : "watch"}/${encodeURIComponent(table)}`}>
          Back to the table
        </a>
      </header>
      <nav class="replay-controls panel" aria-label="Replay">
        <button type="button" onClick={() => go(0)} disabled={at === 0} aria-label="The set-up">
          Start
        </button>
        <button type="button" onClick={() => go(previousTurn(timeline, at))} disabled={at === 0} aria-label="The turn before">
          « Turn
        </button>
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0} aria-label="The action before">
          ‹ Action
        </button>
        <button type="button" onClick={() => go(at + 1)} disabled={at >= timeline.total} aria-label="The next action">
          Action ›
        </button>
        <button type="button" onClick={() => go(nextTurn(timeline, at))} disabled={at >= timeline.total} aria-label="The next turn">
          Turn »
        </button>
        <button type="button" onClick={() => go(timeline.total)} disabled={at >= timeline.total} aria-label="The last position">
          End
        </button>
        <label class="replay-slider">
          <span class="sr-only">Position</span>
          <input
            type="range"
            min={0}
            max={timeline.total}
            value={at}
            onInput={(e) => go(Number((e.target as HTMLInputElement).value))}
          />
        </label>
        <span class="replay-where" data-testid="replay-where" aria-live="polite">
          Turn {turn} · action {at} of {timeline.total}
          {at === timeline.total ? (pos?.finished ? " · the end" : " · now") : ""}
        </span>
        <button type="button" class="small" onClick={share}>
          {copied ? "Link copied" : "Copy the link"}
        </button>
        <a class="small" href={replayLink("", table, at)} data-testid="replay-link">
          link to this position
        </a>
      </nav>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="table-grid">
        <main class="board" aria-label="The table at this position">
          {!pos ? (
            <p>Loading…</p>
          ) : timeline.game === "b5ccg" ? (
            <ReplayBoard pos={pos} before={kept.current.get(pos.at - 1) ?? null} cards={props.cards} />
          ) : (
            <EmpiresReplayBoard pos={pos} />
          )}
        </main>
        <div class="side">
          <ReplayLog rows={rows} at={at} go={go} />
        </div>
      </div>
    </div>
  );
}

/** The game's log, the lines up to the position shown marked, each line a way to its position. */
function ReplayLog({ rows, at, go }: { rows: ReplayRow[]; at: number; go: (at: number) => void }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const here = ref.current?.querySelector<HTMLElement>("[data-current]");
    here?.scrollIntoView?.({ block: "nearest" });
  }, [at]);
  let last = "";
  return (
    <section class="panel log replay-log" aria-labelledby="replay-log-h">
      <h2 id="replay-log-h">Log</h2>
      <ol class="loglines" ref={ref}>
        {rows.map((r, i) => {
          const head = `${r.turn}|${r.round ?? ""}`;
          const title = head !== last ? `Turn ${r.turn}${r.round ? ` · ${r.round.charAt(0).toUpperCase()}${r.round.slice(1)} Round` : ""}` : null;
          last = head;
          const cls = r.at > at ? "later" : r.at === at ? "current" : "";
          return (
            <li key={i} class={cls} data-at={r.at} data-current={r.at === at && rows[i + 1]?.at !== at ? "" : undefined}>
              {title && <h3 class="loground">{title}</h3>}
              <button type="button" class="linkish" onClick={() => go(r.at)} aria-current={r.at === at ? "step" : undefined}>
                {r.text}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function describe(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status === 403) return `This replay is not open to you: ${e.message}`;
    if (e.status === 404) return `No such table: ${e.message}`;
    return e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
