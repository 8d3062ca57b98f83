import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";
import { Api, ApiError, resumingFrom, TableConnection, wsUrl } from "./api";
import type { CardIndex, CardTexts } from "./cards";
import { Board, CardTip, tipHandlers, useCardTips, type Ctx } from "./board";
import type { Box } from "./tipplace";
import { namesOf } from "./describe";
import { actionKey, cardOfChoice, findChoice, groupOfCard, menuFor, narrow, refKey, targetKeys, type Ref } from "./menu";
import { navigate } from "./route";
import { downloadText, saveFileName } from "./save";
import { forgetSeat, loadSeat, type SeatToken } from "./session";
import { canAct, initialState, logGroups, reduce, type TableState } from "./store";
import { autoPassNow, loadAutoPass, NO_AUTO_PASS, saveAutoPass, type AutoPass } from "./autopass";
import { AutoPassPanel } from "./controls/autopass";
import { ChatPanel } from "./controls/chat";
import { InvitesPanel } from "./controls/invites";
import { Legend } from "./controls/legend";
import { noticeLine, seatWho } from "./presence";
import { MoveClock } from "./controls/clock";
import { FatalPage } from "./controls/fatal";
import { SeatManners } from "./controls/manners";
import type { Action, GameChart, Group, LobbyTable, PlayerView, ServerMsg, StateResponse, WhyResponse } from "./types";

/** A short tone made in the page (no sound file is loaded). */
function beep(): void {
  try {
    const ctx = new AudioContext();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = 660;
    g.gain.value = 0.08;
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.15);
    o.onended = () => void ctx.close();
  } catch {
    /* no audio */
  }
}

/** Keeps the performance marks the end-to-end tests read. */
function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    /* no performance API */
  }
}

export function TablePage({ api, cards, table, watch }: { api: Api; cards: CardTexts; table: string; watch: boolean }) {
  const seatTok: SeatToken | null = useMemo(() => (watch ? null : loadSeat(localStorage, table)), [table, watch]);
  const token = seatTok?.token ?? null;
  const [s, dispatch] = useReducer(reduce, undefined, () => initialState(table, seatTok?.seat ?? null));
  const [fatal, setFatal] = useState<string | null>(null);
  const [lobby, setLobby] = useState<LobbyTable | null>(null);
  /** For the notices' log lines: the seats' names as last heard, and the races. */
  const who = useRef<(seat: number, name?: string) => string>((n) => `Seat ${n + 1}`);
  who.current = (n, name) => seatWho(lobby?.seats.find((x) => x.seat === n), n, s.view?.players[n]?.name, name);
  const [titleAlert, setTitleAlert] = useState(false);
  const [sound, setSound] = useState(false);
  const [cardIndex, setCardIndex] = useState<CardIndex | null>(null);
  const [awayNotice, setAwayNotice] = useState<string | null>(null);
  /** A sandbox: the way back leads to the Cards page. */
  const [sandbox, setSandbox] = useState(false);
  const seqRef = useRef<number | null>(null);
  seqRef.current = s.seq;
  const connOpen = useRef(false);
  connOpen.current = s.conn === "open";
  const connRef = useRef<TableConnection | null>(null);
  const refresh = useCallback(() => {
    api.state(table, token).then(
      (r) => dispatch({ type: "state", state: r, at: Date.now() }),
      (e: unknown) => {
        if (e instanceof ApiError && (e.status === 403 || e.status === 404)) {
          if (e.status === 403 && token) forgetSeat(localStorage, table);
          setFatal(e.message);
        }
      },
    );
  }, [api, table, token]);
  const loadLobby = useCallback(() => {
    api.lobby().then(
      (r) => setLobby(r.tables.find((t) => t.table === table) ?? null),
      () => undefined,
    );
  }, [api, table]);

  // The card texts, once per page (the card database is public).
  useEffect(() => {
    let alive = true;
    void cards.load().then((idx) => alive && setCardIndex(idx));
    return () => {
      alive = false;
    };
  }, [cards]);

  useEffect(() => {
    let alive = true;
    let conn: TableConnection | null = null;
    mark("b5-load-start");
    let retry: ReturnType<typeof setTimeout> | null = null;
    const load = (): void => {
      api.state(table, token).then(
        (r) => {
          if (!alive) return;
          setSandbox(r.sandbox === true);
          started(r, Date.now());
        },
        (e: unknown) => {
          if (!alive) return;
          // The server is down or restarting: try again shortly.
          if (e instanceof ApiError && (e.status === 0 || e.status >= 500)) {
            dispatch({ type: "conn", status: "closed" });
            retry = setTimeout(load, 1000);
            return;
          }
          if (e instanceof ApiError && e.status === 403 && token) forgetSeat(localStorage, table);
          setFatal(e instanceof Error ? e.message : String(e));
        },
      );
    };
    const started = (r: StateResponse, at: number): void => {
      dispatch({ type: "state", state: r, at });
      // Ask for the recent changes too: their events fill the log.
      conn = new TableConnection({
        url: wsUrl(location, table),
        token,
        lastSeq: resumingFrom(Math.max(0, r.seq - 60), () => seqRef.current),
        onMessage: (m: ServerMsg) => onServer(m),
        onStatus: (st) => {
          dispatch({ type: "conn", status: st });
          if (st === "open") loadLobby();
        },
      });
      connRef.current = conn;
      conn.start();
    };
    load();
    api.chat(table, token).then(
      (r) => alive && dispatch({ type: "chat", lines: r.chat }),
      () => undefined,
    );
    loadLobby();
    const note = (m: Parameters<typeof noticeLine>[0]) => {
      const text = noticeLine(m, (n, name) => who.current(n, name));
      if (text) dispatch({ type: "note", text });
    };
    const onServer = (m: ServerMsg) => {
      switch (m.type) {
        case "change":
          dispatch({ type: "change", msg: m, at: Date.now() });
          if (m.view) mark(`b5-seq-${m.seq}`);
          break;
        case "sync":
          dispatch({ type: "sync", msg: m, at: Date.now() });
          break;
        case "away":
          // A seat handed to the computer or taken back (the clock may have run out).
          note(m);
          if (m.seat === seatTok?.seat) {
            setAwayNotice(
              m.away && m.reason === "clock"
                ? "Your move clock ran out: the computer plays your seat until you take it back."
                : null,
            );
          }
          loadLobby();
          break;
        case "chat":
          dispatch({ type: "chat", lines: [m] });
          break;
        case "joined":
        case "presence":
          // A seat taken, a player come or gone: the lobby's entry says who.
          note(m);
          loadLobby();
          break;
        case "ended":
          // Nobody joined in time, or nobody played for too long.
          dispatch({ type: "ended", ended: { reason: m.reason, message: m.message } });
          loadLobby();
          break;
        case "undo":
          if (m.state === "asked" && m.request) dispatch({ type: "undo", request: m.request });
          else refresh();
          break;
        case "error":
          if (m.status === 403) setFatal(m.error);
          break;
        default:
          break;
      }
    };
    const ping = setInterval(() => connRef.current?.send({ type: "ping" }), 25000);
    return () => {
      alive = false;
      if (retry !== null) clearTimeout(retry);
      clearInterval(ping);
      conn?.stop();
    };
  }, [api, table, token, refresh, loadLobby, seatTok?.seat]);

  // Mark the first interactive render (for the load-time measurement).
  const shown = s.view !== null;
  useEffect(() => {
    if (shown) mark("b5-interactive");
  }, [shown]);

  // Mark each new state once it is on screen (click-to-update timings).
  useEffect(() => {
    if (s.seq !== null && s.view) mark(`b5-render-${s.seq}`);
  }, [s.seq, s.view]);

  const myTurn = canAct(s);
  useEffect(() => {
    if (sound && myTurn) beep();
  }, [myTurn, sound]);
  useEffect(() => {
    if (!titleAlert) {
      document.title = `B5 table ${table}`;
      return;
    }
    document.title = myTurn ? `● Your turn — B5 table ${table}` : `B5 table ${table}`;
  }, [myTurn, titleAlert, table]);

  const send = useCallback(
    (action: Action) => {
      if (!token || s.seq === null || s.sending) return;
      const seq = s.seq;
      mark(`b5-click-${seq}`);
      dispatch({ type: "sent", seq, action });
      const attempt = (retries: number): void => {
        // On the table's WebSocket when it is open, else over HTTP.
        (connRef.current?.act(seq, action) ?? api.act(table, token, seq, action)).then(
          (r) => {
            dispatch({ type: "acked", seq: r.seq });
            // Without a live WebSocket the change would wait for the reconnection.
            if (!connOpen.current) refresh();
          },
          (e: unknown) => {
            if (e instanceof ApiError) {
              if (e.status === 0 && retries > 0) {
                // The answer was lost: resending the same (seq, action) is safe.
                setTimeout(() => attempt(retries - 1), 500);
                return;
              }
              const stale = e.status === 409 && typeof e.body.seq === "number";
              dispatch({ type: "refused", error: e.message, rule: e.body.rule ?? null, stale });
              if (stale || connRef.current === null) refresh();
            } else dispatch({ type: "refused", error: String(e), rule: null });
          },
        );
      };
      attempt(3);
    },
    [api, table, token, s.seq, s.sending, refresh],
  );

  if (fatal) return <FatalPage table={table} error={fatal} />;
  return (
    <TableView
      s={s}
      api={api}
      token={token}
      lobby={lobby}
      dispatch={dispatch}
      send={send}
      titleAlert={titleAlert}
      setTitleAlert={setTitleAlert}
      sound={sound}
      setSound={setSound}
      reloadLobby={loadLobby}
      cardIndex={cardIndex}
      awayNotice={awayNotice}
      sandbox={sandbox}
    />
  );
}

type Dispatch = (m: Parameters<typeof reduce>[1]) => void;

/** The side column (choices, log, chat) when it stands beside the board: card tips keep clear of it. */
function sideBox(): Box | null {
  const side = document.querySelector(".table-page .side");
  if (!side) return null;
  const r = side.getBoundingClientRect();
  return r.width > 0 && r.left > window.innerWidth / 2 ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
}

function TableView(props: {
  s: TableState;
  api: Api;
  token: string | null;
  lobby: LobbyTable | null;
  dispatch: Dispatch;
  send: (a: Action) => void;
  titleAlert: boolean;
  setTitleAlert: (b: boolean) => void;
  sound: boolean;
  setSound: (b: boolean) => void;
  reloadLobby: () => void;
  cardIndex: CardIndex | null;
  awayNotice: string | null;
  sandbox: boolean;
}) {
  const { s, dispatch, send } = props;
  const v = s.view;
  const names = useMemo(() => namesOf(v, s.names), [v, s.names]);
  const { tip, setTip, tips } = useCardTips(names);
  const menu = useMemo(() => menuFor(s.menu, s.legal, v, names), [s.menu, s.legal, v, names]);
  const active = canAct(s);
  const selected = active && s.selected !== null ? menu.groups.find((g) => g.handle === s.selected) : undefined;
  const remaining = selected ? narrow(selected, s.picked) : [];
  const targets = useMemo(() => {
    const t = targetKeys(remaining);
    for (const p of s.picked) t.delete(refKey(p));
    return t;
  }, [remaining, s.picked]);

  const onRef = (r: Ref) => {
    if (!selected) return;
    const k = refKey(r);
    if (!targets.has(k)) return;
    const next = narrow(selected, [...s.picked, r]);
    if (next.length === 1) send(next[0]!.action);
    else dispatch({ type: "pick", ref: r });
  };
  const onCard = (id: number) => {
    if (!active) return;
    if (selected && targets.has(`c${id}`)) return onRef({ kind: "card", id });
    const g = groupOfCard(menu, id, v);
    if (g) dispatch({ type: "select", handle: s.selected === g.handle ? null : g.handle });
  };
  // A new state may take away the card under the pointer: its tip goes with it.
  useEffect(() => {
    setTip((x) => (x && !x.pinned && !x.el.isConnected ? null : x));
  }, [s.seq]);
  // Auto-pass: the seat's settings, and a pass made for it once per change.
  const [autoPass, setAutoPass] = useState<AutoPass>(() =>
    s.seat === null ? NO_AUTO_PASS : loadAutoPass(localStorage, s.table, s.seat),
  );
  const [passed, setPassed] = useState<{ count: number; lastSeq: number | null }>({ count: 0, lastSeq: null });
  const autoPassedAt = useRef<number | null>(null);
  useEffect(() => {
    if (!active || !v || s.seq === null || s.sending || s.refused || autoPassedAt.current === s.seq) return;
    const p = autoPassNow(autoPass, v, menu.groups);
    if (!p) return;
    autoPassedAt.current = s.seq;
    setPassed((x) => ({ count: x.count + 1, lastSeq: s.seq }));
    send(p.action);
  }, [active, v, s.seq, s.sending, s.refused, autoPass, menu, send]);
  const changeAutoPass = (a: AutoPass) => {
    setAutoPass(a);
    if (s.seat !== null) saveAutoPass(localStorage, s.table, s.seat, a);
  };
  const ctx: Ctx = { s, menuGroups: active ? menu.groups : [], selected, targets, onCard, onRef, tips };
  // The side column stands below the sticky status bar, whatever its height.
  const pageRef = useRef<HTMLDivElement>(null);
  const shown = v !== null;
  useLayoutEffect(() => {
    const page = pageRef.current;
    const head = page?.querySelector<HTMLElement>(":scope > .status");
    if (!page || !head) return;
    const set = () => page.style.setProperty("--head-h", `${head.offsetHeight}px`);
    set();
    const ro = new ResizeObserver(set);
    ro.observe(head);
    return () => ro.disconnect();
  }, [shown]);

  if (!v) {
    return (
      <main class="page">
        <p aria-live="polite">Connecting to table {s.table}…</p>
      </main>
    );
  }
  const me = s.seat;
  return (
    <div class="table-page" ref={pageRef} data-seq={s.seq ?? ""} data-finished={s.finished ? "1" : "0"}>
      <StatusBar s={s} v={v} names={names} sandbox={props.sandbox} />
      <CardTip tip={tip} index={props.cardIndex} onClose={() => setTip(null)} avoid={sideBox} />
      <div class="table-grid">
        {/* The seat's own controls, above the board: the side column is the choices', the log's and the chat's. */}
        <div class="seat-tools">
          <Manners {...props} />
          {s.seat !== null && <InvitesPanel table={s.table} lobby={props.lobby} />}
          {s.seat !== null && props.token && <AutoPassPanel value={autoPass} onChange={changeAutoPass} passed={passed} />}
          <Legend />
        </div>
        <main class="board" aria-label="The table">
          {s.ended ? (
            <section class="panel summary" data-testid="ended" role="status">
              <h2>The table ended</h2>
              <p>{s.ended.message}</p>
            </section>
          ) : (
            s.finished && <Summary s={s} v={v} api={props.api} token={props.token} />
          )}
          <Board v={v} ctx={ctx} me={me} seats={props.lobby?.seats} />
        </main>
        <div class="side">
          <Actions
            s={s}
            ctx={ctx}
            menuAll={menu.groups}
            send={send}
            dispatch={dispatch}
            remaining={remaining}
            api={props.api}
            token={props.token}
          />
          <Log s={s} />
          <ChatPanel table={s.table} chat={s.chat} api={props.api} token={props.token} headingId="chat-h" />
        </div>
      </div>
    </div>
  );
}

function StatusBar({
  s,
  v,
  names,
  sandbox,
}: {
  s: TableState;
  v: PlayerView;
  names: ReturnType<typeof namesOf>;
  sandbox: boolean;
}) {
  const me = s.seat;
  const waiting = s.toAct.map((p) => names.seat(p));
  const myTurn = canAct(s);
  return (
    <header class="bar status" role="banner">
      {sandbox ? (
        <a href="/cards" class="home" onClick={(e) => (e.preventDefault(), navigate("/cards"))}>
          Your cards
        </a>
      ) : (
        <a href="/" class="home" onClick={(e) => (e.preventDefault(), navigate("/"))}>
          Lobby
        </a>
      )}
      <h1 class="title">
        {me !== null ? `${v.players[me]?.name ?? "?"} (seat ${me + 1})` : "Watching"} ·{" "}
        {sandbox ? "sandbox: nothing is kept" : `table ${s.table}`}
      </h1>
      <dl class="facts">
        <div>
          <dt>Turn</dt>
          <dd data-testid="turn">{v.turn}</dd>
        </div>
        <div>
          <dt>Round</dt>
          <dd>{v.round}</dd>
        </div>
        <div>
          <dt>B5 / Shadow / Vorlon</dt>
          <dd>
            {v.babylon5} / {v.shadows} / {v.vorlons}
            {v.shadow_war ? " · Shadow War" : ""}
          </dd>
        </div>
        <div>
          <dt>Initiative</dt>
          <dd>{v.initiative.map((p) => names.seat(p)).join(" → ") || "—"}</dd>
        </div>
        {s.clock && (
          <div>
            <dt>Move clock</dt>
            <dd>
              <MoveClock s={s} player={(p) => names.seat(p)} idle="" />
            </dd>
          </div>
        )}
      </dl>
      {/* Always present and of a fixed height: no layout shift when it becomes your turn. */}
      <p class={`turn-flag ${myTurn ? "mine" : ""}`} aria-live="polite" data-testid="turn-flag">
        {s.finished
          ? "The game is over."
          : myTurn
            ? `● Your turn to choose: ${v.waiting_for}`
            : s.sending
              ? "Sending your choice…"
              : waiting.length > 1
                ? `${me !== null && !s.toAct.includes(me) ? "You have chosen. " : ""}Waiting for ${waiting.length} players (${waiting.join(", ")}): ${v.waiting_for}`
                : `Waiting for ${waiting.join(", ") || "—"}: ${v.waiting_for}`}
      </p>
      <span class={`conn conn-${s.conn}`} role="status">
        {s.conn === "open" ? "● connected" : s.conn === "connecting" ? "○ connecting…" : "✕ reconnecting…"}
      </span>
      {!sandbox && (
        <a class="replay-open small" href={`/replay/${encodeURIComponent(s.table)}`} data-testid="open-replay">
          Replay{s.finished ? "" : " up to now"}
        </a>
      )}
    </header>
  );
}

function Actions({
  s,
  ctx,
  menuAll,
  send,
  dispatch,
  remaining,
  api,
  token,
}: {
  s: TableState;
  ctx: Ctx;
  menuAll: Group[];
  send: (a: Action) => void;
  dispatch: Dispatch;
  remaining: Group["choices"];
  api: Api;
  token: string | null;
}) {
  const active = canAct(s);
  const sel = ctx.selected;
  const nonCard = menuAll.filter((g) => g.kind.kind !== "card");
  const cardGroups = menuAll.filter((g) => g.kind.kind === "card");
  const [hintMsg, setHintMsg] = useState<{ seq: number | null; text: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const hinted = s.hint ? findChoice({ groups: menuAll }, s.hint.action, s.view) : null;
  const hintKey = hinted ? actionKey(hinted.group.choices[hinted.index]!.action) : null;
  const isHinted = (a: Action) => hintKey !== null && actionKey(a) === hintKey;
  const hintGroup = hinted?.group;
  const askHint = () => {
    if (!token || s.seq === null) return;
    const seq = s.seq;
    setAsking(true);
    setHintMsg(null);
    api.advice(s.table, token, HINT_BOT).then(
      (r) => {
        setAsking(false);
        if (r.seq !== seq) {
          setHintMsg({ seq, text: "The table moved on: ask again." });
          return;
        }
        const found = findChoice({ groups: menuAll }, r.action, s.view);
        if (!found) {
          setHintMsg({ seq, text: `The computer suggests: ${r.label} (not among your choices now).` });
          return;
        }
        dispatch({ type: "hint", hint: r, handle: found.group.handle });
      },
      (e: unknown) => {
        setAsking(false);
        setHintMsg({ seq, text: `No hint: ${e instanceof Error ? e.message : String(e)}` });
      },
    );
  };
  const groupTip = (g: Group) =>
    tipHandlers(ctx.tips, `group-${g.handle}`, g.kind.kind === "card" ? ctx.tips.name(g.kind.card) : null);
  const choiceTip = (key: string, a: Action, g?: Group) => {
    const card = cardOfChoice(a, g);
    return tipHandlers(ctx.tips, key, card === null ? null : ctx.tips.name(card));
  };
  const groupOf = new Map<Group["choices"][number], Group>();
  for (const g of menuAll) for (const c of g.choices) groupOf.set(c, g);
  return (
    <section class="panel actions" aria-labelledby="actions-h" data-active={active ? "1" : "0"}>
      <div class="actions-head">
        <h2 id="actions-h">Your choices</h2>
        {s.seat !== null && token && (
          <button
            type="button"
            class="small hint-btn"
            disabled={!active || asking}
            onClick={askHint}
            title="The computer player's suggestion for your seat"
          >
            {asking ? "Thinking…" : "Hint"}
          </button>
        )}
        {s.seat !== null && token && <WhyNot api={api} table={s.table} token={token} seq={s.seq} />}
      </div>
      {s.refused && (
        <div role="alert" class="refused">
          <p>⚠ Refused: {s.refused.error}</p>
          {s.refused.rule && <p class="rule">Rule: {s.refused.rule}</p>}
          <button type="button" class="small" onClick={() => dispatch({ type: "dismiss" })}>
            Dismiss
          </button>
        </div>
      )}
      {s.hint && (
        <p class="hint-line" role="status" data-testid="hint">
          ◆ The computer would choose: <strong>{s.hint.label}</strong>
          {s.hint.top?.[0] && ` (${chance(s.hint.top[0].chance)} to win)`}
          {hintGroup && sel?.handle !== hintGroup.handle && (
            <>
              {" "}
              <button
                type="button"
                class="small"
                onClick={() => dispatch({ type: "select", handle: hintGroup.handle })}
              >
                Show it
              </button>
            </>
          )}
        </p>
      )}
      {s.hint && s.hint.top && s.hint.top.length > 1 && (
        <ol class="hint-others muted" data-testid="hint-others" aria-label="The computer's next best">
          {s.hint.top.slice(1).map((t, i) => (
            <li key={i}>
              {t.label ?? "another choice"} ({chance(t.chance)})
            </li>
          ))}
        </ol>
      )}
      {!s.hint && hintMsg && hintMsg.seq === s.seq && (
        <p class="hint-line muted" role="status">
          {hintMsg.text}
        </p>
      )}
      {s.seat === null ? (
        <p>You are watching.</p>
      ) : !active ? (
        <p class="muted">{s.finished ? "The game is over." : s.sending ? "Sending…" : "Nothing to choose now."}</p>
      ) : (
        <div class="menu">
          <p class="hint">
            Select a card (on the table or in your hand) to see what it can do
            {cardGroups.length ? `: ${cardGroups.length} card${cardGroups.length > 1 ? "s have" : " has"} choices` : ""}.
          </p>
          <div class="group-buttons" role="group" aria-label="Groups of choices">
            {nonCard.map((g) => (
              <button
                type="button"
                key={g.handle}
                class={`small ${sel?.handle === g.handle ? "selected" : ""} ${hintGroup === g ? "hinted" : ""}`}
                aria-pressed={sel?.handle === g.handle}
                data-group={g.handle}
                data-kind={g.kind.kind}
                data-one={oneClick(g) ? "1" : undefined}
                onClick={() =>
                  oneClick(g) ? send(g.choices[0]!.action) : dispatch({ type: "select", handle: sel?.handle === g.handle ? null : g.handle })
                }
              >
                {hintGroup === g ? "◆ " : ""}
                {oneClick(g) ? g.title : `${g.title} (${g.choices.length})`}
              </button>
            ))}
            {cardGroups.map((g) => (
              <button
                type="button"
                key={g.handle}
                class={`small ${sel?.handle === g.handle ? "selected" : ""} ${hintGroup === g ? "hinted" : ""}`}
                aria-pressed={sel?.handle === g.handle}
                data-group={g.handle}
                data-kind={g.kind.kind}
                data-tip=""
                {...groupTip(g)}
                onClick={() => dispatch({ type: "select", handle: sel?.handle === g.handle ? null : g.handle })}
              >
                {hintGroup === g ? "◆ " : ""}#{g.handle} {g.title}
              </button>
            ))}
          </div>
          {sel && (
            <div class="chosen" data-selected={sel.handle}>
              <h3>
                {sel.title}
                {sel.copies > 1 ? ` (${sel.copies} copies)` : ""}
              </h3>
              {ctx.targets.size > 0 && <p class="hint">◎ Click a highlighted card, faction or conflict to choose the target, or pick below.</p>}
              {s.picked.length > 0 && (
                <button type="button" class="small" onClick={() => dispatch({ type: "unpick" })}>
                  Undo the last target picked
                </button>
              )}
              <ul class="choices">
                {remaining.map((c, i) => (
                  <li key={i}>
                    <button
                      type="button"
                      class={`choice ${isHinted(c.action) ? "hinted" : ""}`}
                      data-choice={i}
                      data-hinted={isHinted(c.action) ? "1" : undefined}
                      data-tip=""
                      {...choiceTip(`choice-${i}`, c.action, sel)}
                      onClick={() => send(c.action)}
                    >
                      {isHinted(c.action) ? "◆ " : ""}
                      {c.label}
                      {c.cost ? ` (${c.cost} influence)` : ""}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      <details class="all-actions" open={active && menuAll.length === 0 ? true : undefined}>
        <summary>Every legal action ({active ? s.legal.length : 0})</summary>
        {active ? (
          <ol class="plain-list">
            {menuAll
              .flatMap((g) => g.choices)
              .map((c, i) => (
                <li key={i}>
                  <button
                    type="button"
                    class={`choice plain ${isHinted(c.action) ? "hinted" : ""}`}
                    data-plain={i}
                    data-hinted={isHinted(c.action) ? "1" : undefined}
                    data-tip=""
                    {...choiceTip(`plain-${i}`, c.action, groupOf.get(c))}
                    onClick={() => send(c.action)}
                  >
                    {isHinted(c.action) ? "◆ " : ""}
                    {c.label}
                  </button>
                </li>
              ))}
          </ol>
        ) : (
          <p class="muted">none now</p>
        )}
      </details>
    </section>
  );
}

/** A pass that is one choice is made in one click. */
function oneClick(g: Group): boolean {
  return g.kind.kind === "pass" && g.choices.length === 1;
}

/**
 * "Why not?": why familiar actions (sponsoring a card in hand, building
 * influence, declaring a conflict, ...) are not among the seat's choices
 * now, in the engine's words with the rule it cites (`GET …/why`).
 */
function WhyNot({ api, table, token, seq }: { api: Api; table: string; token: string; seq: number | null }) {
  const [answer, setAnswer] = useState<{ seq: number | null; why: WhyResponse["why"] } | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new position makes the answer stale: it goes (ask again for the new one).
  useEffect(() => {
    setAnswer(null);
    setErr(null);
  }, [seq]);
  const ask = () => {
    setBusy(true);
    setErr(null);
    api.why(table, token).then(
      (r) => {
        setBusy(false);
        setAnswer({ seq: r.seq, why: r.why });
      },
      (e: unknown) => {
        setBusy(false);
        setAnswer(null);
        setErr(e instanceof Error ? e.message : String(e));
      },
    );
  };
  const open = answer !== null || err !== null;
  return (
    <>
      <button
        type="button"
        class="small why-btn"
        disabled={busy}
        aria-expanded={open}
        onClick={ask}
        title="Why familiar actions are not among your choices now"
      >
        {busy ? "Asking…" : "Why not?"}
      </button>
      {open && (
        <div class="why-panel" role="region" aria-label="Why not" data-testid="why">
          {err ? (
            <p class="error">⚠ {err}</p>
          ) : answer!.why.length === 0 ? (
            <p class="muted">Nothing familiar is held back: every action you could expect is among your choices.</p>
          ) : (
            <ul class="why-list">
              {answer!.why.map((w, i) => (
                <li key={i}>
                  <strong>{w.action}</strong>: {w.reason}
                  {w.rule ? <span class="rule"> ({w.rule})</span> : null}
                </li>
              ))}
            </ul>
          )}
          {answer && answer.seq !== seq && <p class="muted">The table has moved on since: ask again.</p>}
          <button
            type="button"
            class="small"
            onClick={() => {
              setAnswer(null);
              setErr(null);
            }}
          >
            Close<span class="sr-only"> the answers to why not</span>
          </button>
        </div>
      )}
    </>
  );
}

/** The seat's manners, and the page's own: the title and a sound on my turn. */
function Manners(props: {
  s: TableState;
  api: Api;
  token: string | null;
  lobby: LobbyTable | null;
  titleAlert: boolean;
  setTitleAlert: (b: boolean) => void;
  sound: boolean;
  setSound: (b: boolean) => void;
  reloadLobby: () => void;
  awayNotice: string | null;
}) {
  const { s } = props;
  return (
    <SeatManners {...props} player={(w) => s.view?.players[w]?.name ?? w}>
      <label class="small-label">
        <input type="checkbox" checked={props.titleAlert} onChange={(e) => props.setTitleAlert((e.target as HTMLInputElement).checked)} /> Title
        shows my turn
      </label>
      <label class="small-label">
        <input type="checkbox" checked={props.sound} onChange={(e) => props.setSound((e.target as HTMLInputElement).checked)} /> Sound on my turn
      </label>
    </SeatManners>
  );
}

function Log({ s }: { s: TableState }) {
  const [turn, setTurn] = useState<number | "all">("all");
  const turns = [...new Set(s.log.map((l) => l.turn))];
  const lines = turn === "all" ? s.log.slice(-300) : s.log.filter((l) => l.turn === turn);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  const groups = logGroups(lines);
  return (
    <section class="panel log" aria-labelledby="log-h">
      <div class="loghead">
        <h2 id="log-h">Log</h2>
        <label>
          <span class="sr-only">Show turn</span>
          <select value={String(turn)} onChange={(e) => {
            const x = (e.target as HTMLSelectElement).value;
            setTurn(x === "all" ? "all" : Number(x));
          }}>
            <option value="all">all turns</option>
            {turns.map((t) => (
              <option key={t} value={String(t)}>
                turn {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="loglines" ref={ref} aria-live="off">
        {groups.map((g) => (
          <section class="loggroup" key={g.key} data-turn={g.turn} data-round={g.round ?? ""}>
            <h3 class="loground">
              Turn {g.turn}
              {g.round ? ` · ${g.round.charAt(0).toUpperCase()}${g.round.slice(1)} Round` : ""}
            </h3>
            <ol>
              {g.lines.map((l, i) => (
                <li key={`${l.seq}-${i}`}>{l.text}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}

function Summary({ s, v, api, token }: { s: TableState; v: PlayerView; api: Api; token: string | null }) {
  const winners = s.winners.map((w) => v.players[w]);
  return (
    <section class="panel summary" aria-labelledby="summary-h" data-testid="summary">
      <h2 id="summary-h">Game over</h2>
      <p>
        {winners.length === 0
          ? `No winner (the game ended on turn ${v.turn}).`
          : `Winner${winners.length > 1 ? "s" : ""}: ${winners
              .map((p) => (p ? `${p.name} (${p.victory.toLowerCase()} victory)` : "?"))
              .join(", ")}.`}
      </p>
      <table class="final">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Power</th>
            <th scope="col">Influence</th>
          </tr>
        </thead>
        <tbody>
          {v.players.map((p) => (
            <tr key={p.seat}>
              <td>
                <Swatch seat={p.seat} /> {p.name}
                {s.winners.includes(p.seat) ? " ★" : ""}
              </td>
              <td>{p.power}</td>
              <td>{p.influence}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PowerChart s={s} v={v} />
      <ChancesChart table={s.table} v={v} api={api} token={token} />
      <p>
        <a href={`/replay/${encodeURIComponent(s.table)}#at=0`} data-testid="summary-replay">
          Step through this game, turn by turn
        </a>
      </p>
      <SaveButton table={s.table} api={api} token={token} />
    </section>
  );
}

/** Downloads the finished game's record as `b5-<table>.save.json` (`b5 replay FILE` reads it). */
function SaveButton({ table, api, token }: { table: string; api: Api; token: string | null }) {
  const [busy, setBusy] = useState(false);
  const [err, setErr] = useState<string | null>(null);
  const name = saveFileName(table);
  const save = () => {
    setBusy(true);
    setErr(null);
    api.save(table, token).then(
      (text) => {
        setBusy(false);
        downloadText(name, text);
      },
      (e: unknown) => {
        setBusy(false);
        setErr(e instanceof Error ? e.message : String(e));
      },
    );
  };
  return (
    <p class="save">
      <button type="button" class="small save-btn" disabled={busy} onClick={save}>
        Download the game record
      </button>{" "}
      <span class="muted">
        <code>{name}</code>: <code>b5 replay {name}</code> plays it back
      </span>
      {err && <span class="error"> ⚠ {err}</span>}
    </p>
  );
}

// Okabe–Ito colours (safe for the common colour blindnesses), each also with its own dash pattern.
const SERIES = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];
const DASH = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"];

function Swatch({ seat }: { seat: number }) {
  return (
    <svg width="22" height="8" aria-hidden="true">
      <line x1="0" y1="4" x2="22" y2="4" stroke={SERIES[seat % 6]} stroke-width="3" stroke-dasharray={DASH[seat % 6]} />
    </svg>
  );
}

function PowerChart({ s, v }: { s: TableState; v: PlayerView }) {
  const h = s.powerByTurn;
  if (h.length < 2) return <p class="muted">Power over the turns: not enough turns seen by this page to draw.</p>;
  const points = h.map((pt) => ({ turn: pt.turn, values: pt.power }));
  const maxP = Math.max(20, ...h.flatMap((x) => x.power));
  const minP = Math.min(0, ...h.flatMap((x) => x.power));
  return (
    <LineChart
      points={points}
      players={v.players}
      range={[minP, maxP]}
      mark={{ at: 20, label: "20" }}
      label="Power over turns"
      caption="Power over the turns (dotted line: 20)"
    />
  );
}

/** The search player's view of the finished game: each player's chance to win after each turn, asked of the server once. */
function ChancesChart({ table, v, api, token }: { table: string; v: PlayerView; api: Api; token: string | null }) {
  const [chart, setChart] = useState<GameChart | null>(null);
  const [err, setErr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // While every core of the server is thinking (429), asked again a little later.
    const ask = (tries: number) =>
      api.chart(table, token).then(
        (c) => live && setChart(c),
        (e: unknown) => {
          if (!live) return;
          if (e instanceof ApiError && e.status === 429 && tries > 0) timer = setTimeout(() => ask(tries - 1), 2000);
          else setErr(e instanceof Error ? e.message : String(e));
        },
      );
    void ask(10);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [api, table, token]);
  if (err) return <p class="muted chances-chart">Chances over the turns: {err}</p>;
  if (!chart) return <p class="muted chances-chart">Working out each player's chances over the turns…</p>;
  if (chart.turns.length < 2) return <p class="muted chances-chart">Chances over the turns: the game was too short to draw.</p>;
  const points = chart.turns.map((t) => ({ turn: t.turn, values: t.chances.map((c) => c * 100) }));
  return (
    <LineChart
      points={points}
      players={v.players}
      range={[0, 100]}
      mark={{ at: 50, label: "50 %" }}
      label="Chances to win over turns"
      caption="Each player's chance to win after each turn, as the search player saw it (%)"
      testid="chances-chart"
    />
  );
}

/** Lines over the turns, one per player in the player's colour and dash. */
function LineChart(props: {
  points: { turn: number; values: number[] }[];
  players: { seat: number }[];
  range: [number, number];
  mark: { at: number; label: string };
  label: string;
  caption: string;
  testid?: string;
}) {
  const { points, players, range, mark } = props;
  const W = 320;
  const H = 120;
  const maxT = points[points.length - 1]!.turn;
  const minT = points[0]!.turn;
  const [lo, hi] = range;
  const x = (t: number) => ((t - minT) / Math.max(1, maxT - minT)) * (W - 10) + 5;
  const y = (p: number) => H - 12 - ((p - lo) / Math.max(1, hi - lo)) * (H - 24);
  return (
    <figure class="chart" data-testid={props.testid}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${props.label} ${minT} to ${maxT}`}>
        <line x1="5" y1={y(mark.at)} x2={W - 5} y2={y(mark.at)} stroke="currentColor" stroke-opacity="0.3" stroke-dasharray="2 2" />
        <text x="7" y={y(mark.at) - 3} font-size="9" fill="currentColor">{mark.label}</text>
        <text x="5" y={H - 1} font-size="9" fill="currentColor">turn {minT}</text>
        <text x={W - 5} y={H - 1} font-size="9" fill="currentColor" text-anchor="end">turn {maxT}</text>
        {players.map((p) => (
          <polyline
            key={p.seat}
            fill="none"
            stroke={SERIES[p.seat % 6]}
            stroke-width="2"
            stroke-dasharray={DASH[p.seat % 6]}
            points={points.map((pt) => `${x(pt.turn)},${y(pt.values[p.seat] ?? 0)}`).join(" ")}
          />
        ))}
      </svg>
      <figcaption>{props.caption}</figcaption>
    </figure>
  );
}


/** The computer player whose suggestions the Hint button shows. */
const HINT_BOT = "search-medium";

/** A chance to win, 0 to 1, as a whole percentage. */
export function chance(x: number): string {
  return `${Math.round(Math.min(1, Math.max(0, x)) * 100)} %`;
}
