// rematch.test.mjs: a lobby table's rematch (c2s-table.md rematch; js/ui/rematch.js) in
// headless Chromium (ctest `browser_rematch`, label `browser`). SPDX-License-Identifier: MIT
// Four guests take the seats of Ann's public 1+0 table from the lobby page (Ann White on A,
// Bob Black on A, Cid White on B, Dan Black on B: partners Ann + Dan, Bob + Cid) and play it.
// Ann resigns: every play page shows "Rematch" and "Rematch, partners swapped". Ann, Bob and
// Cid choose "partners swapped" on the play page; Dan goes back to the lobby page, which lists
// the finished table's offer, and chooses it there. All four pages then open the new game:
// board A's players keep their seats, board B's exchange theirs (Cid Black on B, Dan White
// on B), so Ann now partners Cid and Bob partners Dan; the play page's title says so.
// Screenshots (looked at): tests/artifacts/rematch-1366.png, rematch-phone.png,
// rematch-lobby-phone.png.
// usage: node tests/browser/rematch.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, guestsSeated, readyAndPlay, run, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('rematch', bin);
  try {
    const wide = { viewport: { width: 1366, height: 657 } };
    const phoneCtx = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const names = ['Ann', 'Bob', 'Cid', 'Dan'];
    const p = [];
    for (let i = 0; i < 4; i++) p.push(w.watch(await (await w.browser.newContext(i === 3 ? phoneCtx : wide)).newPage(), names[i], true));

    await guestsSeated(w, p, names, 1);
    const game1 = await readyAndPlay(p);
    check('the table\'s game is live on the four play pages', game1 > 0, game1);
    check('no rematch offer while it is live', await p[1].locator('#rematch').isHidden());

    p[0].once('dialog', (d) => d.accept());
    await p[0].click('#resign');
    for (let i = 0; i < 4; i++)
      await p[i].waitForFunction(() => document.querySelector('#rematch .rematch-swap') && !document.querySelector('#rematch').hidden, null, { timeout: 30000 });
    check('every play page offers the rematch after the end', true);
    check('both variants offered', (await p[2].locator('#rematch button').allTextContents()).join('|') === 'Rematch|Rematch, partners swapped');

    for (let i = 0; i < 3; i++) {
      await p[i].click('#rematch .rematch-swap');
      await p[i].waitForFunction((n) => new RegExp(`${n}: partners swapped`).test(document.querySelector('#rematch .said').textContent), names[i]);
    }
    await p[1].waitForFunction(() => /Cid: partners swapped/.test(document.querySelector('#rematch .said').textContent));
    check('an acceptance is shown on the others\' pages', true);
    await p[0].screenshot({ path: `${ART}/rematch-1366.png` });
    await p[3].screenshot({ path: `${ART}/rematch-phone.png`, fullPage: true });

    // Dan accepts from the lobby page instead (his guest name is kept: bh.guest)
    await p[3].goto(`${w.base}/lobby.html`);
    await p[3].waitForFunction(() => document.querySelector('li.table.played .rematch-swap'), null, { timeout: 30000 });
    check('the lobby lists the finished table to Dan with its rematch', /Ann: partners swapped/.test(await p[3].locator('li.table.played').textContent()));
    await p[3].screenshot({ path: `${ART}/rematch-lobby-phone.png`, fullPage: true });
    const widths = await p[3].evaluate(() => document.documentElement.scrollWidth);
    check('phone: no sideways scroll', widths <= 390, widths);
    await p[3].click('li.table.played .rematch-swap');

    const seats = [];
    for (let i = 0; i < 4; i++) {
      await p[i].waitForFunction((g) => window.app && window.app.g && window.app.g.id !== g && window.app.g.status === 'live', game1, { timeout: 30000 });
      seats.push(await p[i].evaluate(() => window.app.g.you));
    }
    check('a new game, board B\'s players exchanged seats', JSON.stringify(seats) === '[0,1,3,2]', seats);
    const title = await p[0].locator('#title').textContent();
    check('Ann now partners Cid', /with Cid/.test(title), title);
    check('Bob now partners Dan', /with Dan/.test(await p[1].locator('#title').textContent()));
    const clocks = await p[0].evaluate(() => window.app.g.clocks.clock_ms);
    check('the same time control: 1 minute on every clock', Math.max(...clocks) === 60000 && Math.min(...clocks) > 50000, clocks);
    check('no page errors', w.errors.length === 0, w.errors);
  } finally {
    await w.close();
  }
}

run(main);
