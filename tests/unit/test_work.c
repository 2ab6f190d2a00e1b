/* test_work.c: the worker thread of work.h: jobs come back in the order submitted, on the
 * owner's thread, after a wake; work_free cancels the running job, waits for it and drops
 * every job not handed back (ASan: nothing leaks). SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "bh.h"
#include "bh_test.h"
#include "work.h"

typedef struct {
    int id;
    atomic_int stop;
    bool spin; /* run until cancelled */
    int *order, *n;
} job;

static atomic_int wakes;
static int dropped;

static void run(void *arg)
{
    job *j = arg;
    while (j->spin && !atomic_load(&j->stop)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
}

static void done(void *ctx, void *arg)
{
    (void)ctx;
    job *j = arg;
    j->order[(*j->n)++] = j->id;
    free(j);
}

static void drop(void *arg)
{
    dropped++;
    free(arg);
}

static void cancel(void *arg)
{
    atomic_store(&((job *)arg)->stop, 1);
}

static void wake(void *ctx)
{
    (void)ctx;
    atomic_fetch_add(&wakes, 1);
}

static job *new_job(int id, bool spin, int *order, int *n)
{
    job *j = calloc(1, sizeof *j);
    j->id = id;
    j->spin = spin;
    j->order = order;
    j->n = n;
    atomic_init(&j->stop, 0);
    return j;
}

static void in_order(void)
{
    work_fns f = {run, done, drop, cancel, NULL, wake, NULL, 0};
    work *w = NULL;
    CHECK_EQ_INT("new", BH_OK, work_new(&f, &w));
    int order[8], n = 0;
    atomic_store(&wakes, 0);
    for (int i = 0; i < 5; i++)
        work_submit(w, new_job(i, false, order, &n));
    CHECK_EQ_INT("pending", 5, work_pending(w));
    for (int k = 0; k < 5000 && n < 5; k++) {
        if (atomic_load(&wakes))
            work_drain(w);
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    CHECK_EQ_INT("all back", 5, n);
    for (int i = 0; i < n; i++)
        CHECK_EQ_INT("in order", i, order[i]);
    CHECK_MSG(atomic_load(&wakes) >= 1, "no wake");
    CHECK_EQ_INT("none pending", 0, work_pending(w));
    work_free(w);
}

/* A job that runs until it is cancelled and two queued behind it: work_free returns (it
 * cancels the first) and drops all three. */
static void free_cancels(void)
{
    work_fns f = {run, done, drop, cancel, NULL, wake, NULL, 0};
    work *w = NULL;
    CHECK_EQ_INT("new", BH_OK, work_new(&f, &w));
    int order[8], n = 0;
    dropped = 0;
    work_submit(w, new_job(0, true, order, &n));
    work_submit(w, new_job(1, false, order, &n));
    work_submit(w, new_job(2, false, order, &n));
    struct timespec ts = {0, 20000000};
    nanosleep(&ts, NULL); /* the first is running */
    work_free(w);
    CHECK_EQ_INT("dropped", 3, dropped);
    CHECK_EQ_INT("none delivered", 0, n);
    work_free(NULL);
}

static const bh_test_case cases[] = {
    {"in_order", in_order},
    {"free_cancels", free_cancels},
};

BH_TEST_MAIN(cases)
