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
#include "rating.h"
#include "result.h"
#include "xalloc.h"

_Static_assert(LOBBY_NAME_MAX == PROTO_NAME_MAX, "a lobby name holds a wire name");
_Static_assert(LOBBY_LINK_LEN == AUTH_TOKEN_LEN, "a table's link is a random token");
_Static_assert(LOBBY_SEATS == 4, "a table seats a bughouse game");
_Static_assert(LOBBY_QUEUE_MAX == PROTO_QUEUE_MAX, "the wire lists every one waiting");

static lobby *lob(hub *h)
{
    if (!h->lobby_)
        h->lobby_ = lobby_new(LOBBY_TABLES_MAX, LOBBY_PER_CREATOR_MAX);
    return h->lobby_;
}

/* t as conn sees it (borrowed strings: valid until the lobby changes); its team 1's expected
 * score when its four seats are accounts with ratings (G-TEAM). */
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
    rating r[4];
    int rated = 0;
    for (int i = 0; i < 4; i++) {
        const lobby_seat *s = &t->seat[i];
        if (!s->conn)
            continue;
        v.seats[i].name = s->name;
        v.seats[i].account = s->account;
        v.seats[i].ready = s->ready;
        if (s->rd > 0) { /* G-PROVISIONAL's mark with it */
            r[i] = (rating){s->rating, s->rd, 0, 0};
            v.seats[i].rating = s->rating;
            v.seats[i].rd = s->rd;
            v.seats[i].provisional = rating_is_provisional(&r[i]);
            rated++;
        }
        if (conn && s->conn == conn)
            v.you = i;
    }
    v.with_expected = rated == 4;
    if (rated == 4) /* team 1 is seats 0 + 3 (P-TEAM) */
        v.expected = rating_team_expected(&r[0], &r[3], &r[1], &r[2]);
    for (int k = 0; k < t->nqueue; k++) { /* O-ROTATION: who waits for a later game */
        v.queue[v.nqueue++] = t->queue[k].name;
        if (conn && t->queue[k].conn == conn && t->priv)
            v.link = t->link; /* a waiting friend keeps the link to pass on */
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
    for (int k = 0; k < t->nqueue; k++)
        if (t->queue[k].conn == conn)
            return true;
    return false;
}

static proto_table_view played_view(const lobby_played *p, uint64_t conn, const hub_sess *s);

/* Does s (by name) wait at p (O-ROTATION)? */
static bool waits_at(const lobby_played *p, const hub_sess *s)
{
    if (!s || (!s->account && !s->guest))
        return false;
    lobby_person who = {.conn = s->conn, .name = s->name, .account = s->account > 0};
    for (int k = 0; k < p->nqueue; k++)
        if (lobby_is(&p->queue[k], &who))
            return true;
    return false;
}

/* Is s (by its name) a player of p, whose game ended: the rematch is s's to accept? */
static bool offered(const lobby_played *p, const hub_sess *s)
{
    lobby_person who = {
        .conn = s ? s->conn : 0, .name = s ? s->name : "", .account = s && s->account > 0};
    return p->over && s && (s->account || s->guest) && lobby_played_by(p, &who);
}

/* The list s sees (NULL: a connection at no table): the public tables and the private ones
 * it is involved in, then the played tables whose rematch is offered to it (status rematch). */
static char *enc_list(hub *h, bool has_id, int64_t id, const hub_sess *s)
{
    lobby *l = lob(h);
    uint64_t conn = s ? s->conn : 0;
    int n = lobby_count(l), np = lobby_played_count(l);
    proto_table_view *v = xcalloc((size_t)n + (size_t)np + 1, sizeof *v);
    size_t k = 0;
    for (int i = 0; i < n; i++) {
        const lobby_table *t = lobby_at(l, i);
        if (!t->priv || (conn && involved(t, conn)))
            v[k++] = view_of(t, conn);
    }
    for (int i = 0; i < np; i++) {
        const lobby_played *p = lobby_played_at(l, i);
        if (offered(p, s) || waits_at(p, s)) /* a rematch, or the game those waiting wait for */
            v[k++] = played_view(p, conn, s);
    }
    int ns = lobby_seek_count(l);
    proto_seek_view *sk = xcalloc((size_t)ns + 1, sizeof *sk);
    for (int i = 0; i < ns; i++) {
        const lobby_seek *x = lobby_seek_at(l, i);
        sk[i] = (proto_seek_view){x->id,
                                  x->name,
                                  x->account,
                                  conn && x->conn == conn,
                                  x->rating,
                                  x->rd,
                                  rating_is_provisional(&(rating){x->rating, x->rd, 0, 0})};
    }
    char *msg = proto_enc_lobby(has_id, id, v, k, sk, (size_t)ns, now_wall_ms());
    free(v);
    free(sk);
    return msg;
}

/* Is s involved in any table, seek or rematch (its list differs from the common one)? */
static bool anywhere(hub *h, const hub_sess *s)
{
    lobby *l = lob(h);
    uint64_t conn = s->conn;
    for (int i = 0; i < lobby_played_count(l); i++)
        if (offered(lobby_played_at(l, i), s) || waits_at(lobby_played_at(l, i), s))
            return true;
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
        if (anywhere(h, s)) { /* its own view: at most 5 per table */
            hub__queue(h, s->conn, enc_list(h, false, 0, s));
            continue;
        }
        if (!common)
            common = hub__blob_new(enc_list(h, false, 0, NULL));
        hub__queue_blob(h, s->conn, common);
    }
    hub__blob_unref(common);
}

void hub__lobby_sub(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    (void)now_us;
    s->lobby_sub = true;
    hub__queue(h, s->conn, enc_list(h, true, m->id, s));
}

/* Create the game of table t (four seated and ready) and tell each seat its token. BH_OK or
 * the store's or the token's error (nothing sent then; the table stays). */
static int start_table(hub *h, const lobby_table *t, uint64_t now_us, int64_t *gid)
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
    *gid = row.id;
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

/* The person who takes seat i of p's next game when it rotates (O-ROTATION). */
static const lobby_seat *next_at(const lobby_played *p, int i)
{
    int src = p->next[i];
    return src < LOBBY_SEATS ? &p->seat[src] : &p->queue[src - LOBBY_SEATS];
}

/* p as conn (and the session s, by name; may be NULL) sees it: status rematch when its game
 * ended, with who accepted which variant, and when people wait, the rotated next game's seats
 * (O-ROTATION: rotation, out); status playing while its game is on (shown to those waiting). */
static proto_table_view played_view(const lobby_played *p, uint64_t conn, const hub_sess *s)
{
    proto_table_view v = {.table = p->table,
                          .rematch = p->over,
                          .playing = !p->over,
                          .base_ms = p->base_ms,
                          .inc_ms = p->inc_ms,
                          .rated = p->rated,
                          .ruleset = lobby_ruleset_name(p->ruleset),
                          .creator = p->seat[0].name,
                          .game = p->game,
                          .you = -1,
                          .priv = p->priv,
                          .rotation = p->over && p->rotate};
    bool in[LOBBY_SEATS] = {false};
    lobby_person who = {.conn = conn, .name = s ? s->name : "", .account = s && s->account > 0};
    for (int i = 0; i < 4; i++) {
        const lobby_seat *x = v.rotation ? next_at(p, i) : &p->seat[i];
        if (v.rotation && p->next[i] < LOBBY_SEATS)
            in[p->next[i]] = true;
        v.seats[i].name = x->name;
        v.seats[i].account = x->account;
        v.seats[i].ready = p->accept[i] != LOBBY_REMATCH_NONE;
        v.seats[i].accept = p->accept[i] == LOBBY_REMATCH_SAME     ? "same"
                            : p->accept[i] == LOBBY_REMATCH_SWAP   ? "swap"
                            : p->accept[i] == LOBBY_REMATCH_ROTATE ? "rotate"
                                                                   : NULL;
        if ((conn && x->conn == conn) || (s && lobby_is(x, &who)))
            v.you = i;
    }
    for (int i = 0; v.rotation && i < 4; i++)
        if (!in[i])
            v.out[v.nout++] = p->seat[i].name;
    for (int k = 0; k < p->nqueue && !v.rotation; k++)
        v.queue[v.nqueue++] = p->queue[k].name;
    return v;
}

/* Push p's rematch view to each of its four players' connections but skip. */
static void push_played(hub *h, const lobby_played *p, uint64_t skip)
{
    uint64_t to[LOBBY_SEATS + LOBBY_QUEUE_MAX]; /* the four players and those waiting */
    int n = 0;
    for (int i = 0; i < 4; i++)
        to[n++] = p->seat[i].conn;
    for (int k = 0; k < p->nqueue; k++)
        to[n++] = p->queue[k].conn;
    for (int i = 0; i < n; i++) {
        uint64_t c = to[i];
        bool dup = false; /* one connection may hold two seats (a test, a shared screen) */
        for (int k = 0; k < i; k++)
            dup |= to[k] == c;
        if (c && c != skip && !dup) {
            proto_table_view v = played_view(p, c, hub__sess_find(h, c));
            hub__queue(h, c, proto_enc_table(false, 0, &v));
        }
    }
}

void hub__lobby_game_over(hub *h, const hub_game *hg)
{
    const lobby_played *p = NULL;
    /* the result names the team of seats 0 and 3 first (O-ROTATION's winner) */
    bh_result r = BH_RES_NONE;
    bh_result_parse(hg->result, strlen(hg->result), &r);
    r = bh_result_plain(r);
    int winner = r == BH_RES_WIN1 ? 1 : r == BH_RES_WIN2 ? 2 : 0;
    if (!h->lobby_ || lobby_over(h->lobby_, hg->id, winner, &p) != BH_OK)
        return;
    int64_t table = p->table;
    for (int i = 0; i < 4; i++) /* the play pages: the seats' holders now */
        if (hg->holder[i])
            lobby_played_seen(h->lobby_, table, i, hg->holder[i]);
    p = lobby_played_find(h->lobby_, table);
    push_played(h, p, 0);
    h->lobby_dirty = true;
}

void hub__lobby_viewer(hub *h, uint64_t conn, int64_t gid, int seat)
{
    const lobby_played *p = h->lobby_ ? lobby_played_of_game(h->lobby_, gid) : NULL;
    if (!p || !p->over || lobby_played_seen(h->lobby_, p->table, seat, conn) != BH_OK)
        return;
    proto_table_view v = played_view(p, conn, NULL);
    hub__queue(h, conn, proto_enc_table(false, 0, &v));
}

/* The rematch of p, variant, all four accepted: a new game as start_table's, its seats as
 * lobby_rematch_seat says; each player's connection gets its new token. */
static int start_rematch(hub *h, const lobby_played *p, int variant, uint64_t now_us)
{
    const lobby_seat *by[4];
    for (int i = 0; i < 4; i++)
        if (variant == LOBBY_REMATCH_ROTATE)
            by[i] = next_at(p, i);
        else
            by[lobby_rematch_seat(variant, i)] = &p->seat[i];
    store_game row = {.base_ms = p->base_ms,
                      .inc_ms = p->inc_ms,
                      .created_ms = now_wall_ms(),
                      .status = STORE_WAITING,
                      .names = {by[0]->name, by[1]->name, by[2]->name, by[3]->name},
                      .ruleset = lobby_ruleset_name(p->ruleset)};
    char tokens[4][AUTH_TOKEN_LEN + 1];
    int rc = store_game_add(h->st, &row, &row.id);
    for (int i = 0; i < 4 && rc == BH_OK; i++)
        rc = hub__token_new(h, "player", row.id, i, tokens[i]);
    if (rc == BH_OK)
        rc = hub__game_load(h, &row, now_us);
    int64_t old[4]; /* G-RATED: a rated table's rematch is rated, its accounts the game's */
    if (rc == BH_OK && p->rated && hub__rated_accounts(h, p->game, old) == BH_OK) {
        int64_t acc[4];
        for (int i = 0; i < 4; i++)
            if (variant != LOBBY_REMATCH_ROTATE)
                acc[lobby_rematch_seat(variant, i)] = old[i];
            else if (p->next[i] < LOBBY_SEATS)
                acc[i] = old[p->next[i]];
            else { /* a waiting account: its lobby page's session */
                const hub_sess *w = hub__sess_find(h, by[i]->conn);
                acc[i] = w && w->account > 0 && strcmp(w->name, by[i]->name) == 0 ? w->account : 0;
            }
        hub__rated_start(h, row.id, acc);
    }
    if (rc != BH_OK) {
        h->store_failed = true;
        return rc;
    }
    int64_t table = p->table, prev = p->game;
    lobby_restart(h->lobby_, table, variant, row.id);
    p = lobby_played_find(h->lobby_, table);
    log_info("hub: table %lld's rematch%s of game %lld started as game %lld (%s & %s vs %s & %s)",
             (long long)table,
             variant == LOBBY_REMATCH_SWAP     ? " (partners swapped)"
             : variant == LOBBY_REMATCH_ROTATE ? " (rotated)"
                                               : "",
             (long long)prev, (long long)row.id, p->seat[0].name, p->seat[3].name, p->seat[1].name,
             p->seat[2].name);
    for (int i = 0; i < 4; i++) {
        if (!p->seat[i].conn)
            continue;
        proto_table_view v = played_view(p, p->seat[i].conn, NULL);
        v.rematch = false;
        v.playing = false;
        v.started = true;
        v.you = i;
        v.token = tokens[i];
        for (int k = 0; k < 4; k++) {
            v.seats[k].ready = true;
            v.seats[k].accept = NULL;
        }
        hub__queue(h, p->seat[i].conn, proto_enc_table(false, 0, &v));
    }
    for (int k = 0; k < p->nqueue; k++) /* those sitting out, and still waiting: status playing */
        if (p->queue[k].conn) {
            proto_table_view v = played_view(p, p->queue[k].conn, NULL);
            hub__queue(h, p->queue[k].conn, proto_enc_table(false, 0, &v));
        }
    return BH_OK;
}

/* table rematch: s accepts; its seat is the one its player token holds in that game (a play
 * page), else the seated person of its name (the lobby page). */
static void rematch(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_table *x = &m->table;
    int seat = -1;
    if (s->role == ROLE_PLAYER && s->game == x->game)
        seat = s->seat;
    else if (s->view_game == x->game)
        seat = s->view_seat;
    lobby_person who = {.conn = s->conn, .name = s->name, .account = s->account > 0};
    int variant = x->rotate ? LOBBY_REMATCH_ROTATE
                  : x->swap ? LOBBY_REMATCH_SWAP
                            : LOBBY_REMATCH_SAME;
    bool start = false;
    const char *field = NULL;
    lobby *l = lob(h);
    int rc = lobby_rematch(l, &who, seat, x->table, x->game, variant, &start, &field);
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, field);
        return;
    }
    const lobby_played *p = lobby_played_find(l, x->table);
    h->lobby_dirty = true;
    if (start) {
        rc = start_rematch(h, p, variant, now_us);
        if (rc != BH_OK)
            hub__error(h, s->conn, true, m->id, rc, NULL);
        else
            hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
        return;
    }
    proto_table_view v = played_view(p, s->conn, s);
    hub__queue(h, s->conn, proto_enc_table(true, m->id, &v));
    push_played(h, p, s->conn);
}

void hub__lobby_table(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    const proto_table *x = &m->table;
    lobby *l = lob(h);
    lobby_person who = {.conn = s->conn, .name = s->name, .account = s->account > 0};
    const char *field = NULL;
    int64_t table = x->table;
    int rc = BH_OK;
    if (x->action == PROTO_TABLE_REMATCH) {
        rematch(h, s, m, now_us);
        return;
    }
    if (!s->name[0] || (!s->account && !s->guest)) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "session"); /* as entry_link */
        return;
    }
    rating r;
    if (s->account > 0 &&
        (x->action == PROTO_TABLE_SIT || x->action == PROTO_TABLE_SEEK ||
         x->action == PROTO_TABLE_PARTNER || x->action == PROTO_TABLE_QUEUE) &&
        hub_rating_of(h, s->account, &r) == BH_OK)
        who.rating = r.r, who.rd = r.rd; /* shown with the seat or seek (G-GLICKO2) */
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
            int64_t gid = 0;
            rc = start_table(h, t, now_us, &gid);
            if (rc != BH_OK) {
                hub__error(h, s->conn, true, m->id, rc, NULL);
                return;
            }
            lobby_start(l, table, gid); /* kept as a played table: its rematch */
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
    case PROTO_TABLE_QUEUE: rc = lobby_queue(l, table, &who, x->link, &field); break;
    case PROTO_TABLE_UNQUEUE: {
        rc = lobby_unqueue(l, s->conn, &table, &field);
        const lobby_played *p = rc == BH_OK ? lobby_played_find(l, table) : NULL;
        if (p) { /* left a played table's list: its offer may have changed */
            push_played(h, p, 0);
            table = 0;
        }
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
    if (h->lobby_ && lobby_unqueue(h->lobby_, conn, &table, NULL) == BH_OK)
        h->lobby_dirty = true; /* a wait is a person's, as a seat is */
}

void hub__lobby_free(hub *h)
{
    lobby_free(h->lobby_);
    h->lobby_ = NULL;
}
