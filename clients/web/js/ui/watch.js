// ui/watch.js: the spectator view (watch.html?game=N) and the list of games to watch.
// SPDX-License-Identifier: MIT
// The list: the games of the current round of the latest tournament (tournament_get, open to
// anyone, then the `round` pushes every connection receives), with the pairing's team names,
// and every live game from `live` (open to anyone; the server pushes the list again when a game
// starts, ends or is paused). A spectator never receives partner chat (c2s-chat.md).

import { Net } from '../net.js';
import { ServerTime, format } from '../clock.js';
import { msg, TEAM_SEATS } from '../proto.js';
import { fromState, apply, seatName } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, params, toast, notifyError } from './dom.js';
import { explain } from './errors.js';
import { initNotices, showNotice } from './notices.js';

const app = {
  gameId: Number(params().get('game')) || 0,
  time: new ServerTime(),
  net: null,
  g: null,
  view: null,
  live: [], // the `live` list: rows of the live games
  round: null, // the current round of the latest tournament (a `round` message)
  els: {},
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
    if (app.view) app.view.tick(app.time.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function onOpen() {
  app.net.request(msg.live()).then(setLive, () => {});
  app.net.request(msg.tournamentGet()).then((t) => {
    if (t.current) setRound({ ...t.current, name: t.name });
  }, () => {});
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
}

function setLive(l) {
  app.live = l.games;
  drawList();
}

function onPush(m) {
  if (m.type === 'announcement') return showNotice(m);
  if (m.type === 'live') return setLive(m);
  if (m.type === 'round') return setRound(m);
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
  const inRound = new Set();
  const r = app.round;
  if (r) {
    el.append(h('strong', {}, `${r.name ? r.name + ' · ' : ''}round ${r.round}/${r.rounds}${r.status === 'done' ? ' (done)' : ''}:`));
    for (const x of r.matches) {
      (x.games || []).forEach((id, k) => {
        if (!id) return;
        inRound.add(id);
        const res = x.results[k];
        el.append(h(`a.tour${id === app.gameId ? '.current' : ''}`, { href: `watch.html?game=${id}`, dataset: { game: id } }, `#${id} ${x.name1} – ${x.name2} G${k + 1}${res ? ' ' + res : ' (live)'}`));
      });
    }
  }
  el.append(h('strong', {}, 'Live games:'));
  if (!app.live.length) el.append(h('span', {}, 'none right now'));
  for (const x of app.live) {
    const names = (t) => TEAM_SEATS[t].map((s) => x.players[s]).join(' & ');
    const teams = x.teams && x.teams[0] ? pairOrder(x) : null;
    const who = teams ? `${teams[0]} – ${teams[1]}` : `${names(1)} – ${names(2)}`;
    const where = !x.tournament ? '' : x.round ? ` R${x.round} B${x.match + 1} G${x.game_no + 1}` : ` play-off ${x.game_no + 1}`;
    const clocks = `${format(Math.min(x.clock_ms[0], x.clock_ms[3]))} / ${format(Math.min(x.clock_ms[1], x.clock_ms[2]))}`;
    el.append(h(`a.live-game${x.game === app.gameId ? '.current' : ''}${x.paused ? '.paused' : ''}`,
      { href: `watch.html?game=${x.game}`, dataset: { game: x.game }, title: `${names(1)} vs ${names(2)}; lowest clock of each team at the last update` },
      `#${x.game}${where} ${who} · ${clocks}${x.paused ? ' · paused' : ''}`));
  }
}

init();
