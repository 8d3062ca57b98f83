import { useState } from "preact/hooks";
import { Api, ApiError } from "./api";
import { navigate } from "./route";
import { loadSeat, saveSeat } from "./session";

export function Join({
  api,
  route,
}: {
  api: Api;
  route: { table: string; seat: number; invitation: string };
}) {
  const existing = loadSeat(localStorage, route.table);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // No invitation: an open seat (the server says whether the table is open).
  const open = route.invitation === "";
  const valid = open || /^[0-9a-f]{64}$/.test(route.invitation);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api.join(route.table, route.seat, open ? null : route.invitation, name.trim());
      saveSeat(localStorage, { table: r.table, seat: r.seat, name: r.name, token: r.token });
      // Drop the used invitation from the address bar and history.
      history.replaceState(null, "", `/table/${r.table}`);
      navigate(`/table/${r.table}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="page">
      <header class="bar">
        <h1>Join table {route.table}</h1>
        <a href="/">Lobby</a>
      </header>
      <section class="panel">
        {existing && existing.seat === route.seat ? (
          <p>
            You already hold seat {existing.seat + 1} here as {existing.name}.{" "}
            <a href={`/table/${route.table}`}>Go to the table</a>.
          </p>
        ) : null}
        {!valid ? (
          <p role="alert" class="error">
            ⚠ This link has no valid invitation (64 hex digits after the #).
          </p>
        ) : (
          <form onSubmit={submit}>
            <p>
              Seat {route.seat + 1}
              {open ? " is open: anyone may take it" : ""}. Choose the name the other players will see.
            </p>
            <label>
              Your name{" "}
              <input
                name="name"
                required
                maxLength={40}
                autoComplete="nickname"
                value={name}
                onInput={(e) => setName((e.target as HTMLInputElement).value)}
              />
            </label>{" "}
            <button type="submit" class="primary" disabled={busy || name.trim() === ""}>
              Take the seat
            </button>
          </form>
        )}
        <div aria-live="polite">
          {error && (
            <p role="alert" class="error">
              ⚠ {error}
            </p>
          )}
        </div>
      </section>
    </main>
  );
}
