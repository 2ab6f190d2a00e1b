// ui/roster_panel.js: the director's registration of a club round robin (club_team) or a league
// (league_team) before its start: a team by form (its roster typed one player a line) or a whole
// list from a CSV or TRF file (rosterimport.js), a progress line while they go, every refusal
// under the line it came from, and the registered teams with the tokens the server shows once
// (kept in this browser's localStorage: a reload keeps the links). SPDX-License-Identifier: MIT

import { h } from './dom.js';
import { explain } from './errors.js';
import { parseRosters, numberPlayers } from '../rosterimport.js';

const st = { draft: { name: '', roster: '', imp: '' }, editing: 0, busy: false, progress: '', ok: '', errors: [], file: null };

// The file chooser is one element for the page's life: a push that redraws the panel between
// the choice of a file and Import must not drop the file the person chose.
function fileInput() {
  if (!st.file) st.file = h('input', { type: 'file', id: 'rt-file', accept: '.csv,.txt,.trf,text/csv,text/plain' });
  return st.file;
}

const tokKey = (kind, id) => `bh.${kind}.${id}.tokens`;
function loadTokens(kind, id) {
  try { return JSON.parse(localStorage.getItem(tokKey(kind, id))) || {}; } catch { return {}; }
}
function saveTokens(kind, id, v) {
  try { localStorage.setItem(tokKey(kind, id), JSON.stringify(v)); } catch { /* full: kept on the page */ }
}

// What the director reads for a refusal of club_team / league_team.
function refusal(type, e) {
  return explain(type, e).text;
}

// A team's message body.
function body(kind, event, t) {
  const players = t.players.map((p) => (kind === 'league'
    ? { id: p.id, name: p.name, rating: p.rating, ...(p.invited ? { invited: true } : {}) }
    : { id: p.id, name: p.name, ...(p.rating ? { rating: p.rating } : {}) }));
  if (kind === 'league' && t.team) // a league roster corrected: league_roster (the name and captain stay)
    return { type: 'league_roster', league: event, team: t.team, players };
  return { type: `${kind}_team`, [kind]: event, ...(t.team ? { team: t.team } : {}), name: t.name, players, captain: t.players[t.captainIndex].id };
}

// Register teams one after another (each answer before the next: the server's order is the
// list's), the progress line and the errors as they come.
async function register(o, teams, fileErrors, label, rejected = 0) {
  st.busy = true;
  st.errors = fileErrors.map((e) => ({ line: e.line, text: e.text }));
  st.ok = '';
  const taken = new Set(o.snap.teams.flatMap((t) => t.players.map((p) => p.id)));
  numberPlayers(teams, taken, Math.max(0, ...taken) + 1);
  const tokens = loadTokens(o.kind, o.event);
  let done = 0;
  for (const [i, t] of teams.entries()) {
    st.progress = `Registering ${i + 1} of ${teams.length}: ${t.name}…`;
    o.render();
    const msg = body(o.kind, o.event, t);
    try {
      const r = await o.request(msg);
      if (!t.team) { // a new team: its token(s), shown once; a corrected one keeps its own
        tokens[r.team] = o.kind === 'club' ? r.token : r.tokens;
        saveTokens(o.kind, o.event, tokens);
      } else if (o.kind === 'league') { // new players on a corrected roster get their tokens
        const kept = (tokens[t.team] || []).filter((x) => t.players.some((p) => p.id === x.player));
        tokens[t.team] = kept.concat(r.tokens || []);
        saveTokens(o.kind, o.event, tokens);
      }
      done++;
    } catch (e) {
      st.errors.push({ line: t.line, text: `${t.line ? `line ${t.line}: ` : ''}${t.name} (refused by the server): ${refusal(msg.type, e)}` });
    }
  }
  st.errors.sort((a, b) => a.line - b.line);
  st.progress = '';
  const failed = st.errors.length, all = teams.length + rejected;
  st.ok = `${label}: ${done} of ${all} team${all === 1 ? '' : 's'} registered${failed ? `; ${failed} problem${failed === 1 ? '' : 's'} below (${all - done === 1 ? 'that team is' : 'those teams are'} not registered: correct and register again)` : ''}.`;
  st.busy = false;
  o.render();
  return done;
}

async function fromForm(o) {
  const name = st.draft.name.trim();
  if (!name) { st.errors = [{ line: 0, text: 'Give the team a name.' }]; return o.render(); }
  const typed = st.draft.roster.split(/\r?\n/).filter((l) => l.trim());
  const run = typed.findIndex((l) => !/[,;\t]/.test(l) && /\s(\d{3,4}|captain|invited)\s*$/i.test(l));
  if (run >= 0) { // "Bilyk Roman 2200 captain": a rating or a role run into the name
    st.errors = [{ line: 0, text: `roster line ${run + 1}: put commas between the name, the rating and the role ("Bilyk Roman, 2200, captain")` }];
    return o.render();
  }
  const csv = typed.map((l) => `"${name.replace(/"/g, '""')}",${l}`).join('\n');
  const list = parseRosters(`team,name,rating,role\n${csv}`);
  if (!list.teams.length && !list.errors.length) { st.errors = [{ line: 0, text: 'Type the roster: one player a line.' }]; return o.render(); }
  for (const t of list.teams) {
    t.line = 0; // typed, not a file: no line to name
    t.team = st.editing;
    if (st.editing) // a corrected team keeps the ids its players had (typed names are matched)
      for (const p of t.players) {
        const was = (o.snap.teams.find((x) => x.team === st.editing) || { players: [] }).players.find((x) => x.name === p.name);
        if (was) p.id = was.id;
      }
  }
  if (await register(o, list.teams, list.errors.map((e) => ({ line: e.line - 1, text: `roster line ${e.line - 1}: ${e.text}` })), name) && !st.errors.length) {
    st.draft.name = '';
    st.draft.roster = '';
    st.editing = 0;
    o.render();
  }
}

// Put a registered team into the form to correct it (club: club_team with `team`).
function edit(o, t) {
  st.editing = t.team;
  st.draft.name = t.name;
  st.draft.roster = t.players.map((p) => `${p.name.includes(',') ? `"${p.name.replace(/"/g, '""')}"` : p.name}, ${p.rating || ''}${p.id === t.captain || p.invited ? `, ${[p.id === t.captain ? 'captain' : '', p.invited ? 'invited' : ''].filter(Boolean).join(' ')}` : ''}`).join('\n');
  st.errors = [];
  st.ok = '';
  o.render();
  document.getElementById('rt-name')?.focus();
}

async function remove(o, t) {
  if (!window.confirm(`Remove ${t.name} from the event? Its captain's link stops working.`)) return;
  try {
    await o.request({ type: `${o.kind}_team_remove`, [o.kind]: o.event, team: t.team });
    st.ok = `${t.name} removed.`;
    st.errors = [];
    if (st.editing === t.team) { st.editing = 0; st.draft.name = ''; st.draft.roster = ''; }
  } catch (e) {
    st.errors = [{ line: 0, text: `${t.name}: ${explain(`${o.kind}_team_remove`, e).text}` }];
  }
  o.render();
}

async function fromFile(o, input) {
  const file = input.files[0];
  const text = file ? await file.text() : st.draft.imp;
  if (!text.trim()) { st.errors = [{ line: 0, text: 'Choose a file or paste the list.' }]; return o.render(); }
  const list = parseRosters(text);
  await register(o, list.teams, list.errors.map((e) => ({ line: e.line, text: `line ${e.line}: ${e.text}` })), file ? file.name : 'the list', list.rejected || 0);
}

// The links a team's people use: the club captain's page, or each league player's page.
function linksCell(o, t, tokens) {
  const tok = tokens[t.team];
  if (!tok) return h('span.muted', { title: 'the server shows a token once: it was shown to another browser' }, 'token shown elsewhere');
  if (o.kind === 'club') {
    const href = `club.html?club=${o.event}&token=${encodeURIComponent(tok)}`;
    return h('a', { href, target: '_blank', title: 'the captain\'s page (line-ups, protests): give it to the captain only' }, 'captain\'s link');
  }
  const name = (id) => (t.players.find((p) => p.id === id) || { name: `#${id}` }).name;
  return h('details.links', {}, h('summary', {}, `${tok.length} players' links`),
    h('ul', {}, tok.map((x) => h('li', {}, h('a', { href: `league.html?league=${o.event}&token=${encodeURIComponent(x.token)}`, target: '_blank' }, name(x.player)), x.player === t.captain ? ' (captain)' : ''))));
}

// The panel for o: { kind: 'club' | 'league', event (id), snap (the event's snapshot), request
// (body -> Promise of the reply), render (redraws the page), hint (a line on the rosters) }.
export function rosterPanel(o) {
  const tokens = loadTokens(o.kind, o.event);
  const keep = (k) => (ev) => { st.draft[k] = ev.target.value; };
  const file = fileInput();
  const closed = !!o.closed; // registration over (a league between stages): rosters only
  const rows = o.snap.teams.map((t, i) => h('tr', { dataset: { team: t.team } },
    h('td.num', {}, i + 1), h('td', {}, t.name), h('td.num', {}, t.players.length),
    h('td', {}, (t.players.find((p) => p.id === t.captain) || { name: '?' }).name),
    h('td', {}, linksCell(o, t, tokens)),
    h('td.acts', {},
      h('button.small', { id: `rt-edit-${t.team}`, type: 'button', disabled: st.busy, title: o.kind === 'club' ? 'correct its name, roster or captain (before the start)' : 'change its roster (the name and the captain stay)', onclick: () => edit(o, t) }, o.kind === 'club' ? 'edit' : 'roster'), ' ',
      closed ? null : h('button.small', { id: `rt-remove-${t.team}`, type: 'button', disabled: st.busy, title: 'take the team out of the event (before the start)', onclick: () => remove(o, t) }, 'remove'))));
  return h('section.card.register', { id: 'register' },
    h('h2', {}, closed ? 'Rosters for the next stage' : `Registration · ${o.snap.teams.length} team${o.snap.teams.length === 1 ? '' : 's'}`),
    h('p.muted', {}, o.hint),
    closed && !st.editing ? null : h('div.register-grid', {},
      h('form.register-form', { id: 'rt-form', onsubmit: (ev) => { ev.preventDefault(); if (!st.busy) fromForm(o); } },
        h('h3', {}, st.editing ? `Correcting ${(o.snap.teams.find((t) => t.team === st.editing) || { name: '?' }).name}` : 'A team'),
        h('label', { for: 'rt-name' }, 'Team'), h('input', { id: 'rt-name', maxlength: 64, placeholder: 'Portovyk', value: st.draft.name, oninput: keep('name'), readonly: o.kind === 'league' && !!st.editing }),
        h('label', { for: 'rt-roster' }, 'Roster, in board order: one player a line'),
        h('textarea', { id: 'rt-roster', rows: 6, placeholder: `Ivanenko I., 2350, captain\nPetrenko P., 2290\nMelnyk O., ${o.kind === 'league' ? '2100, invited' : ''}`, oninput: keep('roster') }, st.draft.roster),
        h('p.note', {}, 'name, rating (empty: unrated), and "captain" on the captain\'s line (else the first player is captain)' + (o.kind === 'league' ? ', "invited" on an invited player\'s line.' : '.')),
        h('div.form-row', {}, h('button.primary', { id: 'rt-add', type: 'submit', disabled: st.busy }, st.editing ? 'Save the corrections' : 'Register team'),
          st.editing ? h('button', { id: 'rt-cancel', type: 'button', onclick: () => { st.editing = 0; st.draft.name = ''; st.draft.roster = ''; o.render(); } }, 'Cancel') : null)),
      closed ? null : h('div.register-import', {},
        h('h3', {}, 'A list of teams (CSV or TRF)'),
        h('p.note', {}, 'CSV: one player a row, a team\'s rows in board order: team, name, rating, role (captain / invited), id (optional); a header row naming the columns may order them. TRF: the team records (013 or 310) with their players\' 001 records; the first player of a team is its captain.'),
        h('div.form-row', {}, file, h('button', { id: 'rt-import-go', type: 'button', disabled: st.busy, onclick: () => fromFile(o, file) }, 'Import')),
        h('textarea', { id: 'rt-import', rows: 5, placeholder: 'team,name,rating,role\nPortovyk,Ivanenko I.,2350,captain\nPortovyk,Petrenko P.,2290,', oninput: keep('imp') }, st.draft.imp))),
    h('p.progress', { id: 'rt-progress', role: 'status', 'aria-live': 'polite' }, st.progress),
    h('p.okmsg', { id: 'rt-ok' }, st.ok),
    h('ul.import-errors', { id: 'rt-errors' }, st.errors.map((e) => h('li', {}, e.text))),
    o.snap.teams.length ? h('div.scroll', {}, h('table.roster', { id: 'rt-teams' },
      h('thead', {}, h('tr', {}, h('th.num', {}, '#'), h('th', {}, 'Team'), h('th.num', {}, 'Players'), h('th', {}, 'Captain'), h('th', {}, 'Links'), h('th', {}, ''))),
      h('tbody', {}, rows))) : h('p.muted', {}, 'No team yet.'));
}
