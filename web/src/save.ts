// A finished game's record (GET /api/tables/{id}/save) downloaded as a file
// that `b5 replay FILE` reads.

/** The file's name: `b5-<table>.save.json` (the table id is letters and digits). */
export function saveFileName(table: string): string {
  return `b5-${table.replace(/[^0-9A-Za-z_-]/g, "_")}.save.json`;
}

/** Hands `text` to the browser as a download named `name`. */
export function downloadText(name: string, text: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = doc.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  a.style.display = "none";
  doc.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started from the click; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
