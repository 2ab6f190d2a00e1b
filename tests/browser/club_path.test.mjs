// club_path.test.mjs: one person's path through a club round robin (seed 004, issue 26's first
// "Done when"), from the pages alone: no message a page cannot send. The director picks the
// club format on the desk and makes a small event (2 boards + 2 reserves, at least 1 player,
// a 45 s waiting time), registers 6 teams from a CSV file, starts it; two captains submit
// round 1's line-ups from their club pages on their own browsers (one with a substitution by
// shifting: its first player out, a reserve in); the arbiter marks attendance, one player is
// never marked and loses his board by forfeit when the waiting time ends (the server decides,
// the page shows it); the arbiter enters every other board; a captain files a protest in the
// protest window and the appeals committee upholds it; the 5 rounds of the Berger table (FIDE
// C.05 Annex 1) are played to the end; the final ranking on the page equals the one
// `bughouse-tourney standings` computes from the TRF the page exports. Screenshots at 1366x657
// and 390x844 (tests/artifacts; docs/screenshots with UPDATE_SCREENSHOTS=1).
// SPDX-License-Identifier: MIT

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ART, check, downloadText, launchBrowser, log, openDashboard, publish, run, shot, startServer, stop, until } from './harness.mjs';

const bin = process.argv[2];
const tourney = process.argv[3] || 'build/clang/server/src/tourney/bughouse-tourney';
const LAPTOP = { width: 1366, height: 657 };
const PHONE = { width: 390, height: 844 };
// The waiting time as the desk takes it (minutes): 45 s, time enough for the arbiter's clicks
// of each round on a loaded machine (the other boards would be forfeited too): with 15 s,
// round 2's three clicks and their pushes took longer at load 21 (two suites side by side).
const WAIT_MIN = 0.75;

const CLUBS = ['Portovyk', 'Druzhba', 'Chornomorets', 'Shakhtar', 'Mayak', 'Sokil'];
const SURNAMES = ['Ivanenko', 'Petrenko', 'Sydorenko', 'Kovalenko'];
// The boards' results as the arbiter enters them, in turn (White's side).
const RESULTS = ['1-0', '0-1', '1/2-1/2', '1-0', '1-0', '0-1', '1/2-1/2', '0-1', '0-1'];

// The CSV a club secretary writes: one player a row, a team's rows in board order, the first
// player its captain.
function clubCsv() {
  const rows = ['team,name,rating,role'];
  CLUBS.forEach((t, ti) => SURNAMES.forEach((s, i) => rows.push(`${t},"${s}, ${'ABCDEF'[ti]}.",${2200 - 25 * i - 10 * ti},${i === 0 ? 'captain' : ''}`)));
  return rows.join('\n') + '\n';
}

// In a club page: the result cell of round r, match m, board b (the state of a live board, the
// result of a decided one); with want, whether it reads want.
const CELL = ([r, m, b, want]) => {
  const rd = [...document.querySelectorAll('#schedule h3')].find((x) => x.textContent.startsWith(`Round ${r} `));
  let el = rd && rd.nextElementSibling;
  while (el && !(el.tagName === 'H3' && el.textContent.startsWith(`${m}. `))) el = el.nextElementSibling;
  while (el && !(el.querySelector && el.querySelector('table.boards'))) el = el.nextElementSibling;
  const row = el && el.querySelectorAll('table.boards tr')[b];
  const text = row ? row.cells[3].textContent : null;
  return want == null ? text : text === want;
};
const cellText = (p, r, m, b) => p.evaluate(CELL, [r, m, b, null]);

// Every live board of round r entered from the arbiter's table (except the ones in skip,
// "m.b"), each its turn in RESULTS; resolves to how many were entered.
let turn = 0;
async function enterResults(dir, r, skip = []) {
  const ids = await dir.$$eval(`select[id^="res-${r}-"]`, (l) => l.map((e) => e.id));
  let n = 0;
  for (const id of ids) {
    const [, , m, b] = id.split('-');
    if (skip.includes(`${m}.${b}`)) continue;
    await dir.selectOption(`#${id}`, RESULTS[turn++ % RESULTS.length]);
    await dir.click(`#${id} + button`);
    await dir.waitForFunction((s) => !document.getElementById(s), id);
    n++;
  }
  return n;
}

// The standings table of a club page: [place, team, MP, GP, the tie-breaks...] a row.
const pageStandings = (p) => p.$$eval('#standings table tr', (rows) => rows.slice(1).map((r) => [...r.cells].map((c) => c.textContent)));

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-clubpath-'));
  fs.mkdirSync(ART, { recursive: true });
  const { srv, port } = await startServer(bin, tmp);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  const errors = [];
  const watch = (p, who) => p.on('pageerror', (e) => errors.push(`${who}: ${e.message}`));
  try {
    // ---- the desk: the club format, seed 004's values made small ----
    const dir = await browser.newPage({ viewport: LAPTOP });
    watch(dir, 'director');
    await openDashboard(dir, base);
    await dir.check('input[name="fmt"][value="club"]');
    await dir.fill('#k-name', 'Chornomorsk rapid club cup');
    await dir.fill('#k-boards', '2');
    await dir.fill('#k-reserves', '2');
    await dir.fill('#k-min', '1');
    await dir.fill('#k-subs', '2');
    await dir.fill('#k-wait', String(WAIT_MIN));
    await dir.fill('#k-deposit', '150'); // the club's own protest deposit: the captains' forms ask for it
    check('a waiting time shorter than the clock: no warning', await dir.isHidden('#k-warn'));
    await shot(dir, 'club-path-desk-1366');
    await dir.click('#k-create');
    await dir.waitForURL(/club\.html\?club=\d+/);
    await until(dir, 'the club page signs the director in with the desk\'s token', () => document.querySelector('#role').textContent === 'director' && document.querySelector('#register'));
    check('the page says the event\'s boards', /2 boards/.test(await dir.textContent('#sub')), await dir.textContent('#sub'));

    // ---- six teams from a CSV file, then the start ----
    const file = path.join(tmp, 'teams.csv');
    fs.writeFileSync(file, clubCsv());
    await dir.setInputFiles('#rt-file', file);
    await dir.click('#rt-import-go');
    await until(dir, 'the file registers six teams', () => /6 of 6 teams registered/.test(document.querySelector('#rt-ok').textContent) && document.querySelectorAll('#rt-teams tbody tr').length === 6);
    const links = await dir.$$eval('#rt-teams tbody tr', (l) => l.map((r) => [r.cells[1].textContent, r.querySelector('a').getAttribute('href')]));
    check('six teams of four in the file\'s order, each with its captain\'s link', JSON.stringify(links.map((x) => x[0])) === JSON.stringify(CLUBS) && links.every((x) => /token=/.test(x[1])), JSON.stringify(links));
    await dir.click('#club-start');
    await until(dir, 'started: round 1 takes line-ups', () => !document.querySelector('#register') && /Round 1 · line-ups/.test(document.querySelector('#schedule').textContent));
    const pairs = await dir.$$eval('#schedule h3', (l) => l.map((x) => x.textContent).filter((t) => /^\d+\. /.test(t)));
    check('round 1 is the Berger table\'s: 1-6, 2-5, 3-4', JSON.stringify(pairs) === JSON.stringify([[1, 6], [2, 5], [3, 4]].map(([a, b], i) => `${i + 1}. ${CLUBS[a - 1]} – ${CLUBS[b - 1]}`)), JSON.stringify(pairs));
    log('registered and started');

    // ---- the captains, each on a browser of his own ----
    const phoneCtx = await browser.newContext({ viewport: PHONE });
    const cap1 = await phoneCtx.newPage(); // Portovyk's captain, on a phone
    watch(cap1, 'captain 1');
    await cap1.goto(`${base}/${links[0][1]}`);
    await until(cap1, 'the link signs Portovyk\'s captain in', (n) => document.querySelector('#role').textContent === `captain of ${n}` && document.querySelectorAll('#lineup li').length === 4, CLUBS[0]);
    await cap1.uncheck('#lineup input[type="checkbox"] >> nth=0');
    await cap1.check('#lineup input[type="checkbox"] >> nth=2');
    const boardsOf = (p) => p.$$eval('#lineup li', (l) => l.map((x) => x.querySelector('.bd').textContent));
    const shifted = await boardsOf(cap1);
    check('the substitution by shifting: the first player out, the second on board 1, the reserve on board 2', JSON.stringify(shifted) === JSON.stringify(['—', 'board 1', 'board 2', '—']), JSON.stringify(shifted));
    await cap1.click('#submit-lineup');
    await until(cap1, 'the line-up with the substitution is taken', () => /line-up for round 1 submitted/.test(document.querySelector('#lineup-ok').textContent));
    await shot(cap1, 'club-path-captain-390');
    const lapCtx = await browser.newContext({ viewport: LAPTOP });
    const cap6 = await lapCtx.newPage(); // Sokil's captain, round 1's opponent, on a laptop
    watch(cap6, 'captain 6');
    await cap6.goto(`${base}/${links[5][1]}`);
    await until(cap6, 'the link signs Sokil\'s captain in', (n) => document.querySelector('#role').textContent === `captain of ${n}` && document.querySelectorAll('#lineup li').length === 4, CLUBS[5]);
    check('Sokil\'s default line-up: its first two', JSON.stringify(await boardsOf(cap6)) === JSON.stringify(['board 1', 'board 2', '—', '—']));
    const hint = await cap6.textContent('#lineup');
    check('the page tells the captain the event\'s numbers, not seed 004\'s six boards', /none submitted yet: the first 2 would play/.test(hint) && !/six|At most 4 reserves/.test(hint), hint);
    await cap6.click('#submit-lineup');
    await until(cap6, 'the captain\'s line-up is taken', () => /line-up for round 1 submitted/.test(document.querySelector('#lineup-ok').textContent));
    await dir.waitForFunction(() => [...document.querySelectorAll('#schedule tr')].filter((r) => r.cells[0] && r.cells[1] && /, /.test(r.cells[1].textContent)).length === 2).catch(() => {}); // the push after Sokil's
    const lineups = await dir.evaluate(() => [...document.querySelectorAll('#schedule tr')].filter((r) => r.cells[0] && r.cells[1] && /, /.test(r.cells[1].textContent)).map((r) => [r.cells[0].textContent, r.cells[1].textContent]));
    const oppView = await cap6.evaluate(() => [...document.querySelectorAll('#schedule tr')].find((r) => r.cells[0] && r.cells[0].textContent === 'Portovyk')?.cells[1].textContent);
    check('the arbiter sees both line-ups, Portovyk\'s without its first player', lineups.length === 2 && lineups.some(([t, l]) => t === 'Portovyk' && !l.includes('Ivanenko') && l.includes('Petrenko, A.') && l.includes('Sydorenko, A.')), JSON.stringify(lineups));
    check('the opposing captain does not see who Portovyk plays before the start', oppView === 'submitted: shown when the round starts', oppView);
    log('line-ups in');

    // ---- round 1: attendance, a forfeit by the waiting time ----
    await dir.click('#start-round');
    const t1 = Date.now();
    await dir.waitForSelector('#present-all-1-3');
    check('the round starts with every player waited for, the waiting time counting down', /^waiting for White .* and Black .*· 0:\d\d then forfeit/.test(await cellText(dir, 1, 1, 2)), await cellText(dir, 1, 1, 2));
    await dir.click('#present-all-1-2');
    await dir.click('#present-all-1-3');
    await dir.click('#present-1-1-1-0');
    await dir.click('#present-1-1-1-1');
    await dir.click('#present-1-1-2-0');
    await dir.waitForFunction(() => !document.querySelector('#present-all-1-2') && !document.querySelector('#present-all-1-3') && !document.querySelector('#present-1-1-2-0') && document.querySelector('#present-1-1-2-1'));
    log(`attendance marked ${((Date.now() - t1) / 1000).toFixed(1)} s after the start (waiting time ${WAIT_MIN * 60} s)`);
    const waiting = await cellText(dir, 1, 1, 2);
    check('only board 2\'s Black is waited for, with the time left', /^waiting for Black \(.+\) · 0:\d\d then forfeit/.test(waiting), waiting);
    const live = await dir.$$eval('.live-dot', (l) => l.length);
    check('the five boards with both players present are being played', live === 5, live);
    await shot(dir, 'club-path-arbiter-1366');
    await until(dir, 'the waiting time ends: the absent Black loses board 2 by forfeit (T-WAIT)', () => !document.querySelector('#wait-1-1-2'), undefined, 120000);
    const ff = await cellText(dir, 1, 1, 2);
    check('the board shows the forfeit to White', ff === '+-', ff);
    check('the other boards are still on (their players were marked present)', (await dir.$$eval('select[id^="res-1-"]', (l) => l.length)) === 5);
    const entered = await enterResults(dir, 1);
    check('the arbiter enters the five other boards', entered === 5, entered);
    await until(dir, 'round 1 done', () => /Round 1 · done/.test(document.querySelector('#schedule').textContent));
    log('round 1 done');

    // ---- a protest in the window after round 1, decided by the appeals committee ----
    await until(cap1, 'the captain sees the protest window counting down', () => /Protests about this round's games are taken for \d+:\d\d more/.test(document.querySelector('#protest-window-1')?.textContent || '') && document.querySelector('#file-protest'));
    const b1 = await cellText(cap1, 1, 1, 1);
    const claim = 'Board 1: the opponent\'s flag fell before the mate; we claim a draw.';
    await cap1.selectOption('#protest-board', '1');
    await cap1.fill('#protest-text', claim);
    // While he writes, another captain sends round 2's line-up: every page gets the new
    // snapshot, and what the first one typed stays in his form.
    await until(cap6, 'Sokil\'s captain gets round 2\'s line-up form in the break', () => /Line-up for round 2/.test(document.querySelector('#lineup h2').textContent));
    await cap6.click('#submit-lineup');
    await until(cap6, 'round 2\'s line-up is taken in the break', () => /line-up for round 2 submitted/.test(document.querySelector('#lineup-ok').textContent));
    await until(cap1, 'the protesting captain\'s page follows (Sokil\'s line-up submitted)', () => [...document.querySelectorAll('#schedule tr')].some((r) => r.cells[0] && r.cells[0].textContent === 'Sokil' && /submitted/.test(r.cells[1].textContent)));
    const typed = await cap1.evaluate(() => [document.querySelector('#protest-board').value, document.querySelector('#protest-text').value]);
    check('the protest being written survives the page\'s update', JSON.stringify(typed) === JSON.stringify(['1', claim]), JSON.stringify(typed));
    check('the captain\'s form asks for the club\'s deposit: 150.00 UAH', /deposit 150\.00 UAH/.test(await cap1.textContent('#protest-deposit')), await cap1.textContent('#protest-deposit'));
    await cap1.click('#file-protest');
    await until(cap1, 'the protest is filed and listed', () => document.querySelector('#protest-ok').textContent === 'protest filed' && /filed/.test(document.querySelector('#protests')?.textContent || ''));
    await shot(cap1, 'club-path-protest-390');
    await dir.waitForSelector('#uphold-1');
    await dir.click('#new-appeals');
    await dir.waitForFunction(() => document.querySelector('#appeals-token').value.length > 10);
    await dir.selectOption('#decide-res-1', '1/2-1/2');
    await dir.fill('#decide-reason-1', 'the flag fell first; insufficient material to mate');
    await dir.click('#uphold-1');
    await until(cap1, 'the captain reads the decision', () => /upheld → 1\/2-1\/2, deposit returned/.test(document.querySelector('#protests').textContent));
    check(`board 1's result was not a draw before (${b1})`, b1 !== '1/2-1/2', b1);
    await until(dir, 'board 1\'s result follows the decision on the arbiter\'s table', CELL, [1, 1, 1, '1/2-1/2']);
    log('protest decided');

    // ---- rounds 2 to 5: the arbiter's attendance check and the results ----
    for (let r = 2; r <= 5; r++) {
      await until(dir, `round ${r} takes line-ups`, (r) => document.querySelector('#start-round') && new RegExp(`Round ${r} · line-ups`).test(document.querySelector('#schedule').textContent), r);
      await dir.click('#start-round');
      await dir.waitForSelector(`#present-all-${r}-3`);
      for (let m = 1; m <= 3; m++) await dir.click(`#present-all-${r}-${m}`);
      await dir.waitForFunction((r) => !document.querySelector(`[id^="present-${r}-"]`) && document.querySelectorAll('.live-dot').length === 6, r);
      const n = await enterResults(dir, r);
      check(`round ${r}: six boards entered`, n === 6, n);
      await until(dir, `round ${r} done`, (r) => new RegExp(`Round ${r} · done`).test(document.querySelector('#schedule').textContent), r);
    }
    await until(dir, 'the event is finished', () => /^finished · round 5 of 5/.test(document.querySelector('#sub').textContent));
    log('finished');

    // ---- the ranking on the page against bughouse-tourney's from the exported TRF ----
    const shown = await pageStandings(dir);
    const heads = await dir.$$eval('#standings table tr:first-child th', (l) => l.map((x) => x.textContent));
    const trf = await downloadText(dir, () => dir.click('#export-trf'));
    check('the TRF downloads as a .trf file', /\.trf$/.test(trf.name) && /^XXR 5$/m.test(trf.text), trf.name);
    const trfPath = path.join(tmp, 'club.trf');
    fs.writeFileSync(trfPath, trf.text);
    const out = execFileSync(tourney, ['standings', trfPath], { encoding: 'utf8' });
    // the CLI's rows: place (a * for a prize), No, team (columns 12-35), MP, GP, then its
    // tie-breaks as its header names them
    const cliHead = out.split('\n')[0].slice(36).trim().split(/\s+/);
    const cli = out.split('\n').filter((l) => /^ +\d+[* ] +\d+ /.test(l)).map((l) => [String(parseInt(l, 10)), l.slice(11, 35).trim(), ...l.slice(36).trim().split(/\s+/)]);
    // The columns by name (the CLI says WON for the page's WIN). DE is written two ways: the
    // page gives a team's tier among the teams tied before it (1 above 0), the CLI the match
    // points scored in the meetings inside the tie; both order a tie the same, and that order
    // is what is compared for DE.
    const cols = heads.slice(2);
    const cliName = (c) => (c === 'WIN' ? 'WON' : c);
    const cliCols = ['MP', 'GP', ...cliHead.slice(2)];
    const exact = cols.filter((c) => c !== 'DE');
    const pick = (row, names) => [row[0], row[1], ...exact.map((c) => Number(row[2 + names.indexOf(c)]))];
    const pageRank = shown.map((r) => pick(r, cols));
    const cliRank = cli.map((r) => pick(r, cliCols.map((c) => (c === 'WON' ? 'WIN' : c))));
    check('six teams ranked on the page, with the tie-breaks of seed 004 art. 4', shown.length === 6 && JSON.stringify(cols) === JSON.stringify(['MP', 'GP', 'DE', 'WIN', 'SB']) && cols.every((c) => cliCols.includes(cliName(c))), JSON.stringify([heads, cliHead]));
    check(`the page's ranking (place, team, ${exact.join(', ')}) equals bughouse-tourney standings on the exported TRF`, JSON.stringify(pageRank) === JSON.stringify(cliRank), JSON.stringify({ page: pageRank, cli: cliRank }));
    const de = (rows, i, names) => Number(rows[i][2 + names.indexOf('DE')]);
    const sign = (x) => Math.sign(x);
    let deSame = true;
    for (let i = 0; i < 6; i++)
      for (let j = i + 1; j < 6; j++)
        if (shown[i][2] === shown[j][2] && Number(shown[i][3]) === Number(shown[j][3]))
          deSame &&= sign(de(shown, i, cols) - de(shown, j, cols)) === sign(Number(cli[i][2 + cliCols.indexOf('DE')]) - Number(cli[j][2 + cliCols.indexOf('DE')]));
    check('the direct encounter orders every tie on match and game points the same way on both', deSame, JSON.stringify({ page: shown, cli }));
    log('page: ' + JSON.stringify(shown));
    log('cli:\n' + out.split('\n').slice(0, 7).join('\n'));
    const mp = shown.reduce((a, r) => a + Number(r[2]), 0);
    const gp = shown.reduce((a, r) => a + Number(r[3]), 0);
    check('15 matches: 30 match points; 30 boards: 30 game points (a forfeit gives its point to one side)', mp === 30 && gp === 30, [mp, gp]);
    await dir.evaluate(() => window.scrollTo(0, 0));
    await shot(dir, 'club-path-final-1366');
    await cap1.reload();
    await until(cap1, 'the captain\'s phone shows the final standings', () => /finished/.test(document.querySelector('#sub').textContent) && document.querySelectorAll('#standings table tr').length === 7);
    await cap1.evaluate(() => window.scrollTo(0, document.querySelector('#standings').getBoundingClientRect().top + window.scrollY - 50));
    await shot(cap1, 'club-path-final-390');
    const wide = await cap1.evaluate(() => document.documentElement.scrollWidth);
    check('the club page on a phone does not scroll sideways', wide <= PHONE.width, wide);
    check('no page error', errors.length === 0, errors.join('; '));
    publish(['club-path-desk-1366.png', 'club-path-captain-390.png', 'club-path-arbiter-1366.png', 'club-path-protest-390.png', 'club-path-final-1366.png', 'club-path-final-390.png']);
    await phoneCtx.close();
    await lapCtx.close();
  } finally {
    await browser.close();
    await stop(srv);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

run(main);
