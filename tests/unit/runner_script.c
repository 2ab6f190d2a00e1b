/* runner_script.c: the driver of runner_script.h: a seeded random walk over a whole event.
 * SPDX-License-Identifier: MIT
 * Each step picks one operation from what the world shows (live games, P-GAME2 choices that
 * may be open, the status), with weights that make typical events: most steps end a live game
 * (draws included) or answer a choice; time passes for the choice deadlines; now and then the
 * director pauses, resumes, withdraws a team, overrides a result, pairs or starts a round by
 * hand, and the server restarts. Past RS_DRAIN steps only what finishes the event is done. */
#include "runner_script.h"

#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "rng.h"
#include "tb.h"
#include "tour.h"
#include "trf.h"

#define RS_STEPS 500      /* steps of the random walk */
#define RS_DRAIN 400      /* further steps that only finish the event */
#define RS_ELAPSED_S 3000 /* time passes only this far: no clock (RS_BASE_MS) ever falls */

void rs_obs_fini(rs_obs *o)
{
    free(o->trf);
    free(o->games);
    memset(o, 0, sizeof *o);
}

static uint64_t fold(uint64_t h, const char *s)
{
    for (; *s; s++) {
        h ^= (uint8_t)*s;
        h *= 1099511628211ull; /* FNV-1a 64 */
    }
    return h ^ 0xff;
}

static uint64_t fold_int(uint64_t h, long long v)
{
    char b[24];
    snprintf(b, sizeof b, "%lld", v);
    return fold(h, b);
}

static int below(uint64_t *s, int n)
{
    return (int)(bh_splitmix64(s) % (uint64_t)n);
}

/* Index of a pick by weights w[0..n) (at least one positive). */
static int wpick(uint64_t *s, const int *w, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += w[i];
    int x = below(s, sum);
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return i;
        x -= w[i];
    }
    return n - 1;
}

static const rs_game *find_game(const rs_obs *o, int r, int mi, int g)
{
    for (int i = 0; i < o->ngames; i++)
        if (o->games[i].round == r && o->games[i].match == mi && o->games[i].game_no == g)
            return &o->games[i];
    return NULL;
}

/* P-GAME2 choices that may be open: game 1 of a match of round r decided, no game 2 yet. The
 * loser (who may choose) and the winner of each, by index into o->games. */
static int candidates(const rs_obs *o, const tour *t, int *idx, int64_t *loser, int64_t *winner)
{
    int r = tour_n_rounds(t), n = 0;
    for (int mi = 0; r > 0 && mi < tour_round_size(t, r); mi++) {
        const tour_match *m = tour_round_match(t, r, mi);
        const rs_game *g = find_game(o, r, mi, 0);
        if (!g || g->live || m->forfeit || find_game(o, r, mi, 1) ||
            (m->game[0] != TOUR_G_WIN_A && m->game[0] != TOUR_G_WIN_B))
            continue;
        int64_t a = o->team_of[m->a], b = o->team_of[m->b];
        idx[n] = (int)(g - o->games);
        loser[n] = m->game[0] == TOUR_G_WIN_A ? b : a;
        winner[n] = m->game[0] == TOUR_G_WIN_A ? a : b;
        n++;
    }
    return n;
}

/* A pairing by hand of the round the director would pair next: the teams to pair, shuffled,
 * in pairs (the odd one out gets the bye); sometimes spoiled (an unknown team, a team twice). */
static void hand_pairs(uint64_t *s, const rs_obs *o, const tour *t, rs_cmd *c)
{
    int r = tour_n_rounds(t);
    bool unstarted = r > 0 && !tour_round_complete(t, r);
    for (int i = 0; unstarted && i < o->ngames; i++)
        unstarted = o->games[i].round != r;
    int R = unstarted ? r : r + 1, ids[16], n = 0;
    for (int id = 1; id <= tour_n_teams(t) && n < 16; id++)
        if (tour_is_active(t, id, R) && tour_requested_bye(t, id, R) < 0)
            ids[n++] = id;
    for (int i = n - 1; i > 0; i--) {
        int j = below(s, i + 1), x = ids[i];
        ids[i] = ids[j], ids[j] = x;
    }
    c->n_pairs = 0;
    for (int i = 0; i < n; i += 2) {
        c->pairs[c->n_pairs][0] = o->team_of[ids[i]];
        c->pairs[c->n_pairs][1] = i + 1 < n ? o->team_of[ids[i + 1]] : 0;
        c->n_pairs++;
    }
    int spoil = below(s, 10);
    if (spoil == 0 && c->n_pairs)
        c->pairs[below(s, c->n_pairs)][0] = 99; /* not_found */
    else if (spoil == 1 && c->n_pairs > 1)
        c->pairs[1][0] = c->pairs[0][0]; /* exists */
    else if (spoil == 2)
        c->n_pairs = 0; /* invalid: a team in no pair */
    c->flag = below(s, 2);
}

static const char *const kind_name[RS_KINDS_] = {"start",       "end",      "override", "choose",
                                                 "pause",       "withdraw", "pair",     "pair_hand",
                                                 "round_start", "register"};

static void cmd_text(const rs_cmd *c, char *out, size_t cap)
{
    size_t len = (size_t)snprintf(out, cap, "%s", kind_name[c->kind]);
    if (c->kind == RS_END || c->kind == RS_OVERRIDE || c->kind == RS_CHOOSE)
        len += (size_t)snprintf(out + len, cap - len, " %d.%d.%d r%d", c->round, c->match,
                                c->game_no, c->result);
    if (c->kind == RS_CHOOSE || c->kind == RS_WITHDRAW)
        len += (size_t)snprintf(out + len, cap - len, " t%lld", (long long)c->team);
    if (c->kind == RS_CHOOSE || c->kind == RS_PAUSE || c->kind == RS_WITHDRAW ||
        c->kind == RS_PAIR_HAND)
        len += (size_t)snprintf(out + len, cap - len, " %s", c->flag ? "y" : "n");
    for (int i = 0; i < c->n_pairs && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, " %lld-%lld", (long long)c->pairs[i][0],
                                (long long)c->pairs[i][1]);
}

/* The observation into the digest: status, TRF, the standings it gives, every game. */
static uint64_t fold_obs(uint64_t h, const rs_obs *o, const tour *t)
{
    h = fold_int(h, o->status);
    h = fold(h, o->trf ? o->trf : "");
    tb_standings st = {0};
    if (t && tour_is_started(t) && tb_standings_compute(t, &st) == BH_OK) {
        char *text = tb_format(t, &st);
        h = fold(h, text);
        free(text);
    }
    tb_standings_fini(&st);
    for (int i = 0; i < o->ngames; i++) {
        const rs_game *g = &o->games[i];
        char b[96];
        snprintf(b, sizeof b, "%d.%d.%d:%lld-%lld:%c", g->round, g->match, g->game_no,
                 (long long)g->team1, (long long)g->team2, g->live ? 'L' : 'F');
        h = fold(h, b);
    }
    for (int i = 1; i <= 12; i++)
        h = fold_int(h, o->team_of[i]);
    return h;
}

static void setup_event(uint64_t *s, rs_setup *st)
{
    static const char *const tbs[] = {NULL, "\"DE\",\"BH-C1\"", "\"BH-C1\",\"PO\"",
                                      "\"GP\",\"SB\",\"WON\",\"PO\""};
    memset(st, 0, sizeof *st);
    st->n_teams = below(s, 10) < 3 ? 2 + below(s, 2) : 4 + below(s, 9);
    st->rounds = below(s, 3) == 0 ? 0 : 1 + below(s, 6);
    int sm = below(s, 5);
    st->small = sm == 0 ? "cap" : sm == 1 ? "rr" : NULL;
    st->tb = tbs[below(s, 4)];
    st->ruleset = below(s, 2) ? "online" : "regulation";
    st->extra_tours = below(s, 4);
    bool eq = below(s, 4) == 0;
    for (int i = 0; i < st->n_teams; i++) {
        st->ratings[i][0] = eq ? 1500 : 1000 + below(s, 1200);
        st->ratings[i][1] = eq ? 1500 : 1000 + below(s, 1200);
    }
}

uint64_t rs_run(const rs_world *w, uint64_t seed, int *steps, bool *finished, FILE *transcript)
{
    uint64_t s = seed, now = RS_T0, h = 14695981039346656037ull;
    rs_setup st;
    setup_event(&s, &st);
    w->create(w->ctx, &st, now);
    if (transcript)
        fprintf(transcript, "event %llu: %d teams, rounds %d, small %s, tb [%s], %s, +%d\n",
                (unsigned long long)seed, st.n_teams, st.rounds, st.small ? st.small : "-",
                st.tb ? st.tb : "default", st.ruleset, st.extra_tours);
    rs_cmd c;
    char reply[64], text[600];
    int step = 0, withdrawals = 0, restarts = 0, status = 0;
    /* Before the start: a name taken, a pause of a tournament not running (sometimes). */
    for (int k = 0; k < 3; k++) {
        memset(&c, 0, sizeof c);
        c.kind = k == 0 ? RS_REGISTER : k == 1 ? RS_PAUSE : RS_START;
        c.name = "T0";
        c.flag = true;
        if (k < 2 && below(&s, 4))
            continue;
        now += 1000;
        w->cmd(w->ctx, &c, now, reply);
        h = fold(h, reply);
    }
    for (step = 0; step < RS_STEPS + RS_DRAIN; step++) {
        rs_obs o;
        memset(&o, 0, sizeof o);
        w->observe(w->ctx, &o);
        tour *t = NULL;
        int line = 0;
        if (!o.trf || trf_import(o.trf, &t, &line) != BH_OK)
            t = NULL;
        else
            tour_set_legacy_tb(t, true); /* golden.txt's SB (C.07 art. 16 not applied) */
        h = fold_obs(h, &o, t);
        status = o.status;
        if (status == 2 || !t) {
            if (transcript)
                fprintf(transcript, "%d end: status %d%s\n", step, status, t ? "" : " (no TRF)");
            tour_free(t);
            rs_obs_fini(&o);
            break;
        }
        bool drain = step >= RS_STEPS;
        int live[512], nlive = 0, fin[512], nfin = 0, cidx[32];
        int64_t closer[32], cwinner[32];
        bool po_live = false;
        for (int i = 0; i < o.ngames && i < 512; i++) {
            if (o.games[i].live)
                live[nlive++] = i;
            else
                fin[nfin++] = i;
            po_live |= o.games[i].live && o.games[i].round == 0;
        }
        int nc = candidates(&o, t, cidx, closer, cwinner);
        bool can_wait = now - RS_T0 < RS_ELAPSED_S * 1000000ull && !po_live;
        int wts[12] = {0};
        wts[0] = nlive ? 50 : 0;                                      /* end a live game */
        wts[1] = nc ? 20 : 0;                                         /* a P-GAME2 choice */
        wts[2] = can_wait ? 10 : 0;                                   /* time passes */
        wts[3] = drain ? (status == 3 ? 6 : 0) : status == 3 ? 6 : 3; /* pause / resume */
        wts[4] = !drain && withdrawals < st.n_teams / 3 ? 1 : 0;
        wts[5] = drain ? 0 : status == 3 ? 4 : 1; /* pair */
        wts[6] = status == 3 ? 4 : drain ? 0 : 1; /* pair by hand */
        wts[7] = status == 3 ? 4 : drain ? 0 : 1; /* round start */
        wts[8] = !drain && nfin ? 3 : 0;          /* override */
        wts[9] = !drain && restarts < 3 ? 1 : 0;  /* restart */
        wts[10] = !drain ? 1 : 0;                 /* a choice for a game with none, a late entry */
        wts[11] = 0;
        if (!wts[0] && !wts[1] && !wts[2] && !wts[3] && !wts[6] && !wts[7]) {
            if (transcript)
                fprintf(transcript, "%d stuck: status %d\n", step, status);
            tour_free(t);
            rs_obs_fini(&o);
            break;
        }
        int op = wpick(&s, wts, 12);
        memset(&c, 0, sizeof c);
        now += 1000;
        bool sent = true;
        switch (op) {
        case 0: {
            const rs_game *g = &o.games[live[below(&s, nlive)]];
            c.kind = RS_END;
            c.round = g->round, c.match = g->match, c.game_no = g->game_no;
            c.result = below(&s, 100) < 30 ? 2 : below(&s, 2);
            break;
        }
        case 1: {
            int k = below(&s, nc);
            const rs_game *g = &o.games[cidx[k]];
            c.kind = RS_CHOOSE;
            c.round = g->round, c.match = g->match, c.game_no = 0;
            c.team = !drain && below(&s, 10) == 0 ? cwinner[k] : closer[k];
            c.flag = below(&s, 2);
            break;
        }
        case 2:
            now += (uint64_t)(1 + below(&s, 20)) * 1000000ull;
            w->advance(w->ctx, now);
            snprintf(reply, sizeof reply, "t=%llu", (unsigned long long)(now - RS_T0) / 1000);
            sent = false;
            break;
        case 3:
            c.kind = RS_PAUSE;
            c.flag = status == 1;
            if (!drain && below(&s, 10) == 0)
                c.flag = !c.flag;
            break;
        case 4:
            c.kind = RS_WITHDRAW;
            c.team = below(&s, 12) ? o.team_of[1 + below(&s, st.n_teams)] : 99;
            c.flag = below(&s, 2);
            withdrawals++;
            break;
        case 5: c.kind = RS_PAIR; break;
        case 6:
            c.kind = RS_PAIR_HAND;
            hand_pairs(&s, &o, t, &c);
            if (drain)
                c.flag = true;
            break;
        case 7: c.kind = RS_ROUND_START; break;
        case 8: {
            const rs_game *g = &o.games[fin[below(&s, nfin)]];
            c.kind = RS_OVERRIDE;
            c.round = g->round, c.match = g->match, c.game_no = g->game_no;
            c.result = below(&s, 3);
            break;
        }
        case 9: {
            bool adj = below(&s, 2);
            now += 5000000;
            w->restart(w->ctx, adj, now);
            restarts++;
            snprintf(reply, sizeof reply, "restart %s", adj ? "adjudicate" : "resume");
            sent = false;
            break;
        }
        default:
            if (below(&s, 2) && o.ngames) { /* a game that has no open choice */
                const rs_game *g = &o.games[below(&s, o.ngames)];
                c.kind = RS_CHOOSE;
                c.round = g->round, c.match = g->match, c.game_no = g->game_no;
                c.team = o.team_of[1 + below(&s, st.n_teams)];
                c.flag = below(&s, 2);
            } else {
                c.kind = RS_REGISTER;
                c.name = "Late";
            }
            break;
        }
        if (sent)
            w->cmd(w->ctx, &c, now, reply);
        h = fold(h, reply);
        if (transcript) {
            if (sent)
                cmd_text(&c, text, sizeof text);
            else
                snprintf(text, sizeof text, "%s", op == 2 ? "wait" : "restart");
            fprintf(transcript, "%d %s -> %s | s%d r%d g%d live%d c%d\n", step, text, reply, status,
                    tour_n_rounds(t), o.ngames, nlive, nc);
        }
        tour_free(t);
        rs_obs_fini(&o);
    }
    if (steps)
        *steps = step;
    if (finished)
        *finished = status == 2;
    return h;
}
