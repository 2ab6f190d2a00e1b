// projector.test.mjs: the hall's projector (projector.html) and the public event page, in
// headless Chromium at 1920x1080 (ctest `browser_projector`, label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). The desk runs an 8-team, 2-round
// Swiss (6-second clocks) that bughouse-bot plays. The projector, a spectator without token:
//   - a slide of two live matches: both boards of each (at least 400 px), clocks and team names
//     in large type (at least 40 px at 1080 px high), the whole slide on one screen;
//   - it turns the slides by itself (every 3 s here): every live match of the round, the
//     round's pairings, and once round 1 is complete the standings (the server's rows, 30 px
//     type or more); the arrow key turns it by hand, space holds it;
//   - the director's announcement to everyone shows on it, large;
//   - the public event page follows the event: the standings after round 1 and both rounds'
//     pairings with their results.
// Screenshots (looked at): docs/screenshots/projector-1920.png (two live matches),
// projector-standings.png, event-page.png.
// usage: node tests/browser/projector.test.mjs SERVER_BINARY BOT_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, log, openDashboard, run, world, deskEvent, startBots, publish } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const botBin = process.argv[3] || 'build/dev/clients/bot/bughouse-bot';
const TEAMS = ['Kyiv Knights', 'Lviv Lions', 'Odesa Rooks', 'Kharkiv Hawks', 'Dnipro Drops', 'Poltava Pawns', 'Sumy Sacs', 'Rivne Ravens'];

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('projector', bin);
  const { base, errors } = w;
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, base);
    const tokens = await deskEvent(dir, { name: 'Hall Cup', base: 0.1, ruleset: 'online', rounds: 2 }, TEAMS.map((n, i) => [n, `cap${i + 1}`, 2200 - 50 * i, `par${i + 1}`]));
    const pj = w.watch(await ctx.newPage(), 'projector');
    await pj.goto(`${base}/projector.html?rotate=3`);
    await pj.waitForFunction(() => /Hall Cup/.test(document.getElementById('pj-event').textContent), null, { timeout: 10000 });
    check('before the start: the projector names the event', /registration/.test(await pj.locator('#pj-round').textContent()));
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    startBots(w, botBin, tokens, 250, 9);

    // ---- a slide of two live matches ----
    await pj.waitForFunction(() => {
      const ms = document.querySelectorAll('#pj-stage .pj-match');
      const ok = ms.length === 2 && [...ms].every((m) => m.querySelectorAll('cg-board').length === 2) && window.app.slots.every((s) => s.g && s.g.boards[0].ply + s.g.boards[1].ply >= 4);
      // Hold the slide in the same instant (what space does), so that the rotation (3 s here)
      // cannot turn it before it is measured and photographed on a slow machine.
      if (ok) window.app.held = true;
      return ok;
    }, null, { timeout: 30000 });
    await pj.waitForTimeout(200);
    const look = await pj.evaluate(() => {
      const px = (e) => parseFloat(getComputedStyle(e).fontSize);
      const r = (e) => e.getBoundingClientRect();
      const ms = [...document.querySelectorAll('#pj-stage .pj-match')];
      return {
        boards: ms.flatMap((m) => [...m.querySelectorAll('.board')].map((b) => Math.round(r(b).width))),
        team: Math.min(...ms.flatMap((m) => [...m.querySelectorAll('.pj-n1, .pj-n2')].map(px))),
        clock: Math.min(...[...document.querySelectorAll('#pj-stage .clock')].map(px)),
        clocks: document.querySelectorAll('#pj-stage .clock').length,
        names: ms.map((m) => m.querySelector('.pj-match-head').textContent),
        bottom: Math.max(...ms.map((m) => r(m).bottom)),
        right: Math.max(...ms.map((m) => r(m).right)),
        scroll: [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight],
      };
    });
    await pj.screenshot({ path: `${ART}/projector-1920.png` });
    await pj.keyboard.press(' '); // space again: the rotation goes on
    check('projector: space released the hold', await pj.evaluate(() => window.app.held === false));
    check('projector: two matches, both boards of each, at least 400 px', look.boards.length === 4 && look.boards.every((b) => b >= 400), look.boards);
    check('projector: team names and clocks of 40 px or more', look.team >= 40 && look.clock >= 40 && look.clocks === 8, [look.team, look.clock, look.clocks]);
    check('projector: the slide on one screen', look.bottom <= 1080 && look.right <= 1920 && look.scroll[0] <= 1920 && look.scroll[1] <= 1080, look);
    const r1 = await dir.evaluate(() => window.app.rounds[1]);
    check('projector: the slide names the teams of its pairings', look.names.every((t) => r1.matches.some((m) => t.includes(m.name1) && t.includes(m.name2))), [look.names]);

    // ---- it turns by itself: the matches, the pairings ----
    await pj.waitForFunction(() => window.app.seen.includes('pairings') && window.app.seen.filter((k) => k === 'matches').length >= 2, null, { timeout: 20000 });
    check('projector: it turned from the matches to the pairings by itself', true);
    const slide = await pj.evaluate(async () => {
      while (document.getElementById('pj-stage').dataset.kind !== 'pairings') await new Promise((r) => setTimeout(r, 100));
      return { title: document.querySelector('.pj-sheet h2').textContent, rows: [...document.querySelectorAll('.pj-pairings tbody tr')].map((tr) => tr.textContent) };
    });
    // The current round's (round 1, or round 2 if round 1 is already over on a slow machine).
    const rno = Number((/^Round (\d+)/.exec(slide.title) || [])[1]);
    const rs = await dir.evaluate((k) => window.app.rounds[k], rno);
    check('projector: the pairings slide has the 4 boards of the current round', rs && slide.rows.length === 4 && rs.matches.every((m) => slide.rows.some((t) => t.includes(m.name1) && t.includes(m.name2))), [slide, rs && rs.matches.map((m) => [m.name1, m.name2])]);
    // By hand: space holds the slide (the pairings: a held slide stays what it is, even when
    // the next round replaces it), the arrow turns it.
    await pj.keyboard.press('Space');
    await pj.waitForTimeout(3600);
    check('projector: space holds the slide', await pj.evaluate(() => window.app.held && document.getElementById('pj-stage').dataset.kind === 'pairings'));
    await pj.keyboard.press('ArrowRight');
    check('projector: the arrow turns it', await pj.evaluate(() => document.getElementById('pj-stage').dataset.kind !== 'pairings' || window.app.slides.length === 1));
    await pj.keyboard.press('Space');

    // ---- the announcement, large ----
    await dir.click('#tab-controls');
    await dir.fill('#ann-text', 'Lunch break: round 2 at 14:30');
    await dir.click('#ann-send');
    await pj.waitForSelector('.notice .notice-text', { timeout: 5000 });
    await pj.waitForFunction(() => parseFloat(getComputedStyle(document.querySelector('.notice .notice-text')).fontSize) >= 40, null, { timeout: 3000 }).catch(() => {});
    const big = await pj.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.notice .notice-text')).fontSize));
    check('projector: the announcement in large type', big >= 40, big);
    await pj.click('.notice-close');

    // ---- the standings once round 1 is complete ----
    await dir.waitForFunction(() => window.app.tour.standings && window.app.tour.standings.round >= 1, null, { timeout: 90000 });
    log('round 1 complete');
    // Held the moment it shows (what space does): a slide lasts 3 s here, and under ctest -j2
    // the next step can come later than that (it once read the slide after it had turned).
    await pj.waitForFunction(() => {
      if (document.getElementById('pj-stage').dataset.kind !== 'standings') return false;
      if (!window.app.held) { window.app.held = true; window.app.shownAt = performance.now(); }
      return !!document.querySelector('.pj-standings td');
    }, null, { timeout: 30000 });
    const st = await pj.evaluate(() => ({ rows: [...document.querySelectorAll('.pj-standings tbody tr')].map((tr) => [...tr.children].map((e) => e.textContent)), px: parseFloat(getComputedStyle(document.querySelector('.pj-standings td')).fontSize), title: document.querySelector('.pj-sheet h2').textContent }));
    await pj.screenshot({ path: `${ART}/projector-standings.png` });
    const want = await dir.evaluate(() => window.app.tour.standings);
    check('projector: the standings slide has the server\'s rows', st.rows.length === 8 && want.rows.every((x, i) => st.rows[i][0] === String(x.place) && st.rows[i][1].startsWith(x.name) && st.rows[i][2] === String(x.mp)), { st, want: want.rows });
    check('projector: standings in 30 px type or more', st.px >= 30 && /Standings after round|Final standings/.test(st.title), [st.px, st.title]);

    // ---- the public event page ----
    const ev = w.watch(await ctx.newPage(), 'event');
    await ev.goto(`${base}/event.html`);
    await ev.waitForFunction(() => window.app && window.app.ready && window.app.tour.standings && window.app.tour.standings.round >= 1, null, { timeout: 10000 });
    await dir.waitForFunction(() => window.app.rounds[2], null, { timeout: 30000 });
    await ev.waitForFunction(() => document.querySelectorAll('#sec-rounds .round-sheet').length === 2, null, { timeout: 10000 });
    const evs = await ev.evaluate(() => ({ standings: document.querySelectorAll('#sec-standings tbody tr').length, cross: document.querySelectorAll('#sec-crosstable tbody tr').length, r1: document.querySelectorAll('#sec-rounds .round-sheet[data-round="1"] tbody tr').length, links: document.querySelectorAll('#sec-rounds .round-sheet[data-round="1"] a[href^="replay.html?game="]').length }));
    check('event page: standings, crosstable, both rounds, round 1\'s games linked to their replays', evs.standings === 8 && evs.cross === 8 && evs.r1 === 4 && evs.links === 8, evs);
    await ev.screenshot({ path: `${ART}/event-page.png`, fullPage: true });
    check('no page errors', errors.length === 0, errors);
    publish(['projector-1920.png', 'projector-standings.png', 'event-page.png']);
  } finally {
    await w.close();
  }
}

run(main);
