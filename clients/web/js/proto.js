// proto.js: the bughouse.v1 wire contract on the browser side (protocol/README.md): message
// builders, seat arithmetic (P-TEAM) and the words for results. SPDX-License-Identifier: MIT
// Field names follow protocol/messages/*.md exactly; nothing here touches the socket.

export const SUBPROTOCOL = 'bughouse.v1';
export const BOARDS = ['A', 'B'];

// Seats: 0 = A white, 1 = A black, 2 = B white, 3 = B black; team 1 = {0, 3}, team 2 = {1, 2}.
export const boardOf = (seat) => seat >> 1;
export const colorOf = (seat) => (seat & 1 ? 'black' : 'white');
export const seatOf = (board, color) => board * 2 + (color === 'black' ? 1 : 0);
export const partnerOf = (seat) => 3 - seat;
export const teamOf = (seat) => (seat === 0 || seat === 3 ? 1 : 2);
export const TEAM_SEATS = { 1: [0, 3], 2: [1, 2] };

export const msg = {
  auth: (token) => ({ type: 'auth', token }),
  join: (game) => ({ type: 'join', game }),
  move: (game, board, ply, move) => ({ type: 'move', game, board: BOARDS[board], ply, move }),
  premoveCancel: (game, board) => ({ type: 'premove_cancel', game, board: BOARDS[board] }),
  resign: (game) => ({ type: 'resign', game }),
  draw: (game, action) => ({ type: 'draw', game, action }), // offer | accept | decline (P-AGREE)
  claim: (game) => ({ type: 'claim', game }), // threefold repetition (P-REPEAT)
  chat: (game, text) => ({ type: 'chat', game, text }),
  ping: () => ({ type: 'ping' }),
  // accounts (c2s-signup.md, c2s-login.md, c2s-logout.md, c2s-guest.md); a session token goes
  // back through auth
  signup: (name, password) => ({ type: 'signup', name, password }),
  login: (name, password) => ({ type: 'login', name, password }),
  logout: () => ({ type: 'logout' }),
  guest: (name) => ({ type: 'guest', name }),
  // an account's profile of open play (c2s-profile.md): rating, chart points, rated games
  profile: (name) => ({ type: 'profile', name }),
  // an account's rating now (c2s-rating.md)
  rating: (name) => ({ type: 'rating', name }),
  // the lobby (c2s-lobby.md, c2s-table.md): the table list, and one act at a table
  lobby: () => ({ type: 'lobby' }),
  // o: {base_ms, inc_ms, rated, ruleset, private}
  tableCreate: (o) => ({ type: 'table', action: 'create', ...o }),
  tableSit: (table, seat, link) => ({ type: 'table', action: 'sit', table, seat, ...(link ? { link } : {}) }),
  tableStand: () => ({ type: 'table', action: 'stand' }),
  tableReady: (ready) => ({ type: 'table', action: ready ? 'ready' : 'unready' }),
  tableKick: (table, seat) => ({ type: 'table', action: 'kick', table, seat }),
  // looking for a partner: seek / unseek, and an answer with a table's options (o as create's)
  tableSeek: (on) => ({ type: 'table', action: on ? 'seek' : 'unseek' }),
  tablePartner: (seek, o) => ({ type: 'table', action: 'partner', seek, ...o }),
  // accept the rematch of a lobby table's ended game: same seats, or partners swapped (board
  // B's players exchange seats)
  tableRematch: (table, game, swap) => ({ type: 'table', action: 'rematch', table, game, swap: !!swap }),
  // O-ROTATION: accept the rotated next game; wait at a table for a seat; stop waiting
  tableRotate: (table, game) => ({ type: 'table', action: 'rematch', table, game, rotate: true }),
  tableQueue: (table, link) => ({ type: 'table', action: 'queue', table, ...(link ? { link } : {}) }),
  tableUnqueue: () => ({ type: 'table', action: 'unqueue' }),
  gameCreate: (o) => ({ type: 'game_create', ...o }),
  gameStart: (game) => ({ type: 'game_start', game }),
  games: () => ({ type: 'games' }),
  // o: {name, base_ms?, inc_ms?, ruleset?, rounds?, small?, tiebreaks?, wait_s?, break_s?} (c2s-tournament_create.md)
  tournamentCreate: (o) => ({ type: 'tournament_create', ...o }),
  teamRegister: (tournament, name, players, ratings, team) => ({ type: 'team_register', tournament, name, players, ...(ratings ? { ratings } : {}), ...(team ? { team } : {}) }),
  tournamentStart: (tournament) => ({ type: 'tournament_start', tournament }),
  tournamentPause: (tournament, paused) => ({ type: 'tournament_pause', tournament, paused }),
  tournamentGet: (tournament) => ({ type: 'tournament_get', ...(tournament ? { tournament } : {}) }),
  // The director's controls (c2s-game_pause.md ... c2s-export.md) and the public live list.
  gamePause: (game, paused) => ({ type: 'game_pause', game, paused }),
  gameResult: (game, result, reason) => ({ type: 'game_result', game, result, reason }),
  teamWithdraw: (tournament, team, keep_current) => ({ type: 'team_withdraw', tournament, team, keep_current }),
  // the director takes a withdrawal back: paired again from the next round (forfeits stand)
  teamReinstate: (tournament, team) => ({ type: 'team_withdraw', tournament, team, undo: true }),
  roundSchedule: (tournament, round, start_ms) => ({ type: 'round_schedule', tournament, round, start_ms }),
  resultLog: (game) => ({ type: 'result_log', game }),
  teamRemove: (tournament, team) => ({ type: 'team_remove', tournament, team }),
  byeRequest: (tournament, team, round, cancel) => (cancel ? { type: 'bye_request', tournament, team, round, cancel: true } : { type: 'bye_request', tournament, team, round }),
  teamToken: (team) => ({ type: 'team_token', team }),
  // pairs (optional): [[team, team or 0 (the bye)], ...] by hand; without: the Swiss pairer,
  // searching at most budget_s seconds (optional: the server's --pairing-budget-s).
  roundPair: (tournament, pairs, allow_rematch, budget_s) => (pairs
    ? { type: 'round_pair', tournament, pairs, allow_rematch: !!allow_rematch }
    : budget_s ? { type: 'round_pair', tournament, budget_s } : { type: 'round_pair', tournament }),
  roundStart: (tournament) => ({ type: 'round_start', tournament }),
  // P-GAME2: the losing captain's answer to game2_choice (c2s-game2_colors.md)
  game2Colors: (game, swap) => ({ type: 'game2_colors', game, swap }),
  exportBpgn: (game) => ({ type: 'export', format: 'bpgn', game }),
  exportTrf: (tournament) => ({ type: 'export', format: 'trf', tournament }),
  live: () => ({ type: 'live' }),
};

// Partner-chat signals: one click sends the text; the partner's page shows it as a badge.
export const SIGNALS = [
  { text: 'need ♛', label: '♛', title: 'need a queen' },
  { text: 'need ♜', label: '♜', title: 'need a rook' },
  { text: 'need ♝', label: '♝', title: 'need a bishop' },
  { text: 'need ♞', label: '♞', title: 'need a knight' },
  { text: 'need ♟', label: '♟', title: 'need a pawn' },
  { text: 'sit!', label: 'sit', title: 'stop moving: wait for me' },
  { text: 'go!', label: 'go', title: 'play fast' },
  { text: 'trade ok', label: 'trade', title: 'trades are fine for us' },
  { text: 'no trades', label: 'no trade', title: 'do not trade' },
];

const REASONS = {
  mate: 'checkmate',
  mate_both: 'mate on both boards',
  flag_both: 'flags on both boards',
  illegal_both: 'illegal moves on both boards',
  flag: 'time (flag)',
  resign: 'resignation',
  illegal: 'illegal move',
  agreement: 'draw by agreement',
  repetition: 'threefold repetition',
  adjudicated: 'adjudicated',
  withdrawn: 'withdrawal',
  forfeit: 'forfeit (a player did not come)',
  forfeit_both: 'forfeit on both sides (players of both teams did not come)',
};

export function reasonText(reason) {
  return REASONS[reason] || reason || '';
}

// "1-0": the team of seats 0 and 3 won (protocol/messages/s2c-result.md).
export function winnerTeam(result) {
  return result === '1-0' ? 1 : result === '0-1' ? 2 : 0;
}

// A hand pairing as the director types it, "1-4, 2-3, 5-0": pairs of pairing numbers (the
// No of the Teams table; 0 = the pairing-allocated bye), separated by commas or semicolons,
// into round_pair's pairs of team ids. teams: the `tournament` reply's teams. Throws an Error
// naming the bad piece; the server checks everything else (protocol/messages/c2s-round_pair.md).
export function parsePairs(text, teams) {
  const byNo = new Map(teams.filter((t) => t.no).map((t) => [t.no, t.team]));
  const pairs = [];
  for (const piece of text.split(/[,;]+/).map((x) => x.trim()).filter(Boolean)) {
    const m = /^(\d+)\s*[-\u2013]\s*(\d+)$/.exec(piece);
    if (!m) throw new Error(`"${piece}" is not a pair like 1-4 (or 5-0 for the bye)`);
    const [a, b] = [Number(m[1]), Number(m[2])];
    const miss = !byNo.has(a) ? a : b !== 0 && !byNo.has(b) ? b : -1;
    if (miss >= 0) throw new Error(`no team with No ${miss}`);
    pairs.push([byNo.get(a), b === 0 ? 0 : byNo.get(b)]);
  }
  return pairs;
}
