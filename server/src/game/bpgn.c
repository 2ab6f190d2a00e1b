/* bpgn.c: BPGN tokenizer and the team result of a parsed file (both result conventions).
 * SPDX-License-Identifier: MIT
 * The tokenizer is byte-oriented (the MbProg CSV is latin-1 with 0xFE inside comments), so
 * nothing here decodes text. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bpgn.h"
#include "game_int.h"
#include "xalloc.h"

void bpgn_game_fini(bpgn_game *bg)
{
    if (!bg)
        return;
    free(bg->tags);
    free(bg->items);
    memset(bg, 0, sizeof *bg);
}

const char *bpgn_get_tag(const bpgn_game *bg, const char *name)
{
    for (size_t i = 0; i < bg->ntags; i++)
        if (strcmp(bg->tags[i].name, name) == 0)
            return bg->tags[i].value;
    return NULL;
}

/* The next item, or NULL at BPGN_ITEMS_MAX. */
bpgn_item *bpgn__push_item(bpgn_game *bg, size_t *cap)
{
    if (bg->nitems >= BPGN_ITEMS_MAX)
        return NULL;
    BH_GROW(bg->items, bg->nitems, *cap);
    bpgn_item *it = &bg->items[bg->nitems++];
    memset(it, 0, sizeof *it);
    it->seat = -1;
    it->clock_ms = -1;
    return it;
}

/* "179.547" / "59.43" / "180" -> ms; -1 if s[0..n) is not such a number. */
static int64_t parse_clock(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && isspace((unsigned char)s[i]))
        i++;
    while (n > i && isspace((unsigned char)s[n - 1]))
        n--;
    if (i == n || n - i > 15)
        return -1;
    int64_t secs = 0, ms = 0;
    int digits = 0, frac = -1;
    for (; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '.' && frac < 0 && digits > 0) {
            frac = 0;
        } else if (isdigit(c)) {
            if (frac < 0) {
                secs = secs * 10 + (c - '0');
                digits++;
            } else if (frac < 3) {
                ms = ms * 10 + (c - '0');
                frac++;
            } else {
                return -1;
            }
        } else {
            return -1;
        }
    }
    if (frac == 0 || secs > GAME_CLOCK_MAX_MS / 1000) /* over 31 years is not a clock */
        return -1;
    for (int k = frac < 0 ? 0 : frac; k < 3; k++)
        ms *= 10;
    return secs * 1000 + ms;
}

static void copy_text(char *dst, size_t cap, const char *src, size_t n)
{
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

int bpgn__parse_tag(const char *t, size_t len, size_t *i, bpgn_game *bg, size_t *cap)
{
    size_t p = *i + 1;
    size_t name0 = p;
    while (p < len && (isalnum((unsigned char)t[p]) || t[p] == '_'))
        p++;
    size_t name1 = p;
    while (p < len && t[p] == ' ')
        p++;
    if (name1 == name0 || p >= len || t[p] != '"')
        return BH_EPARSE;
    p++;
    char value[BPGN_TAG_VALUE_MAX];
    size_t n = 0;
    while (p < len && t[p] != '"') {
        if (t[p] == '\\' && p + 1 < len)
            p++;
        if (n + 1 < sizeof value)
            value[n++] = t[p];
        p++;
    }
    value[n] = '\0';
    if (p >= len)
        return BH_EPARSE;
    p++;
    while (p < len && t[p] == ' ')
        p++;
    if (p >= len || t[p] != ']')
        return BH_EPARSE;
    if (bg->ntags >= BPGN_TAGS_MAX)
        return BH_ELIMIT;
    BH_GROW(bg->tags, bg->ntags, *cap);
    bpgn_tag *tag = &bg->tags[bg->ntags++];
    copy_text(tag->name, sizeof tag->name, t + name0, name1 - name0);
    memcpy(tag->value, value, n + 1);
    *i = p + 1;
    return BH_OK;
}

bool bpgn__is_result(const char *t, size_t len, size_t i, size_t *n)
{
    size_t m = 0; /* the word at i: a PGN result token (result.h), not a forfeit */
    while (i + m < len && !isspace((unsigned char)t[i + m]))
        m++;
    bh_result r;
    if (i >= len || bh_result_parse(t + i, m, &r) != BH_OK || bh_result_is_forfeit(r))
        return false;
    *n = m;
    return true;
}

int bpgn__finish(bpgn_game *bg, int rc, size_t consumed, bpgn_game *out, size_t *used)
{
    if (rc != BH_OK) {
        bpgn_game_fini(bg);
        memset(out, 0, sizeof *out);
        return rc;
    }
    *out = *bg;
    if (used)
        *used = consumed;
    return BH_OK;
}

int bpgn_parse(const char *t, size_t len, bpgn_game *out, size_t *used)
{
    if (!t || !out)
        return BH_EINVAL;
    bpgn_game bg = {0};
    size_t cap_tags = 0, cap_items = 0, i = 0;
    int seat = -1, number = 0, rc = BH_OK;
    bool moves_started = false;
    while (i < len) {
        unsigned char c = (unsigned char)t[i];
        size_t n;
        if (isspace(c)) {
            i++;
        } else if (c == '[' && !moves_started) {
            rc = bpgn__parse_tag(t, len, &i, &bg, &cap_tags);
            if (rc != BH_OK)
                break;
        } else if (c == '[' && moves_started) {
            break; /* the next game's tags */
        } else if (c == '{') {
            const char *end = memchr(t + i + 1, '}', len - i - 1);
            if (!end) {
                rc = BH_EPARSE;
                break;
            }
            size_t n0 = i + 1, n1 = (size_t)(end - t);
            int64_t ms = parse_clock(t + n0, n1 - n0);
            bpgn_item *last = bg.nitems ? &bg.items[bg.nitems - 1] : NULL;
            if (ms >= 0 && last && last->seat >= 0 && last->clock_ms < 0) {
                last->clock_ms = ms;
            } else {
                bpgn_item *it = bpgn__push_item(&bg, &cap_items);
                if (!it) {
                    rc = BH_ELIMIT;
                    break;
                }
                copy_text(it->text, sizeof it->text, t + n0, n1 - n0);
            }
            i = n1 + 1;
        } else if (c == ';') {
            while (i < len && t[i] != '\n')
                i++;
        } else if (bpgn__is_result(t, len, i, &n)) {
            copy_text(bg.result, sizeof bg.result, t + i, n);
            i += n;
            break;
        } else if (isdigit(c)) {
            size_t p = i;
            number = 0;
            /* Full-move numbers go up to 65535 (rules.h); stop accumulating past that so a
             * long digit run cannot overflow. */
            for (; p < len && isdigit((unsigned char)t[p]); p++)
                if (number <= 65535)
                    number = number * 10 + (t[p] - '0');
            const char *sides = "AaBb";
            const char *s = p < len && t[p] ? strchr(sides, t[p]) : NULL;
            if (!s || p + 1 >= len || t[p + 1] != '.' || number > 65535) {
                rc = BH_EPARSE;
                break;
            }
            seat = (int)(s - sides);
            moves_started = true;
            i = p + 2;
        } else {
            size_t p = i;
            while (p < len && !isspace((unsigned char)t[p]) && t[p] != '{')
                p++;
            if (seat < 0 || p - i >= BPGN_TEXT_MAX) {
                rc = BH_EPARSE;
                break;
            }
            bpgn_item *it = bpgn__push_item(&bg, &cap_items);
            if (!it) {
                rc = BH_ELIMIT;
                break;
            }
            it->seat = seat;
            it->number = number;
            copy_text(it->text, sizeof it->text, t + i, p - i);
            seat = -1; /* each move needs its own number */
            i = p;
        }
    }
    return bpgn__finish(&bg, rc, i, out, used);
}

/* Seat whose player name is a prefix of s followed by a space; the longest name wins. */
static int seat_by_name(const bpgn_game *bg, const char *s)
{
    static const char *const tags[] = {"WhiteA", "BlackA", "WhiteB", "BlackB"};
    int best = -1;
    size_t best_len = 0;
    for (int k = 0; k < 4; k++) {
        const char *name = bpgn_get_tag(bg, tags[k]);
        if (!name || !*name)
            name = tags[k];
        size_t n = strlen(name);
        if (n > best_len && strncmp(s, name, n) == 0 && s[n] == ' ') {
            best = k;
            best_len = n;
        }
    }
    return best;
}

int bpgn_team_result(const bpgn_game *bg, int *winner)
{
    const char *w = bpgn_get_tag(bg, "Winner");
    if (w) {
        if (strcmp(w, "WhiteA+BlackB") == 0)
            *winner = GAME_TEAM_1;
        else if (strcmp(w, "BlackA+WhiteB") == 0)
            *winner = GAME_TEAM_2;
        else if (strcmp(w, "draw") == 0)
            *winner = GAME_DRAW;
        else
            return BH_ENOTFOUND;
        return BH_OK;
    }
    bh_result res = BH_RES_NONE; /* the token read (bpgn__is_result), "" none */
    bh_result_parse(bg->result, strlen(bg->result), &res);
    if (res == BH_RES_NONE)
        return BH_ENOTFOUND;
    if (res == BH_RES_DRAW) {
        *winner = GAME_DRAW;
        return BH_OK;
    }
    /* bughousedb: the closing comment names the loser; the result token is for the board
     * where the game ended, which is the loser's board. */
    const bpgn_item *last = bg->nitems ? &bg->items[bg->nitems - 1] : NULL;
    if (last && last->seat < 0) {
        int seat = seat_by_name(bg, last->text);
        if (seat >= 0 && (strstr(last->text, " checkmated") || strstr(last->text, " forfeits") ||
                          strstr(last->text, " resigns"))) {
            *winner = 3 - game_team_of(seat);
            return BH_OK;
        }
    }
    int board = -1;
    for (size_t i = bg->nitems; i-- > 0;)
        if (bg->items[i].seat >= 0) {
            board = bg->items[i].seat >> 1;
            break;
        }
    if (board < 0)
        return BH_ENOTFOUND;
    int white_won = res == BH_RES_WIN1;
    *winner = game_team_of(board * 2 + (white_won ? 0 : 1));
    return BH_OK;
}
