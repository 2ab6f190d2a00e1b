/* test_ws_play.c: four clients play a short game to mate over wss, a spectator sees every
 * move, and the result, the moves and a BPGN that replays are in the database.
 * SPDX-License-Identifier: MIT
 * The game: board A, Scholar's mate (1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6 4.Qxf7#, a contact mate, so
 * P-MATE holds in bughouse too); board B: 1.d4 d5. Regulation rules: the mate opens the 2 s
 * settle window (R-SETTLE) and the result comes from the server's timer. */
#include <sys/stat.h>

#include "bpgn.h"
#include "game.h"
#include "itest.h"
#include "store.h"

static const char *bin;

typedef struct {
    int n;
    char text[16][200];
} rows;

static int ev_row(void *ctx, const store_event *e)
{
    rows *r = ctx;
    if (r->n < 16 && strcmp(e->kind, "move") == 0)
        snprintf(r->text[r->n++], 200, "%d:%s", e->seat, e->text ? e->text : "");
    return 0;
}

typedef struct {
    char result[16], reason[32];
    char *bpgn;
    int status;
} grow_;

static int game_row(void *ctx, const store_game *g)
{
    grow_ *x = ctx;
    snprintf(x->result, sizeof x->result, "%s", g->result ? g->result : "");
    snprintf(x->reason, sizeof x->reason, "%s", g->reason ? g->reason : "");
    x->bpgn = g->bpgn ? strdup(g->bpgn) : NULL;
    x->status = g->status;
    return 0;
}

static void play_to_mate(void)
{
    itest_srv s;
    itest_init(&s, bin);
    const char *args[] = {"--rules", "regulation", NULL};
    CHECK_MSG(itest_start(&s, args) == 0, "server did not start");
    wsc_ctx *x = wsc_ctx_new();
    itest_game g = {0};
    CHECK_EQ_INT("create", 0, itest_create_game(x, &s, &g, 60000, false));

    /* The spectator joins first, without a token. */
    wsc *spec = itest_connect(x, &s, NULL);
    char msg[128];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"id\":5,\"game\":%lld}", g.game);
    CHECK_CALL_TYPE(spec, msg, "state");
    for (int seat = 0; seat < 4; seat++) {
        char *st = itest_seat(x, &s, &g, seat);
        char role[16];
        CHECK_EQ_STR("player role", "player", jstr(st, "role", role, sizeof role));
        CHECK_EQ_INT("you", seat, jint(st, "you", -9));
        free(st);
    }
    /* All four seats connected: the game starts by itself. */
    char *start = wsc_recv_type(spec, "start", 3000);
    CHECK_MSG(start != NULL, "no start broadcast");
    free(start);

    static const struct {
        int seat;
        const char *board, *mv;
        int ply;
    } moves[] = {
        {0, "A", "e2e4", 0}, {2, "B", "d2d4", 0}, {1, "A", "e7e5", 1},
        {3, "B", "d7d5", 1}, {0, "A", "f1c4", 2}, {1, "A", "b8c6", 3},
        {0, "A", "Qh5", 4},  {1, "A", "g8f6", 5}, {0, "A", "h5f7", 6},
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(moves); i++) {
        char *r = itest_move(g.p[moves[i].seat], g.game, 100 + (int)i, moves[i].board, moves[i].ply,
                             moves[i].mv);
        char t[16];
        CHECK_EQ_STR(moves[i].mv, "ack", jstr(r, "type", t, sizeof t));
        CHECK_EQ_INT("ack ply", moves[i].ply, jint(r, "ply", -1));
        if (strcmp(t, "ack") != 0)
            fprintf(stderr, "    reply: %s\n", r ? r : "(none)");
        free(r);
    }
    /* The spectator saw every move, in order, with its UCI text. */
    static const char *const uci[] = {"e2e4", "d2d4", "e7e5", "d7d5", "f1c4",
                                      "b8c6", "d1h5", "g8f6", "h5f7"};
    for (size_t i = 0; i < BH_ARRAY_LEN(uci); i++) {
        char *m = wsc_recv_type(spec, "move", 3000);
        char mv[16];
        CHECK_EQ_STR("spectator move", uci[i], jstr(m, "move", mv, sizeof mv));
        free(m);
    }
    /* Settle window (2 s) then the result, to the spectator and to a player. */
    char *res = wsc_recv_type(spec, "result", 5000);
    char buf[32];
    CHECK_EQ_STR("result", "1-0", jstr(res, "result", buf, sizeof buf));
    CHECK_EQ_STR("reason", "mate", jstr(res, "reason", buf, sizeof buf));
    free(res);
    res = wsc_recv_type(g.p[3], "result", 3000);
    CHECK_EQ_STR("player result", "1-0", jstr(res, "result", buf, sizeof buf));
    free(res);
    /* After the end: a move is game_over; the resend of the mating move is acked again. */
    char *r = itest_move(g.p[3], g.game, 200, "B", 2, "e7e6");
    CHECK_EQ_STR("move after end", "game_over", ecode(r, buf));
    free(r);
    r = itest_move(g.p[0], g.game, 201, "A", 6, "h5f7");
    CHECK_EQ_STR("resend after end", "ack", jstr(r, "type", buf, sizeof buf));
    free(r);

    wsc_free(spec);
    itest_game_free(&g);
    wsc_ctx_free(x);
    CHECK_EQ_INT("clean exit on SIGTERM", 0, itest_stop(&s, SIGTERM));

    /* First start made the development certificate with a private key file. */
    char key[160];
    struct stat kst;
    snprintf(key, sizeof key, "%s/certs/dev-key.pem", s.dir);
    CHECK_EQ_INT("dev key exists", 0, stat(key, &kst));
    CHECK_EQ_INT("dev key mode", 0600, (int)(kst.st_mode & 0777));

    /* The database holds the moves, the result and a BPGN that replays to the same end. */
    store *st;
    CHECK_EQ_INT("open db", BH_OK, store_open(s.db, &st));
    rows rs = {0};
    store_each_event(st, 1, ev_row, &rs);
    CHECK_EQ_INT("stored moves", 9, rs.n);
    CHECK_EQ_STR("first", "0:e2e4", rs.text[0]);
    CHECK_EQ_STR("last", "0:h5f7", rs.text[8]);
    grow_ gr = {0};
    CHECK_EQ_INT("game row", BH_OK, store_game_get(st, 1, game_row, &gr));
    CHECK_EQ_INT("status", STORE_FINISHED, gr.status);
    CHECK_EQ_STR("db result", "1-0", gr.result);
    CHECK_EQ_STR("db reason", "mate", gr.reason);
    CHECK_MSG(gr.bpgn != NULL, "no BPGN stored");
    if (gr.bpgn) {
        bpgn_game bg;
        size_t used = 0, bad = 0;
        CHECK_EQ_INT("bpgn parse", BH_OK, bpgn_parse(gr.bpgn, strlen(gr.bpgn), &bg, &used));
        game *rg = NULL;
        CHECK_EQ_INT("bpgn import", BH_OK, bpgn_import(&bg, NULL, 0, &rg, &bad));
        if (rg) {
            const game_result *res2 = game_get_result(rg);
            CHECK_MSG(res2 != NULL, "replayed game has no result");
            if (res2) {
                CHECK_EQ_INT("replayed winner", GAME_TEAM_1, res2->winner);
                CHECK_EQ_STR("replayed reason", "mate", game_end_name(res2->reason));
            }
            size_t np;
            game_plies(rg, &np);
            CHECK_EQ_INT("replayed plies", 9, (int)np);
        }
        game_free(rg);
        bpgn_game_fini(&bg);
        free(gr.bpgn);
    }
    store_close(st);
    if (bh_test_failures_)
        itest_dump_log(&s);
    itest_cleanup(&s);
}

static const bh_test_case cases[] = {
    {"play_to_mate", play_to_mate},
};

ITEST_MAIN(cases)
