// profile.test.mjs: the profile page (clients/web/profile.html) after a rated game played
// through the pages only, in headless Chromium (ctest `browser_profile`, label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Ann, Bob, Cid (1366x657) and Dan (a
// phone, 390x844) sign up on account.html; Ann opens a private rated 3+2 table on lobby.html,
// the others sit by its link (the seat names link to their profiles), all press Ready and
// play.html opens; Bob (Black on A) resigns. Ann opens her profile from account.html: 1662?
// with RD 290 and the provisional mark (Glickman 2013's update for a new player beating a
// 1500/350 team, as test_hub_rating), the uPlot chart drawn with one point, one game: won,
// partner Dan, opponents Bob and Cid, 1500 -> 1662, its replay link; Dan's phone shows Bob's
// (asked as bob): lost, 1500 -> 1338. A second rated table, Ann and Bob against Cid and Dan,
// Cid resigns: Ann's list has game 2 first (won with Bob, from 1662 up to the rating shown),
// the chart two points; head to head with Dan (against once, with once) and against the pair
// Cid & Dan (game 2); the BPGN of game 1 and of both download; the replay link opens game 1.
// Screenshots (looked at): tests/artifacts/profile-1366.png, profile-h2h-1366.png,
// profile-phone.png.
// usage: node tests/browser/profile.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, downloadText, fourAccounts, loggedIn, publish, readyAndPlay, run, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const LONG = { timeout: 30000 };

const NAMES = ['Ann', 'Bob', 'Cid', 'Dan'];

// A private rated 3+2 table opened by p[0] on the lobby (its creator sits at seat 0); p[i] sits at seat[i] by its link, all
// press Ready, play.html opens on the four; p[resigner] resigns. Returns the game's id. With
// links: checks that the lobby links each seated account to its profile.
async function playRated(p, seat, resigner, links, elo) {
  const base = new URL(p[0].url()).origin;
  await p[0].goto(`${base}/lobby.html`);
  await loggedIn(p[0], 'Ann');
  await p[0].fill('#create input[name=base]', '3');
  await p[0].fill('#create input[name=inc]', '2');
  await p[0].check('#create input[name=rated]');
  await p[0].click('#create button[type=submit]');
  await p[0].waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="0"]'), null, LONG);
  if (links) check('a rated table', /rated/.test(await p[0].locator('li.table .head').textContent()));
  const link = await p[0].locator('li.table input.link').inputValue();
  for (let i = 1; i < 4; i++) {
    await p[i].goto(link);
    await loggedIn(p[i], NAMES[i]);
    await p[i].waitForFunction(() => !document.querySelector('#invite').hidden, null, LONG);
    await p[i].click(`#invite-seats button[data-seat="${seat[i]}"]`);
    await p[i].waitForFunction((s) => document.querySelector(`li.table .seat.you[data-seat="${s}"]`), seat[i], LONG);
  }
  await p[0].waitForFunction(() => document.querySelectorAll('li.table .seat a.profile').length === 4, null, LONG);
  if (links) {
    check('the lobby links each seated account to its profile',
      (await p[0].locator(`li.table .seat[data-seat="${seat[1]}"] a.profile`).getAttribute('href')) === 'profile.html?name=Bob');
  }
  // each seat's rating as the lobby shows it (G-PROVISIONAL's "?"), and the two teams'
  // expected scores (G-TEAM): both teams average 1500 in either game, so 50% each
  const shown = await p[0].$$eval('li.table .seat', (l) => l.map((x) => [Number(x.dataset.seat), (x.querySelector('.elo') || {}).textContent]));
  check(`the lobby shows each seat's rating: ${elo.join(', ')} by seat`, shown.every(([s, t]) => t === elo[s]), shown);
  const odds = await p[0].locator('li.table .expected').textContent();
  if (!links) await p[0].screenshot({ path: `${ART}/profile-lobby-rated-1366.png` });
  check('the table shows the teams\' expected scores: 50% each', /Expected score: \w+ & \w+ 50%, \w+ & \w+ 50%/.test(odds), odds);
  await readyAndPlay(p);
  const bars = await p[3].$$eval('.bar', (l) => l.map((x) => [Number(x.dataset.seat), x.querySelector('.elo').textContent]));
  check('the play page shows each player\'s rating beside the name', bars.length === 4 && bars.every(([s, t]) => t === elo[s]), bars);
  const game = await p[resigner].evaluate(() => window.app.g.id);
  const you = await p[resigner].evaluate(() => window.app.g.you);
  if (you !== seat[resigner]) check('the resigner plays the seat taken', false, you);
  p[resigner].once('dialog', (d) => d.accept());
  await p[resigner].click('#resign');
  for (let i = 0; i < 4; i++) await p[i].waitForFunction(() => window.app.g && window.app.g.status === 'finished', null, LONG);
  return game;
}

// What a profile page shows (in the page).
function read() {
  return {
    name: document.querySelector('#name').textContent,
    rating: document.querySelector('#rating').textContent,
    rd: document.querySelector('#rd').textContent,
    prov: !document.querySelector('#prov').hidden,
    points: window.app.chart.data[0].length,
    ys: window.app.chart.data[1],
    canvas: !!document.querySelector('#chart canvas'),
    rows: [...document.querySelectorAll('#games tbody tr')].map((r) => [...r.cells].slice(0, 4).map((c) => c.textContent.trim())),
    hrefs: [...document.querySelectorAll('#games tbody a.replay')].map((a) => a.getAttribute('href')),
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('profile', bin);
  try {
    const p = await fourAccounts(w, NAMES);
    check('four accounts signed up on account.html', true);

    // Game 1: Ann White on A (seat 0), Bob Black on A (1), Cid White on B (2), Dan Black on B
    // (3); team A is seats 0 and 3 (Ann and Dan). Bob resigns.
    const game1 = await playRated(p, [0, 1, 2, 3], 1, true, ['1500?', '1500?', '1500?', '1500?']);
    check('game 1: Bob resigned, the game is finished on every page', game1 > 0);
    // the play page, when the result comes: each rating now and how far it moved
    const after = ['1662? +162', '1338? -162', '1338? -162', '1662? +162'];
    const moved = (page) => page.waitForFunction((a) => [...document.querySelectorAll('.bar')].every((x) => x.querySelector('.elo').textContent === a[Number(x.dataset.seat)]), after, LONG).then(() => true, () => false);
    check('the play pages show the new ratings and their change: 1662? +162 for Ann and Dan, 1338? -162 for Bob and Cid', await moved(p[0]) && await moved(p[3]),
      await p[3].$$eval('.bar .elo', (l) => l.map((x) => x.textContent)));
    await p[0].screenshot({ path: `${ART}/profile-play-rated-1366.png` });
    await p[3].screenshot({ path: `${ART}/profile-play-rated-phone.png` });
    // Ann: her profile from her account page
    await p[0].goto(`${w.base}/account.html`);
    await loggedIn(p[0], 'Ann');
    await p[0].click('#my-profile');
    await p[0].waitForURL(/profile\.html\?name=Ann$/, LONG);
    await p[0].waitForFunction(() => window.app.profile && window.app.chart, null, LONG);
    let ann = await p[0].evaluate(read);
    check('Ann: 1662, provisional', ann.rating === '1662?' && ann.prov, ann);
    check('Ann: RD 290', /\b290\b/.test(ann.rd), ann.rd);
    check('the chart: a canvas, one point at 1662', ann.canvas && ann.points === 1 && ann.ys[0] === 1662, ann);
    check('one game: won, partner Dan, opponents Bob and Cid, 1500 -> 1662',
      ann.rows.length === 1 && ann.rows[0][0] === 'Won' && ann.rows[0][1] === 'Dan' && ann.rows[0][2] === 'Bob & Cid' && /^1500 → 1662 \(\+162\)$/.test(ann.rows[0][3]), ann.rows);
    check('the replay link is the game', ann.hrefs[0] === `replay.html?game=${game1}`, ann.hrefs);

    // Dan's phone: Bob's profile, asked in small letters
    await p[3].goto(`${w.base}/profile.html?name=bob`);
    await p[3].waitForFunction(() => window.app.profile && window.app.chart, null, LONG);
    let bob = await p[3].evaluate(read);
    check('Bob (asked as bob): 1338?, lost with Cid against Ann and Dan, 1500 -> 1338',
      bob.name === 'Bob' && bob.rating === '1338?' && bob.rows[0][0] === 'Lost' && bob.rows[0][1] === 'Cid' && bob.rows[0][2] === 'Ann & Dan' && /^1500 → 1338 \(-162\)$/.test(bob.rows[0][3]), bob);

    // Game 2: Ann (seat 0) and Bob (seat 3) against Cid (1) and Dan (2); Cid resigns.
    const game2 = await playRated(p, [0, 3, 1, 2], 2, false, ['1662?', '1338?', '1662?', '1338?']);
    check('game 2: Cid resigned', game2 > game1, [game1, game2]);
    await p[0].goto(`${w.base}/profile.html?name=Ann`);
    await p[0].waitForFunction(() => window.app.profile && window.app.chart, null, LONG);
    ann = await p[0].evaluate(read);
    const after2 = Number((ann.rows[0][3].match(/→ (\d+)/) || [])[1]);
    check('Ann: game 2 first, won with Bob against Cid and Dan, from 1662 up',
      ann.rows.length === 2 && ann.rows[0][0] === 'Won' && ann.rows[0][1] === 'Bob' && ann.rows[0][2] === 'Cid & Dan' && /^1662 → /.test(ann.rows[0][3]) && after2 > 1662 &&
      ann.rows[1][1] === 'Dan', ann.rows);
    check('the rating shown is game 2\'s after', ann.rating.replace('?', '') === String(after2), [ann.rating, after2]);
    check('the chart: two points, 1662 then the rating now', ann.points === 2 && ann.ys[0] === 1662 && ann.ys[1] === after2, ann.ys);
    check('the replay links, newest first', ann.hrefs.join() === `replay.html?game=${game2},replay.html?game=${game1}`, ann.hrefs);
    await p[0].screenshot({ path: `${ART}/profile-1366.png` });
    // head to head over the games listed: a player (against, and as partner), then a pair
    await p[0].fill('#h2h', 'dan');
    await p[0].waitForFunction(() => /Against dan/.test(document.querySelector('#h2h-sum').textContent));
    const h2hDan = await p[0].evaluate(() => [document.querySelector('#h2h-sum').textContent, document.querySelectorAll('#games tbody tr:not([hidden])').length]);
    check('head to head with Dan: against him once (won), with him once (won), both games shown',
      h2hDan[0] === 'Against dan: 1 game: won 1, drew 0, lost 0. With dan as partner: 1 game: won 1, drew 0, lost 0.' && h2hDan[1] === 2, h2hDan);
    await p[0].fill('#h2h', 'Dan & Cid');
    await p[0].waitForFunction(() => /Against Dan & Cid/.test(document.querySelector('#h2h-sum').textContent));
    const h2hPair = await p[0].evaluate(() => [document.querySelector('#h2h-sum').textContent,
      [...document.querySelectorAll('#games tbody tr:not([hidden])')].map((r) => Number(r.dataset.game))]);
    check('head to head against the pair Cid & Dan: game 2 alone, won',
      h2hPair[0] === 'Against Dan & Cid: 1 game: won 1, drew 0, lost 0.' && h2hPair[1].join() === String(game2), h2hPair);
    await p[0].screenshot({ path: `${ART}/profile-h2h-1366.png` });
    await p[0].fill('#h2h', '');
    const dl = await downloadText(p[0], () => p[0].click('#games tbody tr:last-child button.bpgn'));
    check('the BPGN of game 1', dl.name === `game-${game1}.bpgn` && (dl.text.match(/\[Event /g) || []).length === 1 && /Ann/.test(dl.text) && /Bob/.test(dl.text), dl.name);
    const all = await downloadText(p[0], () => p[0].click('#bpgn-all'));
    check('all listed as one BPGN: two games', all.name === 'Ann-rated.bpgn' && (all.text.match(/\[Event /g) || []).length === 2, all.name);

    await p[0].click('#games tbody tr:last-child a.replay');
    await p[0].waitForURL(new RegExp(`replay\\.html\\?game=${game1}$`), LONG);
    await p[0].waitForFunction(() => !document.querySelector('#rp-bar').hidden, null, LONG);
    check('the replay viewer opens game 1', true);

    await p[3].goto(`${w.base}/profile.html?name=Bob`);
    await p[3].waitForFunction(() => window.app.profile && window.app.chart && window.app.profile.games === 2, null, LONG);
    bob = await p[3].evaluate(read);
    check('Bob: won game 2 from 1338, lost game 1', bob.rows.length === 2 && bob.rows[0][0] === 'Won' && /^1338 → /.test(bob.rows[0][3]) && bob.rows[1][0] === 'Lost', bob.rows);
    check('phone: no sideways scroll', bob.sideways <= 0, bob.sideways);
    await p[3].screenshot({ path: `${ART}/profile-phone.png`, fullPage: true });

    await p[3].goto(`${w.base}/profile.html?name=Zed`);
    await p[3].waitForFunction(() => /no account/.test(document.querySelector('#games-count').textContent), null, LONG);
    check('an unknown name: said so', true);
    check('no page errors', w.errors.length === 0, w.errors);
    publish(['profile-1366.png', 'profile-phone.png']);
  } finally {
    await w.close();
  }
}

run(main);
