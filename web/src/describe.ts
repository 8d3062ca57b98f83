// Words for actions and events, for a server that sends no menu or no log:
// the server's own (b5-present's menu labels, the engine's sentences) come
// first; these are the fallback.

import type { Action, CardId, ConflictId, GameEvent, PlayerView, Target } from "./types";

/** An action's fields by name (the variants of Action have different ones). */
export function fieldsOf(a: Action): Record<string, unknown> {
  return a as unknown as Record<string, unknown>;
}

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
  surrender: "Surrender unconditionally",
};

/** An action in words, from the names the page knows. */
export function actionLabel(action: Action, n: Names, view: PlayerView | null): string {
  const a = fieldsOf(action);
  const verb = VERBS[action.do] ?? action.do.replace(/_/g, " ");
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
      case "pay":
        extra.push(`paying with ${n.card(v as number)}`);
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
        if (action.do === "support" && view && view.conflicts[action.conflict]?.unopposable)
          extra.push(`for ${n.seat(v as number)}`);
        break;
      case "target": {
        const t = typeof v === "number" ? n.card(v) : targetText(v, n, view);
        if (t) extra.push(action.do === "attack" ? `against ${t}` : `→ ${t}`);
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
      case "to":
        extra.push(`to ${n.seat(v as number)}`);
        break;
      default:
        extra.push(`${k} ${JSON.stringify(v)}`);
    }
  }
  return [...parts, ...extra].join(" ");
}

/** One event as a sentence, or null for bookkeeping events not worth a line. */
export function eventSentence(e: GameEvent, n: Names, view: PlayerView | null): string | null {
  const p = (player: number) => n.seat(player);
  const c = (card: CardId) => n.card(card);
  const k = (conflict: ConflictId) => conflictName(conflict, view);
  const tgt = (t: Target) => {
    const x = targetText(t, n, view);
    return x ? ` targeting ${x}` : "";
  };
  switch (e.event) {
    case "turn_began":
      return `Turn ${e.turn} begins.`;
    case "round_began":
      return `The ${e.round.charAt(0).toUpperCase()}${e.round.slice(1)} Round begins.`;
    case "influence_restored":
    case "initiative_determined":
    case "rotated":
    case "readied":
      return null;
    case "sustained":
      return `${c(e.card)} is sustained.`;
    case "passed":
      return `${p(e.player)}: passes.`;
    case "declared":
      return `${p(e.player)}: declares a conflict face down.`;
    case "initiated":
      return `${p(e.player)}: initiates ${c(e.card)}${tgt(e.target)}.`;
    case "conflict_type_chosen":
      return `${k(e.conflict)} is ${/^[aeiou]/.test(e.kind) ? "an" : "a"} ${ability(e.kind)} conflict.`;
    case "conflict_discarded":
      return `${p(e.player)} discards the conflict ${c(e.card)}.`;
    case "sponsored":
      return `${p(e.player)}: ${c(e.by)} sponsors ${c(e.card)} for ${e.cost} influence.`;
    case "promoted":
      return `${p(e.player)}: ${c(e.card)} is promoted to the Inner Circle for ${e.cost} influence.`;
    case "built":
      return `${p(e.player)}: ${c(e.by)} builds influence.`;
    case "replaced":
      return `${p(e.player)}: ${c(e.card)} replaces ${c(e.old)}.`;
    case "used_card":
      return `${p(e.player)}: uses ${c(e.card)}.`;
    case "led":
      return `${c(e.card)} leads ${c(e.fleet)}.`;
    case "assisted":
      return `${c(e.card)} assists ${c(e.ambassador)}.`;
    case "supported":
      return `${c(e.card)} supports ${k(e.conflict)} with ${ability(e.ability)} ${e.value}.`;
    case "opposed":
      return `${c(e.card)} opposes ${k(e.conflict)} with ${ability(e.ability)} ${e.value}.`;
    case "withdrawn":
      return `${c(e.card)} is withdrawn from ${k(e.conflict)}.`;
    case "attacked":
      return `${c(e.attacker)} attacks ${c(e.target)} with ${ability(e.ability)}.`;
    case "attack_canceled":
      return `The attack of ${c(e.attacker)} is canceled.`;
    case "damaged":
      return `${c(e.card)} takes ${e.amount} damage.`;
    case "attachment_moved":
      return `${c(e.card)} moves from ${c(e.from)} to ${c(e.to)}.`;
    case "damage_moved":
      return `${e.count} damage moves from ${c(e.from)} to ${c(e.to)}.`;
    case "found":
      if (e.card === HIDDEN_CARD) return `${p(e.player)} takes a card from the ${e.from}.`;
      return `${p(e.player)} finds ${c(e.card)} in the ${e.from}${e.shown ? " and shows it" : ""}.`;
    case "neutralized":
      return `${c(e.card)} is neutralized.`;
    case "healed":
    case "ambassador_healed":
      return `${c(e.card)} is healed.`;
    case "repaired":
      return `${c(e.card)} is repaired by ${e.amount}.`;
    case "event_played":
      return `${p(e.player)} plays ${c(e.card)}${tgt(e.target)}.`;
    case "second_target":
      return `${p(e.player)}: the second target of ${c(e.card)} is ${c(e.second)}.`;
    case "transfer_chosen":
      return `${p(e.player)} chooses to transfer ${c(e.card)} to ${c(e.to)}.`;
    case "player_chosen":
      return `${p(e.player)} chooses ${p(e.chosen)} for ${c(e.card)}.`;
    case "event_negated":
      return `${p(e.player)}'s ${c(e.card)} is negated: its effects are ignored and it has not been played.`;
    case "action_negated":
      return `${p(e.player)}'s action of ${c(e.card)} is negated: its effects are ignored (its costs stay paid).`;
    case "contingency_played":
      return `${p(e.player)} plays a contingency face down under ${c(e.host)}.`;
    case "contingency_revealed":
      return `${p(e.player)} reveals the contingency ${c(e.card)}.`;
    case "agenda_sponsored":
      return `${p(e.player)} sponsors the agenda ${c(e.card)}.`;
    case "agenda_hidden":
      return `${p(e.player)} sponsors an agenda face down.`;
    case "agenda_revealed":
      return `${p(e.player)} reveals the agenda ${c(e.card)}.`;
    case "agenda_replaced":
      return `${p(e.player)} replaces the agenda ${c(e.old)} with ${c(e.card)}.`;
    case "agenda_discarded":
      return `${p(e.player)} discards the agenda ${c(e.card)}.`;
    case "hired":
      return `${p(e.player)} hires ${c(e.card)}.`;
    case "conflict_resolved":
      return `${k(e.conflict)} is ${e.outcome} (${e.support} to ${e.opposition}).`;
    case "aftermath_played":
      return `${p(e.player)} plays the aftermath ${c(e.card)}${tgt(e.target)}.`;
    case "influence":
      return `${p(e.player)} ${e.delta >= 0 ? "gains" : "loses"} ${Math.abs(e.delta)} influence.`;
    case "power":
      return `${p(e.player)} ${e.delta >= 0 ? "gains" : "loses"} ${Math.abs(e.delta)} power.`;
    case "tension":
      return `${p(e.player)}'s tension toward ${p(e.toward)} is now ${e.value}.`;
    case "unrest":
      return `${p(e.player)}'s unrest is now ${e.value}.`;
    case "non_player":
      return `${FORCES[e.force]} influence is now ${e.value}.`;
    case "war":
      return e.at_war ? `${p(e.a)} and ${p(e.b)} are at war.` : `${p(e.a)} and ${p(e.b)} make peace.`;
    case "shadow_war_began":
      return "The Shadow War begins.";
    case "mark": {
      const d = Math.abs(e.delta);
      return `${c(e.card)} ${e.delta >= 0 ? "gains" : "loses"} ${d} ${e.kind} mark${d === 1 ? "" : "s"}.`;
    }
    case "drew":
      return e.card === HIDDEN_CARD ? `${p(e.player)} draws a card.` : `${p(e.player)} draws ${c(e.card)}.`;
    case "bought":
      return `${p(e.player)} buys ${e.count} card(s).`;
    case "discarded_from_hand":
      return `${p(e.player)} discards ${c(e.card)} from hand.`;
    case "discarded_from_play":
      return `${c(e.card)} is discarded.`;
    case "returned_to_hand":
      return `${c(e.card)} returns to its owner's hand.`;
    case "eliminated":
      return `${p(e.player)} is eliminated.`;
    case "conquered":
      return `${p(e.player)} conquers ${c(e.card)}${e.from < (view?.players.length ?? 0) ? ` from ${p(e.from)}` : ""}${e.blanked ? " (blanked)" : ""}.`;
    case "surrendered":
      return `${p(e.player)} surrenders unconditionally to ${p(e.to)}.`;
    case "victory":
      return `${p(e.player)} wins a ${e.kind} victory.`;
    case "game_over":
      return "The game is over.";
    case "undo":
      return `${p(e.by)}'s undo takes back the actions from number ${e.undone_from} on.`;
    default: {
      // A newer server's event this page does not know yet.
      const other: { event: string } = e;
      return `${other.event.replace(/_/g, " ")}.`;
    }
  }
}

const FORCES: Record<string, string> = { babylon5: "Babylon 5", shadows: "Shadow", vorlons: "Vorlon" };

function ability(a: string): string {
  return a.charAt(0).toUpperCase() + a.slice(1);
}

function conflictName(k: ConflictId, view: PlayerView | null): string {
  return view?.conflicts[k]?.name ?? `conflict ${k + 1}`;
}

export const ABILITIES = ["D", "I", "P", "L", "M"];
export const ABILITY_NAMES = ["Diplomacy", "Intrigue", "Psi", "Leadership", "Military"];
export const MARKS = ["Destiny", "Doom", "Strife", "Conspiracy", "Shadow", "Vorlon"];
