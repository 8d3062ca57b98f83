// Every card's full text (GET /api/cards: the card database is public),
// fetched once per page and looked up by name, to show a card in full when
// the player hovers over it or taps it.

import type { CardsResponse } from "./types";

/** A card's text laid out: its first line (name and number), then the others. */
export interface CardText {
  name: string;
  title: string;
  lines: string[];
}

/** The texts by card name. Names are unique in a card database. */
export type CardIndex = Map<string, CardText>;

export function cardIndex(r: CardsResponse | null | undefined): CardIndex {
  const m: CardIndex = new Map();
  if (!r || !Array.isArray(r.cards)) return m;
  for (const c of r.cards) {
    if (typeof c?.name !== "string" || typeof c.text !== "string") continue;
    m.set(c.name, layout(c.name, c.text));
  }
  return m;
}

/** `b5 cards NAME` prints the name (and number) on the first line, the rest indented. */
export function layout(name: string, text: string): CardText {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const first = lines[0] ?? name;
  if (first.startsWith(name)) return { name, title: first, lines: lines.slice(1) };
  return { name, title: name, lines };
}

/**
 * Loads the card texts once: every caller gets the same promise. A failure
 * (an older server without /api/cards) gives an empty index, and a later
 * call tries again.
 */
export class CardTexts {
  private pending: Promise<CardIndex> | null = null;
  private index: CardIndex | null = null;
  private readonly fetchCards: () => Promise<CardsResponse>;
  constructor(fetchCards: () => Promise<CardsResponse>) {
    this.fetchCards = fetchCards;
  }

  load(): Promise<CardIndex> {
    if (this.index) return Promise.resolve(this.index);
    if (!this.pending) {
      this.pending = this.fetchCards().then(
        (r) => {
          this.index = cardIndex(r);
          return this.index;
        },
        () => {
          this.pending = null;
          return new Map();
        },
      );
    }
    return this.pending;
  }

  /** The text of a card, once loaded. */
  get(name: string): CardText | undefined {
    return this.index?.get(name);
  }
}
