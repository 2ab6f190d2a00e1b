/* trf.c: TRF export and import (see trf.h for the records).
 * SPDX-License-Identifier: MIT
 * Export derives the TRF-16/TRF-2026 records (001, 013, 310, 320, 330) for other tools, and
 * writes the BH* records that carry the state exactly; import replays the BH* records through
 * tour.h, so an imported tournament passes the same checks as one built call by call (a file
 * without BH* records is read from its standard records by trf_std.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "buf.h"
#include "tb.h"
#include "tour_int.h"
#include "trf.h"
#include "trf_col.h"
#include "utf8.h"
#include "xalloc.h"

static const char *const SMALL[] = {"rr", "cap"};
static const char *const SCORE[] = {"match", "game"};
static const char *const FORMAT[] = {"swiss", "rr"};
static const char *const TOP[] = {"tpn", "rank"}; /* TOUR_TOP_TPN, TOUR_TOP_RANK */

/* The TRF-2026 result code of one board (0 = A, the captain's; 1 = B) in a round. Two games a
 * match (T-DOUBLE) on two boards: the boards carry the team's game points (a game is worth
 * 1, as a board is): 2-0 is 1 and 1, 1.5-0.5 is 1 on board A and = on B (the loser: 0 and =),
 * 1-1 is = and =, so both teams' boards add up to their game points and each board's two
 * results agree. With another number of games (not in the regulation) no split of game points
 * over two boards exists: both boards carry the match result. */
static char board_res(const tour_slot *x, int games, int board)
{
    switch (x->kind) {
    case TOUR_SLOT_PLAYED:
        if (games == 2)
            return x->gp2 == 2   ? '='
                   : x->gp2 == 3 ? "1="[board]
                   : x->gp2 == 1 ? "0="[board]
                   : x->gp2 > 2  ? '1'
                                 : '0';
        return x->gp2 > games ? '1' : x->gp2 == games ? '=' : '0';
    case TOUR_SLOT_FF_WIN: return '+';
    case TOUR_SLOT_FF_LOSS: return '-';
    case TOUR_SLOT_PAB: return 'U';
    case TOUR_SLOT_HPB: return 'H';
    case TOUR_SLOT_ZPB: return 'Z';
    case TOUR_SLOT_FPB: return 'F';
    case TOUR_SLOT_PENDING:
    case TOUR_SLOT_ABSENT:
    default: return ' ';
    }
}

/* Points x2 of a board result code by the 162 record trf_export writes: W 1.0 (a win, over
 * the board or by forfeit, and the full-point bye), D 0.5 (a draw, the half-point bye), L and
 * A 0.0, P (the PAB) half the PAB's game points (it has two boards). */
static int board_pts2(char c, const tour_ruleset *rs)
{
    return c == '1' || c == '+' || c == 'F' ? 2
           : c == '=' || c == 'H'           ? 1
           : c == 'U'                       ? rs->bye_gp2 / 2
                                            : 0;
}

char *trf_export(const tour *t)
{
    buf b = {NULL, 0, 0};
    const tour_ruleset *rs = tour_rules(t);
    int n = tour_n_teams(t), R = tour_n_rounds(t);
    char name[TOUR_NAME_LEN], cap_[TOUR_NAME_LEN], par[TOUR_NAME_LEN];
    trf_clean(name, rs->name, sizeof name);
    int rated = 0;
    for (int id = 1; id <= n; id++) {
        const tour_team *tm = tour_team_get(t, id);
        rated += (tm->rating_captain > 0) + (tm->rating_partner > 0);
    }
    /* TRF-2026 counts: 062 players, 072 rated players, 082 teams */
    buf_printf(&b, "012 %s\n062 %d\n072 %d\n082 %d\n", name, 2 * n, rated, n);
    buf_printf(&b, "092 Swiss Team Pairing System FIDE C.04.6, colour-free (FIDE_TEAM_MP_GP), "
                   "bughouse double rounds\n");
    /* TRF-2026: 142 number of rounds (XXR kept for TRF-16 readers), 192 the encoded type of
     * tournament: the Swiss team system without colour preferences, match points primary and
     * game points secondary. 162, the points of a board result (symbol at column 6, points at
     * 7-10, every 9 columns): a board is worth a game (board_res), the PAB's two boards share
     * its game points. 352: board A has the team's colour, board B the other (P-TEAM). 362,
     * the match points (T-SCORE; the code's second letter at column 6, points at 7-10, every
     * 9 columns, where TieBreakServer's trf2json.py reads it): written for match scoring only
     * (score=game scores each game, which no 362 code expresses). */
    buf_printf(&b, "XXR %d\n142 %d\n192 FIDE_TEAM_MP_GP\n", tour_planned_rounds(t),
               tour_planned_rounds(t));
    buf_printf(&b, "162  W%4.1f    D%4.1f    L%4.1f    A%4.1f    P%4.1f\n352 WB\n", 1.0, 0.5, 0.0,
               0.0, rs->bye_gp2 / 4.0);
    if (rs->score_per == TOUR_SCORE_MATCH)
        buf_printf(&b, "362 TW%4.1f   TD%4.1f   TL%4.1f\n", 2.0, 1.0, 0.0);
    trf_clean(cap_, rs->game_ruleset, sizeof cap_);
    for (char *q = cap_; *q; q++)
        if (*q == ' ')
            *q = '_';
    buf_printf(&b,
               "BHR game=%s base_ms=%u inc_ms=%u games=%d score=%s bye_mp=%d bye_gp2=%d small=%s "
               "top=%s rounds=%d format=%s started=%d tb=",
               cap_[0] ? cap_ : "-", (unsigned)rs->base_ms, (unsigned)rs->inc_ms, rs->games,
               SCORE[rs->score_per == TOUR_SCORE_GAME], rs->bye_mp, rs->bye_gp2,
               SMALL[rs->small_policy == TOUR_SMALL_CAP], TOP[rs->top_member == TOUR_TOP_RANK],
               rs->rounds, FORMAT[tour_format(t) == TOUR_ROUND_ROBIN], tour_is_started(t) ? 1 : 0);
    for (int k = 0; k < rs->n_tb; k++)
        buf_printf(&b, "%s%s", k ? "," : "", tb_name(rs->tb[k]));
    if (rs->late_until)
        buf_printf(&b, " late=%d", rs->late_until); /* T-LATE; written only when set */
    if (rs->sched_round && rs->sched_ms > 0)        /* T-SCHEDULE; written only when set */
        buf_printf(&b, " sched=%d@%lld", rs->sched_round, (long long)rs->sched_ms);
    if (rs->bye_requests) /* T-REQBYE; written only when taken */
        buf_printf(&b, " byes=%d bye_kind=%s", rs->bye_requests,
                   rs->bye_kind == TOUR_BYE_ZERO ? "zero" : "half");
    if (rs->wait_s) /* written only when set: a line without it reads 0 */
        buf_printf(&b, " wait_s=%u", (unsigned)rs->wait_s);
    if (rs->break_s)
        buf_printf(&b, " break_s=%u", (unsigned)rs->break_s);
    buf_printf(&b, "\n");

    tb_standings st = {0, NULL, 0, {0}};
    tb_standings_compute(t, &st);
    int *rank = xcalloc((size_t)n + 1, sizeof *rank);
    for (int x = 0; x < st.n; x++)
        rank[st.rows[x].id] = st.rows[x].place;
    /* The scheduled colour of a forfeited match (TRF-2026: column 97 is the scheduled colour;
     * '-' only for a bye or no pairing): 1 if the team was to have White on board A. */
    size_t stride = (size_t)R + 1;
    uint8_t *ff_white = xcalloc(((size_t)n + 1) * stride, 1);
    for (int r = 1; r <= R; r++)
        for (int i = 0; i < tour_round_size(t, r); i++) {
            const tour_match *m = tour_round_match(t, r, i);
            if (m->b && m->white)
                ff_white[(size_t)m->white * stride + (size_t)r] = 1;
        }
    for (int id = 1; id <= n; id++) {
        const tour_team *tm = tour_team_get(t, id);
        for (int board = 0; board < 2; board++) {
            /* 001 points (columns 81-84): the player's own, its round results by the 162 */
            int pts2 = 0;
            for (int r = 1; r <= R; r++) {
                tour_slot x;
                tour_slot_get(t, id, r, &x);
                pts2 += board_pts2(board_res(&x, rs->games, board), rs);
            }
            trf_put_player(&b, 2 * id - 1 + board, board ? tm->partner : tm->captain,
                           board ? tm->rating_partner : tm->rating_captain, pts2, rank[id]);
            for (int r = 1; r <= R; r++) {
                tour_slot x;
                tour_slot_get(t, id, r, &x);
                /* board B has the colours reversed (P-TEAM); absent or pending: blank */
                int w = x.white >= 0 ? x.white : ff_white[(size_t)id * stride + (size_t)r];
                trf_put_round(&b, x.opp ? 2 * x.opp - 1 + board : 0, "bw"[w ^ board],
                              board_res(&x, rs->games, board));
            }
            buf_printf(&b, "\n");
        }
    }
    /* 013 (TRF-16 team record): name in columns 5-36, the players' start numbers from column
     * 37 in 4-column fields one apart. 310 (TRF-2026 team record): team number 5-7, name 9-40,
     * nickname 42-46, strength 48-53, match points 55-60, game points 62-67, rank 69-71,
     * players from 74 (4 columns each, one apart). Column layout as read by the FIDE tie-break
     * checker (OttoMilvang/TieBreakServer trf2json.py parse_trf_team). */
    for (int id = 1; id <= n; id++) {
        trf_clean(name, tour_team_get(t, id)->name, sizeof name);
        buf_printf(&b, "013 ");
        trf_put_col(&b, name, 32);
        buf_printf(&b, "%4d %4d\n", 2 * id - 1, 2 * id);
    }
    for (int id = 1; id <= n; id++) {
        trf_put_team(&b, id, tour_team_get(t, id)->name, tour_team_rating(t, id),
                     tour_team_mp(t, id, -1), tour_team_gp2(t, id, -1), rank[id]);
        buf_printf(&b, " %4d %4d\n", 2 * id - 1, 2 * id);
    }
    /* 320 (TRF-2026 PAB): its match and game points, then per round the team that had it (3
     * columns each, one apart; 0: none). 330: a forfeited match: "+-" / "-+" / "--", round,
     * the team with White on board 1, the other. */
    bool any_pab = false;
    for (int r = 1; r <= R; r++)
        for (int i = 0; i < tour_round_size(t, r); i++) {
            const tour_match *m = tour_round_match(t, r, i);
            any_pab |= m->b == 0 && m->bye == TOUR_BYE_PAB;
        }
    if (any_pab) {
        buf_printf(&b, "320 %4.1f %4.1f", (double)rs->bye_mp, rs->bye_gp2 / 2.0);
        for (int r = 1; r <= R; r++) {
            int who = 0;
            for (int i = 0; i < tour_round_size(t, r); i++) {
                const tour_match *m = tour_round_match(t, r, i);
                if (m->b == 0 && m->bye == TOUR_BYE_PAB)
                    who = m->a;
            }
            buf_printf(&b, " %3d", who);
        }
        buf_printf(&b, "\n");
    }
    for (int r = 1; r <= R; r++)
        for (int i = 0; i < tour_round_size(t, r); i++) {
            const tour_match *m = tour_round_match(t, r, i);
            if (m->b == 0 || m->forfeit == TOUR_FF_NONE)
                continue;
            int w = m->white ? m->white : m->a, o = w == m->a ? m->b : m->a;
            bool w_absent = m->forfeit == TOUR_FF_BOTH || (m->forfeit == TOUR_FF_A) == (w == m->a);
            bool o_absent = m->forfeit == TOUR_FF_BOTH || !w_absent;
            buf_printf(&b, "330 %c%c %3d %3d %3d\n", w_absent ? '-' : '+', o_absent ? '-' : '+', r,
                       w, o);
        }
    free(rank);
    free(ff_white);
    tb_standings_fini(&st);

    for (int id = 1; id <= n; id++) {
        const tour_team *tm = tour_team_get(t, id);
        trf_clean(name, tm->name, sizeof name);
        trf_clean(cap_, tm->captain, sizeof cap_);
        trf_clean(par, tm->partner, sizeof par);
        buf_printf(&b, "BHT %d %d %d %d %d %s|%s|%s\n", id, tm->entry_round, tm->withdrawn_round,
                   tm->rating_captain, tm->rating_partner, name, cap_, par);
    }
    int qid, qr, qk;
    for (int i = 0; tour__request_get(t, i, &qid, &qr, &qk); i++)
        buf_printf(&b, "BHQ %d %d %d\n", qid, qr, qk);
    for (int r = 1; r <= R; r++) {
        for (int i = 0; i < tour_round_size(t, r); i++) {
            const tour_match *m = tour_round_match(t, r, i);
            char gs[TOUR_MAX_GAMES + 1];
            for (int g = 0; g < rs->games; g++)
                gs[g] = (char)('0' + m->game[g]);
            gs[rs->games] = '\0';
            buf_printf(&b, "BHM %d %d %d %d %s %d %d", r, m->a, m->b, m->white, gs, m->forfeit,
                       m->bye);
            buf_printf(&b, m->ff_games ? " %lu\n" : "\n", (unsigned long)m->ff_games); /* if set */
        }
    }
    for (int i = 0; i < tour_n_playoffs(t); i++)
        buf_printf(&b, "BHP %d %d\n", tour_playoff_get(t, i)->winner,
                   tour_playoff_get(t, i)->loser);
    return buf_take(&b);
}

static int pick(const char *v, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v, names[i]) == 0)
            return i;
    return -1;
}

/* Parse one BHR line into *rs, *format, *started. false on an unknown key or value. */
static bool parse_bhr(const char *line, tour_ruleset *rs, int *format, int *started)
{
    char text[512];
    snprintf(text, sizeof text, "%s", line);
    char *save = NULL;
    /* A BHR line without top= comes from a server version that paired with the top member
     * read by rank: such an event keeps the reading it was paired under
     * (a file with no BHR line at all, another tool's, gets the text's reading). */
    rs->top_member = TOUR_TOP_RANK;
    for (char *tok = strtok_r(text, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return false;
        *eq = '\0';
        const char *k = tok, *v = eq + 1;
        int x;
        if (strcmp(k, "game") == 0) {
            snprintf(rs->game_ruleset, sizeof rs->game_ruleset, "%s", strcmp(v, "-") ? v : "");
        } else if (strcmp(k, "base_ms") == 0) {
            rs->base_ms = (uint32_t)strtoul(v, NULL, 10);
        } else if (strcmp(k, "inc_ms") == 0) {
            rs->inc_ms = (uint32_t)strtoul(v, NULL, 10);
        } else if (strcmp(k, "games") == 0) {
            rs->games = atoi(v);
            if (rs->games < 1 || rs->games > TOUR_MAX_GAMES)
                return false;
        } else if (strcmp(k, "score") == 0) {
            if ((x = pick(v, SCORE, 2)) < 0)
                return false;
            rs->score_per = x;
        } else if (strcmp(k, "bye_mp") == 0) {
            rs->bye_mp = atoi(v);
        } else if (strcmp(k, "bye_gp2") == 0) {
            rs->bye_gp2 = atoi(v);
        } else if (strcmp(k, "small") == 0) {
            if ((x = pick(v, SMALL, 2)) < 0)
                return false;
            rs->small_policy = x;
        } else if (strcmp(k, "top") == 0) { /* absent: TOUR_TOP_RANK (above) */
            if ((x = pick(v, TOP, 2)) < 0)
                return false;
            rs->top_member = x;
        } else if (strcmp(k, "wait_s") == 0) {
            rs->wait_s = (uint32_t)strtoul(v, NULL, 10);
        } else if (strcmp(k, "break_s") == 0) {
            rs->break_s = (uint32_t)strtoul(v, NULL, 10);
        } else if (strcmp(k, "rounds") == 0) {
            rs->rounds = atoi(v);
        } else if (strcmp(k, "late") == 0) {
            rs->late_until = atoi(v);
            if (rs->late_until < 0 || rs->late_until > TOUR_MAX_ROUNDS)
                return false;
        } else if (strcmp(k, "sched") == 0) {
            int rnd = 0, off = 0;
            long long ms = 0;
            if (sscanf(v, "%d@%lld%n", &rnd, &ms, &off) != 2 || v[off] || rnd < 1 ||
                rnd > TOUR_MAX_ROUNDS || ms <= 0)
                return false;
            rs->sched_round = rnd;
            rs->sched_ms = ms;
        } else if (strcmp(k, "byes") == 0) {
            rs->bye_requests = atoi(v);
            if (rs->bye_requests < 0 || rs->bye_requests > TOUR_MAX_ROUNDS)
                return false;
        } else if (strcmp(k, "bye_kind") == 0) {
            if (strcmp(v, "half") == 0)
                rs->bye_kind = TOUR_BYE_HALF;
            else if (strcmp(v, "zero") == 0)
                rs->bye_kind = TOUR_BYE_ZERO;
            else
                return false;
        } else if (strcmp(k, "format") == 0) {
            if ((x = pick(v, FORMAT, 2)) < 0)
                return false;
            *format = x;
        } else if (strcmp(k, "started") == 0) {
            *started = atoi(v);
        } else if (strcmp(k, "tb") == 0) {
            rs->n_tb = 0;
            char *s2 = NULL;
            for (char *n = strtok_r((char *)v, ",", &s2); n; n = strtok_r(NULL, ",", &s2)) {
                int id = -1;
                for (int i = 1; i < TB_COUNT_; i++)
                    if (strcmp(tb_name(i), n) == 0)
                        id = i;
                if (id < 0 || rs->n_tb >= TOUR_MAX_TB)
                    return false;
                rs->tb[rs->n_tb++] = id;
            }
        } else {
            return false;
        }
    }
    return true;
}

int trf_import(const char *text, tour **out_t, int *err_line)
{
    return trf_import_info(text, out_t, err_line, NULL);
}

/* The 1-based line of text holding its first byte that is not UTF-8, 0 when all of it is. */
static int first_bad_utf8_line(const char *text)
{
    size_t bad = 0, n = strlen(text);
    if (bh_utf8_valid(text, n, &bad))
        return 0;
    int line = 1;
    for (size_t i = 0; i < bad && i < n; i++)
        line += text[i] == '\n';
    return line;
}

int trf_import_info(const char *text, tour **out_t, int *err_line, trf_info *info)
{
    /* Names travel to the pages in JSON strings: a file in another encoding (Latin-1, CP1251)
     * is refused at its first such line instead of giving teams names no page can show. */
    int bad_utf8 = first_bad_utf8_line(text);
    if (bad_utf8) {
        if (err_line)
            *err_line = bad_utf8;
        return BH_EPARSE;
    }
    tour_ruleset rs;
    tour_ruleset_default(&rs);
    int format = TOUR_SWISS, started = 0, planned = 0, line_no = 0, bad = 0, rc = BH_OK;
    int bhr_line = 0;
    tour *t = NULL;
    tour_match *ms = NULL;
    int n_ms = 0, cap_ms = 0, cur_round = 0;
    bool has_bht = false;
    size_t len = strlen(text);
    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len + 1);
    /* Pass 1: header records; pass 2: teams, requests, matches, play-offs (in file order). */
    for (int pass = 1; pass <= 2 && !bad && rc == BH_OK; pass++) {
        line_no = 0;
        char *p = copy;
        if (pass == 2 && !has_bht && started) { /* a started event's state is in BHT */
            free(copy);
            if (err_line)
                *err_line = bhr_line;
            return BH_EPARSE;
        }
        if (pass == 2 && !has_bht) { /* standard records only (trf_std.c) */
            free(copy);
            return trf__import_std(text, &rs, planned, out_t, err_line, info);
        }
        if (pass == 2) {
            t = tour_new(&rs);
            tour__set_plan(t, planned, format, false);
        }
        while (*p && !bad && rc == BH_OK) {
            char *nl = strchr(p, '\n'), *line = p;
            if (nl)
                *nl = '\0';
            p = nl ? nl + 1 : p + strlen(p);
            line_no++;
            size_t ll = strlen(line);
            if (ll && line[ll - 1] == '\r')
                line[--ll] = '\0';
            if (ll < 3)
                continue;
            if (strncmp(line, "012", 3) == 0 && ll > 3 && line[3] != ' ') {
                bad = 1; /* the name's column is the fifth: it would start inside a character */
                break;
            }
            const char *rest = ll > 4 ? line + 4 : "";
            if (pass == 1) {
                if (strncmp(line, "012", 3) == 0) /* cut at a character, not inside one */
                    snprintf(rs.name, sizeof rs.name, "%.*s",
                             (int)bh_utf8_prefix(rest, (size_t)-1, sizeof rs.name - 1, NULL), rest);
                else if (strncmp(line, "XXR", 3) == 0 || strncmp(line, "142", 3) == 0)
                    bad = sscanf(rest, "%d", &planned) != 1 || planned < 0 ||
                          planned > TOUR_MAX_ROUNDS;
                else if (strncmp(line, "BHR", 3) == 0)
                    bad = !parse_bhr(rest, &rs, &format, &started), bhr_line = line_no;
                /* our records beyond the ruleset: the state is replayed from them */
                has_bht |= strncmp(line, "BH", 2) == 0 && line[2] != 'R';
                if (nl)
                    *nl = '\n';
                continue;
            }
            if (strncmp(line, "BHT", 3) == 0) {
                int id, er, wr, rc1, rc2, off = 0;
                /* one blank after the numbers: a name may start with a blank (the writer
                 * writes a control character as one) */
                if (sscanf(rest, "%d %d %d %d %d%n", &id, &er, &wr, &rc1, &rc2, &off) != 5 ||
                    rest[off] != ' ' || id != tour_n_teams(t) + 1) {
                    bad = 1;
                } else {
                    char nm[3][TOUR_NAME_LEN] = {"", "", ""};
                    const char *s = rest + off + 1;
                    for (int k = 0; k < 3; k++) {
                        size_t w = strcspn(s, "|");
                        snprintf(nm[k], sizeof nm[k], "%.*s",
                                 (int)(w < TOUR_NAME_LEN - 1 ? w : TOUR_NAME_LEN - 1), s);
                        s += w + (s[w] == '|');
                    }
                    rc = tour_add_team(t, nm[0], nm[1], nm[2], rc1, rc2, NULL);
                    if (rc == BH_OK)
                        rc = tour__set_team_rounds(t, id, er, wr);
                }
            } else if (strncmp(line, "BHQ", 3) == 0) {
                int id, r, k;
                if (sscanf(rest, "%d %d %d", &id, &r, &k) != 3)
                    bad = 1;
                else
                    rc = tour_request_bye(t, id, r, (tour_bye)k);
            } else if (strncmp(line, "BHM", 3) == 0) {
                int r, a, bb, w, ff, by;
                long long ffg = 0;
                char gs[40] = ""; /* TOUR_MAX_GAMES digits */
                tour_match m;
                memset(&m, 0, sizeof m);
                int got = sscanf(rest, "%d %d %d %d %39s %d %d %lld", &r, &a, &bb, &w, gs, &ff, &by,
                                 &ffg);
                bool ok = (got == 7 || got == 8) && ffg >= 0 && ffg < 1LL << TOUR_MAX_GAMES &&
                          r >= cur_round && r <= cur_round + 1 && r >= 1 && ff >= 0 && ff <= 3 &&
                          by >= 0 && by <= TOUR_BYE_FULL && (int)strlen(gs) == rs.games;
                for (int g = 0; ok && g < rs.games; g++) {
                    ok = gs[g] >= '0' && gs[g] <= '3';
                    m.game[g] = (uint8_t)(gs[g] - '0');
                }
                if (!ok) {
                    bad = 1;
                } else {
                    if (r != cur_round && cur_round > 0)
                        rc = tour_add_round(t, ms, n_ms), n_ms = 0;
                    cur_round = r;
                    BH_GROW(ms, n_ms, cap_ms);
                    m.a = a;
                    m.b = bb;
                    m.white = w;
                    m.forfeit = (uint8_t)ff;
                    m.bye = (uint8_t)by;
                    m.ff_games = (uint32_t)ffg;
                    ms[n_ms++] = m;
                }
            } else if (strncmp(line, "BHP", 3) == 0) {
                int w, l;
                if (sscanf(rest, "%d %d", &w, &l) != 2)
                    bad = 1;
                else
                    rc = tour_add_playoff(t, w, l);
            }
            if (nl)
                *nl = '\n';
        }
    }
    if (!bad && rc == BH_OK && cur_round > 0)
        rc = tour_add_round(t, ms, n_ms);
    if (!bad && rc == BH_OK && started && tour_n_teams(t) == 0) {
        bad = 1; /* a started event has teams (tour_start): no BHT record, no state */
        line_no = bhr_line;
    }
    free(ms);
    free(copy);
    if (bad || rc != BH_OK) {
        if (err_line)
            *err_line = line_no;
        tour_free(t);
        return bad ? BH_EPARSE : rc;
    }
    tour__set_plan(t, planned, format, started != 0);
    if (info)
        memset(info, 0, sizeof *info);
    *out_t = t;
    return BH_OK;
}
