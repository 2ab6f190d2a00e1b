/* hub_tour_msg.c: the tournament as messages: round, standings and the tournament snapshot
 * (protocol/messages/s2c-round.md, s2c-standings.md, s2c-tournament.md).
 * SPDX-License-Identifier: MIT
 * Read-only views of the tourney model; team ids on the wire are the hub's (store) ids. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hub_tour_int.h"
#include "proto_tour.h"
#include "tb.h"
#include "xalloc.h"

static const char *res_text(int g)
{
    bh_result r = tour_game_result((tour_game)g);
    return r == BH_RES_NONE ? NULL : bh_result_token(r);
}

static const char *team_name(const htour *ht, int id)
{
    const tour_team *tt = tour_team_get(runner_tour(ht->r), id);
    return tt ? tt->name : "";
}

/* Match i of round r as a message's match (its strings borrowed from the model and games). */
static void build_match(hub *h, const htour *ht, int r, int i, proto_tmatch *x)
{
    const tour *t = runner_tour(ht->r);
    const tour_match *m = tour_round_match(t, r, i);
    memset(x, 0, sizeof *x);
    x->team1 = runner_team_id(ht->r, m->a);
    x->name1 = team_name(ht, m->a);
    tour_slot sa, sb;
    tour_slot_get(t, m->a, r, &sa);
    x->mp[0] = sa.mp;
    x->gp[0] = sa.gp2 / 2.0;
    if (m->b == 0) {
        static const char *const kind[] = {"pab", "half", "zero", "full"};
        x->status = "bye";
        x->bye = m->bye <= TOUR_BYE_FULL ? kind[m->bye] : "pab";
        return;
    }
    x->team2 = runner_team_id(ht->r, m->b);
    x->name2 = team_name(ht, m->b);
    x->white = m->white == m->b ? 2 : 1;
    tour_slot_get(t, m->b, r, &sb);
    x->mp[1] = sb.mp;
    x->gp[1] = sb.gp2 / 2.0;
    for (int k = 0; k < 2; k++) {
        x->games[k] = hub__tour_gid(ht, (tfmt_key){r, i, k, 0});
        x->results[k] = res_text(m->game[k]);
        const hub_game *hg = x->games[k] ? hub__game_by_id(h, x->games[k]) : NULL;
        x->reasons[k] = hg && x->results[k] && hg->reason[0] ? hg->reason : NULL;
        /* A match forfeited by one team (a withdrawal before its games were played,
         * T-FORFEIT) scores its games as the present team's wins: say so per game, as the
         * score does (a crosstable marks them F). */
        if (!x->results[k] && !x->games[k] &&
            (m->forfeit == TOUR_FF_A || m->forfeit == TOUR_FF_B)) {
            x->results[k] = res_text(m->forfeit == TOUR_FF_A ? TOUR_G_WIN_B : TOUR_G_WIN_A);
            x->reasons[k] = "forfeit";
        }
        if (x->results[k] && (m->ff_games >> k & 1) && !x->reasons[k])
            x->reasons[k] = "forfeit"; /* a game not played: a withdrawal (T-FORFEIT) */
        x->states[k] = hg ? hub__status_name(hg->status) : NULL;
        for (int seat = 0; hg && hg->status == STORE_WAITING && seat < hub__seats(hg); seat++)
            if (hg->conns[seat] == 0) /* who the game waits for */
                x->absent[k][x->nabsent[k]++] = hg->players[seat];
    }
    x->status = sa.kind == TOUR_SLOT_PENDING ? "playing" : "done";
}

/* Round r's header, and its matches into ms (n entries, caller storage) unless ms is NULL. */
static void build_round(hub *h, const htour *ht, int r, proto_tmatch *ms, proto_round *out)
{
    const tour *t = runner_tour(ht->r);
    int n = tour_round_size(t, r);
    if (n < 0)
        n = 0;
    for (int i = 0; ms && i < n; i++)
        build_match(h, ht, r, i, &ms[i]);
    *out = (proto_round){.tournament = runner_id(ht->r),
                         .round = r,
                         .rounds = tour_planned_rounds(t),
                         .status = tour_round_complete(t, r)          ? "done"
                                   : runner_round_unstarted(ht->r, r) ? "paired"
                                                                      : "playing",
                         .matches = ms,
                         .n = n};
}

static void pub_clear(hround_pub *p)
{
    for (int i = 0; i < p->n; i++)
        free(p->m[i]);
    free(p->m);
    free(p->pair);
    *p = (hround_pub){0};
}

void hub__tour_pub_free(htour *ht)
{
    for (int i = 0; i < ht->npub; i++)
        pub_clear(&ht->pub[i]);
    free(ht->pub);
    ht->pub = NULL;
    ht->npub = 0;
}

char *hub__tour_enc_round_push(hub *h, htour *ht, int r, int only)
{
    if (r < 1)
        return NULL;
    if (r > ht->npub) {
        ht->pub = xrealloc(ht->pub, (size_t)r * sizeof *ht->pub);
        memset(ht->pub + ht->npub, 0, (size_t)(r - ht->npub) * sizeof *ht->pub);
        ht->npub = r;
    }
    hround_pub *p = &ht->pub[r - 1];
    proto_round pr;
    build_round(h, ht, r, NULL, &pr);
    bool whole = p->n == 0 || p->n != pr.n || strcmp(p->status, pr.status) != 0;
    int from = 0, to = pr.n; /* the matches to encode */
    if (!whole && only >= 0 && only < pr.n)
        from = only, to = only + 1;
    proto_tmatch *ms = xcalloc((size_t)pr.n + 1, sizeof *ms);
    char **text = xcalloc((size_t)pr.n + 1, sizeof *text);
    int *idx = xcalloc((size_t)pr.n + 1, sizeof *idx), nidx = 0;
    pr.matches = ms;
    for (int i = from; i < to; i++) {
        build_match(h, ht, r, i, &ms[i]);
        text[i] = proto_enc_tmatch(&pr, i);
        if (!whole && strcmp(text[i], p->m[i]) != 0)
            idx[nidx++] = i;
        if (!whole && only < 0 && (ms[i].team1 != p->pair[i][0] || ms[i].team2 != p->pair[i][1]))
            whole = true; /* every match was encoded (from 0 to pr.n) */
    }
    char *msg = NULL;
    if (whole) { /* every match was encoded: they are what this push says */
        pub_clear(p);
        p->n = pr.n;
        p->m = text;
        text = NULL;
        p->pair = xcalloc((size_t)pr.n + 1, sizeof *p->pair);
        for (int i = 0; i < pr.n; i++) {
            p->pair[i][0] = ms[i].team1;
            p->pair[i][1] = ms[i].team2;
        }
        snprintf(p->status, sizeof p->status, "%s", pr.status);
        pr.v = ++ht->v;
        msg = proto_enc_round(&pr);
    } else if (nidx > 0) {
        for (int k = 0; k < nidx; k++) {
            free(p->m[idx[k]]);
            p->m[idx[k]] = text[idx[k]];
            text[idx[k]] = NULL;
        }
        pr.v = ++ht->v;
        msg = proto_enc_round_delta(&pr, idx, nidx);
    }
    for (int i = 0; text && i < pr.n; i++)
        free(text[i]);
    free(text);
    free(idx);
    free(ms);
    return msg;
}

/* Standings after the rounds complete so far; rows (n_teams entries) is caller storage.
 * Returns BH_OK or the tourney error. */
static int build_standings(const htour *ht, tb_standings *tbs, proto_srow *rows,
                           proto_standings *out)
{
    const tour *t = runner_tour(ht->r);
    int upto = tour_n_rounds(t);
    if (upto > 0 && !tour_round_complete(t, upto))
        upto--;
    /* "after round k" counts rounds 1..k: not a forfeit already set in round k + 1 */
    int rc = tb_standings_upto(t, upto, tbs);
    if (rc != BH_OK)
        return rc;
    memset(out, 0, sizeof *out);
    out->tournament = runner_id(ht->r);
    out->round = upto;
    out->final = runner_status(ht->r) == TFMT_FINISHED;
    out->n_tb = tbs->n_tb < PROTO_TB_MAX ? tbs->n_tb : PROTO_TB_MAX;
    for (int k = 0; k < out->n_tb; k++)
        out->tb_names[k] = tb_name(tbs->tb[k]);
    for (int i = 0; i < tbs->n; i++) {
        const tb_row *r = &tbs->rows[i];
        proto_srow *x = &rows[i];
        memset(x, 0, sizeof *x);
        x->place = r->place;
        x->team = runner_team_id(ht->r, r->id);
        x->name = team_name(ht, r->id);
        x->mp = r->mp;
        x->gp = r->gp2 / 2.0;
        for (int k = 0; k < out->n_tb; k++)
            x->tb[k] = tb_is_x2(tbs->tb[k]) ? r->tb[k] / 2.0 : r->tb[k];
        x->prize = r->prize;
        x->tied_next = r->tied_next;
        const tour_team *tt = tour_team_get(t, r->id);
        x->entry = tt && tt->entry_round > 1 ? tt->entry_round : 0;
    }
    out->rows = rows;
    out->n = tbs->n;
    return BH_OK;
}

char *hub__tour_enc_standings(htour *ht)
{
    tb_standings tbs = {0};
    proto_srow *rows = xcalloc((size_t)tour_n_teams(runner_tour(ht->r)) + 1, sizeof *rows);
    proto_standings ps;
    char *s = NULL;
    if (build_standings(ht, &tbs, rows, &ps) == BH_OK) {
        ps.v = ++ht->v;
        s = proto_enc_standings(&ps);
    }
    tb_standings_fini(&tbs);
    free(rows);
    return s;
}

void hub__tour_snapshot(hub *h, const htour *ht, uint64_t conn, bool has_id, int64_t id)
{
    const tour *t = runner_tour(ht->r);
    int nt = tour_n_teams(t);
    proto_tteam *teams = xcalloc((size_t)nt + 1, sizeof *teams);
    int nb = 0; /* T-REQBYE: every team's requested rounds in one array */
    for (int i = 1; i <= nt; i++)
        nb += tour_team_bye_requests(t, i, NULL, 0);
    int *byes = xcalloc((size_t)nb + 1, sizeof *byes);
    for (int i = 1, at = 0; i <= nt; i++) {
        int k = tour_team_bye_requests(t, i, byes + at, nb - at);
        teams[i - 1].byes = byes + at;
        teams[i - 1].n_byes = k;
        at += k;
    }
    /* A director's snapshot marks each team's current link (a desk tells a revoked one). */
    const hub_sess *who = hub__sess_find(h, conn);
    bool dir = who && who->role == ROLE_DIRECTOR;
    char(*links)[HUB_LINK_LEN + 1] = dir ? xcalloc((size_t)nt + 1, sizeof *links) : NULL;
    for (int i = 1; i <= nt; i++) {
        const tour_team *tt = tour_team_get(t, i);
        teams[i - 1] = (proto_tteam){.team = runner_team_id(ht->r, i),
                                     .no = tour_is_started(t) ? i : 0,
                                     .name = tt->name,
                                     .players = {tt->captain, tt->partner},
                                     .ratings = {tt->rating_captain, tt->rating_partner},
                                     .withdrawn = tt->withdrawn_round,
                                     .entry = tt->entry_round,
                                     .byes = teams[i - 1].byes,
                                     .n_byes = teams[i - 1].n_byes};
        if (dir && hub__team_link(h, teams[i - 1].team, links[i - 1]))
            teams[i - 1].link = links[i - 1];
    }
    const tour_ruleset *rs = tour_rules(t);
    proto_tour_snap s = {.tournament = runner_id(ht->r),
                         .name = rs->name,
                         .status = runner_status_name(runner_status(ht->r)),
                         .format = tour_format(t) == TOUR_ROUND_ROBIN ? "round_robin" : "swiss",
                         .fallback = runner_fallback(ht->r),
                         .rounds = tour_planned_rounds(t),
                         .round = tour_n_rounds(t),
                         .late_until = rs->late_until,
                         .bye_requests = rs->bye_requests,
                         .bye_kind = rs->bye_kind == TOUR_BYE_ZERO ? "zero" : "half",
                         .sched_round = rs->sched_round,
                         .sched_ms = rs->sched_ms,
                         .base_ms = rs->base_ms,
                         .inc_ms = rs->inc_ms,
                         .wait_s = rs->wait_s,
                         .break_s = rs->break_s,
                         .ruleset = rs->game_ruleset,
                         .teams = teams,
                         .n_teams = nt};
    /* Every paired round (the current one is the last): matches of all rounds in one array. */
    int r = tour_n_rounds(t), nm = 0;
    for (int k = 1; k <= r; k++)
        nm += tour_round_size(t, k);
    proto_tmatch *ms = xcalloc((size_t)nm + 1, sizeof *ms);
    proto_round *hist = xcalloc((size_t)r + 1, sizeof *hist);
    for (int k = 1, at = 0; k <= r; k++) {
        build_round(h, ht, k, ms + at, &hist[k - 1]);
        at += tour_round_size(t, k);
    }
    if (r > 0)
        s.current = &hist[r - 1];
    s.history = hist;
    s.n_history = r;
    s.v = ht->v;
    tb_standings tbs = {0};
    proto_srow *rows = xcalloc((size_t)nt + 1, sizeof *rows);
    proto_standings ps;
    if (tour_is_started(t) && build_standings(ht, &tbs, rows, &ps) == BH_OK)
        s.standings = &ps;
    hub__queue(h, conn, proto_enc_tournament(has_id, id, &s));
    tb_standings_fini(&tbs);
    free(rows);
    free(ms);
    free(hist);
    free(teams);
    free(byes);
    free(links);
}
