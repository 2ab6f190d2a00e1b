/* tour.c: the tournament model: teams, rounds, matches and their scoring.
 * SPDX-License-Identifier: MIT
 * Scores are integers: match points, and game points doubled (gp2: a game win is 2, a draw 1)
 * so that no float ever decides a pairing or a place. A round keeps an index team -> match. */
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "tour_int.h"
#include "xalloc.h"

typedef struct {
    int n;         /* matches */
    tour_match *m; /* n */
    int n_index;   /* teams known when the round was paired */
    int *where;    /* team id -> match index + 1, 0 = not paired (n_index + 1) */
} tround;

struct tour {
    tour_ruleset rs;
    int n_teams, cap_teams;
    tour_team *teams; /* teams[id - 1] */
    int n_rounds;
    tround rounds[TOUR_MAX_ROUNDS];
    int planned_rounds, format;
    bool started;
    int n_po, cap_po;
    tour_playoff *po;
    int n_req, cap_req;
    struct {
        int id, round, kind;
    } * req; /* requested byes */
};

void tour_ruleset_default(tour_ruleset *rs)
{
    memset(rs, 0, sizeof *rs);
    strcpy(rs->name, "Bughouse Swiss");
    strcpy(rs->game_ruleset, "regulation");
    rs->base_ms = 180000; /* P-TC: 3 minutes, no increment */
    rs->inc_ms = 0;
    rs->games = 2; /* T-DOUBLE */
    rs->rounds = 0;
    rs->score_per = TOUR_SCORE_MATCH;
    rs->bye_mp = 1;  /* T-BYE: a drawn match */
    rs->bye_gp2 = 2; /* and 1 game point */
    rs->small_policy = TOUR_SMALL_RR;
    rs->bye_kind = TOUR_BYE_HALF; /* T-REQBYE (taken only with bye_requests > 0) */
    rs->n_tb = 3;                 /* T-TIEBREAK */
    rs->tb[0] = TB_DE;
    rs->tb[1] = TB_BH_C1;
    rs->tb[2] = TB_PLAYOFF;
}

int tour_rounds_for(int n_teams)
{
    return n_teams < 20 ? 9 : n_teams <= 30 ? 10 : 11;
}

tour *tour_new(const tour_ruleset *rs)
{
    tour *t = xcalloc(1, sizeof *t);
    if (rs)
        t->rs = *rs;
    else
        tour_ruleset_default(&t->rs);
    t->rs.name[TOUR_NAME_LEN - 1] = '\0';
    t->rs.game_ruleset[sizeof t->rs.game_ruleset - 1] = '\0';
    if (t->rs.n_tb < 0 || t->rs.n_tb > TOUR_MAX_TB)
        t->rs.n_tb = 0;
    if (t->rs.games < 1 || t->rs.games > TOUR_MAX_GAMES)
        t->rs.games = 2;
    if (t->rs.top_member != TOUR_TOP_RANK)
        t->rs.top_member = TOUR_TOP_TPN;
    if (t->rs.bye_kind != TOUR_BYE_ZERO)
        t->rs.bye_kind = TOUR_BYE_HALF;
    if (t->rs.bye_requests < 0 || t->rs.bye_requests > TOUR_MAX_ROUNDS)
        t->rs.bye_requests = 0;
    return t;
}

void tour_free(tour *t)
{
    if (!t)
        return;
    for (int r = 0; r < t->n_rounds; r++) {
        free(t->rounds[r].m);
        free(t->rounds[r].where);
    }
    free(t->teams);
    free(t->po);
    free(t->req);
    free(t);
}

void tour_set_legacy_tb(tour *t, bool on)
{
    t->rs.legacy_tb = on;
}

tour *tour_clone(const tour *t)
{
    tour *c = xmalloc(sizeof *c);
    *c = *t;
    c->teams = xmalloc(((size_t)t->cap_teams + 1) * sizeof *c->teams);
    if (t->n_teams)
        memcpy(c->teams, t->teams, (size_t)t->n_teams * sizeof *c->teams);
    for (int r = 0; r < t->n_rounds; r++) {
        const tround *src = &t->rounds[r];
        tround *dst = &c->rounds[r];
        dst->m = xmalloc(((size_t)src->n + 1) * sizeof *dst->m);
        if (src->n)
            memcpy(dst->m, src->m, (size_t)src->n * sizeof *dst->m);
        dst->where = xmalloc(((size_t)src->n_index + 1) * sizeof *dst->where);
        memcpy(dst->where, src->where, ((size_t)src->n_index + 1) * sizeof *dst->where);
    }
    c->po = xmalloc(((size_t)t->cap_po + 1) * sizeof *c->po);
    if (t->n_po)
        memcpy(c->po, t->po, (size_t)t->n_po * sizeof *c->po);
    c->req = xmalloc(((size_t)t->cap_req + 1) * sizeof *c->req);
    if (t->n_req)
        memcpy(c->req, t->req, (size_t)t->n_req * sizeof *c->req);
    return c;
}

static void copy_name(char *dst, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n > TOUR_NAME_LEN - 1)
        n = TOUR_NAME_LEN - 1;
    memcpy(dst, src ? src : "", n);
    dst[n] = '\0';
}

int tour_add_team(tour *t, const char *name, const char *captain, const char *partner,
                  int rating_captain, int rating_partner, int *id_out)
{
    if (!name || !name[0] || rating_captain < 0 || rating_partner < 0)
        return BH_EINVAL;
    if (t->n_teams >= TOUR_MAX_TEAMS)
        return BH_ELIMIT;
    if (t->started && t->format == TOUR_ROUND_ROBIN)
        return BH_ESTATE;
    BH_GROW(t->teams, t->n_teams, t->cap_teams);
    tour_team *tm = &t->teams[t->n_teams++];
    memset(tm, 0, sizeof *tm);
    copy_name(tm->name, name);
    copy_name(tm->captain, captain);
    copy_name(tm->partner, partner);
    tm->rating_captain = rating_captain;
    tm->rating_partner = rating_partner;
    tm->entry_round = t->started ? t->n_rounds + 1 : 1;
    if (id_out)
        *id_out = t->n_teams;
    return BH_OK;
}

static int team_rating(const tour_team *tm)
{
    return (tm->rating_captain + tm->rating_partner) / 2;
}

int tour_start(tour *t, bool *warn)
{
    if (t->started)
        return BH_ESTATE;
    int n = t->n_teams;
    if (n < 2)
        return BH_EINVAL;
    /* Stable insertion sort by team rating, descending: entry order breaks ties. perm[j]: the
     * entry index of the team at pairing number j + 1 (bye requests follow their team). */
    int *perm = xmalloc((size_t)n * sizeof *perm);
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && team_rating(&t->teams[perm[j - 1]]) < team_rating(&t->teams[i])) {
            perm[j] = perm[j - 1];
            j--;
        }
        perm[j] = i;
    }
    tour_team *sorted = xmalloc((size_t)n * sizeof *sorted);
    int *number = xmalloc(((size_t)n + 1) * sizeof *number); /* entry id -> pairing number */
    for (int j = 0; j < n; j++) {
        sorted[j] = t->teams[perm[j]];
        number[perm[j] + 1] = j + 1;
    }
    memcpy(t->teams, sorted, (size_t)n * sizeof *sorted);
    for (int i = 0; i < t->n_req; i++)
        t->req[i].id = number[t->req[i].id];
    free(perm);
    free(sorted);
    free(number);
    int rounds = t->rs.rounds > 0 ? t->rs.rounds : tour_rounds_for(n);
    bool small = rounds >= n - 1;
    t->format = TOUR_SWISS;
    if (small && t->rs.small_policy == TOUR_SMALL_RR) {
        t->format = TOUR_ROUND_ROBIN;
        rounds = n % 2 ? n : n - 1;
    } else if (small) {
        rounds = n - 1;
    }
    if (rounds > TOUR_MAX_ROUNDS)
        rounds = TOUR_MAX_ROUNDS;
    t->planned_rounds = rounds;
    t->started = true;
    if (warn)
        *warn = small;
    return BH_OK;
}

void tour__set_plan(tour *t, int rounds, int format, bool started)
{
    t->planned_rounds = rounds;
    t->format = format;
    t->started = started;
}

int tour__set_team_rounds(tour *t, int id, int entry_round, int withdrawn_round)
{
    if (id < 1 || id > t->n_teams || entry_round < 1 || withdrawn_round < 0)
        return BH_ENOTFOUND;
    t->teams[id - 1].entry_round = entry_round;
    t->teams[id - 1].withdrawn_round = withdrawn_round;
    return BH_OK;
}

void tour__set_top_member(tour *t, int top_member)
{
    t->rs.top_member = top_member == TOUR_TOP_RANK ? TOUR_TOP_RANK : TOUR_TOP_TPN;
}

bool tour__request_get(const tour *t, int i, int *id, int *round, int *kind)
{
    if (i < 0 || i >= t->n_req)
        return false;
    *id = t->req[i].id;
    *round = t->req[i].round;
    *kind = t->req[i].kind;
    return true;
}

int tour_withdraw(tour *t, int id, bool keep_current)
{
    if (id < 1 || id > t->n_teams)
        return BH_ENOTFOUND;
    tour_team *tm = &t->teams[id - 1];
    if (tm->withdrawn_round)
        return BH_ESTATE;
    int cur = t->n_rounds;
    if (cur > 0 && !tour_round_complete(t, cur) && tour_is_active(t, id, cur)) {
        tround *rd = &t->rounds[cur - 1];
        int mi = id <= rd->n_index ? rd->where[id] - 1 : -1;
        if (keep_current || mi < 0) {
            tm->withdrawn_round = cur + 1;
        } else {
            tour_match *m = &rd->m[mi];
            if (m->b == 0 || m->forfeit == TOUR_FF_NONE)
                m->forfeit = (uint8_t)(m->a == id ? TOUR_FF_A : TOUR_FF_B);
            else if (m->forfeit != (m->a == id ? TOUR_FF_A : TOUR_FF_B))
                m->forfeit = TOUR_FF_BOTH;
            tm->withdrawn_round = cur;
        }
    } else {
        tm->withdrawn_round = cur + 1;
    }
    return BH_OK;
}

int tour_withdraw_games(tour *t, int id)
{
    if (id < 1 || id > t->n_teams)
        return BH_ENOTFOUND;
    if (t->teams[id - 1].withdrawn_round)
        return BH_ESTATE;
    int cur = t->n_rounds;
    tour_match *m = NULL;
    if (cur > 0 && !tour_round_complete(t, cur) && tour_is_active(t, id, cur)) {
        tround *rd = &t->rounds[cur - 1];
        int mi = id <= rd->n_index ? rd->where[id] - 1 : -1;
        m = mi >= 0 ? &rd->m[mi] : NULL;
    }
    bool played = false;
    for (int g = 0; m && m->b != 0 && m->forfeit == TOUR_FF_NONE && g < t->rs.games; g++)
        played |= m->game[g] != TOUR_G_NONE;
    if (!played)
        return tour_withdraw(t, id, false);
    uint8_t win = m->a == id ? TOUR_G_WIN_B : TOUR_G_WIN_A;
    for (int g = 0; g < t->rs.games; g++)
        if (m->game[g] == TOUR_G_NONE) {
            m->game[g] = win;
            m->ff_games |= 1u << g;
        }
    t->teams[id - 1].withdrawn_round = cur + 1;
    return BH_OK;
}

int tour_reinstate(tour *t, int id)
{
    if (id < 1 || id > t->n_teams)
        return BH_ENOTFOUND;
    if (!t->teams[id - 1].withdrawn_round)
        return BH_ESTATE;
    t->teams[id - 1].withdrawn_round = 0;
    return BH_OK;
}

bool tour_is_active(const tour *t, int id, int r)
{
    if (id < 1 || id > t->n_teams)
        return false;
    const tour_team *tm = &t->teams[id - 1];
    return tm->entry_round <= r && (tm->withdrawn_round == 0 || r < tm->withdrawn_round);
}

static bool games_ok(const tour_match *m)
{
    for (int g = 0; g < TOUR_MAX_GAMES; g++)
        if (m->game[g] > TOUR_G_WIN_B || ((m->ff_games >> g & 1) && m->game[g] == TOUR_G_DRAW))
            return false; /* a forfeited game is a win, or lost by both */
    return true;
}

int tour_add_round(tour *t, const tour_match *m, int n)
{
    if (t->n_rounds >= TOUR_MAX_ROUNDS)
        return BH_ELIMIT;
    if (t->n_rounds > 0 && !tour_round_complete(t, t->n_rounds))
        return BH_ESTATE;
    if (n < 0 || (n > 0 && !m))
        return BH_EINVAL;
    int *where = xcalloc((size_t)t->n_teams + 1, sizeof *where);
    for (int i = 0; i < n; i++) {
        int a = m[i].a, b = m[i].b;
        bool bad = a < 1 || a > t->n_teams || b < 0 || b > t->n_teams || a == b || where[a] ||
                   (b && where[b]) || m[i].forfeit > TOUR_FF_BOTH ||
                   (b && m[i].white != a && m[i].white != b) || m[i].bye > TOUR_BYE_FULL ||
                   !games_ok(&m[i]);
        if (bad) {
            free(where);
            return BH_EINVAL;
        }
        where[a] = i + 1;
        if (b)
            where[b] = i + 1;
    }
    tround *rd = &t->rounds[t->n_rounds++];
    rd->n = n;
    rd->m = xmalloc(((size_t)n + 1) * sizeof *rd->m);
    if (n)
        memcpy(rd->m, m, (size_t)n * sizeof *m);
    for (int i = 0; i < n; i++) {
        if (!rd->m[i].b)
            rd->m[i].white = 0;
        else
            rd->m[i].bye = 0;
    }
    rd->n_index = t->n_teams;
    rd->where = where;
    return BH_OK;
}

int tour_drop_round(tour *t)
{
    if (t->n_rounds == 0)
        return BH_ENOTFOUND;
    tround *rd = &t->rounds[t->n_rounds - 1];
    for (int i = 0; i < rd->n; i++)
        for (int g = 0; g < TOUR_MAX_GAMES; g++)
            if (rd->m[i].game[g] != TOUR_G_NONE || (rd->m[i].ff_games >> g & 1))
                return BH_ESTATE;
    free(rd->m);
    free(rd->where);
    memset(rd, 0, sizeof *rd);
    t->n_rounds--;
    return BH_OK;
}

static tour_match *match_at(tour *t, int r, int mi)
{
    if (r < 1 || r > t->n_rounds || mi < 0 || mi >= t->rounds[r - 1].n)
        return NULL;
    return &t->rounds[r - 1].m[mi];
}

bh_result tour_game_result(tour_game g)
{
    return g == TOUR_G_WIN_A   ? BH_RES_WIN1
           : g == TOUR_G_DRAW  ? BH_RES_DRAW
           : g == TOUR_G_WIN_B ? BH_RES_WIN2
                               : BH_RES_NONE;
}

int tour_set_game(tour *t, int r, int mi, int g, tour_game res)
{
    tour_match *m = match_at(t, r, mi);
    if (!m)
        return BH_ENOTFOUND;
    if (g < 0 || g >= t->rs.games || m->b == 0 || (unsigned)res > TOUR_G_WIN_B)
        return BH_EINVAL;
    m->game[g] = (uint8_t)res;
    m->ff_games &= ~(1u << g); /* a result set replaces a forfeit's */
    return BH_OK;
}

int tour_set_forfeit(tour *t, int r, int mi, tour_forfeit ff)
{
    tour_match *m = match_at(t, r, mi);
    if (!m)
        return BH_ENOTFOUND;
    if ((unsigned)ff > TOUR_FF_BOTH || (m->b == 0 && ff != TOUR_FF_NONE && ff != TOUR_FF_A))
        return BH_EINVAL;
    m->forfeit = (uint8_t)ff;
    return BH_OK;
}

int tour_request_bye(tour *t, int id, int r, tour_bye kind)
{
    if (kind != TOUR_BYE_HALF && kind != TOUR_BYE_ZERO && kind != TOUR_BYE_FULL)
        return BH_EINVAL;
    if (id < 1 || id > t->n_teams)
        return BH_ENOTFOUND;
    if (r <= t->n_rounds || r > TOUR_MAX_ROUNDS)
        return BH_ESTATE;
    if (tour_requested_bye(t, id, r) >= 0)
        return BH_EEXIST;
    BH_GROW(t->req, t->n_req, t->cap_req);
    t->req[t->n_req].id = id;
    t->req[t->n_req].round = r;
    t->req[t->n_req].kind = kind;
    t->n_req++;
    return BH_OK;
}

int tour_requested_bye(const tour *t, int id, int r)
{
    for (int i = 0; i < t->n_req; i++)
        if (t->req[i].id == id && t->req[i].round == r)
            return t->req[i].kind;
    return -1;
}

int tour_replace_team(tour *t, int id, const char *name, const char *captain, const char *partner,
                      int rating_captain, int rating_partner)
{
    if (id < 1 || id > t->n_teams)
        return BH_ENOTFOUND;
    if (t->started)
        return BH_ESTATE;
    if (!name || !name[0] || rating_captain < 0 || rating_partner < 0)
        return BH_EINVAL;
    tour_team *tm = &t->teams[id - 1];
    copy_name(tm->name, name);
    copy_name(tm->captain, captain);
    copy_name(tm->partner, partner);
    tm->rating_captain = rating_captain;
    tm->rating_partner = rating_partner;
    return BH_OK;
}

int tour_remove_team(tour *t, int id)
{
    if (id < 1 || id > t->n_teams)
        return BH_ENOTFOUND;
    if (t->started)
        return BH_ESTATE;
    memmove(&t->teams[id - 1], &t->teams[id], (size_t)(t->n_teams - id) * sizeof *t->teams);
    t->n_teams--;
    int k = 0;
    for (int i = 0; i < t->n_req; i++) {
        if (t->req[i].id == id)
            continue;
        t->req[k] = t->req[i];
        if (t->req[k].id > id)
            t->req[k].id--;
        k++;
    }
    t->n_req = k;
    return BH_OK;
}

int tour_set_schedule(tour *t, int r, int64_t start_ms)
{
    if (r < 1 || r > TOUR_MAX_ROUNDS || start_ms < 0)
        return BH_EINVAL;
    if (r <= t->n_rounds)
        return BH_ESTATE;
    t->rs.sched_round = start_ms ? r : 0;
    t->rs.sched_ms = start_ms;
    return BH_OK;
}

int tour_cancel_bye(tour *t, int id, int r)
{
    for (int i = 0; i < t->n_req; i++) {
        if (t->req[i].id != id || t->req[i].round != r)
            continue;
        if (r <= t->n_rounds)
            return BH_ESTATE;
        memmove(&t->req[i], &t->req[i + 1], (size_t)(t->n_req - i - 1) * sizeof *t->req);
        t->n_req--;
        return BH_OK;
    }
    return BH_ENOTFOUND;
}

int tour_team_bye_requests(const tour *t, int id, int *rounds, int cap)
{
    int n = 0; /* one pass over the requests, the rounds kept ascending as they come */
    for (int i = 0; i < t->n_req; i++) {
        if (t->req[i].id != id ||
            (t->req[i].kind != TOUR_BYE_HALF && t->req[i].kind != TOUR_BYE_ZERO))
            continue;
        if (rounds && n < cap) {
            int j = n;
            for (; j > 0 && rounds[j - 1] > t->req[i].round; j--)
                rounds[j] = rounds[j - 1];
            rounds[j] = t->req[i].round;
        }
        n++;
    }
    return n;
}

int tour_add_playoff(tour *t, int winner, int loser)
{
    if (winner < 1 || winner > t->n_teams || loser < 1 || loser > t->n_teams || winner == loser)
        return BH_EINVAL;
    BH_GROW(t->po, t->n_po, t->cap_po);
    t->po[t->n_po].winner = winner;
    t->po[t->n_po].loser = loser;
    t->n_po++;
    return BH_OK;
}

const tour_ruleset *tour_rules(const tour *t)
{
    return &t->rs;
}

int tour_n_teams(const tour *t)
{
    return t->n_teams;
}

const tour_team *tour_team_get(const tour *t, int id)
{
    return id >= 1 && id <= t->n_teams ? &t->teams[id - 1] : NULL;
}

int tour_team_rating(const tour *t, int id)
{
    const tour_team *tm = tour_team_get(t, id);
    return tm ? team_rating(tm) : 0;
}

int tour_n_rounds(const tour *t)
{
    return t->n_rounds;
}

int tour_planned_rounds(const tour *t)
{
    return t->planned_rounds;
}

int tour_format(const tour *t)
{
    return t->format;
}

bool tour_is_started(const tour *t)
{
    return t->started;
}

int tour_round_size(const tour *t, int r)
{
    return r >= 1 && r <= t->n_rounds ? t->rounds[r - 1].n : -1;
}

const tour_match *tour_round_match(const tour *t, int r, int mi)
{
    return match_at((tour *)t, r, mi);
}

static bool match_done(const tour *t, const tour_match *m)
{
    if (m->b == 0 || m->forfeit != TOUR_FF_NONE)
        return true;
    for (int g = 0; g < t->rs.games; g++)
        if (m->game[g] == TOUR_G_NONE && !(m->ff_games >> g & 1))
            return false;
    return true;
}

bool tour_round_complete(const tour *t, int r)
{
    if (r < 1 || r > t->n_rounds)
        return false;
    const tround *rd = &t->rounds[r - 1];
    for (int i = 0; i < rd->n; i++)
        if (!match_done(t, &rd->m[i]))
            return false;
    return true;
}

int tour_n_playoffs(const tour *t)
{
    return t->n_po;
}

const tour_playoff *tour_playoff_get(const tour *t, int i)
{
    return i >= 0 && i < t->n_po ? &t->po[i] : NULL;
}

static int game_gp2(int g, bool side_a)
{
    switch (g) {
    case TOUR_G_WIN_A: return side_a ? 2 : 0;
    case TOUR_G_DRAW: return 1;
    case TOUR_G_WIN_B: return side_a ? 0 : 2;
    default: return 0;
    }
}

/* T-SCORE: match points from the games' game points (gp2 out of 2 * games). */
static int mp_of(const tour *t, int gp2)
{
    if (t->rs.score_per == TOUR_SCORE_GAME)
        return gp2; /* each game 2/1/0 */
    return gp2 > t->rs.games ? 2 : gp2 == t->rs.games ? 1 : 0;
}

void tour_slot_get(const tour *t, int id, int r, tour_slot *out)
{
    memset(out, 0, sizeof *out);
    out->white = -1;
    out->kind = TOUR_SLOT_ABSENT;
    if (r < 1 || r > t->n_rounds)
        return;
    const tround *rd = &t->rounds[r - 1];
    if (id < 1 || id > rd->n_index || !rd->where[id])
        return;
    const tour_match *m = &rd->m[rd->where[id] - 1];
    bool a = m->a == id;
    if (m->b == 0) {
        if (m->forfeit != TOUR_FF_NONE)
            return; /* a forfeited bye: absent */
        out->kind = m->bye == TOUR_BYE_HALF   ? TOUR_SLOT_HPB
                    : m->bye == TOUR_BYE_ZERO ? TOUR_SLOT_ZPB
                    : m->bye == TOUR_BYE_FULL ? TOUR_SLOT_FPB
                                              : TOUR_SLOT_PAB;
        if (m->bye == TOUR_BYE_FULL) { /* a won match: every game (as a forfeit win) */
            out->gp2 = 2 * t->rs.games;
            out->mp = mp_of(t, out->gp2);
        } else if (m->bye != TOUR_BYE_ZERO) {
            out->mp = t->rs.bye_mp;
            out->gp2 = t->rs.bye_gp2;
        }
        return;
    }
    out->opp = a ? m->b : m->a;
    if (m->forfeit != TOUR_FF_NONE) {
        bool lost = m->forfeit == TOUR_FF_BOTH || (m->forfeit == TOUR_FF_A) == a;
        out->kind = lost ? TOUR_SLOT_FF_LOSS : TOUR_SLOT_FF_WIN;
        out->gp2 = lost ? 0 : 2 * t->rs.games; /* T-FORFEIT: every game to the team present */
        out->mp = mp_of(t, out->gp2);
        return;
    }
    out->white = m->white == id;
    bool done = true;
    for (int g = 0; g < t->rs.games; g++) {
        out->gp2 += game_gp2(m->game[g], a);
        out->opp_gp2 += game_gp2(m->game[g], !a);
        done &= m->game[g] != TOUR_G_NONE || (m->ff_games >> g & 1);
    }
    if (!done) {
        out->kind = TOUR_SLOT_PENDING;
        out->mp = 0;
        return;
    }
    out->kind = TOUR_SLOT_PLAYED;
    /* T-SCORE: the match is won by more game points than the opponent's (games lost by both
     * count for neither), so mp_of's half of the games is not the measure here */
    out->mp = t->rs.score_per == TOUR_SCORE_GAME ? out->gp2
              : out->gp2 > out->opp_gp2          ? 2
              : out->gp2 == out->opp_gp2         ? 1
                                                 : 0;
}

bool tour_slot_is_voluntary(int kind)
{
    return kind == TOUR_SLOT_ABSENT || kind == TOUR_SLOT_FF_LOSS || kind == TOUR_SLOT_HPB ||
           kind == TOUR_SLOT_ZPB;
}

int tour_team_mp(const tour *t, int id, int upto)
{
    int last = upto < 0 || upto > t->n_rounds ? t->n_rounds : upto, sum = 0;
    for (int r = 1; r <= last; r++) {
        tour_slot s;
        tour_slot_get(t, id, r, &s);
        sum += s.mp;
    }
    return sum;
}

int tour_team_gp2(const tour *t, int id, int upto)
{
    int last = upto < 0 || upto > t->n_rounds ? t->n_rounds : upto, sum = 0;
    for (int r = 1; r <= last; r++) {
        tour_slot s;
        tour_slot_get(t, id, r, &s);
        sum += s.gp2;
    }
    return sum;
}
