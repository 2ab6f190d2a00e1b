/* notation.c: UCI and SAN, both directions.
 * SPDX-License-Identifier: MIT
 * Parsing is by matching: the text is reduced to constraints (piece, target, origin hints,
 * promotion) and compared with the legal move list, so no illegal move can come out. */
#include <string.h>

#include "rules_int.h"

static const char upper_pieces[] = " PNBRQK";

static int upper_to_type(char ch)
{
    const char *s = ch ? strchr(upper_pieces + 1, ch) : NULL;
    return s ? (int)(s - upper_pieces) : BH_NO_PIECE;
}

static int promo_letter_to_type(char ch)
{
    switch (ch) {
    case 'q':
    case 'Q': return BH_QUEEN;
    case 'r':
    case 'R': return BH_ROOK;
    case 'b':
    case 'B': return BH_BISHOP;
    case 'n':
    case 'N': return BH_KNIGHT;
    default: return BH_NO_PIECE;
    }
}

static bool is_file(char c)
{
    return c >= 'a' && c <= 'h';
}
static bool is_rank(char c)
{
    return c >= '1' && c <= '8';
}

int bh_move_to_uci(bh_move m, char buf[BH_UCI_MAX])
{
    int n = 0, to = bh_move_to(m);
    if (bh_move_is_drop(m)) {
        int pt = bh_move_drop_piece(m);
        buf[n++] = pt >= BH_PAWN && pt <= BH_KING ? upper_pieces[pt] : '?';
        buf[n++] = '@';
    } else {
        int from = bh_move_from(m);
        buf[n++] = (char)('a' + from % 8);
        buf[n++] = (char)('1' + from / 8);
    }
    buf[n++] = (char)('a' + to % 8);
    buf[n++] = (char)('1' + to / 8);
    if (bh_move_promo(m))
        buf[n++] = " pnbrqk"[bh_move_promo(m)];
    buf[n] = '\0';
    return n;
}

/* The unique legal move matching the constraints (-1 = any), or an error. */
typedef struct {
    int piece; /* moving or dropped piece type */
    bool drop;
    int to;
    int from_file; /* -1 any */
    int from_rank; /* -1 any */
    int promo;     /* BH_NO_PIECE = none */
    int castle;    /* 0 no, 1 king side, 2 queen side */
} move_pattern;

static int match(const bh_pos *p, const move_pattern *pat, bh_move *out)
{
    bh_move moves[BH_MAX_MOVES];
    int n = bh_gen_legal(p, moves), found = 0;
    bh_move hit = BH_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        bh_move m = moves[i];
        if (pat->castle) {
            if (bh_move_kind(m) == BH_MK_CASTLE &&
                (bh_move_to(m) > bh_move_from(m)) == (pat->castle == 1)) {
                hit = m;
                found++;
            }
            continue;
        }
        if (bh_move_is_drop(m) != pat->drop || bh_move_to(m) != pat->to)
            continue;
        if (pat->drop) {
            if (bh_move_drop_piece(m) != pat->piece)
                continue;
        } else {
            int from = bh_move_from(m);
            if (pc_type(p->board_[from]) != pat->piece || bh_move_promo(m) != pat->promo ||
                bh_move_kind(m) == BH_MK_CASTLE)
                continue;
            if ((pat->from_file >= 0 && from % 8 != pat->from_file) ||
                (pat->from_rank >= 0 && from / 8 != pat->from_rank))
                continue;
        }
        hit = m;
        found++;
    }
    if (found == 0)
        return BH_EILLEGAL;
    if (found > 1)
        return BH_EAMBIGUOUS;
    *out = hit;
    return BH_OK;
}

/* A pawn move to the first or last rank that names no promotion piece ("e7e8", "e8") is
 * incomplete text, not a move: the piece is the player's choice (FIDE Laws art. 3.7.e) and
 * the server cannot pick it, so the text is refused as BH_EMOVE (no penalty under the
 * regulation ruleset) rather than judged an illegal move. */
static bool promo_incomplete(const move_pattern *pat)
{
    int rank = pat->to / 8;
    return pat->piece == BH_PAWN && !pat->drop && pat->promo == BH_NO_PIECE &&
           (rank == 0 || rank == 7);
}

int bh_parse_uci(const bh_pos *p, const char *s, bh_move *out)
{
    if (!p || !s || !out)
        return BH_EINVAL;
    move_pattern pat = {BH_NO_PIECE, false, 0, -1, -1, BH_NO_PIECE, 0};
    size_t len = strlen(s);
    if (len == 4 && s[1] == '@') {
        if (p->opt_.model == BH_MODEL_CHESS)
            return BH_EMOVE; /* no drops in chess: not a chess move at all */
        char ch = s[0] >= 'a' ? (char)(s[0] - 32) : s[0];
        pat.piece = upper_to_type(ch);
        if (pat.piece == BH_NO_PIECE || pat.piece == BH_KING || !is_file(s[2]) || !is_rank(s[3]))
            return BH_EMOVE;
        pat.drop = true;
        pat.to = (s[3] - '1') * 8 + (s[2] - 'a');
    } else if (len == 4 || len == 5) {
        if (!is_file(s[0]) || !is_rank(s[1]) || !is_file(s[2]) || !is_rank(s[3]))
            return BH_EMOVE;
        if (len == 5) {
            pat.promo = promo_letter_to_type(s[4]);
            if (pat.promo == BH_NO_PIECE)
                return BH_EMOVE;
        }
        int from = (s[1] - '1') * 8 + (s[0] - 'a');
        pat.from_file = from % 8;
        pat.from_rank = from / 8;
        pat.to = (s[3] - '1') * 8 + (s[2] - 'a');
        pat.piece = pc_type(p->board_[from]);
        if (pat.piece == BH_NO_PIECE)
            return BH_EILLEGAL;
        if (promo_incomplete(&pat))
            return BH_EMOVE;
        if (pat.piece == BH_KING && (pat.to - from == 2 || from - pat.to == 2) &&
            from / 8 == pat.to / 8)
            pat.castle = pat.to > from ? 1 : 2;
    } else {
        return BH_EMOVE;
    }
    bh_move m;
    int rc = match(p, &pat, &m);
    if (rc == BH_OK && pat.castle && bh_move_from(m) != pat.from_rank * 8 + pat.from_file)
        rc = BH_EILLEGAL;
    if (rc != BH_OK)
        return rc == BH_EAMBIGUOUS ? BH_EILLEGAL : rc;
    *out = m;
    return BH_OK;
}

/* Reduce SAN text to a pattern. Returns BH_OK or BH_EMOVE. */
static int san_pattern(const char *s, move_pattern *pat)
{
    char t[BH_SAN_MAX + 8];
    size_t len = strlen(s);
    if (len == 0 || len >= sizeof t)
        return BH_EMOVE;
    memcpy(t, s, len + 1);
    /* Lenient tails: check/mate marks, annotation glyphs, "e.p.". */
    while (len && strchr("+#!? ", t[len - 1]))
        t[--len] = '\0';
    if (len >= 4 && strcmp(t + len - 4, "e.p.") == 0) {
        len -= 4;
        t[len] = '\0';
        while (len && t[len - 1] == ' ')
            t[--len] = '\0';
    }
    if (len == 0)
        return BH_EMOVE;
    if (!strcmp(t, "O-O") || !strcmp(t, "0-0")) {
        pat->castle = 1;
        return BH_OK;
    }
    if (!strcmp(t, "O-O-O") || !strcmp(t, "0-0-0")) {
        pat->castle = 2;
        return BH_OK;
    }
    const char *at = strchr(t, '@');
    if (at) {
        /* "N@f3"; "@e4" is a pawn drop (python-chess exports). */
        if (at - t > 1 || strlen(at) != 3 || !is_file(at[1]) || !is_rank(at[2]))
            return BH_EMOVE;
        pat->piece = at == t ? BH_PAWN : upper_to_type(t[0]);
        if (pat->piece == BH_NO_PIECE || pat->piece == BH_KING)
            return BH_EMOVE;
        pat->drop = true;
        pat->to = (at[2] - '1') * 8 + (at[1] - 'a');
        return BH_OK;
    }
    size_t i = 0;
    pat->piece = BH_PAWN;
    if (upper_to_type(t[0]) != BH_NO_PIECE) {
        pat->piece = upper_to_type(t[0]);
        i = 1;
    }
    /* Promotion at the end: "=Q", or a bare letter after the rank ("e8Q"). */
    if (len >= 2 && promo_letter_to_type(t[len - 1]) != BH_NO_PIECE &&
        (t[len - 2] == '=' || is_rank(t[len - 2]))) {
        pat->promo = promo_letter_to_type(t[len - 1]);
        len -= t[len - 2] == '=' ? 2 : 1;
        if (pat->piece != BH_PAWN)
            return BH_EMOVE;
    }
    if (len < i + 2 || !is_file(t[len - 2]) || !is_rank(t[len - 1]))
        return BH_EMOVE;
    pat->to = (t[len - 1] - '1') * 8 + (t[len - 2] - 'a');
    size_t end = len - 2;
    bool capture = end > i && (t[end - 1] == 'x' || t[end - 1] == ':');
    if (capture)
        end--;
    if (i < end && is_file(t[i]))
        pat->from_file = t[i++] - 'a';
    if (i < end && is_rank(t[i]))
        pat->from_rank = t[i++] - '1';
    if (i != end)
        return BH_EMOVE;
    /* A pawn move without a file or capture mark is a push ("e5" never means dxe5). */
    if (pat->piece == BH_PAWN && pat->from_file < 0 && !capture)
        pat->from_file = pat->to % 8;
    return promo_incomplete(pat) ? BH_EMOVE : BH_OK;
}

int bh_parse_san(const bh_pos *p, const char *s, bh_move *out)
{
    if (!p || !s || !out)
        return BH_EINVAL;
    move_pattern pat = {BH_NO_PIECE, false, 0, -1, -1, BH_NO_PIECE, 0};
    int rc = san_pattern(s, &pat);
    if (rc != BH_OK)
        return rc;
    if (pat.drop && p->opt_.model == BH_MODEL_CHESS)
        return BH_EMOVE; /* no drops in chess, as bh_parse_uci */
    bh_move m;
    rc = match(p, &pat, &m);
    if (rc != BH_OK)
        return rc;
    *out = m;
    return BH_OK;
}

static int put_sq(char *buf, int n, int sq)
{
    buf[n++] = (char)('a' + sq % 8);
    buf[n++] = (char)('1' + sq / 8);
    return n;
}

int bh_move_to_san(const bh_pos *p, bh_move m, char buf[BH_SAN_MAX])
{
    buf[0] = '\0';
    bh_move moves[BH_MAX_MOVES];
    int count = bh_gen_legal(p, moves), idx = -1;
    for (int i = 0; i < count; i++)
        if (moves[i] == m)
            idx = i;
    if (idx < 0)
        return BH_EILLEGAL;

    int n = 0, to = bh_move_to(m), kind = bh_move_kind(m);
    if (kind == BH_MK_DROP) {
        buf[n++] = upper_pieces[bh_move_drop_piece(m)];
        buf[n++] = '@';
        n = put_sq(buf, n, to);
    } else if (kind == BH_MK_CASTLE) {
        const char *c = to > bh_move_from(m) ? "O-O" : "O-O-O";
        n = (int)strlen(c);
        memcpy(buf, c, (size_t)n);
    } else {
        int from = bh_move_from(m), pt = pc_type(p->board_[from]);
        bool capture = p->board_[to] || kind == BH_MK_EP;
        if (pt == BH_PAWN) {
            if (capture) {
                buf[n++] = (char)('a' + from % 8);
                buf[n++] = 'x';
            }
            n = put_sq(buf, n, to);
            if (bh_move_promo(m)) {
                buf[n++] = '=';
                buf[n++] = upper_pieces[bh_move_promo(m)];
            }
        } else {
            buf[n++] = upper_pieces[pt];
            bool others = false, same_file = false, same_rank = false;
            for (int i = 0; i < count; i++) {
                bh_move o = moves[i];
                if (i == idx || bh_move_is_drop(o) || bh_move_to(o) != to ||
                    bh_move_kind(o) == BH_MK_CASTLE)
                    continue;
                int of = bh_move_from(o);
                if (pc_type(p->board_[of]) != pt)
                    continue;
                others = true;
                same_file |= of % 8 == from % 8;
                same_rank |= of / 8 == from / 8;
            }
            if (others) {
                if (!same_file)
                    buf[n++] = (char)('a' + from % 8);
                else if (!same_rank)
                    buf[n++] = (char)('1' + from / 8);
                else
                    n = put_sq(buf, n, from);
            }
            if (capture)
                buf[n++] = 'x';
            n = put_sq(buf, n, to);
        }
    }
    bh_pos after = *p;
    bh_undo u;
    bh_make(&after, m, &u);
    if (bh_is_mate(&after))
        buf[n++] = '#';
    else if (bh_in_check(&after))
        buf[n++] = '+';
    buf[n] = '\0';
    return n;
}
