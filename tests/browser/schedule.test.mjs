// schedule.test.mjs: a scheduled round start (T-SCHEDULE, issue 26 item 4) from the director's
// desk in headless Chromium (ctest `browser_schedule`, label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db, no waiting time, no break). A 4-team,
// 2-round Swiss with 3-second clocks (nobody moves: games end on time) created from the desk:
//   - a start in the past is refused with its reason;
//   - round 1 is scheduled 15 s ahead from the Controls tab (the browser's local time); the
//     desk's header, the public event page and a player's page count down to it;
//   - the tournament is started at once: round 1's pairing is published and its games wait;
//     no game goes live before the scheduled instant (the desk's own round pushes, polled),
//     and they do go live after it;
//   - round 2 (not scheduled) follows when round 1 ends, as before.
// Screenshots (looked at): docs/screenshots/schedule-desk-1366.png, schedule-event-390.png,
// schedule-play-1366.png (UPDATE_SCREENSHOTS=1; tests/artifacts/ always).
// usage: node tests/browser/schedule.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, log, openDashboard, run, world, deskEvent, publish } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const notice = (page) => page.evaluate(() => (document.getElementById('notice') || {}).textContent || '');
// a datetime-local value (the browser's zone, seconds) ms from now, and that instant
const localAt = (page, ms) => page.evaluate((d) => {
  const t = new Date(Math.ceil((Date.now() + d) / 1000) * 1000);
  const p = (x) => String(x).padStart(2, '0');
  return [`${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}T${p(t.getHours())}:${p(t.getMinutes())}:${p(t.getSeconds())}`, t.getTime()];
}, ms);

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('schedule', bin);
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1366, height: 657 } });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, w.base);
    const tokens = await deskEvent(dir, { name: 'Evening Swiss', base: 0.05, ruleset: 'online', rounds: 2 },
      [['Knights', 'ann', 2100, 'bob'], ['Rooks', 'cid', 2000, 'dan'], ['Bishops', 'eve', 1900, 'fay'], ['Pawns', 'gus', 1800, 'hal']]);
    await dir.click('#tab-controls');
    check('no schedule yet', /No round is scheduled/.test(await dir.locator('#c-sched-now').textContent()));

    // a time in the past is refused
    const [past] = await localAt(dir, -60000);
    await dir.fill('#c-sched-round', '1');
    await dir.fill('#c-sched-at', past);
    await dir.click('#c-sched-set');
    await dir.waitForFunction(() => /future/.test((document.getElementById('notice') || {}).textContent || ''), null, { timeout: 5000 }).catch(() => {});
    check('a start in the past is refused', /The start must be in the future/.test(await notice(dir)), await notice(dir));

    // round 1 in 15 s
    const [when, at] = await localAt(dir, 15000);
    await dir.fill('#c-sched-at', when);
    await dir.click('#c-sched-set');
    await dir.waitForFunction(() => window.app.tour.schedule, null, { timeout: 5000 });
    const sc = await dir.evaluate(() => window.app.tour.schedule);
    check('scheduled: round 1 at the time typed', sc.round === 1 && sc.start_ms === at, [sc, at]);
    await dir.waitForFunction(() => /Round 1 starts at .* \(in 0:1\d\)/.test(document.getElementById('sched-line').textContent), null, { timeout: 5000 }).catch(() => {});
    const line = await dir.locator('#sched-line').textContent();
    check('the desk counts down', /^Round 1 starts at .* \(in 0:\d\d\)$/.test(line), line);
    await dir.click('#tab-controls');
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    const states = await dir.evaluate(() => window.app.rounds[1].matches.map((m) => m.states[0]));
    check('round 1 published, its games waiting', states.every((s) => s === 'waiting'), states);
    await dir.screenshot({ path: `${ART}/schedule-desk-1366.png` });

    // the public event page on a phone, and a player's page, count down too
    const pctx = await w.browser.newContext({ viewport: { width: 390, height: 844 } });
    const ev = w.watch(await pctx.newPage(), 'event');
    await ev.goto(`${w.base}/event.html`);
    await ev.waitForFunction(() => /Round 1 starts at/.test(document.getElementById('ev-sched').textContent), null, { timeout: 10000 }).catch(() => {});
    check('the event page counts down', /Round 1 starts at .* \(in 0:\d\d\)/.test(await ev.locator('#ev-sched').textContent()), await ev.locator('#ev-sched').textContent());
    await ev.screenshot({ path: `${ART}/schedule-event-390.png` });
    const pl = w.watch(await ctx.newPage(), 'player');
    await pl.goto(`${w.base}/play.html?team=${tokens[0]}&board=A`);
    await pl.waitForTimeout(1500);
    await pl.screenshot({ path: `${ART}/schedule-play-1366.png` });
    const ptext = await pl.evaluate(() => document.body.innerText);
    log(`player page: ${ptext.slice(0, 300).replace(/\n/g, ' | ')}`);
    check('the player\'s page shows the start', /Round 1 starts at|starts in|0:\d\d/.test(ptext), ptext.slice(0, 400));

    // no game goes live before the time; they do after it
    let liveAt = 0;
    for (let i = 0; i < 200 && !liveAt; i++) {
      const s = await dir.evaluate(() => window.app.rounds[1].matches.map((m) => m.states[0]));
      if (s.some((x) => x === 'live' || x === 'finished')) liveAt = Date.now();
      else await dir.waitForTimeout(200);
    }
    log(`live ${liveAt - at} ms after the scheduled instant`);
    check('round 1 went live, not before the scheduled instant', liveAt && liveAt >= at - 300, [liveAt, at]);
    await dir.waitForFunction(() => window.app.rounds[2], null, { timeout: 30000 }).catch(() => {});
    const r2 = await dir.evaluate(() => window.app.rounds[2]);
    check('round 2 follows when round 1 ends', r2 && r2.matches.length === 2, r2);
    check('no schedule line once the time passed', await dir.locator('#sched-line').isHidden());
    check('no page errors', w.errors.length === 0, w.errors);
    publish(['schedule-desk-1366.png', 'schedule-event-390.png', 'schedule-play-1366.png']);
  } finally {
    await w.close();
  }
}

run(main);
