import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Api } from "./api";
import { CardTexts } from "./cards";
import { CardsPage } from "./cardspage";
import { Join } from "./join";
import { Lobby } from "./lobby";
import { parseRoute, type Route } from "./route";
import { ReplayPage } from "./replaypage";
import { TablePage } from "./table";
import { EmpiresPage } from "./empires/page";
import { ApiError } from "./api";
import "./style.css";

const api = new Api();
/** The card texts, fetched once per page (when a table is first shown). */
const cards = new CardTexts(() => api.cards());

function App() {
  const [route, setRoute] = useState<Route>(() => parseRoute(location.pathname, location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.pathname, location.hash));
    addEventListener("popstate", on);
    return () => removeEventListener("popstate", on);
  }, []);
  switch (route.page) {
    case "lobby":
      return <Lobby api={api} />;
    case "cards":
      return <CardsPage api={api} />;
    case "join":
      return <Join api={api} route={route} />;
    case "table":
      return <GameTable key={route.table + route.watch} table={route.table} watch={route.watch} />;
    case "replay":
      return <ReplayPage key={route.table} api={api} cards={cards} table={route.table} at={route.at} />;
    case "missing":
      return (
        <main class="page">
          <h1>Not found</h1>
          <p>
            Nothing at <code>{route.path}</code>. <a href="/">Back to the lobby</a>.
          </p>
        </main>
      );
  }
}

/** A table's page for its game (the lobby entry says which). */
function GameTable({ table, watch }: { table: string; watch: boolean }) {
  const [game, setGame] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const ask = () =>
      api.tableInfo(table).then(
        (t) => alive && setGame(t.game),
        (e: unknown) => {
          if (!alive) return;
          // The server is down or restarting: ask again; else the table page says what is wrong.
          if (e instanceof ApiError && (e.status === 0 || e.status >= 500)) retry = setTimeout(ask, 1000);
          else setGame("b5ccg");
        },
      );
    void ask();
    return () => {
      alive = false;
      if (retry !== null) clearTimeout(retry);
    };
  }, [table]);
  if (game === null) return <main class="page"><p>Loading the table…</p></main>;
  if (game === "empires") return <EmpiresPage api={api} table={table} watch={watch} />;
  return <TablePage api={api} cards={cards} table={table} watch={watch} />;
}

render(<App />, document.getElementById("app")!);
