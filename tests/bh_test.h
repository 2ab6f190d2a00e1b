/* bh_test.h: the test harness (in the spirit of Redis testhelp.h and libuv task.h).
 * SPDX-License-Identifier: MIT
 * A test binary holds a static table of named cases; main() is BH_TEST_MAIN(cases).
 * `test_x` runs every case, `test_x NAME` runs the cases whose name starts with NAME,
 * `test_x --list` lists them. Each failing check prints file:line, expected and actual,
 * and the case goes on (so one run shows every failure). Exit status: 0 iff all passed. */
#ifndef BH_TEST_H
#define BH_TEST_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    const char *name;
    void (*fn)(void);
} bh_test_case;

/* Failures in the case that is running; reset per case by the runner. */
static int bh_test_failures_;
static long bh_test_checks_;

#define BH_FAIL_(...)                                                                              \
    do {                                                                                           \
        fprintf(stderr, "  FAIL %s:%d: ", __FILE__, __LINE__);                                     \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
        bh_test_failures_++;                                                                       \
    } while (0)

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        bh_test_checks_++;                                                                         \
        if (!(cond))                                                                               \
            BH_FAIL_("expected true: %s", #cond);                                                  \
    } while (0)

#define CHECK_MSG(cond, ...)                                                                       \
    do {                                                                                           \
        bh_test_checks_++;                                                                         \
        if (!(cond))                                                                               \
            BH_FAIL_(__VA_ARGS__);                                                                 \
    } while (0)

#define CHECK_EQ_INT(what, expected, actual)                                                       \
    do {                                                                                           \
        long long e_ = (long long)(expected), a_ = (long long)(actual);                            \
        bh_test_checks_++;                                                                         \
        if (e_ != a_)                                                                              \
            BH_FAIL_("%s: expected %lld, actual %lld", (what), e_, a_);                            \
    } while (0)

#define CHECK_EQ_U64(what, expected, actual)                                                       \
    do {                                                                                           \
        uint64_t e_ = (uint64_t)(expected), a_ = (uint64_t)(actual);                               \
        bh_test_checks_++;                                                                         \
        if (e_ != a_)                                                                              \
            BH_FAIL_("%s: expected %" PRIu64 ", actual %" PRIu64, (what), e_, a_);                 \
    } while (0)

#define CHECK_EQ_DBL(what, expected, actual, eps)                                                  \
    do {                                                                                           \
        double e_ = (double)(expected), a_ = (double)(actual);                                     \
        bh_test_checks_++;                                                                         \
        if (!(e_ - a_ <= (eps) && a_ - e_ <= (eps)))                                               \
            BH_FAIL_("%s: expected %.6g, actual %.6g", (what), e_, a_);                            \
    } while (0)

#define CHECK_EQ_STR(what, expected, actual)                                                       \
    do {                                                                                           \
        const char *e_ = (expected), *a_ = (actual);                                               \
        bh_test_checks_++;                                                                         \
        if (!e_ || !a_ || strcmp(e_, a_) != 0)                                                     \
            BH_FAIL_("%s: expected \"%s\", actual \"%s\"", (what), e_ ? e_ : "(null)",             \
                     a_ ? a_ : "(null)");                                                          \
    } while (0)

/* Path of a file under tests/data (BH_TEST_DATA is set by CMake). Static buffer. */
static inline const char *bh_test_data(const char *rel)
{
    static char buf[4096];
#ifdef BH_TEST_DATA
    snprintf(buf, sizeof buf, "%s/%s", BH_TEST_DATA, rel);
#else
    snprintf(buf, sizeof buf, "tests/data/%s", rel);
#endif
    return buf;
}

/* Remove a sqlite database file and its WAL and shared-memory files (PATH-wal, PATH-shm);
 * missing files are not an error. */
static inline void bh_test_rm_db(const char *path)
{
    char p[4096];
    unlink(path);
    snprintf(p, sizeof p, "%s-wal", path);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", path);
    unlink(p);
}

/* Whole contents of the file at path, NUL-terminated, in malloc'd memory the caller frees
 * (*len, if not NULL, gets its size); NULL (with a message) if it cannot be read. */
static inline char *bh_test_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s (run from the repo root)\n", path);
        return NULL;
    }
    size_t cap = 4096, n = 0, r;
    char *s = malloc(cap);
    while (s && (r = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (n + 1 == cap)
            s = realloc(s, cap *= 2);
    }
    fclose(f);
    if (!s)
        abort();
    s[n] = '\0';
    if (len)
        *len = n;
    return s;
}

/* Whole contents of protocol/examples/NAME (paths are relative to the repo root, where ctest
 * runs the tests), as bh_test_slurp. */
static inline char *bh_test_example(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "protocol/examples/%s", name);
    return bh_test_slurp(path, NULL);
}

/* Whole contents of tests/data/REL, as bh_test_slurp. */
static inline char *bh_test_data_file(const char *rel, size_t *len)
{
    return bh_test_slurp(bh_test_data(rel), len);
}

static inline int bh_test_run(const bh_test_case *cases, size_t n, int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < n; i++)
            printf("%s\n", cases[i].name);
        return 0;
    }
    const char *only = argc > 1 ? argv[1] : NULL;
    int passed = 0, failed = 0;
    for (size_t i = 0; i < n; i++) {
        if (only && strncmp(cases[i].name, only, strlen(only)) != 0)
            continue;
        bh_test_failures_ = 0;
        cases[i].fn();
        if (bh_test_failures_) {
            printf("FAIL %s (%d failed checks)\n", cases[i].name, bh_test_failures_);
            failed++;
        } else {
            printf("ok   %s\n", cases[i].name);
            passed++;
        }
        fflush(stdout);
    }
    if (only && passed + failed == 0) {
        fprintf(stderr, "no test case matches \"%s\"\n", only);
        return 2;
    }
    printf("%d passed, %d failed (%ld checks)\n", passed, failed, bh_test_checks_);
    return failed ? 1 : 0;
}

#define BH_TEST_MAIN(cases)                                                                        \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        return bh_test_run(cases, BH_ARRAY_LEN(cases), argc, argv);                                \
    }

#endif
