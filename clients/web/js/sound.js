// sound.js: the play page's sounds (issue 28 item 6): move, capture, low time, game end,
// made with the Web Audio API at play time (no audio files), and a mute switch remembered
// in localStorage ("bh.mute"). SPDX-License-Identifier: MIT

const KEY = 'bh.mute';
let ctx = null;

export function muted() {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setMuted(on) {
  try {
    localStorage.setItem(KEY, on ? '1' : '0');
  } catch {
    /* private mode: the switch lasts for this page only */
  }
  sound.muted = on;
}

// One tone: frequency hz, from t0 (s after now) for dur s, shaped by a fast attack and an
// exponential decay; type is the oscillator's wave.
function tone(hz, t0, dur, type = 'sine', gain = 0.2) {
  const t = ctx.currentTime + t0;
  const o = ctx.createOscillator();
  const g = ctx.createGain();
  o.type = type;
  o.frequency.setValueAtTime(hz, t);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.005);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  o.connect(g).connect(ctx.destination);
  o.start(t);
  o.stop(t + dur + 0.02);
}

const SHAPES = {
  move: () => tone(520, 0, 0.07, 'triangle'),
  capture: () => {
    tone(300, 0, 0.09, 'square', 0.12);
    tone(180, 0.03, 0.12, 'triangle');
  },
  lowtime: () => {
    tone(880, 0, 0.08, 'sine', 0.15);
    tone(880, 0.15, 0.08, 'sine', 0.15);
  },
  end: () => {
    tone(523, 0, 0.25);
    tone(659, 0.12, 0.25);
    tone(784, 0.24, 0.4);
  },
};

// The page's sound player: play(kind) with kind move, capture, lowtime or end; the last
// played kinds are kept (played) for the browser test, muted or not.
export const sound = {
  muted: muted(),
  played: [],
  play(kind) {
    this.played.push(kind);
    if (this.muted || !SHAPES[kind]) return;
    try {
      if (!ctx) ctx = new (window.AudioContext || window.webkitAudioContext)();
      if (ctx.state === 'suspended') ctx.resume();
      SHAPES[kind]();
    } catch {
      /* no audio on this device: silent */
    }
  },
};
