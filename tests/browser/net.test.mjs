// net.test.mjs: the web client's connection (clients/web/js/net.js) against a stand-in
// WebSocket and timers: the error `moved` (protocol/messages/s2c-error.md) sends the page to
// the node it names through the URL parameter HAProxy routes by (?node=NAME), a node name that
// is not one is ignored, and reconnects wait a jittered, doubling delay (RFC 6455 section 7.2.3
// asks a client that reconnects after an abnormal close to wait a random delay, so the clients
// of a server that died do not all come back at once).
// SPDX-License-Identifier: MIT
// usage: node tests/browser/net.test.mjs   (cwd: the repo root)

let passed = 0;
let failed = 0;
function check(name, cond, detail) {
  if (cond) passed++;
  else {
    failed++;
    console.log(`FAIL ${name}: ${JSON.stringify(detail)}`);
  }
}

// A WebSocket that opens at once and records what it was asked for.
const sockets = [];
class FakeSocket {
  constructor(url, proto) {
    this.url = url;
    this.proto = proto;
    this.readyState = 1;
    this.sent = [];
    sockets.push(this);
    if (FakeSocket.refuse > 0) { // the server is down: the connection fails
      FakeSocket.refuse--;
      this.readyState = 3;
      queueMicrotask(() => this.onclose && this.onclose());
    } else queueMicrotask(() => this.onopen && this.onopen());
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    queueMicrotask(() => this.onclose && this.onclose());
  }
}
FakeSocket.OPEN = 1;
FakeSocket.refuse = 0;
globalThis.WebSocket = FakeSocket;

// setTimeout records each delay and runs the callback at once (setInterval: never).
const delays = [];
globalThis.setTimeout = (fn, ms) => {
  delays.push(ms);
  queueMicrotask(fn);
  return 0;
};
globalThis.setInterval = () => 0;
globalThis.clearInterval = () => {};

const { Net, urlWithNode } = await import('../../clients/web/js/net.js');
const tick = () => new Promise((r) => setImmediate(r));

check('urlWithNode adds the parameter', urlWithNode('wss://h.example/', 'b') === 'wss://h.example/?node=b',
  urlWithNode('wss://h.example/', 'b'));
check('urlWithNode replaces it', urlWithNode('wss://h.example/?node=a', 'c-2') === 'wss://h.example/?node=c-2',
  urlWithNode('wss://h.example/?node=a', 'c-2'));

const time = { pong() {}, seen() {} };
let opens = 0;
const net = new Net({ url: 'wss://h.example/', time, onOpen: () => { opens++; }, onPush: () => {} });
await tick();
check('connected to the address given', sockets.length === 1 && sockets[0].url === 'wss://h.example/', sockets.map((s) => s.url));
check('the subprotocol', sockets[0].proto === 'bughouse.v1', sockets[0].proto);
const join = net.request({ type: 'join', game: 7 });
const id = sockets[0].sent.at(-1).id;
sockets[0].onmessage({ data: JSON.stringify({ type: 'error', id, code: 'moved', message: 'node b runs this game: connect to it', field: 'game', node: 'b' }) });
let refusal = null;
await join.catch((e) => { refusal = e; });
check('the request is answered as a dropped connection\'s (the pages pass over it)',
  refusal && refusal.code === 'disconnected' && refusal.node === 'b', refusal);
await tick();
await tick();
check('moved: a new connection to ?node=b', sockets.length === 2 && sockets[1].url === 'wss://h.example/?node=b', sockets.map((s) => s.url));
check('the page authenticates and joins again there (onOpen)', opens === 2, opens);

// The node named is the one the URL names already (it is down; HAProxy sent the page to
// another node, which has not taken the game over yet): the page asks again, after a delay
// that keeps doubling while it is moved.
delays.length = 0;
for (let i = 0; i < 3; i++) {
  sockets.at(-1).onmessage({ data: JSON.stringify({ type: 'error', code: 'moved', node: 'b' }) });
  await tick();
  await tick();
}
check('moved to the node named already: asked again each time', sockets.length === 5 && sockets.at(-1).url === 'wss://h.example/?node=b', sockets.map((s) => s.url));
// (the join above was moved too, after 250 ms: these wait 500, 1000, 2000 ms)
check('after 500, 1000, 2000 ms (each 50-150 %)', delays.length === 3 && delays.every((d, i) => d >= 250 * 2 ** i && d <= 750 * 2 ** i), delays);

// A name that is not a node's is not put into the URL.
sockets.at(-1).onmessage({ data: JSON.stringify({ type: 'error', code: 'moved', node: 'b/../../evil' }) });
await tick();
check('a bad node name: no reconnect', sockets.length === 5 && sockets.at(-1).readyState === 1, sockets.length);

// A request answered there: the page is served, and the delay starts again from 250 ms.
const auth = net.request({ type: 'auth', token: 'x' });
sockets.at(-1).onmessage({ data: JSON.stringify({ type: 'authed', id: sockets.at(-1).sent.at(-1).id, role: 'player' }) });
check('served', (await auth).type === 'authed', null);

// Reconnects after drops: each delay within 50-150 % of the base.
delays.length = 0;
for (let i = 0; i < 8; i++) {
  sockets.at(-1).close();
  await tick();
  await tick();
}
// each drop is reopened at once by the stand-in; onopen then resets the base, as a real
// reconnect that succeeds does: every delay is the first one's, 125 to 375 ms
check('eight reconnects', delays.length === 8, delays);
check('each delay within 50-150 % of 250 ms', delays.every((d) => d >= 125 && d <= 375), delays);
check('jittered: not all the same', new Set(delays).size > 1, delays);

// A server down for six tries: the base doubles from 250 ms up to 5 s.
delays.length = 0;
FakeSocket.refuse = 6;
sockets.at(-1).close();
for (let i = 0; i < 20; i++) await tick();
const bases = [250, 500, 1000, 2000, 4000, 5000, 5000];
check('seven tries, the last one connects', delays.length === 7 && sockets.at(-1).readyState === 1, delays);
check('each within 50-150 % of 250, 500, 1000, 2000, 4000, 5000, 5000 ms',
  delays.every((d, i) => d >= bases[i] / 2 && d <= bases[i] * 1.5), delays);
net.close();

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
