import { useEffect, useRef, useState } from "preact/hooks";
import { Api, ApiError, type CardPack } from "./api";
import { checkSummary, DeckChecker, placeProblems, type CheckState } from "./deckcheck";
import { deckChoices, deckForRace, SHIPPED_DECKS, type DeckChoice } from "./decks";
import { joinLink, navigate } from "./route";
import { lastName, sitAtCreated } from "./creator";
import { loadSeat } from "./session";
import type { CreateResponse, EmpiresSeatRequest, LobbyTable, Problem, SeatRequest } from "./types";

interface SeatForm {
  player: string;
  deckMode: "shipped" | "list";
  deck: string;
  list: string;
}

/** Who plays a seat: a person, or one of the server's computer players in plain words (both games have the same five). */
const PLAYERS = [
  { value: "human", label: "Human player" },
  { value: "greedy", label: "Computer: quick (takes the best-looking choice)" },
  { value: "random", label: "Computer: random (any legal choice)" },
  { value: "search-easy", label: "Computer: thinks ahead, easy" },
  { value: "search-medium", label: "Computer: thinks ahead, medium" },
  { value: "search-hard", label: "Computer: thinks ahead, hard (slower)" },
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
  // The lobby waits on the server for its next change (a table made, a
  // seat taken, a new turn): no polling lag. After an error, again in 5 s.
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = (after: number | null): void => {
      const asked = Date.now();
      api.lobby(after).then(
        (r) => {
          if (!alive) return;
          setTables(r.tables);
          setLoadError(null);
          // At most an answer a second, whatever the server's news: a busy
          // server's lobby (thousands of tables, a new turn somewhere every
          // moment) is sent whole each time.
          const next = typeof r.news === "number" ? r.news : null;
          timer = setTimeout(() => load(next), next === null ? 5000 : Math.max(0, 1000 - (Date.now() - asked)));
        },
        (e: unknown) => {
          if (!alive) return;
          setLoadError(e instanceof Error ? e.message : String(e));
          timer = setTimeout(() => load(null), 5000);
        },
      );
    };
    load(null);
    return () => {
      alive = false;
      if (timer !== null) clearTimeout(timer);
    };
  }, [api]);

  return (
    <main class="page lobby">
      <header class="bar">
        <h1>Babylon 5 — online table</h1>
        <a href="/cards">Write your own cards</a>
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
      <CreateSection api={api} />
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
            <th scope="col">Game</th>
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
            <tr key={t.table} data-table={t.table} data-game={t.game}>
              <td>
                <code>{t.table}</code>
              </td>
              <td>
                {GAME_NAMES[t.game] ?? t.game}
                {t.pack && <div class="pack">card pack: {t.pack}</div>}
              </td>
              <td>
                <ul class="seat-list">
                  {t.seats.map((s) => (
                    <li key={s.seat}>
                      {s.seat + 1}. {s.label}:{" "}
                      {s.player === "human" ? (
                        s.taken ? (
                          (s.name ?? "human")
                        ) : t.open_seats && !t.finished ? (
                          <a href={`/join/${t.table}/${s.seat}`} onClick={link(`/join/${t.table}/${s.seat}`)} data-take={s.seat}>
                            open: take this seat
                          </a>
                        ) : (
                          "free (human seat)"
                        )
                      ) : (
                        `computer (${s.player})`
                      )}
                      {s.away ? " — away (computer plays)" : ""}
                    </li>
                  ))}
                </ul>
              </td>
              <td>{t.free_seats}</td>
              <td>{t.turn}</td>
              <td>{t.ended ? `ended: ${t.ended.reason}` : t.finished ? "finished" : "playing"}</td>
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
                  <>
                    <a href={`/watch/${t.table}`} onClick={link(`/watch/${t.table}`)}>
                      Watch<span class="sr-only"> table {t.table}</span>
                    </a>{" "}
                    ·{" "}
                    <a href={`/replay/${t.table}`} onClick={link(`/replay/${t.table}`)} data-replay={t.table}>
                      Replay<span class="sr-only"> table {t.table}</span>
                    </a>
                  </>
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

const GAME_NAMES: Record<string, string> = { b5ccg: "Babylon 5 CCG", empires: "Babylon 5 Empires" };

function link(to: string) {
  return (e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
}

/** The table form of the chosen game. */
function CreateSection({ api }: { api: Api }) {
  const [game, setGame] = useState("b5ccg");
  return (
    <>
      <section class="panel" aria-label="Game">
        <label>
          Game{" "}
          <select name="game" value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
            <option value="b5ccg">Babylon 5 CCG</option>
            <option value="empires">Babylon 5 Empires</option>
          </select>
        </label>
      </section>
      {game === "empires" ? <CreateEmpires api={api} /> : <CreateTable api={api} />}
    </>
  );
}

const RACES = [
  { value: "narn", label: "Narn Regime" },
  { value: "centauri", label: "Centauri Empire" },
  { value: "earthforce", label: "Earthforce Alliance" },
  { value: "minbari", label: "Minbari Federation" },
];
const MAPS = [
  { value: "the-divide", label: "The Divide (two players)" },
  { value: "four-crowns", label: "Four Crowns (four players)" },
  { value: "generated", label: "Generated from the table's seed" },
];

/** An Empires table: 2 to 4 seats, each with a race (each race once), a map and a turn limit. */
function CreateEmpires({ api }: { api: Api }) {
  const [seats, setSeats] = useState<EmpiresSeatRequest[]>([
    { player: "human", race: "narn" },
    { player: "greedy", race: "earthforce" },
  ]);
  const [map, setMap] = useState("the-divide");
  const [turnLimit, setTurnLimit] = useState(60);
  const [spectators, setSpectators] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [created, setCreated] = useState<CreateResponse | null>(null);
  const [sit, setSit] = useState(true);
  const [name, setName] = useState(() => lastName(localStorage));
  const [openSeats, setOpenSeats] = useState(false);
  const [pace, setPace] = useState("");
  const sitting = sit && seats.some((x) => x.player === "human");
  const races = seats.map((x) => x.race);
  const twice = races.some((r, i) => races.indexOf(r) !== i);
  const update = (i: number, patch: Partial<EmpiresSeatRequest>) =>
    setSeats((s) => s.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setProblems([]);
    setCreated(null);
    try {
      const r = await api.create({ game: "empires", seats, options: { map, turn_limit: turnLimit }, spectators, open_seats: openSeats, ...paceOf(pace) });
      await afterCreate(api, r, sitting ? name.trim() : null, setCreated, setError);
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
      <form onSubmit={submit} class="create" data-game="empires">
        <fieldset>
          <legend>Seats ({seats.length}, in seating order; each race once)</legend>
          {seats.map((s, i) => (
            <div class="seat-form" data-seat={i} key={i}>
              <div class="seat-row">
                <span class="seat-no">Seat {i + 1}</span>
                <label>
                  <span class="sr-only">Seat {i + 1} player</span>
                  <select
                    name={`e-player-${i}`}
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
                  <span class="sr-only">Seat {i + 1} race</span>
                  <select
                    name={`e-race-${i}`}
                    value={s.race}
                    onChange={(e) => update(i, { race: (e.target as HTMLSelectElement).value })}
                  >
                    {RACES.map((r) => (
                      <option value={r.value} key={r.value}>
                        {r.label}
                      </option>
                    ))}
                  </select>
                </label>
                {seats.length > 2 && (
                  <button type="button" class="small" onClick={() => setSeats((x) => x.filter((_, j) => j !== i))}>
                    Remove<span class="sr-only"> seat {i + 1}</span>
                  </button>
                )}
              </div>
              {problems
                .filter((p) => p.seat === i)
                .map((p, k) => (
                  <p class="error" key={k}>
                    ⚠ {p.message}
                  </p>
                ))}
            </div>
          ))}
          <button
            type="button"
            disabled={seats.length >= 4}
            onClick={() =>
              setSeats((x) => [
                ...x,
                { player: "greedy", race: RACES.find((r) => !x.some((y) => y.race === r.value))?.value ?? "narn" },
              ])
            }
          >
            Add a seat
          </button>
          {twice && <p class="error">Each race may sit once.</p>}
        </fieldset>
        <div class="options">
          <label>
            Map{" "}
            <select name="map" value={map} onChange={(e) => setMap((e.target as HTMLSelectElement).value)}>
              {MAPS.map((m) => (
                <option value={m.value} key={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Turn limit{" "}
            <input
              type="number"
              name="e-turn-limit"
              min={1}
              max={1000}
              value={turnLimit}
              onInput={(e) => setTurnLimit(Number((e.target as HTMLInputElement).value) || 60)}
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
          <OpenSeatsField open={openSeats} setOpen={setOpenSeats} />
          <PaceField pace={pace} setPace={setPace} />
        </div>
        {seats.some((x) => x.player === "human") && <SitField sit={sit} setSit={setSit} name={name} setName={setName} />}
        <button type="submit" class="primary" disabled={busy || twice}>
          {busy ? "Creating…" : "Create the table"}
        </button>
      </form>
      <div aria-live="polite">
        {error && (
          <p role="alert" class="error">
            ⚠ {error}
          </p>
        )}
        {problems
          .filter((p) => p.seat === null)
          .map((p, k) => (
            <p class="error" key={k}>
              ⚠ {p.message}
            </p>
          ))}
        {created && <Invitations created={created} />}
      </div>
    </section>
  );
}

function CreateTable({ api }: { api: Api }) {
  const [seats, setSeats] = useState<SeatForm[]>(defaultSeats);
  const [turnLimit, setTurnLimit] = useState(100);
  const [spectators, setSpectators] = useState(true);
  /** The move clock in seconds per move ("" for none). */
  const [clock, setClock] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [created, setCreated] = useState<CreateResponse | null>(null);
  const [sit, setSit] = useState(true);
  const [name, setName] = useState(() => lastName(localStorage));
  const [openSeats, setOpenSeats] = useState(false);
  const [pace, setPace] = useState("");
  const sitting = sit && seats.some((x) => x.player === "human");
  /** The server's card packs (none without `--card-packs`), and the one chosen ("" for none). */
  const [packs, setPacks] = useState<CardPack[]>([]);
  const [pack, setPack] = useState("");
  /** The decks the server ships (GET /api), every one of them offered. */
  const [decks, setDecks] = useState<DeckChoice[]>(SHIPPED_DECKS);
  useEffect(() => {
    let live = true;
    api.info().then(
      (info) => {
        if (!live || !info?.decks?.length) return;
        const shipped = info.decks;
        setDecks(deckChoices(shipped));
        setSeats((ss) => ss.map((x) => ({ ...x, deck: deckForRace(x.deck, shipped) })));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api]);
  useEffect(() => {
    api.packs().then(
      (r) => setPacks(r.enabled ? r.packs.filter((p) => p.game === "b5ccg") : []),
      () => setPacks([]),
    );
  }, [api]);

  const update = (i: number, patch: Partial<SeatForm>) => {
    setSeats((s) => s.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    // The creation's problems were about the list as it was.
    if (patch.list !== undefined || patch.deckMode !== undefined || patch.deck !== undefined)
      setProblems((ps) => ps.filter((p) => p.seat !== i));
  };
  const clockSeconds = clock.trim() === "" ? null : Number(clock);
  const clockBad = clockSeconds !== null && !(Number.isFinite(clockSeconds) && clockSeconds >= 1 && clockSeconds <= 86400);

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
        options: pack ? { turn_limit: turnLimit, pack } : { turn_limit: turnLimit },
        spectators,
        open_seats: openSeats,
        ...paceOf(pace),
        ...(clockSeconds !== null && !clockBad ? { clock_ms: Math.round(clockSeconds * 1000) } : {}),
      });
      await afterCreate(api, r, sitting ? name.trim() : null, setCreated, setError);
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
          {seats.map((s, i) => (
            <SeatRow
              key={i}
              api={api}
              i={i}
              s={s}
              pack={pack}
              decks={decks}
              count={seats.length}
              problems={problems.filter((p) => p.seat === i)}
              update={(patch) => update(i, patch)}
              remove={() => {
                setSeats((x) => x.filter((_, j) => j !== i));
                setProblems([]);
              }}
            />
          ))}
          <button
            type="button"
            disabled={seats.length >= 6}
            onClick={() =>
              setSeats((x) => [...x, { player: "greedy", deckMode: "shipped", deck: decks[x.length % decks.length]?.value ?? "narn", list: "" }])
            }
          >
            Add a seat
          </button>
        </fieldset>
        <div class="options">
          {packs.length > 0 && (
            <label>
              Card pack{" "}
              <select name="pack" value={pack} onChange={(e) => setPack((e.target as HTMLSelectElement).value)}>
                <option value="">none: the server's cards</option>
                {packs.map((p) => (
                  <option key={p.name} value={p.name} title={p.cards.join(", ")}>
                    {p.name} ({p.cards.length} {p.cards.length === 1 ? "card" : "cards"})
                  </option>
                ))}
              </select>
            </label>
          )}
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
            Move clock (seconds per move, empty for none){" "}
            <input
              type="number"
              name="clock"
              min={1}
              max={86400}
              placeholder="none"
              value={clock}
              aria-invalid={clockBad}
              onInput={(e) => setClock((e.target as HTMLInputElement).value)}
            />
          </label>
          {clockBad && <span class="error">The clock is 1 to 86,400 seconds.</span>}
          <label>
            <input
              type="checkbox"
              checked={spectators}
              onChange={(e) => setSpectators((e.target as HTMLInputElement).checked)}
            />{" "}
            Anyone may watch
          </label>
          <OpenSeatsField open={openSeats} setOpen={setOpenSeats} />
          <PaceField pace={pace} setPace={setPace} />
        </div>
        {seats.some((x) => x.player === "human") && <SitField sit={sit} setSit={setSit} name={name} setName={setName} />}
        <button type="submit" class="primary" disabled={busy || clockBad}>
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

function SeatRow(props: {
  api: Api;
  i: number;
  s: SeatForm;
  /** The card pack chosen for the table ("" for none): deck lists are checked with its cards. */
  pack: string;
  /** The shipped decks to choose from. */
  decks: DeckChoice[];
  count: number;
  /** This seat's problems from the last attempt to create the table. */
  problems: Problem[];
  update: (patch: Partial<SeatForm>) => void;
  remove: () => void;
}) {
  const { api, i, s, problems, update } = props;
  const check = useDeckCheck(api, s.deckMode === "list" ? s.list : "", props.pack);
  // The live check's problems while it has checked this very text; else the creation's.
  const live = check.state === "done" && check.text === s.list ? check.result.problems : null;
  const shown = s.deckMode === "list" && problems.length === 0 && live ? live : problems;
  const summary = s.deckMode === "list" ? checkSummary(check) : "";
  return (
    <div class="seat-form" data-seat={i}>
      <div class="seat-row">
        <span class="seat-no">Seat {i + 1}</span>
        <label>
          <span class="sr-only">Seat {i + 1} player</span>
          <select
            name={`player-${i}`}
            value={s.player}
            onChange={(e) => update({ player: (e.target as HTMLSelectElement).value })}
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
              if (v === "__list") update({ deckMode: "list" });
              else update({ deckMode: "shipped", deck: v });
            }}
          >
            {props.decks.map((d) => (
              <option value={d.value} key={d.value}>
                {d.label}
              </option>
            ))}
            <option value="__list">Paste a deck list…</option>
          </select>
        </label>
        {props.count > 2 && (
          <button type="button" class="small" onClick={props.remove}>
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
            onInput={(e) => update({ list: (e.target as HTMLTextAreaElement).value })}
          />
        </label>
      )}
      {s.deckMode === "list" && (
        // Always there while a list is pasted, so the form does not jump when the check answers.
        <p
          class={`deck-status ${check.state === "done" ? (check.result.ok ? "ok" : "bad") : ""}`}
          data-check={check.state}
          aria-live="polite"
        >
          {summary || "Paste a deck list: it is checked as you type."}
        </p>
      )}
      {shown.length > 0 &&
        (s.deckMode === "list" ? (
          <CheckedList text={s.list} problems={shown} seat={i} />
        ) : (
          <ul class="problems" aria-label={`Problems with seat ${i + 1}`}>
            {shown.map((p, k) => (
              <li key={k}>⚠ {p.message}</li>
            ))}
          </ul>
        ))}
    </div>
  );
}

/** The live check of a pasted list (debounced; the latest text's answer only). */
function useDeckCheck(api: Api, text: string, pack: string): CheckState {
  const [state, setState] = useState<CheckState>({ state: "idle" });
  const checker = useRef<DeckChecker | null>(null);
  // A new pack: a new checker, and the text checked again with its cards.
  useEffect(() => {
    const c = new DeckChecker((list) => api.checkDeck(list, pack || undefined), setState);
    checker.current = c;
    c.update(text);
    return () => c.stop();
  }, [api, pack]);
  useEffect(() => {
    checker.current?.update(text);
  }, [text]);
  return state;
}

function CheckedList({ text, problems, seat }: { text: string; problems: Problem[]; seat: number }) {
  const c = placeProblems(text, problems);
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

const PACES = [
  { value: "", label: "the server's" },
  { value: "0", label: "at once" },
  { value: "500", label: "half a second" },
  { value: "1000", label: "1 second" },
  { value: "2000", label: "2 seconds" },
];

/** The computer players' pace at the table: the pause before each of their actions. */
function PaceField({ pace, setPace }: { pace: string; setPace: (p: string) => void }) {
  return (
    <label>
      Computer players' pace{" "}
      <select name="bot-pace" value={pace} onChange={(e) => setPace((e.target as HTMLSelectElement).value)}>
        {PACES.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The request's `bot_delay_ms`, when a pace was chosen. */
function paceOf(pace: string): { bot_delay_ms?: number } {
  return pace === "" ? {} : { bot_delay_ms: Number(pace) };
}

/** "Open seats": anyone may take a free human seat from the lobby. */
function OpenSeatsField({ open, setOpen }: { open: boolean; setOpen: (b: boolean) => void }) {
  return (
    <label>
      <input type="checkbox" name="open-seats" checked={open} onChange={(e) => setOpen((e.target as HTMLInputElement).checked)} /> Open seats:
      anyone may take a free human seat from the lobby (else only with the seat's link)
    </label>
  );
}

/** "Take the first human seat myself, as NAME": the creator sits at once. */
function SitField({ sit, setSit, name, setName }: { sit: boolean; setSit: (b: boolean) => void; name: string; setName: (n: string) => void }) {
  return (
    <div class="sit">
      <label>
        <input type="checkbox" name="sit" checked={sit} onChange={(e) => setSit((e.target as HTMLInputElement).checked)} /> Take the first human seat
        myself
      </label>{" "}
      {sit && (
        <label>
          as{" "}
          <input
            name="creator-name"
            required
            maxLength={40}
            autoComplete="nickname"
            placeholder="your name"
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
        </label>
      )}
    </div>
  );
}

/**
 * After a table is made: the creator takes the first human seat and goes
 * to the table (the other links wait there), or gets every link here.
 */
async function afterCreate(
  api: Api,
  created: CreateResponse,
  sit: string | null,
  show: (c: CreateResponse) => void,
  fail: (m: string) => void,
): Promise<void> {
  if (sit === null || created.seats.length === 0) return show(created);
  try {
    await sitAtCreated(api, localStorage, created, sit);
    navigate(`/table/${created.table}`);
  } catch (e) {
    show(created);
    fail(`The table was made, but your seat was not taken: ${e instanceof Error ? e.message : String(e)}. Use the first link below.`);
  }
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
