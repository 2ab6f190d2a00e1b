// harness.mjs: what the browser tests share: counted checks, a timestamped log, the server
// on a free port with a temp database, headless Chromium, and moves by mouse on a page's
// board. SPDX-License-Identifier: MIT

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const ADMIN = 'browser-test-admin-token-0123456789';
export const ART = 'tests/artifacts';

// Check counts; a test prints `${results.passed} passed, ${results.failed} failed` at the end.
export const results = { passed: 0, failed: 0 };
const t0 = Date.now();

export function check(name, cond, detail) {
  if (cond) results.passed++;
  else {
    results.failed++;
    console.log(`FAIL ${name}${detail !== undefined ? ': ' + JSON.stringify(detail) : ''}`);
  }
}

export function log(s) {
  console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);
}

// bughouse-server BIN with --no-tls on 127.0.0.1 (port 0: the kernel picks one), its database
// and log in the directory tmp, and any further flags in extra. Resolves to { srv, port } once
// the server says it listens.
export async function startServer(bin, tmp, port = 0, extra = []) {
  const logPath = path.join(tmp, 'server.log');
  const out = fs.openSync(logPath, 'w');
  const srv = spawn(bin, ['--no-tls', '--port', String(port), '--db', path.join(tmp, 'test.db'), '--admin-token', ADMIN, '--web', 'clients/web', '--wait-s', '0', '--break-s', '0', ...extra], { stdio: ['ignore', out, out] });
  for (let i = 0; i < 100; i++) {
    const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(fs.readFileSync(logPath, 'utf8'));
    if (m) {
      srv.logPath = logPath;
      return { srv, port: Number(m[1]) };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the server did not report its port: ' + fs.readFileSync(logPath, 'utf8'));
}

// The last lines of each stopped server's log, kept for run(): a test that fails by an
// exception prints them even though its finally block removed the log (results.failed is
// counted only after that block ran, so the block's own "after a failure" tail is skipped).
const tails = [];

// SIGTERM a child process and wait for it; a no-op for one that is gone. A server from
// startServer leaves its log's last 30 lines in tails.
export async function stop(p) {
  if (p && p.logPath && !p.tailKept) {
    p.tailKept = true;
    try {
      tails.push(fs.readFileSync(p.logPath, 'utf8').split('\n').slice(-30).join('\n'));
    } catch { /* the log is gone */ }
  }
  if (!p || p.exitCode !== null) return;
  p.kill('SIGTERM');
  await new Promise((r) => p.once('exit', r));
}

// Debian's Chromium, headless; the flags keep it off the (closed) network.
// Every page's default wait is 60 s, not Playwright's 30: a wait is for a condition, and three
// ASan suites on 2 cores (load 30) made the pages' pushes that slow (a timeout is a failure,
// so a long one costs nothing when the page is on time).
export const PAGE_TIMEOUT_MS = 60000;

// What a failed test prints about each page still open (run() below): its address, the
// notices it showed (a passing one is gone after 4 s), its last console lines and its last
// WebSocket frames each way. A wait that times out says only that a condition never held;
// these say what the page saw instead.
const watched = new Set();
const RING = 40;

function ring(list, line) {
  list.push(`${((Date.now() - t0) / 1000).toFixed(1)}s ${line.length > 400 ? line.slice(0, 400) + '…' : line}`);
  if (list.length > RING) list.shift();
}

// Reports every text shown in #notice (ui/dom.js) to the test through window.__bhNotice.
function noticeRecorder() {
  let last = '';
  const seen = () => {
    const el = document.getElementById('notice');
    const t = el && !el.hidden ? el.textContent : '';
    if (t && t !== last && window.__bhNotice) window.__bhNotice(t);
    last = t;
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

// The records of a page survive its closing: a test's finally block closes the browser before
// run() prints them.
function watchPage(p) {
  p.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const w = { page: p, console: [], frames: [], notices: [], closed: false };
  watched.add(w);
  if (watched.size > 12) watched.delete(watched.values().next().value);
  p.__bhWatch = w;
  p.on('close', () => (w.closed = true));
  p.on('framenavigated', (f) => f === p.mainFrame() && (w.url = f.url()));
  p.on('console', (m) => ring(w.console, `${m.type()}: ${m.text()}`));
  p.on('pageerror', (e) => ring(w.console, `pageerror: ${e.message}`));
  p.on('websocket', (ws) => {
    ring(w.frames, `open ${ws.url()}`);
    ws.on('framesent', (f) => ring(w.frames, `> ${f.payload}`));
    // a game's moves are counted, not kept: they would push every other frame out
    let moves = 0;
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.startsWith('{"type":"move"')) {
        if (++moves % 100 === 1) ring(w.frames, `< move push no. ${moves}`);
      } else ring(w.frames, `< ${f.payload}`);
    });
    ws.on('close', () => ring(w.frames, 'closed'));
  });
}

function noticeBinding(source, text) {
  const w = source.page && source.page.__bhWatch;
  if (w) ring(w.notices, text);
}

function dumpPages() {
  for (const w of watched) {
    console.log(`page ${w.url || ''}${w.closed ? ' (closed)' : ''}`);
    for (const l of w.notices) console.log(`  notice ${l}`);
    for (const l of w.console) console.log(`  console ${l}`);
    for (const l of w.frames) console.log(`  ws ${l}`);
  }
}

export async function launchBrowser() {
  const b = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const newContext = b.newContext.bind(b);
  b.newContext = async (...a) => {
    const c = await newContext(...a);
    c.setDefaultTimeout(PAGE_TIMEOUT_MS);
    c.on('page', watchPage);
    await c.exposeBinding('__bhNotice', noticeBinding);
    await c.addInitScript(noticeRecorder);
    return c;
  };
  // browser.newPage makes its context with b.newContext (playwright-core's Browser.newPage), so
  // its page is watched and timed the same way.
  return b;
}

// Messages over a raw WebSocket opened inside page (its server): auth with token first unless
// it is empty, then each of steps in turn, each awaiting its reply; resolves to the replies.
export function wsSteps(page, token, steps) {
  return page.evaluate(async ([tok, list]) => {
    const ws = new WebSocket(`ws://${location.host}/`, 'bughouse.v1');
    await new Promise((r) => (ws.onopen = r));
    let id = 0;
    const waiting = new Map();
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (waiting.has(m.id)) { waiting.get(m.id)(m); waiting.delete(m.id); }
    };
    const call = (b) => new Promise((r) => { const i = ++id; waiting.set(i, r); ws.send(JSON.stringify({ ...b, id: i })); });
    if (tok) await call({ type: 'auth', token: tok });
    const out = [];
    for (const s of list) out.push(await call(s));
    ws.close();
    return out;
  }, [token, steps]);
}

// A check that holds once the page shows it: fn (run in the page with arg) within timeout ms.
// Its outcome is the check's; a page that never gets there fails it, and the test stops.
export async function until(page, name, fn, arg, timeout = 15000) {
  const ok = await page.waitForFunction(fn, arg, { timeout }).then(() => true, () => false);
  check(name, ok);
  if (!ok) throw new Error(`not shown: ${name}`);
}

// The page's viewport as tests/artifacts/NAME.png.
export async function shot(page, name) {
  await page.screenshot({ path: `${ART}/${name}.png`, fullPage: false });
}

// The director dashboard of the server at base in page, connected with the admin token.
export async function openDashboard(page, base) {
  await page.goto(base + '/director.html');
  await page.fill('#admin-token', ADMIN);
  await page.click('#connect');
  await page.waitForFunction(() => document.querySelector('#auth-state').textContent === 'director');
}

// Run a test's main(): an exception counts as a failure; the counts are printed last and set
// the exit code.
export function run(main) {
  main()
    .catch((e) => {
      results.failed++;
      console.log('FAIL', e && e.stack ? e.stack : e);
      dumpPages();
      for (const t of tails) console.log('server log tail:\n' + t);
    })
    .finally(() => {
      log('done');
      console.log(`${results.passed} passed, ${results.failed} failed`);
      process.exitCode = results.failed ? 1 : 0;
    });
}

// ---- what the tests of the desk and the hall share (desk, print, replay, projector) ----

// A test's world: a temp dir, the server (extra flags), Chromium, and the page errors seen.
// close() stops what it started (the bots too: add them to w.procs) and, after a failure,
// prints the server log's tail.
export async function world(name, bin, extra = []) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `bh-${name}-`));
  const { srv, port } = await startServer(bin, tmp, 0, extra);
  const browser = await launchBrowser();
  const w = { tmp, srv, port, base: `http://127.0.0.1:${port}`, browser, errors: [], procs: [] };
  // Collect a page's uncaught errors (and console errors when console is true) as `what: ...`.
  w.watch = (page, what, console = false) => {
    page.on('pageerror', (e) => w.errors.push(`${what}: ${e.message}`));
    if (console) page.on('console', (m) => m.type() === 'error' && w.errors.push(`${what}: ${m.text()}`));
    return page;
  };
  w.close = async () => {
    for (const p of w.procs) await stop(p);
    await browser.close();
    await stop(srv);
    if (results.failed) console.log('server log tail:\n' + fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').split('\n').slice(-15).join('\n'));
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  return w;
}

// Through the desk (page dir, connected): create tournament o = { name, base (minutes),
// ruleset, rounds, small } and register teams [[name, captain, captain's rating, partner]];
// resolves to the team tokens the desk shows.
export async function deskEvent(dir, o, teams) {
  await dir.click('#tab-event');
  await dir.fill('#t-name', o.name);
  await dir.fill('#t-base', String(o.base));
  if (o.ruleset) await dir.selectOption('#t-ruleset', o.ruleset);
  if (o.rounds) await dir.fill('#t-rounds', String(o.rounds));
  if (o.small) await dir.selectOption('#t-small', o.small);
  if (o.byes) await dir.fill('#t-byes', String(o.byes));
  if (o.byeKind) await dir.selectOption('#t-byekind', o.byeKind);
  await dir.click('#t-create');
  await dir.waitForFunction((n) => window.app.tour && window.app.tour.name === n, o.name);
  for (const [i, [n, c, r, p]] of teams.entries()) {
    await dir.fill('#team-name', n);
    await dir.fill('#team-captain', c);
    await dir.fill('#team-captain-rating', String(r));
    await dir.fill('#team-partner', p);
    await dir.click('#team-add');
    await dir.waitForFunction((k) => document.querySelectorAll('#teams-body tr').length === k, i + 1);
  }
  return dir.evaluate(() => [...document.querySelectorAll('#teams-body .token')].map((e) => e.dataset.token));
}

// One bughouse-bot process playing every team of tokens (random bots, pace ms per move); its
// output in w.tmp/logName.
export function startBots(w, botBin, tokens, pace, seed, logName = 'bot.log') {
  const out = fs.openSync(path.join(w.tmp, logName), 'w');
  const bot = spawn(botBin, ['--host', '127.0.0.1', '--port', String(w.port), '--no-tls', '--pace-ms', String(pace), '--seed', String(seed), ...tokens.flatMap((t) => ['--team', t])], { stdio: ['ignore', out, out] });
  w.procs.push(bot);
  return bot;
}

// auth with token on a fresh WebSocket from page: [the first reply's type, its code or role].
export const tryAuth = (page, token) => page.evaluate((tok) => new Promise((resolve) => {
  const ws = new WebSocket(`ws://${location.host}/`, 'bughouse.v1');
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', id: 1, token: tok }));
  ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id === 1) { resolve([m.type, m.code || m.role || '']); ws.close(); } };
  ws.onerror = () => resolve(['ws-error', '']);
  setTimeout(() => resolve(['timeout', '']), 5000);
}), token);

// The download that click() starts on page: { name (the suggested file name), text }.
export async function downloadText(page, click) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 10000 }), click()]);
  return { name: dl.suggestedFilename(), text: fs.readFileSync(await dl.path(), 'utf8') };
}

// With UPDATE_SCREENSHOTS=1: copy these tests/artifacts files to docs/screenshots.
export function publish(files) {
  if (!process.env.UPDATE_SCREENSHOTS) return;
  fs.mkdirSync('docs/screenshots', { recursive: true });
  for (const f of files) fs.copyFileSync(`${ART}/${f}`, `docs/screenshots/${path.basename(f)}`);
}

// A visible element's box (a re-render may detach it for a moment: ask again).
export async function box(locator) {
  for (let i = 0; i < 40; i++) {
    const b = await locator.boundingBox();
    if (b) return b;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no box for ${locator}`);
}

// Centre of square k on the viewer's own (large) board, in page pixels.
export async function squareXY(page, k, sel = '.panel.big') {
  const bb = await box(page.locator(`${sel} cg-board`));
  const white = await page.evaluate((s) => document.querySelector(`${s} .board > .cg-wrap`).classList.contains('orientation-white'), sel);
  const f = k.charCodeAt(0) - 97;
  const r = Number(k[1]) - 1;
  const col = white ? f : 7 - f;
  const row = white ? 7 - r : r;
  const sq = bb.width / 8;
  return { x: bb.x + (col + 0.5) * sq, y: bb.y + (row + 0.5) * sq };
}

// A person drags from one point to another (page pixels, e.g. squareXY's).
export async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

// ---- what the league tests share (league, league_desk, setup, league_path) ----

// league.html's snapshot satisfies fn (source text of a function of (window.app.snap, arg)) and
// is on screen (the page draws the newest snapshot at most every 250 ms: app.shown).
export const snapWait = (page, fn, arg, timeout = 15000) => page.waitForFunction(`(() => { const s = window.app && window.app.snap; return !!s && window.app.shown === s && (${fn})(s, ${JSON.stringify(arg)}); })()`, null, { timeout });

// How far the page scrolls sideways (0: it fits its viewport's width).
export const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// On the desk (page, signed in): the league format picked, o's fields typed over the
// regulation's defaults ({ name, teams, groups, boards, first, second (days), wait (min) }),
// before (if given) awaited before "Create league"; resolves once the league's own page has
// signed the director in with the desk's token, to the league's id.
export async function deskLeague(page, o, before) {
  await page.check('input[name="fmt"][value="league"]');
  const fields = { name: 'l-name', teams: 'l-teams', boards: 'l-boards', first: 'l-first', second: 'l-second', wait: 'l-wait' };
  for (const [k, id] of Object.entries(fields)) if (o[k] !== undefined) await page.fill(`#${id}`, String(o[k]));
  if (o.groups) await page.selectOption('#l-groups', String(o.groups));
  if (before) await before();
  await page.click('#l-create');
  await page.waitForURL(/league\.html\?league=\d+/);
  await until(page, 'the league page signs the director in with the desk\'s token (no second sign-in)', () => document.querySelector('#role').textContent === 'director' && document.querySelector('#register'));
  return Number(new URL(page.url()).searchParams.get('league'));
}

// A person drags uci's piece on the play page's (page) own board; resolves once the server's
// answer moved the ply on.
export async function dragMove(page, uci) {
  const ply = await page.evaluate(() => window.app.g.boards[0].ply);
  await page.waitForFunction(() => document.querySelector('.panel.big .board > .cg-wrap').classList.contains('manipulable'), null, { timeout: 10000 });
  await drag(page, await squareXY(page, uci.slice(0, 2)), await squareXY(page, uci.slice(2, 4)));
  await page.waitForFunction((p) => window.app.g.boards[0].ply > p, ply, { timeout: 10000 });
}

// The page shows name as the one logged in (account.html, lobby.html: #me).
export const loggedIn = (page, name) => page.waitForFunction((n) => document.querySelector('#me') && document.querySelector('#me').textContent === n, name, { timeout: 30000 });

// Four people sign up on account.html, each in a browser of their own: names[0..2] on laptops
// (1366x657), names[3] on a phone (390x844); their password is "<name> plays bughouse".
// Returns the four pages, logged in.
export async function fourAccounts(w, names) {
  const wide = { viewport: { width: 1366, height: 657 } };
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const p = [];
  for (let i = 0; i < 4; i++) {
    const page = w.watch(await (await w.browser.newContext(i === 3 ? phone : wide)).newPage(), names[i], true);
    await page.goto(`${w.base}/account.html`);
    await page.waitForFunction(() => /Not logged in/.test(document.querySelector('#who-text').textContent), null, { timeout: 30000 });
    await page.fill('#signup input[name=name]', names[i]);
    await page.fill('#signup input[name=password]', `${names[i]} plays bughouse`);
    await page.click('#signup button[type=submit]');
    await loggedIn(page, names[i]);
    p.push(page);
  }
  return p;
}

// On lobby.html: the person goes by the guest name `name` (the page's guest form).
export async function guest(page, name) {
  await page.waitForFunction(() => !document.querySelector('#guest').hidden);
  await page.fill('#guest input[name=name]', name);
  await page.click('#guest button[type=submit]');
  await loggedIn(page, name);
}

// pages[0..3] (lobby guests names[0..3]) take seats 0..3 of a new public table of `minutes`+0
// that pages[0] opens on lobby.html. Returns the table's id.
export async function guestsSeated(w, pages, names, minutes) {
  const p = pages;
  await p[0].goto(`${w.base}/lobby.html`);
  await guest(p[0], names[0]);
  await p[0].fill('#create input[name=base]', String(minutes));
  await p[0].fill('#create input[name=inc]', '0');
  await p[0].uncheck('#create input[name=private]');
  await p[0].click('#create button[type=submit]');
  await p[0].waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="0"]'));
  const id = await p[0].locator('li.table.mine').getAttribute('data-table');
  for (let i = 1; i < 4; i++) {
    await p[i].goto(`${w.base}/lobby.html`);
    await guest(p[i], names[i]);
    const sel = `li.table[data-table="${id}"] .seat[data-seat="${i}"] button.sit`;
    await p[i].waitForSelector(sel);
    await p[i].click(sel);
    await p[i].waitForFunction((s) => document.querySelector(`li.table .seat.you[data-seat="${s}"]`), i);
  }
  return Number(id);
}

// The four seated pages press Ready; returns the game's id once play.html has it live on all four.
export async function readyAndPlay(p) {
  for (let i = 0; i < 4; i++) {
    await p[i].waitForFunction(() => document.querySelectorAll('li.table.seated .seat .name:not(.muted)').length === 4);
    await p[i].click('li.table.seated .seat.you button.ready-btn');
    if (i < 3) await p[i].waitForFunction(() => /ready/.test(document.querySelector('li.table .seat.you').textContent));
  }
  for (let i = 0; i < 4; i++) {
    await p[i].waitForURL(/play\.html\?token=[0-9a-f]{32}/, { timeout: 30000 });
    await p[i].waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 30000 });
  }
  return p[0].evaluate(() => window.app.g.id);
}
