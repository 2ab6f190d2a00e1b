// director.test.mjs: the director dashboard runs a tournament in headless Chromium (ctest
// `browser_director`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Through the dashboard only: create a
// tournament (6-second clocks, 2 rounds), register four rated teams, start it. The team
// tokens are read from the page and given to one bughouse-bot process (random bots), which
// plays every game the server assigns (T-AUTO: game 2 of a pairing after game 1, round 2 after
// round 1). Checked on the page:
//   - the pairing numbers follow the team ratings, and round 1 pairs them as the format says
//     (Swiss: 1-3, 2-4; round robin after the T-ROUNDS small-field rule: Berger 1-4, 2-3);
//   - every game of the round on the grid at once, with four seat links from `assign`;
//   - pause: both games 1 of round 1 end and no game 2 starts until resume;
//   - a spectator's watch.html lists the games of the current round (tournament_get);
//   - a player's tournament link (team token, board A) opens the team's current game as the
//     captain (T-AUTO held at round 2's start meanwhile), and moves on to the team's next game
//     by itself; the bot gives the captain's seat up to the page (issue 13 item 1);
//   - each match's results equal those of its games as the game pushes showed them on the
//     small boards (seen from the team on seats 0 and 3, which `assign` names); game points
//     from those results, match points 2/1/0 from the game points (T-SCORE);
//   - after round 1: round 2 paired without a rematch, standings after round 1 with the
//     tie-break columns, MP/GP per team equal to the sums over the rounds shown, rows ordered
//     by MP then the tie-breaks (T-TIEBREAK), "= next" on prize rows equal on all, places 1-3
//     marked (T-PRIZES; before the end only teams with points, issue 26); at the end (after any Armageddon play-off of a tie on a prize place), the
//     final standings, and the same after a reload of the page.
// Screenshot mid-tournament (round 2 live): tests/artifacts/dashboard-tournament.png (and
// docs/screenshots/dashboard.png with UPDATE_SCREENSHOTS=1).
// usage: node tests/browser/director.test.mjs SERVER_BINARY BOT_BINARY   (cwd: the repo root)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ART, check, launchBrowser, log, results, startServer, stop, openDashboard, run } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const botBin = process.argv[3] || 'build/dev/clients/bot/bughouse-bot';

// The dashboard's model of the tournament (window.app: rounds, standings, game results).
const model = (page) => page.evaluate(() => ({
  tour: window.app.tour && { status: window.app.tour.status, format: window.app.tour.format, rounds: window.app.tour.rounds, round: window.app.tour.round, teams: window.app.tour.teams },
  rounds: window.app.rounds,
  standings: window.app.tour && window.app.tour.standings,
  // results as the game pushes showed them on the small boards
  results: window.app.results,
  tokens: window.app.tokens,
}));

// What the standings table shows: [place, team, mp, gp, ...tb] per row, and the header.
const standingsShown = (page) => page.evaluate(() => ({
  head: [...document.querySelectorAll('#standings-head th')].map((e) => e.textContent),
  rows: [...document.querySelectorAll('#standings-body tr')].map((tr) => ({ cells: [...tr.children].map((e) => e.textContent), medal: !!tr.querySelector('.medal') })),
  title: document.querySelector('#standings-title').textContent,
}));

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-director-'));
  const { srv, port } = await startServer(bin, tmp);
  const base = `http://127.0.0.1:${port}`;
  let bot = null;
  const browser = await launchBrowser();
  const errors = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const dir = await ctx.newPage();
    dir.on('pageerror', (e) => errors.push(e.message));
    dir.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await openDashboard(dir, base);

    // ---- create: 6-second clocks (0.1 min), 2 rounds, regulation ----
    await dir.fill('#t-name', 'Bot Cup');
    await dir.fill('#t-base', '0.1');
    await dir.fill('#t-inc', '0');
    await dir.selectOption('#t-ruleset', 'regulation');
    await dir.fill('#t-rounds', '2');
    await dir.click('#t-create');
    await dir.waitForFunction(() => /Bot Cup/.test(document.querySelector('#tour-state').textContent));
    const st0 = await dir.locator('#tour-state').textContent();
    check('tournament as the server has it: 6 s + 0, regulation, registering', /6s\+0 · regulation · registering/.test(st0), st0);

    // ---- four teams, registered in an order other than their rating order ----
    const teams = [['Pawns', 'gus', 1500, 'hal', 1400], ['Knights', 'ann', 2100, 'bob', 1950], ['Bishops', 'eve', 1800, 'fay', 1700], ['Rooks', 'cid', 2000, 'dan', 1900]];
    for (const [n, c, cr, p, pr] of teams) {
      await dir.fill('#team-name', n);
      await dir.fill('#team-captain', c);
      await dir.fill('#team-captain-rating', String(cr));
      await dir.fill('#team-partner', p);
      await dir.fill('#team-partner-rating', String(pr));
      await dir.click('#team-add');
      await dir.waitForFunction((name) => [...document.querySelectorAll('#teams-body td')].some((td) => td.textContent === name), n);
    }
    const tokens = await dir.evaluate(() => [...document.querySelectorAll('#teams-body .token')].map((e) => e.dataset.token));
    check('four team tokens shown', tokens.length === 4 && tokens.every((t) => /^[0-9a-f]{32}$/.test(t)), tokens);

    // ---- the bots: one process plays all four teams with the tokens from the page. It waits
    // as the four teams from before the start: a tournament game's clocks run from its
    // creation (T-AUTO), and with 6-second clocks a bot that connected only after the start
    // on a loaded machine (ASan, ctest -j2) found its games flagged ----
    const botLog = fs.openSync(path.join(tmp, 'bot.log'), 'w');
    bot = spawn(botBin, ['--host', '127.0.0.1', '--port', String(port), '--no-tls', '--pace-ms', '120', '--seed', '7', ...tokens.flatMap((t) => ['--team', t])], { stdio: ['ignore', botLog, botLog] });

    // ---- start, and at once pause (tournament_pause) before any game can end: games 1 play
    // on, no game 2 until resumed ----
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.tour && window.app.tour.status === 'running' && !document.querySelector('#t-pause').disabled);
    await dir.click('#t-pause');
    await dir.waitForFunction(() => / paused/.test(document.querySelector('#tour-state').textContent) && document.querySelector('#t-pause').textContent === 'Resume tournament');

    // ---- pairing numbers by rating; round 1 paired and started by the server ----
    // The round push may come before the tournament reply (pairing numbers): wait for both.
    await dir.waitForFunction(() => document.querySelectorAll('#pairings .round[data-round="1"] tbody tr').length === 2 && window.app.tour.teams.every((t) => t.no > 0));
    const m1 = await model(dir);
    const byNo = Object.fromEntries(m1.tour.teams.map((t) => [t.no, t.name]));
    check('pairing numbers by team rating', JSON.stringify([1, 2, 3, 4].map((k) => byNo[k])) === JSON.stringify(['Knights', 'Rooks', 'Bishops', 'Pawns']), byNo);
    const noOf = Object.fromEntries(m1.tour.teams.map((t) => [t.team, t.no]));
    const pairs = (r) => r.matches.filter((m) => m.team2).map((m) => [noOf[m.team1], noOf[m.team2]].sort().join('-')).sort();
    const want1 = m1.tour.format === 'round_robin' ? ['1-4', '2-3'] : ['1-3', '2-4'];
    check(`round 1 pairings (${m1.tour.format})`, JSON.stringify(pairs(m1.rounds[1])) === JSON.stringify(want1), pairs(m1.rounds[1]));
    check('2 rounds planned', m1.tour.rounds === 2, m1.tour.rounds);
    log(`started: ${m1.tour.format}, round 1 ${pairs(m1.rounds[1])}`);

    // Both game-1 boards of round 1 on the grid at once, each with four seat links (assign).
    await dir.waitForFunction(() => document.querySelectorAll('#live-grid .mini cg-board').length === 4, null, { timeout: 5000 });
    const r1games = m1.rounds[1].matches.map((m) => m.games[0]);
    await dir.waitForFunction((gs) => gs.every((g) => document.querySelectorAll(`a.join[data-game="${g}"]`).length === 4), r1games, { timeout: 5000 });
    check('four seat links per game from assign', true);

    await dir.waitForFunction(() => [...window.app.minis.values()].some((m) => m.g && (m.g.boards[0].ply > 2 || m.g.boards[1].ply > 2)), null, { timeout: 10000 });
    log('bots moving');

    await dir.waitForFunction(() => window.app.rounds[1].matches.every((m) => m.results[0]), null, { timeout: 20000 });
    await dir.waitForTimeout(500);
    const paused = await model(dir);
    check('paused: games 1 ended, no game 2 started', paused.rounds[1].matches.every((m) => m.results[0] && !m.games[1]), paused.rounds[1].matches.map((m) => m.games));
    await dir.click('#t-pause');
    await dir.waitForFunction(() => window.app.rounds[1].matches.every((m) => m.games[1]) && / running/.test(document.querySelector('#tour-state').textContent), null, { timeout: 5000 });
    log('paused until both games 1 ended, resumed: games 2 started');

    // ---- round 1 ends: round 2 paired, standings after round 1 ----
    await dir.waitForFunction(() => document.querySelector('#pairings .round[data-round="2"]') && /after round 1/.test(document.querySelector('#standings-title').textContent), null, { timeout: 45000 });
    log('round 2 paired');
    // Hold T-AUTO again: games 1 of round 2 play on, no game 2 until resumed, so the checks of
    // round 2's start and of the standings after round 1 see them as they are (random bots can
    // finish a whole round in ten seconds; a loaded machine takes longer to look).
    await dir.click('#t-pause');
    await dir.waitForFunction(() => / paused/.test(document.querySelector('#tour-state').textContent) && document.querySelector('#t-pause').textContent === 'Resume tournament');
    // Mid-tournament picture: round 2 live, round 1 done, standings after round 1.
    await dir.waitForFunction(() => [...window.app.minis.values()].filter((m) => m.g && m.g.status === 'live' && m.g.boards[0].ply > 4).length >= 2, null, { timeout: 10000 }).catch(() => {});
    await dir.waitForTimeout(300);
    await dir.screenshot({ path: `${ART}/dashboard-tournament.png`, fullPage: true });
    const m2 = await model(dir);
    const r1 = m2.rounds[1];
    check('round 1 done', r1.status === 'done' && r1.matches.every((m) => m.status === 'done'), r1.status);
    const r2pairs = pairs(m2.rounds[2]);
    check('round 2: no rematch of round 1', r2pairs.length === 2 && r2pairs.every((p) => !pairs(r1).includes(p)), r2pairs);
    // Each match: the game points are the results the small boards showed for its two games
    // (results from team1's side: "1-0" when team1 had seats 0 and 3), match points by T-SCORE.
    for (const m of r1.matches) {
      let gp1 = 0;
      for (const [k, id] of m.games.entries()) {
        // The game's result is by seats ("1-0": seats 0 and 3); assign said which team sat there.
        const shown = m2.results[id];
        const seats03 = m2.tokens[id] && m2.tokens[id].team1;
        const want = seats03 === m.team1 ? shown : flip(shown);
        check(`R1 B${m.match + 1} G${k + 1}: the board's result = the round's`, shown !== undefined && [m.team1, m.team2].includes(seats03) && want === m.results[k], [id, shown, seats03, m.team1, m.results[k]]);
        gp1 += m.results[k] === '1-0' ? 1 : m.results[k] === '0-1' ? 0 : 0.5;
      }
      check(`R1 B${m.match + 1}: game points`, m.gp[0] === gp1 && m.gp[1] === 2 - gp1, [m.gp, gp1]);
      const mp1 = gp1 > 1 ? 2 : gp1 === 1 ? 1 : 0;
      check(`R1 B${m.match + 1}: match points`, m.mp[0] === mp1 && m.mp[1] === 2 - mp1, [m.mp, mp1]);
    }
    // A spectator's list: the current round from tournament_get (open to anyone), not probed.
    const spec = await ctx.newPage();
    spec.on('pageerror', (e) => errors.push('watch: ' + e.message));
    await spec.goto(base + '/watch.html');
    await spec.waitForFunction(() => document.querySelectorAll('#live a.tour').length >= 2, null, { timeout: 5000 });
    const listed = await spec.evaluate(() => [...document.querySelectorAll('#live a.tour')].map((a) => Number(a.dataset.game)));
    const r2g1 = m2.rounds[2].matches.map((m) => m.games[0]);
    check('spectator list: the games of round 2 with team names', r2g1.every((g) => listed.includes(g)) && /round 2\/2/.test(await spec.locator('#live').textContent()), [listed, r2g1]);
    await spec.goto(`${base}/watch.html?game=${r2g1[0]}`);
    await spec.waitForFunction(() => window.app.g && document.querySelectorAll('#live a.tour').length >= 2, null, { timeout: 5000 });
    await spec.screenshot({ path: `${ART}/watch-tournament.png` });
    await spec.close();
    // A player's tournament link (team token + board): it opens the team's current game on
    // that board with a seat token from the server's assign.
    const knights = m2.tour.teams.find((t) => t.name === 'Knights');
    const plink = await dir.evaluate((id) => document.querySelector(`a.player-link[data-team="${id}"][data-board="A"]`).getAttribute('href'), knights.team);
    const pl = await ctx.newPage();
    pl.on('pageerror', (e) => errors.push('play: ' + e.message));
    await pl.goto(plink);
    // The page moves itself to each new game of the team (location.replace): read it between
    // its navigations.
    const shownGame = () => evalStable(pl, () => (window.app && window.app.g && window.app.view
      ? { game: window.app.g.id, seat: window.app.seat, name: (window.app.g.seats.find((x) => x.seat === window.app.seat) || {}).name } : null));
    // While paused the team's game 1 may have ended (the page waits for the next one): then
    // the resume below starts game 2 and the page opens that.
    const waitShown = async (ms) => {
      for (let t = 0; t < ms; t += 100) {
        const x = await shownGame();
        if (x) return x;
        await new Promise((r) => setTimeout(r, 100));
      }
      return null;
    };
    let seen = await waitShown(8000);
    const s1 = await standingsShown(dir); // still after round 1: round 2 cannot end while paused
    await dir.click('#t-pause');
    await dir.waitForFunction(() => / running/.test(document.querySelector('#tour-state').textContent));
    if (!seen) seen = await waitShown(15000);
    check('the tournament link opens a game', !!seen);
    // The team's current game: game 1 of its round-2 match, or game 2 when game 1 ended first.
    const kMatch = () => dir.evaluate((t) => window.app.rounds[2].matches.find((m) => m.team1 === t || m.team2 === t), knights.team);
    const kGames = (await kMatch()).games.filter(Boolean);
    check("Knights captain's link: board A of the Knights' round-2 game as ann", !!seen && kGames.includes(seen.game) && seen.seat >> 1 === 0 && seen.name === 'ann', [seen, kGames]);
    // The page took the captain's seat from the bot, which gives it up (no reconnect war,
    // issue 13 item 1) and the page does not move: the seat flags. It follows the team to game
    // 2 by itself; then it is closed, so that the bot plays the team's later games (a play-off
    // at 3:00 vs 2:00 would otherwise wait for this page's flag).
    // The bot gets the same assign for game 2 and connects to all its seats at once: when its
    // connection holds the captain's seat before the page looks (a loaded machine), the page
    // rightly does not take it by itself ("being played from another tab or device", the
    // product's rule against reconnect wars, issue 13 item 1) and offers its button, which
    // the person clicks. Either way the page ends on game 2 as ann. (browser_director failed
    // 3 in 5 loaded runs by waiting here for a jump that was never coming, and once it then
    // followed into a play-off at 3:00 and was closed there: a 3-minute flag.)
    let seen2 = seen;
    let clicked = false;
    for (let i = 0; i < 150; i++) {
      const km = await kMatch();
      seen2 = (await shownGame()) || seen2;
      if (km.games[1] && seen2 && seen2.game === km.games[1]) break;
      const up = await evalStable(pl, () => { const e = document.getElementById('next-game'); return e && window.app.up ? { id: window.app.up.id, status: e.dataset.status, title: document.getElementById('next-title').textContent } : null; });
      if (!clicked && up && up.id === km.games[1] && up.status === 'live' && /being played from another tab or device/.test(up.title)) {
        log(`the bot held the captain's seat of game 2 first: "${up.title}", Go clicked`);
        clicked = true;
        await pl.click('#next-go').catch(() => {});
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // What the page showed at the end of the wait (for the check below, when it fails).
    const plEnd = await evalStable(pl, () => ({ game: window.app.g && window.app.g.id, status: window.app.g && window.app.g.status, replaced: window.app.replaced, next: window.app.next, up: window.app.up && { id: window.app.up.id, status: window.app.up.g && window.app.up.g.status }, banner: (document.getElementById('next-title') || {}).textContent })).catch((e) => String(e));
    log(`captain's page: ${clicked ? 'Go clicked' : 'by itself'}: ${JSON.stringify(plEnd)}`);
    await pl.close();
    check('standings header: MP, GP and the tie-breaks DE, BH-C1, PO', JSON.stringify(s1.head) === JSON.stringify(['#', 'Team', 'MP', 'GP', 'DE', 'BH-C1', 'PO']), s1.head);
    checkStandings('after round 1', s1, m2, [1]);

    // ---- the end: final standings ----
    await dir.waitForFunction(() => /Final standings/.test(document.querySelector('#standings-title').textContent), null, { timeout: 90000 });
    log('tournament finished');
    const m3 = await model(dir);
    check('tournament finished after 2 rounds', m3.tour.status === 'finished' && m3.rounds[2].status === 'done', [m3.tour.status, m3.rounds[2].status]);
    // The player's page went on to the team's game 2 by itself (the next assign).
    const kLast = m3.rounds[2].matches.find((m) => m.team1 === knights.team || m.team2 === knights.team).games[1];
    check("Knights captain's page followed to the team's game 2 of round 2", !!seen2 && seen2.game === kLast && seen2.seat >> 1 === 0 && seen2.name === 'ann', [seen2, kLast, plEnd]);
    const s3 = await standingsShown(dir);
    checkStandings('final', s3, m3, [1, 2]);
    check('start button says finished', (await dir.locator('#t-start').textContent()) === 'Tournament finished');
    await dir.screenshot({ path: `${ART}/dashboard-final.png`, fullPage: true });
    // A reload: the tournament comes back from tournament_get, earlier rounds and the team
    // tokens from this browser's storage.
    await dir.reload();
    await dir.waitForFunction(() => /Final standings/.test(document.querySelector('#standings-title').textContent) && document.querySelectorAll('#pairings .round').length === 2, null, { timeout: 5000 });
    const s4 = await standingsShown(dir);
    check('after a reload: the same final standings', JSON.stringify(s4.rows) === JSON.stringify(s3.rows), [s4.rows, s3.rows]);
    check('after a reload: the team tokens', (await dir.locator('#teams-body .token').count()) === 4);
    check('no page errors', errors.length === 0, errors);
    if (process.env.UPDATE_SCREENSHOTS) {
      fs.mkdirSync('docs/screenshots', { recursive: true });
      fs.copyFileSync(`${ART}/dashboard-tournament.png`, 'docs/screenshots/dashboard.png');
    }
  } finally {
    await stop(bot);
    await browser.close();
    await stop(srv);
    if (results.failed) console.log('server log tail:\n' + fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').split('\n').slice(-15).join('\n'));
    if (results.failed) console.log('server log, seat replacements:\n' + fs.readFileSync(path.join(tmp, 'server.log'), 'utf8').split('\n').filter((l) => / replaced by /.test(l)).join('\n'));
    if (results.failed) console.log('bot log, seats given up:\n' + fs.readFileSync(path.join(tmp, 'bot.log'), 'utf8').split('\n').filter((l) => /gives the seat up/.test(l)).join('\n'));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// page.evaluate(fn) that survives the page's own navigations (a team link moves on to the next
// game by itself): retried while the document is being replaced.
async function evalStable(page, fn) {
  for (let i = 0; i < 100; i++) {
    try {
      return await page.evaluate(fn);
    } catch (e) {
      if (!/context was destroyed|navigat|Target closed/i.test(String(e && e.message))) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the page kept navigating');
}

function flip(r) {
  return r === '1-0' ? '0-1' : r === '0-1' ? '1-0' : r;
}

// The standings table against the rounds the page holds: each team's MP and GP are the sums
// over its matches; places 1..4 in order of MP then GP; medals on places 1-3 (T-PRIZES).
function checkStandings(what, shown, m, rounds) {
  check(`${what}: 4 rows`, shown.rows.length === 4, shown.rows.length);
  const sum = new Map();
  for (const r of rounds) {
    for (const x of m.rounds[r].matches) {
      for (const [i, t] of [[0, x.name1], [1, x.name2]]) {
        if (!t) continue;
        const s = sum.get(t) || { mp: 0, gp: 0 };
        s.mp += x.mp[i];
        s.gp += x.gp[i];
        sum.set(t, s);
      }
    }
  }
  let prev = null;
  for (const [i, row] of shown.rows.entries()) {
    const [place, name, mp, gp] = row.cells;
    const team = name.replace(/= next$/, '');
    const s = sum.get(team);
    check(`${what}: place ${i + 1}`, Number.parseInt(place, 10) === i + 1, place);
    check(`${what}: ${team} MP/GP = sums over its matches`, s && Number(mp) === s.mp && Number(gp) === s.gp, [mp, gp, s]);
    // issue 26: before the final standings a team on 0 MP is on no prize place yet
    const prize = i < 3 && (what === 'final' || Number(mp) > 0);
    check(`${what}: medal only on places 1-3 (with points before the end)`, row.medal === prize, [i, mp, row.medal]);
    // T-TIEBREAK: match points, then the tie-breaks in their column order (DE, BH-C1, PO);
    // a row equal to the next on all of them is marked "= next" (a play-off decides).
    const key = [Number(mp), ...row.cells.slice(4).map(Number)];
    if (prev) {
      const d = prev.key.map((v, j) => v - key[j]).find((v) => v !== 0);
      check(`${what}: ordered by MP, DE, BH-C1, PO`, d === undefined || d > 0, [prev.key, key]);
      check(`${what}: "= next" exactly when equal on all on a prize place`, prev.tied === (d === undefined && prev.prize), [prev, key]);
    }
    prev = { key, tied: / next$/.test(name), prize };
    check(`${what}: ${team} has three tie-break values`, row.cells.slice(4).length === 3 && row.cells.slice(4).every((v) => v !== '' && !Number.isNaN(Number(v))), row.cells);
  }
  const tot = shown.rows.reduce((a, r) => a + Number(r.cells[2]), 0);
  check(`${what}: match points total 2 per match`, tot === 2 * 2 * rounds.length, tot);
}

run(main);
