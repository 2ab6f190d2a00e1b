// ui/watch.js: the spectator view (watch.html?game=N) and the list of games to watch.
// SPDX-License-Identifier: MIT
// The list: the games of the current round of the latest tournament (tournament_get, open to
// anyone, then the `round` pushes every connection receives), with the pairing's team names.
// The protocol has no public list of other games (`games` is for the director), so those are
// still found by joining ids 1, 2, ... on a second connection until not_found, paced under the
// rate limit. A spectator never receives partner chat (protocol/messages/c2s-chat.md).

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg, TEAM_SEATS } from '../proto.js';
import { fromState, apply, seatName } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, params, toast } from './dom.js';

const app = {
  gameId: Number(params().get('game')) || 0,
  time: new ServerTime(),
  net: null,
  g: null,
  view: null,
  list: new Map(), // game id -> {status, names} (from the probe)
  round: null, // the current round of the latest tournament (a `round` message)
  els: {},
};
window.app = app;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function init() {
  app.els.net = document.getElementById('net');
  app.els.title = document.getElementById('title');
  app.els.list = document.getElementById('live');
  app.els.root = document.getElementById('root');
  app.els.result = h('div.result.watch-result.hidden', { id: 'result' });
  app.els.root.before(app.els.result);
  app.net = new Net({ time: app.time, onOpen, onPush, onStatus: (s) => { app.els.net.textContent = s; app.els.net.className = `net ${s}`; } });
  probe();
  setInterval(probe, 15000);
  const frame = () => {
    if (app.view) app.view.tick(app.time.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function onOpen() {
  app.net.request(msg.tournamentGet()).then((t) => {
    if (t.current) setRound({ ...t.current, name: t.name });
  }, () => {});
  if (!app.gameId) return;
  try {
    await app.net.request(msg.join(app.gameId));
  } catch (e) {
    if (e.code !== 'disconnected') toast(`game ${app.gameId}: ${e.code}`);
  }
}

function setRound(r) {
  if (app.round && (r.tournament < app.round.tournament || (r.tournament === app.round.tournament && r.round < app.round.round))) return;
  app.round = { ...r, name: r.name || (app.round && app.round.tournament === r.tournament ? app.round.name : '') };
  drawList();
}

function onPush(m) {
  if (m.type === 'round') return setRound(m);
  if (m.type === 'state' && m.game === app.gameId) {
    app.g = fromState(m);
    if (!app.view) app.view = new GameView(app.els.root, { layout: 'watch', you: -1 });
  } else if (!apply(app.g, m)) {
    return;
  }
  const g = app.g;
  app.view.render(g);
  const names = (t) => TEAM_SEATS[t].map((s) => seatName(g, s)).join(' & ');
  app.els.title.textContent = `Game ${g.id} · ${names(1)} vs ${names(2)} · ${g.status}`;
  app.els.result.textContent = resultText(g, -1);
  app.els.result.classList.toggle('hidden', !g.result);
  const item = app.list.get(g.id);
  if (item && item.status !== g.status) {
    item.status = g.status;
    drawList();
  }
}

// Walk game ids on a separate connection (a connection watches one game at a time).
let probing = false;
async function probe() {
  if (probing) return;
  probing = true;
  const time = new ServerTime();
  const p = new Net({ time, onPush: () => {}, onOpen: async () => {
    for (let id = 1; id < 1000; id++) {
      try {
        const s = await p.request(msg.join(id));
        const g = fromState(s);
        app.list.set(id, { status: g.status, names: TEAM_SEATS[1].map((x) => seatName(g, x)).join(' & ') + ' vs ' + TEAM_SEATS[2].map((x) => seatName(g, x)).join(' & ') });
      } catch (e) {
        break;
      }
      await sleep(60); // 16 messages/s: under the server's 20/s
    }
    p.close();
    probing = false;
    drawList();
  } });
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
  el.append(h('strong', {}, r ? 'Other live games:' : 'Live games:'));
  const live = [...app.list.entries()].filter(([id, v]) => v.status === 'live' && !inRound.has(id));
  if (!live.length) el.append(h('span', {}, 'none right now'));
  for (const [id, v] of live) el.append(h(`a${id === app.gameId ? '.current' : ''}`, { href: `watch.html?game=${id}`, dataset: { game: id } }, `#${id} ${v.names}`));
  const other = [...app.list.entries()].filter(([id, v]) => v.status !== 'live' && !inRound.has(id)).reverse().slice(0, 12);
  if (other.length) el.append(h('span', { style: 'color:var(--muted);margin-left:8px' }, 'others:'));
  for (const [id, v] of other) el.append(h(`a${id === app.gameId ? '.current' : ''}`, { href: `watch.html?game=${id}`, dataset: { game: id } }, `#${id} (${v.status})`));
}

init();
