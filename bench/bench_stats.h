/* bench_stats.h: what every benchmark prints with its figures: the median and range of
 * repeated runs, and the machine's load average (a shared machine makes single runs noisy).
 * SPDX-License-Identifier: MIT
 * Header-only (static inline), included by the bench programs under bench/. */
#ifndef BH_BENCH_STATS_H
#define BH_BENCH_STATS_H

#include <stdio.h>
#include <stdlib.h>

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median, least and greatest of v[0..n) (n >= 1; v is sorted in place). */
typedef struct {
    double med, lo, hi;
} bench_spread;

static inline bench_spread bench_stats(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    bench_spread s = {n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, v[0], v[n - 1]};
    return s;
}

/* The 1, 5 and 15 minute load averages of /proc/loadavg as "0.52 0.61 0.70" in out (or "?"),
 * returned for printing. */
static inline const char *bench_loadavg(char *out, size_t cap)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double a, b, c;
    if (f && fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
        snprintf(out, cap, "%.2f %.2f %.2f", a, b, c);
    else
        snprintf(out, cap, "?");
    if (f)
        fclose(f);
    return out;
}

#endif
