// A replayed Babylon 5 Empires position: the map, the empires and the
// situation as the viewer saw them then, read only.

import { useMemo, useState } from "preact/hooks";
import type { ReplayResponse } from "../types";
import { layoutMap, mapOfView, placeholderMap } from "./layout";
import { MapSvg, Players, Situation } from "./page";
import type { EmpiresView } from "./types";
import { names, PHASE_NAMES } from "./words";

export function EmpiresReplayBoard({ pos }: { pos: ReplayResponse }) {
  const v = pos.view as EmpiresView;
  const map = useMemo(() => mapOfView(v), [v]);
  const layout = useMemo(() => layoutMap(map ?? placeholderMap(v)), [map, v]);
  const n = useMemo(() => names(v, map), [v, map]);
  const [focus, setFocus] = useState<number | null>(null);
  return (
    <div class="empires e-replay" data-game="empires">
      <p class="status" data-testid="e-replay-status">
        Round {v.round}: {n.player(v.active)}'s {PHASE_NAMES[v.phase]}
      </p>
      <section class="panel e-map-panel" aria-label={map ? map.name : "The map"}>
        <MapSvg v={v} layout={layout} n={n} legal={[]} focus={focus} setFocus={setFocus} onDestination={() => undefined} />
      </section>
      <Players v={v} s={{ seat: pos.seat, winners: pos.winners }} lobby={null} />
      <Situation v={v} n={n} />
    </div>
  );
}
