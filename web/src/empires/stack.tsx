// The stack panel: the seat's units that may move now, by space, with tick
// boxes, "Move all" and "Move these". The page then sends the picks one by
// one (./stackplan.ts: each only when the server lists it, after the previous
// one is acknowledged), and the map lights the destinations the server
// lists: a click on one moves the stack.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Action } from "../generated/empires";
import type { EState } from "./store";
import { destinations, movableStacks, stackTick, stepsLeft, type MovableStack } from "./stackplan";
import { CHIT_NAMES, type Names } from "./words";

/** A stack move on its way: the units wanted picked, at a space. */
export interface StackPlan {
  space: number;
  want: number[];
}

export interface StackMove {
  plan: StackPlan | null;
  /** Why the last plan stopped short (a step the server did not offer). */
  problem: string | null;
  start: (space: number, want: number[]) => void;
}

/**
 * Drives a plan: whenever the seat may act and nothing is on its way, the
 * next pick (or unpick) is sent if the server lists it; the plan ends when
 * the picked units are the wanted ones, on a refusal, or when the seat has
 * no choice any more.
 */
export function useStackMove(s: EState, send: (a: Action) => void, n: Names): StackMove {
  const [plan, setPlan] = useState<StackPlan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The seq a step was sent at: nothing more is sent until the table moves past it. */
  const sentAt = useRef<number | null>(null);
  useEffect(() => {
    if (!plan) return;
    const step = stackTick(s, plan.want, sentAt.current);
    if (step.kind === "wait") return;
    if (step.kind === "send") {
      sentAt.current = s.seq;
      send(step.action);
    } else if (step.kind === "done" || step.kind === "stop") {
      setPlan(null);
    } else {
      setPlan(null);
      setProblem(
        `The server does not offer to ${step.action === "pick" ? "pick" : "leave behind"} ${n.unit(step.unit)} now: ` +
          "the stack was not picked whole.",
      );
    }
  });
  return {
    plan,
    problem,
    start: (space, want) => {
      setProblem(null);
      sentAt.current = null;
      setPlan({ space, want });
    },
  };
}

export function StackPanel(props: { s: EState; n: Names; move: StackMove; sendable: boolean }) {
  const { s, n, move, sendable } = props;
  const v = s.view;
  const [ticked, setTicked] = useState<Set<number>>(() => new Set(v?.picked ?? []));
  if (!v) return null;
  const stacks = movableStacks(s.legal, v);
  const busy = move.plan !== null;
  if (stacks.length === 0 && !busy && !move.problem) return null;
  const dest = destinations(s.legal);
  const picked = v.picked;
  const toggle = (id: number, on: boolean) =>
    setTicked((t) => {
      const x = new Set(t);
      if (on) x.add(id);
      else x.delete(id);
      return x;
    });
  return (
    <div class="e-stack-panel" data-testid="e-stack-panel" data-busy={busy ? "1" : "0"}>
      {stacks.map((st) => (
        <StackBox
          key={st.space}
          st={st}
          n={n}
          ticked={ticked}
          toggle={toggle}
          disabled={busy || !sendable}
          start={(want) => {
            setTicked(new Set(want));
            move.start(st.space, want);
          }}
        />
      ))}
      <p class="e-stack-status" role="status" data-testid="e-stack-status">
        {busy
          ? `Picking the units: ${stepsLeft(picked, move.plan!.want)} to go…`
          : move.problem
            ? `⚠ ${move.problem}`
            : picked.length > 0 && dest.size > 0
              ? `${picked.length} unit${picked.length === 1 ? "" : "s"} picked: click a lit space on the map to move ${picked.length === 1 ? "it" : "them"} there (${dest.size} the server allows), or choose below.`
              : picked.length > 0
                ? `${picked.length} unit${picked.length === 1 ? "" : "s"} picked; the server lists no space ${picked.length === 1 ? "it" : "they"} may move to.`
                : "Tick the units to move, or move the whole stack; the spaces they may reach then light up on the map."}
      </p>
    </div>
  );
}

function StackBox(props: {
  st: MovableStack;
  n: Names;
  ticked: Set<number>;
  toggle: (id: number, on: boolean) => void;
  disabled: boolean;
  start: (want: number[]) => void;
}) {
  const { st, n, ticked, toggle, disabled, start } = props;
  const all = st.units.map((u) => u.id);
  const these = all.filter((id) => ticked.has(id));
  const pickedHere = st.units.filter((u) => u.picked).length;
  const everyPicked = pickedHere === all.length;
  const sameAsPicked = these.length === pickedHere && st.units.every((u) => u.picked === ticked.has(u.id));
  return (
    <fieldset class="e-stack-move" data-space={st.space}>
      <legend>
        {n.space(st.space)}: {all.length} unit{all.length === 1 ? "" : "s"} may move
        {pickedHere > 0 ? ` (${pickedHere} picked)` : ""}
      </legend>
      <ul class="e-stack-units">
        {st.units.map((u) => (
          <li key={u.id}>
            <label class={u.picked ? "picked" : ""}>
              <input
                type="checkbox"
                name={`unit-${u.id}`}
                data-unit={u.id}
                checked={ticked.has(u.id)}
                disabled={disabled}
                onChange={(e) => toggle(u.id, (e.currentTarget as HTMLInputElement).checked)}
              />{" "}
              {CHIT_NAMES[u.kind]} #{u.id}
              {u.picked ? " ✓" : ""}
            </label>
          </li>
        ))}
      </ul>
      <div class="e-stack-buttons">
        <button type="button" data-testid="move-all" disabled={disabled || everyPicked} onClick={() => start(all)}>
          Move all ({all.length})
        </button>
        <button
          type="button"
          data-testid="move-these"
          disabled={disabled || these.length === 0 || sameAsPicked}
          onClick={() => start(these)}
        >
          Move these ({these.length})
        </button>
      </div>
    </fieldset>
  );
}
