import { useEffect, useState } from "preact/hooks";
import { Api, ApiError } from "./api";
import { placeProblems } from "./deckcheck";
import { SHIPPED_DECKS } from "./decks";
import { joinLink, navigate } from "./route";
import { loadSeat } from "./session";
import type { CreateResponse, LobbyTable, Problem, SeatRequest } from "./types";

interface SeatForm {
  player: string;
  deckMode: "shipped" | "list";
  deck: string;
  list: string;
}

const PLAYERS = [
  { value: "human", label: "Human player" },
  { value: "greedy", label: "Computer (greedy)" },
  { value: "random", label: "Computer (random)" },
];

function defaultSeats(): SeatForm[] {
  return [0, 1, 2, 3].map((i) => ({
    player: i === 0 ? "human" : "greedy",
    deckMode: "shipped",
    deck: SHIPPED_DECKS[i % SHIPPED_DECKS.length]!.value,
    list: "",
  }));
}

export function Lobby({ api }: { api: Api }) {
  const [tables, setTables] = useState<LobbyTable[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      api.lobby().then(
        (r) => {
          if (!alive) return;
          setTables(r.tables);
          setLoadError(null);
        },
        (e: unknown) => alive && setLoadError(e instanceof Error ? e.message : String(e)),
      );
    void load();
    const t = setInterval(load, 5000);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, [api]);

  return (
    <main class="page lobby">
      <header class="bar">
        <h1>Babylon 5 CCG — online table</h1>
      </header>
      <section aria-labelledby="tables-h" class="panel">
        <h2 id="tables-h">Tables</h2>
        {loadError && <p role="alert" class="error">⚠ {loadError}</p>}
        {tables === null ? (
          <p>Loading…</p>
        ) : tables.length === 0 ? (
          <p>No table yet: create one below.</p>
        ) : (
          <TableList tables={tables} />
        )}
      </section>
      <CreateTable api={api} />
    </main>
  );
}

function TableList({ tables }: { tables: LobbyTable[] }) {
  const open = tables.filter((t) => !t.finished);
  const done = tables.filter((t) => t.finished);
  const rows = [...open, ...done];
  return (
    <div class="scroll-x">
      <table class="lobby-tables">
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Players</th>
            <th scope="col">Free seats</th>
            <th scope="col">Turn</th>
            <th scope="col">State</th>
            <th scope="col">
              <span class="sr-only">Watch</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.table} data-table={t.table}>
              <td>
                <code>{t.table}</code>
              </td>
              <td>
                <ul class="seat-list">
                  {t.seats.map((s) => (
                    <li key={s.seat}>
                      {s.seat + 1}. {s.label}:{" "}
                      {s.player === "human"
                        ? s.taken
                          ? (s.name ?? "human")
                          : "free (human seat)"
                        : `computer (${s.player})`}
                      {s.away ? " — away (computer plays)" : ""}
                    </li>
                  ))}
                </ul>
              </td>
              <td>{t.free_seats}</td>
              <td>{t.turn}</td>
              <td>{t.finished ? "finished" : "playing"}</td>
              <td>
                {(() => {
                  const mine = loadSeat(localStorage, t.table);
                  return mine ? (
                    <>
                      <a href={`/table/${t.table}`} onClick={link(`/table/${t.table}`)}>
                        Play (your seat {mine.seat + 1})
                      </a>
                      <br />
                    </>
                  ) : null;
                })()}
                {t.spectators ? (
                  <a href={`/watch/${t.table}`} onClick={link(`/watch/${t.table}`)}>
                    Watch<span class="sr-only"> table {t.table}</span>
                  </a>
                ) : (
                  <span>no spectators</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function link(to: string) {
  return (e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
}

function CreateTable({ api }: { api: Api }) {
  const [seats, setSeats] = useState<SeatForm[]>(defaultSeats);
  const [turnLimit, setTurnLimit] = useState(100);
  const [spectators, setSpectators] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [created, setCreated] = useState<CreateResponse | null>(null);

  const update = (i: number, patch: Partial<SeatForm>) =>
    setSeats((s) => s.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setProblems([]);
    setCreated(null);
    const req: SeatRequest[] = seats.map((s) => ({
      player: s.player,
      deck: s.deckMode === "list" ? { list: s.list } : s.deck,
    }));
    try {
      const r = await api.create({
        seats: req,
        options: { turn_limit: turnLimit },
        spectators,
      });
      setCreated(r);
    } catch (err) {
      if (err instanceof ApiError) {
        setError(err.message);
        setProblems(err.body.problems ?? []);
      } else setError(String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="create-h" class="panel">
      <h2 id="create-h">Create a table</h2>
      <form onSubmit={submit} class="create">
        <fieldset>
          <legend>Seats ({seats.length}, in seating order)</legend>
          {seats.map((s, i) => {
            const mine = problems.filter((p) => p.seat === i);
            return (
              <div class="seat-form" key={i} data-seat={i}>
                <div class="seat-row">
                  <span class="seat-no">Seat {i + 1}</span>
                  <label>
                    <span class="sr-only">Seat {i + 1} player</span>
                    <select
                      name={`player-${i}`}
                      value={s.player}
                      onChange={(e) => update(i, { player: (e.target as HTMLSelectElement).value })}
                    >
                      {PLAYERS.map((p) => (
                        <option value={p.value} key={p.value}>
                          {p.label}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    <span class="sr-only">Seat {i + 1} deck</span>
                    <select
                      name={`deck-${i}`}
                      value={s.deckMode === "list" ? "__list" : s.deck}
                      onChange={(e) => {
                        const v = (e.target as HTMLSelectElement).value;
                        if (v === "__list") update(i, { deckMode: "list" });
                        else update(i, { deckMode: "shipped", deck: v });
                      }}
                    >
                      {SHIPPED_DECKS.map((d) => (
                        <option value={d.value} key={d.value}>
                          {d.label}
                        </option>
                      ))}
                      <option value="__list">Paste a deck list…</option>
                    </select>
                  </label>
                  {seats.length > 2 && (
                    <button
                      type="button"
                      class="small"
                      onClick={() => setSeats((x) => x.filter((_, j) => j !== i))}
                    >
                      Remove<span class="sr-only"> seat {i + 1}</span>
                    </button>
                  )}
                </div>
                {s.deckMode === "list" && (
                  <label class="deck-list">
                    <span>Deck list for seat {i + 1} (the <code>b5 deck</code> format)</span>
                    <textarea
                      name={`list-${i}`}
                      rows={8}
                      spellcheck={false}
                      value={s.list}
                      onInput={(e) => update(i, { list: (e.target as HTMLTextAreaElement).value })}
                    />
                  </label>
                )}
                {mine.length > 0 &&
                  (s.deckMode === "list" ? (
                    <CheckedList text={s.list} problems={problems} seat={i} />
                  ) : (
                    <ul class="problems" aria-label={`Problems with seat ${i + 1}`}>
                      {mine.map((p, k) => (
                        <li key={k}>⚠ {p.message}</li>
                      ))}
                    </ul>
                  ))}
              </div>
            );
          })}
          <button
            type="button"
            disabled={seats.length >= 6}
            onClick={() => setSeats((x) => [...x, { player: "greedy", deckMode: "shipped", deck: "narn", list: "" }])}
          >
            Add a seat
          </button>
        </fieldset>
        <div class="options">
          <label>
            Turn limit{" "}
            <input
              type="number"
              name="turn-limit"
              min={1}
              max={1000}
              value={turnLimit}
              onInput={(e) => setTurnLimit(Number((e.target as HTMLInputElement).value) || 100)}
            />
          </label>
          <label>
            <input
              type="checkbox"
              checked={spectators}
              onChange={(e) => setSpectators((e.target as HTMLInputElement).checked)}
            />{" "}
            Anyone may watch
          </label>
        </div>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? "Creating…" : "Create the table"}
        </button>
      </form>
      <div aria-live="polite">
        {error && (
          <p role="alert" class="error">
            ⚠ {error}
          </p>
        )}
        {created && <Invitations created={created} />}
      </div>
    </section>
  );
}

function CheckedList({ text, problems, seat }: { text: string; problems: Problem[]; seat: number }) {
  const c = placeProblems(text, problems, seat);
  return (
    <div class="checked" aria-label={`Deck check for seat ${seat + 1}`} role="group">
      {c.general.length > 0 && (
        <ul class="problems">
          {c.general.map((m, k) => (
            <li key={k}>⚠ {m}</li>
          ))}
        </ul>
      )}
      <ol class="deck-lines">
        {c.lines.map((l) => (
          <li key={l.n} class={l.problems.length ? "bad" : ""} data-line={l.n}>
            <span class="ln" aria-hidden="true">
              {l.n}
            </span>
            <code class="lt">{l.text || " "}</code>
            {l.problems.map((m, k) => (
              <span class="lp" key={k}>
                ⚠ line {l.n}: {m}
              </span>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Invitations({ created }: { created: CreateResponse }) {
  const origin = location.origin;
  return (
    <div class="invitations" data-created-table={created.table}>
      <h3>
        Table <code>{created.table}</code> is ready
      </h3>
      {created.seats.length === 0 ? (
        <p>No human seat: the computer players play it out.</p>
      ) : (
        <p>Send each player their seat's link (it holds their secret invitation; it works once):</p>
      )}
      <ul>
        {created.seats.map((s) => {
          const href = joinLink(origin, created.table, s.seat, s.invitation);
          return (
            <li key={s.seat}>
              Seat {s.seat + 1}:{" "}
              <a class="join-link" href={href} data-seat={s.seat}>
                join link for seat {s.seat + 1}
              </a>{" "}
              <button type="button" class="small" onClick={() => void navigator.clipboard?.writeText(href)}>
                Copy<span class="sr-only"> the link of seat {s.seat + 1}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p>
        <a href={`/watch/${created.table}`}>Watch this table</a>
      </p>
    </div>
  );
}
