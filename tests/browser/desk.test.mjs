// desk.test.mjs: the director's desk on a laptop, in headless Chromium (ctest `browser_desk`,
// label `browser`). SPDX-License-Identifier: MIT
// Starts bughouse-server (--no-tls, free port, temp db). Through the desk only: create a
// 16-team tournament (30-second clocks), register the teams (a duplicate name is refused and
// the log shows the server's answer), start it; one bughouse-bot process plays all 16 teams.
// Checked as a director would look at it:
//   - 1920x1080: the eight matches of round 1 all on screen at once, each with both boards,
//     four clocks and the two team names of its pairing; boards of at least 180 px; the
//     standings beside the live games (never below them); no horizontal scrolling;
//   - the status flags: a paused game is flagged "paused" on its card, "low time" shows on a
//     card exactly when one of its clocks is under 20 s (a single game nobody plays), a flag
//     on one board under the regulation ruleset shows "settling" for the settle window, and
//     between game 1 and game 2 of a match its card waits for game 2;
//   - Teams: 16 rosters with the players' links and who is at the board; Pairings: round 1
//     with its 8 boards, each game a link (watch while live);
//   - the Log: every command with the server's answer (ok, or the error code and field);
//   - announce: to one team (its page shows it; a spectator's and another game's player's do
//     not), then to everyone (all three); dismissed on the team's page it stays gone after a
//     reload, while the one not dismissed comes back;
//   - 1366x768: still all eight matches on screen, nothing scrolls horizontally, in every tab.
// Screenshots (looked at): docs/screenshots/desk-1920.png, desk-1366.png, desk-announce.png
// (written with UPDATE_SCREENSHOTS=1; tests/artifacts/ always).
// usage: node tests/browser/desk.test.mjs SERVER_BINARY BOT_BINARY   (cwd: the repo root)

import fs from 'node:fs';
import { ART, check, log, stop, openDashboard, run, world, deskEvent, startBots, publish } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const botBin = process.argv[3] || 'build/dev/clients/bot/bughouse-bot';

const TEAMS = ['Kyiv Knights', 'Lviv Lions', 'Odesa Rooks', 'Kharkiv Hawks', 'Dnipro Drops', 'Poltava Pawns', 'Chernihiv Checks', 'Sumy Sacs',
  'Vinnytsia Vipers', 'Zhytomyr Zugs', 'Rivne Ravens', 'Lutsk Lynx', 'Ternopil Tempo', 'Uzhhorod Union', 'Mykolaiv Mates', 'Kherson Kings'];

// The geometry of the desk: the cards, their boards and the panes.
const layout = (page) => page.evaluate(() => {
  const r = (e) => { const b = e.getBoundingClientRect(); return { x: b.left, y: b.top, w: b.width, h: b.height, r: b.right, b: b.bottom }; };
  const cards = [...document.querySelectorAll('#live-grid .match-card')].map((c) => ({
    game: Number(c.dataset.game),
    bd: Number(c.dataset.bd),
    box: r(c),
    boards: [...c.querySelectorAll('.board')].map(r),
    clocks: [...c.querySelectorAll('.clock')].map((e) => e.textContent),
    names: c.querySelector('.names').textContent,
    flags: [...c.querySelectorAll('.flag')].map((e) => e.dataset.flag),
  }));
  const se = document.scrollingElement;
  const over = (e) => e.scrollWidth - e.clientWidth;
  return {
    vw: innerWidth,
    vh: innerHeight,
    cards,
    page: { sw: se.scrollWidth, sh: se.scrollHeight, cw: se.clientWidth, ch: se.clientHeight },
    overflowX: { live: over(document.getElementById('live-pane')), pane: over(document.querySelector('.side .pane:not([hidden])')), grid: over(document.getElementById('live-grid')) },
    side: r(document.getElementById('side')),
    grid: r(document.getElementById('live-grid')),
  };
});

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('desk', bin);
  const { base, errors } = w;
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const dir = w.watch(await ctx.newPage(), 'desk', true);
    await openDashboard(dir, base);

    // ---- create (Event tab), then 16 teams (the desk opens the Teams tab by itself) ----
    await deskEvent(dir, { name: 'Spring Open 2026', base: 0.5, ruleset: 'online', rounds: 5 }, TEAMS.map((n, i) => [n, `cap${i + 1}`, 2300 - 37 * i, `par${i + 1}`]));
    check('after create: the Teams tab is open', await dir.isVisible('#team-name'));
    // A second team of the same name: refused, and the log shows the server's answer.
    await dir.fill('#team-name', TEAMS[0]);
    await dir.fill('#team-captain', 'x');
    await dir.fill('#team-partner', 'y');
    await dir.click('#team-add');
    await dir.waitForFunction(() => window.app.log.some((e) => e.what === 'team_register' && e.ok === false));
    const refused = await dir.evaluate(() => window.app.log.filter((e) => e.ok === false).map((e) => e.answer));
    check('duplicate team name: the log shows exists (name)', refused.length === 1 && /^exists \(name\)/.test(refused[0]), refused);
    const tokens = await dir.evaluate(() => [...document.querySelectorAll('#teams-body .token')].map((e) => e.dataset.token));
    check('16 team tokens', tokens.length === 16 && tokens.every((t) => /^[0-9a-f]{32}$/.test(t)), tokens.length);

    // ---- start; the bots play every team ----
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.rounds[1] && window.app.rounds[1].matches.length === 8 && window.app.rounds[1].matches.every((m) => m.games[0]), null, { timeout: 10000 });
    const bots = startBots(w, botBin, tokens, 600, 11);
    await dir.waitForFunction(() => document.querySelectorAll('#live-grid .match-card cg-board').length === 16 && [...window.app.minis.values()].every((m) => m.g), null, { timeout: 40000 });
    await dir.waitForFunction(() => [...window.app.minis.values()].filter((m) => m.g && m.g.boards[0].ply + m.g.boards[1].ply >= 4).length >= 6, null, { timeout: 40000 });
    log('round 1 live: 8 matches on the grid, bots moving');
    await dir.click('#tab-standings');
    await dir.waitForTimeout(400);
    const L = await layout(dir);
    await dir.screenshot({ path: `${ART}/desk-1920.png` });
    const r1 = await dir.evaluate(() => window.app.rounds[1]);
    check('1920x1080: 8 match cards', L.cards.length === 8, L.cards.length);
    check('1920x1080: every card inside the window', L.cards.every((c) => c.box.x >= 0 && c.box.r <= L.vw && c.box.y >= 0 && c.box.b <= L.vh), L.cards.map((c) => c.box));
    check('1920x1080: both boards of each card, at least 180 px', L.cards.every((c) => c.boards.length === 2 && c.boards.every((b) => b.w >= 180 && b.h >= 180)), L.cards.map((c) => c.boards.map((b) => Math.round(b.w))));
    check('1920x1080: four clocks per card', L.cards.every((c) => c.clocks.length === 4 && c.clocks.every((t) => /^\d+:\d\d$|^\d+\.\d$/.test(t))), L.cards.map((c) => c.clocks));
    for (const m of r1.matches) {
      const c = L.cards.find((x) => x.bd === m.match + 1);
      check(`Bd ${m.match + 1}: its card names both teams`, c && c.bd === m.match + 1 && c.names.includes(m.name1) && c.names.includes(m.name2), [c && c.names, m.name1, m.name2]);
    }
    check('1920x1080: the standings beside the live games, not below', L.side.x >= L.grid.r - 1 && L.side.y < L.grid.b, [L.side, L.grid]);
    check('1920x1080: no page scroll, no horizontal overflow', L.page.sw <= L.page.cw && L.page.sh <= L.page.ch && L.overflowX.live <= 0 && L.overflowX.pane <= 0, [L.page, L.overflowX]);

    // ---- flags: pause one game, low time ----
    // The live game with the fewest moves; a random bot's game may end at any moment, so a game
    // that ended before its pause took effect is replaced by another one.
    let g0 = 0, retried = 0;
    for (let k = 0; k < 6 && !g0; k++) {
      const g = await dir.evaluate(() => ([...window.app.minis.entries()].filter(([id, m]) => m.g && m.g.status === 'live' && window.app.live.has(id) && !window.app.live.get(id).paused).sort((a, b) => (a[1].g.boards[0].ply + a[1].g.boards[1].ply) - (b[1].g.boards[0].ply + b[1].g.boards[1].ply))[0] || [0])[0]);
      if (!g) { await dir.waitForTimeout(500); continue; }
      try {
        await dir.click(`#live-grid .match-card[data-game="${g}"] button.mini-pause`, { timeout: 3000 });
        await dir.waitForFunction((id) => document.querySelector(`#live-grid .match-card[data-game="${id}"] .flag.paused`), g, { timeout: 5000 });
        g0 = g;
      } catch {
        retried++; // its pause may still have been answered: the log counts it
        log(`game ${g} ended before its pause: another one`);
      }
    }
    check('a paused game is flagged on its card', g0 > 0);
    await dir.click(`#live-grid .match-card[data-game="${g0}"] button.mini-pause`);
    await dir.waitForFunction((g) => !document.querySelector(`#live-grid .match-card[data-game="${g}"] .flag.paused`), g0, { timeout: 5000 });
    // Low time: a single game nobody plays (21-second clocks), started by hand: once its White
    // clocks are under 20 s its card says "low time", and the flag is on exactly the cards with
    // a clock under 20 s (checked at one instant). Then it is paused, so that it stays live.
    await dir.click('#tab-event');
    await dir.fill('#g-base', '0.35');
    await dir.click('#create-game');
    await dir.waitForFunction(() => document.querySelector('#games-body button.start'), null, { timeout: 5000 });
    const single = await dir.evaluate(() => Number(document.querySelector('#games-body button.start').closest('tr').dataset.game));
    await dir.click(`#games-body tr[data-game="${single}"] button.start`);
    await dir.waitForFunction((g) => document.querySelector(`#live-grid .match-card[data-game="${g}"] .flag.low`), single, { timeout: 8000 });
    const low = await dir.evaluate(() => [...window.app.minis.entries()].map(([id, m]) => {
      const c = m.g && m.g.clocks;
      const left = (s) => (c.live && c.running[s >> 1] === s ? c.clock_ms[s] - (window.app.time.now() - c.server_ms) : c.clock_ms[s]);
      return { id, flagged: !!m.el.querySelector('.flag.low'), min: m.g && m.g.status === 'live' ? Math.min(...[0, 1, 2, 3].map(left)) : null };
    }));
    const wrong = low.filter((x) => x.min !== null && Math.abs(x.min - 20000) > 700 && x.flagged !== x.min < 20000);
    check('"low time" exactly on the cards with a clock under 20 s', wrong.length === 0 && low.some((x) => x.id === single && x.flagged), low);
    await dir.click(`#live-grid .match-card[data-game="${single}"] button.mini-pause`);
    await dir.waitForFunction((g) => document.querySelector(`#live-grid .match-card[data-game="${g}"] .flag.paused`), single, { timeout: 5000 });
    log('flags: paused, low time');

    // The settle window (R-SETTLE, regulation: 2 s after the first decisive event): a second
    // single game (8-second clocks) nobody plays but White B, who moves after 3 s: White A's flag
    // falls at 8 s and stops board A, board B runs on (its Black has till about 11 s) through the
    // window: "settling" on its card, then the result.
    await dir.click('#tab-event');
    await dir.fill('#g-base', '0.1334');
    await dir.click('#create-game');
    await dir.waitForFunction(() => document.querySelector('#games-body button.start'), null, { timeout: 5000 });
    const flagGame = await dir.evaluate(() => Number(document.querySelector('#games-body button.start').closest('tr').dataset.game));
    const tok2 = await dir.evaluate((g) => new URL(document.querySelector(`a.join[data-game="${g}"][data-seat="2"]`).href).searchParams.get('token'), flagGame);
    await dir.click(`#games-body tr[data-game="${flagGame}"] button.start`);
    const seat = await ctx.newPage();
    await seat.goto(`${base}/index.html`);
    const moved = await seat.evaluate(([url, g, token]) => new Promise((resolve) => {
      const ws = new WebSocket(url, 'bughouse.v1');
      ws.onopen = () => {
        ws.send(JSON.stringify({ type: 'auth', id: 1, token }));
        ws.send(JSON.stringify({ type: 'join', id: 2, game: g }));
        setTimeout(() => ws.send(JSON.stringify({ type: 'move', id: 3, game: g, board: 'B', ply: 0, move: 'd2d4' })), 3000);
      };
      ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id === 3) resolve(m.type); };
    }), [`ws://127.0.0.1:${w.port}/`, flagGame, tok2]);
    check('White B moved', moved === 'ack', moved);
    await dir.waitForFunction((g) => window.app.minis.get(g) && window.app.minis.get(g).g && window.app.minis.get(g).g.result, flagGame, { timeout: 20000 });
    const seenFlags = await dir.evaluate((g) => [...window.app.flagsSeen].filter((x) => x.startsWith(`${g}:`)), flagGame);
    check('the settle window after the flag on board A was flagged on its card', seenFlags.includes(`${flagGame}:settle`), seenFlags);
    await seat.close();

    // ---- Teams and Pairings ----
    await dir.click('#tab-teams');
    // Presence: a team whose game is live shows its two players, green when their page is
    // connected to that game (the bots are); the game's own seats say the same.
    const roster = await dir.evaluate(() => {
      const playing = new Map();
      for (const [id, m] of window.app.minis) {
        const t = window.app.tokens[id];
        if (!m.g || m.g.status !== 'live' || !t) continue;
        playing.set(t.team1, [0, 3].map((s) => m.g.seats[s].connected));
        playing.set(t.team2, [1, 2].map((s) => m.g.seats[s].connected));
      }
      return [...document.querySelectorAll('#teams-body tr')].map((tr) => ({ team: Number(tr.dataset.team), links: tr.querySelectorAll('a.player-link').length, dots: [...tr.querySelectorAll('.dot')].map((d) => d.classList.contains('on')), want: playing.get(Number(tr.dataset.team)) || [] }));
    });
    check('Teams: 16 rosters, two player links each', roster.length === 16 && roster.every((x) => x.links === 2), roster);
    check('Teams: who is at the board, as the live games\' seats say', roster.some((x) => x.want.length) && roster.every((x) => JSON.stringify(x.dots) === JSON.stringify(x.want)), roster);
    await dir.click('#tab-pairings');
    const prs = await dir.evaluate(() => [...document.querySelectorAll('#pairings .round.shown tbody tr')].map((tr) => ({ links: [...tr.querySelectorAll('a.game')].map((a) => a.getAttribute('href')) })));
    check('Pairings: the current round, 8 boards, game links', prs.length === 8 && prs.every((x) => x.links.length >= 1 && x.links.every((h) => /^(watch|replay)\.html\?game=\d+$/.test(h))), prs);

    // ---- announce: to one team, then to everyone ----
    // Pages: the Kyiv Knights' (a player's tournament link that waits for a later game: only
    // its team socket, so the bots keep their seats), the single game's White A player (no
    // team) and a spectator.
    const kt = await dir.evaluate(() => window.app.tour.teams.find((t) => t.name === 'Kyiv Knights'));
    const ktok = await dir.evaluate((id) => window.app.teamTokens[id], kt.team);
    const seat0 = await dir.evaluate((g) => document.querySelector(`a.join[data-game="${g}"][data-seat="0"]`).getAttribute('href'), single);
    const page = async (url, what) => {
      const p = w.watch(await ctx.newPage(), what);
      await p.setViewportSize({ width: 1366, height: 768 });
      await p.goto(url);
      return p;
    };
    const team = await page(`${base}/play.html?team=${ktok}&board=A&game=999999999`, 'team');
    const ply = await page(seat0, 'play');
    const spec = await page(`${base}/watch.html`, 'watch');
    await ply.waitForFunction(() => window.app && window.app.g && window.app.view, null, { timeout: 10000 });
    await spec.waitForFunction(() => document.querySelectorAll('#live a.live-game').length >= 1, null, { timeout: 10000 });
    await team.waitForTimeout(1000); // the team socket authenticates (the notice comes on it)
    await dir.click('#tab-controls');
    await dir.selectOption('#ann-team', String(kt.team));
    const teamText = 'Kyiv Knights: your captain to the arbiter\'s table after this game, please. Дякую!';
    await dir.fill('#ann-text', teamText);
    const bytes = await dir.locator('#ann-bytes').textContent();
    check('announce: the byte count (UTF-8)', bytes === `${Buffer.byteLength(teamText)} / 500 bytes`, bytes);
    await dir.click('#ann-send');
    await team.waitForSelector('.notice', { timeout: 5000 });
    const tText = await team.locator('.notice .notice-text').textContent();
    check("announce to a team: the team's page shows it", tText === teamText, tText);
    await dir.waitForFunction(() => window.app.log.some((e) => e.what === 'announce' && e.ok));
    const annLog = await dir.evaluate(() => window.app.log.filter((e) => e.what === 'announce').map((e) => e.answer));
    check('announce: the log says to how many pages it went', /^delivered to \d+ pages?$/.test(annLog[0]), annLog);
    await spec.waitForTimeout(500);
    check('announce to a team: not to a spectator, not to another game\'s player', (await spec.locator('.notice').count()) === 0 && (await ply.locator('.notice').count()) === 0);
    await dir.selectOption('#ann-team', '');
    await dir.fill('#ann-text', 'Round 2 starts at 14:30.\nPlease be at your boards five minutes early.');
    await dir.click('#ann-send');
    for (const [p, what] of [[spec, 'spectator'], [ply, 'player'], [team, 'team']]) {
      await p.waitForFunction(() => [...document.querySelectorAll('.notice-text')].some((e) => /^Round 2 starts at 14:30\.\n/.test(e.textContent)), null, { timeout: 5000 });
      check(`announce to everyone: the ${what} sees it`, true);
    }
    await ply.screenshot({ path: `${ART}/desk-announce.png` });
    // Dismiss the team's notice; after a reload only the other one is back.
    await team.click('.notice:has-text("arbiter") .notice-close');
    check('dismissed: gone', (await team.locator('.notice').count()) === 1);
    await team.reload();
    await team.waitForFunction(() => window.app, null, { timeout: 10000 });
    await team.waitForTimeout(500);
    const back = await team.evaluate(() => [...document.querySelectorAll('.notice .notice-text')].map((e) => e.textContent));
    check('after a reload: the dismissed one stays gone, the other is back', back.length === 1 && /^Round 2 starts/.test(back[0]), back);
    for (const p of [team, ply, spec]) await p.close();

    // Between game 1 and game 2 of a match the card said it was waiting for game 2.
    // (The result of game 1 comes before the round that starts game 2, so every decisive game 1
    // shows it at least once.)
    const between = await dir.evaluate(() => [...window.app.flagsSeen].filter((x) => x.endsWith(':choice')).length);
    check('a card waited for game 2 between the games of its match', between >= 1, between);

    // ---- the log ----
    await dir.click('#tab-log');
    const lg = await dir.evaluate(() => window.app.log.map((e) => [e.what, e.ok]));
    const n = (w, ok) => lg.filter(([x, o]) => x === w && o === ok).length;
    // 3 pauses, and one more for each game that ended before its pause showed (answered or not)
    const pauses = n('game_pause', true);
    check('log: create, 16 registrations, start, 3 pauses, 2 games, 2 announcements, all answered', n('tournament_create', true) === 1 && n('team_register', true) === 16 && n('tournament_start', true) === 1 && pauses >= 3 && pauses <= 3 + retried && n('game_create', true) === 2 && n('game_start', true) === 2 && n('announce', true) === 2, [lg, retried]);
    // Newest first: the rows are the log reversed (other entries, such as a P-GAME2 outcome, may
    // come after the announcements: compare the order, not one row's text).
    const newestFirst = await dir.waitForFunction(() => {
      const shown = [...document.querySelectorAll('#log-body tr td:nth-child(2) strong')].map((x) => x.textContent);
      const want = window.app.log.map((e) => e.what).reverse();
      return shown.length > 0 && JSON.stringify(shown) === JSON.stringify(want) && shown.indexOf('announce') < shown.indexOf('tournament_create');
    }, null, { timeout: 5000 }).then(() => true, () => false);
    check('log: shown newest first', newestFirst);

    // ---- 1366x768 (the bots stop: the layout is what is looked at, and a loaded machine
    // then still draws a frame for each screenshot in time) ----
    await stop(bots);
    await dir.setViewportSize({ width: 1366, height: 768 });
    await dir.click('#tab-standings');
    await dir.evaluate(() => { document.getElementById('live-pane').scrollTop = 0; });
    await dir.waitForTimeout(500);
    const S = await layout(dir);
    await dir.screenshot({ path: `${ART}/desk-1366.png` });
    check('1366x768: the 8 match cards on screen (finished single games may be below)', S.cards.filter((c) => c.bd > 0).length === 8 && S.cards.filter((c) => c.bd > 0).every((c) => c.box.r <= S.vw && c.box.b <= S.vh && c.boards.every((b) => b.w >= 112)), S.cards.map((c) => [c.box, c.boards.map((b) => Math.round(b.w))]));
    for (const tab of ['event', 'teams', 'pairings', 'standings', 'controls', 'log']) {
      await dir.click(`#tab-${tab}`);
      const T = await layout(dir);
      check(`1366x768, ${tab}: nothing scrolls horizontally`, T.page.sw <= T.page.cw && T.overflowX.live <= 0 && T.overflowX.pane <= 0, [tab, T.page, T.overflowX]);
    }
    check('no page errors', errors.length === 0, errors);
    publish(['desk-1920.png', 'desk-1366.png', 'desk-announce.png']);
  } finally {
    await w.close();
  }
}

run(main);
