#!/usr/bin/env bash
# league_demo.sh DEMO SERVER: bughouse-league-demo runs a small league of seed 003 to its end
# through the server (issue 16 item 8): 8 bot teams in 2 groups, 2 boards, the semi-finals and
# the final, challenges with compressed deadlines (every path of art. 5 once: countered, 10+1
# agreed, lapsed once, a substitute after a lapse, a forfeit after two), the hosted chess games
# played by bots, the drawn semi-final decided by the lower team rating. What it printed is
# checked against the server's own league_get (league.json, written by the demo from the
# server's reply at the end): every group table row (place, team, played, MP, GP, rating), every
# bracket line (teams, game points, winner, and "lower team rating" exactly when the server's
# `by` is rating), the winner; the exports and the PGN files are there. The group stage's TRF
# holds every group in one file, and `bughouse-tourney standings` (CLI) ranks it as one table,
# as FIDE TEC's TieBreakServer does: within each group its order is the group's, except among
# teams equal on match and game points, which the lower team rating orders (seed 003 art. 6b,
# a rule with no TRF code).
set -euo pipefail
demo=$1 server=$2 cli=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# From an empty folder, into a folder whose parents do not exist yet: --out makes them, and
# nothing else is made (no ./demo-out beside it: issue 25 item 8).
root=$PWD run=$out/deep/er/run
mkdir "$out/cwd"
(cd "$out/cwd" && "$demo" --server "$server" --web "$root/clients/web" --port 0 --out "$run" \
    --teams 8 --groups 2 --boards 2 --first-ms 4000 --second-ms 2500 --base-s 2 --pace-ms 15 \
    --seed 7 --exit) >"$out/log" || { echo "demo failed"; cat "$out/log"; tail -30 "$run/server.log"; exit 1; }
[ -z "$(ls -A "$out/cwd")" ] || { echo "the demo made $(ls -A "$out/cwd") in its working folder"; exit 1; }
for what in 'counter-proposes' 'agree to play' 'does not answer' 'puts in' 'loses by forfeit' \
            'the lower team rating, art. 7' 'the winner: '; do
    grep -q -- "$what" "$out/log" || { echo "not printed: $what"; cat "$out/log"; exit 1; }
done
for f in tables.txt bracket.txt league.trf league.json; do
    [ -s "$run/$f" ] || { echo "no $f"; exit 1; }
done
"$cli" standings "$run/league.trf" >"$out/cli" || { echo "CLI: league.trf not read"; cat "$out/cli"; exit 1; }
n=$(ls "$run/games" | wc -l)
[ "$n" -ge 20 ] || { echo "$n PGN files"; exit 1; }
for f in "$run/games"/*.pgn; do
    grep -q '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$f" || { echo "no result in $f"; exit 1; }
done
python3 - "$out/log" "$run/league.json" "$out/cli" <<'PY'
import json, re, sys
log = open(sys.argv[1]).read().splitlines()
lg = json.load(open(sys.argv[2]))
name = {t['team']: t['name'] for t in lg['teams']}
fails = []
# the CLI's one table (tb_format: name in columns 12-35, MP 36-40, GP 41-47) cut into the groups
cli = [(l[11:35].strip(), int(l[35:40]), float(l[40:47])) for l in open(sys.argv[3]).read().split('\n\n')[0].splitlines()[1:]]
for g in lg['groups']:
    members = [name[r['team']] for r in g['table']]
    mine = [c for c in cli if c[0] in members]
    want = [(name[r['team']], r['mp'], float(r['gp'])) for r in g['table']]
    key = lambda x: (x[1], x[2])
    if sorted(mine) != sorted(want) or [key(x) for x in mine] != [key(x) for x in want]:
        fails.append(f"group {g['group']}: the CLI's {mine}, league_get {want}")
    order = [x[0] for x in mine]
    for a, b in zip(want, want[1:]):  # a place the rating does not decide: the same order
        if key(a) != key(b) and a[0] in order and b[0] in order and order.index(a[0]) > order.index(b[0]):
            fails.append(f"group {g['group']}: the CLI puts {b[0]} above {a[0]}")
# the group tables as printed after the group stage
i = log.index('group tables (art. 6: match points, game points, the lower team rating):')
printed, group = {}, None
for line in log[i + 1:]:
    if not line.strip():
        break
    m = re.match(r'^Group (\w) ', line)
    if m:
        group = m.group(1); printed[group] = []; continue
    m = re.match(r'^\s+(\d+)\s+(.+?)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)$', line)
    if m:
        printed[group].append((int(m[1]), m[2], int(m[3]), int(m[4]), float(m[5]), float(m[6])))
for g in lg['groups']:
    want = [(r['place'], name[r['team']], r['played'], r['mp'], float(r['gp']), round(float(r['rating']), 1)) for r in g['table']]
    if printed.get(g['group']) != want:
        fails.append(f"group {g['group']}: printed {printed.get(g['group'])}, league_get {want}")
# the bracket as printed at the end
i = log.index('final:')
rows = {}
for line in log[i + 1:]:
    m = re.match(r'^\s+(QF\d|SF\d|F)\s+(.+?)\s+([\d.]+)\s+([\d.]+) - ([\d.]+)\s+(.+?)\s+([\d.]+)\s+-> (.+?)( \(.*\))?$', line)
    if not m:
        break
    rows[m[1]] = (m[2], float(m[3]), float(m[4]), float(m[5]), m[6], float(m[7]), m[8], bool(m[9] and 'lower team rating' in m[9]))
for b in lg['bracket']:
    r1, r2 = (round(float(x), 1) for x in b['rating'])
    want = (name[b['teams'][0]], r1, float(b['gp'][0]), float(b['gp'][1]), name[b['teams'][1]], r2, name[b['winner']], b['by'] == 'rating')
    if rows.get(b['label']) != want:
        fails.append(f"{b['label']}: printed {rows.get(b['label'])}, league_get {want}")
if not any(b['by'] == 'rating' for b in lg['bracket']):
    fails.append('no knockout match decided by the rating')
w = [l for l in log if l.startswith('the winner: ')]
if not w or w[0] != 'the winner: ' + name.get(lg['winner'], '?') or lg['status'] != 'finished':
    fails.append(f"winner: printed {w}, league_get {lg['winner']} ({lg['status']})")
for f in fails:
    print('FAIL', f)
print(f"{sum(len(v) for v in printed.values())} table rows, {len(rows)} bracket lines checked")
sys.exit(1 if fails else 0)
PY
echo ok
