// ui/account.js: the account page (account.html): sign up, log in, log out, play as a guest,
// and who this browser is. SPDX-License-Identifier: MIT
// The session token of a signup or login (s2c-session.md) is kept in localStorage bh.session
// and sent again with auth on every (re)connect, so a reload or a server restart keeps the
// person logged in until the session ends or logout revokes it. The password never leaves the
// form but in the one signup or login request.

import { Net } from '../net.js';
import { ServerTime } from '../clock.js';
import { msg } from '../proto.js';
import { h } from './dom.js';
import { explain } from './errors.js';

const KEY = 'bh.session';
const app = { time: new ServerTime(), me: null }; // me: {name, kind: 'account'|'guest', expires_ms}
window.app = app;
const $ = (id) => document.getElementById(id);

function stored() {
  try {
    return localStorage.getItem(KEY) || '';
  } catch {
    return '';
  }
}

function keep(token) {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch { /* private mode: the session lasts as long as the page */ }
}

function drawWho() {
  const me = app.me;
  const p = $('who-text');
  $('logout').hidden = !me;
  const main = document.querySelector('main.account');
  main.classList.toggle('signed-in', !!me && me.kind === 'account');
  main.classList.toggle('guest', !!me && me.kind === 'guest');
  if (!me) {
    p.className = 'muted';
    p.replaceChildren('Not logged in.');
    return;
  }
  p.className = '';
  if (me.kind === 'guest') p.replaceChildren('Playing as guest ', h('strong', {}, me.name), ' (unrated).');
  else {
    const until = new Date(me.expires_ms).toLocaleDateString();
    p.replaceChildren('Logged in as ', h('strong', { id: 'me' }, me.name), h('span.muted', {}, ` · until ${until} · `),
      h('a', { id: 'my-profile', href: `profile.html?name=${encodeURIComponent(me.name)}` }, 'your profile and rated games'));
  }
}

// Show a refusal beside the field it names (the form's own line when the form has none).
function showError(form, type, e) {
  const { text } = explain(type, e);
  const slot = form.querySelector(`.err[data-for="${e.field}"]`) || form.querySelector('.err[data-for="form"]');
  slot.textContent = text;
}

function clearErrors(form) {
  for (const el of form.querySelectorAll('.err')) el.textContent = '';
}

async function submit(form, type, build) {
  clearErrors(document); // another form's refusal is no longer what the page is about
  const data = new FormData(form);
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  try {
    const r = await app.net.request(build(data));
    if (r.type === 'session') {
      keep(r.token);
      app.me = { name: r.name, kind: 'account', expires_ms: r.expires_ms };
    } else if (r.type === 'authed' && r.role === 'guest') {
      keep('');
      app.me = { name: r.name, kind: 'guest' };
    }
    form.reset();
    drawWho();
  } catch (e) {
    if (e.code === 'disconnected') showError(form, type, { code: 'disconnected', message: 'offline' });
    else showError(form, type, e);
  } finally {
    button.disabled = false;
  }
}

$('login').addEventListener('submit', (ev) => {
  ev.preventDefault();
  submit(ev.target, 'login', (d) => msg.login(String(d.get('name')).trim(), String(d.get('password'))));
});
$('signup').addEventListener('submit', (ev) => {
  ev.preventDefault();
  submit(ev.target, 'signup', (d) => msg.signup(String(d.get('name')).trim(), String(d.get('password'))));
});
$('guest').addEventListener('submit', (ev) => {
  ev.preventDefault();
  submit(ev.target, 'guest', (d) => msg.guest(String(d.get('name')).trim()));
});
$('logout').addEventListener('click', async () => {
  try {
    await app.net.request(msg.logout());
  } catch { /* not logged in there any more: forget it here too */ }
  keep('');
  app.me = null;
  drawWho();
});

// After every (re)connect: the kept session again, or nobody.
async function onOpen() {
  const token = stored();
  if (!token) {
    if (!app.me || app.me.kind !== 'guest') app.me = null;
    else {
      try {
        await app.net.request(msg.guest(app.me.name));
      } catch {
        app.me = null;
      }
    }
    drawWho();
    return;
  }
  try {
    const r = await app.net.request(msg.auth(token));
    app.me = { name: r.name, kind: 'account', expires_ms: r.expires_ms };
  } catch (e) {
    if (e.code === 'unauthorized') keep(''); // expired or revoked
    app.me = null;
  }
  drawWho();
}

app.net = new Net({
  time: app.time,
  onOpen,
  onPush: () => {},
  onStatus: (s) => { $('net').textContent = s; $('net').className = `net ${s}`; },
});
