#!/usr/bin/env python3
# gen.py: writes protocol/messages/*.md and protocol/examples/*.json from the table below
# (one source for both). Run from the repo root after editing: python3 protocol/gen.py
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
FEN0 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
FEN1 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"

ID = ("id", "integer", "0 .. 2^53-1", "chosen by the client; echoed in the reply")
GAME = ("game", "integer", "1 .. 2^53-1", "game id")
ERR_ANY = ["bad_json", "missing_field", "unknown_type", "too_large", "rate_limited"]

M = [
 # name, direction, summary, fields, errors, example, reply
 ("auth", "c2s", "Bind this connection to the role of a token: the director (admin token) or "
  "one seat of one game (player token). Without auth a connection is a spectator. A second "
  "auth on the same connection replaces the first (a player moving to another game).",
  [ID, ("token", "string", "1..128 chars", "the token shown once at creation")],
  ["unauthorized (unknown token)"],
  {"type": "auth", "id": 1, "token": "3f1c0a9be2d84c51a07e6b2f9d3c4e15"}, "authed"),
 ("authed", "s2c", "Reply to auth.",
  [ID, ("role", "string", '"director" or "player"', ""),
   ("game", "integer", "", "players only: the game of the seat"),
   ("seat", "integer", "0..3", "players only: 0 = A white, 1 = A black, 2 = B white, 3 = B black")],
  [], {"type": "authed", "id": 1, "role": "player", "game": 7, "seat": 2}, None),
 ("join", "c2s", "Watch or play a game. The reply is a full `state`; then the connection receives "
  "the game's deltas (`move`, `start`, `result`, `seat`, and `chat` for players and the director). "
  "A player who joins the game of their token takes their seat (this is also how a reconnect "
  "works); a seat counts as connected while one of its connections is open. "
  "A spectator's or player's connection watches one game at a time: a new join replaces the old. "
  "The director's joins accumulate (up to 256 games on one connection: the dashboard).",
  [ID, GAME], ["not_found (no such game)", "too_large (a director watching 256 games)"], {"type": "join", "id": 2, "game": 7}, "state"),
 ("state", "s2c", "Full snapshot of a game as the receiver may see it: the reply to join "
  "(with its id), and pushed again (without id) to everyone watching when a board stops or the "
  "game changes in a way a delta does not carry (a flag, a resignation, a draw event).",
  [ID, GAME, ("status", "string", '"waiting" / "live" / "finished"', ""),
   ("role", "string", '"player" / "spectator" / "director"', "the receiver's role in this game"),
   ("you", "integer", "-1..3", "the receiver's seat, -1 if none"),
   ("boards", "array of 2 objects", "", "board (\"A\"/\"B\"), fen (FEN with reserves in [], "
    "promoted pieces marked ~), ply (the ply the next move must name), running (seat whose clock runs, -1 none)"),
   ("clock_ms", "array of 4 integers", "ms", "remaining time by seat at server_ms"),
   ("server_ms", "integer", "ms since the Unix epoch", "server wall clock of the snapshot"),
   ("seats", "array of 4 objects", "", "seat, name, connected"),
   ("events", "array", "", "the game's event list: seq, t_ms (ms since the game started), kind "
    "(start, move, flag, resign, result, ...), seat, board, ply, text"),
   ("result", "string or null", '"1-0", "0-1", "1/2-1/2" (team of seats 0 and 3 first)', ""),
   ("reason", "string or null", "", "why the game ended: mate, flag, resign, adjudicated, ..."),
   ("recovery", "string or null", '"resumed" / "adjudicated"', "the policy applied after a restart, if any"),
   ("chat", "array", "", "partner chat: only for players (their team's lines) and the director (all); absent for spectators")],
  [], {"type": "state", "id": 2, "game": 7, "status": "live", "role": "player", "you": 2,
       "boards": [{"board": "A", "fen": FEN1, "ply": 1, "running": 1},
                  {"board": "B", "fen": FEN0, "ply": 0, "running": 2}],
       "clock_ms": [178950, 180000, 180000, 180000], "server_ms": 1764400000000,
       "seats": [{"seat": 0, "name": "ann", "connected": True},
                 {"seat": 1, "name": "cid", "connected": True},
                 {"seat": 2, "name": "dan", "connected": True},
                 {"seat": 3, "name": "bob", "connected": False}],
       "events": [{"seq": 0, "t_ms": 0, "kind": "start"},
                  {"seq": 1, "t_ms": 1050, "kind": "move", "seat": 0, "board": "A", "ply": 0, "text": "e2e4"}],
       "result": None, "reason": None, "recovery": None,
       "chat": [{"seat": 3, "text": "need a knight", "server_ms": 1764399999000}]}, None),
 ("move", "c2s", "A move or a drop on the sender's own board (P-SEAT), for the ply it was made "
  "for. If that exact move was already applied at that ply (a resend after a reconnect) it is "
  "acknowledged again and not applied twice. A move for any other ply is `stale_ply`: a premove "
  "sent before the opponent's move is rejected, never queued (P-PREMOVE). A move out of turn is "
  "`not_your_turn`, never an illegal move (P-ILLEGAL).",
  [ID, GAME, ("board", "string", '"A" or "B"', "the board the move is on"),
   ("ply", "integer", "0..100000", "the board's ply the move was made for (state.boards[].ply)"),
   ("move", "string", "1..15 chars", "UCI (e2e4, e7e8q, N@f3) or SAN (Nf3, N@f3, e8=Q)")],
  ["unauthorized (no player token)", "not_your_seat (other seat, partner's board or other game)",
   "not_your_turn", "stale_ply", "illegal_move", "bad_move", "game_over", "bad_state (game not started)", "not_found"],
  {"type": "move", "id": 3, "game": 7, "board": "A", "ply": 1, "move": "e7e5"}, "ack"),
 ("ack", "s2c", "Success reply to move, resign, draw, claim, chat and game_start. For a move it names the "
  "board, the ply and the event's seq in the game's event list; the ack is sent only after the "
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
  "the game; an invalid one is `bad_state` and changes nothing.",
  [ID, GAME], ["unauthorized", "not_your_seat", "bad_state (not a threefold repetition)", "game_over"],
  {"type": "claim", "id": 9, "game": 7}, "ack"),
 ("chat", "c2s", "Partner chat (P-SEAT): delivered to the partner and the director only, never to "
  "opponents or spectators. Stored, and included in the state of those who may see it.",
  [ID, GAME, ("text", "string", "1..500 bytes UTF-8", "")],
  ["unauthorized (spectators may not chat)", "not_your_seat (another game)",
   "too_large (the game has 1000 chat lines already)"],
  {"type": "chat", "id": 5, "game": 7, "text": "need a knight"}, "ack"),
 ("chat_delta", "s2c", "Broadcast (type `chat`) of a partner-chat line to the partner and the director (and "
  "the sender's other connections).",
  [GAME, ("seat", "integer", "0..3", "sender"), ("text", "string", "", ""),
   ("server_ms", "integer", "", "")],
  [], {"type": "chat", "game": 7, "seat": 3, "text": "need a knight", "server_ms": 1764399999000}, None),
 ("ping", "c2s", "Application-level ping (the server also sends WebSocket pings).",
  [ID], [], {"type": "ping", "id": 6}, "pong"),
 ("pong", "s2c", "Reply to ping.", [ID, ("server_ms", "integer", "ms since the epoch", "")],
  [], {"type": "pong", "id": 6, "server_ms": 1764400000000}, None),
 ("tournament_create", "c2s", "Director: create a tournament.",
  [ID, ("name", "string", "1..64 bytes", "")], ["unauthorized"],
  {"type": "tournament_create", "id": 10, "name": "Bughouse Open"}, "created"),
 ("team_register", "c2s", "Director: register a team of two players (P-TEAM) in a tournament.",
  [ID, ("tournament", "integer", "", ""), ("name", "string", "1..64 bytes", ""),
   ("players", "array of 2 strings", "1..64 bytes each", "captain, partner")],
  ["unauthorized", "not_found (tournament)"],
  {"type": "team_register", "id": 11, "tournament": 1, "name": "Knights", "players": ["ann", "bob"]}, "created"),
 ("created", "s2c", "Reply to tournament_create and team_register with the new id.",
  [ID, ("tournament or team", "integer", "", "the new id")], [],
  {"type": "created", "id": 11, "team": 1}, None),
 ("game_create", "c2s", "Director: create a game and get one token per seat. With team1 and team2 "
  "the seats are filled by P-TEAM (team1's captain plays White on A, team1's partner Black on B); "
  "otherwise by the players array. The game starts when all four seats are connected, or on game_start.",
  [ID, ("tournament", "integer", "optional", ""), ("team1", "integer", "optional", ""),
   ("team2", "integer", "optional", ""), ("base_ms", "integer", "1000..86400000 ms", "time per player"),
   ("inc_ms", "integer", "0..86400000 ms, optional (0)", "increment"),
   ("players", "array of 4 strings", "optional", "names by seat when no teams are given")],
  ["unauthorized", "not_found (team or tournament)"],
  {"type": "game_create", "id": 12, "base_ms": 180000, "inc_ms": 0, "players": ["ann", "cid", "dan", "bob"]}, "game_created"),
 ("game_created", "s2c", "Reply to game_create: the game id and the four player tokens by seat. "
  "Tokens are shown only here (the server keeps their SHA-256).",
  [ID, GAME, ("tokens", "array of 4 strings", "32 hex chars", "by seat")], [],
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
 ("start", "s2c", "Broadcast when a game starts: clocks begin to run.",
  [GAME, ("clock_ms", "array of 4 integers", "ms", ""), ("running", "array of 2 integers", "", ""),
   ("server_ms", "integer", "", "")], [],
  {"type": "start", "game": 7, "clock_ms": [180000, 180000, 180000, 180000], "running": [0, 2], "server_ms": 1764400000000}, None),
 ("result", "s2c", "Broadcast when the game ends (mate, flag, resignation, draw, adjudication).",
  [GAME, ("result", "string", '"1-0" / "0-1" / "1/2-1/2"', "team of seats 0 and 3 first"),
   ("reason", "string", "", ""), ("clock_ms", "array of 4 integers", "ms", ""), ("server_ms", "integer", "", "")], [],
  {"type": "result", "game": 7, "result": "1-0", "reason": "mate", "clock_ms": [150000, 149000, 170000, 171000], "server_ms": 1764400060000}, None),
 ("seat", "s2c", "Broadcast when a seat's connection state changes.",
  [GAME, ("seat", "integer", "0..3", ""), ("connected", "boolean", "", "")], [],
  {"type": "seat", "game": 7, "seat": 3, "connected": False}, None),
 ("error", "s2c", "Reply to any message that failed, or sent before closing (flood, oversized "
  "frame, origin). `code` is a wire name from errors.md; `id` is echoed when the message had a valid one.",
  [("id", "integer", "", "absent when the failing message had no valid id"),
   ("code", "string", "errors.md", ""), ("message", "string", "", "human text, for logs only"),
   ("field", "string", "optional", "the offending field")], [],
  {"type": "error", "id": 3, "code": "not_your_turn", "message": "it is not this side's turn"}, None),
]

def main():
    for name, d, summary, fields, errors, ex, reply in M:
        prefix = "c2s" if d == "c2s" else "s2c"
        wire = ex["type"]
        with open(os.path.join(HERE, "examples", f"{prefix}-{name}.json"), "w") as f:
            json.dump(ex, f, indent=2)
            f.write("\n")
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
        with open(os.path.join(HERE, "messages", f"{prefix}-{name}.md"), "w") as f:
            f.write("\n".join(lines))

main()
