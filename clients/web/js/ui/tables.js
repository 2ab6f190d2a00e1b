// ui/tables.js: the tournament's tables as DOM: one round's pairings and results, the
// standings with tie-breaks, the crosstable. Shared by the desk (director.html), the public
// event page (event.html, also printed) and the projector. SPDX-License-Identifier: MIT
// Every game is a link: a finished one to its replay (replay.html?game=N), a live one to the
// spectator view (watch.html?game=N).

import { h } from './dom.js';
import { byeWords, crosstable, gpText, teamIndex, TB_TITLE, rowMarks, isForfeit } from '../tourdata.js';
import { reasonText } from '../proto.js';

// The page for game id: its replay once it has a result, else the live view.
export function gameHref(id, finished) {
  return finished ? `replay.html?game=${id}` : `watch.html?game=${id}`;
}

// A game of the round that has not ended: "waiting" while its clocks have not started (its
// players are not all there, wait_s; or the break runs), with who is still absent, else "live"
// (the round's states and absent, protocol/messages/s2c-round.md; a server without them: live).
function pendingBadge(m, k, id) {
  const absent = (m.absent && m.absent[k]) || [];
  if (!m.states || m.states[k] !== 'waiting') return [h('span.status.live', { dataset: { state: 'live' } }, 'live'), `game ${id}: live (watch)`];
  const who = absent.length ? ` for ${absent.join(', ')}` : '';
  const title = `game ${id}: waiting${who ? who + ' (not connected yet)' : ' for the start'}: the clocks start when all four players are there (watch)`;
  return [[h('span.status.waiting', { dataset: { state: 'waiting' } }, 'waiting'), who ? h('span.why.absent', {}, who) : null], title];
}

function gameCell(m, k) {
  const id = m.games && m.games[k];
  const res = m.results && m.results[k];
  if (!id && !res) return h('span.muted', {}, '–');
  if (!id) return h('span', { title: reasonText(m.reasons[k]) }, `${res} (${reasonText(m.reasons[k]) || 'forfeit'})`);
  const [badge, title] = res ? [null, `game ${id}: ${res} ${reasonText(m.reasons[k])} (replay)`] : pendingBadge(m, k, id);
  return h('a.game', { href: gameHref(id, !!res), dataset: { game: id }, title },
    res ? h('span.res', {}, res) : badge,
    res && m.reasons[k] ? h('span.why', {}, ` ${reasonText(m.reasons[k])}`) : null);
}

// One round: Bd, Team 1, Team 2 (with pairing numbers; ♔ marks who has White on board A in
// game 1), games 1 and 2 from team 1's side, match and game points.
export function roundTable(r, tour) {
  const teams = teamIndex(tour);
  const no = (id) => (teams.get(id) || {}).no || '';
  const name = (id, n) => n || (teams.get(id) || {}).name || `team ${id}`;
  const white = (m, t) => (m.white === t ? h('span.tag', { title: 'White on board A in game 1' }, ' ♔') : null);
  return h('table.pairings', {},
    h('thead', {}, h('tr', {}, h('th.num', { title: 'board: the pairing\'s row' }, 'Bd'), h('th.num.no', {}, 'No'), h('th', {}, 'Team 1'), h('th.num.no', {}, 'No'), h('th', {}, 'Team 2'),
      h('th', {}, 'Game 1'), h('th', {}, 'Game 2'), h('th.num', { title: 'match points (T-SCORE: 2 / 1 / 0)' }, 'MP'), h('th.num', {}, 'GP'))),
    h('tbody', {}, r.matches.map((m) => h('tr', { dataset: { match: m.match, status: m.status } },
      h('td.num', {}, m.match + 1),
      h('td.num.no', {}, no(m.team1)),
      h('td.team', {}, name(m.team1, m.name1), white(m, 1)),
      m.status === 'bye' ? [h('td.num.no', {}, ''), h('td', {}, h('em', { title: m.bye && m.bye !== 'pab' ? 'a bye the team asked for (T-REQBYE)' : 'the pairing-allocated bye (T-BYE): a team left without an opponent scores 1 match point and 1 game point' }, byeWords(m).long))] : [h('td.num.no', {}, no(m.team2)), h('td.team', {}, name(m.team2, m.name2), white(m, 2))],
      m.status === 'bye' ? [h('td', {}, ''), h('td', {}, '')] : [h('td', {}, gameCell(m, 0)), h('td', {}, gameCell(m, 1))],
      h('td.num', {}, `${m.mp[0]}–${m.mp[1]}`),
      h('td.num', {}, matchScore(m))))));
}

// The standings: #, Team (with "= next" when tied with the next row on everything), MP, GP and
// a column per tie-break in the tournament's order; prize places marked. Into thead / tbody.
// teams (the tournament's, optional): a withdrawn team is marked "withdrawn (Rk)", k the first
// round it was no longer paired in (T-FORFEIT). opts.compact: #, Team, MP and GP only (the hall's
// side column beside the live games; the tie-breaks are on the full table between rounds).
export function standingsInto(thead, tbody, s, teams, opts = {}) {
  const out = new Map((teams || []).filter((t) => t.withdrawn).map((t) => [t.team, t.withdrawn]));
  const tbs = s && !opts.compact ? s.tiebreaks : [];
  thead.replaceChildren(h('tr', {}, h('th', {}, '#'), h('th', {}, 'Team'), h('th.num', { title: 'match points' }, 'MP'), h('th.num', { title: 'game points' }, 'GP'),
    tbs.map((x) => h('th.num', { title: TB_TITLE[x] || x }, x))));
  const rows = s ? s.rows : [];
  // Prize marks and "= next" where they mean something (tourdata.js rowMarks): not before a
  // round is complete, not for a withdrawn team, not for a team on 0 points before the end.
  const mk = (x) => rowMarks(s, x, teams);
  tbody.replaceChildren(...rows.map((x) => h(`tr${mk(x).prize ? '.prize-' + x.place : ''}`, { dataset: { team: x.team, place: x.place } },
    h('td.place', {}, x.place, mk(x).prize ? h(`span.medal.m${x.place}`, { title: `${s.final ? '' : 'on '}prize place ${x.place}${s.final ? '' : ' now'} (T-PRIZES)` }, 'prize') : null),
    h('td', {}, x.name, x.entry > 1 ? h('span.tag.late', { title: `a late entry, paired from round ${x.entry}: 0 for the rounds before (T-LATE)` }, ` late (R${x.entry})`) : null,
      out.has(x.team) ? h('span.tag.out', { title: `withdrawn: not paired from round ${out.get(x.team)} on; the games it had played stand (T-FORFEIT)` }, ` withdrawn (R${out.get(x.team)})`) : null, mk(x).tied ? h('span.tied', { title: `equal with the next row on match points${s.tiebreaks && s.tiebreaks.length ? ` and on ${s.tiebreaks.filter((b) => b !== 'PO').join(', ')}${s.tiebreaks.includes('GP') ? '' : ' (game points are not a tie-break here)'}` : ''}: a play-off decides (T-ARMAGEDDON)` }, '= next') : null),
    h('td.num', {}, x.mp),
    h('td.num', {}, x.gp),
    opts.compact ? null : x.tb.map((v) => h('td.num', {}, v)))));
}

export function standingsTable(s, teams, opts = {}) {
  const thead = h('thead');
  const tbody = h('tbody');
  standingsInto(thead, tbody, s, teams, opts);
  return h(`table.standings${opts.compact ? '.compact' : ''}`, {}, thead, tbody);
}

// The crosstable, round by round: per team its place, pairing number, a cell per round (the
// opponent's No, then each game's result from this team's side, each a link to its replay),
// and the MP and GP of its finished matches.
export function crosstableTable(tour, rounds) {
  const x = crosstable(tour, rounds);
  const place = new Map(((tour && tour.standings && tour.standings.rows) || []).map((r) => [r.team, r.place]));
  const cell = (c) => {
    if (c.none) return h('td.x.none', { title: 'not paired' }, '');
    if (c.bye) return h('td.x.bye', { title: `round ${c.round}: ${byeWords({ bye: c.byeKind }).long}` }, h('span.opp', {}, byeWords({ bye: c.byeKind }).short), ' ', gpText(c.gp));
    const games = c.games.map((g, k) => (g.id
      ? h('a.g', { href: gameHref(g.id, !!g.res), dataset: { game: g.id }, title: `game ${k + 1} (#${g.id})${g.res ? (isForfeit(g) ? `: ${reasonText(g.reason)}, F forfeit` : '') : ': live'}` }, g.res ? `${g.res}${isForfeit(g) ? 'F' : ''}` : '·')
      : h('span.g', { title: g.res ? `game ${k + 1}: ${reasonText(g.reason) || 'forfeit'}, F forfeit` : `game ${k + 1}: not played yet` }, g.res ? `${g.res}F` : '·')));
    return h(`td.x${c.done ? '' : '.open'}`, { dataset: { round: c.round }, title: `round ${c.round}: against No ${c.oppNo}, ${gpText(c.gp)} game points` },
      h('span.opp', {}, c.oppNo || '?'), ' ', games);
  };
  return h('table.crosstable', {},
    h('thead', {}, h('tr', {}, h('th.num', {}, '#'), h('th.num', {}, 'No'), h('th', {}, 'Team'), x.rounds.map((r) => h('th.x', {}, `R${r}`)), h('th.num', {}, 'MP'), h('th.num', {}, 'GP'))),
    h('tbody', {}, x.rows.map((r) => h(`tr${r.withdrawn ? '.withdrawn' : ''}`, { dataset: { team: r.team } },
      h('td.num', {}, place.get(r.team) || ''),
      h('td.num', {}, r.no || ''),
      h('td', {}, r.name),
      r.cells.map(cell),
      h('td.num', {}, r.mp),
      h('td.num', {}, gpText(r.gp))))));
}

// A match's game points from team 1's side as people write them: "1½–½". The one notation of
// the pairings, the projector and the hall.
export function matchScore(m) {
  return `${gpText(m.gp[0])}–${gpText(m.gp[1])}`;
}
