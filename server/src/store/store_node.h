/* store_node.h: server nodes sharing one database, and which node owns which game (issue
 * "past one machine"; table nodes and games' owner columns, store.c's v12).
 * SPDX-License-Identifier: MIT
 * A node holds a lease: a row of nodes with the time it runs out, renewed while the node
 * lives. Joining under a name bumps that name's epoch, so an older process under the same
 * name (paused by SIGSTOP, cut off, restarted over) is fenced from then on. A game has one
 * owner node and an epoch, bumped by every claim; another node may claim it only once the
 * owner's lease has run out. Every write a node makes for a game is fenced: in the same
 * transaction, store_node_fence checks that the game is still the node's at the epoch it
 * claimed and that the node's epoch is still the one it joined with. On PostgreSQL the check
 * locks the game's row until the commit, so a claim by another node waits for that commit and
 * a write that passed its fence is in before the game changes hands; on sqlite one writer at
 * a time does the same. A failed fence makes store_flush roll the whole turn back and return
 * BH_EFENCED: a node that lost its lease or its game changes nothing.
 * Times are the callers' wall clocks in ms: the nodes' clocks must agree (NTP) to well within
 * a lease. On one process nothing here is called and nothing is fenced. */
#ifndef BH_STORE_NODE_H
#define BH_STORE_NODE_H

#include <stdint.h>

#include "store.h"

/* Longest node name, bytes. */
#define STORE_NODE_NAME_MAX 63

/* Join as node name (1..STORE_NODE_NAME_MAX bytes) at now_ms with a lease until now_ms +
 * ttl_ms (ttl_ms > 0): *epoch is the name's new epoch (1 for a new name), which fences every
 * earlier process under that name. Written in the open transaction (store_flush commits it).
 * On PostgreSQL it also sets the session's idle_in_transaction_session_timeout to three
 * quarters of the lease: a node paused inside a transaction loses its session (and its row
 * locks) then, before its lease runs out.
 * BH_OK, BH_EINVAL (a bad name or ttl) or BH_ESTORE (logged). */
int store_node_join(store *st, const char *name, int64_t now_ms, int64_t ttl_ms, int64_t *epoch);

/* Renew node name's lease at epoch until now_ms + ttl_ms. BH_OK; BH_EFENCED when the name
 * was joined again since (its epoch is no longer ours) or its lease ran out before now_ms
 * (another node may have taken its games over): this process must stop writing; the
 * transaction is then rolled back by store_flush. BH_EINVAL, or BH_ESTORE (logged). */
int store_node_renew(store *st, const char *name, int64_t epoch, int64_t now_ms, int64_t ttl_ms);

/* Give up node name's lease at epoch (a clean stop): the other nodes may take its games over
 * at once, not a lease later. Written in the open transaction (store_flush commits it). BH_OK;
 * BH_EFENCED when the name was joined again since; BH_EINVAL or BH_ESTORE. */
int store_node_leave(store *st, const char *name, int64_t epoch);

/* Claim game for node name at now_ms: it becomes the owner with the game's next epoch in
 * *game_epoch. A game with no owner, or owned by name (an earlier process under that name),
 * or whose owner's lease ran out before now_ms may be claimed. BH_OK; BH_ESTATE (another
 * node's lease still holds it, or on PostgreSQL another transaction holds its row: not waited
 * for), BH_ENOTFOUND (no such game), BH_EINVAL, or BH_ESTORE. */
int store_node_claim(store *st, const char *name, int64_t game, int64_t now_ms,
                     int64_t *game_epoch);

/* The fence of a write for game in the open transaction: the game is still node name's at
 * game_epoch, or finished, and name's epoch is still node_epoch. BH_OK; BH_EFENCED (then
 * store_flush rolls the transaction back and returns BH_EFENCED), BH_EINVAL, or BH_ESTORE. */
int store_node_fence(store *st, const char *name, int64_t node_epoch, int64_t game,
                     int64_t game_epoch);

/* Bind st to node name (1..STORE_NODE_NAME_MAX bytes) at node_epoch, the epoch its join gave:
 * from then on the store fences every write it makes for a game (its row's update, events,
 * chat, players' tokens, result log) once per transaction, as store_node_fence does with the
 * epoch of the node's claim of that game, except that a finished game may be written by any
 * live node (a director's result: nothing runs in it, nobody takes it over); a game added
 * (store_game_add) is claimed for the node in the same transaction; a write for a game not
 * finished that the node has not claimed fails its fence. Claims made
 * through store_node_claim under name are remembered for this. Called once, after the join's
 * commit. BH_OK, BH_EINVAL (a bad name, or st already bound) or BH_ESTORE (logged). */
int store_node_bind(store *st, const char *name, int64_t node_epoch);

/* The games not finished (waiting or live) that node name may take over at now_ms: with no
 * owner, or whose owner is another node whose lease ran out before now_ms. Up to cap ids,
 * ascending, into ids; *n how many were written. Reads only. BH_OK, BH_EINVAL or BH_ESTORE. */
int store_node_orphans(store *st, const char *name, int64_t now_ms, int64_t *ids, int cap, int *n);

/* How many nodes hold a lease at now_ms into *n (a server without --node must not run beside
 * them: it claims nothing and fences nothing). Reads only. BH_OK or BH_ESTORE. */
int store_node_live(store *st, int64_t now_ms, int *n);

/* This process learned that its node lost its lease (it went unrenewed too long): the open
 * transaction is rolled back at the next store_flush, which returns BH_EFENCED. */
void store_node_fenced(store *st);

/* The owner of game and its epoch: owner (STORE_NODE_NAME_MAX + 1 bytes) gets "" when the game
 * has none. BH_OK, BH_ENOTFOUND or BH_ESTORE. */
int store_node_owner(store *st, int64_t game, char owner[STORE_NODE_NAME_MAX + 1],
                     int64_t *game_epoch);

#endif
