// league_path.test.mjs: a team league of seed 003 run from the pages alone (issue 26, "Done
// when", the league's path): no message a page cannot send. The director creates the league on
// the desk's format picker (8 teams in 2 groups, 4 boards, challenges valid 0.0002 and 0.0001
// days so that one lapses while the test runs), registers the eight rosters from a CSV file on
// the league page and hands out the players' links. On those links the players arrange games
// from their league pages: board 1 of a group-A match is challenged, accepted on a phone and
// played to Fool's mate on the play page (1. f3 e5 2. g4 Qh4#, FIDE Laws 5.1.1); board 2 is
// challenged and accepted; board 3's challenge is not answered: it lapses, White sends the second
// one from his page, that lapses too and Black loses by forfeit (art. 5). The director enters
// every other result from the director's table, checks the group tables against the ones this
// test computes by the regulation's art. 6 from the results themselves (2 / 1 / 0 match points,
// then game points, then the lower team rating: one tie goes to game points, one to the rating),
// changes a roster before the semi-finals (art. 7: the team rating is recomputed, and decides the
// drawn semi-final), enters the knockout (two games a board) and the final. A spectator's league
// page shows the bracket with the final and the winner, the one the regulation gives.
// Screenshots at 1366x657 and 390x844 in tests/artifacts (docs/screenshots with
// UPDATE_SCREENSHOTS=1).
// usage: node tests/browser/league_path.test.mjs SERVER_BINARY   (cwd: the repo root)
// SPDX-License-Identifier: MIT

import fs from 'node:fs';
import path from 'node:path';
import { ART, check, deskLeague, dragMove, log, openDashboard, publish, run, sideways, snapWait, until, world } from './harness.mjs';

const bin = process.argv[2] || 'build/dev/server/bughouse-server';
const LAPTOP = { width: 1366, height: 657 };
const PHONE = { width: 390, height: 844 };

// The eight teams of seed 003's quarter-final list (art. 5.1), five players each (the fifth a
// reserve: 4 boards). A team's rating is the average of its four best-rated players (art. 2,
// F-TEAMRATING): BASE - 22.5.
const NAMES = ['Спартак-iGame', 'Миротворцы', 'НКВД', 'Каисса', 'Europe', 'Чигоринцы', 'Черные Рыцари', 'МиН'];
const BASE = [2350, 2330, 2300, 2280, 2260, 2240, 2210, 2190];
const SURNAMES = ['Orlov', 'Belov', 'Kozlov', 'Zaitsev', 'Lebedev'];
const ROSTERS = NAMES.map((n, t) => ({ name: n, players: SURNAMES.map((s, i) => ({ name: `${s} ${'ABCDEFGH'[t]}.`, rating: BASE[t] - 15 * i })) }));
const teamRating = (players, boards = 4) => players.map((p) => p.rating).sort((a, b) => b - a).slice(0, boards).reduce((a, b) => a + b, 0) / boards;

// The planned match scores of each group, by the teams' numbers in the group table (1..4): the
// first-numbered team's game points of 4. Group A: 1 and 4 end on 3 match points, game points
// order them (art. 6a). Group B: 1 and 2 end equal on match and game points, the lower team
// rating orders them (art. 6b).
const PLAN = {
  A: { '1-2': 2, '1-3': 3, '1-4': 1, '2-3': 2.5, '2-4': 2, '3-4': 4 },
  B: { '1-2': 2, '1-3': 2, '1-4': 3, '2-3': 2, '2-4': 3, '3-4': 2 },
};

// Points of the first team over n games, summing to s: wins first, then a draw, then losses.
function spread(s, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const p = s >= 1 ? 1 : s >= 0.5 ? 0.5 : 0;
    out.push(p);
    s -= p;
  }
  if (Math.abs(s) > 1e-9) throw new Error(`cannot spread ${s} more points`);
  return out;
}

// A game's result string from White's points (the director's picker: 1-0, 1/2-1/2, 0-1).
const resultOf = (whitePts) => (whitePts === 1 ? '1-0' : whitePts === 0 ? '0-1' : '1/2-1/2');
// White's game points of a result (a forfeit counts as the game won or lost, art. 5).
const whiteOf = (r) => ({ '1-0': 1, '+-': 1, '1/2-1/2': 0.5, '0-1': 0, '-+': 0, '--': 0 })[r];
const blackOf = (r) => (r === '--' ? 0 : 1 - whiteOf(r));

// The group tables by art. 6 from the games (each { white_team, black_team, result } by name):
// match points 2 / 1 / 0, then game points on all boards, then the lower team rating first.
function tables(groups, games, rating) {
  const out = {};
  for (const [g, teams] of Object.entries(groups)) {
    const row = new Map(teams.map((t) => [t, { team: t, mp: 0, gp: 0 }]));
    const matches = new Map();
    for (const x of games) {
      if (!row.has(x.white_team)) continue;
      const key = [x.white_team, x.black_team].sort().join('|');
      if (!matches.has(key)) matches.set(key, new Map([[x.white_team, 0], [x.black_team, 0]]));
      const m = matches.get(key);
      m.set(x.white_team, m.get(x.white_team) + whiteOf(x.result));
      m.set(x.black_team, m.get(x.black_team) + blackOf(x.result));
    }
    for (const m of matches.values()) {
      const [[a, pa], [b, pb]] = [...m];
      row.get(a).gp += pa;
      row.get(b).gp += pb;
      row.get(a).mp += pa > pb ? 2 : pa === pb ? 1 : 0;
      row.get(b).mp += pb > pa ? 2 : pa === pb ? 1 : 0;
    }
    out[g] = [...row.values()].sort((x, y) => y.mp - x.mp || y.gp - x.gp || rating(x.team) - rating(y.team));
  }
  return out;
}

// The fixtures as the league page shows them: per match its label, teams and every game's
// board, game, White and Black (player and team names), result and state.
const readFixtures = (page) => page.evaluate(() => [...document.querySelectorAll('details.match')].map((d) => {
  const cells = (tr) => [...tr.cells];
  const two = !!d.querySelector('thead th:nth-child(2)') && d.querySelector('thead th:nth-child(2)').textContent === 'G';
  return {
    match: Number(d.dataset.match),
    label: d.dataset.label,
    games: [...d.querySelectorAll('tbody tr')].map((tr) => {
      const c = cells(tr);
      const side = (td) => ({ player: td.firstChild.textContent.trim(), team: td.querySelector('.tn').textContent.trim() });
      const o = two ? 1 : 0;
      const w = side(c[1 + o]), b = side(c[2 + o]);
      return { board: Number(tr.dataset.board), game: Number(tr.dataset.game), white: w.player, white_team: w.team, black: b.player, black_team: b.team, result: c[3 + o].textContent.trim(), state: tr.dataset.state };
    }),
  };
}));

// The groups as the page shows them: group -> [[number, team name, MP, GP, rating]] in its order.
const readGroups = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.group')].map((g) => [g.dataset.group,
  [...g.querySelectorAll('tbody tr')].map((tr) => {
    const no = tr.querySelector('.no').textContent;
    const name = tr.querySelector('td.team').textContent.slice(no.length).trim();
    const gp = tr.cells[4].textContent.replace('½', '.5');
    return [Number(no.replace('.', '')), name, Number(tr.cells[3].textContent), Number(gp === '.5' ? 0.5 : gp), Number(tr.cells[5].textContent)];
  })])));

// The page's result text as a result string.
const RES = { '1-0': '1-0', '0-1': '0-1', '½-½': '1/2-1/2', '+ : − (forfeit)': '+-', '− : + (forfeit)': '-+', '− : − (both forfeit)': '--' };

async function main() {
  fs.mkdirSync(ART, { recursive: true });
  const w = await world('league-path', bin);
  const { base, browser, errors } = w;
  const shots = [];
  const shot = async (page, name, full = false) => {
    await page.screenshot({ path: `${ART}/${name}`, fullPage: full });
    shots.push(name);
  };
  try {
    const desk = w.watch(await (await browser.newContext({ viewport: LAPTOP })).newPage(), 'desk');
    // the players' browsers: laptops for White, phones for Black, a spectator's laptop and phone
    const laptop = await browser.newContext({ viewport: LAPTOP });
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });

    // ---- the desk: the league's format, 8 teams in 2 groups, 4 boards, short challenges ----
    await openDashboard(desk, base);
    const L = await deskLeague(desk, { name: 'Kaissa League 2026', teams: 8, groups: 2, boards: 4, first: 0.0002, second: 0.0001 },
      () => shot(desk, 'league-path-desk-1366.png'));
    log(`league ${L} created from the desk`);
    const snap0 = await desk.evaluate(() => window.app.snap);
    check('the league keeps the desk\'s values: 8 teams, 2 groups, 4 boards, challenges 17.28 s and 8.64 s, 5+1',
      snap0.teams_max === 8 && snap0.groups_n === 2 && snap0.boards === 4 && snap0.first_valid_ms === 17280 && snap0.second_valid_ms === 8640 && snap0.tc === '5+1',
      [snap0.teams_max, snap0.groups_n, snap0.boards, snap0.first_valid_ms, snap0.second_valid_ms, snap0.tc]);

    // ---- the rosters from a CSV file, the players' links ----
    const csv = ['team,name,rating,role', ...ROSTERS.flatMap((t) => t.players.map((p, i) => `${t.name},${p.name},${p.rating},${i === 0 ? 'captain' : ''}`))].join('\n') + '\n';
    const file = path.join(w.tmp, 'rosters.csv');
    fs.writeFileSync(file, csv);
    await desk.setInputFiles('#rt-file', file);
    await desk.click('#rt-import-go');
    await until(desk, 'the CSV file registers all eight teams', () => /8 of 8 teams registered/.test(document.querySelector('#rt-ok').textContent) && document.querySelectorAll('#rt-teams tbody tr').length === 8);
    const links = new Map(await desk.$$eval('#rt-teams details.links a', (l) => l.map((a) => [a.textContent, a.getAttribute('href')])));
    check('a league link for each of the 40 players', links.size === 40, links.size);
    const rating = new Map(ROSTERS.map((t) => [t.name, teamRating(t.players)]));
    const shown = new Map(await desk.evaluate(() => app.snap.teams.map((t) => [t.name, t.rating])));
    check('each team rating is the average of its four best-rated players (art. 2)', [...rating].every(([n, r]) => shown.get(n) === r), [...shown]);
    await desk.click('#league-start');
    await until(desk, 'the draw: two groups of four', () => document.querySelectorAll('.group tbody tr').length === 8 && document.querySelectorAll('details.match').length === 12);
    const groups0 = await readGroups(desk);
    const groups = Object.fromEntries(Object.entries(groups0).map(([g, rows]) => [g, rows.map((r) => r[1])]));
    const number = new Map(Object.values(groups0).flatMap((rows) => rows.map((r) => [r[1], r[0]])));
    const groupOf = new Map(Object.entries(groups).flatMap(([g, ts]) => ts.map((t) => [t, g])));
    log(`groups: ${JSON.stringify(groups)}`);
    const heads = [...rating].sort((a, b) => b[1] - a[1]).slice(0, 2).map((x) => x[0]);
    check('the two best-rated teams head different groups (art. 1)', groupOf.get(heads[0]) !== groupOf.get(heads[1]), heads);
    const fixtures = await readFixtures(desk);
    check('six matches a group, four boards each, one game a board (art. 3)', fixtures.length === 12 && fixtures.every((f) => f.games.length === 4 && f.games.every((g) => g.game === 1)), fixtures.map((f) => f.games.length));

    // What each game should end as: the plan's score of the match spread over its boards. The
    // match whose plan is 2-2 in group A is the one its players arrange: boards 1-3 are
    // theirs (the mate, an accepted challenge, the lapse), the director enters the others.
    const planned = (f) => {
      const [a, b] = [f.games[0].white_team, f.games[0].black_team].sort((x, y) => number.get(x) - number.get(y));
      return { first: a, score: PLAN[groupOf.get(a)][`${number.get(a)}-${number.get(b)}`] };
    };
    const arranged = fixtures.find((f) => groupOf.get(f.games[0].white_team) === 'A' && planned(f).score === 2);
    const g1 = arranged.games.find((g) => g.board === 1), g2 = arranged.games.find((g) => g.board === 2), g3 = arranged.games.find((g) => g.board === 3);
    log(`${arranged.label} (match ${arranged.match}) is arranged by its players: ${[g1, g2, g3].map((g) => `${g.white} – ${g.black}`).join(', ')}`);
    const key = (f, g) => `${f.match}-${g.board}-${g.game}`;
    const k1 = key(arranged, g1), k2 = key(arranged, g2), k3 = key(arranged, g3);

    // ---- the players: each opens the link the director gave him ----
    const open = async (ctx, name, what) => {
      const p = w.watch(await ctx.newPage(), what);
      await p.goto(`${base}/${links.get(name)}`);
      await p.waitForFunction((n) => document.querySelector('#role').textContent === `player: ${n}`, name, { timeout: 60000 });
      return p;
    };
    // board 3 first: its challenge is the one nobody answers (it lapses after 17.28 s)
    const w3 = await open(laptop, g3.white, 'white 3');
    await w3.click(`#send-now-${k3}`);
    await until(w3, 'board 3: White\'s challenge is sent from his page', (k) => document.querySelector(`#mine-${k}`).dataset.state === 'proposed', k3);
    const b3 = await open(phone, g3.black, 'black 3');
    check('board 3: Black\'s page asks him to answer by a deadline', /Answer by/.test(await b3.textContent(`#mine-${k3}`)));
    log('board 3 challenged');
    // boards 1 and 2: challenged and accepted
    const pages = {};
    for (const [g, k] of [[g1, k1], [g2, k2]]) {
      const pw = await open(laptop, g.white, `white ${g.board}`);
      const pb = await open(phone, g.black, `black ${g.board}`); // both at their pages: the answer comes well within 17 s
      await pw.click(`#send-now-${k}`);
      await pb.waitForSelector(`#accept-${k}`, { timeout: 60000 });
      if (g === g1) await shot(pb, 'league-path-challenge-390.png');
      await pb.click(`#accept-${k}`);
      for (const p of [pw, pb]) await p.waitForSelector(`#play-${k}`, { timeout: 60000 });
      pages[g.board] = [pw, pb];
    }
    log('boards 1 and 2 accepted');
    const hrefs = [await pages[1][0].getAttribute(`#play-${k1}`, 'href'), await pages[1][1].getAttribute(`#play-${k1}`, 'href')];
    for (const p of [...pages[1], ...pages[2]]) await p.close();

    // board 3: the first challenge lapses; White sends the second one from his page
    await until(b3, 'board 3: Black\'s page says the challenge lapsed', (k) => document.querySelector(`#mine-${k}`).dataset.state === 'lapsed', k3, 90000);
    const lapsedText = await b3.textContent(`#mine-${k3}`);
    check('… and that White sends the second one', /lapsed/.test(lapsedText) && /sends the second/.test(lapsedText), lapsedText);
    await shot(b3, 'league-path-lapsed-390.png');
    await w3.waitForSelector(`#send-now-${k3}`, { timeout: 60000 });
    check('board 3: White\'s page offers the second challenge', /Send the second one/.test(await w3.textContent(`#mine-${k3}`)));
    await w3.click(`#send-now-${k3}`);
    log('board 3: the first challenge lapsed, the second sent');

    // board 1 is played meanwhile: both open the play page from their league page's Play link
    const [q1w, q1b] = [await laptop.newPage(), await laptop.newPage()];
    w.watch(q1w, 'play white');
    w.watch(q1b, 'play black');
    await q1w.goto(`${base}/${hrefs[0]}`);
    await q1b.goto(`${base}/${hrefs[1]}`);
    for (const p of [q1w, q1b]) await p.waitForFunction(() => window.app.g && window.app.g.status === 'live', null, { timeout: 60000 });
    for (const [p, m] of [[q1w, 'f2f3'], [q1b, 'e7e5'], [q1w, 'g2g4'], [q1b, 'd8h4']]) {
      await p.bringToFront(); // the player looks at his own window (a tab behind gets no animation frames)
      await dragMove(p, m);
    }
    await until(q1b, 'board 1: Black mates on the play page', () => window.app.g.status === 'finished' && /0-1/.test(document.querySelector('#result').textContent));
    await q1w.close();
    await q1b.close();
    log('board 1 played');

    // board 3: the second challenge lapses too: Black loses by forfeit (art. 5)
    await until(w3, 'board 3: the second challenge lapses unanswered: White wins by forfeit', (k) => /\+ : − \(forfeit\)/.test(document.querySelector(`#mine-${k}`).textContent), k3, 90000);
    const card = await w3.textContent(`#mine-${k3}`);
    check('… and the card no longer says "challenge sent" under the forfeit', !/challenge sent/.test(card), card);
    await shot(w3, 'league-path-forfeit-1366.png');
    await b3.close();
    await w3.close();

    // ---- the director's table: every other result ----
    // The results are entered from the table's last row up: a row leaves the table when its
    // result is in, and the rows above it stay where they are (a click never lands on a row
    // that moved). The first one waits for its row to go: the desk's message line above the
    // table appears with it.
    const table = () => desk.$$eval('#open-challenges tbody tr', (l) => l.map((tr) => tr.dataset.key));
    const enterAll = async (want) => {
      const keys = (await table()).filter((k) => want.has(k)).reverse();
      check(`the director's table lists the ${want.size} games`, keys.length === want.size, [keys.length, want.size]);
      for (const [i, k] of keys.entries()) {
        await desk.selectOption(`#res-${k}`, want.get(k));
        await desk.click(`#result-${k}`);
        if (!i) await desk.waitForFunction((x) => !document.querySelector(`#result-${x}`), k, { timeout: 60000 });
      }
      await desk.waitForFunction((ks) => ks.every((k) => !document.querySelector(`#result-${k}`)), keys, { timeout: 120000 });
    };
    const want = new Map();
    for (const f of fixtures) {
      const { first, score } = planned(f);
      const pts = (g, r) => (g.white_team === first ? whiteOf(r) : blackOf(r));
      const fixed = f === arranged ? pts(g1, '0-1') + pts(g3, '+-') : 0;
      const rest = f.games.filter((g) => f !== arranged || g.board === 2 || g.board === 4);
      const share = spread(score - fixed, rest.length);
      for (const [i, g] of rest.entries()) want.set(key(f, g), resultOf(g.white_team === first ? share[i] : 1 - share[i]));
    }
    await enterAll(want);
    log(`the director entered ${want.size} results`);

    // ---- the group tables against art. 6 ----
    await snapWait(desk, (s) => s.status === 'between');
    const done = await readFixtures(desk);
    const games = done.flatMap((f) => f.games).map((g) => ({ ...g, result: RES[g.result] }));
    check('every group game has its result on the page', games.length === 48 && games.every((g) => g.result), games.filter((g) => !g.result).length);
    const byKey = (f, g) => done.find((x) => x.match === f.match).games.find((x) => x.board === g.board);
    check('board 1 reads 0-1 (the mate), board 3 + : − (the forfeit)', RES[byKey(arranged, g1).result] === '0-1' && RES[byKey(arranged, g3).result] === '+-', [byKey(arranged, g1).result, byKey(arranged, g3).result]);
    const expected = tables(groups, games, (t) => rating.get(t));
    const page = await readGroups(desk);
    for (const g of ['A', 'B']) {
      const mine = expected[g].map((r) => [r.team, r.mp, r.gp]);
      const theirs = page[g].map((r) => [r[1], r[2], r[3]]);
      log(`group ${g}: expected ${JSON.stringify(mine)}, page ${JSON.stringify(theirs)}`);
      check(`group ${g}'s table is art. 6's order with its match and game points`, JSON.stringify(mine) === JSON.stringify(theirs), { mine, theirs });
    }
    const [a, b] = [expected.A, expected.B];
    check('group A: second place by game points (art. 6a)', a[1].mp === a[2].mp && a[1].gp > a[2].gp, a);
    check('group B: first place by the lower team rating (art. 6b)', b[0].mp === b[1].mp && b[0].gp === b[1].gp && rating.get(b[0].team) < rating.get(b[1].team), b);
    await desk.evaluate(() => document.querySelector('#sec-groups').scrollIntoView());
    await shot(desk, 'league-path-groups-1366.png');

    // ---- between the stages: the lower-rated team of SF1 (1A – 2B) strengthens its roster ----
    const sf1 = [a[0].team, b[1].team], sf2 = [a[1].team, b[0].team];
    const weak = rating.get(sf1[0]) < rating.get(sf1[1]) ? sf1[0] : sf1[1];
    const id = await desk.evaluate((n) => app.snap.teams.find((t) => t.name === n).team, weak);
    await desk.click(`#rt-edit-${id}`);
    await desk.fill('#rt-roster', (await desk.inputValue('#rt-roster')) + '\nGrishin Z., 2700\nFrolov Z., 2700');
    await desk.click('#rt-add');
    await until(desk, `${weak}'s roster takes two players rated 2700`, (n) => app.snap.teams.find((t) => t.name === n).players.length === 7, weak);
    const roster = ROSTERS.find((t) => t.name === weak).players.concat([{ name: 'Grishin Z.', rating: 2700 }, { name: 'Frolov Z.', rating: 2700 }]);
    const ko = new Map(rating);
    ko.set(weak, teamRating(roster));
    log(`${weak}: ${rating.get(weak)} in the groups, ${ko.get(weak)} for the semi-finals`);
    await desk.click('#stage-start');
    await snapWait(desk, (s) => s.stage === 'sf' && s.status === 'running');
    const semis = await readFixtures(desk);
    const teamsOf = (f) => [f.games[0].white_team, f.games[0].black_team];
    const s1 = semis.find((f) => f.label === 'SF1'), s2 = semis.find((f) => f.label === 'SF2');
    check('the semi-finals are 1A – 2B and 2A – 1B (art. 7\'s crossing for two groups)', s1 && s2 && teamsOf(s1).slice().sort().join() === sf1.slice().sort().join() && teamsOf(s2).slice().sort().join() === sf2.slice().sort().join(), semis.map((f) => [f.label, teamsOf(f)]));
    check('two games a board, colours reversed (art. 7)', semis.every((f) => f.games.length === 8 && [1, 2, 3, 4].every((bd) => {
      const [x, y] = f.games.filter((g) => g.board === bd);
      return x && y && x.white_team === y.black_team;
    })));
    // a knockout match's results: first's points over its 8 games, spread as planned
    const plan = (f, first, score, into = new Map()) => {
      const share = spread(score, f.games.length);
      f.games.forEach((g, i) => into.set(key(f, g), resultOf(g.white_team === first ? share[i] : 1 - share[i])));
      return into;
    };
    // SF1 drawn 4-4: the lower recomputed rating goes through (art. 7); SF2 5-3
    await enterAll(plan(s2, sf2[0], 5, plan(s1, sf1[0], 4)));
    const w1 = ko.get(sf1[0]) < ko.get(sf1[1]) ? sf1[0] : sf1[1];
    const w2 = sf2[0];
    await snapWait(desk, (s) => s.status === 'between');
    const bSf1 = await desk.textContent('.bm[data-label="SF1"] .note');
    check(`SF1 drawn: ${w1} through on the lower team rating, the recomputed one (art. 7)`, bSf1.includes(w1) && /lower team rating/.test(bSf1) && w1 !== weak, bSf1);
    await desk.click('#stage-start');
    await snapWait(desk, (s) => s.stage === 'final' && s.status === 'running');
    const [fin] = await readFixtures(desk);
    check('the final: the winners of SF1 and SF2', teamsOf(fin).slice().sort().join() === [w1, w2].sort().join(), teamsOf(fin));
    // the final 3.5-4.5 for SF2's winner
    await enterAll(plan(fin, w1, 3.5));
    const champion = w2;

    // ---- a spectator's league page: the bracket with the final and the winner ----
    const pub = w.watch(await laptop.newPage(), 'spectator');
    await pub.goto(`${base}/league.html?league=${L}`);
    await snapWait(pub, (s) => s.status === 'finished');
    const final = await pub.evaluate(() => {
      const bm = document.querySelector('.bm[data-label="F"]');
      return { rows: [...bm.querySelectorAll('.bt')].map((r) => [r.querySelector('.nm').textContent, r.querySelector('.gp').textContent, r.classList.contains('win')]), champion: (document.querySelector('#champion') || {}).textContent };
    });
    log(`the final on the bracket: ${JSON.stringify(final)}`);
    check('the bracket shows the final 3½ – 4½', final.rows.length === 2 && final.rows.some((r) => r[0] === w1 && r[1] === '3½' && !r[2]) && final.rows.some((r) => r[0] === w2 && r[1] === '4½' && r[2]), final.rows);
    check(`the winner is ${champion}, the regulation's`, final.champion === champion, final.champion);
    check('the title names the winner', (await pub.textContent('#title')).includes(`finished: ${champion} wins`));
    await pub.evaluate(() => document.querySelector('#sec-bracket').scrollIntoView());
    await shot(pub, 'league-path-bracket-1366.png');
    const pp = w.watch(await phone.newPage(), 'spectator phone');
    await pp.goto(`${base}/league.html?league=${L}`);
    await snapWait(pp, (s) => s.status === 'finished');
    check('no sideways scroll on the phone (bracket)', (await sideways(pp)) <= 0, await sideways(pp));
    await pp.evaluate(() => document.querySelector('#sec-bracket').scrollIntoView());
    await shot(pp, 'league-path-bracket-390.png');
    check('no page errors', errors.length === 0, errors.join('; '));
    publish(shots);
  } finally {
    await w.close();
  }
}

run(main);
