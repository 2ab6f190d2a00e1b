// ui/league.js: the team league of seed 003 (league.html?league=N[&token=T]), issue 16 items
// 4, 5 and 7. SPDX-License-Identifier: MIT
// Everyone sees the `league` snapshot (league_get, pushed again after every change): the groups
// with their teams and average ratings, each group's table in the league's order (F-GROUPS,
// art. 6: match points, game points, the lower team rating), the stage's fixtures with every
// board's challenge, its deadline (the date and a countdown on the server's clock) and its
// result (a link to the game), and the knockout as a bracket (F-KNOCKOUT: both games a board,
// the match score, a drawn match decided by the lower rating).
// A player signs in with the league token of league_team's reply (or opens the link with
// &token=): his games with the challenge forms (F-CHALLENGE: send now or for a time, accept,
// counter, 10+1 by agreement), his notice feed with unread marks, "Play" once the server has
// created the chess game; a captain also puts in substitutes. The director (admin token)
// sees every open challenge with its deadline: extend, enter a result, draw a lot, start the
// next stage, the exports. Nothing is decided here: every change is the server's reply or push,
// and every refusal is a sentence naming the field and the rule (leagueError below).

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg } from '../proto.js';
import { h, params, whenReleased } from './dom.js';
import { explain } from './errors.js';
import { gameHref } from './tables.js';
import { rosterPanel } from './roster_panel.js';

const q = params();
const STAGE_NO = { groups: 1, qf: 2, sf: 3, final: 4 };
const STAGE_NAME = { groups: 'group stage', qf: 'quarter-finals', sf: 'semi-finals', final: 'final' };
const RESULTS = ['1-0', '1/2-1/2', '0-1', '+-', '-+', '--'];

const app = {
  league: Number(q.get('league')) || 1,
  time: new ServerTime(),
  net: null,
  snap: null,
  role: 'spectator', // spectator | player | director
  token: q.get('token') || '',
  admin: '',
  me: 0, // the token's player id
  notices: [], // the player's feed, oldest first
  read: 0, // the newest seq the player marked read
  seats: new Map(), // game_id -> { seat, token } from the `game` notices
  msg: new Map(), // slot -> { err, ok }
  drafts: new Map(), // input id -> value, kept across renders
  past: new Map(), // knockout fixtures seen by this page, by label (the bracket's boards)
  ready: false,
};
window.app = app;

const $ = (id) => document.getElementById(id);
const root = $('root');

// ---- words -----------------------------------------------------------------------------------

const teamOf = (id) => (app.snap && app.snap.teams.find((t) => t.team === id)) || null;
const teamName = (id) => (teamOf(id) || { name: id ? `team ${id}` : '?' }).name;
function player(id) {
  for (const t of (app.snap && app.snap.teams) || []) {
    const p = t.players.find((x) => x.id === id);
    if (p) return { ...p, team: t.team };
  }
  return null;
}
const playerName = (id) => (player(id) || { name: id ? `#${id}` : '?' }).name;
const gpText = (x) => {
  const w = Math.floor(x);
  const half = Math.abs(x - w - 0.5) < 1e-9;
  return half ? (w ? `${w}½` : '½') : String(x);
};
const resultText = (r) => (r === '1/2-1/2' ? '½-½' : r === '+-' ? '+ : − (forfeit)' : r === '-+' ? '− : + (forfeit)' : r === '--' ? '− : − (both forfeit)' : r);

// A real date and time, as the people arranging a game write it.
export function fmtDate(ms) {
  if (!ms) return 'now';
  return new Date(ms).toLocaleString([], { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

// How long until ms from now (server time): "in 3 d 4 h", "in 2 h 05 min", "in 0:42"; past: "passed".
export function fmtIn(ms, now) {
  const d = ms - now;
  if (d <= 0) return 'passed';
  const s = Math.floor(d / 1000);
  const days = Math.floor(s / 86400), hrs = Math.floor((s % 86400) / 3600), min = Math.floor((s % 3600) / 60), sec = s % 60;
  if (days) return `in ${days} d ${hrs} h`;
  if (hrs) return `in ${hrs} h ${String(min).padStart(2, '0')} min`;
  return `in ${min}:${String(sec).padStart(2, '0')}`;
}

const countdown = (ms) => h('span.cd', { dataset: { at: ms } }, fmtIn(ms, app.time.now()));
const when = (ms) => h('span.when', {}, h('time', { datetime: new Date(ms).toISOString() }, fmtDate(ms)), ' (', countdown(ms), ')');

function tickCountdowns() {
  const now = app.time.now();
  for (const el of document.querySelectorAll('span.cd')) {
    const t = fmtIn(Number(el.dataset.at), now);
    if (el.textContent !== t) el.textContent = t;
    el.classList.toggle('soon', Number(el.dataset.at) - now < 60000);
  }
}
setInterval(tickCountdowns, 250);

// A refusal as a sentence: what went wrong and what to do, then the protocol's field and rule
// (protocol/messages/c2s-league_*.md), never the bare code.
const LG = {
  'unauthorized:token': 'This league token is not one of this league: ask your captain for your link.',
  unauthorized: 'Only the director can do this: sign in with the director\'s token.',
  'not_found:league': () => `There is no league ${app.league} on this server.`,
  'not_found:game': 'There is no such game in the stage being played.',
  'not_found:player': 'That player is not on the team\'s roster.',
  'not_found:team': 'There is no such team in this league.',
  'not_found:captain': 'The captain is not on the roster.',
  'bad_state:tournament': (e, type) => (type === 'league_stage_start' ? 'The stage before is not over yet.'
    : type === 'league_start' ? 'The league has started already.' : 'No stage is being played now.'),
  'bad_state:state': (e, type) => (type === 'league_tc' ? 'The game has been created: its time control is fixed.'
    : type === 'league_extend' ? 'This game has no deadline running.' : 'The challenge is not at a step that allows this: reload its state below.'),
  'bad_state:match': 'No lot is due for this match.',
  already_decided: 'This game has its result already.',
  not_your_seat: 'Only the two players of this game may do this.',
  not_your_turn: 'It is the other player\'s turn on this challenge: wait for the answer.',
  too_late: 'Too late: the deadline passed before the answer arrived.',
  'invalid:start_ms': 'The proposed start is in the past: pick a later time.',
  'invalid:deadline': 'The new deadline must be later than the current one and than now.',
  'invalid:teams': 'Not all teams are registered yet.',
  not_captain: 'Only the team\'s captain may put in a substitute.',
  'exists:player': 'That player already plays another board of this match.',
  rating_too_high: 'The substitute is rated above the player replaced: pick one rated not higher.',
  too_few_players: 'A team has too few players for the boards.',
  disconnected: 'Not sent: the connection is down (it reconnects by itself).',
};

export function leagueError(type, e) {
  const code = (e && e.code) || 'error';
  const t = LG[`${code}:${e && e.field}`] ?? LG[code];
  const text = t === undefined ? explain(type, e).text : typeof t === 'function' ? t(e, type) : t;
  const why = [e && e.field ? `field ${e.field}` : '', e && e.rule ? `rule ${e.rule}` : ''].filter(Boolean).join(', ');
  return why ? `${text} (${why})` : text;
}

// ---- the server ----------------------------------------------------------------------------

async function ask(body, slot, okText) {
  try {
    const r = await app.net.request({ ...body, league: app.league });
    app.msg.set(slot, { ok: okText || 'done', err: '', snap: app.snap });
    return r;
  } catch (e) {
    app.msg.set(slot, { err: leagueError(body.type, e), ok: '' });
    return null;
  } finally {
    render();
  }
}

function message(slot) {
  const m = app.msg.get(slot) || { err: '', ok: '' };
  return h('div.msgs', { dataset: { slot } }, m.err ? h('div.err', { role: 'alert' }, m.err) : null, m.ok ? h('div.okmsg', {}, m.ok) : null);
}

// A busy league pushes a snapshot per change (many a second while a stage is played): the page
// draws the newest at most every 250 ms. app.shown is the snapshot on screen.
let drawTimer = 0, drawnAt = 0;
function setSnap(s) {
  app.snap = s;
  if (s.stage && s.stage !== 'groups') for (const f of s.fixtures || []) app.past.set(f.label, f);
  if (drawTimer) return;
  const wait = Math.max(0, 250 - (performance.now() - drawnAt));
  drawTimer = setTimeout(() => { drawTimer = 0; render(); }, wait);
}

async function onOpen() {
  try {
    setSnap(await app.net.request({ type: 'league_get', league: app.league }));
  } catch (e) {
    if (e.code === 'disconnected') return;
    root.replaceChildren(h('section.card', {}, h('p.err', { id: 'lg-missing' }, leagueError('league_get', e))));
    return;
  }
  if (app.admin) await signInWith(app.admin, true);
  else if (app.token) await signInWith(app.token, true);
}

function onPush(m) {
  if (m.league !== undefined && m.league !== app.league) return;
  if (m.type === 'league') setSnap(m);
  else if (m.type === 'league_notice') {
    addNotices([m.notice]);
    render();
  }
}

function addNotices(list) {
  for (const n of list) {
    if (app.notices.some((x) => x.seq === n.seq)) continue;
    app.notices.push(n);
    if (n.note === 'game' && n.game_id) app.seats.set(n.game_id, { seat: n.seat, token: n.token });
  }
  app.notices.sort((a, b) => a.seq - b.seq);
}

const readKey = () => `league-read-${app.league}-${app.me}`;

// A token: the director's (auth accepts it) or a player's league token (league_notices accepts
// it, and the connection then gets the player's pushes).
async function signInWith(token, quiet) {
  try {
    await app.net.request(msg.auth(token));
    app.role = 'director';
    app.admin = token;
  } catch (e) {
    if (e.code === 'disconnected') return;
    try {
      const r = await app.net.request({ type: 'league_notices', league: app.league, token, since: 0 });
      app.role = 'player';
      app.token = token;
      app.me = r.player;
      app.read = Number(localStorage.getItem(readKey()) || 0);
      addNotices(r.notices);
    } catch (e2) {
      if (!quiet || e2.code !== 'disconnected') app.msg.set('auth', { err: e2.code === 'unauthorized' ? 'This token is neither a player\'s league token of this league nor the director\'s.' : leagueError('league_notices', e2), ok: '' });
      app.role = 'spectator';
    }
  }
  render();
}

// ---- the groups --------------------------------------------------------------------------------

function groupsSection(s) {
  if (!s.groups || !s.groups.length)
    return h('section.card', { id: 'sec-groups' }, h('h2', {}, 'Groups'),
      h('p.muted', {}, `The draw comes when registration closes (${s.teams.length} of ${s.teams_max} teams registered). The best-rated teams head the groups; each next pot is placed so that the groups' average ratings come out as close as possible (F-GROUPS).`),
      teamsList(s.teams));
  const boxes = s.groups.map((g) => h('div.group', { dataset: { group: g.group } },
    h('h3', {}, `Group ${g.group}`, h('span.avg', { title: 'the average of its teams\' ratings (F-GROUPS)' }, ` · average ${Math.round(g.average)}`)),
    h('div.scroll', {}, h('table.standings.lg-table', {},
      h('thead', {}, h('tr', {}, h('th.num', {}, '#'), h('th', {}, 'Team'), h('th.num', { title: 'matches played' }, 'P'), h('th.num', { title: 'match points: win 2, draw 1, loss 0' }, 'MP'), h('th.num', { title: 'game points on all boards of all group matches' }, 'GP'), h('th.num', { title: 'team rating: the average of the board players\' ratings (F-TEAMRATING); the lower one ranks first on equal points' }, 'Rating'))),
      h('tbody', {}, g.table.map((r) => h(`tr${r.place <= 2 && s.status !== 'registering' && g.table.every((x) => x.played === g.table.length - 1) ? '.through' : ''}`, { dataset: { team: r.team } },
        h('td.num', {}, r.place), h('td.team', {}, h('span.no', { title: 'number in the group table (it decides the colours)' }, `${r.number}.`), ' ', teamName(r.team)),
        h('td.num', {}, r.played), h('td.num.mp', {}, r.mp), h('td.num', {}, gpText(r.gp)), h('td.num', {}, r.rating))))))));
  return h('section.card', { id: 'sec-groups' }, h('h2', {}, 'Groups'),
    h('div.groups', {}, boxes),
    h('p.legend', {}, 'Order (art. 6): match points (2 / 1 / 0), then game points on all boards, then the lower team rating. The first two of each group go to the knockout.'),
    teamsList(s.teams));
}

function teamsList(teams) {
  if (!teams.length) return null;
  return h('details.teams', {}, h('summary', {}, `Teams and rosters (${teams.length})`),
    h('div.rosters', {}, teams.map((t) => h('div.roster', {},
      h('h4', {}, t.name, h('span.muted', {}, ` · ${t.rating}`)),
      h('ol', {}, t.players.map((p) => h('li', {}, p.name, h('span.muted', {}, ` ${p.rating}`), p.invited ? h('span.tag', { title: 'invited player (art. 2)' }, ' inv.') : null, p.id === t.captain ? h('span.tag', { title: 'captain' }, ' (c)') : null)))))));
}

// ---- fixtures --------------------------------------------------------------------------------

// The challenge's state in words, with its deadline.
function stateCell(s, g) {
  const sender = g.sender === 'white' ? g.white : g.black;
  const answerer = g.turn === 'white' ? g.white : g.black;
  const nth = g.challenge === 2 ? 'second challenge' : 'challenge';
  switch (g.state) {
    case 'new': return h('span.st.new', {}, `${playerName(sender)} sends the challenge`);
    case 'proposed': return h('span.st.proposed', {}, `${nth}: start ${g.proposal_ms ? fmtDate(g.proposal_ms) : 'now'}; ${playerName(answerer)} answers by `, when(g.deadline_ms));
    case 'lapsed': return h('span.st.lapsed', {}, `the first challenge lapsed unanswered: ${playerName(sender)} sends the second (valid ${validText(s.second_valid_ms)})`);
    case 'agreed': return h('span.st.agreed', {}, 'agreed: ', g.start_ms ? when(g.start_ms) : 'starts when both are present');
    case 'started': return h('span.st.live', {}, g.game_id ? h('a', { href: gameHref(g.game_id, false) }, '● playing (watch)') : '● playing');
    case 'forfeit': return h('span.st.forfeit', {}, 'the second challenge lapsed: forfeit');
    default: return h('span.st.done', {}, g.result === '*' ? g.state : g.game_id ? 'played' : 'entered by the director');
  }
}

// Where the game is (the server's phase, decided by the league: league_view.h), in words; the
// challenge's step while it is being arranged. A game nobody joined waits for its players (with
// who is there and the forfeit's countdown), it does not "play"; a double forfeit is one.
function phaseCell(s, g) {
  const watch = (t) => (g.game_id ? h('a', { href: gameHref(g.game_id, false) }, t) : t);
  switch (g.phase) {
    case 'arranging': return h('span.st.new', {}, h('b', {}, 'not arranged yet'), ': ', stateCell(s, g));
    case 'scheduled': return h('span.st.agreed', {}, h('b', {}, 'scheduled'), ': ', g.start_ms ? ['starts ', when(g.start_ms)] : 'starts when both are present');
    case 'waiting': {
      const who = g.present ? [['White', g.white, g.present[0]], ['Black', g.black, g.present[1]]].map(([c, id, here]) => `${playerName(id)} ${here ? 'is here' : 'absent'}`).join(', ') : '';
      return h('span.st.waiting', {}, h('b', {}, 'waiting for players'), who ? ` (${who})` : '',
        g.forfeit_ms ? [', an absent player loses by forfeit ', h('span.cd', { dataset: { at: g.forfeit_ms } }, fmtIn(g.forfeit_ms, app.time.now()))] : '',
        g.game_id ? [' · ', watch('watch')] : '');
    }
    case 'playing': return h('span.st.live', {}, watch('● playing (watch)'));
    case 'played': return h('span.st.done', {}, 'played');
    case 'forfeit': return h('span.st.forfeit', {}, h('b', {}, 'forfeit'), g.state === 'forfeit' ? ': the second challenge lapsed unanswered (art. 5)' : g.game_id ? ': a player was absent after the waiting time' : ' (entered by the director)');
    case 'double_forfeit': return h('span.st.forfeit', {}, h('b', {}, 'double forfeit'), g.game_id ? ': both absent after the waiting time' : ' (entered by the director)');
    case 'ruled': return h('span.st.done', {}, 'entered by the director');
    default: return stateCell(s, g);
  }
}

function validText(ms) {
  if (ms % 86400000 === 0) return `${ms / 86400000} days`;
  if (ms >= 3600000) return `${Math.round(ms / 360000) / 10} h`;
  if (ms >= 60000) return `${Math.round(ms / 6000) / 10} min`;
  return `${Math.round(ms / 100) / 10} s`;
}

// A substitute on the board, a deadline the director moved.
const tags = (g) => [g.subs ? h('span.tag', { title: 'a substitute took the board (art. 5)' }, ' (sub)') : null,
  g.extensions ? h('span.tag', { title: 'the director extended the deadline' }, g.extensions > 1 ? ` (extended ×${g.extensions})` : ' (extended)') : null];

function resultCell(g) {
  if (g.result === '*') return h('span.muted', {}, '–');
  const text = resultText(g.result);
  return g.game_id ? h('a.gl', { href: gameHref(g.game_id, true), dataset: { game: g.game_id }, title: 'replay the game' }, h('span.res', {}, text)) : h('span.res', {}, text);
}

function fixtureTable(s, f) {
  const two = f.games.some((g) => g.game === 2);
  return h('div.scroll', {}, h('table.fixture', {},
    h('thead', {}, h('tr', {}, h('th.num', {}, 'Bd'), two ? h('th.num', {}, 'G') : null, h('th', {}, 'White'), h('th', {}, 'Black'), h('th', {}, 'Result'), h('th', {}, 'State'), h('th', {}, 'TC'))),
    h('tbody', {}, f.games.slice().sort((a, b) => a.board - b.board || a.game - b.game).map((g) => h(`tr.st-${g.state}`, { dataset: { board: g.board, game: g.game, state: g.state, phase: g.phase || '' } },
      h('td.num', {}, g.board), two ? h('td.num', {}, g.game) : null,
      h('td', {}, playerName(g.white), h('span.muted.tn', {}, ` ${teamName(g.white_team)}`)),
      h('td', {}, playerName(g.black), h('span.muted.tn', {}, ` ${teamName(g.black_team)}`)),
      h('td.res', {}, resultCell(g)),
      h('td.state', {}, phaseCell(s, g), tags(g)),
      h('td', {}, g.tc))))));
}

function matchHead(f) {
  const score = `${gpText(f.gp[0])}–${gpText(f.gp[1])}`;
  return h('span.mh', {}, h('b', {}, f.label), ` ${teamName(f.teams[0])} – ${teamName(f.teams[1])} `, h('span.score', {}, score), f.done ? h('span.muted', {}, ' final') : null);
}

function fixturesSection(s) {
  if (!s.fixtures || !s.fixtures.length)
    return h('section.card', { id: 'sec-fixtures' }, h('h2', {}, 'Fixtures'), h('p.muted', {}, s.status === 'registering' ? 'After the draw.' : 'No stage is being played.'));
  const byRound = new Map();
  for (const f of s.fixtures) {
    const k = s.stage === 'groups' ? `Round ${f.round}` : STAGE_NAME[s.stage].replace(/^./, (c) => c.toUpperCase());
    if (!byRound.has(k)) byRound.set(k, []);
    byRound.get(k).push(f);
  }
  const parts = [];
  for (const [k, list] of byRound) {
    parts.push(h('h3', {}, k));
    for (const f of list)
      parts.push(h('details.match', { open: !f.done || list.length <= 4 ? true : undefined, dataset: { match: f.match, label: f.label } }, h('summary', {}, matchHead(f)), fixtureTable(s, f)));
  }
  return h('section.card', { id: 'sec-fixtures' }, h('h2', {}, `Fixtures · ${STAGE_NAME[s.stage] || ''}`),
    h('p.legend', {}, `Each game is arranged by a challenge its sender (White; in the quarter-finals the second-placed team's player) sends; the first is valid ${validText(s.first_valid_ms)}, a second after it lapsed ${validText(s.second_valid_ms)}; an unanswered second one is lost by forfeit (art. 5). Time control ${s.tc}, or ${s.alt_tc} if both players agree.`),
    parts);
}

// ---- the bracket --------------------------------------------------------------------------------

const SOURCES = {
  QF1: ['1A', '2B'], QF2: ['2A', '1B'], QF3: ['1C', '2D'], QF4: ['2C', '1D'],
  SF1: ['winner QF1', 'winner QF3'], SF2: ['winner QF2', 'winner QF4'], F: ['winner SF1', 'winner SF2'],
};
const SOURCES2 = { SF1: ['1A', '2B'], SF2: ['2A', '1B'], F: ['winner SF1', 'winner SF2'] };

function bracketMatch(s, b) {
  const src = (s.groups_n === 2 ? SOURCES2 : SOURCES)[b.label] || ['?', '?'];
  const decided = !!b.winner;
  const row = (k) => {
    const id = b.teams[k];
    return h(`div.bt${decided && b.winner === id ? '.win' : decided ? '.lose' : ''}`, { dataset: { team: id } },
      h('span.nm', {}, id ? teamName(id) : h('span.muted', {}, src[k])),
      id && b.rating && b.rating[k] ? h('span.rt', { title: 'team rating for this stage (F-TEAMRATING)' }, b.rating[k]) : null,
      h('span.gp', {}, id && (b.gp[0] || b.gp[1] || decided || app.past.has(b.label)) ? gpText(b.gp[k]) : ''));
  };
  let note = null;
  if (b.by === 'rating') {
    const lower = b.winner;
    note = h('div.note', { title: 'art. 7' }, `drawn ${gpText(b.gp[0])}–${gpText(b.gp[1])}: ${teamName(lower)} goes through on the lower team rating`);
  } else if (b.by === 'lot_due') note = h('div.note', {}, 'drawn, equal ratings: a lot decides');
  else if (b.by === 'lot') note = h('div.note', {}, `drawn, equal ratings: ${teamName(b.winner)} through by lot`);
  const f = app.past.get(b.label) || (s.fixtures || []).find((x) => x.label === b.label && s.stage !== 'groups');
  const boards = f ? boardsOf(f) : null;
  return h(`div.bm${decided ? '.decided' : ''}`, { dataset: { label: b.label, match: b.match, by: b.by } },
    h('div.bl', {}, b.label === 'F' ? 'Final' : b.label), row(0), row(1), note, boards);
}

// Both games of every board, as small links: "1 ½ 1" reads board 1, game 1 and 2 from the first team's side.
function boardsOf(f) {
  const rows = new Map();
  for (const g of f.games) {
    if (!rows.has(g.board)) rows.set(g.board, []);
    rows.get(g.board).push(g);
  }
  const first = f.teams[0];
  const pts = (g) => {
    if (g.result === '*') return g.phase === 'playing' ? '●' : g.phase === 'waiting' ? '…' : '·';
    const w = g.result === '1-0' || g.result === '+-' ? 1 : g.result === '0-1' || g.result === '-+' || g.result === '--' ? 0 : 0.5;
    const mine = g.white_team === first ? w : g.result === '--' ? 0 : 1 - w;
    return mine === 0.5 ? '½' : String(mine);
  };
  return h('details.bb', { open: true }, h('summary', {}, `boards: ${teamName(first)}'s points in game 1 · game 2`),
    [...rows].map(([bd, gs]) => h('div.bbr', { dataset: { board: bd } }, h('span.muted', {}, `Bd ${bd}: `),
      gs.sort((a, b) => a.game - b.game).flatMap((g, i) => [i ? ' · ' : '', h('span.bg', { title: `game ${g.game}: ${playerName(g.white)} (White) – ${playerName(g.black)} ${g.result}` },
        g.game_id ? h('a', { href: gameHref(g.game_id, g.result !== '*') }, pts(g)) : pts(g))]))));
}

function bracketSection(s) {
  const b = s.bracket || [];
  if (!b.length)
    return h('section.card', { id: 'sec-bracket' }, h('h2', {}, 'Knockout'), h('p.muted', {}, s.groups_n === 2
      ? 'After the group stage: semi-finals 1A–2B and 2A–1B, then the final.'
      : 'After the group stage: quarter-finals 1A–2B, 2A–1B, 1C–2D, 2C–1D; semi-finals W(1A–2B)–W(1C–2D) and W(2A–1B)–W(2C–1D); the final.'));
  const col = (title, labels) => {
    const ms = labels.map((l) => b.find((x) => x.label === l)).filter(Boolean);
    return ms.length ? h('div.bcol', {}, h('div.bh', {}, title), h('div.bms', {}, ms.map((m) => bracketMatch(s, m)))) : null;
  };
  const champion = s.winner ? h('div.bcol.champ', {}, h('div.bh', {}, 'Winner'), h('div.bms', {}, h('div.bm.champion', { id: 'champion' }, teamName(s.winner)))) : null;
  return h('section.card', { id: 'sec-bracket' }, h('h2', {}, 'Knockout'),
    h('div.bracket', {}, col('Quarter-finals', ['QF1', 'QF2', 'QF3', 'QF4']), col('Semi-finals', ['SF1', 'SF2']), col('Final', ['F']), champion),
    h('p.legend', {}, 'Two games a board, colours reversed in the second (art. 7). The score is game points; a drawn match sends the team with the lower rating (recomputed before each stage) through.'));
}

// ---- the player's page -------------------------------------------------------------------------

const gameKey = (f, g) => `${f.match}-${g.board}-${g.game}`;
const where = (s, f, g) => ({ stage: STAGE_NO[s.stage], match: f.match, board: g.board, game: g.game });
const draft = (id, fallback = '') => (app.drafts.has(id) ? app.drafts.get(id) : fallback);
const keep = (ev) => app.drafts.set(ev.target.id, ev.target.type === 'checkbox' ? ev.target.checked : ev.target.value);

// datetime-local's value (the browser's time zone) as ms since the epoch; '' -> 0 (now).
function pickedMs(id) {
  const v = ($(id) || {}).value;
  return v ? new Date(v).getTime() : NaN;
}

function timePicker(id) {
  return h('input', { type: 'datetime-local', id, step: 1, value: draft(id), oninput: keep, 'aria-label': 'proposed start' });
}

function myGameCard(s, f, g) {
  const mine = g.white === app.me ? 'white' : 'black';
  const opp = mine === 'white' ? g.black : g.white;
  const k = gameKey(f, g);
  const at = where(s, f, g);
  const body = [];
  const iSend = g.sender === mine;
  const myTurn = g.turn === mine;
  const act = (type, extra, ok) => ask({ type, token: app.token, ...at, ...extra }, k, ok);
  // "challenge sent" goes once a later snapshot shows the challenge lapsed or the game decided
  // (it stood under a forfeit for the rest of the stage: issue 26, stale messages)
  const m = app.msg.get(k);
  if (m && m.ok && m.snap !== s && (g.state === 'lapsed' || g.result !== '*')) app.msg.delete(k);
  if (g.state === 'new' || (g.state === 'lapsed' && iSend)) {
    if (iSend) {
      const second = g.state === 'lapsed';
      body.push(h('p', {}, second ? `Your challenge lapsed unanswered. Send the second one (valid ${validText(s.second_valid_ms)}; unanswered, it is a forfeit for ${playerName(opp)}).`
        : `You send this game's challenge (valid ${validText(s.first_valid_ms)}).`),
      h('div.form-row', {}, h('button.primary', { id: `send-now-${k}`, onclick: () => act('league_send', { start_ms: 0 }, 'challenge sent: start now') }, 'Challenge: play now'),
        h('span.muted', {}, 'or at'), timePicker(`send-at-${k}`),
        h('button', { id: `send-at-btn-${k}`, onclick: () => {
          const t = pickedMs(`send-at-${k}`);
          if (Number.isNaN(t)) { app.msg.set(k, { err: 'Pick a date and time first, or play now.', ok: '' }); return render(); }
          act('league_send', { start_ms: t }, `challenge sent: start ${fmtDate(t)}`);
        } }, 'Challenge for this time')));
    } else body.push(h('p.muted', {}, `${playerName(opp)} sends the challenge.`));
  } else if (g.state === 'proposed') {
    const start = g.proposal_ms ? fmtDate(g.proposal_ms) : 'now (as soon as both are present)';
    if (myTurn)
      body.push(h('p', {}, `${playerName(opp)} proposes: start ${start}. Answer by `, when(g.deadline_ms), '.'),
        h('div.form-row', {}, h('button.primary', { id: `accept-${k}`, onclick: () => act('league_accept', {}, 'accepted') }, 'Accept'),
          h('span.muted', {}, 'or counter with'), timePicker(`counter-at-${k}`),
          h('button', { id: `counter-${k}`, onclick: () => {
            const t = pickedMs(`counter-at-${k}`);
            if (Number.isNaN(t)) { app.msg.set(k, { err: 'Pick the date and time you propose instead.', ok: '' }); return render(); }
            act('league_counter', { start_ms: t }, `counter-proposal sent: ${fmtDate(t)}`);
          } }, 'Counter-propose')));
    else body.push(h('p', {}, `You proposed: start ${start}. ${playerName(opp)} answers by `, when(g.deadline_ms), '.'));
  } else if (g.state === 'lapsed') body.push(h('p.muted', {}, `The challenge lapsed: ${playerName(opp)} sends the second one.`));
  else if (g.state === 'agreed') body.push(h('p', {}, 'Agreed: ', g.start_ms ? ['the game starts ', when(g.start_ms)] : 'the game starts as soon as you both are present', `. Waiting time: ${Math.round(s.wait_s / 60)} min after the start, an absent player loses.`));
  if (['waiting', 'playing', 'forfeit', 'double_forfeit'].includes(g.phase)) body.push(h('p.phase', {}, phaseCell(s, g)));
  const seat = g.game_id && app.seats.get(g.game_id);
  if (g.game_id && g.result === '*') body.push(h('div.form-row', {}, seat ? h('a.button.primary.play', { id: `play-${k}`, href: `play.html?game=${g.game_id}&token=${seat.token}`, target: '_blank' }, `Play (${mine})`) : h('span.muted', {}, 'your game was created (its seat link is in your notices)'),
    h('a', { href: gameHref(g.game_id, false), target: '_blank' }, 'watch')));
  if (g.result !== '*') body.push(h('p', {}, 'Result: ', resultCell(g)));
  if (['new', 'proposed', 'lapsed', 'agreed'].includes(g.state)) {
    const iWant = !!(g.want_alt && g.want_alt[mine === 'white' ? 0 : 1]);
    const theyWant = !!(g.want_alt && g.want_alt[mine === 'white' ? 1 : 0]);
    body.push(h('div.form-row', {}, h('label', {}, h('input', { type: 'checkbox', id: `alt-${k}`, checked: iWant, onchange: (ev) => act('league_tc', { want: ev.target.checked }, ev.target.checked ? `you agree to ${s.alt_tc}` : `agreement to ${s.alt_tc} withdrawn`) }), ` I agree to play ${s.alt_tc}`),
      h('span.muted', {}, theyWant ? `${playerName(opp)} agrees too` : `${playerName(opp)} has not agreed`), h('span.muted', {}, `(played at ${g.tc})`)));
  }
  return h('article.mygame', { id: `mine-${k}`, dataset: { state: g.state, key: k } },
    h('h4', {}, `${f.label} · board ${g.board}${g.game === 2 ? ' · game 2' : ''}: `, h('b', {}, mine === 'white' ? 'White' : 'Black'), ` against ${playerName(opp)} (${teamName(mine === 'white' ? g.black_team : g.white_team)})`),
    body, message(k));
}

// The captain's substitute form: a board whose challenge lapsed unanswered by this team's player.
function substCard(s, f, g, team) {
  const k = gameKey(f, g);
  const side = g.white_team === team.team ? 'white' : 'black';
  const out = side === 'white' ? g.white : g.black;
  const outRating = (player(out) || { rating: 0 }).rating;
  const busy = new Set(f.games.filter((x) => x.board !== g.board).flatMap((x) => [x.white, x.black]));
  const eligible = team.players.filter((p) => p.id !== out && p.rating <= outRating && !busy.has(p.id));
  const sel = h('select', { id: `sub-${k}`, onchange: keep }, eligible.map((p) => h('option', { value: p.id, selected: String(draft(`sub-${k}`)) === String(p.id) || undefined }, `${p.name} (${p.rating})`)));
  return h('article.mygame.subst', { id: `subst-${k}` },
    h('h4', {}, `${f.label} · board ${g.board}${g.game === 2 ? ' · game 2' : ''}: substitute for ${playerName(out)} (${outRating})`),
    h('p', {}, `${playerName(out)} did not answer the challenge. As captain you may put in a player rated not above ${outRating} who plays no other board of this match (art. 5).`),
    eligible.length ? h('div.form-row', {}, sel, h('button.primary', { id: `sub-btn-${k}`, onclick: () => ask({ type: 'league_substitute', token: app.token, ...where(s, f, g), player: Number(sel.value) }, k, 'substitute put in') }, 'Put in the substitute'))
      : h('p.muted', {}, 'No player of the roster is eligible.'),
    message(k));
}

const NOTE = {
  send: (n) => `You send the challenge of ${where2(n)}.`,
  proposed: (n) => `A challenge for ${where2(n)}: start ${n.at_ms ? fmtDate(n.at_ms) : 'now'}. Answer by ${fmtDate(n.deadline_ms)}.`,
  agreed: (n) => `Agreed: ${where2(n)} starts ${n.at_ms ? fmtDate(n.at_ms) : 'as soon as both players are present'}.`,
  lapsed: (n) => `Your challenge of ${where2(n)} lapsed unanswered: send the second one.`,
  subst: (n) => `The challenge of ${where2(n)} lapsed unanswered by your team: you may put in a substitute rated not above the player.`,
  substituted: (n) => `A substitute took ${where2(n)}.`,
  forfeit: (n) => `The second challenge of ${where2(n)} lapsed at ${fmtDate(n.at_ms)}: the non-answering player lost by forfeit.`,
  extended: (n) => `The director moved the deadline of ${where2(n)} to ${fmtDate(n.deadline_ms)}.`,
  tc: (n) => (n.at_ms ? `Your opponent agrees to ${app.snap.alt_tc} in ${where2(n)}.` : `Your opponent withdrew the agreement to ${app.snap.alt_tc} in ${where2(n)}.`),
  game: (n) => `Your game of ${where2(n)} is ready: you play ${n.seat === 0 ? 'White' : 'Black'}.`,
};
function where2(n) {
  const s = app.snap;
  const f = s && s.stage === n.stage ? s.fixtures.find((x) => x.match === n.match) : null;
  const label = f ? f.label : `${STAGE_NAME[n.stage] || n.stage} match ${n.match}`;
  return `${label} board ${n.board}${n.game === 2 ? ' game 2' : ''}`;
}

function noticesBox() {
  const unread = app.notices.filter((n) => n.seq > app.read).length;
  const items = app.notices.slice().reverse().map((n) => h(`li${n.seq > app.read ? '.unread' : ''}`, { dataset: { seq: n.seq, note: n.note } },
    h('span.dot', { title: n.seq > app.read ? 'unread' : 'read' }), h('span.nt', {}, (NOTE[n.note] || ((x) => `${x.note}: ${where2(x)}`))(n)),
    n.note === 'game' && n.token ? [' ', h('a.play', { href: `play.html?game=${n.game_id}&token=${n.token}`, target: '_blank' }, 'Play')] : null,
    h('time.muted', {}, fmtDate(n.server_ms))));
  return h('div.noticebox', { id: 'notices' },
    h('h3', {}, 'Notices', unread ? h('span.badge', { id: 'unread' }, ` ${unread} new`) : null,
      unread ? h('button.small', { id: 'mark-read', onclick: () => { app.read = app.notices.length ? app.notices[app.notices.length - 1].seq : 0; localStorage.setItem(readKey(), String(app.read)); render(); } }, 'mark all read') : null),
    items.length ? h('ul.notices', {}, items) : h('p.muted', {}, 'No notices yet.'));
}

function mineSection(s) {
  const me = player(app.me);
  const team = me && teamOf(me.team);
  const cards = [];
  for (const f of s.fixtures || [])
    for (const g of f.games) if (g.white === app.me || g.black === app.me) cards.push(myGameCard(s, f, g));
  if (team && team.captain === app.me)
    for (const f of s.fixtures || [])
      for (const g of f.games) {
        const answerer = g.sender === 'white' ? 'black' : 'white';
        const ansTeam = answerer === 'white' ? g.white_team : g.black_team;
        if (ansTeam === team.team && (g.state === 'lapsed' || (g.state === 'proposed' && g.challenge === 2))) cards.push(substCard(s, f, g, team));
      }
  const feed = `/feed/league/${app.league}/player/${app.me}`;
  return h('section.card.mine', { id: 'sec-mine' },
    h('h2', {}, `My games · ${me ? me.name : `player ${app.me}`}${team ? ` (${team.name}${team.captain === app.me ? ', captain' : ''})` : ''}`),
    h('p.calendar', {}, 'Your deadlines and agreed starts in your calendar: ',
      h('a', { id: 'calendar-ics', href: `${feed}.ics`, download: `league-${app.league}-${app.me}.ics`, title: 'an iCalendar file (RFC 5545): open it, or subscribe to this address in your calendar' }, 'calendar (.ics)'),
      ' · ', h('a', { id: 'calendar-json', href: `${feed}.json`, title: 'the same entries as JSON, for a bot or a mail bridge' }, 'feed (.json)')),
    h('div.mine-grid', {}, h('div.mygames', {}, cards.length ? cards : h('p.muted', {}, s.status === 'registering' ? 'Your games appear when the league starts.' : 'No game of yours in this stage.')), noticesBox()));
}

// ---- the director ---------------------------------------------------------------------------------

const OPEN = ['new', 'proposed', 'lapsed', 'agreed'];
const LIVE = ['arranging', 'scheduled', 'waiting', 'playing'];
// The instant a row of the director's table waits for: the answer's deadline, the forfeit of an
// absent player, the agreed start.
const dueMs = (g) => g.deadline_ms || g.forfeit_ms || g.start_ms || 9e15;

// The knockout's team ratings: each stage's, recomputed from the rosters (art. 7, F-TEAMRATING),
// beside the group stage's; a change marked with its difference.
function ratingsTable(s) {
  const ko = (s.bracket || []).flatMap((b) => b.teams).filter(Boolean);
  const ids = [...new Set(ko)];
  if (!ids.length) return null;
  const stages = ['groups', 'qf', 'sf', 'final'].filter((st) => st === 'groups' || s.teams.some((t) => t.ratings && t.ratings[st] !== undefined) || (st === 'qf' && s.groups_n === 4));
  const cell = (t, st) => {
    const r = t.ratings && t.ratings[st];
    if (r === undefined) return h('td.num.muted', { title: 'computed when the stage starts' }, '–');
    const g = t.ratings.groups;
    const d = st !== 'groups' && g !== undefined ? Math.round(r) - Math.round(g) : 0;
    return h('td.num', {}, String(Math.round(r)), d ? h('span.delta', { title: 'against the group stage\'s rating' }, ` (${d > 0 ? '+' : '−'}${Math.abs(d)})`) : null);
  };
  return [h('h3', {}, 'Knockout team ratings'),
    h('p.muted', {}, 'Each knockout stage\'s team rating is the average of its board players\' ratings, recomputed from the roster when the stage starts (art. 7; F-TEAMRATING); a drawn match sends the team with the lower one through.'),
    h('div.scroll', {}, h('table.standings.lg-table', { id: 'ko-ratings' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Team'), stages.map((st) => h('th.num', {}, STAGE_NAME[st].replace(/^./, (c) => c.toUpperCase()))))),
      h('tbody', {}, ids.map((id) => teamOf(id)).filter(Boolean).map((t) => h('tr', { dataset: { team: t.team } }, h('td.team', {}, t.name), stages.map((st) => cell(t, st)))))))];
}
const EXTEND = [[60000, '+1 min'], [600000, '+10 min'], [3600000, '+1 h'], [86400000, '+1 day'], [432000000, '+5 days']];

function deskSection(s) {
  const rows = [];
  for (const f of s.fixtures || [])
    for (const g of f.games) if (g.phase ? LIVE.includes(g.phase) : OPEN.includes(g.state) || g.state === 'started') rows.push([f, g]);
  rows.sort((a, b) => dueMs(a[1]) - dueMs(b[1]));
  const controls = [];
  if (s.status === 'registering')
    controls.push(h('button.primary', { id: 'league-start', disabled: s.teams.length !== s.teams_max, title: s.teams.length !== s.teams_max ? `the draw needs all ${s.teams_max} teams (F-GROUPS)` : undefined, onclick: () => ask({ type: 'league_start' }, 'desk', 'registration closed: the draw is made') }, `Close registration and draw (${s.teams.length} of ${s.teams_max} teams)`));
  if (s.status === 'between')
    controls.push(h('button.primary', { id: 'stage-start', onclick: () => ask({ type: 'league_stage_start' }, 'desk', 'the next stage started') }, 'Start the next knockout stage'),
      h('span.muted', {}, 'team ratings are recomputed from the current rosters (F-TEAMRATING)'));
  for (const b of s.bracket || [])
    if (b.by === 'lot_due')
      controls.push(h('span', {}, `${b.label} lot: `, [1, 2].map((w) => h('button', { id: `lot-${b.match}-${w}`, onclick: () => ask({ type: 'league_lot', match: b.match, winner: w }, 'desk', `lot drawn: ${teamName(b.teams[w - 1])}`) }, `${teamName(b.teams[w - 1])} wins`))));
  const exp = ['tables', 'bracket', 'fixtures', 'trf'].map((w) => h('button.small', { id: `export-${w}`, onclick: async () => {
    const r = await ask({ type: 'league_export', what: w }, 'desk', `${w} exported`);
    if (r) download(`league-${app.league}-${w}.${w === 'trf' ? 'trf' : 'txt'}`, r.text || r.data || '');
  } }, w === 'trf' ? 'TRF (group stage)' : w));
  const table = h('div.scroll', {}, h('table.open', { id: 'open-challenges' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Match'), h('th.num', {}, 'Bd'), h('th', {}, 'White – Black'), h('th', {}, 'State'), h('th', {}, 'Extend'), h('th', {}, 'Result'))),
    h('tbody', {}, rows.map(([f, g]) => {
      const k = gameKey(f, g);
      const ext = h('select', { id: `ext-${k}`, onchange: keep }, EXTEND.map(([ms, t]) => h('option', { value: ms, selected: String(draft(`ext-${k}`)) === String(ms) || undefined }, t)));
      const res = h('select', { id: `res-${k}`, onchange: keep }, RESULTS.map((r) => h('option', { value: r, selected: draft(`res-${k}`) === r || undefined }, r)));
      return h('tr', { dataset: { key: k, state: g.state, phase: g.phase || '' } },
        h('td', {}, f.label, h('div.muted.teams', {}, `${teamName(f.teams[0])} – ${teamName(f.teams[1])}`)), h('td.num', {}, `${g.board}${g.game === 2 ? '/2' : ''}`),
        h('td', {}, `${playerName(g.white)} (${teamName(g.white_team)}) – ${playerName(g.black)} (${teamName(g.black_team)})`),
        h('td.state', {}, phaseCell(s, g), tags(g)),
        h('td', { dataset: { h: 'Extend' } }, g.state === 'proposed' ? [ext, ' ', h('button.small', { id: `extend-${k}`, onclick: () => ask({ type: 'league_extend', ...where(s, f, g), deadline_ms: g.deadline_ms + Number(ext.value) }, 'desk', `${f.label} board ${g.board}: deadline extended`) }, 'extend')] : h('span.muted', {}, '–')),
        h('td', { dataset: { h: 'Result' } }, res, ' ', h('button.small', { id: `result-${k}`, onclick: () => ask({ type: 'league_result', ...where(s, f, g), result: res.value }, 'desk', `${f.label} board ${g.board}: ${res.value} entered`) }, 'enter')));
    }))));
  return h('section.card.desk', { id: 'sec-desk' }, h('h2', {}, 'Director'),
    h('div.form-row', {}, controls), message('desk'),
    h('h3', {}, `Open challenges and games in progress (${rows.length}), the nearest deadline first`),
    h('p.muted', {}, 'A deadline moves with Extend (the player who must answer is told); a game whose players are absent is lost by forfeit after the waiting time.'),
    rows.length ? table : h('p.muted', {}, 'None.'),
    ratingsTable(s),
    h('div.form-row', {}, h('span.muted', {}, 'Exports:'), exp,
      h('span.muted', {}, 'PGN of a game: its replay page (a result link).')));
}

function download(name, text) {
  const a = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' })), download: name });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// ---- the page ---------------------------------------------------------------------------------

// Every redraw waits for a press in progress to end (ui/dom.js whenReleased): a reply's redraw
// lands while the next button is pressed as often as a push's does.
function render() {
  whenReleased(draw);
}

function draw() {
  const s = app.snap;
  $('role').textContent = app.role === 'player' ? `player: ${playerName(app.me)}` : app.role;
  const am = app.msg.get('auth');
  $('lg-auth').querySelector('.err')?.remove();
  if (am && am.err) $('lg-auth').append(h('span.err', {}, am.err));
  if (!s) return;
  const focus = document.activeElement && document.activeElement.id;
  const y = window.scrollY;
  document.title = `${s.name} · league`;
  const stage = s.stage ? STAGE_NAME[s.stage] : '';
  $('title').textContent = `${s.name} · ${s.status === 'finished' ? `finished: ${teamName(s.winner)} wins` : s.status === 'between' ? `${stage} over` : s.status === 'registering' ? 'registration' : stage} · ${s.teams_max} teams · ${s.boards} board${s.boards === 1 ? '' : 's'} · ${s.tc}`;
  $('nav-mine').hidden = app.role !== 'player';
  $('nav-desk').hidden = app.role !== 'director';
  const unread = app.notices.filter((n) => n.seq > app.read).length;
  $('nav-mine').textContent = unread ? `My games (${unread})` : 'My games';
  const parts = [];
  if (app.role === 'player') parts.push(mineSection(s));
  if (app.role === 'director') parts.push(deskSection(s));
  if (app.role === 'director' && (s.status === 'registering' || s.status === 'between'))
    parts.push(rosterPanel({
      kind: 'league', event: app.league, snap: s, render, closed: s.status === 'between',
      request: (body) => app.net.request({ ...body, league: app.league }),
      hint: s.status === 'between' ? 'Before the next knockout stage a team\'s roster may change (art. 7): the board players and the team rating of the next stage come from it (F-TEAMRATING). The captain stays; new players get league links.' : `Up to ${s.teams_max} teams of at least ${s.boards} players; every board player rated as of the rating date, up to the league's invited players a team (seed 003 art. 2). `
        + 'The server orders each roster by rating and computes the team rating (the average of the board players\'). Each player gets a league token: the links below.',
    }));
  const ko = s.stage && s.stage !== 'groups';
  if (ko) parts.push(bracketSection(s), fixturesSection(s), groupsSection(s));
  else parts.push(groupsSection(s), fixturesSection(s), bracketSection(s));
  root.replaceChildren(...parts);
  if (focus && $(focus)) $(focus).focus();
  window.scrollTo(0, y);
  tickCountdowns();
  drawnAt = performance.now();
  app.shown = s;
  app.ready = true;
}

// The director's desk (director.html) keeps the admin token in this browser's localStorage.
function deskToken() {
  try { return JSON.parse(localStorage.getItem('bh.admin')) || ''; } catch { return ''; }
}

function init() {
  if (!app.token) app.admin = deskToken();
  app.net = new Net({
    time: app.time,
    onOpen,
    onPush,
    onStatus: (st) => { $('net').textContent = st; $('net').className = `net ${st}`; },
  });
  if (app.token) $('token').value = app.token;
  $('connect').onclick = () => {
    const t = $('token').value.trim();
    app.msg.delete('auth');
    if (t) signInWith(t, false);
  };
  $('token').addEventListener('keydown', (ev) => { if (ev.key === 'Enter') $('connect').click(); });
}

init();
