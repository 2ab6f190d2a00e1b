// lobby.test.mjs: the lobby page (clients/web/lobby.html) in headless Chromium (ctest
// `browser_lobby`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Ann (a guest, 1366x657) opens a
// private 3+2 table: her page seats her as White on A and shows the invitation link. Bob,
// Cid (1366x657) and Dan (a phone, 390x844) open that link, choose guest names and take the
// other three seats from the invitation; a second seat click by Cid on Bob's seat is refused
// in words. All four press Ready: every page goes to play.html with its own seat's token and
// the game is live on all four, each at its seat. Then a single player finds a partner: Eve
// looks for one, Fay (phone) partners up, and both see the new table with them as partners.
// Gus takes the pair on; Hal presses "Sit" while a push redraws the lobby, and still sits.
// Screenshots (looked at): tests/artifacts/lobby-1366.png, lobby-phone.png,
// lobby-seek-phone.png, lobby-seek-1366.png.
// usage: node tests/browser/lobby.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, guest, run, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('lobby', bin);
  try {
    const wide = { viewport: { width: 1366, height: 657 } };
    const phoneCtx = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const names = ['Ann', 'Bob', 'Cid', 'Dan'];
    const p = [];
    for (let i = 0; i < 4; i++) p.push(w.watch(await (await w.browser.newContext(i === 3 ? phoneCtx : wide)).newPage(), names[i], true));

    await p[0].goto(`${w.base}/lobby.html`);
    await guest(p[0], 'Ann');
    check('an empty lobby', await p[0].locator('#empty').isVisible());
    await p[0].fill('#create input[name=base]', '3');
    await p[0].fill('#create input[name=inc]', '2');
    await p[0].click('#create button[type=submit]');
    await p[0].waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="0"]'));
    check('the creator sits as White on A', true);
    const link = await p[0].locator('li.table input.link').inputValue();
    check('a private link to copy', /lobby\.html\?table=\d+&link=[0-9a-f]{32}$/.test(link), link);
    check('the table shows 3+2, casual, private', /3\+2/.test(await p[0].locator('li.table .head').textContent()) &&
      /private/.test(await p[0].locator('li.table .head').textContent()));

    for (let i = 1; i < 4; i++) {
      await p[i].goto(link);
      await guest(p[i], names[i]);
      await p[i].waitForFunction(() => !document.querySelector('#invite').hidden);
      await p[i].click(`#invite-seats button[data-seat="${i}"]`);
      await p[i].waitForFunction((s) => document.querySelector(`li.table .seat.you[data-seat="${s}"]`), i);
    }
    check('three more sat by the link', true);
    // the creator's page got the pushes: four names
    await p[0].waitForFunction(() => document.querySelectorAll('li.table .seat .name:not(.muted)').length === 4);
    check('the creator sees four seated', true);
    check('the creator may send the others away', (await p[0].locator('li.table button.kick').count()) === 3);
    await p[0].screenshot({ path: `${ART}/lobby-1366.png` });
    await p[3].screenshot({ path: `${ART}/lobby-phone.png`, fullPage: true });
    const widths = await p[3].evaluate(() => document.documentElement.scrollWidth);
    check('phone: no sideways scroll', widths <= 390, widths);

    for (let i = 0; i < 4; i++) {
      await p[i].click('li.table .seat.you button.ready-btn');
      if (i < 3) await p[i].waitForFunction(() => /ready/.test(document.querySelector('li.table .seat.you').textContent));
    }
    for (let i = 0; i < 4; i++) {
      await p[i].waitForURL(/play\.html\?token=[0-9a-f]{32}/, { timeout: 30000 });
      await p[i].waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 30000 });
    }
    check('all four pages are on the play page, the game live', true);
    const seats = [];
    for (let i = 0; i < 4; i++) seats.push(await p[i].evaluate(() => window.app.g.you));
    check('each page plays its own seat', JSON.stringify(seats) === '[0,1,2,3]', seats);
    const tokens = new Set(p.map((x) => new URL(x.url()).searchParams.get('token')));
    check('four tokens', tokens.size === 4);

    // A single player finds a partner: Eve looks for one, Fay (on a phone) partners up.
    const eve = w.watch(await (await w.browser.newContext(wide)).newPage(), 'Eve', true);
    const fay = w.watch(await (await w.browser.newContext(phoneCtx)).newPage(), 'Fay', true);
    await eve.goto(`${w.base}/lobby.html`);
    await guest(eve, 'Eve');
    await eve.click('#seek');
    await eve.waitForFunction(() => document.querySelector('#seek-list li.mine') && /Stop looking/.test(document.querySelector('#seek').textContent));
    check('Eve is listed as looking for a partner', true);
    await fay.goto(`${w.base}/lobby.html`);
    await guest(fay, 'Fay');
    await fay.waitForFunction(() => /Eve/.test(document.querySelector('#seek-list').textContent));
    await fay.screenshot({ path: `${ART}/lobby-seek-phone.png`, fullPage: true });
    await fay.click('#seek-list button.partner');
    await fay.waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="3"]'));
    await eve.waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="0"]'));
    check('partners: Eve White on A, Fay Black on B, at one table',
      /Fay/.test(await eve.locator('li.table .seat[data-seat="3"]').textContent()));
    check('the seek is gone', (await eve.locator('#seek-list li').count()) === 0);
    check('the pair is shown looking for a team', /looking for a team/.test(await eve.locator('li.table .head').textContent()));
    await eve.screenshot({ path: `${ART}/lobby-seek-1366.png` });

    // A pair finds opponents: Gus sees Eve & Fay under "Looking for a team" and takes them on.
    const gus = w.watch(await (await w.browser.newContext(wide)).newPage(), 'Gus', true);
    await gus.goto(`${w.base}/lobby.html`);
    await guest(gus, 'Gus');
    await gus.waitForFunction(() => /Eve\s*&\s*Fay/.test(document.querySelector('#team-list').textContent));
    check('the pair is listed under "Looking for a team", its own page marks it as theirs',
      await eve.evaluate(() => document.querySelector('#team-list li.mine') !== null && !document.querySelector('#team-list button.take-on')));
    await gus.locator('#teams').scrollIntoViewIfNeeded();
    await gus.screenshot({ path: `${ART}/lobby-team-1366.png` });
    await gus.click('#team-list button.take-on');
    await gus.waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="1"]'));
    // Eve's page learns of Gus by its own push, which may come after Gus's page has drawn him.
    await eve.waitForFunction(() => /Gus/.test((document.querySelector('li.table .seat[data-seat="1"]') || {}).textContent || ''), null, { timeout: 15000 }).catch(() => {});
    check('Gus sits opposite: Black on A, against Eve', /Gus/.test(await eve.locator('li.table .seat[data-seat="1"]').textContent()));
    await gus.waitForFunction(() => document.querySelector('#team-list li') === null && !document.querySelector('#team-none').hidden);
    check('the pair has an opponent: no longer listed', true);

    // A press across a push: Hal's finger is down on "Sit" (seat 2 of Eve's table) when Ivy's
    // new table reaches every lobby page. The page redraws its tables on a push; it waits for
    // the release, so the click is Hal's (a redraw between press and release replaced the
    // button and the browser fired no click: the press was lost without a word).
    const hal = w.watch(await (await w.browser.newContext(wide)).newPage(), 'Hal', true);
    const ivy = w.watch(await (await w.browser.newContext(wide)).newPage(), 'Ivy', true);
    await hal.goto(`${w.base}/lobby.html`);
    await guest(hal, 'Hal');
    await ivy.goto(`${w.base}/lobby.html`);
    await guest(ivy, 'Ivy');
    const sit = hal.locator('li.table button.sit[data-seat="2"]');
    const at = await sit.boundingBox();
    const tables = await hal.evaluate(() => window.app.tables.length);
    await ivy.uncheck('#create input[name=private]');
    await hal.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await hal.mouse.down();
    await ivy.click('#create button[type=submit]');
    await hal.waitForFunction((n) => window.app.tables.length === n + 1, tables);
    await hal.mouse.up();
    await hal.waitForFunction(() => document.querySelector('li.table .seat.you[data-seat="2"]'), null, { timeout: 15000 }).catch(() => {});
    check('a push during the press: the release still sits Hal (seat 2, Eve\'s table)',
      await hal.evaluate(() => [...document.querySelectorAll('li.table')].some((t) => /Eve/.test(t.textContent) && t.querySelector('.seat.you[data-seat="2"]'))));
    check('no page errors', w.errors.length === 0, w.errors);
  } finally {
    await w.close();
  }
}

run(main);
