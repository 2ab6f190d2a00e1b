// ui/view.js: the picture of one game: two boards, four pockets, four clocks, names, whose
// turn, and the result. Used by the play page (own board large), the spectator page (two
// equal boards) and the dashboard (small boards). SPDX-License-Identifier: MIT
// render(g) redraws from the model; tick(now) only moves the clock digits (every frame).

import { BoardView, drawPocket } from '../board.js';
import { remaining, format, LOW_MS, CRIT_MS } from '../clock.js';
import { seatOf, colorOf, teamOf, TEAM_SEATS, reasonText, winnerTeam, BOARDS } from '../proto.js';
import { seatName } from '../game.js';
import { h } from './dom.js';

const other = (c) => (c === 'white' ? 'black' : 'white');

// layout: 'play' | 'watch' | 'mini'; you: the viewer's seat or -1; handlers: { onMove(b, uci) };
// chess: a chess game (one board, no pockets, no partner board).
export class GameView {
  constructor(root, { layout, you, onMove, chess = false }) {
    this.chess = chess;
    this.root = root;
    this.layout = layout;
    this.you = you;
    this.g = null;
    const mineBoard = you >= 0 ? you >> 1 : 0;
    const mineColor = you >= 0 ? colorOf(you) : 'white';
    // Board order on screen and orientation: the viewer's board first with the viewer at the
    // bottom; the partner board beside it with the partner at the bottom (as partners sit).
    // Spectators: A with White below, B with Black below, so each team sits on one side.
    this.order = chess ? [0] : [mineBoard, 1 - mineBoard];
    const orient = [];
    orient[mineBoard] = mineColor;
    orient[1 - mineBoard] = other(mineColor);
    this.panels = [];
    this.el = h(`div.game.layout-${layout}${chess ? '.chess' : ''}`);
    for (const b of this.order) {
      const bottom = seatOf(b, orient[b]);
      const top = seatOf(b, other(orient[b]));
      const boardEl = h('div.board');
      const panel = {
        b,
        seats: [top, bottom],
        bars: [this.bar(top, 'top'), this.bar(bottom, 'bottom')],
        boardEl,
      };
      const interactive = you >= 0 && b === mineBoard && onMove;
      panel.view = new BoardView(boardEl, {
        orientation: orient[b],
        onMove: interactive ? (uci) => onMove(b, uci) : null,
        onDrop: interactive ? (uci) => onMove(b, uci) : null,
      });
      const big = layout === 'play' && b === mineBoard;
      if (!chess) panel.bars[0].el.prepend(h('span.board-label', { title: `board ${BOARDS[b]}` }, BOARDS[b]));
      panel.el = h(`section.panel${big ? '.big' : '.side'}`, { dataset: { board: BOARDS[b] } }, panel.bars[0].el, boardEl, panel.bars[1].el);
      this.panels.push(panel);
    }
    // On the play page the partner board and the chat share the second column.
    this.extra = h('div.extra');
    if (layout === 'play') this.el.append(this.panels[0].el, h('div.sidecol', {}, ...this.panels.slice(1).map((p) => p.el), this.extra));
    else this.el.append(...this.panels.map((p) => p.el));
    this.banner = h('div.result.hidden', { role: 'status' });
    this.pausedEl = h('div.paused-note', { hidden: true, role: 'status' }, 'Paused by the director: the clocks stand still');
    root.append(this.pausedEl, this.el);
  }

  bar(seat, where) {
    const name = h('span.name');
    const dot = h('span.dot', { title: 'connection' });
    const pocket = h('div.pocket');
    const clock = h('span.clock', { dataset: { seat } }, '–:––');
    const turn = h('span.turn', {}, '▶');
    const el = h(`div.bar.${where}.team${teamOf(seat)}`, { dataset: { seat } }, h('span.who', {}, dot, name), pocket, turn, clock);
    if (seat === this.you) el.classList.add('you');
    return { seat, el, name, dot, pocket, clock };
  }

  render(g) {
    this.g = g;
    const live = g.status === 'live';
    for (const p of this.panels) {
      const m = g.boards[p.b];
      // The viewer moves only while the server says this connection holds the seat (a page
      // whose seat another tab took gets a spectator's state: g.you -1).
      const mine = this.you >= 0 && this.you >> 1 === p.b && g.you === this.you ? colorOf(this.you) : null;
      p.view.draw(m, mine, live);
      for (const bar of p.bars) {
        const seat = bar.seat;
        const s = g.seats.find((x) => x.seat === seat);
        bar.name.textContent = seatName(g, seat) + (seat === this.you ? ' (you)' : '');
        bar.dot.classList.toggle('on', !!(s && s.connected));
        const color = colorOf(seat);
        if (!this.chess) drawPocket(bar.pocket, m.pos.pocket[color], color, mine === color && this.layout === 'play' ? p.view : null);
        const toMove = live && g.clocks.running[p.b] === seat;
        bar.el.classList.toggle('to-move', toMove);
      }
      p.el.classList.toggle('decided', g.endBoard === p.b && ['mate', 'flag', 'illegal', 'resign'].includes(g.reason));
    }
    this.el.classList.toggle('finished', g.status === 'finished');
    this.el.classList.toggle('paused', !!g.paused);
    this.pausedEl.hidden = !g.paused;
    this.tick();
  }

  // Clock digits and low-time classes at server time now.
  tick(now) {
    const g = this.g;
    if (!g) return;
    for (const p of this.panels) {
      for (const bar of p.bars) {
        const ms = remaining(g.clocks, bar.seat, now ?? g.clocks.server_ms);
        const t = format(ms);
        if (bar.clock.textContent !== t) bar.clock.textContent = t;
        bar.el.classList.toggle('low', ms < LOW_MS && g.status !== 'waiting');
        bar.el.classList.toggle('crit', ms < CRIT_MS && g.status === 'live');
        bar.el.classList.toggle('flagged', ms === 0 && g.status !== 'waiting');
      }
    }
  }
}

// "Team 1 (ann & bob) wins by checkmate on board B" and, for a player, who that is for them.
export function resultText(g, you) {
  if (!g.result) return '';
  const w = winnerTeam(g.result);
  if (g.chess) { // "1-0" is White's win (seat 0)
    const head = !w ? 'Draw' : w === 1 ? `White (${seatName(g, 0)}) wins` : `Black (${seatName(g, 1)}) wins`;
    const mine = you < 0 ? '' : !w ? '½–½. ' : w === teamOf(you) ? 'You win! ' : 'You lose. ';
    return `${mine}${head} — ${reasonText(g.reason)} (${g.result})`;
  }
  const team = (t) => `Team ${t} (${TEAM_SEATS[t].map((s) => seatName(g, s)).join(' & ')})`;
  // A mate, a flag or an illegal move happens on one board; a resignation or a draw is the team's.
  const onBoard = g.reason !== 'agreement' && g.endBoard !== null && g.endBoard !== undefined;
  const where = onBoard ? ` on board ${BOARDS[g.endBoard]}` : '';
  const how = reasonText(g.reason) + where;
  const head = w ? `${team(w)} wins` : 'Draw';
  let mine = '';
  if (you >= 0) mine = !w ? '½–½. ' : w === teamOf(you) ? 'You win! ' : 'You lose. ';
  return `${mine}${head} — ${how} (${g.result})`;
}
