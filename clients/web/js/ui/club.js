// ui/club.js: the club round robin page (club.html?club=ID): everyone sees the schedule, the
// boards, the line-ups, the standings and the protests (the `club` snapshot, pushed after every
// change); a captain (team token) submits the round's line-up in roster order (substitution
// by shifting: tick who plays, the boards follow) and files protests; the director (admin
// token) enters results and, with the appeals committee's token, decides protests.
// Every refusal is shown as the server names it: code, field, rule. SPDX-License-Identifier: MIT

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { h, params, whenReleased } from './dom.js';
import { rosterPanel } from './roster_panel.js';
import { explain } from './errors.js';
import { TB_TITLE } from '../tourdata.js';

const app = {
  club: Number(params().get('club') || 1),
  role: 'spectator',
  team: 0,
  snap: null,
  msg: { lineup: ['', ''], protest: ['', ''], result: ['', ''], decide: ['', ''] },
  draft: null, // the captain's ticks: player ids, kept across pushes until submitted
  deadlineAt: 0, // performance.now() of the waiting round's start
  appeals: '',
  // The captain's seats on the hosted boards (the server's `assign`: a fresh token per seat),
  // by "round.match.board" (1-based): { game, seat, name, token }.
  seats: new Map(),
};

window.app = app; // for the browser tests' reads
const root = document.getElementById('root');
const netEl = document.getElementById('net');

// A refusal as a sentence a person reads (errors.js), after the wire code, field and rule that
// whoever reports the problem quotes.
function errText(e, type) {
  if (!e || !e.code) return String(e);
  return `${e.code}${e.field ? ` (${e.field})` : ''}${e.rule ? ` · ${e.rule}` : ''}: ${type ? explain(type, e).text : e.message || ''}`;
}

async function ask(body, slot, okText) {
  try {
    const r = await app.net.request({ ...body, club: app.club });
    app.msg[slot] = ['', okText || 'done'];
    return r;
  } catch (e) {
    app.msg[slot] = [errText(e, body.type), ''];
    return null;
  } finally {
    render();
  }
}

async function refresh() {
  try {
    app.snap = await app.net.request({ type: 'club_get', club: app.club });
    noteDeadline();
  } catch (e) {
    app.snap = null;
    root.replaceChildren(h('section.wide', {}, h('p.err', {}, errText(e))));
    return;
  }
  render();
}

function noteDeadline() {
  const r = waitingRound();
  app.recvAt = performance.now(); // the snapshot's ms counts (wait_ms, protest_ms) run from here
  app.deadlineAt = r ? app.recvAt + r.starts_in_ms : 0;
}

// A countdown of ms from the snapshot's arrival (tickCountdown keeps it current).
const countdown = (ms, id) => h('span.cd', { id, dataset: { until: String(app.recvAt + ms) } }, mmss(ms));
function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const teamName = (id) => (app.snap.teams.find((t) => t.team === id) || { name: '?' }).name;
function playerName(id) {
  for (const t of app.snap.teams) {
    const p = t.players.find((x) => x.id === id);
    if (p) return p.name;
  }
  return id ? `#${id}` : '(empty)';
}
const currentRound = () => app.snap.schedule[app.snap.schedule.length - 1];
const waitingRound = () => {
  const r = app.snap && app.snap.schedule[app.snap.schedule.length - 1];
  return r && r.status === 'lineups' ? r : null;
};

function message(slot) {
  const [err, ok] = app.msg[slot];
  return [h('div.err', { id: `${slot}-err` }, err), h('div.okmsg', { id: `${slot}-ok` }, ok)];
}

// ---- the captain's line-up -----------------------------------------------------------------

function lineupSection() {
  const r = waitingRound();
  const team = app.snap.teams.find((t) => t.team === app.team);
  if (!team) return null;
  const boards = app.snap.boards;
  if (!r)
    return h('section', { id: 'lineup' }, h('h2', {}, `Line-up · ${team.name}`),
      h('p.muted', {}, 'Line-ups are taken after a round ends, until the next one starts.'));
  const mine = r.lineups.find((l) => l.team === app.team);
  if (!app.draft || app.draft.round !== r.round)
    app.draft = { round: r.round, ids: new Set(mine ? mine.players.filter(Boolean) : team.players.slice(0, boards).map((p) => p.id)) };
  let board = 0;
  const items = team.players.map((p, i) => {
    const on = app.draft.ids.has(p.id);
    const bd = on ? ++board : 0;
    return h(`li${i >= boards ? '.reserve' : ''}`, {},
      h('input', { type: 'checkbox', id: `play-${p.id}`, checked: on, onchange: (ev) => {
        if (ev.target.checked) app.draft.ids.add(p.id);
        else app.draft.ids.delete(p.id);
        render();
      } }),
      h(`span.bd${on && bd <= boards ? '.on' : ''}`, {}, on ? (bd <= boards ? `board ${bd}` : 'too many') : '—'),
      h('label.nm', { for: `play-${p.id}` }, `${p.name} (${p.rating || 'unrated'})`));
  });
  const chosen = team.players.filter((p) => app.draft.ids.has(p.id)).map((p) => p.id);
  return h('section', { id: 'lineup' },
    h('h2', {}, `Line-up for round ${r.round} · ${team.name}`),
    h('p.muted', {}, `Tick who plays: the boards follow the roster order (a player left out moves those below up). `
      + `The event limits the substitutions a round (seed 004: 4); fewer than ${boards} players leaves the last boards empty, lost by forfeit.`),
    h('ul.lineup-list', {}, items),
    h('div.form-row', {},
      h('button.primary', { id: 'submit-lineup', onclick: () => ask({ type: 'club_lineup', round: r.round, players: chosen }, 'lineup', `line-up for round ${r.round} submitted`) }, 'Submit line-up'),
      h('span.muted', {}, mine && mine.submitted ? 'submitted: you may change it until the round starts' : `none submitted yet: the first ${boards} would play`)),
    ...message('lineup'));
}

// ---- the schedule ----------------------------------------------------------------------------

// A live board as the arbiter's table shows it: playing once both players are at the board
// (T-WAIT: seen on their game's page or marked present); else who is missing and the time
// left of the waiting time, after which the absent lose the board by forfeit. The director
// marks a player present (club_attend: an over-the-board attendance check).
function liveCell(rd, mi, b) {
  const present = b.present || [true, true];
  if (present[0] && present[1]) return h('span.live-dot', {}, '● playing');
  const ids = [b.white, b.black];
  const missing = [0, 1].filter((s) => !present[s]);
  const who = missing.map((s) => `${s ? 'Black' : 'White'} (${playerName(ids[s])})`).join(' and ');
  const parts = [h('span.absent', {}, `waiting for ${who}`)];
  if (b.wait_ms > 0)
    parts.push(' · ', countdown(b.wait_ms, `wait-${rd.round}-${mi + 1}-${b.board}`), h('span.muted', {}, ' then forfeit'));
  if (app.role === 'director')
    for (const s of missing)
      if (ids[s])
        parts.push(' ', h('button.small', { id: `present-${rd.round}-${mi + 1}-${b.board}-${s}`, title: 'the player is at the board: the waiting time no longer applies to him',
          onclick: () => ask({ type: 'club_attend', round: rd.round, players: [ids[s]] }, 'result', `${playerName(ids[s])} marked present`) }, `${s ? 'Black' : 'White'} present`));
  return h('span', {}, parts);
}

// The players of match m still waited for at its live boards (ids; an empty seat has none).
const matchAbsent = (m) => m.boards.filter((b) => b.live).flatMap((b) => [0, 1].filter((s) => !(b.present || [true, true])[s]).map((s) => [b.white, b.black][s])).filter(Boolean);

function boardRow(rd, mi, b) {
  const cls = b.result.includes('-') && (b.result.startsWith('+') || b.result.startsWith('-')) ? '.res-ff' : '';
  const cells = [
    h('td.num', {}, b.board),
    h('td', {}, playerName(b.white)),
    h('td', {}, playerName(b.black)),
    h(`td${cls}`, { class: b.live ? 'live' : undefined }, b.live ? liveCell(rd, mi, b) : b.result),
  ];
  const mine = app.role === 'team' && app.seats.get(`${rd.round}.${mi + 1}.${b.board}`);
  if (mine && b.live) {
    const colour = mine.seat === 0 ? 'White' : 'Black';
    cells.push(h('td', {}, h('a.play', { href: `play.html?game=${mine.game}&token=${mine.token}`, target: '_blank', title: `${mine.name} plays ${colour}: the player's link (give it to the player only)` }, `play ${colour}`),
      ' ', h('a.watch', { href: `watch.html?game=${mine.game}`, target: '_blank' }, 'watch')));
  }
  if (app.role === 'director' && b.live) {
    const sel = h('select', { id: `res-${rd.round}-${mi + 1}-${b.board}` },
      ...['1-0', '1/2-1/2', '0-1', '+-', '-+', '--'].map((x) => h('option', { value: x }, x)));
    cells.push(h('td', {}, sel, ' ', h('button', { onclick: () => ask({ type: 'club_result', round: rd.round, match: mi + 1, board: b.board, result: sel.value }, 'result', `board ${b.board} entered`) }, 'enter')));
  }
  return h('tr', {}, cells);
}

function roundSection(rd) {
  const parts = [h('h3', {}, `Round ${rd.round} · ${rd.status === 'lineups' ? 'line-ups' : rd.status}`)];
  if (rd.protest_ms > 0)
    parts.push(h('p.protest-window', { id: `protest-window-${rd.round}` }, 'Protests about this round\'s games are taken for ',
      countdown(rd.protest_ms, `protest-cd-${rd.round}`), ' more (in writing, with the deposit; seed 004 art. 5).'));
  if (rd.status === 'lineups') {
    parts.push(h('p', {}, 'starts in ', h('span.countdown', { id: 'countdown' }, '…'), ' (the line-up deadline)'));
    if (app.role === 'director')
      parts.push(h('div.form-row', {}, h('button', { id: 'start-round', onclick: () => ask({ type: 'club_round_start' }, 'result', `round ${rd.round} started`) }, 'start the round now'),
        h('span.muted', {}, `the missing line-ups are each team's first ${app.snap.boards}; the previous round's protest window closes`)));
    if (!rd.lineups.length) parts.push(h('p.muted', {}, `no line-up submitted yet (without one a team plays its first ${app.snap.boards})`));
    else
      parts.push(h('div.scroll', {}, h('table', {}, h('tr', {}, h('th', {}, 'team'), h('th', {}, 'line-up submitted')),
        rd.lineups.map((l) => h('tr', {}, h('td', {}, teamName(l.team)),
          h('td', {}, l.players.length ? l.players.map(playerName).join(', ') : h('span.muted', { title: 'a line-up is seen by its own captain and the arbiter until the round starts (F-LINEUP)' }, 'submitted: shown when the round starts')))))));
  }
  rd.matches.forEach((m, mi) => {
    const score = m.status === 'done' ? ` ${m.gp[0]} – ${m.gp[1]}` : m.boards.length ? ` ${m.gp[0]} – ${m.gp[1]} (playing)` : '';
    parts.push(h('h3', {}, `${mi + 1}. ${teamName(m.home)} – ${teamName(m.away)}${score}`));
    const absent = app.role === 'director' ? matchAbsent(m) : [];
    if (absent.length) // the attendance check of a whole match in one go (T-WAIT): 2 x boards buttons otherwise
      parts.push(h('div.form-row', {}, h('button.small', { id: `present-all-${rd.round}-${mi + 1}`, title: 'every player still waited for at this match is at his board',
        onclick: () => ask({ type: 'club_attend', round: rd.round, players: absent }, 'result', `match ${mi + 1}: ${absent.length} marked present`) }, absent.length === 1 ? 'mark the last one present' : `mark all ${absent.length} present`),
        absent.length > 1 ? h('span.muted', {}, 'or one by one below') : null));
    if (m.boards.length)
      parts.push(h('div.scroll', {}, h('table.boards', {}, h('tr', {}, h('th.num', {}, 'bd'), h('th', {}, 'White'), h('th', {}, 'Black'), h('th', {}, 'result')), m.boards.map((b) => boardRow(rd, mi, b)))));
  });
  return parts;
}

// ---- standings and protests --------------------------------------------------------------------

function standingsSection() {
  const s = app.snap;
  return h('section', { id: 'standings' }, h('h2', { title: 'seed 004 art. 4' }, 'Standings'),
    h('div.scroll', {}, h('table', {},
      h('tr', {}, h('th.num', {}, '#'), h('th', {}, 'team'), h('th.num', {}, 'MP'), h('th.num', {}, 'GP'), ...s.tiebreaks.slice(1).map((t) => h('th.num', { title: TB_TITLE[t] || t }, t))),
      s.standings.map((r) => h('tr', {}, h('td.num', {}, r.place), h('td', {}, r.name + (r.lot && s.status === 'finished' ? ' (a lot decides)' : '')), h('td.num', {}, r.mp), h('td.num', {}, r.gp), ...r.tb.slice(1).map((v) => h('td.num', {}, v)))))),
    app.role === 'director' && s.status !== 'registering' ? exportRow() : null);
}

// The director's files (club_export): the TRF-2026 (bughouse-tourney standings re-reads it),
// the crosstable and every round's line-ups, each downloaded as a text file.
function exportRow() {
  const files = [['trf', 'TRF', 'trf'], ['crosstable', 'crosstable', 'txt'], ['lineups', 'line-ups', 'txt']];
  return h('div.form-row', { id: 'exports' }, h('span.muted', {}, 'Download:'),
    files.map(([what, label, ext]) => h('button.small', { id: `export-${what}`, title: what === 'trf' ? 'the TRF file: teams, every player\'s games, forfeits (for FIDE-style programs and bughouse-tourney)' : undefined,
      onclick: async () => {
        const r = await ask({ type: 'club_export', what }, 'result', `${label} downloaded`);
        if (!r) return;
        const a = h('a', { href: URL.createObjectURL(new Blob([r.text], { type: 'text/plain' })), download: `club-${app.club}-${what}.${ext}` });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 60000);
      } }, label)));
}

// An amount in minor units (kopiyky) as people write it: "200.00 UAH".
const money = (minor, currency) => `${(minor / 100).toFixed(2)} ${currency}`;

function protestForm() {
  const rd = app.snap.schedule.filter((r) => r.status !== 'lineups').pop();
  if (!rd) return null;
  const mi = rd.matches.findIndex((m) => m.home === app.team || m.away === app.team);
  if (mi < 0) return null;
  const board = h('select', { id: 'protest-board' }, ...rd.matches[mi].boards.map((b) => h('option', { value: b.board }, `board ${b.board}`)));
  const text = h('textarea', { id: 'protest-text', placeholder: 'what happened (the committee reads this)' });
  return h('div', {}, h('h3', {}, `File a protest · round ${rd.round}, match ${mi + 1}`),
    h('div.form-row', {}, board, h('span.muted', { id: 'protest-deposit' }, `deposit ${money(app.snap.deposit, app.snap.currency)} (returned if upheld)`)),
    h('div.form-row', {}, text),
    h('div.form-row', {}, h('button.primary', { id: 'file-protest', onclick: async () => {
      if (await ask({ type: 'club_protest', round: rd.round, match: mi + 1, board: Number(board.value), text: text.value, deposit: app.snap.deposit }, 'protest', 'protest filed'))
        document.getElementById('protest-text').value = ''; // filed: the form is free for the next one
    } }, 'File protest')),
    ...message('protest'));
}

function protestsSection() {
  const ps = app.snap.protests;
  const rows = ps.map((p) => {
    const cells = [h('td.num', {}, p.protest), h('td', {}, `R${p.round} M${p.match} B${p.board}`), h('td', {}, teamName(p.team)), h('td', {}, p.text),
      h('td', {}, p.state + (p.state === 'upheld' ? ` → ${p.new_result}, deposit returned` : '') + (p.reason ? ` (${p.reason})` : ''))];
    if (app.role === 'director' && p.state === 'filed') {
      const res = h('select', { id: `decide-res-${p.protest}` }, ...['1-0', '1/2-1/2', '0-1', '+-', '-+', '--'].map((x) => h('option', { value: x }, x)));
      const reason = h('input', { id: `decide-reason-${p.protest}`, placeholder: 'reason' });
      const go = (upheld) => ask({ type: 'club_decide', token: app.appeals, protest: p.protest, upheld, result: res.value, reason: reason.value }, 'decide', `protest ${p.protest} ${upheld ? 'upheld' : 'rejected'}`);
      cells.push(h('td', {}, res, ' ', reason, ' ', h('button', { id: `uphold-${p.protest}`, onclick: () => go(true) }, 'uphold'), ' ', h('button', { id: `reject-${p.protest}`, onclick: () => go(false) }, 'reject')));
    }
    return h('tr', {}, cells);
  });
  const parts = [h('h2', { title: 'F-PROTEST' }, 'Protests')];
  if (!ps.length) parts.push(h('p.muted', {}, 'none'));
  else parts.push(h('div.scroll', {}, h('table', { id: 'protests' }, h('tr', {}, h('th.num', {}, '#'), h('th', {}, 'game'), h('th', {}, 'by'), h('th', {}, 'text'), h('th', {}, 'decision')), rows)));
  if (app.role === 'director') {
    const tok = h('input', { id: 'appeals-token', type: 'text', autocomplete: 'off', spellcheck: 'false', title: 'give this token to the appeals committee (it decides protests with it)', placeholder: 'appeals committee token', value: app.appeals, oninput: (ev) => { app.appeals = ev.target.value; } });
    parts.push(h('div.form-row', {}, tok, h('button', { id: 'new-appeals', onclick: async () => {
      const r = await ask({ type: 'club_appeals' }, 'decide', 'a new appeals token (give it to the committee)');
      if (r) { app.appeals = r.token; render(); }
    } }, 'issue token')), ...message('decide'));
  }
  if (app.role === 'team') parts.push(protestForm());
  return h('section', { id: 'protest' }, parts);
}

// ---- registration (the director, before the start) --------------------------------------------

function registerSection() {
  const s = app.snap;
  const panel = rosterPanel({
    kind: 'club', event: app.club, snap: s, render,
    request: (body) => app.net.request(body),
    hint: `Each team's roster in the board order fixed for the championship (F-LINEUP): at most ${s.boards} boards + the reserves, `
      + 'at least the minimum of players a match needs. The server orders nothing: the board order is the roster\'s.',
  });
  const start = h('div.form-row', {},
    h('button.primary', { id: 'club-start', disabled: s.teams.length < 2, onclick: () => ask({ type: 'club_start' }, 'result', 'registration closed: line-ups for round 1 are open') },
      `Close registration and start (${s.teams.length} team${s.teams.length === 1 ? '' : 's'})`),
    h('span.muted', {}, s.teams.length < 2 ? 'at least 2 teams' : 'the rounds follow the Berger tables; captains submit line-ups until round 1 starts'));
  panel.append(start, ...message('result'));
  return panel;
}

// ---- the page --------------------------------------------------------------------------------

// What a person has typed or picked in the schedule's and the protests' forms (a board's
// result, a protest and its board, a decision and its reason), by element id: a push re-renders
// the page, and the new forms take these back (a protest half written was wiped by the next
// line-up or result of any team).
const KEPT = '#schedule select, #protest select, #protest textarea, #protest input:not(#appeals-token)';
function keepTyped() {
  return [...root.querySelectorAll(KEPT)].filter((e) => e.id).map((e) => [e.id, e.value]);
}
function restoreTyped(kept) {
  for (const [id, v] of kept) {
    const e = document.getElementById(id);
    if (!e || !e.matches(KEPT)) continue;
    if (e.tagName === 'SELECT' && ![...e.options].some((o) => o.value === v)) continue;
    e.value = v;
  }
}

// Every redraw waits for a press in progress to end (ui/dom.js whenReleased): a reply's redraw
// lands while the next button is pressed as often as a push's does.
function render() {
  whenReleased(draw);
}

function draw() {
  const s = app.snap;
  if (!s) return;
  const focus = document.activeElement && document.activeElement.id;
  const kept = keepTyped();
  document.getElementById('title').textContent = s.name;
  if (app.role !== 'spectator') document.getElementById('role').textContent = app.role === 'team' ? `captain of ${teamName(app.team)}` : app.role;
  document.getElementById('sub').textContent = s.status === 'registering' ? `registration · ${s.teams.length} team${s.teams.length === 1 ? '' : 's'} · ${s.boards} boards`
    : `${s.status} · round ${s.round} of ${s.rounds} · ${s.boards} boards`;
  const sched = h('section.wide', { id: 'schedule' }, h('h2', {}, 'Rounds'), ...s.schedule.slice().reverse().flatMap(roundSection));
  if (app.role === 'director') sched.append(...message('result'));
  const parts = [];
  if (app.role === 'director' && s.status === 'registering') parts.push(registerSection());
  if (app.role === 'team') parts.push(lineupSection());
  parts.push(standingsSection(), protestsSection(), sched);
  root.replaceChildren(...parts.filter(Boolean));
  restoreTyped(kept);
  if (focus && document.getElementById(focus)) document.getElementById(focus).focus();
  tickCountdown();
}

function tickCountdown() {
  for (const x of document.querySelectorAll('.cd')) x.textContent = mmss(Number(x.dataset.until) - performance.now());
  const el = document.getElementById('countdown');
  if (!el || !app.deadlineAt) return;
  const ms = Math.max(0, app.deadlineAt - performance.now());
  const m = Math.floor(ms / 60000), sec = Math.floor((ms % 60000) / 1000);
  el.textContent = `${m}:${String(sec).padStart(2, '0')}`;
}
setInterval(tickCountdown, 250);

async function signIn() {
  const token = document.getElementById('token').value.trim();
  if (!token) return;
  sessionStorage.setItem('club-token', token);
  try {
    const r = await app.net.request({ type: 'auth', token });
    app.role = r.role;
    app.team = r.team || 0;
  } catch (e) {
    app.role = 'spectator';
    document.getElementById('role').textContent = errText(e);
    return;
  }
  render();
}

document.getElementById('connect').addEventListener('click', signIn);
// The token: the link's (a captain's), else this tab's last one, else the director's desk's
// (director.html keeps the admin token in this browser's localStorage).
function deskToken() {
  try { return JSON.parse(localStorage.getItem('bh.admin')) || ''; } catch { return ''; }
}
const saved = params().get('token') || sessionStorage.getItem('club-token') || deskToken();
if (saved) document.getElementById('token').value = saved;

app.time = new ServerTime();
app.net = new Net({
  time: app.time,
  onStatus: (s) => { netEl.textContent = s; netEl.className = `net ${s}`; },
  onOpen: async () => {
    if (document.getElementById('token').value) await signIn();
    await refresh();
  },
  onPush: (m) => {
    if (m.type === 'assign' && m.tournament === app.club) { // a hosted board of ours
      for (const s of m.seats) app.seats.set(`${m.round}.${m.match + 1}.${m.game_no + 1}`, { game: m.game, seat: s.seat, name: s.name, token: s.token });
      if (app.snap) render();
      return;
    }
    if (m.type === 'club' && m.club === app.club) {
      app.snap = m;
      noteDeadline();
      render();
    }
  },
});
