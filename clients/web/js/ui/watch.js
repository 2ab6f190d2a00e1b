// ui/watch.js: the spectator view (watch.html?game=N) and the list of games to watch.
// SPDX-License-Identifier: MIT
// Without ?game the page is the hall (issue 17 item 8): it opens on the live matches of the
// current round of the latest tournament (each card both boards, the clocks, the team names
// and the match score; a card opens that game), follows the event from round to round by
// itself (the `round`, `standings` and `live` pushes), and between rounds (no game of the
// round live: the round paired and not started, the event paused, over) shows the standings
// and the next pairings. A spectator's connection watches one game at a time, so the hall
// keeps one more socket per live match on screen (they share one server clock offset).
// The list: the games of the current round of the latest tournament (tournament_get, open to
// anyone, then the `round` pushes every connection receives), with the pairing's team names,
// and every live game from `live` (open to anyone; the server pushes the list again when a game
// starts, ends or is paused). A spectator never receives partner chat (c2s-chat.md).

import { Net, oneAtATime } from '../net.js';
import { ServerTime, format } from '../clock.js';
import { msg, TEAM_SEATS } from '../proto.js';
import { fromState, apply, seatName } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, params, toast, notifyError } from './dom.js';
import { explain } from './errors.js';
import { initNotices, showNotice } from './notices.js';
import { foldPush, liveMatches, standingsTitle, withDelta } from '../tourdata.js';
import { roundTable, standingsTable, matchScore } from './tables.js';
import { bestFit } from './desk_live.js';

const HALL_MIN_BS = 96; // px: a board still read from a laptop's distance

const app = {
  gameId: Number(params().get('game')) || 0,
  time: new ServerTime(),
  net: null,
  g: null,
  view: null,
  live: [], // the `live` list: rows of the live games
  round: null, // the current round of the latest tournament (a `round` message)
  els: {},
  // the hall (no ?game): the tournament snapshot, its rounds, one socket per live match card
  tour: null,
  rounds: {},
  cards: new Map(), // game id -> {net, g, view, el, root, m}
  mode: '', // 'live' | 'between' | 'none': what the hall shows (for the browser test)
};
window.app = app;

function init() {
  initNotices(); // the director's announcements (js/ui/notices.js)
  app.els.net = document.getElementById('net');
  app.els.title = document.getElementById('title');
  app.els.list = document.getElementById('live');
  app.els.root = document.getElementById('root');
  app.els.result = h('div.result.watch-result.hidden', { id: 'result' });
  app.els.root.before(app.els.result);
  app.net = new Net({ time: app.time, onOpen, onPush, onStatus: (s) => { app.els.net.textContent = s; app.els.net.className = `net ${s}`; } });
  const frame = () => {
    const now = app.time.now();
    if (app.view) app.view.tick(now);
    for (const c of app.cards.values()) if (c.view) c.view.tick(now);
    requestAnimationFrame(frame);
  };
  if (!app.gameId) {
    document.body.classList.add('hall-page');
    window.addEventListener('resize', () => fitHall());
  }
  requestAnimationFrame(frame);
}

async function onOpen() {
  app.net.request(msg.live()).then(setLive, () => {});
  app.net.request(msg.tournamentGet()).then((t) => {
    if (t.current) setRound({ ...t.current, name: t.name });
    if (!app.gameId) setTour(t);
  }, (e) => { if (!app.gameId && e.code === 'not_found') drawHall(); });
  if (!app.gameId) return;
  try {
    await app.net.request(msg.join(app.gameId));
  } catch (e) {
    if (e.code === 'not_found') noSuchGame();
    else if (e.code !== 'disconnected') notifyError(explain('join', e));
  }
}

// watch.html?game=N for a game the server does not have: say so, and point at the list.
function noSuchGame() {
  app.els.title.textContent = `No game ${app.gameId}`;
  app.els.root.replaceChildren(h('div.landing.bad-link', { id: 'bad-link' },
    h('h2', {}, `There is no game ${app.gameId} on this server`),
    h('p', {}, 'The link may be mistyped, or the game belongs to an event this server no longer holds.'),
    h('p', {}, h('strong', {}, 'What to do: '), 'pick one of the games listed above, or ', h('a', { href: 'watch.html' }, 'see every live game'), '.'),
    h('p.detail', {}, `join: not_found (game ${app.gameId})`)));
}

function setRound(r) {
  if (app.round && (r.tournament < app.round.tournament || (r.tournament === app.round.tournament && r.round < app.round.round))) return;
  app.round = { ...r, name: r.name || (app.round && app.round.tournament === r.tournament ? app.round.name : '') };
  drawList();
  if (app.gameId) followSoon();
}

function setLive(l) {
  app.live = l.games;
  drawList();
  if (!app.gameId) drawHall();
  else followSoon();
}

// watch.html?game=N follows the game's first team (issue 26: it stayed on a finished game for
// the rest of the event): once the game has ended, the team's next game (game 2 of the match,
// the next round's, an Armageddon play-off) opens here by itself, a few seconds after it
// exists, and the address says which game it is.
const FOLLOW_MS = 3000;
function followTeam() {
  const r = app.round;
  if (app.follow || !r) return;
  for (const m of r.matches) {
    if ((m.games || []).includes(app.gameId) && m.team2) app.follow = { tournament: r.tournament, team: m.team1, name: m.name1 };
  }
}

function nextGame() {
  const f = app.follow;
  if (!f) return 0;
  let best = 0;
  const r = app.round;
  if (r && r.tournament === f.tournament) {
    for (const m of r.matches) {
      if (m.team1 !== f.team && m.team2 !== f.team) continue;
      for (const id of m.games || []) if (id && id > app.gameId && (!best || id < best)) best = id;
    }
  }
  // a play-off (round 0) is in the live list only, named by its teams
  for (const x of app.live) {
    if (x.tournament === f.tournament && x.round === 0 && x.game > app.gameId && (x.teams || []).includes(f.name) && (!best || x.game < best)) best = x.game;
  }
  return best;
}

function followSoon() {
  followTeam();
  if (!app.g || !app.g.result || app.followTimer) return;
  const next = nextGame();
  if (!next) return;
  app.followTimer = setTimeout(() => {
    app.followTimer = 0;
    if (!app.g || !app.g.result) return;
    switchTo(next);
  }, FOLLOW_MS);
}

function switchTo(id) {
  const from = app.gameId;
  app.gameId = id;
  history.replaceState(null, '', `watch.html?game=${id}`);
  app.g = null;
  if (app.view) {
    app.view.el.remove();
    app.view.pausedEl.remove();
    app.view.waitEl.remove();
  }
  app.view = null;
  app.els.result.classList.add('hidden');
  drawList();
  toast(`${app.follow ? app.follow.name + ': ' : ''}game ${from} is over; watching their next game (${id})`);
  app.net.request(msg.join(id)).catch((e) => { if (e.code !== 'disconnected') notifyError(explain('join', e)); });
}

function onPush(m) {
  if (m.type === 'announcement') return showNotice(m);
  if (m.type === 'live') return setLive(m);
  if (!app.gameId && (m.type === 'round' || m.type === 'round_delta' || m.type === 'standings')) {
    const f = foldPush(app.tour, app.rounds, m);
    if (f === 'changed') drawHall();
    else if (f === 'newer' || f === 'gap') reload(); // a newer event, or a push missed
  }
  if (m.type === 'round') return setRound(m);
  if (m.type === 'round_delta') { // the matches that changed in the round this page follows
    const r = app.round;
    if (r && r.tournament === m.tournament && r.round === m.round) {
      const whole = withDelta({}, { [r.round]: r }, m);
      if (whole) return setRound(whole);
    }
    if (app.gameId && (!r || m.tournament > r.tournament || (m.tournament === r.tournament && m.round > r.round))) reload();
    return;
  }
  if (m.type === 'game2_decided') { // P-GAME2's outcome (issue 13), for a spectator of game 1
    const text = m.how === 'draw' ? `Game 1 was drawn: the colours ${m.swap ? 'swap' : 'stay'} in game 2` : m.how === 'chosen' ? `The team that lost game 1 chose to ${m.swap ? 'swap' : 'keep'} the colours in game 2` : 'The team that lost game 1 did not choose in time: the colours swap in game 2';
    return toast(text);
  }
  if (m.type === 'state' && m.game === app.gameId) {
    app.g = fromState(m);
    if (!app.view) app.view = new GameView(app.els.root, { layout: 'watch', you: -1, chess: app.g.chess });
  } else if (!apply(app.g, m)) {
    return;
  }
  const g = app.g;
  app.view.render(g);
  // chess: White (seat 0) vs Black (seat 1); bughouse: the teams of seats 0+3 and 1+2
  const names = (t) => (g.chess ? [t - 1] : TEAM_SEATS[t]).map((s) => seatName(g, s)).join(' & ');
  app.els.title.textContent = `Game ${g.id} · ${names(1)} vs ${names(2)} · ${g.status}`;
  app.els.result.textContent = resultText(g, -1);
  app.els.result.classList.toggle('hidden', !g.result);
  if (g.result) followSoon();
}

// A live game's two team names in the round's pairing order (team1 – team2, as the round list
// above shows them); `live` names the team of seats 0+3 first, which follows the colours.
function pairOrder(x) {
  const r = app.round;
  if (!r || x.tournament !== r.tournament || x.round !== r.round) return x.teams;
  const m = r.matches.find((y) => y.match === x.match);
  return m && x.teams[0] === m.name2 && x.teams[1] === m.name1 ? [m.name1, m.name2] : x.teams;
}

function drawList() {
  const el = app.els.list;
  el.replaceChildren();
  // The hall's cards are the links to the live games: there the list is one line (a big round
  // lists dozens of games) until asked for in full.
  if (!app.gameId) {
    el.classList.toggle('open', !!app.listOpen);
    el.append(h('button.list-toggle', { type: 'button', onclick: () => { app.listOpen = !app.listOpen; drawList(); fitHall(); }, title: app.listOpen ? 'the list on one line' : 'every game of the round and every live game' }, app.listOpen ? 'fewer ▴' : 'all games ▾'));
  }
  const inRound = new Set();
  const r = app.round;
  if (r) {
    el.append(h('strong', {}, `${r.name ? r.name + ' · ' : ''}round ${r.round}/${r.rounds}${r.status === 'done' ? ' (done)' : ''}:`));
    for (const x of r.matches) {
      (x.games || []).forEach((id, k) => {
        if (!id) return;
        inRound.add(id);
        const res = x.results[k];
        // "(live)" only for a game on the live list; else it waits (its players, the break)
        const state = app.live.some((y) => y.game === id) ? 'live' : x.states && x.states[k] === 'waiting' ? 'waiting' : 'not started';
        el.append(h(`a.tour${id === app.gameId ? '.current' : ''}`, { href: `watch.html?game=${id}`, dataset: { game: id, state: res ? 'finished' : state } }, res ? `#${id} G${k + 1} ${x.name1} ${res} ${x.name2}` : `#${id} G${k + 1} ${x.name1} – ${x.name2} (${state})`));
      });
    }
  }
  el.append(h('strong', {}, 'Live games:'));
  if (!app.live.length) el.append(h('span', {}, 'none right now'));
  for (const x of app.live) {
    const chess = x.kind === 'chess'; // a club or league board: White and Black
    const names = (t) => (chess ? [t - 1] : TEAM_SEATS[t]).map((s) => x.players[s]).join(' & ');
    const teams = x.teams && x.teams[0] ? pairOrder(x) : null;
    const who = teams ? `${teams[0]} – ${teams[1]}` : `${names(1)} – ${names(2)}`;
    const where = !x.tournament ? '' : x.round ? ` R${x.round} B${x.match + 1} G${x.game_no + 1}` : ` play-off ${x.game_no + 1}`;
    const clocks = chess ? `${format(x.clock_ms[0])} / ${format(x.clock_ms[1])}`
      : `${format(Math.min(x.clock_ms[0], x.clock_ms[3]))} / ${format(Math.min(x.clock_ms[1], x.clock_ms[2]))}`;
    el.append(h(`a.live-game${x.game === app.gameId ? '.current' : ''}${x.paused ? '.paused' : ''}`,
      { href: `watch.html?game=${x.game}`, dataset: { game: x.game }, title: `${names(1)} vs ${names(2)}; lowest clock of each team at the last update` },
      `#${x.game}${where} ${who} · ${clocks}${x.paused ? ' · paused' : ''}`));
  }
}

// ---- the hall -------------------------------------------------------------------------------

// The latest tournament again (a newer one, or a push missed: s2c-round_delta.md), once until
// it is here.
const reload = oneAtATime(() => app.net.request(msg.tournamentGet()).then((t) => {
  if (t.current) setRound({ ...t.current, name: t.name });
  if (!app.gameId) setTour(t);
}));

function setTour(t) {
  app.tour = t;
  app.rounds = {};
  for (const r of t.history || []) app.rounds[r.round] = r;
  drawHall();
}

function drawHall() {
  if (app.gameId) return;
  const t = app.tour;
  const root = app.els.root;
  if (!t) {
    app.mode = 'none';
    app.els.title.textContent = 'no tournament on this server yet: the live games are listed above';
    root.replaceChildren(h('p.hall-wait', { id: 'hall' }, 'No tournament yet. Single games, when there are any, are listed above.'));
    return;
  }
  const cur = t.current;
  const live = new Set(app.live.map((x) => x.game));
  const lm = liveMatches(t, (id) => live.has(id));
  // an Armageddon play-off (round 0: T-ARMAGEDDON) is on the live list only (issue 26: the
  // hall did not show it)
  for (const x of app.live) {
    if (x.tournament === t.tournament && x.round === 0 && x.teams) lm.push({ m: { match: x.match, name1: x.teams[0], name2: x.teams[1], games: [x.game], gp: [0, 0], playoff: true }, game: x.game });
  }
  const head = `${t.name} · ${t.status === 'finished' ? 'final' : cur ? `round ${cur.round} of ${cur.rounds}` : 'registration'}`;
  if (lm.length) {
    app.mode = 'live';
    app.els.title.textContent = `${head} · ${lm.length} live match${lm.length === 1 ? '' : 'es'}`;
    let grid = root.querySelector('#hall-grid');
    if (!grid) {
      root.replaceChildren(h('section.hall', { id: 'hall' }, grid = h('div.hall-grid', { id: 'hall-grid' }),
        h('aside.hall-side', { id: 'hall-side' })));
    }
    // one card per live match: keep the cards of games still live, add the new ones
    const want = new Set(lm.map((x) => x.game));
    for (const [id, c] of app.cards) if (!want.has(id)) { c.net.close(); c.el.remove(); app.cards.delete(id); }
    for (const x of lm) {
      let c = app.cards.get(x.game);
      if (!c) c = newCard(x.game, grid);
      c.m = x.m;
      drawCardHead(c);
    }
    // in the order of the boards
    for (const x of lm) grid.append(app.cards.get(x.game).el);
    const side = root.querySelector('#hall-side');
    side.replaceChildren(h('h2', {}, t.standings && t.standings.round ? `Standings after round ${t.standings.round}` : 'Standings'),
      t.standings && t.standings.round ? standingsTable(t.standings, t.teams, { compact: true }) : h('p.muted', {}, 'They appear when round 1 is complete.'));
    fitHall();
    return;
  }
  // between rounds (or before the first game, or after the last): standings and next pairings
  for (const c of app.cards.values()) c.net.close();
  app.cards.clear();
  app.mode = 'between';
  const next = cur && cur.status !== 'done' ? cur : null;
  const st = t.standings;
  // a round under way with no game live (its games wait for their players or the break) is
  // not "next" (issue 26)
  // every round played and the event not over: what is left is the Armageddon play-off
  // (T-ARMAGEDDON) for teams equal on everything at a prize place
  const playoff = t.status !== 'finished' && !next && cur && cur.status === 'done' && t.rounds && cur.round >= t.rounds;
  const now = t.status === 'finished' ? 'the event is over' : playoff ? 'the Armageddon play-off' : !next ? 'between rounds' : next.status === 'paired' ? `next: round ${next.round}` : 'no game live right now: the games wait for their players or the break';
  app.els.title.textContent = `${head} · ${now}`;
  root.replaceChildren(h('section.hall.between', { id: 'hall' },
    h('div.hall-col', {}, h('h2', { id: 'hall-standings-title' }, st ? standingsTitle(st) : `Teams registered (${t.teams.length})`), st ? standingsTable(st, t.teams)
      : h('table.hall-teams', {}, h('tbody', {}, t.teams.map((x) => h('tr', {}, h('td', {}, x.name), h('td', {}, x.players.join(' & '))))))),
    h('div.hall-col', {}, next
      ? [h('h2', { id: 'hall-next-title' }, `Round ${next.round} of ${next.rounds} · ${next.status === 'paired' ? 'next pairings' : 'pairings'}`), roundTable(next, t)]
      : t.status === 'finished'
        ? [h('h2', {}, 'The event is over'), h('p', {}, h('a', { href: `event.html?tournament=${t.tournament}` }, 'every round, the crosstable and the results'))]
        : playoff
          ? [h('h2', { id: 'hall-playoff-title' }, 'Every round is played: an Armageddon play-off'), h('p', {}, 'Teams still equal on a prize place play Armageddon games until one wins (White has more time; a draw counts as a win for the team with Black on board A). Each game shows here as it starts.'), roundTable(cur, t)]
          : [h('h2', {}, t.status === 'registering' ? 'The first round is paired at the start' : 'Waiting for the next round'), cur ? roundTable(cur, t) : null])));
}

function newCard(game, grid) {
  const c = { game, g: null, view: null, m: null };
  c.root = h('div.hall-boards');
  c.el = h('a.hall-card.match-card', { href: `watch.html?game=${game}`, dataset: { game }, title: 'watch this game' }, h('div.hall-head'), c.root);
  grid.append(c.el);
  c.net = new Net({
    time: app.time,
    onOpen: () => c.net.request(msg.join(game)).catch(() => {}),
    onPush: (m) => {
      if (m.game !== game) return;
      if (m.type === 'state') {
        c.g = fromState(m);
        if (!c.view) {
          c.view = new GameView(c.root, { layout: 'mini', you: -1, chess: c.g.chess });
          requestAnimationFrame(() => fitHall());
        }
      } else if (!apply(c.g, m)) return;
      c.view.render(c.g);
    },
    onStatus: () => {},
  });
  app.cards.set(game, c);
  return c;
}

function drawCardHead(c) {
  const m = c.m;
  if (m.playoff) {
    c.el.querySelector('.hall-head').replaceChildren(
      h('span.hall-bd', { title: 'T-ARMAGEDDON: a tie on a prize place is played off' }, 'Play-off'),
      h('span.hall-n1', {}, m.name1), h('span.hall-score', {}, '–'), h('span.hall-n2', {}, m.name2),
      h('span.hall-gno', { title: 'White has more time; a draw counts as a win for Black\'s team' }, 'Armageddon'));
    return;
  }
  c.el.querySelector('.hall-head').replaceChildren(
    h('span.hall-bd', {}, `Bd ${m.match + 1}`),
    h('span.hall-n1', {}, m.name1),
    h('span.hall-score', {}, matchScore(m)),
    h('span.hall-n2', {}, m.name2),
    h('span.hall-gno', {}, `G${m.games[1] === c.game ? 2 : 1}`));
}

// The cards' board size: as large as the hall allows with every card on screen (desk_live.js).
function fitHall() {
  const grid = document.getElementById('hall-grid');
  if (!grid || !grid.children.length) return;
  const c = grid.children[0];
  const board = c.querySelector('.board');
  const bs0 = board ? board.getBoundingClientRect().height : 0;
  const chrome = bs0 ? c.getBoundingClientRect().height - bs0 : 90;
  // A card's width beside its two boards; at least the grid's own (2 boards + 40px: app.css),
  // also when a card narrower than two boards stacks them (a phone's first layout).
  const side = Math.max(bs0 ? c.getBoundingClientRect().width - 2 * bs0 : 24, 24);
  const top = grid.getBoundingClientRect().top;
  // The hall is looked at, not played on: smaller boards than the desk's before it scrolls.
  const fit = bestFit(grid.children.length, grid.clientWidth, window.innerHeight - top - 8, chrome, side, HALL_MIN_BS);
  grid.style.setProperty('--cols', fit.cols);
  grid.style.setProperty('--hbs', `${fit.bs}px`);
  grid.dataset.cols = fit.cols;
  grid.dataset.bs = fit.bs;
}

init();
