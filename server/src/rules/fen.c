/* fen.c: FEN with reserves ("...RNBQKBNR[Qn] w KQkq - 0 1") and promoted marks ('~'), and
 * plain FEN for the chess model.
 * SPDX-License-Identifier: MIT
 * The parser builds into a local position and copies it out only when every field and the
 * position as a whole are valid: a bad FEN never leaves a half-built position. */
#include <string.h>

#include "rules_int.h"

static const char piece_chars[] = " pnbrqk";

static int char_to_type(char ch)
{
    char lower = (char)(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
    const char *s = strchr(piece_chars + 1, lower);
    return lower && s ? (int)(s - piece_chars) : BH_NO_PIECE;
}

static int fail(bh_fen_error *err, bh_fen_field f, const char *fen, const char *at,
                const char *what)
{
    if (err) {
        err->field = f;
        err->offset = (int)(at - fen);
        err->what = what;
    }
    return BH_EFEN;
}

static const char *skip_spaces(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Parse a decimal 0..max; returns the end or NULL. */
static const char *parse_num(const char *s, int max, int *out)
{
    if (*s < '0' || *s > '9')
        return NULL;
    long v = 0;
    while (*s >= '0' && *s <= '9') {
        v = v * 10 + (*s++ - '0');
        if (v > max)
            return NULL;
    }
    if (*s && *s != ' ' && *s != '\t')
        return NULL;
    *out = (int)v;
    return s;
}

static void place(bh_pos *p, int sq, int code)
{
    p->board_[sq] = (uint8_t)code;
    p->by_type_[pc_type(code)] |= bb_sq(sq);
    p->by_type_[0] |= bb_sq(sq);
    p->by_color_[pc_color(code)] |= bb_sq(sq);
}

/* Parse the reserve letters from s up to the char `end`; returns the end or NULL. */
static const char *parse_reserve(bh_pos *p, const char *s, char end, const char **bad,
                                 const char **what)
{
    while (*s && *s != end && *s != ' ') {
        if (*s == '-') {
            s++;
            continue;
        }
        int pt = char_to_type(*s);
        if (pt == BH_NO_PIECE || pt == BH_KING) {
            *bad = s;
            *what = "reserve holds a king or an unknown letter";
            return NULL;
        }
        int c = *s >= 'a' ? BH_BLACK : BH_WHITE;
        if (p->reserve_[c][pt] >= BH_RESERVE_CAP) {
            *bad = s;
            *what = "too many pieces of one type in a reserve";
            return NULL;
        }
        p->reserve_[c][pt]++;
        s++;
    }
    return s;
}

int bh_pos_from_fen(bh_pos *out, const char *fen, const bh_options *o, bh_fen_error *err)
{
    if (!out || !fen)
        return BH_EINVAL;
    bh__init();
    if (err) {
        err->field = BH_FEN_FIELD_NONE;
        err->offset = 0;
        err->what = "";
    }
    bh_pos p;
    memset(&p, 0, sizeof p);
    p.opt_ = o ? *o : BH_OPTIONS_DEFAULT;
    p.ep_ = 64;
    p.fullmove_ = 1;

    const char *s = skip_spaces(fen);
    /* Board: ranks 8..1. */
    int rank = 7, file = 0;
    for (;; s++) {
        char ch = *s;
        if (ch == '/') {
            if (file != 8)
                return fail(err, BH_FEN_FIELD_BOARD, fen, s, "rank does not have 8 files");
            if (rank == 0)
                break; /* a ninth "rank": the reserve, Fairy-Stockfish style */
            rank--;
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            if (file > 8)
                return fail(err, BH_FEN_FIELD_BOARD, fen, s, "rank has more than 8 files");
        } else if (ch == '~') {
            if (p.opt_.model == BH_MODEL_CHESS)
                return fail(err, BH_FEN_FIELD_BOARD, fen, s,
                            "'~' (promoted piece) does not exist in chess");
            int sq = rank * 8 + file - 1;
            int pt = file > 0 ? pc_type(p.board_[sq]) : BH_NO_PIECE;
            if (pt == BH_NO_PIECE || pt == BH_PAWN || pt == BH_KING || (p.promoted_ & bb_sq(sq)))
                return fail(err, BH_FEN_FIELD_BOARD, fen, s,
                            "'~' must follow a knight, bishop, rook or queen");
            p.promoted_ |= bb_sq(sq);
        } else {
            int pt = char_to_type(ch);
            if (pt == BH_NO_PIECE)
                break;
            if (file >= 8)
                return fail(err, BH_FEN_FIELD_BOARD, fen, s, "rank has more than 8 files");
            place(&p, rank * 8 + file, pc_code(pt, ch >= 'a' ? BH_BLACK : BH_WHITE));
            file++;
        }
    }
    if (rank != 0 || file != 8)
        return fail(err, BH_FEN_FIELD_BOARD, fen, s, "board does not have 8 full ranks");

    /* Reserve: "[..]", or a ninth rank after '/', or nothing. */
    const char *bad = NULL, *what = NULL;
    if (*s == '[') {
        s = parse_reserve(&p, s + 1, ']', &bad, &what);
        if (!s)
            return fail(err, BH_FEN_FIELD_RESERVE, fen, bad, what);
        if (*s != ']')
            return fail(err, BH_FEN_FIELD_RESERVE, fen, s, "reserve is not closed by ']'");
        s++;
    } else if (*s == '/') {
        s = parse_reserve(&p, s + 1, ' ', &bad, &what);
        if (!s)
            return fail(err, BH_FEN_FIELD_RESERVE, fen, bad, what);
    }
    for (int c = 0; c < 2 && p.opt_.model == BH_MODEL_CHESS; c++)
        for (int pt = BH_PAWN; pt <= BH_QUEEN; pt++)
            if (p.reserve_[c][pt])
                return fail(err, BH_FEN_FIELD_RESERVE, fen, s, "chess has no reserve");
    if (*s != ' ' && *s != '\t')
        return fail(err, *s ? BH_FEN_FIELD_BOARD : BH_FEN_FIELD_SIDE, fen, s,
                    *s ? "unexpected character in the board" : "side to move missing");
    s = skip_spaces(s);

    if ((*s != 'w' && *s != 'b') || (s[1] && s[1] != ' ' && s[1] != '\t'))
        return fail(err, BH_FEN_FIELD_SIDE, fen, s, "side to move must be 'w' or 'b'");
    p.stm_ = *s == 'b';
    s = skip_spaces(s + 1);

    /* Castling (missing fields from here on take their defaults). */
    if (*s == '-') {
        s++;
    } else if (*s) {
        static const char letters[] = "KQkq";
        static const struct {
            int king, rook;
        } sqs[4] = {{4, 7}, {4, 0}, {60, 63}, {60, 56}};
        while (*s && *s != ' ' && *s != '\t') {
            const char *c = strchr(letters, *s);
            if (!c)
                return fail(err, BH_FEN_FIELD_CASTLING, fen, s, "castling must be KQkq or -");
            int i = (int)(c - letters), color = i >= 2;
            if (p.castle_ & (1 << i))
                return fail(err, BH_FEN_FIELD_CASTLING, fen, s, "castling right repeated");
            if (p.board_[sqs[i].king] != pc_code(BH_KING, color) ||
                p.board_[sqs[i].rook] != pc_code(BH_ROOK, color))
                return fail(err, BH_FEN_FIELD_CASTLING, fen, s,
                            "castling right without king and rook on their squares");
            p.castle_ |= (uint8_t)(1 << i);
            s++;
        }
    }
    if (*s && *s != ' ' && *s != '\t')
        return fail(err, BH_FEN_FIELD_CASTLING, fen, s, "castling must be KQkq or -");
    s = skip_spaces(s);

    if (*s == '-') {
        s++;
    } else if (*s) {
        if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
            return fail(err, BH_FEN_FIELD_EP, fen, s, "en-passant square must be a square or -");
        int sq = (s[1] - '1') * 8 + (s[0] - 'a');
        int up = p.stm_ == BH_WHITE ? 8 : -8;
        if (sq / 8 != (p.stm_ == BH_WHITE ? 5 : 2) || p.board_[sq] || p.board_[sq + up] ||
            p.board_[sq - up] != pc_code(BH_PAWN, p.stm_ ^ 1))
            return fail(err, BH_FEN_FIELD_EP, fen, s,
                        "en-passant square without a pawn that just advanced two");
        /* As bh_make: the right exists only if a pawn can take (P-REPEAT compares rights, so
         * "e3" after 1. e4 must not make the start differ from its repetitions). */
        if (bh__tab.pawn[p.stm_ ^ 1][sq] & p.by_type_[BH_PAWN] & p.by_color_[p.stm_])
            p.ep_ = (uint8_t)sq;
        s += 2;
    }
    if (*s && *s != ' ' && *s != '\t')
        return fail(err, BH_FEN_FIELD_EP, fen, s, "en-passant square must be a square or -");
    s = skip_spaces(s);

    if (*s) {
        int v;
        const char *e = parse_num(s, 65535, &v);
        if (!e)
            return fail(err, BH_FEN_FIELD_HALFMOVE, fen, s, "half-move clock must be 0..65535");
        p.halfmove_ = (uint16_t)v;
        s = skip_spaces(e);
    }
    if (*s) {
        int v;
        const char *e = parse_num(s, 65535, &v);
        if (!e || v < 1)
            return fail(err, BH_FEN_FIELD_FULLMOVE, fen, s, "full-move number must be 1..65535");
        p.fullmove_ = (uint16_t)v;
        s = skip_spaces(e);
    }
    if (*s)
        return fail(err, BH_FEN_FIELD_POSITION, fen, s, "text after the full-move number");

    for (int c = 0; c < 2; c++)
        if (bb_count(p.by_type_[BH_KING] & p.by_color_[c]) != 1)
            return fail(err, BH_FEN_FIELD_POSITION, fen, fen, "each side needs exactly one king");
    if (p.by_type_[BH_PAWN] & (BB_RANK_1 | BB_RANK_8))
        return fail(err, BH_FEN_FIELD_POSITION, fen, fen, "pawn on rank 1 or 8");
    if (bh__attackers(&p, king_sq(&p, p.stm_ ^ 1), p.by_type_[0], p.stm_))
        return fail(err, BH_FEN_FIELD_POSITION, fen, fen, "the side not to move is in check");
    /* FEN cannot say whether a king has moved: one on its home square counts as unmoved
     * (as Fairy-Stockfish's castlingDroppedPiece does; see rules.h). */
    if (p.board_[4] != pc_code(BH_KING, BH_WHITE))
        p.king_moved_ |= 1;
    if (p.board_[60] != pc_code(BH_KING, BH_BLACK))
        p.king_moved_ |= 2;
    p.key_ = bh__compute_key(&p);
    p.checkers_ = bh__compute_checkers(&p);
    *out = p;
    return BH_OK;
}

const char *bh_fen_field_name(bh_fen_field f)
{
    switch (f) {
    case BH_FEN_FIELD_NONE: return "none";
    case BH_FEN_FIELD_BOARD: return "board";
    case BH_FEN_FIELD_RESERVE: return "reserve";
    case BH_FEN_FIELD_SIDE: return "side";
    case BH_FEN_FIELD_CASTLING: return "castling";
    case BH_FEN_FIELD_EP: return "ep";
    case BH_FEN_FIELD_HALFMOVE: return "halfmove";
    case BH_FEN_FIELD_FULLMOVE: return "fullmove";
    case BH_FEN_FIELD_POSITION: return "position";
    }
    return "unknown";
}

/* Append " <v>" to tmp at n; returns the new length. */
static size_t put_uint(char *tmp, size_t n, unsigned v)
{
    char digits[8];
    int k = 0;
    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    tmp[n++] = ' ';
    while (k)
        tmp[n++] = digits[--k];
    return n;
}

int bh_pos_to_fen(const bh_pos *p, char *buf, size_t len)
{
    char tmp[BH_FEN_MAX];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int sq = rank * 8 + file, code = p->board_[sq];
            if (!code) {
                empty++;
                continue;
            }
            if (empty)
                tmp[n++] = (char)('0' + empty);
            empty = 0;
            char ch = piece_chars[pc_type(code)];
            tmp[n++] = pc_color(code) == BH_WHITE ? (char)(ch - 32) : ch;
            if (p->promoted_ & bb_sq(sq))
                tmp[n++] = '~';
        }
        if (empty)
            tmp[n++] = (char)('0' + empty);
        if (rank)
            tmp[n++] = '/';
    }
    if (p->opt_.model != BH_MODEL_CHESS) {
        tmp[n++] = '[';
        for (int c = 0; c < 2; c++)
            for (int pt = BH_QUEEN; pt >= BH_PAWN; pt--)
                for (int i = 0; i < p->reserve_[c][pt]; i++)
                    tmp[n++] = c == BH_WHITE ? (char)(piece_chars[pt] - 32) : piece_chars[pt];
        tmp[n++] = ']';
    }
    tmp[n++] = ' ';
    tmp[n++] = p->stm_ == BH_WHITE ? 'w' : 'b';
    tmp[n++] = ' ';
    if (!p->castle_)
        tmp[n++] = '-';
    for (int i = 0; i < 4; i++)
        if (p->castle_ & (1 << i))
            tmp[n++] = "KQkq"[i];
    tmp[n++] = ' ';
    if (!bh__ep_right(p)) { /* chess: only a legal capture (FIDE art. 9.2.2) */
        tmp[n++] = '-';
    } else {
        tmp[n++] = (char)('a' + p->ep_ % 8);
        tmp[n++] = (char)('1' + p->ep_ / 8);
    }
    n = put_uint(tmp, n, p->halfmove_);
    n = put_uint(tmp, n, p->fullmove_);
    if (n + 1 > len) {
        if (len)
            buf[0] = '\0';
        return BH_ELIMIT;
    }
    memcpy(buf, tmp, n);
    buf[n] = '\0';
    return (int)n;
}
