// play.test.mjs: the web client end to end in headless Chromium (ctest label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db), then through the pages only:
// the director creates two single games (with the dashboard's game form); four
// player pages play game 1 by drags, a click move and a pocket drop to the mate Q@f2#
// (checked with bughouse-cli: `status` says bughouse_mate yes); one page drops its socket
// mid-game and must resume; a player of game 2 resigns; every page and a spectator agree on
// the final position, reserves and result. Screenshots go to tests/artifacts/ (and to
// docs/screenshots/ with UPDATE_SCREENSHOTS=1).
// usage: node tests/browser/play.test.mjs SERVER_BINARY   (cwd: the repo root)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, ART, box, check, drag, launchBrowser, log, results, squareXY, startServer, stop, run } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

const boardPly = (page, b) => page.evaluate((bb) => (window.app.g ? window.app.g.boards[bb].ply : -1), b);

async function waitPly(page, b, ply) {
  await page.waitForFunction(([bb, p]) => window.app.g && window.app.g.boards[bb].ply >= p, [b, ply], { timeout: 5000 });
}

// Play uci (or a drop "Q@f2") on the page of the seat to move; how: 'drag' or 'click'.
async function play(page, b, uci, how = 'drag') {
  const ply = await boardPly(page, b);
  await page.waitForFunction(() => document.querySelector('.panel.big .board > .cg-wrap').classList.contains('manipulable'), null, { timeout: 5000 });
  if (uci.includes('@')) {
    const role = { Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' }[uci[0]];
    const slot = await box(page.locator(`.panel.big .bar.you .slot[data-role=${role}]`));
    const from = { x: slot.x + slot.width / 2, y: slot.y + slot.height / 2 };
    const to = await squareXY(page, uci.slice(2, 4));
    if (how === 'click') {
      await page.mouse.click(from.x, from.y); // arms the pocket piece
      await page.mouse.click(to.x, to.y);
    } else {
      await drag(page, from, to);
    }
  } else if (how === 'click') {
    const a = await squareXY(page, uci.slice(0, 2));
    const z = await squareXY(page, uci.slice(2, 4));
    await page.mouse.click(a.x, a.y);
    await page.mouse.click(z.x, z.y);
  } else {
    await drag(page, await squareXY(page, uci.slice(0, 2)), await squareXY(page, uci.slice(2, 4)));
  }
  await waitPly(page, b, ply + 1);
}

// What a page shows: FENs from its model, and every pocket slot count and result from its DOM.
async function shown(page) {
  return page.evaluate(() => {
    const pockets = {};
    for (const bar of document.querySelectorAll('.game .bar')) {
      pockets[bar.dataset.seat] = [...bar.querySelectorAll('.slot')].map((s) => `${s.dataset.role}:${s.dataset.count}`).join(' ');
    }
    const res = document.querySelector('#result');
    return {
      fen: window.app.g.boards.map((b) => b.fen.split(/[ []/)[0]),
      result: window.app.g.result,
      reason: window.app.g.reason,
      endBoard: window.app.g.endBoard,
      serverBoard: window.app.g.serverBoard,
      pockets,
      text: res ? res.textContent : '',
    };
  });
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-browser-'));
  let { srv, port } = await startServer(bin, tmp);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  const errors = [];
  // While the server is down on purpose, the browser logs each refused reconnect attempt as a
  // console error; those are expected then (the test checks that every page comes back).
  let serverDown = false;
  const expected = (text) => serverDown && /WebSocket connection to .* failed/.test(text);
  const newPage = async (url, viewport = { width: 1366, height: 768 }) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(`${url}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && !expected(m.text()) && errors.push(`${url}: ${m.text()}`));
    page.on('dialog', (d) => d.accept());
    await page.goto(base + url);
    return page;
  };
  try {
    // ---- director: two single games (the tournament is tests/browser/director.test.mjs) ----
    const dir = await newPage('/director.html', { width: 1440, height: 900 });
    await dir.fill('#admin-token', ADMIN);
    await dir.click('#connect');
    await dir.waitForFunction(() => document.querySelector('#auth-state').textContent === 'director');
    const seats = [['ann', 'cid', 'dan', 'bob'], ['eve', 'gus', 'hal', 'fay']];
    for (const [k, names] of seats.entries()) {
      for (const [i, n] of names.entries()) await dir.fill(`#p${i}`, n);
      await dir.fill('#g-base', '5');
      await dir.click('#create-game');
      await dir.waitForFunction((n) => document.querySelectorAll('a.join').length === n, 4 * (k + 1));
    }
    const links = await dir.evaluate(() => [...document.querySelectorAll('a.join')].map((a) => ({ game: Number(a.dataset.game), seat: Number(a.dataset.seat), href: a.getAttribute('href') })));
    const games = [...new Set(links.map((l) => l.game))].sort((a, b) => a - b);
    check('two games with four join links each', games.length === 2 && links.length === 8, games);
    const [g1, g2] = games;
    const href = (g, s) => new URL(links.find((l) => l.game === g && l.seat === s).href).pathname + new URL(links.find((l) => l.game === g && l.seat === s).href).search;
    log(`director: games ${g1}, ${g2}`);

    // ---- four players and a spectator on game 1 ----
    const p = [];
    for (let s = 0; s < 4; s++) p.push(await newPage(href(g1, s), s === 3 ? { width: 844, height: 390 } : { width: 1366, height: 768 }));
    const spec = await newPage(`/watch.html?game=${g1}`);
    for (const page of p) await page.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 8000 });
    log('game 1 live on four pages');
    // The spectator's list (`live`, no token): game 1 with its four players, marked current.
    await spec.waitForFunction((g) => document.querySelector(`#live a.live-game.current[data-game="${g}"]`), g1, { timeout: 8000 });
    const item = await spec.locator(`#live a.live-game[data-game="${g1}"]`).textContent();
    check('spectator list: game 1 live with its players', /ann & bob – cid & dan/.test(item) && (await spec.locator('#live a.live-game').count()) === 1, item);
    // Board A: 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe4+ 4. Nxe4 (the queen goes to B black's pocket)
    //   a6 5. P@d7+ (the pawn B black took on b4) Kd8 6. dxc8=Q+ (promotion chooser) Kxc8
    //   (the promoted queen goes to B white as a pawn, P-PROMO).
    // Board B: 1. f3 e5 2. b4 Bxb4 3. a3 Bc5 4. a4 Q@f2# (bughouse-cli status: bughouse_mate yes).
    await play(p[0], 0, 'e2e4');
    await play(p[1], 0, 'd7d5');
    await play(p[0], 0, 'e4d5');
    // A network drop: seat 1's socket dies; the page must reconnect and resume by itself.
    await p[1].evaluate(() => window.app.net.ws.close());
    await p[1].waitForFunction(() => document.querySelector('#net').textContent !== 'online');
    await p[1].waitForFunction(() => document.querySelector('#net').textContent === 'online', null, { timeout: 5000 });
    await play(p[1], 0, 'd8d5');
    check('reconnected page moved after the drop', (await boardPly(p[1], 0)) === 4);
    await play(p[0], 0, 'b1c3', 'click');
    await play(p[1], 0, 'd5e4');
    const inCheck = await p[0].evaluate(() => !!document.querySelector('.panel.big cg-board square.check') && /check/.test(document.querySelector('#status').textContent));
    check('check shown to A white', inCheck);
    await p[0].waitForTimeout(300); // let the move animation finish before the picture
    await p[0].screenshot({ path: `${ART}/play-check.png` });
    // The server goes down and comes back on the same port and database (recovery: resume):
    // every page reconnects by itself and continues from the server's state.
    serverDown = true;
    srv.kill('SIGTERM');
    await new Promise((r) => srv.once('exit', r));
    await p[0].waitForFunction(() => document.querySelector('#net').textContent !== 'online');
    ({ srv } = await startServer(bin, tmp, port));
    for (const page of [...p, spec]) await page.waitForFunction(() => document.querySelector('#net').textContent === 'online' && window.app.g.boards[0].ply === 6, null, { timeout: 10000 });
    serverDown = false;
    log('server restarted: all pages back');
    await play(p[0], 0, 'c3e4');
    // Black B's page learns of the capture by its own push, which may come after White A's
    // page has its answer (a busy machine).
    await p[3].waitForFunction(() => document.querySelector('.panel.big .bar.you .slot[data-role=queen]').dataset.count === '1', null, { timeout: 15000 }).catch(() => {});
    const q = await p[3].evaluate(() => document.querySelector('.panel.big .bar.you .slot[data-role=queen]').dataset.count);
    check('captured queen in the partner pocket (B black)', q === '1', q);
    await play(p[2], 1, 'f2f3');
    await play(p[3], 1, 'e7e5');
    await play(p[2], 1, 'b2b4');
    await play(p[3], 1, 'f8b4');
    await play(p[2], 1, 'a2a3');
    await play(p[1], 0, 'a7a6');
    await play(p[0], 0, 'P@d7', 'click'); // click the pocket pawn, then the square
    await play(p[1], 0, 'e8d8');
    // Promotion: the drag stops at the chooser; nothing is sent until a piece is picked.
    await drag(p[0], await squareXY(p[0], 'd7'), await squareXY(p[0], 'c8'));
    await p[0].waitForSelector('.panel.big .promo:not(.hidden) .promo-choice.queen');
    await p[0].screenshot({ path: `${ART}/play-promotion.png` });
    check('nothing sent before the choice', (await boardPly(p[0], 0)) === 10);
    const promoImgs = await p[0].evaluate(() => [...document.querySelectorAll('.panel.big .promo-choice piece')].map((e) => getComputedStyle(e).backgroundImage.slice(0, 14)));
    check('the chooser shows four piece images', promoImgs.length === 4 && promoImgs.every((x) => x.startsWith('url(')), promoImgs);
    await p[0].click('.panel.big .promo-choice.queen');
    await waitPly(p[0], 0, 11);
    check('promoted queen shown as promoted', await p[0].evaluate(() => /c8|Q~/.test(window.app.g.boards[0].fen) && window.app.g.boards[0].fen.includes('Q~')));
    await play(p[1], 0, 'd8c8');
    await play(p[3], 1, 'b4c5');
    await play(p[2], 1, 'a3a4');
    await p[0].fill('#chat-input', 'mate is coming');
    await p[0].press('#chat-input', 'Enter');
    await p[3].click('button.signal[data-text="sit!"]');
    // Issue 13 item 9: each line shows the move it followed on its sender's board (board A
    // had 12 plies when ann wrote: after Black's 6th move, "6…"), and the partner's signal
    // its board B move; the title names both boards.
    await p[3].waitForFunction(() => [...document.querySelectorAll('#chat-lines .line')].some((l) => /mate is coming/.test(l.textContent)), null, { timeout: 8000 });
    const anchor = await p[3].evaluate(() => { const l = [...document.querySelectorAll('#chat-lines .line')].find((x) => /mate is coming/.test(x.textContent)); const a = l && l.querySelector('.at'); return a ? { text: a.textContent, title: a.title } : null; });
    check('a chat line shows the move it followed: "A 6…"', anchor && anchor.text === 'A 6…' && /after 6… on board A/.test(anchor.title), anchor);
    await p[0].waitForFunction(() => [...document.querySelectorAll('#chat-lines .line')].some((l) => /sit!/.test(l.textContent)), null, { timeout: 8000 });
    const sig = await p[0].evaluate(() => { const l = [...document.querySelectorAll('#chat-lines .line')].find((x) => /sit!/.test(x.textContent)); const a = l && l.querySelector('.at'); return a ? a.textContent : null; });
    check('the partner\'s signal shows its board B move', /^B \d+(\.|…)$/.test(sig || ''), sig);
    await play(p[3], 1, 'Q@f2');
    log('Q@f2 dropped; waiting for the result (settle window)');
    const all = [...p, spec];
    for (const page of all) await page.waitForFunction(() => window.app.g && window.app.g.result, null, { timeout: 8000 });
    const views = [];
    for (const page of all) views.push(await shown(page));
    // Worked out by hand from the moves above (placement; the pockets are checked below).
    const want = ['rnk2bnr/1pp1pppp/p7/8/4N3/8/PPPP1PPP/R1BQKBNR', 'rnbqk1nr/pppp1ppp/8/2b1p3/P7/5P2/2PPPqPP/RNBQKBNR'];
    for (const [i, v] of views.entries()) {
      check(`page ${i}: final FENs`, JSON.stringify(v.fen) === JSON.stringify(want), v.fen);
      check(`page ${i}: result 1-0 by mate on board B`, v.result === '1-0' && v.reason === 'mate' && v.endBoard === 1, [v.result, v.reason, v.endBoard]);
      check(`page ${i}: the server names board B (result.board / state.result_board)`, v.serverBoard === 1, v.serverBoard);
      check(`page ${i}: result text`, /Team 1 \(ann & bob\) wins — checkmate on board B/.test(v.text), v.text);
      check(`page ${i}: same pockets as page 0`, JSON.stringify(v.pockets) === JSON.stringify(views[0].pockets), v.pockets);
    }
    // Pockets: B white holds the d5 pawn and the promoted queen as a pawn (P-PROMO); B black
    // the d5 pawn and the c8 bishop (the queen was dropped); A's pockets are empty.
    const pk = views[0].pockets;
    check('pockets after the game', pk[2] === 'queen:0 rook:0 bishop:0 knight:0 pawn:2' && pk[3] === 'queen:0 rook:0 bishop:1 knight:0 pawn:1' &&
      pk[0] === 'queen:0 rook:0 bishop:0 knight:0 pawn:0' && pk[1] === pk[0], pk);
    check('you win / you lose', /^You win!/.test(views[3].text) && /^You lose\./.test(views[1].text), [views[3].text, views[1].text]);
    const chat3 = await p[3].locator('#chat-lines').textContent();
    const chat0 = await p[0].locator('#chat-lines').textContent();
    check('partner chat both ways', /mate is coming/.test(chat3) && /sit!/.test(chat0), [chat0, chat3]);
    check('opponents do not see partner chat', !/mate is coming/.test(await p[1].locator('#chat-lines').textContent()));
    // Layout: on the laptop (1366x768) and the phone in landscape (844x390) both boards, all
    // four clocks and the chat input fit the screen without scrolling.
    for (const [name, page] of [['laptop', p[0]], ['phone', p[3]]]) {
      const fit = await page.evaluate(() => {
        const els = [...document.querySelectorAll('cg-board, .bar .clock, #chat-input, #result')];
        const out = els.filter((e) => {
          const r = e.getBoundingClientRect();
          return !(r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight);
        }).map((e) => e.tagName + '#' + e.id + '.' + e.className);
        const de = document.documentElement;
        if (de.scrollHeight > innerHeight || de.scrollWidth > innerWidth) out.push(`page ${de.scrollWidth}x${de.scrollHeight}`);
        return out;
      });
      check(`${name}: boards, clocks, chat and result fit the screen`, fit.length === 0, fit);
    }
    await p[3].waitForTimeout(200);
    await p[3].screenshot({ path: `${ART}/play-phone-landscape.png` });
    await p[0].screenshot({ path: `${ART}/play.png` });
    await spec.screenshot({ path: `${ART}/spectator.png` });
    log('game 1: all pages agree');

    // ---- game 3: a single game at 12 s a player; one player shows up; low time, then flags ----
    for (const [i, n] of ['ivy', 'jon', 'kim', 'lee'].entries()) await dir.fill(`#p${i}`, n);
    await dir.fill('#g-base', '0.2');
    await dir.click('#create-game');
    await dir.waitForFunction(() => document.querySelectorAll('a.join').length === 12);
    const g3 = await dir.evaluate(() => Math.max(...[...document.querySelectorAll('a.join')].map((a) => Number(a.dataset.game))));
    const href3 = await dir.evaluate((g) => new URL(document.querySelector(`a.join[data-game="${g}"][data-seat="0"]`).href).search, g3);
    // The page first, then the start: its 12 s must not run out while a loaded machine opens it.
    const lowp = await newPage('/play.html' + href3);
    await lowp.waitForFunction(() => window.app.g && window.app.g.status === 'waiting', null, { timeout: 8000 });
    await dir.click(`#games-body tr[data-game="${g3}"] button.start`);
    await lowp.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 8000 });
    await lowp.waitForFunction(() => document.querySelector('.panel.big .bar.you').classList.contains('crit'), null, { timeout: 8000 });
    const lowClock = await lowp.locator('.panel.big .bar.you .clock').textContent();
    check('under 10 s the clock shows tenths', /^\d\.\d$/.test(lowClock), lowClock);
    await lowp.screenshot({ path: `${ART}/play-lowtime.png` });

    // ---- game 2: the director starts it, a player resigns ----
    await dir.click(`#games-body tr[data-game="${g2}"] button.start`);
    const r2 = await newPage(href(g2, 1));
    const o2 = await newPage(href(g2, 0));
    for (const page of [r2, o2]) await page.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 8000 });
    // P-AGREE: team 1 offers a draw, team 2 sees it and declines; then team 2 resigns.
    await o2.click('#draw-offer');
    await r2.waitForSelector('#draw-accept:not([hidden])', { timeout: 5000 });
    check('draw offer shown to the other team', /offers a draw/.test(await r2.locator('#status').textContent()));
    await r2.click('#draw-decline');
    await o2.waitForFunction(() => document.querySelector('#draw-offer').textContent === 'Offer draw', null, { timeout: 5000 });
    await r2.click('#resign');
    await r2.waitForFunction(() => window.app.g.result, null, { timeout: 8000 });
    check('game 2 resigned: 1-0', (await shown(r2)).result === '1-0');
    // The dashboard: both results in the games table.
    await dir.waitForFunction((gs) => gs.every((g) => /1-0/.test(document.querySelector(`#games-body tr[data-game="${g}"]`).textContent)), [g1, g2], { timeout: 8000 });
    await dir.screenshot({ path: `${ART}/dashboard-games.png`, fullPage: true });
    const minis = await dir.evaluate(() => [...document.querySelectorAll('.mini')].map((e) => e.dataset.game + ':' + e.querySelector('.mini-result').textContent));
    check('dashboard shows the live games with results', minis.length === 3 && minis.filter((x) => /wins/.test(x)).length === 2, minis);
    // Game 3: both White clocks ran out together: flags of different teams, a draw (R-FLAG-FLAG).
    await lowp.waitForFunction(() => window.app.g.result, null, { timeout: 15000 });
    const v3 = await shown(lowp);
    check('game 3: draw on time', v3.result === '1/2-1/2' && v3.reason === 'flag_both' && /^½–½\. Draw — flags on both boards \(1\/2-1\/2\)$/.test(v3.text), v3.text);
    check('game 3: flagged clock at 0.0', (await lowp.locator('.panel.big .bar.you .clock').textContent()) === '0.0');
    // The spectator's list (the server's `live` list): all three games have ended.
    const lst = await newPage('/watch.html');
    await lst.waitForFunction(() => /Live games:\s*none right now/.test(document.querySelector('#live').textContent), null, { timeout: 8000 });
    check('spectator list: no live game once all three ended', (await lst.locator('#live a.live-game').count()) === 0);
    check('no page errors', errors.length === 0, errors);
    if (process.env.UPDATE_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      for (const f of ['play.png', 'play-check.png', 'play-promotion.png', 'play-lowtime.png', 'play-phone-landscape.png', 'spectator.png']) fs.copyFileSync(`${ART}/${f}`, `docs/screenshots/${f}`);
    }
  } finally {
    await browser.close();
    srv.kill('SIGTERM');
    await new Promise((r) => srv.once('exit', r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

run(main);
