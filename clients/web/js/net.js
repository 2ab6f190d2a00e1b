// net.js: one WebSocket to the server (subprotocol bughouse.v1) that reconnects by itself.
// SPDX-License-Identifier: MIT
// request() gives each message an id and resolves with the reply that echoes it (rejects with
// the `error` reply); pushes without an id go to onPush. After every (re)connect onOpen runs so
// the app can auth and join again: the server then sends a full state (protocol/README.md,
// Flow 5). A ping every few seconds keeps the clock offset fresh and finds dead links.
// Reconnects wait a jittered, doubling delay (250 ms up to 5 s, each 50-150 % of it), so the
// pages of a node that died do not all come back in the same instant. On a cluster, the error
// `moved` names the node that runs the game: the page connects again with ?node=NAME, which
// HAProxy routes to that node; the delay goes back to 250 ms only once a request is served.

import { SUBPROTOCOL, msg } from './proto.js';

export class Net {
  constructor({ url, time, onOpen, onPush, onStatus }) {
    this.url = url || defaultUrl();
    this.time = time;
    this.onOpen = onOpen;
    this.onPush = onPush;
    this.onStatus = onStatus || (() => {});
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, t0}
    this.backoffMs = 250;
    this.ws = null;
    this.closed = false;
    this.lastRx = 0;
    this.open();
    this.pinger = setInterval(() => this.tick(), 4000);
  }

  open() {
    this.onStatus('connecting');
    const ws = new WebSocket(this.url, SUBPROTOCOL);
    this.ws = ws;
    ws.onopen = () => {
      if (!this.keepBackoff) this.backoffMs = 250;
      this.keepBackoff = false;
      this.lastRx = performance.now();
      this.onStatus('online');
      this.ping();
      Promise.resolve(this.onOpen && this.onOpen()).catch((e) => console.warn('onOpen', e));
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const p of this.pending.values()) p.reject({ code: 'disconnected' });
      this.pending.clear();
      if (this.closed) return;
      this.onStatus('offline');
      setTimeout(() => !this.closed && this.open(), this.backoffMs * (0.5 + Math.random()));
      this.backoffMs = Math.min(this.backoffMs * 2, 5000);
    };
  }

  receive(text) {
    const t1 = performance.now();
    this.lastRx = t1;
    let m;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (m.type === 'pong' && this.pending.has(m.id)) this.time.pong(this.pending.get(m.id).t0, t1, m.server_ms);
    else this.time.seen(m.server_ms, t1);
    const p = m.id !== undefined ? this.pending.get(m.id) : undefined;
    if (m.type === 'error' && m.code === 'moved' && /^[A-Za-z0-9._-]{1,63}$/.test(m.node || '')) {
      // To the node that runs the game; onOpen asks again there. The request is answered as a
      // dropped connection's, which the pages pass over: nothing went wrong for them. When the
      // URL names that node already, it is down and another node answered (HAProxy): the game
      // is being taken over, so the page asks again after a delay that keeps doubling.
      this.url = urlWithNode(this.url, m.node);
      this.keepBackoff = true;
      if (p) {
        this.pending.delete(m.id);
        p.reject({ code: 'disconnected', node: m.node });
      }
      if (this.ws) this.ws.close();
      return;
    }
    if (p) {
      this.pending.delete(m.id);
      if (m.type === 'error') p.reject(m);
      else p.resolve(m);
      if (m.type !== 'error' && m.type !== 'pong') this.backoffMs = 250; // served here: settled
      // A state reply is also the new truth for the page.
      if (m.type === 'state') this.onPush(m);
      return;
    }
    this.onPush(m);
  }

  request(body) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return reject({ code: 'disconnected' });
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject, t0: performance.now() });
      this.ws.send(JSON.stringify({ ...body, id }));
    });
  }

  ping() {
    this.request(msg.ping()).catch(() => {});
  }

  // Every 4 s: a ping; and a link silent for 12 s (no pong either) is dropped and reopened.
  // Silence counts only while this page ran on time: after a tick that came late (a tab in the
  // background, a laptop waking, a starved machine) the replies that arrived meanwhile may still
  // wait behind the timer, so that tick pings and judges nothing.
  tick() {
    const now = performance.now();
    const late = this.lastTick !== undefined && now - this.lastTick > 8000;
    this.lastTick = now;
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (!late && now - this.lastRx > 12000) {
      this.ws.close();
      return;
    }
    this.ping();
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}

// fn (which may return a promise) run one call at a time: a call while one is in flight is
// dropped. A page that missed a push asks for the snapshot once, not once for each push that
// arrives before the answer.
export function oneAtATime(fn) {
  let busy = false;
  return (...args) => {
    if (busy) return;
    busy = true;
    Promise.resolve().then(() => fn(...args)).catch(() => {}).finally(() => { busy = false; });
  };
}

// url with its node parameter set to node (HAProxy's routing to one node of a cluster).
export function urlWithNode(url, node) {
  const u = new URL(url);
  u.searchParams.set('node', node);
  return u.toString();
}

export function defaultUrl() {
  return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/';
}
