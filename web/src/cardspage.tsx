// The Cards page (/cards): a player writes, pastes or uploads a card file;
// it is checked as he types (POST /api/cards/check): the first error at its
// line, or each card's generated rules text beside the printed text he
// keeps (`text = "..."`), with the words where they differ; the file
// downloads back. Nothing is stored on the server.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Api } from "./api";
import {
  downloadName,
  placeError,
  runs,
  tryCommand,
  verdict,
  type CardCheckResult,
  type CheckedCard,
} from "./cardfile";

/** How long typing pauses before the file is checked. */
const PAUSE_MS = 300;

export function CardsPage({ api }: { api: Api }) {
  const [text, setText] = useState("");
  const [name, setName] = useState("cards.toml");
  const [result, setResult] = useState<CardCheckResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(0);

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
        <Checked text={text} result={result} file={downloadName(name)} />
      </section>
    </main>
  );
}

function Checked({ text, result, file }: { text: string; result: CardCheckResult | null; file: string }) {
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
        <CheckedItem key={c.name} card={c} file={file} />
      ))}
    </ul>
  );
}

function CheckedItem({ card, file }: { card: CheckedCard; file: string }) {
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
        <strong>Try it</strong> against a computer player, once downloaded: <code>{tryCommand(file, card.name)}</code>
      </p>
    </li>
  );
}
