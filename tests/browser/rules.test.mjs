// rules.test.mjs: the browser's move helper (clients/web/js/rules.js) against Fairy-Stockfish,
// and the page model (clients/web/js/game.js) against the protocol's golden examples.
// SPDX-License-Identifier: MIT
// Every row of tests/data/perft/*.epd carries Fairy-Stockfish's depth-1 count (the number of
// legal moves and drops); the board moves chessground is offered (dests, a promotion counted
// once per piece) plus the drops rules.js allows must add up to it exactly, or the play page
// would offer an illegal move (which loses under P-ILLEGAL) or hide a legal one.
// usage: node tests/browser/rules.test.mjs   (cwd: the repo root)

import fs from 'node:fs';
import { explain } from '../../clients/web/js/ui/errors.js';
import { parseFen, dests, canDrop, key, POCKET_ORDER } from '../../clients/web/js/rules.js';
import { fromState, apply } from '../../clients/web/js/game.js';
import { msg, parsePairs, reasonText } from '../../clients/web/js/proto.js';
import { foldPush, withDelta } from '../../clients/web/js/tourdata.js';

let passed = 0;
let failed = 0;
function check(name, cond, detail) {
  if (cond) passed++;
  else {
    failed++;
    console.log(`FAIL ${name}: ${JSON.stringify(detail)}`);
  }
}

function legalCount(fen) {
  const pos = parseFen(fen);
  let n = 0;
  for (const [from, tos] of dests(pos)) {
    const p = pos.sq.find((_, i) => key(i) === from);
    for (const to of tos) n += p.role === 'pawn' && (to[1] === '8' || to[1] === '1') ? 4 : 1;
  }
  for (const role of POCKET_ORDER) {
    if (!pos.pocket[pos.turn][role]) continue;
    for (let i = 0; i < 64; i++) if (canDrop(pos, pos.turn, role, key(i))) n++;
  }
  return n;
}

let rows = 0;
for (const f of ['perft.epd', 'perft-extra.epd', 'perft-games.epd']) {
  for (const line of fs.readFileSync(`tests/data/perft/${f}`, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [name, , fen, ...depths] = line.split(';');
    const d1 = depths.find((d) => d.startsWith('D1 '));
    if (!d1) continue;
    rows++;
    const want = Number(d1.slice(3));
    const got = legalCount(fen);
    check(`${f} ${name}`, got === want, { fen, want, got });
  }
}
console.log(`${rows} perft rows compared at depth 1`);

// game.js on the golden examples of protocol/examples (the C tests use the same files).
const ex = (n) => JSON.parse(fs.readFileSync(`protocol/examples/${n}.json`, 'utf8'));
const g = fromState(ex('s2c-state'));
check('state: boards and plies', g.boards[0].ply === 1 && g.boards[1].ply === 0 && g.boards[0].pos.turn === 'black', g.boards.map((b) => b.ply));
check('state: last move from the events', JSON.stringify(g.boards[0].last) === '["e2","e4"]' && g.boards[1].last === null, g.boards[0].last);
check('state: clocks', g.clocks.clock_ms[0] === 178950 && g.clocks.running.join() === '1,2' && g.clocks.live, g.clocks);
check('state: chat', g.chat.length === 1 && g.chat[0].text === 'need a knight', g.chat);
const mv = ex('s2c-move_delta');
mv.game = g.id;
check('move applies', apply(g, mv) && g.boards[0].ply === 2 && JSON.stringify(g.boards[0].last) === '["e7","e5"]', g.boards[0]);
check('move: clocks from the delta', g.clocks.server_ms === mv.server_ms && g.clocks.running.join() === '0,2', g.clocks);
check('seat applies', apply(g, ex('s2c-seat')) && g.seats[3].connected === false);
check('chat applies', apply(g, ex('s2c-chat_delta')) && g.chat.length === 2);
check('result applies', apply(g, ex('s2c-result')) && g.status === 'finished' && g.result === '1/2-1/2' && g.clocks.live === false);
// R-MATE-MATE: the draw was made on both boards, not on the board the message names first.
check('mate on both boards: no single end board', g.reason === 'mate_both' && g.endBoard === null, g.endBoard);
check('mate on both boards: its words', reasonText('mate_both') === 'mate on both boards' && reasonText('mate') === 'checkmate');
check('another game is ignored', !apply(g, { ...ex('s2c-seat'), game: g.id + 1 }));

// The dashboard's Pairs field (pairing numbers) into round_pair as its golden example has it:
// pairing numbers 1..5 are team ids 1..5 in the example's tournament.
const teams = [1, 2, 3, 4, 5].map((n) => ({ team: n, no: n }));
const hand = ex('c2s-round_pair_hand');
delete hand.id;
check('round_pair by hand = the golden example', JSON.stringify(msg.roundPair(1, parsePairs(' 1-4, 2 - 3;5-0 ', teams), true)) === JSON.stringify(hand), hand);
const computed = ex('c2s-round_pair');
delete computed.id;
check('round_pair without pairs = the golden example', JSON.stringify(msg.roundPair(1)) === JSON.stringify(computed));
// The account page's messages as their golden examples have them.
const noId = (n) => {
  const e = ex(n);
  delete e.id;
  return JSON.stringify(e);
};
check('signup = the golden example', JSON.stringify(msg.signup('Ann_Lee', 'correct horse')) === noId('c2s-signup'));
check('login = the golden example', JSON.stringify(msg.login('ann_lee', 'correct horse')) === noId('c2s-login'));
check('logout = the golden example', JSON.stringify(msg.logout()) === noId('c2s-logout'));
check('guest = the golden example', JSON.stringify(msg.guest('Visitor7')) === noId('c2s-guest'));
check('a refused login in words', /Wrong name or password/.test(explain('login', { code: 'unauthorized', field: 'password' }).text));
const other = [{ team: 7, no: 1 }, { team: 9, no: 2 }, { team: 8, no: 3 }];
check('pairing numbers become team ids', JSON.stringify(parsePairs('2-1, 3-0', other)) === '[[9,7],[8,0]]', parsePairs('2-1, 3-0', other));
for (const [text, want] of [['1-4 2-3', /not a pair/], ['1-9', /no team with No 9/], ['0-1', /no team with No 0/], ['a-b', /not a pair/]]) {
  let err = '';
  try { parsePairs(text, teams); } catch (e) { err = e.message; }
  check(`parsePairs refuses "${text}"`, want.test(err), err);
}
// ui/errors.js: every error code of protocol/errors.md has a sentence of its own (a new code
// without one would reach people as "refused (code)"), and the detail keeps the wire code.
const codes = [...fs.readFileSync('protocol/errors.md', 'utf8').matchAll(/^\| `([a-z_]+)`/gm)].map((m) => m[1]);
const listed = new Set(fs.readFileSync('protocol/errors.md', 'utf8').split('\n').filter((l) => l.startsWith('| `')).flatMap((l) => [...l.split('|')[1].matchAll(/`([a-z_]+)`/g)].map((m) => m[1])));
check('errors.md lists the codes', codes.length >= 20 && listed.has('replace_throttled') && listed.has('bad_text'), codes);
for (const code of listed) {
  const x = explain('any_request', { code, field: 'name' });
  check(`errors.js: a sentence for ${code}`, !/refused this/.test(x.text) && /\.$/.test(x.text) && x.detail === `any_request: ${code} (name)`, x);
}
const tr = explain('team_register', { code: 'bad_state', field: 'tournament' });
check('team_register: bad_state as a sentence, sticky', tr.text === 'Teams can be added only before the tournament starts.' && tr.sticky && tr.detail === 'team_register: bad_state (tournament)', tr);
check('a refused move passes', !explain('move', { code: 'stale_ply' }).sticky);
// tourdata.foldPush on the golden round pushes (s2c-round_delta.md): the snapshot holds v 6;
// round v 7 is applied whole, round_delta v 8 replaces match 0 only; v 8 again is old; a push
// that skips a version, or a delta of a round not held, is a gap (the page loads again).
{
  const tour = { ...ex('s2c-tournament'), round: 2, v: 6, history: [] };
  const rounds = {};
  const round = ex('s2c-round');
  const delta = ex('s2c-round_delta');
  check('round v7 folds', foldPush(tour, rounds, round) === 'changed' && tour.v === 7 && tour.current.round === 2);
  const before = JSON.stringify(tour.current.matches[1]);
  const changed = { ...delta, matches: [{ ...delta.matches[0], results: ['0-1', '1-0'] }] };
  check('round_delta v8 folds', foldPush(tour, rounds, changed) === 'changed' && tour.v === 8, tour.v);
  check('round_delta: match 0 replaced', tour.current.matches[0].results[1] === '1-0' && rounds[2].matches[0].results[1] === '1-0', tour.current.matches[0]);
  check('round_delta: match 1 kept', JSON.stringify(tour.current.matches[1]) === before);
  check('round_delta: the history too', tour.history.find((r) => r.round === 2).matches[0].results[1] === '1-0');
  check('an old push is ignored', foldPush(tour, rounds, changed) === false && tour.v === 8);
  check('a skipped version is a gap', foldPush(tour, rounds, { ...delta, v: 10 }) === 'gap' && tour.v === 8);
  check('a delta of a round not held is a gap', foldPush(tour, rounds, { ...delta, v: 9, round: 4 }) === 'gap');
  check('a delta match out of range: no round', withDelta(tour, rounds, { ...delta, matches: [{ ...delta.matches[0], match: 5 }] }) === null);
  check('standings v9 folds', foldPush(tour, rounds, ex('s2c-standings')) === 'changed' && tour.v === 9 && tour.standings.round === 2);
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
