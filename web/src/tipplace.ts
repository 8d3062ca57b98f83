// Where a card's tip goes: beside the element it belongs to, inside the
// window, and never over the area the page keeps clear (the column of the
// seat's choices, the log and the chat, when it stands beside the board).

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface TipPlace {
  left: number;
  width: number;
  /** From the top of the window, or (when the tip opens upward) from its bottom. */
  top?: number;
  bottom?: number;
}

/** The widest a tip is; it is narrower on a small screen. */
export const TIP_WIDTH = 340;
/** The room below an element under which the tip opens above it instead. */
const ROOM_BELOW = 240;
const MARGIN = 8;
/** Narrower than this, a tip may cover the area rather than be squeezed beside it. */
const MIN_WIDTH = 220;

/**
 * The tip's place for an element at `el` in a window of `vw` by `vh`,
 * keeping clear of `avoid` (null: nothing to keep clear).
 */
export function placeTip(el: Box, vw: number, vh: number, avoid: Box | null): TipPlace {
  let width = Math.min(TIP_WIDTH, vw - 2 * MARGIN);
  let minLeft = MARGIN;
  let maxRight = vw - MARGIN;
  if (avoid) {
    if (el.left >= avoid.left && el.right <= avoid.right) {
      // The element is inside the area (a choice naming a card): the tip
      // opens to the area's left, level with the element.
      const room = avoid.left - 2 * MARGIN;
      if (room >= MIN_WIDTH) {
        width = Math.min(width, room);
        const left = avoid.left - MARGIN - width;
        return el.top < vh / 2 ? { left, width, top: Math.max(MARGIN, el.top) } : { left, width, bottom: Math.max(MARGIN, vh - el.bottom) };
      }
    } else if (el.right <= avoid.left) {
      // Left of the area: the tip stays left of it too.
      const room = avoid.left - MARGIN - minLeft;
      if (room >= MIN_WIDTH) {
        maxRight = avoid.left - MARGIN;
        width = Math.min(width, room);
      }
    } else if (el.left >= avoid.right) {
      const room = maxRight - (avoid.right + MARGIN);
      if (room >= MIN_WIDTH) {
        minLeft = avoid.right + MARGIN;
        width = Math.min(width, room);
      }
    }
  }
  const left = Math.max(minLeft, Math.min(el.left, maxRight - width));
  const below = vh - el.bottom;
  if (below >= ROOM_BELOW || below >= el.top) return { left, width, top: el.bottom + 6 };
  return { left, width, bottom: vh - el.top + 6 };
}
