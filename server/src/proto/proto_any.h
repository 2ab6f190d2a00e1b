/* proto_any.h: one decode for every message kind, the family chosen by the type's value.
 * SPDX-License-Identifier: MIT
 * The server reads each frame once: parsed as JSON, its "type" looked up in the core's, the
 * club's (proto_club.h) and the league's (proto_league.h) names, and decoded by that family.
 * The type is matched after JSON decoding, never on the frame's bytes: a type written with a
 * JSON escape ("club\u005fget") is the same string (RFC 8259 section 7) and is decoded as
 * such, not refused as unknown_type. */
#ifndef BH_PROTO_ANY_H
#define BH_PROTO_ANY_H

#include <stddef.h>

#include "proto.h"
#include "proto_club.h"
#include "proto_league.h"

typedef enum { PROTO_FAM_CORE, PROTO_FAM_CLUB, PROTO_FAM_LEAGUE } proto_family;

typedef struct {
    proto_family fam; /* which member below holds the message */
    union {
        proto_msg core;
        pclub_msg club;
        pleague_msg league;
    };
} proto_any;

/* Decode one text frame of len bytes (need not be NUL-terminated) into *out: out->fam is the
 * family whose name table holds the frame's type (PROTO_FAM_CORE when none does, or when there
 * is no type string), and that family's decoder fills its member with the errors it documents
 * (proto_decode, proto_club_decode, proto_league_decode): BH_ELIMIT, BH_EJSON (out->fam
 * CORE), BH_ETEXT, BH_EFIELD, BH_ETYPE (an unknown type: CORE). err is always written. On
 * BH_OK the caller calls proto_any_free(out) once. */
int proto_decode_any(const char *buf, size_t len, proto_any *out, proto_err *err);

/* Release what a decoded message owns: its family's proto_msg_free, proto_club_msg_free or
 * proto_league_msg_free. */
void proto_any_free(proto_any *a);

#endif
