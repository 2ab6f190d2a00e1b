/* hub_event.h: the hub's one executor of team events (docs/formats.md, "The event seam"): every
 * format on the seam (tourney/seam/tfmt.h) is run by it. A format's hub file (hub_club.c, ...)
 * keeps only its own messages; the executor carries out the actions every format returns
 * (tfmt_acts), keeps the map games <-> keys, stores the state, publishes to subscribers,
 * arms the time and loads everything back at start.
 * SPDX-License-Identifier: MIT
 * How a format plugs in: (1) a tfmt_ops in tourney/ (pure: save/load/free, next_instant,
 * on_time, game_over ...); (2) a hub_fmt here with its encoder and the names of its seats;
 * (3) its hub_fmt in hub.c's FORMATS table, beside its messages' routes (the loader finds a
 * stored event's format by the magic word its saved text starts with); (4) its messages create
 * events with hub__event_add and hand the core's actions to hub__event_run.
 *
 * What the executor does with each action (runner.h's kinds):
 *   CREATE_GAME  a hub game of x->game_kind in the store (its seats named by hub_fmt.seat_name,
 *                x->ruleset, base_ms + inc_ms), its seats' tokens, its map row (tour_games:
 *                round, match, the key's game_no by tfmt_ops.slot, team[0]); its clocks start
 *                at once when x->wait_s is 0 and x->start_us has come, else behind the gate
 *                (game_gate: start_us, wait_s; start_us on the format's clock); an `assign`
 *                with the seats' tokens to the connections of the two teams (and every
 *                director, with hub_fmt.assign_directors).
 *   END_GAME     the game ends now with x->result (its result.h token, a forfeit as its
 *                win), its reason x->reason up to ": " (a waiting game starts first).
 *   PERSIST      the state (tfmt_ops.save) into the store's event table (store_state.h) once,
 *                after the list, in the turn's transaction: on disk before any reply.
 *   ROUND, STANDINGS  the snapshot (hub_fmt.enc) pushed once, after the list, to the
 *                event's subscribers that are still open.
 *   NOTE, FINISH log lines (rc < 0: an error), prefixed with hub_fmt.label and the event id.
 *   NOTICE, and every other kind: hub_fmt.act (NULL: logged and dropped).
 * The timer: the earliest next_instant of all events (converted to the loop's monotonic clock
 * for TFMT_CLOCK_WALL formats), and on_time for each event that is due. */
#ifndef BH_HUB_EVENT_H
#define BH_HUB_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include "hub_int.h"
#include "refusal.h"
#include "roster.h"
#include "tfmt.h"

typedef struct hub_event hub_event;

/* A format's hub side. */
struct hub_fmt {
    const tfmt_ops *core;
    const char *label; /* the log's name of its events ("club") */
    /* The snapshot pushed to the subscribers (ROUND, STANDINGS): a new message (caller
     * frees), NULL for none. Optional (NULL: no push). */
    char *(*enc)(hub *h, hub_event *e, uint64_t now_us);
    /* The snapshot as session s may read it where that differs from enc's public one (a
     * club's line-ups before their deadline: the director and the team's own captain): a new
     * message (caller frees), or NULL: s gets enc's. Optional (NULL: everyone gets enc's). */
    char *(*enc_for)(hub *h, hub_event *e, const hub_sess *s, uint64_t now_us);
    /* CREATE_GAME: the player's name on seat (chess: 0 White, 1 Black; bughouse: game.h's
     * seats), "" unknown; borrowed until the next call; NULL: the game cannot be created (a
     * team the hub does not know: logged, its key mapped to no game). Optional (NULL: ""). */
    const char *(*seat_name)(hub *h, hub_event *e, const tfmt_act *x, int seat);
    /* The kinds the executor does not carry out (NOTICE, the Swiss's own), in list order.
     * Optional (NULL: logged). */
    void (*act)(hub *h, hub_event *e, tfmt_act *x, uint64_t now_us);
    /* A game's `assign` also goes to every director (all its seats). */
    bool assign_directors;
    /* The names of game k for its record (BPGN Event, the teams' names for the live list):
     * the event's name and White's / team 1's and Black's / team 2's team names, borrowed
     * until the event changes. false: not a game of e. Optional (NULL: no names). */
    bool (*game_names)(hub *h, hub_event *e, tfmt_key k, const char **event, const char *teams[2]);
    /* ROUND and STANDINGS carried out one by one in list order instead of the snapshot push
     * (the Swiss's round and standings messages to everyone). Optional. */
    void (*publish)(hub *h, hub_event *e, const tfmt_act *x, uint64_t now_us);
    /* PERSIST into the format's own row instead of the event table (the Swiss's tour_state:
     * TRF and team map, read by the exports' recomputation). Optional. */
    void (*persist)(hub *h, hub_event *e);
    /* At load, before the event table: add the format's events stored in its own rows
     * (hub__event_add). BH_OK or BH_ESTORE. Optional. */
    int (*load_rows)(hub *h, uint64_t now_us);
    /* At load, after e's games, loaded and its waiting games: the format's own line. Optional. */
    void (*after_load)(hub *h, hub_event *e);
    /* Game hg of e changed what the event shows (hub_game_owner.changed). Optional. */
    void (*game_changed)(hub *h, hub_event *e, const hub_game *hg);
};

/* The executor as the games' owner (hub_int.h), set by hub_new. */
extern const hub_game_owner hub__event_owner;

/* The club round robin (hub_club.c) and the bughouse Swiss (hub_tour.c). */
extern const hub_fmt hub__club_fmt;
extern const hub_fmt hub__swiss_fmt;
/* The league of seed 003 (hub_league.c). */
extern const hub_fmt hub__league_fmt;

/* ---- events ------------------------------------------------------------------------------- */

/* A new event id (a tournaments.id stored by the caller) of format f with state ev (taken:
 * freed by f->core->free with the hub). Returns it; the caller persists (hub__event_persist)
 * or runs its first actions. */
hub_event *hub__event_add(hub *h, int64_t id, const hub_fmt *f, void *ev);
/* The event with this id (NULL none); of format f only (NULL if it is another's). */
hub_event *hub__event_find(hub *h, int64_t id);
hub_event *hub__event_find_fmt(hub *h, int64_t id, const hub_fmt *f);
int64_t hub__event_id(const hub_event *e);
const hub_fmt *hub__event_fmt(const hub_event *e);
void *hub__event_state(const hub_event *e); /* the format's state (club *, ...) */
/* Wall-clock µs minus the loop's monotonic µs, read once for the hub's life. */
int64_t hub__wall_off(hub *h);
/* now_us (the loop's monotonic µs) on e's format's clock (tfmt_ops.clock). */
uint64_t hub__event_now(const hub *h, const hub_event *e, uint64_t now_us);

/* Connection conn takes e's pushes (once; closed connections are dropped at the push). */
void hub__event_subscribe(hub *h, hub_event *e, uint64_t conn);
/* Carry out the actions a (in order, as the file comment says; a is emptied). */
void hub__event_run(hub *h, hub_event *e, tfmt_acts *a, uint64_t now_us);
/* Store e's state now (h->store_failed on an error). */
void hub__event_persist(hub *h, hub_event *e);
/* e changed at now_us (the loop's monotonic µs): its snapshot (hub_fmt.enc) goes to its
 * subscribers at the end of the turn (hub__event_flush), after the turn's replies, and at most
 * once every HUB_EVENT_PUSH_GAP_MS: a change sooner after the last push waits for a timer
 * (hub__event_deadline), so a storm of changes costs one encoding a gap and the last state is
 * always sent (so the loop never stalls; protocol/README.md "Server pushes"). */
void hub__event_push(hub *h, hub_event *e, uint64_t now_us);
/* The minimum time between two pushes of one event, ms. */
#define HUB_EVENT_PUSH_GAP_MS 250
/* hub_turn_end: every changed event whose push is due (at the latest loop time an event was
 * given) is encoded once and queued, one shared buffer (hub__queue_blob), to its open
 * subscribers; the others stay held until their timer. */
void hub__event_flush(hub *h);

/* ---- games -------------------------------------------------------------------------------- */

/* The store's game id of e's game k (0: none, or a game that could not be created). */
int64_t hub__event_gid(const hub_event *e, tfmt_key k);
/* The event and key of store game gid (NULL: no event's game). */
hub_event *hub__event_of_game(hub *h, int64_t gid, tfmt_key *k);
/* e's games in creation order: n, and the i-th's key and store id. */
int hub__event_n_games(const hub_event *e);
tfmt_key hub__event_game_at(const hub_event *e, int i, int64_t *gid);
/* The `assign` of game gid's seats owned by team (0: a director, every seat) to conn: the
 * seats' own tokens (hub__seat_token: handed out again, the same token and no new row). */
void hub__event_assign(hub *h, int64_t gid, uint64_t conn, int64_t team);
/* The assigns of s (ROLE_TEAM: its seats; anyone else: none) for e's games not finished. */
void hub__event_assigns_to(hub *h, hub_event *e, const hub_sess *s);
/* Game gid is an event's game: true with its event, key and names (hub_fmt.game_names; NULL
 * when the format has none); false if it is no event's game. */
bool hub__event_game_info(hub *h, int64_t gid, hub_event **e, tfmt_key *k, const char **event,
                          const char *teams[2]);
/* The tfmt_res-like end of a finished hub game (tfmt_res: forfeits by its reason). */
tfmt_res hub__event_res(const hub_game *hg);

/* ---- the formats' commands ---------------------------------------------------------------- */

/* Is token one of event ref's tokens of role (hub__token_new's role, ref and seat)? true with
 * its seat in *seat; false for any other token, or when the store cannot say. */
bool hub__event_token(hub *h, int64_t ref, const char *role, const char *token, int *seat);
/* The roster of a team message's n players (r initialised here): BH_OK, or roster_add's
 * refusal naming players[i] in *why. */
int hub__event_roster(const proto_player_in *players, int n, roster *r, refusal *why);

/* ---- the hub's hooks ---------------------------------------------------------------------- */

/* hg finished: its event's game_over (false: hg is no event's game). */
bool hub__event_game_over(hub *h, hub_game *hg, uint64_t now_us);
/* Seat of hg connected: tfmt_ops.seat_present (persisted when it changed). */
void hub__event_seat(hub *h, hub_game *hg, int seat, uint64_t now_us);
/* The earliest next instant of every event on the loop's clock (0 none), and on_time for
 * those due at now_us. */
uint64_t hub__event_deadline(const hub *h);
void hub__event_timers(hub *h, uint64_t now_us);
/* Load every stored event of a known format (after the games and teams), its game map, the
 * ends of its finished games, then loaded, its waiting games gated again, and on_time once
 * at now_us (what fell due while the server was down). BH_OK or BH_ESTORE. */
int hub__event_load(hub *h, uint64_t now_us);
void hub__event_free(hub *h);

#endif
