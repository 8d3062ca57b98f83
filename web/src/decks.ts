/** A deck the lobby's form offers: `value` goes in the seat's `deck`. */
export interface DeckChoice {
  value: string;
  label: string;
}

/** A shipped deck as `GET /api` lists it. */
export interface ServerDeck {
  name: string;
  race: string | null;
}

/**
 * The decks offered before `GET /api` answers, or by a server that does not
 * list its decks: one per race, named by race (a race picks its first
 * shipped deck).
 */
export const SHIPPED_DECKS: DeckChoice[] = [
  { value: "centauri", label: "Houses of the Republic (Centauri)" },
  { value: "human", label: "Alliance Forward Command (Human)" },
  { value: "minbari", label: "Three Castes in Balance (Minbari)" },
  { value: "narn", label: "The Unbroken Regime (Narn)" },
  { value: "non-aligned", label: "League of Many Voices (Non-Aligned)" },
];

/** A race's name as players write it: `non-aligned` → `Non-Aligned`. */
function raceLabel(race: string): string {
  return race
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("-");
}

/** The server's shipped decks as the form's choices, each named (two decks of one race both offered). */
export function deckChoices(decks: ServerDeck[] | undefined): DeckChoice[] {
  if (!decks || decks.length === 0) return SHIPPED_DECKS;
  return decks.map((d) => ({ value: d.name, label: d.race ? `${d.name} (${raceLabel(d.race)})` : d.name }));
}

/**
 * A seat's deck once the server's decks are known: a race (the form's first
 * choices) becomes the first deck of that race, which is the deck the server
 * takes for the race; anything else stays.
 */
export function deckForRace(deck: string, decks: ServerDeck[]): string {
  return decks.find((d) => d.race === deck)?.name ?? deck;
}
