// tournament.test.mjs: a tournament as its players live it (issue 13 item 3) in headless
// Chromium (ctest `browser_tournament`, label `browser`). SPDX-License-Identifier: MIT
// The director's desk makes a 2-team event with a waiting time of 20 s and a break of 8 s
// (the desk's own fields); each player opens the team link of their board
// (play.html?team=T&board=A|B), as people do, at human speed:
//   - game 1: only the two captains come. Their pages (a laptop and a phone), the watch page and
//     the desk's card say what the game waits for (the missing players by name) with the
//     forfeit's countdown; no clock runs. When the 20 s are over, absences of both teams are a
//     draw by forfeit (forfeit_both, R-FLAG-FLAG's combination): the clocks never ran;
//   - game 2 (a draw: no P-GAME2 choice) follows behind the break: the pages show "the clocks
//     start in 0:0x"; the partners open their links; all four are there, yet nothing starts
//     before the break's end; then the clocks run on every page.
// Screenshots tests/artifacts/tour-*.png (docs/screenshots with UPDATE_SCREENSHOTS=1).
// usage: node tests/browser/tournament.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, deskEvent, log, openDashboard, publish, run, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const waitNote = (p) => p.evaluate(() => { const e = document.getElementById('wait-note'); return e && !e.hidden ? e.textContent : ''; });

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('tournament', bin);
  const shots = [];
  const shot = async (p, f) => { await p.screenshot({ path: `${ART}/${f}` }); shots.push(f); };
  const page = async (url, viewport, mobile = false) => {
    const ctx = await w.browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
    const p = w.watch(await ctx.newPage(), url, true);
    if (url) await p.goto(w.base + url);
    return p;
  };
  try {
    const dir = await page('', { width: 1440, height: 900 });
    await openDashboard(dir, w.base);
    await dir.click('#tab-event');
    await dir.fill('#t-wait', '20');
    await dir.fill('#t-break', '8');
    const [alfa, bravo] = await deskEvent(dir, { name: 'Spring Cup', base: 1, ruleset: 'online', rounds: 1 },
      [['Alfa', 'Anna', 2000, 'Boris'], ['Bravo', 'Cid', 1900, 'Dana']]);
    check('two team tokens', alfa && bravo, [alfa, bravo]);
    const snap = await dir.evaluate(() => ({ wait: window.app.tour.wait_s, brk: window.app.tour.break_s }));
    check('the event keeps wait_s 20 and break_s 8', snap.wait === 20 && snap.brk === 8, snap);

    // ---- game 1: the captains only ----
    const pA = await page(`/play.html?team=${alfa}&board=A`, LAPTOP);
    const pC = await page(`/play.html?team=${bravo}&board=A`, PHONE, true);
    await dir.click('#t-start');
    for (const p of [pA, pC]) await p.waitForFunction(() => window.app.g && window.app.g.status === 'waiting', null, { timeout: 20000 });
    const g1 = await pA.evaluate(() => window.app.g.id);
    await pA.waitForFunction(() => /Waiting for/.test(document.getElementById('wait-note').textContent));
    const t1 = await waitNote(pA);
    log(`game ${g1}: ${t1}`);
    check('the waiting page names the missing players', /Boris/.test(t1) && /Dana/.test(t1) && !/Anna/.test(t1), t1);
    const left = /forfeit/.test(t1) && /in 0:(\d\d)/.exec(t1);
    check('with the forfeit countdown (at most 0:20)', left && Number(left[1]) <= 20 && Number(left[1]) > 5, t1);
    check('no clock runs while waiting', await pA.evaluate(() => window.app.g.clocks.running.every((x) => x < 0)));
    check('the phone page says it too', /Waiting for .*Boris/.test(await waitNote(pC)), await waitNote(pC));
    const watch = await page(`/watch.html?game=${g1}`, LAPTOP);
    await watch.waitForFunction(() => /Waiting for/.test((document.getElementById('wait-note') || {}).textContent || ''));
    check('the watch page says what the game waits for', /forfeit in|missing in/.test(await waitNote(watch)) || /loses the game/.test(await waitNote(watch)), await waitNote(watch));
    await dir.waitForFunction(() => [...document.querySelectorAll('.match-card .wait-note')].some((e) => !e.hidden && /forfeit in \d:\d\d/.test(e.textContent)), null, { timeout: 10000 }).catch(() => {});
    const deskNote = await dir.evaluate(() => [...document.querySelectorAll('.match-card .wait-note')].map((e) => (e.hidden ? '' : e.textContent)).join('|'));
    check('the desk card counts down to the forfeit', /waiting for 2, forfeit in \d:\d\d/.test(deskNote), deskNote);
    await shot(pA, 'tour-wait-laptop.png');
    await shot(pC, 'tour-wait-phone.png');
    await shot(watch, 'tour-wait-watch.png');
    await shot(dir, 'tour-wait-desk.png');

    // ---- the waiting time runs out: absences of both teams, a draw by forfeit ----
    // (read on the watch page: a player's team link moves on to game 2 by itself)
    await watch.waitForFunction(() => window.app.g && window.app.g.status === 'finished', null, { timeout: 30000 });
    const r1 = await watch.evaluate(() => ({ result: window.app.g.result, reason: window.app.g.reason, clocks: window.app.g.clocks.clock_ms }));
    check('game 1: 1/2-1/2 forfeit_both', r1.result === '1/2-1/2' && r1.reason === 'forfeit_both', r1);
    check('game 1: the clocks never ran (1:00 each)', r1.clocks.every((c) => c === 60000), r1.clocks);
    const banner = await watch.evaluate(() => document.getElementById('result').textContent);
    check('the watch page says forfeit', /forfeit/.test(banner), banner);
    await shot(watch, 'tour-forfeit-watch.png');

    // ---- game 2 behind the break ----
    await pA.waitForFunction((id) => window.app && window.app.g && window.app.g.id > id, g1, { timeout: 20000 });
    const g2 = await pA.evaluate(() => window.app.g.id);
    await pA.waitForFunction(() => /Break between games: the clocks start in 0:0\d/.test((document.getElementById('wait-note') || {}).textContent || ''), null, { timeout: 8000 });
    const t2 = await waitNote(pA);
    log(`game ${g2}: ${t2}`);
    check('game 2: the break counts down', /the clocks start in 0:0[0-8]/.test(t2), t2);
    await shot(pA, 'tour-break-laptop.png');
    const pB = await page(`/play.html?team=${alfa}&board=B`, LAPTOP);
    const pD = await page(`/play.html?team=${bravo}&board=B`, PHONE, true);
    const all = [pA, pB, pC, pD];
    for (const p of all) await p.waitForFunction((id) => window.app && window.app.g && window.app.g.id === id, g2, { timeout: 20000 });
    await pD.waitForFunction(() => window.app.g.seats.every((s) => s.connected), null, { timeout: 10000 });
    const stillBreak = await pD.evaluate(() => ({ status: window.app.g.status, left: window.app.g.startMs - window.app.time.now() }));
    log(`all four connected, ${stillBreak.left} ms of break left`);
    if (stillBreak.left > 300) check('all four there: still the break', stillBreak.status === 'waiting', stillBreak);
    await shot(pD, 'tour-break-phone.png');
    for (const p of all) await p.waitForFunction(() => window.app.g.status === 'live', null, { timeout: 20000 });
    const started = await pA.evaluate(() => ({ running: window.app.g.clocks.running, server: window.app.g.clocks.server_ms, start: window.app.g.startMs }));
    check('game 2 live on all four pages, White to move on both boards', started.running[0] === 0 && started.running[1] === 2, started);
    check('the wait note is gone', (await waitNote(pA)) === '');
    check('no page errors', w.errors.length === 0, w.errors);
    await shot(pA, 'tour-live-laptop.png');
    publish(shots);
  } finally {
    await w.close();
  }
}

run(main);
