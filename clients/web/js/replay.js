// replay.js: a finished game as a timeline of frames, for the replay page: the two boards'
// positions with their reserves, the four clocks and whose clock runs, after every event of
// the game's `state` (protocol/messages/s2c-state.md: events with t_ms; a move with its UCI
// text, SAN and the mover's clock after it; base_ms, inc_ms). SPDX-License-Identifier: MIT
// Pure (no DOM). The moves are the server's, already judged: this only plays them onto the
// boards (bughouse: a captured piece goes to the capturer's partner, a promoted piece as a
// pawn, P-DROP) to show them; it decides nothing. The last frame must equal the server's final
// position (the browser test checks every position against the `move` pushes of the game).

import { parseFen, ROLES, LETTER, idx, key } from './rules.js';
import { BOARDS } from './proto.js';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1';
const POCKET_FEN = ['queen', 'rook', 'bishop', 'knight', 'pawn'];

function clonePos(p) {
  return {
    sq: p.sq.map((x) => (x ? { ...x } : null)),
    pocket: { white: { ...p.pocket.white }, black: { ...p.pocket.black } },
    turn: p.turn,
    castling: p.castling,
    ep: p.ep,
    half: p.half || 0,
    full: p.full || 1,
  };
}

// FEN with reserves in [] and promoted pieces marked ~, as the server writes it.
export function toFen(p) {
  const rows = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const x = p.sq[r * 8 + f];
      if (!x) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const l = LETTER[x.role];
      row += (x.color === 'white' ? l.toUpperCase() : l) + (x.promoted ? '~' : '');
    }
    rows.push(row + (empty ? empty : ''));
  }
  let pocket = '';
  for (const c of ['white', 'black']) {
    for (const role of POCKET_FEN) {
      const l = LETTER[role];
      pocket += (c === 'white' ? l.toUpperCase() : l).repeat(p.pocket[c][role] || 0);
    }
  }
  return `${rows.join('/')}[${pocket}] ${p.turn === 'white' ? 'w' : 'b'} ${p.castling || '-'} ${p.ep || '-'} ${p.half} ${p.full}`;
}

const dropRights = (castling, square) => {
  const lost = { a1: 'Q', h1: 'K', a8: 'q', h8: 'k', e1: 'KQ', e8: 'kq' }[square] || '';
  return castling.split('').filter((c) => !lost.includes(c)).join('');
};

// Play UCI move `uci` (e2e4, e7e8q, N@f3, castling as the king's two-square move) for the side
// to move of board pos; a captured piece goes to partner (the other board's position, the
// capturer's partner plays the other colour there, so the piece keeps its colour), a promoted
// one as a pawn. Both positions are changed in place. Returns the squares [from?, to].
export function play(pos, partner, uci) {
  const color = pos.turn;
  const other = color === 'white' ? 'black' : 'white';
  let squares;
  pos.half++;
  const at = uci.indexOf('@');
  if (at >= 0) {
    const role = ROLES[uci[0].toLowerCase()];
    const to = uci.slice(at + 1, at + 3);
    pos.sq[idx(to)] = { role, color };
    pos.pocket[color][role] = Math.max(0, (pos.pocket[color][role] || 0) - 1);
    if (role === 'pawn') pos.half = 0;
    pos.ep = null;
    squares = [to];
  } else {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    const fi = idx(from);
    const ti = idx(to);
    const piece = pos.sq[fi];
    let captured = pos.sq[ti];
    if (piece && piece.role === 'pawn') {
      pos.half = 0;
      // En passant: a diagonal pawn move onto an empty square takes the pawn beside it.
      if ((fi & 7) !== (ti & 7) && !captured) {
        const ci = ti + (color === 'white' ? -8 : 8);
        captured = pos.sq[ci];
        pos.sq[ci] = null;
      }
    }
    if (captured) {
      pos.half = 0;
      const role = captured.promoted ? 'pawn' : captured.role;
      partner.pocket[captured.color][role] = (partner.pocket[captured.color][role] || 0) + 1;
    }
    pos.sq[fi] = null;
    if (uci.length > 4) pos.sq[ti] = { role: ROLES[uci[4]], color, promoted: true };
    else pos.sq[ti] = piece;
    if (piece && piece.role === 'king' && Math.abs((ti & 7) - (fi & 7)) === 2) {
      const r = fi >> 3;
      const [rf, rt] = (ti & 7) === 6 ? [7, 5] : [0, 3];
      pos.sq[r * 8 + rt] = pos.sq[r * 8 + rf];
      pos.sq[r * 8 + rf] = null;
    }
    pos.castling = dropRights(dropRights(pos.castling, from), to);
    // The en passant square only when an enemy pawn could take there, as the server's FEN
    // writes it (and lichess, Fairy-Stockfish).
    const besides = [ti - 1, ti + 1].filter((x) => x >> 3 === ti >> 3);
    const taker = besides.some((x) => pos.sq[x] && pos.sq[x].role === 'pawn' && pos.sq[x].color === other);
    pos.ep = piece && piece.role === 'pawn' && Math.abs(ti - fi) === 16 && taker ? key((fi + ti) / 2) : null;
    squares = [from, to];
  }
  if (color === 'black') pos.full++;
  pos.turn = other;
  return squares;
}

// The frames of a game from its state s: frames[0] at t_ms 0 (the start), then one per event
// (moves, flags, resignations, the result...). A frame: { t, ev (the event or null), fen[2],
// last[2] (squares of each board's last move), clock[4] (ms left at t), running[2] (seat whose
// clock runs from t, -1 none), ply[2] }. Clocks: every clock starts at base_ms and the White
// clocks run; a move sets the mover's clock to the recorded clock_ms and starts the
// opponent's; a mate (SAN ending in #), a flag, a resignation or an illegal move stops that
// board; the result stops both.
export function timeline(s) {
  const base = s.base_ms;
  const pos = [0, 1].map(() => ({ ...parseFen(START_FEN), half: 0, full: 1 }));
  const clock = [base, base, base, base];
  const since = [0, null, 0, null]; // t at which each running clock last started
  const last = [null, null];
  const ply = [0, 0];
  const left = (seat, t) => (since[seat] === null ? clock[seat] : Math.max(0, clock[seat] - (t - since[seat])));
  const frame = (t, ev) => ({
    t,
    ev,
    fen: pos.map(toFen),
    last: last.slice(),
    clock: [0, 1, 2, 3].map((x) => left(x, t)),
    running: [0, 1].map((b) => (since[2 * b] !== null ? 2 * b : since[2 * b + 1] !== null ? 2 * b + 1 : -1)),
    ply: ply.slice(),
  });
  const stop = (b, t) => {
    for (const seat of [2 * b, 2 * b + 1]) {
      clock[seat] = left(seat, t);
      since[seat] = null;
    }
  };
  const frames = [frame(0, null)];
  for (const ev of s.events || []) {
    const t = ev.t_ms;
    const b = ev.board ? BOARDS.indexOf(ev.board) : typeof ev.seat === 'number' && ev.seat >= 0 ? ev.seat >> 1 : -1;
    if (ev.kind === 'start') continue;
    if (ev.kind === 'move' && b >= 0) {
      const seat = ev.seat;
      last[b] = play(pos[b], pos[1 - b], ev.text);
      ply[b]++;
      clock[seat] = typeof ev.clock_ms === 'number' ? ev.clock_ms : left(seat, t);
      since[seat] = null;
      const opp = seat ^ 1;
      clock[opp] = left(opp, t);
      since[opp] = t;
      if (ev.san && ev.san.endsWith('#')) stop(b, t);
    } else if (ev.kind === 'flag' && b >= 0) {
      stop(b, t);
      clock[ev.seat] = 0;
    } else if ((ev.kind === 'resign' || ev.kind === 'illegal') && b >= 0) {
      stop(b, t);
    } else if (ev.kind === 'result' || ev.kind === 'draw_accept' || ev.kind === 'claim') {
      stop(0, t);
      stop(1, t);
    }
    frames.push(frame(t, ev));
  }
  return frames;
}

// The index of the frame shown at game time t: the last one at or before t.
export function frameAt(frames, t) {
  let lo = 0;
  let hi = frames.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (frames[mid].t <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// Clocks at game time t within frame f (its running clocks count down from f.t).
export function clocksAt(f, t) {
  return f.clock.map((ms, seat) => (f.running[seat >> 1] === seat ? Math.max(0, ms - Math.max(0, t - f.t)) : ms));
}

// The moves of each board for a move list: [{ frame (index), san, seat, ply, number }].
export function moveLists(frames) {
  const lists = [[], []];
  frames.forEach((f, i) => {
    const ev = f.ev;
    if (!ev || ev.kind !== 'move') return;
    const b = BOARDS.indexOf(ev.board);
    lists[b].push({ frame: i, san: ev.san || ev.text, seat: ev.seat, ply: ev.ply, number: Math.floor(ev.ply / 2) + 1, t: f.t });
  });
  return lists;
}
