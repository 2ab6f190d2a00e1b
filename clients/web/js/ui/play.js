// ui/play.js: the play page (play.html?token=T). One app object: the socket, the clock
// offset, the game model and the view. The model changes only in onPush (server messages);
// a move on the board is sent as a request and the board shows the server's answer.
// SPDX-License-Identifier: MIT
// One connection holds a seat at a time (protocol/README.md, Flow 5). When another tab or
// device takes it (session_replaced), this page keeps watching the game on the same socket and
// never takes the seat back by itself, not even after a reconnect: only its "Play here"
// button does (an auth on purpose; replace_throttled says how long to wait).

import { Net, oneAtATime } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg, SIGNALS, partnerOf, colorOf, boardOf, BOARDS, teamOf } from '../proto.js';
import { fromState, apply, seatName, drawOffer } from '../game.js';
import { GameView, resultText, teamName, gameLabel, countdown } from './view.js';
import { h, params, toast, notify, notifyError, dismiss, update } from './dom.js';
import { explain } from './errors.js';
import { initNotices, showNotice } from './notices.js';
import { TourBar, landingText } from './play_tour.js';
import { foldPush } from '../tourdata.js';
import { sound, setMuted } from '../sound.js';
import { remaining, LOW_MS } from '../clock.js';
import { RematchSlot } from './rematch.js';

const app = {
  token: params().get('token') || location.hash.replace(/^#token=/, ''),
  // A player's tournament link (play.html?team=T&board=A|B): the team token; the page follows
  // the team's games (assign) and opens each on that board with its seat token.
  team: params().get('team') || '',
  board: params().get('board') === 'B' ? 1 : 0,
  time: new ServerTime(),
  net: null,
  seat: -1,
  gameId: 0,
  g: null,
  view: null,
  replaced: false, // another connection holds the seat: this page watches
  unreadChat: 0,
  els: {},
  tn: null, // the team link's socket (followTeam)
  teamId: 0, // the team of the team link (its authed reply)
  bar: null, // the tournament bar and P-GAME2 (play_tour.js)
  up: null, // the team's next game while this page still shows the last one (betweenGames)
  readonly: false, // a finished game's token: a read-only view (its team's chat, no acts)
};
window.app = app; // for the browser test and for debugging
app.sound = sound; // the sounds played (sound.played), for the browser test

function init() {
  initNotices(); // the director's announcements (js/ui/notices.js)
  app.els.net = document.getElementById('net');
  app.els.title = document.getElementById('title');
  app.els.root = document.getElementById('root');
  app.bar = new TourBar(app);
  app.rematch = new RematchSlot(app, notifyError); // a lobby table's game: its rematch (rematch.js)
  if (app.team) followTeam();
  if (!app.token) {
    if (app.team) {
      const el = h('p.landing', { id: 'landing' }, `Waiting for your team's next game (board ${BOARDS[app.board]})…`);
      app.els.root.append(el);
      app.bar.mount(el); // P-GAME2 reaches the team link before its next game (the partner)
    }
    else badLink('no-token');
    return;
  }
  app.net = new Net({ time: app.time, onOpen: onOpen, onPush: onPush, onStatus: setNet });
  const frame = () => {
    if (app.view) app.view.tick(app.time.now());
    if (app.view) lowTime(app.time.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// A page instead of the game, saying what is wrong with the link and what to do.
function badLink(why, detail) {
  if (app.net) app.net.close();
  app.els.net.hidden = true; // no connection to speak of
  const what = {
    'no-token': ['This page needs your player link', 'The link the director gives each player ends in ?token=… (one game) or ?team=…&board=A (your team\'s games in a tournament). This address has neither.'],
    token: ['This player link does not work', 'The server does not know this link. It may be cut short or mistyped, or it belongs to an event this server no longer holds.'],
    team: ['This team link does not work', 'The server does not know this team link. The director may have replaced it with a new one (ask for it), or it is cut short or mistyped, or it belongs to an event this server no longer holds.'],
    game: ['This game is not on the server', 'The link names a game the server does not have.'],
  }[why];
  document.title = `Bughouse · ${what[0].toLowerCase()}`;
  app.els.title.textContent = what[0];
  app.els.root.replaceChildren(h('div.landing.bad-link', { id: 'bad-link' },
    h('h2', {}, what[0]),
    h('p', {}, what[1]),
    h('p', {}, h('strong', {}, 'What to do: '), 'ask the director (or your captain) for your link again, and open it whole. Meanwhile you can ', h('a', { href: 'watch.html' }, 'watch the live games'), '.'),
    detail ? h('p.detail', {}, detail) : null));
}

// A second socket authenticated with the team token: the server sends an `assign` for each
// unfinished game of the team (fresh seat tokens) and for each new one. A game newer than
// the one on the page replaces it (a team plays one game at a time, so the current one ended),
// unless another tab plays this seat now (it follows the team itself).
function followTeam() {
  const shown = Number(params().get('game')) || 0;
  // The page before any game says what it waits for (landingText), from the snapshot.
  let snap = null; // the landing's snapshot: its scheduled round's countdown ticks each second
  const sayLanding = () => {
    const el = document.getElementById('landing');
    if (el && snap && !app.token) el.textContent = landingText(snap, app.teamId, BOARDS[app.board], tnTime.epochNow());
  };
  setInterval(sayLanding, 1000);
  const landing = oneAtATime(() => { // one tournament_get in flight at a time
    if (app.token || !app.tourId) return;
    return tn.request(msg.tournamentGet(app.tourId)).then((s) => {
      snap = s;
      sayLanding();
      if (!app.bar.snap) app.bar.snap = s; // team names for P-GAME2's outcome
    });
  });
  const tnTime = new ServerTime();
  const tn = new Net({
    time: tnTime,
    onStatus: (st) => { if (!app.token) setNet(st); }, // the landing's own connection
    onOpen: async () => {
      try {
        const r = await tn.request(msg.auth(app.team));
        app.teamId = r.team || 0;
        app.tourId = r.tournament || 0;
        landing();
        if (app.up) tn.request(msg.join(app.up.id)).catch(() => {}); // a reconnect: watch it again
      } catch (e) {
        if (e.code === 'unauthorized') {
          tn.close();
          badLink('team', 'auth: unauthorized (team token)');
        } else if (e.code !== 'disconnected') notifyError(explain('auth', e));
      }
    },
    onPush: (m) => {
      if (m.type === 'announcement') return showNotice(m);
      if (m.type === 'round' || m.type === 'round_delta' || m.type === 'standings') {
        // folded into the landing's snapshot (s2c-round_delta.md); a newly paired round, or a
        // missed push, loads it again (a new round's schedule with it, T-SCHEDULE)
        const known = snap && snap.tournament === m.tournament && (m.type !== 'round' || (snap.history || []).some((r) => r.round === m.round));
        const f = known ? foldPush(snap, {}, m) : 'gap';
        if (f === 'gap') landing();
        else if (f === 'changed') sayLanding();
      }
      if (app.bar.onPush(m)) return;
      if (app.up && m.game === app.up.id && m.type !== 'assign') return upPush(m);
      if (m.type !== 'assign' || m.game <= shown || m.game <= (app.next || 0) || app.replaced) return;
      const mine = m.seats.find((x) => x.seat >> 1 === app.board);
      if (!mine) return;
      app.next = m.game;
      const q = new URLSearchParams({ team: app.team, board: BOARDS[app.board], game: m.game, token: mine.token });
      const go = () => location.replace(`play.html?${q}`);
      if (!app.token) return go();
      betweenGames(tn, tnTime, m.game, mine.seat, go);
    },
  });
  app.tn = tn;
}

// Between games (issue 13 item 5): the game that ended stays on the page with its result, and
// a banner says what comes next, "Game 2 vs Bravo starts in 0:12", counting down to the next
// game's start_ms (the end of the break, break_s) from that game's own state: the team socket
// watches it (join), so the banner also knows who is there and when absent seats forfeit
// (wait_s). The page opens the next game by itself when the break ends: its clocks start only
// once all four seats are connected, so this seat is there as soon as they can start and
// loses no time; before that the button "Go to game 2" opens it at once. Without a break the
// result stays readable UP_MIN_MS first. A next game already live while this page is away
// cannot be this seat's (the clocks wait for all four) unless the director started it: then
// the page goes at once and says why; played from another tab, it only offers the button.
const UP_MIN_MS = 4000;
function betweenGames(tn, time, id, seat, go) {
  app.up = { id, seat, go, time, g: null, since: Date.now() };
  tn.request(msg.join(id)).catch(() => {}); // the state comes as a push too (upPush)
  app.els.up = h('div.next-game', { id: 'next-game', role: 'status' },
    h('div.next-title', { id: 'next-title' }, 'Your next game is ready'),
    h('div.next-detail', { id: 'next-detail' }),
    h('button.primary', { id: 'next-go', onclick: go }, 'Go to the next game'));
  app.els.root.prepend(app.els.up);
  clearInterval(app.upTimer);
  app.upTimer = setInterval(showUp, 250);
  showUp();
}

function upPush(m) {
  const up = app.up;
  if (m.type === 'state') {
    up.g = fromState(m);
    up.g.you = up.seat; // its label from this seat's side ("vs Bravo")
  } else if (up.g) apply(up.g, m);
  showUp();
}

function showUp() {
  const up = app.up;
  if (!up || !app.els.up) return;
  const g = up.g;
  const now = up.time.now();
  const label = g ? gameLabel(g) : 'Your next game';
  const short = g && g.tour ? (g.tour.game_no > 0 ? `game ${g.tour.game_no + 1}` : g.tour.round > 0 ? `round ${g.tour.round}` : 'the play-off') : 'the next game';
  let title = `${label} is ready`;
  let detail = '';
  let at = up.since + UP_MIN_MS; // when the page moves (Date.now), Infinity: only by the button
  if (g && g.status === 'waiting') {
    const absent = g.seats.filter((x) => !x.connected && x.seat !== up.seat).map((x) => x.name || `seat ${x.seat}`);
    const brk = g.startMs ? g.startMs - now : 0;
    const forfeit = g.forfeitMs ? g.forfeitMs - now : 0;
    const missing = forfeit > 0 ? ` A player still missing in ${countdown(forfeit)} loses it for the team by forfeit.` : '';
    if (brk > 0) {
      title = `${label} starts in ${countdown(brk)}`;
      detail = `This page opens ${short} when the break ends; its clocks start when all four players are there.`;
      at = Math.max(at, Date.now() + brk);
    } else {
      title = `${label}: the clocks start when all four players are there`;
      detail = `You are not in ${short} yet: until this page opens it your seat counts as absent${absent.length ? ` (also waiting for ${absent.join(', ')})` : ''}.${missing}`;
    }
    if (brk <= 0 && at > Date.now()) detail += ` Opening it in ${countdown(at - Date.now())}.`;
  } else if (g && g.status === 'live') {
    const here = g.seats[up.seat] && g.seats[up.seat].connected;
    title = here ? `${label} is being played from another tab or device` : `${label} has started: your clock may be running`;
    detail = here ? 'This page shows the last game; open the next one here only to take the seat.' : 'Opening it now.';
    at = here ? Infinity : 0;
  } else if (g && g.status === 'finished') {
    title = `${label} is over`;
    at = Infinity;
  }
  // never away from a game that is still being played on this page
  if (app.g && app.g.status === 'live' && !app.replaced && !app.readonly) at = Infinity;
  app.els.up.dataset.status = g ? g.status : '';
  document.getElementById('next-title').textContent = title;
  document.getElementById('next-detail').textContent = detail;
  document.getElementById('next-go').textContent = `Go to ${short}`;
  if (Date.now() >= at) {
    clearInterval(app.upTimer);
    up.go();
  }
}

function setNet(s) {
  app.els.net.textContent = s === 'online' ? 'online' : s === 'offline' ? 'reconnecting…' : 'connecting…';
  app.els.net.className = `net ${s}`;
}

// Auth with the seat token, then join: the state reply resets the model.
async function takeSeat() {
  const a = await app.net.request(msg.auth(app.token));
  app.seat = a.seat;
  app.gameId = a.game;
  app.readonly = a.role === 'spectator'; // a finished game's token (issue 13 item 10)
  await app.net.request(msg.join(a.game));
}

// Every (re)connect: take the seat again, unless another tab or device plays it now (then
// only watch: a replaced page never takes the seat back by itself).
async function onOpen() {
  try {
    if (app.replaced && app.gameId) await app.net.request(msg.join(app.gameId));
    else await takeSeat();
  } catch (e) {
    if (e.code === 'unauthorized') badLink('token', 'auth: unauthorized (token)');
    else if (e.code === 'not_found') badLink('game', `join: not_found (game ${app.gameId})`);
    else if (e.code === 'replace_throttled') replacedBy(e);
    else if (e.code !== 'disconnected') notifyError(explain('auth', e));
  }
}

// Another connection took the seat (session_replaced), or holds it still (replace_throttled
// with retry_ms): watch, and offer "Play here".
function replacedBy(e) {
  app.replaced = true;
  clearInterval(app.retryTimer);
  const wait = e && e.retry_ms > 0 ? Date.now() + e.retry_ms : 0;
  const show = () => {
    const left = wait ? Math.ceil((wait - Date.now()) / 1000) : 0;
    const n = {
      id: 'replaced', sticky: true, fixed: true, kind: 'warn',
      text: 'This game is open in another tab or device.' + (left > 0 ? ` It moved there moments ago: Play here in ${left} s.` : ' This page watches.'),
      detail: e && e.code ? e.code : '',
      action: { label: 'Play here', onclick: playHere, disabled: left > 0 },
    };
    if (document.querySelector('#notice[data-id="replaced"]')) update('replaced', n);
    else notify(n);
    if (left <= 0) clearInterval(app.retryTimer);
  };
  show();
  if (wait) app.retryTimer = setInterval(show, 250);
  if (app.g) render();
}

async function playHere() {
  update('replaced', { action: { label: 'Play here', onclick: playHere, disabled: true } });
  try {
    await takeSeat();
    app.replaced = false;
    clearInterval(app.retryTimer);
    dismiss('replaced');
    if (app.g) render();
  } catch (e) {
    if (e.code === 'replace_throttled') replacedBy(e);
    else {
      update('replaced', { action: { label: 'Play here', onclick: playHere } });
      notifyError(explain('auth', e));
    }
  }
}

// Sounds (issue 28 item 6): a move or a capture on the player's own board, the game's end.
function soundOf(m) {
  if (!app.g || m.game !== app.g.id || !app.view) return;
  if (m.type === 'move' && (app.view.you < 0 || m.board === BOARDS[boardOf(app.view.you)])) sound.play(m.san && m.san.includes('x') ? 'capture' : 'move');
  if (m.type === 'result') sound.play('end');
}

// The low-time warning: once per game when the player's own clock falls under LOW_MS.
function lowTime(now) {
  const g = app.g;
  const you = app.view.you;
  if (!g || you < 0 || g.status !== 'live' || app.lowPlayed === g.id || app.replaced || app.readonly) return;
  if (g.clocks.running[boardOf(you)] === you && remaining(g.clocks, you, now) < LOW_MS) {
    app.lowPlayed = g.id;
    sound.play('lowtime');
  }
}

function onPush(m) {
  if (m.type === 'announcement') return showNotice(m);
  soundOf(m);
  if (app.bar.onPush(m)) return;
  if (app.rematch.onPush(m)) return;
  if (m.type === 'state' && m.game === app.gameId) {
    app.g = fromState(m);
    if (!app.view) build();
  } else if (m.type === 'error') {
    if (m.code === 'session_replaced') return replacedBy(m);
    notifyError(explain('server', m));
    return;
  } else if (!apply(app.g, m)) {
    return;
  }
  if (m.type === 'chat' && m.seat !== app.view.you && app.els.chat && !app.els.chat.open) app.unreadChat++;
  if (m.type === 'result' && app.g.rated) newRatings(app.g);
  render();
}

// A rated game's end moved its players' ratings (G-RATED, rated as the result arrives): each
// seat's rating now, and by how much it moved (the bar shows "1662 +162").
async function newRatings(g) {
  const now = await Promise.all(g.seats.map((s) => app.net.request(msg.rating(s.name)).catch(() => null)));
  g.seats.forEach((s, i) => {
    const r = now[i];
    if (!r || !s.rd) return;
    s.delta = r.rating - s.rating;
    Object.assign(s, { rating: r.rating, rd: r.rd, provisional: r.provisional });
  });
  if (app.g === g) render();
}

function build() {
  const you = app.g.you >= 0 ? app.g.you : app.seat;
  app.view = new GameView(app.els.root, { layout: 'play', you, onMove: sendMove, onPremove: sendPremove, onPremoveCancel: cancelPremove, chess: app.g.chess });
  app.bar.mount(app.view.pausedEl);
  const lines = h('div.lines', { id: 'chat-lines' });
  const input = h('input', { id: 'chat-input', maxlength: 500, placeholder: 'message to partner', autocomplete: 'off' });
  const form = h('form', { onsubmit: (e) => { e.preventDefault(); sendChat(input.value); input.value = ''; } }, input, h('button', { type: 'submit' }, 'Send'));
  const signals = h('div.signals', {}, SIGNALS.map((s) => h('button.signal', { title: s.title, dataset: { text: s.text }, onclick: () => sendChat(s.text) }, s.label)));
  app.els.status = h('div.status-line', { id: 'status', role: 'status' });
  app.els.result = h('div.result.hidden', { id: 'result', role: 'status' });
  const resign = h('button', { id: 'resign', onclick: resignClick }, 'Resign');
  const act = (action) => () => app.net.request(msg.draw(app.g.id, action)).catch((e) => notifyError(explain('draw', e)));
  app.els.offer = h('button', { id: 'draw-offer', onclick: act('offer'), title: 'offer a draw for your team (both boards)' }, 'Offer draw');
  app.els.accept = h('button.primary', { id: 'draw-accept', onclick: act('accept') }, 'Accept draw');
  app.els.decline = h('button', { id: 'draw-decline', onclick: act('decline') }, 'Decline');
  app.els.claim = h('button', { id: 'claim', title: 'claim a draw by threefold repetition on your board', onclick: () => app.net.request(msg.claim(app.g.id)).catch((e) => notifyError(explain('claim', e))) }, 'Claim repetition');
  // The chat folds away (phones: folded at first); its summary shows the latest line.
  app.els.chatLast = h('span.chat-last', { id: 'chat-last' });
  app.els.chat = h('details.chat', { id: 'chat', open: !matchMedia('(max-width: 700px) and (orientation: portrait)').matches, ontoggle: () => { if (app.els.chat.open) app.unreadChat = 0; renderChat(); } },
    h('summary', {}, app.els.chatTitle = h('span.chat-title', {}, 'Partner chat'), app.els.chatLast), lines, form);
  // A chess game has no partner: no signals, no partner chat (F-CHESS).
  const talk = app.g.chess ? [] : [signals, app.els.chat];
  if (app.g.chess) app.els.offer.title = 'offer a draw';
  app.view.extra.append(app.els.result, app.rematch.el, app.els.status, ...talk,
    h('div.actions', {}, app.els.offer, app.els.accept, app.els.decline, app.els.claim, resign));
  app.els.lines = lines;
  app.els.resign = resign;
  // P-PREMOVE: the queued premove and its Cancel button (right-click on the board does the
  // same); the board flip and the sound switch (issue 28 item 6).
  app.els.premoveText = h('span.premove-text', { id: 'premove-text' });
  app.els.premove = h('div.premove-line', { id: 'premove', hidden: true }, app.els.premoveText,
    h('button', { id: 'premove-cancel', onclick: () => cancelPremove(boardOf(app.view.you)), title: 'cancel the premove (or right-click the board)' }, 'Cancel premove'));
  app.els.flip = h('button', { id: 'flip', title: 'turn the boards round', onclick: () => app.view.flip() }, 'Flip board');
  app.els.mute = h('button', { id: 'mute', onclick: () => { setMuted(!sound.muted); showMute(); } });
  app.view.extra.insertBefore(app.els.premove, app.els.status.nextSibling);
  app.view.extra.append(h('div.actions.comforts', {}, app.els.flip, app.els.mute));
  showMute();
  app.els.signals = signals;
  app.els.chatForm = form;
  watchFit();
}

// The boards fit the height left under what sits above them (the header, the tournament bar,
// the P-GAME2 line, the paused and waiting notes) and, in the side column, above the status,
// signals, chat and actions (issue 26: at 1366x657 the chat input sat under the draw buttons
// and Resign below the fold; the own bar was cut by the tournament bar's height). CSS sizes
// the boards from --game-top and --extra-h (css/app.css .layout-play); this measures them.
function fitPlay() {
  if (!app.view) return;
  const s = app.view.el.style;
  const top = Math.ceil(app.view.el.getBoundingClientRect().top + window.scrollY);
  if (s.getPropertyValue('--game-top') !== `${top}px`) s.setProperty('--game-top', `${top}px`);
  // the side column's extras at their natural height (their width does not depend on it)
  const x = app.view.extra;
  const need = [...x.children].reduce((a, c) => a + (c.hidden ? 0 : c.getBoundingClientRect().height + 8), 0);
  const v = `${Math.ceil(need)}px`;
  if (need > 0 && s.getPropertyValue('--extra-h') !== v) s.setProperty('--extra-h', v);
}

function watchFit() {
  const ro = new ResizeObserver(() => requestAnimationFrame(fitPlay));
  for (const el of [app.bar.el, app.bar.choiceEl, app.view.pausedEl, app.view.waitEl, ...app.view.extra.children]) ro.observe(el);
  ro.observe(document.querySelector('header.top'));
  window.addEventListener('resize', () => requestAnimationFrame(fitPlay));
  app.fitObserver = ro;
  requestAnimationFrame(fitPlay);
}

// After a game: whether the match goes on (issue 26: after a withdrawal in game 1 the page
// promised a game 2 that never came). Game 1 of a round's match is followed by game 2 unless
// the match is over: a team withdrew (this game ended so, or the round says the match is done).
app.onSnap = () => {
  if (app.g && app.view && app.els.status && app.g.status === 'finished') app.els.status.textContent = statusText(app.g, app.view.you);
};

function afterGame(g) {
  const t = g.tour;
  if (!t || t.round <= 0 || t.game_no !== 0) return 'Game over';
  const snap = app.bar && app.bar.snap;
  const r = snap && snap.tournament === t.tournament && (snap.history || []).find((x) => x.round === t.round);
  const m = r && r.matches.find((x) => x.match === t.match);
  if (g.reason === 'withdrawn' || (m && m.status === 'done')) {
    return `Game over · the match is over${g.reason === 'withdrawn' ? ' (a team withdrew)' : ''}: there is no game 2`;
  }
  return 'Game over · game 2 of the match follows after the break';
}

// The status line: whose move, or why nobody moves (waiting, paused, the settle window).
function statusText(g, you) {
  const b = g.boards[boardOf(you)];
  if (app.replaced) return 'Watching: another tab or device plays this seat';
  if (app.readonly) return 'This game has ended: a read-only view of it and of your team\'s chat';
  if (g.status === 'waiting') return `Waiting for the start (${g.seats.filter((s) => s.connected).length}/${g.seats.length} players connected)`;
  if (g.status === 'finished') return afterGame(g);
  if (g.paused) return 'Paused by the director: the clocks stand still';
  if (g.clocks.running[boardOf(you)] === -1) return 'Your board has stopped; the other board plays on (settle window)';
  return b.pos.turn === colorOf(you) ? (b.check ? 'Your move — you are in check!' : 'Your move') : `${seatName(g, you ^ 1)} to move`;
}

function render() {
  const g = app.g;
  const you = app.view.you;
  app.view.render(g);
  app.bar.setGame(g);
  const me = seatName(g, you);
  app.els.title.textContent = g.chess
    ? `Game ${g.id} · ${me}: ${colorOf(you)} against ${seatName(g, you ^ 1)} · chess`
    : `Game ${g.id} · ${me}: ${colorOf(you)} on board ${BOARDS[boardOf(you)]} · ${g.tour ? teamName(g, teamOf(you)) : `team ${teamOf(you)}`} with ${seatName(g, partnerOf(you))}`;
  document.title = `Bughouse · game ${g.id}`;
  app.view.el.classList.toggle('replaced', app.replaced);
  const st = app.els.status;
  let text = statusText(g, you);
  st.classList.toggle('your-move', text.startsWith('Your move'));
  app.els.result.textContent = resultText(g, you);
  app.els.result.classList.toggle('hidden', !g.result);
  const live = g.status === 'live' && !app.replaced && !app.readonly;
  const offer = drawOffer(g);
  app.els.resign.disabled = !live;
  app.els.claim.disabled = !live;
  // a page that only watches does not chat either (the server would refuse it); a read-only
  // view of a finished game keeps its team's lines but no input
  for (const el of [app.els.signals, app.els.chatForm]) el.toggleAttribute('inert', app.replaced);
  for (const el of [app.els.signals, app.els.chatForm]) el.hidden = app.readonly;
  app.els.chat.classList.toggle('readonly', app.readonly);
  app.els.chatTitle.textContent = app.readonly ? 'Partner chat (read-only: the game has ended)' : 'Partner chat';
  app.els.offer.disabled = !live || offer === teamOf(you);
  app.els.offer.textContent = offer === teamOf(you) ? 'Draw offered' : 'Offer draw';
  app.els.offer.hidden = offer !== 0 && offer !== teamOf(you);
  app.els.accept.hidden = !offer || offer === teamOf(you);
  app.els.decline.hidden = !offer;
  app.els.decline.textContent = offer === teamOf(you) ? 'Withdraw offer' : 'Decline';
  if (offer && offer !== teamOf(you)) text += ' · the other team offers a draw';
  st.textContent = text;
  const pre = live && g.premove;
  app.els.premove.hidden = !pre;
  if (pre) app.els.premoveText.textContent = `Premove: ${premoveText(g.premove)} (played when ${seatName(g, you ^ 1)} moves)`;
  renderChat();
}

function showMute() {
  app.els.mute.textContent = sound.muted ? 'Sound: off' : 'Sound: on';
  app.els.mute.setAttribute('aria-pressed', String(sound.muted));
  app.els.mute.title = sound.muted ? 'turn the move, capture, low-time and game-end sounds on' : 'mute the sounds (remembered in this browser)';
}

// "g1f3" -> "g1-f3", "N@e5" -> "N@e5", "b7b8n" -> "b7-b8=N".
function premoveText(uci) {
  if (uci.includes('@')) return uci;
  return `${uci.slice(0, 2)}-${uci.slice(2, 4)}${uci.length > 4 ? `=${uci[4].toUpperCase()}` : ''}`;
}

// The move a chat line followed (issue 13 item 9), from the plies of a board when it was
// sent: 3 plies -> "2." (after White's 2nd move), 4 -> "2…" (after Black's), 0 -> "start".
function moveLabel(ply) {
  if (ply == null || ply < 0) return '';
  if (ply === 0) return 'start';
  return `${Math.ceil(ply / 2)}${ply % 2 ? '.' : '…'}`;
}

// "A 2." for the sender's board, with both boards and the game time in the title.
function chatAnchor(g, c) {
  if (!Array.isArray(c.ply)) return null;
  const b = boardOf(c.seat);
  const other = 1 - b;
  const t = c.game_ms >= 0 ? ` at ${Math.floor(c.game_ms / 60000)}:${String(Math.floor(c.game_ms / 1000) % 60).padStart(2, '0')} game time` : '';
  const title = `sent after ${moveLabel(c.ply[b])} on board ${BOARDS[b]} (${moveLabel(c.ply[other])} on ${BOARDS[other]})${t}`;
  return h('span.at', { title }, `${BOARDS[b]} ${moveLabel(c.ply[b])}`);
}

function renderChat() {
  const g = app.g;
  const you = app.view.you;
  const chat = g.chat || [];
  app.els.lines.replaceChildren(
    ...chat.map((c) => h(`div.line${c.seat === you ? '' : '.partner'}`, {}, chatAnchor(g, c), h('span.from', {}, c.seat === you ? 'you' : seatName(g, c.seat)), h('span.txt', {}, c.text))),
  );
  app.els.lines.scrollTop = app.els.lines.scrollHeight;
  const last = chat[chat.length - 1];
  app.els.chatLast.textContent = !last || app.els.chat.open ? ''
    : `${app.unreadChat ? `(${app.unreadChat}) ` : ''}${last.seat === you ? 'you' : seatName(g, last.seat)}: ${last.text}`;
  app.els.chatLast.classList.toggle('unread', app.unreadChat > 0);
}

function sendMove(b, uci) {
  const g = app.g;
  app.net.request(msg.move(g.id, b, g.boards[b].ply, uci)).catch((e) => {
    notifyError(explain('move', e));
    for (const p of app.view.panels) if (p.b === b) p.view.revert(); // back to the server's position
    render();
  });
}

// P-PREMOVE: a move or a drop made while the opponent is on move, for the board's next ply:
// the server queues it (ack) and sends this seat a state that lists it.
function sendPremove(b, uci) {
  const g = app.g;
  app.net.request(msg.move(g.id, b, g.boards[b].ply + 1, uci)).catch((e) => {
    if (e.code !== 'stale_ply' && e.code !== 'not_your_turn') notifyError(explain('move', e));
    for (const p of app.view.panels) if (p.b === b) p.view.cancelPremove(false);
  });
}

function cancelPremove(b) {
  if (!app.g || !app.g.premove) return;
  app.net.request(msg.premoveCancel(app.g.id, b)).catch((e) => {
    if (e.code !== 'bad_state') notifyError(explain('move', e)); // already played or dropped
  });
}

function sendChat(text) {
  text = text.trim();
  if (!text || !app.g) return;
  app.net.request(msg.chat(app.g.id, text)).catch((e) => notifyError(explain('chat', e)));
}

function resignClick() {
  if (confirm('Resign the game for your team (both boards end)?')) app.net.request(msg.resign(app.g.id)).catch((e) => notifyError(explain('resign', e)));
}

init();
