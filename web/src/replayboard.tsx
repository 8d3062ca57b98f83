// A replayed position's board: the table as its viewer saw it then, read
// only (a card's text still opens on hover, focus and tap), with what the
// last action changed marked when the position before it is known.

import { useEffect, useMemo, useState } from "preact/hooks";
import { Board, CardTip, readOnlyCtx, useCardTips, type BoardState } from "./board";
import type { CardIndex, CardTexts } from "./cards";
import { namesOf } from "./describe";
import { NOTHING_TOUCHED, touchedBetween } from "./touched";
import type { PlayerView, ReplayResponse } from "./types";

export function ReplayBoard({ pos, before, cards }: { pos: ReplayResponse; before: ReplayResponse | null; cards: CardTexts }) {
  const v = pos.view as PlayerView;
  const names = useMemo(() => namesOf(v), [v]);
  const { tip, setTip, tips } = useCardTips(names);
  const [index, setIndex] = useState<CardIndex | null>(null);
  useEffect(() => {
    let alive = true;
    void cards.load().then((i) => alive && setIndex(i));
    return () => {
      alive = false;
    };
  }, [cards]);
  // A tip whose card is gone from this position goes too.
  useEffect(() => setTip((x) => (x && !x.el.isConnected ? null : x)), [pos, setTip]);
  const s: BoardState = {
    view: v,
    touched: before ? touchedBetween(before.view as PlayerView, v) : NOTHING_TOUCHED,
    toAct: [],
    winners: pos.winners,
  };
  return (
    <>
      <CardTip tip={tip} index={index} onClose={() => setTip(null)} />
      <section class="panel replay-facts" aria-label="The position">
        <p>
          Turn <strong>{v.turn}</strong> · Round <strong>{v.round}</strong> · B5 / Shadow / Vorlon{" "}
          <strong>
            {v.babylon5} / {v.shadows} / {v.vorlons}
          </strong>
          {v.shadow_war ? " · Shadow War" : ""} · Initiative{" "}
          <strong>{v.initiative.map((p) => v.players[p]?.name ?? `Seat ${p + 1}`).join(" → ") || "—"}</strong>
        </p>
        <p class="muted">Waiting for: {v.waiting_for}</p>
      </section>
      <Board v={v} ctx={readOnlyCtx(s, tips)} me={pos.seat} />
    </>
  );
}
