/* hub_node.c: the hub as one node of a cluster sharing one database (hub_config.node,
 * bughouse-server --node): its join, its lease's renewal, the games it claims at load and
 * takes over from nodes whose lease ran out, and its own fence once it lost its lease.
 * SPDX-License-Identifier: MIT
 * The store fences each write of a game (store_node.h); what is decided here is when this
 * node may still write at all. The lease runs lease_ms from the start of a renewal that was
 * committed; the node renews every fifth of it, and stops writing and sending once three
 * quarters of it passed without one (a pause by SIGSTOP, a stalled database), a quarter
 * before any other node may take its games: the margin covers the nodes' wall clocks, which
 * must agree to well within it (NTP). A takeover resumes the game as a restart does
 * (HUB_RECOVER_RESUME, DESIGN.md "store"): the clocks go on from its last stored event, so the
 * outage is not charged to the player on move and nobody flags inside it. */
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "hub_int.h"
#include "log.h"
#include "now.h"
#include "store_node.h"
#include "xalloc.h"

/* Games taken over per renewal: a node that took a dead one's thousands of games loads them
 * over a few seconds, answering its own players in between. */
#define TAKEOVER_BATCH 256

struct hub_node {
    int64_t epoch;        /* the join's */
    uint64_t renew_at_us; /* the next renewal (monotonic) */
    uint64_t asked_us;    /* the start of the renewal written in the open turn, 0 none */
    uint64_t held_us;     /* the start of the last committed one: the lease holds from there */
    bool lost;            /* the lease is lost: nothing more is written or sent */
};

static uint64_t lease_us(const hub *h)
{
    return (uint64_t)h->cfg.lease_ms * 1000;
}

int hub__node_join(hub *h, uint64_t now_us)
{
    if (!h->cfg.node[0])
        return BH_OK;
    if (h->cfg.lease_ms <= 0)
        h->cfg.lease_ms = HUB_LEASE_MS_DEFAULT;
    hub_node *n = xcalloc(1, sizeof *n);
    h->node_ = n;
    int rc = store_node_join(h->st, h->cfg.node, now_wall_ms(), h->cfg.lease_ms, &n->epoch);
    if (rc == BH_OK)
        rc = store_flush(h->st);
    if (rc == BH_OK)
        rc = store_node_bind(h->st, h->cfg.node, n->epoch);
    if (rc != BH_OK)
        return rc;
    n->held_us = now_us;
    n->renew_at_us = now_us + lease_us(h) / 5;
    log_info("node %s: joined at epoch %lld (lease %d ms)", h->cfg.node, (long long)n->epoch,
             h->cfg.lease_ms);
    return BH_OK;
}

int hub__node_alone(hub *h)
{
    int n = 0;
    if (h->cfg.node[0] || store_node_live(h->st, now_wall_ms(), &n) != BH_OK || n == 0)
        return BH_OK;
    log_error("%d nodes of a cluster run on this database: start this server with --node too "
              "(one without it would run their games beside them)",
              n);
    return BH_ESTATE;
}

bool hub__node_claim(hub *h, int64_t gid)
{
    if (!h->node_)
        return true;
    int64_t epoch;
    int rc = store_node_claim(h->st, h->cfg.node, gid, now_wall_ms(), &epoch);
    if (rc == BH_ESTATE || rc == BH_ENOTFOUND)
        return false; /* a live node's, or no such game */
    if (rc != BH_OK) {
        h->store_failed = true;
        return false;
    }
    return true;
}

uint64_t hub__node_deadline(const hub *h)
{
    return h->node_ && !h->node_->lost ? h->node_->renew_at_us : 0;
}

bool hub__node_lost(hub *h, uint64_t now_us)
{
    hub_node *n = h->node_;
    if (!n)
        return false;
    if (!n->lost && now_us >= n->held_us + lease_us(h) * 3 / 4) {
        log_error("node %s: no renewal of its lease for %.1f s (paused or cut off): fenced",
                  h->cfg.node, (double)(now_us - n->held_us) / 1e6);
        n->lost = true;
    }
    if (n->lost)
        store_node_fenced(h->st);
    return n->lost;
}

typedef struct {
    hub *h;
    uint64_t now_us;
    int rc;
} take_ctx;

static int take_row(void *ctx, const store_game *row)
{
    take_ctx *t = ctx;
    t->rc = hub__game_load(t->h, row, t->now_us);
    return 0;
}

/* Renew the lease now and commit (with what the turn wrote so far): held from now. BH_OK,
 * BH_EFENCED (lost: n->lost set) or BH_ESTORE. */
static int renew_now(hub *h)
{
    hub_node *n = h->node_;
    uint64_t t = now_mono_us();
    int rc = store_node_renew(h->st, h->cfg.node, n->epoch, now_wall_ms(), h->cfg.lease_ms);
    if (rc == BH_OK)
        rc = store_flush(h->st);
    if (rc == BH_OK)
        n->held_us = t;
    else if (rc == BH_EFENCED)
        n->lost = true;
    return rc;
}

/* Claim and load the games of ids (n of them, ascending) that are still free, until budget_us
 * of the loop's time passed (0: no bound; the lease is then renewed whenever a quarter of it
 * went by, so that a start that loads thousands of games keeps it); log_each: log each one
 * taken over. Returns how many ids were looked at, or -1 when the store failed or the lease
 * was lost (store_failed or n->lost set). */
static int claim_and_load(hub *h, const int64_t *ids, int n, uint64_t budget_us, bool log_each)
{
    uint64_t t0 = now_mono_us();
    for (int i = 0; i < n; i++) {
        uint64_t t = now_mono_us();
        if (budget_us && t - t0 > budget_us)
            return i;
        if (!budget_us && t - h->node_->held_us > lease_us(h) / 4 && renew_now(h) != BH_OK) {
            h->store_failed = true;
            return -1;
        }
        char was[STORE_NODE_NAME_MAX + 1] = "";
        int64_t epoch;
        if (hub__game_by_id(h, ids[i]))
            continue; /* in memory already */
        if (log_each) /* whose it was: read only for the log, before the claim changes it */
            store_node_owner(h->st, ids[i], was, &epoch);
        if (!hub__node_claim(h, ids[i]))
            continue; /* gone, or another node's */
        take_ctx tc = {h, t, BH_ENOTFOUND};
        if (store_game_get(h->st, ids[i], take_row, &tc) != BH_OK || tc.rc != BH_OK) {
            h->store_failed = true;
            return -1;
        }
        if (log_each)
            log_info("node %s: took game %lld over from %s", h->cfg.node, (long long)ids[i],
                     was[0] ? was : "no node");
    }
    return n;
}

int hub__node_load(hub *h, const int64_t *ids, int n)
{
    if (!h->node_)
        return BH_OK;
    if (claim_and_load(h, ids, n, 0, false) < 0)
        return h->node_->lost ? BH_EFENCED : BH_ESTORE;
    return renew_now(h); /* held from the end of the load */
}

/* Claim and load the games whose owner's lease ran out (store_node_orphans), up to
 * TAKEOVER_BATCH and a tenth of a lease of the loop's time: the rest at the next renewal. */
static void take_over(hub *h)
{
    int64_t ids[TAKEOVER_BATCH];
    int n = 0;
    if (store_node_orphans(h->st, h->cfg.node, now_wall_ms(), ids, TAKEOVER_BATCH, &n) != BH_OK) {
        h->store_failed = true;
        return;
    }
    claim_and_load(h, ids, n, lease_us(h) / 10, true);
}

void hub__node_timers(hub *h, uint64_t now_us)
{
    hub_node *n = h->node_;
    if (!n || n->lost || now_us < n->renew_at_us)
        return;
    n->renew_at_us = now_us + lease_us(h) / 5;
    int rc = store_node_renew(h->st, h->cfg.node, n->epoch, now_wall_ms(), h->cfg.lease_ms);
    if (rc == BH_EFENCED) {
        log_error("node %s: its lease is gone (run out, or its name joined again): fenced",
                  h->cfg.node);
        n->lost = true;
        return;
    }
    if (rc != BH_OK) {
        h->store_failed = true;
        return;
    }
    n->asked_us = now_us;
    take_over(h);
}

int hub__node_committed(hub *h)
{
    hub_node *n = h->node_;
    if (!n)
        return BH_OK;
    if (n->lost)
        return BH_EFENCED;
    if (n->asked_us)
        n->held_us = n->asked_us;
    n->asked_us = 0;
    return BH_OK;
}

typedef struct {
    hub *h;
    uint64_t now_us;
    bool open; /* the row is of a game not finished (not loaded) */
    int rc;
} fetch_ctx;

static int fetch_row(void *ctx, const store_game *row)
{
    fetch_ctx *f = ctx;
    f->open = row->status != STORE_FINISHED;
    if (!f->open)
        f->rc = hub__game_load(f->h, row, f->now_us);
    return 0;
}

hub_game *hub__node_fetch(hub *h, uint64_t conn, bool has_id, int64_t id, int64_t gid,
                          const char *field, bool *moved)
{
    *moved = false;
    if (!h->node_ || h->node_->lost || gid <= 0)
        return NULL;
    fetch_ctx f = {h, now_mono_us(), false, BH_OK};
    if (store_game_get(h->st, gid, fetch_row, &f) != BH_OK || f.rc != BH_OK)
        return NULL; /* no such game (or the store failed: logged) */
    if (!f.open)
        return hub__game_by_id(h, gid); /* finished: any node shows it */
    char owner[STORE_NODE_NAME_MAX + 1];
    int64_t epoch;
    if (store_node_owner(h->st, gid, owner, &epoch) != BH_OK)
        return NULL;
    if (hub__node_claim(h, gid)) { /* no live node holds it: taken over now */
        take_ctx t = {h, f.now_us, BH_ENOTFOUND};
        if (store_game_get(h->st, gid, take_row, &t) != BH_OK || t.rc != BH_OK) {
            h->store_failed = true;
            return NULL;
        }
        log_info("node %s: took game %lld over from %s (asked for it)", h->cfg.node, (long long)gid,
                 owner[0] ? owner : "no node");
        return hub__game_by_id(h, gid);
    }
    if (h->store_failed || !owner[0])
        return NULL;
    hub__queue(h, conn, proto_enc_moved(has_id, id, field, owner));
    *moved = true;
    return NULL;
}

int hub_leave(hub *h)
{
    hub_node *n = h->node_;
    if (!n || n->lost)
        return BH_OK;
    int rc = store_node_leave(h->st, h->cfg.node, n->epoch);
    if (rc == BH_OK)
        rc = store_flush(h->st);
    if (rc == BH_OK)
        log_info("node %s: left the cluster (its games go to the other nodes now)", h->cfg.node);
    n->lost = true; /* nothing more is written */
    return rc;
}

void hub__node_free(hub *h)
{
    free(h->node_);
    h->node_ = NULL;
}
