// A card on the table drawn as a card: a framed tile with its title line
// (name and cost), its type line, its abilities in labelled boxes, its
// tokens and marks, and what is attached to it. A rotated card is drawn
// turned; a neutralized one greyed with a band across. What the tile shows
// comes from tile.ts; its full rules text is the card tip's (board.tsx).

import { tileOf } from "../tile";
import type { CardView } from "../types";

export interface CardTileProps {
  c: CardView;
  where: string;
  /** The card has choices (blue frame), is a target to pick (dashed), is the one selected. */
  can: boolean;
  target: boolean;
  selected: boolean;
  /** Changed by the others since the seat last acted. */
  touched: boolean;
  /** The card in words (the button's accessible name). */
  label: string;
  /** Whether clicking it does something (a choice or a target). */
  clickable: boolean;
  onClick: (e: MouseEvent) => void;
  /** Hover and focus handlers that open the card's text. */
  tip: { onMouseEnter?: (e: MouseEvent) => void; onMouseLeave?: () => void; onFocus?: (e: FocusEvent) => void; onBlur?: () => void };
}

export function CardTile(p: CardTileProps) {
  const t = tileOf(p.c);
  const cls = [
    "card",
    t.rotated ? "rotated" : "",
    t.neutralized ? "neutralized" : "",
    p.can ? "can" : "",
    p.target ? "target" : "",
    p.selected ? "selected" : "",
    p.touched ? "touched" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <li class={`card-li${t.rotated ? " rotated-li" : ""}`}>
      <button
        type="button"
        class={cls}
        data-card={p.c.id}
        data-where={p.where}
        data-type={p.c.card_type}
        data-tip=""
        aria-label={p.label}
        aria-pressed={p.clickable ? p.selected : undefined}
        aria-describedby="card-tip"
        {...p.tip}
        onClick={p.onClick}
      >
        <span class="ctitle">
          <span class="cname">
            {p.selected ? "▶ " : p.target ? "◎ " : ""}
            {t.name}
          </span>
          {t.cost !== null && (
            <span class="ccost" title={`cost ${t.cost}`}>
              {t.cost}
            </span>
          )}
        </span>
        <span class="ctype">
          {t.typeLine}
          {t.rotated && (
            <span class="crot" title="rotated">
              {" "}
              ⟳
            </span>
          )}
        </span>
        {t.neutralized && <span class="cneut">✖ neutralized</span>}
        <span class="cbody">
          {(t.abilities.length > 0 || t.noAbility) && (
            <span class="cabil">
              {t.noAbility ? (
                <span class="ab ab-none" title="every ability at 0">
                  [-]
                </span>
              ) : (
                t.abilities.map((a) => (
                  <span key={a.key} class={`ab ab-${a.key}`} title={`${a.name} ${a.value}`} data-ability={a.key}>
                    <span class="ab-k">{a.key}</span>
                    <span class="ab-v">{a.value}</span>
                  </span>
                ))
              )}
            </span>
          )}
          <span class="cstate">
            {t.tokens.map((x) => (
              <span key={`${x.kind}-${x.name}`} class={`tag tok tok-${x.kind}${x.warn ? " warn" : ""}`} data-token={x.kind === "mark" ? x.name : x.kind}>
                {x.text}
              </span>
            ))}
            {t.leading !== null && <span class="tag">leads #{t.leading}</span>}
            {t.hiddenContingencies > 0 && <span class="tag">{t.hiddenContingencies} face down</span>}
          </span>
        </span>
        {t.attached.length + t.ownContingencies.length > 0 && (
          <span class="cattach">
            {t.attached.map((a, i) => (
              <span key={`a${i}`} class="catt">
                +{a}
              </span>
            ))}
            {t.ownContingencies.map((a, i) => (
              <span key={`c${i}`} class="catt">
                face down: {a}
              </span>
            ))}
          </span>
        )}
      </button>
    </li>
  );
}
