// rosterimport.js: the rosters of a club round robin (seed 004) or a league (seed 003) for the
// director's registration panel, from CSV or from the team records of a TRF file. Pure: text in,
// teams and per-line errors out; the panel registers them (club_team, league_team).
// SPDX-License-Identifier: MIT
//
// CSV (RFC 4180, as teamimport.js reads it: , ; or tab): one player a row, the rows of a team in
// its board order (the roster order the regulations fix for the event, F-LINEUP / art. 2).
// Columns team, name, rating, role, id; a first row naming its columns (team, name or player,
// rating, role or captain, id or fide_id, invited) is a header and may put them in any order.
// rating: 0..4000, empty for an unrated player. role: "captain" (else the team's first player
// is its captain) and/or "invited" (a player from outside the club, seed 003 art. 2); a column
// named captain or invited takes yes / x / 1 / true. id: a positive number unique in the file
// (a federation id); without one the panel numbers the players itself.
// TRF (FIDE): the team records 013 (TRF-16) or 310 (TRF-2026) with every listed player's 001
// record (teamimport.js reads the same columns): ids are the start numbers, the first player
// is the captain. Columns count characters.

import { csvColumns, csvRows, trfTeams } from './teamimport.js';

const MAX_TEAM = 64; // bytes (PROTO_NAME_MAX)
const MAX_PLAYER = 47; // bytes (a roster player's name)
const utf8len = (s) => new TextEncoder().encode(s).length;
const YES = ['yes', 'y', 'x', '1', 'true', '+'];

const HEAD = {
  team: ['team', 'team name', 'club'], name: ['name', 'player', 'player name'], rating: ['rating', 'elo', 'rtg'],
  role: ['role', 'roles'], captain: ['captain', 'capt'], invited: ['invited', 'guest'], id: ['id', 'fide_id', 'fide id', 'player id'],
};

// One player's fields, checked: { player, error }.
function player(line, name, ratingText, idText) {
  if (!name) return { error: 'no player name' };
  if (utf8len(name) > MAX_PLAYER) return { error: `"${name.slice(0, 20)}…" is longer than ${MAX_PLAYER} bytes` };
  const rating = ratingText === '' ? 0 : Number(ratingText);
  if (!Number.isInteger(rating) || rating < 0 || rating > 4000) return { error: `${name}: a rating must be a whole number 0..4000 (or empty: unrated)` };
  const id = idText === '' ? 0 : Number(idText);
  if (!Number.isInteger(id) || id < 0 || id > 2147483647) return { error: `${name}: an id must be a positive whole number` };
  return { player: { id, name, rating, invited: false, line } };
}

function fromCsv(text) {
  const rows = csvRows(text);
  const out = { format: 'csv', teams: [], errors: [] };
  const col = csvColumns(rows, HEAD, ['team', 'name'], { team: 0, name: 1, rating: 2, role: 3, id: 4 });
  const byName = new Map();
  const bad = new Set(); // teams with a row in error: left out whole, never registered short
  for (const r of rows) {
    const cell = (k) => (col[k] === undefined ? '' : (r.cells[col[k]] || '').trim());
    const team = cell('team');
    if (!team) { out.errors.push({ line: r.line, text: 'no team name' }); continue; }
    if (utf8len(team) > MAX_TEAM) { out.errors.push({ line: r.line, text: `"${team.slice(0, 20)}…" is longer than ${MAX_TEAM} bytes` }); continue; }
    const p = player(r.line, cell('name'), cell('rating'), cell('id'));
    if (p.error) {
      const sep = r.cells.length === 1 && /[;\t]/.test(team) ? ' (the row is one field: is it written with another separator than the file\'s first line?)' : '';
      out.errors.push({ line: r.line, text: `${team} (not registered): ${p.error}${sep}` });
      bad.add(team);
      continue;
    }
    const roles = cell('role').toLowerCase().split(/[\s,;/]+/);
    const captain = roles.includes('captain') || YES.includes(cell('captain').toLowerCase());
    p.player.invited = roles.includes('invited') || YES.includes(cell('invited').toLowerCase());
    let t = byName.get(team);
    if (!t) byName.set(team, (t = { name: team, players: [], captain: 0, line: r.line, marked: 0 }));
    t.players.push(p.player);
    if (captain) {
      if (t.marked) {
        out.errors.push({ line: r.line, text: `${team} (not registered): a second captain (line ${t.marked} names one)` });
        bad.add(team);
      } else t.marked = r.line;
    }
  }
  out.rejected = bad.size;
  for (const t of byName.values()) {
    if (bad.has(t.name)) continue;
    const cap = t.marked ? t.players.find((p) => p.line === t.marked) : t.players[0];
    out.teams.push({ name: t.name, players: t.players, captainIndex: t.players.indexOf(cap), line: t.line });
  }
  return out;
}

function fromTrf(text) {
  const out = { format: 'trf', teams: [], errors: [] };
  const { teams, errors } = trfTeams(text);
  out.errors.push(...errors);
  for (const t of teams) {
    if (!t.name || utf8len(t.name) > MAX_TEAM) { out.errors.push({ line: t.line, text: t.name ? `"${t.name.slice(0, 20)}…" is longer than ${MAX_TEAM} bytes` : 'no team name' }); continue; }
    const players = [];
    let bad = null;
    for (const p of t.players) {
      const c = player(t.line, p.name, String(p.rating || ''), String(p.sno));
      if (c.error) { bad = c.error; break; }
      players.push(c.player);
    }
    if (bad) out.errors.push({ line: t.line, text: bad });
    else out.teams.push({ name: t.name, players, captainIndex: 0, line: t.line });
  }
  out.rejected = out.errors.length;
  return out;
}

// The rosters of text: { format: 'csv' | 'trf', teams: [{ name, players: [{ id (0: none given),
// name, rating (0: unrated), invited }], captainIndex, line }], errors: [{ line, text }],
// rejected: the teams of the file left out }. A
// team with any row in error is left out whole (the errors say which rows); so is a team with a
// player id the file gave an earlier player.
export function parseRosters(text) {
  const out = /^(001|013|310) /m.test(text) ? fromTrf(text) : fromCsv(text);
  const seen = new Map();
  out.teams = out.teams.filter((t) => {
    for (const p of t.players) {
      if (!p.id) continue;
      if (seen.has(p.id)) {
        out.rejected++;
        out.errors.push({ line: p.line, text: `${t.name} (not registered): player id ${p.id} is also ${seen.get(p.id)}'s` });
        return false;
      }
      seen.set(p.id, p.name);
    }
    return true;
  });
  for (const t of out.teams) for (const p of t.players) delete p.line;
  out.errors.sort((a, b) => a.line - b.line);
  return out;
}

// Number the players without an id from next up, skipping every id in taken (a Set of the
// event's ids and the file's): the protocol's player ids (club_team, league_team) are positive.
export function numberPlayers(teams, taken, next = 1) {
  for (const t of teams) for (const p of t.players) if (p.id) taken.add(p.id);
  for (const t of teams)
    for (const p of t.players) {
      if (p.id) continue;
      while (taken.has(next)) next++;
      p.id = next;
      taken.add(next);
    }
  return teams;
}
