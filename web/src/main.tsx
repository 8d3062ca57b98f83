import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Api } from "./api";
import { Join } from "./join";
import { Lobby } from "./lobby";
import { parseRoute, type Route } from "./route";
import { TablePage } from "./table";
import "./style.css";

const api = new Api();

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
    case "join":
      return <Join api={api} route={route} />;
    case "table":
      return <TablePage key={route.table + route.watch} api={api} table={route.table} watch={route.watch} />;
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

render(<App />, document.getElementById("app")!);
