// ui/profile.js: an account's profile page (profile.html?name=NAME): its rating with the RD and
// the provisional mark, the rating chart (uPlot, vendor/uplot: one point per rated game, the
// band the rating +- RD), and its rated games newest first (result, partner, opponents, the
// rating change), each opening in the replay viewer (replay.html?game=N), with the BPGN of one
// game or of all those listed (`export`, open to anyone for a finished game), and a head to head
// against a player or a pair (?vs=NAME or "A & B"), counted over the games listed.
// SPDX-License-Identifier: MIT
// Everything comes from one `profile` request (c2s-profile.md), asked again on every
// (re)connect; anyone may look, no login needed.

import uPlot from '../../vendor/uplot/uPlot.esm.js';
import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg } from '../proto.js';
import { h, params, notifyError } from './dom.js';
import { explain } from './errors.js';

const app = { time: new ServerTime(), name: (params().get('name') || '').trim(), profile: null, chart: null };
window.app = app;
const $ = (id) => document.getElementById(id);
const RESULT = { win: 'Won', draw: 'Drew', loss: 'Lost' };

function when(ms) {
  const d = new Date(ms);
  return `${d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })} ${d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
}

function profileLink(name) {
  return h('a.who', { href: `profile.html?name=${encodeURIComponent(name)}` }, name);
}

function save(text, file) {
  const a = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/x-bughouse-pgn' })), download: file });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

async function bpgnOf(game) {
  return (await app.net.request(msg.exportBpgn(game))).text;
}

async function downloadOne(game, button) {
  button.disabled = true;
  try {
    save(await bpgnOf(game), `game-${game}.bpgn`);
  } catch (e) {
    if (e.code !== 'disconnected') notifyError(explain('export', e));
  } finally {
    button.disabled = false;
  }
}

// Every listed game, oldest first, one file: BPGN games one after another, a blank line apart.
async function downloadAll() {
  const b = $('bpgn-all');
  b.disabled = true;
  try {
    const texts = [];
    for (const g of [...app.profile.rated].reverse()) texts.push((await bpgnOf(g.game)).trim());
    save(`${texts.join('\n\n')}\n`, `${app.profile.name}-rated.bpgn`);
  } catch (e) {
    if (e.code !== 'disconnected') notifyError(explain('export', e));
  } finally {
    b.disabled = false;
  }
}

function drawHead(p) {
  document.title = `Bughouse · ${p.name}`;
  $('name').textContent = p.name;
  $('rating').textContent = `${p.rating}${p.provisional ? '?' : ''}`;
  $('rd').textContent = `± ${p.rd} (RD)`;
  $('prov').hidden = !p.provisional;
  $('games-count').textContent = p.games === 1 ? '1 rated game' : `${p.games} rated games`;
}

// The chart: x the game's number in the account's rated games (the first listed is
// games - history.length + 1), y the rating after it, and the rating +- RD as a band.
function drawChart(p) {
  const box = $('chart');
  if (app.chart) { app.chart.destroy(); app.chart = null; }
  $('chart-empty').hidden = p.history.length > 0;
  box.hidden = p.history.length === 0;
  $('chart-legend').hidden = p.history.length === 0;
  if (!p.history.length) return;
  const first = p.games - p.history.length + 1;
  const xs = p.history.map((_, i) => first + i);
  const rs = p.history.map((x) => x.rating);
  const lo = p.history.map((x) => x.rating - x.rd);
  const hi = p.history.map((x) => x.rating + x.rd);
  const css = getComputedStyle(document.documentElement);
  const ink = css.getPropertyValue('--muted').trim() || '#9a9ea4';
  const accent = css.getPropertyValue('--accent').trim() || '#7fb24a';
  const grid = { stroke: '#3a3e44', width: 1 };
  const opts = {
    width: Math.max(200, box.clientWidth),
    height: Math.max(180, Math.min(210, Math.round(box.clientWidth * 0.4))),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: [xs[0] - 0.5, xs[xs.length - 1] + 0.5] },
      y: { range: [Math.min(...lo) - 20, Math.max(...hi) + 20] },
    },
    axes: [
      { stroke: ink, grid, ticks: grid, incrs: [1, 2, 5, 10, 20, 50, 100], values: (u, v) => v.map((x) => (Number.isInteger(x) ? x : '')), label: 'game', labelSize: 18 },
      { stroke: ink, grid, ticks: grid, size: 48, space: 24 },
    ],
    series: [
      { label: 'game' },
      { label: 'rating', stroke: accent, width: 2, points: { show: true, size: 8, fill: accent } },
      { label: 'rating − RD', stroke: 'rgba(127,178,74,0.35)', width: 1, dash: [4, 4], points: { show: false } },
      { label: 'rating + RD', stroke: 'rgba(127,178,74,0.35)', width: 1, dash: [4, 4], points: { show: false } },
    ],
    bands: [{ series: [3, 2], fill: 'rgba(127,178,74,0.12)' }],
  };
  app.chart = new uPlot(opts, [xs, rs, lo, hi], box);
}

function drawGames(p) {
  const body = $('games').querySelector('tbody');
  $('games').hidden = p.rated.length === 0;
  $('bpgn-all').hidden = p.rated.length === 0;
  const note = $('games-note');
  note.hidden = p.rated.length > 0 && p.rated.length === p.games;
  note.textContent = p.rated.length === 0 ? 'No rated game yet: rated tables are in the lobby.' : `The last ${p.rated.length} of ${p.games} rated games.`;
  body.replaceChildren(...p.rated.map((g) => {
    const diff = g.after - g.before;
    const bpgn = h('button.bpgn', { type: 'button', title: `game ${g.game} as BPGN` }, 'BPGN');
    bpgn.onclick = () => downloadOne(g.game, bpgn);
    return h(`tr.${g.result}`, { dataset: { game: g.game } },
      h('td.res', {}, h('a.replay', { href: `replay.html?game=${g.game}`, title: `replay game ${g.game}` }, RESULT[g.result] || g.result)),
      h('td.partner', {}, profileLink(g.partner)),
      h('td.opp', {}, profileLink(g.opponents[0]), ' & ', profileLink(g.opponents[1])),
      h('td.change', {}, `${g.before} → ${g.after} `, h(`span.${diff > 0 ? 'up' : diff < 0 ? 'down' : 'same'}`, {}, `(${diff > 0 ? '+' : ''}${diff})`)),
      h('td.when', {}, when(g.at_ms)),
      h('td.dl', {}, bpgn));
  }));
}

const key = (name) => name.toLowerCase();
const score = (games) => {
  const n = { win: 0, draw: 0, loss: 0 };
  for (const g of games) n[g.result]++;
  return `${games.length} ${games.length === 1 ? 'game' : 'games'}: won ${n.win}, drew ${n.draw}, lost ${n.loss}`;
};

// The head to head of the games listed: against a player (and with them as partner), or
// against a pair ("Cid & Dan", either order); the rows shown are those games.
function drawH2h() {
  const p = app.profile;
  const q = $('h2h').value.trim();
  const rows = [...$('games').querySelectorAll('tbody tr')];
  if (!q) {
    $('h2h-sum').textContent = '';
    rows.forEach((r) => { r.hidden = false; });
    return;
  }
  const pair = q.split('&').map((x) => key(x.trim())).filter(Boolean);
  let shown;
  let text;
  if (pair.length === 2) {
    const want = [...pair].sort().join('&');
    shown = p.rated.filter((g) => g.opponents.map(key).sort().join('&') === want);
    text = `Against ${q}: ${score(shown)}.`;
  } else {
    const vs = p.rated.filter((g) => g.opponents.some((o) => key(o) === pair[0]));
    const with_ = p.rated.filter((g) => key(g.partner) === pair[0]);
    shown = p.rated.filter((g) => vs.includes(g) || with_.includes(g));
    text = `Against ${q}: ${score(vs)}. With ${q} as partner: ${score(with_)}.`;
  }
  $('h2h-sum').textContent = text;
  const ids = new Set(shown.map((g) => String(g.game)));
  rows.forEach((r) => { r.hidden = !ids.has(r.dataset.game); });
}

function drawH2hNames(p) {
  $('h2h-box').hidden = p.rated.length === 0;
  const names = new Set();
  const pairs = new Set();
  for (const g of p.rated) {
    names.add(g.partner);
    g.opponents.forEach((o) => names.add(o));
    pairs.add([...g.opponents].sort().join(' & '));
  }
  $('h2h-names').replaceChildren(...[...[...names].sort(), ...[...pairs].sort()].map((v) => h('option', { value: v })));
  drawH2h();
}

function draw() {
  const p = app.profile;
  drawHead(p);
  drawChart(p);
  drawGames(p);
  drawH2hNames(p);
}

async function onOpen() {
  if (!app.name) {
    $('name').textContent = 'No account named';
    $('games-count').textContent = 'Open a profile from the lobby or your account page (profile.html?name=NAME).';
    return;
  }
  try {
    app.profile = await app.net.request(msg.profile(app.name));
    draw();
  } catch (e) {
    if (e.code === 'not_found') {
      $('name').textContent = app.name;
      $('games-count').textContent = 'There is no account of that name.';
    } else if (e.code !== 'disconnected') notifyError(explain('profile', e));
  }
}

$('bpgn-all').onclick = downloadAll;
$('h2h').value = params().get('vs') || '';
$('h2h').addEventListener('input', drawH2h);
let width = 0;
new ResizeObserver(() => {
  const w = $('chart').clientWidth;
  if (app.profile && w && Math.abs(w - width) > 8) { width = w; drawChart(app.profile); }
}).observe($('chart'));

app.net = new Net({
  time: app.time,
  onOpen,
  onPush: () => {},
  onStatus: (s) => { $('net').textContent = s; $('net').className = `net ${s}`; },
});
