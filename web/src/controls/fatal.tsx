// The page a table shows when it cannot be shown at all (no such table,
// a seat's token refused), on the CCG's page and an Empires table's alike.

/** Table `table`'s page with only `error` and the way back to the lobby. */
export function FatalPage({ table, error }: { table: string; error: string }) {
  return (
    <main class="page">
      <header class="bar">
        <h1>Table {table}</h1>
        <a href="/">Lobby</a>
      </header>
      <p role="alert" class="error">
        ⚠ {error}
      </p>
    </main>
  );
}
