// board.js: one bughouse board on screen: a chessground board plus its promotion chooser,
// and the reserve (pocket) strips that pieces are dragged out of. SPDX-License-Identifier: MIT
// The view is redrawn from the game model; a move made on it is only a request (onMove /
// onDrop), and the board shows the server's position again when the answer comes.

import { Chessground } from '../vendor/chessground/chessground.min.js';
import { dests, canDrop, moveUci, isPromotion, POCKET_ORDER, LETTER } from './rules.js';

const PROMO_ROLES = ['queen', 'knight', 'rook', 'bishop'];

export class BoardView {
  // el: an empty element; opts: { orientation, onMove(uci), onDrop(uci) } (handlers optional).
  constructor(el, opts) {
    this.el = el;
    this.opts = opts;
    this.model = null; // the board model last drawn (game.js boardModel)
    this.mine = null; // the colour this page may move on this board, or null
    this.armed = null; // a pocket role picked by click, waiting for a square click
    this.wrap = document.createElement('div');
    this.wrap.className = 'cg-wrap';
    this.promo = document.createElement('div');
    this.promo.className = 'cg-wrap promo hidden'; // cg-wrap: chessground's piece images apply inside
    el.append(this.wrap, this.promo);
    this.cg = Chessground(this.wrap, {
      orientation: opts.orientation,
      coordinates: true,
      viewOnly: !opts.onMove,
      animation: { enabled: true, duration: 120 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, color: undefined, showDests: true, events: { after: (o, d) => this.afterMove(o, d), afterNewPiece: (r, k) => this.afterDrop(r, k) } },
      premovable: { enabled: false }, // P-PREMOVE: the regulation forbids premoves
      predroppable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
      drawable: { enabled: true },
      events: { select: (k) => this.onSelect(k) },
    });
  }

  // Draw board model m; mine = colour the viewer moves here (null: read-only); live: clocks run.
  draw(m, mine, live) {
    this.model = m;
    this.mine = mine;
    this.live = live;
    const canMove = !!(mine && live && m.pos.turn === mine && this.opts.onMove);
    // Redrawing an unchanged board would cancel a drag in progress (a partner-board move
    // arrives while this player is dragging): skip it.
    const sig = `${m.fen}|${canMove}|${m.last}`;
    if (sig === this.sig) return;
    this.sig = sig;
    this.cg.set({
      fen: m.fen,
      turnColor: m.pos.turn,
      lastMove: m.last || undefined,
      check: m.check || false,
      movable: { color: canMove ? mine : undefined, dests: canMove ? dests(m.pos) : new Map() },
    });
    if (!canMove) this.disarm();
    this.hidePromo();
  }

  // Redraw the last model (after a refused or cancelled move).
  revert() {
    this.sig = null;
    if (this.model) this.draw(this.model, this.mine, this.live);
  }

  afterMove(orig, dest) {
    const pos = this.model.pos;
    if (isPromotion(pos, orig, dest)) {
      this.askPromotion(dest, (role) => this.opts.onMove(moveUci(pos, orig, dest, role)));
      return;
    }
    this.opts.onMove(moveUci(pos, orig, dest));
  }

  afterDrop(role, k) {
    this.disarm();
    if (!canDrop(this.model.pos, this.mine, role, k)) {
      this.revert();
      return;
    }
    this.opts.onDrop(`${LETTER[role].toUpperCase()}@${k}`);
  }

  // Start dragging a pocket piece onto this board (mousedown/touchstart on the pocket).
  dragFromPocket(role, e) {
    if (!this.canDropNow(role)) return;
    e.preventDefault();
    this.cg.dragNewPiece({ role, color: this.mine }, e);
  }

  canDropNow(role) {
    const m = this.model;
    return !!(m && this.mine && m.pos.turn === this.mine && this.cg.state.movable.color === this.mine && m.pos.pocket[this.mine][role] > 0);
  }

  // Click-to-drop: a click on a pocket piece arms it, then a click on an empty square drops.
  arm(role) {
    this.armed = this.armed === role || !this.canDropNow(role) ? null : role;
    this.el.classList.toggle('armed', !!this.armed);
    return this.armed;
  }

  disarm() {
    this.armed = null;
    this.el.classList.remove('armed');
  }

  onSelect(k) {
    if (!this.armed) return;
    const role = this.armed;
    this.disarm();
    if (this.cg.state.pieces.has(k) || !canDrop(this.model.pos, this.mine, role, k)) return;
    this.cg.newPiece({ role, color: this.mine }, k); // shown at once; newPiece has no callback
    this.opts.onDrop(`${LETTER[role].toUpperCase()}@${k}`);
  }

  askPromotion(dest, done) {
    const file = dest.charCodeAt(0) - 97;
    const flipped = this.cg.state.orientation === 'black';
    const col = flipped ? 7 - file : file;
    this.promo.replaceChildren();
    this.promo.style.left = `${col * 12.5}%`;
    for (const role of PROMO_ROLES) {
      const b = document.createElement('button');
      b.className = `promo-choice ${role}`;
      b.title = role;
      b.dataset.role = role;
      const p = document.createElement('piece');
      p.className = `${role} ${this.mine}`;
      b.append(p);
      b.onclick = () => {
        this.hidePromo();
        done(role);
      };
      this.promo.append(b);
    }
    const cancel = document.createElement('button');
    cancel.className = 'promo-cancel';
    cancel.textContent = '×';
    cancel.onclick = () => this.revert();
    this.promo.append(cancel);
    this.promo.classList.remove('hidden');
  }

  hidePromo() {
    this.promo.classList.add('hidden');
  }
}

// Render a pocket strip: all five roles in a fixed order, dimmed at zero, with counts.
// board: the BoardView pieces are dragged onto when this pocket is the viewer's (else null).
export function drawPocket(el, pocket, color, board) {
  // Rebuild only on a change: a rebuild under the pointer would lose a click or a drag start.
  const sig = `${color}|${POCKET_ORDER.map((r) => pocket[r]).join()}|${!!board}|${board ? board.armed : ''}`;
  if (el.dataset.sig === sig) return;
  el.dataset.sig = sig;
  el.replaceChildren();
  el.classList.add('cg-wrap', 'pocket');
  for (const role of POCKET_ORDER) {
    const n = pocket[role];
    const slot = document.createElement('div');
    slot.className = 'slot' + (n ? '' : ' empty');
    slot.dataset.role = role;
    slot.dataset.color = color;
    slot.dataset.count = n;
    const p = document.createElement('piece');
    p.className = `${role} ${color}`;
    slot.append(p);
    if (n > 1) {
      const c = document.createElement('span');
      c.className = 'count';
      c.textContent = n;
      slot.append(c);
    }
    if (board && n) {
      slot.classList.add('mine');
      slot.classList.toggle('armed', board.armed === role);
      slot.addEventListener('mousedown', (e) => board.dragFromPocket(role, e));
      slot.addEventListener('touchstart', (e) => board.dragFromPocket(role, e), { passive: false });
      slot.addEventListener('click', () => {
        const armed = board.arm(role);
        for (const s of el.querySelectorAll('.slot')) s.classList.toggle('armed', s.dataset.role === armed);
        el.dataset.sig = `${color}|${POCKET_ORDER.map((r) => pocket[r]).join()}|true|${armed}`;
      });
    }
    el.append(slot);
  }
}
