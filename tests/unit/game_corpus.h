/* game_corpus.h: the real bughouse games of tests/data/games as BPGN streams, for the game
 * tests and bench/game. FICS BPGN files are parsed as they are; the MbProg CSV records become
 * movetext plus a TimeControl tag; chess.com board pairs become one stream in the cross-board
 * order rebuilt from their clocks (FORMAT.md section 3).
 * SPDX-License-Identifier: MIT */
#ifndef BH_GAME_CORPUS_H
#define BH_GAME_CORPUS_H

#include <stdbool.h>
#include <stddef.h>

#include "bpgn.h"
#include "game.h"

enum { CORPUS_FICS_BPGN = 0, CORPUS_FICS_CSV = 1, CORPUS_CHESSCOM = 2, CORPUS_NSOURCES = 3 };

typedef struct corpus_game {
    char name[128];   /* file name (and record number) */
    int source;       /* CORPUS_* */
    bpgn_game bg;     /* the stream; owned */
    game_end end;     /* how the record says the game ended; GAME_END_NONE if it does not */
    int loser_seat;   /* seat that lost by end, -1 if none */
    int winner;       /* team result the record states, -1 if none */
    bool load_error;  /* the record could not be turned into a stream (bg is empty) */
    int order_tol_ds; /* chess.com: widest clock gap (0.1 s) the cross-board order needed */
    char error[160];  /* why */
} corpus_game;

/* Load every game under dir (tests/data/games). Returns the number loaded (0 on a missing
 * directory); *out is owned by the caller: corpus_free. */
size_t corpus_load(const char *dir, corpus_game **out);
void corpus_free(corpus_game *c, size_t n);
const char *corpus_source_name(int source);

/* Replay c through the game model (bpgn_import, ruleset online) and check it against the
 * record: every move accepted, each '#' a bughouse mate that ends the game, the stated end
 * and winner reproduced, an unfinished game still running. Returns BH_OK (*out owns the
 * game, if out is non-NULL) or an error with a message in err. */
int corpus_replay(const corpus_game *c, game **out, char *err, size_t errlen);

#endif
