// ui/director.js: the director dashboard (director.html). SPDX-License-Identifier: MIT
// What the server supports now: create games (by names or by registered teams) and get each
// seat's join link, list games, start a waiting game, watch every live game at once (the
// director's joins accumulate on its one socket), create a tournament and register teams.
// Pairings, standings and the round controls are laid out and marked as waiting for the
// server's tournament messages. Join tokens are shown by the server only once (at creation),
// so the dashboard keeps them in this browser's localStorage.

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg, TEAM_SEATS } from '../proto.js';
import { fromState, apply, seatName } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, toast } from './dom.js';

const store = {
  get: (k, d) => { try { return JSON.parse(localStorage.getItem(k)) ?? d; } catch { return d; } },
  set: (k, v) => localStorage.setItem(k, JSON.stringify(v)),
};

const app = {
  admin: store.get('bh.admin', '') || '',
  time: new ServerTime(),
  net: null,
  games: [], // last `games` reply
  tokens: store.get('bh.tokens', {}), // game id -> {tokens[4], names[4]}
  tour: store.get('bh.tour', null), // {id, name, base_ms, inc_ms, rounds, ruleset, teams: [{id, name, players}]}
  minis: new Map(), // game id -> {net, g, view, el}
  els: {},
};
window.app = app;

const $ = (id) => document.getElementById(id);

function init() {
  app.els.net = $('net');
  $('admin-token').value = app.admin;
  $('connect').onclick = () => {
    app.admin = $('admin-token').value.trim();
    store.set('bh.admin', app.admin);
    if (app.net) app.net.close();
    connect();
  };
  $('game-form').onsubmit = (e) => { e.preventDefault(); createGame(); };
  $('tour-form').onsubmit = (e) => { e.preventDefault(); createTournament(); };
  $('team-form').onsubmit = (e) => { e.preventDefault(); registerTeam(); };
  $('start-round').onclick = startRound;
  drawTournament();
  if (app.admin) connect();
  const frame = () => {
    for (const m of app.minis.values()) if (m.view) m.view.tick(app.time.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function connect() {
  app.net = new Net({
    time: app.time,
    onStatus: (s) => { app.els.net.textContent = s; app.els.net.className = `net ${s}`; },
    onOpen: async () => {
      try {
        await app.net.request(msg.auth(app.admin));
        $('auth-state').textContent = 'director';
        // After a reconnect: watch the same games again (each join answers with a full state).
        for (const id of app.minis.keys()) app.net.request(msg.join(id)).catch(() => {});
        refresh();
      } catch (e) {
        $('auth-state').textContent = e.code === 'unauthorized' ? 'wrong admin token' : e.code;
      }
    },
    onPush,
  });
  clearInterval(app.timer);
  app.timer = setInterval(refresh, 2000);
}

async function refresh() {
  let r;
  try {
    r = await app.net.request(msg.games());
  } catch {
    return;
  }
  app.games = r.games;
  drawGames();
  syncMinis();
  drawRound();
}

function playLink(token) {
  return `${location.origin}/play.html?token=${token}`;
}

async function createGame(teams) {
  const base = Math.round(Number($('g-base').value) * 60000);
  const inc = Math.round(Number($('g-inc').value) * 1000);
  const body = { base_ms: base, inc_ms: inc };
  let names;
  if (teams) {
    Object.assign(body, teams);
    names = teams.names;
    delete body.names;
  } else {
    names = ['p0', 'p1', 'p2', 'p3'].map((id) => $(id).value.trim() || $(id).placeholder);
    body.players = names;
  }
  try {
    const r = await app.net.request(msg.gameCreate(body));
    app.tokens[r.game] = { tokens: r.tokens, names, round: teams ? teams.round : undefined };
    store.set('bh.tokens', app.tokens);
    toast(`game ${r.game} created`);
    await refresh();
    return r.game;
  } catch (e) {
    toast(`game_create: ${e.code}${e.field ? ' (' + e.field + ')' : ''}`);
    return 0;
  }
}

async function startGame(id) {
  try {
    await app.net.request(msg.gameStart(id));
    refresh();
  } catch (e) {
    toast(`game_start: ${e.code}`);
  }
}

const SEAT_LABEL = ['A white', 'A black', 'B white', 'B black'];

function drawGames() {
  const rows = app.games.slice().sort((a, b) => b.game - a.game).map((x) => {
    const t = app.tokens[x.game];
    const links = t
      ? h('div.links', {}, t.tokens.map((tok, s) => h('a', { href: playLink(tok), target: '_blank', class: 'join', dataset: { seat: s, game: x.game } }, `${SEAT_LABEL[s]}: ${t.names[s] || ''}`)))
      : h('span', { style: 'color:var(--muted)' }, 'links shown at creation only');
    const res = x.result ? `${x.result} ${x.reason || ''}` : '';
    return h('tr', { dataset: { game: x.game } },
      h('td', {}, `#${x.game}`),
      h('td', {}, h(`span.status.${x.status}`, {}, x.status), x.recovery ? h('div', { style: 'font-size:11px' }, x.recovery) : null),
      h('td', {}, links),
      h('td', {}, res),
      h('td', {},
        x.status === 'waiting' ? h('button.start', { onclick: () => startGame(x.game) }, 'Start') : null,
        h('a', { href: `watch.html?game=${x.game}`, target: '_blank' }, ' watch')));
  });
  $('games-body').replaceChildren(...rows);
}

// Every live (or just finished) game on the director's one socket: the director's joins
// accumulate (protocol/messages/c2s-join.md), and pushes are routed by their `game`.
function syncMinis() {
  const show = app.games.filter((x) => x.status === 'live' || (x.status === 'finished' && app.minis.has(x.game)));
  for (const x of show) {
    if (app.minis.has(x.game)) continue;
    const m = { g: null, view: null, el: h('div.mini', { dataset: { game: x.game } }) };
    m.head = h('div.mini-head', {}, h('strong', {}, `#${x.game}`), h('span.names'));
    m.res = h('div.mini-result');
    m.body = h('div');
    m.el.append(m.head, m.body, m.res);
    app.minis.set(x.game, m);
    const later = [...$('live-grid').children].find((e) => Number(e.dataset.game) > x.game);
    $('live-grid').insertBefore(m.el, later || null);
    app.net.request(msg.join(x.game)).catch(() => app.minis.delete(x.game) && m.el.remove());
  }
  $('live-empty').hidden = app.minis.size > 0;
}

function onPush(p) {
  const m = app.minis.get(p.game);
  if (!m) return;
  if (p.type === 'state') {
    m.g = fromState(p);
    if (!m.view) m.view = new GameView(m.body, { layout: 'mini', you: -1 });
  } else if (!apply(m.g, p)) {
    return;
  }
  m.view.render(m.g);
  const names = (t) => TEAM_SEATS[t].map((s) => seatName(m.g, s)).join(' & ');
  m.head.querySelector('.names').textContent = `${names(1)} vs ${names(2)}`;
  m.res.textContent = resultText(m.g, -1);
}

// ---- tournament: what the server has now (tournament_create, team_register, game_create
// with team1/team2) ----

async function createTournament() {
  const name = $('t-name').value.trim() || 'Bughouse Open';
  try {
    const r = await app.net.request(msg.tournamentCreate(name));
    app.tour = {
      id: r.tournament, name, rounds: Number($('t-rounds').value), ruleset: $('t-ruleset').value,
      base_ms: Math.round(Number($('t-base').value) * 60000), inc_ms: Math.round(Number($('t-inc').value) * 1000),
      teams: [], round: 0, games: {},
    };
    store.set('bh.tour', app.tour);
    drawTournament();
  } catch (e) {
    toast(`tournament_create: ${e.code}`);
  }
}

async function registerTeam() {
  if (!app.tour) return toast('create the tournament first');
  const name = $('team-name').value.trim();
  const players = [$('team-captain').value.trim(), $('team-partner').value.trim()];
  if (!name || !players[0] || !players[1]) return toast('a team needs a name and two players');
  try {
    const r = await app.net.request(msg.teamRegister(app.tour.id, name, players));
    app.tour.teams.push({ id: r.team, name, players });
    store.set('bh.tour', app.tour);
    for (const id of ['team-name', 'team-captain', 'team-partner']) $(id).value = '';
    drawTournament();
  } catch (e) {
    toast(`team_register: ${e.code}`);
  }
}

// Round 1 by registration order (1 v 2, 3 v 4, ...): the server has no pairing message yet
// (T-PAIR lives in the tourney module); each pairing becomes one game with team1/team2.
async function startRound() {
  const t = app.tour;
  if (!t || t.teams.length < 2) return toast('register at least two teams');
  if (t.round >= 1) return toast('round 2 needs the server\'s pairing (not available yet)');
  $('g-base').value = t.base_ms / 60000;
  $('g-inc').value = t.inc_ms / 1000;
  const ids = [];
  for (let i = 0; i + 1 < t.teams.length; i += 2) {
    const a = t.teams[i];
    const b = t.teams[i + 1];
    const names = [a.players[0], b.players[0], b.players[1], a.players[1]]; // P-TEAM
    const id = await createGame({ tournament: t.id, team1: a.id, team2: b.id, names, round: 1 });
    if (id) ids.push({ game: id, team1: a.id, team2: b.id });
  }
  t.round = 1;
  t.games[1] = ids;
  store.set('bh.tour', t);
  drawTournament();
  refresh();
}

function teamName(id) {
  const x = app.tour && app.tour.teams.find((t) => t.id === id);
  return x ? x.name : `team ${id}`;
}

function drawTournament() {
  const t = app.tour;
  $('tour-state').textContent = t ? `#${t.id} ${t.name} · ${t.rounds} rounds · ${t.ruleset} · ${t.base_ms / 60000}+${t.inc_ms / 1000} · round ${t.round || '–'}` : 'none yet';
  $('teams-body').replaceChildren(...(t ? t.teams : []).map((x, i) =>
    h('tr', {}, h('td', {}, i + 1), h('td', {}, x.name), h('td', {}, x.players.join(' & ')), h('td', {}, h('button', { disabled: true, title: 'needs a team_withdraw message' }, 'Withdraw')))));
  drawRound();
}

function drawRound() {
  const t = app.tour;
  const rows = [];
  if (t && t.games) {
    for (const [round, list] of Object.entries(t.games)) {
      for (const p of list) {
        const x = app.games.find((y) => y.game === p.game);
        rows.push(h('tr', { dataset: { game: p.game } }, h('td', {}, round), h('td', {}, teamName(p.team1)), h('td', {}, teamName(p.team2)), h('td', {}, `#${p.game}`),
          h('td', {}, x ? (x.result ? `${x.result} ${x.reason}` : x.status) : '')));
      }
    }
  }
  $('pairings-body').replaceChildren(...rows);
  // Standings from the finished games of this tournament, as the dashboard sees them (match
  // points 2/1/0 per game, T-SCORE with score_per = game); tie-breaks need the server.
  const score = new Map();
  if (t) for (const x of t.teams) score.set(x.id, { mp: 0, gp: 0, played: 0 });
  if (t && t.games) {
    for (const list of Object.values(t.games)) {
      for (const p of list) {
        const x = app.games.find((y) => y.game === p.game);
        if (!x || !x.result) continue;
        const w = x.result === '1-0' ? 1 : x.result === '0-1' ? 2 : 0;
        for (const [id, side] of [[p.team1, 1], [p.team2, 2]]) {
          const s = score.get(id);
          if (!s) continue;
          s.played++;
          s.mp += w === side ? 2 : w === 0 ? 1 : 0;
          s.gp += w === side ? 1 : w === 0 ? 0.5 : 0;
        }
      }
    }
  }
  const st = [...score.entries()].sort((a, b) => b[1].mp - a[1].mp || b[1].gp - a[1].gp);
  $('standings-body').replaceChildren(...st.map(([id, s], i) => h('tr', {}, h('td', {}, i + 1), h('td', {}, teamName(id)), h('td', {}, s.mp), h('td', {}, s.gp), h('td', {}, s.played), h('td', {}, '—'))));
}

init();
