#!/usr/bin/env bash
# tourney_cli.sh CLI TEST_BIN: `bughouse-tourney pair` on a TRF file gives the pairs of the
# brute-force reference (same file), in the JaVaFo format; `standings` prints every team.
set -euo pipefail
cli=$1 ref=$2 file=tests/data/tourney/event12.trf
out=$("$cli" pair "$file" 7)
count=$(head -1 <<<"$out")
lines=$(tail -n +2 <<<"$out" | wc -l)
[ "$count" = "$lines" ] || { echo "count $count but $lines pairs"; exit 1; }
got=$(tail -n +2 <<<"$out" | awk '{ if ($2 == 0 || $1 < $2) print $1, $2; else print $2, $1 }' | sort)
want=$("$ref" --ref-pair "$file" | sort)
[ "$got" = "$want" ] || { echo "pair differs from the reference:"; diff <(echo "$want") <(echo "$got"); exit 1; }
# the same kind of event as another tool writes it before round 1 (issue 14): standard records
# only (tests/data/tourney/round1-std.trf, no round entries): round 1 pairs; 12 teams in one
# bracket: 1-7 2-8 ... 6-12 (C.04.6 3.6, the first identifier), as the reference pairs it
r1=tests/data/tourney/round1-std.trf
out1=$("$cli" pair "$r1" 7) || { echo "round 1 of $r1 did not pair"; exit 1; }
got1=$(tail -n +2 <<<"$out1" | awk '{ if ($1 < $2) print $1, $2; else print $2, $1 }' | sort -n)
want1=$(printf '%s\n' "1 7" "2 8" "3 9" "4 10" "5 11" "6 12")
[ "$got1" = "$want1" ] || { echo "round 1 pairs:"; diff <(echo "$want1") <(echo "$got1"); exit 1; }
[ "$got1" = "$("$ref" --ref-pair "$r1" | sort -n)" ] || { echo "round 1 differs from the reference"; exit 1; }
std=$("$cli" standings "$file")
grep -q "Crosstable" <<<"$std"
[ "$(grep -cE '^ +[0-9]+[* ] +[0-9]+ ' <<<"$std")" = 12 ] || { echo "standings: not 12 rows"; exit 1; }
if "$cli" pair /nonexistent 2>/dev/null; then echo "missing file accepted"; exit 1; fi
# usage errors name the bad word (rc 2); a file with no team records is no tournament (rc 1)
# every subcommand's --help prints the usage (rc 0), not "--help: No such file or directory"
for sub in pair standings; do
    for h in --help -h; do
        help=$("$cli" "$sub" "$h") || { echo "$sub $h: rc $?"; exit 1; }
        grep -q '^usage: bughouse-tourney' <<<"$help" || { echo "$sub $h printed: $help"; exit 1; }
    done
done
rc=0; err=$("$cli" pairs "$file" 2>&1) || rc=$?
[ $rc = 2 ] && grep -q 'unknown command "pairs"' <<<"$err" || { echo "unknown command: rc $rc: $err"; exit 1; }
rc=0; err=$("$cli" pair "$file" xyz 2>&1) || rc=$?
[ $rc = 2 ] && grep -q 'SEED "xyz"' <<<"$err" || { echo "junk seed: rc $rc: $err"; exit 1; }
rc=0; err=$("$cli" standings README.md 2>&1) || rc=$?
[ $rc = 1 ] && grep -q 'not a tournament' <<<"$err" || { echo "README.md as TRF: rc $rc: $err"; exit 1; }
grep -q "^MP match points" <<<"$std" || { echo "standings: no legend"; exit 1; }
echo "ok: $count pairs, as the reference; round 1 of $r1 too"
