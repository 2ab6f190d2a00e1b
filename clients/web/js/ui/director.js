// ui/director.js: the director dashboard (director.html). SPDX-License-Identifier: MIT
// The server runs the tournament (T-AUTO, protocol/README.md "Tournaments"); this page only
// asks and shows: tournament_create with the ruleset, team_register (the reply carries the
// team token), tournament_start, and from then on the server's pushes: `round` (the pairings
// of a round, its games and results), `standings` (places, tie-breaks, prizes) and `assign`
// (the four seat tokens of each new game, for the join links). tournament_get on every
// (re)connect gives the tournament back after a reload. The director's joins accumulate on its
// one socket, so every game of the current round is shown at once (small boards).
// Tokens are shown by the server only once (team tokens in the team_register reply, seat tokens
// in `assign`), so the page keeps them in this browser's localStorage. tournament_get brings
// every round (history). The controls: game_pause, game_result, team_withdraw, round_pair
// (computed, or by hand from the Pairs field), round_start and export (BPGN / TRF into the
// page, with a download link); `live` keeps the pause status of every live game.

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg, TEAM_SEATS, reasonText, parsePairs } from '../proto.js';
import { fromState, apply, seatName } from '../game.js';
import { GameView, resultText } from './view.js';
import { h, toast, notifyError } from './dom.js';
import { explain } from './errors.js';

const store = {
  get: (k, d) => { try { return JSON.parse(localStorage.getItem(k)) ?? d; } catch { return d; } },
  set: (k, v) => localStorage.setItem(k, JSON.stringify(v)),
};

const app = {
  admin: store.get('bh.admin', '') || '',
  time: new ServerTime(),
  net: null,
  games: [], // last `games` reply
  tokens: store.get('bh.tokens', {}), // game id -> {tokens[4], names[4], round, match, game_no}
  teamTokens: store.get('bh.teamtok', {}), // team id -> team token
  tour: null, // the latest `tournament` reply, kept current by round / standings pushes
  rounds: {}, // round number -> `round` message (of app.tour)
  minis: new Map(), // game id -> {g, view, el, head, res, body}
  results: {}, // game id -> result as the game's own pushes said it ("1-0": seats 0 and 3 won)
  live: new Map(), // game id -> row of the `live` list (paused, clocks)
  els: {},
};
window.app = app;

const $ = (id) => document.getElementById(id);

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
  $('team-form').onsubmit = (e) => { e.preventDefault(); registerTeam(); };
  $('t-start').onclick = startTournament;
  $('t-pause').onclick = pauseTournament;
  $('c-pause').onclick = () => pauseGame(Number($('c-game').value));
  $('c-set-result').onclick = setResult;
  $('c-bpgn').onclick = exportBpgn;
  $('c-withdraw').onclick = withdrawTeam;
  $('c-pair').onclick = pairRound;
  $('c-start-round').onclick = () => tourCmd('round_start', msg.roundStart);
  $('c-trf').onclick = exportTrf;
  $('c-game').onchange = drawControls;
  drawAll();
  if (app.admin) connect();
  const frame = () => {
    for (const m of app.minis.values()) if (m.view) m.view.tick(app.time.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function connect() {
  app.net = new Net({
    time: app.time,
    onStatus: (s) => { app.els.net.textContent = s; app.els.net.className = `net ${s}`; },
    onOpen: async () => {
      try {
        await app.net.request(msg.auth(app.admin));
        $('auth-state').textContent = 'director';
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

// The latest tournament (or the one this browser created), as the server has it now.
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
  app.tour = t;
  store.set('bh.tourId', t.tournament);
  for (const r of t.history || []) app.rounds[r.round] = { type: 'round', ...r };
  if (t.current) onRound({ type: 'round', ...t.current });
  drawAll();
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
    const r = await app.net.request(msg.gameCreate({ base_ms: base, inc_ms: inc, players: names }));
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
    await app.net.request(msg.gameStart(id));
    refresh();
  } catch (e) {
    notifyError(explain('game_start', e));
  }
}

// ---- tournament ----

async function createTournament() {
  const o = { name: $('t-name').value.trim() || 'Bughouse Open' };
  o.base_ms = Math.round(Number($('t-base').value) * 60000);
  o.inc_ms = Math.round(Number($('t-inc').value) * 1000);
  if ($('t-ruleset').value) o.ruleset = $('t-ruleset').value;
  if ($('t-rounds').value) o.rounds = Number($('t-rounds').value);
  if ($('t-small').value) o.small = $('t-small').value;
  const tb = $('t-tb').value.split(/[\s,]+/).filter(Boolean);
  if (tb.length) o.tiebreaks = tb;
  try {
    const r = await app.net.request(msg.tournamentCreate(o));
    toast(`tournament ${r.tournament} created`);
    await loadTournament(r.tournament);
  } catch (e) {
    notifyError(explain('tournament_create', e));
  }
}

async function registerTeam() {
  if (!app.tour) return toast('create the tournament first');
  const name = $('team-name').value.trim();
  const players = [$('team-captain').value.trim(), $('team-partner').value.trim()];
  if (!name || !players[0] || !players[1]) return toast('a team needs a name and two players');
  const rv = [$('team-captain-rating').value, $('team-partner-rating').value];
  const ratings = rv.some((x) => x !== '') ? rv.map((x) => Number(x) || 0) : undefined;
  try {
    const r = await app.net.request(msg.teamRegister(app.tour.tournament, name, players, ratings));
    if (r.token) {
      app.teamTokens[r.team] = r.token;
      store.set('bh.teamtok', app.teamTokens);
    }
    for (const id of ['team-name', 'team-captain', 'team-partner', 'team-captain-rating', 'team-partner-rating']) $(id).value = '';
    await loadTournament(app.tour.tournament);
  } catch (e) {
    notifyError(explain('team_register', e));
  }
}

async function startTournament() {
  if (!app.tour) return;
  try {
    setTournament(await app.net.request(msg.tournamentStart(app.tour.tournament)));
    if (app.tour.fallback) toast(`few teams: ${app.tour.format === 'round_robin' ? 'round robin' : 'rounds capped'} (T-ROUNDS)`);
  } catch (e) {
    notifyError(explain('tournament_start', e));
  }
}

// T-AUTO on hold (no new game, no new round; games in progress play on) or going again.
async function pauseTournament() {
  if (!app.tour) return;
  try {
    setTournament(await app.net.request(msg.tournamentPause(app.tour.tournament, app.tour.status === 'running')));
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
    await app.net.request(msg.gamePause(id, paused));
    toast(`game ${id} ${paused ? 'paused' : 'resumed'}`);
  } catch (e) {
    notifyError(explain('game_pause', e));
  }
}

async function setResult() {
  const id = Number($('c-game').value);
  if (!id) return toast('pick a game');
  const reason = $('c-reason').value.trim() || 'adjudicated';
  try {
    await app.net.request(msg.gameResult(id, $('c-result').value, reason));
    toast(`game ${id}: ${$('c-result').value} ${reason}`);
    refresh();
  } catch (e) {
    notifyError(explain('game_result', e));
  }
}

async function withdrawTeam() {
  const team = Number($('c-team').value);
  if (!app.tour || !team) return toast('pick a team');
  try {
    setTournament(await app.net.request(msg.teamWithdraw(app.tour.tournament, team, $('c-keep').checked)));
    toast(`${teamName(team)} withdrawn`);
    refresh();
  } catch (e) {
    notifyError(explain('team_withdraw', e));
  }
}

async function tourCmd(what, build) {
  if (!app.tour) return;
  try {
    setTournament(await app.net.request(build(app.tour.tournament)));
    refresh();
  } catch (e) {
    notifyError(explain(what, e));
  }
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
    setTournament(await app.net.request(msg.roundPair(app.tour.tournament, pairs, $('c-rematch').checked)));
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
    const r = await app.net.request(msg.exportBpgn(id));
    showExport(`game-${id}.bpgn`, r.text);
  } catch (e) {
    notifyError(explain('export', e));
  }
}

async function exportTrf() {
  if (!app.tour) return toast('no tournament');
  try {
    const r = await app.net.request(msg.exportTrf(app.tour.tournament));
    showExport(`tournament-${app.tour.tournament}.trf`, r.text);
  } catch (e) {
    notifyError(explain('export', e));
  }
}

function onLive(l) {
  app.live = new Map(l.games.map((x) => [x.game, x]));
  drawGames();
  drawMiniPause();
}

function teamName(id) {
  const x = app.tour && app.tour.teams.find((t) => t.team === id);
  return x ? x.name : `team ${id}`;
}

// ---- pushes ----

function onPush(p) {
  if (p.type === 'live') return onLive(p);
  if (p.type === 'round') return onRound(p);
  if (p.type === 'standings') return onStandings(p);
  if (p.type === 'assign') return onAssign(p);
  const m = app.minis.get(p.game);
  if (!m) return;
  if (p.type === 'state') {
    m.g = fromState(p);
    if (!m.view) m.view = new GameView(m.body, { layout: 'mini', you: -1 });
  } else if (!apply(m.g, p)) {
    return;
  }
  m.view.render(m.g);
  if (m.g.result) app.results[p.game] = m.g.result;
  const names = (t) => TEAM_SEATS[t].map((s) => seatName(m.g, s)).join(' & ');
  m.head.querySelector('.names').textContent = `${names(1)} vs ${names(2)}`;
  m.res.textContent = resultText(m.g, -1);
  drawMiniPause();
  if (p.type === 'result') refresh();
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
  drawTournament();
  drawPairings();
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
}

const fmtTime = (ms) => (ms % 60000 === 0 ? `${ms / 60000}` : `${ms / 1000}s`);

function drawTournament() {
  const t = app.tour;
  $('tour-state').textContent = t
    ? `#${t.tournament} ${t.name} · ${fmtTime(t.base_ms)}+${t.inc_ms / 1000} · ${t.ruleset} · ${t.status}` +
      (t.status === 'registering' ? '' : ` · ${t.format === 'round_robin' ? 'round robin' : 'Swiss'} · round ${t.round}/${t.rounds}`)
    : 'none yet';
  $('t-start').disabled = !t || t.status !== 'registering';
  $('t-start').textContent = !t || t.status === 'registering' ? 'Start tournament' : t.status === 'finished' ? 'Tournament finished' : t.status === 'paused' ? 'Paused' : 'Running (T-AUTO)';
  $('t-pause').disabled = !t || (t.status !== 'running' && t.status !== 'paused');
  $('t-pause').textContent = t && t.status === 'paused' ? 'Resume tournament' : 'Pause tournament';
  const teams = t ? t.teams.slice().sort((a, b) => (a.no || 1e9) - (b.no || 1e9) || a.team - b.team) : [];
  $('teams-body').replaceChildren(...teams.map((x) => {
    const tok = app.teamTokens[x.team];
    const who = (k) => `${['A', 'B'][k]}: ${x.players[k]}${x.ratings && x.ratings[k] ? ' ' + x.ratings[k] : ''}`;
    return h(`tr${x.withdrawn ? '.withdrawn' : ''}`, { dataset: { team: x.team } },
      h('td', {}, x.no || '–'),
      h('td', {}, x.name, x.withdrawn ? h('span.tag', { title: `not paired from round ${x.withdrawn} on` }, ` withdrawn (R${x.withdrawn})`) : null),
      h('td', {}, h('div.plinks', {},
        [0, 1].map((k) => (tok
          ? h('a.player-link', { href: `${location.origin}/play.html?team=${tok}&board=${'AB'[k]}`, target: '_blank', dataset: { team: x.team, board: 'AB'[k] }, title: `${x.players[k]}'s link for every game of the tournament (board ${'AB'[k]})` }, who(k))
          : h('span', {}, who(k)))),
        tok ? h('button.copy.token', { onclick: () => copy(tok), dataset: { team: x.team, token: tok }, title: `team token ${tok} (for bughouse-bot --team)` }, 'copy team token') : h('span.sub', {}, 'team token shown once'))));
  }));
  drawControls();
  $('live-title').textContent = t && t.current ? `Round ${t.current.round} of ${t.current.rounds} · ${t.current.status === 'done' ? 'games (done)' : 'live games'}` : 'Live games';
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(() => toast('copied'), () => toast(text));
  else toast(text);
}

const gameRes = (r, reason) => (r ? `${r}${reason ? ' ' + reason : ''}` : '');

function drawPairings() {
  const list = Object.values(app.rounds).sort((a, b) => b.round - a.round);
  $('pairings').replaceChildren(...list.map((r) => h(`div.round.${r.status}`, { dataset: { round: r.round } },
    h('h3', {}, `Round ${r.round} of ${r.rounds} · ${r.status}`),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, 'Bd'), h('th', {}, 'Team 1'), h('th', {}, 'Team 2'), h('th', {}, 'Games (team 1)'), h('th.num', {}, 'MP'), h('th.num', {}, 'GP'))),
      h('tbody', {}, r.matches.map((m) => h('tr', { dataset: { match: m.match, status: m.status } },
        h('td', {}, m.match + 1),
        h('td', {}, m.name1 || teamName(m.team1), m.white === 1 ? h('span.tag', { title: 'White on board A in game 1' }, ' ♔') : null),
        h('td', {}, m.status === 'bye' ? h('em', {}, 'bye (T-BYE)') : [m.name2 || teamName(m.team2), m.white === 2 ? h('span.tag', { title: 'White on board A in game 1' }, ' ♔') : null]),
        h('td', {}, m.status === 'bye' ? '' : [0, 1].map((k) => {
          const id = m.games && m.games[k];
          if (!id) return h('div', { style: 'color:var(--muted)' }, `G${k + 1}: –`);
          return h('div', {}, h('a', { href: `watch.html?game=${id}`, target: '_blank' }, `G${k + 1} #${id}`), ' ', gameRes(m.results[k], m.reasons[k]) || h('span.status.live', {}, 'live'));
        })),
        h('td.num', {}, `${m.mp[0]}–${m.mp[1]}`),
        h('td.num', {}, `${m.gp[0]}–${m.gp[1]}`))))))));
}

const TB_TITLE = { DE: 'direct encounter', 'BH-C1': 'Buchholz cut 1', BH: 'Buchholz', GP: 'game points', WON: 'matches won', SB: 'Sonneborn-Berger', PO: 'play-off (Armageddon)' };

function drawStandings() {
  const s = app.tour && app.tour.standings;
  const tbs = s ? s.tiebreaks : [];
  $('standings-head').replaceChildren(h('tr', {}, h('th', {}, '#'), h('th', {}, 'Team'), h('th.num', {}, 'MP'), h('th.num', {}, 'GP'),
    tbs.map((x) => h('th.num', { title: TB_TITLE[x] || x }, x))));
  $('standings-title').textContent = s ? (s.final ? 'Final standings' : `Standings after round ${s.round}`) : 'Standings';
  const rows = s ? s.rows : [];
  $('standings-body').replaceChildren(...rows.map((x) => h(`tr${x.prize ? '.prize-' + x.place : ''}`, { dataset: { team: x.team, place: x.place } },
    h('td.place', {}, x.place, x.prize ? h(`span.medal.m${x.place}`, { title: `prize ${x.place} (T-PRIZES)` }, 'prize') : null),
    h('td', {}, x.name, x.tied_next ? h('span.tied', { title: 'equal with the next row on everything: a play-off decides (T-ARMAGEDDON)' }, '= next') : null),
    h('td.num', {}, x.mp),
    h('td.num', {}, x.gp),
    x.tb.map((v) => h('td.num', {}, v)))));
  const note = $('standings-note');
  note.hidden = !s || !rows.some((x) => x.tied_next);
  note.textContent = '= next: equal with the next team on match points and every tie-break; an Armageddon play-off decides (T-ARMAGEDDON).';
}

const SEAT_LABEL = ['A white', 'A black', 'B white', 'B black'];

function drawGames() {
  const rows = app.games.slice().sort((a, b) => b.game - a.game).map((x) => {
    const t = app.tokens[x.game];
    const links = t && t.tokens.some(Boolean)
      ? h('div.links', {}, t.tokens.map((tok, s) => tok && h('a', { href: playLink(tok), target: '_blank', class: 'join', dataset: { seat: s, game: x.game } }, `${SEAT_LABEL[s]}: ${t.names[s] || ''}`)))
      : h('span', { style: 'color:var(--muted)' }, 'links shown at creation only');
    const where = t && t.round ? `R${t.round} B${t.match + 1} G${t.game_no + 1}` : '';
    return h('tr', { dataset: { game: x.game } },
      h('td', {}, `#${x.game}`),
      h('td', {}, where),
      h('td', {}, h(`span.status.${x.status}`, {}, x.status), app.live.get(x.game) && app.live.get(x.game).paused ? h('span.status.paused', { dataset: { paused: x.game } }, ' paused') : null, x.recovery ? h('div', { style: 'font-size:11px' }, x.recovery) : null),
      h('td', {}, links),
      h('td', {}, x.result ? `${x.result} ${reasonText(x.reason)}` : ''),
      h('td', {},
        x.status === 'waiting' ? h('button.start', { onclick: () => startGame(x.game) }, 'Start') : null,
        h('a', { href: `watch.html?game=${x.game}`, target: '_blank' }, ' watch')));
  });
  $('games-body').replaceChildren(...rows);
  drawControls();
}

// The controls' pickers: games that started (newest first) and the teams still paired.
function drawControls() {
  const gsel = $('c-game');
  const keep = gsel.value;
  const games = app.games.filter((x) => x.status !== 'waiting').sort((a, b) => b.game - a.game);
  gsel.replaceChildren(...(games.length ? games.map((x) => {
    const t = app.tokens[x.game];
    const where = t && t.round ? ` R${t.round} B${t.match + 1} G${t.game_no + 1}` : '';
    const paused = app.live.get(x.game) && app.live.get(x.game).paused;
    return h('option', { value: x.game }, `#${x.game}${where} · ${paused ? 'paused' : x.status}${x.result ? ' ' + x.result : ''}`);
  }) : [h('option', { value: '' }, 'no game yet')]));
  if (keep && games.some((x) => String(x.game) === keep)) gsel.value = keep;
  const row = app.live.get(Number(gsel.value));
  $('c-pause').textContent = row && row.paused ? 'Resume game' : 'Pause game';
  $('c-pause').disabled = !row;
  const tsel = $('c-team');
  const tkeep = tsel.value;
  const teams = app.tour ? app.tour.teams.filter((x) => !x.withdrawn) : [];
  tsel.replaceChildren(...(teams.length ? teams.map((x) => h('option', { value: x.team }, x.name)) : [h('option', { value: '' }, 'no team yet')]));
  if (tkeep && teams.some((x) => String(x.team) === tkeep)) tsel.value = tkeep;
  const running = app.tour && (app.tour.status === 'running' || app.tour.status === 'paused');
  $('c-withdraw').disabled = !running || !teams.length;
  $('c-pair').disabled = !app.tour || app.tour.status !== 'paused';
  $('c-start-round').disabled = !app.tour || app.tour.status !== 'paused';
  $('c-trf').disabled = !app.tour;
  $('c-bpgn').disabled = !games.length;
  $('c-set-result').disabled = !games.length;
}

// A pause button and a paused mark on each small board of a live game.
function drawMiniPause() {
  for (const [id, m] of app.minis) {
    const row = app.live.get(id);
    let b = m.head.querySelector('button.mini-pause');
    if (!row) {
      if (b) b.remove();
      continue;
    }
    if (!b) {
      b = h('button.mini-pause', { onclick: () => pauseGame(id), dataset: { game: id } });
      m.head.append(b);
    }
    b.textContent = row.paused ? 'resume' : 'pause';
    m.el.classList.toggle('paused', !!row.paused);
  }
}

// The small boards: every game of the current round (live or finished: the round at a glance)
// and every other live game. Boards of earlier rounds go when the next round is paired (the
// server keeps the director's join; their pushes are then ignored here).
function syncMinis() {
  const want = new Map(); // game id -> label
  const cur = app.tour && app.tour.current;
  if (cur) {
    for (const m of cur.matches) {
      (m.games || []).forEach((id, k) => id && want.set(id, `R${cur.round} · B${m.match + 1} · G${k + 1}`));
    }
  }
  const inTour = (id) => !!(app.tokens[id] && app.tokens[id].round);
  for (const x of app.games) {
    if (want.has(x.game)) continue;
    // A single game stays on the grid after its end; a tournament game of an earlier round goes.
    if (x.status === 'live' || (x.status === 'finished' && app.minis.has(x.game) && !inTour(x.game))) want.set(x.game, inTour(x.game) ? `R${app.tokens[x.game].round}` : 'single');
  }
  for (const [id, m] of app.minis) {
    if (want.has(id)) continue;
    m.el.remove();
    app.minis.delete(id);
  }
  for (const [id, label] of want) {
    if (app.minis.has(id)) continue;
    const m = { g: null, view: null, el: h('div.mini', { dataset: { game: id } }) };
    m.head = h('div.mini-head', {}, h('strong', {}, `#${id}`), h('span.tag', {}, label), h('span.names'));
    m.res = h('div.mini-result');
    m.body = h('div');
    m.el.append(m.head, m.body, m.res);
    app.minis.set(id, m);
    drawMiniPause();
    const later = [...$('live-grid').children].find((e) => Number(e.dataset.game) > id);
    $('live-grid').insertBefore(m.el, later || null);
    app.net.request(msg.join(id)).catch(() => {
      app.minis.delete(id);
      m.el.remove();
    });
  }
  $('live-empty').hidden = app.minis.size > 0;
}

init();
