// rules.js: just enough bughouse geometry for the UI: parse a FEN with reserves, the
// destinations chessground shows for click and drag moves, whether a king is in check, and
// whether a drop leaves the dropper's king safe. SPDX-License-Identifier: MIT
// The server decides legality (protocol/messages/c2s-move.md); this only keeps a player from
// sending a move that would lose the game under the regulation ruleset (P-ILLEGAL), so it
// filters pseudo-legal moves by king safety and knows nothing of mate.

export const ROLES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
export const LETTER = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };
export const POCKET_ORDER = ['queen', 'rook', 'bishop', 'knight', 'pawn'];

const FILES = 'abcdefgh';
export const key = (i) => FILES[i & 7] + ((i >> 3) + 1);
export const idx = (k) => FILES.indexOf(k[0]) + 8 * (Number(k[1]) - 1);
const opp = (c) => (c === 'white' ? 'black' : 'white');

function emptyPocket() {
  return { queen: 0, rook: 0, bishop: 0, knight: 0, pawn: 0 };
}

// parseFen("board[Qn] w KQkq - 0 1") -> { sq[64], pocket: {white, black}, turn, castling, ep }
export function parseFen(fen) {
  const sq = new Array(64).fill(null);
  const pocket = { white: emptyPocket(), black: emptyPocket() };
  const sp = fen.indexOf(' ');
  let placement = sp < 0 ? fen : fen.slice(0, sp);
  const rest = sp < 0 ? [] : fen.slice(sp + 1).split(' ');
  const lb = placement.indexOf('[');
  if (lb >= 0) {
    for (const c of placement.slice(lb + 1, placement.indexOf(']', lb))) {
      const role = ROLES[c.toLowerCase()];
      if (role && role !== 'king') pocket[c === c.toLowerCase() ? 'black' : 'white'][role]++;
    }
    placement = placement.slice(0, lb);
  }
  let rank = 7;
  let file = 0;
  for (const c of placement) {
    if (c === '/') {
      rank--;
      file = 0;
    } else if (c === '~') {
      const p = sq[rank * 8 + file - 1];
      if (p) p.promoted = true;
    } else if (c >= '1' && c <= '8') {
      file += Number(c);
    } else if (ROLES[c.toLowerCase()] && rank >= 0 && file < 8) {
      sq[rank * 8 + file] = { role: ROLES[c.toLowerCase()], color: c === c.toLowerCase() ? 'black' : 'white' };
      file++;
    }
  }
  return {
    sq,
    pocket,
    turn: rest[0] === 'b' ? 'black' : 'white',
    castling: rest[1] && rest[1] !== '-' ? rest[1] : '',
    ep: rest[2] && rest[2] !== '-' ? rest[2] : null,
  };
}

const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
const DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const ORTHO = [[1, 0], [-1, 0], [0, 1], [0, -1]];

function at(sq, f, r) {
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? sq[r * 8 + f] : undefined;
}

// Is square i attacked by a piece of colour by?
export function attacked(sq, i, by) {
  const f = i & 7;
  const r = i >> 3;
  const is = (p, ...roles) => p && p.color === by && roles.includes(p.role);
  for (const [df, dr] of KNIGHT) if (is(at(sq, f + df, r + dr), 'knight')) return true;
  for (const [df, dr] of KING) if (is(at(sq, f + df, r + dr), 'king')) return true;
  const pr = by === 'white' ? r - 1 : r + 1; // the rank a pawn attacks from
  if (is(at(sq, f - 1, pr), 'pawn') || is(at(sq, f + 1, pr), 'pawn')) return true;
  for (const [dirs, roles] of [[DIAG, ['bishop', 'queen']], [ORTHO, ['rook', 'queen']]]) {
    for (const [df, dr] of dirs) {
      for (let k = 1; ; k++) {
        const p = at(sq, f + k * df, r + k * dr);
        if (p === undefined) break;
        if (p) {
          if (is(p, ...roles)) return true;
          break;
        }
      }
    }
  }
  return false;
}

export function inCheck(sq, color) {
  const k = sq.findIndex((p) => p && p.role === 'king' && p.color === color);
  return k >= 0 && attacked(sq, k, opp(color));
}

function pseudo(pos, from) {
  const { sq } = pos;
  const p = sq[from];
  const f = from & 7;
  const r = from >> 3;
  const out = [];
  const add = (tf, tr, capOnly, quietOnly) => {
    const t = at(sq, tf, tr);
    if (t === undefined || (t && t.color === p.color)) return false;
    if ((capOnly && !t) || (quietOnly && t)) return false;
    out.push(tr * 8 + tf);
    return !t;
  };
  if (p.role === 'pawn') {
    const d = p.color === 'white' ? 1 : -1;
    if (add(f, r + d, false, true)) {
      // P-PAWN-2ND: a pawn on its own second rank (moved there or dropped) may go two.
      if (r === (p.color === 'white' ? 1 : 6)) add(f, r + 2 * d, false, true);
    }
    for (const df of [-1, 1]) {
      add(f + df, r + d, true, false);
      if (pos.ep && at(sq, f + df, r + d) === null && key((r + d) * 8 + f + df) === pos.ep) out.push((r + d) * 8 + f + df);
    }
  } else if (p.role === 'knight' || p.role === 'king') {
    for (const [df, dr] of p.role === 'knight' ? KNIGHT : KING) add(f + df, r + dr);
  } else {
    const dirs = p.role === 'bishop' ? DIAG : p.role === 'rook' ? ORTHO : DIAG.concat(ORTHO);
    for (const [df, dr] of dirs) for (let k = 1; add(f + k * df, r + k * dr); k++);
  }
  return out;
}

function safeAfter(pos, from, to, color) {
  const sq = pos.sq.slice();
  const p = sq[from];
  if (p.role === 'pawn' && (from & 7) !== (to & 7) && !sq[to]) sq[to + (color === 'white' ? -8 : 8)] = null;
  sq[to] = p;
  sq[from] = null;
  return !inCheck(sq, color);
}

function castles(pos, color, out) {
  const { sq, castling } = pos;
  const r = color === 'white' ? 0 : 7;
  const k = r * 8 + 4;
  const king = sq[k];
  if (!king || king.role !== 'king' || king.color !== color || attacked(sq, k, opp(color))) return;
  const sides = [
    [color === 'white' ? 'K' : 'k', 7, [5, 6], [5, 6]],
    [color === 'white' ? 'Q' : 'q', 0, [1, 2, 3], [3, 2]],
  ];
  for (const [flag, rf, empty, pass] of sides) {
    const rook = sq[r * 8 + rf];
    if (!castling.includes(flag) || !rook || rook.role !== 'rook' || rook.color !== color) continue;
    if (empty.some((f) => sq[r * 8 + f])) continue;
    if (pass.some((f) => attacked(sq, r * 8 + f, opp(color)))) continue;
    out.push(r * 8 + pass[1]);
  }
}

// Destinations of the side to move: Map(key -> [keys]) for chessground's movable.dests.
export function dests(pos) {
  const m = new Map();
  pos.sq.forEach((p, from) => {
    if (!p || p.color !== pos.turn) return;
    const ts = pseudo(pos, from).filter((to) => safeAfter(pos, from, to, pos.turn));
    if (p.role === 'king') castles(pos, pos.turn, ts);
    if (ts.length) m.set(key(from), ts.map(key));
  });
  return m;
}

// May colour drop role on square k (P-DROP, P-DROP-PAWN, own king safe afterwards)?
export function canDrop(pos, color, role, k) {
  const i = idx(k);
  if (pos.sq[i] || pos.pocket[color][role] < 1) return false;
  if (role === 'pawn' && (i >> 3 === 0 || i >> 3 === 7)) return false;
  const sq = pos.sq.slice();
  sq[i] = { role, color };
  return !inCheck(sq, color);
}

// UCI text of a board move from chessground's orig/dest: a king dragged onto its own rook
// castles (e1h1 -> e1g1), a pawn reaching the last rank needs a promotion letter.
export function moveUci(pos, orig, dest, promo) {
  const p = pos.sq[idx(orig)];
  let to = dest;
  const t = pos.sq[idx(dest)];
  if (p && p.role === 'king' && t && t.role === 'rook' && t.color === p.color) to = (dest[0] === 'h' ? 'g' : 'c') + dest[1];
  return orig + to + (promo ? LETTER[promo] : '');
}

export function isPromotion(pos, orig, dest) {
  const p = pos.sq[idx(orig)];
  return !!p && p.role === 'pawn' && (dest[1] === '8' || dest[1] === '1');
}
