// The table's legend: what the tiles' boxes, tokens, marks and frames mean,
// and the numbers of the status bar and the factions, worded as `b5 play`'s
// `h` has them (b5_present::LEGEND). Each sign is drawn with the tiles' own
// classes (a small frame for the card itself, under classes of its own:
// the tests and the page count the table's cards by theirs).

import type { ComponentChildren } from "preact";
import { ABILITIES, ABILITY_NAMES, MARKS } from "../describe";

/** A row of the legend: what is drawn, and what it means. */
function Item({ sign, children }: { sign: ComponentChildren; children: ComponentChildren }) {
  return (
    <div class="legend-item">
      <dt>{sign}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function Legend() {
  return (
    <details class="panel legend" data-testid="legend">
      <summary>Legend</summary>
      <div class="legend-body">
        <section aria-labelledby="legend-abilities">
          <h3 id="legend-abilities">Abilities</h3>
          <dl>
            {ABILITIES.map((k, i) => (
              <Item
                key={k}
                sign={
                  <span class={`ab ab-${k}`}>
                    <span class="ab-k">{k}</span>
                    <span class="ab-v">4</span>
                  </span>
                }
              >
                {ABILITY_NAMES[i]}
              </Item>
            ))}
            <Item sign={<span class="ab ab-none">[-]</span>}>a character with every ability at 0</Item>
            <Item sign={<span class="ccost">3</span>}>the card's cost</Item>
          </dl>
          <p class="muted">
            A box holds an ability's value now (D 4 = Diplomacy 4); a card shows only the abilities it has. Its full text opens on
            hover, focus or a tap.
          </p>
        </section>
        <section aria-labelledby="legend-tokens">
          <h3 id="legend-tokens">On a card</h3>
          <dl>
            <Item sign={<span class="tag tok tok-damage">2 damage</span>}>damage that heals</Item>
            <Item sign={<span class="tag tok tok-severe warn">1 severe</span>}>severe damage: damage that does not heal</Item>
            <Item sign={<span class="tag tok tok-chaos">1 chaos</span>}>Chaos Tokens (Drakh)</Item>
            <Item sign={<span class="tag tok tok-credits">2 credits</span>}>credit tokens (Corporate)</Item>
            <Item sign={<span class="tag">leads #7</span>}>a character leading fleet #7 (or an assistant aiding ambassador #7)</Item>
            <Item sign={<span class="catt">+Name</span>}>an enhancement or aftermath attached to the card</Item>
            <Item sign={<span class="tag">1 face down</span>}>a hidden card: its player alone knows what it is</Item>
          </dl>
        </section>
        <section aria-labelledby="legend-marks">
          <h3 id="legend-marks">Marks</h3>
          <dl>
            {MARKS.map((m) => (
              <Item key={m} sign={<span class="tag tok tok-mark">{m} 1</span>}>
                {m} marks
              </Item>
            ))}
          </dl>
          <p class="muted">
            Marks gained by a card count for its whole faction. A faction never holds both Shadow and Vorlon marks.
          </p>
        </section>
        <section aria-labelledby="legend-position">
          <h3 id="legend-position">A card's position and frame</h3>
          <dl>
            <Item
              sign={
                <span class="lg-card lg-rotated" aria-hidden="true">
                  ⟳
                </span>
              }
            >
              rotated: drawn turned and hatched, ⟳ on its type line; used this turn (ready again in the Ready Round)
            </Item>
            <Item
              sign={
                <span class="lg-card lg-neutralized" aria-hidden="true">
                  <span class="cneut">✖</span>
                </span>
              }
            >
              neutralized: greyed, dotted, with a band; out of action until healed; its abilities count as 0
            </Item>
            <Item sign={<span class="lg-card lg-can" aria-hidden="true" />}>has choices: select it to see them</Item>
            <Item sign={<span class="lg-card lg-target" aria-hidden="true" />}>◎ a target of the selected choice: select it to choose it</Item>
            <Item sign={<span class="lg-card lg-touched" aria-hidden="true" />}>• changed by the others since your last action</Item>
          </dl>
        </section>
        <section aria-labelledby="legend-table">
          <h3 id="legend-table">The table</h3>
          <dl>
            <Item sign={<strong>B5 / Shadow / Vorlon</strong>}>
              the influence of Babylon 5, the Shadows and the Vorlons, who hold no seat. The Shadows or the Vorlons at 20 start the
              Shadow War; Babylon 5 at 20 at the end of a turn, outside the Shadow War, lets the player leading in power win a standard
              victory.
            </Item>
            <Item sign={<strong>Power</strong>}>victory points (20 to win)</Item>
            <Item sign={<strong>Influence</strong>}>rating / spent / unspent this turn</Item>
            <Item sign={<strong>Unrest</strong>}>the faction's unrest, 1 to 5 (lower is calmer); some cards ask for it or change it</Item>
            <Item sign={<strong>Tension</strong>}>
              the faction's tension toward each other player: in Narn's box, "Centauri: 4" is Narn's tension toward Centauri (Centauri's
              toward Narn may differ). Tension 5 or more toward a player lets a war be declared.
            </Item>
          </dl>
        </section>
      </div>
    </details>
  );
}
