// ui/lobby.js: the lobby page (lobby.html): open a table, sit, stand, say ready, send someone
// away from one's own table, and pass on a private table's link; when the four seats are
// ready the server creates the game and sends this page its seat's token, and the page opens
// the play page with it. SPDX-License-Identifier: MIT
// Who this page is: the session of the account page (localStorage bh.session, sent with auth)
// or a guest name (kept in localStorage bh.guest, sent with guest on every connect). The table
// list is the server's `lobby` snapshot, pushed again whenever it changes (s2c-lobby_reply.md);
// a private table is listed only to its creator and the people seated at it, so a link
// (lobby.html?table=N&link=T) shows its seats to choose from. Looking for a partner: the
// list's seeks, a button to seek or stop, and "Partner up" on another's seek (a new table with
// the form's time control, the two as partners).

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg } from '../proto.js';
import { h, params, whenReleased } from './dom.js';
import { explain } from './errors.js';
import { rematchEl, openGame } from './rematch.js';

const SESSION = 'bh.session';
const GUEST = 'bh.guest';
const SEAT_NAMES = ['White on A', 'Black on A', 'White on B', 'Black on B'];
const app = { time: new ServerTime(), me: null, tables: [], seeks: [], invite: null };
window.app = app;
const $ = (id) => document.getElementById(id);

const q = params();
if (q.get('table') && q.get('link')) app.invite = { table: Number(q.get('table')), link: q.get('link') };

function load(key) {
  try {
    return localStorage.getItem(key) || '';
  } catch {
    return '';
  }
}

function save(key, v) {
  try {
    if (v) localStorage.setItem(key, v);
    else localStorage.removeItem(key);
  } catch { /* private mode: the page forgets it on reload */ }
}

function showError(type, e) {
  $('err').textContent = e ? explain(type, e).text : '';
}

async function act(type, body) {
  showError();
  try {
    const r = await app.net.request(body);
    if (r.type === 'table' && r.status === 'started') start(r);
    return r;
  } catch (e) {
    showError(type, e.code === 'disconnected' ? { code: 'disconnected' } : e);
    return null;
  }
}

function tc(t) {
  const m = t.base_ms / 60000;
  const base = Number.isInteger(m) ? String(m) : m < 1 ? `${t.base_ms / 1000}s` : m.toFixed(2).replace(/0+$/, '');
  return `${base}+${t.inc_ms / 1000}`;
}

function linkOf(t) {
  const u = new URL('lobby.html', location.href);
  u.searchParams.set('table', t.table);
  u.searchParams.set('link', t.link);
  return u.href;
}

// An account's rating as the lobby shows it: "1662?" while provisional (G-PROVISIONAL), the
// RD in the tooltip; nothing for a guest.
function ratingEl(x) {
  if (!x.rd) return null;
  return h('span.elo', { title: `rating ${x.rating} ± ${x.rd}${x.provisional ? ' (provisional)' : ''}` }, `${x.rating}${x.provisional ? '?' : ''}`);
}

function seatEl(t, i) {
  const s = t.seats[i];
  const color = h(`span.color.${i & 1 ? 'black' : 'white'}`, { title: SEAT_NAMES[i], 'aria-label': SEAT_NAMES[i] }, i & 1 ? '♚' : '♔');
  if (!s) {
    const free = h('span.name.muted', {}, 'free');
    const sit = app.me ? h('button', { type: 'button', class: 'sit', dataset: { seat: i }, onclick: () => act('table', msg.tableSit(t.table, i, t.link)) }, 'Sit') : null;
    return h('div.seat', { dataset: { seat: i } }, color, free, sit);
  }
  const you = t.you === i;
  const kids = [color, h('span.name', { title: s.name }, s.account ? h('a.profile', { href: `profile.html?name=${encodeURIComponent(s.name)}`, title: `${s.name}'s profile` }, s.name) : s.name, s.account ? '' : ' (guest)'), ratingEl(s), s.ready ? h('span.ready', {}, '✓ ready') : null];
  if (you) {
    kids.push(h('button', { type: 'button', class: 'ready-btn', onclick: () => act('table', msg.tableReady(!s.ready)) }, s.ready ? 'Not ready' : 'Ready'));
    kids.push(h('button', { type: 'button', class: 'stand', onclick: () => act('table', msg.tableStand()) }, 'Stand up'));
  } else if (t.mine) {
    kids.push(h('button', { type: 'button', class: 'kick', title: `Send ${s.name} away`, onclick: () => act('table', msg.tableKick(t.table, i)) }, '×'));
  }
  return h(`div.seat${you ? '.you' : ''}`, { dataset: { seat: i } }, ...kids);
}

// One team seated (0 + 3, or 1 + 2: P-TEAM partners) and the other pair's seats free: a
// pair that waits for opponents (the "looking for a team" list).
function lookingForTeam(t) {
  const s = t.seats.map(Boolean);
  return (s[0] && s[3] && !s[1] && !s[2]) || (s[1] && s[2] && !s[0] && !s[3]);
}

// A played table whose game ended, listed to its players: its rematch (rematch.js).
function playedEl(t) {
  const who = (i) => h('span.name', {}, t.seats[i].name);
  return h('li.table.played', { dataset: { table: t.table } },
    h('div.head', {}, h('span.tc', {}, tc(t)), h('span.tag', {}, t.rated ? 'rated' : 'casual'), h('span.tag', {}, t.ruleset),
      h('span.muted', {}, `table ${t.table} · `, who(0), ' & ', who(3), ' vs ', who(1), ' & ', who(2))),
    rematchEl(t, (m) => act('table', m), (e) => { $('err').textContent = e.text; }));
}

function tableEl(t) {
  if (t.status === 'rematch' || t.status === 'playing') return playedEl(t);
  const head = h('div.head', {},
    h('span.tc', {}, tc(t)),
    h(`span.tag${t.rated ? '.rated' : ''}`, {}, t.rated ? 'rated' : 'casual'),
    h('span.tag', {}, t.ruleset),
    t.private ? h('span.tag', {}, 'private') : null,
    lookingForTeam(t) ? h('span.tag.team', {}, 'a pair looking for a team') : null,
    h('span.muted', {}, `table ${t.table} · by ${t.creator}`));
  const boards = h('div.boards', {},
    h('div.board', {}, h('h3', {}, 'Board A'), seatEl(t, 0), seatEl(t, 1)),
    h('div.board', {}, h('h3', {}, 'Board B'), seatEl(t, 2), seatEl(t, 3)));
  // four rated seats: the server's expected score of the two teams (G-TEAM)
  const odds = t.expected === undefined ? null : h('p.expected', { title: 'each team rated as one player of its two players\' mean rating (Glicko-2)' },
    `Expected score: ${t.seats[0].name} & ${t.seats[3].name} ${Math.round(t.expected * 100)}%, ${t.seats[1].name} & ${t.seats[2].name} ${100 - Math.round(t.expected * 100)}%`);
  const actions = [];
  if (t.link) {
    const input = h('input.link', { readonly: true, value: linkOf(t), 'aria-label': 'Private link' });
    actions.push(h('span.muted', {}, 'Invite:'), input, h('button', { type: 'button', class: 'copy', onclick: async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
      } catch { document.execCommand('copy'); }
    } }, 'Copy link'));
  }
  // O-ROTATION: people waiting for a seat in a later game; a person not seated may wait too
  const me = app.me;
  const waits = !!(me && t.queue && t.queue.includes(me.name));
  const queue = h('div.queue', {},
    t.queue ? h('span.muted', {}, `Waiting for the next game: ${t.queue.join(', ')}`) : null,
    me && t.you < 0 ? h('button', { type: 'button', class: waits ? 'unqueue' : 'queue', title: 'when a game here ends, those who played fewest games here play the next',
      onclick: () => act('table', waits ? msg.tableUnqueue() : msg.tableQueue(t.table, t.link || (app.invite && app.invite.table === t.table ? app.invite.link : undefined))) },
    waits ? 'Stop waiting' : 'Wait for the next game') : null);
  const seated = t.seats.filter(Boolean).length;
  return h(`li.table${t.mine ? '.mine' : ''}${t.you >= 0 ? '.seated' : ''}`, { dataset: { table: t.table } }, head, boards, odds, queue,
    h('div.actions', {}, h('span.muted', {}, `${seated}/4 seated`), ...actions));
}

// The create form's options (c2s-table.md create): a partner's table takes them too.
function formOptions(privateOk) {
  const d = new FormData($('create'));
  return {
    base_ms: Math.round(Number(d.get('base')) * 60000),
    inc_ms: Math.round(Number(d.get('inc') || 0) * 1000),
    rated: d.get('rated') === 'on',
    ruleset: String(d.get('ruleset')),
    ...(privateOk ? { private: d.get('private') === 'on' } : {}),
  };
}

function drawSeeks() {
  const me = app.me;
  const mine = app.seeks.some((k) => k.mine);
  $('seek-list').replaceChildren(...app.seeks.map((k) => h(`li${k.mine ? '.mine' : ''}`, { dataset: { seek: k.seek } },
    h('span.name', {}, k.account ? h('a.profile', { href: `profile.html?name=${encodeURIComponent(k.name)}` }, k.name) : k.name, k.account ? '' : ' (guest)', k.mine ? ' (you)' : '', ' ', ratingEl(k)),
    !k.mine && me ? h('button', { type: 'button', class: 'partner', onclick: () => act('table', msg.tablePartner(k.seek, formOptions(false))) }, 'Partner up') : null)));
  const b = $('seek');
  b.disabled = !me;
  b.textContent = mine ? 'Stop looking' : 'Look for a partner';
  b.onclick = () => act('table', msg.tableSeek(!mine));
}

// The pairs waiting for opponents (FICS' "bugwho" list of partnerships): each with a button that
// sits the person in the first free seat opposite them.
function drawTeams() {
  const pairs = app.tables.filter((t) => t.status === 'open' && lookingForTeam(t));
  $('team-list').replaceChildren(...pairs.map((t) => {
    const [a, b] = t.seats[0] ? [0, 3] : [1, 2];
    const free = t.seats[0] ? 1 : 0;
    const pair = h('span.name', {}, t.seats[a].name, ' ', ratingEl(t.seats[a]), ' & ', t.seats[b].name, ' ', ratingEl(t.seats[b]));
    const mine = t.you >= 0;
    return h(`li${mine ? '.mine' : ''}`, { dataset: { table: t.table } }, pair,
      h('span.muted', {}, `${tc(t)} ${t.rated ? 'rated' : 'casual'}`),
      !mine && app.me ? h('button', { type: 'button', class: 'take-on', onclick: () => act('table', msg.tableSit(t.table, free, t.link)) }, 'Take them on') : null);
  }));
  $('team-none').hidden = pairs.length > 0;
}

// Every redraw waits for a press in progress to end (ui/dom.js whenReleased): a reply's redraw
// lands while the next button is pressed as often as a push's does.
function draw() {
  whenReleased(drawNow);
}

function drawNow() {
  drawSeeks();
  drawTeams();
  const list = $('tables');
  list.replaceChildren(...app.tables.map(tableEl));
  $('empty').hidden = app.tables.length > 0;
  const me = app.me;
  $('guest').hidden = !!me;
  $('create').querySelector('button').disabled = !me;
  const p = $('who-text');
  if (!me) {
    p.className = 'muted';
    p.replaceChildren('To sit at a table, ', h('a', { href: 'account.html' }, 'log in'), ' or choose a guest name:');
  } else {
    p.className = '';
    p.replaceChildren(me.kind === 'guest' ? 'Playing as guest ' : 'Logged in as ', h('strong', { id: 'me' }, me.name),
      me.kind === 'guest' ? ' (unrated tables only).' : '.');
  }
  const inv = app.invite;
  const shown = inv && !app.tables.some((t) => t.table === inv.table && t.you >= 0);
  $('invite').hidden = !shown;
  if (shown) {
    $('invite-id').textContent = String(inv.table);
    $('invite-seats').replaceChildren(...SEAT_NAMES.map((n, i) => h('button', { type: 'button', disabled: !me, dataset: { seat: i },
      onclick: () => act('table', msg.tableSit(inv.table, i, inv.link)) }, n)));
  }
}

function start(m) {
  openGame(m); // play.html?token= (rematch.js: a rematch's start opens it too)
}

async function onOpen() {
  app.me = null;
  const token = load(SESSION);
  if (token) {
    try {
      const r = await app.net.request(msg.auth(token));
      app.me = { name: r.name, kind: 'account' };
    } catch (e) {
      if (e.code === 'unauthorized') save(SESSION, '');
    }
  }
  const guest = load(GUEST);
  if (!app.me && guest) {
    try {
      const r = await app.net.request(msg.guest(guest));
      app.me = { name: r.name, kind: 'guest' };
    } catch {
      save(GUEST, '');
    }
  }
  try {
    const r = await app.net.request(msg.lobby());
    app.tables = r.tables;
    app.seeks = r.seeks || [];
  } catch { /* offline again: the next connect asks */ }
  draw();
}

$('guest').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const name = String(new FormData(ev.target).get('name')).trim();
  const r = await act('guest', msg.guest(name));
  if (!r) return;
  save(GUEST, r.name);
  app.me = { name: r.name, kind: 'guest' };
  draw();
});

$('create').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const r = await act('table', msg.tableCreate(formOptions(true)));
  if (r && r.type === 'table') await act('table', msg.tableSit(r.table, 0, r.link)); // the creator takes White on A
});

app.net = new Net({
  time: app.time,
  onOpen,
  onPush: (m) => {
    if (m.type === 'lobby') {
      app.tables = m.tables;
      app.seeks = m.seeks || [];
      draw();
    } else if (m.type === 'table' && m.status === 'started' && m.token) start(m);
  },
  onStatus: (s) => { $('net').textContent = s; $('net').className = `net ${s}`; },
});
draw();
