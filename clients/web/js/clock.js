// clock.js: the four clocks as the server last stated them, counted down smoothly between
// messages. SPDX-License-Identifier: MIT
// Invariant: a shown time is always clock_ms[seat] minus the server time elapsed since that
// message's server_ms. "Server time now" is the browser's monotonic clock plus an offset
// learned from server timestamps (pong round trips, NTP-style: the sample with the smallest
// round trip wins); the browser's own wall clock is never read.

export class ServerTime {
  constructor() {
    this.offset = null; // server_ms minus performance.now(), ms
    this.rtt = Infinity; // round trip of the sample the offset came from, ms
  }

  now() {
    return performance.now() + (this.offset ?? 0);
  }

  // The server's clock as ms since the epoch for comparing with a stamp it sent (a scheduled
  // start): now() once synchronised, this machine's clock before.
  epochNow() {
    return this.offset === null ? Date.now() : this.now();
  }

  // A pong: sent at t0, received at t1 (performance.now()), stamped server_ms.
  pong(t0, t1, serverMs) {
    const rtt = t1 - t0;
    if (rtt <= this.rtt) {
      this.rtt = rtt;
      this.offset = serverMs - (t0 + t1) / 2;
    }
  }

  // Any stamped message: the server cannot have sent it in our future, so the offset is at
  // least serverMs - receipt (this also seeds it before the first pong).
  seen(serverMs, t1 = performance.now()) {
    if (typeof serverMs !== 'number') return;
    const lower = serverMs - t1;
    if (this.offset === null || lower > this.offset) this.offset = lower;
  }
}

// Remaining ms of seat at server time now: clocks = { clock_ms[4], running[2], server_ms, live }.
export function remaining(clocks, seat, now) {
  const base = clocks.clock_ms[seat];
  const runs = clocks.live && clocks.running[seat >> 1] === seat;
  return Math.max(0, runs ? base - Math.max(0, now - clocks.server_ms) : base);
}

// 2:59, 0:59, 9.8 (tenths under 10 s, as players expect in blitz).
export function format(ms) {
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export const LOW_MS = 20000; // below this a clock is shown as low (red)
export const CRIT_MS = 10000; // below this it pulses
