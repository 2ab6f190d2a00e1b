// profile.test.mjs: the profile page (clients/web/profile.html) after a rated game played
// through the pages only, in headless Chromium (ctest `browser_profile`, label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Ann, Bob, Cid (1366x657) and Dan (a
// phone, 390x844) sign up on account.html; Ann opens a private rated 3+2 table on lobby.html,
// the others sit by its link (the seat names link to their profiles), all press Ready and
// play.html opens; Bob (Black on A) resigns. Ann opens her profile from account.html: 1662?
// with RD 290 and the provisional mark (Glickman 2013's update for a new player beating a
// 1500/350 team, as test_hub_rating), the uPlot chart drawn with one point, one game: won,
// partner Dan, opponents Bob and Cid, 1500 -> 1662; its BPGN downloads; its replay link opens
// the replay viewer on that game. Dan's phone shows Bob's profile: lost, 1500 -> 1338.
// Screenshots (looked at): tests/artifacts/profile-1366.png, profile-phone.png.
// usage: node tests/browser/profile.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, downloadText, run, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const LONG = { timeout: 30000 };

async function signup(page, base, name) {
  await page.goto(`${base}/account.html`);
  await page.waitForFunction(() => /Not logged in/.test(document.querySelector('#who-text').textContent), null, LONG);
  await page.fill('#signup input[name=name]', name);
  await page.fill('#signup input[name=password]', `${name} plays bughouse`);
  await page.click('#signup button[type=submit]');
  await page.waitForFunction((n) => document.querySelector('#me') && document.querySelector('#me').textContent === n, name, LONG);
}

const loggedIn = (page, name) => page.waitForFunction((n) => document.querySelector('#me') && document.querySelector('#me').textContent === n, name, LONG);

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('profile', bin);
  try {
    const wide = { viewport: { width: 1366, height: 657 } };
    const phoneCtx = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const names = ['Ann', 'Bob', 'Cid', 'Dan'];
    const p = [];
    for (let i = 0; i < 4; i++) p.push(w.watch(await (await w.browser.newContext(i === 3 ? phoneCtx : wide)).newPage(), names[i], true));
    for (let i = 0; i < 4; i++) await signup(p[i], w.base, names[i]);
    check('four accounts signed up on account.html', true);

    await p[0].goto(`${w.base}/lobby.html`);
    await loggedIn(p[0], 'Ann');
    await p[0].fill('#create input[name=base]', '3');
    await p[0].fill('#create input[name=inc]', '2');
    await p[0].check('#create input[name=rated]');
    await p[0].click('#create button[type=submit]');
    await p[0].waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="0"]'), null, LONG);
    check('a rated table', /rated/.test(await p[0].locator('li.table .head').textContent()));
    const link = await p[0].locator('li.table input.link').inputValue();
    for (let i = 1; i < 4; i++) {
      await p[i].goto(link);
      await loggedIn(p[i], names[i]);
      await p[i].waitForFunction(() => !document.querySelector('#invite').hidden, null, LONG);
      await p[i].click(`#invite-seats button[data-seat="${i}"]`);
      await p[i].waitForFunction((s) => document.querySelector(`li.table .seat.you[data-seat="${s}"]`), i, LONG);
    }
    await p[0].waitForFunction(() => document.querySelectorAll('li.table .seat a.profile').length === 4, null, LONG);
    check('the lobby links each seated account to its profile',
      (await p[0].locator('li.table .seat[data-seat="1"] a.profile').getAttribute('href')) === 'profile.html?name=Bob');

    for (let i = 0; i < 4; i++) {
      await p[i].click('li.table .seat.you button.ready-btn');
      if (i < 3) await p[i].waitForFunction(() => /ready/.test(document.querySelector('li.table .seat.you').textContent), null, LONG);
    }
    for (let i = 0; i < 4; i++) {
      await p[i].waitForURL(/play\.html\?token=[0-9a-f]{32}/, LONG);
      await p[i].waitForFunction(() => window.app.g && window.app.g.status === 'live', null, LONG);
    }
    check('the rated game is live on the four play pages', true);
    const game = await p[1].evaluate(() => window.app.g.id);
    check('Bob plays Black on A (seat 1)', (await p[1].evaluate(() => window.app.g.you)) === 1);
    p[1].on('dialog', (d) => d.accept());
    await p[1].click('#resign');
    for (let i = 0; i < 4; i++) await p[i].waitForFunction(() => window.app.g && window.app.g.status === 'finished', null, LONG);
    check('Bob resigned: the game is finished on every page', true);

    // Ann: her profile from her account page
    await p[0].goto(`${w.base}/account.html`);
    await loggedIn(p[0], 'Ann');
    await p[0].click('#my-profile');
    await p[0].waitForURL(/profile\.html\?name=Ann$/, LONG);
    await p[0].waitForFunction(() => window.app.profile && window.app.chart, null, LONG);
    const ann = await p[0].evaluate(() => ({
      rating: document.querySelector('#rating').textContent,
      rd: document.querySelector('#rd').textContent,
      prov: !document.querySelector('#prov').hidden,
      points: window.app.chart.data[0].length,
      ys: window.app.chart.data[1],
      canvas: !!document.querySelector('#chart canvas'),
      rows: [...document.querySelectorAll('#games tbody tr')].map((r) => [...r.cells].slice(0, 4).map((c) => c.textContent.trim())),
      href: document.querySelector('#games tbody a.replay').getAttribute('href'),
    }));
    check('Ann: 1662, provisional', ann.rating === '1662?' && ann.prov, ann);
    check('Ann: RD 290', /\b290\b/.test(ann.rd), ann.rd);
    check('the chart: a canvas, one point at 1662', ann.canvas && ann.points === 1 && ann.ys[0] === 1662, ann);
    check('one game: won, partner Dan, opponents Bob and Cid, 1500 -> 1662',
      ann.rows.length === 1 && ann.rows[0][0] === 'Won' && ann.rows[0][1] === 'Dan' && ann.rows[0][2] === 'Bob & Cid' && /^1500 → 1662 \(\+162\)$/.test(ann.rows[0][3]), ann.rows);
    check('the replay link is the game', ann.href === `replay.html?game=${game}`, ann.href);
    await p[0].screenshot({ path: `${ART}/profile-1366.png` });
    const dl = await downloadText(p[0], () => p[0].click('#games tbody button.bpgn'));
    check('the BPGN of the game', dl.name === `game-${game}.bpgn` && /\[Event /.test(dl.text) && /Ann/.test(dl.text) && /Bob/.test(dl.text), dl.name);

    await p[0].click('#games tbody a.replay');
    await p[0].waitForURL(new RegExp(`replay\\.html\\?game=${game}$`), LONG);
    await p[0].waitForFunction(() => !document.querySelector('#rp-bar').hidden, null, LONG);
    check('the replay viewer opens the game', true);

    // Dan's phone: Bob's profile
    await p[3].goto(`${w.base}/profile.html?name=bob`);
    await p[3].waitForFunction(() => window.app.profile && window.app.chart, null, LONG);
    const bob = await p[3].evaluate(() => ({
      name: document.querySelector('#name').textContent,
      rating: document.querySelector('#rating').textContent,
      row: [...document.querySelector('#games tbody tr').cells].slice(0, 4).map((c) => c.textContent.trim()),
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    check('Bob (asked as bob): 1338?, lost with Cid against Ann and Dan, 1500 -> 1338',
      bob.name === 'Bob' && bob.rating === '1338?' && bob.row[0] === 'Lost' && bob.row[1] === 'Cid' && bob.row[2] === 'Ann & Dan' && /^1500 → 1338 \(-162\)$/.test(bob.row[3]), bob);
    check('phone: no sideways scroll', bob.sideways <= 0, bob.sideways);
    await p[3].screenshot({ path: `${ART}/profile-phone.png`, fullPage: true });

    await p[3].goto(`${w.base}/profile.html?name=Zed`);
    await p[3].waitForFunction(() => /no account/.test(document.querySelector('#games-count').textContent), null, LONG);
    check('an unknown name: said so', true);
    check('no page errors', w.errors.length === 0, w.errors);
  } finally {
    await w.close();
  }
}

run(main);
