// The table page of a Babylon 5 Empires game: the map as SVG, the players'
// status, the seat's hand and recruit draw, the legal actions as buttons in
// words (./words), the log (each change's `log` sentences) and the end.

import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";
import { Api, ApiError, resumingFrom, TableConnection, wsUrl } from "../api";
import { forgetSeat, loadSeat, type SeatToken } from "../session";
import type { Action, Map, StackView } from "../generated/empires";
import type { ChatLine, LobbyTable, UndoRequest } from "../types";
import { ChatPanel } from "../controls/chat";
import { MoveClock } from "../controls/clock";
import { FatalPage } from "../controls/fatal";
import { InvitesPanel } from "../controls/invites";
import { SeatWho } from "../controls/presence";
import { noticeLine, seatWho } from "../presence";
import { SeatManners } from "../controls/manners";
import { hexLabel, hexPoints, layoutMap, mapOfView, placeholderMap, type Layout } from "./layout";
import { CardInfoButton, CardTip, cardsOfAction, tipHandlers, useCardTips, type CardTips } from "./cardtext";
import { StackPanel, useStackMove } from "./stack";
import { destinationAction, destinations, isPickAction } from "./stackplan";
import { canActE, initialEState, reduceE, type EState } from "./store";
import { SPECTATOR, type EmpiresChange, type EmpiresState, type EmpiresSync, type EmpiresView } from "./types";
import {
  actionKey,
  costOf,
  CARD_NAMES,
  CHIT_NAMES,
  CHIT_SHORT,
  labelAction,
  names,
  outcomeWords,
  PHASE_NAMES,
  RACE_NAMES,
  spaceOf,
  type Names,
} from "./words";

/** Names before the view has come (nothing is named then). */
const FALLBACK_NAMES: Names = {
  space: (x) => `space [${x}]`,
  player: (p) => `player ${p + 1}`,
  unit: (u) => `unit #${u}`,
  kind: () => null,
};

/** Okabe–Ito colours, one per seat (as the CCG's page uses). */
export const SEAT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7"];

export function EmpiresPage({ api, table, watch }: { api: Api; table: string; watch: boolean }) {
  const seatTok: SeatToken | null = useMemo(() => (watch ? null : loadSeat(localStorage, table)), [table, watch]);
  const token = seatTok?.token ?? null;
  const [s, dispatch] = useReducer(reduceE, undefined, () => initialEState(table, seatTok?.seat ?? null));
  const [fatal, setFatal] = useState<string | null>(null);
  /** The cards' texts by name (null: not loaded yet). */
  const [cardTexts, setCardTexts] = useState<Record<string, string> | null>(null);
  const [lobby, setLobby] = useState<LobbyTable | null>(null);
  /** For the notices' log lines: the seats' names as last heard, and the races. */
  const who = useRef<(seat: number, name?: string) => string>((n) => `Seat ${n + 1}`);
  who.current = (n, name) => {
    const race = s.view?.players[n]?.race;
    return seatWho(lobby?.seats.find((x) => x.seat === n), n, race ? RACE_NAMES[race] : undefined, name);
  };
  const [awayNotice, setAwayNotice] = useState<string | null>(null);
  const seqRef = useRef<number | null>(null);
  seqRef.current = s.seq;
  const connRef = useRef<TableConnection | null>(null);
  const connOpen = useRef(false);
  connOpen.current = s.conn === "open";

  const refresh = useCallback(() => {
    api.state(table, token).then(
      (r) => dispatch({ type: "state", state: r as unknown as EmpiresState, at: Date.now() }),
      () => undefined,
    );
  }, [api, table, token]);

  // The table's lobby entry: which seats are away.
  const loadLobby = useCallback(() => {
    api.tableInfo(table).then(
      (t) => setLobby(t),
      () => undefined,
    );
  }, [api, table]);

  useEffect(() => {
    let alive = true;
    api.cards("empires").then(
      (r) => alive && setCardTexts(Object.fromEntries(r.cards.map((c) => [c.name, c.text]))),
      () => alive && setCardTexts({}),
    );
    return () => {
      alive = false;
    };
  }, [api]);

  useEffect(() => {
    let alive = true;
    let conn: TableConnection | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const load = (): void => {
      api.state(table, token).then(
        (r) => {
          if (!alive) return;
          dispatch({ type: "state", state: r as unknown as EmpiresState, at: Date.now() });
          // Ask for the recent changes too: their sentences fill the log.
          const note = (m: unknown) => {
            const text = noticeLine(m as Parameters<typeof noticeLine>[0], (n, name) => who.current(n, name));
            if (text) dispatch({ type: "note", text });
          };
          conn = new TableConnection({
            url: wsUrl(location, table),
            token,
            lastSeq: resumingFrom(Math.max(0, r.seq - 60), () => seqRef.current),
            onMessage: (m) => {
              const t = (m as { type: string }).type;
              if (t === "change") dispatch({ type: "change", msg: m as unknown as EmpiresChange, at: Date.now() });
              else if (t === "sync") dispatch({ type: "sync", msg: m as unknown as EmpiresSync, at: Date.now() });
              else if (t === "chat") dispatch({ type: "chat", lines: [m as unknown as ChatLine] });
              else if (t === "undo") {
                const u = m as unknown as { state: string; request?: UndoRequest | null };
                if (u.state === "asked" && u.request) dispatch({ type: "undo", request: u.request });
                else {
                  dispatch({ type: "undo", request: null });
                  refresh();
                }
              } else if (t === "joined" || t === "presence") {
                // A seat taken, a player come or gone: the log says who.
                note(m);
                loadLobby();
              } else if (t === "away") {
                note(m);
                // A seat handed to the computer or taken back (the clock may have run out).
                const a = m as unknown as { seat: number; away: boolean; reason: string };
                if (a.seat === seatTok?.seat) {
                  setAwayNotice(
                    a.away && a.reason === "clock"
                      ? "Your move clock ran out: the computer plays your seat until you take it back."
                      : null,
                  );
                }
                loadLobby();
              } else if (t === "error" && (m as { status: number }).status === 403) setFatal((m as { error: string }).error);
            },
            onStatus: (st) => {
              dispatch({ type: "conn", status: st });
              if (st === "open") loadLobby();
            },
          });
          connRef.current = conn;
          conn.start();
        },
        (e: unknown) => {
          if (!alive) return;
          if (e instanceof ApiError && (e.status === 0 || e.status >= 500)) {
            retry = setTimeout(load, 1000);
            return;
          }
          if (e instanceof ApiError && e.status === 403 && token) forgetSeat(localStorage, table);
          setFatal(e instanceof Error ? e.message : String(e));
        },
      );
    };
    load();
    api.chat(table, token).then(
      (r) => alive && dispatch({ type: "chat", lines: r.chat }),
      () => undefined,
    );
    loadLobby();
    const ping = setInterval(() => connRef.current?.send({ type: "ping" }), 25000);
    return () => {
      alive = false;
      if (retry !== null) clearTimeout(retry);
      clearInterval(ping);
      conn?.stop();
    };
  }, [api, table, token, refresh, loadLobby, seatTok?.seat]);

  const send = useCallback(
    (action: Action) => {
      if (!token || s.seq === null || s.sending) return;
      const seq = s.seq;
      dispatch({ type: "sent", seq, action });
      // On the table's WebSocket when it is open, else over HTTP.
      (connRef.current?.act(seq, action) ?? api.act(table, token, seq, action)).then(
        () => {
          if (!connOpen.current) refresh();
        },
        (e: unknown) => {
          if (e instanceof ApiError) {
            const stale = e.status === 409 && typeof e.body.seq === "number";
            dispatch({ type: "refused", error: e.message, rule: e.body.rule ?? null, stale });
            if (stale) refresh();
          } else dispatch({ type: "refused", error: String(e), rule: null });
        },
      );
    },
    [api, table, token, s.seq, s.sending, refresh],
  );

  useEffect(() => {
    document.title = `B5 Empires table ${table}`;
  }, [table]);

  if (fatal) return <FatalPage table={table} error={fatal} />;
  return (
    <EmpiresView
      s={s}
      api={api}
      token={token}
      send={send}
      dispatch={dispatch}
      cardTexts={cardTexts}
      lobby={lobby}
      reloadLobby={loadLobby}
      awayNotice={awayNotice}
    />
  );
}

function EmpiresView(props: {
  s: EState;
  api: Api;
  token: string | null;
  send: (a: Action) => void;
  dispatch: (m: Parameters<typeof reduceE>[1]) => void;
  cardTexts: Record<string, string> | null;
  lobby: LobbyTable | null;
  reloadLobby: () => void;
  awayNotice: string | null;
}) {
  const { s, dispatch, send } = props;
  const v = s.view;
  const map: Map | null = useMemo(() => (v ? mapOfView(v) : null), [v]);
  const layout = useMemo(() => (v ? layoutMap(map ?? placeholderMap(v)) : null), [map, v]);
  const [focus, setFocus] = useState<number | null>(null);
  const [tip, tips] = useCardTips();
  const n0 = useMemo(() => (v ? names(v, map) : null), [v, map]);
  const stackMove = useStackMove(s, send, n0 ?? FALLBACK_NAMES);
  if (!v || !layout) {
    return (
      <main class="page table-page empires" data-game="empires">
        <p>Loading the table…</p>
      </main>
    );
  }
  const n = n0 ?? names(v, map);
  const me = s.seat;
  const spectator = v.viewer === SPECTATOR || me === null;
  const active = canActE(s);
  return (
    <main
      class={`page table-page empires conn-${s.conn}`}
      data-game="empires"
      data-seq={s.seq ?? ""}
      data-finished={s.finished ? "1" : "0"}
      data-viewer={spectator ? "spectator" : String(me)}
    >
      <header class="bar">
        <h1>
          Babylon 5 Empires — table <code>{s.table}</code>
        </h1>
        <span class="muted">
          {spectator ? "watching" : `you are ${n.player(me!)} (seat ${me! + 1})`} · {s.conn === "open" ? "connected" : s.conn}
        </span>
        <a href="/">Lobby</a>{" "}
        <a href={`/replay/${encodeURIComponent(s.table)}`} data-testid="e-open-replay">
          Replay{s.finished ? "" : " up to now"}
        </a>
      </header>
      <p class="status" role="status" data-testid="e-status">
        Round {v.round}: {n.player(v.active)}'s {PHASE_NAMES[v.phase]}
        {v.pending.length > 0 && !s.finished ? ` — waiting for ${v.pending.map(n.player).join(", ")}` : ""}
        {active ? " — your choice" : ""} <MoveClock s={s} player={n.player} idle="Move clock: " />
      </p>
      {s.finished && <End s={s} v={v} n={n} />}
      <div class="e-layout">
        <section class="panel e-map-panel" aria-labelledby="e-map-h">
          <h2 id="e-map-h">{map ? map.name : "The map"}</h2>
          {!map && (
            <p class="muted">
              This table's map is generated, and the server's view does not describe it: the spaces are shown by
              number, without their lanes.
            </p>
          )}
          <MapSvg
            v={v}
            layout={layout}
            n={n}
            legal={active ? s.legal : []}
            focus={focus}
            setFocus={setFocus}
            onDestination={(a) => send(a)}
          />
          <Legend />
        </section>
        <div class="e-side">
          <Players v={v} s={s} lobby={props.lobby} />
          <Actions {...props} n={n} v={v} focus={focus} setFocus={setFocus} active={active} tips={tips}>
            {!spectator && <StackPanel s={s} n={n} move={stackMove} sendable={active} />}
          </Actions>
          {!spectator && <Hand v={v} n={n} tips={tips} />}
          <Situation v={v} n={n} />
          {!spectator && (
            <SeatManners {...props} testId="e-" player={n.player} />
          )}
          {!spectator && <InvitesPanel table={s.table} lobby={props.lobby} />}
          <ChatPanel table={s.table} chat={s.chat} api={props.api} token={props.token} headingId="e-chat-h" testId="e-chat" />
        </div>
        <Log s={s} />
      </div>
      <CardTip tip={tip} texts={props.cardTexts} onClose={tips.close} />
      {s.refused && (
        <div role="alert" class="refused">
          <p>⚠ Refused: {s.refused.error}</p>
          {s.refused.rule && <p class="rule">Rule: {s.refused.rule}</p>}
          <button type="button" class="small" onClick={() => dispatch({ type: "dismiss" })}>
            Dismiss
          </button>
        </div>
      )}
    </main>
  );
}

const KIND_FILL: Record<string, string> = {
  empty: "e-empty",
  system: "e-system",
  home: "e-home",
  babylon5: "e-b5",
  nebula: "e-nebula",
  supernova: "e-supernova",
  black_hole: "e-blackhole",
};

export function MapSvg(props: {
  v: EmpiresView;
  layout: Layout;
  n: Names;
  legal: Action[];
  focus: number | null;
  setFocus: (s: number | null) => void;
  /** A click on a space the server lists as a destination (a move, a retreat) sends that action. */
  onDestination: (a: Action) => void;
}) {
  const { v, layout, n, legal, focus, setFocus, onDestination } = props;
  const targets = new Set<number>();
  for (const a of legal) {
    const sp = spaceOf(a);
    if (sp !== null) targets.add(sp);
  }
  const dest = destinations(legal);
  const stacksAt = new globalThis.Map<number, StackView[]>();
  for (const st of v.stacks) stacksAt.set(st.space, [...(stacksAt.get(st.space) ?? []), st]);
  const sz = layout.size;
  const pos = layout.spaces;
  return (
    <svg
      class="e-map"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={`The map: ${layout.spaces.length} spaces`}
      data-spaces={layout.spaces.length}
      data-lanes={layout.lanes.length}
    >
      <g class="e-lanes">
        {layout.lanes.map((l) => {
          const a = pos[l.a]!;
          const b = pos[l.b]!;
          return l.link ? (
            <path
              key={`${l.a}-${l.b}`}
              class="e-lane e-link"
              d={`M${a.x},${a.y} Q${(a.x + b.x) / 2 + (b.y - a.y) * 0.2},${(a.y + b.y) / 2 - (b.x - a.x) * 0.2} ${b.x},${b.y}`}
            />
          ) : (
            <line key={`${l.a}-${l.b}`} class="e-lane" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
          );
        })}
      </g>
      {pos.map((p) => {
        const sv = v.spaces[p.id];
        const control = sv?.control ?? null;
        const isTarget = targets.has(p.id);
        const go = dest.has(p.id) ? destinationAction(legal, p.id) : null;
        const title = spaceTitle(p.id, p.kind, n, v);
        const label = (p.kind === "system" || p.kind === "home") && hexLabel(p.name, sz);
        const click = () => (go ? onDestination(go) : setFocus(focus === p.id ? null : p.id));
        return (
          <g
            key={p.id}
            class={`e-space ${KIND_FILL[p.kind] ?? ""} ${isTarget ? "e-target" : ""} ${go ? "e-dest" : ""} ${focus === p.id ? "e-focus" : ""}`}
            data-space={p.id}
            data-kind={p.kind}
            data-control={control ?? ""}
            data-target={isTarget ? "1" : undefined}
            data-dest={go ? "1" : undefined}
            role={go ? "button" : undefined}
            tabIndex={go ? 0 : undefined}
            aria-label={go ? `${go.action === "retreat" ? "Retreat" : "Move the picked units"} to ${n.space(p.id)}` : undefined}
            onClick={click}
            onKeyDown={(e) => {
              if (go && (e.key === "Enter" || e.key === " ")) {
                e.preventDefault();
                click();
              }
            }}
          >
            <title>{go ? `${go.action === "retreat" ? "Retreat" : "Move the picked units"} here: ${title}` : title}</title>
            <polygon
              points={hexPoints(p.x, p.y, sz * 0.84)}
              class="e-hex"
              style={control !== null ? { stroke: SEAT_COLOURS[control % 4], strokeWidth: 3 } : undefined}
            />
            {go && <polygon points={hexPoints(p.x, p.y, sz * 0.84)} class="e-dest-fill" />}
            {control !== null && (
              <circle cx={p.x - sz * 0.17} cy={p.y - sz * 0.6} r={sz * 0.12} fill={SEAT_COLOURS[control % 4]} class="e-ctl" />
            )}
            {p.kind === "babylon5" && (
              <text x={p.x} y={p.y - sz * 0.3} class="e-glyph" text-anchor="middle">
                B5
              </text>
            )}
            {p.kind === "supernova" && (
              <text x={p.x} y={p.y + 5} class="e-glyph" text-anchor="middle">
                ✸
              </text>
            )}
            {p.kind === "black_hole" && <circle cx={p.x} cy={p.y} r={sz * 0.3} class="e-hole" />}
            {sv?.jumpgate && (
              <text x={p.x + sz * 0.17} y={p.y - sz * 0.48} class="e-gate" text-anchor="middle">
                ⊛
              </text>
            )}
            {(p.kind === "system" || p.kind === "home") && (
              <>
                {label && (
                  <text
                    x={p.x}
                    y={p.y - sz * 0.22}
                    class="e-name"
                    text-anchor="middle"
                    style={{ fontSize: `${label.font}px` }}
                    textLength={label.fit ?? undefined}
                    lengthAdjust={label.fit ? "spacingAndGlyphs" : undefined}
                  >
                    {label.text}
                  </text>
                )}
                <text x={p.x} y={p.y + sz * 0.62} class="e-rev" text-anchor="middle">
                  {p.kind === "home" ? "10" : sv?.explored ? `R${sv.resources ?? 0}` : "?"}
                  {sv?.colony ? " C" : ""}
                  {sv?.shipyard ? " S" : ""}
                  {sv && sv.revolt > 0 ? " ⚑" : ""}
                </text>
              </>
            )}
            {(stacksAt.get(p.id) ?? []).map((st, i, all) => {
              const text = `${CHIT_SHORT[st.top]}${st.count > 1 ? `×${st.count}` : ""}`;
              const w = 6 + text.length * 5.6;
              const cx = p.x + (i - (all.length - 1) / 2) * (w + 2);
              return (
                <g class="e-stack" data-owner={st.owner} data-count={st.count} key={st.owner}>
                  <rect x={cx - w / 2} y={p.y - 3} width={w} height={13} rx={2} fill={SEAT_COLOURS[st.owner % 4]} />
                  <text x={cx} y={p.y + 7} class="e-stack-t" text-anchor="middle">
                    {text}
                  </text>
                </g>
              );
            })}
            {isTarget && <polygon points={hexPoints(p.x, p.y, sz * 0.84 - 3)} class="e-target-ring" />}
          </g>
        );
      })}
    </svg>
  );
}

function spaceTitle(id: number, kind: string, n: Names, v: EmpiresView): string {
  const sv = v.spaces[id];
  const parts = [n.space(id), n.kind(id) ?? kind];
  if (sv) {
    if (sv.control !== null) parts.push(`controlled by ${n.player(sv.control)}`);
    if (sv.explored && sv.resources !== null) parts.push(`Resources ${sv.resources}`);
    if (!sv.explored && kind === "system") parts.push("unexplored");
    if (sv.colony) parts.push("Colony");
    if (sv.shipyard) parts.push("Shipyard");
    if (sv.jumpgate) parts.push("Jumpgate");
    if (sv.revolt > 0) parts.push(`in revolt (${sv.revolt})`);
  }
  for (const st of v.stacks.filter((x) => x.space === id)) {
    parts.push(
      `${n.player(st.owner)}'s stack of ${st.count}: ` +
        (st.units ? st.units.map((u) => CHIT_NAMES[u.kind]).join(", ") : `${CHIT_NAMES[st.top]} on top`),
    );
  }
  return parts.join(" · ");
}

function Legend() {
  return (
    <p class="e-legend muted">
      B5 Babylon 5 · ⊛ Jumpgate · ✸ supernova · ● black hole · shaded: nebula · R1–R3 Resources (? unexplored) · C
      Colony · S Shipyard · stacks: top unit × height (CS Capitol Ship, Cr Cruiser, Ftr Fighters, Cdr Commander, Dip
      Diplomat) · dashed: a space your choices name · lit: where the picked units may go (click it to move there)
    </p>
  );
}

export function Players({ v, s, lobby }: { v: EmpiresView; s: Pick<EState, "seat" | "winners">; lobby: LobbyTable | null }) {
  return (
    <section class="panel" aria-labelledby="e-players-h">
      <h2 id="e-players-h">Empires</h2>
      <table class="e-players">
        <thead>
          <tr>
            <th scope="col">Race</th>
            <th scope="col">Treasury</th>
            <th scope="col">Revenue</th>
            <th scope="col">Hand</th>
            <th scope="col">Systems</th>
          </tr>
        </thead>
        <tbody>
          {v.players.map((p, i) => (
            <tr key={i} data-player={i} class={i === s.seat ? "mine" : ""}>
              <th scope="row">
                <span class="e-swatch" style={{ background: SEAT_COLOURS[i % 4] }} aria-hidden="true" />{" "}
                {RACE_NAMES[p.race]}
                {i === v.active ? " ▶" : ""}
                {s.winners.includes(i) ? " ★" : ""}
                {p.eliminated ? " (eliminated)" : ""}
                {p.captured.length > 0 ? ` · captured ${p.captured.length}` : ""}
                <SeatWho seat={lobby?.seats.find((x) => x.seat === i)} />
              </th>
              <td>{p.treasury}</td>
              <td>{p.revenue}</td>
              <td>{p.hand}</td>
              <td>{p.systems}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">
        Deck {v.deck} · discard {v.discard.length} · unit pile {v.pile}
      </p>
    </section>
  );
}

function Hand({ v, n, tips }: { v: EmpiresView; n: Names; tips: CardTips }) {
  return (
    <section class="panel e-hand" aria-labelledby="e-hand-h">
      <h2 id="e-hand-h">Your hand ({v.hand.length})</h2>
      {v.hand.length === 0 ? (
        <p class="muted">No cards.</p>
      ) : (
        <ul class="e-cards">
          {v.hand.map((c, i) => (
            <li key={i} data-card={c}>
              <button
                type="button"
                class="e-card"
                data-card={c}
                {...tipHandlers(tips, `hand-${i}-${c}`, [c])}
                // A click or a tap keeps the text open.
                onClick={(e) => tips.show(`hand-${i}-${c}`, [CARD_NAMES[c]], e.currentTarget, true)}
              >
                {CARD_NAMES[c]}
              </button>
            </li>
          ))}
        </ul>
      )}
      {v.offer.length > 0 && (
        <>
          <h3>Your recruit draw</h3>
          <ul class="e-cards">
            {v.offer.map((u) => (
              <li key={u.id} data-unit={u.id} data-cost={v.costs?.units[String(u.id)] ?? undefined}>
                {CHIT_NAMES[u.kind]} #{u.id}
                {typeof v.costs?.units[String(u.id)] === "number" ? ` — cost ${v.costs.units[String(u.id)]}` : ""}
              </li>
            ))}
          </ul>
        </>
      )}
      {v.peeks.length > 0 && (
        <>
          <h3>What your cards showed you</h3>
          <ul>
            {v.peeks.map((p, i) => (
              <li key={i}>
                {p.peek === "hand"
                  ? `${n.player(p.player)}'s hand: ${p.cards.map((c) => CARD_NAMES[c]).join(", ") || "empty"}`
                  : p.peek === "deck"
                    ? `The next cards of the deck: ${p.cards.map((c) => CARD_NAMES[c]).join(", ")}`
                    : `${n.player(p.owner)}'s stack at ${n.space(p.space)}: ${p.units.map((u) => CHIT_NAMES[u]).join(", ")}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The move order, a window for reactions, a battle, a forced discard. */
export function Situation({ v, n }: { v: EmpiresView; n: Names }) {
  const lines: string[] = [];
  if (v.order) lines.push(`${CARD_NAMES[v.order.card]}: ${v.order.left} stack(s) may still move.`);
  const w = v.window;
  if (w?.window === "before_move")
    lines.push(`${n.player(w.player)} moves ${w.count} unit(s) from ${n.space(w.from)} to ${n.space(w.to)}: answers may be played.`);
  else if (w?.window === "end_of_move") lines.push("The Move Phase ends: a last Intercept may be played.");
  else if (w?.window === "security")
    lines.push(`${n.player(w.player)} plays ${CARD_NAMES[w.card]} on ${n.player(w.victim)}: Security may negate it.`);
  if (v.forced_discard) lines.push(`${n.player(v.forced_discard[0])} must discard ${v.forced_discard[1]} card(s).`);
  const b = v.battle;
  return lines.length === 0 && !b ? null : (
    <section class="panel e-situation" aria-labelledby="e-sit-h">
      <h2 id="e-sit-h">Now</h2>
      {lines.map((l, i) => (
        <p key={i}>{l}</p>
      ))}
      {b && (
        <div class="e-battle" data-space={b.space}>
          <h3>
            Battle at {n.space(b.space)} ({b.stage})
          </h3>
          <p>
            {n.player(b.attacker)} Force {b.force[0]} against {n.player(b.defender)} Force {b.force[1]}
            {b.winner !== null ? ` — ${n.player(b.winner)} wins` : ""}
            {b.to_lose > 0 ? ` — ${b.to_lose} casualties to choose` : ""}
          </p>
          <ul>
            {b.units.map(([id, kind, owner]) => (
              <li key={id}>
                {n.player(owner)}: {CHIT_NAMES[kind]} #{id}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Actions(props: {
  s: EState;
  api: Api;
  token: string | null;
  send: (a: Action) => void;
  n: Names;
  v: EmpiresView;
  focus: number | null;
  setFocus: (s: number | null) => void;
  active: boolean;
  tips: CardTips;
  /** The stack panel (picking units to move), above the list. */
  children?: ComponentChildren;
}) {
  const { s, api, token, send, n, v, focus, setFocus, active, tips } = props;
  const [hint, setHint] = useState<{ seq: number; key: string | null; text: string } | null>(null);
  // Picking units is the stack panel's: no button per unit.
  const labelled = s.legal
    .filter((a) => !isPickAction(a))
    .map((a) => ({ a, label: labelAction(a, n, v), space: spaceOf(a), key: actionKey(a), cards: cardsOfAction(a) }));
  const shown = focus === null ? labelled : labelled.filter((c) => c.space === focus || c.space === null);
  const askHint = () => {
    if (!token || s.seq === null) return;
    const seq = s.seq;
    api.advice<Action>(s.table, token).then(
      (r) => setHint({ seq: r.seq, key: actionKey(r.action), text: `◆ The computer would choose: ${r.label}` }),
      (e: unknown) => setHint({ seq, key: null, text: `No hint: ${e instanceof Error ? e.message : String(e)}` }),
    );
  };
  const hinted = hint && hint.seq === s.seq ? hint : null;
  return (
    <section class="panel actions" aria-labelledby="e-actions-h" data-active={active ? "1" : "0"}>
      <div class="actions-head">
        <h2 id="e-actions-h">Your choices</h2>
        {s.seat !== null && token && (
          <button type="button" class="small hint-btn" disabled={!active} onClick={askHint}>
            Hint
          </button>
        )}
      </div>
      {hinted && (
        <p class="hint-line" role="status" data-testid="hint">
          {hinted.text}
        </p>
      )}
      {s.seat === null ? (
        <p>You are watching.</p>
      ) : !active ? (
        <p class="muted">{s.finished ? "The game is over." : s.sending ? "Sending…" : "Nothing to choose now."}</p>
      ) : (
        <>
          {focus !== null && (
            <p class="hint">
              Showing the choices at {n.space(focus)} and those about no space.{" "}
              <button type="button" class="small" onClick={() => setFocus(null)}>
                Show all
              </button>
            </p>
          )}
          {props.children}
          <ol class="plain-list e-choices">
            {shown.map((c) => (
              <li key={c.key} class={c.cards.length > 0 ? "e-card-choice" : undefined}>
                <button
                  type="button"
                  class={`choice plain ${hinted?.key === c.key ? "hinted" : ""}`}
                  data-action={c.a.action}
                  data-space={c.space ?? undefined}
                  data-cost={costOf(c.a, v) ?? undefined}
                  {...tipHandlers(tips, `act-${c.key}`, c.cards)}
                  onClick={() => send(c.a)}
                >
                  {hinted?.key === c.key ? "◆ " : ""}
                  {c.label}
                </button>
                <CardInfoButton tips={tips} tipKey={c.key} cards={c.cards} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function Log({ s }: { s: EState }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [s.log.length]);
  return (
    <section class="panel log e-log-panel" aria-labelledby="e-log-h">
      <h2 id="e-log-h">Log</h2>
      {s.log.length === 0 ? (
        <p class="muted">Nothing yet.</p>
      ) : (
        <ol class="log-lines e-log" ref={ref}>
          {s.log.map((l, i) => (
            <li key={i} data-seq={l.seq}>
              {l.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function End({ s, v, n }: { s: EState; v: EmpiresView; n: Names }) {
  return (
    <section class="panel summary" aria-labelledby="e-end-h" data-testid="e-end">
      <h2 id="e-end-h">The game is over</h2>
      <p>{v.outcome ? outcomeWords(v.outcome, n) : "The game is over."}</p>
      {s.winners.length > 0 && <p>Winner: {s.winners.map(n.player).join(", ")}.</p>}
    </section>
  );
}
