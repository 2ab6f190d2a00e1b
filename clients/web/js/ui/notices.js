// ui/notices.js: the director's announcements on a page (protocol/messages/s2c-announcement.md),
// shown in a stack at the top until the reader dismisses each one. SPDX-License-Identifier: MIT
// A page calls showNotice(m) for every `announcement` push. The same notice can come on two
// sockets (a player's tournament link keeps a team socket beside the seat's): it is shown
// once, by its server_ms and text. Undismissed notices survive a reload (localStorage, this
// page's kind only); dismissed ones are remembered for a day so a resend of the same push does
// not bring them back.

import { h } from './dom.js';

const KEY = 'bh.notices';
const DAY_MS = 86400000;

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || { open: [], gone: [] };
  } catch {
    return { open: [], gone: [] };
  }
}

function save(s) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* storage full or off: the notice still shows until the page closes */
  }
}

const idOf = (m) => `${m.server_ms}|${m.text}`;

let stack = null;
let opts = { big: false };

function ensureStyle() {
  if (!document.querySelector('link[data-notices]')) {
    document.head.append(h('link', { rel: 'stylesheet', href: 'css/notices.css', 'data-notices': '' }));
  }
}

function ensureStack() {
  if (stack && stack.isConnected) return stack;
  ensureStyle();
  stack = h(`div.notices${opts.big ? '.big' : ''}`, { id: 'notices', role: 'region', 'aria-label': "the director's announcements" });
  document.body.append(stack);
  return stack;
}

function draw(m) {
  const id = idOf(m);
  const el = ensureStack();
  if ([...el.children].some((c) => c.dataset.id === id)) return;
  const when = new Date(m.server_ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const to = m.team ? `to ${m.name || 'your team'}` : 'to everyone';
  const note = h('div.notice', { role: 'alert', dataset: { id, team: m.team || '' } },
    h('div.notice-head', {}, h('strong', {}, 'From the director'), h('span.notice-meta', {}, ` · ${to} · ${when}`)),
    h('div.notice-text', {}, m.text),
    h('button.notice-close', { type: 'button', title: 'dismiss', 'aria-label': 'dismiss', onclick: () => dismiss(id) }, 'Dismiss'));
  el.prepend(note);
}

// Show announcement m (a push or the desk's own reply) unless it was dismissed already.
export function showNotice(m) {
  if (!m || typeof m.text !== 'string') return;
  const s = load();
  const id = idOf(m);
  if (s.gone.some((g) => g.id === id)) return;
  if (!s.open.some((x) => idOf(x) === id)) {
    s.open.push({ text: m.text, team: m.team || null, name: m.name || null, server_ms: m.server_ms });
    save(s);
  }
  draw(m);
}

export function dismiss(id) {
  const s = load();
  s.open = s.open.filter((x) => idOf(x) !== id);
  s.gone = s.gone.filter((g) => Date.now() - g.at < DAY_MS);
  s.gone.push({ id, at: Date.now() });
  save(s);
  const el = stack && [...stack.children].find((c) => c.dataset.id === id);
  if (el) el.remove();
}

// Call once at page start: the notices still open from before a reload. big: projector type.
export function initNotices(o = {}) {
  opts = { ...opts, ...o };
  ensureStyle(); // loaded before the first notice comes, so it never shows unstyled
  for (const m of load().open) draw(m);
}
