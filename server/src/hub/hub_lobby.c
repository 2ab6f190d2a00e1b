/* hub_lobby.c: the lobby's tables in the hub (issue 28 item 2): the `lobby` and `table`
 * messages carried out. SPDX-License-Identifier: MIT
 * What a table allows is lobby.h's (the pure module decides); this file names the person (the
 * connection's account or guest name, hub_acct.c), makes the private links' random tokens,
 * creates the game of a table whose four seats are taken and ready (as a director's
 * game_create does: a waiting game and one player token per seat, hub_out.c), tells each seated
 * connection its own token, and pushes the table list to the connections that asked for it
 * once per turn (hub_turn_end). Nothing is stored before the start: a restart empties the
 * lobby, and a started table's game is a stored game like any other. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "hub_int.h"
#include "lobby.h"
#include "log.h"
#include "now.h"
#include "xalloc.h"

_Static_assert(LOBBY_NAME_MAX == PROTO_NAME_MAX, "a lobby name holds a wire name");
_Static_assert(LOBBY_LINK_LEN == AUTH_TOKEN_LEN, "a table's link is a random token");
_Static_assert(LOBBY_SEATS == 4, "a table seats a bughouse game");

static lobby *lob(hub *h)
{
    if (!h->lobby_)
        h->lobby_ = lobby_new(LOBBY_TABLES_MAX, LOBBY_PER_CREATOR_MAX);
    return h->lobby_;
}

/* t as conn sees it (borrowed strings: valid until the lobby changes). */
static proto_table_view view_of(const lobby_table *t, uint64_t conn)
{
    proto_table_view v = {.table = t->id,
                          .base_ms = t->base_ms,
                          .inc_ms = t->inc_ms,
                          .rated = t->rated,
                          .ruleset = lobby_ruleset_name(t->ruleset),
                          .priv = t->priv,
                          .creator = t->creator_name,
                          .mine = conn && t->creator == conn,
                          .you = -1};
    for (int i = 0; i < 4; i++) {
        const lobby_seat *s = &t->seat[i];
        if (!s->conn)
            continue;
        v.seats[i].name = s->name;
        v.seats[i].account = s->account;
        v.seats[i].ready = s->ready;
        if (conn && s->conn == conn)
            v.you = i;
    }
    if (t->priv && (v.mine || v.you >= 0))
        v.link = t->link;
    return v;
}

/* Is conn at t: its creator or seated? */
static bool involved(const lobby_table *t, uint64_t conn)
{
    if (t->creator == conn)
        return true;
    for (int i = 0; i < 4; i++)
        if (t->seat[i].conn == conn)
            return true;
    return false;
}

/* The list conn sees (conn 0: a connection at no table): the public tables and the private
 * ones it is involved in. */
static char *enc_list(hub *h, bool has_id, int64_t id, uint64_t conn)
{
    lobby *l = lob(h);
    int n = lobby_count(l);
    proto_table_view *v = xcalloc((size_t)n + 1, sizeof *v);
    size_t k = 0;
    for (int i = 0; i < n; i++) {
        const lobby_table *t = lobby_at(l, i);
        if (!t->priv || (conn && involved(t, conn)))
            v[k++] = view_of(t, conn);
    }
    int ns = lobby_seek_count(l);
    proto_seek_view *sk = xcalloc((size_t)ns + 1, sizeof *sk);
    for (int i = 0; i < ns; i++) {
        const lobby_seek *x = lobby_seek_at(l, i);
        sk[i] = (proto_seek_view){x->id, x->name, x->account, conn && x->conn == conn};
    }
    char *msg = proto_enc_lobby(has_id, id, v, k, sk, (size_t)ns, now_wall_ms());
    free(v);
    free(sk);
    return msg;
}

/* Is conn involved in any table or seek (its list differs from the common one)? */
static bool anywhere(hub *h, uint64_t conn)
{
    lobby *l = lob(h);
    for (int i = 0; i < lobby_seek_count(l); i++)
        if (lobby_seek_at(l, i)->conn == conn)
            return true;
    for (int i = 0; i < lobby_count(l); i++)
        if (involved(lobby_at(l, i), conn))
            return true;
    return false;
}

void hub__lobby_push(hub *h)
{
    h->lobby_dirty = false;
    hub_blob *common = NULL;
    for (int i = 0; i < h->capsess; i++) {
        const hub_sess *s = &h->sess[i];
        if (!s->conn || !s->lobby_sub)
            continue;
        if (anywhere(h, s->conn)) { /* its own view: at most 5 per table */
            hub__queue(h, s->conn, enc_list(h, false, 0, s->conn));
            continue;
        }
        if (!common)
            common = hub__blob_new(enc_list(h, false, 0, 0));
        hub__queue_blob(h, s->conn, common);
    }
    hub__blob_unref(common);
}

void hub__lobby_sub(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    s->lobby_sub = true;
    hub__queue(h, s->conn, enc_list(h, true, m->id, s->conn));
}

/* Create the game of table t (four seated and ready) and tell each seat its token. BH_OK or
 * the store's or the token's error (nothing sent then; the table stays). */
static int start_table(hub *h, const lobby_table *t, uint64_t now_us)
{
    store_game row = {.base_ms = t->base_ms,
                      .inc_ms = t->inc_ms,
                      .created_ms = now_wall_ms(),
                      .status = STORE_WAITING,
                      .names = {t->seat[0].name, t->seat[1].name, t->seat[2].name, t->seat[3].name},
                      .ruleset = lobby_ruleset_name(t->ruleset)};
    char tokens[4][AUTH_TOKEN_LEN + 1];
    int rc = store_game_add(h->st, &row, &row.id);
    for (int i = 0; i < 4 && rc == BH_OK; i++)
        rc = hub__token_new(h, "player", row.id, i, tokens[i]);
    if (rc == BH_OK)
        rc = hub__game_load(h, &row, now_us);
    if (rc == BH_OK && t->rated) { /* G-RATED: its four accounts, kept for its end */
        int64_t acc[4] = {0};
        for (int i = 0; i < 4; i++) {
            const hub_sess *s = hub__sess_find(h, t->seat[i].conn);
            acc[i] = s ? s->account : 0;
        }
        hub__rated_start(h, row.id, acc);
    }
    if (rc != BH_OK) {
        h->store_failed = true;
        return rc;
    }
    log_info("hub: table %lld started as game %lld (%s, %s & %s vs %s & %s)", (long long)t->id,
             (long long)row.id, t->rated ? "rated" : "casual", t->seat[0].name, t->seat[3].name,
             t->seat[1].name, t->seat[2].name);
    for (int i = 0; i < 4; i++) {
        proto_table_view v = view_of(t, t->seat[i].conn);
        v.started = true;
        v.game = row.id;
        v.token = tokens[i];
        hub__queue(h, t->seat[i].conn, proto_enc_table(false, 0, &v));
    }
    return BH_OK;
}

static void reply_table(hub *h, hub_sess *s, int64_t id, int64_t table)
{
    const lobby_table *t = table ? lobby_find(lob(h), table) : NULL;
    if (!t) { /* started or closed meanwhile; a seek's act */
        hub__queue(h, s->conn, proto_enc_ack(id, -1, 0, 0, 0));
        return;
    }
    proto_table_view v = view_of(t, s->conn);
    hub__queue(h, s->conn, proto_enc_table(true, id, &v));
}

void hub__lobby_table(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_table *x = &m->table;
    lobby *l = lob(h);
    lobby_person who = {s->conn, s->name, s->account > 0};
    const char *field = NULL;
    int64_t table = x->table;
    int rc = BH_OK;
    if (!s->name[0] || (!s->account && !s->guest)) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "session"); /* as entry_link */
        return;
    }
    switch (x->action) {
    case PROTO_TABLE_CREATE: {
        int ruleset = lobby_ruleset_by_name(x->ruleset);
        lobby_opts o = {x->base_ms, x->inc_ms, x->rated, ruleset, x->priv};
        char link[AUTH_TOKEN_LEN + 1] = "";
        if (x->priv && auth_token_new(link) != BH_OK) {
            hub__error(h, s->conn, true, m->id, BH_EIO, NULL);
            return;
        }
        rc = lobby_create(l, &who, &o, link, &table, &field);
        if (rc == BH_OK)
            log_info("hub: %s opened table %lld", s->name, (long long)table);
        break;
    }
    case PROTO_TABLE_SIT: rc = lobby_sit(l, table, &who, x->seat, x->link, &field); break;
    case PROTO_TABLE_STAND: rc = lobby_stand(l, s->conn, &table, &field); break;
    case PROTO_TABLE_READY:
    case PROTO_TABLE_UNREADY: {
        bool start = false;
        rc = lobby_ready(l, s->conn, x->action == PROTO_TABLE_READY, &table, &start, &field);
        if (rc == BH_OK && start) {
            const lobby_table *t = lobby_find(l, table);
            rc = start_table(h, t, now_us);
            if (rc != BH_OK) {
                hub__error(h, s->conn, true, m->id, rc, NULL);
                return;
            }
            lobby_remove(l, table);
        }
        break;
    }
    case PROTO_TABLE_SEEK: {
        int64_t seek = 0;
        rc = lobby_seek_add(l, &who, &seek, &field);
        table = 0;
        break;
    }
    case PROTO_TABLE_UNSEEK:
        rc = lobby_seek_cancel(l, s->conn, &field);
        table = 0;
        break;
    case PROTO_TABLE_PARTNER: {
        lobby_opts o = {x->base_ms, x->inc_ms, x->rated, lobby_ruleset_by_name(x->ruleset), false};
        rc = lobby_partner(l, &who, x->seek, &o, &table, &field);
        break;
    }
    case PROTO_TABLE_KICK: {
        uint64_t kicked = 0;
        rc = lobby_kick(l, s->conn, table, x->seat, &kicked, &field);
        break;
    }
    default: rc = BH_EFIELD; field = "action";
    }
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, field);
        return;
    }
    h->lobby_dirty = true;
    reply_table(h, s, m->id, table);
}

void hub__lobby_gone(hub *h, uint64_t conn)
{
    if (!h->lobby_)
        return;
    int64_t closed[LOBBY_PER_CREATOR_MAX];
    int n = 0;
    if (lobby_gone(h->lobby_, conn, closed, LOBBY_PER_CREATOR_MAX, &n) > 0)
        h->lobby_dirty = true;
}

void hub__lobby_who_changed(hub *h, uint64_t conn)
{
    int64_t table = 0;
    if (h->lobby_ && lobby_stand(h->lobby_, conn, &table, NULL) == BH_OK)
        h->lobby_dirty = true;
    if (h->lobby_ && lobby_seek_cancel(h->lobby_, conn, NULL) == BH_OK)
        h->lobby_dirty = true;
}

void hub__lobby_free(hub *h)
{
    lobby_free(h->lobby_);
    h->lobby_ = NULL;
}
