// ui/replay.js: a finished game played again (replay.html?game=N[&at=MS]): both boards in step
// at their recorded times (the game's events, t_ms), the reserves and the four clocks as they
// were, play / pause / speed / step / jump to a move or an instant, and the BPGN to download.
// SPDX-License-Identifier: MIT
// Everything comes from the server's `state` of the game (join, as a spectator: a finished
// game's events carry each move's SAN and the mover's clock after it) and, for the download and
// the header, its BPGN (`export`, open to anyone once the game is finished). js/replay.js turns
// the events into frames; the picture is the same GameView as the live pages.

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg, TEAM_SEATS, BOARDS } from '../proto.js';
import { boardModel, seatName } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, params, toast, notifyError } from './dom.js';
import { explain } from './errors.js';
import { timeline, frameAt, clocksAt, moveLists } from '../replay.js';

const q = params();
const app = {
  gameId: Number(q.get('game')) || 0,
  startAt: q.has('at') ? Number(q.get('at')) : null,
  time: new ServerTime(),
  net: null,
  state: null, // the game's `state`
  frames: [],
  lists: [[], []], // the move lists of boards A and B
  t: 0, // game time shown, ms
  end: 0,
  idx: -1, // the frame shown
  playing: false,
  speed: 1,
  last: 0, // performance.now() of the previous animation frame
  view: null,
  g: null,
  bpgn: null,
  tags: {},
  teams: [], // the teams of the game's tournament, when it is the latest one (names in the title)
};
window.app = app;

const $ = (id) => document.getElementById(id);

function init() {
  if (!app.gameId) {
    $('title').textContent = 'no game given';
    note('This page replays one finished game: replay.html?game=N (the links are on the event page and the desk).');
    return;
  }
  $('rp-play').onclick = () => setPlaying(!app.playing);
  $('rp-start').onclick = () => seek(0);
  $('rp-end').onclick = () => seek(app.end);
  $('rp-back').onclick = () => step(-1);
  $('rp-fwd').onclick = () => step(1);
  $('rp-speed').onchange = () => { app.speed = Number($('rp-speed').value) || 1; };
  $('rp-seek').oninput = () => { setPlaying(false); seek(Number($('rp-seek').value)); };
  $('rp-bpgn').onclick = downloadBpgn;
  document.addEventListener('keydown', onKey);
  app.net = new Net({ time: app.time, onOpen, onPush, onStatus: (s) => { $('net').textContent = s; $('net').className = `net ${s}`; } });
  requestAnimationFrame(frame);
}

function note(text) {
  $('rp-note').hidden = !text;
  $('rp-note').textContent = text || '';
}

async function onOpen() {
  try {
    const s = await app.net.request(msg.join(app.gameId));
    load(s);
  } catch (e) {
    if (e.code === 'not_found') {
      $('title').textContent = `no game ${app.gameId}`;
      note(`There is no game ${app.gameId} on this server.`);
    } else if (e.code !== 'disconnected') notifyError(explain('join', e));
    return;
  }
  if (app.state.status === 'finished' && !app.bpgn) {
    try {
      app.bpgn = (await app.net.request(msg.exportBpgn(app.gameId))).text;
      app.tags = Object.fromEntries([...app.bpgn.matchAll(/^\[(\w+) "((?:[^"\\]|\\.)*)"\]$/gm)].map((m) => [m[1], m[2].replace(/\\(.)/g, '$1')]));
      drawTags();
    } catch (e) {
      if (e.code !== 'disconnected') notifyError(explain('export', e));
    }
  }
  if (app.tags.Round && app.tags.Round !== '-' && !app.teams.length) {
    try {
      const tour = await app.net.request(msg.tournamentGet());
      app.teams = tour.name === app.tags.Event ? tour.teams : [];
      drawTags();
    } catch {
      /* no tournament: the players' names stay */
    }
  }
}

// Pushes of a live game are not replayed (the page is for finished games); a new state is.
function onPush(m) {
  if (m.type === 'state' && m.game === app.gameId && (!app.state || m.status !== app.state.status)) load(m);
}

function load(s) {
  const first = !app.state;
  app.state = s;
  app.frames = timeline(s);
  app.lists = moveLists(app.frames);
  app.end = app.frames[app.frames.length - 1].t;
  if (!app.view) app.view = new GameView($('root'), { layout: 'watch', you: -1 });
  $('rp-bar').hidden = false;
  $('rp-moves').hidden = false;
  $('rp-seek').max = String(app.end);
  const names = (t) => TEAM_SEATS[t].map((x) => seatName(s, x) || `seat ${x}`).join(' & ');
  $('title').textContent = `Game ${s.game} · ${names(1)} vs ${names(2)}`;
  note(s.status === 'finished' ? '' : 'This game is still being played: this replays its moves so far. Watch it live on watch.html.');
  drawLists();
  if (first) seek(app.startAt !== null ? Math.max(0, Math.min(app.end, app.startAt)) : 0, true);
  else seek(app.t, true);
}

// "3.2" (PGN's round.board of a team event) with MatchGame 1: "round 3 · board 2 · game 1".
function roundText(t) {
  if (!t.Round || t.Round === '-') return '';
  if (t.Round === 'playoff') return 'play-off';
  const [r, b] = t.Round.split('.');
  return `round ${r}${b ? ' · board ' + b : ''}${t.MatchGame ? ' · game ' + t.MatchGame : ''}`;
}

// The title: the two teams (the team of seats 0+3 first, named when the latest tournament has
// a team of those two players), the event and the round.
function drawTags() {
  const t = app.tags;
  const bits = [t.Event, roundText(t), t.Site && t.Site !== '?' ? t.Site : null, t.Date].filter(Boolean);
  $('rp-tags').replaceChildren(h('div.rp-event', {}, bits.join(' · ')), h('div.rp-tc', {}, `${t.TimeControl ? 'time control ' + t.TimeControl + ' (s)' : ''}${t.Ruleset ? ' · ' + t.Ruleset : ''}`));
  if (!app.state) return;
  const names = (x) => {
    const [a, b] = TEAM_SEATS[x].map((k) => seatName(app.state, k));
    const team = app.teams.find((tm) => tm.players[0] === a && tm.players[1] === b);
    return team ? team.name : `${a} & ${b}`;
  };
  $('title').textContent = [`${names(1)} vs ${names(2)}`, t.Event, roundText(t)].filter(Boolean).join(' · ');
}

function drawLists() {
  for (const b of [0, 1]) {
    const ol = $(`moves-${BOARDS[b]}`).querySelector('ol');
    ol.replaceChildren(...app.lists[b].map((x) => h('li', { dataset: { frame: x.frame, ply: x.ply } },
      h('span.num', {}, x.ply % 2 === 0 ? `${x.number}.` : `${x.number}…`),
      h('button.mv', { type: 'button', onclick: () => { setPlaying(false); seekFrame(x.frame); }, title: `at ${fmt(x.t)}` }, x.san))));
  }
}

const fmt = (ms) => {
  const s = Math.max(0, ms) / 1000;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
};

// The model GameView draws at game time t: the frame's boards, the clocks counting from it.
function modelAt(i, t) {
  const f = app.frames[i];
  const s = app.state;
  const atEnd = i === app.frames.length - 1 && s.status === 'finished';
  const g = {
    id: s.game,
    status: atEnd ? 'finished' : 'live',
    seats: s.seats.map((x) => ({ ...x, connected: true })),
    boards: f.fen.map((fen, b) => boardModel(fen, f.ply[b], f.last[b])),
    clocks: { clock_ms: f.clock.slice(), running: f.running.slice(), server_ms: f.t, live: !atEnd },
    events: [],
    result: atEnd ? s.result : null,
    reason: atEnd ? s.reason : null,
    paused: false,
  };
  g.endBoard = atEnd && s.result_board ? BOARDS.indexOf(s.result_board) : null;
  return g;
}

function show(i) {
  if (i !== app.idx) {
    app.idx = i;
    app.g = modelAt(i, app.t);
    app.view.render(app.g);
    const cur = app.frames[i].ev;
    for (const li of document.querySelectorAll('.rp-col li')) li.classList.toggle('cur', Number(li.dataset.frame) === lastMoveFrame(i, li.closest('.rp-col').id === 'moves-A' ? 'A' : 'B'));
    const el = document.querySelector('.rp-col li.cur:last-of-type');
    if (el && cur) el.scrollIntoView({ block: 'nearest' });
    const done = app.g.result;
    let banner = document.getElementById('rp-result');
    if (!banner) {
      banner = h('div.result.rp-result', { id: 'rp-result', role: 'status' });
      $('root').before(banner);
    }
    banner.hidden = !done;
    banner.textContent = done ? resultText(app.g, -1) : '';
  }
  app.view.tick(app.t);
  $('rp-time').textContent = `${fmt(app.t)} / ${fmt(app.end)}`;
  $('rp-seek').value = String(Math.round(app.t));
}

// The frame of the last move on board at or before frame i (for the move list's highlight).
function lastMoveFrame(i, board) {
  for (let k = i; k > 0; k--) {
    const ev = app.frames[k].ev;
    if (ev && ev.kind === 'move' && ev.board === board) return k;
  }
  return -1;
}

function seek(t, force) {
  app.t = Math.max(0, Math.min(app.end, t));
  if (force) app.idx = -1;
  show(frameAt(app.frames, app.t));
}

function seekFrame(i) {
  app.t = app.frames[i].t;
  app.idx = -1;
  show(i);
}

// The next (dir 1) or previous (-1) move of either board.
function step(dir) {
  setPlaying(false);
  let i = app.idx;
  do i += dir; while (i > 0 && i < app.frames.length && !(app.frames[i].ev && app.frames[i].ev.kind === 'move'));
  if (i <= 0) return seek(0, true);
  if (i >= app.frames.length) return seek(app.end, true);
  seekFrame(i);
}

function setPlaying(on) {
  if (on && app.t >= app.end) seek(0, true);
  app.playing = on;
  app.last = performance.now();
  $('rp-play').textContent = on ? '⏸ Pause' : '▶ Play';
}

function frame(now) {
  if (app.playing && app.frames.length) {
    app.t += (now - app.last) * app.speed;
    if (app.t >= app.end) {
      app.t = app.end;
      setPlaying(false);
    }
    show(frameAt(app.frames, app.t));
  }
  app.last = now;
  requestAnimationFrame(frame);
}

function onKey(e) {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  const keys = { ' ': () => setPlaying(!app.playing), ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => seek(0, true), End: () => { setPlaying(false); seek(app.end, true); } };
  if (keys[e.key]) {
    e.preventDefault();
    keys[e.key]();
  }
}

function downloadBpgn() {
  if (!app.bpgn) return toast(app.state && app.state.status !== 'finished' ? 'the BPGN is there once the game is finished' : 'no BPGN yet');
  const a = h('a', { href: URL.createObjectURL(new Blob([app.bpgn], { type: 'application/x-bughouse-pgn' })), download: `game-${app.gameId}.bpgn` });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// Clocks of the shown frame at the shown time (for the browser test).
app.clocksNow = () => clocksAt(app.frames[app.idx], app.t);

init();
