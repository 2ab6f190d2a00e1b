// links.test.mjs: links from anywhere (issue 17 item 2), in headless Chromium (ctest
// `browser_links`, label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Browser 1 (the desk that creates the
// event) registers 4 teams and starts a 4-team event; browser 2 (another context: nothing in
// its localStorage) logs in as the director:
//   - it sees every team with its two players and, as tokens are stored hashed, "made in
//     another browser" and a reissue button for each; the seat links of the live games (assign
//     after tournament_get) are on its Live cards' games list;
//   - it reissues team 1's link (a confirmation first): the new link is shown; the old team
//     token is refused (auth: unauthorized), the new one opens the team (authed, role team); a
//     page open with the old token is disconnected; the reissue is in the desk's log and in
//     the server's log;
//   - browser 1 (issue 26 item 5), still showing the old links, is told at once that Knights'
//     links were reissued in another browser and stops offering them, also after a reload.
// Screenshots (looked at): docs/screenshots/links-teams-1920.png, links-teams-1366.png,
// links-revoked.png.
// usage: node tests/browser/links.test.mjs SERVER_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import path from 'node:path';
import { ART, check, log, openDashboard, run, world, deskEvent, publish, tryAuth } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('links', bin);
  try {
    const ctx1 = await w.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const d1 = w.watch(await ctx1.newPage(), 'desk 1');
    await openDashboard(d1, w.base);
    const tokens = await deskEvent(d1, { name: 'Links Open', base: 3, ruleset: 'online', rounds: 2 },
      [['Knights', 'ann', 2100, 'bob'], ['Rooks', 'cid', 2000, 'dan'], ['Bishops', 'eve', 1900, 'fay'], ['Pawns', 'gus', 1800, 'hal']]);
    check('browser 1 has the four team tokens', tokens.length === 4 && tokens.every((t) => /^[0-9a-f]{32}$/.test(t)), tokens);
    await d1.click('#t-start');
    await d1.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    const team1 = await d1.evaluate(() => window.app.tour.teams.find((t) => t.name === 'Knights').team);
    const old = await d1.evaluate((t) => window.app.teamTokens[t], team1);
    // a page open with the old link (the team's board A)
    const player = w.watch(await ctx1.newPage(), 'player');
    await player.goto(`${w.base}/play.html?team=${old}&board=A`);
    await player.waitForFunction(() => /online/.test((document.querySelector('.net') || {}).textContent || ''), null, { timeout: 10000 }).catch(() => {});

    // ---- browser 2: another director, nothing stored ----
    const ctx2 = await w.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const d2 = w.watch(await ctx2.newPage(), 'desk 2');
    await openDashboard(d2, w.base);
    await d2.waitForFunction(() => window.app.tour && window.app.tour.teams.length === 4, null, { timeout: 10000 });
    await d2.click('#tab-teams');
    const rows = await d2.evaluate(() => [...document.querySelectorAll('#teams-body tr')].map((tr) => [tr.children[1].textContent, tr.textContent.includes('made in another browser'), !!tr.querySelector('button.reissue')]));
    check('browser 2: every team, links made elsewhere, a reissue for each', rows.length === 4 && rows.every((r) => r[1] && r[2]), rows);
    await d2.waitForFunction(() => Object.values(window.app.tokens).filter((t) => t.tokens && t.tokens.filter(Boolean).length === 4).length >= 2, null, { timeout: 10000 });
    check('browser 2: the seat links of both live games', true);
    await d2.screenshot({ path: `${ART}/links-teams-1920.png` });

    await d2.click(`#teams-body tr[data-team="${team1}"] button.reissue`);
    await d2.waitForSelector('#confirm[open]');
    check('a confirmation says the old links stop working', /old links stop working/.test(await d2.locator('#confirm-text').textContent()));
    await d2.click('#confirm-yes');
    await d2.waitForFunction((t) => document.querySelector(`#teams-body button.token[data-team="${t}"]`), team1, { timeout: 5000 });
    const fresh = await d2.evaluate((t) => window.app.teamTokens[t], team1);
    check('a new token', /^[0-9a-f]{32}$/.test(fresh) && fresh !== old, [fresh, old]);
    const links = await d2.evaluate((t) => [...document.querySelectorAll(`#teams-body a.player-link[data-team="${t}"]`)].map((a) => a.href), team1);
    check('both players\' new links shown', links.length === 2 && links.every((l) => l.includes(`team=${fresh}`)), links);
    check('the old token is refused', JSON.stringify(await tryAuth(d2, old)) === '["error","unauthorized"]', await tryAuth(d2, old));
    const ok = await tryAuth(d2, fresh);
    check('the new token opens the team', ok[0] === 'authed', ok);
    const gone = await player.waitForSelector('#bad-link', { timeout: 20000 }).then(() => true, () => false);
    const ptext = await player.evaluate(() => (document.getElementById('bad-link') || document.body).textContent);
    check('the page open with the old link says it no longer works', gone && /director may have replaced it/.test(ptext), ptext.slice(0, 200));
    // ---- browser 1 (issue 26 item 5): the links it kept are revoked; it says so at once and
    // after a reload, and no longer offers them ----
    await d1.click('#tab-teams');
    const row1 = (t) => d1.evaluate((tm) => {
      const tr = document.querySelector(`#teams-body tr[data-team="${tm}"]`);
      return tr ? { text: tr.textContent, links: [...tr.querySelectorAll('a.player-link')].map((a) => a.href) } : null;
    }, t);
    const team2 = await d1.evaluate(() => window.app.tour.teams.find((t) => t.name === 'Rooks').team);
    for (const when of ['live', 'after a reload']) {
      if (when !== 'live') {
        await d1.reload();
        await d1.waitForFunction(() => window.app && window.app.tour && window.app.tour.teams.length === 4, null, { timeout: 10000 });
        await d1.click('#tab-teams');
      }
      const warned = await d1.waitForFunction((t) => /reissued in another browser/.test((document.querySelector(`#teams-body tr[data-team="${t}"]`) || {}).textContent || ''), team1, { timeout: 10000 }).then(() => true, () => false);
      const r = await row1(team1);
      check(`browser 1 (${when}): Knights' links marked as reissued elsewhere`, warned, r && r.text);
      check(`browser 1 (${when}): the revoked links are not offered`, r && r.links.length === 0 && !r.text.includes('copy team token'), r);
      const other = await row1(team2);
      check(`browser 1 (${when}): Rooks' links (not reissued) still shown`, other && other.links.length === 2 && !/reissued in another browser/.test(other.text), other);
      if (when === 'live') {
        const note = await d1.evaluate(() => (document.querySelector('.notice') || {}).textContent || '');
        check('browser 1: a notice says which team\'s links were reissued', /Knights/.test(note) && /reissued in another browser/.test(note), note);
        await d1.screenshot({ path: `${ART}/links-revoked.png` });
      }
    }

    await d2.click('#tab-log');
    const logText = await d2.locator('#pane-log').textContent();
    check('the desk logs the reissue', /team_token/.test(logText) && /Knights: new links, the old ones revoked/.test(logText), logText.slice(0, 300));
    await d2.click('#tab-teams');
    await d2.setViewportSize({ width: 1366, height: 768 });
    await d2.screenshot({ path: `${ART}/links-teams-1366.png` });
    const srvLog = fs.readFileSync(path.join(w.tmp, 'server.log'), 'utf8');
    check('the server logs the reissue', /team \d+ \(Knights\): link reissued by the director, the old one revoked \(1 connection closed\)/.test(srvLog), srvLog.split('\n').filter((l) => /reissued/.test(l)));
    check('no page errors', w.errors.length === 0, w.errors);
    publish(['links-teams-1920.png', 'links-teams-1366.png', 'links-revoked.png']);
  } finally {
    await w.close();
  }
}

run(main);
