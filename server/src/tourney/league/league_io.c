/* league_io.c: the league event's exports (group tables, bracket) and its stored text form
 * (league.h). SPDX-License-Identifier: MIT The stored form is line based, like the club's
 * (club_io.c): a record code, numbers, then
 * %-escaped strings (text_esc.h); a game's challenge is chal_save's line. The schedules are
 * not stored: the stored draw and the Berger tables give the group matches again, the group
 * results the bracket, and the stored results (with the stored lots) decide it again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "berger.h"
#include "bh.h"
#include "buf.h"
#include "league_int.h"
#include "text_esc.h"
#include "trf_col.h"
#include "xalloc.h"

/* ---- exports ------------------------------------------------------------------------------ */

static const char *const KO_NAME[BRACKET_MATCHES] = {
    "QF1 1A-2B", "QF2 2A-1B", "QF3 1C-2D", "QF4 2C-1D", "SF1", "SF2", "Final"};

char *league_tables_text(const league *l)
{
    buf b = {0};
    if (!l->drawn)
        return buf_take(&b);
    roster_rating rr[LEAGUE_MAX_TEAMS];
    const char *names[LEAGUE_MAX_TEAMS];
    for (int t = 1; t <= l->nt; t++) {
        rr[t - 1] = l->rating[LEAGUE_STAGE_GROUPS][t];
        names[t - 1] = l->t[t].name;
    }
    char *draw = groups_format(&l->draw, rr, names);
    buf_printf(&b, "%s", draw);
    free(draw);
    league_row rows[GROUPS_MAX_S];
    for (int g = 0; g < l->draw.g; g++) {
        int s = league_group_table(l, g, rows, GROUPS_MAX_S);
        buf_printf(&b, "\nGroup %c  (a cell: the row team's game points against that number)\n",
                   'A' + g);
        buf_printf(&b, "%-5s %-3s %-24s %2s %3s %5s %7s", "place", "no", "team", "m", "MP", "GP",
                   "rating");
        for (int n = 1; n <= s; n++)
            buf_printf(&b, " %5d", n);
        buf_printf(&b, "\n");
        for (int i = 0; i < s; i++) {
            const league_row *r = &rows[i];
            char name[80];
            trf_clean(name, l->t[r->tid].name, sizeof name);
            buf_printf(&b, "%-5d %-3d ", r->place, r->number);
            trf_put_col(&b, name, 24); /* by character: names are UTF-8 */
            buf_printf(&b, " %2d %3d %5g %7.1f", r->played, r->mp, r->gp2 / 2.0,
                       (double)r->rating.sum / r->rating.n);
            for (int n = 1; n <= s; n++) {
                int opp = l->draw.team[g][n - 1] + 1;
                char cell[16] = ".";
                if (opp == r->tid)
                    snprintf(cell, sizeof cell, "X");
                for (int mi = 0; mi < l->ngm && opp != r->tid; mi++) {
                    const league_mt *m = &l->gm[mi];
                    int x[2];
                    bool me0 = m->team[0] == r->tid && m->team[1] == opp;
                    bool me1 = m->team[1] == r->tid && m->team[0] == opp;
                    if (!me0 && !me1)
                        continue;
                    bool all = league_match_score(l, LEAGUE_STAGE_GROUPS, mi, &x[0], &x[1]);
                    if (all)
                        snprintf(cell, sizeof cell, "%g", x[me0 ? 0 : 1] / 2.0);
                }
                buf_printf(&b, " %5s", cell);
            }
            buf_printf(&b, "\n");
        }
    }
    return buf_take(&b);
}

char *league_bracket_text(const league *l)
{
    buf b = {0};
    if (!l->have_kb)
        return buf_take(&b);
    static const char *const BY[] = {"open", "on points", "drawn: the lower rating goes on",
                                     "drawn, equal ratings: lot due", "drawn: by lot"};
    for (int mi = 0; mi < BRACKET_MATCHES; mi++) {
        const bracket_match *m = &l->kb.m[mi];
        if (!m->team[0] && !m->team[1] && (l->kb.groups == 2 && mi <= BRACKET_QF4))
            continue;
        int s = league__ko_stage(mi);
        buf_printf(&b, "%-10s", KO_NAME[mi]);
        for (int i = 0; i < 2; i++) {
            int tid = m->team[i];
            if (!tid) {
                buf_printf(&b, "%s(to be decided)", i ? " - " : "");
                continue;
            }
            buf_printf(&b, "%s%s", i ? " - " : "", l->t[tid].name);
            if (l->rating[s][tid].n)
                buf_printf(&b, " (%.1f)", (double)l->rating[s][tid].sum / l->rating[s][tid].n);
        }
        if (m->by != BRACKET_OPEN)
            buf_printf(&b, "  %g:%g", m->gp2[0] / 2.0, m->gp2[1] / 2.0);
        buf_printf(&b, "  %s", BY[m->by]);
        if (m->winner >= 0)
            buf_printf(&b, ", winner %s", l->t[m->team[m->winner]].name);
        buf_printf(&b, "\n");
    }
    return buf_take(&b);
}

static const char *const CHAL_STATE_TEXT[CHAL_STATE_N_] = {
    "to be sent", "proposed", "lapsed: substitute or second challenge",
    "agreed",     "started",  "forfeit"};

/* " 3d 4h" / " 25m": the time from now to at, for a line a person reads. */
/* The instant at_us (wall-clock µs since the Unix epoch) in ISO 8601, UTC, to the minute
 * ("2005-03-11T01:00Z"), then how long until it from now_us. */
static void until(buf *b, int64_t now_us, int64_t at_us)
{
    time_t s = (time_t)(at_us / 1000000);
    struct tm tm;
    char iso[32] = "?";
    if (gmtime_r(&s, &tm))
        strftime(iso, sizeof iso, "%Y-%m-%dT%H:%MZ", &tm);
    buf_printf(b, "%s", iso);
    int64_t m = (at_us - now_us) / 60000000;
    if (m < 0)
        buf_printf(b, " (due)");
    else if (m >= 24 * 60)
        buf_printf(b, " (in %lldd %lldh)", (long long)(m / (24 * 60)), (long long)(m / 60 % 24));
    else
        buf_printf(b, " (in %lldh %lldm)", (long long)(m / 60), (long long)(m % 60));
}

/* "name (id)" of player id on team's roster, "(id)" if he is not on it (any more). */
static void put_player(buf *b, const league *l, int64_t team, int id)
{
    int tid = league_team_tid(l, team);
    int i = tid ? roster_find(&l->t[tid].r, id) : -1;
    if (i >= 0)
        buf_printf(b, "%s ", l->t[tid].r.p[i].name);
    buf_printf(b, "(%d)", id);
}

char *league_fixtures_text(const league *l, int64_t now_us)
{
    buf b = {0};
    int s = l->stage;
    if (!s)
        return buf_take(&b);
    for (int mi = 0; mi < league_n_matches(l, s); mi++) {
        const league_mt *m = league__match(l, s, mi);
        if (!m)
            continue;
        int x, y;
        bool all = league_match_score(l, s, mi, &x, &y);
        if (s == LEAGUE_STAGE_GROUPS)
            buf_printf(&b, "group %c round %d: ", 'A' + m->group, m->round);
        else
            buf_printf(&b, "%s: ", KO_NAME[mi]);
        buf_printf(&b, "%s - %s  %g:%g%s\n", l->t[m->team[0]].name, l->t[m->team[1]].name, x / 2.0,
                   y / 2.0, all ? " (complete)" : "");
        for (int gi = 0; gi < league_games_per_match(l, s); gi++) {
            const league_game *g = &m->g[gi];
            buf_printf(&b, "  board %d", g->key.board + 1);
            if (s != LEAGUE_STAGE_GROUPS)
                buf_printf(&b, " game %d", g->key.game + 1);
            buf_printf(&b, ": ");
            put_player(&b, l, g->team[0], g->c.player[CHAL_WHITE]);
            buf_printf(&b, " (White) - ");
            put_player(&b, l, g->team[1], g->c.player[CHAL_BLACK]);
            buf_printf(&b, ", sent by %s: ", g->c.sender == CHAL_WHITE ? "White" : "Black");
            if (g->res != BH_RES_NONE) {
                /* the result token (result.h); a forfeit as a crosstable shows it, a display
                 * text, not a token */
                static const char *const FF[] = {"+:- (forfeit)", "-:+ (forfeit)", "-:- (forfeit)"};
                bh_result r = (bh_result)g->res;
                buf_printf(&b, "%s\n",
                           bh_result_is_forfeit(r) ? FF[r - BH_RES_FF_W] : bh_result_token(r));
                continue;
            }
            buf_printf(&b, "%s", CHAL_STATE_TEXT[g->c.state]);
            if (g->c.state == CHAL_PROPOSED) {
                buf_printf(&b, ", challenge %d, %d to answer by ", g->c.stage,
                           g->c.player[g->c.turn]);
                until(&b, now_us, g->c.deadline_us);
            } else if (g->c.state == CHAL_AGREED && g->c.start_us) {
                buf_printf(&b, ", at ");
                until(&b, now_us, g->c.start_us);
            }
            buf_printf(&b, "\n");
        }
    }
    return buf_take(&b);
}

/* Start rank of the player id of team tid (team by team, each in board order), 0 if he is
 * not on its current roster. */
static int start_rank(const league *l, int tid, int id)
{
    int s = 0;
    for (int t = 1; t < tid; t++)
        s += l->t[t].r.n;
    int i = roster_find(&l->t[tid].r, id);
    return i < 0 ? 0 : s + i + 1;
}

/* The group game player id of team tid played in Berger round r: *side its colour. */
static const league_game *game_in_round(const league *l, int tid, int id, int r, int *side)
{
    for (int mi = 0; mi < l->ngm; mi++) {
        const league_mt *m = &l->gm[mi];
        if (m->round != r || (m->team[0] != tid && m->team[1] != tid))
            continue;
        for (int b = 0; b < l->cfg.boards; b++)
            for (int sd = 0; sd < 2; sd++)
                if (m->g[b].c.player[sd] == id && m->g[b].team[sd] == l->t[tid].id) {
                    *side = sd;
                    return &m->g[b];
                }
    }
    return NULL;
}

#define LEAGUE_MAX_ROUNDS_TRF GROUPS_MAX_S /* Berger rounds of the largest group (>= 2 games) */

/* The group stage's TRF-2026 records after the header: a 001 record for every roster player of
 * the teams with in[t] (his points over the Berger rounds 1..rounds, the team's place[t], each
 * round's opponent, colour, result), then a 310 record per such team: its group-stage rating,
 * mp[t], gp2[t] / 2 and place[t]. */
static void trf_records(const league *l, buf *b, int rounds, const int *in, const int *place,
                        const int *mp, const int *gp2)
{
    for (int t = 1; t <= l->nt; t++)
        for (int i = 0; in[t] && i < l->t[t].r.n; i++) {
            const roster_player *p = &l->t[t].r.p[i];
            const league_game *g[LEAGUE_MAX_ROUNDS_TRF];
            int side[LEAGUE_MAX_ROUNDS_TRF], pts = 0;
            for (int r = 0; r < rounds; r++) {
                g[r] = game_in_round(l, t, p->id, r + 1, &side[r]);
                if (g[r] && g[r]->res != BH_RES_NONE)
                    pts += trf_pts2(bh_result_trf(g[r]->res, side[r]));
            }
            trf_put_player(b, start_rank(l, t, p->id), p->name, p->rating, pts, place[t]);
            for (int r = 0; r < rounds; r++) {
                if (!g[r] || g[r]->res == BH_RES_NONE) {
                    trf_put_round(b, 0, ' ', ' ');
                    continue;
                }
                int ot = league_team_tid(l, g[r]->team[!side[r]]);
                trf_put_round(b, start_rank(l, ot, g[r]->c.player[!side[r]]), "wb"[side[r]],
                              bh_result_trf(g[r]->res, side[r]));
            }
            buf_printf(b, "\n");
        }
    for (int t = 1; t <= l->nt; t++) {
        if (!in[t])
            continue;
        trf_put_team(b, t, l->t[t].name, l->rating[LEAGUE_STAGE_GROUPS][t].avg, mp[t], gp2[t],
                     place[t]);
        for (int i = 0; i < l->t[t].r.n; i++)
            buf_printf(b, " %4d", start_rank(l, t, l->t[t].r.p[i].id));
        buf_printf(b, "\n");
    }
}

/* Knockout stage s's records after the header: its teams with kno[t] (1..k, no gap), each with
 * a 001 record per game of its match, board bd of game gi (start number (kno[t] - 1) * 2B +
 * gi * B + bd + 1 for B boards) named by the player who sat there (blank, rating 0, when he
 * is not on the team's current roster), with the game's points and place[t]; its one round is
 * the match: the other team's record of the same game, the colour, the result. Then a 310
 * record per team: the stage's team rating, mp[t], gp2[t] / 2, place[t], its 2B records.
 * Returns the records of rated players. */
static int ko_records(const league *l, buf *b, int s, const int *kno, const int *place,
                      const int *mp, const int *gp2)
{
    int rated = 0;
    const int nb = l->cfg.boards;
    for (int t = 1; t <= l->nt; t++) { /* team by team, in number order */
        const league_mt *m = NULL;
        for (int mi = 0; kno[t] && !m && mi < league_n_matches(l, s); mi++) {
            const league_mt *y = league__match(l, s, mi);
            m = y && (y->team[0] == t || y->team[1] == t) ? y : NULL;
        }
        if (!m)
            continue;
        const int ot = m->team[m->team[0] == t];
        for (int gi = 0; gi < 2; gi++)
            for (int bd = 0; bd < nb; bd++) {
                const league_game *g = &m->g[gi * nb + bd];
                int sd = g->team[1] == l->t[t].id;
                int pi = roster_find(&l->t[t].r, g->c.player[sd]);
                const roster_player *p = pi >= 0 ? &l->t[t].r.p[pi] : NULL;
                rated += p && p->rating > 0;
                char ch = g->res != BH_RES_NONE ? bh_result_trf(g->res, sd) : ' ';
                trf_put_player(b, (kno[t] - 1) * 2 * nb + gi * nb + bd + 1, p ? p->name : "",
                               p ? p->rating : 0, trf_pts2(ch), place[t]);
                if (ch != ' ' && kno[ot])
                    buf_printf(b, "  %4d %c %c", (kno[ot] - 1) * 2 * nb + gi * nb + bd + 1,
                               "wb"[sd], ch);
                buf_printf(b, "\n");
            }
    }
    for (int t = 1; t <= l->nt; t++) {
        if (!kno[t])
            continue;
        trf_put_team(b, kno[t], l->t[t].name, l->rating[s][t].avg, mp[t], gp2[t], place[t]);
        for (int i = 0; i < 2 * nb; i++)
            buf_printf(b, " %4d", (kno[t] - 1) * 2 * nb + i + 1);
        buf_printf(b, "\n");
    }
    return rated;
}

char *league_trf_groups(const league *l)
{
    buf b = {0};
    if (!l->drawn)
        return buf_take(&b);
    int rounds = berger_rounds(l->draw.s, 0);
    int in[LEAGUE_MAX_TEAMS + 1], place[LEAGUE_MAX_TEAMS + 1] = {0}, mp[LEAGUE_MAX_TEAMS + 1] = {0},
                                                           gp2[LEAGUE_MAX_TEAMS + 1] = {0};
    league_row rows[GROUPS_MAX_S];
    for (int t = 0; t <= LEAGUE_MAX_TEAMS; t++)
        in[t] = t >= 1 && t <= l->nt;
    for (int g = 0; g < l->draw.g; g++) {
        int n = league_group_table(l, g, rows, GROUPS_MAX_S);
        for (int i = 0; i < n; i++) {
            place[rows[i].tid] = rows[i].place;
            mp[rows[i].tid] = rows[i].mp;
            gp2[rows[i].tid] = rows[i].gp2;
        }
    }
    char what[160];
    snprintf(what, sizeof what,
             "Team league, group stage: %d groups of %d, round robin (Berger tables, FIDE C.05 "
             "Annex 1)",
             l->draw.g, l->draw.s);
    int players = 0, rated = 0;
    for (int t = 1; t <= l->nt; t++)
        for (int i = 0; i < l->t[t].r.n; i++) {
            players++;
            rated += l->t[t].r.p[i].rating > 0;
        }
    trf_put_team_header(&b, l->cfg.name, players, rated, l->nt, rounds, what);
    /* 212, the ranking in a group (art. 6) in C.07's codes: match points, game points; the
     * lower team rating that follows has no code there */
    buf_printf(&b, "212 PTS MPVGP\n");
    trf_records(l, &b, rounds, in, place, mp, gp2);
    return buf_take(&b);
}

char *league_trf_stage(const league *l, int s)
{
    if (s == LEAGUE_STAGE_GROUPS)
        return league_trf_groups(l);
    buf b = {0};
    if (s < LEAGUE_STAGE_QF || s > LEAGUE_STAGE_FINAL || !l->have_kb)
        return buf_take(&b);
    /* the stage's teams: match points 2/1/0 by game points, place 1 for the team through */
    int in[LEAGUE_MAX_TEAMS + 1] = {0}, mp[LEAGUE_MAX_TEAMS + 1] = {0},
                              gp2[LEAGUE_MAX_TEAMS + 1] = {0};
    int place[LEAGUE_MAX_TEAMS + 1] = {0}, nteams = 0;
    for (int mi = 0; mi < league_n_matches(l, s); mi++) {
        const league_mt *m = league__match(l, s, mi);
        int a, z;
        if (!m || !m->team[0] || !m->team[1])
            continue;
        bool all = league_match_score(l, s, mi, &a, &z);
        const int t0 = m->team[0], t1 = m->team[1];
        in[t0] = in[t1] = 1;
        nteams += 2;
        gp2[t0] = a;
        gp2[t1] = z;
        if (all) {
            mp[t0] = a > z ? 2 : a == z ? 1 : 0;
            mp[t1] = 2 - mp[t0];
        }
        int w = l->kb.m[mi].winner;
        if (w == 0 || w == 1) {
            place[m->team[w]] = 1;
            place[m->team[!w]] = 2;
        }
    }
    if (nteams == 0)
        return buf_take(&b);
    static const char *const stage_name[] = {"", "", "quarter-finals", "semi-finals", "final"};
    char what[200];
    snprintf(what, sizeof what,
             "Team league, knockout: %s, two games a board, colours reversed in the second "
             "(art. 7); a drawn match goes to the lower team rating. One round, the match; a "
             "record per game",
             stage_name[s]);
    int kno[LEAGUE_MAX_TEAMS + 1] = {0}, k = 0;
    for (int t = 1; t <= l->nt; t++)
        kno[t] = in[t] ? ++k : 0;
    buf body = {0};
    int rated = ko_records(l, &body, s, kno, place, mp, gp2);
    trf_put_team_header(&b, l->cfg.name, 2 * l->cfg.boards * k, rated, k, 1, what);
    buf_printf(&b, "%s", body.p ? body.p : "");
    buf_free(&body);
    return buf_take(&b);
}

/* ---- storage ------------------------------------------------------------------------------ */

static void save_stage_games(const league *l, buf *b, int s)
{
    char text[CHAL_TEXT_MAX];
    for (int mi = 0; mi < league_n_matches(l, s); mi++) {
        const league_mt *m = league__match(l, s, mi);
        for (int gi = 0; m && gi < league_games_per_match(l, s); gi++) {
            const league_game *g = &m->g[gi];
            chal_save(&g->c, text, sizeof text);
            buf_printf(b, "game %d %d %d %d %d %s\n", s, mi, g->key.game, g->key.board, g->res,
                       text);
        }
    }
}

char *league_save(const league *l)
{
    buf b = {0};
    const league_config *c = &l->cfg;
    buf_printf(&b, "LEAGUE 1\ncfg %d %d %d %d %d %u %lld %lld %d %d %d %d", c->teams, c->groups,
               c->boards, c->max_invited, c->rating_date, (unsigned)c->wait_s,
               (long long)c->cr.first_valid_us, (long long)c->cr.second_valid_us, c->cr.base_s,
               c->cr.inc_s, c->cr.alt_base_s, c->cr.alt_inc_s);
    text_esc(&b, c->ruleset);
    text_esc(&b, c->name);
    buf_printf(&b, "\n");
    for (int t = 1; t <= l->nt; t++)
        roster_team_save(&b, &l->t[t]);
    buf_printf(&b, "status %d %d\n", l->status, l->stage);
    if (l->drawn)
        for (int g = 0; g < l->draw.g; g++) {
            buf_printf(&b, "group %d", g);
            for (int n = 0; n < l->draw.s; n++)
                buf_printf(&b, " %d", l->draw.team[g][n] + 1);
            buf_printf(&b, "\n");
        }
    for (int s = LEAGUE_STAGE_GROUPS; s <= l->stage; s++) {
        for (int t = 1; t <= l->nt; t++)
            if (l->rating[s][t].n)
                buf_printf(&b, "rating %d %d %ld %d\n", s, t, l->rating[s][t].sum,
                           l->rating[s][t].n);
        save_stage_games(l, &b, s);
    }
    for (int mi = 0; mi < BRACKET_MATCHES; mi++)
        if (l->lot[mi] >= 0)
            buf_printf(&b, "lot %d %d\n", mi, l->lot[mi]);
    return buf_take(&b);
}

typedef struct {
    int s, mi, gi, res, line;
    chal c;
} stash_t;

/* The draw's sums and spreads from its teams and the group stage's ratings (groups.h). */
static void draw_sums(league *l)
{
    groups_draw *d = &l->draw;
    d->board_n = l->cfg.boards;
    memset(d->sum, 0, sizeof d->sum);
    for (int p = 0; p < d->s; p++) {
        long hi = 0, lo = 0;
        for (int g = 0; g < d->g; g++) {
            d->sum[g] += l->rating[LEAGUE_STAGE_GROUPS][d->team[g][p] + 1].sum;
            if (g == 0 || d->sum[g] > hi)
                hi = d->sum[g];
            if (g == 0 || d->sum[g] < lo)
                lo = d->sum[g];
        }
        d->spread[p] = hi - lo;
    }
}

/* Put the stashed games of stage s into the schedule: each game once, every game. */
static bool apply_stash(league *l, int s, const stash_t *st, int n)
{
    int want = 0, got = 0; /* league_load refused a game line twice: got counts distinct games */
    for (int mi = 0; mi < league_n_matches(l, s); mi++)
        want += league__match(l, s, mi) ? league_games_per_match(l, s) : 0;
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        if (st[i].s != s)
            continue;
        league_mt *m = league__match(l, s, st[i].mi);
        if (!m || st[i].gi >= league_games_per_match(l, s)) {
            ok = false;
            break;
        }
        league_game *g = &m->g[st[i].gi];
        /* the players come from the stored challenge (rosters may have changed since) */
        if (g->c.sender != st[i].c.sender) {
            ok = false;
            break;
        }
        g->c = st[i].c;
        g->res = (uint8_t)st[i].res;
        g->created = g->c.state == CHAL_STARTED;
        got++;
    }
    return ok && got == want;
}

int league_load(int64_t id, const char *text, league **out, int *line)
{
    *out = NULL;
    char *copy = xstrdup(text);
    league_config cfg;
    league_config_default(&cfg);
    league *l = NULL;
    int ln = 0, status = LEAGUE_REGISTERING, stage = 0, ngroups = 0;
    bool have_status = false; /* league_save writes it after the teams: their checks are there */
    stash_t *st = NULL;
    int nst = 0, cst = 0;
    bool *seen = xcalloc((size_t)(LEAGUE_STAGE_FINAL + 1) * 256 * LEAGUE_MAX_GAMES, sizeof *seen);
    char *save = NULL;
    for (char *lp = strtok_r(copy, "\n", &save); lp; lp = strtok_r(NULL, "\n", &save)) {
        ln++;
        if (strncmp(lp, "game ", 5) == 0 && l && l->status != LEAGUE_REGISTERING) {
            int s, mi, game, board, res, off = 0;
            if (sscanf(lp, "game %d %d %d %d %d %n", &s, &mi, &game, &board, &res, &off) != 5 ||
                off == 0 || s < LEAGUE_STAGE_GROUPS || s > l->stage || mi < 0 || game < 0 ||
                game > 1 || board < 0 || board >= l->cfg.boards || res < BH_RES_NONE ||
                res >= BH_RES_N_)
                goto bad;
            BH_GROW(st, nst, cst);
            stash_t *x = &st[nst++];
            x->s = s, x->mi = mi, x->gi = game * l->cfg.boards + board, x->res = res;
            x->line = ln;
            if (chal_load(&x->c, lp + off) != BH_OK)
                goto bad;
            /* each game once: mi < 256 (at most 2 groups x 120 matches, or a bracket slot) */
            size_t bit = ((size_t)s * 256 + (size_t)mi) * LEAGUE_MAX_GAMES + (size_t)x->gi;
            if (mi >= 256 || seen[bit])
                goto bad;
            seen[bit] = true;
            continue;
        }
        char *tok[GROUPS_MAX_S + 4];
        int nt = text_tokens(lp, " ", tok, GROUPS_MAX_S + 4);
        if (nt == 0)
            continue;
        if (ln == 1) {
            if (nt != 2 || strcmp(tok[0], "LEAGUE") != 0 || strcmp(tok[1], "1") != 0)
                goto bad;
        } else if (strcmp(tok[0], "cfg") == 0 && !l) {
            if (nt != 15)
                goto bad;
            TEXT_NUM(1, 1, LEAGUE_MAX_TEAMS, cfg.teams);
            TEXT_NUM(2, 1, LEAGUE_MAX_TEAMS, cfg.groups);
            TEXT_NUM(3, 1, LEAGUE_MAX_BOARDS, cfg.boards);
            TEXT_NUM(4, 0, LEAGUE_MAX_BOARDS, cfg.max_invited);
            TEXT_NUM(5, 0, 99999999, cfg.rating_date);
            TEXT_NUM(6, 0, 86400, cfg.wait_s);
            TEXT_NUM(7, 1, INT64_MAX, cfg.cr.first_valid_us);
            TEXT_NUM(8, 1, INT64_MAX, cfg.cr.second_valid_us);
            TEXT_NUM(9, 1, 86400, cfg.cr.base_s);
            TEXT_NUM(10, 0, 3600, cfg.cr.inc_s);
            TEXT_NUM(11, 1, 86400, cfg.cr.alt_base_s);
            TEXT_NUM(12, 0, 3600, cfg.cr.alt_inc_s);
            text_unesc(tok[13]);
            text_unesc(tok[14]);
            snprintf(cfg.ruleset, sizeof cfg.ruleset, "%s", tok[13]);
            snprintf(cfg.name, sizeof cfg.name, "%s", tok[14]);
            if (league_config_check(&cfg, NULL) != BH_OK)
                goto bad;
            l = league_new(id, &cfg);
        } else if (!l) {
            goto bad;
        } else if (strcmp(tok[0], "team") == 0 && l->status == LEAGUE_REGISTERING) {
            roster_team *t = &l->t[l->nt + 1];
            if (l->nt >= l->cfg.teams || roster_team_read(t, tok, nt) != BH_OK)
                goto bad;
            if (!tok[3][0] || strlen(tok[3]) >= LEAGUE_NAME_LEN || league_team_tid(l, t->id))
                goto bad;
            l->nt++;
        } else if (strcmp(tok[0], "player") == 0 && l->nt > 0 && l->status == LEAGUE_REGISTERING) {
            if (roster_team_read_player(&l->t[l->nt], tok, nt) != BH_OK)
                goto bad;
        } else if (strcmp(tok[0], "status") == 0 && l->status == LEAGUE_REGISTERING && !stage) {
            if (nt != 3)
                goto bad;
            TEXT_NUM(1, LEAGUE_REGISTERING, LEAGUE_FINISHED, status);
            TEXT_NUM(2, 0, LEAGUE_STAGE_FINAL, stage);
            if ((status == LEAGUE_REGISTERING) != (stage == 0))
                goto bad;
            for (int t = 1; t <= l->nt; t++) {
                const roster_team *x = &l->t[t];
                roster_rating rr;
                if (!roster_is_by_rating(&x->r) || roster_find(&x->r, x->captain) < 0 ||
                    roster_check_invited(&x->r, l->cfg.max_invited, NULL) != BH_OK ||
                    roster_team_rating(&x->r, l->cfg.boards, &rr, NULL) != BH_OK)
                    goto bad;
                for (int u = 1; u < t; u++)
                    for (int i = 0; i < x->r.n; i++)
                        if (roster_find(&l->t[u].r, x->r.p[i].id) >= 0)
                            goto bad;
            }
            if (status != LEAGUE_REGISTERING && l->nt != l->cfg.teams)
                goto bad;
            l->status = status;
            l->stage = stage;
            have_status = true;
        } else if (strcmp(tok[0], "group") == 0 && l->status != LEAGUE_REGISTERING) {
            long long g;
            int s = l->cfg.teams / l->cfg.groups;
            if (nt != 2 + s)
                goto bad;
            TEXT_NUM(1, ngroups, ngroups, g);
            for (int n = 0; n < s; n++) {
                long long tid;
                TEXT_NUM(2 + n, 1, l->nt, tid);
                for (int h = 0; h <= g; h++)
                    for (int k = 0; k < (h < g ? s : n); k++)
                        if (l->draw.team[h][k] == tid - 1)
                            goto bad;
                l->draw.team[g][n] = (int)tid - 1;
            }
            ngroups++;
        } else if (strcmp(tok[0], "rating") == 0 && l->status != LEAGUE_REGISTERING) {
            long long s, t, sum, n;
            if (nt != 5)
                goto bad;
            TEXT_NUM(1, LEAGUE_STAGE_GROUPS, l->stage, s);
            TEXT_NUM(2, 1, l->nt, t);
            TEXT_NUM(3, 1, (long long)ROSTER_RATING_MAX * LEAGUE_MAX_BOARDS, sum);
            TEXT_NUM(4, l->cfg.boards, l->cfg.boards, n);
            roster_rating *r = &l->rating[s][t];
            r->sum = (long)sum;
            r->n = (int)n;
            r->avg = (int)((2 * sum + n) / (2 * n));
        } else if (strcmp(tok[0], "lot") == 0 && l->status != LEAGUE_REGISTERING) {
            long long mi, w;
            if (nt != 3)
                goto bad;
            TEXT_NUM(1, 0, BRACKET_MATCHES - 1, mi);
            TEXT_NUM(2, 0, 1, w);
            l->lot[mi] = (int)w;
        } else {
            goto bad;
        }
    }
    if (!l || !have_status) {
        ln++; /* a text cut before its status line: the line that is missing */
        goto bad;
    }
    ln = 0; /* from here on: the whole */
    if (l->status != LEAGUE_REGISTERING) {
        if (ngroups != l->cfg.groups)
            goto bad;
        l->draw.g = l->cfg.groups;
        l->draw.s = l->cfg.teams / l->cfg.groups;
        for (int t = 1; t <= l->nt; t++)
            if (!l->rating[LEAGUE_STAGE_GROUPS][t].n)
                goto bad;
        draw_sums(l);
        l->drawn = true;
        league__schedule_groups(l);
        if (!apply_stash(l, LEAGUE_STAGE_GROUPS, st, nst))
            goto bad;
        league__replay(l, LEAGUE_STAGE_GROUPS);
        for (int s = LEAGUE_STAGE_QF; s <= l->stage; s++) {
            if (!l->have_kb)
                goto bad;
            if (s == LEAGUE_STAGE_QF && l->kb.groups == 2)
                continue; /* semi-finals first */
            int lo = s == LEAGUE_STAGE_QF   ? BRACKET_QF1
                     : s == LEAGUE_STAGE_SF ? BRACKET_SF1
                                            : BRACKET_FINAL;
            int hi = s == LEAGUE_STAGE_QF   ? BRACKET_SF1
                     : s == LEAGUE_STAGE_SF ? BRACKET_FINAL
                                            : BRACKET_MATCHES;
            for (int mi = lo; mi < hi; mi++)
                for (int i = 0; i < 2; i++)
                    if (!l->kb.m[mi].team[i] || !l->rating[s][l->kb.m[mi].team[i]].n)
                        goto bad;
            league__schedule_ko(l, s);
            if (!apply_stash(l, s, st, nst))
                goto bad;
            int save_stage = l->stage;
            l->stage = s; /* the replay decides stage s's matches */
            league__replay(l, s);
            l->stage = save_stage;
        }
        /* the status must be what the results make it */
        bool over = league__stage_done(l);
        int want = !over                            ? LEAGUE_RUNNING
                   : l->stage == LEAGUE_STAGE_FINAL ? LEAGUE_FINISHED
                                                    : LEAGUE_BETWEEN;
        if (l->status != want)
            goto bad;
    }
    for (int i = 0; i < nst; i++)
        if (st[i].s > l->stage)
            goto bad;
    free(st);
    free(seen);
    free(copy);
    *out = l;
    return BH_OK;
bad:
    if (line)
        *line = ln;
    free(st);
    free(seen);
    league_free(l);
    free(copy);
    return BH_EPARSE;
}
