// ui/desk_live.js: the desk's Live pane: one card per match of the current round (its newest
// game: game 2 once it started, else game 1) and one per other live game (single games,
// Armageddon play-offs), each with both boards, the four clocks, the team names and the
// status flags: waiting, paused, settle window, low time, a player away. SPDX-License-Identifier: MIT
// fitGrid() picks the number of columns that makes the boards largest while every card fits
// the pane (1920x1080: the eight matches of a 16-team round at once, boards about 220 px;
// 1366x768: still all eight, about 140 px); below MIN_BS the pane scrolls, vertically only.

import { remaining, LOW_MS } from '../clock.js';
import { h } from './dom.js';

export const MIN_BS = 112; // smallest board (px) before the pane scrolls instead
const MAX_BS = 420;
const GAP = 8; // grid gap (desk.css .live-grid)

// The board size and column count for n cards in a box w x h. chrome: a card's height
// without its boards; side: its width without them (two boards side by side); min: the
// smallest board before the box scrolls instead (MIN_BS on the desk).
export function bestFit(n, w, hgt, chrome, side, min = MIN_BS) {
  let best = { cols: 1, bs: min };
  if (n < 1) return best;
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    const byW = ((w - GAP * (cols - 1)) / cols - side) / 2;
    const byH = (hgt - GAP * (rows - 1)) / rows - chrome;
    const bs = Math.floor(Math.min(byW, byH, MAX_BS));
    // equal boards: the more columns (fewer rows: the landscape's width used, not the height)
    if (bs >= best.bs || (cols === 1 && best.bs <= min)) best = { cols, bs };
  }
  if (best.bs < min) {
    // Too many to fit: the largest column count whose boards still reach min, scrolling.
    const cols = Math.max(1, Math.floor((w + GAP) / (2 * min + side + GAP)));
    best = { cols: Math.min(cols, n), bs: min };
  }
  return best;
}

// Size grid (an element whose cards are .match-card) to its pane: sets --cols and --cbs. The
// cards marked .aside (finished games outside the round) do not count: they may scroll.
export function fitGrid(grid, pane) {
  const cards = grid.querySelectorAll('.match-card:not(.aside)');
  const n = cards.length;
  if (!n) return;
  const top = grid.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;
  const w = grid.clientWidth;
  const hgt = pane.clientHeight - top - 6;
  // A rendered card tells its chrome exactly (head, bars, result line, padding).
  const c = cards[0];
  const board = c.querySelector('.board');
  const bs0 = board ? board.getBoundingClientRect().height : 0;
  const chrome = bs0 ? c.getBoundingClientRect().height - bs0 : 110;
  const side = bs0 ? c.getBoundingClientRect().width - 2 * bs0 : 30;
  const fit = bestFit(n, w, hgt, chrome, side);
  grid.style.setProperty('--cols', fit.cols);
  grid.style.setProperty('--cbs', `${fit.bs}px`);
  grid.dataset.cols = fit.cols;
  grid.dataset.bs = fit.bs;
}

const FLAG_TEXT = {
  waiting: 'waiting',
  paused: 'paused',
  settle: 'settling',
  low: 'low time',
  away: 'away',
  done: 'done',
  choice: 'waiting G2',
};
const FLAG_TITLE = {
  waiting: 'not started yet',
  paused: 'paused by the director: the clocks stand still',
  settle: 'R-SETTLE: one board has stopped; the settle window runs on the other',
  low: 'a clock under 20 s',
  away: 'a player is not connected (the clock runs)',
  done: 'the match is over',
  choice: 'P-GAME2: the team that lost game 1 chooses the colours of game 2',
};

// The status flags of a card: game model g (game.js, or null before its state), its live row
// (the `live` list) and match m of the round (or null), at server time now.
export function flagsOf(g, row, m, now) {
  const f = [];
  if (!g) return m && m.status === 'paired' ? ['waiting'] : [];
  if (g.status === 'waiting') f.push('waiting');
  if (g.status === 'live') {
    if (g.paused || (row && row.paused)) f.push('paused');
    // R-SETTLE: a board has stopped (mate, flag, ...) while the other still runs.
    const stopped = g.clocks.running.filter((x) => x < 0).length;
    if (!g.paused && stopped === 1) f.push('settle');
    if ([0, 1, 2, 3].some((s) => remaining(g.clocks, s, now) < LOW_MS)) f.push('low');
    if (g.seats.some((s) => !s.connected)) f.push('away');
  }
  if (g.status === 'finished' && m) {
    const second = m.games && m.games[1];
    if (m.status === 'done') f.push('done');
    else if (!second) f.push('choice');
  }
  return f;
}

// Draw the flags of card el (a .match-card) as chips in its .flags span.
export function drawFlags(el, flags) {
  const box = el.querySelector('.flags');
  const sig = flags.join();
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren(...flags.map((x) => h(`span.flag.${x}`, { dataset: { flag: x }, title: FLAG_TITLE[x] || '' }, FLAG_TEXT[x] || x)));
  for (const x of Object.keys(FLAG_TEXT)) el.classList.toggle(`is-${x}`, flags.includes(x));
}
