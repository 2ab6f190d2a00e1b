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
//   - finding 4: Rooks withdraw during their game 1 (forfeited 2-0), Knights win both games:
//     the crosstable marks the forfeits F (0F 0F, 1F 1F), the standings after round 1 mark
//     prize places only for teams with points and "= next" only on marked rows; Knights
//     withdraw in round 2: no prize mark for them;
//   - finding 5: a spectator of game 1 (watch.html?game=N) is taken to game 2 once it exists;
//     a second event whose games wait for their players: the hall's header does not call the
//     round under way "next", its list calls the games waiting, not live;
//   - finding 6: the Pawns' captain, playing game 1 when Rooks withdraw, reads that the match
//     is over and there is no game 2 (not "game 2 follows after the break");
//   - finding 7: a second "Ants" is refused, and the error goes once "Cats" is registered; a
//     refusal of "Start next round" while paused does not ask to pause; after a reload the
//     desk's game selector reads "pick a game…";
//   - finding 8: the event page says the bye in words (no "T-BYE" as its text) and explains
//     every tie-break column and "bye 1"; the home page says what bughouse is and links the
//     event page, the projector and the league;
//   - finding 5 (also): a third event of two teams whose match is drawn: the Armageddon
//     play-off is a card in the hall;
// Screenshots (looked at): docs/screenshots/trial-play-1366x657.png,
// trial-hall-phone-390x844.png, trial-standings-1920.png,
// trial-watch-follow-1366.png, trial-hall-waiting-1366.png,
// trial-play-withdrawn-1366x657.png, trial-desk-controls-1920.png,
// trial-home-1366.png, trial-hall-armageddon-1366.png
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

// Controls: the result of game (by the desk's game selector).
async function setResult(dir, game, result, reason) {
  await dir.click('#tab-controls');
  await dir.waitForFunction((g) => [...document.querySelectorAll('#c-game option')].some((o) => o.value === String(g)), game, { timeout: 10000 });
  await dir.selectOption('#c-game', String(game));
  await dir.selectOption('#c-result', result);
  await dir.fill('#c-reason', reason);
  await dir.click('#c-set-result');
}

// The result token by which team wins game (1-0: the team on seats 0 and 3, the desk's tokens).
async function winFor(dir, game, team) {
  await dir.waitForFunction((g) => window.app.tokens[g], game, { timeout: 10000 });
  return dir.evaluate(([g, t]) => (window.app.tokens[g].team1 === t ? '1-0' : '0-1'), [game, team]);
}

// Controls: withdraw team (its current match forfeited), confirmed.
async function withdraw(dir, team) {
  await dir.click('#tab-controls');
  await dir.selectOption('#c-team', String(team));
  await dir.click('#c-withdraw');
  await dir.waitForSelector('#confirm[open]');
  await dir.click('#confirm-yes');
  await dir.waitForFunction((t) => window.app.tour.teams.find((x) => x.team === t).withdrawn, team, { timeout: 10000 });
}

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('trial', bin);
  const shots = [];
  try {
    const ctx = await w.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const dir = w.watch(await ctx.newPage(), 'desk');
    await openDashboard(dir, w.base);
    await dir.click('#tab-event');
    await dir.fill('#t-break', '8');
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
    const sctx = await w.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const spec = w.watch(await sctx.newPage(), 'spectator');
    const hallL = w.watch(await sctx.newPage(), 'hall laptop');
    await hallL.goto(`${w.base}/watch.html`);

    // ---- finding 4: the crosstable's F, the prize marks of a withdrawn team and of teams on
    // 0 points, "= next" on them ----
    const ids = await dir.evaluate(() => Object.fromEntries(window.app.tour.teams.map((t) => [t.name, t.team])));
    let r1 = (await dir.evaluate(() => window.app.rounds[1])).matches;
    const mK = r1.find((m) => m.team1 === ids.Knights || m.team2 === ids.Knights);
    const mR = r1.find((m) => m.team1 === ids.Rooks || m.team2 === ids.Rooks);
    // Rooks withdraw during their game 1: the match is forfeited 2-0 to Pawns (T-FORFEIT)
    // (finding 6: the Pawns' captain is at the board when it happens)
    const pawn = w.watch(await pctx.newPage(), 'Pawns player');
    await pawn.goto(`${w.base}/play.html?team=${await dir.evaluate((t) => window.app.teamTokens[t], ids.Pawns)}&board=A`);
    await pawn.waitForFunction(() => window.app && window.app.g && window.app.g.status === 'live' && document.getElementById('status'), null, { timeout: 15000 });
    await withdraw(dir, ids.Rooks);
    await dir.waitForFunction((k) => window.app.rounds[1].matches[k].status === 'done', mR.match, { timeout: 10000 });
    // ---- finding 6: the opponents of the withdrawn team are not promised a game 2 ----
    await pawn.waitForFunction(() => window.app.g && window.app.g.status === 'finished', null, { timeout: 10000 });
    await pawn.waitForTimeout(1500);
    const ps = await pawn.locator('#status').textContent();
    check('after a withdrawal in game 1 the opponents read that there is no game 2', !/follows after the break/.test(ps) && /no game 2/.test(ps), ps);
    await pawn.screenshot({ path: `${ART}/trial-play-withdrawn-1366x657.png` });
    shots.push('trial-play-withdrawn-1366x657.png');
    await pawn.close();
    // Knights win both games of their match; a spectator watches game 1
    await spec.goto(`${w.base}/watch.html?game=${mK.games[0]}`);
    await spec.waitForFunction(() => window.app && window.app.g, null, { timeout: 10000 });
    await setResult(dir, mK.games[0], await winFor(dir, mK.games[0], ids.Knights), 'adjudicated');
    await dir.waitForFunction((k) => window.app.rounds[1].matches[k].games[1], mK.match, { timeout: 40000 });
    const g2 = await dir.evaluate((k) => window.app.rounds[1].matches[k].games[1], mK.match);

    const followed = await spec.waitForFunction((g) => window.app.g && window.app.g.id === g && location.search === `?game=${g}`, g2, { timeout: 15000 }).then(() => true, () => false);
    check('watch.html?game=N follows the team from the finished game 1 to game 2', followed, await spec.evaluate(() => [location.search, window.app.g && window.app.g.id]));
    await spec.screenshot({ path: `${ART}/trial-watch-follow-1366.png` });
    shots.push('trial-watch-follow-1366.png');
    await setResult(dir, g2, await winFor(dir, g2, ids.Knights), 'adjudicated');
    await dir.waitForFunction(() => window.app.tour.standings && window.app.tour.standings.round >= 1, null, { timeout: 10000 });
    await dir.click('#tab-standings');
    await dir.waitForTimeout(300);
    const crossRow = (name) => dir.evaluate((t) => { const tr = document.querySelector(`#crosstable tr[data-team="${t}"]`); return tr ? [...tr.querySelectorAll('td.x')].map((c) => c.textContent) : null; }, ids[name]);
    const cr = await crossRow('Rooks');
    const cp = await crossRow('Pawns');
    check('crosstable: the withdrawn Rooks\' games marked F (forfeit)', cr && /^\d+ 0F0F$/.test(cr[0]), cr);
    check('crosstable: Pawns\' forfeit wins marked F', cp && /^\d+ 1F1F$/.test(cp[0]), cp);
    const stRows = () => dir.evaluate(() => [...document.querySelectorAll('#standings-body tr')].map((tr) => ({ name: tr.children[1].textContent, mp: Number(tr.children[2].textContent), medal: !!tr.querySelector('.medal'), tied: !!tr.querySelector('.tied') })));
    let st = await stRows();
    const who = (f) => st.filter(f).map((x) => x.name);
    check('standings after round 1: prize marks only on teams with points', who((x) => x.medal && x.mp === 0).length === 0 && who((x) => x.medal).length === 2, st);
    check('standings after round 1: no "= next" on teams without a prize mark', who((x) => x.tied && !x.medal).length === 0, st);
    await dir.screenshot({ path: `${ART}/trial-standings-1920.png` });
    shots.push('trial-standings-1920.png');
    // Knights withdraw in round 2: the standings after round 1 keep them first, with no prize mark
    await dir.waitForFunction(() => window.app.rounds[2] && window.app.rounds[2].matches.some((m) => m.games[0]), null, { timeout: 20000 });
    await withdraw(dir, ids.Knights);
    await dir.click('#tab-standings');
    await dir.waitForFunction((t) => document.querySelector(`#standings-body tr[data-team="${t}"] .tag.out`), ids.Knights, { timeout: 10000 });
    st = await stRows();
    const kn = st.find((x) => /^Knights/.test(x.name));
    check('a withdrawn team has no prize mark', kn && !kn.medal, st);

    // ---- finding 5: a second event whose games wait for their players (10-minute waiting
    // time, nobody comes): no game is live; the hall's header does not call the round under
    // way "next", and its list calls the games waiting, not live ----
    await dir.click('#tab-event');
    await dir.fill('#t-wait', '600');
    await deskEvent(dir, { name: 'Trial Waits', base: 3, ruleset: 'online', rounds: 1 },
      [['Ants', 'al', 1500, 'bo'], ['Bees', 'cy', 1400, 'di']]);
    // ---- finding 7 (a): a refused registration's error goes once a registration succeeds ----
    const notice = () => dir.evaluate(() => (document.getElementById('notice') || {}).textContent || '');
    const addTeam = async (n, c, p) => {
      await dir.fill('#team-name', n);
      await dir.fill('#team-captain', c);
      await dir.fill('#team-partner', p);
      await dir.click('#team-add');
    };
    await addTeam('Ants', 'ed', 'fi');
    await dir.waitForFunction(() => /registered already/.test((document.getElementById('notice') || {}).textContent || ''), null, { timeout: 5000 }).catch(() => {});
    check('a second "Ants" is refused with a sentence', /registered already/.test(await notice()), await notice());
    await addTeam('Cats', 'ed', 'fi');
    await dir.waitForFunction(() => document.querySelectorAll('#teams-body tr').length === 3, null, { timeout: 5000 });
    await dir.waitForTimeout(300);
    check('the duplicate-team error is gone once a team is registered', !/registered already/.test(await notice()), await notice());
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.tour.name === 'Trial Waits' && window.app.rounds[1] && window.app.rounds[1].matches[0].games[0], null, { timeout: 10000 });
    const waitsId = await dir.evaluate(() => window.app.tour.tournament);
    await hallL.goto(`${w.base}/watch.html`);
    await hallL.waitForFunction(() => window.app && window.app.round && window.app.round.name === 'Trial Waits' && window.app.mode === 'between', null, { timeout: 10000 }).catch(() => {});
    const head = await hallL.locator('#title').textContent();
    const list = await hallL.locator('#live').textContent();
    check('hall: the round under way is not called "next: round 1"', !/next: round 1/.test(head) && /round 1/.test(head), head);
    check('hall: no game called live while the live list is empty', /none right now/.test(list) && !/\(live\)/.test(list) && /\(waiting\)/.test(list), list);
    await hallL.screenshot({ path: `${ART}/trial-hall-waiting-1366.png` });
    shots.push('trial-hall-waiting-1366.png');

    // ---- finding 7 (b): a refusal while paused does not ask to pause; (c) after a reload the
    // game selector picks no game ----
    await dir.click('#t-pause');
    await dir.waitForFunction(() => window.app.tour.status === 'paused', null, { timeout: 5000 });
    await dir.click('#tab-controls');
    await dir.click('#c-start-round');
    await dir.waitForFunction(() => /round_start/.test((document.getElementById('notice') || {}).textContent || ''), null, { timeout: 5000 }).catch(() => {});
    const refusal = await notice();
    check('a refusal while paused does not say "pause the tournament"', /round_start: bad_state/.test(refusal) && !/pause (the tournament|it)/i.test(refusal), refusal);
    await dir.reload();
    await dir.waitForFunction(() => window.app && window.app.tour && window.app.games.length > 0, null, { timeout: 10000 });
    await dir.click('#tab-controls');
    const pick = await dir.evaluate(() => { const s = document.getElementById('c-game'); return [s.value, s.options[s.selectedIndex].textContent, s.options.length]; });
    check('after a reload the game selector picks no game', pick[0] === '' && /pick a game/.test(pick[1]) && pick[2] > 1, pick);
    await dir.screenshot({ path: `${ART}/trial-desk-controls-1920.png` });
    shots.push('trial-desk-controls-1920.png');

    // ---- finding 5: an Armageddon play-off on the hall. A third event of two teams and one
    // round; the match is drawn 1-1, so the two are tied on everything on a prize place ----
    await dir.click('#tab-event');
    await dir.fill('#t-wait', '0');
    const fin = await deskEvent(dir, { name: 'Trial Final', base: 3, ruleset: 'online', rounds: 1 },
      [['Owls', 'ol', 1500, 'ow'], ['Yaks', 'ya', 1400, 'yo']]);
    check('the final\'s two teams registered', fin.length === 2, fin);
    await dir.click('#t-start');
    await dir.waitForFunction(() => window.app.tour.name === 'Trial Final' && window.app.rounds[1] && window.app.rounds[1].matches[0].games[0], null, { timeout: 10000 });
    const fid = await dir.evaluate(() => Object.fromEntries(window.app.tour.teams.map((t) => [t.name, t.team])));
    const fg1 = await dir.evaluate(() => window.app.rounds[1].matches[0].games[0]);
    await setResult(dir, fg1, await winFor(dir, fg1, fid.Owls), 'adjudicated');
    await dir.waitForFunction(() => window.app.rounds[1].matches[0].games[1], null, { timeout: 40000 });
    const fg2 = await dir.evaluate(() => window.app.rounds[1].matches[0].games[1]);
    await setResult(dir, fg2, await winFor(dir, fg2, fid.Yaks), 'adjudicated');
    await hallL.goto(`${w.base}/watch.html`);
    const po = await hallL.waitForFunction(() => window.app && window.app.live.some((x) => x.round === 0) && document.querySelector('#hall-grid .hall-card'), null, { timeout: 40000 }).then(() => true, () => false);
    const card = await hallL.evaluate(() => [window.app.mode, (document.querySelector('#hall-grid') || {}).textContent || '', window.app.live.filter((x) => x.round === 0).map((x) => x.game)]);
    check('hall: the Armageddon play-off is a card on the spectator page', po && card[0] === 'live' && /Play-off/.test(card[1]) && /Owls/.test(card[1]) && /Yaks/.test(card[1]) && /Armageddon/.test(card[1]), card);
    await hallL.waitForTimeout(800);
    await hallL.screenshot({ path: `${ART}/trial-hall-armageddon-1366.png` });
    shots.push('trial-hall-armageddon-1366.png');

    // ---- finding 8: words where a person needs them ----
    // the event page of "Trial Waits" (3 teams: a bye): no rule id as the only words, the
    // tie-break columns and the bye explained
    const ev = w.watch(await sctx.newPage(), 'event page');
    await ev.goto(`${w.base}/event.html?tournament=${waitsId}`);
    await ev.waitForFunction(() => /Trial Waits/.test(document.body.textContent) && document.querySelector('#sec-standings .legend'), null, { timeout: 10000 }).catch(() => {});
    const evText = await ev.evaluate(() => ({
      bye: [...document.querySelectorAll('table.pairings em')].map((e) => e.textContent),
      legends: [...document.querySelectorAll('.legend')].map((e) => e.textContent).join(' '),
      tbs: [...document.querySelectorAll('#sec-standings th')].map((e) => e.textContent).filter((x) => /^[A-Z][A-Z0-9-]+$/.test(x) && !['MP', 'GP'].includes(x)),
    }));
    check('event page: the bye in words, no rule id as its text', evText.bye.length > 0 && evText.bye.every((x) => !/T-BYE/.test(x) && /no opponent/.test(x)), evText.bye);
    check('event page: every tie-break column explained in the legend', evText.tbs.length > 0 && evText.tbs.every((x) => new RegExp(`${x} \\([A-Za-z]`).test(evText.legends)), [evText.tbs, evText.legends]);
    check('event page: "bye 1" explained in the crosstable\'s legend', /bye 1: /.test(evText.legends), evText.legends);
    // the home page: what bughouse is, and the event, projector and league pages
    const home = w.watch(await sctx.newPage(), 'home');
    await home.goto(`${w.base}/`);
    const hl = await home.evaluate(() => ({ text: document.body.textContent, links: [...document.querySelectorAll('a')].map((a) => a.getAttribute('href')) }));
    check('home page: says what bughouse is', /two boards/.test(hl.text) && /partner/.test(hl.text), hl.text.slice(0, 300));
    check('home page: links the event page, the projector and the league', ['event.html', 'projector.html', 'league.html'].every((p) => hl.links.some((l) => l && l.startsWith(p))), hl.links);
    await home.screenshot({ path: `${ART}/trial-home-1366.png`, fullPage: true });
    shots.push('trial-home-1366.png');

    check('no page errors', w.errors.length === 0, w.errors);
    publish(shots);
  } finally {
    await w.close();
  }
}

run(main);
