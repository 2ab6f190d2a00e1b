// hall.test.mjs: the spectators' hall, watch.html without ?game (issue 17 item 8), in headless
// Chromium (ctest `browser_hall`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Nobody plays; the director adjudicates
// on the desk. A 4-team, 3-round event (T-ROUNDS: a round robin). A spectator's watch.html,
// opened once and never reloaded:
//   - opens on the live matches of round 1 (no "pick a game"): a card per match with its two
//     boards, four clocks and the team names in pairing order; a card links to that game;
//   - follows the event: when round 1 ends (draws) round 2's matches replace them by themselves;
//   - between rounds (T-AUTO paused, round 2 complete, round 3 not paired yet): the standings
//     after round 2 and "waiting for the next round"; the director pairs round 3: its next
//     pairings appear; the director starts it: live matches again, round 3;
//   - round 3 drawn: all four teams equal on everything, an Armageddon play-off pending
//     (paused): the header and the side say so, the standings mark "= next".
// Screenshots (looked at): docs/screenshots/hall-live-1920.png, hall-between-1366.png.
// usage: node tests/browser/hall.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, log, openDashboard, run, world, deskEvent, publish } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

async function setResult(dir, game, result) {
  await dir.click('#tab-controls');
  await dir.waitForFunction((g) => [...document.querySelectorAll('#c-game option')].some((o) => o.value === String(g)), game, { timeout: 10000 });
  await dir.selectOption('#c-game', String(game));
  await dir.selectOption('#c-result', result);
  await dir.fill('#c-reason', 'adjudicated');
  await dir.click('#c-set-result');
}

// Draw both games of every match of round r (game 2 follows a drawn game 1 at once).
async function drawRound(dir, r) {
  const n = await dir.evaluate((k) => window.app.rounds[k].matches.length, r);
  for (let mi = 0; mi < n; mi++) {
    await setResult(dir, await dir.evaluate(([k, i]) => window.app.rounds[k].matches[i].games[0], [r, mi]), '1/2-1/2');
    await dir.waitForFunction(([k, i]) => window.app.rounds[k].matches[i].games[1], [r, mi], { timeout: 10000 });
    await setResult(dir, await dir.evaluate(([k, i]) => window.app.rounds[k].matches[i].games[1], [r, mi]), '1/2-1/2');
  }
}

const cardsOf = (page) => page.evaluate(() => [...document.querySelectorAll('#hall-grid .hall-card')].map((c) => ({
  game: Number(c.dataset.game), href: c.getAttribute('href'), head: c.querySelector('.hall-head').textContent,
  boards: c.querySelectorAll('.board').length, clocks: c.querySelectorAll('.clock').length,
})));

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('hall', bin);
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, w.base);
    await deskEvent(dir, { name: 'Hall Cup', base: 3, ruleset: 'online', rounds: 3 },
      [['Knights', 'ann', 2100, 'bob'], ['Rooks', 'cid', 2000, 'dan'], ['Bishops', 'eve', 1900, 'fay'], ['Pawns', 'gus', 1800, 'hal']]);
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    const r1 = await dir.evaluate(() => window.app.rounds[1].matches);

    const sctx = await w.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const spec = w.watch(await sctx.newPage(), 'hall');
    await spec.goto(`${w.base}/watch.html`);
    await spec.waitForFunction(() => window.app.mode === 'live' && document.querySelectorAll('#hall-grid .hall-card .board').length === 4, null, { timeout: 15000 });
    let cards = await cardsOf(spec);
    check('opens on round 1\'s two live matches', cards.length === 2 && cards.every((c) => r1.some((m) => m.games[0] === c.game)), cards);
    check('each card: both boards, four clocks', cards.every((c) => c.boards === 2 && c.clocks === 4), cards);
    check('each card: the teams in pairing order', cards.every((c) => { const m = r1.find((x) => x.games[0] === c.game); return c.head.indexOf(m.name1) >= 0 && c.head.indexOf(m.name1) < c.head.indexOf(m.name2); }), cards.map((c) => c.head));
    check('a card opens its game', cards.every((c) => c.href === `watch.html?game=${c.game}`), cards);
    const title = await spec.locator('#title').textContent();
    check('the title: the event and its round, not "pick a game"', /Hall Cup · round 1 of 3 · 2 live matches/.test(title), title);
    await spec.screenshot({ path: `${ART}/hall-live-1920.png` });

    // ---- round 1 ends: the hall follows to round 2 by itself ----
    await drawRound(dir, 1);
    await dir.waitForFunction(() => window.app.rounds[2] && window.app.rounds[2].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    const r2 = await dir.evaluate(() => window.app.rounds[2].matches);
    await spec.waitForFunction((ids) => { const c = [...document.querySelectorAll('#hall-grid .hall-card')].map((x) => Number(x.dataset.game)); return c.length === 2 && c.every((g) => ids.includes(g)); }, r2.map((m) => m.games[0]), { timeout: 15000 });
    check('round 2\'s matches replaced round 1\'s', /round 2 of 3/.test(await spec.locator('#title').textContent()));
    check('beside them: the standings after round 1', /Standings after round 1/.test(await spec.locator('#hall-side').textContent()));

    // ---- between rounds: paused, round 2 complete, round 3 not paired ----
    await dir.click('#t-pause');
    await dir.waitForFunction(() => window.app.tour.status === 'paused');
    // paused: a game 2 waits for Start next round (T-AUTO holds)
    for (const mi of [0, 1]) {
      await setResult(dir, await dir.evaluate((i) => window.app.rounds[2].matches[i].games[0], mi), '1/2-1/2');
      await dir.waitForFunction((i) => window.app.rounds[2].matches[i].results[0], mi, { timeout: 10000 });
    }
    await dir.click('#c-start-round');
    await dir.waitForFunction(() => window.app.rounds[2].matches.every((m) => m.games[1]), null, { timeout: 10000 });
    for (const mi of [0, 1]) await setResult(dir, await dir.evaluate((i) => window.app.rounds[2].matches[i].games[1], mi), '1/2-1/2');
    await dir.waitForFunction(() => window.app.rounds[2].status === 'done', null, { timeout: 10000 });
    await spec.waitForFunction(() => window.app.mode === 'between', null, { timeout: 15000 });
    const between = await spec.locator('#hall').textContent();
    check('between rounds: the standings after round 2', /Standings after round 2/.test(between), between.slice(0, 200));
    check('between rounds: waiting for the next round', /Waiting for the next round/.test(between), between.slice(0, 300));
    await dir.click('#tab-controls');
    await dir.click('#c-pair');
    await dir.waitForFunction(() => window.app.rounds[3], null, { timeout: 10000 });
    await spec.waitForFunction(() => /Round 3 of 3 · next pairings/.test((document.getElementById('hall-next-title') || {}).textContent || ''), null, { timeout: 15000 });
    const r3 = await dir.evaluate(() => window.app.rounds[3].matches);
    const next = await spec.evaluate(() => [...document.querySelectorAll('#hall table.pairings tbody tr')].map((tr) => tr.textContent));
    check('the next pairings: round 3\'s matches', next.length === r3.length && r3.every((m, i) => next[i].includes(m.name1) && next[i].includes(m.name2)), next);
    await spec.setViewportSize({ width: 1366, height: 768 });
    await spec.screenshot({ path: `${ART}/hall-between-1366.png` });
    check('1366x768: no horizontal scrolling', await spec.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
    await dir.click('#c-start-round');
    await spec.waitForFunction(() => window.app.mode === 'live' && document.querySelectorAll('#hall-grid .hall-card').length === 2, null, { timeout: 15000 });
    check('round 3 started: live matches again', /round 3 of 3/.test(await spec.locator('#title').textContent()));
    // A phone upright: the cards take the width, never past its edge, each with its two boards
    // side by side (before: two columns of stacked boards ran off the right edge)
    await spec.setViewportSize({ width: 390, height: 844 });
    await spec.waitForTimeout(300);
    await spec.screenshot({ path: `${ART}/hall-live-390.png` });
    const phone = await spec.evaluate(() => [...document.querySelectorAll('#hall-grid .hall-card')].map((c) => {
      const b = [...c.querySelectorAll('.board')].map((x) => x.getBoundingClientRect());
      return { right: c.getBoundingClientRect().right, side: b.length === 2 && Math.abs(b[0].top - b[1].top) < 2 && b[1].left >= b[0].right };
    }));
    check('390x844: every card within the width', phone.length === 2 && phone.every((c) => c.right <= 390), phone);
    check('390x844: a card\'s two boards side by side', phone.every((c) => c.side), phone);
    check('390x844: no horizontal scrolling', await spec.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

    // ---- round 3 drawn too: the four teams are equal on everything (every match 1-1), so
    // prize places are tied and an Armageddon play-off is pending (T-ARMAGEDDON; T-AUTO paused
    // holds it): the hall says so, not "between rounds" / "waiting for the next round" ----
    await spec.setViewportSize({ width: 1366, height: 768 });
    for (const mi of [0, 1]) {
      await setResult(dir, await dir.evaluate((i) => window.app.rounds[3].matches[i].games[0], mi), '1/2-1/2');
      await dir.waitForFunction((i) => window.app.rounds[3].matches[i].results[0], mi, { timeout: 10000 });
    }
    await dir.click('#c-start-round');
    await dir.waitForFunction(() => window.app.rounds[3].matches.every((m) => m.games[1]), null, { timeout: 10000 });
    for (const mi of [0, 1]) await setResult(dir, await dir.evaluate((i) => window.app.rounds[3].matches[i].games[1], mi), '1/2-1/2');
    await dir.waitForFunction(() => window.app.rounds[3].status === 'done', null, { timeout: 10000 });
    await spec.waitForFunction(() => document.getElementById('hall-playoff-title'), null, { timeout: 15000 });
    const po = { title: await spec.locator('#title').textContent(), hall: await spec.locator('#hall').textContent() };
    check('play-off pending: the header names it', /Hall Cup · .*the Armageddon play-off$/.test(po.title) && !/between rounds/.test(po.title), po.title);
    check('play-off pending: the side explains it, no "waiting for the next round"', /Every round is played: an Armageddon play-off/.test(po.hall) && !/Waiting for the next round/.test(po.hall), po.hall.slice(0, 400));
    check('play-off pending: the standings after round 3 mark "= next"', /Standings after round 3|Final standings/.test(po.hall) && (await spec.locator('#hall .tied').count()) > 0, po.hall.slice(0, 200));
    await spec.screenshot({ path: `${ART}/hall-playoff-1366.png` });
    check('no page errors', w.errors.length === 0, w.errors);
    publish(['hall-live-1920.png', 'hall-between-1366.png', 'hall-live-390.png', 'hall-playoff-1366.png']);
  } finally {
    await w.close();
  }
}

run(main);
