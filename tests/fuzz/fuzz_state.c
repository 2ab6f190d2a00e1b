/* fuzz_state.c: the saved event states (tfmt_ops.load of the Swiss, the club and the league:
 * the text the store keeps and a restart reads back) on arbitrary bytes.
 * SPDX-License-Identifier: MIT
 * The input's first byte picks the format (its value mod 3: Swiss, club, league), the rest is
 * the saved text (cut at a NUL byte, as the store's text column would be). The contract
 * (tfmt.h): load answers BH_OK with a state, or a refusal with no state; a state that loads
 * saves, its save loads again, and saves to the same text byte for byte (what a restart
 * writes back is what it read: a second restart changes nothing). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "club.h"
#include "fuzz.h"
#include "league_fmt.h"
#include "runner.h"
#include "tfmt.h"

int fuzz_state_one(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const tfmt_ops *const fmts[] = {&tfmt_swiss, &tfmt_club, &tfmt_league};
    const tfmt_ops *f = fmts[data[0] % 3];
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    void *ev = NULL;
    int line = -1;
    int rc = f->load(7, text, 1000000, &ev, &line);
    free(text);
    if (rc != BH_OK) {
        FUZZ_CHECK(ev == NULL, "%s: refused (%s) with a state", f->kind, bh_errname(rc));
        return 0;
    }
    FUZZ_CHECK(ev != NULL, "%s: BH_OK without a state", f->kind);
    char *saved = f->save(ev);
    FUZZ_CHECK(saved && strncmp(saved, f->magic, strlen(f->magic)) == 0,
               "%s: its save does not start with %s", f->kind, f->magic);
    f->free(ev);
    void *again = NULL;
    line = -1;
    rc = f->load(7, saved, 1000000, &again, &line);
    FUZZ_CHECK(rc == BH_OK, "%s: its own save refused (%s, line %d):\n%s", f->kind, bh_errname(rc),
               line, saved);
    char *resaved = f->save(again);
    FUZZ_CHECK(strcmp(saved, resaved) == 0, "%s: save, load, save differ:\n%s\n---\n%s", f->kind,
               saved, resaved);
    f->free(again);
    free(saved);
    free(resaved);
    return 0;
}

BH_FUZZ_EXPORT(fuzz_state_one)
