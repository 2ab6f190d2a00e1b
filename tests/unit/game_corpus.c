/* game_corpus.c: load the real games of tests/data/games (FICS BPGN, MbProg CSV, chess.com
 * JSON pairs) as BPGN streams, and replay them through the game model with checks.
 * SPDX-License-Identifier: MIT
 * chess.com stores each board alone; the cross-board order is rebuilt from the clocks, and
 * where clock ties (0.1 s) leave it open a depth-first search keeps every move and drop
 * legal (FORMAT.md section 3). cJSON is used here only: never in bh_game. */
#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_corpus.h"
#include "xalloc.h"

const char *corpus_source_name(int source)
{
    static const char *const names[] = {"FICS BPGN", "FICS CSV", "chess.com JSON"};
    return source >= 0 && source < CORPUS_NSOURCES ? names[source] : "?";
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = xmalloc(cap);
    size_t r;
    while ((r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (n + 1 == cap)
            buf = xrealloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

static void add_tag(bpgn_game *bg, const char *name, const char *value)
{
    bg->tags = xrealloc(bg->tags, (bg->ntags + 1) * sizeof *bg->tags);
    bpgn_tag *t = &bg->tags[bg->ntags++];
    snprintf(t->name, sizeof t->name, "%s", name);
    snprintf(t->value, sizeof t->value, "%s", value);
}

static bpgn_item *add_item(bpgn_game *bg)
{
    bg->items = xrealloc(bg->items, (bg->nitems + 1) * sizeof *bg->items);
    bpgn_item *it = &bg->items[bg->nitems++];
    memset(it, 0, sizeof *it);
    it->seat = -1;
    it->clock_ms = -1;
    return it;
}

static corpus_game *grow(corpus_game **v, size_t *n)
{
    *v = xrealloc(*v, (*n + 1) * sizeof **v);
    corpus_game *c = &(*v)[(*n)++];
    memset(c, 0, sizeof *c);
    c->loser_seat = -1;
    c->winner = -1;
    return c;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted file names in dir ending in ext; caller frees each and the array. */
static size_t list_dir(const char *dir, const char *ext, char ***out)
{
    DIR *d = opendir(dir);
    size_t n = 0;
    *out = NULL;
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name), k = strlen(ext);
        if (l > k && strcmp(e->d_name + l - k, ext) == 0) {
            *out = xrealloc(*out, (n + 1) * sizeof **out);
            (*out)[n++] = xstrdup(e->d_name);
        }
    }
    closedir(d);
    qsort(*out, n, sizeof **out, cmp_str);
    return n;
}

static void free_list(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* The closing comment "X checkmated / forfeits on time / resigns" -> end and loser. */
static void fics_end(corpus_game *c)
{
    const bpgn_game *bg = &c->bg;
    const bpgn_item *last = bg->nitems ? &bg->items[bg->nitems - 1] : NULL;
    if (!last || last->seat >= 0)
        return;
    static const char *const tags[] = {"WhiteA", "BlackA", "WhiteB", "BlackB"};
    for (int s = 0; s < 4; s++) {
        const char *name = bpgn_get_tag(bg, tags[s]);
        size_t n = name ? strlen(name) : 0;
        if (!n || strncmp(last->text, name, n) != 0 || last->text[n] != ' ')
            continue;
        const char *verb = last->text + n + 1;
        c->end = strcmp(verb, "checkmated") == 0         ? GAME_END_MATE
                 : strcmp(verb, "forfeits on time") == 0 ? GAME_END_FLAG
                 : strcmp(verb, "resigns") == 0          ? GAME_END_RESIGN
                                                         : GAME_END_NONE;
        if (c->end != GAME_END_NONE)
            c->loser_seat = s;
    }
    int w;
    if (bpgn_team_result(bg, &w) == BH_OK)
        c->winner = w;
}

static void load_bpgn(const char *dir, corpus_game **v, size_t *n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/fics-bpgn", dir);
    char **files;
    size_t nf = list_dir(path, ".bpgn", &files);
    for (size_t i = 0; i < nf; i++) {
        corpus_game *c = grow(v, n);
        c->source = CORPUS_FICS_BPGN;
        snprintf(c->name, sizeof c->name, "fics-bpgn/%s", files[i]);
        snprintf(path, sizeof path, "%s/fics-bpgn/%s", dir, files[i]);
        size_t len;
        char *text = read_file(path, &len);
        if (!text || bpgn_parse(text, len, &c->bg, NULL) != BH_OK) {
            c->load_error = true;
            snprintf(c->error, sizeof c->error, "cannot read or parse");
        } else {
            fics_end(c);
        }
        free(text);
    }
    free_list(files, nf);
}

/* A movetext ending in '#': mate by its mover. */
static void mate_from_last_move(corpus_game *c)
{
    for (size_t i = c->bg.nitems; i-- > 0;) {
        const bpgn_item *it = &c->bg.items[i];
        if (it->seat < 0)
            continue;
        size_t l = strlen(it->text);
        if (l && it->text[l - 1] == '#') {
            c->end = GAME_END_MATE;
            c->loser_seat = it->seat ^ 1;
            c->winner = game_team_of(it->seat);
        }
        return;
    }
}

static void load_csv(const char *dir, corpus_game **v, size_t *n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/fics-csv/bughouse_dataset.csv", dir);
    size_t len;
    char *t = read_file(path, &len);
    if (!t)
        return;
    size_t i = 0;
    int rec = 0;
    while (i < len) {
        while (i < len && (t[i] == '\r' || t[i] == '\n' || t[i] == ',' || t[i] == ' '))
            i++;
        if (i >= len)
            break;
        long secs = 0;
        while (i < len && t[i] >= '0' && t[i] <= '9')
            secs = secs * 10 + (t[i++] - '0');
        if (i + 1 >= len || t[i] != ',' || t[i + 1] != '"')
            break;
        i += 2;
        /* The quoted field; "" is an escaped quote. */
        char *field = xmalloc(len - i + 1);
        size_t fn = 0;
        while (i < len) {
            if (t[i] == '"' && i + 1 < len && t[i + 1] == '"') {
                field[fn++] = '"';
                i += 2;
            } else if (t[i] == '"') {
                i++;
                break;
            } else {
                field[fn++] = t[i++];
            }
        }
        rec++;
        corpus_game *c = grow(v, n);
        c->source = CORPUS_FICS_CSV;
        snprintf(c->name, sizeof c->name, "fics-csv/bughouse_dataset.csv#%d", rec);
        if (bpgn_parse(field, fn, &c->bg, NULL) != BH_OK) {
            c->load_error = true;
            snprintf(c->error, sizeof c->error, "movetext does not parse");
        } else {
            char tc[32];
            snprintf(tc, sizeof tc, "%ld+0", secs);
            add_tag(&c->bg, "TimeControl", tc);
            mate_from_last_move(c);
        }
        free(field);
    }
    free(t);
}

/* ---- chess.com ------------------------------------------------------------------------ */

#define CC_MAXP 512

typedef struct cc_board {
    char id[64], uuid[64], partner[64];
    char white[64], black[64];
    char end[32]; /* gameEndReason */
    int winner;   /* 0 white, 1 black, -1 none */
    int base_ds, inc_ds;
    int n;
    char uci[CC_MAXP][8];
    int rem[CC_MAXP]; /* mover's remaining after the ply (ds) */
    int t[CC_MAXP];   /* board time of the ply (ds since start) */
} cc_board;

static const char tcn_alpha[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!?{~}(^)[_]@#$,./&-*++=";

static int tcn_index(char ch)
{
    const char *p = strchr(tcn_alpha, ch);
    return p && ch ? (int)(p - tcn_alpha) : -1;
}

static void sq_name(int sq, char *out)
{
    out[0] = (char)('a' + sq % 8);
    out[1] = (char)('1' + sq / 8);
}

/* One TCN ply (2 chars) -> UCI. Returns false on a bad code. */
static bool tcn_to_uci(const char *p, char *uci)
{
    static const char drops[] = "&-*+=";
    static const char drop_piece[] = "QNRBP";
    const char *d = strchr(drops, p[0]);
    if (d && p[0]) {
        int to = tcn_index(p[1]);
        if (to < 0 || to > 63)
            return false;
        uci[0] = drop_piece[d - drops];
        uci[1] = '@';
        sq_name(to, uci + 2);
        uci[4] = '\0';
        return true;
    }
    int from = tcn_index(p[0]), to = tcn_index(p[1]);
    if (from < 0 || from > 63 || to < 0)
        return false;
    char promo = 0;
    if (to > 63) {
        promo = "qnrbkp"[(to - 64) / 3];
        int step = (to - 64) % 3 - 1;
        int dir = from / 8 == 6 ? 8 : -8;
        to = from + dir + step;
    }
    sq_name(from, uci);
    sq_name(to, uci + 2);
    uci[4] = promo;
    uci[5] = '\0';
    return true;
}

static void json_str(const cJSON *o, const char *key, char *out, size_t cap)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsString(v))
        snprintf(out, cap, "%s", v->valuestring);
    else if (cJSON_IsNumber(v))
        snprintf(out, cap, "%.0f", v->valuedouble);
    else
        out[0] = '\0';
}

static bool load_cc_board(const char *path, cc_board *b)
{
    size_t len;
    char *text = read_file(path, &len);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(root, "game");
    if (!g) {
        cJSON_Delete(root);
        return false;
    }
    memset(b, 0, sizeof *b);
    json_str(g, "id", b->id, sizeof b->id);
    json_str(g, "uuid", b->uuid, sizeof b->uuid);
    json_str(g, "partnerGameId", b->partner, sizeof b->partner);
    json_str(g, "gameEndReason", b->end, sizeof b->end);
    char tmp[32];
    json_str(g, "colorOfWinner", tmp, sizeof tmp);
    b->winner = strcmp(tmp, "white") == 0 ? 0 : strcmp(tmp, "black") == 0 ? 1 : -1;
    const cJSON *h = cJSON_GetObjectItemCaseSensitive(g, "pgnHeaders");
    json_str(h, "White", b->white, sizeof b->white);
    json_str(h, "Black", b->black, sizeof b->black);
    json_str(g, "baseTime1", tmp, sizeof tmp);
    b->base_ds = atoi(tmp);
    json_str(g, "timeIncrement1", tmp, sizeof tmp);
    b->inc_ds = atoi(tmp);
    const cJSON *ml = cJSON_GetObjectItemCaseSensitive(g, "moveList");
    const cJSON *ts = cJSON_GetObjectItemCaseSensitive(g, "moveTimestamps");
    bool ok = cJSON_IsString(ml) && cJSON_IsString(ts);
    if (ok) {
        size_t l = strlen(ml->valuestring);
        b->n = (int)(l / 2);
        ok = l % 2 == 0 && b->n < CC_MAXP;
        for (int k = 0; ok && k < b->n; k++)
            ok = tcn_to_uci(ml->valuestring + 2 * k, b->uci[k]);
        const char *p = ts->valuestring;
        int last[2] = {b->base_ds, b->base_ds}, clock = 0;
        for (int k = 0; ok && k < b->n; k++) {
            char *end;
            long v = strtol(p, &end, 10);
            ok = end != p;
            p = *end == ',' ? end + 1 : end;
            b->rem[k] = (int)v;
            clock += last[k & 1] + b->inc_ds - (int)v; /* time this ply took */
            last[k & 1] = (int)v;
            b->t[k] = clock;
        }
    }
    cJSON_Delete(root);
    return ok;
}

typedef struct cc_merge {
    const cc_board *b[2];
    int tol;
    long budget;
    uint8_t order[2 * CC_MAXP];     /* board of each merged ply */
    uint8_t dead[CC_MAXP][CC_MAXP]; /* (i, j) known to have no legal completion */
} cc_merge;

static bool apply_ply(bh_pos pos[2], int board, const char *uci, int ply)
{
    bh_move m;
    if (bh_parse_uci(&pos[board], uci, &m) != BH_OK)
        return false;
    bh_undo u;
    bh_make(&pos[board], m, &u);
    int handed = bh_undo_handed(&u);
    if (handed != BH_NO_PIECE) {
        int seat = board * 2 + (ply & 1);
        int partner = game_partner_of(seat);
        bh_reserve_add(&pos[partner >> 1], (bh_color)(partner & 1), handed);
    }
    return true;
}

/* Depth-first: take the ply with the earlier board time; within tol of each other, try both
 * (earlier first). A branch dies when a move or drop is not legal. The positions after i
 * plies of A and j of B do not depend on the interleaving (each reserve is the partner's
 * first captures minus one's own drops), so a dead (i, j) stays dead: memoized. */
static bool merge(cc_merge *m, int i, int j, const bh_pos pos_in[2])
{
    const cc_board *a = m->b[0], *b = m->b[1];
    if (i == a->n && j == b->n)
        return true;
    if (m->dead[i][j] || --m->budget < 0)
        return false;
    int cand[2], nc = 0;
    bool can_a = i < a->n && (j == b->n || a->t[i] <= b->t[j] + m->tol);
    bool can_b = j < b->n && (i == a->n || b->t[j] <= a->t[i] + m->tol);
    bool a_first = !can_b || (can_a && a->t[i] <= b->t[j]);
    if (a_first) {
        if (can_a)
            cand[nc++] = 0;
        if (can_b)
            cand[nc++] = 1;
    } else {
        cand[nc++] = 1;
        if (can_a)
            cand[nc++] = 0;
    }
    for (int k = 0; k < nc; k++) {
        bh_pos pos[2] = {pos_in[0], pos_in[1]};
        int bd = cand[k], ply = bd == 0 ? i : j;
        if (!apply_ply(pos, bd, m->b[bd]->uci[ply], ply))
            continue;
        m->order[i + j] = (uint8_t)bd;
        if (merge(m, i + (bd == 0), j + (bd == 1), pos))
            return true;
    }
    m->dead[i][j] = 1;
    return false;
}

static void cc_game(corpus_game *c, const cc_board *dec, const cc_board *other)
{
    cc_merge *m = xcalloc(1, sizeof *m);
    m->b[0] = dec;
    m->b[1] = other;
    bool ok = false;
    bh_options o = {BH_MODEL_BUGHOUSE, false};
    /* Exact ties first, then wider windows: the 2017 pair needs 10 s, its two boards' clocks
     * drift apart (per-board lag compensation). */
    static const int tols[] = {0, 1, 2, 3, 5, 10, 20, 30, 50, 100};
    for (size_t k = 0; k < BH_ARRAY_LEN(tols) && !ok; k++) {
        int tol = tols[k];
        bh_pos pos[2];
        bh_pos_start(&pos[0], &o);
        bh_pos_start(&pos[1], &o);
        m->tol = tol;
        m->budget = 200000;
        memset(m->dead, 0, sizeof m->dead);
        ok = merge(m, 0, 0, pos);
        c->order_tol_ds = tol;
    }
    if (!ok) {
        c->load_error = true;
        snprintf(c->error, sizeof c->error, "no cross-board order keeps every move legal");
        free(m);
        return;
    }
    bpgn_game *bg = &c->bg;
    add_tag(bg, "WhiteA", dec->white);
    add_tag(bg, "BlackA", dec->black);
    add_tag(bg, "WhiteB", other->white);
    add_tag(bg, "BlackB", other->black);
    char tc[32];
    snprintf(tc, sizeof tc, "%d+%d", dec->base_ds / 10, dec->inc_ds / 10);
    add_tag(bg, "TimeControl", tc);
    int idx[2] = {0, 0};
    for (int k = 0; k < dec->n + other->n; k++) {
        int bd = m->order[k], ply = idx[bd]++;
        bpgn_item *it = add_item(bg);
        it->seat = bd * 2 + (ply & 1);
        it->number = ply / 2 + 1;
        it->clock_ms = (int64_t)m->b[bd]->rem[ply] * 100;
        snprintf(it->text, sizeof it->text, "%s", m->b[bd]->uci[ply]);
    }
    free(m);
    int loser = dec->winner == 0 ? GAME_A_BLACK : GAME_A_WHITE;
    c->loser_seat = loser;
    c->winner = 3 - game_team_of(loser);
    const char *name = loser == GAME_A_WHITE ? dec->white : dec->black;
    if (strcmp(dec->end, "checkmated") == 0) {
        c->end = GAME_END_MATE;
    } else if (strcmp(dec->end, "timeout") == 0) {
        c->end = GAME_END_FLAG;
        snprintf(add_item(bg)->text, BPGN_TEXT_MAX, "%s forfeits on time", name);
    } else if (strcmp(dec->end, "resigned") == 0) {
        c->end = GAME_END_RESIGN;
        snprintf(add_item(bg)->text, BPGN_TEXT_MAX, "%s resigns", name);
    }
    snprintf(bg->result, sizeof bg->result, "%s", c->winner == GAME_TEAM_1 ? "1-0" : "0-1");
}

static void load_chesscom(const char *dir, corpus_game **v, size_t *n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/chesscom-json", dir);
    char **files;
    size_t nf = list_dir(path, ".json", &files);
    cc_board *boards = xcalloc(nf ? nf : 1, sizeof *boards);
    bool *have = xcalloc(nf ? nf : 1, sizeof *have);
    for (size_t i = 0; i < nf; i++) {
        snprintf(path, sizeof path, "%s/chesscom-json/%s", dir, files[i]);
        have[i] = load_cc_board(path, &boards[i]); /* the index files have no "game" */
    }
    for (size_t i = 0; i < nf; i++) {
        if (!have[i] || strcmp(boards[i].end, "bughousepartnerlose") == 0)
            continue;
        corpus_game *c = grow(v, n);
        c->source = CORPUS_CHESSCOM;
        snprintf(c->name, sizeof c->name, "chesscom-json/%s", files[i]);
        size_t j = 0;
        for (; j < nf; j++)
            if (j != i && have[j] &&
                (strcmp(boards[j].id, boards[i].partner) == 0 ||
                 strcmp(boards[j].uuid, boards[i].partner) == 0))
                break;
        if (j == nf) {
            c->load_error = true;
            snprintf(c->error, sizeof c->error, "partner board file not found");
            continue;
        }
        cc_game(c, &boards[i], &boards[j]);
    }
    free(boards);
    free(have);
    free_list(files, nf);
}

size_t corpus_load(const char *dir, corpus_game **out)
{
    corpus_game *v = NULL;
    size_t n = 0;
    load_bpgn(dir, &v, &n);
    load_csv(dir, &v, &n);
    load_chesscom(dir, &v, &n);
    *out = v;
    return n;
}

void corpus_free(corpus_game *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        bpgn_game_fini(&c[i].bg);
    free(c);
}

int corpus_replay(const corpus_game *c, game **out, char *err, size_t errlen)
{
    if (c->load_error) {
        snprintf(err, errlen, "%s", c->error);
        return BH_EPARSE;
    }
    game_rules online;
    game_rules_online(&online);
    game *g = NULL;
    size_t bad = 0;
    int rc = bpgn_import(&c->bg, &online, 1000000, &g, &bad);
    if (rc != BH_OK) {
        const bpgn_item *it = bad < c->bg.nitems ? &c->bg.items[bad] : NULL;
        snprintf(err, errlen, "item %zu (%d%c. %s) does not replay: %s", bad, it ? it->number : 0,
                 it && it->seat >= 0 ? "AaBb"[it->seat] : '?', it ? it->text : "", bh_errname(rc));
        return rc;
    }
    const game_result *r = game_get_result(g);
    rc = BH_ESTATE;
    if (c->end == GAME_END_NONE && r) {
        snprintf(err, errlen, "ended (%s by %s) where the record goes on", game_end_name(r->reason),
                 game_seat_name(r->seat));
    } else if (c->end != GAME_END_NONE && !r) {
        snprintf(err, errlen, "still running; the record says %s", game_end_name(c->end));
    } else if (r && (r->reason != c->end || r->seat != c->loser_seat)) {
        snprintf(err, errlen, "ended by %s of %s; the record says %s of %s",
                 game_end_name(r->reason), game_seat_name(r->seat), game_end_name(c->end),
                 game_seat_name(c->loser_seat));
    } else if (r && c->winner >= 0 && r->winner != c->winner) {
        snprintf(err, errlen, "winner %d, the record says %d", r->winner, c->winner);
    } else {
        rc = BH_OK;
    }
    if (rc == BH_OK && c->source != CORPUS_CHESSCOM) {
        /* Our SAN (with + and #, P-MATE) is the SAN written in the record. */
        size_t np, k = 0;
        const game_ply *pl = game_plies(g, &np);
        for (size_t i = 0; i < c->bg.nitems && rc == BH_OK; i++) {
            const bpgn_item *it = &c->bg.items[i];
            if (it->seat < 0)
                continue;
            if (k >= np || strcmp(pl[k].san, it->text) != 0) {
                snprintf(err, errlen, "ply %zu: our SAN %s, record %s", k, k < np ? pl[k].san : "-",
                         it->text);
                rc = BH_ESTATE;
            }
            k++;
        }
    }
    if (rc != BH_OK || !out)
        game_free(g);
    else
        *out = g;
    return rc;
}
