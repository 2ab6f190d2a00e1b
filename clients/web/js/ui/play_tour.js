// ui/play_tour.js: what the play page says about the tournament of its game (issue 13 items 4
// and 5): the event, round N of M, game 1 or 2 of the match, both teams by name, the match score
// so far, the standings link, the final place; P-GAME2's choice for the losing captain (with
// its countdown), "your captain is choosing" for the partner, the outcome for everyone; and the
// team link's waiting page. SPDX-License-Identifier: MIT
// Facts come from the server only: the state's `tournament`, the `tournament` snapshot
// (tournament_get), the `round` and `standings` pushes, `game2_choice` and `game2_decided`.

import { msg, teamOf, boardOf } from '../proto.js';
import { teamName, countdown } from './view.js';
import { h, notifyError } from './dom.js';
import { explain } from './errors.js';
import { oneAtATime } from '../net.js';
import { byeWords, gpText, scheduleText, foldPush } from '../tourdata.js';

const G2_KEY = 'bh.g2'; // the outcome of P-GAME2, carried to game 2's page (sessionStorage)

export const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;

// The match of round r, index mi, in snapshot s (the round as `round` sends it), or null.
function matchOf(s, r, mi) {
  const rounds = [...(s.history || []), s.current].filter(Boolean);
  const rd = rounds.filter((x) => x.round === r).pop();
  return rd && rd.matches ? rd.matches.find((m) => m.match === mi) || null : null;
}

function teamById(s, id) {
  const t = s && (s.teams || []).find((x) => x.team === id);
  return t ? t.name : '';
}

// The final place line of team name in snapshot s: "Final: 2nd of 8", or "".
export function finalPlace(s, name) {
  if (!s || s.status !== 'finished' || !s.standings) return '';
  const row = s.standings.rows.find((x) => x.name === name);
  return row ? `Final: ${ordinal(row.place)} of ${s.standings.rows.length}` : '';
}

// After a finished game, when the event has moved on to a round in which team `own` plays no
// game (a bye): "Round 2 of 3: your team has a bye" (a round with a game opens by itself), or "".
function nextRound(s, g, own) {
  const cur = s && s.current;
  if (!cur || !g || g.status !== 'finished' || !g.tour || cur.round <= g.tour.round || s.status === 'finished') return '';
  const m = (cur.matches || []).find((x) => x.name1 === own || x.name2 === own);
  return m && (m.status === 'bye' || !m.team2) ? `Round ${cur.round} of ${s.rounds}: your team has a ${byeWords(m).long}` : '';
}

export class TourBar {
  // app: the play page (app.net the seat socket, app.tn the team socket or null, app.g, app.board,
  // app.teamId the team of the team link or 0, app.seat).
  constructor(app) {
    this.app = app;
    this.snap = null;
    this.tid = 0;
    this.choice = null; // the open game2_choice { ..., until (ms, local clock) }
    this.note = ''; // P-GAME2's outcome or our answer
    this.el = h('div.tour-bar', { id: 'tour-bar', hidden: true });
    this.choiceEl = h('div.g2-choice', { id: 'g2-choice', role: 'status', hidden: true });
    setInterval(() => this.tick(), 250); // the choice's countdown, with or without a game view
    try {
      const kept = JSON.parse(sessionStorage.getItem(G2_KEY) || 'null');
      if (kept && Date.now() - kept.at < 10 * 60000) {
        this.note = kept.text;
        this.noteAt = kept.at;
        this.noteFor = kept.for || null; // the match it is about: { tournament, round, match }
      }
    } catch {
      // no storage: the outcome stays on game 1's page only
    }
  }

  mount(before) {
    before.before(this.el, this.choiceEl);
  }

  // The tournament's snapshot again, once until it is here.
  reload = oneAtATime(() => this.app.net.request(msg.tournamentGet(this.tid)).then((s) => { this.snap = s; this.render(); }));

  // A new state of the page's game.
  setGame(g) {
    if (g.tour && g.tour.tournament !== this.tid) {
      this.tid = g.tour.tournament;
      this.app.net.request(msg.tournamentGet(this.tid)).then((s) => { this.snap = s; this.render(); }, () => {});
    }
    // P-GAME2's outcome belongs to game 2 of its own match: never on another match's page
    // (the next round's game opens on the same tab, with the note still in sessionStorage).
    const f = this.noteFor;
    if (this.note && f && g.tour && !(g.tour.tournament === f.tournament && g.tour.round === f.round && g.tour.match === f.match)) {
      this.note = '';
      this.noteFor = null;
      sessionStorage.removeItem(G2_KEY);
    }
    if (g.status === 'live' && this.note && !this.choice && Date.now() - (this.noteAt || 0) > 30000) {
      // the outcome is for game 2's waiting time and its first moves; then the note goes
      this.note = '';
      sessionStorage.removeItem(G2_KEY);
    }
    this.render();
  }

  // A push on either socket; true when it was ours.
  onPush(m) {
    if (m.type === 'tournament' && m.tournament === this.tid) this.snap = m;
    else if ((m.type === 'round' || m.type === 'round_delta' || m.type === 'standings') && this.snap && m.tournament === this.tid) {
      // The push folded into the snapshot (s2c-round_delta.md); a newly paired round, or a
      // missed push, loads the snapshot again (a new round's schedule, T-SCHEDULE, with it).
      const known = m.type !== 'round' || (this.snap.history || []).some((r) => r.round === m.round);
      const f = known ? foldPush(this.snap, {}, m) : 'gap';
      if (f === 'gap') this.reload();
      else if (f === 'changed') this.render();
      return true;
    } else if (m.type === 'game2_choice') {
      if (this.choice && this.choice.game === m.game) return true;
      this.choice = { ...m, until: Date.now() + m.deadline_ms, sent: false };
      this.note = '';
    } else if (m.type === 'game2_decided') {
      if (this.decided === m.game) return true;
      this.decided = m.game;
      this.choice = null;
      const loser = teamById(this.snap, m.team) || (m.team ? 'the team that lost game 1' : '');
      this.note = m.how === 'draw' ? `Game 1 was drawn: the colours ${m.swap ? 'swap' : 'stay'} in game 2 (P-GAME2)`
        : m.how === 'chosen' ? `${loser} chose to ${m.swap ? 'swap' : 'keep'} the colours in game 2`
          : `${loser} did not choose in time: the colours swap in game 2`;
      this.noteAt = Date.now();
      const t = this.app.g && this.app.g.tour;
      this.noteFor = t ? { tournament: t.tournament, round: t.round, match: t.match } : null;
      try { sessionStorage.setItem(G2_KEY, JSON.stringify({ text: this.note, at: this.noteAt, for: this.noteFor })); } catch { /* none */ }
    } else return false;
    this.render();
    return true;
  }

  // The page's role in the open choice: 'captain', 'partner' or '' (the winners are not asked).
  role() {
    const c = this.choice;
    const a = this.app;
    if (!c) return '';
    const board = a.seat >= 0 ? boardOf(a.seat) : a.board;
    const mine = a.teamId ? a.teamId === c.team : a.gameId === c.game; // a seat socket is asked only as the captain
    if (!mine) return '';
    return board === 0 ? 'captain' : 'partner';
  }

  async answer(swap) {
    const c = this.choice;
    if (!c) return;
    c.sent = true;
    this.render();
    const a = this.app;
    try {
      // the team's connection may always answer for its team; a seat only as game 1's captain
      await (a.tn && a.teamId ? a.tn : a.net).request(msg.game2Colors(c.game, swap));
      this.note = `You chose to ${swap ? 'swap' : 'keep'} the colours: game 2 starts after the break`;
    } catch (e) {
      c.sent = false;
      notifyError(explain('game2_colors', e));
    }
    this.render();
  }

  render() {
    const a = this.app;
    const g = a.g;
    const s = this.snap;
    if (g && g.tour) {
      const t = g.tour;
      const me = a.view ? a.view.you : a.seat;
      const own = teamName(g, teamOf(me));
      const opp = teamName(g, 3 - teamOf(me));
      const m = t.round > 0 && s ? matchOf(s, t.round, t.match) : null;
      const parts = [h('strong', {}, t.name || (s && s.name) || 'Tournament')];
      if (t.round > 0) parts.push(`Round ${t.round}${s && s.rounds ? ` of ${s.rounds}` : ''}`, `Game ${t.game_no + 1} of 2`);
      else parts.push(`Play-off game ${t.game_no + 1}`);
      parts.push(h('span.teams', {}, h('span.own', {}, own), ' vs ', h('span.opp', {}, opp)));
      if (m && m.gp) {
        const ownGp = m.name1 === own ? m.gp[0] : m.gp[1];
        const oppGp = m.name1 === own ? m.gp[1] : m.gp[0];
        parts.push(h('span.score', { id: 'match-score' }, `match ${gpText(ownGp)}–${gpText(oppGp)}`));
      }
      const place = finalPlace(s, own);
      if (place) parts.push(h('strong.final', { id: 'final-place' }, place));
      const next = nextRound(s, g, own);
      if (next) parts.push(h('strong.next', { id: 'next-round' }, next));
      const sched = scheduleText(s, this.app.time.epochNow());
      if (sched) parts.push(h('span.sched', { id: 'tour-sched' }, sched));
      parts.push(h('a', { href: `event.html?tournament=${t.tournament}`, target: '_blank', id: 'standings-link' }, 'Standings'));
      const sep = [];
      parts.forEach((p, i) => sep.push(...(i ? [h('span.sep', {}, '·'), p] : [p])));
      this.el.replaceChildren(...sep);
      this.el.hidden = false;
    }
    this.renderChoice();
    if (a.onSnap) a.onSnap(); // the status line reads the match from the snapshot
  }

  renderChoice() {
    const c = this.choice;
    const role = this.role();
    const el = this.choiceEl;
    if (c && role === 'captain' && !c.sent) {
      el.className = 'g2-choice ask';
      el.replaceChildren(
        h('span.g2-text', {}, 'Your team lost game 1: choose your colours for game 2. '),
        h('button.primary', { id: 'g2-keep', type: 'button', onclick: () => this.answer(false) }, 'Keep colours'),
        h('button', { id: 'g2-swap', type: 'button', onclick: () => this.answer(true) }, 'Swap colours'),
        h('span.g2-left', { id: 'g2-left' }, ''));
    } else if (c && role === 'partner') {
      el.className = 'g2-choice wait';
      el.replaceChildren(h('span.g2-text', {}, 'Your captain is choosing the colours for game 2 '), h('span.g2-left', { id: 'g2-left' }, ''));
    } else if (this.note) {
      el.className = 'g2-choice done';
      el.replaceChildren(h('span.g2-text', { id: 'g2-outcome' }, this.note));
    } else {
      el.hidden = true;
      this.relayout();
      return;
    }
    el.hidden = false;
    this.tick();
    this.relayout();
  }

  // The bar and the choice sit above the boards: when their height changes, chessground must
  // measure its squares again (it keeps their screen positions from its last draw).
  relayout() {
    const sig = `${this.el.hidden ? 0 : this.el.offsetHeight},${this.choiceEl.hidden ? 0 : this.choiceEl.offsetHeight}`;
    if (sig === this.sig) return;
    this.sig = sig;
    if (this.app.view) for (const p of this.app.view.panels) p.view.cg.redrawAll();
  }

  // The choice's countdown (every frame).
  tick() {
    const sc = this.el.querySelector('#tour-sched');
    if (sc && this.snap) {
      const t = scheduleText(this.snap, this.app.time.epochNow());
      if (sc.textContent !== t) sc.textContent = t;
    }
    const c = this.choice;
    const left = this.choiceEl.querySelector('#g2-left');
    if (!c || !left) return;
    const ms = c.until - Date.now();
    const t = ms > 0 ? `(${countdown(ms)} left; without a choice the colours swap)` : '(time is up: the colours swap)';
    if (left.textContent !== t) left.textContent = t;
  }
}

// The team link's page before a game (play.html?team=T&board=A): what it waits for, from the
// tournament snapshot s of the team `team`; with the server's time nowMs, a scheduled round's
// countdown (T-SCHEDULE) follows.
export function landingText(s, team, board, nowMs = 0) {
  const sched = nowMs ? scheduleText(s, nowMs) : '';
  const text = landingBase(s, team, board);
  return sched ? `${text} ${sched}.` : text;
}

function landingBase(s, team, board) {
  if (!s) return `Waiting for your team's next game (board ${board})…`;
  const name = s.name || 'The tournament';
  const me = (s.teams || []).find((t) => t.team === team);
  if (s.status === 'registering') return `${name} has not started yet. Your first game (board ${board}) opens on this page by itself when the director starts the tournament.`;
  if (s.status === 'finished') {
    const p = me ? finalPlace(s, me.name) : '';
    return `${name} is over.${p ? ` ${me.name}: ${p.replace('Final: ', 'final place ')}.` : ''}`;
  }
  const cur = s.current;
  const m = cur && cur.matches ? cur.matches.find((x) => x.team1 === team || x.team2 === team) : null;
  const paused = s.status === 'paused' ? ' The director has paused the tournament.' : '';
  if (m && m.status === 'bye') return `Round ${cur.round} of ${s.rounds}: your team has a ${byeWords(m).long}. The next round's game opens here by itself.${paused}`;
  if (m && m.status === 'done') return `Round ${cur.round} of ${s.rounds}: your match is over. The next round's game opens here when it is paired.${paused}`;
  return `Round ${cur ? cur.round : 1} of ${s.rounds}: your team's next game (board ${board}) opens here when it is ready.${paused}`;
}
