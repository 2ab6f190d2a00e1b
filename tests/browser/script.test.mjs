// script.test.mjs: the director's script of issue 17 ("Done when"), one event run from the desk
// in headless Chromium as a director would run it (ctest `browser_script`, label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db, --site). Desk 1 (the director's laptop):
//   - creates an 8-team, 2-round Swiss (4.5-second clocks, late entries up to round 2, a 300 s
//     waiting time: a game's clocks start when its four players are there, T-WAIT) and
//     registers 8 teams; starts it, and holds it at once (Pause tournament, T-AUTO: the games
//     of round 1 play, no game 2 and no round 2 start), as a director who has a withdrawal
//     and a late entry to make would;
//   - desk 2, a second browser context (nothing stored) logged in with the director token,
//     reissues one team's link: the old token is refused (auth: unauthorized), the new one
//     plays the event (the bots use it), and the reissue is in desk 2's log;
//   - bughouse-bot plays every team; desk 1 registers a late team (T-LATE: paired from round 2,
//     0 for round 1, no bye);
//   - as soon as game 1 of one match is over, desk 1 withdraws its winner (the confirmation
//     says what follows; item 3): game 1 stands as played, only game 2 is forfeited to the
//     team present, and the match scores from its games (T-SCORE: 1-1, not the 2-0 for the
//     team that lost game 1 of before);
//   - resumed: round 2 pairs the 6 teams left and the late team with the opponent of the
//     withdrawn one: 4 matches, no bye; the event is played to its end;
//   - print: the desk's Print button opens the event page's print dialog; the final standings
//     as an A4 PDF (page.pdf, one page: pdfinfo, pdftotext) and that page as PNG (pdftoppm);
//   - export: the TRF and round 2's BPGN downloaded from the desk; `bughouse-tourney
//     standings` on the TRF recomputes the standings, and its table (parsed from the CLI's
//     text) equals the desk's (parsed from the page): place, team, MP, GP and every tie-break.
// Screenshots (looked at): docs/screenshots/script-desk-final.png, script-print-standings.png.
// usage: node tests/browser/script.test.mjs SERVER BOT TOURNEY_CLI   (cwd: the repo root)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ART, check, log, openDashboard, run, world, deskEvent, startBots, publish, tryAuth, downloadText } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const botBin = process.argv[3] || 'build/dev/clients/bot/bughouse-bot';
const tourneyBin = process.argv[4] || 'build/dev/server/src/tourney/bughouse-tourney';
const SITE = 'Odesa, Ukraine UKR';
const EVENT = 'Odesa City Team Cup 2026';
const TEAMS = ['Kyiv Knights', 'Lviv Lions', 'Odesa Rooks', 'Kharkiv Hawks', 'Dnipro Drops', 'Poltava Pawns', 'Sumy Sacs', 'Rivne Ravens'];
const LATE = 'Izmail Latecomers';
const pts = (r) => (r === '1-0' ? 1 : r === '0-1' ? 0 : 0.5); // a game's points for the match's team1

// The standings as the desk shows them (#standings-body): place, team (its own text, without
// the late and tie marks), MP, GP, the tie-breaks; and the header's tie-break names.
const deskStandings = (page) => page.evaluate(() => ({
  tbs: [...document.querySelectorAll('#standings-head th')].slice(4).map((th) => th.textContent),
  rows: [...document.querySelectorAll('#standings-body tr')].map((tr) => {
    const td = [...tr.children];
    return [Number.parseInt(td[0].textContent, 10), td[1].childNodes[0].textContent, ...td.slice(2).map((e) => Number(e.textContent))];
  }),
}));

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('script', bin, ['--site', SITE]);
  const { base, errors, tmp } = w;
  try {
    const ctx1 = await w.browser.newContext({ viewport: { width: 1920, height: 1080 }, acceptDownloads: true });
    // The print dialog cannot open headless: record that the page asked for it.
    await ctx1.addInitScript(() => { window.print = () => { window.__printed = (window.__printed || 0) + 1; }; });
    const d1 = w.watch(await ctx1.newPage(), 'desk 1');
    await openDashboard(d1, base);

    // ---- create, register 8 teams, start ----
    await d1.fill('#t-late', '2');
    await d1.fill('#t-wait', '300');
    const tokens = await deskEvent(d1, { name: EVENT, base: 0.075, ruleset: 'online', rounds: 2 }, TEAMS.map((n, i) => [n, `cap${i + 1}`, 2250 - 40 * i, `par${i + 1}`]));
    check('8 team links on desk 1', tokens.length === 8 && tokens.every((t) => /^[0-9a-f]{32}$/.test(t)), tokens);
    // Desk 2 logs in now, before anyone plays: it finds the event by itself.
    const ctx2 = await w.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const d2 = w.watch(await ctx2.newPage(), 'desk 2');
    await openDashboard(d2, base);
    await d2.waitForFunction((n) => window.app.tour && window.app.tour.name === n && window.app.tour.teams.length === 8, EVENT, { timeout: 10000 });
    await d1.click('#t-start');
    await d1.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.length === 4 && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    const r1 = await d1.evaluate(() => window.app.rounds[1].matches);
    const tokenOf = await d1.evaluate(() => ({ ...window.app.teamTokens }));
    log(`started; round 1: ${r1.map((m) => `${m.name1}-${m.name2}`).join(', ')}`);
    await d1.click('#t-pause');
    await d1.waitForFunction(() => window.app.tour.status === 'paused', null, { timeout: 10000 });

    // ---- desk 2 reissues a team's link (nobody has used it yet: the games wait, T-WAIT) ----
    const X = r1[0].team1;
    const xName = r1[0].name1;
    await d2.click('#tab-teams');
    await d2.click(`#teams-body tr[data-team="${X}"] button.reissue`);
    await d2.waitForSelector('#confirm[open]');
    check('desk 2: the reissue asks first, saying the old links stop working', /old links stop working/.test(await d2.locator('#confirm-text').textContent()));
    await d2.click('#confirm-yes');
    await d2.waitForFunction((t) => document.querySelector(`#teams-body button.token[data-team="${t}"]`), X, { timeout: 5000 });
    const fresh = await d2.evaluate((t) => window.app.teamTokens[t], X);
    check('desk 2: a new link for the team', /^[0-9a-f]{32}$/.test(fresh) && fresh !== tokenOf[X], [fresh, tokenOf[X]]);
    const oldAuth = await tryAuth(d2, tokenOf[X]);
    check('the old link stops working (unauthorized)', JSON.stringify(oldAuth) === '["error","unauthorized"]', oldAuth);
    const newAuth = await tryAuth(d2, fresh);
    check('the new link opens the team', newAuth[0] === 'authed' && newAuth[1] === 'team', newAuth);
    await d2.click('#tab-log');
    const log2 = await d2.locator('#pane-log').textContent();
    check('desk 2\'s log has the reissue', /team_token/.test(log2) && log2.includes(`${xName}: new links, the old ones revoked`), log2.slice(0, 300));
    tokenOf[X] = fresh;

    // ---- the bots play: match 4's two teams (the withdrawal's) in a process of their own ----
    const m4 = r1[3];
    const others = r1.slice(0, 3).flatMap((m) => [m.team1, m.team2]);
    startBots(w, botBin, others.map((t) => tokenOf[t]), 150, 17, 'bots-a.log');
    startBots(w, botBin, [tokenOf[m4.team1], tokenOf[m4.team2]], 300, 23, 'bots-b.log');

    // ---- a late entry (T-LATE) while round 1 plays ----
    await d1.click('#tab-teams');
    const formOk = await d1.waitForFunction(() => /late entry \(paired from round 2/.test(document.getElementById('team-form-title').textContent), null, { timeout: 15000 }).then(() => true, () => false);
    if (!formOk) log(`the late entry form: ${JSON.stringify(await d1.evaluate(() => ({ title: document.getElementById('team-form-title').textContent, t: { status: window.app.tour.status, round: window.app.tour.round, late: window.app.tour.late_until, format: window.app.tour.format }, r1: window.app.rounds[1].matches.map((m) => [m.results, m.reasons]) })))}`);
    check('the late entry form after the start', formOk);
    await d1.fill('#team-name', LATE);
    await d1.fill('#team-captain', 'ivy');
    await d1.fill('#team-captain-rating', '2300');
    await d1.fill('#team-partner', 'jon');
    await d1.click('#team-add');
    await d1.waitForFunction((n) => window.app.tour.teams.some((t) => t.name === n), LATE, { timeout: 5000 });
    const late = await d1.evaluate((n) => window.app.tour.teams.find((t) => t.name === n), LATE);
    check('the late team: the next pairing number, paired from round 2', late.no === 9 && late.entry === 2, late);
    await d1.waitForFunction((t) => document.querySelector(`#teams-body .token[data-team="${t}"]`), late.team, { timeout: 5000 });
    startBots(w, botBin, [await d1.evaluate((t) => window.app.teamTokens[t], late.team)], 150, 29, 'bots-late.log');

    // ---- withdraw a team once game 1 of its match is over (the event held: no game 2 yet): its
    // winner (the case that scored 2-0 for the team that lost game 1 before issue 17) ----
    await d1.waitForFunction(() => window.app.rounds[1].matches[3].results[0], null, { timeout: 60000 });
    const res1 = await d1.evaluate(() => window.app.rounds[1].matches[3].results[0]);
    const [Wd, O, wName, oName] = res1 === '0-1' ? [m4.team2, m4.team1, m4.name2, m4.name1] : [m4.team1, m4.team2, m4.name1, m4.name2];
    await d1.click('#tab-controls');
    await d1.selectOption('#c-team', String(Wd));
    await d1.click('#c-withdraw');
    await d1.waitForSelector('#confirm[open]');
    const conf = await d1.locator('#confirm-text').textContent();
    const g1 = await d1.evaluate(() => window.app.rounds[1].matches[3]);
    log(`withdrawing ${wName} after game 1 (${g1.results[0]} ${g1.reasons[0]})`);
    check('the confirmation: game 1 stands, game 2 is forfeited', conf.includes(`Game 1 against ${oName} stands`) && conf.includes(`game 2 is forfeited to ${oName}`), conf);
    await d1.click('#confirm-yes');
    await d1.waitForFunction(() => window.app.rounds[1].matches[3].status === 'done', null, { timeout: 10000 });
    const x = await d1.evaluate(() => window.app.rounds[1].matches[3]);
    check('game 1 stands as played', x.results[0] === g1.results[0] && x.reasons[0] === g1.reasons[0] && !/forfeit|withdrawn/.test(x.reasons[0]), [x, g1]);
    check('only game 2 is forfeited, to the team present (never played)', x.results[1] === (O === x.team1 ? '1-0' : '0-1') && x.reasons[1] === 'forfeit' && !x.games[1], x);
    const gp1 = pts(x.results[0]) + pts(x.results[1]);
    const mp1 = gp1 > 1 ? 2 : gp1 === 1 ? 1 : 0;
    check('the match scores from its two games (T-SCORE)', JSON.stringify(x.gp) === JSON.stringify([gp1, 2 - gp1]) && JSON.stringify(x.mp) === JSON.stringify([mp1, 2 - mp1]), [x.gp, x.mp, gp1]);

    // ---- resumed; round 2: the 6 teams left, the withdrawn team's opponent and the late team ----
    await d1.click('#t-pause');
    await d1.waitForFunction(() => window.app.tour.status === 'running' || window.app.tour.status === 'finished', null, { timeout: 10000 });
    await d1.waitForFunction(() => window.app.rounds[2] && window.app.rounds[2].matches.length, null, { timeout: 60000 });
    const r2 = await d1.evaluate(() => window.app.rounds[2].matches);
    const in2 = r2.flatMap((m) => [m.team1, m.team2]).filter(Boolean).sort((a, b) => a - b);
    const want2 = [...others, O, late.team].sort((a, b) => a - b);
    check('round 2: 4 matches, no bye: every team but the withdrawn one, the late one among them', r2.length === 4 && r2.every((m) => m.status !== 'bye') && JSON.stringify(in2) === JSON.stringify(want2), [r2.map((m) => [m.name1, m.name2, m.status]), want2]);
    log('round 2 paired');
    await d1.waitForFunction(() => window.app.tour.standings && window.app.tour.standings.final, null, { timeout: 90000 });
    log('finished');
    await d1.click('#tab-standings');
    await d1.waitForFunction(() => /Final standings/.test(document.getElementById('standings-title').textContent), null, { timeout: 5000 });
    const desk = await deskStandings(d1);
    await d1.screenshot({ path: `${ART}/script-desk-final.png` });
    const lateRow = desk.rows.find((r) => r[1] === LATE);
    check('standings: 9 teams, the late one marked', desk.rows.length === 9 && lateRow && /late \(R2\)/.test(await d1.locator(`#standings-body tr[data-team="${late.team}"]`).textContent()), desk.rows);
    const wdText = await d1.locator(`#standings-body tr[data-team="${Wd}"]`).textContent();
    check('standings: the withdrawn team marked', wdText.includes(`${wName} withdrawn (R2)`), wdText);

    // ---- print ----
    const [popup] = await Promise.all([ctx1.waitForEvent('page'), d1.click('#print-standings')]);
    await popup.waitForFunction(() => window.__printed === 1, null, { timeout: 10000 });
    check('Print: the event page asked for the print dialog', new URL(popup.url()).searchParams.get('print') === 'standings');
    await popup.close();
    const tid = await d1.evaluate(() => window.app.tour.tournament);
    const sheet = w.watch(await ctx1.newPage(), 'print');
    await sheet.goto(`${base}/event.html?tournament=${tid}&print=standings`);
    await sheet.waitForFunction(() => window.app && window.app.ready, null, { timeout: 10000 });
    await sheet.emulateMedia({ media: 'print' });
    const pdf = path.join(tmp, 'standings.pdf');
    await sheet.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
    await sheet.close();
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    const size = (/^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info) || []).slice(1).map(Number);
    check('print: one A4 page', /^Pages:\s+1$/m.test(info) && Math.abs(size[0] - 595.28) < 2 && Math.abs(size[1] - 841.89) < 2, info);
    const paper = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    check('print: the event, the final standings and all 9 teams on paper, the late and the withdrawn marked', paper.includes(EVENT) && paper.includes('Final standings') && [...TEAMS, LATE].every((n) => paper.includes(n)) && paper.includes(`${LATE} late (R2)`) && paper.includes(`${wName} withdrawn (R2)`), paper.slice(0, 900));
    for (const f of fs.readdirSync(ART).filter((f) => /^script-print-\d+\.png$/.test(f))) fs.rmSync(`${ART}/${f}`);
    execFileSync('pdftoppm', ['-png', '-r', '80', pdf, `${ART}/script-print`]);
    const png = fs.readdirSync(ART).filter((f) => /^script-print-\d+\.png$/.test(f));
    check('print: the page as PNG', png.length === 1, png);
    if (png.length === 1) fs.renameSync(`${ART}/${png[0]}`, `${ART}/script-print-standings.png`);

    // ---- export: TRF and round 2's BPGN, downloaded from the desk ----
    await d1.click('#tab-controls');
    await d1.click('#c-trf');
    await d1.waitForFunction(() => /^012 /m.test(document.getElementById('export-out').value) && document.getElementById('export-dl').href, null, { timeout: 10000 });
    const trf = await downloadText(d1, () => d1.click('#export-dl'));
    check('TRF downloaded: a .trf file with the event', /\.trf$/.test(trf.name) && trf.text.includes(`012 ${EVENT}`), [trf.name, trf.text.slice(0, 120)]);
    check('TRF: the late entry and the withdrawal kept', / late=2/.test(trf.text) && new RegExp(`^BHT ${late.no} 2 `, 'm').test(trf.text), trf.text.split('\n').filter((l) => /^BH[RT]/.test(l)));
    await d1.click('#tab-pairings');
    await d1.click('#round-chips button[data-round="2"]');
    await d1.click('#tab-controls');
    const bp = await downloadText(d1, () => d1.click('#f-bpgn-round'));
    const games = bp.text.split(/\n(?=\[Event )/).filter((g) => g.startsWith('[Event '));
    const r2games = r2.flatMap((m) => m.games.filter(Boolean));
    check('round 2 BPGN: every game, with Event, Site and Round', /round-2\.bpgn$/.test(bp.name) && games.length === 8 && games.length === (await d1.evaluate(() => window.app.rounds[2].matches.flatMap((m) => m.games.filter(Boolean)).length)) && games.every((g) => g.includes(`[Event "${EVENT}"]`) && g.includes(`[Site "${SITE}"]`) && /\[Round "2\.[1-4]"\]/.test(g)), [bp.name, games.length, r2games.length, games.map((g) => g.split('\n').slice(0, 4))]);

    // ---- the standings recomputed from the TRF by bughouse-tourney = the desk's ----
    const trfPath = path.join(tmp, trf.name);
    fs.writeFileSync(trfPath, trf.text);
    const cli = execFileSync(tourneyBin, ['standings', trfPath], { encoding: 'utf8' });
    fs.writeFileSync(`${ART}/script-tourney-standings.txt`, cli);
    const names = [...TEAMS, LATE];
    const cliRows = [];
    let cliTbs = null;
    for (const line of cli.split('\n')) {
      const hd = /^\s*#?\s*(?:Rk|Place|Pl)\b.*\bMP\s+GP\s+(.*)$/i.exec(line);
      if (hd && !cliTbs) cliTbs = hd[1].trim().split(/\s+/);
      // "   1*   3  Odesa Rooks   4    4.0  ...": place (* a prize), No, team, MP, GP, tie-breaks.
      const m = /^\s*(\d+)\*?\s+(\d+)\s+(.+?)\s{2,}(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)((?:\s+-?\d+(?:\.\d+)?)*)\s*$/.exec(line);
      if (m && names.includes(m[3].trim())) cliRows.push([Number(m[1]), m[3].trim(), Number(m[4]), Number(m[5]), ...m[6].trim().split(/\s+/).filter(Boolean).map(Number)]);
    }
    log(`desk: ${JSON.stringify(desk)}`);
    log(`cli: ${JSON.stringify({ cliTbs, cliRows })}`);
    check('bughouse-tourney: a row for each of the 9 teams, the desk\'s tie-breaks', cliRows.length === 9 && JSON.stringify(cliTbs) === JSON.stringify(desk.tbs), [cliTbs, desk.tbs, cli]);
    check('bughouse-tourney standings of the TRF = the desk\'s (place, team, MP, GP, tie-breaks)', JSON.stringify(cliRows) === JSON.stringify(desk.rows), { cliRows, desk: desk.rows, cli });
    check('no page errors', errors.length === 0, errors);
    publish(['script-desk-final.png', 'script-print-standings.png']);
  } finally {
    await w.close();
  }
}

run(main);
