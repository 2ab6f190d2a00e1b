/* fuzz_trf.c: trf_import (a TRF file a director brings: FIDE's standard records, or the BH*
 * records the server writes) on arbitrary bytes, with its contract (trf.h).
 * SPDX-License-Identifier: MIT
 * The input is the file's text, cut at a NUL byte. The import answers BH_OK with a tournament,
 * or BH_EPARSE (with the 1-based line, within the text), BH_EINVAL, BH_ELIMIT, BH_ESTATE or
 * BH_ENOTFOUND and no tournament. An imported tournament's teams have names of valid UTF-8 that are
 * not empty; its export imports again and exports to the same text byte for byte (a file the server
 * wrote reads back as itself). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "fuzz.h"
#include "tour.h"
#include "trf.h"

int fuzz_trf_one(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    int lines = 1;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    tour *t = NULL;
    int line = -1;
    trf_info info;
    int rc = trf_import_info(text, &t, &line, &info);
    free(text);
    if (rc != BH_OK) {
        FUZZ_CHECK(t == NULL, "refused (%s) with a tournament", bh_errname(rc));
        FUZZ_CHECK(rc == BH_EPARSE || rc == BH_EINVAL || rc == BH_ELIMIT || rc == BH_ESTATE ||
                       rc == BH_ENOTFOUND,
                   "undocumented code %s", bh_errname(rc));
        FUZZ_CHECK(rc != BH_EPARSE || (line >= 1 && line <= lines + 1), "line %d of %d", line,
                   lines);
        return 0;
    }
    FUZZ_CHECK(t != NULL, "BH_OK without a tournament");
    for (int i = 1; i <= tour_n_teams(t); i++) {
        const tour_team *tt = tour_team_get(t, i);
        FUZZ_CHECK(tt != NULL, "team %d of %d missing", i, tour_n_teams(t));
        size_t n = strnlen(tt->name, sizeof tt->name);
        FUZZ_CHECK(n > 0 && n < sizeof tt->name, "team %d: a name of %zu bytes", i, n);
        FUZZ_CHECK(bh_utf8_valid(tt->name, n, NULL), "team %d: its name is not UTF-8", i);
    }
    char *e1 = trf_export(t);
    tour_free(t);
    tour *t2 = NULL;
    rc = trf_import(e1, &t2, &line);
    FUZZ_CHECK(rc == BH_OK, "its export does not import: %s at line %d\n%s", bh_errname(rc), line,
               e1);
    char *e2 = trf_export(t2);
    FUZZ_CHECK(strcmp(e1, e2) == 0, "export, import, export changed the text:\n%s\n----\n%s", e1,
               e2);
    free(e1);
    free(e2);
    tour_free(t2);
    return 0;
}

BH_FUZZ_EXPORT(fuzz_trf_one)
