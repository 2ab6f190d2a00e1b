/* now.h: the only clock reads of the server (STYLE.md section 7: pure modules take time as
 * an argument; the shell reads it here: the loop, the store's checkpoint thread, the log).
 * SPDX-License-Identifier: MIT */
#ifndef BH_NOW_H
#define BH_NOW_H

#include <stdint.h>
#include <time.h>

/* Monotonic time in microseconds (CLOCK_MONOTONIC): for clocks, timers, latency. */
uint64_t now_mono_us(void);

/* Wall-clock time in milliseconds since the Unix epoch (CLOCK_REALTIME): for stored dates. */
int64_t now_wall_ms(void);

/* The CLOCK_REALTIME instant after_ms from now, as pthread_cond_timedwait takes its deadline. */
struct timespec now_wall_after(uint32_t after_ms);

#endif
