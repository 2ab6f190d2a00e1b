// teamimport.js: a team list for the desk's import (issue 17 item 5), from CSV or from the team
// records of a TRF file. Pure: text in, teams and per-line errors out; the desk registers them.
// SPDX-License-Identifier: MIT
//
// CSV (RFC 4180: fields in double quotes may hold commas, "" is a quote; ; or tab separators
// too): one team a row, columns name, captain, captain's rating, partner, partner's rating
// (ratings optional, 0..4000). A first row naming its columns (team or name, captain, partner,
// captain_rating / rating_a, partner_rating / rating_b, in any order) is a header.
// TRF (FIDE): the team records 013 (TRF-16: name in columns 5-36, the players' start numbers
// from column 37, 4 columns each one apart) or 310 (TRF-2026: name 9-40, players from column 74),
// their players from the 001 records (start number 5-8, name 15-47, rating 49-52); a team's
// first two players are its captain (board A) and partner (board B). Columns count characters.

const MAX_NAME = 64; // bytes of UTF-8 (PROTO_NAME_MAX)

const utf8len = (s) => new TextEncoder().encode(s).length;

function checkTeam(t) {
  if (!t.name) return 'no team name';
  if (!t.players[0] || !t.players[1]) return `${t.name}: a team needs two players (captain and partner)`;
  for (const s of [t.name, ...t.players]) if (utf8len(s) > MAX_NAME) return `"${s.slice(0, 20)}…" is longer than ${MAX_NAME} bytes`;
  for (const r of t.ratings) if (!Number.isInteger(r) || r < 0 || r > 4000) return `${t.name}: a rating must be 0..4000`;
  return null;
}

// RFC 4180 rows [{ line, cells }] (sep: , ; or tab, guessed from the first line); blank rows
// are left out.
export function csvRows(text) {
  const first = text.split(/\r?\n/, 1)[0] || '';
  const sep = [',', ';', '\t'].map((c) => [c, first.split(c).length]).sort((a, b) => b[1] - a[1])[0][0];
  const rows = [];
  let row = [], f = '', q = false, line = 1, start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"' && text[i + 1] === '"') { f += '"'; i++; }
      else if (c === '"') q = false;
      else { if (c === '\n') line++; f += c; }
    } else if (c === '"' && f === '') q = true;
    else if (c === sep) { row.push(f); f = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(f); rows.push({ line: start, cells: row }); row = []; f = ''; line++; start = line;
    } else f += c;
  }
  if (f !== '' || row.length) { row.push(f); rows.push({ line: start, cells: row }); }
  return rows.filter((r) => r.cells.some((x) => x.trim() !== ''));
}

const HEAD = {
  name: ['name', 'team', 'team name'], captain: ['captain', 'player a', 'board a', 'a'], partner: ['partner', 'player b', 'board b', 'b'],
  rc: ['captain_rating', 'captain rating', 'rating_a', 'rating a', 'rating1'], rp: ['partner_rating', 'partner rating', 'rating_b', 'rating b', 'rating2'],
};

// The columns of rows: when the first row names columns (head: key -> the names it may have)
// including every key of need, that row is taken off and its columns returned; else dflt.
export function csvColumns(rows, head, need, dflt) {
  if (!rows.length) return dflt;
  const low = rows[0].cells.map((x) => x.trim().toLowerCase());
  const found = {};
  for (const [k, names] of Object.entries(head)) {
    const i = low.findIndex((x) => names.includes(x));
    if (i >= 0) found[k] = i;
  }
  if (!need.every((k) => found[k] !== undefined)) return dflt;
  rows.shift();
  return found;
}

function fromCsv(text) {
  const rows = csvRows(text);
  const out = { format: 'csv', teams: [], errors: [] };
  const col = csvColumns(rows, HEAD, ['name', 'captain'], { name: 0, captain: 1, rc: 2, partner: 3, rp: 4 });
  for (const r of rows) {
    const cell = (k) => (col[k] === undefined ? '' : (r.cells[col[k]] || '').trim());
    const rating = (k) => (cell(k) === '' ? 0 : Number(cell(k)));
    const t = { name: cell('name'), players: [cell('captain'), cell('partner')], ratings: [rating('rc'), rating('rp')], line: r.line };
    const e = checkTeam(t);
    if (e) out.errors.push({ line: r.line, text: e });
    else out.teams.push(t);
  }
  return out;
}

// The team records of a TRF file (013, or 310 where any is present) with their players from the
// 001 records: { teams: [{ name, players: [{ sno, name, rating }], line }], errors: [{ line,
// text }] }; a team whose listed start numbers are not all in 001 records is an error.
export function trfTeams(text) {
  const out = { teams: [], errors: [] };
  const lines = text.split(/\r?\n/).map((l) => Array.from(l));
  const col = (ch, a, b) => ch.slice(a, b).join('').trim();
  const players = new Map();
  lines.forEach((ch) => {
    if (col(ch, 0, 3) !== '001') return;
    const sno = Number(col(ch, 4, 8));
    if (sno > 0) players.set(sno, { sno, name: col(ch, 14, 47), rating: Number(col(ch, 48, 52)) || 0 });
  });
  const has310 = lines.some((ch) => col(ch, 0, 3) === '310');
  const code = has310 ? '310' : '013';
  lines.forEach((ch, i) => {
    if (col(ch, 0, 4) !== code) return;
    const name = has310 ? col(ch, 8, 40) : col(ch, 4, 36);
    const snos = [];
    for (let at = has310 ? 73 : 36; at < ch.length; at += 5) {
      const v = Number(col(ch, at, at + 4));
      if (v > 0) snos.push(v);
    }
    const ps = snos.map((s) => players.get(s));
    if (!ps.length || ps.some((p) => !p)) {
      out.errors.push({ line: i + 1, text: `${name || 'a team'}: its players (start numbers ${snos.join(', ') || 'none'}) are not all in 001 records` });
      return;
    }
    out.teams.push({ name, players: ps, line: i + 1 });
  });
  if (!out.teams.length && !out.errors.length) out.errors.push({ line: 0, text: 'no team records (013 or 310) in this TRF file' });
  return out;
}

function fromTrf(text) {
  const out = { format: 'trf', teams: [], errors: [] };
  const { teams, errors } = trfTeams(text);
  out.errors.push(...errors);
  for (const x of teams) {
    const ps = x.players.slice(0, 2);
    const t = { name: x.name, players: ps.map((p) => p.name), ratings: ps.map((p) => p.rating), line: x.line };
    const e = checkTeam(t);
    if (e) out.errors.push({ line: x.line, text: e });
    else out.teams.push(t);
  }
  return out;
}

// The teams of text: { format: 'csv' | 'trf', teams: [{name, players[2], ratings[2], line}],
// errors: [{line, text}] }; a name twice in the list is an error on its second line.
export function parseTeams(text) {
  const isTrf = /^(001|012|013|310) /m.test(text);
  const out = isTrf ? fromTrf(text) : fromCsv(text);
  const seen = new Set();
  out.teams = out.teams.filter((t) => {
    if (!seen.has(t.name)) return seen.add(t.name);
    out.errors.push({ line: t.line, text: `${t.name} is listed twice` });
    return false;
  });
  out.errors.sort((a, b) => a.line - b.line);
  return out;
}
