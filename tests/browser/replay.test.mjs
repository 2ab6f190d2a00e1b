// replay.test.mjs: finished games watched again (replay.html), in headless Chromium (ctest
// `browser_replay`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). The desk runs a 4-team, 1-round
// Swiss (12-second clocks) that bughouse-bot plays. A spectator socket records every `move`
// push of game 1 of board 1 while it is played (the server's position of both boards and the
// four clocks after each move). Once the round is over:
//   - the replay's frames: after every move both boards (placement, reserves, side to move,
//     castling, en passant) equal the server's, and the four clocks equal the push's within
//     2 ms (the recorded clocks are ms-rounded); the last frame is the state's final position
//     and clocks; frames are in time order;
//   - the controls: play at half speed moves game time on and the boards follow, pause holds it, step
//     goes to the next move of either board, a click on a move in a list shows that position,
//     the slider seeks; the BPGN download is the game's record (its tags, one move per ply);
//   - the replay is linked from the event page's crosstable and pairings, and from the desk's.
// Screenshots (looked at): docs/screenshots/replay-mid.png (1366x768, mid-game, both boards,
// reserves, clocks) and replay-1920.png.
// usage: node tests/browser/replay.test.mjs SERVER_BINARY BOT_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, log, stop, openDashboard, run, world, deskEvent, startBots, publish } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const botBin = process.argv[3] || 'build/dev/clients/bot/bughouse-bot';

// A FEN's comparable fields: placement with the reserve letters sorted, side, castling, ep.
function fenKey(fen) {
  const [place, side, castling, ep] = fen.split(' ');
  const m = /^([^[]*)\[([^\]]*)\]$/.exec(place) || [null, place, ''];
  return { board: m[1], pocket: [...m[2]].sort().join(''), side, castling, ep };
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('replay', bin);
  const { base, errors, port } = w;
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, base);
    const tokens = await deskEvent(dir, { name: 'Replay Cup', base: 0.2, ruleset: 'online', rounds: 1, small: 'cap' }, ['Knights', 'Rooks', 'Bishops', 'Pawns'].map((n, i) => [n, `c${i}`, 2000 - 100 * i, `p${i}`]));
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches[0].games[0], null, { timeout: 10000 });
    const game = await dir.evaluate(() => window.app.rounds[1].matches[0].games[0]);

    // A spectator's socket records the moves of the game as the server sends them.
    const rec = await ctx.newPage();
    await rec.goto(`${base}/index.html`);
    await rec.evaluate(([url, g]) => new Promise((resolve) => {
      window.rec = [];
      const ws = new WebSocket(url, 'bughouse.v1');
      ws.onopen = () => ws.send(JSON.stringify({ type: 'join', id: 1, game: g }));
      ws.onmessage = (e) => { const m = JSON.parse(e.data); window.rec.push(m); if (m.type === 'state') resolve(); };
    }), [`ws://127.0.0.1:${port}/`, game]);
    const bot = startBots(w, botBin, tokens, 150, 3);
    await rec.waitForFunction(() => window.rec.some((m) => m.type === 'result'), null, { timeout: 60000 });
    const pushes = await rec.evaluate(() => window.rec.filter((m) => m.type === 'move'));
    log(`game ${game}: ${pushes.length} moves recorded`);
    await dir.waitForFunction(() => window.app.rounds[1].status === 'done', null, { timeout: 90000 });
    await stop(bot);

    // ---- the frames against the server's positions and clocks ----
    const rp = w.watch(await ctx.newPage(), 'replay');
    await rp.goto(`${base}/replay.html?game=${game}`);
    await rp.waitForFunction(() => window.app.frames.length > 1 && window.app.bpgn, null, { timeout: 10000 });
    const rep = await rp.evaluate(() => ({ frames: window.app.frames.map((f) => ({ t: f.t, seq: f.ev && f.ev.seq, kind: f.ev && f.ev.kind, fen: f.fen, clock: f.clock })), state: window.app.state }));
    const moveFrames = rep.frames.filter((f) => f.kind === 'move');
    check('one frame per move pushed', moveFrames.length === pushes.length && pushes.length > 10, [moveFrames.length, pushes.length]);
    let posBad = 0;
    let castleBad = 0;
    let clockBad = 0;
    const firstBad = [];
    for (const p of pushes) {
      const f = rep.frames.find((x) => x.kind === 'move' && x.seq === p.seq);
      if (!f) { posBad++; continue; }
      for (const b of [0, 1]) {
        const a = fenKey(f.fen[b]);
        const w = fenKey(p.fen[b]);
        if (a.board !== w.board || a.pocket !== w.pocket || a.side !== w.side) {
          posBad++;
          if (firstBad.length < 3) firstBad.push({ seq: p.seq, board: b, replay: f.fen[b], server: p.fen[b] });
        } else if (a.castling !== w.castling || a.ep !== w.ep) {
          castleBad++;
          if (firstBad.length < 3) firstBad.push({ seq: p.seq, board: b, replay: f.fen[b], server: p.fen[b] });
        }
      }
      if (p.clock_ms.some((ms, s) => Math.abs(ms - f.clock[s]) > 2)) {
        clockBad++;
        if (firstBad.length < 3) firstBad.push({ seq: p.seq, replay: f.clock, server: p.clock_ms });
      }
    }
    check('after every move: both boards and reserves as the server had them', posBad === 0, firstBad);
    check('after every move: castling rights and en passant as the server had them', castleBad === 0, firstBad);
    check('after every move: the four clocks as the server sent them (within 2 ms)', clockBad === 0, firstBad);
    const last = rep.frames[rep.frames.length - 1];
    const fin = rep.state;
    check('the last frame is the final position', [0, 1].every((b) => JSON.stringify(fenKey(last.fen[b])) === JSON.stringify(fenKey(fin.boards[b].fen))), [last.fen, fin.boards.map((x) => x.fen)]);
    check('the last frame has the final clocks', fin.clock_ms.every((ms, s) => Math.abs(ms - last.clock[s]) <= 2), [last.clock, fin.clock_ms]);
    check('frames in time order', rep.frames.every((f, i) => i === 0 || f.t >= rep.frames[i - 1].t));

    // ---- the controls ----
    const shown = () => rp.evaluate(() => ({ t: window.app.t, idx: window.app.idx, playing: window.app.playing, fen: window.app.g.boards.map((b) => b.fen), cur: [...document.querySelectorAll('.rp-col li.cur')].map((li) => Number(li.dataset.frame)), clocks: [...document.querySelectorAll('.clock')].map((e) => e.textContent) }));
    // At half speed: the game lasts some 10-20 s of play, so the play is still on when the
    // test pauses it even on a loaded machine (at the end a click on Play starts again).
    await rp.selectOption('#rp-speed', '0.5');
    await rp.click('#rp-play');
    const firstMove = rep.frames.find((f) => f.kind === 'move').t;
    await rp.waitForFunction((t) => window.app.t > t + 200, firstMove, { timeout: 10000 });
    const p1 = await shown();
    check('play at ½x: game time moves on, the boards follow', p1.playing && p1.t < last.t && p1.idx > 0 && rep.frames[p1.idx].t <= p1.t, [p1, last.t]);
    await rp.click('#rp-play');
    const p2 = await shown();
    await rp.waitForTimeout(400);
    const p3 = await shown();
    check('pause: game time holds', !p2.playing && !p3.playing && p3.t === p2.t && p2.t < last.t, [p2, p3.t, last.t]);
    await rp.click('#rp-fwd');
    const p4 = await shown();
    const nextMove = rep.frames.findIndex((f, i) => i > p3.idx && f.kind === 'move');
    check('step: the next move of either board', p4.idx === nextMove && p4.t === rep.frames[nextMove].t, [p4.idx, nextMove]);
    const mid = moveFrames[Math.floor(moveFrames.length / 2)];
    const midIdx = rep.frames.findIndex((f) => f.kind === 'move' && f.seq === mid.seq);
    await rp.click(`.rp-col li[data-frame="${midIdx}"] button.mv`);
    const p5 = await shown();
    check('a click on a move: that position on both boards', p5.idx === midIdx && JSON.stringify(p5.fen) === JSON.stringify(rep.frames[midIdx].fen) && p5.cur.includes(midIdx), [p5.idx, midIdx, p5.cur]);
    await rp.waitForTimeout(300);
    await rp.screenshot({ path: `${ART}/replay-mid.png` });
    await rp.fill('#rp-seek', String(Math.round(last.t / 4)));
    const p6 = await shown();
    check('the slider seeks', Math.abs(p6.t - Math.round(last.t / 4)) <= 1 && rep.frames[p6.idx].t <= p6.t && (p6.idx === rep.frames.length - 1 || rep.frames[p6.idx + 1].t > p6.t), [p6.t, p6.idx]);
    const [dl] = await Promise.all([rp.waitForEvent('download'), rp.click('#rp-bpgn')]);
    const bpgn = fs.readFileSync(await dl.path(), 'utf8');
    const plies = (bpgn.match(/\d+[AaBb]\. /g) || []).length;
    check('BPGN download: the record with its tags and every move', dl.suggestedFilename() === `game-${game}.bpgn` && bpgn.includes('[Event "Replay Cup"]') && /\[Round "1\.1"\]/.test(bpgn) && plies === pushes.length, [dl.suggestedFilename(), plies, pushes.length, bpgn.slice(0, 200)]);
    await rp.setViewportSize({ width: 1920, height: 1080 });
    await rp.click(`.rp-col li[data-frame="${midIdx}"] button.mv`);
    await rp.waitForTimeout(300);
    await rp.screenshot({ path: `${ART}/replay-1920.png` });
    const fit = await rp.evaluate(() => ({ sw: document.scrollingElement.scrollWidth, sh: document.scrollingElement.scrollHeight, w: innerWidth, h: innerHeight }));
    check('1920x1080: the replay fits the screen', fit.sw <= fit.w && fit.sh <= fit.h, fit);

    // ---- linked from the standings (crosstable) and the pairings ----
    const ev = w.watch(await ctx.newPage(), 'event');
    await ev.goto(`${base}/event.html`);
    await ev.waitForFunction(() => window.app && window.app.ready, null, { timeout: 10000 });
    const href = `replay.html?game=${game}`;
    check('event page: the crosstable links the replay (in both teams\' rows)', await ev.locator(`#sec-crosstable a[href="${href}"]`).count() === 2);
    check('event page: the pairings link the replay', await ev.locator(`#sec-rounds a[href="${href}"]`).count() === 1);
    await ev.click(`#sec-rounds a[href="${href}"]`);
    await ev.waitForFunction(() => window.app && window.app.frames && window.app.frames.length > 1, null, { timeout: 10000 });
    check('the link opens the replay', ev.url().endsWith(href));
    check('desk: the pairings and the crosstable link the replay', await dir.locator(`#pairings a[href="${href}"]`).count() === 1 && await dir.locator(`#crosstable a[href="${href}"]`).count() === 2);
    check('no page errors', errors.length === 0, errors);
    publish(['replay-mid.png', 'replay-1920.png']);
  } finally {
    await w.close();
  }
}

run(main);
