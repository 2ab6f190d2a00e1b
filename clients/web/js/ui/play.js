// ui/play.js: the play page (play.html?token=T). One app object: the socket, the clock
// offset, the game model and the view. The model changes only in onPush (server messages);
// a move on the board is sent as a request and the board shows the server's answer.
// SPDX-License-Identifier: MIT

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg, SIGNALS, partnerOf, colorOf, boardOf, BOARDS, teamOf } from '../proto.js';
import { fromState, apply, seatName, drawOffer } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, params, toast } from './dom.js';
import { initNotices, showNotice } from './notices.js';

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
  els: {},
};
window.app = app; // for the browser test and for debugging

function init() {
  initNotices(); // the director's announcements (js/ui/notices.js)
  app.els.net = document.getElementById('net');
  app.els.title = document.getElementById('title');
  app.els.root = document.getElementById('root');
  if (app.team) followTeam();
  if (!app.token) {
    app.els.root.append(h('p.landing', { id: 'landing' }, app.team
      ? `Waiting for your team's next game (board ${BOARDS[app.board]})…`
      : 'This page needs the join link with your token (play.html?token=…). Ask the director.'));
    return;
  }
  app.net = new Net({ time: app.time, onOpen: onOpen, onPush: onPush, onStatus: setNet });
  const frame = () => {
    if (app.view) app.view.tick(app.time.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// A second socket authenticated with the team token: the server sends an `assign` for each
// unfinished game of the team (fresh seat tokens) and for each new one. A game newer than
// the one on the page replaces it (a team plays one game at a time, so the current one ended).
function followTeam() {
  const shown = Number(params().get('game')) || 0;
  const tn = new Net({
    time: new ServerTime(),
    onOpen: async () => {
      try {
        await tn.request(msg.auth(app.team));
      } catch (e) {
        if (e.code !== 'disconnected') toast(e.code === 'unauthorized' ? 'This team link is not valid.' : `team: ${e.code}`);
      }
    },
    onPush: (m) => {
      if (m.type === 'announcement') return showNotice(m);
      if (m.type !== 'assign' || m.game <= shown || m.game <= (app.next || 0)) return;
      const mine = m.seats.find((x) => x.seat >> 1 === app.board);
      if (!mine) return;
      app.next = m.game;
      const q = new URLSearchParams({ team: app.team, board: BOARDS[app.board], game: m.game, token: mine.token });
      const go = () => location.replace(`play.html?${q}`);
      if (!app.token) return go();
      toast(`Your next game (#${m.game}) has started: opening it…`);
      setTimeout(go, 1500); // its clocks run already (T-AUTO)
    },
  });
}

function setNet(s) {
  app.els.net.textContent = s === 'online' ? 'online' : s === 'offline' ? 'reconnecting…' : 'connecting…';
  app.els.net.className = `net ${s}`;
}

// Every (re)connect: auth with the token, then join: the state reply resets the model.
async function onOpen() {
  try {
    const a = await app.net.request(msg.auth(app.token));
    app.seat = a.seat;
    app.gameId = a.game;
    await app.net.request(msg.join(a.game));
  } catch (e) {
    if (e.code !== 'disconnected') toast(e.code === 'unauthorized' ? 'This link is not valid.' : e.code);
  }
}

function onPush(m) {
  if (m.type === 'announcement') return showNotice(m);
  if (m.type === 'state' && m.game === app.gameId) {
    app.g = fromState(m);
    if (!app.view) build();
  } else if (m.type === 'error') {
    toast(m.code);
    return;
  } else if (!apply(app.g, m)) {
    return;
  }
  render();
}

function build() {
  const you = app.g.you >= 0 ? app.g.you : app.seat;
  app.view = new GameView(app.els.root, { layout: 'play', you, onMove: sendMove });
  const lines = h('div.lines', { id: 'chat-lines' });
  const input = h('input', { id: 'chat-input', maxlength: 500, placeholder: 'message to partner', autocomplete: 'off' });
  const form = h('form', { onsubmit: (e) => { e.preventDefault(); sendChat(input.value); input.value = ''; } }, input, h('button', { type: 'submit' }, 'Send'));
  const signals = h('div.signals', {}, SIGNALS.map((s) => h('button.signal', { title: s.title, dataset: { text: s.text }, onclick: () => sendChat(s.text) }, s.label)));
  app.els.status = h('div.status-line', { id: 'status' });
  app.els.result = h('div.result.hidden', { id: 'result', role: 'status' });
  const resign = h('button', { id: 'resign', onclick: resignClick }, 'Resign');
  const act = (action) => () => app.net.request(msg.draw(app.g.id, action)).catch((e) => toast(`draw: ${e.code}`));
  app.els.offer = h('button', { id: 'draw-offer', onclick: act('offer'), title: 'offer a draw for your team (both boards)' }, 'Offer draw');
  app.els.accept = h('button.primary', { id: 'draw-accept', onclick: act('accept') }, 'Accept draw');
  app.els.decline = h('button', { id: 'draw-decline', onclick: act('decline') }, 'Decline');
  app.els.claim = h('button', { id: 'claim', title: 'claim a draw by threefold repetition on your board', onclick: () => app.net.request(msg.claim(app.g.id)).catch((e) => toast(e.code === 'bad_state' ? 'not a threefold repetition' : `claim: ${e.code}`)) }, 'Claim repetition');
  app.view.extra.append(app.els.result, app.els.status, h('div.chat', {}, h('h2', {}, 'Partner chat'), signals, lines, form),
    h('div.actions', {}, app.els.offer, app.els.accept, app.els.decline, app.els.claim, resign));
  app.els.lines = lines;
  app.els.resign = resign;
}

function render() {
  const g = app.g;
  const you = app.view.you;
  app.view.render(g);
  const me = seatName(g, you);
  app.els.title.textContent = `Game ${g.id} · ${me}: ${colorOf(you)} on board ${BOARDS[boardOf(you)]} · team ${teamOf(you)} with ${seatName(g, partnerOf(you))}`;
  document.title = `Bughouse · game ${g.id}`;
  const st = app.els.status;
  const b = g.boards[boardOf(you)];
  let text;
  if (g.status === 'waiting') {
    const n = g.seats.filter((s) => s.connected).length;
    text = `Waiting for the start (${n}/4 players connected)`;
  } else if (g.status === 'finished') {
    text = 'Game over';
  } else if (g.clocks.running[boardOf(you)] === -1) {
    text = 'Your board has stopped; the other board plays on (settle window)';
  } else {
    text = b.pos.turn === colorOf(you) ? (b.check ? 'Your move — you are in check!' : 'Your move') : `${seatName(g, you ^ 1)} to move`;
  }
  st.textContent = text;
  st.classList.toggle('your-move', text.startsWith('Your move'));
  app.els.result.textContent = resultText(g, you);
  app.els.result.classList.toggle('hidden', !g.result);
  const live = g.status === 'live';
  const offer = drawOffer(g);
  app.els.resign.disabled = !live;
  app.els.claim.disabled = !live;
  app.els.offer.disabled = !live || offer === teamOf(you);
  app.els.offer.textContent = offer === teamOf(you) ? 'Draw offered' : 'Offer draw';
  app.els.offer.hidden = offer !== 0 && offer !== teamOf(you);
  app.els.accept.hidden = !offer || offer === teamOf(you);
  app.els.decline.hidden = !offer;
  app.els.decline.textContent = offer === teamOf(you) ? 'Withdraw offer' : 'Decline';
  if (offer && offer !== teamOf(you)) st.textContent += ' · the other team offers a draw';
  renderChat();
}

function renderChat() {
  const g = app.g;
  const you = app.view.you;
  app.els.lines.replaceChildren(
    ...(g.chat || []).map((c) => h(`div.line${c.seat === you ? '' : '.partner'}`, {}, h('span.from', {}, c.seat === you ? 'you' : seatName(g, c.seat)), h('span.txt', {}, c.text))),
  );
  app.els.lines.scrollTop = app.els.lines.scrollHeight;
}

function sendMove(b, uci) {
  const g = app.g;
  app.net.request(msg.move(g.id, b, g.boards[b].ply, uci)).catch((e) => {
    toast(e.code === 'disconnected' ? 'not sent: reconnecting' : `${uci}: ${e.code}`);
    for (const p of app.view.panels) if (p.b === b) p.view.revert(); // back to the server's position
    render();
  });
}

function sendChat(text) {
  text = text.trim();
  if (!text || !app.g) return;
  app.net.request(msg.chat(app.g.id, text)).catch((e) => toast(`chat: ${e.code}`));
}

function resignClick() {
  if (confirm('Resign the game for your team (both boards end)?')) app.net.request(msg.resign(app.g.id)).catch((e) => toast(e.code));
}

init();
