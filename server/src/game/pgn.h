/* pgn.h: PGN of chess games (game kind chess): export as lichess writes it, and a reader that
 * replays real games (lichess, chess.com exports) through the game model.
 * SPDX-License-Identifier: MIT
 * Export: the seven-tag roster, TimeControl "600+5", Termination ("Normal", "Time forfeit",
 * "Rules infraction", "Unterminated"), FEN/SetUp for a set-up start, and after every move the
 * mover's clock as lichess writes it, "{ [%clk 0:09:58] }" (H:MM:SS, seconds rounded half
 * up, as scalachess Centis.roundSeconds). The reader keeps bpgn_game as its parsed form. */
#ifndef BH_PGN_H
#define BH_PGN_H

#include <stddef.h>
#include <stdint.h>

#include "bpgn.h"
#include "game.h"

/* Optional tag values (NULL: "?", or "????.??.??" for the date, as the PGN standard says for
 * unknown values). Borrowed for the call. A game of a team match also names its board and
 * the teams: Board (the board of the match, 1 the top board), WhiteTeam and BlackTeam (the
 * tags of ChessBase and lichess's broadcasts; written only when set). result: a result the
 * arbiter gave (a token of result.h: WIN1, DRAW, WIN2) that the game model does not know (an
 * adjudication, a forfeit for absence), with reason (its word: "forfeit" gives Termination
 * "Abandoned", any other "Adjudication", the PGN standard's 8.2.5 values); NULL: the model's
 * own result. */
typedef struct pgn_meta {
    const char *event, *site, *date, *round;
    const char *board, *white_team, *black_team;
    const char *result, *reason;
} pgn_meta;

/* Render chess game g (any state) as PGN; the movetext is one line, as lichess writes it.
 * A result-deciding act is said in a last comment ("{ Draw by stalemate. }"); illegal moves
 * and incorrect claims (penalty_ms rulesets) in a comment where they happened; the intended
 * move of a correct claim (FIDE 9.2.1.1, 9.3.1) is written as the last move, without a clock,
 * as on the scoresheet. Returns a NUL-terminated string the caller frees with free(), or
 * NULL if g is not a chess game. */
char *pgn_export(const game *g, const pgn_meta *meta);

/* Tokenize one PGN game from text[0..len): tags, movetext ("12." and "12..." numbers, SAN
 * moves, NAGs "$2" and annotation glyphs, comments, variations in parentheses (skipped),
 * ';' line comments), up to and including the result token. Each move item gets the side
 * (seat GAME_A_WHITE / GAME_A_BLACK) by alternation from the [FEN] tag's side to move, its
 * full-move number, and clock_ms from a "[%clk H:MM:SS(.f)]" command in its comment, else -1;
 * comments without a clock are not kept. *used (may be NULL) gets the bytes consumed.
 * Returns BH_OK (*out filled; release with bpgn_game_fini), BH_EPARSE (a bad tag, an unclosed
 * comment or variation, a bad clock; *out empty), BH_ELIMIT (over BPGN_TAGS_MAX tags or
 * BPGN_ITEMS_MAX moves) or BH_EINVAL (NULL argument). text is borrowed. */
int pgn_parse(const char *text, size_t len, bpgn_game *out, size_t *used);

/* Replay pg as a chess game: rules r (NULL: "online"), time control from [TimeControl
 * "base+inc"] in seconds (default 600+0, and no clock runs for moves without [%clk]),
 * names from [White] / [Black], the start from [FEN] (BH_EFEN if it does not parse), started
 * at start_us, each move at the instant its clock gives (game_move_recorded). If the moves
 * leave the game running, the ending is read from [Termination] and [Result] as chess.com
 * and lichess write them: "on time" / "Time forfeit" runs the clock to the flag;
 * "repetition" and "50-move" are claimed by the side to move (the claim must be correct);
 * "agreement" (or a draw otherwise) is an offer and its acceptance; "resignation" (or a win
 * otherwise) is the loser's resignation; "abandoned" and result NONE leave it running. Returns
 * BH_OK (*out owns the game), the error of the first move that does not replay (its item index in
 * *bad if bad is non-NULL; the partial game is freed), BH_ESTATE (the ending does not apply,
 * e.g. an incorrect repetition claim; *bad = nitems), or BH_EPARSE (bad TimeControl). */
int pgn_import(const bpgn_game *pg, const game_rules *r, uint64_t start_us, game **out,
               size_t *bad);

#endif
