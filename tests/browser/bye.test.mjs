// bye.test.mjs: a requested bye (T-REQBYE, issue 26 item 4) from the director's desk in
// headless Chromium (ctest `browser_bye`, label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db, no waiting time, no break). A 5-team,
// 3-round Swiss (3-second clocks: nobody moves, every game is drawn on time, R-FLAG-FLAG)
// created from the desk with one requested bye a team:
//   - an entry with a typo is corrected in place from its row's "edit" (the same team, token
//     and link, the new name and captain), then removed before the start (its link refused);
//   - before the start the lowest-rated team asks for round 2 from the Teams list: the dialog
//     says what it scores and how many the team may take; the row then shows "bye R2" and no
//     second "request a bye"; the request is taken back (×) and made again;
//   - another team's request for the last round is refused with the server's reason;
//   - after the start (the teams are renumbered by rating, T-PAIR) the request is still that
//     team's; round 1 pairs all five (two matches and the pairing-allocated bye);
//   - round 2 leaves the team out and gives it the requested bye, scored as a drawn match
//     (1 MP): two matches for the other four, no PAB; the pairings table and the crosstable
//     say "requested bye" / "bye ½", not the PAB's words.
// Screenshots (looked at): docs/screenshots/bye-request-1366.png, bye-pairings-1366.png,
// bye-teams-390.png (UPDATE_SCREENSHOTS=1; tests/artifacts/ always).
// usage: node tests/browser/bye.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, log, openDashboard, run, world, deskEvent, publish, tryAuth } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const notice = (page) => page.evaluate(() => (document.getElementById('notice') || {}).textContent || '');
const byesOf = (page, team) => page.evaluate((t) => (window.app.tour.teams.find((x) => x.team === t) || {}).byes, team);

async function askBye(dir, team, round) {
  await dir.click(`#teams-body tr[data-team="${team}"] button.askbye`);
  await dir.waitForSelector('#confirm[open]');
  await dir.fill('#confirm-input', String(round));
  await dir.click('#confirm-yes');
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('bye', bin);
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1366, height: 657 } });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, w.base);
    await deskEvent(dir, { name: 'Bye Cup', base: 0.05, ruleset: 'online', rounds: 3, byes: 1 },
      [['Knights', 'ann', 2100, 'bob'], ['Rooks', 'cid', 2000, 'dan'], ['Bishops', 'eve', 1900, 'fay'],
        ['Queens', 'gus', 1800, 'hal'], ['Pawns', 'ida', 1700, 'jon']]);
    // an entry made by mistake goes before the start (team_remove); its link stops working
    await dir.fill('#team-name', 'Extra');
    await dir.fill('#team-captain', 'kim');
    await dir.fill('#team-partner', 'lou');
    await dir.click('#team-add');
    await dir.waitForFunction(() => document.querySelectorAll('#teams-body tr').length === 6);
    const extra = await dir.evaluate(() => window.app.tour.teams.find((x) => x.name === 'Extra'));
    const extraTok = await dir.evaluate((t) => window.app.teamTokens[t], extra.team);
    // a typo corrected in place: the form takes the entry, the save keeps the team's link
    await dir.click(`#teams-body tr[data-team="${extra.team}"] button.edit`);
    check('edit puts the entry in the form', (await dir.inputValue('#team-name')) === 'Extra' && (await dir.inputValue('#team-captain')) === 'kim' && (await dir.textContent('#team-add')) === 'Save the correction');
    await dir.fill('#team-name', 'Extra Rooks');
    await dir.fill('#team-captain', 'kit');
    await dir.screenshot({ path: `${ART}/bye-team-edit-1366.png` });
    await dir.click('#team-add');
    await dir.waitForFunction((t) => { const x = window.app.tour.teams.find((y) => y.team === t); return x && x.name === 'Extra Rooks'; }, extra.team, { timeout: 5000 });
    const fixed = await dir.evaluate((t) => window.app.tour.teams.find((y) => y.team === t), extra.team);
    check('corrected in place: the same team, six entries, the new name and captain', fixed.players[0] === 'kit' && fixed.players[1] === 'lou' && (await dir.locator('#teams-body tr').count()) === 6, fixed);
    check('its link is the one it had', (await dir.evaluate((t) => window.app.teamTokens[t], extra.team)) === extraTok && (await tryAuth(dir, extraTok))[0] !== 'error', await tryAuth(dir, extraTok));
    check('the form is for a new team again', (await dir.inputValue('#team-name')) === '' && (await dir.textContent('#team-add')) === 'Register team');
    await dir.click(`#teams-body tr[data-team="${extra.team}"] button.remove`);
    await dir.waitForSelector('#confirm[open]');
    check('the removal says the links stop working', /links stop working/.test(await dir.locator('#confirm-text').textContent()));
    await dir.click('#confirm-yes');
    await dir.waitForFunction(() => document.querySelectorAll('#teams-body tr').length === 5, null, { timeout: 5000 }).catch(() => {});
    check('removed: five teams', (await dir.locator('#teams-body tr').count()) === 5);
    check('the removed team\'s link is refused', (await tryAuth(dir, extraTok)).join() === 'error,unauthorized', await tryAuth(dir, extraTok));
    const tour = await dir.evaluate(() => window.app.tour);
    check('the event takes one requested bye a team', tour.bye_requests === 1 && tour.bye_kind === 'half', [tour.bye_requests, tour.bye_kind]);
    const id = Object.fromEntries(tour.teams.map((x) => [x.name, x.team]));
    check('every team can request a bye', (await dir.locator('#teams-body button.askbye').count()) === 5);

    // ---- Pawns asks for round 2 before the start ----
    await dir.click(`#teams-body tr[data-team="${id.Pawns}"] button.askbye`);
    await dir.waitForSelector('#confirm[open]');
    const text = await dir.locator('#confirm-text').textContent();
    check('the dialog says what the bye scores and the limit', /scores a drawn match/.test(text) && /1 requested bye \(0 taken\)/.test(text) && /not in the last round/.test(text), text);
    await dir.fill('#confirm-input', '2');
    await dir.screenshot({ path: `${ART}/bye-request-1366.png` });
    await dir.click('#confirm-yes');
    await dir.waitForFunction((t) => JSON.stringify(window.app.tour.teams.find((x) => x.team === t).byes) === '[2]', id.Pawns, { timeout: 5000 });
    const row = dir.locator(`#teams-body tr[data-team="${id.Pawns}"]`);
    check('the row shows the bye', /bye R2/.test(await row.textContent()), await row.textContent());
    check('no second request for a team with one bye', (await row.locator('button.askbye').count()) === 0);

    // taken back and made again
    await row.locator('button.unbye').click();
    await dir.waitForSelector('#confirm[open]');
    await dir.click('#confirm-yes');
    await dir.waitForFunction((t) => window.app.tour.teams.find((x) => x.team === t).byes.length === 0, id.Pawns, { timeout: 5000 });
    check('taken back: the button is there again', (await row.locator('button.askbye').count()) === 1);
    await askBye(dir, id.Pawns, 2);
    await dir.waitForFunction((t) => window.app.tour.teams.find((x) => x.team === t).byes.length === 1, id.Pawns, { timeout: 5000 });

    // the last round is refused, with the server's reason
    await askBye(dir, id.Rooks, 3);
    await dir.waitForFunction(() => /last round/.test((document.getElementById('notice') || {}).textContent || ''), null, { timeout: 5000 }).catch(() => {});
    check('a bye in the last round is refused with the reason', /No bye: no requested bye in the last round/.test(await notice(dir)), await notice(dir));
    check('refused: Rooks has no bye', (await byesOf(dir, id.Rooks)).length === 0);

    // ---- the start: the request stays Pawns' ----
    await dir.click('#tab-controls');
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1], null, { timeout: 10000 });
    const started = await dir.evaluate(() => window.app.tour.teams.map((x) => [x.name, x.no, x.byes]));
    log(`after the start: ${JSON.stringify(started)}`);
    check('after the start the bye is still Pawns\'', JSON.stringify((started.find((x) => x[0] === 'Pawns') || [])[2]) === '[2]' && started.filter((x) => x[2].length).length === 1, started);
    const r1 = await dir.evaluate(() => window.app.rounds[1].matches);
    check('round 1: two matches and the pairing-allocated bye', r1.length === 3 && r1.filter((m) => !m.team2).length === 1 && r1.find((m) => !m.team2).bye === 'pab', r1);

    // ---- round 2: Pawns sits out with its requested bye ----
    await dir.waitForFunction(() => window.app.rounds[2], null, { timeout: 30000 });
    const r2 = await dir.evaluate(() => window.app.rounds[2].matches);
    const bye = r2.find((m) => !m.team2);
    check('round 2: two matches and Pawns\' requested bye, no PAB', r2.length === 3 && r2.filter((m) => !m.team2).length === 1 && bye && bye.team1 === id.Pawns && bye.bye === 'half', r2);
    check('the requested bye scores a drawn match: 1 MP', bye && bye.mp[0] === 1, bye);
    await dir.click('#tab-pairings');
    await dir.waitForFunction(() => /requested bye/.test(document.body.innerText), null, { timeout: 5000 }).catch(() => {});
    const pairings = await dir.evaluate(() => document.body.innerText);
    check('the pairings say "requested bye"', /requested bye \(a drawn match\)/.test(pairings), pairings.slice(0, 400));
    await dir.screenshot({ path: `${ART}/bye-pairings-1366.png` });
    await dir.click('#tab-standings');
    const cross = await dir.evaluate(() => [...document.querySelectorAll('td.x.bye')].map((td) => td.textContent));
    check('the crosstable marks the requested bye "bye ½"', cross.some((c) => /^bye ½/.test(c)), cross);

    check('no request once every round before the last is paired', (await dir.locator('#teams-body button.askbye').count()) === 0);
    await dir.setViewportSize({ width: 390, height: 844 });
    await dir.click('#tab-teams');
    await dir.screenshot({ path: `${ART}/bye-teams-390.png`, fullPage: true });
    check('no page errors', w.errors.length === 0, w.errors);
    publish(['bye-request-1366.png', 'bye-pairings-1366.png', 'bye-teams-390.png']);
  } finally {
    await w.close();
  }
}

run(main);
