// What the end-to-end tests stand on: a real `b5 serve` on a free loopback
// port, the built page (web/dist) served by Vite's preview server with /api
// proxied to it (or, with E2E_DIRECT=1, the page as `b5 serve` itself serves
// it), and Debian's Chromium driven by playwright-core.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const WEB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const ROOT = resolve(WEB, "..");

export function b5Bin() {
  if (process.env.B5_BIN) return resolve(process.env.B5_BIN);
  for (const p of ["target/debug/b5", "target/release/b5"]) {
    const f = join(ROOT, p);
    if (existsSync(f)) return f;
  }
  throw new Error("no b5 binary: build it (cargo build -p b5) or set B5_BIN");
}

export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.unref();
    s.on("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A running `b5 serve`; restart() stops it and starts it again on the same port and data. */
export class B5Server {
  constructor(port, data) {
    this.port = port;
    this.data = data;
    this.proc = null;
    this.output = "";
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    const args = ["serve", "--addr", `127.0.0.1:${this.port}`, "--data", this.data, "--bot-delay-ms", "0", "--actions-per-second", "1000", "--tables-per-hour", "0", "--card-packs", join(this.data, "packs")];
    this.proc = spawn(b5Bin(), args, { stdio: ["ignore", "pipe", "pipe"] });
    this.proc.stdout.on("data", (d) => (this.output += d));
    this.proc.stderr.on("data", (d) => (this.output += d));
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline) {
      if (this.proc.exitCode !== null) throw new Error(`b5 serve exited: ${this.output}`);
      try {
        const r = await fetch(`${this.url}/api`);
        if (r.ok) return;
      } catch {
        /* not yet */
      }
      await sleep(100);
    }
    throw new Error(`b5 serve did not answer: ${this.output}`);
  }
  async stop() {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const done = new Promise((r) => p.once("exit", r));
    p.kill("SIGTERM");
    const t = setTimeout(() => p.kill("SIGKILL"), 5000);
    await done;
    clearTimeout(t);
  }
  async restart() {
    this.restarting = true;
    try {
      await this.stop();
      await this.start();
    } finally {
      // Proxy errors of the sockets the stop cut may still be reported.
      setTimeout(() => (this.restarting = false), 1000);
    }
  }
  async api(method, path, body, token) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const r = await fetch(`${this.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : null };
  }
}

/** The page's origin: Vite's preview server proxying /api to b5, or b5 itself. */
export async function startPage(b5) {
  if (process.env.E2E_DIRECT === "1") return { url: b5.url, close: async () => {} };
  if (!existsSync(join(WEB, "dist", "index.html"))) throw new Error("web/dist is missing: run npm run build first");
  process.env.B5_API = b5.url;
  const { preview, createLogger } = await import("vite");
  const port = await freePort();
  // The proxy's errors while b5 serve restarts (a test does that) are expected.
  const logger = createLogger("warn");
  const error = logger.error.bind(logger);
  logger.error = (msg, opts) => {
    if (b5.restarting && String(msg).includes("proxy error")) return;
    error(msg, opts);
  };
  const server = await preview({
    root: WEB,
    configFile: join(WEB, "vite.config.ts"),
    customLogger: logger,
    preview: { host: "127.0.0.1", port, strictPort: true, open: false },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        // Proxied WebSockets may still be open: end every connection.
        server.httpServer.close(() => r());
        server.httpServer.closeAllConnections?.();
        setTimeout(r, 3000);
      }),
  };
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];

export async function launchBrowser() {
  const { chromium } = await import("playwright-core");
  const exe = process.env.CHROMIUM ?? "/usr/bin/chromium";
  if (!existsSync(exe)) throw new Error(`${exe} is missing: apt-get install -y chromium`);
  // launch() starts Chromium with a fresh temporary user-data dir of its own,
  // removed when the browser closes.
  return chromium.launch({ executablePath: exe, headless: true, args: CHROMIUM_ARGS });
}

export function tempDir(prefix) {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(d) {
  rmSync(d, { recursive: true, force: true });
}

export function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
