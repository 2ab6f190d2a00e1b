/* lobby.c: the lobby's tables (lobby.h). SPDX-License-Identifier: MIT
 * Tables live in one array in creation order, bounded by max_tables: a linear scan is the
 * whole index (200 tables of 4 seats). */
#include "lobby.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "xalloc.h"

struct lobby {
    lobby_table *t;
    int n, max, per_creator;
    int64_t next_id;
    lobby_seek *seek; /* max of them */
    int nseek;
    int64_t next_seek;
    lobby_played *played; /* LOBBY_PLAYED_MAX of them, oldest first */
    int nplayed;
};

lobby *lobby_new(int max_tables, int per_creator)
{
    lobby *l = xcalloc(1, sizeof *l);
    l->max = max_tables < 1 ? 1 : max_tables > LOBBY_TABLES_MAX ? LOBBY_TABLES_MAX : max_tables;
    l->per_creator = per_creator < 1 ? 1 : per_creator;
    l->t = xcalloc((size_t)l->max, sizeof *l->t);
    l->next_id = 1;
    l->seek = xcalloc((size_t)l->max, sizeof *l->seek);
    l->next_seek = 1;
    l->played = xcalloc(LOBBY_PLAYED_MAX, sizeof *l->played);
    return l;
}

void lobby_free(lobby *l)
{
    if (!l)
        return;
    free(l->t);
    free(l->seek);
    free(l->played);
    free(l);
}

static int fail(const char **field, const char *f, int rc)
{
    if (field)
        *field = f;
    return rc;
}

static lobby_table *find(lobby *l, int64_t id)
{
    for (int i = 0; i < l->n; i++)
        if (l->t[i].id == id)
            return &l->t[i];
    return NULL;
}

static bool has_name(const lobby_person *who)
{
    return who && who->conn && who->name && who->name[0] && strlen(who->name) <= LOBBY_NAME_MAX;
}

bool lobby_is(const lobby_seat *x, const lobby_person *who)
{
    if (!x || !has_name(who))
        return false;
    if (x->conn && x->conn == who->conn)
        return true;
    /* by name: an account (its login proves it), or a guest whose own page has closed */
    return x->account == who->account && strcmp(x->name, who->name) == 0 &&
           (who->account || !x->conn);
}

/* Does an account of who's name sit or wait at t (another connection of the same person)? */
static bool account_at(const lobby_table *t, const lobby_person *who)
{
    if (!who->account)
        return false;
    for (int i = 0; i < LOBBY_SEATS; i++)
        if (t->seat[i].conn && t->seat[i].conn != who->conn && t->seat[i].account &&
            strcmp(t->seat[i].name, who->name) == 0)
            return true;
    for (int k = 0; k < t->nqueue; k++)
        if (t->queue[k].conn != who->conn && t->queue[k].account &&
            strcmp(t->queue[k].name, who->name) == 0)
            return true;
    return false;
}

static bool link_ok(const char *link)
{
    if (!link || strlen(link) != LOBBY_LINK_LEN)
        return false;
    for (int i = 0; i < LOBBY_LINK_LEN; i++)
        if (!((link[i] >= '0' && link[i] <= '9') || (link[i] >= 'a' && link[i] <= 'f')))
            return false;
    return true;
}

static void unready(lobby_table *t)
{
    for (int i = 0; i < LOBBY_SEATS; i++)
        t->seat[i].ready = false;
}

/* Take conn out of every waiting list (open tables' and played tables'). Returns whether it
 * waited somewhere, and the table in *table (may be NULL). */
static void rotation_refresh(lobby_played *p);

static bool dequeue(lobby *l, uint64_t conn, int64_t *table)
{
    bool found = false;
    for (int i = 0; i < l->n; i++) {
        lobby_table *t = &l->t[i];
        for (int k = 0; k < t->nqueue;)
            if (t->queue[k].conn == conn) {
                memmove(&t->queue[k], &t->queue[k + 1],
                        (size_t)(t->nqueue - k - 1) * sizeof *t->queue);
                t->nqueue--;
                if (table && !found)
                    *table = t->id;
                found = true;
            } else
                k++;
    }
    for (int i = 0; i < l->nplayed; i++) {
        lobby_played *p = &l->played[i];
        bool changed = false;
        for (int k = 0; k < p->nqueue;)
            if (p->queue[k].conn == conn) {
                memmove(&p->queue[k], &p->queue[k + 1],
                        (size_t)(p->nqueue - k - 1) * sizeof *p->queue);
                memmove(&p->qgames[k], &p->qgames[k + 1],
                        (size_t)(p->nqueue - k - 1) * sizeof *p->qgames);
                p->nqueue--;
                changed = true;
            } else
                k++;
        if (changed) {
            rotation_refresh(p);
            if (table && !found)
                *table = p->table;
            found = true;
        }
    }
    return found;
}

/* Is conn seated at an open table or waiting anywhere? */
static bool busy(lobby *l, uint64_t conn)
{
    for (int i = 0; i < l->n; i++) {
        for (int k = 0; k < LOBBY_SEATS; k++)
            if (l->t[i].seat[k].conn == conn)
                return true;
        for (int k = 0; k < l->t[i].nqueue; k++)
            if (l->t[i].queue[k].conn == conn)
                return true;
    }
    for (int i = 0; i < l->nplayed; i++)
        for (int k = 0; k < l->played[i].nqueue; k++)
            if (l->played[i].queue[k].conn == conn)
                return true;
    return false;
}

static void person_to_seat(lobby_seat *s, const lobby_person *who)
{
    memset(s, 0, sizeof *s);
    s->conn = who->conn;
    snprintf(s->name, sizeof s->name, "%s", who->name);
    s->account = who->account;
    s->rating = who->rating;
    s->rd = who->rd;
}

int lobby_create(lobby *l, const lobby_person *who, const lobby_opts *o, const char *link,
                 int64_t *id, const char **field)
{
    if (!has_name(who))
        return fail(field, "name", BH_EAUTH);
    if (o->base_ms < LOBBY_BASE_MIN_MS || o->base_ms > LOBBY_BASE_MAX_MS)
        return fail(field, "base_ms", BH_EINVAL);
    if (o->inc_ms < 0 || o->inc_ms > LOBBY_INC_MAX_MS)
        return fail(field, "inc_ms", BH_EINVAL);
    if (o->ruleset != LOBBY_ONLINE && o->ruleset != LOBBY_REGULATION)
        return fail(field, "ruleset", BH_EINVAL);
    if (o->priv && !link_ok(link))
        return fail(field, "link", BH_EINVAL);
    int mine = 0;
    for (int i = 0; i < l->n; i++)
        mine += l->t[i].creator == who->conn;
    if (mine >= l->per_creator)
        return fail(field, "creator", BH_ELIMIT);
    if (l->n >= l->max)
        return fail(field, "tables", BH_ELIMIT);
    lobby_table *t = &l->t[l->n++];
    memset(t, 0, sizeof *t);
    t->id = l->next_id++;
    t->creator = who->conn;
    snprintf(t->creator_name, sizeof t->creator_name, "%s", who->name);
    t->base_ms = (uint32_t)o->base_ms;
    t->inc_ms = (uint32_t)o->inc_ms;
    t->rated = o->rated;
    t->ruleset = o->ruleset;
    t->priv = o->priv;
    if (o->priv && link) /* link_ok checked it; gcc -O2 cannot see that */
        memcpy(t->link, link, LOBBY_LINK_LEN + 1);
    *id = t->id;
    return BH_OK;
}

/* The table and seat of conn, or NULL. */
static lobby_table *seat_of(lobby *l, uint64_t conn, int *seat)
{
    for (int i = 0; i < l->n; i++)
        for (int s = 0; s < LOBBY_SEATS; s++)
            if (l->t[i].seat[s].conn == conn) {
                *seat = s;
                return &l->t[i];
            }
    return NULL;
}

int lobby_sit(lobby *l, int64_t table, const lobby_person *who, int seat, const char *link,
              const char **field)
{
    lobby_table *t = find(l, table);
    if (!t || (t->priv && (!link || strcmp(link, t->link) != 0)))
        return fail(field, "table", BH_ENOTFOUND);
    if (seat < 0 || seat >= LOBBY_SEATS)
        return fail(field, "seat", BH_EINVAL);
    if (!has_name(who))
        return fail(field, "name", BH_EAUTH);
    if (t->rated && !who->account)
        return fail(field, "rated", BH_EAUTH);
    if (t->seat[seat].conn == who->conn)
        return BH_OK;
    if (account_at(t, who)) /* one account, one place at a table (its other connection) */
        return fail(field, "name", BH_EEXIST);
    if (t->seat[seat].conn)
        return fail(field, "seat", BH_EEXIST);
    int old;
    lobby_table *was = seat_of(l, who->conn, &old);
    if (was) {
        memset(&was->seat[old], 0, sizeof was->seat[old]);
        unready(was);
    }
    dequeue(l, who->conn, NULL); /* a seat ends a wait */
    person_to_seat(&t->seat[seat], who);
    unready(t);
    return BH_OK;
}

int lobby_stand(lobby *l, uint64_t conn, int64_t *table, const char **field)
{
    int s;
    lobby_table *t = conn ? seat_of(l, conn, &s) : NULL;
    if (!t)
        return fail(field, "seat", BH_ESTATE);
    memset(&t->seat[s], 0, sizeof t->seat[s]);
    unready(t);
    *table = t->id;
    return BH_OK;
}

int lobby_ready(lobby *l, uint64_t conn, bool ready, int64_t *table, bool *start,
                const char **field)
{
    int s;
    lobby_table *t = conn ? seat_of(l, conn, &s) : NULL;
    *start = false;
    if (!t)
        return fail(field, "seat", BH_ESTATE);
    t->seat[s].ready = ready;
    *table = t->id;
    bool all = true;
    for (int i = 0; i < LOBBY_SEATS; i++)
        all &= t->seat[i].conn && t->seat[i].ready;
    *start = all;
    return BH_OK;
}

int lobby_kick(lobby *l, uint64_t conn, int64_t table, int seat, uint64_t *kicked,
               const char **field)
{
    lobby_table *t = find(l, table);
    if (!t)
        return fail(field, "table", BH_ENOTFOUND);
    if (!conn || t->creator != conn)
        return fail(field, "creator", BH_EAUTH);
    if (seat < 0 || seat >= LOBBY_SEATS)
        return fail(field, "seat", BH_EINVAL);
    if (!t->seat[seat].conn)
        return fail(field, "seat", BH_ESTATE);
    *kicked = t->seat[seat].conn;
    memset(&t->seat[seat], 0, sizeof t->seat[seat]);
    unready(t);
    return BH_OK;
}

int lobby_remove(lobby *l, int64_t id)
{
    lobby_table *t = find(l, id);
    if (!t)
        return BH_ENOTFOUND;
    int i = (int)(t - l->t);
    memmove(&l->t[i], &l->t[i + 1], (size_t)(l->n - i - 1) * sizeof *l->t);
    l->n--;
    return BH_OK;
}

int lobby_gone(lobby *l, uint64_t conn, int64_t *closed, int cap, int *nclosed)
{
    int changed = 0;
    *nclosed = 0;
    if (!conn)
        return 0;
    changed += lobby_seek_cancel(l, conn, NULL) == BH_OK;
    changed += dequeue(l, conn, NULL);
    for (int i = 0; i < l->nplayed; i++) { /* no pushes to a closed connection */
        lobby_played *p = &l->played[i];
        for (int k = 0; k < LOBBY_SEATS; k++) {
            if (p->seat[k].conn != conn)
                continue;
            p->seat[k].conn = 0;
            for (int a = 0; a < LOBBY_SEATS; a++) /* an acceptance goes with its page */
                if (p->rotate ? p->next[a] == k : a == k)
                    p->accept[a] = LOBBY_REMATCH_NONE;
        }
    }
    int s;
    lobby_table *t = seat_of(l, conn, &s);
    if (t) {
        memset(&t->seat[s], 0, sizeof t->seat[s]);
        unready(t);
        changed++;
    }
    for (int i = 0; i < l->n;) {
        lobby_table *x = &l->t[i];
        if (x->creator != conn) {
            i++;
            continue;
        }
        if (x != t)
            changed++;
        int heir = -1; /* the first seated person takes the table over */
        for (int k = 0; k < LOBBY_SEATS && heir < 0; k++)
            if (x->seat[k].conn)
                heir = k;
        if (heir >= 0) {
            x->creator = x->seat[heir].conn;
            snprintf(x->creator_name, sizeof x->creator_name, "%s", x->seat[heir].name);
            i++;
            continue;
        }
        if (*nclosed < cap)
            closed[(*nclosed)++] = x->id;
        lobby_remove(l, x->id);
    }
    return changed;
}

int lobby_queue(lobby *l, int64_t table, const lobby_person *who, const char *link,
                const char **field)
{
    lobby_table *t = find(l, table);
    if (!t || (t->priv && (!link || strcmp(link, t->link) != 0)))
        return fail(field, "table", BH_ENOTFOUND);
    if (!has_name(who))
        return fail(field, "name", BH_EAUTH);
    if (t->rated && !who->account)
        return fail(field, "rated", BH_EAUTH);
    for (int k = 0; k < t->nqueue; k++)
        if (t->queue[k].conn == who->conn)
            return BH_OK;
    if (account_at(t, who))
        return fail(field, "name", BH_EEXIST);
    if (t->nqueue >= LOBBY_QUEUE_MAX)
        return fail(field, "queue", BH_ELIMIT);
    int s;
    lobby_table *was = seat_of(l, who->conn, &s);
    if (was) { /* waiting, not seated */
        memset(&was->seat[s], 0, sizeof was->seat[s]);
        unready(was);
    }
    dequeue(l, who->conn, NULL);
    person_to_seat(&t->queue[t->nqueue++], who);
    return BH_OK;
}

int lobby_unqueue(lobby *l, uint64_t conn, int64_t *table, const char **field)
{
    if (!conn || !dequeue(l, conn, table))
        return fail(field, "queue", BH_ESTATE);
    return BH_OK;
}

int lobby_count(const lobby *l)
{
    return l->n;
}

const lobby_table *lobby_at(const lobby *l, int i)
{
    return i >= 0 && i < l->n ? &l->t[i] : NULL;
}

const lobby_table *lobby_find(const lobby *l, int64_t id)
{
    return find((lobby *)l, id);
}

const lobby_table *lobby_seat_of(const lobby *l, uint64_t conn, int *seat)
{
    int s = -1;
    const lobby_table *t = conn ? seat_of((lobby *)l, conn, &s) : NULL;
    if (seat)
        *seat = s;
    return t;
}

int lobby_seated(const lobby_table *t)
{
    int n = 0;
    for (int i = 0; i < LOBBY_SEATS; i++)
        n += t->seat[i].conn != 0;
    return n;
}

int lobby_ruleset_by_name(const char *name)
{
    if (name && strcmp(name, "online") == 0)
        return LOBBY_ONLINE;
    if (name && strcmp(name, "regulation") == 0)
        return LOBBY_REGULATION;
    return -1;
}

const char *lobby_ruleset_name(int ruleset)
{
    return ruleset == LOBBY_REGULATION ? "regulation" : "online";
}

static int seek_index(const lobby *l, uint64_t conn)
{
    for (int i = 0; i < l->nseek; i++)
        if (l->seek[i].conn == conn)
            return i;
    return -1;
}

int lobby_seek_add(lobby *l, const lobby_person *who, int64_t *id, const char **field)
{
    if (!has_name(who))
        return fail(field, "name", BH_EAUTH);
    if (seek_index(l, who->conn) >= 0)
        return fail(field, "seek", BH_EEXIST);
    if (l->nseek >= l->max)
        return fail(field, "seeks", BH_ELIMIT);
    lobby_seek *k = &l->seek[l->nseek++];
    memset(k, 0, sizeof *k);
    k->id = l->next_seek++;
    k->conn = who->conn;
    snprintf(k->name, sizeof k->name, "%s", who->name);
    k->account = who->account;
    k->rating = who->rating;
    k->rd = who->rd;
    *id = k->id;
    return BH_OK;
}

int lobby_seek_cancel(lobby *l, uint64_t conn, const char **field)
{
    int i = conn ? seek_index(l, conn) : -1;
    if (i < 0)
        return fail(field, "seek", BH_ESTATE);
    memmove(&l->seek[i], &l->seek[i + 1], (size_t)(l->nseek - i - 1) * sizeof *l->seek);
    l->nseek--;
    return BH_OK;
}

int lobby_partner(lobby *l, const lobby_person *who, int64_t seek, const lobby_opts *opts,
                  int64_t *table, const char **field)
{
    int i = -1;
    for (int k = 0; k < l->nseek; k++)
        if (l->seek[k].id == seek)
            i = k;
    if (i < 0)
        return fail(field, "seek", BH_ENOTFOUND);
    if (!has_name(who))
        return fail(field, "name", BH_EAUTH);
    if (l->seek[i].conn == who->conn)
        return fail(field, "seek", BH_EINVAL);
    lobby_seek k = l->seek[i];
    if (opts->rated && (!k.account || !who->account))
        return fail(field, "rated", BH_EAUTH);
    lobby_person seeker = {k.conn, k.name, k.account, k.rating, k.rd};
    int64_t id = 0;
    int rc = lobby_create(
        l, &seeker, &(lobby_opts){opts->base_ms, opts->inc_ms, opts->rated, opts->ruleset, false},
        NULL, &id, field);
    if (rc != BH_OK)
        return rc;
    lobby_sit(l, id, &seeker, 0, NULL, NULL); /* fresh table, both named: cannot fail */
    lobby_sit(l, id, who, 3, NULL, NULL);
    lobby_seek_cancel(l, k.conn, NULL);
    lobby_seek_cancel(l, who->conn, NULL);
    *table = id;
    return BH_OK;
}

int lobby_seek_count(const lobby *l)
{
    return l->nseek;
}

const lobby_seek *lobby_seek_at(const lobby *l, int i)
{
    return i >= 0 && i < l->nseek ? &l->seek[i] : NULL;
}

int lobby_rematch_seat(int variant, int old_seat)
{
    if (old_seat < 0 || old_seat >= LOBBY_SEATS)
        return -1;
    if (variant == LOBBY_REMATCH_SAME)
        return old_seat;
    if (variant == LOBBY_REMATCH_SWAP) /* board B's players exchange seats */
        return old_seat == 2 ? 3 : old_seat == 3 ? 2 : old_seat;
    return -1;
}

static lobby_played *played_find(lobby *l, int64_t table)
{
    for (int i = 0; i < l->nplayed; i++)
        if (l->played[i].table == table)
            return &l->played[i];
    return NULL;
}

int lobby_start(lobby *l, int64_t id, int64_t game)
{
    lobby_table *t = find(l, id);
    if (!t || game <= 0)
        return BH_ENOTFOUND;
    if (l->nplayed == LOBBY_PLAYED_MAX) { /* drop the oldest ended, else the oldest */
        int drop = 0;
        for (int i = l->nplayed - 1; i >= 0; i--)
            if (l->played[i].over)
                drop = i;
        memmove(&l->played[drop], &l->played[drop + 1],
                (size_t)(l->nplayed - drop - 1) * sizeof *l->played);
        l->nplayed--;
    }
    lobby_played *p = &l->played[l->nplayed++];
    memset(p, 0, sizeof *p);
    p->table = t->id;
    p->game = game;
    p->base_ms = t->base_ms;
    p->inc_ms = t->inc_ms;
    p->rated = t->rated;
    p->ruleset = t->ruleset;
    p->priv = t->priv;
    memcpy(p->seat, t->seat, sizeof p->seat);
    for (int i = 0; i < LOBBY_SEATS; i++) {
        p->seat[i].ready = false;
        p->games[i] = 1;
    }
    memcpy(p->queue, t->queue, sizeof p->queue);
    p->nqueue = t->nqueue;
    return lobby_remove(l, id);
}

/* One person in O-ROTATION's order: who (a seat 0..3, or LOBBY_SEATS + a waiting index),
 * games played here, and the rank among equal games (waiting first, winners, then others). */
typedef struct {
    int who, games, rank;
} rot_cand;

void lobby_rotation(const lobby_played *p, int winner, int next[LOBBY_SEATS])
{
    /* O-ROTATION: fewest games here first; among equals the waiting (first come first), then
     * the winners, then the others, each in seat order */
    rot_cand c[LOBBY_SEATS + LOBBY_QUEUE_MAX];
    int n = 0;
    for (int k = 0; k < p->nqueue; k++)
        c[n++] = (rot_cand){LOBBY_SEATS + k, p->qgames[k], k};
    for (int i = 0; i < LOBBY_SEATS; i++) {
        bool won = (winner == 1 && (i == 0 || i == 3)) || (winner == 2 && (i == 1 || i == 2));
        c[n++] = (rot_cand){i, p->games[i], (won ? 1 : 2) * 16 + i};
    }
    for (int a = 1; a < n; a++) /* insertion sort: stable, at most 8 */
        for (int b = a; b > 0 && (c[b].games < c[b - 1].games ||
                                  (c[b].games == c[b - 1].games && c[b].rank < c[b - 1].rank));
             b--) {
            rot_cand x = c[b];
            c[b] = c[b - 1];
            c[b - 1] = x;
        }
    bool in[LOBBY_SEATS] = {false};
    for (int i = 0; i < LOBBY_SEATS; i++) {
        next[i] = -1;
        if (c[i].who < LOBBY_SEATS)
            in[c[i].who] = true;
    }
    for (int i = 0; i < LOBBY_SEATS; i++) /* the players who stay keep their seats */
        if (in[i])
            next[i] = i;
    int seat = 0;
    for (int i = 0; i < LOBBY_SEATS; i++) /* the waiting take the freed ones, in order */
        if (c[i].who >= LOBBY_SEATS) {
            while (next[seat] >= 0)
                seat++;
            next[seat] = c[i].who;
        }
}

/* p's rotation after a change of its waiting list: recomputed while its game is over, or
 * dropped when nobody waits any more (the offer is a rematch of the four again). */
static void rotation_refresh(lobby_played *p)
{
    if (!p->over)
        return;
    bool was = p->rotate;
    p->rotate = p->nqueue > 0;
    if (p->rotate)
        lobby_rotation(p, p->winner, p->next);
    if (was || p->rotate)
        memset(p->accept, 0, sizeof p->accept);
}

int lobby_over(lobby *l, int64_t game, int winner, const lobby_played **out)
{
    for (int i = 0; i < l->nplayed; i++)
        if (l->played[i].game == game) {
            l->played[i].over = true;
            l->played[i].winner = winner;
            memset(l->played[i].accept, 0, sizeof l->played[i].accept);
            rotation_refresh(&l->played[i]);
            if (out)
                *out = &l->played[i];
            return BH_OK;
        }
    return BH_ENOTFOUND;
}

int lobby_rematch(lobby *l, const lobby_person *who, int seat, int64_t table, int64_t game,
                  int variant, bool *start, const char **field)
{
    *start = false;
    if (variant != LOBBY_REMATCH_SAME && variant != LOBBY_REMATCH_SWAP &&
        variant != LOBBY_REMATCH_ROTATE)
        return fail(field, "rematch", BH_EINVAL);
    lobby_played *p = played_find(l, table);
    if (!p)
        return fail(field, "table", BH_ENOTFOUND);
    if (p->prev && game == p->prev)
        return fail(field, "started", BH_ESTATE);
    if (game != p->game)
        return fail(field, "game", BH_ENOTFOUND);
    if (!p->over)
        return fail(field, "game", BH_ESTATE);
    if ((variant == LOBBY_REMATCH_ROTATE) != p->rotate)
        return fail(field, "rematch", BH_EINVAL); /* O-ROTATION: the waiting come in */
    if (p->rotate) { /* the next game's four accept, by their next seat */
        int at = -1;
        for (int i = 0; i < LOBBY_SEATS && at < 0; i++) {
            int src = p->next[i];
            const lobby_seat *x = src < LOBBY_SEATS ? &p->seat[src] : &p->queue[src - LOBBY_SEATS];
            if (seat >= 0 && seat < LOBBY_SEATS ? src == seat : lobby_is(x, who))
                at = i;
        }
        if (at < 0)
            return fail(field, "table", BH_EAUTH);
        int src = p->next[at];
        if (who && who->conn)
            (src < LOBBY_SEATS ? &p->seat[src] : &p->queue[src - LOBBY_SEATS])->conn = who->conn;
        p->accept[at] = variant;
        bool all = true; /* the four accepted, each on a page still open (its token's) */
        for (int i = 0; i < LOBBY_SEATS; i++) {
            int k = p->next[i];
            all &= p->accept[i] == variant &&
                   (k < LOBBY_SEATS ? p->seat[k].conn : p->queue[k - LOBBY_SEATS].conn) != 0;
        }
        *start = all;
        return BH_OK;
    }
    if (seat < 0 || seat >= LOBBY_SEATS) { /* no token: the seated person of that name */
        seat = -1;
        for (int i = 0; i < LOBBY_SEATS && seat < 0; i++)
            if (lobby_is(&p->seat[i], who))
                seat = i;
        if (seat < 0)
            return fail(field, "table", BH_EAUTH);
    }
    p->accept[seat] = variant;
    if (who && who->conn)
        p->seat[seat].conn = who->conn;
    bool all = true;
    for (int i = 0; i < LOBBY_SEATS; i++)
        all &= p->accept[i] == variant && p->seat[i].conn != 0;
    *start = all;
    return BH_OK;
}

int lobby_restart(lobby *l, int64_t table, int variant, int64_t game)
{
    lobby_played *p = played_find(l, table);
    if (!p)
        return BH_ENOTFOUND;
    if (!p->over || game <= 0 ||
        (variant == LOBBY_REMATCH_ROTATE ? !p->rotate : lobby_rematch_seat(variant, 0) < 0))
        return BH_ESTATE;
    lobby_seat was[LOBBY_SEATS];
    int played[LOBBY_SEATS];
    memcpy(was, p->seat, sizeof was);
    memcpy(played, p->games, sizeof played);
    if (variant == LOBBY_REMATCH_ROTATE) {
        lobby_seat q[LOBBY_QUEUE_MAX];
        int qg[LOBBY_QUEUE_MAX], nq = 0;
        bool stays[LOBBY_SEATS] = {false}, taken[LOBBY_QUEUE_MAX] = {false};
        for (int i = 0; i < LOBBY_SEATS; i++) {
            int src = p->next[i];
            if (src < LOBBY_SEATS) {
                stays[src] = true;
                p->seat[i] = was[src];
                p->games[i] = played[src] + 1;
            } else {
                taken[src - LOBBY_SEATS] = true;
                p->seat[i] = p->queue[src - LOBBY_SEATS];
                p->games[i] = p->qgames[src - LOBBY_SEATS] + 1;
            }
        }
        for (int k = 0; k < p->nqueue; k++) /* those waiting still, then those sitting out */
            if (!taken[k])
                q[nq] = p->queue[k], qg[nq++] = p->qgames[k];
        for (int i = 0; i < LOBBY_SEATS && nq < LOBBY_QUEUE_MAX; i++)
            if (!stays[i] && was[i].conn && !busy(l, was[i].conn)) /* gone or elsewhere: left */
                q[nq] = was[i], qg[nq++] = played[i];
        memcpy(p->queue, q, sizeof q);
        memcpy(p->qgames, qg, sizeof qg);
        p->nqueue = nq;
        p->rotate = false;
    } else
        for (int i = 0; i < LOBBY_SEATS; i++) {
            p->seat[lobby_rematch_seat(variant, i)] = was[i];
            p->games[lobby_rematch_seat(variant, i)] = played[i] + 1;
        }
    p->prev = p->game;
    p->game = game;
    p->over = false;
    memset(p->accept, 0, sizeof p->accept);
    return BH_OK;
}

int lobby_played_count(const lobby *l)
{
    return l->nplayed;
}

const lobby_played *lobby_played_at(const lobby *l, int i)
{
    return i >= 0 && i < l->nplayed ? &l->played[i] : NULL;
}

const lobby_played *lobby_played_find(const lobby *l, int64_t table)
{
    return played_find((lobby *)l, table);
}

const lobby_played *lobby_played_of_game(const lobby *l, int64_t game)
{
    for (int i = 0; i < l->nplayed; i++)
        if (l->played[i].game == game)
            return &l->played[i];
    return NULL;
}

int lobby_played_seen(lobby *l, int64_t table, int seat, uint64_t conn)
{
    lobby_played *p = played_find(l, table);
    if (!p)
        return BH_ENOTFOUND;
    if (seat < 0 || seat >= LOBBY_SEATS || !conn)
        return BH_EINVAL;
    p->seat[seat].conn = conn;
    return BH_OK;
}

bool lobby_played_by(const lobby_played *p, const lobby_person *who)
{
    if (!p || !has_name(who))
        return false;
    for (int i = 0; i < LOBBY_SEATS; i++)
        if (lobby_is(&p->seat[i], who))
            return true;
    for (int k = 0; k < p->nqueue; k++)
        if (lobby_is(&p->queue[k], who))
            return true;
    return false;
}
