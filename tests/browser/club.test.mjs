// club.test.mjs: the club round robin page (clients/web/club.html) in headless Chromium
// against a real server (issue 15): a captain submits a line-up by shifting (board 2 left out,
// a reserve in: the boards follow), a short line-up of two gets the typed error of F-SHORT on
// the page; the director starts the round, enters every board's result, issues the appeals
// token; the captain files a protest; the director upholds it with a new result, and the
// standings on every page follow. Screenshots at laptop and phone size (tests/artifacts/).
// SPDX-License-Identifier: MIT

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, ART, check, launchBrowser, log, run, startServer, stop } from './harness.mjs';

const bin = process.argv[2];

// The director's setup over a raw WebSocket inside a page: an event of 4 teams of 6 + 4.
async function setup(page) {
  return page.evaluate(async (admin) => {
    const ws = new WebSocket(`ws://${location.host}/`, 'bughouse.v1');
    await new Promise((r) => (ws.onopen = r));
    let id = 0;
    const waiting = new Map();
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (waiting.has(m.id)) { waiting.get(m.id)(m); waiting.delete(m.id); }
    };
    const call = (body) => new Promise((r) => { const i = ++id; waiting.set(i, r); ws.send(JSON.stringify({ ...body, id: i })); });
    await call({ type: 'auth', token: admin });
    const c = await call({ type: 'club_create', name: 'Chornomorsk club championship', break_s: 600, protest_s: 600, wait_s: 0 });
    const names = ['Portovyk', 'Druzhba', 'Chornomorets', 'Shakhtar'];
    const surnames = ['Ivanenko', 'Petrenko', 'Sydorenko', 'Kovalenko', 'Bondarenko', 'Tkachenko', 'Shevchenko', 'Kravchenko', 'Melnyk', 'Boyko'];
    const tokens = [];
    for (let t = 1; t <= 4; t++) {
      const players = surnames.map((s, i) => ({ id: 100 * t + i + 1, name: `${s} ${'ABCD'[t - 1]}.`, rating: 2400 - 15 * i - 10 * t }));
      const r = await call({ type: 'club_team', club: c.club, name: names[t - 1], players, captain: 100 * t + 1 });
      tokens.push(r.token);
    }
    await call({ type: 'club_start', club: c.club });
    ws.close();
    return { club: c.club, tokens };
  }, ADMIN);
}

async function signIn(page, base, club, token) {
  await page.goto(`${base}/club.html?club=${club}`);
  await page.fill('#token', token);
  await page.click('#connect');
  await page.waitForFunction(() => document.querySelector('#role').textContent !== 'spectator');
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bh-club-'));
  fs.mkdirSync(ART, { recursive: true });
  const { srv, port } = await startServer(bin, tmp);
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  try {
    const laptop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await laptop.goto(`${base}/club.html`);
    const { club, tokens } = await setup(laptop);
    log(`club ${club} with 4 teams`);

    // the captain of team 1 (Portovyk): shifting, then a short line-up refused
    await signIn(laptop, base, club, tokens[0]);
    check('captain role', (await laptop.textContent('#role')).includes('captain of Portovyk'));
    await laptop.waitForSelector('#lineup li');
    check('six boards by default', (await laptop.locator('#lineup .bd.on').count()) === 6);
    await laptop.uncheck('#play-102');
    await laptop.check('#play-107');
    const labels = await laptop.locator('#lineup li .bd').allTextContents();
    check('shifting: board 2 is the third player', labels[2] === 'board 2', labels);
    check('shifting: the reserve is board 6', labels[6] === 'board 6', labels);
    check('player 2 out', labels[1] === '—', labels);
    await laptop.click('#submit-lineup');
    await laptop.waitForFunction(() => document.querySelector('#lineup-ok').textContent.includes('submitted'));
    check('submitted', true);
    await laptop.screenshot({ path: `${ART}/club-captain-laptop.png`, fullPage: true });
    for (const id of [101, 104, 105, 106, 107]) await laptop.uncheck(`#play-${id}`);
    await laptop.click('#submit-lineup');
    await laptop.waitForFunction(() => document.querySelector('#lineup-err').textContent !== '');
    const err = await laptop.textContent('#lineup-err');
    check('typed error: too_few_players, field players, rule F-SHORT', err.startsWith('too_few_players (players) · F-SHORT'), err);

    // the director: start the round, enter every board (board 1 of match 1 White wins)
    const director = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(director, base, club, ADMIN);
    await director.click('#start-round');
    await director.waitForSelector('select[id^="res-1-"]');
    const boards = await director.locator('select[id^="res-1-"]').evaluateAll((els) => els.map((e) => e.id));
    check('12 boards to enter', boards.length === 12, boards.length);
    for (const sel of boards) {
      const [, , m, b] = sel.split('-');
      await director.selectOption(`#${sel}`, m === '1' && b === '1' ? '1-0' : '1/2-1/2');
      await director.click(`#${sel} + button`);
      await director.waitForFunction((s) => !document.getElementById(s), sel);
    }
    await director.waitForFunction(() => document.querySelector('#schedule').textContent.includes('Round 1 · done'));
    check('round 1 done', true);
    const standing1 = await laptop.textContent('#standings');
    check('standings pushed to the captain', standing1.includes('3.5'), standing1);

    // the protest: the captain of the team that lost board 1 of match 1 (Berger 4: 1-4)
    const captain4 = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(captain4, base, club, tokens[3]);
    await captain4.waitForSelector('#file-protest');
    await captain4.selectOption('#protest-board', '1');
    await captain4.fill('#protest-text', 'my opponent flagged before the mate');
    await captain4.click('#file-protest');
    await captain4.waitForFunction(() => document.querySelector('#protest-ok').textContent === 'protest filed');
    check('protest filed', true);
    await director.waitForSelector('#uphold-1');
    await director.click('#new-appeals');
    await director.waitForFunction(() => document.querySelector('#appeals-token').value.length > 10);
    await director.selectOption('#decide-res-1', '0-1');
    await director.fill('#decide-reason-1', 'the flag fell first');
    await director.click('#uphold-1');
    await director.waitForFunction(() => document.querySelector('#protests').textContent.includes('upheld'));
    const pt = await captain4.textContent('#protests');
    check('the captain sees the decision', pt.includes('upheld → 0-1, deposit returned'), pt);
    const st = await captain4.textContent('#standings');
    check('standings recomputed: Shakhtar first with 3.5', /1Shakhtar2?3\.5/.test(st.replace(/\s+/g, '')), st);
    await captain4.screenshot({ path: `${ART}/club-captain-phone.png`, fullPage: true });
    await director.screenshot({ path: `${ART}/club-director-laptop.png`, fullPage: true });
  } finally {
    await browser.close();
    await stop(srv);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

run(main);
