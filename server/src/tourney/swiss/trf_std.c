/* trf_std.c: a TRF file with only the standard records (another tool's, or ours without the
 * BH* lines): teams from 310 (or 013) and 001, rounds rebuilt from the 001 round entries, 320
 * (PAB) and 330 (forfeited matches). SPDX-License-Identifier: MIT
 * A round entry's result is read as game points of its team (1 = a win, = a draw, 0 a loss);
 * our export writes the match result on both players, so a won match reads as a sweep, and
 * the 310 game-point totals decide which wins were narrow (fit_gp: a flow problem). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "tour_int.h"
#include "utf8.h"
#include "xalloc.h"

typedef struct {
    int opp;  /* opponent's startrank, 0: none */
    char col; /* 'w', 'b' or another char (no colour) */
    char res; /* result char; ' ' with opp 0: no entry */
} std_entry;

typedef struct {
    int line; /* 1-based line of its 001 record, 0: none */
    int team; /* team id, 0: in no team */
    int rating;
    char name[TOUR_NAME_LEN];
    std_entry e[TOUR_MAX_ROUNDS];
} std_player;

typedef struct {
    int line;                /* its 310/013 line */
    int n;                   /* players listed */
    int sno[TOUR_MAX_GAMES]; /* their startranks, board order */
    int gp2_total;           /* 310 game points x2, -1: not given */
} std_team;

typedef struct {
    int line, round, white, other;
    char type[3]; /* "+-", "-+", "--" (white's, other's) */
} std_ff;

/* What a team's players say of one round. */
enum { S_NONE = 0, S_PLAYED, S_FFW, S_FFL, S_PAB, S_HPB, S_ZPB, S_FPB };
typedef struct {
    int kind;  /* S_* */
    int opp;   /* opponent team */
    int gp2;   /* game points x2 of the played boards */
    int white; /* 1: White on board A in game 1, 0: Black, -1: not given */
    int line;  /* line of its first player entry */
    int games; /* its players' entries: games played, won or lost by forfeit */
} std_side;

typedef struct {
    int n_pl; /* size of pl (startranks 0..n_pl-1) */
    std_player *pl;
    int n_teams;
    std_team *tm; /* tm[id - 1] */
    int rounds;   /* rounds with any entry */
    int pab_line; /* the 320 line, 0: none */
    int pab_mp2, pab_gp2;
    int pab[TOUR_MAX_ROUNDS + 1]; /* team with the PAB per round */
    int n_ff;
    std_ff *ff;
    bool exact; /* a 162 record: the round entries are each board's own game points (as our
                 * export writes them), not the match result on every board */
} std_file;

/* Columns [a, b) of line (length ll) as an integer (0 if blank or out of the line). */
static int col_int(const char *line, size_t ll, size_t a, size_t b)
{
    char tmp[16] = "";
    if (a < ll && b - a < sizeof tmp)
        snprintf(tmp, sizeof tmp, "%.*s", (int)((b < ll ? b : ll) - a), line + a);
    return atoi(tmp);
}

/* Columns [a, b) as a decimal x2, rounded (points with halves: "  3.5" -> 7). */
static int col_half(const char *line, size_t ll, size_t a, size_t b)
{
    char tmp[16] = "";
    if (a < ll && b - a < sizeof tmp)
        snprintf(tmp, sizeof tmp, "%.*s", (int)((b < ll ? b : ll) - a), line + a);
    double x = strtod(tmp, NULL);
    return (int)(x * 2 + (x < 0 ? -0.5 : 0.5));
}

/* A record as its columns: TRF counts a column a character (trf.c put_col), so a UTF-8
 * name takes as many columns as it has characters. `line` is the record with each multi-byte
 * character narrowed to one byte '?' (column c = byte c, for the numbers and codes); `text`
 * the record as written, and at[c] the byte in text where column c starts (at[ll] its end). */
typedef struct {
    char line[1024];
    size_t ll;
    const char *text;
    size_t at[1025];
} std_rec;

static void rec_init(std_rec *r, const char *text, size_t n)
{
    size_t i = 0, c = 0;
    r->text = text;
    while (i < n && c + 1 < sizeof r->line) {
        size_t k = (unsigned char)text[i] < 0x80 ? 1 : bh_utf8_seq(text + i, n - i, NULL);
        r->at[c] = i;
        r->line[c++] = k > 1 ? '?' : text[i];
        i += k ? k : 1;
    }
    r->at[c] = i;
    r->line[c] = '\0';
    r->ll = c;
}

/* Columns [a, b) of r as a string without trailing blanks, in the bytes as written. */
static void col_str(const std_rec *r, size_t a, size_t b, char *out, size_t cap)
{
    size_t ll = r->ll, n = a < ll ? (b < ll ? b : ll) - a : 0;
    while (n && r->line[a + n - 1] == ' ')
        n--;
    size_t from = a < ll ? r->at[a] : 0, bytes = n ? r->at[a + n] - from : 0;
    if (bytes >= cap) /* a name longer than we keep: cut at a character */
        bytes = bh_utf8_prefix(r->text + from, (size_t)-1, cap - 1, NULL);
    snprintf(out, cap, "%.*s", (int)bytes, r->text + from);
}

/* 001: start number in columns 5-8, name 15-47, rating 49-52, then per round from column 92
 * the opponent (4 columns), colour (column 97), result (column 99), 10 columns a round. */
static bool read_player(std_file *f, const std_rec *r, int line_no)
{
    const char *line = r->line;
    size_t ll = r->ll;
    int sno = col_int(line, ll, 4, 8);
    if (sno < 1 || sno > TOUR_MAX_TEAMS * TOUR_MAX_GAMES)
        return false;
    if (sno >= f->n_pl) {
        int cap = sno + 64;
        f->pl = xrealloc(f->pl, (size_t)cap * sizeof *f->pl);
        memset(f->pl + f->n_pl, 0, (size_t)(cap - f->n_pl) * sizeof *f->pl);
        f->n_pl = cap;
    }
    std_player *p = &f->pl[sno];
    if (p->line)
        return false; /* a start number twice */
    p->line = line_no;
    col_str(r, 14, 47, p->name, sizeof p->name);
    p->rating = col_int(line, ll, 48, 52);
    for (int k = 0; k < TOUR_MAX_ROUNDS; k++) {
        size_t at = 91 + 10 * (size_t)k;
        if (at + 8 > ll)
            break;
        std_entry *e = &p->e[k];
        e->opp = col_int(line, ll, at, at + 4);
        /* TRF-2026: "Letter codes are case-insensitive" */
        e->col = (char)tolower((unsigned char)line[at + 5]);
        e->res = (char)toupper((unsigned char)line[at + 7]);
        bool blank = e->opp == 0 && (e->res == ' ' || e->res == '-');
        if (e->opp < 0 || (e->opp > 0 && e->opp == sno))
            return false;
        if (blank)
            e->res = ' ';
        else if (k + 1 > f->rounds)
            f->rounds = k + 1;
    }
    return true;
}

/* 310 (TRF-2026): team number 5-7, name 9-40, game points 62-67, players from column 74 in
 * 4-column fields one apart; 013 (TRF-16): name 5-36, players from column 37. BH_OK,
 * BH_ELIMIT for more than TOUR_MAX_GAMES players, else BH_EPARSE. */
static int read_team(std_file *f, const std_rec *r, int line_no, char *name, size_t cap)
{
    const char *line = r->line;
    size_t ll = r->ll;
    bool ext = line[0] == '3';
    if (ext && col_int(line, ll, 4, 7) != f->n_teams + 1)
        return BH_EPARSE; /* teams numbered 1..n in order */
    if (f->n_teams >= TOUR_MAX_TEAMS)
        return BH_ELIMIT;
    col_str(r, ext ? 8 : 4, ext ? 40 : 36, name, cap);
    if (!name[0])
        return BH_EPARSE;
    f->tm = xrealloc(f->tm, ((size_t)f->n_teams + 1) * sizeof *f->tm);
    std_team *tm = &f->tm[f->n_teams++];
    memset(tm, 0, sizeof *tm);
    tm->line = line_no;
    tm->gp2_total = ext ? col_half(line, ll, 61, 67) : -1;
    for (size_t at = ext ? 73 : 36; at + 4 <= ll + 3; at += 5) {
        int sno = col_int(line, ll, at, at + 4);
        if (sno <= 0)
            continue;
        if (tm->n == TOUR_MAX_GAMES)
            return BH_ELIMIT; /* more players than a match has games */
        if (sno >= f->n_pl || !f->pl[sno].line || f->pl[sno].team)
            return BH_EPARSE; /* an unknown player, or one in two teams */
        tm->sno[tm->n++] = sno;
        f->pl[sno].team = f->n_teams;
    }
    return BH_OK;
}

/* 320 (TRF-2026 PAB): match points 5-8, game points 10-13, then a team per round in 3
 * columns one apart (0: none). */
static bool read_pab(std_file *f, const char *line, size_t ll, int line_no)
{
    if (f->pab_line)
        return false;
    f->pab_line = line_no;
    f->pab_mp2 = col_half(line, ll, 4, 8);
    f->pab_gp2 = col_half(line, ll, 9, 13);
    for (int r = 1; r <= TOUR_MAX_ROUNDS; r++) {
        size_t at = 14 + 4 * (size_t)(r - 1);
        if (at >= ll)
            break;
        f->pab[r] = col_int(line, ll, at, at + 3);
    }
    return f->pab_mp2 >= 0 && f->pab_gp2 >= 0;
}

/* 330 (TRF-2026 forfeited match): type 5-6, round 8-10, White's team 12-14, the other 16-18. */
static bool read_ff(std_file *f, const std_rec *r, int line_no)
{
    const char *line = r->line;
    size_t ll = r->ll;
    std_ff x = {line_no, col_int(line, ll, 7, 10), col_int(line, ll, 11, 14),
                col_int(line, ll, 15, 18), ""};
    col_str(r, 4, 6, x.type, sizeof x.type);
    bool ok = strcmp(x.type, "+-") == 0 || strcmp(x.type, "-+") == 0 || strcmp(x.type, "--") == 0;
    if (!ok || x.round < 1 || x.round > TOUR_MAX_ROUNDS || x.white < 1 || x.other < 1)
        return false;
    f->ff = xrealloc(f->ff, ((size_t)f->n_ff + 1) * sizeof *f->ff);
    f->ff[f->n_ff++] = x;
    return true;
}

/* 162 (points of a game result, per board) and 362 (match points): the symbol at column 6
 * (362: the second letter of TW, TD, TL), its points at 7-10, every 9 columns. We score games
 * 1 / 0.5 / 0 (A, absence, 0) and matches 2 / 1 / 0 (T-SCORE): another point system is
 * refused (false); P, X and symbols we do not know are not read (the PAB's points are 320's). */
static bool read_points(std_file *f, const char *line, size_t ll)
{
    bool team = line[0] == '3';
    for (size_t at = 5; at + 1 < ll; at += 9) {
        char sym = (char)toupper((unsigned char)line[at]);
        int want2 = sym == 'W'            ? (team ? 4 : 2)
                    : sym == 'D'          ? (team ? 2 : 1)
                    : sym == 'L'          ? 0
                    : sym == 'A' && !team ? 0
                                          : -1;
        if (want2 >= 0 && col_half(line, ll, at + 1, at + 5) != want2)
            return false;
    }
    f->exact |= !team;
    return true;
}

/* The most players of one team with a game (played or forfeited, not a bye) in one round. */
static int most_boards(const std_file *f)
{
    int most = 0;
    for (int id = 1; id <= f->n_teams; id++)
        for (int k = 0; k < f->rounds && k < TOUR_MAX_ROUNDS; k++) {
            int n = 0;
            for (int i = 0; i < f->tm[id - 1].n; i++) {
                const std_entry *e = &f->pl[f->tm[id - 1].sno[i]].e[k];
                n += e->opp > 0 || e->res == '+' || e->res == '-';
            }
            most = n > most ? n : most;
        }
    return most;
}

/* 212 (TRF-2026: the tie-breaks that define the standings, PTS first): the C.07 codes we
 * compute become rs's tie-break list: MPVGP (game points, TB_GP), DE, WIN (matches won,
 * TB_WON), BH/C1, BH, and EMGSB, EMGSB/C1 (FIDE TEC's TieBreakServer's names of team SB with
 * the opponents' match points times the game points scored against them: TB_SB, TB_SB_C1). A record
 * with another code is not used (the list stays the default's): a partial list would rank
 * differently from the file's own. */
static void read_tiebreaks(tour_ruleset *rs, const char *line, size_t ll)
{
    static const struct {
        const char *code;
        int tb;
    } CODE[] = {{"MPVGP", TB_GP}, {"DE", TB_DE},    {"WIN", TB_WON},       {"BH/C1", TB_BH_C1},
                {"BH", TB_BH},    {"EMGSB", TB_SB}, {"EMGSB/C1", TB_SB_C1}};
    char text[256];
    snprintf(text, sizeof text, "%.*s", ll > 4 ? (int)(ll - 4) : 0, line + 4);
    int tb[TOUR_MAX_TB], n = 0;
    bool first = true;
    for (char *save = NULL, *w = strtok_r(text, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
        if (first && strcmp(w, "PTS") == 0) {
            first = false;
            continue;
        }
        first = false;
        size_t k = 0;
        while (k < BH_ARRAY_LEN(CODE) && strcmp(w, CODE[k].code) != 0)
            k++;
        if (k == BH_ARRAY_LEN(CODE) || n == TOUR_MAX_TB)
            return;
        tb[n++] = CODE[k].tb;
    }
    memcpy(rs->tb, tb, (size_t)n * sizeof *tb);
    rs->n_tb = n;
}

/* What team id's players say of round r (0-based ri). false (with *bad the line) when they
 * contradict each other: another opposing team, a bye beside a match, an unknown result. */
static bool read_side(const std_file *f, int id, int ri, std_side *s, int *bad)
{
    const std_team *tm = &f->tm[id - 1];
    memset(s, 0, sizeof *s);
    s->white = -1;
    int played = 0, ffw = 0, ffl = 0;
    for (int k = 0; k < tm->n; k++) {
        const std_player *p = &f->pl[tm->sno[k]];
        const std_entry *e = &p->e[ri];
        *bad = p->line;
        if (e->opp == 0 && e->res == ' ')
            continue;
        int kind = S_PLAYED, pts = 0, ot = 0;
        if (e->opp == 0 && e->res == '+') { /* the opposite seat was empty (club_trf: 0000 - +) */
            pts = 2, ffw++;
        } else if (e->opp == 0) {
            kind = e->res == 'U'   ? S_PAB
                   : e->res == 'H' ? S_HPB
                   : e->res == 'Z' ? S_ZPB
                   : e->res == 'F' ? S_FPB
                                   : S_NONE;
            if (kind == S_NONE)
                return false;
        } else {
            if (e->opp >= f->n_pl || !f->pl[e->opp].team || f->pl[e->opp].team == id)
                return false; /* the opponent must be in the opposing team */
            ot = f->pl[e->opp].team;
            switch (e->res) {
            case '1':
            case 'W': pts = 2, played++; break;
            case '=':
            case 'D': pts = 1, played++; break;
            case '0':
            case 'L': played++; break;
            case '+': pts = 2, ffw++; break;
            case '-': ffl++; break;
            default: return false;
            }
        }
        if (s->kind == S_NONE) {
            s->kind = kind;
            s->line = p->line;
        } else if (kind != s->kind || (ot && s->opp && ot != s->opp)) {
            return false; /* both players must agree on the opposing team or the bye */
        }
        if (ot)
            s->opp = ot;
        s->gp2 += pts;
        s->games++;
        /* Two players: boards alternate colours (P-TEAM). More (a club's or a league's roster
         * with reserves and substitutes, a knockout's two games a board): the listed order is
         * not the boards', so which team had White on board 1 is not read (white stays -1). */
        if ((e->col == 'w' || e->col == 'b') && tm->n <= 2) {
            int w = (e->col == 'w') ^ (k & 1);
            if (s->white >= 0 && s->white != w)
                return false;
            s->white = w;
        }
    }
    if (s->kind == S_PLAYED && !s->opp)
        return false; /* only empty seats opposite: the opposing team is not named */
    /* A match that every board lost or won by forfeit is a forfeited match; a board forfeit
     * beside played boards counts as a game won or lost. */
    if (s->kind == S_PLAYED && !played && (!ffw || !ffl))
        s->kind = ffw ? S_FFW : S_FFL;
    return true;
}

static const std_ff *find_ff(const std_file *f, int r, int a, int b)
{
    for (int i = 0; i < f->n_ff; i++)
        if (f->ff[i].round == r && ((f->ff[i].white == a && f->ff[i].other == b) ||
                                    (f->ff[i].white == b && f->ff[i].other == a)))
            return &f->ff[i];
    return NULL;
}

/* Games of a match from side a's game points x2 (wins first, then a draw, then losses): the
 * same game points and match result as the real games. The last `both` games are boards that
 * neither team filled (a club's board empty on both sides): lost by both (tour.h ff_games). */
static void set_games(tour_match *m, int gp2_a, int games, int both)
{
    for (int g = 0; g < games - both; g++) {
        int take = gp2_a >= 2 ? 2 : gp2_a;
        m->game[g] = (uint8_t)(take == 2 ? TOUR_G_WIN_A : take == 1 ? TOUR_G_DRAW : TOUR_G_WIN_B);
        gp2_a -= take;
    }
    for (int g = games - both; g < games; g++) {
        m->game[g] = TOUR_G_NONE;
        m->ff_games |= 1u << g;
    }
}

/* The matches of round r (1-based) into ms (*n), the requested byes into req (kind + 1 by
 * team, 0: none). BH_OK, or BH_EPARSE with *bad the line. */
static int build_round(const std_file *f, int r, int games, tour_match *ms, int *n, int *req,
                       int *bad)
{
    std_side *sd = xcalloc((size_t)f->n_teams + 1, sizeof *sd);
    int rc = BH_EPARSE;
    *n = 0;
    for (int id = 1; id <= f->n_teams; id++) {
        req[id] = 0;
        if (!read_side(f, id, r - 1, &sd[id], bad))
            goto done;
    }
    for (int id = 1; id <= f->n_teams; id++) {
        std_side *a = &sd[id];
        tour_match m;
        memset(&m, 0, sizeof m);
        m.a = id;
        bool pab = f->pab_line && f->pab[r] == id;
        *bad = a->line;
        if (a->kind == S_NONE) {
            if (!pab)
                continue;
            m.forfeit = TOUR_FF_A; /* a PAB given up (withdrawal): absent */
        } else if (a->kind >= S_PAB) {
            if (f->pab_line && (a->kind == S_PAB) != pab) {
                *bad = f->pab_line;
                goto done;
            }
            m.bye = (uint8_t)(a->kind == S_PAB   ? TOUR_BYE_PAB
                              : a->kind == S_HPB ? TOUR_BYE_HALF
                              : a->kind == S_FPB ? TOUR_BYE_FULL
                                                 : TOUR_BYE_ZERO);
            if (a->kind != S_PAB)
                req[id] = m.bye + 1;
        } else {
            const std_side *b = &sd[a->opp];
            if (pab) {
                *bad = f->pab_line;
                goto done;
            }
            if (a->opp < id)
                continue; /* made from the other side */
            /* The other team must name this one, with the other half of the result. */
            *bad = b->line ? b->line : a->line;
            bool ok = (b->kind == S_PLAYED || b->kind == S_FFW || b->kind == S_FFL) && b->opp == id;
            /* every board with a player on it gives the two sides 2 half-points between them
             * (a game, or a forfeit win against an empty seat): the boards short of that were
             * empty on both sides */
            int both = games - (a->gp2 + b->gp2) / 2;
            if (ok && a->kind == S_PLAYED)
                ok = b->kind == S_PLAYED && (a->gp2 + b->gp2) % 2 == 0 && both >= 0 &&
                     both < games && a->games <= games - both && b->games <= games - both;
            else if (ok)
                ok = b->kind != S_PLAYED && (a->kind == S_FFL || b->kind == S_FFL);
            if (ok && a->white >= 0 && b->white >= 0)
                ok = a->white != b->white;
            if (!ok)
                goto done;
            m.b = a->opp;
            m.white = a->white == 0 || b->white == 1 ? a->opp : id;
            if (a->kind == S_PLAYED) {
                set_games(&m, a->gp2, games, both);
            } else {
                m.forfeit = (uint8_t)(a->kind == S_FFL && b->kind == S_FFL ? TOUR_FF_BOTH
                                      : a->kind == S_FFL                   ? TOUR_FF_A
                                                                           : TOUR_FF_B);
                const std_ff *x = find_ff(f, r, id, a->opp);
                if (x) {
                    bool w_abs = x->type[0] == '-', o_abs = x->type[1] == '-';
                    bool a_abs = m.forfeit != TOUR_FF_B, b_abs = m.forfeit != TOUR_FF_A;
                    if ((x->white == id ? w_abs : o_abs) != a_abs ||
                        (x->white == id ? o_abs : w_abs) != b_abs) {
                        *bad = x->line;
                        goto done;
                    }
                    m.white = x->white;
                }
            }
        }
        ms[(*n)++] = m;
    }
    /* Every 330 record of this round names a forfeited match of it. */
    for (int i = 0; i < f->n_ff; i++) {
        const std_ff *x = &f->ff[i];
        bool found = false;
        for (int k = 0; x->round == r && k < *n; k++)
            found |= ms[k].forfeit && ms[k].b &&
                     ((ms[k].a == x->white && ms[k].b == x->other) ||
                      (ms[k].b == x->white && ms[k].a == x->other));
        if (x->round == r && !found) {
            *bad = x->line;
            goto done;
        }
    }
    rc = BH_OK;
done:
    free(sd);
    return rc;
}

/* ---- game points from the 310 totals ----
 * With two games a match, a won match that reads as a sweep (both players '1') was 2-0 or
 * 1.5-0.5. Taking half a point from the winner to the loser is a unit of flow along the edge
 * winner -> loser; each team must end at its 310 total: a maximum flow (Dinic) from the teams
 * with too many points to those with too few. The split is unique exactly when no residual
 * cycle exists; a match on a residual cycle (both ends in one strongly connected component)
 * could go either way. */

typedef struct {
    int n, m, cap_e;
    int *head, *to, *nxt, *cap; /* edges in pairs e, e ^ 1 */
    int *level, *it, *q;
} flow;

static int flow_edge(flow *g, int u, int v, int c)
{
    if (g->m + 2 > g->cap_e) {
        g->cap_e = g->cap_e ? 2 * g->cap_e : 256;
        g->to = xrealloc(g->to, (size_t)g->cap_e * sizeof *g->to);
        g->nxt = xrealloc(g->nxt, (size_t)g->cap_e * sizeof *g->nxt);
        g->cap = xrealloc(g->cap, (size_t)g->cap_e * sizeof *g->cap);
    }
    int e = g->m;
    g->to[e] = v, g->cap[e] = c, g->nxt[e] = g->head[u], g->head[u] = e;
    g->to[e + 1] = u, g->cap[e + 1] = 0, g->nxt[e + 1] = g->head[v], g->head[v] = e + 1;
    g->m += 2;
    return e;
}

static bool flow_bfs(flow *g, int s, int t)
{
    for (int v = 0; v < g->n; v++)
        g->level[v] = -1;
    int qh = 0, qt = 0;
    g->level[s] = 0;
    g->q[qt++] = s;
    while (qh < qt) {
        int u = g->q[qh++];
        for (int e = g->head[u]; e >= 0; e = g->nxt[e])
            if (g->cap[e] > 0 && g->level[g->to[e]] < 0) {
                g->level[g->to[e]] = g->level[u] + 1;
                g->q[qt++] = g->to[e];
            }
    }
    return g->level[t] >= 0;
}

static int flow_dfs(flow *g, int u, int t, int push)
{
    if (u == t)
        return push;
    for (; g->it[u] >= 0; g->it[u] = g->nxt[g->it[u]]) {
        int e = g->it[u], v = g->to[e];
        if (g->cap[e] <= 0 || g->level[v] != g->level[u] + 1)
            continue;
        int got = flow_dfs(g, v, t, push < g->cap[e] ? push : g->cap[e]);
        if (got > 0) {
            g->cap[e] -= got;
            g->cap[e ^ 1] += got;
            return got;
        }
    }
    return 0;
}

static int flow_max(flow *g, int s, int t)
{
    int total = 0;
    while (flow_bfs(g, s, t)) {
        memcpy(g->it, g->head, (size_t)g->n * sizeof *g->it);
        for (int got; (got = flow_dfs(g, s, t, 1 << 30)) > 0;)
            total += got;
    }
    return total;
}

/* Strongly connected components of the residual graph on vertices 1..n (iterative Tarjan);
 * comp[v] is the component of v. */
static void residual_scc(const flow *g, int n, int *comp)
{
    int *idx = xmalloc(((size_t)n + 1) * sizeof *idx),
        *low = xmalloc(((size_t)n + 1) * sizeof *low);
    int *stk = xmalloc(((size_t)n + 1) * sizeof *stk),
        *call = xmalloc(((size_t)n + 1) * sizeof *call);
    int *eit = xmalloc(((size_t)n + 1) * sizeof *eit);
    bool *on = xcalloc((size_t)n + 1, sizeof *on);
    int next = 0, sp = 0, n_comp = 0;
    for (int v = 0; v <= n; v++)
        idx[v] = -1;
    for (int root = 1; root <= n; root++) {
        if (idx[root] >= 0)
            continue;
        int cp = 0;
        call[cp++] = root;
        idx[root] = low[root] = next++;
        stk[sp++] = root, on[root] = true, eit[root] = g->head[root];
        while (cp) {
            int v = call[cp - 1], e = eit[v];
            if (e >= 0) {
                eit[v] = g->nxt[e];
                int w = g->to[e];
                if (w < 1 || w > n || g->cap[e] <= 0)
                    continue; /* source, sink, or no residual capacity */
                if (idx[w] < 0) {
                    idx[w] = low[w] = next++;
                    stk[sp++] = w, on[w] = true, eit[w] = g->head[w];
                    call[cp++] = w;
                } else if (on[w] && idx[w] < low[v]) {
                    low[v] = idx[w];
                }
                continue;
            }
            cp--;
            if (cp && low[v] < low[call[cp - 1]])
                low[call[cp - 1]] = low[v];
            if (low[v] == idx[v]) {
                int w;
                do {
                    w = stk[--sp];
                    on[w] = false;
                    comp[w] = n_comp;
                } while (w != v);
                n_comp++;
            }
        }
    }
    free(idx), free(low), free(stk), free(call), free(eit), free(on);
}

/* Fit the game points of the sweeps to the 310 totals (games == 2). Sets info->gp_open and
 * info->gp_fit; changes the games of the matches that were 1.5-0.5. With a 162 record the
 * entries are exact: nothing is open, and the totals are only checked. */
static void fit_gp(tour *t, const std_file *f, trf_info *info)
{
    int n = tour_n_teams(t), R = tour_n_rounds(t), n_var = 0;
    bool totals = f->n_teams > 0;
    for (int id = 1; id <= n; id++)
        totals &= f->tm[id - 1].gp2_total >= 0;
    if (f->exact) {
        info->gp_open = 0;
        info->gp_fit = totals;
        for (int id = 1; id <= n && totals; id++)
            info->gp_fit &= f->tm[id - 1].gp2_total == tour_team_gp2(t, id, -1);
        return;
    }
    flow g = {n + 2, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    g.head = xmalloc((size_t)g.n * sizeof *g.head);
    g.level = xmalloc((size_t)g.n * sizeof *g.level);
    g.it = xmalloc((size_t)g.n * sizeof *g.it);
    g.q = xmalloc((size_t)g.n * sizeof *g.q);
    for (int v = 0; v < g.n; v++)
        g.head[v] = -1;
    int *var = NULL; /* per variable match: round, match index, edge */
    for (int r = 1; r <= R; r++)
        for (int i = 0; i < tour_round_size(t, r); i++) {
            const tour_match *m = tour_round_match(t, r, i);
            tour_slot x;
            tour_slot_get(t, m->a, r, &x);
            if (tour_rules(t)->games != 2 || !m->b || x.kind != TOUR_SLOT_PLAYED ||
                (x.gp2 != 0 && x.gp2 != 4))
                continue;
            int w = x.gp2 ? m->a : m->b, l = x.gp2 ? m->b : m->a;
            var = xrealloc(var, ((size_t)n_var + 1) * 3 * sizeof *var);
            var[3 * n_var] = r, var[3 * n_var + 1] = i, var[3 * n_var + 2] = flow_edge(&g, w, l, 1);
            n_var++;
        }
    info->gp_open = n_var;
    info->gp_fit = false;
    if (!totals)
        goto done;
    int need = 0, sum = 0;
    for (int id = 1; id <= n; id++) {
        int d = f->tm[id - 1].gp2_total - tour_team_gp2(t, id, -1);
        sum += d;
        if (d < 0)
            flow_edge(&g, 0, id, -d);
        else if (d > 0)
            flow_edge(&g, id, n + 1, d), need += d;
    }
    if (sum != 0 || flow_max(&g, 0, n + 1) != need)
        goto done; /* the totals cannot be met: the sweeps stay */
    info->gp_fit = true;
    int *comp = xmalloc(((size_t)n + 1) * sizeof *comp);
    residual_scc(&g, n, comp);
    info->gp_open = 0;
    for (int k = 0; k < n_var; k++) {
        int r = var[3 * k], i = var[3 * k + 1], e = var[3 * k + 2];
        int w = g.to[e + 1], l = g.to[e];
        info->gp_open += comp[w] == comp[l];
        if (g.cap[e] == 0) { /* one unit moved: 1.5-0.5 */
            const tour_match *m = tour_round_match(t, r, i);
            tour_set_game(t, r, i, 0, m->a == w ? TOUR_G_WIN_A : TOUR_G_WIN_B);
            tour_set_game(t, r, i, 1, TOUR_G_DRAW);
        }
    }
    free(comp);
done:
    free(var);
    free(g.head), free(g.to), free(g.nxt), free(g.cap), free(g.level), free(g.it), free(g.q);
}

/* The line of the file's first player record (001), 1 if it has none: where a refusal of the
 * whole points. */
static int first_player_line(const std_file *f)
{
    for (int i = 0; i < f->n_pl; i++)
        if (f->pl[i].line)
            return f->pl[i].line;
    return 1;
}

int trf__import_std(const char *text, const tour_ruleset *rs0, int planned, tour **out,
                    int *err_line, trf_info *info)
{
    std_file f;
    memset(&f, 0, sizeof f);
    tour_ruleset rs = *rs0;
    tour *t = NULL;
    tour_match *ms = NULL;
    int *req = NULL, *first = NULL, *last = NULL;
    int line_no = 0, bad = 0, rc = BH_EPARSE;
    bool has_310 = strstr(text, "\n310") || strncmp(text, "310", 3) == 0;
    char(*names)[TOUR_NAME_LEN] = NULL;
    std_rec *rec = xmalloc(sizeof *rec); /* 9 KB: off the stack */
    /* Pass 1: players, 320, 330; pass 2: the teams (they name players). */
    for (int pass = 1; pass <= 2; pass++) {
        line_no = 0;
        for (const char *p = text; *p;) {
            size_t ll = strcspn(p, "\n");
            const char *next = p + ll + (p[ll] == '\n');
            if (ll && p[ll - 1] == '\r')
                ll--;
            rec_init(rec, p, ll);
            const char *line = rec->line;
            line_no++;
            p = next;
            bool ok = true;
            if (pass == 1 && strncmp(line, "001", 3) == 0)
                ok = read_player(&f, rec, line_no);
            else if (pass == 1 && strncmp(line, "320", 3) == 0)
                ok = read_pab(&f, line, rec->ll, line_no);
            else if (pass == 1 && strncmp(line, "330", 3) == 0)
                ok = read_ff(&f, rec, line_no);
            else if (pass == 1 && (strncmp(line, "162", 3) == 0 || strncmp(line, "362", 3) == 0))
                ok = read_points(&f, line, rec->ll);
            else if (pass == 2 && strncmp(line, has_310 ? "310" : "013", 3) == 0) {
                names = xrealloc(names, ((size_t)f.n_teams + 1) * sizeof *names);
                int trc = read_team(&f, rec, line_no, names[f.n_teams], sizeof *names);
                ok = trc == BH_OK;
                rc = ok ? rc : trc;
            } else if (pass == 1 && strncmp(line, "212", 3) == 0) {
                read_tiebreaks(&rs, line, rec->ll);
            }
            if (!ok) {
                bad = line_no;
                goto fail;
            }
        }
    }
    /* Games a match: two (T-DOUBLE) for two boards; a file whose teams list more players has
     * a game per board: the most players of one team with a game in one round (a club's or a
     * league's roster lists its reserves too), or the players listed before any round. */
    int boards = 2;
    for (int id = 1; id <= f.n_teams; id++)
        boards = f.tm[id - 1].n > boards ? f.tm[id - 1].n : boards;
    if (boards > 2 && f.rounds > 0)
        boards = most_boards(&f);
    rs.games = boards > 2 ? boards : rs0->games;
    if (f.pab_line) {
        rs.bye_mp = f.pab_mp2 / 2;
        rs.bye_gp2 = f.pab_gp2;
    }
    t = tour_new(&rs);
    for (int id = 1; id <= f.n_teams; id++) {
        const std_team *tm = &f.tm[id - 1];
        const std_player *c = tm->n > 0 ? &f.pl[tm->sno[0]] : NULL;
        const std_player *q = tm->n > 1 ? &f.pl[tm->sno[1]] : NULL;
        rc = tour_add_team(t, names[id - 1], c ? c->name : "", q ? q->name : "", c ? c->rating : 0,
                           q ? q->rating : 0, NULL);
        if (rc != BH_OK) {
            bad = tm->line;
            goto fail;
        }
    }
    int R = f.rounds;
    for (int r = 1; r <= TOUR_MAX_ROUNDS; r++)
        if (f.pab[r] && r > R)
            R = r;
    for (int i = 0; i < f.n_ff; i++)
        if (f.ff[i].round > R || f.ff[i].white > f.n_teams || f.ff[i].other > f.n_teams) {
            bad = f.ff[i].line;
            rc = BH_EPARSE;
            goto fail;
        }
    /* Started (the team numbers are the file's pairing numbers, tour_start never renumbers
     * them) when a round was played, or when the file plans rounds (142, mandatory for
     * in-tournament data exchange, TRF-2026) for two teams or more: round 1 can be paired.
     * Without either it is a registration list. */
    if (R > 0 && f.n_teams < 2) { /* rounds played by fewer than two teams: no event */
        bad = first_player_line(&f);
        rc = BH_EPARSE;
        goto fail;
    }
    bool started = R > 0 || (planned > 0 && f.n_teams >= 2);
    if (planned < R)
        planned = R;
    tour__set_plan(t, planned, TOUR_SWISS, started);
    ms = xmalloc(((size_t)f.n_teams + 1) * sizeof *ms);
    req = xcalloc((size_t)f.n_teams + 1, sizeof *req);
    first = xcalloc((size_t)f.n_teams + 1, sizeof *first);
    last = xcalloc((size_t)f.n_teams + 1, sizeof *last);
    for (int r = 1; r <= R; r++) {
        int n = 0;
        if ((rc = build_round(&f, r, rs.games, ms, &n, req, &bad)) != BH_OK)
            goto fail;
        if (n == 0) { /* a round whose entries pair no team of the file's teams */
            rc = BH_EPARSE;
            bad = first_player_line(&f);
            goto fail;
        }
        for (int id = 1; id <= f.n_teams; id++)
            if (req[id] && (rc = tour_request_bye(t, id, r, (tour_bye)(req[id] - 1))) != BH_OK)
                goto fail;
        for (int i = 0; i < n; i++) {
            int ids[2] = {ms[i].a, ms[i].b};
            for (int k = 0; k < 2 && ids[k]; k++) {
                first[ids[k]] = first[ids[k]] ? first[ids[k]] : r;
                /* A PAB given up ends the team's tournament in that round. */
                last[ids[k]] = ms[i].b == 0 && ms[i].forfeit ? -r : r;
            }
        }
        if ((rc = tour_add_round(t, ms, n)) != BH_OK) {
            bad = 0;
            goto fail;
        }
    }
    /* Entry: the first round a team is in; withdrawal: after the last (a team that is in no
     * round of a started event entered after the last round). */
    for (int id = 1; id <= f.n_teams && R > 0; id++) {
        int l = last[id] < 0 ? -last[id] : last[id];
        int wd = last[id] < 0 ? l : l && l < R ? l + 1 : 0;
        tour__set_team_rounds(t, id, first[id] ? first[id] : R + 1, wd);
    }
    trf_info dummy;
    trf_info *in = info ? info : &dummy;
    memset(in, 0, sizeof *in);
    in->std = true;
    in->rounds = R;
    fit_gp(t, &f, in);
    *out = t;
    t = NULL;
    rc = BH_OK;
fail:
    if (rc != BH_OK && err_line)
        *err_line = bad;
    tour_free(t);
    free(ms), free(req), free(first), free(last), free(names), free(rec);
    free(f.pl), free(f.tm), free(f.ff);
    return rc;
}
