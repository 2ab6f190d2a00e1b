/* test_lg_view.c: what the pages and feeds show of a seed 003 league (league_view.h, issue 26
 * item 3): each game's phase through a game's life (arranging, scheduled, waiting for its
 * players, playing, played, forfeit, double forfeit, ruled by the director), and a player's
 * calendar: the entries (an open challenge's deadline, an agreed start) and the iCalendar text
 * against RFC 5545's rules (3.1 CRLF lines folded at 75 octets, 3.3.5 UTC date-times, 3.3.11
 * TEXT escapes, 3.6 VCALENDAR with VERSION and PRODID, 3.6.1 VEVENT with UID, DTSTAMP, DTSTART).
 * SPDX-License-Identifier: MIT
 * A league of 4 teams in 2 groups on 1 board; team t is id 100+t, its players 1000t+1, 1000t+2
 * (the captain first). The clock starts 1 March 2005 00:00 UTC (art. 10). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bh.h"
#include "bh_test.h"
#include "league.h"
#include "league_view.h"
#include "utf8.h"

#define T0 1109635200000000LL /* 1 March 2005 00:00 UTC in µs */
#define DAY CHAL_DAY_US
#define HOUR (3600LL * 1000000)

static league *four_teams(const char *name, const char *first_player)
{
    league_config c;
    league_config_default(&c);
    snprintf(c.name, sizeof c.name, "%s", name);
    c.teams = 4;
    c.groups = 2;
    c.boards = 1;
    league *l = league_new(9, &c);
    for (int t = 1; t <= 4; t++) {
        roster r;
        roster_init(&r);
        for (int i = 1; i <= 2; i++) {
            char nm[ROSTER_NAME_LEN];
            snprintf(nm, sizeof nm, "%s %d", t == 1 && i == 1 ? first_player : "Player",
                     1000 * t + i);
            CHECK_EQ_INT("player", BH_OK,
                         roster_add(&r, 1000 * t + i, nm, 2300 - 10 * t - i, false, NULL));
        }
        char tn[32];
        snprintf(tn, sizeof tn, "Team %d", t);
        CHECK_EQ_INT("team", BH_OK, league_add_team(l, 100 + t, tn, &r, 1000 * t + 1, NULL));
    }
    tfmt_acts a;
    tfmt_acts_init(&a);
    CHECK_EQ_INT("start", BH_OK, league_start(l, T0, &a, NULL));
    tfmt_acts_fini(&a);
    return l;
}

static const char *phase_of(const league *l, tfmt_key k, bool clocks)
{
    league_phase p = LEAGUE_PH_N_;
    if (league_game_phase(league_game_get(l, k), clocks, &p) != BH_OK)
        return "(refused)";
    return league_phase_name(p);
}

static tfmt_key K(int mi)
{
    return (tfmt_key){LEAGUE_STAGE_GROUPS, mi, 0, 0};
}

/* Player p's name in four_teams (first_player "Orlov"). */
static const char *nm(int p, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s %d", p == 1001 ? "Orlov" : "Player", p);
    return buf;
}

static void sides(const league *l, tfmt_key k, int *w, int *b)
{
    const league_game *g = league_game_get(l, k);
    *w = g->c.player[CHAL_WHITE];
    *b = g->c.player[CHAL_BLACK];
}

/* issue-26: a created game nobody joined read "playing", and "played" after the double
 * forfeit of T-WAIT; its phase is "waiting" until its clocks start, then "double_forfeit". */
static void phases_through_a_game(void)
{
    league *l = four_teams("Phases", "Orlov");
    tfmt_acts a;
    tfmt_acts_init(&a);
    tfmt_key k = K(0);
    int w, b;
    sides(l, k, &w, &b);
    CHECK_EQ_STR("nothing sent", "arranging", phase_of(l, k, false));
    CHECK_EQ_INT("send", BH_OK, league_send(l, k, w, T0 + DAY, T0 + HOUR, &a, NULL));
    CHECK_EQ_STR("proposed", "arranging", phase_of(l, k, false));
    CHECK_EQ_INT("accept", BH_OK, league_accept(l, k, b, T0 + 2 * HOUR, &a, NULL));
    CHECK_EQ_STR("agreed for tomorrow", "scheduled", phase_of(l, k, false));
    CHECK_EQ_STR("a host's word on a game it has not got", "scheduled", phase_of(l, k, true));
    league_on_time(l, T0 + DAY, &a);
    CHECK(league_game_get(l, k)->created);
    CHECK_EQ_STR("created, nobody at the board", "waiting", phase_of(l, k, false));
    CHECK_EQ_STR("the clocks run", "playing", phase_of(l, k, true));
    CHECK_EQ_INT("both absent", BH_OK,
                 league_game_over(l, k, BH_RES_FF_BOTH, T0 + DAY + HOUR, &a, NULL));
    CHECK_EQ_STR("double forfeit", "double_forfeit", phase_of(l, k, false));
    CHECK_EQ_STR("double forfeit, whatever the host says", "double_forfeit", phase_of(l, k, true));

    /* the other group: played now over the board */
    tfmt_key k2 = K(1);
    sides(l, k2, &w, &b);
    CHECK_EQ_INT("send now", BH_OK, league_send(l, k2, w, 0, T0 + HOUR, &a, NULL));
    CHECK_EQ_INT("accept", BH_OK, league_accept(l, k2, b, T0 + HOUR, &a, NULL));
    CHECK_EQ_STR("created at once", "waiting", phase_of(l, k2, false));
    CHECK_EQ_INT("1-0", BH_OK, league_game_over(l, k2, BH_RES_WIN1, T0 + 2 * HOUR, &a, NULL));
    CHECK_EQ_STR("played", "played", phase_of(l, k2, true));
    tfmt_acts_fini(&a);
    league_free(l);
}

/* The forfeits of art. 5 (two unanswered challenges), of T-WAIT (one absent) and the director's
 * result of a game never hosted. */
static void forfeit_and_ruled(void)
{
    league *l = four_teams("Forfeits", "Orlov");
    tfmt_acts a;
    tfmt_acts_init(&a);
    tfmt_key k = K(0), k2 = K(1);
    int w, b;
    sides(l, k, &w, &b);
    CHECK_EQ_INT("first", BH_OK, league_send(l, k, w, 0, T0, &a, NULL));
    league_on_time(l, T0 + 10 * DAY, &a);
    CHECK_EQ_STR("lapsed: arranging still", "arranging", phase_of(l, k, false));
    CHECK_EQ_INT("second", BH_OK, league_send(l, k, w, 0, T0 + 10 * DAY, &a, NULL));
    league_on_time(l, T0 + 15 * DAY, &a);
    CHECK_EQ_INT("+- (art. 5)", BH_RES_FF_W, league_game_get(l, k)->res);
    CHECK_EQ_STR("forfeit", "forfeit", phase_of(l, k, false));
    CHECK_EQ_INT("director", BH_OK,
                 league_director_result(l, k2, BH_RES_DRAW, T0 + 15 * DAY, &a, NULL));
    CHECK_EQ_STR("ruled", "ruled", phase_of(l, k2, false));
    tfmt_acts_fini(&a);
    league_free(l);
}

static void phase_refuses_bad_input(void)
{
    league_phase p = LEAGUE_PH_PLAYED;
    CHECK_EQ_INT("NULL game", BH_EINVAL, league_game_phase(NULL, false, &p));
    league_game g;
    memset(&g, 0, sizeof g);
    CHECK_EQ_INT("NULL out", BH_EINVAL, league_game_phase(&g, false, NULL));
    g.res = 200;
    CHECK_EQ_INT("a result outside the enum", BH_EINVAL, league_game_phase(&g, false, &p));
    g.res = BH_RES_NONE;
    g.c.state = 99;
    CHECK_EQ_INT("a state outside the enum", BH_EINVAL, league_game_phase(&g, false, &p));
    CHECK_EQ_INT("untouched", LEAGUE_PH_PLAYED, p);
    CHECK(league_phase_name(LEAGUE_PH_N_) == NULL);
    CHECK(league_phase_name((league_phase)-1) == NULL);
    CHECK_EQ_STR("name", "double_forfeit", league_phase_name(LEAGUE_PH_DOUBLE_FORFEIT));
}

/* The entries: the deadline of an open challenge for both players (who answers), an agreed start
 * with the game's length at 5+1 (2 x (300 + 40 x 1) s = 680 s), none once created. */
static void calendar_entries(void)
{
    league *l = four_teams("Calendar", "Orlov");
    tfmt_acts a;
    tfmt_acts_init(&a);
    tfmt_key k = K(0), k2 = K(1);
    int w, b, w2, b2;
    sides(l, k, &w, &b);
    sides(l, k2, &w2, &b2);
    league_cal_event e[LEAGUE_CAL_MAX];
    CHECK_EQ_INT("nothing sent: no entry", 0, league_player_calendar(l, w, e, LEAGUE_CAL_MAX));
    CHECK_EQ_INT("unknown player", BH_ENOTFOUND, league_player_calendar(l, 77, e, 4));
    CHECK_EQ_INT("player 0", BH_ENOTFOUND, league_player_calendar(l, 0, e, 4));
    CHECK_EQ_INT("NULL league", BH_EINVAL, league_player_calendar(NULL, w, e, 4));
    CHECK_EQ_INT("NULL out", BH_EINVAL, league_player_calendar(l, w, NULL, 4));
    CHECK_EQ_INT("cap < 0", BH_EINVAL, league_player_calendar(l, w, e, -1));
    CHECK_EQ_INT("send", BH_OK, league_send(l, k, w, 0, T0 + HOUR, &a, NULL));
    CHECK_EQ_INT("one entry", 1, league_player_calendar(l, w, e, LEAGUE_CAL_MAX));
    CHECK_EQ_INT("a deadline", LEAGUE_CAL_DEADLINE, e[0].kind);
    CHECK(e[0].at_us == T0 + HOUR + 10 * DAY); /* art. 5: valid 10 days */
    CHECK(!e[0].to_answer);
    CHECK_EQ_INT("White", 0, e[0].side);
    CHECK_EQ_INT("opponent", b, e[0].opponent);
    CHECK_EQ_STR("label", "A1", e[0].label);
    char want[128], n1[32], n2[32];
    snprintf(want, sizeof want, "Deadline: %s answers your challenge, A1 board 1",
             nm(b, n1, sizeof n1));
    CHECK_EQ_STR("the sender's summary", want, e[0].summary);
    CHECK_EQ_INT("the answerer's entry", 1, league_player_calendar(l, b, e, LEAGUE_CAL_MAX));
    CHECK(e[0].to_answer);
    snprintf(want, sizeof want, "Deadline: answer %s's challenge, A1 board 1",
             nm(w, n1, sizeof n1));
    CHECK_EQ_STR("the answerer's summary", want, e[0].summary);
    CHECK_EQ_INT("count only", 1, league_player_calendar(l, b, NULL, 0));
    /* group B: agreed for 5 March 18:00 UTC */
    int64_t start = T0 + 4 * DAY + 18 * HOUR;
    CHECK_EQ_INT("send B", BH_OK, league_send(l, k2, w2, start, T0 + HOUR, &a, NULL));
    CHECK_EQ_INT("accept B", BH_OK, league_accept(l, k2, b2, T0 + 2 * HOUR, &a, NULL));
    CHECK_EQ_INT("B's entry", 1, league_player_calendar(l, b2, e, LEAGUE_CAL_MAX));
    CHECK_EQ_INT("a start", LEAGUE_CAL_START, e[0].kind);
    CHECK(e[0].at_us == start);
    CHECK(e[0].length_us == 680LL * 1000000);
    snprintf(want, sizeof want, "Game B1 board 1: %s (Team %d) - %s (Team %d)",
             nm(w2, n1, sizeof n1), w2 / 1000, nm(b2, n2, sizeof n2), b2 / 1000);
    CHECK_EQ_STR("B's summary", want, e[0].summary);
    league_on_time(l, start, &a);
    CHECK_EQ_INT("created: no entry", 0, league_player_calendar(l, b2, e, LEAGUE_CAL_MAX));
    tfmt_acts_fini(&a);
    league_free(l);
}

/* Every physical line ends with CRLF, is at most 75 octets and valid UTF-8 on its own; the
 * unfolded lines are returned (malloc'd array of malloc'd strings, *n of them). */
static char **unfold(const char *ics, int *n)
{
    char **out = calloc(256, sizeof *out);
    *n = 0;
    const char *p = ics;
    while (*p) {
        const char *e = strstr(p, "\r\n");
        if (!e) {
            CHECK_MSG(false, "a line without CRLF: %s", p);
            break;
        }
        size_t len = (size_t)(e - p);
        CHECK_MSG(len <= 75, "a line of %zu octets: %.*s", len, (int)len, p);
        CHECK_MSG(memchr(p, '\n', len) == NULL, "a bare LF in %.*s", (int)len, p);
        CHECK_MSG(bh_utf8_valid(p, len, NULL), "a line cut inside a UTF-8 character: %.*s",
                  (int)len, p);
        if (*p == ' ' && *n > 0) { /* a continuation (3.1) */
            char *prev = out[*n - 1];
            size_t pl = strlen(prev);
            prev = realloc(prev, pl + len);
            memcpy(prev + pl, p + 1, len - 1);
            prev[pl + len - 1] = 0;
            out[*n - 1] = prev;
        } else if (*n < 255) {
            char *s = malloc(len + 1);
            memcpy(s, p, len);
            s[len] = 0;
            out[(*n)++] = s;
        }
        p = e + 2;
    }
    return out;
}

static int count_prefix(char **lines, int n, const char *prefix)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += strncmp(lines[i], prefix, strlen(prefix)) == 0;
    return k;
}

/* RFC 5545's required properties and syntax; a long Cyrillic summary is folded between
 * characters; the league's name with ',' ';' '\' is escaped. */
static void calendar_ics_rfc5545(void)
{
    league *l =
        four_teams("Лига, сезон; 2005 \\ A", "Лев Преображенский"); /* 40 bytes with " 1001" */
    tfmt_acts a;
    tfmt_acts_init(&a);
    tfmt_key k = K(0);
    int w, b;
    sides(l, k, &w, &b);
    char *ics = NULL;
    CHECK_EQ_INT("unknown player", BH_ENOTFOUND, league_calendar_ics(l, 77, T0, NULL, &ics));
    CHECK(ics == NULL);
    CHECK_EQ_INT("NULL out", BH_EINVAL, league_calendar_ics(l, w, T0, NULL, NULL));
    CHECK_EQ_INT("negative time", BH_EINVAL, league_calendar_ics(l, w, -1, NULL, &ics));
    CHECK_EQ_INT("send", BH_OK, league_send(l, k, w, 0, T0 + HOUR, &a, NULL));
    int64_t now = T0 + 2 * HOUR;
    int other = w == 1001 ? b : w; /* his summary names player 1001 */
    CHECK_EQ_INT("1001 plays group A's first game", 1001, w == 1001 ? w : b);
    CHECK_EQ_INT("ics", BH_OK, league_calendar_ics(l, other, now, "league.example.org", &ics));
    int n = 0;
    char **ln = unfold(ics, &n);
    CHECK_EQ_STR("first", "BEGIN:VCALENDAR", n ? ln[0] : "");
    CHECK_EQ_STR("last", "END:VCALENDAR", n ? ln[n - 1] : "");
    CHECK_EQ_INT("VERSION", 1, count_prefix(ln, n, "VERSION:2.0"));
    CHECK_EQ_INT("PRODID", 1, count_prefix(ln, n, "PRODID:"));
    CHECK_EQ_INT("one event", 1, count_prefix(ln, n, "BEGIN:VEVENT"));
    CHECK_EQ_INT("its end", 1, count_prefix(ln, n, "END:VEVENT"));
    CHECK_EQ_INT("UID", 1,
                 count_prefix(ln, n, "UID:league9-s1-m0-g0-b0-deadline1@league.example.org"));
    CHECK_EQ_INT("DTSTAMP: now, UTC", 1, count_prefix(ln, n, "DTSTAMP:20050301T020000Z"));
    /* sent 1 March 01:00 + 10 days (art. 5) */
    CHECK_EQ_INT("DTSTART: the deadline, UTC", 1, count_prefix(ln, n, "DTSTART:20050311T010000Z"));
    CHECK_EQ_INT("SEQUENCE", 1, count_prefix(ln, n, "SEQUENCE:0"));
    CHECK_EQ_INT("escaped name", 1,
                 count_prefix(ln, n, "X-WR-CALNAME:Лига\\, сезон\\; 2005 \\\\ A: Player"));
    int summaries = 0;
    for (int i = 0; i < n; i++)
        if (strncmp(ln[i], "SUMMARY:", 8) == 0) {
            summaries++;
            CHECK_MSG(strstr(ln[i], "Лев Преображенский 1001") != NULL,
                      "the summary names the player whole: %s", ln[i]);
        }
    CHECK_EQ_INT("SUMMARY", 1, summaries);
    CHECK_MSG(strstr(ics, "\r\n ") != NULL, "a long line was folded: %s", ics);
    for (int i = 0; i < n; i++)
        free(ln[i]);
    free(ln);
    free(ics);
    /* the deadline extended: same UID, SEQUENCE 1, the new DTSTART */
    CHECK_EQ_INT("extend", BH_OK, league_extend(l, k, T0 + HOUR + 12 * DAY, now, &a, NULL));
    CHECK_EQ_INT("ics again", BH_OK, league_calendar_ics(l, other, now, NULL, &ics));
    CHECK_MSG(strstr(ics, "\r\nUID:league9-s1-m0-g0-b0-deadline1@bughouse-server\r\n") != NULL,
              "%s", ics);
    CHECK_MSG(strstr(ics, "\r\nSEQUENCE:1\r\n") != NULL, "%s", ics);
    CHECK_MSG(strstr(ics, "\r\nDTSTART:20050313T010000Z\r\n") != NULL, "%s", ics);
    free(ics);
    tfmt_acts_fini(&a);
    league_free(l);
}

static const bh_test_case cases[] = {
    {"phases_through_a_game", phases_through_a_game},     {"forfeit_and_ruled", forfeit_and_ruled},
    {"phase_refuses_bad_input", phase_refuses_bad_input}, {"calendar_entries", calendar_entries},
    {"calendar_ics_rfc5545", calendar_ics_rfc5545},
};

BH_TEST_MAIN(cases)
