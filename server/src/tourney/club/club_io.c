/* club_io.c: the club round robin's exports (TRF-2026, crosstable, line-ups) and its stored
 * text form (club.h).
 * SPDX-License-Identifier: MIT
 * The stored form is line based: a record code, numbers, then at most two strings, each
 * %-escaped (text_esc.h) so that names and protest texts keep their spaces and line breaks.
 * The schedule is not stored: the Berger table gives it again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "buf.h"
#include "club_int.h"
#include "text_esc.h"
#include "trf_col.h"
#include "xalloc.h"

/* ---- exports ------------------------------------------------------------------------------- */

/* Start rank of roster index i of team tid: team by team, each in board order. */
static int start_rank(const club *c, int tid, int i)
{
    int s = 0;
    for (int t = 1; t < tid; t++)
        s += c->t[t].r.n;
    return s + i + 1;
}

/* Where player index pi of team tid sat in round r: *x the board, *side its colour; false if
 * it did not play. */
static bool seat_of(const club *c, int tid, int pi, int r, const club_board **x, int *side)
{
    const round_t *rd = &c->rd[r];
    if (!rd->started)
        return false;
    int id = c->t[tid].r.p[pi].id, nb = c->cfg.lr.boards;
    for (int mi = 0; mi < rd->n; mi++) {
        if (rd->home[mi] != tid && rd->away[mi] != tid)
            continue;
        for (int b = 0; b < nb; b++) {
            const club_board *y = &rd->b[mi * nb + b];
            for (int s = 0; s < 2; s++)
                if (y->player[s] == id && y->team[s] == c->t[tid].id) {
                    *x = y;
                    *side = s;
                    return true;
                }
        }
    }
    return false;
}

static int roster_index_of(const club *c, int64_t team, int id, int *tid)
{
    *tid = club_team_tid(c, team);
    return *tid ? roster_find(&c->t[*tid].r, id) : -1;
}

char *club_trf(const club *c)
{
    buf b = {0};
    int players = 0, rated = 0;
    for (int t = 1; t <= c->nt; t++)
        for (int i = 0; i < c->t[t].r.n; i++) {
            players++;
            rated += c->t[t].r.p[i].rating > 0;
        }
    trf_put_team_header(&b, c->cfg.name, players, rated, c->nt, c->rounds,
                        c->cfg.double_rr
                            ? "Team round robin (Berger tables, FIDE C.05 Annex 1), double"
                            : "Team round robin (Berger tables, FIDE C.05 Annex 1)");
    /* 212, the ranking (F-RR) in C.07's codes: match points, game points, direct encounter,
     * matches won, then team SB (opponents' match points x own game points) or its Cut-1 under
     * the names FIDE TEC's TieBreakServer gives them */
    buf_printf(&b, "212 PTS MPVGP DE WIN %s\n",
               c->cfg.rk.tb[c->cfg.rk.n_tb - 1] == RANK_TB_SB_C1 ? "EMGSB/C1" : "EMGSB");
    rank_table rt = {0, NULL, {0}};
    int place[CLUB_MAX_TEAMS + 1] = {0};
    if (c->status != TFMT_REGISTERING && club_rank(c, &rt) == BH_OK)
        for (int i = 0; i < rt.n; i++)
            place[rt.rows[i].team] = rt.rows[i].place;
    for (int t = 1; t <= c->nt; t++)
        for (int i = 0; i < c->t[t].r.n; i++) {
            const roster_player *p = &c->t[t].r.p[i];
            int pts2 = 0;
            for (int r = 1; r <= c->rounds; r++) {
                const club_board *x;
                int s;
                if (seat_of(c, t, i, r, &x, &s))
                    pts2 += trf_pts2(bh_result_trf(x->res, s));
            }
            trf_put_player(&b, start_rank(c, t, i), p->name, p->rating, pts2, place[t]);
            for (int r = 1; r <= c->rounds; r++) {
                const club_board *x;
                int s, ot;
                if (!seat_of(c, t, i, r, &x, &s) || x->res == BH_RES_NONE) {
                    trf_put_round(&b, 0, ' ', ' ');
                    continue;
                }
                int oi = x->player[1 - s]
                             ? roster_index_of(c, x->team[1 - s], x->player[1 - s], &ot)
                             : -1;
                trf_put_round(&b, oi < 0 ? 0 : start_rank(c, ot, oi), "wb"[s],
                              bh_result_trf(x->res, s));
            }
            buf_printf(&b, "\n");
        }
    /* 310 as trf.c writes it: number, name, nickname, strength, MP, GP, rank, players */
    for (int t = 1; t <= c->nt; t++) {
        int mp = 0, gp2 = 0;
        for (int i = 0; i < rt.n; i++)
            if (rt.rows[i].team == t)
                mp = rt.rows[i].mp, gp2 = rt.rows[i].gp2;
        roster_rating rr = {0, 0, 0};
        roster_team_rating(&c->t[t].r, c->cfg.lr.boards, &rr, NULL);
        trf_put_team(&b, t, c->t[t].name, rr.avg, mp, gp2, place[t]);
        for (int i = 0; i < c->t[t].r.n; i++)
            buf_printf(&b, " %4d", start_rank(c, t, i));
        buf_printf(&b, "\n");
    }
    rank_table_fini(&rt);
    return buf_take(&b);
}

char *club_crosstable(const club *c)
{
    buf b = {0};
    int n = c->nt, cyc = c->cfg.double_rr ? 2 : 1;
    rank_table rt = {0, NULL, {0}};
    int place[CLUB_MAX_TEAMS + 1] = {0}, mp[CLUB_MAX_TEAMS + 1] = {0},
                               gp2[CLUB_MAX_TEAMS + 1] = {0};
    if (c->status != TFMT_REGISTERING && club_rank(c, &rt) == BH_OK)
        for (int i = 0; i < rt.n; i++) {
            place[rt.rows[i].team] = rt.rows[i].place;
            mp[rt.rows[i].team] = rt.rows[i].mp;
            gp2[rt.rows[i].team] = rt.rows[i].gp2;
        }
    rank_table_fini(&rt);
    buf_printf(&b, "a cell: the row team's game points in the match (its match points)\n");
    buf_printf(&b, "%-3s %-24s", "#", "team");
    for (int o = 1; o <= n; o++)
        buf_printf(&b, " %*d", 6 * cyc, o);
    buf_printf(&b, " %4s %5s %5s\n", "MP", "GP", "place");
    for (int t = 1; t <= n; t++) {
        buf_printf(&b, "%-3d %-24.24s", t, c->t[t].name);
        for (int o = 1; o <= n; o++) {
            char cell[32] = "";
            size_t used = 0;
            for (int r = 1; r <= c->rounds && o != t; r++)
                for (int mi = 0; mi < c->rd[r].n; mi++) {
                    const round_t *rd = &c->rd[r];
                    bool th = rd->home[mi] == t && rd->away[mi] == o;
                    bool ta = rd->away[mi] == t && rd->home[mi] == o;
                    int h, w;
                    if ((!th && !ta) || !club_match_score(c, r, mi, &h, &w))
                        continue;
                    int own = th ? h : w, opp = th ? w : h;
                    int m = own > opp ? 2 : own == opp ? 1 : 0;
                    used += (size_t)snprintf(cell + used, sizeof cell - used, "%s%g(%d)",
                                             used ? " " : "", own / 2.0, m);
                }
            buf_printf(&b, " %*s", 6 * cyc, o == t ? "X" : cell[0] ? cell : ".");
        }
        buf_printf(&b, " %4d %5g %5d\n", mp[t], gp2[t] / 2.0, place[t]);
    }
    return buf_take(&b);
}

char *club_lineups_text(const club *c)
{
    buf b = {0};
    for (int r = 1; r <= c->rounds; r++)
        for (int t = 1; t <= c->nt; t++) {
            const lu_t *u = &c->rd[r].lu[t];
            if (!u->have)
                continue;
            buf_printf(&b, "round %d %s (%s):", r, c->t[t].name,
                       u->submitted ? "submitted" : "default");
            for (int i = 0; i < u->l.boards; i++) {
                int k = u->l.board[i];
                if (k < 0)
                    buf_printf(&b, " %d. (empty)", i + 1);
                else
                    buf_printf(&b, " %d. %s (%d)", i + 1, c->t[t].r.p[k].name, c->t[t].r.p[k].id);
            }
            buf_printf(&b, "\n");
        }
    return buf_take(&b);
}

/* ---- storage ------------------------------------------------------------------------------- */

char *club_save(const club *c)
{
    buf b = {0};
    const club_config *g = &c->cfg;
    buf_printf(&b, "CLUB 1\ncfg %s %u %u %d %d %d %d %d %lld %lld %lld %ld %u %u", g->ruleset,
               (unsigned)g->base_ms, (unsigned)g->inc_ms, g->lr.boards, g->lr.reserves,
               g->lr.max_subs, g->lr.min_players, g->double_rr ? 1 : 0, (long long)g->wait_us,
               (long long)g->break_us, (long long)g->pr.window_us, g->pr.deposit_minor,
               (unsigned)g->rk.sb_opp, (unsigned)g->rk.sb_own);
    text_esc(&b, g->pr.currency);
    text_esc(&b, g->name);
    buf_printf(&b, "\n");
    if (g->rk.tb[g->rk.n_tb - 1] == RANK_TB_SB_C1) /* absent: team SB, as before it existed */
        buf_printf(&b, "sb SB-C1\n");
    for (int t = 1; t <= c->nt; t++)
        roster_team_save(&b, &c->t[t]);
    buf_printf(&b, "status %d %d\n", c->status, c->cur);
    for (int r = 1; r <= c->rounds; r++) {
        const round_t *rd = &c->rd[r];
        buf_printf(&b, "round %d %d %d\n", r, rd->started ? 1 : 0, rd->ended ? 1 : 0);
        for (int t = 1; t <= c->nt; t++) {
            const lu_t *u = &rd->lu[t];
            if (!u->submitted)
                continue;
            buf_printf(&b, "lineup %d %d %d", r, t, u->l.players);
            for (int i = 0; i < u->l.players; i++)
                buf_printf(&b, " %d", u->l.player[i]);
            buf_printf(&b, "\n");
        }
        for (int i = 0; i < rd->n * g->lr.boards; i++) {
            const club_board *x = &rd->b[i];
            unsigned at = (x->present[0] ? 1u : 0u) | (x->present[1] ? 2u : 0u);
            if (x->res != BH_RES_NONE)
                buf_printf(&b, "board %d %d %d %d\n", r, x->key.match, x->key.board, x->res);
            else if (x->live && at) /* T-WAIT: who is at the board survives a restart */
                buf_printf(&b, "present %d %d %d %u\n", r, x->key.match, x->key.board, at);
        }
    }
    for (int i = 0; i < protest_count(c->pd); i++) {
        const protest *p = protest_get(c->pd, i);
        buf_printf(&b, "protest %d %u %d %u %d %d %ld %d %d", p->id, (unsigned)p->state, p->round,
                   (unsigned)p->game, p->team, p->player, p->deposit_minor,
                   p->deposit_returned ? 1 : 0, p->new_result);
        text_esc(&b, p->text);
        text_esc(&b, p->reason ? p->reason : "");
        buf_printf(&b, "\n");
    }
    return buf_take(&b);
}

int club_load(int64_t id, const char *text, uint64_t now_us, club **out, int *line)
{
    *out = NULL;
    char *copy = xstrdup(text);
    club_config cfg;
    club_config_default(&cfg);
    club *c = NULL;
    int ln = 0, status = TFMT_REGISTERING, cur = 0;
    bool have_status = false; /* club_save writes it after the teams: their checks are there */
    long long v;
    char *save = NULL;
    for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        ln++;
        char *tok[LINEUP_MAX_BOARDS + 8];
        int nt = text_tokens(l, " \n", tok, LINEUP_MAX_BOARDS + 8);
        if (nt == 0)
            continue;
        if (ln == 1) {
            if (nt != 2 || strcmp(tok[0], "CLUB") != 0 || strcmp(tok[1], "1") != 0)
                goto bad;
        } else if (strcmp(tok[0], "cfg") == 0 && !c) {
            if (nt != 17)
                goto bad;
            snprintf(cfg.ruleset, sizeof cfg.ruleset, "%s", tok[1]);
            TEXT_NUM(2, 1, UINT32_MAX, cfg.base_ms);
            TEXT_NUM(3, 0, UINT32_MAX, cfg.inc_ms);
            TEXT_NUM(4, 1, LINEUP_MAX_BOARDS, cfg.lr.boards);
            TEXT_NUM(5, 0, ROSTER_MAX, cfg.lr.reserves);
            TEXT_NUM(6, 0, ROSTER_MAX, cfg.lr.max_subs);
            TEXT_NUM(7, 1, LINEUP_MAX_BOARDS, cfg.lr.min_players);
            TEXT_NUM(8, 0, 1, v);
            cfg.double_rr = v != 0;
            TEXT_NUM(9, 0, INT64_MAX, cfg.wait_us);
            TEXT_NUM(10, 0, INT64_MAX, cfg.break_us);
            TEXT_NUM(11, 0, INT64_MAX, cfg.pr.window_us);
            TEXT_NUM(12, 0, 1000000000, cfg.pr.deposit_minor);
            TEXT_NUM(13, 0, 1, cfg.rk.sb_opp);
            TEXT_NUM(14, 0, 1, cfg.rk.sb_own);
            text_unesc(tok[15]);
            text_unesc(tok[16]);
            snprintf(cfg.pr.currency, sizeof cfg.pr.currency, "%s", tok[15]);
            snprintf(cfg.name, sizeof cfg.name, "%s", tok[16]);
            if (club_config_check(&cfg, NULL) != BH_OK)
                goto bad;
            c = club_new(id, &cfg);
        } else if (!c) {
            goto bad;
        } else if (strcmp(tok[0], "sb") == 0 && c->nt == 0 && c->status == TFMT_REGISTERING) {
            if (nt != 2 || strcmp(tok[1], "SB-C1") != 0)
                goto bad;
            c->cfg.rk.tb[c->cfg.rk.n_tb - 1] = RANK_TB_SB_C1;
        } else if (strcmp(tok[0], "team") == 0 && c->status == TFMT_REGISTERING) {
            if (c->nt >= CLUB_MAX_TEAMS || roster_team_read(&c->t[c->nt + 1], tok, nt) != BH_OK)
                goto bad;
            c->nt++;
        } else if (strcmp(tok[0], "player") == 0 && c->nt > 0 && c->status == TFMT_REGISTERING) {
            if (roster_team_read_player(&c->t[c->nt], tok, nt) != BH_OK)
                goto bad;
        } else if (strcmp(tok[0], "status") == 0 && c->status == TFMT_REGISTERING) {
            if (nt != 3)
                goto bad;
            TEXT_NUM(1, TFMT_REGISTERING, TFMT_FINISHED, status);
            TEXT_NUM(2, 0, 2 * CLUB_MAX_TEAMS, cur);
            for (int t = 1; t <= c->nt; t++)
                if (lineup_check_roster(&c->t[t].r, &c->cfg.lr, NULL) != BH_OK ||
                    roster_find(&c->t[t].r, c->t[t].captain) < 0)
                    goto bad;
            if (status != TFMT_REGISTERING) {
                if (c->nt < 2)
                    goto bad;
                club__schedule(c);
                if (cur < 1 || cur > c->rounds)
                    goto bad;
            }
            c->status = status;
            c->cur = cur;
            have_status = true;
        } else if (strcmp(tok[0], "round") == 0 && c->rd) {
            long long r, st, en;
            if (nt != 4)
                goto bad;
            TEXT_NUM(1, 1, c->rounds, r);
            TEXT_NUM(2, 0, 1, st);
            TEXT_NUM(3, 0, 1, en);
            if (en && !st)
                goto bad;
            c->rd[r].started = st;
            c->rd[r].ended = en;
        } else if (strcmp(tok[0], "lineup") == 0 && c->rd) {
            long long r, t, n;
            TEXT_NUM(1, 1, c->rounds, r);
            TEXT_NUM(2, 1, c->nt, t);
            TEXT_NUM(3, 0, c->cfg.lr.boards, n);
            if (nt != 4 + n)
                goto bad;
            int ids[LINEUP_MAX_BOARDS];
            for (int i = 0; i < n; i++)
                TEXT_NUM(4 + i, 1, INT32_MAX, ids[i]);
            lu_t *u = &c->rd[r].lu[t];
            if (lineup_check(&c->t[t].r, &c->cfg.lr, ids, (int)n, &u->l, NULL) != BH_OK)
                goto bad;
            u->have = u->submitted = true;
        } else if ((strcmp(tok[0], "board") == 0 || strcmp(tok[0], "present") == 0) && c->rd) {
            /* board R MI BD <result>, or present R MI BD <1 White, 2 Black, 3 both> */
            bool board = tok[0][0] == 'b';
            long long r, mi, bd, val;
            if (nt != 5)
                goto bad;
            TEXT_NUM(1, 1, c->rounds, r);
            TEXT_NUM(2, 0, c->rd[r].n - 1, mi);
            TEXT_NUM(3, 0, c->cfg.lr.boards - 1, bd);
            TEXT_NUM(4, board ? BH_RES_WIN1 : 1, board ? BH_RES_FF_BOTH : 3, val);
            club_board *x = &c->rd[r].b[mi * c->cfg.lr.boards + bd];
            if (board) {
                x->res = (uint8_t)val;
            } else {
                x->present[0] = val & 1;
                x->present[1] = (val & 2) != 0;
            }
        } else if (strcmp(tok[0], "protest") == 0) {
            protest p;
            memset(&p, 0, sizeof p);
            long long st, game, ret;
            if (nt != 12)
                goto bad;
            TEXT_NUM(1, 1, INT32_MAX, p.id);
            TEXT_NUM(2, PROTEST_FILED, PROTEST_REJECTED, st);
            TEXT_NUM(3, 1, RANK_MAX_ROUNDS, p.round);
            TEXT_NUM(4, 0, UINT32_MAX, game);
            TEXT_NUM(5, 1, c->nt, p.team);
            TEXT_NUM(6, 0, INT32_MAX, p.player);
            TEXT_NUM(7, 0, 1000000000, p.deposit_minor);
            TEXT_NUM(8, 0, 1, ret);
            TEXT_NUM(9, -1, BH_RES_FF_BOTH, p.new_result);
            text_unesc(tok[10]);
            text_unesc(tok[11]);
            p.state = (uint8_t)st;
            p.game = (uint32_t)game;
            p.deposit_returned = ret != 0;
            p.text = tok[10];
            p.reason = p.state == PROTEST_FILED ? NULL : tok[11];
            p.filed_us = (int64_t)now_us;
            p.decided_us = p.state == PROTEST_FILED ? 0 : (int64_t)now_us;
            if (protest_load(c->pd, &p) != BH_OK)
                goto bad;
        } else {
            goto bad;
        }
    }
    if (!c || !have_status) {
        ln++; /* a text cut before its status line: the line that is missing */
        goto bad;
    }
    /* rebuild what follows from the records: default line-ups, players at the boards, the
     * waiting periods and windows from now on */
    for (int r = 1; r <= c->rounds; r++) {
        round_t *rd = &c->rd[r];
        if (!rd->started)
            continue;
        int nb = c->cfg.lr.boards;
        for (int mi = 0; mi < rd->n; mi++)
            for (int s = 0; s < 2; s++)
                club__lineup_fill(c, rd, s ? rd->away[mi] : rd->home[mi]);
        for (int mi = 0; mi < rd->n; mi++)
            for (int bd = 0; bd < nb; bd++) {
                club_board *x = &rd->b[mi * nb + bd];
                club__seat(rd, mi, bd, x);
                if (x->res == BH_RES_NONE) {
                    if (!x->player[0] || !x->player[1] || rd->ended)
                        goto bad_end;
                    x->live = true;
                    x->start_us = now_us;
                }
            }
        if (rd->ended)
            rd->end_us = now_us;
    }
    if (c->status == TFMT_RUNNING && !c->rd[c->cur].started)
        c->rd[c->cur].start_at = now_us + (uint64_t)c->cfg.break_us;
    free(copy);
    *out = c;
    return BH_OK;
bad_end:
    ln = 0; /* inconsistent as a whole: no single line to name */
bad:
    if (line)
        *line = ln;
    club_free(c);
    free(copy);
    return BH_EPARSE;
}
