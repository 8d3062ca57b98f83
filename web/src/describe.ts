// Words for actions (when the server sends no menu) and for events (the log).

import type { Action, CardId, GameEvent, PlayerView, Target } from "./types";

/** The names the page knows: cards it has seen, and the seats. */
export interface Names {
  card(id: CardId): string;
  seat(s: number): string;
}

export const HIDDEN_CARD = 65535;

/** Names from a view, falling back on `known` (cards seen before). */
export function namesOf(view: PlayerView | null, known: Record<number, string> = {}): Names {
  const cards = cardNames(view, known);
  return {
    card: (id) => (id === HIDDEN_CARD ? "a hidden card" : (cards[id] ?? `card #${id}`)),
    seat: (s) => {
      const p = view?.players[s];
      return p ? p.name : `seat ${s + 1}`;
    },
  };
}

/** Every card name a view shows, by id (added to `known`). */
export function cardNames(
  view: PlayerView | null,
  known: Record<number, string> = {},
): Record<number, string> {
  const out: Record<number, string> = { ...known };
  if (!view) return out;
  const add = (c: { id: number; name: string; attached?: unknown[]; own_contingencies?: unknown[] } | null) => {
    if (!c) return;
    out[c.id] = c.name;
    for (const a of (c.attached ?? []) as typeof c[]) add(a);
    for (const a of (c.own_contingencies ?? []) as typeof c[]) add(a);
  };
  for (const c of view.hand) add(c);
  for (const c of view.globals) add(c);
  for (const p of view.players) {
    for (const list of [p.inner_circle, p.supporting, p.discard, p.removed, p.faction_cards]) {
      for (const c of list) add(c);
    }
    if (typeof p.agenda === "object") {
      if ("Revealed" in p.agenda) add(p.agenda.Revealed);
      else if ("Hidden" in p.agenda) add(p.agenda.Hidden);
    }
  }
  for (const k of view.conflicts) {
    add(k.card);
    for (const pt of k.participants) out[pt.card] = pt.name;
  }
  return out;
}

export function targetText(t: unknown, n: Names, view: PlayerView | null): string | null {
  if (t === undefined || t === null || t === "None") return null;
  if (typeof t !== "object") return String(t);
  const o = t as Exclude<Target, "None">;
  if ("Player" in o) return n.seat(o.Player);
  if ("Card" in o) return n.card(o.Card);
  if ("Race" in o) return o.Race;
  if ("Conflict" in o) {
    const k = view?.conflicts[o.Conflict];
    return k?.name ?? `conflict ${o.Conflict + 1}`;
  }
  return JSON.stringify(t);
}

const VERBS: Record<string, string> = {
  pass: "Pass",
  sustain: "Sustain",
  declare: "Declare",
  declare_war: "Declare war on",
  sponsor: "Sponsor",
  promote: "Promote",
  replace: "Replace with",
  build: "Build influence with",
  use_card: "Use",
  lead: "Lead with",
  assist: "Assist with",
  support: "Support with",
  oppose: "Oppose with",
  attack: "Attack with",
  play: "Play",
  play_contingency: "Play face down",
  sponsor_agenda: "Sponsor agenda",
  hide_agenda: "Hide agenda",
  replace_agenda: "Replace agenda with",
  reveal_agenda: "Reveal your agenda",
  discard_agenda: "Discard your agenda",
  heal: "Heal",
  repair: "Repair",
  hire: "Hire",
  play_aftermath: "Play aftermath",
  reveal: "Reveal",
  discard: "Discard",
};

/** An action in words, from the names the page knows. */
export function actionLabel(a: Action, n: Names, view: PlayerView | null): string {
  const verb = VERBS[a.do] ?? a.do.replace(/_/g, " ");
  const parts: string[] = [verb];
  const card = a.card;
  if (typeof card === "number") parts.push(n.card(card));
  const extra: string[] = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "do" || k === "card") continue;
    switch (k) {
      case "by":
        extra.push(`rotating ${n.card(v as number)}`);
        break;
      case "old":
        extra.push(`in place of ${n.card(v as number)}`);
        break;
      case "fleet":
        extra.push(`fleet ${n.card(v as number)}`);
        break;
      case "ambassador":
        extra.push(`aiding ${n.card(v as number)}`);
        break;
      case "host":
        extra.push(`under ${n.card(v as number)}`);
        break;
      case "conflict":
        extra.push(`in ${view?.conflicts[v as number]?.name ?? `conflict ${(v as number) + 1}`}`);
        break;
      case "side":
        if (a.do === "support" && view && view.conflicts[a.conflict as number]?.unopposable)
          extra.push(`for ${n.seat(v as number)}`);
        break;
      case "target": {
        const t = typeof v === "number" ? n.card(v) : targetText(v, n, view);
        if (t) extra.push(a.do === "attack" ? `against ${t}` : `→ ${t}`);
        break;
      }
      case "discount":
        if (v) extra.push("(discount)");
        break;
      case "ambassadorial":
        if (v) extra.push("(ambassadorial)");
        break;
      case "index":
        extra.push(`ability ${(v as number) + 1}`);
        break;
      case "amount":
        extra.push(`by ${String(v)}`);
        break;
      default:
        extra.push(`${k} ${JSON.stringify(v)}`);
    }
  }
  return [...parts, ...extra].join(" ");
}

function ev<T>(e: GameEvent, k: string): T {
  return e[k] as T;
}

/** One event as a sentence, or null for bookkeeping events not worth a line. */
export function eventSentence(e: GameEvent, n: Names, view: PlayerView | null): string | null {
  const p = () => n.seat(ev<number>(e, "player"));
  const c = (k = "card") => n.card(ev<number>(e, k));
  switch (e.event) {
    case "turn_began":
      return `Turn ${ev<number>(e, "turn")} begins.`;
    case "round_began": {
      const r = String(ev<string>(e, "round"));
      return `The ${r.charAt(0).toUpperCase()}${r.slice(1)} Round begins.`;
    }
    case "influence_restored":
    case "initiative_determined":
    case "rotated":
    case "readied":
      return null;
    case "sustained":
      return `${c()} is sustained.`;
    case "passed":
      return `${p()}: passes.`;
    case "declared":
      return `${p()}: declares a conflict face down.`;
    case "initiated":
      return `${p()}: initiates ${c()}${tgt(e, n, view)}.`;
    case "conflict_discarded":
      return `${p()} discards the conflict ${c()}.`;
    case "sponsored":
      return `${p()}: ${c("by")} sponsors ${c()} for ${ev<number>(e, "cost")} influence.`;
    case "promoted":
      return `${p()}: ${c()} is promoted to the Inner Circle for ${ev<number>(e, "cost")} influence.`;
    case "built":
      return `${p()}: ${c("by")} builds influence.`;
    case "replaced":
      return `${p()}: ${c()} replaces ${c("old")}.`;
    case "used_card":
      return `${p()}: uses ${c()}.`;
    case "led":
      return `${c()} leads ${c("fleet")}.`;
    case "assisted":
      return `${c()} assists ${c("ambassador")}.`;
    case "supported":
      return `${c()} supports ${conflictName(e, view)} with ${ev<string>(e, "ability")} ${ev<number>(e, "value")}.`;
    case "opposed":
      return `${c()} opposes ${conflictName(e, view)} with ${ev<string>(e, "ability")} ${ev<number>(e, "value")}.`;
    case "attacked":
      return `${c("attacker")} attacks ${c("target")} with ${ev<string>(e, "ability")}.`;
    case "attack_canceled":
      return `The attack of ${c("attacker")} is canceled.`;
    case "damaged":
      return `${c()} takes ${ev<number>(e, "amount")} damage.`;
    case "neutralized":
      return `${c()} is neutralized.`;
    case "healed":
    case "ambassador_healed":
      return `${c()} is healed.`;
    case "repaired":
      return `${c()} is repaired by ${ev<number>(e, "amount")}.`;
    case "event_played":
      return `${p()} plays ${c()}${tgt(e, n, view)}.`;
    case "contingency_played":
      return `${p()} plays a contingency face down under ${c("host")}.`;
    case "contingency_revealed":
      return `${p()} reveals the contingency ${c()}.`;
    case "agenda_sponsored":
      return `${p()} sponsors the agenda ${c()}.`;
    case "agenda_hidden":
      return `${p()} sponsors an agenda face down.`;
    case "agenda_revealed":
      return `${p()} reveals the agenda ${c()}.`;
    case "agenda_replaced":
      return `${p()} replaces the agenda ${c("old")} with ${c()}.`;
    case "agenda_discarded":
      return `${p()} discards the agenda ${c()}.`;
    case "hired":
      return `${p()} hires ${c()}.`;
    case "conflict_resolved":
      return `${conflictName(e, view)} is ${String(ev<string>(e, "outcome")).toLowerCase()} (${ev<number>(e, "support")} to ${ev<number>(e, "opposition")}).`;
    case "aftermath_played":
      return `${p()} plays the aftermath ${c()}${tgt(e, n, view)}.`;
    case "influence": {
      const d = ev<number>(e, "delta");
      return `${p()} ${d >= 0 ? "gains" : "loses"} ${Math.abs(d)} influence.`;
    }
    case "power": {
      const d = ev<number>(e, "delta");
      return `${p()} ${d >= 0 ? "gains" : "loses"} ${Math.abs(d)} power.`;
    }
    case "tension":
      return `${p()}'s tension toward ${n.seat(ev<number>(e, "toward"))} is now ${ev<number>(e, "value")}.`;
    case "unrest":
      return `${p()}'s unrest is now ${ev<number>(e, "value")}.`;
    case "non_player":
      return `${String(ev<string>(e, "force"))} influence is now ${ev<number>(e, "value")}.`;
    case "war":
      return ev<boolean>(e, "at_war")
        ? `${n.seat(ev<number>(e, "a"))} and ${n.seat(ev<number>(e, "b"))} are at war.`
        : `${n.seat(ev<number>(e, "a"))} and ${n.seat(ev<number>(e, "b"))} make peace.`;
    case "shadow_war_began":
      return "The Shadow War begins.";
    case "mark": {
      const d = ev<number>(e, "delta");
      return `${c()} ${d >= 0 ? "gains" : "loses"} ${Math.abs(d)} ${String(ev<string>(e, "kind"))} mark${Math.abs(d) === 1 ? "" : "s"}.`;
    }
    case "drew":
      return ev<number>(e, "card") === HIDDEN_CARD ? `${p()} draws a card.` : `${p()} draws ${c()}.`;
    case "bought":
      return `${p()} buys ${ev<number>(e, "count")} card(s).`;
    case "discarded_from_hand":
      return `${p()} discards ${c()} from hand.`;
    case "discarded_from_play":
      return `${c()} is discarded.`;
    case "returned_to_hand":
      return `${c()} returns to its owner's hand.`;
    case "eliminated":
      return `${p()} is eliminated.`;
    case "victory":
      return `${p()} wins a ${String(ev<string>(e, "kind")).toLowerCase()} victory.`;
    case "game_over":
      return "The game is over.";
    case "undo":
      return `${n.seat(ev<number>(e, "by"))}'s undo takes back the actions from number ${ev<number>(e, "undone_from")} on.`;
    default:
      return `${e.event.replace(/_/g, " ")}.`;
  }
}

function tgt(e: GameEvent, n: Names, view: PlayerView | null): string {
  const t = targetText(e.target, n, view);
  return t ? ` targeting ${t}` : "";
}

function conflictName(e: GameEvent, view: PlayerView | null): string {
  const k = e.conflict as number;
  return view?.conflicts[k]?.name ?? `conflict ${k + 1}`;
}

export const ABILITIES = ["D", "I", "P", "L", "M"];
export const ABILITY_NAMES = ["Diplomacy", "Intrigue", "Psi", "Leadership", "Military"];
export const MARKS = ["Destiny", "Doom", "Strife", "Conspiracy", "Shadow", "Vorlon"];
