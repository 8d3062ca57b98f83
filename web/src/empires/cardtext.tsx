// An Empires card's text beside it: on hover and on keyboard focus it
// shows while the pointer or the focus stays; a click or a tap pins it
// until closed (×, Escape, a tap elsewhere, or a second tap). The texts are
// the server's (GET /api/cards?game=empires), by card name.

import { useEffect, useMemo, useState } from "preact/hooks";
import type { Action, Card } from "../generated/empires";
import { layout } from "../cards";
import { CARD_NAMES } from "./words";
import { useTipDismiss } from "../tipdismiss";

export interface CardTipState {
  /** What the tip belongs to (a card in the hand, a choice). */
  key: string;
  /** The cards whose texts it shows (a Special Card and what it is played as). */
  names: string[];
  rect: { left: number; top: number; bottom: number };
  pinned: boolean;
  el: Element;
}

export interface CardTips {
  show: (key: string, names: string[], el: Element, pinned: boolean) => void;
  hide: (key: string) => void;
  close: () => void;
}

/** The cards an action is about, for its tip: a card played (and what a Special Card is played as) or thrown away. */
export function cardsOfAction(a: Action): Card[] {
  if (a.action === "discard") return [a.card];
  if (a.action === "play") return a.as_card && a.as_card !== a.card ? [a.as_card, a.card] : [a.card];
  return [];
}

/** The tip shown and how to show it; Escape and a tap elsewhere close a pinned one. */
export function useCardTips(): [CardTipState | null, CardTips] {
  const [tip, setTip] = useState<CardTipState | null>(null);
  useTipDismiss(setTip, ".card-tip, [data-card-tip]");
  const tips: CardTips = useMemo(
    () => ({
      show: (key, names, el, pinned) => {
        const r = el.getBoundingClientRect();
        const rect = { left: r.left, top: r.top, bottom: r.bottom };
        setTip((x) => {
          // A second click on what is pinned closes it.
          if (pinned && x?.pinned && x.key === key) return null;
          // Hovering elsewhere does not replace a pinned tip.
          if (!pinned && x?.pinned) return x;
          return { key, names, rect, pinned, el };
        });
      },
      hide: (key) => setTip((x) => (x && !x.pinned && x.key === key ? null : x)),
      close: () => setTip(null),
    }),
    [],
  );
  // A tip whose element has gone (the card was played) goes too.
  useEffect(() => {
    if (tip && !tip.el.isConnected) setTip(null);
  });
  return [tip, tips];
}

/** Hover and keyboard focus show a card's text (the element also needs `data-card-tip`). */
export function tipHandlers(tips: CardTips, key: string, cards: Card[]) {
  if (cards.length === 0) return {};
  const names = cards.map((c) => CARD_NAMES[c]);
  return {
    "data-card-tip": "",
    "aria-describedby": "e-card-tip",
    onMouseEnter: (e: MouseEvent) => tips.show(key, names, e.currentTarget as Element, false),
    onMouseLeave: () => tips.hide(key),
    onFocus: (e: FocusEvent) => tips.show(key, names, e.currentTarget as Element, false),
    onBlur: () => tips.hide(key),
  };
}

/** A small button beside a choice that plays a card: a click or tap pins the card's text (the choice itself acts). */
export function CardInfoButton({ tips, tipKey, cards }: { tips: CardTips; tipKey: string; cards: Card[] }) {
  if (cards.length === 0) return null;
  const names = cards.map((c) => CARD_NAMES[c]);
  return (
    <button
      type="button"
      class="small e-card-info"
      data-card-tip=""
      aria-label={`What ${names[0]} does`}
      aria-describedby="e-card-tip"
      onClick={(e) => tips.show(`info-${tipKey}`, names, e.currentTarget, true)}
    >
      ?
    </button>
  );
}

/** The text of the card hovered, focused or pinned, beside it. */
export function CardTip(props: { tip: CardTipState | null; texts: Record<string, string> | null; onClose: () => void }) {
  const { tip, texts, onClose } = props;
  // Always in the page (empty when nothing is shown): aria-describedby points at it.
  if (!tip) return <div id="e-card-tip" class="card-tip-none" role="tooltip" hidden />;
  const width = Math.min(340, window.innerWidth - 16);
  const left = Math.max(8, Math.min(tip.rect.left, window.innerWidth - width - 8));
  const below = window.innerHeight - tip.rect.bottom;
  const style: Record<string, string> = { left: `${left}px`, width: `${width}px` };
  if (below >= 200 || below >= tip.rect.top) style.top = `${tip.rect.bottom + 6}px`;
  else style.bottom = `${window.innerHeight - tip.rect.top + 6}px`;
  const [first, ...rest] = tip.names;
  return (
    <div
      key={tip.key}
      id="e-card-tip"
      class={`card-tip e-card-tip ${tip.pinned ? "pinned" : ""}`}
      role="tooltip"
      data-card-name={first}
      style={style}
    >
      {tip.names.map((name, i) => {
        const raw = texts?.[name];
        const t = raw ? layout(name, raw) : null;
        return (
          <div key={name} class="e-tip-card">
            {i === 0 && rest.length > 0 && (
              <p class="tip-as">
                The {rest[0]}, played as {first}:
              </p>
            )}
            <p class="tip-title">
              <strong>{t?.title ?? name}</strong>
              {i === 0 && tip.pinned && (
                <button type="button" class="small tip-close" onClick={onClose} aria-label="Close the card text">
                  ×
                </button>
              )}
            </p>
            {t ? (
              <div class="tip-text">
                {t.lines.map((l, k) => (
                  <p key={k}>{l}</p>
                ))}
              </div>
            ) : (
              <p class="muted">{texts === null ? "Loading the card text…" : "This server sends no text for this card."}</p>
            )}
          </div>
        );
      })}
    </div>
  );
}
