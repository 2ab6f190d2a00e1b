/* now.c: monotonic and wall-clock reads. SPDX-License-Identifier: MIT */
#include "now.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

uint64_t now_mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

int64_t now_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

struct timespec now_wall_after(uint32_t after_ms)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    long long ns = ts.tv_nsec + (long long)after_ms * 1000000LL;
    ts.tv_sec += (time_t)(ns / 1000000000LL);
    ts.tv_nsec = (long)(ns % 1000000000LL);
    return ts;
}

void now_pgn_date(int64_t wall_ms, char out[11])
{
    if (wall_ms < 0) {
        snprintf(out, 11, "????.??.??");
        return;
    }
    /* Days since 1970-01-01 to a civil date (H. Hinnant's days_from_civil, inverted):
     * eras of 400 years from 0000-03-01, so the leap day is the last day of a year. */
    int64_t z = wall_ms / 86400000 + 719468;
    int64_t era = z / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int d = (int)(doy - (153 * mp + 2) / 5 + 1);
    int m = (int)(mp < 10 ? mp + 3 : mp - 9);
    int64_t y = yoe + era * 400 + (m <= 2);
    char buf[40]; /* room for any int, so the compiler sees no truncation */
    snprintf(buf, sizeof buf, "%04d.%02d.%02d", (int)(y % 10000), m, d);
    memcpy(out, buf, 10);
    out[10] = '\0';
}

uint64_t now_thread_cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

uint64_t now_steal_us(void)
{
    unsigned long long v[8] = {0};
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return 0;
    int k = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
                   &v[4], &v[5], &v[6], &v[7]);
    fclose(f);
    long hz = sysconf(_SC_CLK_TCK);
    return k == 8 && hz > 0 ? (uint64_t)(v[7] * 1000000ull / (unsigned long long)hz) : 0;
}
