// The Cards page's model: the answer of POST /api/cards/check, and what the
// page shows of it (the error placed at its line, the difference as marked
// runs of words). No DOM here, so Vitest tests it.

import type { KV } from "./session";

/** A run of words: shared, only in the generated text, or only in the kept one. */
export type Piece = { same: string } | { only_generated: string } | { only_text: string };

export interface CheckedCard {
  name: string;
  line: number;
  generated: string;
  text: string | null;
  same: boolean | null;
  diff: Piece[];
}

export interface LoadProblem {
  line: number;
  column: number;
  field: string;
  message: string;
}

export type CardCheckResult = { ok: true; cards: CheckedCard[] } | { ok: false; error: LoadProblem };

/** A piece as the page marks it. */
export interface Run {
  kind: "same" | "generated" | "text";
  words: string;
}

export function runs(diff: Piece[]): Run[] {
  return diff.map((p) =>
    "same" in p
      ? { kind: "same", words: p.same }
      : "only_generated" in p
        ? { kind: "generated", words: p.only_generated }
        : { kind: "text", words: p.only_text },
  );
}

/** The verdict on a card, in words. */
export function verdict(c: CheckedCard): string {
  if (c.same === null) return "keeps no printed text to compare";
  return c.same ? "reads as its printed text" : "differs from its printed text";
}

/** The error in words, and the line of the file it is on (quoted, if there is one). */
export function placeError(text: string, e: LoadProblem): { where: string; message: string; source: string | null } {
  const lines = text.split(/\r?\n/);
  const source = e.line >= 1 && e.line <= lines.length ? lines[e.line - 1]! : null;
  const where = e.line >= 1 ? (e.column >= 1 ? `line ${e.line}, column ${e.column}` : `line ${e.line}`) : "the file";
  return { where, message: e.field ? `${e.field}: ${e.message}` : e.message, source };
}

/** A file name for the download: the one given, ending in .toml. */
export function downloadName(name: string): string {
  const n = name.trim().replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_") || "cards";
  return /\.toml$/i.test(n) ? n : `${n}.toml`;
}

/** The command that plays a card of the downloaded file in a sandbox (`b5 cards try`), quoted for a POSIX shell. */
export function tryCommand(file: string, card: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return `b5 --cards ${q(file)} cards try ${q(card)}`;
}

/** The card file being written, kept in the browser between visits. */
export interface Draft {
  text: string;
  name: string;
}

const DRAFT_KEY = "b5.cards.draft";
/** A draft larger than this is not kept (localStorage holds some 5 MB a site). */
export const DRAFT_MAX = 256 * 1024;

/** The draft kept (an empty file named `cards.toml` when there is none or it is damaged). */
export function loadDraft(kv: KV): Draft {
  const empty = { text: "", name: "cards.toml" };
  const raw = kv.getItem(DRAFT_KEY);
  if (!raw) return empty;
  try {
    const v = JSON.parse(raw) as Partial<Draft>;
    if (typeof v.text === "string" && typeof v.name === "string") return { text: v.text, name: v.name };
  } catch {
    /* a damaged draft is dropped below */
  }
  kv.removeItem(DRAFT_KEY);
  return empty;
}

/** Keeps the draft (an empty one is forgotten; one over `DRAFT_MAX` is not kept). */
export function saveDraft(kv: KV, d: Draft): void {
  if (!d.text) {
    kv.removeItem(DRAFT_KEY);
    return;
  }
  const raw = JSON.stringify(d);
  if (raw.length > DRAFT_MAX) return;
  try {
    kv.setItem(DRAFT_KEY, raw);
  } catch {
    /* storage full or refused: the draft is simply not kept */
  }
}
