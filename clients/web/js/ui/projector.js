// ui/projector.js: the hall's projector (projector.html?tournament=N[&rotate=S][&per=K]):
// full screen, large type, the slides in turn: the live matches of the round (K per slide,
// default 2: both boards, clocks and reserves, the team names and the match score), the
// round's pairings with the results so far, and the standings (at most 12 rows per slide: a
// big field's sheets are paged in equal parts, each on one screen). Every S
// seconds (default 15) the next slide; F full screen, arrows change the slide, space holds it.
// SPDX-License-Identifier: MIT
// Data as every spectator gets it: tournament_get, the `round` / `standings` / `live` pushes,
// and the games themselves: a spectator's connection watches one game at a time, so the page
// keeps one socket per match on the slide (they share one server clock offset).

import { Net, oneAtATime } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg } from '../proto.js';
import { fromState, apply } from '../game.js';
import { GameView } from './view.js';
import { h, params } from './dom.js';
import { byeWords, gpText, standingsRows, foldPush, liveMatches, scheduleText, rowMarks } from '../tourdata.js';
import { initNotices, showNotice } from './notices.js';
import { matchScore } from './tables.js';

const q = params();
const app = {
  want: Number(q.get('tournament')) || 0,
  rotateMs: Math.max(3, Number(q.get('rotate')) || 15) * 1000,
  per: Math.max(1, Math.min(4, Number(q.get('per')) || 2)),
  time: new ServerTime(),
  net: null,
  tour: null,
  rounds: {},
  live: new Map(), // game id -> row of the `live` list
  slides: [], // [{kind: 'matches'|'pairings'|'standings', key, ...}]
  at: 0, // index of the slide shown
  shownAt: 0, // performance.now() when it was shown
  held: false,
  slots: [], // one per match on a matches slide: {net, game, g, view, el}
  seen: [], // kinds/keys of the slides shown so far (for the browser test)
};
window.app = app;

const $ = (id) => document.getElementById(id);

function init() {
  initNotices({ big: true });
  $('pj-full').onclick = fullScreen;
  document.addEventListener('keydown', (e) => {
    if (e.key === 'f' || e.key === 'F') fullScreen();
    else if (e.key === 'ArrowRight') go(app.at + 1);
    else if (e.key === 'ArrowLeft') go(app.at - 1);
    else if (e.key === ' ') { app.held = !app.held; app.shownAt = performance.now(); }
    else return;
    e.preventDefault();
  });
  document.addEventListener('fullscreenchange', () => document.body.classList.toggle('full', !!document.fullscreenElement));
  let idle = 0;
  document.addEventListener('mousemove', () => {
    document.body.classList.remove('idle');
    clearTimeout(idle);
    idle = setTimeout(() => document.body.classList.add('idle'), 3000);
  });
  app.net = new Net({ time: app.time, onOpen, onPush, onStatus: () => {} });
  setInterval(() => { // T-SCHEDULE: the scheduled round's countdown
    const line = scheduleText(app.tour, app.time.epochNow());
    $('pj-sched').hidden = !line;
    $('pj-sched').textContent = line;
  }, 1000);
  for (let i = 0; i < app.per; i++) app.slots.push(newSlot(i));
  requestAnimationFrame(frame);
}

function fullScreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen().catch(() => {});
}

async function onOpen() {
  app.net.request(msg.live()).then(onLive, () => {});
  try {
    setTour(await app.net.request(msg.tournamentGet(app.want || undefined)));
  } catch (e) {
    $('pj-round').textContent = e.code === 'not_found' ? 'no tournament yet' : e.code;
  }
}

function setTour(t) {
  app.tour = t;
  app.want = t.tournament;
  for (const r of t.history || []) app.rounds[r.round] = r;
  build();
}

function onLive(l) {
  app.live = new Map(l.games.map((x) => [x.game, x]));
  build();
}

function onPush(m) {
  if (m.type === 'announcement') return showNotice(m);
  if (m.type === 'live') return onLive(m);
  const f = foldPush(app.tour, app.rounds, m);
  if (f === 'changed') build();
  else if (f === 'newer' && !q.get('tournament')) onOpen(); // a newer tournament: the latest is shown
  else if (f === 'gap') reload();
}

// A push was missed (s2c-round_delta.md): the tournament again, once until it is here.
const reload = oneAtATime(() => onOpen());

// ---- the slides ----

// Rows of a pairings or standings slide: 12 rows of 3.3vh type fill the stage under the title
// (projector.css), whatever the resolution. n rows in the fewest slides, as equal as can be.
const ROWS = 12;
function pages(n) {
  const k = Math.max(1, Math.ceil(n / ROWS));
  const per = Math.ceil(n / k);
  const out = [];
  for (let i = 0; i < n; i += per) out.push([i, Math.min(n, i + per)]);
  return out.length ? out : [[0, 0]];
}

function build() {
  if (!app.tour) return;
  const t = app.tour;
  const cur = t.current;
  $('pj-event').textContent = t.name;
  $('pj-round').textContent = t.status === 'registering' ? 'registration' : t.status === 'finished' ? 'final' : cur ? `round ${cur.round} of ${cur.rounds}${cur.status === 'paired' ? ' · paired' : cur.status === 'done' ? ' · done' : ''}` : '';
  const slides = [];
  const lm = liveMatches(t, (id) => app.live.has(id));
  for (let i = 0; i < lm.length; i += app.per) slides.push({ kind: 'matches', key: `m${lm.slice(i, i + app.per).map((x) => x.game).join('-')}`, items: lm.slice(i, i + app.per) });
  if (cur) {
    const ps = pages(cur.matches.length);
    for (const [a, b] of ps) slides.push({ kind: 'pairings', key: `p${cur.round}-${a}`, round: cur, from: a, to: b, paged: ps.length > 1 });
  }
  const rows = standingsRows(t);
  if (t.standings && t.standings.round >= 1) {
    for (const [a, b] of pages(rows.length)) slides.push({ kind: 'standings', key: `s${a}`, from: a, rows: rows.slice(a, b) });
  }
  if (!slides.length) slides.push({ kind: 'wait', key: 'wait' });
  const shown = app.slides[app.at];
  app.slides = slides;
  // Stay on the slide shown when it still exists (a push must not make the hall jump); a held
  // slide that is gone (the next round's pairings) gives way to one of the same kind.
  let keep = shown ? slides.findIndex((s) => s.key === shown.key) : -1;
  if (keep < 0 && shown && app.held) keep = slides.findIndex((s) => s.kind === shown.kind);
  if (keep >= 0) {
    app.at = keep;
    draw(false);
  } else {
    go(shown ? Math.min(app.at, slides.length - 1) : 0);
  }
  $('pj-dots').replaceChildren(...slides.map((s, i) => h(`span.dot${i === app.at ? '.on' : ''}`, { title: s.kind })));
}

function go(i) {
  const n = app.slides.length;
  if (!n) return;
  app.at = ((i % n) + n) % n;
  app.shownAt = performance.now();
  draw(true);
  const s = app.slides[app.at];
  app.seen.push(s.kind);
  for (const [k, d] of [...$('pj-dots').children].entries()) d.classList.toggle('on', k === app.at);
}

function draw(fresh) {
  const s = app.slides[app.at];
  if (!s) return;
  const stage = $('pj-stage');
  stage.dataset.kind = s.kind;
  if (s.kind === 'matches') return drawMatches(s, fresh);
  for (const sl of app.slots) watch(sl, 0);
  if (s.kind === 'standings') return stage.replaceChildren(standingsSlide(s));
  if (s.kind === 'pairings') return stage.replaceChildren(pairingsSlide(s));
  stage.replaceChildren(h('p.pj-wait', {}, app.tour.status === 'registering' ? `${app.tour.name}: registration (${app.tour.teams.length} teams)` : 'Waiting for the next round…'));
}

// The match in pairing order (as the pairings and the line under the boards), each team in the
// colour of its bars below: blue the team on seats 0+3 (White on A), orange the other.
function teamLine(m, slot) {
  const g = slot.g;
  const names = g ? [0, 3].map((x) => (g.seats.find((y) => y.seat === x) || {}).name) : [];
  const teamOf03 = app.tour.teams.find((t) => t.players[0] === names[0] && t.players[1] === names[1]);
  const swap = teamOf03 && teamOf03.team === m.team2;
  return h('div.pj-match-head', {},
    h('span.pj-bd', {}, `Board ${m.match + 1}`),
    h(`span.pj-n1${swap ? '.pj-c2' : '.pj-c1'}`, {}, m.name1),
    h('span.pj-score', {}, `${gpText(m.gp[0])} – ${gpText(m.gp[1])}`),
    h(`span.pj-n2${swap ? '.pj-c1' : '.pj-c2'}`, {}, m.name2),
    h('span.pj-gno', {}, `game ${m.games[1] === slot.game ? 2 : 1}`),
    h('span.pj-mid', {}, `Board ${m.match + 1} · game ${m.games[1] === slot.game ? 2 : 1}`));
}

// The match's line in sl's head; a team name too long for its half of the line goes on two
// lines (the board and game labels move to the middle, above the score) instead of being cut.
function setHead(sl, m) {
  const head = teamLine(m, sl);
  sl.el.querySelector('.pj-head').replaceChildren(head);
  fitHead(head);
}

function fitHead(head) {
  head.classList.remove('pj-two-head');
  const names = [...head.querySelectorAll('.pj-n1, .pj-n2')];
  names.forEach((n) => n.classList.remove('pj-two'));
  const long = names.filter((n) => n.scrollWidth > n.clientWidth + 1);
  if (!long.length) return;
  head.classList.add('pj-two-head');
  long.forEach((n) => n.classList.add('pj-two'));
}

window.addEventListener('resize', () => document.querySelectorAll('.pj-match-head').forEach(fitHead));

// Every board of the round in one line each, under the matches on the slide.
function glance() {
  const cur = app.tour.current;
  if (!cur) return h('div.pj-glance');
  const onSlide = new Set((app.slides[app.at].items || []).map((x) => x.m.match));
  return h('div.pj-glance', {}, cur.matches.map((m) => h(`div.pj-g${onSlide.has(m.match) ? '.on' : ''}${m.status === 'done' ? '.done' : ''}`, {},
    h('span.pj-gbd', {}, `${m.match + 1}`),
    h('span.pj-gn1', {}, m.name1),
    h('span.pj-gs', {}, m.status === 'bye' ? byeWords(m).short : matchScore(m)),
    h('span.pj-gn2', {}, m.status === 'bye' ? '' : m.name2))));
}

function drawMatches(s, fresh) {
  const stage = $('pj-stage');
  if (fresh || !stage.querySelector('.pj-matches')) {
    const wrap = h(`div.pj-matches.n${s.items.length}`);
    s.items.forEach((x, i) => {
      const sl = app.slots[i];
      sl.el = h('section.pj-match', { dataset: { game: x.game } }, h('div.pj-head'), sl.root = h('div.pj-boards'));
      wrap.append(sl.el);
    });
    stage.replaceChildren(h('div.pj-col', {}, wrap, glance()));
    app.slots.forEach((sl, i) => {
      if (i >= s.items.length) watch(sl, 0);
      else {
        sl.view = null;
        watch(sl, s.items[i].game);
      }
    });
  }
  s.items.forEach((x, i) => {
    const sl = app.slots[i];
    if (sl.el) setHead(sl, x.m);
  });
  const g = stage.querySelector('.pj-glance');
  if (g) g.replaceWith(glance());
}

// A socket per match on the slide: it watches game (0: none).
function newSlot(i) {
  const sl = { i, game: 0, g: null, view: null, el: null, root: null };
  sl.net = new Net({
    time: app.time,
    onOpen: () => { if (sl.game) sl.net.request(msg.join(sl.game)).catch(() => {}); },
    onPush: (m) => slotPush(sl, m),
    onStatus: () => {},
  });
  return sl;
}

function watch(sl, game) {
  if (sl.game === game && (game === 0 || sl.view)) return;
  sl.game = game;
  sl.g = null;
  if (game) sl.net.request(msg.join(game)).catch(() => {});
}

function slotPush(sl, m) {
  if (m.type === 'announcement' || m.game !== sl.game) return;
  if (m.type === 'state') {
    sl.g = fromState(m);
    if (!sl.view && sl.root) sl.view = new GameView(sl.root, { layout: 'projector', you: -1, chess: sl.g.chess });
  } else if (!apply(sl.g, m)) {
    return;
  }
  if (sl.view) sl.view.render(sl.g);
  const s = app.slides[app.at];
  if (s && s.kind === 'matches') {
    const x = s.items[sl.i];
    if (x && sl.el) setHead(sl, x.m);
  }
}

function pairingsSlide(s) {
  const r = s.round;
  const teams = new Map(app.tour.teams.map((t) => [t.team, t]));
  const res = (m, k) => (m.results[k] ? m.results[k].replace('1/2-1/2', '½-½') : m.games[k] ? (m.states && m.states[k] === 'waiting' ? 'waiting' : 'live') : '');
  return h('div.pj-sheet', {},
    h('h2', {}, `Round ${r.round} of ${r.rounds} · pairings${r.status === 'paired' ? '' : ' and results'}${s.paged ? ` (boards ${s.from + 1}–${s.to})` : ''}`),
    h('table.pj-pairings', {},
      h('thead', {}, h('tr', {}, h('th.num', {}, 'Bd'), h('th', {}, 'Team'), h('th.num', {}, ''), h('th', {}, 'Team'), h('th.c', {}, 'G1'), h('th.c', {}, 'G2'))),
      h('tbody', {}, r.matches.slice(s.from, s.to).map((m) => h(`tr.${m.status}`, {},
        h('td.num', {}, m.match + 1),
        h('td', {}, m.name1 || (teams.get(m.team1) || {}).name),
        h('td.num.score', {}, m.status === 'bye' ? '' : matchScore(m)),
        h('td', {}, m.status === 'bye' ? h('em', {}, byeWords(m).long) : m.name2 || (teams.get(m.team2) || {}).name),
        h('td.c', {}, m.status === 'bye' ? '' : res(m, 0)),
        h('td.c', {}, m.status === 'bye' ? '' : res(m, 1)))))));
}

function standingsSlide(s) {
  const st = app.tour.standings;
  const title = st.final ? 'Final standings' : `Standings after round ${st.round}`;
  return h('div.pj-sheet', {},
    h('h2', {}, title + (app.slides.filter((x) => x.kind === 'standings').length > 1 ? ` (${s.from + 1}–${s.from + s.rows.length})` : '')),
    h('table.pj-standings', {},
      h('thead', {}, h('tr', {}, h('th.num', {}, '#'), h('th', {}, 'Team'), h('th.num', {}, 'MP'), h('th.num', {}, 'GP'), st.tiebreaks.map((x) => h('th.num', {}, x)))),
      h('tbody', {}, s.rows.map((x) => h(`tr${rowMarks(st, x, app.tour.teams).prize ? '.prize-' + x.place : ''}`, {},
        h('td.num.place', {}, x.place),
        h('td', {}, x.name, rowMarks(st, x, app.tour.teams).tied ? h('span.tied', {}, ' =') : null),
        h('td.num.mp', {}, x.mp),
        h('td.num', {}, gpText(x.gp)),
        x.tb.map((v) => h('td.num.tb', {}, v)))))));
}

function frame(now) {
  if (app.slides.length > 1 && !app.held) {
    const f = Math.min(1, (now - app.shownAt) / app.rotateMs);
    $('pj-bar').style.width = `${f * 100}%`;
    if (f >= 1) go(app.at + 1);
  } else {
    $('pj-bar').style.width = app.held ? '100%' : '0';
  }
  const t = app.time.now();
  for (const sl of app.slots) if (sl.view) sl.view.tick(t);
  requestAnimationFrame(frame);
}

init();
