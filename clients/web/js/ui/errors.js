// ui/errors.js: what an `error` reply means to the person who caused it: one sentence per
// (request type, error code), from protocol/errors.md and each message's document, with the
// wire code kept as a detail ("team_register: bad_state") for whoever reports the problem.
// SPDX-License-Identifier: MIT
// explain(type, err) -> { text, detail, sticky }: sticky errors ask the person to do something
// (fix a form, reload, ask the director) and stay until dismissed; the others (a move the
// board took back, a claim that was not a repetition) pass after a few seconds.

const FIELDS = {
  name: 'name', password: 'password', players: 'player names', text: 'message', reason: 'reason', token: 'link',
  tournament: 'tournament', team: 'team', game: 'game', ruleset: 'ruleset', tiebreaks: 'tie-break list',
  base_ms: 'time', inc_ms: 'increment', rounds: 'number of rounds', ratings: 'ratings', move: 'move',
  pairs: 'pairs',
};
const label = (f) => FIELDS[f] || (f && /^pairs\[/.test(f) ? 'pair' : f) || '';

// By request type and code (a function gets the error: some depend on its field).
const BY_TYPE = {
  'auth:unauthorized': 'This link does not work on this server.',
  // accounts: the form shows these beside the field they name
  'signup:invalid': (e) => (e.field === 'password' ? 'A password has at least 8 characters.'
    : 'A name is 3 to 20 letters A-Z, digits, _ or -, starting with a letter or a digit.'),
  'signup:exists': 'That name is taken (names that differ only by case or lookalike letters such as l, I and 1 count as one).',
  'signup:too_large': (e) => (e.field === 'password' ? 'The password is too long (at most 128 bytes).' : 'The name is too long.'),
  'signup:rate_limited': (e) => `Too many tries from here: wait ${Math.ceil((e.retry_ms || 1000) / 1000)} s.`,
  'login:unauthorized': 'Wrong name or password.',
  'login:too_large': (e) => (e.field === 'password' ? 'The password is too long (at most 128 bytes).' : 'The name is too long.'),
  'login:rate_limited': (e) => (e.field === 'name'
    ? `Too many wrong passwords for this name: wait ${Math.ceil((e.retry_ms || 1000) / 1000)} s.`
    : `Too many tries from here: wait ${Math.ceil((e.retry_ms || 1000) / 1000)} s.`),
  'guest:invalid': 'A name is 3 to 20 letters A-Z, digits, _ or -, starting with a letter or a digit.',
  'guest:exists': 'That name belongs to an account: log in, or choose another name.',
  'logout:bad_state': 'You are not logged in.',
  // the lobby (c2s-table.md)
  'table:bad_state': (e) => (e.field === 'session' ? 'Log in or choose a guest name first.'
    : e.field === 'seat' ? 'You are not sitting at a table (or that seat is empty).'
      : e.field === 'started' ? 'That rematch has started already.'
        : e.field === 'game' ? 'The game is not over yet.' : 'Not possible now.'),
  'table:invalid': (e) => ({
    base_ms: 'The time is 15 seconds to 3 hours per player.',
    inc_ms: 'The increment is 0 to 60 seconds.',
    ruleset: 'The ruleset is online or regulation.',
    seek: 'That is your own call for a partner.',
  })[e.field] || 'Not a seat of this table.',
  'table:unauthorized': (e) => (e.field === 'rated' ? 'A rated table seats accounts only: log in to sit here.'
    : e.field === 'table' ? 'You did not play at that table.' : 'Only the table\'s creator may send someone away.'),
  'table:not_found': (e) => (e.field === 'seek' ? 'That player found a partner already (or left).'
    : 'That table is gone (it started or closed), or the link is wrong.'),
  'table:exists': (e) => (e.field === 'seek' ? 'You are looking for a partner already.' : 'Someone sits there already.'),
  'table:too_large': (e) => (e.field === 'creator' ? 'You have two open tables already.' : 'The lobby is full: try again soon.'),
  'auth:replace_throttled': 'This seat moved to another tab or device moments ago.',
  'join:not_found': 'This game is not on the server.',
  'move:not_your_turn': 'It is not your turn.',
  'move:stale_ply': 'The position changed before your move arrived: it was not played.',
  'move:illegal_move': 'That move is not legal here.',
  'move:bad_move': 'The server did not understand that move.',
  'move:ambiguous_move': 'That move could mean more than one move.',
  'move:game_over': 'Your board has stopped: the game is over or being settled.',
  'move:bad_state': (e) => (e.field === 'paused' ? 'The director has paused the game: no moves until it resumes.' : 'The game has not started yet.'),
  'move:unauthorized': 'This page is watching: it does not hold a seat.',
  'resign:unauthorized': 'This page is watching: it does not hold a seat.',
  'draw:unauthorized': 'This page is watching: it does not hold a seat.',
  'claim:unauthorized': 'This page is watching: it does not hold a seat.',
  'chat:unauthorized': 'This page is watching: only the players chat.',
  'draw:bad_state': 'There is no draw offer to answer, or one is waiting already.',
  'claim:bad_state': 'This is not a threefold repetition: nothing changed.',
  'chat:too_large': 'The message is too long, or the chat of this game is full.',
  'game_create:too_large': 'A player name is too long (at most 64 bytes).',
  'game_start:bad_state': 'This game has started already.',
  'tournament_create:not_found': 'The server does not know this game ruleset.',
  'tournament_create:missing_field': (e) => (e.field === 'tiebreaks'
    ? 'A tie-break is not one of DE, BH-C1, BH, GP, WON, SB, SB-C1, PO.' : `The ${label(e.field)} is missing or not valid.`),
  'tournament_create:too_large': 'The tournament name is too long (at most 64 bytes).',
  'team_register:bad_state': (e) => (e.message ? `No team can be added now: ${e.message}.` : 'Teams can be added only before the tournament starts.'),
  'team_register:exists': 'A team of this name is registered already.',
  'team_register:not_found': 'This tournament is not on the server any more.',
  'team_register:too_large': (e) => `The ${label(e.field)} is too long (at most 64 bytes).`,
  'tournament_start:bad_state': 'The tournament has started already.',
  'tournament_pause:bad_state': 'Only a running tournament can be paused or resumed.',
  'game_pause:bad_state': 'Only a live game can be paused or resumed (this one has ended, or is in that state already).',
  'game_pause:game_over': 'A flag fell before the pause: the game is over.',
  'game_result:bad_state': (e) => (e.field === 'round'
    ? 'This result can no longer be changed: a later round is paired already. Pause the tournament before a round ends to correct a result.'
    : e.field === 'game' && e.message
      ? `This result cannot be changed: ${e.message}.` // a forfeited game (issue 17: the server's reason)
      : 'A game that has not started has no result to set.'),
  'game_result:too_large': 'The reason is too long (at most 23 bytes).',
  'round_schedule:bad_state': (e) => (e.message ? `No schedule: ${e.message}.` : 'This round cannot be scheduled now.'),
  'round_schedule:invalid': 'The start must be in the future.',
  'round_schedule:not_found': (e) => (e.message ? `${e.message}.` : 'There is no such tournament or schedule.'),
  'team_remove:bad_state': (e) => (e.message ? `The team cannot be removed: ${e.message}.` : 'A team can be removed only before the start.'),
  'team_remove:not_found': 'This team is not in the tournament (removed already?).',
  'bye_request:bad_state': (e) => (e.message ? `No bye: ${e.message}.` : 'A bye cannot be requested now.'),
  'bye_request:exists': (e) => (e.message ? `${e.message}.` : 'This team has asked for a bye in that round already.'),
  'bye_request:not_found': (e) => (e.message ? `${e.message}.` : 'There is no such team or request.'),
  'team_withdraw:bad_state': 'This team cannot be withdrawn now (it is out already, or the tournament is over).',
  'round_pair:bad_state': (e) => (e.paused
    ? 'The next round can be paired once the current round is complete.'
    : 'A round can be paired only while the tournament is paused and the current round is complete: pause it first.'),
  'round_pair:no_pairing': 'No pairing exists without a rematch: allow pairs that met before, or pair by hand.',
  'round_pair:too_large': (e) => (e.field === 'round'
    ? 'The Swiss pairer found no pairing in the time it had: the round is not paired. Pair it by hand, or try again with more seconds in "Search for at most".'
    : 'Too many pairs, or a second bye.'),
  'round_start:bad_state': (e) => (e.paused
    ? 'Nothing to start now: the games due have started; once the round is complete, pair the next round first.'
    : 'Rounds start by hand only while the tournament is paused: pause it first.'),
  'export:bad_state': 'This game has not started: it has no BPGN yet.',
  'game2_colors:bad_state': 'The choice of colours is closed.',
  // a team's registration (club_team, league_team: the director's roster panel)
  'club_team:exists': (e) => (e.field === 'players' ? 'A player id is given twice in this roster.' : 'A team of this name is registered already.'),
  'club_team:too_large': 'More players than the boards and reserves the championship has.',
  'club_team:too_few_players': 'Fewer players than the championship\'s minimum a team.',
  'club_team:bad_state': 'The championship has started: registration is closed.',
  'club_team:not_found': (e) => (e.field === 'captain' ? 'The captain is not on the roster.' : e.field === 'team' ? 'That team is not registered (any more).' : 'No such championship on the server.'),
  'club_lineup:too_large': 'More players ticked than the boards and the reserves allowed: untick some.',
  'club_lineup:too_few_players': 'Too few players: a team needs at least the minimum at the boards (seed 004: 3).',
  'club_lineup:too_many_changes': 'More substitutions than a round allows (seed 004: 4).',
  'club_lineup:board_order': 'The line-up must keep the roster\'s board order: players move up, never past each other.',
  'club_protest:exists': 'Your team has protested this game already.',
  'club_protest:too_late': 'The protest window of this round has closed.',
  'club_decide:unauthorized': 'Decisions need the appeals committee\'s token: issue one and give it to the committee.',
  'club_team_remove:bad_state': 'The championship has started: a team can no longer be removed.',
  'club_team_remove:not_found': 'That team is not registered (any more).',
  'league_team_remove:bad_state': 'The draw is made: a team can no longer be removed.',
  'league_team_remove:not_found': 'That team is not registered (any more).',
  'league_roster:bad_state': 'A stage is being played: rosters change only between stages.',
  'league_roster:not_found': (e) => (e.field === 'captain' ? 'The captain must stay on the roster.' : 'That team is not registered.'),
  'league_roster:exists': 'A player of this roster is on another team\'s roster already (the same id).',
  'league_roster:too_few_players': 'Fewer players than the league has boards.',
  'league_roster:too_large': 'More invited players than the league allows a team.',
  'profile:not_found': 'There is no account of that name.',
  'league_roster:invalid': 'Every board player needs a rating (seed 003 art. 2).',
  'league_team:exists': (e) => (e.field === 'players' ? 'A player of this roster is on another team\'s roster already (the same id).' : 'A team of this name is registered already.'),
  'league_team:too_large': (e) => (e.field === 'invited' ? 'More invited players than the league allows a team.' : e.field === 'teams' ? 'The league is full.' : 'The roster is too long.'),
  'league_team:too_few_players': 'Fewer players than the league has boards.',
  'league_team:invalid': (e) => (e.field === 'rating' ? 'Every board player needs a rating (seed 003 art. 2).' : 'That is not valid.'),
  'league_team:bad_state': 'The league has started: registration is closed.',
  'league_team:not_found': (e) => (e.field === 'captain' ? 'The captain is not on the roster.' : 'No such league on the server.'),
};

// By code alone.
const BY_CODE = {
  bad_json: 'The page sent something the server could not read. Reload the page.',
  bad_text: (e) => `The ${label(e.field) || 'text'} holds a character the server does not accept (a control character or broken text).`,
  missing_field: (e) => `The ${label(e.field) || 'request'} is missing or not valid.`,
  unknown_type: 'The server does not know this request: the page is older or newer than the server. Reload it.',
  too_large: (e) => (e.field === 'connections' ? 'Too many connections from this address: close some pages.'
    : `The ${label(e.field) || 'message'} is too long.`),
  rate_limited: 'Too many messages at once: the server closed the connection. Reload the page.',
  unauthorized: 'Only the director can do this: connect with the admin token.',
  not_your_seat: 'That is not your seat or your board.',
  not_your_turn: 'It is not your turn.',
  stale_ply: 'The position changed first: nothing was played.',
  illegal_move: 'That move is not legal here.',
  bad_move: 'The server did not understand that move.',
  ambiguous_move: 'That move could mean more than one move.',
  game_over: 'The game is over.',
  bad_state: 'Not possible right now.',
  not_found: (e) => `No such ${label(e.field) || 'thing'} on the server.`,
  exists: 'That exists already.',
  invalid: 'That is not valid.',
  store_error: 'The server could not save this, so nothing changed. Try again; if it keeps failing, tell the server\'s operator.',
  fenced: 'This server handed the game to another one, so nothing changed. The page reconnects by itself.',
  moved: 'Another server runs this game. The page connects to it by itself.',
  no_pairing: 'No legal pairing exists.',
  session_replaced: 'This game is open in another tab or device.',
  replace_throttled: 'This seat moved to another tab or device moments ago.',
  disconnected: 'Not sent: the connection is down (it reconnects by itself).',
  // the team-format modules (line-ups, protests, challenges: protocol/errors.md, second table)
  too_late: 'Too late: the deadline for this has passed.',
  board_order: 'The line-up does not follow the team\'s fixed board order.',
  too_many_changes: 'More substitutions than a round allows.',
  too_few_players: 'Too few players for a match.',
  not_captain: 'Only a team captain may do this.',
  wrong_round: 'That belongs to another round.',
  already_decided: 'This was decided already.',
  rating_too_high: 'The substitute is rated above the player replaced.',
  // internal: not expected on the wire (protocol/errors.md)
  no_memory: 'The server failed inside, so nothing changed. Try again; if it keeps failing, tell the server\'s operator.',
  io_error: 'The server failed inside, so nothing changed. Try again; if it keeps failing, tell the server\'s operator.',
  parse_error: 'The server could not read its own data for this. Tell the server\'s operator.',
  bad_fen: 'The server could not read a position for this. Tell the server\'s operator.',
};

// Passing errors: nothing for the person to do.
const PASSING = new Set(['not_your_turn', 'stale_ply', 'illegal_move', 'bad_move', 'ambiguous_move', 'game_over', 'disconnected']);

export function explain(type, e) {
  const code = (e && e.code) || 'error';
  const t = BY_TYPE[`${type}:${code}`] ?? BY_CODE[code];
  const text = typeof t === 'function' ? t(e) : t || `The server refused this (${code}).`;
  const detail = `${type}: ${code}${e && e.field ? ` (${e.field})` : ''}`;
  const sticky = !PASSING.has(code) && !(type === 'claim' && code === 'bad_state') && !(type === 'move' && code === 'bad_state');
  return { text, detail, sticky };
}
