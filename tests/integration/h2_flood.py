#!/usr/bin/env python3
# h2_flood.py PORT PID SECONDS: the HTTP/2 PING flood of issue 25 item 1 against a TLS
# bughouse-server. Eight connections each offer h2 by ALPN, send the HTTP/2 preface, a SETTINGS
# frame and then PING frames as fast as the socket takes them, never reading, for SECONDS. A
# server that spoke h2 would queue one PING ACK per PING for a peer that never reads (one
# connection took the server from 11 MB to 94 MB in 21 s). Passes when the server's resident
# size (VmRSS of /proc/PID/status) grew by under 8 MB and a new TLS connection still completes
# its handshake. Prints the figures. Exit 0 pass, 1 fail.
import os, socket, ssl, sys, time

port, pid, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])

def rss_kb():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1

ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
ctx.set_alpn_protocols(["h2", "http/1.1"])

def connect():
    raw = socket.create_connection(("127.0.0.1", port), timeout=5)
    s = ctx.wrap_socket(raw)
    return s

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
SETTINGS = b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"          # empty SETTINGS, stream 0
PING = b"\x00\x00\x08\x06\x00\x00\x00\x00\x00" + b"floodme!"  # PING, 8 bytes opaque data

before = rss_kb()
conns, alpn = [], []
for _ in range(8):
    s = connect()
    alpn.append(s.selected_alpn_protocol())
    s.setblocking(False)
    try:
        s.send(PREFACE + SETTINGS)
    except (ssl.SSLWantWriteError, BlockingIOError, OSError):
        pass
    conns.append(s)
burst = PING * 512
sent, closed = 0, 0
end = time.monotonic() + seconds
while time.monotonic() < end and conns:
    for s in list(conns):
        try:
            sent += s.send(burst)
        except (ssl.SSLWantWriteError, BlockingIOError):
            pass
        except OSError:  # the server closed it
            conns.remove(s)
            closed += 1
    time.sleep(0.001)
peak = rss_kb()
for s in conns:
    s.close()
ok_after = True
try:
    connect().close()
except OSError as e:
    ok_after = False
    print(f"h2_flood: a new TLS connection failed after the flood: {e}")
grew = peak - before
print(f"h2_flood: ALPN {sorted(set(map(str, alpn)))}; {sent} bytes of PING sent on 8 connections "
      f"in {seconds:.0f} s, {closed} closed by the server; VmRSS {before} kB before, {peak} kB "
      f"at the end (+{grew} kB)")
if "h2" in alpn:
    print("h2_flood: FAIL: the server chose h2")
    sys.exit(1)
if grew >= 8 * 1024 or not ok_after:
    print("h2_flood: FAIL")
    sys.exit(1)
