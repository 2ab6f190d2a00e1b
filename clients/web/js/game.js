// game.js: the client's model of one game, changed only by server messages (STYLE.md 8).
// SPDX-License-Identifier: MIT
// fromState() builds it from a full `state`; apply() folds in a delta (`move`, `start`,
// `result`, `seat`, `chat`). Views read it and never write it.

import { parseFen, inCheck, dests } from './rules.js';
import { BOARDS, boardOf, colorOf, teamOf } from './proto.js';

// A board of the model: its FEN, the ply the next move must name, the squares of its last move.
export function boardModel(fen, ply, last) {
  const pos = parseFen(fen);
  return { fen, ply, pos, last, check: inCheck(pos.sq, pos.turn) ? pos.turn : null };
}

function uciSquares(uci) {
  if (!uci) return null;
  const at = uci.indexOf('@');
  return at >= 0 ? [uci.slice(at + 1, at + 3)] : [uci.slice(0, 2), uci.slice(2, 4)];
}

export function fromState(m) {
  const events = (m.events || []).slice();
  // A chess game (kind "chess", F-CHESS): one board, A, and two seats, 0 White and 1 Black.
  const chess = m.kind === 'chess';
  const boards = (chess ? [0] : [0, 1]).map((b) => {
    const sb = m.boards.find((x) => x.board === BOARDS[b]) || m.boards[b];
    const lastMv = [...events].reverse().find((e) => e.kind === 'move' && e.board === BOARDS[b]);
    return boardModel(sb.fen, sb.ply, uciSquares(lastMv && lastMv.text));
  });
  const g = {
    id: m.game,
    status: m.status,
    role: m.role,
    chess,
    you: typeof m.you === 'number' ? m.you : -1,
    seats: m.seats || [],
    boards,
    clocks: {
      clock_ms: m.clock_ms.slice(),
      running: m.boards.map((x) => x.running),
      server_ms: m.server_ms,
      live: m.status === 'live',
    },
    events,
    result: m.result || null,
    reason: m.reason || null,
    recovery: m.recovery || null,
    chat: m.chat ? m.chat.slice() : null,
    mateBoard: null,
    paused: !!m.paused,
    // A rated lobby game (state.rated, G-RATED): its seats carry rating, rd and provisional.
    rated: !!m.rated,
    // A waiting tournament game (issue 13): server wall-clock instants of the break's end and
    // of the forfeit of absent seats (state.start_ms, state.forfeit_ms), null when none.
    startMs: m.start_ms || null,
    // Its tournament (state.tournament): { tournament, name, round, match, game_no, teams }.
    tour: m.tournament || null,
    forfeitMs: m.forfeit_ms || null,
    // The board of the deciding event as the server names it (state.result_board).
    serverBoard: m.result_board ? BOARDS.indexOf(m.result_board) : null,
    // P-PREMOVE: the ruleset queues premoves (state.premove), and the receiver's premove the
    // server holds (UCI) or null: its last `premove` event, unless a move on its board
    // followed (the opponent's move played or dropped it).
    premoves: !!m.premove,
    premove: pendingPremove(events, typeof m.you === 'number' ? m.you : -1),
  };
  g.endBoard = endBoard(g);
  return g;
}

function pendingPremove(events, you) {
  if (you < 0) return null;
  let p = null;
  for (const e of events) {
    if (e.kind === 'premove' && e.seat === you) p = e.text || null;
    else if (e.kind === 'move' && e.board === BOARDS[boardOf(you)]) p = null;
  }
  return p;
}

// Which board decided the game (a result names the team, not the board): the board of the
// flag, illegal move or resignation event, or the board whose side to move is mated.
function endBoard(g) {
  if (!g.result) return null;
  // R-MATE-MATE, R-FLAG-FLAG, R-ILLEGAL-ILLEGAL: a draw made on both boards.
  if (typeof g.reason === 'string' && g.reason.endsWith('_both')) return null;
  if (g.serverBoard !== null && g.serverBoard !== undefined && g.serverBoard >= 0) return g.serverBoard;
  if (g.reason === 'mate') {
    if (g.mateBoard !== null) return g.mateBoard;
    const b = g.boards.findIndex((x) => x.check && dests(x.pos).size === 0);
    return b >= 0 ? b : null;
  }
  const ev = [...g.events].reverse().find((e) => e.kind === g.reason && typeof e.seat === 'number' && e.seat >= 0);
  return ev ? boardOf(ev.seat) : null;
}

// Fold one server push into g. Returns true when g changed.
export function apply(g, m) {
  if (!g || m.game !== g.id) return false;
  switch (m.type) {
    case 'move': {
      const b = BOARDS.indexOf(m.board);
      for (let i = 0; i < g.boards.length; i++) {
        const old = g.boards[i];
        const last = i === b ? uciSquares(m.move) : old.last;
        const ply = i === b ? m.ply + 1 : old.ply;
        g.boards[i] = boardModel(m.fen[i], ply, last);
      }
      if (m.san && m.san.endsWith('#')) g.mateBoard = b;
      if (g.you >= 0 && b === boardOf(g.you)) g.premove = null; // played or dropped now
      g.events.push({ seq: m.seq, t_ms: m.t_ms, kind: 'move', seat: m.seat, board: m.board, ply: m.ply, text: m.move, san: m.san });
      g.clocks = { clock_ms: m.clock_ms.slice(), running: m.running.slice(), server_ms: m.server_ms, live: g.status === 'live' };
      return true;
    }
    case 'start':
      g.status = 'live';
      g.startMs = g.forfeitMs = null;
      g.clocks = { clock_ms: m.clock_ms.slice(), running: m.running.slice(), server_ms: m.server_ms, live: true };
      return true;
    case 'result':
      g.status = 'finished';
      g.premove = null; // queued premoves die with the game
      g.result = m.result;
      g.reason = m.reason;
      g.paused = false;
      g.serverBoard = m.board ? BOARDS.indexOf(m.board) : null;
      g.clocks = { clock_ms: m.clock_ms.slice(), running: [-1, -1], server_ms: m.server_ms, live: false };
      g.endBoard = endBoard(g);
      return true;
    case 'seat': {
      const s = g.seats.find((x) => x.seat === m.seat);
      if (s) s.connected = m.connected;
      return true;
    }
    case 'chat':
      if (!g.chat) g.chat = [];
      g.chat.push({ seat: m.seat, text: m.text, server_ms: m.server_ms, ply: m.ply, game_ms: m.game_ms });
      return true;
    default:
      return false;
  }
}

// The receiver's seat as a colour on its board, or null for spectators and the director.
export function mySide(g) {
  return g.you >= 0 ? { board: boardOf(g.you), color: colorOf(g.you) } : null;
}

export function seatName(g, seat) {
  const s = g.seats.find((x) => x.seat === seat);
  return (s && s.name) || `seat ${seat}`;
}

// The team (1 or 2) whose draw offer is pending, or 0 (P-AGREE; from the event list).
export function drawOffer(g) {
  let team = 0;
  for (const e of g.events) {
    if (e.kind === 'draw_offer' && typeof e.seat === 'number' && e.seat >= 0) team = teamOf(e.seat);
    else if (e.kind === 'draw_decline' || e.kind === 'draw_accept' || e.kind === 'result') team = 0;
  }
  return g.status === 'live' ? team : 0;
}
