/* fuzz_bpgn.c: bpgn_parse and bpgn_import on arbitrary bytes; export round trips.
 * SPDX-License-Identifier: MIT
 * A file that imports is exported, and the export must parse, import and export again to
 * the same text (bpgn_io.c: "export -> import -> export is the identity"). */
#include <string.h>

#include "bpgn.h"
#include "fuzz.h"

int fuzz_bpgn_one(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    bpgn_game bg;
    size_t used = 0;
    int rc = bpgn_parse((const char *)data, size, &bg, &used);
    if (rc != BH_OK) {
        FUZZ_CHECK(rc == BH_EPARSE || rc == BH_ELIMIT, "parse rc %d", rc);
        FUZZ_CHECK(bg.ntags == 0 && bg.nitems == 0 && !bg.tags && !bg.items, "not emptied");
        return 0;
    }
    FUZZ_CHECK(used <= size, "used %zu > %zu", used, size);
    int winner;
    (void)bpgn_team_result(&bg, &winner);
    game *g = NULL;
    size_t bad = 0;
    rc = bpgn_import(&bg, NULL, 1000000, &g, &bad);
    if (rc == BH_OK) {
        char *text = bpgn_export(g, NULL);
        bpgn_game bg2;
        FUZZ_CHECK(bpgn_parse(text, strlen(text), &bg2, NULL) == BH_OK, "own export: %s", text);
        game *g2 = NULL;
        rc = bpgn_import(&bg2, NULL, 1000000, &g2, NULL);
        FUZZ_CHECK(rc == BH_OK, "own export does not import (%s):\n%s", bh_errname(rc), text);
        char *text2 = bpgn_export(g2, NULL);
        FUZZ_CHECK(strcmp(text, text2) == 0, "export round trip:\n%s\n---\n%s", text, text2);
        free(text2);
        game_free(g2);
        bpgn_game_fini(&bg2);
        free(text);
        game_free(g);
    } else {
        FUZZ_CHECK(g == NULL, "failed import set *out");
    }
    bpgn_game_fini(&bg);
    return 0;
}

BH_FUZZ_EXPORT(fuzz_bpgn_one)
