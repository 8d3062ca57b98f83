import { describe, expect, it } from "vitest";
import { noticeLine, presenceWords, seatWho } from "../presence";
import type { LobbySeat } from "../types";

const seat = (extra: Partial<LobbySeat>): LobbySeat => ({ seat: 0, player: "human", label: "Narn", name: null, taken: false, away: false, ...extra });

describe("who plays a seat", () => {
  it("names a person by their name, a computer by its kind, with the race", () => {
    expect(seatWho(seat({ name: "Ana", taken: true }), 0, "Narn")).toBe("Ana (Narn)");
    expect(seatWho(seat({ seat: 2, player: "greedy", taken: true }), 2, "Centauri")).toBe("the computer (greedy) (Centauri)");
    expect(seatWho(undefined, 3)).toBe("Seat 4");
    expect(seatWho(seat({}), 0)).toBe("Seat 1");
  });

  it("says each presence in words", () => {
    expect(presenceWords("connected")).toBe("at the table");
    expect(presenceWords("away")).toContain("computer");
    expect(presenceWords("computer")).toBe("");
  });

  it("writes a log line for the notices about seats, and none for others", () => {
    const who = (n: number) => ["Ana (Narn)", "Ben (Minbari)"][n]!;
    expect(noticeLine({ type: "joined", seat: 1, name: "Ben" }, who)).toBe("Ben takes seat 2.");
    expect(noticeLine({ type: "presence", seat: 0, presence: "connected" }, who)).toBe("Ana (Narn) is at the table.");
    expect(noticeLine({ type: "presence", seat: 1, presence: "disconnected" }, who)).toBe("Ben (Minbari) left the table (disconnected).");
    expect(noticeLine({ type: "away", seat: 1, away: true, reason: "player" }, who)).toBe("Ben (Minbari) hands the seat to the computer player.");
    expect(noticeLine({ type: "away", seat: 1, away: true, reason: "clock" }, who)).toContain("move clock ran out");
    expect(noticeLine({ type: "away", seat: 0, away: false, reason: "back" }, who)).toBe("Ana (Narn) is back and plays the seat again.");
    // The notice's name first (the lobby may not know it yet).
    const unknown = (n: number, name?: string) => `${name ?? `Seat ${n + 1}`} (Minbari)`;
    expect(noticeLine({ type: "presence", seat: 1, presence: "connected", name: "Tess" }, unknown)).toBe("Tess (Minbari) is at the table.");
    expect(noticeLine({ type: "chat" }, who)).toBeNull();
    expect(noticeLine({ type: "undo", seat: 0 }, who)).toBeNull();
  });
});
