/* bot_int.h: the UCI engine behind a bot (bot_uci.c). SPDX-License-Identifier: MIT */
#ifndef BH_BOT_INT_H
#define BH_BOT_INT_H

#include "rules.h"

typedef struct bot_engine bot_engine;

/* Start the engine command (run by /bin/sh) as a child with UCI_Variant crazyhouse. NULL if
 * it does not answer uciok/readyok within a few seconds. */
bot_engine *bot_engine_open(const char *cmd);
/* Stop the child and free. NULL is a no-op. */
void bot_engine_close(bot_engine *e);
/* The engine's move for pos (position fen + go movetime), BH_MOVE_NONE on any failure. A
 * chess-model position switches the engine to UCI_Variant chess (and back for bughouse).
 * Blocks up to movetime_ms plus a margin. The caller still checks legality. */
bh_move bot_engine_move(bot_engine *e, const bh_pos *pos, int movetime_ms);

#endif
