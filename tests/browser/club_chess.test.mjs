// club_chess.test.mjs: a person plays a club board in headless Chromium (issue 15, ctest
// label `browser`). A club event of two teams on one board (seed 004's format at 1 board):
// the director starts round 1 and the server makes the board a hosted chess game (F-CHESS,
// 10+5); each captain's club page shows the play link of its seat (the server's assign); two
// people open them and play Fool's mate, 1. f3 e5 2. g4 Qh4# (FIDE Laws 5.1.1), by dragging
// pieces on the play page, which shows one board, no pockets and no partner board; the result
// (0-1, mate) is on the play page, the watch page and in the club standings (Black's team:
// match points 2) without any entry by the arbiter. Screenshots of the play page at 1366x768
// and 390x844 go to tests/artifacts/ (and docs/screenshots/ with UPDATE_SCREENSHOTS=1).
// usage: node tests/browser/club_chess.test.mjs SERVER_BINARY   (cwd: the repo root)
// SPDX-License-Identifier: MIT

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, ART, check, drag, launchBrowser, log, run, squareXY, startServer, stop } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

// The director over a raw WebSocket inside a page: the event, its two teams, and its start.
async function director(page, body) {
  return page.evaluate(async ([admin, steps]) => {
    const ws = new WebSocket(`ws://${location.host}/`, 'bughouse.v1');
    await new Promise((r) => (ws.onopen = r));
    let id = 0;
    const waiting = new Map();
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (waiting.has(m.id)) { waiting.get(m.id)(m); waiting.delete(m.id); }
    };
    const call = (b) => new Promise((r) => { const i = ++id; waiting.set(i, r); ws.send(JSON.stringify({ ...b, id: i })); });
    await call({ type: 'auth', token: admin });
    const out = [];
    for (const s of steps) out.push(await call(s));
    ws.close();
    return out;
  }, [ADMIN, body]);
}

// A person drags uci's piece on their board, then the server's answer moves the ply on.
async function play(page, uci) {
  const ply = await page.evaluate(() => window.app.g.boards[0].ply);
  await page.waitForFunction(() => document.querySelector('.panel.big .board > .cg-wrap').classList.contains('manipulable'), null, { timeout: 5000 });
  await drag(page, await squareXY(page, uci.slice(0, 2)), await squareXY(page, uci.slice(2, 4)));
  await page.waitForFunction((p) => window.app.g.boards[0].ply > p, ply, { timeout: 5000 });
}

async function signIn(page, base, club, token) {
  await page.goto(`${base}/club.html?club=${club}`);
  await page.fill('#token', token);
  await page.click('#connect');
  await page.waitForFunction(() => document.querySelector('#role').textContent.startsWith('captain'));
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-club-chess-'));
  fs.mkdirSync(ART, { recursive: true });
  const { srv, port } = await startServer(bin, tmp);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  const errors = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const boot = await ctx.newPage();
    await boot.goto(`${base}/club.html`);
    const [c] = await director(boot, [{ type: 'club_create', name: 'Club championship', boards: 1, reserves: 0, min_players: 1, break_s: 600, protest_s: 600, wait_s: 0 }]);
    const teams = await director(boot, [
      { type: 'club_team', club: c.club, name: 'Portovyk', players: [{ id: 11, name: 'Ivanenko', rating: 2300 }], captain: 11 },
      { type: 'club_team', club: c.club, name: 'Druzhba', players: [{ id: 21, name: 'Kovalenko', rating: 2250 }], captain: 21 },
      { type: 'club_start', club: c.club },
    ]);
    const caps = [];
    for (const t of teams.slice(0, 2)) {
      const p = await ctx.newPage();
      p.on('pageerror', (e) => errors.push(`club: ${e.message}`));
      await signIn(p, base, c.club, t.token);
      caps.push(p);
    }
    await director(boot, [{ type: 'club_round_start', club: c.club }]);
    // each captain's page: the play link of its seat on the live board
    const links = [];
    for (const p of caps) {
      await p.waitForSelector('a.play', { timeout: 5000 });
      links.push(await p.evaluate(() => ({ href: document.querySelector('a.play').getAttribute('href'), text: document.querySelector('a.play').textContent })));
    }
    log(`links: ${links.map((l) => l.text).join(', ')}`);
    check('a captain has White, the other Black', links.map((l) => l.text).sort().join() === 'play Black,play White', JSON.stringify(links));
    const white = links.find((l) => l.text === 'play White'), black = links.find((l) => l.text === 'play Black');
    const pw = await ctx.newPage(), pb = await ctx.newPage();
    for (const [p, what] of [[pw, 'white'], [pb, 'black']]) p.on('pageerror', (e) => errors.push(`play ${what}: ${e.message}`));
    await pw.goto(`${base}/${white.href}`);
    await pb.goto(`${base}/${black.href}`);
    for (const p of [pw, pb]) await p.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 5000 });
    const shape = await pw.evaluate(() => ({ boards: document.querySelectorAll('.game cg-board').length, pockets: [...document.querySelectorAll('.game .pocket')].filter((e) => e.offsetParent).length, chat: !!document.querySelector('#chat'), title: document.querySelector('#title').textContent }));
    log(`play page: ${JSON.stringify(shape)}`);
    check('one board, no pockets, no partner chat', shape.boards === 1 && shape.pockets === 0 && !shape.chat, JSON.stringify(shape));
    check('the title names the opponent', /white against Kovalenko|white against Ivanenko/.test(shape.title), shape.title);
    const watch = await ctx.newPage();
    await watch.goto(`${base}/watch.html?game=${new URL(`${base}/${white.href}`).searchParams.get('game')}`);
    await watch.waitForFunction(() => window.app && window.app.g, null, { timeout: 5000 });
    await play(pw, 'f2f3');
    await play(pb, 'e7e5');
    await play(pw, 'g2g4');
    await pb.screenshot({ path: `${ART}/club-chess-black-1366.png` });
    await play(pb, 'd8h4');
    for (const p of [pw, pb, watch]) await p.waitForFunction(() => window.app.g.status === 'finished', null, { timeout: 5000 });
    const res = await Promise.all([pw, pb, watch].map((p) => p.evaluate(() => document.querySelector('#result').textContent)));
    log(`results: ${res.join(' | ')}`);
    check('White is mated', /You lose/.test(res[0]) && /Black \(.*\) wins/.test(res[0]) && /checkmate/i.test(res[0]) && /0-1/.test(res[0]), res[0]);
    check('Black wins', /You win/.test(res[1]), res[1]);
    check('the spectator sees 0-1', /Black \(.*\) wins/.test(res[2]) && /0-1/.test(res[2]), res[2]);
    await pw.screenshot({ path: `${ART}/club-chess-play-1366.png` });
    // the club pages: the board's result and the standings, with no arbiter entry
    const blackTeam = black === links[0] ? 'Portovyk' : 'Druzhba';
    await caps[0].waitForFunction(() => [...document.querySelectorAll('#schedule td')].some((t) => t.textContent === '0-1'), null, { timeout: 5000 });
    const standings = await caps[0].evaluate(() => document.querySelector('#standings') ? document.querySelector('#standings').innerText : document.body.innerText);
    log(`standings: ${standings.replace(/\n/g, ' / ').slice(0, 200)}`);
    const first = standings.split('\n').find((l) => /^1\b/.test(l.trim())) || '';
    check(`the mate's team (${blackTeam}) leads with 2 match points`, first.includes(blackTeam) && /\b2\b/.test(first), first);
    await caps[0].screenshot({ path: `${ART}/club-chess-standings-1366.png`, fullPage: true });
    // phone: the same game on a 390x844 screen
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const pp = await phone.newPage();
    await pp.goto(`${base}/${black.href}`);
    await pp.waitForFunction(() => window.app.g && window.app.g.status === 'finished', null, { timeout: 5000 });
    await pp.screenshot({ path: `${ART}/club-chess-play-390.png` });
    check('no page errors', errors.length === 0, errors.join('; '));
    if (process.env.UPDATE_SCREENSHOTS) {
      for (const f of ['club-chess-play-1366.png', 'club-chess-play-390.png', 'club-chess-standings-1366.png'])
        fs.copyFileSync(`${ART}/${f}`, `docs/screenshots/${f}`);
    }
  } finally {
    await browser.close();
    await stop(srv);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

run(main);
