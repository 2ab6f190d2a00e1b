/* hub_tour.c: tournaments run by the server (issue 6): creation with a ruleset, team
 * registration with a team token, start, T-AUTO (pair and start each round when the last
 * game of the previous one ends; game 2 of a pairing when game 1 ends, colours by P-GAME2),
 * results into the tourney model, round / standings / assign broadcasts, the Armageddon
 * play-off of ties on prize places after the last round (T-ARMAGEDDON), and the stored state.
 * SPDX-License-Identifier: MIT
 * The whole tournament is stored as TRF (trf.h) in the same store transaction as the game
 * result that changed it, so a restart restores it exactly; a game that finished in a turn
 * whose tournament update is missing (recovery at load) is applied again at load
 * (hub__tour_load). Messages are built in hub_tour_msg.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "bh.h"
#include "hub_tour_int.h"
#include "log.h"
#include "now.h"
#include "proto_tour.h"
#include "store_tour.h"
#include "swiss.h"
#include "tb.h"
#include "tour.h"
#include "trf.h"
#include "xalloc.h"

static htour *find_tour(hub *h, int64_t id)
{
    for (int i = 0; h->tours_ && i < h->tours_->n; i++)
        if (h->tours_->v[i].id == id)
            return &h->tours_->v[i];
    return NULL;
}

static htour *add_tour(hub *h, int64_t id)
{
    if (!h->tours_)
        h->tours_ = xcalloc(1, sizeof *h->tours_);
    hub_tours *ts = h->tours_;
    GROW(ts->v, ts->n, ts->cap);
    htour *ht = &ts->v[ts->n++];
    memset(ht, 0, sizeof *ht);
    ht->id = id;
    return ht;
}

const tgame *hub__tour_tgame(const htour *ht, int round, int match, int game_no)
{
    for (int i = ht->ng - 1; i >= 0; i--)
        if (ht->g[i].round == round && ht->g[i].match == match && ht->g[i].game_no == game_no)
            return &ht->g[i];
    return NULL;
}

static const hub_team *hub_team_by_id(const hub *h, int64_t id)
{
    for (int i = 0; i < h->nteams; i++)
        if (h->teams[i].id == id)
            return &h->teams[i];
    return NULL;
}

/* Queue msg (freed) to every connection, or only to those with role `role` (>= 0). */
static void to_all(hub *h, char *msg, int role)
{
    for (int i = 0; i < h->capsess; i++)
        if (h->sess[i].conn && (role < 0 || h->sess[i].role == role))
            hub__queue(h, h->sess[i].conn, xstrdup(msg));
    free(msg);
}

/* ---- persistence ------------------------------------------------------------------------ */

static void persist(hub *h, const htour *ht)
{
    char *trf = trf_export(ht->t);
    size_t cap = 16 + (size_t)ht->nteam_of * 24;
    char *map = xmalloc(cap);
    size_t len = (size_t)snprintf(map, cap, "%d", ht->fallback ? 1 : 0);
    for (int i = 1; i < ht->nteam_of; i++)
        len += (size_t)snprintf(map + len, cap - len, " %lld", (long long)ht->team_of[i]);
    store_tour row = {ht->id, ht->status, ht->seed, map, trf};
    if (store_tour_put(h->st, &row) != BH_OK)
        h->store_failed = true;
    free(map);
    free(trf);
}

/* ---- games -------------------------------------------------------------------------------- */

/* Tell team `team`'s connections (and, when to_directors, every director) the player tokens
 * of game g: a team sees its own two seats, a director all four. tokens by seat. */
static void send_assign(hub *h, const htour *ht, const tgame *g, int64_t team2,
                        const char tokens[4][AUTH_TOKEN_LEN + 1], const hub_game *hg,
                        int64_t only_conn, bool to_directors)
{
    proto_assign a = {.tournament = ht->id,
                      .round = g->round,
                      .match = g->match,
                      .game_no = g->game_no,
                      .game = g->game,
                      .team1 = g->team1,
                      .team2 = team2};
    for (int i = 0; i < h->capsess; i++) {
        const hub_sess *s = &h->sess[i];
        if (!s->conn || (only_conn && s->conn != (uint64_t)only_conn))
            continue;
        bool dir = s->role == ROLE_DIRECTOR && to_directors;
        bool team = s->role == ROLE_TEAM && (s->team == g->team1 || s->team == team2);
        if (!dir && !team)
            continue;
        a.n = 0;
        for (int seat = 0; seat < 4; seat++) {
            int side = game_team_of(seat) == GAME_TEAM_1 ? 1 : 2;
            int64_t owner = side == 1 ? g->team1 : team2;
            if (dir || owner == s->team) {
                a.seats[a.n] = seat;
                a.tokens[a.n] = tokens[seat];
                a.names[a.n] = hg ? hg->setup.players[seat] : NULL;
                a.n++;
            }
        }
        hub__queue(h, s->conn, proto_enc_assign(&a));
    }
}

/* Mint a player token for seat of game gid into out. */
static int mint(hub *h, int64_t gid, int seat, char out[AUTH_TOKEN_LEN + 1])
{
    char hash[AUTH_HASH_LEN + 1];
    int rc = auth_token_new(out);
    if (rc == BH_OK)
        rc = auth_hash(out, hash);
    if (rc == BH_OK)
        rc = store_token_add(h->st, hash, "player", gid, seat);
    return rc;
}

/* Create and start the game described by gin (its round, match, game_no and team1 = the
 * hub team seated as GAME_TEAM_1; gin->game is ignored) against hub team t2, under the named
 * game ruleset and time control, and record it as one of ht's games. */
static int create_tgame(hub *h, htour *ht, const tgame *gin, int64_t t2, const char *ruleset,
                        uint32_t base_ms, uint32_t inc_ms, uint64_t now_us)
{
    int64_t t1 = gin->team1;
    const hub_team *a = hub_team_by_id(h, t1), *b = hub_team_by_id(h, t2);
    if (!a || !b)
        return BH_ENOTFOUND;
    const char *names[4];
    /* P-TEAM: team 1 = White on A (captain) + Black on B (partner). */
    names[GAME_A_WHITE] = a->players[0];
    names[GAME_B_BLACK] = a->players[1];
    names[GAME_A_BLACK] = b->players[0];
    names[GAME_B_WHITE] = b->players[1];
    store_game row = {.tournament = ht->id,
                      .team1 = t1,
                      .team2 = t2,
                      .base_ms = base_ms,
                      .inc_ms = inc_ms,
                      .created_ms = now_wall_ms(),
                      .status = STORE_WAITING,
                      .names = {names[0], names[1], names[2], names[3]},
                      .ruleset = ruleset};
    char tokens[4][AUTH_TOKEN_LEN + 1];
    int rc = store_game_add(h->st, &row, &row.id);
    for (int i = 0; i < 4 && rc == BH_OK; i++)
        rc = mint(h, row.id, i, tokens[i]);
    tgame g = *gin;
    g.game = row.id;
    store_tgame sg = {row.id, ht->id, g.round, g.match, g.game_no, t1};
    if (rc == BH_OK)
        rc = store_tgame_add(h->st, &sg);
    if (rc == BH_OK)
        rc = hub__game_load(h, &row, now_us);
    hub_game *hg = rc == BH_OK ? hub__game_by_id(h, row.id) : NULL;
    /* T-AUTO: the game starts now; the clocks run whether or not the players are there. */
    if (hg)
        rc = hub__game_start(h, hg, now_us);
    if (rc != BH_OK) {
        log_error("hub: tournament %lld: cannot create a game: %s", (long long)ht->id,
                  bh_errname(rc));
        h->store_failed = true;
        return rc;
    }
    GROW(ht->g, ht->ng, ht->capg);
    ht->g[ht->ng++] = g;
    send_assign(h, ht, &g, t2, (const char(*)[AUTH_TOKEN_LEN + 1])tokens, hg, 0, true);
    log_info("hub: tournament %lld round %d match %d game %d: game %lld", (long long)ht->id,
             g.round, g.match + 1, g.game_no + 1, (long long)row.id);
    return BH_OK;
}

/* Create and start game game_no of match mi of round r with hub team t1 as GAME_TEAM_1. */
static int create_game(hub *h, htour *ht, int r, int mi, int game_no, int64_t t1, int64_t t2,
                       uint64_t now_us)
{
    const tour_ruleset *rs = tour_rules(ht->t);
    tgame g = {0, r, mi, game_no, t1};
    return create_tgame(h, ht, &g, t2, rs->game_ruleset, rs->base_ms, rs->inc_ms, now_us);
}


/* ---- Armageddon play-off (T-ARMAGEDDON, T-PRIZES) ------------------------------------------ */

/* Play-off games are ht's games of round 0: match = the tour id of the team seated as
 * GAME_TEAM_2 (Black on board A), game_no = the play-off game's number from 0. They are
 * played one at a time after the last round, while two teams are tied on everything on a
 * prize place; each decisive game is one tour_add_playoff record (tie-break TB_PLAYOFF). */
#define HT_ARM_WHITE_MS 180000u /* T-ARMAGEDDON default: White 3:00; Black 2:00 (game.h) */

static int tour_id_of(const htour *ht, int64_t team)
{
    for (int i = 1; i < ht->nteam_of; i++)
        if (ht->team_of[i] == team)
            return i;
    return 0;
}

/* A game that no one decided over the board (a restart adjudicated it: recovery
 * "adjudicated"): played again. A director's result (game_result) is not void, whatever its
 * reason says: the protocol's own example reason is "adjudicated". */
static bool is_void(const hub_game *hg)
{
    return strcmp(hg->recovery, "adjudicated") == 0;
}

/* The first two teams (tour ids) tied on everything, the play-off included, on a prize
 * place: standings rows x and x+1 with x < 3 (T-PRIZES: places are never shared). Only when
 * the ruleset has the play-off tie-break, and not for a withdrawn team (the pairing number
 * decides). */
static bool prize_tie(const tour *t, int *a, int *b)
{
    const tour_ruleset *rs = tour_rules(t);
    bool po = false, found = false;
    for (int k = 0; k < rs->n_tb; k++)
        po |= rs->tb[k] == TB_PLAYOFF;
    tb_standings s = {0};
    if (!po || tb_standings_compute(t, &s) != BH_OK)
        return false;
    for (int x = 0; x + 1 < s.n && x < 3 && !found; x++) {
        int p = s.rows[x].id, q = s.rows[x + 1].id;
        if (s.rows[x].tied_next && !tour_team_get(t, p)->withdrawn_round &&
            !tour_team_get(t, q)->withdrawn_round) {
            *a = p, *b = q;
            found = true;
        }
    }
    tb_standings_fini(&s);
    return found;
}

/* Start the next play-off game if none is in progress and two teams are still tied on a
 * prize place. Colours alternate: when the two met before in the play-off, they swap; else
 * White goes to the team that had Black in its last play-off game when the other had White;
 * else to the one that had White less often; else by lot. Returns true while the play-off
 * goes on. It ends: a game between two teams with w play-off wins makes one of them w+1,
 * and no value passes k-1 among k tied teams, so at most k(k-1)/2 games order them. */
static bool playoff_next(hub *h, htour *ht, uint64_t now_us)
{
    int k = 0, a, b, bal[2] = {0, 0}, lastw[2] = {-1, -1}; /* lastw: 1 White, 0 Black */
    int met = -1; /* a's colour when a and b last met in the play-off */
    const tgame *last = NULL;
    if (!prize_tie(ht->t, &a, &b))
        return false;
    int64_t ht2[2] = {ht->team_of[a], ht->team_of[b]}, ha = ht2[0], hb = ht2[1];
    for (int i = 0; i < ht->ng; i++) {
        const tgame *g = &ht->g[i];
        if (g->round != 0)
            continue;
        last = g, k++;
        for (int x = 0; x < 2; x++)
            if (g->team1 == ht2[x] || ht->team_of[g->match] == ht2[x]) {
                lastw[x] = g->team1 == ht2[x];
                bal[x] += lastw[x] ? 1 : -1;
            }
        if ((g->team1 == ht2[0] && ht->team_of[g->match] == ht2[1]) ||
            (g->team1 == ht2[1] && ht->team_of[g->match] == ht2[0]))
            met = g->team1 == ht2[0];
    }
    const hub_game *lg = last ? hub__game_by_id(h, last->game) : NULL;
    if (lg && lg->status != STORE_FINISHED)
        return true;
    uint64_t lot = (ht->seed + (uint64_t)k + 1) * 0x9E3779B97F4A7C15ULL;
    bool a_white = met >= 0                                                   ? met == 0
                   : lastw[0] != lastw[1] && lastw[0] >= 0 && lastw[1] >= 0 ? lastw[0] == 0
                   : bal[0] != bal[1]                                 ? bal[0] < bal[1]
                                                                      : (lot >> 63) != 0;
    char rules[20];
    snprintf(rules, sizeof rules, "%.15s-arm", tour_rules(ht->t)->game_ruleset);
    tgame g = {0, 0, a_white ? b : a, k, a_white ? ha : hb};
    log_info("hub: tournament %lld: Armageddon play-off game %d: %d (White) - %d",
             (long long)ht->id, k + 1, a_white ? a : b, a_white ? b : a);
    create_tgame(h, ht, &g, a_white ? hb : ha, rules, HT_ARM_WHITE_MS, 0, now_us);
    char *st = hub__tour_enc_standings(ht);
    if (st)
        to_all(h, st, -1);
    return true;
}

static void next_round(hub *h, htour *ht, uint64_t now_us);

/* Teams to be paired in round r: active, without a requested bye. */
static int teams_to_pair(const tour *t, int r)
{
    int n = 0;
    for (int id = 1; id <= tour_n_teams(t); id++)
        n += tour_is_active(t, id, r) && tour_requested_bye(t, id, r) < 0;
    return n;
}

/* Play-off game g ended as hg: record the winner (T-ARMAGEDDON: a draw counts as a win for
 * Black's team, the team of Black on board A) and go on (the standings follow once). A void game
 * is played again. Applied once: each earlier finished, not void play-off game made one
 * record. */
static void playoff_over(hub *h, htour *ht, const tgame *g, const hub_game *hg, uint64_t now_us)
{
    if (ht->status != HT_RUNNING && ht->status != HT_PAUSED)
        return;
    int before = 0;
    for (int i = 0; i < ht->ng && ht->g[i].game != g->game; i++) {
        const hub_game *x = ht->g[i].round == 0 ? hub__game_by_id(h, ht->g[i].game) : NULL;
        before += x && x->status == STORE_FINISHED && !is_void(x);
    }
    if (tour_n_playoffs(ht->t) > before)
        return;
    int white = tour_id_of(ht, g->team1), black = g->match;
    if (!is_void(hg)) {
        bool w = strcmp(hg->result, "1-0") == 0;
        tour_add_playoff(ht->t, w ? white : black, w ? black : white);
    }
    log_info("hub: tournament %lld play-off game %d: %s %s%s", (long long)ht->id, g->game_no + 1,
             hg->result, hg->reason, is_void(hg) ? " (void: played again)" : "");
    persist(h, ht);
    if (ht->status == HT_RUNNING) { /* its standings come once: with the next play-off game
                                     * (playoff_next) or as the final ones */
        next_round(h, ht, now_us);
        return;
    }
    char *st = hub__tour_enc_standings(ht);
    if (st)
        to_all(h, st, -1);
}

/* Pair the next round and start its first games; after the last round, finish. Loops while
 * a round is complete at once (only byes). */
static void next_round(hub *h, htour *ht, uint64_t now_us)
{
    for (;;) {
        int r = tour_n_rounds(ht->t);
        if (r > 0 && !tour_round_complete(ht->t, r))
            return;
        if (r > 0 && r < tour_planned_rounds(ht->t)) {
            char *st = hub__tour_enc_standings(ht);
            if (st)
                to_all(h, st, -1);
        }
        if (r >= tour_planned_rounds(ht->t)) {
            if (playoff_next(h, ht, now_us)) {
                persist(h, ht);
                return;
            }
            ht->status = HT_FINISHED;
            persist(h, ht);
            char *s = hub__tour_enc_standings(ht);
            if (s)
                to_all(h, s, -1);
            log_info("hub: tournament %lld finished after %d rounds", (long long)ht->id, r);
            return;
        }
        int rc = tour_pair_next(ht->t, ht->seed + (uint64_t)r);
        if (rc != BH_OK && teams_to_pair(ht->t, r + 1) < 2) {
            /* Nobody is left, or one team that may not get a PAB (C.04.1 d): no pairing
             * exists, not even by hand, so pausing would leave the event open for good. */
            log_error("hub: tournament %lld: round %d cannot be paired (%s), %d team(s) left: "
                      "finished", (long long)ht->id, r + 1, bh_errname(rc),
                      teams_to_pair(ht->t, r + 1));
            ht->status = HT_FINISHED;
            persist(h, ht);
            char *s = hub__tour_enc_standings(ht);
            if (s)
                to_all(h, s, -1);
            return;
        }
        if (rc != BH_OK) {
            /* No legal pairing (T-PAIR), or the pairer's node bound was hit (BH_ELIMIT): no
             * result is lost and the event does not end. T-AUTO pauses and the directors get
             * the snapshot: they pair the round by hand (round_pair with pairs, a rematch
             * only with allow_rematch), or resume to try again. */
            log_error("hub: tournament %lld: round %d cannot be paired (%s): paused for the "
                      "director (round_pair with pairs)",
                      (long long)ht->id, r + 1, bh_errname(rc));
            ht->status = HT_PAUSED;
            persist(h, ht);
            for (int i = 0; i < h->capsess; i++)
                if (h->sess[i].conn && h->sess[i].role == ROLE_DIRECTOR)
                    hub__tour_snapshot(h, ht, h->sess[i].conn, false, 0);
            char *s = hub__tour_enc_standings(ht);
            if (s)
                to_all(h, s, -1);
            return;
        }
        r++;
        for (int i = 0; i < tour_round_size(ht->t, r); i++) {
            const tour_match *m = tour_round_match(ht->t, r, i);
            if (m->b == 0 || m->forfeit != TOUR_FF_NONE)
                continue; /* T-BYE: no games for a bye; T-FORFEIT: none for a withdrawn team
                           * (a round robin pairs it, forfeited) */
            int w = m->white ? m->white : m->a;
            int o = w == m->a ? m->b : m->a;
            create_game(h, ht, r, i, 0, ht->team_of[w], ht->team_of[o], now_us);
        }
        persist(h, ht);
        to_all(h, hub__tour_enc_round(h, ht, r), -1);
    }
}

/* ---- P-GAME2: the loser of game 1 chooses game 2's colours ------------------------------- */

#define HT_GAME2_CHOICE_MS 15000u /* time the losing team has to choose (then: swap) */

static hchoice *find_choice(htour *ht, int64_t game1)
{
    for (int i = 0; i < ht->nch; i++)
        if (ht->ch[i].game1 == game1)
            return &ht->ch[i];
    return NULL;
}

static void drop_choice(htour *ht, int64_t game1)
{
    hchoice *c = find_choice(ht, game1);
    if (c)
        *c = ht->ch[--ht->nch];
}

/* Ask team `loser` (its connections, its captain's seat of game 1, every director) to choose
 * the colours of game 2 of the pairing of game g; only connection only_conn of them if it is
 * not 0 (a connection that authenticates while the choice is pending). */
static void ask_choice(hub *h, htour *ht, const tgame *g, const hchoice *c, uint64_t now_us,
                       uint64_t only_conn)
{
    proto_game2_choice q = {.tournament = ht->id,
                            .round = g->round,
                            .match = g->match,
                            .game = g->game,
                            .team = c->loser,
                            .deadline_ms = c->deadline_us > now_us
                                               ? (int64_t)(c->deadline_us - now_us) / 1000
                                               : 0,
                            .swap_default = true};
    int captain = c->loser == g->team1 ? GAME_A_WHITE : GAME_A_BLACK; /* board A */
    char *msg = proto_enc_game2_choice(&q);
    for (int i = 0; i < h->capsess; i++) {
        const hub_sess *s = &h->sess[i];
        if (s->conn && (!only_conn || s->conn == only_conn) &&
            (s->role == ROLE_DIRECTOR || (s->role == ROLE_TEAM && s->team == c->loser) ||
             (s->role == ROLE_PLAYER && s->game == g->game && s->seat == captain)))
            hub__queue(h, s->conn, xstrdup(msg));
    }
    free(msg);
}

/* After game g (finished as hg) of a match: start the match's next game if it has one and it
 * does not exist yet. P-GAME2: after a decisive game the losing team chooses whether to swap
 * colours (game2_colors); the game waits for the choice until HT_GAME2_CHOICE_MS have passed,
 * then the default applies: swap, as after a draw (our choice: the rule names no default for
 * a decisive game 1, and a swap keeps each team's colours balanced over the double round).
 * After a draw the ruleset decides (regulation: swap). hg's result (the director's, if he
 * set one) decides, not the game model's. On return a choice of g is pending only if the
 * current loser of g is still to choose: a choice made stale by a forfeit, a game 2 that
 * exists, or an override of g's result (another loser, or a draw) is dropped, so that the
 * deadline timer (hub__tour_timers) always makes progress. */
static void next_game(hub *h, htour *ht, const tgame *g, const hub_game *hg, uint64_t now_us)
{
    const tour_match *m = tour_round_match(ht->t, g->round, g->match);
    if (!m || m->forfeit != TOUR_FF_NONE || g->game_no + 1 >= tour_rules(ht->t)->games ||
        hub__tour_tgame(ht, g->round, g->match, g->game_no + 1)) {
        drop_choice(ht, g->game);
        return;
    }
    int64_t a = ht->team_of[m->a], b = ht->team_of[m->b];
    int64_t t2 = g->team1 == a ? b : a;
    bool decisive = hg && (strcmp(hg->result, "1-0") == 0 || strcmp(hg->result, "0-1") == 0);
    bool loser_swaps = true;
    if (decisive) {
        int64_t loser = strcmp(hg->result, "1-0") == 0 ? t2 : g->team1;
        hchoice *c = find_choice(ht, g->game);
        if (c && c->loser != loser) { /* the director overrode game 1: the other team chooses */
            drop_choice(ht, g->game);
            c = NULL;
        }
        if (!c) {
            GROW(ht->ch, ht->nch, ht->capch);
            c = &ht->ch[ht->nch++];
            *c = (hchoice){g->game, loser, now_us + (uint64_t)HT_GAME2_CHOICE_MS * 1000, -1};
            ask_choice(h, ht, g, c, now_us, 0);
            return;
        }
        if (c->choice < 0 && now_us < c->deadline_us)
            return; /* still the loser's time to choose */
        loser_swaps = c->choice != 0;
    }
    drop_choice(ht, g->game);
    bool swap = decisive ? loser_swaps : !hg || hg->setup.rules.draw_swaps_game2;
    int64_t n1 = swap ? t2 : g->team1, n2 = swap ? g->team1 : t2;
    create_game(h, ht, g->round, g->match, g->game_no + 1, n1, n2, now_us);
}

/* Game 2 of the pairing of game 1 game1 is due (a choice or the deadline): create it. */
static void choice_due(hub *h, htour *ht, int64_t game1, uint64_t now_us)
{
    for (int i = 0; i < ht->ng; i++)
        if (ht->g[i].game == game1) {
            tgame g = ht->g[i];
            next_game(h, ht, &g, hub__game_by_id(h, game1), now_us);
            persist(h, ht);
            to_all(h, hub__tour_enc_round(h, ht, g.round), -1);
            return;
        }
}

uint64_t hub__tour_deadline(const hub *h)
{
    uint64_t at = 0;
    for (int t = 0; h->tours_ && t < h->tours_->n; t++) {
        const htour *ht = &h->tours_->v[t];
        for (int i = 0; ht->status == HT_RUNNING && i < ht->nch; i++)
            if (!at || ht->ch[i].deadline_us < at)
                at = ht->ch[i].deadline_us;
    }
    return at;
}

void hub__tour_timers(hub *h, uint64_t now_us)
{
    for (int t = 0; h->tours_ && t < h->tours_->n; t++) {
        htour *ht = &h->tours_->v[t];
        for (int i = 0; ht->status == HT_RUNNING && i < ht->nch;) {
            if (ht->ch[i].deadline_us > now_us) {
                i++;
                continue;
            }
            int64_t game1 = ht->ch[i].game1;
            choice_due(h, ht, game1, now_us); /* next_game removes the entry */
            hchoice *c = find_choice(ht, game1);
            if (c && c->deadline_us <= now_us)
                *c = ht->ch[--ht->nch]; /* never spin on an entry that stays due */
        }
    }
}

void hub__tour_choice_check(hub *h, htour *ht, int64_t game1, uint64_t now_us)
{
    if (!find_choice(ht, game1))
        return;
    if (ht->status == HT_RUNNING)
        choice_due(h, ht, game1, now_us); /* asks the new loser, or starts game 2 after a draw */
    else
        drop_choice(ht, game1); /* paused: round_start or the resume asks the loser again */
}

void hub__tour_game2_colors(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour *ht = NULL;
    hchoice *c = NULL;
    for (int t = 0; h->tours_ && t < h->tours_->n && !c; t++) {
        ht = &h->tours_->v[t];
        c = find_choice(ht, m->game);
    }
    if (!c || c->choice >= 0) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "game");
        return;
    }
    const tgame *g = NULL;
    for (int i = 0; i < ht->ng && !g; i++)
        if (ht->g[i].game == m->game)
            g = &ht->g[i];
    int captain = g && c->loser == g->team1 ? GAME_A_WHITE : GAME_A_BLACK;
    bool ok = (s->role == ROLE_TEAM && s->team == c->loser) ||
              (s->role == ROLE_PLAYER && s->game == m->game && s->seat == captain);
    if (!g || !ok) {
        hub__error(h, s->conn, true, m->id, BH_EAUTH, NULL);
        return;
    }
    c->choice = m->action;
    log_info("hub: tournament %lld game %lld: the loser chooses to %s colours in game 2",
             (long long)ht->id, (long long)m->game, m->action ? "swap" : "keep");
    hub__queue(h, s->conn, proto_enc_ack(m->id, -1, 0, 0, 0));
    if (ht->status == HT_RUNNING)
        choice_due(h, ht, m->game, now_us);
}

/* Resume T-AUTO: the games that are due (a match whose last game ended), then the next round
 * if the current one is complete. */
static void advance(hub *h, htour *ht, uint64_t now_us)
{
    int r = tour_n_rounds(ht->t);
    hub__tour_start_paired(h, ht, r, now_us); /* a round the director paired by hand */
    for (int mi = 0; r > 0 && mi < tour_round_size(ht->t, r); mi++) {
        const tgame *last = NULL;
        for (int k = 0; k < TOUR_MAX_GAMES; k++) {
            const tgame *x = hub__tour_tgame(ht, r, mi, k);
            if (x)
                last = x;
        }
        const tour_match *m = tour_round_match(ht->t, r, mi);
        if (last && m->game[last->game_no] != TOUR_G_NONE) {
            tgame copy = *last;
            next_game(h, ht, &copy, hub__game_by_id(h, copy.game), now_us);
        }
    }
    persist(h, ht);
    if (r > 0)
        to_all(h, hub__tour_enc_round(h, ht, r), -1);
    next_round(h, ht, now_us);
}

void hub__tour_game_over(hub *h, hub_game *hg, uint64_t now_us)
{
    for (int ti = 0; h->tours_ && ti < h->tours_->n; ti++) {
        htour *ht = &h->tours_->v[ti];
        for (int i = 0; i < ht->ng; i++) {
            if (ht->g[i].game != hg->id)
                continue;
            tgame g = ht->g[i];
            if (g.round == 0) {
                playoff_over(h, ht, &g, hg, now_us);
                return;
            }
            const tour_match *m = tour_round_match(ht->t, g.round, g.match);
            if (!m || m->game[g.game_no] != TOUR_G_NONE ||
                (ht->status != HT_RUNNING && ht->status != HT_PAUSED))
                return;
            if (tour_set_game(ht->t, g.round, g.match, g.game_no,
                              hub__tour_res(ht, &g, m, hg->result)) != BH_OK)
                return;
            log_info("hub: tournament %lld round %d match %d game %d: %s %s", (long long)ht->id,
                     g.round, g.match + 1, g.game_no + 1, hg->result, hg->reason);
            if (ht->status == HT_RUNNING)
                next_game(h, ht, &g, hg, now_us);
            persist(h, ht);
            to_all(h, hub__tour_enc_round(h, ht, g.round), -1);
            if (ht->status == HT_RUNNING)
                next_round(h, ht, now_us);
            else if (tour_round_complete(ht->t, g.round))
                hub__tour_paused_standings(h, ht); /* the round ended while T-AUTO pauses */
            return;
        }
    }
}

/* ---- commands ----------------------------------------------------------------------------- */

int hub__tour_check_create(const hub *h, const proto_msg *m, const char **field)
{
    game_rules gr;
    const char *rs = m->ruleset[0] ? m->ruleset : h->cfg.ruleset;
    if (game_rules_by_name(rs, &gr) != BH_OK) {
        *field = "ruleset";
        return BH_ENOTFOUND;
    }
    for (int i = 0; i < m->n_tiebreaks; i++) {
        bool ok = false;
        for (int id = 1; id < TB_COUNT_; id++)
            ok |= strcmp(tb_name(id), m->tiebreaks[i]) == 0;
        if (!ok) {
            *field = "tiebreaks";
            return BH_EFIELD;
        }
    }
    return BH_OK;
}

void hub__tour_created(hub *h, int64_t id, const proto_msg *m)
{
    tour_ruleset rs;
    tour_ruleset_default(&rs);
    snprintf(rs.name, sizeof rs.name, "%.*s", (int)sizeof rs.name - 1, m->name);
    snprintf(rs.game_ruleset, sizeof rs.game_ruleset, "%s",
             m->ruleset[0] ? m->ruleset : h->cfg.ruleset);
    if (m->base_ms)
        rs.base_ms = (uint32_t)m->base_ms;
    if (m->base_ms || m->inc_ms)
        rs.inc_ms = (uint32_t)m->inc_ms;
    rs.rounds = m->rounds;
    if (m->small)
        rs.small_policy = m->small == 2 ? TOUR_SMALL_CAP : TOUR_SMALL_RR;
    if (m->n_tiebreaks) {
        rs.n_tb = 0;
        for (int i = 0; i < m->n_tiebreaks && i < TOUR_MAX_TB; i++)
            for (int k = 1; k < TB_COUNT_; k++)
                if (strcmp(tb_name(k), m->tiebreaks[i]) == 0)
                    rs.tb[rs.n_tb++] = k;
    }
    htour *ht = add_tour(h, id);
    ht->t = tour_new(&rs);
    ht->seed = (uint64_t)id * 0x9E3779B97F4A7C15ULL;
    ht->team_of = xcalloc(1, sizeof *ht->team_of);
    ht->nteam_of = 1;
    persist(h, ht);
}

int hub__tour_check_team(hub *h, const proto_msg *m)
{
    htour *ht = find_tour(h, m->tournament);
    if (!ht)
        return BH_OK; /* a tournament of an older database: teams only */
    if (ht->status != HT_REGISTERING)
        return BH_ESTATE;
    for (int i = 1; i <= tour_n_teams(ht->t); i++)
        if (strncmp(tour_team_get(ht->t, i)->name, m->name, TOUR_NAME_LEN - 1) == 0)
            return BH_EEXIST; /* unique (as the tourney module keeps them): see do_start */
    return BH_OK;
}

bool hub__tour_team_added(hub *h, hub_sess *s, const proto_msg *m, int64_t team)
{
    htour *ht = find_tour(h, m->tournament);
    if (!ht)
        return false;
    int tid;
    char token[AUTH_TOKEN_LEN + 1], hash[AUTH_HASH_LEN + 1];
    int rc = tour_add_team(ht->t, m->name, m->players[0], m->players[1], m->ratings[0],
                           m->ratings[1], &tid);
    if (rc == BH_OK)
        rc = auth_token_new(token);
    if (rc == BH_OK)
        rc = auth_hash(token, hash);
    /* The team token: role "team", game_id = the team id (store_token_find). */
    if (rc == BH_OK)
        rc = store_token_add(h->st, hash, "team", team, -1);
    if (rc != BH_OK) {
        hub__error(h, s->conn, true, m->id, rc, NULL);
        h->store_failed = rc == BH_ESTORE;
        return true;
    }
    ht->team_of = xrealloc(ht->team_of, (size_t)(tid + 1) * sizeof *ht->team_of);
    ht->team_of[tid] = team;
    ht->nteam_of = tid + 1;
    persist(h, ht);
    hub__queue(h, s->conn, proto_enc_team_created(m->id, team, token));
    return true;
}

static bool same_entry(const tour_team *a, const tour_team *b)
{
    return strcmp(a->name, b->name) == 0 && strcmp(a->captain, b->captain) == 0 &&
           strcmp(a->partner, b->partner) == 0 && a->rating_captain == b->rating_captain &&
           a->rating_partner == b->rating_partner;
}

static void do_start(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour *ht = find_tour(h, m->tournament);
    if (!ht) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
        return;
    }
    if (ht->status != HT_REGISTERING) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "tournament");
        return;
    }
    /* tour_start renumbers by rating: keep each entry as it was (the names are unique, so no
     * two entries are equal) and find it again after the start. */
    int n = tour_n_teams(ht->t);
    tour_team *before = xcalloc((size_t)n + 1, sizeof *before);
    for (int i = 1; i <= n; i++)
        before[i] = *tour_team_get(ht->t, i);
    int rc = tour_start(ht->t, &ht->fallback);
    if (rc != BH_OK) {
        free(before);
        hub__error(h, s->conn, true, m->id, rc, "tournament");
        return;
    }
    int64_t *map = xcalloc((size_t)n + 1, sizeof *map);
    for (int i = 1; i <= n; i++)
        for (int k = 1; k <= n && k < ht->nteam_of; k++)
            if (same_entry(tour_team_get(ht->t, i), &before[k]))
                map[i] = ht->team_of[k];
    free(before);
    free(ht->team_of);
    ht->team_of = map;
    ht->nteam_of = n + 1;
    ht->status = HT_RUNNING;
    log_info("hub: tournament %lld started: %d teams, %d rounds, %s%s", (long long)ht->id, n,
             tour_planned_rounds(ht->t),
             tour_format(ht->t) == TOUR_ROUND_ROBIN ? "round robin" : "Swiss",
             ht->fallback ? " (T-ROUNDS small-field fallback)" : "");
    next_round(h, ht, now_us);
    persist(h, ht);
    hub__tour_snapshot(h, ht, s->conn, true, m->id); /* with round 1 as paired */
}

/* Fresh player tokens (tokens are stored hashed: old ones cannot be resent) for every game of
 * ht that is not finished: a team connection gets its own two seats, a director all four.
 * Then the P-GAME2 choices still open that s may see (its team is the loser, or a director):
 * the push went only to the connections open when game 1 ended (none after a restart). */
static void reassign(hub *h, htour *ht, const hub_sess *s, uint64_t now_us)
{
    if (ht->status != HT_RUNNING && ht->status != HT_PAUSED)
        return;
    bool dir = s->role == ROLE_DIRECTOR;
    for (int i = 0; i < ht->ng; i++) {
        const tgame *g = &ht->g[i];
        const tour_match *m = tour_round_match(ht->t, g->round, g->match);
        hub_game *hg = hub__game_by_id(h, g->game);
        if ((!m && g->round != 0) || !hg || hg->status == STORE_FINISHED)
            continue;
        int64_t t2 = g->round == 0 ? ht->team_of[g->match] /* a play-off game */
                     : g->team1 == ht->team_of[m->a] ? ht->team_of[m->b]
                                                     : ht->team_of[m->a];
        if (!dir && s->team != g->team1 && s->team != t2)
            continue;
        char tokens[4][AUTH_TOKEN_LEN + 1];
        memset(tokens, 0, sizeof tokens);
        for (int seat = 0; seat < 4; seat++) {
            bool mine = dir || (game_team_of(seat) == GAME_TEAM_1) == (s->team == g->team1);
            if (mine && mint(h, g->game, seat, tokens[seat]) != BH_OK)
                h->store_failed = true;
        }
        send_assign(h, ht, g, t2, (const char(*)[AUTH_TOKEN_LEN + 1])tokens, hg,
                    (int64_t)s->conn, dir);
    }
    for (int k = 0; k < ht->nch; k++)
        for (int i = 0; ht->ch[k].choice < 0 && i < ht->ng; i++)
            if (ht->g[i].game == ht->ch[k].game1)
                ask_choice(h, ht, &ht->g[i], &ht->ch[k], now_us, s->conn);
}

static void do_get(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour *ht = NULL;
    if (m->tournament)
        ht = find_tour(h, m->tournament);
    else if (h->tours_ && h->tours_->n)
        ht = &h->tours_->v[h->tours_->n - 1]; /* the latest */
    if (!ht) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
        return;
    }
    hub__tour_snapshot(h, ht, s->conn, true, m->id);
    /* A director (say the dashboard after a reload) also gets the tokens of the live games. */
    if (s->role == ROLE_DIRECTOR)
        reassign(h, ht, s, now_us);
}

/* T-AUTO's director control: pause (no new game, no new round) or resume. */
static void do_pause(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    htour *ht = find_tour(h, m->tournament);
    if (!ht) {
        hub__error(h, s->conn, true, m->id, BH_ENOTFOUND, "tournament");
        return;
    }
    bool pause = m->action == 1;
    if (ht->status != (pause ? HT_RUNNING : HT_PAUSED)) {
        hub__error(h, s->conn, true, m->id, BH_ESTATE, "tournament");
        return;
    }
    ht->status = pause ? HT_PAUSED : HT_RUNNING;
    log_info("hub: tournament %lld %s", (long long)ht->id, pause ? "paused" : "resumed");
    if (!pause)
        advance(h, ht, now_us);
    persist(h, ht);
    hub__tour_snapshot(h, ht, s->conn, true, m->id);
}

void hub__tour_cmd(hub *h, hub_sess *s, const proto_msg *m, uint64_t now_us)
{
    if (m->type == PROTO_TOURNAMENT_START)
        do_start(h, s, m, now_us);
    else if (m->type == PROTO_TOURNAMENT_PAUSE)
        do_pause(h, s, m, now_us);
    else
        do_get(h, s, m, now_us);
}

/* A team's connection authenticated: fresh player tokens for its seats of every game of its
 * tournament that is not finished (tokens are stored hashed, so old ones cannot be resent),
 * and its open P-GAME2 choice. */
void hub__tour_team_authed(hub *h, hub_sess *s, int64_t id, uint64_t now_us)
{
    const hub_team *tm = hub_team_by_id(h, s->team);
    htour *ht = tm ? find_tour(h, tm->tournament) : NULL;
    hub__queue(h, s->conn, proto_enc_authed_team(id, s->team, tm ? tm->tournament : 0));
    if (ht)
        reassign(h, ht, s, now_us);
}

/* ---- load ---------------------------------------------------------------------------------- */

static int load_row(void *ctx, const store_tour *row)
{
    hub *h = ctx;
    tour *t = NULL;
    int line = 0;
    if (!row->trf || trf_import(row->trf, &t, &line) != BH_OK) {
        log_error("hub: tournament %lld: stored TRF does not import (line %d)",
                  (long long)row->id, line);
        return 0;
    }
    htour *ht = add_tour(h, row->id);
    ht->t = t;
    ht->status = row->status;
    ht->seed = row->seed;
    /* teams: "<fallback> <hub team id by tour id 1..n>" */
    const char *p = row->teams ? row->teams : "0";
    char *end;
    ht->fallback = strtol(p, &end, 10) != 0;
    ht->team_of = xcalloc((size_t)tour_n_teams(t) + 1, sizeof *ht->team_of);
    ht->nteam_of = 1;
    for (p = end; ht->nteam_of <= tour_n_teams(t); p = end) {
        long long v = strtoll(p, &end, 10);
        if (end == p)
            break;
        ht->team_of[ht->nteam_of++] = v;
    }
    return 0;
}

static int load_tgame(void *ctx, const store_tgame *row)
{
    hub *h = ctx;
    htour *ht = find_tour(h, row->tournament);
    if (ht) {
        GROW(ht->g, ht->ng, ht->capg);
        ht->g[ht->ng++] = (tgame){row->game, row->round, row->match, row->game_no, row->team1};
    }
    return 0;
}

int hub__tour_load(hub *h, uint64_t now_us)
{
    if (store_tour_init(h->st) != BH_OK || store_each_tour(h->st, load_row, h) != BH_OK ||
        store_each_tgame(h->st, load_tgame, h) != BH_OK)
        return BH_ESTORE;
    /* Games that ended while no tournament update was stored (recovery at load: adjudicated)
     * are applied now; that also pairs the next round when it completes one. */
    for (int ti = 0; h->tours_ && ti < h->tours_->n; ti++) {
        htour *ht = &h->tours_->v[ti];
        for (int i = 0; i < ht->ng; i++) {
            hub_game *hg = hub__game_by_id(h, ht->g[i].game);
            if (hg && hg->status == STORE_FINISHED) {
                hub__tour_game_over(h, hg, now_us);
                ht = &h->tours_->v[ti];
            }
        }
        if (ht->status == HT_RUNNING)
            advance(h, ht, now_us); /* games due (a P-GAME2 choice asked again), next round */
        log_info("hub: tournament %lld: %s, round %d of %d", (long long)ht->id,
                 hub__tour_status_name(ht->status), tour_n_rounds(ht->t), tour_planned_rounds(ht->t));
    }
    return BH_OK;
}

void hub__tour_free(hub *h)
{
    if (!h->tours_)
        return;
    for (int i = 0; i < h->tours_->n; i++) {
        tour_free(h->tours_->v[i].t);
        free(h->tours_->v[i].team_of);
        free(h->tours_->v[i].g);
        free(h->tours_->v[i].ch);
    }
    free(h->tours_->v);
    free(h->tours_);
    h->tours_ = NULL;
}

/* ---- for the director's controls (hub_tour_dir.c) ------------------------------------------ */

tour_game hub__tour_res(const htour *ht, const tgame *g, const tour_match *m, const char *result)
{
    int64_t a = ht->team_of[m->a];
    if (strcmp(result, "1-0") == 0)
        return g->team1 == a ? TOUR_G_WIN_A : TOUR_G_WIN_B;
    if (strcmp(result, "0-1") == 0)
        return g->team1 == a ? TOUR_G_WIN_B : TOUR_G_WIN_A;
    return TOUR_G_DRAW;
}

htour *hub__tour_find(hub *h, int64_t id)
{
    return find_tour(h, id);
}

void hub__tour_persist(hub *h, const htour *ht)
{
    persist(h, ht);
}

void hub__tour_to_all(hub *h, char *msg)
{
    to_all(h, msg, -1);
}

int hub__tour_game1(hub *h, htour *ht, int r, int mi, uint64_t now_us)
{
    const tour_match *m = tour_round_match(ht->t, r, mi);
    int w = m->white ? m->white : m->a;
    int o = w == m->a ? m->b : m->a;
    return create_game(h, ht, r, mi, 0, ht->team_of[w], ht->team_of[o], now_us);
}

void hub__tour_advance(hub *h, htour *ht, uint64_t now_us)
{
    advance(h, ht, now_us);
}
