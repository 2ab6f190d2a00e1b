// rotation.test.mjs: five people at one lobby table (docs/rules.md O-ROTATION; c2s-table.md queue
// and rematch rotate) in headless Chromium (ctest `browser_rotation`, label `browser`).
// SPDX-License-Identifier: MIT
// Ann, Bob, Cid and Dan (guests, laptops 1366x657) take the seats of Ann's public 1+0 table;
// Eve (a phone, 390x844) presses "Wait for the next game" on it. The four press Ready and play;
// Eve's lobby page shows the game she waits for, with a link to watch it. Bob resigns: Ann and
// Dan win. The next game's four, from the rule by hand: Eve (no game yet), then the winners Ann
// and Dan, then Bob (seat 1 before Cid's 2); Cid sits out and Eve takes his seat, White on B.
// Cid's play page says he sits this one out; the other three accept on their play pages and Eve
// on her lobby page; her page opens the new game at her seat, partnering Bob, and Cid's page
// shows the new game he waits for. Screenshots (looked at): tests/artifacts/rotation-wait-phone.png,
// rotation-offer-1366.png, rotation-eve-phone.png.
// usage: node tests/browser/rotation.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, guest, guestsSeated, readyAndPlay, run, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const LONG = { timeout: 30000 };

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('rotation', bin);
  try {
    const wide = { viewport: { width: 1366, height: 657 } };
    const phoneCtx = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const names = ['Ann', 'Bob', 'Cid', 'Dan'];
    const p = [];
    for (let i = 0; i < 4; i++) p.push(w.watch(await (await w.browser.newContext(wide)).newPage(), names[i], true));
    const eve = w.watch(await (await w.browser.newContext(phoneCtx)).newPage(), 'Eve', true);

    await guestsSeated(w, p, names, 1);

    // ---- Eve waits for a seat at the full table ----
    await eve.goto(`${w.base}/lobby.html`);
    await guest(eve, 'Eve');
    await eve.waitForFunction(() => document.querySelectorAll('li.table .seat .name:not(.muted)').length === 4);
    await eve.click('li.table button.queue');
    await eve.waitForFunction(() => /Waiting for the next game: Eve/.test(document.querySelector('li.table .queue').textContent) && document.querySelector('li.table button.unqueue'));
    check('Eve waits: the table lists her, her button says "Stop waiting"', true);
    await p[0].waitForFunction(() => /Waiting for the next game: Eve/.test(document.querySelector('li.table .queue').textContent));
    check('the seated see her waiting', true);

    const game1 = await readyAndPlay(p);
    await eve.waitForFunction((g) => document.querySelector(`li.table.played .rematch.waiting[data-game="${g}"]`), game1, LONG);
    const waitText = await eve.locator('li.table.played .waiting').textContent();
    check('Eve\'s lobby: the game she waits for, and a link to watch it', /plays game \d+: Ann & Dan vs Bob & Cid\. You wait for the next one/.test(waitText) &&
      (await eve.locator('li.table.played a.watch-link').getAttribute('href')) === `watch.html?game=${game1}`, waitText);
    await eve.screenshot({ path: `${ART}/rotation-wait-phone.png`, fullPage: true });

    // ---- Bob resigns: the rotated next game ----
    p[1].once('dialog', (d) => d.accept());
    await p[1].click('#resign');
    for (let i = 0; i < 4; i++) await p[i].waitForFunction(() => !document.querySelector('#rematch').hidden && document.querySelector('#rematch .rotation'), null, LONG);
    const offer = await p[0].locator('#rematch .what').textContent();
    check('the offer: Ann & Dan vs Bob & Eve next, Cid sits out', /Next game at table \d+: Ann & Dan vs Bob & Eve; Cid sits out\./.test(offer), offer);
    check('Cid\'s page: he sits this one out, no button', /You sit this one out/.test(await p[2].locator('#rematch').textContent()) && (await p[2].locator('#rematch button').count()) === 0);
    check('no plain rematch while Eve waits', (await p[0].locator('#rematch .rematch-same').count()) === 0);
    for (const i of [0, 1, 3]) {
      await p[i].click('#rematch .rematch-rotate');
      await p[i].waitForFunction((n) => new RegExp(`Ready — .*${n}`).test(document.querySelector('#rematch .said').textContent), names[i]);
    }
    await p[2].screenshot({ path: `${ART}/rotation-offer-1366.png` });
    await eve.waitForFunction(() => document.querySelector('li.table.played .rematch-rotate'), null, LONG);
    await eve.click('li.table.played .rematch-rotate');
    await eve.waitForURL(/play\.html\?token=[0-9a-f]{32}/, LONG);
    await eve.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, LONG);
    const eveSeat = await eve.evaluate(() => [window.app.g.you, window.app.g.seats.map((s) => s.name).join()]);
    check('Eve plays White on B, partnering Bob: Ann, Bob, Eve, Dan by seat', eveSeat[0] === 2 && eveSeat[1] === 'Ann,Bob,Eve,Dan', eveSeat);
    const game2 = await eve.evaluate(() => window.app.g.id);
    for (const i of [0, 1, 3]) await p[i].waitForFunction((g) => window.app && window.app.g && window.app.g.id === g, game2, LONG);
    check('Ann, Bob and Dan\'s pages open the new game', true);
    await p[2].waitForFunction((g) => /plays game (\d+)/.test(document.querySelector('#rematch').textContent) && document.querySelector('#rematch .watch-link').getAttribute('href') === `watch.html?game=${g}`, game2, LONG);
    check('Cid\'s page: the new game, which he waits after', /You wait for the next one \(waiting: Cid\)/.test(await p[2].locator('#rematch').textContent()));
    await eve.screenshot({ path: `${ART}/rotation-eve-phone.png` });
    check('no page errors', w.errors.length === 0, w.errors);
  } finally {
    await w.close();
  }
}

run(main);
