// tv.test.mjs: the TV page (clients/web/tv.html, js/ui/tv.js) in headless Chromium (ctest
// `browser_tv`, label `browser`). SPDX-License-Identifier: MIT
// A spectator opens tv.html before any game: it says it waits. Ann, Bob, Cid and Dan (guests)
// start a table from the lobby page: the TV shows that game with their names (Ann & Dan vs
// Bob & Cid). Eve, Fay, Gus and Hal start a second table: the TV stays on the first game (the
// one it shows is live) though the second is newer. Ann resigns: the TV shows the result, then
// moves to the other live game, with Eve, Fay, Gus and Hal. A phone-sized TV (390x844) follows
// the same way. Screenshots (looked at): tests/artifacts/tv-1366.png, tv-phone.png,
// tv-idle-1366.png.
// usage: node tests/browser/tv.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, guestsSeated, readyAndPlay, run, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

// Four pages sit at a new public 5+0 table (the first one opens it) and start its game;
// returns the pages and the game id once all four play pages have it live.
async function table(w, names, ctx) {
  const p = [];
  for (const n of names) p.push(w.watch(await (await w.browser.newContext(ctx)).newPage(), n, true));
  await guestsSeated(w, p, names, 5);
  return { pages: p, game: await readyAndPlay(p) };
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('tv', bin);
  try {
    const wide = { viewport: { width: 1366, height: 657 } };
    const phoneCtx = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const tv = w.watch(await (await w.browser.newContext(wide)).newPage(), 'TV', true);
    const tvPhone = w.watch(await (await w.browser.newContext(phoneCtx)).newPage(), 'TV-phone', true);
    await tv.goto(`${w.base}/tv.html`);
    await tvPhone.goto(`${w.base}/tv.html`);
    await tv.waitForSelector('#idle');
    check('no game yet: the TV says it waits', /No game is being played/.test(await tv.locator('#idle').textContent()));
    await tv.screenshot({ path: `${ART}/tv-idle-1366.png` });

    const one = await table(w, ['Ann', 'Bob', 'Cid', 'Dan'], wide);
    for (const t of [tv, tvPhone]) {
      await t.waitForFunction((g) => window.app.g && window.app.g.id === g && window.app.g.status === 'live', one.game, { timeout: 30000 });
      await t.waitForFunction(() => document.querySelectorAll('.game .board cg-board').length === 2);
    }
    const title = await tv.locator('#title').textContent();
    check('the TV shows the lobby game with its players', title === `Game ${one.game} · Ann & Dan vs Bob & Cid`, title);
    check('the players by board', /Board A: Ann \(White\) – Bob \(Black\) · Board B: Cid \(White\) – Dan \(Black\)/.test(await tv.locator('#players').textContent()));

    const two = await table(w, ['Eve', 'Fay', 'Gus', 'Hal'], wide);
    await tv.waitForFunction((g) => window.app.live.some((x) => x.game === g), two.game, { timeout: 30000 });
    check('a newer game is live: the TV stays on the one it shows', await tv.evaluate(() => window.app.gameId) === one.game);
    await tv.screenshot({ path: `${ART}/tv-1366.png` });
    await tvPhone.screenshot({ path: `${ART}/tv-phone.png`, fullPage: true });
    const widths = await tvPhone.evaluate(() => document.documentElement.scrollWidth);
    check('phone: no sideways scroll', widths <= 390, widths);

    one.pages[0].once('dialog', (d) => d.accept());
    await one.pages[0].click('#resign');
    await tv.waitForFunction(() => !document.querySelector('#result').classList.contains('hidden'), null, { timeout: 30000 });
    check('the end: the TV shows the result', /resignation/.test(await tv.locator('#result').textContent()));
    for (const t of [tv, tvPhone])
      await t.waitForFunction((g) => window.app.g && window.app.g.id === g, two.game, { timeout: 30000 });
    await tv.waitForFunction(() => /Eve/.test(document.querySelector('#title').textContent));
    const title2 = await tv.locator('#title').textContent();
    check('then it moves to the other live game', title2 === `Game ${two.game} · Eve & Hal vs Fay & Gus`, title2);
    check('its result line is gone', await tv.locator('#result').evaluate((e) => e.classList.contains('hidden')));
    check('no page errors', w.errors.length === 0, w.errors);
  } finally {
    await w.close();
  }
}

run(main);
