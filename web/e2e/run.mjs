// End-to-end tests of the browser client in Debian's Chromium against a real
// `b5 serve`. A small runner of its own (playwright-core has none): each test
// is an async function; the run prints one line per test and a closing
// "N passed, M failed" line, and exits non-zero on a failure.
//
//   B5_BIN=path/to/b5 node e2e/run.mjs [name-filter]

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { B5Server, freePort, launchBrowser, percentile, removeDir, ROOT, startPage, tempDir, WEB } from "./harness.mjs";

const SHOTS = join(ROOT, "docs", "screenshots");
const RESULTS = join(WEB, "test-results");
mkdirSync(SHOTS, { recursive: true });
mkdirSync(RESULTS, { recursive: true });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let seed = 12345;
function rand(n) {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}

const metrics = { clickToUpdate: [], loadToInteractive: [] };

// ---------------------------------------------------------------- helpers

async function createViaLobby(page, base, { seats, turnLimit }) {
  await page.goto(`${base}/`);
  await page.getByRole("heading", { name: "Create a table" }).waitFor();
  // The form starts with four seats: human, greedy, greedy, greedy.
  for (let i = 4; i > seats.length; i--) await page.getByRole("button", { name: `Remove seat ${i}` }).click();
  for (let i = 0; i < seats.length; i++) {
    await page.locator(`select[name=player-${i}]`).selectOption(seats[i].player);
    await page.locator(`select[name=deck-${i}]`).selectOption(seats[i].deck);
  }
  await page.locator("input[name=turn-limit]").fill(String(turnLimit));
  await page.getByRole("button", { name: "Create the table" }).click();
  const inv = page.locator(".invitations");
  await inv.waitFor();
  const table = await inv.getAttribute("data-created-table");
  const links = await page.locator("a.join-link").evaluateAll((as) => as.map((a) => a.href));
  return { table, links };
}

async function joinSeat(page, link, name) {
  await page.goto(link);
  await page.locator("input[name=name]").fill(name);
  await page.getByRole("button", { name: "Take the seat" }).click();
  await page.locator(".table-page").waitFor();
  await page.waitForFunction(() => document.querySelector(".conn-open") !== null, null, { timeout: 15000 });
}

/** Waits until the page has a choice (true) or the game is over (false). */
async function waitForTurn(page, timeout = 30000) {
  const h = await page.waitForFunction(
    () => {
      const t = document.querySelector(".table-page");
      if (!t) return null;
      if (t.getAttribute("data-finished") === "1") return "over";
      const a = document.querySelector('.actions[data-active="1"]');
      return a ? "turn" : null;
    },
    null,
    { timeout, polling: 25 },
  );
  return (await h.jsonValue()) === "turn";
}

async function seqOf(page) {
  return Number(await page.locator(".table-page").getAttribute("data-seq"));
}

/** Waits for the table to move past `seq` (or a refusal to show). */
async function waitPast(page, seq) {
  await page.waitForFunction(
    (s) => {
      const t = document.querySelector(".table-page");
      return (t && Number(t.getAttribute("data-seq")) > s) || document.querySelector(".refused") || t?.getAttribute("data-finished") === "1";
    },
    seq,
    { timeout: 20000, polling: 20 },
  );
  const refused = await page.locator(".refused").count();
  assert.equal(refused, 0, `an action was refused: ${refused ? await page.locator(".refused").innerText() : ""}`);
}

/**
 * Takes one choice by clicking, the way a player does: a card with choices
 * (on the table or in the hand), then a target on the table if the choice
 * has one, else a choice of the card's list; the groups without a card
 * (pass, build, ...) through their buttons. `stats` counts which way.
 */
async function playOne(page, stats, passBias = 3) {
  const seq = await seqOf(page);
  const cards = page.locator("button.card.can");
  const nCards = await cards.count();
  const others = page.locator(".group-buttons button:not([data-kind=card])");
  const nOthers = await others.count();
  const pass = page.locator(".group-buttons button[data-group=pass]");
  const hasPass = (await pass.count()) > 0;
  const roll = rand(10);
  if (nCards > 0 && !(hasPass && roll < passBias)) {
    await cards.nth(rand(nCards)).click();
    await page.locator(".chosen").waitFor();
    const targets = page.locator("button.card.target, .target-btn");
    let nT = await targets.count();
    let picked = false;
    while (nT > 0 && (await seqOf(page)) === seq && (await page.locator(".chosen").count()) > 0) {
      await targets.nth(rand(nT)).click();
      picked = true;
      await page.waitForTimeout(10);
      if ((await seqOf(page)) !== seq || (await page.locator(".table-page .actions[data-active='0']").count()) > 0) break;
      nT = await targets.count();
      const choices = page.locator(".chosen .choice");
      if (nT === 0 && (await choices.count()) > 0) {
        await choices.nth(rand(await choices.count())).click();
        break;
      }
    }
    if (picked) stats.target++;
    else {
      const choices = page.locator(".chosen .choice");
      await choices.nth(rand(await choices.count())).click();
      stats.card++;
    }
  } else if (nOthers > 0) {
    const b = hasPass ? pass : others.nth(rand(nOthers));
    await b.click();
    const choices = page.locator(".chosen .choice");
    await choices.first().waitFor();
    await choices.nth(rand(await choices.count())).click();
    stats.group++;
  } else {
    // The plain list of every legal action: the fallback that is always there.
    await page.locator("details.all-actions > summary").click();
    const plain = page.locator("button.choice.plain");
    await plain.nth(rand(await plain.count())).click();
    stats.plain++;
  }
  await waitPast(page, seq);
  // Click-to-update: from the click's mark to the new state on screen.
  const d = await page.evaluate((s) => {
    const click = performance.getEntriesByName(`b5-click-${s}`).at(-1);
    const shown = performance.getEntriesByName(`b5-render-${s + 1}`).at(-1);
    return click && shown ? shown.startTime - click.startTime : null;
  }, seq);
  if (d !== null && d >= 0) metrics.clickToUpdate.push(d);
}

function collectTraffic(page) {
  const bodies = [];
  page.on("response", async (r) => {
    if (!r.url().includes("/api/")) return;
    try {
      bodies.push(await r.text());
    } catch {
      /* a body that is gone (a redirect, a closed page) */
    }
  });
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => bodies.push(typeof f.payload === "string" ? f.payload : f.payload.toString()));
  });
  return bodies;
}

// ------------------------------------------------------------------ tests

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test("a pasted deck list with mistakes shows each message beside its line", async ({ browser, base, b5 }) => {
  const list = [
    "name: Broken Narn",
    "race: narn",
    "",
    "[ambassador]",
    "1 Ambassador Nobody",
    "[deck]",
    "4 Aide Da'Mirra",
    "2 No Such Card",
  ].join("\n");
  // What the server says about this list.
  const want = await b5.api("POST", "/api/tables", { seats: [{ player: "human", deck: { list } }, { player: "greedy", deck: "centauri" }] });
  assert.equal(want.status, 400);
  const problems = want.body.problems.filter((p) => p.seat === 0);
  assert.ok(problems.filter((p) => p.line).length >= 3, JSON.stringify(problems));

  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(`${base}/`);
  await page.locator("select[name=deck-0]").selectOption("__list");
  await page.locator("textarea[name=list-0]").fill(list);
  for (let i = 4; i > 2; i--) await page.getByRole("button", { name: `Remove seat ${i}` }).click();
  await page.getByRole("button", { name: "Create the table" }).click();
  await page.locator(".checked").waitFor();
  for (const p of problems) {
    const row = page.locator(`.seat-form[data-seat="0"] .deck-lines li[data-line="${p.line}"]`);
    const text = await row.innerText();
    assert.ok(text.includes(p.message), `line ${p.line} should show "${p.message}", shows "${text}"`);
    assert.ok(text.includes(list.split("\n")[p.line - 1]), `line ${p.line} shows its own text`);
    assert.equal(await row.getAttribute("class"), "bad");
  }
  const good = page.locator('.seat-form[data-seat="0"] .deck-lines li[data-line="1"]');
  assert.equal(await good.locator(".lp").count(), 0, "a line without a problem has no message");
  await page.locator(".checked").scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, "deck-check.png"), fullPage: false });
  await page.close();
});

test("a human plays a complete game against three computer players by clicking (card and target, groups, the plain list, the keyboard); undo, reload and server restart mid-game", async ({ browser, base, b5 }) => {
  const page = await browser.newPage({ viewport: DESKTOP });
  // Layout shifts not caused by the player's own input (Cumulative Layout Shift).
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (!e.hadRecentInput && location.pathname.startsWith("/table/")) window.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const { table, links } = await createViaLobby(page, base, {
    seats: [
      { player: "human", deck: "narn" },
      { player: "greedy", deck: "centauri" },
      { player: "greedy", deck: "minbari" },
      { player: "random", deck: "human" },
    ],
    turnLimit: 5,
  });
  assert.equal(links.length, 1, "one invitation: one human seat");
  await page.goto(`${base}/`);
  await page.locator(".lobby-tables").waitFor();
  await page.screenshot({ path: join(SHOTS, "lobby.png"), fullPage: true });
  await page.setViewportSize(PHONE);
  const lobbyWide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(lobbyWide <= PHONE.width + 1, `the lobby is ${lobbyWide}px wide at ${PHONE.width}px`);
  await page.setViewportSize(DESKTOP);
  await joinSeat(page, links[0], "Tester");
  const stats = { card: 0, target: 0, group: 0, plain: 0, keyboard: 0 };
  let moves = 0;
  // The first choice by keyboard alone: Tab to a group of choices, Enter, Tab to a choice, Enter.
  assert.equal(await waitForTurn(page), true);
  {
    const seq = await seqOf(page);
    const focusIs = (sel) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, sel);
    let n = 0;
    while (!(await focusIs(".group-buttons button, button.card.can")) && n++ < 200) await page.keyboard.press("Tab");
    assert.ok(n < 200, "a group of choices is reachable with Tab");
    await page.keyboard.press("Enter");
    await page.locator(".chosen").waitFor();
    n = 0;
    while (!(await focusIs(".chosen .choice")) && n++ < 200) await page.keyboard.press("Tab");
    assert.ok(n < 200, "a choice is reachable with Tab");
    await page.keyboard.press("Enter");
    await waitPast(page, seq);
    stats.keyboard++;
    moves++;
  }
  let reloaded = false;
  let restarted = false;
  let undone = false;
  let shotMid = false;
  // Layout shift summed over the game, in segments between the reload and
  // the resizing for the phone screenshot (which shift on purpose).
  let cls = 0;
  let seg = 0;
  const started = Date.now();
  while (await waitForTurn(page, 60000)) {
    if (!shotMid && moves >= 30 && (await page.locator("button.card.can").count()) > 0) {
      cls += await page.evaluate(() => window.__cls);
      await page.screenshot({ path: join(SHOTS, "table-1280.png") });
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(SHOTS, "table-390.png"), fullPage: false });
      // Nothing is wider than the phone's screen.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= PHONE.width + 1, `the page is ${wide}px wide at ${PHONE.width}px`);
      await page.setViewportSize(DESKTOP);
      await page.waitForTimeout(150);
      await page.evaluate(() => (window.__cls = 0));
      seg = 0;
      shotMid = true;
    }
    // Undo, reload and restart in a step taken in initiative order, where nobody
    // else can act while it is our choice (in simultaneous steps the others
    // go on choosing).
    const ordered = (await page.locator('[data-testid="turn-flag"]').innerText()).includes("initiative order");
    if (moves === 3) {
      // One choice from the plain list of every legal action.
      const seq = await seqOf(page);
      await page.locator("details.all-actions > summary").click();
      const plain = page.locator("button.choice.plain");
      assert.equal(await plain.count(), Number((await page.locator("details.all-actions > summary").innerText()).match(/\((\d+)\)/)[1]));
      await plain.nth(rand(await plain.count())).click();
      await waitPast(page, seq);
      await page.locator("details.all-actions > summary").click();
      stats.plain++;
      moves++;
      continue;
    }
    if (!undone && moves >= 5 && ordered) {
      // Undo by consent, with no other human to ask: done at once, and the
      // table stands as before our last choice.
      const hand = await page.locator('[data-where="hand"]').evaluateAll((b) => b.map((x) => x.getAttribute("data-card")).sort());
      const choices = await page.locator("details.all-actions > summary").innerText();
      await playOne(page, stats);
      const seq = await seqOf(page);
      await page.getByRole("button", { name: "Ask to undo my last action" }).click();
      await page.waitForFunction((s) => Number(document.querySelector(".table-page").getAttribute("data-seq")) > s, seq, { timeout: 20000 });
      assert.equal(await waitForTurn(page), true);
      await page.locator(".loglines li", { hasText: "undo takes back" }).first().waitFor({ timeout: 10000 });
      const hand2 = await page.locator('[data-where="hand"]').evaluateAll((b) => b.map((x) => x.getAttribute("data-card")).sort());
      assert.deepEqual(hand2, hand, "the hand as before the undone choice");
      assert.equal(await page.locator("details.all-actions > summary").innerText(), choices, "the same choices as before");
      moves++;
      undone = true;
      continue;
    }
    if (!reloaded && moves >= 8 && ordered) {
      // Reload while it is our choice: the page comes back at the same point.
      const seq = await seqOf(page);
      const hand = await page.locator('[data-where="hand"]').evaluateAll((b) => b.map((x) => x.getAttribute("data-card")).sort());
      const nLegal = await page.locator("button.choice.plain").count();
      cls += await page.evaluate(() => window.__cls);
      seg = 0;
      await page.reload();
      assert.equal(await waitForTurn(page), true);
      assert.equal(await seqOf(page), seq, "the same seq after a reload");
      assert.equal((await b5.api("GET", `/api/tables/${table}`)).body.seq, seq, "the server's seq");
      const hand2 = await page.locator('[data-where="hand"]').evaluateAll((b) => b.map((x) => x.getAttribute("data-card")).sort());
      assert.deepEqual(hand2, hand, "the same hand after a reload");
      assert.equal(await page.locator("button.choice.plain").count(), nLegal, "the same choices after a reload");
      // The log comes back from the server's recent changes.
      await page.waitForFunction(() => document.querySelectorAll(".loglines li").length > 0, null, { timeout: 10000 });
      const t = await page.evaluate(() => performance.getEntriesByName("b5-interactive").at(-1)?.startTime ?? null);
      if (t !== null) metrics.loadToInteractive.push(t);
      reloaded = true;
    }
    if (!restarted && reloaded && moves >= 14 && ordered) {
      // The server stops and starts again: the page reconnects by itself.
      const seq = await seqOf(page);
      await b5.restart();
      await page.waitForFunction(() => document.querySelector(".conn-open") !== null, null, { timeout: 20000 });
      assert.equal(await waitForTurn(page), true);
      assert.equal(await seqOf(page), seq, "the same seq after the server restarted");
      restarted = true;
    }
    seg = await page.evaluate(() => window.__cls);
    await playOne(page, stats);
    moves++;
    assert.ok(moves < 600, "the game should end within the turn limit");
  }
  // The end-of-game summary.
  const summary = page.locator('[data-testid="summary"]');
  await summary.waitFor();
  const text = await summary.innerText();
  assert.ok(/Game over/.test(text) && /(Winner|No winner)/.test(text), text);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, "end-of-game.png") });
  assert.ok(reloaded && restarted && undone, "reloaded, restarted and undone mid-game");
  assert.ok(stats.card + stats.target > 0, `some choices through a card: ${JSON.stringify(stats)}`);
  cls += seg;
  metrics.cls = cls;
  assert.ok(cls < 0.1, `layout shifts while playing (CLS ${cls})`);
  console.log(`    CLS ${cls.toFixed(4)}; ${moves} human choices in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(stats)}`);
  await page.close();
});

test("two humans at one table: neither page nor its traffic (nor a spectator's) holds the other's hand; chat; away and back", async ({ browser, base, b5 }) => {
  const created = await b5.api("POST", "/api/tables", {
    seats: [
      { player: "human", deck: "narn" },
      { player: "human", deck: "minbari" },
    ],
    options: { turn_limit: 3 },
  });
  assert.equal(created.status, 201);
  const table = created.body.table;
  const ctxA = await browser.newContext({ viewport: DESKTOP });
  const ctxB = await browser.newContext({ viewport: DESKTOP });
  const pages = [await ctxA.newPage(), await ctxB.newPage()];
  const traffic = pages.map(collectTraffic);
  for (const [i, p] of pages.entries()) {
    const s = created.body.seats.find((x) => x.seat === i);
    await joinSeat(p, `${base}/join/${table}/${i}#${s.invitation}`, i === 0 ? "Ana" : "Ben");
  }
  // A spectator watches from a third browser context.
  const ctxW = await browser.newContext({ viewport: DESKTOP });
  const watcher = await ctxW.newPage();
  const watchTraffic = collectTraffic(watcher);
  await watcher.goto(`${base}/`);
  await watcher.locator(`tr[data-table="${table}"] a`, { hasText: "Watch" }).click();
  await watcher.locator(".table-page").waitFor();
  assert.equal(await watcher.locator('[data-where="hand"]').count(), 0, "a spectator has no hand");
  assert.ok((await watcher.locator(".title").innerText()).startsWith("Watching"));
  // Chat: a line from one seat reaches the other.
  await pages[0].locator(".chatform input").fill("good luck, Ben");
  await pages[0].locator(".chatform button").click();
  await pages[1].locator(".chatlines li", { hasText: "good luck, Ben" }).waitFor({ timeout: 10000 });
  // Hand a seat to the computer and take it back.
  {
    await pages[0].getByRole("button", { name: "Hand my seat to the computer" }).click();
    await pages[0].getByRole("button", { name: "Take my seat back" }).waitFor({ timeout: 10000 });
    const lobby = (await b5.api("GET", `/api/tables/${table}`)).body;
    assert.equal(lobby.seats[0].away, true);
    await pages[0].getByRole("button", { name: "Take my seat back" }).click();
    await pages[0].getByRole("button", { name: "Hand my seat to the computer" }).waitFor({ timeout: 10000 });
    assert.equal((await b5.api("GET", `/api/tables/${table}`)).body.seats[0].away, false);
  }
  const stats = { card: 0, target: 0, group: 0, plain: 0 };
  let checks = 0;
  let handCards = 0;
  const leakChecks = async () => {
    const spectator = JSON.stringify((await b5.api("GET", `/api/tables/${table}/state`)).body.view);
    for (const me of [0, 1]) {
      const other = 1 - me;
      const hand = await pages[other].locator('[data-where="hand"]').evaluateAll((b) =>
        b.map((x) => ({ id: Number(x.getAttribute("data-card")), name: x.querySelector(".cname").textContent.replace(/^[▶◎] /, "") })),
      );
      handCards += hand.length;
      const myOwn = (await pages[me].locator('[data-where="hand"] .cname').allInnerTexts()).map((n) => n.replace(/^[▶◎] /, ""));
      const dom = await pages[me].content();
      const bodies = traffic[me].join("\n");
      // The check can see a hand: each page's own hand is in its own traffic.
      for (const n of myOwn) assert.ok(bodies.includes(n), `seat ${me}'s own "${n}" is in its traffic`);
      for (const c of hand) {
        assert.ok(!dom.includes(`data-card="${c.id}"`), `seat ${me}'s page shows card ${c.id} of seat ${other}'s hand`);
        // A name that is public (in play, discarded) or also in my own hand may show up; others never.
        const publicName = spectator.includes(JSON.stringify(c.name)) || myOwn.some((n) => n.includes(c.name));
        if (!publicName) {
          assert.ok(!dom.includes(c.name), `seat ${me}'s page holds "${c.name}" from seat ${other}'s hand`);
          assert.ok(!bodies.includes(c.name), `seat ${me}'s traffic holds "${c.name}" from seat ${other}'s hand`);
        }
      }
      // Every draw of the other seat came as the hidden card.
      for (const b of traffic[me]) {
        if (!b.includes('"drew"')) continue;
        const m = JSON.parse(b);
        for (const e of m.events ?? []) if (e.event === "drew" && e.player === other) assert.equal(e.card, 65535);
      }
      checks++;
    }
    // The spectator sees neither hand.
    const wdom = await watcher.content();
    const wbodies = watchTraffic.join("\n");
    for (const me of [0, 1]) {
      const hand = await pages[me].locator('[data-where="hand"]').evaluateAll((b) => b.map((x) => ({ id: Number(x.getAttribute("data-card")), name: x.querySelector(".cname").textContent.replace(/^[▶◎] /, "") })));
      for (const c of hand) {
        assert.ok(!wdom.includes(`data-card="${c.id}"`), `the spectator's page shows card ${c.id} of seat ${me}'s hand`);
        if (!spectator.includes(JSON.stringify(c.name))) {
          assert.ok(!wdom.includes(c.name) && !wbodies.includes(c.name), `the spectator sees "${c.name}" of seat ${me}'s hand`);
        }
      }
    }
  };
  await leakChecks();
  for (let step = 0; step < 40; step++) {
    const which = await Promise.race(
      pages.map((p, i) => p.waitForSelector('.actions[data-active="1"], .table-page[data-finished="1"]', { timeout: 30000 }).then(() => i)),
    );
    const p = pages[which];
    if ((await p.locator('.table-page[data-finished="1"]').count()) > 0) break;
    if ((await p.locator('.actions[data-active="1"]').count()) === 0) continue;
    await playOne(p, stats, 2);
    if (step % 8 === 7) await leakChecks();
  }
  await leakChecks();
  assert.ok(traffic[0].length > 5 && traffic[1].length > 5, "traffic was recorded");
  assert.ok(handCards > 10, `hand cards were checked (${handCards})`);
  console.log(`    ${checks} checks, ${handCards} hand cards looked for; ${traffic[0].length + traffic[1].length} messages read`);
  await ctxA.close();
  await ctxB.close();
  await ctxW.close();
});

// ----------------------------------------------------------------- runner

async function main() {
  const filter = process.argv[2] ?? "";
  const data = tempDir("b5-e2e-");
  const b5 = new B5Server(await freePort(), data);
  await b5.start();
  const site = await startPage(b5);
  const browser = await launchBrowser();
  let passed = 0;
  let failed = 0;
  const t0 = Date.now();
  try {
    for (const t of tests) {
      if (filter && !t.name.includes(filter)) continue;
      const s = Date.now();
      try {
        await t.fn({ browser, base: site.url, b5 });
        passed++;
        console.log(`ok   ${t.name} (${((Date.now() - s) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed++;
        console.log(`FAIL ${t.name} (${((Date.now() - s) / 1000).toFixed(1)} s)\n     ${String(e?.stack ?? e).split("\n").join("\n     ")}`);
      }
    }
  } finally {
    await browser.close();
    await site.close();
    await b5.stop();
    removeDir(data);
  }
  const c = metrics.clickToUpdate;
  const report = {
    clickToUpdateMs: { n: c.length, p50: percentile(c, 50), p95: percentile(c, 95) },
    loadToInteractiveMs: metrics.loadToInteractive,
    cumulativeLayoutShift: metrics.cls ?? null,
    seconds: (Date.now() - t0) / 1000,
  };
  writeFileSync(join(RESULTS, "metrics.json"), JSON.stringify(report, null, 2));
  console.log(`timings: ${JSON.stringify(report)}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
