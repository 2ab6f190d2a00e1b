// ui/dom.js: tiny DOM helpers shared by the pages. SPDX-License-Identifier: MIT

// h('div.a.b', {attr: v, onclick: f}, child, ...): an element; strings become text nodes.
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name || 'div');
  if (classes.length) el.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

// ---- redraws and presses ---------------------------------------------------------------------
// A page that redraws on a push replaces its buttons. A click is a press and a release on the
// same element: a redraw between the two (a league's result push landing while the director's
// finger is down on "enter") replaces the element, and the browser fires no click at all, so
// the press is lost without a word. whenReleased(fn) runs fn now, or, while a press on a button
// or link is down, just after its click (at most HOLD_MS later: a release the page never sees,
// e.g. over a native popup, must not stop the page's redraws for long; a press held longer, a
// slow tap on a busy phone or someone thinking with the finger down, still clicks what was
// under it as long as it lasts less than that).
const HOLD_MS = 5000;
let pressed = false, held = [], holdTimer = 0;

function release() {
  if (!pressed) return;
  pressed = false;
  clearTimeout(holdTimer);
  // the click event follows pointerup in the same task: run the redraws after it
  setTimeout(() => {
    const fns = held;
    held = [];
    for (const fn of fns) fn();
  }, 0);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', (e) => {
    if (!(e.target instanceof Element) || !e.target.closest('button, a[href], input[type=submit], input[type=button]')) return;
    pressed = true;
    clearTimeout(holdTimer);
    holdTimer = setTimeout(release, HOLD_MS);
  }, true);
  for (const t of ['pointerup', 'pointercancel']) window.addEventListener(t, release, true);
}

export function whenReleased(fn) {
  if (!pressed) return fn();
  if (!held.includes(fn)) held.push(fn);
}

export function params() {
  return new URLSearchParams(location.search);
}

// ---- notices -------------------------------------------------------------------------------
// Messages for the person live in the page header, in place of its title: the header holds no
// board and no clock and keeps its height, so a notice never covers a clock and never moves
// the boards under a finger. A notice is { text, detail, sticky, action: {label, onclick,
// disabled}, id }: sticky ones (errors that ask for something) stay until dismissed (x), the
// others pass after 4 s; the newest shows, the older sticky ones come back when it goes. A
// notice with an id replaces the one with the same id (and update(id, ...) changes it).

const notices = [];
let noticeTimer = 0;

function noticeEl() {
  let el = document.getElementById('notice');
  if (el) return el;
  const header = document.querySelector('header.top') || document.body;
  el = h('div.notice', { id: 'notice', role: 'status', 'aria-live': 'polite', hidden: true });
  const net = header.querySelector('.net');
  if (net) net.before(el);
  else header.append(el);
  return el;
}

function drawNotice() {
  const el = noticeEl();
  const n = notices[notices.length - 1];
  const header = el.parentElement;
  if (header) header.classList.toggle('has-notice', !!n);
  el.hidden = !n;
  if (!n) return el.replaceChildren();
  el.className = `notice ${n.kind || (n.sticky ? 'error' : 'info')}`;
  el.dataset.id = n.id || '';
  el.title = n.detail ? `${n.text} (${n.detail})` : n.text;
  const body = h('span.notice-text', {}, n.text, n.detail ? h('span.notice-detail', {}, ` ${n.detail}`) : null);
  const kids = [body];
  if (n.action) kids.push(h('button.notice-action.primary', { type: 'button', onclick: n.action.onclick, disabled: !!n.action.disabled }, n.action.label));
  if (n.sticky && !n.fixed) kids.push(h('button.notice-close', { type: 'button', title: 'dismiss', 'aria-label': 'dismiss', onclick: () => dismiss(n) }, '×'));
  if (notices.length > 1) kids.push(h('span.notice-more', { title: `${notices.length - 1} more` }, `+${notices.length - 1}`));
  el.replaceChildren(...kids);
}

// Show n (see above); returns it (for dismiss).
export function notify(n) {
  if (typeof n === 'string') n = { text: n };
  if (n.id) for (let i = notices.length - 1; i >= 0; i--) if (notices[i].id === n.id) notices.splice(i, 1);
  // a passing notice replaces the passing one before it; sticky ones stack
  const last = notices[notices.length - 1];
  if (last && !last.sticky) notices.pop();
  notices.push(n);
  clearTimeout(noticeTimer);
  if (!n.sticky) noticeTimer = setTimeout(() => dismiss(n), 4000);
  drawNotice();
  return n;
}

// Remove notice n (or the one with id n).
export function dismiss(n) {
  const i = notices.findIndex((x) => x === n || (typeof n === 'string' && x.id === n));
  if (i >= 0) notices.splice(i, 1);
  drawNotice();
}

// Change the notice with this id in place (e.g. a countdown); no-op when it is gone.
export function update(id, fields) {
  const n = notices.find((x) => x.id === id);
  if (!n) return;
  Object.assign(n, fields);
  drawNotice();
}

// A passing message ("copied", "game 3 created").
export function toast(text) {
  return notify({ text });
}

// A refused request as a sentence (ui/errors.js), the code kept as a detail.
export function notifyError(explained, extra) {
  return notify({ ...explained, ...(extra || {}) });
}
