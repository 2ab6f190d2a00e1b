/* held14_fixture.h: Mario Held's 14-team C.07 exercise table (tests/data/tiebreak/
 * held-14-teams.md) read into its cells, shared by test_rank (as rank_match records) and
 * test_tourney (as a tour and as a TRF file). SPDX-License-Identifier: MIT */
#ifndef BH_HELD14_FIXTURE_H
#define BH_HELD14_FIXTURE_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bh_test.h"

/* The table's cells: cell[team][round] for teams 1..14 and rounds 1..7 ("8w2.5", "+F", "-F",
 * "PAB", ...), each at most 15 bytes. false if the file is missing or has not 14 team rows. */
static inline bool held14_cells(char cell[15][8][16])
{
    FILE *f = fopen(bh_test_data("tiebreak/held-14-teams.md"), "r");
    if (!f)
        return false;
    int rows = 0;
    char line[512];
    while (fgets(line, sizeof line, f) && rows < 14) {
        int team;
        if (sscanf(line, "| %d |", &team) != 1 || team != rows + 1)
            continue;
        char *p = strchr(line + 1, '|') + 1;
        for (int r = 1; r <= 7; r++) {
            char *q = strchr(p, '|');
            *q = '\0';
            sscanf(p, "%15s", cell[team][r]);
            p = q + 1;
        }
        rows++;
    }
    fclose(f);
    return rows == 14;
}

#endif
