// The page's routes (paths the server answers with index.html).

import { atOfHash } from "./replay";

export type Route =
  | { page: "lobby" }
  | { page: "cards" }
  | { page: "join"; table: string; seat: number; invitation: string }
  | { page: "table"; table: string; watch: boolean }
  | { page: "replay"; table: string; at: number | null }
  | { page: "missing"; path: string };

const ID = "[0-9A-Za-z_-]{1,64}";

export function parseRoute(path: string, hash: string): Route {
  const p = path.replace(/\/+$/, "") || "/";
  if (p === "/") return { page: "lobby" };
  if (p === "/cards") return { page: "cards" };
  let m = new RegExp(`^/join/(${ID})/(\\d{1,2})$`).exec(p);
  if (m) {
    return { page: "join", table: m[1]!, seat: Number(m[2]), invitation: hash.replace(/^#/, "") };
  }
  m = new RegExp(`^/replay/(${ID})$`).exec(p);
  if (m) return { page: "replay", table: m[1]!, at: atOfHash(hash) };
  m = new RegExp(`^/(table|watch)/(${ID})$`).exec(p);
  if (m) return { page: "table", table: m[2]!, watch: m[1] === "watch" };
  return { page: "missing", path };
}

/** The link a player opens to take a seat (the invitation stays in the fragment, never sent to a server). */
export function joinLink(origin: string, table: string, seat: number, invitation: string): string {
  return `${origin}/join/${encodeURIComponent(table)}/${seat}#${invitation}`;
}

export function navigate(to: string): void {
  history.pushState(null, "", to);
  dispatchEvent(new PopStateEvent("popstate"));
}
