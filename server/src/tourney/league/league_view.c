/* league_view.c: a league game's phase and a player's calendar (league_view.h).
 * SPDX-License-Identifier: MIT
 * The calendar is built from the same entries the JSON feed lists (league_player_calendar), so
 * the two never disagree; the iCalendar text follows RFC 5545 sections 3.1 (content lines, CRLF,
 * folding), 3.3.5 (UTC date-times), 3.3.11 (TEXT escapes) and 3.6.1 (VEVENT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bh.h"
#include "buf.h"
#include "league_int.h"
#include "league_view.h"
#include "xalloc.h"

int league_game_phase(const league_game *g, bool clocks_running, league_phase *out)
{
    if (!g || !out || g->res >= BH_RES_N_ || g->c.state >= CHAL_STATE_N_)
        return BH_EINVAL;
    league_phase p;
    switch ((bh_result)g->res) {
    case BH_RES_FF_BOTH: p = LEAGUE_PH_DOUBLE_FORFEIT; break;
    case BH_RES_FF_W:
    case BH_RES_FF_B: p = LEAGUE_PH_FORFEIT; break;
    case BH_RES_NONE:
        if (g->created)
            p = clocks_running ? LEAGUE_PH_PLAYING : LEAGUE_PH_WAITING;
        else if (g->c.state == CHAL_AGREED)
            p = LEAGUE_PH_SCHEDULED;
        else
            p = LEAGUE_PH_ARRANGING;
        break;
    default: p = g->created ? LEAGUE_PH_PLAYED : LEAGUE_PH_RULED; break;
    }
    *out = p;
    return BH_OK;
}

const char *league_phase_name(league_phase p)
{
    static const char *const N[LEAGUE_PH_N_] = {"arranging",      "scheduled", "waiting",
                                                "playing",        "played",    "forfeit",
                                                "double_forfeit", "ruled"};
    return (int)p >= 0 && p < LEAGUE_PH_N_ ? N[p] : NULL;
}

/* ---- the calendar ------------------------------------------------------------------------- */

static const char *const KO_LABEL[BRACKET_MATCHES] = {"QF1", "QF2", "QF3", "QF4",
                                                      "SF1", "SF2", "F"};

/* Player id's name on team's current roster, "#id" if he is on it no more. */
static const char *name_of(const league *l, int64_t team, int id, char *tmp, size_t cap)
{
    int tid = league_team_tid(l, team);
    int i = tid ? roster_find(&l->t[tid].r, id) : -1;
    if (i >= 0)
        return l->t[tid].r.p[i].name;
    snprintf(tmp, cap, "#%d", id);
    return tmp;
}

/* Entry e's summary line, of game g. */
static void summary(const league *l, const league_game *g, league_cal_event *e)
{
    char t0[16], t1[16];
    const char *w = name_of(l, e->team[0], g->c.player[CHAL_WHITE], t0, sizeof t0);
    const char *b = name_of(l, e->team[1], g->c.player[CHAL_BLACK], t1, sizeof t1);
    const char *tw = league_team_name(l, league_team_tid(l, e->team[0]));
    const char *tb = league_team_name(l, league_team_tid(l, e->team[1]));
    char where[64];
    if (e->key.round == LEAGUE_STAGE_GROUPS)
        snprintf(where, sizeof where, "%s board %d", e->label, e->key.board + 1);
    else
        snprintf(where, sizeof where, "%s board %d game %d", e->label, e->key.board + 1,
                 e->key.game + 1);
    char opp[16];
    const char *on = name_of(l, e->team[!e->side], e->opponent, opp, sizeof opp);
    if (e->kind == LEAGUE_CAL_START)
        snprintf(e->summary, sizeof e->summary, "Game %s: %s (%s) - %s (%s)", where, w,
                 tw ? tw : "?", b, tb ? tb : "?");
    else if (e->to_answer)
        snprintf(e->summary, sizeof e->summary, "Deadline: answer %s's %schallenge, %s", on,
                 e->challenge == 2 ? "second " : "", where);
    else
        snprintf(e->summary, sizeof e->summary, "Deadline: %s answers your %schallenge, %s", on,
                 e->challenge == 2 ? "second " : "", where);
}

/* Game g's entry for player (a side of it) into *e; false if it has none. */
static bool entry(const league *l, const league_mt *m, const league_game *g, int player,
                  league_cal_event *e)
{
    int side = g->c.player[CHAL_WHITE] == player ? 0 : 1;
    if (g->res != BH_RES_NONE || g->created)
        return false;
    memset(e, 0, sizeof *e);
    if (g->c.state == CHAL_PROPOSED) {
        e->kind = LEAGUE_CAL_DEADLINE;
        e->at_us = g->c.deadline_us;
        e->to_answer = g->c.turn == side;
    } else if (g->c.state == CHAL_AGREED && g->c.start_us > 0) {
        int base_s, inc_s;
        chal_time_control(&g->c, &l->cfg.cr, &base_s, &inc_s);
        e->kind = LEAGUE_CAL_START;
        e->at_us = g->c.start_us;
        e->length_us = 2LL * (base_s + 40LL * inc_s) * 1000000;
    } else
        return false;
    e->key = g->key;
    e->challenge = g->c.stage ? g->c.stage : 1;
    e->sequence = g->c.counters + g->c.extensions;
    e->side = side;
    e->opponent = g->c.player[!side];
    e->team[0] = g->team[0];
    e->team[1] = g->team[1];
    if (g->key.round == LEAGUE_STAGE_GROUPS)
        snprintf(e->label, sizeof e->label, "%c%d", 'A' + (m->group >= 0 ? m->group % 26 : 0),
                 m->round % 100);
    else
        snprintf(e->label, sizeof e->label, "%s",
                 g->key.match >= 0 && g->key.match < BRACKET_MATCHES ? KO_LABEL[g->key.match]
                                                                     : "?");
    summary(l, g, e);
    return true;
}

static int cal_cmp(const void *pa, const void *pb)
{
    const league_cal_event *a = pa, *b = pb;
    if (a->at_us != b->at_us)
        return a->at_us < b->at_us ? -1 : 1;
    const int x[4] = {a->key.round, a->key.match, a->key.game, a->key.board};
    const int y[4] = {b->key.round, b->key.match, b->key.game, b->key.board};
    for (int i = 0; i < 4; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

static bool on_roster(const league *l, int player)
{
    for (int t = 1; t <= l->nt; t++)
        if (roster_find(&l->t[t].r, player) >= 0)
            return true;
    return false;
}

int league_player_calendar(const league *l, int player, league_cal_event *out, int cap)
{
    if (!l || cap < 0 || (!out && cap > 0))
        return BH_EINVAL;
    bool known = player > 0 && on_roster(l, player);
    league_cal_event all[LEAGUE_CAL_MAX];
    int n = 0, more = 0;
    for (int s = LEAGUE_STAGE_GROUPS; player > 0 && s <= LEAGUE_STAGE_FINAL && s <= l->stage; s++) {
        int gpm = league_games_per_match(l, s);
        for (int mi = 0; mi < league_n_matches(l, s); mi++) {
            const league_mt *m = league__match(l, s, mi);
            if (!m || !m->team[0])
                continue;
            for (int gi = 0; gi < gpm && gi < LEAGUE_MAX_GAMES; gi++) {
                const league_game *g = &m->g[gi];
                if (g->c.player[0] != player && g->c.player[1] != player)
                    continue;
                known = true;
                league_cal_event e;
                if (!entry(l, m, g, player, &e))
                    continue;
                if (n < LEAGUE_CAL_MAX)
                    all[n++] = e;
                else
                    more++;
            }
        }
    }
    if (!known)
        return BH_ENOTFOUND;
    qsort(all, (size_t)n, sizeof *all, cal_cmp);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = all[i];
    return n + more;
}

int league_cal_uid(int64_t league_id, const league_cal_event *e, const char *uid_host, char *out,
                   size_t cap)
{
    if (!e || !out)
        return BH_EINVAL;
    const char *host = uid_host && uid_host[0] ? uid_host : "bughouse-server";
    char what[16];
    if (e->kind == LEAGUE_CAL_DEADLINE)
        snprintf(what, sizeof what, "deadline%d", e->challenge);
    else
        snprintf(what, sizeof what, "start");
    int k = snprintf(out, cap, "league%lld-s%d-m%d-g%d-b%d-%s@%s", (long long)league_id,
                     e->key.round, e->key.match, e->key.game, e->key.board, what, host);
    return k < 0 || (size_t)k >= cap ? BH_ELIMIT : BH_OK;
}

/* at_us (µs since the epoch) as a UTC DATE-TIME (RFC 5545 3.3.5, form 2): 20050301T100000Z. */
static void utc(char out[24], int64_t at_us)
{
    time_t s = (time_t)(at_us >= 0 ? at_us / 1000000 : 0);
    struct tm tm;
    if (!gmtime_r(&s, &tm) || !strftime(out, 24, "%Y%m%dT%H%M%SZ", &tm))
        snprintf(out, 24, "19700101T000000Z");
}

/* One content line "name:value" (value already escaped where it is TEXT), folded at 75 octets
 * (3.1: CRLF then one space; a fold never splits a UTF-8 character) and ended by CRLF. */
static void line(buf *b, const char *name, const char *value)
{
    size_t n = strlen(name) + 1 + strlen(value);
    char *l = xmalloc(n + 1);
    snprintf(l, n + 1, "%s:%s", name, value);
    size_t at = 0, width = 75;
    while (n - at > width) {
        size_t cut = at + width;
        while (cut > at + 1 && ((unsigned char)l[cut] & 0xC0) == 0x80)
            cut--; /* a continuation byte: fold before its character */
        buf_printf(b, "%.*s\r\n ", (int)(cut - at), l + at);
        at = cut;
        width = 74; /* a folded line starts with its space */
    }
    buf_printf(b, "%s\r\n", l + at);
    free(l);
}

/* s as an RFC 5545 TEXT value (3.3.11): backslash, semicolon and comma escaped, a newline as
 * \n, other control characters dropped. */
static void text(buf *b, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '\\' || *p == ';' || *p == ',')
            buf_printf(b, "\\%c", *p);
        else if (*p == '\n')
            buf_printf(b, "\\n");
        else if (*p >= 0x20 && *p != 0x7f)
            buf_printf(b, "%c", *p);
    }
}

/* The content line name:v (v the text() of a value), v emptied. */
static void line_of(buf *b, const char *name, buf *v)
{
    line(b, name, v->p ? v->p : "");
    buf_free(v);
}

int league_calendar_ics(const league *l, int player, int64_t now_us, const char *uid_host,
                        char **out)
{
    if (!l || !out || now_us < 0)
        return BH_EINVAL;
    league_cal_event ev[LEAGUE_CAL_MAX];
    int n = league_player_calendar(l, player, ev, LEAGUE_CAL_MAX);
    if (n < 0)
        return n;
    if (n > LEAGUE_CAL_MAX)
        n = LEAGUE_CAL_MAX;
    char who[ROSTER_NAME_LEN];
    snprintf(who, sizeof who, "#%d", player); /* in a game, on no roster any more */
    for (int t = 1; t <= l->nt; t++) {
        int i = roster_find(&l->t[t].r, player);
        if (i >= 0)
            snprintf(who, sizeof who, "%s", l->t[t].r.p[i].name);
    }
    buf b = {0}, v = {0};
    char stamp[24], at[24], uid[LEAGUE_CAL_UID_MAX];
    utc(stamp, now_us);
    line(&b, "BEGIN", "VCALENDAR");
    line(&b, "VERSION", "2.0");
    line(&b, "PRODID", "-//bughouse-server//league of seed 003//EN");
    line(&b, "CALSCALE", "GREGORIAN");
    text(&v, l->cfg.name);
    buf_printf(&v, ": ");
    text(&v, who);
    line_of(&b, "X-WR-CALNAME", &v);
    for (int i = 0; i < n; i++) {
        const league_cal_event *e = &ev[i];
        line(&b, "BEGIN", "VEVENT");
        if (league_cal_uid(l->id, e, uid_host, uid, sizeof uid) != BH_OK)
            league_cal_uid(l->id, e, NULL, uid, sizeof uid); /* a host too long: the default */
        line(&b, "UID", uid);
        line(&b, "DTSTAMP", stamp);
        utc(at, e->at_us);
        line(&b, "DTSTART", at);
        char num[32];
        if (e->kind == LEAGUE_CAL_START) {
            snprintf(num, sizeof num, "PT%lldS", (long long)(e->length_us / 1000000));
            line(&b, "DURATION", num);
        }
        snprintf(num, sizeof num, "%d", e->sequence);
        line(&b, "SEQUENCE", num);
        buf v2 = {0};
        text(&v2, e->summary);
        line_of(&b, "SUMMARY", &v2);
        buf v3 = {0};
        text(&v3, l->cfg.name);
        buf_printf(&v3, "\\n%s",
                   e->kind == LEAGUE_CAL_START
                       ? "The agreed start (art. 4, 5): an absent player loses "
                         "after the waiting time."
                       : "An unanswered challenge lapses at this instant (art. 5).");
        line_of(&b, "DESCRIPTION", &v3);
        line(&b, "END", "VEVENT");
    }
    if (n == 0) { /* 3.4: a calendar holds at least one component; with no fixture yet, the
                   * zone its times are written in (UTC), which a client shows as nothing */
        line(&b, "BEGIN", "VTIMEZONE");
        line(&b, "TZID", "UTC");
        line(&b, "BEGIN", "STANDARD");
        line(&b, "DTSTART", "19700101T000000");
        line(&b, "TZOFFSETFROM", "+0000");
        line(&b, "TZOFFSETTO", "+0000");
        line(&b, "TZNAME", "UTC");
        line(&b, "END", "STANDARD");
        line(&b, "END", "VTIMEZONE");
    }
    line(&b, "END", "VCALENDAR");
    *out = buf_take(&b);
    return BH_OK;
}
