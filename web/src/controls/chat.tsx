// A table's chat, on the CCG's page and an Empires table's alike: every
// line, and a box to say something (seats only).

import { useState } from "preact/hooks";
import type { Api } from "../api";
import type { ChatLine } from "../types";

/**
 * The chat panel of `table`. `headingId` is its heading's id (the panel is
 * labelled by it); `testId`, when given, is the list of lines' test id.
 */
export function ChatPanel(props: {
  table: string;
  chat: ChatLine[];
  api: Api;
  token: string | null;
  headingId: string;
  testId?: string;
}) {
  const { table, api, token } = props;
  const [text, setText] = useState("");
  const [err, setErr] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    if (!token || !text.trim()) return;
    api.say(table, token, text.trim()).then(
      () => {
        setText("");
        setErr(null);
      },
      (x: unknown) => setErr(x instanceof Error ? x.message : String(x)),
    );
  };
  return (
    <section class="panel chat" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>Chat</h2>
      <ol class="chatlines" data-testid={props.testId}>
        {props.chat.map((l) => (
          <li key={l.n}>
            <strong>{l.name}:</strong> {l.text}
          </li>
        ))}
      </ol>
      {token && (
        <form onSubmit={submit} class="chatform">
          <label>
            <span class="sr-only">Message</span>
            <input
              value={text}
              maxLength={500}
              onInput={(e) => setText((e.target as HTMLInputElement).value)}
              placeholder="Say something"
            />
          </label>
          <button type="submit" class="small">
            Send
          </button>
        </form>
      )}
      {err && <p class="error">⚠ {err}</p>}
    </section>
  );
}
