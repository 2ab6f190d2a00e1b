/* hub_out.c: the bottom of the hub, what every hub file uses: the turn's outbox (replies,
 * shared buffers for pushes, closes), typed errors, and the tokens minted in the turn's
 * transaction. SPDX-License-Identifier: MIT
 * Every reply goes through the outbox, which hub_turn_end hands to the transport only after
 * the store has committed the turn (DESIGN.md "store": written before acknowledged). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "hub_int.h"
#include "log.h"
#include "utf8.h"
#include "xalloc.h"

/* msg (owned) checked for UTF-8; returns it or its repair (msg freed), its length in *len. */
static char *checked(uint64_t conn, char *msg, size_t *len)
{
    size_t bad = 0;
    *len = strlen(msg);
    /* Valid UTF-8, always: a strict client (a browser, node's ws) drops the connection on one
     * bad byte and reconnects in a loop. Every string we send was checked when it came in and
     * is stored whole (protocol/README.md "Strings"), so this is a last line that should
     * never fire; if it does, the message goes out repaired (U+FFFD) and the log says so. */
    if (!bh_utf8_valid(msg, *len, &bad)) {
        log_error("hub: a message to %llx is not valid UTF-8 at byte %zu (sent repaired): %.80s",
                  (unsigned long long)conn, bad, msg);
        char *fixed = bh_utf8_repair(msg, *len, len);
        free(msg);
        msg = fixed;
    }
    return msg;
}

void hub__queue(hub *h, uint64_t conn, char *msg)
{
    size_t len;
    msg = checked(conn, msg, &len);
    BH_GROW(h->out, h->nout, h->capout);
    h->out[h->nout++] = (hub_out){conn, msg, len, NULL, NULL};
}

hub_blob *hub__blob_new(char *msg)
{
    size_t len;
    msg = checked(0, msg, &len);
    hub_blob *b = xmalloc(sizeof *b + len + 1);
    b->refs = 1;
    b->len = len;
    memcpy(b->msg, msg, len + 1);
    free(msg);
    return b;
}

void hub__queue_blob(hub *h, uint64_t conn, hub_blob *b)
{
    b->refs++;
    BH_GROW(h->out, h->nout, h->capout);
    h->out[h->nout++] = (hub_out){conn, NULL, b->len, NULL, b};
}

void hub__blob_unref(hub_blob *b)
{
    if (b && --b->refs == 0)
        free(b);
}

void hub__out_free(hub_out *o)
{
    free(o->msg);
    hub__blob_unref(o->blob);
}

void hub__queue_close(hub *h, uint64_t conn, const char *reason)
{
    BH_GROW(h->out, h->nout, h->capout);
    h->out[h->nout++] = (hub_out){conn, NULL, 0, reason, NULL};
}

void hub__error(hub *h, uint64_t conn, bool has_id, int64_t id, int code, const char *field)
{
    hub__queue(h, conn, proto_enc_error(has_id, id, code, field));
}

int hub__token_new(hub *h, const char *role, int64_t ref, int seat, char token[AUTH_TOKEN_LEN + 1])
{
    char hash[AUTH_HASH_LEN + 1];
    int rc = auth_token_new(token);
    if (rc == BH_OK)
        rc = auth_hash(token, hash);
    if (rc == BH_OK)
        rc = store_token_add(h->st, hash, role, ref, seat);
    return rc;
}

bool hub__team_link(hub *h, int64_t team, char out[HUB_LINK_LEN + 1])
{
    char hash[AUTH_HASH_LEN + 1];
    if (store_token_hash(h->st, "team", team, -1, hash, sizeof hash) != BH_OK ||
        strlen(hash) < HUB_LINK_LEN)
        return false;
    memcpy(out, hash, HUB_LINK_LEN);
    out[HUB_LINK_LEN] = 0;
    return true;
}

int hub__seat_token(hub *h, int64_t gid, int seat, char token[AUTH_TOKEN_LEN + 1])
{
    _Static_assert(sizeof h->cfg.token_key == AUTH_KEY_BYTES, "the seat-token key");
    char hash[AUTH_HASH_LEN + 1];
    int rc = auth_seat_token(h->cfg.token_key, (long long)gid, seat, token);
    if (rc == BH_OK)
        rc = auth_hash(token, hash);
    if (rc == BH_OK)
        rc = store_token_add(h->st, hash, "player", gid, seat);
    return rc == BH_EEXIST ? BH_OK : rc; /* handed out before: the same row */
}
