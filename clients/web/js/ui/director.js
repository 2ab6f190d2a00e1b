// ui/director.js: the director's desk (director.html). SPDX-License-Identifier: MIT
// The server runs the tournament (T-AUTO, protocol/README.md "Tournaments"); this page asks
// and shows. Layout for a laptop: the Live pane (every match of the round with both boards,
// js/ui/desk_live.js) beside a tabbed panel: Event (create, the hall's pages, single games),
// Teams (register, rosters, links, presence), Pairings (per round), Standings (tie-breaks,
// crosstable, CSV, print), Controls (a game, a team, rounds by hand, announce, files) and the
// Log of what this desk sent and what the server answered.
// Pushes: `round` (pairings and results), `standings`, `assign` (seat tokens of each new game:
// the join links), `live` (pause status), `game2_choice`, `announcement`, and the game pushes of
// every game the desk joined (a director's joins accumulate on one socket). tournament_get on
// every (re)connect gives the tournament back after a reload; tokens the server shows once
// (team tokens, seat tokens) are kept in this browser's localStorage.

import { Net, oneAtATime } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg, TEAM_SEATS, reasonText, parsePairs } from '../proto.js';
import { fromState, apply, seatName } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, toast, notify, dismiss, notifyError, whenReleased } from './dom.js';
import { explain } from './errors.js';
import { roundList, slug, standingsCsv, crosstableCsv, gpText, standingsTitle, scheduleText, rowMarks, pushOrder, withDelta } from '../tourdata.js';
import { roundTable, standingsInto, crosstableTable, gameHref } from './tables.js';
import { fitGrid, flagsOf, drawFlags } from './desk_live.js';
import { parseTeams } from '../teamimport.js';
import { sha256Hex } from '../sha256.js';

const store = {
  get: (k, d) => { try { return JSON.parse(localStorage.getItem(k)) ?? d; } catch { return d; } },
  set: (k, v) => { try { localStorage.setItem(k, JSON.stringify(v)); } catch { /* full: kept in memory */ } },
};

const app = {
  admin: store.get('bh.admin', '') || '',
  time: new ServerTime(),
  net: null,
  games: [], // last `games` reply
  tokens: store.get('bh.tokens', {}), // game id -> {tokens[4], names[4], round, match, game_no, team1, team2}
  teamTokens: store.get('bh.teamtok', {}), // team id -> team token
  revoked: store.get('bh.revoked', {}), // team id -> true: the token kept here was reissued elsewhere
  tour: null, // the latest `tournament` reply, kept current by round / standings pushes
  rounds: {}, // round number -> `round` message (of app.tour)
  minis: new Map(), // game id -> {g, view, el, head, res, body, m (its match or null)}
  results: {}, // game id -> result as the game's own pushes said it ("1-0": seats 0 and 3 won)
  live: new Map(), // game id -> row of the `live` list (paused, clocks)
  choices: new Map(), // game 1 id -> pending game2_choice (P-GAME2)
  flagsSeen: new Set(), // "game:flag" of every flag a card showed (the browser test reads it)
  log: store.get('bh.log', []), // [{t, what, detail, ok, answer}], newest last
  tab: store.get('bh.tab', ''),
  shownRound: 0, // the round the Pairings tab shows (0: the current one)
  els: {},
};
window.app = app;

const $ = (id) => document.getElementById(id);
const LOG_MAX = 400;

function init() {
  app.els.net = $('net');
  $('admin-token').value = app.admin;
  $('connect').onclick = () => {
    app.admin = $('admin-token').value.trim();
    store.set('bh.admin', app.admin);
    if (app.net) app.net.close();
    connect();
  };
  $('game-form').onsubmit = (e) => { e.preventDefault(); createGame(); };
  $('tour-form').onsubmit = (e) => { e.preventDefault(); createTournament(); };
  $('club-form').onsubmit = (e) => { e.preventDefault(); createClub(); };
  $('league-form').onsubmit = (e) => { e.preventDefault(); createLeague(); };
  for (const r of document.querySelectorAll('input[name="fmt"]')) r.onchange = drawFormat;
  drawEvents();
  for (const id of ['k-base', 'k-wait', 'k-break', 'k-protest']) $(id).oninput = clubWarn;
  drawFormat();
  $('team-form').onsubmit = (e) => { e.preventDefault(); registerTeam(); };
  $('team-edit-cancel').onclick = () => editTeam(0);
  $('import-go').onclick = importTeams;
  $('t-start').onclick = startTournament;
  $('t-pause').onclick = pauseTournament;
  $('c-pause').onclick = () => pauseGame(Number($('c-game').value));
  $('c-set-result').onclick = setResult;
  $('c-bpgn').onclick = exportBpgn;
  $('c-withdraw').onclick = withdrawTeam;
  $('c-sched-set').onclick = () => scheduleRound(false);
  $('c-sched-clear').onclick = () => scheduleRound(true);
  $('c-pair').onclick = pairRound;
  $('c-start-round').onclick = startRound;
  $('c-trf').onclick = exportTrf;
  $('c-game').onchange = () => { drawControls(); drawResultLog(); };
  $('ann-send').onclick = announce;
  $('ann-text').oninput = drawAnnBytes;
  $('csv-standings').onclick = $('f-csv-standings').onclick = () => csvFile('standings');
  $('csv-crosstable').onclick = $('f-csv-crosstable').onclick = () => csvFile('crosstable');
  $('f-bpgn-round').onclick = exportRoundBpgn;
  $('log-clear').onclick = () => { app.log = []; store.set('bh.log', app.log); drawLog(); };
  $('side-toggle').onclick = () => {
    const hidden = $('desk-main').classList.toggle('side-hidden');
    $('side-toggle').textContent = hidden ? '⇤ Show panel' : 'Hide panel ⇥';
    fitSoon();
  };
  for (const b of document.querySelectorAll('#tabs [role="tab"]')) b.onclick = () => showTab(b.dataset.pane, true);
  showTab(app.tab || 'event');
  window.addEventListener('resize', fitSoon);
  drawAll();
  if (app.admin) connect();
  // The cards' clocks ten times a second (their finest digit is a tenth), not every frame: a
  // desk of sixteen boards stays light on a laptop.
  setInterval(() => {
    const now = app.time.now();
    for (const m of app.minis.values()) if (m.view) m.view.tick(now);
  }, 100);
  setInterval(drawCardFlags, 500);
  setInterval(drawSchedule, 1000);
}

function showTab(pane, byHand) {
  if (!$(`pane-${pane}`)) pane = 'event';
  app.tab = pane;
  if (byHand) store.set('bh.tab', pane);
  for (const b of document.querySelectorAll('#tabs [role="tab"]')) {
    const on = b.dataset.pane === pane;
    b.setAttribute('aria-selected', on ? 'true' : 'false');
    b.classList.toggle('on', on);
  }
  for (const p of document.querySelectorAll('.side .pane')) p.hidden = p.id !== `pane-${pane}`;
}

function connect() {
  app.net = new Net({
    time: app.time,
    onStatus: (s) => { app.els.net.textContent = s; app.els.net.className = `net ${s}`; },
    onOpen: async () => {
      try {
        await app.net.request(msg.auth(app.admin));
        $('auth-state').textContent = 'director';
        document.body.classList.add('authed');
        // After a reconnect: watch the same games again (each join answers with a full state).
        for (const id of app.minis.keys()) app.net.request(msg.join(id)).catch(() => {});
        app.net.request(msg.live()).then(onLive, () => {});
        await loadTournament();
        refresh();
      } catch (e) {
        $('auth-state').textContent = e.code === 'unauthorized' ? 'wrong admin token' : explain('auth', e).text;
      }
    },
    onPush,
  });
  clearInterval(app.timer);
  app.timer = setInterval(refresh, 2000);
}

// ---- the log: every command this desk sends, with the server's answer ----

function logEntry(what, detail) {
  const e = { t: Date.now(), what, detail: detail || '', ok: null, answer: '…' };
  app.log.push(e);
  if (app.log.length > LOG_MAX) app.log.splice(0, app.log.length - LOG_MAX);
  return e;
}

function logDone(e, ok, answer) {
  e.ok = ok;
  e.answer = answer;
  store.set('bh.log', app.log);
  drawLog();
}


// Send body, logged as `what` (detail: what it was about); the reply, or throws the error.
async function cmd(what, body, detail, answer) {
  const e = logEntry(what, detail);
  try {
    const r = await app.net.request(body);
    logDone(e, true, answer ? answer(r) : 'ok');
    return r;
  } catch (err) {
    logDone(e, false, `${err.code}${err.field ? ' (' + err.field + ')' : ''}${err.message ? ': ' + err.message : ''}`);
    throw err;
  }
}

// ---- the tournament ----

// The tournament again after a missed push, once until it is here.
const reloadTournament = oneAtATime(() => loadTournament(app.tour.tournament));

async function loadTournament(id) {
  try {
    const want = id || (app.tour && app.tour.tournament) || store.get('bh.tourId', 0);
    setTournament(await app.net.request(msg.tournamentGet(want || undefined)));
  } catch (e) {
    if (e.code !== 'not_found' && e.code !== 'disconnected') notifyError(explain('tournament_get', e));
  }
}

function setTournament(t) {
  if (!app.tour || app.tour.tournament !== t.tournament) app.rounds = store.get(`bh.rounds.${t.tournament}`, {});
  const first = !app.tour;
  app.tour = t;
  store.set('bh.tourId', t.tournament);
  for (const r of t.history || []) app.rounds[r.round] = { type: 'round', ...r };
  if (t.current) onRound({ type: 'round', ...t.current });
  if (first && !store.get('bh.tab', '')) showTab(t.status === 'registering' ? 'teams' : 'standings');
  drawAll();
  checkLinks(t);
}

// The team links kept here that the server no longer has (issue 26: reissued in another
// browser). The server keeps only token hashes and shows a director the first digits of each
// team token's (`link`): a kept token whose hash does not start so is revoked. It is dropped
// (its links no longer work), its team marked, and a notice says so once.
async function checkLinks(t) {
  const gone = [];
  for (const x of t.teams) {
    const tok = app.teamTokens[x.team];
    if (tok && x.link && !(await sha256Hex(tok)).startsWith(x.link)) gone.push(x);
  }
  if (!gone.length || app.tour !== t) return;
  for (const x of gone) {
    delete app.teamTokens[x.team];
    app.revoked[x.team] = true;
  }
  store.set('bh.teamtok', app.teamTokens);
  store.set('bh.revoked', app.revoked);
  const names = gone.map((x) => x.name).join(', ');
  notify({ id: 'revoked', sticky: true, kind: 'warn', text: `${names}: links reissued in another browser. The links this page showed no longer work; the new ones are in the browser that reissued them (or reissue again here).` });
  logDone(logEntry('team_token', `${names}: links reissued in another browser; the ones kept here are revoked`), true, 'seen');
  drawTeams();
}

function keepToken(team, token) {
  app.teamTokens[team] = token;
  delete app.revoked[team];
  store.set('bh.teamtok', app.teamTokens);
  store.set('bh.revoked', app.revoked);
}

async function refresh() {
  let r;
  try {
    r = await app.net.request(msg.games());
  } catch {
    return;
  }
  app.games = r.games;
  drawGames();
  syncMinis();
}

function playLink(token) {
  return `${location.origin}/play.html?token=${token}`;
}


async function createGame() {
  const base = Math.round(Number($('g-base').value) * 60000);
  const inc = Math.round(Number($('g-inc').value) * 1000);
  const names = ['p0', 'p1', 'p2', 'p3'].map((id) => $(id).value.trim() || $(id).placeholder);
  try {
    const r = await cmd('game_create', msg.gameCreate({ base_ms: base, inc_ms: inc, players: names }), `${names.join(', ')} · ${base / 60000}+${inc / 1000}`, (x) => `game ${x.game}`);
    app.tokens[r.game] = { tokens: r.tokens, names };
    store.set('bh.tokens', app.tokens);
    toast(`game ${r.game} created`);
    await refresh();
  } catch (e) {
    notifyError(explain('game_create', e));
  }
}

async function startGame(id) {
  try {
    await cmd('game_start', msg.gameStart(id), `game ${id}`);
    refresh();
  } catch (e) {
    notifyError(explain('game_start', e));
  }
}

async function createTournament() {
  const o = { name: $('t-name').value.trim() || 'Bughouse Open' };
  o.base_ms = Math.round(Number($('t-base').value) * 60000);
  o.inc_ms = Math.round(Number($('t-inc').value) * 1000);
  if ($('t-ruleset').value) o.ruleset = $('t-ruleset').value;
  if ($('t-rounds').value) o.rounds = Number($('t-rounds').value);
  if ($('t-small').value) o.small = $('t-small').value;
  if ($('t-late').value) o.late_until = Number($('t-late').value);
  if (Number($('t-byes').value) > 0) {
    o.bye_requests = Number($('t-byes').value);
    o.bye_kind = $('t-byekind').value;
  }
  if ($('t-wait').value !== '') o.wait_s = Number($('t-wait').value);
  if ($('t-break').value !== '') o.break_s = Number($('t-break').value);
  const tb = $('t-tb').value.split(/[\s,]+/).filter(Boolean);
  if (tb.length) o.tiebreaks = tb;
  try {
    const r = await cmd('tournament_create', msg.tournamentCreate(o), `${o.name} · ${o.base_ms / 60000}+${o.inc_ms / 1000}${o.rounds ? ' · ' + o.rounds + ' rounds' : ''}`, (x) => `tournament ${x.tournament}`);
    toast(`tournament ${r.tournament} created`);
    await loadTournament(r.tournament);
    showTab('teams', true);
  } catch (e) {
    notifyError(explain('tournament_create', e));
  }
}

// ---- the other formats: a club round robin (seed 004), a league (seed 003) ----
// Created here with the regulation's values as the form's defaults; each is then run from its
// own page (club.html, league.html), which takes the admin token this desk keeps.

// The club and league events this desk created (kept in this browser), newest first, each a
// link to its page.
function drawEvents() {
  const events = store.get('bh.events', []).slice().reverse();
  $('my-events').hidden = !events.length;
  $('my-events-list').replaceChildren(...events.map((e) => h('li', {},
    h('a', { href: e.page }, e.name), h('span.muted', {}, ` · ${e.kind === 'club' ? 'club round robin' : 'team league'} ${e.id}`))));
}

function drawFormat() {
  const f = document.querySelector('input[name="fmt"]:checked').value;
  for (const id of ['tour-form', 'swiss-head', 't-auto-note']) $(id).hidden = f !== 'swiss';
  $('club-form').hidden = f !== 'club';
  $('league-form').hidden = f !== 'league';
  clubWarn();
}

// What the club form's numbers mean together, before anything is sent.
function clubWarn() {
  const base = Number($('k-base').value), wait = Number($('k-wait').value);
  const brk = Number($('k-break').value), protest = Number($('k-protest').value);
  const w = [];
  if (wait > base) w.push(`The waiting time (${wait} min) is longer than a player's clock (${base} min): a player who comes late still loses on time first.`);
  if (brk < protest) w.push(`The time between rounds (${brk} min) must be at least the protest window (${protest} min): a protest is decided before the next round (F-PROTEST).`);
  $('k-warn').hidden = !w.length;
  $('k-warn').textContent = w.join(' ');
}

const minutes = (id) => Math.round(Number($(id).value) * 60);

async function createEvent(kind, body, what) {
  try {
    const r = await cmd(`${kind}_create`, body, what, (x) => `${kind} ${x[kind]}`);
    const page = `${kind}.html?${kind}=${r[kind]}`;
    const events = store.get('bh.events', []); // the way back to each event this desk made
    events.push({ kind, id: r[kind], name: body.name, page });
    store.set('bh.events', events.slice(-50));
    $('fmt-created').hidden = false;
    $('fmt-created').replaceChildren(`${body.name}: created. Its page, where the teams register: `, h('a', { href: page, id: 'fmt-open' }, page));
    location.assign(page);
  } catch (e) {
    notifyError(explain(`${kind}_create`, e));
  }
}

function createClub() {
  const o = {
    type: 'club_create', name: $('k-name').value.trim() || 'Club championship',
    boards: Number($('k-boards').value), reserves: Number($('k-reserves').value),
    min_players: Number($('k-min').value), max_subs: Number($('k-subs').value),
    base_ms: Math.round(Number($('k-base').value) * 60000), inc_ms: Math.round(Number($('k-inc').value) * 1000),
    wait_s: minutes('k-wait'), break_s: minutes('k-break'), protest_s: minutes('k-protest'),
    deposit: Math.round(Number($('k-deposit').value) * 100), double: $('k-double').checked,
    sb: $('k-sb').value,
  };
  return createEvent('club', o, `${o.name} · ${o.boards} boards + ${o.reserves} · ${o.base_ms / 60000}+${o.inc_ms / 1000}`);
}

function createLeague() {
  const day = 86400000;
  const o = {
    type: 'league_create', name: $('l-name').value.trim() || 'Team league',
    teams: Number($('l-teams').value), groups: Number($('l-groups').value), boards: Number($('l-boards').value),
    max_invited: Number($('l-invited').value), wait_s: minutes('l-wait'),
    base_s: minutes('l-base'), inc_s: Number($('l-inc').value), alt_base_s: minutes('l-alt-base'), alt_inc_s: Number($('l-alt-inc').value),
    first_valid_ms: Math.round(Number($('l-first').value) * day), second_valid_ms: Math.round(Number($('l-second').value) * day),
  };
  if ($('l-date').value) o.rating_date = Number($('l-date').value.replace(/-/g, ''));
  return createEvent('league', o, `${o.name} · ${o.teams} teams in ${o.groups} groups · ${o.boards} boards`);
}

async function registerTeam() {
  if (!app.tour) return toast('create the tournament first');
  const name = $('team-name').value.trim();
  const players = [$('team-captain').value.trim(), $('team-partner').value.trim()];
  if (!name || !players[0] || !players[1]) return toast('a team needs a name and two players');
  const rv = [$('team-captain-rating').value, $('team-partner-rating').value];
  const ratings = rv.some((x) => x !== '') ? rv.map((x) => Number(x) || 0) : undefined;
  const editing = app.editTeam;
  try {
    const r = await cmd('team_register', msg.teamRegister(app.tour.tournament, name, players, ratings, editing), `${editing ? 'corrected: ' : ''}${name}: ${players.join(' & ')}`, (x) => `team ${x.team}`);
    if (r.token) keepToken(r.team, r.token);
    dismiss('team_register'); // a refusal of an earlier try is no longer true (issue 26)
    if (editing) toast(`${name}: corrected (its links stay)`);
    editTeam(0);
    $('team-name').focus();
    await loadTournament(app.tour.tournament);
  } catch (e) {
    notifyError(explain('team_register', e), { id: 'team_register' });
  }
}

// Import a team list (CSV or TRF team records, teamimport.js): each team registered in turn
// (the director's connection has a budget for this: hub.h HUB_DIRECTOR_BURST), a progress
// line, and every line that was not registered with the reason (the parser's or the server's).
async function importTeams() {
  if (!app.tour) return toast('create the tournament first');
  const file = $('import-file').files[0];
  const text = file ? await file.text() : $('import-text').value;
  if (!text.trim()) return toast('choose a file or paste the list');
  const list = parseTeams(text);
  const errors = list.errors.slice();
  const prog = $('import-progress');
  const go = $('import-go');
  go.disabled = true;
  let ok = 0;
  const t0 = performance.now();
  for (const [i, t] of list.teams.entries()) {
    prog.textContent = `registering ${i + 1} of ${list.teams.length}: ${t.name}…`;
    try {
      const r = await cmd('team_register', msg.teamRegister(app.tour.tournament, t.name, t.players, t.ratings.some(Boolean) ? t.ratings : undefined), `${t.name}: ${t.players.join(' & ')} (import, line ${t.line})`, (x) => `team ${x.team}`);
      if (r.token) app.teamTokens[r.team] = r.token;
      ok++;
    } catch (e) {
      errors.push({ line: t.line, text: `${t.name}: ${explain('team_register', e).text}` });
      if (e.code === 'disconnected' || e.code === 'rate_limited') break;
    }
  }
  store.set('bh.teamtok', app.teamTokens);
  errors.sort((a, b) => a.line - b.line);
  prog.textContent = `${ok} of ${list.teams.length + list.errors.length} team${list.teams.length + list.errors.length === 1 ? '' : 's'} imported from ${list.format.toUpperCase()} in ${((performance.now() - t0) / 1000).toFixed(1)} s${errors.length ? `; ${errors.length} not (below)` : ''}`;
  $('import-errors').replaceChildren(...errors.map((e) => h('li', { dataset: { line: e.line } }, e.line ? `line ${e.line}: ${e.text}` : e.text)));
  go.disabled = false;
  await loadTournament(app.tour.tournament);
}

async function startTournament() {
  if (!app.tour) return;
  try {
    setTournament(await cmd('tournament_start', msg.tournamentStart(app.tour.tournament), app.tour.name, (x) => `round ${x.round}/${x.rounds} paired (${x.format})`));
    if (app.tour.fallback) toast(`few teams: ${app.tour.format === 'round_robin' ? 'round robin' : 'rounds capped'} (T-ROUNDS)`);
  } catch (e) {
    notifyError(explain('tournament_start', e));
  }
}

// T-AUTO on hold (no new game, no new round; games in progress play on) or going again.
async function pauseTournament() {
  if (!app.tour) return;
  const pause = app.tour.status === 'running';
  try {
    setTournament(await cmd('tournament_pause', msg.tournamentPause(app.tour.tournament, pause), pause ? 'pause' : 'resume', (x) => x.status));
  } catch (e) {
    notifyError(explain('tournament_pause', e));
  }
}

// ---- the director's controls ----

async function pauseGame(id) {
  if (!id) return toast('pick a game');
  const row = app.live.get(id);
  const paused = !(row && row.paused);
  try {
    await cmd('game_pause', msg.gamePause(id, paused), `game ${id}: ${paused ? 'pause' : 'resume'}`);
    toast(`game ${id} ${paused ? 'paused' : 'resumed'}`);
  } catch (e) {
    notifyError(explain('game_pause', e));
  }
}

// result_log (issue 26 item 4, the audit trail): every result set on the picked game, when, by
// whom, through which page, and what it replaced.
async function drawResultLog() {
  const id = Number($('c-game').value);
  const el = $('c-result-log');
  if (!id || !app.net) {
    el.hidden = true;
    return;
  }
  try {
    const r = await app.net.request(msg.resultLog(id));
    if (Number($('c-game').value) !== id) return; // another game was picked meanwhile
    const when = (ms) => new Date(ms).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    el.replaceChildren(h('strong', {}, `Results set on game #${id}`),
      r.entries.length ? h('ol', {}, r.entries.map((x) => h('li', { dataset: { who: x.who, page: x.page } },
        `${when(x.at_ms)} · ${x.who} (${x.page}): ${x.result} ${x.reason}${x.was !== '*' ? ` (was ${x.was})` : ''}`)))
        : h('span.muted', {}, ' none: its result came from the board'));
    el.hidden = false;
  } catch {
    el.hidden = true;
  }
}

async function setResult() {
  const id = Number($('c-game').value);
  if (!id) return toast('pick a game');
  const reason = $('c-reason').value.trim() || 'adjudicated';
  try {
    await cmd('game_result', msg.gameResult(id, $('c-result').value, reason), `game ${id}: ${$('c-result').value} ${reason}`);
    toast(`game ${id}: ${$('c-result').value} ${reason}`);
    refresh();
    drawResultLog();
  } catch (e) {
    notifyError(explain('game_result', e));
  }
}

// What a withdrawal of `team` now does to its current match (issue 17; the server decides:
// runner_withdraw / tour_withdraw_games, T-FORFEIT): a sentence for the confirmation.
export function withdrawEffect(tour, rounds, team, keep) {
  const n = tour && tour.round ? tour.round : 0;
  const rd = rounds[n];
  const m = rd && rd.matches.find((x) => x.team1 === team || x.team2 === team);
  const after = `It is not paired from round ${n + 1} on.`;
  if (!m || m.status === 'done') return `Its round ${n} match is over: it stands. ${after}`;
  if (m.status === 'bye') return `Its bye of round ${n} is given up (it scores nothing). ${after}`;
  const other = m.team1 === team ? m.name2 : m.name1;
  if (keep) return `It plays its round ${n} match against ${other} to the end. ${after}`;
  const played = (m.results || []).map((r, i) => (r ? i : -1)).filter((i) => i >= 0);
  if (!played.length) return `Its round ${n} match against ${other} is forfeited: ${other} wins it 2-0 (T-FORFEIT). ${after}`;
  const mine = m.team1 === team ? 0 : 1;
  const gp1 = (played.map((i) => m.results[i]).map((r) => (r === '1-0' ? [1, 0] : r === '0-1' ? [0, 1] : [0.5, 0.5])).reduce((s, x) => s + x[mine], 0));
  const gpo = played.length - gp1;
  const rest = (m.results || []).length - played.length;
  return `Game ${played.map((i) => i + 1).join(', ')} against ${other} stands (${gpText(gp1)}-${gpText(gpo)}); ` +
    `${rest === 1 ? 'game ' + (played.length + 1) + ' is' : 'the other games are'} forfeited to ${other}: ` +
    `the match ends ${gpText(gp1)}-${gpText(gpo + rest)}. ${after}`;
}

// A yes/no dialog; with `field` ({ label, min, max, value }) it also asks for a number and
// resolves with it (false on Cancel), the browser checking the range before Yes counts.
function confirmDialog(title, text, yes, field = null) {
  return new Promise((resolve) => {
    let d = $('confirm');
    if (!d) {
      d = h('dialog.confirm', { id: 'confirm', 'aria-labelledby': 'confirm-title' },
        h('h2', { id: 'confirm-title' }), h('p', { id: 'confirm-text' }),
        h('p.confirm-field', { id: 'confirm-field' }, h('label', { for: 'confirm-input', id: 'confirm-label' }), ' ', h('input', { id: 'confirm-input', type: 'number', step: '1' })),
        h('div.chips', {}, h('button.danger', { id: 'confirm-yes', type: 'button' }), h('button', { id: 'confirm-no', type: 'button' }, 'Cancel')));
      document.body.append(d);
    }
    d.querySelector('h2').textContent = title;
    d.querySelector('#confirm-text').textContent = text;
    const f = d.querySelector('#confirm-field'), inp = d.querySelector('#confirm-input');
    f.hidden = !field;
    if (field) {
      d.querySelector('#confirm-label').textContent = field.label;
      Object.assign(inp, { min: field.min ?? '', max: field.max ?? '', value: field.value ?? '' });
    }
    const y = d.querySelector('#confirm-yes'), n = d.querySelector('#confirm-no');
    y.textContent = yes;
    const done = (v) => { y.onclick = n.onclick = null; d.onclose = null; if (d.open) d.close(); resolve(v); };
    y.onclick = () => {
      if (!field) return done(true);
      if (!inp.value || !inp.reportValidity()) return;
      done(Number(inp.value));
    };
    n.onclick = () => done(false);
    d.onclose = () => done(false);
    d.showModal();
    if (field) inp.focus();
  });
}

async function withdrawTeam() {
  const team = Number($('c-team').value);
  if (!app.tour || !team) return toast('pick a team');
  const keep = $('c-keep').checked;
  const ok = await confirmDialog(`Withdraw ${teamName(team)}?`, withdrawEffect(app.tour, app.rounds, team, keep) + ' It can be taken back from the Teams list: the team is then paired again from the next round, and what the withdrawal forfeited stays forfeited.', `Withdraw ${teamName(team)}`);
  if (!ok) return;
  try {
    setTournament(await cmd('team_withdraw', msg.teamWithdraw(app.tour.tournament, team, $('c-keep').checked), `${teamName(team)}${$('c-keep').checked ? ' (keeps its match)' : ''}`));
    toast(`${teamName(team)} withdrawn`);
    refresh();
  } catch (e) {
    notifyError(explain('team_withdraw', e));
  }
}

// team_withdraw with undo (issue 26 item 4): the team is paired again from the next round to
// be paired; the rounds it missed stay unplayed, a forfeit its withdrawal made stands.
async function reinstate(team) {
  const t = app.tour;
  if (!t) return;
  const from = (t.round || 0) + 1;
  const ok = await confirmDialog(`Take back the withdrawal of ${teamName(team)}?`,
    `${teamName(team)} is paired again from round ${from}. The rounds it missed stay unplayed (0 points), and a match or game its withdrawal forfeited keeps the forfeit's score (T-FORFEIT).`,
    `Undo the withdrawal`);
  if (!ok) return;
  try {
    setTournament(await cmd('team_withdraw', msg.teamReinstate(t.tournament, team), `${teamName(team)}: withdrawal taken back`));
    toast(`${teamName(team)} is back: paired from round ${from}`);
    refresh();
  } catch (e) {
    notifyError(explain('team_withdraw', e));
  }
}

// A correction before the start (team_register with team): the team's entry in the form, saved
// in its place (its number, token and links stay). editTeam(0) empties the form again.
function editTeam(team) {
  const x = team && app.tour ? app.tour.teams.find((y) => y.team === team) : null;
  app.editTeam = x ? team : 0;
  const r = (x && x.ratings) || [];
  const v = x ? [x.name, x.players[0], x.players[1], r[0] || '', r[1] || ''] : ['', '', '', '', ''];
  ['team-name', 'team-captain', 'team-partner', 'team-captain-rating', 'team-partner-rating'].forEach((id, i) => { $(id).value = v[i]; });
  $('team-form-title').textContent = x ? `Correct ${x.name}` : 'Register a team';
  $('team-add').textContent = x ? 'Save the correction' : 'Register team';
  $('team-edit-cancel').hidden = !x;
  if (x) $('team-name').focus();
}

// team_remove (issue 26 item 1): before the start a team's entry goes; its links stop working.
async function removeTeam(team) {
  const t = app.tour;
  if (!t) return;
  const ok = await confirmDialog(`Remove ${teamName(team)}?`, `${teamName(team)} leaves the tournament before its start: its team link and its players' links stop working. To replace it, register the team again (a new link is made).`, `Remove ${teamName(team)}`);
  if (!ok) return;
  try {
    setTournament(await cmd('team_remove', msg.teamRemove(t.tournament, team), `${teamName(team)} removed before the start`));
    delete app.teamTokens[team];
    store.set('bh.teamtok', app.teamTokens);
    toast(`${teamName(team)} removed`);
    refresh();
  } catch (e) {
    notifyError(explain('team_remove', e));
  }
}

// bye_request (T-REQBYE, issue 26 item 4): the team sits out a round not yet paired, not the
// last; the pairing gives it the event's bye (a drawn match, or nothing).
function byeRoundsOpen(t) {
  const from = t.status === 'registering' ? 1 : (t.round || 0) + 1;
  const last = t.rounds || 0; // 0 before the start: T-ROUNDS decides at the start
  return { from, to: last ? last - 1 : 64 };
}

async function requestBye(team) {
  const t = app.tour;
  if (!t) return;
  const x = t.teams.find((y) => y.team === team) || {};
  const { from, to } = byeRoundsOpen(t);
  const taken = (x.byes || []).length;
  const score = t.bye_kind === 'zero' ? 'scores nothing' : 'scores a drawn match (1 match point, 1 game point)';
  const rnd = await confirmDialog(`A bye for ${teamName(team)}?`,
    `${teamName(team)} sits out the round you pick: the pairing leaves it out and it ${score}. ` +
    `A team may take ${t.bye_requests} requested bye${t.bye_requests === 1 ? '' : 's'} (${taken} taken), not in the last round` +
    `${t.rounds ? ` (round ${t.rounds})` : ''}; it can be taken back until its round is paired.`,
    'Request the bye', { label: 'Round', min: from, max: to, value: from });
  if (rnd === false) return;
  try {
    setTournament(await cmd('bye_request', msg.byeRequest(t.tournament, team, rnd, false), `${teamName(team)}: a bye in round ${rnd}`));
    toast(`${teamName(team)} sits out round ${rnd}`);
    refresh();
  } catch (e) {
    notifyError(explain('bye_request', e));
  }
}

async function cancelBye(team, rnd) {
  const t = app.tour;
  if (!t) return;
  const ok = await confirmDialog(`Take back ${teamName(team)}'s bye in round ${rnd}?`, `${teamName(team)} is paired in round ${rnd} again.`, 'Take the bye back');
  if (!ok) return;
  try {
    setTournament(await cmd('bye_request', msg.byeRequest(t.tournament, team, rnd, true), `${teamName(team)}: bye in round ${rnd} taken back`));
    toast(`${teamName(team)} plays round ${rnd}`);
    refresh();
  } catch (e) {
    notifyError(explain('bye_request', e));
  }
}

// round_schedule (T-SCHEDULE, issue 26 item 4): a round not yet paired starts at a set time
// (the director's local time in the form), or when the last one ends (clear).
function drawSchedule() {
  const t = app.tour;
  const line = scheduleText(t, app.time.epochNow());
  $('sched-line').hidden = !line;
  $('sched-line').textContent = line;
  const s = t && t.schedule;
  $('c-sched-now').textContent = s
    ? `Round ${s.round} starts no earlier than ${new Date(s.start_ms).toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' })}${line ? ` (${line.replace(/^.*\(in /, 'in ').replace(/\)$/, '')})` : ''}; the other rounds start when the last one ends, after the break.`
    : 'No round is scheduled: each round starts when the last one ends, after the break.';
}

async function scheduleRound(clear) {
  const t = app.tour;
  if (!t) return;
  const rnd = Number($('c-sched-round').value);
  if (!rnd || !$('c-sched-round').reportValidity()) return;
  let at = 0;
  if (!clear) {
    const v = $('c-sched-at').value;
    if (!v) {
      $('c-sched-at').setCustomValidity('pick the time the round starts');
      $('c-sched-at').reportValidity();
      $('c-sched-at').setCustomValidity('');
      return;
    }
    at = new Date(v).getTime(); // datetime-local: the browser's own time zone
  }
  try {
    setTournament(await cmd('round_schedule', msg.roundSchedule(t.tournament, rnd, at), clear ? `round ${rnd}: starts when the last one ends` : `round ${rnd} at ${new Date(at).toLocaleString()}`));
    toast(clear ? `round ${rnd} starts when the last one ends` : `round ${rnd} starts at ${new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`);
    refresh();
  } catch (e) {
    notifyError(explain('round_schedule', e));
  }
}

async function tourCmd(what, build, detail) {
  if (!app.tour) return;
  try {
    setTournament(await cmd(what, build(app.tour.tournament), detail, (x) => `round ${x.round} ${x.current ? x.current.status : ''}`));
    refresh();
  } catch (e) {
    // the refusal's sentence knows whether the tournament is paused (issue 26: it said "pause
    // the tournament" to a director who had)
    notifyError(explain(what, { ...e, paused: app.tour.status === 'paused' }), { id: what });
  }
}

// round_start. While a P-GAME2 choice is open, game 2 waits for the losing captain whatever the
// director presses (issue 13): the desk says so, with the time left, instead of nothing.
async function startRound() {
  const open = [...app.choices.values()].filter((c) => c.until > performance.now());
  await tourCmd('round_start', msg.roundStart, 'start next round');
  if (!open.length) return;
  const c = open[0];
  const left = Math.max(0, Math.ceil((c.until - performance.now()) / 1000));
  notify({
    id: 'g2-wait', kind: 'warn', sticky: true,
    text: `Game 2 waits for ${teamName(c.team)}'s captain to choose the colours (P-GAME2, ${left} s left${app.tour && app.tour.status === 'paused' ? ', counted once the tournament runs' : ''})${open.length > 1 ? ` and ${open.length - 1} more` : ''}: it starts after the choice, or with the colours swapped when the time is up.`,
  });
}

// round_pair: by the Swiss pairer when the Pairs field is empty, else by hand ("1-4, 2-3, 5-0":
// pairing numbers, 0 = the bye). A refusal names the pair as typed and the server's reason.
async function pairRound() {
  if (!app.tour) return;
  const text = $('c-pairs').value.trim();
  let pairs = null;
  try {
    if (text) pairs = parsePairs(text, app.tour.teams || []);
  } catch (e) {
    return notifyError({ text: `Pairs: ${e.message}.`, sticky: true });
  }
  try {
    const budget = Number($('c-budget').value) || 0;
    if (!pairs && budget && (budget < 1 || budget > 3600 || !Number.isInteger(budget))) return notifyError({ text: 'Search for at most: a whole number of seconds from 1 to 3600.', sticky: true });
    setTournament(await cmd('round_pair', msg.roundPair(app.tour.tournament, pairs, $('c-rematch').checked, pairs ? 0 : budget), pairs ? `by hand: ${text}` : 'Swiss pairer', (x) => `round ${x.round} paired`));
    toast(pairs ? `round ${app.tour.round} paired by hand` : `round ${app.tour.round} paired`);
    refresh();
  } catch (e) {
    const i = /^pairs\[(\d+)\]$/.exec(e.field || '');
    const typed = i ? text.split(/[,;]+/).map((x) => x.trim()).filter(Boolean)[Number(i[1])] : null;
    // By hand the server says which pair and why ("teams 3 and 5 met before"): both shown.
    const x = explain('round_pair', e);
    if (pairs && e.message && e.field) x.text = `Pair ${typed || e.field}: ${e.message}.`;
    notifyError(x);
  }
}

// A file for the browser to save (name, text), also shown in the page (export box).
function download(name, text, type = 'text/plain') {
  const a = h('a', { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function showExport(name, text) {
  $('export-box').hidden = false;
  $('export-name').textContent = name;
  $('export-out').value = text;
  const a = $('export-dl');
  if (a.href) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = name;
}

async function exportBpgn() {
  const id = Number($('c-game').value);
  if (!id) return toast('pick a game');
  try {
    const r = await cmd('export', msg.exportBpgn(id), `BPGN of game ${id}`, (x) => `${x.text.length} bytes`);
    showExport(`game-${id}.bpgn`, r.text);
  } catch (e) {
    notifyError(explain('export', e));
  }
}

async function exportTrf() {
  if (!app.tour) return toast('no tournament');
  try {
    const r = await cmd('export', msg.exportTrf(app.tour.tournament), 'TRF of the tournament', (x) => `${x.text.length} bytes`);
    showExport(`tournament-${app.tour.tournament}.trf`, r.text);
  } catch (e) {
    notifyError(explain('export', e));
  }
}

// Every finished game of the round the Pairings tab shows, in board order, in one file.
async function exportRoundBpgn() {
  const r = app.rounds[shownRound()];
  if (!r) return toast('no round yet');
  const ids = r.matches.flatMap((m) => [0, 1].filter((k) => m.games && m.games[k] && m.results[k]).map((k) => m.games[k]));
  if (!ids.length) return toast(`round ${r.round}: no finished game yet`);
  const e = logEntry('export', `BPGN of round ${r.round} (${ids.length} games)`);
  try {
    const texts = [];
    for (const id of ids) texts.push((await app.net.request(msg.exportBpgn(id))).text.trim());
    logDone(e, true, `${ids.length} games`);
    const name = `${slug(app.tour.name)}-round-${r.round}.bpgn`;
    const text = texts.join('\n\n') + '\n';
    showExport(name, text);
    download(name, text);
  } catch (err) {
    logDone(e, false, err.code);
    notifyError(explain('export', err));
  }
}

function csvFile(what) {
  if (!app.tour) return toast('no tournament');
  const text = what === 'standings' ? standingsCsv(app.tour) : crosstableCsv(app.tour, app.rounds);
  download(`${slug(app.tour.name)}-${what}.csv`, text, 'text/csv;charset=utf-8');
  const e = logEntry('csv', `${what} (${text.split('\r\n').length - 2} rows)`);
  logDone(e, true, 'saved');
}

function drawAnnBytes() {
  const n = new TextEncoder().encode($('ann-text').value).length;
  $('ann-bytes').textContent = `${n} / 500 bytes`;
  $('ann-bytes').classList.toggle('over', n > 500);
  $('ann-send').disabled = n === 0 || n > 500;
}

// announce: to everyone, or to the team picked (protocol/messages/c2s-announce.md).
async function announce() {
  const text = $('ann-text').value.trim();
  if (!text) return toast('nothing to announce');
  const team = Number($('ann-team').value) || 0;
  try {
    const r = await cmd('announce', { type: 'announce', text, ...(team ? { team } : {}) }, `${team ? 'to ' + teamName(team) : 'to everyone'}: ${text}`, (x) => `delivered to ${x.delivered} page${x.delivered === 1 ? '' : 's'}`);
    toast(`announced to ${team ? teamName(team) : 'everyone'} (${r.delivered} page${r.delivered === 1 ? '' : 's'})`);
    $('ann-text').value = '';
    drawAnnBytes();
  } catch (e) {
    notifyError(explain('announce', e));
  }
}

function onLive(l) {
  app.live = new Map(l.games.map((x) => [x.game, x]));
  drawGames();
  drawMiniPause();
  syncMinis();
}

function teamName(id) {
  const x = app.tour && app.tour.teams.find((t) => t.team === id);
  return x ? x.name : `team ${id}`;
}

// ---- pushes ----

// s2c-pairing.md: the Swiss pairer's search on the server, every 2 s while it runs.
function onPairing(p) {
  const line = $('pairing-line');
  const s = (ms) => ms >= 60000 ? `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s` : `${Math.round(ms / 1000)} s`;
  const text = p.running ? `Pairing round ${p.round}: ${s(p.elapsed_ms)} of at most ${s(p.budget_ms)}` : '';
  for (const el of [line, $('c-pairing')]) {
    el.hidden = !p.running;
    el.textContent = text;
  }
}

function onPush(p) {
  if (p.type === 'live') return onLive(p);
  if (p.type === 'pairing') return app.tour && p.tournament === app.tour.tournament ? onPairing(p) : undefined;
  if (p.type === 'tournament') {
    // after a change made elsewhere (a link reissued at another desk, a pause): the event again
    if (app.tour && p.tournament === app.tour.tournament) setTournament(p);
    return;
  }
  if ((p.type === 'round' || p.type === 'round_delta' || p.type === 'standings') && app.tour && p.tournament === app.tour.tournament) {
    // s2c-round_delta.md: pushes in version order; a missed one loads the tournament again
    const order = pushOrder(app.tour, p);
    if (order === 'old') return;
    if (order === 'gap') return reloadTournament();
    const whole = p.type === 'round_delta' ? withDelta(app.tour, app.rounds, p) : p;
    if (!whole) return reloadTournament();
    if (typeof p.v === 'number') app.tour.v = p.v;
    return whole.type === 'round' ? onRound(whole) : onStandings(whole);
  }
  if (p.type === 'round') return onRound(p);
  if (p.type === 'round_delta' && (!app.tour || p.tournament > app.tour.tournament)) return loadTournament(p.tournament);
  if (p.type === 'standings') return onStandings(p);
  if (p.type === 'assign') return onAssign(p);
  if (p.type === 'game2_choice') {
    app.choices.set(p.game, { ...p, until: performance.now() + p.deadline_ms });
    return drawCardFlags();
  }
  if (p.type === 'game2_decided') {
    app.choices.delete(p.game);
    dismiss('g2-wait');
    const who = p.team ? teamName(p.team) : '';
    const text = p.how === 'draw' ? `game 1 drawn: colours ${p.swap ? 'swap' : 'stay'}` : p.how === 'chosen' ? `${who} chose to ${p.swap ? 'swap' : 'keep'} the colours` : `${who} did not choose in time: colours swap`;
    logDone(logEntry('game2', `round ${p.round} match ${p.match + 1}: ${text}`), true, 'game 2 next');
    return drawCardFlags();
  }
  if (p.type === 'announcement') {
    const e = logEntry('announcement', `from another desk ${p.team ? 'to ' + (p.name || p.team) : 'to everyone'}: ${p.text}`);
    return logDone(e, true, 'seen');
  }
  const m = app.minis.get(p.game);
  if (!m) return;
  if (p.type === 'state') {
    const first = !m.g;
    m.g = fromState(p);
    if (!m.view) {
      m.view = new GameView(m.body, { layout: 'mini', you: -1, chess: m.g.chess }); // a club or league board: one chess board
      // No move animations on the cards: sixteen boards animating every move kept a laptop's
      // renderer (and a test machine's) busy painting.
      for (const p of m.view.panels) p.view.cg.set({ animation: { enabled: false } });
    }
    if (first) fitSoon();
  } else if (!apply(m.g, p)) {
    return;
  }
  m.view.render(m.g);
  if (m.g.result) app.results[p.game] = m.g.result;
  drawCardHead(p.game);
  m.res.textContent = m.g.result ? ` · ${resultText(m.g, -1)}` : '';
  drawMiniPause();
  drawCardFlags();
  if (p.type === 'result') refresh();
  if (p.type === 'seat' || p.type === 'state') drawTeams();
}

function onRound(r) {
  if (!app.tour || r.tournament !== app.tour.tournament) {
    // A tournament this page has not loaded (created elsewhere, or before the reply): load it.
    if (!app.tour || r.tournament > app.tour.tournament) loadTournament(r.tournament);
    return;
  }
  app.rounds[r.round] = r;
  store.set(`bh.rounds.${r.tournament}`, app.rounds);
  if (r.round >= (app.tour.round || 0)) {
    app.tour.round = r.round;
    app.tour.current = r;
    if (app.tour.status === 'registering') app.tour.status = 'running';
  }
  for (const m of r.matches) if (m.games && m.games[1]) app.choices.delete(m.games[0]);
  drawTournament();
  drawPairings();
  drawStandings();
  syncMinis();
}

function onStandings(s) {
  if (!app.tour || s.tournament !== app.tour.tournament) return;
  app.tour.standings = s;
  if (s.final) app.tour.status = 'finished';
  drawTournament();
  drawStandings();
}

function onAssign(a) {
  const t = app.tokens[a.game] || { tokens: [], names: [] };
  for (const x of a.seats) {
    t.tokens[x.seat] = x.token;
    t.names[x.seat] = x.name;
  }
  Object.assign(t, { tournament: a.tournament, round: a.round, match: a.match, game_no: a.game_no, team1: a.team1, team2: a.team2 });
  app.tokens[a.game] = t;
  store.set('bh.tokens', app.tokens);
  drawGames();
  syncMinis();
}

// ---- drawing ----

function drawAll() {
  drawControls();
  drawTournament();
  drawPairings();
  drawStandings();
  drawGames();
  drawLog();
  drawAnnBytes();
}

const fmtTime = (ms) => (ms % 60000 === 0 ? `${ms / 60000}` : `${ms / 1000}s`);

function drawTournament() {
  const t = app.tour;
  $('tour-state').textContent = t
    ? `#${t.tournament} ${t.name} · ${fmtTime(t.base_ms)}+${t.inc_ms / 1000} · ${t.ruleset} · ${t.status}` +
      (t.status === 'registering' ? ` · ${t.teams.length} teams` : ` · ${t.format === 'round_robin' ? 'round robin' : 'Swiss'} · round ${t.round}/${t.rounds}`)
    : 'none yet';
  $('t-start').disabled = !t || t.status !== 'registering';
  $('t-start').textContent = !t || t.status === 'registering' ? 'Start tournament' : t.status === 'finished' ? 'Tournament finished' : t.status === 'paused' ? 'Paused' : 'Running (T-AUTO)';
  $('t-pause').disabled = !t || (t.status !== 'running' && t.status !== 'paused');
  $('t-pause').textContent = t && t.status === 'paused' ? 'Resume tournament' : 'Pause tournament';
  drawTeams();
  drawControls();
  drawHall();
  const cur = t && t.current;
  $('live-title').textContent = cur ? `Round ${cur.round} of ${cur.rounds} · ${cur.status === 'done' ? 'done' : cur.status === 'paired' ? 'paired, not started' : 'live'}` : 'Live games';
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => toast('copied'), () => toast(text));
  else toast(text);
}

// Who of team id is at the board now: seat -> connected, from the newest game of the team on
// the grid (captain on board A: seat 0 for the team on seats 0+3, else 1; partner on B).
function presence(team) {
  let best = null;
  for (const [id, m] of app.minis) {
    const t = app.tokens[id];
    if (!m.g || !t || (t.team1 !== team && t.team2 !== team) || m.g.status === 'finished') continue;
    if (!best || id > best.id) best = { id, g: m.g, seats: t.team1 === team ? TEAM_SEATS[1] : TEAM_SEATS[2] };
  }
  if (!best) return null;
  return best.seats.map((s) => !!(best.g.seats.find((x) => x.seat === s) || {}).connected);
}

// Its buttons and links are replaced on a redraw: it waits for a press in progress (ui/dom.js
// whenReleased; a redraw between press and release loses the click).
function drawTeams() {
  whenReleased(drawTeamsNow);
}

function drawTeamsNow() {
  const t = app.tour;
  const teams = t ? t.teams.slice().sort((a, b) => (a.no || 1e9) - (b.no || 1e9) || a.team - b.team) : [];
  $('teams-title').textContent = t ? `Teams (${teams.length})` : 'Teams';
  // T-LATE: the form stays while a late entry is taken (the next round <= late_until)
  const late = !!t && (t.status === 'running' || t.status === 'paused') && t.format === 'swiss' && t.late_until > 0 && t.round + 1 <= Math.min(t.late_until, t.rounds);
  $('team-form').hidden = $('team-form-title').hidden = $('team-import').hidden = !!t && t.status !== 'registering' && !late;
  $('team-form-title').textContent = late ? `Register a late entry (paired from round ${t.round + 1}; entries up to round ${t.late_until})` : 'Register a team';
  // T-REQBYE: requests are taken in a Swiss with bye_requests, before the start or while it runs
  // and while a round before the last is not paired yet
  const byesOpen = !!t && t.bye_requests > 0 && t.format === 'swiss' && ['registering', 'running', 'paused'].includes(t.status) && byeRoundsOpen(t).from <= byeRoundsOpen(t).to;
  $('teams-body').replaceChildren(...teams.map((x) => {
    const tok = app.teamTokens[x.team];
    const here = presence(x.team);
    const who = (k) => `${['A', 'B'][k]}: ${x.players[k]}${x.ratings && x.ratings[k] ? ' ' + x.ratings[k] : ''}`;
    const dot = (k) => (here ? h(`span.dot${here[k] ? '.on' : ''}`, { title: here[k] ? 'at the board' : 'not connected to the current game', dataset: { present: here[k] ? 1 : 0 } }) : null);
    return h(`tr${x.withdrawn ? '.withdrawn' : ''}`, { dataset: { team: x.team } },
      h('td.num', {}, x.no || '–'),
      h('td', {}, x.name, x.withdrawn ? h('span.tag', { title: `not paired from round ${x.withdrawn} on` }, ` withdrawn (R${x.withdrawn})`) : null,
        x.entry > 1 ? h('span.tag.late', { title: `a late entry: 0 for rounds 1-${x.entry - 1}, paired from round ${x.entry} (T-LATE)` }, ` late entry (R${x.entry})`) : null,
        (x.byes || []).map((r) => h('span.tag.bye', { dataset: { round: r }, title: `asked to sit out round ${r} (T-REQBYE): ${t.bye_kind === 'zero' ? '0 points' : 'a drawn match'}` }, ` bye R${r}`,
          byesOpen && r >= byeRoundsOpen(t).from ? h('button.unbye', { type: 'button', dataset: { team: x.team, round: r }, onclick: () => cancelBye(x.team, r), title: `take back the bye in round ${r}`, 'aria-label': `take back ${x.name}'s bye in round ${r}` }, '×') : null))),
      h('td', {}, h('div.plinks', {},
        [0, 1].map((k) => h('span.who', {}, dot(k), tok
          ? h('a.player-link', { href: `${location.origin}/play.html?team=${tok}&board=${'AB'[k]}`, target: '_blank', dataset: { team: x.team, board: 'AB'[k] }, title: `${x.players[k]}'s link for every game of the tournament (board ${'AB'[k]})` }, who(k))
          : h('span', {}, who(k)))),
        tok ? h('button.copy.token', { onclick: () => copy(tok), dataset: { team: x.team, token: tok }, title: `team token ${tok} (for bughouse-bot --team)` }, 'copy team token')
          : app.revoked[x.team] ? h('span.sub.revoked', { title: 'the links this browser showed were revoked when another director reissued them; the new ones are in that browser, or reissue again here' }, 'links reissued in another browser: the old ones here no longer work')
            : h('span.sub', { title: 'the server keeps tokens hashed: it cannot show this team\'s link again; reissue makes a new one' }, 'links: made in another browser'),
        h('span.acts', {}, x.withdrawn && (t.status === 'running' || t.status === 'paused') ? h('button.reinstate', { type: 'button', dataset: { team: x.team }, onclick: () => reinstate(x.team), title: 'take the withdrawal back: the team is paired again from the next round' }, 'undo withdrawal') : null,
        t.status === 'registering' ? h('button.edit', { type: 'button', dataset: { team: x.team }, onclick: () => editTeam(x.team), title: 'correct the name, a player or a rating before the start (its links stay)' }, 'edit') : null,
        t.status === 'registering' ? h('button.remove', { type: 'button', dataset: { team: x.team }, onclick: () => removeTeam(x.team), title: 'remove this entry before the start (its links stop working)' }, 'remove') : null,
        byesOpen && !x.withdrawn && (x.byes || []).length < t.bye_requests ? h('button.askbye', { type: 'button', dataset: { team: x.team }, onclick: () => requestBye(x.team), title: 'the team sits out a round (a requested bye, T-REQBYE)' }, 'request a bye') : null,
        x.withdrawn ? null : h('button.reissue', { type: 'button', dataset: { team: x.team }, onclick: () => reissue(x.team), title: 'a new link for this team (and its two players); the old one stops working' }, tok ? 'reissue' : 'reissue links')))));
  }));
}

// team_token (issue 17): a new team link from any browser; the old one is revoked.
async function reissue(team) {
  const known = !!app.teamTokens[team];
  const ok = await confirmDialog(`New links for ${teamName(team)}?`, `The server keeps links only as hashes, so it makes a new one for ${teamName(team)} and its two players${known ? '' : ' (the old links were made in another browser)'}. The old links stop working at once; pages open with them are disconnected. Send the new links to the team.`, 'Reissue the links');
  if (!ok) return;
  try {
    const r = await cmd('team_token', msg.teamToken(team), `${teamName(team)}: new links, the old ones revoked`);
    keepToken(team, r.token);
    toast(`${teamName(team)}: new links (the old ones no longer work)`);
    drawTeams();
  } catch (e) {
    notifyError(explain('team_token', e));
  }
}

// The hall's pages of this tournament: the public event page, the projector, the watch list.
function drawHall() {
  const t = app.tour;
  if (!t) return;
  const q = `tournament=${t.tournament}`;
  const links = [['event.html?' + q, 'Event page', 'standings, crosstable, every round (public)'], ['projector.html?' + q, 'Projector', 'full screen: the live matches and the standings in turn'], ['watch.html', 'Watch', 'the spectators\' view of each game']];
  $('hall-links').replaceChildren(...links.map(([href, label, title]) => h('span.hall', {},
    h('a', { href, target: '_blank', id: `hall-${label.split(' ')[0].toLowerCase()}`, title }, label),
    h('button.copy', { type: 'button', onclick: () => copy(`${location.origin}/${href}`), title: 'copy the link' }, 'copy'))));
}

function shownRound() {
  return app.shownRound && app.rounds[app.shownRound] ? app.shownRound : app.tour ? app.tour.round : 0;
}

function printHref(what) {
  if (!app.tour) return null;
  const r = shownRound();
  return `event.html?tournament=${app.tour.tournament}&print=${what}${what === 'pairings' && r ? '&round=' + r : ''}&go=1`;
}

// Its buttons and links are replaced on a redraw: it waits for a press in progress (ui/dom.js
// whenReleased; a redraw between press and release loses the click).
function drawPairings() {
  whenReleased(drawPairingsNow);
}

function drawPairingsNow() {
  const list = roundList(app.tour, app.rounds);
  const show = shownRound();
  $('round-chips').replaceChildren(...list.map((r) => h(`button.chip${r.round === show ? '.on' : ''}`, { type: 'button', dataset: { round: r.round }, onclick: () => { app.shownRound = r.round; drawPairings(); }, title: `round ${r.round}: ${r.status}` }, `R${r.round}`)));
  $('pairings').replaceChildren(...list.slice().reverse().map((r) => h(`div.round.${r.status}${r.round === show ? '.shown' : ''}`, { dataset: { round: r.round } },
    h('h3', {}, `Round ${r.round} of ${r.rounds} · ${r.status}`),
    roundTable(r, app.tour))));
  if (app.tour) $('f-print-links').href = `links.html?tournament=${app.tour.tournament}`;
  else $('f-print-links').removeAttribute('href');
  for (const [id, what] of [['print-pairings', 'pairings'], ['f-print-pairings', 'pairings'], ['print-standings', 'standings'], ['f-print-standings', 'standings'], ['f-print-crosstable', 'crosstable']]) {
    const href = printHref(what);
    if (href) $(id).href = href;
    else $(id).removeAttribute('href');
  }
}

function drawStandings() {
  const s = app.tour && app.tour.standings;
  standingsInto($('standings-head'), $('standings-body'), s, app.tour && app.tour.teams);
  $('standings-title').textContent = standingsTitle(s);
  const rows = s ? s.rows : [];
  const note = $('standings-note');
  note.hidden = !s || !rows.some((x) => rowMarks(s, x, app.tour.teams).tied);
  note.textContent = '= next: equal with the next team on match points and every tie-break; an Armageddon play-off decides (T-ARMAGEDDON).';
  $('crosstable').replaceChildren(app.tour && app.tour.status !== 'registering' ? crosstableTable(app.tour, app.rounds) : h('p.muted', {}, 'after the start'));
}

const SEAT_LABEL = ['A white', 'A black', 'B white', 'B black'];

// A game's result in the one notation (protocol/README.md "Results"): the sides by name in
// seat order around BPGN's result, "Alfa 1-0 Bravo · resignation".
function resultCell(t, x) {
  const side = (k) => (t && t[`team${k}`] ? teamName(t[`team${k}`]) : t ? TEAM_SEATS[k].map((s) => t.names[s] || '?').join(' & ') : '');
  return side(1) ? `${side(1)} ${x.result} ${side(2)} · ${reasonText(x.reason)}` : `${x.result} ${reasonText(x.reason)}`;
}

// Its buttons and links are replaced on a redraw: it waits for a press in progress (ui/dom.js
// whenReleased; a redraw between press and release loses the click).
function drawGames() {
  whenReleased(drawGamesNow);
}

function drawGamesNow() {
  // Redrawn only when something in it changed (a refresh every 2 s would otherwise replace a
  // button under the director's pointer).
  const sig = JSON.stringify([app.games, app.games.map((x) => app.tokens[x.game] || null), [...app.live].map(([id, x]) => [id, x.paused])]);
  if (sig === app.gamesSig) return drawControls();
  app.gamesSig = sig;
  const rows = app.games.slice().sort((a, b) => b.game - a.game).map((x) => {
    const t = app.tokens[x.game];
    const links = t && t.tokens.some(Boolean)
      ? h('div.links', {}, t.tokens.map((tok, s) => tok && h('a', { href: playLink(tok), target: '_blank', class: 'join', dataset: { seat: s, game: x.game } }, `${SEAT_LABEL[s]}: ${t.names[s] || ''}`)))
      : h('span.muted', { title: 'the server shows seat tokens once: to the desk that created the game, and to a director\'s tournament_get for a tournament game not finished' }, 'links shown at creation only');
    const where = t && t.round ? `R${t.round} B${t.match + 1} G${t.game_no + 1}` : t && t.round === 0 ? 'play-off' : '';
    return h('tr', { dataset: { game: x.game } },
      h('td', {}, `#${x.game}`),
      h('td', {}, where),
      h('td', {}, h(`span.status.${x.status}`, {}, x.status), app.live.get(x.game) && app.live.get(x.game).paused ? h('span.status.paused', { dataset: { paused: x.game } }, ' paused') : null, x.recovery ? h('div', { style: 'font-size:11px' }, x.recovery) : null),
      h('td', {}, links),
      h('td', { class: 'result-cell' }, x.result ? resultCell(t, x) : ''),
      h('td', {},
        x.status === 'waiting' ? h('button.start', { onclick: () => startGame(x.game) }, 'Start') : null,
        h('a', { href: gameHref(x.game, x.status === 'finished'), target: '_blank' }, x.status === 'finished' ? ' replay' : ' watch')));
  });
  $('games-body').replaceChildren(...rows);
  $('games-count').textContent = app.games.length ? `(${app.games.length})` : '';
  drawControls();
}

// The controls' pickers: games that started (newest first) and the teams still paired.
function drawControls() {
  const gsel = $('c-game');
  const keep = gsel.value;
  const games = app.games.filter((x) => x.status !== 'waiting').sort((a, b) => b.game - a.game);
  // No game is picked until the director picks one (issue 26: after a reload the newest game
  // was selected, so "Set result" would change a game nobody chose).
  gsel.replaceChildren(h('option', { value: '' }, games.length ? 'pick a game…' : 'no game yet'), ...games.map((x) => {
    const t = app.tokens[x.game];
    const where = t && t.round ? ` R${t.round} B${t.match + 1} G${t.game_no + 1}` : '';
    const paused = app.live.get(x.game) && app.live.get(x.game).paused;
    return h('option', { value: x.game }, `#${x.game}${where} · ${paused ? 'paused' : x.status}${x.result ? ' ' + x.result : ''}`);
  }));
  if (keep && games.some((x) => String(x.game) === keep)) gsel.value = keep;
  const row = app.live.get(Number(gsel.value));
  $('c-pause').textContent = row && row.paused ? 'Resume game' : 'Pause game';
  $('c-pause').disabled = !row;
  const tsel = $('c-team');
  const tkeep = tsel.value;
  const teams = app.tour ? app.tour.teams.filter((x) => !x.withdrawn) : [];
  tsel.replaceChildren(...(teams.length ? teams.map((x) => h('option', { value: x.team }, x.name)) : [h('option', { value: '' }, 'no team yet')]));
  if (tkeep && teams.some((x) => String(x.team) === tkeep)) tsel.value = tkeep;
  const asel = $('ann-team');
  const akeep = asel.value;
  asel.replaceChildren(h('option', { value: '' }, 'everyone (players, teams, spectators, projector)'), ...(app.tour ? app.tour.teams : []).map((x) => h('option', { value: x.team }, `team ${x.name}`)));
  if (akeep && [...asel.options].some((o) => o.value === akeep)) asel.value = akeep;
  const running = app.tour && (app.tour.status === 'running' || app.tour.status === 'paused');
  $('c-withdraw').disabled = !running || !teams.length;
  $('c-pair').disabled = !app.tour || app.tour.status !== 'paused';
  $('c-start-round').disabled = !app.tour || app.tour.status !== 'paused';
  $('c-trf').disabled = !app.tour;
  const open = app.tour && ['registering', 'running', 'paused'].includes(app.tour.status);
  $('c-sched-set').disabled = $('c-sched-clear').disabled = !open;
  const nextRound = (app.tour && app.tour.round || 0) + 1; // the first round not yet paired
  if (open && (!$('c-sched-round').value || Number($('c-sched-round').value) < nextRound)) $('c-sched-round').value = String(nextRound);
  drawSchedule();
  $('c-bpgn').disabled = !games.length;
  $('c-set-result').disabled = !games.length;
}

function drawLog() {
  const rows = app.log.slice().reverse().map((e) => h(`tr.${e.ok === false ? 'bad' : e.ok ? 'ok' : 'wait'}`, {},
    h('td.when', {}, new Date(e.t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })),
    h('td', {}, h('strong', {}, e.what), e.detail ? h('div.sub', {}, e.detail) : null),
    h('td.answer', {}, e.answer)));
  $('log-body').replaceChildren(...rows);
  const bad = app.log.filter((e) => e.ok === false).length;
  $('log-count').textContent = app.log.length ? String(app.log.length) : '';
  $('log-count').classList.toggle('bad', bad > 0);
  $('log-count').title = `${app.log.length} actions, ${bad} refused`;
}

// ---- the Live pane ----

// A pause button and a paused mark on each card of a live game.
function drawMiniPause() {
  for (const [id, m] of app.minis) {
    const row = app.live.get(id);
    let b = m.head.querySelector('button.mini-pause');
    if (!row) {
      if (b) b.remove();
      continue;
    }
    if (!b) {
      // Right after "Bd N": a place that the changing flags and names never move.
      b = h('button.mini-pause', { onclick: () => pauseGame(id), dataset: { game: id } });
      m.head.querySelector('.bd').after(b);
    }
    b.textContent = row.paused ? 'resume' : 'pause';
    m.el.classList.toggle('paused', !!row.paused);
  }
}

// The team names of a card in pairing order, coloured as their bars, with the match's game
// points so far, and the game 1 result under a game 2.
function drawCardHead(id) {
  const mi = app.minis.get(id);
  if (!mi) return;
  const t = app.tokens[id];
  const m = mi.m;
  const names = mi.head.querySelector('.names');
  if (m && m.team2) {
    // Pairing order, each team in the colour of its bars (blue: seats 0+3, White on A).
    const swap = !!(t && t.team1 === m.team2);
    names.replaceChildren(h(swap ? 'span.t2' : 'span.t1', {}, m.name1), h('span.score', { title: 'game points of the match so far' }, ` ${gpText(m.gp[0])}–${gpText(m.gp[1])} `), h(swap ? 'span.t1' : 'span.t2', {}, m.name2));
    const g1 = m.games[1] === id && m.results[0] ? ` · G1 ${m.name1} ${m.results[0]} ${m.name2} (${reasonText(m.reasons[0])})` : '';
    mi.prev.textContent = g1;
  } else if (mi.g) {
    const row = app.live.get(id);
    const team = (k) => (row && row.teams && row.teams[k]) || (mi.g.chess ? [k] : TEAM_SEATS[k + 1]).map((s) => seatName(mi.g, s)).join(' & ');
    names.replaceChildren(h('span.t1', {}, team(0)), ' – ', h('span.t2', {}, team(1)));
  }
}

function drawCardFlags() {
  const now = app.time.now();
  for (const [id, m] of app.minis) {
    const f = flagsOf(m.g, app.live.get(id), m.m, now);
    const ch = m.m && app.choices.get(m.m.games[0]);
    if (f.includes('choice') && ch) {
      const left = Math.max(0, Math.ceil((ch.until - performance.now()) / 1000));
      m.el.querySelector('.flags').title = `P-GAME2: ${teamName(ch.team)} chooses game 2's colours (${left} s left)`;
    }
    drawFlags(m.el, f);
    for (const x of f) app.flagsSeen.add(`${id}:${x}`);
  }
  const all = [...app.minis.values()];
  const count = (x) => all.filter((m) => m.el.classList.contains(`is-${x}`)).length;
  const live = all.filter((m) => m.g && m.g.status === 'live').length;
  const sum = all.length ? [`${live} live`, count('paused') && `${count('paused')} paused`, count('settle') && `${count('settle')} settling`, count('low') && `${count('low')} low on time`, count('waiting') && `${count('waiting')} waiting`].filter(Boolean).join(' · ') : '';
  if ($('live-sum').textContent !== sum) $('live-sum').textContent = sum;
}

let fitPending = 0;
function fitSoon() {
  cancelAnimationFrame(fitPending);
  fitPending = requestAnimationFrame(() => {
    fitGrid($('live-grid'), $('live-pane'));
    // A second pass once the boards took the new size (the card's chrome is measured).
    requestAnimationFrame(() => fitGrid($('live-grid'), $('live-pane')));
  });
}

// The cards: the newest game of each match of the current round, then every other live game
// (a single game stays after its end; a tournament game of an earlier round goes when the next
// round is paired: the server keeps the director's join, its pushes are then ignored here).
function syncMinis() {
  const want = new Map(); // game id -> {order, label, m}
  const cur = app.tour && app.tour.current;
  if (cur) {
    for (const m of cur.matches) {
      if (!m.team2 || !m.games) continue;
      const k = m.games[1] ? 1 : 0;
      if (m.games[k]) want.set(m.games[k], { order: m.match, bd: m.match + 1, label: `R${cur.round} · G${k + 1}`, m });
    }
  }
  const inTour = (id) => !!(app.tokens[id] && app.tokens[id].tournament);
  for (const x of app.games) {
    if (want.has(x.game)) continue;
    if (x.status === 'live' || (x.status === 'finished' && app.minis.has(x.game) && !inTour(x.game))) {
      const t = app.tokens[x.game];
      want.set(x.game, { order: 10000 + x.game, bd: 0, label: !t || !t.tournament ? 'single game' : t.round ? `R${t.round} · B${t.match + 1} · G${t.game_no + 1}` : 'play-off', m: null });
    }
  }
  let changed = false;
  for (const [id, m] of app.minis) {
    if (want.has(id)) {
      m.m = want.get(id).m;
      m.order = want.get(id).order;
      // A finished game outside the round stays, after the others, and the fit ignores it.
      m.el.classList.toggle('aside', !m.m && !!m.g && m.g.status === 'finished');
      continue;
    }
    m.el.remove();
    app.minis.delete(id);
    changed = true;
  }
  for (const [id, w] of want) {
    if (app.minis.has(id)) continue;
    changed = true;
    const m = { g: null, view: null, m: w.m, order: w.order, el: h('div.mini.match-card', { dataset: { game: id, bd: w.bd } }) };
    m.head = h('div.mini-head', {},
      h('div.head1', {}, h('strong.bd', {}, w.bd ? `Bd ${w.bd}` : `#${id}`), h('span.names'), h('span.flags')));
    m.prev = h('span.prev');
    m.res = h('span.mini-result');
    m.body = h('div.card-body');
    m.el.append(m.head, m.body, h('div.mini-foot', {}, h('span.tag', {}, w.bd ? `${w.label} · #${id}` : w.label), m.prev, m.res));
    app.minis.set(id, m);
    app.net.request(msg.join(id)).catch(() => {
      app.minis.delete(id);
      m.el.remove();
    });
  }
  const grid = $('live-grid');
  const order = [...app.minis.values()].sort((a, b) => a.order - b.order);
  order.forEach((m, i) => {
    if (grid.children[i] !== m.el) grid.insertBefore(m.el, grid.children[i] || null);
  });
  for (const id of app.minis.keys()) drawCardHead(id);
  drawMiniPause();
  drawCardFlags();
  $('live-empty').hidden = app.minis.size > 0;
  if (!app.minis.size) {
    const cur2 = app.tour && app.tour.current;
    $('live-empty').textContent = cur2 && cur2.status === 'paired' ? `Round ${cur2.round} is paired; its games start with Start next round (the tournament is paused).` : app.tour && app.tour.status === 'registering' ? 'The live matches appear here after the start.' : 'No live game.';
  }
  if (changed) fitSoon();
}

init();
