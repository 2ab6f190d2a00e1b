/* club_fmt.c: the club round robin of seed 004 (club.h) as a format on the seam (tfmt.h):
 * its state is a club, its clock monotonic (club.h: waiting times restart after a restart),
 * its games one a board (TFMT_SLOT_BOARD), and T-WAIT its own (club_seat_present).
 * SPDX-License-Identifier: MIT */
#include "bh.h"
#include "club.h"
#include "tfmt.h"

static char *save(const void *ev)
{
    return club_save(ev);
}

static int load(int64_t id, const char *text, uint64_t now_us, void **out, int *line)
{
    club *c = NULL;
    int rc = club_load(id, text, now_us, &c, line);
    *out = c;
    return rc;
}

static void free_(void *ev)
{
    club_free(ev);
}

static uint64_t next_instant(const void *ev)
{
    return club_deadline(ev);
}

static void on_time(void *ev, uint64_t now_us, tfmt_acts *a)
{
    club_on_time(ev, now_us, a);
}

/* The club's core has no forfeit result from the hub: its forfeits are its own decisions
 * (club_board_absent, club_on_time) that come back here as the ends of decided boards, which
 * club_game_over ignores. */
static void game_over(void *ev, tfmt_key k, tfmt_res res, uint64_t now_us, tfmt_acts *a)
{
    club_game_over(ev, k, tfmt_res_plain(res), now_us, a);
}

static bool seat_present(void *ev, tfmt_key k, int seat)
{
    return club_seat_present(ev, k, seat) == BH_OK; /* a seat that reconnects: nothing to store */
}

const tfmt_ops tfmt_club = {
    .kind = "club",
    .magic = "CLUB",
    .clock = TFMT_CLOCK_MONO,
    .slot = TFMT_SLOT_BOARD,
    .save = save,
    .load = load,
    .free = free_,
    .next_instant = next_instant,
    .on_time = on_time,
    .game_over = game_over,
    .seat_present = seat_present,
};
