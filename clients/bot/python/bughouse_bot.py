#!/usr/bin/python3
"""bughouse_bot.py: a complete bughouse bot in Python (docs/bots.md), on Debian's
python3-websockets and a UCI engine (Fairy-Stockfish) that picks the moves.
SPDX-License-Identifier: MIT

  bughouse_bot.py --port 8443 --seat GAME:PLAYER_TOKEN [--seat ...]
  bughouse_bot.py --port 8443 --team TEAM_TOKEN      (every game the team is given)

Every position comes from the server: each state and move message carries both boards' FEN
with the reserves in brackets. The bot moves only on its own board, when that FEN shows its
colour to move, once per ply. The engine sees the board as crazyhouse (pieces in hand, no
partner); with no legal move it answers "(none)" and the bot waits for a piece (P-WAIT).
"""
import argparse, asyncio, json, shutil, ssl, subprocess, sys

try:
    import websockets                            # Debian: python3-websockets
except ImportError:
    sys.exit("bughouse_bot.py: no websockets module: apt-get install python3-websockets, "
             "and run it with /usr/bin/python3")

class Engine:
    """A UCI engine child: position fen + go movetime, read bestmove."""
    def __init__(self, cmd, movetime_ms):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.movetime_ms = movetime_ms
        self.lock = asyncio.Lock()               # one engine, many seats: one search at a time
        self.say("uci"); self.wait("uciok")
        self.say("setoption name UCI_Variant value crazyhouse"); self.say("isready")
        self.wait("readyok")

    def say(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line.split()
        raise EOFError("the engine exited")

    def best(self, fen):
        self.say("position fen " + fen); self.say("go movetime %d" % self.movetime_ms)
        words = self.wait("bestmove")
        return words[1] if len(words) > 1 and words[1] != "(none)" else None

async def play_seat(args, engine, game, token):
    """Play one seat of one game until its result. Returns the result line."""
    ctx = ssl._create_unverified_context() if args.tls else None  # a self-signed dev cert
    scheme = "wss" if args.tls else "ws"
    async with websockets.connect("%s://%s:%d/" % (scheme, args.host, args.port), ssl=ctx,
                                  subprotocols=["bughouse.v1"]) as ws:
        ids = iter(range(1, 1 << 53))
        async def send(**msg):
            await ws.send(json.dumps(dict(msg, id=next(ids))))
        await send(type="auth", token=token)
        await send(type="join", game=game)
        seat, fen, ply, live, sent = -1, None, 0, False, -1
        async for text in ws:
            m = json.loads(text)
            t = m["type"]
            if t == "authed":
                seat = m.get("seat", seat)
            elif t == "state":
                seat = m["you"]
                if m["status"] == "finished":
                    return "game %d: %s (%s)" % (game, m["result"], m["reason"])
                live = m["status"] == "live"
                board = m["boards"][seat >> 1]
                fen, ply, sent = board["fen"], board["ply"], -1
            elif t == "start":
                live = True
            elif t == "move" and seat >= 0:
                fen = m["fen"][seat >> 1]
                if m["board"] == "AB"[seat >> 1]:
                    ply = m["ply"] + 1
            elif t == "result":
                return "game %d: %s (%s)" % (game, m["result"], m["reason"])
            elif t == "error":
                print("game %d seat %d: error %s" % (game, seat, m.get("code")), file=sys.stderr)
                if m.get("code") in ("game_over", "session_replaced"):
                    return "game %d: %s" % (game, m["code"])
                await send(type="join", game=game)  # whatever it was: the server's state again
            # Our turn? The FEN's second field is the side to move; seat & 1 is our colour.
            if live and fen and sent != ply and fen.split()[1] == "wb"[seat & 1]:
                async with engine.lock:
                    move = await asyncio.to_thread(engine.best, fen)
                if move:
                    await send(type="move", game=game, board="AB"[seat >> 1], ply=ply, move=move)
                    sent = ply

async def play_team(args, engine, token):
    """Log in with a team token and play every seat of every game the server assigns."""
    ctx = ssl._create_unverified_context() if args.tls else None
    scheme = "wss" if args.tls else "ws"
    async with websockets.connect("%s://%s:%d/" % (scheme, args.host, args.port), ssl=ctx,
                                  subprotocols=["bughouse.v1"]) as ws:
        await ws.send(json.dumps({"type": "auth", "id": 1, "token": token}))
        tasks = []
        async for text in ws:
            m = json.loads(text)
            if m["type"] == "assign":
                for s in m["seats"]:
                    task = asyncio.create_task(play_seat(args, engine, m["game"], s["token"]))
                    task.add_done_callback(lambda t: print(t.exception() or t.result(), flush=True))
                    tasks.append(task)

async def main():
    ap = argparse.ArgumentParser(description="a bughouse bot (docs/bots.md)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8443)
    ap.add_argument("--no-tls", dest="tls", action="store_false")
    ap.add_argument("--seat", action="append", default=[], help="GAME:PLAYER_TOKEN")
    ap.add_argument("--team", help="a team token: play every game of the team")
    ap.add_argument("--engine", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    ap.add_argument("--movetime", type=int, default=50, help="ms the engine thinks a move")
    args = ap.parse_args()
    engine = Engine(args.engine, args.movetime)
    if args.team:
        await play_team(args, engine, args.team)
    seats = [s.split(":", 1) for s in args.seat]
    for line in await asyncio.gather(*(play_seat(args, engine, int(g), t) for g, t in seats)):
        print(line)

if __name__ == "__main__":
    asyncio.run(main())
