// open_play.test.mjs: open play as four people and a spectator do it, from the pages only (issue
// 28's "Done when"), in headless Chromium (ctest `browser_open_play`, label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Ann, Bob and Cid (laptops, 1366x657)
// and Dan (a phone, 390x844) sign up on account.html. Ann opens a private rated 5+0 table on
// lobby.html (the online ruleset: premoves, P-PREMOVE); the others sit by its link, all press
// Ready and play.html opens on the four. Eve opens tv.html and follows the game. On board A
// Bob premoves 1... e5 while Ann thinks, and it is played the instant 1. e4 arrives; after 2. Nf3
// Ann premoves a pawn drop on d4 while she holds no pawn (bughouse.pro's "preturn"); on board B
// Dan takes a pawn (1. e4 d5 2. Nc3 dxe4), it reaches Ann's pocket, Bob answers 2... Nc6 and
// 3. P@d4 is played by the server. The TV shows those moves. Bob resigns: Ann and Dan win; each
// profile page shows the new rating (Glickman 2013's update of one game of new players: 1662?
// for the winners, 1338? for the losers, RD 290). The four choose "Rematch, partners swapped"
// on their play pages: the rated rematch starts with board B's players exchanged (Ann now
// partners Cid, Bob partners Dan), each page at its new seat with the ratings shown, and the
// TV follows it. (A single player finding a partner through the lobby: browser_lobby.)
// Screenshots (looked at): tests/artifacts/open-play-premove-1366.png,
// open-play-tv-1366.png, open-play-rematch-phone.png.
// usage: node tests/browser/open_play.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, box, check, drag, fourAccounts, log, loggedIn, readyAndPlay, run, squareXY, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const LONG = { timeout: 30000 };
const NAMES = ['Ann', 'Bob', 'Cid', 'Dan'];

const plies = (page, b, n) => page.waitForFunction(([bb, k]) => window.app.g && window.app.g.boards[bb].ply >= k, [b, n], LONG);
const pending = (page, want) => page.waitForFunction((x) => window.app.g && window.app.g.premove === x, want, LONG);
const manipulable = (page) => page.waitForFunction(() => document.querySelector('.panel.big .board > .cg-wrap').classList.contains('manipulable'), null, LONG);

// A move (or a premove) dragged on the page's own board.
async function dragUci(page, uci) {
  await manipulable(page);
  await drag(page, await squareXY(page, uci.slice(0, 2)), await squareXY(page, uci.slice(2, 4)));
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('open-play', bin);
  try {
    const p = await fourAccounts(w, NAMES);
    check('four accounts signed up on account.html', true);

    // ---- a private rated table, its link passed on ----
    await p[0].goto(`${w.base}/lobby.html`);
    await loggedIn(p[0], 'Ann');
    await p[0].fill('#create input[name=base]', '5');
    await p[0].fill('#create input[name=inc]', '0');
    await p[0].check('#create input[name=rated]');
    await p[0].check('#create input[name=private]');
    check('the table\'s rules: online (premoves)', (await p[0].inputValue('#create select[name=ruleset]')) === 'online');
    await p[0].click('#create button[type=submit]');
    await p[0].waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="0"]'), null, LONG);
    const head = await p[0].locator('li.table .head').textContent();
    check('a private rated table', /rated/.test(head) && /private/.test(head), head);
    const link = await p[0].locator('li.table input.link').inputValue();
    check('its link names the table and its secret', /lobby\.html\?table=\d+&link=[0-9a-f]{32}$/.test(link), link);
    for (let i = 1; i < 4; i++) {
      await p[i].goto(link);
      await loggedIn(p[i], NAMES[i]);
      await p[i].waitForFunction(() => !document.querySelector('#invite').hidden, null, LONG);
      await p[i].click(`#invite-seats button[data-seat="${i}"]`);
      await p[i].waitForFunction((s) => document.querySelector(`li.table .seat.you[data-seat="${s}"]`), i, LONG);
    }
    await p[0].waitForFunction(() => document.querySelectorAll('li.table .seat a.profile').length === 4, null, LONG);
    const game1 = await readyAndPlay(p);
    const seats1 = await Promise.all(p.map((x) => x.evaluate(() => window.app.g.you)));
    check('the four play pages at their seats: Ann White A, Bob Black A, Cid White B, Dan Black B', seats1.join() === '0,1,2,3', seats1);
    check('a rated game with premoves, the ratings beside the names',
      await p[1].evaluate(() => window.app.g.rated && window.app.g.premoves && window.app.g.seats.every((s) => s.rating === 1500 && s.provisional)));

    // ---- a spectator: the TV follows the game ----
    const tv = w.watch(await (await w.browser.newContext({ viewport: { width: 1366, height: 657 } })).newPage(), 'TV', true);
    await tv.goto(`${w.base}/tv.html`);
    await tv.waitForFunction((g) => window.app.g && window.app.g.id === g && window.app.g.status === 'live', game1, LONG);
    const title = await tv.locator('#title').textContent();
    check('the TV shows the game and its teams', title === `Game ${game1} · Ann & Dan vs Bob & Cid`, title);

    // ---- a premove: Bob (Black A) before Ann's first move ----
    await dragUci(p[1], 'e7e5');
    await pending(p[1], 'e7e5');
    check('Bob\'s premove is listed on his page, not on Ann\'s', /e7-e5/.test(await p[1].locator('#premove-text').textContent()) && (await p[0].evaluate(() => window.app.g.premove)) === null);
    await dragUci(p[0], 'e2e4');
    await plies(p[0], 0, 2);
    const a2 = await p[0].evaluate(() => window.app.g.events.filter((e) => e.kind === 'move').map((e) => e.san).join(' '));
    check('1. e4 e5: the premove played the instant e4 arrived', a2 === 'e4 e5', a2);
    check('the premove cost Bob no time: 5:00 left', (await p[0].evaluate(() => window.app.g.clocks.clock_ms[1])) === 300000);

    // ---- a drop premove of a pawn Ann does not hold yet ----
    await dragUci(p[0], 'g1f3');
    await plies(p[0], 0, 3);
    check('no pawn in Ann\'s pocket', await p[0].evaluate(() => window.app.g.boards[0].pos.pocket.white.pawn === 0));
    await p[0].waitForFunction(() => document.querySelector('.panel.big .bar.you .slot[data-role=pawn]').classList.contains('predrop'), null, LONG);
    const sb = await box(p[0].locator('.panel.big .bar.you .slot[data-role=pawn]'));
    await drag(p[0], { x: sb.x + sb.width / 2, y: sb.y + sb.height / 2 }, await squareXY(p[0], 'd4'));
    await pending(p[0], 'P@d4');
    await p[0].screenshot({ path: `${ART}/open-play-premove-1366.png` });
    // board B: 1. e4 d5 2. Nc3 dxe4: Dan's capture goes to his partner Ann
    for (const [who, uci, n] of [[2, 'e2e4', 1], [3, 'd7d5', 2], [2, 'b1c3', 3], [3, 'd5e4', 4]]) {
      await dragUci(p[who], uci);
      await plies(p[who], 1, n);
    }
    await p[0].waitForFunction(() => window.app.g.boards[0].pos.pocket.white.pawn === 1, null, LONG);
    check('the pawn reached Ann, her drop premove still queued', (await p[0].evaluate(() => window.app.g.premove)) === 'P@d4');
    await dragUci(p[1], 'b8c6');
    await plies(p[1], 0, 5);
    const a5 = await p[1].evaluate(() => window.app.g.events.filter((e) => e.kind === 'move' && e.board === 'A').map((e) => e.san).join(' '));
    check('2... Nc6 3. P@d4: the server played the drop premove', a5 === 'e4 e5 Nf3 Nc6 P@d4', a5);
    await tv.waitForFunction(() => window.app.g.boards[0].ply >= 5 && window.app.g.boards[1].ply >= 4, null, LONG);
    check('the TV shows the moves of both boards', true);
    await tv.screenshot({ path: `${ART}/open-play-tv-1366.png` });

    // ---- Bob resigns: the ratings move, on the profiles ----
    p[1].once('dialog', (d) => d.accept());
    await p[1].click('#resign');
    for (const x of p) await x.waitForFunction(() => window.app.g.status === 'finished', null, LONG);
    const want = { Ann: '1662?', Bob: '1338?', Cid: '1338?', Dan: '1662?' };
    for (let i = 0; i < 4; i++) {
      const prof = w.watch(await p[i].context().newPage(), `${NAMES[i]}'s profile`, true);
      await prof.goto(`${w.base}/profile.html?name=${NAMES[i]}`);
      await prof.waitForFunction(() => window.app.profile, null, LONG);
      const r = await prof.evaluate(() => [document.querySelector('#rating').textContent, window.app.profile.games]);
      check(`${NAMES[i]}'s profile: ${want[NAMES[i]]} after one rated game`, r[0] === want[NAMES[i]] && r[1] === 1, r);
      await prof.close();
    }

    // ---- the rematch, partners swapped, chosen on the four play pages ----
    for (let i = 0; i < 4; i++) {
      await p[i].waitForFunction(() => document.querySelector('#rematch .rematch-swap') && !document.querySelector('#rematch').hidden, null, LONG);
      await p[i].click('#rematch .rematch-swap');
    }
    for (const x of p) await x.waitForFunction((g) => window.app && window.app.g && window.app.g.id !== g && window.app.g.status === 'live', game1, LONG);
    const game2 = await p[0].evaluate(() => window.app.g.id);
    const seats2 = await Promise.all(p.map((x) => x.evaluate(() => window.app.g.you)));
    check('the rematch: board A keeps its seats, board B\'s exchange (Cid Black B, Dan White B)', seats2.join() === '0,1,3,2', seats2);
    const title2 = await p[0].locator('#title').textContent();
    check('Ann\'s page: team 1 with Cid now', /team 1 with Cid/.test(title2), title2);
    const rated2 = await p[3].evaluate(() => [window.app.g.rated, window.app.g.seats.map((s) => `${s.name} ${s.rating}`)]);
    check('the rematch is rated, each seat with the rating its game 1 gave', rated2[0] && rated2[1].join() === 'Ann 1662,Bob 1338,Dan 1662,Cid 1338', rated2);
    await p[3].screenshot({ path: `${ART}/open-play-rematch-phone.png` });
    await tv.waitForFunction((g) => window.app && window.app.g && window.app.g.id === g, game2, LONG);
    const title3 = await tv.locator('#title').textContent();
    check('the TV follows the rematch', title3 === `Game ${game2} · Ann & Cid vs Bob & Dan`, title3);
    log(`games ${game1} and ${game2}`);
    check('no page errors', w.errors.length === 0, w.errors);
  } finally {
    await w.close();
  }
}

run(main);
