import { describe, expect, it } from "vitest";
import { placeTip, TIP_WIDTH, type Box } from "../tipplace";

const box = (left: number, top: number, w: number, h: number): Box => ({ left, top, right: left + w, bottom: top + h });
/** The side column of the table page at 1280x800. */
const side = box(912, 75, 360, 725);
const overlaps = (a: { left: number; width: number }, b: Box) => a.left < b.right && a.left + a.width > b.left;

describe("where a card's tip goes", () => {
  it("opens below the element, at its left, inside the window", () => {
    expect(placeTip(box(100, 200, 150, 100), 1280, 800, null)).toEqual({ left: 100, width: TIP_WIDTH, top: 306 });
    // Near the right edge it is moved left to stay in the window.
    expect(placeTip(box(1200, 200, 60, 40), 1280, 800, null).left).toBe(1280 - 8 - TIP_WIDTH);
    // On a small phone it is as wide as the screen allows.
    expect(placeTip(box(10, 100, 150, 100), 320, 640, null)).toMatchObject({ left: 8, width: 320 - 16 });
  });

  it("opens above an element near the bottom of the window", () => {
    expect(placeTip(box(100, 650, 150, 100), 1280, 800, null)).toEqual({ left: 100, width: TIP_WIDTH, bottom: 800 - 650 + 6 });
  });

  it("keeps clear of the side column for a card near it", () => {
    const at = placeTip(box(760, 300, 150, 100), 1280, 800, side);
    expect(overlaps(at, side)).toBe(false);
    expect(at.width).toBe(TIP_WIDTH);
    expect(at.left + at.width).toBe(912 - 8);
  });

  it("opens to the left of the side column for a choice inside it, level with it", () => {
    const high = placeTip(box(925, 200, 300, 28), 1280, 800, side);
    expect(overlaps(high, side)).toBe(false);
    expect(high).toEqual({ left: 912 - 8 - TIP_WIDTH, width: TIP_WIDTH, top: 200 });
    const low = placeTip(box(925, 600, 300, 28), 1280, 800, side);
    expect(overlaps(low, side)).toBe(false);
    expect(low.bottom).toBe(800 - 628);
  });

  it("may cover the column when the board beside it is too narrow for a tip", () => {
    const narrow = box(150, 75, 360, 725);
    const at = placeTip(box(20, 200, 100, 100), 520, 800, narrow);
    expect(at.width).toBe(TIP_WIDTH);
  });
});
