// The decks `b5 serve` ships (crates/cards/data/decks), named by race.
// GET /api does not list them yet; a race name picks its shipped deck.
export const SHIPPED_DECKS: { value: string; label: string }[] = [
  { value: "centauri", label: "Houses of the Republic (Centauri)" },
  { value: "human", label: "Alliance Forward Command (Human)" },
  { value: "minbari", label: "Three Castes in Balance (Minbari)" },
  { value: "narn", label: "The Unbroken Regime (Narn)" },
  { value: "non-aligned", label: "League of Many Voices (Non-Aligned)" },
];
