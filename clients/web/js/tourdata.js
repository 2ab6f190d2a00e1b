// tourdata.js: a tournament as tables, from what the server sends (the `tournament` snapshot
// of tournament_get and the `round` / `round_delta` / `standings` pushes): the rounds in order, each team's
// round-by-round crosstable (opponent, game points, the games), the standings, and CSV files
// of both (RFC 4180). SPDX-License-Identifier: MIT
// Pure: no DOM, no socket; the desk, the public event page and the projector share it. Nothing
// here scores anything: match and game points are the server's (T-SCORE), places and
// tie-breaks too (T-TIEBREAK); this only arranges them.

// Game points as people write them: 1½, ½, 2.
export function gpText(x) {
  if (typeof x !== 'number') return '';
  const whole = Math.floor(x);
  const half = x - whole >= 0.5;
  return half ? (whole ? `${whole}½` : '½') : String(whole);
}

// A game's result from team t's side (0 = team1 of the match, 1 = team2): "1", "0", "½", or
// "" while unplayed. results are from team1's point of view (s2c-round.md).
export function sideResult(r, t) {
  if (!r) return '';
  if (r === '1/2-1/2') return '½';
  const team1Won = r === '1-0';
  return team1Won === (t === 0) ? '1' : '0';
}

// Every round the page knows, in order: the snapshot's history, then rounds (round number ->
// `round` message: the pushes since, which are newer), then the snapshot's current round if
// nothing newer replaced it.
export function roundList(tour, rounds = {}) {
  const by = {};
  for (const r of (tour && tour.history) || []) by[r.round] = r;
  Object.assign(by, rounds);
  if (tour && tour.current && !rounds[tour.current.round]) by[tour.current.round] = tour.current;
  return Object.values(by).filter((r) => !tour || r.tournament === undefined || r.tournament === tour.tournament).sort((a, b) => a.round - b.round);
}

// Where push m (a `round`, `round_delta` or `standings` of tour's tournament) stands against the
// pushes tour holds (s2c-round_delta.md: each push's version v is one more than the last; the
// snapshot has the last one's): 'next' to apply, 'old' (held already: ignore), 'gap' (one was
// missed: ask for the snapshot again). Without versions (no v on either side) always 'next'.
export function pushOrder(tour, m) {
  if (typeof m.v !== 'number' || typeof tour.v !== 'number') return 'next';
  return m.v <= tour.v ? 'old' : m.v === tour.v + 1 ? 'next' : 'gap';
}

// The round a `round_delta` m makes of the round tour and rounds hold (its matches replaced by
// m's, by their index `match`), as a whole `round` message; null when that round is not held.
export function withDelta(tour, rounds, m) {
  const held = rounds[m.round] || (tour.current && tour.current.round === m.round ? tour.current : null) ||
    (tour.history || []).find((r) => r.round === m.round);
  if (!held || !Array.isArray(held.matches)) return null;
  const matches = held.matches.slice();
  for (const x of m.matches || []) {
    if (!(x.match >= 0 && x.match < matches.length)) return null;
    matches[x.match] = x;
  }
  return { ...held, ...m, type: 'round', matches };
}

// Fold a `round`, `round_delta` or `standings` push m into the snapshot tour and rounds (round
// number -> `round`), as every page that follows an event does. Returns 'changed' when m was
// for tour, 'newer' when it is a round of a newer tournament (the page may load that one), 'gap'
// when the page missed a push (or holds no round for a delta) and should load tour again with
// tournament_get, else false.
export function foldPush(tour, rounds, m) {
  if (!tour || (m.type !== 'round' && m.type !== 'round_delta' && m.type !== 'standings')) return false;
  if (m.tournament !== tour.tournament) return m.type !== 'standings' && m.tournament > tour.tournament ? 'newer' : false;
  const order = pushOrder(tour, m);
  if (order !== 'next') return order === 'gap' ? 'gap' : false;
  if (m.type === 'round_delta') {
    m = withDelta(tour, rounds, m);
    if (!m) return 'gap';
  }
  if (typeof m.v === 'number') tour.v = m.v;
  if (m.type === 'round') {
    rounds[m.round] = m;
    if (Array.isArray(tour.history)) { // the snapshot's rounds stay what the server holds
      const i = tour.history.findIndex((r) => r.round === m.round);
      if (i >= 0) tour.history[i] = m;
      else tour.history.push(m);
    }
    if (m.round >= tour.round) {
      tour.round = m.round;
      tour.current = m;
    }
    if (tour.status === 'registering') tour.status = 'running';
  } else {
    tour.standings = m;
    if (m.final) tour.status = 'finished';
  }
  return 'changed';
}

// The heading of standings s (a `standings` message or null): "Final standings", "Standings
// after round 3", ...
export function standingsTitle(s) {
  return !s ? 'Standings' : s.final ? 'Final standings' : s.round ? `Standings after round ${s.round}` : 'Standings (no round complete)';
}

// The newest game of each match of tour's current round that is live now (game 2 once it
// began): [{ m: the match, game: its id }] in board order. isLive(id): the `live` list has it.
export function liveMatches(tour, isLive) {
  const cur = tour && tour.current;
  if (!cur) return [];
  return cur.matches.filter((m) => m.team2 && m.games).map((m) => ({ m, game: m.games[1] || m.games[0] })).filter((x) => x.game && isLive(x.game));
}

// The teams by id, with the pairing number `no`.
export function teamIndex(tour) {
  return new Map(((tour && tour.teams) || []).map((t) => [t.team, t]));
}

// T-SCHEDULE: "Round 2 starts at 19:00 (in 12:34)" while the scheduled start of round_schedule is
// ahead of nowMs (the server's clock, ms since the epoch), else ''. The time is the reader's own.
export function scheduleText(tour, nowMs) {
  const s = tour && tour.schedule;
  if (!s || !s.start_ms || s.start_ms <= nowMs) return '';
  const left = Math.ceil((s.start_ms - nowMs) / 1000);
  const hh = Math.floor(left / 3600), mm = Math.floor((left % 3600) / 60), ss = left % 60;
  const pad = (x) => String(x).padStart(2, '0');
  const inText = hh ? `${hh}:${pad(mm)}:${pad(ss)}` : `${mm}:${pad(ss)}`;
  const at = new Date(s.start_ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `Round ${s.round} starts at ${at} (in ${inText})`;
}

// A bye's kind in words (the round message's `bye`): the pairing-allocated bye (T-BYE), a bye the
// team asked for (T-REQBYE: half or zero), an arbiter's full-point bye (from a TRF).
export const BYE_WORDS = {
  pab: { short: 'bye', long: 'bye: no opponent this round' },
  half: { short: 'bye ½', long: 'requested bye (a drawn match)' },
  zero: { short: 'bye 0', long: 'requested bye (0 points)' },
  full: { short: 'bye 1', long: 'full-point bye (the arbiter\'s)' },
};
export function byeWords(m) {
  return BYE_WORDS[(m && m.bye) || 'pab'] || BYE_WORDS.pab;
}

// A game scored without being played out (T-FORFEIT): no game at all (a withdrawal's), or one
// whose players did not come or whose team withdrew during it. Marked F in the crosstable.
const FORFEIT_REASONS = new Set(['forfeit', 'forfeit_both', 'withdrawn']);
export function isForfeit(g) {
  return !!(g && g.res && (!g.id || FORFEIT_REASONS.has(g.reason)));
}

// One team's match of round r: { opp (team id or 0 for the bye), side (0/1), match, mp, gp,
// games: [{ id, res }] (res from this team's side), status, forfeit (a game scored without
// being played: a withdrawal) } or null when the team was not paired that round.
export function matchOf(r, team) {
  for (const m of r.matches) {
    const side = m.team1 === team ? 0 : m.team2 === team ? 1 : -1;
    if (side < 0) continue;
    const bye = m.status === 'bye' || !m.team2;
    const games = bye ? [] : [0, 1].map((k) => ({ id: (m.games && m.games[k]) || null, res: sideResult(m.results && m.results[k], side), reason: m.reasons && m.reasons[k] }));
    return {
      opp: bye ? 0 : side === 0 ? m.team2 : m.team1,
      side,
      match: m.match,
      mp: m.mp[side],
      gp: m.gp[side],
      games,
      status: m.status,
      bye,
      byeKind: bye ? m.bye || 'pab' : null,
      forfeit: games.some(isForfeit),
    };
  }
  return null;
}

// The crosstable: one row per team in standings order (else by pairing number), a cell per
// round: { text: "7 1½" (opponent's pairing number, this team's game points), ... matchOf }.
// Totals are the sums of the cells; the caller compares them with the standings.
export function crosstable(tour, rounds = {}) {
  const list = roundList(tour, rounds);
  const teams = teamIndex(tour);
  const order = tour && tour.standings ? tour.standings.rows.map((x) => x.team) : [...teams.values()].sort((a, b) => (a.no || 1e9) - (b.no || 1e9)).map((t) => t.team);
  for (const t of teams.keys()) if (!order.includes(t)) order.push(t);
  const rows = order.map((team) => {
    const t = teams.get(team) || { team, name: `team ${team}`, no: 0 };
    let mp = 0;
    let gp = 0;
    const cells = list.map((r) => {
      const x = matchOf(r, team);
      if (!x) return { round: r.round, text: '', none: true };
      const done = x.status === 'done' || x.bye;
      if (done) {
        mp += x.mp;
        gp += x.gp;
      }
      const opp = x.bye ? byeWords({ bye: x.byeKind }).short : String((teams.get(x.opp) || {}).no || '?');
      const score = done || x.games.some((g) => g.res) ? gpText(x.gp) : '';
      return { round: r.round, ...x, done, oppNo: x.bye ? 0 : (teams.get(x.opp) || {}).no || 0, text: `${opp}${x.forfeit ? ' F' : ''}${score ? ' ' + score : ''}` };
    });
    return { team, no: t.no, name: t.name, withdrawn: t.withdrawn || 0, cells, mp, gp };
  });
  return { rounds: list.map((r) => r.round), rows };
}

// The marks a standings row shows (T-PRIZES, T-ARMAGEDDON; issue 26): a prize place needs a
// complete round and a team still in the event (a withdrawn team wins no prize), and, before
// the final standings, points (a team on 0 MP is on no prize place yet); "= next" only where a
// play-off could decide a prize: a marked row equal with the next on everything. The server's
// flags are the places (prize: places 1-3, tied_next: equal with the next row).
export function rowMarks(s, x, teams) {
  const out = (teams || []).some((t) => t.team === x.team && t.withdrawn);
  const prize = !!(s && s.round >= 1 && x.prize && !out && (s.final || x.mp > 0));
  return { prize, tied: prize && !!x.tied_next };
}

// The standings rows as the server sent them, with the team's pairing number.
export function standingsRows(tour) {
  const s = tour && tour.standings;
  if (!s) return [];
  const teams = teamIndex(tour);
  return s.rows.map((x) => ({ ...x, no: (teams.get(x.team) || {}).no || 0 }));
}

// RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; CRLF lines.
// A byte-order mark first so that spreadsheet programs read the UTF-8 names right.
export function csv(rows) {
  const field = (v) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return '\ufeff' + rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

export function standingsCsv(tour) {
  const s = tour && tour.standings;
  const tbs = s ? s.tiebreaks : [];
  const head = ['Place', 'No', 'Team', 'MP', 'GP', ...tbs, 'Prize', 'Tied with next'];
  return csv([head, ...standingsRows(tour).map((x) => {
    const k = rowMarks(s, x, tour.teams);
    return [x.place, x.no, x.name, x.mp, x.gp, ...x.tb, k.prize ? 'yes' : '', k.tied ? 'yes' : ''];
  })]);
}

// One column per round: "opponent's No: game points" ("bye" for the pairing-allocated bye, F
// for a forfeit); then MP and GP.
export function crosstableCsv(tour, rounds = {}) {
  const x = crosstable(tour, rounds);
  const head = ['No', 'Team', ...x.rounds.map((r) => `R${r}`), 'MP', 'GP'];
  return csv([head, ...x.rows.map((r) => [r.no, r.name, ...r.cells.map((c) => c.text), r.mp, r.gp])]);
}

// A file name from the event's name: "Spring Cup" -> "spring-cup".
export function slug(name) {
  return (name || 'tournament').toLowerCase().normalize('NFKD').replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'tournament';
}

export const TB_TITLE = { DE: 'direct encounter', 'BH-C1': 'Buchholz cut 1', BH: 'Buchholz', GP: 'game points', WON: 'matches won', SB: 'Sonneborn-Berger', 'SB-C1': 'Sonneborn-Berger cut 1', WIN: 'matches won', PO: 'play-off (Armageddon)' };
// What each tie-break counts, in a sentence a player can check (the event page's legend).
export const TB_SAYS = {
  DE: 'direct encounter: the match points between the teams still tied',
  'BH-C1': 'Buchholz cut 1: the sum of the opponents\' match points, the lowest left out',
  BH: 'Buchholz: the sum of the opponents\' match points',
  GP: 'game points',
  WON: 'matches won',
  SB: 'Sonneborn-Berger: each opponent\'s match points times the points scored against it',
  'SB-C1': 'Sonneborn-Berger cut 1: the same, the opponent with the fewest match points left out',
  PO: 'play-off: Armageddon games won',
};
