// league_desk.test.mjs: the league director's table (issue 26 item 3; seed 003, F-CHALLENGE,
// T-WAIT, F-TEAMRATING) in headless Chromium, a director's path. A small league (4 teams in 2
// groups, 1 board, 4 s waiting time). Group A: the players arrange their game from their league
// pages (challenge now, accept) and then nobody opens the play page: the director's table says
// "waiting for players" with the forfeit's countdown (it said "playing"), and after the waiting
// time "double forfeit" (it said "played"). Group B: a challenge is open: the director's table
// lists it with its deadline and a countdown, the director extends it by 10 minutes (the new
// deadline on the page), then enters the result. Between the stages a roster changes (the
// registration panel's message) and the semi-finals start: the table of team ratings shows each
// team's group-stage rating and its recomputed semi-final rating. A player's page links to his
// calendar: the .ics (RFC 5545: CRLF, VCALENDAR, a VEVENT per fixture with UID, DTSTAMP,
// DTSTART, SUMMARY) and the .json; unknown league or player 404, POST 405. Screenshots of the
// director's table at 1366x657 and 390x844 (docs/screenshots/ with UPDATE_SCREENSHOTS=1).
// usage: node tests/browser/league_desk.test.mjs SERVER_BINARY   (cwd: the repo root)
// SPDX-License-Identifier: MIT

import fs from 'node:fs';
import { ADMIN, ART, check, log, publish, run, sideways, snapWait, world, wsSteps } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

// Messages the pages send (the desk's league_create and league_team, the registration panel's
// league_roster), over a raw WebSocket inside a page, as the director.
const wire = (page, steps) => wsSteps(page, ADMIN, steps);

// [name, players [id, name, rating], captain]
const TEAMS = [
  ['Kaissa', [[101, 'Orlov', 2210], [102, 'Belov', 2150], [103, 'Sokolov', 2000]], 103],
  ['Chigorin', [[201, 'Zaitsev', 2190], [202, 'Lebedev', 2100]], 201],
  ['Tal Memorial', [[301, 'Kozlov', 2170], [302, 'Novikov', 2120]], 301],
  ['Petrosian', [[401, 'Morozov', 2160], [402, 'Volkov', 2080]], 401],
];

// The text of a fixture's game row on the page (match m, board 1, game g).
const rowText = (page, m, g = 1) => page.evaluate(([mm, gg]) => {
  const tr = document.querySelector(`details.match[data-match="${mm}"] tr[data-board="1"][data-game="${gg}"]`);
  return tr ? tr.innerText.replace(/\s+/g, ' ') : '';
}, [m, g]);

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('league-desk', bin);
  const { base, browser, errors } = w;
  const shots = [];
  const shot = async (page, name, full = true) => {
    await page.screenshot({ path: `${ART}/${name}`, fullPage: full });
    shots.push(name);
  };
  try {
    const laptop = await browser.newContext({ viewport: { width: 1366, height: 657 } });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const boot = await laptop.newPage();
    await boot.goto(`${base}/league.html`);
    const [c] = await wire(boot, [{ type: 'league_create', name: 'Desk League 2026', teams: 4, groups: 2, boards: 1, first_valid_ms: 3600000, second_valid_ms: 1800000, wait_s: 4 }]);
    check('league created', c.type === 'created' && c.league > 0, c);
    const L = c.league;
    const regs = await wire(boot, TEAMS.map(([name, ps, cap]) => ({ type: 'league_team', league: L, name, captain: cap, players: ps.map(([id, n, rating]) => ({ id, name: n, rating })) })));
    const tok = new Map();
    for (const r of regs) for (const t of r.tokens || []) tok.set(t.player, t.token);
    check('a league token per roster player', tok.size === 9, regs);

    // the director signs in on the league page and closes registration
    const desk = await laptop.newPage();
    w.watch(desk, 'desk');
    await desk.goto(`${base}/league.html?league=${L}`);
    await snapWait(desk, (s) => s.teams.length === 4);
    await desk.fill('#token', ADMIN);
    await desk.click('#connect');
    await desk.waitForFunction(() => document.querySelector('#role').textContent === 'director', null, { timeout: 10000 });
    await desk.click('#league-start');
    await snapWait(desk, (s) => s.status === 'running' && s.fixtures.length === 2);
    const snap = await desk.evaluate(() => window.app.snap);
    const fa = snap.fixtures.find((f) => f.group === 'A'), fb = snap.fixtures.find((f) => f.group === 'B');
    const ga = fa.games[0], gb = fb.games[0];
    check('every game starts in the phase "arranging"', snap.fixtures.every((f) => f.games.every((g) => g.phase === 'arranging')), snap.fixtures.map((f) => f.games.map((g) => g.phase)));
    const a0 = await rowText(desk, fa.match);
    log(`A1 before its challenge: ${a0}`);
    check('a game not yet arranged reads so', /not arranged yet/.test(a0), a0);

    // group A: the players arrange their game on their pages; then nobody comes to the board
    const ka = `${fa.match}-1-1`;
    const pw = await laptop.newPage();
    w.watch(pw, 'white');
    await pw.goto(`${base}/league.html?league=${L}&token=${tok.get(ga.white)}`);
    await pw.waitForSelector(`#send-now-${ka}`, { timeout: 10000 });
    await pw.click(`#send-now-${ka}`);
    const pb = await phone.newPage();
    w.watch(pb, 'black');
    await pb.goto(`${base}/league.html?league=${L}&token=${tok.get(ga.black)}`);
    await pb.waitForSelector(`#accept-${ka}`, { timeout: 10000 });
    await pb.click(`#accept-${ka}`);
    await snapWait(desk, (s, m) => s.fixtures.find((f) => f.match === m).games[0].game_id > 0, fa.match);
    const gw = (await desk.evaluate((m) => window.app.snap.fixtures.find((f) => f.match === m).games[0], fa.match));
    log(`A1 created, nobody at the board: ${JSON.stringify({ state: gw.state, phase: gw.phase, present: gw.present, forfeit_ms: gw.forfeit_ms })}`);
    check('the snapshot says the game waits for its players', gw.phase === 'waiting' && gw.present && !gw.present[0] && !gw.present[1] && gw.forfeit_ms > 0, gw);
    const a1 = await rowText(desk, fa.match);
    log(`A1 on the page: ${a1}`);
    check('the page says "waiting for players", not "playing"', /waiting for players/.test(a1) && !/playing/.test(a1.replace(/waiting for players/g, '')), a1);
    check('the page counts down to the forfeit', /forfeit in (\d+:\d\d)/.test(a1), a1);
    const deskRow = await desk.textContent(`#open-challenges tr[data-key="${ka}"]`).catch(() => '');
    check('the director\'s table lists the waiting game', /waiting for players/.test(deskRow), deskRow);
    await pw.waitForFunction((k) => /waiting for players/.test((document.querySelector(`#mine-${k}`) || {}).textContent || ''), ka, { timeout: 5000 }).catch(() => {});
    const mine = await pw.textContent(`#mine-${ka}`);
    check('the player\'s own card says his game waits for the players too', /waiting for players/.test(mine) && /Play/.test(mine), mine);
    await shot(desk, 'league-desk-waiting-1366.png', false);
    await snapWait(desk, (s, m) => s.fixtures.find((f) => f.match === m).games[0].result === '--', fa.match, 20000);
    const gf = (await desk.evaluate((m) => window.app.snap.fixtures.find((f) => f.match === m).games[0], fa.match));
    check('the snapshot says double forfeit', gf.phase === 'double_forfeit', gf);
    const a2 = await rowText(desk, fa.match);
    log(`A1 after the waiting time: ${a2}`);
    check('the page says "double forfeit", not "played"', /double forfeit/.test(a2) && !/\bplayed\b/.test(a2), a2);

    // group B: an open challenge on the director's table with its deadline; extend it
    const kb = `${fb.match}-1-1`;
    const pbw = await laptop.newPage();
    w.watch(pbw, 'B white');
    await pbw.goto(`${base}/league.html?league=${L}&token=${tok.get(gb.white)}`);
    await pbw.waitForSelector(`#send-now-${kb}`, { timeout: 10000 });
    await pbw.click(`#send-now-${kb}`);
    await desk.waitForSelector(`#extend-${kb}`, { timeout: 10000 });
    const before = await desk.evaluate((m) => window.app.snap.fixtures.find((f) => f.match === m).games[0].deadline_ms, fb.match);
    const open0 = await desk.textContent(`#open-challenges tr[data-key="${kb}"]`);
    log(`B1 open: ${open0}`);
    check('the open challenge shows its deadline and a countdown', /answers by/.test(open0) && /in (\d+ h \d\d min|\d+:\d\d)/.test(open0), open0);
    await desk.selectOption(`#ext-${kb}`, '600000');
    await desk.click(`#extend-${kb}`);
    await snapWait(desk, (s, a) => s.fixtures.find((f) => f.match === a.m).games[0].deadline_ms === a.d + 600000, { m: fb.match, d: before });
    const open1 = await desk.textContent(`#open-challenges tr[data-key="${kb}"]`);
    log(`B1 extended: ${open1}`);
    check('the table shows the new deadline and the extension', /extended/.test(open1) && /in 1 h 0\d min/.test(open1), open1);
    await shot(desk, 'league-desk-1366.png', false);
    const dp = await phone.newPage();
    w.watch(dp, 'desk phone');
    await dp.addInitScript((t) => localStorage.setItem('bh.admin', JSON.stringify(t)), ADMIN);
    await dp.goto(`${base}/league.html?league=${L}`);
    await dp.waitForSelector('#open-challenges', { timeout: 10000 });
    check('no sideways scroll on the phone (director\'s table)', (await sideways(dp)) <= 0, await sideways(dp));
    await dp.evaluate(() => document.querySelector('#sec-desk').scrollIntoView());
    await shot(dp, 'league-desk-390.png', false);
    // a player's calendar: the link on his page, the .ics and the .json
    await pbw.waitForSelector('#calendar-ics', { timeout: 10000 });
    const href = await pbw.getAttribute('#calendar-ics', 'href');
    log(`calendar link: ${href}`);
    check('the player\'s page links his calendar', href === `/feed/league/${L}/player/${gb.white}.ics`, href);
    const ics = await fetch(`${base}${href}`);
    const text = await ics.text();
    log(`ics ${ics.status} ${ics.headers.get('content-type')}: ${JSON.stringify(text.slice(0, 200))}`);
    check('the .ics is served as text/calendar', ics.status === 200 && /^text\/calendar/.test(ics.headers.get('content-type') || ''), ics.status);
    const lines = text.split('\r\n');
    check('every line ends with CRLF', text.endsWith('\r\n') && !/[^\r]\n/.test(text), text.slice(0, 80));
    check('a VCALENDAR with VERSION and PRODID', lines[0] === 'BEGIN:VCALENDAR' && lines.includes('VERSION:2.0') && lines.some((l) => l.startsWith('PRODID:')) && lines.at(-2) === 'END:VCALENDAR', lines.slice(0, 4));
    const events = text.split('BEGIN:VEVENT').slice(1);
    check('a VEVENT for his open challenge, with UID, DTSTAMP, DTSTART, SUMMARY', events.length === 1 && events.every((e) => /\r\nUID:[^\r]+@/.test(e) && /\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/.test(e) && /\r\nDTSTART:\d{8}T\d{6}Z\r\n/.test(e) && /\r\nSUMMARY:[^\r]+/.test(e)), events);
    const opp = TEAMS.flatMap((t) => t[1]).find((p) => p[0] === gb.black)[1];
    const due = new Date(await desk.evaluate((m) => window.app.snap.fixtures.find((f) => f.match === m).games[0].deadline_ms, fb.match)).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    check('its DTSTART is the extended deadline, its summary names the opponent', events.length === 1 && events[0].includes(`\r\nDTSTART:${due}\r\n`) && events[0].includes(opp) && /SEQUENCE:1/.test(events[0]), { due, ev: events[0] });
    const js = await (await fetch(`${base}/feed/league/${L}/player/${gb.white}.json`)).json();
    log(`json: ${JSON.stringify(js).slice(0, 300)}`);
    check('the .json names the player and lists the same events', js.player === gb.white && js.league === L && Array.isArray(js.events) && js.events.length === events.length, js);
    const st = async (url, init) => (await fetch(`${base}${url}`, init)).status;
    check('unknown league: 404', (await st(`/feed/league/999/player/${gb.white}.ics`)) === 404);
    check('unknown player: 404', (await st(`/feed/league/${L}/player/999999.ics`)) === 404);
    check('POST: 405', (await st(`/feed/league/${L}/player/${gb.white}.ics`, { method: 'POST', body: 'x' })) === 405);
    await desk.selectOption(`#res-${kb}`, '1-0');
    await desk.click(`#result-${kb}`);
    await snapWait(desk, (s) => s.status === 'between' && s.bracket.length === 3);
    const b1 = await rowText(desk, fb.match);
    check('a result the director entered with no game reads so', /entered by the director/.test(b1), b1);

    // between the stages: Kaissa's roster changes (Orlov leaves, Belov is its board player); the semi-finals
    // start with the team ratings recomputed from the rosters (art. 7, F-TEAMRATING)
    const kaissa = regs[0].team;
    const [ro] = await wire(boot, [{ type: 'league_roster', league: L, team: kaissa, players: [[102, 'Belov', 2150], [103, 'Sokolov', 2000]].map(([id, n, rating]) => ({ id, name: n, rating })) }]);
    check('the roster changed between the stages', ro.type === 'created' || ro.type === 'ack', ro);
    await desk.click('#stage-start');
    await snapWait(desk, (s) => s.stage === 'sf' && s.status === 'running');
    await desk.waitForSelector('#ko-ratings', { timeout: 10000 });
    const ratings = await desk.evaluate(() => [...document.querySelectorAll('#ko-ratings tbody tr')].map((tr) => tr.innerText.replace(/\s+/g, ' ')));
    log(`team ratings: ${ratings.join(' / ')}`);
    const kr = ratings.find((r) => r.startsWith('Kaissa')) || '';
    check('the ratings table shows Kaissa\'s group-stage and recomputed semi-final rating', /2210/.test(kr) && /2150 \(−60\)/.test(kr), kr);
    const tk = await desk.evaluate((t) => window.app.snap.teams.find((x) => x.team === t).ratings, kaissa);
    check('the snapshot carries each stage\'s team rating', tk && tk.groups === 2210 && tk.sf === 2150, tk);
    await desk.evaluate(() => window.scrollTo(0, document.querySelector('#ko-ratings').getBoundingClientRect().top + window.scrollY - 180));
    await shot(desk, 'league-desk-ratings-1366.png', false);
    await dp.reload();
    await dp.waitForSelector('#ko-ratings', { timeout: 10000 });
    check('no sideways scroll on the phone (ratings)', (await sideways(dp)) <= 0, await sideways(dp));
    await dp.evaluate(() => window.scrollTo(0, document.querySelector('#ko-ratings').getBoundingClientRect().top + window.scrollY - 200));
    await shot(dp, 'league-desk-ratings-390.png', false);

    check('no page errors', errors.length === 0, errors.join('; '));
    publish(shots);
  } finally {
    await w.close();
  }
}

run(main);
