// board.js: one bughouse board on screen: a chessground board plus its promotion chooser,
// and the reserve (pocket) strips that pieces are dragged out of. SPDX-License-Identifier: MIT
// The view is redrawn from the game model; a move made on it is only a request (onMove /
// onDrop), and the board shows the server's position again when the answer comes.
// Premoves (P-PREMOVE, a ruleset with premoves: state.premove): while the opponent is on move
// a move or a drop (also of a piece not in the pocket yet: bughouse.pro's preturn) is sent at
// once as a premove (onPremove); the server queues it and plays it at the opponent's move.
// chessground shows it until the opponent moves; right-click cancels it (onPremoveCancel).

import { Chessground } from '../vendor/chessground/chessground.min.js';
import { dests, canDrop, moveUci, isPromotion, POCKET_ORDER, LETTER } from './rules.js';

const PROMO_ROLES = ['queen', 'knight', 'rook', 'bishop'];

export class BoardView {
  // el: an empty element; opts: { orientation, onMove(uci), onDrop(uci), onPremove(uci),
  // onPremoveCancel() } (handlers optional).
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
      // P-PREMOVE: off unless the game's ruleset queues premoves (draw: premoves)
      premovable: { enabled: false, showDests: true, castle: true, events: { set: (o, d) => this.premoveSet(o, d), unset: () => this.premoveUnset() } },
      predroppable: { enabled: false, events: { set: (r, k) => this.predropSet(r, k), unset: () => this.premoveUnset() } },
      draggable: { enabled: true, showGhost: true },
      drawable: { enabled: true },
      events: { select: (k) => this.onSelect(k) },
    });
    this.pending = null; // the premove the server holds for this board (the model's), or null
    // Right-click cancels a premove (as lichess): the server's and the one on the board.
    this.wrap.addEventListener('contextmenu', () => {
      if (this.pending || this.cg.state.premovable.current || this.cg.state.predroppable.current) this.cancelPremove(true);
    });
  }

  // Draw board model m; mine = colour the viewer moves here (null: read-only); live: clocks run;
  // premoves: the ruleset queues premoves; pending: the premove the server holds (UCI) or null.
  draw(m, mine, live, premoves = false, pending = null) {
    this.model = m;
    this.mine = mine;
    this.live = live;
    this.premoves = premoves;
    this.pending = pending;
    const canMove = !!(mine && live && m.pos.turn === mine && this.opts.onMove);
    const canPre = !!(mine && live && premoves && m.pos.turn !== mine && this.opts.onPremove);
    this.el.classList.toggle('premove-pending', !!pending);
    // Redrawing an unchanged board would cancel a drag in progress (a partner-board move
    // arrives while this player is dragging): skip it.
    const sig = `${m.fen}|${canMove}|${canPre}|${m.last}`;
    if (sig === this.sig) return;
    const moved = this.ply !== m.ply; // a move on this board (not a pocket change)
    this.ply = m.ply;
    this.sig = sig;
    // The opponent moved (or the turn came back): the server played or dropped the premove.
    if (moved || !canPre) this.cancelPremove(false);
    this.cg.set({
      fen: m.fen,
      turnColor: m.pos.turn,
      lastMove: m.last || undefined,
      check: m.check || false,
      movable: { color: canMove || canPre ? mine : undefined, dests: canMove ? dests(m.pos) : new Map() },
      premovable: { enabled: canPre },
      predroppable: { enabled: canPre },
    });
    if (!canMove && !canPre) this.disarm();
    this.hidePromo();
  }

  // Clear the premove shown on the board; tell the server (send) when it holds one.
  cancelPremove(send) {
    // chessground calls its unset handler later (a timeout) for each one it held: those
    // calls are this cancel's, not a player's click elsewhere
    const st = this.cg.state;
    this.quiet = (this.quiet || 0) + (st.premovable.current ? 1 : 0) + (st.predroppable.current ? 1 : 0);
    this.cg.cancelPremove();
    this.cg.cancelPredrop();
    if (send && this.pending && this.opts.onPremoveCancel) this.opts.onPremoveCancel();
  }

  // chessground set a premove: ask the promotion piece now (pychess-variants #1395: not
  // only on the player's turn), then send it.
  premoveSet(orig, dest) {
    const pos = this.model.pos;
    if (isPromotion(pos, orig, dest)) {
      this.askPromotion(dest, (role) => this.opts.onPremove(moveUci(pos, orig, dest, role)));
      return;
    }
    this.opts.onPremove(moveUci(pos, orig, dest));
  }

  predropSet(role, k) {
    this.opts.onPremove(`${LETTER[role].toUpperCase()}@${k}`);
  }

  // chessground dropped its premove (a click elsewhere): cancel the server's too.
  premoveUnset() {
    if (this.quiet > 0) {
      this.quiet--;
      return;
    }
    if (this.pending && this.opts.onPremoveCancel) this.opts.onPremoveCancel();
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
    if (!this.canDropNow(role) && !this.canPredropNow()) return;
    e.preventDefault();
    this.cg.dragNewPiece({ role, color: this.mine }, e);
  }

  canDropNow(role) {
    const m = this.model;
    return !!(m && this.mine && m.pos.turn === this.mine && this.cg.state.movable.color === this.mine && m.pos.pocket[this.mine][role] > 0);
  }

  // A drop premove (predrop) of any piece, held or not (lila #2454, bughouse.pro's preturn):
  // played only if the piece has arrived when the opponent moves.
  canPredropNow() {
    const m = this.model;
    return !!(m && this.mine && m.pos.turn !== this.mine && this.cg.state.predroppable.enabled);
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
  const pre = !!(board && board.canPredropNow()); // every piece may be predropped
  const sig = `${color}|${POCKET_ORDER.map((r) => pocket[r]).join()}|${!!board}|${board ? board.armed : ''}|${pre}`;
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
    if (board && pre) {
      slot.classList.add('mine', 'predrop');
      slot.title = `drag to premove a drop of this ${role}${n ? '' : ' (played only if it has arrived by then)'}`;
      slot.addEventListener('mousedown', (e) => board.dragFromPocket(role, e));
      slot.addEventListener('touchstart', (e) => board.dragFromPocket(role, e), { passive: false });
    } else if (board && n) {
      slot.classList.add('mine');
      slot.classList.toggle('armed', board.armed === role);
      slot.addEventListener('mousedown', (e) => board.dragFromPocket(role, e));
      slot.addEventListener('touchstart', (e) => board.dragFromPocket(role, e), { passive: false });
      slot.addEventListener('click', () => {
        const armed = board.arm(role);
        for (const s of el.querySelectorAll('.slot')) s.classList.toggle('armed', s.dataset.role === armed);
        el.dataset.sig = `${color}|${POCKET_ORDER.map((r) => pocket[r]).join()}|true|${armed}|false`;
      });
    }
    el.append(slot);
  }
}
