// Deck lists pasted in the create-table form: the server's problems placed
// beside the lines of the list, and the live check (POST /api/decks/check)
// run while the player types.

import type { DeckCheckResult, Problem } from "./types";

export interface DeckLine {
  n: number;
  text: string;
  problems: string[];
}

export interface CheckedDeck {
  /** Problems about the whole list (no line, or a line past its end). */
  general: string[];
  lines: DeckLine[];
}

/**
 * Places problems beside their lines. With `seat`, only that seat's problems
 * (a table request's answer names the seat); without it, all of them (the
 * deck check's answer is about one list).
 */
export function placeProblems(text: string, problems: Problem[], seat?: number): CheckedDeck {
  const mine = seat === undefined ? problems : problems.filter((p) => p.seat === seat);
  const lines: DeckLine[] = text
    .split(/\r?\n/)
    .map((t, i) => ({ n: i + 1, text: t, problems: [] as string[] }));
  const general: string[] = [];
  for (const p of mine) {
    const msg = p.field ? `${p.field}: ${p.message}` : p.message;
    const l = typeof p.line === "number" && p.line >= 1 ? lines[p.line - 1] : undefined;
    if (l) l.problems.push(msg);
    else general.push(typeof p.line === "number" && p.line > 0 ? `line ${p.line}: ${msg}` : msg);
  }
  return { general, lines };
}

/** Problems of a request that belong to no pasted list (a seat's named deck, the options). */
export function otherProblems(problems: Problem[], pastedSeats: Set<number>): Problem[] {
  return problems.filter((p) => p.seat === null || p.seat === undefined || !pastedSeats.has(p.seat));
}

/** Where the live check of one list stands. */
export type CheckState =
  | { state: "idle" }
  | { state: "waiting"; text: string }
  | { state: "checking"; text: string }
  | { state: "done"; text: string; result: DeckCheckResult }
  | { state: "failed"; text: string; error: string }
  /** The server has no deck check (an older one): the list is checked when the table is created. */
  | { state: "unavailable" };

export interface Timers {
  set(f: () => void, ms: number): unknown;
  clear(t: unknown): void;
}

const realTimers: Timers = {
  set: (f, ms) => setTimeout(f, ms),
  clear: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
};

/**
 * Checks a list as it is typed: `update` with every new text; the check runs
 * once the text has stayed the same for `delayMs`. Only the answer for the
 * latest text is reported (an older answer that arrives late is dropped).
 */
export class DeckChecker {
  private timer: unknown = null;
  private latest = "";
  private stopped = false;
  private unavailable = false;
  private readonly check: (list: string) => Promise<DeckCheckResult>;
  private readonly report: (s: CheckState) => void;
  private readonly delayMs: number;
  private readonly timers: Timers;

  constructor(
    check: (list: string) => Promise<DeckCheckResult>,
    report: (s: CheckState) => void,
    delayMs = 400,
    timers: Timers = realTimers,
  ) {
    this.check = check;
    this.report = report;
    this.delayMs = delayMs;
    this.timers = timers;
  }

  update(text: string): void {
    if (this.stopped || this.unavailable) return;
    this.latest = text;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (text.trim() === "") {
      this.report({ state: "idle" });
      return;
    }
    this.report({ state: "waiting", text });
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.run(text);
    }, this.delayMs);
  }

  private run(text: string): void {
    this.report({ state: "checking", text });
    this.check(text).then(
      (result) => {
        if (this.stopped || text !== this.latest) return;
        this.report({ state: "done", text, result: normalise(result) });
      },
      (e: unknown) => {
        if (this.stopped) return;
        const status = (e as { status?: unknown } | null)?.status;
        if (status === 404 || status === 405) {
          this.unavailable = true;
          this.report({ state: "unavailable" });
          return;
        }
        if (text !== this.latest) return;
        this.report({ state: "failed", text, error: e instanceof Error ? e.message : String(e) });
      },
    );
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}

function normalise(r: DeckCheckResult): DeckCheckResult {
  return {
    ok: !!r?.ok,
    race: typeof r?.race === "string" ? r.race : null,
    cards: typeof r?.cards === "number" ? r.cards : 0,
    problems: Array.isArray(r?.problems) ? r.problems : [],
  };
}

/** One line about a checked list, for the form. */
export function checkSummary(s: CheckState): string {
  switch (s.state) {
    case "idle":
      return "";
    case "waiting":
    case "checking":
      return "Checking the list…";
    case "unavailable":
      return "The list is checked when the table is created.";
    case "failed":
      return `The list could not be checked: ${s.error}`;
    case "done": {
      const r = s.result;
      const what = `${r.race ? `${raceName(r.race)} deck, ` : ""}${r.cards} card${r.cards === 1 ? "" : "s"}`;
      if (r.ok) return `✓ A legal deck (${what}).`;
      const n = r.problems.length;
      return `✗ ${n} problem${n === 1 ? "" : "s"} (${what}).`;
    }
  }
}

function raceName(r: string): string {
  return r
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("-");
}
