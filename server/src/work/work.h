/* work.h: one worker thread for long computations off the event loop (a
 * deep pairing takes seconds; the loop keeps serving every game meanwhile).
 * SPDX-License-Identifier: MIT
 * The owner (the loop's thread) submits jobs; the worker runs them one at a time, in order;
 * each finished job is handed back on the owner's thread by work_drain, which the owner calls
 * when the wake callback (called on the worker's thread) asks it to. Nothing here knows what a
 * job is: it is an opaque pointer and the owner's four functions. */
#ifndef BH_WORK_H
#define BH_WORK_H

#include <stdbool.h>

typedef struct work work;

typedef struct {
    void (*run)(void *arg);             /* the computation: on the worker thread */
    void (*done)(void *ctx, void *arg); /* back on the owner's thread (work_drain); takes arg */
    void (*drop)(void *arg);            /* work_free: free a job that is not delivered */
    void (*cancel)(void *arg);          /* work_free: ask the running job to give up soon;
                                         * called on the owner's thread while run runs on the
                                         * worker: must be thread-safe; may be NULL */
    void *ctx;                          /* passed to done */
    void (*wake)(void *wake_ctx);       /* a job finished: call work_drain soon; on the
                                         * worker's thread (e.g. net_wake) */
    void *wake_ctx;
    int nice; /* the worker's nice value (Linux: per thread), so that on a busy machine the
               * loop's thread wins the CPU from it; 0 none */
} work_fns;

/* Start the worker with the functions f (copied). BH_OK with *out, or BH_EIO (no thread:
 * logged). Caller frees with work_free. */
int work_new(const work_fns *f, work **out);

/* Queue job arg (owned by the queue until done or drop gets it). Owner's thread. */
void work_submit(work *w, void *arg);

/* Hand every finished job to done, in the order submitted. Owner's thread. Returns how many. */
int work_drain(work *w);

/* Jobs submitted and not yet handed back (running, queued or finished). */
int work_pending(const work *w);

/* Stop: cancel the running job (f.cancel), wait for it, drop it and every job not handed back,
 * join the thread and free w. Owner's thread; NULL is a no-op. */
void work_free(work *w);

#endif
