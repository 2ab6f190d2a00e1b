/* fuzz_game.c: a bughouse game driven by arbitrary bytes through every public act.
 * SPDX-License-Identifier: MIT
 * The bytes choose the ruleset, time control, start instant, then a sequence of acts (moves as
 * UCI/SAN/encoded, resign, draws, claims, ticks, premoves) with seats, plies and instants that
 * may be hostile (out of range, stale, backwards, near UINT64_MAX). After each act the game's
 * contracts are checked; at the end the event list must replay to the same game and the BPGN
 * export must parse and import. */
#include <string.h>

#include "bpgn.h"
#include "fuzz.h"
#include "game.h"

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static unsigned rd(reader *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

static const char *const fens[] = {
    "",
    "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3[QRBNPqrbnp] w - - 0 1",
    "7k/8/8/8/8/8/5nPP/6RK[QRBN] w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3[] b - - 0 65534",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPPPPPPPPPPPPPPP] w KQkq - 0 1",
};

typedef struct {
    size_t nev;
    char fen[2][BH_FEN_MAX];
    int state;
} snap;

static void take(const game *g, snap *s)
{
    game_events(g, &s->nev);
    for (int b = 0; b < 2; b++)
        bh_pos_to_fen(game_pos(g, b), s->fen[b], sizeof s->fen[b]);
    s->state = game_state(g);
}

static bool same(const snap *a, const snap *b)
{
    return a->nev == b->nev && !strcmp(a->fen[0], b->fen[0]) && !strcmp(a->fen[1], b->fen[1]) &&
           a->state == b->state;
}

static void check_game(const game *g)
{
    size_t nev, npl;
    const game_event *ev = game_events(g, &nev);
    game_plies(g, &npl);
    int moves[2] = {0, 0};
    for (size_t i = 0; i < nev; i++)
        if (ev[i].type == GAME_EV_MOVE)
            moves[ev[i].seat >> 1]++;
    for (int b = 0; b < 2; b++) {
        FUZZ_CHECK(bh_pos_ok(game_pos(g, b)), "board %d not ok", b);
        FUZZ_CHECK(game_board_plies(g, b) == moves[b], "plies %d vs %d moves",
                   game_board_plies(g, b), moves[b]);
    }
    FUZZ_CHECK((size_t)(moves[0] + moves[1]) == npl, "ply list");
    for (int s = 0; s < 4; s++)
        FUZZ_CHECK(game_clock_us(g, s, game_last_us(g)) >= 0, "negative clock");
    if (game_state(g) == GAME_OVER) {
        const game_result *r = game_get_result(g);
        FUZZ_CHECK(r && (r->winner == GAME_DRAW || r->winner == 1 || r->winner == 2), "result");
        FUZZ_CHECK(ev[nev - 1].type == GAME_EV_RESULT, "last event %d", ev[nev - 1].type);
        FUZZ_CHECK(game_next_deadline_us(g) == GAME_NEVER, "deadline after the end");
    } else {
        FUZZ_CHECK(!game_get_result(g), "result before the end");
    }
    for (size_t i = 1; i < nev; i++)
        FUZZ_CHECK(ev[i].type != GAME_EV_RESULT || i == nev - 1, "event after the result");
}

static void dump_events(const game *g)
{
    size_t n;
    const game_event *ev = game_events(g, &n);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "  ev %zu t=%llu type=%d seat=%d arg=%d move=%04x lag=%u uci=%s\n", i,
                (unsigned long long)ev[i].t_us, ev[i].type, ev[i].seat, ev[i].arg, ev[i].move,
                ev[i].lag_us, ev[i].uci);
}

static void move_text(const game *g, reader *r, int seat, char *text, size_t cap)
{
    unsigned k = rd(r);
    const bh_pos *p = game_pos(g, seat >> 1);
    bh_move moves[BH_MAX_MOVES];
    int n = bh_gen_legal(p, moves);
    if (k < 200 && n > 0) {
        bh_move m = moves[rd(r) % (unsigned)n];
        if (k & 1)
            bh_move_to_san(p, m, text);
        else
            bh_move_to_uci(m, text);
        return;
    }
    /* Junk or a hand-made text, up to 12 bytes. */
    size_t len = rd(r) % 13;
    if (len >= cap)
        len = cap - 1;
    for (size_t i = 0; i < len; i++)
        text[i] = (char)rd(r);
    text[len] = '\0';
}

int fuzz_game_one(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    reader r = {data, size};
    unsigned h = rd(&r);
    game_rules rules;
    if (h & 1)
        game_rules_regulation(&rules);
    else
        game_rules_online(&rules);
    rules.premove = (h & 2) != 0;
    if (h & 4)
        rules.lag = (clk_lag){500, 2000};
    if (h & 8)
        rules.settle_ms = h & 16 ? UINT32_MAX : 0;
    static const uint32_t bases[] = {180000, 1, 1000, UINT32_MAX, 50};
    static const uint32_t incs[] = {0, 2000, UINT32_MAX, 1};
    static const uint64_t starts[] = {1000000, 0, UINT64_MAX - 1000000000, UINT64_MAX / 2,
                                      UINT64_MAX};
    unsigned t = rd(&r);
    game_setup s;
    game_setup_init(&s, &rules, bases[t % 5], incs[(t / 5) % 4]);
    s.recorded = (h & 32) != 0;
    unsigned f = rd(&r);
    snprintf(s.fen[0], sizeof s.fen[0], "%s", fens[f % BH_ARRAY_LEN(fens)]);
    snprintf(s.fen[1], sizeof s.fen[1], "%s", fens[(f / 8) % BH_ARRAY_LEN(fens)]);
    uint64_t now = starts[rd(&r) % 5];
    game *g = NULL;
    int rc = game_new(&s, now, &g);
    if (rc != BH_OK) {
        FUZZ_CHECK(rc == BH_EINVAL || rc == BH_EFEN || rc == BH_ELIMIT, "game_new %d", rc);
        return 0;
    }
    check_game(g);
    bool replayable = true;
    for (int op = 0; op < 400 && r.n; op++) {
        unsigned kind = rd(&r), a = rd(&r);
        static const uint64_t dts[] = {0, 1, 999, 1000000, 60000000, 1ULL << 40, UINT64_MAX};
        uint64_t dt = dts[a % 7];
        uint64_t at = now + dt < now ? UINT64_MAX : now + dt;
        if ((a & 0xc0) == 0xc0 && now > 0)
            at = now - 1;                 /* backwards */
        int seat = (int)(rd(&r) % 6) - 1; /* -1 and 4 are out of range */
        snap before, after;
        if (at >= game_last_us(g))
            game_tick(g, at, NULL);
        take(g, &before);
        int state0 = game_state(g);
        bool valid = seat >= 0 && seat < 4 && at >= game_last_us(g) && at != GAME_NEVER;
        game_delta d;
        bool checked = true; /* a rejection must change nothing */
        switch (kind % 11) {
        case 0:
        case 1:
        case 2:
        case 3: {
            char text[32];
            move_text(g, &r, seat < 0 || seat > 3 ? 0 : seat, text, sizeof text);
            int plies = seat >= 0 && seat < 4 ? game_board_plies(g, seat >> 1) : 0;
            int ply = kind / 10 % 4 == 0   ? plies
                      : kind / 10 % 4 == 1 ? GAME_PLY_ANY
                      : kind / 10 % 4 == 2 ? plies + 1
                                           : (int)rd(&r) - 128;
            rc = game_move(g, seat, text, ply, at, &d);
            if (rc == BH_EILLEGAL)
                checked = !rules.illegal_loses;
            FUZZ_CHECK(rc != BH_EOVER || seat < 0 || seat > 3 || game_state(g) == GAME_OVER ||
                           game_board_stopped(g, seat >> 1),
                       "EOVER on an open board");
            break;
        }
        case 4: {
            bh_move m = (bh_move)(rd(&r) << 8 | rd(&r));
            if (seat >= 0 && seat < 4 && (kind & 16)) {
                bh_move moves[BH_MAX_MOVES];
                int n = bh_gen_legal(game_pos(g, seat >> 1), moves);
                if (n)
                    m = moves[m % n];
            }
            rc = game_move_bh(g, seat, m, GAME_PLY_ANY, (uint64_t)rd(&r) * 100000, at, &d);
            if (rc == BH_EILLEGAL)
                checked = !rules.illegal_loses;
            break;
        }
        case 5: rc = game_resign(g, seat, at, &d); break;
        case 6: rc = game_offer_draw(g, seat, at, &d); break;
        case 7: rc = game_accept_draw(g, seat, at, &d); break;
        case 8:
            rc =
                a & 1 ? game_decline_draw(g, seat, at, &d) : game_claim_repetition(g, seat, at, &d);
            break;
        case 9: rc = a & 1 ? game_cancel_premove(g, seat, at, &d) : game_tick(g, at, &d); break;
        default: { /* an importer's move: the instant comes from the clock after it */
            char text[32];
            move_text(g, &r, seat < 0 || seat > 3 ? 0 : seat, text, sizeof text);
            static const int64_t clocks[] = {
                -1, 0, 1000, 179000, 180000, GAME_CLOCK_MAX_MS, GAME_CLOCK_MAX_MS + 1, INT64_MAX};
            rc = game_move_recorded(g, seat, text, clocks[a % 8], &d);
            checked = false; /* it advances to its own instant first */
            /* With setup.recorded a refused move may have applied its own board's flags
             * first, which no stored act reproduces (importers give up on such a record). */
            replayable &= rc == BH_OK || !s.recorded;
            break;
        }
        }
        take(g, &after);
        if (getenv("BH_FUZZ_TRACE"))
            fprintf(stderr, "op %d kind %u seat %d at %llu -> %s (events %zu, state %d)\n", op,
                    kind % 11, seat, (unsigned long long)at, bh_errname(rc), after.nev,
                    after.state);
        /* Once the game is over every act of a valid seat at a valid instant is BH_EOVER
         * (ticks, cancels excepted). */
        if (state0 == GAME_OVER && valid && kind % 11 < 9)
            FUZZ_CHECK(rc == BH_EOVER, "act after the end: %s (kind %u)", bh_errname(rc),
                       kind % 11);
        if (rc != BH_OK && checked)
            FUZZ_CHECK(same(&before, &after), "rejected act (%s, kind %u) changed the game",
                       bh_errname(rc), kind % 11);
        if (rc == BH_EINVAL)
            FUZZ_CHECK(same(&before, &after), "EINVAL changed the game");
        FUZZ_CHECK(game_state(g) >= state0, "state went back");
        if (at > now && (at >= game_last_us(g) || rc == BH_OK))
            now = at;
        if (game_last_us(g) > now)
            now = game_last_us(g);
        check_game(g);
    }
    /* The record replays to the same game. */
    size_t nev;
    const game_event *ev = game_events(g, &nev);
    if (!replayable) {
        game_free(g);
        return 0;
    }
    game *g2 = NULL;
    rc = game_replay(game_get_setup(g), ev, nev, &g2);
    if (rc != BH_OK)
        dump_events(g);
    FUZZ_CHECK(rc == BH_OK, "replay failed: %s (%zu events)", bh_errname(rc), nev);
    snap a, b;
    take(g, &a);
    take(g2, &b);
    FUZZ_CHECK(same(&a, &b), "replay differs");
    for (int st = 0; st < 4; st++)
        FUZZ_CHECK(game_clock_us(g, st, game_last_us(g)) == game_clock_us(g2, st, game_last_us(g)),
                   "replayed clock of seat %d differs", st);
    if (game_state(g) == GAME_OVER) {
        const game_result *r1 = game_get_result(g), *r2 = game_get_result(g2);
        FUZZ_CHECK(r1->winner == r2->winner && r1->reason == r2->reason && r1->t_us == r2->t_us &&
                       r1->end_us == r2->end_us && r1->seat == r2->seat,
                   "replayed result differs");
    }
    game_free(g2);
    /* Tampered records: a replay either refuses them or rebuilds exactly the list given. */
    game_event *bad_ev = malloc((nev + 1) * sizeof *bad_ev);
    uint64_t hsh = 1469598103934665603ULL;
    for (size_t i = 0; i < size; i++)
        hsh = (hsh ^ data[i]) * 1099511628211ULL;
    for (int round = 0; round < 4; round++) {
        memcpy(bad_ev, ev, nev * sizeof *bad_ev);
        size_t n2 = nev;
        hsh = hsh * 6364136223846793005ULL + 1442695040888963407ULL;
        size_t at = (size_t)(hsh >> 33) % nev;
        switch ((hsh >> 20) % 7) {
        case 0: bad_ev[at].t_us += (hsh >> 40) % 3 ? 1 : 1000000; break;
        case 1: bad_ev[at].t_us -= bad_ev[at].t_us ? 1 : 0; break;
        case 2: bad_ev[at].seat = (int8_t)((hsh >> 40) % 6 - 1); break;
        case 3: bad_ev[at].type = (uint8_t)((hsh >> 40) % 13); break;
        case 4: bad_ev[at].move ^= (bh_move)(1u << ((hsh >> 40) % 16)); break;
        case 5: /* drop one event */
            memmove(bad_ev + at, bad_ev + at + 1, (nev - at - 1) * sizeof *bad_ev);
            n2--;
            break;
        default: /* duplicate one */
            memmove(bad_ev + at + 1, bad_ev + at, (nev - at) * sizeof *bad_ev);
            n2++;
            break;
        }
        if (n2 == 0)
            continue;
        game *g4 = NULL;
        rc = game_replay(game_get_setup(g), bad_ev, n2, &g4);
        FUZZ_CHECK(rc == BH_OK || rc == BH_ESTATE || rc == BH_EINVAL, "tampered replay %d", rc);
        if (rc == BH_OK) {
            size_t n4;
            const game_event *ev4 = game_events(g4, &n4);
            FUZZ_CHECK(n4 == n2, "tampered replay rebuilt %zu events of %zu", n4, n2);
            for (size_t i = 0; i < n2; i++)
                FUZZ_CHECK(ev4[i].t_us == bad_ev[i].t_us && ev4[i].type == bad_ev[i].type &&
                               ev4[i].seat == bad_ev[i].seat && ev4[i].move == bad_ev[i].move &&
                               ev4[i].arg == bad_ev[i].arg && ev4[i].lag_us == bad_ev[i].lag_us &&
                               strcmp(ev4[i].uci, bad_ev[i].uci) == 0,
                           "tampered replay accepted with event %zu differing", i);
            check_game(g4);
        } else {
            FUZZ_CHECK(g4 == NULL, "failed replay set *out");
        }
        game_free(g4);
    }
    free(bad_ev);
    char *text = bpgn_export(g, NULL);
    bpgn_game bg;
    FUZZ_CHECK(bpgn_parse(text, strlen(text), &bg, NULL) == BH_OK, "export does not parse");
    /* BPGN holds a record exactly when every instant is on a ms boundary (clocks and act
     * times are written in ms) and no move had lag credit (not written: the move comes back
     * at its charged instant). Such a record must import; a settled one must give the same
     * export again (bpgn_io.c: export -> import -> export is the identity; an open settle
     * window closes on import, bpgn.h). Others need only import or fail cleanly. */
    bool exact = true;
    for (size_t i = 0; i < nev; i++)
        exact &= (ev[i].t_us - game_start_us(g)) % 1000 == 0 && ev[i].lag_us == 0;
    game *g3 = NULL;
    size_t bad = 0;
    rc = bpgn_import(&bg, NULL, game_start_us(g), &g3, &bad);
    FUZZ_CHECK(rc == BH_OK || !exact, "export does not import: %s at item %zu\n%s", bh_errname(rc),
               bad, text);
    if (rc == BH_OK && exact && game_state(g) != GAME_SETTLING) {
        if (getenv("BH_FUZZ_TRACE")) {
            dump_events(g);
            fprintf(stderr, "-- reimported:\n");
            dump_events(g3);
        }
        char *text2 = bpgn_export(g3, NULL);
        FUZZ_CHECK(strcmp(text, text2) == 0, "export round trip:\n%s---\n%s", text, text2);
        free(text2);
    }
    game_free(g3);
    bpgn_game_fini(&bg);
    free(text);
    game_free(g);
    return 0;
}

BH_FUZZ_EXPORT(fuzz_game_one)
