// ui/tv.js: the TV page (tv.html): follows one live bughouse game by itself, as a spectator.
// SPDX-License-Identifier: MIT
// Which game: the top of the `live` list (c2s-live.md; the server pushes it again whenever a
// game starts, ends or pauses) by this rule: the newest live bughouse game that is not paused,
// i.e. the highest game id (ids are given in creation order, so the most recent start). The
// page stays on the game it shows while that game is live, even when a newer one starts; when
// it ends the result stays on screen SWITCH_MS, then the page moves to the top game of the list
// then (or waits, saying so, until one starts). Should the live list one day carry ratings, the
// rule to switch to is "the highest-rated game first" (topGame is the one place to change).
// The board rendering is the watch page's (view.js GameView, layout watch; game.js's model):
// one spectator connection, one joined game at a time (a new join replaces the old).

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg, TEAM_SEATS } from '../proto.js';
import { fromState, apply, seatName } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, notifyError } from './dom.js';
import { explain } from './errors.js';

const SWITCH_MS = 4000; // the ended game's result stays readable this long

const app = {
  time: new ServerTime(),
  net: null,
  live: [], // the `live` list's rows
  gameId: 0, // the game shown, 0 none
  g: null,
  view: null,
  switchTimer: 0,
  els: {},
};
window.app = app; // for the browser test and for debugging

// The game to show from the live list: the newest live bughouse game not paused, or 0.
export function topGame(live) {
  let best = 0;
  for (const x of live) if (x.kind !== 'chess' && !x.paused && x.game > best) best = x.game;
  return best;
}

function init() {
  app.els.net = document.getElementById('net');
  app.els.title = document.getElementById('title');
  app.els.players = document.getElementById('players');
  app.els.root = document.getElementById('root');
  app.els.result = h('div.result.watch-result.hidden', { id: 'result' });
  app.els.root.before(app.els.result);
  app.els.idle = h('p.landing.tv-idle', { id: 'idle' }, 'No game is being played right now. This page shows the next one as soon as it starts — ', h('a', { href: 'lobby.html' }, 'open a table in the lobby'), '.');
  app.net = new Net({ time: app.time, onOpen, onPush, onStatus: (s) => { app.els.net.textContent = s; app.els.net.className = `net ${s}`; } });
  const frame = () => {
    if (app.view) app.view.tick(app.time.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function onOpen() {
  const shown = app.gameId;
  try {
    setLive(await app.net.request(msg.live()));
  } catch { return; /* offline again: the next connect asks */ }
  if (shown && app.gameId === shown) join(shown); // a reconnect: watch it again
}

function setLive(l) {
  app.live = l.games || [];
  pick();
}

// Show the top game unless the shown one is still on (live, or its result on screen).
function pick() {
  if (app.switchTimer) return;
  const shownLive = app.gameId && app.live.some((x) => x.game === app.gameId);
  if (shownLive || (app.g && app.g.id === app.gameId && !app.g.result && app.gameId)) return;
  const top = topGame(app.live);
  if (top && top !== app.gameId) show(top);
  else if (!top && !app.gameId) idle();
}

function idle() {
  app.els.title.textContent = 'waiting for a live game';
  app.els.players.hidden = true;
  if (!app.els.idle.isConnected) app.els.root.replaceChildren(app.els.idle);
}

function show(id) {
  app.gameId = id;
  app.g = null;
  if (app.view) {
    app.view.el.remove();
    app.view.pausedEl.remove();
    app.view.waitEl.remove();
  }
  app.view = null;
  app.els.idle.remove();
  app.els.result.classList.add('hidden');
  app.els.title.textContent = `game ${id}`;
  join(id);
}

function join(id) {
  app.net.request(msg.join(id)).catch((e) => { if (e.code !== 'disconnected') notifyError(explain('join', e)); });
}

function ended() {
  if (app.switchTimer) return;
  app.switchTimer = setTimeout(() => {
    app.switchTimer = 0;
    const top = topGame(app.live);
    if (top && top !== app.gameId) show(top);
    else if (!top) {
      app.gameId = 0;
      pick();
    }
  }, SWITCH_MS);
}

function onPush(m) {
  if (m.type === 'live') return setLive(m);
  if (m.type === 'state' && m.game === app.gameId) {
    app.g = fromState(m);
    if (!app.view) app.view = new GameView(app.els.root, { layout: 'watch', you: -1, chess: app.g.chess });
  } else if (!app.g || m.game !== app.gameId || !apply(app.g, m)) {
    return;
  }
  const g = app.g;
  app.view.render(g);
  const team = (t) => TEAM_SEATS[t].map((s) => seatName(g, s)).join(' & ');
  app.els.title.textContent = `Game ${g.id} · ${team(1)} vs ${team(2)}`;
  app.els.players.hidden = false;
  app.els.players.textContent = `Board A: ${seatName(g, 0)} (White) – ${seatName(g, 1)} (Black) · Board B: ${seatName(g, 2)} (White) – ${seatName(g, 3)} (Black)`;
  document.title = `Bughouse TV · ${team(1)} vs ${team(2)}`;
  app.els.result.textContent = resultText(g, -1);
  app.els.result.classList.toggle('hidden', !g.result);
  if (g.result) ended();
}

init();
