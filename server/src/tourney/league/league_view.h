/* league_view.h: what the pages and the feeds show of a league: each game's
 * phase, decided from the league's state and one fact of the host (do its clocks run?), and a
 * player's fixtures as a calendar (RFC 5545 iCalendar) and as a list for a program.
 * SPDX-License-Identifier: MIT
 * Pure: no I/O, no clock reads. Instants are µs on the league's clock (league.h: wall-clock µs
 * since the Unix epoch in the hub), and the calendar writes them as UTC. */
#ifndef BH_LEAGUE_VIEW_H
#define BH_LEAGUE_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "league.h"

/* A game's phase, as a person asks "where is this game?". The values are not stored; the wire
 * names are league_phase_name's. */
typedef enum {
    LEAGUE_PH_ARRANGING = 0,  /* its challenge is not agreed yet: to be sent, proposed, lapsed
                               * (F-CHALLENGE, art. 5) */
    LEAGUE_PH_SCHEDULED,      /* a start is agreed and has not come; no game exists yet */
    LEAGUE_PH_WAITING,        /* the game exists and its clocks wait for both players (T-WAIT:
                               * an absent player loses after the waiting time) */
    LEAGUE_PH_PLAYING,        /* its clocks run */
    LEAGUE_PH_PLAYED,         /* decided over the board (or the director's result of a game
                               * that was hosted) */
    LEAGUE_PH_FORFEIT,        /* one side lost by forfeit: an unanswered second challenge
                               * (art. 5) or absent after the waiting time (T-WAIT) */
    LEAGUE_PH_DOUBLE_FORFEIT, /* both sides lost by forfeit: both absent (T-WAIT), or the
                               * director's ruling */
    LEAGUE_PH_RULED,          /* the director's result of a game never hosted */
    LEAGUE_PH_N_
} league_phase;

/* The phase of game g (league_game_get's) into *out. clocks_running is the host's fact about
 * the game it created for g (g->created): true once its clocks started (the T-WAIT gate
 * opened), false while it waits for its players; ignored for a game not created. A result
 * decides first: "--" DOUBLE_FORFEIT, "+-" / "-+" FORFEIT, another PLAYED if the game was
 * created, else RULED. BH_OK, or BH_EINVAL (g or out NULL, a result or challenge state outside
 * their enums; *out untouched). */
int league_game_phase(const league_game *g, bool clocks_running, league_phase *out);

/* The wire name of p: "arranging", "scheduled", "waiting", "playing", "played", "forfeit",
 * "double_forfeit", "ruled" (protocol/messages/s2c-league.md); NULL outside the enum. Static. */
const char *league_phase_name(league_phase p);

/* ---- a player's calendar ------------------------------------------------------------------ */

/* What a calendar entry is. */
typedef enum {
    LEAGUE_CAL_DEADLINE = 0, /* an open challenge's answer deadline (F-CHALLENGE) */
    LEAGUE_CAL_START = 1     /* the agreed start of a game (art. 4, 5) */
} league_cal_kind;

typedef struct {
    tfmt_key key;      /* the game (league.h's key: round = the stage) */
    int kind;          /* league_cal_kind */
    int64_t at_us;     /* DEADLINE: the deadline; START: the agreed start */
    int64_t length_us; /* START: the time two players use up at the game's time control in
                        * 40 moves each (2 x (base + 40 x increment)); DEADLINE: 0 */
    int challenge;     /* 1 first, 2 second (art. 5) */
    int sequence;      /* counter-proposals + extensions: a calendar replaces the entry of the
                        * same uid when it grows (RFC 5545 3.8.7.4 SEQUENCE) */
    bool to_answer;    /* DEADLINE: the player is the one who must answer */
    int side;          /* the player's colour: 0 White, 1 Black */
    int opponent;      /* the opponent's roster id */
    int64_t team[2];   /* White's team, Black's team (the caller's ids) */
    char label[8];     /* the match: "A1" (group A, Berger round 1), "QF1".."SF2", "F" */
    char summary[384]; /* one line a person reads, UTF-8: what, where, who (never cut:
                        * six names of 64 bytes and the words fit) */
} league_cal_event;

/* Entries one player can have: at most one a game, and he plays at most GROUPS_MAX_S - 1 group
 * games and two games in each of three knockout stages. */
#define LEAGUE_CAL_MAX (GROUPS_MAX_S - 1 + 6)

/* The calendar entries of player (a roster id) in every stage reached, in time order (ties:
 * stage, match, game, board): each open challenge of his games (the answer's deadline, whoever
 * must answer) and each agreed start still ahead of the game's creation. Games decided, created
 * or not arranged yet have no instant and no entry. Writes at most cap entries; returns how many
 * there are (> cap: only cap written), or BH_EINVAL (l or out NULL with cap > 0, cap < 0),
 * BH_ENOTFOUND (player is on no current roster and in no game of l). */
int league_player_calendar(const league *l, int player, league_cal_event *out, int cap);

/* Player's entries (league_player_calendar) as an iCalendar object (RFC 5545) into *out
 * (malloc'd, caller frees): VCALENDAR with VERSION 2.0, PRODID, CALSCALE GREGORIAN, X-WR-CALNAME
 * (the league and the player), one VEVENT each with UID (uid_host: the part after '@', e.g.
 * the server's site; NULL or "" "bughouse-server"), DTSTAMP (now_us, UTC), DTSTART (UTC),
 * DURATION (a start: length_us; a deadline: none), SEQUENCE, SUMMARY, DESCRIPTION, or with no
 * entry a VTIMEZONE of UTC instead (3.4: at least one component); TEXT values
 * escaped (3.3.11), lines CRLF and folded at 75 octets never inside a UTF-8 character (3.1).
 * BH_OK, or BH_EINVAL (l or out NULL, now_us < 0), BH_ENOTFOUND (as league_player_calendar). */
int league_calendar_ics(const league *l, int player, int64_t now_us, const char *uid_host,
                        char **out);

/* The uid of entry e of league league_id (RFC 5545 3.8.4.7) into out: "league7-s1-m0-g0-b0-
 * deadline1@host" (the challenge number after a deadline). BH_OK or BH_ELIMIT (cap too small;
 * LEAGUE_CAL_UID_MAX is enough for a host up to 64 bytes). */
#define LEAGUE_CAL_UID_MAX 160
int league_cal_uid(int64_t league_id, const league_cal_event *e, const char *uid_host, char *out,
                   size_t cap);

#endif
