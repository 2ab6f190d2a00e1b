/* bench_pwhash.c: the time of auth_pw_hash and auth_pw_verify (Argon2id, libsodium's
 * INTERACTIVE limits), median and range of N runs: what a login costs the worker thread.
 * SPDX-License-Identifier: MIT
 * Usage: bench_pwhash [N]   (N hashes and N verifies, default 15, at most 200) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth_pw.h"
#include "bench_stats.h"
#include "bh.h"
#include "now.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 15;
    if (n < 1 || n > 200) {
        fprintf(stderr, "usage: bench_pwhash [N: 1..200]\n");
        return 2;
    }
    double *th = calloc((size_t)n, sizeof *th), *tv = calloc((size_t)n, sizeof *tv);
    char h[AUTH_PW_HASH_MAX];
    const char *pw = "correct horse battery";
    if (!th || !tv || auth_pw_init() != BH_OK)
        return 1;
    for (int i = 0; i < n; i++) {
        uint64_t t0 = now_mono_us();
        if (auth_pw_hash(pw, strlen(pw), h) != BH_OK)
            return 1;
        uint64_t t1 = now_mono_us();
        if (auth_pw_verify(h, pw, strlen(pw)) != BH_OK)
            return 1;
        th[i] = (double)(t1 - t0) / 1000.0;
        tv[i] = (double)(now_mono_us() - t1) / 1000.0;
    }
    bench_spread a = bench_stats(th, n), b = bench_stats(tv, n);
    char load[64];
    printf("bench_pwhash: %d runs, %s\n", n, h);
    printf("  hash   median %.1f ms (%.1f..%.1f)\n", a.med, a.lo, a.hi);
    printf("  verify median %.1f ms (%.1f..%.1f)\n", b.med, b.lo, b.hi);
    printf("  load average %s\n", bench_loadavg(load, sizeof load));
    free(th);
    free(tv);
    return 0;
}
