// The board: the cards, factions and conflicts of a position, and the card
// text beside what the pointer, the focus or a tap is on. Used by the table
// page and, read-only (no menu, no targets), by anything that shows a past
// position.

import { useMemo, useRef, useState } from "preact/hooks";
import type { CardIndex, CardText } from "./cards";
import type { Names } from "./describe";
import { cardWords } from "./tile";
import { placeTip, type Box } from "./tipplace";
import { CardTile } from "./controls/cardtile";
import { groupOfCard, type Ref } from "./menu";
import type { TableState } from "./store";
import { SeatWho } from "./controls/presence";
import { useTipDismiss } from "./tipdismiss";
import type { CardView, ConflictView, Group, LobbySeat, PlayerPublic, PlayerView } from "./types";

/** What the board reads of the table's state (a past position needs no more). */
export type BoardState = Pick<TableState, "view" | "touched" | "toAct" | "winners">;

export interface Ctx {
  s: BoardState;
  menuGroups: Group[];
  selected: Group | undefined;
  targets: Set<string>;
  onCard: (id: number) => void;
  onRef: (r: Ref) => void;
  /** Card text on hover, focus or tap. */
  tips: Tips;
}

/** A board that only shows: no choices, no targets, clicks only open a card's text. */
export function readOnlyCtx(s: BoardState, tips: Tips): Ctx {
  return { s, menuGroups: [], selected: undefined, targets: new Set(), onCard: () => undefined, onRef: () => undefined, tips };
}

/** A card's full text shown beside the element it belongs to. */
export interface Tip {
  /** What the tip belongs to (a card on the table, a menu entry). */
  key: string;
  name: string;
  /** The card's state at the table (rotation, damage...), when it is on the table. */
  info: string;
  rect: Box;
  /** Opened by a tap or a click: stays until closed. */
  pinned: boolean;
  /** The element it belongs to (a tip whose element has gone goes too). */
  el: Element;
}

export interface Tips {
  show: (key: string, name: string, info: string, el: Element, pinned: boolean) => void;
  hide: (key: string) => void;
  /** The name of a card the page knows, by id. */
  name: (id: number) => string;
  /** Whether the last pointer was a finger or a pen (a tap shows the text). */
  touch: () => boolean;
}

/** Hover, focus and tap handlers that show a card's text. */
export function tipHandlers(tips: Tips, key: string, name: string | null, info = "") {
  if (!name) return {};
  return {
    onMouseEnter: (e: MouseEvent) => tips.show(key, name, info, e.currentTarget as Element, false),
    onMouseLeave: () => tips.hide(key),
    onFocus: (e: FocusEvent) => tips.show(key, name, info, e.currentTarget as Element, false),
    onBlur: () => tips.hide(key),
  };
}

/** The card tip shown now, and the handlers that open and close it (Escape, a tap elsewhere). */
export function useCardTips(names: Names): { tip: Tip | null; setTip: (t: Tip | null | ((x: Tip | null) => Tip | null)) => void; tips: Tips } {
  const [tip, setTip] = useState<Tip | null>(null);
  const pointer = useRef<string>("mouse");
  useTipDismiss(setTip, ".card-tip, [data-tip]", (e) => (pointer.current = e.pointerType));
  const tips: Tips = useMemo(
    () => ({
      show: (key, name, info, el, pinned) => {
        const r = el.getBoundingClientRect();
        const rect = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        setTip((x) => {
          // A second tap on what is pinned closes it.
          if (pinned && x?.pinned && x.key === key) return null;
          // Hovering elsewhere does not replace a pinned tip.
          if (!pinned && x?.pinned) return x;
          return { key, name, info, rect, pinned, el };
        });
      },
      hide: (key) => setTip((x) => (x && !x.pinned && x.key === key ? null : x)),
      name: (id) => names.card(id),
      touch: () => pointer.current === "touch" || pointer.current === "pen",
    }),
    [names],
  );
  return { tip, setTip, tips };
}

export function CardBox({ c, ctx, where }: { c: CardView; ctx: Ctx; where: string }) {
  const g = ctx.menuGroups.length ? groupOfCard({ groups: ctx.menuGroups }, c.id, ctx.s.view) : undefined;
  const isTarget = ctx.targets.has(`c${c.id}`);
  const isSelected = !!g && ctx.selected === g;
  const touched = ctx.s.touched.cards.includes(c.id);
  const long = cardWords(c, { touched, can: !!g, target: isTarget });
  const clickable = !!g || isTarget;
  const tipKey = `card-${c.id}`;
  return (
    <CardTile
      c={c}
      where={where}
      can={!!g}
      target={isTarget}
      selected={isSelected}
      touched={touched}
      label={long}
      clickable={clickable}
      tip={tipHandlers(ctx.tips, tipKey, c.name, long)}
      onClick={(e) => {
        if (clickable) ctx.onCard(c.id);
        // A tap (or a click on a card without choices) keeps the text open.
        if (!clickable || ctx.tips.touch()) ctx.tips.show(tipKey, c.name, long, e.currentTarget as Element, true);
      }}
    />
  );
}

/** The full text of the card hovered, focused or tapped, beside it. */
export function CardTip({
  tip,
  index,
  onClose,
  avoid,
}: {
  tip: Tip | null;
  index: CardIndex | null;
  onClose: () => void;
  /** The area the tip keeps clear of (the seat's choices), if any. */
  avoid?: () => Box | null;
}) {
  // Always in the page (empty when nothing is shown): aria-describedby points at it.
  if (!tip) return <div id="card-tip" class="card-tip-none" role="tooltip" hidden />;
  const text: CardText | undefined = index?.get(tip.name);
  const at = placeTip(tip.rect, window.innerWidth, window.innerHeight, avoid?.() ?? null);
  const style: Record<string, string> = { left: `${at.left}px`, width: `${at.width}px` };
  if (at.top !== undefined) style.top = `${at.top}px`;
  if (at.bottom !== undefined) style.bottom = `${at.bottom}px`;
  return (
    <div
      // A new element for each card: a tip never moves from one card to another.
      key={tip.key}
      id="card-tip"
      class={`card-tip ${tip.pinned ? "pinned" : ""}`}
      role="tooltip"
      data-card-name={tip.name}
      style={style}
    >
      <p class="tip-title">
        <strong>{text?.title ?? tip.name}</strong>
        {tip.pinned && (
          <button type="button" class="small tip-close" onClick={onClose} aria-label="Close the card text">
            ×
          </button>
        )}
      </p>
      {text ? (
        <div class="tip-text">
          {text.lines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </div>
      ) : (
        <p class="muted">{index === null ? "Loading the card text…" : "This server sends no card text."}</p>
      )}
      {tip.info && <p class="tip-info">Now: {tip.info.split("; ").slice(1).join("; ") || "—"}</p>}
    </div>
  );
}

export function Row({ title, cards, ctx, where }: { title: string; cards: CardView[]; ctx: Ctx; where: string }) {
  return (
    <div class="row">
      <h4>{title}</h4>
      {cards.length === 0 ? (
        <p class="empty">none</p>
      ) : (
        <ul class="cards">
          {cards.map((c) => (
            <CardBox key={c.id} c={c} ctx={ctx} where={where} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function agendaText(p: PlayerPublic): string {
  const a = p.agenda;
  if (a === "None") return "none";
  if ("Revealed" in a) return a.Revealed.name;
  return a.Hidden ? `face down (${a.Hidden.name})` : "face down";
}

export function Faction({ p, v, me, ctx, who }: { p: PlayerPublic; v: PlayerView; me: number | null; ctx: Ctx; who: LobbySeat | undefined }) {
  const isTarget = ctx.targets.has(`p${p.seat}`);
  const waiting = ctx.s.toAct.includes(p.seat);
  const tension = p.tension
    .map((t, q) => (q !== p.seat && t > 0 ? `${v.players[q]?.name ?? q}: ${t}` : ""))
    .filter(Boolean);
  const wars = p.at_war.map((q) => v.players[q]?.name ?? String(q));
  const ic = p.inner_circle;
  return (
    <section
      class={`faction ${p.seat === me ? "mine" : ""} ${waiting ? "waiting" : ""}`}
      aria-label={`${p.name}'s faction${p.seat === me ? " (yours)" : ""}`}
      data-seat={p.seat}
    >
      <header class="fhead">
        <h3>
          {waiting ? "● " : ""}
          {p.name}
          {p.seat === me ? " (you)" : ""}
          {waiting ? " — choosing" : ""}
          {p.eliminated ? " — eliminated" : ""}
          {p.drakh ? " — Drakh faction" : ""}
          {ctx.s.winners.includes(p.seat) ? " — ★ winner" : ""}
        </h3>
        <SeatWho seat={who} />
        {isTarget && (
          <button type="button" class="target-btn" onClick={() => ctx.onRef({ kind: "player", seat: p.seat })}>
            ◎ Target {p.name}
          </button>
        )}
      </header>
      <dl class="stats">
        <div>
          <dt>Power</dt>
          <dd data-testid={`power-${p.seat}`}>{p.power}</dd>
        </div>
        <div>
          <dt>Influence</dt>
          <dd title="rating / spent / unspent">
            {p.influence} / {p.spent} / {p.unspent}
          </dd>
        </div>
        <div>
          <dt>Unrest</dt>
          <dd>{p.unrest}</dd>
        </div>
        <div>
          <dt>Tension</dt>
          <dd>{tension.join(", ") || "none"}</dd>
        </div>
        <div>
          <dt>War</dt>
          <dd>{wars.join(", ") || "none"}</dd>
        </div>
        <div>
          <dt>Agenda</dt>
          <dd>{agendaText(p)}</dd>
        </div>
        <div>
          <dt>Hand / deck / discard</dt>
          <dd>
            {p.hand_size} / {p.deck_size} / {p.discard.length}
            {p.crusade_size ? ` / crusade ${p.crusade_size}` : ""}
          </dd>
        </div>
      </dl>
      <Row title="Inner Circle" cards={ic} ctx={ctx} where="inner" />
      <Row title="Supporting" cards={p.supporting} ctx={ctx} where="supporting" />
      {p.faction_cards.length > 0 && <Row title="On the faction" cards={p.faction_cards} ctx={ctx} where="faction" />}
      {p.discard.length > 0 && (
        <details class="discard">
          <summary>Discard pile ({p.discard.length})</summary>
          <ul class="plain">
            {p.discard.map((c) => (
              <li key={c.id}>
                <CardName name={c.name} tipKey={`discard-${c.id}`} ctx={ctx} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

export function Globals({ v, ctx }: { v: PlayerView; ctx: Ctx }) {
  if (v.globals.length === 0) return null;
  return (
    <section class="panel globals" aria-label="Global cards">
      <Row title="Global enhancements and aftermaths" cards={v.globals} ctx={ctx} where="global" />
    </section>
  );
}

export function Conflicts({ v, ctx }: { v: PlayerView; ctx: Ctx }) {
  return (
    <section class="panel conflicts" aria-labelledby="conflicts-h">
      <h2 id="conflicts-h">Conflicts this turn</h2>
      {v.conflicts.length === 0 ? (
        <p class="empty">none</p>
      ) : (
        <ul class="conflict-list">
          {v.conflicts.map((k) => (
            <ConflictBox key={k.id} k={k} v={v} ctx={ctx} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function ConflictBox({ k, v, ctx }: { k: ConflictView; v: PlayerView; ctx: Ctx }) {
  const by = v.players[k.initiator]?.name ?? String(k.initiator);
  const isTarget = ctx.targets.has(`k${k.id}`);
  return (
    <li class={`conflict ${isTarget ? "target" : ""} ${ctx.s.touched.conflicts.includes(k.id) ? "touched" : ""}`} data-conflict={k.id}>
      <div class="khead">
        <strong>
          {k.card ? (
            <CardName name={k.card.name} tipKey={`conflict-${k.id}`} ctx={ctx} />
          ) : k.face_down && !k.name ? (
            "A face-down conflict"
          ) : (
            (k.name ?? "conflict")
          )}
        </strong>{" "}
        by {by}
        {k.war ? " (war)" : ""}
        {k.kind ? ` · ${k.kind}` : ""}
        {k.target ? ` · target: ${k.target}` : ""} · {k.outcome.toLowerCase()}
        {isTarget && (
          <button type="button" class="target-btn" onClick={() => ctx.onRef({ kind: "conflict", id: k.id })}>
            ◎ Choose this conflict
          </button>
        )}
      </div>
      {k.card && k.card.hidden_contingencies + k.card.own_contingencies.length > 0 && (
        <div class="kcont">
          {k.card.hidden_contingencies > 0 &&
            `${k.card.hidden_contingencies} contingenc${k.card.hidden_contingencies === 1 ? "y" : "ies"} face down`}
          {k.card.own_contingencies.map((a) => ` (face down: ${a.name})`).join("")}
        </div>
      )}
      {!(k.face_down && !k.name) && (
        <div class="ktotals">
          Support {k.support} · Opposition {k.opposition}
          {k.sides.length > 0 ? ` · sides ${k.sides.join(" / ")}` : ""}
        </div>
      )}
      {k.participants.length > 0 && (
        <ul class="plain participants">
          {k.participants.map((pt) => (
            <li key={`${pt.card}-${pt.role}`}>
              {pt.role === "support" ? "+" : pt.role === "oppose" ? "−" : "×"}{" "}
              <CardName name={pt.name} tipKey={`pt-${k.id}-${pt.card}-${pt.role}`} ctx={ctx} />: {pt.role} with {pt.ability} {pt.value}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A card named in a line of text (a conflict, a participant, a discard pile): its text on hover, focus or tap. */
export function CardName({ name, tipKey, ctx }: { name: string; tipKey: string; ctx: Ctx }) {
  return (
    <span
      class="cardref"
      tabIndex={0}
      data-tip=""
      aria-describedby="card-tip"
      {...tipHandlers(ctx.tips, tipKey, name)}
      onClick={(e) => ctx.tips.show(tipKey, name, "", e.currentTarget, true)}
    >
      {name}
    </span>
  );
}

export function Hand({ v, ctx }: { v: PlayerView; ctx: Ctx }) {
  return (
    <section class="panel hand" aria-labelledby="hand-h">
      <h2 id="hand-h">Your hand ({v.hand.length})</h2>
      {v.hand.length === 0 ? (
        <p class="empty">empty</p>
      ) : (
        <ul class="cards">
          {v.hand.map((c) => (
            <CardBox key={c.id} c={c} ctx={ctx} where="hand" />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A position's board: the global cards, the conflicts, the seat's hand (when
 * it has a seat) and every faction, the seat's own first.
 */
export function Board({ v, ctx, me, seats }: { v: PlayerView; ctx: Ctx; me: number | null; seats?: LobbySeat[] }) {
  const order = v.players.map((p) => p.seat);
  // Our own faction first.
  if (me !== null) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  return (
    <>
      <Globals v={v} ctx={ctx} />
      <Conflicts v={v} ctx={ctx} />
      {me !== null && <Hand v={v} ctx={ctx} />}
      <div class="factions">
        {order.map((seat) => (
          <Faction key={seat} p={v.players[seat]!} v={v} me={me} ctx={ctx} who={seats?.find((x) => x.seat === seat)} />
        ))}
      </div>
    </>
  );
}
