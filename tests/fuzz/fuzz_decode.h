/* fuzz_decode.h: one frame through a family's message decoder, twice (fuzz_league.c,
 * fuzz_club.c). SPDX-License-Identifier: MIT
 * The contract common to the families (proto_league.h, proto_club.h): the two decodes agree;
 * an accepted message passes the family's own checks and decodes to the same message both
 * times; a refusal is one of the documented codes, names a NUL-terminated field, the same
 * both times, and an id (if any) in range. The frame is a heap copy of exactly its bytes, so
 * ASan catches a read past it; the messages start filled with 0xA5, so a field left unset
 * shows in the checks. */
#ifndef BH_FUZZ_DECODE_H
#define BH_FUZZ_DECODE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "fuzz.h"
#include "proto.h"

typedef struct {
    size_t msg_size;                                                       /* sizeof the message */
    int (*decode)(const char *buf, size_t len, void *out, proto_err *err); /* the decoder */
    void (*check)(const void *m);               /* an accepted message's contract */
    bool (*same)(const void *a, const void *b); /* two decodes are one message */
    void (*release)(void *m);                   /* what an accepted message owns */
} fuzz_decoder;

static inline int fuzz_decode_twice(const fuzz_decoder *d, const uint8_t *data, size_t size)
{
    char *buf = malloc(size ? size : 1);
    unsigned char *m = malloc(2 * d->msg_size);
    if (!buf || !m)
        abort();
    memcpy(buf, data, size);
    memset(m, 0xA5, 2 * d->msg_size);
    proto_err err, err2;
    int rc = d->decode(buf, size, m, &err);
    int rc2 = d->decode(buf, size, m + d->msg_size, &err2);
    FUZZ_CHECK(rc == rc2, "not deterministic: %d then %d", rc, rc2);
    if (rc == BH_OK) {
        d->check(m);
        FUZZ_CHECK(d->same(m, m + d->msg_size), "two decodes differ");
        d->release(m);
        d->release(m + d->msg_size);
    } else {
        FUZZ_CHECK(rc == BH_ELIMIT || rc == BH_EJSON || rc == BH_EFIELD || rc == BH_ETYPE ||
                       rc == BH_ETEXT,
                   "undocumented code %d", rc);
        FUZZ_CHECK(strnlen(err.field, sizeof err.field) < sizeof err.field, "field");
        FUZZ_CHECK(strcmp(err.field, err2.field) == 0, "two refusals name different fields");
        FUZZ_CHECK(!err.has_id || (err.id >= 0 && err.id <= PROTO_ID_MAX), "err id");
    }
    free(m);
    free(buf);
    return 0;
}

#endif
