// league.test.mjs: the team league of seed 003 in headless Chromium (issue 16's "Done when":
// a player sends, a second accepts, both play; the bracket page shows the result; ctest label
// `browser`). A small league (4 teams in 2 groups, 1 board, then the semi-finals and the
// final; F-GROUPS, F-KNOCKOUT, F-CHALLENGE). The White player of group A's match opens his
// league link on a laptop: a challenge for a start in the past is refused with a sentence
// naming the field and the rule; he challenges "now". The Black player, on a phone, sees the
// proposal with its deadline and a countdown, and accepts; both get the `game` notice and its
// Play link, open the play page and play Fool's mate (1. f3 e5 2. g4 Qh4#, FIDE Laws 5.1.1) by
// dragging pieces. The public league page shows 0-1 (a link to the game) and group A's table
// (Black's team: 2 match points). The director, signed in on the same page, enters group B's
// result, starts the semi-finals and enters them (one drawn 1-1: the lower team rating goes
// through, art. 7), then the final: the bracket shows the scores, the rating note and the
// winner, which the server's league_get names too. Screenshots at 1366x768 and 390x844 of the
// league page, the bracket and the player's challenge view go to tests/artifacts/ (and
// docs/screenshots/ with UPDATE_SCREENSHOTS=1).
// usage: node tests/browser/league.test.mjs SERVER_BINARY   (cwd: the repo root)
// SPDX-License-Identifier: MIT

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, ART, check, dragMove as play, launchBrowser, log, run, sideways, snapWait, startServer, stop, wsSteps } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

// Messages over a raw WebSocket inside a page, as the director (or, admin false, anyone).
const wire = (page, steps, admin = true) => wsSteps(page, admin ? ADMIN : '', steps);

const TEAMS = [
  ['Kaissa', [[101, 'Orlov', 2210], [102, 'Belov', 2150]]],
  ['Chigorin', [[201, 'Zaitsev', 2190], [202, 'Lebedev', 2100]]],
  ['Tal Memorial', [[301, 'Kozlov', 2170], [302, 'Novikov', 2120]]],
  ['Petrosian', [[401, 'Morozov', 2160], [402, 'Volkov', 2080]]],
];

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-league-'));
  fs.mkdirSync(ART, { recursive: true });
  const { srv, port } = await startServer(bin, tmp);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  const errors = [];
  const shots = [];
  const shot = async (page, name, full = true) => {
    await page.screenshot({ path: `${ART}/${name}`, fullPage: full });
    shots.push(name);
  };
  try {
    const laptop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const boot = await laptop.newPage();
    await boot.goto(`${base}/league.html`);
    const [c] = await wire(boot, [{ type: 'league_create', name: 'Open League 2026', teams: 4, groups: 2, boards: 1, first_valid_ms: 600000, second_valid_ms: 300000, wait_s: 120 }]);
    check('league created', c.type === 'created' && c.league > 0, c);
    const L = c.league;
    const regs = await wire(boot, TEAMS.map(([name, ps]) => ({ type: 'league_team', league: L, name, captain: ps[0][0], players: ps.map(([id, n, rating]) => ({ id, name: n, rating })) })));
    const tok = new Map();
    for (const r of regs) for (const t of r.tokens || []) tok.set(t.player, t.token);
    check('a league token per roster player', tok.size === 8, regs);

    // a spectator's league page before the draw, then the draw live
    const pub = await laptop.newPage();
    pub.on('pageerror', (e) => errors.push(`public: ${e.message}`));
    await pub.goto(`${base}/league.html?league=${L}`);
    await snapWait(pub, (s) => s.status === 'registering' && s.teams.length === 4);
    await wire(boot, [{ type: 'league_start', league: L }]);
    await snapWait(pub, (s) => s.status === 'running' && s.groups.length === 2);
    const snap = await pub.evaluate(() => window.app.snap);
    const groupsShown = await pub.evaluate(() => [...document.querySelectorAll('.group')].map((g) => g.querySelector('h3').textContent));
    log(`groups: ${groupsShown.join(' | ')}`);
    check('both groups with their averages', groupsShown.length === 2 && groupsShown.every((t) => /Group [AB] · average \d+/.test(t)), groupsShown);
    const fa = snap.fixtures.find((f) => f.group === 'A');
    const g1 = fa.games[0];
    log(`A1: ${g1.white} (White) v ${g1.black}, state ${g1.state}, sender ${g1.sender}`);
    check('the group game waits for its White player\'s challenge', g1.state === 'new' && g1.sender === 'white', g1);

    // the White player on a laptop: a start in the past is refused in words; then "now"
    const key = `${fa.match}-${g1.board}-${g1.game}`;
    const pw = await laptop.newPage();
    pw.on('pageerror', (e) => errors.push(`white: ${e.message}`));
    await pw.goto(`${base}/league.html?league=${L}&token=${tok.get(g1.white)}`);
    await pw.waitForSelector(`#send-now-${key}`, { timeout: 10000 });
    await pw.fill(`#send-at-${key}`, '2020-01-01T10:00:00');
    await pw.click(`#send-at-btn-${key}`);
    await pw.waitForSelector(`#mine-${key} .err`, { timeout: 10000 });
    const refusal = await pw.textContent(`#mine-${key} .err`);
    log(`refusal: ${refusal}`);
    check('the refusal is a sentence with its field and rule', /in the past/.test(refusal) && /field start_ms/.test(refusal) && !/^invalid/.test(refusal), refusal);
    await shot(pw, 'league-challenge-1366.png', false);
    await pw.click(`#send-now-${key}`);

    // the Black player on a phone: the proposal, its deadline, Accept
    const pb = await phone.newPage();
    pb.on('pageerror', (e) => errors.push(`black: ${e.message}`));
    await pb.goto(`${base}/league.html?league=${L}&token=${tok.get(g1.black)}`);
    await pb.waitForSelector(`#accept-${key}`, { timeout: 10000 });
    const prop = await pb.textContent(`#mine-${key}`);
    log(`black sees: ${prop.slice(0, 160)}`);
    check('the proposal shows its deadline as a date and a countdown', /Answer by/.test(prop) && /in (\d+:\d\d|\d+ h)/.test(prop), prop);
    const unread = await pb.textContent('#unread').catch(() => '');
    check('the proposed notice is unread', /1 new/.test(unread), unread);
    check('no sideways scroll on the phone (player\'s view)', (await sideways(pb)) <= 0, await sideways(pb));
    await shot(pb, 'league-challenge-390.png', false);
    await pb.click(`#accept-${key}`);

    // both get the game: Play opens the play page of the hosted chess game
    const links = [];
    for (const p of [pw, pb]) {
      await p.waitForSelector(`#play-${key}`, { timeout: 15000 });
      links.push(await p.getAttribute(`#play-${key}`, 'href'));
    }
    log(`play links: ${links.join(' ')}`);
    check('two seats of one game', links.every((l) => /^play\.html\?game=\d+&token=/.test(l)) && new URL(`${base}/${links[0]}`).searchParams.get('game') === new URL(`${base}/${links[1]}`).searchParams.get('game'), links);
    const [qw, qb] = [await laptop.newPage(), await laptop.newPage()];
    for (const [p, what] of [[qw, 'white'], [qb, 'black']]) p.on('pageerror', (e) => errors.push(`play ${what}: ${e.message}`));
    await qw.goto(`${base}/${links[0]}`);
    await qb.goto(`${base}/${links[1]}`);
    for (const p of [qw, qb]) await p.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 15000 });
    await play(qw, 'f2f3');
    await play(qb, 'e7e5');
    await play(qw, 'g2g4');
    await play(qb, 'd8h4');
    for (const p of [qw, qb]) await p.waitForFunction(() => window.app.g.status === 'finished', null, { timeout: 10000 });
    const res = await qb.textContent('#result');
    check('Black mates on the play page', /You win/.test(res) && /0-1/.test(res), res);

    // the public page: the result as a link to the game, group A's table
    await snapWait(pub, (s, k) => s.fixtures.some((f) => f.match === k.m && f.games[0].result === '0-1'), { m: fa.match });
    const row = await pub.evaluate((m) => {
      const tr = document.querySelector(`details.match[data-match="${m}"] tbody tr`);
      const a = tr.querySelector('td.res a');
      return { text: tr.querySelector('td.res').textContent, href: a && a.getAttribute('href') };
    }, fa.match);
    log(`A1 on the league page: ${JSON.stringify(row)}`);
    check('the league page shows 0-1, linked to the replay', row.text === '0-1' && /^replay\.html\?game=\d+$/.test(row.href || ''), row);
    const blackTeam = g1.black_team;
    const tableA = await pub.evaluate(() => [...document.querySelectorAll('.group[data-group="A"] tbody tr')].map((tr) => ({ team: Number(tr.dataset.team), text: tr.innerText.replace(/\s+/g, ' ') })));
    log(`group A: ${tableA.map((r) => r.text).join(' / ')}`);
    check('Black\'s team heads group A with 2 match points', tableA[0].team === blackTeam && /\b1 2 1\b/.test(tableA[0].text), tableA);
    await pub.reload();
    await snapWait(pub, (s) => s.fixtures.length > 0);
    await shot(pub, 'league-groups-1366.png');
    const pubPhone = await phone.newPage();
    pubPhone.on('pageerror', (e) => errors.push(`public phone: ${e.message}`));
    await pubPhone.goto(`${base}/league.html?league=${L}`);
    await snapWait(pubPhone, (s) => s.fixtures.length > 0);
    check('no sideways scroll on the phone (league page)', (await sideways(pubPhone)) <= 0, await sideways(pubPhone));
    await shot(pubPhone, 'league-groups-390.png');

    // the director on the league page: group B's result, the semi-finals, the final
    const desk = await laptop.newPage();
    desk.on('pageerror', (e) => errors.push(`desk: ${e.message}`));
    await desk.goto(`${base}/league.html?league=${L}`);
    await snapWait(desk, (s) => s.fixtures.length > 0);
    await desk.fill('#token', ADMIN);
    await desk.click('#connect');
    await desk.waitForFunction(() => document.querySelector('#role').textContent === 'director', null, { timeout: 10000 });
    const fb = snap.fixtures.find((f) => f.group === 'B');
    const kb = `${fb.match}-1-1`;
    // group B's White challenges (over the wire): the desk lists it by its deadline; extend it
    const gb = fb.games[0];
    const [sent] = await wire(boot, [{ type: 'league_send', league: L, token: tok.get(gb.white), stage: 1, match: fb.match, board: 1, start_ms: 0 }], false);
    check('group B\'s challenge sent', sent.type === 'ack', sent);
    await desk.waitForSelector(`#extend-${kb}`, { timeout: 10000 });
    const before = await desk.evaluate((m) => window.app.snap.fixtures.find((f) => f.match === m).games[0].deadline_ms, fb.match);
    await desk.selectOption(`#ext-${kb}`, '600000');
    await desk.click(`#extend-${kb}`);
    await snapWait(desk, (s, a) => s.fixtures.find((f) => f.match === a.m).games[0].deadline_ms === a.d + 600000, { m: fb.match, d: before });
    const ext = await desk.textContent(`#open-challenges tr[data-key="${kb}"]`);
    log(`extended: ${ext}`);
    check('the desk shows the extension', /extended/.test(ext), ext);
    await desk.selectOption(`#res-${kb}`, '1-0');
    await desk.click(`#result-${kb}`);
    await snapWait(desk, (s) => s.status === 'between' && s.bracket.length === 3);
    await desk.click('#stage-start');
    await snapWait(desk, (s) => s.stage === 'sf' && s.status === 'running');
    const sf = await desk.evaluate(() => window.app.snap);
    log(`semi-finals: ${sf.fixtures.map((f) => `${f.label} ${f.teams.join('-')} (${f.games.length} games)`).join(', ')}`);
    check('semi-finals of two games a board', sf.fixtures.length === 2 && sf.fixtures.every((f) => f.games.length === 2), sf.fixtures);
    // SF1 drawn 1-1 (each team wins its White game), SF2 2-0 for the first-named team
    const enter = async (f, g, result) => {
      const k = `${f.match}-${g.board}-${g.game}`;
      await desk.selectOption(`#res-${k}`, result);
      await desk.click(`#result-${k}`);
      await snapWait(desk, (s, a) => s.fixtures.some((x) => x.match === a.m && x.games.some((y) => y.board === a.b && y.game === a.g && y.result !== '*')), { m: f.match, b: g.board, g: g.game });
    };
    const sf1 = sf.fixtures.find((f) => f.label === 'SF1'), sf2 = sf.fixtures.find((f) => f.label === 'SF2');
    for (const g of sf1.games) await enter(sf1, g, '1-0');
    for (const g of sf2.games) await enter(sf2, g, g.white_team === sf2.teams[0] ? '1-0' : '0-1');
    await snapWait(desk, (s) => s.status === 'between' && s.bracket.find((b) => b.label === 'F').teams.every(Boolean));
    const br = await desk.evaluate(() => window.app.snap.bracket);
    const b1 = br.find((b) => b.label === 'SF1');
    const lower = b1.rating[0] < b1.rating[1] ? b1.teams[0] : b1.teams[1];
    log(`SF1: ${JSON.stringify(b1)}`);
    check('the drawn semi-final goes to the lower team rating (art. 7)', b1.by === 'rating' && b1.winner === lower && b1.gp[0] === 1 && b1.gp[1] === 1, b1);
    await desk.click('#stage-start');
    await snapWait(desk, (s) => s.stage === 'final' && s.status === 'running');
    const fin = (await desk.evaluate(() => window.app.snap.fixtures))[0];
    for (const g of fin.games) await enter(fin, g, g.white_team === fin.teams[1] ? '1-0' : '1/2-1/2');
    await snapWait(desk, (s) => s.status === 'finished' && s.winner > 0);

    // the bracket on the public pages (pushed live) and the server's league_get
    const [got] = await wire(boot, [{ type: 'league_get', league: L }], false);
    await snapWait(pub, (s) => s.status === 'finished');
    const drawn = await pub.evaluate(() => ({
      champion: (document.querySelector('#champion') || {}).textContent || '',
      sf1: document.querySelector('.bm[data-label="SF1"]').innerText.replace(/\s+/g, ' '),
      final: document.querySelector('.bm[data-label="F"]').innerText.replace(/\s+/g, ' '),
    }));
    log(`bracket: ${JSON.stringify(drawn)}`);
    const champName = TEAMS.find((t, i) => regs[i].team === got.winner)[0];
    check('the bracket names the server\'s winner', got.winner === fin.teams[1] && drawn.champion.includes(champName), { got: got.winner, drawn });
    check('the bracket shows the final\'s score', /1½/.test(drawn.final) && /½/.test(drawn.final), drawn.final);
    check('the bracket explains the drawn semi-final', /lower team rating/.test(drawn.sf1), drawn.sf1);
    await shot(pub, 'league-bracket-1366.png');
    await snapWait(pubPhone, (s) => s.status === 'finished');
    check('no sideways scroll on the phone (bracket)', (await sideways(pubPhone)) <= 0, await sideways(pubPhone));
    await pubPhone.evaluate(() => document.querySelector('#sec-bracket').scrollIntoView());
    await shot(pubPhone, 'league-bracket-390.png', false);
    check('no page errors', errors.length === 0, errors.join('; '));
    if (process.env.UPDATE_SCREENSHOTS) for (const f of shots) fs.copyFileSync(`${ART}/${f}`, `docs/screenshots/${f}`);
  } finally {
    await browser.close();
    await stop(srv);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

run(main);
