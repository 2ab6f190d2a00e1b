/* league_fmt.c: the league of seed 003 (league.h) as a format on the seam (league_fmt.h, tfmt.h).
 * SPDX-License-Identifier: MIT */
#include "league_fmt.h"

static char *save(const void *ev)
{
    return league_save(ev);
}

static int load(int64_t id, const char *text, uint64_t now_us, void **out, int *line)
{
    (void)now_us; /* the instants are stored: the first on_time fires what fell due */
    league *l = NULL;
    int rc = league_load(id, text, &l, line);
    *out = l;
    return rc;
}

static void free_(void *ev)
{
    league_free(ev);
}

static uint64_t next_instant(const void *ev)
{
    int64_t at;
    return league_next_instant(ev, &at) ? (uint64_t)(at > 0 ? at : 1) : 0;
}

static void on_time(void *ev, uint64_t now_us, tfmt_acts *a)
{
    league_on_time(ev, (int64_t)now_us, a);
}

/* league.h: "after a load call league_on_time(now) once". */
static void loaded(void *ev, uint64_t now_us, tfmt_acts *a)
{
    on_time(ev, now_us, a);
}

/* The hub's end of game k (the gate's forfeits recorded as forfeits, never as games played;
 * a void game, which a restart adjudicated, counts as drawn: the league has no replay). A
 * game decided already (the director's result) is refused by the league and ignored here. */
static void game_over(void *ev, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a)
{
    const league_game *g = league_game_get(ev, k);
    if (g && g->res == BH_RES_NONE)
        league_game_over(ev, k, tfmt_res_result(res), (int64_t)now_us, a, NULL);
}

static uint32_t wait_s(const void *ev)
{
    return league_config_get(ev)->wait_s;
}

const tfmt_ops tfmt_league = {
    .kind = "league",
    .magic = "LEAGUE",
    .clock = TFMT_CLOCK_WALL,
    .slot = TFMT_SLOT_PACKED,
    .save = save,
    .load = load,
    .free = free_,
    .loaded = loaded,
    .next_instant = next_instant,
    .on_time = on_time,
    .game_over = game_over,
    .wait_s = wait_s,
};
