// print.test.mjs: paper and files from the desk and the public event page, in headless
// Chromium (ctest `browser_print`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db, --site). Through the desk: a 6-team,
// 3-round Swiss (6-second clocks) that one bughouse-bot process plays to the end. Then, as a
// director would use them:
//   - Standings CSV and Crosstable CSV (downloads): RFC 4180 rows equal to the tables shown;
//   - the TRF export: `bughouse-tourney standings` on that file gives the same places, match
//     points and game points as the desk's final standings (an independent recomputation);
//   - the BPGN of round 2 (one file, every game): each game carries Event (the tournament's
//     name), Site (--site), Date (today, UTC) and Round "2.<board>" with MatchGame 1 or 2;
//   - the desk's Print buttons open the event page, which opens the print dialog itself;
//   - print previews of the standings, the crosstable and round 2's pairings: Chromium's
//     page.pdf() on A4, each a one-page PDF whose text (pdftotext) has the event, the title
//     and every team; the pages as PNG (pdftoppm) in docs/screenshots/print-*.png (looked at).
// usage: node tests/browser/print.test.mjs SERVER BOT TOURNEY_CLI   (cwd: the repo root)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ART, check, log, openDashboard, run, world, deskEvent, startBots, publish, downloadText } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const botBin = process.argv[3] || 'build/dev/clients/bot/bughouse-bot';
const tourneyBin = process.argv[4] || 'build/dev/server/src/tourney/bughouse-tourney';
const SITE = 'Kyiv, Ukraine UKR';
const TEAMS = [['Kyiv Knights', 2210], ['Lviv Lions', 2150], ['Odesa Rooks', 2090], ['Kharkiv Hawks', 2030], ['Dnipro Drops', 1970], ['Poltava Pawns', 1910]];

// RFC 4180 (quoted fields, doubled quotes), without the byte-order mark.
function parseCsv(text) {
  const rows = [];
  let row = [];
  let f = '';
  let q = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (q) {
      if (c === '"' && s[i + 1] === '"') { f += '"'; i++; } else if (c === '"') q = false; else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') { row.push(f); f = ''; } else if (c === '\r' && s[i + 1] === '\n') { row.push(f); rows.push(row); row = []; f = ''; i++; } else f += c;
  }
  if (f || row.length) { row.push(f); rows.push(row); }
  return rows;
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('print', bin, ['--site', SITE]);
  const { base, errors, tmp } = w;
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    // The print dialog cannot open headless: record that the page asked for it.
    await ctx.addInitScript(() => { window.print = () => { window.__printed = (window.__printed || 0) + 1; }; });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, base);
    const tokens = await deskEvent(dir, { name: 'Autumn Cup "Kyiv", 2026', base: 0.1, ruleset: 'online', rounds: 3, small: 'cap' }, TEAMS.map(([n, r], i) => [n, `c${i + 1}`, r, `p${i + 1}`]));
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    startBots(w, botBin, tokens, 120, 5);
    await dir.waitForFunction(() => window.app.tour.standings && window.app.tour.standings.final, null, { timeout: 200000 });
    log('tournament finished');
    const tour = await dir.evaluate(() => ({ t: window.app.tour, rounds: window.app.rounds }));
    check('3 rounds, Swiss', tour.t.rounds === 3 && tour.t.format === 'swiss' && [1, 2, 3].every((r) => tour.rounds[r] && tour.rounds[r].status === 'done'), [tour.t.rounds, tour.t.format]);
    const shown = await dir.evaluate(() => [...document.querySelectorAll('#standings-body tr')].map((tr) => [...tr.children].map((e) => e.textContent)));

    // ---- CSV ----
    await dir.click('#tab-standings');
    const sc = await downloadText(dir, () => dir.click('#csv-standings'));
    const srows = parseCsv(sc.text);
    check('standings CSV: a UTF-8 BOM, CRLF lines', sc.text.startsWith('\ufeff') && sc.text.includes('\r\n'), sc.text.slice(0, 40));
    check('standings CSV: file name from the event', /^autumn-cup-kyiv-2026-standings\.csv$/.test(sc.name), sc.name);
    check('standings CSV: header with the tie-breaks', JSON.stringify(srows[0]) === JSON.stringify(['Place', 'No', 'Team', 'MP', 'GP', ...tour.t.standings.tiebreaks, 'Prize', 'Tied with next']), srows[0]);
    check('standings CSV: the rows shown on the desk', srows.length === 7 && srows.slice(1).every((r, i) => r[0] === String(i + 1) && shown[i][1].startsWith(r[2]) && shown[i][2] === r[3] && shown[i][3] === r[4]), { srows, shown });
    const cc = await downloadText(dir, () => dir.click('#csv-crosstable'));
    const crows = parseCsv(cc.text);
    check('crosstable CSV: No, Team, R1..R3, MP, GP', JSON.stringify(crows[0]) === JSON.stringify(['No', 'Team', 'R1', 'R2', 'R3', 'MP', 'GP']), crows[0]);
    const mpOf = Object.fromEntries(tour.t.standings.rows.map((r) => [r.name, [r.mp, r.gp]]));
    check('crosstable CSV: each team\'s MP and GP = the standings\'', crows.length === 7 && crows.slice(1).every((r) => mpOf[r[1]] && Number(r[5]) === mpOf[r[1]][0] && Number(r[6]) === mpOf[r[1]][1]), { crows, mpOf });
    check('crosstable CSV: each cell the opponent\'s No and the game points', crows.slice(1).every((r) => r.slice(2, 5).every((c) => /^(\d+|bye)( F)?( (\d?½|\d))?$/.test(c))), crows);

    // ---- TRF: the standings recomputed by bughouse-tourney equal the desk's ----
    await dir.click('#tab-controls');
    await dir.click('#c-trf');
    await dir.waitForFunction(() => /^012 /m.test(document.getElementById('export-out').value));
    const trf = await dir.locator('#export-out').inputValue();
    fs.writeFileSync(path.join(tmp, 'event.trf'), trf);
    const cli = execFileSync(tourneyBin, ['standings', path.join(tmp, 'event.trf')], { encoding: 'utf8' });
    fs.writeFileSync(`${ART}/print-tourney-standings.txt`, cli);
    const cliRows = [];
    for (const line of cli.split('\n')) {
      // "   1*   3  Odesa Rooks   4    4.0 ...": place (* a prize), No, team, MP, GP, tie-breaks.
      const m = /^\s*(\d+)\*?\s+(\d+)\s+(.+?)\s{2,}(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s/.exec(line);
      if (m && TEAMS.some(([n]) => n === m[3].trim())) cliRows.push([Number(m[1]), m[3].trim(), Number(m[4]), Number(m[5])]);
    }
    const deskRows = tour.t.standings.rows.map((r) => [r.place, r.name, r.mp, r.gp]);
    check('TRF -> bughouse-tourney standings = the desk\'s (place, team, MP, GP)', JSON.stringify(cliRows.slice(0, 6)) === JSON.stringify(deskRows), { cliRows, deskRows, cli: cli.slice(0, 800) });

    // ---- the BPGN of round 2 ----
    await dir.click('#tab-pairings');
    await dir.click('#round-chips button[data-round="2"]');
    await dir.click('#tab-controls');
    const bp = await downloadText(dir, () => dir.click('#f-bpgn-round'));
    const games = bp.text.split(/\n(?=\[Event )/).filter((g) => g.startsWith('[Event '));
    const tag = (g, t) => (new RegExp(`^\\[${t} "((?:[^"\\\\]|\\\\.)*)"\\]`, 'm').exec(g) || [])[1];
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '.');
    const r2games = tour.rounds[2].matches.flatMap((m) => m.games.filter(Boolean));
    check('round 2 BPGN: every game of the round', games.length === r2games.length && bp.name === 'autumn-cup-kyiv-2026-round-2.bpgn', [games.length, r2games.length, bp.name]);
    check('round 2 BPGN: Event, Site, Date, Round and MatchGame tags', games.every((g) => tag(g, 'Event') === 'Autumn Cup \\"Kyiv\\", 2026' && tag(g, 'Site') === SITE && tag(g, 'Date') === today && /^2\.[1-3]$/.test(tag(g, 'Round')) && /^[12]$/.test(tag(g, 'MatchGame'))), games.map((g) => g.split('\n').slice(0, 6)));
    const rounds = games.map((g) => `${tag(g, 'Round')}/${tag(g, 'MatchGame')}`).sort();
    check('round 2 BPGN: boards 1-3, games 1 and 2', JSON.stringify(rounds) === JSON.stringify(['2.1/1', '2.1/2', '2.2/1', '2.2/2', '2.3/1', '2.3/2']), rounds);

    // ---- the desk's Print button: the event page opens the print dialog itself ----
    await dir.click('#tab-standings');
    const [popup] = await Promise.all([ctx.waitForEvent('page'), dir.click('#print-standings')]);
    await popup.waitForFunction(() => window.__printed === 1, null, { timeout: 10000 });
    check('Print: the event page asked for the print dialog once', new URL(popup.url()).searchParams.get('print') === 'standings');
    await popup.close();

    // ---- print previews: A4 PDFs, then PNG pages ----
    const sheets = [['standings', '', 'Final standings'], ['crosstable', '', 'Crosstable'], ['pairings', '&round=2', 'Pairings and results · round 2 of 3']];
    for (const [what, extra, title] of sheets) {
      const p = w.watch(await ctx.newPage(), `event ${what}`);
      await p.goto(`${base}/event.html?tournament=${tour.t.tournament}&print=${what}${extra}`);
      await p.waitForFunction(() => window.app && window.app.ready, null, { timeout: 10000 });
      await p.screenshot({ path: `${ART}/print-${what}-preview.png`, fullPage: true });
      await p.emulateMedia({ media: 'print' });
      const pdf = path.join(tmp, `${what}.pdf`);
      await p.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
      await p.close();
      const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
      const pages = Number((/^Pages:\s+(\d+)/m.exec(info) || [])[1]);
      const size = (/^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info) || []).slice(1).map(Number);
      check(`${what}: one A4 page`, pages === 1 && Math.abs(size[0] - 595.28) < 2 && Math.abs(size[1] - 841.89) < 2, [pages, size]);
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      check(`${what}: the event, "${title}" and every team on the page`, text.includes('Autumn Cup "Kyiv", 2026') && text.includes(title) && TEAMS.every(([n]) => text.includes(n)), text.slice(0, 600));
      check(`${what}: no screen-only parts on paper`, !/Projector|CSV|connecting/.test(text), text.slice(0, 300));
      execFileSync('pdftoppm', ['-png', '-r', '80', pdf, `${ART}/print-${what}`]);
      const png = fs.readdirSync(ART).filter((f) => f.startsWith(`print-${what}-`) && /-\d+\.png$/.test(f));
      check(`${what}: the page as PNG`, png.length === 1, png);
      if (png.length === 1) fs.renameSync(`${ART}/${png[0]}`, `${ART}/print-${what}.png`);
      publish([`print-${what}.png`]);
    }
    check('no page errors', errors.length === 0, errors);
  } finally {
    await w.close();
  }
}

run(main);
