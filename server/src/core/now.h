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

/* The loop thread's own CPU time in microseconds (CLOCK_THREAD_CPUTIME_ID of the calling
 * thread): BH_LOOP_TRACE's time on the CPU of a turn. */
uint64_t now_thread_cpu_us(void);

/* CPU time the hypervisor gave to other machines so far, summed over this machine's CPUs, in
 * microseconds ("steal", the 8th value of /proc/stat's cpu line, proc(5)); 0 when unknown.
 * No process here runs in it, and no run queue shows it: BH_LOOP_TRACE and bench_load report
 * it beside their latencies. */
uint64_t now_steal_us(void);

/* wall_ms (ms since the Unix epoch) as PGN's UTC date "YYYY.MM.DD" into out (11 bytes with
 * the NUL). Pure arithmetic (the proleptic Gregorian calendar), no clock read; a negative
 * wall_ms (before 1970) is written as "????.??.??", PGN's unknown date. */
void now_pgn_date(int64_t wall_ms, char out[11]);

#endif
