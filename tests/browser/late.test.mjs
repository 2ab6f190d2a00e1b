// late.test.mjs: late entries (issue 17 item 4, T-LATE) through the director's desk in headless
// Chromium (ctest `browser_late`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Nobody plays; the director adjudicates.
// A 4-team, 2-round Swiss created with "late entries up to round 2":
//   - after the start the team form stays, titled as a late entry paired from round 2; a team
//     registered there gets the next pairing number and "late entry (R2)" in Teams;
//   - round 1 is drawn by the director (1-1 twice): the late team scores 0 for it (no bye: its
//     standings row says late, 0 MP), round 2 pairs the 5 teams (4 in two matches and a PAB),
//     the late team among them;
//   - once round 2 is paired the form is gone, and a registration is refused with the reason
//     (the server's sentence, not a raw bad_state);
//   - the TRF export keeps it: BHR late=2, the BHT record's entry round 2, a blank round 1 in
//     the team's 001 records.
// Screenshots (looked at): docs/screenshots/late-entry-1920.png, late-standings-1366.png.
// usage: node tests/browser/late.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, log, openDashboard, run, world, deskEvent, publish } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

async function draw(dir, game) {
  await dir.click('#tab-controls');
  await dir.waitForFunction((g) => [...document.querySelectorAll('#c-game option')].some((o) => o.value === String(g)), game, { timeout: 10000 });
  await dir.selectOption('#c-game', String(game));
  await dir.selectOption('#c-result', '1/2-1/2');
  await dir.fill('#c-reason', 'adjudicated');
  await dir.click('#c-set-result');
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('late', bin);
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, w.base);
    await dir.fill('#t-late', '2');
    await deskEvent(dir, { name: 'Late Open', base: 3, ruleset: 'online', rounds: 2 },
      [['Knights', 'ann', 2100, 'bob'], ['Rooks', 'cid', 2000, 'dan'], ['Bishops', 'eve', 1900, 'fay'], ['Pawns', 'gus', 1800, 'hal']]);
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    check('the snapshot says late entries up to round 2', await dir.evaluate(() => window.app.tour.late_until) === 2);
    await dir.click('#tab-teams');
    const title = await dir.locator('#team-form-title').textContent();
    check('the team form stays for a late entry', await dir.locator('#team-form').isVisible() && /late entry \(paired from round 2/.test(title), title);
    await dir.fill('#team-name', 'Latecomers');
    await dir.fill('#team-captain', 'ivy');
    await dir.fill('#team-captain-rating', '2300');
    await dir.fill('#team-partner', 'jon');
    await dir.click('#team-add');
    await dir.waitForFunction(() => document.querySelectorAll('#teams-body tr').length === 5, null, { timeout: 5000 });
    const late = await dir.evaluate(() => window.app.tour.teams.find((t) => t.name === 'Latecomers'));
    check('the next pairing number, entry round 2', late && late.no === 5 && late.entry === 2, late);
    check('Teams marks it', /late entry \(R2\)/.test(await dir.locator(`#teams-body tr[data-team="${late.team}"]`).textContent()));
    await dir.screenshot({ path: `${ART}/late-entry-1920.png` });

    // ---- round 1 drawn by the director ----
    for (const mi of [0, 1]) {
      await draw(dir, (await dir.evaluate((i) => window.app.rounds[1].matches[i].games[0], mi)));
      await dir.waitForFunction((i) => window.app.rounds[1].matches[i].games[1], mi, { timeout: 10000 });
      await draw(dir, (await dir.evaluate((i) => window.app.rounds[1].matches[i].games[1], mi)));
    }
    await dir.waitForFunction(() => window.app.rounds[2] && window.app.rounds[2].matches.length, null, { timeout: 10000 });
    const r2 = await dir.evaluate(() => window.app.rounds[2].matches);
    check('round 2: two matches and a PAB, the late entry among them', r2.length === 3 && r2.some((m) => m.status === 'bye') && r2.some((m) => m.team1 === late.team || m.team2 === late.team), r2);
    await dir.click('#tab-standings');
    await dir.waitForFunction(() => /after round 1/.test(document.getElementById('standings-title').textContent), null, { timeout: 5000 });
    const row = await dir.evaluate((t) => { const tr = document.querySelector(`#standings-body tr[data-team="${t}"]`); return tr && [tr.children[1].textContent, Number(tr.children[2].textContent)]; }, late.team);
    check('standings after round 1: late, 0 MP (no bye)', row && /late \(R2\)/.test(row[0]) && row[1] === 0, row);
    await dir.setViewportSize({ width: 1366, height: 768 });
    await dir.screenshot({ path: `${ART}/late-standings-1366.png` });
    await dir.setViewportSize({ width: 1920, height: 1080 });

    // ---- past late_until: refused with the reason ----
    await dir.click('#tab-teams');
    check('the form is gone once round 2 is paired', !(await dir.locator('#team-form').isVisible()));
    const refused = await dir.evaluate((t) => window.app.net.request({ type: 'team_register', tournament: t, name: 'Too Late', players: ['kay', 'lou'] }).then(() => 'ok', (e) => [e.code, e.field, e.message]), await dir.evaluate(() => window.app.tour.tournament));
    check('a registration now is refused with the reason', refused[0] === 'bad_state' && /up to round 2/.test(refused[2]), refused);

    // ---- the TRF ----
    const trf = await dir.evaluate((t) => window.app.net.request({ type: 'export', format: 'trf', tournament: t }).then((r) => r.text || r.data || JSON.stringify(r)), await dir.evaluate(() => window.app.tour.tournament));
    check('TRF: BHR late=2', / late=2/.test(trf), trf.split('\n').filter((l) => l.startsWith('BHR')));
    check('TRF: the BHT record enters it in round 2', /^BHT 5 2 0 /m.test(trf), trf.split('\n').filter((l) => l.startsWith('BHT')));
    log(trf.split('\n').filter((l) => l.startsWith('001')).slice(-2).join('\n'));
    check('no page errors', w.errors.length === 0, w.errors);
    publish(['late-entry-1920.png', 'late-standings-1366.png']);
  } finally {
    await w.close();
  }
}

run(main);
