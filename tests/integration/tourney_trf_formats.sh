#!/usr/bin/env bash
# tourney_trf_formats.sh CLI: `bughouse-tourney standings` reads the TRFs of the other formats
# (tests/data/tourney/SOURCES): the club round robin's (rosters of 10 for 6 boards, an empty
# board's "0000 - +" and boards empty on both sides, its 212 ranking, team SB and its Cut-1 as TieBreakServer computes them) in
# the club's own order, with each team's match and game
# points as its 310 record gives them; a league knockout stage's (one round, two games a board
# as 20 records a team); and a team listing more players than a match has games is refused
# with the limit named at its line.
set -euo pipefail
cli=$1 club=tests/data/tourney/club-demo.trf ko=tests/data/tourney/league-qf-demo.trf
# "No MP GP" of each standings row, in the CLI's order (tb_format: the team name in columns
# 12-35, MP in 37-40, GP in 42-47)
rows() { grep -E '^ +[0-9]+[* ] +[0-9]+ ' | sed 's/\*/ /' |
    awk '{ printf "%d %d %.1f\n", $2, substr($0, 37, 4), substr($0, 42, 6) }'; }
# "No MP GP" of each 310 record (columns 5-7, 55-60, 62-67), in the order of its rank (69-71)
ranked() { grep '^310' "$1" | awk '{ print substr($0, 69, 3) + 0, substr($0, 5, 3) + 0,
    substr($0, 55, 6) + 0, substr($0, 62, 6) + 0 }' | sort -n -k1,1 -k2,2 |
    awk '{ printf "%d %d %.1f\n", $2, $3, $4 }'; }
out=$("$cli" standings "$club") || { echo "club TRF not read: $out"; exit 1; }
got=$(rows <<<"$out")
want=$(ranked "$club")
[ "$got" = "$want" ] || { echo "club standings differ from the club's:"; diff <(echo "$want") <(echo "$got"); exit 1; }
[ "$(wc -l <<<"$got")" = 6 ] || { echo "club: not 6 teams"; exit 1; }
# its last tie-break, 212's EMGSB (team SB: opponents' match points x own game points) and the
# same with Cut-1, as FIDE TEC's TieBreakServer prints them for this file (tiebreakchecker.py
# -i club-demo.trf -r, 212 "PTS MPVGP DE WIN EMGSB EMGSB/C1"), by team 5 2 1 4 6 3
last() { grep -E '^ +[0-9]+[* ] +[0-9]+ ' | awk '{ printf "%s ", $NF }'; }
[ "$(last <<<"$out")" = "79.5 68.5 75.5 74.5 75.0 67.5 " ] ||
    { echo "club SB: $(last <<<"$out")"; exit 1; }
c1=$(mktemp)
sed 's|^212 PTS MPVGP DE WIN EMGSB$|212 PTS MPVGP DE WIN EMGSB/C1|' "$club" >"$c1"
out1=$("$cli" standings "$c1") || { echo "club TRF with EMGSB/C1 not read: $out1"; exit 1; }
rm -f "$c1"
[ "$(last <<<"$out1")" = "66.0 58.0 66.5 65.5 66.0 55.5 " ] ||
    { echo "club SB-C1: $(last <<<"$out1")"; exit 1; }
out=$("$cli" standings "$ko") || { echo "knockout TRF not read: $out"; exit 1; }
got=$(rows <<<"$out" | sort -n)
want=$(ranked "$ko" | sort -n)
[ "$got" = "$want" ] || { echo "knockout points differ:"; diff <(echo "$want") <(echo "$got"); exit 1; }
grep -q '^  No       R1$' <<<"$out" || { echo "knockout: not one round (the match)"; exit 1; }
# round 2's two boards that team 3 left empty (team 5's "0000 - +") made empty on both sides
# too: both lose them (0 game points each, as the club scores "--"), so the match is 2.5-1.5 and
# still won by team 5: 7 MP, 17.5 - 2 = 15.5 GP, its round 2 cell "3b2.5"
dbl=$(mktemp)
sed -e '/^001   45 /{s/2275\( *\)2\.0/2275\11.0/;s/  0000 - +/          /}' \
    -e '/^001   46 /{s/2260\( *\)2\.5/2260\11.5/;s/  0000 - +/          /}' "$club" >"$dbl"
[ "$(diff "$club" "$dbl" | grep -c '^>')" = 2 ] || { echo "the double-empty edit did not apply"; exit 1; }
outd=$("$cli" standings "$dbl") || { echo "club TRF with boards empty on both sides not read: $outd"; exit 1; }
rm -f "$dbl"
grep -qE '^ +1\* +5  Shakhtar +7 +15\.5 ' <<<"$outd" || { echo "double-empty: $outd"; exit 1; }
grep -qE '^ +5 +2b4 +3b2\.5 ' <<<"$outd" || { echo "double-empty round 2: $outd"; exit 1; }
# team 1 listing 33 players (the limit is 32 games a match): refused at its 310 line
big=$(mktemp)
trap 'rm -f "$big"' EXIT
awk '/^310   1 / { printf "%s", substr($0, 1, 72); for (i = 1; i <= 33; i++) printf " %4d", i;
    print ""; next } { print }' "$club" >"$big"
line=$(grep -n '^310   1 ' "$big" | cut -d: -f1)
rc=0; err=$("$cli" standings "$big" 2>&1) || rc=$?
[ $rc = 1 ] && grep -q ":$line: a size or count is over its limit" <<<"$err" ||
    { echo "33 players: rc $rc: $err"; exit 1; }
echo "ok: the club TRF in the club's order, the knockout TRF one match a team, 33 players refused"
