// The Cards page (/cards): a player writes, pastes or uploads a card file;
// it is checked as he types (POST /api/cards/check): the first error at its
// line, or each card's generated rules text beside the printed text he
// keeps (`text = "..."`), with the words where they differ; the file
// downloads back. "Try it" opens a sandbox table (POST /api/cards/try) with
// the card in the player's hand against a computer player. Nothing is
// stored on the server; the file being written is kept in this browser
// (localStorage), so that it is still here on coming back from a sandbox.

import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, type Api, type CardPack } from "./api";
import { navigate } from "./route";
import { saveSeat } from "./session";
import {
  downloadName,
  placeError,
  runs,
  loadDraft,
  saveDraft,
  tryCommand,
  verdict,
  type CardCheckResult,
  type CheckedCard,
} from "./cardfile";

/** How long typing pauses before the file is checked. */
const PAUSE_MS = 300;

export function CardsPage({ api }: { api: Api }) {
  const [text, setText] = useState(() => loadDraft(localStorage).text);
  const [name, setName] = useState(() => loadDraft(localStorage).name);
  const [result, setResult] = useState<CardCheckResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [trying, setTrying] = useState<{ card: string; error: string | null } | null>(null);
  const asked = useRef(0);

  useEffect(() => saveDraft(localStorage, { text, name }), [text, name]);

  // Card packs, when the server takes them (b5 serve --card-packs DIR).
  const [packsOn, setPacksOn] = useState(false);
  useEffect(() => {
    api.info().then(
      (i) => setPacksOn(i.card_packs === true),
      () => setPacksOn(false),
    );
  }, [api]);

  const tryCard = async (card: string) => {
    setTrying({ card, error: null });
    try {
      const r = await api.tryCard(text, card);
      saveSeat(localStorage, { table: r.table, seat: r.seat, name: r.name, token: r.token });
      navigate(`/table/${r.table}`);
    } catch (e) {
      setTrying({ card, error: e instanceof ApiError ? e.message : String(e) });
    }
  };

  useEffect(() => {
    if (!text.trim()) {
      setResult(null);
      setFailure(null);
      return;
    }
    const n = ++asked.current;
    const t = setTimeout(() => {
      api.checkCards(text).then(
        (r) => {
          // Only the answer to the latest text counts.
          if (n !== asked.current) return;
          setResult(r);
          setFailure(null);
        },
        (e: unknown) => {
          if (n !== asked.current) return;
          setFailure(e instanceof Error ? e.message : String(e));
        },
      );
    }, PAUSE_MS);
    return () => clearTimeout(t);
  }, [api, text]);

  const upload = (e: Event) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (!f) return;
    setName(f.name);
    void f.text().then(setText);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = downloadName(name);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <main class="page cards-page">
      <header class="bar">
        <h1>Cards: write and check a card file</h1>
        <a href="/">Back to the lobby</a>
      </header>
      <section class="panel" aria-labelledby="editor-h">
        <h2 id="editor-h">Your card file</h2>
        <p>
          Write the cards you own in the card format (<code>docs/card-format.md</code>), with each printed card's text
          in <code>text = "..."</code>. As you type, each card's rules text, generated from what the file says it
          does, appears beside your text, with the words where they differ. Nothing you write is kept on the server.
        </p>
        <div class="cards-tools">
          <label>
            Upload <input type="file" name="upload" accept=".toml,text/plain" onChange={upload} />
          </label>
          <label>
            File name <input name="file-name" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
          <button type="button" onClick={download} disabled={!text}>
            Download
          </button>
        </div>
        <textarea
          name="card-file"
          aria-label="Card file"
          rows={18}
          spellcheck={false}
          value={text}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          placeholder={'[cards."Harbor Blockade"]\ntype = "conflict"\nconflict = "military"\ntarget = "player"\nwon = [{ lose_influence = 1, who = "target" }]\ntext = "..."'}
        />
      </section>
      <section class="panel" aria-labelledby="checked-h">
        <h2 id="checked-h">Checked</h2>
        {failure && (
          <p role="alert" class="error">
            ⚠ The check failed: {failure}
          </p>
        )}
        <Checked text={text} result={result} file={downloadName(name)} trying={trying} onTry={tryCard} />
      </section>
      {packsOn && <OfferPack api={api} text={text} ready={result?.ok === true && result.cards.length > 0} />}
    </main>
  );
}

type Trying = { card: string; error: string | null } | null;

function Checked({
  text,
  result,
  file,
  trying,
  onTry,
}: {
  text: string;
  result: CardCheckResult | null;
  file: string;
  trying: Trying;
  onTry: (card: string) => void;
}) {
  if (!text.trim()) return <p>Write or upload a card file above.</p>;
  if (!result) return <p>Checking…</p>;
  if (!result.ok) {
    const e = placeError(text, result.error);
    return (
      <div class="card-error" role="alert" data-line={result.error.line}>
        <p>
          ⚠ At {e.where}: {e.message}
        </p>
        {e.source !== null && <pre>{e.source}</pre>}
      </div>
    );
  }
  if (result.cards.length === 0) return <p>The file defines no card yet.</p>;
  return (
    <ul class="checked-cards">
      {result.cards.map((c) => (
        <CheckedItem key={c.name} card={c} file={file} trying={trying} onTry={onTry} />
      ))}
    </ul>
  );
}

function CheckedItem({
  card,
  file,
  trying,
  onTry,
}: {
  card: CheckedCard;
  file: string;
  trying: Trying;
  onTry: (card: string) => void;
}) {
  const mine = trying?.card === card.name ? trying : null;
  return (
    <li class="checked-card" data-name={card.name} data-same={card.same === null ? "none" : String(card.same)}>
      <h3>
        {card.name} <small>line {card.line}</small> — {verdict(card)}
      </h3>
      <p class="generated">
        <strong>Generated:</strong> {card.generated || "(no rules text)"}
      </p>
      {card.text !== null && (
        <p class="kept">
          <strong>Yours:</strong> {card.text}
        </p>
      )}
      {card.same === false && (
        <p class="difference">
          <strong>Where:</strong>{" "}
          {runs(card.diff).map((r, i) => (
            <span key={i}>
              {r.kind === "same" ? (
                r.words
              ) : r.kind === "generated" ? (
                <del title="only in the generated text">{r.words}</del>
              ) : (
                <ins title="only in your text">{r.words}</ins>
              )}{" "}
            </span>
          ))}
        </p>
      )}
      <p class="try">
        <button type="button" name="try" onClick={() => onTry(card.name)} disabled={mine !== null && mine.error === null}>
          Try it
        </button>{" "}
        against a computer player, here (a sandbox: the card in your hand, nothing kept), or in a terminal once
        downloaded: <code>{tryCommand(file, card.name)}</code>
      </p>
      {mine?.error && (
        <p role="alert" class="error">
          ⚠ It cannot be tried: {mine.error}
        </p>
      )}
    </li>
  );
}

/** Offers the file as a card pack that tables on this server may use (kept on the server: its operator allows it). */
function OfferPack({ api, text, ready }: { api: Api; text: string; ready: boolean }) {
  const [packName, setPackName] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<CardPack | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offer = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await api.offerPack(packName.trim(), text));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel" aria-labelledby="pack-h">
      <h2 id="pack-h">Offer as a card pack</h2>
      <p>
        This server keeps card packs: offered under a name, your file is kept on the server, and anyone creating a table
        here may choose it in the lobby's form, so that deck lists may name its cards. A name is taken once.
      </p>
      <form class="cards-tools" onSubmit={offer}>
        <label>
          Pack name <input name="pack-name" maxLength={40} value={packName} onInput={(e) => setPackName((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit" disabled={busy || !ready || !packName.trim()}>
          Offer
        </button>
      </form>
      <div aria-live="polite">
        {done && (
          <p class="ok" data-pack={done.name}>
            ✓ Offered: the card pack “{done.name}” with {done.cards.length} {done.cards.length === 1 ? "card" : "cards"} ({done.cards.join(", ")}). Choose it in the lobby&apos;s form.
          </p>
        )}
        {error && (
          <p role="alert" class="error">
            ⚠ Not offered: {error}
          </p>
        )}
      </div>
    </section>
  );
}
