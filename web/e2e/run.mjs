// End-to-end tests of the browser client in Debian's Chromium against a real
// `b5 serve`. A small runner of its own (playwright-core has none): each test
// is an async function; the run prints one line per test and a closing
// "N passed, M failed" line, and exits non-zero on a failure.
//
//   B5_BIN=path/to/b5 node e2e/run.mjs [name-filter]

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { B5Server, b5Bin, freePort, launchBrowser, percentile, removeDir, ROOT, startPage, tempDir, WEB } from "./harness.mjs";

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

async function createViaLobby(page, base, { seats, turnLimit, clockSeconds, sitAs = null, openSeats = false, pace = null }) {
  await page.goto(`${base}/`);
  await page.getByRole("heading", { name: "Create a table" }).waitFor();
  // The form starts with four seats: human, greedy, greedy, greedy.
  for (let i = 4; i > seats.length; i--) await page.getByRole("button", { name: `Remove seat ${i}` }).click();
  // Every deck the server ships is offered by name (two Narn decks among
  // them); a race picks its first deck, as the server does.
  const shipped = (await page.evaluate(() => fetch("/api").then((r) => r.json()))).decks;
  assert.ok(shipped.length >= 6 && shipped.filter((d) => d.race === "narn").length === 2, JSON.stringify(shipped));
  await page.locator(`select[name=deck-0] option[value="${shipped[shipped.length - 1].name}"]`).waitFor({ state: "attached" });
  const offered = await page.locator("select[name=deck-0] option").evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(offered, [...shipped.map((d) => d.name), "__list"]);
  const deckOf = (deck) => shipped.find((d) => d.race === deck)?.name ?? deck;
  for (let i = 0; i < seats.length; i++) {
    await page.locator(`select[name=player-${i}]`).selectOption(seats[i].player);
    await page.locator(`select[name=deck-${i}]`).selectOption(deckOf(seats[i].deck));
  }
  await page.locator("input[name=turn-limit]").fill(String(turnLimit));
  if (clockSeconds) await page.locator("input[name=clock]").fill(String(clockSeconds));
  if (openSeats) await page.locator("input[name=open-seats]").check();
  if (pace !== null) await page.locator("select[name=bot-pace]").selectOption(pace);
  if (sitAs === null) await page.locator("input[name=sit]").uncheck();
  else await page.locator("input[name=creator-name]").fill(sitAs);
  await page.getByRole("button", { name: "Create the table" }).click();
  if (sitAs !== null) {
    // The creator sits at once: the table page, as the first human seat.
    await page.locator(".table-page").waitFor();
    return { table: new URL(page.url()).pathname.split("/").pop(), links: [] };
  }
  const inv = page.locator(".invitations");
  await inv.waitFor();
  const table = await inv.getAttribute("data-created-table");
  const links = await page.locator("a.join-link").evaluateAll((as) => as.map((a) => a.href));
  return { table, links };
}

/** A table made through the API (human and computer seats); its id and each human seat's invitation. */
async function apiTable(b5, seats, turnLimit) {
  const created = await b5.api("POST", "/api/tables", {
    seats: seats.map(([player, deck]) => ({ player, deck })),
    options: { turn_limit: turnLimit },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { table: created.body.table, invitation: (i) => created.body.seats.find((x) => x.seat === i).invitation };
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
    const one = (await b.getAttribute("data-one")) === "1";
    await b.click();
    if (one) {
      // A single pass is made in one click.
      stats.group++;
      await waitPast(page, seq);
      return;
    }
    const choices = page.locator(".chosen .choice");
    await choices.first().waitFor();
    const n = await choices.count();
    // A change may have arrived since (the group is gone): choose again.
    if (n === 0) return;
    await choices.nth(rand(n)).click();
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
    // The card database is public: every card's name and text, nobody's hand.
    if (new URL(r.url()).pathname === "/api/cards") return;
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

/**
 * A card file of one invented card, as the format's cookbook writes one (docs/card-format.md): a military conflict whose
 * data reads as the text it keeps.
 */
function raidFile(name) {
  return [
    `[cards."${name}"]`,
    'type = "conflict"',
    'conflict = "military"',
    'target = "player"',
    'won = [{ lose_influence = 2, who = "target" }]',
    'text = "Military conflict, target a player. Won: the target player loses 2 influence."',
  ].join("\n");
}

/** A new page on the Cards page with `file` written in and checked as reading as its text; its errors are collected. */
async function cardsPageWith(browser, base, file, name) {
  const page = await browser.newPage({ viewport: DESKTOP });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${base}/cards`);
  await page.locator("textarea[name=card-file]").fill(file);
  const item = page.locator(`.checked-card[data-name="${name}"][data-same="true"]`);
  await item.waitFor({ timeout: 10000 });
  return { page, errors, item };
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test("a pasted deck list is checked as it is typed, and its mistakes show beside their lines", async ({ browser, base, b5 }) => {
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
  const checks = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/decks/check")) checks.push(JSON.parse(r.postData()).list);
  });
  await page.goto(`${base}/`);
  for (let i = 4; i > 2; i--) await page.getByRole("button", { name: `Remove seat ${i}` }).click();
  await page.locator("select[name=deck-0]").selectOption("__list");

  // The live check (POST /api/decks/check), before any table is created:
  // a legal list (the shipped Narn deck) first, typed in, then the broken one.
  const seat0 = page.locator('.seat-form[data-seat="0"]');
  const status = seat0.locator(".deck-status");
  const narn = readFileSync(join(ROOT, "crates/cards/data/decks/narn.deck"), "utf8");
  const okCheck = await b5.api("POST", "/api/decks/check", { list: narn });
  assert.equal(okCheck.status, 200);
  assert.equal(okCheck.body.ok, true, JSON.stringify(okCheck.body));
  await page.locator("textarea[name=list-0]").fill(narn.slice(0, 40));
  await page.locator("textarea[name=list-0]").pressSequentially(narn.slice(40, 60), { delay: 5 });
  await page.locator("textarea[name=list-0]").fill(narn);
  await page.waitForFunction(() => document.querySelector('.seat-form[data-seat="0"] .deck-status')?.getAttribute("data-check") === "done", null, { timeout: 10000 });
  const okText = await status.innerText();
  assert.ok(okText.startsWith("✓") && okText.includes(`${okCheck.body.cards} cards`), okText);
  assert.equal(await seat0.locator(".checked").count(), 0, "a legal list shows no problems");
  // Debounced: typing checked the list a few times, not once per key.
  assert.ok(checks.length >= 1 && checks.length <= 3, `checks while typing: ${checks.length}`);
  assert.equal(checks.at(-1), narn, "the last check is of the whole list");

  const live = await b5.api("POST", "/api/decks/check", { list });
  assert.equal(live.status, 200);
  assert.equal(live.body.ok, false);
  await page.locator("textarea[name=list-0]").fill(list);
  await page.waitForFunction(
    () => {
      const s = document.querySelector('.seat-form[data-seat="0"] .deck-status');
      return s?.getAttribute("data-check") === "done" && s.textContent.startsWith("✗");
    },
    null,
    { timeout: 10000 },
  );
  assert.equal(await page.locator(".invitations").count(), 0, "no table was created");
  assert.ok((await status.innerText()).includes(`${live.body.problems.length} problem`), await status.innerText());
  for (const p of live.body.problems.filter((x) => x.line)) {
    const row = seat0.locator(`.deck-lines li[data-line="${p.line}"]`);
    const text = await row.innerText();
    assert.ok(text.includes(p.message), `before creating: line ${p.line} should show "${p.message}", shows "${text}"`);
    assert.equal(await row.getAttribute("class"), "bad");
  }

  // Creating the table anyway: the server refuses it with the same problems, each beside its line.
  await page.locator("input[name=sit]").uncheck();
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

test("the Cards page: a card file checked as it is typed, its mistake at its line, its texts compared word by word, uploaded and downloaded", async ({ browser, base, b5 }) => {
  const card = (influence, extra = "") =>
    [
      '[cards."Harbor Blockade"]',
      'type = "conflict"',
      `conflict = "military"`,
      'target = "player"',
      `won = [{ lose_influence = ${influence}, who = "target" }]`,
      'text = "Military conflict, target a player. Won: the target player loses 2 influence."',
      extra,
    ].join("\n");
  const page = await browser.newPage({ viewport: DESKTOP });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const checks = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/cards/check")) checks.push(JSON.parse(r.postData()).text);
  });
  await page.goto(`${base}/`);
  await page.getByRole("link", { name: "Write your own cards" }).click();
  await page.getByRole("heading", { name: "Cards: write and check a card file" }).waitFor();
  const editor = page.locator("textarea[name=card-file]");

  // A mistake: shown at its line, quoting it.
  await editor.fill(card(1).replace("conflict = ", "conflcit = "));
  const err = page.locator(".card-error");
  await err.waitFor({ timeout: 10000 });
  assert.equal(await err.getAttribute("data-line"), "3");
  const errText = await err.innerText();
  assert.ok(errText.includes("line 3") && errText.includes("unknown field") && errText.includes('conflcit = "military"'), errText);

  // Fixed, typed in pieces: the generated text beside the kept one, the numbers that differ marked.
  await editor.fill(card(1).slice(0, 30));
  await editor.pressSequentially(card(1).slice(30, 50), { delay: 5 });
  await editor.fill(card(1));
  const item = page.locator('.checked-card[data-name="Harbor Blockade"]');
  await page.waitForSelector('.checked-card[data-name="Harbor Blockade"][data-same="false"]', { timeout: 10000 });
  assert.equal(await err.count(), 0, "the error is gone");
  assert.ok((await item.locator(".generated").innerText()).includes("the target player loses 1 influence"));
  assert.equal((await item.locator("del").allInnerTexts()).join(" "), "1");
  assert.equal((await item.locator("ins").allInnerTexts()).join(" "), "2");
  // How to try it once downloaded (b5 cards try).
  assert.equal(await item.locator(".try code").innerText(), "b5 --cards 'cards.toml' cards try 'Harbor Blockade'");
  // Debounced: a few checks while typing, the last of the whole text.
  assert.ok(checks.length >= 2 && checks.length <= 5, `checks while typing: ${checks.length}`);
  assert.equal(checks.at(-1), card(1));
  await page.screenshot({ path: join(SHOTS, "cards-page.png"), fullPage: true });

  // Uploaded: a file whose data says what its text says.
  const dir = tempDir("b5-cards-page-");
  try {
    const upload = join(dir, "blockade.toml");
    writeFileSync(upload, card(2));
    await page.locator("input[name=upload]").setInputFiles(upload);
    await page.waitForSelector('.checked-card[data-name="Harbor Blockade"][data-same="true"]', { timeout: 10000 });
    assert.equal(await page.locator("input[name=file-name]").inputValue(), "blockade.toml");
    assert.equal(await item.locator("del, ins").count(), 0, "nothing marked");

    // Downloaded under the name given; the file is the editor's, and it loads for b5.
    await page.locator("input[name=file-name]").fill("my cards");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    assert.equal(download.suggestedFilename(), "my cards.toml");
    const file = join(dir, "mine.toml");
    await download.saveAs(file);
    assert.equal(readFileSync(file, "utf8"), card(2));
    const r = spawnSync(b5Bin(), ["cards", "check", file], { encoding: "utf8", timeout: 60000 });
    assert.equal(r.status, 0, `b5 cards check: ${r.stdout}${r.stderr}`);
    assert.ok(r.stdout.includes("Harbor Blockade: reads as its text"), r.stdout);
  } finally {
    removeDir(dir);
  }
  // Nothing the page sent became one of the server's cards.
  const cards = await b5.api("GET", "/api/cards");
  assert.ok(!JSON.stringify(cards.body).includes("Harbor Blockade"));
  assert.deepEqual(errors, [], "no error in the page");
  await page.close();
});

test("Try it: a card of the file being written is played in a sandbox against a computer player, and the file is still there after", async ({ browser, base, b5 }) => {
  const file = raidFile("Harbor Sandbox Raid");
  const { page, errors, item } = await cardsPageWith(browser, base, file, "Harbor Sandbox Raid");
  await item.getByRole("button", { name: "Try it" }).click();

  // The sandbox: a table of its own, the card in our hand, a computer player opposite.
  await page.waitForFunction(() => /^\/table\/[0-9a-f]{16}$/.test(location.pathname) || document.querySelector(".try + .error"), null, {
    timeout: 10000,
  });
  assert.equal(await page.locator(".try + .error").count(), 0, `the sandbox opens: ${await page.locator(".try + .error").allInnerTexts()}`);
  const table = new URL(page.url()).pathname.split("/").pop();
  await page.locator(".table-page").waitFor();
  const mine = page.locator(".hand button.card", { hasText: "Harbor Sandbox Raid" });
  await mine.waitFor({ timeout: 10000 });
  // Not in the lobby.
  const lobby = await b5.api("GET", "/api/tables");
  assert.ok(!JSON.stringify(lobby.body).includes(table), "a sandbox is not listed");
  // Declared by clicking it and its choice; the computer player answers; the log says so.
  const seq = await seqOf(page);
  await mine.click();
  await page.locator(".chosen").waitFor();
  const declare = page.locator(".chosen .choice", { hasText: /declare/i });
  await declare.first().click();
  await waitPast(page, seq);
  await page.waitForFunction(
    () => [...document.querySelectorAll(".loglines li")].some((l) => l.textContent.includes("Harbor Sandbox Raid")),
    null,
    { timeout: 10000 },
  );
  await page.screenshot({ path: join(SHOTS, "cards-sandbox.png"), fullPage: false });

  // Back on the Cards page (the table's way back), the file is as it was.
  assert.ok((await page.locator("h1.title").innerText()).includes("sandbox"));
  await page.getByRole("link", { name: "Your cards" }).click();
  await page.getByRole("heading", { name: "Cards: write and check a card file" }).waitFor();
  assert.equal(await page.locator("textarea[name=card-file]").inputValue(), file);
  await page.locator('.checked-card[data-name="Harbor Sandbox Raid"]').waitFor({ timeout: 10000 });
  // Nothing of it became the server's.
  const cards = await b5.api("GET", "/api/cards");
  assert.ok(!JSON.stringify(cards.body).includes("Harbor Sandbox Raid"));
  assert.deepEqual(errors, [], "no error in the page");
  await page.close();
});

test("a card pack: the file offered from the Cards page, chosen in the lobby's form, a deck list naming its card checked and played at a table", async ({ browser, base, b5 }) => {
  const { page, errors } = await cardsPageWith(browser, base, raidFile("Harbor Pack Raid"), "Harbor Pack Raid");
  await page.locator("input[name=pack-name]").fill("Harbor Pack");
  await page.getByRole("button", { name: "Offer" }).click();
  await page.locator('p.ok[data-pack="Harbor Pack"]').waitFor({ timeout: 10000 });
  const packs = await b5.api("GET", "/api/packs");
  assert.deepEqual(packs.body.packs.map((p) => p.name), ["Harbor Pack"]);

  // The lobby's form: a deck list naming the pack's card is refused without the pack, passes with it.
  await page.goto(`${base}/`);
  const human = readFileSync(join(ROOT, "crates/cards/data/decks/human.deck"), "utf8").replace("[deck]\n", "[deck]\n1 Harbor Pack Raid\n");
  const seat = page.locator('.seat-form[data-seat="0"]');
  while ((await page.locator(".seat-form").count()) > 2) await page.getByRole("button", { name: `Remove seat ${await page.locator(".seat-form").count()}` }).click();
  await page.locator("select[name=player-0]").selectOption("human");
  await page.locator("select[name=player-1]").selectOption("greedy");
  await page.locator("select[name=deck-1]").selectOption("The Unbroken Regime");
  await page.locator("select[name=deck-0]").selectOption("__list");
  await page.locator("textarea[name=list-0]").fill(human);
  const status = seat.locator(".deck-status");
  await page.waitForFunction(() => document.querySelector('.seat-form[data-seat="0"] .deck-status')?.classList.contains("bad"), null, { timeout: 10000 });
  assert.ok((await seat.innerText()).includes("Harbor Pack Raid"), "the unknown card is named");
  await page.locator("select[name=pack]").selectOption("Harbor Pack");
  await page.waitForFunction(() => document.querySelector('.seat-form[data-seat="0"] .deck-status')?.classList.contains("ok"), null, { timeout: 10000 });
  assert.ok((await status.innerText()).startsWith("✓"));
  await page.locator("input[name=turn-limit]").fill("2");
  await page.locator("input[name=sit]").uncheck();
  await page.getByRole("button", { name: "Create the table" }).click();
  const created = page.locator(".invitations[data-created-table]");
  await page.waitForSelector('.invitations[data-created-table], section[aria-labelledby="create-h"] [role=alert]', { timeout: 10000 });
  assert.equal(await page.locator('section[aria-labelledby="create-h"] [role=alert]').count(), 0, await page.locator('section[aria-labelledby="create-h"] [role=alert]').allInnerTexts());
  const table = await created.getAttribute("data-created-table");
  const links = await page.locator("a.join-link").evaluateAll((as) => as.map((a) => a.href));
  assert.equal(links.length, 1, "one human seat");
  // The lobby says which pack the table plays with.
  const entry = (await b5.api("GET", "/api/tables")).body.tables.find((t) => t.table === table);
  assert.equal(entry.pack, "Harbor Pack");
  await page.goto(`${base}/`);
  await page.waitForFunction((id) => document.querySelector(`tr[data-table="${id}"] .pack`)?.textContent.includes("Harbor Pack"), table, { timeout: 15000 });
  // We play the deck naming the card, by clicking, to the end of the game against the computer player.
  await joinSeat(page, links[0], "Pack Player");
  const stats = { card: 0, target: 0, group: 0, plain: 0 };
  let moves = 0;
  while (moves < 400 && (await waitForTurn(page))) {
    await playOne(page, stats);
    moves++;
  }
  assert.equal(await page.locator(".table-page").getAttribute("data-finished"), "1", `the game ends (${moves} moves)`);
  const save = await b5.api("GET", `/api/tables/${table}/save`);
  assert.equal(save.status, 200);
  assert.ok(JSON.stringify(save.body).includes("Harbor Pack Raid"), "the record carries the pack's card");
  // ... and `b5 replay` plays it again to the same end, the pack's card loaded from the record.
  const dir = tempDir("b5-pack-save-");
  try {
    const f = join(dir, "game.json");
    // The record as the server wrote it (its 64-bit seed does not survive a round trip through a JavaScript number).
    writeFileSync(f, await (await fetch(`${b5.url}/api/tables/${table}/save`)).text());
    const r = spawnSync(b5Bin(), ["replay", f], { encoding: "utf8", timeout: 60000 });
    assert.equal(r.status, 0, `b5 replay: ${r.stdout.slice(-500)}${r.stderr}`);
  } finally {
    removeDir(dir);
  }
  assert.deepEqual(errors, [], "no error in the page");
  await page.close();
});

test("a human plays a complete game against three computer players (one of them the search player) by clicking (card and target, groups, the plain list, the keyboard); undo, reload and server restart mid-game", async ({ browser, base, b5 }) => {
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
      // The search player, chosen in the form, plays the whole game.
      { player: "search-easy", deck: "minbari" },
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
  // The search player's view of the game: a line per player over the turns.
  const chances = summary.locator('[data-testid="chances-chart"]');
  await chances.waitFor({ timeout: 30000 });
  const lines = chances.locator("polyline");
  assert.equal(await lines.count(), 4, "a line per player");
  for (let i = 0; i < 4; i++) {
    const pts = (await lines.nth(i).getAttribute("points")).split(" ").map((p) => p.split(",").map(Number));
    assert.ok(pts.length >= 2 && pts.every(([x, y]) => x >= 0 && x <= 320 && y >= 0 && y <= 120), `chances drawn inside the chart: ${pts}`);
  }
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

test("reading and help: card text on hover and tap, the engine's log, a hint, the move clock, the game record's download", async ({ browser, base, b5 }) => {
  const cards = (await b5.api("GET", "/api/cards")).body.cards;
  assert.ok(cards.length > 100, "the card database");
  const textOf = new Map(cards.map((c) => [c.name, c.text]));
  const lines = (name) => textOf.get(name).split("\n").map((l) => l.trim()).filter(Boolean);
  const page = await browser.newPage({ viewport: DESKTOP });
  // Every change's `log` as the server sent it, by seq.
  const serverLog = new Map();
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      const m = JSON.parse(typeof f.payload === "string" ? f.payload : f.payload.toString());
      if (m.type === "change" && Array.isArray(m.log) && !serverLog.has(m.seq)) serverLog.set(m.seq, m.log);
    }),
  );
  const cardRequests = [];
  page.on("request", (r) => r.url().endsWith("/api/cards") && cardRequests.push(r.url()));
  const { table, links } = await createViaLobby(page, base, {
    seats: [
      { player: "human", deck: "narn" },
      { player: "greedy", deck: "minbari" },
    ],
    turnLimit: 2,
    clockSeconds: 300,
  });
  await joinSeat(page, links[0], "Reader");
  assert.equal(await waitForTurn(page), true);
  const token = await page.evaluate((t) => JSON.parse(localStorage.getItem(`b5.seat.${t}`)).token, table);

  // The move clock counts down for us.
  {
    const clock = page.locator('[data-testid="clock"]');
    await clock.waitFor();
    const a = Number(await clock.getAttribute("data-left-ms"));
    await page.waitForTimeout(1300);
    const b = Number(await clock.getAttribute("data-left-ms"));
    assert.ok(a > 0 && a <= 300000 && b < a, `the clock runs down: ${a} then ${b}`);
    assert.match(await clock.innerText(), /^\d+:\d\d · you$/);
  }

  // Card text on hover: a card in hand, a card on the table, a menu group of a card.
  const tip = page.locator(".card-tip");
  const checkTip = async (name, where) => {
    await tip.waitFor({ timeout: 5000 });
    assert.equal(await tip.getAttribute("data-card-name"), name, where);
    const shown = await tip.innerText();
    for (const l of lines(name)) assert.ok(shown.includes(l), `${where}: the text of ${name} has "${l}": ${shown}`);
  };
  const cname = async (el) => (await el.locator(".cname").innerText()).replace(/^[▶◎] /, "");
  const inHand = page.locator('[data-where="hand"]').first();
  await inHand.hover();
  await checkTip(await cname(inHand), "a card in hand");
  await page.locator(".status .title").hover();
  await tip.waitFor({ state: "detached", timeout: 5000 });
  const onTable = page.locator('[data-where="inner"]').first();
  await onTable.hover();
  await checkTip(await cname(onTable), "a card on the table");
  assert.ok((await tip.innerText()).includes("Now: "), "the card's state at the table too");
  const group = page.locator('.group-buttons button[data-kind="card"]').first();
  if ((await group.count()) > 0) {
    await group.hover();
    const name = await tip.getAttribute("data-card-name");
    assert.ok((await group.innerText()).includes(name), `the group's card: ${name}`);
    await checkTip(name, "a menu choice");
  }
  await page.locator(".status .title").hover();

  // Why not: the engine's reasons, as the server gives them for this seat.
  {
    await page.getByRole("button", { name: "Why not?" }).click();
    const box = page.locator('[data-testid="why"]');
    await box.waitFor({ timeout: 10000 });
    const why = await b5.api("GET", `/api/tables/${table}/why`, undefined, token);
    assert.equal(why.status, 200);
    const shown = await box.innerText();
    if (why.body.why.length === 0) assert.ok(shown.includes("Nothing familiar is held back"), shown);
    for (const w of why.body.why) assert.ok(shown.includes(w.reason), `"${w.reason}" is shown: ${shown}`);
    // In words: no internal names (sponsor_agenda) in what the page shows.
    assert.ok(!/\b[a-z]+_[a-z_]+\b/.test(shown), `an internal name in Why not?: ${shown}`);
    assert.equal(await box.locator(".why-list li").count(), why.body.why.length);
    await page.getByRole("button", { name: "Close the answers to why not" }).click();
    assert.equal(await box.count(), 0);
  }

  // A hint: the search player's suggestion is picked out among the
  // choices, with its chance and the next best, then taken.
  {
    const seq = await seqOf(page);
    await page.getByRole("button", { name: "Hint", exact: true }).click();
    const line = page.locator('[data-testid="hint"]');
    await line.waitFor({ timeout: 10000 });
    // The same seat, position and budget: the same search, the same answer.
    const advice = await b5.api("GET", `/api/tables/${table}/advice?bot=search-medium`, undefined, token);
    assert.equal(advice.status, 200);
    assert.equal(advice.body.seq, seq);
    assert.ok((await line.innerText()).includes(advice.body.label), await line.innerText());
    const top = advice.body.top;
    assert.ok(Array.isArray(top) && top.length >= 1 && top.length <= 3, JSON.stringify(advice.body));
    assert.deepEqual(top[0].action, advice.body.action);
    const pct = `${Math.round(top[0].chance * 100)} % to win`;
    assert.ok((await line.innerText()).includes(pct), `"${await line.innerText()}" shows ${pct}`);
    const others = page.locator('[data-testid="hint-others"] li');
    assert.equal(await others.count(), top.length - 1, "the next best choices are listed");
    const hinted = page.locator('.chosen button[data-hinted="1"]');
    assert.equal(await hinted.count(), 1, "the suggested choice is marked in the open group");
    // The advice's label is the menu's words: the group's, then the choice's.
    const choiceText = (await hinted.innerText()).replace(/^◆ /, "").replace(/ \(\d+ influence\)$/, "");
    assert.ok(advice.body.label.endsWith(choiceText), `"${choiceText}" is the advice "${advice.body.label}"`);
    await hinted.click();
    await waitPast(page, seq);
    assert.equal(await line.count(), 0, "the hint goes with the state it was for");
  }

  // A few more choices, then the log shows exactly the engine's sentences.
  for (let i = 0; i < 4 && (await waitForTurn(page)); i++) await playOne(page, { card: 0, target: 0, group: 0, plain: 0 });
  await page.waitForTimeout(300);
  // The page shows a run of passes (one change each) as one line, as `b5
  // play` does: compared pass by pass.
  const onePerPass = (l) => {
    let m = /^(.+): passes( \(.+\))?\.$/.exec(l);
    if (m) return [l];
    m = /^(.+) and (.+) pass( \(.+\))?\.$/.exec(l);
    if (!m) return [l];
    return [...m[1].split(", "), m[2]].map((n) => `${n}: passes${m[3] ?? ""}.`);
  };
  const want = [...serverLog.entries()].sort((x, y) => x[0] - y[0]).flatMap(([, l]) => l).flatMap(onePerPass);
  const shownLines = await page.locator(".loglines li").allInnerTexts();
  const shown = shownLines.flatMap(onePerPass);
  assert.ok(want.length > 5, `the server sent sentences: ${want.length}`);
  assert.deepEqual(shown.slice(-want.length), want, "the log panel shows the engine's sentences, in order");
  for (let i = 1; i < shownLines.length; i++) {
    const a = /pass(es)?( \(.+\))?\.$/.exec(shownLines[i - 1]);
    const b = /pass(es)?( \(.+\))?\.$/.exec(shownLines[i]);
    assert.ok(!(a && b && a[2] === b[2]), `passes of one step on one line: "${shownLines[i - 1]}" / "${shownLines[i]}"`);
  }

  // Tap on a phone: a spectator taps a card on the table; its text stays until closed.
  {
    const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const phone = await ctx.newPage();
    await phone.goto(`${base}/watch/${table}`);
    const card = phone.locator('[data-where="inner"]').first();
    await card.waitFor();
    await card.tap();
    const ptip = phone.locator(".card-tip.pinned");
    await ptip.waitFor({ timeout: 5000 });
    const name = await cname(card);
    assert.equal(await ptip.getAttribute("data-card-name"), name);
    assert.ok((await ptip.innerText()).includes(lines(name).at(-1)));
    assert.ok((await phone.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width + 1, "the tip fits the phone");
    await phone.getByRole("button", { name: "Close the card text" }).tap();
    await ptip.waitFor({ state: "detached", timeout: 5000 });
    await ctx.close();
  }

  // The card texts were fetched once for the page.
  assert.equal(cardRequests.length, 1, `GET /api/cards: ${cardRequests.length} times`);

  // The computer finishes the game for us; the record downloads and replays.
  await page.getByRole("button", { name: "Hand my seat to the computer" }).click();
  await page.waitForSelector('.table-page[data-finished="1"]', { timeout: 60000 });
  const save = page.getByRole("button", { name: "Download the game record" });
  await save.waitFor();
  const [download] = await Promise.all([page.waitForEvent("download"), save.click()]);
  assert.equal(download.suggestedFilename(), `b5-${table}.save.json`);
  const dir = tempDir("b5-save-");
  try {
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const served = await fetch(`${b5.url}/api/tables/${table}/save`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.text());
    assert.equal(readFileSync(file, "utf8"), served, "the file is the server's record");
    const r = spawnSync(b5Bin(), ["replay", file], { encoding: "utf8", timeout: 60000 });
    assert.equal(r.status, 0, `b5 replay ${file}: ${r.stderr}`);
    assert.ok(r.stdout.length > 0, "b5 replay prints the game");
  } finally {
    removeDir(dir);
  }
  await page.close();
});

test("cards that look like cards: tiles with cost, type and abilities as the server has them, a rotated card drawn turned, the legend, the choices panel in full and clear of the card text, Why not? cleared by a new position, the chat in view at 1280x800", async ({ browser, base, b5 }) => {
  const { table, invitation } = await apiTable(b5, [["human", "narn"], ["greedy", "centauri"], ["greedy", "minbari"]], 3);
  const page = await browser.newPage({ viewport: DESKTOP });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await joinSeat(page, `${base}/join/${table}/0#${invitation(0)}`, "Tiler");
  const token = await page.evaluate((t) => JSON.parse(localStorage.getItem(`b5.seat.${t}`)).token, table);
  const boxOf = (loc) => loc.evaluate((e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; });
  const inView = (r, what) => assert.ok(r.top >= 0 && r.left >= 0 && r.bottom <= DESKTOP.height && r.right <= DESKTOP.width, `${what} within the 1280x800 window: ${JSON.stringify(r)}`);
  const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;

  // Play until a card on the table is rotated (the computer players rotate
  // their ambassadors as they act), with the card text of the server's view.
  const stats = { card: 0, target: 0, group: 0, plain: 0 };
  for (let i = 0; i < 40 && (await page.locator("button.card.rotated").count()) === 0; i++) {
    if (!(await waitForTurn(page))) break;
    await playOne(page, stats, 6);
  }
  assert.equal(await waitForTurn(page), true, "still playing");
  const view = (await b5.api("GET", `/api/tables/${table}/state`, undefined, token)).body.view;
  const byId = new Map();
  const add = (c) => c && (byId.set(c.id, c), c.attached.forEach(add));
  for (const p of view.players) [...p.inner_circle, ...p.supporting].forEach(add);
  view.hand.forEach(add);

  // A tile turns with a 0.2 s transition: measure it once it has settled.
  await page.locator("button.card[data-card]").evaluateAll((bs) =>
    Promise.all(bs.flatMap((b) => b.getAnimations()).map((a) => a.finished.catch(() => null))),
  );
  // Each tile: the cost in its corner, race and type on its type line, and
  // only the abilities the card has, as labelled boxes.
  const tiles = await page.locator("button.card[data-card]").evaluateAll((bs) =>
    bs.map((b) => ({
      id: Number(b.getAttribute("data-card")),
      cost: b.querySelector(".ccost")?.textContent ?? null,
      type: b.querySelector(".ctype").textContent.replace("⟳", "").trim(),
      abilities: [...b.querySelectorAll(".ab[data-ability]")].map((a) => `${a.getAttribute("data-ability")}${a.querySelector(".ab-v").textContent}`),
      rotated: b.classList.contains("rotated"),
      transform: getComputedStyle(b).transform,
    })),
  );
  assert.ok(tiles.length >= 4, `tiles on the table and in hand: ${tiles.length}`);
  let withAbilities = 0;
  for (const tile of tiles) {
    const c = byId.get(tile.id);
    if (!c) continue;
    const race = c.race.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join("-");
    assert.equal(tile.type.toLowerCase(), `${race} ${c.card_type}`.toLowerCase(), `card ${c.name}'s type line`);
    assert.equal(tile.cost, c.cost === null ? null : String(c.cost), `card ${c.name}'s cost`);
    const want = c.abilities.map((x, i) => (x > 0 ? `${"DIPLM"[i]}${x}` : "")).filter(Boolean);
    assert.deepEqual(tile.abilities, want, `card ${c.name}'s ability boxes`);
    if (want.length) withAbilities++;
    assert.equal(tile.rotated, c.rotated, `card ${c.name} drawn rotated as it is`);
  }
  assert.ok(withAbilities >= 3, `cards with ability boxes: ${withAbilities}`);

  // A rotated card is drawn turned, its layout unbroken: it keeps clear of
  // the tiles beside it; a ready card is not turned.
  const rotated = page.locator("button.card.rotated").first();
  assert.equal(await rotated.count(), 1, "a rotated card after the computer players acted");
  const angle = await rotated.evaluate((b) => {
    const m = new DOMMatrix(getComputedStyle(b).transform);
    return (Math.atan2(m.b, m.a) * 180) / Math.PI;
  });
  assert.ok(angle >= 5 && angle <= 90, `the rotated card is turned by ${angle}°`);
  assert.ok(tiles.some((x) => !x.rotated && x.transform === "none"), "a ready card is drawn upright");
  const rot = await boxOf(rotated);
  const neighbours = await rotated.evaluate((b) =>
    [...b.closest("ul.cards").querySelectorAll("button.card")].filter((x) => x !== b).map((x) => { const r = x.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }),
  );
  for (const n of neighbours) assert.ok(apart(rot, n), `the rotated card ${JSON.stringify(rot)} overlaps a neighbour ${JSON.stringify(n)}`);

  // The legend opens from the table page and names every sign.
  {
    const legend = page.locator("[data-testid=legend]");
    await legend.locator("summary").click();
    const text = await legend.innerText();
    for (const w of ["Diplomacy", "Intrigue", "Psi", "Leadership", "Military", "Destiny", "Doom", "Strife", "Conspiracy", "Shadow", "Vorlon", "severe", "B5 / Shadow / Vorlon", "Unrest", "rotated", "neutralized", "tension toward"]) {
      assert.ok(text.includes(w), `the legend names ${w}: ${text}`);
    }
    assert.ok(await legend.locator(".legend-body").isVisible(), "the legend is open");
    await legend.locator("summary").click();
    assert.equal(await legend.locator(".legend-body").isVisible(), false, "and closes");
  }

  // The choices panel: in full in the window, with room of its own, and
  // still so with the page scrolled down to the factions.
  const actions = page.locator(".actions");
  for (const y of [0, 100000]) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForTimeout(100);
    const a = await boxOf(actions);
    inView(a, `the choices panel (scrolled to ${y})`);
    assert.ok(a.height >= 0.42 * DESKTOP.height, `the choices panel is ${a.height}px high`);
    // The chat's heading and its box are in the window too, not below the fold.
    inView(await boxOf(page.locator("#chat-h")), "the chat's heading");
    inView(await boxOf(page.locator(".chat input")), "the chat's box");
  }
  await page.evaluate(() => window.scrollTo(0, 0));

  // An open card tip never covers the choices: hovering the board's card
  // nearest the side column, then a choice of the menu naming a card.
  const tip = page.locator(".card-tip");
  const nearest = await page.locator(".board button.card").evaluateAll((bs) => {
    let best = -1;
    let right = -1;
    bs.forEach((b, i) => {
      const r = b.getBoundingClientRect();
      if (r.top >= 0 && r.bottom <= innerHeight && r.right > right) (best = i), (right = r.right);
    });
    return best;
  });
  assert.ok(nearest >= 0, "a card in view");
  await page.locator(".board button.card").nth(nearest).hover();
  await tip.waitFor({ timeout: 5000 });
  assert.ok(apart(await boxOf(tip), await boxOf(actions)), "the tip of a card beside the side column keeps clear of the choices");
  await page.locator(".status .title").hover();
  await tip.waitFor({ state: "detached", timeout: 5000 });
  const group = page.locator('.group-buttons button[data-kind="card"]').first();
  if ((await group.count()) > 0) {
    await group.hover();
    await tip.waitFor({ timeout: 5000 });
    assert.ok(apart(await boxOf(tip), await boxOf(actions)), "the tip of a choice naming a card opens beside the choices");
    await page.locator(".status .title").hover();
    await tip.waitFor({ state: "detached", timeout: 5000 });
  }

  // Why not?'s answer belongs to a position: a new one clears it.
  {
    await page.getByRole("button", { name: "Why not?" }).click();
    const why = page.locator('[data-testid="why"]');
    await why.waitFor({ timeout: 10000 });
    const seq = await seqOf(page);
    await playOne(page, stats, 6);
    await page.waitForFunction((s) => Number(document.querySelector(".table-page").getAttribute("data-seq")) > s, seq);
    await why.waitFor({ state: "detached", timeout: 5000 });
  }

  // On a phone: tiles as wide as half the screen, nothing wider than it.
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= PHONE.width + 1, `the page is ${wide}px wide at ${PHONE.width}px`);
  const w = (await boxOf(page.locator("button.card").first())).width;
  assert.ok(w >= 140 && w <= PHONE.width / 2, `a tile is ${w}px wide on the phone`);
  assert.deepEqual(errors, [], "no error in the page");
  console.log(`    ${tiles.length} tiles (${withAbilities} with abilities), a rotated card turned ${angle.toFixed(1)}°; ${JSON.stringify(stats)}`);
  await page.close();
});

/** A `b5 connect` seat run as a child process: what it prints, and lines typed to it. */
function terminalSeat(link, name) {
  const seats = tempDir("b5-e2e-seats-");
  const proc = spawn(b5Bin(), ["connect", link, "--name", name, "--seats", seats], { stdio: ["pipe", "pipe", "pipe"] });
  const t = { proc, out: "", err: "" };
  proc.stdout.on("data", (d) => (t.out += d));
  proc.stderr.on("data", (d) => (t.err += d));
  t.type = (line) => proc.stdin.write(`${line}\n`);
  /** Waits until `want` is printed after offset `from`; returns where. */
  t.waitFor = async (want, from = 0, timeout = 20000) => {
    const end = Date.now() + timeout;
    for (;;) {
      const i = t.out.indexOf(want, from);
      if (i >= 0) return i;
      if (Date.now() > end || proc.exitCode !== null) throw new Error(`the terminal did not print ${JSON.stringify(want)} after ${from}:\n${t.out.slice(-3000)}\n${t.err}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  t.prompts = () => t.out.split("Choose (").length - 1;
  t.close = () => {
    if (proc.exitCode === null) proc.kill();
    removeDir(seats);
  };
  return t;
}

test("the creator sits at once: the lobby's form takes the first human seat and opens the table, whose page keeps the other seats' links until they are taken; an open seat is taken from the lobby", async ({ browser, base, b5 }) => {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  const { table } = await createViaLobby(page, base, {
    seats: [
      { player: "human", deck: "narn" },
      { player: "human", deck: "minbari" },
      { player: "human", deck: "centauri" },
    ],
    turnLimit: 3,
    sitAs: "Creator Ana",
    openSeats: true,
    pace: "500",
  });
  assert.ok(/^[0-9a-f]{16}$/.test(table), table);
  // Seat 1 is the creator's, under the name given in the form.
  let entry = (await b5.api("GET", `/api/tables/${table}`)).body;
  assert.equal(entry.seats[0].name, "Creator Ana");
  assert.equal(entry.seats[1].taken, false);
  assert.ok((await page.locator(".title").innerText()).length > 0);
  // The second human seat's link waits on the creator's table page.
  const invites = page.locator("[data-testid=invites]");
  await invites.waitFor();
  const links = await invites.locator("a.join-link").evaluateAll((as) => as.map((a) => a.href));
  assert.equal(links.length, 2, "two links: seats 2 and 3");
  assert.ok(links[0].includes(`/join/${table}/1#`), links[0]);
  // Another player takes seat 2 by its link; the creator's page drops that link at once (the server's "joined" notice).
  const ctx2 = await browser.newContext({ viewport: DESKTOP });
  const other = await ctx2.newPage();
  await joinSeat(other, links[0].replace(/^https?:\/\/[^/]+/, base), "Ben");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=invites] a.join-link").length === 1, null, { timeout: 10000 });
  entry = (await b5.api("GET", `/api/tables/${table}`)).body;
  assert.equal(entry.seats[1].name, "Ben");
  assert.equal(entry.open_seats, true);
  assert.equal(entry.bot_delay_ms, 500, "the computer players' pace chosen in the form");
  // The table is open: a third player takes seat 3 from the lobby, with no link at all.
  const ctx3 = await browser.newContext({ viewport: DESKTOP });
  const third = await ctx3.newPage();
  await third.goto(`${base}/`);
  await third.locator(`tr[data-table="${table}"] a[data-take="2"]`).click();
  await third.locator("input[name=name]").fill("Cleo");
  await third.getByRole("button", { name: "Take the seat" }).click();
  await third.locator(".table-page").waitFor();
  await invites.waitFor({ state: "detached", timeout: 10000 });
  entry = (await b5.api("GET", `/api/tables/${table}`)).body;
  assert.equal(entry.seats[2].name, "Cleo");
  await ctx3.close();
  // The name is remembered for the next table this browser makes.
  await page.goto(`${base}/`);
  assert.equal(await page.locator("input[name=creator-name]").inputValue(), "Creator Ana");
  await ctx.close();
  await ctx2.close();
});

/** The cards on the page's board (inner circles and supporting), by id, sorted. */
async function boardCards(page) {
  return page.$$eval('.board [data-card][data-where="inner"], .board [data-card][data-where="supporting"]', (els) =>
    els.map((e) => Number(e.getAttribute("data-card"))).sort((a, b) => a - b),
  );
}

/** The same cards in a position the server gives. */
function viewCards(view) {
  return view.players.flatMap((p) => [...p.inner_circle, ...p.supporting].map((c) => c.id)).sort((a, b) => a - b);
}

// The replay at position `at`, and that position drawn (not the one before it,
// still shown while the new one is fetched).
async function replayAt(page, at) {
  await page.waitForFunction(
    (a) => {
      const r = document.querySelector(".replay-page");
      return r?.getAttribute("data-at") === String(a) && r?.getAttribute("data-shown") === String(a);
    },
    at,
    { timeout: 10000 },
  );
}

test("a replay in the page: a game stepped through turn by turn and action by action, its log beside it, each position the server's, the link naming the position; the lobby shows a new table at once (no polling lag)", async ({ browser, base, b5 }) => {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  // Item 10: what Chromium asks for gzipped comes gzipped (the page's script, the card list).
  const encodings = new Map();
  page.on("response", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith(".js") || path === "/api/cards") encodings.set(path, r.headers()["content-encoding"] ?? "identity");
  });
  // The lobby is open before the table is made: the server tells it.
  await page.goto(`${base}/`);
  await page.getByRole("heading", { name: "Create a table" }).waitFor();
  await page.locator("table.tables, .tables, main").first().waitFor();
  await new Promise((r) => setTimeout(r, 300));
  const made = Date.now();
  const { table } = await apiTable(b5, [["greedy", "narn"], ["greedy", "minbari"]], 2);
  // The old page asked every 5 s: a table seen within 4 s of being made, every time, is news pushed.
  await page.locator(`tr[data-table="${table}"]`).waitFor({ timeout: 4000 });
  metrics.lobbyNewsMs = Date.now() - made;
  await page.evaluate(() => fetch("/api/cards").then((r) => r.text()));
  const scripts = [...encodings].filter(([path]) => path.endsWith(".js"));
  assert.ok(scripts.length > 0 && encodings.has("/api/cards"), JSON.stringify([...encodings]));
  for (const [path, enc] of encodings) assert.equal(enc, "gzip", `${path} came ${enc}`);
  // The computer players finish the game.
  for (let i = 0; i < 200; i++) {
    if ((await b5.api("GET", `/api/tables/${table}`)).body.finished) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = (await b5.api("GET", `/api/tables/${table}/replay?steps=true`)).body;
  assert.ok(end.finished && end.total > 10, JSON.stringify({ finished: end.finished, total: end.total }));
  // From the lobby's row to the replay, which opens at the end.
  await page.locator(`a[data-replay="${table}"]`).click();
  await replayAt(page, end.total);
  assert.match(await page.getByTestId("replay-where").innerText(), new RegExp(`action ${end.total} of ${end.total} · the end`));
  assert.deepEqual(await boardCards(page), viewCards(end.view));
  // The log beside: every line, each leading to its position.
  const lines = await page.locator(".replay-log li[data-at]").count();
  assert.equal(lines, end.steps.reduce((n, s) => n + (s.log?.length ?? 0), 0));
  // Its words (item 9): a gain or loss says why; a purchase comes before the draws it pays for.
  const texts = await page.locator(".replay-log li[data-at]").allInnerTexts();
  for (const t of texts.filter((x) => /(gains|loses) \d+ (influence|power)/.test(x))) assert.match(t, /\(.+\)\.$/, `a change without its cause: ${t}`);
  texts.forEach((t, i) => {
    if (/draws a card \(bought\)/.test(t)) assert.ok(texts.slice(0, i).some((u) => / buys \d+ cards?\./.test(u)), `a bought draw before its purchase: ${t}`);
  });
  // The set-up, then action by action.
  await page.getByRole("button", { name: "The set-up" }).click();
  await replayAt(page, 0);
  assert.equal(await page.locator(".replay-log li.later").count(), lines, "every line is still to come");
  await page.getByRole("button", { name: "The next action" }).click();
  await replayAt(page, 1);
  await page.keyboard.press("ArrowRight");
  await replayAt(page, 2);
  // A turn at a time: the next turn's first position, as the server has it.
  await page.getByRole("button", { name: "The next turn" }).click();
  const turn2 = end.steps.findIndex((s) => s.turn > end.first_turn) + 1;
  await replayAt(page, turn2);
  assert.match(await page.getByTestId("replay-where").innerText(), new RegExp(`^Turn ${end.steps[turn2 - 1].turn} · action ${turn2} of`));
  const mid = (await b5.api("GET", `/api/tables/${table}/replay?at=${turn2}`)).body;
  assert.deepEqual(await boardCards(page), viewCards(mid.view));
  for (const p of mid.view.players) assert.equal(await page.getByTestId(`power-${p.seat}`).innerText(), String(p.power));
  // The current line is marked; a later line is a way to its position.
  const laterAt = Number(await page.locator(".replay-log li.later").last().getAttribute("data-at"));
  await page.locator(".replay-log li.later").last().locator("button").click();
  await replayAt(page, laterAt);
  // The link names the position: opened afresh, it shows the same.
  await page.getByRole("button", { name: "The turn before" }).click();
  const at = Number(await page.locator(".replay-page").getAttribute("data-at"));
  assert.ok(at < laterAt);
  const href = await page.getByTestId("replay-link").getAttribute("href");
  assert.equal(href, `/replay/${table}#at=${at}`);
  await page.screenshot({ path: join(SHOTS, "replay-1280.png") });
  const page2 = await ctx.newPage();
  await page2.goto(`${base}${href}`);
  await replayAt(page2, at);
  assert.deepEqual(await boardCards(page2), await boardCards(page));
  // A spectator's replay shows no hand.
  assert.equal(await page2.locator(".board .hand, [aria-labelledby=hand-h]").count(), 0);
  await page2.close();
  // The finished table's page leads to its replay.
  await page.goto(`${base}/watch/${table}`);
  await page.getByTestId("summary-replay").click();
  await replayAt(page, 0);
  await ctx.close();
});

test("a mixed table: a browser seat asks for an undo, the b5 connect seat is asked at once while it chooses, accepts, and both show the table after it", async ({ browser, base, b5 }) => {
  const { table, invitation: inv } = await apiTable(b5, [["human", "narn"], ["human", "minbari"]], 3);
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  await joinSeat(page, `${base}/join/${table}/0#${inv(0)}`, "Ana");
  const term = terminalSeat(`${b5.url}/join/${table}/1#${inv(1)}`, "Tess");
  try {
    await term.waitFor("Connected to table");
    // Play until Ana has an action in effect and Tess is choosing at her prompt.
    let anaActed = false;
    let prompts = 0;
    let asked = false;
    let from = 0;
    for (let step = 0; step < 60 && !asked; step++) {
      const st = (await b5.api("GET", `/api/tables/${table}/state`)).body;
      if (st.pending.includes(0)) {
        if ((await page.locator('.actions[data-active="1"]').count()) === 0) {
          await page.waitForTimeout(50);
          continue;
        }
        await playOne(page, { card: 0, target: 0, group: 0, plain: 0 }, 10);
        anaActed = true;
      } else if (st.pending.includes(1)) {
        if (term.prompts() <= prompts) {
          await page.waitForTimeout(50);
          continue;
        }
        prompts = term.prompts();
        if (anaActed) {
          from = term.out.length;
          await page.getByRole("button", { name: "Ask to undo my last action" }).click();
          asked = true;
        } else term.type(".");
      } else await page.waitForTimeout(50);
    }
    assert.ok(asked, "Ana acted and Tess was choosing");
    // The page says whom it waits for; the terminal asks at once, nothing typed.
    await page.locator(".manners .undo", { hasText: "waiting for" }).waitFor({ timeout: 10000 });
    const q = await term.waitFor("Ana (Narn) asks to take back their last action", from);
    await term.waitFor("Accept? (y/n): ", q);
    term.type("y");
    // Both show the undo: the terminal's log line and the table drawn again; the page's log line.
    const undone = await term.waitFor("'s undo takes back the actions from number", q);
    await page.locator(".loglines li", { hasText: "undo takes back" }).first().waitFor({ timeout: 10000 });
    await page.locator(".manners .undo").waitFor({ state: "detached", timeout: 10000 });
    // Ana's choice again (her action was taken back); the terminal's next prompt comes after hers.
    assert.equal(await waitForTurn(page), true);
    const seq = await seqOf(page);
    await playOne(page, { card: 0, target: 0, group: 0, plain: 0 }, 10);
    const drawn = await term.waitFor("Your choices, ", undone);
    await term.waitFor("Choose (", drawn);
    // The terminal's choice is taken on the table as it now is (not refused as stale).
    term.type(".");
    const took = await term.waitFor("You: ", drawn);
    await page.waitForFunction((s) => Number(document.querySelector(".table-page")?.getAttribute("data-seq")) > s + 1, seq, { timeout: 10000 });
    assert.ok(!term.out.slice(took).includes("Not taken"), term.out.slice(took));
    // Who is playing: each faction names its player, and says whether they are at the table.
    await page.locator("[data-testid=who-0]", { hasText: "Ana — at the table" }).waitFor({ timeout: 10000 });
    await page.locator("[data-testid=who-1]", { hasText: "Tess — at the table" }).waitFor({ timeout: 10000 });
    await page.locator(".loglines li", { hasText: "Tess takes seat 2." }).waitFor({ timeout: 10000 });
    await page.locator(".loglines li", { hasText: "Tess (Minbari) is at the table." }).waitFor({ timeout: 10000 });
    term.type("q");
    await term.waitFor("You left the table", took);
    await page.locator("[data-testid=who-1]", { hasText: "Tess — away" }).waitFor({ timeout: 10000 });
    await page.locator(".loglines li", { hasText: "Tess (Minbari) hands the seat to the computer player." }).waitFor({ timeout: 10000 });
    // A spectator sees the same.
    const watcher = await ctx.newPage();
    await watcher.goto(`${base}/watch/${table}`);
    await watcher.locator("[data-testid=who-0]", { hasText: "Ana — at the table" }).waitFor({ timeout: 10000 });
    await watcher.locator("[data-testid=who-1]", { hasText: "Tess — away" }).waitFor({ timeout: 10000 });
  } finally {
    term.close();
    await ctx.close();
  }
});

test("auto-pass: a single pass in one click; passes made for the seat when passing is its only choice, and in a chosen round unless a card in hand can be played; the settings kept across a reload; what the computer changed is marked until the seat acts; the log grouped by turn and round", async ({ browser, base, b5 }) => {
  const { table, invitation } = await apiTable(b5, [["human", "centauri"], ["greedy", "narn"]], 2);
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  await joinSeat(page, `${base}/join/${table}/0#${invitation(0)}`, "Ana");
  // A single pass is one click: its button acts at once.
  assert.equal(await waitForTurn(page), true);
  const pass = page.locator(".group-buttons button[data-group=pass]");
  assert.equal(await pass.getAttribute("data-one"), "1");
  assert.equal((await pass.innerText()).trim(), "Pass");
  let seq = await seqOf(page);
  await pass.click();
  await waitPast(page, seq);
  // Turn auto-pass on; a reload keeps it.
  const panel = page.locator("[data-testid=autopass]");
  await panel.locator("summary").click();
  await panel.getByLabel("Pass for me when passing is my only choice").check();
  await panel.locator("input[data-round=resolution]").check();
  await panel.locator("input[data-round=conflict]").check();
  await page.reload();
  await page.locator(".table-page").waitFor();
  await panel.locator("summary").click();
  assert.equal(await panel.getByLabel("Pass for me when passing is my only choice").isChecked(), true);
  assert.equal(await panel.locator("input[data-round=resolution]").isChecked(), true);
  // Play on: the page never waits on a lone pass, nor on a conflict or
  // resolution round step where no card in hand can be played. A game may
  // offer no such step: then another table, whose new seat starts with the
  // settings last chosen in this browser.
  const stats = { card: 0, target: 0, group: 0, plain: 0 };
  let marked = 0;
  let passed = 0;
  let tables = 1;
  let heads = [];
  for (let current = page; ; tables++) {
    for (let step = 0; step < 200; step++) {
      if (!(await waitForTurn(current))) break;
      seq = await seqOf(current);
      // The cards and conflicts the computer player's actions changed are marked.
      marked = Math.max(marked, await current.locator(".card.touched, .conflict.touched").count());
      const only = await current.evaluate(() => {
        const groups = [...document.querySelectorAll(".group-buttons button")];
        return groups.length === 1 && groups[0].getAttribute("data-group") === "pass" && groups[0].getAttribute("data-one") === "1";
      });
      if (only) {
        // Auto-pass takes it without a click (the state may show for a moment).
        await current.waitForFunction((s) => Number(document.querySelector(".table-page")?.getAttribute("data-seq")) > s, seq, { timeout: 5000 });
        continue;
      }
      await playOne(current, stats, 5);
    }
    assert.equal(await current.locator('.table-page[data-finished="1"]').count(), 1, "the game ended");
    passed += Number(await current.locator("[data-testid=autopass]").getAttribute("data-autopassed"));
    if (tables === 1) heads = await current.locator(".loglines .loground").allInnerTexts();
    if (passed > 0 || tables >= 4) break;
    const next = await apiTable(b5, [["human", "minbari"], ["greedy", "narn"]], 3);
    await joinSeat(current, `${base}/join/${next.table}/0#${next.invitation(0)}`, "Ana");
    await panel.locator("summary").click();
    assert.equal(await panel.getByLabel("Pass for me when passing is my only choice").isChecked(), true, "a new seat starts with the last settings");
  }
  assert.ok(passed > 0, `the page passed for the seat (${passed}, over ${tables} tables)`);
  assert.ok(marked > 0, "what the computer player changed was marked");
  // The log is grouped by turn and round.
  assert.ok(heads.includes("Turn 1 · Action Round") && heads.some((h) => h.startsWith("Turn 2")), JSON.stringify(heads));
  console.log(`    ${passed} passes made for the seat after the reload (${tables} table${tables > 1 ? "s" : ""}); ${JSON.stringify(stats)} chosen by clicks`);
  await ctx.close();
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

test("b5 analyze: the self-play report opens offline and its charts are drawn", async ({ browser }) => {
  const dir = tempDir("b5-analyze-");
  try {
    const r = spawnSync(
      b5Bin(),
      ["analyze", "--games", "4", "--players", "2", "--turn-limit", "8", "--bot", "greedy", "--out", dir],
      { encoding: "utf8", timeout: 300000 },
    );
    assert.equal(r.status, 0, r.stderr);
    const numbers = JSON.parse(readFileSync(join(dir, "report.json"), "utf8"));
    assert.equal(numbers.games, 4);
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    // Nothing but the file itself: any other request would fail here.
    const requests = [];
    page.on("request", (q) => requests.push(q.url()));
    await page.goto(`file://${join(dir, "report.html")}`);
    const charts = page.locator("figure.chart svg");
    // Five of the games' numbers and the search player's view of the first game.
    assert.equal(await charts.count(), 6, "six charts");
    assert.equal(await page.locator("figure.estimate svg").count(), 1);
    assert.equal(numbers.estimates[0].by_turn.length > 1, true);
    for (let i = 0; i < 6; i++) {
      const box = await charts.nth(i).boundingBox();
      assert.ok(box && box.width > 300 && box.height > 200, `chart ${i} is drawn at its size: ${JSON.stringify(box)}`);
      const marks = await charts.nth(i).locator("rect, polyline, path, line").count();
      assert.ok(marks > 5, `chart ${i} has its bars or lines (${marks})`);
    }
    // The bars show each deck's win rate: as many as decks in the numbers.
    const first = await charts.nth(0).innerHTML();
    for (const d of numbers.decks) assert.ok(first.includes(d.name), `the first chart names ${d.name}`);
    assert.ok((await page.locator("table").count()) >= 4);
    assert.deepEqual(errors, []);
    assert.deepEqual(requests.filter((u) => !u.startsWith("file://")), []);
    await page.close();
  } finally {
    removeDir(dir);
  }
});

/** A browser at the lobby with the Empires form open; the page's errors collected. */
async function openEmpiresForm(browser, base) {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${base}/`);
  await page.locator("select[name=game]").selectOption("empires");
  await page.locator('form[data-game="empires"]').waitFor();
  return { ctx, page, errors };
}

/** An Empires table made in the lobby's open form: the creator (named) plays Narn against `opponent` (Earthforce) on The Divide; its id. */
async function createEmpiresInForm(page, opponent, name) {
  await page.locator("select[name=e-player-0]").selectOption("human");
  await page.locator("select[name=e-race-0]").selectOption("narn");
  await page.locator("select[name=e-player-1]").selectOption(opponent);
  await page.locator("select[name=e-race-1]").selectOption("earthforce");
  await page.locator("select[name=map]").selectOption("the-divide");
  await page.locator("input[name=e-turn-limit]").fill("20");
  await page.locator("input[name=creator-name]").fill(name);
  await page.getByRole("button", { name: "Create the table" }).click();
  await page.locator('.table-page[data-game="empires"][data-viewer="0"]').waitFor();
  return new URL(page.url()).pathname.split("/").pop();
}

test("Babylon 5 Empires: a table made in the lobby, its map drawn, legal actions clicked in words, the log, a hint; a spectator sees no hand", async ({ browser, base }) => {
  const { ctx, page, errors } = await openEmpiresForm(browser, base);
  // The creator takes the first human seat at once, under their name.
  const table = await createEmpiresInForm(page, "greedy", "Gkar");
  assert.equal((await (await fetch(`${base}/api/tables/${table}`)).json()).seats[0].name, "Gkar");
  // Who plays each empire, and whether they are at the table.
  await page.locator("[data-testid=who-0]", { hasText: "Gkar — at the table" }).waitFor({ timeout: 10000 });
  await page.locator("[data-testid=who-1]", { hasText: "computer player (greedy)" }).waitFor({ timeout: 10000 });

  // The map: The Divide's 49 spaces and their lanes, every kind of space told apart.
  const map = page.locator("svg.e-map");
  await map.waitFor();
  assert.equal(await map.getAttribute("data-spaces"), "49");
  assert.equal(await page.locator("svg.e-map .e-space").count(), 49);
  assert.ok(Number(await map.getAttribute("data-lanes")) > 60, "the lanes are drawn");
  assert.equal(await page.locator("svg.e-map .e-lane").count(), Number(await map.getAttribute("data-lanes")));
  for (const k of ["babylon5", "home", "system", "nebula", "supernova", "black_hole"])
    assert.ok((await page.locator(`svg.e-map .e-space[data-kind="${k}"]`).count()) > 0, `a ${k} is drawn`);
  assert.equal(await page.locator('svg.e-map .e-space[data-kind="home"][data-control="0"]').count(), 1, "our homesystem is ours");
  assert.equal(await page.locator('svg.e-map .e-space[data-kind="home"][data-control="1"]').count(), 1);
  assert.ok((await page.locator('svg.e-map .e-space[data-kind="babylon5"] text').textContent()).includes("B5"));
  assert.ok((await page.locator("svg.e-map .e-stack").count()) >= 2, "both empires' stacks are drawn");
  assert.ok((await page.locator(".e-hand .e-cards li").count()) > 0, "our hand shows");
  assert.match(await page.locator(".e-players").innerText(), /Narn[\s\S]*Earthforce/);

  // Table manners as on the CCG's page: the chat, away and undo.
  await page.locator('[data-testid="e-manners"]').waitFor();
  assert.ok(await page.locator('[data-testid="e-away"]').isEnabled());
  await page.locator(".chatform input").fill("In valor there is hope.");
  await page.locator(".chatform button").click();
  await page.locator('[data-testid="e-chat"] li', { hasText: "In valor there is hope." }).waitFor({ timeout: 10000 });

  // A hint in words.
  await page.locator('.actions[data-active="1"]').waitFor({ timeout: 20000 });
  await page.getByRole("button", { name: "Hint", exact: true }).click();
  await page.locator('[data-testid="hint"]', { hasText: "The computer would choose:" }).waitFor({ timeout: 10000 });

  // Click through legal actions, each a button labelled in words.
  const order = ["draw", "move_to", "pick", "play", "buy", "build", "discard", "declare", "casualty", "retreat", "end_order", "end_phase", "pass", "unpick", "disband"];
  const clicked = [];
  for (let step = 0; step < 14; step++) {
    const turn = await waitForTurn(page, 30000);
    if (!turn) break;
    const seq = await seqOf(page);
    const buttons = page.locator(".e-choices button.choice");
    const acts = await buttons.evaluateAll((bs) => bs.map((b) => ({ action: b.getAttribute("data-action"), label: b.textContent })));
    assert.ok(acts.length > 0);
    for (const a of acts) assert.match(a.label, /^(◆ )?[A-Z][^{}]*$/, `a label in words: ${a.label}`);
    for (const a of acts) assert.ok(!/undefined|space \[/.test(a.label), `names known: ${a.label}`);
    for (const a of acts) if (a.action === "buy" || a.action === "build") assert.match(a.label, /\(cost \d+\)/, `a cost: ${a.label}`);
    const kind = order.find((k) => acts.some((a) => a.action === k)) ?? acts[0].action;
    const i = acts.findIndex((a) => a.action === kind);
    clicked.push(acts[i].label.replace(/^◆ /, ""));
    await buttons.nth(i).click();
    await page.waitForFunction(
      (s) => Number(document.querySelector(".table-page").getAttribute("data-seq")) > s || document.querySelector(".refused") !== null,
      seq,
      { timeout: 15000 },
    );
    assert.equal(await page.locator(".refused").count(), 0, `refused: ${clicked.at(-1)}`);
  }
  assert.ok(clicked.length >= 5, `actions clicked: ${clicked.join(" | ")}`);
  assert.ok(clicked.includes("Draw your cards"), clicked.join(" | "));
  console.log(`    clicked: ${clicked.slice(0, 8).join(" | ")}`);

  // The log: the server's sentences.
  const log = await page.locator(".e-log li").allInnerTexts();
  assert.ok(log.length >= 3, `log lines: ${log.length}`);
  assert.ok(log.some((l) => /^Narn draws \d+ cards?\.$/.test(l)), log.join("\n"));
  assert.ok(log.some((l) => / begins\.$/.test(l)), "phases in the log");
  assert.ok(log.includes("Gkar (Narn) is at the table."), `the log says who came: ${log.join(" | ")}`);
  await page.screenshot({ path: join(RESULTS, "empires-table.png") });

  // The lobby lists it as an Empires table; a spectator sees the map and no hand.
  const ctxW = await browser.newContext({ viewport: DESKTOP });
  const watcher = await ctxW.newPage();
  const watchTraffic = collectTraffic(watcher);
  await watcher.goto(`${base}/`);
  const row = watcher.locator(`tr[data-table="${table}"]`);
  await row.waitFor();
  assert.equal(await row.getAttribute("data-game"), "empires");
  assert.ok((await row.innerText()).includes("Babylon 5 Empires"));
  await row.locator("a", { hasText: "Watch" }).click();
  await watcher.locator('.table-page[data-game="empires"][data-viewer="spectator"]').waitFor();
  await watcher.locator("svg.e-map").waitFor();
  assert.equal(await watcher.locator("svg.e-map .e-space").count(), 49);
  assert.equal(await watcher.locator(".e-hand").count(), 0, "a spectator has no hand");
  assert.equal(await watcher.locator(".e-choices").count(), 0, "nor any choice");
  assert.ok((await watcher.getByText("You are watching.").count()) > 0);
  const state = await (await fetch(`${base}/api/tables/${table}/state`)).json();
  assert.deepEqual(state.view.hand, [], "the spectators' view holds no hand");
  assert.ok(state.view.stacks.every((s) => s.units === undefined), "nor the units under a stack's top");
  assert.ok(watchTraffic.every((m) => !/"units":\[\{/.test(m)), "no stack's units reach the spectator");
  // The spectator's replay up to now: the map at the set-up, then a step on, the log beside.
  const replayTraffic = collectTraffic(watcher);
  await watcher.getByTestId("e-open-replay").click();
  await watcher.locator(".replay-page svg.e-map").waitFor();
  const total = Number(await watcher.locator(".replay-page").getAttribute("data-total"));
  assert.ok(total >= 5, `actions to step through: ${total}`);
  await watcher.getByRole("button", { name: "The set-up" }).click();
  await replayAt(watcher, 0);
  assert.equal(await watcher.locator(".replay-page svg.e-map .e-space").count(), 49);
  await watcher.getByRole("button", { name: "The next turn" }).click();
  await watcher.waitForFunction(() => Number(document.querySelector(".replay-page")?.getAttribute("data-at")) > 0, null, { timeout: 10000 });
  const at = Number(await watcher.locator(".replay-page").getAttribute("data-at"));
  assert.ok(at > 0 && at <= total, `a round on: ${at}`);
  await replayAt(watcher, at);
  const pos = await (await fetch(`${base}/api/tables/${table}/replay?at=${at}`)).json();
  assert.match(await watcher.getByTestId("e-replay-status").innerText(), new RegExp(`^Round ${pos.view.round}:`));
  assert.ok((await watcher.locator(".replay-log li[data-at]").count()) >= 3, "the log beside");
  assert.ok(replayTraffic.every((m) => !/"units":\[\{/.test(m)), "the replay shows the spectator no stack's units either");
  assert.deepEqual(errors, [], "no error in the page");
  await ctx.close();
  await ctxW.close();
});

test("Babylon 5 Empires: the search player chosen in the form, the map as wide as the window, card text on hover and tap, a whole stack moved with 'Move all' and a click on the map", async ({ browser, base }) => {
  const { ctx, page, errors } = await openEmpiresForm(browser, base);
  // The server's computer players, the search player among them, in plain words.
  const offered = await page.locator("select[name=e-player-1] option").evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  for (const bot of (await (await fetch(`${base}/api`)).json()).bots)
    assert.ok(offered.some(([v]) => v === bot), `the form offers ${bot}: ${JSON.stringify(offered)}`);
  const search = offered.find(([v]) => v === "search-easy");
  assert.ok(search && /thinks ahead/.test(search[1]) && !/search/.test(search[1]), `a plain name: ${search}`);
  const table = await createEmpiresInForm(page, "search-easy", "Nakar");
  const seats = (await (await fetch(`${base}/api/tables/${table}`)).json()).seats;
  assert.equal(seats[1].player, "search-easy", JSON.stringify(seats));
  await page.locator("[data-testid=who-1]", { hasText: "search-easy" }).waitFor({ timeout: 10000 });

  // The map at 1280 x 800: as wide as the side column leaves, every name whole, the log in view.
  const map = page.locator("svg.e-map");
  await map.waitFor();
  const box = await map.boundingBox();
  console.log(`    the map at 1280 x 800: ${Math.round(box.width)} x ${Math.round(box.height)} px`);
  assert.ok(box.width >= 760, `the map is ${box.width} px wide`);
  const names = await page.locator("svg.e-map .e-name").evaluateAll((ts) =>
    ts.map((t) => ({ text: t.textContent, right: t.getBoundingClientRect().width })),
  );
  assert.ok(names.length >= 10, `names drawn: ${names.length}`);
  for (const n of names) assert.ok(!n.text.includes("…"), `a whole name: ${n.text}`);
  assert.ok(names.some((n) => n.text === "Homesystem 1"), names.map((n) => n.text).join(", "));
  // No name wider than its hex.
  const hexW = await page.locator("svg.e-map .e-hex").first().evaluate((h) => h.getBoundingClientRect().width);
  for (const n of names) assert.ok(n.right <= hexW + 1, `${n.text}: ${n.right} px in a hex of ${hexW} px`);
  const logTop = (await page.locator(".e-log-panel").boundingBox()).y;
  assert.ok(logTop + 80 <= DESKTOP.height, `the log starts at ${logTop} px, in view`);
  // Wider windows, a wider map.
  await page.setViewportSize({ width: 1600, height: 900 });
  const wide = (await map.boundingBox()).width;
  assert.ok(wide > box.width + 200, `the map grows with the window: ${box.width} → ${wide}`);
  await page.setViewportSize(DESKTOP);

  // Card text from the server: hover, keyboard focus, a click that pins it, and the "?" of a choice.
  const tip = page.locator("#e-card-tip");
  const card = page.locator(".e-hand button.e-card").first();
  await card.waitFor();
  const cardName = (await card.textContent()).trim();
  await card.hover();
  await page.locator(`#e-card-tip[data-card-name="${cardName}"]`).waitFor();
  const tipText = await tip.innerText();
  assert.ok(tipText.includes(cardName) && /in the deck/.test(tipText), tipText);
  assert.match(tipText, /Move Phase|Battle|Answer|Recruit Phase|Special/);
  await page.mouse.move(5, 5);
  await page.locator("#e-card-tip[hidden]").waitFor({ state: "attached" });
  await card.focus();
  await page.locator(`#e-card-tip[data-card-name="${cardName}"]`).waitFor();
  await card.blur();
  await card.click();
  await page.locator("#e-card-tip.pinned").waitFor();
  await page.mouse.move(5, 5);
  assert.equal(await tip.getAttribute("data-card-name"), cardName, "a pinned text stays");
  await page.keyboard.press("Escape");
  await page.locator("#e-card-tip[hidden]").waitFor({ state: "attached" });

  // Play until a move order is in hand in our Move Phase, then move the home stack whole.
  const fallback = ["draw", "declare", "casualty", "retreat", "end_order", "pass", "end_phase", "discard", "disband", "buy"];
  let moved = null;
  let cardChoiceTipped = false;
  const trace = [];
  for (let step = 0; step < 120 && !moved; step++) {
    const turn = await waitForTurn(page, 60000);
    if (!turn) break;
    const seq = await seqOf(page);
    const panel = page.locator('[data-testid="e-stack-panel"] fieldset.e-stack-move');
    if ((await panel.count()) > 0) {
      // The stack panel: every unit of the space with a tick box, no Pick button in the list.
      assert.equal(await page.locator('.e-choices button[data-action="pick"]').count(), 0, "no button per unit");
      const box0 = panel.first();
      const space = Number(await box0.getAttribute("data-space"));
      const units = await box0.locator("input[type=checkbox]").count();
      const before = (await page.evaluate(() => document.querySelectorAll(".e-log li").length));
      let clicks = 0;
      const t0 = Date.now();
      await box0.getByRole("button", { name: /^Move all/ }).click();
      clicks++;
      // The page picks each unit, one acknowledgement at a time; then the server's destinations light up.
      await page.waitForFunction(
        (n) => {
          const p = document.querySelector('[data-testid="e-stack-panel"]');
          return p?.getAttribute("data-busy") === "0" && document.querySelectorAll("svg.e-map .e-space[data-dest]").length > 0
            && new RegExp(`^${n} units? picked`).test(document.querySelector('[data-testid="e-stack-status"]')?.textContent ?? "");
        },
        units,
        { timeout: 30000, polling: 25 },
      );
      const pickMs = Date.now() - t0;
      assert.equal(await page.locator(".refused").count(), 0);
      const token = await page.evaluate((t) => JSON.parse(localStorage.getItem(`b5.seat.${t}`)).token, table);
      const state = await (await fetch(`${base}/api/tables/${table}/state`, { headers: { authorization: `Bearer ${token}` } })).json();
      assert.equal(state.view.picked.length, units, "the server has every unit picked");
      const lit = await page
        .locator("svg.e-map .e-space[data-dest]")
        .evaluateAll((gs) => gs.map((g) => Number(g.getAttribute("data-space"))).sort((a, b) => a - b));
      const listed = state.legal_actions.filter((a) => a.action === "move_to").map((a) => a.to).sort((a, b) => a - b);
      assert.deepEqual(lit, listed, "exactly the destinations the server lists are lit");
      await page.screenshot({ path: join(RESULTS, "empires-stack-picked.png") });
      const to = lit[0];
      const seq2 = await seqOf(page);
      await page.locator(`svg.e-map .e-space[data-space="${to}"]`).click();
      clicks++;
      await waitPast(page, seq2);
      const log = await page.locator(".e-log li").allInnerTexts();
      const line = log.slice(before).find((l) => / moves \d+ units? from .* towards /.test(l));
      assert.ok(line, `the move in the log: ${log.slice(before).join(" | ")}`);
      assert.ok(line.startsWith(`Narn moves ${units} unit`), line);
      moved = { units, clicks, space, to, line, pickMs };
      break;
    }
    const acts = await page.locator(".e-choices button.choice").evaluateAll((bs) =>
      bs.map((b) => ({ action: b.getAttribute("data-action"), label: b.textContent })),
    );
    const order = page.locator(".e-choices li.e-card-choice").filter({ hasText: /^Play (Tactical|Strategic) Move Order/ });
    if ((await order.count()) > 0) {
      // A choice that plays a card shows its text on hover, and pins it with its "?".
      const choice = order.first().locator("button.choice");
      await choice.hover();
      await page.locator('#e-card-tip[data-card-name$="Move Order"]').waitFor();
      assert.match(await tip.innerText(), /Move Phase/);
      await order.first().locator("button.e-card-info").click();
      await page.locator('#e-card-tip.pinned[data-card-name$="Move Order"]').waitFor();
      await page.locator("#e-card-tip .tip-close").click();
      cardChoiceTipped = true;
      await choice.click();
      await waitPast(page, seq);
      continue;
    }
    const kind = fallback.find((k) => acts.some((a) => a.action === k)) ?? acts[0].action;
    trace.push(kind);
    // Keep the move orders: a discard (over the hand limit) is of another card when there is one.
    const buttons = page.locator(`.e-choices button[data-action="${kind}"]`);
    const keep = kind === "discard" ? buttons.filter({ hasNotText: /Move Order/ }) : buttons;
    await ((await keep.count()) > 0 ? keep : buttons).first().click();
    await waitPast(page, seq);
  }
  assert.ok(moved, `a stack was moved; the choices taken: ${trace.join(" ")}`);
  assert.ok(cardChoiceTipped, "the move order's text was shown from its choice");
  assert.ok(moved.units >= 2, `a stack of ${moved.units}`);
  console.log(`    stack move: ${moved.units} units in ${moved.clicks} clicks after the move order (one Pick per unit and a move before: ${moved.units + 1}); the picks took ${moved.pickMs} ms; ${moved.line}`);
  await page.screenshot({ path: join(SHOTS, "empires-1280.png") });
  // The side column's panels fit it at 1280 px: nothing wider than its column.
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll(".e-side .panel")].filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.className),
  );
  assert.deepEqual(overflow, [], "no panel of the side column overflows");
  // On a phone: the map fits the screen's width and the page does not scroll sideways.
  await page.setViewportSize(PHONE);
  const phoneMap = await map.boundingBox();
  assert.ok(phoneMap.width <= PHONE.width && phoneMap.width >= PHONE.width * 0.8, `the map on a phone: ${phoneMap.width} px`);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(sideways <= PHONE.width, `the page is ${sideways} px wide on a phone`);
  await page.screenshot({ path: join(SHOTS, "empires-390.png") });
  assert.deepEqual(errors, [], "no error in the page");
  await ctx.close();
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
    lobbyNewsMs: metrics.lobbyNewsMs ?? null,
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
