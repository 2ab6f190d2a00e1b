/* hub_tour_msg.c: the tournament as messages: round, standings and the tournament snapshot
 * (protocol/messages/s2c-round.md, s2c-standings.md, s2c-tournament.md).
 * SPDX-License-Identifier: MIT
 * Read-only views of the tourney model; team ids on the wire are the hub's (store) ids. */
#include <stdlib.h>
#include <string.h>

#include "hub_tour_int.h"
#include "proto_tour.h"
#include "tb.h"
#include "xalloc.h"

static const char *const status_name[] = {"registering", "running", "finished", "paused"};

const char *hub__tour_status_name(int status)
{
    return status >= 0 && status < (int)(sizeof status_name / sizeof status_name[0])
               ? status_name[status]
               : "?";
}

static const char *res_text(int g)
{
    return g == TOUR_G_WIN_A ? "1-0" : g == TOUR_G_WIN_B ? "0-1" : g == TOUR_G_DRAW ? "1/2-1/2"
                                                                                    : NULL;
}

static const char *team_name(const htour *ht, int id)
{
    const tour_team *tt = tour_team_get(ht->t, id);
    return tt ? tt->name : "";
}

/* Round r as a message body; ms (n entries) is caller storage. */
static void build_round(hub *h, const htour *ht, int r, proto_tmatch *ms, proto_round *out)
{
    int n = tour_round_size(ht->t, r);
    if (n < 0)
        n = 0;
    for (int i = 0; i < n; i++) {
        const tour_match *m = tour_round_match(ht->t, r, i);
        proto_tmatch *x = &ms[i];
        memset(x, 0, sizeof *x);
        x->team1 = ht->team_of[m->a];
        x->name1 = team_name(ht, m->a);
        tour_slot sa, sb;
        tour_slot_get(ht->t, m->a, r, &sa);
        x->mp[0] = sa.mp;
        x->gp[0] = sa.gp2 / 2.0;
        if (m->b == 0) {
            x->status = "bye";
            continue;
        }
        x->team2 = ht->team_of[m->b];
        x->name2 = team_name(ht, m->b);
        x->white = m->white == m->b ? 2 : 1;
        tour_slot_get(ht->t, m->b, r, &sb);
        x->mp[1] = sb.mp;
        x->gp[1] = sb.gp2 / 2.0;
        for (int k = 0; k < 2; k++) {
            const tgame *g = hub__tour_tgame(ht, r, i, k);
            x->games[k] = g ? g->game : 0;
            x->results[k] = res_text(m->game[k]);
            const hub_game *hg = g ? hub__game_by_id(h, g->game) : NULL;
            x->reasons[k] = hg && x->results[k] && hg->reason[0] ? hg->reason : NULL;
        }
        x->status = sa.kind == TOUR_SLOT_PENDING ? "playing" : "done";
    }
    out->tournament = ht->id;
    out->round = r;
    out->rounds = tour_planned_rounds(ht->t);
    out->status = tour_round_complete(ht->t, r)        ? "done"
                  : hub__tour_round_unstarted(ht, r) ? "paired"
                                                     : "playing";
    out->matches = ms;
    out->n = n;
}

char *hub__tour_enc_round(hub *h, const htour *ht, int r)
{
    int n = tour_round_size(ht->t, r);
    proto_tmatch *ms = xcalloc((size_t)(n > 0 ? n : 0) + 1, sizeof *ms);
    proto_round pr;
    build_round(h, ht, r, ms, &pr);
    char *s = proto_enc_round(&pr);
    free(ms);
    return s;
}

/* Standings after the rounds paired so far; rows (n_teams entries) is caller storage.
 * Returns BH_OK or the tourney error. */
static int build_standings(const htour *ht, tb_standings *tbs, proto_srow *rows,
                           proto_standings *out)
{
    int rc = tb_standings_compute(ht->t, tbs);
    if (rc != BH_OK)
        return rc;
    memset(out, 0, sizeof *out);
    out->tournament = ht->id;
    out->round = tour_n_rounds(ht->t);
    if (out->round > 0 && !tour_round_complete(ht->t, out->round))
        out->round--;
    out->final = ht->status == HT_FINISHED;
    out->n_tb = tbs->n_tb < PROTO_TB_MAX ? tbs->n_tb : PROTO_TB_MAX;
    for (int k = 0; k < out->n_tb; k++)
        out->tb_names[k] = tb_name(tbs->tb[k]);
    for (int i = 0; i < tbs->n; i++) {
        const tb_row *r = &tbs->rows[i];
        proto_srow *x = &rows[i];
        memset(x, 0, sizeof *x);
        x->place = r->place;
        x->team = r->id < ht->nteam_of ? ht->team_of[r->id] : 0;
        x->name = team_name(ht, r->id);
        x->mp = r->mp;
        x->gp = r->gp2 / 2.0;
        for (int k = 0; k < out->n_tb; k++)
            x->tb[k] = tb_is_x2(tbs->tb[k]) ? r->tb[k] / 2.0 : r->tb[k];
        x->prize = r->prize;
        x->tied_next = r->tied_next;
    }
    out->rows = rows;
    out->n = tbs->n;
    return BH_OK;
}

char *hub__tour_enc_standings(const htour *ht)
{
    tb_standings tbs = {0};
    proto_srow *rows = xcalloc((size_t)tour_n_teams(ht->t) + 1, sizeof *rows);
    proto_standings ps;
    char *s = NULL;
    if (build_standings(ht, &tbs, rows, &ps) == BH_OK)
        s = proto_enc_standings(&ps);
    tb_standings_fini(&tbs);
    free(rows);
    return s;
}

void hub__tour_snapshot(hub *h, const htour *ht, uint64_t conn, bool has_id, int64_t id)
{
    int nt = tour_n_teams(ht->t);
    proto_tteam *teams = xcalloc((size_t)nt + 1, sizeof *teams);
    for (int i = 1; i <= nt; i++) {
        const tour_team *tt = tour_team_get(ht->t, i);
        teams[i - 1] = (proto_tteam){.team = i < ht->nteam_of ? ht->team_of[i] : 0,
                                     .no = tour_is_started(ht->t) ? i : 0,
                                     .name = tt->name,
                                     .players = {tt->captain, tt->partner},
                                     .ratings = {tt->rating_captain, tt->rating_partner},
                                     .withdrawn = tt->withdrawn_round};
    }
    const tour_ruleset *rs = tour_rules(ht->t);
    proto_tour_snap s = {.tournament = ht->id,
                         .name = rs->name,
                         .status = hub__tour_status_name(ht->status),
                         .format = tour_format(ht->t) == TOUR_ROUND_ROBIN ? "round_robin" : "swiss",
                         .fallback = ht->fallback,
                         .rounds = tour_planned_rounds(ht->t),
                         .round = tour_n_rounds(ht->t),
                         .base_ms = rs->base_ms,
                         .inc_ms = rs->inc_ms,
                         .ruleset = rs->game_ruleset,
                         .teams = teams,
                         .n_teams = nt};
    /* Every paired round (the current one is the last): matches of all rounds in one array. */
    int r = tour_n_rounds(ht->t), nm = 0;
    for (int k = 1; k <= r; k++)
        nm += tour_round_size(ht->t, k);
    proto_tmatch *ms = xcalloc((size_t)nm + 1, sizeof *ms);
    proto_round *hist = xcalloc((size_t)r + 1, sizeof *hist);
    for (int k = 1, at = 0; k <= r; k++) {
        build_round(h, ht, k, ms + at, &hist[k - 1]);
        at += tour_round_size(ht->t, k);
    }
    if (r > 0)
        s.current = &hist[r - 1];
    s.history = hist;
    s.n_history = r;
    tb_standings tbs = {0};
    proto_srow *rows = xcalloc((size_t)nt + 1, sizeof *rows);
    proto_standings ps;
    if (tour_is_started(ht->t) && build_standings(ht, &tbs, rows, &ps) == BH_OK)
        s.standings = &ps;
    hub__queue(h, conn, proto_enc_tournament(has_id, id, &s));
    tb_standings_fini(&tbs);
    free(rows);
    free(ms);
    free(hist);
    free(teams);
}
