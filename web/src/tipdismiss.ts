// A card tip's dismissal, shared by the table's board and the Empires
// page: Escape closes it, and a tap or click outside a pinned tip (and
// outside what opened it) closes it.

import { useEffect } from "preact/hooks";

export function useTipDismiss<T extends { pinned: boolean }>(
  setTip: (f: (x: T | null) => T | null) => void,
  /** What a tap may land on and keep the tip (the tip, what opens tips). */
  keep: string,
  /** Told of every pointer first (the board notes a finger or a pen). */
  onPointer?: (e: PointerEvent) => void,
): void {
  useEffect(() => {
    const down = (e: PointerEvent) => {
      onPointer?.(e);
      const t = e.target as Element | null;
      if (!t?.closest?.(keep)) setTip((x) => (x?.pinned ? null : x));
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape") setTip(() => null);
    };
    addEventListener("pointerdown", down, true);
    addEventListener("keydown", key);
    return () => {
      removeEventListener("pointerdown", down, true);
      removeEventListener("keydown", key);
    };
    // The handlers are the page's for its life: set once.
  }, []);
}
