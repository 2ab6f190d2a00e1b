// trial.test.mjs: the trial's findings (issue 26 item 5) in headless Chromium (ctest
// `browser_trial`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). The desk makes a 4-team, 2-round Swiss
// (online ruleset, 3-minute clocks; nobody moves: the director sets results) and starts it;
// a player opens his team link on a 1366x768 laptop (viewport 1366x657):
//   - finding 2: the play page at 1366x657, 1280x720, 1440x789 and 1920x969: the own board's
//     two bars, the draw and repetition buttons, the chat input and Resign inside the viewport,
//     the input under no button, no player's name cut short, no scrolling;
//   - ... (below, each finding with its checks)
//   - finding 3: before the first round (no match live) the hall (watch.html) and the event
//     page on a phone (390x844) show the event (standings or registration), no sideways scroll;
// Screenshots (looked at): docs/screenshots/trial-play-1366x657.png,
// trial-hall-phone-390x844.png
// usage: node tests/browser/trial.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, log, openDashboard, run, world, deskEvent, publish } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

// The boxes of the play page's parts (null: not on the page).
const layout = (page) => page.evaluate(() => {
  const r = (el) => { if (!el) return null; const b = el.getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height, bottom: b.bottom, right: b.right }; };
  const big = document.querySelector('.panel.big');
  return {
    vh: window.innerHeight, vw: window.innerWidth, sh: document.documentElement.scrollHeight, sw: document.documentElement.scrollWidth,
    bars: big ? [...big.querySelectorAll('.bar')].map(r) : [],
    board: r(big && big.querySelector('.board')),
    offer: r(document.getElementById('draw-offer')),
    claim: r(document.getElementById('claim')),
    resign: r(document.getElementById('resign')),
    input: r(document.querySelector('.chat form input')),
    sidecol: r(document.querySelector('.sidecol')),
    cut: [...document.querySelectorAll('.game .bar .name')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  };
});
const inside = (b, l) => b && b.y >= 0 && b.bottom <= l.vh + 0.5 && b.x >= 0 && b.right <= l.vw + 0.5;
const overlap = (a, b) => a && b && a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom;

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('trial', bin);
  const shots = [];
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, w.base);
    const tokens = await deskEvent(dir, { name: 'Trial Open', base: 3, ruleset: 'online', rounds: 2 },
      [['Knights', 'ann', 2100, 'bob'], ['Rooks', 'cid', 2000, 'dan'], ['Bishops', 'eve', 1900, 'fay'], ['Pawns', 'gus', 1800, 'hal']]);
    // ---- finding 3: the spectator page on a phone while no match is live ----
    const phone = await w.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const hall = w.watch(await phone.newPage(), 'hall phone');
    for (const page of ['watch.html', `event.html?tournament=1`]) {
      await hall.goto(`${w.base}/${page}`);
      await hall.waitForFunction(() => /Knights/.test(document.body.textContent) || /registration/.test(document.body.textContent), null, { timeout: 10000 }).catch(() => {});
      await hall.waitForTimeout(300);
      const seen = await hall.evaluate(() => {
        const box = document.querySelector('#hall') || document.querySelector('main') || document.body;
        // what a person sees: text elements with a box inside the viewport, not clipped away
        const shown = [...box.querySelectorAll('h2, td, p')].filter((e) => {
          const r = e.getBoundingClientRect();
          let clip = false;
          for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) { const b = a.getBoundingClientRect(); if (getComputedStyle(a).overflow !== 'visible' && (b.height < 1 || r.top >= b.bottom)) clip = true; }
          return r.height > 0 && r.top < innerHeight && e.textContent.trim() && !clip;
        }).map((e) => e.textContent.trim());
        return { shown, sw: document.documentElement.scrollWidth, iw: innerWidth };
      });
      check(`${page} on a phone (390x844), no match live: the page shows the event`, seen.shown.length >= 2 && seen.shown.some((x) => /Standings|registration|Knights/.test(x)), seen.shown.slice(0, 8));
      check(`${page} on a phone: no sideways scrolling`, seen.sw <= seen.iw, [seen.sw, seen.iw]);
    }
    await hall.goto(`${w.base}/watch.html`);
    await hall.waitForTimeout(800);
    await hall.screenshot({ path: `${ART}/trial-hall-phone-390x844.png` });
    shots.push('trial-hall-phone-390x844.png');

    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });

    // ---- finding 2: the play page on a 1366x768 laptop (viewport 1366x657), and others ----
    const pctx = await w.browser.newContext({ viewport: { width: 1366, height: 657 } });
    const player = w.watch(await pctx.newPage(), 'player');
    await player.goto(`${w.base}/play.html?team=${tokens[0]}&board=A`);
    await player.waitForSelector('#resign', { timeout: 15000 });
    await player.waitForTimeout(2500);
    for (const [vw, vh] of [[1366, 657], [1280, 720], [1920, 969], [1440, 789]]) {
      await player.setViewportSize({ width: vw, height: vh });
      await player.waitForTimeout(300);
      const l = await layout(player);
      const what = `play ${vw}x${vh}`;
      check(`${what}: the own board's two bars inside the viewport`, l.bars.length === 2 && l.bars.every((b) => inside(b, l)), l.bars);
      check(`${what}: the draw and repetition buttons, the chat input and Resign inside the viewport`, [l.offer, l.claim, l.input, l.resign].every((b) => inside(b, l)), l);
      check(`${what}: the chat input under none of the buttons`, ![l.offer, l.claim, l.resign].some((b) => overlap(b, l.input)), [l.input, l.offer, l.claim]);
      check(`${what}: no player's name cut short`, l.cut.length === 0, l.cut);
      check(`${what}: no scrolling`, l.sh <= l.vh && l.sw <= l.vw, [l.sh, l.vh, l.sw, l.vw]);
      if (vw === 1366) {
        await player.screenshot({ path: `${ART}/trial-play-1366x657.png` });
        shots.push('trial-play-1366x657.png');
      }
    }
    check('no page errors', w.errors.length === 0, w.errors);
    publish(shots);
  } finally {
    await w.close();
  }
}

run(main);
