#!/usr/bin/env python3
# gen.py: writes protocol/messages/*.md, protocol/examples/*.json and the C name tables
# server/src/proto/proto_names.h from the table below (one source for all three: a wire name
# is written once, here). Run from the repo root after editing: python3 protocol/gen.py
# Never edit the generated files by hand: the next run reverts them, and the ctest
# protocol_docs_current (python3 protocol/gen.py --check) fails while they differ.
#   python3 protocol/gen.py             writes protocol/messages/, protocol/examples/ and
#                                       server/src/proto/proto_names.h
#   python3 protocol/gen.py --out DIR   writes DIR/messages/, DIR/examples/ and
#                                       DIR/proto_names.h instead
#   python3 protocol/gen.py --check     writes into a temporary directory and compares with the
#                                       committed files: exit 0 if they are byte for byte the
#                                       same set, else 1 with the list of differing files
import argparse, difflib, json, os, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(os.path.dirname(HERE), "server", "src", "proto", "proto_names.h")
FEN0 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
FEN1 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"

ID = ("id", "integer", "0 .. 2^53-1", "chosen by the client; echoed in the reply")
GAME = ("game", "integer", "1 .. 2^53-1", "game id")
ERR_ANY = ["bad_json", "bad_text", "missing_field", "unknown_type", "too_large", "rate_limited"]
NAME_RULE = ("3 to 20 characters from A-Z, a-z, 0-9, `_` and `-`, starting with a letter or a "
  "digit (ASCII only: letters of other scripts have ASCII lookalikes). Two names are the same "
  "account when their keys are equal: the key is the name in lower case with `i`, `l` and `1` "
  "read as one letter, `o` and `0` as one, then `rn` as `m` and `vv` as `w` (Unicode UTS #39's "
  "confusables within ASCII), so `Ann`, `ANN`, `Ivan` / `lvan` / `1van` and `Darn` / `Dam` "
  "cannot be two accounts.")
RATE_RULE = ("at most 30 from one address, then one more every 2 s (`rate_limited`, field "
  "address, with retry_ms; loopback addresses, a local reverse proxy's, only with "
  "bughouse-server --login-limit-loopback).")

M = [
 # name, direction, summary, fields, errors, example, reply
 ("auth", "c2s", "Bind this connection to the role of a token: the director (admin token) or "
  "one seat of one game (player token). Without auth a connection is a spectator. A second "
  "auth on the same connection replaces the first (a player moving to another game). "
  "A player token is held by one connection at a time: when a newer connection authenticates "
  "with it, the older one gets the error `session_replaced` (no `id`) and goes on watching the "
  "game as a spectator (a `state` follows; the connection stays open); the newer one joins to "
  "take the seat (a reconnect that arrives before the old connection is known dead, a second "
  "tab or device). A replaced client must not take the seat back by itself: only when its "
  "user asks (\"Play here\"). After a takeover between two open connections the seat stays put "
  "for 5 s: an auth for it within that time is `replace_throttled` (with `retry_ms`), and "
  "each such try waits the 5 s again, so two clients that take the seat back from each other "
  "by themselves stop after one swap and the one holding it plays on. "
  "A session token (the `session` reply to signup or login) makes the connection act as its "
  "account until logout (a reconnect, or a page opened again, sends it again): the reply is "
  "`authed` with role `account`, the account's name and the session's expires_ms, and the "
  "connection keeps any seat or director role it had; an expired or revoked session token is "
  "`unauthorized` like any unknown token.",
  [ID, ("token", "string", "1..128 bytes", "the token shown once at creation, or a session token")],
  ["unauthorized (field token: unknown token, or a session token expired or revoked)",
   "replace_throttled (field token; retry_ms: ms until the seat may be taken)",
   "moved (a seat token of a game another node of the cluster runs: field node)"],
  {"type": "auth", "id": 1, "token": "3f1c0a9be2d84c51a07e6b2f9d3c4e15"}, "authed"),
 ("authed", "s2c", "Reply to auth. A player token of a finished game opens a read-only view "
  "(issue 13): role `spectator` with the game and seat of the token; join shows the game with that "
  "seat's own team's partner chat (state `chat`, with the plies; never the other team's), and every "
  "act of a seat in that game (move, chat, resign, draw, claim) gets `game_over` (field game).",
  [ID, ("role", "string", '"director", "player", "team", "spectator" (a finished game\'s player token), '
        '"account" (a session token) or "guest" (the reply to guest)', ""),
   ("game", "integer", "", "players only: the game of the seat"),
   ("seat", "integer", "0..3", "players only: 0 = A white, 1 = A black, 2 = B white, 3 = B black"),
   ("name", "string", "accounts and guests only", "the account's name as it was signed up, or the guest's"),
   ("expires_ms", "integer", "accounts only, ms since the Unix epoch", "when the session ends")],
  [], {"type": "authed", "id": 1, "role": "player", "game": 7, "seat": 2}, None),
 ("join", "c2s", "Watch or play a game. The reply is a full `state`; then the connection receives "
  "the game's deltas (`move`, `start`, `result`, `seat`, and `chat` for players and the director). "
  "A player who joins the game of their token takes their seat (this is also how a reconnect "
  "works); a seat counts as connected while its connection is open. "
  "A spectator's or player's connection watches one game at a time: a new join replaces the old. "
  "The director's joins accumulate (up to 256 games on one connection: the dashboard).",
  [ID, GAME], ["not_found (no such game)", "too_large (a director watching 256 games)", "moved (another node of the cluster runs the game: field node)"], {"type": "join", "id": 2, "game": 7}, "state"),
 ("state", "s2c", "Full snapshot of a game as the receiver may see it: the reply to join "
  "(with its id), and pushed again (without id) to everyone watching when a board stops or the "
  "game changes in a way a delta does not carry (a flag, a resignation, a draw event).",
  [ID, GAME, ("status", "string", '"waiting" / "live" / "finished"', ""),
   ("role", "string", '"player" / "spectator" / "director"', "the receiver's role in this game"),
   ("you", "integer", "-1..3", "the receiver's seat, -1 if none"),
   ("kind", "string", '"bughouse" / "chess"', "the game kind. A chess game (F-CHESS) has one board, "
    "\"A\", and two seats: 0 = White, 1 = Black; its boards, clock_ms and seats hold 1, 2 and 2 "
    "entries, its FEN has no reserve. In the deltas (`move`, `start`, `result`) the arrays keep "
    "their bughouse length: seats 2 and 3 read 0, board B's running -1 and fen \"\""),
   ("boards", "array of 2 objects (chess: 1)", "", "board (\"A\"/\"B\"), fen (FEN with reserves in [], "
    "promoted pieces marked ~), ply (the ply the next move must name), running (seat whose clock runs, -1 none)"),
   ("clock_ms", "array of 4 integers (chess: 2)", "ms", "remaining time by seat at server_ms"),
   ("server_ms", "integer", "ms since the Unix epoch", "server wall clock of the snapshot"),
   ("base_ms", "integer", "ms", "time control: each player's initial time"),
   ("inc_ms", "integer", "ms", "time control: increment per move"),
   ("seats", "array of 4 objects (chess: 2)", "", "seat, name, connected; in a rated game also "
    "rating and rd (the player's Glicko-2 rating now, rounded: after the game's end, the new one; "
    "docs/rules.md G-GLICKO2) and provisional (G-PROVISIONAL)"),
   ("events", "array", "", "the game's event list: seq, t_ms (ms since the game started; a "
    "director's pause does not count), kind (start, move, flag, resign, result, ...), seat, board, "
    "ply, text; a move also san and clock_ms (the mover's time left after it, increment added, "
    "as the BPGN records it): with base_ms every clock at every instant can be replayed. "
    "A premove (kind `premove`, text the queued UCI, \"\" when cancelled or dropped) is listed "
    "only in its own player's state, never to anyone else"),
   ("result", "string or null", '"1-0", "0-1", "1/2-1/2" (team of seats 0 and 3 first)', ""),
   ("reason", "string or null", "", "why the game ended: mate, flag, resign, mate_both, adjudicated, ... (as in `result`)"),
   ("recovery", "string or null", '"resumed" / "adjudicated"', "the policy applied after a restart, if any"),
   ("result_board", "string or null", '"A" / "B"', "board of the deciding event (mate, flag, illegal move, resignation); null for agreement, a director's result, or while playing"),
   ("paused", "boolean", "", "the director paused the game (game_pause): clocks stand still, running is -1 on both boards, moves get bad_state"),
   ("ruleset", "string", '"regulation", "online", "fide", ...', "the game's ruleset (docs/rules.md)"),
   ("rated", "boolean", "rated lobby games only (else absent)", "the game is rated (G-RATED): its end changes its players' ratings"),
   ("premove", "boolean", "", "the ruleset queues premoves (P-PREMOVE: `online`): a `move` for the board's next ply sent while the opponent is on move is queued, one per board; false: it is `stale_ply`"),
   ("start_ms", "integer", "optional, ms since the Unix epoch", "a waiting tournament game (issue 13): the clocks start from this instant (the end of the break, tournament `break_s`) as soon as all four seats are connected; absent for other games"),
   ("forfeit_ms", "integer", "optional, ms since the Unix epoch", "a waiting tournament game with a waiting time (`wait_s`): at this instant a seat still absent loses its board by forfeit and the game ends unplayed (reason `forfeit`, or `forfeit_both` when seats of both teams are absent: a draw, as R-FLAG-FLAG combines flags of both teams); absent when the game waits without limit"),
   ("tournament", "object", "optional", "a tournament game (issue 13): tournament (id), name, round, match (index in the round), game_no (0: game 1, 1: game 2 of the match, T-DOUBLE), teams (names of the team seated as team 1, seats 0 and 3, then team 2). Absent for other games"),
   ("chat", "array", "", "partner chat: only for players (their team's lines), the read-only view of a finished game "
    "opened by a player token (that seat's team's lines, issue 13) and the director (all); absent for other spectators. "
    "The lines in the order they were sent, each with seat, text, server_ms and its anchor in the game (issue 13): ply "
    "([plies on board A, plies on board B] when it was sent: the moves it followed) and game_ms (game time in ms, as the events' t_ms; "
    "0 while the game waits). Both are absent for a line stored by a server older than schema 5")],
  [], {"type": "state", "id": 2, "game": 7, "status": "live", "role": "player", "you": 2,
       "kind": "bughouse", "boards": [{"board": "A", "fen": FEN1, "ply": 1, "running": 1},
                  {"board": "B", "fen": FEN0, "ply": 0, "running": 2}],
       "clock_ms": [178950, 180000, 180000, 180000], "server_ms": 1764400000000,
       "base_ms": 180000, "inc_ms": 0,
       "seats": [{"seat": 0, "name": "ann", "connected": True},
                 {"seat": 1, "name": "cid", "connected": True},
                 {"seat": 2, "name": "dan", "connected": True},
                 {"seat": 3, "name": "bob", "connected": False}],
       "events": [{"seq": 0, "t_ms": 0, "kind": "start"},
                  {"seq": 1, "t_ms": 1050, "kind": "move", "seat": 0, "board": "A", "ply": 0, "text": "e2e4",
                   "san": "e4", "clock_ms": 178950}],
       "result": None, "reason": None, "recovery": None, "result_board": None, "paused": False,
       "premove": False,
       "chat": [{"seat": 3, "text": "need a knight", "server_ms": 1764399999000, "ply": [1, 0], "game_ms": 1050}]}, None),
 ("move", "c2s", "A move or a drop on the sender's own board (P-SEAT), for the ply it was made "
  "for. If that exact move was already applied at that ply (a resend after a reconnect) it is "
  "acknowledged again and not applied twice. A move for any other ply is `stale_ply`. A premove "
  "(a move for the next ply, sent while the opponent is on move): in a ruleset with premoves "
  "(state `premove` true: `online`) it is queued, one per board (a new one replaces it), "
  "acknowledged at once (`ack` with the ply it names and the seq of its `premove` event) and "
  "played at the instant of the opponent's move if legal then, silently dropped if not; it must "
  "be UCI (`bad_move` else); a drop may name a piece not yet held (played only if it has "
  "arrived by then). Without premoves (`regulation`, `fide`) it is `stale_ply` (field ply, "
  "its message naming the rule: \"P-PREMOVE: the regulation ruleset does not queue premoves\"), "
  "never queued. A move out of turn for the current ply is `not_your_turn`, never an illegal "
  "move (P-ILLEGAL).",
  [ID, GAME, ("board", "string", '"A" or "B"', "the board the move is on"),
   ("ply", "integer", "0..100000", "the board's ply the move was made for (state.boards[].ply)"),
   ("move", "string", "1..15 bytes", "UCI (e2e4, e7e8q, N@f3) or SAN (Nf3, N@f3, e8=Q); a promotion names its piece (e7e8 alone is bad_move)")],
  ["unauthorized (no player token)", "not_your_seat (other seat, partner's board or other game)",
   "not_your_turn", "stale_ply", "illegal_move", "bad_move",
   "game_over (also, field game, from the read-only view a finished game's player token opens)",
   "bad_state (game not started)", "not_found"],
  {"type": "move", "id": 3, "game": 7, "board": "A", "ply": 1, "move": "e7e5"}, "ack"),
 ("premove_cancel", "c2s", "P-PREMOVE: cancel the sender's queued premove on its board (the "
  "right-click or the Cancel premove button of the play page). Nothing else changes; the "
  "premove's own player gets a new `state` listing the cancel.",
  [ID, GAME, ("board", "string", '"A" or "B"', "the sender's board")],
  ["unauthorized (no player token)", "not_your_seat (other seat, partner's board or other game)",
   "bad_state (field premove: none queued; field game: game not started)",
   "game_over", "not_found"],
  {"type": "premove_cancel", "id": 5, "game": 7, "board": "A"}, "ack"),
 ("ack", "s2c", "Success reply to move, premove_cancel, resign, draw, claim, chat and game_start. For a move it names the "
  "board, the ply and the event's seq in the game's event list (a queued premove: its `premove` "
  "event); the ack is sent only after the "
  "event is committed to the database.",
  [ID, ("game", "integer", "", "move only"), ("board", "string", "A/B", "move only"),
   ("ply", "integer", "", "move only"), ("seq", "integer", "", "move only: event index")],
  [], {"type": "ack", "id": 3, "game": 7, "board": "A", "ply": 1, "seq": 2}, None),
 ("move_delta", "s2c", "Broadcast (type `move`) to every connection watching the game after a move "
  "is stored: both boards' FEN (a capture changes the partner board's reserve), clocks and "
  "the server timestamp.",
  [GAME, ("seq", "integer", "", "event index"), ("board", "string", "A/B", ""),
   ("ply", "integer", "", "the ply the move was made for"), ("seat", "integer", "0..3", "mover"),
   ("move", "string", "UCI", ""), ("san", "string or null", "", ""),
   ("fen", "array of 2 strings", "", "boards A and B after the move"),
   ("clock_ms", "array of 4 integers", "ms", "remaining by seat at server_ms"),
   ("running", "array of 2 integers", "seat or -1", "whose clock runs on A and B"),
   ("t_ms", "integer", "ms", "game time of the move"),
   ("server_ms", "integer", "ms since the epoch", "")],
  [], {"type": "move", "game": 7, "seq": 2, "board": "A", "ply": 1, "seat": 1, "move": "e7e5",
       "san": "e5", "fen": ["rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2", FEN0],
       "clock_ms": [178950, 177800, 180000, 180000], "running": [0, 2], "t_ms": 3250,
       "server_ms": 1764400002200}, None),
 ("resign", "c2s", "Resign the game for the sender's team (both boards end).",
  [ID, GAME], ["unauthorized", "not_your_seat", "game_over", "bad_state"],
  {"type": "resign", "id": 4, "game": 7}, "ack"),
 ("draw", "c2s", "P-AGREE: offer a draw for the sender's team, accept the other team's pending "
  "offer (the game is drawn, both boards stop), or decline / withdraw the pending offer. Every "
  "watcher then receives a new `state` whose events show the offer.",
  [ID, GAME, ("action", "string", '"offer" / "accept" / "decline"', "")],
  ["unauthorized", "not_your_seat", "bad_state (an offer is pending already; nothing to accept or decline)",
   "game_over"],
  {"type": "draw", "id": 8, "game": 7, "action": "offer"}, "ack"),
 ("claim", "c2s", "P-REPEAT: claim that the current position of the sender's board occurred three "
  "times (board, side to move, castling, en passant and both reserves). A valid claim draws "
  "the game; an invalid one is `bad_state` and changes nothing. In a chess game (FIDE Laws 9.2, "
  "9.3) the claimant must have the move; `claim` \"fifty\" claims the 50-move rule, and `move` "
  "names the intended move whose position is claimed (9.2.1.1, 9.3.1: not played when the "
  "claim is correct); under the `fide` ruleset an incorrect claim gives the opponent one minute "
  "(9.5.3) and the intended move is played.",
  [ID, GAME, ("claim", "string", 'optional, "repetition" (default) / "fifty"', "fifty: chess only"),
   ("move", "string", "optional, 1..15 bytes, UCI or SAN", "chess only: the intended move")],
  ["unauthorized", "not_your_seat", "bad_state (field claim: not a threefold repetition / not 50 moves)",
   "invalid (field claim or move: a chess-only claim in a bughouse game)",
   "not_your_turn (field turn: chess, the opponent has the move)",
   "illegal_move / bad_move (field move: the intended move)", "game_over"],
  {"type": "claim", "id": 9, "game": 7}, "ack"),
 ("chat", "c2s", "Partner chat (P-SEAT): delivered to the partner and the director only, never to "
  "opponents or spectators. Stored, and included in the state of those who may see it.",
  [ID, GAME, ("text", "string", "1..500 bytes of UTF-8, no control characters", "kept whole: a longer line is too_large")],
  ["unauthorized (spectators may not chat)",
   "game_over (field game: the read-only view a finished game's player token opens, s2c-authed.md)",
   "not_your_seat (another game)",
   "too_large (the game has 1000 chat lines already)"],
  {"type": "chat", "id": 5, "game": 7, "text": "need a knight"}, "ack"),
 ("chat_delta", "s2c", "Broadcast (type `chat`) of a partner-chat line to the partner and the director (and "
  "the sender's other connections).",
  [GAME, ("seat", "integer", "0..3", "sender"), ("text", "string", "", ""),
   ("server_ms", "integer", "ms since the epoch", "when the server received it"),
   ("ply", "array of 2 integers", "plies", "the anchor (issue 13): plies played on boards A and B when the line was sent (the moves it followed; the state's boards[].ply)"),
   ("game_ms", "integer", "ms", "game time when it was sent (as the events' t_ms; 0 while the game waits)")],
  [], {"type": "chat", "game": 7, "seat": 3, "text": "need a knight", "server_ms": 1764399999000,
       "ply": [12, 9], "game_ms": 61500}, None),
 ("ping", "c2s", "Application-level ping (the server also sends WebSocket pings).",
  [ID], [], {"type": "ping", "id": 6}, "pong"),
 ("pong", "s2c", "Reply to ping.", [ID, ("server_ms", "integer", "ms since the epoch", "")],
  [], {"type": "pong", "id": 6, "server_ms": 1764400000000}, None),
 ("tournament_create", "c2s", "Director: create a Swiss team tournament (issue 6) with its ruleset. Every "
  "option is optional; the defaults are the regulation's (seed 000): 3+0 (P-TC), rounds by T-ROUNDS "
  "(fewer than 20 teams: 9; 20-30: 10; more: 11; with so few teams that a rematch-free Swiss "
  "cannot be guaranteed the event becomes a round robin, `small`), tie-breaks T-TIEBREAK "
  "(DE, BH-C1, PO = Armageddon play-off). Register teams with team_register, then tournament_start.",
  [ID, ("name", "string", "1..64 bytes of UTF-8, no control characters", "kept whole in every output (a longer name is too_large)"),
   ("base_ms", "integer", "optional, 1000..86400000 ms", "time per player per board (default 180000)"),
   ("inc_ms", "integer", "optional, 0..86400000 ms", "increment (default 0)"),
   ("ruleset", "string", 'optional, "regulation" / "online"', "game ruleset of its games (default: the server's --rules)"),
   ("rounds", "integer", "optional, 1..64", "rounds (default: T-ROUNDS)"),
   ("small", "string", 'optional, "rr" / "cap"', "T-ROUNDS small field: round robin (default) or rounds capped at N-1"),
   ("late_until", "integer", "optional, 1..64", "T-LATE: team_register is taken after the start while the team would be paired from a round up to this one (absent: no late entries)"),
   ("bye_requests", "integer", "optional, 0..64", "T-REQBYE: requested byes a team may take (bye_request; default 0: none)"),
   ("bye_kind", "string", 'optional, "half" / "zero"', "T-REQBYE: what a requested bye scores: half (default; a drawn match, as T-BYE) or zero"),
   ("tiebreaks", "array of strings", "optional, 1..8 of DE, BH-C1, BH, GP, WON, SB, SB-C1, PO", "tie-breaks after match points, in order"),
   ("wait_s", "integer", "optional, 0..86400 s", "waiting time (issue 13): a game's clocks start when its four players are connected; a seat still absent wait_s after the scheduled start loses its board by forfeit (an absence counts as a flag at that instant: absent seats of one team lose the game for it, absent seats of both teams make it a draw, R-FLAG-FLAG). 0: the clocks start at once, whoever is there. Default: the server's --wait-s (300; seed 004 art. 2 waits 10 minutes)"),
   ("break_s", "integer", "optional, 0..86400 s", "break between a game's end and the match's next game (the P-GAME2 choice runs during it), and between the last game of a round and the next round. Default: the server's --break-s (60)")],
  ["unauthorized", "not_found (field ruleset)", "missing_field (field tiebreaks: an unknown name)"],
  {"type": "tournament_create", "id": 10, "name": "Bughouse Open", "base_ms": 60000, "inc_ms": 0,
   "ruleset": "regulation", "rounds": 5, "tiebreaks": ["DE", "BH-C1", "PO"], "wait_s": 300,
   "break_s": 60}, "created"),
 ("team_register", "c2s", "Director: register a team of two players (P-TEAM) in a tournament that "
  "has not started, or a late entry (T-LATE) in a started Swiss whose tournament_create set "
  "late_until: taken while the next round to be paired is at most late_until; the team gets the "
  "next pairing number, scores 0 for the rounds it missed (no bye) and is paired from the next "
  "round (snapshot teams[].entry, standings rows[].entry). Team names are unique in a tournament. The reply carries the team token: "
  "a bot or a team's client authenticates with it (role `team`) and receives an `assign` with the "
  "player tokens of each of the team's games.",
  [ID, ("tournament", "integer", "", ""), ("name", "string", "1..64 bytes of UTF-8, no control characters", "kept whole"),
   ("players", "array of 2 strings", "1..64 bytes of UTF-8 each, no control characters", "captain (board A), partner (board B)"),
   ("ratings", "array of 2 integers", "optional, 0..4000", "captain, partner (0 = unrated); the "
    "team rating (their mean) orders the pairing numbers"),
   ("team", "integer", "optional, 1 .. 2^53-1", "a correction before the start: that team takes this "
    "name, these players and ratings in its place; its id, token and links stay, and the reply "
    "(created) has no token")],
  ["unauthorized", "not_found (tournament; field team: no such team in it)", "bad_state (field tournament, with a message: started "
   "without late entries, past late_until, a round robin, finished; with team: started; field pairing: a pairing is being "
   "computed)", "exists (field name)"],
  {"type": "team_register", "id": 11, "tournament": 1, "name": "Knights", "players": ["ann", "bob"],
   "ratings": [2100, 1950]}, "created"),
 ("created", "s2c", "Reply to tournament_create and team_register with the new id (team_register "
  "of a server tournament: see team_created).",
  [ID, ("tournament or team", "integer", "", "the new id")], [],
  {"type": "created", "id": 11, "team": 1}, None),
 ("team_created", "s2c", "Reply (type `created`) to team_register and team_token: the team id and "
  "its team token (shown once; stored hashed).",
  [ID, ("team", "integer", "", "the new team id"),
   ("token", "string", "32 hex chars", "team token: auth with it gives role `team`")], [],
  {"type": "created", "id": 11, "team": 1, "token": "5d0f8c2a9b7e4c1d3a6f0e9b8c7d6a5f"}, None),
 ("authed_team", "s2c", "Reply (type `authed`) to auth with a team token. Then the server sends an "
  "`assign` for every game of the team that is not finished (with fresh player tokens: tokens are "
  "stored hashed), and one for each new game as T-AUTO creates it.",
  [ID, ("role", "string", '"team"', ""), ("team", "integer", "", "the team"),
   ("tournament", "integer", "", "its tournament")], [],
  {"type": "authed", "id": 1, "role": "team", "team": 3, "tournament": 1}, None),
 ("tournament_start", "c2s", "Director: close registration and start (at least 2 teams). Teams are "
  "renumbered by team rating (pairing numbers), the rounds and the format are fixed (T-ROUNDS: "
  "`fallback` true in the reply when the small-field rule applied), and round 1 is paired and its "
  "games started at once. From then on T-AUTO runs the event: when game 1 of a pairing ends, "
  "game 2 starts with the colours swapped (P-GAME2: the server takes the loser's swap; after a "
  "draw the ruleset swaps); when the last game of a round ends the next round is paired "
  "(T-PAIR) and started; a PAB team (T-BYE) gets its bye without games. Tournament games start "
  "when created: the clocks run whether the players are connected or not. Every connection "
  "receives `round` and `standings`; teams and directors receive `assign`.",
  [ID, ("tournament", "integer", "", "")],
  ["unauthorized", "not_found (tournament)", "bad_state (already started)", "invalid (fewer than 2 teams)"],
  {"type": "tournament_start", "id": 12, "tournament": 1}, "tournament"),
 ("tournament_pause", "c2s", "Director: pause or resume T-AUTO. While paused the games in progress "
  "play on and their results count, but no game and no round is started; on resume the games "
  "that became due start (game 2 of a pairing whose game 1 ended) and the next round is paired if "
  "the current one is complete. The state is stored (a restart keeps it paused). T-AUTO also "
  "pauses by itself when the next round cannot be paired (no legal pairing, or the pairer's "
  "node bound): every director connection gets the `tournament` snapshot with status "
  "`paused`, and pairs the round by hand (round_pair with pairs) or resumes to try again. "
  "When fewer than two teams are left to pair (none, or one that may not get a PAB), no "
  "pairing can exist and the event ends instead (status `finished`). A pause while T-AUTO is "
  "pairing the next round (the pairing runs beside the games, seconds in a deep event) drops that "
  "pairing; the resume pairs again.",
  [ID, ("tournament", "integer", "", ""), ("paused", "boolean", "", "true: pause; false: resume")],
  ["unauthorized", "not_found (tournament)", "bad_state (not running / not paused)",
   "bad_state (a resume; field pairing: a pairing is being computed, seconds in a deep event: try again when its round is published)"],
  {"type": "tournament_pause", "id": 14, "tournament": 1, "paused": True}, "tournament"),
 ("game2_colors", "c2s", "P-GAME2: the team that lost game 1 of a pairing chooses whether its players "
  "take the other colour in game 2 (swap) or keep their colours. Sent by that team's captain: the player "
  "connection of the team's board-A seat in game 1, or the team's connection (team token), after a "
  "`game2_choice`, before its deadline; game 2 starts at once. Without a choice the default applies "
  "at the deadline (swap, as after a draw), so T-AUTO never waits longer.",
  [ID, ("game", "integer", "1 .. 2^53-1", "game 1 of the pairing (game2_choice.game)"),
   ("swap", "boolean", "", "true: swap colours in game 2; false: keep them")],
  ["not_found (no choice pending for that game)", "unauthorized (not the losing team's captain)"],
  {"type": "game2_colors", "id": 15, "game": 9, "swap": False}, "ack"),
 ("game2_choice", "s2c", "P-GAME2: game 1 of a pairing ended decisively and the losing team may choose "
  "the colours of game 2 (`game2_colors`). Sent to that team's connections, to the player connections of "
  "its captain's seat in game 1, and to every director; sent again while the choice is open to a "
  "connection of that team that authenticates and to a director's `tournament_get` (after a "
  "restart the server asks again with a new deadline). Game 2 starts when the team chooses or when "
  "deadline_ms has passed (then swap_default applies). A director's override of game 1 asks the "
  "new loser (or starts game 2 after a draw).",
  [("tournament", "integer", "", ""), ("round", "integer", "1..", ""),
   ("match", "integer", "0..", "index in the round"), ("game", "integer", "", "game 1"),
   ("team", "integer", "", "the team that lost game 1"),
   ("deadline_ms", "integer", "ms", "time left to choose"),
   ("swap_default", "boolean", "", "what applies without a choice")], [],
  {"type": "game2_choice", "tournament": 1, "round": 1, "match": 0, "game": 9, "team": 3,
   "deadline_ms": 15000, "swap_default": True}, None),
 ("game2_decided", "s2c", "P-GAME2's outcome (issue 13): how game 2's colours were decided, sent to both "
  "teams' connections, to everyone watching game 1 (its players, spectators) and to every director, "
  "just before game 2's `assign`. `how`: `chosen` (the losing team answered game2_choice), `default` "
  "(no answer before the deadline: swap), `draw` (game 1 was drawn: the game ruleset decides, "
  "regulation: swap). The pages say it to everyone (\"Bravo chose to keep the colours\").",
  [("tournament", "integer", "", ""), ("round", "integer", "1..", ""),
   ("match", "integer", "0..", "index in the round"), ("game", "integer", "", "game 1"),
   ("team", "integer", "", "the team that lost game 1; 0 after a draw"),
   ("swap", "boolean", "", "true: every player takes the other colour in game 2"),
   ("how", "string", '"chosen" / "default" / "draw"', "")], [],
  {"type": "game2_decided", "tournament": 1, "round": 1, "match": 0, "game": 9, "team": 3,
   "swap": False, "how": "chosen"}, None),
 ("tournament_get", "c2s", "Anyone: a snapshot of a tournament (default: the latest one). A director also "
  "receives an `assign` (fresh tokens for all four seats) for every game of it that is not finished, "
  "so a dashboard that reconnects can hand out tokens again.",
  [ID, ("tournament", "integer", "optional", "")], ["not_found (tournament)"],
  {"type": "tournament_get", "id": 13, "tournament": 1}, "tournament"),
 ("tournament", "s2c", "Reply to tournament_get, tournament_start, tournament_pause, team_withdraw, team_remove, bye_request, round_schedule, "
  "round_pair and round_start: the tournament, its teams, the current round, the standings and every "
  "round paired so far (history). A command that makes the server pair a round (tournament_start, a "
  "resume, round_pair without pairs, round_start, a withdrawal that completes a round) is answered "
  "when that pairing is done: the pairer runs on a thread of its own while every game plays on "
  "(seconds in a deep event), and the reply shows its round.",
  [ID, ("tournament", "integer", "", ""), ("name", "string", "", ""),
   ("status", "string", '"registering" / "running" / "paused" / "finished"', ""),
   ("format", "string", '"swiss" / "round_robin"', "round_robin after the T-ROUNDS fallback"),
   ("fallback", "boolean", "", "the T-ROUNDS small-field rule applied"),
   ("rounds", "integer", "", "planned (0 before the start)"),
   ("round", "integer", "", "rounds paired so far"),
   ("base_ms", "integer", "ms", ""), ("inc_ms", "integer", "ms", ""),
   ("wait_s", "integer", "s", "waiting time for a game's players (tournament_create)"),
   ("break_s", "integer", "s", "break between games and rounds (tournament_create)"),
   ("ruleset", "string", "", "game ruleset"),
   ("teams", "array", "", "team, no (pairing number, 0 before the start), name, players, ratings, "
    "withdrawn (first round the team is no longer paired in after team_withdraw; 0 = active), "
    "entry (first round it is paired in: > 1 a late entry, T-LATE), byes (the rounds it asked to "
    "sit out, T-REQBYE, ascending; paired ones included), and to a director only "
    "link: the first 12 hex digits of the SHA-256 of the team's current team token (the server "
    "keeps only the hash; a desk compares it with the hash of the token it kept and tells a "
    "link reissued elsewhere)"),
   ("late_until", "integer", "", "T-LATE: late entries up to this round (tournament_create), 0 none"),
   ("bye_requests", "integer", "", "T-REQBYE: requested byes a team may take (tournament_create), 0 none"),
   ("bye_kind", "string", '"half" / "zero"', "T-REQBYE: what a requested bye scores"),
   ("schedule", "object or null", "", "T-SCHEDULE (round_schedule): {round, start_ms}: that round's games start no earlier than start_ms (ms since the Unix epoch); null: none"),
   ("current", "object or null", "", "the current round: as the `round` message without type"),
   ("standings", "object or null", "", "as the `standings` message without type"),
   ("history", "array", "", "every paired round 1..round, each as the `round` message without type "
    "(the last one is `current`)"),
   ("v", "integer", "0..", "the version of the last `round`, `round_delta` or `standings` push of this "
    "tournament (0: none yet): the next push has v + 1 (s2c-round_delta.md)")], [],
  {"type": "tournament", "id": 13, "tournament": 1, "name": "Bughouse Open", "status": "running",
   "format": "swiss", "fallback": False, "rounds": 5, "round": 1, "late_until": 0, "bye_requests": 1, "bye_kind": "half", "schedule": None, "base_ms": 60000, "inc_ms": 0,
   "wait_s": 300, "break_s": 60, "ruleset": "regulation",
   "teams": [{"team": 1, "no": 1, "name": "Knights", "players": ["ann", "bob"], "ratings": [2100, 1950], "withdrawn": 0, "entry": 1, "byes": []},
             {"team": 2, "no": 2, "name": "Rooks", "players": ["cid", "dan"], "ratings": [2000, 1900], "withdrawn": 0, "entry": 1, "byes": []},
             {"team": 3, "no": 3, "name": "Pawns", "players": ["eve", "fay"], "ratings": [1800, 1700], "withdrawn": 0, "entry": 1, "byes": [3]}],
   "current": {"tournament": 1, "round": 1, "rounds": 5, "status": "playing",
               "matches": [{"match": 0, "team1": 1, "name1": "Knights", "team2": 2, "name2": "Rooks",
                            "white": 1, "games": [7, None], "results": [None, None], "reasons": [None, None],
                            "states": ["waiting", None], "absent": [["cid"], []], "mp": [0, 0],
                            "gp": [0, 0], "status": "playing"},
                           {"match": 1, "team1": 3, "name1": "Pawns", "team2": None, "name2": None,
                            "white": None, "games": [], "results": [], "reasons": [], "states": [], "absent": [],
                            "mp": [1, 0], "gp": [1, 0], "status": "bye", "bye": "pab"}]},
   "standings": {"tournament": 1, "round": 0, "final": False, "tiebreaks": ["DE", "BH-C1", "PO"],
                 "rows": [{"place": 1, "team": 3, "name": "Pawns", "mp": 1, "gp": 1, "tb": [0, 0, 0],
                           "prize": True, "tied_next": False},
                          {"place": 2, "team": 1, "name": "Knights", "mp": 0, "gp": 0, "tb": [0, 0, 0],
                           "prize": True, "tied_next": True},
                          {"place": 3, "team": 2, "name": "Rooks", "mp": 0, "gp": 0, "tb": [0, 0, 0],
                           "prize": True, "tied_next": False}]},
   "history": [{"tournament": 1, "round": 1, "rounds": 5, "status": "playing",
               "matches": [{"match": 0, "team1": 1, "name1": "Knights", "team2": 2, "name2": "Rooks",
                            "white": 1, "games": [7, None], "results": [None, None], "reasons": [None, None],
                            "states": ["waiting", None], "absent": [["cid"], []], "mp": [0, 0],
                            "gp": [0, 0], "status": "playing"},
                           {"match": 1, "team1": 3, "name1": "Pawns", "team2": None, "name2": None,
                            "white": None, "games": [], "results": [], "reasons": [], "states": [], "absent": [],
                            "mp": [1, 0], "gp": [1, 0], "status": "bye", "bye": "pab"}]}], "v": 12}, None),
 ("round", "s2c", "Broadcast to every connection, the whole round, when a round is paired and "
  "whenever its status changes (paired, playing, done) or its matches change in number (a new "
  "pairing); between those, what changes in its matches comes as `round_delta`. Per match: team1 / team2 (team ids; team1 is the higher-placed "
  "team of the pairing), white (1 or 2: whose captain has White on board A in game 1), the two "
  "games (ids, null until created), their results from team1's point of view and the reasons (mate, flag, resign, ..., \"forfeit\": a game not played, scored for the team present after a withdrawal), match points "
  "(T-SCORE: 2 / 1 / 0) and game points of each team this round; per game also its state (issue 13: "
  "`states`, the game's `status` as the `state` message has it: \"waiting\" while its clocks have not "
  "started because it waits for its players (wait_s) or for the end of the break, \"live\", \"finished\"; "
  "null until created) and, for a waiting game, `absent`: the names of its players not connected yet (the "
  "game starts when none is left, or forfeits them when wait_s passes). A bye has team2 null and "
  "status \"bye\" (T-BYE: 1 MP, 1 game point).",
  [("tournament", "integer", "", ""), ("round", "integer", "1..", ""),
   ("rounds", "integer", "", "planned"), ("status", "string", '"paired" (no game started yet) / "playing" / "done"', ""),
   ("v", "integer", "1..", "this push's version (s2c-round_delta.md); absent in a `tournament` snapshot's rounds"),
   ("matches", "array", "", "match (index), team1, name1, team2, name2, white, games, results, reasons, "
    "states (\"waiting\" / \"live\" / \"finished\" / null, per game), absent (per game: the names of a "
    "waiting game's seats not connected, else []), mp, gp, status (\"playing\" / \"done\" / \"bye\"), "
    "and for a bye its kind, bye: \"pab\" (pairing-allocated, T-BYE), \"half\" or \"zero\" (requested, "
    "T-REQBYE), \"full\" (an arbiter's full-point bye, from a TRF)")], [],
  {"type": "round", "tournament": 1, "round": 2, "rounds": 5, "status": "playing", "v": 7,
   "matches": [{"match": 0, "team1": 1, "name1": "Knights", "team2": 3, "name2": "Pawns",
                "white": 2, "games": [9, 10], "results": ["0-1", None], "reasons": ["mate", None],
                "states": ["finished", "live"], "absent": [[], []], "mp": [0, 0],
                "gp": [0, 1], "status": "playing"},
               {"match": 1, "team1": 2, "name1": "Rooks", "team2": None, "name2": None,
                "white": None, "games": [], "results": [], "reasons": [], "states": [], "absent": [],
                "mp": [1, 0], "gp": [1, 0],
                "status": "bye", "bye": "pab"}]}, None),
 ("round_delta", "s2c", "Broadcast to every connection when a match of a round changes while the "
  "round's status and its number of matches stay: a game created, started, ended or its result "
  "changed, a seat of a waiting game connected or left. It carries the round's header and only "
  "the matches that changed, each whole as in `round` (its `match` is its index there): a client "
  "replaces those matches in the round it holds. Every `round`, `round_delta` and `standings` "
  "push of a tournament has a version `v`, one more than the push before it; the `tournament` "
  "snapshot has the version of the last push. A client that holds the snapshot or the pushes up "
  "to version w applies the push w + 1; a larger version means it missed one (a gap), and it "
  "asks for the snapshot again (tournament_get); a smaller one is older than what it holds. "
  "The count starts at the server's wall clock in milliseconds when it creates or loads the "
  "tournament, so the pushes after a restart are above every version sent before it: a client "
  "that kept its state across the restart sees a gap. "
  "A result in a 500-match round is one match (a few hundred bytes) instead of the whole "
  "round (125 kB on average in bench_push's 1,000-team round 1). Pushes are queued per connection: a connection whose unsent queue would pass 4 MiB "
  "reads too slowly and is closed (close code 1008, reason \"too_large\").",
  [("tournament", "integer", "", ""), ("round", "integer", "1..", ""),
   ("rounds", "integer", "", "planned"), ("status", "string", '"paired" / "playing" / "done"', "unchanged since the last `round`"),
   ("v", "integer", "1..", "this push's version"),
   ("matches", "array", "", "the changed matches, by ascending `match`, each as in `round`")], [],
  {"type": "round_delta", "tournament": 1, "round": 2, "rounds": 5, "status": "playing", "v": 8,
   "matches": [{"match": 0, "team1": 1, "name1": "Knights", "team2": 3, "name2": "Pawns",
                "white": 2, "games": [9, 10], "results": ["0-1", None], "reasons": ["mate", None],
                "states": ["finished", "live"], "absent": [[], []], "mp": [0, 0],
                "gp": [0, 1], "status": "playing"}]}, None),
 ("standings", "s2c", "Broadcast to every connection when a round is complete (and with final "
  "true once when the last round and the play-off are complete; also after each Armageddon play-off game): places (never shared, T-PRIZES), match points, "
  "game points and the tie-breaks in the tournament's order (T-TIEBREAK; BH values on match "
  "points, game-point tie-breaks in game points). tied_next: equal with the next row on "
  "everything: a play-off decides (T-ARMAGEDDON).",
  [("tournament", "integer", "", ""), ("round", "integer", "", "standings after this round: rounds 1..round count, not a later round's results (a forfeit set during it); prize false before round 1 is complete"),
   ("final", "boolean", "", "the tournament is over"),
   ("v", "integer", "1..", "this push's version (s2c-round_delta.md); absent in a `tournament` snapshot"),
   ("tiebreaks", "array of strings", "", "names of the tb columns (DE, BH-C1, BH, GP, WON, SB, SB-C1, PO)"),
   ("rows", "array", "", "place, team, name, mp, gp, tb (numbers), prize (places 1-3), tied_next, entry (only for a late entry: the round it was paired from, T-LATE)")], [],
  {"type": "standings", "tournament": 1, "round": 2, "final": False, "v": 9, "tiebreaks": ["DE", "BH-C1", "PO"],
   "rows": [{"place": 1, "team": 3, "name": "Pawns", "mp": 3, "gp": 2.5, "tb": [0, 2, 0],
             "prize": True, "tied_next": False},
            {"place": 2, "team": 1, "name": "Knights", "mp": 2, "gp": 2, "tb": [0, 1, 0],
             "prize": True, "tied_next": False},
            {"place": 3, "team": 2, "name": "Rooks", "mp": 1, "gp": 1, "tb": [0, 2, 0],
             "prize": True, "tied_next": False}]}, None),
 ("assign", "s2c", "Player tokens of a tournament game as T-AUTO creates it: to the connections "
  "of the two teams (each its own two seats) and to every director (all four seats). A team "
  "connection that authenticates later gets one per unfinished game of its team (a director: on "
  "tournament_get), with the same tokens: a seat has one token (issue 13: logins do not add "
  "tokens), derived from a key the server keeps beside its database (`<db>.seat-key`), never in it. "
  "The game waits for its players (wait_s) or plays already: auth with a token on a new connection, then join. "
  "Round 0 is an Armageddon play-off game (T-ARMAGEDDON), created after the last round while a prize place (T-PRIZES) "
  "is undecided in a tie group, every team of which plays, one game at a time, by T-ARMAGEDDON's bracket: team1 (White on board A) has 3:00 and team2 2:00 on both boards, and a "
  "draw counts as a win for team2; the standings are broadcast after each one. "
  "A club event's board (issue 15) comes the same way to its team's connections only (team token): "
  "tournament is the club, match 0-based, game_no the board (0-based), the game a chess game (seats 0 White, "
  "1 Black; team1 White's team), at the board's creation when its round starts, at the team token's auth and on "
  "club_get, each time with fresh tokens of the team's seat.",
  [("tournament", "integer", "", ""), ("round", "integer", "0..", "0: a play-off game"),
   ("match", "integer", "0..", "index in the round (play-off: team2's pairing number)"),
   ("game_no", "integer", "0 / 1", "game of the pairing (T-DOUBLE; play-off: its number from 0)"),
   GAME, ("team1", "integer", "", "the team on seats 0 and 3 (White on A, Black on B)"),
   ("team2", "integer", "", "the team on seats 1 and 2"),
   ("seats", "array", "", "seat (0..3), name, token")], [],
  {"type": "assign", "tournament": 1, "round": 1, "match": 0, "game_no": 0, "game": 7, "team1": 1,
   "team2": 2, "seats": [{"seat": 0, "name": "ann", "token": "9a1b2c3d4e5f60718293a4b5c6d7e8f9"},
                         {"seat": 3, "name": "bob", "token": "0f1e2d3c4b5a69788796a5b4c3d2e1f0"}]}, None),
 ("game_create", "c2s", "Director: create a game and get one token per seat. With team1 and team2 "
  "the seats are filled by P-TEAM (team1's captain plays White on A, team1's partner Black on B); "
  "otherwise by the players array. The game starts when all its seats are connected, or on game_start. "
  "`kind` \"chess\" makes a chess game (F-CHESS, ruleset `fide`: FIDE Laws with the rapid and "
  "blitz penalties): one board, seats 0 (White) and 1 (Black), players of 2 names, no teams; a "
  "drop in it is illegal_move (field move), a move for board B not_your_seat (field board).",
  [ID, ("tournament", "integer", "optional", ""), ("team1", "integer", "optional", ""),
   ("team2", "integer", "optional", ""), ("base_ms", "integer", "1000..86400000 ms", "time per player"),
   ("inc_ms", "integer", "0..86400000 ms, optional (0)", "increment"),
   ("players", "array of 4 strings (chess: 2)", "optional, 1..64 bytes of UTF-8 each, no control characters", "names by seat when no teams are given"),
   ("kind", "string", 'optional, "bughouse" (default) / "chess"', "the game kind")],
  ["unauthorized", "not_found (team or tournament)", "missing_field (field kind: unknown; team1: teams with chess; players: not 2 names for chess)"],
  {"type": "game_create", "id": 12, "base_ms": 180000, "inc_ms": 0, "players": ["ann", "cid", "dan", "bob"]}, "game_created"),
 ("game_created", "s2c", "Reply to game_create: the game id and the player tokens by seat (four; chess: two). "
  "Tokens are shown only here (the server keeps their SHA-256).",
  [ID, GAME, ("tokens", "array of 4 strings (chess: 2)", "32 hex chars", "by seat")], [],
  {"type": "game_created", "id": 12, "game": 7, "tokens": ["3f1c0a9be2d84c51a07e6b2f9d3c4e15",
   "0b8e55d2a4c94f0c9a1e7d3b6f2c8a10", "c4d2e6f8a0b1c3d5e7f9a1b3c5d7e9f1", "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b"]}, None),
 ("game_start", "c2s", "Director: start a waiting game now, without waiting for all four seats. "
  "Starting a game that is live or finished is bad_state.",
  [ID, GAME], ["unauthorized", "not_found", "bad_state"], {"type": "game_start", "id": 13, "game": 7}, "ack"),
 ("games", "c2s", "Director: list every game with its status and the recovery policy applied after the last restart.",
  [ID], ["unauthorized"], {"type": "games", "id": 14}, "games_reply"),
 ("games_reply", "s2c", "Reply (type `games`) to games.",
  [ID, ("games", "array", "", "game, status, result, reason, recovery (\"resumed\", \"adjudicated\" or null)")], [],
  {"type": "games", "id": 14, "games": [{"game": 7, "status": "live", "result": None, "reason": None, "recovery": "resumed"}]}, None),
 ("game_pause", "c2s", "Director: pause or resume one live game. The clocks stop at the instant the "
  "server handles the pause (a flag already due falls first) and restart from the stored remaining "
  "times on resume. Stored in the game's event list, so a restart keeps the game paused (and the "
  "time the server was down is not charged). Everyone watching the game gets a new `state` "
  "(paused: true / false); moves and acts of a paused game get bad_state (field `paused`).",
  [ID, GAME, ("paused", "boolean", "", "true: pause; false: resume")],
  ["unauthorized", "not_found (game)", "bad_state (not live, or already paused / not paused)",
   "game_over (a flag due before the pause ended it)"],
  {"type": "game_pause", "id": 20, "game": 7, "paused": True}, "ack"),
 ("game_result", "c2s", "Director: adjudicate a live game (it ends now with this result) or override "
  "the result of a finished one. Stored with the game, written into its BPGN ([Result], [Winner], "
  "[Termination] = reason), `result` and `state` are sent again to its watchers. A tournament game "
  "updates its match; the round and the standings are recomputed and broadcast. Overriding a game "
  "of a round before the last paired round is refused (bad_state, field `round`): its result "
  "already fed the next pairing. Pause the tournament (tournament_pause) before a round ends to "
  "correct a result before the next round is paired.",
  [ID, GAME, ("result", "string", '"1-0" / "0-1" / "1/2-1/2"', "team of seats 0 and 3 first"),
   ("reason", "string", "1..23 bytes of UTF-8, no control characters", "shown with the result (\"adjudicated\", \"appeal\", ...)")],
  ["unauthorized", "not_found (game)", "bad_state (game waiting; field round: a later round is paired; "
   "field pairing: the tournament is pairing its next round; field game with a message: a game of "
   "a match forfeited by a withdrawal, or a game scored as a forfeit: its score is the forfeit's; "
   "field game: a finished board of a club or league event, whose result changes through club_result, "
   "club_decide or league_result)"],
  {"type": "game_result", "id": 21, "game": 7, "result": "1/2-1/2", "reason": "adjudicated"}, "ack"),
 ("team_withdraw", "c2s", "Director: withdraw a team from a running or paused tournament. It is "
  "not paired from the next round on. Without keep_current its match of the current round (if not "
  "complete) is lost by forfeit (T-FORFEIT) and its live game ends now (reason \"withdrawn\"); "
  "when a game of that match was played already (game 1 of the double round), it stands and only "
  "the games not yet decided are forfeited: a live game 2 ends as the team's loss, a game 2 not "
  "yet started is scored as a win for the opponent (reason \"forfeit\" in the round, no game "
  "created), and the match scores from its games (issue 17: 1-0 in game 1 then withdrawn is a "
  "1-1 drawn match); an "
  "Armageddon play-off game too (lost; a withdrawn team leaves the play-off); with "
  "keep_current it plays that match out. Round and standings are broadcast. With undo the "
  "director takes a withdrawal back: the team is paired again from the next round to be paired; "
  "the rounds it missed stay unplayed and a forfeit the withdrawal made stands (game_result "
  "overrides a game's result).",
  [ID, ("tournament", "integer", "", ""), ("team", "integer", "", "team id"),
   ("keep_current", "boolean", "optional, default false", "play the current match out"),
   ("undo", "boolean", "optional, default false", "take the team's withdrawal back (not with keep_current)")],
  ["unauthorized", "not_found (tournament / team)", "bad_state (tournament not running or paused; team already withdrawn; undo: team not withdrawn)",
   "invalid (keep_current with undo)",
   "bad_state (field pairing: a pairing is being computed, seconds in a deep event: try again when its round is published)"],
  {"type": "team_withdraw", "id": 22, "tournament": 1, "team": 3, "keep_current": False}, "tournament"),
 ("result_log", "c2s", "Director: the result log of a game (the audit trail): every "
  "result set on it, oldest first, with when, who and through which page: the director's "
  "game_result (desk), the club arbiter's club_result (club page), an upheld protest's new result "
  "(who \"appeals committee\", page \"club page\", reason \"protest upheld\"; the game's own "
  "record keeps the result played), the league director's "
  "league_result (league page), and the server's own decisions (a forfeit after the waiting time, a "
  "withdrawal: who \"server\", page the event's format). The BPGN export carries the same as a ResultBy tag.",
  [ID, ("game", "integer", "", "")],
  ["unauthorized", "not_found (game)"],
  {"type": "result_log", "id": 26, "game": 7}, "result_log"),
 ("result_log", "s2c", "Reply to result_log.",
  [ID, ("game", "integer", "", ""),
   ("entries", "array", "", "at_ms (ms since the Unix epoch), result (the result set), reason, was (the "
    "result it replaced, \"*\" none: the game was live), who (\"director\", \"arbiter\", \"server\"), page "
    "(\"desk\", \"club page\", \"league page\", or the format of a server decision)")], [],
  {"type": "result_log", "id": 26, "game": 7, "entries": [
      {"at_ms": 1764500000000, "result": "1-0", "reason": "adjudicated", "was": "*", "who": "director", "page": "desk"},
      {"at_ms": 1764500060000, "result": "0-1", "reason": "appeal", "was": "1-0", "who": "director", "page": "desk"}]}, None),
 ("team_remove", "c2s", "Director: remove a team from a Swiss that has not started (an entry made "
  "by mistake, a team that will not come): the event forgets it, its team token and its players' "
  "links stop working, the teams after it keep their places in the list. A started event's team "
  "is withdrawn instead (team_withdraw: its results so far stand). A team of the same name may then "
  "be registered again (a replacement).",
  [ID, ("tournament", "integer", "", ""), ("team", "integer", "", "team id")],
  ["unauthorized", "not_found (tournament / team)",
   "bad_state (field tournament, with a message: started (withdraw the team instead), finished)"],
  {"type": "team_remove", "id": 25, "tournament": 1, "team": 3}, "tournament"),
 ("bye_request", "c2s", "Director: a team asks to sit out a round of a Swiss (T-REQBYE), or takes "
  "the request back (cancel). Taken before the start and while the tournament runs or is paused, "
  "for a round not yet paired and not the last, up to the event's bye_requests per team "
  "(tournament_create; 0, the default, takes none). The pairing leaves the team out of that round "
  "and gives it the event's bye_kind: half (a drawn match, as the pairing-allocated bye, T-BYE) or "
  "zero (nothing); either is a voluntarily unplayed round for the tie-breaks (C.07 art. 16). A "
  "request made before the start is dropped at the start if the event turns out to have no such "
  "round before its last, or becomes a round robin. The snapshot lists each team's requested "
  "rounds (teams[].byes).",
  [ID, ("tournament", "integer", "", ""), ("team", "integer", "", "team id"),
   ("round", "integer", "1..64", "the round to sit out"),
   ("cancel", "boolean", "optional, default false", "take the request back")],
  ["unauthorized", "not_found (tournament / team; field round: cancel of a request that does not exist)",
   "bad_state (each with a message: field tournament: finished, a round robin, an event without "
   "requested byes; field team: withdrawn, or its bye_requests taken; field round: paired already, "
   "the last round, past the planned rounds; field pairing: a pairing is being computed)",
   "exists (field round: the team has asked for that round already)"],
  {"type": "bye_request", "id": 23, "tournament": 1, "team": 3, "round": 3}, "tournament"),
 ("round_schedule", "c2s", "Director: schedule the start of a round not yet paired (T-SCHEDULE): "
  "its games start no earlier than start_ms (and, as always, after the break and once their players "
  "are there); start_ms 0 takes the schedule back, and the round starts when the last one ends and the "
  "break is over. One schedule at a time: a new one replaces it. Taken before the start (round 1 "
  "starts at the time even if tournament_start comes earlier: its pairing is published at once) and "
  "while the tournament runs or is paused. The snapshot's `schedule` carries it; the games of that "
  "round carry their start (`state` start_ms), so every page counts down to it.",
  [ID, ("tournament", "integer", "", ""), ("round", "integer", "1..64", "a round not yet paired"),
   ("start_ms", "integer", "ms since the Unix epoch, 0..253402300799999", "the earliest start; 0: none")],
  ["unauthorized", "not_found (tournament; field round: a clear of a round without a schedule)",
   "bad_state (each with a message: field tournament: finished; field round: paired already, past the "
   "planned rounds; field pairing: a pairing is being computed)",
   "invalid (field start_ms: not in the future)"],
  {"type": "round_schedule", "id": 24, "tournament": 1, "round": 2, "start_ms": 1764500000000}, "tournament"),
 ("round_pair", "c2s", "Director, while T-AUTO is paused and the current round is complete: pair the "
  "next round now (its `round` has status \"paired\"), or pair it again if it was paired and none "
  "of its games started (after a withdrawal or an override). Its games start on round_start or "
  "when the tournament is resumed. Without `pairs` the Swiss pairer (T-PAIR) pairs it. With "
  "`pairs` the director pairs it by hand (the arbiter sets or corrects pairings, FIDE C.04.2): "
  "every team active in the round and without a requested bye is listed exactly once, `[team, 0]` "
  "gives the pairing-allocated bye (at most one). The order of the pairs and of the two teams in a "
  "pair does not matter: as for a computed pairing, team1 is the higher-ranked team and who has "
  "White on board A in game 1 is decided by the pairer's own colour rule. A hand pairing is stored, "
  "broadcast (`round`) and started exactly like a computed one, and a later round_pair before "
  "its games start replaces it. On any error nothing changes (a round paired before stays).",
  [ID, ("tournament", "integer", "", ""),
   ("pairs", "array of [integer, integer]", "optional; 0..1024 pairs; team ids, second 0 = the bye",
    "the pairing by hand"),
   ("allow_rematch", "boolean", "optional, default false",
    "with pairs: allow two teams that already met over the board ([C1]; a tiny field)"),
   ("budget_s", "integer", "optional, 1..3600 s; default the server's --pairing-budget-s (300)",
    "without pairs: how long the Swiss pairer may search (a deep drawn round of 78 teams takes "
    "about 40 s); the directors get `pairing` pushes meanwhile")],
  ["unauthorized", "not_found (tournament; field pairs[i]: no such team in it)",
   "bad_state (tournament not paused; field round: the round is not complete or no round is left; "
   "field pairs[i]: the team is withdrawn, not yet entered, or has a requested bye; field pairs: "
   "a round robin, whose rounds follow its Berger table)",
   "no_pairing (without pairs: no legal pairing; field pairs[i]: a rematch without allow_rematch "
   "([C1]), or a bye to a team that had a PAB or won a match by forfeit ([C2], C.04.1 d))",
   "exists (field pairs[i]: a team listed a second time)",
   "invalid (field pairs[i]: a team paired with itself; field pairs: an active team is in no pair, "
   "the message names it)",
   "too_large (field pairs: more than 1024 pairs; field pairs[i]: a second bye; field round: "
   "no pairing found within the time budget: the round stays unpaired; pair it by hand, or ask "
   "again with a larger budget_s)",
   "missing_field (field pairs / pairs[i] / allow_rematch / budget_s: wrong type, not [id, id], "
   "an id out of range, a 0 first, a budget out of range)", "bad_state (field pairing: a pairing is being computed, seconds in a deep event: try again when its round is published)"],
  {"type": "round_pair", "id": 23, "tournament": 1}, "tournament"),
 ("round_start", "c2s", "Director, while T-AUTO is paused: start by hand what T-AUTO would start "
  "next: the round paired by round_pair, else the games 2 whose game 1 ended, else the next round "
  "(pairing it first). The tournament stays paused. After a decisive game 1 the loser first chooses "
  "game 2's colours (P-GAME2, `game2_choice`): the first round_start asks, a later one starts game 2 "
  "once the choice is made or its time is up.",
  [ID, ("tournament", "integer", "", "")],
  ["unauthorized", "not_found (tournament)", "bad_state (tournament not paused; field round: nothing to start)",
   "bad_state (field pairing: a pairing is being computed, seconds in a deep event: try again when its round is published)"],
  {"type": "round_start", "id": 24, "tournament": 1}, "tournament"),
 ("export", "c2s", "Director: the BPGN of a game (live or finished; a director's result is in its tags) "
  "or the TRF-2026 text of a tournament, in the reply (no HTTP path: the director's token stays on "
  "the WebSocket). Anyone: the BPGN of a finished game (its watchers saw every move and clock; the "
  "download of a replay). The BPGN carries the Seven Tag Roster's Event (the tournament's name, else "
  "`bughouse-server game N`), Site (the server's `--site`, else `?`), Date (UTC, `YYYY.MM.DD`) and "
  "Round (`3.2`: round 3, pairing 2, with `MatchGame` 1 or 2; `playoff` for an Armageddon game; `-` "
  "outside tournaments). A board of a club round robin is a chess game, written as PGN: Event the club "
  "event's name, Round `3.2` (round 3, match 2), `Board` (1 the top board), `WhiteTeam` and "
  "`BlackTeam`; an arbiter's result (a forfeit for absence: Termination `Abandoned`) is its Result. "
  "With `chat` (director only; issue 13) the BPGN has both teams' partner chat as "
  "comments, each after the moves it followed (the line's `ply`), `{[%chat WhiteB 61.5] need a knight}`: "
  "the sender's seat, the game time in seconds, the text (a `}` written as `)`, PGN comments having no "
  "escape). Without it, and always in the stored and public record, there is no chat. Our import "
  "skips every `[%...]` comment.",
  [ID, ("format", "string", '"bpgn" / "trf"', ""), ("game", "integer", "bpgn", ""),
   ("tournament", "integer", "trf", ""),
   ("chat", "boolean", "optional, bpgn, default false", "director: the partner chat as comments")],
  ["unauthorized (a TRF, or a game not finished, without the admin token; field chat: chat without it)",
   "not_found (game / tournament)", "bad_state (game not started)"],
  {"type": "export", "id": 25, "format": "trf", "tournament": 1}, "export"),
 ("export_reply", "s2c", "Reply (type `export`) to export.",
  [ID, ("format", "string", '"bpgn" / "trf"', ""), ("game", "integer", "bpgn only", ""),
   ("tournament", "integer", "trf only", ""), ("text", "string", "", "the file")], [],
  {"type": "export", "id": 26, "format": "bpgn", "game": 7,
   "text": "[Event \"bughouse-server game 7\"]\n[Result \"1-0\"]\n"}, None),
 ("team_token", "c2s", "Director: reissue a team's link (issue 17), from any browser. Tokens are "
  "stored hashed (SHA-256), so a token cannot be shown again: a new team token is minted, every "
  "older team token of that team is revoked (a login with one gets unauthorized), the team's "
  "connections logged in with an old one get an error (unauthorized, field token) and are closed, "
  "and the server log records the reissue. The seat links a director sees (assign after "
  "tournament_get) need no reissue: they are minted fresh for every director's request. The "
  "reply is `created` (team_created) with the new token; every other director's connection gets "
  "the `tournament` (no id) with the team's new link mark, so a desk in another browser tells "
  "that the link it kept is revoked.",
  [ID, ("team", "integer", "1 .. 2^53-1", "team id")],
  ["unauthorized (not the director)", "missing_field (team absent or not an id)", "not_found (team)",
   "store_error"],
  {"type": "team_token", "id": 30, "team": 3}, "team_created"),
 ("announce", "c2s", "Director: a notice to the hall. Without team it goes to every connection "
  "(players, teams, spectators, other directors: the play pages, the watch and projector pages); with "
  "team to that team's connections (its team token's and its players' seats in tournament games) and "
  "to the directors. Pages show it until the reader dismisses it. Not stored: a page that is not "
  "connected at that moment does not receive it.",
  [ID, ("text", "string", "1..500 bytes of UTF-8; line breaks (LF) allowed, no other control character", "the notice; newlines kept"),
   ("team", "integer", "optional, 1 .. 2^53-1", "the team (team id); absent: everyone")],
  ["unauthorized (not the director)", "missing_field (text absent, empty or not a string; team "
   "not an id)", "bad_text (text: not UTF-8, or a control character other than LF)",
   "too_large (text over 500 bytes)", "not_found (team)"],
  {"type": "announce", "id": 29, "text": "Round 3 starts in 5 minutes: please be at your boards.",
   "team": 3}, "announcement"),
 ("announcement", "s2c", "The director's notice (`announce`), pushed without id to its receivers; the "
  "reply to the sender has the id and delivered.",
  [("id", "integer", "", "the reply only"), ("text", "string", "1..500 bytes", ""),
   ("team", "integer or null", "", "the team it is for; null: everyone"),
   ("name", "string or null", "", "that team's name"),
   ("server_ms", "integer", "ms since the Unix epoch", "when it was sent"),
   ("delivered", "integer", "", "the reply only: connections it went to (the sender's not counted)")], [],
  {"type": "announcement", "id": 29, "text": "Round 3 starts in 5 minutes: please be at your boards.",
   "team": 3, "name": "Pawns", "server_ms": 1764400000000, "delivered": 4}, None),
 ("pairing", "s2c", "Pushed without id to the directors while the Swiss pairer searches a round on the "
  "server's worker (T-PAIR; a deep drawn round takes tens of seconds): once when it starts, then "
  "every 2 s, and once when it ends (`running` false; the round or the pause follows as `round` / "
  "`tournament`). The search gives up when elapsed_ms reaches budget_ms (round_pair's budget_s, or "
  "the server's --pairing-budget-s for T-AUTO): T-AUTO then pauses for the director, and a "
  "round_pair is answered too_large (field round).",
  [("tournament", "integer", "", ""), ("round", "integer", "1..", "the round being paired"),
   ("running", "boolean", "", "false: the search ended (paired, no pairing, or over its budget)"),
   ("elapsed_ms", "integer", "ms", "since the search began"),
   ("budget_ms", "integer", "ms", "when the search gives up")], [],
  {"type": "pairing", "tournament": 1, "round": 34, "running": True, "elapsed_ms": 12000,
   "budget_ms": 300000}, None),
 ("live", "c2s", "Anyone (no token): the list of live games. The connection then receives the list "
  "again (a `live` push without id) whenever a game starts, ends, or is paused or resumed.",
  [ID], [], {"type": "live", "id": 27}, "live"),
 ("live_reply", "s2c", "Reply (type `live`) to live, and pushed without id when the list changes.",
  [("id", "integer", "", "absent in a push"), ("server_ms", "integer", "ms since the Unix epoch", "instant of clock_ms"),
   ("games", "array", "", "game, kind (\"bughouse\", or \"chess\": a club or league board, seats 0 White and 1 Black, "
    "the other two empty), tournament (null for a game outside tournaments; else also round, match, "
    "game_no), teams (names of the team of seats 0+3 and of seats 1+2, or null), players (by seat), clock_ms, "
    "running (seat whose clock runs per board, -1 none), ply (plies per board), paused")], [],
  {"type": "live", "id": 27, "server_ms": 1764400000000,
   "games": [{"game": 7, "tournament": 1, "round": 1, "match": 0, "game_no": 0,
              "teams": ["Knights", "Rooks"], "players": ["ann", "cid", "dan", "bob"],
              "clock_ms": [178950, 180000, 180000, 180000], "running": [1, 2], "ply": [1, 0],
              "paused": False, "kind": "bughouse"}]}, None),
 ("start", "s2c", "Broadcast when a game starts: clocks begin to run.",
  [GAME, ("clock_ms", "array of 4 integers", "ms", ""), ("running", "array of 2 integers", "", ""),
   ("server_ms", "integer", "", "")], [],
  {"type": "start", "game": 7, "clock_ms": [180000, 180000, 180000, 180000], "running": [0, 2], "server_ms": 1764400000000}, None),
 ("result", "s2c", "Broadcast when the game ends (mate, flag, resignation, draw, adjudication).",
  [GAME, ("result", "string", '"1-0" / "0-1" / "1/2-1/2"', "team of seats 0 and 3 first"),
   ("reason", "string", "", "mate, flag, illegal, resign, agreement, repetition; mate_both, flag_both, illegal_both: a draw by mates, flags or illegal moves of both teams, one on each board (docs/rules.md R-MATE-MATE, R-FLAG-FLAG, R-ILLEGAL-ILLEGAL); adjudicated (restart), withdrawn; forfeit (a seat absent when the waiting time wait_s ran out: its team loses), forfeit_both (absent seats of both teams: a draw, as R-FLAG-FLAG); or a director's reason"),
   ("board", "string or null", '"A" / "B"', "board of the deciding event (the first one for mate_both, flag_both, illegal_both); null for agreement or a director's result"),
   ("clock_ms", "array of 4 integers", "ms", ""), ("server_ms", "integer", "", "")], [],
  {"type": "result", "game": 7, "result": "1/2-1/2", "reason": "mate_both", "board": "A", "clock_ms": [150000, 149000, 170000, 171000], "server_ms": 1764400060000}, None),
 ("seat", "s2c", "Broadcast when a seat's connection state changes.",
  [GAME, ("seat", "integer", "0..3", ""), ("connected", "boolean", "", "")], [],
  {"type": "seat", "game": 7, "seat": 3, "connected": False}, None),
 # ---- accounts: sign-up, login, sessions, guests (server/src/hub/hub_acct.c) ----
 ("signup", "c2s", "Make an account and log in. Names are " + NAME_RULE + " The password is "
  "stored as an Argon2id hash (libsodium crypto_pwhash_str), never in clear. The reply is a new "
  "`session` and the connection acts as the account from then on (as after an auth with its "
  "token). Sign-ups and logins from one address share a budget: " + RATE_RULE,
  [ID, ("name", "string", "3..20 characters A-Z a-z 0-9 _ -, first a letter or digit", "the account's name, shown as typed"),
   ("password", "string", "8..128 bytes of UTF-8, no control character", "")],
  ["invalid (field name: breaks the name rules; field password: under 8 bytes)",
   "too_large (field name over 64 bytes; field password over 128 bytes)",
   "exists (field name: an account with the same name key)",
   "rate_limited (field address, or field server when too many hashes wait: retry_ms)",
   "store_error"],
  {"type": "signup", "id": 70, "name": "Ann_Lee", "password": "correct horse"}, "session"),
 ("login", "c2s", "Log in to an account: the reply is a new `session` and the connection acts as "
  "the account. The name is matched by its key (so `ann_lee` logs in to `Ann_Lee`). A wrong "
  "password and an unknown name get the same refusal, in the same time (a hash is verified "
  "either way). Logins and sign-ups from one address share a budget: " + RATE_RULE + " A refused login also counts against its name (its key, "
  "whether an account has it or not, so the limit tells nothing about which names exist): 5 "
  "refusals of one name's logins in a row, from anywhere, make its next logins `rate_limited` "
  "(field name) for 30 s, then one more try every 30 s until a login succeeds.",
  [ID, ("name", "string", "1..64 bytes", "the account's name (any case)"),
   ("password", "string", "1..128 bytes", "")],
  ["unauthorized (field password: no such account, or a wrong password)",
   "too_large (field name over 64 bytes; field password over 128 bytes)",
   "rate_limited (field address, field name, or field server when too many hashes wait: retry_ms)",
   "store_error"],
  {"type": "login", "id": 71, "name": "ann_lee", "password": "correct horse"}, "session"),
 ("session", "s2c", "Reply to signup and login: a session token, shown once, for `auth` on this "
  "and later connections (a page keeps it to log in again after a reload or a server restart). "
  "Only its SHA-256 is stored. It ends at expires_ms (30 days after the login) or at logout.",
  [ID, ("token", "string", "32 hex characters", "the session token"),
   ("name", "string", "", "the account's name as signed up"),
   ("expires_ms", "integer", "ms since the Unix epoch", "when the session ends")], [],
  {"type": "session", "id": 71, "token": "9b2e4c1d0a7f83e6b5d4c3a2f1e0d9c8", "name": "Ann_Lee",
   "expires_ms": 1766992000000}, None),
 ("logout", "c2s", "End the connection's session: its token is revoked (an auth with it gets "
  "`unauthorized` from then on, on any connection), and every connection acting as the account "
  "through that session stops doing so. A guest stops being one. Seats and roles from other "
  "tokens are kept.",
  [ID], ["bad_state (field session: the connection is neither logged in nor a guest)", "store_error"],
  {"type": "logout", "id": 72}, "ack"),
 ("guest", "c2s", "Play unrated under a chosen name, without an account: the connection is the "
  "guest until it closes or logs out (nothing is stored). The name follows the account names' "
  "rules and may not be an account's (same key): a guest cannot pass for a member.",
  [ID, ("name", "string", "3..20 characters A-Z a-z 0-9 _ -, first a letter or digit", "")],
  ["invalid (field name: breaks the name rules)", "too_large (field name over 64 bytes)",
   "exists (field name: an account has that name key)", "store_error"],
  {"type": "guest", "id": 73, "name": "Visitor7"}, "authed"),
 ("entry_link", "c2s", "Link a tournament entry to an account, so that the entry's games are the "
  "account's: sent by a connection that holds a team's token (its team link) and is logged in "
  "(a session), it links the team's board (A: the captain, B: the partner) to the account. One "
  "account a board; linking the same account again changes nothing.",
  [ID, ("board", "string", '"A" or "B"', "the board of the team that the account plays")],
  ["unauthorized (not a team's connection)", "bad_state (field session: not logged in)",
   "missing_field (field board)", "not_found (field team: the team is gone)",
   "exists (field board: that board is another account's)", "store_error"],
  {"type": "entry_link", "id": 75, "board": "A"}, "ack"),
 # ---- the lobby: tables of four seats (server/src/lobby/lobby.h, server/src/hub/hub_lobby.c) ----
 ("lobby", "c2s", "Anyone: the lobby's open tables. The connection then receives the list again "
  "(a `lobby` push without id) whenever a table opens, closes, starts, or a seat or a ready flag "
  "changes. Listed are the public tables, and the private ones the receiver created or sits at "
  "(a private table is reached by its link only). At most 200 tables are open at once.",
  [ID], [], {"type": "lobby", "id": 80}, "lobby"),
 ("lobby_reply", "s2c", "Reply (type `lobby`) to lobby, and pushed without id when the list changes.",
  [("id", "integer", "", "absent in a push"),
   ("tables", "array", "at most 200", "each as in `table` (table, status, base_ms, inc_ms, rated, ruleset, "
    "private, creator, mine, seats, you; link only for the receiver's own or seated private tables)"),
   ("seeks", "array", "at most 200, oldest first", "people looking for a partner: seek (its id, "
    "for table's partner), name, account (an account's, else a guest's), mine (the receiver's own); "
    "an account's also rating, rd (rounded) and provisional (G-PROVISIONAL) as they were when it sought"),
   ("server_ms", "integer", "ms since the Unix epoch", "")], [],
  {"type": "lobby", "id": 80,
   "tables": [{"table": 3, "status": "open", "base_ms": 180000, "inc_ms": 2000, "rated": False,
               "ruleset": "online", "private": False, "creator": "Ann_Lee", "mine": False,
               "seats": [{"name": "Ann_Lee", "account": True, "ready": True, "rating": 1662, "rd": 290,
                          "provisional": True}, None, None, None],
               "you": -1}],
   "seeks": [{"seek": 4, "name": "Visitor7", "account": False, "mine": False}],
   "server_ms": 1764400000000}, None),
 ("table", "c2s", "A lobby table (issue 28): a connection that is an account (signup, login, a "
  "session's auth) or a guest (guest) creates, sits, stands, says ready, or kicks. `action` "
  "`create` opens a table (the creator is not seated: sit next; two open tables per "
  "connection): base_ms 15 s..3 h, inc_ms 0..60 s, rated (only accounts may sit: rated games "
  "are four accounts'), ruleset `online` or `regulation`, private (reached by its link only: the "
  "reply's `link`, 32 hex characters, to pass on). The reply to every act is `table`, or "
  "`ack` when there is no table to show (seek, unseek; a table that started with the act). "
  "`sit` takes seat 0..3 of table "
  "(0 White on A, 1 Black on A, 2 White on B, 3 Black on B; partners 0 + 3 and 1 + 2, P-TEAM), "
  "with the table's link when it is private; a connection sits at one seat at a time (sitting "
  "elsewhere stands up first). `stand` leaves the seat. `ready` / `unready`: when all four "
  "seats are taken and ready, the game starts: it is created as a director's game_create would, "
  "with the table's time control and ruleset, and each seated connection gets a `table` push "
  "with status `started`, the game and its own seat's player token (for auth and join: the play "
  "page). Any change of who sits where drops every ready flag of the table. `kick` (the "
  "creator, before the start) empties a seat. When its creator's connection closes, a table "
  "passes to the first person seated there (in seat order), and closes if nobody sits there; a "
  "seat empties when its connection closes, or when the connection becomes someone "
  "else (a login, a logout, a guest name). Looking for a partner (FICS' `partner`): `seek` "
  "lists the sender in the lobby's `seeks` (reply `ack`), `unseek` takes it back (`ack`), and "
  "`partner` answers the seek `seek` with a table's options (as create's, never private): a new "
  "public table, created by the seeker, opens with the seeker as White on A and the sender as "
  "Black on B, partners; both seeks close. Rematch: a started table is kept with its game; when "
  "that game ends each of its four players' connections (the seats' holders: the play pages) "
  "gets a `table` push with status `rematch`, the table and the ended game (so does a "
  "connection that authenticates with a seat's token of that game later: a play page opened "
  "again), and the lobby lists it to its players (by name: a guest is known by its name "
  "only) with that status. `rematch` accepts it: table, game, "
  "swap (false: the same seats; true: partners swapped: each keeps his board and the two "
  "board-B players exchange seats, so White on A now partners the former White on B, now "
  "Black on B); the sender is the seat its player token holds in that game, else the player "
  "of its name. A later accept replaces one's earlier one, and each acceptance is pushed to "
  "the other three (seats' `rematch`: `same` or `swap`). When all four accepted the same "
  "variant a new game starts with the same time control and ruleset, and each player's "
  "connection gets a `table` push with status `started`, the new game, its seat (`you`) and "
  "its seat's token, as at the first start (the last accept's reply is `ack`). More than "
  "four (docs/rules.md O-ROTATION): `queue` puts the sender on an open table's waiting list "
  "(table, and link for a private one; at most 4 wait; waiting stands one up, sitting ends a "
  "wait, and so does the connection's end; reply `table`), `unqueue` takes it off (reply "
  "`table`, or `ack` for a played table's list). The list moves with the table when it "
  "starts; those waiting get the played table with status `playing` (the game to watch). When "
  "a game ends with people waiting, the offer is the rotated next game (status `rematch`, "
  "`rotation` true, `seats` the next game's four, `out` who sits out): the four accept it "
  "with `rematch` and rotate true (same or swap are then refused: invalid, field rematch); "
  "those sitting out join the end of the list (unless their connection has closed or they sit "
  "or wait elsewhere). A rematch or rotation starts only when its four accepted on connections "
  "still open: an acceptance ends with its connection. Accepting by name (no seat token) is "
  "for an account, or for a guest whose own page has closed (a guest's name proves nothing "
  "while that page is open).",
  [ID, ("action", "string", '"create", "sit", "stand", "ready", "unready", "kick", "seek", "unseek", "partner", "rematch", "queue", "unqueue"', ""),
   ("seek", "integer", "partner: 1 .. 2^53-1", "the seek answered"),
   ("table", "integer", "sit, kick, rematch, queue: 1 .. 2^53-1", "the table"),
   ("game", "integer", "rematch: 1 .. 2^53-1", "the ended game whose rematch is accepted"),
   ("swap", "boolean", "rematch, optional (false)", "partners swapped (board B's players exchange seats)"),
   ("rotate", "boolean", "rematch, optional (false)", "the rotated next game of a table where people wait (O-ROTATION)"),
   ("seat", "integer", "sit, kick: 0..3", "the seat"),
   ("link", "string", "sit at or queue for a private table: 32 hex characters", "the table's link token"),
   ("base_ms", "integer", "create: 15000..10800000 ms", "time per player"),
   ("inc_ms", "integer", "create, optional (0): 0..60000 ms", "increment per move"),
   ("rated", "boolean", "create, optional (false)", "a rated table seats accounts only"),
   ("ruleset", "string", 'create, optional ("online"): "online" or "regulation"', "docs/rules.md"),
   ("private", "boolean", "create, optional (false)", "reached by its link only")],
  ["missing_field (field action, table, seat or base_ms: absent or out of the wire's range)",
   "invalid (field base_ms, inc_ms or ruleset: outside the table's limits; field seat: not 0..3)",
   "bad_state (field session: the connection is neither an account nor a guest)",
   "unauthorized (field rated: a guest at a rated table; field creator: a kick at someone "
   "else's table)",
   "not_found (field table: no such open table, or a private one and a wrong or no link)",
   "exists (field seat: someone sits there; field name: the same account sits or waits at that "
   "table from another connection)",
   "bad_state (field seat: stand, ready or unready while seated nowhere; a kick of an empty seat)",
   "too_large (field creator: two open tables already; field tables: 200 tables open; field "
   "seeks: 200 seeks open)",
   "exists (field seek: seeking already)", "bad_state (field seek: unseek while not seeking)",
   "not_found (field seek: no such seek)", "invalid (field seek: one's own seek)",
   "invalid (field rematch: not same nor swap; rotate while nobody waits, or same or swap "
   "while people wait)", "too_large (field queue: 4 wait at that table already)",
   "bad_state (field queue: unqueue while waiting nowhere)",
   "not_found (field table: no played table; field game: not that table's game)",
   "bad_state (field game: the game is not over; field started: that game's rematch started "
   "already)", "unauthorized (field table: the sender is none of its four players; a rotation: "
   "none of the next game's four)",
   "store_error", "io_error"],
  {"type": "table", "id": 81, "action": "create", "base_ms": 180000, "inc_ms": 2000,
   "rated": False, "ruleset": "online", "private": True}, "table"),
 ("table_reply", "s2c", "Reply (type `table`, with id) to table: the table as the sender sees it "
  "after the act (for stand, the table left). Pushed (without id) to each seated connection when "
  "its table starts: status `started`, game, and `token`, that connection's own seat's player "
  "token (sent to it alone).",
  [("id", "integer", "", "absent in a push"), ("table", "integer", "", ""),
   ("status", "string", '"open" / "started" / "rematch" / "playing"', "rematch: a played table whose game ended; playing: its game is on (sent to those waiting there)"), ("base_ms", "integer", "ms", ""),
   ("inc_ms", "integer", "ms", ""), ("rated", "boolean", "", ""), ("ruleset", "string", "", ""),
   ("private", "boolean", "", ""), ("creator", "string", "", "the creator's name"),
   ("mine", "boolean", "", "the receiver created it"),
   ("seats", "array of 4", "", "by seat: null (empty) or {name, account, ready}; an account's "
    "seat also has rating and rd (its Glicko-2 rating when it sat, rounded: docs/rules.md G-GLICKO2) "
    "and provisional (G-PROVISIONAL; shown with a `?`); status rematch: ready means accepted, and "
    "rematch is the variant accepted (`same` / `swap`)"),
   ("expected", "number", "0..1, two decimals; open tables whose four seats are accounts",
    "the expected score of team 1 (seats 0 + 3) against team 2 (G-TEAM: each team as one player "
    "of its two players' mean rating)"),
   ("you", "integer", "-1..3", "the receiver's seat, -1 none (a rotation: the receiver's seat in the next game)"),
   ("queue", "array of strings", "when someone waits (O-ROTATION)", "the names waiting, first come first"),
   ("rotation", "boolean", "status rematch while people wait", "true: seats are the rotated next game's"),
   ("out", "array of strings", "with rotation", "who sits the next game out"),
   ("link", "string", "private tables, to their creator and seated people", "the link token"),
   ("game", "integer", "started and rematch only", "the game (rematch: the ended one)"),
   ("token", "string", "started only, 32 hex characters", "the receiver's seat's player token")], [],
  {"type": "table", "id": 81, "table": 3, "status": "open", "base_ms": 180000, "inc_ms": 2000,
   "rated": False, "ruleset": "online", "private": True, "creator": "Ann_Lee", "mine": True,
   "seats": [None, None, None, None], "you": -1, "link": "5e2d0a9be2d84c51a07e6b2f9d3c4e15"}, None),
 ("rating", "c2s", "An account's rating of open play (rated lobby games; docs/rules.md G-GLICKO2): "
  "anyone may ask, by the account's name (matched by its key, as login does). An account "
  "without a rated game has the defaults, 1500 with RD 350.",
  [ID, ("name", "string", "1..64 bytes", "the account's name (any case)")],
  ["not_found (field name: no such account)", "too_large (field name over 64 bytes)",
   "store_error"],
  {"type": "rating", "id": 76, "name": "ann_lee"}, "rating_reply"),
 ("rating_reply", "s2c", "Reply to rating: the account's Glicko-2 rating and rating deviation, "
  "rounded to whole points, as the account's pages show them (G-GLICKO2); provisional while the "
  "RD is 110 or more (G-PROVISIONAL: shown with a \"?\" after the rating).",
  [ID, ("name", "string", "", "the account's name as signed up"),
   ("rating", "integer", "rating points", "the rating, rounded"),
   ("rd", "integer", "rating points", "the rating deviation, rounded"),
   ("provisional", "boolean", "", "RD >= 110"),
   ("games", "integer", "0..", "rated games played")], [],
  {"type": "rating_reply", "id": 76, "name": "Ann_Lee", "rating": 1662, "rd": 290,
   "provisional": True, "games": 1}, None),
 ("profile", "c2s", "An account's profile of open play (docs/rules.md G-GLICKO2): its rating, "
  "its rating after each rated game and its rated games, newest first, the last 100 of them. "
  "Anyone may ask, by the account's name (matched by its key, as login does).",
  [ID, ("name", "string", "1..64 bytes", "the account's name (any case)")],
  ["not_found (field name: no such account)", "too_large (field name over 64 bytes)",
   "store_error"],
  {"type": "profile", "id": 77, "name": "ann_lee"}, "profile_reply"),
 ("profile_reply", "s2c", "Reply to profile: the account's rating as rating_reply gives it, "
  "then its last 100 rated games, newest first (`rated`), and the same games as the points of "
  "its rating chart, oldest first (`history`). Ratings and RDs rounded to whole points.",
  [ID, ("name", "string", "", "the account's name as signed up"),
   ("rating", "integer", "rating points", "the rating now, rounded"),
   ("rd", "integer", "rating points", "the rating deviation now, rounded"),
   ("provisional", "boolean", "", "RD >= 110 (G-PROVISIONAL)"),
   ("games", "integer", "0..", "rated games played (all of them; the lists hold the last 100)"),
   ("history", "array", "oldest first, at most 100", "{at_ms (ms since the epoch, when the game was "
    "rated), rating, rd}: the rating and RD after each game"),
   ("rated", "array", "newest first, at most 100", "{game (the game's id: replay.html?game=N, "
    "export), at_ms, partner (name), opponents (two names), result (\"win\" / \"draw\" / "
    "\"loss\", the account's team's), before, after (the account's rating), rd (after)}")], [],
  {"type": "profile_reply", "id": 77, "name": "Ann_Lee", "rating": 1662, "rd": 290,
   "provisional": True, "games": 1,
   "history": [{"at_ms": 1766992000000, "rating": 1662, "rd": 290}],
   "rated": [{"game": 12, "at_ms": 1766992000000, "partner": "Bob", "opponents": ["Cid", "Dan"],
              "result": "win", "before": 1500, "after": 1662, "rd": 290}]}, None),
 ("error", "s2c", "Reply to any message that failed, or sent before closing (flood, oversized "
  "frame, origin). `code` is a wire name from errors.md; `id` is echoed when the message had a valid one.",
  [("id", "integer", "", "absent when the failing message had no valid id"),
   ("code", "string", "errors.md", ""), ("message", "string", "", "human text, for logs only"),
   ("field", "string", "optional", "the offending field"),
   ("retry_ms", "integer", "optional, ms", "replace_throttled: when the act may succeed; session_replaced: when an auth may take the seat back"),
   ("node", "string", "optional", "moved: the cluster's node that runs the game; connect again with `?node=` and this name in the URL")], [],
  {"type": "error", "id": 3, "code": "not_your_turn", "message": "it is not this side's turn"}, None),
]

# ---- the club round robin of seed 004 (issue 15; server/src/proto/proto_club.c) ----------------
# Kept as a block of its own: decoded by proto_club_decode, not by proto.c's table. Refusals of
# the rules carry "rule" (a docs/rules.md id) besides "field".
CLUB = ("club", "integer", "1 .. 2^53-1", "the event's id (club_create's reply)")
GAMEKEY = [("round", "integer", "1..", ""), ("match", "integer", "1..", "the match's number in the round (the schedule's order)"),
           ("board", "integer", "1..boards", "board 1 is the top board")]
RESULTS = '"1-0" / "1/2-1/2" / "0-1" (White first) / "+-" / "-+" / "--" (forfeits: Black absent, White absent, both)'
M += [
 ("club_create", "c2s", "Director: a club team round robin (F-RR). Every option defaults to seed 004: "
  "6 boards, 4 reserves, 4 substitutions a round, at least 3 players, 10 min + 5 s, single round robin "
  "(Berger tables, FIDE C.05 Annex 1), protests within 10 min for a deposit of 200 UAH, a 10 min break "
  "between rounds (the line-up deadline), a 10 min waiting time (`wait_s` 600, seed 004 art. 2, T-WAIT): "
  "wait_s after the round's start the server forfeits every board with a player neither connected to its "
  "hosted game nor marked present by the arbiter (club_attend). `wait_s` 0: no timer, the arbiter enters "
  "forfeits by waiting time himself (club_result).",
  [ID, ("name", "string", "1..64 bytes", ""), ("boards", "integer", "1..16", "optional"),
   ("reserves", "integer", "0..32", "optional"), ("max_subs", "integer", "0..32", "optional"),
   ("min_players", "integer", "1..boards", "optional"), ("double", "boolean", "", "optional: double round robin"),
   ("base_ms", "integer", "ms", "optional"), ("inc_ms", "integer", "ms", "optional"),
   ("wait_s", "integer", "s", "optional"), ("break_s", "integer", "s, >= protest_s", "optional"),
   ("protest_s", "integer", "s", "optional"), ("deposit", "integer", "minor units", "optional"),
   ("sb", "string", 'optional, "SB" / "SB-C1"', "the last tie-break: team Sonneborn-Berger, the opponents' match points x the game points scored against them (C.07 art. 9.1; the default, seed 004 names no variant), or the same with Cut-1 (C.07 art. 14.1: the part of the opponent with the lowest match points left out)")],
  ["unauthorized", "missing_field (the option named; field sb: neither SB nor SB-C1)", "invalid (field boards, base_ms, wait_s; break_s: shorter than the protest window, rule F-PROTEST)"],
  {"type": "club_create", "id": 40, "name": "Chornomorsk 2016", "break_s": 600, "protest_s": 600,
   "sb": "SB-C1"}, "created"),
 ("club_team", "c2s", "Director: a team with its roster in the board order fixed for the event (F-LINEUP) "
  "and its captain. The reply's `token` is the captain's team token (auth with it: role team). With `team`, "
  "before the start: that team's name, roster and captain are replaced (its place, id and token stay; the reply "
  "has no token).",
  [ID, CLUB, ("team", "integer", "1 .. 2^53-1", "optional: the team replaced"), ("name", "string", "1..64 bytes", ""),
   ("players", "array of objects", "1..32", "id (> 0, unique), name (1..47 bytes), rating (0..4000, optional)"),
   ("captain", "integer", "", "a player id of the roster")],
  ["unauthorized", "not_found (club; field captain)", "exists (field players: an id twice; name)",
   "too_large (field players: more than boards + reserves)", "too_few_players (field players)", "bad_state (started)",
   "not_found (field team: no such team to replace)"],
  {"type": "club_team", "id": 41, "club": 3, "name": "Portovik", "captain": 11,
   "players": [{"id": 11, "name": "Ivanenko", "rating": 2350}, {"id": 12, "name": "Petrenko", "rating": 2290},
               {"id": 13, "name": "Sydorenko", "rating": 2210}]}, "created"),
 ("club_team_remove", "c2s", "Director, before the start: a team leaves the event; the teams registered after it "
  "move up a place, and its captain's token stops working.",
  [ID, CLUB, ("team", "integer", "1 .. 2^53-1", "the team")],
  ["unauthorized", "not_found (club; field team)", "bad_state (field tournament: started)"],
  {"type": "club_team_remove", "id": 43, "club": 3, "team": 4}, "ack"),
 ("club_start", "c2s", "Director: close registration; round 1's line-ups are taken until break_s from now, "
  "when round 1 starts by itself.", [ID, CLUB], ["unauthorized", "not_found (club)", "bad_state (field tournament)", "invalid (field teams: fewer than 2)"],
  {"type": "club_start", "id": 42, "club": 3}, "ack"),
 ("club_lineup", "c2s", "A captain (team token) or the director (with `team`): the players of a round in "
  "roster order; the i-th named plays board i (substitution by shifting); boards after the last named are "
  "lost by forfeit (F-SHORT). Taken from the previous round's end until the round starts; none by then: "
  "the first `boards` of the roster.",
  [ID, CLUB, ("round", "integer", "1..", ""), ("players", "array of integers", "0..boards", "player ids"),
   ("team", "integer", "", "director only")],
  ["not_captain (field captain)", "wrong_round (field round)", "too_late (field submitted_at: the round started)",
   "bad_state (field submitted_at: the previous round has not ended)", "not_found (field players: not on the roster)",
   "exists (field players: named twice)", "board_order (field players)", "too_few_players (field players, rule F-SHORT)",
   "too_many_changes (field players)", "too_large (field players)"],
  {"type": "club_lineup", "id": 43, "club": 3, "round": 1, "players": [11, 13, 14, 15, 16, 17]}, "ack"),
 ("club_round_start", "c2s", "Director: start the waiting round now (before its deadline); the previous "
  "round's protest window closes with it.", [ID, CLUB], ["unauthorized", "bad_state (field round)"],
  {"type": "club_round_start", "id": 44, "club": 3}, "ack"),
 ("club_result", "c2s", "Director (the arbiter): a board's result, or its forfeit by waiting time. The "
  "round ends with its last board; the standings follow.",
  [ID, CLUB] + GAMEKEY + [("result", "string", RESULTS, "")],
  ["unauthorized", "not_found (field board)", "already_decided (field board)", "bad_state (field board: not being played)",
   "missing_field (field result: another text)"],
  {"type": "club_result", "id": 45, "club": 3, "round": 1, "match": 1, "board": 2, "result": "1/2-1/2"}, "ack"),
 ("club_protest", "c2s", "A captain (team token): a protest about a game of the round (F-PROTEST), within "
  "protest_s of the round's end (a finished game may be protested during the round), with the deposit. "
  "Reply: `created` with `protest`.",
  [ID, CLUB] + GAMEKEY + [("text", "string", "1..2000 bytes", ""), ("deposit", "integer", "minor units", "must equal the event's")],
  ["not_captain (field filer: not a team's token; field team: not a team of that match)", "wrong_round (field round / game)",
   "too_late (field filed_at)", "exists (field game: protested already)", "invalid (field deposit / text)",
   "bad_state (field game: still being played)", "not_found (field game)"],
  {"type": "club_protest", "id": 46, "club": 3, "round": 1, "match": 1, "board": 2,
   "text": "the flag fell after the mate", "deposit": 20000}, "created"),
 ("club_appeals", "c2s", "Director: a token for the appeals committee of this event (shown once; it is put "
  "into club_decide).", [ID, CLUB], ["unauthorized", "not_found (club)"],
  {"type": "club_appeals", "id": 47, "club": 3}, "created"),
 ("club_decide", "c2s", "The appeals committee: uphold a protest (the board's new result; the standings are "
  "recomputed and pushed; the deposit is marked returned) or reject it, with a reason.",
  [ID, CLUB, ("token", "string", "", "the appeals token"), ("protest", "integer", "", ""),
   ("upheld", "boolean", "", ""), ("result", "string", RESULTS, "when upheld"),
   ("reason", "string", "1..2000 bytes", "")],
  ["unauthorized (field token)", "not_found (field protest)", "already_decided (field protest)", "missing_field (field result)"],
  {"type": "club_decide", "id": 48, "club": 3, "token": "9b1c0a9be2d84c51a07e6b2f9d3c4e15", "protest": 1,
   "upheld": True, "result": "0-1", "reason": "the flag fell after the mate"}, "ack"),
 ("club_get", "c2s", "Anyone: the event's snapshot (`club`). The same message is pushed to every connection "
  "after a change (a line-up, a round's start or end, a result, a decision).", [ID, CLUB], ["not_found (club)"],
  {"type": "club_get", "id": 49, "club": 3}, "club"),
 ("club_export", "c2s", "Director: the TRF-2026 of the event (teams, every player's games with board "
  "colours and forfeits), the crosstable or the line-ups of every round, as text.",
  [ID, CLUB, ("what", "string", '"trf" / "crosstable" / "lineups"', "")],
  ["unauthorized", "not_found (club)", "missing_field (field what)"],
  {"type": "club_export", "id": 50, "club": 3, "what": "crosstable"}, "export_reply"),
 ("club_attend", "c2s", "Director (the arbiter), with wait_s set: the players present at their boards "
  "in the round being played (T-WAIT). At the waiting time's end (wait_s after the round's start) every "
  "board with a player not marked is lost by forfeit (both absent: both lose). All or nothing.",
  [ID, CLUB, ("round", "integer", "1..", "the round being played"),
   ("players", "array of integers", "1..512", "player ids")],
  ["unauthorized", "wrong_round (field round, rule T-WAIT)", "not_found (field players: plays no live board of the round)"],
  {"type": "club_attend", "id": 51, "club": 3, "round": 1, "players": [11, 12, 13, 21, 22]}, "ack"),
 ("club", "s2c", "The snapshot of a club event: teams and rosters, the schedule of every round started "
  "or taking line-ups (matches with their boards: White's and Black's teams and players, the result; the "
  "line-ups), the protests, and the standings with the tie-breaks of seed 004 art. 4. As a push (no `id`): sent at the end of the server loop turn that changed the event, after that "
  "turn's replies (the `ack` of the change comes first), and at most once every 250 ms per event: a change "
  "sooner after the last push waits for it, one push carries every change of the gap, and the last state is "
  "always sent.",
  [("id", "integer", "", "absent in a push"), CLUB, ("name", "string", "", ""),
   ("status", "string", '"registering" / "running" / "finished"', ""), ("round", "integer", "", "the current round"),
   ("rounds", "integer", "", ""), ("boards", "integer", "", ""),
   ("deposit", "integer", "minor units of currency (kopiyky: 20000 is 200.00 UAH)", "the protest deposit the event's rules ask (club_create's deposit, F-PROTEST): what club_protest must send"),
   ("currency", "string", "ISO 4217", "the deposit's currency"),
   ("teams", "array", "", "team, name, captain, players"),
   ("schedule", "array", "", "round, status (lineups / playing / done), starts_in_ms (lineups), protest_ms (a done round "
    "whose protest window is open: ms until it closes, F-PROTEST), matches (home, away, gp, mp, "
    "status, boards: board, white_team, black_team, white, black, result, live; a live board also present [White, Black]: "
    "seen at the board or marked by the arbiter, T-WAIT, and while a seat is absent wait_ms, ms until the waiting time ends "
    "and the absent lose by forfeit), lineups (team, submitted, players by board, 0 empty; until the round starts the players are sent only to the director and to the team's own captain, everyone else gets [] (F-LINEUP))"),
   ("protests", "array", "", "protest, state, round, match, board, team, text, reason, deposit, currency, deposit_returned, new_result"),
   ("tiebreaks", "array of strings", "", "GP, DE, WIN, then SB or SB-C1 (club_create's sb)"),
   ("standings", "array", "", "place, team, name, mp, gp, tb (in tiebreaks' order), lot (tied on everything with the next)")], [],
  {"type": "club", "id": 49, "club": 3, "name": "Chornomorsk 2016", "status": "running", "round": 1, "rounds": 1,
   "boards": 2, "deposit": 20000, "currency": "UAH",
   "teams": [{"team": 4, "name": "Portovik", "captain": 11, "players": [{"id": 11, "name": "Ivanenko", "rating": 2350}]},
             {"team": 5, "name": "Druzhba", "captain": 21, "players": [{"id": 21, "name": "Kovalenko", "rating": 2300}]}],
   "schedule": [{"round": 1, "status": "playing",
                 "matches": [{"home": 4, "away": 5, "gp": [1, 0], "status": "playing",
                              "boards": [{"board": 1, "white_team": 4, "black_team": 5, "white": 11, "black": 21,
                                          "result": "1-0", "live": False},
                                         {"board": 2, "white_team": 5, "black_team": 4, "white": 0, "black": 12,
                                          "result": "*", "live": True, "present": [False, True],
                                          "wait_ms": 420000}]}],
                 "lineups": [{"team": 4, "submitted": True, "players": [11, 12]},
                             {"team": 5, "submitted": False, "players": [21, 0]}]}],
   "protests": [{"protest": 1, "state": "filed", "round": 1, "match": 1, "board": 1, "team": 5,
                 "text": "the flag fell first", "reason": None, "deposit": 20000, "currency": "UAH",
                 "deposit_returned": False, "new_result": None}],
   "tiebreaks": ["GP", "DE", "WIN", "SB"],
   "standings": [{"place": 1, "team": 4, "name": "Portovik", "mp": 0, "gp": 0, "tb": [0, 0, 0, 0], "lot": False},
                 {"place": 2, "team": 5, "name": "Druzhba", "mp": 0, "gp": 0, "tb": [0, 0, 0, 0], "lot": False}]}, None),
]

# ---- the team league of seed 003 (issue 16; tourney/league/league.h, hub_league.c) ----
LEAGUE = ("league", "integer", "1 .. 2^53-1", "the league's id (league_create's reply)")
LTOKEN = ("token", "string", "1..128 bytes", "the acting player's league token (league_team's reply): it names the player; "
          "any connection may carry it, and that connection then gets the player's `league_notice` pushes")
LKEY = [("stage", "integer", "1..4", "1 groups, 2 quarter-finals, 3 semi-finals, 4 final"),
        ("match", "integer", "1..", "the match's number in its stage, as league_get's fixtures list it"),
        ("board", "integer", "1..boards", "board 1 is the top board (the best-rated player, F-TEAMRATING)"),
        ("game", "integer", "1..2", "optional, 1: the knockout plays two games a board (art. 7), game 2 with colours reversed")]
LREFUSE = ["not_found (field league; field game: no such game in the running stage)",
           "bad_state (field tournament: no stage runs)", "already_decided (field game: it has its result)"]
LCHAL = ["not_your_seat (field player: the token's player may not do this in this game; rule F-CHALLENGE)",
         "bad_state (field state: the challenge is not in a state that allows it; rule F-CHALLENGE)",
         "not_your_turn (field side: the other side must act; rule F-CHALLENGE)",
         "too_late (field deadline: the answer came at or after the deadline, which has fired)",
         "invalid (field start_ms: a start in the past; rule F-CHALLENGE)"]
LRESULTS = '"1-0" / "1/2-1/2" / "0-1" (White first) / "+-" / "-+" / "--" (forfeits: Black lost, White lost, both)'
M += [
 ("league_create", "c2s", "Director: a team league of seed 003 (F-GROUPS, F-KNOCKOUT, F-CHALLENGE, F-CHESS). Every "
  "option defaults to the regulation: 20 teams in 4 groups of 5, 10 boards, up to 3 invited players a team, ratings "
  "fixed on 15 February 2005, games at 5+1 or by agreement 10+1 (art. 4), a first challenge valid 10 days and a second "
  "valid 5 days (art. 5), a waiting time of 600 s at an agreed game (T-WAIT). For tests and the demo the deadlines "
  "may be compressed (`first_valid_ms`, `second_valid_ms`). Deadlines run on the server's wall clock and are stored: "
  "they survive a restart and fire once, at their instant (a deadline that passed while the server was down fires at "
  "the restart, dated at its own instant).",
  [ID, ("name", "string", "1..64 bytes", ""), ("ruleset", "string", "1..31 bytes", "optional, \"fide\" (F-CHESS)"),
   ("teams", "integer", "4..32", "optional, 20: groups x teams a group (2..16)"),
   ("groups", "integer", "2 or 4", "optional, 4: with 2 groups the knockout starts with the semi-finals 1A-2B, 2A-1B"),
   ("boards", "integer", "1..16", "optional, 10"), ("max_invited", "integer", "0..boards", "optional, 3 (art. 2), or boards when fewer"),
   ("rating_date", "integer", "YYYYMMDD", "optional, 20050215: the date the roster ratings are as of (art. 2)"),
   ("wait_s", "integer", "0..86400 s", "optional, 600: at an agreed game the clocks start when both players are "
    "present; an absent player loses after wait_s"),
   ("first_valid_ms", "integer", "ms", "optional, 864000000 (10 days)"),
   ("second_valid_ms", "integer", "ms", "optional, 432000000 (5 days)"),
   ("base_s", "integer", "s", "optional, 300"), ("inc_s", "integer", "s", "optional, 1"),
   ("alt_base_s", "integer", "s", "optional, 600: by agreement (league_tc)"), ("alt_inc_s", "integer", "s", "optional, 1")],
  ["unauthorized", "invalid (field teams, groups, boards, max_invited, rating_date, first_valid_us, second_valid_us, "
   "base_s, inc_s, alt_base_s, alt_inc_s or wait_s; message: the rule)"],
  {"type": "league_create", "id": 60, "name": "Open League 2005", "teams": 8, "groups": 2, "boards": 4,
   "first_valid_ms": 4000, "second_valid_ms": 2000}, "created"),
 ("league_team", "c2s", "Director: a team with its roster (ratings as of the rating date, invited players flagged) and "
  "its captain, a roster player. The server orders the roster strictly by rating (art. 2; equal ratings keep the "
  "order given) and computes the team rating: the average of the board players' ratings (F-TEAMRATING). One team "
  "a message (a frame is at most 8 KiB). The reply carries one league token per roster player (shown once): the "
  "player sends and answers challenges with it and reads its notices; the captain's also puts in substitutes.",
  [ID, LEAGUE, ("name", "string", "1..64 bytes", ""),
   ("players", "array of objects", "1..32", "id (> 0, unique in the league), name (1..47 bytes), rating (0..4000; "
    "every board player must be rated), invited (boolean, optional)"),
   ("captain", "integer", "", "a player id of the roster")],
  ["unauthorized", "not_found (field league; field captain: not on the roster)",
   "exists (field team, name; field players: a player on another team's roster)",
   "too_large (field teams: the league is full; field invited: more invited players than max_invited)",
   "too_few_players (field players: fewer than boards)", "invalid (field rating: an unrated board player)",
   "bad_state (field tournament: started)"],
  {"type": "league_team", "id": 61, "league": 7, "name": "Kaissa", "captain": 101,
   "players": [{"id": 101, "name": "Orlov", "rating": 2210}, {"id": 102, "name": "Belov", "rating": 2150},
               {"id": 103, "name": "Sokolov", "rating": 2105, "invited": True}, {"id": 104, "name": "Popov", "rating": 2020}]},
  "created"),
 ("league_team_remove", "c2s", "Director, in registration: a team leaves the league; the teams registered after "
  "it move up a place, and its players' league tokens stop working.",
  [ID, LEAGUE, ("team", "integer", "1 .. 2^53-1", "the team")],
  ["unauthorized", "not_found (field league; field team)", "bad_state (field tournament: registration is closed)"],
  {"type": "league_team_remove", "id": 63, "league": 7, "team": 4}, "ack"),
 ("league_roster", "c2s", "Director: a team's new roster, in registration or between stages (art. 7: before each "
  "knockout stage the rosters and ratings change; the next stage's boards and team rating come from it). The "
  "captain stays and must be on it; new players get league tokens in the reply (an `created` like league_team's).",
  [ID, LEAGUE, ("team", "integer", "", "the team's id"),
   ("players", "array of objects", "1..32", "as league_team's")],
  ["unauthorized", "not_found (field team; field captain)", "bad_state (field tournament: a stage runs, or the league is over)",
   "too_few_players (field players)", "too_large (field invited)", "exists (field players)"],
  {"type": "league_roster", "id": 62, "league": 7, "team": 12,
   "players": [{"id": 101, "name": "Orlov", "rating": 2230}, {"id": 102, "name": "Belov", "rating": 2140},
               {"id": 105, "name": "Lebedev", "rating": 2120}, {"id": 104, "name": "Popov", "rating": 2030}]}, "created"),
 ("league_start", "c2s", "Director: close registration: the draw (the best-rated teams head the groups, each next pot "
  "placed so that the groups' average ratings are as close as possible, F-GROUPS), each group's round robin in Berger "
  "order, every board game a challenge its White player sends (art. 3, 5). Every sender gets a `send` notice.",
  [ID, LEAGUE], ["unauthorized", "not_found (field league)", "bad_state (field tournament: started)",
                 "invalid (field teams: not all teams registered)"],
  {"type": "league_start", "id": 63, "league": 7}, "ack"),
 ("league_stage_start", "c2s", "Director: start the next knockout stage (art. 7, 10: by agreement with the captains): "
  "team ratings recomputed from the current rosters (F-TEAMRATING), boards in rating order, two games a board "
  "(colours reversed in game 2), challenges sent by the White players, in the quarter-finals by the players of the "
  "teams placed second (art. 5.1).",
  [ID, LEAGUE], ["unauthorized", "not_found (field league)", "bad_state (field tournament: the stage before is not over)",
                 "too_few_players (field players)"],
  {"type": "league_stage_start", "id": 64, "league": 7}, "ack"),
 ("league_get", "c2s", "Anyone: the league's snapshot (`league`). The same message is pushed to every connection that "
  "sent a message about the league after a change (a stage, a result, the standings, a challenge's state).",
  [ID, LEAGUE], ["not_found (field league)"], {"type": "league_get", "id": 65, "league": 7}, "league"),
 ("league_send", "c2s", "The sending player (its league token): send the challenge of a game with a proposed start "
  "(`start_ms`, or now). The first challenge is valid first_valid_ms, the second (after the first lapsed) "
  "second_valid_ms (art. 5). The opponent gets a `proposed` notice with the deadline.",
  [ID, LEAGUE, LTOKEN] + LKEY + [("start_ms", "integer", "ms since the Unix epoch, at most 253402300799999 (9999-12-31)", "optional, 0: now (as soon as both are present)")],
  ["unauthorized (field token: not a token of this league)"] + LREFUSE + LCHAL,
  {"type": "league_send", "id": 66, "league": 7, "token": "5e2d0a9be2d84c51a07e6b2f9d3c4e15", "stage": 1, "match": 1,
   "board": 1, "start_ms": 0}, "ack"),
 ("league_accept", "c2s", "The player who must answer (its league token): accept the open proposal. Both get an "
  "`agreed` notice; at the agreed start (now, if 0 or past) the server creates the chess game and each player gets "
  "a `game` notice with the game and the seat's player token (auth with it and join).",
  [ID, LEAGUE, LTOKEN] + LKEY, ["unauthorized (field token)"] + LREFUSE + LCHAL,
  {"type": "league_accept", "id": 67, "league": 7, "token": "6f3e0a9be2d84c51a07e6b2f9d3c4e15", "stage": 1, "match": 1,
   "board": 1}, "ack"),
 ("league_counter", "c2s", "The player who must answer: propose another start instead. That is an answer: the other "
  "player must now answer it within a fresh window of the current challenge's validity (our reading where art. 5 "
  "is silent); a player who lets a counter-proposal lapse is the non-answering one.",
  [ID, LEAGUE, LTOKEN] + LKEY + [("start_ms", "integer", "ms since the Unix epoch, at most 253402300799999 (9999-12-31)", "optional, 0: now")],
  ["unauthorized (field token)"] + LREFUSE + LCHAL,
  {"type": "league_counter", "id": 68, "league": 7, "token": "6f3e0a9be2d84c51a07e6b2f9d3c4e15", "stage": 1, "match": 1,
   "board": 1, "start_ms": 1764500000000}, "ack"),
 ("league_tc", "c2s", "A player of the game: agree (`want` true, the default) or withdraw the agreement to the "
  "alternative time control (art. 4: 10+1 when both agree before the game is created). The opponent gets a `tc` "
  "notice (at_ms 1 agreed, 0 withdrawn).",
  [ID, LEAGUE, LTOKEN] + LKEY + [("want", "boolean", "", "optional, true")],
  ["unauthorized (field token)"] + LREFUSE + ["not_your_seat (field player)", "bad_state (field state: the game was created)"],
  {"type": "league_tc", "id": 69, "league": 7, "token": "5e2d0a9be2d84c51a07e6b2f9d3c4e15", "stage": 1, "match": 1,
   "board": 1, "want": True}, "ack"),
 ("league_substitute", "c2s", "The captain of the non-answering team (its league token): after the first challenge "
  "lapsed (or while the second is unanswered) put in a substitute from the roster rated not above the player "
  "replaced (art. 5). The substitute and the opponent get a `substituted` notice.",
  [ID, LEAGUE, LTOKEN] + LKEY + [("player", "integer", "", "the substitute's player id (on the team's roster)")],
  ["unauthorized (field token)"] + LREFUSE +
  ["not_captain (field captain: the token's player is not that team's captain; rule F-CHALLENGE)",
   "not_found (field player: not on the roster)", "exists (field player: plays another board of this match)",
   "rating_too_high (field rating; rule F-CHALLENGE)", "bad_state (field state)"],
  {"type": "league_substitute", "id": 70, "league": 7, "token": "7a4f0a9be2d84c51a07e6b2f9d3c4e15", "stage": 1,
   "match": 1, "board": 3, "player": 105}, "ack"),
 ("league_extend", "c2s", "Director: move a game's open deadline to `deadline_ms` (later than the current one and "
  "now). The player who must answer gets an `extended` notice; the old deadline does not fire.",
  [ID, LEAGUE] + LKEY + [("deadline_ms", "integer", "ms since the Unix epoch, at most 253402300799999 (9999-12-31)", "the new deadline")],
  ["unauthorized"] + LREFUSE + ["bad_state (field state: no deadline runs)", "invalid (field deadline: not later)"],
  {"type": "league_extend", "id": 71, "league": 7, "stage": 1, "match": 1, "board": 2, "deadline_ms": 1764600000000},
  "ack"),
 ("league_result", "c2s", "Director: a game's result, whatever its challenge's state (a challenge never sent, a "
  "second challenge never sent: the regulation sets no deadline for sending, so the director rules). A live "
  "hosted game ends with it.",
  [ID, LEAGUE] + LKEY + [("result", "string", LRESULTS, "")],
  ["unauthorized"] + LREFUSE + ["missing_field (field result)"],
  {"type": "league_result", "id": 72, "league": 7, "stage": 1, "match": 2, "board": 4, "result": "+-"}, "ack"),
 ("league_lot", "c2s", "Director: the lot of a drawn knockout match between teams of equal rating (the bracket's "
  "`by` is `lot_due`): `winner` 1 the team named first, 2 the second.",
  [ID, LEAGUE, ("match", "integer", "1..7", "the bracket's match (QF1..QF4 1..4, SF1 5, SF2 6, final 7)"),
   ("winner", "integer", "1..2", "")],
  ["unauthorized", "not_found (field league)", "bad_state (field match: no lot is due)"],
  {"type": "league_lot", "id": 73, "league": 7, "match": 5, "winner": 2}, "ack"),
 ("league_notices", "c2s", "A player (its league token): its notices with a sequence number above `since` (a bot or "
  "a mail bridge keeps the last one it read). The feed is stored: a restart keeps it, and each deadline's notice is "
  "in it once. The connection then gets the player's new notices as `league_notice` pushes.",
  [ID, LEAGUE, LTOKEN, ("since", "integer", "0..", "optional, 0: the whole feed")],
  ["unauthorized (field token)", "not_found (field league)"],
  {"type": "league_notices", "id": 74, "league": 7, "token": "5e2d0a9be2d84c51a07e6b2f9d3c4e15", "since": 3},
  "league_notices"),
 ("league_export", "c2s", "Director: the group tables with the draw's averages, the bracket, the current stage's "
  "fixtures with their deadlines, or one stage as TRF-2026 (`trf`: the group stage; `trf_qf`, `trf_sf`, "
  "`trf_final`: a knockout stage, two rounds for the two games of each board, the team ratings recomputed for "
  "that stage, place 1 for the team through; empty for a stage not reached), as text.",
  [ID, LEAGUE, ("what", "string", '"tables" / "bracket" / "fixtures" / "trf" / "trf_qf" / "trf_sf" / "trf_final"', "")],
  ["unauthorized", "not_found (field league)", "missing_field (field what)"],
  {"type": "league_export", "id": 75, "league": 7, "what": "tables"}, "export_reply"),
 ("league", "s2c", "The snapshot of a league: its rules, teams with rosters and current team ratings, the groups with "
  "their average ratings and tables (art. 6 order: match points, game points, the lower team rating), the current "
  "stage's fixtures (every game with its players, who sends, its challenge's state and deadline, the time control "
  "and its result), and the bracket. As a push (no `id`): sent at the end of the server loop turn that changed the event, after that "
  "turn's replies (the `ack` of the change comes first), and at most once every 250 ms per event: a change "
  "sooner after the last push waits for it, one push carries every change of the gap, and the last state is "
  "always sent.",
  [("id", "integer", "", "absent in a push"), LEAGUE, ("name", "string", "", ""),
   ("status", "string", '"registering" / "running" / "between" / "finished"', "between: a stage is over, the next "
    "waits for league_stage_start"),
   ("stage", "string or null", '"groups" / "qf" / "sf" / "final"', "the stage being played or last played"),
   ("boards", "integer", "", ""), ("teams_max", "integer", "", ""), ("groups_n", "integer", "", ""),
   ("first_valid_ms", "integer", "ms", ""), ("second_valid_ms", "integer", "ms", ""),
   ("tc", "string", '"5+1"', "minutes + seconds"), ("alt_tc", "string", '"10+1"', "by agreement"),
   ("wait_s", "integer", "s", ""), ("server_ms", "integer", "ms since the Unix epoch", "the snapshot's instant"),
   ("teams", "array", "", "team, name, captain, rating (the current team rating), players (id, name, rating, invited) in board order, "
    "ratings (the team rating of each stage reached, by stage name: \"groups\" fixed at the league's start, \"qf\", \"sf\", "
    "\"final\" recomputed from the roster at that stage's start, art. 7, F-TEAMRATING)"),
   ("groups", "array", "", "group (\"A\"..), average (the group's average rating), table (place, number in the group "
    "table, team, played, mp, gp, rating)"),
   ("fixtures", "array", "", "the current stage's matches: match, label (\"A1\" group A round 1, or \"SF1\", \"F\"), "
    "group and round (group stage), teams (first- and second-named), gp, done, games (board, game, white_team, "
    "black_team, white, black, sender (\"white\"/\"black\"), state (new / proposed / lapsed / agreed / started / "
    "forfeit / decided), phase (where the game is, for a person: arranging (its challenge not agreed yet), scheduled "
    "(a start agreed, still to come), waiting (the game exists, its clocks wait for both players: T-WAIT), playing "
    "(its clocks run), played, forfeit (one side: art. 5 or T-WAIT), double_forfeit, ruled (the director's result, "
    "no game hosted)), present and forfeit_ms (waiting: [White, Black] connected to the game, and when an absent "
    "player loses, ms since the Unix epoch), challenge (1 or 2), turn, deadline_ms and proposal_ms (proposed: who must answer, until "
    "when, the start proposed, 0 now), start_ms (agreed, started), want_alt ([White, Black] agree to alt_tc), tc "
    "(the time control it is or would be played at), subs, extensions, result (\"*\" or as league_result's), "
    "game_id (the hosted chess game, once created))"),
   ("bracket", "array", "", "from the end of the group stage: label (QF1..QF4, SF1, SF2, F), match (1..7), teams "
    "(0 until known), rating (the stage's team ratings), gp, winner (team id, 0 open), by (open / points / rating / "
    "lot_due / lot)"),
   ("winner", "integer", "", "the league's winner, 0 until the final is decided")], [],
  {"type": "league", "id": 65, "league": 7, "name": "Open League 2005", "status": "running", "stage": "groups",
   "boards": 1, "teams_max": 4, "groups_n": 2, "first_valid_ms": 4000, "second_valid_ms": 2000, "tc": "5+1",
   "alt_tc": "10+1", "wait_s": 600, "server_ms": 1764400000000,
   "teams": [{"team": 12, "name": "Kaissa", "captain": 101, "rating": 2210,
              "players": [{"id": 101, "name": "Orlov", "rating": 2210, "invited": False}],
              "ratings": {"groups": 2210}},
             {"team": 13, "name": "Chigorin", "captain": 201, "rating": 2190,
              "players": [{"id": 201, "name": "Zaitsev", "rating": 2190, "invited": True}],
              "ratings": {"groups": 2190}}],
   "groups": [{"group": "A", "average": 2210, "table": [{"place": 1, "number": 1, "team": 12, "played": 0, "mp": 0,
                                                          "gp": 0, "rating": 2210}]}],
   "fixtures": [{"match": 1, "label": "A1", "group": "A", "round": 1, "teams": [12, 13], "gp": [0, 0], "done": False,
                 "games": [{"board": 1, "game": 1, "white_team": 12, "black_team": 13, "white": 101, "black": 201,
                            "sender": "white", "state": "proposed", "phase": "arranging", "challenge": 1, "turn": "black",
                            "deadline_ms": 1764400004000, "proposal_ms": 0, "want_alt": [True, False], "tc": "5+1",
                            "subs": 0, "extensions": 0, "result": "*"}]}],
   "bracket": [], "winner": 0}, None),
 ("league_notices", "s2c", "Reply to league_notices: the player's notices after `since`, oldest first, and `last`, "
  "the newest sequence number of the feed (0 empty). Each notice: seq (1.. in the league), player, note, stage "
  "(\"groups\"..), match, board, game (1-based, as league_get's), at_ms (the instant it concerns: the proposed or "
  "agreed start, 0 now; the deadline that fired), deadline_ms (proposed, extended: the answer's deadline), "
  "server_ms (when it was made). Notes: `send` (you send this game's challenge, art. 5, 5.1), `proposed` (a "
  "challenge or counter-proposal for at_ms awaits your answer until deadline_ms), `agreed` (the game starts at "
  "at_ms, 0 as soon as both are present), `lapsed` (your challenge lapsed unanswered: send the second one), `subst` "
  "(to the non-answering team's captain: you may put in a substitute rated not above the player), `substituted` "
  "(a substitute took the board), `forfeit` (the second challenge lapsed at at_ms: the non-answering player lost "
  "by forfeit), `extended` (the director moved your deadline to deadline_ms), `tc` (the opponent agreed, at_ms 1, "
  "or withdrew, 0, the alternative time control), `game` (your game was created: game_id, seat 0 White / 1 Black, "
  "token: the seat's player token; auth with it and join).",
  [ID, LEAGUE, ("player", "integer", "", "the token's player"), ("notices", "array", "", "as above"),
   ("last", "integer", "", "")], [],
  {"type": "league_notices", "id": 74, "league": 7, "player": 101,
   "notices": [{"seq": 4, "player": 101, "note": "agreed", "stage": "groups", "match": 1, "board": 1, "game": 1,
                "at_ms": 0, "server_ms": 1764400001000},
               {"seq": 6, "player": 101, "note": "game", "stage": "groups", "match": 1, "board": 1, "game": 1,
                "at_ms": 0, "game_id": 31, "seat": 0, "token": "8b5a0a9be2d84c51a07e6b2f9d3c4e15",
                "server_ms": 1764400001000}],
   "last": 6}, None),
 ("league_notice", "s2c", "Push of one new notice (as in `league_notices`) to the connections that sent a league "
  "message with the player's token.",
  [LEAGUE, ("notice", "object", "", "seq, player, note, stage, match, board, game, at_ms, deadline_ms?, game_id?, seat?, token?, server_ms")], [],
  {"type": "league_notice", "league": 7,
   "notice": {"seq": 7, "player": 201, "note": "proposed", "stage": "groups", "match": 1, "board": 1, "game": 1,
              "at_ms": 0, "deadline_ms": 1764400004000, "server_ms": 1764400000000}}, None),
]

# More golden examples of a message: name -> [(suffix, what it shows, example)]; each is
# written to examples/<prefix>-<name>_<suffix>.json and shown in the message's document.
EXTRA = {
 "error": [("throttled", "the reply to an auth that tries to take a seat back moments after it "
            "changed connections",
            {"type": "error", "id": 40, "code": "replace_throttled",
             "message": "this seat moved to another connection moments ago; it stays there: try "
                        "again in 5 s (each try before then waits 5 s more)",
             "field": "token", "retry_ms": 4870}),
           ("rate_limited", "a login refused by its name's budget",
            {"type": "error", "id": 71, "code": "rate_limited", "message": "too many failed logins "
             "of this name: try again later", "field": "name", "retry_ms": 30000}),
           ("moved", "a join on a node of a cluster for a game another node runs",
            {"type": "error", "id": 11, "code": "moved", "message": "node b runs this game: "
             "connect to it", "field": "game", "node": "b"})],
 "authed": [("account", "the reply to an auth with a session token",
             {"type": "authed", "id": 74, "role": "account", "name": "Ann_Lee",
              "expires_ms": 1766992000000}),
            ("guest", "the reply to guest", {"type": "authed", "id": 73, "role": "guest",
                                             "name": "Visitor7"})],
 "game_create": [("chess", "a chess game (issue 15): White, Black, 10 min + 5 s",
                  {"type": "game_create", "id": 12, "base_ms": 600000, "inc_ms": 5000, "kind": "chess",
                   "players": ["Ivanenko", "Kovalenko"]})],
 "state": [("chess", "a chess game after 1. f3, seen by a spectator",
            {"type": "state", "game": 8, "status": "live", "role": "spectator", "you": -1, "kind": "chess",
             "boards": [{"board": "A", "fen": "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1",
                         "ply": 1, "running": 1}],
             "clock_ms": [603000, 600000], "server_ms": 1764400000000, "base_ms": 600000, "inc_ms": 5000,
             "seats": [{"seat": 0, "name": "Ivanenko", "connected": True},
                       {"seat": 1, "name": "Kovalenko", "connected": True}],
             "events": [{"seq": 0, "t_ms": 0, "kind": "start"},
                        {"seq": 1, "t_ms": 2000, "kind": "move", "seat": 0, "board": "A", "ply": 0,
                         "text": "f2f3", "san": "f3", "clock_ms": 603000}],
             "result": None, "reason": None, "recovery": None, "result_board": None, "paused": False,
             "premove": False})],
 "claim": [("fifty", "a chess 50-move claim with the intended move (FIDE 9.3.1)",
            {"type": "claim", "id": 9, "game": 8, "claim": "fifty", "move": "Kg2"})],
 "created": [("league_team", "the reply to league_team (issue 16): the team and one league token per roster "
              "player, shown once (league_roster's reply: the tokens of the players new on the roster)",
              {"type": "created", "id": 61, "team": 12,
               "tokens": [{"player": 101, "token": "5e2d0a9be2d84c51a07e6b2f9d3c4e15"},
                          {"player": 102, "token": "6f3e0a9be2d84c51a07e6b2f9d3c4e15"}]})],
 "round_pair": [("hand", "a pairing by hand: teams 1-4 and 2-3, team 5 gets the bye, a rematch allowed",
                 {"type": "round_pair", "id": 28, "tournament": 1,
                  "pairs": [[1, 4], [2, 3], [5, 0]], "allow_rematch": True})],
}

# ---- the C name tables (server/src/proto/proto_names.h) ---------------------------------------
# A client message kind's enum constant in C is its wire name upper-cased after its family's
# prefix: "move" PROTO_MOVE (proto.h proto_type), "club_lineup" PCLUB_LINEUP (proto_club.h
# pclub_type), "league_send" PLEAGUE_SEND (proto_league.h pleague_type). The C files build
# their name tables from the header (and hub.c its dispatch table, PROTO_WIRE), and assert that
# it names every constant of their enum: a kind added here without its constant, or in C
# without its row here, does not compile.
C_FAMILIES = [  # X-macro, wire prefix, enum prefix, the enum
    ("PROTO_C2S_TYPES", "", "PROTO_", "proto.h proto_type: the core's kinds"),
    ("PCLUB_C2S_TYPES", "club_", "PCLUB_", "proto_club.h pclub_type: the club round robin's"),
    ("PLEAGUE_C2S_TYPES", "league_", "PLEAGUE_", "proto_league.h pleague_type: the league's"),
]

def c_family(wire):
    """The C_FAMILIES row of a client message's wire name (the core's when no prefix fits)."""
    for fam in C_FAMILIES[1:]:
        if wire.startswith(fam[1]):
            return fam
    return C_FAMILIES[0]

def c_enum(wire):
    fam = c_family(wire)
    return fam[2] + wire[len(fam[1]):].upper()

def c_header():
    """server/src/proto/proto_names.h: the wire name of every client message kind by its enum
    constant, as string macros and one X-macro per family, in the table's order."""
    wires = [ex["type"] for _, d, _, _, _, ex, _ in M if d == "c2s"]
    width = max(len(c_enum(w)) for w in wires) + len("PROTO_WIRE_")
    lines = ["/* proto_names.h: the wire name of every client message kind, by its enum constant.",
             " * SPDX-License-Identifier: MIT",
             " * Written by protocol/gen.py from its message table, the one source of the documents in",
             " * protocol/messages/: do not edit (python3 protocol/gen.py rewrites it; the ctest",
             " * protocol_docs_current fails while it differs). */",
             "#ifndef BH_PROTO_NAMES_H", "#define BH_PROTO_NAMES_H", "",
             "/* The layout is gen.py's (aligned columns): tools/format.sh leaves it as it is. */",
             "/* clang-format off */", "",
             "/* PROTO_WIRE(kind): the wire name of one kind, a string literal (a constant expression,",
             " * for static tables): PROTO_WIRE(PROTO_MOVE) is \"move\". */",
             "#define PROTO_WIRE(kind) PROTO_WIRE_##kind"]
    for w in wires:
        lines.append(f"#define {('PROTO_WIRE_' + c_enum(w)).ljust(width)} \"{w}\"")
    for macro, _, _, what in C_FAMILIES:
        rows = [f"    X({c_enum(w)}, PROTO_WIRE_{c_enum(w)})" for w in wires
                if c_family(w)[0] == macro]
        rows.insert(0, f"#define {macro}(X)")
        cols = max(len(r) for r in rows)
        lines += ["", f"/* X(kind, wire name) for each kind of {what}. */"]
        lines += [r.ljust(cols) + " \\" for r in rows[:-1]] + rows[-1:]
    lines += ["", "/* clang-format on */", "", "#endif", ""]
    return "\n".join(lines)

def generate(out, header=None):
    """Writes every message document to out/messages/ and every example to out/examples/
    (both created if absent), and the C name tables to header (a path; None: not written).
    Returns the paths written, relative to out, e.g. "messages/c2s-move.md" (the header not
    among them)."""
    written = []
    def put(rel, text):
        os.makedirs(os.path.dirname(os.path.join(out, rel)), exist_ok=True)
        with open(os.path.join(out, rel), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        written.append(rel)
    for name, d, summary, fields, errors, ex, reply in M:
        prefix = "c2s" if d == "c2s" else "s2c"
        wire = ex["type"]
        put(f"examples/{prefix}-{name}.json", json.dumps(ex, indent=2) + "\n")
        lines = [f"# `{wire}` ({'client -> server' if d == 'c2s' else 'server -> client'})", "",
                 summary, "", "| field | type | unit / limits | meaning |", "|---|---|---|---|",
                 f"| type | string | `\"{wire}\"` | |"]
        for fl in fields:
            lines.append("| " + " | ".join(fl) + " |")
        lines.append("")
        if d == "c2s":
            lines.append(f"Reply: `{reply}`. Errors (`error` with `code`): "
                         + ", ".join(f"`{e}`" for e in errors + ERR_ANY) + ".")
            lines.append("")
        lines += ["Example (`protocol/examples/" + f"{prefix}-{name}.json`):", "", "```json",
                  json.dumps(ex, indent=2), "```", ""]
        for suffix, what, ex2 in EXTRA.get(name, []):
            put(f"examples/{prefix}-{name}_{suffix}.json", json.dumps(ex2, indent=2) + "\n")
            lines += [f"Example, {what} (`protocol/examples/{prefix}-{name}_{suffix}.json`):", "",
                      "```json", json.dumps(ex2, indent=2), "```", ""]
        put(f"messages/{prefix}-{name}.md", "\n".join(lines))
    if header:
        with open(header, "w", encoding="utf-8", newline="\n") as f:
            f.write(c_header())
    return written

def check():
    """Generates into a temporary directory and compares with protocol/messages/,
    protocol/examples/ and server/src/proto/proto_names.h: every generated file must equal the
    committed one byte for byte, and every committed file there must be one gen.py writes.
    Prints each difference (a short unified diff per differing file) to stderr; returns 0 if
    none, else 1."""
    def differ(shown, gen_path, git_path):
        """The entry of bad for two files that differ (shown: the committed one's name), else None."""
        with open(gen_path, "rb") as a, open(git_path, "rb") as b:
            gen_bytes, git_bytes = a.read(), b.read()
        if gen_bytes == git_bytes:
            return None
        diff = list(difflib.unified_diff(
            git_bytes.decode("utf-8", "replace").splitlines(),
            gen_bytes.decode("utf-8", "replace").splitlines(),
            f"{shown} (committed)", f"{shown} (gen.py)", n=1, lineterm=""))
        return (shown, "differs from gen.py's output", diff)
    with tempfile.TemporaryDirectory(prefix="bh-gen-") as tmp:
        header = os.path.join(tmp, "proto_names.h")
        written = set(generate(tmp, header))
        committed = {f"{sub}/{fn}" for sub in ("messages", "examples")
                     if os.path.isdir(os.path.join(HERE, sub))
                     for fn in os.listdir(os.path.join(HERE, sub))}
        bad = []
        for rel in sorted(written | committed):
            mine, theirs = os.path.join(tmp, rel), os.path.join(HERE, rel)
            if rel not in committed:
                bad.append((f"protocol/{rel}", "written by gen.py, missing in protocol/", []))
                continue
            if rel not in written:
                bad.append((f"protocol/{rel}", "in protocol/ but not written by gen.py (remove it, or add it to gen.py)", []))
                continue
            d = differ(f"protocol/{rel}", mine, theirs)
            if d:
                bad.append(d)
        shown = os.path.relpath(HEADER, os.path.dirname(HERE))
        if not os.path.exists(HEADER):
            bad.append((shown, "written by gen.py, missing", []))
        else:
            d = differ(shown, header, HEADER)
            if d:
                bad.append(d)
    if not bad:
        print(f"gen.py --check: the {len(written) + 1} generated files equal the committed ones")
        return 0
    print(f"gen.py --check: {len(bad)} file(s) differ from protocol/gen.py's output:", file=sys.stderr)
    for shown, why, _ in bad:
        print(f"  {shown}: {why}", file=sys.stderr)
    for rel, _, diff in bad:
        if diff:
            print("", file=sys.stderr)
            print("\n".join(diff[:40] + (["  ..."] if len(diff) > 40 else [])), file=sys.stderr)
    print("\nPort every hand edit into protocol/gen.py, run python3 protocol/gen.py and commit "
          "its output.", file=sys.stderr)
    return 1

def main():
    ap = argparse.ArgumentParser(description="Writes the protocol's message documents and examples, "
                                 "and the C name tables (server/src/proto/proto_names.h).")
    ap.add_argument("--out", metavar="DIR", help="write DIR/messages, DIR/examples and DIR/proto_names.h "
                    "(default: protocol/ and server/src/proto/proto_names.h)")
    ap.add_argument("--check", action="store_true",
                    help="compare a fresh generation with the committed files; exit 1 if they differ")
    args = ap.parse_args()
    if args.check and args.out:
        ap.error("--check generates into a temporary directory of its own: no --out")
    if args.check:
        return check()
    if args.out:
        generate(args.out, os.path.join(args.out, "proto_names.h"))
    else:
        generate(HERE, HEADER)
    return 0

if __name__ == "__main__":
    sys.exit(main())
