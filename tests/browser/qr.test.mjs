// qr.test.mjs: the printable team links with QR codes (links.html, issue 26 item 4) in headless
// Chromium (ctest `browser_qr`, label `browser`).
// SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). A director registers three teams from
// the desk and opens "Print team links" (Controls): one block a team, two QR codes each. Every
// QR code is decoded by jsQR (an independent decoder, npm jsqr) from the rendered image and must
// read exactly the link printed under it, which must be the player's link the desk's Teams
// list gives (and open that player's page). A director in another browser (no links stored)
// gets the sheet's warning instead of codes. On paper (print media) the header is gone.
// Screenshots (looked at): docs/screenshots/links-sheet-1366.png, links-print-a4.png,
// links-sheet-390.png (UPDATE_SCREENSHOTS=1; tests/artifacts/ always).
// usage: node tests/browser/qr.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, openDashboard, run, world, deskEvent, publish } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

// Each link card's QR code decoded from its rendered SVG (drawn at 8 px a module on a canvas).
const decodeAll = (page) => page.evaluate(async () => {
  const out = [];
  for (const c of document.querySelectorAll('.link-card')) {
    const svg = c.querySelector('svg');
    if (!svg) continue;
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([svg.outerHTML], { type: 'image/svg+xml' }));
    await img.decode();
    const cv = document.createElement('canvas');
    cv.width = cv.height = 480;
    const g = cv.getContext('2d');
    g.drawImage(img, 0, 0, 480, 480);
    const code = window.jsQR(g.getImageData(0, 0, 480, 480).data, 480, 480);
    out.push({ team: Number(c.dataset.team), board: c.dataset.board, decoded: code ? code.data : null, printed: c.querySelector('a.url').getAttribute('href') });
  }
  return out;
});

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('qr', bin);
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1366, height: 657 } });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, w.base);
    await deskEvent(dir, { name: 'QR Open', base: 3, ruleset: 'online', rounds: 2 },
      [['Knights', 'ann', 2100, 'bob'], ['Rooks', 'cid', 2000, 'dan'], ['Bishops', 'eve', 1900, 'fay']]);
    const deskLinks = await dir.evaluate(() => [...document.querySelectorAll('#teams-body a.player-link')].map((a) => ({ team: Number(a.dataset.team), board: a.dataset.board, href: a.href })));
    check('the desk lists six player links', deskLinks.length === 6, deskLinks);
    await dir.click('#tab-controls');
    const href = await dir.getAttribute('#f-print-links', 'href');
    check('Print team links points at the sheet', /^links\.html\?tournament=\d+$/.test(href || ''), href);

    const sheet = w.watch(await ctx.newPage(), 'links');
    await sheet.goto(`${w.base}/${href}`);
    await sheet.waitForFunction(() => window.app && window.app.ready, null, { timeout: 10000 });
    check('three team blocks, six QR codes', (await sheet.locator('section.team-links').count()) === 3 && (await sheet.locator('.link-card svg').count()) === 6);
    await sheet.addScriptTag({ path: 'tests/browser/node_modules/jsqr/dist/jsQR.js' });
    const codes = await decodeAll(sheet);
    check('every QR code decodes to the link printed under it', codes.length === 6 && codes.every((c) => c.decoded && c.decoded === c.printed), codes);
    const same = codes.every((c) => deskLinks.some((d) => d.team === c.team && d.board === c.board && d.href === c.decoded));
    check('each is that player\'s link in the desk\'s Teams list', same, [codes, deskLinks]);
    await sheet.screenshot({ path: `${ART}/links-sheet-1366.png`, fullPage: true });

    // the decoded link opens the player's page for that team and board
    const p = w.watch(await ctx.newPage(), 'player');
    const b1 = codes.find((c) => c.board === 'B');
    await p.goto(b1.decoded);
    await p.waitForFunction(() => /board B/.test(document.body.innerText), null, { timeout: 10000 }).catch(() => {});
    check('the decoded link opens the player\'s page (board B)', /board B/.test(await p.evaluate(() => document.body.innerText)), await p.evaluate(() => document.body.innerText.slice(0, 200)));

    // paper: A4 width, print media
    await sheet.setViewportSize({ width: 794, height: 1123 });
    await sheet.emulateMedia({ media: 'print' });
    check('on paper the header is hidden', await sheet.locator('header.top').isHidden());
    await sheet.screenshot({ path: `${ART}/links-print-a4.png` });
    await sheet.emulateMedia({ media: 'screen' });

    // another browser: no links stored here, so no codes and a warning
    const ctx2 = await w.browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = w.watch(await ctx2.newPage(), 'other');
    await other.goto(`${w.base}/${href}`);
    await other.waitForFunction(() => window.app && window.app.ready, null, { timeout: 10000 });
    const warn = await other.locator('.links-head .warn').textContent();
    check('another browser: a warning, no codes', /3 of 3 teams' links were made in another browser/.test(warn) && (await other.locator('.link-card svg').count()) === 0, warn);
    await other.screenshot({ path: `${ART}/links-sheet-390.png`, fullPage: true });
    check('no page errors', w.errors.length === 0, w.errors);
    publish(['links-sheet-1366.png', 'links-print-a4.png', 'links-sheet-390.png']);
  } finally {
    await w.close();
  }
}

run(main);
