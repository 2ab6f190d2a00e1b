/* swiss_fmt.c: the bughouse Swiss runner (runner.h) as a format on the seam (tfmt.h): its
 * state is a runner, its clock monotonic (P-GAME2 deadlines are not stored: runner_loaded
 * asks again), its games one per game of a match (TFMT_SLOT_GAME: a bughouse game is both
 * boards), its game list given back in creation order (runner_restore_game).
 * SPDX-License-Identifier: MIT
 * The saved text is "SWISS 1 <status> <seed>\n<team map>\n<TRF>" (runner_save's three parts);
 * the hub stores those parts in their own row (store_tour.h) and reads that back itself. A
 * runner loaded here pairs inline (no worker: runner_new's inline_jobs). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "runner.h"
#include "tfmt.h"
#include "xalloc.h"

static char *save(const void *ev)
{
    runner_saved s;
    runner_save(ev, &s);
    const char *teams = s.teams ? s.teams : "", *trf = s.trf ? s.trf : "";
    size_t n = strlen(teams) + strlen(trf) + 64;
    char *out = xmalloc(n);
    snprintf(out, n, "SWISS 1 %d %" PRIu64 "\n%s\n%s", s.status, s.seed, teams, trf);
    runner_saved_fini(&s);
    return out;
}

static int load(int64_t id, const char *text, uint64_t now_us, void **out, int *line)
{
    (void)now_us;
    *out = NULL;
    int status, used = 0;
    uint64_t seed;
    if (sscanf(text, "SWISS 1 %d %" SCNu64 "%n", &status, &seed, &used) != 2 ||
        text[used] != '\n') {
        if (line)
            *line = 1;
        return BH_EPARSE;
    }
    const char *teams = text + used + 1, *nl = strchr(teams, '\n');
    if (!nl) {
        if (line)
            *line = 2;
        return BH_EPARSE;
    }
    char *t = xmalloc((size_t)(nl - teams) + 1);
    memcpy(t, teams, (size_t)(nl - teams));
    t[nl - teams] = '\0';
    runner_saved s = {status, seed, t, (char *)nl + 1};
    runner *r = NULL;
    int rc = runner_restore(id, &s, true, &r, line);
    free(t);
    *out = r;
    return rc == BH_OK ? BH_OK : BH_EPARSE;
}

static void free_(void *ev)
{
    runner_free(ev);
}

static int restore_game(void *ev, tfmt_key k, int64_t team1)
{
    return runner_restore_game(ev, k, team1);
}

static void loaded(void *ev, uint64_t now_us, tfmt_acts *a)
{
    runner_loaded(ev, now_us, a);
}

static uint64_t next_instant(const void *ev)
{
    return runner_deadline(ev);
}

static void on_time(void *ev, uint64_t now_us, tfmt_acts *a)
{
    runner_on_time(ev, now_us, a);
}

/* The runner has no forfeit result: a gate's forfeit is the win (T-FORFEIT scores a game
 * forfeited by absence as lost), both absent a draw as the hub records it. */
static void game_over(void *ev, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a)
{
    runner_game_over(ev, k, tfmt_res_plain(res), now_us, a);
}

static uint32_t wait_s(const void *ev)
{
    return tour_rules(runner_tour(ev))->wait_s;
}

const tfmt_ops tfmt_swiss = {
    .kind = "swiss",
    .magic = "SWISS",
    .clock = TFMT_CLOCK_MONO,
    .slot = TFMT_SLOT_GAME,
    .save = save,
    .load = load,
    .free = free_,
    .restore_game = restore_game,
    .loaded = loaded,
    .next_instant = next_instant,
    .on_time = on_time,
    .game_over = game_over,
    .wait_s = wait_s,
};
