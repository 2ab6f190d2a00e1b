// ui/event.js: the public event page (event.html?tournament=N, default the latest one): the
// standings with tie-breaks, the crosstable and every round's pairings and results, each game
// a link to its replay (or to the live view while it is played). For anyone: it uses only what
// the server gives every connection (tournament_get, the `round` and `standings` pushes).
// SPDX-License-Identifier: MIT
// Paper: ?print=standings | crosstable | pairings[&round=K] | all shows that part as A4 sheets
// (css/event.css, @media print), and with &go=1 opens the browser's print dialog once loaded
// (the desk's Print buttons). CSV files of the standings and the crosstable.

import { Net, oneAtATime } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg } from '../proto.js';
import { h, params, notifyError } from './dom.js';
import { explain } from './errors.js';
import { roundList, slug, standingsCsv, crosstableCsv, foldPush, standingsTitle, scheduleText, TB_SAYS } from '../tourdata.js';
import { roundTable, standingsTable, crosstableTable } from './tables.js';
import { initNotices, showNotice } from './notices.js';

const q = params();
const app = {
  want: Number(q.get('tournament')) || 0,
  print: q.get('print') || '', // standings | crosstable | pairings | all
  printRound: Number(q.get('round')) || 0,
  go: q.get('go') === '1',
  printed: false,
  time: new ServerTime(),
  net: null,
  tour: null,
  rounds: {},
  ready: false, // the first snapshot is drawn (the browser test waits for it)
};
window.app = app;

const $ = (id) => document.getElementById(id);
const fmtTime = (ms) => (ms % 60000 === 0 ? `${ms / 60000} min` : `${ms / 1000} s`);

// T-SCHEDULE: the scheduled round's countdown in the header, each second.
function drawSchedule() {
  const line = scheduleText(app.tour, app.time.epochNow());
  $('ev-sched').hidden = !line;
  $('ev-sched').textContent = line;
}

function init() {
  if (!app.print) initNotices();
  setInterval(drawSchedule, 1000);
  if (app.print) document.body.classList.add('printing', `print-${app.print}`);
  app.net = new Net({
    time: app.time,
    onOpen,
    onPush,
    onStatus: (s) => { $('net').textContent = s; $('net').className = `net ${s}`; },
  });
}

async function onOpen() {
  try {
    setTour(await app.net.request(msg.tournamentGet(app.want || undefined)));
  } catch (e) {
    if (e.code === 'not_found') $('ev-empty').textContent = app.want ? `There is no tournament ${app.want}.` : 'No tournament yet.';
    else if (e.code !== 'disconnected') notifyError(explain('tournament_get', e));
  }
}

function setTour(t) {
  app.tour = t;
  app.want = t.tournament;
  for (const r of t.history || []) app.rounds[r.round] = r;
  draw();
  drawSchedule();
}

function onPush(m) {
  if (m.type === 'announcement' && !app.print) return showNotice(m);
  const f = foldPush(app.tour, app.rounds, m);
  if (f === 'changed') draw();
  else if (f === 'newer' && !q.get('tournament')) onOpen(); // a newer tournament: the latest is shown
  else if (f === 'gap') reload();
}

// A push was missed (s2c-round_delta.md): the tournament again, once until it is here.
const reload = oneAtATime(() => onOpen());

// The head of a printed sheet: the event, what the sheet is, the date it was printed.
function sheetHead(t, what) {
  const printed = new Date().toLocaleString([], { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return h('div.sheet-head', {},
    h('div.sheet-event', {}, t.name),
    h('div.sheet-what', {}, what),
    h('div.sheet-meta', {}, `${t.format === 'round_robin' ? 'Round robin' : 'Swiss'} · ${t.teams.length} teams · ${t.rounds} rounds · ${fmtTime(t.base_ms)} + ${t.inc_ms / 1000} s · ${t.ruleset} · printed ${printed}`));
}

function legend(text) {
  return h('p.legend', {}, text);
}

function draw() {
  const t = app.tour;
  if (!t) return;
  document.title = `${t.name} · bughouse`;
  $('title').textContent = `${t.name} · ${t.status}${t.status === 'registering' ? '' : ` · round ${t.round} of ${t.rounds}`}`;
  $('nav-projector').href = `projector.html?tournament=${t.tournament}`;
  const list = roundList(t, app.rounds);
  const s = t.standings;
  const started = t.status !== 'registering';
  const tbs = s ? s.tiebreaks.map((x) => `${x} (${TB_SAYS[x] || x})`).join('; ') : '';
  const csvBtn = (what) => h('button.csv', { type: 'button', onclick: () => csvFile(what), title: 'RFC 4180, UTF-8' }, 'CSV');
  const standings = h('section.sheet', { id: 'sec-standings' },
    sheetHead(t, standingsTitle(s)),
    h('div.sec-title', {}, h('h2', {}, standingsTitle(s)), started ? csvBtn('standings') : null),
    started && s ? standingsTable(s, t.teams) : h('p.muted', {}, 'After the first round.'),
    started && s ? legend(`MP: match points (a match won 2, drawn 1). GP: game points (a game won 1, drawn ½). Tie-breaks, in order: ${tbs}. = next: equal with the next team on everything (an Armageddon play-off decides).`) : null);
  const cross = h('section.sheet', { id: 'sec-crosstable' },
    sheetHead(t, 'Crosstable'),
    h('div.sec-title', {}, h('h2', {}, 'Crosstable'), started ? csvBtn('crosstable') : null),
    started ? h('div.scroll-x', {}, crosstableTable(t, app.rounds)) : h('p.muted', {}, 'After the start.'),
    started ? legend('Each round: the opponent\'s pairing number, then the team\'s result in game 1 and game 2 (1 win, ½ draw, 0 loss; F forfeit). bye 1: the round\'s bye (a team left without an opponent scores 1 match point and 1 game point). MP and GP of the finished matches.') : null);
  const roundsOnScreen = list.slice().reverse();
  const wanted = app.print === 'pairings' ? list.filter((r) => r.round === (app.printRound || t.round)) : roundsOnScreen;
  const rounds = h('section', { id: 'sec-rounds' },
    h('div.sec-title.screen-only', {}, h('h2', {}, 'Rounds')),
    wanted.length ? wanted.map((r) => h('article.sheet.round-sheet', { dataset: { round: r.round } },
      sheetHead(t, `Pairings and results · round ${r.round} of ${r.rounds}`),
      h('h3', {}, `Round ${r.round} of ${r.rounds}`, h('span.muted', {}, ` · ${r.status}`)),
      h('div.scroll-x', {}, roundTable(r, t)),
      legend('Bd: the pairing\'s board. ♔: White on board A in game 1. Game results from team 1\'s side; MP 2-1-0, GP the games won.'))) : h('p.muted', {}, 'The pairings appear here when round 1 is paired.'));
  const teamsSec = h('section.sheet.screen-only', { id: 'sec-teams' },
    h('div.sec-title', {}, h('h2', {}, `Teams (${t.teams.length})`)),
    h('table.teams', {}, h('thead', {}, h('tr', {}, h('th.num', {}, 'No'), h('th', {}, 'Team'), h('th', {}, 'Board A'), h('th', {}, 'Board B'))),
      h('tbody', {}, t.teams.slice().sort((a, b) => (a.no || 1e9) - (b.no || 1e9)).map((x) => h(`tr${x.withdrawn ? '.withdrawn' : ''}`, {},
        h('td.num', {}, x.no || ''), h('td', {}, x.name, x.withdrawn ? h('span.muted', {}, ` (withdrawn from round ${x.withdrawn})`) : null),
        [0, 1].map((k) => h('td', {}, x.players[k], x.ratings && x.ratings[k] ? h('span.muted', {}, ` ${x.ratings[k]}`) : null)))))));
  const parts = { standings: [standings], crosstable: [cross], pairings: [rounds], all: [standings, cross, rounds] };
  $('event').replaceChildren(...(parts[app.print] || [standings, cross, rounds, teamsSec]));
  app.ready = true;
  if (app.go && !app.printed) {
    app.printed = true;
    setTimeout(() => window.print(), 300);
  }
}

function csvFile(what) {
  const text = what === 'standings' ? standingsCsv(app.tour) : crosstableCsv(app.tour, app.rounds);
  const a = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' })), download: `${slug(app.tour.name)}-${what}.csv` });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

init();
