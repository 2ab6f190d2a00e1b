// premove.test.mjs: premoves on the play page (issue 28 items 3 and 6, P-PREMOVE) in headless
// Chromium (ctest `browser_premove`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server with --rules online (--no-tls, free port, temp db); the director's
// game_create over a socket; four player pages play through the UI only:
//   - Black on A drags e7-e5 while White is on move: a premove, listed as pending; White's
//     1. e4 arrives and 1... e5 follows at once, played by the server;
//   - White on A drags a pawn from an empty pocket slot to d4 while Black is on move (a drop
//     premove of a piece not held yet, lila #2454 / bughouse.pro's preturn); his partner takes
//     a pawn on B, Black moves on A, and P@d4 is played;
//   - a premove cancelled by right-click, and one by the Cancel premove button, are not played
//     when the opponent moves;
//   - a promoting premove asks its piece at once and the piece chosen is played
//     (pychess-variants #1395);
//   - sounds: move and capture reach the player's page, the game's end too; the mute switch is
//     remembered after a reload; the flip button turns the boards round.
// Screenshots (looked at): tests/artifacts/premove-1366x657.png, premove-phone-390x844.png.
// usage: node tests/browser/premove.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ADMIN, ART, box, check, drag, log, run, squareXY, world, wsSteps } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const T = { timeout: 10000 };

// Wait until page's model of board b has at least ply plies.
const waitPly = (page, b, ply) => page.waitForFunction(([bb, p]) => window.app.g && window.app.g.boards[bb].ply >= p, [b, ply], T);
// The pending premove the page's model holds (from the server's state), or null.
const pending = (page) => page.evaluate(() => window.app.g.premove);
const waitPending = (page, want) => page.waitForFunction((w) => window.app.g && window.app.g.premove === w, want, T);

// A move by drag on the page's own board, once the board takes input (its turn or a premove).
async function dragMove(page, uci) {
  await page.waitForFunction(() => document.querySelector('.panel.big .board > .cg-wrap').classList.contains('manipulable'), null, T);
  await drag(page, await squareXY(page, uci.slice(0, 2)), await squareXY(page, uci.slice(2, 4)));
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('premove', bin, ['--rules', 'online']);
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1366, height: 657 } });
    const boot = await ctx.newPage();
    await boot.goto(w.base + '/watch.html');
    const [made] = await wsSteps(boot, ADMIN, [{ type: 'game_create', base_ms: 300000, players: ['ann', 'cid', 'dan', 'bob'] }]);
    check('game created', made.type === 'game_created' && made.tokens.length === 4, made);
    const p = [];
    for (let s = 0; s < 4; s++) {
      const c = s === 0 ? await w.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: false }) : ctx;
      const page = w.watch(await c.newPage(), `seat ${s}`);
      page.on('dialog', (d) => d.accept());
      await page.goto(`${w.base}/play.html?token=${made.tokens[s]}`);
      p.push(page);
    }
    for (const page of p) await page.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, T);
    check('the state says the ruleset queues premoves', await p[1].evaluate(() => window.app.g.premoves === true));

    // ---- a premove: Black on A, before White's first move ----
    await dragMove(p[1], 'e7e5');
    await waitPending(p[1], 'e7e5');
    check('the premove is listed on its page', await p[1].locator('#premove').isVisible() && /e7-e5/.test(await p[1].locator('#premove-text').textContent()));
    check('never on the opponent\'s page', (await pending(p[0])) === null && !(await p[0].evaluate(() => window.app.g.events.some((e) => e.kind === 'premove'))));
    await dragMove(p[0], 'e2e4');
    await waitPly(p[0], 0, 2);
    check('1... e5 played at once by the server', await p[0].evaluate(() => window.app.g.events.filter((e) => e.kind === 'move').map((e) => e.text).join(' ')) === 'e2e4 e7e5');
    await p[1].waitForFunction(() => window.app.g.premove === null && document.querySelector('#premove').hidden, null, T);
    const bc = await p[0].evaluate(() => window.app.g.clocks.clock_ms[1]);
    check('the premove was charged no time: Black A still has 5:00', bc === 300000, bc);
    check('move sounds', await p[0].evaluate(() => window.app.sound.played.filter((k) => k === 'move').length >= 2));

    // ---- a drop premove of a piece not held yet (White on A, phone page) ----
    await dragMove(p[0], 'g1f3');
    await waitPly(p[0], 0, 3);
    check('no pawn in White A\'s pocket yet', await p[0].evaluate(() => window.app.g.boards[0].pos.pocket.white.pawn === 0));
    const slot = p[0].locator('.panel.big .bar.you .slot[data-role=pawn]');
    await p[0].waitForFunction(() => document.querySelector('.panel.big .bar.you .slot[data-role=pawn]').classList.contains('predrop'), null, T);
    const sb = await box(slot);
    await drag(p[0], { x: sb.x + sb.width / 2, y: sb.y + sb.height / 2 }, await squareXY(p[0], 'd4'));
    await waitPending(p[0], 'P@d4');
    await p[0].screenshot({ path: `${ART}/premove-phone-390x844.png` });
    // Board B: White B e4, Black B d5, White B Nc3, Black B dxe4: the pawn goes to White A.
    await dragMove(p[2], 'e2e4');
    await waitPly(p[3], 1, 1);
    await dragMove(p[3], 'd7d5');
    await waitPly(p[2], 1, 2);
    await dragMove(p[2], 'b1c3');
    await waitPly(p[3], 1, 3);
    await dragMove(p[3], 'd5e4');
    await p[0].waitForFunction(() => window.app.g.boards[0].pos.pocket.white.pawn === 1, null, T);
    check('the pawn arrived, the drop premove still queued', (await pending(p[0])) === 'P@d4');
    await dragMove(p[1], 'b8c6');
    await waitPly(p[1], 0, 5);
    const last = await p[1].evaluate(() => window.app.g.events.filter((e) => e.kind === 'move' && e.board === 'A').map((e) => e.san).slice(-2));
    check('2... Nc6 3. P@d4 (the server played the drop premove)', last.join(' ') === 'Nc6 P@d4', last);
    check('the pawn left the pocket', await p[0].evaluate(() => window.app.g.boards[0].pos.pocket.white.pawn === 0));

    // ---- premoves cancelled: by right-click, and by the button ----
    await dragMove(p[1], 'e5d4');
    await waitPly(p[0], 0, 6);
    check('a capture sound', await p[0].evaluate(() => window.app.sound.played.includes('capture')));
    await dragMove(p[1], 'd7d6');
    await waitPending(p[1], 'd7d6');
    await p[1].screenshot({ path: `${ART}/premove-1366x657.png` });
    const c = await squareXY(p[1], 'h4');
    await p[1].mouse.click(c.x, c.y, { button: 'right' });
    await waitPending(p[1], null);
    check('right-click cancelled it', true);
    await dragMove(p[1], 'g8f6');
    await waitPending(p[1], 'g8f6');
    await p[1].click('#premove-cancel');
    await waitPending(p[1], null);
    await dragMove(p[0], 'f3d4');
    await waitPly(p[1], 0, 7);
    await p[1].evaluate(() => window.app.net.request({ type: 'ping' })); // anything sent before the pong has arrived
    const after = await p[1].evaluate(() => [window.app.g.boards[0].ply, window.app.g.boards[0].pos.turn]);
    check('the cancelled premoves were not played: Black is on move at ply 7', after[0] === 7 && after[1] === 'black', after);

    // ---- pychess-variants #1395: the promotion piece is asked when the premove is made ----
    for (const [page, uci, ply] of [[p[2], 'a2a4', 5], [p[3], 'h7h6', 6], [p[2], 'a4a5', 7], [p[3], 'h6h5', 8], [p[2], 'a5a6', 9], [p[3], 'h5h4', 10], [p[2], 'a6b7', 11]]) {
      await dragMove(page, uci);
      await waitPly(page, 1, ply);
    }
    await dragMove(p[2], 'b7a8'); // Black B is on move: a premove that promotes
    await p[2].waitForSelector('.panel.big .promo:not(.hidden) .promo-choice.knight', T);
    check('the promotion chooser shows while the opponent is on move', true);
    await p[2].click('.panel.big .promo .promo-choice.knight');
    await waitPending(p[2], 'b7a8n');
    await dragMove(p[3], 'h4h3');
    await waitPly(p[2], 1, 13);
    const promo = await p[2].evaluate(() => window.app.g.events.filter((e) => e.kind === 'move' && e.board === 'B').map((e) => e.san).slice(-1)[0]);
    check('the knight chosen then is the one played: bxa8=N', promo === 'bxa8=N', promo);

    // ---- flip, mute, game end ----
    const orient = () => p[1].evaluate(() => document.querySelector('.panel.big .board > .cg-wrap').classList.contains('orientation-black'));
    check('Black\'s board has Black below', await orient());
    await p[1].click('#flip');
    check('flipped: White below', !(await orient()));
    await p[1].click('#flip');
    check('flipped back', await orient());
    await p[0].click('#mute');
    check('mute remembered in localStorage', await p[0].evaluate(() => localStorage.getItem('bh.mute') === '1'));
    await p[3].click('#resign');
    await p[0].waitForFunction(() => window.app.g.result, null, T);
    check('a game-end sound', await p[0].evaluate(() => window.app.sound.played.includes('end')));
    await p[0].reload();
    await p[0].waitForFunction(() => document.querySelector('#mute') && document.querySelector('#mute').textContent === 'Sound: off', null, T);
    check('muted after a reload', true);
    check('no page errors', w.errors.length === 0, w.errors);
    log('premoves, drop premove, cancels, sounds, flip, mute');
  } finally {
    await w.close();
  }
}

run(main);
