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

// layout: 'play' | 'watch' | 'mini'; you: the viewer's seat or -1; handlers: { onMove(b, uci),
// onPremove(b, uci), onPremoveCancel(b) } (P-PREMOVE);
// chess: a chess game (one board, no pockets, no partner board).
export class GameView {
  constructor(root, { layout, you, onMove, onPremove, onPremoveCancel, chess = false }) {
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
        onPremove: interactive && onPremove ? (uci) => onPremove(b, uci) : null,
        onPremoveCancel: interactive && onPremoveCancel ? () => onPremoveCancel(b) : null,
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
    // Before the clocks start (issue 13): the break's countdown, who is missing, the forfeit's.
    this.waitEl = h('div.wait-note', { hidden: true, role: 'status', id: layout === 'mini' ? undefined : 'wait-note' });
    root.append(this.pausedEl, this.waitEl, this.el);
  }

  bar(seat, where) {
    const name = h('span.name');
    const elo = h('span.elo'); // a rated game's rating (state seats' rating, rd, provisional)
    const dot = h('span.dot', { title: 'connection' });
    const pocket = h('div.pocket');
    const clock = h('span.clock', { dataset: { seat } }, '–:––');
    const turn = h('span.turn', {}, '▶');
    const el = h(`div.bar.${where}.team${teamOf(seat)}`, { dataset: { seat } }, h('span.who', {}, dot, name, elo), pocket, turn, clock);
    if (seat === this.you) el.classList.add('you');
    return { seat, el, name, elo, dot, pocket, clock };
  }

  render(g) {
    this.g = g;
    const live = g.status === 'live';
    for (const p of this.panels) {
      const m = g.boards[p.b];
      // The viewer moves only while the server says this connection holds the seat (a page
      // whose seat another tab took gets a spectator's state: g.you -1).
      const mine = this.you >= 0 && this.you >> 1 === p.b && g.you === this.you ? colorOf(this.you) : null;
      const pending = mine && g.you === this.you ? g.premove : null;
      p.view.draw(m, mine, live, !!g.premoves, pending);
      for (const bar of p.bars) {
        const seat = bar.seat;
        const s = g.seats.find((x) => x.seat === seat);
        bar.name.replaceChildren(seatName(g, seat), seat === this.you ? h('span.you-mark', {}, ' (you)') : '');
        bar.dot.classList.toggle('on', !!(s && s.connected));
        // G-PROVISIONAL: "1662?" while the RD is 110 or more; the RD in the tooltip
        const delta = s && s.delta !== undefined ? ` ${s.delta >= 0 ? '+' : '-'}${Math.abs(s.delta)}` : ''; // as the profile writes it
        bar.elo.replaceChildren(...(s && s.rd ? [`${s.rating}${s.provisional ? '?' : ''}`, delta ? h('span.delta', {}, delta) : ''] : []));
        bar.elo.title = s && s.rd ? `rating ${s.rating} ± ${s.rd}${s.provisional ? ' (provisional)' : ''}` : '';
        const color = colorOf(seat);
        if (!this.chess) drawPocket(bar.pocket, m.pos.pocket[color], color, mine === color && this.layout === 'play' ? p.view : null);
        const toMove = live && g.clocks.running[p.b] === seat;
        bar.el.classList.toggle('to-move', toMove);
      }
      p.el.classList.toggle('decided', g.endBoard === p.b && ['mate', 'flag', 'illegal', 'resign'].includes(g.reason));
    }
    this.el.classList.toggle('finished', g.status === 'finished');
    this.el.classList.toggle('paused', !!g.paused);
    if (this.pausedEl.hidden !== !g.paused) {
      this.pausedEl.hidden = !g.paused;
      for (const p of this.panels) p.view.cg.redrawAll(); // the boards moved (see tick)
    }
    this.tick();
  }

  // Turn every board round (the board flip): each board's orientation and its two bars.
  flip() {
    this.flipped = !this.flipped;
    for (const p of this.panels) {
      p.view.cg.toggleOrientation();
      const [a, b] = this.flipped ? [p.bars[1], p.bars[0]] : [p.bars[0], p.bars[1]];
      a.el.classList.replace('bottom', 'top');
      b.el.classList.replace('top', 'bottom');
      p.el.replaceChildren(a.el, p.boardEl, b.el);
    }
    this.el.classList.toggle('flipped', this.flipped);
  }

  // Clock digits and low-time classes at server time now.
  tick(now) {
    const g = this.g;
    if (!g) return;
    const w = waitText(g, now ?? g.clocks.server_ms, this.layout === 'mini');
    if (this.waitEl.textContent !== w) this.waitEl.textContent = w;
    if (this.waitEl.hidden !== !w) {
      // The note above the boards comes or goes: the boards move, and chessground keeps the
      // squares' screen positions from when it drew; it must measure them again.
      this.waitEl.hidden = !w;
      for (const p of this.panels) p.view.cg.redrawAll();
    }
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

// m:ss of a countdown, rounded up to the second (0:00 only when it is over).
export function countdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function names(list) {
  return list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

// What a waiting game waits for, at server time now (issue 13; protocol/messages/s2c-state.md
// start_ms, forfeit_ms): "" once it is not waiting. short: the desk's small cards.
export function waitText(g, now, short) {
  if (!g || g.status !== 'waiting') return '';
  const absent = g.seats.filter((s) => !s.connected).map((s) => s.name || `seat ${s.seat}`);
  if (g.startMs && now < g.startMs) {
    const left = countdown(g.startMs - now);
    if (short) return `starts in ${left}`;
    const head = g.tour ? `${gameLabel(g)} starts in ${left}` : `Break between games: the clocks start in ${left}`;
    return head + (absent.length ? `, when all four players are here (waiting for ${names(absent)})` : '');
  }
  if (!absent.length) return short ? 'starting' : 'All four players are here: the clocks start now';
  if (short) return g.forfeitMs ? `waiting for ${absent.length}, forfeit in ${countdown(g.forfeitMs - now)}` : `waiting for ${absent.length}`;
  const who = `Waiting for ${names(absent)}: the clocks start when all four players are here.`;
  if (!g.forfeitMs) return `${who} (Or when the director starts the game.)`;
  const left = g.forfeitMs - now;
  return left > 0 ? `${who} A player still missing in ${countdown(left)} loses the game for the team by forfeit.` : `${who} The waiting time is over: forfeit.`;
}

// A team's name: its tournament name (state.tournament.teams), else "Team 1" / "Team 2" (seats).
export function teamName(g, t) {
  return (g.tour && g.tour.teams && g.tour.teams[t - 1]) || `Team ${t}`;
}

// "Round 2, game 1 vs Bravo" (a player) or "Round 2, game 1: Alfa vs Bravo"; game 2 of a match
// is "Game 2 vs Bravo" (the round is the same as game 1's).
export function gameLabel(g) {
  const t = g.tour;
  if (!t) return `Game ${g.id}`;
  const vs = g.you >= 0 ? ` vs ${teamName(g, 3 - teamOf(g.you))}` : `: ${teamName(g, 1)} vs ${teamName(g, 2)}`;
  if (t.round === 0) return `Play-off game ${t.game_no + 1}${vs}`;
  return t.game_no > 0 ? `Game ${t.game_no + 1}${vs}` : `Round ${t.round}, game 1${vs}`;
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
  const team = (t) => `${teamName(g, t)} (${TEAM_SEATS[t].map((s) => seatName(g, s)).join(' & ')})`;
  // Forfeits (issue 13): who withdrew, who did not come; a player reads it for their side.
  if (w && (g.reason === 'withdrawn' || g.reason === 'forfeit')) {
    const loser = teamName(g, 3 - w);
    const why = g.reason === 'withdrawn' ? `${loser} withdrew` : `a player of ${loser} did not come in the waiting time`;
    if (you >= 0) return w === teamOf(you) ? `Won by forfeit: ${why} (${g.result})` : `Lost by forfeit: ${g.reason === 'withdrawn' ? 'your team withdrew' : `a player of your team did not come in the waiting time`} (${g.result})`;
    return `${team(w)} wins by forfeit: ${why} (${g.result})`;
  }
  // A mate, a flag or an illegal move happens on one board; a resignation or a draw is the team's.
  const onBoard = g.reason !== 'agreement' && g.endBoard !== null && g.endBoard !== undefined;
  const where = onBoard ? ` on board ${BOARDS[g.endBoard]}` : '';
  const how = reasonText(g.reason) + where;
  const head = w ? `${team(w)} wins` : 'Draw';
  let mine = '';
  if (you >= 0) mine = !w ? '½–½. ' : w === teamOf(you) ? 'You win! ' : 'You lose. ';
  return `${mine}${head} — ${how} (${g.result})`;
}
