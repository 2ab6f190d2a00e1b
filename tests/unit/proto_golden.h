/* proto_golden.h: golden-file helpers shared by test_proto.c and test_proto_tour.c.
 * SPDX-License-Identifier: MIT
 * Include after bh_test.h and proto.h. */
#ifndef BH_PROTO_GOLDEN_H
#define BH_PROTO_GOLDEN_H

/* Decode the client message in protocol/examples/NAME into *m; the proto_decode result, or -1
 * if the file cannot be read. */
static inline int decode_file(const char *name, proto_msg *m)
{
    char *s = bh_test_example(name);
    if (!s)
        return -1;
    proto_err err;
    int rc = proto_decode(s, strlen(s), m, &err);
    free(s);
    return rc;
}

/* Compare an encoder's output with a golden file, both canonicalised; frees encoded. */
static inline void same(const char *file, char *encoded)
{
    char *g = bh_test_example(file);
    char *a = g ? proto_canon(g) : NULL;
    char *b = proto_canon(encoded);
    CHECK_EQ_STR(file, a, b);
    free(g);
    free(a);
    free(b);
    free(encoded);
}

#endif
