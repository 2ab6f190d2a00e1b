// ui/rematch.js: a lobby table's rematch (c2s-table.md rematch), on the play page and the
// lobby page. When a game that came from a lobby table ends, the server pushes the table with
// status `rematch` (its table id, the ended game, who accepted which variant) to the four
// players; this panel offers "Rematch" (the same seats) and "Rematch, partners swapped" (each
// keeps his board, board B's two players exchange seats: White on A then partners the former
// White on B). When all four accepted one variant the server pushes status `started` with the
// new game and this connection's seat token: the page opens the new game (play.html?token=).
// SPDX-License-Identifier: MIT

import { msg } from '../proto.js';
import { h } from './dom.js';
import { explain } from './errors.js';

const SWAP_TITLE = 'each keeps his board; the two players of board B exchange seats, so the partnerships change';

// The panel of one rematch offer t (a `table` with status rematch): who accepted what, and the
// two buttons. request(m): sends m and returns its promise (the page's Net.request).
export function rematchEl(t, request, onError) {
  if (t.status === 'playing') return waitingEl(t);
  if (t.rotation) return rotationEl(t, request, onError);
  const names = t.seats.map((s) => (s ? s.name : '?'));
  const said = t.seats.map((s, i) => (s && s.rematch ? `${names[i]}: ${s.rematch === 'swap' ? 'partners swapped' : 'same seats'}` : null)).filter(Boolean);
  const mine = t.you >= 0 && t.seats[t.you] ? t.seats[t.you].rematch : undefined;
  const ask = (swap) => () => request(msg.tableRematch(t.table, t.game, swap)).catch((e) => onError(explain('table', e)));
  return h('div.rematch', { id: `rematch-${t.table}`, dataset: { table: t.table, game: t.game }, role: 'group', 'aria-label': 'Rematch' },
    h('span.what', {}, `Game ${t.game} is over. Play again at table ${t.table}?`),
    h('button', { type: 'button', class: `rematch-same${mine === 'same' ? ' primary' : ''}`, 'aria-pressed': String(mine === 'same'), onclick: ask(false) }, 'Rematch'),
    h('button', { type: 'button', class: `rematch-swap${mine === 'swap' ? ' primary' : ''}`, 'aria-pressed': String(mine === 'swap'), title: SWAP_TITLE, onclick: ask(true) }, 'Rematch, partners swapped'),
    h('span.muted.said', {}, said.length ? `Accepted — ${said.join(' · ')} (all four must pick the same)` : 'All four must accept the same choice.'));
}

// O-ROTATION: people waited at the table, so the next game is a rotated one: its four (who
// played fewest games here, the waiting first among equals, then the winners), who sits out,
// and "Play the next game" for each of the four.
function rotationEl(t, request, onError) {
  const n = t.seats.map((s) => s.name);
  const said = t.seats.filter((s) => s.rematch).map((s) => s.name);
  const mine = t.you >= 0 && t.seats[t.you].rematch === 'rotate';
  const ask = () => request(msg.tableRotate(t.table, t.game)).catch((e) => onError(explain('table', e)));
  return h('div.rematch.rotation', { id: `rematch-${t.table}`, dataset: { table: t.table, game: t.game }, role: 'group', 'aria-label': 'Next game' },
    h('span.what', {}, `Game ${t.game} is over. Next game at table ${t.table}: ${n[0]} & ${n[3]} vs ${n[1]} & ${n[2]}; ${t.out.join(' and ')} ${t.out.length > 1 ? 'sit' : 'sits'} out.`),
    t.you >= 0
      ? h('button', { type: 'button', class: `rematch-rotate${mine ? ' primary' : ''}`, 'aria-pressed': String(mine), onclick: ask }, 'Play the next game')
      : h('span.sitout', {}, 'You sit this one out: those who played fewest games here play next.'),
    h('span.muted.said', {}, said.length ? `Ready — ${said.join(', ')} (all four must be)` : 'All four must say they play.'));
}

// A table whose game is on, shown to those waiting there: the game to watch, the queue.
function waitingEl(t) {
  const n = t.seats.map((s) => s.name);
  return h('div.rematch.waiting', { id: `rematch-${t.table}`, dataset: { table: t.table, game: t.game }, role: 'status' },
    h('span.what', {}, `Table ${t.table} plays game ${t.game}: ${n[0]} & ${n[3]} vs ${n[1]} & ${n[2]}. You wait for the next one${t.queue ? ` (waiting: ${t.queue.join(', ')})` : ''}.`),
    h('a', { href: `watch.html?game=${t.game}`, class: 'watch-link' }, 'Watch it'));
}

// The new game's page for a started push with this connection's seat token.
export function openGame(m) {
  location.href = `play.html?token=${encodeURIComponent(m.token)}`;
}

// The play page's part: a slot under the result that shows the offer of the page's game.
export class RematchSlot {
  constructor(app, onError) {
    this.app = app;
    this.onError = onError;
    this.el = h('div.rematch-slot', { id: 'rematch', hidden: true });
  }

  // A push: true when it was the rematch's (handled here).
  onPush(m) {
    if (m.type !== 'table') return false;
    if (m.status === 'started' && m.token) openGame(m);
    else if (m.status === 'rematch' && m.game === this.app.gameId) this.show(m);
    else if (m.status === 'playing' && m.game !== this.app.gameId) this.show(m); // sitting out
    return true;
  }

  show(t) {
    this.el.replaceChildren(rematchEl(t, (x) => this.app.net.request(x).then((r) => {
      if (r && r.type === 'table' && r.status === 'rematch') this.show(r);
      return r;
    }), this.onError));
    this.el.hidden = false;
  }
}
