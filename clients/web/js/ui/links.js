// ui/links.js: the printable team links (links.html?tournament=N; issue 26 item 4): for each
// team its two players' links, each as a QR code and as text, to hand out at the boards or
// send. SPDX-License-Identifier: MIT
// The links are secret and the server keeps only their hashes: they come from this browser's
// desk (localStorage bh.teamtok, team id -> team token), the names and pairing numbers from
// tournament_get (public). A team whose link was made in another browser says so: the desk's
// reissue makes a new one. QR codes: qrcode-generator (vendor/qrcode, MIT), error correction M.

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg } from '../proto.js';
import { h, params, notifyError } from './dom.js';
import { explain } from './errors.js';
import qrcode from '../../vendor/qrcode/qrcode.js';

const q = params();
const app = { want: Number(q.get('tournament')) || 0, tour: null, ready: false, time: new ServerTime() };
window.app = app;
const $ = (id) => document.getElementById(id);

function tokens() {
  try {
    return JSON.parse(localStorage.getItem('bh.teamtok')) || {};
  } catch {
    return {};
  }
}

// A player's link: the play page with the team token and the board (as the desk's Teams list).
export function playerLink(token, board) {
  return `${location.origin}/play.html?team=${token}&board=${board}`;
}

// The QR code of text as an SVG element (module size 4 px, the standard quiet zone of 4).
function qr(text) {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const box = h('div.qr');
  box.innerHTML = code.createSvgTag({ cellSize: 4, margin: 16, scalable: true }); // the library's own SVG
  return box;
}

function card(team, k, token) {
  const board = 'AB'[k];
  const who = team.players[k];
  if (!token) return h('div.link-card.none', {}, h('div.who', {}, `Board ${board}: ${who}`), h('p.muted', {}, 'This link was made in another browser: reissue it in the desk\'s Teams list.'));
  const url = playerLink(token, board);
  return h('div.link-card', { dataset: { team: team.team, board } },
    h('div.who', {}, `Board ${board}: ${who}`),
    qr(url),
    h('a.url', { href: url }, url));
}

function draw() {
  const t = app.tour;
  const tok = tokens();
  $('title').textContent = `${t.name} · ${t.teams.length} teams`;
  document.title = `${t.name} · team links`;
  const teams = t.teams.slice().sort((a, b) => (a.no || 1e9) - (b.no || 1e9) || a.team - b.team);
  const known = teams.filter((x) => tok[x.team]).length;
  $('links').replaceChildren(
    h('div.links-head', {}, h('h2', {}, `${t.name}: team links`),
      h('p', {}, 'Each link opens that player\'s board in every game of the tournament (the captain on board A, the partner on board B). Give each only to its player: whoever holds it plays.'),
      known < teams.length ? h('p.warn.screen-only', {}, `${teams.length - known} of ${teams.length} teams' links were made in another browser: reissue them in the desk to print them here.`) : null),
    ...teams.filter((x) => !x.withdrawn).map((x) => h('section.team-links', { dataset: { team: x.team } },
      h('h3', {}, x.no ? `${x.no}. ${x.name}` : x.name),
      h('div.cards', {}, [0, 1].map((k) => card(x, k, tok[x.team]))))));
  app.ready = true;
}

async function onOpen() {
  try {
    app.tour = await app.net.request(msg.tournamentGet(app.want || undefined));
    draw();
  } catch (e) {
    if (e.code === 'not_found') $('links-empty').textContent = app.want ? `There is no tournament ${app.want}.` : 'No tournament yet.';
    else if (e.code !== 'disconnected') notifyError(explain('tournament_get', e));
  }
}

$('print').onclick = () => window.print();
app.net = new Net({
  time: app.time,
  onOpen,
  onPush: () => {},
  onStatus: (s) => { $('net').textContent = s; $('net').className = `net ${s}`; },
});
