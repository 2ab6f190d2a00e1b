/* refusal.h: why a format module refused an input: the rule and the field, for a typed error.
 * SPDX-License-Identifier: MIT
 * The BH_E* return code says what kind of refusal it is; this names the rule (an id of
 * docs/rules.md, e.g. "F-LINEUP") and the offending field, so the server can reply with a typed
 * error that names both. Strings are static: the struct owns nothing. */
#ifndef BH_REFUSAL_H
#define BH_REFUSAL_H

typedef struct {
    const char *rule;  /* docs/rules.md id ("F-LINEUP", "F-PROTEST", ...); static */
    const char *field; /* the input field at fault ("players", "game", ...); static */
    int index;         /* index into that field's list, -1 if it is not a list */
} refusal;

/* Fill *r (NULL-safe) and return rc, so that a refusal is one statement:
 * `return refusal_set(why, BH_EORDER, "F-LINEUP", "players", i);` */
static inline int refusal_set(refusal *r, int rc, const char *rule, const char *field, int index)
{
    if (r) {
        r->rule = rule;
        r->field = field;
        r->index = index;
    }
    return rc;
}

#endif
