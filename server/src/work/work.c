/* work.c: the worker of work.h: a mutex, a condition variable and two FIFO lists (queued,
 * finished) of the owner's jobs. SPDX-License-Identifier: MIT
 * The lock is never held while a job runs or while a callback of the owner is called. */
#define _DEFAULT_SOURCE /* syscall(SYS_gettid): the worker's own nice value */
#include "work.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "bh.h"
#include "log.h"
#include "xalloc.h"

typedef struct item {
    void *arg;
    struct item *next;
} item;

typedef struct {
    item *head, *tail;
} fifo;

struct work {
    work_fns f;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    fifo queued, finished; /* under mu */
    item *running;         /* under mu: the job the worker runs, NULL none */
    bool stop;             /* under mu */
    int pending;           /* owner's thread only */
};

static void push(fifo *q, item *it)
{
    it->next = NULL;
    if (q->tail)
        q->tail->next = it;
    else
        q->head = it;
    q->tail = it;
}

static item *pop(fifo *q)
{
    item *it = q->head;
    if (it && !(q->head = it->next))
        q->tail = NULL;
    return it;
}

static void *worker(void *arg)
{
    work *w = arg;
#if defined(__linux__)
    /* Linux keeps a nice value per thread: this lowers the worker only, not the loop. */
    if (w->f.nice && setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), w->f.nice) != 0)
        log_warn("work: cannot lower the worker's priority");
#endif
    pthread_mutex_lock(&w->mu);
    while (!w->stop) {
        item *it = pop(&w->queued);
        if (!it) {
            pthread_cond_wait(&w->cv, &w->mu);
            continue;
        }
        w->running = it;
        pthread_mutex_unlock(&w->mu);
        w->f.run(it->arg);
        pthread_mutex_lock(&w->mu);
        w->running = NULL;
        push(&w->finished, it);
        pthread_mutex_unlock(&w->mu);
        w->f.wake(w->f.wake_ctx);
        pthread_mutex_lock(&w->mu);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

int work_new(const work_fns *f, work **out)
{
    work *w = xcalloc(1, sizeof *w);
    w->f = *f;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    int rc = pthread_create(&w->thread, NULL, worker, w);
    if (rc != 0) {
        log_error("work: cannot start the worker thread (error %d)", rc);
        pthread_cond_destroy(&w->cv);
        pthread_mutex_destroy(&w->mu);
        free(w);
        return BH_EIO;
    }
    *out = w;
    return BH_OK;
}

void work_submit(work *w, void *arg)
{
    item *it = xmalloc(sizeof *it);
    it->arg = arg;
    pthread_mutex_lock(&w->mu);
    push(&w->queued, it);
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    w->pending++;
}

int work_drain(work *w)
{
    int n = 0;
    for (;;) {
        pthread_mutex_lock(&w->mu);
        item *it = pop(&w->finished);
        pthread_mutex_unlock(&w->mu);
        if (!it)
            return n;
        void *arg = it->arg;
        free(it);
        w->pending--;
        n++;
        w->f.done(w->f.ctx, arg);
    }
}

int work_pending(const work *w)
{
    return w->pending;
}

void work_free(work *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->stop = true;
    if (w->running && w->f.cancel)
        w->f.cancel(w->running->arg);
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    for (fifo *q = &w->queued; q; q = q == &w->queued ? &w->finished : NULL)
        for (item *it; (it = pop(q));) {
            w->f.drop(it->arg);
            free(it);
        }
    pthread_cond_destroy(&w->cv);
    pthread_mutex_destroy(&w->mu);
    free(w);
}
