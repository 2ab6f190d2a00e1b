// people.test.mjs: the people at the boards (issue 13 items 1, 7 and 8) in headless Chromium
// (ctest `browser_people`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db); the director's dashboard makes the
// games. Checked on the pages, as a person would meet them:
//   1. two tabs on one player link: over 20 s at most one replacement and one WebSocket per
//      tab (no reconnect war, counted from the frames Chromium saw, not from our code); the
//      replaced tab says "This game is open in another tab or device" with "Play here"; after
//      "Play here" that tab plays (a drag) and the other one, now the replaced page, sees the
//      move;
//   7. phones: at 360x640 and 390x844 the play and watch pages have no horizontal overflow
//      (document.scrollingElement.scrollWidth <= innerWidth = the device width), the own board
//      spans the width, all four clocks and reserves are inside the viewport, the chat folds
//      and unfolds; screenshots tests/artifacts/{play,watch}-phone-*.png (and docs/screenshots
//      with UPDATE_SCREENSHOTS=1);
//   8. notices: never over a clock, in the header whose height does not change; an error that
//      needs action (team_register after the start) is a sentence with the code as a detail
//      and stays until dismissed; a passing one (a claim that is no repetition) goes by
//      itself; bad links (no token, an unknown token, an unknown team token, an unknown game
//      to watch) show a page that says what to do; a director's pause says "Paused by the
//      director" and never "settle window".
// usage: node tests/browser/people.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ART, check, drag, launchBrowser, log, openDashboard, results, run, squareXY, startServer, stop } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

// Rectangles of a page's clocks, reserves, the notice and the header; the big board's box.
const layout = (page) => page.evaluate(() => {
  const r = (e) => { const b = e.getBoundingClientRect(); return { x: b.left, y: b.top, w: b.width, h: b.height, r: b.right, b: b.bottom }; };
  const n = document.getElementById('notice');
  return {
    clocks: [...document.querySelectorAll('.game .bar .clock')].map(r),
    pockets: [...document.querySelectorAll('.game .bar .pocket')].map(r),
    notice: n && !n.hidden ? r(n) : null,
    header: r(document.querySelector('header.top')),
    board: document.querySelector('.panel.big .board') ? r(document.querySelector('.panel.big .board')) : null,
    sw: document.scrollingElement.scrollWidth,
    iw: innerWidth,
    ih: innerHeight,
  };
});// The layout once it has settled: the play page fits its boards to the space left (a
// ResizeObserver after a status line changes), so two readings 200 ms apart must agree first.
async function settled(page) {
  let a = await layout(page);
  for (let i = 0; i < 25; i++) {
    await page.waitForTimeout(200);
    const b = await layout(page);
    if (JSON.stringify(b.board) === JSON.stringify(a.board) && b.header.h === a.header.h) return b;
    a = b;
  }
  return a;
}

const overlaps = (a, b) => a && b && a.x < b.r && b.x < a.r && a.y < b.b && b.y < a.b;
const inside = (a, w, hgt) => a.w > 0 && a.x >= 0 && a.y >= 0 && a.r <= w + 0.5 && a.b <= hgt + 0.5;
const noticeText = (page) => page.evaluate(() => { const n = document.getElementById('notice'); return n && !n.hidden ? n.textContent : ''; });

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-people-'));
  const { srv, port } = await startServer(bin, tmp);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  const errors = [];
  const pages = [];
  const newPage = async (url, viewport = { width: 1366, height: 768 }, mobile = false) => {
    const ctx = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(`${url}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(`${url}: ${m.text()}`));
    page.on('dialog', (d) => d.accept());
    pages.push(page);
    if (url) await page.goto(base + url);
    return page;
  };
  try {
    const dir = await newPage('/director.html', { width: 1440, height: 900 });
    await openDashboard(dir, base);
    const game = async (names) => {
      for (const [i, n] of names.entries()) await dir.fill(`#p${i}`, n);
      await dir.fill('#g-base', '5');
      const before = await dir.locator('a.join').count();
      await dir.click('#create-game');
      await dir.waitForFunction((n) => document.querySelectorAll('a.join').length === n, before + 4);
      const id = await dir.evaluate(() => Math.max(...[...document.querySelectorAll('a.join')].map((a) => Number(a.dataset.game))));
      const links = await dir.evaluate((g) => [0, 1, 2, 3].map((s) => { const u = new URL(document.querySelector(`a.join[data-game="${g}"][data-seat="${s}"]`).href); return u.pathname + u.search; }), id);
      await dir.click(`#games-body tr[data-game="${id}"] button.start`);
      return { id, links };
    };

    // ---- 1. two tabs on one link ----
    const g1 = await game(['ann', 'cid', 'dan', 'bob']);
    const frames = { replaced: 0, sockets: [0, 0] };
    const tab = [];
    for (let k = 0; k < 2; k++) {
      const p = await newPage(null);
      p.on('websocket', (ws) => {
        frames.sockets[k]++;
        ws.on('framereceived', (f) => { if (typeof f.payload === 'string' && f.payload.includes('"session_replaced"')) frames.replaced++; });
      });
      await p.goto(base + g1.links[0]);
      await p.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 8000 });
      tab.push(p);
    }
    const black = await newPage(g1.links[1]);
    await tab[0].waitForFunction(() => /This game is open in another tab or device/.test((document.getElementById('notice')?.textContent || '')), null, { timeout: 5000 });
    check('the first tab says the game is open elsewhere, with Play here', await tab[0].locator('#notice button.notice-action', { hasText: 'Play here' }).count() === 1);
    const t0 = Date.now();
    await tab[0].waitForTimeout(20000);
    check('20 s with two tabs: at most one replacement', frames.replaced <= 1, frames.replaced);
    check('20 s with two tabs: one WebSocket each (no reconnect)', frames.sockets[0] === 1 && frames.sockets[1] <= 1, frames.sockets);
    check('the second tab holds the seat', await tab[1].evaluate(() => window.app.g.you === 0 && !window.app.replaced));
    log(`two tabs for ${((Date.now() - t0) / 1000).toFixed(0)} s: ${frames.replaced} replacement(s)`);
    const lay0 = await layout(tab[0]);
    check('the notice covers no clock', lay0.notice && lay0.clocks.length === 4 && lay0.clocks.every((c) => !overlaps(c, lay0.notice)), lay0);
    check('the notice stays in the header', lay0.notice && lay0.notice.y >= lay0.header.y && lay0.notice.b <= lay0.header.b + 0.5, [lay0.notice, lay0.header]);
    await tab[0].screenshot({ path: `${ART}/play-replaced.png` });
    // "Play here": this tab takes the seat on purpose and plays; the other watches.
    await tab[0].click('#notice button.notice-action');
    await tab[0].waitForFunction(() => !window.app.replaced && window.app.g.you === 0, null, { timeout: 5000 });
    await tab[1].waitForFunction(() => window.app.replaced && /open in another tab or device/.test((document.getElementById('notice')?.textContent || '')), null, { timeout: 5000 });
    await dragMove(tab[0], 'e2', 'e4');
    await tab[1].waitForFunction(() => window.app.g.boards[0].ply === 1 && /4P3/.test(window.app.g.boards[0].fen), null, { timeout: 5000 });
    check('the tab that clicked Play here played e4; the replaced tab saw it', true);
    check('the replaced tab cannot move', await tab[1].evaluate(() => !document.querySelector('.panel.big .cg-wrap').classList.contains('manipulable')));
    check('two replacements in all (the second tab opening, Play here)', frames.replaced === 2, frames.replaced);
    const bstat = await black.locator('#status').textContent();
    check('Black is to move', /Your move/.test(bstat), bstat);

    // ---- 8. a director's pause: "Paused", never the settle window ----
    await dir.click('#tab-controls'); // the desk's Controls pane (issue 17)
    await dir.selectOption('#c-game', String(g1.id));
    await dir.click('#c-pause');
    await black.waitForFunction(() => window.app.g.paused, null, { timeout: 5000 });
    const ps = await black.locator('#status').textContent();
    check('paused: the status says so, not "settle window"', /Paused by the director/.test(ps) && !/settle/.test(ps), ps);
    await dir.click('#c-pause');
    await black.waitForFunction(() => !window.app.g.paused, null, { timeout: 5000 });

    // ---- 8. a passing notice: a claim that is no repetition ----
    const before = await settled(black); // after the pause's status line went
    await black.click('#claim');
    await black.waitForFunction(() => /not a threefold repetition/.test((document.getElementById('notice')?.textContent || '')), null, { timeout: 5000 });
    const during = await settled(black);
    check('claim refused in a sentence, the code as a detail', /^This is not a threefold repetition: nothing changed\. claim: bad_state/.test(await noticeText(black)), await noticeText(black));
    check('a notice moves nothing: the same board box and header height', JSON.stringify(during.board) === JSON.stringify(before.board) && during.header.h === before.header.h, [before.board, during.board]);
    check('the claim notice covers no clock', during.clocks.every((c) => !overlaps(c, during.notice)));
    await black.waitForFunction(() => (document.getElementById('notice')?.hidden ?? true), null, { timeout: 8000 });
    check('a passing notice goes by itself', true);

    // ---- 7. phones ----
    for (const [w, hgt] of [[360, 640], [390, 844]]) {
      const ph = await newPage(g1.links[3], { width: w, height: hgt }, true);
      await ph.waitForFunction(() => window.app.view && window.app.g.status === 'live', null, { timeout: 8000 });
      await ph.waitForTimeout(300);
      const l = await layout(ph);
      check(`play ${w}x${hgt}: no horizontal overflow`, l.sw <= l.iw && l.iw === w, [l.sw, l.iw]);
      check(`play ${w}x${hgt}: own board the full width`, l.board && l.board.w >= w - 12, l.board);
      check(`play ${w}x${hgt}: four clocks inside the screen`, l.clocks.length === 4 && l.clocks.every((c) => inside(c, w, hgt)), l.clocks);
      check(`play ${w}x${hgt}: four reserves inside the screen`, l.pockets.length === 4 && l.pockets.every((c) => inside(c, w, hgt)), l.pockets);
      const names = await ph.evaluate(() => [...document.querySelectorAll('.game .bar .name')].map((e) => ({ t: e.textContent, cut: e.scrollWidth > e.clientWidth })));
      check(`play ${w}x${hgt}: every name whole`, names.every((n) => !n.cut), names);
      const folded = await ph.evaluate(() => !document.getElementById('chat').open);
      await ph.click('#chat summary');
      const unfolded = await ph.evaluate(() => document.getElementById('chat').open);
      check(`play ${w}x${hgt}: the chat is folded and unfolds`, folded && unfolded, [folded, unfolded]);
      await ph.click('#chat summary');
      await ph.evaluate(() => scrollTo(0, 0));
      await ph.waitForTimeout(100);
      await ph.screenshot({ path: `${ART}/play-phone-${w}x${hgt}.png` });
      const wp = await newPage(`/watch.html?game=${g1.id}`, { width: w, height: hgt }, true);
      await wp.waitForFunction(() => window.app.view && window.app.g, null, { timeout: 8000 });
      await wp.waitForTimeout(300);
      const lw = await layout(wp);
      check(`watch ${w}x${hgt}: no horizontal overflow`, lw.sw <= lw.iw && lw.iw === w, [lw.sw, lw.iw]);
      check(`watch ${w}x${hgt}: four clocks and reserves inside the screen`, lw.clocks.length === 4 && lw.pockets.length === 4 && [...lw.clocks, ...lw.pockets].every((c) => inside(c, w, hgt)), lw);
      await wp.screenshot({ path: `${ART}/watch-phone-${w}x${hgt}.png` });
      await ph.context().close();
      await wp.context().close();
    }
    log('phones: no overflow, clocks and reserves on screen');

    // ---- 8. an error that needs action: a sentence, the code as a detail, until dismissed ----
    await dir.click('#tab-event');
    await dir.fill('#t-name', 'People Cup');
    await dir.click('#t-create');
    await dir.waitForFunction(() => /People Cup/.test(document.querySelector('#tour-state').textContent));
    for (const [n, c, p] of [['Alfa', 'eve', 'fay'], ['Bravo', 'gus', 'hal']]) {
      await dir.click('#tab-teams');
      await dir.fill('#team-name', n);
      await dir.fill('#team-captain', c);
      await dir.fill('#team-partner', p);
      await dir.click('#team-add');
      await dir.waitForFunction((name) => [...document.querySelectorAll('#teams-body td')].some((td) => td.textContent === name), n);
    }
    // A second team of a name already registered (after the start the desk hides the form).
    await dir.click('#tab-teams');
    await dir.fill('#team-name', 'Alfa');
    await dir.fill('#team-captain', 'ivy');
    await dir.fill('#team-partner', 'jon');
    await dir.click('#team-add');
    await dir.waitForFunction(() => /A team of this name is registered already/.test((document.getElementById('notice')?.textContent || '')), null, { timeout: 5000 });
    const nt = await noticeText(dir);
    check('team_register of a name taken: a sentence, the code as a detail', /^A team of this name is registered already\. team_register: exists/.test(nt), nt);
    await dir.waitForTimeout(6000);
    check('it stays (6 s later) until dismissed', /A team of this name/.test(await noticeText(dir)));
    await dir.click('#notice .notice-close');
    check('dismissed', (await noticeText(dir)) === '');

    // ---- 8. bad links: a page that says what to do ----
    const bad = [
      ['/play.html', 'This page needs your player link'],
      ['/play.html?token=0123456789abcdef0123456789abcdef', 'This player link does not work'],
      ['/play.html?team=0123456789abcdef0123456789abcdef&board=A', 'This team link does not work'],
      ['/watch.html?game=999', 'There is no game 999 on this server'],
    ];
    for (const [url, head] of bad) {
      const p = await newPage(url);
      await p.waitForFunction((hd) => document.querySelector('#bad-link h2') && document.querySelector('#bad-link h2').textContent === hd, head, { timeout: 5000 });
      const text = await p.locator('#bad-link').textContent();
      const toWatch = await p.locator('#bad-link a[href="watch.html"]').count();
      check(`${url}: says what is wrong and what to do`, /What to do:/.test(text) && toWatch === 1, text);
      if (url.includes('token=')) await p.screenshot({ path: `${ART}/play-bad-link.png` });
      await p.context().close();
    }
    // the browser logs a failed resource or socket as a console error in none of these
    check('no page errors', errors.length === 0, errors);
    if (process.env.UPDATE_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      for (const f of ['play-phone-360x640.png', 'play-phone-390x844.png', 'watch-phone-390x844.png', 'play-replaced.png', 'play-bad-link.png']) fs.copyFileSync(`${ART}/${f}`, `docs/screenshots/${f}`);
    }
  } finally {
    await browser.close();
    await stop(srv);
    if (results.failed) console.log('server log tail:\n' + fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').split('\n').slice(-25).join('\n'));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// A move by mouse on the page's own (large) board.
async function dragMove(page, from, to) {
  await page.waitForFunction(() => document.querySelector('.panel.big .board > .cg-wrap').classList.contains('manipulable'), null, { timeout: 5000 });
  await drag(page, await squareXY(page, from), await squareXY(page, to));
}

run(main);
