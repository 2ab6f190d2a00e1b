#!/bin/sh
# cecp_fake.sh MODE: a CECP engine that misbehaves on purpose, for test_ws_cecp. It answers
# the handshake (bughouse among its variants), plays one legal first move (e2e4 as White,
# e7e5 as Black: legal after any first White move), then on its second move:
#   crash    exits with status 3
#   hang     sleeps for ever, reading nothing (the bot must not wait past its clock)
#   garbage  prints a move line with control bytes in it
#   mute     closes its output and sleeps for ever (the bot must not wait for it to exit)
#   hog      before its first move asks for 1 GiB (python3): under the bridge's memory limit
#            (--engine-mem-mb 256) that fails and it exits with status 4; a run without the
#            limit gets the memory, plays its first move and exits with status 5 on the second
# SPDX-License-Identifier: MIT
mode=$1
forced=0
moved=0
seen_move=0
play() {
  if [ "$mode" = hog ] && [ "$moved" -eq 0 ]; then
    /usr/bin/python3 -c 'bytearray(1 << 30)' 2>/dev/null || exit 4
  fi
  if [ "$moved" -eq 0 ]; then
    moved=1
    if [ "$seen_move" -eq 1 ]; then echo "move e7e5"; else echo "move e2e4"; fi
    return
  fi
  case "$mode" in
    crash) exit 3 ;;
    hang) exec sleep 100000 ;;
    garbage) printf 'move \001\002@@\n' ;;
    hog) exit 5 ;;
    mute) exec sleep 100000 >&- ;;
  esac
}
while IFS= read -r line; do
  case "$line" in
    "protover 2") echo 'feature usermove=1 myname="fake" variants="normal,bughouse" done=1' ;;
    force) forced=1 ;;
    go) forced=0; play ;;
    usermove\ *) seen_move=1; [ "$forced" -eq 0 ] && play ;;
    quit) exit 0 ;;
  esac
done
