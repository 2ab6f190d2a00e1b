// controls.test.mjs: the director's controls on the dashboard and the spectator's live list,
// in headless Chromium (ctest `browser_controls`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Nobody plays: 2-minute clocks run
// while the director, through the dashboard only:
//   - creates a 4-team, 2-round tournament and starts it; watch.html lists both live games
//     (the public `live` message, no token) with their round;
//   - pauses one game: its small board says paused and its clocks stand still, the games
//     table and the spectator's list mark it; resumes it: the clocks run again;
//   - pauses the tournament, adjudicates game 1 of match 1 and overrides it (the round shows
//     the new result and reason);
//   - withdraws a team of match 2: its game ends ("withdrawn"), the team is struck through;
//   - starts game 2 of match 1 by hand (round_start), adjudicates it: round 1 complete; pairs
//     round 2 by hand from the Pairs field (a rematch and a typo refused first; then status
//     "paired", as typed, the withdrawn team not in it), starts it; the
//     spectator's list follows by itself (live pushes);
//   - exports the TRF and the BPGN of the overridden game (its tags carry the result);
//   - an override of a round-1 game is refused once round 2 is paired;
//   - after a reload with the browser's stored rounds erased, both rounds come back
//     (tournament_get history).
// Screenshot: tests/artifacts/dashboard-controls.png.
// usage: node tests/browser/controls.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ART, check, launchBrowser, log, results, startServer, stop, openDashboard, run } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

const rounds = (page) => page.evaluate(() => window.app.rounds);
// The notice line in the header (ui/dom.js notify): a sentence, then the wire code as detail.
const toastText = (page) => page.evaluate(() => (document.getElementById('notice') || {}).textContent || '');

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-controls-'));
  const { srv, port } = await startServer(bin, tmp);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  const errors = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const dir = await ctx.newPage();
    dir.on('pageerror', (e) => errors.push(e.message));
    await openDashboard(dir, base);
    await dir.fill('#t-name', 'Control Cup');
    await dir.fill('#t-base', '2');
    await dir.selectOption('#t-ruleset', 'online');
    await dir.fill('#t-rounds', '2');
    await dir.click('#t-create');
    await dir.waitForFunction(() => /Control Cup/.test(document.querySelector('#tour-state').textContent));
    for (const [n, c, p, r] of [['Knights', 'ann', 'bob', 2100], ['Rooks', 'cid', 'dan', 2000], ['Bishops', 'eve', 'fay', 1900], ['Pawns', 'gus', 'hal', 1800]]) {
      await dir.fill('#team-name', n);
      await dir.fill('#team-captain', c);
      await dir.fill('#team-captain-rating', String(r));
      await dir.fill('#team-partner', p);
      await dir.click('#team-add');
      await dir.waitForFunction((name) => [...document.querySelectorAll('#teams-body td')].some((td) => td.textContent === name), n);
    }
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.every((m) => m.games[0]) && window.app.live.size === 2, null, { timeout: 5000 });
    let r = await rounds(dir);
    const [g1, g2] = r[1].matches.map((m) => m.games[0]);
    log(`round 1: games ${g1}, ${g2}`);

    // ---- the spectator's list: both live games from `live` ----
    const spec = await ctx.newPage();
    spec.on('pageerror', (e) => errors.push('watch: ' + e.message));
    await spec.goto(base + '/watch.html');
    await spec.waitForFunction(() => document.querySelectorAll('#live a.live-game').length === 2, null, { timeout: 5000 });
    const listed = await spec.evaluate(() => [...document.querySelectorAll('#live a.live-game')].map((a) => [Number(a.dataset.game), a.textContent]));
    check('watch: the two live games with their round', listed.length === 2 && listed.every(([id, t]) => [g1, g2].includes(id) && / R1 B\d G1 /.test(t)), listed);
    // the teams in the round's pairing order (name1 – name2), as the round list shows them
    await spec.waitForFunction(() => document.querySelectorAll('#live a.tour').length >= 2, null, { timeout: 5000 });
    const inOrder = await spec.evaluate(() => [...document.querySelectorAll('#live a.live-game')].map((a) => [Number(a.dataset.game), a.textContent]));
    const pairText = (id) => r[1].matches.filter((m) => m.games[0] === id).map((m) => `${m.name1} – ${m.name2}`)[0];
    check('watch: live games in the round\'s pairing order', inOrder.length === 2 && inOrder.every(([id, t]) => t.includes(` ${pairText(id)} · `)), { inOrder, round: r[1].matches.map((m) => [m.games[0], m.name1, m.name2, m.white]) });

    // ---- pause and resume one game (the desk's Controls tab) ----
    await dir.click('#tab-controls');
    await dir.waitForFunction((g) => [...document.querySelectorAll('#c-game option')].some((o) => o.value === String(g)), g1);
    await dir.selectOption('#c-game', String(g1));
    check('pause button for a running game', (await dir.locator('#c-pause').textContent()) === 'Pause game');
    await dir.click('#c-pause');
    await dir.waitForFunction((g) => {
      const m = window.app.minis.get(g);
      return m && m.g && m.g.paused && !m.el.querySelector('.paused-note').hidden;
    }, g1, { timeout: 5000 });
    check('paused: the games table marks it', await dir.locator(`#games-body [data-paused="${g1}"]`).count() === 1);
    await spec.waitForFunction((g) => document.querySelector(`#live a.live-game.paused[data-game="${g}"]`), g1, { timeout: 5000 });
    check('paused: the spectator list marks it', true);
    const clocksOf = (g) => dir.evaluate((id) => [...window.app.minis.get(id).el.querySelectorAll('.clock')].map((e) => e.textContent).join(' '), g);
    const c1 = await clocksOf(g1);
    const o1 = await clocksOf(g2);
    await dir.waitForTimeout(2200);
    const c2 = await clocksOf(g1);
    const o2 = await clocksOf(g2);
    check('paused: its clocks stand still', c1 === c2, [c1, c2]);
    check('the other game runs on', o1 !== o2, [o1, o2]);
    check('resume button for a paused game', (await dir.locator('#c-pause').textContent()) === 'Resume game');
    await dir.click('#c-pause');
    await dir.waitForFunction((g) => !window.app.minis.get(g).g.paused && !window.app.live.get(g).paused, g1, { timeout: 5000 });
    await dir.waitForTimeout(1200);
    check('resumed: its clocks run from where they stood', (await clocksOf(g1)) !== c2, [await clocksOf(g1), c2]);
    log('game paused and resumed');

    // ---- pause T-AUTO; adjudicate game 1 of match 1, then override it ----
    await dir.click('#t-pause');
    await dir.waitForFunction(() => window.app.tour.status === 'paused');
    await dir.selectOption('#c-game', String(g1));
    await dir.selectOption('#c-result', '1-0');
    await dir.fill('#c-reason', 'adjudicated');
    await dir.click('#c-set-result');
    await dir.waitForFunction(() => window.app.rounds[1].matches[0].reasons[0] === 'adjudicated', null, { timeout: 5000 });
    r = await rounds(dir);
    const adj = r[1].matches[0].results[0];
    await dir.selectOption('#c-game', String(g1));
    // A draw: game 2 then starts at once (after a decisive game 1 the loser first chooses
    // the colours of game 2, P-GAME2).
    await dir.selectOption('#c-result', '1/2-1/2');
    await dir.fill('#c-reason', 'appeal');
    await dir.click('#c-set-result');
    await dir.waitForFunction(() => window.app.rounds[1].matches[0].reasons[0] === 'appeal', null, { timeout: 5000 });
    r = await rounds(dir);
    check('override: the round shows the new result', adj !== '1/2-1/2' && r[1].matches[0].results[0] === '1/2-1/2', [adj, r[1].matches[0].results[0]]);
    check('override: the small board shows it', /appeal/.test(await dir.evaluate((g) => window.app.minis.get(g).res.textContent, g1)));

    // ---- withdraw team 1 of match 2: its game ends, the match is forfeited ----
    const wteam = r[1].matches[1].team1;
    await dir.selectOption('#c-team', String(wteam));
    await dir.click('#c-withdraw');
    await dir.click('#confirm-yes'); // issue 17: a withdrawal is confirmed first
    await dir.waitForFunction((t) => document.querySelector(`#teams-body tr.withdrawn[data-team="${t}"]`), wteam, { timeout: 5000 });
    await dir.waitForFunction(() => window.app.rounds[1].matches[1].status === 'done', null, { timeout: 5000 });
    r = await rounds(dir);
    check('withdrawn: its game ended as a withdrawal', r[1].matches[1].reasons[0] === 'withdrawn' && r[1].matches[1].results[0] === '0-1', r[1].matches[1]);
    check('withdrawn: the opponent wins the match 2-0', JSON.stringify(r[1].matches[1].mp) === '[0,2]', r[1].matches[1].mp);
    check('withdrawn: not offered again', !(await dir.evaluate((t) => [...document.querySelectorAll('#c-team option')].some((o) => o.value === String(t)), wteam)));

    // ---- round by hand: game 2 of match 1, then round 2 ----
    await dir.click('#c-start-round');
    await dir.waitForFunction(() => window.app.rounds[1].matches[0].games[1], null, { timeout: 5000 });
    r = await rounds(dir);
    const g3 = r[1].matches[0].games[1];
    await dir.waitForFunction((g) => [...document.querySelectorAll('#c-game option')].some((o) => o.value === String(g)), g3);
    await dir.selectOption('#c-game', String(g3));
    await dir.selectOption('#c-result', '1/2-1/2');
    await dir.fill('#c-reason', 'adjudicated');
    await dir.click('#c-set-result');
    await dir.waitForFunction(() => window.app.rounds[1].status === 'done', null, { timeout: 5000 });
    check('paused: no round 2 after round 1', !(await rounds(dir))[2]);
    // By hand (Pairs field, pairing numbers): 1-3 met in round 1 and 4 won by forfeit (no PAB,
    // C.04.1 d), so "1-3, 4-0" is refused naming the pair as typed; a typo is caught in the
    // page; "3-4, 1-0" is stored as typed.
    const byNo = await dir.evaluate(() => Object.fromEntries(window.app.tour.teams.map((t) => [t.no, t.team])));
    check('round 1 was 1-3 and 2-4, 2 withdrawn', r[1].matches[0].team1 === byNo[1] && r[1].matches[0].team2 === byNo[3] && wteam === byNo[2], [r[1].matches, byNo]);
    await dir.fill('#c-pairs', '1-3, 4-0');
    await dir.click('#c-pair');
    await dir.waitForFunction(() => /^Pair 1-3: .*round_pair: no_pairing \(pairs\[0\]\)/.test((document.getElementById('notice') || {}).textContent || ''), null, { timeout: 5000 });
    check('hand pairing: a rematch refused, the reason shown', /met before/.test(await toastText(dir)), await toastText(dir));
    await dir.fill('#c-pairs', '3-4, 1-');
    await dir.click('#c-pair');
    await dir.waitForFunction(() => /^Pairs: "1-" is not a pair/.test((document.getElementById('notice') || {}).textContent || ''), null, { timeout: 5000 });
    check('hand pairing: no round 2 after the refusals', !(await rounds(dir))[2]);
    await dir.fill('#c-pairs', '3-4, 1-0');
    await dir.click('#c-pair');
    await dir.waitForFunction(() => window.app.rounds[2] && window.app.rounds[2].status === 'paired', null, { timeout: 5000 });
    await dir.fill('#c-pairs', '');
    r = await rounds(dir);
    const inR2 = r[2].matches.flatMap((m) => [m.team1, m.team2]);
    check('round 2 paired: the withdrawn team is out, one bye', !inR2.includes(wteam) && r[2].matches.some((m) => m.status === 'bye'), r[2].matches);
    check('round 2 paired by hand as typed: 3-4, 1 the bye', r[2].matches.some((m) => [m.team1, m.team2].sort().join() === [byNo[3], byNo[4]].sort().join()) &&
          r[2].matches.some((m) => m.status === 'bye' && m.team1 === byNo[1]), r[2].matches);
    check('round 2 paired: no game yet', r[2].matches.every((m) => !m.games[0]), r[2].matches);
    await dir.click('#c-start-round');
    await dir.waitForFunction(() => window.app.rounds[2].status === 'playing' && window.app.rounds[2].matches.some((m) => m.games[0]), null, { timeout: 5000 });
    r = await rounds(dir);
    const g4 = r[2].matches.find((m) => m.games[0]).games[0];
    await spec.waitForFunction((g) => document.querySelector(`#live a.live-game[data-game="${g}"]`) && / R2 /.test(document.querySelector(`#live a.live-game[data-game="${g}"]`).textContent), g4, { timeout: 5000 });
    const nowListed = await spec.evaluate(() => [...document.querySelectorAll('#live a.live-game')].map((a) => Number(a.dataset.game)));
    check('watch: the list followed by itself (round 2 only)', JSON.stringify(nowListed) === JSON.stringify([g4]), nowListed);
    log('round 2 started by hand');

    // ---- an override of round 1 is refused now ----
    await dir.selectOption('#c-game', String(g3));
    await dir.selectOption('#c-result', '1-0');
    await dir.click('#c-set-result');
    await dir.waitForFunction(() => /game_result: bad_state \(round\)/.test((document.getElementById('notice') || {}).textContent || ''), null, { timeout: 5000 });
    check('override of round 1 refused once round 2 is paired', /later round/.test(await toastText(dir)), await toastText(dir));

    // ---- exports ----
    await dir.click('#c-trf');
    await dir.waitForFunction(() => !document.getElementById('export-box').hidden && /^012 /m.test(document.getElementById('export-out').value));
    const trf = await dir.locator('#export-out').inputValue();
    check('TRF: the tournament and its teams', /^012 Control Cup/m.test(trf) && ['Knights', 'Rooks', 'Bishops', 'Pawns'].every((n) => trf.includes(n)), trf.slice(0, 300));
    check('TRF: a download link', /tournament-\d+\.trf/.test(await dir.locator('#export-dl').getAttribute('download')));
    await dir.selectOption('#c-game', String(g1));
    await dir.click('#c-bpgn');
    await dir.waitForFunction(() => /\[Termination "appeal"\]/.test(document.getElementById('export-out').value));
    const bpgn = await dir.locator('#export-out').inputValue();
    check('BPGN: the override in its tags', bpgn.includes('[Result "1/2-1/2"]') && bpgn.includes('[Winner "draw"]') && /\{appeal\} 1\/2-1\/2\s*$/.test(bpgn) && bpgn.includes('[Event "Control Cup"]') && /\[Round "1\.\d"\]/.test(bpgn), bpgn.slice(0, 400));
    await dir.screenshot({ path: `${ART}/dashboard-controls.png`, fullPage: true });

    // ---- reload with the stored rounds erased: both rounds come from tournament_get ----
    await dir.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bh.rounds.')).forEach((k) => localStorage.removeItem(k)));
    await dir.reload();
    await dir.waitForFunction(() => document.querySelectorAll('#pairings .round').length === 2, null, { timeout: 5000 });
    check('after a reload: rounds 1 and 2 from the server', await dir.locator('#pairings .round[data-round="1"] tbody tr').count() === 2);
    check('no page errors', errors.length === 0, errors);
  } finally {
    await browser.close();
    await stop(srv);
    if (results.failed) console.log('server log tail:\n' + fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').split('\n').slice(-20).join('\n'));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

run(main);
